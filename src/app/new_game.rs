//! Setting up a new game: preset, options, seats and who starts.

use leptos::prelude::*;

use crate::ai::Level;
use crate::games::GameKind;
use crate::record::{Player, Record};
use crate::rules::morris::{Options, Position, Variant};

use super::{app_state, dom};

/// Who sits in a seat.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum SeatKind {
    Human,
    Computer(Level),
}

impl SeatKind {
    /// The name a seat gets until the player types one.
    fn default_name(self, seat: usize) -> String {
        match self {
            SeatKind::Human => format!("Player {}", seat + 1),
            SeatKind::Computer(level) => format!("{} computer", level.title()),
        }
    }
}

/// Who plays first (White, seat 1 in the record).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum FirstPlayer {
    DrawLots,
    Seat(usize),
}

#[component]
pub fn NewGame(game: GameKind) -> impl IntoView {
    view! {
        <section class="screen narrow">
            <h1 id="screen-title" tabindex="-1">"New game of " {game.title()}</h1>
            {match game {
                GameKind::Morris => MorrisSetup().into_any(),
                other => {
                    let rules = format!("#/rules/{}", other.name());
                    view! {
                        <p>{other.title()} " is coming to Parlour. Its rules are ready to read."</p>
                        <p><a class="button" href=rules>"Read the rules"</a></p>
                    }.into_any()
                }
            }}
        </section>
    }
}

/// The name a new game's autosave is listed under.
pub fn game_name(variant_title: &str, players: &[Player]) -> String {
    let names: Vec<&str> = players.iter().map(|p| p.name.as_str()).collect();
    format!("{variant_title}: {}", names.join(" v "))
}

#[component]
fn MorrisSetup() -> impl IntoView {
    let state = app_state();
    let variant = RwSignal::new(Variant::Morelles);
    let options = RwSignal::new(Options::default());
    let names = [
        RwSignal::new("Player 1".to_string()),
        RwSignal::new("Player 2".to_string()),
    ];
    let kinds = [
        RwSignal::new(SeatKind::Human),
        RwSignal::new(SeatKind::Human),
    ];
    // A seat's name follows its kind and level until the player types one.
    let typed = [RwSignal::new(false), RwSignal::new(false)];
    let set_kind = move |i: usize, kind: SeatKind| {
        kinds[i].set(kind);
        if !typed[i].get_untracked() {
            names[i].set(kind.default_name(i));
        }
    };
    let first = RwSignal::new(FirstPlayer::DrawLots);

    let start = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let mut players: Vec<Player> = names
            .iter()
            .enumerate()
            .map(|(i, name)| {
                let kind = kinds[i].get_untracked();
                let name = name.get_untracked().trim().to_string();
                let name = if name.is_empty() {
                    kind.default_name(i)
                } else {
                    name
                };
                match kind {
                    SeatKind::Human => Player::human(&name),
                    SeatKind::Computer(level) => Player::computer(&name, level.name()),
                }
            })
            .collect();
        let white = match first.get_untracked() {
            FirstPlayer::DrawLots => (dom::random_u64() & 1) as usize,
            FirstPlayer::Seat(seat) => seat,
        };
        if white == 1 {
            players.swap(0, 1);
        }
        let variant = variant.get_untracked();
        let mut options = options.get_untracked();
        // Three Men's Morris removes no men, so the option means nothing there.
        options.two_removals &= !variant.mill_wins();
        let position = Position::new(variant, options);
        let record = Record::new(
            GameKind::Morris,
            Some(variant.name()),
            position.options_json(),
            players.clone(),
        );
        let name = game_name(variant.title(), &players);
        state.start_game(record, Vec::new(), name, false);
    };

    let preset = move |v: Variant, about: &'static str| {
        view! {
            <label class="choice">
                <input type="radio" name="preset"
                    prop:checked=move || variant.get() == v
                    on:change=move |_| variant.set(v)/>
                <span><strong>{v.title()}</strong> " · " {about}</span>
            </label>
        }
    };
    let option =
        move |label: &'static str, get: fn(&Options) -> bool, set: fn(&mut Options, bool)| {
            view! {
                <label class="choice">
                    <input type="checkbox"
                        prop:checked=move || get(&options.get())
                        on:change=move |ev| {
                            let on = event_target_checked(&ev);
                            options.update(|o| set(o, on));
                        }/>
                    {label}
                </label>
            }
        };
    let first_choice = move |value: FirstPlayer, label: Signal<String>| {
        view! {
            <label class="choice">
                <input type="radio" name="first"
                    prop:checked=move || first.get() == value
                    on:change=move |_| first.set(value)/>
                {move || label.get()}
            </label>
        }
    };
    let seat = move |i: usize| {
        let id = format!("seat-{}", i + 1);
        let kind_id = format!("seat-{}-kind", i + 1);
        let on_kind = move |ev| {
            let value = event_target_value(&ev);
            let kind = Level::from_name(&value).map_or(SeatKind::Human, SeatKind::Computer);
            set_kind(i, kind);
        };
        view! {
            <div class="seat">
                <label for=id.clone()>"Player " {i + 1}</label>
                <input id=id type="text" maxlength="40" autocomplete="off"
                    prop:value=move || names[i].get()
                    on:input=move |ev| {
                        typed[i].set(true);
                        names[i].set(event_target_value(&ev));
                    }/>
                <select id=kind_id aria-label=format!("Player {} is", i + 1) on:change=on_kind>
                    <option value="human" selected=move || kinds[i].get() == SeatKind::Human>"Human"</option>
                    {Level::ALL.into_iter().map(|level| view! {
                        <option value=level.name()
                            selected=move || kinds[i].get() == SeatKind::Computer(level)>
                            "Computer: " {level.title()}
                        </option>
                    }).collect_view()}
                </select>
            </div>
        }
    };
    view! {
        <form class="setup" on:submit=start>
            <fieldset>
                <legend>"Preset"</legend>
                {preset(Variant::Morelles, "nine men each; a player down to three men may fly to any vacant point")}
                {preset(Variant::Morrice, "nine men each; men never fly, every move is along a line")}
                {preset(Variant::SixMens, "six men each on two squares; men never fly")}
                {preset(Variant::TwelveMens, "twelve men each; the corner diagonals are lines too, and a full board is a draw")}
                {preset(Variant::ThreeMens, "three men each on a small grid; the first to make a line wins")}
            </fieldset>
            <fieldset>
                <legend>"Options"</legend>
                {move || (!variant.get().mill_wins()).then(|| option(
                    "A move that makes two mills at once removes two men",
                    |o| o.two_removals,
                    |o, on| o.two_removals = on,
                ))}
                {option("Draw when a position comes round for the third time", |o| o.repetition_draw, |o, on| o.repetition_draw = on)}
                {option("Draw after 50 moves each without a mill", |o| o.fifty_move_draw, |o, on| o.fifty_move_draw = on)}
            </fieldset>
            <fieldset>
                <legend>"Players"</legend>
                {seat(0)}
                {seat(1)}
            </fieldset>
            <fieldset>
                <legend>"Who plays White and moves first"</legend>
                {first_choice(FirstPlayer::DrawLots, Signal::derive(|| "Draw lots".to_string()))}
                {first_choice(FirstPlayer::Seat(0), Signal::derive(move || names[0].get()))}
                {first_choice(FirstPlayer::Seat(1), Signal::derive(move || names[1].get()))}
            </fieldset>
            <p class="actions">
                <button type="submit" class="primary">"Start the game"</button>
                <a class="button" href="#/rules/morris">"Rules"</a>
            </p>
        </form>
    }
}
