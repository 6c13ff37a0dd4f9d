//! Embedding: one game alone in an iframe, chosen by its address (`#/embed/doquin?seats=..`),
//! and the dialog on every game that writes the iframe for a site to paste.

use leptos::prelude::*;
use leptos::wasm_split::wasm_split;

use parlour::games::GameKind;
use parlour::record::Record;
use parlour::session::embed::{EmbedSpec, NewGame, Theme};
use parlour::storage::{SaveKind, SavedGame};

use super::count_box::CountBox;
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
    dom::tell_frame_height();
    let state = app_state();
    let spec = match EmbedSpec::parse(&query) {
        Ok(spec) => spec,
        Err(why) => return refusal("This game cannot be embedded", sentence(&why), true),
    };
    let id = spec.save_id();
    let in_memory = state.held(&id).is_some();
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
            state.tell_not_saved(
                &e,
                "this game is not being saved, but you can play on",
                false,
            );
        }
        // The address's game was deleted from the saved games: this new one counts when it ends.
        let _ = store().forget_counted(&id);
        state.hold(game);
    }
    view! { <Play id=id/> }.into_any()
}

/// A frame's height that holds the whole of a game like this one at `width` (its board,
/// controls and scores), or its replay (its longest move list scrolling in its box): measured
/// on the built app at widths from 300 to 2,000 px, with a little over. The layout changes
/// twice below 720 px: at a phone's 480 and, for Archery and Doquin, near 700, where the board
/// takes the whole width and the page grows taller (the band ends at 719, clear of it). From
/// 720 up the height that holds a game at 720 holds it wider too, but for Archery's board, which
/// grows with the frame: about 3 px for every 10 px of width.
fn fitting_height(record: &Record, showing: Showing, width: u32) -> u32 {
    let band = match width {
        ..=480 => 0,
        481..=719 => 1,
        _ => 2,
    };
    let players = record.players.len() as u32;
    let archery_wide = (480 + width * 3 / 10).max(900);
    // Each game's heights in the three bands: so much, and so much more for each player.
    let (base, each) = match (showing, record.kind()) {
        (Showing::NewGame, Ok(GameKind::Morris)) => [(1040, 0), (1230, 0), (1230, 0)],
        (Showing::NewGame, Ok(GameKind::Quoits)) => [(1180, 35), (1220, 30), (1220, 30)],
        (Showing::NewGame, Ok(GameKind::Doquin)) => [(1690, 35), (1380, 35), (1240, 30)],
        (Showing::NewGame, Ok(GameKind::Archery)) => [(1075, 40), (1315, 35), (archery_wide, 10)],
        (Showing::NewGame, _) => [(640, 90), (840, 10), (840, 10)],
        // (With room for two lines of what the step shown did, under the step's number.)
        (Showing::Replay, Ok(GameKind::Morris)) => [(1030, 0), (1160, 0), (1160, 0)],
        (Showing::Replay, Ok(GameKind::Quoits)) => [(1220, 0), (1220, 0), (1220, 0)],
        (Showing::Replay, Ok(GameKind::Doquin)) => [(1960, 0), (1650, 0), (1450, 0)],
        (Showing::Replay, Ok(GameKind::Archery)) => [(1120, 0), (1310, 0), (970, 0)],
        (Showing::Replay, _) => [(950, 0), (860, 0), (860, 0)],
    }[band];
    base + each * players
}

/// What a frame shows: a new game like this one for the reader to play, or this game itself
/// to step through (the replay viewer).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Showing {
    NewGame,
    Replay,
}

/// The script that fits a frame's height to the game in it: the embedded page tells its height
/// (`dom::tell_frame_height`) and this sets it on the frame that sent it, up to 5,000 px, if the
/// message comes from Parlour's `origin` (no other frame on the page can resize itself by it).
/// It serves any number of frames on the page, and pasted twice it does the same thing twice.
fn fitting_script(origin: &str) -> String {
    let origin = origin.replace(['"', '<', '>', '\\'], "");
    format!(
        "\n<script>addEventListener(\"message\",function(e){{var m=e.origin==\"{origin}\"&&/^parlour-height:(\\d+)$/.exec(e.data);m&&document.querySelectorAll(\"iframe\").forEach(function(f){{f.contentWindow==e.source&&(f.style.height=Math.min(m[1],5000)+\"px\")}})}})</script>"
    )
}

/// The iframe that embeds a game like this one, or this game's replay; with `fit`, followed by
/// the script that fits its height to the game.
fn snippet(
    record: &Record,
    showing: Showing,
    new_game: Option<NewGame>,
    theme: Option<Theme>,
    step: usize,
    (width, height): (u32, u32),
    fit: bool,
) -> String {
    let game = record.kind().map_or("a game", |kind| kind.title());
    let (query, title) = match showing {
        Showing::NewGame => {
            let Some(spec) = new_game.and_then(|n| EmbedSpec::of_record_by(record, theme, n))
            else {
                return String::new();
            };
            (spec.to_query(), format!("Parlour: {game}"))
        }
        Showing::Replay => {
            let settings = parlour::session::replay::settings_query(theme, step);
            (
                format!(
                    "replay/{}{settings}",
                    dom::encode_component(&record.to_json())
                ),
                format!("Parlour: a game of {game} replayed"),
            )
        }
    };
    let src = format!("{}{}", dom::page_url(), Route::Embed(query).hash());
    format!(
        "<iframe src=\"{}\" title=\"{title}\" width=\"{width}\" height=\"{height}\" style=\"border:0; max-width:100%\" loading=\"lazy\"></iframe>{}",
        src.replace('&', "&amp;").replace('"', "&quot;"),
        if fit {
            fitting_script(&dom::window().location().origin().unwrap_or_default())
        } else {
            String::new()
        },
    )
}

/// The "Embed" button. Its dialog is in a part of its own (`iframe`), fetched when first opened.
/// To write only the options that differ from a new game, the dialog sets one up with
/// `new_game`, which the game's screen gives: so its part needs no game's rules. Without it (the
/// replay viewer) the dialog embeds the record's replay only.
///
/// While `secret` (a Dominoes hand in play keeps the hands from the players), this game's
/// replay, which would show every hand, is not offered.
///
/// The replay viewer gives the `step` it shows, for the frame to open there.
#[component]
pub fn EmbedButton(
    #[prop(into)] record: Signal<Record>,
    #[prop(optional)] new_game: Option<NewGame>,
    #[prop(optional, into)] secret: Signal<bool>,
    #[prop(optional, into)] step: Signal<usize>,
) -> impl IntoView {
    dialog_button("Embed", move |close| {
        embed_dialog(record, new_game, secret, step, close)
    })
}

#[wasm_split(iframe, wasm_split_path = ::leptos::wasm_split, fallible)]
fn embed_dialog(
    record: Signal<Record>,
    new_game: Option<NewGame>,
    secret: Signal<bool>,
    step: Signal<usize>,
    on_close: Callback<()>,
) -> Result<AnyView, PartMissing> {
    Ok(
        view! { <EmbedDialog record=record new_game=new_game secret=secret step=step on_close=on_close/> }
            .into_any(),
    )
}

/// The "Embed" dialog: the iframe for a new game of this kind, seats and options, or for this
/// game's replay, with a choice of theme and size.
#[component]
fn EmbedDialog(
    record: Signal<Record>,
    new_game: Option<NewGame>,
    secret: Signal<bool>,
    step: Signal<usize>,
    on_close: Callback<()>,
) -> impl IntoView {
    // The replay viewer's step (none elsewhere): the frame opens there unless the curator
    // asks for the start.
    let at = step.get_untracked();
    let from_step = RwSignal::new(true);
    let showing = RwSignal::new(if new_game.is_some() {
        Showing::NewGame
    } else {
        Showing::Replay
    });
    let theme = RwSignal::new(None::<Theme>);
    let width = RwSignal::new(720u32);
    // While a hand keeps its secrets, the replay is not offered, even if it was chosen before
    // the next hand was dealt (between computers, with the dialog open).
    let shown = move || {
        if secret.get() {
            Showing::NewGame
        } else {
            showing.get()
        }
    };
    // The height the person typed, until what is shown or the width changes; else the height
    // that holds what is shown at that width.
    let typed_height = RwSignal::new(None::<u32>);
    let height = Signal::derive(move || {
        typed_height.get().unwrap_or_else(|| {
            let (what, wide) = (shown(), width.get());
            record.with(|r| fitting_height(r, what, wide))
        })
    });
    let show = move |what: Showing| {
        showing.set(what);
        typed_height.set(None);
    };
    let fit = RwSignal::new(true);
    let copied = RwSignal::new(String::new());
    let code = move || {
        let size = (width.get(), height.get());
        let step = if from_step.get() { at } else { 0 };
        record.with(|r| snippet(r, shown(), new_game, theme.get(), step, size, fit.get()))
    };
    let copy = move |_| {
        dom::copy_and_say(
            code(),
            copied,
            (
                "Copied.",
                "Copying was not allowed: the code is selected, to copy by hand.",
            ),
            "embed-code",
        )
    };
    let size = |id: &'static str, label: &'static str, value: Signal<u32>, set: Callback<u32>| {
        view! { <CountBox id=id label=label unit=" px" lo=280 hi=Signal::stored(2000) value=value set=set/> }
    };
    let width_set = Callback::new(move |n| {
        width.set(n);
        typed_height.set(None);
    });
    let height_set = Callback::new(move |n| typed_height.set(Some(n)));
    view! {
        <Modal title="Embed this game".to_string() on_close=on_close>
            {new_game.is_some().then(|| view! {
                <fieldset class="choices">
                    <legend>"The frame shows"</legend>
                    <label class="choice"><input type="radio" name="embed-showing" id="embed-new-game"
                        prop:checked=move || shown() == Showing::NewGame
                        on:change=move |_| show(Showing::NewGame)/>"A new game like this one, for readers to play"</label>
                    <label class="choice"><input type="radio" name="embed-showing" id="embed-replay"
                        prop:checked=move || shown() == Showing::Replay
                        disabled=move || secret.get()
                        aria-describedby=move || secret.get().then_some("embed-replay-waits")
                        on:change=move |_| show(Showing::Replay)/>"This game as it stands, for readers to step through"</label>
                    {move || secret.get().then(|| view! {
                        <p class="hint" id="embed-replay-waits">"A replay shows every hand, so this game can be embedded to step through once this hand is over."</p>
                    })}
                </fieldset>
            })}
            <p>{move || match shown() {
                Showing::NewGame => "Paste this into a web page to show a new game of this kind, with these seats, names and options, in a frame: only the board and its controls. A reader's game is saved in their own browser and resumes when they come back.",
                Showing::Replay => "Paste this into a web page to show this game, move by move, in a frame: the board, the buttons to step through it and its list of moves. The moves travel in the address; nothing is stored.",
            }}</p>
            <div class="embed-sizes">
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
            {size("embed-width", "Width", width.into(), width_set)}
            {size("embed-height", "Height", height, height_set)}
            </div>
            {(at > 0).then(|| view! {
                <label class="choice"><input type="checkbox" id="embed-step"
                    prop:checked=move || from_step.get()
                    on:change=move |ev| from_step.set(event_target_checked(&ev))/>
                    {format!("Open at step {at}, the step shown here (else at the start)")}</label>
            })}
            <label class="choice"><input type="checkbox" id="embed-fit"
                prop:checked=move || fit.get()
                on:change=move |ev| fit.set(event_target_checked(&ev))/>
                "Fit the frame's height to the game, on narrow screens too (adds a short script; where a site takes no scripts, the frame keeps the height above, which holds the game at the width above)"</label>
            <label for="embed-code">"Code"</label>
            <textarea id="embed-code" class="embed-code" readonly rows="6" prop:value=code></textarea>
            <p class="actions">
                <button type="button" class="primary" on:click=copy>"Copy"</button>
                <button type="button" on:click=move |_| on_close.run(())>"Close"</button>
            </p>
            <p role="status">{move || copied.get()}</p>
        </Modal>
    }
}
