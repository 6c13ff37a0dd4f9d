//! Archery at one screen, in words: what the arrows are doing, for the live region, the choice
//! buttons and the score board. The screen draws and the rules decide; this says.

use crate::rules::archery::{points, ring, Archery, Arrow, Shot};
use crate::rules::Seat;

/// Where an arrow is, in words ("on space 14", "in the bull's-eye, 6 points").
pub fn arrow_place(arrow: Arrow) -> String {
    match arrow {
        Arrow::Quiver => "in the quiver".to_string(),
        Arrow::Flying(space) => format!("on space {space}"),
        Arrow::Target(20) => format!("in the bull's-eye, {} points", points(20)),
        Arrow::Target(space) => {
            let n = points(space);
            format!(
                "in the {} (space {space}), {n} point{}",
                ring(space),
                if n == 1 { "" } else { "s" }
            )
        }
        Arrow::Missed => "missed".to_string(),
    }
}

/// What a move does to an arrow, in words, for a choice button and the log ("flies from
/// space 5 to space 12").
pub fn landing_words(from: Arrow, to: Arrow) -> String {
    let start = match from {
        Arrow::Flying(space) => format!("flies from space {space}"),
        _ => "enters".to_string(),
    };
    match to {
        Arrow::Flying(space) if from == Arrow::Quiver => format!("enters on space {space}"),
        Arrow::Flying(space) => format!("{start} to space {space}"),
        Arrow::Target(_) => format!("{start} and hits the target {}", arrow_place(to)),
        Arrow::Missed => format!("{start} and misses"),
        Arrow::Quiver => start,
    }
}

/// Where a choice would take an arrow, short enough for a choice button on any screen ("to
/// space 12", "scores 2 pt", "misses"); the button's title says it in full, with
/// [`landing_words`].
pub fn short_landing(to: Arrow) -> String {
    match to {
        Arrow::Flying(space) => format!("to space {space}"),
        Arrow::Target(_) => format!("scores {} pt", to.score()),
        Arrow::Missed => "misses".into(),
        Arrow::Quiver => "stays".into(),
    }
}

/// A player's arrows in words, named by their `colour`: "blue arrow 1 on space 14; blue arrow 2
/// in the quiver; ...".
pub fn arrows_words(game: &Archery, seat: Seat, colour: &str) -> String {
    game.arrows(seat)
        .iter()
        .enumerate()
        .map(|(i, arrow)| format!("{colour} arrow {} {}", i + 1, arrow_place(*arrow)))
        .collect::<Vec<_>>()
        .join("; ")
}

/// What a shot did, in words, from the game before it.
pub fn shot_words(before: &Archery, shot: Shot, name: &str) -> String {
    let seat = before.player();
    let from = before.arrows(seat)[usize::from(shot.0 - 1)];
    let to = before
        .spin()
        .map(|spin| from.after(spin.sum()))
        .unwrap_or(from);
    format!("{name}'s arrow {} {}", shot.0, landing_words(from, to))
}

/// The arrow chosen last (its owner and number), for marking on the board.
pub fn last_shot(game: &crate::session::Match<Archery>) -> Option<(Seat, u8)> {
    let last = game.moves().last()?.parse::<Shot>().ok()?;
    let before = game.position_after(game.moves().len() - 1);
    Some((before.player(), last.0))
}
