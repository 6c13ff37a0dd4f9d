//! The rules of Parlour's games, as plain data and pure functions.
//!
//! Nothing here knows about the web, a clock or a global random generator. Every game answers
//! the same questions through [`Game`]: whose turn it is (a seat, *chance*, or nobody because the
//! game is over), which moves are legal, what happens when a move is played, how the game ended.
//! Chance events (teetotum spins, domino deals) are moves by the chance player: the position says
//! what may happen, the caller draws one outcome with its own seeded generator and plays it, so a
//! record of moves replays a game exactly.

pub mod archery;
pub mod dominoes;
pub mod doquin;
pub mod history;
pub mod morris;
pub mod quoits;
pub mod teetotum;

use std::fmt;
use std::str::FromStr;

use rand_core::RngCore;

/// Things listed as a sentence lists them: "6", "6 and 4", "6, 4 and 2".
pub fn and_list<T: fmt::Display>(items: &[T]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => {
            let rest: Vec<String> = rest.iter().map(T::to_string).collect();
            format!("{} and {last}", rest.join(", "))
        }
    }
}

/// A game's options read from a record's header (`game` names it in the message). Refused with
/// the option at fault named, where one key alone is enough to fail.
pub fn read_options<T: serde::de::DeserializeOwned>(
    game: &str,
    options: &serde_json::Map<String, serde_json::Value>,
) -> Result<T, String> {
    use serde_json::{Map, Value};
    serde_json::from_value(Value::Object(options.clone())).map_err(|e| {
        let alone = |(key, value): &(&String, &Value)| {
            let one: Map<String, Value> =
                [((*key).clone(), (*value).clone())].into_iter().collect();
            serde_json::from_value::<T>(Value::Object(one)).is_err()
        };
        match options.iter().find(|kv| alone(kv)) {
            // A number the option's type cannot hold, told in words rather than the reader's
            // ("invalid value: integer `300`, expected u8").
            Some((key, value)) if value.is_number() && e.to_string().contains("invalid value") => {
                format!("bad {game} option \"{key}\": {value} is out of range")
            }
            Some((key, _)) => format!("bad {game} option \"{key}\": {e}"),
            None => format!("bad {game} option: {e}"),
        }
    })
}

/// A place at the table. Counted from 0 in code and from 1 in records, on screen and in the
/// native tool's output.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat's index into per-seat arrays.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The seat's number as players count it, from 1.
    pub fn number(self) -> u8 {
        self.0 + 1
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.number())
    }
}

/// Who acts next.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Turn {
    /// A player chooses a move.
    Seat(Seat),
    /// A chance event is due (a spin, a deal): see [`Game::chance_outcomes`].
    Chance,
    /// The game is over: see [`Game::outcome`].
    Over,
}

/// How a finished game ended.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Outcome {
    /// The seats that won, in seat order. A draw lists every seat; a shared win lists the sharers.
    pub winners: Vec<Seat>,
    /// Whether the game ended drawn, as Morris can ("threefold repetition"). In the scored
    /// games nobody draws: equal top totals share the win, even when every seat has them.
    pub drawn: bool,
    /// Why the game ended, in words a player understands ("two men left", "threefold repetition").
    pub reason: String,
}

/// What a chance event may bring.
#[derive(Clone, PartialEq, Debug)]
pub enum ChanceOutcomes<C> {
    /// Every outcome with its probability (a teetotum's 36 ordered spins).
    Listed(Vec<(C, f64)>),
    /// Too many to list (a deal of dominoes): draw one with [`Game::sample_chance`].
    Unlisted,
}

/// A game that has no chance events. It has no values, so it can never be played.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum NoChance {}

impl fmt::Display for NoChance {
    fn fmt(&self, _: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {}
    }
}

/// The move of a game in which players never choose (Quoits): it has no values.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum NoMove {}

impl fmt::Display for NoMove {
    fn fmt(&self, _: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {}
    }
}

/// Why a piece of text is not a move or chance outcome of a game, in words.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct NotationError(pub String);

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for NotationError {}

impl FromStr for NoMove {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<NoMove, NotationError> {
        Err(NotationError(format!(
            "\"{}\" is not a move: nobody chooses in this game, every turn is a spin",
            text.trim()
        )))
    }
}

/// The shared vocabulary of Parlour's games.
///
/// `play` and `play_chance` check the move first and leave the position exactly as it was when
/// they refuse it. Reading a move ([`FromStr`]) and playing it are separate steps with separate
/// errors: "I cannot read this" is not "you cannot do this here".
pub trait Game: Clone {
    /// A player's move: small, `Copy`, written in the game's notation.
    type Move: Copy + Eq + fmt::Debug + fmt::Display + FromStr<Err = Self::ParseError>;
    /// One outcome of a chance event, written in the game's notation.
    type Chance: Clone + Eq + fmt::Debug + fmt::Display;
    /// Why a piece of text is not a move or chance outcome of this game.
    type ParseError: fmt::Display;
    /// Why a move cannot be played here. Its message is shown to players as it is.
    type Illegal: fmt::Display;
    /// What one seat may see. For games of perfect information, the position itself.
    type Observation;

    /// The game's name in records (`"morris"`).
    const NAME: &'static str;

    /// How many seats play.
    fn seats(&self) -> usize;

    /// Whose turn it is.
    fn turn(&self) -> Turn;

    /// Every legal move of the seat to move (empty when chance is due or the game is over).
    fn legal_moves(&self) -> Vec<Self::Move>;

    /// Plays a move of the seat to move, or refuses it and changes nothing.
    fn play(&mut self, m: Self::Move) -> Result<(), Self::Illegal>;

    /// `m` as this position writes it, where the notation has two spellings of one move here
    /// (Dominoes: `6-2W` is `6-2L` on a table without a spinner); `m` itself by default.
    fn written(&self, m: Self::Move) -> Self::Move {
        m
    }

    /// What the chance event that is due may bring (an empty list when none is due).
    fn chance_outcomes(&self) -> ChanceOutcomes<Self::Chance>;

    /// Draws one outcome of the chance event that is due, or `None` when none is due.
    fn sample_chance(&self, rng: &mut dyn RngCore) -> Option<Self::Chance>;

    /// Reads a chance outcome in the game's notation.
    fn parse_chance(&self, text: &str) -> Result<Self::Chance, Self::ParseError>;

    /// Plays a chance outcome, or refuses it and changes nothing.
    fn play_chance(&mut self, outcome: &Self::Chance) -> Result<(), Self::Illegal>;

    /// How the game ended, or `None` while it is in play.
    fn outcome(&self) -> Option<Outcome>;

    /// One number per seat: the game's points so far (for Morris, the men each side still has).
    fn scores(&self) -> Vec<i32>;

    /// What `seat` may know of the position.
    fn observe(&self, seat: Seat) -> Self::Observation;

    /// `moves` from this start as this Parlour writes them, when they are a record an earlier
    /// Parlour wrote in a form that has since changed and they do not replay as they are;
    /// `None` otherwise (and by default).
    fn earlier_form(&self, moves: &[String]) -> Option<Vec<String>> {
        let _ = moves;
        None
    }
}

/// Why a move written as text was refused.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum MoveError {
    /// The text is not a move of this game.
    Unreadable(String),
    /// The move is not legal here.
    Illegal(String),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Unreadable(why) | MoveError::Illegal(why) => f.write_str(why),
        }
    }
}

/// Any game seen through its notation: what records, the native tool and the random play-out
/// tests need, without knowing which game it is.
pub trait Table {
    /// The game's name in records.
    fn game_name(&self) -> &'static str;
    /// How many seats play.
    fn seat_count(&self) -> usize;
    /// Whose turn it is.
    fn whose_turn(&self) -> Turn;
    /// Every legal move of the seat to move in notation, or every listed chance outcome.
    fn legal_notation(&self) -> Vec<String>;
    /// Reads and plays one move or chance outcome, and gives it back as the game writes it (in
    /// the notation of `rules/`, whichever spelling was read: `a1` for `A1`); changes nothing
    /// when it is refused.
    fn play_notation(&mut self, text: &str) -> Result<String, MoveError>;
    /// Draws a chance outcome in notation, when chance is due.
    fn sample_chance_notation(&self, rng: &mut dyn RngCore) -> Option<String>;
    /// How the game ended, if it has.
    fn ended(&self) -> Option<Outcome>;
    /// One number per seat: the game's points so far.
    fn seat_scores(&self) -> Vec<i32>;
    /// See [`Game::earlier_form`].
    fn moves_of_earlier_form(&self, moves: &[String]) -> Option<Vec<String>> {
        let _ = moves;
        None
    }
}

impl<G: Game> Table for G {
    fn game_name(&self) -> &'static str {
        G::NAME
    }

    fn seat_count(&self) -> usize {
        self.seats()
    }

    fn whose_turn(&self) -> Turn {
        self.turn()
    }

    fn legal_notation(&self) -> Vec<String> {
        match self.turn() {
            Turn::Seat(_) => self.legal_moves().iter().map(|m| m.to_string()).collect(),
            Turn::Chance => match self.chance_outcomes() {
                ChanceOutcomes::Listed(outcomes) => {
                    outcomes.iter().map(|(c, _)| c.to_string()).collect()
                }
                ChanceOutcomes::Unlisted => Vec::new(),
            },
            Turn::Over => Vec::new(),
        }
    }

    fn play_notation(&mut self, text: &str) -> Result<String, MoveError> {
        match self.turn() {
            Turn::Over => Err(MoveError::Illegal("the game is over".into())),
            Turn::Chance => {
                let outcome = self
                    .parse_chance(text)
                    .map_err(|e| MoveError::Unreadable(e.to_string()))?;
                self.play_chance(&outcome)
                    .map_err(|e| MoveError::Illegal(e.to_string()))?;
                Ok(outcome.to_string())
            }
            Turn::Seat(_) => {
                let m = text
                    .parse::<G::Move>()
                    .map_err(|e| MoveError::Unreadable(e.to_string()))?;
                let m = self.written(m);
                self.play(m)
                    .map_err(|e| MoveError::Illegal(e.to_string()))?;
                Ok(m.to_string())
            }
        }
    }

    fn sample_chance_notation(&self, rng: &mut dyn RngCore) -> Option<String> {
        self.sample_chance(rng).map(|c| c.to_string())
    }

    fn ended(&self) -> Option<Outcome> {
        self.outcome()
    }

    fn seat_scores(&self) -> Vec<i32> {
        self.scores()
    }

    fn moves_of_earlier_form(&self, moves: &[String]) -> Option<Vec<String>> {
        self.earlier_form(moves)
    }
}
