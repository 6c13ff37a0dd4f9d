//! Archery's moves to and from text: the chosen arrow, `a1`, `a2` or `a3`. Spins are written
//! `5+6` (see `teetotum`).

use std::fmt;
use std::str::FromStr;

use super::{Shot, ARROWS};
use crate::rules::NotationError;

impl fmt::Display for Shot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a{}", self.0)
    }
}

impl FromStr for Shot {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<Shot, NotationError> {
        let text = text.trim();
        text.strip_prefix(['a', 'A'])
            .and_then(|n| n.parse::<u8>().ok())
            .filter(|n| (1..=ARROWS as u8).contains(n))
            .map(Shot)
            .ok_or_else(|| {
                NotationError(format!(
                    "\"{text}\" is not an Archery move (choose an arrow: a1, a2 or a3)"
                ))
            })
    }
}
