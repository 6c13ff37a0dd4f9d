//! The replay viewer: a record in the address (`#/replay/<record>`, or `#/embed/replay/<record>`
//! alone in a frame) shown on its game's board, read-only, step by step: First, Back, Forward
//! and Last, the arrow keys with Home and End, and a move list whose entries jump there.

use leptos::prelude::*;
use leptos::wasm_split::wasm_split;

use parlour::games::GameKind;
use parlour::record::Record;
use parlour::rules::archery::{Archery, Arrow, ARROWS};
use parlour::rules::dominoes::Dominoes;
use parlour::rules::doquin::Doquin;
use parlour::rules::morris::Position;
use parlour::rules::quoits::Quoits;
use parlour::rules::Seat;
use parlour::session::morris::MorrisPlay;
use parlour::session::replay::{self, Chapter, Replay, Replayable};

use super::boards::archery::ArcheryBoard;
use super::boards::dominoes::{small_bones, DominoesBoard};
use super::boards::doquin::{BlockView, FaceViews, Marks};
use super::boards::morris::MorrisBoard;
use super::boards::quoits::QuoitsBoard;
use super::embed::EmbedButton;
use super::image::PictureButton;
use super::parts::{part, PartMissing};
use super::play::sentence;
use super::route::Route;
use super::{dom, effect};

/// The replay address of a record: the app's address with the record in the fragment.
pub fn replay_link(record: &Record) -> String {
    format!(
        "{}{}",
        dom::page_url(),
        Route::Replay(dom::encode_component(&record.to_json())).hash()
    )
}

/// The theme an embedded replay's address asks for (after `#/embed/`), if it is one.
pub fn embed_theme(query: &str) -> Option<Option<&'static str>> {
    let rest = query.strip_prefix("replay/")?;
    Some(
        replay::address_parts(rest, true)
            .1
            .ok()
            .and_then(|s| s.theme)
            .map(|t| t.name()),
    )
}

/// A replay of the record in `address` (URI-encoded JSON, then the settings: `?step=12`, and in
/// a frame `theme`), or what is wrong with it.
#[component]
pub fn ReplayScreen(address: String, #[prop(optional)] embedded: bool) -> impl IntoView {
    if embedded {
        dom::tell_frame_height();
    }
    let (encoded, settings) = replay::address_parts(&address, embedded);
    let settings = match settings {
        Ok(settings) => settings,
        Err(why) => return refusal(why, embedded),
    };
    let text = dom::decode_component(encoded);
    let (record, kind) = match replay::read(text.as_deref()) {
        Ok(read) => read,
        Err(why) => return refusal(why, embedded),
    };
    let opening = Opening {
        address: encoded.to_string(),
        embedded,
        step: settings.step,
    };
    // The game's replay (its rules, its board) is in that game's part; the rest of the screen
    // is here, once for every game.
    part(async move {
        let opened = match kind {
            GameKind::Morris => morris_replay(record, opening).await?,
            GameKind::Archery => archery_replay(record, opening).await?,
            GameKind::Quoits => quoits_replay(record, opening).await?,
            GameKind::Dominoes => dominoes_replay(record, opening).await?,
            GameKind::Doquin => doquin_replay(record, opening).await?,
        };
        Ok(match opened {
            Ok(viewer) => screen(viewer),
            Err(why) => refusal(why, embedded),
        })
    })
    .into_any()
}

/// How a replay is opened: the record's part of its address, whether alone in a frame, and the
/// step asked for.
struct Opening {
    address: String,
    embedded: bool,
    step: Option<String>,
}

/// A record that cannot be shown, and why.
fn refusal(why: String, embedded: bool) -> AnyView {
    super::refusal("This replay cannot be shown", sentence(&why), embedded)
}

#[wasm_split(morris, wasm_split_path = ::leptos::wasm_split, fallible)]
fn morris_replay(record: Record, opening: Opening) -> Result<Result<Viewer, String>, PartMissing> {
    Ok(viewer::<Position>(record, opening, morris_board))
}

#[wasm_split(archery, wasm_split_path = ::leptos::wasm_split, fallible)]
fn archery_replay(record: Record, opening: Opening) -> Result<Result<Viewer, String>, PartMissing> {
    Ok(viewer::<Archery>(record, opening, archery_board))
}

#[wasm_split(quoits, wasm_split_path = ::leptos::wasm_split, fallible)]
fn quoits_replay(record: Record, opening: Opening) -> Result<Result<Viewer, String>, PartMissing> {
    Ok(viewer::<Quoits>(record, opening, quoits_board))
}

#[wasm_split(dominoes, wasm_split_path = ::leptos::wasm_split, fallible)]
fn dominoes_replay(
    record: Record,
    opening: Opening,
) -> Result<Result<Viewer, String>, PartMissing> {
    Ok(viewer::<Dominoes>(record, opening, dominoes_board))
}

#[wasm_split(doquin, wasm_split_path = ::leptos::wasm_split, fallible)]
fn doquin_replay(record: Record, opening: Opening) -> Result<Result<Viewer, String>, PartMissing> {
    Ok(viewer::<Doquin>(record, opening, doquin_board))
}

/// The replay of one game, opened from its record (its moves played here, in the game's own
/// part), with its board drawn by `board` from the replay at the step shown; or why the record
/// does not replay.
fn viewer<G: Replayable + Send + Sync>(
    record: Record,
    opening: Opening,
    board: fn(RwSignal<Replay<G>>) -> AnyView,
) -> Result<Viewer, String> {
    let Opening {
        address,
        embedded,
        step,
    } = opening;
    let mut opened = Replay::<G>::open(&record).map_err(replay::why_not_replayed)?;
    let len = opened.len();
    // A step that is not one of the game's is told, over the replay shown at its start or end.
    let (at, notice) = replay::opening_step(step.as_deref(), len);
    opened.go(at);
    let chapters = opened.chapters();
    // "Morris (Morelles)", "Dominoes (All Fives)", "Quoits", as the play screens name them.
    let mut game = record
        .kind()
        .map(|k| k.title())
        .unwrap_or_default()
        .to_string();
    if let Some(variant) = G::variant_title(opened.position()) {
        game.push_str(&format!(" ({variant})"));
    }
    let title = format!("{game}: {}", opened.names().join(" v "));
    let replay = RwSignal::new(opened);
    let step = Memo::new(move |_| replay.with(|r| r.step()));
    // What the step shown did: written under its number and said aloud, found once a step.
    let last_words = Memo::new(move |_| replay.with(|r| r.last_words()));
    let notice = RwSignal::new(notice.map(|n| sentence(&n)));
    let go = Callback::new(move |n: usize| {
        notice.set(None);
        replay.update(|r| {
            r.go(n);
        })
    });
    Ok(Viewer {
        record,
        address,
        embedded,
        title,
        name: G::NAME,
        len,
        chapters,
        step,
        go,
        notice: notice.into(),
        over: Signal::derive(move || replay.with(|r| r.position().outcome().is_some())),
        words: Signal::derive(move || replay.with(|r| r.position_words())),
        announcement: Signal::derive(move || {
            last_words.with(|words| replay.with(|r| r.announcement(words.as_deref())))
        }),
        last: Signal::derive(move || match last_words.get() {
            Some(words) => sentence(&words),
            None => "The start.".to_string(),
        }),
        board: board(replay),
    })
}

/// What the replay screen shows of one game, with nothing left that depends on the kind of game
/// (so that the screen is compiled once, not once for each game).
struct Viewer {
    /// The record, for "Play on from here".
    record: Record,
    /// The record's part of the page's address, which the step shown follows.
    address: String,
    /// Alone in a frame: no "Play on from here", no Picture, no Embed.
    embedded: bool,
    /// "Morris (Morelles): Ada v Computer".
    title: String,
    /// The game's name in file names ("morris").
    name: &'static str,
    /// How many steps the record has.
    len: usize,
    chapters: Vec<Chapter>,
    /// The step shown.
    step: Memo<usize>,
    /// Shows a step.
    go: Callback<usize>,
    /// What the reader is told of the step the address asked for, until they step.
    notice: Signal<Option<String>>,
    /// Whether the game is over at the step shown (nothing to play on from).
    over: Signal<bool>,
    /// The position in words.
    words: Signal<String>,
    /// What the last step did, for screen readers.
    announcement: Signal<String>,
    /// What the step shown did ("Ada spun 3+5 = 8."), to see beside the step's number.
    last: Signal<String>,
    board: AnyView,
}

/// The replay screen: the board, the step buttons, the position in words, the move list and a
/// picture of the board at the step.
fn screen(viewer: Viewer) -> AnyView {
    let Viewer {
        record,
        address,
        embedded,
        title,
        name,
        len,
        chapters,
        step,
        go,
        notice,
        over,
        words,
        announcement,
        last,
        board,
    } = viewer;
    let keys = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.default_prevented() || ev.alt_key() || ev.ctrl_key() || ev.meta_key() {
            return;
        }
        use wasm_bindgen::JsCast;
        // Keys typed into a field, or pressed in a dialog over the replay, are not steps.
        let elsewhere = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA"));
        if elsewhere || dom::in_dialog(&ev) {
            return;
        }
        let now = step.get_untracked();
        let to = match ev.key().as_str() {
            "ArrowLeft" => now.saturating_sub(1),
            "ArrowRight" => (now + 1).min(len),
            "Home" => 0,
            "End" => len,
            _ => return,
        };
        ev.prevent_default();
        go.run(to);
    });
    on_cleanup(move || keys.remove());
    // A step button that disables itself (First, or Last at the end) hands the focus on to the
    // step there is still to take: Back at the end, Forward at the start.
    dom::keep_focus(
        move || step.get(),
        &[
            ".replay-steps button:nth-child(2)",
            ".replay-steps button:nth-child(3)",
        ],
    );
    // The address keeps the step shown (`?step=12`), to be copied, bookmarked or reloaded
    // there; it is replaced, not added to the history, so Back leaves the replay. A frame's
    // address is the site's to set.
    if !embedded {
        effect(move |_| {
            let query = replay::settings_query(None, step.get());
            dom::replace(&Route::Replay(format!("{address}{query}")));
        });
    }
    // The tab says which game is replayed ("Replay of Morris (Morelles): Ada v Bob · Parlour").
    if let Some(document) = dom::window().document() {
        document.set_title(&format!("Replay of {title} · Parlour"));
    }

    let whole = Signal::stored(record.clone());
    let play_on = move || {
        let mut part = record.clone();
        part.moves.truncate(step.get());
        // Marked as from a replay, for its save's name.
        Route::Open(format!(
            "{}?from=replay",
            dom::encode_component(&part.to_json())
        ))
        .hash()
    };
    view! {
        <section class="screen play replay" class:embedded=embedded>
            <h1 id="screen-title" tabindex="-1" class="play-title">
                "Replay" <span class="versus">{title}</span>
            </h1>
            {move || notice.get().map(|n| view! { <p class="error" role="alert">{n}</p> })}
            <div class="play-layout">
                <div class="board-column replay-board">
                    <p class="status" id="replay-position">{words}</p>
                    {board}
                </div>
                <div class="side-column">
                    <div class="controls replay-steps" role="group" aria-label="Steps">
                        <button type="button" on:click=move |_| go.run(0) disabled=move || step.get() == 0
                            aria-keyshortcuts="Home">"First"</button>
                        <button type="button" on:click=move |_| go.run(step.get_untracked().saturating_sub(1))
                            disabled=move || step.get() == 0 aria-keyshortcuts="ArrowLeft">"Back"</button>
                        <button type="button" on:click=move |_| go.run((step.get_untracked() + 1).min(len))
                            disabled=move || step.get() == len aria-keyshortcuts="ArrowRight">"Forward"</button>
                        <button type="button" on:click=move |_| go.run(len) disabled=move || step.get() == len
                            aria-keyshortcuts="End">"Last"</button>
                    </div>
                    <p class="replay-count">{move || format!("Step {} of {len}", step.get())}</p>
                    // (Said by the live region below, with the step's number.)
                    <p class="replay-last" aria-hidden="true">{last}</p>
                    <MoveList chapters=chapters step=step on_go=go/>
                    {(!embedded).then(|| view! {
                        <p class="actions">
                            // A game over at the step shown has nothing to play on.
                            {move || (!over.get()).then(|| view! {
                                <a class="button" href=play_on.clone()>"Play on from here"</a>
                            })}
                            <PictureButton name=Signal::derive(move || format!("parlour-{name}-step-{}", step.get()))/>
                            <EmbedButton record=whole step=step/>
                        </p>
                    })}
                </div>
            </div>
            <p class="visually-hidden" aria-live="polite">{announcement}</p>
        </section>
    }
    .into_any()
}

/// The record's moves, grouped as the game counts its play; the step shown is marked.
#[component]
fn MoveList(chapters: Vec<Chapter>, step: Memo<usize>, on_go: Callback<usize>) -> impl IntoView {
    let entry = move |number: usize, text: String, words: String, chance: bool| {
        // The name starts with the visible notation, so that speech input can name it.
        let label = format!("{text}, step {number}: {words}");
        // Word by word, so that a long step (a deal) breaks between its bones, never inside one.
        let mut parts = Vec::new();
        for (i, word) in text.split(' ').enumerate() {
            if i > 0 {
                parts.push(" ".into_any());
            }
            parts.push(view! { <span>{word.to_string()}</span> }.into_any());
        }
        view! {
            <li>
                <button type="button" class="step" class:chance=chance title=words
                    aria-label=label
                    aria-current=move || (step.get() == number).then_some("step")
                    on:click=move |_| on_go.run(number)>{parts}</button>
            </li>
        }
    };
    // The list scrolls (itself, never the page) to keep the current step in sight.
    let list = NodeRef::<leptos::html::Nav>::new();
    effect(move |_| {
        let _ = step.get();
        if let Some(list) = list.get() {
            show_current(&list);
        }
    });
    view! {
        <nav class="move-list" aria-label="Moves" node_ref=list>
            <ol class="chapters">
                <li>
                    <button type="button" class="step" aria-label="The start"
                        aria-current=move || (step.get() == 0).then_some("step")
                        on:click=move |_| on_go.run(0)>"Start"</button>
                </li>
                {chapters.into_iter().map(|chapter| view! {
                    <li class="chapter">
                        <span class="chapter-title">{chapter.title}</span>
                        <ol class="steps">
                            {chapter.steps.into_iter()
                                .map(|s| entry(s.number, s.text, s.words, s.chance))
                                .collect_view()}
                        </ol>
                    </li>
                }).collect_view()}
            </ol>
        </nav>
    }
}

/// Scrolls a move list just enough that its current entry is wholly inside it, with a little
/// of the list's padding showing beyond it.
fn show_current(list: &web_sys::Element) {
    const MARGIN: f64 = 8.0;
    let Ok(Some(current)) = list.query_selector("[aria-current=\"step\"]") else {
        return;
    };
    let (outer, inner) = (
        list.get_bounding_client_rect(),
        current.get_bounding_client_rect(),
    );
    // Where the entry is within the list's scrolled content, and the part of it in sight.
    let from = f64::from(list.scroll_top()) - outer.top() - f64::from(list.client_top());
    let (top, bottom) = (inner.top() + from, inner.bottom() + from);
    let (seen_top, seen) = (
        f64::from(list.scroll_top()),
        f64::from(list.client_height()),
    );
    let to = if top - MARGIN < seen_top {
        top - MARGIN
    } else if bottom + MARGIN > seen_top + seen {
        (bottom + MARGIN - seen).min(top - MARGIN)
    } else {
        return;
    };
    list.set_scroll_top(to.max(0.0).round() as i32);
}

fn morris_board(replay: RwSignal<Replay<Position>>) -> AnyView {
    let board = replay.with_untracked(|r| r.position().board());
    let play = Memo::new(move |_| {
        let mut play = MorrisPlay::default();
        play.game = replay.with(|r| r.game().clone());
        (play.men(), play.last_move(), play.mills_made())
    });
    view! {
        <MorrisBoard board=board
            men=Signal::derive(move || play.with(|p| p.0.clone()))
            targets=Signal::derive(Vec::new)
            selected=Signal::derive(|| None)
            removing=Signal::derive(|| false)
            last=Signal::derive(move || play.with(|p| p.1))
            mills=Signal::derive(move || play.with(|p| p.2.clone()))
            hint=Signal::derive(|| None)
            status=Signal::derive(move || replay.with(|r| r.position_words()))
            on_touch=Callback::new(|_| ())
            on_drag=Callback::new(|_| ())
            on_cancel=Callback::new(|_| ())
            still=true/>
    }
    .into_any()
}

fn archery_board(replay: RwSignal<Replay<Archery>>) -> AnyView {
    let position = move || replay.with(|r| r.position().clone());
    view! {
        <ArcheryBoard
            arrows=Signal::derive(move || {
                let p = position();
                (0..p.players() as u8).map(|s| p.arrows(Seat(s))).collect::<Vec<[Arrow; ARROWS]>>()
            })
            chooser=Signal::derive(|| None)
            landings=Signal::derive(move || replay.with(|r| r.position().landings()))
            last=Signal::derive(move || replay.with(|r| parlour::session::archery::last_shot(r.game())))
            colours=replay.with_untracked(|r| parlour::record::seat_colours(r.game().players()))
            on_choose=Callback::new(|_| ())/>
    }
    .into_any()
}

fn quoits_board(replay: RwSignal<Replay<Quoits>>) -> AnyView {
    let (pitches, labels) = replay.with_untracked(|r| {
        (
            r.position().pitch_count(),
            parlour::session::quoits::pitch_labels(r.position(), r.names()),
        )
    });
    view! {
        <QuoitsBoard pitches=pitches labels=labels
            colours=replay.with_untracked(|r| parlour::record::seat_colours(r.game().players()))
            men=Signal::derive(move || replay.with(|r| parlour::session::quoits::men(r.game())))
            last=Signal::derive(move || replay.with(|r| r.step().checked_sub(1)))/>
    }
    .into_any()
}

fn dominoes_board(replay: RwSignal<Replay<Dominoes>>) -> AnyView {
    view! {
        <div class="table-wrap">
            <DominoesBoard
                line=Signal::derive(move || replay.with(|r| r.position().line().clone()))
                ends=Signal::derive(move || replay.with(|r| r.position().playable_ends()))
                targets=Signal::derive(Vec::new)
                last=Signal::derive(move || replay.with(|r| parlour::session::dominoes::last_bone(r.position())))
                empty=Signal::derive(|| "The table is empty".to_string())
                on_end=Callback::new(|_| ())/>
        </div>
        // A replay hides nothing: every hand face up, and the stock.
        <section class="replay-hands" aria-labelledby="replay-hands-title">
            <h2 id="replay-hands-title" class="visually-hidden">"The hands"</h2>
            {move || replay.with(|r| {
                let now = r.position();
                let stock = parlour::session::dominoes::stock_words(now)
                    .map(|words| view! { <p class="table-facts">{words}</p> });
                view! {
                    <ul class="hands-shown">
                        {(0..now.players()).map(|i| {
                            let hand = now.hand(Seat(i as u8)).to_vec();
                            let name = r.names().get(i).cloned().unwrap_or_default();
                            let count = parlour::session::dominoes::bones(hand.len());
                            view! {
                                <li>
                                    <span class="who">{name}</span>
                                    <span class="held">{count}</span>
                                    <div class="left-bones">{small_bones(hand)}</div>
                                </li>
                            }
                        }).collect_view()}
                    </ul>
                    {stock}
                }
            })}
        </section>
    }
    .into_any()
}

fn doquin_board(replay: RwSignal<Replay<Doquin>>) -> AnyView {
    // The step that ends a round shows the block as the round left it (the game has cleared it
    // for the next round already).
    let position = Signal::derive(move || {
        replay.with(|r| r.position().round_end().unwrap_or(r.position()).clone())
    });
    let marks = Signal::derive(move || {
        replay.with(|r| Marks {
            targets: Vec::new(),
            pushing: false,
            last: parlour::session::doquin::last_turn(r.game())
                .into_iter()
                .filter(|&h| position.with(|b| b.peg(h).is_some()))
                .collect(),
            ..Marks::default()
        })
    });
    let on_pick = Callback::new(|_| ());
    let on_hover = Callback::new(|_| ());
    view! {
        <div class="doquin-views">
            <div class="block-stage">
                <BlockView position=position marks=marks on_pick=on_pick on_hover=on_hover/>
            </div>
            <FaceViews position=position marks=marks on_pick=on_pick on_hover=on_hover read_only=true/>
        </div>
    }
    .into_any()
}
