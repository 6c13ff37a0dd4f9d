//! Dominoes at one screen: what a click on a bone or an end does, whose hand the screen may show
//! (one person, or several passing the screen between turns), and the hand's history in words.
//! The screen draws and the rules decide; this turns the rules' answers into clicks and words.

use crate::rules::dominoes::{
    scoring, Bone, DominoGame, Dominoes, End, Event, HandEnd, HandLog, Move, OpenEnd, PointsWhy,
    Sides,
};
use crate::rules::{Game, Seat};
use crate::session::{points_words, Match};

/// What a click on a bone of the hand does.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BoneClick {
    /// The bone can be laid one way only: lay it.
    Play(Move),
    /// The bone can be laid in several places: choose an end.
    Select(Bone),
    /// The bone cannot be laid now.
    Nothing,
}

/// "1 bone", "7 bones".
pub fn bones(n: usize) -> String {
    format!("{n} bone{}", if n == 1 { "" } else { "s" })
}

/// A count of points in words ("1 point", "12 points"); Domino Pool's are counters, which a
/// player may owe ("-1 counter").
pub fn points(game: DominoGame, n: impl Into<i64>) -> String {
    let n = n.into();
    let unit = if game == DominoGame::Pool {
        "counter"
    } else {
        "point"
    };
    format!("{n} {unit}{}", if n.abs() == 1 { "" } else { "s" })
}

/// The stock in words, which every player sees: "Stock: 14 bones" in the games that draw from
/// it, "Not dealt: 14 bones" in those that leave it out (none while no hand is dealt, or when
/// the whole set is).
pub fn stock_words(game: &Dominoes) -> Option<String> {
    let left = game.stock().len();
    if game.game().draws() {
        Some(format!("Stock: {}", bones(left)))
    } else {
        (left > 0 && game.hand_number() > 0).then(|| format!("Not dealt: {}", bones(left)))
    }
}

/// What the game is played to ("Game to 100", "One hand"); Domino Pool's pool is told apart.
pub fn goal_words(game: &Dominoes) -> Option<String> {
    let options = game.options();
    if game.game() == DominoGame::Pool {
        None
    } else if options.single_hand {
        Some("One hand".to_string())
    } else {
        Some(format!("Game to {}", options.target))
    }
}

/// Every legal move that lays `bone`.
pub fn plays_of(legal: &[Move], bone: Bone) -> Vec<Move> {
    legal
        .iter()
        .copied()
        .filter(|m| m.bone() == Some(bone))
        .collect()
}

/// Whether `bone` can be laid now.
pub fn playable(legal: &[Move], bone: Bone) -> bool {
    legal.iter().any(|m| m.bone() == Some(bone))
}

/// What clicking `bone` in the hand does.
pub fn click_bone(legal: &[Move], bone: Bone) -> BoneClick {
    match plays_of(legal, bone).as_slice() {
        [] => BoneClick::Nothing,
        [only] => BoneClick::Play(*only),
        _ => BoneClick::Select(bone),
    }
}

/// Why `bone`, touched, cannot be laid (`legal` being the toucher's moves): not their turn, not
/// the bone this hand must open with, or no open end it fits.
pub fn unplayable_words(legal: &[Move], bone: Bone) -> String {
    let sets: Vec<Bone> = legal
        .iter()
        .filter_map(|m| match m {
            Move::Set(b) => Some(*b),
            _ => None,
        })
        .collect();
    match sets.as_slice() {
        [] if legal.is_empty() => "It is not your turn to lay a bone.".to_string(),
        [] => format!("{bone} does not fit any open end."),
        [only] => format!("{bone} cannot open this hand: it opens with {only}."),
        _ => format!("{bone} cannot open this hand."),
    }
}

/// The arms (left/west 0, right/east 1, north 2, south 3) a bone may be laid on.
pub fn target_arms(legal: &[Move], bone: Bone) -> Vec<usize> {
    let mut arms: Vec<usize> = plays_of(legal, bone)
        .iter()
        .filter_map(|m| match m {
            Move::Play { end, .. } => Some(end.arm()),
            _ => None,
        })
        .collect();
    crate::sort::sort(&mut arms);
    arms.dedup();
    arms
}

/// The moves that lay `bone` on the end of `arm` (two for a matador that may go either way
/// round in Matador, otherwise one or none).
pub fn plays_on(legal: &[Move], bone: Bone, arm: usize) -> Vec<Move> {
    plays_of(legal, bone)
        .into_iter()
        .filter(|m| matches!(m, Move::Play { end, .. } if end.arm() == arm))
        .collect()
}

/// The plays of `bone` that need its way round chosen: both ways on each end where a matador
/// may go either way round (Matador); none for any other bone.
pub fn way_round_plays(legal: &[Move], bone: Bone) -> Vec<Move> {
    target_arms(legal, bone)
        .into_iter()
        .map(|arm| plays_on(legal, bone, arm))
        .filter(|ways| ways.len() > 1)
        .flatten()
        .collect()
}

/// Whose hand the screen shows.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Viewer {
    /// This seat's hand, face up.
    Hand(Seat),
    /// Several people share the screen and this one is to play: hide every hand until they
    /// say they have it.
    Pass(Seat),
    /// Every hand stays face down (a computer is to play while people share the screen, or
    /// nobody at the table is a person).
    Nobody,
}

/// Whose hand to show. `humans[i]` says whether seat `i` is a person; `to_move` is the seat to
/// play; `ready` is the person who last said they have the screen.
pub fn viewer(humans: &[bool], to_move: Option<Seat>, ready: Option<Seat>) -> Viewer {
    let people: Vec<Seat> = (0..humans.len())
        .filter(|i| humans[*i])
        .map(|i| Seat(i as u8))
        .collect();
    match people.as_slice() {
        [] => Viewer::Nobody,
        [one] => Viewer::Hand(*one),
        _ => match to_move {
            Some(seat) if humans[seat.index()] => {
                if ready == Some(seat) {
                    Viewer::Hand(seat)
                } else {
                    Viewer::Pass(seat)
                }
            }
            _ => Viewer::Nobody,
        },
    }
}

/// A bone's accessible name: "6-4, playable".
pub fn bone_label(bone: Bone, can_play: bool) -> String {
    if can_play {
        format!("{bone}, playable")
    } else {
        format!("{bone}, cannot be played now")
    }
}

/// An open end's accessible name: "left end, 5".
pub fn end_label(open: &OpenEnd) -> String {
    format!("{} end, {}", open.end.name(), open.number)
}

/// The players of a side by name: "Ada", or "Ada and Cy" for partners.
pub fn side_name(sides: Sides, side: usize, names: &[String]) -> String {
    with_names(&sides.name(side), names)
}

/// The rules' words with seats named by their players: "seat 2 played the last bone" becomes
/// "Bob played the last bone", "seats 1 and 3" becomes "Ada and Cy". One pass over the words, so
/// that a name put in is never read again (a player may be called "seat 1").
pub fn with_names(text: &str, names: &[String]) -> String {
    let name = |n: usize| {
        n.checked_sub(1)
            .and_then(|i| names.get(i))
            .map(String::as_str)
    };
    // "seats A and B" or "seat N" at the start of `text`, named, with the text after it.
    let seats_at = |text: &str| -> Option<(String, usize)> {
        if let Some(rest) = text.strip_prefix("seats ") {
            let (a, rest) = leading_number(rest)?;
            let (b, rest) = leading_number(rest.strip_prefix(" and ")?)?;
            let named = format!("{} and {}", name(a)?, name(b)?);
            return Some((named, text.len() - rest.len()));
        }
        let (n, rest) = leading_number(text.strip_prefix("seat ")?)?;
        Some((name(n)?.to_string(), text.len() - rest.len()))
    };
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        match seats_at(rest) {
            Some((named, used)) => {
                out.push_str(&named);
                rest = &rest[used..];
            }
            None => {
                out.push(c);
                rest = &rest[c.len_utf8()..];
            }
        }
    }
    out
}

/// The number that `text` starts with, and the text after it.
fn leading_number(text: &str) -> Option<(usize, &str)> {
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    Some((text[..digits].parse().ok()?, &text[digits..]))
}

/// One event of a hand in words, as the whole table saw it (a drawn bone stays hidden).
pub fn event_words(event: &Event, names: &[String]) -> String {
    let name = |seat: &Seat| names[seat.index()].clone();
    match event {
        Event::Set { seat, bone } => format!("{} sets {bone}", name(seat)),
        Event::Play {
            seat,
            bone,
            end,
            touching,
        } => {
            let open = bone.other(*touching).unwrap_or(*touching);
            format!(
                "{} plays {bone} on the {} end, leaving {open}",
                name(seat),
                end.name()
            )
        }
        Event::Draw { seat, .. } => format!("{} draws a bone", name(seat)),
        Event::Go { seat, .. } => format!("{} cannot play and goes", name(seat)),
        Event::Pass { seat, points } => {
            format!(
                "{}'s count of {points} was not claimed and is lost",
                name(seat)
            )
        }
        Event::Points { seat, points, why } => {
            let why = match why {
                PointsWhy::Count => "the ends count".to_string(),
                other => other.to_string(),
            };
            format!("{} scores {} ({why})", name(seat), points_words(*points))
        }
    }
}

/// Events in words, each as [`event_words`] tells it, except that bones drawn one after another
/// by one player are told once ("Ada draws 3 bones"), as one press of "Draw until a bone fits"
/// draws them.
pub fn told_events(events: &[Event], names: &[String]) -> Vec<String> {
    let mut words = Vec::new();
    let mut events = events.iter().peekable();
    while let Some(event) = events.next() {
        if let Event::Draw { seat, .. } = event {
            let mut drawn = 1;
            while events
                .next_if(|e| matches!(e, Event::Draw { seat: s, .. } if s == seat))
                .is_some()
            {
                drawn += 1;
            }
            if drawn > 1 {
                words.push(format!("{} draws {}", names[seat.index()], bones(drawn)));
                continue;
            }
        }
        words.push(event_words(event, names));
    }
    words
}

/// A hand's opening in words: who must set what, or who sets.
pub fn opening_words(hand: &HandLog, names: &[String]) -> String {
    let who = &names[hand.setter.index()];
    match hand.forced {
        Some(bone) => format!(
            "Hand {} is dealt: {who} holds {bone} and must set it",
            hand.number
        ),
        None => format!("Hand {} is dealt: {who} may set any bone", hand.number),
    }
}

/// The bone set or played last in the hand, for marking on the table.
pub fn last_bone(game: &Dominoes) -> Option<Bone> {
    game.last_hand().and_then(|h| {
        h.events.iter().rev().find_map(|e| match e {
            Event::Set { bone, .. } | Event::Play { bone, .. } => Some(*bone),
            _ => None,
        })
    })
}

/// What the moves from `before` to `after` did, in words, for the live region.
pub fn news(before: &Dominoes, after: &Dominoes, names: &[String]) -> Vec<String> {
    let mut words = Vec::new();
    let Some(hand) = after.last_hand() else {
        return words;
    };
    if after.hand_number() != before.hand_number() {
        words.push(opening_words(hand, names));
        return words;
    }
    let seen = before.last_hand().map_or(0, |h| h.events.len());
    words.extend(told_events(
        &hand.events[seen.min(hand.events.len())..],
        names,
    ));
    let ended_before = before.last_hand().is_some_and(|h| h.end.is_some());
    if let (Some(end), false) = (&hand.end, ended_before) {
        words.push(with_names(&end.why, names));
    }
    words
}

/// Whether the player to move cannot lay a bone and may draw: the rules have them draw until
/// one fits, or until only the bones never drawn are left.
pub fn must_draw(legal: &[Move]) -> bool {
    legal.contains(&Move::Draw) && !legal.iter().any(|m| m.bone().is_some())
}

/// What a player who cannot lay a bone must do instead, in words ("Ada cannot play and must
/// draw"): none while a bone fits, or while anything but a draw or a go is open to them. With
/// muggins, a count the previous player left unclaimed (`unclaimed`: whose, how much) may be
/// taken first, and is said too.
pub fn forced_words(legal: &[Move], who: &str, unclaimed: Option<(&str, u32)>) -> Option<String> {
    let mut open = legal.iter().filter(|m| **m != Move::Muggins).peekable();
    let forced = open.peek().is_some() && open.all(|m| matches!(m, Move::Draw | Move::Go));
    let must = if legal.contains(&Move::Draw) {
        "draw"
    } else {
        "go"
    };
    let first = match unclaimed.filter(|_| legal.contains(&Move::Muggins)) {
        Some((from, points)) => format!(", but may first take {from}'s {points} (muggins)"),
        None => String::new(),
    };
    forced.then(|| format!("{who} cannot play and must {must}{first}"))
}

/// Draws for the player to move until a bone fits or no more may be drawn, as pressing Draw
/// again and again would: each bone is its own `draw` in the record. Gives how many were drawn.
pub fn draw_until_able(game: &mut Match<Dominoes>) -> usize {
    let mut drawn = 0;
    while must_draw(&game.position().legal_moves()) && game.play(Move::Draw).is_ok() {
        drawn += 1;
    }
    drawn
}

/// Points each side made in a hand: counts during play and the end of the hand.
pub fn hand_points(hand: &HandLog, sides: Sides) -> Vec<u32> {
    let mut points = in_play(hand, sides);
    if let Some(end) = &hand.end {
        for (total, p) in points.iter_mut().zip(&end.points) {
            *total += p;
        }
    }
    points
}

/// Points each side made during a hand's play.
fn in_play(hand: &HandLog, sides: Sides) -> Vec<u32> {
    let mut points = vec![0; sides.count()];
    for event in &hand.events {
        if let Event::Points {
            seat, points: p, ..
        } = event
        {
            points[sides.of(*seat)] += p;
        }
    }
    points
}

/// What each side scored during a hand's play (All Fives' counts, Bergen's headers), in words,
/// if any did: the end-of-hand table's "This hand" adds it to the points for the hand's end.
pub fn in_play_words(
    hand: &HandLog,
    game: DominoGame,
    sides: Sides,
    names: &[String],
) -> Option<String> {
    let who: Vec<String> = in_play(hand, sides)
        .iter()
        .enumerate()
        .filter(|(_, p)| **p > 0)
        .map(|(side, p)| format!("{}, {}", side_name(sides, side, names), points(game, *p)))
        .collect();
    // A side may be two names ("Ada and Cy"): the sides are parted by semicolons.
    (!who.is_empty()).then(|| {
        format!(
            "Scored during play: {} (counted in \u{201c}This hand\u{201d} below)",
            who.join("; ")
        )
    })
}

/// How the end of a hand was counted, line by line: each side's pips, the count, the rounding.
pub fn counting_lines(
    game: DominoGame,
    end: &HandEnd,
    sides: Sides,
    names: &[String],
) -> Vec<String> {
    let mut lines = Vec::new();
    if sides.partners {
        for side in 0..sides.count() {
            lines.push(format!(
                "{} hold {} pips together",
                side_name(sides, side, names),
                end.side_pips[side]
            ));
        }
    }
    if let (Some(counted), Some(rounded)) = (end.counted, end.rounded) {
        if counted != rounded {
            lines.push(format!(
                "{counted} rounds to {rounded} (to the nearest five; 3 and 4 round up)"
            ));
        } else {
            lines.push(format!("{counted} is already a multiple of five"));
        }
    }
    if game == DominoGame::Bergen && end.points.iter().any(|p| *p > 0) {
        lines.push("Bergen scores 1 for winning a hand".into());
    }
    lines
}

/// The count of the ends, in words, for games that score it during play.
pub fn ends_words(game: &Dominoes) -> Option<String> {
    let line = game.line();
    if line.is_empty() {
        return None;
    }
    match game.game() {
        DominoGame::AllFives => {
            let count = scoring::ends_count(line);
            let scores = scoring::all_fives_points(line) > 0;
            Some(format!(
                "The ends count {count}{}",
                if scores { ", a multiple of five" } else { "" }
            ))
        }
        DominoGame::Bergen => {
            let ends = line.open_ends();
            let numbers: Vec<String> = ends.iter().map(|e| e.number.to_string()).collect();
            // What the table as it stands scored: a set double is not a header.
            let scored = scoring::bergen_points(line)
                .map(|(_, why)| format!(": a {why}"))
                .unwrap_or_default();
            Some(format!("The ends show {}{scored}", numbers.join(" and ")))
        }
        _ => None,
    }
}

/// A play in words, for a choice between ways round and for a hint ("1-6 on the left end,
/// leaving 6"): the open number is the one the rules say it leaves, whichever half is written
/// first.
pub fn play_words(game: &Dominoes, m: Move) -> String {
    match m {
        Move::Set(bone) => format!("set {bone}"),
        Move::Play { bone, end, .. } => match game.leaves_open(m) {
            Some(open) => format!("{bone} on the {} end, leaving {open}", end.name()),
            None => format!("{bone} on the {} end", end.name()),
        },
        Move::Draw => "draw".into(),
        Move::Go => "go".into(),
        Move::Claim => "claim".into(),
        Move::Muggins => "muggins".into(),
    }
}

/// A hint's move in words, said to the player it is for ("lay 6-4 on the left end, leaving 4",
/// "draw a bone", "claim 10").
pub fn hint_words(game: &Dominoes, m: Move) -> String {
    match m {
        Move::Set(_) => play_words(game, m),
        Move::Play { .. } => format!("lay {}", play_words(game, m)),
        Move::Draw => "draw a bone".into(),
        Move::Go => "go on: you cannot play".into(),
        Move::Claim => format!("claim {}", game.unclaimed().map_or(0, |(_, p)| p)),
        Move::Muggins => match game.unclaimed() {
            Some((_, points)) => format!("call muggins and take {points}"),
            None => "call muggins".into(),
        },
    }
}

/// An end named by its arm on this table, for words about a target.
pub fn arm_end(game: &Dominoes, arm: usize) -> End {
    game.line().end_name(arm)
}

/// The table in words, for those who cannot see it: how many bones, the set, the open ends.
pub fn table_words(game: &Dominoes) -> String {
    let line = game.line();
    let Some(set) = line.set() else {
        return "The table is empty.".to_string();
    };
    let ends: Vec<String> = game
        .playable_ends()
        .iter()
        .map(|e| format!("{} {}", e.end.name(), e.number))
        .collect();
    let spinner = line
        .spinner()
        .map(|b| format!(", {b} is the spinner"))
        .unwrap_or_default();
    format!(
        "On the table: {}, set with {set}{spinner}. Open ends: {}.",
        bones(line.len()),
        ends.join(", ")
    )
}

/// Names that tell seats apart: a name that more than one seat has gets its seat number.
pub fn distinct_names(names: &[String]) -> Vec<String> {
    names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            if names.iter().filter(|n| *n == name).count() > 1 {
                format!("{name} {}", i + 1)
            } else {
                name.clone()
            }
        })
        .collect()
}
