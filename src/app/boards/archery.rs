//! The Archery board in SVG: the flag-staff, sixteen spaces of flight, and the target with its
//! rings either side of the bull's-eye, each target space labelled with its points. Arrows are
//! drawn in their players' colours and shapes; arrows sharing a space are stacked. It is told
//! which arrows may move and where they would land, and reports the arrow the player chose.

use leptos::prelude::*;

use parlour::decimal::short;
use parlour::rules::archery::{points, Arrow, Shot, ARROWS, FLIGHT, LINE};
use parlour::rules::Seat;

use super::super::dom;
use super::num;
use parlour::record::colour_of;

use super::pieces::labelled;

/// Where the parts of the board are drawn: one long row on wide screens, or the flight folded
/// into two rows above the target on narrow ones.
#[derive(Clone, Copy, PartialEq, Debug)]
struct Layout {
    width: f64,
    height: f64,
    /// The foot of the flag-staff and its height.
    flag: (f64, f64, f64),
    /// The target's centre and radius.
    target: (f64, f64, f64),
    /// Where missed arrows gather.
    misses: (f64, f64),
    /// How far apart stacked arrows are.
    stack: f64,
    /// How far a stack on a space of the flight may rise above its first arrow: beyond it the
    /// arrows stand closer, so that a tall stack never covers the row above.
    room: f64,
    folded: bool,
}

/// The board's width (CSS pixels) below which its flight is folded into two rows: drawn
/// narrower than this, the long row's space numbers would come out smaller than ten pixels.
/// On a phone that is always so, and beside the replay's move list too.
const FOLD_BELOW: f64 = 672.0;

const WIDE: Layout = Layout {
    width: 1000.0,
    height: 300.0,
    flag: (28.0, 222.0, 170.0),
    target: (800.0, 150.0, 140.0),
    misses: (972.0, 150.0),
    stack: 22.0,
    room: 180.0,
    folded: false,
};

const FOLDED: Layout = Layout {
    width: 440.0,
    height: 535.0,
    flag: (20.0, 222.0, 190.0),
    target: (220.0, 398.0, 130.0),
    misses: (410.0, 398.0),
    stack: 13.0,
    room: 52.0,
    folded: true,
};

impl Layout {
    /// The centre of a space of the line, 1 to 23.
    fn space(&self, space: u8) -> (f64, f64) {
        let (cx, cy, r) = self.target;
        if space > FLIGHT {
            // The target's seven spaces lie along its horizontal diameter: rings either side of
            // the bull's-eye, outermost first.
            let offsets = [-0.94, -0.7, -0.45, 0.0, 0.45, 0.7, 0.94];
            return (cx + offsets[usize::from(space - FLIGHT - 1)] * r, cy);
        }
        if self.folded {
            // The flight runs along the first row and back along the second, then down to the
            // target's first space.
            let (row, column) = if space <= 8 {
                (0.0, f64::from(space - 1))
            } else {
                (1.0, f64::from(16 - space))
            };
            (62.0 + column * 47.0, 92.0 + row * 130.0)
        } else {
            (64.0 + f64::from(space - 1) * 30.0, 222.0)
        }
    }
}

/// How arrows that share a place stand there.
#[derive(Clone, Copy)]
enum Standing {
    /// Stacked upwards; two stacks side by side, closer together, when there are too many
    /// for one stack's room (the flight).
    Stacked,
    /// Alternately below and above the centre line, this far apart, and closer together when
    /// that would take them farther from the line than the second distance (the misses).
    Alternate(f64, f64),
    /// Up to three alternately below and above the line, between the space's points and its
    /// number; more stand two by two either side of the line, closing up to stay between them.
    InTarget,
}

/// How far apart arrows in the target stand, and how far from the centre line at most.
const IN_TARGET: f64 = 14.0;

/// Where two or three arrows in one space of the target stand, from its centre: aslant, or in a
/// triangle, so that none covers another's number and all keep between the space's points and
/// its number.
const TWO_IN_TARGET: [(f64, f64); 2] = [(-7.0, -7.0), (7.0, 7.0)];
const THREE_IN_TARGET: [(f64, f64); 3] = [(0.0, -9.0), (-10.0, 7.0), (10.0, 7.0)];

/// How far apart two arrows side by side stand, centre to centre: they do not touch.
const SIDE_BY_SIDE: f64 = 22.0;

/// Which side of the two the `n`th arrow of a place stands on, when they stand two by two.
fn side_of(n: f64) -> f64 {
    if (n as usize).is_multiple_of(2) {
        -SIDE_BY_SIDE / 2.0
    } else {
        SIDE_BY_SIDE / 2.0
    }
}

/// Where each arrow is drawn, in order (none for an arrow in the quiver).
fn stands(l: &Layout, arrows: &[Arrow]) -> Vec<Option<(f64, f64)>> {
    let spots: Vec<Option<((f64, f64), Standing)>> = arrows
        .iter()
        .map(|arrow| match arrow {
            Arrow::Quiver => None,
            Arrow::Flying(s) => Some((l.space(*s), Standing::Stacked)),
            Arrow::Target(s) => Some((l.space(*s), Standing::InTarget)),
            // The misses may reach as far from the line as the target does.
            Arrow::Missed => Some((l.misses, Standing::Alternate(l.stack * 1.2, l.target.2))),
        })
        .collect();
    let sharing = |spot: (f64, f64), among: &[Option<((f64, f64), Standing)>]| {
        among
            .iter()
            .flatten()
            .filter(|(other, _)| *other == spot)
            .count() as f64
    };
    (0..spots.len())
        .map(|i| {
            let ((x, y), standing) = spots[i]?;
            // This arrow is the `n`th of `all` at its place.
            let n = sharing((x, y), &spots[..i]);
            let all = sharing((x, y), &spots);
            let (apart, reach) = match standing {
                Standing::Stacked if (all - 1.0) * l.stack <= l.room => {
                    return Some((x, y - 26.0 - n * l.stack));
                }
                // Too many for one stack's room: two stacks side by side, their arrows as far
                // apart as the room allows but never farther than it takes not to touch.
                Standing::Stacked => {
                    let rows = (all / 2.0).ceil();
                    let apart = SIDE_BY_SIDE.min(l.room / (rows - 1.0));
                    let row = (n / 2.0).floor();
                    return Some((x + side_of(n), y - 26.0 - row * apart));
                }
                Standing::InTarget if all > 3.0 => {
                    let rows = (all / 2.0).ceil();
                    let apart = IN_TARGET.min(2.0 * IN_TARGET / (rows - 1.0));
                    let row = (n / 2.0).floor();
                    return Some((x + side_of(n), y + (row - (rows - 1.0) / 2.0) * apart));
                }
                Standing::InTarget if all > 1.0 => {
                    let (dx, dy) = if all == 2.0 {
                        TWO_IN_TARGET[n as usize]
                    } else {
                        THREE_IN_TARGET[n as usize]
                    };
                    return Some((x + dx, y + dy));
                }
                Standing::InTarget => (IN_TARGET, IN_TARGET),
                Standing::Alternate(apart, reach) => (apart, reach),
            };
            // The farthest arrow stands this many steps from the line.
            let steps = ((all - 1.0) / 2.0).ceil();
            let apart = if steps * apart > reach {
                reach / steps
            } else {
                apart
            };
            let step = ((n + 1.0) / 2.0).floor() * apart;
            Some((
                x,
                if n as usize % 2 == 1 {
                    y + step
                } else {
                    y - step
                },
            ))
        })
        .collect()
}

/// The Archery board.
#[component]
pub fn ArcheryBoard(
    /// Each player's arrows, in seat order.
    #[prop(into)]
    arrows: Signal<Vec<[Arrow; ARROWS]>>,
    /// The player whose arrows may move now, if a spin is waiting.
    #[prop(into)]
    chooser: Signal<Option<Seat>>,
    /// Where each of the chooser's arrows would land (none for arrows that cannot move).
    #[prop(into)]
    landings: Signal<[Option<Arrow>; ARROWS]>,
    /// The arrow moved last, to mark it.
    #[prop(into)]
    last: Signal<Option<(Seat, u8)>>,
    /// Each seat's colour (an index into the teetotum games' colours, which gives the shape too).
    colours: Vec<usize>,
    /// The player chose an arrow.
    #[prop(into)]
    on_choose: Callback<Shot>,
) -> impl IntoView {
    let drawing = NodeRef::<leptos::svg::Svg>::new();
    let folded = dom::measured_by_width(drawing, |width| width < FOLD_BELOW);
    let layout = move || if folded.get() { FOLDED } else { WIDE };

    let line = move || {
        let l = layout();
        let (fx, fy, fh) = l.flag;
        let spaces = (1..=FLIGHT)
            .map(|s| {
                let (x, y) = l.space(s);
                let size = if l.folded { 34.0 } else { 24.0 };
                view! {
                    <rect class="space" x=num(x - size / 2.0) y=num(y - size / 2.0) width=num(size) height=num(size) rx="4"/>
                    <text class="space-number" x=num(x) y=num(y + size / 2.0 + 17.0) text-anchor="middle">{s}</text>
                }
            })
            .collect_view();
        let (cx, cy, r) = l.target;
        let rings = [
            (1.0, "ring-1"),
            (0.82, "ring-2"),
            (0.57, "ring-3"),
            (0.3, "bull"),
        ]
        .into_iter()
        .map(|(k, class)| view! { <circle class=class cx=num(cx) cy=num(cy) r=num(r * k)/> })
        .collect_view();
        let target_spaces = (FLIGHT + 1..=LINE)
            .map(|s| {
                let (x, y) = l.space(s);
                view! {
                    <line class="target-space" x1=num(x) y1=num(y - 14.0) x2=num(x) y2=num(y + 14.0)/>
                    <text class="points" x=num(x) y=num(y - 28.0) text-anchor="middle">{points(s)}</text>
                    <text class="space-number small" x=num(x) y=num(y + 40.0) text-anchor="middle">{s}</text>
                }
            })
            .collect_view();
        let path = if l.folded {
            let (first, eighth, ninth) = (l.space(1), l.space(8), l.space(9));
            let (last, target) = (l.space(16), l.space(17));
            format!(
                "M{} {} H{} C{} {} {} {} {} {} H{} C{} {} {} {} {} {}",
                short(first.0),
                short(first.1),
                short(eighth.0),
                short(eighth.0 + 36.0),
                short(eighth.1),
                short(ninth.0 + 36.0),
                short(ninth.1),
                short(ninth.0),
                short(ninth.1),
                short(last.0),
                // Down the left, clear of 16's number, and into the target from its side,
                // under the points of its first space.
                short(last.0 - 60.0),
                short(last.1 + 20.0),
                short(target.0 - 60.0),
                short(target.1),
                short(target.0),
                short(target.1)
            )
        } else {
            format!(
                "M{} {} H{}",
                short(l.space(1).0),
                short(l.space(1).1),
                short(cx - r)
            )
        };
        view! {
            <path class="flight" d=path/>
            <line class="staff" x1=num(fx) y1=num(fy) x2=num(fx) y2=num(fy - fh)/>
            <path class="flag" d=format!("M{} {} l34 12 l-34 12 z", short(fx), short(fy - fh))/>
            {spaces}
            {rings}
            {target_spaces}
            <text class="misses-label" x=num(l.misses.0) y=num(l.misses.1 + r * 0.9) text-anchor="middle">"missed"</text>
        }
    };

    let pins = move || {
        let l = layout();
        let all = arrows.get();
        let chooser = chooser.get();
        let landings = landings.get();
        let last = last.get();
        // Every arrow, then where each movable one would land (drawn as a ghost standing
        // where the arrow would stand: stacked on the arrows already there, and on each other
        // when several would land on one space, as every arrow enters on the same at the start).
        let ghosts = landings.iter().filter(|_| chooser.is_some()).flatten();
        let standing: Vec<Arrow> = all.iter().flatten().chain(ghosts).copied().collect();
        let mut places = stands(&l, &standing).into_iter();
        let mut views = Vec::new();
        for (seat, player_arrows) in all.iter().enumerate() {
            for (i, _) in player_arrows.iter().enumerate() {
                let Some((x, y)) = places.next().flatten() else {
                    continue;
                };
                let movable = chooser == Some(Seat(seat as u8)) && landings[i].is_some();
                let is_last = last == Some((Seat(seat as u8), i as u8 + 1));
                let shot = Shot(i as u8 + 1);
                views.push(view! {
                    <g class="arrow" class:movable=movable class:last=is_last
                        on:click=move |ev| {
                            if movable {
                                ev.stop_propagation();
                                on_choose.run(shot);
                            }
                        }>
                        {labelled(colour_of(&colours, seat), x, y, 10.0, (i + 1).to_string())}
                        {movable.then(|| view! { <circle class="movable-ring" cx=num(x) cy=num(y) r="15"/> })}
                    </g>
                }.into_any());
            }
        }
        if chooser.is_some() {
            for (i, landing) in landings.iter().enumerate() {
                let Some((x, y)) = landing.and_then(|_| places.next().flatten()) else {
                    continue;
                };
                let shot = Shot(i as u8 + 1);
                views.push(
                    view! {
                        <g class="ghost" on:click=move |_| on_choose.run(shot)>
                            <circle cx=num(x) cy=num(y) r="13"/>
                            <text x=num(x) y=num(y + 5.0) text-anchor="middle">{i + 1}</text>
                        </g>
                    }
                    .into_any(),
                );
            }
        }
        views.collect_view()
    };

    view! {
        <svg node_ref=drawing class="board archery" viewBox=move || { let l = layout(); format!("0 0 {} {}", short(l.width), short(l.height)) }
            role="img" aria-label="The archery line and target">
            <rect class="felt" x="2" y="2" width=move || num(layout().width - 4.0) height=move || num(layout().height - 4.0) rx="18"/>
            {line}
            {pins}
        </svg>
    }
}
