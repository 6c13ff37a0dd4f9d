//! Doquin at one screen: the push orders open to a capturer (and which to suggest), the pegs
//! each player has captured this round, and moves, rounds and the game told in words.

use std::collections::BTreeSet;

use crate::rules::doquin::{Doquin, Hole, Move, RoundEnd, RoundResult};
use crate::rules::{Game, Seat, Turn};

use super::{win_words, Match};

/// How many positions the search for push orders looks at, at most (a capture frees few pegs,
/// so this is never reached in play; it bounds a pathological block).
const PUSH_SEARCH_LIMIT: usize = 20_000;

/// The colour of each seat's pegs, in words.
pub const PEG_COLOURS: [&str; 4] = ["blue", "natural", "green", "purple"];

/// A hole in words: "front 2-3".
pub fn hole_words(hole: Hole) -> String {
    format!(
        "{} {}-{}",
        hole.face.name().to_ascii_lowercase(),
        hole.row,
        hole.column
    )
}

/// A push order and the position it leads to when the turn has passed.
#[derive(Clone, Debug)]
pub struct PushOrder {
    pub holes: Vec<Hole>,
    pub after: Doquin,
}

/// After a capture: one order of pushes for each different block the pushes can leave, in the
/// order first found. Empty when no push is due. Orders that lead to the same block are one.
pub fn push_orders(position: &Doquin) -> Vec<PushOrder> {
    let mut found: Vec<PushOrder> = Vec::new();
    if !position.is_pushing() {
        return found;
    }
    let mut seen: BTreeSet<Vec<Option<crate::rules::doquin::Peg>>> = BTreeSet::new();
    let mut stack = vec![(position.clone(), Vec::new())];
    let mut visited = 0;
    while let Some((state, holes)) = stack.pop() {
        visited += 1;
        if visited > PUSH_SEARCH_LIMIT {
            break;
        }
        if !state.is_pushing() {
            if !found.iter().any(|o| o.after == state) {
                found.push(PushOrder {
                    holes,
                    after: state,
                });
            }
            continue;
        }
        let pegs: Vec<_> = state.block().holes().map(|h| state.peg(h)).collect();
        if !seen.insert(pegs) {
            continue;
        }
        for m in state.legal_moves().into_iter().rev() {
            let Move::Push(hole) = m else { continue };
            let mut next = state.clone();
            if next.play(m).is_ok() {
                let mut holes = holes.clone();
                holes.push(hole);
                stack.push((next, holes));
            }
        }
    }
    found
}

/// The push to play without asking: when every order leaves the same block, the first push of
/// that order.
pub fn forced_push(position: &Doquin) -> Option<Hole> {
    let orders = push_orders(position);
    match orders.as_slice() {
        [only] => only.holes.first().copied(),
        _ => None,
    }
}

/// The pegs each seat has captured in the round being played, by whose they were, in the order
/// taken.
pub fn captured_pegs(game: &Match<Doquin>) -> Vec<Vec<Seat>> {
    let seats = game.position().seats();
    let mut taken = vec![Vec::new(); seats];
    for i in 0..game.moves().len() {
        let before = game.position_after(i);
        let after = game.position_after(i + 1);
        if after.rounds().len() > before.rounds().len() {
            taken.iter_mut().for_each(Vec::clear);
            continue;
        }
        let Turn::Seat(mover) = before.turn() else {
            continue;
        };
        if after.captured(mover) > before.captured(mover) {
            let victim = before
                .block()
                .holes()
                .find(|&h| before.peg(h).is_some() && after.peg(h).is_none())
                .and_then(|h| before.peg(h));
            if let Some(victim) = victim {
                taken[mover.index()].push(victim.owner);
            }
        }
    }
    taken
}

/// The holes of the moves of the turn played last (the insertion and its pushes), for marking.
pub fn last_turn(game: &Match<Doquin>) -> Vec<Hole> {
    let mut holes = Vec::new();
    for text in game.moves().iter().rev() {
        match text.parse::<Move>() {
            Ok(Move::Push(hole)) => holes.push(hole),
            Ok(Move::Insert(hole)) => {
                holes.push(hole);
                break;
            }
            Err(_) => break,
        }
    }
    holes
}

fn name(names: &[String], seat: Seat) -> String {
    names.get(seat.index()).cloned().unwrap_or_default()
}

fn whose(before: &Doquin, hole: Hole, mover: Seat, names: &[String]) -> String {
    match before.peg(hole) {
        Some(p) if p.owner == mover => "their own peg".to_string(),
        Some(p) => format!("{}'s peg", name(names, p.owner)),
        None => "a peg".to_string(),
    }
}

/// What a move did, in words: "Ada inserts a peg at right 2-2; it stops 2 deep, touching Bob's
/// peg in front 2-2, and captures it".
pub fn move_words(before: &Doquin, m: Move, names: &[String]) -> String {
    let Turn::Seat(mover) = before.turn() else {
        return String::new();
    };
    let who = name(names, mover);
    let doing = match m {
        Move::Insert(hole) => format!("{who} inserts a peg at {}", hole_words(hole)),
        Move::Push(hole) => format!(
            "{who} pushes {} at {} in",
            whose(before, hole, mover, names),
            hole_words(hole)
        ),
    };
    match effect_words(before, m, names, false) {
        Some(effect) => format!("{doing}; {effect}"),
        None => String::new(),
    }
}

/// What a move would do, in words, before it is made: "right 2-2: the peg would stop 2 deep,
/// touching Bob's peg in front 2-2, and capture it". `None` for a move that is not legal.
pub fn preview_words(before: &Doquin, m: Move, names: &[String]) -> Option<String> {
    let hole = m.hole();
    // A push may move another player's peg: say whose.
    let peg = match (before.turn(), before.peg(hole)) {
        (Turn::Seat(mover), Some(p)) if p.owner != mover => {
            format!("{}'s peg", name(names, p.owner))
        }
        _ => "the peg".to_string(),
    };
    Some(format!(
        "{}: {peg} would {}",
        hole_words(hole),
        effect_words(before, m, names, true)?
    ))
}

/// Where the peg stops and what it touches and captures, said of a move made or to be made.
fn effect_words(before: &Doquin, m: Move, names: &[String], would: bool) -> Option<String> {
    let Turn::Seat(mover) = before.turn() else {
        return None;
    };
    let effect = before.effect(m)?;
    let (go, stop, capture) = if would {
        ("go all the way in", "stop", "capture it")
    } else {
        ("it goes all the way in", "it stops", "captures it")
    };
    let mut words = if effect.depth == before.block().size {
        go.to_string()
    } else {
        format!("{stop} {} deep", effect.depth)
    };
    if let Some(touched) = effect.touches {
        words.push_str(&format!(
            ", touching {} in {}",
            whose(before, touched, mover, names),
            hole_words(touched)
        ));
    }
    if effect.captures.is_some() {
        words.push_str(&format!(", and {capture}"));
    }
    Some(words)
}

/// Why a round ended and what each player scored, in words.
pub fn round_words(number: usize, result: &RoundResult, names: &[String]) -> String {
    let why = match result.end {
        RoundEnd::Captures(seat) => format!(
            "{} has captured five pegs and earns the bonus point",
            name(names, seat)
        ),
        RoundEnd::PegsIn(seat) => format!(
            "{} has five pegs all the way in and earns the bonus point",
            name(names, seat)
        ),
        RoundEnd::NobodyCanPlay => "nobody can play".to_string(),
    };
    let scores: Vec<String> = result
        .scores
        .iter()
        .enumerate()
        .map(|(i, s)| format!("{} {s}", name(names, Seat(i as u8))))
        .collect();
    format!("Round {number} ends: {why}. Points: {}", scores.join(", "))
}

/// Who won the game (or shares the win), with their total.
pub fn ending_words(game: &Doquin, names: &[String]) -> String {
    let Some(outcome) = game.outcome() else {
        return String::new();
    };
    let points = outcome
        .winners
        .first()
        .map_or(0, |s| game.totals()[s.index()]);
    let who: Vec<String> = outcome.winners.iter().map(|&s| name(names, s)).collect();
    win_words(&who, points)
}
