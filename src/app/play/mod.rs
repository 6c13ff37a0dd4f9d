//! The play screens: one per game (`morris`, `archery`, `quoits`, `dominoes`, `doquin`), and what they share here:
//! opening a saved game, the autosave, the record's controls (save, export, share link), the
//! computer's pace.

pub(super) mod archery;
pub(super) mod dominoes;
mod doquin;
mod morris;
mod quoits;

use leptos::prelude::*;

use parlour::games::GameKind;
use parlour::record::{FromHeader, Record};
use parlour::rules::archery::Archery;
use parlour::rules::dominoes::Dominoes;
use parlour::rules::doquin::Doquin;
use parlour::rules::quoits::Quoits;
use parlour::session::embed::NewGame;
use parlour::session::morris::MorrisPlay;
pub use parlour::storage::Pace;
use parlour::storage::{
    compare, fresher, LoadError, SaveError, SaveKind, SavedGame, Since, StatsError,
};

use leptos::wasm_split::wasm_split;

use super::boards::pieces::outline;
use super::modal::Modal;
use super::parts::{part, PartMissing};
use super::route::Route;
use super::{app_state, dom, effect, store};

#[component]
pub fn Play(id: String) -> impl IntoView {
    let state = app_state();
    let in_memory = state.held(&id);
    let loaded = match in_memory {
        Some(game) => Ok(fresher(game, store().game(&id).ok())),
        None => store().game(&id),
    };
    let saved = match loaded {
        Ok(saved) => saved,
        Err(LoadError::Missing) => {
            return cannot_open(
                "This game is not saved in this browser. It may have been deleted, or it was played while storage was full.".into(),
            )
        }
        Err(e) => return cannot_open(format!("This game cannot be opened: {e}.")),
    };
    let conflict = RwSignal::new(None::<Conflict>);
    provide_context(conflict);
    let screen = match saved.record.kind() {
        Ok(GameKind::Morris) => part(morris_screen(saved)).into_any(),
        Ok(GameKind::Archery) => part(archery_screen(saved)).into_any(),
        Ok(GameKind::Quoits) => part(quoits_screen(saved)).into_any(),
        Ok(GameKind::Dominoes) => part(dominoes_screen(saved)).into_any(),
        Ok(GameKind::Doquin) => part(doquin_screen(saved)).into_any(),
        Err(e) => cannot_open(e.to_string()),
    };
    view! { {screen} {move || conflict.get().map(|c| view! { <ConflictDialog conflict=c/> })} }
        .into_any()
}

// Each game's play screen is in that game's part of the app, fetched when first needed.

#[wasm_split(morris, wasm_split_path = ::leptos::wasm_split, fallible)]
fn morris_screen(saved: SavedGame) -> Result<AnyView, PartMissing> {
    Ok(match MorrisPlay::open(&saved.record, &saved.redo) {
        Ok(play) => view! { <morris::MorrisScreen saved=saved play=play/> }.into_any(),
        Err(e) => does_not_replay(&saved, e),
    })
}

#[wasm_split(archery, wasm_split_path = ::leptos::wasm_split, fallible)]
fn archery_screen(saved: SavedGame) -> Result<AnyView, PartMissing> {
    Ok(open(saved, Archery::from_header, |saved, game| {
        view! { <archery::ArcheryScreen saved=saved game=game/> }.into_any()
    }))
}

#[wasm_split(quoits, wasm_split_path = ::leptos::wasm_split, fallible)]
fn quoits_screen(saved: SavedGame) -> Result<AnyView, PartMissing> {
    Ok(open(saved, Quoits::from_header, |saved, game| {
        view! { <quoits::QuoitsScreen saved=saved game=game/> }.into_any()
    }))
}

#[wasm_split(dominoes, wasm_split_path = ::leptos::wasm_split, fallible)]
fn dominoes_screen(saved: SavedGame) -> Result<AnyView, PartMissing> {
    Ok(open(saved, Dominoes::from_header, |saved, game| {
        view! { <dominoes::DominoesScreen saved=saved game=game/> }.into_any()
    }))
}

#[wasm_split(doquin, wasm_split_path = ::leptos::wasm_split, fallible)]
fn doquin_screen(saved: SavedGame) -> Result<AnyView, PartMissing> {
    Ok(open(saved, Doquin::from_header, |saved, game| {
        view! { <doquin::DoquinScreen saved=saved game=game/> }.into_any()
    }))
}

/// Starts fetching `game`'s part (and the shared pieces it needs) without drawing anything, for a
/// screen that will open the game next: a shared game's link, which reads its record first.
/// If the fetch fails, the game's screen says so when it opens.
pub fn fetch_ahead(game: GameKind) {
    leptos::task::spawn_local(async move {
        let _ = match game {
            GameKind::Morris => morris_ahead().await,
            GameKind::Archery => archery_ahead().await,
            GameKind::Quoits => quoits_ahead().await,
            GameKind::Dominoes => dominoes_ahead().await,
            GameKind::Doquin => doquin_ahead().await,
        };
    });
}

#[wasm_split(morris, wasm_split_path = ::leptos::wasm_split, fallible)]
fn morris_ahead() -> Result<(), PartMissing> {
    Ok(())
}

#[wasm_split(archery, wasm_split_path = ::leptos::wasm_split, fallible)]
fn archery_ahead() -> Result<(), PartMissing> {
    Ok(())
}

#[wasm_split(quoits, wasm_split_path = ::leptos::wasm_split, fallible)]
fn quoits_ahead() -> Result<(), PartMissing> {
    Ok(())
}

#[wasm_split(dominoes, wasm_split_path = ::leptos::wasm_split, fallible)]
fn dominoes_ahead() -> Result<(), PartMissing> {
    Ok(())
}

#[wasm_split(doquin, wasm_split_path = ::leptos::wasm_split, fallible)]
fn doquin_ahead() -> Result<(), PartMissing> {
    Ok(())
}

/// Says why a saved game does not replay; a copy of it just made to play goes again
/// ([`AppState::let_go_if_just_started`]).
fn does_not_replay(saved: &SavedGame, e: parlour::record::RecordError) -> AnyView {
    app_state().let_go_if_just_started(saved);
    cannot_open(format!(
        "This saved game does not replay: {e}. It is left as it is in your saved games."
    ))
}

/// Replays a saved game from the start its record's header sets up (`from_header`, the game's
/// own), with the moves that were undone kept for redo, and draws its screen; or says why it
/// does not replay.
fn open<G: parlour::rules::Game + 'static>(
    saved: SavedGame,
    from_header: FromHeader<G>,
    screen: impl FnOnce(SavedGame, parlour::session::Match<G>) -> AnyView,
) -> AnyView {
    let record = &saved.record;
    let game = record
        .start_as(from_header)
        .and_then(|start| parlour::session::Match::from_record(record, start, &saved.redo));
    match game {
        Ok(game) => screen(saved, game),
        Err(e) => does_not_replay(&saved, e),
    }
}

fn cannot_open(why: String) -> AnyView {
    view! {
        <section class="screen narrow">
            <h1 id="screen-title" tabindex="-1">"This game cannot be opened"</h1>
            <p class="error" role="alert">{why}</p>
            <p class="actions">
                <a class="button" href="#/saves">"Saved games"</a>
                <a class="button" href="#/">"The games"</a>
            </p>
        </section>
    }
    .into_any()
}

/// The pace a play screen starts at: the one chosen last (Steady at first).
pub fn remembered_pace() -> RwSignal<Pace> {
    RwSignal::new(app_state().settings.get_untracked().pace)
}

/// A choice of pace, for the computer's turns or a game that plays itself.
#[component]
pub fn PaceChoice(label: &'static str, pace: RwSignal<Pace>) -> impl IntoView {
    let state = app_state();
    view! {
        <label for="pace">{label}</label>
        <select id="pace" on:change=move |ev| {
            let value = event_target_value(&ev);
            if let Some(p) = Pace::ALL.into_iter().find(|p| p.name() == value) {
                pace.set(p);
                // The next game, and this one reloaded, go at the pace chosen last.
                state.change_settings(|s| s.pace = p, "the pace applies now but is not kept");
            }
        }>
            {Pace::ALL.into_iter().map(|p| view! {
                <option value=p.name() selected=move || pace.get() == p>{p.title()}</option>
            }).collect_view()}
        </select>
    }
}

/// Marks a screen busy with a new automatic turn (a computer's move, a spin, a deal) and gives
/// the turn's ticket, for [`comes_due`]. Each turn has its own ticket: an undo and a new move
/// can bring a game back to the same move number while an earlier turn still waits out its
/// pace, and that turn must not then be played.
pub fn start_turn(busy: RwSignal<Option<usize>>) -> usize {
    thread_local! {
        static LAST: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    }
    let ticket = LAST.with(|last| {
        last.set(last.get() + 1);
        last.get()
    });
    busy.set(Some(ticket));
    ticket
}

/// Whether an automatic turn that waited for the pace is still due when its time comes: `busy`
/// still holds the turn's ticket (from [`start_turn`]), and is then freed. A screen left in the
/// meantime has nothing due (its signals are gone, and are not read).
pub fn comes_due(busy: RwSignal<Option<usize>>, ticket: usize) -> bool {
    let due = holds(busy, ticket);
    if due {
        busy.set(None);
    }
    due
}

/// Whether `busy` still holds the automatic turn's `ticket` (from [`start_turn`]): nothing has
/// taken the turn's place. Unlike [`comes_due`] it leaves the ticket where it is.
pub fn holds(busy: RwSignal<Option<usize>>, ticket: usize) -> bool {
    busy.try_get_untracked().flatten() == Some(ticket)
}

/// What a play screen with computer seats keeps for its automatic turns: the pace they wait
/// out, whether the players have paused them, the message that says why play stopped, and the
/// ticket of the turn under way ([`start_turn`]).
#[derive(Clone, Copy)]
pub struct Turns {
    pub pace: RwSignal<Pace>,
    pub paused: RwSignal<bool>,
    pub message: RwSignal<Option<String>>,
    pub busy: RwSignal<Option<usize>>,
}

impl Turns {
    /// A screen's turns at the remembered pace, not paused, none under way; a stop is said in
    /// `message`.
    pub fn new(message: RwSignal<Option<String>>) -> Self {
        Turns {
            pace: remembered_pace(),
            paused: RwSignal::new(false),
            message,
            busy: RwSignal::new(None),
        }
    }
}

/// Asks the computer, in its worker, for the move of `level` in the game `record` holds. When
/// the answer comes, it waits out the rest of `turns`' pace; then, if `still_due()` says the turn is
/// still the one asked about, the move is read and handed to `play`. A move that cannot be had
/// or read pauses the game with a message saying why; nothing is played. So does a question
/// that cannot be asked (no worker), which also frees the turn's ticket.
///
/// The screen that asks must call `on_cleanup(computer::cancel)`, since a reply that came after
/// the screen was left would read its signals; its `still_due` should use [`comes_due`], since
/// the pace's wait may end after the screen was left.
pub fn computer_move<M: std::str::FromStr + 'static>(
    record: Record,
    level: parlour::ai::Level,
    turns: Turns,
    still_due: impl Fn() -> bool + 'static,
    play: impl Fn(M) + 'static,
) {
    let Turns {
        pace,
        paused,
        message,
        busy,
    } = turns;
    let asked_at = dom::now();
    let request = parlour::worker::Request {
        id: 0,
        task: parlour::worker::Task::Move,
        record,
        level: Some(level.name().to_string()),
        seed: dom::random_u64(),
        think_ms: None,
    };
    let reply = move |answer: parlour::worker::Answer| {
        let wait = (pace.get_untracked().least_ms() - (dom::now() - asked_at)).max(0.0);
        set_timeout(
            move || {
                if !still_due() {
                    return;
                }
                match answer.r#move.as_deref().map(str::parse::<M>) {
                    Some(Ok(m)) => play(m),
                    _ => {
                        paused.set(true);
                        message.set(Some(format!(
                            "The computer could not choose ({}); the game is paused.",
                            answer.error.as_deref().unwrap_or("it found no move")
                        )));
                    }
                }
            },
            std::time::Duration::from_millis(wait as u64),
        );
    };
    if let Err(why) = super::computer::ask(request, reply) {
        busy.set(None);
        paused.set(true);
        message.set(Some(format!("{why}; the game is paused.")));
    }
}

/// A hint: the move the computer suggests for the position after `at` moves, in words.
#[derive(Clone, PartialEq, Debug)]
pub struct Hint<M> {
    pub at: usize,
    pub best: M,
    pub words: String,
}

/// A play screen's hints: the one shown, until the game moves on, and whether the computer is
/// finding one.
pub struct Hinting<M: Send + Sync + 'static> {
    hint: RwSignal<Option<Hint<M>>>,
    waiting: RwSignal<bool>,
}

impl<M: Send + Sync + 'static> Clone for Hinting<M> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<M: Send + Sync + 'static> Copy for Hinting<M> {}

impl<M: std::str::FromStr + Clone + Send + Sync + 'static> Hinting<M> {
    pub fn new() -> Self {
        Hinting {
            hint: RwSignal::new(None),
            waiting: RwSignal::new(false),
        }
    }

    /// Forgets the hint and any hint being found (when the computer's worker is stopped).
    pub fn forget(self) {
        self.waiting.set(false);
        self.hint.set(None);
    }

    /// The hint, if it is for the position after `at` moves.
    pub fn for_position(self, at: usize) -> Option<Hint<M>> {
        self.hint.get().filter(|h| h.at == at)
    }

    /// Asks the computer, in its worker, for the best move of the seat to move in `game`, with
    /// its verdict. When the answer comes, if `moves_now()` says the game has not moved on,
    /// `what` says the move in words (from the position it was asked about), and the hint is
    /// shown and announced for the player to move: "Hint: lay 6-4 on the left end, leaving 4.
    /// Ada is a little better." A hint that cannot be had or read is said in `message`.
    pub fn ask<G: parlour::rules::Game<Move = M> + 'static>(
        self,
        game: &parlour::session::Match<G>,
        moves_now: impl Fn() -> usize + 'static,
        message: RwSignal<Option<String>>,
        announce: RwSignal<String>,
        what: impl Fn(&G, &M) -> Option<String> + 'static,
    ) {
        let parlour::rules::Turn::Seat(seat) = game.position().turn() else {
            return;
        };
        if self.waiting.get_untracked() {
            return;
        }
        let at = game.moves().len();
        let whose = game
            .players()
            .get(seat.index())
            .map(|p| p.name.clone())
            .unwrap_or_default();
        let position = game.position().clone();
        let request = parlour::worker::Request {
            id: 0,
            task: parlour::worker::Task::Hint,
            record: game.record(),
            level: None,
            seed: dom::random_u64(),
            think_ms: Some(HINT_THINK_MS),
        };
        self.waiting.set(true);
        announce.set("Looking for a hint…".into());
        let asked = super::computer::ask(request, move |answer: parlour::worker::Answer| {
            self.waiting.set(false);
            if moves_now() != at {
                return;
            }
            let read = answer.r#move.as_deref().map(str::parse::<M>);
            let Some(Ok(best)) = read else {
                let why = answer
                    .error
                    .unwrap_or_else(|| "no hint could be found".into());
                message.set(Some(format!("No hint: {why}.")));
                return;
            };
            let Some(said) = what(&position, &best) else {
                return;
            };
            let verdict = answer.verdict.unwrap_or_default();
            let judged = if verdict == "even" || verdict.is_empty() {
                "The game is even.".to_string()
            } else {
                format!("{whose} is {verdict}.")
            };
            let words = format!("Hint: {said}. {judged}");
            announce.set(words.clone());
            self.hint.set(Some(Hint { at, best, words }));
        });
        if let Err(why) = asked {
            self.waiting.set(false);
            message.set(Some(format!("No hint: {why}.")));
        }
    }

    /// The Hint button: it asks by `ask`, and is off (and asks nothing) while `off()` says so or
    /// a hint is being found.
    /// Whether the computer is finding a hint now.
    pub fn is_waiting(self) -> bool {
        self.waiting.get()
    }

    pub fn button(
        self,
        off: impl Fn() -> bool + Copy + Send + Sync + 'static,
        ask: impl Fn() + 'static,
    ) -> impl IntoView {
        let waiting = self.waiting;
        let click = move |_| {
            if !off() && !waiting.get_untracked() {
                ask();
            }
        };
        // While it waits it is only marked unavailable, not disabled, so that the keyboard's
        // focus stays on it until the hint comes.
        view! {
            <button type="button" on:click=click disabled=off
                aria-disabled=move || waiting.get().then_some("true")>
                {move || if waiting.get() { "Hint…" } else { "Hint" }}
            </button>
        }
    }
}

/// How long the computer may think for a hint, in milliseconds.
const HINT_THINK_MS: f64 = 900.0;

/// A game as it stands, for the autosave and the record's controls.
#[derive(Clone, PartialEq, Debug)]
pub struct Progress {
    pub record: Record,
    /// Moves taken back and not played again.
    pub redo: Vec<String>,
    /// Why the game ended, if it has.
    pub result: Option<String>,
}

impl Progress {
    /// A game in play over a record, as it stands.
    pub fn of<G: parlour::rules::Game + 'static>(game: &parlour::session::Match<G>) -> Progress {
        Progress {
            record: game.record(),
            redo: game.undone().to_vec(),
            result: game.position().outcome().map(|o| o.reason),
        }
    }
}

/// Each seat's computer level, none for a person; a computer seat whose level is missing or
/// unknown plays at Hard.
pub fn seat_levels(players: &[parlour::record::Player]) -> Vec<Option<parlour::ai::Level>> {
    use parlour::ai::Level;
    players
        .iter()
        .map(|p| {
            p.is_computer().then(|| {
                p.level
                    .as_deref()
                    .and_then(Level::from_name)
                    .unwrap_or(Level::Hard)
            })
        })
        .collect()
}

/// This tab's name as the writer of its saves (see [`parlour::storage::Stamp`]).
pub fn tab_id() -> String {
    thread_local! {
        static TAB: String = dom::new_id();
    }
    TAB.with(Clone::clone)
}

/// A game that another tab saved differently while this tab played it: this tab's game
/// (`mine`, not saved) and the stored one (`theirs`).
#[derive(Clone, PartialEq, Debug)]
pub struct Conflict {
    pub mine: SavedGame,
    pub theirs: SavedGame,
}

/// The one effect that persists: every change of the game is written to its autosave, unless
/// another tab saved the game differently meanwhile (then the player is asked what to do, and
/// nothing is written until then). Another tab's save of this game is noticed as it happens. When
/// storage fails the player is told once, and the game goes on in memory; it is saved again as
/// soon as it can be (also when the screen opens again).
pub fn keep_saved(entry: StoredValue<SavedGame>, progress: Memo<Progress>) {
    let state = app_state();
    let conflict =
        use_context::<RwSignal<Option<Conflict>>>().unwrap_or_else(|| RwSignal::new(None));
    let failing = StoredValue::new(false);
    effect(move |first_run| {
        let progress = progress.get();
        let base = entry.get_value();
        let mut game = base.clone();
        game.record = progress.record;
        game.redo = progress.redo;
        game.finished = progress.result.is_some();
        game.result = progress.result;
        game.updated = dom::now();
        state.hold(game.clone());
        if let Some(pending) = conflict.get_untracked() {
            entry.set_value(game.clone());
            conflict.set(Some(Conflict {
                mine: game,
                ..pending
            }));
            return;
        }
        match store().save_game(&base, &game, &tab_id(), game.updated) {
            Ok(written) => {
                entry.set_value(written.clone());
                state.hold(written);
                if failing.get_value() {
                    failing.set_value(false);
                    state.tell_here("Storage works again: this game is being saved.");
                }
            }
            Err(SaveError::Conflict(theirs)) => {
                entry.set_value(game.clone());
                conflict.set(Some(Conflict {
                    mine: game.clone(),
                    theirs: *theirs,
                }));
            }
            Err(SaveError::Store(e)) => {
                entry.set_value(game.clone());
                if !failing.get_value() {
                    failing.set_value(true);
                    state.tell_not_saved(
                        &e,
                        "this game goes on in memory but is not being saved",
                        true,
                    );
                }
            }
        }
        if game.finished && conflict.get_untracked().is_none() {
            if first_run {
                // Over when opened: its ending is not counted (again) by taking its last move
                // back and playing it again. A failure here only loses that note.
                let _ = store().mark_counted(&game.id);
            } else {
                count_finished(&state, &game, !failing.get_value());
            }
        }
    });

    // Another tab's save of this game: a rename is taken on, a change of play asks the player.
    let id = entry.with_value(|g| g.id.clone());
    let key = parlour::storage::game_key(&id);
    let listener = window_event_listener(leptos::ev::storage, move |ev| {
        if ev.key().is_some_and(|k| k != key) {
            return;
        }
        let Ok(stored) = store().game(&id) else {
            return;
        };
        let base = entry.get_value();
        if let Some(pending) = conflict.get_untracked() {
            conflict.set(Some(Conflict {
                theirs: stored,
                ..pending
            }));
            return;
        }
        match compare(&base, Some(&stored)) {
            Since::Changed(theirs) => conflict.set(Some(Conflict { mine: base, theirs })),
            Since::Renamed(theirs) => {
                let mut game = base;
                game.name = theirs.name;
                game.stamp = theirs.stamp;
                entry.set_value(game.clone());
                state.hold(game);
            }
            Since::Same | Since::Gone => {}
        }
    });
    on_cleanup(move || listener.remove());
}

/// Asks what to do about a game another tab saved differently: show the other tab's version
/// here, or keep this tab's as a new saved game beside it. Either way nothing saved is lost.
#[component]
fn ConflictDialog(conflict: Conflict) -> impl IntoView {
    let state = app_state();
    let Conflict { mine, theirs } = conflict;
    let (here, there) = (mine.record.moves.len(), theirs.record.moves.len());
    let continues = theirs.record.moves.starts_with(&mine.record.moves);
    let moves = |n: usize| format!("{n} move{}", if n == 1 { "" } else { "s" });
    // An embedded game may be played in two frames of one page (the same address twice) as
    // well as in two tabs.
    let (other, this, theirs_called) = if matches!(state.route.get_untracked(), Route::Embed(_)) {
        ("frame or tab", "frame", "the other version")
    } else {
        ("tab", "tab", "the other tab's version")
    };
    let explain = if continues {
        format!(
            "Another {other} played this game on since this {this} last saved it: there it has {}, here {}. Loading {theirs_called} loses nothing.",
            moves(there),
            moves(here)
        )
    } else {
        format!(
            "Another {other} saved this game differently since this {this} last saved it: there it has {}, here {}. Nothing has been overwritten.",
            moves(there),
            moves(here)
        )
    };
    let drop_note = (!continues).then(|| format!(
        "Loading {theirs_called} shows its game here and drops this {this}'s moves that it does not have; keeping this one as a copy saves this {this}'s game as a new saved game, beside the other.",
    ));
    let theirs = StoredValue::new(theirs);
    let mine = StoredValue::new(mine);
    let conflict = expect_context::<RwSignal<Option<Conflict>>>();
    let load_theirs = move |_| {
        state.hold(theirs.get_value());
        conflict.set(None);
        // Opens the screen again, over the other tab's version.
        state.route.set(state.route.get_untracked());
    };
    let keep_copy = move |_| {
        let now = dom::now();
        let mut copy = mine.get_value();
        copy.id = dom::new_id();
        copy.kind = SaveKind::Autosave;
        copy.name = format!("{} (copy)", copy.name);
        copy.created = now;
        copy.updated = now;
        copy.stamp = Default::default();
        match store().put_game(&copy, now) {
            Ok(()) => state.tell(
                format!(
                    "This {this}'s game is kept as \u{201c}{}\u{201d}; the other is still saved as \u{201c}{}\u{201d}.",
                    copy.name,
                    theirs.with_value(|t| t.name.clone())
                ),
                false,
            ),
            Err(e) => state.tell_not_saved(
                &e,
                "the copy goes on in memory but is not being saved",
                true,
            ),
        }
        // An embedded game goes on with the copy in its frame, still embedded, in place of the
        // address it had (a new entry would give the host page's Back a step inside the frame).
        let embedded = match state.route.get_untracked() {
            Route::Embed(query) => super::embed::with_save(&query, &copy.id).map(Route::Embed),
            _ => None,
        };
        state.hold(copy.clone());
        conflict.set(None);
        match embedded {
            Some(route) => {
                dom::replace(&route);
                state.route.set(route);
            }
            None => dom::go(&Route::Play(copy.id)),
        }
    };
    view! {
        <Modal title=format!("This game was changed in another {other}") on_close=Callback::new(|_| ())>
            <p>{explain}</p>
            {drop_note.map(|note| view! { <p>{note}</p> })}
            <p class="actions">
                // The choice that loses nothing is the one marked and focused.
                <button type="button" class:primary=continues on:click=load_theirs data-autofocus=continues>{format!("Load {theirs_called}")}</button>
                <button type="button" class:primary=!continues on:click=keep_copy data-autofocus=!continues>"Keep this one as a copy"</button>
            </p>
        </Modal>
    }
}

/// Has what a screen's message line says heard as well as shown (through its live region), for
/// the screens whose message line is not read out itself.
pub fn heard(message: RwSignal<Option<String>>, announce: RwSignal<String>) {
    effect(move |_| {
        if let Some(words) = message.get() {
            announce.set(words);
        }
    });
}

/// Counts a game that has just ended in the record against the computer, once (see
/// [`parlour::stats`] for what counts). When the stored record cannot be read it is left alone:
/// the new-game screen says so and offers a reset. A storage failure is told unless the
/// autosave's failure was told already.
fn count_finished(state: &super::AppState, game: &SavedGame, tell: bool) {
    match store().count_game(&game.id, &game.record) {
        Ok(_) | Err(StatsError::Unreadable(_)) => {}
        Err(StatsError::Store(e)) => {
            if tell {
                state.tell(
                    format!("This game was not counted in your record against the computer: {e}."),
                    true,
                );
            }
        }
    }
}

pub use parlour::session::{sentence, sentences};

fn file_stamp() -> String {
    let date = js_sys::Date::new_0();
    format!(
        "{:04}{:02}{:02}-{:02}{:02}",
        date.get_full_year(),
        date.get_month() + 1,
        date.get_date(),
        date.get_hours(),
        date.get_minutes()
    )
}

/// Offers a record as a JSON file to download, named for its game, its title if it has one
/// ([`Record::file_stem`]), and when.
pub fn export_record(record: &Record) -> Result<(), String> {
    let name = format!("{}-{}.json", record.file_stem(), file_stamp());
    dom::download(&name, &record.to_json_pretty(), "application/json")
}

/// The share link of a record: the app's address with the record in the fragment.
pub fn share_link(record: &Record) -> String {
    format!(
        "{}{}",
        dom::page_url(),
        Route::Open(dom::encode_component(&record.to_json())).hash()
    )
}

/// What every play screen has around its game: the heading (the game, and who plays), the
/// game's own layout (`children`), and the line that screen readers hear after each move.
#[component]
pub fn PlayScreen(
    /// The game as the heading names it, with its variant ("Morelles", "All Fives").
    #[prop(into)]
    title: String,
    /// Who plays: "Ada v Bob".
    versus: String,
    /// The screen's own class, beside `screen play`.
    class: &'static str,
    announce: RwSignal<String>,
    children: Children,
) -> impl IntoView {
    provide_context(Opened(dom::now()));
    let said_again = StoredValue::new(false);
    view! {
        <section class=format!("screen play {class}")>
            <h1 id="screen-title" tabindex="-1" class="play-title">
                {title} <span class="versus">{versus}</span>
            </h1>
            {children()}
            <p class="visually-hidden" aria-live="polite">{move || {
                // The same words said again (Undo twice) are still a change to the page, with
                // a space after them every other time, so that they are heard again.
                let words = announce.get();
                let again = said_again.get_value();
                said_again.set_value(!again);
                if again { format!("{words}\u{a0}") } else { words }
            }}</p>
        </section>
    }
}

/// When the play screen was opened (ms since 1970): what happens in its first moments is the
/// screen being drawn, not play.
#[derive(Clone, Copy)]
struct Opened(f64);

/// The game's buttons every game has: Undo and Redo, then the game's own (`children`: Hint,
/// Offer a draw, Resign), and under them the record's controls.
#[component]
pub fn GameControls(
    game: GameKind,
    /// How the Embed dialog sets up a new game of this kind (`EmbedSpec::new_morris`, ...).
    new_game: NewGame,
    #[prop(into)] undo: Callback<()>,
    #[prop(into)] redo: Callback<()>,
    #[prop(into)] can_undo: Signal<bool>,
    #[prop(into)] can_redo: Signal<bool>,
    #[prop(into)] progress: Signal<Progress>,
    entry: StoredValue<SavedGame>,
    announce: RwSignal<String>,
    /// Whether the board now keeps something from the players (bones in hand) that a replay
    /// would show.
    #[prop(optional, into)]
    secret: Signal<bool>,
    #[prop(optional)] children: Option<Children>,
) -> impl IntoView {
    view! {
        <div class="controls" role="group" aria-label="Game">
            <button type="button" data-history on:click=move |_| undo.run(()) disabled=move || !can_undo.get()>"Undo"</button>
            <button type="button" data-history on:click=move |_| redo.run(()) disabled=move || !can_redo.get()>"Redo"</button>
            {children.map(|buttons| buttons())}
        </div>
        <RecordControls game=game new_game=new_game progress=progress entry=entry announce=announce secret=secret/>
    }
}

/// The record's controls every game has: save under a name, export to a file, share a link,
/// start a new game, read the rules.
#[component]
pub fn RecordControls(
    game: GameKind,
    /// How the Embed dialog sets up a new game of this kind, to write only the options that
    /// differ from one: the game's own, so that the dialog needs no other game's rules.
    new_game: NewGame,
    #[prop(into)] progress: Signal<Progress>,
    entry: StoredValue<SavedGame>,
    announce: RwSignal<String>,
    /// Whether the board now keeps something from the players that a replay would show: the
    /// Replay link waits until it is out.
    #[prop(optional, into)]
    secret: Signal<bool>,
) -> impl IntoView {
    let state = app_state();
    let saving = RwSignal::new(false);
    let sharing = RwSignal::new(None::<String>);
    let export = move |_| {
        if let Err(e) = export_record(&progress.get_untracked().record) {
            state.tell(e, true);
        }
    };
    // What became of copying the link, said in the dialog as the Picture dialog says it.
    let copied = RwSignal::new(String::new());
    let copy_link = move |link: String| {
        dom::copy_and_say(
            link,
            copied,
            (
                "The link was copied.",
                "Copying was not allowed: the link is selected, to copy by hand.",
            ),
            "share-link",
        );
    };
    let share = move |_| {
        let link = share_link(&progress.get_untracked().record);
        copied.set(String::new());
        sharing.set(Some(link.clone()));
        copy_link(link);
    };
    let save_dialog = move || {
        saving.get().then(|| {
            // The game's name with the time, in place of any time or note it had in brackets.
            let name = RwSignal::new(format!(
                "{} ({})",
                without_brackets(&entry.get_value().name),
                dom::local_time(dom::now())
            ));
            let problem = RwSignal::new(None::<&'static str>);
            let save = move |ev: leptos::ev::SubmitEvent| {
                ev.prevent_default();
                let now = dom::now();
                let progress = progress.get_untracked();
                let chosen = name.get_untracked().trim().to_string();
                if chosen.is_empty() {
                    problem.set(Some("Give the save a name."));
                    dom::focus_first(&["#save-name"]);
                    return;
                }
                if store().same_save(SaveKind::Named, &chosen, &progress.record, &progress.redo).is_some() {
                    let words = format!("This game is already saved as \u{201c}{chosen}\u{201d}, as it stands.");
                    announce.set(words.clone());
                    state.tell_here(words);
                    saving.set(false);
                    return;
                }
                let game = SavedGame {
                    id: dom::new_id(),
                    kind: SaveKind::Named,
                    name: chosen,
                    created: now,
                    updated: now,
                    finished: progress.result.is_some(),
                    result: progress.result,
                    record: progress.record,
                    redo: progress.redo,
                    stamp: Default::default(),
                };
                match store().put_game(&game, now) {
                    Ok(()) => {
                        let words = format!("Saved as \u{201c}{}\u{201d}.", game.name);
                        announce.set(words.clone());
                        state.tell_here(words);
                    }
                    Err(e) => state.tell_not_saved(&e, "this game was not saved under a name", false),
                }
                saving.set(false);
            };
            view! {
                <Modal title="Save this game".to_string() on_close=Callback::new(move |_| saving.set(false))>
                    <form on:submit=save>
                        <label for="save-name">"Name"</label>
                        <input id="save-name" type="text" maxlength="80" required
                            aria-describedby="save-name-problem"
                            prop:value=move || name.get()
                            on:input=move |ev| name.set(event_target_value(&ev))/>
                        <p id="save-name-problem" class="error" role="alert">{move || problem.get()}</p>
                        <p class="actions">
                            <button type="submit" class="primary">"Save"</button>
                            <button type="button" on:click=move |_| saving.set(false)>"Cancel"</button>
                        </p>
                    </form>
                </Modal>
            }
        })
    };
    let share_dialog = move || {
        sharing.get().map(|link| view! {
            <Modal title="Share this game".to_string() on_close=Callback::new(move |_| sharing.set(None))>
                <p>"Anyone who opens this link sees the game as it stands and can play on from there. The link holds the whole record; nothing is sent anywhere."</p>
                <label for="share-link">"Link"</label>
                <input id="share-link" type="text" readonly prop:value=link
                    on:focus=move |ev| {
                        use wasm_bindgen::JsCast;
                        if let Some(input) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) {
                            input.select();
                        }
                    }/>
                <p class="actions">
                    <button type="button" class="primary" on:click=move |_| {
                        if let Some(link) = sharing.get_untracked() {
                            copy_link(link);
                        }
                    }>"Copy link"</button>
                    <button type="button" on:click=move |_| sharing.set(None)>"Close"</button>
                </p>
                <p role="status">{move || copied.get()}</p>
            </Modal>
        })
    };
    let new_game_page = format!("#/new/{}", game.name());
    // The rules open at this game's own section (a variant's, or one of the Dominoes games'),
    // where the page has one; at the top where it has not (Morelles and Morrice, whose rules
    // come first), and the rules page then takes the section out of the address.
    let variant = progress.get_untracked().record.variant.unwrap_or_default();
    let rules = Route::Rules(game, variant).hash();
    view! {
        <div class="controls" role="group" aria-label="Record">
            <button type="button" on:click=move |_| saving.set(true)>"Save"</button>
            <button type="button" on:click=export>"Export"</button>
            <button type="button" on:click=share>"Share link"</button>
            <super::embed::EmbedButton record=Signal::derive(move || progress.get().record) new_game=new_game secret=secret/>
            <super::image::PictureButton name=Signal::derive(move || format!("parlour-{}-{}", game.name(), file_stamp()))/>
            // Waiting, the button can still be reached and pressed, and says why it waits.
            {move || if secret.get() {
                view! {
                    <button type="button" aria-disabled="true" title=REPLAY_WAITS
                        on:click=move |_| state.tell(REPLAY_WAITS, false)>"Replay"</button>
                }.into_any()
            } else {
                view! {
                    <a class="button" target="_blank" rel="noopener"
                        href=move || super::replay::replay_link(&progress.get().record)>"Replay"</a>
                }.into_any()
            }}
            <a class="button" href=new_game_page>"New game"</a>
            <a class="button" href=rules>"Rules"</a>
        </div>
        {save_dialog}
        {share_dialog}
    }
}

/// Why the Replay button waits while the board keeps something from the players.
const REPLAY_WAITS: &str = "A replay shows every hand, so it opens when this hand is over.";

/// A name without what it ends with in brackets ("Morrice: Ada v Bob (1 Dec 2026, 10:00)"
/// gives "Morrice: Ada v Bob").
fn without_brackets(name: &str) -> &str {
    match name.strip_suffix(')').and_then(|n| n.rfind(" (")) {
        Some(open) => name[..open].trim_end(),
        None => name,
    }
}

/// The buttons under a finished game: the same game again (same seats and options), a new game
/// of this kind, the record to a file.
#[component]
pub fn EndActions(
    game: GameKind,
    /// The game's title for the new autosave's name ("Doquin", "All Fives").
    title: String,
    #[prop(into)] progress: Signal<Progress>,
) -> impl IntoView {
    let state = app_state();
    let title = StoredValue::new(title);
    let again = move |_| {
        let mut record = progress.get_untracked().record;
        record.moves.clear();
        let name = title.with_value(|t| super::new_game::game_name(t, &record.players));
        state.start_game(record, Vec::new(), name, false);
    };
    let export = move |_| {
        if let Err(e) = export_record(&progress.get_untracked().record) {
            state.tell(e, true);
        }
    };
    let actions = NodeRef::<leptos::html::P>::new();
    result_into_view(actions);
    view! {
        <p class="actions" node_ref=actions>
            <button type="button" class="primary" on:click=again>"Play again"</button>
            <a class="button" href=format!("#/new/{}", game.name())>"New game"</a>
            <button type="button" on:click=export>"Export"</button>
        </p>
    }
}

/// When a game or a hand ends as it is watched (not when a finished game is opened), brings its
/// result (the end panel round `inside`) into view if the move that ended it left the page
/// scrolled away from it: Doquin's face grids lie below the result, and a panel put in above
/// the buttons the player pressed is scrolled out of view by the browser, which keeps those
/// buttons where they were. Looked at once the screen has been laid out for the move. Not in a
/// frame, whose scrolling is the site's.
pub fn result_into_view(inside: NodeRef<leptos::html::P>) {
    let watched = use_context::<Opened>().is_some_and(|o| dom::now() - o.0 > 1000.0);
    super::effect(move |_| {
        let Some(inside) = inside.get() else { return };
        if !watched {
            return;
        }
        request_animation_frame(move || {
            if let Some(panel) = inside.closest(".end-panel").ok().flatten() {
                dom::into_sight(&panel);
            }
        });
    });
}

/// A score table's row heading for a player: their mark, drawn in the colour `colour`, and beside
/// it their name with what follows it (their colour in words, "first"). A long name that wraps
/// goes on beside the mark, not under it.
pub fn seat_heading(colour: usize, name: String, after: impl IntoView + 'static) -> impl IntoView {
    view! {
        <th scope="row"><span class="seat-name">
            <svg viewBox="-14 -14 28 28" aria-hidden="true" class="choice-piece">{outline(colour, 10.0)}</svg>
            <span>{name}{after}</span>
        </span></th>
    }
}

/// A hint in words, brought into sight when it comes if the page is scrolled away from it: on a
/// phone, Doquin's Hint button is far below the line where the hint is said.
#[component]
pub fn HintText(words: String) -> impl IntoView {
    let line = NodeRef::<leptos::html::P>::new();
    super::effect(move |_| {
        if let Some(line) = line.get() {
            request_animation_frame(move || dom::into_sight(&line));
        }
    });
    view! { <p class="hint-text" node_ref=line>{unbroken_words(&words)}</p> }
}

/// Words in which a name with a hyphen in it (a hole, "front 2-1"; a bone, "6-1"; a move,
/// "d6-d7") is kept on one line: the browser would break it after the hyphen. A long word (a
/// player's hyphenated name) may still break, so that it never widens a phone's page.
pub fn unbroken_words(words: &str) -> impl IntoView {
    words
        .split(' ')
        .enumerate()
        .map(|(i, word)| {
            let gap = if i == 0 { "" } else { " " };
            if word.contains('-') && word.chars().count() <= 12 {
                view! { {gap}<span class="unbroken">{word.to_string()}</span> }.into_any()
            } else {
                format!("{gap}{word}").into_any()
            }
        })
        .collect_view()
}

/// A teetotum game's board (`children`) with the spin for lead standing over it while the lead
/// is spun and until the leader has played (`played`). The board is empty then, and stays where
/// it is as the panel comes and goes.
#[component]
pub fn BoardUnderLead(
    lead: Signal<parlour::rules::teetotum::LeadSpin>,
    names: StoredValue<Vec<String>>,
    played: Signal<bool>,
    children: Children,
) -> impl IntoView {
    view! {
        <div class="board-stack">
            <LeadPanel lead=lead names=names shown=Signal::derive(move || !played.get())/>
            {children()}
        </div>
    }
}

/// The spin for lead of the teetotum games: each round of spins, ties spun again, the leader.
/// A screen has two: one over the empty board while the lead is spun and until the leader plays
/// ([`BoardUnderLead`]), and one beside the scores after that, so that it moves neither the
/// Spin button nor the board as it comes and goes.
#[component]
pub fn LeadPanel(
    #[prop(into)] lead: Signal<parlour::rules::teetotum::LeadSpin>,
    names: StoredValue<Vec<String>>,
    /// Whether it is drawn.
    #[prop(into)]
    shown: Signal<bool>,
) -> impl IntoView {
    let name = move |seat: parlour::rules::Seat| names.with_value(|n| n[seat.index()].clone());
    move || {
        if !shown.get() {
            return None;
        }
        let lead = lead.get();
        let rounds: Vec<_> = lead
            .rounds()
            .iter()
            .filter(|r| !r.is_empty())
            .cloned()
            .collect();
        if rounds.is_empty() {
            return None;
        }
        Some(view! {
            <section class="lead" aria-label="Spin for lead">
                <h2>"Spin for lead"</h2>
                <ol>
                    {rounds.into_iter().enumerate().map(|(i, round)| {
                        let spins: Vec<String> = round
                            .iter()
                            .map(|(seat, spin)| format!("{} {} ({spin})", name(*seat), spin.sum()))
                            .collect();
                        view! { <li>{if i > 0 { "Tied, so again: " } else { "" }} {spins.join(", ")}</li> }
                    }).collect_view()}
                </ol>
                {lead.leader().map(|l| view! { <p><strong>{name(l)}</strong> " leads."</p> })}
            </section>
        })
    }
}
