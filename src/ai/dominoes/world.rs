//! One imagined world: the table as the observer sees it, with the hidden bones placed by a
//! guess (a sampled deal of the unseen bones), played on to the end of the hand quickly.
//!
//! The world keeps to the rules of `crate::rules::dominoes` for the rest of a hand: which bone
//! fits which end (Matador's sevens and matadors, Sebastopol's spinner), drawing until able,
//! going, blocking, the counts of All Fives and the headers of Bergen (a count is always claimed
//! here), and the scoring of the hand by the rules' own [`score_hand`]. The tests check it
//! against the rules move by move.

use crate::rules::dominoes::scoring::{self, score_hand, HandEnding, Sides};
use crate::rules::dominoes::{
    Bone, DominoGame, End, Line, Move, Observation, OpenEnd, Options, SpinnerRule, NEVER_DRAWN,
};
use crate::rules::{Seat, Turn};

/// A bone laid on an end: which half touches it, and whether the move names the low half first.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Lay {
    pub bone: Bone,
    pub end: End,
    pub touching: u8,
    pub low_first: bool,
}

impl Lay {
    /// The lay as a move of the rules.
    pub fn to_move(self, first: bool) -> Move {
        if first {
            Move::Set(self.bone)
        } else {
            Move::Play {
                bone: self.bone,
                end: self.end,
                low_first: self.low_first,
            }
        }
    }
}

/// A hand in play with every bone placed: the observer's view plus a guess at what it cannot see.
#[derive(Clone, Debug)]
pub struct World {
    game: DominoGame,
    options: Options,
    players: usize,
    sides: Sides,
    hands: Vec<Vec<Bone>>,
    /// In draw order; `drawn` of them are gone.
    stock: Vec<Bone>,
    drawn: usize,
    line: Line,
    to_move: usize,
    /// Points of each side, and what they were when the world began.
    scores: Vec<u32>,
    start: Vec<u32>,
    pool: u32,
    /// How the hand ended, once it has.
    ending: Option<HandEnding>,
}

impl World {
    /// The observer's view with the hidden hands (`hands[observer]` is ignored: the observer's own
    /// hand is taken from the observation) and the stock in draw order filled in.
    ///
    /// A count left open for muggins is not in it: taking one is decided before the search.
    pub fn new(obs: &Observation, hands: Vec<Vec<Bone>>, stock: Vec<Bone>) -> World {
        let sides = obs.sides();
        let players = obs.players();
        let mut hands = hands;
        hands.resize(players, Vec::new());
        hands[obs.seat().index()] = obs.hand().to_vec();
        let scores: Vec<u32> = (0..sides.count())
            .map(|side| obs.scores()[sides.seats(side)[0].index()].max(0) as u32)
            .collect();
        let to_move = match obs.turn() {
            Turn::Seat(seat) => seat.index(),
            _ => obs.seat().index(),
        };
        World {
            game: obs.game(),
            options: obs.options(),
            players,
            sides,
            hands,
            stock,
            drawn: 0,
            line: obs.line().clone(),
            to_move,
            start: scores.clone(),
            scores,
            pool: obs.pool(),
            ending: None,
        }
    }

    /// The seat to move, or `None` once the hand has ended.
    pub fn to_move(&self) -> Option<Seat> {
        self.ending.is_none().then_some(Seat(self.to_move as u8))
    }

    /// Whether the hand has ended.
    pub fn is_over(&self) -> bool {
        self.ending.is_some()
    }

    /// A seat's hand in this world.
    pub fn hand(&self, seat: Seat) -> &[Bone] {
        &self.hands[seat.index()]
    }

    /// Points each side has won since the world began (during play and for the hand).
    pub fn gained(&self) -> Vec<i32> {
        self.scores
            .iter()
            .zip(&self.start)
            .map(|(now, then)| *now as i32 - *then as i32)
            .collect()
    }

    /// Whether some side has reached the target (the game is over).
    pub fn target_reached(&self) -> bool {
        let reaches = |s: &u32| self.options.reaches_target(self.game, *s);
        self.scores.iter().any(reaches)
    }

    /// The sides with the most points.
    pub fn leaders(&self) -> Vec<usize> {
        let best = self.scores.iter().copied().max().unwrap_or(0);
        (0..self.scores.len())
            .filter(|s| self.scores[*s] == best)
            .collect()
    }

    /// Who plays together.
    pub fn sides(&self) -> Sides {
        self.sides
    }

    fn next(&self, seat: usize) -> usize {
        (seat + 1) % self.players
    }

    fn stock_left(&self) -> usize {
        self.stock.len() - self.drawn
    }

    fn stock_open(&self) -> bool {
        self.game.draws() && self.stock_left() > NEVER_DRAWN
    }

    /// Whether a bone is a matador (Matador only).
    pub(crate) fn is_matador(&self, bone: Bone) -> bool {
        self.game == DominoGame::Matador
            && (bone.pips() == u32::from(self.options.set.matador_sum()) || bone == Bone::new(0, 0))
    }

    fn playable_ends(&self) -> Vec<OpenEnd> {
        let ends = self.line.open_ends();
        if self.game == DominoGame::Sebastopol && self.line.spinner_sides_filled() < 4 {
            ends.into_iter().filter(|e| e.bare).collect()
        } else {
            ends
        }
    }

    /// The ways a bone may be laid on an end: (touching half, low half named first).
    fn fits(&self, bone: Bone, end: &OpenEnd, out: &mut Vec<(u8, bool)>) {
        out.clear();
        if self.game == DominoGame::Matador {
            if self.is_matador(bone) {
                out.push((bone.high, false));
                if !bone.is_double() {
                    out.push((bone.low, true));
                }
                return;
            }
            let sum = self.options.set.matador_sum();
            if end.number != 0 && bone.has(sum - end.number) {
                out.push((sum - end.number, false));
            }
            return;
        }
        if bone.has(end.number) {
            out.push((end.number, false));
        }
    }

    /// Every lay the seat has on the table as it is (none while the line is empty).
    pub(crate) fn lays(&self, seat: usize) -> Vec<Lay> {
        let ends = self.playable_ends();
        let mut lays = Vec::new();
        let mut fits = Vec::with_capacity(2);
        for bone in &self.hands[seat] {
            for end in &ends {
                self.fits(*bone, end, &mut fits);
                for (touching, low_first) in &fits {
                    lays.push(Lay {
                        bone: *bone,
                        end: end.end,
                        touching: *touching,
                        low_first: *low_first,
                    });
                }
            }
        }
        lays
    }

    fn can_play(&self, seat: usize, ends: &[OpenEnd]) -> bool {
        let mut fits = Vec::with_capacity(2);
        self.hands[seat].iter().any(|bone| {
            ends.iter().any(|end| {
                self.fits(*bone, end, &mut fits);
                !fits.is_empty()
            })
        })
    }

    fn is_blocked(&self) -> bool {
        if self.line.is_empty() || self.stock_open() {
            return false;
        }
        let ends = self.playable_ends();
        (0..self.players).all(|s| !self.can_play(s, &ends))
    }

    /// The legal moves of the seat to move, as the rules would list them (a count is always
    /// claimed at once, so `claim` and `muggins` never arise; the first set is free here).
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.ending.is_some() {
            return Vec::new();
        }
        if self.line.is_empty() {
            return self.hands[self.to_move]
                .iter()
                .map(|b| Move::Set(*b))
                .collect();
        }
        let mut moves: Vec<Move> = self
            .lays(self.to_move)
            .into_iter()
            .map(|l| l.to_move(false))
            .collect();
        let able = !moves.is_empty();
        if self.stock_open() && (!able || self.options.draw_when_able) {
            moves.push(Move::Draw);
        } else if !able && !self.stock_open() {
            moves.push(Move::Go);
        }
        moves
    }

    /// What the seat must do when it has no lay: draw while it may, else go.
    pub(crate) fn forced(&self) -> Move {
        if self.stock_open() {
            Move::Draw
        } else {
            Move::Go
        }
    }

    /// Plays a move of the rules (one of [`World::legal_moves`]); false when it does not fit.
    pub fn play(&mut self, m: Move) -> bool {
        match m {
            Move::Set(bone) => {
                if !self.line.is_empty() || !self.hands[self.to_move].contains(&bone) {
                    return false;
                }
                self.lay_set(bone);
                true
            }
            Move::Play {
                bone,
                end,
                low_first,
            } => {
                let lay = self.lays(self.to_move).into_iter().find(|l| {
                    l.bone == bone && l.end.arm() == end.arm() && l.low_first == low_first
                });
                match lay {
                    Some(lay) => {
                        self.lay(lay);
                        true
                    }
                    None => false,
                }
            }
            Move::Draw => {
                if !self.stock_open() {
                    return false;
                }
                self.draw();
                true
            }
            Move::Go => {
                self.go();
                true
            }
            Move::Claim | Move::Muggins => false,
        }
    }

    /// Lays the set.
    pub(crate) fn lay_set(&mut self, bone: Bone) {
        let seat = self.to_move;
        self.hands[seat].retain(|b| *b != bone);
        self.line.lay_set(bone);
        self.after_lay(seat);
    }

    /// Lays a bone on an end.
    pub(crate) fn lay(&mut self, lay: Lay) {
        let seat = self.to_move;
        self.hands[seat].retain(|b| *b != lay.bone);
        self.line.lay(lay.bone, lay.end, lay.touching);
        self.after_lay(seat);
    }

    /// Takes the next bone of the stock.
    pub(crate) fn draw(&mut self) {
        let bone = self.stock[self.drawn];
        self.drawn += 1;
        self.hands[self.to_move].push(bone);
        if self.is_blocked() {
            self.end_hand(HandEnding::Blocked);
        }
    }

    /// Passes.
    pub(crate) fn go(&mut self) {
        if self.is_blocked() {
            self.end_hand(HandEnding::Blocked);
        } else {
            self.to_move = self.next(self.to_move);
        }
    }

    /// What a lay would score during play (All Fives counts, Bergen headers), without laying it.
    pub(crate) fn points_of(&self, lay: Option<Lay>) -> u32 {
        if !matches!(self.game, DominoGame::AllFives | DominoGame::Bergen) {
            return 0;
        }
        let mut line = self.line.clone();
        match lay {
            Some(lay) => line.lay(lay.bone, lay.end, lay.touching),
            None => return 0,
        }
        line_points(self.game, &line)
    }

    /// What setting a bone would score.
    pub(crate) fn set_points(&self, bone: Bone) -> u32 {
        if !matches!(self.game, DominoGame::AllFives | DominoGame::Bergen) {
            return 0;
        }
        let mut line = Line::new(match self.game {
            DominoGame::AllFives if self.options.spinner => SpinnerRule::FirstDouble,
            _ => SpinnerRule::None,
        });
        line.lay_set(bone);
        line_points(self.game, &line)
    }

    /// The open numbers after a lay (for judging what the next player may hold).
    pub(crate) fn line(&self) -> &Line {
        &self.line
    }

    /// Scores points during play; true when they end the game.
    fn score(&mut self, seat: Seat, points: u32) -> bool {
        let side = self.sides.of(seat);
        self.scores[side] += points;
        if self.target_reached() {
            self.ending = Some(HandEnding::TargetReached);
            true
        } else {
            false
        }
    }

    fn after_lay(&mut self, seat: usize) {
        let points = line_points(self.game, &self.line);
        if points > 0 && self.score(Seat(seat as u8), points) {
            return;
        }
        if self.hands[seat].is_empty() {
            self.end_hand(HandEnding::Domino(Seat(seat as u8)));
        } else if self.is_blocked() {
            self.end_hand(HandEnding::Blocked);
        } else {
            self.to_move = self.next(seat);
        }
    }

    fn end_hand(&mut self, ending: HandEnding) {
        let end = score_hand(
            self.game,
            &self.options,
            self.sides,
            self.hands.clone(),
            ending,
            self.pool,
        );
        for (score, add) in self.scores.iter_mut().zip(&end.points) {
            *score += add;
        }
        self.ending = Some(ending);
    }
}

/// What the table as it lies scores for the play just made.
fn line_points(game: DominoGame, line: &Line) -> u32 {
    match game {
        DominoGame::AllFives => scoring::all_fives_points(line),
        DominoGame::Bergen => scoring::bergen_points(line).map_or(0, |(p, _)| p),
        _ => 0,
    }
}
