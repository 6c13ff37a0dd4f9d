//! Doquin: pegs pushed into a drilled block, as `../shared/rules/doquin.md` gives it.
//!
//! Each turn a player inserts a peg into an open hole of the block; it slides in until it touches
//! another peg or is all the way in. An opponent's peg touched by two of yours is captured, and the
//! pegs it held back are pushed further in. A game is as many rounds as players.

pub mod block;
mod notation;

use std::fmt;

use rand_core::RngCore;
use serde::{Deserialize, Serialize};

pub use block::{Block, Cell, Face, Hole, DEFAULT_SIZE, SIZES};

use super::{ChanceOutcomes, Game, NoChance, NotationError, Outcome, Seat, Turn};

/// Captures in one round that end it at once (for the player whose turn ends with them).
pub const CAPTURES_TO_END: u8 = 5;
/// Own pegs all the way in that end the round at once (for the player whose turn ends so).
pub const PEGS_IN_TO_END: u8 = 5;
/// The point earned by the player who ends a round by captures or pegs all the way in.
pub const BONUS: i32 = 1;
/// How many pegs each player may have (option).
pub const PEG_COUNTS: std::ops::RangeInclusive<u8> = 5..=15;
/// Pegs each player has when a record names no number.
pub const DEFAULT_PEGS: u8 = 10;
/// The fewest players.
pub const FEWEST_PLAYERS: usize = 2;
/// The most players.
pub const MOST_PLAYERS: usize = 4;
/// The smallest block is for two players only.
pub const SMALLEST_SIZE: u8 = 3;

/// The options that `rules/doquin.md` names. Absent from a record means the default.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// Cells along an edge of the block (3, 4 or 5; 3 only for two players).
    pub size: u8,
    /// Pegs each player has at the start of a round (5 to 15).
    pub pegs: u8,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            size: DEFAULT_SIZE,
            pegs: DEFAULT_PEGS,
        }
    }
}

/// A move: insert a peg from your supply, or push a peg further in after a capture.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Move {
    /// Insert a peg into this hole (`F2-3`).
    Insert(Hole),
    /// Push the peg in this hole as far as it will go (`pF2-3`).
    Push(Hole),
}

impl Move {
    /// The hole the move is made at.
    pub fn hole(self) -> Hole {
        match self {
            Move::Insert(hole) | Move::Push(hole) => hole,
        }
    }
}

/// A peg in the block: whose it is and how many cells of its hole it fills, from the face.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Peg {
    pub owner: Seat,
    pub depth: u8,
}

/// Why a round ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum RoundEnd {
    /// The seat's turn ended with five captures this round.
    Captures(Seat),
    /// The seat's turn ended with five of its own pegs all the way in.
    PegsIn(Seat),
    /// Nobody could play.
    NobodyCanPlay,
}

impl RoundEnd {
    /// The seat that earned the bonus point, if any.
    pub fn bonus(self) -> Option<Seat> {
        match self {
            RoundEnd::Captures(seat) | RoundEnd::PegsIn(seat) => Some(seat),
            RoundEnd::NobodyCanPlay => None,
        }
    }
}

/// A finished round: how it ended and each seat's points for it, with their parts.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RoundResult {
    pub end: RoundEnd,
    pub scores: Vec<i32>,
    /// Pegs each seat captured in the round.
    pub captured: Vec<u8>,
    /// Each seat's own pegs all the way in when the round ended.
    pub pegs_in: Vec<u8>,
}

/// What a move would do, worked out without playing it (for showing it before it is made).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Effect {
    /// How many cells of its hole the peg would fill when it stops.
    pub depth: u8,
    /// The peg it would touch when it stops, if any.
    pub touches: Option<Hole>,
    /// The opponent's peg an insertion would capture, if any (pushes capture nothing).
    pub captures: Option<Hole>,
}

/// Why a move cannot be played here. The message is shown to players as it is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum IllegalMove {
    GameOver,
    NoSuchHole(Hole, u8),
    HoleFilled(Hole),
    SupplyEmpty,
    PushDue,
    NoPushDue,
    NoPegThere(Hole),
    CannotSlide(Hole),
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::GameOver => write!(f, "the game is over"),
            IllegalMove::NoSuchHole(hole, n) => write!(
                f,
                "there is no hole {hole} in this block (rows and columns go from 1 to {n})"
            ),
            IllegalMove::HoleFilled(hole) => {
                write!(f, "hole {hole} is not open: its first cell is taken")
            }
            IllegalMove::SupplyEmpty => write!(f, "you have no pegs left to insert"),
            IllegalMove::PushDue => write!(
                f,
                "after your capture, push in the pegs that can slide further (like pF2-3) first"
            ),
            IllegalMove::NoPushDue => write!(f, "there is nothing to push: insert a peg"),
            IllegalMove::NoPegThere(hole) => write!(f, "there is no peg in hole {hole}"),
            IllegalMove::CannotSlide(hole) => {
                write!(f, "the peg in hole {hole} cannot slide any further")
            }
        }
    }
}

impl std::error::Error for IllegalMove {}

/// A game of Doquin: the block, the pegs in it, every supply and the rounds so far.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Doquin {
    options: Options,
    block: Block,
    /// The peg in each hole, by [`Hole::index`].
    pegs: Vec<Option<Peg>>,
    /// The hole whose peg fills each cell, by [`Block::cell_index`].
    cells: Vec<Option<Hole>>,
    /// Pegs each seat still has to insert this round.
    supply: Vec<u8>,
    /// Pegs each seat has captured this round.
    captured: Vec<u8>,
    to_move: Seat,
    /// A capture has been made this turn and pegs are still to be pushed.
    pushing: bool,
    rounds: Vec<RoundResult>,
    totals: Vec<i32>,
    /// When the last move ended a round: the game as it stood then, before the block was
    /// cleared for the next round.
    ended: Option<Box<Doquin>>,
}

impl Doquin {
    /// A new game for `seats` players; round 1 starts with seat 1.
    pub fn new(seats: usize, options: Options) -> Result<Doquin, String> {
        if !(FEWEST_PLAYERS..=MOST_PLAYERS).contains(&seats) {
            return Err(format!("Doquin is for 2 to 4 players, not {seats}"));
        }
        if !SIZES.contains(&options.size) {
            return Err(format!(
                "the Doquin block must be {} to {} cells along an edge, not {}",
                SIZES.start(),
                SIZES.end(),
                options.size
            ));
        }
        if options.size == SMALLEST_SIZE && seats != 2 {
            return Err(format!(
                "the {SMALLEST_SIZE}-cell block is for two players only, not {seats}"
            ));
        }
        if !PEG_COUNTS.contains(&options.pegs) {
            return Err(format!(
                "each Doquin player has {} to {} pegs, not {}",
                PEG_COUNTS.start(),
                PEG_COUNTS.end(),
                options.pegs
            ));
        }
        let block = Block::new(options.size);
        Ok(Doquin {
            options,
            block,
            pegs: vec![None; block.hole_count()],
            cells: vec![None; block.cell_count()],
            supply: vec![options.pegs; seats],
            captured: vec![0; seats],
            to_move: Seat(0),
            pushing: false,
            rounds: Vec::new(),
            totals: vec![0; seats],
            ended: None,
        })
    }

    /// The game a record's header sets up: no variants; options `size` and `pegs`.
    pub fn from_header(
        variant: Option<&str>,
        options: &serde_json::Map<String, serde_json::Value>,
        seats: usize,
    ) -> Result<Doquin, String> {
        if let Some(name) = variant {
            return Err(format!(
                "Doquin has no variants (the record names \"{name}\")"
            ));
        }
        let options: Options = super::read_options("Doquin", options)?;
        Doquin::new(seats, options)
    }

    /// A round-1 position set up by hand (lessons, puzzles, tests): each listed peg is inserted
    /// in turn and slides as far as it goes, capturing nothing; `captured` gives each seat's
    /// captures so far; `to_move` plays next.
    pub fn setup(
        seats: usize,
        options: Options,
        pegs: &[(Seat, Hole)],
        captured: &[u8],
        to_move: Seat,
    ) -> Result<Doquin, String> {
        let mut game = Doquin::new(seats, options)?;
        for &(owner, hole) in pegs {
            if owner.index() >= seats || !game.is_available(hole) || game.supply[owner.index()] == 0
            {
                return Err(format!("cannot insert {owner}'s peg into {hole}"));
            }
            game.supply[owner.index()] -= 1;
            game.place(hole, owner);
        }
        for (seat, &count) in captured.iter().enumerate().take(seats) {
            game.captured[seat] = count;
        }
        if to_move.index() >= seats {
            return Err(format!("there is no {to_move}"));
        }
        game.to_move = to_move;
        Ok(game)
    }

    /// The options as a record writes them.
    pub fn options_json(&self) -> serde_json::Map<String, serde_json::Value> {
        match serde_json::to_value(self.options) {
            Ok(serde_json::Value::Object(map)) => map,
            _ => serde_json::Map::new(),
        }
    }

    /// The options in force.
    pub fn options(&self) -> Options {
        self.options
    }

    /// The block being played.
    pub fn block(&self) -> Block {
        self.block
    }

    /// The peg in `hole`, if any.
    pub fn peg(&self, hole: Hole) -> Option<Peg> {
        if !hole.fits(self.block.size) {
            return None;
        }
        self.pegs[hole.index(self.block.size)]
    }

    /// The hole of the peg that fills `cell`, if any.
    pub fn occupant(&self, cell: Cell) -> Option<Hole> {
        self.cells[self.block.cell_index(cell)]
    }

    /// Whether a peg may be inserted into `hole`: its first cell is empty.
    pub fn is_available(&self, hole: Hole) -> bool {
        hole.fits(self.block.size) && self.occupant(hole.cell(0, self.block.size)).is_none()
    }

    /// The peg that the peg in `hole` touches: the one filling the next cell past its tip.
    pub fn touched(&self, hole: Hole) -> Option<Hole> {
        let peg = self.peg(hole)?;
        if peg.depth >= self.block.size {
            return None;
        }
        self.occupant(hole.cell(peg.depth, self.block.size))
    }

    /// Whether the peg in `hole` is all the way in (its tip at the bottom of its hole).
    pub fn is_all_the_way_in(&self, hole: Hole) -> bool {
        self.peg(hole).is_some_and(|p| p.depth == self.block.size)
    }

    /// Whether the peg in `hole` can slide further in.
    pub fn can_slide(&self, hole: Hole) -> bool {
        self.peg(hole).is_some_and(|p| {
            p.depth < self.block.size
                && self.occupant(hole.cell(p.depth, self.block.size)).is_none()
        })
    }

    /// Pegs `seat` still has to insert this round.
    pub fn supply(&self, seat: Seat) -> u8 {
        self.supply[seat.index()]
    }

    /// Pegs `seat` has captured this round.
    pub fn captured(&self, seat: Seat) -> u8 {
        self.captured[seat.index()]
    }

    /// How many of `seat`'s pegs are all the way in.
    pub fn pegs_in(&self, seat: Seat) -> u8 {
        let n = self.block.size;
        self.pegs
            .iter()
            .flatten()
            .filter(|p| p.owner == seat && p.depth == n)
            .count() as u8
    }

    /// Whether the player who captured is pushing pegs in before the turn passes.
    pub fn is_pushing(&self) -> bool {
        self.pushing
    }

    /// The move that picking `hole` makes now: a push while the capturer is pushing pegs in,
    /// else an insertion (legal or not: [`Game::play`] says).
    pub fn move_at(&self, hole: Hole) -> Move {
        if self.pushing {
            Move::Push(hole)
        } else {
            Move::Insert(hole)
        }
    }

    /// The round being played, from 1 (or the last, when the game is over).
    pub fn round(&self) -> usize {
        (self.rounds.len() + 1).min(self.seats())
    }

    /// When the last move ended a round, the game as it stood at that round's end: its pegs
    /// still in the block, its result counted. `None` after any other move.
    pub fn round_end(&self) -> Option<&Doquin> {
        self.ended.as_deref()
    }

    /// The rounds played to the end, in order.
    pub fn rounds(&self) -> &[RoundResult] {
        &self.rounds
    }

    /// Each seat's total of the finished rounds.
    pub fn totals(&self) -> &[i32] {
        &self.totals
    }

    /// Whether `seat` can insert a peg: pegs in supply and an open hole.
    pub fn can_play(&self, seat: Seat) -> bool {
        self.supply[seat.index()] > 0 && self.block.holes().any(|h| self.is_available(h))
    }

    fn is_over(&self) -> bool {
        self.rounds.len() >= self.seats()
    }

    /// Every legal move of the seat to move.
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.is_over() {
            Vec::new()
        } else if self.pushing {
            self.block
                .holes()
                .filter(|&h| self.can_slide(h))
                .map(Move::Push)
                .collect()
        } else if self.supply[self.to_move.index()] == 0 {
            Vec::new()
        } else {
            self.block
                .holes()
                .filter(|&h| self.is_available(h))
                .map(Move::Insert)
                .collect()
        }
    }

    /// What a legal move of the seat to move would do; `None` for a move that is not legal.
    pub fn effect(&self, m: Move) -> Option<Effect> {
        self.check(m).ok()?;
        let mut after = self.clone();
        let hole = match m {
            Move::Insert(hole) => {
                after.place(hole, self.to_move);
                hole
            }
            Move::Push(hole) => {
                after.slide(hole);
                hole
            }
        };
        let touches = after.touched(hole);
        let captures = match m {
            Move::Insert(_) => touches.filter(|&target| after.is_held(hole, target, self.to_move)),
            Move::Push(_) => None,
        };
        Some(Effect {
            depth: after.peg(hole)?.depth,
            touches,
            captures,
        })
    }

    /// Checks a move of the seat to move without playing it.
    pub fn check(&self, m: Move) -> Result<(), IllegalMove> {
        if self.is_over() {
            return Err(IllegalMove::GameOver);
        }
        let n = self.block.size;
        match m {
            Move::Insert(hole) | Move::Push(hole) if !hole.fits(n) => {
                Err(IllegalMove::NoSuchHole(hole, n))
            }
            Move::Insert(_) if self.pushing => Err(IllegalMove::PushDue),
            Move::Insert(_) if self.supply[self.to_move.index()] == 0 => {
                Err(IllegalMove::SupplyEmpty)
            }
            Move::Insert(hole) if !self.is_available(hole) => Err(IllegalMove::HoleFilled(hole)),
            Move::Insert(_) => Ok(()),
            Move::Push(_) if !self.pushing => Err(IllegalMove::NoPushDue),
            Move::Push(hole) if self.peg(hole).is_none() => Err(IllegalMove::NoPegThere(hole)),
            Move::Push(hole) if !self.can_slide(hole) => Err(IllegalMove::CannotSlide(hole)),
            Move::Push(_) => Ok(()),
        }
    }

    /// Plays a move of the seat to move, or refuses it and changes nothing.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        self.check(m)?;
        self.ended = None;
        let mover = self.to_move;
        match m {
            Move::Insert(hole) => {
                self.supply[mover.index()] -= 1;
                self.place(hole, mover);
                if self.capture(hole, mover) {
                    self.pushing = self.block.holes().any(|h| self.can_slide(h));
                }
            }
            Move::Push(hole) => {
                self.slide(hole);
                self.pushing = self.block.holes().any(|h| self.can_slide(h));
            }
        }
        if !self.pushing {
            self.end_turn(mover);
        }
        Ok(())
    }

    /// Puts `owner`'s peg into the empty `hole` and slides it as far as it goes.
    fn place(&mut self, hole: Hole, owner: Seat) {
        let index = hole.index(self.block.size);
        self.pegs[index] = Some(Peg { owner, depth: 0 });
        self.slide(hole);
    }

    /// Slides the peg in `hole` in until it touches another peg or is all the way in.
    fn slide(&mut self, hole: Hole) {
        let n = self.block.size;
        let index = hole.index(n);
        let Some(mut peg) = self.pegs[index] else {
            return;
        };
        while peg.depth < n {
            let cell = self.block.cell_index(hole.cell(peg.depth, n));
            if self.cells[cell].is_some() {
                break;
            }
            self.cells[cell] = Some(hole);
            peg.depth += 1;
        }
        self.pegs[index] = Some(peg);
    }

    /// The capture rule, after `mover` inserted the peg in `hole`: the opponent's peg it touches
    /// is captured when another of the mover's pegs already touches it. True if it captured.
    fn capture(&mut self, hole: Hole, mover: Seat) -> bool {
        let Some(target) = self.touched(hole) else {
            return false;
        };
        if !self.is_held(hole, target, mover) {
            return false;
        }
        let Some(victim) = self.peg(target) else {
            return false;
        };
        let n = self.block.size;
        for depth in 0..victim.depth {
            let cell = self.block.cell_index(target.cell(depth, n));
            self.cells[cell] = None;
        }
        self.pegs[target.index(n)] = None;
        self.captured[mover.index()] += 1;
        true
    }

    /// Whether the peg in `target`, touched by `mover`'s peg in `hole`, is an opponent's peg
    /// that another of the mover's pegs touches too (so that it is captured).
    fn is_held(&self, hole: Hole, target: Hole, mover: Seat) -> bool {
        self.peg(target).is_some_and(|victim| victim.owner != mover)
            && self.block.holes().any(|other| {
                other != hole
                    && self.peg(other).is_some_and(|p| p.owner == mover)
                    && self.touched(other) == Some(target)
            })
    }

    /// The end of `mover`'s turn: the round may end; otherwise the next seat that can play.
    fn end_turn(&mut self, mover: Seat) {
        if self.captured(mover) >= CAPTURES_TO_END {
            return self.end_round(RoundEnd::Captures(mover));
        }
        if self.pegs_in(mover) >= PEGS_IN_TO_END {
            return self.end_round(RoundEnd::PegsIn(mover));
        }
        let seats = self.seats();
        let next = (1..=seats)
            .map(|k| Seat(((mover.index() + k) % seats) as u8))
            .find(|&seat| self.can_play(seat));
        match next {
            Some(seat) => self.to_move = seat,
            None => self.end_round(RoundEnd::NobodyCanPlay),
        }
    }

    /// Scores the round, and sets up the next one (or ends the game).
    fn end_round(&mut self, end: RoundEnd) {
        let scores: Vec<i32> = (0..self.seats())
            .map(|i| {
                let seat = Seat(i as u8);
                let bonus = if end.bonus() == Some(seat) { BONUS } else { 0 };
                i32::from(self.captured(seat)) + i32::from(self.pegs_in(seat)) + bonus
            })
            .collect();
        for (total, score) in self.totals.iter_mut().zip(&scores) {
            *total += score;
        }
        let pegs_in = (0..self.seats())
            .map(|i| self.pegs_in(Seat(i as u8)))
            .collect();
        self.rounds.push(RoundResult {
            end,
            scores,
            captured: self.captured.clone(),
            pegs_in,
        });
        self.ended = Some(Box::new(self.clone()));
        self.pegs.iter_mut().for_each(|p| *p = None);
        self.cells.iter_mut().for_each(|c| *c = None);
        self.supply.iter_mut().for_each(|s| *s = self.options.pegs);
        self.captured.iter_mut().for_each(|c| *c = 0);
        self.pushing = false;
        if !self.is_over() {
            // Each player is first in exactly one round: round k starts with seat k.
            self.to_move = Seat(self.rounds.len() as u8);
        }
    }
}

impl Game for Doquin {
    type Move = Move;
    type Chance = NoChance;
    type ParseError = NotationError;
    type Illegal = IllegalMove;
    type Observation = Doquin;

    const NAME: &'static str = "doquin";

    fn seats(&self) -> usize {
        self.totals.len()
    }

    fn turn(&self) -> Turn {
        if self.is_over() {
            Turn::Over
        } else {
            Turn::Seat(self.to_move)
        }
    }

    fn legal_moves(&self) -> Vec<Move> {
        Doquin::legal_moves(self)
    }

    fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        Doquin::play(self, m)
    }

    fn chance_outcomes(&self) -> ChanceOutcomes<NoChance> {
        ChanceOutcomes::Listed(Vec::new())
    }

    fn sample_chance(&self, _: &mut dyn RngCore) -> Option<NoChance> {
        None
    }

    fn parse_chance(&self, _: &str) -> Result<NoChance, NotationError> {
        Err(NotationError("Doquin has no chance moves".into()))
    }

    fn play_chance(&mut self, outcome: &NoChance) -> Result<(), IllegalMove> {
        match *outcome {}
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.is_over() {
            return None;
        }
        let best = self.totals.iter().copied().max().unwrap_or(0);
        let winners: Vec<Seat> = (0..self.seats())
            .filter(|&i| self.totals[i] == best)
            .map(|i| Seat(i as u8))
            .collect();
        let reason = if winners.len() > 1 {
            format!("equal highest totals after {} rounds", self.rounds.len())
        } else {
            format!("highest total after {} rounds", self.rounds.len())
        };
        Some(Outcome {
            winners,
            drawn: false,
            reason,
        })
    }

    /// The totals of the finished rounds plus, while a round is in play, each seat's points in it
    /// so far (captures and pegs all the way in; the bonus is only known when the round ends).
    fn scores(&self) -> Vec<i32> {
        (0..self.seats())
            .map(|i| {
                let seat = Seat(i as u8);
                self.totals[i] + i32::from(self.captured(seat)) + i32::from(self.pegs_in(seat))
            })
            .collect()
    }

    fn observe(&self, _: Seat) -> Doquin {
        self.clone()
    }
}
