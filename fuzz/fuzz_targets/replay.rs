//! Any header, then a list of steps (a listed move or drawn deal, or a text tried as a move),
//! played in order: nothing panics, every position passes the checks, a refused text changes
//! nothing, and the record of what was played reads back and replays to the same game.

#![no_main]

use std::fmt::Debug;

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use parlour::record::Record;
use parlour::rules::{Game, Table};
use parlour_fuzz::{check_position, open, pick, Header, Text, Visit, MOST_STEPS};
use serde_json::Value;

#[derive(Arbitrary, Debug)]
enum Step {
    /// A listed move or chance outcome (or a deal drawn with this seed).
    Pick(u16),
    /// Text tried as a move.
    Try(Text),
}

#[derive(Arbitrary, Debug)]
struct Input {
    header: Header,
    steps: Vec<Step>,
}

struct Replay<'a>(&'a [Step]);

impl Visit for Replay<'_> {
    fn visit<G>(self, start: G, record: &Record)
    where
        G: Game + PartialEq + Debug,
    {
        let mut game = start.clone();
        let mut moves = Vec::new();
        check_position(&game);
        for step in self.0.iter().take(MOST_STEPS) {
            match step {
                Step::Pick(p) => {
                    let Some(m) = pick(&game, *p) else { continue };
                    game.play_notation(&m)
                        .unwrap_or_else(|e| panic!("the listed or drawn move {m:?} plays: {e}"));
                    moves.push(m);
                }
                Step::Try(text) => {
                    let text = text.text(&game);
                    let before = game.clone();
                    match game.play_notation(&text) {
                        // Kept as the game writes it: the replay below plays it again.
                        Ok(written) => moves.push(written),
                        Err(why) => {
                            assert_eq!(game, before, "refusing {text:?} ({why}) changes nothing")
                        }
                    }
                }
            }
            check_position(&game);
        }

        let mut record = record.clone();
        record.moves = moves;
        let read = Record::from_json(&record.to_json())
            .unwrap_or_else(|e| panic!("the record of a game reads back: {e}"));
        assert_eq!(read, record, "the record reads back as it was written");
        let mut replayed = start;
        for (i, text) in read.moves.iter().enumerate() {
            replayed
                .play_notation(text)
                .unwrap_or_else(|e| panic!("move {} {text:?} replays: {e}", i + 1));
        }
        assert_eq!(replayed, game, "the record replays to the same game");
        let report = read
            .replay_report()
            .unwrap_or_else(|e| panic!("the record replays through the shared view: {e}"));
        assert_eq!(report["over"], Value::from(game.outcome().is_some()));
        assert_eq!(report["scores"], Value::from(game.scores()));
        assert_eq!(report["legal"], Value::from(game.legal_notation()));
    }
}

fuzz_target!(|input: Input| {
    let record = input.header.record();
    open(&record, Replay(&input.steps));
});
