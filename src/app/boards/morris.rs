//! The Morris board in SVG: lines, points, men, highlights. Click or tap a point, drag a man,
//! or use the keyboard (arrows along the lines, Enter or Space to act, Escape to cancel).

use leptos::prelude::*;

use parlour::decimal::short;
use parlour::rules::morris::{Board, Move, Point, Side};
use parlour::session::morris::Man;

use super::num;

/// The width of the board's grid, from file a to the last file, in drawing units.
const SPAN: f64 = 600.0;
/// Where file a and the top rank sit, leaving a margin for the file and rank labels.
const MARGIN: f64 = 100.0;
/// The side of the square drawing.
const SIZE: f64 = 2.0 * MARGIN + SPAN;
/// How near a pointer must come to a point to touch it.
const REACH: f64 = 46.0;
/// How far a pointer must travel before a press becomes a drag.
const DRAG_START: f64 = 12.0;

/// Drawing units between neighbouring grid lines of a board.
fn step(board: &Board) -> f64 {
    SPAN / f64::from(board.size() - 1)
}

/// How much larger than on the 24-point board men and marks are drawn on a smaller board.
fn scale(board: &Board) -> f64 {
    (step(board) / 100.0).min(1.25)
}

/// Where a point is drawn.
fn centre(board: &Board, p: Point) -> (f64, f64) {
    let last = f64::from(board.size() - 1);
    (
        MARGIN + f64::from(p.file()) * step(board),
        MARGIN + (last - f64::from(p.rank())) * step(board),
    )
}

fn point_id(p: Point) -> String {
    format!("point-{p}")
}

#[derive(Clone, Copy, PartialEq, Debug)]
struct Drag {
    from: Point,
    pointer: i32,
    start: (f64, f64),
    at: (f64, f64),
    moving: bool,
}

/// An arrow key as a step across the grid.
fn direction(key: &str) -> Option<(i8, i8)> {
    match key {
        "ArrowLeft" => Some((-1, 0)),
        "ArrowRight" => Some((1, 0)),
        "ArrowUp" => Some((0, 1)),
        "ArrowDown" => Some((0, -1)),
        _ => None,
    }
}

/// The neighbour of `from` along a line in direction `(df, dr)`, if there is one.
fn along_line(board: &Board, from: Point, (df, dr): (i8, i8)) -> Option<Point> {
    board
        .links()
        .into_iter()
        .filter_map(|(a, b)| {
            if a == from {
                Some(b)
            } else if b == from {
                Some(a)
            } else {
                None
            }
        })
        .find(|to| {
            let f = i16::from(to.file()) - i16::from(from.file());
            let r = i16::from(to.rank()) - i16::from(from.rank());
            f.signum() == i16::from(df) && r.signum() == i16::from(dr)
        })
}

/// The Morris board.
#[component]
pub fn MorrisBoard(
    /// The board's geometry.
    board: &'static Board,
    /// The men on the board.
    #[prop(into)]
    men: Signal<Vec<Man>>,
    /// The points the player may touch now.
    #[prop(into)]
    targets: Signal<Vec<Point>>,
    /// The man picked up, if any.
    #[prop(into)]
    selected: Signal<Option<Point>>,
    /// Whether the targets are men to remove.
    #[prop(into)]
    removing: Signal<bool>,
    /// The last move, to mark it.
    #[prop(into)]
    last: Signal<Option<Move>>,
    /// The mills the last move made (each as its points), to mark.
    #[prop(into)]
    mills: Signal<Vec<Vec<Point>>>,
    /// A move to suggest (a hint), to mark.
    #[prop(into)]
    hint: Signal<Option<Move>>,
    /// What the board is for now, for screen readers ("White to place").
    #[prop(into)]
    status: Signal<String>,
    /// The player touched a point.
    #[prop(into)]
    on_touch: Callback<Point>,
    /// The player dragged a man from one point to another.
    #[prop(into)]
    on_drag: Callback<(Point, Point)>,
    /// The player cancelled their choice.
    #[prop(into)]
    on_cancel: Callback<()>,
    /// A board only to look at (a replay): not focusable, and no keys to learn.
    #[prop(optional)]
    still: bool,
) -> impl IntoView {
    let svg_ref = NodeRef::<leptos::svg::Svg>::new();
    let focus = RwSignal::new(None::<Point>);
    let has_focus = RwSignal::new(false);
    // The focus ring shows while the keyboard is in use, not after a click.
    let keyboard = RwSignal::new(false);
    let drag = RwSignal::new(None::<Drag>);
    let swallow_click = StoredValue::new(false);

    let man_at = move |p: Point| men.with(|men| men.iter().find(|m| m.point == p).map(|m| m.side));
    let label = move |p: Point| {
        let mut text = match man_at(p) {
            Some(side) => format!("{p}, {} man", side.name()),
            None => format!("{p}, empty"),
        };
        if selected.get() == Some(p) {
            text.push_str(", picked up");
        }
        if targets.with(|t| t.contains(&p)) {
            text.push_str(if removing.get() {
                ", can be removed"
            } else if man_at(p).is_some() {
                ", can move"
            } else {
                ", open"
            });
        }
        text
    };

    // From a pointer's place on screen to the board's units.
    let to_board = move |x: f64, y: f64| -> Option<(f64, f64)> {
        let svg = svg_ref.get()?;
        let rect = svg.get_bounding_client_rect();
        if rect.width() <= 0.0 || rect.height() <= 0.0 {
            return None;
        }
        // The drawing is square and centred in its box.
        let scale = SIZE / rect.width().min(rect.height());
        let left = rect.left() + (rect.width() - SIZE / scale) / 2.0;
        let top = rect.top() + (rect.height() - SIZE / scale) / 2.0;
        Some(((x - left) * scale, (y - top) * scale))
    };
    let point_near = move |(x, y): (f64, f64)| -> Option<Point> {
        board.points().iter().copied().find(|p| {
            let (px, py) = centre(board, *p);
            distance((px, py), (x, y)) <= REACH * scale(board)
        })
    };

    let on_pointerdown = move |ev: leptos::ev::PointerEvent| {
        keyboard.set(false);
        if ev.button() != 0 {
            return;
        }
        let Some(at) = to_board(f64::from(ev.client_x()), f64::from(ev.client_y())) else {
            return;
        };
        if let Some(from) = point_near(at).filter(|p| man_at(*p).is_some()) {
            drag.set(Some(Drag {
                from,
                pointer: ev.pointer_id(),
                start: at,
                at,
                moving: false,
            }));
        }
    };
    let on_pointermove = move |ev: leptos::ev::PointerEvent| {
        let Some(mut d) = drag.get_untracked() else {
            return;
        };
        if d.pointer != ev.pointer_id() {
            return;
        }
        let Some(at) = to_board(f64::from(ev.client_x()), f64::from(ev.client_y())) else {
            return;
        };
        if !d.moving && distance(at, d.start) > DRAG_START {
            d.moving = true;
            if let Some(svg) = svg_ref.get_untracked() {
                let _ = svg.set_pointer_capture(ev.pointer_id());
            }
        }
        d.at = at;
        drag.set(Some(d));
    };
    let on_pointerup = move |ev: leptos::ev::PointerEvent| {
        let Some(d) = drag.get_untracked() else {
            return;
        };
        drag.set(None);
        if !d.moving || d.pointer != ev.pointer_id() {
            return;
        }
        swallow_click.set_value(true);
        let at = to_board(f64::from(ev.client_x()), f64::from(ev.client_y()));
        match at.and_then(point_near) {
            Some(to) if to != d.from => on_drag.run((d.from, to)),
            _ => {}
        }
    };
    let on_click = move |ev: leptos::ev::MouseEvent| {
        if swallow_click.get_value() {
            swallow_click.set_value(false);
            return;
        }
        let at = to_board(f64::from(ev.client_x()), f64::from(ev.client_y()));
        if let Some(p) = at.and_then(point_near) {
            focus.set(Some(p));
            on_touch.run(p);
        }
    };
    let on_keydown = move |ev: leptos::ev::KeyboardEvent| {
        let key = ev.key();
        keyboard.set(true);
        let current = focus
            .get_untracked()
            .unwrap_or_else(|| board.points()[board.points().len() - 1]);
        if let Some(dir) = direction(&key) {
            ev.prevent_default();
            let next = if focus.get_untracked().is_none() {
                current
            } else {
                along_line(board, current, dir).unwrap_or(current)
            };
            focus.set(Some(next));
        } else if key == "Enter" || key == " " {
            ev.prevent_default();
            focus.set(Some(current));
            on_touch.run(current);
        } else if key == "Escape" {
            ev.prevent_default();
            on_cancel.run(());
        }
    };
    let on_focus = move |_| {
        has_focus.set(true);
        let by_keyboard = svg_ref
            .get_untracked()
            .is_some_and(|svg| svg.matches(":focus-visible").unwrap_or(false));
        keyboard.set(by_keyboard);
        if focus.get_untracked().is_none() {
            let first = targets
                .get_untracked()
                .first()
                .copied()
                .unwrap_or_else(|| board.points()[board.points().len() - 1]);
            focus.set(Some(first));
        }
    };

    let lines = board
        .links()
        .into_iter()
        .map(|(a, b)| {
            let ((x1, y1), (x2, y2)) = (centre(board, a), centre(board, b));
            view! { <line class="line" x1=num(x1) y1=num(y1) x2=num(x2) y2=num(y2)/> }
        })
        .collect_view();
    let labels = (0..board.size())
        .map(|i| {
            let file = char::from(b'a' + i).to_string();
            let rank = (board.size() - i).to_string();
            let at = MARGIN + f64::from(i) * step(board);
            view! {
                <text class="coord" x=num(at) y=num(SIZE - 14.0) text-anchor="middle">{file}</text>
                <text class="coord" x="28" y=num(at + 10.0) text-anchor="middle">{rank}</text>
            }
        })
        .collect_view();
    let points = board
        .points()
        .iter()
        .copied()
        .map(|p| {
            let (x, y) = centre(board, p);
            view! {
                <circle id=point_id(p) class="point" cx=num(x) cy=num(y) r="12" role="img"
                    aria-label=move || label(p)/>
            }
        })
        .collect_view();

    let man_view = move |man: Man| {
        let id = man.id;
        let side_class = match man.side {
            Side::White => "man white",
            Side::Black => "man black",
        };
        let place = move || {
            let d = drag.get();
            let point = men.with(|men| men.iter().find(|m| m.id == id).map(|m| m.point));
            match (point, d) {
                (Some(p), Some(d)) if d.moving && d.from == p => (d.at, true),
                (Some(p), _) => (centre(board, p), false),
                (None, _) => ((SIZE / 2.0, SIZE / 2.0), false),
            }
        };
        view! {
            <g class=side_class
                class:dragging=move || place().1
                class:selected=move || {
                    let p = men.with(|men| men.iter().find(|m| m.id == id).map(|m| m.point));
                    p.is_some() && selected.get() == p
                }
                style=move || {
                    let ((x, y), _) = place();
                    format!("transform: translate({}px, {}px) scale({})", short(x), short(y), short(scale(board)))
                }
                aria-hidden="true"
            >
                <circle class="body" r="34"/>
                <circle class="ring" r="22"/>
                <circle class="eye" r="7"/>
            </g>
        }
    };

    let target_marks = move || {
        let removing = removing.get();
        targets
            .get()
            .into_iter()
            .map(|p| {
                let (x, y) = centre(board, p);
                let class = if removing {
                    "target remove"
                } else if man_at(p).is_some() {
                    "target movable"
                } else {
                    "target open"
                };
                let r = if man_at(p).is_some() { 44.0 } else { 17.0 } * scale(board);
                view! { <circle class=class cx=num(x) cy=num(y) r=num(r)/> }
            })
            .collect_view()
    };
    let last_marks = move || {
        let last = last.get()?;
        let mut marks = Vec::new();
        // A mill made is drawn as a band along its line, from end to end.
        for mill in mills.get() {
            let ends = mill
                .iter()
                .flat_map(|&a| mill.iter().map(move |&b| (a, b)))
                .max_by(|x, y| {
                    let span =
                        |(a, b): &(Point, Point)| distance(centre(board, *a), centre(board, *b));
                    span(x).total_cmp(&span(y))
                });
            if let Some((a, b)) = ends {
                let ((x1, y1), (x2, y2)) = (centre(board, a), centre(board, b));
                marks.push(
                    view! { <line class="mill-made" x1=num(x1) y1=num(y1) x2=num(x2) y2=num(y2)/> }
                        .into_any(),
                );
            }
        }
        if let Some(from) = last.from() {
            let (x, y) = centre(board, from);
            marks.push(
                view! { <circle class="last-from" cx=num(x) cy=num(y) r=num(18.0 * scale(board))/> }.into_any(),
            );
        }
        if let Some(to) = last.to() {
            let (x, y) = centre(board, to);
            marks.push(
                view! { <circle class="last-to" cx=num(x) cy=num(y) r=num(42.0 * scale(board))/> }
                    .into_any(),
            );
        }
        for gone in last.removals().iter() {
            let (x, y) = centre(board, gone);
            marks.push(
                view! {
                    <path class="last-removed"
                        d=format!("M{} {}l24 24m0 -24l-24 24", short(x - 12.0), short(y - 12.0))/>
                }
                .into_any(),
            );
        }
        Some(marks.collect_view())
    };
    let hint_marks = move || {
        let hint = hint.get()?;
        let k = scale(board);
        let mut marks = Vec::new();
        if let (Some(from), Some(to)) = (hint.from(), hint.to()) {
            let ((x1, y1), (x2, y2)) = (centre(board, from), centre(board, to));
            marks.push(
                view! { <line class="hint-line" x1=num(x1) y1=num(y1) x2=num(x2) y2=num(y2)/> }
                    .into_any(),
            );
        }
        if let Some(to) = hint.to() {
            let (x, y) = centre(board, to);
            marks.push(
                view! { <circle class="hint-to" cx=num(x) cy=num(y) r=num(40.0 * k)/> }.into_any(),
            );
        }
        for gone in hint.removals().iter() {
            let (x, y) = centre(board, gone);
            let d = 16.0 * k;
            marks.push(
                view! {
                    <path class="hint-removal"
                        d=format!("M{} {}l{} {}m0 {}l{} {}", short(x - d), short(y - d), short(2.0 * d), short(2.0 * d), short(-2.0 * d), short(-2.0 * d), short(2.0 * d))/>
                }
                .into_any(),
            );
        }
        Some(marks.collect_view())
    };
    let focus_ring = move || {
        let p = focus.get().filter(|_| has_focus.get() && keyboard.get())?;
        let k = scale(board);
        let (x, y) = centre(board, p);
        Some(
            view! { <rect class="focus-ring" x=num(x - 48.0 * k) y=num(y - 48.0 * k) width=num(96.0 * k) height=num(96.0 * k) rx="16"/> },
        )
    };

    view! {
        <svg
            node_ref=svg_ref
            class="board morris"
            class:removing=move || removing.get()
            viewBox=format!("0 0 {0} {0}", short(SIZE))
            role=if still { "img" } else { "application" }
            aria-roledescription="Morris board"
            aria-label=move || format!("Morris board. {}", status.get())
            aria-describedby=(!still).then_some("morris-keys")
            aria-activedescendant=move || focus.get().filter(|_| has_focus.get()).map(point_id)
            tabindex=(!still).then_some("0")
            on:keydown=on_keydown
            on:focus=on_focus
            on:blur=move |_| has_focus.set(false)
            on:click=on_click
            on:pointerdown=on_pointerdown
            on:pointermove=on_pointermove
            on:pointerup=on_pointerup
            on:pointercancel=move |_| drag.set(None)
        >
            <rect class="wood" x="4" y="4" width=num(SIZE - 8.0) height=num(SIZE - 8.0) rx="24"/>
            <g class="lines">{lines}</g>
            <g class="coords" aria-hidden="true">{labels}</g>
            <g class="points">{points}</g>
            <g class="marks" aria-hidden="true">{last_marks}{target_marks}</g>
            <g class="men">
                <For each=move || men.get() key=|man| man.id children=man_view/>
            </g>
            <g class="hints" aria-hidden="true">{hint_marks}</g>
            <g aria-hidden="true">{focus_ring}</g>
            {(!still).then(|| view! {
                <desc id="morris-keys" class="keys">
                    "Arrow keys move along the lines; Enter or Space acts; Escape cancels."
                </desc>
            })}
        </svg>
    }
}

/// The distance between two points of the drawing.
fn distance(a: (f64, f64), b: (f64, f64)) -> f64 {
    let (dx, dy) = (a.0 - b.0, a.1 - b.1);
    (dx * dx + dy * dy).sqrt()
}
