//! A replay: a record stepped through from its start, one move at a time (chance moves too:
//! spins, deals and draws of bones), with the move list grouped as each game counts its play
//! (Morris by moves, Quoits by ends and rounds, Dominoes by hands, Doquin by rounds) and the
//! position told in words. Plain structs, tested natively; the replay viewer draws them.

use crate::games::GameKind;
use crate::record::{Record, RecordError};
use crate::rules::archery::{Archery, Shot};
use crate::rules::dominoes::Dominoes;
use crate::rules::doquin::Doquin;
use crate::rules::morris::{Move as MorrisMove, Position};
use crate::rules::quoits::Quoits;
use crate::rules::teetotum::Spin;
use crate::rules::{Game, Seat, Turn};

use super::capital;
use super::morris::MorrisPlay;
use super::Match;

/// What a game tells of its own play for the replay viewer.
pub trait Replayable: Game + 'static {
    /// The start the record's header sets up.
    fn start_of(record: &Record) -> Result<Self, RecordError>;
    /// The part of the game a step made from `before` belongs to ("Move 3", "Hand 2"); steps
    /// in a row with the same title are listed together. `ply` counts the steps before it.
    fn chapter(before: &Self, ply: usize, names: &[String]) -> String;
    /// What the step `text` did, from `before` to `after`, in words.
    fn step_words(before: &Self, after: &Self, text: &str, names: &[String]) -> String;
    /// The scores (or men, for Morris) in words.
    fn score_words(position: &Self, names: &[String]) -> String;
    /// What chance brings in this game ("a spin", "a deal").
    const CHANCE: &'static str;
    /// The variant as the play screen names it ("Morrice", "All Fives"), for the games that
    /// have them.
    fn variant_title(_: &Self) -> Option<&'static str> {
        None
    }
    /// The seat whose hand brings chance in now (the player who spins), for the games where
    /// one does.
    fn chance_seat(_: &Self) -> Option<Seat> {
        None
    }
}

/// One step of a replay, as the move list shows it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Step {
    /// The step's number, from 1 (the position after it is step `number`).
    pub number: usize,
    /// The move in the game's notation.
    pub text: String,
    /// What it did, in words.
    pub words: String,
    /// Whether it was a move of chance (a spin, a deal).
    pub chance: bool,
}

/// Steps in a row that belong to one part of the game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Chapter {
    pub title: String,
    pub steps: Vec<Step>,
}

/// A record being replayed: every position along it, and the step shown.
#[derive(Clone, Debug)]
pub struct Replay<G: Game> {
    game: Match<G>,
    names: Vec<String>,
}

impl<G: Replayable> Replay<G> {
    /// Replays the whole record; the first move that does not replay is named in the error.
    /// The replay starts at the beginning (step 0).
    pub fn open(record: &Record) -> Result<Replay<G>, RecordError> {
        let start = G::start_of(record)?;
        let mut game = Match::from_record(record, start, &[])?;
        while game.undo() {}
        let names = record.players.iter().map(|p| p.name.clone()).collect();
        Ok(Replay { game, names })
    }

    /// How many steps the record has.
    pub fn len(&self) -> usize {
        self.game.moves().len() + self.game.undone().len()
    }

    /// Whether the record has no moves at all.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The step shown: how many moves have been played (0 is the start).
    pub fn step(&self) -> usize {
        self.game.moves().len()
    }

    /// Shows the position after `step` moves. A step beyond the record changes nothing and
    /// gives false.
    pub fn go(&mut self, step: usize) -> bool {
        if step > self.len() {
            return false;
        }
        while self.step() > step && self.game.undo() {}
        while self.step() < step && self.game.redo() {}
        true
    }

    /// The game up to the step shown (the moves after it are kept, as undone moves).
    pub fn game(&self) -> &Match<G> {
        &self.game
    }

    /// The position at the step shown.
    pub fn position(&self) -> &G {
        self.game.position()
    }

    /// The players' names, in seat order.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// Every move of the record, in notation.
    pub fn moves(&self) -> Vec<String> {
        let mut moves = self.game.moves().to_vec();
        moves.extend_from_slice(self.game.undone());
        moves
    }

    /// The position after `step` moves (a step beyond the record gives the last position).
    fn position_at(&self, step: usize) -> G {
        let mut at = self.clone();
        at.go(step.min(self.len()));
        at.position().clone()
    }

    /// Every step, grouped into the parts of the game.
    pub fn chapters(&self) -> Vec<Chapter> {
        let mut at = self.clone();
        at.go(0);
        let mut chapters: Vec<Chapter> = Vec::new();
        for (i, text) in self.moves().iter().enumerate() {
            let before = at.position().clone();
            at.go(i + 1);
            let after = at.position();
            let title = G::chapter(&before, i, &self.names);
            let step = Step {
                number: i + 1,
                text: text.clone(),
                words: G::step_words(&before, after, text, &self.names),
                chance: before.turn() == Turn::Chance,
            };
            match chapters.last_mut() {
                Some(last) if last.title == title => last.steps.push(step),
                _ => chapters.push(Chapter {
                    title,
                    steps: vec![step],
                }),
            }
        }
        chapters
    }

    /// The position at the step shown, in words: whose turn it is (or how the game ended) and
    /// the scores.
    pub fn position_words(&self) -> String {
        let now = self.position();
        let turn = match now.turn() {
            Turn::Seat(seat) => format!("{} to play.", self.name(seat)),
            Turn::Chance => match G::chance_seat(now) {
                Some(seat) => format!("{} to spin.", self.name(seat)),
                None => format!("{} is due.", capital(G::CHANCE)),
            },
            Turn::Over => match now.outcome() {
                Some(outcome) => {
                    let who: Vec<&str> = outcome.winners.iter().map(|s| self.name(*s)).collect();
                    let result = if outcome.drawn {
                        "a draw".to_string()
                    } else if who.len() == 1 {
                        format!("{} wins", who[0])
                    } else {
                        format!("{} share the win", crate::rules::and_list(&who))
                    };
                    // The reason goes with the end, not the winner: "wins (two men left)"
                    // would read as the winner's two men.
                    format!("Game over ({}): {result}.", outcome.reason)
                }
                None => "Game over.".to_string(),
            },
        };
        let scores = G::score_words(now, &self.names);
        if scores.is_empty() {
            turn
        } else {
            format!("{turn} {scores}")
        }
    }

    /// What the screen reader hears on arriving at the step shown: where we are in the record
    /// and what the last step did, `last_words` (from [`Replay::last_words`], which a screen
    /// that also shows them finds once).
    pub fn announcement(&self, last_words: Option<&str>) -> String {
        match last_words {
            None => format!("The start, before {} steps.", self.len()),
            Some(words) => format!("Step {} of {}: {words}", self.step(), self.len()),
        }
    }

    /// What the step that led to the position shown did, in words ("Ada spun 3+5 = 8"); none
    /// at the start.
    pub fn last_words(&self) -> Option<String> {
        let step = self.step().checked_sub(1)?;
        let before = self.position_at(step);
        let text = &self.moves()[step];
        Some(G::step_words(&before, self.position(), text, &self.names))
    }

    fn name(&self, seat: Seat) -> &str {
        self.names.get(seat.index()).map_or("?", String::as_str)
    }
}

fn seat_name(names: &[String], seat: Seat) -> &str {
    names.get(seat.index()).map_or("?", String::as_str)
}

/// "Ada 12, Bob 7".
fn seat_numbers(numbers: impl Iterator<Item = String>, names: &[String]) -> String {
    names
        .iter()
        .zip(numbers)
        .map(|(name, n)| format!("{name} {n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// What a spin of the teetotum did, for the games that spin it before every turn.
fn spin_words(who: &str, text: &str) -> String {
    match text.parse::<Spin>() {
        Ok(spin) => format!("{who} spins {spin}"),
        Err(_) => format!("{who}: {text}"),
    }
}

impl Replayable for Position {
    const CHANCE: &'static str = "chance";

    fn variant_title(position: &Self) -> Option<&'static str> {
        Some(position.variant().title())
    }

    fn start_of(record: &Record) -> Result<Self, RecordError> {
        record.start_morris()
    }

    fn chapter(_: &Self, ply: usize, _: &[String]) -> String {
        format!("Move {}", ply / 2 + 1)
    }

    fn step_words(before: &Self, _: &Self, text: &str, names: &[String]) -> String {
        match text.parse::<MorrisMove>() {
            // The mover by name and colour, as the play screen's status line has it.
            Ok(m) => {
                let side = before.to_move();
                let who = match names.get(side.seat().index()) {
                    Some(name) => format!("{name} ({})", side.name()),
                    None => side.name().to_string(),
                };
                MorrisPlay::describe_as(before, m, &who)
            }
            Err(_) => text.to_string(),
        }
    }

    fn score_words(position: &Self, names: &[String]) -> String {
        use crate::rules::morris::Side;
        let sides = [Side::White, Side::Black].map(|side| {
            format!(
                "{} ({}): {} on the board, {} in hand",
                side.name(),
                names.get(side.seat().index()).map_or("?", String::as_str),
                position.on_board(side),
                position.in_hand(side)
            )
        });
        format!("Men: {}.", sides.join("; "))
    }
}

impl Replayable for Archery {
    const CHANCE: &'static str = "a spin";

    fn chance_seat(position: &Self) -> Option<Seat> {
        Some(position.player())
    }

    fn start_of(record: &Record) -> Result<Self, RecordError> {
        record.start_as(Archery::from_header)
    }

    fn chapter(before: &Self, _: usize, names: &[String]) -> String {
        if before.lead().leader().is_none() {
            "Spin for lead".to_string()
        } else {
            format!("{}'s turn", seat_name(names, before.player()))
        }
    }

    fn step_words(before: &Self, after: &Self, text: &str, names: &[String]) -> String {
        let who = seat_name(names, before.player());
        match (before.turn(), text.parse::<Shot>(), text.parse::<Spin>()) {
            (Turn::Seat(_), Ok(shot), _) => super::archery::shot_words(before, shot, who),
            // The spin for lead says who ties or who leads, as the play screen does.
            (_, _, Ok(spin)) if before.lead().leader().is_none() => {
                super::lead_spin_words(who, spin, after.lead(), |seat| {
                    seat_name(names, seat).to_string()
                })
            }
            _ => spin_words(who, text),
        }
    }

    fn score_words(position: &Self, names: &[String]) -> String {
        let scores = (0..position.players() as u8).map(|s| position.score(Seat(s)).to_string());
        format!("Scores: {}.", seat_numbers(scores, names))
    }
}

impl Replayable for Quoits {
    const CHANCE: &'static str = "a spin";

    fn chance_seat(position: &Self) -> Option<Seat> {
        Some(position.player())
    }

    fn start_of(record: &Record) -> Result<Self, RecordError> {
        record.start_as(Quoits::from_header)
    }

    fn chapter(before: &Self, _: usize, _: &[String]) -> String {
        if before.lead().leader().is_none() {
            "Spin for lead".to_string()
        } else {
            format!("End {}, round {}", before.end_number(), before.round())
        }
    }

    fn step_words(before: &Self, after: &Self, text: &str, names: &[String]) -> String {
        match text.parse::<Spin>() {
            Ok(spin) => super::quoits::spin_words(before, after, spin, names),
            Err(_) => format!("{}: {text}", seat_name(names, before.player())),
        }
    }

    fn score_words(position: &Self, names: &[String]) -> String {
        let totals = (0..position.players() as u8).map(|s| position.total(Seat(s)).to_string());
        format!("Totals: {}.", seat_numbers(totals, names))
    }
}

impl Replayable for Dominoes {
    const CHANCE: &'static str = "a deal";

    fn variant_title(position: &Self) -> Option<&'static str> {
        Some(position.game().title())
    }

    fn start_of(record: &Record) -> Result<Self, RecordError> {
        record.start_as(Dominoes::from_header)
    }

    fn chapter(before: &Self, _: usize, _: &[String]) -> String {
        // A deal begins the next hand.
        let next = usize::from(before.turn() == Turn::Chance);
        format!("Hand {}", before.hand_number() + next)
    }

    fn step_words(before: &Self, after: &Self, text: &str, names: &[String]) -> String {
        let news = super::dominoes::news(before, after, names);
        if news.is_empty() {
            match before.turn() {
                Turn::Seat(seat) => format!("{}: {text}", seat_name(names, seat)),
                _ => format!("Chance: {text}"),
            }
        } else {
            super::sentences(&news)
        }
    }

    fn score_words(position: &Self, names: &[String]) -> String {
        use crate::session::dominoes::side_name;
        let sides = position.sides();
        let scores: Vec<String> = position
            .side_scores()
            .iter()
            .enumerate()
            .map(|(side, points)| format!("{} {points}", side_name(sides, side, names)))
            .collect();
        let hands: Vec<String> = (0..position.players() as u8)
            .map(|s| {
                let n = position.hand(Seat(s)).len();
                format!("{} {n}", seat_name(names, Seat(s)))
            })
            .collect();
        format!(
            "Scores: {}. Bones in hand: {}.",
            scores.join(", "),
            hands.join(", ")
        )
    }
}

impl Replayable for Doquin {
    const CHANCE: &'static str = "chance";

    fn start_of(record: &Record) -> Result<Self, RecordError> {
        record.start_as(Doquin::from_header)
    }

    fn chapter(before: &Self, _: usize, _: &[String]) -> String {
        format!("Round {}", before.round())
    }

    fn step_words(before: &Self, _: &Self, text: &str, names: &[String]) -> String {
        match text.parse() {
            Ok(m) => super::doquin::move_words(before, m, names),
            Err(_) => text.to_string(),
        }
    }

    fn score_words(position: &Self, names: &[String]) -> String {
        let totals = position.totals().iter().map(i32::to_string);
        format!("Totals: {}.", seat_numbers(totals, names))
    }
}

/// A replay address's record read: the record and its game, or what is wrong with it, in
/// words for the page. Its moves are played when it is opened ([`Replay::open`], whose error
/// [`why_not_replayed`] puts in words), by the game's own code: so the replay viewer need not
/// hold every game's rules.
pub fn read(text: Option<&str>) -> Result<(Record, GameKind), String> {
    let text = text.ok_or("the address is damaged (its record is not properly encoded)")?;
    if text.trim().is_empty() {
        return Err("the address holds no record to replay".to_string());
    }
    let record = Record::from_json(text).map_err(|e| e.to_string())?;
    record.check_length().map_err(|e| e.to_string())?;
    let kind = record.kind().map_err(|e| e.to_string())?;
    Ok((record, kind))
}

/// Why a record read by [`read`] does not open as a replay, in words for the page.
pub fn why_not_replayed(e: RecordError) -> String {
    match e {
        RecordError::BadMove { .. } => format!("the record does not replay: {e}"),
        other => other.to_string(),
    }
}

/// What a replay's address asks for after its record (`?step=12`, and in a frame `&theme=dark`).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct ReplaySettings {
    /// The colours of an embedded replay; not given, the reader's system's.
    pub theme: Option<super::embed::Theme>,
    /// The step to open at, as written in the address; not given, the start. See
    /// [`opening_step`].
    pub step: Option<String>,
}

/// A replay's address after `#/replay/` or `#/embed/replay/`: the record, then its settings.
/// Gives the record part, and the settings or what is wrong with them: a replay in a frame takes
/// `theme` and `step`, one on the app's own page `step` only (its colours are the reader's), and
/// anything else is refused, as an embedded game's address refuses what it does not know. A
/// step that is not one of the game's is not refused here: the replay opens and says so.
pub fn address_parts(text: &str, embedded: bool) -> (&str, Result<ReplaySettings, String>) {
    let (record, query) = text.split_once('?').unwrap_or((text, ""));
    (record, replay_settings(query, embedded))
}

fn replay_settings(query: &str, embedded: bool) -> Result<ReplaySettings, String> {
    let mut read = ReplaySettings::default();
    // Read as an embedded game's settings are.
    for (key, value) in super::embed::once_each(query)? {
        let value = super::embed::setting_value(key, value);
        match key {
            "theme" if embedded => read.theme = super::embed::Theme::read(&value)?,
            "step" => read.step = Some(value.trim().to_string()),
            other => {
                let takes = if embedded { "theme and step" } else { "step" };
                return Err(format!(
                    "unknown setting \"{}\" in the replay's address (it takes only {takes})",
                    crate::record::cut_to(other, 24)
                ));
            }
        }
    }
    Ok(read)
}

/// The step a replay of `len` steps opens at, for the step its address asks for (see
/// [`ReplaySettings::step`]), and what to tell the reader where that is not one of the game's:
/// past the end it opens at the last step, and at the start for what is not a step's number.
pub fn opening_step(asked: Option<&str>, len: usize) -> (usize, Option<String>) {
    let Some(text) = asked else {
        return (0, None);
    };
    let digits = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    match text.parse::<usize>() {
        Ok(step) if digits && step <= len => (step, None),
        // (A number too long to read is past the end too.)
        _ if digits => (
            len,
            Some(format!(
                "the address asks for step {}, but this game has only {}: here is its last",
                crate::record::cut_to(text, 24),
                match len {
                    1 => "1 step".to_string(),
                    n => format!("{n} steps"),
                }
            )),
        ),
        _ => (
            0,
            Some(format!(
                "step \"{}\" in the address is not a step's number (0 is the start): here is \
                 the start",
                crate::record::cut_to(text, 12)
            )),
        ),
    }
}

/// The address of a replay at `step` after its record part: nothing for the start, else
/// `?step=N` (with `theme` first, for a frame).
pub fn settings_query(theme: Option<super::embed::Theme>, step: usize) -> String {
    let mut settings = Vec::new();
    if let Some(theme) = theme {
        settings.push(format!("theme={}", theme.name()));
    }
    if step > 0 {
        settings.push(format!("step={step}"));
    }
    if settings.is_empty() {
        String::new()
    } else {
        format!("?{}", settings.join("&"))
    }
}
