//! A record read from any text: reading never panics; what reads is written back as it reads;
//! what replays reports the game it replays to, and that game passes every check.

#![no_main]

use std::fmt::Debug;

use libfuzzer_sys::fuzz_target;
use parlour::record::Record;
use parlour::rules::{Game, Table};
use parlour_fuzz::{check_listed_notation, check_position, open, Visit};
use serde_json::Value;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(record) = Record::from_json(text) else {
        return;
    };
    let written = record.to_json();
    let again = Record::from_json(&written)
        .unwrap_or_else(|e| panic!("a record, once written, reads back: {e}\n{written}"));
    // serde_json reads some long floats back one unit in the last place away (without its
    // `float_roundtrip` feature): no option or move of Parlour is a float, so that is let be.
    assert!(
        same(
            &serde_json::to_value(&again).unwrap(),
            &serde_json::to_value(&record).unwrap()
        ),
        "a record reads back as it was written: {written}"
    );
    let Ok(table) = record.replay() else {
        return;
    };
    assert_eq!(
        table.seat_scores().len(),
        table.seat_count(),
        "one score a seat"
    );
    let report = record
        .replay_report()
        .unwrap_or_else(|e| panic!("a record that replays reports: {e}"));
    assert_eq!(
        report["legal"],
        Value::from(table.legal_notation()),
        "the report lists the legal moves"
    );
    open(&record, Replayed);
});

/// Equal JSON values, but for floats a few units in the last place apart.
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) if x.is_f64() || y.is_f64() => {
            match (x.as_f64(), y.as_f64()) {
                (Some(x), Some(y)) => x == y || (x - y).abs() <= 1e-12 * x.abs().max(y.abs()),
                _ => false,
            }
        }
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same(x, y))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .zip(y)
                    .all(|((kx, vx), (ky, vy))| kx == ky && same(vx, vy))
        }
        _ => a == b,
    }
}

/// The record's moves played on its game's own type.
struct Replayed;

impl Visit for Replayed {
    fn visit<G>(self, start: G, record: &Record)
    where
        G: Game + PartialEq + Debug,
    {
        let mut game = start;
        for text in &record.moves {
            game.play_notation(text)
                .unwrap_or_else(|e| panic!("{text:?} replays as it did through the record: {e}"));
        }
        check_position(&game);
        check_listed_notation(&game);
    }
}
