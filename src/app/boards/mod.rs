//! One board per game. A board draws the state it is given, highlights the targets it is given,
//! and reports what the player touched; it decides no rule.

pub mod archery;
pub mod dominoes;
pub mod doquin;
pub mod morris;
pub mod pieces;
pub mod quoits;

/// A length or coordinate of a drawing as an attribute's text (at most three decimal places),
/// written without the standard float formatter (see `parlour::decimal`).
pub fn num(value: f64) -> String {
    parlour::decimal::short(value).to_string()
}

/// The SVG transform that moves a drawing to (`x`, `y`), to a tenth of a unit.
pub fn translate(x: f64, y: f64) -> String {
    let (x, y) = (parlour::decimal::fixed(x, 1), parlour::decimal::fixed(y, 1));
    format!("translate({x} {y})")
}

/// What a board draws for the person at the screen rather than for the position: the targets
/// offered, a hint, the keyboard's focus ring, the ghost of a move not yet made, the empty
/// places a bone may go, the rings round the arrows a spin may move, the keys the board answers
/// to. A picture of the board leaves these out; the last move's marks stay.
pub const FOR_THE_PLAYER: &str =
    "circle.target, .hints, .focus-ring, .ghost, .target-ring, .end-slot, .movable-ring, .keys";

/// The classes by which a board marks a piece for the person at the screen: a Doquin rod that
/// may be pushed, a Morris man picked up. A picture draws those pieces as if unmarked.
pub const PLAYER_MARKS: [&str; 2] = ["pushable", "selected"];
