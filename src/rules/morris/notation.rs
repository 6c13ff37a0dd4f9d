//! Morris moves to and from text: `d6` (place), `d6-d5` (move or fly), `d6-d5xg7` (and remove),
//! `d6-d5xg7xa1` (a double mill with one man per mill; three for a triple), `resign`, `draw`.

use std::fmt;
use std::str::FromStr;

use super::board::{Point, GRID};
use super::{Move, Removals, MOST_REMOVALS};

/// Why a piece of text is not a Morris move. Kept apart from [`super::IllegalMove`]: this is
/// "cannot read", that is "cannot play here".
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParseMoveError(String);

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ParseMoveError {}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.file()), self.rank() + 1)
    }
}

impl FromStr for Point {
    type Err = ParseMoveError;

    fn from_str(text: &str) -> Result<Point, ParseMoveError> {
        let bad = || {
            ParseMoveError(format!(
                "\"{text}\" is not a point (a point is a file a-g and a rank 1-7, like d6)"
            ))
        };
        let bytes = text.as_bytes();
        if bytes.len() != 2 {
            return Err(bad());
        }
        let file = bytes[0].to_ascii_lowercase().wrapping_sub(b'a');
        let rank = bytes[1].wrapping_sub(b'1');
        if file >= GRID || rank >= GRID {
            return Err(bad());
        }
        Point::new(file, rank).ok_or_else(bad)
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let removals = |f: &mut fmt::Formatter<'_>, removals: &Removals| {
            removals.iter().try_for_each(|p| write!(f, "x{p}"))
        };
        match self {
            Move::Place { to, removals: r } => {
                write!(f, "{to}")?;
                removals(f, r)
            }
            Move::Shift {
                from,
                to,
                removals: r,
            } => {
                write!(f, "{from}-{to}")?;
                removals(f, r)
            }
            Move::Resign => f.write_str("resign"),
            Move::Draw => f.write_str("draw"),
        }
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(text: &str) -> Result<Move, ParseMoveError> {
        let text = text.trim();
        match text.to_ascii_lowercase().as_str() {
            "resign" => return Ok(Move::Resign),
            "draw" => return Ok(Move::Draw),
            "" => return Err(ParseMoveError("an empty move".into())),
            _ => {}
        }
        let mut parts = text.split(['x', 'X']);
        let step = parts.next().unwrap_or_default();
        let mut removals = Removals::default();
        for (n, part) in parts.enumerate() {
            if n >= MOST_REMOVALS {
                return Err(ParseMoveError(format!(
                    "\"{text}\": one move removes at most {MOST_REMOVALS} men"
                )));
            }
            removals = removals.with(part.parse()?);
        }
        let step_error = || {
            ParseMoveError(format!(
                "\"{text}\" is not a Morris move (write d6 to place, d6-d5 to move, \
                 d6-d5xg7 to remove after a mill, resign or draw)"
            ))
        };
        match step.split_once('-') {
            None if step.len() == 2 => Ok(Move::Place {
                to: step.parse()?,
                removals,
            }),
            Some((from, to)) if from.len() == 2 && to.len() == 2 => Ok(Move::Shift {
                from: from.parse()?,
                to: to.parse()?,
                removals,
            }),
            _ => Err(step_error()),
        }
    }
}

impl ParseMoveError {
    /// The error for text offered as a chance outcome: Morris has none.
    pub(super) fn no_chance() -> ParseMoveError {
        ParseMoveError("Morris has no chance moves".into())
    }
}
