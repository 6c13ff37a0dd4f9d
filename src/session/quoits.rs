//! Quoits at one screen, in words: what a pitch did, for the live region and the line under
//! the pitches.

use crate::rules::quoits::{Knock, Options, Pitch, Quoits, Space, LANE};
use crate::rules::teetotum::Spin;
use crate::rules::Seat;

use super::Match;

/// What a game is played to, for the table of totals: "game to 30", or "a single end".
pub fn goal_words(options: &Options) -> String {
    if options.single_end {
        "a single end".to_string()
    } else {
        format!("game to {}", options.target)
    }
}

/// A pitch's name as the board shows it.
pub fn pitch_name(pitch: usize) -> &'static str {
    if pitch == 0 {
        "pitch A"
    } else {
        "pitch B"
    }
}

/// Who pitches at each pitch ("Ada, Bob"), for the labels above the lanes.
pub fn pitch_labels(game: &Quoits, names: &[String]) -> Vec<String> {
    (0..game.pitch_count())
        .map(|p| {
            (0..names.len())
                .filter(|s| game.pitch_of(Seat(*s as u8)) == p)
                .map(|s| names[s].clone())
                .collect::<Vec<_>>()
                .join(", ")
        })
        .collect()
}

/// A space in words, as a player says it: "7", "5-5", "the hub".
fn space_words(space: Space) -> String {
    match space {
        Space::Hub => "the hub".to_string(),
        space => space.to_string(),
    }
}

/// What a pitch did, in words: where the man landed and what became of a first comer.
pub fn pitch_words(pitch: &Pitch, names: &[String]) -> String {
    let name = |seat: crate::rules::Seat| names.get(seat.index()).cloned().unwrap_or_default();
    let mut words = format!(
        "{}'s man lands on {} at {}",
        name(pitch.seat),
        space_words(pitch.space),
        pitch_name(pitch.pitch)
    );
    if let Some((first, knock)) = pitch.knocked {
        let whose = if first == pitch.seat {
            "their own man".to_string()
        } else {
            format!("{}'s man", name(first))
        };
        words.push_str(&match knock {
            Knock::SetBack(to) => format!("; {whose} there is set back to {}", space_words(to)),
            Knock::Forward(to) => {
                format!("; {whose} there is pushed forward to {}", space_words(to))
            }
            Knock::Removed => format!("; {whose} there is knocked off the pitch"),
        });
    }
    words
}

/// What a spin did, in words, from the position `before` it to the one `after`: the spin for
/// lead (a tie, or who leads), or where the man landed, and the end scored if it ended one.
pub fn spin_words(before: &Quoits, after: &Quoits, spin: Spin, names: &[String]) -> String {
    let name = |seat: Seat| names.get(seat.index()).cloned().unwrap_or_default();
    if before.lead().leader().is_none() {
        return super::lead_spin_words(&name(before.player()), spin, after.lead(), name);
    }
    let mut words = pitch_words(&before.pitch_for(spin), names);
    words.push('.');
    if let Some(end) = after
        .last_end()
        .filter(|_| after.ends_scored() > before.ends_scored())
    {
        let scored: Vec<String> = end
            .points
            .iter()
            .enumerate()
            .map(|(s, p)| format!("{} {p} (total {})", name(Seat(s as u8)), end.totals[s]))
            .collect();
        words.push_str(&format!(
            " End {} scored: {}.",
            after.ends_scored(),
            scored.join(", ")
        ));
        if let Some(top) = after.tied_past_target() {
            words.push_str(&format!(" {}", tie_words(top)));
        }
    }
    words
}

/// Why the game goes on past its target: the top is tied at `top`.
pub fn tie_words(top: u32) -> String {
    format!("Tied at {top}, so another end is played.")
}

/// Where the men stand, pitch by pitch, nearest the hub first, for a screen reader: "Pitch A:
/// Ada's man on hub, Bob's man on 7".
pub fn pitches_words(game: &Quoits, names: &[String]) -> String {
    (0..game.pitch_count())
        .map(|p| {
            let men: Vec<String> = game
                .pitch(p)
                .iter()
                .zip(LANE)
                .rev()
                .filter_map(|(man, space)| {
                    let seat = (*man)?;
                    let name = names.get(seat.index()).cloned().unwrap_or_default();
                    Some(format!("{name}'s man on {}", space_words(space)))
                })
                .collect();
            let men = if men.is_empty() {
                "no men".to_string()
            } else {
                men.join(", ")
            };
            format!("{}: {men}", super::capital(pitch_name(p)))
        })
        .collect::<Vec<_>>()
        .join(". ")
}

/// A man on a pitch, with a name that follows it while it is knocked about (for drawing it
/// moving): the move at which it was pitched.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Man {
    pub id: usize,
    pub seat: Seat,
    pub pitch: usize,
    /// Its place on the lane, 0 (farthest) to 14 (the hub).
    pub place: usize,
    /// The man stood there when the last end was scored: the pitches are cleared, and it is
    /// shown where it was until the next man is pitched.
    pub scored: bool,
}

/// The men on the pitches now, each named by the move that pitched it; between ends (and at
/// the game's end), the men of the end just scored, marked as scored.
pub fn men(game: &Match<Quoits>) -> Vec<Man> {
    let mut men: Vec<Man> = Vec::new();
    for (i, text) in game.moves().iter().enumerate() {
        let before = game.position_after(i);
        if before.lead().leader().is_none() {
            continue;
        }
        let Ok(spin) = text.parse::<Spin>() else {
            continue;
        };
        // A new end's first man: the last end's men are gone.
        men.retain(|m| !m.scored);
        let pitch = before.pitch_for(spin);
        let at = pitch.space.index();
        if let Some((_, knock)) = pitch.knocked {
            let first = men
                .iter()
                .position(|m| m.pitch == pitch.pitch && m.place == at);
            match (knock, first) {
                (Knock::SetBack(to) | Knock::Forward(to), Some(k)) => men[k].place = to.index(),
                (Knock::Removed, Some(k)) => {
                    men.remove(k);
                }
                _ => {}
            }
        }
        men.push(Man {
            id: i,
            seat: pitch.seat,
            pitch: pitch.pitch,
            place: at,
            scored: false,
        });
        if game.position_after(i + 1).ends_scored() > before.ends_scored() {
            men.iter_mut().for_each(|m| m.scored = true);
        }
    }
    men
}
