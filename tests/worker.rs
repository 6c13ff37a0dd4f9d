//! The computer players' worker protocol, natively: JSON in, JSON out.

use std::cell::Cell;

use parlour::ai::Clock;
use parlour::games::GameKind;
use parlour::record::{Player, Record};
use parlour::rules::morris::{Move, Options, Position, Variant};
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
