//! Perft for Morris: the number of move sequences of a given number of whole turns (removals
//! are part of a turn; `resign` and `draw` are not counted).
//!
//! How the expected counts were obtained:
//! - From the start, the first plies are closed forms: no mill can be made before a side's third
//!   man (ply 5), so every ply places a man on any vacant point: on the 24-point boards 24,
//!   24*23, 24*23*22, 24*23*22*21; on Six Men's 16 points 16, 16*15, 16*15*14, 16*15*14*13; on
//!   Three Men's 9 points 9, 9*8, 9*8*7, 9*8*7*6.
//! - Depth 5 from the start is worked out by hand too: every sequence of five placements, and
//!   every sequence in which White's three men fill a line counts once more, because the mill
//!   takes either of Black's two men (neither can be in a mill). Those are (lines) x (3! orders
//!   of White's men) x (ordered places of Black's two men off the line). Nine Men's:
//!   24*23*22*21*20 + 16*6*21*20 = 5 140 800. Twelve Men's, whose diagonals make 20 lines:
//!   24*23*22*21*20 + 20*6*21*20 = 5 150 880. Six Men's, whose 8 lines are the sides of the
//!   squares: 16*15*14*13*12 + 8*6*13*12 = 531 648.
//! - Three Men's Morris removes nothing: a line wins at once. So depth 5 is 9*8*7*6*5 = 15 120
//!   (a winning placement is still one move), and depth 6 counts the last placement, on one of
//!   the 4 vacant points, only where White has not already won: the 8*3!*(6*5) = 1 440
//!   sequences in which White's men fill a line at ply 5 end there, so (15 120 - 1 440) * 4 =
//!   54 720. Black then fills a line at ply 6, over Black's 8 lines, in 3!*(6*5*4 - 3!*d)
//!   sequences each, d being the lines clear of Black's on which White would have won at ply 5
//!   (2 for a row or a column, 0 for a diagonal): 8*720 - 36*12 = 5 328; 6 768 wins by three in
//!   a row in all.
//! - Everything else is counted at test time by [`reference`], a second, deliberately naive
//!   implementation of `rules/morris.md` written for this file only (points as strings, each
//!   board's lines and links typed in from the rules, men as sets of names, every position of the
//!   game kept for the repetition rule). It shares no code with the crate's move generator, so the
//!   crate's `perft` must agree with it, and so must the endings the crate finds below a
//!   position (three in a row, board full). The counts it gave are also written down below, so
//!   that a change to either side shows at once.
//! - The golden records of `tests/golden/morris/` are replayed by the reference too: the legal
//!   moves, scores and ending it finds must be those of the expected reports.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

use parlour::record::Record;
use parlour::rules::morris::{perft, Options, Position, Side, Variant};
use serde_json::Value;

mod reference {
    //! A slow, plain implementation of Morris, for checking the crate against.

    use std::collections::{BTreeMap, BTreeSet};
    use std::sync::LazyLock;

    /// The 16 lines of the 24-point board in `rules/morris.md`, rows then columns, as written
    /// there.
    pub const LINES: [[&str; 3]; 16] = [
        ["a7", "d7", "g7"],
        ["b6", "d6", "f6"],
        ["c5", "d5", "e5"],
        ["a4", "b4", "c4"],
        ["e4", "f4", "g4"],
        ["c3", "d3", "e3"],
        ["b2", "d2", "f2"],
        ["a1", "d1", "g1"],
        ["a1", "a4", "a7"],
        ["b2", "b4", "b6"],
        ["c3", "c4", "c5"],
        ["d5", "d6", "d7"],
        ["d1", "d2", "d3"],
        ["e3", "e4", "e5"],
        ["f2", "f4", "f6"],
        ["g1", "g4", "g7"],
    ];

    /// The four corner diagonals that Twelve Men's Morris adds to the 24-point board: lines like
    /// the others, which make mills and carry moves.
    pub const DIAGONALS: [[&str; 3]; 4] = [
        ["a1", "b2", "c3"],
        ["g1", "f2", "e3"],
        ["a7", "b6", "c5"],
        ["g7", "f6", "e5"],
    ];

    /// Six Men's Morris: the eight sides of its two squares, named on a 5 x 5 grid (outer
    /// square a1 e1 e5 a5, inner square b2 d2 d4 b4). Only these make mills.
    pub const SIX_LINES: [[&str; 3]; 8] = [
        ["a5", "c5", "e5"],
        ["b4", "c4", "d4"],
        ["b2", "c2", "d2"],
        ["a1", "c1", "e1"],
        ["a1", "a3", "a5"],
        ["b2", "b3", "b4"],
        ["d2", "d3", "d4"],
        ["e1", "e3", "e5"],
    ];

    /// The four short links between Six Men's two squares: men move along them, but they make
    /// no mill.
    pub const SIX_LINKS: [[&str; 2]; 4] = [["a3", "b3"], ["d3", "e3"], ["c5", "c4"], ["c1", "c2"]];

    /// Three Men's Morris: the rows, columns and both diagonals of a 3 x 3 grid.
    pub const THREE_LINES: [[&str; 3]; 8] = [
        ["a1", "b1", "c1"],
        ["a2", "b2", "c2"],
        ["a3", "b3", "c3"],
        ["a1", "a2", "a3"],
        ["b1", "b2", "b3"],
        ["c1", "c2", "c3"],
        ["a1", "b2", "c3"],
        ["a3", "b2", "c1"],
    ];

    /// A board: its points, which points are next to which, and the lines through each point.
    #[derive(Debug)]
    pub struct Board {
        points: Vec<&'static str>,
        neighbours: BTreeMap<&'static str, Vec<&'static str>>,
        lines_through: BTreeMap<&'static str, Vec<[&'static str; 3]>>,
    }

    impl Board {
        fn new(lines: &[[&'static str; 3]], links: &[[&'static str; 2]]) -> Board {
            let mut neighbours: BTreeMap<&'static str, Vec<&'static str>> = BTreeMap::new();
            let mut join = |a: &'static str, b: &'static str| {
                neighbours.entry(a).or_default().push(b);
                neighbours.entry(b).or_default().push(a);
            };
            for line in lines {
                join(line[0], line[1]);
                join(line[1], line[2]);
            }
            for link in links {
                join(link[0], link[1]);
            }
            let mut lines_through: BTreeMap<&'static str, Vec<[&'static str; 3]>> = BTreeMap::new();
            for line in lines {
                for p in line {
                    lines_through.entry(p).or_default().push(*line);
                }
            }
            let points: BTreeSet<&'static str> = neighbours.keys().copied().collect();
            for p in &points {
                lines_through.entry(p).or_default();
            }
            Board {
                points: points.into_iter().collect(),
                neighbours,
                lines_through,
            }
        }
    }

    static NINE_MENS: LazyLock<Board> = LazyLock::new(|| Board::new(&LINES, &[]));
    static TWELVE_MENS: LazyLock<Board> = LazyLock::new(|| {
        let lines: Vec<[&'static str; 3]> = LINES.iter().chain(&DIAGONALS).copied().collect();
        Board::new(&lines, &[])
    });
    static SIX_MENS: LazyLock<Board> = LazyLock::new(|| Board::new(&SIX_LINES, &SIX_LINKS));
    static THREE_MENS: LazyLock<Board> = LazyLock::new(|| Board::new(&THREE_LINES, &[]));

    /// The rules in force: the variant's board, men and ways of ending, and the options.
    #[derive(Clone, Copy, Debug)]
    pub struct Rules {
        board: &'static Board,
        men: usize,
        flying: bool,
        /// The first line wins at once and nothing is ever removed (Three Men's Morris).
        line_wins: bool,
        /// A board filled up draws (Twelve Men's Morris).
        full_board_draws: bool,
        pub two_removals: bool,
        pub repetition_draw: bool,
        pub fifty_move_draw: bool,
    }

    impl Rules {
        /// The rules of the variant named `name` in records, typed in from the rules (not read
        /// from the crate), with the default options.
        pub fn of(name: &str) -> Rules {
            let board: &'static Board = match name {
                "morrice" | "morelles" => &NINE_MENS,
                "six-mens" => &SIX_MENS,
                "twelve-mens" => &TWELVE_MENS,
                "three-mens" => &THREE_MENS,
                _ => panic!("the reference knows no variant {name:?}"),
            };
            let men = match name {
                "six-mens" => 6,
                "twelve-mens" => 12,
                "three-mens" => 3,
                _ => 9,
            };
            Rules {
                board,
                men,
                flying: name == "morelles",
                line_wins: name == "three-mens",
                full_board_draws: name == "twelve-mens",
                two_removals: false,
                repetition_draw: true,
                fifty_move_draw: true,
            }
        }

        /// The same rules with the two-removals option set.
        pub fn two_removals(self, two_removals: bool) -> Rules {
            Rules {
                two_removals,
                ..self
            }
        }
    }

    /// One whole turn: where the man comes from (none when placed), where it goes, and which
    /// opposing men are removed (as a set: the order does not change the position).
    #[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Debug)]
    pub struct Turn {
        pub from: Option<&'static str>,
        pub to: &'static str,
        pub removed: BTreeSet<&'static str>,
    }

    impl Turn {
        /// The turn in the rules' notation, removals in alphabetical order.
        pub fn text(&self) -> String {
            let mut text = match self.from {
                Some(from) => format!("{from}-{}", self.to),
                None => self.to.to_string(),
            };
            for r in &self.removed {
                text.push('x');
                text.push_str(r);
            }
            text
        }
    }

    type Snapshot = (Vec<&'static str>, Vec<&'static str>, [usize; 2], usize);

    #[derive(Clone, Debug)]
    pub struct Game {
        rules: Rules,
        men: [BTreeSet<&'static str>; 2],
        hand: [usize; 2],
        to_move: usize,
        /// Moving-phase plies since the last removal.
        quiet: usize,
        /// Every position of the game so far, the current one last.
        seen: Vec<Snapshot>,
        pub over: Option<&'static str>,
    }

    impl Game {
        pub fn start(rules: Rules) -> Game {
            Game::setup(rules, &[], &[], [rules.men, rules.men], 0)
        }

        pub fn setup(
            rules: Rules,
            white: &[&'static str],
            black: &[&'static str],
            hand: [usize; 2],
            to_move: usize,
        ) -> Game {
            let mut game = Game {
                rules,
                men: [
                    white.iter().copied().collect(),
                    black.iter().copied().collect(),
                ],
                hand,
                to_move,
                quiet: 0,
                seen: Vec::new(),
                over: None,
            };
            game.seen.push(game.snapshot());
            let line = rules.line_wins && game.has_a_line(1 - to_move);
            game.judge(line);
            game
        }

        fn snapshot(&self) -> Snapshot {
            let sorted = |set: &BTreeSet<&'static str>| set.iter().copied().collect();
            (
                sorted(&self.men[0]),
                sorted(&self.men[1]),
                self.hand,
                self.to_move,
            )
        }

        fn vacant(&self, p: &str) -> bool {
            !self.men[0].contains(p) && !self.men[1].contains(p)
        }

        fn in_a_mill(&self, men: &BTreeSet<&'static str>, p: &str) -> bool {
            self.rules.board.lines_through[p]
                .iter()
                .any(|line| line.iter().all(|q| men.contains(q)))
        }

        fn has_a_line(&self, side: usize) -> bool {
            self.men[side]
                .iter()
                .any(|p| self.in_a_mill(&self.men[side], p))
        }

        /// The men that may be taken: those not in a mill, or all of them when all are.
        fn removable(&self, men: &BTreeSet<&'static str>) -> Vec<&'static str> {
            let free: Vec<&'static str> = men
                .iter()
                .copied()
                .filter(|p| !self.in_a_mill(men, p))
                .collect();
            if free.is_empty() {
                men.iter().copied().collect()
            } else {
                free
            }
        }

        fn flies(&self, side: usize) -> bool {
            self.rules.flying && self.hand[side] == 0 && self.men[side].len() == 3
        }

        /// Where the side's men may go, removals aside.
        fn steps(&self, side: usize) -> Vec<(Option<&'static str>, &'static str)> {
            let board = self.rules.board;
            let vacant: Vec<&'static str> = board
                .points
                .iter()
                .copied()
                .filter(|p| self.vacant(p))
                .collect();
            let mut steps = Vec::new();
            if self.hand[side] > 0 {
                for &to in &vacant {
                    steps.push((None, to));
                }
            } else {
                for &from in &self.men[side] {
                    for &to in &vacant {
                        if self.flies(side) || board.neighbours[from].contains(&to) {
                            steps.push((Some(from), to));
                        }
                    }
                }
            }
            steps
        }

        fn can_move(&self, side: usize) -> bool {
            let board = self.rules.board;
            if self.hand[side] > 0 || self.flies(side) {
                board.points.iter().any(|p| self.vacant(p))
            } else {
                self.men[side]
                    .iter()
                    .any(|from| board.neighbours[from].iter().any(|p| self.vacant(p)))
            }
        }

        /// Whether the mover's men, after `from` goes to `to`, fill a line through `to`.
        fn lines_made(&self, from: Option<&str>, to: &str) -> usize {
            let me = self.to_move;
            let mine = |q: &&str| *q == to || (Some(*q) != from && self.men[me].contains(q));
            self.rules.board.lines_through[to]
                .iter()
                .filter(|line| line.iter().all(mine))
                .count()
        }

        /// Every legal turn of the side to move.
        pub fn turns(&self) -> Vec<Turn> {
            if self.over.is_some() {
                return Vec::new();
            }
            let me = self.to_move;
            let them = &self.men[1 - me];
            let mut turns = Vec::new();
            for (from, to) in self.steps(me) {
                // One man, or one man for each line made with the option.
                let made = self.lines_made(from, to);
                let most = if self.rules.two_removals { made } else { 1 };
                let due = if self.rules.line_wins {
                    0
                } else {
                    made.min(most).min(them.len())
                };
                let turn = |removed: &[&'static str]| Turn {
                    from,
                    to,
                    removed: removed.iter().copied().collect(),
                };
                // One man after another from what is left: the rule applies to each.
                let mut orders: Vec<Vec<&'static str>> = vec![Vec::new()];
                for _ in 0..due {
                    orders = orders
                        .into_iter()
                        .flat_map(|taken| {
                            let mut left = them.clone();
                            for r in &taken {
                                left.remove(r);
                            }
                            self.removable(&left).into_iter().map(move |s| {
                                let mut more = taken.clone();
                                more.push(s);
                                more
                            })
                        })
                        .collect();
                }
                turns.extend(orders.iter().map(|order| turn(order)));
            }
            // The same men taken in another order are the same turn.
            if self.rules.two_removals {
                turns.sort();
                turns.dedup();
            }
            turns
        }

        pub fn play(&mut self, turn: &Turn) {
            let me = self.to_move;
            let line = self.rules.line_wins && self.lines_made(turn.from, turn.to) > 0;
            match turn.from {
                Some(from) => {
                    self.men[me].remove(from);
                    self.quiet += 1;
                }
                None => self.hand[me] -= 1,
            }
            self.men[me].insert(turn.to);
            for r in &turn.removed {
                self.men[1 - me].remove(r);
            }
            if !turn.removed.is_empty() {
                self.quiet = 0;
            }
            self.to_move = 1 - me;
            self.seen.push(self.snapshot());
            self.judge(line);
        }

        /// Plays a turn written in notation, removals in the order given (each must be legal
        /// when it is made), or `resign` or `draw`.
        pub fn play_text(&mut self, text: &str) -> Result<(), String> {
            match text {
                "resign" => {
                    self.over = Some("resigned");
                    return Ok(());
                }
                "draw" => {
                    self.over = Some("agreed");
                    return Ok(());
                }
                _ => {}
            }
            let (step, removals) = match text.split_once('x') {
                Some((step, rest)) => (step, rest.split('x').collect::<Vec<_>>()),
                None => (text, Vec::new()),
            };
            let (from, to) = match step.split_once('-') {
                Some((from, to)) => (Some(from), to),
                None => (None, step),
            };
            let turn = self
                .turns()
                .into_iter()
                .find(|t| {
                    t.from == from
                        && t.to == to
                        && t.removed.len() == removals.len()
                        && removals.iter().all(|r| t.removed.contains(*r))
                })
                .ok_or_else(|| format!("{text} is not legal in the reference"))?;
            let mut left = self.men[1 - self.to_move].clone();
            for r in &removals {
                if !self.removable(&left).iter().any(|p| p == r) {
                    return Err(format!("{text}: {r} may not be taken at that point"));
                }
                left.remove(*r);
            }
            self.play(&turn);
            Ok(())
        }

        /// Decides whether the game is over for the side now to move; `line` says whether the
        /// turn just played made a line that wins (Three Men's Morris). A win is looked for
        /// before a draw.
        fn judge(&mut self, line: bool) {
            let side = self.to_move;
            let full = self.rules.board.points.iter().all(|p| !self.vacant(p));
            // The position now is the last one seen.
            let now = self.seen.last().expect("the game has a position");
            self.over = if line {
                Some("three in a row")
            } else if self.men[side].len() + self.hand[side] < 3 {
                Some("two men left")
            } else if self.rules.full_board_draws && full {
                Some("board full")
            } else if !self.can_move(side) {
                Some("no legal move")
            } else if self.rules.repetition_draw
                && self.seen.iter().filter(|s| *s == now).count() >= 3
            {
                Some("threefold repetition")
            } else if self.rules.fifty_move_draw && self.quiet >= 100 {
                Some("50 moves without a mill")
            } else {
                None
            };
        }

        /// The winners by seat number from 1 (both for a draw), once the game is over.
        pub fn winners(&self) -> Option<Vec<usize>> {
            let loser = self.to_move;
            match self.over? {
                "two men left" | "no legal move" | "resigned" | "three in a row" => {
                    Some(vec![2 - loser])
                }
                _ => Some(vec![1, 2]),
            }
        }

        /// The men each side still has, on the board and in hand.
        pub fn scores(&self) -> [usize; 2] {
            [0, 1].map(|side| self.men[side].len() + self.hand[side])
        }

        /// The side to move, by seat number from 1.
        pub fn to_move(&self) -> usize {
            self.to_move + 1
        }

        /// Plays a turn, calls `below` on the game after it, and takes the turn back.
        fn try_turn<T>(&mut self, turn: &Turn, below: impl FnOnce(&mut Game) -> T) -> T {
            let saved = (self.hand, self.to_move, self.quiet, self.over);
            self.play(turn);
            let result = below(self);
            self.seen.pop();
            (self.hand, self.to_move, self.quiet, self.over) = saved;
            let me = self.to_move;
            self.men[me].remove(turn.to);
            if let Some(from) = turn.from {
                self.men[me].insert(from);
            }
            self.men[1 - me].extend(turn.removed.iter().copied());
            result
        }

        /// Perft, by playing each turn on the game and taking it back.
        pub fn perft(&mut self, depth: u32) -> u64 {
            if depth == 0 {
                return 1;
            }
            let turns = self.turns();
            if depth == 1 {
                return turns.len() as u64;
            }
            turns
                .iter()
                .map(|turn| self.try_turn(turn, |next| next.perft(depth - 1)))
                .sum()
        }

        /// Perft below each turn, by the turn's notation.
        pub fn divide(&self, depth: u32) -> Vec<(String, u64)> {
            self.turns()
                .iter()
                .map(|turn| {
                    let mut next = self.clone();
                    next.play(turn);
                    (turn.text(), next.perft(depth - 1))
                })
                .collect()
        }

        /// How many sequences of at most `depth` turns end the game, by the reason it ends.
        pub fn endings(&mut self, depth: u32) -> BTreeMap<String, u64> {
            let mut tally = BTreeMap::new();
            self.count_endings(depth, &mut tally);
            tally
        }

        fn count_endings(&mut self, depth: u32, tally: &mut BTreeMap<String, u64>) {
            if depth == 0 {
                return;
            }
            for turn in self.turns() {
                self.try_turn(&turn, |next| match next.over {
                    Some(reason) => *tally.entry(reason.to_string()).or_default() += 1,
                    None => next.count_endings(depth - 1, tally),
                });
            }
        }
    }
}

use reference::Rules;

/// Perft below each legal move of the crate, by the move's notation with the removals in
/// alphabetical order (as the reference writes them).
fn crate_divide(position: &Position, depth: u32) -> BTreeMap<String, u64> {
    position
        .legal_moves()
        .into_iter()
        .map(|m| {
            let mut next = position.clone();
            next.play(m).expect("a listed move plays");
            (sorted_removals(&m.to_string()), perft(&next, depth - 1))
        })
        .collect()
}

/// A move's notation with its removals in alphabetical order.
fn sorted_removals(text: &str) -> String {
    let mut parts: Vec<&str> = text.split('x').collect();
    parts[1..].sort();
    parts.join("x")
}

/// Compares the crate with the reference at every depth up to the last of `expected`, and both
/// with the counts written down; on a difference, names the first move whose subtree differs.
fn check(name: &str, position: &Position, reference: &reference::Game, expected: &[u64]) {
    for (i, &count) in expected.iter().enumerate() {
        let depth = i as u32 + 1;
        let ours = perft(position, depth);
        let theirs = reference.clone().perft(depth);
        if ours != theirs {
            let mine = crate_divide(position, depth);
            let other: BTreeMap<String, u64> = reference.divide(depth).into_iter().collect();
            let first = mine
                .iter()
                .find(|(m, n)| other.get(*m) != Some(n))
                .map(|(m, n)| format!("{m}: crate {n}, reference {:?}", other.get(m)))
                .or_else(|| {
                    other
                        .iter()
                        .find(|(m, _)| !mine.contains_key(*m))
                        .map(|(m, n)| format!("{m}: missing from the crate (reference {n})"))
                })
                .unwrap_or_default();
            panic!(
                "perft {name} depth {depth}: the crate counts {ours}, the reference {theirs}; first difference {first}"
            );
        }
        assert_eq!(
            ours, count,
            "perft {name} depth {depth}: crate and reference agree on {ours}, but the written count is {count}"
        );
    }
}

/// How many sequences of at most `depth` moves from `position` end the game, by the reason the
/// crate gives.
fn crate_endings(position: &Position, depth: u32) -> BTreeMap<String, u64> {
    fn walk(position: &Position, depth: u32, tally: &mut BTreeMap<String, u64>) {
        if depth == 0 {
            return;
        }
        for m in position.legal_moves() {
            let mut next = position.clone();
            next.play(m).expect("a listed move plays");
            match next.ending() {
                Some(ending) => *tally.entry(ending.reason().to_string()).or_default() += 1,
                None => walk(&next, depth - 1, tally),
            }
        }
    }
    let mut tally = BTreeMap::new();
    walk(position, depth, &mut tally);
    tally
}

/// The endings below a position agree between the crate and the reference, and with the
/// tally written down.
fn check_endings(
    name: &str,
    position: &Position,
    reference: &reference::Game,
    depth: u32,
    expected: &[(&str, u64)],
) {
    let ours = crate_endings(position, depth);
    let theirs = reference.clone().endings(depth);
    assert_eq!(
        ours, theirs,
        "endings {name} within {depth} moves: the crate finds {ours:?}, the reference {theirs:?}"
    );
    let expected: BTreeMap<String, u64> = expected
        .iter()
        .map(|(reason, n)| (reason.to_string(), *n))
        .collect();
    assert_eq!(
        ours, expected,
        "endings {name} within {depth} moves: crate and reference agree, but not with the written tally"
    );
}

fn options(two_removals: bool) -> Options {
    Options {
        two_removals,
        ..Options::default()
    }
}

fn record(variant: &str, options: &str, moves: &[&str]) -> Record {
    let text = format!(
        r#"{{"format": "parlour-record", "version": 1, "game": "morris", "variant": "{variant}",
            "options": {options}, "players": [{{"name": "A", "kind": "human"}}, {{"name": "B", "kind": "human"}}],
            "moves": {}}}"#,
        serde_json::to_string(moves).unwrap()
    );
    Record::from_json(&text).expect("the test record reads")
}

/// The reference's rules for a variant and options (the variant by its name in records).
fn reference_rules(variant: Variant, options: Options) -> Rules {
    let mut rules = Rules::of(variant.name()).two_removals(options.two_removals);
    rules.repetition_draw = options.repetition_draw;
    rules.fifty_move_draw = options.fifty_move_draw;
    rules
}

/// The position after `moves`, from the crate (through a record's header, as the native tool
/// opens one) and from the reference (replaying the same notation itself).
fn after_moves(variant: Variant, options: Options, moves: &[&str]) -> (Position, reference::Game) {
    let options_json = serde_json::to_string(&options).unwrap();
    let header = record(variant.name(), &options_json, &[]);
    let mut position = header.start_morris().expect("the header opens");
    for text in moves {
        position
            .play(text.parse().expect("the test moves read"))
            .unwrap_or_else(|e| panic!("{text} should replay: {e}"));
    }
    let mut reference = reference::Game::start(reference_rules(variant, options));
    for text in moves {
        reference
            .play_text(text)
            .unwrap_or_else(|e| panic!("the reference refuses {text}: {e}"));
    }
    (position, reference)
}

// ---------------------------------------------------------------------------------------------
// From the start

const FROM_START: [u64; 5] = [24, 552, 12_144, 255_024, 5_140_800];
const SIX_MENS_FROM_START: [u64; 5] = [16, 240, 3_360, 43_680, 531_648];
const TWELVE_MENS_FROM_START: [u64; 5] = [24, 552, 12_144, 255_024, 5_150_880];
const THREE_MENS_FROM_START: [u64; 6] = [9, 72, 504, 3_024, 15_120, 54_720];

/// Each variant's counts from the start.
fn from_start(variant: Variant) -> &'static [u64] {
    match variant {
        Variant::Morrice | Variant::Morelles => &FROM_START,
        Variant::SixMens => &SIX_MENS_FROM_START,
        Variant::TwelveMens => &TWELVE_MENS_FROM_START,
        Variant::ThreeMens => &THREE_MENS_FROM_START,
    }
}

#[test]
fn perft_from_the_start_follows_the_closed_forms() {
    let closed = [24, 24 * 23, 24 * 23 * 22, 24 * 23 * 22 * 21];
    assert_eq!(
        FROM_START[..4],
        closed,
        "perft: no mill before ply 5, so every ply places anywhere vacant"
    );
    assert_eq!(
        FROM_START[4],
        24 * 23 * 22 * 21 * 20 + 16 * 6 * 21 * 20,
        "perft: depth 5 is every placement, plus one more for each mill closed on ply 5"
    );
    assert_eq!(
        TWELVE_MENS_FROM_START,
        [
            24,
            24 * 23,
            24 * 23 * 22,
            24 * 23 * 22 * 21,
            24 * 23 * 22 * 21 * 20 + 20 * 6 * 21 * 20
        ],
        "perft Twelve Men's: as Nine Men's, with 20 lines (the diagonals) for the mills of ply 5"
    );
    assert_eq!(
        SIX_MENS_FROM_START,
        [
            16,
            16 * 15,
            16 * 15 * 14,
            16 * 15 * 14 * 13,
            16 * 15 * 14 * 13 * 12 + 8 * 6 * 13 * 12
        ],
        "perft Six Men's: 16 points, and the 8 sides of the squares make the mills of ply 5"
    );
    let white_lines_at_ply_5 = 8 * 6 * (6 * 5);
    assert_eq!(
        THREE_MENS_FROM_START,
        [
            9,
            9 * 8,
            9 * 8 * 7,
            9 * 8 * 7 * 6,
            9 * 8 * 7 * 6 * 5,
            (9 * 8 * 7 * 6 * 5 - white_lines_at_ply_5) * 4
        ],
        "perft Three Men's: nothing is removed, and a line at ply 5 ends the game"
    );
    for variant in Variant::ALL {
        let position = Position::new(variant, Options::default());
        for (i, &count) in from_start(variant).iter().enumerate() {
            assert_eq!(
                perft(&position, i as u32 + 1),
                count,
                "perft {variant:?} from the start, depth {}",
                i + 1
            );
        }
    }
}

#[test]
fn perft_from_the_start_agrees_with_the_reference() {
    // Morelles differs from Morrice only in flying, which needs a side down to three men: the
    // closed forms above already hold it to the same counts, so the slow reference runs once.
    for variant in [
        Variant::Morrice,
        Variant::SixMens,
        Variant::TwelveMens,
        Variant::ThreeMens,
    ] {
        let (position, reference) = after_moves(variant, Options::default(), &[]);
        check(
            &format!("{variant:?} start"),
            &position,
            &reference,
            from_start(variant),
        );
    }
}

#[test]
fn three_mens_lines_end_the_game_during_placing() {
    let (position, reference) = after_moves(Variant::ThreeMens, Options::default(), &[]);
    check_endings(
        "ThreeMens start",
        &position,
        &reference,
        6,
        &[("three in a row", 1_440 + 5_328)],
    );
}

// ---------------------------------------------------------------------------------------------
// Nine Men's Morris: Morrice and Morelles

/// A game (random, seed 0) through the placing phase with two mills (d1 closes a1-d1-g1 and
/// takes c4, Black's c4 closes a4-b4-c4 and takes d7) and four moves: 8 men each, White to move,
/// both sides moving along lines.
const MIDGAME: [&str; 22] = [
    "f4", "a4", "g1", "e4", "e5", "g4", "d6", "c4", "a1", "d2", "d7", "d3", "d1xc4", "b4", "f6",
    "c4xd7", "b2", "d7", "f4-f2", "g4-f4", "g1-g4", "c4-c3",
];
const MIDGAME_COUNTS: [u64; 5] = [13, 224, 1_622, 21_726, 170_058];

#[test]
fn perft_midgame_moving_phase() {
    for variant in [Variant::Morrice, Variant::Morelles] {
        let (position, reference) = after_moves(variant, Options::default(), &MIDGAME);
        assert_eq!(
            position.in_hand(Side::White) + position.in_hand(Side::Black),
            0
        );
        check(
            &format!("{variant:?} midgame"),
            &position,
            &reference,
            &MIDGAME_COUNTS,
        );
    }
}

#[test]
fn perft_midgame_after_a_repetition() {
    // The midgame, then d6-b6 d7-g7 b6-d6 g7-d7: the position stands for the second time, so
    // playing those four moves again ends the game at depth 4 (threefold repetition) and the
    // 364 replies below it are not counted at depth 5.
    let mut moves = MIDGAME.to_vec();
    moves.extend(["d6-b6", "d7-g7", "b6-d6", "g7-d7"]);
    let (position, reference) = after_moves(Variant::Morrice, Options::default(), &moves);
    assert_eq!(position.occurrences(), 2, "the position has stood twice");
    check(
        "midgame repeated",
        &position,
        &reference,
        &[13, 224, 1_622, 21_726, 169_694],
    );
    let no_repetition = Options {
        repetition_draw: false,
        ..Options::default()
    };
    let (position, reference) = after_moves(Variant::Morrice, no_repetition, &moves);
    check(
        "midgame repeated, repetition_draw off",
        &position,
        &reference,
        &MIDGAME_COUNTS,
    );
}

/// White has three men (b4 d2 e5), Black seven (a7 d7 c3 f4 g1 b6 f2), White to move.
const THREE_MEN: (&str, &str) = ("b4 d2 e5", "a7 d7 c3 f4 g1 b6 f2");

#[test]
fn perft_with_three_men_differs_between_the_presets() {
    for (variant, counts) in [
        (Variant::Morrice, [8, 89, 583, 7_664, 40_273]),
        (Variant::Morelles, [42, 457, 20_214, 254_162, 9_651_582]),
    ] {
        let (white, black) = THREE_MEN;
        let position = Position::from_setup(
            variant,
            Options::default(),
            white,
            black,
            [0, 0],
            Side::White,
        )
        .unwrap();
        let names = |text: &'static str| text.split_whitespace().collect::<Vec<_>>();
        let rules = reference_rules(variant, Options::default());
        let reference = reference::Game::setup(rules, &names(white), &names(black), [0, 0], 0);
        check(
            &format!("{variant:?} three men"),
            &position,
            &reference,
            &counts,
        );
    }
}

/// Twelve men placed (random, seed 90) without a mill. White's next man on e5 closes c5-d5-e5
/// and e3-e4-e5 at once, and c3 closes c3-d3-e3; Black's six men are all free. So depth 1 is
/// 10 quiet placements + 6 + 6 = 22 with one removal, and 10 + 6 + 15 pairs = 31 with two.
const LATE_PLACING: [&str; 12] = [
    "e3", "g7", "d5", "d6", "d3", "d7", "e4", "f6", "a7", "a4", "c5", "d2",
];

#[test]
fn perft_late_placing_with_and_without_two_removals() {
    for (two_removals, counts) in [
        (false, [22, 324, 6_041, 80_213, 1_291_771]),
        (true, [31, 449, 10_023, 130_892, 2_406_375]),
    ] {
        let (position, reference) =
            after_moves(Variant::Morrice, options(two_removals), &LATE_PLACING);
        check(
            &format!("late placing, two_removals {two_removals}"),
            &position,
            &reference,
            &counts,
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Six, Twelve and Three Men's Morris

/// Six Men's Morris (random, seed 0): twelve placements, in which White's b3 closed b2-b3-b4
/// and took a1 (Black placed a man there again), then ten moves. White b3 b4 c1 c2 e3 e5 against
/// Black a1 a5 c4 d2 e1, White to move: c2-b2 closes b2-b3-b4 again, with five men to take; the
/// link moves c1-c2, c2-c1 and a3-b3 (none of which can make a mill) are in the tree.
const SIX_MENS_MIDGAME: [&str; 22] = [
    "b2", "a5", "b4", "c4", "e3", "a1", "c5", "e1", "b3xa1", "d4", "a1", "a3", "a1-c1", "a3-a1",
    "c1-c2", "a1-a3", "c5-e5", "d4-d3", "c2-c1", "d3-d2", "b2-c2", "a3-a1",
];

#[test]
fn perft_six_mens_moving_phase() {
    let (position, reference) =
        after_moves(Variant::SixMens, Options::default(), &SIX_MENS_MIDGAME);
    assert_eq!(
        position.in_hand(Side::White) + position.in_hand(Side::Black),
        0,
        "Six Men's midgame: every man is placed"
    );
    check(
        "SixMens midgame",
        &position,
        &reference,
        &[9, 48, 321, 1_468, 10_505],
    );
}

/// Twelve Men's Morris (random, seed 0; the same first moves as Nine Men's [`MIDGAME`]): 24
/// placements with five mills, then two moves. White a1 b6 c3 d1 d6 e3 e4 e5 f2 f6 g1 (11 men)
/// against Black a7 b2 b4 c4 d5 g4 g7 (7), White to move. White's e3 stands on three lines:
/// e3-d3 and back d3-e3 closes the column e3-e4-e5 and the diagonal g1-f2-e3 at once, a double
/// mill by moving that the 24-point board without diagonals never has; it shows from depth 3,
/// where the counts with two removals part from those with one.
const TWELVE_MENS_MIDGAME: [&str; 26] = [
    "f4", "a4", "g1", "e4", "e5", "g4", "d6", "c4", "a1", "d2", "d7", "d3", "d1xc4", "b4", "f6",
    "c4xd7", "f2xd3", "e3", "b6xe3", "b2", "c3", "g7", "e3xe4", "d5", "f4-e4xd2", "a4-a7",
];

#[test]
fn perft_twelve_mens_moving_phase_with_and_without_two_removals() {
    for (two_removals, counts) in [
        (false, [16, 141, 2_839, 23_490, 463_317]),
        (true, [16, 141, 3_223, 26_243, 538_314]),
    ] {
        let (position, reference) = after_moves(
            Variant::TwelveMens,
            options(two_removals),
            &TWELVE_MENS_MIDGAME,
        );
        check(
            &format!("TwelveMens midgame, two_removals {two_removals}"),
            &position,
            &reference,
            &counts,
        );
    }
}

/// Twelve Men's Morris, twelve placements in: White has b4 b6 d2 f2 a1 c3 round the empty b2, a
/// corner of the middle square, so White's b2 closes three mills at once (two sides and a
/// diagonal), and with the option takes three men (sets of three counted once, whatever the
/// order they are named in).
const TWELVE_MENS_TRIPLE_MILL: [&str; 12] = [
    "d2", "g7", "f2", "g4", "b4", "e5", "b6", "d5", "a1", "d6", "c3", "f4",
];

#[test]
fn perft_twelve_mens_triple_mill_with_and_without_two_removals() {
    for (two_removals, counts) in [(false, [17, 613, 10110]), (true, [31, 821, 15238])] {
        let (position, reference) = after_moves(
            Variant::TwelveMens,
            options(two_removals),
            &TWELVE_MENS_TRIPLE_MILL,
        );
        check(
            &format!("TwelveMens triple mill, two_removals {two_removals}"),
            &position,
            &reference,
            &counts,
        );
    }
}

/// Twelve Men's Morris (random, seed 2743, a game that fills the board): eighteen placements
/// without a mill, three men in hand each, six points vacant. Six plies on, the 288 sequences
/// whose placements all stay out of mills fill the board and draw (the crate must not call it
/// "no legal move", though nobody can move); where a placement closed a mill, a man is gone and
/// the game goes into moving with one vacant point: 216 times the side to move is shut in at
/// once, otherwise play goes on (depth 7).
const TWELVE_MENS_LATE_PLACING: [&str; 18] = [
    "a7", "f2", "a4", "g4", "b2", "a1", "g1", "b6", "d3", "d2", "f4", "c4", "f6", "c3", "c5", "b4",
    "d1", "e3",
];

#[test]
fn perft_twelve_mens_board_fills_up() {
    let (position, reference) = after_moves(
        Variant::TwelveMens,
        Options::default(),
        &TWELVE_MENS_LATE_PLACING,
    );
    check(
        "TwelveMens late placing",
        &position,
        &reference,
        &[6, 30, 336, 1_672, 19_364, 83_036, 713_308],
    );
    check_endings(
        "TwelveMens late placing",
        &position,
        &reference,
        6,
        &[("board full", 288), ("no legal move", 216)],
    );
}

/// Three Men's Morris (random, seed 2): six placements and two moves, White a3 b1 c3 against
/// Black a1 b2 c1, White to move. Lines are near for both sides: 432 of the sequences below end
/// by three in a row within six moves.
const THREE_MENS_MIDGAME: [&str; 8] = ["b2", "c1", "c3", "a1", "b1", "c2", "b2-a3", "c2-b2"];

#[test]
fn perft_three_mens_moving_phase() {
    let (position, reference) =
        after_moves(Variant::ThreeMens, Options::default(), &THREE_MENS_MIDGAME);
    check(
        "ThreeMens midgame",
        &position,
        &reference,
        &[4, 18, 72, 252, 1_032, 3_806],
    );
    check_endings(
        "ThreeMens midgame",
        &position,
        &reference,
        6,
        &[("three in a row", 432)],
    );
}

// ---------------------------------------------------------------------------------------------
// The golden records, replayed by the reference

#[test]
fn golden_records_replay_alike_in_the_reference() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/morris");
    let mut checked = 0;
    let mut paths: Vec<_> = fs::read_dir(&folder)
        .expect("tests/golden/morris exists")
        .map(|entry| entry.unwrap().path())
        .collect();
    paths.sort();
    for path in paths {
        let name = path.file_name().unwrap().to_str().unwrap().to_string();
        let Some(stem) = name.strip_suffix(".record.json") else {
            continue;
        };
        let record = Record::from_json(&fs::read_to_string(&path).unwrap()).unwrap();
        let expected: Value = serde_json::from_str(
            &fs::read_to_string(folder.join(format!("{stem}.expected.json"))).unwrap(),
        )
        .unwrap();
        let variant = Variant::from_name(record.variant.as_deref().unwrap()).unwrap();
        let options: Options =
            serde_json::from_value(Value::Object(record.options.clone())).unwrap();
        let mut game = reference::Game::start(reference_rules(variant, options));
        for (i, text) in record.moves.iter().enumerate() {
            game.play_text(text)
                .unwrap_or_else(|e| panic!("golden {stem}: move {}: {e}", i + 1));
        }
        let legal: BTreeSet<String> = game.turns().iter().map(|t| t.text()).collect();
        let expected_legal: BTreeSet<String> = expected["legal"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| sorted_removals(m.as_str().unwrap()))
            .collect();
        assert_eq!(
            legal, expected_legal,
            "golden {stem}: the reference's legal moves"
        );
        assert_eq!(
            Value::from(game.over),
            expected["reason"],
            "golden {stem}: the reference's reason"
        );
        assert_eq!(
            Value::from(game.winners()),
            expected["winners"],
            "golden {stem}: the reference's winners"
        );
        assert_eq!(
            Value::from(game.scores().to_vec()),
            expected["scores"],
            "golden {stem}: the reference's scores"
        );
        if game.over.is_none() {
            assert_eq!(
                Value::from(game.to_move()),
                expected["to_move"],
                "golden {stem}: the reference's player to move"
            );
        }
        checked += 1;
    }
    assert!(
        checked >= 15,
        "golden: the reference replayed only {checked} records"
    );
}
