//! The Dominoes computer players, for every game of the family, that decide from what their
//! seat may see and nothing more.
//!
//! Every entry point takes an [`Observation`], never the game itself, so the computer cannot
//! look at a hidden bone: it has none to look at.
//!
//! - Beginner lays any bone it can (and now and then forgets to claim a count).
//! - Easy lays its heaviest bone.
//! - Medium lays the bone that scores most now (All Fives counts, Bergen headers), else the
//!   heaviest, misjudging a little; it keeps its matadors in Matador.
//! - Hard and Hardest imagine many deals of the bones they cannot see, each agreeing with what
//!   they have seen (the size of every hand and of the stock, the suits each player has shown it
//!   lacks by going or drawing), play every candidate move out to the end of the hand in each of
//!   them with a quick greedy player at every seat, and choose the move with the best average
//!   result for their side: the side's points over the hand (counts during play and the end of
//!   the hand) less the others', with a bonus for reaching the target first. Partners are one
//!   side, so each helps the other.
//!
//! Every level claims its own counts and takes muggins when it can (Beginner only sometimes),
//! and chooses among equally good moves with the seed.

mod deals;
mod world;

pub use world::World;

use crate::ai::{Clock, Dice, Level, Verdict};
use crate::rules::dominoes::{Bone, DominoGame, Move, Observation};
use crate::rules::Turn;

use deals::Unseen;
use world::Lay;

/// How much the strong players may think over one move: at most `ms` milliseconds by the clock
/// and at most `worlds` imagined deals.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Budget {
    pub ms: f64,
    pub worlds: usize,
}

impl Budget {
    /// The budget of a level (the lower levels do not imagine deals at all).
    pub fn of(level: Level) -> Budget {
        Budget {
            ms: level.think_ms(),
            worlds: match level {
                Level::Hardest => HARDEST_WORLDS,
                Level::Hard => HARD_WORLDS,
                _ => 0,
            },
        }
    }

    /// A budget of imagined deals only, with no time limit (for long series run natively, where
    /// the result must not depend on the machine's speed).
    pub fn worlds(worlds: usize) -> Budget {
        Budget {
            ms: f64::INFINITY,
            worlds,
        }
    }
}

/// Imagined deals per move at the strongest level, and at Hard.
pub const HARDEST_WORLDS: usize = 600;
pub const HARD_WORLDS: usize = 120;
/// Imagined deals a search always completes, whatever the clock says.
const LEAST_WORLDS: usize = 8;

/// The computer's move, with what it expects of it.
#[derive(Clone, PartialEq, Debug)]
pub struct Choice {
    pub best: Move,
    /// The side's expected points over the rest of the hand less the others' (0 when the move
    /// was not searched).
    pub value: f64,
    /// How many deals were imagined.
    pub worlds: usize,
    /// Each candidate move with its expected value, when searched.
    pub expected: Vec<(Move, f64)>,
}

impl Choice {
    fn plain(best: Move) -> Choice {
        Choice {
            best,
            value: 0.0,
            worlds: 0,
            expected: Vec::new(),
        }
    }
}

/// A hint: the best move found, and how the hand looks for the side to move.
#[derive(Clone, PartialEq, Debug)]
pub struct Hint {
    pub best: Move,
    pub value: f64,
    pub verdict: Verdict,
    pub worlds: usize,
}

/// The move of the observer at `level`, thinking at most the level's time by `clock`; `None`
/// when the observer is not to move.
pub fn choose_move(
    obs: &Observation,
    level: Level,
    seed: u64,
    clock: &dyn Clock,
) -> Option<Choice> {
    choose_within(obs, level, seed, Budget::of(level), clock)
}

/// As [`choose_move`], with the strong levels' budget given.
pub fn choose_within(
    obs: &Observation,
    level: Level,
    seed: u64,
    budget: Budget,
    clock: &dyn Clock,
) -> Option<Choice> {
    let legal = obs.legal_moves();
    if obs.claim_due().is_some() {
        // The observer's play counted and the next player is to move: claim it, unless it
        // is forgotten (then there is no move to make).
        return claims(level, seed).then(|| Choice::plain(Move::Claim));
    }
    if obs.turn() != Turn::Seat(obs.seat()) || legal.is_empty() {
        return None;
    }
    let mut dice = Dice::new(seed ^ 0xd0e1_7a2b_5c3d_9e4f);
    if legal.len() == 1 {
        return Some(Choice::plain(legal[0]));
    }
    // Take the count the previous player left unclaimed.
    let careless = level == Level::Beginner && dice.unit() < BEGINNER_FORGETS;
    if legal.contains(&Move::Muggins) && !careless {
        return Some(Choice::plain(Move::Muggins));
    }
    let candidates: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| *m != Move::Muggins)
        .collect();
    if candidates.len() == 1 {
        return Some(Choice::plain(candidates[0]));
    }
    let choice = match level {
        Level::Beginner => {
            let lays: Vec<Move> = candidates
                .iter()
                .copied()
                .filter(|m| m.bone().is_some())
                .collect();
            let pool = if lays.is_empty() { &candidates } else { &lays };
            Choice::plain(pool[dice.below(pool.len())])
        }
        Level::Easy => Choice::plain(by_key(obs, &candidates, &mut dice, |_, bone, _| {
            f64::from(bone.pips() as u16)
        })),
        Level::Medium => {
            Choice::plain(by_key(obs, &candidates, &mut dice, |dice, bone, points| {
                let matador = if is_matador(obs, bone) {
                    -MATADOR_KEEP
                } else {
                    0.0
                };
                f64::from(points) * 2.0
                    + f64::from(bone.pips() as u16)
                    + matador
                    + dice.spread(MEDIUM_NOISE)
            }))
        }
        Level::Hard | Level::Hardest => search(obs, &candidates, &mut dice, budget, clock),
    };
    Some(choice)
}

/// Whether a player at `level` claims the count its play just made: every level does but the
/// beginner, who sometimes forgets.
pub fn claims(level: Level, seed: u64) -> bool {
    let mut dice = Dice::new(seed ^ 0x0c1a_1e5f_0a3b_7d29);
    level != Level::Beginner || dice.unit() >= BEGINNER_FORGETS
}

/// The move the benchmark's greedy player makes: its heaviest playable bone, or where play
/// scores (All Fives, Bergen) the play that scores most now, then the heaviest; a matador only
/// when nothing else will do. It claims every count.
pub fn greedy(obs: &Observation, seed: u64) -> Option<Move> {
    let legal = obs.legal_moves();
    if legal.is_empty() {
        return None;
    }
    if legal.contains(&Move::Claim) {
        return Some(Move::Claim);
    }
    if legal.contains(&Move::Muggins) {
        return Some(Move::Muggins);
    }
    let mut dice = Dice::new(seed);
    Some(by_key(obs, legal, &mut dice, |_, bone, points| {
        greedy_key(points, bone, is_matador(obs, bone))
    }))
}

/// The best move found in the time given, with a verdict on the hand for the side to move.
pub fn hint(obs: &Observation, think_ms: f64, clock: &dyn Clock) -> Option<Hint> {
    let legal = obs.legal_moves();
    if obs.turn() != Turn::Seat(obs.seat()) || legal.is_empty() {
        return None;
    }
    let budget = Budget {
        ms: think_ms,
        worlds: HARDEST_WORLDS,
    };
    let mut dice = Dice::new(0x5eed);
    // A count left unclaimed is always worth taking; the search judges the rest.
    let mut choice = search(obs, &without_muggins(legal), &mut dice, budget, clock);
    if legal.contains(&Move::Muggins) {
        choice.best = Move::Muggins;
    }
    Some(Hint {
        best: choice.best,
        value: choice.value,
        verdict: verdict(obs, choice.value),
        worlds: choice.worlds,
    })
}

/// The verdict on an expected result for the side to move, measured against what a hand of
/// this game is usually worth.
pub fn verdict(obs: &Observation, value: f64) -> Verdict {
    let scale = match obs.game() {
        DominoGame::Bergen => 2.0,
        DominoGame::Pool => obs.players() as f64,
        _ => 10.0 + 2.0 * f64::from(obs.options().set.highest()),
    };
    let v = value / scale;
    if v > 0.5 {
        Verdict::Winning
    } else if v > 0.15 {
        Verdict::Better
    } else if v >= -0.15 {
        Verdict::Even
    } else if v >= -0.5 {
        Verdict::Worse
    } else {
        Verdict::Losing
    }
}

/// Beginner forgets to claim (or to take muggins) this often.
const BEGINNER_FORGETS: f64 = 0.4;
/// Medium misjudges a bone's worth by up to this many pips.
const MEDIUM_NOISE: f64 = 4.0;
/// How many pips a matador is worth keeping, to the simple players.
const MATADOR_KEEP: f64 = 30.0;
/// Two expected values closer than this are equal, and the seed chooses between them.
const EQUAL: f64 = 1e-9;

fn without_muggins(legal: &[Move]) -> Vec<Move> {
    legal
        .iter()
        .copied()
        .filter(|m| *m != Move::Muggins)
        .collect()
}

fn is_matador(obs: &Observation, bone: Bone) -> bool {
    obs.game() == DominoGame::Matador
        && (bone.pips() == u32::from(obs.options().set.matador_sum()) || bone == Bone::new(0, 0))
}

/// The greedy order of lays: what it scores now, then the heaviest; a matador last.
fn greedy_key(points: u32, bone: Bone, matador: bool) -> f64 {
    let keep = if matador { -1_000.0 } else { 0.0 };
    f64::from(points as u16) * 100.0 + f64::from(bone.pips() as u16) + keep
}

/// The candidate with the highest key (a move that lays nothing keys lowest), ties broken by
/// the dice. The key is given the bone and what laying it scores now.
fn by_key(
    obs: &Observation,
    candidates: &[Move],
    dice: &mut Dice,
    mut key: impl FnMut(&mut Dice, Bone, u32) -> f64,
) -> Move {
    let world = World::new(obs, Vec::new(), Vec::new());
    let lays = world.lays(obs.seat().index());
    let mut best: Vec<Move> = Vec::new();
    let mut best_key = f64::NEG_INFINITY;
    for m in candidates {
        let k = match *m {
            Move::Set(bone) => key(dice, bone, world.set_points(bone)),
            Move::Play {
                bone,
                end,
                low_first,
            } => {
                let lay = lays.iter().copied().find(|l| {
                    l.bone == bone && l.end.arm() == end.arm() && l.low_first == low_first
                });
                key(dice, bone, world.points_of(lay))
            }
            _ => -1e12,
        };
        if k > best_key + EQUAL {
            best_key = k;
            best.clear();
            best.push(*m);
        } else if (k - best_key).abs() <= EQUAL {
            best.push(*m);
        }
    }
    best[dice.below(best.len())]
}

/// Imagines deals of the unseen bones and plays each candidate out in each of them.
fn search(
    obs: &Observation,
    candidates: &[Move],
    dice: &mut Dice,
    budget: Budget,
    clock: &dyn Clock,
) -> Choice {
    let started = clock.now_ms();
    let unseen = Unseen::of(obs);
    let side = obs.sides().of(obs.seat());
    let mut totals = vec![0.0f64; candidates.len()];
    let mut worlds = 0;
    while worlds < budget.worlds.max(1) {
        if worlds >= LEAST_WORLDS && clock.now_ms() - started >= budget.ms {
            break;
        }
        let (hands, stock) = unseen.deal(dice);
        let base = World::new(obs, hands, stock);
        // Every candidate meets the same deal and the same dice in its play-out, so that the
        // comparison is between the moves and not between the luck of their play-outs.
        let rollout_seed = dice.word();
        for (i, m) in candidates.iter().enumerate() {
            let mut world = base.clone();
            if !world.play(*m) {
                totals[i] = f64::NEG_INFINITY;
                continue;
            }
            play_out(&mut world, &mut Dice::new(rollout_seed));
            totals[i] += value(&world, side, obs);
        }
        worlds += 1;
    }
    let means: Vec<f64> = totals.iter().map(|t| t / worlds as f64).collect();
    let top = means.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let best: Vec<usize> = (0..candidates.len())
        .filter(|i| means[*i] >= top - EQUAL)
        .collect();
    let pick = best[dice.below(best.len())];
    Choice {
        best: candidates[pick],
        value: means[pick],
        worlds,
        expected: candidates.iter().copied().zip(means).collect(),
    }
}

/// What a finished play-out is worth to `side`: its points less the others' (on average), and
/// the target's bonus or forfeit when the game ended.
fn value(world: &World, side: usize, obs: &Observation) -> f64 {
    let gained = world.gained();
    let mine = f64::from(gained[side]);
    let others: f64 = gained
        .iter()
        .enumerate()
        .filter(|(s, _)| *s != side)
        .map(|(_, g)| f64::from(*g))
        .sum::<f64>()
        / (gained.len().max(2) - 1) as f64;
    let mut v = mine - others;
    if world.target_reached() {
        let bonus = f64::from(obs.options().target);
        let leaders = world.leaders();
        if leaders.contains(&side) {
            v += bonus / leaders.len() as f64;
        } else {
            v -= bonus;
        }
    }
    v
}

/// Plays the hand out with the quick greedy player at every seat.
fn play_out(world: &mut World, dice: &mut Dice) {
    let mut guard = 0;
    while let Some(seat) = world.to_move() {
        guard += 1;
        if guard > 10_000 {
            break;
        }
        if world.line().is_empty() {
            let hand = world.hand(seat).to_vec();
            let best = hand
                .iter()
                .copied()
                .max_by_key(|b| (world.set_points(*b), b.pips(), b.high))
                .expect("a seat to set holds a bone");
            world.lay_set(best);
            continue;
        }
        let lays = world.lays(seat.index());
        if lays.is_empty() {
            let forced = world.forced();
            world.play(forced);
            continue;
        }
        let mut best: Option<Lay> = None;
        let mut best_key = f64::NEG_INFINITY;
        for lay in lays {
            let k = greedy_key(
                world.points_of(Some(lay)),
                lay.bone,
                world.is_matador(lay.bone),
            ) + dice.unit() * 0.5;
            if k > best_key {
                best_key = k;
                best = Some(lay);
            }
        }
        world.lay(best.expect("a lay was found"));
    }
}
