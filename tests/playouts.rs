//! Random play-outs of every game, through the shared [`Table`] view, checking the invariants
//! after every move: nothing panics, every listed move plays, garbage and illegal moves are
//! refused and change nothing, the scores add up, the record round-trips, and the game ends
//! within its bound (or is cut off where it has none).
//!
//! A game joins by adding one line to [`games`]: its starts (records, one per rule set and option
//! set) and its own invariants.

use std::fmt::Debug;
use std::time::Instant;

use parlour::games::GameKind;
use parlour::record::{Player, Record, RecordError};
use parlour::rules::archery::{Archery, Arrow};
use parlour::rules::dominoes::{self, DominoGame, Dominoes, Event, PointsWhy};
use parlour::rules::doquin::{self, Doquin};
use parlour::rules::morris::{self, Ending, Position, Side, Variant};
use parlour::rules::quoits::{self, Quoits, Space};
use parlour::rules::{Game, Seat, Table, Turn};
use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg32;
use serde_json::Value;

/// Every game in the play-out test, one line each.
fn games() -> Vec<Entry> {
    vec![
        Entry::new("morris", morris_playouts()),
        Entry::new("archery", archery_playouts()),
        Entry::new("quoits", quoits_playouts()),
        Entry::new("dominoes", dominoes_playouts()),
        Entry::new("doquin", doquin_playouts()),
    ]
}

#[test]
fn random_playouts_keep_every_invariant() {
    let started = Instant::now();
    let mut failures = Vec::new();
    let mut summary = Vec::new();
    for entry in games() {
        let begun = Instant::now();
        match (entry.run)() {
            Ok(line) => summary.push(format!("{} ({:.1?}): {line}", entry.name, begun.elapsed())),
            Err(why) => failures.push(format!("{}: {why}", entry.name)),
        }
    }
    println!("{} in {:.1?}", summary.join("\n"), started.elapsed());
    assert!(failures.is_empty(), "play-outs:\n{}", failures.join("\n"));
}

// ---------------------------------------------------------------------------------------------
// The harness

/// What a game gives the play-out test.
struct Playouts<T> {
    /// Where games start, with a label: a record's header (and opening moves, if any).
    starts: Vec<(String, Record)>,
    /// How many games from each start.
    games_per_start: usize,
    /// The game at the start of a record, as the app opens it.
    open: fn(&Record) -> Result<T, RecordError>,
    /// The most moves a game from this start can last, or `None` when it may go on for ever
    /// (then it is cut off at [`CUT_OFF`]).
    bound: fn(&Record) -> Option<usize>,
    /// Moves that are always open but not listed among the legal moves (`resign`, `draw`):
    /// each ends the game.
    actions: &'static [&'static str],
    /// The game's own invariants, checked after every move: the position and the moves so far.
    invariants: fn(&T, &[String]) -> Result<(), String>,
}

/// Where a game without a bound is cut off.
const CUT_OFF: usize = 1_000;
/// How often a play-out ends itself with an action (`resign`, `draw`): one move in this many.
const ACTION_ONE_IN: u32 = 2_000;
/// Random strings tried on every move, some garbage, some readable but illegal.
const TRIES_PER_MOVE: usize = 3;

/// One game's play-outs, with its type put away.
struct Entry {
    name: &'static str,
    run: Box<dyn Fn() -> Result<String, String>>,
}

impl Entry {
    fn new<T>(name: &'static str, playouts: Playouts<T>) -> Entry
    where
        T: Table + Clone + PartialEq + Debug + Send + 'static,
    {
        Entry {
            name,
            run: Box::new(move || run_all(&playouts)),
        }
    }
}

/// Runs every start on its own thread; the first failure of each start is reported.
fn run_all<T>(playouts: &Playouts<T>) -> Result<String, String>
where
    T: Table + Clone + PartialEq + Debug + Send + 'static,
{
    let results: Vec<(String, Result<Tally, String>)> = std::thread::scope(|scope| {
        let handles: Vec<_> = playouts
            .starts
            .iter()
            .enumerate()
            .map(|(i, (label, record))| {
                scope.spawn(move || {
                    let mut tally = Tally::default();
                    for game in 0..playouts.games_per_start {
                        let seed = (i as u64) << 32 | game as u64;
                        if let Err(why) = play_out(playouts, record, seed, &mut tally) {
                            return (label.clone(), Err(format!("game seed {seed:#x}: {why}")));
                        }
                    }
                    (label.clone(), Ok(tally))
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a play-out thread panicked"))
            .collect()
    });
    let mut lines = Vec::new();
    let mut failures = Vec::new();
    for (label, result) in results {
        match result {
            Ok(t) if t.games == 0 => failures.push(format!("{label}: no game was played")),
            Ok(t) => lines.push(format!(
                "  {label}: {} games, {} moves, {} ended, {} cut off, {} by action; endings {:?}",
                t.games, t.moves, t.ended, t.cut_off, t.by_action, t.reasons
            )),
            Err(why) => failures.push(format!("{label}: {why}")),
        }
    }
    if failures.is_empty() {
        Ok(format!("\n{}", lines.join("\n")))
    } else {
        Err(failures.join("\n"))
    }
}

#[derive(Default)]
struct Tally {
    games: usize,
    moves: usize,
    ended: usize,
    cut_off: usize,
    by_action: usize,
    reasons: std::collections::BTreeMap<String, usize>,
}

/// Random text: mostly characters of move notations, sometimes anything.
fn garbage(rng: &mut Pcg32) -> String {
    const CHARS: &[u8] = b"abcdefgh012345678-xX resigndraw";
    let len = rng.next_u32() as usize % 9;
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

/// A listed move with one character changed, dropped or added.
fn mutate(text: &str, rng: &mut Pcg32) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    let pool: Vec<char> = "abcdefg1234567-x".chars().collect();
    let pick = pool[rng.next_u32() as usize % pool.len()];
    let at = rng.next_u32() as usize % (chars.len() + 1);
    match rng.next_u32() % 3 {
        0 if at < chars.len() => chars[at] = pick,
        1 if at < chars.len() => {
            chars.remove(at);
        }
        _ => chars.insert(at, pick),
    }
    chars.into_iter().collect()
}

fn play_out<T>(
    playouts: &Playouts<T>,
    start: &Record,
    seed: u64,
    tally: &mut Tally,
) -> Result<(), String>
where
    T: Table + Clone + PartialEq + Debug,
{
    let mut rng = Pcg32::seed_from_u64(seed);
    let mut state = (playouts.open)(start).map_err(|e| format!("the start does not open: {e}"))?;
    let mut moves: Vec<String> = Vec::new();
    for text in &start.moves {
        state
            .play_notation(text)
            .map_err(|e| format!("opening move {text}: {e}"))?;
        moves.push(text.clone());
    }
    let bound = (playouts.bound)(start);
    let limit = bound.unwrap_or(CUT_OFF);
    let mut previous_legal: Vec<String> = Vec::new();
    let mut ended_by_action = false;
    loop {
        let at = |what: String| format!("after {} moves {:?}: {what}", moves.len(), last(&moves));
        (playouts.invariants)(&state, &moves).map_err(at)?;
        let legal = state.legal_notation();
        check_turn(&state, &legal).map_err(at)?;
        if state.ended().is_some() || moves.len() >= limit {
            break;
        }

        // A chance event too large to list (a deal of dominoes) is drawn instead.
        let unlisted = legal.is_empty() && state.whose_turn() == Turn::Chance;
        let sampled = if unlisted {
            let drawn = state
                .sample_chance_notation(&mut rng)
                .ok_or_else(|| at("chance is due but nothing can be drawn".into()))?;
            vec![drawn]
        } else {
            Vec::new()
        };
        let pick_from = if unlisted { &sampled } else { &legal };

        // Every listed move plays; keep where each leads.
        let mut children = Vec::with_capacity(legal.len());
        for text in &legal {
            let mut child = state.clone();
            child
                .play_notation(text)
                .map_err(|e| at(format!("the listed move {text} is refused: {e}")))?;
            children.push(child);
        }

        // Garbage, mutated moves and the last position's moves: refused and nothing changes,
        // or, when readable and legal after all (another spelling, the other order of two
        // removals), they lead where a listed move leads.
        for i in 0..TRIES_PER_MOVE {
            let text = match i {
                0 => garbage(&mut rng),
                1 => mutate(
                    &pick_from[rng.next_u32() as usize % pick_from.len()],
                    &mut rng,
                ),
                _ if !previous_legal.is_empty() => {
                    previous_legal[rng.next_u32() as usize % previous_legal.len()].clone()
                }
                _ => garbage(&mut rng),
            };
            if playouts
                .actions
                .contains(&text.trim().to_ascii_lowercase().as_str())
            {
                continue;
            }
            let mut tried = state.clone();
            match tried.play_notation(&text) {
                Err(_) if tried == state => {}
                Err(e) => return Err(at(format!("refusing {text:?} ({e}) changed the game"))),
                Ok(_) if children.contains(&tried) => {}
                // Another outcome of an unlisted chance event: as good as the one drawn.
                Ok(_) if unlisted => {}
                Ok(_) => {
                    return Err(at(format!("{text:?} was accepted but is no listed move")));
                }
            }
        }

        let text = if !playouts.actions.is_empty() && rng.next_u32().is_multiple_of(ACTION_ONE_IN) {
            playouts.actions[rng.next_u32() as usize % playouts.actions.len()].to_string()
        } else {
            pick_from[rng.next_u32() as usize % pick_from.len()].clone()
        };
        state
            .play_notation(&text)
            .map_err(|e| at(format!("{text} is refused: {e}")))?;
        if playouts.actions.contains(&text.as_str()) {
            if state.ended().is_none() {
                return Err(at(format!("{text} did not end the game")));
            }
            ended_by_action = true;
        }
        moves.push(text);
        previous_legal = legal;
    }

    match (state.ended(), bound) {
        (Some(outcome), _) => {
            tally.ended += 1;
            *tally.reasons.entry(outcome.reason).or_default() += 1;
        }
        (None, Some(bound)) => {
            return Err(format!(
                "the game did not end within its bound of {bound} moves"
            ));
        }
        (None, None) => tally.cut_off += 1,
    }
    tally.by_action += usize::from(ended_by_action);
    tally.games += 1;
    tally.moves += moves.len();
    round_trip(playouts, start, &moves, &state)
}

fn last(moves: &[String]) -> &str {
    moves.last().map_or("(start)", String::as_str)
}

/// Whose turn it is agrees with the outcome and the legal moves; scores are one per seat.
fn check_turn<T: Table>(state: &T, legal: &[String]) -> Result<(), String> {
    let seats = state.seat_count();
    if state.seat_scores().len() != seats {
        return Err(format!(
            "{} scores for {seats} seats",
            state.seat_scores().len()
        ));
    }
    match (state.whose_turn(), state.ended()) {
        (Turn::Over, Some(outcome)) => {
            if !legal.is_empty() {
                return Err(format!("the game is over but lists moves {legal:?}"));
            }
            if outcome.winners.is_empty() || outcome.winners.iter().any(|s| s.index() >= seats) {
                return Err(format!(
                    "winners {:?} are not seats of the game",
                    outcome.winners
                ));
            }
            if outcome.reason.is_empty() {
                return Err("the game ended for no stated reason".into());
            }
        }
        (Turn::Over, None) => return Err("over, but with no outcome".into()),
        (_, Some(_)) => return Err("an outcome, but the game goes on".into()),
        (Turn::Seat(seat), None) => {
            if seat.index() >= seats {
                return Err(format!("{seat} to move in a game of {seats}"));
            }
            if legal.is_empty() {
                return Err(format!(
                    "{seat} to move has no legal move, yet the game goes on"
                ));
            }
        }
        (Turn::Chance, None) => {}
    }
    let mut sorted = legal.to_vec();
    sorted.sort();
    sorted.dedup();
    if sorted.len() != legal.len() {
        return Err(format!("a move is listed twice in {legal:?}"));
    }
    Ok(())
}

/// The game's record, written as JSON and read back, replays to the same game and report.
fn round_trip<T>(
    playouts: &Playouts<T>,
    start: &Record,
    moves: &[String],
    state: &T,
) -> Result<(), String>
where
    T: Table + Clone + PartialEq + Debug,
{
    let mut record = start.clone();
    record.moves = moves.to_vec();
    let read = Record::from_json(&record.to_json())
        .map_err(|e| format!("the record does not read back: {e}"))?;
    if read != record {
        return Err("the record changes when written and read".into());
    }
    let mut replayed = (playouts.open)(&read).map_err(|e| e.to_string())?;
    for (i, text) in read.moves.iter().enumerate() {
        replayed
            .play_notation(text)
            .map_err(|e| format!("replaying move {} {text}: {e}", i + 1))?;
    }
    if replayed != *state {
        return Err("the replayed record is another game".into());
    }
    let report = read
        .replay_report()
        .map_err(|e| format!("the record does not replay: {e}"))?;
    let ended = state.ended();
    let expected = [
        ("over", Value::from(ended.is_some())),
        ("legal", Value::from(state.legal_notation())),
        ("scores", Value::from(state.seat_scores())),
        (
            "winners",
            ended.as_ref().map_or(Value::Null, |o| {
                Value::from(o.winners.iter().map(|s| s.number()).collect::<Vec<_>>())
            }),
        ),
        (
            "reason",
            ended.map_or(Value::Null, |o| Value::from(o.reason)),
        ),
    ];
    for (key, value) in expected {
        if report[key] != value {
            return Err(format!(
                "replay report {key} is {}, the game says {value}",
                report[key]
            ));
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Morris

/// Random games of each rule set with the default options, and with each other option set. The
/// 24-point boards' games are the longest; Six and Three Men's are quick.
fn morris_games(variant: Variant, default_options: bool) -> usize {
    match (variant, default_options) {
        (Variant::Morrice | Variant::Morelles, true) => 1_500,
        (Variant::Morrice | Variant::Morelles, false) => 500,
        (Variant::TwelveMens, true) => 1_000,
        (Variant::TwelveMens, false) => 500,
        (Variant::SixMens | Variant::ThreeMens, true) => 1_000,
        (Variant::SixMens | Variant::ThreeMens, false) => 500,
    }
}
/// Games are played in batches of this many, each on its own thread.
const MORRIS_BATCH: usize = 500;

/// The men each side has in each rule set, typed in from the rules.
const MORRIS_MEN: [(&str, u8); 5] = [
    ("morrice", 9),
    ("morelles", 9),
    ("six-mens", 6),
    ("twelve-mens", 12),
    ("three-mens", 3),
];

fn morris_playouts() -> Playouts<Position> {
    let mut starts = Vec::new();
    for variant in Variant::ALL {
        for bits in 0..8u8 {
            let options = morris::Options {
                two_removals: bits & 1 != 0,
                repetition_draw: bits & 2 == 0,
                fifty_move_draw: bits & 4 == 0,
            };
            let label = format!(
                "{} two_removals={} repetition_draw={} fifty_move_draw={}",
                variant.name(),
                options.two_removals,
                options.repetition_draw,
                options.fifty_move_draw
            );
            let record = Record::new(
                GameKind::Morris,
                Some(variant.name()),
                Position::new(variant, options).options_json(),
                vec![Player::human("White"), Player::human("Black")],
            );
            let games = morris_games(variant, bits == 0);
            for _ in 0..games.div_ceil(MORRIS_BATCH) {
                starts.push((label.clone(), record.clone()));
            }
        }
    }
    Playouts {
        starts,
        games_per_start: MORRIS_BATCH,
        open: Record::start_morris,
        bound: morris_bound,
        actions: &["resign", "draw"],
        invariants: morris_invariants,
    }
}

/// With the fifty-move draw on, a game has at most two hands of placements, and at most 100
/// quiet moves before each removal and after the last; a side is lost at its (men - 2)th
/// removal, so there are fewer than 2 (men - 2) removals, and none in Three Men's Morris.
fn morris_bound(record: &Record) -> Option<usize> {
    let fifty = record
        .options
        .get("fifty_move_draw")
        .and_then(Value::as_bool)
        .unwrap_or(true);
    let variant = record.variant.as_deref().and_then(Variant::from_name)?;
    let men = usize::from(variant.men());
    let removals = if variant.mill_wins() {
        0
    } else {
        2 * (men - 2)
    };
    fifty.then_some(2 * men + (removals + 1) * usize::from(morris::QUIET_PLIES_FOR_DRAW))
}

fn morris_invariants(position: &Position, moves: &[String]) -> Result<(), String> {
    let variant = position.variant();
    let men = MORRIS_MEN
        .iter()
        .find(|(name, _)| *name == variant.name())
        .map(|(_, men)| *men)
        .ok_or_else(|| format!("no men typed in for {}", variant.name()))?;
    // Count from the record itself the men each side lost (every `x` takes one of the other
    // side's men) and placed (every move without `-`, `resign` and `draw` aside).
    let mut lost = [0u8; 2];
    let mut placed = [0u8; 2];
    for (ply, text) in moves.iter().enumerate() {
        lost[1 - ply % 2] += text.matches('x').count() as u8;
        if !text.contains('-') && text != "resign" && text != "draw" {
            placed[ply % 2] += 1;
        }
    }
    for side in [Side::White, Side::Black] {
        let (board, hand) = (position.on_board(side), position.in_hand(side));
        if board + hand + lost[side.index()] != men {
            return Err(format!(
                "{}: {board} on the board + {hand} in hand + {} lost is not {men}",
                side.name(),
                lost[side.index()]
            ));
        }
        if position.lost(side) != lost[side.index()] {
            return Err(format!(
                "{} lost {} men, not {}",
                side.name(),
                lost[side.index()],
                position.lost(side)
            ));
        }
        if hand + placed[side.index()] != men {
            return Err(format!(
                "{}: {hand} in hand after placing {}, of {men}",
                side.name(),
                placed[side.index()]
            ));
        }
        if !variant.flying() && position.phase(side) == morris::Phase::Flying {
            return Err(format!("{} flies in {}", side.name(), variant.title()));
        }
    }
    let scores: Vec<i32> = [Side::White, Side::Black]
        .iter()
        .map(|&s| i32::from(position.on_board(s) + position.in_hand(s)))
        .collect();
    if parlour::rules::Table::seat_scores(position) != scores {
        return Err("the scores are not the men each side still has".into());
    }
    if position.options().fifty_move_draw && position.quiet_plies() > morris::QUIET_PLIES_FOR_DRAW {
        return Err(format!(
            "{} quiet plies and no draw",
            position.quiet_plies()
        ));
    }
    let ending = position.ending();
    if ending.is_none() {
        for side in [Side::White, Side::Black] {
            if position.on_board(side) + position.in_hand(side) < morris::FEWEST_MEN {
                return Err(format!("{} has two men and the game goes on", side.name()));
            }
        }
    }
    if variant.mill_wins() {
        // Three Men's Morris: nothing is removed, and a line ends the game at once.
        if lost != [0, 0] {
            return Err(format!("men were removed in {}", variant.title()));
        }
        let lines = [Side::White, Side::Black].map(|side| !position.in_mills(side).is_empty());
        match ending {
            None if lines.contains(&true) => {
                return Err("a line stands and the game goes on".into());
            }
            Some(Ending::ThreeInARow { loser }) if !lines[loser.opponent().index()] => {
                return Err("three in a row, but the winner has no line".into());
            }
            _ => {}
        }
    } else if matches!(ending, Some(Ending::ThreeInARow { .. })) {
        return Err(format!("three in a row ends a game of {}", variant.title()));
    }
    if ending == Some(Ending::BoardFull) {
        let on_board = usize::from(position.on_board(Side::White) + position.on_board(Side::Black));
        if !variant.full_board_draws()
            || on_board != position.board().points().len()
            || lost != [0, 0]
        {
            return Err(format!(
                "board full with {on_board} men on the board and {lost:?} lost, in {}",
                variant.title()
            ));
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Archery

const NAMES: [&str; 4] = ["Ada", "Ben", "Cy", "Dot"];

fn players(n: usize) -> Vec<Player> {
    NAMES[..n].iter().map(|name| Player::human(name)).collect()
}

/// Games of Archery from each number of players.
const ARCHERY_GAMES: usize = 250;
/// The points of target spaces 17 to 23, typed in from the rules.
const ARCHERY_POINTS: [u32; 7] = [1, 2, 3, 6, 3, 2, 1];
/// Generous room for spins for lead, a player: ties are rare and a play-out is seeded.
const LEAD_SPINS_EACH: usize = 40;

fn archery_playouts() -> Playouts<Archery> {
    let starts = (1..=4)
        .map(|n| {
            let record = Record::new(GameKind::Archery, None, Default::default(), players(n));
            (
                format!("{n} player{}", if n == 1 { "" } else { "s" }),
                record,
            )
        })
        .collect();
    Playouts {
        starts,
        games_per_start: ARCHERY_GAMES,
        open: |record| {
            Archery::from_header(
                record.variant.as_deref(),
                &record.options,
                record.players.len(),
            )
            .map_err(RecordError::BadHeader)
        },
        bound: archery_bound,
        actions: &[],
        invariants: archery_invariants,
    }
}

/// Every arrow moves at most nine times (by twos to 16, then past the target at the latest),
/// each move a spin and a choice; and the spins for lead.
fn archery_bound(record: &Record) -> Option<usize> {
    let players = record.players.len();
    Some(players * (3 * 9 * 2 + LEAD_SPINS_EACH))
}

/// The fewest and most moves (of 2 to 12) that bring an arrow from the flag-staff to where it is.
fn arrow_moves(arrow: Arrow) -> (usize, usize) {
    match arrow {
        Arrow::Quiver => (0, 0),
        Arrow::Flying(space) | Arrow::Target(space) => {
            (usize::from(space).div_ceil(12), usize::from(space) / 2)
        }
        Arrow::Missed => (2, 9),
    }
}

fn archery_invariants(game: &Archery, moves: &[String]) -> Result<(), String> {
    let lead_spins: usize = game.lead().rounds().iter().map(Vec::len).sum();
    let shots = moves.iter().filter(|m| m.starts_with('a')).count();
    let waiting = usize::from(game.spin().is_some());
    if moves.len() != lead_spins + 2 * shots + waiting {
        return Err(format!(
            "{} moves are not {lead_spins} spins for lead, {shots} turns of a spin and an arrow, \
             and {waiting} spin waiting",
            moves.len()
        ));
    }
    let (mut fewest, mut most) = (0, 0);
    let mut scores = Vec::new();
    let mut any_in_flight = false;
    for seat in (0..game.players() as u8).map(Seat) {
        let arrows = game.arrows(seat);
        let mut score = 0;
        for (i, arrow) in arrows.iter().enumerate() {
            match *arrow {
                Arrow::Quiver | Arrow::Missed => {}
                Arrow::Flying(space) if (1..=16).contains(&space) => {}
                Arrow::Target(space) if (17..=23).contains(&space) => {
                    score += ARCHERY_POINTS[usize::from(space - 17)];
                }
                other => return Err(format!("{seat} arrow {} is at {other:?}", i + 1)),
            }
            let (low, high) = arrow_moves(*arrow);
            fewest += low;
            most += high;
            any_in_flight |= arrow.in_flight();
        }
        if game.score(seat) != score {
            return Err(format!(
                "{seat} scores {}, but their arrows on the target make {score}",
                game.score(seat)
            ));
        }
        scores.push(score as i32);
    }
    if !(fewest..=most).contains(&shots) {
        return Err(format!(
            "{shots} arrows moved, but the arrows where they are took {fewest} to {most} moves"
        ));
    }
    if game.seat_scores() != scores {
        return Err("the scores are not the sums of the arrows' points".into());
    }
    match game.whose_turn() {
        Turn::Over if any_in_flight => return Err("over with an arrow in flight".into()),
        Turn::Over => {
            let best = scores.iter().max().copied().unwrap_or(0);
            let winners: Vec<Seat> = (0..scores.len() as u8)
                .map(Seat)
                .filter(|s| scores[s.index()] == best)
                .collect();
            if game.ended().map(|o| o.winners) != Some(winners) {
                return Err("the winners are not the highest totals".into());
            }
        }
        _ if !any_in_flight => return Err("no arrow in flight and the game goes on".into()),
        Turn::Chance if game.spin().is_some() => {
            return Err("a spin is waiting, yet another is asked for".into())
        }
        Turn::Chance => {}
        Turn::Seat(seat) => {
            let flying: Vec<String> = game
                .arrows(seat)
                .iter()
                .enumerate()
                .filter(|(_, a)| a.in_flight())
                .map(|(i, _)| format!("a{}", i + 1))
                .collect();
            if game.spin().is_none() || game.legal_notation() != flying {
                return Err(format!(
                    "{seat} to choose with spin {:?}: legal {:?}, in flight {flying:?}",
                    game.spin(),
                    game.legal_notation()
                ));
            }
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Quoits

/// Games of Quoits from each start (players and options).
const QUOITS_GAMES: usize = 40;

fn quoits_playouts() -> Playouts<Quoits> {
    let mut starts = Vec::new();
    for n in 2..=4 {
        for (one_pitch, single_end, target) in [
            (false, false, quoits::TARGET),
            (true, false, quoits::TARGET),
            (false, true, quoits::TARGET),
            (true, true, quoits::TARGET),
            (false, false, *quoits::TARGETS.start()),
            (true, false, 150),
        ] {
            let options = quoits::Options {
                one_pitch,
                single_end,
                target,
            };
            let record = Record::new(
                GameKind::Quoits,
                None,
                Quoits::new(n, options).options_json(),
                players(n),
            );
            let label = format!(
                "{n} players one_pitch={one_pitch} single_end={single_end} target={target}"
            );
            starts.push((label, record));
        }
    }
    Playouts {
        starts,
        games_per_start: QUOITS_GAMES,
        open: |record| {
            Quoits::from_header(
                record.variant.as_deref(),
                &record.options,
                record.players.len(),
            )
            .map_err(RecordError::BadHeader)
        },
        bound: quoits_bound,
        actions: &[],
        invariants: quoits_invariants,
    }
}

/// Each end leaves at least one man on every pitch in use (the last man pitched there stays), who
/// scores at least 2 + 5: so the leader gains at least 7 / players an end. Ties at the top are
/// rare; twenty more ends of room cover them.
fn quoits_bound(record: &Record) -> Option<usize> {
    let players = record.players.len();
    let target = record
        .options
        .get("target")
        .and_then(Value::as_u64)
        .unwrap_or(u64::from(quoits::TARGET)) as usize;
    let ends = (target * players).div_ceil(7) + 20;
    Some(players * (LEAD_SPINS_EACH + ends * usize::from(quoits::MEN)))
}

/// The points of a space, typed in from the rules.
fn quoits_points(space: Space) -> u32 {
    match space.to_string().as_str() {
        "hub" => 10,
        name if name.contains('-') => 3,
        _ => 2,
    }
}

fn quoits_invariants(game: &Quoits, moves: &[String]) -> Result<(), String> {
    const BONUS: [u32; 3] = [5, 3, 1];
    let players = game.players();
    let over = game.whose_turn() == Turn::Over;
    let men = usize::from(quoits::MEN);
    let lead_spins: usize = game.lead().rounds().iter().map(Vec::len).sum();
    let seats: Vec<Seat> = (0..players as u8).map(Seat).collect();
    let pitched: Vec<usize> = seats
        .iter()
        .map(|s| {
            if over {
                0
            } else {
                men - usize::from(game.in_hand(*s))
            }
        })
        .collect();
    let pitches = game.ends().len() * players * men + pitched.iter().sum::<usize>();
    if moves.len() != lead_spins + pitches {
        return Err(format!(
            "{} moves are not {lead_spins} spins for lead and {pitches} pitches",
            moves.len()
        ));
    }
    if pitched.iter().max().unwrap() - pitched.iter().min().unwrap() > 1 {
        return Err(format!("men pitched this end {pitched:?}: not in turn"));
    }
    // Men on the pitches: each on its seat's pitch, never more than the seat has pitched.
    let mut on_pitch = vec![0; players];
    for p in 0..2 {
        for (i, man) in game.pitch(p).iter().enumerate() {
            if let Some(seat) = man {
                if game.pitch_of(*seat) != p {
                    return Err(format!(
                        "{seat}'s man on {} of the wrong pitch",
                        quoits::LANE[i]
                    ));
                }
                on_pitch[seat.index()] += 1;
            }
        }
    }
    if on_pitch
        .iter()
        .zip(&pitched)
        .any(|(on, pitched)| on > pitched)
    {
        return Err(format!(
            "men on the pitches {on_pitch:?}, yet pitched this end {pitched:?}"
        ));
    }
    // Every end: each man scores his space and his place's bonus; points and totals add up.
    let mut totals = vec![0u32; players];
    for (e, end) in game.ends().iter().enumerate() {
        let mut points = vec![0u32; players];
        let mut per_seat = vec![0usize; players];
        for p in 0..2 {
            let on: Vec<_> = end.men.iter().filter(|m| m.pitch == p).collect();
            for (rank, man) in on.iter().enumerate() {
                let bonus = BONUS.get(rank).copied().unwrap_or(0);
                if man.points != quoits_points(man.space) || man.bonus != bonus {
                    return Err(format!("end {}: {man:?} is scored wrongly", e + 1));
                }
                if rank > 0 && on[rank - 1].space.index() <= man.space.index() {
                    return Err(format!("end {}: men not nearest the hub first", e + 1));
                }
                if game.pitch_of(man.seat) != p {
                    return Err(format!("end {}: {man:?} on the wrong pitch", e + 1));
                }
                points[man.seat.index()] += man.points + man.bonus;
                per_seat[man.seat.index()] += 1;
            }
        }
        if per_seat.iter().any(|n| *n > men) || per_seat.iter().all(|n| *n == 0) {
            return Err(format!("end {}: men scored {per_seat:?}", e + 1));
        }
        if end.points != points {
            return Err(format!(
                "end {}: points {:?}, its men make {points:?}",
                e + 1,
                end.points
            ));
        }
        for (total, add) in totals.iter_mut().zip(&points) {
            *total += add;
        }
        if end.totals != totals {
            return Err(format!(
                "end {}: totals {:?}, not {totals:?}",
                e + 1,
                end.totals
            ));
        }
    }
    let scores: Vec<i32> = totals.iter().map(|t| *t as i32).collect();
    if game.seat_scores() != scores {
        return Err(format!(
            "scores {:?} are not the ends added up {scores:?}",
            game.seat_scores()
        ));
    }
    // The game ends at the end of an end, and only when it should.
    let options = game.options();
    let best = totals.iter().max().copied().unwrap_or(0);
    let unique = totals.iter().filter(|t| **t == best).count() == 1;
    let should_end =
        !game.ends().is_empty() && (options.single_end || (best >= options.target && unique));
    if over != should_end {
        return Err(format!(
            "over is {over} after {} ends with totals {totals:?} (options {options:?})",
            game.ends().len()
        ));
    }
    if over && options.single_end && game.ends().len() != 1 {
        return Err("a single end went on".into());
    }
    // Each end is led by the next seat.
    if let (Some(leader), false) = (game.lead().leader(), over) {
        if pitched.iter().all(|n| *n == 0) {
            let expected = Seat(((leader.index() + game.ends().len()) % players) as u8);
            if game.player() != expected {
                return Err(format!(
                    "end {} is led by {}, not {expected}",
                    game.end_number(),
                    game.player()
                ));
            }
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Dominoes

/// Games of Dominoes from each start (game, set, players, options).
const DOMINO_GAMES: usize = 12;

fn domino_players(n: usize) -> Vec<Player> {
    ["Ada", "Ben", "Cy", "Dot", "Eve", "Fay"][..n]
        .iter()
        .map(|name| Player::human(name))
        .collect()
}

/// Every game with every set and number of players the rules allow, with default options; and
/// each option on its own where the game has it.
fn dominoes_playouts() -> Playouts<Dominoes> {
    let mut starts = Vec::new();
    let mut add = |game: DominoGame, n: usize, set: u8, extra: &[(&str, Value)]| {
        let mut options = serde_json::Map::new();
        options.insert("set".into(), Value::from(set));
        for (key, value) in extra {
            options.insert(key.to_string(), value.clone());
        }
        let label = format!("{} {n} players set {set} {:?}", game.name(), extra);
        let record = Record::new(
            GameKind::Dominoes,
            Some(game.name()),
            options,
            domino_players(n),
        );
        starts.push((label, record));
    };
    for game in DominoGame::ALL {
        for set in [6, 9, 12] {
            if game == DominoGame::Sebastopol && set != 6 {
                continue;
            }
            for n in game.players() {
                add(game, n, set, &[]);
            }
        }
    }
    for game in [
        DominoGame::Block,
        DominoGame::Draw,
        DominoGame::AllFives,
        DominoGame::Matador,
    ] {
        add(game, 4, 6, &[("partners", Value::from(false))]);
        add(game, 2, 6, &[("difference", Value::from(true))]);
        add(game, 4, 6, &[("single_hand", Value::from(true))]);
    }
    for game in [
        DominoGame::Draw,
        DominoGame::AllFives,
        DominoGame::Bergen,
        DominoGame::Matador,
    ] {
        add(game, 3, 6, &[("draw_when_able", Value::from(true))]);
    }
    add(
        DominoGame::AllFives,
        2,
        6,
        &[("spinner", Value::from(true))],
    );
    add(
        DominoGame::AllFives,
        4,
        6,
        &[("spinner", Value::from(true))],
    );
    add(
        DominoGame::AllFives,
        3,
        9,
        &[("spinner", Value::from(true))],
    );
    add(
        DominoGame::AllFives,
        2,
        6,
        &[("muggins", Value::from(true))],
    );
    add(
        DominoGame::AllFives,
        4,
        6,
        &[
            ("muggins", Value::from(true)),
            ("spinner", Value::from(true)),
        ],
    );
    add(DominoGame::Block, 2, 6, &[("target", Value::from(1))]);
    add(DominoGame::Bergen, 2, 6, &[("target", Value::from(3))]);
    add(DominoGame::Draw, 2, 6, &[("hand", Value::from(3))]);
    Playouts {
        starts,
        games_per_start: DOMINO_GAMES,
        open: |record| {
            Dominoes::from_header(
                record.variant.as_deref(),
                &record.options,
                record.players.len(),
            )
            .map_err(RecordError::BadHeader)
        },
        bound: |_| None,
        actions: &[],
        invariants: dominoes_invariants,
    }
}

fn dominoes_invariants(game: &Dominoes, moves: &[String]) -> Result<(), String> {
    let players = game.players();
    let seats: Vec<Seat> = (0..players as u8).map(Seat).collect();
    let options = game.options();
    let sides = game.sides();
    let log = game.hands_log();
    // Every bone exactly once across the hands, the stock and the table.
    if !log.is_empty() {
        let mut all: Vec<_> = seats
            .iter()
            .flat_map(|s| game.hand(*s).iter().copied())
            .chain(game.stock().iter().copied())
            .chain(game.line().bones())
            .collect();
        all.sort();
        let mut set = options.set.bones();
        set.sort();
        if all != set {
            return Err(format!(
                "hands, stock and table hold {} bones, not the {} of the set once each",
                all.len(),
                set.len()
            ));
        }
    }
    // Moves are the deals and the moves the hands' events record.
    let mut counted = 0;
    let mut points = vec![0u32; sides.count()];
    for &hand in &log {
        counted += 1;
        let mut laid = vec![0usize; players];
        let mut drawn = vec![0usize; players];
        for event in &hand.events {
            match event {
                Event::Set { seat, .. } | Event::Play { seat, .. } => {
                    counted += 1;
                    laid[seat.index()] += 1;
                }
                Event::Draw { seat, .. } => {
                    counted += 1;
                    drawn[seat.index()] += 1;
                }
                Event::Go { .. } => counted += 1,
                // A lost count is told with the next player's move, which is counted there.
                Event::Pass { .. } => {}
                Event::Points {
                    seat,
                    points: p,
                    why,
                } => {
                    if matches!(why, PointsWhy::Claim | PointsWhy::Muggins) {
                        counted += 1;
                    }
                    points[sides.of(*seat)] += p;
                }
            }
        }
        if let Some(end) = &hand.end {
            for (total, add) in points.iter_mut().zip(&end.points) {
                *total += add;
            }
            let pips: Vec<u32> = end.left.iter().map(|h| dominoes::bone::pips(h)).collect();
            if pips != end.pips {
                return Err(format!(
                    "hand {}: pips {:?} are not {pips:?}",
                    hand.number, end.pips
                ));
            }
        }
        if std::ptr::eq(hand, *log.last().unwrap()) {
            for seat in &seats {
                let expected = options.hand_size + drawn[seat.index()] - laid[seat.index()];
                if game.hand(*seat).len() != expected {
                    return Err(format!(
                        "{seat} holds {} bones, not {expected} (dealt {}, laid {}, drew {})",
                        game.hand(*seat).len(),
                        options.hand_size,
                        laid[seat.index()],
                        drawn[seat.index()]
                    ));
                }
            }
        }
    }
    if counted != moves.len() {
        return Err(format!(
            "{} moves, but the hands record {counted}",
            moves.len()
        ));
    }
    // Scores are the sum of their parts.
    if game.side_scores() != points.as_slice() {
        return Err(format!(
            "side scores {:?} are not the points scored {points:?}",
            game.side_scores()
        ));
    }
    let per_seat: Vec<i32> = seats.iter().map(|s| points[sides.of(*s)] as i32).collect();
    if game.seat_scores() != per_seat {
        return Err("seat scores are not their sides' scores".into());
    }
    if game.game() == DominoGame::Pool {
        let taken: u32 = points.iter().sum();
        if taken + game.pool() != players as u32 * log.len() as u32 {
            return Err(format!(
                "counters taken {taken} and in the pool {} are not the stakes of {} hands",
                game.pool(),
                log.len()
            ));
        }
    }
    // Observations agree with the game and hold nothing hidden.
    for seat in &seats {
        let seen = game.observe(*seat);
        if seen.hand() != game.hand(*seat)
            || seen.line() != game.line()
            || seen.stock_size() != game.stock().len()
            || seen.scores() != game.seat_scores().as_slice()
            || seen.turn() != game.whose_turn()
        {
            return Err(format!("{seat}'s observation disagrees with the game"));
        }
        let sizes: Vec<usize> = seats.iter().map(|s| game.hand(*s).len()).collect();
        if seen.hand_sizes() != sizes.as_slice() {
            return Err(format!(
                "{seat} sees hand sizes {:?}, not {sizes:?}",
                seen.hand_sizes()
            ));
        }
        let hidden = options.set.size() - game.hand(*seat).len() - game.line().len();
        if !log.is_empty() && seen.unseen().len() != hidden {
            return Err(format!(
                "{seat} cannot see {} bones, not {hidden}",
                seen.unseen().len()
            ));
        }
        // A seat sees the moves it makes now: its turn's, or the claim of its count.
        let mut legal = game.legal_moves();
        legal.retain(|m| game.mover(*m) == Some(*seat));
        if seen.legal_moves() != legal.as_slice() {
            return Err(format!("{seat}'s observation lists other legal moves"));
        }
        // What a seat has shown it lacks is true of its hand.
        for other in &seats {
            let lacking = seen.lacking(*other);
            if let Some(bone) = game
                .hand(*other)
                .iter()
                .find(|b| !lacking.allows(**b, game.is_matador(**b)))
            {
                if game.whose_turn() != Turn::Seat(*other) {
                    return Err(format!(
                        "{other} is seen to lack {:?} (matadors {}) but holds {bone}",
                        lacking.numbers(),
                        lacking.matadors
                    ));
                }
            }
        }
    }
    match game.whose_turn() {
        Turn::Over => {
            let best = points.iter().copied().max().unwrap_or(0);
            let winners: Vec<Seat> = seats
                .iter()
                .copied()
                .filter(|s| points[sides.of(*s)] == best)
                .collect();
            if game.ended().map(|o| o.winners) != Some(winners) {
                return Err("the winners are not the highest scores".into());
            }
        }
        Turn::Chance => {
            if log.last().is_some_and(|h| h.end.is_none()) {
                return Err("a deal is due in the middle of a hand".into());
            }
        }
        Turn::Seat(_) => {
            if log.last().is_none_or(|h| h.end.is_some()) {
                return Err("a seat is to move but no hand is in play".into());
            }
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// The harness itself

/// Morris, except that refusing a move leaves a mark: a game that breaks checked play.
#[derive(Clone, PartialEq, Debug)]
struct Leaky {
    position: Position,
    refusals: u32,
}

impl Table for Leaky {
    fn game_name(&self) -> &'static str {
        self.position.game_name()
    }
    fn seat_count(&self) -> usize {
        self.position.seat_count()
    }
    fn whose_turn(&self) -> Turn {
        self.position.whose_turn()
    }
    fn legal_notation(&self) -> Vec<String> {
        self.position.legal_notation()
    }
    fn play_notation(&mut self, text: &str) -> Result<String, parlour::rules::MoveError> {
        let played = self.position.play_notation(text);
        if played.is_err() {
            self.refusals += 1;
        }
        played
    }
    fn sample_chance_notation(&self, rng: &mut dyn RngCore) -> Option<String> {
        self.position.sample_chance_notation(rng)
    }
    fn ended(&self) -> Option<parlour::rules::Outcome> {
        self.position.ended()
    }
    fn seat_scores(&self) -> Vec<i32> {
        self.position.seat_scores()
    }
}

#[test]
fn playout_harness_catches_a_game_that_changes_when_it_refuses() {
    let record = Record::new(
        GameKind::Morris,
        Some("morrice"),
        Default::default(),
        vec![Player::human("White"), Player::human("Black")],
    );
    let playouts = Playouts {
        starts: vec![("leaky morris".to_string(), record)],
        games_per_start: 1,
        open: |record| {
            record.start_morris().map(|position| Leaky {
                position,
                refusals: 0,
            })
        },
        bound: morris_bound,
        actions: &[],
        invariants: |_, _| Ok(()),
    };
    let failure = run_all(&playouts).expect_err("the harness must catch the leak");
    assert!(failure.contains("changed the game"), "harness: {failure}");
}

// ---------------------------------------------------------------------------------------------
// Doquin

/// Games of Doquin from each start (block size, players, pegs).
const DOQUIN_GAMES: usize = 40;

/// Every block size with every number of players it allows, and the fewest and most pegs.
fn doquin_playouts() -> Playouts<Doquin> {
    let mut starts = Vec::new();
    for size in doquin::SIZES {
        for n in doquin::FEWEST_PLAYERS..=doquin::MOST_PLAYERS {
            if size == doquin::SMALLEST_SIZE && n != 2 {
                continue;
            }
            for pegs in [
                None,
                Some(*doquin::PEG_COUNTS.start()),
                Some(*doquin::PEG_COUNTS.end()),
            ] {
                let mut options = serde_json::Map::new();
                options.insert("size".into(), Value::from(size));
                if let Some(pegs) = pegs {
                    options.insert("pegs".into(), Value::from(pegs));
                }
                let label = format!("block {size} {n} players pegs {pegs:?}");
                starts.push((
                    label,
                    Record::new(GameKind::Doquin, None, options, players(n)),
                ));
            }
        }
    }
    Playouts {
        starts,
        games_per_start: DOQUIN_GAMES,
        open: |record| {
            Doquin::from_header(
                record.variant.as_deref(),
                &record.options,
                record.players.len(),
            )
            .map_err(RecordError::BadHeader)
        },
        bound: doquin_bound,
        actions: &[],
        invariants: doquin_invariants,
    }
}

/// A round has at most one insertion per peg, and a peg only ever goes deeper, so at most as
/// many pushes as cells along its hole; as many rounds as players.
fn doquin_bound(record: &Record) -> Option<usize> {
    let seats = record.players.len();
    let size = record.options.get("size").and_then(Value::as_u64)? as usize;
    let pegs = record
        .options
        .get("pegs")
        .and_then(Value::as_u64)
        .unwrap_or(u64::from(doquin::DEFAULT_PEGS)) as usize;
    Some(seats * seats * pegs * (1 + size))
}

/// Pegs are conserved between supplies, the block and captures; every cell a peg fills is the
/// peg's own and no other's; totals are the sums of the rounds.
fn doquin_invariants(game: &Doquin, _moves: &[String]) -> Result<(), String> {
    let seats = game.seats();
    let block = game.block();
    let n = block.size;
    let pegs = u32::from(game.options().pegs);
    let mut in_block = 0u32;
    let mut filled = 0usize;
    for hole in block.holes() {
        let Some(peg) = game.peg(hole) else { continue };
        if peg.owner.index() >= seats || peg.depth == 0 || peg.depth > n {
            return Err(format!("a strange peg in {hole}: {peg:?}"));
        }
        in_block += 1;
        filled += usize::from(peg.depth);
        for depth in 0..peg.depth {
            let cell = hole.cell(depth, n);
            if game.occupant(cell) != Some(hole) {
                return Err(format!(
                    "the peg in {hole} fills {cell:?}, which holds {:?}",
                    game.occupant(cell)
                ));
            }
        }
    }
    let mut occupied = 0usize;
    for x in 0..n {
        for y in 0..n {
            for z in 0..n {
                if let Some(hole) = game.occupant((x, y, z)) {
                    occupied += 1;
                    let fills = game
                        .peg(hole)
                        .is_some_and(|p| (0..p.depth).any(|d| hole.cell(d, n) == (x, y, z)));
                    if !fills {
                        return Err(format!(
                            "cell {:?} names {hole}, whose peg is not there",
                            (x, y, z)
                        ));
                    }
                }
            }
        }
    }
    if occupied != filled {
        return Err(format!(
            "{occupied} cells are taken but the pegs fill {filled}"
        ));
    }
    let supplies: u32 = (0..seats)
        .map(|i| u32::from(game.supply(Seat(i as u8))))
        .sum();
    let captured: u32 = (0..seats)
        .map(|i| u32::from(game.captured(Seat(i as u8))))
        .sum();
    if game.rounds().len() < seats && supplies + in_block + captured != seats as u32 * pegs {
        return Err(format!(
            "pegs not conserved: {supplies} in supply, {in_block} in the block, {captured} captured, of {}",
            seats as u32 * pegs
        ));
    }
    for i in 0..seats {
        let from_rounds: i32 = game.rounds().iter().map(|r| r.scores[i]).sum();
        if game.totals()[i] != from_rounds {
            return Err(format!(
                "seat {} total {} is not the sum of its rounds {from_rounds}",
                i + 1,
                game.totals()[i]
            ));
        }
        let seat = Seat(i as u8);
        // One capture a turn, and the round ends when a turn ends with five: never more.
        if game.captured(seat) > doquin::CAPTURES_TO_END {
            return Err(format!(
                "seat {} has {} captures",
                i + 1,
                game.captured(seat)
            ));
        }
        if u32::from(game.captured(seat)) > pegs * (seats as u32 - 1) {
            return Err(format!(
                "seat {} captured more pegs than its opponents have",
                i + 1
            ));
        }
    }
    Ok(())
}
