//! `parlour`: the native command-line tool over Parlour's rules (no web code).
//!
//! - `parlour replay FILE` (or `-` for standard input): replays a record and prints one JSON
//!   object with the state after its last move.
//! - `parlour perft DEPTH [--variant morrice|morelles] [--record FILE]`: counts the move
//!   sequences of DEPTH whole turns from the start, or from the position after FILE.
//! - `parlour engine`: the Morris engine, speaking over standard input and output the line
//!   protocol that existing mill engines speak (see [`engine`]).
//! - `parlour bench [--seconds S]`: searches a fixed set of positions from every phase for S
//!   seconds each (default 1) on one thread and prints the depth reached and nodes per second;
//!   `parlour bench --levels` times the computer's move at each level on the same positions.
//! - `parlour selfplay [morris] --variant V --games N --a LEVEL --b LEVEL [--time-scale F]
//!   [--seed S] [--threads T] [--verbose]`: plays a series between two computer levels, colours
//!   alternating (A is White in odd games), and prints wins, draws and losses from A's side.
//! - `parlour selfplay dominoes --game G [--set N] [--players P] --a LEVEL --b LEVEL --deals D
//!   [--seed S] [--samples N] [--threads T] [--verbose]`: plays duplicate deals of one hand each
//!   (see [`dominoes_selfplay`]) and prints hands won and points for A and B.
//! - `parlour selfplay doquin [--players P] --a LEVEL --b LEVEL --games N [--size S] [--pegs K]
//!   [--seed S] [--playouts N] [--threads T] [--verbose]`: plays whole games with A at one seat
//!   (a different seat each game) and B at the others (see [`doquin_selfplay`]) and prints games
//!   won, shared and lost by A and the points per game of A and of a B seat.

use std::io::Read;
use std::process::ExitCode;
use std::str::FromStr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use parlour::ai::dominoes as ai_dominoes;
use parlour::ai::doquin as ai_doquin;
use parlour::ai::morris::{choose_move_within, Engine, Limits};
use parlour::ai::{Clock, Level};
use parlour::record::Record;
use parlour::rules::dominoes;
use parlour::rules::doquin;
use parlour::rules::morris::{self, Options, Position, Side, Variant};
use parlour::session::morris::MorrisPlay;

const USAGE: &str = "usage:
  parlour replay FILE|-
  parlour perft DEPTH [--variant morrice|morelles] [--record FILE]
  parlour engine
  parlour bench [--seconds S | --levels]
  parlour selfplay [morris] --variant V --games N --a LEVEL --b LEVEL [--time-scale F] [--seed S]
                   [--threads T] [--verbose]
  parlour selfplay dominoes --game G [--set 6|9|12] [--players P] [--partners true|false]
                   --a LEVEL --b LEVEL --deals D [--seed S] [--samples N] [--threads T] [--verbose]
      G is block, draw, all-fives, bergen, matador, sebastopol or domino-pool. Each deal (one
      hand) is played twice with the hands swapped between A and B (with three or more sides
      each for himself, once with A at each seat and B at the others). LEVEL is a level name
      or greedy (lays its heaviest bone, or the bone that scores most now). By default the
      hard and hardest levels think by the wall clock, as in the app; --samples N gives them N
      imagined deals a move and no time limit instead, so that a series does not depend on the
      machine (1000 deals of two-player Draw with --samples 200 take minutes).
  parlour selfplay doquin [--players 2|3|4] --a LEVEL --b LEVEL --games N [--size 3|4|5]
                   [--pegs K] [--seed S] [--playouts N] [--threads T] [--verbose]
      A sits at one seat (seat 1, 2, ... in turn, game by game) and B at all the others. LEVEL
      is a level name or random (any legal move). By default the searching levels think by the
      wall clock, as in the app; --playouts N gives them N play-outs a move and no time limit.";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("replay") => replay(&args[1..]),
        Some("perft") => perft(&args[1..]),
        Some("engine") => {
            engine::run();
            Ok(())
        }
        Some("bench") => bench(&args[1..]),
        Some("selfplay") => selfplay(&args[1..]),
        Some("help" | "--help" | "-h") => {
            println!("{USAGE}");
            Ok(())
        }
        _ => Err(USAGE.to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("{message}");
            ExitCode::FAILURE
        }
    }
}

fn read_file(path: &str) -> Result<String, String> {
    if path == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        Ok(text)
    } else {
        std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))
    }
}

/// A command's arguments, read flag by flag: switches, and flags with a value after them.
struct Flags<'a> {
    rest: std::slice::Iter<'a, String>,
}

impl<'a> Flags<'a> {
    fn new(args: &'a [String]) -> Flags<'a> {
        Flags { rest: args.iter() }
    }

    /// The next argument, if any.
    fn next(&mut self) -> Option<&'a str> {
        self.rest.next().map(String::as_str)
    }

    /// The value after `flag`, which is `what` (in the message when it is missing).
    fn value(&mut self, flag: &str, what: &str) -> Result<&'a str, String> {
        self.next().ok_or_else(|| format!("{flag} needs {what}"))
    }

    /// The number after `flag`.
    fn number<T: FromStr>(&mut self, flag: &str) -> Result<T, String> {
        self.next()
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| format!("{flag} needs a number"))
    }

    /// The number above zero after `flag`.
    fn positive<T: FromStr + PartialOrd + Default>(&mut self, flag: &str) -> Result<T, String> {
        self.next()
            .and_then(|s| s.parse().ok())
            .filter(|n| *n > T::default())
            .ok_or_else(|| format!("{flag} needs a positive number"))
    }
}

/// A computer level by its name; the message lists the names (and `also`, a further player the
/// command knows) when there is none of that name.
fn level_named(name: &str, also: Option<&str>) -> Result<Level, String> {
    Level::from_name(name).ok_or_else(|| {
        let known: Vec<_> = Level::ALL.iter().map(|l| l.name()).chain(also).collect();
        format!("unknown level \"{name}\" (known: {})", known.join(", "))
    })
}

fn morris_variant(name: &str) -> Result<Variant, String> {
    Variant::from_name(name).ok_or_else(|| format!("unknown Morris variant \"{name}\""))
}

fn replay(args: &[String]) -> Result<(), String> {
    let [path] = args else {
        return Err(USAGE.to_string());
    };
    let record = Record::from_json(&read_file(path)?).map_err(|e| e.to_string())?;
    let report = record.replay_report().map_err(|e| e.to_string())?;
    println!("{report}");
    Ok(())
}

fn perft(args: &[String]) -> Result<(), String> {
    let mut depth = None;
    let mut variant = Variant::Morelles;
    let mut record_path = None;
    let mut flags = Flags::new(args);
    while let Some(flag) = flags.next() {
        match flag {
            "--variant" => variant = morris_variant(flags.value("--variant", "a name")?)?,
            "--record" => record_path = Some(flags.value("--record", "a file")?),
            number => {
                depth = Some(
                    number
                        .parse::<u32>()
                        .map_err(|_| format!("\"{number}\" is not a depth\n{USAGE}"))?,
                )
            }
        }
    }
    let depth = depth.ok_or(USAGE)?;
    let position = match record_path {
        None => Position::new(variant, Options::default()),
        Some(path) => {
            let record = Record::from_json(&read_file(path)?).map_err(|e| e.to_string())?;
            let play = MorrisPlay::open(&record, &[]).map_err(|e| e.to_string())?;
            play.position().clone()
        }
    };
    println!("{}", morris::perft(&position, depth));
    Ok(())
}

/// The native clock: milliseconds since it was made, running `1 / scale` times as fast as real
/// time (a scale of 0.1 makes every thinking time a tenth as long).
struct NativeClock {
    start: Instant,
    scale: f64,
}

impl NativeClock {
    fn new() -> NativeClock {
        NativeClock::scaled(1.0)
    }

    fn scaled(scale: f64) -> NativeClock {
        NativeClock {
            start: Instant::now(),
            scale,
        }
    }
}

impl Clock for NativeClock {
    fn now_ms(&self) -> f64 {
        self.start.elapsed().as_secs_f64() * 1000.0 / self.scale
    }
}

/// The positions `bench` searches: a label, the rule set, and how to reach the position (moves
/// from the start, or a set-up: White's men, Black's men, hands, side to move).
struct BenchPosition {
    label: &'static str,
    variant: Variant,
    moves: &'static str,
    setup: Option<(&'static str, &'static str, [u8; 2], Side)>,
}

const BENCH: &[BenchPosition] = &[
    BenchPosition {
        label: "start",
        variant: Variant::Morelles,
        moves: "",
        setup: None,
    },
    BenchPosition {
        label: "placing",
        variant: Variant::Morelles,
        moves: "d6 d2 b4 f4 d5 e4 c3 g1 a7",
        setup: None,
    },
    BenchPosition {
        label: "placing-late",
        variant: Variant::Morrice,
        moves: "d6 d2 b4 f4 d5 d7 e3 c3 b2 f2 g7 a1 c4 e5",
        setup: None,
    },
    BenchPosition {
        label: "moving",
        variant: Variant::Morelles,
        moves: "",
        setup: Some((
            "a7 d6 b4 c3 e4 f2 g1",
            "d7 f6 d5 c4 d2 f4 g4",
            [0, 0],
            Side::White,
        )),
    },
    BenchPosition {
        label: "moving-open",
        variant: Variant::Morrice,
        moves: "",
        setup: Some((
            "a7 b6 d5 e3 f2 g1",
            "g7 f6 c5 c3 b2 a1",
            [0, 0],
            Side::Black,
        )),
    },
    BenchPosition {
        label: "flying",
        variant: Variant::Morelles,
        moves: "",
        setup: Some(("a7 d7 b4", "g7 f6 e4 d2 b2", [0, 0], Side::White)),
    },
    BenchPosition {
        label: "six-mens",
        variant: Variant::SixMens,
        moves: "a5 c4 e1",
        setup: None,
    },
    BenchPosition {
        label: "twelve-mens",
        variant: Variant::TwelveMens,
        moves: "d6 d2 b4 f4",
        setup: None,
    },
    BenchPosition {
        label: "three-mens",
        variant: Variant::ThreeMens,
        moves: "",
        setup: None,
    },
];

impl BenchPosition {
    fn position(&self) -> Result<Position, String> {
        let options = Options::default();
        let mut position = match self.setup {
            Some((white, black, hand, to_move)) => {
                Position::from_setup(self.variant, options, white, black, hand, to_move)?
            }
            None => Position::new(self.variant, options),
        };
        for text in self.moves.split_whitespace() {
            let m: morris::Move = text.parse().map_err(|e| format!("{text}: {e}"))?;
            position.play(m).map_err(|e| format!("{text}: {e}"))?;
        }
        if position.ending().is_some() {
            return Err(format!("bench position {} is over", self.label));
        }
        Ok(position)
    }
}

fn phase_name(position: &Position) -> &'static str {
    match position.phase(position.to_move()) {
        morris::Phase::Placing => "placing",
        morris::Phase::Moving => "moving",
        morris::Phase::Flying => "flying",
    }
}

fn bench(args: &[String]) -> Result<(), String> {
    let mut seconds = 1.0;
    let mut flags = Flags::new(args);
    while let Some(flag) = flags.next() {
        match flag {
            "--seconds" => seconds = flags.positive("--seconds")?,
            "--levels" => return bench_levels(),
            other => return Err(format!("unknown bench argument \"{other}\"\n{USAGE}")),
        }
    }
    println!("bench seconds {seconds} threads 1");
    let (mut total_nodes, mut total_ms) = (0u64, 0f64);
    for (i, entry) in BENCH.iter().enumerate() {
        let position = entry.position()?;
        let mut engine = Engine::new(64);
        let clock = NativeClock::new();
        let started = clock.now_ms();
        // The whole time on the clock: an iteration still running at the end is dropped, and
        // the depth reported is the last one completed.
        let deadline = started + seconds * 1000.0;
        let result = engine.search(
            &position,
            &Limits::default(),
            &clock,
            &|| clock.now_ms() >= deadline,
            &mut |_| {},
        );
        let ms = (clock.now_ms() - started).max(0.001);
        total_nodes += result.nodes;
        total_ms += ms;
        println!(
            "position {} label {} variant {} phase {} depth {} nodes {} time_ms {:.0} nps {:.0} best {} score {}",
            i + 1,
            entry.label,
            entry.variant.name(),
            phase_name(&position),
            result.depth,
            result.nodes,
            ms,
            result.nodes as f64 * 1000.0 / ms,
            result.best,
            result.score
        );
    }
    println!(
        "total positions {} nodes {} time_ms {:.0} nps {:.0}",
        BENCH.len(),
        total_nodes,
        total_ms,
        total_nodes as f64 * 1000.0 / total_ms.max(0.001)
    );
    Ok(())
}

/// `bench --levels`: how long the computer takes over a move at each level, on the bench
/// positions (the real clock, one thread).
fn bench_levels() -> Result<(), String> {
    println!("bench levels threads 1");
    for level in Level::ALL {
        let (mut total, mut most) = (0.0f64, 0.0f64);
        for (i, entry) in BENCH.iter().enumerate() {
            let position = entry.position()?;
            let started = Instant::now();
            let choice =
                choose_move_within(&position, level, 1, level.think_ms(), &NativeClock::new());
            let ms = started.elapsed().as_secs_f64() * 1000.0;
            total += ms;
            most = most.max(ms);
            println!(
                "level {} position {} label {} depth {} nodes {} time_ms {ms:.1} move {}",
                level.name(),
                i + 1,
                entry.label,
                choice.depth,
                choice.nodes,
                choice.best
            );
        }
        println!(
            "level {} think_ms {} mean_ms {:.1} max_ms {most:.1}",
            level.name(),
            level.think_ms(),
            total / BENCH.len() as f64
        );
    }
    Ok(())
}

/// One finished self-play game.
struct GameResult {
    number: usize,
    /// 1 when A won, 0 for a draw, -1 when B won.
    for_a: i32,
    reason: &'static str,
    plies: usize,
    a_white: bool,
    /// Thinking time of A and of B: total ms, moves and the longest.
    a_time: (f64, usize, f64),
    b_time: (f64, usize, f64),
    /// The game's moves in the rules' notation.
    moves: Vec<String>,
}

/// A game longer than this is stopped and counted as a draw (when the draw rules are off).
const SELFPLAY_MOST_PLIES: usize = 1000;

fn play_game(
    variant: Variant,
    options: Options,
    levels: [Level; 2],
    number: usize,
    seed: u64,
    scale: f64,
) -> GameResult {
    let a_white = number % 2 == 1;
    let white_black = if a_white {
        levels
    } else {
        [levels[1], levels[0]]
    };
    let mut position = Position::new(variant, options);
    let clock = NativeClock::scaled(scale);
    let mut times = [(0.0f64, 0usize, 0.0f64); 2];
    let mut plies = 0;
    let mut moves = Vec::new();
    while position.ending().is_none() && plies < SELFPLAY_MOST_PLIES {
        let side = position.to_move().index();
        let level = white_black[side];
        let move_seed = seed
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .wrapping_add((number as u64) << 20 | plies as u64);
        let started = Instant::now();
        let choice = choose_move_within(&position, level, move_seed, level.think_ms(), &clock);
        let ms = started.elapsed().as_secs_f64() * 1000.0;
        let t = &mut times[side];
        t.0 += ms;
        t.1 += 1;
        t.2 = t.2.max(ms);
        if let Err(e) = position.play(choice.best) {
            panic!("the computer chose an illegal move {}: {e}", choice.best);
        }
        moves.push(choice.best.to_string());
        plies += 1;
    }
    let (for_white, reason) = match position.ending() {
        Some(ending) => (
            match ending.winner() {
                Some(Side::White) => 1,
                Some(Side::Black) => -1,
                None => 0,
            },
            ending.reason(),
        ),
        None => (0, "move limit"),
    };
    let (a, b) = if a_white { (0, 1) } else { (1, 0) };
    GameResult {
        number,
        for_a: if a_white { for_white } else { -for_white },
        reason,
        plies,
        a_white,
        a_time: times[a],
        b_time: times[b],
        moves,
    }
}

fn selfplay(args: &[String]) -> Result<(), String> {
    let mut args = args;
    if let Some(game) = args.first().filter(|a| !a.starts_with("--")) {
        match game.as_str() {
            "morris" => {}
            "dominoes" => return dominoes_selfplay(&args[1..]),
            "doquin" => return doquin_selfplay(&args[1..]),
            _ => {
                return Err(format!(
                    "selfplay knows morris, dominoes and doquin, not \"{game}\""
                ))
            }
        }
        args = &args[1..];
    }
    let mut variant = Variant::Morelles;
    let mut games = 20usize;
    let (mut a, mut b) = (Level::Hardest, Level::Medium);
    let mut scale = 1.0f64;
    let mut seed = 1u64;
    let mut threads = 1usize;
    let mut verbose = false;
    let mut flags = Flags::new(args);
    while let Some(flag) = flags.next() {
        match flag {
            "--variant" => variant = morris_variant(flags.value("--variant", "a name")?)?,
            "--games" => games = flags.positive("--games")?,
            "--a" => a = level_named(flags.value("--a", "a level")?, None)?,
            "--b" => b = level_named(flags.value("--b", "a level")?, None)?,
            "--time-scale" => scale = flags.positive("--time-scale")?,
            "--seed" => seed = flags.number("--seed")?,
            "--threads" => threads = flags.positive("--threads")?,
            "--verbose" => verbose = true,
            other => return Err(format!("unknown selfplay argument \"{other}\"\n{USAGE}")),
        }
    }
    let options = Options::default();
    println!(
        "selfplay morris variant {} games {games} a {} b {} time-scale {scale} seed {seed}",
        variant.name(),
        a.name(),
        b.name()
    );
    let next = AtomicUsize::new(1);
    let results = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..threads.min(games) {
            scope.spawn(|| loop {
                let number = next.fetch_add(1, Ordering::SeqCst);
                if number > games {
                    break;
                }
                let result = play_game(variant, options, [a, b], number, seed, scale);
                if verbose {
                    let (white, black) = if result.a_white { (a, b) } else { (b, a) };
                    let score = match (result.for_a, result.a_white) {
                        (0, _) => "1/2-1/2",
                        (1, true) | (-1, false) => "1-0",
                        _ => "0-1",
                    };
                    println!(
                        "game {} white {} black {} result {score} reason \"{}\" plies {} moves {}",
                        result.number,
                        white.name(),
                        black.name(),
                        result.reason,
                        result.plies,
                        result.moves.join(" ")
                    );
                }
                results
                    .lock()
                    .expect("no thread panics holding it")
                    .push(result);
            });
        }
    });
    let results = results.into_inner().expect("no thread panicked holding it");
    let count = |v: i32| results.iter().filter(|r| r.for_a == v).count();
    let mean = |times: &mut dyn Iterator<Item = (f64, usize, f64)>| {
        let (total, moves, most) = times.fold((0.0, 0, 0.0f64), |acc, t| {
            (acc.0 + t.0, acc.1 + t.1, acc.2.max(t.2))
        });
        (total / moves.max(1) as f64, most)
    };
    let (a_mean, a_most) = mean(&mut results.iter().map(|r| r.a_time));
    let (b_mean, b_most) = mean(&mut results.iter().map(|r| r.b_time));
    println!(
        "result a {} b {} variant {} games {} wins {} draws {} losses {} time-scale {scale} \
         a_ms_per_move {a_mean:.1} a_ms_max {a_most:.1} b_ms_per_move {b_mean:.1} b_ms_max {b_most:.1}",
        a.name(),
        b.name(),
        variant.name(),
        results.len(),
        count(1),
        count(0),
        count(-1),
    );
    Ok(())
}

/// A computer player in a Dominoes series: a level, or the benchmark's greedy player.
#[derive(Clone, Copy, PartialEq, Debug)]
enum DominoPlayer {
    Level(Level),
    Greedy,
}

impl DominoPlayer {
    fn from_name(name: &str) -> Result<DominoPlayer, String> {
        if name == "greedy" {
            return Ok(DominoPlayer::Greedy);
        }
        level_named(name, Some("greedy")).map(DominoPlayer::Level)
    }

    fn name(self) -> &'static str {
        match self {
            DominoPlayer::Level(level) => level.name(),
            DominoPlayer::Greedy => "greedy",
        }
    }

    fn choose(
        self,
        obs: &dominoes::Observation,
        seed: u64,
        samples: Option<usize>,
        clock: &dyn Clock,
    ) -> Option<dominoes::Move> {
        match self {
            DominoPlayer::Greedy => ai_dominoes::greedy(obs, seed),
            DominoPlayer::Level(level) => {
                let budget = match samples {
                    Some(n) => ai_dominoes::Budget::worlds(n),
                    None => ai_dominoes::Budget::of(level),
                };
                ai_dominoes::choose_within(obs, level, seed, budget, clock).map(|c| c.best)
            }
        }
    }
}

/// One hand of a Dominoes series, played with A at some seats and B at the others.
struct DominoHand {
    /// Points A's seats and B's seats scored (in-play and for the hand), summed over their sides.
    a_points: u32,
    b_points: u32,
    /// How many sides A and B held.
    a_sides: usize,
    b_sides: usize,
    /// 1 when a side of A's scored most, -1 when one of B's did, 0 for a tie.
    for_a: i32,
    /// Thinking time of A and of B: total ms, moves and the longest.
    a_time: (f64, usize, f64),
    b_time: (f64, usize, f64),
    moves: Vec<String>,
}

/// The settings of a Dominoes series.
#[derive(Clone, Copy)]
struct DominoSeries {
    game: dominoes::DominoGame,
    players: usize,
    options: dominoes::Options,
    a: DominoPlayer,
    b: DominoPlayer,
    samples: Option<usize>,
    seed: u64,
}

/// Plays deal number `number` with A at the seats `a_seats` holds true for.
fn play_domino_hand(series: &DominoSeries, number: usize, arrangement: usize) -> DominoHand {
    use parlour::rules::{Game, Seat, Turn};
    use rand_core::SeedableRng;

    let mut game = dominoes::Dominoes::new(series.game, series.players, series.options)
        .expect("the series' options were checked");
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(
        series
            .seed
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .wrapping_add(number as u64),
    );
    let deal = game.sample_chance(&mut rng).expect("a deal is due");
    game.play_chance(&deal).expect("a sampled deal is a deal");
    let sides = game.sides();
    let side_count = sides.count();
    // Two sides swap; with more, A takes one seat in turn and B the rest.
    let a_side = |seat: Seat| -> bool {
        if side_count == 2 {
            sides.of(seat) == arrangement
        } else {
            seat.index() == arrangement
        }
    };
    let clock = NativeClock::new();
    let mut times = [(0.0f64, 0usize, 0.0f64); 2];
    let mut moves = Vec::new();
    let mut ply = 0u64;
    while let Turn::Seat(seat) = game.turn() {
        let is_a = a_side(seat);
        let player = if is_a { series.a } else { series.b };
        let obs = game.observe(seat);
        let seed = series
            .seed
            .wrapping_mul(0x2545_f491_4f6c_dd1d)
            .wrapping_add((number as u64) << 24 | (arrangement as u64) << 16 | ply);
        let started = Instant::now();
        let m = player
            .choose(&obs, seed, series.samples, &clock)
            .expect("the seat to move has a move");
        let ms = started.elapsed().as_secs_f64() * 1000.0;
        let t = &mut times[usize::from(!is_a)];
        t.0 += ms;
        t.1 += 1;
        t.2 = t.2.max(ms);
        if let Err(e) = game.play(m) {
            panic!("{} chose an illegal move {m}: {e}", player.name());
        }
        moves.push(m.to_string());
        ply += 1;
        // With muggins, a play that counted is claimed straight after it (or forgotten).
        if game.claim_due(seat).is_some() {
            let obs = game.observe(seat);
            if let Some(claim) = player.choose(&obs, seed ^ 1, series.samples, &clock) {
                game.play(claim).expect("a claim of the count just made");
                moves.push(claim.to_string());
            }
        }
    }
    let scores = game.side_scores();
    let (mut a_points, mut b_points, mut a_sides, mut b_sides) = (0, 0, 0, 0);
    let (mut a_best, mut b_best) = (None::<u32>, None::<u32>);
    for (side, points) in scores.iter().enumerate() {
        let seat = sides.seats(side)[0];
        if a_side(seat) {
            a_points += points;
            a_sides += 1;
            a_best = a_best.max(Some(*points));
        } else {
            b_points += points;
            b_sides += 1;
            b_best = b_best.max(Some(*points));
        }
    }
    DominoHand {
        a_points,
        b_points,
        a_sides,
        b_sides,
        for_a: match a_best.cmp(&b_best) {
            std::cmp::Ordering::Greater => 1,
            std::cmp::Ordering::Less => -1,
            std::cmp::Ordering::Equal => 0,
        },
        a_time: times[0],
        b_time: times[1],
        moves,
    }
}

/// `selfplay dominoes`: duplicate deals between two players. Each deal is one hand (played to
/// its end, with the target out of reach); it is played once with A at side 1's seats and once
/// with A at side 2's, so both meet the same bones from both chairs (with three or more sides,
/// once with A at each seat and B at all the others). Prints hands won and points for each.
fn dominoes_selfplay(args: &[String]) -> Result<(), String> {
    use dominoes::{DominoGame, Options, Set, MOST_TARGET};

    let mut game = None;
    let mut set = Set::DoubleSix;
    let mut players = 2usize;
    let mut partners = None;
    let (mut a, mut b) = (DominoPlayer::Level(Level::Hardest), DominoPlayer::Greedy);
    let mut deals = 100usize;
    let mut seed = 1u64;
    let mut samples = None;
    let mut threads = 1usize;
    let mut verbose = false;
    let mut flags = Flags::new(args);
    while let Some(flag) = flags.next() {
        match flag {
            "--game" => {
                let name = flags.value("--game", "a name")?;
                game = Some(
                    DominoGame::from_name(name)
                        .ok_or_else(|| format!("unknown game of dominoes \"{name}\""))?,
                );
            }
            "--set" => set = Set::of(flags.positive("--set")?).ok_or("--set is 6, 9 or 12")?,
            "--players" => players = flags.positive("--players")?,
            "--partners" => {
                partners = Some(match flags.next() {
                    Some("true") => true,
                    Some("false") => false,
                    _ => return Err("--partners is true or false".into()),
                })
            }
            "--a" => a = DominoPlayer::from_name(flags.value("--a", "a level")?)?,
            "--b" => b = DominoPlayer::from_name(flags.value("--b", "a level")?)?,
            "--deals" => deals = flags.positive("--deals")?,
            "--seed" => seed = flags.number("--seed")?,
            "--samples" => samples = Some(flags.positive("--samples")?),
            "--threads" => threads = flags.positive("--threads")?,
            "--verbose" => verbose = true,
            other => return Err(format!("unknown selfplay argument \"{other}\"\n{USAGE}")),
        }
    }
    let game = game.ok_or("selfplay dominoes needs --game")?;
    let mut options = Options::defaults(game, players);
    options.set = set;
    options.hand_size = game.default_hand(players, set);
    if let Some(partners) = partners {
        options.partners = partners;
    }
    options.single_hand = true;
    options.target = MOST_TARGET;
    dominoes::Dominoes::new(game, players, options)?;
    let sides = if options.partners { 2 } else { players };
    let arrangements = if sides == 2 { 2 } else { players };
    let series = DominoSeries {
        game,
        players,
        options,
        a,
        b,
        samples,
        seed,
    };
    let samples_text = samples.map_or("clock".to_string(), |n| n.to_string());
    println!(
        "selfplay dominoes game {} set {} players {players} partners {} a {} b {} deals {deals} \
         samples {samples_text} seed {seed}",
        game.name(),
        set.highest(),
        options.partners,
        a.name(),
        b.name()
    );
    let jobs = deals * arrangements;
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..threads.min(jobs) {
            scope.spawn(|| loop {
                let job = next.fetch_add(1, Ordering::SeqCst);
                if job >= jobs {
                    break;
                }
                let (deal, arrangement) = (job / arrangements + 1, job % arrangements);
                let hand = play_domino_hand(&series, deal, arrangement);
                if verbose {
                    println!(
                        "deal {deal} arrangement {arrangement} a_points {} b_points {} for_a {} moves {}",
                        hand.a_points,
                        hand.b_points,
                        hand.for_a,
                        hand.moves.join(" ")
                    );
                }
                results
                    .lock()
                    .expect("no thread panics holding it")
                    .push(hand);
            });
        }
    });
    let results = results.into_inner().expect("no thread panicked holding it");
    let count = |v: i32| results.iter().filter(|r| r.for_a == v).count();
    let (a_won, tied, b_won) = (count(1), count(0), count(-1));
    let a_points: u64 = results.iter().map(|r| u64::from(r.a_points)).sum();
    let b_points: u64 = results.iter().map(|r| u64::from(r.b_points)).sum();
    let a_sides: usize = results.iter().map(|r| r.a_sides).sum();
    let b_sides: usize = results.iter().map(|r| r.b_sides).sum();
    // Points per side held, so that one A against several Bs compares fairly.
    let (a_each, b_each) = (
        a_points as f64 / a_sides.max(1) as f64,
        b_points as f64 / b_sides.max(1) as f64,
    );
    let mean = |times: &mut dyn Iterator<Item = (f64, usize, f64)>| {
        let (total, moves, most) = times.fold((0.0, 0, 0.0f64), |acc, t| {
            (acc.0 + t.0, acc.1 + t.1, acc.2.max(t.2))
        });
        (total / moves.max(1) as f64, most)
    };
    let (a_mean, a_most) = mean(&mut results.iter().map(|r| r.a_time));
    let (b_mean, b_most) = mean(&mut results.iter().map(|r| r.b_time));
    println!(
        "result game {} a {} b {} deals {deals} hands {} a_won {a_won} b_won {b_won} tied {tied} \
         a_points {a_points} b_points {b_points} a_points_share {:.1}% a_hands_share {:.1}% \
         a_ms_per_move {a_mean:.1} a_ms_max {a_most:.1} b_ms_per_move {b_mean:.1} b_ms_max {b_most:.1}",
        game.name(),
        a.name(),
        b.name(),
        results.len(),
        100.0 * a_each / (a_each + b_each).max(f64::MIN_POSITIVE),
        100.0 * a_won as f64 / (a_won + b_won).max(1) as f64,
    );
    Ok(())
}

/// A computer player in a Doquin series: a level, or any legal move at random.
#[derive(Clone, Copy, PartialEq, Debug)]
enum DoquinPlayer {
    Level(Level),
    Random,
}

impl DoquinPlayer {
    fn from_name(name: &str) -> Result<DoquinPlayer, String> {
        if name == "random" {
            return Ok(DoquinPlayer::Random);
        }
        level_named(name, Some("random")).map(DoquinPlayer::Level)
    }

    fn name(self) -> &'static str {
        match self {
            DoquinPlayer::Level(level) => level.name(),
            DoquinPlayer::Random => "random",
        }
    }
}

/// The settings of a Doquin series.
#[derive(Clone, Copy)]
struct DoquinSeries {
    players: usize,
    options: doquin::Options,
    a: DoquinPlayer,
    b: DoquinPlayer,
    playouts: Option<usize>,
    seed: u64,
}

/// One game of a Doquin series.
struct DoquinGame {
    number: usize,
    /// The seat A played (from 0).
    a_seat: usize,
    totals: Vec<i32>,
    /// 1 when A alone has the highest total, 0 when A shares it, -1 when A does not have it.
    for_a: i32,
    /// Thinking time of A and of B: total ms, moves and the longest.
    a_time: (f64, usize, f64),
    b_time: (f64, usize, f64),
    moves: Vec<String>,
}

/// Plays game `number` of a series, with A at seat `number % players`.
fn play_doquin_game(series: &DoquinSeries, number: usize) -> DoquinGame {
    use parlour::rules::{Game, Turn};

    let mut game =
        doquin::Doquin::new(series.players, series.options).expect("the options were checked");
    let a_seat = number % series.players;
    let clock = NativeClock::new();
    let mut times = [(0.0f64, 0usize, 0.0f64); 2];
    let mut moves = Vec::new();
    let mut ply = 0u64;
    while let Turn::Seat(seat) = game.turn() {
        let is_a = seat.index() == a_seat;
        let player = if is_a { series.a } else { series.b };
        let seed = series
            .seed
            .wrapping_mul(0x2545_f491_4f6c_dd1d)
            .wrapping_add((number as u64) << 24 | ply);
        let started = Instant::now();
        let m = match player {
            DoquinPlayer::Random => ai_doquin::random_move(&game, seed),
            DoquinPlayer::Level(level) => {
                let budget = match series.playouts {
                    Some(n) => ai_doquin::Budget::playouts(n),
                    None => ai_doquin::Budget::of(level),
                };
                ai_doquin::choose_within(&game, level, seed, budget, &clock).map(|c| c.best)
            }
        }
        .expect("the seat to move has a move");
        let ms = started.elapsed().as_secs_f64() * 1000.0;
        let t = &mut times[usize::from(!is_a)];
        t.0 += ms;
        t.1 += 1;
        t.2 = t.2.max(ms);
        if let Err(e) = game.play(m) {
            panic!("{} chose an illegal move {m}: {e}", player.name());
        }
        moves.push(m.to_string());
        ply += 1;
    }
    let totals = game.totals().to_vec();
    let best_b = totals
        .iter()
        .enumerate()
        .filter(|(seat, _)| *seat != a_seat)
        .map(|(_, t)| *t)
        .max()
        .unwrap_or(i32::MIN);
    DoquinGame {
        number,
        a_seat,
        for_a: match totals[a_seat].cmp(&best_b) {
            std::cmp::Ordering::Greater => 1,
            std::cmp::Ordering::Equal => 0,
            std::cmp::Ordering::Less => -1,
        },
        totals,
        a_time: times[0],
        b_time: times[1],
        moves,
    }
}

/// `selfplay doquin`: whole games (as many rounds as players) with A at one seat and B at all
/// the others; A sits at seat 1 in game 1, seat 2 in game 2, and so on round the table. Prints
/// games won, shared and lost by A, and the points a game of A and of a B seat.
fn doquin_selfplay(args: &[String]) -> Result<(), String> {
    let mut players = 2usize;
    let mut options = doquin::Options::default();
    let (mut a, mut b) = (DoquinPlayer::Level(Level::Hardest), DoquinPlayer::Random);
    let mut games = 20usize;
    let mut seed = 1u64;
    let mut playouts = None;
    let mut threads = 1usize;
    let mut verbose = false;
    let mut flags = Flags::new(args);
    while let Some(flag) = flags.next() {
        match flag {
            "--players" => players = flags.positive("--players")?,
            "--size" => options.size = flags.positive("--size")?,
            "--pegs" => options.pegs = flags.positive("--pegs")?,
            "--a" => a = DoquinPlayer::from_name(flags.value("--a", "a level")?)?,
            "--b" => b = DoquinPlayer::from_name(flags.value("--b", "a level")?)?,
            "--games" => games = flags.positive("--games")?,
            "--seed" => seed = flags.number("--seed")?,
            "--playouts" => playouts = Some(flags.positive("--playouts")?),
            "--threads" => threads = flags.positive("--threads")?,
            "--verbose" => verbose = true,
            other => return Err(format!("unknown selfplay argument \"{other}\"\n{USAGE}")),
        }
    }
    doquin::Doquin::new(players, options)?;
    let series = DoquinSeries {
        players,
        options,
        a,
        b,
        playouts,
        seed,
    };
    let playouts_text = playouts.map_or("clock".to_string(), |n| n.to_string());
    println!(
        "selfplay doquin players {players} size {} pegs {} a {} b {} games {games} playouts \
         {playouts_text} seed {seed}",
        options.size,
        options.pegs,
        a.name(),
        b.name()
    );
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..threads.min(games) {
            scope.spawn(|| loop {
                let number = next.fetch_add(1, Ordering::SeqCst);
                if number >= games {
                    break;
                }
                let result = play_doquin_game(&series, number);
                if verbose {
                    let totals: Vec<String> = result.totals.iter().map(|t| t.to_string()).collect();
                    println!(
                        "game {} a_seat {} totals {} for_a {} moves {}",
                        result.number + 1,
                        result.a_seat + 1,
                        totals.join(" "),
                        result.for_a,
                        result.moves.join(" ")
                    );
                }
                results
                    .lock()
                    .expect("no thread panics holding it")
                    .push(result);
            });
        }
    });
    let results = results.into_inner().expect("no thread panicked holding it");
    let count = |v: i32| results.iter().filter(|r| r.for_a == v).count();
    let played = results.len().max(1) as f64;
    let a_points: i64 = results.iter().map(|r| i64::from(r.totals[r.a_seat])).sum();
    let b_points: i64 = results
        .iter()
        .map(|r| {
            r.totals.iter().map(|t| i64::from(*t)).sum::<i64>() - i64::from(r.totals[r.a_seat])
        })
        .sum();
    let mean = |times: &mut dyn Iterator<Item = (f64, usize, f64)>| {
        let (total, moves, most) = times.fold((0.0, 0, 0.0f64), |acc, t| {
            (acc.0 + t.0, acc.1 + t.1, acc.2.max(t.2))
        });
        (total / moves.max(1) as f64, most)
    };
    let (a_mean, a_most) = mean(&mut results.iter().map(|r| r.a_time));
    let (b_mean, b_most) = mean(&mut results.iter().map(|r| r.b_time));
    println!(
        "result doquin players {players} a {} b {} games {} won {} shared {} lost {} \
         a_points_per_game {:.2} b_points_per_game {:.2} a_ms_per_move {a_mean:.1} \
         a_ms_max {a_most:.1} b_ms_per_move {b_mean:.1} b_ms_max {b_most:.1}",
        a.name(),
        b.name(),
        results.len(),
        count(1),
        count(0),
        count(-1),
        a_points as f64 / played,
        b_points as f64 / (played * (players - 1) as f64),
    );
    Ok(())
}

/// `parlour engine`: the Morris engine over standard input and output, in the line protocol
/// that existing mill engines speak (after the chess engines' UCI).
///
/// Commands, one a line:
/// - `uci`: answers `id name Parlour ...`, `id author ...`, one `option` line per option and
///   `uciok`.
/// - `isready`: answers `readyok` (also while searching).
/// - `ucinewgame`: forgets the previous game (the table) and goes back to the start.
/// - `setoption name NAME value VALUE`, with the names
///   - `Variant`: `morelles` (the default), `morrice`, `six-mens`, `twelve-mens`, `three-mens`;
///   - `TwoRemovals`: `true` or `false` (default `false`): one man per mill (a double mill
///     removes two men, a triple three);
///   - `RepetitionDraw`: `true` or `false` (default `true`): the third repetition draws;
///   - `FiftyMoveDraw`: `true` or `false` (default `true`): fifty moves each without a mill
///     draw;
///   - `Hash`: the transposition table's size in megabytes (default 64).
///
///   Changing the rules takes the game back to the start.
/// - `position startpos [moves M1 M2 ...]`: the game from its start with these moves, where a
///   placement is `d6`, a move or a flight `d6-d5`, and a removal is its own move `xg7` that
///   follows the move that made the mill (`xg7 xa1` after a double mill with two removals).
///   A list that ends with a mill still waiting for its removal leaves the engine to choose it.
/// - `go [depth N | movetime MS | infinite | wtime MS btime MS [winc MS binc MS] [movestogo N]]`:
///   searches (plain `go` thinks for one second) and answers `info depth D score cp S nodes N
///   time T pv ...` after each iteration, then `bestmove M`. When the best move makes a mill,
///   `bestmove` gives only the step; the removal is asked for with the step in the move list,
///   and answered `bestmove xg7`. With the game over, the answer is `bestmove (none)`.
/// - `stop`: ends the search now (it answers `bestmove` at once).
/// - `quit`: ends the program.
///
/// Commands other than `stop`, `quit` and `isready` wait for a running search to end (an
/// endless `go infinite` is stopped first), so a script may send them all at once. Anything not
/// understood is answered `info string ...` and ignored.
mod engine {
    use std::io::{BufRead, Write};
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::{Arc, Mutex};
    use std::thread::JoinHandle;

    use parlour::ai::morris::{Engine, Limits, MATE};
    use parlour::rules::morris::{IllegalMove, Move, Options, Point, Position, Removals, Variant};

    use super::NativeClock;

    const DEFAULT_HASH_MB: usize = 64;
    const DEFAULT_MOVETIME_MS: f64 = 1000.0;

    /// A step that made a mill, waiting for the removals the move list has not given yet.
    #[derive(Clone, Debug)]
    struct Pending {
        step: Move,
        given: Vec<Point>,
    }

    struct Session {
        variant: Variant,
        options: Options,
        hash_mb: usize,
        position: Position,
        pending: Option<Pending>,
        engine: Arc<Mutex<Engine>>,
        search: Option<(JoinHandle<()>, Arc<AtomicBool>, bool)>,
    }

    fn say(line: &str) {
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    }

    /// Runs the protocol until `quit` or the end of the input.
    pub fn run() {
        let mut session = Session {
            variant: Variant::Morelles,
            options: Options::default(),
            hash_mb: DEFAULT_HASH_MB,
            position: Position::new(Variant::Morelles, Options::default()),
            pending: None,
            engine: Arc::new(Mutex::new(Engine::new(DEFAULT_HASH_MB))),
            search: None,
        };
        let stdin = std::io::stdin();
        for line in stdin.lock().lines() {
            let Ok(line) = line else { break };
            if !session.command(line.trim()) {
                session.finish_search();
                return;
            }
        }
        // The end of the input: let a bounded search finish, stop an endless one.
        session.wait_for_search();
    }

    impl Session {
        /// Handles one command; false after `quit`.
        fn command(&mut self, line: &str) -> bool {
            let words: Vec<&str> = line.split_whitespace().collect();
            let Some(&first) = words.first() else {
                return true;
            };
            match first {
                "uci" => {
                    say(&format!("id name Parlour {}", env!("CARGO_PKG_VERSION")));
                    say("id author the Parlour authors");
                    say("option name Variant type combo default morelles var morelles var morrice var six-mens var twelve-mens var three-mens");
                    say("option name TwoRemovals type check default false");
                    say("option name RepetitionDraw type check default true");
                    say("option name FiftyMoveDraw type check default true");
                    say(&format!(
                        "option name Hash type spin default {DEFAULT_HASH_MB} min 1 max 1024"
                    ));
                    say("uciok");
                }
                "isready" => say("readyok"),
                "ucinewgame" => {
                    self.wait_for_search();
                    self.engine.lock().expect("the engine is free").new_game();
                    self.reset();
                }
                "setoption" => {
                    self.wait_for_search();
                    self.set_option(&words[1..]);
                }
                "position" => {
                    self.wait_for_search();
                    self.set_position(&words[1..]);
                }
                "go" => {
                    self.wait_for_search();
                    self.go(&words[1..]);
                }
                "stop" => self.finish_search(),
                "quit" => {
                    self.finish_search();
                    return false;
                }
                other => say(&format!("info string unknown command \"{other}\"")),
            }
            true
        }

        fn reset(&mut self) {
            self.position = Position::new(self.variant, self.options);
            self.pending = None;
        }

        /// Lets a running search end in its own time (commands other than `stop`, `quit` and
        /// `isready` wait for it, as a script that sends them at once expects).
        fn wait_for_search(&mut self) {
            match self.search.take() {
                Some(endless @ (_, _, true)) => {
                    self.search = Some(endless);
                    self.finish_search();
                }
                Some((handle, _, false)) => {
                    let _ = handle.join();
                }
                None => {}
            }
        }

        /// Stops a running search and waits for its `bestmove`.
        fn finish_search(&mut self) {
            if let Some((handle, stop, _)) = self.search.take() {
                stop.store(true, Ordering::SeqCst);
                let _ = handle.join();
            }
        }

        fn set_option(&mut self, words: &[&str]) {
            // setoption name NAME value VALUE
            let value_at = words.iter().position(|w| w.eq_ignore_ascii_case("value"));
            let (name, value) = match (words.first(), value_at) {
                (Some(n), Some(v)) if n.eq_ignore_ascii_case("name") => {
                    (words[1..v].join(" "), words[v + 1..].join(" "))
                }
                (Some(n), None) if n.eq_ignore_ascii_case("name") => {
                    (words[1..].join(" "), String::new())
                }
                _ => {
                    say("info string write setoption name NAME value VALUE");
                    return;
                }
            };
            let flag = |value: &str| match value.to_ascii_lowercase().as_str() {
                "true" | "on" | "1" => Some(true),
                "false" | "off" | "0" => Some(false),
                _ => None,
            };
            match name.to_ascii_lowercase().as_str() {
                "variant" => match Variant::from_name(&value.to_ascii_lowercase()) {
                    Some(variant) => {
                        self.variant = variant;
                        self.reset();
                    }
                    None => say(&format!(
                        "info string unknown variant \"{value}\" (morelles, morrice, six-mens, twelve-mens, three-mens)"
                    )),
                },
                "tworemovals" | "repetitiondraw" | "fiftymovedraw" => match flag(&value) {
                    Some(on) => {
                        match name.to_ascii_lowercase().as_str() {
                            "tworemovals" => self.options.two_removals = on,
                            "repetitiondraw" => self.options.repetition_draw = on,
                            _ => self.options.fifty_move_draw = on,
                        }
                        self.reset();
                    }
                    None => say(&format!(
                        "info string {name} takes true or false, not \"{value}\""
                    )),
                },
                "hash" => match value.parse::<usize>() {
                    Ok(mb) if (1..=1024).contains(&mb) => {
                        self.hash_mb = mb;
                        self.engine = Arc::new(Mutex::new(Engine::new(mb)));
                    }
                    _ => say(&format!(
                        "info string Hash takes megabytes from 1 to 1024, not \"{value}\""
                    )),
                },
                _ => say(&format!("info string unknown option \"{name}\"")),
            }
        }

        fn set_position(&mut self, words: &[&str]) {
            match words.first() {
                Some(&"startpos") => {}
                Some(other) => {
                    say(&format!(
                        "info string only \"position startpos [moves ...]\" is understood, not \"{other}\""
                    ));
                    return;
                }
                None => {
                    say("info string position needs startpos");
                    return;
                }
            }
            self.reset();
            let moves = match words.get(1) {
                None => return,
                Some(&"moves") => &words[2..],
                Some(other) => {
                    say(&format!("info string expected \"moves\", not \"{other}\""));
                    return;
                }
            };
            for (n, token) in moves.iter().enumerate() {
                if let Err(why) = self.play_token(token) {
                    say(&format!(
                        "info string move {} \"{token}\": {why}; the position stops before it",
                        n + 1
                    ));
                    return;
                }
            }
        }

        /// Plays one token of a move list: a step, or a removal after a step that made a mill.
        fn play_token(&mut self, token: &str) -> Result<(), String> {
            if self.position.ending().is_some() {
                return Err("the game is over".into());
            }
            if let Some(point) = token.strip_prefix(['x', 'X']) {
                let point: Point = point.parse().map_err(|e| format!("{e}"))?;
                let Some(mut pending) = self.pending.clone() else {
                    return Err("no mill was made, so there is nothing to remove".into());
                };
                pending.given.push(point);
                let full = completions(&self.position, &pending);
                if full.is_empty() {
                    // The step stays, still waiting for a removal that can be made.
                    let tried = pending.step.with_removals(removals_of(&pending.given));
                    return Err(match self.position.check(tried) {
                        Err(IllegalMove::RemovalDue(_)) | Ok(()) => {
                            format!("the man on {point} cannot be removed here")
                        }
                        Err(e) => e.to_string(),
                    });
                }
                self.pending = None;
                if let Some(done) = full
                    .iter()
                    .find(|m| m.removals().len() == pending.given.len())
                {
                    self.position.play(*done).map_err(|e| e.to_string())?;
                } else {
                    self.pending = Some(pending);
                }
                return Ok(());
            }
            if let Some(pending) = &self.pending {
                return Err(format!(
                    "{} made a mill: its removal (xNN) must come first",
                    step_text(pending.step)
                ));
            }
            let m: Move = token.parse().map_err(|e| format!("{e}"))?;
            if matches!(m, Move::Resign | Move::Draw) {
                return Err("resign and draw are not moves in this protocol".into());
            }
            match self.position.check(m) {
                Ok(()) => self.position.play(m).map_err(|e| e.to_string()),
                Err(IllegalMove::RemovalDue(_)) if m.removals().is_empty() => {
                    self.pending = Some(Pending {
                        step: m,
                        given: Vec::new(),
                    });
                    Ok(())
                }
                Err(e) => Err(e.to_string()),
            }
        }

        fn go(&mut self, words: &[&str]) {
            let mut limits = Limits::default();
            let mut clock_ms: [Option<f64>; 2] = [None, None];
            let mut increment_ms = [0.0f64; 2];
            let mut moves_to_go = None;
            let mut infinite = false;
            let mut rest = words.iter();
            while let Some(word) = rest.next() {
                let mut number = || rest.next().and_then(|v| v.parse::<f64>().ok());
                match *word {
                    "depth" => match number() {
                        Some(d) if d >= 1.0 => limits.depth = Some(d as u32),
                        _ => say("info string go depth needs a depth of 1 or more"),
                    },
                    "movetime" => match number() {
                        Some(ms) if ms >= 0.0 => limits.movetime_ms = Some(ms),
                        _ => say("info string go movetime needs milliseconds"),
                    },
                    "wtime" => clock_ms[0] = number(),
                    "btime" => clock_ms[1] = number(),
                    "winc" => increment_ms[0] = number().unwrap_or(0.0),
                    "binc" => increment_ms[1] = number().unwrap_or(0.0),
                    "movestogo" => moves_to_go = number(),
                    "infinite" => infinite = true,
                    other => say(&format!("info string go ignores \"{other}\"")),
                }
            }
            let side = self.position.to_move().index();
            if limits.movetime_ms.is_none() {
                if let Some(left) = clock_ms[side] {
                    let share = left / moves_to_go.unwrap_or(30.0).max(1.0);
                    limits.movetime_ms = Some((share + 0.8 * increment_ms[side]).min(left * 0.5));
                }
            }
            if limits.depth.is_none() && limits.movetime_ms.is_none() && !infinite {
                limits.movetime_ms = Some(DEFAULT_MOVETIME_MS);
            }
            if self.position.ending().is_some() {
                say("info string the game is over");
                say("bestmove (none)");
                return;
            }
            let position = self.position.clone();
            let pending = self.pending.clone();
            let root_moves = match &pending {
                Some(p) => completions(&position, p),
                None => position.legal_moves(),
            };
            let stop = Arc::new(AtomicBool::new(false));
            let stop_flag = Arc::clone(&stop);
            let engine = Arc::clone(&self.engine);
            let handle = std::thread::spawn(move || {
                let clock = NativeClock::new();
                let mut engine = engine.lock().unwrap_or_else(|e| e.into_inner());
                let skip = pending.as_ref().map_or(0, |p| 1 + p.given.len());
                let result = engine.search_moves(
                    &position,
                    &root_moves,
                    &limits,
                    &clock,
                    &|| stop_flag.load(Ordering::Relaxed),
                    &mut |info| {
                        let pv: Vec<String> =
                            info.pv.iter().flat_map(|m| tokens(*m)).skip(skip).collect();
                        say(&format!(
                            "info depth {} score cp {} nodes {} time {:.0} pv {}",
                            info.depth,
                            info.score,
                            info.nodes,
                            info.time_ms,
                            pv.join(" ")
                        ));
                    },
                );
                let best = tokens(result.best).into_iter().nth(skip);
                match best {
                    Some(best) if result.score > -MATE || result.depth > 0 => {
                        say(&format!("bestmove {best}"))
                    }
                    _ => say("bestmove (none)"),
                }
            });
            let endless = limits.depth.is_none() && limits.movetime_ms.is_none();
            self.search = Some((handle, stop, endless));
        }
    }

    /// The whole moves that complete a pending step with the removals given so far (in that
    /// order) and any others still due.
    fn completions(position: &Position, pending: &Pending) -> Vec<Move> {
        let mut full = Vec::new();
        for m in position.legal_moves() {
            if m.from() != pending.step.from() || m.to() != pending.step.to() {
                continue;
            }
            // The first order the rules accept of the same men that begins with those given.
            let given = pending.given.len();
            let found = position.removal_orders(m).into_iter().find(|order| {
                order.removals().len() >= given
                    && order
                        .removals()
                        .iter()
                        .take(given)
                        .eq(pending.given.iter().copied())
            });
            full.extend(found);
        }
        full
    }

    fn removals_of(points: &[Point]) -> Removals {
        points
            .iter()
            .fold(Removals::default(), |removals, &p| removals.with(p))
    }

    fn step_text(m: Move) -> String {
        m.with_removals(Removals::default()).to_string()
    }

    /// A move in the protocol's tokens: the step, then each removal as `xNN`.
    fn tokens(m: Move) -> Vec<String> {
        let mut out = vec![step_text(m)];
        out.extend(m.removals().iter().map(|p| format!("x{p}")));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(words: &[&str]) -> Vec<String> {
        words.iter().map(|w| w.to_string()).collect()
    }

    #[test]
    fn flags_read_values_and_numbers_and_say_what_is_missing() {
        let words = args(&["--games", "12", "--a", "easy", "--seed", "-3", "--verbose"]);
        let mut flags = Flags::new(&words);
        assert_eq!(flags.next(), Some("--games"));
        assert_eq!(flags.positive::<usize>("--games"), Ok(12));
        assert_eq!(flags.next(), Some("--a"));
        assert_eq!(flags.value("--a", "a level"), Ok("easy"));
        assert_eq!(flags.next(), Some("--seed"));
        assert_eq!(flags.number::<i64>("--seed"), Ok(-3));
        assert_eq!(flags.next(), Some("--verbose"));
        assert_eq!(
            flags.value("--b", "a level"),
            Err("--b needs a level".to_string())
        );
        assert_eq!(flags.next(), None);
    }

    #[test]
    fn flags_refuse_zero_negative_and_words_where_a_positive_number_goes() {
        for bad in ["0", "-1", "many", "0.0"] {
            let words = args(&[bad]);
            assert_eq!(
                Flags::new(&words).positive::<f64>("--time-scale"),
                Err("--time-scale needs a positive number".to_string()),
                "{bad}"
            );
        }
        let words = args(&["0.5"]);
        assert_eq!(Flags::new(&words).positive::<f64>("--time-scale"), Ok(0.5));
    }

    #[test]
    fn an_unknown_level_lists_the_levels_and_the_commands_own_player() {
        assert_eq!(level_named("hard", None), Ok(Level::Hard));
        let why = level_named("wise", Some("greedy")).unwrap_err();
        assert!(why.starts_with("unknown level \"wise\" (known: "), "{why}");
        assert!(why.ends_with(", greedy)"), "{why}");
        for level in Level::ALL {
            assert!(why.contains(level.name()), "{why}");
        }
        assert!(matches!(
            DoquinPlayer::from_name("random"),
            Ok(DoquinPlayer::Random)
        ));
    }
}
