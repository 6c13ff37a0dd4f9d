//! What the fuzz targets share: a record header drawn from the fuzzer's bytes, each game opened
//! from it as its own type, and the checks that every position must pass.
//!
//! A check that fails panics with a message that names the rule it holds; libFuzzer keeps the
//! input that made it, and `cargo fuzz fmt <target> <file>` prints it as the values below.

use std::fmt::Debug;

use arbitrary::Arbitrary;
use parlour::games::GameKind;
use parlour::record::{Player, Record};
use parlour::rules::archery::Archery;
use parlour::rules::dominoes::Dominoes;
use parlour::rules::doquin::Doquin;
use parlour::rules::quoits::Quoits;
use parlour::rules::{ChanceOutcomes, Game, Table, Turn};
use rand_core::SeedableRng;
use rand_pcg::Pcg32;
use serde_json::{Map, Value};

/// The most steps a fuzz input plays, so that one input never runs for long.
pub const MOST_STEPS: usize = 400;

/// Moves that are always open but never listed; each ends the game (Morris).
pub const ACTIONS: [&str; 2] = ["resign", "draw"];

/// The header of a record, mostly one that opens: a game, a variant of it, some of its options
/// with likely values, and a number of players.
#[derive(Arbitrary, Debug, Clone)]
pub struct Header {
    game: u8,
    variant: u8,
    options: Vec<(u8, Number)>,
    seats: u8,
}

/// An option's value: usually one the game knows, sometimes any number or a boolean.
#[derive(Arbitrary, Debug, Clone, Copy)]
enum Number {
    Usual(u8),
    Any(u32),
    Flag(bool),
}

/// The variants of each game that has them, by record name.
const MORRIS_VARIANTS: [&str; 5] = [
    "morrice",
    "morelles",
    "six-mens",
    "twelve-mens",
    "three-mens",
];
const DOMINO_GAMES: [&str; 7] = [
    "block",
    "draw",
    "all-fives",
    "bergen",
    "matador",
    "sebastopol",
    "domino-pool",
];

/// Each game's options, with values worth trying for the numeric ones (empty for a boolean).
fn option_keys(game: GameKind) -> &'static [(&'static str, &'static [u32])] {
    match game {
        GameKind::Morris => &[
            ("two_removals", &[]),
            ("repetition_draw", &[]),
            ("fifty_move_draw", &[]),
        ],
        GameKind::Archery => &[],
        GameKind::Quoits => &[
            ("one_pitch", &[]),
            ("single_end", &[]),
            ("target", &[10, 11, 21, 30, 61, 100, 500]),
        ],
        GameKind::Dominoes => &[
            ("set", &[6, 9, 12]),
            ("hand", &[0, 1, 2, 3, 5, 7, 9, 12, 15, 20, 28]),
            ("target", &[0, 1, 5, 15, 61, 100, 200]),
            ("partners", &[]),
            ("single_hand", &[]),
            ("difference", &[]),
            ("spinner", &[]),
            ("muggins", &[]),
            ("draw_when_able", &[]),
        ],
        GameKind::Doquin => &[("size", &[3, 4, 5]), ("pegs", &[5, 6, 9, 10, 15])],
    }
}

impl Header {
    /// The record this header makes, with no moves yet.
    pub fn record(&self) -> Record {
        let kind = GameKind::ALL[usize::from(self.game) % GameKind::ALL.len()];
        let names: &[&str] = match kind {
            GameKind::Morris => &MORRIS_VARIANTS,
            GameKind::Dominoes => &DOMINO_GAMES,
            _ => &[],
        };
        // One more than the names: no variant at all (right for the games without any).
        let variant = names
            .get(usize::from(self.variant) % (names.len() + 1))
            .copied();
        let keys = option_keys(kind);
        let mut options = Map::new();
        for (key, number) in self.options.iter().take(4) {
            let Some((name, usual)) = keys.get(usize::from(*key) % keys.len().max(1)) else {
                // A game with no options: try one it does not know, now and then.
                if *key == 0 {
                    options.insert("target".into(), Value::from(1));
                }
                continue;
            };
            let value = match (*number, usual.is_empty()) {
                (Number::Flag(on), _) => Value::from(on),
                (Number::Usual(i), false) => Value::from(usual[usize::from(i) % usual.len()]),
                (Number::Usual(i), true) => Value::from(i % 2 == 1),
                (Number::Any(n), _) => Value::from(n),
            };
            options.insert(name.to_string(), value);
        }
        let players = (0..1 + usize::from(self.seats) % 6)
            .map(|i| Player::human(&format!("P{}", i + 1)))
            .collect();
        Record::new(kind, variant, options, players)
    }
}

/// Something done with a game, whichever it is: the game comes as its own type.
pub trait Visit {
    fn visit<G>(self, start: G, record: &Record)
    where
        G: Game + PartialEq + Debug;
}

/// Opens the record's header as its game's own type and hands it to `visitor`; does nothing
/// when the header is refused.
pub fn open(record: &Record, visitor: impl Visit) {
    let (variant, options, seats) = (
        record.variant.as_deref(),
        &record.options,
        record.players.len(),
    );
    let Ok(kind) = record.kind() else { return };
    match kind {
        GameKind::Morris => {
            if let Ok(start) = record.start_morris() {
                visitor.visit(start, record);
            }
        }
        GameKind::Archery => {
            if let Ok(start) = Archery::from_header(variant, options, seats) {
                visitor.visit(start, record);
            }
        }
        GameKind::Quoits => {
            if let Ok(start) = Quoits::from_header(variant, options, seats) {
                visitor.visit(start, record);
            }
        }
        GameKind::Dominoes => {
            if let Ok(start) = Dominoes::from_header(variant, options, seats) {
                visitor.visit(start, record);
            }
        }
        GameKind::Doquin => {
            if let Ok(start) = Doquin::from_header(variant, options, seats) {
                visitor.visit(start, record);
            }
        }
    }
}

/// The move `pick` chooses in this position, in notation: a listed move or chance outcome, or a
/// deal drawn with `pick` as the seed when the chance event is too large to list. `None` when
/// the game is over.
pub fn pick<G: Game>(game: &G, pick: u16) -> Option<String> {
    let legal = game.legal_notation();
    if !legal.is_empty() {
        return Some(legal[usize::from(pick) % legal.len()].clone());
    }
    let mut rng = Pcg32::seed_from_u64(u64::from(pick));
    game.sample_chance_notation(&mut rng)
}

/// Whose turn it is agrees with the outcome, the legal moves and the seats; one score a seat.
pub fn check_position<G: Game + Debug>(game: &G) {
    let seats = game.seats();
    let legal = game.legal_notation();
    assert_eq!(game.scores().len(), seats, "one score a seat: {game:?}");
    match (game.turn(), game.outcome()) {
        (Turn::Over, Some(outcome)) => {
            assert!(legal.is_empty(), "the game is over but lists {legal:?}");
            assert!(
                !outcome.winners.is_empty() && outcome.winners.iter().all(|s| s.index() < seats),
                "winners {:?} are seats of a game of {seats}",
                outcome.winners
            );
            assert!(
                !outcome.reason.is_empty(),
                "a game ends for a stated reason"
            );
        }
        (Turn::Over, None) => panic!("over, but with no outcome: {game:?}"),
        (_, Some(outcome)) => panic!("an outcome {outcome:?}, but the game goes on: {game:?}"),
        (Turn::Seat(seat), None) => {
            assert!(seat.index() < seats, "{seat} to move in a game of {seats}");
            assert!(
                !legal.is_empty(),
                "{seat} to move has a legal move: {game:?}"
            );
        }
        (Turn::Chance, None) => {
            if let ChanceOutcomes::Listed(outcomes) = game.chance_outcomes() {
                assert!(!outcomes.is_empty(), "a chance event lists its outcomes");
            }
        }
    }
    let mut sorted = legal.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), legal.len(), "no move listed twice: {legal:?}");
}

/// Every listed move reads back from its own notation as itself.
pub fn check_listed_notation<G: Game>(game: &G) {
    for m in game.legal_moves() {
        let text = m.to_string();
        assert_eq!(
            text.parse::<G::Move>().ok(),
            Some(m),
            "the listed move {text:?} reads back as itself"
        );
    }
    if let ChanceOutcomes::Listed(outcomes) = game.chance_outcomes() {
        for (outcome, _) in outcomes {
            let text = outcome.to_string();
            assert_eq!(
                game.parse_chance(&text).ok(),
                Some(outcome),
                "the listed chance outcome {text:?} reads back as itself"
            );
        }
    }
}

/// `text` read as a move and as a chance outcome of `game`: what reads is written back as it
/// reads, what is refused changes nothing, and what is accepted leads where a listed move leads
/// (or, for `resign` and `draw`, ends the game).
pub fn check_text<G: Game + PartialEq + Debug>(game: &G, text: &str) {
    let children = || -> Vec<G> {
        let mut children = Vec::new();
        for m in game.legal_moves() {
            let mut child = game.clone();
            child
                .play(m)
                .unwrap_or_else(|e| panic!("the listed move {m} plays, but: {e}"));
            children.push(child);
        }
        children
    };
    if let Ok(m) = text.parse::<G::Move>() {
        let written = m.to_string();
        assert_eq!(
            written.parse::<G::Move>().ok(),
            Some(m),
            "{text:?} reads as {m:?}, written {written:?}, which reads back as itself"
        );
        let mut played = game.clone();
        match played.play(m) {
            Err(why) => {
                assert_eq!(&played, game, "refusing {text:?} ({why}) changes nothing");
                assert!(!why.to_string().is_empty(), "a refusal says why");
            }
            Ok(()) => {
                assert!(
                    matches!(game.turn(), Turn::Seat(_)),
                    "{text:?} is played only when a seat is to move, not at {:?}",
                    game.turn()
                );
                let action = ACTIONS.contains(&written.as_str()) && played.outcome().is_some();
                assert!(
                    action || game.legal_moves().contains(&m) || children().contains(&played),
                    "{text:?} was accepted but leads where no listed move leads"
                );
            }
        }
    }
    if let Ok(outcome) = game.parse_chance(text) {
        let written = outcome.to_string();
        assert_eq!(
            game.parse_chance(&written).ok().as_ref(),
            Some(&outcome),
            "{text:?} reads as the chance outcome {outcome:?}, written {written:?}, which reads \
             back as itself"
        );
        let mut played = game.clone();
        match played.play_chance(&outcome) {
            Err(why) => {
                assert_eq!(
                    &played, game,
                    "refusing chance {text:?} ({why}) changes nothing"
                );
            }
            Ok(()) => {
                assert_eq!(
                    game.turn(),
                    Turn::Chance,
                    "the chance outcome {text:?} is played only when chance is due"
                );
                if let ChanceOutcomes::Listed(outcomes) = game.chance_outcomes() {
                    assert!(
                        outcomes.iter().any(|(o, _)| *o == outcome),
                        "the chance outcome {text:?} was accepted but is not listed"
                    );
                }
            }
        }
    }
    let mut played = game.clone();
    match played.play_notation(text) {
        Err(why) => assert_eq!(&played, game, "refusing {text:?} ({why}) changes nothing"),
        Ok(written) => {
            let mut again = game.clone();
            again
                .play_notation(&written)
                .unwrap_or_else(|e| panic!("{text:?} is written {written:?}, which plays: {e}"));
            assert_eq!(again, played, "{text:?} and {written:?} play alike");
        }
    }
}

/// A piece of text to try as a move: any text, or a listed move with one character changed,
/// dropped or added.
#[derive(Arbitrary, Debug, Clone)]
pub enum Text {
    Any(String),
    Changed {
        pick: u16,
        at: u8,
        with: char,
        how: u8,
    },
}

impl Text {
    /// The text, for this position.
    pub fn text<G: Game>(&self, game: &G) -> String {
        match self {
            Text::Any(text) => text.clone(),
            Text::Changed {
                pick: p,
                at,
                with,
                how,
            } => {
                let mut chars: Vec<char> = pick(game, *p).unwrap_or_default().chars().collect();
                let at = usize::from(*at) % (chars.len() + 1);
                match how % 3 {
                    0 if at < chars.len() => chars[at] = *with,
                    1 if at < chars.len() => {
                        chars.remove(at);
                    }
                    _ => chars.insert(at, *with),
                }
                chars.into_iter().collect()
            }
        }
    }
}
