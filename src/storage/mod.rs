//! Everything Parlour keeps in the browser's localStorage, in one place: settings and saved
//! games, under keys that start with `parlour/`, each value carrying its version.
//!
//! The logic is written against [`Backend`], so it is tested natively against
//! [`MemoryBackend`] and runs in the browser over localStorage (`web.rs`). A value that does not
//! read, or that a newer Parlour wrote, is left as it is and reported, never overwritten or
//! deleted without the player asking. A full storage is an error the app reports while play
//! goes on in memory.

#[cfg(target_arch = "wasm32")]
pub mod web;

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::fmt;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::record::Record;
use crate::sort::sort_by;

/// Every key Parlour writes starts with this.
pub const PREFIX: &str = "parlour/";
/// The settings.
pub const SETTINGS_KEY: &str = "parlour/settings";
/// Saved games, one key each: `parlour/game/<id>`.
pub const GAME_PREFIX: &str = "parlour/game/";
/// How each game's new-game form was last set, one key each: `parlour/setup/<game>`.
pub const SETUP_PREFIX: &str = "parlour/setup/";
/// Values kept aside before a key had to be written again: `parlour/aside/<key>@<time>`.
pub const ASIDE_PREFIX: &str = "parlour/aside/";
/// The version of the values this Parlour writes.
pub const STORE_VERSION: u64 = 1;

/// Why the store could not do what was asked.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum StoreError {
    /// The browser's storage for this site is full (its quota is used up).
    Full,
    /// The storage cannot be used at all (turned off, private mode, ...).
    Unavailable(String),
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Full => write!(f, "the browser's storage for this site is full"),
            StoreError::Unavailable(why) => {
                write!(f, "the browser's storage cannot be used ({why})")
            }
        }
    }
}

impl std::error::Error for StoreError {}

/// A string store: localStorage in the browser, a map in tests.
pub trait Backend {
    fn get(&self, key: &str) -> Result<Option<String>, StoreError>;
    fn set(&self, key: &str, value: &str) -> Result<(), StoreError>;
    fn remove(&self, key: &str) -> Result<(), StoreError>;
    fn keys(&self) -> Result<Vec<String>, StoreError>;
}

/// A store in memory, with an optional capacity in characters (keys and values) to stand in for
/// a browser's quota.
#[derive(Default, Debug)]
pub struct MemoryBackend {
    values: RefCell<BTreeMap<String, String>>,
    capacity: Option<usize>,
}

impl MemoryBackend {
    /// A store that holds at most `capacity` characters of keys and values.
    pub fn with_capacity(capacity: usize) -> MemoryBackend {
        MemoryBackend {
            values: RefCell::default(),
            capacity: Some(capacity),
        }
    }

    fn used(&self) -> usize {
        self.values
            .borrow()
            .iter()
            .map(|(k, v)| k.len() + v.len())
            .sum()
    }
}

impl Backend for MemoryBackend {
    fn get(&self, key: &str) -> Result<Option<String>, StoreError> {
        Ok(self.values.borrow().get(key).cloned())
    }

    fn set(&self, key: &str, value: &str) -> Result<(), StoreError> {
        if let Some(capacity) = self.capacity {
            let old = self
                .values
                .borrow()
                .get(key)
                .map_or(0, |v| key.len() + v.len());
            if self.used() - old + key.len() + value.len() > capacity {
                return Err(StoreError::Full);
            }
        }
        self.values.borrow_mut().insert(key.into(), value.into());
        Ok(())
    }

    fn remove(&self, key: &str) -> Result<(), StoreError> {
        self.values.borrow_mut().remove(key);
        Ok(())
    }

    fn keys(&self) -> Result<Vec<String>, StoreError> {
        Ok(self.values.borrow().keys().cloned().collect())
    }
}

/// The colour scheme.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Theme {
    /// Follow the system's light or dark preference.
    #[default]
    System,
    Light,
    Dark,
}

/// Whether men and pieces move smoothly.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Motion {
    /// Animate unless the system asks for reduced motion.
    #[default]
    System,
    On,
    Off,
}

/// How long a computer's turn (or an automatic spin) takes at least, so that people can follow.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Pace {
    Quick,
    #[default]
    Steady,
    Slow,
}

impl Pace {
    pub const ALL: [Pace; 3] = [Pace::Quick, Pace::Steady, Pace::Slow];

    pub fn least_ms(self) -> f64 {
        match self {
            Pace::Quick => 0.0,
            Pace::Steady => 700.0,
            Pace::Slow => 1800.0,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Pace::Quick => "quick",
            Pace::Steady => "steady",
            Pace::Slow => "slow",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Pace::Quick => "Quick",
            Pace::Steady => "Steady",
            Pace::Slow => "Slow",
        }
    }
}

/// The player's settings.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub theme: Theme,
    pub motion: Motion,
    /// The pace chosen last on a play screen, which the next one starts at.
    pub pace: Pace,
}

/// Whether a saved game is the running autosave of a game in progress or a save the player
/// named.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SaveKind {
    Autosave,
    Named,
}

/// A saved game: its record and what the list of saves shows about it.
pub type SavedGame = Saved<Record>;

/// What the list of saves needs about a saved game: the same, with only the record's header
/// and the number of its moves (the moves are skipped as they are read, not kept).
pub type SaveSummary = Saved<RecordHead>;

/// A saved game as stored, with its record whole ([`SavedGame`]) or in summary
/// ([`SaveSummary`]).
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Saved<R> {
    pub id: String,
    pub kind: SaveKind,
    pub name: String,
    /// Milliseconds since 1970, from the browser's clock.
    pub created: f64,
    pub updated: f64,
    /// Whether the game had ended, and how, when it was saved (informative; the record decides).
    pub finished: bool,
    #[serde(default)]
    pub result: Option<String>,
    pub record: R,
    /// Moves taken back and not played again when the game was saved (redo survives a reload).
    #[serde(default)]
    pub redo: Vec<String>,
    /// Which write of this game this is, and by which tab (absent in saves from before).
    #[serde(default)]
    pub stamp: Stamp,
}

/// How often a saved game was written and which tab wrote it last. A tab compares the stamp it
/// loaded with the stored one before it writes, so that it never overwrites, unknowingly, a save
/// another tab made since.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Stamp {
    /// Counts the writes (0 for a save made before stamps, or never rewritten).
    pub revision: u64,
    /// The tab that wrote it last (empty for a save made before stamps).
    pub writer: String,
}

/// What became of a stored game since a tab loaded (or last wrote) it, as [`compare`] judges.
#[derive(Clone, PartialEq, Debug)]
pub enum Since {
    /// Nobody else wrote it, or what they wrote plays the same.
    Same,
    /// Another tab renamed it (its moves are as this tab loaded them): the stored game, whose
    /// name and stamp this tab takes on.
    Renamed(SavedGame),
    /// Another tab played it on, back or differently: the stored game.
    Changed(SavedGame),
    /// It is no longer stored (deleted in another tab, or never written).
    Gone,
}

/// Compares the game a tab loaded or last wrote (`base`) with what is stored now.
pub fn compare(base: &SavedGame, stored: Option<&SavedGame>) -> Since {
    let Some(stored) = stored else {
        return Since::Gone;
    };
    let same_play = stored.record == base.record && stored.redo == base.redo;
    if stored.stamp == base.stamp || (same_play && stored.name == base.name) {
        Since::Same
    } else if same_play {
        Since::Renamed(stored.clone())
    } else {
        Since::Changed(stored.clone())
    }
}

/// The version of a game a screen opens, given this tab's copy in memory (`mine`, which may hold
/// moves storage could not take) and what is stored: this tab's copy, unless another tab saved
/// the game since and its save plays on from this copy (then the stored one: nothing is lost).
/// Any other difference is left for the save to find, which asks the player.
pub fn fresher(mine: SavedGame, stored: Option<SavedGame>) -> SavedGame {
    match stored {
        Some(stored)
            if stored.stamp != mine.stamp
                && stored.record.moves.starts_with(&mine.record.moves)
                && compare(&mine, Some(&stored)) != Since::Same =>
        {
            stored
        }
        _ => mine,
    }
}

/// Why a game was not saved.
#[derive(Clone, PartialEq, Debug)]
pub enum SaveError {
    /// Another tab saved this game since this tab loaded it, differently: the stored game. Nothing
    /// was written.
    Conflict(Box<SavedGame>),
    /// The storage failed (full, or cannot be used). Nothing was written.
    Store(StoreError),
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaveError::Conflict(_) => write!(f, "this game was changed in another tab"),
            SaveError::Store(e) => write!(f, "{e}"),
        }
    }
}

impl From<StoreError> for SaveError {
    fn from(e: StoreError) -> SaveError {
        SaveError::Store(e)
    }
}

/// A record's header and how many moves it holds (the moves themselves are skipped).
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct RecordHead {
    pub game: String,
    #[serde(default)]
    pub variant: Option<String>,
    pub players: Vec<crate::record::Player>,
    #[serde(default)]
    pub moves: MoveCount,
}

/// The length of a list of moves, counted without keeping them (written as a number).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize)]
pub struct MoveCount(pub usize);

impl<'de> Deserialize<'de> for MoveCount {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<MoveCount, D::Error> {
        struct Counter;
        impl<'de> serde::de::Visitor<'de> for Counter {
            type Value = MoveCount;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                write!(f, "a list of moves")
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<MoveCount, A::Error> {
                let mut n = 0;
                while seq.next_element::<serde::de::IgnoredAny>()?.is_some() {
                    n += 1;
                }
                Ok(MoveCount(n))
            }
        }
        d.deserialize_seq(Counter)
    }
}

/// How old (in milliseconds since its last move) a finished game's autosave must be before the
/// saves screen offers to remove it.
pub const OLD_AGE_MS: f64 = 30.0 * 24.0 * 60.0 * 60.0 * 1000.0;

impl SaveSummary {
    /// An autosave of a finished game last played more than [`OLD_AGE_MS`] before `now`: one
    /// the player may clear away (never without being asked). Named saves are never old.
    pub fn is_old_finished(&self, now: f64) -> bool {
        self.kind == SaveKind::Autosave && self.finished && now - self.updated > OLD_AGE_MS
    }
}

/// A stored value that could not be read, or a copy of one kept aside. It stays where it is
/// until the player deletes it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Problem {
    pub key: String,
    /// Why, in a player's words ("its text stops short, as if cut off").
    pub why: String,
    /// The reader's own message, for whoever tries to mend the value by hand.
    pub detail: Option<String>,
}

impl Problem {
    fn new(key: &str, why: impl Into<String>) -> Problem {
        Problem {
            key: key.to_string(),
            why: why.into(),
            detail: None,
        }
    }

    /// What the value is, in a player's words ("a saved game", "your settings").
    pub fn what(&self) -> String {
        what_is(&self.key)
    }
}

/// The key under which the value under `key` is kept aside at `now`.
fn aside_key(key: &str, now: f64) -> String {
    format!(
        "{ASIDE_PREFIX}{}@{}",
        key.trim_start_matches(PREFIX),
        now as u64
    )
}

/// The key a copy kept aside was copied from, read back from [`aside_key`]'s form.
fn kept_from(aside: &str) -> Option<String> {
    let (kept, _) = aside.strip_prefix(ASIDE_PREFIX)?.rsplit_once('@')?;
    Some(format!("{PREFIX}{kept}"))
}

/// What the value under `key` is, in a player's words. A copy kept aside is named after the
/// value it was copied from.
fn what_is(key: &str) -> String {
    if let Some(kept) = kept_from(key) {
        return format!("an old copy of {}", what_is(&kept));
    }
    let what = if key.starts_with(GAME_PREFIX) {
        "a saved game"
    } else if key == SETTINGS_KEY {
        "your settings"
    } else if key == STATS_KEY {
        "your record against the computer"
    } else {
        "a stored value"
    };
    what.to_string()
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({}): {}", self.what(), self.key, self.why)
    }
}

/// Why a copy kept aside is there.
const KEPT_ASIDE: &str =
    "Parlour could not read it, so it kept this copy before writing a new value in its place";

/// Why a saved game could not be opened.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum LoadError {
    /// No game is saved under that id (deleted in another tab, or never saved).
    Missing,
    /// The stored value does not read; it is left as it is.
    Unreadable(Problem),
    /// The storage itself failed.
    Store(StoreError),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Missing => write!(f, "there is no such saved game"),
            LoadError::Unreadable(problem) => {
                write!(f, "the saved game could not be read ({})", problem.why)
            }
            LoadError::Store(e) => write!(f, "{e}"),
        }
    }
}

/// The saved games that read (whole, or their summaries), newest first, and the stored values
/// that did not.
#[derive(Clone, PartialEq, Debug)]
pub struct Listing<T = SavedGame> {
    pub games: Vec<T>,
    pub problems: Vec<Problem>,
}

impl<T> Default for Listing<T> {
    fn default() -> Self {
        Listing {
            games: Vec::new(),
            problems: Vec::new(),
        }
    }
}

impl<R> Listing<Saved<R>> {
    /// Newest first; problems by key.
    fn sort(&mut self) {
        sort_by(&mut self.games, |a, b| {
            b.updated.total_cmp(&a.updated).then(a.id.cmp(&b.id))
        });
        sort_by(&mut self.problems, |a, b| a.key.cmp(&b.key));
    }

    /// Puts what is now stored under one game's key in place of what the list had (another
    /// tab wrote or deleted it): `found` is the game, nothing (deleted), or a problem.
    pub fn replace(&mut self, id: &str, found: Result<Option<Saved<R>>, Problem>) {
        let key = game_key(id);
        self.games.retain(|g| g.id != id);
        self.problems.retain(|p| p.key != key);
        match found {
            Ok(Some(game)) => self.games.push(game),
            Ok(None) => {}
            Err(problem) => self.problems.push(problem),
        }
        self.sort();
    }
}

/// Parlour's storage over a backend.
pub struct Store<B: Backend> {
    backend: B,
}

impl<B: Backend> Store<B> {
    pub fn new(backend: B) -> Store<B> {
        Store { backend }
    }

    /// The backend underneath (for tests).
    pub fn backend(&self) -> &B {
        &self.backend
    }

    /// The settings, or the defaults when none are stored; a stored value that does not read
    /// is reported and left as it is.
    pub fn settings(&self) -> (Settings, Option<Problem>) {
        match self.read::<Settings>(SETTINGS_KEY) {
            Ok(Some(settings)) => (settings, None),
            Ok(None) => (Settings::default(), None),
            Err(problem) => (Settings::default(), Some(problem)),
        }
    }

    /// Stores the settings. A stored value that does not read is first copied aside, so that
    /// writing never loses it.
    pub fn put_settings(&self, settings: &Settings, now: f64) -> Result<(), StoreError> {
        self.write_keeping_aside(SETTINGS_KEY, settings, now)
    }

    /// Writes `value` under `key`, the value stored there first copied aside if it does not
    /// read as a `T`, so that writing never loses it.
    fn write_keeping_aside<T: Serialize + DeserializeOwned>(
        &self,
        key: &str,
        value: &T,
        now: f64,
    ) -> Result<(), StoreError> {
        let mut aside = None;
        if let Err(problem) = self.read::<T>(key) {
            aside = self.keep_aside(&problem.key, now)?;
        }
        self.write_after_aside(key, value, aside)
    }

    /// Every saved game that reads (newest first), and every stored game that does not.
    pub fn games(&self) -> Result<Listing, StoreError> {
        self.list()
    }

    /// The summaries of every saved game that reads (newest first; their moves are skipped,
    /// not kept), and every stored game that does not.
    pub fn summaries(&self) -> Result<Listing<SaveSummary>, StoreError> {
        self.list()
    }

    /// The summary of one saved game: `None` when nothing is stored under its id.
    pub fn summary(&self, id: &str) -> Result<Option<SaveSummary>, Problem> {
        self.read(&game_key(id))
    }

    fn list<R: DeserializeOwned>(&self) -> Result<Listing<Saved<R>>, StoreError> {
        let mut listing = Listing::default();
        for key in self.backend.keys()? {
            if !key.starts_with(GAME_PREFIX) {
                continue;
            }
            match self.read::<Saved<R>>(&key) {
                Ok(Some(game)) => listing.games.push(game),
                Ok(None) => {}
                Err(problem) => listing.problems.push(problem),
            }
        }
        listing.sort();
        Ok(listing)
    }

    /// Saves a tab's game over the one stored under its id, if nobody else changed it since
    /// the tab loaded or last wrote `base` (the same game before this change). A rename made
    /// elsewhere is kept (the game takes on the stored name); a change of play made elsewhere
    /// is a [`SaveError::Conflict`] and nothing is written. A game no longer stored is written
    /// again (nothing is lost), and a write that would change nothing is skipped. On success,
    /// the game as stored now, with its new stamp, which is the base of the tab's next save.
    pub fn save_game(
        &self,
        base: &SavedGame,
        game: &SavedGame,
        writer: &str,
        now: f64,
    ) -> Result<SavedGame, SaveError> {
        let key = game_key(&game.id);
        let (stored, aside) = match self.read::<SavedGame>(&key) {
            Ok(stored) => (stored, None),
            Err(problem) => (None, self.keep_aside(&problem.key, now)?),
        };
        let mut next = game.clone();
        match compare(base, stored.as_ref()) {
            Since::Changed(theirs) => return Err(SaveError::Conflict(Box::new(theirs))),
            Since::Renamed(theirs) => {
                next.name = theirs.name;
                next.stamp = theirs.stamp;
            }
            Since::Same | Since::Gone => {
                if let Some(stored) = &stored {
                    next.stamp = stored.stamp.clone();
                }
            }
        }
        if stored.as_ref().is_some_and(|s| same_save(s, &next)) {
            return Ok(stored.expect("checked just above"));
        }
        next.stamp = Stamp {
            revision: next.stamp.revision + 1,
            writer: writer.to_string(),
        };
        self.write_after_aside(&key, &next, aside)?;
        Ok(next)
    }

    /// Renames a saved game as it is stored now (not as a list once read it), so that moves
    /// another tab saved meanwhile are kept.
    pub fn rename_game(
        &self,
        id: &str,
        name: &str,
        writer: &str,
        now: f64,
    ) -> Result<SavedGame, LoadError> {
        let stored = self.game(id)?;
        let mut renamed = stored.clone();
        renamed.name = name.to_string();
        self.save_game(&stored, &renamed, writer, now)
            .map_err(|e| match e {
                SaveError::Store(e) => LoadError::Store(e),
                // Read just now; only another tab writing in between gets here: try again.
                SaveError::Conflict(_) => LoadError::Store(StoreError::Unavailable(
                    "another tab was saving this game at the same moment; try again".into(),
                )),
            })
    }

    /// Removes the autosaves of finished games last played more than [`OLD_AGE_MS`] before
    /// `now`, among `ids` (the ones the player was shown and agreed to remove). Each is read
    /// again first: one that no longer qualifies is kept. How many were removed.
    pub fn remove_old_finished(&self, ids: &[String], now: f64) -> Result<usize, StoreError> {
        let mut removed = 0;
        for id in ids {
            if let Ok(Some(summary)) = self.summary(id) {
                if summary.is_old_finished(now) {
                    self.backend.remove(&game_key(id))?;
                    removed += 1;
                }
            }
        }
        Ok(removed)
    }

    /// The id of a game of this kind saved under this name that holds this very record (its
    /// moves to redo too), if there is one: saving it again would only make a copy.
    pub fn same_save(
        &self,
        kind: SaveKind,
        name: &str,
        record: &Record,
        redo: &[String],
    ) -> Option<String> {
        self.find_save(
            |g| g.kind == kind && g.name == name,
            |whole| whole.record == *record && whole.redo == redo,
        )
        .map(|g| g.id)
    }

    /// The name of a named save that holds the same game as `record` ([`Record::same_game`]),
    /// whatever it is called, if there is one: importing the record again would only make a
    /// copy.
    pub fn named_save_of(&self, record: &Record) -> Option<String> {
        self.find_save(
            |g| g.kind == SaveKind::Named,
            |whole| whole.redo.is_empty() && whole.record.same_game(record),
        )
        .map(|g| g.name)
    }

    /// The first saved game listed that `listed` lets through by its summary and `whole` by
    /// the game as stored (read only for those `listed` lets through).
    fn find_save(
        &self,
        listed: impl Fn(&SaveSummary) -> bool,
        whole: impl Fn(&SavedGame) -> bool,
    ) -> Option<SaveSummary> {
        let listing = self.summaries().ok()?;
        listing
            .games
            .into_iter()
            .filter(|g| listed(g))
            .find(|g| self.game(&g.id).is_ok_and(|stored| whole(&stored)))
    }

    /// The saved game with this id.
    pub fn game(&self, id: &str) -> Result<SavedGame, LoadError> {
        match self.read::<SavedGame>(&game_key(id)) {
            Ok(Some(game)) => Ok(game),
            Ok(None) => Err(LoadError::Missing),
            Err(problem) => Err(LoadError::Unreadable(problem)),
        }
    }

    /// Stores a game under its id, replacing what was there. An unreadable value under that key
    /// is copied aside first.
    pub fn put_game(&self, game: &SavedGame, now: f64) -> Result<(), StoreError> {
        let key = game_key(&game.id);
        let mut aside = None;
        if let Err(problem) = self.read::<SavedGame>(&key) {
            aside = self.keep_aside(&problem.key, now)?;
        }
        self.write_after_aside(&key, game, aside)
    }

    /// Deletes a saved game (the player asked).
    pub fn delete_game(&self, id: &str) -> Result<(), StoreError> {
        self.backend.remove(&game_key(id))
    }

    /// The raw text under a key (to export an unreadable value before deleting it).
    pub fn raw(&self, key: &str) -> Result<Option<String>, StoreError> {
        self.backend.get(key)
    }

    /// Deletes whatever is under a key of Parlour's (the player asked, from the problems list).
    pub fn delete_raw(&self, key: &str) -> Result<(), StoreError> {
        if key.starts_with(PREFIX) {
            self.backend.remove(key)
        } else {
            Ok(())
        }
    }

    /// Values kept aside earlier: each key and why it was unreadable.
    pub fn aside(&self) -> Result<Vec<String>, StoreError> {
        Ok(self
            .backend
            .keys()?
            .into_iter()
            .filter(|k| k.starts_with(ASIDE_PREFIX))
            .collect())
    }

    /// What the player may want to rescue by hand besides saved games: the settings and the
    /// record against the computer when they do not read, and every copy kept aside (by key).
    pub fn other_problems(&self) -> Result<Vec<Problem>, StoreError> {
        let mut problems: Vec<Problem> = [self.settings().1, self.stats().err()]
            .into_iter()
            .flatten()
            .collect();
        let mut aside = self.aside()?;
        sort_by(&mut aside, |a, b| a.cmp(b));
        problems.extend(aside.iter().map(|key| Problem::new(key, KEPT_ASIDE)));
        Ok(problems)
    }

    /// Copies the value under `key` aside; the key of the copy, if there was a value.
    fn keep_aside(&self, key: &str, now: f64) -> Result<Option<String>, StoreError> {
        if let Some(raw) = self.backend.get(key)? {
            let aside = aside_key(key, now);
            self.backend.set(&aside, &raw)?;
            return Ok(Some(aside));
        }
        Ok(None)
    }

    /// Writes a value after its old value was copied `aside`. When the write is refused (a full
    /// store) the copy is dropped again: the old value is still in place, so a refused write
    /// changes nothing (otherwise every retry would leave one more copy behind).
    fn write_after_aside<T: Serialize>(
        &self,
        key: &str,
        value: &T,
        aside: Option<String>,
    ) -> Result<(), StoreError> {
        let written = self.write(key, value);
        if let (Err(_), Some(aside)) = (&written, aside) {
            let _ = self.backend.remove(&aside);
        }
        written
    }

    /// Reads a versioned value: `Ok(None)` when the key is empty, `Err` when what is there
    /// does not read or comes from a newer Parlour.
    fn read<T: DeserializeOwned>(&self, key: &str) -> Result<Option<T>, Problem> {
        let Some(value) = self.read_value(key)? else {
            return Ok(None);
        };
        serde_json::from_value(value)
            .map(Some)
            .map_err(|e| Problem {
                detail: Some(e.to_string()),
                ..Problem::new(key, "it does not hold what Parlour expects there")
            })
    }

    /// What [`Store::read`] reads before it knows the value's type (one copy of this code,
    /// rather than one for each type read).
    fn read_value(&self, key: &str) -> Result<Option<Value>, Problem> {
        let raw = match self.backend.get(key) {
            Ok(Some(raw)) => raw,
            Ok(None) => return Ok(None),
            Err(e) => return Err(Problem::new(key, e.to_string())),
        };
        let mut value: Value = serde_json::from_str(&raw).map_err(|e| Problem {
            detail: Some(format!("not valid JSON: {e}")),
            ..Problem::new(
                key,
                if e.is_eof() {
                    "its text stops short, as if cut off"
                } else {
                    "its text is damaged"
                },
            )
        })?;
        match value.get("version").and_then(Value::as_u64) {
            Some(v) if v > STORE_VERSION => {
                return Err(Problem::new(
                    key,
                    format!(
                        "a newer Parlour wrote it (version {v}; this one reads version {STORE_VERSION})"
                    ),
                ))
            }
            Some(_) => {}
            None => {
                return Err(Problem::new(
                    key,
                    "it has no version mark, so Parlour cannot tell how to read it",
                ))
            }
        }
        // A saved game is found by its key, so the key says which game it is: a value whose
        // own id says otherwise (copied by hand from another key) is opened, saved and
        // deleted under the key it is listed by, never under an id that leads nowhere.
        if let (Some(id), Value::Object(map)) = (key.strip_prefix(GAME_PREFIX), &mut value) {
            map.insert("id".into(), Value::from(id));
        }
        Ok(Some(value))
    }

    fn write<T: Serialize>(&self, key: &str, value: &T) -> Result<(), StoreError> {
        let mut json = serde_json::to_value(value).expect("stored values always serialise");
        if let Value::Object(map) = &mut json {
            map.insert("version".into(), Value::from(STORE_VERSION));
        }
        self.backend.set(key, &json.to_string())
    }
}

/// Whether two saves of a game hold the same things (apart from when and by whom they were
/// written).
fn same_save(a: &SavedGame, b: &SavedGame) -> bool {
    a.record == b.record
        && a.redo == b.redo
        && a.name == b.name
        && a.kind == b.kind
        && a.finished == b.finished
        && a.result == b.result
}

/// The key of a saved game.
pub fn game_key(id: &str) -> String {
    format!("{GAME_PREFIX}{id}")
}

/// Your record against the computer (see [`crate::stats`]).
pub const STATS_KEY: &str = "parlour/stats";

/// Why a finished game could not be counted in the record against the computer.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum StatsError {
    /// The stored record does not read; it is left as it is and nothing is counted.
    Unreadable(Problem),
    /// The storage itself failed (full, or cannot be used).
    Store(StoreError),
}

impl fmt::Display for StatsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StatsError::Unreadable(problem) => write!(
                f,
                "your record against the computer cannot be read ({})",
                problem.why
            ),
            StatsError::Store(e) => write!(f, "{e}"),
        }
    }
}

impl<B: Backend> Store<B> {
    /// The record against the computer: empty when none is stored; a stored value that does
    /// not read is reported and left as it is.
    pub fn stats(&self) -> Result<crate::stats::Stats, Problem> {
        self.read(STATS_KEY).map(Option::unwrap_or_default)
    }

    /// Counts the finished game `id` (whose record is `record`) in the record against the
    /// computer, reading the stored value afresh so that other tabs' counts are kept. `Ok(None)`
    /// when the game does not count or was counted before; an unreadable stored value is left
    /// as it is and nothing is counted.
    pub fn count_game(
        &self,
        id: &str,
        record: &Record,
    ) -> Result<Option<crate::stats::Counted>, StatsError> {
        let mut stats = self.stats().map_err(StatsError::Unreadable)?;
        if stats.is_counted(id) {
            return Ok(None);
        }
        let Some(counted) = crate::stats::judge(record) else {
            return Ok(None);
        };
        stats.add(id, counted);
        self.write(STATS_KEY, &stats).map_err(StatsError::Store)?;
        Ok(Some(counted))
    }

    /// Notes the game `id`, over when it was opened, as counted without counting it (see
    /// [`crate::stats::Stats::mark`]); nothing is written when it was noted already and is the
    /// newest.
    pub fn mark_counted(&self, id: &str) -> Result<(), StatsError> {
        self.change_counted(|stats| {
            let newest = stats.counted.last().is_some_and(|c| c == id);
            stats.mark(id);
            !newest
        })
    }

    /// Forgets that the game `id` was counted: a new game starts under its id.
    pub fn forget_counted(&self, id: &str) -> Result<(), StatsError> {
        self.change_counted(|stats| stats.forget(id))
    }

    /// Reads the record against the computer afresh, changes its list of counted games, and
    /// writes it back if `change` says it changed.
    fn change_counted(
        &self,
        change: impl FnOnce(&mut crate::stats::Stats) -> bool,
    ) -> Result<(), StatsError> {
        let mut stats = self.stats().map_err(StatsError::Unreadable)?;
        if change(&mut stats) {
            self.write(STATS_KEY, &stats).map_err(StatsError::Store)?;
        }
        Ok(())
    }

    /// Clears one game's record against the computer (the player asked). A stored value that
    /// does not read is copied aside first and replaced by an empty record for every game.
    pub fn reset_stats(&self, game: crate::games::GameKind, now: f64) -> Result<(), StoreError> {
        match self.stats() {
            Ok(mut stats) => {
                stats.reset(game);
                self.write(STATS_KEY, &stats)
            }
            Err(problem) => {
                let aside = self.keep_aside(&problem.key, now)?;
                self.write_after_aside(STATS_KEY, &crate::stats::Stats::default(), aside)
            }
        }
    }
}

/// A new-game form as it was set when a game was last started from it: the record it started
/// (its header, and its players in the form's seats, before any lots were drawn for who goes
/// first) and the seat chosen to go first (none: lots were drawn). The next new game of that
/// kind starts from it.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Setup {
    pub record: Record,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first: Option<usize>,
}

/// The key of a game's remembered set-up.
pub fn setup_key(game: crate::games::GameKind) -> String {
    format!("{SETUP_PREFIX}{}", game.name())
}

impl<B: Backend> Store<B> {
    /// How `game`'s form was last set, if that is stored and would start a game of that kind
    /// as a record of it would (its players, names, colours and levels, its variant and
    /// options checked as an imported record's are); none otherwise, and the form starts from
    /// its defaults.
    pub fn setup(&self, game: crate::games::GameKind) -> Option<Setup> {
        let setup: Setup = self.read(&setup_key(game)).ok()??;
        let record = Record::from_json(&setup.record.to_json()).ok()?;
        let fits = matches!(record.kind(), Ok(kind) if kind == game) && record.start().is_ok();
        fits.then_some(Setup { record, ..setup })
    }

    /// Remembers the set-up a game was started from. A stored value that does not read is
    /// first copied aside, so that writing never loses it.
    pub fn put_setup(&self, setup: &Setup, now: f64) -> Result<(), StoreError> {
        let Ok(game) = setup.record.kind() else {
            return Ok(());
        };
        self.write_keeping_aside(&setup_key(game), setup, now)
    }

    /// Forgets how `game`'s form was last set: it starts from its defaults again.
    pub fn forget_setup(&self, game: crate::games::GameKind) -> Result<(), StoreError> {
        if self.setup(game).is_some() {
            self.backend.remove(&setup_key(game))?;
        }
        Ok(())
    }
}
