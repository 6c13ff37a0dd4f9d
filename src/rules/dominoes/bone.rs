//! Bones and sets: every pair of numbers from blank to the set's highest, once.

use serde::{Deserialize, Serialize};

/// A domino, written high end first: `6-4`, `5-5`, `0-0`. `high >= low` always.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Bone {
    pub high: u8,
    pub low: u8,
}

impl Bone {
    /// The bone with these two ends, in either order.
    pub const fn new(a: u8, b: u8) -> Bone {
        if a >= b {
            Bone { high: a, low: b }
        } else {
            Bone { high: b, low: a }
        }
    }

    /// Whether both ends are the same number.
    pub fn is_double(self) -> bool {
        self.high == self.low
    }

    /// The sum of its two ends.
    pub fn pips(self) -> u32 {
        u32::from(self.high) + u32::from(self.low)
    }

    /// Whether one of its ends shows `n` (the bone belongs to suit `n`).
    pub fn has(self, n: u8) -> bool {
        self.high == n || self.low == n
    }

    /// The end that is not `n` (for a double, `n` itself), when the bone shows `n`.
    pub fn other(self, n: u8) -> Option<u8> {
        if self.high == n {
            Some(self.low)
        } else if self.low == n {
            Some(self.high)
        } else {
            None
        }
    }

    /// Heavier first: more pips, then the higher end (the rule for the first set without a
    /// double).
    pub fn heavier_than(self, other: Bone) -> bool {
        (self.pips(), self.high) > (other.pips(), other.high)
    }
}

/// The pips of a hand: the sum of all numbers on its bones.
pub fn pips(bones: &[Bone]) -> u32 {
    bones.iter().map(|b| b.pips()).sum()
}

/// A set of dominoes: double-six (28 bones), double-nine (55) or double-twelve (91).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub enum Set {
    #[default]
    DoubleSix,
    DoubleNine,
    DoubleTwelve,
}

impl Set {
    /// Every set, smallest first.
    pub const ALL: [Set; 3] = [Set::DoubleSix, Set::DoubleNine, Set::DoubleTwelve];

    /// The set whose highest double is `n` (6, 9 or 12).
    pub fn of(n: u8) -> Option<Set> {
        match n {
            6 => Some(Set::DoubleSix),
            9 => Some(Set::DoubleNine),
            12 => Some(Set::DoubleTwelve),
            _ => None,
        }
    }

    /// The highest number on a bone of the set.
    pub fn highest(self) -> u8 {
        match self {
            Set::DoubleSix => 6,
            Set::DoubleNine => 9,
            Set::DoubleTwelve => 12,
        }
    }

    /// How many bones the set holds.
    pub fn size(self) -> usize {
        let n = usize::from(self.highest()) + 1;
        n * (n + 1) / 2
    }

    /// Every bone of the set once, in a fixed order: `0-0, 1-0, 1-1, 2-0, ...` up to the highest
    /// double.
    pub fn bones(self) -> Vec<Bone> {
        (0..=self.highest())
            .flat_map(|high| (0..=high).map(move |low| Bone { high, low }))
            .collect()
    }

    /// Whether the bone belongs to the set.
    pub fn contains(self, bone: Bone) -> bool {
        bone.high <= self.highest() && bone.low <= bone.high
    }

    /// The sum Matador plays to: seven with double-six, ten with double-nine, thirteen with
    /// double-twelve.
    pub fn matador_sum(self) -> u8 {
        self.highest() + 1
    }

    /// The set's name as players say it.
    pub fn name(self) -> &'static str {
        match self {
            Set::DoubleSix => "double-six",
            Set::DoubleNine => "double-nine",
            Set::DoubleTwelve => "double-twelve",
        }
    }
}

impl From<Set> for u8 {
    fn from(set: Set) -> u8 {
        set.highest()
    }
}

impl TryFrom<u8> for Set {
    type Error = String;

    fn try_from(n: u8) -> Result<Set, String> {
        Set::of(n).ok_or_else(|| format!("there is no double-{n} set: the sets are 6, 9 and 12"))
    }
}
