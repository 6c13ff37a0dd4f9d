//! The Double Teetotum that Archery and Quoits share: a spin shows two numbers from 1 to 6,
//! independent and equally likely, and the spin for lead that opens both games.

use std::fmt;
use std::str::FromStr;

use rand_core::RngCore;

use super::Seat;

/// The numbers on each of the teetotum's two tops.
pub const FACES: u8 = 6;

/// One spin of the Double Teetotum: the two numbers as they show, first and second.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Spin {
    first: u8,
    second: u8,
}

impl Spin {
    /// The spin showing `first` and `second`, or `None` when a number is not 1 to 6.
    pub fn new(first: u8, second: u8) -> Option<Spin> {
        ((1..=FACES).contains(&first) && (1..=FACES).contains(&second))
            .then_some(Spin { first, second })
    }

    /// The first number.
    pub fn first(self) -> u8 {
        self.first
    }

    /// The second number.
    pub fn second(self) -> u8 {
        self.second
    }

    /// The sum of the two numbers, 2 to 12.
    pub fn sum(self) -> u8 {
        self.first + self.second
    }

    /// Whether the two numbers are equal.
    pub fn is_doublet(self) -> bool {
        self.first == self.second
    }

    /// The 36 ordered spins, 1+1, 1+2, ... 6+6, each with its probability.
    pub fn outcomes() -> Vec<(Spin, f64)> {
        (1..=FACES)
            .flat_map(|a| {
                (1..=FACES).map(move |b| {
                    (
                        Spin {
                            first: a,
                            second: b,
                        },
                        1.0 / 36.0,
                    )
                })
            })
            .collect()
    }

    /// A spin drawn with `rng`.
    pub fn sample(rng: &mut dyn RngCore) -> Spin {
        // 36 divides 2^32 unevenly; drawing again above the last whole multiple keeps the
        // spins exactly equally likely.
        let limit = u32::MAX - u32::MAX % 36;
        loop {
            let n = rng.next_u32();
            if n < limit {
                let n = (n % 36) as u8;
                return Spin {
                    first: n / FACES + 1,
                    second: n % FACES + 1,
                };
            }
        }
    }
}

impl fmt::Display for Spin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}+{}", self.first, self.second)
    }
}

/// Why a piece of text is not a spin.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParseSpinError(pub String);

impl fmt::Display for ParseSpinError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ParseSpinError {}

impl FromStr for Spin {
    type Err = ParseSpinError;

    fn from_str(text: &str) -> Result<Spin, ParseSpinError> {
        let bad = || {
            ParseSpinError(format!(
                "\"{}\" is not a spin (a spin is two numbers from 1 to 6, like 3+4)",
                text.trim()
            ))
        };
        let (a, b) = text.trim().split_once('+').ok_or_else(bad)?;
        let number = |s: &str| {
            s.trim()
                .parse::<u8>()
                .ok()
                .filter(|n| (1..=FACES).contains(n))
        };
        match (number(a), number(b)) {
            (Some(a), Some(b)) => Ok(Spin {
                first: a,
                second: b,
            }),
            _ => Err(bad()),
        }
    }
}

/// The spin for lead: each player spins once, in seat order; the highest sum leads, and players
/// tied for highest spin again among themselves until one is highest.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct LeadSpin {
    /// Every round of spins so far, each a list of (seat, spin) in seat order.
    rounds: Vec<Vec<(Seat, Spin)>>,
    /// The seats spinning in the current round, in seat order.
    contenders: Vec<Seat>,
    /// Who leads, once decided.
    leader: Option<Seat>,
}

impl LeadSpin {
    /// The spin for lead among `seats` players (a lone player needs none, and leads).
    pub fn new(seats: usize) -> LeadSpin {
        let contenders: Vec<Seat> = (0..seats as u8).map(Seat).collect();
        LeadSpin {
            leader: (seats == 1).then_some(Seat(0)),
            rounds: vec![Vec::new()],
            contenders,
        }
    }

    /// Who leads, once the spins have decided it.
    pub fn leader(&self) -> Option<Seat> {
        self.leader
    }

    /// Whose spin for lead is due, while it is undecided.
    pub fn spinner(&self) -> Option<Seat> {
        if self.leader.is_some() {
            return None;
        }
        let spun = self.rounds.last().map_or(0, Vec::len);
        self.contenders.get(spun).copied()
    }

    /// The seats spinning in the current round: every seat at first, then those tied.
    pub fn contenders(&self) -> &[Seat] {
        &self.contenders
    }

    /// The rounds of spins so far (a round after the first is a re-spin among tied players).
    pub fn rounds(&self) -> &[Vec<(Seat, Spin)>] {
        &self.rounds
    }

    /// How many spins for lead there have been, in every round.
    pub fn spins(&self) -> usize {
        self.rounds.iter().map(Vec::len).sum()
    }

    /// Records the next spin for lead. Returns the leader once it is decided.
    pub fn record(&mut self, spin: Spin) -> Option<Seat> {
        let Some(seat) = self.spinner() else {
            return self.leader;
        };
        let round = self.rounds.last_mut().expect("there is always a round");
        round.push((seat, spin));
        if round.len() < self.contenders.len() {
            return None;
        }
        let best = round.iter().map(|(_, s)| s.sum()).max().unwrap_or(0);
        let tied: Vec<Seat> = round
            .iter()
            .filter(|(_, s)| s.sum() == best)
            .map(|(seat, _)| *seat)
            .collect();
        if let [only] = tied[..] {
            self.leader = Some(only);
        } else {
            self.contenders = tied;
            self.rounds.push(Vec::new());
        }
        self.leader
    }
}

/// The colours of the players' pieces, seat by seat, as in the reproduction box: blue, natural
/// wood, green and purple.
pub const COLOURS: [&str; 4] = ["blue", "natural", "green", "purple"];
