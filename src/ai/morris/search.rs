//! The search: iterative deepening over a principal-variation alpha-beta search, with a
//! transposition table keyed by Zobrist hashing, move ordering (table move, mills and removals,
//! blocks, killers, history), late-move reductions, repetition and fifty-move awareness along
//! the path, and mate scores that count the distance to the end.

use super::eval::{evaluate, Weights};
use super::node::{Geometry, Mv, Node, Over};
use crate::ai::Clock;

/// The score of a game won now; a win `n` plies away scores `MATE - n`.
pub const MATE: i32 = 30_000;
/// Scores beyond this are wins or losses found by the search.
pub const MATE_BOUND: i32 = MATE - 1_000;
const INF: i32 = MATE + 1;
/// The deepest the search goes, in plies from the root.
pub(crate) const MAX_PLY: usize = 96;
/// The deepest iteration.
pub(crate) const MAX_DEPTH: u32 = 80;

/// Whether a score is a win or a loss found by the search.
pub fn is_mate(score: i32) -> bool {
    score.abs() > MATE_BOUND
}

const EXACT: u8 = 0;
const LOWER: u8 = 1;
const UPPER: u8 = 2;

/// One slot of the transposition table.
#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    mv: u32,
    score: i16,
    depth: i8,
    /// The bound (two bits) and the search's generation (six bits).
    flags: u8,
}

impl Entry {
    fn bound(&self) -> u8 {
        self.flags & 3
    }

    fn generation(&self) -> u8 {
        self.flags >> 2
    }
}

/// The transposition table: buckets of two slots, one kept by depth and one always replaced.
pub(crate) struct Table {
    slots: Vec<Entry>,
    mask: usize,
    generation: u8,
}

impl Table {
    pub fn new(megabytes: usize) -> Table {
        let bytes = megabytes.clamp(1, 4096) << 20;
        let mut buckets = 1usize;
        while buckets * 2 * std::mem::size_of::<Entry>() * 2 <= bytes {
            buckets *= 2;
        }
        Table {
            slots: vec![Entry::default(); buckets * 2],
            mask: buckets - 1,
            generation: 0,
        }
    }

    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|e| *e = Entry::default());
        self.generation = 0;
    }

    pub fn next_generation(&mut self) {
        self.generation = (self.generation + 1) & 63;
    }

    fn bucket(&self, key: u64) -> usize {
        (key as usize & self.mask) * 2
    }

    fn probe(&self, key: u64) -> Option<Entry> {
        let b = self.bucket(key);
        self.slots[b..b + 2].iter().find(|e| e.key == key).copied()
    }

    fn store(&mut self, key: u64, mv: Mv, score: i32, depth: i32, bound: u8) {
        let b = self.bucket(key);
        let generation = self.generation;
        let new = Entry {
            key,
            mv: mv.0,
            score: score as i16,
            depth: depth.clamp(0, 127) as i8,
            flags: bound | generation << 2,
        };
        let slots = &mut self.slots[b..b + 2];
        if let Some(same) = slots.iter_mut().find(|e| e.key == key) {
            let mv = if mv == Mv::NONE { same.mv } else { mv.0 };
            *same = Entry { mv, ..new };
            return;
        }
        // The first slot keeps the deeper search of the current generation; the second takes
        // whatever it loses.
        let first = slots[0];
        if first.generation() != generation || first.depth <= new.depth {
            slots[1] = first;
            slots[0] = new;
        } else {
            slots[1] = new;
        }
    }
}

/// How one search is to be run.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Config {
    pub max_depth: u32,
    /// When to stop, on the clock (in ms).
    pub deadline: f64,
    /// When not to start another iteration.
    pub soft_deadline: f64,
    pub use_tt: bool,
    /// Late-move reductions: 0 for none (fixed-depth searches, which are then exact minimax),
    /// 1 for mild ones, 2 for stronger ones.
    pub reductions: u8,
    /// Root moves whose scores are within this of the best are kept exact (for varied play).
    pub margin: i32,
    /// Search every root move with a full window (exact scores for all of them).
    pub exact_all: bool,
    /// Plies of mill-closing moves searched beyond the horizon (0: none).
    pub quiescence: u32,
}

/// A root move with what the last completed iteration found for it.
#[derive(Clone, Debug)]
pub(crate) struct RootMove {
    pub mv: Mv,
    pub score: i32,
    /// Whether `score` is exact (otherwise an upper bound below the margin).
    pub exact: bool,
    pub pv: Vec<Mv>,
}

/// What an iteration reports.
pub(crate) struct Iteration<'r> {
    pub depth: u32,
    pub roots: &'r [RootMove],
    pub nodes: u64,
}

pub(crate) struct Searcher<'a> {
    g: &'a Geometry,
    w: &'a Weights,
    tt: &'a mut Table,
    cfg: Config,
    clock: &'a dyn Clock,
    stop: &'a dyn Fn() -> bool,
    moves: Vec<Mv>,
    order: Vec<i32>,
    /// Keys of the positions since the last irreversible move, the game's history first.
    rep: Vec<u64>,
    killers: Vec<[Mv; 2]>,
    history: Vec<i32>,
    pv: Vec<Mv>,
    pv_len: Vec<usize>,
    pub nodes: u64,
    stopped: bool,
    may_stop: bool,
}

impl<'a> Searcher<'a> {
    pub fn new(
        g: &'a Geometry,
        w: &'a Weights,
        tt: &'a mut Table,
        cfg: Config,
        clock: &'a dyn Clock,
        stop: &'a dyn Fn() -> bool,
        history: Vec<u64>,
    ) -> Searcher<'a> {
        Searcher {
            g,
            w,
            tt,
            cfg,
            clock,
            stop,
            moves: Vec::with_capacity(4096),
            order: Vec::with_capacity(4096),
            rep: history,
            killers: vec![[Mv::NONE; 2]; MAX_PLY + 1],
            history: vec![0; 2 * 33 * 32],
            pv: vec![Mv::NONE; (MAX_PLY + 1) * (MAX_PLY + 1)],
            pv_len: vec![0; MAX_PLY + 1],
            nodes: 0,
            stopped: false,
            may_stop: false,
        }
    }

    /// Iterative deepening from `root` over `roots` (not empty); `report` hears each completed
    /// iteration. Returns the root moves as the last completed iteration left them (best first)
    /// and its depth.
    pub fn run(
        &mut self,
        root: &Node,
        roots: Vec<Mv>,
        report: &mut dyn FnMut(&Iteration),
    ) -> (Vec<RootMove>, u32) {
        let mut done: Vec<RootMove> = roots
            .iter()
            .map(|&mv| RootMove {
                mv,
                score: -INF,
                exact: false,
                pv: vec![mv],
            })
            .collect();
        let mut working = done.clone();
        let mut completed = 0;
        for depth in 1..=self.cfg.max_depth.min(MAX_DEPTH) {
            if depth > 1 && ((self.stop)() || self.clock.now_ms() >= self.cfg.soft_deadline) {
                break;
            }
            self.may_stop = depth > 1;
            if !self.root(root, &mut working, depth as i32) {
                break;
            }
            // Best first, then the other exact scores, then the bounds (the sort is stable:
            // among equals, the one searched first leads).
            working.sort_by_key(|rm| (std::cmp::Reverse(rm.exact), std::cmp::Reverse(rm.score)));
            done = working.clone();
            completed = depth;
            report(&Iteration {
                depth,
                roots: &done,
                nodes: self.nodes,
            });
            let best = done[0].score;
            if is_mate(best) && MATE - best.abs() <= depth as i32 {
                break;
            }
            if roots.len() == 1 && self.cfg.deadline.is_finite() {
                break;
            }
        }
        (done, completed)
    }

    /// One iteration at the root. False when it was stopped before the end.
    fn root(&mut self, n: &Node, roots: &mut [RootMove], depth: i32) -> bool {
        let mut best = -INF;
        let margin = self.cfg.margin.max(0);
        for (i, root) in roots.iter_mut().enumerate() {
            let mv = root.mv;
            let child = n.make(mv);
            self.rep.push(child.hash);
            let child_start = if mv.from().is_none() || mv.is_removal() {
                self.rep.len() - 1
            } else {
                0
            };
            let (score, exact) = if i == 0 || self.cfg.exact_all {
                (
                    -self.search(&child, depth - 1, -INF, INF, 1, child_start),
                    true,
                )
            } else {
                let threshold = best - margin;
                let mut s = -self.search(
                    &child,
                    depth - 1,
                    -threshold,
                    -threshold + 1,
                    1,
                    child_start,
                );
                if s >= threshold && !self.stopped {
                    s = -self.search(&child, depth - 1, -INF, -threshold + 1, 1, child_start);
                }
                (s, s >= threshold)
            };
            self.rep.pop();
            if self.stopped {
                return false;
            }
            root.score = score;
            root.exact = exact;
            if exact {
                let len = self.pv_len[1];
                let mut pv = vec![mv];
                pv.extend_from_slice(&self.pv[(MAX_PLY + 1) + 1..(MAX_PLY + 1) + len.max(1)]);
                root.pv = pv;
            }
            if score > best {
                best = score;
            }
        }
        true
    }

    fn poll(&mut self) {
        if self.may_stop && ((self.stop)() || self.clock.now_ms() >= self.cfg.deadline) {
            self.stopped = true;
        }
    }

    /// Whether the position on top of the stack occurred before since `start`.
    fn repeated(&self, start: usize) -> bool {
        let top = self.rep.len() - 1;
        let key = self.rep[top];
        self.rep[start..top]
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .any(|k| *k == key)
    }

    fn search(
        &mut self,
        n: &Node,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        rep_start: usize,
    ) -> i32 {
        let g = self.g;
        self.pv_len[ply] = ply;
        self.nodes += 1;
        if self.nodes & 1023 == 0 {
            self.poll();
        }
        if self.stopped {
            return 0;
        }
        if let Some(over) = n.over(g, || self.repeated(rep_start)) {
            return match over {
                Over::Lost => -(MATE - ply as i32),
                Over::Drawn => 0,
            };
        }
        if ply >= MAX_PLY {
            return evaluate(n, g, self.w);
        }
        if depth <= 0 {
            return self.quiesce(n, alpha, beta, ply, self.cfg.quiescence);
        }
        // No line can be longer than a win now.
        alpha = alpha.max(-(MATE - ply as i32));
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let pv_node = beta - alpha > 1;
        let mut tt_move = Mv::NONE;
        let use_tt = self.cfg.use_tt;
        if use_tt {
            if let Some(e) = self.tt.probe(n.hash) {
                tt_move = Mv(e.mv);
                let deep_enough = if self.cfg.reductions > 0 {
                    i32::from(e.depth) >= depth
                } else {
                    // Fixed-depth searches take only answers of the same depth, so that they
                    // give the same score with the table as without it.
                    i32::from(e.depth) == depth
                };
                if deep_enough && !pv_node {
                    let score = from_tt(i32::from(e.score), ply);
                    let cut = match e.bound() {
                        EXACT => true,
                        LOWER => score >= beta,
                        _ => score <= alpha,
                    };
                    if cut {
                        return score;
                    }
                }
            }
        }

        let start = self.moves.len();
        n.generate(g, &mut self.moves);
        let end = self.moves.len();
        self.score_moves(n, start, end, tt_move, ply);

        let original_alpha = alpha;
        let mut best = -INF;
        let mut best_mv = Mv::NONE;
        for i in start..end {
            // Pick the best-ordered move left.
            let mut pick = i;
            for j in i + 1..end {
                if self.order[j] > self.order[pick] {
                    pick = j;
                }
            }
            self.moves.swap(i, pick);
            self.order.swap(i, pick);
            let mv = self.moves[i];
            let quiet = !mv.is_removal() && self.order[i] < KILLER;
            let child = n.make(mv);
            self.rep.push(child.hash);
            let child_start = if mv.from().is_none() || mv.is_removal() {
                self.rep.len() - 1
            } else {
                rep_start
            };
            let score = if i == start {
                -self.search(&child, depth - 1, -beta, -alpha, ply + 1, child_start)
            } else {
                let k = i - start;
                let reduction = match self.cfg.reductions {
                    _ if depth < 3 || !quiet => 0,
                    1 if k >= 8 && depth >= 5 => 2,
                    1 if k >= 3 => 1,
                    2 if k >= 2 => {
                        1 + i32::from(k >= 6 && depth >= 4) + i32::from(k >= 14 && depth >= 6)
                    }
                    _ => 0,
                };
                let mut s = -self.search(
                    &child,
                    depth - 1 - reduction,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    child_start,
                );
                if s > alpha && reduction > 0 {
                    s = -self.search(&child, depth - 1, -alpha - 1, -alpha, ply + 1, child_start);
                }
                if s > alpha && s < beta {
                    s = -self.search(&child, depth - 1, -beta, -alpha, ply + 1, child_start);
                }
                s
            };
            self.rep.pop();
            if self.stopped {
                self.moves.truncate(start);
                self.order.truncate(start);
                return 0;
            }
            if score > best {
                best = score;
                best_mv = mv;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, mv);
                    if score >= beta {
                        if !mv.is_removal() {
                            self.reward(n, mv, depth, ply);
                        }
                        break;
                    }
                }
            }
        }
        self.moves.truncate(start);
        self.order.truncate(start);
        if use_tt {
            let bound = if best >= beta {
                LOWER
            } else if best > original_alpha {
                EXACT
            } else {
                UPPER
            };
            let mv = if bound == UPPER { Mv::NONE } else { best_mv };
            self.tt.store(n.hash, mv, to_tt(best, ply), depth, bound);
        }
        best
    }

    /// Beyond the horizon: the evaluation, or better, a mill the side to move closes now.
    fn quiesce(&mut self, n: &Node, mut alpha: i32, beta: i32, ply: usize, plies: u32) -> i32 {
        let g = self.g;
        let stand = evaluate(n, g, self.w);
        if plies == 0 || stand >= beta || ply >= MAX_PLY {
            return stand;
        }
        alpha = alpha.max(stand);
        let start = self.moves.len();
        n.generate(g, &mut self.moves);
        let end = self.moves.len();
        let mut best = stand;
        for i in start..end {
            let mv = self.moves[i];
            if !mv.is_removal() {
                continue;
            }
            self.nodes += 1;
            let child = n.make(mv);
            let score = match child.over(g, || false) {
                Some(Over::Lost) => MATE - (ply as i32 + 1),
                Some(Over::Drawn) => 0,
                None => -self.quiesce(&child, -beta, -alpha, ply + 1, plies - 1),
            };
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.moves.truncate(start);
        best
    }

    fn update_pv(&mut self, ply: usize, mv: Mv) {
        let row = ply * (MAX_PLY + 1);
        let next = (ply + 1) * (MAX_PLY + 1);
        self.pv[row + ply] = mv;
        let len = self.pv_len[ply + 1].max(ply + 1);
        for k in ply + 1..len {
            self.pv[row + k] = self.pv[next + k];
        }
        self.pv_len[ply] = len;
    }

    fn reward(&mut self, n: &Node, mv: Mv, depth: i32, ply: usize) {
        let killers = &mut self.killers[ply];
        if killers[0] != mv {
            killers[1] = killers[0];
            killers[0] = mv;
        }
        let slot = history_slot(n.stm, mv);
        self.history[slot] += depth * depth;
        if self.history[slot] > HISTORY_MAX {
            self.history.iter_mut().for_each(|h| *h /= 2);
        }
    }

    fn score_moves(&mut self, n: &Node, start: usize, end: usize, tt_move: Mv, ply: usize) {
        let g = self.g;
        let s = usize::from(n.stm);
        let (own, opp) = (n.men[s], n.men[1 - s]);
        let empty = n.empty(g);
        let killers = self.killers[ply];
        self.order.resize(end, 0);
        for i in start..end {
            let mv = self.moves[i];
            let to = mv.to();
            let score = if mv == tt_move {
                TT_MOVE
            } else if mv.is_removal() {
                let mut v = REMOVAL;
                for r in mv.removals() {
                    // Take men that stand with friends on lines and men with room to move.
                    v += 8 * (g.line_mates[r] & opp).count_ones() as i32
                        + 4 * (g.nb[r] & empty).count_ones() as i32;
                }
                v
            } else if g.mill_wins
                && g.mills_made(own & !mv.from().map_or(0, |f| 1 << f) | 1 << to, to) > 0
            {
                REMOVAL
            } else if mv == killers[0] {
                KILLER + 1
            } else if mv == killers[1] {
                KILLER
            } else {
                let mut v = self.history[history_slot(n.stm, mv)];
                // Blocking a line where the opponent has two men.
                for &line in g.lines_through(to) {
                    if (opp & line).count_ones() == 2 {
                        v += BLOCK;
                    }
                    if (own & line).count_ones() == 1 && (empty & line).count_ones() == 2 {
                        v += 4;
                    }
                }
                v
            };
            self.order[i] = score;
        }
    }
}

const TT_MOVE: i32 = 1 << 30;
const REMOVAL: i32 = 1 << 28;
const KILLER: i32 = 1 << 26;
const BLOCK: i32 = 1 << 20;
const HISTORY_MAX: i32 = 1 << 19;

fn history_slot(stm: u8, mv: Mv) -> usize {
    (usize::from(stm) * 33 + mv.source_slot()) * 32 + mv.to()
}

fn to_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}
