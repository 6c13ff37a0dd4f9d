//! The long soak: 100,000 random play-outs across every game and option set, through the shared
//! [`Table`] view as a record opens it, checking after every move what is cheap to check: nothing
//! panics, every listed move and drawn deal plays, whose turn it is agrees with the outcome and
//! the legal moves, one score a seat, and text that is refused changes nothing that can be seen.
//! Every hundredth game's record is also written, read back and replayed to the same report.
//!
//! It takes minutes, so it is ignored by `cargo test`; run it with
//!
//! ```sh
//! cargo test --release --test soak -- --ignored --nocapture
//! ```
//!
//! A failing play-out is named by its start and seed; `SOAK_GAMES` sets a smaller (or larger)
//! number of play-outs.

use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use parlour::games::GameKind;
use parlour::record::{Player, Record};
use parlour::rules::{Table, Turn};
use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg32;
use serde_json::{Map, Value};

/// How many play-outs in all, shared evenly between the games.
const PLAYOUTS: usize = 100_000;
/// Where a game that has not ended is cut off.
const CUT_OFF: usize = 2_000;
/// One move in this many, a piece of garbage is tried first and must change nothing.
const GARBAGE_ONE_IN: u32 = 8;
/// One game in this many has its record written, read back and replayed.
const ROUND_TRIP_ONE_IN: usize = 100;
/// One move in this many, Morris is ended by `resign` or `draw`.
const ACTION_ONE_IN: u32 = 3_000;

#[test]
#[ignore = "the long soak: cargo test --release --test soak -- --ignored"]
fn soak_random_playouts_of_every_game_and_option_set() {
    let total: usize = std::env::var("SOAK_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(PLAYOUTS);
    let games = GameKind::ALL;
    let starts: Vec<Vec<(String, Record)>> = games.iter().map(|g| starts(*g)).collect();
    // Play-out `i` is of game `i % 5`, from that game's starts in turn, seeded with `i`.
    let next = AtomicUsize::new(0);
    let tallies = Mutex::new(vec![Tally::default(); games.len()]);
    let failures = Mutex::new(Vec::new());
    let started = Instant::now();
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let quiet = panic::take_hook();
    panic::set_hook(Box::new(|_| {}));
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= total {
                    break;
                }
                let g = i % games.len();
                let game_starts = &starts[g];
                let (label, record) = &game_starts[(i / games.len()) % game_starts.len()];
                let begun = Instant::now();
                let played = panic::catch_unwind(AssertUnwindSafe(|| play_out(record, i as u64)));
                let took = begun.elapsed();
                match played {
                    Ok(Ok(end)) => tallies.lock().unwrap()[g].add(end, took),
                    Ok(Err(why)) => failures
                        .lock()
                        .unwrap()
                        .push(format!("{label}, seed {i}: {why}")),
                    Err(panic) => {
                        let why = panic
                            .downcast_ref::<String>()
                            .cloned()
                            .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                            .unwrap_or_default();
                        failures
                            .lock()
                            .unwrap()
                            .push(format!("{label}, seed {i}: panicked: {why}"));
                    }
                }
            });
        }
    });
    panic::set_hook(quiet);
    let elapsed = started.elapsed();
    let tallies = tallies.into_inner().unwrap();
    let mut played = 0;
    for (game, t) in games.iter().zip(&tallies) {
        played += t.games;
        println!(
            "{:<9} {:>6} play-outs from {:>3} starts, {:>9} moves, {:>6} ended, {:>5} cut off, \
             {:>4} round trips, {:.1?} of thread time",
            game.name(),
            t.games,
            starts[GameKind::ALL.iter().position(|g| g == game).unwrap()].len(),
            t.moves,
            t.ended,
            t.cut_off,
            t.round_trips,
            t.time
        );
    }
    println!("{played} play-outs in {elapsed:.1?} on {threads} threads");
    let failures = failures.into_inner().unwrap();
    assert!(
        failures.is_empty(),
        "{} play-outs failed; the first:\n{}",
        failures.len(),
        failures[..failures.len().min(10)].join("\n")
    );
    assert_eq!(played, total, "every play-out is counted");
}

#[derive(Clone, Default)]
struct Tally {
    games: usize,
    moves: usize,
    ended: usize,
    cut_off: usize,
    round_trips: usize,
    time: Duration,
}

impl Tally {
    fn add(&mut self, end: End, took: Duration) {
        self.games += 1;
        self.moves += end.moves;
        self.ended += usize::from(end.ended);
        self.cut_off += usize::from(!end.ended);
        self.round_trips += usize::from(end.round_trip);
        self.time += took;
    }
}

/// How a play-out ended.
struct End {
    moves: usize,
    ended: bool,
    round_trip: bool,
}

/// One random game from `start`, checked after every move.
fn play_out(start: &Record, seed: u64) -> Result<End, String> {
    let mut rng = Pcg32::seed_from_u64(seed);
    let mut table = start
        .start()
        .map_err(|e| format!("the start does not open: {e}"))?;
    let mut moves: Vec<String> = Vec::new();
    let morris = start.game == GameKind::Morris.name();
    loop {
        let at = |why: String| format!("after {} moves {:?}: {why}", moves.len(), moves.last());
        let legal = table.legal_notation();
        check(table.as_ref(), &legal).map_err(at)?;
        if table.ended().is_some() || moves.len() >= CUT_OFF {
            break;
        }
        if rng.next_u32().is_multiple_of(GARBAGE_ONE_IN) {
            let text = garbage(&mut rng);
            let seen = (table.whose_turn(), table.seat_scores());
            match table.play_notation(&text) {
                Err(_) => {
                    if seen != (table.whose_turn(), table.seat_scores())
                        || table.legal_notation() != legal
                    {
                        return Err(at(format!("refusing {text:?} changed the game")));
                    }
                }
                Ok(written) => {
                    // Readable and legal after all (a lucky guess): play on from there.
                    moves.push(written);
                    continue;
                }
            }
        }
        let text = if morris && rng.next_u32().is_multiple_of(ACTION_ONE_IN) {
            ["resign", "draw"][rng.next_u32() as usize % 2].to_string()
        } else if legal.is_empty() {
            match (table.whose_turn(), table.sample_chance_notation(&mut rng)) {
                (Turn::Chance, Some(drawn)) => drawn,
                (turn, _) => return Err(at(format!("nothing to play at {turn:?}"))),
            }
        } else {
            legal[rng.next_u32() as usize % legal.len()].clone()
        };
        table
            .play_notation(&text)
            .map_err(|e| at(format!("{text:?} is refused: {e}")))?;
        moves.push(text);
    }
    let round_trip = (seed as usize / GameKind::ALL.len()).is_multiple_of(ROUND_TRIP_ONE_IN);
    if round_trip {
        let mut record = start.clone();
        record.moves = moves.clone();
        let read = Record::from_json(&record.to_json())
            .map_err(|e| format!("the record does not read back: {e}"))?;
        let replayed = read
            .replay()
            .map_err(|e| format!("the record does not replay: {e}"))?;
        if replayed.legal_notation() != table.legal_notation()
            || replayed.seat_scores() != table.seat_scores()
            || replayed.whose_turn() != table.whose_turn()
            || replayed.ended() != table.ended()
        {
            return Err("the replayed record is another game".into());
        }
    }
    Ok(End {
        moves: moves.len(),
        ended: table.ended().is_some(),
        round_trip,
    })
}

/// Whose turn it is agrees with the outcome and the legal moves; one score a seat.
fn check(table: &dyn Table, legal: &[String]) -> Result<(), String> {
    let seats = table.seat_count();
    if table.seat_scores().len() != seats {
        return Err(format!(
            "{} scores for {seats} seats",
            table.seat_scores().len()
        ));
    }
    match (table.whose_turn(), table.ended()) {
        (Turn::Over, Some(outcome)) => {
            if !legal.is_empty() {
                return Err(format!("the game is over but lists moves {legal:?}"));
            }
            if outcome.winners.is_empty() || outcome.winners.iter().any(|s| s.index() >= seats) {
                return Err(format!("winners {:?} of {seats} seats", outcome.winners));
            }
            if outcome.reason.is_empty() {
                return Err("the game ended for no stated reason".into());
            }
        }
        (Turn::Over, None) => return Err("over, but with no outcome".into()),
        (_, Some(_)) => return Err("an outcome, but the game goes on".into()),
        (Turn::Seat(seat), None) if seat.index() >= seats => {
            return Err(format!("{seat} to move in a game of {seats}"));
        }
        (Turn::Seat(seat), None) if legal.is_empty() => {
            return Err(format!("{seat} to move has no legal move"));
        }
        _ => {}
    }
    Ok(())
}

/// Random text: mostly characters of the games' notations, sometimes anything.
fn garbage(rng: &mut Pcg32) -> String {
    const CHARS: &[u8] = b"abcdefgABCDEFG0123456789-xX/;LRUDNSEW resigndrawgoclaimmugginsdeal";
    let len = rng.next_u32() % 12;
    (0..len)
        .map(|_| {
            if rng.next_u32().is_multiple_of(10) {
                char::from_u32(rng.next_u32() % 0x3000).unwrap_or('?')
            } else {
                char::from(CHARS[rng.next_u32() as usize % CHARS.len()])
            }
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// The starts: every game with every rule set, option set and number of players worth playing.

fn players(n: usize) -> Vec<Player> {
    (1..=n).map(|i| Player::human(&format!("P{i}"))).collect()
}

fn options(pairs: &[(&str, Value)]) -> Map<String, Value> {
    pairs
        .iter()
        .map(|(key, value)| (key.to_string(), value.clone()))
        .collect()
}

/// Labelled records, one per start of `game`.
fn starts(game: GameKind) -> Vec<(String, Record)> {
    let mut starts = Vec::new();
    let mut add = |variant: Option<&str>, options: Map<String, Value>, n: usize| {
        let label = format!(
            "{} {} {n} players {}",
            game.name(),
            variant.unwrap_or(""),
            Value::Object(options.clone())
        );
        let record = Record::new(game, variant, options, players(n));
        starts.push((label, record));
    };
    match game {
        GameKind::Morris => {
            for variant in [
                "morrice",
                "morelles",
                "six-mens",
                "twelve-mens",
                "three-mens",
            ] {
                for bits in 0..8u8 {
                    let o = options(&[
                        ("two_removals", Value::from(bits & 1 != 0)),
                        ("repetition_draw", Value::from(bits & 2 == 0)),
                        ("fifty_move_draw", Value::from(bits & 4 == 0)),
                    ]);
                    add(Some(variant), o, 2);
                }
            }
        }
        GameKind::Archery => {
            for n in 1..=4 {
                add(None, Map::new(), n);
            }
        }
        GameKind::Quoits => {
            for n in 2..=4 {
                for (one_pitch, single_end, target) in [
                    (false, false, None),
                    (true, false, None),
                    (false, true, None),
                    (true, true, None),
                    (false, false, Some(10)),
                    (true, false, Some(150)),
                ] {
                    let mut o = options(&[
                        ("one_pitch", Value::from(one_pitch)),
                        ("single_end", Value::from(single_end)),
                    ]);
                    if let Some(target) = target {
                        o.insert("target".into(), Value::from(target));
                    }
                    add(None, o, n);
                }
            }
        }
        GameKind::Dominoes => {
            // Every game with every set and number of players it allows: the header says no
            // to the rest, so they are left out here.
            let games = [
                "block",
                "draw",
                "all-fives",
                "bergen",
                "matador",
                "sebastopol",
                "domino-pool",
            ];
            let opens = |variant: &str, o: &Map<String, Value>, n: usize| {
                Record::new(game, Some(variant), o.clone(), players(n))
                    .start()
                    .is_ok()
            };
            let mut wanted = Vec::new();
            for variant in games {
                for set in [6, 9, 12] {
                    for n in 2..=6 {
                        wanted.push((variant, options(&[("set", Value::from(set))]), n));
                    }
                }
            }
            for variant in ["block", "draw", "all-fives", "matador"] {
                wanted.push((variant, options(&[("partners", Value::from(false))]), 4));
                wanted.push((variant, options(&[("partners", Value::from(true))]), 4));
                wanted.push((variant, options(&[("difference", Value::from(true))]), 2));
                wanted.push((variant, options(&[("single_hand", Value::from(true))]), 3));
                wanted.push((variant, options(&[("target", Value::from(1))]), 2));
            }
            wanted.push(("all-fives", options(&[("spinner", Value::from(true))]), 2));
            wanted.push(("all-fives", options(&[("muggins", Value::from(true))]), 3));
            wanted.push((
                "all-fives",
                options(&[
                    ("spinner", Value::from(true)),
                    ("muggins", Value::from(true)),
                ]),
                4,
            ));
            wanted.push(("draw", options(&[("draw_when_able", Value::from(true))]), 2));
            wanted.push(("block", options(&[("hand", Value::from(3))]), 2));
            for (variant, o, n) in wanted {
                if opens(variant, &o, n) {
                    add(Some(variant), o, n);
                }
            }
        }
        GameKind::Doquin => {
            for size in [3, 4, 5] {
                for n in 2..=4 {
                    for pegs in [None, Some(5), Some(15)] {
                        let mut o = options(&[("size", Value::from(size))]);
                        if let Some(pegs) = pegs {
                            o.insert("pegs".into(), Value::from(pegs));
                        }
                        let record = Record::new(game, None, o.clone(), players(n));
                        if record.start().is_ok() {
                            add(None, o, n);
                        }
                    }
                }
            }
        }
    }
    assert!(!starts.is_empty(), "{} has starts", game.name());
    starts
}
