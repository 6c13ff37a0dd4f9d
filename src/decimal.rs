//! Numbers with a fractional part written as text (board coordinates, a chart's points, an
//! expected score), without the standard library's float formatting.
//!
//! `format!("{:.1}", x)` and `x.to_string()` on an `f64` bring in Rust's two float formatters
//! (the shortest and the exact), with their tables and big-number arithmetic: about 14 KB of
//! WebAssembly in the games' download for numbers that never need more than three places. Here
//! the number is rounded to a whole count of thousandths (or tenths, ...) and written with the
//! integer formatter that everything already uses.

use std::fmt;

/// A number rounded to a fixed count of decimal places, ready to write.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Decimal {
    /// The number in units of the last place (12.5 at two places is 1250).
    units: i64,
    /// How many decimal places, at most [`MOST_PLACES`].
    places: u8,
    /// Whether trailing zeros after the point (and a point with nothing after it) are left out.
    trim: bool,
}

/// The most decimal places a [`Decimal`] keeps.
pub const MOST_PLACES: u8 = 6;

impl Decimal {
    fn new(value: f64, places: u8, trim: bool) -> Decimal {
        let places = places.min(MOST_PLACES);
        let scaled = (value * 10f64.powi(i32::from(places))).round();
        // Not a number (or beyond i64) has no place on a board: it is written as 0 (or clamped).
        let units = if scaled.is_nan() { 0 } else { scaled as i64 };
        Decimal {
            units,
            places,
            trim,
        }
    }
}

/// `value` with exactly `places` decimal places, as `format!("{:.places$}")` writes it (except
/// that a tie rounds away from zero, and a value that rounds to zero has no minus sign).
pub fn fixed(value: f64, places: u8) -> Decimal {
    Decimal::new(value, places, false)
}

/// `value` to three decimal places at most, without trailing zeros (`12`, `12.5`, `0.333`): for
/// coordinates and sizes in a drawing, where `f64`'s own `Display` would write every digit.
pub fn short(value: f64) -> Decimal {
    Decimal::new(value, 3, true)
}

impl fmt::Display for Decimal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.units < 0 {
            f.write_str("-")?;
        }
        let magnitude = self.units.unsigned_abs();
        let scale = 10u64.pow(u32::from(self.places));
        write!(f, "{}", magnitude / scale)?;
        let mut fraction = magnitude % scale;
        let mut places = usize::from(self.places);
        if self.trim {
            if fraction == 0 {
                return Ok(());
            }
            while fraction.is_multiple_of(10) {
                fraction /= 10;
                places -= 1;
            }
        }
        if places > 0 {
            write!(f, ".{fraction:0places$}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Values spread over the range the boards use, none of them a tie at any place.
    fn samples() -> impl Iterator<Item = f64> {
        (0..4000).map(|i| (f64::from(i) - 2000.0) * 0.731_904_7 + 0.000_123)
    }

    #[test]
    fn fixed_places_match_the_standard_formatter() {
        for v in samples() {
            assert_eq!(
                fixed(v, 0).to_string(),
                format!("{v:.0}"),
                "{v} at 0 places"
            );
            assert_eq!(fixed(v, 1).to_string(), format!("{v:.1}"), "{v} at 1 place");
            assert_eq!(
                fixed(v, 2).to_string(),
                format!("{v:.2}"),
                "{v} at 2 places"
            );
            assert_eq!(
                fixed(v, 3).to_string(),
                format!("{v:.3}"),
                "{v} at 3 places"
            );
        }
    }

    #[test]
    fn short_reads_back_within_half_a_thousandth() {
        for v in samples() {
            let text = short(v).to_string();
            let back: f64 = text.parse().expect("short writes a number");
            assert!((back - v).abs() <= 0.000_5 + 1e-12, "{v} written as {text}");
            assert!(
                !text.contains('.') || !text.ends_with('0'),
                "{text} keeps a trailing zero"
            );
            assert!(!text.ends_with('.'), "{text} ends with a point");
        }
    }

    #[test]
    fn whole_numbers_and_small_fractions_are_written_plainly() {
        assert_eq!(short(12.0).to_string(), "12");
        assert_eq!(short(12.5).to_string(), "12.5");
        assert_eq!(short(-0.25).to_string(), "-0.25");
        assert_eq!(short(1.0 / 3.0).to_string(), "0.333");
        assert_eq!(short(-0.0001).to_string(), "0");
        assert_eq!(short(0.0405).to_string(), "0.041");
        assert_eq!(fixed(3.0, 2).to_string(), "3.00");
        assert_eq!(fixed(-0.04, 1).to_string(), "0.0");
        assert_eq!(fixed(7.96, 1).to_string(), "8.0");
        assert_eq!(short(f64::NAN).to_string(), "0");
    }
}
