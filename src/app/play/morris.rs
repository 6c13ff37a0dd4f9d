//! The play screen: the board, whose turn it is and what to do, the men in hand and taken, the
//! move list, undo and redo, save, export and share, and the end-of-game panel.

use leptos::prelude::*;

use parlour::ai::Level;
use parlour::games::GameKind;
use parlour::rules::morris::{Ending, Move, Phase, Position, Side};
use parlour::session::capital;
use parlour::session::embed::EmbedSpec;
use parlour::session::morris::{mills_words, MorrisPlay, RemovalsDue, Response, Selection};
use parlour::storage::SavedGame;
use parlour::worker::{Answer, Request, Task};

use super::super::boards::morris::MorrisBoard;
use super::super::computer;
use super::super::modal::Modal;
use super::super::new_game::game_name;
use super::super::{app_state, dom, effect};
use super::{
    comes_due, computer_move, export_record, keep_saved, sentence, start_turn, GameControls,
    HintText, Hinting, PaceChoice, PlayScreen, Progress, Turns,
};

/// A dialog the play screen can show.
#[derive(Clone, PartialEq, Eq, Debug)]
enum Dialog {
    OfferDraw,
    Resign,
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
        Selection::Removing { .. } => {
            let them = side.opponent().name();
            let due = play.removals_due().unwrap_or(RemovalsDue::ONE);
            format!(
                "{who} has made {}: {}.",
                mills_words(due.mills),
                due.asking(them)
            )
        }
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

#[component]
pub fn MorrisScreen(saved: SavedGame, play: MorrisPlay) -> impl IntoView {
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
    let variant = play.position().variant();
    let variant_title = variant.title();
    let title_names = format!("{} v {}", names[0], names[1]);
    let names = StoredValue::new(names);
    let play = RwSignal::new(play);
    // A control that goes or is disabled under the focus (Offer a draw once the game is over)
    // hands it on, rather than drop it to the page; Undo and Redo hand it to each other.
    dom::keep_focus(
        move || play.with(|p| p.game.moves().len()),
        &[".end-panel button", "svg.board[tabindex=\"0\"]"],
    );
    let entry = StoredValue::new(saved);
    // A choice under way (a man picked up, or a mill waiting for its removal) is kept for this
    // tab over a reload (a phone's too, which reloads a tab it put away), beside the save, which
    // holds whole moves only (`MorrisPlay::kept_choice` and `resume_kept`).
    let choice_key = format!("parlour/choice/{}", entry.with_value(|e| e.id.clone()));
    if let Some(kept) = dom::tab_value(&choice_key) {
        play.update(|p| {
            p.resume_kept(&kept);
        });
    }
    effect(move |_| {
        let kept = play.with(MorrisPlay::kept_choice);
        dom::keep_for_tab(&choice_key, kept.as_deref());
    });
    let message = RwSignal::new(None::<String>);
    let announce = RwSignal::new(String::new());
    let dialog = RwSignal::new(None::<Dialog>);
    // `busy` holds the ticket of the computer's turn (`start_turn`), while its answer is awaited.
    let turns = Turns::new(message);
    let Turns {
        pace, paused, busy, ..
    } = turns;
    let hinting = Hinting::<Move>::new();
    on_cleanup(computer::cancel);

    let position = Memo::new(move |_| play.with(|p| p.position().clone()));
    let over = Memo::new(move |_| position.with(|p| p.ending().is_some()));
    let plies = move || play.with_untracked(|p| p.game.moves().len());
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

    // The one effect that persists.
    let progress = Memo::new(move |_| {
        play.with(|p| Progress {
            record: p.game.record(),
            redo: p.game.undone().to_vec(),
            result: p.position().ending().map(|e| e.reason().to_string()),
        })
    });
    keep_saved(entry, progress);

    let respond = move |response: Response, before: Position| match response {
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
            let them = before.to_move().opponent().name();
            let due = play
                .with_untracked(MorrisPlay::removals_due)
                .unwrap_or(RemovalsDue::ONE);
            let asking = capital(&due.asking(them));
            let words = if due.chosen == 0 {
                format!("{}! {asking}.", capital(&mills_words(due.mills)))
            } else {
                format!("{}. {asking}.", due.chosen_words())
            };
            message.set(Some(words.clone()));
            announce.set(words);
        }
        Response::Cleared => {
            message.set(None);
            announce.set("Choice cleared.".into());
        }
        Response::Refused(why) => {
            let text = sentence(&why);
            message.set(Some(text.clone()));
            announce.set(text);
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
    // A mill made asks, above the board, for a man to remove: the board stays under the pointer
    // when the words take another line.
    let on_touch = Callback::new(move |point| {
        dom::keeping_in_place("svg.board", || act(&|p| p.touch(point)));
    });
    let on_drag = Callback::new(move |(from, to)| {
        dom::keeping_in_place("svg.board", || act(&|p| p.drag(from, to)));
    });
    let on_cancel = Callback::new(move |_| act(&|p| p.clear()));

    // Stops the computer's thinking and forgets a hint: the position is about to change.
    let stop_thinking = move || {
        computer::cancel();
        busy.set(None);
        hinting.forget();
    };
    // With a person at the table, undo and redo go on past the computer's moves, so that
    // undo takes back the computer's reply together with the person's move.
    let computer_turn_at = move |position: &Position| {
        has_human && position.ending().is_none() && levels[position.to_move().index()].is_some()
    };
    let undo = move |()| {
        stop_thinking();
        // A move still waiting for its removals is only a choice: nothing was played yet.
        let choosing = play.with_untracked(|p| matches!(p.selection(), Selection::Removing { .. }));
        play.update(|p| {
            p.undo_to_person(computer_turn_at);
        });
        if !has_human {
            paused.set(true);
        }
        message.set(None);
        announce.set(
            if choosing {
                "Choice cleared."
            } else {
                "Move taken back."
            }
            .into(),
        );
    };
    let redo = move |()| {
        stop_thinking();
        play.update(|p| {
            p.redo();
            while computer_turn_at(p.position()) && p.game.can_redo() {
                p.redo();
            }
        });
        message.set(None);
        announce.set("Move played again.".into());
    };
    let ask_hint = move || {
        play.with_untracked(|p| {
            hinting.ask(&p.game, plies, message, announce, |_, best: &Move| {
                Some(best.to_string())
            })
        })
    };
    // A draw offered to a person is asked in a dialog; the computer takes it or not as
    // `parlour::ai::takes_draw` says, from its engine's verdict.
    let offer_draw = move |_| {
        let side = position.get_untracked().to_move();
        if levels[side.opponent().index()].is_none() {
            dialog.set(Some(Dialog::OfferDraw));
            return;
        }
        let at = plies();
        let other = names.with_value(|names| names[side.opponent().index()].clone());
        let request = Request {
            id: 0,
            task: Task::Hint,
            record: play.with_untracked(|p| p.game.record()),
            level: None,
            seed: dom::random_u64(),
            think_ms: Some(600.0),
        };
        announce.set(format!("{other} is considering the draw…"));
        let asked = computer::ask(request, move |answer: Answer| {
            if plies() != at {
                return;
            }
            if parlour::ai::takes_draw(answer.verdict.as_deref(), at) {
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
        hinting.for_position(at)
    });

    // The computer's turns: whenever a computer seat is to move (and the game is not paused),
    // ask the worker, then play its answer once the pace allows, if nothing changed meanwhile.
    // `busy` holds the turn's ticket; freeing it runs this again.
    let still_due = move |ticket: usize, at: usize| {
        comes_due(busy, ticket) && plies() == at && !paused.get_untracked()
    };
    effect(move |_| {
        let to_move = position.with(|p| p.ending().is_none().then(|| p.to_move()));
        let Some(side) = to_move else { return };
        let Some(level) = levels[side.index()] else {
            return;
        };
        if paused.get() || busy.get().is_some() {
            return;
        }
        let at = plies();
        let ticket = start_turn(busy);
        computer_move::<Move>(
            play.with_untracked(|p| p.game.record()),
            level,
            turns,
            move || still_due(ticket, at),
            move |m| {
                let before = position.get_untracked();
                let mut response = Response::Cleared;
                play.update(|p| response = p.play_move(m));
                if let Response::Refused(why) = &response {
                    paused.set(true);
                    message.set(Some(format!(
                        "The computer could not move ({why}); the game is paused."
                    )));
                } else {
                    respond(response, before);
                }
            },
        );
    });

    let export = move |_| {
        if let Err(e) = export_record(&play.with_untracked(|p| p.game.record())) {
            state.tell(e, true);
        }
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
                            // The level, unless the name already says it ("Easy computer").
                            {levels[side.index()]
                                .filter(|level| name != level.seat_name())
                                .map(|level| format!(" · computer, {}", level.title()))}
                        </span>
                    </h2>
                    <p class="counts">
                        <span>"In hand: " <strong>{move || play.with(|p| p.counts_shown(side).0)}</strong></span>
                        <span>"On board: " <strong>{move || play.with(|p| p.counts_shown(side).1)}</strong></span>
                        // In Three Men's Morris a row wins: nothing is ever taken.
                        {(!variant.mill_wins()).then(|| view! {
                            <span>"Has taken: " <strong>{move || play.with(|p| p.counts_shown(side).2)}</strong></span>
                        })}
                    </p>
                    {move || {
                        let n = play.with(|p| p.counts_shown(side).0);
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

    // The list scrolls (itself, never the page) to keep the newest move in sight.
    let moves_shown = NodeRef::<leptos::html::Ol>::new();
    effect(move |_| {
        let _ = play.with(|p| p.game.moves().len());
        if let Some(list) = moves_shown.get() {
            list.set_scroll_top(list.scroll_height());
        }
    });
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
        let actions = NodeRef::<leptos::html::P>::new();
        super::result_into_view(actions);
        Some(view! {
            <section class="end-panel" aria-labelledby="end-title">
                <h2 id="end-title">{head}</h2>
                <p>{why}</p>
                <p class="actions" node_ref=actions>
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
                            <button type="button" on:click=decline data-autofocus>"Decline"</button>
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
                            <button type="button" on:click=move |_| dialog.set(None) data-autofocus>"Play on"</button>
                        </p>
                    </Modal>
                }
                .into_any()
            }
        })
    };

    let in_play = move || position.with(|p| p.ending().is_none());
    let board = position.get_untracked().board();
    view! {
        <PlayScreen title=variant_title versus=title_names class="morris-screen" announce=announce>
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
                        mills=Signal::derive(move || play.with(MorrisPlay::mills_made))
                        hint=Signal::derive(move || shown_hint.get().map(|h| h.best))
                        status=status
                        on_touch=on_touch
                        on_drag=on_drag
                        on_cancel=on_cancel
                    />
                    <p class="message" class:empty=move || message.get().is_none()>
                        {move || message.get().unwrap_or_default()}
                    </p>
                    {move || shown_hint.get().map(|h| view! { <HintText words=h.words/> })}
                    {end_panel}
                </div>
                <div class="side-column">
                    {side_card(Side::White)}
                    {side_card(Side::Black)}
                    {has_computer.then(|| view! {
                        <div class="controls computer" role="group" aria-label="Computer">
                            <PaceChoice label="Computer's pace" pace=pace/>
                            // Once the game is over nothing waits on a pause.
                            {move || (!has_human && !over.get()).then(|| view! {
                                <button type="button" class="primary" aria-pressed=move || paused.get().to_string()
                                    on:click=move |_| paused.update(|p| *p = !*p)>
                                    {move || if paused.get() { "Resume" } else { "Pause" }}
                                </button>
                            })}
                            {move || (busy.get().is_some() && !paused.get()).then(|| view! {
                                <span class="thinking" role="status">"Thinking"<span class="dots" aria-hidden="true"></span></span>
                            })}
                        </div>
                    })}
                    <GameControls game=GameKind::Morris new_game=EmbedSpec::new_morris undo=undo redo=redo
                        can_undo=Signal::derive(move || play.with(|p| p.can_undo_to_person(computer_turn_at)))
                        can_redo=Signal::derive(move || play.with(|p| p.game.can_redo()))
                        progress=progress entry=entry announce=announce>
                        {has_human.then(|| hinting.button(move || !in_play() || computer_to_move(), ask_hint))}
                        <button type="button" on:click=offer_draw disabled=move || !in_play() || computer_to_move()>"Offer a draw"</button>
                        <button type="button" on:click=move |_| dialog.set(Some(Dialog::Resign)) disabled=move || !in_play() || computer_to_move()>"Resign"</button>
                    </GameControls>
                    <section class="move-list" aria-labelledby="moves-title">
                        <h2 id="moves-title">"Moves"</h2>
                        <ol class="moves" tabindex="0" aria-labelledby="moves-title" node_ref=moves_shown>{move_list}</ol>
                        {move || play.with(|p| p.game.moves().is_empty()).then(|| view! { <p class="hint">"No moves yet."</p> })}
                    </section>
                </div>
            </div>
            {dialog_view}
        </PlayScreen>
    }
}
