//! The play screen: the board, whose turn it is and what to do, the men in hand and taken, the
//! move list, undo and redo, save, export and share, and the end-of-game panel.

use leptos::prelude::*;

use std::time::Duration;

use crate::ai::Level;
use crate::games::GameKind;
use crate::record::Record;
use crate::rules::morris::{Ending, Move, Phase, Position, Side};
use crate::session::morris::{MorrisPlay, Response, Selection};
use crate::storage::{LoadError, SaveKind, SavedGame};
use crate::worker::{Answer, Request, Task};

use super::boards::morris::MorrisBoard;
use super::computer;
use super::modal::Modal;
use super::new_game::game_name;
use super::route::Route;
use super::{app_state, dom, store};

#[component]
pub fn Play(id: String) -> impl IntoView {
    let state = app_state();
    let in_memory = state.current.get_untracked().filter(|game| game.id == id);
    let loaded = match in_memory {
        Some(game) => Ok(game),
        None => store().game(&id),
    };
    match loaded {
        Ok(saved) => match saved.record.kind() {
            Ok(GameKind::Morris) => match MorrisPlay::open(&saved.record, &saved.redo) {
                Ok(play) => view! { <MorrisScreen saved=saved play=play/> }.into_any(),
                Err(e) => cannot_open(format!("This saved game does not replay: {e}. It is left as it is in your saved games.")),
            },
            Ok(other) => cannot_open(format!("{} is not playable in this version of Parlour yet.", other.title())),
            Err(e) => cannot_open(e.to_string()),
        },
        Err(LoadError::Missing) => cannot_open(
            "This game is not saved in this browser. It may have been deleted, or it was played while storage was full.".into(),
        ),
        Err(e) => cannot_open(format!("This game cannot be opened: {e}.")),
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

/// A dialog the play screen can show.
#[derive(Clone, PartialEq, Eq, Debug)]
enum Dialog {
    Save,
    OfferDraw,
    Resign,
    Share(String),
}

/// How long a computer's move takes at least, so that people can follow it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Pace {
    Quick,
    Steady,
    Slow,
}

impl Pace {
    const ALL: [Pace; 3] = [Pace::Quick, Pace::Steady, Pace::Slow];

    fn least_ms(self) -> f64 {
        match self {
            Pace::Quick => 0.0,
            Pace::Steady => 700.0,
            Pace::Slow => 1800.0,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Pace::Quick => "quick",
            Pace::Steady => "steady",
            Pace::Slow => "slow",
        }
    }

    fn title(self) -> &'static str {
        match self {
            Pace::Quick => "Quick",
            Pace::Steady => "Steady",
            Pace::Slow => "Slow",
        }
    }
}

/// Before this many moves the computer declines a draw in a level game.
const DRAW_AFTER_PLIES: usize = 40;

/// A hint shown on the board: the engine's best move after `plies` moves, and its verdict.
#[derive(Clone, PartialEq, Debug)]
struct Hint {
    plies: usize,
    best: Move,
    words: String,
}

/// How the game ended, in a sentence that names the players.
fn ending_words(ending: Ending, names: &[String; 2]) -> (String, String) {
    let name = |side: Side| names[side.index()].clone();
    match ending {
        Ending::TwoMenLeft { loser } => (
            format!("{} wins", name(loser.opponent())),
            format!("{} is down to two men.", name(loser)),
        ),
        Ending::NoLegalMove { loser } => (
            format!("{} wins", name(loser.opponent())),
            format!("{} has no legal move.", name(loser)),
        ),
        Ending::Resigned { loser } => (
            format!("{} wins", name(loser.opponent())),
            format!("{} resigned.", name(loser)),
        ),
        Ending::Repetition => (
            "Drawn".into(),
            "The same position came round for the third time with the same player to move.".into(),
        ),
        Ending::FiftyMoves => (
            "Drawn".into(),
            "Fifty moves each passed without a mill.".into(),
        ),
        Ending::Agreed => ("Drawn".into(), "The players agreed a draw.".into()),
        Ending::ThreeInARow { loser } => (
            format!("{} wins", name(loser.opponent())),
            format!("{} made three in a row.", name(loser.opponent())),
        ),
        Ending::BoardFull => (
            "Drawn".into(),
            "The board filled up while the men were being placed.".into(),
        ),
    }
}

/// What the player to move is to do, in words.
fn status_words(play: &MorrisPlay, names: &[String; 2], levels: &[Option<Level>; 2]) -> String {
    let position = play.position();
    if let Some(ending) = position.ending() {
        let (head, why) = ending_words(ending, names);
        return format!("{head}. {why}");
    }
    let side = position.to_move();
    let who = format!("{} ({})", names[side.index()], side.name());
    if levels[side.index()].is_some() {
        return format!("{who} is thinking…");
    }
    match play.selection() {
        Selection::Removing { .. } => format!(
            "{who} has made a mill: choose one of {}'s men to remove.",
            side.opponent().name()
        ),
        Selection::Man(p) => format!("{who}: the man on {p} is picked up; choose where it goes."),
        Selection::Nothing => match position.phase(side) {
            Phase::Placing => format!("{who} to place a man ({} in hand).", position.in_hand(side)),
            Phase::Moving => format!("{who} to move a man along a line."),
            Phase::Flying => {
                format!("{who} has three men left and may fly one to any vacant point.")
            }
        },
    }
}

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

/// Offers a record as a JSON file to download.
pub fn export_record(record: &Record) -> Result<(), String> {
    let name = format!("parlour-{}-{}.json", record.game, file_stamp());
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

#[component]
fn MorrisScreen(saved: SavedGame, play: MorrisPlay) -> impl IntoView {
    let state = app_state();
    let names: [String; 2] = [0, 1].map(|i| {
        play.game
            .players()
            .get(i)
            .map(|p| p.name.clone())
            .unwrap_or_else(|| format!("Player {}", i + 1))
    });
    // The computer's level in each seat it plays, none for people.
    let levels: [Option<Level>; 2] = [0, 1].map(|i| {
        play.game
            .players()
            .get(i)
            .filter(|p| p.is_computer())
            .map(|p| {
                p.level
                    .as_deref()
                    .and_then(Level::from_name)
                    .unwrap_or(Level::Medium)
            })
    });
    let has_human = levels.iter().any(Option::is_none);
    let has_computer = levels.iter().any(Option::is_some);
    let variant_title = play.position().variant().title();
    let title_names = format!("{} v {}", names[0], names[1]);
    let names = StoredValue::new(names);
    let play = RwSignal::new(play);
    let entry = StoredValue::new(saved);
    let message = RwSignal::new(None::<String>);
    let announce = RwSignal::new(String::new());
    let dialog = RwSignal::new(None::<Dialog>);
    let storage_failing = StoredValue::new(false);
    // The computer's question in flight, if any; its answer counts only while this holds it.
    let thinking = RwSignal::new(None::<u64>);
    let paused = RwSignal::new(false);
    let pace = RwSignal::new(Pace::Steady);
    let hint = RwSignal::new(None::<Hint>);
    let hint_waiting = RwSignal::new(false);
    on_cleanup(computer::cancel);

    let position = Memo::new(move |_| play.with(|p| p.position().clone()));
    let plies = move || play.with_untracked(|p| p.game.moves().len());
    // A question for the computer about the game as it stands.
    let question = move |task: Task, level: Option<Level>, think_ms: Option<f64>| Request {
        id: 0,
        task,
        record: play.with_untracked(|p| p.game.record()),
        level: level.map(|l| l.name().to_string()),
        seed: dom::random_u64(),
        think_ms,
    };
    let computer_to_move =
        move || position.with(|p| p.ending().is_none() && levels[p.to_move().index()].is_some());
    let status = Signal::derive(move || {
        let words = names.with_value(|names| play.with(|p| status_words(p, names, &levels)));
        if computer_to_move() && paused.get() {
            words.replace("is thinking…", "to move (paused).")
        } else {
            words
        }
    });

    // The one effect that persists: every change to the moves is written to the autosave.
    let snapshot =
        Memo::new(move |_| play.with(|p| (p.game.moves().to_vec(), p.game.undone().to_vec())));
    Effect::new(move |first_run: Option<()>| {
        let (_, redo) = snapshot.get();
        if first_run.is_none() {
            return;
        }
        let (record, ending) = play.with_untracked(|p| (p.game.record(), p.position().ending()));
        let mut game = entry.get_value();
        game.record = record;
        game.redo = redo;
        game.finished = ending.is_some();
        game.result = ending.map(|e| e.reason().to_string());
        game.updated = dom::now();
        entry.set_value(game.clone());
        state.current.set(Some(game.clone()));
        match store().put_game(&game, game.updated) {
            Ok(()) => {
                if storage_failing.get_value() {
                    storage_failing.set_value(false);
                    state.tell("Storage works again: this game is being saved.", false);
                }
            }
            Err(e) => {
                if !storage_failing.get_value() {
                    storage_failing.set_value(true);
                    state.tell(
                        format!("{e}: this game goes on in memory but is not being saved. Delete old saved games to make room."),
                        true,
                    );
                }
            }
        }
    });

    let respond = move |response: Response, before: Position| {
        match response {
            Response::Played(m) => {
                message.set(None);
                let mut words = MorrisPlay::describe(&before, m);
                words.push('.');
                if let Some(ending) = play.with_untracked(|p| p.position().ending()) {
                    let (head, why) = names.with_value(|names| ending_words(ending, names));
                    words.push_str(&format!(" {head}. {why}"));
                }
                announce.set(words);
            }
            Response::Selected(p) => {
                message.set(None);
                announce.set(format!("Man on {p} picked up. Choose where it goes."));
            }
            Response::ChooseRemoval => {
                let side = before.to_move();
                let words = format!(
                    "A mill! Choose one of {}'s men to remove.",
                    side.opponent().name()
                );
                message.set(Some(words.clone()));
                announce.set(words);
            }
            Response::Cleared => {
                message.set(None);
                announce.set("Choice cleared.".into());
            }
            Response::Refused(why) => {
                let mut text = why;
                // A sentence starts with a capital, unless it starts with a point's name (a1).
                let names_a_point = text.chars().nth(1).is_some_and(|c| c.is_ascii_digit());
                if let Some(first) = text.get_mut(0..1).filter(|_| !names_a_point) {
                    first.make_ascii_uppercase();
                }
                text.push('.');
                message.set(Some(text.clone()));
                announce.set(text);
            }
        }
    };
    let act_anyway = move |f: &dyn Fn(&mut MorrisPlay) -> Response| {
        let before = play.with_untracked(|p| p.position().clone());
        let mut response = Response::Cleared;
        play.update(|p| response = f(p));
        respond(response, before);
    };
    let act = move |f: &dyn Fn(&mut MorrisPlay) -> Response| {
        let before = play.with_untracked(|p| p.position().clone());
        if before.ending().is_none() && levels[before.to_move().index()].is_some() {
            let name = names.with_value(|names| names[before.to_move().index()].clone());
            let words = if paused.get_untracked() {
                format!("It is {name}'s turn, and the game is paused: press Resume.")
            } else {
                format!("It is {name}'s turn: the computer is thinking.")
            };
            message.set(Some(words.clone()));
            announce.set(words);
            return;
        }
        act_anyway(f);
    };
    let on_touch = Callback::new(move |point| act(&|p| p.touch(point)));
    let on_drag = Callback::new(move |(from, to)| act(&|p| p.drag(from, to)));
    let on_cancel = Callback::new(move |_| act(&|p| p.clear()));

    // Stops the computer's thinking and forgets a hint: the position is about to change.
    let stop_thinking = move || {
        computer::cancel();
        thinking.set(None);
        hint_waiting.set(false);
        hint.set(None);
    };
    // With a person at the table, undo and redo go on past the computer's moves, so that
    // undo takes back the computer's reply together with the person's move.
    let computer_turn_in = move |p: &MorrisPlay| {
        p.position().ending().is_none() && levels[p.position().to_move().index()].is_some()
    };
    let undo = move |_| {
        stop_thinking();
        play.update(|p| {
            p.undo();
            while has_human && computer_turn_in(p) && p.game.can_undo() {
                p.undo();
            }
        });
        if !has_human {
            paused.set(true);
        }
        message.set(None);
        announce.set("Move taken back.".into());
    };
    let redo = move |_| {
        stop_thinking();
        play.update(|p| {
            p.redo();
            while has_human && computer_turn_in(p) && p.game.can_redo() {
                p.redo();
            }
        });
        message.set(None);
        announce.set("Move played again.".into());
    };
    let ask_hint = move |_| {
        if hint_waiting.get_untracked() || computer_to_move() {
            return;
        }
        let at = plies();
        let request = question(Task::Hint, None, Some(900.0));
        hint_waiting.set(true);
        announce.set("Looking for a hint…".into());
        let asked = computer::ask(request, move |answer: Answer| {
            hint_waiting.set(false);
            if plies() != at {
                return;
            }
            let side = position.get_untracked().to_move();
            let name = names.with_value(|names| names[side.index()].clone());
            match answer.r#move.as_deref().map(str::parse::<Move>) {
                Some(Ok(best)) => {
                    let verdict = answer.verdict.unwrap_or_default();
                    let judged = if verdict == "even" {
                        "The game is even.".to_string()
                    } else {
                        format!("{name} is {verdict}.")
                    };
                    let words = format!("Hint: {best}. {judged}");
                    announce.set(words.clone());
                    hint.set(Some(Hint {
                        plies: at,
                        best,
                        words,
                    }));
                }
                _ => {
                    let why = answer
                        .error
                        .unwrap_or_else(|| "no hint could be found".into());
                    message.set(Some(format!("No hint: {why}.")));
                }
            }
        });
        if let Err(why) = asked {
            hint_waiting.set(false);
            message.set(Some(format!("No hint: {why}.")));
        }
    };
    // A draw offered to a person is asked in a dialog; the computer takes it when its engine
    // does not think itself better.
    let offer_draw = move |_| {
        let side = position.get_untracked().to_move();
        if levels[side.opponent().index()].is_none() {
            dialog.set(Some(Dialog::OfferDraw));
            return;
        }
        let at = plies();
        let other = names.with_value(|names| names[side.opponent().index()].clone());
        let request = question(Task::Hint, None, Some(600.0));
        announce.set(format!("{other} is considering the draw…"));
        let asked = computer::ask(request, move |answer: Answer| {
            if plies() != at {
                return;
            }
            // The verdict is from the offering side's point of view: the computer takes the
            // draw when it stands worse, or when the game is level and well under way.
            let accepts = match answer.verdict.as_deref() {
                Some("a little better" | "winning") => true,
                Some("even") => at >= DRAW_AFTER_PLIES,
                _ => false,
            };
            if accepts {
                act_anyway(&|p| p.agree_draw());
            } else {
                let words = format!("{other} declines the draw. Play on.");
                message.set(Some(words.clone()));
                announce.set(words);
            }
        });
        if let Err(why) = asked {
            message.set(Some(format!("The computer could not answer: {why}.")));
        }
    };
    let shown_hint = Signal::derive(move || {
        let at = play.with(|p| p.game.moves().len());
        hint.get().filter(|h| h.plies == at)
    });

    // The computer's turns: whenever a computer seat is to move (and the game is not paused),
    // ask the worker, then play its answer once the pace allows, if nothing changed meanwhile.
    Effect::new(move |_| {
        let to_move = position.with(|p| p.ending().is_none().then(|| p.to_move()));
        let Some(side) = to_move else { return };
        let Some(level) = levels[side.index()] else {
            return;
        };
        if paused.get() || thinking.get_untracked().is_some() {
            return;
        }
        let at = plies();
        let asked_at = dom::now();
        let request = question(Task::Move, Some(level), None);
        let reply = move |answer: Answer| {
            let id = answer.id;
            if thinking.get_untracked() != Some(id) || plies() != at {
                return;
            }
            let wait = (pace.get_untracked().least_ms() - (dom::now() - asked_at)).max(0.0);
            set_timeout(
                move || {
                    if thinking.get_untracked() != Some(id) || plies() != at {
                        return;
                    }
                    thinking.set(None);
                    let chosen = answer.r#move.as_deref().map(str::parse::<Move>);
                    let before = position.get_untracked();
                    let played = match chosen {
                        Some(Ok(m)) => {
                            let mut response = Response::Cleared;
                            play.update(|p| response = p.play_move(m));
                            response
                        }
                        _ => Response::Refused(
                            answer
                                .error
                                .unwrap_or_else(|| "the computer found no move".into()),
                        ),
                    };
                    if let Response::Refused(why) = &played {
                        paused.set(true);
                        message.set(Some(format!(
                            "The computer could not move ({why}); the game is paused."
                        )));
                    } else {
                        respond(played, before);
                    }
                },
                Duration::from_millis(wait as u64),
            );
        };
        match computer::ask(request, reply) {
            Ok(id) => thinking.set(Some(id)),
            Err(why) => {
                paused.set(true);
                message.set(Some(format!("{why}; the game is paused.")));
            }
        }
    });

    let export = move |_| {
        if let Err(e) = export_record(&play.with_untracked(|p| p.game.record())) {
            state.tell(e, true);
        }
    };
    let share = move |_| {
        let link = share_link(&play.with_untracked(|p| p.game.record()));
        dialog.set(Some(Dialog::Share(link.clone())));
        leptos::task::spawn_local(async move {
            match dom::copy_text(&link).await {
                Ok(()) => announce.set("Share link copied.".into()),
                Err(_) => announce.set("Copy the share link from the box.".into()),
            }
        });
    };
    let rematch = move |_| {
        let record = play.with_untracked(|p| {
            let mut record = p.game.record();
            record.moves.clear();
            record.players.reverse();
            record
        });
        let title = position.get_untracked().variant().title();
        let name = game_name(title, &record.players);
        state.start_game(record, Vec::new(), name, false);
    };

    let side_card = {
        move |side: Side| {
            let name = names.with_value(|names| names[side.index()].clone());
            let class = match side {
                Side::White => "player white",
                Side::Black => "player black",
            };
            view! {
                <section class=class
                    class:to-move=move || position.with(|p| p.ending().is_none() && p.to_move() == side)
                    aria-label=format!("{} ({})", name, side.name())>
                    <h2>
                        <svg class="disc" viewBox="-40 -40 80 80" aria-hidden="true">
                            <g class=class.replace("player", "man")>
                                <circle class="body" r="34"/>
                                <circle class="ring" r="22"/>
                                <circle class="eye" r="7"/>
                            </g>
                        </svg>
                        <span class="name">{name.clone()}</span>
                        <span class="side">
                            {side.name()}
                            {levels[side.index()].map(|level| format!(" · computer, {}", level.title()))}
                        </span>
                    </h2>
                    <p class="counts">
                        <span>"In hand: " <strong>{move || position.with(|p| p.in_hand(side))}</strong></span>
                        <span>"On board: " <strong>{move || position.with(|p| p.on_board(side))}</strong></span>
                        <span>"Has taken: " <strong>{move || position.with(|p| p.lost(side.opponent()))}</strong></span>
                    </p>
                    {move || {
                        let n = position.with(|p| p.in_hand(side));
                        (n > 0).then(|| view! {
                            <p class="hand" aria-hidden="true">
                                {(0..n).map(|_| view! { <span class="pip"></span> }).collect_view()}
                            </p>
                        })
                    }}
                </section>
            }
        }
    };

    let move_list = move || {
        play.with(|p| {
            let moves = p.game.moves().to_vec();
            moves
                .chunks(2)
                .enumerate()
                .map(|(i, pair)| {
                    let last_row = (i + 1) * 2 >= moves.len();
                    let white = pair[0].clone();
                    let black = pair.get(1).cloned();
                    let white_last = last_row && black.is_none();
                    view! {
                        <li>
                            <span class="num">{i + 1} "."</span>
                            <span class="ply" class:last=white_last>{white}</span>
                            <span class="ply" class:last=last_row && !white_last>{black.unwrap_or_default()}</span>
                        </li>
                    }
                })
                .collect_view()
        })
    };

    let end_panel = move || {
        let ending = position.with(|p| p.ending())?;
        let (head, why) = names.with_value(|names| ending_words(ending, names));
        Some(view! {
            <section class="end-panel" aria-labelledby="end-title">
                <h2 id="end-title">{head}</h2>
                <p>{why}</p>
                <p class="actions">
                    <button type="button" class="primary" on:click=rematch>"Rematch, colours swapped"</button>
                    <a class="button" href="#/new/morris">"New game"</a>
                    <button type="button" on:click=export>"Export"</button>
                </p>
            </section>
        })
    };

    let dialog_view = move || {
        let open = dialog.get()?;
        let close = Callback::new(move |_| dialog.set(None));
        let side = position.get_untracked().to_move();
        let mover = names.with_value(|names| names[side.index()].clone());
        let other = names.with_value(|names| names[side.opponent().index()].clone());
        Some(match open {
            Dialog::Save => {
                let name = RwSignal::new(format!("{} ({})", entry.get_value().name, dom::local_time(dom::now())));
                let save = move |ev: leptos::ev::SubmitEvent| {
                    ev.prevent_default();
                    let now = dom::now();
                    let (record, redo, ending) =
                        play.with_untracked(|p| (p.game.record(), p.game.undone().to_vec(), p.position().ending()));
                    let game = SavedGame {
                        id: dom::new_id(),
                        kind: SaveKind::Named,
                        name: name.get_untracked().trim().to_string(),
                        created: now,
                        updated: now,
                        finished: ending.is_some(),
                        result: ending.map(|e| e.reason().to_string()),
                        record,
                        redo,
                    };
                    match store().put_game(&game, now) {
                        Ok(()) => {
                            announce.set(format!("Saved as \u{201c}{}\u{201d}.", game.name));
                            state.tell(format!("Saved as \u{201c}{}\u{201d}.", game.name), false);
                        }
                        Err(e) => state.tell(format!("Not saved: {e}. Delete old saved games to make room."), true),
                    }
                    dialog.set(None);
                };
                view! {
                    <Modal title="Save this game".to_string() on_close=close>
                        <form on:submit=save>
                            <label for="save-name">"Name"</label>
                            <input id="save-name" type="text" maxlength="80"
                                prop:value=move || name.get()
                                on:input=move |ev| name.set(event_target_value(&ev))/>
                            <p class="actions">
                                <button type="submit" class="primary">"Save"</button>
                                <button type="button" on:click=move |_| dialog.set(None)>"Cancel"</button>
                            </p>
                        </form>
                    </Modal>
                }
                .into_any()
            }
            Dialog::OfferDraw => {
                let accept = move |_| {
                    dialog.set(None);
                    act(&|p| p.agree_draw());
                };
                let other_for_decline = other.clone();
                let decline = move |_| {
                    dialog.set(None);
                    let words = format!("{} declines the draw. Play on.", other_for_decline);
                    message.set(Some(words.clone()));
                    announce.set(words);
                };
                view! {
                    <Modal title="A draw is offered".to_string() on_close=close>
                        <p>{mover.clone()} " offers a draw. " {other.clone()} ", do you accept?"</p>
                        <p class="actions">
                            <button type="button" class="primary" on:click=accept>"Accept the draw"</button>
                            <button type="button" on:click=decline autofocus>"Decline"</button>
                        </p>
                    </Modal>
                }
                .into_any()
            }
            Dialog::Resign => {
                let resign = move |_| {
                    dialog.set(None);
                    act(&|p| p.resign());
                };
                view! {
                    <Modal title="Resign?".to_string() on_close=close>
                        <p>{mover.clone()} ", do you resign this game? " {other.clone()} " will win."</p>
                        <p class="actions">
                            <button type="button" class="danger" on:click=resign>"Resign"</button>
                            <button type="button" on:click=move |_| dialog.set(None) autofocus>"Play on"</button>
                        </p>
                    </Modal>
                }
                .into_any()
            }
            Dialog::Share(link) => view! {
                <Modal title="Share this game".to_string() on_close=close>
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
                        <button type="button" on:click=move |_| dialog.set(None)>"Close"</button>
                    </p>
                </Modal>
            }
            .into_any(),
        })
    };

    let in_play = move || position.with(|p| p.ending().is_none());
    let board = position.get_untracked().board();
    view! {
        <section class="screen play">
            <h1 id="screen-title" tabindex="-1" class="play-title">
                {variant_title} <span class="versus">{title_names}</span>
            </h1>
            <div class="play-layout">
                <div class="board-column">
                    <p class="status" aria-hidden="true">{move || status.get()}</p>
                    <MorrisBoard
                        board=board
                        men=Signal::derive(move || play.with(|p| p.men_shown()))
                        targets=Signal::derive(move || {
                            // Nothing is offered to touch while the computer is to move.
                            if computer_to_move() { Vec::new() } else { play.with(|p| p.targets()) }
                        })
                        selected=Signal::derive(move || match play.with(|p| p.selection()) {
                            Selection::Man(point) => Some(point),
                            _ => None,
                        })
                        removing=Signal::derive(move || matches!(play.with(|p| p.selection()), Selection::Removing { .. }))
                        last=Signal::derive(move || play.with(|p| p.last_move()))
                        hint=Signal::derive(move || shown_hint.get().map(|h| h.best))
                        status=status
                        on_touch=on_touch
                        on_drag=on_drag
                        on_cancel=on_cancel
                    />
                    <p class="message" class:empty=move || message.get().is_none()>
                        {move || message.get().unwrap_or_default()}
                    </p>
                    {move || shown_hint.get().map(|h| view! { <p class="hint-text">{h.words}</p> })}
                    {end_panel}
                </div>
                <div class="side-column">
                    {side_card(Side::White)}
                    {side_card(Side::Black)}
                    {has_computer.then(|| view! {
                        <div class="controls computer" role="group" aria-label="Computer">
                            <label for="pace">"Computer's pace"</label>
                            <select id="pace" on:change=move |ev| {
                                let value = event_target_value(&ev);
                                if let Some(p) = Pace::ALL.into_iter().find(|p| p.name() == value) {
                                    pace.set(p);
                                }
                            }>
                                {Pace::ALL.into_iter().map(|p| view! {
                                    <option value=p.name() selected=move || pace.get() == p>{p.title()}</option>
                                }).collect_view()}
                            </select>
                            {(!has_human).then(|| view! {
                                <button type="button" class="primary" aria-pressed=move || paused.get().to_string()
                                    on:click=move |_| paused.update(|p| *p = !*p)>
                                    {move || if paused.get() { "Resume" } else { "Pause" }}
                                </button>
                            })}
                            {move || (thinking.get().is_some() && !paused.get()).then(|| view! {
                                <span class="thinking" role="status">"Thinking"<span class="dots" aria-hidden="true"></span></span>
                            })}
                        </div>
                    })}
                    <div class="controls" role="group" aria-label="Game">
                        <button type="button" on:click=undo disabled=move || !play.with(|p| p.game.can_undo())>"Undo"</button>
                        <button type="button" on:click=redo disabled=move || !play.with(|p| p.game.can_redo())>"Redo"</button>
                        {has_human.then(|| view! {
                            <button type="button" on:click=ask_hint
                                disabled=move || !in_play() || computer_to_move() || hint_waiting.get()>
                                {move || if hint_waiting.get() { "Hint…" } else { "Hint" }}
                            </button>
                        })}
                        <button type="button" on:click=offer_draw disabled=move || !in_play() || computer_to_move()>"Offer a draw"</button>
                        <button type="button" on:click=move |_| dialog.set(Some(Dialog::Resign)) disabled=move || !in_play() || computer_to_move()>"Resign"</button>
                    </div>
                    <div class="controls" role="group" aria-label="Record">
                        <button type="button" on:click=move |_| dialog.set(Some(Dialog::Save))>"Save"</button>
                        <button type="button" on:click=export>"Export"</button>
                        <button type="button" on:click=share>"Share link"</button>
                        <a class="button" href="#/new/morris">"New game"</a>
                        <a class="button" href="#/rules/morris">"Rules"</a>
                    </div>
                    <section class="move-list" aria-labelledby="moves-title">
                        <h2 id="moves-title">"Moves"</h2>
                        <ol class="moves">{move_list}</ol>
                        {move || play.with(|p| p.game.moves().is_empty()).then(|| view! { <p class="hint">"No moves yet."</p> })}
                    </section>
                </div>
            </div>
            <div class="visually-hidden" aria-live="polite" role="status">{move || announce.get()}</div>
            {dialog_view}
        </section>
    }
}
