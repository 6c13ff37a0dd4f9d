//! The Doquin computer players, for two to four players.
//!
//! - Beginner inserts a peg almost anywhere: it takes a capture it sees only now and then.
//! - Easy looks one turn ahead: it plays each move (and the pushes that follow it) and takes
//!   the one that earns most now (a capture, a peg all the way in), leaves none of its pegs open
//!   to capture, and sets up captures of its own.
//! - Medium, Hard and Hardest search by Monte Carlo (UCT): from the position they play the
//!   round out many times, each seat choosing in the tree by what has been best *for that
//!   seat* so far (every seat has its own reward, so three or four players each play for
//!   themselves), and in the play-outs by a quick rule of thumb (capture, then all the way in,
//!   then touch an opponent's peg, now and then anything). The tree tries the most promising
//!   moves first and more of them as play-outs come in, and leans towards them while it knows
//!   little (at the root by Easy's judgement, below by the rule of thumb). The reward of a
//!   finished round is each seat's lead over the best of the others (totals of the game so far
//!   included, softened by how many rounds are still to come) and its share of the round's
//!   points. Medium plays 400 rounds out a move, Hard 3,000 and Hardest 10,000, each within
//!   its level's time by the clock.
//!
//! Pushes after a capture are moves of the capturing player like any other, and are searched
//! the same way; when no two pegs that can slide cross each other's path, every order ends the
//! same, and the computer pushes the first.
//!
//! Everything that varies is drawn from the seed, and time is read from the [`Clock`] given.

use crate::ai::{Clock, Dice, Level, Verdict};
use crate::rules::doquin::{Doquin, Hole, Move};
use crate::rules::{Game, Seat, Turn};

/// How long a strong player may think over one move: at most `ms` by the clock and at most
/// `playouts` rounds played out.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Budget {
    pub ms: f64,
    pub playouts: usize,
}

impl Budget {
    /// The budget of a level (Beginner and Easy play out nothing).
    pub fn of(level: Level) -> Budget {
        Budget {
            ms: level.think_ms(),
            playouts: match level {
                Level::Beginner | Level::Easy => 0,
                Level::Medium => MEDIUM_PLAYOUTS,
                Level::Hard => HARD_PLAYOUTS,
                Level::Hardest => HARDEST_PLAYOUTS,
            },
        }
    }

    /// A budget of play-outs only, with no time limit (for series run natively, whose result
    /// must not depend on the machine's speed, and for tests).
    pub fn playouts(playouts: usize) -> Budget {
        Budget {
            ms: f64::INFINITY,
            playouts,
        }
    }
}

/// Rounds played out per move at Medium, Hard and Hardest (the clock may stop them sooner).
pub const MEDIUM_PLAYOUTS: usize = 400;
pub const HARD_PLAYOUTS: usize = 3_000;
pub const HARDEST_PLAYOUTS: usize = 10_000;
/// Play-outs a search always makes, whatever the clock says.
const LEAST_PLAYOUTS: usize = 24;
/// The clock is read once in this many play-outs.
const CLOCK_EVERY: usize = 8;

/// The computer's move, with what it expects of it.
#[derive(Clone, PartialEq, Debug)]
pub struct Choice {
    pub best: Move,
    /// The mover's expected reward, from 0 (sure to fall behind) to 1 (sure to lead); 0.5 when
    /// the move was not searched.
    pub value: f64,
    /// How many rounds were played out.
    pub playouts: usize,
}

impl Choice {
    fn plain(best: Move) -> Choice {
        Choice {
            best,
            value: 0.5,
            playouts: 0,
        }
    }
}

/// A hint: the best move found, and how the game looks for the seat to move.
#[derive(Clone, PartialEq, Debug)]
pub struct Hint {
    pub best: Move,
    pub value: f64,
    pub verdict: Verdict,
    pub playouts: usize,
}

/// The move of the seat to move at `level`, thinking at most the level's time by `clock`;
/// `None` when nobody is to move.
pub fn choose_move(game: &Doquin, level: Level, seed: u64, clock: &dyn Clock) -> Option<Choice> {
    choose_within(game, level, seed, Budget::of(level), clock)
}

/// As [`choose_move`], with the searching levels' budget given.
pub fn choose_within(
    game: &Doquin,
    level: Level,
    seed: u64,
    budget: Budget,
    clock: &dyn Clock,
) -> Option<Choice> {
    let candidates = candidates(game)?;
    let mut dice = Dice::new(seed ^ 0xd0c0_1a5e_ed5a_17ee);
    if candidates.len() == 1 {
        return Some(Choice::plain(candidates[0]));
    }
    let choice = match level {
        Level::Beginner => Choice::plain(beginner(game, &candidates, &mut dice)),
        Level::Easy => Choice::plain(one_ply(game, &candidates, &mut dice, EASY_NOISE)),
        Level::Medium | Level::Hard | Level::Hardest => {
            search(game, &candidates, &mut dice, budget, clock)
        }
    };
    Some(choice)
}

/// A legal move drawn uniformly (the benchmark's random player); `None` when nobody is to move.
pub fn random_move(game: &Doquin, seed: u64) -> Option<Move> {
    let legal = game.legal_moves();
    if legal.is_empty() {
        return None;
    }
    Some(legal[Dice::new(seed).below(legal.len())])
}

/// The best move found in the time given, with a verdict on the game for the seat to move.
pub fn hint(game: &Doquin, think_ms: f64, clock: &dyn Clock) -> Option<Hint> {
    let candidates = candidates(game)?;
    let mut dice = Dice::new(0x5eed);
    let budget = Budget {
        ms: think_ms,
        playouts: HARDEST_PLAYOUTS,
    };
    // Even a forced move is searched, for the verdict.
    let choice = search(game, &candidates, &mut dice, budget, clock);
    Some(Hint {
        best: choice.best,
        value: choice.value,
        verdict: verdict(choice.value),
        playouts: choice.playouts,
    })
}

/// The verdict on an expected reward for the seat to move (0.5: level with the leader).
pub fn verdict(value: f64) -> Verdict {
    if value > 0.75 {
        Verdict::Winning
    } else if value > 0.58 {
        Verdict::Better
    } else if value >= 0.42 {
        Verdict::Even
    } else if value >= 0.25 {
        Verdict::Worse
    } else {
        Verdict::Losing
    }
}

/// Easy misjudges a move by up to this much (a point is 1).
const EASY_NOISE: f64 = 0.3;
/// Beginner takes a capture it could make this often.
const BEGINNER_SEES_CAPTURE: f64 = 0.4;
/// What one of one's pegs open to capture costs, to Easy (a point is 1).
const OPEN_PEG: f64 = 0.9;
/// What an opponent's peg one could capture next turn is worth, to Easy.
const THREAT: f64 = 0.3;
/// The play-outs' chance of a move drawn at random instead of by the rule of thumb.
const PLAYOUT_WHIM: f64 = 0.12;
/// The exploration constant of the tree search (rewards lie between 0 and 1).
const EXPLORE: f64 = 0.6;
/// How much of a reward is the lead over the others (the rest is the share of the round).
const LEAD_WEIGHT: f64 = 0.75;
/// The weight of how promising a move looks in the tree search, which fades as the move's
/// play-outs come in.
const PROMISE: f64 = 1.0;
/// How fast a node of the search tree tries more of its moves (see [`Node::may_widen`]).
const WIDEN: f64 = 1.0;
/// The most seats a game has, for fixed-size reward vectors.
const SEATS: usize = 4;
/// The most holes a block has (5 x 5 on three faces).
const MOST_HOLES: usize = 75;

/// The moves worth considering: every legal move, or only the first push when every order of
/// the pushes ends the same. `None` when nobody is to move.
fn candidates(game: &Doquin) -> Option<Vec<Move>> {
    let Turn::Seat(_) = game.turn() else {
        return None;
    };
    let legal = game.legal_moves();
    if legal.is_empty() {
        return None;
    }
    if game.is_pushing() && pushes_independent(game, &legal) {
        return Some(vec![legal[0]]);
    }
    Some(legal)
}

/// Whether no two of the pegs that can slide cross each other's way: then every order of the
/// pushes leaves the same block (a push only fills cells, so it can only stop a peg whose way
/// it crosses).
fn pushes_independent(game: &Doquin, pushes: &[Move]) -> bool {
    let block = game.block();
    let n = block.size;
    let mut claimed = vec![false; block.cell_count()];
    for m in pushes {
        let Move::Push(hole) = *m else { continue };
        let Some(peg) = game.peg(hole) else { continue };
        for depth in peg.depth..n {
            let cell = hole.cell(depth, n);
            if game.occupant(cell).is_some() {
                break;
            }
            let index = block.cell_index(cell);
            if claimed[index] {
                return false;
            }
            claimed[index] = true;
        }
    }
    true
}

/// For each hole with a peg in it, which seats have a peg touching it (one bit per seat).
struct Touches {
    by: [u8; MOST_HOLES],
}

impl Touches {
    fn of(game: &Doquin) -> Touches {
        let n = game.block().size;
        let mut by = [0u8; MOST_HOLES];
        for hole in game.block().holes() {
            if let (Some(peg), Some(target)) = (game.peg(hole), game.touched(hole)) {
                by[target.index(n)] |= 1 << peg.owner.0;
            }
        }
        Touches { by }
    }

    fn touched_by(&self, target: Hole, seat: Seat, n: u8) -> bool {
        self.by[target.index(n)] & (1 << seat.0) != 0
    }
}

/// What inserting a peg into a hole would do, before the pushes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Landing {
    /// It captures the peg it touches.
    Capture,
    /// It goes all the way in.
    AllIn,
    /// It touches an opponent's peg (the first touch of a capture to come).
    Threat,
    /// It touches one of the mover's own pegs.
    Quiet,
}

impl Landing {
    /// The play-outs' order of preference.
    fn rank(self) -> u8 {
        match self {
            Landing::Capture => 3,
            Landing::AllIn => 2,
            Landing::Threat => 1,
            Landing::Quiet => 0,
        }
    }
}

/// Where a peg inserted into the open `hole` by `mover` stops, and what it then does.
fn landing(game: &Doquin, touches: &Touches, hole: Hole, mover: Seat) -> Landing {
    let n = game.block().size;
    for depth in 0..n {
        if let Some(target) = game.occupant(hole.cell(depth, n)) {
            let owner = game.peg(target).map(|p| p.owner);
            return match owner {
                Some(owner) if owner != mover && touches.touched_by(target, mover, n) => {
                    Landing::Capture
                }
                Some(owner) if owner != mover => Landing::Threat,
                _ => Landing::Quiet,
            };
        }
    }
    Landing::AllIn
}

/// The seat to move (the game is not over).
fn mover(game: &Doquin) -> Seat {
    match game.turn() {
        Turn::Seat(seat) => seat,
        _ => Seat(0),
    }
}

/// Beginner: a capture now and then when it sees one, otherwise any move.
fn beginner(game: &Doquin, candidates: &[Move], dice: &mut Dice) -> Move {
    let me = mover(game);
    let touches = Touches::of(game);
    let captures: Vec<Move> = candidates
        .iter()
        .copied()
        .filter(
            |m| matches!(m, Move::Insert(h) if landing(game, &touches, *h, me) == Landing::Capture),
        )
        .collect();
    if !captures.is_empty() && dice.unit() < BEGINNER_SEES_CAPTURE {
        return captures[dice.below(captures.len())];
    }
    candidates[dice.below(candidates.len())]
}

/// Finishes the mover's pushes by the rule of thumb: the mover's own pegs first, so that where
/// two ways cross, its peg goes in.
fn finish_pushes(game: &mut Doquin, me: Seat) {
    while game.is_pushing() {
        let pushes = game.legal_moves();
        let own = pushes
            .iter()
            .copied()
            .find(|m| matches!(m, Move::Push(h) if game.peg(*h).is_some_and(|p| p.owner == me)));
        let m = own.unwrap_or(pushes[0]);
        if game.play(m).is_err() {
            break;
        }
    }
}

/// Each seat's points in the round being played (captures and pegs all the way in), or, once
/// the round `round` (counted from 0) has ended, its score for that round.
fn round_points(game: &Doquin, round: usize) -> [f64; SEATS] {
    let mut points = [0.0; SEATS];
    if let Some(result) = game.rounds().get(round) {
        for (p, s) in points.iter_mut().zip(&result.scores) {
            *p = f64::from(*s);
        }
    } else {
        for (i, p) in points.iter_mut().enumerate().take(game.seats()) {
            let seat = Seat(i as u8);
            *p = f64::from(game.captured(seat)) + f64::from(game.pegs_in(seat));
        }
    }
    points
}

/// Easy's judgement of a position after `me`'s turn in round `round`: its points less the
/// others' on average, less its pegs open to capture, plus the captures it threatens.
fn judge_after_turn(game: &Doquin, me: Seat, round: usize) -> f64 {
    let seats = game.seats();
    let points = round_points(game, round);
    let others = (0..seats)
        .filter(|&i| i != me.index())
        .map(|i| points[i])
        .sum::<f64>()
        / (seats - 1) as f64;
    let mut value = points[me.index()] - others;
    if game.rounds().len() > round || game.turn() == Turn::Over {
        return value;
    }
    let n = game.block().size;
    let touches = Touches::of(game);
    let mut open = [false; MOST_HOLES];
    let mut threatened = [false; MOST_HOLES];
    let open_holes: Vec<Hole> = game
        .block()
        .holes()
        .filter(|&h| game.is_available(h))
        .collect();
    for seat in (0..seats).map(|i| Seat(i as u8)) {
        if game.supply(seat) == 0 {
            continue;
        }
        for &hole in &open_holes {
            if landing(game, &touches, hole, seat) != Landing::Capture {
                continue;
            }
            let Some(target) = stop_target(game, hole) else {
                continue;
            };
            let victim = game.peg(target).map(|p| p.owner);
            if seat == me {
                threatened[target.index(n)] = true;
            } else if victim == Some(me) {
                open[target.index(n)] = true;
            }
        }
    }
    value -= OPEN_PEG * open.iter().filter(|o| **o).count() as f64;
    value += THREAT * threatened.iter().filter(|t| **t).count() as f64;
    value
}

/// The peg a peg inserted into the open `hole` would stop against, if any.
fn stop_target(game: &Doquin, hole: Hole) -> Option<Hole> {
    let n = game.block().size;
    (0..n).find_map(|depth| game.occupant(hole.cell(depth, n)))
}

/// Easy: plays each move and the pushes after it, and takes the best by [`judge_after_turn`],
/// misjudging by up to `noise`.
fn one_ply(game: &Doquin, candidates: &[Move], dice: &mut Dice, noise: f64) -> Move {
    judged(game, candidates, dice, noise)
        .into_iter()
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map_or(candidates[0], |(m, _)| m)
}

/// Each candidate with its value by [`judge_after_turn`] after it and the pushes after it,
/// misjudged by up to `noise` (and by a hair, so that equals are ordered by the dice).
fn judged(game: &Doquin, candidates: &[Move], dice: &mut Dice, noise: f64) -> Vec<(Move, f64)> {
    let me = mover(game);
    let round = game.rounds().len();
    candidates
        .iter()
        .map(|&m| {
            let mut after = game.clone();
            let value = if after.play(m).is_ok() {
                finish_pushes(&mut after, me);
                judge_after_turn(&after, me, round)
            } else {
                f64::NEG_INFINITY
            };
            (m, value + dice.spread(noise) + dice.unit() * 1e-6)
        })
        .collect()
}

/// The candidates in the order the search tries them, the best by Easy's judgement last, each
/// with how promising it looks: 1 for the best, less by a factor e for each point worse.
fn by_judgement(game: &Doquin, candidates: &[Move], dice: &mut Dice) -> Vec<(Move, f64)> {
    let mut judged = judged(game, candidates, dice, 0.0);
    judged.sort_by(|a, b| a.1.total_cmp(&b.1));
    let best = judged.last().map_or(0.0, |j| j.1);
    judged
        .into_iter()
        .map(|(m, v)| (m, (v - best).exp()))
        .collect()
}

/// The play-outs' rule of thumb: now and then any move; otherwise a capture, else a peg all
/// the way in, else a touch of an opponent's peg, else any; pushes of one's own pegs first.
fn playout_move(game: &Doquin, legal: &[Move], dice: &mut Dice) -> Move {
    if dice.unit() < PLAYOUT_WHIM {
        return legal[dice.below(legal.len())];
    }
    let me = mover(game);
    if game.is_pushing() {
        let own: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| matches!(m, Move::Push(h) if game.peg(*h).is_some_and(|p| p.owner == me)))
            .collect();
        let pool = if own.is_empty() { legal } else { &own };
        return pool[dice.below(pool.len())];
    }
    let touches = Touches::of(game);
    let mut best: [Move; MOST_HOLES] = [legal[0]; MOST_HOLES];
    let mut count = 0;
    let mut best_rank = 0;
    for &m in legal {
        let Move::Insert(hole) = m else { continue };
        let rank = landing(game, &touches, hole, me).rank();
        if rank > best_rank {
            best_rank = rank;
            count = 0;
        }
        if rank == best_rank && count < MOST_HOLES {
            best[count] = m;
            count += 1;
        }
    }
    if count == 0 {
        return legal[dice.below(legal.len())];
    }
    best[dice.below(count)]
}

/// The reward of each seat for a round that has ended (or a game that stands as it is): its
/// lead over the best of the others in the game's totals, softened by the rounds still to
/// come, and its share of the round's points.
fn rewards(game: &Doquin, round: usize) -> [f64; SEATS] {
    let seats = game.seats();
    let points = round_points(game, round);
    let finished = game.rounds().len() > round;
    let mut totals = [0.0; SEATS];
    for (i, total) in totals.iter_mut().enumerate().take(seats) {
        *total = f64::from(game.totals()[i]) + if finished { 0.0 } else { points[i] };
    }
    let rounds_left = seats.saturating_sub(game.rounds().len().max(round + 1));
    let scale = 1.0 + 2.5 * (rounds_left as f64).sqrt();
    let sum: f64 = points.iter().take(seats).sum();
    let mut out = [0.0; SEATS];
    for i in 0..seats {
        let best_other = (0..seats)
            .filter(|&j| j != i)
            .map(|j| totals[j])
            .fold(f64::NEG_INFINITY, f64::max);
        let lead = 0.5 + 0.5 * ((totals[i] - best_other) / scale).tanh();
        let share = if sum > 0.0 {
            points[i] / sum
        } else {
            1.0 / seats as f64
        };
        out[i] = LEAD_WEIGHT * lead + (1.0 - LEAD_WEIGHT) * share;
    }
    out
}

/// A node of the search tree: the position after the moves from the root to it.
struct Node {
    /// The seat to move here (meaningless at the end of the round).
    mover: u8,
    /// Moves not yet tried from here, each with how promising it looks (0 to 1), the most
    /// promising last.
    untried: Vec<(Move, f64)>,
    /// Moves tried, each with the node it leads to and how promising it looked.
    children: Vec<(Move, u32, f64)>,
    visits: u32,
    /// The sum of each seat's rewards over the play-outs through here.
    reward: [f64; SEATS],
    /// The round has ended here (or the game).
    end: bool,
}

impl Node {
    /// Whether another move may be tried from here: the more play-outs have come through a
    /// node, the more of its moves are tried, the most promising first.
    fn may_widen(&self) -> bool {
        !self.untried.is_empty()
            && (self.children.len() as f64) < 1.0 + WIDEN * f64::from(self.visits).sqrt()
    }

    fn new(game: &Doquin, round: usize, dice: &mut Dice) -> Node {
        let end = game.rounds().len() > round || game.turn() == Turn::Over;
        let (mover, untried) = if end {
            (0, Vec::new())
        } else {
            (mover(game).0, ordered_candidates(game, dice))
        };
        Node {
            mover,
            untried,
            children: Vec::new(),
            visits: 0,
            reward: [0.0; SEATS],
            end,
        }
    }
}

/// The moves to try from a position with how promising each looks, the most promising last
/// (captures, then all the way in, then threats; pushes of one's own pegs), ties in an order
/// drawn from the dice.
fn ordered_candidates(game: &Doquin, dice: &mut Dice) -> Vec<(Move, f64)> {
    let Some(mut moves) = candidates(game) else {
        return Vec::new();
    };
    // Shuffle, then sort by promise (stable), so equals come in a seeded order.
    for i in (1..moves.len()).rev() {
        moves.swap(i, dice.below(i + 1));
    }
    let me = mover(game);
    let touches = Touches::of(game);
    let mut out: Vec<(Move, f64)> = moves
        .into_iter()
        .map(|m| {
            let promise = match m {
                Move::Insert(h) => f64::from(landing(game, &touches, h, me).rank()) / 3.0,
                Move::Push(h) => {
                    if game.peg(h).is_some_and(|p| p.owner == me) {
                        0.5
                    } else {
                        0.0
                    }
                }
            };
            (m, promise)
        })
        .collect();
    out.sort_by(|a, b| a.1.total_cmp(&b.1));
    out
}

/// Monte Carlo tree search over the rest of the round, each seat choosing for itself.
fn search(
    game: &Doquin,
    root_moves: &[Move],
    dice: &mut Dice,
    budget: Budget,
    clock: &dyn Clock,
) -> Choice {
    let started = clock.now_ms();
    let round = game.rounds().len();
    let mut root = Node::new(game, round, dice);
    root.untried = by_judgement(game, root_moves, dice);
    let root_mover = usize::from(root.mover);
    let mut nodes = vec![root];
    let mut playouts = 0;
    let mut path: Vec<u32> = Vec::new();
    let mut legal: Vec<Move> = Vec::new();
    while playouts < budget.playouts.max(LEAST_PLAYOUTS) {
        if playouts >= LEAST_PLAYOUTS
            && playouts.is_multiple_of(CLOCK_EVERY)
            && clock.now_ms() - started >= budget.ms
        {
            break;
        }
        let mut position = game.clone();
        path.clear();
        path.push(0);
        let mut at = 0usize;
        // Down the tree by each mover's upper confidence bound.
        loop {
            let node = &nodes[at];
            if node.end || node.children.is_empty() || node.may_widen() {
                break;
            }
            let seat = usize::from(node.mover);
            let log_n = f64::from(node.visits.max(1)).ln();
            let mut best = node.children[0];
            let mut best_score = f64::NEG_INFINITY;
            for &(m, child, promise) in &node.children {
                let c = &nodes[child as usize];
                let visits = f64::from(c.visits.max(1));
                let score = c.reward[seat] / visits
                    + EXPLORE * (log_n / visits).sqrt()
                    + PROMISE * promise / (visits + 1.0);
                if score > best_score {
                    best_score = score;
                    best = (m, child, promise);
                }
            }
            if position.play(best.0).is_err() {
                break;
            }
            at = best.1 as usize;
            path.push(best.1);
        }
        // Grow the tree by one move.
        let grow = if nodes[at].may_widen() || nodes[at].children.is_empty() {
            nodes[at].untried.pop()
        } else {
            None
        };
        if let Some((m, promise)) = grow {
            if position.play(m).is_ok() {
                let child = Node::new(&position, round, dice);
                let index = nodes.len() as u32;
                nodes.push(child);
                nodes[at].children.push((m, index, promise));
                at = index as usize;
                path.push(index);
            }
        }
        // Play the round out.
        if !nodes[at].end {
            let mut guard = 0;
            while position.rounds().len() == round && guard < 2_000 {
                guard += 1;
                legal.clear();
                legal.extend(position.legal_moves());
                if legal.is_empty() {
                    break;
                }
                let m = playout_move(&position, &legal, dice);
                if position.play(m).is_err() {
                    break;
                }
            }
        }
        let reward = rewards(&position, round);
        for &index in &path {
            let node = &mut nodes[index as usize];
            node.visits += 1;
            for (sum, r) in node.reward.iter_mut().zip(reward) {
                *sum += r;
            }
        }
        playouts += 1;
    }
    let root = &nodes[0];
    let (best, value) = root
        .children
        .iter()
        .map(|&(m, child, _)| {
            let c = &nodes[child as usize];
            let value = c.reward[root_mover] / f64::from(c.visits.max(1));
            (m, c.visits, value)
        })
        .max_by(|a, b| a.1.cmp(&b.1).then(a.2.total_cmp(&b.2)))
        .map(|(m, _, v)| (m, v))
        .unwrap_or((root_moves[0], 0.5));
    Choice {
        best,
        value,
        playouts,
    }
}
