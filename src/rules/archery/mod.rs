//! Archery ("Game of Arch"), as `../shared/rules/teetotum-games.md` gives it: each player shoots
//! three arrows down a line of 23 spaces, 16 from the flag-staff and 7 across the target, moving
//! one arrow a turn by the sum of a Double Teetotum spin.

mod notation;

use std::fmt;

use rand_core::RngCore;
use serde::{Deserialize, Serialize};

use super::teetotum::{LeadSpin, Spin};
use super::{ChanceOutcomes, Game, NotationError, Outcome, Seat, Turn};

/// Arrows each player shoots.
pub const ARROWS: usize = 3;
/// The most players.
pub const MOST_PLAYERS: usize = 4;
/// Spaces from the flag-staff before the target.
pub const FLIGHT: u8 = 16;
/// Spaces in all: the flight and the target's seven.
pub const LINE: u8 = 23;
/// Whether a doublet on the teetotum counts for anything: in Archery it does not.
pub const DOUBLETS_COUNT: bool = false;

/// The points of a target space (17 to 23): its ring, one space either side of the bull's-eye.
pub fn points(space: u8) -> u8 {
    match space {
        17 | 23 => 1,
        18 | 22 => 2,
        19 | 21 => 3,
        20 => 6,
        _ => 0,
    }
}

/// The name of the ring a target space belongs to.
pub fn ring(space: u8) -> &'static str {
    match space {
        17 | 23 => "outer ring",
        18 | 22 => "second ring",
        19 | 21 => "third ring",
        20 => "bull's-eye",
        _ => "",
    }
}

/// Where an arrow is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Arrow {
    /// Not yet shot.
    Quiver,
    /// In flight on a space from 1 to 16.
    Flying(u8),
    /// Reached the target on a space from 17 to 23, where it stays and scores.
    Target(u8),
    /// Carried past the target: off the board, scoring nothing.
    Missed,
}

impl Arrow {
    /// Whether the arrow may still be moved (not entered, or on spaces 1-16).
    pub fn in_flight(self) -> bool {
        matches!(self, Arrow::Quiver | Arrow::Flying(_))
    }

    /// The points the arrow scores where it is.
    pub fn score(self) -> u8 {
        match self {
            Arrow::Target(space) => points(space),
            _ => 0,
        }
    }

    /// Where the arrow goes when a spin of `sum` moves it.
    pub fn after(self, sum: u8) -> Arrow {
        let from = match self {
            Arrow::Quiver => 0,
            Arrow::Flying(space) => space,
            finished => return finished,
        };
        match from + sum {
            space if space <= FLIGHT => Arrow::Flying(space),
            space if space <= LINE => Arrow::Target(space),
            _ => Arrow::Missed,
        }
    }
}

/// A player's move: which of their arrows (counted from 1) the spin moves.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Shot(pub u8);

/// A chance move of Archery: a spin of the Double Teetotum.
pub type Chance = Spin;

/// Why a move cannot be played here. The messages are shown to players as they are.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum IllegalMove {
    GameOver,
    SpinFirst,
    AlreadySpun,
    NoSuchArrow(u8),
    ArrowDone(u8, Arrow),
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::GameOver => write!(f, "the game is over"),
            IllegalMove::SpinFirst => write!(f, "spin the teetotum first"),
            IllegalMove::AlreadySpun => write!(f, "the spin is made: choose an arrow to move"),
            IllegalMove::NoSuchArrow(n) => write!(f, "there is no arrow {n}: arrows are 1 to 3"),
            IllegalMove::ArrowDone(n, Arrow::Missed) => {
                write!(f, "arrow {n} has missed and is off the board")
            }
            IllegalMove::ArrowDone(n, _) => {
                write!(f, "arrow {n} has reached the target and stays there")
            }
        }
    }
}

impl std::error::Error for IllegalMove {}

/// A game of Archery.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Archery {
    arrows: Vec<[Arrow; ARROWS]>,
    lead: LeadSpin,
    /// Whose turn it is, once the lead is decided.
    to_move: Seat,
    /// The spin waiting for the player to choose an arrow.
    spin: Option<Spin>,
    over: bool,
}

/// Archery has no options; a record's `options` must be empty.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {}

impl Archery {
    /// A new game for `players` (1 to 4): every arrow in its quiver, the lead to be spun for.
    pub fn new(players: usize) -> Archery {
        let players = players.clamp(1, MOST_PLAYERS);
        let lead = LeadSpin::new(players);
        Archery {
            arrows: vec![[Arrow::Quiver; ARROWS]; players],
            to_move: lead.leader().unwrap_or(Seat(0)),
            lead,
            spin: None,
            over: false,
        }
    }

    /// Reads a record's header for a game of `seats` players.
    pub fn from_header(
        variant: Option<&str>,
        options: &serde_json::Map<String, serde_json::Value>,
        seats: usize,
    ) -> Result<Archery, String> {
        if let Some(name) = variant {
            return Err(format!(
                "Archery has no variants (the record names \"{name}\")"
            ));
        }
        super::read_options::<Options>("Archery", options)?;
        if !(1..=MOST_PLAYERS).contains(&seats) {
            return Err(format!("Archery is for 1 to 4 players, not {seats}"));
        }
        Ok(Archery::new(seats))
    }

    /// How many play.
    pub fn players(&self) -> usize {
        self.arrows.len()
    }

    /// A player's arrows.
    pub fn arrows(&self, seat: Seat) -> [Arrow; ARROWS] {
        self.arrows[seat.index()]
    }

    /// The spin for lead, as it stands.
    pub fn lead(&self) -> &LeadSpin {
        &self.lead
    }

    /// Whose turn it is: who spins for lead, or who spins and shoots.
    pub fn player(&self) -> Seat {
        self.lead.spinner().unwrap_or(self.to_move)
    }

    /// The spin waiting for its arrow, if the player has spun.
    pub fn spin(&self) -> Option<Spin> {
        self.spin
    }

    /// A player's points so far.
    pub fn score(&self, seat: Seat) -> u32 {
        self.arrows[seat.index()]
            .iter()
            .map(|a| u32::from(a.score()))
            .sum()
    }

    /// Where each arrow of the player to move would go with the waiting spin (none for arrows
    /// no longer in flight).
    pub fn landings(&self) -> [Option<Arrow>; ARROWS] {
        let mut landings = [None; ARROWS];
        if let (Some(spin), false) = (self.spin, self.over) {
            for (i, arrow) in self.arrows[self.to_move.index()].iter().enumerate() {
                if arrow.in_flight() {
                    landings[i] = Some(arrow.after(spin.sum()));
                }
            }
        }
        landings
    }

    /// Checks a shot without playing it.
    pub fn check(&self, shot: Shot) -> Result<(), IllegalMove> {
        if self.over {
            return Err(IllegalMove::GameOver);
        }
        if self.lead.leader().is_none() || self.spin.is_none() {
            return Err(IllegalMove::SpinFirst);
        }
        let n = shot.0;
        if !(1..=ARROWS as u8).contains(&n) {
            return Err(IllegalMove::NoSuchArrow(n));
        }
        let arrow = self.arrows[self.to_move.index()][usize::from(n - 1)];
        if !arrow.in_flight() {
            return Err(IllegalMove::ArrowDone(n, arrow));
        }
        Ok(())
    }

    fn has_arrow_in_flight(&self, seat: Seat) -> bool {
        self.arrows[seat.index()].iter().any(|a| a.in_flight())
    }

    /// Passes the turn to the next player in seat order with an arrow in flight; the game ends
    /// when nobody has one.
    fn pass_turn(&mut self, from: Seat) {
        let players = self.players() as u8;
        let next = (1..=players)
            .map(|step| Seat((from.0 + step) % players))
            .find(|seat| self.has_arrow_in_flight(*seat));
        match next {
            Some(seat) => self.to_move = seat,
            None => self.over = true,
        }
    }
}

impl Game for Archery {
    type Move = Shot;
    type Chance = Spin;
    type ParseError = NotationError;
    type Illegal = IllegalMove;
    type Observation = Archery;

    const NAME: &'static str = "archery";

    fn seats(&self) -> usize {
        self.players()
    }

    fn turn(&self) -> Turn {
        if self.over {
            Turn::Over
        } else if self.lead.leader().is_none() || self.spin.is_none() {
            Turn::Chance
        } else {
            Turn::Seat(self.to_move)
        }
    }

    fn legal_moves(&self) -> Vec<Shot> {
        if self.turn() != Turn::Seat(self.to_move) {
            return Vec::new();
        }
        (1..=ARROWS as u8)
            .map(Shot)
            .filter(|shot| self.check(*shot).is_ok())
            .collect()
    }

    fn play(&mut self, shot: Shot) -> Result<(), IllegalMove> {
        self.check(shot)?;
        let spin = self.spin.take().expect("checked: a spin is waiting");
        let seat = self.to_move;
        let arrow = &mut self.arrows[seat.index()][usize::from(shot.0 - 1)];
        *arrow = arrow.after(spin.sum());
        self.pass_turn(seat);
        Ok(())
    }

    fn chance_outcomes(&self) -> ChanceOutcomes<Spin> {
        match self.turn() {
            Turn::Chance => ChanceOutcomes::Listed(Spin::outcomes()),
            _ => ChanceOutcomes::Listed(Vec::new()),
        }
    }

    fn sample_chance(&self, rng: &mut dyn RngCore) -> Option<Spin> {
        (self.turn() == Turn::Chance).then(|| Spin::sample(rng))
    }

    fn parse_chance(&self, text: &str) -> Result<Spin, NotationError> {
        text.parse()
            .map_err(|e: super::teetotum::ParseSpinError| NotationError(e.0))
    }

    fn play_chance(&mut self, spin: &Spin) -> Result<(), IllegalMove> {
        if self.over {
            return Err(IllegalMove::GameOver);
        }
        if self.lead.leader().is_none() {
            if let Some(leader) = self.lead.record(*spin) {
                self.to_move = leader;
            }
            return Ok(());
        }
        if self.spin.is_some() {
            return Err(IllegalMove::AlreadySpun);
        }
        self.spin = Some(*spin);
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.over {
            return None;
        }
        let seats = (0..self.players() as u8).map(Seat);
        let best = seats.clone().map(|s| self.score(s)).max().unwrap_or(0);
        Some(Outcome {
            winners: seats.filter(|s| self.score(*s) == best).collect(),
            drawn: false,
            reason: "every arrow has reached the target or missed".to_string(),
        })
    }

    fn scores(&self) -> Vec<i32> {
        (0..self.players() as u8)
            .map(|s| self.score(Seat(s)) as i32)
            .collect()
    }

    fn observe(&self, _: Seat) -> Archery {
        self.clone()
    }
}
