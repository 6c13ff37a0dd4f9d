//! The search's own compact view of a Morris position: the board as bit sets, the hands, the
//! side to move, the quiet-ply counter and a Zobrist key; `Copy`, so the search makes a child by
//! copying and changing a few words, and never clones a [`Position`].

use crate::rules::morris::{
    board::bits, each_removal_set, Board, Move, Options, Point, Position, Removals, Side, Variant,
    FEWEST_MEN, MOST_REMOVALS, QUIET_PLIES_FOR_DRAW,
};

/// The most points a board may have in a bit set.
const SLOTS: usize = 32;

/// The rules of one game as the search needs them: the board's geometry as bit sets and the
/// variant's and options' switches.
pub(crate) struct Geometry {
    pub board: &'static Board,
    /// Every point.
    pub all: u32,
    /// The neighbours of each point.
    pub nb: [u32; SLOTS],
    /// Every mill line.
    pub lines: Vec<u32>,
    /// The mill lines through each point (unused slots hold `u32::MAX`, which no set fills).
    pub through: [[u32; 4]; SLOTS],
    pub through_len: [u8; SLOTS],
    /// For each point, the points that share a line with it.
    pub line_mates: [u32; SLOTS],
    pub flying: bool,
    pub mill_wins: bool,
    pub full_board_draws: bool,
    /// The most men one move removes: one, or one per mill with the option.
    pub most_removals: u32,
    pub repetition_draw: bool,
    pub fifty_move_draw: bool,
    /// Mixed into every key, so that one table may serve several rule sets.
    pub rules_key: u64,
}

impl Geometry {
    pub fn new(variant: Variant, options: Options) -> Geometry {
        let board = variant.board();
        let mut nb = [0; SLOTS];
        let mut through = [[u32::MAX; 4]; SLOTS];
        let mut through_len = [0u8; SLOTS];
        let mut line_mates = [0; SLOTS];
        for (i, slot) in nb.iter_mut().enumerate().take(board.points().len()) {
            *slot = board.neighbours(1 << i);
            for (k, &line) in board.mills_through(1 << i).iter().enumerate().take(4) {
                through[i][k] = line;
                through_len[i] = k as u8 + 1;
                line_mates[i] |= line & !(1 << i);
            }
        }
        let variant_index = Variant::ALL.iter().position(|v| *v == variant).unwrap_or(0);
        let option_bits = usize::from(options.two_removals)
            | usize::from(options.repetition_draw) << 1
            | usize::from(options.fifty_move_draw) << 2;
        Geometry {
            board,
            all: board.all(),
            nb,
            lines: board.mills().to_vec(),
            through,
            through_len,
            line_mates,
            flying: variant.flying(),
            mill_wins: variant.mill_wins(),
            full_board_draws: variant.full_board_draws(),
            most_removals: if options.two_removals {
                MOST_REMOVALS as u32
            } else {
                1
            },
            repetition_draw: options.repetition_draw,
            fifty_move_draw: options.fifty_move_draw,
            rules_key: ZOBRIST.rules[variant_index * 8 + option_bits],
        }
    }

    /// The lines through the point `i`.
    #[inline]
    pub fn lines_through(&self, i: usize) -> &[u32] {
        &self.through[i][..usize::from(self.through_len[i])]
    }

    /// The men of `men` that stand in a mill of theirs.
    #[inline]
    pub fn mill_men(&self, men: u32) -> u32 {
        let mut set = 0;
        for &line in &self.lines {
            if men & line == line {
                set |= line;
            }
        }
        set
    }

    /// The men of `men` that may be removed: those outside mills, or all when every one is in
    /// a mill.
    #[inline]
    pub fn removable(&self, men: u32) -> u32 {
        let free = men & !self.mill_men(men);
        if free != 0 {
            free
        } else {
            men
        }
    }

    /// How many mills through `to` the set `after` completes.
    #[inline]
    pub fn mills_made(&self, after: u32, to: usize) -> u32 {
        let mut made = 0;
        for &line in self.lines_through(to) {
            if after & line == line {
                made += 1;
            }
        }
        made
    }

    /// Every neighbour of every point of `set`.
    #[inline]
    pub fn neighbours_of(&self, set: u32) -> u32 {
        let mut all = 0;
        let mut rest = set;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            all |= self.nb[i];
        }
        all
    }

    /// Whether some line is filled by `men`.
    #[inline]
    pub fn has_line(&self, men: u32) -> bool {
        for &line in &self.lines {
            if men & line == line {
                return true;
            }
        }
        false
    }

    fn point(&self, i: usize) -> Point {
        self.board.point(1 << i)
    }

    fn index(&self, point: Point) -> Option<usize> {
        self.board.bit(point).map(|b| b.trailing_zeros() as usize)
    }

    /// The rules' move for a search move.
    pub fn move_of(&self, mv: Mv) -> Move {
        let mut removals = Removals::default();
        for r in mv.removals() {
            removals = removals.with(self.point(r));
        }
        let to = self.point(mv.to());
        match mv.from() {
            Some(from) => Move::Shift {
                from: self.point(from),
                to,
                removals,
            },
            None => Move::Place { to, removals },
        }
    }

    /// The search move for a rules' move (`None` for `resign`, `draw` or a point off the board).
    pub fn mv_of(&self, m: Move) -> Option<Mv> {
        let to = self.index(m.to()?)?;
        let from = match m.from() {
            Some(p) => Some(self.index(p)?),
            None => None,
        };
        let mut removed = [None; MOST_REMOVALS];
        for (slot, point) in removed.iter_mut().zip(m.removals().iter()) {
            *slot = Some(self.index(point)?);
        }
        Some(Mv::new(from, to, removed))
    }
}

/// A move of the search, packed in one word: where from (none for a placement), where to, and
/// up to three removals, in the order they are taken (six bits each).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub(crate) struct Mv(pub u32);

impl Mv {
    pub const NONE: Mv = Mv(0);

    #[inline]
    pub fn new(from: Option<usize>, to: usize, removed: [Option<usize>; MOST_REMOVALS]) -> Mv {
        let slot = |i: Option<usize>| i.map_or(0, |i| i as u32 + 1);
        let mut mv = slot(from) | (to as u32 + 1) << 6;
        for (k, r) in removed.into_iter().enumerate() {
            mv |= slot(r) << (12 + 6 * k);
        }
        Mv(mv)
    }

    #[inline]
    pub fn from(self) -> Option<usize> {
        match self.0 & 63 {
            0 => None,
            f => Some(f as usize - 1),
        }
    }

    #[inline]
    pub fn to(self) -> usize {
        ((self.0 >> 6) & 63) as usize - 1
    }

    #[inline]
    pub fn removals(self) -> impl Iterator<Item = usize> {
        [
            (self.0 >> 12) & 63,
            (self.0 >> 18) & 63,
            (self.0 >> 24) & 63,
        ]
        .into_iter()
        .filter(|r| *r != 0)
        .map(|r| r as usize - 1)
    }

    #[inline]
    pub fn is_removal(self) -> bool {
        self.0 & (63 << 12) != 0
    }

    /// An index for tables by step: from (32 for a placement) and to.
    #[inline]
    pub fn source_slot(self) -> usize {
        self.from().unwrap_or(32)
    }
}

/// The Zobrist numbers: one per man on each point, per count in hand, for the side to move,
/// and per rule set.
pub(crate) struct Zobrist {
    pub men: [[u64; SLOTS]; 2],
    pub hand: [[u64; 16]; 2],
    pub black: u64,
    pub rules: [u64; 40],
}

const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

const fn zobrist() -> Zobrist {
    let mut z = Zobrist {
        men: [[0; SLOTS]; 2],
        hand: [[0; 16]; 2],
        black: 0,
        rules: [0; 40],
    };
    let mut state = 0x0050_6172_6c6f_7572_u64;
    let mut side = 0;
    while side < 2 {
        let mut i = 0;
        while i < SLOTS {
            let (s, v) = splitmix(state);
            state = s;
            z.men[side][i] = v;
            i += 1;
        }
        let mut h = 0;
        while h < 16 {
            let (s, v) = splitmix(state);
            state = s;
            z.hand[side][h] = v;
            h += 1;
        }
        side += 1;
    }
    let (s, v) = splitmix(state);
    state = s;
    z.black = v;
    let mut r = 0;
    while r < 40 {
        let (s, v) = splitmix(state);
        state = s;
        z.rules[r] = v;
        r += 1;
    }
    z
}

pub(crate) static ZOBRIST: Zobrist = zobrist();

/// How a game stands for the side to move when it is over.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Over {
    Lost,
    Drawn,
}

/// A position as the search sees it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Node {
    pub men: [u32; 2],
    pub hand: [u8; 2],
    /// 0 when White is to move, 1 for Black.
    pub stm: u8,
    /// Plies in the moving phase since the last mill.
    pub quiet: u16,
    pub hash: u64,
}

impl Node {
    pub fn from_position(position: &Position, g: &Geometry) -> Node {
        let men = [
            position.men_bits(Side::White),
            position.men_bits(Side::Black),
        ];
        let hand = [position.in_hand(Side::White), position.in_hand(Side::Black)];
        let stm = position.to_move().index() as u8;
        Node {
            men,
            hand,
            stm,
            quiet: position.quiet_plies(),
            hash: hash_of(men, hand, stm, g),
        }
    }

    /// The Zobrist key of a [`Position::key`] (for the game's history of positions).
    pub fn hash_of_key(key: u64, g: &Geometry) -> u64 {
        let men = [(key & 0xff_ffff) as u32, ((key >> 24) & 0xff_ffff) as u32];
        let hand = [((key >> 48) & 15) as u8, ((key >> 52) & 15) as u8];
        hash_of(men, hand, ((key >> 56) & 1) as u8, g)
    }

    #[inline]
    pub fn empty(&self, g: &Geometry) -> u32 {
        g.all & !(self.men[0] | self.men[1])
    }

    /// Whether `side` flies (Morelles, three men left, none in hand).
    #[inline]
    pub fn flies(&self, side: usize, g: &Geometry) -> bool {
        g.flying && self.hand[side] == 0 && self.men[side].count_ones() == u32::from(FEWEST_MEN)
    }

    /// The position after `mv` (a legal move of the side to move).
    #[inline]
    pub fn make(&self, mv: Mv) -> Node {
        let s = usize::from(self.stm);
        let o = 1 - s;
        let z = &ZOBRIST;
        let mut n = *self;
        let to = mv.to();
        match mv.from() {
            Some(from) => {
                n.men[s] ^= 1 << from | 1 << to;
                n.hash ^= z.men[s][from] ^ z.men[s][to];
                n.quiet = n.quiet.saturating_add(1);
            }
            None => {
                let h = usize::from(n.hand[s]);
                n.men[s] |= 1 << to;
                n.hash ^= z.men[s][to] ^ z.hand[s][h] ^ z.hand[s][h - 1];
                n.hand[s] -= 1;
            }
        }
        for r in mv.removals() {
            n.men[o] &= !(1 << r);
            n.hash ^= z.men[o][r];
            n.quiet = 0;
        }
        n.stm ^= 1;
        n.hash ^= z.black;
        n
    }

    /// Whether the side to move has a move at all.
    #[inline]
    pub fn has_a_move(&self, g: &Geometry) -> bool {
        let s = usize::from(self.stm);
        let empty = self.empty(g);
        if empty == 0 {
            return false;
        }
        if self.hand[s] > 0 || self.flies(s, g) {
            return true;
        }
        g.neighbours_of(self.men[s]) & empty != 0
    }

    /// Whether the game is over in this position, from the point of view of the side to move,
    /// in the order the rules judge it; `repeated` says whether the position counts as repeated.
    /// A win outranks a draw.
    #[inline]
    pub fn over(&self, g: &Geometry, repeated: impl FnOnce() -> bool) -> Option<Over> {
        let s = usize::from(self.stm);
        if g.mill_wins && g.has_line(self.men[1 - s]) {
            return Some(Over::Lost);
        }
        if self.men[s].count_ones() + u32::from(self.hand[s]) < u32::from(FEWEST_MEN) {
            return Some(Over::Lost);
        }
        let full = self.men[0] | self.men[1] == g.all;
        if g.full_board_draws && full {
            return Some(Over::Drawn);
        }
        if !self.has_a_move(g) {
            return Some(Over::Lost);
        }
        if g.repetition_draw && repeated() {
            return Some(Over::Drawn);
        }
        if g.fifty_move_draw && self.quiet >= QUIET_PLIES_FOR_DRAW {
            return Some(Over::Drawn);
        }
        None
    }

    /// Appends every legal move of the side to move to `out`, as [`Position::legal_moves`]
    /// lists them (the same removals, each set of men removed once).
    pub fn generate(&self, g: &Geometry, out: &mut Vec<Mv>) {
        let s = usize::from(self.stm);
        let (own, opp) = (self.men[s], self.men[1 - s]);
        let empty = self.empty(g);
        let most = g.most_removals.min(opp.count_ones());
        // Computed when a move first closes a mill.
        let mut removable = None;
        let mut add = |from: Option<usize>, to: usize, out: &mut Vec<Mv>| {
            let after = own & !from.map_or(0, |f| 1 << f) | 1 << to;
            let due = if g.mill_wins {
                0
            } else {
                g.mills_made(after, to).min(most)
            };
            if due == 0 {
                out.push(Mv::new(from, to, [None; MOST_REMOVALS]));
                return;
            }
            let first = *removable.get_or_insert_with(|| g.removable(opp));
            if due == 1 {
                for r in bits(first) {
                    out.push(Mv::new(from, to, [Some(idx(r)), None, None]));
                }
            } else {
                each_removal_set(
                    due as usize,
                    opp,
                    |men| g.removable(men),
                    |set| {
                        let mut removed = [None; MOST_REMOVALS];
                        for (slot, man) in removed.iter_mut().zip(set) {
                            *slot = Some(idx(*man));
                        }
                        out.push(Mv::new(from, to, removed));
                    },
                );
            }
        };
        if self.hand[s] > 0 {
            for to in bits(empty) {
                add(None, idx(to), out);
            }
        } else if self.flies(s, g) {
            for from in bits(own) {
                for to in bits(empty) {
                    add(Some(idx(from)), idx(to), out);
                }
            }
        } else {
            for from in bits(own) {
                let f = idx(from);
                for to in bits(g.nb[f] & empty) {
                    add(Some(f), idx(to), out);
                }
            }
        }
    }

    /// Whether this node is the same as `position`.
    #[cfg(test)]
    pub fn matches(&self, position: &Position) -> bool {
        self.men
            == [
                position.men_bits(Side::White),
                position.men_bits(Side::Black),
            ]
            && self.hand == [position.in_hand(Side::White), position.in_hand(Side::Black)]
            && usize::from(self.stm) == position.to_move().index()
            && self.quiet == position.quiet_plies()
    }
}

#[inline]
fn idx(bit: u32) -> usize {
    bit.trailing_zeros() as usize
}

fn hash_of(men: [u32; 2], hand: [u8; 2], stm: u8, g: &Geometry) -> u64 {
    let z = &ZOBRIST;
    let mut hash = g.rules_key;
    for side in 0..2 {
        for b in bits(men[side]) {
            hash ^= z.men[side][idx(b)];
        }
        hash ^= z.hand[side][usize::from(hand[side]) & 15];
    }
    if stm == 1 {
        hash ^= z.black;
    }
    hash
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Dice;

    /// A placement that closes three mills (Twelve Men's b2) takes three men with the option:
    /// the search lists the same sets of men as the rules, and plays them as the rules do.
    #[test]
    fn node_takes_three_men_for_a_triple_mill() {
        let options = Options {
            two_removals: true,
            ..Options::default()
        };
        let g = Geometry::new(Variant::TwelveMens, options);
        let mut position = Position::new(Variant::TwelveMens, options);
        for m in "d2 g7 f2 g4 b4 e5 b6 d5 a1 d6 c3 f4".split(' ') {
            position.play(m.parse().expect("a move")).expect(m);
        }
        let node = Node::from_position(&position, &g);
        let mut ours = Vec::new();
        node.generate(&g, &mut ours);
        let triple: Vec<Mv> = ours
            .into_iter()
            .filter(|mv| mv.removals().count() == 3)
            .collect();
        assert_eq!(
            triple.len(),
            20,
            "b2 with each set of three of Black's six men"
        );
        for mv in triple {
            let m = g.move_of(mv);
            assert_eq!(g.mv_of(m), Some(mv));
            let mut after = position.clone();
            after.play(m).expect("the rules take it");
            assert!(node.make(mv).matches(&after), "{m}");
        }
    }

    /// The search's move generator and its way of playing a move agree with the rules in
    /// random games of every variant and option set.
    #[test]
    fn node_agrees_with_the_rules() {
        let mut dice = Dice::new(7);
        for variant in Variant::ALL {
            for bits in 0..8 {
                let options = Options {
                    two_removals: bits & 1 != 0,
                    repetition_draw: bits & 2 != 0,
                    fifty_move_draw: bits & 4 != 0,
                };
                let g = Geometry::new(variant, options);
                for _ in 0..6 {
                    let mut position = Position::new(variant, options);
                    let mut node = Node::from_position(&position, &g);
                    let mut plies = 0;
                    while position.ending().is_none() && plies < 300 {
                        assert!(node.matches(&position));
                        assert_eq!(
                            node.hash,
                            Node::hash_of_key(position.key(), &g),
                            "incremental key"
                        );
                        assert_eq!(node.over(&g, || false), None);
                        let legal = position.legal_moves();
                        let mut ours = Vec::new();
                        node.generate(&g, &mut ours);
                        let mut ours: Vec<Move> = ours.into_iter().map(|m| g.move_of(m)).collect();
                        let mut theirs = legal.clone();
                        ours.sort_by_key(|m| m.to_string());
                        theirs.sort_by_key(|m| m.to_string());
                        assert_eq!(ours, theirs, "{variant:?} {options:?} after {plies} plies");
                        let m = legal[dice.below(legal.len())];
                        let mv = g.mv_of(m).expect("a legal move converts");
                        assert_eq!(g.move_of(mv), m);
                        node = node.make(mv);
                        position.play(m).expect("legal");
                        plies += 1;
                    }
                    if let Some(ending) = position.ending() {
                        let history: Vec<u64> = position.history().to_vec();
                        let repeated = || {
                            let key = position.key();
                            history.iter().filter(|k| **k == key).count() >= 3
                        };
                        let over = node.over(&g, repeated);
                        let expected = if ending.winner().is_some() {
                            Over::Lost
                        } else {
                            Over::Drawn
                        };
                        assert_eq!(over, Some(expected), "{ending:?}");
                    }
                }
            }
        }
    }
}
