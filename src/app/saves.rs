//! Saved games: the list (resume, rename, delete, export), import from a file or pasted text,
//! stored values that could not be read, and opening a share link.

use leptos::html;
use leptos::prelude::*;

use parlour::games::GameKind;
use parlour::record::{clean_name, Record, RecordError};
use parlour::rules::dominoes::DominoGame;
use parlour::rules::morris::Variant;
use parlour::session::capital;
use parlour::storage::{Listing, Problem, SaveKind, SaveSummary, SavedGame, GAME_PREFIX, PREFIX};

use super::modal::Modal;
use super::new_game::game_name;
use super::play::{export_record, sentence, tab_id};
use super::{app_state, dom, store};

/// The preset's title, as the list shows it and a new game is named ("Morelles", "All Fives"),
/// from a record's game and variant.
fn preset_title(game: &str, variant: Option<&str>) -> String {
    match (GameKind::from_name(game), variant) {
        (Some(GameKind::Morris), Some(name)) => {
            Variant::from_name(name).map_or(name, |v| v.title())
        }
        (Some(GameKind::Dominoes), Some(name)) => {
            DominoGame::from_name(name).map_or(name, |g| g.title())
        }
        (Some(game), _) => game.title(),
        (None, _) => game,
    }
    .to_string()
}

/// One line about a saved game: preset, players, moves, state.
pub fn game_summary(game: &SaveSummary) -> String {
    let players: Vec<&str> = game
        .record
        .players
        .iter()
        .map(|p| p.name.as_str())
        .collect();
    let state = if game.finished {
        format!("finished ({})", game.result.as_deref().unwrap_or("ended"))
    } else {
        "in progress".to_string()
    };
    let moves = game.record.moves.0;
    format!(
        "{}: {}, {} move{}, {}",
        preset_title(&game.record.game, game.record.variant.as_deref()),
        players.join(" v "),
        moves,
        if moves == 1 { "" } else { "s" },
        state
    )
}

/// Reads a record from text and replays it, so that only records that play are accepted.
pub fn read_record(text: &str) -> Result<Record, RecordError> {
    Record::from_json(text)?.written()
}

#[component]
pub fn Saves() -> impl IntoView {
    let state = app_state();
    let listing = RwSignal::new(Listing::<SaveSummary>::default());
    // Unreadable settings or record against the computer, and copies kept aside.
    let others = RwSignal::new(Vec::<Problem>::new());
    let reread_others = move || match store().other_problems() {
        Ok(found) => others.set(found),
        Err(e) => state.tell_unreadable(&e),
    };
    let refresh = move || {
        match store().summaries() {
            Ok(found) => listing.set(found),
            Err(e) => state.tell_unreadable(&e),
        }
        reread_others();
    };
    refresh();
    // One save changed (here or in another tab): only it is read again.
    let reread = Callback::new(move |id: String| {
        let found = store().summary(&id);
        listing.update(|l| l.replace(&id, found));
    });
    // What is under one key changed: a saved game, or another of Parlour's values.
    let changed = Callback::new(move |key: String| match key.strip_prefix(GAME_PREFIX) {
        Some(id) => reread.run(id.to_string()),
        None if key.starts_with(PREFIX) => reread_others(),
        None => {}
    });
    // Another tab may save or delete games: keep the list in step.
    let listener = window_event_listener(leptos::ev::storage, move |ev| match ev.key() {
        Some(key) => changed.run(key),
        // The whole storage was cleared.
        None => refresh(),
    });
    on_cleanup(move || listener.remove());

    let import_message = RwSignal::new(None::<(bool, String)>);
    let pasted = RwSignal::new(String::new());
    let file_input = NodeRef::<html::Input>::new();

    let import = move |text: String, source: String| match read_record(&text) {
        Ok(mut record) => {
            let now = dom::now();
            // A save exported from here carries its name; a record from elsewhere is named for
            // its game, its players and where it came from.
            let name = match record.title.take().map(|t| clean_name(&t)) {
                Some(given) if !given.is_empty() => given,
                _ => format!(
                    "{} (imported from {source})",
                    game_name(
                        &preset_title(&record.game, record.variant.as_deref()),
                        &record.players
                    )
                ),
            };
            // No longer than a name typed in the Save or Rename box may be.
            let name: String = if name.chars().count() > 80 {
                name.chars().take(79).chain(['…']).collect()
            } else {
                name
            };
            // The same game imported again, from whatever file or text, makes no second copy.
            if let Some(saved_as) = store().named_save_of(&record) {
                import_message.set(Some((
                    false,
                    format!(
                        "Not imported: this game is already saved as \u{201c}{saved_as}\u{201d}."
                    ),
                )));
                return;
            }
            let game = SavedGame {
                id: dom::new_id(),
                kind: SaveKind::Named,
                name,
                created: now,
                updated: now,
                finished: record
                    .replay()
                    .map(|t| t.ended().is_some())
                    .unwrap_or(false),
                result: record
                    .replay()
                    .ok()
                    .and_then(|t| t.ended())
                    .map(|o| o.reason),
                record,
                redo: Vec::new(),
                stamp: Default::default(),
            };
            match store().put_game(&game, now) {
                Ok(()) => {
                    import_message.set(Some((
                        true,
                        format!("Imported \u{201c}{}\u{201d}.", game.name),
                    )));
                    pasted.set(String::new());
                    // (A file read may end after the screen is left: its list is gone then.)
                    reread.try_run(game.id.clone());
                }
                Err(e) => import_message.set(Some((false, format!("Not imported: {e}.")))),
            }
        }
        Err(e) => import_message.set(Some((
            false,
            format!("Not imported: {e}. Nothing was changed."),
        ))),
    };
    let on_file = move |_| {
        let Some(input) = file_input.get_untracked() else {
            return;
        };
        leptos::task::spawn_local(async move {
            match dom::read_chosen_file(&input).await {
                Ok((name, text)) => import(text, name),
                Err(why) => import_message.set(Some((false, why))),
            }
            input.set_value("");
        });
    };
    let on_paste = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        import(pasted.get_untracked(), "pasted text".into());
    };

    // The game being renamed and the name typed so far: kept here, not in its row, since a
    // row is drawn anew when another tab plays or renames its game.
    let renaming = RwSignal::new(None::<(String, String)>);

    view! {
        <section class="screen">
            <h1 id="screen-title" tabindex="-1">"Saved games"</h1>
            {move || {
                let count = listing.with(|l| l.games.len());
                if count == 0 && listing.with(|l| !l.problems.is_empty()) {
                    view! { <p class="hint">"No saved game can be opened: see below for those that could not be read."</p> }.into_any()
                } else if count == 0 {
                    view! { <p class="hint">"No saved games yet. Games in progress are saved as you play."</p> }.into_any()
                } else {
                    view! { <p class="hint save-count">{format!("{count} saved game{}", if count == 1 { "" } else { "s" })}</p> }.into_any()
                }
            }}
            <OldGames listing=listing on_removed=Callback::new(move |_| refresh())/>
            <ul class="saves">
                <For
                    each=move || listing.with(|l| l.games.clone())
                    key=|game| (game.id.clone(), game.stamp.clone(), game.updated.to_bits(), game.name.clone())
                    let(game)
                >
                    <SaveRow game=game on_change=reread renaming=renaming/>
                </For>
            </ul>
            <section class="import" aria-labelledby="import-title">
                <h2 id="import-title">"Import a game"</h2>
                <p>"A Parlour record: a file exported from Parlour, or its text pasted below."</p>
                <p>
                    <label class="button" for="import-file">"Choose a file…"</label>
                    <input id="import-file" class="visually-hidden" type="file" accept=".json,application/json,text/plain"
                        node_ref=file_input on:change=on_file/>
                </p>
                <form on:submit=on_paste>
                    <label for="import-text">"Or paste a record"</label>
                    <textarea id="import-text" rows="4" spellcheck="false"
                        prop:value=move || pasted.get()
                        on:input=move |ev| pasted.set(event_target_value(&ev))></textarea>
                    <p><button type="submit" disabled=move || pasted.get().trim().is_empty()>"Import the pasted record"</button></p>
                </form>
                {move || import_message.get().map(|(ok, text)| view! {
                    <p class=if ok { "success" } else { "error" } role=if ok { "status" } else { "alert" }>{text}</p>
                })}
            </section>
            {move || {
                let mut problems = listing.with(|l| l.problems.clone());
                problems.extend(others.get());
                (!problems.is_empty()).then(|| view! {
                    <section class="problems" aria-labelledby="problems-title">
                        <h2 id="problems-title">"Stored values that could not be read"</h2>
                        <p>"Parlour left these as they are. Export one to keep it, or delete it if you no longer want it."</p>
                        <ul class="saves">
                            {problems.into_iter().map(|p| view! { <ProblemRow problem=p on_change=changed/> }).collect_view()}
                        </ul>
                    </section>
                })
            }}
        </section>
    }
}

#[component]
fn SaveRow(
    game: SaveSummary,
    on_change: Callback<String>,
    /// The game being renamed, if any, and the name typed so far.
    renaming: RwSignal<Option<(String, String)>>,
) -> impl IntoView {
    let state = app_state();
    let game = StoredValue::new(game);
    let id = move || game.with_value(|g| g.id.clone());
    // A memo, so that the row's look changes when renaming starts or stops, not at each key.
    let is_renaming = Memo::new(move |_| {
        renaming.with(|r| {
            r.as_ref()
                .is_some_and(|(which, _)| game.with_value(|g| *which == g.id))
        })
    });
    let new_name =
        move || renaming.with(|r| r.as_ref().map(|(_, name)| name.clone()).unwrap_or_default());
    // The whole game, read when it is needed (the list holds only summaries).
    let whole = move || {
        store().game(&id()).map_err(|e| {
            on_change.run(id());
            state.tell(format!("This saved game cannot be opened: {e}."), true)
        })
    };
    let resume = move |_| match game.with_value(|g| g.kind) {
        SaveKind::Autosave => dom::go(&super::route::Route::Play(id())),
        SaveKind::Named => {
            if let Ok(saved) = whole() {
                // Opened again, not played on since: the same game in progress, not one more
                // copy of it.
                match store().same_save(SaveKind::Autosave, &saved.name, &saved.record, &saved.redo)
                {
                    Some(opened) => dom::go(&super::route::Route::Play(opened)),
                    None => state.start_game(saved.record, saved.redo, saved.name, false),
                }
            }
        }
    };
    // The row is drawn anew when its name changes: the focus is put back by the row's id.
    let row_id = move || format!("save-{}", id());
    let focus_row = move |selector: &'static str| {
        let row = row_id();
        dom::focus_within(
            move || dom::window().document()?.get_element_by_id(&row),
            selector,
        );
    };
    let unnamed = RwSignal::new(false);
    let start_renaming = move |on: bool| {
        if on {
            renaming.set(Some((id(), game.with_value(|g| g.name.clone()))));
        } else if is_renaming.get_untracked() {
            renaming.set(None);
        }
        unnamed.set(false);
        focus_row(if on { "input" } else { ".start-renaming" });
    };
    // Drawn anew while its game is being renamed: the box is back, with what was typed.
    if is_renaming.get_untracked() {
        focus_row("input");
    }
    let rename = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let name = untrack(new_name).trim().to_string();
        if name.is_empty() {
            unnamed.set(true);
            focus_row("input");
            return;
        }
        match store().rename_game(&id(), &name, &tab_id(), dom::now()) {
            Ok(_) => {
                start_renaming(false);
                on_change.run(id());
            }
            Err(e) => state.tell(format!("Not renamed: {e}."), true),
        }
    };
    let delete = move |_| match store().delete_game(&id()) {
        Ok(()) => {
            state.let_go(&id());
            on_change.run(id());
        }
        Err(e) => state.tell(format!("Not deleted: {e}."), true),
    };
    let export = move |_| {
        if let Ok(saved) = whole() {
            let record = Record {
                title: Some(saved.name),
                ..saved.record
            };
            if let Err(e) = export_record(&record) {
                state.tell(e, true);
            }
        }
    };
    let saved = game.get_value();
    view! {
        <li class="save" id=row_id()>
            <div class="save-text">
                {move || if is_renaming.get() {
                    view! {
                        <form class="rename" on:submit=rename
                            on:keydown=move |ev| if ev.key() == "Escape" { start_renaming(false) }>
                            <label class="visually-hidden" for=format!("rename-{}", game.get_value().id)>"New name"</label>
                            <input id=format!("rename-{}", game.get_value().id) type="text" maxlength="80" required
                                prop:value=new_name
                                on:input=move |ev| {
                                    let typed = event_target_value(&ev);
                                    renaming.update(|r| if let Some((_, name)) = r { *name = typed });
                                }/>
                            <button type="submit" class="primary">"Rename"</button>
                            <button type="button" on:click=move |_| start_renaming(false)>"Cancel"</button>
                            <p class="error" role="alert">
                                {move || unnamed.get().then_some("A saved game needs a name: this one keeps its own until it has one.")}
                            </p>
                        </form>
                    }.into_any()
                } else {
                    view! { <h2 class="save-name">{game.get_value().name}</h2> }.into_any()
                }}
                <p>
                    // The autosaves that "Remove them…" would take are marked, so that the
                    // player can see which before agreeing.
                    <span class="kind">{match saved.kind {
                        SaveKind::Autosave if saved.is_old_finished(dom::now()) => "Old autosave",
                        SaveKind::Autosave => "Autosave",
                        SaveKind::Named => "Saved",
                    }}</span>
                    " · " {game_summary(&saved)}
                    " · " <time>{dom::local_time(saved.updated)}</time>
                </p>
            </div>
            <p class="actions">
                <button type="button" class="primary" on:click=resume>{if saved.finished { "Open" } else { "Resume" }}</button>
                <button type="button" class="start-renaming" on:click=move |_| start_renaming(true)>"Rename"</button>
                <button type="button" on:click=export>"Export"</button>
                <DeleteButton on_delete=Callback::new(delete)/>
            </p>
        </li>
    }
}

#[component]
fn ProblemRow(problem: Problem, on_change: Callback<String>) -> impl IntoView {
    let state = app_state();
    let key = StoredValue::new(problem.key.clone());
    let export = move |_| {
        let key = key.get_value();
        match store().raw(&key) {
            Ok(Some(raw)) => {
                let name = format!("{}.txt", key.replace('/', "-"));
                if let Err(e) = dom::download(&name, &raw, "text/plain") {
                    state.tell(e, true);
                }
            }
            Ok(None) => on_change.run(key),
            Err(e) => state.tell(sentence(&format!("Not exported: {e}")), true),
        }
    };
    let delete = move |_: ()| match store().delete_raw(&key.get_value()) {
        Ok(()) => on_change.run(key.get_value()),
        Err(e) => state.tell(format!("Not deleted: {e}."), true),
    };
    view! {
        <li class="save problem">
            <div class="save-text">
                <h3>{capital(&problem.what())}</h3>
                <p>{sentence(&problem.why)}</p>
                <p class="hint detail">
                    "Stored under " <code>{problem.key.clone()}</code>
                    {problem.detail.clone().map(|detail| format!(" ({detail})"))}
                </p>
            </div>
            <p class="actions">
                <button type="button" on:click=export>"Export as it is"</button>
                <DeleteButton on_delete=Callback::new(delete)/>
            </p>
        </li>
    }
}

/// The line that offers to remove the autosaves of games finished more than 30 days ago, and
/// the dialog that asks first. Nothing is removed without the player's yes.
#[component]
fn OldGames(listing: RwSignal<Listing<SaveSummary>>, on_removed: Callback<()>) -> impl IntoView {
    let state = app_state();
    let now = dom::now();
    let old = Memo::new(move |_| {
        listing.with(|l| {
            l.games
                .iter()
                .filter(|g| g.is_old_finished(now))
                .map(|g| g.id.clone())
                .collect::<Vec<_>>()
        })
    });
    let asking = RwSignal::new(false);
    let games = |n: usize| format!("{n} finished game{}", if n == 1 { "" } else { "s" });
    let remove = move |_| {
        asking.set(false);
        let ids = old.get_untracked();
        for id in &ids {
            state.let_go(id);
        }
        match store().remove_old_finished(&ids, dom::now()) {
            Ok(n) => state.tell_here(format!("Removed the autosaves of {}.", games(n))),
            Err(e) => state.tell(format!("Not all were removed: {e}."), true),
        }
        on_removed.run(());
    };
    move || {
        let n = old.with(Vec::len);
        (n > 0).then(|| view! {
            <p class="old-games">
                <span>{format!("{} last played more than 30 days ago, marked “Old autosave” below.", games(n))}</span>
                <button type="button" on:click=move |_| asking.set(true)>{if n == 1 { "Remove it…" } else { "Remove them…" }}</button>
            </p>
            {move || asking.get().then(|| view! {
                <Modal title="Remove old finished games?".to_string() on_close=Callback::new(move |_| asking.set(false))>
                    <p>{if n == 1 {
                        "This removes the autosave of 1 finished game last played more than 30 days ago. Games in progress and games you saved under a name are kept.".to_string()
                    } else {
                        format!("This removes the autosaves of {}, each last played more than 30 days ago. Games in progress and games you saved under a name are kept.", games(n))
                    }}</p>
                    <p>"Export any you want to keep first: removed games cannot be brought back."</p>
                    <p class="actions">
                        <button type="button" class="danger" on:click=remove>{format!("Remove {}", games(n))}</button>
                        <button type="button" data-autofocus on:click=move |_| asking.set(false)>{if n == 1 { "Keep it" } else { "Keep them" }}</button>
                    </p>
                </Modal>
            })}
        })
    }
}

/// A share link: the record in the URL opens as a new game in progress. The replay viewer's
/// "Play on from here" adds `?from=replay`, which names the save for where it came from.
#[component]
pub fn OpenShared(encoded: String) -> impl IntoView {
    let state = app_state();
    let (encoded, from) = encoded.split_once('?').unwrap_or((&encoded, ""));
    let text = dom::decode_component(encoded);
    let result = match text {
        None => Err("the link is damaged (its record is not properly encoded)".to_string()),
        Some(text) => read_record(&text).map_err(|e| e.to_string()),
    };
    match result {
        Ok(record) => {
            let title = preset_title(&record.game, record.variant.as_deref());
            let source = match (from, record.moves.len()) {
                ("from=replay", 0) => "from the start of a replay".to_string(),
                ("from=replay", step) => format!("from step {step} of a replay"),
                _ => "shared".to_string(),
            };
            let name = format!("{} ({source})", game_name(&title, &record.players));
            // The same link opened again, its game not played on since, opens that game
            // rather than a copy of it.
            let opened = store().same_save(SaveKind::Autosave, &name, &record, &[]);
            // Opening the link replaces it in the history, so Back does not open it twice. It
            // happens after this screen is drawn, not while it is being drawn.
            leptos::task::spawn_local(async move {
                match opened {
                    Some(id) => {
                        let route = super::route::Route::Play(id);
                        dom::replace(&route);
                        state.route.set(route);
                    }
                    None => state.start_game(record, Vec::new(), name, true),
                }
            });
            view! { <p class="screen loading">"Opening the shared game…"</p> }.into_any()
        }
        Err(why) => super::refusal(
            "This shared game cannot be opened",
            format!("{} Nothing was saved.", sentence(&why)),
            false,
        ),
    }
}

/// A Delete button that asks once more before it deletes. The keyboard's focus follows: to
/// Keep when it asks, back to Delete when kept, and once deleted to the next row (or the one
/// before, or the screen's title).
#[component]
fn DeleteButton(on_delete: Callback<()>) -> impl IntoView {
    let confirming = RwSignal::new(false);
    let here = NodeRef::<html::Span>::new();
    let focus_here = move |selector: &'static str| {
        dom::focus_within(
            move || here.try_get_untracked().flatten().map(Into::into),
            selector,
        );
    };
    let ask = move |asking: bool| {
        confirming.set(asking);
        focus_here(if asking {
            "button:last-child"
        } else {
            "button"
        });
    };
    let delete = move |_| {
        let row = here
            .get_untracked()
            .and_then(|h| h.closest("li").ok().flatten());
        let next = row.and_then(|r| r.next_element_sibling().or(r.previous_element_sibling()));
        on_delete.run(());
        dom::focus_soon(move || {
            let document = dom::window().document()?;
            next.filter(|n| n.is_connected())
                .and_then(|n| n.query_selector(".actions button").ok().flatten())
                .or_else(|| document.get_element_by_id("screen-title"))
        });
    };
    view! {
        <span class="delete" node_ref=here>
            {move || if confirming.get() {
                view! {
                    <span class="confirm">
                        "Delete for good? "
                        <button type="button" class="danger" on:click=delete>"Delete"</button>
                        <button type="button" on:click=move |_| ask(false)>"Keep"</button>
                    </span>
                }
                .into_any()
            } else {
                view! { <button type="button" on:click=move |_| ask(true)>"Delete"</button> }.into_any()
            }}
        </span>
    }
}
