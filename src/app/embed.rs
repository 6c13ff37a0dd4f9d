//! Embedding: one game alone in an iframe, chosen by its address (`#/embed/doquin?seats=..`),
//! and the dialog on every game that writes the iframe for a site to paste.

use leptos::prelude::*;
use leptos::wasm_split::wasm_split;

use parlour::games::GameKind;
use parlour::record::Record;
use parlour::session::embed::{EmbedSpec, NewGame, Theme};
use parlour::storage::{SaveKind, SavedGame};

use super::modal::Modal;
use super::parts::{dialog_button, PartMissing};
use super::play::{sentence, Play};
use super::route::Route;
use super::{app_state, dom, refusal, store};

/// The id of the autosave an embed address plays in, if the address is good.
pub fn save_id(query: &str) -> Option<String> {
    EmbedSpec::read(query).ok().map(|spec| spec.save_id())
}

/// The embed address `query`, going on with the saved game `id` (a copy it kept) in the frame.
pub fn with_save(query: &str, id: &str) -> Option<String> {
    Some(EmbedSpec::read(query).ok()?.with_save(id).to_query())
}

/// The theme an embed address asks for (`None`: the page's own).
pub fn theme(query: &str) -> Option<&'static str> {
    EmbedSpec::read(query).ok()?.theme.map(Theme::name)
}

/// The embedded game: the one this address last played (finished or not), else a new one.
#[component]
pub fn EmbedGame(query: String) -> impl IntoView {
    let state = app_state();
    let spec = match EmbedSpec::parse(&query) {
        Ok(spec) => spec,
        Err(why) => return refusal("This game cannot be embedded", sentence(&why), true),
    };
    let id = spec.save_id();
    let in_memory = state
        .current
        .get_untracked()
        .is_some_and(|game| game.id == id);
    if !in_memory && store().game(&id).is_err() {
        let Ok(record) = spec.record() else {
            return ().into_any();
        };
        let now = dom::now();
        let game = SavedGame {
            id: id.clone(),
            kind: SaveKind::Autosave,
            name: format!("{} (embedded)", spec.game.title()),
            created: now,
            updated: now,
            finished: false,
            result: None,
            record,
            redo: Vec::new(),
            stamp: Default::default(),
        };
        if let Err(e) = store().put_game(&game, now) {
            state.tell(
                parlour::session::sentence(&format!(
                    "{e}: this game is not being saved, but you can play on"
                )),
                true,
            );
        }
        state.current.set(Some(game));
    }
    view! { <Play id=id/> }.into_any()
}

/// A frame's height, at the dialog's first width (720), that holds the whole of a game like
/// this one: its board, controls and scores (measured on the built app, with a little over).
fn fitting_height(record: &Record) -> u32 {
    let players = record.players.len() as u32;
    match record.kind() {
        Ok(GameKind::Morris) => 1230,
        Ok(GameKind::Quoits) => 1220 + 30 * players,
        Ok(GameKind::Doquin) => 1240 + 30 * players,
        _ => 840 + 10 * players,
    }
}

/// The iframe that embeds a game like this one.
fn snippet(
    record: &Record,
    new_game: NewGame,
    theme: Option<Theme>,
    width: u32,
    height: u32,
) -> String {
    let Some(spec) = EmbedSpec::of_record_by(record, theme, new_game) else {
        return String::new();
    };
    let src = format!(
        "{}{}",
        dom::page_url(),
        Route::Embed(spec.to_query()).hash()
    );
    format!(
        "<iframe src=\"{}\" title=\"Parlour: {}\" width=\"{width}\" height=\"{height}\" style=\"border:0; max-width:100%\" loading=\"lazy\"></iframe>",
        src.replace('&', "&amp;").replace('"', "&quot;"),
        spec.game.title()
    )
}

/// The "Embed" button. Its dialog is in a part of its own (`iframe`), fetched when first opened.
/// To write only the options that differ from a new game, the dialog sets one up with
/// `new_game`, which the game's screen gives: so its part needs no game's rules.
#[component]
pub fn EmbedButton(#[prop(into)] record: Signal<Record>, new_game: NewGame) -> impl IntoView {
    dialog_button("Embed", move |close| embed_dialog(record, new_game, close))
}

#[wasm_split(iframe, wasm_split_path = ::leptos::wasm_split, fallible)]
fn embed_dialog(
    record: Signal<Record>,
    new_game: NewGame,
    on_close: Callback<()>,
) -> Result<AnyView, PartMissing> {
    Ok(view! { <EmbedDialog record=record new_game=new_game on_close=on_close/> }.into_any())
}

/// The "Embed" dialog: the iframe for this game's kind, seats and options, with a choice of theme
/// and size.
#[component]
fn EmbedDialog(record: Signal<Record>, new_game: NewGame, on_close: Callback<()>) -> impl IntoView {
    let theme = RwSignal::new(None::<Theme>);
    let width = RwSignal::new(720u32);
    let height = RwSignal::new(record.with_untracked(fitting_height));
    let copied = RwSignal::new(String::new());
    let code =
        move || record.with(|r| snippet(r, new_game, theme.get(), width.get(), height.get()));
    let copy =
        move |_| dom::copy_and_say(code(), copied, "Copied.", "Select the code and copy it.");
    let size = move |label: &'static str, id: &'static str, value: RwSignal<u32>| {
        view! {
            <div class="count">
                <label for=id>{label}</label>
                <input id=id type="number" inputmode="numeric" min="280" max="2000" step="10"
                    prop:value=move || value.get().to_string()
                    on:change=move |ev| dom::number_changed(&ev, 280, 2000, value, |v, n| *v = n)/>
                <span>" px"</span>
            </div>
        }
    };
    view! {
        <Modal title="Embed this game".to_string() on_close=on_close>
            <p>"Paste this into a web page to show a new game of this kind, with these seats and options, in a frame: only the board and its controls. A reader's game is saved in their own browser and resumes when they come back."</p>
            <div class="count">
                <label for="embed-theme">"Colours"</label>
                <select id="embed-theme" on:change=move |ev| {
                    theme.set(match event_target_value(&ev).as_str() {
                        "light" => Some(Theme::Light),
                        "dark" => Some(Theme::Dark),
                        _ => None,
                    });
                }>
                    <option value="system" selected=move || theme.get().is_none()>"As the reader's system"</option>
                    <option value="light" selected=move || theme.get() == Some(Theme::Light)>"Light"</option>
                    <option value="dark" selected=move || theme.get() == Some(Theme::Dark)>"Dark"</option>
                </select>
            </div>
            {size("Width", "embed-width", width)}
            {size("Height", "embed-height", height)}
            <label for="embed-code">"Code"</label>
            <textarea id="embed-code" class="embed-code" readonly rows="5" prop:value=code></textarea>
            <p class="actions">
                <button type="button" class="primary" on:click=copy>"Copy"</button>
                <button type="button" on:click=move |_| on_close.run(())>"Close"</button>
            </p>
            <p role="status">{move || copied.get()}</p>
        </Modal>
    }
}
