//! A game being played: the record, where in it we are (undo and redo walk it), and the
//! position there. Plain structs, tested natively; the app wraps them in signals.

pub mod archery;
pub mod dominoes;
pub mod doquin;
pub mod embed;
pub mod morris;
pub mod quoits;
pub mod replay;

use std::str::FromStr;

use crate::record::{Player, Record, RecordError};
use crate::rules::teetotum::{LeadSpin, Spin};
use crate::rules::{Game, Seat, Table, Turn};

/// A game in play over a record: every position along the record is kept, so undo and redo
/// are steps along it, and a new move after an undo drops the moves that were undone.
#[derive(Clone, Debug)]
pub struct Match<G: Game> {
    header: Record,
    /// Every move of the record, including moves undone and not yet redone.
    moves: Vec<String>,
    /// `positions[i]` is the position after the first `i` moves.
    positions: Vec<G>,
    /// How many moves are in effect.
    cursor: usize,
    /// Chance's outcomes dropped with the moves undone when another move was made in their
    /// place, in order: the chance moves to come are played from these before any fresh one,
    /// so that taking a choice back and making another does not spin (or deal) afresh.
    spare: Vec<String>,
}

impl<G: Game + 'static> Match<G> {
    /// Replays `record` from `start` (the position its header sets up). `redo` are moves that
    /// were undone when the game was saved; those that no longer replay are dropped quietly.
    pub fn from_record(record: &Record, start: G, redo: &[String]) -> Result<Self, RecordError> {
        let mut header = record.clone();
        header.moves.clear();
        header.result = None;
        let mut game = Match {
            header,
            moves: Vec::new(),
            positions: vec![start],
            cursor: 0,
            spare: Vec::new(),
        };
        // A record an earlier Parlour wrote in a form that has since changed is read as it meant.
        let earlier = game.position().earlier_form(&record.moves);
        for (i, text) in earlier.as_ref().unwrap_or(&record.moves).iter().enumerate() {
            game.push_text(text).map_err(|why| RecordError::BadMove {
                number: i + 1,
                text: text.clone(),
                why,
            })?;
        }
        let played = game.cursor;
        for text in redo {
            if game.push_text(text).is_err() {
                break;
            }
        }
        game.cursor = played;
        Ok(game)
    }

    /// Plays a move or chance outcome read from a record. It is kept as the game writes it, so
    /// a record read with another spelling (`A1` for `a1`, `03+4` for `3+4`) is exported in the
    /// notation of `rules/`.
    fn push_text(&mut self, text: &str) -> Result<(), String> {
        let mut next = self.position().clone();
        let written = Table::play_notation(&mut next, text).map_err(|e| e.to_string())?;
        self.push(written, next);
        Ok(())
    }

    fn push(&mut self, text: String, next: G) {
        if self.moves.get(self.cursor) == Some(&text) {
            // The move taken back, made again: a redo, which keeps the moves after it.
            self.cursor += 1;
            return;
        }
        let mut dropped: Vec<String> = (self.cursor..self.moves.len())
            .filter(|&i| self.positions[i].turn() == Turn::Chance)
            .map(|i| self.moves[i].clone())
            .collect();
        if !dropped.is_empty() {
            dropped.append(&mut self.spare);
            self.spare = dropped;
        }
        self.moves.truncate(self.cursor);
        self.positions.truncate(self.cursor + 1);
        self.moves.push(text);
        self.positions.push(next);
        self.cursor += 1;
    }

    /// The position now.
    pub fn position(&self) -> &G {
        &self.positions[self.cursor]
    }

    /// Plays a move of the seat to move; refused moves change nothing. Moves that were undone
    /// are dropped.
    pub fn play(&mut self, m: G::Move) -> Result<(), G::Illegal> {
        let mut next = self.position().clone();
        next.play(m)?;
        self.push(m.to_string(), next);
        Ok(())
    }

    /// Plays a chance outcome; refused outcomes change nothing.
    pub fn play_chance(&mut self, outcome: &G::Chance) -> Result<(), G::Illegal> {
        let mut next = self.position().clone();
        next.play_chance(outcome)?;
        self.push(outcome.to_string(), next);
        Ok(())
    }

    /// Plays the chance outcome due now: the one taken back, when the next move to redo is a
    /// chance move (so redo never draws a new outcome), else the first of those dropped when a
    /// move taken back was replaced by another (while it can be played here), else `fresh()`.
    /// Returns the outcome played; none when chance is not to move.
    pub fn play_chance_due(&mut self, fresh: impl FnOnce() -> G::Chance) -> Option<G::Chance>
    where
        G::Chance: FromStr,
    {
        if self.position().turn() != Turn::Chance {
            return None;
        }
        let undone = self
            .undone()
            .first()
            .and_then(|m| m.parse::<G::Chance>().ok());
        if let Some(outcome) = undone {
            return self.redo().then_some(outcome);
        }
        while !self.spare.is_empty() {
            let spare = self.spare.remove(0).parse::<G::Chance>();
            if let Some(outcome) = spare.ok().filter(|o| self.play_chance(o).is_ok()) {
                return Some(outcome);
            }
        }
        let outcome = fresh();
        self.play_chance(&outcome).ok().map(|()| outcome)
    }

    /// Takes back the last move. False when there is none.
    pub fn undo(&mut self) -> bool {
        let can = self.cursor > 0;
        if can {
            self.cursor -= 1;
        }
        can
    }

    /// Plays again the last move taken back (the same move, a chance move too).
    pub fn redo(&mut self) -> bool {
        let can = self.cursor < self.moves.len();
        if can {
            self.cursor += 1;
        }
        can
    }

    /// Whether there is a move to take back.
    pub fn can_undo(&self) -> bool {
        self.cursor > 0
    }

    /// Undo as a person means it, where `automatic` says of a position that its next move is
    /// made for nobody at the screen (a computer's turn, a spin the app makes): takes back the
    /// last move and the automatic moves before it, back to something a person did. False when
    /// there is nothing to take back.
    pub fn undo_to_person(&mut self, automatic: impl Fn(&G) -> bool) -> bool {
        if !self.undo() {
            return false;
        }
        while automatic(self.position()) && self.undo() {}
        true
    }

    /// Redo to match [`Match::undo_to_person`]: plays again the next move taken back and the
    /// automatic moves after it, so that the computer's reply comes back as it was rather than
    /// being chosen (or spun) afresh.
    pub fn redo_to_person(&mut self, automatic: impl Fn(&G) -> bool) -> bool {
        if !self.redo() {
            return false;
        }
        while automatic(self.position()) && self.redo() {}
        true
    }

    /// Whether [`Match::undo_to_person`] has a person's move to go back to: with only the
    /// computer's moves made (it moved first), there is none, and taking them back would only
    /// have it choose again.
    pub fn can_undo_to_person(&self, automatic: impl Fn(&G) -> bool) -> bool {
        (0..self.cursor).any(|n| !automatic(&self.positions[n]))
    }

    /// Whether there is a move to play again.
    pub fn can_redo(&self) -> bool {
        self.cursor < self.moves.len()
    }

    /// The moves in effect, in notation.
    pub fn moves(&self) -> &[String] {
        &self.moves[..self.cursor]
    }

    /// The moves taken back and not yet played again.
    pub fn undone(&self) -> &[String] {
        &self.moves[self.cursor..]
    }

    /// The position after the first `n` moves in effect (`n` at most the number in effect).
    pub fn position_after(&self, n: usize) -> &G {
        &self.positions[n.min(self.cursor)]
    }

    /// The players, in seat order.
    pub fn players(&self) -> &[Player] {
        &self.header.players
    }

    /// The record of the game as it stands (the moves in effect).
    pub fn record(&self) -> Record {
        let mut record = self.header.clone();
        record.moves = self.moves().to_vec();
        record
    }
}

/// A message as a sentence: a capital first (unless it starts with a name like a1), a stop last.
pub fn sentence(text: &str) -> String {
    let text = text.trim();
    let names_a_point = text.chars().nth(1).is_some_and(|c| c.is_ascii_digit());
    let mut text = if names_a_point {
        text.to_string()
    } else {
        capital(text)
    };
    if !text.ends_with(['.', '!', '?']) {
        text.push('.');
    }
    text
}

/// Things said one after another, each a sentence of its own.
pub fn sentences(words: &[String]) -> String {
    words
        .iter()
        .map(|w| sentence(w))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The text with a capital first, as the screens write their sentences.
pub fn capital(text: &str) -> String {
    let mut text = text.to_string();
    if let Some(first) = text.get_mut(0..1) {
        first.make_ascii_uppercase();
    }
    text
}

/// The last spin of a teetotum game (Archery, Quoits), as its tops show it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spun {
    /// Where it is among the moves: it changes with every spin.
    pub at: usize,
    pub spin: Spin,
    /// Who spun it.
    pub by: Seat,
}

/// A number of points in words: "1 point", "12 points".
pub fn points_words(points: impl Into<i64>) -> String {
    let points = points.into();
    format!("{points} point{}", if points == 1 { "" } else { "s" })
}

/// Who won and with how many points, or who share the win: "Ada wins with 12 points", "Ada, Bob
/// and Cy share the win with 1 point each" (the caller ends the sentence).
pub fn win_words<S: AsRef<str>>(who: &[S], points: impl Into<i64>) -> String {
    let points = points_words(points);
    let who: Vec<&str> = who.iter().map(AsRef::as_ref).collect();
    match who.as_slice() {
        [one] => format!("{one} wins with {points}"),
        _ => format!(
            "{} share the win with {points} each",
            crate::rules::and_list(&who)
        ),
    }
}

/// The last move of `game` that is a spin, and who spun it (`spinner`, asked of the position
/// before it: the rules' player to spin).
pub fn last_spin<G: Game + 'static>(game: &Match<G>, spinner: fn(&G) -> Seat) -> Option<Spun> {
    let (at, spin) = game
        .moves()
        .iter()
        .enumerate()
        .rev()
        .find_map(|(at, m)| Some((at, m.parse::<Spin>().ok()?)))?;
    Some(Spun {
        at,
        spin,
        by: spinner(game.position_after(at)),
    })
}

/// Whether play has gone past the spin for lead in a teetotum game: a move has been made after
/// its spins (`lead` is the rules' spin for lead of a position). Until then the spins are for
/// lead only, where only the sum counts.
pub fn past_lead<G: Game + 'static>(game: &Match<G>, lead: fn(&G) -> &LeadSpin) -> bool {
    game.moves().len() > lead(game.position()).spins()
}

/// A spin for lead in words, as the teetotum games announce it: "Ada spins 3+4 for lead: 7.",
/// then who leads once it is decided, or, when a round ends level, who spin again.
pub fn lead_spin_words(
    who: &str,
    spin: Spin,
    after: &LeadSpin,
    name_of: impl Fn(Seat) -> String,
) -> String {
    let mut words = format!("{who} spins {spin} for lead: {}.", spin.sum());
    if let Some(leader) = after.leader() {
        words.push_str(&format!(" {} leads.", name_of(leader)));
    } else if after.rounds().len() > 1 && after.rounds().last().is_some_and(Vec::is_empty) {
        // The round just ended level: the tied spin again.
        let tied: Vec<String> = after.contenders().iter().map(|&s| name_of(s)).collect();
        if let [first, _, ..] = tied.as_slice() {
            words.push_str(&format!(
                " A tie between {}: they spin again, {first} first.",
                crate::rules::and_list(&tied)
            ));
        }
    }
    words
}
