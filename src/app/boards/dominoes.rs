//! The table of a game of dominoes in SVG: the line drawn as bones (doubles across), winding
//! back and forth so that it stays on screen however long it grows, the spinner's north and
//! south arms, and the open ends marked. It is told which ends the chosen bone may go on and
//! reports the end the player touched (by click, key or drop); it decides no rule.

use leptos::prelude::*;

use parlour::decimal::short;
use parlour::rules::dominoes::{Bone, Line, OpenEnd, SpinnerAt};

use super::super::dom;
use super::num;

/// SVG user units to one half of a bone (a square).
const UNIT: f64 = 40.0;
/// How far apart the rows of a winding line are, in halves of a bone.
const ROW: f64 = 2.5;
/// The room kept clear round the spinner's north and south arms.
const COLUMN: f64 = 1.5;
/// How near a tap must come to an open end's centre (in halves of a bone) to touch it: a
/// little past its ends, and a bone's width past its sides.
const SLOT_REACH: f64 = 1.6;
/// How much nearer (in halves of a bone) a tap must be to one end than to any other to touch it.
const CLEARLY_NEARER: f64 = 0.6;
/// The fewest halves of a bone across the table once a spinner is down.
const SPINNER_WIDTH: f64 = 15.0;

/// A bone placed on the table: its centre and turn (0: `first` on the left), in halves.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Placed {
    pub bone: Bone,
    pub first: u8,
    pub second: u8,
    pub x: f64,
    pub y: f64,
    pub angle: f64,
}

/// Where the next bone on an arm would go.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Slot {
    pub arm: usize,
    pub x: f64,
    pub y: f64,
    pub angle: f64,
}

/// Lays an arm out from the centre: along a row, turning at the row's end into the next row
/// (rows `ROW` apart), or straight up or down for the spinner's north and south.
#[derive(Clone, Copy, Debug)]
struct Walker {
    x: f64,
    y: f64,
    /// Along the row: 1 to the right, -1 to the left.
    dir: f64,
    /// Toward the next row: 1 down, -1 up.
    turn: f64,
    /// The bounds of the row being laid.
    lo: f64,
    hi: f64,
    /// The bounds of the rows after the first.
    later: (f64, f64),
    /// Straight up or down (the spinner's north and south) ...
    vertical: bool,
    /// ... until this many bones are laid, then along rows this way (1 right, -1 left) within
    /// these bounds.
    bend: Option<(usize, f64, (f64, f64))>,
}

impl Walker {
    fn fits(&self, len: f64) -> bool {
        if self.dir > 0.0 {
            self.x + len <= self.hi - 1.0
        } else {
            self.x - len >= self.lo + 1.0
        }
    }

    fn next_row(&mut self) {
        self.y += ROW * self.turn;
        self.x += self.dir;
        self.dir = -self.dir;
        (self.lo, self.hi) = self.later;
    }

    /// Places a bone whose `inner` half touches the bone before it.
    fn step(&mut self, bone: Bone, inner: u8, outer: u8) -> Placed {
        let double = bone.is_double();
        let len = if double { 1.0 } else { 2.0 };
        let placed = |x: f64, y: f64, angle: f64| Placed {
            bone,
            first: inner,
            second: outer,
            x,
            y,
            angle,
        };
        if self.vertical {
            let p = placed(
                self.x,
                self.y + self.turn * len / 2.0,
                if double { 0.0 } else { 90.0 * self.turn },
            );
            self.y += self.turn * len;
            if let Some((left, dir, later)) = self.bend {
                if left <= 1 {
                    // Turn into the rows beside the arm, one row from the line across.
                    self.vertical = false;
                    self.y = self.turn * ROW;
                    self.x = dir * 0.5;
                    self.dir = dir;
                    self.later = later;
                    (self.lo, self.hi) = later;
                    self.bend = None;
                } else {
                    self.bend = Some((left - 1, dir, later));
                }
            }
            return p;
        }
        if double && !self.fits(len) && !self.fits(0.0) {
            self.next_row();
        }
        if self.fits(len) || double {
            let p = placed(
                self.x + self.dir * len / 2.0,
                self.y,
                if double {
                    90.0
                } else if self.dir > 0.0 {
                    0.0
                } else {
                    180.0
                },
            );
            self.x += self.dir * len;
            return p;
        }
        // The corner: the bone stands across the row's end, leading into the next row.
        let p = placed(
            self.x + self.dir * 0.5,
            self.y + self.turn * 0.5,
            90.0 * self.turn,
        );
        self.next_row();
        p
    }

    /// Where a bone (not a double) laid next would go.
    fn slot(&self, arm: usize) -> Slot {
        let mut probe = *self;
        let p = probe.step(Bone::new(1, 0), 1, 0);
        Slot {
            arm,
            x: p.x,
            y: p.y,
            angle: p.angle,
        }
    }
}

/// Every bone of the line, the centre one first, and the slots of the open arms.
pub fn layout(line: &Line, width: f64) -> (Vec<Placed>, Vec<(usize, Slot)>) {
    let Some(set) = line.set() else {
        return (Vec::new(), Vec::new());
    };
    // The chains from the centre bone outward, as (bone, inner half, outer half). The centre is
    // the spinner when there is one, so that its four arms can all be reached.
    let outward = |arm: usize| -> Vec<(Bone, u8, u8)> {
        line.arm(line.end_name(arm))
            .iter()
            .map(|l| (l.bone, l.touching, l.open))
            .collect()
    };
    let inward = |arm: usize, upto: usize| -> Vec<(Bone, u8, u8)> {
        line.arm(line.end_name(arm))[..upto]
            .iter()
            .rev()
            .map(|l| (l.bone, l.open, l.touching))
            .collect()
    };
    let (centre, west, east) = match line.spinner_at() {
        Some(SpinnerAt::Arm(0, at)) => {
            let mut east = inward(0, at);
            east.push((set, set.high, set.low));
            east.extend(outward(1));
            (
                line.arm(line.end_name(0))[at].bone,
                outward(0)[at + 1..].to_vec(),
                east,
            )
        }
        Some(SpinnerAt::Arm(_, at)) => {
            let mut west = inward(1, at);
            west.push((set, set.low, set.high));
            west.extend(outward(0));
            (
                line.arm(line.end_name(1))[at].bone,
                west,
                outward(1)[at + 1..].to_vec(),
            )
        }
        _ => (set, outward(0), outward(1)),
    };
    let spinner = line.spinner_at().is_some();
    let half = width / 2.0;
    let reach = if centre.is_double() { 0.5 } else { 1.0 };
    let mut placed = vec![Placed {
        bone: centre,
        first: centre.high,
        second: centre.low,
        x: 0.0,
        y: 0.0,
        angle: if centre.is_double() { 90.0 } else { 0.0 },
    }];
    let row = |dir: f64, turn: f64, later: (f64, f64)| Walker {
        x: dir * reach,
        y: 0.0,
        dir,
        turn,
        lo: -half,
        hi: half,
        later,
        vertical: false,
        bend: None,
    };
    let (west_rows, east_rows) = if spinner {
        ((-half, -COLUMN), (COLUMN, half))
    } else {
        ((-half, half), (-half, half))
    };
    // North turns right into the rows above the east, south left into the rows below the west:
    // the four arms wind in four quarters and never meet.
    let column = |turn: f64| Walker {
        x: 0.0,
        y: turn,
        dir: 0.0,
        turn,
        lo: -half,
        hi: half,
        later: (-half, half),
        vertical: true,
        bend: Some(if turn < 0.0 {
            (1, 1.0, (-0.5, half))
        } else {
            (1, -1.0, (-half, 0.5))
        }),
    };
    let mut walkers = [
        (0, row(-1.0, -1.0, west_rows), west),
        (1, row(1.0, 1.0, east_rows), east),
        (2, column(-1.0), outward(2)),
        (3, column(1.0), outward(3)),
    ];
    let mut slots = Vec::new();
    for (arm, walker, chain) in walkers.iter_mut() {
        for (bone, inner, outer) in chain.iter() {
            placed.push(walker.step(*bone, *inner, *outer));
        }
        if *arm < 2 || line.north_south_open() {
            slots.push((*arm, walker.slot(*arm)));
        }
    }
    (placed, slots)
}

/// Where the pips of a number lie in a half, from its centre (halves are 1 across).
fn pips(n: u8) -> Vec<(f64, f64)> {
    let a = 0.27;
    let (tl, tr, bl, br) = ((-a, -a), (a, -a), (-a, a), (a, a));
    let (ml, mr, c, tc, bc) = ((-a, 0.0), (a, 0.0), (0.0, 0.0), (0.0, -a), (0.0, a));
    let column = |x: f64, rows: &[f64]| rows.iter().map(|y| (x, *y)).collect::<Vec<_>>();
    let four = [-0.3, -0.1, 0.1, 0.3];
    match n {
        0 => vec![],
        1 => vec![c],
        2 => vec![tl, br],
        3 => vec![tl, c, br],
        4 => vec![tl, tr, bl, br],
        5 => vec![tl, tr, c, bl, br],
        6 => vec![tl, tr, ml, mr, bl, br],
        7 => vec![tl, tr, ml, c, mr, bl, br],
        8 => vec![tl, tc, tr, ml, mr, bl, bc, br],
        9 => vec![tl, tc, tr, ml, c, mr, bl, bc, br],
        10 => [
            column(-a, &four),
            column(a, &four),
            column(0.0, &[-0.2, 0.2]),
        ]
        .concat(),
        11 => [
            column(-a, &four),
            column(a, &four),
            column(0.0, &[-0.25, 0.0, 0.25]),
        ]
        .concat(),
        _ => [column(-a, &four), column(a, &four), column(0.0, &four)].concat(),
    }
}

/// A bone face up, `first` on the left before it is turned by `angle` degrees about its centre
/// (`x`, `y`, in SVG units), `unit` across a half.
pub fn bone_face(first: u8, second: u8, x: f64, y: f64, angle: f64, unit: f64) -> impl IntoView {
    let r = if first.max(second) > 9 { 0.065 } else { 0.08 } * unit;
    let dots = |n: u8, cx: f64| {
        pips(n)
            .into_iter()
            .map(|(dx, dy)| {
                view! { <circle class="pip" cx=num((cx + dx) * unit) cy=num(dy * unit) r=num(r)/> }
            })
            .collect_view()
    };
    view! {
        <g class="bone" transform=format!("translate({} {}) rotate({})", short(x), short(y), short(angle))>
            <rect class="bone-face" x=num(-unit + 1.0) y=num(-unit / 2.0 + 1.0) width=num(2.0 * unit - 2.0) height=num(unit - 2.0) rx=num(unit * 0.14)/>
            <line class="bone-bar" x1="0" y1=num(-unit / 2.0 + unit * 0.12) x2="0" y2=num(unit / 2.0 - unit * 0.12)/>
            {dots(first, -0.5)}
            {dots(second, 0.5)}
        </g>
    }
}

/// A small picture of a bone standing in a hand, `unit` across.
pub fn standing_bone(bone: Bone, unit: f64) -> impl IntoView {
    view! {
        <svg class="hand-bone-face" viewBox=format!("{} {} {} {}", short(-unit / 2.0), short(-unit), short(unit), short(2.0 * unit)) aria-hidden="true">
            {bone_face(bone.high, bone.low, 0.0, 0.0, 90.0, unit)}
        </svg>
    }
}

/// A row of small bones standing face up, each named for screen readers; "none" if there are
/// none.
pub fn small_bones(bones: Vec<Bone>) -> impl IntoView {
    if bones.is_empty() {
        return view! { <span>"none"</span> }.into_any();
    }
    bones
        .into_iter()
        .map(|b| {
            view! {
                <span class="small-bone" title=b.to_string()>
                    {standing_bone(b, 12.0)}
                    <span class="visually-hidden">{b.to_string()}</span>
                </span>
            }
        })
        .collect_view()
        .into_any()
}

/// A bone face down, standing, `unit` across.
pub fn bone_back(x: f64, y: f64, unit: f64) -> impl IntoView {
    view! {
        <rect class="bone-back" x=num(x - unit / 2.0 + 1.0) y=num(y - unit + 1.0) width=num(unit - 2.0) height=num(2.0 * unit - 2.0) rx=num(unit * 0.14)/>
    }
}

/// How many halves of a bone a row of the table holds when the table is drawn `px` CSS pixels
/// wide: a half about thirty pixels across, between ten (a phone) and twenty-four.
fn halves_across(px: f64) -> f64 {
    ((px - 16.0) / 30.0).floor().clamp(10.0, 24.0)
}

/// The table.
#[component]
pub fn DominoesBoard(
    /// The line on the table.
    #[prop(into)]
    line: Signal<Line>,
    /// The ends open for play now, as the rules give them.
    #[prop(into)]
    ends: Signal<Vec<OpenEnd>>,
    /// The arms (left/west 0, right/east 1, north 2, south 3) the chosen bone may go on.
    #[prop(into)]
    targets: Signal<Vec<usize>>,
    /// The bone laid last, to mark it.
    #[prop(into)]
    last: Signal<Option<Bone>>,
    /// What the table says while it is empty.
    #[prop(into)]
    empty: Signal<String>,
    /// The player touched (or dropped a bone on) an end.
    #[prop(into)]
    on_end: Callback<usize>,
) -> impl IntoView {
    let drawing = NodeRef::<leptos::svg::Svg>::new();
    let width = dom::measured_by_width(drawing, halves_across);
    // A spinner's arms share the rows, so they get more room on narrow screens (smaller bones).
    let effective = move || {
        let w = width.get();
        if line.with(|l| l.spinner_at().is_some()) {
            w.max(SPINNER_WIDTH)
        } else {
            w
        }
    };
    let drawn = Memo::new(move |_| line.with(|l| layout(l, effective())));
    // The drawing's bounds in halves of a bone: left, top, width, height.
    let bounds = move || {
        let half = effective() / 2.0 + 1.2;
        let (top, bottom) = drawn.with(|(placed, slots)| {
            let ys = placed
                .iter()
                .map(|p| p.y)
                .chain(slots.iter().map(|(_, s)| s.y));
            ys.fold((0.0f64, 0.0f64), |(a, b), y| (a.min(y), b.max(y)))
        });
        let (top, bottom) = (top - 1.6, bottom + 1.6);
        (-half, top, 2.0 * half, bottom - top)
    };
    let view_box = move || {
        let (left, top, wide, tall) = bounds();
        format!(
            "{} {} {} {}",
            short(left * UNIT),
            short(top * UNIT),
            short(wide * UNIT),
            short(tall * UNIT)
        )
    };
    // A tap beside an end (on a phone the ends are small) goes to the nearest within reach, while
    // a bone chosen goes somewhere: with none, a tap on the table's bones says nothing. A tap on
    // an end itself has been taken by the end.
    let on_table_click = move |ev: leptos::ev::MouseEvent| {
        if targets.with_untracked(Vec::is_empty) {
            return;
        }
        use wasm_bindgen::JsCast;
        let on_an_end = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .is_some_and(|t| t.closest(".end-slot").ok().flatten().is_some());
        let Some(svg) = drawing.get_untracked() else {
            return;
        };
        let rect = svg.get_bounding_client_rect();
        if on_an_end || rect.width() <= 0.0 || rect.height() <= 0.0 {
            return;
        }
        // The drawing is scaled to fit its box and centred in it.
        let (left, top, wide, tall) = bounds();
        let per_pixel = (wide / rect.width()).max(tall / rect.height());
        let x = left
            + (f64::from(ev.client_x()) - rect.left() - (rect.width() - wide / per_pixel) / 2.0)
                * per_pixel;
        let y = top
            + (f64::from(ev.client_y()) - rect.top() - (rect.height() - tall / per_pixel) / 2.0)
                * per_pixel;
        let open = ends.get_untracked();
        // The nearest open end and how far off the next nearest is.
        let (mut best, mut next) = (None::<(usize, f64)>, f64::INFINITY);
        drawn.with_untracked(|(_, slots)| {
            for (arm, slot) in slots
                .iter()
                .filter(|(arm, _)| open.iter().any(|e| e.end.arm() == *arm))
            {
                let off = ((slot.x - x).powi(2) + (slot.y - y).powi(2)).sqrt();
                match best {
                    Some((_, least)) if off >= least => next = next.min(off),
                    _ => {
                        next = best.map_or(next, |(_, least)| next.min(least));
                        best = Some((*arm, off));
                    }
                }
            }
        });
        // Within reach, and clearly nearer than any other: a tap about as near to two ends (on
        // the set double, on the spinner, between two arms) says no end in particular.
        let nearest = best.filter(|(_, off)| *off <= SLOT_REACH && next - off >= CLEARLY_NEARER);
        if let Some((arm, _)) = nearest {
            on_end.run(arm);
        }
    };
    let bones = move || {
        let last = last.get();
        drawn
            .get()
            .0
            .into_iter()
            .map(|p| {
                view! {
                    <g class:last-bone=last == Some(p.bone)>
                        {bone_face(p.first, p.second, p.x * UNIT, p.y * UNIT, p.angle, UNIT)}
                    </g>
                }
            })
            .collect_view()
    };
    let slots = move || {
        let targets = targets.get();
        let open = ends.get();
        drawn
            .get()
            .1
            .into_iter()
            .filter_map(|(arm, slot)| {
                let end = *open.iter().find(|e| e.end.arm() == arm)?;
                let target = targets.contains(&arm);
                let label = parlour::session::dominoes::end_label(&end);
                let (x, y) = (slot.x * UNIT, slot.y * UNIT);
                Some(view! {
                    <g class="end-slot" class:target=target
                        role="button" tabindex=if target { "0" } else { "-1" }
                        aria-label=label aria-disabled=if target { "false" } else { "true" }
                        data-arm=arm.to_string()
                        on:click=move |_| on_end.run(arm)
                        on:keydown=move |ev: leptos::ev::KeyboardEvent| {
                            if ev.key() == "Enter" || ev.key() == " " {
                                ev.prevent_default();
                                on_end.run(arm);
                            }
                        }
                        on:dragover=move |ev: leptos::ev::DragEvent| {
                            if target {
                                ev.prevent_default();
                            }
                        }
                        on:drop=move |ev: leptos::ev::DragEvent| {
                            ev.prevent_default();
                            on_end.run(arm);
                        }>
                        <rect transform=format!("translate({} {}) rotate({})", short(x), short(y), short(slot.angle))
                            x=num(-UNIT + 3.0) y=num(-UNIT / 2.0 + 3.0) width=num(2.0 * UNIT - 6.0) height=num(UNIT - 6.0) rx="6"/>
                        <text x=num(x) y=num(y + UNIT * 0.18) text-anchor="middle">{end.number}</text>
                    </g>
                })
            })
            .collect_view()
    };
    view! {
        <svg node_ref=drawing class="board dominoes" viewBox=view_box role="group" aria-label="The table"
            on:click=on_table_click>
            {move || drawn.with(|(p, _)| p.is_empty()).then(|| view! {
                <text class="empty-table" x="0" y="0" text-anchor="middle">{move || empty.get()}</text>
            })}
            {bones}
            {slots}
        </svg>
    }
}
