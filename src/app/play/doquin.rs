//! The Doquin screen: the block in 3D and its three faces flat (both take moves), the pushes
//! after a capture in the order the capturer picks, each player's supply, captures and pegs all
//! the way in, the end of each round and of the game, and computer players.

use std::time::Duration;

use leptos::prelude::*;

use parlour::games::GameKind;
use parlour::rules::doquin::{Doquin, Hole, Move};
use parlour::rules::{Game, Seat, Turn};
use parlour::session::doquin::{
    captured_pegs, ending_words, forced_push, last_turn, move_words, preview_words, round_words,
    PEG_COLOURS,
};
use parlour::session::embed::EmbedSpec;
use parlour::session::Match;
use parlour::storage::SavedGame;

use super::super::boards::doquin::{BlockView, FaceViews, Marks, Preview};
use super::super::boards::pieces::outline;
use super::super::computer;
use super::super::{dom, effect};
use super::{
    comes_due, computer_move, keep_saved, seat_heading, seat_levels, sentence, start_turn,
    unbroken_words, EndActions, GameControls, HintText, Hinting, PaceChoice, PlayScreen, Progress,
    Turns,
};

/// How long the app waits before a push it plays for a person, so that it can be followed.
const FORCED_PUSH_MS: u64 = 450;

/// Where the screen is wide enough for the three faces side by side in the side column, at a
/// size still easy to point at (a narrower screen with two columns has them under the block).
const FACES_ASIDE: &str = "(min-width: 72rem)";

/// A seat's peg, small, for the tables (its colour and its shape).
fn peg_mark(seat: usize, class: &'static str) -> impl IntoView {
    view! {
        <svg viewBox="-14 -14 28 28" aria-hidden="true" class=class>{outline(seat, 10.0)}</svg>
    }
}

/// The rounds whose end the players are taken to have seen when the game comes to `now` other
/// than by a move made on the screen (opened from a link or a reload, or played again by Redo):
/// all but the one the last move ended, whose end is shown as it was when the move was made.
fn rounds_seen_at(now: &Doquin) -> usize {
    now.rounds().len() - usize::from(now.round_end().is_some())
}

#[component]
pub fn DoquinScreen(saved: SavedGame, game: Match<Doquin>) -> impl IntoView {
    let names: Vec<String> = game.players().iter().map(|p| p.name.clone()).collect();
    let levels = seat_levels(game.players());
    let has_human = levels.iter().any(Option::is_none);
    let has_computer = levels.iter().any(Option::is_some);
    let title_names = names.join(" v ");
    // A game opened just after a move that ended a round (a link, a reload) shows that round's
    // end.
    let rounds_seen = rounds_seen_at(game.position());
    let names = StoredValue::new(names);
    let levels = StoredValue::new(levels);
    let game = RwSignal::new(game);
    let entry = StoredValue::new(saved);
    let message = RwSignal::new(None::<String>);
    let announce = RwSignal::new(String::new());
    let turns = Turns::new(message);
    let Turns {
        pace, paused, busy, ..
    } = turns;
    let hovered = RwSignal::new(None::<Hole>);
    // The person has asked for their pushes to be the hint's.
    let pushing_as_hinted = RwSignal::new(false);
    let hinting = Hinting::<Move>::new();
    // The rounds whose end the players have seen (the panel stays up until they go on).
    let round_seen = RwSignal::new(rounds_seen);
    on_cleanup(computer::cancel);

    let position = Memo::new(move |_| game.with(|g| g.position().clone()));
    let plies = move || game.with_untracked(|g| g.moves().len());
    let name_of = move |seat: Seat| names.with_value(|n| n[seat.index()].clone());
    let level_of = move |seat: Seat| levels.with_value(|l| l[seat.index()]);
    let all_names = move || names.get_value();
    let progress = Memo::new(move |_| game.with(Progress::of));
    keep_saved(entry, progress);

    let round_panel = move || {
        let now = position.get();
        now.rounds().len() > round_seen.get() && now.outcome().is_none()
    };
    // The block as the players see it: at a round's end, as that round left it, until they go
    // on to the next; at the game's end, as the last round left it.
    let shown = Memo::new(move |_| {
        let now = position.get();
        match now.round_end() {
            Some(ended) if round_panel() || now.outcome().is_some() => ended.clone(),
            _ => now,
        }
    });
    let forced = Memo::new(move |_| forced_push(&position.get()));
    // A person is to choose: their turn, and not a push the app makes for them.
    let human_to_choose = move |g: &Doquin| match g.turn() {
        Turn::Seat(s) => level_of(s).is_none() && !(g.is_pushing() && forced.get().is_some()),
        _ => false,
    };

    let say = move |words: String| {
        message.set(None);
        announce.set(words);
    };
    // Plays a move; `by_app` for the computer's moves and the pushes the app makes.
    let act = move |m: Move, by_app: bool| {
        let before = position.get_untracked();
        let Turn::Seat(seat) = before.turn() else {
            return;
        };
        if level_of(seat).is_some() && !by_app {
            message.set(Some(format!(
                "It is {}'s turn: the computer plays.",
                name_of(seat)
            )));
            return;
        }
        // Playing on puts the end-of-round panel away (a table of computers goes on by itself).
        if !by_app || !has_human {
            round_seen.set(before.rounds().len());
        }
        let words = move_words(&before, m, &all_names());
        let mut result = Ok(());
        game.update(|g| result = g.play(m));
        match result {
            Ok(()) => {
                let after = position.get_untracked();
                let mut said = vec![words];
                if after.is_pushing() && !before.is_pushing() {
                    said.push(format!(
                        "{} pushes in the pegs that can slide further",
                        name_of(seat)
                    ));
                }
                if after.rounds().len() > before.rounds().len() {
                    if let Some(result) = after.rounds().last() {
                        said.push(round_words(after.rounds().len(), result, &all_names()));
                    }
                }
                if after.outcome().is_some() {
                    said.push(ending_words(&after, &all_names()));
                }
                let said: Vec<String> = said.iter().map(|w| sentence(w)).collect();
                let said = said.join(" ");
                // A push the app makes for a person follows the push they chose a moment
                // before: both are said, the later not in place of the earlier.
                if by_app && level_of(seat).is_none() {
                    let earlier = announce.get_untracked();
                    say(format!("{earlier} {said}").trim_start().to_string());
                } else {
                    say(said);
                }
            }
            Err(e) => message.set(Some(sentence(&e.to_string()))),
        }
    };
    let pick = move |hole: Hole| {
        let now = position.get_untracked();
        if now.outcome().is_some() {
            return;
        }
        // The block shown is the round just ended: a hole picked there is not one of the next.
        if round_panel() && now.round_end().is_some() {
            message.set(Some(format!(
                "Round {} is over: press Start round {} to clear the block and go on.",
                now.rounds().len(),
                now.round()
            )));
            return;
        }
        act(now.move_at(hole), false);
    };

    // The automatic moves: the computer's, and the pushes whose order does not matter. Each
    // waits for the pace; when it comes due it is dropped if the game moved on or was paused,
    // and `busy` is freed, which runs this again.
    let still_due = move |ticket: usize, at: usize| {
        comes_due(busy, ticket) && plies() == at && !paused.get_untracked()
    };
    effect(move |_| {
        let now = position.get();
        if paused.get() || busy.get().is_some() {
            return;
        }
        let Turn::Seat(seat) = now.turn() else {
            return;
        };
        // A new round waits for the people at the table to go on.
        if round_panel() && has_human {
            return;
        }
        let at = plies();
        if let Some(level) = level_of(seat) {
            let ticket = start_turn(busy);
            computer_move::<Move>(
                game.with_untracked(|g| g.record()),
                level,
                turns,
                move || still_due(ticket, at),
                move |m| act(m, true),
            );
        } else if let Some(hole) = forced.get() {
            let ticket = start_turn(busy);
            set_timeout(
                move || {
                    if still_due(ticket, at) {
                        act(Move::Push(hole), true);
                    }
                },
                Duration::from_millis(FORCED_PUSH_MS),
            );
        }
    });

    let stop_automation = move || {
        computer::cancel();
        busy.set(None);
        hinting.forget();
        pushing_as_hinted.set(false);
    };
    // With a person at the table, undo goes back to the last thing a person chose.
    let automatic_now = move |g: &Doquin| match g.turn() {
        Turn::Seat(s) => level_of(s).is_some() || (g.is_pushing() && forced_push(g).is_some()),
        _ => false,
    };
    let automatic = move |g: &Doquin| has_human && automatic_now(g);
    let can_undo = move || game.with(|g| g.can_undo_to_person(automatic));
    let undo = move |()| {
        stop_automation();
        game.update(|g| {
            g.undo_to_person(automatic);
        });
        round_seen.set(position.get_untracked().rounds().len());
        if !has_human {
            paused.set(true);
        }
        say("Taken back.".into());
    };
    let redo = move |()| {
        stop_automation();
        game.update(|g| {
            g.redo_to_person(automatic);
        });
        // A move played again that ends a round shows that round's end, as it did when played.
        round_seen.set(rounds_seen_at(&position.get_untracked()));
        say("Played again.".into());
    };

    let can_hint = move || {
        let now = position.get();
        now.outcome().is_none() && human_to_choose(&now) && !round_panel()
    };
    let shown_hint = Memo::new(move |_| {
        let at = game.with(|g| g.moves().len());
        hinting.for_position(at)
    });
    let ask = move || {
        game.with_untracked(|g| {
            hinting.ask(g, plies, message, announce, move |now, best| {
                preview_words(now, *best, &all_names())
            })
        })
    };
    // "Push as hinted": each push the person has to choose is the hint's, until the pushing
    // is done (the pushes whose order does not matter the app makes anyway).
    let push_as_hinted = move |_| {
        message.set(None);
        pushing_as_hinted.set(true);
    };
    effect(move |_| {
        if !pushing_as_hinted.get() {
            return;
        }
        let now = position.get();
        if !now.is_pushing() || now.outcome().is_some() {
            pushing_as_hinted.set(false);
            return;
        }
        if !human_to_choose(&now) {
            return;
        }
        match shown_hint.get() {
            Some(hint) => {
                let at = plies();
                set_timeout(
                    move || {
                        if pushing_as_hinted.try_get_untracked() == Some(true) && plies() == at {
                            act(hint.best, false);
                            // Refused (it says why): the person pushes by hand.
                            if plies() == at {
                                pushing_as_hinted.set(false);
                            }
                        }
                    },
                    Duration::from_millis(FORCED_PUSH_MS),
                );
            }
            // A hint that cannot be found says so, and the person pushes by hand.
            None if message.get().is_some() => pushing_as_hinted.set(false),
            // A hint asked for an earlier push is thrown away when it comes: then ask again.
            None if hinting.is_waiting() => {}
            None => ask(),
        }
    });

    let marks = Memo::new(move |_| {
        let now = position.get();
        let mine = human_to_choose(&now) && !round_panel();
        let targets = if mine {
            now.legal_moves().into_iter().map(Move::hole).collect()
        } else {
            Vec::new()
        };
        let hinted = shown_hint.get().map(|h| h.best.hole());
        // What the hole pointed at would do; else, what the hint's move would.
        let preview = hovered
            .get()
            .filter(|h| targets.contains(h))
            .or(hinted.filter(|h| targets.contains(h)))
            .and_then(|hole| {
                let effect = now.effect(now.move_at(hole))?;
                let Turn::Seat(seat) = now.turn() else {
                    return None;
                };
                // A push moves whichever peg is in the hole, in its owner's colour.
                let owner = now.peg(hole).map_or(seat, |p| p.owner);
                Some(Preview {
                    hole,
                    seat: owner.index(),
                    depth: effect.depth,
                    captures: effect.captures,
                })
            });
        Marks {
            targets,
            pushing: now.is_pushing(),
            // The last turn's pegs, where they are still on the block shown.
            last: game
                .with(last_turn)
                .into_iter()
                .filter(|&h| shown.with(|b| b.peg(h).is_some()))
                .collect(),
            preview,
            hint: hinted,
        }
    });
    let preview_line = move || {
        let now = position.get();
        let hole = hovered
            .get()
            .filter(|h| marks.with(|m| m.targets.contains(h)))?;
        preview_words(&now, now.move_at(hole), &all_names()).map(|w| sentence(&w))
    };

    let status = move || {
        let now = position.get();
        if now.outcome().is_some() {
            return sentence(&ending_words(&now, &all_names()));
        }
        let paused_words = if paused.get() { " (paused)" } else { "" };
        if round_panel() {
            return format!(
                "Round {} is over. Round {} is next{paused_words}.",
                now.rounds().len(),
                now.round()
            );
        }
        let Turn::Seat(seat) = now.turn() else {
            return String::new();
        };
        let who = name_of(seat);
        if level_of(seat).is_some() {
            return format!("{who} is thinking…{paused_words}");
        }
        if now.is_pushing() {
            return if forced.get().is_some() {
                format!("{who} captured: the pegs that can slide are pushed in{paused_words}.")
            } else {
                format!("{who} captured: push in the highlighted pegs, one at a time, in the order you choose, or let the hint choose each{paused_words}.")
            };
        }
        format!(
            "{who} to play ({} pegs): choose a hole on the block or on a face{paused_words}.",
            PEG_COLOURS[seat.index() % 4]
        )
    };
    let round_line = move || {
        let now = position.get();
        let first = Seat((now.round() - 1) as u8);
        format!(
            "Round {} of {} · {} plays first",
            now.round(),
            now.seats(),
            name_of(first)
        )
    };

    // Once the game is over the end panel shows every round; this table, of the round being
    // played, goes, and so do the computer's pace and pause.
    let over = Memo::new(move |_| position.with(|p| p.outcome().is_some()));
    // At a round's end the round's panel gives its captures and points; the table of the next
    // round would not match the block shown beside it, so it waits for that round to start.
    let players_table = move || {
        if over.get() || round_panel() {
            return None;
        }
        let now = position.get();
        let taken = game.with(captured_pegs);
        let first = Seat((now.round() - 1) as u8);
        Some(view! {
            <div class="table-scroll" tabindex="0"><table class="scores doquin-players">
                <caption>{round_line}</caption>
                <thead><tr>
                    <th scope="col">"Player"</th>
                    <th scope="col"><abbr title="Pegs still to insert">"Pegs"</abbr></th>
                    <th scope="col">"Captured"</th>
                    <th scope="col"><abbr title="Own pegs all the way in">"All\u{a0}in"</abbr></th>
                    <th scope="col"><abbr title="Points so far: the rounds played and this round's captures and pegs all the way in">"Points"</abbr></th>
                </tr></thead>
                <tbody>
                    {(0..now.seats()).map(|s| {
                        let seat = Seat(s as u8);
                        let to_move = now.turn() == Turn::Seat(seat);
                        let victims = taken[s].clone();
                        let captured_label = if victims.is_empty() {
                            "none".to_string()
                        } else {
                            victims.iter().map(|v| format!("{}'s", name_of(*v))).collect::<Vec<_>>().join(", ")
                        };
                        view! {
                            <tr class:to-move=to_move>
                                {seat_heading(s, name_of(seat), view! {
                                    <span class="visually-hidden">{format!(", {} pegs", PEG_COLOURS[s % 4])}</span>
                                    {(seat == first).then(|| view! { <span class="first-mark" title="Plays first this round">" · first"</span> })}
                                })}
                                <td>{now.supply(seat)}</td>
                                <td>
                                    {now.captured(seat)}
                                    <span class="captured-pegs" role="img" aria-label=format!("captured: {captured_label}")>
                                        {victims.iter().map(|v| peg_mark(v.index(), "captured-peg")).collect_view()}
                                    </span>
                                </td>
                                <td>{now.pegs_in(seat)}</td>
                                <td class="total">{now.scores()[s]}</td>
                            </tr>
                        }
                    }).collect_view()}
                </tbody>
            </table></div>
        })
    };

    // The rounds so far, each player's points with their parts.
    let rounds_table = move |now: &Doquin| {
        let seats = now.seats();
        let rounds = now.rounds().to_vec();
        view! {
            <div class="table-scroll" tabindex="0"><table class="scores">
                <thead><tr>
                    <th scope="col">"Player"</th>
                    {(1..=rounds.len()).map(|r| view! { <th scope="col">{format!("Round {r}")}</th> }).collect_view()}
                    <th scope="col">"Total"</th>
                </tr></thead>
                <tbody>
                    {(0..seats).map(|s| view! {
                        <tr>
                            {seat_heading(s, name_of(Seat(s as u8)), ())}
                            {rounds.iter().map(|r| {
                                let bonus = r.end.bonus() == Some(Seat(s as u8));
                                let parts = format!(
                                    "{} captured, {} in{}",
                                    r.captured[s],
                                    r.pegs_in[s],
                                    if bonus { ", bonus" } else { "" }
                                );
                                view! { <td><strong>{r.scores[s]}</strong> <span class="parts">{parts}</span></td> }
                            }).collect_view()}
                            <td class="total">{now.totals()[s]}</td>
                        </tr>
                    }).collect_view()}
                </tbody>
            </table></div>
        }
    };
    let next_round = move |_| {
        round_seen.set(position.get_untracked().rounds().len());
        announce.set(format!(
            "Round {} begins: {} plays first.",
            position.get_untracked().round(),
            name_of(Seat((position.get_untracked().round() - 1) as u8))
        ));
    };
    let round_end_panel = move || {
        if !round_panel() {
            return None;
        }
        let now = position.get();
        let number = now.rounds().len();
        let result = now.rounds().last()?.clone();
        let words = round_words(number, &result, &all_names());
        let headline = words
            .split(". Points")
            .next()
            .unwrap_or_default()
            .to_string();
        // On a phone the move that ended the round was made on a face far below the panel.
        let actions = NodeRef::new();
        super::result_into_view(actions);
        // A round ended under the keyboard's focus on a hole (the player's last pick, or the
        // computer's after it) hands the focus on to Start round, where Enter goes on; the
        // holes can take no pick until then.
        effect(move |_| {
            if actions.get().is_some() {
                dom::focus_soon(|| {
                    let document = dom::window().document()?;
                    let active = dom::focused_element(&document)?;
                    active
                        .closest(".doquin-faces, .block-stage")
                        .ok()
                        .flatten()?;
                    document.get_element_by_id("next-round")
                });
            }
        });
        Some(view! {
            <section class="end-panel round-panel" aria-labelledby="round-title">
                <h2 id="round-title">{sentence(&headline)}</h2>
                {rounds_table(&now)}
                <p class="actions" node_ref=actions>
                    <button type="button" class="primary" id="next-round" on:click=next_round>
                        {format!("Start round {}", now.round())}
                    </button>
                </p>
            </section>
        })
    };
    let end_panel = move || {
        let now = position.get();
        now.outcome()?;
        Some(view! {
            <section class="end-panel" aria-labelledby="end-title">
                <h2 id="end-title">{sentence(&ending_words(&now, &all_names()))}</h2>
                {rounds_table(&now)}
                <EndActions game=GameKind::Doquin title="Doquin".to_string() progress=progress/>
            </section>
        })
    };
    let push_panel =
        move || {
            let now = position.get();
            let choosing = now.is_pushing() && human_to_choose(&now);
            choosing.then(|| view! {
            <div class="controls push-panel" role="group" aria-label="Pushes">
                <button type="button" class="primary" id="push-hinted" on:click=push_as_hinted
                    disabled=move || pushing_as_hinted.get()>
                    "Push as hinted"
                </button>
            </div>
        })
        };

    // A control that goes or is disabled under the focus (Start round, Push as hinted) hands it
    // on to the faces, rather than drop it to the page; Undo and Redo hand it to each other.
    dom::keep_focus(
        move || (game.with(|g| g.moves().len()), round_seen.get()),
        &[
            "#next-round",
            ".end-panel button",
            ".doquin-faces [tabindex=\"0\"]",
            ".block-stage [tabindex=\"0\"]",
        ],
    );
    // What is put in above the block when a hole is picked (a refusal, Push as hinted after a
    // capture) would move the holes from under the pointer: the page scrolls with them.
    let on_block_pick =
        Callback::new(move |hole| dom::keeping_in_place(".block-stage", || pick(hole)));
    // A hole refused on the faces is said beside them (see `refusal`): where they are under the
    // block, on a phone far below the top, a refusal said above the block would be out of view.
    let refused_on_faces = RwSignal::new(None::<String>);
    let on_face_pick = Callback::new(move |hole| {
        dom::keeping_in_place(".doquin-faces", || pick(hole));
        refused_on_faces.set(message.get_untracked());
    });
    let on_hover = Callback::new(move |hole: Option<Hole>| hovered.set(hole));
    // The three faces go under the block, or where the screen is wide, beside it under the
    // players, so that they are in view at a desk as well as the block. Moved, they are drawn
    // afresh: the keyboard is put back on the hole it was on (noted just before they move),
    // and a preview from the old faces goes.
    let focused_hole = StoredValue::new(None::<String>);
    let faces_aside = dom::follow_media(FACES_ASIDE, move || {
        let document = dom::window().document();
        let focused = document.as_ref().and_then(dom::focused_element);
        focused_hole.set_value(
            focused
                .filter(|e| e.closest(".doquin-faces").ok().flatten().is_some())
                .and_then(|e| e.get_attribute("data-hole")),
        );
    });
    effect(move |first| {
        faces_aside.track();
        if first {
            return;
        }
        hovered.set(None);
        if let Some(hole) = focused_hole.get_value() {
            dom::focus_soon(move || {
                let selector = format!(".doquin-faces [data-hole=\"{hole}\"]");
                dom::window()
                    .document()?
                    .query_selector(&selector)
                    .ok()
                    .flatten()
            });
        }
    });
    // What is refused, or otherwise gone wrong, above the block; or, for a hole picked on the
    // faces under the block, at their foot, held in view at the screen's foot while they are.
    let refusal = move |at_faces: bool| {
        move || {
            let said = message.get()?;
            let here = !faces_aside.get() && refused_on_faces.get().as_ref() == Some(&said);
            (here == at_faces).then(|| {
                view! { <p class="error" class:at-faces=at_faces role="alert">{unbroken_words(&said)}</p> }
            })
        }
    };
    let faces = move || view! { <FaceViews position=shown marks=marks on_pick=on_face_pick on_hover=on_hover/> };
    view! {
        <PlayScreen title="Doquin" versus=title_names class="doquin-screen" announce=announce>
            <div class="play-layout">
                <div class="board-column">
                    // At the end the end panel, just below, says the result: the status line
                    // would only say it a second time.
                    <p class="status" aria-hidden="true" class:hidden=move || over.get()>{move || unbroken_words(&status())}</p>
                    {refusal(false)}
                    {move || shown_hint.get().map(|h| view! { <HintText words=h.words/> })}
                    {round_end_panel}
                    {end_panel}
                    {push_panel}
                    // When the game is over the block shows how the last round left it (the
                    // game keeps that until the next move, and there is none).
                    <div class="doquin-views">
                        // The preview sits over the block's empty top margin, so that its
                        // length never moves the holes under the pointer.
                        <div class="block-stage">
                            <p class="preview-line" aria-live="polite">{move || preview_line().map(|w| unbroken_words(&w))}</p>
                            <BlockView position=shown marks=marks on_pick=on_block_pick on_hover=on_hover/>
                        </div>
                        {move || (!faces_aside.get()).then(faces)}
                        {refusal(true)}
                    </div>
                </div>
                <div class="side-column">
                    {players_table}
                    {move || faces_aside.get().then(faces)}
                    {move || (has_computer && !over.get()).then(|| view! {
                        <div class="controls computer" role="group" aria-label="Computer">
                            <PaceChoice label="Pace" pace=pace/>
                            <button type="button" on:click=move |_| paused.update(|p| *p = !*p)>
                                {move || if paused.get() { "Resume" } else { "Pause" }}
                            </button>
                        </div>
                    })}
                    <GameControls game=GameKind::Doquin new_game=EmbedSpec::new_doquin undo=undo redo=redo
                        can_undo=Signal::derive(can_undo)
                        can_redo=Signal::derive(move || game.with(|g| g.can_redo()))
                        progress=progress entry=entry announce=announce>
                        {hinting.button(move || !can_hint(), ask)}
                    </GameControls>
                    {move || (!over.get() && !position.get().rounds().is_empty() && !round_panel()).then(|| view! {
                        <section class="rounds" aria-label="Rounds so far">
                            <h2>"Rounds so far"</h2>
                            {rounds_table(&position.get())}
                        </section>
                    })}
                </div>
            </div>
        </PlayScreen>
    }
}
