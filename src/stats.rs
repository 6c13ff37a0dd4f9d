//! Your record against the computer: for each game and each computer level, how many games were
//! played, won, drawn and lost.
//!
//! What counts (the rule the play screens follow when a game ends):
//! - A game counts when it ends with at least one person and at least one computer at the table.
//!   Games between people only (hot-seat) and games the computer plays against itself are not
//!   counted: this is a record *against the computer*, and a person at the screen does not want
//!   a friendly game among themselves, or a game they watched, mixed into it.
//! - A game counts once. The ids of the games counted are kept (the newest [`COUNTED_KEPT`]), so
//!   reopening a finished game, or taking moves back past its end and finishing it again, counts
//!   nothing more: the first ending stands. A game that is over when it is opened (a copy made
//!   from a saved game or a share link, or an old autosave) is noted as counted without being
//!   counted, so that taking its last move back and playing it again counts nothing either; an
//!   embedded game's id, which its address gives, is forgotten when a new game starts under it.
//! - Who won is read from the record's replay, never from the words shown. A person's side wins
//!   when the winners include a side with a person at it and no side of computers only; when
//!   people and computers share the win (a Morris draw, a tie at Quoits), the game is drawn; when
//!   only computers win, it is lost. At partnership Dominoes a person and the computer partnering
//!   them are one side.
//! - A game is counted against the level of its strongest computer when several computers sit
//!   at different levels. A computer seat with no level (or one this Parlour does not know) plays
//!   at Hard, so it is counted there; Quoits has no levels, so its games are counted against
//!   "the computer" as such.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::ai::Level;
use crate::games::GameKind;
use crate::record::Record;
use crate::rules::dominoes::Dominoes;
use crate::rules::{Outcome, Seat};

/// What counts, in a player's words, for a table with several people or computers: the rule
/// above.
pub fn how_counted(game: GameKind) -> String {
    format!(
        "Each game counts once{}: won when a person wins, drawn when people and computers share the win, lost when only computers win.",
        if game.has_levels() {
            ", at the level of its strongest computer"
        } else {
            ""
        }
    )
}

/// How many counted games' ids are kept, newest last, so that no game is counted twice.
pub const COUNTED_KEPT: usize = 200;

/// The name, in the stored value, of the row for games whose computers have no level (Quoits).
pub const NO_LEVEL: &str = "computer";

/// How a game against the computer went for the people at the table.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GameResult {
    Won,
    Drawn,
    Lost,
}

/// A finished game as the record counts it: which game, against which level, and how it went.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Counted {
    pub game: GameKind,
    /// The strongest computer's level; none for a game whose computers have no levels (Quoits).
    pub level: Option<Level>,
    pub result: GameResult,
}

/// Games played, won, drawn and lost against one computer level.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Tally {
    pub played: u32,
    pub won: u32,
    pub drawn: u32,
    pub lost: u32,
}

impl Tally {
    /// One more game, with its result.
    pub fn add(&mut self, result: GameResult) {
        self.played = self.played.saturating_add(1);
        let column = match result {
            GameResult::Won => &mut self.won,
            GameResult::Drawn => &mut self.drawn,
            GameResult::Lost => &mut self.lost,
        };
        *column = column.saturating_add(1);
    }
}

/// The whole record against the computer, as it is stored: tallies by game name and level name
/// (names as in records, so that a game or level this Parlour does not know is kept as it is),
/// and the ids of the games counted lately.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Stats {
    pub games: BTreeMap<String, BTreeMap<String, Tally>>,
    pub counted: Vec<String>,
}

impl Stats {
    /// Whether the game with this id has been counted already.
    pub fn is_counted(&self, id: &str) -> bool {
        self.counted.iter().any(|c| c == id)
    }

    /// Counts a finished game under its id; false (and nothing changes) when that game was
    /// counted before.
    pub fn add(&mut self, id: &str, counted: Counted) -> bool {
        if !self.mark(id) {
            return false;
        }
        self.games
            .entry(counted.game.name().to_string())
            .or_default()
            .entry(level_key(counted.level).to_string())
            .or_default()
            .add(counted.result);
        true
    }

    /// Notes the game with this id as counted without counting it: a game that was over when
    /// it was opened (a copy of a saved or shared game), whose ending is not the player's to
    /// count again. False when it was noted already; a game noted afresh becomes the newest.
    pub fn mark(&mut self, id: &str) -> bool {
        let was = self.counted.iter().position(|c| c == id);
        if let Some(at) = was {
            let id = self.counted.remove(at);
            self.counted.push(id);
            return false;
        }
        self.counted.push(id.to_string());
        let over = self.counted.len().saturating_sub(COUNTED_KEPT);
        self.counted.drain(..over);
        true
    }

    /// Forgets that the game with this id was counted: its id now holds a new game (an
    /// embedded game's autosave, whose id is its address's), which counts when it ends.
    pub fn forget(&mut self, id: &str) -> bool {
        let before = self.counted.len();
        self.counted.retain(|c| c != id);
        self.counted.len() != before
    }

    /// The tally of one game against one level.
    pub fn tally(&self, game: GameKind, level: Option<Level>) -> Tally {
        self.games
            .get(game.name())
            .and_then(|levels| levels.get(level_key(level)))
            .copied()
            .unwrap_or_default()
    }

    /// The levels a game has been played against, weakest first, each with its tally.
    pub fn rows(&self, game: GameKind) -> Vec<(Option<Level>, Tally)> {
        let levels = Level::ALL.into_iter().map(Some).chain([None]);
        levels
            .map(|level| (level, self.tally(game, level)))
            .filter(|(_, tally)| tally.played > 0)
            .collect()
    }

    /// All of one game's tallies added up.
    pub fn total(&self, game: GameKind) -> Tally {
        self.rows(game)
            .into_iter()
            .fold(Tally::default(), |sum, (_, t)| Tally {
                played: sum.played.saturating_add(t.played),
                won: sum.won.saturating_add(t.won),
                drawn: sum.drawn.saturating_add(t.drawn),
                lost: sum.lost.saturating_add(t.lost),
            })
    }

    /// Clears one game's tallies (the player asked). The ids counted stay, so that a game
    /// counted before the reset is not counted again after it.
    pub fn reset(&mut self, game: GameKind) {
        self.games.remove(game.name());
    }
}

/// A level's name in the stored value (as in records), or [`NO_LEVEL`].
pub fn level_key(level: Option<Level>) -> &'static str {
    level.map_or(NO_LEVEL, Level::name)
}

/// A level's row heading as players read it.
pub fn level_title(level: Option<Level>) -> &'static str {
    level.map_or("Computer", Level::title)
}

/// How a finished game counts, from its record: `None` when the record does not replay, has not
/// ended, or is not a game between people and the computer.
pub fn judge(record: &Record) -> Option<Counted> {
    let outcome = record.replay().ok()?.ended()?;
    count(record, &outcome)
}

/// How a game that ended with `outcome` counts (see the module's rule); `None` when it does not
/// count.
pub fn count(record: &Record, outcome: &Outcome) -> Option<Counted> {
    let game = record.kind().ok()?;
    let players = &record.players;
    if !players.iter().any(|p| !p.is_computer()) || !players.iter().any(|p| p.is_computer()) {
        return None;
    }
    let sides = sides(record);
    let side = |seat: usize| sides.get(seat).copied().unwrap_or(seat);
    let has_person = |s: usize| {
        players
            .iter()
            .enumerate()
            .any(|(seat, p)| side(seat) == s && !p.is_computer())
    };
    let winning_sides = outcome.winners.iter().map(|w: &Seat| side(w.index()));
    let (mut people_win, mut computers_win) = (false, false);
    for s in winning_sides {
        if has_person(s) {
            people_win = true;
        } else {
            computers_win = true;
        }
    }
    let result = match (people_win, computers_win) {
        (true, false) => GameResult::Won,
        (false, true) => GameResult::Lost,
        // Shared between people and computers, or (never in these games) nobody won.
        _ => GameResult::Drawn,
    };
    let level = if game == GameKind::Quoits {
        None
    } else {
        players
            .iter()
            .filter(|p| p.is_computer())
            .map(|p| {
                p.level
                    .as_deref()
                    .and_then(Level::from_name)
                    .unwrap_or(Level::Hard)
            })
            .max_by_key(|level| Level::ALL.iter().position(|l| l == level))
    };
    Some(Counted {
        game,
        level,
        result,
    })
}

/// The side each seat plays for, as the rules set it up from the header: every seat its own,
/// but at Dominoes for four in partnerships seats 1 and 3 play against 2 and 4.
fn sides(record: &Record) -> Vec<usize> {
    let seats = record.players.len();
    let dominoes = (record.game == GameKind::Dominoes.name())
        .then(|| record.start_as(Dominoes::from_header).ok())
        .flatten();
    match dominoes {
        Some(table) => (0..seats as u8)
            .map(|s| table.sides().of(Seat(s)))
            .collect(),
        None => (0..seats).collect(),
    }
}
