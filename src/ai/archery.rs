//! The computer archer. Arrows never meet in Archery, so a player's final score depends only on
//! their own arrows and spins: the archer maximises its expected final score, computed exactly
//! by expectimax over the remaining spins (a few thousand states of three arrows).

use crate::rules::archery::{Archery, Arrow, Shot, ARROWS, FLIGHT};

use super::{Dice, Level};

/// Where an arrow in flight stands for the reckoning: 0 in the quiver, 1 to 16 on the line.
type Place = u8;
/// A slot of the memo for "no arrow here".
const NONE: usize = FLIGHT as usize + 1;
const SLOTS: usize = NONE + 1;

/// The chance of each sum from 2 to 12 with two independent numbers from 1 to 6.
fn sums() -> [(u8, f64); 11] {
    let mut out = [(0u8, 0.0); 11];
    for (i, slot) in out.iter_mut().enumerate() {
        let sum = i as u8 + 2;
        let ways = 6 - (i as i32 - 5).abs();
        *slot = (sum, f64::from(ways) / 36.0);
    }
    out
}

/// The expected points still to come from arrows in flight, playing best from here on.
struct Reckoner {
    memo: Vec<Option<f64>>,
    sums: [(u8, f64); 11],
}

impl Reckoner {
    fn new() -> Reckoner {
        Reckoner {
            memo: vec![None; SLOTS * SLOTS * SLOTS],
            sums: sums(),
        }
    }

    fn key(places: &[Place]) -> usize {
        let mut slots = [NONE; ARROWS];
        for (slot, place) in slots.iter_mut().zip(places) {
            *slot = usize::from(*place);
        }
        slots.sort_unstable();
        (slots[0] * SLOTS + slots[1]) * SLOTS + slots[2]
    }

    /// The expected points to come from arrows in flight at `places`.
    fn future(&mut self, places: &[Place]) -> f64 {
        if places.is_empty() {
            return 0.0;
        }
        let key = Reckoner::key(places);
        if let Some(value) = self.memo[key] {
            return value;
        }
        let mut total = 0.0;
        for (sum, chance) in self.sums {
            let best = (0..places.len())
                .map(|i| self.after_move(places, i, sum))
                .fold(f64::MIN, f64::max);
            total += chance * best;
        }
        self.memo[key] = Some(total);
        total
    }

    /// The expected points to come after moving arrow `i` by `sum`: what it scores now, and what
    /// the arrows still in flight will bring.
    fn after_move(&mut self, places: &[Place], i: usize, sum: u8) -> f64 {
        let arrow = if places[i] == 0 {
            Arrow::Quiver
        } else {
            Arrow::Flying(places[i])
        };
        let mut rest: Vec<Place> = places.to_vec();
        match arrow.after(sum) {
            Arrow::Flying(space) => {
                rest[i] = space;
                self.future(&rest)
            }
            landed => {
                rest.remove(i);
                f64::from(landed.score()) + self.future(&rest)
            }
        }
    }
}

fn place(arrow: Arrow) -> Option<Place> {
    match arrow {
        Arrow::Quiver => Some(0),
        Arrow::Flying(space) => Some(space),
        _ => None,
    }
}

/// For the player to move with a spin waiting: each arrow they may move (counted from 1), with
/// the final score they can expect if they move it and play best afterwards.
pub fn expectations(game: &Archery) -> Vec<(Shot, f64)> {
    let Some(spin) = game.spin() else {
        return Vec::new();
    };
    let arrows = game.arrows(game.player());
    let banked: f64 = arrows.iter().map(|a| f64::from(a.score())).sum();
    let mut reckoner = Reckoner::new();
    let in_flight: Vec<(usize, Place)> = arrows
        .iter()
        .enumerate()
        .filter_map(|(i, a)| place(*a).map(|p| (i, p)))
        .collect();
    let places: Vec<Place> = in_flight.iter().map(|(_, p)| *p).collect();
    in_flight
        .iter()
        .enumerate()
        .map(|(k, (arrow, _))| {
            let value = banked + reckoner.after_move(&places, k, spin.sum());
            (Shot(*arrow as u8 + 1), value)
        })
        .collect()
}

/// The final score a player can expect from arrows as they stand, before the next spin,
/// playing best.
pub fn expected_score(arrows: &[Arrow; ARROWS]) -> f64 {
    let banked: f64 = arrows.iter().map(|a| f64::from(a.score())).sum();
    let places: Vec<Place> = arrows.iter().filter_map(|a| place(*a)).collect();
    banked + Reckoner::new().future(&places)
}

/// The computer archer's choice at `level`: the best arrow, picked less carefully at the lower
/// levels (it misjudges by up to a few points, and a beginner now and then picks any arrow).
pub fn choose(game: &Archery, level: Level, seed: u64) -> Option<Shot> {
    let options = expectations(game);
    let mut dice = Dice::new(seed);
    let (careless, misjudge) = match level {
        Level::Beginner => (0.35, 2.5),
        Level::Easy => (0.15, 1.2),
        Level::Medium => (0.0, 0.4),
        Level::Hard | Level::Hardest => (0.0, 0.0),
    };
    if options.is_empty() {
        return None;
    }
    if dice.unit() < careless {
        return Some(options[dice.below(options.len())].0);
    }
    let judged: Vec<(Shot, f64)> = options
        .iter()
        .map(|(shot, value)| (*shot, value + dice.spread(misjudge)))
        .collect();
    let best = judged.iter().map(|(_, v)| *v).fold(f64::MIN, f64::max);
    // Arrows that are exactly as good are chosen between at random, so games differ.
    let equal: Vec<Shot> = judged
        .iter()
        .filter(|(_, v)| best - v < 1e-9)
        .map(|(s, _)| *s)
        .collect();
    Some(equal[dice.below(equal.len())])
}
