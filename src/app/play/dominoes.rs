//! The Dominoes screen: the table with its open ends, the hand of the person playing (lifted
//! bones can be laid by click, key or drag), the other hands face down, the stock, the hand's
//! history in words, the end of each hand counted out, and computer players. When several people
//! share the screen, a "pass to" panel hides every hand between their turns.

use std::time::Duration;

use leptos::prelude::*;
use rand_core::SeedableRng;
use rand_pcg::Pcg64Mcg;

use parlour::decimal::short;
use parlour::games::GameKind;
use parlour::rules::dominoes::{Bone, DominoGame, Dominoes, Illegal, Move, NEVER_DRAWN};
use parlour::rules::{Game, Seat, Turn};
use parlour::session::dominoes::{
    bone_label, bones, click_bone, counting_lines, draw_until_able, ends_words, forced_words,
    goal_words, hand_points, hint_words, in_play_words, last_bone, must_draw, news, opening_words,
    play_words, playable, plays_on, points, side_name, stock_words, table_words, target_arms,
    told_events, unplayable_words, viewer, way_round_plays, with_names, BoneClick, Viewer,
};
use parlour::session::embed::EmbedSpec;
use parlour::session::Match;
use parlour::storage::SavedGame;

use super::super::boards::dominoes::{bone_back, small_bones, standing_bone, DominoesBoard};
use super::super::computer;
use super::super::{dom, effect};
use super::{
    comes_due, computer_move, heard, keep_saved, seat_levels, sentence, sentences, start_turn,
    EndActions, GameControls, HintText, Hinting, PaceChoice, PlayScreen, Progress, Turns,
};

/// Who won (or shares the win), and with how many points.
fn ending_words(game: &Dominoes, names: &[String]) -> String {
    let Some(outcome) = game.outcome() else {
        return String::new();
    };
    let scores = game.scores();
    let sides = game.sides();
    // Each winning side once, in the order of its first seat.
    let mut winning: Vec<usize> = Vec::new();
    for side in outcome.winners.iter().map(|s| sides.of(*s)) {
        if !winning.contains(&side) {
            winning.push(side);
        }
    }
    let won = points(
        game.game(),
        outcome.winners.first().map_or(0, |s| scores[s.index()]),
    );
    let who = with_names(&sides.names(&winning), names);
    match winning.as_slice() {
        [_] => format!(
            "{who} win{} with {won}.",
            if sides.partners { "" } else { "s" }
        ),
        _ => format!("{who} share the win with {won} each."),
    }
}

/// Where the keyboard's focus goes after the person acts, the first of these there is: a bone they
/// can play, else what they may do instead (draw, go on, the next hand), the next person's Show
/// button when people pass the screen, or their hand.
const IN_HAND: &[&str] = &[
    ".hand-bone.playable",
    "#claim",
    "#draw",
    "#go",
    "#next-hand",
    "#show-hand",
    ".hand-bone",
];

/// Where the focus goes when the control that had it is taken away by the play (a bone laid,
/// a hand or the game over): the next hand or a new game when play has stopped, else the hand.
const AFTER_PLAY: &[&str] = &[
    "#next-hand",
    ".end-panel button.primary",
    ".hand-bone.playable",
    "#claim",
    "#draw",
    "#go",
    "#show-hand",
    ".hand-bone",
];

/// Words about bones with each bone's name kept on one line ("6-4" never breaks at its hyphen).
fn unbroken_bones(words: String) -> impl IntoView {
    // A bone is what the notation reads as one.
    let is_bone = |w: &str| {
        w.trim_end_matches([' ', ',', '.', ';', ':'])
            .parse::<Bone>()
            .is_ok()
    };
    words
        .split_inclusive(' ')
        .map(|w| {
            if is_bone(w) {
                view! { <span class="bone-name">{w.to_string()}</span> }.into_any()
            } else {
                w.to_string().into_any()
            }
        })
        .collect_view()
}

#[component]
pub fn DominoesScreen(saved: SavedGame, game: Match<Dominoes>) -> impl IntoView {
    let names: Vec<String> = game.players().iter().map(|p| p.name.clone()).collect();
    let levels = seat_levels(game.players());
    let humans: Vec<bool> = levels.iter().map(Option::is_none).collect();
    let has_human = humans.iter().any(|h| *h);
    let has_computer = levels.iter().any(Option::is_some);
    let title_names = names.join(" v ");
    let variant = game.position().game();
    let names = StoredValue::new(names);
    let levels = StoredValue::new(levels);
    let humans = StoredValue::new(humans);
    let game = RwSignal::new(game);
    let entry = StoredValue::new(saved);
    let message = RwSignal::new(None::<String>);
    let announce = RwSignal::new(String::new());
    heard(message, announce);
    let turns = Turns::new(message);
    let Turns {
        pace, paused, busy, ..
    } = turns;
    let selected = RwSignal::new(None::<Bone>);
    let hinting = Hinting::<Move>::new();
    // The person who last said they have the screen (when several share it).
    let ready = RwSignal::new(None::<Seat>);
    let dice = StoredValue::new(Pcg64Mcg::seed_from_u64(dom::random_u64()));
    on_cleanup(computer::cancel);

    let position = Memo::new(move |_| game.with(|g| g.position().clone()));
    let over = Memo::new(move |_| position.with(|p| p.outcome().is_some()));
    let plies = move || game.with_untracked(|g| g.moves().len());
    let name_of = move |seat: Seat| names.with_value(|n| n[seat.index()].clone());
    let level_of = move |seat: Seat| levels.with_value(|l| l[seat.index()]);
    let all_names = move || names.get_value();
    let progress = Memo::new(move |_| game.with(Progress::of));
    keep_saved(entry, progress);

    // With muggins, a person whose play counted is asked to claim it or let it go before the
    // next player moves (the rules let them claim until then). `let_go` is the number of moves
    // made when they let it go.
    let let_go = RwSignal::new(None::<usize>);
    let claim_window = move |g: &Dominoes, let_go_at: Option<usize>| {
        g.unclaimed()
            .filter(|(maker, _)| level_of(*maker).is_none() && let_go_at != Some(plies()))
    };
    // The seat whose decision the game waits for: a person's claim, else the seat to move.
    let acting = move |g: &Dominoes, let_go_at: Option<usize>| match claim_window(g, let_go_at) {
        Some((maker, _)) => Some(maker),
        None => match g.turn() {
            Turn::Seat(s) => Some(s),
            _ => None,
        },
    };
    let shown = Memo::new(move |_| {
        let now = position.get();
        let seat = acting(&now, let_go.get());
        humans.with_value(|h| viewer(h, seat, ready.get()))
    });
    // The moves of the person whose hand is shown, when the game waits for them: their claim,
    // or their turn's moves.
    let my_moves = Memo::new(move |_| {
        let now = position.get();
        match shown.get() {
            Viewer::Hand(me) if acting(&now, let_go.get()) == Some(me) => now.moves_of(me),
            _ => Vec::new(),
        }
    });
    // Whether it is their turn, not only their claim: what a hint is for.
    let on_turn = move || my_moves.with(|m| !m.is_empty() && m != &[Move::Claim]);

    let say = move |words: String| {
        message.set(None);
        announce.set(words);
    };
    // A deal: the one that was undone, if there is one (redo never deals anew), else a fresh
    // one from the seeded generator.
    let deal = move || {
        let before = position.get_untracked();
        if before.turn() != Turn::Chance {
            return;
        }
        let fresh = dice.try_update_value(|d| before.sample_chance(d)).flatten();
        let Some(fresh) = fresh else { return };
        game.update(|g| {
            g.play_chance_due(|| fresh);
        });
        selected.set(None);
        let after = position.get_untracked();
        say(sentences(&news(&before, &after, &all_names())));
    };
    // What a person whose turn comes and who has only to draw or go is told.
    let forced_for_person = move |now: &Dominoes| match now.turn() {
        Turn::Seat(next) if level_of(next).is_none() => {
            let unclaimed = now.unclaimed().map(|(s, p)| (name_of(s), p));
            forced_words(
                &now.moves_of(next),
                &name_of(next),
                unclaimed.as_ref().map(|(s, p)| (s.as_str(), *p)),
            )
        }
        _ => None,
    };
    // A move, or several (`draw_until_able`), made for the player to move; `by_computer` when a
    // computer seat makes it.
    let make = move |moves: &dyn Fn(&mut Match<Dominoes>) -> Result<(), Illegal>,
                     by_computer: bool| {
        let before = position.get_untracked();
        let Some(seat) = acting(&before, let_go.get_untracked()) else {
            return;
        };
        if level_of(seat).is_some() && !by_computer {
            message.set(Some(format!(
                "It is {}'s turn: the computer plays.",
                name_of(seat)
            )));
            return;
        }
        let mut result = Ok(());
        game.update(|g| result = moves(g));
        match result {
            Ok(()) => {
                selected.set(None);
                if !by_computer {
                    // The bone laid is gone from the hand: keep the keyboard in the hand.
                    dom::focus_first(IN_HAND);
                }
                let after = position.get_untracked();
                let mut words = news(&before, &after, &all_names());
                if after.outcome().is_some() {
                    words.push(ending_words(&after, &all_names()));
                }
                // A person whose turn comes and who has only to draw or go hears so, as the
                // status line shows it (a count waiting to be claimed comes first there).
                if claim_window(&after, None).is_none() {
                    words.extend(forced_for_person(&after));
                }
                say(sentences(&words));
            }
            Err(e) => message.set(Some(sentence(&e.to_string()))),
        }
    };
    let act = move |m: Move, by_computer: bool| make(&|g| g.play(m), by_computer);
    // A person lets their count go: the next player is to move, and may take it.
    let let_it_go = move || {
        let now = position.get_untracked();
        let Some((maker, points)) = claim_window(&now, let_go.get_untracked()) else {
            return;
        };
        let_go.set(Some(plies()));
        dom::focus_first(IN_HAND);
        let mut words = vec![format!(
            "{} goes on without claiming {points}",
            name_of(maker)
        )];
        words.extend(forced_for_person(&now));
        say(sentences(&words));
    };

    // The automatic turns: the first deal, computer seats, and the next deal when nobody at the
    // table is a person. Each waits for the pace; when it comes due it is dropped if the game
    // moved on or was paused, and `busy` is freed, which runs this again.
    let still_due = move |ticket: usize, at: usize| {
        comes_due(busy, ticket) && plies() == at && !paused.get_untracked()
    };
    effect(move |_| {
        let now = position.get();
        if paused.get() || busy.get().is_some() {
            return;
        }
        let at = plies();
        match now.turn() {
            Turn::Chance if now.hand_number() == 0 || !has_human => {
                let ticket = start_turn(busy);
                let wait = if now.hand_number() == 0 {
                    50.0
                } else {
                    pace.get_untracked().least_ms().max(600.0)
                };
                set_timeout(
                    move || {
                        if still_due(ticket, at) {
                            deal();
                        }
                    },
                    Duration::from_millis(wait as u64),
                );
            }
            Turn::Seat(seat) => {
                let Some(level) = level_of(seat) else { return };
                // A person's count waits for them to claim it or let it go.
                if claim_window(&now, let_go.get()).is_some() {
                    return;
                }
                let ticket = start_turn(busy);
                // A draw that is the only move is no choice: the computer is not asked, and the
                // bones come at a third of the pace, so that a long draw is not a long wait.
                if now.moves_of(seat) == [Move::Draw] {
                    let wait = pace.get_untracked().least_ms() / 3.0;
                    set_timeout(
                        move || {
                            if still_due(ticket, at) {
                                act(Move::Draw, true);
                            }
                        },
                        Duration::from_millis(wait as u64),
                    );
                    return;
                }
                // A count the computer's play makes is claimed with it, unless it forgets.
                let claims = parlour::ai::dominoes::claims(level, dom::random_u64());
                let play_and_claim = move |m: Move| {
                    make(
                        &|g| {
                            g.play(m)?;
                            if claims && g.position().claim_due(seat).is_some() {
                                g.play(Move::Claim)?;
                            }
                            Ok(())
                        },
                        true,
                    )
                };
                computer_move::<Move>(
                    game.with_untracked(|g| g.record()),
                    level,
                    turns,
                    move || still_due(ticket, at),
                    play_and_claim,
                );
            }
            _ => {}
        }
    });

    let stop_automation = move || {
        computer::cancel();
        busy.set(None);
        hinting.forget();
    };
    // A hint is for the person whose hand is shown, on their turn, until the game moves on.
    let shown_hint = Memo::new(move |_| {
        let at = game.with(|g| g.moves().len());
        let mine = on_turn();
        hinting.for_position(at).filter(|_| mine)
    });
    let ask = move || {
        game.with_untracked(|g| {
            hinting.ask(g, plies, message, announce, |now, best| {
                Some(hint_words(now, *best))
            })
        })
    };
    // With a person at the table, undo goes back to the last thing a person did.
    // A count a computer's play made is claimed (or forgotten) with that play.
    let computers_count = move |g: &Dominoes| {
        g.unclaimed()
            .is_some_and(|(maker, _)| level_of(maker).is_some())
    };
    let automatic_now = move |g: &Dominoes| match g.turn() {
        Turn::Seat(_) if computers_count(g) => true,
        Turn::Seat(s) => level_of(s).is_some(),
        Turn::Chance => g.hand_number() == 0,
        Turn::Over => false,
    };
    let automatic = move |g: &Dominoes| has_human && automatic_now(g);
    let can_undo = move || game.with(|g| g.can_undo_to_person(automatic));
    // Bones drawn one after another by a person go back, and come back, together: one press of
    // "Draw until a bone fits" draws them, and the hand's history tells them as one.
    let drawn = |m: Option<&String>| m.is_some_and(|m| m.parse::<Move>() == Ok(Move::Draw));
    let undo = move |()| {
        stop_automation();
        game.update(|g| {
            g.undo_to_person(automatic);
            if drawn(g.undone().first()) {
                while drawn(g.moves().last()) && g.undo() {}
            }
        });
        selected.set(None);
        // Whoever pressed it may not be the person whose hand would show.
        ready.set(None);
        if !has_human {
            paused.set(true);
        }
        say("Taken back.".into());
    };
    let redo = move |()| {
        stop_automation();
        game.update(|g| {
            g.redo_to_person(automatic);
            if drawn(g.moves().last()) {
                while drawn(g.undone().first()) && g.redo() {}
            }
        });
        selected.set(None);
        ready.set(None);
        say("Played again.".into());
    };

    // A bone of the hand was touched: lay it when it goes one way only, else choose it.
    let touch_bone = move |bone: Bone| {
        let legal = my_moves.get_untracked();
        if selected.get_untracked() == Some(bone) {
            // Put back: what was said of laying it goes with it.
            selected.set(None);
            message.set(None);
            return;
        }
        match click_bone(&legal, bone) {
            BoneClick::Play(m) => act(m, false),
            BoneClick::Select(b) => {
                selected.set(Some(b));
                // A bone that fits puts away what was said of one that did not.
                message.set(None);
                let now = position.get_untracked();
                let ends: Vec<String> = target_arms(&legal, b)
                    .into_iter()
                    .map(|arm| now.line().end_name(arm).name().to_string())
                    .collect();
                dom::focus_first(&[".end-slot.target"]);
                announce.set(format!(
                    "{b} chosen: it goes on the {} end.",
                    ends.join(" or ")
                ));
            }
            BoneClick::Nothing => message.set(Some(unplayable_words(&legal, bone))),
        }
    };
    let touch_end = move |arm: usize| {
        let Some(bone) = selected.get_untracked() else {
            message.set(Some("Choose a bone from your hand first.".into()));
            return;
        };
        let plays = plays_on(&my_moves.get_untracked(), bone, arm);
        match plays.as_slice() {
            [] => message.set(Some(format!("{bone} does not go on that end."))),
            [m] => act(*m, false),
            // A matador that may go either way round: the buttons under the table choose.
            _ => {
                let end = position.with_untracked(|p| p.line().end_name(arm).name().to_string());
                message.set(Some(format!(
                    "{bone} goes on the {end} end either way round: choose which way with a Lay button."
                )))
            }
        }
    };
    let targets = Signal::derive(move || {
        selected
            .get()
            .map(|b| target_arms(&my_moves.get(), b))
            .unwrap_or_default()
    });

    dom::keep_focus(move || game.with(|g| g.moves().len()), AFTER_PLAY);

    // Escape lets go of a chosen bone.
    let keys = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.key() == "Escape" && !dom::in_dialog(&ev) && selected.get_untracked().is_some() {
            selected.set(None);
            message.set(None);
            dom::focus_first(&[".hand-bone.playable"]);
            announce.set("No bone chosen.".into());
        }
    });
    on_cleanup(move || keys.remove());

    let status = move || {
        let now = position.get();
        let paused_words = if paused.get() { " (paused)" } else { "" };
        match now.turn() {
            Turn::Over => ending_words(&now, &all_names()),
            Turn::Chance if now.hand_number() == 0 => "Dealing…".into(),
            Turn::Chance if has_human => {
                "The hand is over: see how it was counted, then deal the next hand.".into()
            }
            Turn::Chance => format!("The next hand is about to be dealt…{paused_words}"),
            Turn::Seat(seat) => {
                if let Some((maker, points)) = claim_window(&now, let_go.get()) {
                    let who = name_of(maker);
                    return match shown.get() {
                        Viewer::Pass(_) => format!("Pass the screen to {who}."),
                        _ => {
                            format!("{who}'s play counts {points}: claim it, or go on without it.")
                        }
                    };
                }
                let who = name_of(seat);
                if level_of(seat).is_some() {
                    return format!("{who} is thinking…{paused_words}");
                }
                match shown.get() {
                    Viewer::Pass(_) => format!("Pass the screen to {who}."),
                    _ if now.line().is_empty() => match now.forced_set() {
                        Some(bone) => format!("{who} to set {bone}: choose it in the hand."),
                        None => format!("{who} to set any bone."),
                    },
                    _ => {
                        let legal = now.moves_of(seat);
                        let chosen = selected.get().filter(|b| playable(&legal, *b));
                        if let Some(bone) = chosen {
                            if !way_round_plays(&legal, bone).is_empty() {
                                format!("{who} to lay {bone}: choose where and which way round with a Lay button.")
                            } else {
                                format!("{who} to lay {bone}: choose an end.")
                            }
                        } else if legal.iter().any(|m| m.bone().is_some()) {
                            format!("{who} to play: choose a lifted bone, then an end.")
                        } else {
                            let unclaimed = now.unclaimed().map(|(s, p)| (name_of(s), p));
                            let unclaimed = unclaimed.as_ref().map(|(s, p)| (s.as_str(), *p));
                            let forced = forced_words(&legal, &who, unclaimed);
                            forced.map(|words| words + ".").unwrap_or_default()
                        }
                    }
                }
            }
        }
    };

    // The seats round the table: name, score, bones held (face down), whose turn.
    let seats_panel = move || {
        let now = position.get();
        let scores = now.scores();
        let sides = now.sides();
        let viewer_seat = match shown.get() {
            Viewer::Hand(s) => Some(s),
            _ => None,
        };
        let ended = now.last_hand().is_some_and(|h| h.end.is_some());
        let which = game.with(|g| g.position().game());
        view! {
            <ul class="domino-seats" aria-label="Players">
                {(0..now.players() as u8).map(Seat).map(|seat| {
                    let count = now.hand(seat).len();
                    let backs = (!ended && viewer_seat != Some(seat)).then(|| {
                        let shown = count.min(12);
                        let w = 14.0 * shown as f64 + 4.0;
                        view! {
                            <svg class="backs" viewBox=format!("0 0 {} 30", short(w)) preserveAspectRatio="xMinYMid meet" aria-hidden="true">
                                {(0..shown).map(|i| bone_back(9.0 + 14.0 * i as f64, 15.0, 12.0)).collect_view()}
                            </svg>
                        }
                    });
                    let partner = (sides.partners).then(|| format!(" (side {})", sides.of(seat) + 1));
                    view! {
                        <li class:to-move=now.turn() == Turn::Seat(seat)>
                            <span class="who">{name_of(seat)}{partner}</span>
                            <span class="held">{bones(count)}</span>
                            {backs}
                            <span class="points">{points(which, scores[seat.index()])}</span>
                        </li>
                    }
                }).collect_view()}
            </ul>
        }
    };

    let table_facts = move || {
        let now = position.get();
        let never_drawn = now
            .game()
            .draws()
            .then(|| format!(" (the last {NEVER_DRAWN} are never drawn)"));
        let stock = stock_words(&now).map(|words| {
            view! { <span class="stock">{words}{never_drawn}</span> }
        });
        let pool = (now.game() == DominoGame::Pool)
            .then(|| view! { <span>{format!("Pool: {} counters", now.pool())}</span> });
        let ends = ends_words(&now).map(|w| view! { <span class="ends-count">{w}</span> });
        let hand = (now.hand_number() > 0)
            .then(|| view! { <span>{format!("Hand {}", now.hand_number())}</span> });
        let goal = goal_words(&now).map(|words| view! { <span>{words}</span> });
        view! { <p class="table-facts">{goal}{hand}{stock}{pool}{ends}</p> }
    };

    // The hand at the bottom: the person's own bones, or a pass panel between people.
    let hand_panel = move || {
        let now = position.get();
        match shown.get() {
            Viewer::Pass(seat) => {
                let who = name_of(seat);
                let button = format!("I am {who}: show my hand");
                view! {
                    <section class="pass-panel" aria-labelledby="pass-title">
                        <h2 id="pass-title">{format!("Pass to {who}")}</h2>
                        <p>"Every hand is hidden. Hand the screen to " {who.clone()} " and let them show their bones."</p>
                        <button type="button" class="primary" id="show-hand" on:click=move |_| {
                            ready.set(Some(seat));
                            announce.set(format!("{}'s hand is shown.", name_of(seat)));
                            // The button is gone with the pass panel: the focus goes to the hand.
                            dom::focus_first(IN_HAND);
                        }>{button}</button>
                    </section>
                }.into_any()
            }
            Viewer::Nobody if now.turn() == Turn::Chance || now.turn() == Turn::Over => {
                ().into_any()
            }
            Viewer::Nobody => {
                view! { <p class="hand-note">"Every hand is face down."</p> }.into_any()
            }
            Viewer::Hand(me) => {
                if now.turn() == Turn::Chance || now.turn() == Turn::Over {
                    return ().into_any();
                }
                let legal = my_moves.get();
                // Arranged by suit, highest first, as a player sorts a hand; what was dealt or
                // drawn last is not lost, since what fits stands out.
                let mut mine: Vec<Bone> = now.hand(me).to_vec();
                parlour::sort::sort_by_key(&mut mine, |b| std::cmp::Reverse((b.high, b.low)));
                let chosen = selected.get();
                let hinted = shown_hint.get().and_then(|h| h.best.bone());
                view! {
                    <section class="hand" aria-label=format!("{}'s hand", name_of(me))>
                        <h2 class="hand-title">{format!("{}'s hand", name_of(me))}</h2>
                        <div class="hand-bones" role="group" aria-label="Your bones">
                            {mine.into_iter().map(|bone| {
                                let can = playable(&legal, bone);
                                view! {
                                    <button type="button" class="hand-bone" class:playable=can class:chosen=chosen == Some(bone) class:hinted=hinted == Some(bone)
                                        aria-label=if hinted == Some(bone) { format!("{}, the hint", bone_label(bone, can)) } else { bone_label(bone, can) }
                                        aria-pressed=if chosen == Some(bone) { "true" } else { "false" }
                                        data-bone=bone.to_string()
                                        draggable=if can { "true" } else { "false" }
                                        on:click=move |_| touch_bone(bone)
                                        on:dragstart=move |ev: leptos::ev::DragEvent| {
                                            if let Some(dt) = ev.data_transfer() {
                                                let _ = dt.set_data("text/plain", &bone.to_string());
                                            }
                                            selected.set(Some(bone));
                                        }>
                                        {standing_bone(bone, 22.0)}
                                    </button>
                                }
                            }).collect_view()}
                        </div>
                    </section>
                }.into_any()
            }
        }
    };

    // The actions that are not bones: draw, go, claim, muggins, and a matador's way round.
    let actions = move || {
        let legal = my_moves.get();
        let now = position.get();
        let mut buttons = Vec::new();
        if let Some(bone) = selected.get() {
            for m in way_round_plays(&legal, bone) {
                buttons.push(view! {
                    <button type="button" on:click=move |_| act(m, false)>{format!("Lay {}", play_words(&now, m))}</button>
                }.into_any());
            }
        }
        if legal.contains(&Move::Claim) {
            let points = now.unclaimed().map_or(0, |(_, p)| p);
            buttons.push(view! {
                <button type="button" class="primary" id="claim" on:click=move |_| act(Move::Claim, false)>{format!("Claim {points}")}</button>
                <button type="button" id="let-go" on:click=move |_| let_it_go()>"Go on without claiming"</button>
            }.into_any());
        }
        if legal.contains(&Move::Muggins) {
            let (from, points) = now.unclaimed().unwrap_or((Seat(0), 0));
            let words = format!("Muggins! Take {}'s {points}", name_of(from));
            buttons.push(view! {
                <button type="button" class="primary" id="muggins" on:click=move |_| act(Move::Muggins, false)>{words}</button>
            }.into_any());
        }
        if legal.contains(&Move::Draw) {
            buttons.push(view! {
                <button type="button" class="primary" id="draw" on:click=move |_| act(Move::Draw, false)>"Draw a bone"</button>
            }.into_any());
        }
        // Drawing one bone at a time is many presses on a big set: one press draws them all.
        if must_draw(&legal) {
            buttons.push(view! {
                <button type="button" id="draw-until" on:click=move |_| make(&|g| { draw_until_able(g); Ok(()) }, false)>
                    "Draw until a bone fits"
                </button>
            }.into_any());
        }
        if legal.contains(&Move::Go) {
            buttons.push(view! {
                <button type="button" id="go" on:click=move |_| act(Move::Go, false)>"Go (cannot play)"</button>
            }.into_any());
        }
        (!buttons.is_empty()).then(|| view! {
            <div class="controls domino-actions" role="group" aria-label="Actions">{buttons}</div>
        })
    };

    let history = move || {
        let now = position.get();
        let names = all_names();
        let hand = now.last_hand().cloned();
        hand.map(|hand| view! {
            <section class="domino-log" aria-labelledby="log-title">
                <h2 id="log-title">{format!("Hand {}, latest first", hand.number)}</h2>
                <ol reversed tabindex="0" aria-labelledby="log-title">
                    {hand.end.as_ref().map(|end| view! { <li><strong>{sentence(&with_names(&end.why, &names))}</strong></li> })}
                    {told_events(&hand.events, &names).into_iter().rev().map(|words| view! { <li>{unbroken_bones(words)}</li> }).collect_view()}
                    <li>{unbroken_bones(opening_words(&hand, &names))}</li>
                </ol>
            </section>
        })
    };

    // The end of a hand: every hand laid open, how the score was reached, the totals.
    let hand_end_panel = move || {
        let now = position.get();
        let hand = now.last_hand()?.clone();
        let end = hand.end.clone()?;
        let names = all_names();
        let sides = now.sides();
        let this_hand = hand_points(&hand, sides);
        let scores = now.side_scores().to_vec();
        let next = (now.turn() == Turn::Chance && has_human).then(|| {
            view! {
                <p class="actions">
                    <button type="button" class="primary" id="next-hand" on:click=move |_| {
                        deal();
                        // The button is gone with the deal: the focus goes to the new hand.
                        dom::focus_first(IN_HAND);
                    }>"Next hand"</button>
                </p>
            }
        });
        let why = NodeRef::<leptos::html::P>::new();
        super::result_into_view(why);
        Some(view! {
            <section class="end-panel hand-end" aria-labelledby="hand-end-title">
                <h2 id="hand-end-title">{format!("Hand {} is over", hand.number)}</h2>
                <p class="why" node_ref=why>{sentence(&with_names(&end.why, &names))}</p>
                <div class="table-scroll" tabindex="0"><table class="scores revealed">
                    <caption>"Bones left"</caption>
                    <thead><tr><th scope="col">"Player"</th><th scope="col">"Bones"</th><th scope="col">"Pips"</th></tr></thead>
                    <tbody>
                        {(0..now.players()).map(|i| {
                            let left = end.left[i].clone();
                            view! {
                                <tr>
                                    <th scope="row">{names[i].clone()}</th>
                                    <td><div class="left-bones">{small_bones(left)}</div></td>
                                    <td>{end.pips[i]}</td>
                                </tr>
                            }
                        }).collect_view()}
                    </tbody>
                </table></div>
                <ul class="counting">
                    {counting_lines(now.game(), &end, sides, &names).into_iter()
                        .chain(in_play_words(&hand, now.game(), sides, &names))
                        .map(|l| view! { <li>{sentence(&l)}</li> }).collect_view()}
                </ul>
                <div class="table-scroll" tabindex="0"><table class="scores">
                    <caption>"Score"</caption>
                    <thead><tr><th scope="col">{if sides.partners { "Side" } else { "Player" }}</th><th scope="col">"This hand"</th><th scope="col">"Total"</th></tr></thead>
                    <tbody>
                        {(0..sides.count()).map(|side| view! {
                            <tr>
                                <th scope="row">{side_name(sides, side, &names)}</th>
                                <td>{points(now.game(), this_hand[side])}</td>
                                <td class="total">{scores[side]}</td>
                            </tr>
                        }).collect_view()}
                    </tbody>
                </table></div>
                {next}
            </section>
        })
    };

    // The end of the game: the winner and every hand's points.
    let game_end_panel = move || {
        let now = position.get();
        now.outcome()?;
        let names = all_names();
        let sides = now.sides();
        let rows: Vec<(usize, Vec<u32>)> = now
            .hands_log()
            .iter()
            .map(|h| (h.number, hand_points(h, sides)))
            .collect();
        let totals = now.side_scores().to_vec();
        Some(view! {
            <section class="end-panel" aria-labelledby="end-title">
                <h2 id="end-title">{ending_words(&now, &names)}</h2>
                <p>{now.outcome().map(|o| sentence(&with_names(&o.reason, &names)))}</p>
                <div class="table-scroll from-start" tabindex="0"><table class="scores hands-table">
                    <caption>"Hands"</caption>
                    <thead><tr><th scope="col">"Hand"</th>
                        {(0..sides.count()).map(|s| view! { <th scope="col">{side_name(sides, s, &names)}</th> }).collect_view()}
                    </tr></thead>
                    <tbody>
                        {rows.into_iter().map(|(n, points)| view! {
                            <tr><th scope="row">{n}</th>{points.into_iter().map(|p| view! { <td>{p}</td> }).collect_view()}</tr>
                        }).collect_view()}
                        <tr class="total-row"><th scope="row">"Total"</th>{totals.into_iter().map(|p| view! { <td class="total">{p}</td> }).collect_view()}</tr>
                    </tbody>
                </table></div>
                <EndActions game=GameKind::Dominoes title=variant.title().to_string() progress=progress/>
            </section>
        })
    };

    let last_bone = Signal::derive(move || position.with(last_bone));

    // Drawn on the table, a name is cut short to what the table's width holds ("Wolfeschlegel…").
    let short_name = move |s: Seat| {
        let name = name_of(s);
        match name.char_indices().nth(16) {
            Some((cut, _)) => format!("{}…", &name[..cut]),
            None => name,
        }
    };
    let empty_words = Signal::derive(move || {
        position.with(|p| match (p.turn(), p.forced_set()) {
            (Turn::Seat(s), Some(bone)) => format!("{} to set {bone}", short_name(s)),
            (Turn::Seat(s), None) => format!("{} to set the first bone", short_name(s)),
            _ => "The table is empty".to_string(),
        })
    });

    view! {
        <PlayScreen title=variant.title() versus=title_names class="dominoes-screen" announce=announce>
            <p class="status" aria-hidden="true">{status}</p>
            {seats_panel}
            {table_facts}
            <div class="table-wrap">
                <DominoesBoard
                    line=Signal::derive(move || position.with(|p| p.line().clone()))
                    ends=Signal::derive(move || position.with(|p| p.playable_ends()))
                    targets=targets
                    last=last_bone
                    empty=empty_words
                    on_end=Callback::new(touch_end)
                />
            </div>
            {actions}
            {hand_panel}
            {move || shown_hint.get().map(|h| view! { <HintText words=h.words/> })}
            <p class="message" class:empty=move || message.get().is_none()>{move || message.get().unwrap_or_default()}</p>
            {hand_end_panel}
            {game_end_panel}
            <div class="play-layout lower">
                <div>{history}</div>
                <div class="side-column">
                    // The pace is the computer's: with only people at the table nothing waits
                    // for it (each deals, draws and plays for themselves), so it is not offered.
                    {has_computer.then(|| view! {
                        <div class="controls computer" role="group" aria-label="Pace">
                            <PaceChoice label="Computer's pace" pace=pace/>
                            // Once the game is over nothing waits on a pause.
                            {move || (!has_human && !over.get()).then(|| view! {
                                <button type="button" class="primary" on:click=move |_| paused.update(|p| *p = !*p)>
                                    {move || if paused.get() { "Resume" } else { "Pause" }}
                                </button>
                            })}
                            {has_human.then(|| view! {
                                <button type="button" class:hidden=move || !paused.get() on:click=move |_| {
                                    message.set(None);
                                    paused.set(false);
                                }>"Resume"</button>
                            })}
                        </div>
                    })}
                    <GameControls game=GameKind::Dominoes new_game=EmbedSpec::new_dominoes undo=undo redo=redo
                        can_undo=Signal::derive(can_undo)
                        can_redo=Signal::derive(move || game.with(|g| g.can_redo()))
                        progress=progress entry=entry announce=announce
                        secret=Signal::derive(move || matches!(position.with(|p| p.turn()), Turn::Seat(_)))>
                        {has_human.then(|| hinting.button(move || !on_turn(), ask))}
                    </GameControls>
                </div>
            </div>
            <p class="visually-hidden" aria-label="The table in words">{move || position.with(table_words)}</p>
        </PlayScreen>
    }
}
