//! The Doquin block in SVG: a 3D view (isometric, shaded faces, pegs as rods sticking out by
//! the length left outside) that can be turned to look from another corner, and flat views of
//! the three playing faces as grids of holes. Both views take moves: they report the hole the
//! player points at and the hole picked, and draw the preview and targets they are given. They
//! decide no rule.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use parlour::decimal::{fixed, short};
use parlour::rules::doquin::{Doquin, Face, Hole};

use super::super::dom;
use super::pieces::outline;
use super::{num, translate};

use parlour::session::doquin::hole_words;
/// The colour of each seat's pegs, in words, for accessible names ("blue peg").
pub use parlour::session::doquin::PEG_COLOURS;
use parlour::sort::{sort_by, sort_by_key};

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
    /// What the hole pointed at would do (or, when none is, the hint's move).
    pub preview: Option<Preview>,
    /// The hole of the move a hint suggests.
    pub hint: Option<Hole>,
}

/// A hole's accessible name: "front 2-3, blue peg, 2 deep", "right 1-4, open",
/// "top 4-4, blocked".
pub fn hole_name(position: &Doquin, hole: Hole) -> String {
    let place = hole_words(hole);
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

// ---------------------------------------------------------------------------------------------
// The marks, each kept apart so that pointing at a hole redraws only what the preview touches.

/// The board's marks, split up.
#[derive(Clone, Copy)]
struct Marked {
    targets: Memo<Vec<Hole>>,
    pushing: Memo<bool>,
    last: Memo<Vec<Hole>>,
    preview: Memo<Option<Preview>>,
    hint: Memo<Option<Hole>>,
}

impl Marked {
    fn new(marks: Signal<Marks>) -> Marked {
        Marked {
            targets: Memo::new(move |_| marks.with(|m| m.targets.clone())),
            pushing: Memo::new(move |_| marks.with(|m| m.pushing)),
            last: Memo::new(move |_| marks.with(|m| m.last.clone())),
            preview: Memo::new(move |_| marks.with(|m| m.preview)),
            hint: Memo::new(move |_| marks.with(|m| m.hint)),
        }
    }

    /// The hole may be picked now.
    fn is_target(self, hole: Hole) -> bool {
        self.targets.with(|t| t.contains(&hole))
    }

    /// The hole is open and may take a peg now.
    fn is_open_target(self, hole: Hole) -> bool {
        !self.pushing.get() && self.is_target(hole)
    }

    /// The peg in the hole may be pushed further in now.
    fn is_pushable(self, hole: Hole) -> bool {
        self.pushing.get() && self.is_target(hole)
    }

    /// The hole was played in the last turn.
    fn is_last(self, hole: Hole) -> bool {
        self.last.with(|l| l.contains(&hole))
    }

    /// The hole is the hint's.
    fn is_hinted(self, hole: Hole) -> bool {
        self.hint.get() == Some(hole)
    }

    /// The peg in the hole would be captured by the move pointed at.
    fn is_captured(self, hole: Hole) -> bool {
        self.preview
            .with(|p| p.is_some_and(|p| p.captures == Some(hole)))
    }

    /// The peg in the hole is the one the preview moves (a push), shown faded under its ghost.
    fn is_moving(self, hole: Hole) -> bool {
        self.preview.with(|p| p.is_some_and(|p| p.hole == hole))
    }
}

/// What the holes say to screen readers: its name, and what picking it would do.
fn hole_label(position: &Doquin, marked: Marked, hole: Hole) -> String {
    let mut label = hole_name(position, hole);
    if marked.is_pushable(hole) {
        label.push_str(", can push");
    } else if marked.is_open_target(hole) {
        label.push_str(", can insert");
    }
    if marked.is_hinted(hole) {
        label.push_str(", the hint");
    }
    if marked.is_last(hole) {
        label.push_str(", last turn");
    }
    label
}

/// Whether a peg crossing a hole of `face` from `crossing`'s face runs across the hole (left
/// to right, as a player looking at `face` sees it) rather than up and down.
fn crosses_across(face: Face, crossing: Face) -> bool {
    matches!(
        (face, crossing),
        (Face::Front, Face::Right) | (Face::Right, Face::Front) | (Face::Top, Face::Right)
    )
}

/// The seat whose peg blocks a hole by filling its first cell, and the face that peg came in
/// from; `None` if the hole is open or holds a peg of its own.
fn blocker(position: &Doquin, hole: Hole) -> Option<(usize, Face)> {
    if position.peg(hole).is_some() {
        return None;
    }
    let n = position.block().size;
    let crossing = position.occupant(hole.cell(0, n))?;
    let owner = position.peg(crossing)?.owner.index();
    Some((owner, crossing.face))
}

/// The side of a crossing peg seen at the mouth of a blocked hole, drawn across a unit disc:
/// the part of the disc within `BAR_HALF` of its middle line.
fn crossing_bar() -> String {
    let (h, a) = (BAR_HALF, (1.0 - BAR_HALF * BAR_HALF).sqrt());
    format!(
        "M{} {}H{a}A1 1 0 0 1 {a} {h}H{}A1 1 0 0 1 {} {}Z",
        fixed(-a, 3),
        fixed(-h, 3),
        fixed(-a, 3),
        fixed(-a, 3),
        fixed(-h, 3),
        a = fixed(a, 3),
        h = fixed(h, 3),
    )
}

/// The turn (after the disc's own transform) that lays the crossing bar along the peg that
/// crosses a hole of `face` from `crossing`'s face.
fn bar_turn(face: Face, crossing: Face) -> &'static str {
    if crosses_across(face, crossing) {
        ""
    } else {
        " rotate(90)"
    }
}

/// A cross over a unit disc: the mark of a peg that would be captured.
const CAPTURE_CROSS: &str = "M-0.75 -0.75L0.75 0.75M0.75 -0.75L-0.75 0.75";

/// Points of a polygon as SVG writes them.
fn points(corners: &[Point]) -> String {
    corners
        .iter()
        .map(|(x, y)| format!("{},{}", fixed(*x, 1), fixed(*y, 1)))
        .collect::<Vec<_>>()
        .join(" ")
}

// ---------------------------------------------------------------------------------------------
// The 3D view's geometry. The block's cells are unit cubes: x runs left to right, y bottom to
// top, z front to back (as in `rules/doquin.md`), so the block fills [0, N] on each axis.

/// Drawing units along one cell of the block in the 3D view.
const CELL: f64 = 40.0;
/// A hole's radius, in cells.
const HOLE_RADIUS: f64 = 0.33;
/// A peg's radius, in cells: a little less than its hole's.
const PEG_RADIUS: f64 = 0.27;
/// Half the width of a crossing peg's side seen in a blocked hole, in hole radii.
const BAR_HALF: f64 = 0.6;
/// The ring round a target hole, in hole radii.
const TARGET_RING: f64 = 1.3;
/// The area that answers the pointer round a hole, in hole radii (a cell is 1.5 of them).
const HOLE_REACH: f64 = 1.45;
/// Room round the drawing, in drawing units.
const MARGIN: f64 = 10.0;
/// The cosine of 30 degrees, the slant of the isometric view.
const COS_30: f64 = 0.866_025_403_784_438_6;
/// The corner the block is seen from, by how many times it has been turned left.
const CORNERS: [&str; 4] = ["front-right", "back-right", "back-left", "front-left"];

/// A point or a direction in the block, in cells.
type Vec3 = [f64; 3];
/// A point or a direction in the drawing.
type Point = (f64, f64);

fn add(a: Vec3, b: Vec3) -> Vec3 {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

fn times(a: Vec3, k: f64) -> Vec3 {
    [a[0] * k, a[1] * k, a[2] * k]
}

/// The way a playing face looks out of the block.
fn outward(face: Face) -> Vec3 {
    match face {
        Face::Front => [0.0, 0.0, -1.0],
        Face::Right => [1.0, 0.0, 0.0],
        Face::Top => [0.0, 1.0, 0.0],
    }
}

/// A face's own directions as a player looking straight at it sees them: along a row (toward
/// higher columns) and down a column (toward higher rows).
fn along_and_down(face: Face) -> (Vec3, Vec3) {
    match face {
        Face::Front => ([1.0, 0.0, 0.0], [0.0, -1.0, 0.0]),
        Face::Right => ([0.0, 0.0, 1.0], [0.0, -1.0, 0.0]),
        Face::Top => ([1.0, 0.0, 0.0], [0.0, 0.0, -1.0]),
    }
}

/// The middle of a hole's mouth, on its face.
fn mouth(hole: Hole, n: u8) -> Vec3 {
    let (x, y, z) = hole.cell(0, n);
    let centre = [f64::from(x) + 0.5, f64::from(y) + 0.5, f64::from(z) + 0.5];
    add(centre, times(outward(hole.face), 0.5))
}

/// Where a peg's outer end is, when it fills `depth` cells of its hole.
fn peg_end(hole: Hole, n: u8, depth: u8) -> Vec3 {
    let outside = f64::from(n.saturating_sub(depth));
    add(mouth(hole, n), times(outward(hole.face), outside))
}

/// The isometric picture of a point or direction of the block already turned to the eye.
fn picture([x, y, z]: Vec3) -> Point {
    ((x + z) * COS_30 * CELL, (-y + (x - z) * 0.5) * CELL)
}

/// The block as seen from one of its four upper corners: turned `turn` times to the left
/// about its upright middle.
#[derive(Clone, Copy, PartialEq, Debug)]
struct Eye {
    n: f64,
    turn: u8,
}

impl Eye {
    fn new(n: u8, turn: u8) -> Eye {
        Eye {
            n: f64::from(n),
            turn: turn % 4,
        }
    }

    /// A direction after the block's turns.
    fn turned(self, [x, y, z]: Vec3) -> Vec3 {
        let (mut a, mut b) = (x, z);
        for _ in 0..self.turn {
            // One turn to the left: the front goes to the left, the right comes to the front.
            (a, b) = (b, -a);
        }
        [a, y, b]
    }

    /// A point of the block after its turns (about its middle).
    fn turned_point(self, p: Vec3) -> Vec3 {
        let middle = self.n / 2.0;
        let [x, y, z] = self.turned([p[0] - middle, p[1], p[2] - middle]);
        [x + middle, y, z + middle]
    }

    /// Where a point of the block is drawn.
    fn point(self, p: Vec3) -> Point {
        picture(self.turned_point(p))
    }

    /// How a direction of the block is drawn.
    fn vector(self, v: Vec3) -> Point {
        picture(self.turned(v))
    }

    /// Whether a surface looking this way faces the eye (which looks from front, right, above).
    fn sees(self, normal: Vec3) -> bool {
        let [x, y, z] = self.turned(normal);
        x + y - z > 0.5
    }

    /// How far a point is from the eye (farther is larger), to paint the far things first.
    fn distance(self, p: Vec3) -> f64 {
        let [x, y, z] = self.turned_point(p);
        z - x - y
    }

    /// The light on a side of the block looking this way: the top is lit, the side on the left
    /// of the picture in half light, the side on the right in shade.
    fn light(self, normal: Vec3) -> &'static str {
        let [x, y, _] = self.turned(normal);
        if y > 0.5 {
            "lit"
        } else if x > 0.5 {
            "shaded"
        } else {
            "half-lit"
        }
    }

    /// The SVG transform that draws the unit circle as a disc of `radius` cells lying flat on
    /// `face` at `centre`, with the face's rows and columns as its own x and y.
    fn disc(self, face: Face, centre: Vec3, radius: f64) -> String {
        let (along, down) = along_and_down(face);
        let (a, b) = self.vector(times(along, radius));
        let (c, d) = self.vector(times(down, radius));
        let (e, f) = self.point(centre);
        format!(
            "matrix({} {} {} {} {} {})",
            fixed(a, 3),
            fixed(b, 3),
            fixed(c, 3),
            fixed(d, 3),
            fixed(e, 2),
            fixed(f, 2)
        )
    }
}

/// A side of the block: the way it looks out, a corner and its two edges (on a block of
/// size 1), and the playing face drilled in it, if any.
struct Side {
    out: Vec3,
    corner: Vec3,
    edges: (Vec3, Vec3),
    face: Option<Face>,
}

/// The sides of the block that the eye may see (never the bottom).
const SIDES: [Side; 5] = [
    Side {
        out: [0.0, 0.0, -1.0],
        corner: [0.0, 0.0, 0.0],
        edges: ([1.0, 0.0, 0.0], [0.0, 1.0, 0.0]),
        face: Some(Face::Front),
    },
    Side {
        out: [1.0, 0.0, 0.0],
        corner: [1.0, 0.0, 0.0],
        edges: ([0.0, 0.0, 1.0], [0.0, 1.0, 0.0]),
        face: Some(Face::Right),
    },
    Side {
        out: [0.0, 1.0, 0.0],
        corner: [0.0, 1.0, 0.0],
        edges: ([1.0, 0.0, 0.0], [0.0, 0.0, 1.0]),
        face: Some(Face::Top),
    },
    Side {
        out: [0.0, 0.0, 1.0],
        corner: [0.0, 0.0, 1.0],
        edges: ([1.0, 0.0, 0.0], [0.0, 1.0, 0.0]),
        face: None,
    },
    Side {
        out: [-1.0, 0.0, 0.0],
        corner: [0.0, 0.0, 0.0],
        edges: ([0.0, 0.0, 1.0], [0.0, 1.0, 0.0]),
        face: None,
    },
];

impl Side {
    /// The side's outline in the picture.
    fn outline(&self, eye: Eye) -> Vec<Point> {
        let n = eye.n;
        let corner = times(self.corner, n);
        let (a, b) = (times(self.edges.0, n), times(self.edges.1, n));
        [
            corner,
            add(corner, a),
            add(add(corner, a), b),
            add(corner, b),
        ]
        .into_iter()
        .map(|p| eye.point(p))
        .collect()
    }
}

/// The drawing's box: room for the block and for pegs sticking out of every playing face as
/// far as they can, from every corner, so that the block keeps its place as it turns.
fn view_box(n: u8) -> String {
    let size = f64::from(n);
    let reach = size - 1.0 + PEG_RADIUS;
    let boxes: [(Vec3, Vec3); 4] = [
        ([0.0, 0.0, 0.0], [size, size, size]),
        ([0.0, 0.0, -reach], [size, size, 0.0]),
        ([size, 0.0, 0.0], [size + reach, size, size]),
        ([0.0, size, 0.0], [size, size + reach, size]),
    ];
    let (mut left, mut top, mut right, mut bottom) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for turn in 0..4 {
        let eye = Eye::new(n, turn);
        for (lo, hi) in boxes {
            for corner in 0..8 {
                let pick = |axis: usize| {
                    if corner >> axis & 1 == 1 {
                        hi[axis]
                    } else {
                        lo[axis]
                    }
                };
                let (x, y) = eye.point([pick(0), pick(1), pick(2)]);
                left = left.min(x);
                right = right.max(x);
                top = top.min(y);
                bottom = bottom.max(y);
            }
        }
    }
    format!(
        "{} {} {} {}",
        fixed(left - MARGIN, 0),
        fixed(top - MARGIN, 0),
        fixed(right - left + 2.0 * MARGIN, 0),
        fixed(bottom - top + 2.0 * MARGIN, 0)
    )
}

/// A peg's rod in the picture: where it leaves its hole, where its end is, and the half-width
/// across it (to the edge of the rod's outline).
struct Rod {
    base: Point,
    end: Point,
    across: Point,
}

impl Rod {
    fn new(eye: Eye, hole: Hole, n: u8, depth: u8) -> Rod {
        let base = eye.point(mouth(hole, n));
        let end = eye.point(peg_end(hole, n, depth));
        let way = (end.0 - base.0, end.1 - base.1);
        let (along, down) = along_and_down(hole.face);
        let u = eye.vector(times(along, PEG_RADIUS));
        let v = eye.vector(times(down, PEG_RADIUS));
        // The rim points of the rod's round end that lie farthest to either side of its length.
        let side = |p: Point| way.0 * p.1 - way.1 * p.0;
        // The cosine and sine of the angle whose tangent is side(v) / side(u), by a square root
        // (a WebAssembly instruction) rather than atan2, cos and sin (a library of their own).
        let (a, b) = (side(u), side(v));
        let r = (a * a + b * b).sqrt();
        let (cos, sin) = if r > 0.0 { (a / r, b / r) } else { (1.0, 0.0) };
        Rod {
            base,
            end,
            across: (u.0 * cos + v.0 * sin, u.1 * cos + v.1 * sin),
        }
    }

    /// The half-width toward the lower right, away from the light.
    fn shaded_side(&self) -> Point {
        let (x, y) = self.across;
        if x + y > 0.0 {
            (x, y)
        } else {
            (-x, -y)
        }
    }

    /// The rod's body between its two round ends.
    fn body(&self) -> Vec<Point> {
        let (bx, by) = self.base;
        let (ex, ey) = self.end;
        let (ax, ay) = self.across;
        vec![
            (bx + ax, by + ay),
            (ex + ax, ey + ay),
            (ex - ax, ey - ay),
            (bx - ax, by - ay),
        ]
    }

    /// The half of the body away from the light.
    fn shade(&self) -> Vec<Point> {
        let (sx, sy) = self.shaded_side();
        let ((bx, by), (ex, ey)) = (self.base, self.end);
        vec![
            (bx + sx * 0.15, by + sy * 0.15),
            (ex + sx * 0.15, ey + sy * 0.15),
            (ex + sx, ey + sy),
            (bx + sx, by + sy),
        ]
    }

    /// The two long edges of the outline.
    fn edges(&self) -> String {
        let (bx, by) = self.base;
        let (ex, ey) = self.end;
        let (ax, ay) = self.across;
        format!(
            "M{} {}L{} {}M{} {}L{} {}",
            fixed(bx + ax, 1),
            fixed(by + ay, 1),
            fixed(ex + ax, 1),
            fixed(ey + ay, 1),
            fixed(bx - ax, 1),
            fixed(by - ay, 1),
            fixed(ex - ax, 1),
            fixed(ey - ay, 1)
        )
    }

    /// A streak of light along the lit side.
    fn shine(&self) -> String {
        let (sx, sy) = self.shaded_side();
        let ((bx, by), (ex, ey)) = (self.base, self.end);
        format!(
            "M{} {}L{} {}",
            fixed(bx - sx * 0.55, 1),
            fixed(by - sy * 0.55, 1),
            fixed(ex - sx * 0.55, 1),
            fixed(ey - sy * 0.55, 1)
        )
    }
}

/// A peg in its seat's colour with the seat's mark on its end, lying in `hole` and filling
/// `depth` cells. `end_shows` when its outer end faces the eye; a peg all the way in is drawn
/// as its end alone, in the hole's mouth.
fn peg_drawing(eye: Eye, n: u8, hole: Hole, seat: usize, depth: u8) -> AnyView {
    let end_shows = eye.sees(outward(hole.face));
    let end = eye.disc(hole.face, peg_end(hole, n, depth), PEG_RADIUS);
    let marks = |transform: String| {
        view! {
            <g class="rod-marks" transform=transform>
                {outline(seat, 0.45)}
                <path class="capture-cross" d=CAPTURE_CROSS/>
            </g>
        }
    };
    if depth >= n {
        return view! {
            <circle class="rod-end" r="1" transform=end.clone()/>
            {marks(end.clone())}
        }
        .into_any();
    }
    let rod = Rod::new(eye, hole, n, depth);
    let base = eye.disc(hole.face, mouth(hole, n), PEG_RADIUS);
    let body = view! {
        <polygon class="rod-body" points=points(&rod.body())/>
        <polygon class="rod-shade" points=points(&rod.shade())/>
        <path class="rod-shine" d=rod.shine()/>
        <path class="rod-edge" d=rod.edges()/>
    };
    if end_shows {
        view! {
            <circle class="rod-base" r="1" transform=base/>
            {body}
            <circle class="rod-end" r="1" transform=end.clone()/>
            {marks(end.clone())}
        }
        .into_any()
    } else {
        // The end looks away: its rim is the far outline, drawn first so the body covers the
        // near half of it.
        view! {
            <circle class="rod-base" r="1" transform=end.clone()/>
            {body}
        }
        .into_any()
    }
}

/// The pointer's handlers on a hole or a peg: hover reports it, a click or tap picks it.
#[derive(Clone, Copy)]
struct Pointing {
    on_pick: Callback<Hole>,
    on_hover: Callback<Option<Hole>>,
}

/// A peg of the block in the 3D view, as a rod that answers the pointer for its hole.
fn peg_rod(position: &Doquin, eye: Eye, hole: Hole, marked: Marked, pointing: Pointing) -> AnyView {
    let n = position.block().size;
    let Some(peg) = position.peg(hole) else {
        return ().into_any();
    };
    let seat = peg.owner.index();
    let name = hole_name(position, hole);
    view! {
        <g class=format!("rod seat-{seat}") data-hole=hole.to_string()
            data-target=move || marked.is_target(hole).then_some("")
            class:pushable=move || marked.is_pushable(hole)
            class:last=move || marked.is_last(hole)
            class:hinted=move || marked.is_hinted(hole)
            class:captured=move || marked.is_captured(hole)
            class:moving=move || marked.is_moving(hole)
            // Sticking out, a peg is drawn over the holes beside its own: a tap there goes
            // through it to the hole under it, unless the peg is one to push now.
            pointer-events=move || (!marked.is_pushable(hole)).then_some("none")
            on:pointerenter=move |_| pointing.on_hover.run(Some(hole))
            on:pointerleave=move |_| pointing.on_hover.run(None)
            on:click=move |_| pointing.on_pick.run(hole)
        >
            <title>{name}</title>
            {peg_drawing(eye, n, hole, seat, peg.depth)}
        </g>
    }
    .into_any()
}

/// A hole of a playing face that faces the eye: its mouth, what fills it, and its marks.
fn hole_mouth(
    position: &Doquin,
    eye: Eye,
    hole: Hole,
    marked: Marked,
    pointing: Pointing,
) -> AnyView {
    let n = position.block().size;
    let disc = eye.disc(hole.face, mouth(hole, n), HOLE_RADIUS);
    let inside = match (position.peg(hole), blocker(position, hole)) {
        (Some(peg), _) if peg.depth >= n => {
            // All the way in: only the peg's end shows, flush with the face.
            Some(peg_drawing(eye, n, hole, peg.owner.index(), peg.depth))
        }
        (None, Some((seat, crossing))) => Some(
            view! {
                <path class=format!("crossing seat-{seat}")
                    transform=format!("{disc}{}", bar_turn(hole.face, crossing))
                    d=crossing_bar()/>
            }
            .into_any(),
        ),
        _ => None,
    };
    let seat_class = position
        .peg(hole)
        .map(|p| format!("hole rod seat-{}", p.owner.index()))
        .unwrap_or_else(|| "hole".to_string());
    let name = hole_name(position, hole);
    view! {
        <g class=seat_class data-hole=hole.to_string()
            data-target=move || marked.is_target(hole).then_some("")
            class:target=move || marked.is_open_target(hole)
            class:last=move || marked.is_last(hole)
            class:hinted=move || marked.is_hinted(hole)
            class:captured=move || marked.is_captured(hole)
            on:pointerenter=move |_| pointing.on_hover.run(Some(hole))
            on:pointerleave=move |_| pointing.on_hover.run(None)
            on:click=move |_| pointing.on_pick.run(hole)
        >
            <title>{name}</title>
            <circle class="hole-reach" r=num(HOLE_REACH) transform=disc.clone()/>
            <circle class="target-ring" r=num(TARGET_RING) transform=disc.clone()/>
            <circle class="hole-dark" r="1" transform=disc.clone()/>
            {inside}
        </g>
    }
    .into_any()
}

/// The ghost of the peg the preview would insert or push, where it would stop. Drawn behind
/// the block when its face is turned away.
fn ghost(position: &Doquin, eye: Eye, preview: Option<Preview>, behind: bool) -> Option<AnyView> {
    let preview = preview?;
    let hole = preview.hole;
    let n = position.block().size;
    if !hole.fits(n) || eye.sees(outward(hole.face)) == behind {
        return None;
    }
    Some(
        view! {
            <g class=format!("rod ghost seat-{}", preview.seat) aria-hidden="true">
                {peg_drawing(eye, n, hole, preview.seat, preview.depth)}
            </g>
        }
        .into_any(),
    )
}

/// What the 3D picture says to screen readers.
fn block_summary(position: &Doquin, turn: u8) -> String {
    let pegs = position
        .block()
        .holes()
        .filter(|&h| position.peg(h).is_some())
        .count();
    let corner = CORNERS[usize::from(turn % 4)];
    let pegs = match pegs {
        0 => "no pegs in it yet".to_string(),
        1 => "1 peg in it".to_string(),
        k => format!("{k} pegs in it"),
    };
    format!(
        "The block seen from its {corner} corner, with {pegs}. The faces' grids list every hole."
    )
}

/// A way to turn the block about its upright middle.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Turning {
    Left,
    Right,
}

/// The whole picture of the block from one corner, painted far things first: pegs sticking
/// out of faces turned away, the sides that face the eye with their holes, then the pegs
/// sticking out toward the eye, nearest last.
fn block_scene(
    position: &Doquin,
    turn: u8,
    marked: Marked,
    pointing: Pointing,
    turning: Option<(Turning, u32)>,
) -> impl IntoView {
    let n = position.block().size;
    let eye = Eye::new(n, turn);
    let mut rods: Vec<(f64, Hole)> = position
        .block()
        .holes()
        .filter(|&h| position.peg(h).is_some_and(|p| p.depth < n))
        .map(|h| (eye.distance(mouth(h, n)), h))
        .collect();
    // Farthest first; equally far, in the holes' order.
    sort_by(&mut rods, |a, b| {
        b.0.total_cmp(&a.0).then(a.1.index(n).cmp(&b.1.index(n)))
    });
    let (front, back): (Vec<_>, Vec<_>) = rods
        .into_iter()
        .partition(|(_, h)| eye.sees(outward(h.face)));
    let draw_rods = |rods: Vec<(f64, Hole)>| {
        rods.into_iter()
            .map(|(_, h)| peg_rod(position, eye, h, marked, pointing))
            .collect_view()
    };
    let sides = SIDES
        .iter()
        .filter(|side| eye.sees(side.out))
        .map(|side| {
            let class = format!("side {}", eye.light(side.out));
            let holes = side.face.map(|face| {
                position
                    .block()
                    .holes()
                    .filter(|h| h.face == face)
                    .map(|h| hole_mouth(position, eye, h, marked, pointing))
                    .collect_view()
            });
            view! {
                <polygon class=class points=points(&side.outline(eye))/>
                {holes}
            }
        })
        .collect_view();
    let ghost_position = position.clone();
    let ghost_behind = move || ghost(&ghost_position, eye, marked.preview.get(), true);
    let ghost_position = position.clone();
    let ghost_front = move || ghost(&ghost_position, eye, marked.preview.get(), false);
    // The picture is redrawn in place, so two turns running alternate between two equal
    // animations for the second to play at all.
    let (class, from) = match turning {
        Some((way, count)) => (
            format!("scene turning-{}", count % 2),
            if way == Turning::Left { "8%" } else { "-8%" },
        ),
        None => ("scene".to_string(), "0"),
    };
    view! {
        <g class=class style=format!("--turn-from: {from}")>
            <g class="behind">{draw_rods(back)}{ghost_behind}</g>
            <g class="block">{sides}</g>
            <g class="in-front">{draw_rods(front)}{ghost_front}</g>
        </g>
    }
}

/// The block in 3D, with buttons to turn it.
#[component]
pub fn BlockView(
    /// The game whose block is drawn.
    #[prop(into)]
    position: Signal<Doquin>,
    /// The targets, last turn and preview to mark.
    #[prop(into)]
    marks: Signal<Marks>,
    /// A hole was picked (click or tap).
    on_pick: Callback<Hole>,
    /// The pointer is over a hole, or left the holes.
    on_hover: Callback<Option<Hole>>,
) -> impl IntoView {
    let turn = RwSignal::new(0u8);
    // Which way the block was turned just now, and how many turns so far, to play the turn.
    let turning = StoredValue::new(None::<(Turning, u32)>);
    let turns = StoredValue::new(0u32);
    let board = Memo::new(move |_| position.get());
    let marked = Marked::new(marks);
    let pointing = Pointing { on_pick, on_hover };
    let size = Memo::new(move |_| board.with(|b| b.block().size));
    let turn_by = move |way: Turning| {
        turns.update_value(|k| *k = k.wrapping_add(1));
        turning.set_value(Some((way, turns.get_value())));
        turn.update(|t| {
            *t = match way {
                Turning::Left => (*t + 1) % 4,
                Turning::Right => (*t + 3) % 4,
            }
        });
    };
    let scene = move || {
        let way = turning.get_value();
        turning.set_value(None);
        board.with(|b| block_scene(b, turn.get(), marked, pointing, way))
    };
    view! {
        <div class="doquin-block-view">
            <svg class="doquin-block" viewBox=move || view_box(size.get()) role="img"
                aria-label=move || board.with(|b| block_summary(b, turn.get()))>
                {scene}
            </svg>
            <div class="doquin-turn">
                <button type="button" title="Turn the block left"
                    on:click=move |_| turn_by(Turning::Left)>
                    <span aria-hidden="true">"↶"</span>"Turn left"
                </button>
                <span class="doquin-corner" aria-live="polite">
                    {move || format!("Seen from the {} corner", CORNERS[usize::from(turn.get())])}
                </span>
                <button type="button" title="Turn the block right"
                    on:click=move |_| turn_by(Turning::Right)>
                    "Turn right"<span aria-hidden="true">"↷"</span>
                </button>
            </div>
        </div>
    }
}

// ---------------------------------------------------------------------------------------------
// The flat faces.

/// Drawing units from one hole to the next in a face's grid.
const GRID: f64 = 40.0;
/// Room above and left of a face's grid for the column and row numbers.
const RULER: f64 = 18.0;
/// The radius of an open hole in a face's grid.
const GRID_HOLE: f64 = 11.0;
/// The radius of a peg's end in a face's grid.
const GRID_PEG: f64 = 13.5;

/// The middle of a hole in its face's grid.
fn grid_centre(hole: Hole) -> Point {
    (
        RULER + (f64::from(hole.column) - 0.5) * GRID,
        RULER + (f64::from(hole.row) - 0.5) * GRID,
    )
}

/// The face after `face` in the order Front, Right, Top (or before it, `back`), round again.
fn next_face(face: Face, back: bool) -> Face {
    let at = Face::ALL.iter().position(|&f| f == face).unwrap_or(0);
    let step = if back { Face::ALL.len() - 1 } else { 1 };
    Face::ALL[(at + step) % Face::ALL.len()]
}

/// Where a key moves the keyboard's place among the holes of a block of size `n`, or `None`
/// if the key is not one of the faces' keys. `command` is Ctrl or Cmd held down.
fn key_step(from: Hole, key: &str, command: bool, n: u8) -> Option<Hole> {
    let Hole { face, row, column } = from;
    let to = |face: Face, row: u8, column: u8| Some(Hole::new(face, row, column));
    match key {
        "ArrowUp" => to(face, row.saturating_sub(1).max(1), column),
        "ArrowDown" => to(face, (row + 1).min(n), column),
        "ArrowLeft" => to(face, row, column.saturating_sub(1).max(1)),
        "ArrowRight" => to(face, row, (column + 1).min(n)),
        "Home" if command => to(face, 1, 1),
        "End" if command => to(face, n, n),
        "Home" => to(face, row, 1),
        "End" => to(face, row, n),
        "PageUp" | "[" => to(next_face(face, true), row, column),
        "PageDown" | "]" => to(next_face(face, false), row, column),
        _ if command => None,
        _ => {
            let mut chars = key.chars();
            match (chars.next().and_then(Face::from_letter), chars.next()) {
                (Some(face), None) => to(face, row, column),
                _ => None,
            }
        }
    }
}

/// The next target after `from` in the holes' order (or before it, `back`), round again.
fn next_target(targets: &[Hole], from: Hole, n: u8, back: bool) -> Option<Hole> {
    let mut sorted: Vec<Hole> = targets.to_vec();
    sort_by_key(&mut sorted, |h| h.index(n));
    let here = from.index(n);
    if back {
        sorted
            .iter()
            .rev()
            .find(|h| h.index(n) < here)
            .or(sorted.last())
            .copied()
    } else {
        sorted
            .iter()
            .find(|h| h.index(n) > here)
            .or(sorted.first())
            .copied()
    }
}

/// A peg's end in a face's grid: its seat's piece with how deep it is written on it, and a
/// ring when it is all the way in.
fn grid_peg(seat: usize, depth: u8, all_the_way_in: bool) -> impl IntoView {
    // The triangle's middle sits a little below its box's.
    let lift = if seat % 4 == 3 { 2.0 } else { 0.0 };
    view! {
        {all_the_way_in.then(|| view! { <circle class="all-in-ring" r=num(GRID_PEG + 4.0)/> })}
        {outline(seat, GRID_PEG)}
        <text class=format!("piece-label depth seat-{seat}") y=num(5.0 + lift) text-anchor="middle">
            {depth.to_string()}
        </text>
    }
}

/// One hole of a face's grid as the keyboard and pointer reach it.
fn grid_hole(
    position: &Doquin,
    hole: Hole,
    marked: Marked,
    pointing: Pointing,
    home: Memo<Hole>,
    cursor: RwSignal<Option<Hole>>,
) -> impl IntoView {
    let n = position.block().size;
    let (x, y) = grid_centre(hole);
    let inside = match (position.peg(hole), blocker(position, hole)) {
        (Some(peg), _) => grid_peg(peg.owner.index(), peg.depth, peg.depth >= n).into_any(),
        (None, Some((seat, crossing))) => view! {
            <g transform=format!("scale({})", short(GRID_PEG))>
                <circle class="grid-blocked" r="1"/>
                <path class=format!("crossing seat-{seat}")
                    transform=bar_turn(hole.face, crossing) d=crossing_bar()/>
            </g>
        }
        .into_any(),
        (None, None) => view! { <circle class="grid-open" r=num(GRID_HOLE)/> }.into_any(),
    };
    let label_position = position.clone();
    let label = move || hole_label(&label_position, marked, hole);
    let half = GRID / 2.0 - 1.5;
    view! {
        <g class="grid-hole" role="button" data-hole=hole.to_string()
            transform=translate(x, y)
            tabindex=move || if home.get() == hole { "0" } else { "-1" }
            aria-label=label
            aria-disabled=move || (!marked.is_target(hole)).then_some("true")
            data-target=move || marked.is_target(hole).then_some("")
            class:target=move || marked.is_open_target(hole)
            class:pushable=move || marked.is_pushable(hole)
            class:last=move || marked.is_last(hole)
            class:hinted=move || marked.is_hinted(hole)
            class:captured=move || marked.is_captured(hole)
            class:moving=move || marked.is_moving(hole)
            on:pointerenter=move |_| pointing.on_hover.run(Some(hole))
            on:pointerleave=move |_| pointing.on_hover.run(None)
            on:click=move |_| pointing.on_pick.run(hole)
            on:focus=move |ev| {
                cursor.set(Some(hole));
                // The keyboard's focus previews its hole; a tap's does not, since a finger
                // leaves no focus it can see, and the preview would come back with the hole.
                let keyboard = event_target::<web_sys::Element>(&ev).matches(":focus-visible");
                if keyboard.unwrap_or(true) {
                    pointing.on_hover.run(Some(hole));
                }
            }
        >
            <rect class="grid-cell" x=num(-half) y=num(-half) width=num(2.0 * half) height=num(2.0 * half) rx="6"/>
            <circle class="target-ring" r=num(GRID_PEG + 3.0)/>
            {inside}
            <circle class="last-mark" cx=num(half - 5.0) cy=num(-half + 5.0) r="3.5"/>
            <path class="capture-cross" transform=format!("scale({})", short(GRID_PEG + 2.0))
                d=CAPTURE_CROSS/>
        </g>
    }
}

/// One face's grid: numbers for rows and columns, and every hole.
fn face_grid(
    position: &Doquin,
    face: Face,
    marked: Marked,
    pointing: Pointing,
    home: Memo<Hole>,
    cursor: RwSignal<Option<Hole>>,
) -> impl IntoView {
    let n = position.block().size;
    let span = f64::from(n) * GRID;
    let numbers = (1..=n)
        .map(|k| {
            let at = RULER + (f64::from(k) - 0.5) * GRID;
            view! {
                <text class="ruler" x=num(at) y=num(RULER - 5.0) text-anchor="middle">{k.to_string()}</text>
                <text class="ruler" x=num(RULER - 6.0) y=num(at + 4.0) text-anchor="end">
                    {k.to_string()}
                </text>
            }
        })
        .collect_view();
    let holes = position
        .block()
        .holes()
        .filter(|h| h.face == face)
        .map(|h| grid_hole(position, h, marked, pointing, home, cursor))
        .collect_view();
    let ghost_position = position.clone();
    let ghost = move || {
        let preview = marked.preview.get().filter(|p| p.hole.face == face)?;
        let (x, y) = grid_centre(preview.hole);
        let n = ghost_position.block().size;
        Some(view! {
            <g class=format!("ghost seat-{}", preview.seat) aria-hidden="true"
                transform=translate(x, y)>
                {grid_peg(preview.seat, preview.depth, preview.depth >= n)}
            </g>
        })
    };
    view! {
        <rect class="face-wood" x=num(RULER) y=num(RULER) width=num(span) height=num(span) rx="8"/>
        {numbers}
        {holes}
        {ghost}
    }
}

/// The three playing faces as flat grids; the keyboard's way in (face, row and column).
///
/// Keys, with a hole of the grids focused: arrows move along the face; F, R and T go to the
/// same row and column of the Front, Right or Top face, as do Page Up and Page Down (or `[`
/// and `]`) to the face before or after; Home and End go to the row's ends (with Ctrl, the
/// face's corners); N and Shift+N go to the next and previous hole that may be picked; Enter
/// or Space picks the hole; Escape clears the preview.
#[component]
pub fn FaceViews(
    /// The game whose faces are drawn.
    #[prop(into)]
    position: Signal<Doquin>,
    /// The targets, last turn and preview to mark.
    #[prop(into)]
    marks: Signal<Marks>,
    /// A hole was picked (click, tap, Enter or Space).
    on_pick: Callback<Hole>,
    /// The pointer or the keyboard's focus is on a hole, or left the holes.
    on_hover: Callback<Option<Hole>>,
    /// Nothing is ever picked here (a replay): the keys' help leaves picking out.
    #[prop(optional)]
    read_only: bool,
) -> impl IntoView {
    let board = Memo::new(move |_| position.get());
    let marked = Marked::new(marks);
    let pointing = Pointing { on_pick, on_hover };
    let size = Memo::new(move |_| board.with(|b| b.block().size));
    let container = NodeRef::<leptos::html::Div>::new();
    // The hole the keyboard was last on; until then, the first target.
    let cursor = RwSignal::new(None::<Hole>);
    let home = Memo::new(move |_| {
        let n = size.get();
        cursor
            .get()
            .filter(|h| h.fits(n))
            .or_else(|| marked.targets.with(|t| t.first().copied()))
            .unwrap_or(Hole::new(Face::Front, 1, 1))
    });
    let focus_hole = move |hole: Hole| {
        let found = container.get_untracked().and_then(|c| {
            c.query_selector(&format!("[data-hole=\"{hole}\"]"))
                .ok()
                .flatten()
        });
        if let Some(element) = found {
            dom::focus_element(&element);
        }
    };
    let on_keydown = move |ev: leptos::ev::KeyboardEvent| {
        let key = ev.key();
        let from = home.get_untracked();
        let n = size.get_untracked();
        let command = ev.ctrl_key() || ev.meta_key();
        let to = match key.as_str() {
            "Enter" | " " => {
                ev.prevent_default();
                on_pick.run(from);
                return;
            }
            "Escape" => {
                on_hover.run(None);
                return;
            }
            "n" | "N" if !command && !ev.alt_key() => marked
                .targets
                .with_untracked(|t| next_target(t, from, n, key == "N")),
            _ if ev.alt_key() => None,
            _ => key_step(from, &key, command, n),
        };
        if let Some(to) = to {
            ev.prevent_default();
            cursor.set(Some(to));
            focus_hole(to);
        }
    };
    let on_focusout = move |ev: leptos::ev::FocusEvent| {
        // Only when the keyboard takes the focus elsewhere; a click on the 3D block leaves no
        // element focused, and the pointer's own hover stands.
        let Some(next) = ev.related_target() else {
            return;
        };
        let inside = container
            .get_untracked()
            .is_some_and(|c| c.contains(next.dyn_ref::<web_sys::Node>()));
        if !inside {
            on_hover.run(None);
        }
    };
    let face_view = move |face: Face| {
        let heading = format!("doquin-face-{}", face.letter());
        view! {
            <section class="doquin-face">
                <h3 id=heading.clone()>{face.name()}</h3>
                <svg viewBox=move || {
                        let side = RULER + f64::from(size.get()) * GRID + 4.0;
                        format!("0 0 {0} {0}", short(side))
                    }
                    role="group" aria-labelledby=heading>
                    {move || board.with(|b| face_grid(b, face, marked, pointing, home, cursor))}
                </svg>
            </section>
        }
    };
    view! {
        <div class="doquin-faces" node_ref=container role="group"
            aria-label="The block's faces" aria-describedby="doquin-keys"
            on:keydown=on_keydown on:focusout=on_focusout>
            <h2 class="visually-hidden">"The block's faces"</h2>
            {Face::ALL.into_iter().map(face_view).collect_view()}
            <p id="doquin-keys" class="visually-hidden">
                {if read_only {
                    "Arrow keys move between holes; F, R and T change face."
                } else {
                    "Arrow keys move between holes; F, R and T change face; N goes to the next \
                     hole you can pick; Enter or Space picks it."
                }}
            </p>
        </div>
    }
}
