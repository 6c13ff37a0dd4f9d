//! The Quoits screen: the spin for lead, the Double Teetotum, one or two pitches, what each
//! pitch did, the score of every end with a chart of the totals, and games that play themselves.

use leptos::prelude::*;
use rand_core::SeedableRng;
use rand_pcg::Pcg64Mcg;

use parlour::decimal::{fixed, short};
use parlour::games::GameKind;
use parlour::rules::quoits::{EndScore, Quoits, DOUBLETS_COUNT};
use parlour::rules::teetotum::Spin;
use parlour::rules::{Game, Seat, Turn};
use parlour::session::embed::EmbedSpec;
use parlour::session::quoits::{
    goal_words, men, pitch_labels, pitch_name, pitches_words, spin_words, tie_words,
};
use parlour::session::{last_spin, past_lead, win_words, Match};
use parlour::storage::SavedGame;

use super::super::boards::num;
use super::super::boards::quoits::QuoitsBoard;
use super::super::teetotum::{or_space_key, SeatColours, SpinRest, Teetotum};
use super::super::{dom, effect};
use super::{
    comes_due, keep_saved, remembered_pace, seat_heading, start_turn, BoardUnderLead, EndActions,
    GameControls, LeadPanel, PaceChoice, PlayScreen, Progress,
};

/// Where the focus goes when the control that had it is disabled or gone, in order.
const NEXT_FOCUS: &[&str] = &[".spin-button:not(:disabled)", ".end-panel button"];

/// Who won (or shares the win), and with how many points.
fn ending_words(game: &Quoits, names: &[String]) -> String {
    let Some(outcome) = game.outcome() else {
        return String::new();
    };
    let points = outcome.winners.first().map_or(0, |s| game.total(*s));
    let who: Vec<&str> = outcome
        .winners
        .iter()
        .map(|s| names[s.index()].as_str())
        .collect();
    format!("{}.", win_words(&who, points))
}

/// A small chart of every player's total after each end.
fn totals_chart(ends: &[&EndScore], colours: &[usize], names: &[String]) -> impl IntoView {
    let players = colours.len();
    let (w, h, pad) = (300.0, 140.0, 24.0);
    let top = ends
        .iter()
        .flat_map(|e| e.totals.iter().copied())
        .max()
        .unwrap_or(0)
        .max(10) as f64;
    let x = |i: usize| pad + (w - 2.0 * pad) * i as f64 / ends.len().max(1) as f64;
    let y = |v: u32| h - pad - (h - 2.0 * pad) * f64::from(v) / top;
    // Players with the same total at an end would draw one line over the other: there, their
    // points are set apart by a line's width, about the total they share.
    let total = |i: usize, p: usize| if i == 0 { 0 } else { ends[i - 1].totals[p] };
    let apart = |i: usize, p: usize| {
        let mine = total(i, p);
        let before = (0..p).filter(|&q| total(i, q) == mine).count();
        let all = (0..players).filter(|&q| total(i, q) == mine).count();
        3.0 * (before as f64 - (all - 1) as f64 / 2.0)
    };
    let lines = (0..players)
        .map(|p| {
            let points: Vec<String> = (0..=ends.len())
                .map(|i| {
                    let at = y(total(i, p)) + apart(i, p);
                    format!("{},{}", fixed(x(i), 1), fixed(at, 1))
                })
                .collect();
            let points = points.join(" ");
            view! { <polyline class=format!("chart-line seat-{}", colours[p]) points=points/> }
        })
        .collect_view();
    let summary: Vec<String> = (0..players)
        .map(|p| {
            let totals: Vec<String> = ends.iter().map(|e| e.totals[p].to_string()).collect();
            format!("{}: {}", names[p], totals.join(", "))
        })
        .collect();
    // Which line is whose (the picture's own name gives every total in words).
    let key = names
        .iter()
        .take(players)
        .enumerate()
        .map(|(p, name)| {
            view! {
                <li>
                    <svg viewBox="0 0 24 8"><line class=format!("chart-line seat-{}", colours[p]) x1="0" y1="4" x2="24" y2="4"/></svg>
                    {name.clone()}
                </li>
            }
        })
        .collect_view();
    view! {
        <svg class="chart" viewBox=format!("0 0 {} {}", short(w), short(h)) role="img"
            aria-label=format!("Totals after each end. {}", summary.join("; "))>
            <line class="axis" x1=num(pad) y1=num(h - pad) x2=num(w - pad) y2=num(h - pad)/>
            <line class="axis" x1=num(pad) y1=num(pad) x2=num(pad) y2=num(h - pad)/>
            <text class="axis-label" x=num(pad - 4.0) y=num(pad + 4.0) text-anchor="end">{top as u32}</text>
            <text class="axis-label" x=num(w - pad) y=num(h - 6.0) text-anchor="end">{format!("end {}", ends.len())}</text>
            {lines}
        </svg>
        <ul class="chart-key" aria-hidden="true">{key}</ul>
    }
}

#[component]
pub fn QuoitsScreen(saved: SavedGame, game: Match<Quoits>) -> impl IntoView {
    let names: Vec<String> = game.players().iter().map(|p| p.name.clone()).collect();
    let computers: Vec<bool> = game.players().iter().map(|p| p.is_computer()).collect();
    let colours = SeatColours::new(game.players());
    let has_human = computers.iter().any(|c| !c);
    let has_computer = computers.iter().any(|c| *c);
    let title_names = names.join(" v ");
    let pitches = game.position().pitch_count();
    let labels = pitch_labels(game.position(), &names);
    let names = StoredValue::new(names);
    let computers = StoredValue::new(computers);
    let game = RwSignal::new(game);
    let entry = StoredValue::new(saved);
    let announce = RwSignal::new(String::new());
    let pace = remembered_pace();
    let rest = SpinRest::new();
    // With nobody at the table the game plays itself from the start.
    let auto_play = RwSignal::new(!has_human);
    let paused = RwSignal::new(false);
    let busy = RwSignal::new(None::<usize>);
    let dice = StoredValue::new(Pcg64Mcg::seed_from_u64(dom::random_u64()));

    let position = Memo::new(move |_| game.with(|g| g.position().clone()));
    let over = Memo::new(move |_| position.with(|p| p.outcome().is_some()));
    let plies = move || game.with_untracked(|g| g.moves().len());
    let name_of = move |seat: Seat| names.with_value(|n| n[seat.index()].clone());
    let is_computer = move |seat: Seat| computers.with_value(|c| c[seat.index()]);
    let progress = Memo::new(move |_| game.with(Progress::of));
    keep_saved(entry, progress);

    // A spin: the one undone, if there is one (redo never draws a new spin), else a fresh one.
    let spin = move || {
        let before = position.get_untracked();
        if before.turn() != Turn::Chance {
            return;
        }
        rest.spun(pace.get_untracked());
        let mut played = None;
        game.update(|g| {
            played = g.play_chance_due(|| {
                dice.try_update_value(|d| Spin::sample(d))
                    .unwrap_or_else(|| {
                        Spin::sample(&mut Pcg64Mcg::seed_from_u64(dom::random_u64()))
                    })
            })
        });
        let Some(spin) = played else { return };
        let after = position.get_untracked();
        let mut words = names.with_value(|n| spin_words(&before, &after, spin, n));
        if after.outcome().is_some() {
            words.push(' ');
            words.push_str(&names.with_value(|n| ending_words(&after, n)));
        }
        announce.set(words);
    };

    // Automatic spins: for computer seats always, for everybody when the game plays itself.
    // When a spin comes due it is dropped if the game moved on, was paused or is no longer
    // automatic, and `busy` is freed, which runs this again for the game as it now stands.
    let automatic =
        move |g: &Quoits| g.turn() == Turn::Chance && (auto_play.get() || is_computer(g.player()));
    effect(move |_| {
        let now = position.get();
        if paused.get() || busy.get().is_some() || !automatic(&now) {
            return;
        }
        let at = plies();
        let ticket = start_turn(busy);
        set_timeout(
            move || {
                if !comes_due(busy, ticket) {
                    return;
                }
                let still = untrack(|| automatic(&position.get()));
                if plies() == at && !paused.get_untracked() && still {
                    spin();
                }
            },
            rest.wait(pace.get_untracked()),
        );
    });

    // With a person at the table, undo goes back to their last spin, and redo brings the
    // computer's spins after it back as they were.
    let automatic = move |p: &Quoits| {
        has_human
            && !auto_play.get_untracked()
            && p.turn() == Turn::Chance
            && is_computer(p.player())
    };
    let undo = move |()| {
        busy.set(None);
        game.update(|g| {
            g.undo_to_person(automatic);
        });
        // A game that plays itself waits after an undo; with a person at the table their next
        // spin carries the game on, the computer's after it.
        if !has_human || auto_play.get_untracked() {
            paused.set(true);
            announce.set("Spin taken back; the game is paused.".into());
        } else {
            announce.set("Spin taken back.".into());
        }
    };
    // A person's own spin carries on a paused game.
    let spin_by_hand = move || {
        if rest.hurried() {
            return;
        }
        paused.set(false);
        spin();
    };
    let redo = move |()| {
        busy.set(None);
        game.update(|g| {
            g.redo_to_person(automatic);
        });
        announce.set("Spin played again.".into());
    };

    let keys = window_event_listener(leptos::ev::keydown, move |ev| {
        use wasm_bindgen::JsCast;
        let on_control = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .is_some_and(|e| {
                matches!(
                    e.tag_name().as_str(),
                    "BUTTON" | "INPUT" | "SELECT" | "TEXTAREA" | "A"
                )
            });
        let now = position.get_untracked();
        // When the game plays itself the spins are the app's to make, as the disabled button
        // shows.
        if ev.key() == " "
            && !on_control
            && !dom::in_dialog(&ev)
            && now.turn() == Turn::Chance
            && !is_computer(now.player())
            && !auto_play.get_untracked()
        {
            ev.prevent_default();
            if !ev.repeat() {
                spin_by_hand();
            }
        }
    });
    on_cleanup(move || keys.remove());

    let space_words = or_space_key();
    let status = move || {
        let now = position.get();
        if now.outcome().is_some() {
            return names.with_value(|n| ending_words(&now, n));
        }
        let seat = now.player();
        let who = name_of(seat);
        if now.lead().leader().is_none() {
            let again = if now.lead().rounds().len() > 1 {
                " again (a tie)"
            } else {
                ""
            };
            return if paused.get() {
                format!("Spin for lead: {who} to spin{again} (paused).")
            } else if is_computer(seat) || auto_play.get() {
                format!("Spin for lead: {who} to spin{again}…")
            } else {
                format!("Spin for lead: {who} to spin{again}. Press Spin{space_words}.")
            };
        }
        let tie = now
            .tied_past_target()
            .map(|top| format!("{} ", tie_words(top)))
            .unwrap_or_default();
        let place = format!(
            "{tie}End {}, round {}: {who} pitches at {}",
            now.end_number(),
            now.round(),
            pitch_name(now.pitch_of(seat))
        );
        if paused.get() {
            format!("{place} (paused).")
        } else if is_computer(seat) || auto_play.get() {
            format!("{place}…")
        } else {
            format!("{place}. Press Spin{space_words}.")
        }
    };
    // What the last pitch did, and the end it scored if it ended one: told by the board, where
    // a phone's player looks, not only in the table of totals further down.
    let last_line = move || {
        game.with(|g| {
            let n = g.moves().len();
            let before = g.position_after(n.checked_sub(1)?);
            let spin = g.moves().last()?.parse::<Spin>().ok()?;
            before.lead().leader()?;
            Some(names.with_value(|names| spin_words(before, g.position(), spin, names)))
        })
    };
    // When Spin is disabled under the focus, or the arrow's button goes, the focus goes on to
    // what the person does next.
    dom::keep_focus(move || game.with(|g| g.moves().len()), NEXT_FOCUS);
    let human_spin = move || {
        let now = position.get();
        now.turn() == Turn::Chance && !is_computer(now.player()) && !auto_play.get()
    };

    let scores = move || {
        let now = position.get();
        let players = now.players();
        let ends = now.ends();
        let last = ends.last().cloned();
        view! {
            <div class="table-scroll" tabindex="0"><table class="scores">
                // What the game is played to, as a new game's form set it.
                <caption>{format!("Totals: {}", goal_words(&now.options()))}</caption>
                <thead><tr>
                    <th scope="col">"Player"</th>
                    {(1..=ends.len()).map(|e| view! { <th scope="col">{format!("End {e}")}</th> }).collect_view()}
                    <th scope="col">"Total"</th>
                    <th scope="col">"To pitch"</th>
                </tr></thead>
                <tbody>
                    {(0..players).map(|s| {
                        let seat = Seat(s as u8);
                        view! {
                            <tr class:to-move=now.outcome().is_none() && now.player() == seat>
                                {seat_heading(colours.of(s), name_of(seat), view! {
                                    <span class="colour">{format!(" ({}, {})", colours.name(s), pitch_name(now.pitch_of(seat)))}</span>
                                })}
                                {ends.iter().map(|e| view! { <td>{e.points[s]}</td> }).collect_view()}
                                <td class="total">{now.total(seat)}</td>
                                <td>{now.in_hand(seat)}</td>
                            </tr>
                        }
                    }).collect_view()}
                </tbody>
            </table></div>
            {last.map(|end| view! {
                <section class="end-score" aria-labelledby="end-score-title">
                    <h2 id="end-score-title">{format!("End {} scored", ends.len())}</h2>
                    <table class="scores small">
                        <thead><tr><th scope="col">"Man"</th><th scope="col">"Pitch"</th><th scope="col">"Space"</th><th scope="col">"Points"</th><th scope="col">"Bonus"</th></tr></thead>
                        <tbody>
                            {end.men.iter().map(|m| view! {
                                <tr>
                                    <th scope="row">{name_of(m.seat)}</th>
                                    <td>{pitch_name(m.pitch)}</td>
                                    <td>{m.space.to_string()}</td>
                                    <td>{m.points}</td>
                                    <td>{if m.bonus > 0 { format!("+{}", m.bonus) } else { String::new() }}</td>
                                </tr>
                            }).collect_view()}
                        </tbody>
                    </table>
                    {(end.men.is_empty()).then(|| view! { <p>"No man was left on a pitch."</p> })}
                    {names.with_value(|n| totals_chart(&ends, &colours.all(), n))}
                </section>
            })}
        }
    };

    let end_panel = move || {
        let now = position.get();
        now.outcome()?;
        Some(view! {
            <section class="end-panel" aria-labelledby="end-title">
                <h2 id="end-title">{names.with_value(|n| ending_words(&now, n))}</h2>
                <p>{format!("After {} end{}.", now.ends_scored(), if now.ends_scored() == 1 { "" } else { "s" })}</p>
                <EndActions game=GameKind::Quoits title="Quoits".to_string() progress=progress/>
            </section>
        })
    };

    let lead = Signal::derive(move || position.with(|p| p.lead().clone()));
    let played = Signal::derive(move || game.with(|g| past_lead(g, Quoits::lead)));
    view! {
        <PlayScreen title="Quoits" versus=title_names class="quoits-screen" announce=announce>
            <div class="play-layout">
                <div class="board-column">
                    <p class="status" aria-hidden="true">{status}</p>
                    <div class="spin-row">
                        <Teetotum
                            spun=Signal::derive(move || game.with(|g| last_spin(g, Quoits::player)))
                            names=names
                            doublets=Signal::derive(move || DOUBLETS_COUNT && played.get())
                    rest=rest/>
                        <button type="button" class="primary spin-button" on:click=move |_| spin_by_hand()
                            disabled=move || !human_spin() aria-keyshortcuts="Space">"Spin"</button>
                    </div>
                    <BoardUnderLead lead=lead names=names played=played>
                        <QuoitsBoard pitches=pitches labels=labels colours=colours.all()
                            men=Signal::derive(move || game.with(men))
                            last=Signal::derive(move || game.with(|g| g.moves().len().checked_sub(1)))/>
                    </BoardUnderLead>
                    // Under the board, so that a long line (a collision, long names) moves
                    // nothing above it.
                    <p class="pitch-line">{last_line}</p>
                    {end_panel}
                </div>
                <div class="side-column">
                    // Once the game is over nothing more is spun: the spinning controls go.
                    {move || (!over.get()).then(|| view! {
                        <div class="controls computer" role="group" aria-label="Spinning">
                            <label class="choice"><input type="checkbox" prop:checked=move || auto_play.get()
                                on:change=move |ev| auto_play.set(event_target_checked(&ev))/>"Play the whole game automatically"</label>
                            <PaceChoice label="Pace" pace=pace/>
                            // Only spins that come by themselves wait on a pause.
                            <button type="button" on:click=move |_| paused.update(|p| *p = !*p)
                                disabled=move || !paused.get() && !auto_play.get() && !has_computer>
                                {move || if paused.get() { "Resume" } else { "Pause" }}
                            </button>
                        </div>
                    })}
                    <GameControls game=GameKind::Quoits new_game=EmbedSpec::new_quoits undo=undo redo=redo
                        can_undo=Signal::derive(move || {
                            // `automatic` reads the box untracked; a change of it changes what Undo reaches.
                            auto_play.track();
                            game.with(|g| g.can_undo_to_person(automatic))
                        })
                        can_redo=Signal::derive(move || game.with(|g| g.can_redo()))
                        progress=progress entry=entry announce=announce/>
                    {scores}
                    <LeadPanel lead=lead names=names shown=played/>
                </div>
            </div>
            <p class="visually-hidden">{move || position.with(|g| names.with_value(|n| pitches_words(g, n)))}</p>
        </PlayScreen>
    }
}
