//! The Quoits board in SVG: one or two pitches, each a lane of fifteen spaces narrowing to the
//! hub, labelled from the farthest (7) to the hub. Men are drawn in their players' colours and
//! shapes; a pitched man flies in from the far end, a knocked man slides to its new space.

use leptos::prelude::*;

use parlour::decimal::short;
use parlour::record::colour_of;
use parlour::rules::quoits::{Space, LANE, SPACES};
use parlour::session::quoits::Man;

use super::num;
use super::pieces::outline;

const WIDTH_PER_PITCH: f64 = 210.0;
const TOP: f64 = 70.0;
const ROW: f64 = 40.0;

/// Where a place on a lane is drawn.
fn centre(pitch: usize, place: usize) -> (f64, f64) {
    (
        WIDTH_PER_PITCH * (pitch as f64 + 0.5),
        TOP + place as f64 * ROW,
    )
}

/// Half the width of a place's space: the lane narrows towards the hub.
fn half_width(place: usize) -> f64 {
    70.0 - place as f64 * 2.4
}

/// Where a man on a place stands: at the right of its space, within it however narrow (the
/// space's name is at the left).
fn man_at(pitch: usize, place: usize) -> (f64, f64) {
    let (x, y) = centre(pitch, place);
    (x + half_width(place) - 18.0, y)
}

/// The players of a pitch, above its lane: a long list is drawn narrower to stay over its own
/// lane, and one too long for that is cut short (the score table names everybody in full).
fn players_label(cx: f64, label: String) -> impl IntoView {
    // About what fits over a lane at the label's size, and how far it may be squeezed.
    const FITS: usize = 28;
    const SQUEEZED: usize = 40;
    let count = label.chars().count();
    let label = if count > SQUEEZED {
        let cut: String = label.chars().take(SQUEEZED - 1).collect();
        format!("{}…", cut.trim_end_matches([',', ' ']))
    } else {
        label
    };
    let squeeze = (count > FITS).then(|| num(WIDTH_PER_PITCH - 16.0));
    view! {
        <text class="pitch-players" x=num(cx) y="44" text-anchor="middle"
            textLength=squeeze lengthAdjust=count.gt(&FITS).then_some("spacingAndGlyphs")>{label}</text>
    }
}

/// The Quoits board.
#[component]
pub fn QuoitsBoard(
    /// How many pitches are in use (1 or 2).
    pitches: usize,
    /// Who pitches at each pitch, as the labels above the lanes say.
    labels: Vec<String>,
    /// The men on the pitches.
    #[prop(into)]
    men: Signal<Vec<Man>>,
    /// The man pitched last, which flies in.
    #[prop(into)]
    last: Signal<Option<usize>>,
    /// Each seat's colour (an index into the teetotum games' colours, which gives the shape too).
    colours: Vec<usize>,
) -> impl IntoView {
    let colours = StoredValue::new(colours);
    let width = WIDTH_PER_PITCH * pitches as f64;
    let height = TOP + SPACES as f64 * ROW + 10.0;
    let lanes = (0..pitches)
        .map(|p| {
            let (cx, _) = centre(p, 0);
            let top = TOP - ROW / 2.0;
            let bottom = TOP + (SPACES as f64 - 0.5) * ROW;
            let label = labels.get(p).cloned().unwrap_or_default();
            let spaces = LANE
                .iter()
                .enumerate()
                .map(|(i, space)| {
                    let (x, y) = centre(p, i);
                    let half = half_width(i);
                    let (class, label_class) = match space {
                        Space::Hub => ("lane-space hub", "lane-label on-hub"),
                        Space::Doublet(_) => ("lane-space doublet", "lane-label"),
                        Space::Number(_) => ("lane-space number", "lane-label"),
                    };
                    view! {
                        <rect class=class x=num(x - half) y=num(y - ROW / 2.0 + 2.0) width=num(2.0 * half) height=num(ROW - 4.0) rx="6"/>
                        <text class=label_class x=num(x - half + 6.0) y=num(y + 6.0)>{space.to_string()}</text>
                    }
                })
                .collect_view();
            view! {
                <text class="pitch-name" x=num(cx) y="24" text-anchor="middle">{format!("Pitch {}", if p == 0 { "A" } else { "B" })}</text>
                {players_label(cx, label)}
                <path class="lane" d=format!("M{} {top} L{} {top} L{} {bottom} L{} {bottom} Z", short(cx - 78.0), short(cx + 78.0), short(cx + 40.0), short(cx - 40.0), top = short(top), bottom = short(bottom))/>
                {spaces}
            }
        })
        .collect_view();
    let man_view = move |man: Man| {
        let id = man.id;
        let place = move || {
            men.with(|men| {
                men.iter()
                    .find(|m| m.id == id)
                    .map(|m| man_at(m.pitch, m.place))
            })
            .unwrap_or((0.0, 0.0))
        };
        let (start_x, _) = man_at(man.pitch, 0);
        view! {
            <g class="quoit-man" class:pitched=move || last.get() == Some(id)
                class:scored=move || men.with(|men| men.iter().any(|m| m.id == id && m.scored))
                style=move || {
                    let (x, y) = place();
                    format!(
                        "transform: translate({}px, {y}px); --from-x: {}px; --from-y: {}px; --to-x: {}px; --to-y: {y}px",
                        short(x), short(start_x), short(TOP - 60.0), short(x), y = short(y)
                    )
                }>
                {outline(colours.with_value(|c| colour_of(c, man.seat.index())), 13.0)}
            </g>
        }
    };
    view! {
        <svg class="board quoits" class:one-pitch=pitches == 1 viewBox=format!("0 0 {} {}", short(width), short(height)) role="img"
            aria-label=format!("The Quoits {}", if pitches == 1 { "pitch" } else { "pitches" })>
            <rect class="felt" x="2" y="2" width=num(width - 4.0) height=num(height - 4.0) rx="18"/>
            {lanes}
            <g class="men">
                <For each=move || men.get() key=|man| man.id children=man_view/>
            </g>
        </svg>
    }
}
