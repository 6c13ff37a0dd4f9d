//! The computer players: searches written against the rules, with each game's own evaluation.
//!
//! Nothing here reads a clock or draws a random number by itself: time comes from a [`Clock`]
//! that the caller passes (the Web Worker passes `Date.now()`, the native tool an `Instant`),
//! and every choice that varies is drawn from a seed the caller gives. So the same code runs in
//! a browser's worker and natively, and tests can script time.

pub mod archery;
pub mod dominoes;
pub mod doquin;
pub mod morris;

use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// A clock in milliseconds (the worker passes `Date.now()`; native code passes an `Instant`).
pub trait Clock {
    /// Milliseconds since some fixed moment; only differences are used.
    fn now_ms(&self) -> f64;
}

impl<F: Fn() -> f64> Clock for F {
    fn now_ms(&self) -> f64 {
        self()
    }
}

/// How well the computer plays: from a beginner who overlooks things to the full engine.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Level {
    /// Looks one move ahead, misjudges freely and now and then plays any move at all.
    Beginner,
    /// Looks a little ahead and misjudges a little.
    Easy,
    /// Sees the usual tactics a few moves deep.
    Medium,
    /// The full engine with less time to think.
    Hard,
    /// The full engine.
    Hardest,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 5] = [
        Level::Beginner,
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Hardest,
    ];

    /// The level's name in records (`"hard"`).
    pub fn name(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Hardest => "hardest",
        }
    }

    /// The level named `name` in records.
    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|level| level.name() == name)
    }

    /// The level's name as players read it.
    pub fn title(self) -> &'static str {
        match self {
            Level::Beginner => "Beginner",
            Level::Easy => "Easy",
            Level::Medium => "Medium",
            Level::Hard => "Hard",
            Level::Hardest => "Hardest",
        }
    }

    /// The name a computer seat at this level goes by unless it is given one ("Easy computer").
    pub fn seat_name(self) -> String {
        format!("{} computer", self.title())
    }

    /// The longest the computer thinks over one move at this level, in milliseconds (the lower
    /// levels search to a fixed depth and usually answer much sooner).
    pub fn think_ms(self) -> f64 {
        match self {
            Level::Beginner => 150.0,
            Level::Easy => 250.0,
            Level::Medium => 400.0,
            Level::Hard => 500.0,
            Level::Hardest => 1100.0,
        }
    }
}

/// How the position looks to the engine, from the point of view of the side to move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Verdict {
    Winning,
    Better,
    Even,
    Worse,
    Losing,
}

impl Verdict {
    /// The verdict in words, as a hint shows it.
    pub fn words(self) -> &'static str {
        match self {
            Verdict::Winning => "winning",
            Verdict::Better => "a little better",
            Verdict::Even => "even",
            Verdict::Worse => "a little worse",
            Verdict::Losing => "losing",
        }
    }
}

/// Before this many moves a computer offered a draw declines it unless it stands clearly worse.
pub const DRAW_AFTER_PLIES: usize = 40;

/// Whether a computer offered a draw takes it, given the engine's verdict (in words, as a hint
/// gives it) from the point of view of the side offering, after `plies` moves: at any time when
/// it is losing, and when it stands a little worse or level only once the game is well under
/// way. (In the opening the side to move is often "a little better" for having the move, which
/// is no reason to give the game away.)
pub fn takes_draw(verdict: Option<&str>, plies: usize) -> bool {
    match verdict {
        Some(v) if v == Verdict::Winning.words() => true,
        Some(v) if v == Verdict::Better.words() || v == Verdict::Even.words() => {
            plies >= DRAW_AFTER_PLIES
        }
        _ => false,
    }
}

/// The seeded generator behind every varied choice.
pub(crate) struct Dice(Pcg64Mcg);

impl Dice {
    pub(crate) fn new(seed: u64) -> Dice {
        Dice(Pcg64Mcg::seed_from_u64(seed))
    }

    /// A whole number below `n` (n > 0).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        ((self.0.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * n as f64) as usize % n.max(1)
    }

    /// A whole number of 64 bits (to seed another generator).
    pub(crate) fn word(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A number in [0, 1).
    pub(crate) fn unit(&mut self) -> f64 {
        (self.0.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// A number in (-width, width), more often near 0 (a triangular spread).
    pub(crate) fn spread(&mut self, width: f64) -> f64 {
        (self.unit() + self.unit() - 1.0) * width
    }
}
