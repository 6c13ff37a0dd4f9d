//! The Double Teetotum drawn as two spinning tops, seen from the side, that come to rest on their numbers, with the
//! sum, and a doublet called out where it counts. A click skips the spin; with animations off it is instant.

use leptos::prelude::*;

use parlour::decimal::short;
use parlour::record::{colour_of, seat_colours, Player};
use parlour::rules::teetotum::{Spin, COLOURS};
use parlour::session::Spun;
use parlour::storage::Pace;

/// The colour each seat plays in (and so the shape of its pieces), as the players chose them,
/// kept for a screen's closures.
#[derive(Clone, Copy)]
pub struct SeatColours(StoredValue<Vec<usize>>);

impl SeatColours {
    pub fn new(players: &[Player]) -> Self {
        Self(StoredValue::new(seat_colours(players)))
    }

    /// The colour of one seat, by its index.
    pub fn of(self, seat: usize) -> usize {
        self.0.with_value(|colours| colour_of(colours, seat))
    }

    /// The name of one seat's colour ("blue"), by its index.
    pub fn name(self, seat: usize) -> &'static str {
        COLOURS[self.of(seat)]
    }

    /// Every seat's colour, in seat order.
    pub fn all(self) -> Vec<usize> {
        self.0.get_value()
    }
}

/// The end of the instruction to spin: the Space key is named where there is likely a
/// keyboard ("Press Spin or the Space key"), not on a touch screen ("Press Spin").
pub fn or_space_key() -> &'static str {
    if super::dom::has_keyboard() {
        " or the Space key"
    } else {
        ""
    }
}

/// When the tops drawn last come to rest. A spin's result is shown once they do (style/main.css),
/// so the screen's automatic moves wait for it before their pace: a computer's spin after a
/// person's, or its choice after its own spin, does not cut the spin short.
#[derive(Clone, Copy)]
pub struct SpinRest {
    /// When the tops drawn last rest (ms since 1970).
    at: StoredValue<f64>,
    /// Whether the player has rested them before their time.
    skipped: RwSignal<bool>,
}

impl SpinRest {
    pub fn new() -> Self {
        Self {
            at: StoredValue::new(0.0),
            skipped: RwSignal::new(false),
        }
    }

    /// A spin has just been made, to be drawn spinning for as long as the style sheet has the
    /// tops spin; at the quick pace it is drawn at rest.
    pub fn spun(self, pace: Pace) {
        let spinning = if pace == Pace::Quick {
            0.0
        } else {
            spinning_ms()
        };
        self.at.set_value(super::dom::now() + spinning);
    }

    /// The player clicked the tops: they are at rest now.
    fn skip(self) {
        self.at.set_value(super::dom::now());
        self.skipped.set(true);
    }

    /// A person's press while the tops still spin (a second tap on Spin, which would spin for
    /// the next player, or a tap on an arrow's button not yet shown) rests them instead of
    /// acting: `true` if it did. The press after it acts on what is then shown.
    pub fn hurried(self) -> bool {
        let spinning = self.left_ms() > 0.0;
        if spinning {
            self.skip();
        }
        spinning
    }

    /// How long until the tops rest, in milliseconds (nothing once they have).
    pub fn left_ms(self) -> f64 {
        (self.at.get_value() - super::dom::now()).max(0.0)
    }

    /// How long an automatic spin waits: for the tops to rest, then the pace (at least a
    /// quarter of a second).
    pub fn wait(self, pace: Pace) -> std::time::Duration {
        std::time::Duration::from_millis((self.left_ms() + pace.least_ms().max(250.0)) as u64)
    }
}

/// How long the tops spin, in milliseconds: four times the style sheet's `--motion`, which is
/// nothing with animations off.
fn spinning_ms() -> f64 {
    let motion = window()
        .document()
        .and_then(|d| d.document_element())
        .and_then(|root| window().get_computed_style(&root).ok().flatten())
        .and_then(|style| style.get_property_value("--motion").ok())
        .unwrap_or_default();
    motion
        .trim()
        .trim_end_matches("ms")
        .parse::<u32>()
        .map_or(0.0, |ms| 4.0 * f64::from(ms))
}

/// The two tops, showing the game's last spin; each new spin starts the animation again.
#[component]
pub fn Teetotum(
    /// The last spin, if there is one.
    #[prop(into)]
    spun: Signal<Option<Spun>>,
    /// The players: where more than one spins, the one who spun is named above the sum (the
    /// tops go on showing a computer's spin when it is the next player's turn to spin).
    names: StoredValue<Vec<String>>,
    /// Whether a doublet counts for the spin shown (its rules' `DOUBLETS_COUNT`, and not a
    /// spin for lead, where only the sum counts), and so is called out.
    #[prop(into)]
    doublets: Signal<bool>,
    /// When the tops rest: a new spin made by the screen spins until then (one brought back by
    /// Redo, or made at the quick pace, is drawn at rest), and a click on the tops rests them.
    rest: SpinRest,
) -> impl IntoView {
    let skipped = rest.skipped;
    let top = move |x: f64, number: Option<u8>, delay: &'static str| {
        let face = number.map(|n| n.to_string()).unwrap_or_default();
        // Seen from the side: a spindle, a six-sided body showing one face (its neighbours
        // foreshortened either side) and a point that it spins on. While it spins, the edges of
        // the faces sweep across and the number is not yet readable.
        view! {
            <g transform=format!("translate({} 0)", short(x))>
                <ellipse class="shadow" cx="0" cy="112" rx="26" ry="5"/>
                <g class="top" style=format!("animation-delay: {delay}")>
                    <rect class="spindle" x="-5" y="4" width="10" height="30" rx="4"/>
                    <path class="point" d="M-42 72 L42 72 L3 110 L-3 110 Z"/>
                    <path class="side" d="M-42 30 L-26 30 L-26 72 L-42 72 Z"/>
                    <path class="side" d="M26 30 L42 30 L42 72 L26 72 Z"/>
                    <rect class="face" x="-26" y="30" width="52" height="42"/>
                    <line class="edge" x1="0" y1="30" x2="0" y2="72"/>
                    <text class="number" y="64" text-anchor="middle">{face}</text>
                </g>
            </g>
        }
    };
    // Where the spin drawn last is among the moves. A later spin spins; the spin shown when the
    // screen opens, or gone back to by Undo, is drawn at rest. Leptos patches the tops drawn
    // before, whose animations have ended, so each new spin flips `odd`, whose animations are
    // the same under other names (style/main.css): a new name starts an animation afresh.
    let drawn = StoredValue::new(spun.get_untracked().map(|s| s.at));
    let odd = StoredValue::new(false);
    // The tops are drawn again only when the spin changes, not whenever the game does (which
    // would take a spin still spinning for one gone back to).
    let spun = Memo::new(move |_| spun.get());
    view! {
        <figure class="teetotum" on:click=move |_| rest.skip()>
            {move || {
                let spun = spun.get();
                let new = spun.is_some_and(|s| drawn.get_value().is_none_or(|at| s.at > at));
                skipped.set(new && rest.left_ms() <= 0.0);
                drawn.set_value(spun.map(|s| s.at));
                if new {
                    odd.update_value(|odd| *odd = !*odd);
                }
                let odd = odd.get_value();
                let at_rest = move || !new || skipped.get();
                let doublets = doublets.get_untracked();
                let shown = spun.map(|s| s.spin);
                let by = spun.and_then(|s| names.with_value(|n| (n.len() > 1).then(|| n[s.by.index()].clone())));
                view! {
                    <svg viewBox="0 0 220 120" class:spinning=new class:odd=odd class:skipped=move || skipped.get()
                        role="img"
                        aria-label=shown.map_or_else(
                            || "The teetotum, not yet spun".to_string(),
                            |s| format!("The teetotum shows {} and {}", s.first(), s.second()),
                        )>
                        {top(58.0, shown.map(Spin::first), "0ms")}
                        {top(162.0, shown.map(Spin::second), "90ms")}
                    </svg>
                    <figcaption class:odd=odd class:skipped=at_rest>
                        {shown.map(|s| view! {
                            {by.map(|who| view! { <span class="spun-by">{who} " spun"</span> })}
                            <span class="sum">{s.to_string()} " = " <strong>{s.sum()}</strong></span>
                            {(doublets && s.is_doublet()).then(|| view! { <span class="doublet">"Doublet!"</span> })}
                        })}
                    </figcaption>
                }
            }}
        </figure>
    }
}
