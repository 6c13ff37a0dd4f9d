//! A whole number typed in a form's box (a target score, bones each, a frame's width): the
//! number kept, and, when that is not what was typed, a note that says so and why.

/// What a box for a whole number from `lo` to `hi` keeps of what was typed in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counted {
    /// The number typed, as it was.
    Exact(u32),
    /// The nearest whole number to the fraction typed (a half goes up).
    Rounded(u32),
    /// The nearer bound, for a number beyond the bounds.
    Bounded(u32),
    /// Nothing that reads as a number (a cleared box): the number in force stays.
    Unread,
}

/// Reads a box for a whole number from `lo` to `hi`. `typed` is the box's number as the
/// browser reads it ("1e3" is 1000), not a number when it cannot.
pub fn count(typed: f64, lo: u32, hi: u32) -> Counted {
    if !typed.is_finite() {
        return Counted::Unread;
    }
    let whole = (typed + 0.5).floor();
    if whole < f64::from(lo) {
        Counted::Bounded(lo)
    } else if whole > f64::from(hi) {
        Counted::Bounded(hi)
    } else if whole != typed {
        // Within the bounds, so the cast is exact.
        Counted::Rounded(whole as u32)
    } else {
        Counted::Exact(whole as u32)
    }
}

impl Counted {
    /// The number to keep, or `None` to keep the one in force.
    pub fn kept(self) -> Option<u32> {
        match self {
            Counted::Exact(n) | Counted::Rounded(n) | Counted::Bounded(n) => Some(n),
            Counted::Unread => None,
        }
    }

    /// What to tell the reader when the box does not keep what was typed (the same words while
    /// it is being typed and once it is kept): `label` names the box,
    /// `typed` is its text as the browser held it, `unit` follows the bounds (" px", or ""), and
    /// `in_force` is the number that stays when nothing could be read.
    pub fn note(
        self,
        label: &str,
        typed: &str,
        (lo, hi): (u32, u32),
        unit: &str,
        in_force: u32,
    ) -> Option<String> {
        // What the box held, unless it is too long to quote.
        let was = if typed.is_empty() || typed.len() > 12 {
            "the number typed".to_string()
        } else {
            typed.to_string()
        };
        match self {
            Counted::Exact(_) => None,
            Counted::Rounded(n) => Some(format!(
                "“{label}” takes whole numbers: {was} is taken as {n}."
            )),
            Counted::Bounded(n) => Some(format!(
                "“{label}” takes {lo} to {hi}{unit}: {was} is taken as {n}."
            )),
            Counted::Unread => Some(format!(
                "“{label}” takes a number from {lo} to {hi}{unit}: until one is typed, it stays at {in_force}."
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_within_the_bounds_are_kept_as_typed() {
        assert_eq!(count(10.0, 10, 500), Counted::Exact(10));
        assert_eq!(count(500.0, 10, 500), Counted::Exact(500));
        assert_eq!(count(1e3, 280, 2000), Counted::Exact(1000));
        assert_eq!(
            count(61.0, 10, 500).note("Play to", "61", (10, 500), "", 61),
            None
        );
    }

    #[test]
    fn fractions_go_to_the_nearest_whole_number_and_say_so() {
        assert_eq!(count(300.5, 280, 2000), Counted::Rounded(301));
        assert_eq!(count(412.4, 280, 2000), Counted::Rounded(412));
        assert_eq!(
            count(300.5, 280, 2000).note("Width", "300.5", (280, 2000), " px", 720),
            Some("“Width” takes whole numbers: 300.5 is taken as 301.".to_string())
        );
    }

    #[test]
    fn numbers_beyond_the_bounds_go_to_the_nearer_bound_and_say_so() {
        // 7.5 rounds to 8, which is still below 10.
        assert_eq!(count(7.5, 10, 500), Counted::Bounded(10));
        assert_eq!(count(9.5, 10, 500), Counted::Rounded(10));
        assert_eq!(count(-40.0, 280, 2000), Counted::Bounded(280));
        assert_eq!(count(5000.0, 280, 2000), Counted::Bounded(2000));
        assert_eq!(count(1e300, 1, 14), Counted::Bounded(14));
        assert_eq!(
            count(7.5, 10, 500).note("Play to", "7.5", (10, 500), " points", 61),
            Some("“Play to” takes 10 to 500 points: 7.5 is taken as 10.".to_string())
        );
        // A long run of digits is not quoted back.
        assert_eq!(
            count(1e20, 1, 14).note("Bones each", "100000000000000000000", (1, 14), "", 7),
            Some("“Bones each” takes 1 to 14: the number typed is taken as 14.".to_string())
        );
    }

    #[test]
    fn a_cleared_box_keeps_the_number_in_force_and_says_so() {
        assert_eq!(count(f64::NAN, 10, 500), Counted::Unread);
        assert_eq!(count(f64::INFINITY, 10, 500), Counted::Unread);
        assert_eq!(count(f64::NAN, 10, 500).kept(), None);
        assert_eq!(
            count(f64::NAN, 3, 9).note("Pegs each", "", (3, 9), "", 6),
            Some(
                "“Pegs each” takes a number from 3 to 9: until one is typed, it stays at 6."
                    .to_string()
            )
        );
    }
}
