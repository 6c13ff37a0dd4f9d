//! The computer players' worker protocol, natively: JSON in, JSON out.

use std::cell::Cell;
use std::collections::HashMap;

use parlour::ai::{Clock, Level};
use parlour::games::GameKind;
use parlour::record::{Player, Record};
use parlour::rules::archery::{Archery, Arrow};
use parlour::rules::morris::{Move, Options, Position, Variant};
use parlour::rules::{Game, Table, Turn};
use parlour::worker::{answer, Answer, Request, Task};

/// A clock that moves on a millisecond each time it is read, so searches end deterministically.
struct TickingClock(Cell<f64>);

impl Clock for TickingClock {
    fn now_ms(&self) -> f64 {
        let now = self.0.get() + 1.0;
        self.0.set(now);
        now
    }
}

fn record(variant: Variant, moves: &[&str]) -> Record {
    let mut record = Record::new(
        GameKind::Morris,
        Some(variant.name()),
        Position::new(variant, Options::default()).options_json(),
        vec![Player::human("Ada"), Player::computer("Computer", "hard")],
    );
    record.moves = moves.iter().map(|m| m.to_string()).collect();
    record
}

fn ask(request: &Request) -> Answer {
    let text = serde_json::to_string(request).unwrap();
    serde_json::from_str(&answer(&text, &TickingClock(Cell::new(0.0)))).unwrap()
}

fn request(task: Task, record: Record, level: Option<&str>) -> Request {
    Request {
        id: 7,
        task,
        record,
        level: level.map(str::to_string),
        seed: 11,
        think_ms: Some(50.0),
    }
}

#[test]
fn a_move_request_is_answered_with_a_legal_move_for_every_level_and_board() {
    for variant in Variant::ALL {
        for level in ["beginner", "easy", "medium", "hard", "hardest"] {
            let rec = record(variant, &["a1"]);
            let reply = ask(&request(Task::Move, rec.clone(), Some(level)));
            assert_eq!(reply.id, 7, "the answer carries the request's id");
            assert_eq!(reply.error, None, "{variant:?} {level}: {reply:?}");
            let text = reply.r#move.expect("a move");
            let m: Move = text.parse().expect("the answer is in notation");
            let mut position = rec.start_morris().unwrap();
            position.play("a1".parse().unwrap()).unwrap();
            assert!(
                position.legal_moves().contains(&m),
                "{variant:?} {level}: {text} is legal"
            );
        }
    }
}

#[test]
fn a_hint_request_is_answered_with_a_move_and_a_verdict() {
    let reply = ask(&request(Task::Hint, record(Variant::Morelles, &[]), None));
    assert!(reply.r#move.is_some(), "{reply:?}");
    let verdict = reply.verdict.expect("a verdict");
    assert!(
        [
            "winning",
            "a little better",
            "even",
            "a little worse",
            "losing"
        ]
        .contains(&verdict.as_str()),
        "the verdict is in words: {verdict}"
    );
}

#[test]
fn bad_requests_get_an_error_not_a_move() {
    let garbage = answer("not json", &TickingClock(Cell::new(0.0)));
    let reply: Answer = serde_json::from_str(&garbage).unwrap();
    assert!(reply.error.unwrap().contains("could not be read"));

    let no_level = ask(&request(Task::Move, record(Variant::Morrice, &[]), None));
    assert_eq!(
        no_level.error.as_deref(),
        Some("no computer level was given")
    );
    assert_eq!(no_level.r#move, None);

    let bad_move = ask(&request(
        Task::Move,
        record(Variant::Morrice, &["a1", "a1"]),
        Some("easy"),
    ));
    assert_eq!(
        bad_move.error.as_deref(),
        Some("move 2 \"a1\": a1 is already taken")
    );

    let over = ask(&request(
        Task::Move,
        record(Variant::Morrice, &["resign"]),
        Some("easy"),
    ));
    assert_eq!(over.error.as_deref(), Some("the game is over"));
}

// ---------------------------------------------------------------------------------------------
// Archery: the computer archer answers for the seat to move once its spin is made.

fn archery_record(players: usize, moves: &[&str]) -> Record {
    let mut seats = vec![Player::human("Ada")];
    for n in 1..players {
        seats.push(Player::computer(&format!("Computer {n}"), "hard"));
    }
    let mut record = Record::new(GameKind::Archery, None, serde_json::Map::new(), seats);
    record.moves = moves.iter().map(|m| m.to_string()).collect();
    record
}

/// Positions where a player has spun and must choose an arrow, each with its legal arrows.
fn archery_choices() -> Vec<(Record, Vec<&'static str>)> {
    vec![
        // Ada leads and spins 7 with three arrows in the quiver: all alike.
        (
            archery_record(2, &["6+5", "3+2", "3+4"]),
            vec!["a1", "a2", "a3"],
        ),
        // Alone, a1 on 11 and a spin of 9: a1 to the bull's-eye, or a2/a3 enter at 9.
        (
            archery_record(1, &["5+6", "a1", "4+5"]),
            vec!["a1", "a2", "a3"],
        ),
        // Alone, a1 on 16 and a spin of 12: a1 would miss, a2/a3 enter at 12.
        (
            archery_record(1, &["6+6", "a1", "2+2", "a1", "6+6"]),
            vec!["a1", "a2", "a3"],
        ),
        // The golden `choosing` game: seat 2 has a1 missed, a2 in the quiver, a3 on 4; spin 4.
        (
            archery_record(
                2,
                &[
                    "6+5", "3+2", "3+4", "a2", "6+6", "a1", "5+5", "a2", "6+6", "a1", "2+1", "a1",
                    "1+3", "a3", "4+5", "a1", "2+2",
                ],
            ),
            vec!["a2", "a3"],
        ),
        // Alone, a1 on 17 (landed), a2 on 12, a3 on 14; spin 6: a2 to 18 or a3 to 20.
        (
            archery_record(
                1,
                &[
                    "5+6", "a1", "3+3", "a1", "6+6", "a2", "6+6", "a3", "1+1", "a3", "3+3",
                ],
            ),
            vec!["a2", "a3"],
        ),
    ]
}

/// The best points still to come from arrows in flight at `places` (0 = the quiver, 1 to 16 on
/// the line), playing best: a plain expectimax over the 36 spins, written from the rules, with
/// the states already reckoned kept in `memo` (keyed by the sorted places).
fn brute_future(places: &[u8], memo: &mut HashMap<Vec<u8>, f64>) -> f64 {
    if places.is_empty() {
        return 0.0;
    }
    let mut key = places.to_vec();
    key.sort_unstable();
    if let Some(value) = memo.get(&key) {
        return *value;
    }
    let mut total = 0.0;
    for first in 1..=6u8 {
        for second in 1..=6u8 {
            let best = (0..places.len())
                .map(|i| brute_after(places, i, first + second, memo))
                .fold(f64::MIN, f64::max);
            total += best / 36.0;
        }
    }
    memo.insert(key, total);
    total
}

/// The points of the space an arrow reaches past the flag-staff's 16, from the rules.
fn target_points(space: u8) -> f64 {
    match space {
        17 | 23 => 1.0,
        18 | 22 => 2.0,
        19 | 21 => 3.0,
        20 => 6.0,
        _ => 0.0, // past 23: a miss
    }
}

/// Points now and to come when arrow `i` of those in flight at `places` moves by `sum`.
fn brute_after(places: &[u8], i: usize, sum: u8, memo: &mut HashMap<Vec<u8>, f64>) -> f64 {
    let to = places[i] + sum;
    let mut rest = places.to_vec();
    if to <= 16 {
        rest[i] = to;
        return brute_future(&rest, memo);
    }
    rest.remove(i);
    target_points(to) + brute_future(&rest, memo)
}

/// Each legal arrow of the player to move with the final score to expect from moving it.
fn brute_expectations(record: &Record) -> Vec<(String, f64)> {
    let mut game = Archery::new(record.players.len());
    for text in &record.moves {
        game.play_notation(text).unwrap();
    }
    let Turn::Seat(seat) = game.whose_turn() else {
        panic!("a player is to choose")
    };
    let spin = game.spin().expect("the spin is made").sum();
    let banked = f64::from(game.scores()[seat.index()]);
    let in_flight: Vec<(usize, u8)> = game
        .arrows(seat)
        .iter()
        .enumerate()
        .filter_map(|(i, arrow)| match arrow {
            Arrow::Quiver => Some((i, 0)),
            Arrow::Flying(space) => Some((i, *space)),
            _ => None,
        })
        .collect();
    let places: Vec<u8> = in_flight.iter().map(|(_, p)| *p).collect();
    let mut memo = HashMap::new();
    in_flight
        .iter()
        .enumerate()
        .map(|(k, (i, _))| {
            (
                format!("a{}", i + 1),
                banked + brute_after(&places, k, spin, &mut memo),
            )
        })
        .collect()
}

#[test]
fn an_archery_move_request_is_answered_with_a_legal_arrow_at_every_level() {
    for (rec, legal) in archery_choices() {
        let table = rec.replay().unwrap();
        assert_eq!(table.legal_notation(), legal, "{:?}", rec.moves);
        for level in Level::ALL {
            for seed in 0..12 {
                let mut req = request(Task::Move, rec.clone(), Some(level.name()));
                req.seed = seed;
                let reply = ask(&req);
                assert_eq!(reply.id, 7, "the answer carries the request's id");
                assert_eq!(reply.error, None, "{:?} {level:?}: {reply:?}", rec.moves);
                let arrow = reply.r#move.expect("an arrow");
                assert!(
                    legal.contains(&arrow.as_str()),
                    "{:?} {level:?} seed {seed}: {arrow} is one of {legal:?}",
                    rec.moves
                );
                let mut after = rec.replay().unwrap();
                after
                    .play_notation(&arrow)
                    .expect("the answer plays as it is written");
            }
        }
    }
}

#[test]
fn an_archery_hint_gives_each_arrow_its_expected_points_and_the_best_of_them() {
    for (rec, legal) in archery_choices() {
        let reply = ask(&request(Task::Hint, rec.clone(), None));
        assert_eq!(reply.error, None, "{:?}: {reply:?}", rec.moves);
        let arrows: Vec<&str> = reply.expected.iter().map(|e| e.r#move.as_str()).collect();
        assert_eq!(arrows, legal, "one expectation per legal arrow, in order");
        let brute = brute_expectations(&rec);
        for (got, (arrow, want)) in reply.expected.iter().zip(&brute) {
            assert_eq!(&got.r#move, arrow);
            assert!(
                (got.points - want).abs() < 1e-9,
                "{:?}: {arrow} expects {} by the worker, {want} by brute force",
                rec.moves,
                got.points
            );
            assert!(
                (0.0..=18.0).contains(&got.points),
                "{arrow}: {} is a score three arrows can make",
                got.points
            );
        }
        let best = reply
            .expected
            .iter()
            .map(|e| e.points)
            .fold(f64::MIN, f64::max);
        let hinted = reply.r#move.expect("a hinted arrow");
        let hinted_points = reply
            .expected
            .iter()
            .find(|e| e.r#move == hinted)
            .expect("the hint is among the expectations")
            .points;
        assert!(
            best - hinted_points < 1e-9,
            "{:?}: the hint {hinted} ({hinted_points}) is the best ({best})",
            rec.moves
        );
        // The hardest level chooses as the hint does: an arrow of the highest expectation.
        let hardest = ask(&request(Task::Move, rec.clone(), Some("hardest")));
        let chosen = hardest.r#move.expect("an arrow");
        let chosen_points = reply
            .expected
            .iter()
            .find(|e| e.r#move == chosen)
            .unwrap()
            .points;
        assert!(best - chosen_points < 1e-9, "hardest chooses {chosen}");
    }

    // The cases where one arrow is plainly best.
    let bull = ask(&request(
        Task::Hint,
        archery_record(1, &["5+6", "a1", "4+5"]),
        None,
    ));
    assert_eq!(
        bull.r#move.as_deref(),
        Some("a1"),
        "11 + 9 hits the bull's-eye"
    );
    let miss = ask(&request(
        Task::Hint,
        archery_record(1, &["6+6", "a1", "2+2", "a1", "6+6"]),
        None,
    ));
    assert_ne!(
        miss.r#move.as_deref(),
        Some("a1"),
        "16 + 12 misses when an arrow could enter"
    );
    let all_alike = ask(&request(
        Task::Hint,
        archery_record(2, &["6+5", "3+2", "3+4"]),
        None,
    ));
    let first = all_alike.expected[0].points;
    assert!(
        all_alike
            .expected
            .iter()
            .all(|e| (e.points - first).abs() < 1e-9),
        "three arrows in the quiver are alike: {:?}",
        all_alike.expected
    );
}

#[test]
fn an_archery_request_when_a_spin_is_due_gets_an_error_not_an_arrow() {
    let spin_first = "no arrow is to be chosen now: spin first";
    let due = [
        // The spin for lead has not begun.
        archery_record(2, &[]),
        // The spin for lead is tied and being spun again.
        archery_record(3, &["5+6", "2+3", "6+5", "4+4"]),
        // The lead is decided; the leader has not spun yet.
        archery_record(2, &["6+5", "3+2"]),
        // A turn is over; the next player's spin is due.
        archery_record(2, &["6+5", "3+2", "3+4", "a2"]),
        // A lone player between turns.
        archery_record(1, &["5+6", "a1"]),
    ];
    for rec in due {
        assert_eq!(rec.replay().unwrap().whose_turn(), Turn::Chance);
        for (task, level) in [(Task::Move, Some("hard")), (Task::Hint, None)] {
            let reply = ask(&request(task, rec.clone(), level));
            assert_eq!(reply.id, 7);
            assert_eq!(
                reply.error.as_deref(),
                Some(spin_first),
                "{:?} {task:?}",
                rec.moves
            );
            assert_eq!(reply.r#move, None, "no arrow and no spin is answered");
            assert!(reply.expected.is_empty());
        }
    }

    // A finished game has no arrow to choose either.
    let over = archery_record(
        1,
        &[
            "5+6", "a1", "3+3", "a1", "6+6", "a2", "6+6", "a2", "4+6", "a3", "4+6", "a3",
        ],
    );
    assert_eq!(over.replay().unwrap().whose_turn(), Turn::Over);
    let reply = ask(&request(Task::Move, over, Some("hard")));
    assert_eq!(
        reply.error.as_deref(),
        Some("the game is over"),
        "{reply:?}"
    );
    assert_eq!(reply.r#move, None);

    // An Archery move request without a level is refused, a hint needs none.
    let choosing = archery_record(1, &["5+6", "a1", "4+5"]);
    let no_level = ask(&request(Task::Move, choosing, None));
    assert_eq!(
        no_level.error.as_deref(),
        Some("no computer level was given")
    );
    assert_eq!(no_level.r#move, None);
}

#[test]
fn quoits_has_no_computer_player_to_ask() {
    let mut rec = Record::new(
        GameKind::Quoits,
        None,
        serde_json::Map::new(),
        vec![Player::human("Ada"), Player::human("Bea")],
    );
    rec.moves = vec!["6+4".into(), "3+2".into()];
    let reply = ask(&request(Task::Move, rec, Some("hard")));
    assert_eq!(
        reply.error.as_deref(),
        Some("Quoits has no computer player")
    );
    assert_eq!(reply.r#move, None);
}

// ---------------------------------------------------------------------------------------------
// Dominoes: the computer is given only its seat's view of the replayed record.

/// A record of a game of dominoes part played: a seeded deal, then random legal moves (and
/// further deals) until `plies` moves have been made and a seat is to move.
fn dominoes_record(variant: &str, set: u8, players: usize, plies: usize, seed: u64) -> Record {
    use parlour::rules::dominoes::Dominoes;
    use rand_core::{RngCore, SeedableRng};

    let mut options = serde_json::Map::new();
    options.insert("set".into(), serde_json::Value::from(set));
    let names = ["Ada", "Ben", "Cy", "Dot", "Eve", "Fay"];
    let seats = (0..players)
        .map(|n| Player::computer(names[n], "hard"))
        .collect();
    let mut record = Record::new(GameKind::Dominoes, Some(variant), options, seats);
    let mut game = Dominoes::from_header(Some(variant), &record.options, players).expect("a game");
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
    let mut made = 0;
    loop {
        let text = match game.turn() {
            Turn::Chance => game.sample_chance_notation(&mut rng).expect("a deal"),
            Turn::Seat(_) if made >= plies => break,
            Turn::Seat(_) => {
                let legal = game.legal_notation();
                made += 1;
                legal[(rng.next_u64() % legal.len() as u64) as usize].clone()
            }
            Turn::Over => panic!("{variant}: the game ended before {plies} moves"),
        };
        game.play_notation(&text).expect("a legal move");
        record.moves.push(text);
    }
    record
}

#[test]
fn a_dominoes_move_request_is_answered_with_a_legal_move_at_every_level() {
    let tables: [(&str, u8, usize); 10] = [
        ("draw", 6, 2),
        ("block", 6, 4),
        ("all-fives", 6, 2),
        ("all-fives", 9, 3),
        ("bergen", 6, 3),
        ("matador", 6, 2),
        ("matador", 12, 4),
        ("sebastopol", 6, 4),
        ("domino-pool", 9, 5),
        ("draw", 12, 4),
    ];
    for (variant, set, players) in tables {
        for plies in [0, 3, 8] {
            let rec = dominoes_record(variant, set, players, plies, plies as u64 + 5);
            let mut game = rec.replay().expect("the record replays");
            for level in ["beginner", "easy", "medium", "hard", "hardest"] {
                let reply = ask(&request(Task::Move, rec.clone(), Some(level)));
                assert_eq!(
                    reply.error, None,
                    "{variant} {set} {players} {level}: {reply:?}"
                );
                let text = reply.r#move.expect("a move");
                assert!(
                    game.legal_notation().contains(&text),
                    "{variant} {players} players set {set} after {plies} moves, {level}: {text} \
                     is not among {:?}",
                    game.legal_notation()
                );
            }
            let hint = ask(&request(Task::Hint, rec.clone(), None));
            let text = hint.r#move.clone().expect("a hinted move");
            assert!(
                game.legal_notation().contains(&text),
                "the hint {text} is legal"
            );
            assert!(hint.verdict.is_some(), "a hint has a verdict: {hint:?}");
            game.play_notation(&text).expect("the hint plays");
        }
    }
}

#[test]
fn a_dominoes_request_when_a_deal_is_due_or_the_game_is_over_gets_words() {
    let mut rec = Record::new(
        GameKind::Dominoes,
        Some("draw"),
        serde_json::Map::new(),
        vec![Player::human("Ada"), Player::computer("Computer", "hard")],
    );
    let reply = ask(&request(Task::Move, rec.clone(), Some("hard")));
    assert_eq!(reply.error.as_deref(), Some("a deal is due"));
    assert_eq!(reply.r#move, None);

    // One hand to a target of 1: Ada sets the double-six and dominoes against Ben.
    rec.options
        .insert("single_hand".into(), serde_json::Value::from(true));
    rec.moves = vec![
        "deal 6-6 / 0-0 ; 6-5 6-4 6-3 6-2 6-1 6-0 5-5 5-4 5-3 5-2 5-1 5-0 4-4 4-3 4-2 4-1 4-0 \
         3-3 3-2 3-1 3-0 2-2 2-1 2-0 1-1 1-0"
            .into(),
        "6-6".into(),
    ];
    rec.options
        .insert("hand".into(), serde_json::Value::from(1));
    let reply = ask(&request(Task::Move, rec, Some("hard")));
    assert_eq!(
        reply.error.as_deref(),
        Some("the game is over"),
        "{reply:?}"
    );
}

// ---------------------------------------------------------------------------------------------
// Doquin: the computer answers for the seat to move, pushes after a capture included.

fn doquin_record(players: usize, size: u8, moves: &[&str]) -> Record {
    let mut options = serde_json::Map::new();
    options.insert("size".into(), serde_json::Value::from(size));
    let names = ["Ada", "Ben", "Cy", "Dot"];
    let seats = (0..players)
        .map(|n| Player::computer(names[n], "hard"))
        .collect();
    let mut record = Record::new(GameKind::Doquin, None, options, seats);
    record.moves = moves.iter().map(|m| m.to_string()).collect();
    record
}

/// A record of a game of Doquin part played by random moves, until `plies` moves have been
/// made (or the last move before the game ends).
fn doquin_random_record(players: usize, size: u8, plies: usize, seed: u64) -> Record {
    use parlour::ai::doquin::random_move;
    use parlour::rules::doquin::{Doquin, Options};

    let mut game = Doquin::new(players, Options { size, pegs: 10 }).expect("a game");
    let mut moves = Vec::new();
    for ply in 0..plies as u64 {
        let mut next = game.clone();
        let Some(m) = random_move(&game, seed << 32 | ply) else {
            break;
        };
        next.play(m).expect("a legal move");
        if next.turn() == Turn::Over {
            break;
        }
        game = next;
        moves.push(m.to_string());
    }
    let texts: Vec<&str> = moves.iter().map(String::as_str).collect();
    doquin_record(players, size, &texts)
}

#[test]
fn a_doquin_move_request_is_answered_with_a_legal_move_at_every_level() {
    // Part-played random games, and one with pushes due: seat 1's R2-3, seat 2's F2-1 against
    // it, seat 1's T4-4 elsewhere; seat 2 captures R2-3 with F2-2 and has pushes to make.
    let pushing = doquin_record(2, 4, &["R2-3", "F2-1", "T4-4", "F2-2"]);
    let mut records = vec![pushing];
    for (players, size, plies) in [(2, 3, 5), (2, 4, 0), (3, 4, 12), (4, 5, 20), (3, 5, 30)] {
        records.push(doquin_random_record(players, size, plies, plies as u64 + 3));
    }
    for (k, rec) in records.iter().enumerate() {
        let game = rec.replay().expect("the record replays");
        let legal = game.legal_notation();
        for level in Level::ALL {
            let reply = ask(&request(Task::Move, rec.clone(), Some(level.name())));
            assert_eq!(reply.id, 7, "the answer carries the request's id");
            assert_eq!(reply.error, None, "record {k} {level:?}: {reply:?}");
            let text = reply.r#move.expect("a move");
            assert!(
                legal.contains(&text),
                "record {k} {level:?}: {text} is not among {legal:?}"
            );
        }
        let hint = ask(&request(Task::Hint, rec.clone(), None));
        let text = hint.r#move.clone().expect("a hinted move");
        assert!(
            legal.contains(&text),
            "record {k}: the hint {text} is legal"
        );
        assert!(hint.verdict.is_some(), "a hint has a verdict: {hint:?}");
    }
    // The capture made pushes due, and the answer is a push.
    let reply = ask(&request(Task::Move, records[0].clone(), Some("hard")));
    assert!(
        reply.r#move.as_deref().is_some_and(|m| m.starts_with('p')),
        "after seat 2's capture its pushes are due: {reply:?}"
    );
}

#[test]
fn a_doquin_request_for_a_finished_game_or_without_a_level_gets_words() {
    use parlour::ai::doquin::random_move;
    use parlour::rules::doquin::{Doquin, Options};

    let mut game = Doquin::new(2, Options::default()).unwrap();
    let mut moves = Vec::new();
    let mut ply = 0;
    while game.turn() != Turn::Over {
        let m = random_move(&game, ply).unwrap();
        game.play(m).unwrap();
        moves.push(m.to_string());
        ply += 1;
    }
    let texts: Vec<&str> = moves.iter().map(String::as_str).collect();
    let over = doquin_record(2, 4, &texts);
    for (task, level) in [(Task::Move, Some("hard")), (Task::Hint, None)] {
        let reply = ask(&request(task, over.clone(), level));
        assert_eq!(
            reply.error.as_deref(),
            Some("the game is over"),
            "{task:?}: {reply:?}"
        );
        assert_eq!(reply.r#move, None);
    }

    let no_level = ask(&request(Task::Move, doquin_record(3, 4, &["F1-1"]), None));
    assert_eq!(
        no_level.error.as_deref(),
        Some("no computer level was given")
    );

    let bad = ask(&request(
        Task::Move,
        doquin_record(2, 4, &["F1-1", "F1-1"]),
        Some("easy"),
    ));
    assert!(
        bad.error.as_deref().is_some_and(|e| e.contains("move 2")),
        "a record that does not replay is named: {bad:?}"
    );
}
