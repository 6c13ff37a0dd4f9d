//! Doquin moves to and from text: `F2-3` (insert a peg into the hole at Front row 2, column 3) and
//! `pF2-3` (push the peg in that hole further in, after a capture).

use std::fmt;
use std::str::FromStr;

use super::block::{Face, Hole};
use super::Move;
use crate::rules::NotationError;

impl fmt::Display for Hole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}-{}", self.face.letter(), self.row, self.column)
    }
}

impl FromStr for Hole {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<Hole, NotationError> {
        let bad = || {
            NotationError(format!(
                "\"{text}\" is not a hole (a hole is a face F, R or T, a row and a column, \
                 like F2-3)"
            ))
        };
        let mut chars = text.chars();
        let face = chars.next().and_then(Face::from_letter).ok_or_else(bad)?;
        let (row, column) = chars.as_str().split_once('-').ok_or_else(bad)?;
        let number = |part: &str| match part.parse::<u8>() {
            Ok(n) if n >= 1 && part.bytes().all(|b| b.is_ascii_digit()) => Ok(n),
            _ => Err(bad()),
        };
        Ok(Hole::new(face, number(row)?, number(column)?))
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Insert(hole) => write!(f, "{hole}"),
            Move::Push(hole) => write!(f, "p{hole}"),
        }
    }
}

impl FromStr for Move {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<Move, NotationError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(NotationError("an empty move".into()));
        }
        match text.strip_prefix(['p', 'P']) {
            Some(hole) => Ok(Move::Push(hole.parse()?)),
            None => Ok(Move::Insert(text.parse()?)),
        }
    }
}
