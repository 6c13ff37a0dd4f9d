//! Game records: the one JSON format Parlour writes everywhere (autosave, named saves, export
//! files, share links). Loading a record replays it through the rules; nothing else in it is
//! trusted.

use std::fmt;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::ai::Level;
use crate::games::GameKind;
use crate::rules::archery::Archery;
use crate::rules::dominoes::Dominoes;
use crate::rules::doquin::Doquin;
use crate::rules::morris;
use crate::rules::quoits::Quoits;
use crate::rules::teetotum::COLOURS;
use crate::rules::{Table, Turn};

/// How a game sets up its start from a record's header: the variant, the options and the number
/// of players; or why it cannot.
pub type FromHeader<G> = fn(Option<&str>, &Map<String, Value>, usize) -> Result<G, String>;

/// The `format` every Parlour record carries.
pub const FORMAT: &str = "parlour-record";
/// The record version this Parlour writes and reads.
pub const VERSION: u64 = 1;

/// A game record: which game, with which rules and players, and every move in order (chance
/// moves included).
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Record {
    pub format: String,
    pub version: u64,
    pub game: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<String>,
    #[serde(default)]
    pub options: Map<String, Value>,
    pub players: Vec<Player>,
    #[serde(default)]
    pub moves: Vec<String>,
    /// How the game ended, as the writer saw it. Informative only: never trusted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<Value>,
    /// The name a player gave the game, which a save exported from the saved games carries, so
    /// that importing the file names the save as it was. Not part of the game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
}

/// A player in a record; seat order is the order of the list.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Player {
    pub name: String,
    pub kind: PlayerKind,
    /// The computer player's level (`"beginner"` ... `"hardest"`), for computer seats.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<String>,
    /// The colour the player chose in a teetotum game (`"green"`, one of
    /// [`COLOURS`]); without one, the seat's own colour, or the first one left.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colour: Option<String>,
}

/// Each seat's colour, as an index into [`COLOURS`] (which also gives its piece's shape): the
/// colour its player chose, else the seat's own colour if nobody chose it, else the next one
/// nobody has.
pub fn seat_colours(players: &[Player]) -> Vec<usize> {
    let chosen: Vec<Option<usize>> = players
        .iter()
        .map(|p| {
            p.colour
                .as_deref()
                .and_then(|c| COLOURS.iter().position(|k| *k == c))
        })
        .collect();
    let mut taken: Vec<usize> = chosen.iter().flatten().copied().collect();
    let mut colours = Vec::with_capacity(players.len());
    for (seat, choice) in chosen.iter().enumerate() {
        let colour = choice.unwrap_or_else(|| {
            (0..COLOURS.len())
                .map(|k| (seat + k) % COLOURS.len())
                .find(|k| !taken.contains(k))
                .unwrap_or(seat % COLOURS.len())
        });
        taken.push(colour);
        colours.push(colour);
    }
    colours
}

/// Seat `seat`'s colour from [`seat_colours`] (the seat's own if the list is short).
pub fn colour_of(colours: &[usize], seat: usize) -> usize {
    colours.get(seat).copied().unwrap_or(seat % COLOURS.len())
}

/// Who sits in a seat.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PlayerKind {
    Human,
    Computer,
}

impl Player {
    /// A computer player at a level (named as in records: `"hard"`).
    pub fn computer(name: &str, level: &str) -> Player {
        Player {
            name: name.to_string(),
            kind: PlayerKind::Computer,
            level: Some(level.to_string()),
            colour: None,
        }
    }

    /// A computer player in a game whose computers have no levels (Quoits).
    pub fn computer_without_level(name: &str) -> Player {
        Player {
            level: None,
            ..Player::computer(name, "")
        }
    }

    /// Whether a computer plays this seat.
    pub fn is_computer(&self) -> bool {
        self.kind == PlayerKind::Computer
    }

    /// A person at the screen.
    pub fn human(name: &str) -> Player {
        Player {
            name: name.to_string(),
            kind: PlayerKind::Human,
            level: None,
            colour: None,
        }
    }
}

/// The most characters a player's name may have, as typed and as read from a record.
pub const NAME_LIMIT: usize = 40;

/// Why a record was refused. The message names the first problem.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum RecordError {
    /// The text is not JSON at all.
    NotJson(String),
    /// The text begins as JSON and breaks off: a link or a file cut short.
    CutShort,
    /// JSON, but not a Parlour record.
    NotARecord,
    /// Written by a newer Parlour.
    NewerVersion(u64),
    /// Something in the header is wrong (which game, variant, options, players).
    BadHeader(String),
    /// A move does not replay: its number (from 1), its text and why.
    BadMove {
        number: usize,
        text: String,
        why: String,
    },
}

/// The header's fields checked for their kind of value, so that a record written wrongly is told
/// in the record's own words rather than the reader's.
fn check_shape(object: &Map<String, Value>) -> Result<(), String> {
    if !object.get("game").is_some_and(Value::is_string) {
        return Err("\"game\" must name the game, as text".into());
    }
    if object
        .get("variant")
        .is_some_and(|v| !v.is_string() && !v.is_null())
    {
        return Err("\"variant\" must be a name, as text".into());
    }
    if object.get("options").is_some_and(|v| !v.is_object()) {
        return Err("\"options\" must be an object of named options, such as {}".into());
    }
    let Some(players) = object.get("players").and_then(Value::as_array) else {
        return Err("\"players\" must be a list of the players, in seat order".into());
    };
    for (i, player) in players.iter().enumerate() {
        let n = i + 1;
        let Some(player) = player.as_object() else {
            return Err(format!(
                "player {n} must be written as {{\"name\": ..., \"kind\": ...}}"
            ));
        };
        if !player.get("name").is_some_and(Value::is_string) {
            return Err(format!("player {n} has no name"));
        }
        match player.get("kind").and_then(Value::as_str) {
            Some("human" | "computer") => {}
            Some(other) => {
                return Err(format!(
                    "player {n} is \"{other}\"; a player is \"human\" or \"computer\""
                ))
            }
            None => {
                return Err(format!(
                    "player {n} must say \"kind\": \"human\" or \"computer\""
                ))
            }
        }
        if player
            .get("level")
            .is_some_and(|v| !v.is_string() && !v.is_null())
        {
            return Err(format!(
                "player {n}'s level must be a name, such as \"hard\""
            ));
        }
    }
    match object.get("moves") {
        None => Ok(()),
        Some(Value::Array(moves)) => match moves.iter().position(|m| !m.is_string()) {
            Some(i) => Err(format!("move {} must be written as text", i + 1)),
            None => Ok(()),
        },
        Some(_) => Err("\"moves\" must be a list of moves, each as text".into()),
    }
}

/// The most moves a record opened from a file or a link may have ([`Record::written`]).
pub const MOST_MOVES: usize = 50_000;

/// A player's name as the app keeps it: without the characters that change the direction of the
/// text around them (embeddings, overrides, isolates), with which a name from a link could make
/// the words it stands among read as something else, and without white space or invisible
/// characters (zero-width spaces and joiners, marks, the byte order mark) at either end. Empty
/// when the name shows nothing.
pub fn clean_name(name: &str) -> String {
    let invisible = |c: char| {
        c.is_whitespace()
            || matches!(c, '\u{200B}'..='\u{200F}' | '\u{2060}'..='\u{2064}' | '\u{FEFF}' | '\u{AD}')
    };
    let kept: String = name
        .chars()
        .filter(|c| !matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'))
        .collect();
    kept.trim_matches(invisible).to_string()
}

/// `text` as far as its `limit`th character, with "…" where it goes on.
pub fn cut_to(text: &str, limit: usize) -> String {
    match text.char_indices().nth(limit) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_string(),
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::NotJson(why) => write!(f, "this is not a Parlour record: not JSON ({why})"),
            RecordError::CutShort => write!(
                f,
                "this record breaks off before its end: it may have been cut short when it was copied or saved"
            ),
            RecordError::NotARecord => write!(
                f,
                "this is not a Parlour record: it lacks \"format\": \"{FORMAT}\""
            ),
            RecordError::NewerVersion(v) => write!(
                f,
                "this record comes from a newer Parlour (record version {v}; this one reads version {VERSION})"
            ),
            RecordError::BadHeader(why) => write!(f, "this record cannot be opened: {why}"),
            // A move of thousands of characters is not written out twice in full.
            RecordError::BadMove { number, text, why } => write!(
                f,
                "move {number} \"{}\": {}",
                cut_to(text, NAME_LIMIT),
                cut_to(why, 4 * NAME_LIMIT)
            ),
        }
    }
}

impl std::error::Error for RecordError {}

impl Record {
    /// A new record with no moves yet.
    pub fn new(
        game: GameKind,
        variant: Option<&str>,
        options: Map<String, Value>,
        players: Vec<Player>,
    ) -> Record {
        Record {
            format: FORMAT.to_string(),
            version: VERSION,
            game: game.name().to_string(),
            variant: variant.map(str::to_string),
            options,
            players,
            moves: Vec::new(),
            result: None,
            title: None,
        }
    }

    /// Whether `other` records the same game: the same header, players and moves, whatever
    /// either says besides (its `result`, its `title`).
    pub fn same_game(&self, other: &Record) -> bool {
        let bare = |r: &Record| Record {
            result: None,
            title: None,
            ..r.clone()
        };
        bare(self) == bare(other)
    }

    /// Reads a record from JSON text, checking the header's shape (not yet its moves).
    pub fn from_json(text: &str) -> Result<Record, RecordError> {
        // A byte order mark, as some editors put before a file's text, is not part of it.
        let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
        let value: Value = serde_json::from_str(text).map_err(|e| {
            if text.trim().is_empty() {
                return RecordError::NotJson("there is nothing in it".into());
            }
            // A link or a file cut short: where it stops is no help, that it stops is.
            if e.classify() == serde_json::error::Category::Eof {
                return RecordError::CutShort;
            }
            // Where the text goes wrong, in a reader's words rather than the parser's.
            RecordError::NotJson(format!(
                "something is out of place at line {}, column {}",
                e.line(),
                e.column()
            ))
        })?;
        Record::from_value(value)
    }

    /// Reads a record from a JSON value, checking the header's shape (not yet its moves).
    pub fn from_value(value: Value) -> Result<Record, RecordError> {
        let object = value.as_object().ok_or(RecordError::NotARecord)?;
        if object.get("format").and_then(Value::as_str) != Some(FORMAT) {
            return Err(RecordError::NotARecord);
        }
        match object.get("version").map(|v| (v, v.as_u64())) {
            None => return Err(RecordError::BadHeader("it has no \"version\"".into())),
            Some((_, Some(v))) if v > VERSION => return Err(RecordError::NewerVersion(v)),
            Some((_, Some(v))) if v >= 1 => {}
            Some((v, _)) => {
                return Err(RecordError::BadHeader(format!(
                    "\"version\" {v} is not a version"
                )))
            }
        }
        check_shape(object).map_err(RecordError::BadHeader)?;
        let mut record: Record =
            serde_json::from_value(value).map_err(|e| RecordError::BadHeader(e.to_string()))?;
        for player in &mut record.players {
            player.name = clean_name(&player.name);
        }
        for (i, player) in record.players.iter().enumerate() {
            let n = i + 1;
            let length = player.name.chars().count();
            if length > NAME_LIMIT {
                return Err(RecordError::BadHeader(format!(
                    "player {n}'s name is {length} characters long; a name may have at most \
                     {NAME_LIMIT}"
                )));
            }
            if player.name.is_empty() {
                return Err(RecordError::BadHeader(format!("player {n} has no name")));
            }
            if let Some(colour) = &player.colour {
                if !GameKind::from_name(&record.game).is_some_and(GameKind::has_colours) {
                    return Err(RecordError::BadHeader(format!(
                        "player {n} chooses a colour, which only Archery and Quoits offer"
                    )));
                }
                if !COLOURS.contains(&colour.as_str()) {
                    return Err(RecordError::BadHeader(format!(
                        "player {n}'s colour \"{colour}\" is none of {}",
                        COLOURS.join(", ")
                    )));
                }
                if record.players[..i]
                    .iter()
                    .any(|p| p.colour.as_deref() == Some(colour))
                {
                    return Err(RecordError::BadHeader(format!(
                        "player {n}'s colour, {colour}, is already another player's"
                    )));
                }
            }
            // A computer's level must be one the app has (a record without one plays hard).
            if let (PlayerKind::Computer, Some(level)) = (player.kind, &player.level) {
                if Level::from_name(level).is_none() {
                    let names: Vec<&str> = Level::ALL.iter().map(|l| l.name()).collect();
                    return Err(RecordError::BadHeader(format!(
                        "player {n}'s level \"{level}\" is none of {}",
                        names.join(", ")
                    )));
                }
            }
        }
        Ok(record)
    }

    /// The record as JSON text, on one line.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a record always serialises")
    }

    /// The record as JSON text, laid out for reading (export files).
    pub fn to_json_pretty(&self) -> String {
        serde_json::to_string_pretty(self).expect("a record always serialises")
    }

    /// The start of the name of an export file of this record, without its date: `parlour-`,
    /// the game, and the record's title in ASCII letters and digits joined by hyphens (at most
    /// 40 characters of it). A title that begins with the game's name does not repeat it:
    /// "Archery at the fair" gives `parlour-archery-at-the-fair`, not
    /// `parlour-archery-archery-at-the-fair`.
    pub fn file_stem(&self) -> String {
        let mut slug = String::new();
        for c in self.title.as_deref().unwrap_or_default().chars() {
            if c.is_ascii_alphanumeric() {
                slug.push(c.to_ascii_lowercase());
            } else if !slug.is_empty() && !slug.ends_with('-') {
                slug.push('-');
            }
        }
        let words = match slug.strip_prefix(self.game.as_str()) {
            Some(rest) if rest.is_empty() || rest.starts_with('-') => rest.trim_start_matches('-'),
            _ => slug.as_str(),
        };
        let words: String = words.chars().take(40).collect();
        let words = words.trim_end_matches('-');
        if words.is_empty() {
            format!("parlour-{}", self.game)
        } else {
            format!("parlour-{}-{words}", self.game)
        }
    }

    /// The game the record is of.
    pub fn kind(&self) -> Result<GameKind, RecordError> {
        GameKind::from_name(&self.game).ok_or_else(|| {
            let known: Vec<_> = GameKind::ALL.iter().map(|g| g.name()).collect();
            RecordError::BadHeader(format!(
                "unknown game \"{}\" (known: {})",
                self.game,
                known.join(", ")
            ))
        })
    }

    /// The game at its start, as the header sets it up, behind the shared [`Table`] view.
    pub fn start(&self) -> Result<Box<dyn Table>, RecordError> {
        match self.kind()? {
            GameKind::Morris => Ok(Box::new(self.start_morris()?)),
            GameKind::Archery => Ok(Box::new(self.start_as(Archery::from_header)?)),
            GameKind::Quoits => Ok(Box::new(self.start_as(Quoits::from_header)?)),
            GameKind::Dominoes => Ok(Box::new(self.start_as(Dominoes::from_header)?)),
            GameKind::Doquin => Ok(Box::new(self.start_as(Doquin::from_header)?)),
        }
    }

    /// The game at its start, as the header (variant, options, number of players) sets it up by
    /// the game's own `from_header`. The header's game name is not checked: the caller chose
    /// the game.
    pub fn start_as<G>(&self, from_header: FromHeader<G>) -> Result<G, RecordError> {
        from_header(self.variant.as_deref(), &self.options, self.players.len())
            .map_err(RecordError::BadHeader)
    }

    /// The game with every move of the record played, from the start `from_header` sets up; the
    /// first move that does not replay is named in the error.
    pub fn replay_as<G: Table>(&self, from_header: FromHeader<G>) -> Result<G, RecordError> {
        let mut game = self.start_as(from_header)?;
        play_moves(&mut game, &self.moves, 0)?;
        Ok(game)
    }

    /// The start of a Morris game, as the header sets it up.
    pub fn start_morris(&self) -> Result<morris::Position, RecordError> {
        if self.kind()? != GameKind::Morris {
            return Err(RecordError::BadHeader(format!(
                "this is a record of {}, not Morris",
                self.game
            )));
        }
        self.start_as(morris::Position::from_header)
    }

    /// Replays the whole record; the first move that does not replay is named in the error.
    pub fn replay(&self) -> Result<Box<dyn Table>, RecordError> {
        let mut table = self.start()?;
        play_moves(table.as_mut(), &self.moves, 0)?;
        Ok(table)
    }

    /// The record with its moves as the game writes them, in the notation of `rules/` (a move
    /// read in another spelling, `B2` or ` 5 + 3`, is written `b2`, `5+3`); the first move that
    /// does not replay is named in the error.
    pub fn written(&self) -> Result<Record, RecordError> {
        self.check_length()?;
        let mut table = self.start()?;
        let moves = play_moves(table.as_mut(), &self.moves, 0)?;
        Ok(Record {
            moves,
            ..self.clone()
        })
    }

    /// Refuses a record of more than [`MOST_MOVES`] moves: far past any game played, and a
    /// file or link of so many would stall the page that replays it.
    pub fn check_length(&self) -> Result<(), RecordError> {
        if self.moves.len() > MOST_MOVES {
            return Err(RecordError::BadHeader(format!(
                "it has {} moves, more than the {MOST_MOVES} Parlour opens",
                self.moves.len()
            )));
        }
        Ok(())
    }

    /// What the native tool's `replay` prints: the state after the last move, as JSON.
    pub fn replay_report(&self) -> Result<Value, RecordError> {
        let table = self.replay()?;
        let ended = table.ended();
        let to_move = match table.whose_turn() {
            Turn::Seat(seat) => Value::from(seat.number()),
            Turn::Chance => Value::from("chance"),
            Turn::Over => Value::Null,
        };
        let mut report = Map::new();
        report.insert("game".into(), Value::from(self.game.clone()));
        report.insert(
            "variant".into(),
            self.variant.clone().map_or(Value::Null, Value::from),
        );
        report.insert("over".into(), Value::from(ended.is_some()));
        report.insert("to_move".into(), to_move);
        report.insert("legal".into(), Value::from(table.legal_notation()));
        report.insert("scores".into(), Value::from(table.seat_scores()));
        report.insert(
            "winners".into(),
            ended.as_ref().map_or(Value::Null, |o| {
                Value::from(o.winners.iter().map(|s| s.number()).collect::<Vec<_>>())
            }),
        );
        report.insert(
            "reason".into(),
            ended.map_or(Value::Null, |o| Value::from(o.reason)),
        );
        Ok(Value::Object(report))
    }
}

/// Plays moves written in notation, in order, and gives them back as the game writes them;
/// `already` moves were played before them (for numbering). From the start (`already` 0), a
/// record in a form an earlier Parlour wrote is read as it meant. The error names the first
/// move that does not replay, counted from 1.
pub fn play_moves(
    table: &mut dyn Table,
    moves: &[String],
    already: usize,
) -> Result<Vec<String>, RecordError> {
    let earlier = (already == 0)
        .then(|| table.moves_of_earlier_form(moves))
        .flatten();
    earlier
        .as_deref()
        .unwrap_or(moves)
        .iter()
        .enumerate()
        .map(|(i, text)| {
            table
                .play_notation(text)
                .map_err(|why| RecordError::BadMove {
                    number: already + i + 1,
                    text: text.clone(),
                    why: why.to_string(),
                })
        })
        .collect()
}
