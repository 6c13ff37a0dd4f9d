//! The Archery screen: the spin for lead, the Double Teetotum, the line and target, the arrows
//! that may use the spin with where each would land, the score board, and computer archers.

use std::time::Duration;

use leptos::prelude::*;
use rand_core::SeedableRng;
use rand_pcg::Pcg64Mcg;

use parlour::decimal::fixed;
use parlour::games::GameKind;
use parlour::rules::archery::{Archery, Arrow, Shot, ARROWS, DOUBLETS_COUNT};
use parlour::rules::teetotum::Spin;
use parlour::rules::{Game, Seat, Turn};
use parlour::session::archery::{
    arrow_place, arrows_words, landing_words, last_shot, short_landing, shot_words,
};
use parlour::session::embed::EmbedSpec;
use parlour::session::{last_spin, lead_spin_words, past_lead, points_words, win_words, Match};
use parlour::storage::SavedGame;
use parlour::worker::{Answer, Expectation, Request, Task};

use super::super::boards::archery::ArcheryBoard;
use super::super::boards::pieces::outline;
use super::super::computer;
use super::super::teetotum::{or_space_key, SeatColours, SpinRest, Teetotum};
use super::super::{dom, effect};
use super::{
    comes_due, computer_move, heard, holds, keep_saved, seat_heading, seat_levels, sentence,
    sentences, start_turn, BoardUnderLead, EndActions, GameControls, LeadPanel, PaceChoice,
    PlayScreen, Progress, Turns,
};

/// Where the focus goes when the control that had it is disabled or gone, in order.
const NEXT_FOCUS: &[&str] = &[
    ".choices .choice-button",
    ".spin-button:not(:disabled)",
    ".end-panel button",
];

/// Who acts now in a game of Archery: whose spin or whose choice.
fn actor(game: &Archery) -> Option<Seat> {
    (game.turn() != Turn::Over).then(|| game.player())
}

/// An arrow's place, short, for the score board.
fn short_place(arrow: Arrow) -> String {
    match arrow {
        Arrow::Quiver => "–".into(),
        Arrow::Flying(space) => format!("on {space}"),
        Arrow::Target(_) => format!("{} pt", arrow.score()),
        Arrow::Missed => "miss".into(),
    }
}

#[component]
pub fn ArcheryScreen(saved: SavedGame, game: Match<Archery>) -> impl IntoView {
    let names: Vec<String> = game.players().iter().map(|p| p.name.clone()).collect();
    let levels = seat_levels(game.players());
    let colours = SeatColours::new(game.players());
    let has_human = levels.iter().any(Option::is_none);
    let has_computer = levels.iter().any(Option::is_some);
    let title_names = names.join(" v ");
    let names = StoredValue::new(names);
    let levels = StoredValue::new(levels);
    let game = RwSignal::new(game);
    let entry = StoredValue::new(saved);
    let message = RwSignal::new(None::<String>);
    let announce = RwSignal::new(String::new());
    heard(message, announce);
    let rest = SpinRest::new();
    let auto_spin = RwSignal::new(false);
    // `busy` holds the ticket of the turn the computer (or the automatic spinner) was set
    // going on (`start_turn`); a turn whose ticket is gone is stale.
    let turns = Turns::new(message);
    let Turns {
        pace, paused, busy, ..
    } = turns;
    let hint = RwSignal::new(None::<(usize, Vec<Expectation>)>);
    let dice = StoredValue::new(Pcg64Mcg::seed_from_u64(dom::random_u64()));
    on_cleanup(computer::cancel);

    let position = Memo::new(move |_| game.with(|g| g.position().clone()));
    let over = Memo::new(move |_| position.with(|p| p.outcome().is_some()));
    let plies = move || game.with_untracked(|g| g.moves().len());
    let name_of = move |seat: Seat| names.with_value(|n| n[seat.index()].clone());
    let level_of = move |seat: Seat| levels.with_value(|l| l[seat.index()]);
    let progress = Memo::new(move |_| game.with(Progress::of));
    keep_saved(entry, progress);

    let say = move |words: String| {
        message.set(None);
        announce.set(words);
    };
    // A spin: the one that was undone, if there is one (redo never draws a new spin), else a
    // fresh one from the seeded generator.
    let spin = move || {
        let before = position.get_untracked();
        if before.turn() != Turn::Chance {
            return;
        }
        rest.spun(pace.get_untracked());
        let who = name_of(before.player());
        let mut played = None;
        game.update(|g| {
            played = g.play_chance_due(|| {
                dice.try_update_value(|d| Spin::sample(d))
                    .unwrap_or_else(|| {
                        Spin::sample(&mut Pcg64Mcg::seed_from_u64(dom::random_u64()))
                    })
            })
        });
        // (A doublet counts for nothing in Archery, `DOUBLETS_COUNT`, so it is not called out.)
        if let Some(spin) = played {
            if before.lead().leader().is_none() {
                say(lead_spin_words(
                    &who,
                    spin,
                    position.get_untracked().lead(),
                    name_of,
                ));
            } else {
                say(format!("{who} spins {spin}: {}.", spin.sum()));
            }
        }
    };
    // A person's spin: a press while the tops still spin only rests them.
    let spin_by_hand = move || {
        if !rest.hurried() {
            spin();
        }
    };
    let choose = move |shot: Shot, by_computer: bool| {
        if !by_computer && rest.hurried() {
            return;
        }
        let before = position.get_untracked();
        let Turn::Seat(seat) = before.turn() else {
            message.set(Some("Spin first.".into()));
            return;
        };
        if level_of(seat).is_some() && !by_computer {
            message.set(Some(format!(
                "It is {}'s turn: the computer chooses.",
                name_of(seat)
            )));
            return;
        }
        let mut result = Ok(());
        game.update(|g| result = g.play(shot));
        match result {
            Ok(()) => {
                let mut words = shot_words(&before, shot, &name_of(seat));
                if let Some(outcome) = position.get_untracked().outcome() {
                    words.push_str(&format!(
                        ". {}",
                        ending_words(&position.get_untracked(), &outcome.winners, names)
                    ));
                }
                say(sentence(&words));
            }
            Err(e) => message.set(Some(sentence(&e.to_string()))),
        }
    };

    // The automatic turns: computer seats spin and choose, and with "spin for everybody" people's
    // spins are made for them. Each waits for the pace; when it comes due it is dropped if the
    // game moved on, was paused or is no longer automatic, and `busy` is freed, which runs this
    // again for the game as it now stands.
    let still_due = move |ticket: usize, at: usize, computer: bool| {
        comes_due(busy, ticket)
            && plies() == at
            && !paused.get_untracked()
            && (computer || auto_spin.get_untracked())
    };
    effect(move |_| {
        let now = position.get();
        let stopped = paused.get();
        let automatic = auto_spin.get();
        let Some(seat) = actor(&now) else { return };
        if stopped || busy.get().is_some() {
            return;
        }
        let computer_seat = level_of(seat);
        let at = plies();
        match now.turn() {
            Turn::Chance if computer_seat.is_some() || automatic => {
                let ticket = start_turn(busy);
                set_timeout(
                    move || {
                        if still_due(ticket, at, computer_seat.is_some()) {
                            spin();
                        }
                    },
                    rest.wait(pace.get_untracked()),
                );
            }
            Turn::Seat(_) => {
                let Some(level) = computer_seat else { return };
                let ticket = start_turn(busy);
                let ask = move || {
                    computer_move::<Shot>(
                        game.with_untracked(|g| g.record()),
                        level,
                        turns,
                        move || still_due(ticket, at, true),
                        move |m| choose(m, true),
                    );
                };
                // The computer chooses once its spin has come to rest, and the pace after.
                let left = rest.left_ms();
                if left > 0.0 {
                    set_timeout(
                        move || {
                            if holds(busy, ticket) {
                                ask();
                            }
                        },
                        Duration::from_millis(left as u64),
                    );
                } else {
                    ask();
                }
            }
            _ => {}
        }
    });

    let stop_automation = move || {
        computer::cancel();
        busy.set(None);
        hint.set(None);
    };
    // With a person at the table, undo goes back to the last thing a person did.
    let automatic_now = move |g: &Archery| {
        actor(g).is_some_and(|seat| {
            level_of(seat).is_some() || (g.turn() == Turn::Chance && auto_spin.get_untracked())
        })
    };
    let automatic = move |g: &Archery| has_human && automatic_now(g);
    let undo = move |()| {
        stop_automation();
        game.update(|g| {
            g.undo_to_person(automatic);
        });
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
        say("Played again.".into());
    };
    let ask_hint = move |_| {
        let at = plies();
        let request = Request {
            id: 0,
            task: Task::Hint,
            record: game.with_untracked(|g| g.record()),
            level: None,
            seed: dom::random_u64(),
            think_ms: None,
        };
        let asked = computer::ask(request, move |answer: Answer| {
            if plies() != at {
                return;
            }
            let words: Vec<String> = answer
                .expected
                .iter()
                .map(|e| {
                    format!(
                        "moving arrow {}, {}",
                        e.r#move.trim_start_matches('a'),
                        fixed(e.points, 1)
                    )
                })
                .collect();
            announce.set(format!("Expected final score: {}.", words.join("; ")));
            hint.set(Some((at, answer.expected)));
        });
        if let Err(why) = asked {
            message.set(Some(format!("No hint: {why}.")));
        }
    };

    // Space spins, unless a control has the keyboard (Space is its own there), and 1, 2, 3
    // choose, unless the keyboard is in a box that takes digits: on a button they still choose,
    // as the choice buttons' shortcuts say.
    let keys = window_event_listener(leptos::ev::keydown, move |ev| {
        use wasm_bindgen::JsCast;
        let tag = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .map(|e| e.tag_name());
        let typing = matches!(tag.as_deref(), Some("INPUT" | "SELECT" | "TEXTAREA"));
        let on_control = typing || matches!(tag.as_deref(), Some("BUTTON" | "A"));
        if typing || dom::in_dialog(&ev) || ev.ctrl_key() || ev.meta_key() || ev.alt_key() {
            return;
        }
        let now = position.get_untracked();
        let human = actor(&now).is_some_and(|s| level_of(s).is_none());
        match ev.key().as_str() {
            // With "spin for everybody" the spins are the app's to make, as the disabled
            // button shows.
            " " if !on_control
                && human
                && now.turn() == Turn::Chance
                && !auto_spin.get_untracked() =>
            {
                ev.prevent_default();
                if !ev.repeat() {
                    spin_by_hand();
                }
            }
            n @ ("1" | "2" | "3") if human => {
                if let Ok(k) = n.parse::<u8>() {
                    choose(Shot(k), false);
                }
            }
            _ => {}
        }
    });
    on_cleanup(move || keys.remove());

    let space_words = or_space_key();
    let status = move || {
        let now = position.get();
        let Some(seat) = actor(&now) else {
            let winners = now.outcome().map(|o| o.winners).unwrap_or_default();
            return ending_words(&now, &winners, names);
        };
        let who = name_of(seat);
        let computer_seat = level_of(seat).is_some();
        if now.lead().leader().is_none() {
            let again = if now.lead().rounds().len() > 1 {
                " again (a tie)"
            } else {
                ""
            };
            let lead = format!("Spin for lead: {who} to spin{again}");
            return if paused.get() {
                format!("{lead} (paused).")
            } else if computer_seat || auto_spin.get() {
                format!("{lead}…")
            } else {
                format!("{lead}. Press Spin{space_words}.")
            };
        }
        let paused_words = if paused.get() { " (paused)" } else { "" };
        match (now.turn(), now.spin()) {
            (Turn::Seat(_), Some(s)) if computer_seat => {
                format!(
                    "{who} spun {s} = {}: choosing an arrow…{paused_words}",
                    s.sum()
                )
            }
            (Turn::Seat(_), Some(s)) => {
                format!("{who} spun {s} = {}: choose an arrow to move.", s.sum())
            }
            _ if computer_seat => format!("{who} is about to spin…{paused_words}"),
            _ if auto_spin.get() => format!("{who} is about to spin…{paused_words}"),
            _ => format!("{who} to spin: press Spin{space_words}."),
        }
    };

    // The hint's expectations for the position shown, once asked for.
    let expected_now = Memo::new(move |_| {
        let at = game.with(|g| g.moves().len());
        hint.get()
            .filter(|(p, _)| *p == at)
            .map(|(_, e)| e)
            .unwrap_or_default()
    });
    let choices = move || {
        let now = position.get();
        let Turn::Seat(seat) = now.turn() else {
            return None;
        };
        if level_of(seat).is_some() {
            return None;
        }
        let arrows = now.arrows(seat);
        let expected = expected_now.get();
        let best = best_expected(&expected);
        Some(view! {
            <div class="choices" role="group" aria-label="Choose an arrow">
                {now.landings().iter().enumerate().filter_map(|(i, landing)| {
                    let to = (*landing)?;
                    let shot = Shot(i as u8 + 1);
                    let e = expected.iter().find(|e| e.r#move == shot.to_string()).map(|e| e.points);
                    let is_best = e.is_some_and(|p| best - p < 1e-9);
                    Some(view! {
                        <button type="button" class="choice-button" class:best=is_best
                            aria-keyshortcuts=(i + 1).to_string()
                            title=landing_words(arrows[i], to)
                            on:click=move |_| choose(shot, false)>
                            <svg viewBox="-14 -14 28 28" aria-hidden="true" class="choice-piece">{outline(colours.of(seat.index()), 10.0)}</svg>
                            <span><strong>"Arrow " {i + 1}</strong> " " <span class="where">{short_landing(to)}</span></span>
                            {e.map(|p| view! { <span class="expect"><span class="expect-words">"expected score "</span>{fixed(p, 2).to_string()}</span> })}
                        </button>
                    })
                }).collect_view()}
            </div>
        })
    };

    let score_board = move || {
        let now = position.get();
        let seats: Vec<Seat> = (0..now.players() as u8).map(Seat).collect();
        view! {
            <div class="table-scroll" tabindex="0"><table class="scores">
                <caption>"Score board"</caption>
                <thead><tr><th scope="col">"Player"</th><th scope="col" aria-label="Arrow 1">"Arrow 1"</th><th scope="col" aria-label="Arrow 2">"2"</th><th scope="col" aria-label="Arrow 3">"3"</th><th scope="col">"Points"</th></tr></thead>
                <tbody>
                    {seats.into_iter().map(|seat| {
                        let arrows = now.arrows(seat);
                        view! {
                            <tr class:to-move=actor(&now) == Some(seat)>
                                {seat_heading(colours.of(seat.index()), name_of(seat), view! {
                                    <span class="colour">{format!(" ({})", colours.name(seat.index()))}</span>
                                })}
                                {arrows.iter().map(|a| view! { <td title=arrow_place(*a)>{short_place(*a)}</td> }).collect_view()}
                                <td class="total">{now.score(seat)}</td>
                            </tr>
                        }
                    }).collect_view()}
                </tbody>
            </table></div>
        }
    };

    let end_panel = move || {
        let now = position.get();
        let outcome = now.outcome()?;
        Some(view! {
            <section class="end-panel" aria-labelledby="end-title">
                <h2 id="end-title">{ending_words(&now, &outcome.winners, names)}</h2>
                <p>"Every arrow has reached the target or missed."</p>
                <EndActions game=GameKind::Archery title="Archery".to_string() progress=progress/>
            </section>
        })
    };

    // When Spin is disabled under the focus, or the arrow's button goes, the focus goes on to
    // what the person does next.
    dom::keep_focus(move || game.with(|g| g.moves().len()), NEXT_FOCUS);
    let human_spin = move || {
        let now = position.get();
        now.turn() == Turn::Chance
            && actor(&now).is_some_and(|s| level_of(s).is_none())
            && !auto_spin.get()
    };
    let last_shot = Signal::derive(move || game.with(last_shot));
    let state_words = move || {
        let now = position.get();
        sentences(
            &(0..now.players() as u8)
                .map(|s| arrows_words(&now, Seat(s), colours.name(Seat(s).index())))
                .collect::<Vec<_>>(),
        )
    };

    let lead = Signal::derive(move || position.with(|p| p.lead().clone()));
    let played = Signal::derive(move || game.with(|g| past_lead(g, Archery::lead)));
    view! {
        <PlayScreen title="Archery" versus=title_names class="archery-screen" announce=announce>
            <p class="status" aria-hidden="true">{status}</p>
            <div class="spin-row">
                <Teetotum
                    spun=Signal::derive(move || game.with(|g| last_spin(g, Archery::player)))
                    names=names
                    doublets=Signal::derive(move || DOUBLETS_COUNT && played.get())
                    rest=rest/>
                <button type="button" class="primary spin-button" on:click=move |_| spin_by_hand()
                    disabled=move || !human_spin() aria-keyshortcuts="Space">"Spin"</button>
                // A person's arrows to choose from. Their place is kept from the spin for lead
                // on, while others spin or choose, so that the board never moves; on a phone
                // they stand where the Spin button does, which cannot be pressed while they are
                // there.
                {has_human.then(|| view! { <div class="choice-slot">{choices}</div> })}
            </div>
            <BoardUnderLead lead=lead names=names played=played>
                <ArcheryBoard
                    arrows=Signal::derive(move || position.with(|p| (0..p.players() as u8).map(|s| p.arrows(Seat(s))).collect::<Vec<[Arrow; ARROWS]>>()))
                    chooser=Signal::derive(move || position.with(|p| match p.turn() { Turn::Seat(s) if level_of(s).is_none() => Some(s), _ => None }))
                    landings=Signal::derive(move || position.with(|p| p.landings()))
                    last=last_shot
                    colours=colours.all()
                    on_choose=Callback::new(move |shot| choose(shot, false))
                />
            </BoardUnderLead>
            // Arrows that stand together and would land together are alike: the hint says so
            // (as well as marking every one), under the board so that the board stays put.
            {move || expected_now.with(|e| all_alike(e)).then(|| view! {
                <p class="hint-text">"Hint: any arrow will do; each expects the same final score."</p>
            })}
            <p class="message" class:empty=move || message.get().is_none()>{move || message.get().unwrap_or_default()}</p>
            {end_panel}
            <div class="play-layout lower">
                <div>
                    {score_board}
                    <LeadPanel lead=lead names=names shown=played/>
                </div>
                <div class="side-column">
                    // Once the game is over nothing more is spun: the spinning controls go.
                    {move || (!over.get()).then(|| view! {
                        <div class="controls computer" role="group" aria-label="Spinning">
                            <label class="choice"><input type="checkbox" prop:checked=move || auto_spin.get()
                                on:change=move |ev| auto_spin.set(event_target_checked(&ev))/>{if names.with_value(Vec::len) == 1 { "Spin automatically" } else { "Spin automatically for everybody" }}</label>
                            <PaceChoice label=if has_computer { "Computer's pace" } else { "Pace" } pace=pace/>
                            {(!has_human).then(|| view! {
                                <button type="button" class="primary" on:click=move |_| paused.update(|p| *p = !*p)>
                                    {move || if paused.get() { "Resume" } else { "Pause" }}
                                </button>
                            })}
                        </div>
                    })}
                    <GameControls game=GameKind::Archery new_game=EmbedSpec::new_archery undo=undo redo=redo
                        can_undo=Signal::derive(move || {
                            // `automatic` reads the box untracked; a change of it changes what Undo reaches.
                            auto_spin.track();
                            game.with(|g| g.can_undo_to_person(automatic))
                        })
                        can_redo=Signal::derive(move || game.with(|g| g.can_redo()))
                        progress=progress entry=entry announce=announce>
                        {has_human.then(|| view! {
                            <button type="button" on:click=ask_hint
                                disabled=move || !matches!(position.get().turn(), Turn::Seat(s) if level_of(s).is_none())>"Hint"</button>
                        })}
                    </GameControls>
                </div>
            </div>
            <p class="visually-hidden" aria-label="Where the arrows are">{state_words}</p>
        </PlayScreen>
    }
}

/// The most any arrow offered expects.
fn best_expected(expected: &[Expectation]) -> f64 {
    expected.iter().map(|e| e.points).fold(f64::MIN, f64::max)
}

/// Whether every arrow offered (two or more) expects the most.
fn all_alike(expected: &[Expectation]) -> bool {
    let best = best_expected(expected);
    expected.len() > 1 && expected.iter().all(|e| best - e.points < 1e-9)
}

/// Who won (or shares the win), and with how many points; a player shooting alone finishes.
fn ending_words(game: &Archery, winners: &[Seat], names: StoredValue<Vec<String>>) -> String {
    let points = winners.first().map_or(0, |s| game.score(*s));
    let who: Vec<String> =
        names.with_value(|n| winners.iter().map(|s| n[s.index()].clone()).collect());
    match who.len() {
        0 => "The game is over.".to_string(),
        1 if game.seats() == 1 => format!("{} finishes with {}.", who[0], points_words(points)),
        _ => format!("{}.", win_words(&who, points)),
    }
}
