//! Quoits, as `../shared/rules/teetotum-games.md` gives it: players pitch men by the Double
//! Teetotum onto a lane of fifteen spaces leading to the hub; an end is four rounds, scored by
//! the spaces the men stand on and by how near the hub they are; sixty points win.

use std::fmt;

use rand_core::RngCore;
use serde::{Deserialize, Serialize};

use super::history::History;
use super::teetotum::{LeadSpin, ParseSpinError, Spin};
use super::{ChanceOutcomes, Game, NoMove, NotationError, Outcome, Seat, Turn};

/// Men each player pitches in an end (an end is this many rounds).
pub const MEN: u8 = 4;
/// The fewest and most players.
pub const FEWEST_PLAYERS: usize = 2;
pub const MOST_PLAYERS: usize = 4;
/// Spaces on a pitch, the hub included.
pub const SPACES: usize = 15;
/// The score that ends the game at the end of an end, unless the players choose another.
pub const TARGET: u32 = 60;
/// Points for a man on the hub, on a doublet space, on a numbered space.
pub const HUB_POINTS: u32 = 10;
pub const DOUBLET_POINTS: u32 = 3;
pub const NUMBER_POINTS: u32 = 2;
/// Whether a doublet on the teetotum counts for anything: in Quoits it sends the man to its own
/// doublet space.
pub const DOUBLETS_COUNT: bool = true;
/// Extra points on each pitch for the man nearest the hub, the next nearest, the third.
pub const NEAREST_BONUS: [u32; 3] = [5, 3, 1];

/// A space of a pitch, from the farthest from the hub to the hub itself.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Space {
    /// A numbered space (3 to 11), where a plain spin of that sum lands.
    Number(u8),
    /// A doublet space (1-1 to 5-5), where that doublet lands.
    Doublet(u8),
    /// The hub, where double six lands.
    Hub,
}

/// The lane from farthest (index 0) to the hub (index 14) (*interpretation*: the rules file
/// orders the spaces so that "set back", "forward" and "nearest the hub" mean something).
pub const LANE: [Space; SPACES] = [
    Space::Number(7),
    Space::Number(6),
    Space::Number(8),
    Space::Number(5),
    Space::Number(9),
    Space::Number(4),
    Space::Number(10),
    Space::Number(3),
    Space::Number(11),
    Space::Doublet(1),
    Space::Doublet(2),
    Space::Doublet(3),
    Space::Doublet(4),
    Space::Doublet(5),
    Space::Hub,
];

impl Space {
    /// The space a spin sends a man to.
    pub fn of(spin: Spin) -> Space {
        match (spin.is_doublet(), spin.first()) {
            (true, 6) => Space::Hub,
            (true, n) => Space::Doublet(n),
            (false, _) => Space::Number(spin.sum()),
        }
    }

    /// The space's place on the lane, 0 (farthest) to 14 (the hub).
    pub fn index(self) -> usize {
        LANE.iter()
            .position(|s| *s == self)
            .expect("every space is on the lane")
    }

    /// The points a man scores standing here at the end of an end (before the bonuses).
    pub fn points(self) -> u32 {
        match self {
            Space::Hub => HUB_POINTS,
            Space::Doublet(_) => DOUBLET_POINTS,
            Space::Number(_) => NUMBER_POINTS,
        }
    }
}

impl fmt::Display for Space {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Space::Number(n) => write!(f, "{n}"),
            Space::Doublet(n) => write!(f, "{n}-{n}"),
            Space::Hub => write!(f, "hub"),
        }
    }
}

/// The options that the rules name. Absent from a record means the default.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// Every player pitches at pitch A (otherwise seats 1 and 3 at A, seats 2 and 4 at B).
    pub one_pitch: bool,
    /// The game is a single end: the highest score after four rounds wins.
    pub single_end: bool,
    /// The score that ends the game at the end of an end.
    pub target: u32,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            one_pitch: false,
            single_end: false,
            target: TARGET,
        }
    }
}

/// The fewest and most points a game may be played to.
pub const TARGETS: std::ops::RangeInclusive<u32> = 10..=500;

/// What happened to the man already on a space when another landed there.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Knock {
    /// Set back one space, away from the hub, to the space named.
    SetBack(Space),
    /// Pushed forward one space, toward the hub, to the space named.
    Forward(Space),
    /// Removed from the pitch: it does not count.
    Removed,
}

/// What one pitch did: whose man landed where, and what became of a first comer.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Pitch {
    pub seat: Seat,
    pub pitch: usize,
    pub space: Space,
    /// The first comer on that space, and what became of it.
    pub knocked: Option<(Seat, Knock)>,
}

/// A man's score at the end of an end.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ManScore {
    pub seat: Seat,
    pub pitch: usize,
    pub space: Space,
    pub points: u32,
    pub bonus: u32,
}

/// How an end was scored.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct EndScore {
    /// Every man that stood on a pitch, nearest the hub first on each pitch.
    pub men: Vec<ManScore>,
    /// Each player's points in this end.
    pub points: Vec<u32>,
    /// Each player's total after this end.
    pub totals: Vec<u32>,
}

/// Why a spin cannot be played here.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum IllegalMove {
    GameOver,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::GameOver => write!(f, "the game is over"),
        }
    }
}

impl std::error::Error for IllegalMove {}

/// A game of Quoits.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Quoits {
    options: Options,
    /// Each pitch's spaces, farthest first: the seat whose man stands there.
    pitches: [[Option<Seat>; SPACES]; 2],
    /// Men each player has still to pitch in this end.
    in_hand: Vec<u8>,
    totals: Vec<u32>,
    /// Every end scored so far.
    ends: History<EndScore>,
    lead: LeadSpin,
    /// Who pitched first in this end.
    end_leader: Seat,
    to_move: Seat,
    last_pitch: Option<Pitch>,
    over: bool,
}

impl Quoits {
    /// A new game for `players` (2 to 4), the lead to be spun for.
    pub fn new(players: usize, options: Options) -> Quoits {
        let players = players.clamp(FEWEST_PLAYERS, MOST_PLAYERS);
        Quoits {
            options,
            pitches: [[None; SPACES]; 2],
            in_hand: vec![MEN; players],
            totals: vec![0; players],
            ends: History::default(),
            lead: LeadSpin::new(players),
            end_leader: Seat(0),
            to_move: Seat(0),
            last_pitch: None,
            over: false,
        }
    }

    /// Reads a record's header for a game of `seats` players.
    pub fn from_header(
        variant: Option<&str>,
        options: &serde_json::Map<String, serde_json::Value>,
        seats: usize,
    ) -> Result<Quoits, String> {
        if let Some(name) = variant {
            return Err(format!(
                "Quoits has no variants (the record names \"{name}\")"
            ));
        }
        let options: Options = super::read_options("Quoits", options)?;
        if !TARGETS.contains(&options.target) {
            return Err(format!(
                "the Quoits target must be from {} to {}, not {}",
                TARGETS.start(),
                TARGETS.end(),
                options.target
            ));
        }
        if !(FEWEST_PLAYERS..=MOST_PLAYERS).contains(&seats) {
            return Err(format!("Quoits is for 2 to 4 players, not {seats}"));
        }
        Ok(Quoits::new(seats, options))
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

    /// How many play.
    pub fn players(&self) -> usize {
        self.totals.len()
    }

    /// The pitch a seat pitches at: 0 (A) or 1 (B).
    pub fn pitch_of(&self, seat: Seat) -> usize {
        if self.options.one_pitch {
            0
        } else {
            seat.index() % 2
        }
    }

    /// How many pitches are in use.
    pub fn pitch_count(&self) -> usize {
        if self.options.one_pitch {
            1
        } else {
            2
        }
    }

    /// A pitch's spaces, farthest first: whose man stands on each.
    pub fn pitch(&self, pitch: usize) -> &[Option<Seat>; SPACES] {
        &self.pitches[pitch]
    }

    /// Men a player has still to pitch in this end.
    pub fn in_hand(&self, seat: Seat) -> u8 {
        self.in_hand[seat.index()]
    }

    /// A player's total over the ends scored.
    pub fn total(&self, seat: Seat) -> u32 {
        self.totals[seat.index()]
    }

    /// Every end scored so far, oldest first.
    pub fn ends(&self) -> Vec<&EndScore> {
        self.ends.to_vec()
    }

    /// How many ends have been scored.
    pub fn ends_scored(&self) -> usize {
        self.ends.len()
    }

    /// The end scored last.
    pub fn last_end(&self) -> Option<&EndScore> {
        self.ends.last()
    }

    /// The highest total, when two or more players share it at or past the target: the game
    /// goes on for another end (none in a game of a single end, which they share).
    pub fn tied_past_target(&self) -> Option<u32> {
        let best = self.totals.iter().copied().max()?;
        let leaders = self.totals.iter().filter(|t| **t == best).count();
        (!self.over && !self.options.single_end && best >= self.options.target && leaders > 1)
            .then_some(best)
    }

    /// The end being played, counted from 1.
    pub fn end_number(&self) -> usize {
        self.ends.len() + 1
    }

    /// The round of the end being played, 1 to 4.
    pub fn round(&self) -> u8 {
        MEN - self.in_hand[self.to_move.index()] + 1
    }

    /// The spin for lead, as it stands.
    pub fn lead(&self) -> &LeadSpin {
        &self.lead
    }

    /// Who spins next: for lead, or to pitch.
    pub fn player(&self) -> Seat {
        self.lead.spinner().unwrap_or(self.to_move)
    }

    /// What the last pitch did.
    pub fn last_pitch(&self) -> Option<Pitch> {
        self.last_pitch
    }

    /// What a spin would do for the player to pitch, without playing it.
    pub fn pitch_for(&self, spin: Spin) -> Pitch {
        let seat = self.to_move;
        let pitch = self.pitch_of(seat);
        let space = Space::of(spin);
        let at = space.index();
        let lane = &self.pitches[pitch];
        let knocked = lane[at].map(|first_comer| {
            let knock = if at > 0 && lane[at - 1].is_none() {
                Knock::SetBack(LANE[at - 1])
            } else if at + 1 < SPACES && lane[at + 1].is_none() {
                Knock::Forward(LANE[at + 1])
            } else {
                Knock::Removed
            };
            (first_comer, knock)
        });
        Pitch {
            seat,
            pitch,
            space,
            knocked,
        }
    }

    fn apply_pitch(&mut self, spin: Spin) {
        let pitch = self.pitch_for(spin);
        let lane = &mut self.pitches[pitch.pitch];
        let at = pitch.space.index();
        if let Some((first_comer, knock)) = pitch.knocked {
            match knock {
                Knock::SetBack(to) | Knock::Forward(to) => lane[to.index()] = Some(first_comer),
                Knock::Removed => {}
            }
        }
        lane[at] = Some(pitch.seat);
        self.in_hand[pitch.seat.index()] -= 1;
        self.last_pitch = Some(pitch);
        if self.in_hand.iter().all(|n| *n == 0) {
            self.score_end();
        } else {
            let players = self.players() as u8;
            self.to_move = Seat((self.to_move.0 + 1) % players);
        }
    }

    fn score_end(&mut self) {
        let mut men = Vec::new();
        let mut points = vec![0; self.players()];
        for (p, lane) in self.pitches.iter().enumerate() {
            let nearest_first = lane
                .iter()
                .enumerate()
                .rev()
                .filter_map(|(i, seat)| seat.map(|s| (i, s)));
            for (rank, (i, seat)) in nearest_first.enumerate() {
                let space = LANE[i];
                let bonus = NEAREST_BONUS.get(rank).copied().unwrap_or(0);
                points[seat.index()] += space.points() + bonus;
                men.push(ManScore {
                    seat,
                    pitch: p,
                    space,
                    points: space.points(),
                    bonus,
                });
            }
        }
        for (total, add) in self.totals.iter_mut().zip(&points) {
            *total += add;
        }
        self.ends.push(EndScore {
            men,
            points,
            totals: self.totals.clone(),
        });
        self.pitches = [[None; SPACES]; 2];
        let best = self.totals.iter().copied().max().unwrap_or(0);
        let leaders = self.totals.iter().filter(|t| **t == best).count();
        self.over = self.options.single_end || (best >= self.options.target && leaders == 1);
        if !self.over {
            let players = self.players() as u8;
            self.end_leader = Seat((self.end_leader.0 + 1) % players);
            self.to_move = self.end_leader;
            self.in_hand = vec![MEN; self.players()];
        }
    }
}

impl Game for Quoits {
    type Move = NoMove;
    type Chance = Spin;
    type ParseError = NotationError;
    type Illegal = IllegalMove;
    type Observation = Quoits;

    const NAME: &'static str = "quoits";

    fn seats(&self) -> usize {
        self.players()
    }

    fn turn(&self) -> Turn {
        if self.over {
            Turn::Over
        } else {
            Turn::Chance
        }
    }

    fn legal_moves(&self) -> Vec<NoMove> {
        Vec::new()
    }

    fn play(&mut self, m: NoMove) -> Result<(), IllegalMove> {
        match m {}
    }

    fn chance_outcomes(&self) -> ChanceOutcomes<Spin> {
        if self.over {
            ChanceOutcomes::Listed(Vec::new())
        } else {
            ChanceOutcomes::Listed(Spin::outcomes())
        }
    }

    fn sample_chance(&self, rng: &mut dyn RngCore) -> Option<Spin> {
        (!self.over).then(|| Spin::sample(rng))
    }

    fn parse_chance(&self, text: &str) -> Result<Spin, NotationError> {
        text.parse().map_err(|e: ParseSpinError| NotationError(e.0))
    }

    fn play_chance(&mut self, spin: &Spin) -> Result<(), IllegalMove> {
        if self.over {
            return Err(IllegalMove::GameOver);
        }
        if self.lead.leader().is_none() {
            if let Some(leader) = self.lead.record(*spin) {
                self.end_leader = leader;
                self.to_move = leader;
            }
            return Ok(());
        }
        self.apply_pitch(*spin);
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.over {
            return None;
        }
        let best = self.totals.iter().copied().max().unwrap_or(0);
        let reason = if self.options.single_end {
            "single end played".to_string()
        } else {
            format!("{} points reached", self.options.target)
        };
        Some(Outcome {
            winners: (0..self.players() as u8)
                .map(Seat)
                .filter(|s| self.totals[s.index()] == best)
                .collect(),
            drawn: false,
            reason,
        })
    }

    fn scores(&self) -> Vec<i32> {
        self.totals.iter().map(|t| *t as i32).collect()
    }

    fn observe(&self, _: Seat) -> Quoits {
        self.clone()
    }
}
