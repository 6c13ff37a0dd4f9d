//! Setting up a new game: preset and options, seats (people or computers, with names), and who
//! starts where the players choose it.

use leptos::prelude::*;
use leptos::wasm_split::wasm_split;

use parlour::ai::Level;
use parlour::games::GameKind;
use parlour::record::{clean_name, seat_colours, Player, PlayerKind, Record};
use parlour::rules::dominoes::{self, DominoGame, Dominoes};
use parlour::rules::doquin;
use parlour::rules::morris::{Options, Position, Variant};
use parlour::rules::quoits;
use parlour::rules::teetotum::COLOURS;
use parlour::session::capital;
use parlour::session::dominoes::distinct_names;
use parlour::storage::Setup;

use super::count_box::CountBox;
use super::modal::Modal;
use super::parts::{piece, PartMissing};
use super::{app_state, dom, store};

/// The most seats any game has.
const SEATS: usize = 6;

/// Who sits in a seat.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum SeatKind {
    Human,
    /// A computer at a level; Quoits has no choices, so its computers have none.
    Computer(Option<Level>),
}

impl SeatKind {
    /// The name a seat gets until the player types one.
    fn default_name(self, seat: usize) -> String {
        match self {
            SeatKind::Human => format!("Player {}", seat + 1),
            SeatKind::Computer(Some(level)) => level.seat_name(),
            SeatKind::Computer(None) => format!("Computer {}", seat + 1),
        }
    }
}

/// The seats being set up: how many, and each one's kind and name.
#[derive(Clone, Copy)]
struct Seats {
    count: RwSignal<usize>,
    names: [RwSignal<String>; SEATS],
    kinds: [RwSignal<SeatKind>; SEATS],
    /// A seat's name follows its kind until the player types one.
    typed: [RwSignal<bool>; SEATS],
    /// Each seat's colour, an index into the teetotum games' colours (its own by default).
    colours: [RwSignal<usize>; SEATS],
}

impl Seats {
    fn new(count: usize) -> Seats {
        Seats {
            count: RwSignal::new(count),
            names: std::array::from_fn(|i| RwSignal::new(SeatKind::Human.default_name(i))),
            kinds: std::array::from_fn(|_| RwSignal::new(SeatKind::Human)),
            typed: std::array::from_fn(|_| RwSignal::new(false)),
            colours: std::array::from_fn(RwSignal::new),
        }
    }

    /// The seats as a remembered set-up had them: how many, and each one's kind, name and
    /// colour (a name still as its kind names it follows the kind again, as it did then).
    fn recall(&self, players: &[Player]) {
        self.count.set(players.len().clamp(1, SEATS));
        for (i, player) in players.iter().take(SEATS).enumerate() {
            let level = player.level.as_deref().and_then(Level::from_name);
            let kind = match (player.kind, level) {
                (PlayerKind::Human, _) => SeatKind::Human,
                (PlayerKind::Computer, level) => SeatKind::Computer(level),
            };
            self.kinds[i].set(kind);
            self.typed[i].set(player.name != kind.default_name(i));
            self.names[i].set(player.name.clone());
        }
        // Every seat keeps a colour of its own, those out of play too.
        let chosen = seat_colours(&players[..players.len().min(SEATS)]);
        let mut free = (0..SEATS).filter(|c| !chosen.contains(c));
        for (i, colour) in self.colours.iter().enumerate() {
            colour.set(chosen.get(i).copied().or_else(|| free.next()).unwrap_or(i));
        }
    }

    /// Seat `i` takes colour `colour`; the seat that had it takes seat `i`'s old one (a seat not
    /// in play too, so that adding it back never gives two seats one colour).
    fn set_colour(&self, i: usize, colour: usize) {
        let old = self.colours[i].get_untracked();
        if let Some(other) =
            (0..SEATS).find(|&j| j != i && self.colours[j].get_untracked() == colour)
        {
            self.colours[other].set(old);
        }
        self.colours[i].set(colour);
    }

    fn set_kind(&self, i: usize, kind: SeatKind) {
        self.kinds[i].set(kind);
        if !self.typed[i].get_untracked() {
            self.names[i].set(kind.default_name(i));
        }
    }

    /// The players, in seat order.
    fn players(&self) -> Vec<Player> {
        (0..self.count.get_untracked())
            .map(|i| {
                let kind = self.kinds[i].get_untracked();
                let name = clean_name(&self.names[i].get_untracked());
                let name = if name.is_empty() {
                    kind.default_name(i)
                } else {
                    name
                };
                // A colour is written only where it is not the seat's own.
                let colour = self.colours[i].get_untracked();
                let colour = (colour != i).then(|| COLOURS[colour].to_string());
                let player = match kind {
                    SeatKind::Human => Player::human(&name),
                    SeatKind::Computer(Some(level)) => Player::computer(&name, level.name()),
                    SeatKind::Computer(None) => Player::computer_without_level(&name),
                };
                Player { colour, ..player }
            })
            .collect()
    }
}

/// The seats' form: how many players (where the game allows a choice), and for each a name and
/// whether a person or the computer (at which level) plays it.
#[component]
fn SeatsEditor(
    seats: Seats,
    fewest: usize,
    most: usize,
    levels: bool,
    /// Whether each player chooses a colour (the teetotum games).
    #[prop(optional)]
    colours: bool,
) -> impl IntoView {
    let seat = move |i: usize| {
        let id = format!("seat-{}", i + 1);
        let kind_id = format!("seat-{}-kind", i + 1);
        let on_kind = move |ev| {
            let value = event_target_value(&ev);
            let kind = match (value.as_str(), Level::from_name(&value)) {
                ("human", _) => SeatKind::Human,
                (_, Some(level)) => SeatKind::Computer(Some(level)),
                _ => SeatKind::Computer(None),
            };
            seats.set_kind(i, kind);
        };
        let options = if levels {
            Level::ALL
                .into_iter()
                .map(|level| view! {
                    <option value=level.name()
                        selected=move || seats.kinds[i].get() == SeatKind::Computer(Some(level))>
                        "Computer: " {level.title()}
                    </option>
                })
                .collect_view()
                .into_any()
        } else {
            view! {
                <option value="computer" selected=move || seats.kinds[i].get() == SeatKind::Computer(None)>"Computer"</option>
            }
            .into_any()
        };
        let count = seats.count;
        view! {
            <div class="seat" class:with-colour=colours class:hidden={move || i >= count.get()}>
                <label for=id.clone()>"Player " {i + 1}</label>
                <input id=id type="text" maxlength=parlour::record::NAME_LIMIT.to_string() autocomplete="off"
                    prop:value=move || seats.names[i].get()
                    on:input=move |ev| {
                        seats.typed[i].set(true);
                        seats.names[i].set(event_target_value(&ev));
                    }/>
                <select id=kind_id aria-label=format!("Player {} is", i + 1) on:change=on_kind>
                    <option value="human" selected=move || seats.kinds[i].get() == SeatKind::Human>"Human"</option>
                    {options}
                </select>
                {colours.then(|| view! {
                    // The value follows the seat's colour as a property: a swap changes a box
                    // the player may have set by hand, whose options' attributes no longer count.
                    <select id=format!("seat-{}-colour", i + 1) aria-label=format!("Player {}'s colour", i + 1)
                        prop:value=move || COLOURS.get(seats.colours[i].get()).copied().unwrap_or_default()
                        on:change=move |ev| {
                            if let Some(c) = COLOURS.iter().position(|c| *c == event_target_value(&ev)) {
                                seats.set_colour(i, c);
                            }
                        }>
                        {COLOURS.iter().enumerate().map(|(c, name)| view! {
                            <option value=*name selected=move || seats.colours[i].get() == c>{capital(name)}</option>
                        }).collect_view()}
                    </select>
                })}
            </div>
        }
    };
    view! {
        <fieldset>
            <legend>"Players"</legend>
            {(fewest < most).then(|| view! {
                <div class="count">
                    <label for="player-count">"How many"</label>
                    <select id="player-count" on:change=move |ev| {
                        if let Ok(n) = event_target_value(&ev).parse::<usize>() {
                            seats.count.set(n.clamp(fewest, most));
                        }
                    }>
                        {(fewest..=most).map(|n| view! {
                            <option value=n.to_string() selected=move || seats.count.get() == n>{n}</option>
                        }).collect_view()}
                    </select>
                </div>
            })}
            {(0..most).map(seat).collect_view()}
        </fieldset>
    }
}

/// Who plays first (White, seat 1 in the record).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum FirstPlayer {
    DrawLots,
    Seat(usize),
}

#[component]
pub fn NewGame(game: GameKind) -> impl IntoView {
    view! {
        <section class="screen narrow">
            <h1 id="screen-title" tabindex="-1">"New game of " {game.title()}</h1>
            {match game {
                GameKind::Morris => piece(morris_setup()).into_any(),
                GameKind::Archery => piece(archery_setup()).into_any(),
                GameKind::Quoits => piece(quoits_setup()).into_any(),
                GameKind::Dominoes => piece(dominoes_setup()).into_any(),
                GameKind::Doquin => piece(doquin_setup()).into_any(),
            }}
            <ComputerRecord game=game/>
        </section>
    }
}

// Each game's set-up is in that game's part of the app (with its play screen), fetched when
// the game is first opened.

#[wasm_split(morris, wasm_split_path = ::leptos::wasm_split, fallible)]
fn morris_setup() -> Result<AnyView, PartMissing> {
    Ok(refillable(|| MorrisSetup().into_any()))
}

#[wasm_split(archery, wasm_split_path = ::leptos::wasm_split, fallible)]
fn archery_setup() -> Result<AnyView, PartMissing> {
    Ok(refillable(|| ArcherySetup().into_any()))
}

#[wasm_split(quoits, wasm_split_path = ::leptos::wasm_split, fallible)]
fn quoits_setup() -> Result<AnyView, PartMissing> {
    Ok(refillable(|| QuoitsSetup().into_any()))
}

#[wasm_split(dominoes, wasm_split_path = ::leptos::wasm_split, fallible)]
fn dominoes_setup() -> Result<AnyView, PartMissing> {
    Ok(refillable(|| DominoesSetup().into_any()))
}

#[wasm_split(doquin, wasm_split_path = ::leptos::wasm_split, fallible)]
fn doquin_setup() -> Result<AnyView, PartMissing> {
    Ok(refillable(|| DoquinSetup().into_any()))
}

/// A form drawn afresh, from the defaults, when its [`RememberedNote`] asks: `Refill` counts
/// the times.
#[derive(Clone, Copy)]
struct Refill(RwSignal<u32>);

fn refillable(form: fn() -> AnyView) -> AnyView {
    let refill = Refill(RwSignal::new(0));
    provide_context(refill);
    (move || {
        refill.0.track();
        form()
    })
    .into_any()
}

/// Says that the form is set as the last game of its kind was started (`shown`), with a way
/// back to its defaults.
#[component]
fn RememberedNote(game: GameKind, shown: bool) -> impl IntoView {
    let refill = expect_context::<Refill>();
    shown.then(|| {
        view! {
            <p class="remembered">
                {format!("Set up as your last game of {}. ", game.title())}
                <button type="button" class="quiet" on:click=move |_| {
                    let _ = store().forget_setup(game);
                    refill.0.update(|n| *n += 1);
                    dom::focus_first(&["form.setup input"]);
                }>"Start from the defaults"</button>
            </p>
        }
    })
}

/// Remembers how the form was set when it started a game (`record`, its players in the form's
/// seats; `first`, who was chosen to go first), for the next new game of its kind. A storage
/// that cannot keep it loses only that: the game itself is saved as ever.
fn remember(record: Record, first: FirstPlayer) {
    let first = match first {
        FirstPlayer::Seat(seat) => Some(seat),
        FirstPlayer::DrawLots => None,
    };
    let _ = store().put_setup(&Setup { record, first }, dom::now());
}

/// Who was chosen to go first in a remembered set-up (lots, if its seat is not there).
fn first_of(setup: &Setup) -> FirstPlayer {
    match setup.first {
        Some(seat) if seat < setup.record.players.len() => FirstPlayer::Seat(seat),
        _ => FirstPlayer::DrawLots,
    }
}

/// The player's record against the computer at this game: a row for each level played, with
/// games played, won, drawn and lost, and a reset (after asking).
#[component]
fn ComputerRecord(game: GameKind) -> impl IntoView {
    let state = app_state();
    let stats = RwSignal::new(store().stats());
    // Games finished (or a record reset) in another tab show here as they happen, so that the
    // table, and what Reset says it clears, are never behind.
    let listener = window_event_listener(leptos::ev::storage, move |ev| {
        if ev
            .key()
            .is_none_or(|key| key == parlour::storage::STATS_KEY)
        {
            stats.set(store().stats());
        }
    });
    on_cleanup(move || listener.remove());
    let asking = RwSignal::new(false);
    let announce = RwSignal::new(String::new());
    let reset = move |_| {
        asking.set(false);
        match store().reset_stats(game, dom::now()) {
            Ok(()) => {
                stats.set(store().stats());
                announce.set(format!(
                    "Your record against the computer at {} was reset.",
                    game.title()
                ));
            }
            Err(e) => state.tell(format!("The record was not reset: {e}."), true),
        }
    };
    let table = move || record_table(game, stats.get(), asking);
    let dialog = move || {
        asking.get().then(|| {
            let what = match stats.get_untracked() {
                Ok(stats) => {
                    let played = stats.total(game).played;
                    format!(
                        "This clears your record against the computer at {} ({played} game{}). It cannot be undone.",
                        game.title(),
                        if played == 1 { "" } else { "s" },
                    )
                }
                Err(_) => "The record that cannot be read is set aside in this browser's storage, and counting starts again for every game.".to_string(),
            };
            view! {
                <Modal title="Reset your record?".to_string() on_close=Callback::new(move |_| asking.set(false))>
                    <p>{what}</p>
                    <p class="actions">
                        // As in every confirmation: the action first, the safe choice beside it
                        // with the focus.
                        <button type="button" class="danger" on:click=reset>"Reset"</button>
                        <button type="button" on:click=move |_| asking.set(false) data-autofocus>"Keep it"</button>
                    </p>
                </Modal>
            }
        })
    };
    view! {
        <section class="computer-record" aria-label="Your record against the computer">
            {table}
            <p class="visually-hidden" role="status">{move || announce.get()}</p>
        </section>
        {dialog}
    }
}

/// The record's table (a row for each level played), or a word on what is counted when nothing
/// is yet, or why the stored record cannot be read; with the reset button.
fn record_table(
    game: GameKind,
    stats: Result<parlour::stats::Stats, parlour::storage::Problem>,
    asking: RwSignal<bool>,
) -> AnyView {
    let reset_button = move || {
        view! {
            <p class="actions">
                <button type="button" on:click=move |_| asking.set(true)>"Reset record"</button>
            </p>
        }
    };
    let stats = match stats {
        Ok(stats) => stats,
        Err(problem) => {
            let why = format!(
                "Your record against the computer cannot be read ({}). It is left as it is; reset it to start counting again.",
                problem.why
            );
            return view! { <p class="error">{why}</p> {reset_button()} }.into_any();
        }
    };
    let rows = stats.rows(game);
    let how = parlour::stats::how_counted(game);
    if rows.is_empty() {
        return view! {
            <p class="hint">"Your record against the computer: none yet. Games you finish against it are counted here. " {how}</p>
        }
        .into_any();
    }
    let number = |n: u32| view! { <td>{n}</td> };
    view! {
        <div class="table-scroll">
            <table class="scores">
                <caption>"Your record against the computer"</caption>
                <thead>
                    <tr>
                        <th scope="col">"Level"</th>
                        <th scope="col">"Played"</th>
                        <th scope="col">"Won"</th>
                        <th scope="col">"Drawn"</th>
                        <th scope="col">"Lost"</th>
                    </tr>
                </thead>
                <tbody>
                    {rows.into_iter().map(|(level, tally)| view! {
                        <tr data-level=parlour::stats::level_key(level)>
                            <th scope="row">{parlour::stats::level_title(level)}</th>
                            {number(tally.played)}
                            {number(tally.won)}
                            {number(tally.drawn)}
                            {number(tally.lost)}
                        </tr>
                    }).collect_view()}
                </tbody>
            </table>
        </div>
        <p class="hint">{how}</p>
        {reset_button()}
    }
    .into_any()
}

/// The name a new game's autosave is listed under.
pub fn game_name(variant_title: &str, players: &[Player]) -> String {
    let names: Vec<&str> = players.iter().map(|p| p.name.as_str()).collect();
    format!("{variant_title}: {}", names.join(" v "))
}

/// The buttons under every setup form.
fn start_buttons(game: GameKind) -> impl IntoView {
    let rules = format!("#/rules/{}", game.name());
    view! {
        <p class="actions">
            <button type="submit" class="primary">"Start the game"</button>
            <a class="button" href=rules>"Rules"</a>
        </p>
    }
}

#[component]
fn MorrisSetup() -> impl IntoView {
    let state = app_state();
    let variant = RwSignal::new(Variant::Morelles);
    let options = RwSignal::new(Options::default());
    let seats = Seats::new(2);
    let first = RwSignal::new(FirstPlayer::DrawLots);
    let recalled = store().setup(GameKind::Morris).is_some_and(|setup| {
        let Ok(position) = setup.record.start_morris() else {
            return false;
        };
        variant.set(position.variant());
        options.set(position.options());
        seats.recall(&setup.record.players);
        first.set(first_of(&setup));
        true
    });

    let start = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let seated = seats.players();
        let mut players = seated.clone();
        let white = match first.get_untracked() {
            FirstPlayer::DrawLots => (dom::random_u64() & 1) as usize,
            FirstPlayer::Seat(seat) => seat,
        };
        if white == 1 {
            players.swap(0, 1);
        }
        let variant = variant.get_untracked();
        let mut options = options.get_untracked();
        // Three Men's Morris removes no men, so the option means nothing there.
        options.two_removals &= !variant.mill_wins();
        let position = Position::new(variant, options);
        let record = Record::new(
            GameKind::Morris,
            Some(variant.name()),
            position.options_json(),
            players.clone(),
        );
        remember(
            Record {
                players: seated,
                ..record.clone()
            },
            first.get_untracked(),
        );
        let name = game_name(variant.title(), &players);
        state.start_game(record, Vec::new(), name, false);
    };

    let preset = move |v: Variant, about: &'static str| {
        view! {
            <label class="choice">
                <input type="radio" name="preset"
                    prop:checked=move || variant.get() == v
                    on:change=move |_| variant.set(v)/>
                <span><strong>{v.title()}</strong> " · " {about}</span>
            </label>
        }
    };
    let option =
        move |label: &'static str, get: fn(&Options) -> bool, set: fn(&mut Options, bool)| {
            view! {
                <label class="choice">
                    <input type="checkbox"
                        prop:checked=move || get(&options.get())
                        on:change=move |ev| {
                            let on = event_target_checked(&ev);
                            options.update(|o| set(o, on));
                        }/>
                    {label}
                </label>
            }
        };
    let first_choice = move |value: FirstPlayer, label: Signal<String>| {
        view! {
            <label class="choice">
                <input type="radio" name="first"
                    prop:checked=move || first.get() == value
                    on:change=move |_| first.set(value)/>
                {move || label.get()}
            </label>
        }
    };
    view! {
        <form class="setup" on:submit=start>
            <RememberedNote game=GameKind::Morris shown=recalled/>
            <fieldset>
                <legend>"Preset"</legend>
                {preset(Variant::Morelles, "nine men each; a player down to three men may fly to any vacant point")}
                {preset(Variant::Morrice, "nine men each; men never fly, every move is along a line")}
                {preset(Variant::SixMens, "six men each on two squares; men never fly")}
                {preset(Variant::TwelveMens, "twelve men each; the corner diagonals are lines too, and a full board is a draw")}
                {preset(Variant::ThreeMens, "three men each on a small grid; the first to make a line wins")}
            </fieldset>
            <fieldset>
                <legend>"Options"</legend>
                {move || (!variant.get().mill_wins()).then(|| option(
                    // Only Twelve Men's has points on three lines.
                    if variant.get() == Variant::TwelveMens {
                        "One man removed for each mill a move makes (two for a double mill, three for a triple)"
                    } else {
                        "One man removed for each mill a move makes (two for a double mill)"
                    },
                    |o| o.two_removals,
                    |o, on| o.two_removals = on,
                ))}
                {option("Draw when a position comes round for the third time", |o| o.repetition_draw, |o, on| o.repetition_draw = on)}
                {option("Draw after 50 moves each without a mill", |o| o.fifty_move_draw, |o, on| o.fifty_move_draw = on)}
            </fieldset>
            <SeatsEditor seats=seats fewest=2 most=2 levels=GameKind::Morris.has_levels()/>
            <fieldset>
                <legend>"Who plays White and moves first"</legend>
                {first_choice(FirstPlayer::DrawLots, Signal::derive(|| "Draw lots".to_string()))}
                {first_choice(FirstPlayer::Seat(0), Signal::derive(move || seats.names[0].get()))}
                {first_choice(FirstPlayer::Seat(1), Signal::derive(move || seats.names[1].get()))}
            </fieldset>
            {start_buttons(GameKind::Morris)}
        </form>
    }
}

#[component]
fn ArcherySetup() -> impl IntoView {
    let state = app_state();
    let seats = Seats::new(2);
    let recalled = store().setup(GameKind::Archery).is_some_and(|setup| {
        seats.recall(&setup.record.players);
        true
    });
    let start = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let players = seats.players();
        let record = Record::new(GameKind::Archery, None, Default::default(), players.clone());
        remember(record.clone(), FirstPlayer::DrawLots);
        state.start_game(record, Vec::new(), game_name("Archery", &players), false);
    };
    view! {
        <form class="setup" on:submit=start>
            <RememberedNote game=GameKind::Archery shown=recalled/>
            <p class="hint">"Three arrows each, shot down the line towards the target by the Double Teetotum. One player shoots for practice; with more, the lead is spun for."</p>
            <SeatsEditor seats=seats fewest=1 most=4 levels=GameKind::Archery.has_levels() colours=GameKind::Archery.has_colours()/>
            {start_buttons(GameKind::Archery)}
        </form>
    }
}

#[component]
fn QuoitsSetup() -> impl IntoView {
    let state = app_state();
    let seats = Seats::new(2);
    let options = RwSignal::new(quoits::Options::default());
    let recalled = store().setup(GameKind::Quoits).is_some_and(|setup| {
        let Ok(game) = setup.record.start_as(quoits::Quoits::from_header) else {
            return false;
        };
        options.set(game.options());
        seats.recall(&setup.record.players);
        true
    });
    let start = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let players = seats.players();
        let game = quoits::Quoits::new(players.len(), options.get_untracked());
        let record = Record::new(GameKind::Quoits, None, game.options_json(), players.clone());
        remember(record.clone(), FirstPlayer::DrawLots);
        state.start_game(record, Vec::new(), game_name("Quoits", &players), false);
    };
    let target_id = "quoits-target";
    view! {
        <form class="setup" on:submit=start>
            <RememberedNote game=GameKind::Quoits shown=recalled/>
            <p class="hint">"Four men each, pitched down a lane towards the hub by the Double Teetotum; each end, the men nearest the hub earn a bonus. With three players on two pitches, the second pitches alone at pitch B: one pitch for everybody evens that out."</p>
            <SeatsEditor seats=seats fewest=2 most=4 levels=GameKind::Quoits.has_levels() colours=GameKind::Quoits.has_colours()/>
            <fieldset>
                <legend>"Options"</legend>
                <label class="choice">
                    <input type="checkbox" prop:checked=move || options.get().one_pitch
                        on:change=move |ev| { let on = event_target_checked(&ev); options.update(|o| o.one_pitch = on); }/>
                    "Everybody pitches at one pitch (otherwise players 1 and 3 at pitch A, 2 and 4 at pitch B)"
                </label>
                <label class="choice">
                    <input type="checkbox" prop:checked=move || options.get().single_end
                        on:change=move |ev| { let on = event_target_checked(&ev); options.update(|o| o.single_end = on); }/>
                    "A single end: the highest score after four rounds wins"
                </label>
                <CountBox id=target_id label="Play to" unit=" points"
                    lo=*quoits::TARGETS.start() hi=Signal::stored(*quoits::TARGETS.end())
                    value=Signal::derive(move || options.get().target)
                    set=Callback::new(move |n| options.update(|o| o.target = n))
                    hidden=Signal::derive(move || options.get().single_end)/>
            </fieldset>
            {start_buttons(GameKind::Quoits)}
        </form>
    }
}

/// One line about each game of dominoes, for the setup form.
fn domino_about(game: DominoGame) -> &'static str {
    match game {
        DominoGame::Block => {
            "no drawing: go when you cannot play; the first out scores the pips left"
        }
        DominoGame::Draw => "draw from the stock until you can play; scored as Block",
        DominoGame::AllFives => "score the ends whenever they add up to a multiple of five",
        DominoGame::Bergen => "score headers (both ends alike) and a point a hand, to 15",
        DominoGame::Matador => {
            "bones go on an end when they make seven with it; matadors go anywhere"
        }
        DominoGame::Sebastopol => "four players, the double-six a spinner with four arms",
        DominoGame::Pool => "three to six players; the first out takes the pool",
    }
}

#[component]
fn DominoesSetup() -> impl IntoView {
    let state = app_state();
    let game = RwSignal::new(DominoGame::Block);
    let seats = Seats::new(2);
    let set = RwSignal::new(dominoes::Set::DoubleSix);
    // None follows the rules' table for the game, the set and the players.
    let hand = RwSignal::new(None::<usize>);
    // Bones each set by hand are for the players there were: with more or fewer, the game's
    // own count comes back.
    super::effect(move |first| {
        seats.count.track();
        if !first {
            hand.set(None);
        }
    });
    let target = RwSignal::new(None::<u32>);
    let partners = RwSignal::new(true);
    let single_hand = RwSignal::new(false);
    let difference = RwSignal::new(false);
    let spinner = RwSignal::new(false);
    let muggins = RwSignal::new(false);
    let draw_when_able = RwSignal::new(false);
    // As the last game was set up, what differs from its game's own numbers kept as chosen.
    let recalled = store().setup(GameKind::Dominoes).is_some_and(|setup| {
        let Ok(table) = setup.record.start_as(Dominoes::from_header) else {
            return false;
        };
        let (g, o, players) = (table.game(), table.options(), table.players());
        game.set(g);
        seats.recall(&setup.record.players);
        set.set(o.set);
        hand.set((o.hand_size != g.default_hand(players, o.set)).then_some(o.hand_size));
        let own = dominoes::Options::defaults(g, players);
        target.set((o.target != own.target).then_some(o.target));
        partners.set(o.partners || !(g.has_partners() && players == 4));
        single_hand.set(o.single_hand);
        difference.set(o.difference);
        spinner.set(o.spinner);
        muggins.set(o.muggins);
        draw_when_able.set(o.draw_when_able);
        true
    });

    // The game as chosen, or why it cannot be dealt.
    let chosen = Memo::new(move |_| {
        let g = game.get();
        let players = seats.count.get();
        let mut o = dominoes::Options::defaults(g, players);
        o.set = set.get();
        // Sebastopol deals the whole set, 7 each: there its hands are not a choice.
        o.hand_size = hand
            .get()
            .filter(|_| g != DominoGame::Sebastopol)
            .unwrap_or_else(|| g.default_hand(players, o.set));
        if let Some(t) = target.get() {
            o.target = t;
        }
        o.partners = partners.get() && g.has_partners() && players == 4;
        o.single_hand = single_hand.get() && g != DominoGame::Pool;
        o.difference = difference.get() && g.scores_pips();
        o.spinner = spinner.get() && g == DominoGame::AllFives;
        o.muggins = muggins.get() && g == DominoGame::AllFives;
        o.draw_when_able = draw_when_able.get() && g.draws();
        Dominoes::new(g, players, o)
    });
    let start = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let Ok(table) = chosen.get_untracked() else {
            return;
        };
        let mut players = seats.players();
        let names: Vec<String> = players.iter().map(|p| p.name.clone()).collect();
        for (player, name) in players.iter_mut().zip(distinct_names(&names)) {
            player.name = name;
        }
        let g = game.get_untracked();
        let record = Record::new(
            GameKind::Dominoes,
            Some(g.name()),
            table.options_json(),
            players.clone(),
        );
        remember(record.clone(), FirstPlayer::DrawLots);
        state.start_game(record, Vec::new(), game_name(g.title(), &players), false);
    };
    let choose_game = move |g: DominoGame| {
        game.set(g);
        let range = g.players();
        seats
            .count
            .update(|n| *n = (*n).clamp(*range.start(), *range.end()));
        if !g.plays_with(set.get_untracked()) {
            set.set(dominoes::Set::DoubleSix);
        }
        target.set(None);
        hand.set(None);
    };
    let preset = move |g: DominoGame| {
        view! {
            <label class="choice">
                <input type="radio" name="domino-game" value=g.name()
                    prop:checked=move || game.get() == g
                    on:change=move |_| choose_game(g)/>
                <span><strong>{g.title()}</strong> " · " {domino_about(g)}</span>
            </label>
        }
    };
    let flag = move |label: &'static str,
                     signal: RwSignal<bool>,
                     id: &'static str,
                     shown: fn(DominoGame, usize) -> bool| {
        view! {
            <label class="choice" class:hidden=move || !shown(game.get(), seats.count.get())>
                <input type="checkbox" id=id prop:checked=move || signal.get()
                    on:change=move |ev| signal.set(event_target_checked(&ev))/>
                {label}
            </label>
        }
    };
    let defaults = move || {
        let g = game.get();
        let players = seats.count.get();
        dominoes::Options::defaults(g, players)
    };
    view! {
        <form class="setup" on:submit=start>
            <RememberedNote game=GameKind::Dominoes shown=recalled/>
            <fieldset>
                <legend>"Game"</legend>
                {DominoGame::ALL.into_iter().map(preset).collect_view()}
            </fieldset>
            {move || {
                let range = game.get().players();
                view! { <SeatsEditor seats=seats fewest=*range.start() most=*range.end() levels=GameKind::Dominoes.has_levels()/> }
            }}
            <fieldset>
                <legend>"Options"</legend>
                <div class="count">
                    <label for="domino-set">"Set"</label>
                    <select id="domino-set" on:change=move |ev| {
                        if let Some(s) = event_target_value(&ev).parse::<u8>().ok().and_then(dominoes::Set::of) {
                            set.set(s);
                            hand.set(None);
                        }
                    }>
                        {dominoes::Set::ALL.into_iter().map(|s| view! {
                            <option value=s.highest().to_string() selected=move || set.get() == s
                                disabled=move || !game.get().plays_with(s)>
                                {format!("{} ({} bones)", s.name(), s.size())}
                            </option>
                        }).collect_view()}
                    </select>
                </div>
                // As many as the set deals round the players, leaving what the game keeps
                // undealt (two players share out the whole set in Block; a set has at most 91
                // bones, so the counts fit any integer).
                <CountBox id="domino-hand" label="Bones each" lo=1
                    hi=Signal::derive(move || {
                        let dealt = set.get().size() - game.get().least_stock();
                        (dealt / seats.count.get().max(2)).max(1) as u32
                    })
                    value=Signal::derive(move || hand.get().unwrap_or_else(|| game.get().default_hand(seats.count.get(), set.get())) as u32)
                    set=Callback::new(move |n: u32| hand.set(Some(n as usize)))
                    hidden=Signal::derive(move || game.get() == DominoGame::Sebastopol)/>
                {flag("Partnerships: players 1 and 3 against 2 and 4", partners, "domino-partners", |g, n| g.has_partners() && n == 4)}
                {flag("A single hand", single_hand, "domino-single", |g, _| g != DominoGame::Pool)}
                <CountBox id="domino-target" label="Play to" unit=" points" lo=1
                    hi=Signal::stored(dominoes::MOST_TARGET)
                    value=Signal::derive(move || target.get().unwrap_or_else(|| defaults().target))
                    set=Callback::new(move |n| target.set(Some(n)))
                    hidden=Signal::derive(move || game.get() == DominoGame::Pool || single_hand.get())/>
                {flag("Score only the difference (the others' pips less the winner's own)", difference, "domino-difference", |g, _| g.scores_pips())}
                {flag("Spinner: the first double takes bones on all four sides", spinner, "domino-spinner", |g, _| g == DominoGame::AllFives)}
                {flag("Muggins: counts must be claimed; the next player may take a missed one", muggins, "domino-muggins", |g, _| g == DominoGame::AllFives)}
                {flag("A player may draw even when able to play", draw_when_able, "domino-draw-when-able", |g, _| g.draws())}
            </fieldset>
            <p class="error" role="alert" id="domino-setup-error">{move || chosen.get().err().map(|e| super::play::sentence(&e))}</p>
            <p class="actions">
                <button type="submit" class="primary" disabled=move || chosen.with(|c| c.is_err())>"Start the game"</button>
                <a class="button" href="#/rules/dominoes">"Rules"</a>
            </p>
        </form>
    }
}

#[component]
fn DoquinSetup() -> impl IntoView {
    let state = app_state();
    let seats = Seats::new(2);
    let size = RwSignal::new(doquin::DEFAULT_SIZE);
    let pegs = RwSignal::new(doquin::DEFAULT_PEGS);
    let first = RwSignal::new(FirstPlayer::DrawLots);
    let recalled = store().setup(GameKind::Doquin).is_some_and(|setup| {
        let Ok(game) = setup.record.start_as(doquin::Doquin::from_header) else {
            return false;
        };
        let o = game.options();
        size.set(o.size);
        pegs.set(o.pegs);
        seats.recall(&setup.record.players);
        first.set(first_of(&setup));
        true
    });
    // A seat chosen to play first and then taken away by a smaller count is no choice: lots
    // are drawn, and the form shows it so.
    let first_now = move || match first.get() {
        FirstPlayer::Seat(seat) if seat >= seats.count.get() => FirstPlayer::DrawLots,
        chosen => chosen,
    };
    let options = move || doquin::Options {
        size: size.get(),
        pegs: pegs.get(),
    };
    // The game as chosen, or why it cannot be played.
    let chosen = Memo::new(move |_| doquin::Doquin::new(seats.count.get(), options()));
    let start = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let Ok(game) = chosen.get_untracked() else {
            return;
        };
        let mut players = seats.players();
        let names: Vec<String> = players.iter().map(|p| p.name.clone()).collect();
        for (player, name) in players.iter_mut().zip(distinct_names(&names)) {
            player.name = name;
        }
        remember(
            Record::new(GameKind::Doquin, None, game.options_json(), players.clone()),
            untrack(first_now),
        );
        // Seat 1 plays first in round 1: the seats turn round so that the first player sits there.
        let count = players.len();
        let first_seat = match untrack(first_now) {
            FirstPlayer::Seat(seat) => seat,
            FirstPlayer::DrawLots => (dom::random_u64() % count as u64) as usize,
        };
        players.rotate_left(first_seat);
        let record = Record::new(GameKind::Doquin, None, game.options_json(), players.clone());
        state.start_game(record, Vec::new(), game_name("Doquin", &players), false);
    };
    let first_choice = move |value: FirstPlayer, label: Signal<String>, shown: Signal<bool>| {
        view! {
            <label class="choice" class:hidden=move || !shown.get()>
                <input type="radio" name="first"
                    prop:checked=move || first_now() == value
                    on:change=move |_| first.set(value)/>
                {move || label.get()}
            </label>
        }
    };
    view! {
        <form class="setup" on:submit=start>
            <RememberedNote game=GameKind::Doquin shown=recalled/>
            <p class="hint">"Pegs pushed into a drilled block from three faces; a peg touched by two of an opponent's is captured. As many rounds as players, each first once."</p>
            <SeatsEditor seats=seats fewest=doquin::FEWEST_PLAYERS most=doquin::MOST_PLAYERS levels=GameKind::Doquin.has_levels()/>
            <fieldset>
                <legend>"Options"</legend>
                <div class="count">
                    <label for="doquin-size">"Block"</label>
                    <select id="doquin-size" on:change=move |ev| {
                        if let Ok(n) = event_target_value(&ev).parse::<u8>() {
                            size.set(n);
                        }
                    }>
                        {doquin::SIZES.map(|n| {
                            let label = if n == doquin::SMALLEST_SIZE {
                                format!("{n} × {n} × {n} (two players)")
                            } else {
                                format!("{n} × {n} × {n}")
                            };
                            view! { <option value=n.to_string() selected=move || size.get() == n>{label}</option> }
                        }).collect_view()}
                    </select>
                </div>
                <CountBox id="doquin-pegs" label="Pegs each"
                    lo=u32::from(*doquin::PEG_COUNTS.start()) hi=Signal::stored(u32::from(*doquin::PEG_COUNTS.end()))
                    value=Signal::derive(move || u32::from(pegs.get()))
                    set=Callback::new(move |n: u32| pegs.set(n as u8))/>
            </fieldset>
            <fieldset>
                <legend>"Who plays first in round 1"</legend>
                {first_choice(FirstPlayer::DrawLots, Signal::derive(|| "Draw lots".to_string()), Signal::derive(|| true))}
                {(0..doquin::MOST_PLAYERS).map(|i| first_choice(
                    FirstPlayer::Seat(i),
                    Signal::derive(move || seats.names[i].get()),
                    Signal::derive(move || i < seats.count.get()),
                )).collect_view()}
            </fieldset>
            <p class="error" role="alert" id="doquin-setup-error">{move || chosen.get().err().map(|e| super::play::sentence(&e))}</p>
            <p class="actions">
                <button type="submit" class="primary" disabled=move || chosen.with(|c| c.is_err())>"Start the game"</button>
                <a class="button" href="#/rules/doquin">"Rules"</a>
            </p>
        </form>
    }
}
