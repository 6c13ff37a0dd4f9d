//! Any text read as a move and as a chance outcome of each game, at the start and after some
//! listed moves: what reads is written back as it reads, playing it never panics, a refusal
//! changes nothing, and what is accepted leads where a listed move leads.

#![no_main]

use std::fmt::Debug;

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use parlour::record::Record;
use parlour::rules::{Game, Table};
use parlour_fuzz::{
    check_listed_notation, check_position, check_text, open, pick, Header, Text, Visit, MOST_STEPS,
};

#[derive(Arbitrary, Debug)]
struct Input {
    header: Header,
    /// The listed moves (or drawn deals) that lead to the mid-game position.
    prefix: Vec<u16>,
    /// What is tried as a move in both positions.
    texts: Vec<Text>,
}

/// How many texts one input tries in each position.
const TEXTS: usize = 4;

fn try_texts<G: Game + PartialEq + Debug>(game: &G, texts: &[Text]) {
    for text in texts.iter().take(TEXTS) {
        check_text(game, &text.text(game));
    }
}

struct Notation<'a>(&'a Input);

impl Visit for Notation<'_> {
    fn visit<G>(self, start: G, _: &Record)
    where
        G: Game + PartialEq + Debug,
    {
        let input = self.0;
        check_position(&start);
        check_listed_notation(&start);
        try_texts(&start, &input.texts);
        let mut game = start;
        for &p in input.prefix.iter().take(MOST_STEPS) {
            let Some(m) = pick(&game, p) else { break };
            game.play_notation(&m)
                .unwrap_or_else(|e| panic!("the listed or drawn move {m:?} plays: {e}"));
        }
        check_position(&game);
        check_listed_notation(&game);
        try_texts(&game, &input.texts);
    }
}

fuzz_target!(|input: Input| {
    let record = input.header.record();
    open(&record, Notation(&input));
});
