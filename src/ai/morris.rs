//! The Morris computer player, for every board of the family (Morrice, Morelles, Six, Twelve and
//! Three Men's Morris) and every option set, and the engine behind it.
//!
//! [`Engine`] is a real search: iterative deepening over principal-variation alpha-beta, a
//! transposition table keyed by Zobrist hashing, move ordering (the table's move, mills with
//! their removals, blocks, killers, history), repetition and fifty-move awareness along the
//! searched line, and mate scores that prefer the quickest win and the longest defence. Its
//! evaluation knows the phases: men on the board and in hand, mills, half-mills and threats,
//! running mills, mobility and blocked men, flying.
//!
//! [`choose_move`] plays at a [`Level`]: the lower levels look less far and misjudge on purpose;
//! every level picks, with a seeded generator, among the moves it finds (nearly) as good as the
//! best, so that it does not play the same game every time.

mod eval;
mod node;
mod search;

use crate::ai::{Clock, Dice, Level, Verdict};
use crate::rules::morris::{Move, Position};

#[doc(hidden)]
pub use eval::Weights;
pub use search::{is_mate, MATE};

use node::{Geometry, Mv, Node};
use search::{Config, RootMove, Searcher, Table, MAX_DEPTH};

/// The computer's move, with what it thought of it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Choice {
    pub best: Move,
    /// The engine's score for the side to move, in hundredths of a man (see [`MATE`]).
    pub score: i32,
    /// How many plies deep the last completed search went.
    pub depth: u32,
    /// How many positions it looked at.
    pub nodes: u64,
}

/// The best move for the side to move, with the engine's verdict.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Hint {
    pub best: Move,
    pub score: i32,
    pub verdict: Verdict,
    pub depth: u32,
}

/// How long and how deep a search may go. With neither a depth nor a time, it goes on until
/// `stop` says so (or to the deepest depth it knows).
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Limits {
    /// Search exactly this many plies (a fixed-depth search is full-width: no reductions).
    pub depth: Option<u32>,
    /// Stop after this many milliseconds, answering with the last completed iteration.
    pub movetime_ms: Option<f64>,
    /// Use the transposition table.
    pub use_tt: bool,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            depth: None,
            movetime_ms: None,
            use_tt: true,
        }
    }
}

impl Limits {
    /// A fixed-depth search.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// A search that stops after `ms` milliseconds.
    pub fn movetime(ms: f64) -> Limits {
        Limits {
            movetime_ms: Some(ms),
            ..Limits::default()
        }
    }
}

/// What the engine reports after each completed iteration.
#[derive(Clone, PartialEq, Debug)]
pub struct Info {
    pub depth: u32,
    /// For the side to move, in hundredths of a man (see [`MATE`]).
    pub score: i32,
    pub nodes: u64,
    pub time_ms: f64,
    /// The line the engine expects, the best move first.
    pub pv: Vec<Move>,
}

/// What a search found.
#[derive(Clone, PartialEq, Debug)]
pub struct SearchResult {
    pub best: Move,
    pub score: i32,
    /// The depth of the last completed iteration.
    pub depth: u32,
    pub nodes: u64,
    /// The line the engine expects, the best move first.
    pub pv: Vec<Move>,
}

/// The search engine. It keeps its transposition table from one search to the next (call
/// [`Engine::new_game`] between games).
pub struct Engine {
    table: Table,
    weights: Weights,
    tuning: Tuning,
}

/// Switches of the search, for experiments.
#[doc(hidden)]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Tuning {
    /// Plies of mill-closing moves looked at beyond the horizon.
    pub quiescence: u32,
    /// Late-move reductions in timed searches: 0 none, 1 mild, 2 stronger.
    pub reductions: u8,
}

impl Default for Tuning {
    fn default() -> Tuning {
        Tuning {
            quiescence: 2,
            reductions: 1,
        }
    }
}

impl Engine {
    /// An engine whose transposition table takes about `tt_megabytes` of memory.
    pub fn new(tt_megabytes: usize) -> Engine {
        Engine {
            table: Table::new(tt_megabytes),
            weights: Weights::default(),
            tuning: Tuning::default(),
        }
    }

    /// Forgets what earlier searches learnt.
    pub fn new_game(&mut self) {
        self.table.clear();
    }

    /// Replaces the evaluation's weights (for tuning).
    #[doc(hidden)]
    pub fn set_weights(&mut self, weights: Weights) {
        self.weights = weights;
    }

    /// Replaces the search's switches (for tuning).
    #[doc(hidden)]
    pub fn set_tuning(&mut self, tuning: Tuning) {
        self.tuning = tuning;
    }

    /// Searches `position` (whose game is not over) for the side to move.
    pub fn search(
        &mut self,
        position: &Position,
        limits: &Limits,
        clock: &dyn Clock,
        stop: &dyn Fn() -> bool,
        on_info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        let moves = position.legal_moves();
        self.search_moves(position, &moves, limits, clock, stop, on_info)
    }

    /// Searches `position` considering only the given moves at the root (those that are not
    /// legal there are ignored). With none left, the answer is `resign`.
    pub fn search_moves(
        &mut self,
        position: &Position,
        moves: &[Move],
        limits: &Limits,
        clock: &dyn Clock,
        stop: &dyn Fn() -> bool,
        on_info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        // Checked one by one rather than looked up, so that removals may come in any legal order.
        let moves: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&m| !matches!(m, Move::Resign | Move::Draw) && position.check(m).is_ok())
            .collect();
        let start = clock.now_ms();
        let (deadline, soft_deadline) = match limits.movetime_ms {
            Some(ms) => (start + ms.max(0.0), start + 0.5 * ms.max(0.0)),
            None => (f64::INFINITY, f64::INFINITY),
        };
        let config = Config {
            max_depth: limits.depth.unwrap_or(MAX_DEPTH).max(1),
            deadline,
            soft_deadline,
            use_tt: limits.use_tt,
            reductions: if limits.depth.is_none() {
                self.tuning.reductions
            } else {
                0
            },
            margin: 0,
            exact_all: false,
            quiescence: self.tuning.quiescence,
        };
        let weights = self.weights;
        let Some(thought) = think(
            position,
            &moves,
            config,
            &weights,
            &mut self.table,
            clock,
            stop,
            &mut |depth, roots, nodes, g| {
                on_info(&Info {
                    depth,
                    score: roots[0].score,
                    nodes,
                    time_ms: clock.now_ms() - start,
                    pv: roots[0].pv.iter().map(|&mv| g.move_of(mv)).collect(),
                })
            },
        ) else {
            return SearchResult {
                best: Move::Resign,
                score: -MATE,
                depth: 0,
                nodes: 0,
                pv: Vec::new(),
            };
        };
        let best = &thought.roots[0];
        SearchResult {
            best: thought.moves[0],
            score: best.score,
            depth: thought.depth,
            nodes: thought.nodes,
            pv: thought.pv,
        }
    }
}

/// Hears each completed iteration: its depth, the root moves (best first), the nodes so far.
type Report<'r> = dyn FnMut(u32, &[RootMove], u64, &Geometry) + 'r;

/// What one search left behind.
struct Thought {
    /// Best first.
    roots: Vec<RootMove>,
    /// The rules' moves of `roots`, in the same order.
    moves: Vec<Move>,
    pv: Vec<Move>,
    depth: u32,
    nodes: u64,
}

#[allow(clippy::too_many_arguments)]
fn think(
    position: &Position,
    moves: &[Move],
    config: Config,
    weights: &Weights,
    table: &mut Table,
    clock: &dyn Clock,
    stop: &dyn Fn() -> bool,
    report: &mut Report,
) -> Option<Thought> {
    if moves.is_empty() || position.ending().is_some() {
        return None;
    }
    let g = Geometry::new(position.variant(), position.options());
    let root = Node::from_position(position, &g);
    let history: Vec<u64> = position
        .history()
        .iter()
        .map(|&key| Node::hash_of_key(key, &g))
        .collect();
    let history = if history.last() == Some(&root.hash) {
        history
    } else {
        vec![root.hash]
    };
    let roots: Vec<Mv> = moves.iter().filter_map(|&m| g.mv_of(m)).collect();
    if roots.len() != moves.len() {
        return None;
    }
    table.next_generation();
    let mut searcher = Searcher::new(&g, weights, table, config, clock, stop, history);
    let (roots, depth) = searcher.run(&root, roots, &mut |it| {
        report(it.depth, it.roots, it.nodes, &g)
    });
    let nodes = searcher.nodes;
    let find = |mv: Mv| {
        moves
            .iter()
            .copied()
            .find(|&m| g.mv_of(m) == Some(mv))
            .unwrap_or_else(|| g.move_of(mv))
    };
    let moves: Vec<Move> = roots.iter().map(|rm| find(rm.mv)).collect();
    let pv = roots[0].pv.iter().map(|&mv| g.move_of(mv)).collect();
    Some(Thought {
        roots,
        moves,
        pv,
        depth,
        nodes,
    })
}

/// How a level plays.
#[derive(Clone, Copy, Debug)]
struct Style {
    depth: u32,
    /// Moves within this of the best are all candidates.
    margin: i32,
    /// How far the level's judgement of each move may be off.
    noise: f64,
    /// How often it plays any legal move at all.
    random_move: f64,
    /// The full engine (time-limited, reductions) rather than a full-width look at every move.
    engine: bool,
    tt_megabytes: usize,
}

impl Style {
    fn of(level: Level) -> Style {
        match level {
            Level::Beginner => Style {
                depth: 1,
                margin: 40,
                noise: 160.0,
                random_move: 0.12,
                engine: false,
                tt_megabytes: 1,
            },
            Level::Easy => Style {
                depth: 2,
                margin: 25,
                noise: 70.0,
                random_move: 0.03,
                engine: false,
                tt_megabytes: 1,
            },
            Level::Medium => Style {
                depth: 5,
                margin: 12,
                noise: 20.0,
                random_move: 0.0,
                engine: false,
                tt_megabytes: 2,
            },
            Level::Hard => Style {
                depth: MAX_DEPTH,
                margin: 4,
                noise: 0.0,
                random_move: 0.0,
                engine: true,
                tt_megabytes: 16,
            },
            Level::Hardest => Style {
                depth: MAX_DEPTH,
                margin: 2,
                noise: 0.0,
                random_move: 0.0,
                engine: true,
                tt_megabytes: 16,
            },
        }
    }
}

/// The computer's move at `level`; `seed` varies the choice among moves of (near) equal value.
/// The game must not be over.
pub fn choose_move(position: &Position, level: Level, seed: u64, clock: &dyn Clock) -> Choice {
    choose_move_within(position, level, seed, level.think_ms(), clock)
}

/// [`choose_move`] with another time to think than the level's own.
pub fn choose_move_within(
    position: &Position,
    level: Level,
    seed: u64,
    think_ms: f64,
    clock: &dyn Clock,
) -> Choice {
    let style = Style::of(level);
    let moves = position.legal_moves();
    let mut dice = Dice::new(seed ^ 0x6d6f_7272_6973);
    let start = clock.now_ms();
    let config = Config {
        max_depth: style.depth,
        deadline: start + think_ms,
        soft_deadline: start + 0.5 * think_ms,
        use_tt: true,
        reductions: if style.engine {
            Tuning::default().reductions
        } else {
            0
        },
        margin: style.margin,
        exact_all: !style.engine,
        quiescence: Tuning::default().quiescence,
    };
    let mut table = Table::new(style.tt_megabytes);
    let Some(thought) = think(
        position,
        &moves,
        config,
        &Weights::default(),
        &mut table,
        clock,
        &|| false,
        &mut |_, _, _, _| {},
    ) else {
        return Choice {
            best: moves.first().copied().unwrap_or(Move::Resign),
            score: 0,
            depth: 0,
            nodes: 0,
        };
    };
    let roots = &thought.roots;
    let pick = if dice.unit() < style.random_move {
        dice.below(roots.len())
    } else {
        // Judge each move with the level's error, then choose among those close to the best.
        let judged: Vec<(usize, i32)> = roots
            .iter()
            .enumerate()
            .filter(|(_, rm)| rm.exact)
            .map(|(i, rm)| {
                let error = if is_mate(rm.score) || style.noise == 0.0 {
                    0
                } else {
                    dice.spread(style.noise).round() as i32
                };
                (i, rm.score + error)
            })
            .collect();
        let top = judged.iter().map(|&(_, v)| v).max().unwrap_or(0);
        let near: Vec<usize> = judged
            .iter()
            .filter(|&&(_, v)| {
                if is_mate(top) {
                    v == top
                } else {
                    v >= top - style.margin
                }
            })
            .map(|&(i, _)| i)
            .collect();
        if near.is_empty() {
            0
        } else {
            near[dice.below(near.len())]
        }
    };
    Choice {
        best: thought.moves[pick],
        score: roots[pick].score,
        depth: thought.depth,
        nodes: thought.nodes,
    }
}

/// The best move for the side to move, with the engine's verdict, thinking for about
/// `think_ms`. The game must not be over.
pub fn hint(position: &Position, think_ms: f64, clock: &dyn Clock) -> Hint {
    let mut engine = Engine::new(16);
    let result = engine.search(
        position,
        &Limits::movetime(think_ms),
        clock,
        &|| false,
        &mut |_| {},
    );
    Hint {
        best: result.best,
        score: result.score,
        verdict: verdict(result.score),
        depth: result.depth,
    }
}

/// The verdict that a score (for the side to move) gives.
pub fn verdict(score: i32) -> Verdict {
    match score {
        s if s >= 250 => Verdict::Winning,
        s if s >= 60 => Verdict::Better,
        s if s > -60 => Verdict::Even,
        s if s > -250 => Verdict::Worse,
        _ => Verdict::Losing,
    }
}
