//! The players' pieces in the teetotum games: a shape for each of the box's colours, so that
//! colour is never the only way to tell them apart (blue circle, natural square, green
//! diamond, purple triangle). Seats take the colours in order unless the players chose others.

use leptos::prelude::*;

use parlour::decimal::{fixed, short};

use super::{num, translate};

/// The outline of a piece of colour `colour` (an index into the colours), centred on (0, 0),
/// of radius about `r`.
pub fn outline(colour: usize, r: f64) -> AnyView {
    let class = format!("piece seat-{colour}");
    match colour % 4 {
        0 => view! { <circle class=class r=num(r)/> }.into_any(),
        1 => view! {
            <rect class=class x=num(-r * 0.88) y=num(-r * 0.88) width=num(r * 1.76) height=num(r * 1.76) rx=num(r * 0.25)/>
        }
        .into_any(),
        2 => view! {
            <polygon class=class points=format!("0,{} {},0 0,{} {},0", short(-r * 1.15), short(r * 1.15), short(r * 1.15), short(-r * 1.15))/>
        }
        .into_any(),
        _ => view! {
            <polygon class=class points=format!("0,{} {},{} {},{}", short(-r * 1.15), short(r * 1.05), short(r * 0.75), short(-r * 1.05), short(r * 0.75))/>
        }
        .into_any(),
    }
}

/// A piece of colour `colour` with a label (an arrow's number) at (`x`, `y`).
pub fn labelled(colour: usize, x: f64, y: f64, r: f64, label: String) -> impl IntoView {
    view! {
        <g transform=translate(x, y)>
            {outline(colour, r)}
            <text class=format!("piece-label seat-{colour}") y=num(r * 0.38) text-anchor="middle"
                style=format!("font-size: {}px", fixed(r * 1.1, 0))>{label}</text>
        </g>
    }
}
