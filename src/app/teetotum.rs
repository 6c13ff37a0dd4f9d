//! The Double Teetotum drawn as two spinning tops that come to rest on their numbers, with the
//! sum and a doublet called out. A click skips the spin; with animations off it is instant.

use leptos::prelude::*;

use crate::rules::teetotum::Spin;

/// Where each top's six sides sit around its axle.
fn hexagon(r: f64) -> String {
    (0..6)
        .map(|i| {
            let a = std::f64::consts::PI / 3.0 * f64::from(i) - std::f64::consts::PI / 6.0;
            format!("{:.1},{:.1}", r * a.cos(), r * a.sin())
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The two tops. `turn` changes with every new spin, which starts the animation again.
#[component]
pub fn Teetotum(
    /// The spin to show, if there is one.
    #[prop(into)]
    spin: Signal<Option<Spin>>,
    /// Changes with every spin (the number of moves so far, say).
    #[prop(into)]
    turn: Signal<usize>,
) -> impl IntoView {
    let skipped = RwSignal::new(false);
    let top = move |x: f64, number: Option<u8>, delay: &'static str| {
        let face = number.map(|n| n.to_string()).unwrap_or_default();
        view! {
            <g transform=format!("translate({x} 60)")>
                <g class="top" style=format!("animation-delay: {delay}")>
                    <polygon class="side" points=hexagon(44.0)/>
                    <polygon class="face" points=hexagon(34.0)/>
                    <text class="number" y="12" text-anchor="middle">{face}</text>
                    <circle class="axle" cx="0" cy="-30" r="4"/>
                </g>
            </g>
        }
    };
    view! {
        <figure class="teetotum" on:click=move |_| skipped.set(true)>
            {move || {
                let _ = turn.get();
                skipped.set(false);
                let shown = spin.get();
                view! {
                    <svg viewBox="0 0 220 120" class:spinning=shown.is_some() class:skip=move || skipped.get()
                        role="img"
                        aria-label=shown.map_or_else(
                            || "The teetotum, not yet spun".to_string(),
                            |s| format!("The teetotum shows {} and {}", s.first(), s.second()),
                        )>
                        {top(58.0, shown.map(Spin::first), "0ms")}
                        {top(162.0, shown.map(Spin::second), "90ms")}
                    </svg>
                    <figcaption class:skip=move || skipped.get()>
                        {shown.map(|s| view! {
                            <span class="sum">{s.to_string()} " = " <strong>{s.sum()}</strong></span>
                            {s.is_doublet().then(|| view! { <span class="doublet">"Doublet!"</span> })}
                        })}
                    </figcaption>
                }
            }}
        </figure>
    }
}
