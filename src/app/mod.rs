//! The Leptos user interface: the shell (home, new game, play, saved games, rules, settings)
//! and one board per game under `boards/`. Components draw what the rules and sessions say and
//! turn the player's clicks and keys into moves; no rule is decided here.

mod boards;
mod computer;
mod count_box;
mod dom;
mod embed;
mod home;
mod image;
mod modal;
mod new_game;
mod parts;
mod play;
mod replay;
mod route;
mod rules_page;
mod saves;
mod settings;
mod teetotum;

use leptos::prelude::*;
use leptos::wasm_split::wasm_split;

use parlour::record::Record;
use parlour::session::capital;
use parlour::storage::web::LocalBackend;
use parlour::storage::{
    Motion, Problem, SaveKind, SavedGame, Settings, Store, StoreError, Theme, GAME_PREFIX,
    SETTINGS_KEY,
};

use parts::{part, PartMissing};
use route::Route;

/// Mounts the app on the page's body.
pub fn mount() {
    if let Some(boot) = dom::window()
        .document()
        .and_then(|d| d.get_element_by_id("boot"))
    {
        boot.remove();
    }
    leptos::mount::mount_to_body(App);
}

/// Parlour's storage: localStorage.
pub fn store() -> Store<LocalBackend> {
    Store::new(LocalBackend)
}

/// A message for the player that stays until it is dismissed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Notice {
    pub text: String,
    pub is_error: bool,
    /// A way to put it right: the address and its words.
    pub link: Option<(&'static str, &'static str)>,
    /// The screen it is about, if only that one: it goes when the player leaves it.
    pub screen: Option<Route>,
}

/// What every screen shares, given by context.
#[derive(Clone, Copy)]
pub struct AppState {
    /// The screen shown.
    pub route: RwSignal<Route>,
    /// The player's settings.
    pub settings: RwSignal<Settings>,
    /// A message shown above every screen.
    pub notice: RwSignal<Option<Notice>>,
    /// The games this tab has started, opened or played, each as last played, newest last: kept
    /// in memory in case storage cannot hold them (full, or not to be had in a frame), so that a
    /// game left while storage is full is found again, with every move, when it is opened.
    held: StoredValue<Vec<SavedGame>>,
    /// The autosave [`AppState::start_game`] last made (see
    /// [`AppState::let_go_if_just_started`]).
    pub started: StoredValue<Option<String>>,
}

/// How many games a tab holds in memory ([`AppState::hold`]); the oldest goes first.
const HELD: usize = 64;

impl AppState {
    /// Keeps `game` in memory as it now stands, in place of what was held of it.
    pub fn hold(&self, game: SavedGame) {
        self.let_go(&game.id);
        self.held.update_value(|held| {
            held.push(game);
            if held.len() > HELD {
                held.remove(0);
            }
        });
    }

    /// Forgets this tab's copy of the game `id` (deleted: it is not to come back from memory).
    pub fn let_go(&self, id: &str) {
        self.held.update_value(|held| held.retain(|g| g.id != id));
    }

    /// The game `id` as this tab holds it in memory, if it does.
    pub fn held(&self, id: &str) -> Option<SavedGame> {
        self.held
            .with_value(|held| held.iter().find(|g| g.id == id).cloned())
    }

    /// Shows a message above the screen.
    pub fn tell(&self, text: impl Into<String>, is_error: bool) {
        self.tell_with_link(text.into(), is_error, None);
    }

    /// Shows a message above the screen, with the way to put it right (an address and its
    /// words).
    pub fn tell_with_link(
        &self,
        text: String,
        is_error: bool,
        link: Option<(&'static str, &'static str)>,
    ) {
        self.notice.set(Some(Notice {
            text,
            is_error,
            link,
            screen: None,
        }));
    }

    /// Changes the settings and stores them; if they cannot be stored, says so, with `unsaved`
    /// for what that means.
    pub fn change_settings(&self, change: impl FnOnce(&mut Settings), unsaved: &str) {
        // From the stored settings where they read, so that a change made meanwhile in
        // another tab (the theme there, the pace here) is not written over.
        let mut settings = match store().settings() {
            (stored, None) => stored,
            (_, Some(_)) => self.settings.get_untracked(),
        };
        change(&mut settings);
        self.settings.set(settings);
        if let Err(e) = store().put_settings(&settings, dom::now()) {
            self.tell_not_saved(&e, unsaved, false);
        }
    }

    /// Shows a message about the screen shown ("Saved as ..."), until the player leaves it.
    pub fn tell_here(&self, text: impl Into<String>) {
        self.notice.set(Some(Notice {
            text: text.into(),
            is_error: false,
            link: None,
            screen: Some(self.route.get_untracked()),
        }));
    }

    /// Lets go of `saved` if it is the autosave [`AppState::start_game`] has just made, with
    /// nothing played in it, and it does not replay: the record it copies is kept where it came
    /// from (a named save resumed), and the copy would only be one more game that cannot be
    /// played, made each time Resume is tried. (Links and files are replayed before a game is
    /// made of them.)
    pub fn let_go_if_just_started(&self, saved: &SavedGame) {
        let just_made = saved.kind == SaveKind::Autosave
            && saved.created == saved.updated
            && self.started.get_value().as_deref() == Some(saved.id.as_str());
        if just_made {
            let _ = store().delete_game(&saved.id);
            self.let_go(&saved.id);
            self.started.set_value(None);
        }
    }

    /// Says that the saved games cannot be read, and why, and that games can still be played.
    pub fn tell_unreadable(&self, e: &StoreError) {
        self.tell(
            play::sentence(&format!(
                "{e}, so no saved games can be shown; games can still be played, but they will not be kept"
            )),
            true,
        );
    }

    /// Says that something was not saved (`what`), and why; when storage is full, with the way
    /// to the saved games, where old ones can be removed to make room, and (`saved_later`: an
    /// autosave, written again at the next move) that it will be saved once there is room.
    pub fn tell_not_saved(&self, e: &StoreError, what: &str, saved_later: bool) {
        // A reader playing in a frame on another site, whose browser gives the frame no
        // storage: nothing they can do about it, and play goes on; said briefly.
        if matches!(e, StoreError::Unavailable(_))
            && matches!(self.route.get_untracked(), Route::Embed(_))
        {
            self.tell_with_link(
                "This browser lets this frame keep nothing, so the game is not being saved; play on."
                    .to_string(),
                false,
                None,
            );
            return;
        }
        let mut text = play::sentence(&format!("{e}: {what}"));
        let mut link = None;
        if *e == StoreError::Full {
            // Storage turned off will not come back by itself; a full one does, with room.
            if saved_later {
                text.push_str(" It will be saved once there is room.");
            }
            text.push_str(" Make room by removing saved games you no longer need.");
            link = Some(("#/saves", "Make room in Saved games"));
        }
        self.tell_with_link(text, true, link);
    }

    /// Starts playing a record as a new game in progress: stores its autosave (or keeps it in
    /// memory if storage is full) and goes to the play screen.
    pub fn start_game(&self, record: Record, redo: Vec<String>, name: String, replace_route: bool) {
        let now = dom::now();
        // An embedded game starts again in its own frame, under its own autosave.
        let embedded = match self.route.get_untracked() {
            Route::Embed(query) => Some(query),
            _ => None,
        };
        let id = match &embedded {
            Some(query) => embed::save_id(query).unwrap_or_else(dom::new_id),
            None => dom::new_id(),
        };
        if embedded.is_some() {
            // A new game under the embed's id (a rematch): it counts when it ends, as the one
            // before did. A failure here only loses that count.
            let _ = store().forget_counted(&id);
        }
        let game = SavedGame {
            id,
            kind: SaveKind::Autosave,
            name,
            created: now,
            updated: now,
            finished: false,
            result: None,
            record,
            redo,
            stamp: Default::default(),
        };
        if let Err(e) = store().put_game(&game, now) {
            self.tell_not_saved(
                &e,
                "this game is not being saved, but you can play on",
                true,
            );
        }
        let route = Route::Play(game.id.clone());
        self.started.set_value(Some(game.id.clone()));
        self.hold(game);
        if let Some(query) = embedded {
            self.route.set(Route::Embed(query));
            return;
        }
        if replace_route {
            dom::replace(&route);
            self.route.set(route);
        } else {
            dom::go(&route);
        }
    }
}

/// Runs `run` now, and again whenever a signal it read has changed, as [`Effect::new`] does;
/// `run` is told whether this is its first run. Every effect in the app is made here, through
/// the one closure type below, because Leptos compiles its effect machinery (an async task)
/// once for each closure type it is given.
pub fn effect(run: impl FnMut(bool) + 'static) {
    let mut run: Box<dyn FnMut(bool)> = Box::new(run);
    Effect::new(move |before: Option<()>| run(before.is_none()));
}

/// The state shared by context.
pub fn app_state() -> AppState {
    expect_context::<AppState>()
}

/// Says which stored values could not be read (they are left as they are).
fn report_problems(state: &AppState, problems: &[Problem]) {
    let [first, ..] = problems else {
        return;
    };
    let what = if problems.len() == 1 {
        first.what()
    } else if problems.iter().all(|p| p.key.starts_with(GAME_PREFIX)) {
        format!("{} saved games", problems.len())
    } else {
        format!("{} stored values", problems.len())
    };
    let settings = problems.iter().any(|p| p.key == SETTINGS_KEY);
    let text = format!(
        "{} could not be read; Parlour left what was stored as it was.{} You can export or delete {} from Saved games.",
        capital(&what),
        if settings { " Meanwhile the usual settings are in use." } else { "" },
        if problems.len() == 1 { "it" } else { "them" },
    );
    state.tell_with_link(text, true, Some(("#/saves", "Open Saved games")));
}

#[component]
fn App() -> impl IntoView {
    let (stored_settings, settings_problem) = store().settings();
    let state = AppState {
        route: RwSignal::new(Route::from_hash(
            &dom::window().location().hash().unwrap_or_default(),
        )),
        settings: RwSignal::new(stored_settings),
        notice: RwSignal::new(None),
        held: StoredValue::new(Vec::new()),
        started: StoredValue::new(None),
    };
    provide_context(state);
    // What could not be read is told once, as the app starts, whichever screen it opens on;
    // Saved games lists it for as long as it is there. An embedded game or replay takes its
    // theme from its address, and a reader of the site that embeds it has no saved games to
    // see to: it is not told.
    if !matches!(state.route.get_untracked(), Route::Embed(_)) {
        let mut problems = store().summaries().map(|l| l.problems).unwrap_or_default();
        problems.extend(settings_problem);
        problems.extend(store().stats().err());
        report_problems(&state, &problems);
    }

    let _ = leptos::prelude::window_event_listener(leptos::ev::hashchange, move |_| {
        let hash = dom::window().location().hash().unwrap_or_default();
        state.route.set(Route::from_hash(&hash));
    });

    // Theme and motion live on the root element, where the style sheet reads them. An embedded
    // game takes its theme from its address and shows only the game (`data-embed`).
    effect(move |_| {
        let settings = state.settings.get();
        let embed = match state.route.get() {
            Route::Embed(query) => {
                Some(replay::embed_theme(&query).unwrap_or_else(|| embed::theme(&query)))
            }
            _ => None,
        };
        dom::set_root_attribute("data-embed", embed.map(|_| "yes"));
        let theme = match (embed.flatten(), settings.theme) {
            (Some(theme), _) => Some(theme),
            (None, Theme::System) => None,
            (None, Theme::Light) => Some("light"),
            (None, Theme::Dark) => Some("dark"),
        };
        dom::set_root_attribute("data-theme", theme);
        dom::set_root_attribute(
            "data-motion",
            match settings.motion {
                Motion::System => None,
                Motion::On => Some("on"),
                Motion::Off => Some("off"),
            },
        );
    });

    // Each new screen gets its title, and focus moves to its heading for screen readers.
    let mut previous = None::<Route>;
    effect(move |_| {
        let route = state.route.get();
        if let Some(document) = dom::window().document() {
            document.set_title(&route.title());
        }
        if previous.as_ref().is_some_and(|p| *p != route) {
            dom::window().scroll_to_with_x_and_y(0.0, 0.0);
            dom::focus_screen_title();
            let about_another = state.notice.with_untracked(|n| {
                n.as_ref()
                    .is_some_and(|n| n.screen.as_ref().is_some_and(|s| *s != route))
            });
            if about_another {
                state.notice.set(None);
            }
        }
        previous = Some(route);
    });

    view! {
        <a class="skip-link" href="#main" on:click=move |ev| {
            ev.prevent_default();
            dom::focus_id("screen-title");
        }>"Skip to content"</a>
        <header class="top">
            <a class="brand" href="#/" aria-label="Parlour, home">
                <img src="favicon.svg" alt="" width="28" height="28"/>
                <span>"Parlour"</span>
            </a>
            <nav aria-label="Main">
                <a href="#/" aria-current=move || (state.route.get() == Route::Home).then_some("page")>"Games"</a>
                <a href="#/saves" aria-current=move || (state.route.get() == Route::Saves).then_some("page")>"Saved games"</a>
                <a href="#/settings" aria-current=move || (state.route.get() == Route::Settings).then_some("page")>"Settings"</a>
            </nav>
        </header>
        <NoticeBar/>
        <main id="main">
            {move || match state.route.get() {
                Route::Home => home::Home().into_any(),
                Route::New(game) => view! { <new_game::NewGame game=game/> }.into_any(),
                Route::Play(id) => view! { <play::Play id=id/> }.into_any(),
                Route::Saves => part(saves_screen()).into_any(),
                Route::Rules(game, section) => part(rules_screen(game, section)).into_any(),
                Route::Settings => part(settings_screen()).into_any(),
                Route::Open(encoded) => {
                    // The link's game is fetched while its record is read and checked.
                    let record = encoded.split('?').next().unwrap_or_default();
                    if let Some(game) = dom::decode_component(record)
                        .and_then(|text| Record::from_json(&text).ok())
                        .and_then(|record| record.kind().ok())
                    {
                        play::fetch_ahead(game);
                    }
                    part(open_shared_screen(encoded)).into_any()
                }
                Route::Replay(address) => part(replay_screen(address, false)).into_any(),
                Route::Embed(query) => match query.strip_prefix("replay/") {
                    Some(address) => part(replay_screen(address.to_string(), true)).into_any(),
                    None => part(embed_screen(query)).into_any(),
                },
                Route::NotFound(path) => view! { <NotFound path=path/> }.into_any(),
            }}
        </main>
        <footer class="foot">
            <p>"Parlour plays in your browser; games are saved on this device only."</p>
        </footer>
    }
}

// The screens that the home page does not need are parts of their own, fetched when first
// opened (as each game's screens are).

#[wasm_split(pages, wasm_split_path = ::leptos::wasm_split, fallible)]
fn rules_screen(game: parlour::games::GameKind, section: String) -> Result<AnyView, PartMissing> {
    Ok(view! { <rules_page::RulesPage game=game section=section/> }.into_any())
}

#[wasm_split(pages, wasm_split_path = ::leptos::wasm_split, fallible)]
fn settings_screen() -> Result<AnyView, PartMissing> {
    Ok(settings::SettingsPage().into_any())
}

#[wasm_split(saves, wasm_split_path = ::leptos::wasm_split, fallible)]
fn saves_screen() -> Result<AnyView, PartMissing> {
    Ok(saves::Saves().into_any())
}

#[wasm_split(saves, wasm_split_path = ::leptos::wasm_split, fallible)]
fn open_shared_screen(encoded: String) -> Result<AnyView, PartMissing> {
    Ok(view! { <saves::OpenShared encoded=encoded/> }.into_any())
}

#[wasm_split(replay, wasm_split_path = ::leptos::wasm_split, fallible)]
fn replay_screen(address: String, embedded: bool) -> Result<AnyView, PartMissing> {
    Ok(view! { <replay::ReplayScreen address=address embedded=embedded/> }.into_any())
}

#[wasm_split(embed, wasm_split_path = ::leptos::wasm_split, fallible)]
fn embed_screen(query: String) -> Result<AnyView, PartMissing> {
    Ok(view! { <embed::EmbedGame query=query/> }.into_any())
}

#[component]
fn NoticeBar() -> impl IntoView {
    let state = app_state();
    move || {
        state.notice.get().map(|notice| {
            view! {
                <div class="notice" class:error=notice.is_error role=if notice.is_error { "alert" } else { "status" }>
                    <p>{notice.text}</p>
                    // No link to the screen already shown.
                    {notice.link.filter(|(href, _)| state.route.get().hash() != *href).map(|(href, words)| view! { <a class="button" href=href>{words}</a> })}
                    // The focus, on Dismiss as it goes, goes to the screen's heading (where the
                    // page is scrolled to stays), not to the page.
                    <button type="button" class="quiet" on:click=move |_| {
                        state.notice.set(None);
                        set_timeout(
                            || {
                                let title = dom::window().document().and_then(|d| d.get_element_by_id("screen-title"));
                                if let Some(title) = title {
                                    dom::focus_in_place(&title);
                                }
                            },
                            std::time::Duration::ZERO,
                        );
                    }>
                        "Dismiss"
                    </button>
                </div>
            }
        })
    }
}

/// A screen that cannot be shown, and why (a bad address or record): its heading, the reason
/// as an alert, and the way to the games: in this tab, or (embedded in another site's page) in
/// a new one.
pub fn refusal(title: &'static str, why: String, embedded: bool) -> AnyView {
    // A frame fitted to its game's height is fitted to the refusal instead.
    if embedded {
        dom::tell_frame_height();
    }
    let (href, target, words) = if embedded {
        ("./#/", Some("_blank"), "Open Parlour in a new tab")
    } else {
        ("#/", None, "The games")
    };
    view! {
        <section class="screen narrow">
            <h1 id="screen-title" tabindex="-1">{title}</h1>
            <p class="error" role="alert">{why}</p>
            <p class="actions"><a class="button" href=href target=target rel=target.map(|_| "noopener")>{words}</a></p>
        </section>
    }
    .into_any()
}

#[component]
fn NotFound(path: String) -> impl IntoView {
    view! {
        <section class="screen narrow">
            <h1 id="screen-title" tabindex="-1">"Nothing here"</h1>
            <p>"This address names no page of Parlour: " <code>{path}</code></p>
            <p><a class="button" href="#/">"Go to the games"</a></p>
        </section>
    }
}
