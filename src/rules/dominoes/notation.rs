//! Moves and deals to and from text: `6-6` (the set), `6-4L`, `1-6L` (a matador laid with its 1
//! against the end), `draw`, `go`, `claim`, `muggins`; a deal
//! `deal 6-6 6-5 ... / 5-5 4-1 ... ; 3-2 1-0 ...`.

use std::fmt;
use std::str::FromStr;

use super::{Bone, Deal, End, Move};
use crate::rules::NotationError;

/// The highest number a bone of any set shows.
const HIGHEST: u8 = 12;

impl fmt::Display for Bone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.high, self.low)
    }
}

/// Reads `a-b` as written: the two numbers in the order given.
fn halves(text: &str) -> Option<(u8, u8)> {
    let (a, b) = text.split_once('-')?;
    let number = |t: &str| {
        (!t.is_empty() && t.len() <= 2 && t.bytes().all(|c| c.is_ascii_digit()))
            .then(|| t.parse::<u8>().ok())
            .flatten()
            .filter(|n| *n <= HIGHEST)
    };
    Some((number(a)?, number(b)?))
}

impl FromStr for Bone {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<Bone, NotationError> {
        let text = text.trim();
        halves(text)
            .map(|(a, b)| Bone::new(a, b))
            .ok_or_else(|| NotationError(format!("\"{text}\" is not a bone (write it as 6-4)")))
    }
}

impl fmt::Display for End {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Set(bone) => write!(f, "{bone}"),
            Move::Play {
                bone,
                end,
                low_first: false,
            } => write!(f, "{bone}{end}"),
            Move::Play {
                bone,
                end,
                low_first: true,
            } => write!(f, "{}-{}{end}", bone.low, bone.high),
            Move::Draw => write!(f, "draw"),
            Move::Go => write!(f, "go"),
            Move::Claim => write!(f, "claim"),
            Move::Muggins => write!(f, "muggins"),
        }
    }
}

impl FromStr for Move {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<Move, NotationError> {
        let text = text.trim();
        match text.to_ascii_lowercase().as_str() {
            "draw" => return Ok(Move::Draw),
            "go" => return Ok(Move::Go),
            "claim" => return Ok(Move::Claim),
            "muggins" => return Ok(Move::Muggins),
            _ => {}
        }
        let unreadable = || {
            NotationError(format!(
                "\"{text}\" is not a Dominoes move (write a bone and an end, as 6-4L, or the set \
                 as 6-6, or draw, go, claim, muggins)"
            ))
        };
        let last = text.chars().last().ok_or_else(unreadable)?;
        if let Some(end) = End::from_letter(last).filter(|_| last.is_ascii_alphabetic()) {
            let (a, b) = halves(&text[..text.len() - 1]).ok_or_else(unreadable)?;
            return Ok(Move::Play {
                bone: Bone::new(a, b),
                end,
                low_first: a < b,
            });
        }
        match halves(text) {
            Some((a, b)) if a >= b => Ok(Move::Set(Bone::new(a, b))),
            Some((a, b)) => Err(NotationError(format!(
                "\"{text}\": the set is written high end first, {b}-{a}"
            ))),
            None => Err(unreadable()),
        }
    }
}

impl fmt::Display for Deal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words = |bones: &[Bone]| {
            bones
                .iter()
                .map(Bone::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        };
        let hands: Vec<String> = self.hands.iter().map(|h| words(h)).collect();
        write!(f, "deal {} ;", hands.join(" / "))?;
        if !self.stock.is_empty() {
            write!(f, " {}", words(&self.stock))?;
        }
        Ok(())
    }
}

impl FromStr for Deal {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<Deal, NotationError> {
        let text = text.trim();
        let bad = |why: &str| {
            NotationError(format!(
                "\"{text}\" is not a deal ({why}; write it as deal 6-6 6-5 ... / 5-5 4-1 ... ; 3-2 1-0 ...)"
            ))
        };
        let rest = text
            .strip_prefix("deal")
            .filter(|r| r.is_empty() || r.starts_with(char::is_whitespace))
            .ok_or_else(|| bad("it does not begin with \"deal\""))?;
        let (hands, stock) = rest
            .split_once(';')
            .ok_or_else(|| bad("there is no \";\" before the stock"))?;
        let bones = |part: &str| -> Result<Vec<Bone>, NotationError> {
            part.split_whitespace()
                .map(|word| {
                    halves(word)
                        .map(|(a, b)| Bone::new(a, b))
                        .ok_or_else(|| bad(&format!("\"{word}\" is not a bone")))
                })
                .collect()
        };
        let hands = hands.split('/').map(bones).collect::<Result<Vec<_>, _>>()?;
        let stock = bones(stock)?;
        Ok(Deal { hands, stock })
    }
}
