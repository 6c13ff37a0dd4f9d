//! The rules of Dominoes (`rules/dominoes.md`), one rule at a time, on hands dealt by script.
//!
//! Deals are written as in records: each seat's hand, then the stock. [`deal`] fills the rest of
//! the stock with the bones not named, in the set's order, so a test names only what matters.

use parlour::record::{Player, Record};
use parlour::rules::dominoes::scoring::{round_to_five, score_hand, HandEnding, Sides};
use parlour::rules::dominoes::{
    Bone, Deal, DominoGame, Dominoes, End, Event, Illegal, Move, Options, PublicEvent, Set,
};
use parlour::rules::{ChanceOutcomes, Game, Seat, Table, Turn};
use parlour::session::dominoes::ends_words;
use parlour::session::Match;
use rand_core::SeedableRng;
use rand_pcg::Pcg32;
use serde_json::{json, Map, Value};

fn bone(text: &str) -> Bone {
    text.parse().unwrap()
}

fn bones(text: &str) -> Vec<Bone> {
    text.split_whitespace().map(bone).collect()
}

/// A deal of `hands`, the stock beginning with `stock` and then every bone not named.
fn deal(set: Set, hands: &[&str], stock: &str) -> String {
    let mut named: Vec<Bone> = hands.iter().flat_map(|h| bones(h)).collect();
    named.extend(bones(stock));
    let rest: Vec<String> = set
        .bones()
        .into_iter()
        .filter(|b| !named.contains(b))
        .map(|b| b.to_string())
        .collect();
    format!("deal {} ; {} {}", hands.join(" / "), stock, rest.join(" "))
}

fn options(value: Value) -> Map<String, Value> {
    value.as_object().cloned().unwrap_or_default()
}

/// A game of `variant` with options, for as many players as hands, after the deal.
fn dealt(variant: &str, opts: Value, hands: &[&str], stock: &str) -> Dominoes {
    let mut game = Dominoes::from_header(Some(variant), &options(opts.clone()), hands.len())
        .unwrap_or_else(|e| panic!("{variant} {opts}: {e}"));
    let set = game.options().set;
    game.play_notation(&deal(set, hands, stock))
        .unwrap_or_else(|e| panic!("the deal is refused: {e}"));
    game
}

/// Plays moves in notation, each of which must be legal.
fn play(game: &mut Dominoes, moves: &str) {
    for m in moves.split_whitespace() {
        let legal = game.legal_notation();
        assert!(
            legal.contains(&m.to_string()),
            "{m} is not among the legal moves {legal:?}"
        );
        game.play_notation(m)
            .unwrap_or_else(|e| panic!("{m} refused: {e}"));
    }
}

fn refused(game: &Dominoes, m: &str) -> String {
    let mut tried = game.clone();
    let why = tried
        .play(m.parse().unwrap())
        .expect_err(&format!("{m} should be refused"))
        .to_string();
    assert_eq!(&tried, game, "refusing {m} changed the game");
    why
}

// ---------------------------------------------------------------------------------------------
// Notation

#[test]
fn moves_round_trip_through_notation() {
    for text in [
        "6-6", "6-4L", "6-4R", "1-6L", "6-1R", "12-10N", "5-5E", "3-0S", "4-2W", "draw", "go",
        "claim", "muggins",
    ] {
        let m: Move = text.parse().unwrap();
        assert_eq!(m.to_string(), text, "{text} does not round-trip");
    }
    assert_eq!(
        "6-4l".parse::<Move>().unwrap(),
        Move::play(bone("6-4"), End::Left)
    );
    assert_eq!(
        "1-6L".parse::<Move>().unwrap(),
        Move::Play {
            bone: bone("6-1"),
            end: End::Left,
            low_first: true
        }
    );
    assert_eq!(" DRAW ".parse::<Move>().unwrap(), Move::Draw);
    for bad in [
        "", "6", "6-4X", "4-6", "13-1L", "6--4L", "a-bL", "6-4LL", "deal",
    ] {
        assert!(bad.parse::<Move>().is_err(), "{bad:?} should not read");
    }
}

#[test]
fn an_end_named_by_its_arm_s_other_letter_is_written_as_the_table_names_it() {
    // All Fives after the set 5-5, with a spinner or without.
    let set = |spinner: bool| {
        let hands = ["5-5 5-3 3-3 2-0 1-1", "5-0 5-2 2-2 4-0 6-1"];
        let mut g = dealt(
            "all-fives",
            json!({"hand": 5, "spinner": spinner}),
            &hands,
            "",
        );
        play(&mut g, "5-5");
        g
    };
    // Without a spinner the ends are L and R: a record's W is written L.
    assert_eq!(set(false).play_notation("5-0W").unwrap(), "5-0L");
    // With one, W and E: a record's R is written E.
    let mut g = set(true);
    assert_eq!(g.play_notation("5-0r").unwrap(), "5-0E");
    // An end the table does not have is still refused.
    assert!(g.clone().play_notation("5-3N").is_err());
}

#[test]
fn deals_round_trip_through_notation() {
    let text = deal(Set::DoubleSix, &["6-6 6-5", "5-5 4-1"], "3-2 1-0");
    let parsed: Deal = text.parse().unwrap();
    assert_eq!(parsed.hands, vec![bones("6-6 6-5"), bones("5-5 4-1")]);
    assert_eq!(&parsed.stock[..2], &bones("3-2 1-0")[..]);
    assert_eq!(parsed.stock.len(), 28 - 4);
    assert_eq!(parsed.to_string().parse::<Deal>().unwrap(), parsed);
    assert_eq!(
        "deal 1-0 / 0-0 ;".parse::<Deal>().unwrap().to_string(),
        "deal 1-0 / 0-0 ;"
    );
    for bad in [
        "deal 6-6 / 5-5",
        "6-6 ; 1-0",
        "deal 6-6 / x ; 1-0",
        "dealer 6-6 ;",
    ] {
        assert!(bad.parse::<Deal>().is_err(), "{bad:?} should not read");
    }
}

#[test]
fn a_deal_that_is_not_the_whole_set_once_is_refused() {
    let fresh = || Dominoes::from_header(Some("block"), &Map::new(), 2).unwrap();
    let mut g = fresh();
    let good = deal(
        Set::DoubleSix,
        &["6-6 6-5 6-4 6-3 6-2 6-1 6-0", "5-5 5-4 5-3 5-2 5-1 5-0 4-4"],
        "",
    );
    // A bone twice, a bone missing, a short hand, a bone of another set, three hands.
    for (bad, why) in [
        (good.replace("4-4 ;", "6-6 ;"), "6-6 is dealt twice"),
        (good.replace(" 0-0", ""), "0-0 is missing"),
        (
            good.replace(" 4-4 ;", " ; 4-4"),
            "seat 2's hand has 6 bones, not 7",
        ),
        (
            good.replace("4-4 ;", "7-0 ;"),
            "7-0 is not in the double-six set",
        ),
        (
            deal(Set::DoubleSix, &["6-6", "5-5 5-4 5-3 5-2 5-1 5-0 4-4"], ""),
            "seat 1's hand has 1 bone, not 7",
        ),
        (
            good.replace(" ;", " / 0-0 ;"),
            "it deals 3 hands for 2 players",
        ),
    ] {
        let err = g.play_notation(&bad).unwrap_err().to_string();
        assert!(err.contains(why), "{bad}: {err}");
        assert_eq!(g, fresh(), "a refused deal changed the game");
    }
    g.play_notation(&good).unwrap();
    assert_eq!(g.whose_turn(), Turn::Seat(Seat(0)));
}

#[test]
fn a_deal_is_a_chance_move_drawn_from_the_rng() {
    let g = Dominoes::from_header(Some("draw"), &options(json!({"set": 9})), 3).unwrap();
    assert_eq!(g.whose_turn(), Turn::Chance);
    assert_eq!(g.chance_outcomes(), ChanceOutcomes::Unlisted);
    assert!(g.legal_notation().is_empty());
    let mut rng = Pcg32::seed_from_u64(7);
    let drawn = g.sample_chance(&mut rng).unwrap();
    assert_eq!(
        drawn.hands.iter().map(Vec::len).collect::<Vec<_>>(),
        [5, 5, 5]
    );
    assert_eq!(drawn.stock.len(), 55 - 15);
    let mut again = Pcg32::seed_from_u64(7);
    assert_eq!(g.sample_chance(&mut again), Some(drawn.clone()));
    let mut played = g.clone();
    played.play_chance(&drawn).unwrap();
    assert_ne!(played.whose_turn(), Turn::Chance);
    assert_eq!(played.sample_chance(&mut rng), None);
}

// ---------------------------------------------------------------------------------------------
// Options

#[test]
fn a_game_for_one_number_of_players_says_so() {
    let options = Options::defaults(DominoGame::Sebastopol, 4);
    assert_eq!(
        Dominoes::new(DominoGame::Sebastopol, 2, options).unwrap_err(),
        "Sebastopol is for 4 players, not 2"
    );
    let options = Options::defaults(DominoGame::Bergen, 2);
    assert_eq!(
        Dominoes::new(DominoGame::Bergen, 5, options).unwrap_err(),
        "Bergen is for 2 to 4 players, not 5"
    );
}

#[test]
fn impossible_combinations_are_refused_with_the_reason() {
    let cases: [(&str, usize, Value, &str); 12] = [
        ("sebastopol", 3, json!({}), "Sebastopol is for 4 players"),
        ("sebastopol", 4, json!({"set": 9}), "double-six set only"),
        (
            "domino-pool",
            2,
            json!({}),
            "Domino Pool is for 3 to 6 players",
        ),
        ("bergen", 5, json!({}), "Bergen is for 2 to 4 players"),
        ("draw", 4, json!({"hand": 7}), "need 28 of the 28 bones"),
        ("block", 4, json!({"hand": 8}), "need 32 of the 28 bones"),
        (
            "draw",
            3,
            json!({"partners": true}),
            "partners need four players",
        ),
        (
            "bergen",
            4,
            json!({"partners": true}),
            "always each for himself",
        ),
        (
            "block",
            2,
            json!({"spinner": true}),
            "a spinner is not an option of Block",
        ),
        ("domino-pool", 3, json!({"target": 50}), "no target"),
        ("block", 2, json!({"set": 7}), "no double-7 set"),
        (
            "domino-pool",
            6,
            json!({"hand": 4}),
            "at least 8 in the stock",
        ),
    ];
    for (variant, players, opts, why) in cases {
        let err = Dominoes::from_header(Some(variant), &options(opts.clone()), players)
            .expect_err(&format!("{variant} {players} {opts} should be refused"));
        assert!(err.contains(why), "{variant} {players} {opts}: {err}");
    }
    assert!(Dominoes::from_header(None, &Map::new(), 2).is_err());
    assert!(Dominoes::from_header(Some("chicken"), &Map::new(), 2).is_err());
    assert!(Dominoes::from_header(Some("block"), &options(json!({"colour": 1})), 2).is_err());
}

#[test]
fn hand_sizes_follow_the_table() {
    let size = |variant: &str, players: usize, opts: Value| {
        Dominoes::from_header(Some(variant), &options(opts), players)
            .unwrap()
            .options()
            .hand_size
    };
    assert_eq!(size("block", 4, json!({})), 7);
    assert_eq!(size("draw", 2, json!({})), 7);
    assert_eq!(size("draw", 3, json!({})), 5);
    assert_eq!(size("all-fives", 4, json!({"partners": false})), 5);
    assert_eq!(size("bergen", 3, json!({})), 6);
    assert_eq!(size("bergen", 4, json!({})), 5);
    assert_eq!(size("matador", 2, json!({})), 7);
    assert_eq!(size("sebastopol", 4, json!({})), 7);
    // Domino Pool: the most that leaves at least 8 in the stock.
    assert_eq!(size("domino-pool", 3, json!({})), 6); // 28 - 18 = 10
    assert_eq!(size("domino-pool", 4, json!({})), 5); // 28 - 20 = 8
    assert_eq!(size("domino-pool", 6, json!({})), 3); // 28 - 18 = 10
    assert_eq!(size("domino-pool", 5, json!({"set": 9})), 9); // 55 - 45 = 10
    assert_eq!(size("pool", 3, json!({"set": 12})), 27); // 91 - 81 = 10
    let partners = |variant: &str| {
        Dominoes::from_header(Some(variant), &Map::new(), 4)
            .unwrap()
            .options()
            .partners
    };
    assert!(partners("block") && partners("draw") && partners("all-fives") && partners("matador"));
    assert!(!partners("bergen") && !partners("sebastopol") && !partners("domino-pool"));
}

#[test]
fn options_written_to_a_record_open_the_same_game() {
    for (variant, players, opts) in [
        (
            "all-fives",
            4,
            json!({"spinner": true, "muggins": true, "target": 150}),
        ),
        ("matador", 3, json!({"set": 9, "draw_when_able": true})),
        ("domino-pool", 5, json!({"single_hand": true})),
        ("block", 4, json!({"partners": false, "difference": true})),
    ] {
        let g = Dominoes::from_header(Some(variant), &options(opts), players).unwrap();
        let again = Dominoes::from_header(Some(variant), &g.options_json(), players).unwrap();
        assert_eq!(again, g, "{variant}");
    }
}

// ---------------------------------------------------------------------------------------------
// The set and the lead

#[test]
fn first_hand_set_is_forced_to_the_highest_double() {
    // 6-6 is in the stock: 5-5 is the highest double dealt, and seat 2 holds it.
    let g = dealt(
        "block",
        json!({}),
        &["6-5 6-4 6-3 6-2 6-1 6-0 4-4", "5-5 5-4 5-3 5-2 5-1 5-0 4-3"],
        "",
    );
    assert_eq!(g.whose_turn(), Turn::Seat(Seat(1)));
    assert_eq!(g.legal_notation(), ["5-5"]);
    assert_eq!(refused(&g, "5-4"), "the hand must open with 5-5: set it");
    assert_eq!(refused(&g, "5-5L"), "the hand must open with 5-5: set it");
    let mut g = g;
    play(&mut g, "5-5");
    // Play goes on from the setter's next seat.
    assert_eq!(g.whose_turn(), Turn::Seat(Seat(0)));
}

#[test]
fn no_double_dealt_sets_the_heaviest_bone_higher_end_first() {
    // 6-3 and 5-4 both have nine pips: the higher end, 6, breaks the tie.
    let g = dealt(
        "block",
        json!({"hand": 3}),
        &["5-4 3-0 2-1", "6-3 5-2 4-1"],
        "",
    );
    assert_eq!(g.whose_turn(), Turn::Seat(Seat(1)));
    assert_eq!(g.legal_notation(), ["6-3"]);
}

#[test]
fn the_set_lies_high_end_left() {
    let mut g = dealt("block", json!({"hand": 2}), &["6-4 1-0", "4-3 6-1"], "");
    play(&mut g, "6-4");
    let ends: Vec<(End, u8)> = g
        .line()
        .open_ends()
        .iter()
        .map(|e| (e.end, e.number))
        .collect();
    assert_eq!(ends, [(End::Left, 6), (End::Right, 4)]);
    assert_eq!(g.legal_notation(), ["4-3R", "6-1L"]);
}

#[test]
fn later_hands_are_led_by_the_seat_after_the_setter_with_any_bone() {
    let mut g = dealt("block", json!({"hand": 2}), &["6-6 6-5", "5-5 0-0"], "");
    // Seat 1 sets 6-6; seat 2 has no six and goes; seat 1 plays out.
    play(&mut g, "6-6 go 6-5L");
    let end = g.hands_log()[0].end.clone().unwrap();
    assert_eq!(end.ending, HandEnding::Domino(Seat(0)));
    assert_eq!(g.scores(), [10, 0], "seat 2 held 5-5 and 0-0: 10 pips");
    assert_eq!(g.whose_turn(), Turn::Chance);
    let hand = ["2-1 3-3", "6-6 3-0"];
    g.play_notation(&deal(Set::DoubleSix, &hand, "")).unwrap();
    // Seat 2 sets, and any bone will do (not only the highest double).
    assert_eq!(g.whose_turn(), Turn::Seat(Seat(1)));
    assert_eq!(g.legal_notation(), ["6-6", "3-0"]);
    play(&mut g, "3-0");
    assert_eq!(g.legal_notation(), ["3-3L"]);
    assert_eq!(g.whose_turn(), Turn::Seat(Seat(0)));
}

// ---------------------------------------------------------------------------------------------
// Block

#[test]
fn block_domino_scores_the_pips_left_in_the_other_hand() {
    let mut g = dealt(
        "block",
        json!({"hand": 3}),
        &["6-6 6-5 5-0", "6-2 2-1 4-3"],
        "",
    );
    // 6-6; 6-2R; 6-5L; 2-1R; 5-0L and seat 1 is out. Seat 2 holds 4-3: 7 pips.
    play(&mut g, "6-6 6-2R 6-5L 2-1R 5-0L");
    assert_eq!(g.scores(), [7, 0]);
    assert_eq!(g.hands_log()[0].end.as_ref().unwrap().pips, [0, 7]);
}

#[test]
fn block_blocked_the_lowest_hand_scores_the_others_pips() {
    // Every other six is left out: after 6-6 nobody can play, and the hand ends at once.
    let mut g = dealt(
        "block",
        json!({"hand": 3}),
        &["6-6 3-2 4-1", "5-5 2-1 4-0"],
        "",
    );
    play(&mut g, "6-6");
    let end = g.hands_log()[0].end.clone().unwrap();
    assert_eq!(end.ending, HandEnding::Blocked);
    assert_eq!(end.pips, [10, 17]);
    assert_eq!(g.scores(), [17, 0]);
    assert!(
        end.why.contains("seat 1 holds the fewest pips (10)"),
        "{}",
        end.why
    );
}

#[test]
fn block_blocked_with_the_lowest_tied_scores_nothing() {
    let mut g = dealt(
        "block",
        json!({"hand": 3}),
        &["6-6 3-2 4-1", "5-2 2-1 0-0"],
        "",
    );
    play(&mut g, "6-6");
    assert_eq!(g.hands_log()[0].end.as_ref().unwrap().pips, [10, 10]);
    assert_eq!(g.scores(), [0, 0]);
}

#[test]
fn partnerships_tied_when_blocked_are_told_apart_as_two_sides() {
    // Nobody holds a six: after 6-6 the hand is blocked with each side holding 8 pips.
    let hands = ["6-6 5-0", "0-0 1-1", "1-0 2-0", "2-1 3-0"];
    let mut g = dealt("block", json!({"hand": 2, "single_hand": true}), &hands, "");
    play(&mut g, "6-6");
    let end = g.hands_log()[0].end.clone().unwrap();
    assert_eq!(end.side_pips, [8, 8]);
    assert!(
        end.why
            .contains("seats 1 and 3, and seats 2 and 4 tie for the fewest pips (8)"),
        "{}",
        end.why
    );
    assert_eq!(g.outcome().unwrap().winners.len(), 4);
    assert!(
        !g.outcome().unwrap().drawn,
        "every seat sharing the win is not a draw"
    );
}

#[test]
fn difference_scores_the_others_pips_less_ones_own() {
    let mut g = dealt(
        "block",
        json!({"hand": 3, "difference": true}),
        &["6-6 3-2 4-1", "5-5 2-1 4-0"],
        "",
    );
    play(&mut g, "6-6");
    assert_eq!(g.scores(), [17 - 10, 0]);
    let why = &g.hands_log()[0].end.as_ref().unwrap().why;
    assert!(
        why.ends_with(
            "seat 2 holds 17 pips and seat 1 holds 10: the difference is 7, so seat 1 scores 7"
        ),
        "{why}"
    );
}

#[test]
fn the_end_of_a_hand_names_the_one_other_side_and_says_the_others_of_several() {
    let mut two = dealt("block", json!({"hand": 2}), &["6-6 6-5", "1-0 2-1"], "");
    play(&mut two, "6-6 go 6-5R");
    let why = &two.hands_log()[0].end.as_ref().unwrap().why;
    assert_eq!(
        why,
        "seat 1 played the last bone; seat 2 holds 4 pips, so seat 1 scores 4"
    );
    let hands = ["6-6 6-5", "1-0 2-1", "2-0 1-1"];
    let mut three = dealt("block", json!({"hand": 2}), &hands, "");
    play(&mut three, "6-6 go go 6-5R");
    let why = &three.hands_log()[0].end.as_ref().unwrap().why;
    assert_eq!(
        why,
        "seat 1 played the last bone; the others hold 8 pips, so seat 1 scores 8"
    );
}

#[test]
fn a_difference_below_nothing_counts_nothing_and_says_so() {
    // Seat 1 goes out, but its partner still holds 5-5: the side's own 10 pips are more than the
    // other side's 8.
    let hands = ["6-6 6-5", "1-0 2-1", "6-4 5-5", "2-0 1-1"];
    let mut g = dealt("block", json!({"hand": 2, "difference": true}), &hands, "");
    play(&mut g, "6-6 go 6-4L go 6-5R");
    assert_eq!(g.scores(), [0, 0, 0, 0]);
    let why = &g.hands_log()[0].end.as_ref().unwrap().why;
    assert!(
        why.ends_with(
            "seats 2 and 4 hold 8 pips and seats 1 and 3 hold 10, which leaves nothing to \
             count, so seats 1 and 3 score 0"
        ),
        "{why}"
    );
    assert!(!why.contains("make 0"), "{why}");
}

#[test]
fn partners_share_one_score_and_count_the_other_sides_pips() {
    let hands = ["6-6 6-5", "1-0 2-1", "6-4 3-3", "2-0 1-1"];
    let mut g = dealt("block", json!({"hand": 2}), &hands, "");
    // 6-6; seat 2 goes; 6-4L; seat 4 goes; 6-5R and seat 1 is out.
    play(&mut g, "6-6 go 6-4L go 6-5R");
    // Seats 2 and 4 hold 1-0 2-1 and 2-0 1-1: 8 pips. Seat 3's 3-3 is on the winning side.
    assert_eq!(g.scores(), [8, 0, 8, 0]);
    assert_eq!(g.hands_log()[0].end.as_ref().unwrap().side_pips, [6, 8]);
    let why = &g.hands_log()[0].end.as_ref().unwrap().why;
    assert!(why.ends_with("so seats 1 and 3 score 8"), "{why}");
    // Each for himself, seat 1 takes every other hand's pips: 4 + 6 + 4.
    let mut g = dealt("block", json!({"hand": 2, "partners": false}), &hands, "");
    play(&mut g, "6-6 go 6-4L go 6-5R");
    assert_eq!(g.scores(), [14, 0, 0, 0]);
    let why = &g.hands_log()[0].end.as_ref().unwrap().why;
    assert!(why.ends_with("so seat 1 scores 14"), "{why}");
}

#[test]
fn go_is_only_for_a_player_who_cannot_play() {
    let g = {
        let mut g = dealt("block", json!({"hand": 2}), &["6-6 1-0", "6-5 2-1"], "");
        play(&mut g, "6-6");
        g
    };
    assert_eq!(g.legal_notation(), ["6-5L", "6-5R"]);
    assert_eq!(refused(&g, "go"), "you can play, so you may not go");
    assert_eq!(refused(&g, "draw"), "there is no drawing in this game");
    assert_eq!(
        refused(&g, "2-1L"),
        "2-1 does not match either end (6 and 6)"
    );
    assert_eq!(refused(&g, "1-0L"), "you do not hold 1-0");
    assert_eq!(refused(&g, "6-5N"), "there is no open north end");
    assert_eq!(
        refused(&g, "6-5"),
        "the set is down: name an end too, as 6-4L"
    );
    assert_eq!(
        refused(&g, "claim"),
        "there is no count to claim: a count is claimed straight after the play that made it"
    );
}

// ---------------------------------------------------------------------------------------------
// Draw

/// Seat 1 holds every six; seat 2 none; four bones in the stock, 2-0 and 1-1 on top.
const DRAW_HANDS: [&str; 2] = [
    "6-6 6-5 6-4 6-3 6-2 6-1 6-0 5-5 5-4 5-3 5-2 5-1",
    "5-0 4-4 4-3 4-2 4-1 4-0 3-3 3-2 3-1 3-0 2-2 2-1",
];

#[test]
fn draw_must_draw_until_able_and_the_last_two_bones_are_never_drawn() {
    let mut g = dealt("draw", json!({"hand": 12}), &DRAW_HANDS, "2-0 1-1 1-0 0-0");
    play(&mut g, "6-6");
    assert_eq!(g.legal_notation(), ["draw"]);
    assert_eq!(refused(&g, "go"), "you cannot play, so you must draw");
    play(&mut g, "draw");
    assert_eq!(g.hand(Seat(1)).last(), Some(&bone("2-0")));
    play(&mut g, "draw");
    assert_eq!(g.stock(), bones("1-0 0-0"));
    // Two bones left: they are never drawn, so seat 2 goes.
    assert_eq!(g.legal_notation(), ["go"]);
    assert_eq!(refused(&g, "draw"), "the last two bones are never drawn");
    play(&mut g, "go");
    assert_eq!(g.whose_turn(), Turn::Seat(Seat(0)));
    assert_eq!(refused(&g, "draw"), "the last two bones are never drawn");
}

#[test]
fn draw_may_not_draw_while_able_unless_the_option_allows() {
    let mut g = dealt("draw", json!({"hand": 2}), &["6-6 6-5", "6-4 1-0"], "");
    play(&mut g, "6-6");
    assert_eq!(g.legal_notation(), ["6-4L", "6-4R"]);
    assert_eq!(refused(&g, "draw"), "you may not draw while you can play");
    let mut g = dealt(
        "draw",
        json!({"hand": 2, "draw_when_able": true}),
        &["6-6 6-5", "6-4 1-0"],
        "",
    );
    play(&mut g, "6-6");
    assert_eq!(g.legal_notation(), ["6-4L", "6-4R", "draw"]);
}

#[test]
fn draw_domino_and_blocked_score_as_block() {
    // Domino: 6-6, 6-4L, 6-5R and seat 1 is out; seat 2 holds 1-0: 1 pip.
    let mut g = dealt("draw", json!({"hand": 2}), &["6-6 6-5", "6-4 1-0"], "");
    play(&mut g, "6-6 6-4L 6-5R");
    assert_eq!(g.scores(), [1, 0]);
    // Blocked with partners: seats 1+3 hold 9 + 4, seats 2+4 hold 12 + 6: seats 1 and 3 score 18.
    let sides = Sides {
        players: 4,
        partners: true,
    };
    let o = Options::defaults(DominoGame::Draw, 4);
    let left = vec![bones("6-3"), bones("6-6"), bones("2-2"), bones("5-1")];
    let end = score_hand(DominoGame::Draw, &o, sides, left, HandEnding::Blocked, 0);
    assert_eq!(end.side_pips, [13, 18]);
    assert_eq!(end.points, [18, 0]);
}

// ---------------------------------------------------------------------------------------------
// All Fives

#[test]
fn all_fives_counts_the_ends_with_doubles_counting_both_halves() {
    // 6-6 and 5-5 are in the stock: 4-4 is the highest double dealt.
    let mut g = dealt(
        "all-fives",
        json!({"hand": 4}),
        &["4-4 4-3 2-2 6-0", "4-2 3-3 5-0 6-1"],
        "",
    );
    play(&mut g, "4-4");
    assert_eq!(g.scores(), [0, 0], "the set alone counts 8: no score");
    play(&mut g, "4-2L");
    assert_eq!(g.scores(), [0, 10], "2 + the 4-4 at the right end (8) = 10");
    play(&mut g, "4-3R");
    assert_eq!(g.scores(), [5, 10], "2 + 3 = 5");
    play(&mut g, "3-3R");
    assert_eq!(g.scores(), [5, 10], "2 + 3-3 (6) = 8: no score");
    play(&mut g, "2-2L");
    assert_eq!(g.scores(), [15, 10], "2-2 (4) + 3-3 (6) = 10");
}

#[test]
fn all_fives_the_set_alone_counts_all_its_pips() {
    let mut g = dealt("all-fives", json!({"hand": 2}), &["5-5 1-0", "4-1 2-0"], "");
    play(&mut g, "5-5");
    assert_eq!(g.scores(), [10, 0]);
    let mut g = dealt("all-fives", json!({"hand": 2}), &["6-4 1-0", "4-1 2-0"], "");
    play(&mut g, "6-4");
    assert_eq!(
        g.scores(),
        [10, 0],
        "no double: 6-4, the heaviest, counts 10"
    );
}

#[test]
fn all_fives_domino_rounds_to_the_nearest_five_three_and_four_up() {
    for (left, points) in [("4-2", 5), ("6-2", 10), ("6-1", 5), ("5-4", 10), ("3-0", 5)] {
        // Seat 1 sets 4-4 (8: no count) with its only bone and is out.
        let mut g = dealt("all-fives", json!({"hand": 1}), &["4-4", left], "");
        play(&mut g, "4-4");
        let end = g.hands_log()[0].end.clone().unwrap();
        assert_eq!(end.ending, HandEnding::Domino(Seat(0)));
        assert_eq!(g.scores(), [points, 0], "{left} left: {}", end.why);
    }
    assert_eq!(
        (0..=14).map(round_to_five).collect::<Vec<_>>(),
        [0, 0, 0, 5, 5, 5, 5, 5, 10, 10, 10, 10, 10, 15, 15]
    );
}

#[test]
fn all_fives_blocked_the_lowest_hand_scores_the_others_rounded() {
    let sides = Sides {
        players: 3,
        partners: false,
    };
    let o = Options::defaults(DominoGame::AllFives, 3);
    let blocked = |hands: [&str; 3]| {
        let left = hands.iter().map(|h| bones(h)).collect();
        score_hand(
            DominoGame::AllFives,
            &o,
            sides,
            left,
            HandEnding::Blocked,
            0,
        )
    };
    let end = blocked(["6-5 4-3", "1-0", "6-6 2-1"]);
    // Seat 2 holds 1 pip; the others 18 + 15 = 33, rounded to 35.
    assert_eq!(end.pips, [18, 1, 15]);
    assert_eq!(end.counted, Some(33));
    assert_eq!(end.rounded, Some(35));
    assert_eq!(end.points, [0, 35, 0]);
    assert!(
        end.why.contains("33 pips, rounded to 35, so"),
        "{}",
        end.why
    );
    let end = blocked(["6-5 4-3", "1-0", "6-4 1-0"]);
    assert_eq!((end.counted, end.rounded), (Some(29), Some(30)));
    // 25 needs no rounding, and the words do not say it was rounded.
    let end = blocked(["6-5 4-3", "1-0", "6-1"]);
    assert_eq!((end.counted, end.rounded), (Some(25), Some(25)));
    assert!(!end.why.contains("rounded"), "{}", end.why);
}

#[test]
fn all_fives_spinner_counts_every_arm_and_the_spinner_while_a_side_is_open() {
    // 5-5 is the first double and the set: it spins.
    let mut g = dealt(
        "all-fives",
        json!({"hand": 5, "spinner": true}),
        &["5-5 5-3 3-3 2-0 1-1", "5-0 5-2 2-2 4-0 6-1"],
        "",
    );
    play(&mut g, "5-5");
    assert_eq!(g.scores(), [10, 0], "the set alone counts 10");
    assert_eq!(g.legal_notation(), ["5-0W", "5-0E", "5-2W", "5-2E"]);
    play(&mut g, "5-0W");
    assert_eq!(
        g.scores(),
        [10, 10],
        "0 + the spinner with one side open (10) = 10"
    );
    play(&mut g, "5-3E");
    assert_eq!(
        g.scores(),
        [10, 10],
        "both sides taken: 0 + 3 = 3, the spinner counts no more"
    );
    // North and south are open now, to fives.
    let ends: Vec<(End, u8)> = g
        .line()
        .open_ends()
        .iter()
        .map(|e| (e.end, e.number))
        .collect();
    assert_eq!(
        ends,
        [
            (End::West, 0),
            (End::East, 3),
            (End::North, 5),
            (End::South, 5)
        ]
    );
    play(&mut g, "5-2N");
    assert_eq!(g.scores(), [10, 15], "0 + 3 + 2 = 5");
    play(&mut g, "3-3E");
    assert_eq!(g.scores(), [10, 15], "0 + 3-3 (6) + 2 = 8");
    play(&mut g, "2-2N");
    assert_eq!(g.scores(), [10, 25], "0 + 6 + 2-2 (4) = 10");
}

#[test]
fn all_fives_muggins_a_count_must_be_claimed_or_the_next_player_takes_it() {
    let hands = ["4-4 6-0 1-0", "4-2 6-1 5-0"];
    let mut g = dealt("all-fives", json!({"hand": 3, "muggins": true}), &hands, "");
    play(&mut g, "4-4 4-2L");
    // Seat 2's play counts 10. Seat 1 is to move at once; until it moves, seat 2 may claim
    // the count and seat 1 may take it.
    assert_eq!(g.whose_turn(), Turn::Seat(Seat(0)));
    assert_eq!(g.scores(), [0, 0]);
    assert_eq!(g.unclaimed(), Some((Seat(1), 10)));
    assert_eq!(g.legal_notation(), ["claim", "muggins", "draw"]);
    assert_eq!(g.mover(Move::Claim), Some(Seat(1)));
    assert_eq!(g.mover(Move::Muggins), Some(Seat(0)));
    assert_eq!(g.mover(Move::Draw), Some(Seat(0)));
    let mut claimed = g.clone();
    play(&mut claimed, "claim");
    assert_eq!(claimed.scores(), [0, 10]);
    assert_eq!(claimed.whose_turn(), Turn::Seat(Seat(0)));
    assert_eq!(claimed.legal_notation(), ["draw"]);
    assert_eq!(
        refused(&claimed, "claim"),
        "there is no count to claim: a count is claimed straight after the play that made it"
    );
    assert_eq!(
        refused(&claimed, "muggins"),
        "there is no unclaimed count to take"
    );
    // Not claimed: seat 1 may take it before playing, as the rules write it (`4-2L muggins`).
    let mut lost = g.clone();
    play(&mut g, "muggins");
    assert_eq!(g.scores(), [10, 0]);
    assert_eq!(g.whose_turn(), Turn::Seat(Seat(0)));
    assert_eq!(
        refused(&g, "muggins"),
        "there is no unclaimed count to take"
    );
    refused(&g, "claim");
    // Played over (seat 1 cannot play and draws), the count is lost, and the hand says so.
    play(&mut lost, "draw");
    assert!(lost.unclaimed().is_none());
    assert_eq!(lost.scores(), [0, 0]);
    let events = &lost.last_hand().unwrap().events;
    assert!(events.contains(&Event::Pass {
        seat: Seat(1),
        points: 10
    }));
    refused(&lost, "claim");
}

#[test]
fn a_muggins_record_of_an_earlier_parlour_reads_as_the_rules_write_it() {
    // Seat 1 sets 5-5 (10) and does not claim it; seat 2 holds no five and takes it.
    let record = |moves: &[&str]| {
        let mut all = vec![
            "deal 5-5 1-1 2-2 3-3 4-4 0-0 1-0 / 6-4 6-3 6-2 6-1 6-0 4-3 4-2 ; \
             6-6 6-5 5-4 5-3 5-2 5-1 5-0 4-1 4-0 3-2 3-1 3-0 2-1 2-0",
        ];
        all.extend(moves);
        Record::from_json(
            &json!({
                "format": "parlour-record", "version": 1, "game": "dominoes",
                "variant": "all-fives", "options": {"muggins": true},
                "players": [{"name": "Ada", "kind": "human"}, {"name": "Bob", "kind": "human"}],
                "moves": all,
            })
            .to_string(),
        )
        .unwrap()
    };
    // As the rules write it: nothing between the play and the next player's move.
    let rules = record(&["5-5", "muggins", "draw"]);
    // As Parlour wrote it before: a `go` after a count its player let go.
    let earlier = record(&["5-5", "go", "muggins", "draw"]);
    for r in [&rules, &earlier] {
        let written = r.written().unwrap();
        assert_eq!(written.moves[1..], ["5-5", "muggins", "draw"]);
        let table = r.replay().unwrap();
        assert_eq!(table.seat_scores(), [0, 10]);
        let game = Match::from_record(r, r.start_as(Dominoes::from_header).unwrap(), &[]);
        assert_eq!(game.unwrap().moves(), &written.moves[..]);
    }
    // A `go` that was never a letting go is still refused, and named as written.
    let bad = record(&["5-5", "claim", "go"]);
    let why = bad.written().unwrap_err().to_string();
    assert!(why.contains("move 4") && why.contains("go"), "{why}");
    // Without muggins, nothing is read another way.
    let mut plain = earlier.clone();
    plain.options.remove("muggins");
    assert!(plain.written().is_err());
}

// ---------------------------------------------------------------------------------------------
// Target and single hand

#[test]
fn the_target_reached_mid_hand_ends_the_game_and_the_hand_is_not_scored() {
    // Seat 1 sets 5-5, its last bone: the count (10) reaches the target first, so seat 2's 7
    // pips (which would round to 5) are not scored.
    let mut g = dealt(
        "all-fives",
        json!({"hand": 1, "target": 10}),
        &["5-5", "6-1"],
        "",
    );
    play(&mut g, "5-5");
    assert_eq!(g.whose_turn(), Turn::Over);
    assert_eq!(g.scores(), [10, 0]);
    let end = g.hands_log()[0].end.clone().unwrap();
    assert_eq!(end.ending, HandEnding::TargetReached);
    let outcome = g.outcome().unwrap();
    assert_eq!(outcome.winners, [Seat(0)]);
    assert!(
        outcome.reason.contains("reached the target of 10"),
        "{}",
        outcome.reason
    );
    assert_eq!(refused(&g, "go"), "the game is over");
}

#[test]
fn the_target_reached_at_the_end_of_a_hand_ends_the_game() {
    let mut g = dealt(
        "block",
        json!({"hand": 2, "target": 10}),
        &["6-6 6-5", "5-5 0-0"],
        "",
    );
    play(&mut g, "6-6 go 6-5L");
    assert_eq!(g.whose_turn(), Turn::Over);
    assert_eq!(g.outcome().unwrap().winners, [Seat(0)]);
}

#[test]
fn a_single_hand_is_played_out_whatever_the_target() {
    // As above, but one hand chosen instead of a target: the count of 10 ends nothing, the
    // hand is played out and scored, and its reason is the single hand.
    let mut g = dealt(
        "all-fives",
        json!({"hand": 2, "target": 10, "single_hand": true}),
        &["5-5 5-1", "5-4 2-0"],
        "",
    );
    play(&mut g, "5-5");
    assert_eq!(g.scores(), [10, 0], "the count is scored");
    assert_ne!(g.whose_turn(), Turn::Over, "and the hand goes on");
    // 5-4 leaves 5-5 and 4 (14, nothing); 5-1 leaves 1 and 4 (5).
    play(&mut g, "5-4R 5-1L");
    assert_eq!(g.whose_turn(), Turn::Over);
    let end = g.hands_log()[0].end.clone().unwrap();
    assert_eq!(end.ending, HandEnding::Domino(Seat(0)));
    assert_eq!(g.scores(), [15, 0], "the 2 pips left over round to nothing");
    let outcome = g.outcome().unwrap();
    assert_eq!(outcome.winners, [Seat(0)]);
    assert_eq!(outcome.reason, "a single hand was played");
}

#[test]
fn a_single_hand_game_ends_after_one_hand_and_equal_highest_share() {
    let mut g = dealt(
        "block",
        json!({"hand": 3, "single_hand": true}),
        &["6-6 3-2 4-1", "5-2 2-1 0-0"],
        "",
    );
    play(&mut g, "6-6");
    let outcome = g.outcome().unwrap();
    assert_eq!(outcome.winners, [Seat(0), Seat(1)], "0 to 0: both share");
    assert_eq!(outcome.reason, "a single hand was played");
}

// ---------------------------------------------------------------------------------------------
// Bergen

#[test]
fn bergen_set_double_double_and_triple_headers() {
    let mut g = dealt(
        "bergen",
        json!({"hand": 5}),
        &["3-3 5-1 3-0 2-0 6-1", "5-3 3-1 3-2 6-2 4-0"],
        "",
    );
    let words = |g: &Dominoes| ends_words(g).unwrap_or_default();
    play(&mut g, "3-3");
    assert_eq!(g.scores(), [2, 0], "the set double scores 2");
    assert_eq!(words(&g), "The ends show 3 and 3: a set double");
    play(&mut g, "5-3L 5-1L");
    assert_eq!(g.scores(), [2, 0], "ends 1 and 3: nothing");
    assert_eq!(words(&g), "The ends show 1 and 3");
    play(&mut g, "3-1L");
    assert_eq!(
        g.scores(),
        [2, 3],
        "3 and the 3-3 at the right: a triple header"
    );
    assert_eq!(words(&g), "The ends show 3 and 3: a triple header");
    play(&mut g, "3-0R 3-2L");
    assert_eq!(g.scores(), [2, 3], "ends 2 and 0");
    play(&mut g, "2-0L");
    assert_eq!(g.scores(), [4, 3], "0 and 0: a double header");
    assert_eq!(words(&g), "The ends show 0 and 0: a double header");
}

#[test]
fn bergen_domino_scores_one_after_the_play_s_own_points() {
    let mut g = dealt("bergen", json!({"hand": 1}), &["2-2", "4-1"], "");
    play(&mut g, "2-2");
    assert_eq!(
        g.scores(),
        [2 + 1, 0],
        "set double 2, then 1 for the domino"
    );
}

#[test]
fn bergen_blocked_a_hand_with_a_double_loses_to_one_without() {
    let sides = Sides {
        players: 3,
        partners: false,
    };
    let o = Options::defaults(DominoGame::Bergen, 3);
    let end = |left: [&str; 3]| {
        let left = left.iter().map(|h| bones(h)).collect();
        score_hand(DominoGame::Bergen, &o, sides, left, HandEnding::Blocked, 0)
    };
    let score = |left: [&str; 3]| end(left).points;
    // Seat 1 has the fewest pips (4) but holds a double: seat 3 (9, no double) scores 1.
    assert_eq!(score(["2-2", "6-5", "5-4"]), [0, 0, 1]);
    // Every hand holds a double: the lowest scores.
    assert_eq!(score(["2-2", "6-6", "5-5"]), [1, 0, 0]);
    // Equal lowest among those without a double: nobody.
    assert_eq!(score(["1-1", "6-3", "5-4"]), [0, 0, 0]);
    // The words do not say a hand holds the fewest pips when another holds fewer.
    assert_eq!(
        end(["2-2", "6-6", "5-4"]).why,
        "blocked: seat 3 alone holds no double, and a hand without one beats hands with one, \
         so seat 3 scores 1"
    );
    assert_eq!(
        end(["2-2", "6-5", "5-4"]).why,
        "blocked; hands without a double (seat 2 and seat 3) beat hands with one: seat 3 \
         holds the fewest pips among them (9), so seat 3 scores 1"
    );
    assert!(end(["1-1", "6-3", "5-4"])
        .why
        .contains("tie for the fewest pips among them (9), so nobody scores"));
    assert!(end(["2-2", "6-6", "5-5"])
        .why
        .ends_with(": seat 1 holds the fewest pips (4), so seat 1 scores 1"));
}

// ---------------------------------------------------------------------------------------------
// Matador

#[test]
fn matador_plays_to_seven_and_matadors_go_anywhere_either_way_round() {
    let mut g = dealt(
        "matador",
        json!({"hand": 4}),
        &["4-4 6-1 0-0 6-3", "3-2 5-0 2-1 6-5"],
        "",
    );
    play(&mut g, "4-4");
    // 3 + 4 = 7: 3-2 goes on either end with its 3 touching.
    assert_eq!(g.legal_notation(), ["3-2L", "3-2R"]);
    play(&mut g, "3-2L");
    assert_eq!(g.line().open_ends()[0].number, 2);
    assert_eq!(
        g.legal_notation(),
        ["6-1L", "1-6L", "6-1R", "1-6R", "0-0L", "0-0R", "6-3R"]
    );
    play(&mut g, "1-6R");
    assert_eq!(
        g.line().open_ends()[1].number,
        6,
        "1 against the end leaves 6 open"
    );
    // 5 + 2 = 7 on the left leaves a blank end.
    play(&mut g, "5-0L");
    assert_eq!(g.line().open_ends()[0].number, 0);
    assert_eq!(
        refused(&g, "6-3L"),
        "only a matador may be played on a blank end: 6-3 may not go on the left end"
    );
    assert_eq!(g.legal_notation(), ["0-0L", "0-0R"], "0-0 once per end");
    play(&mut g, "0-0L");
    assert_eq!(g.legal_notation(), ["2-1R"]);
}

#[test]
fn matador_bones_other_than_matadors_are_written_high_first() {
    let mut g = dealt("matador", json!({"hand": 2}), &["4-4 1-0", "3-2 6-5"], "");
    play(&mut g, "4-4");
    assert_eq!(
        refused(&g, "2-3L"),
        "write the bone high end first (3-2): only a matador in Matador names its touching half first"
    );
    assert!(refused(&g, "6-5L").contains("neither half of 6-5 makes 7 with the left end (4)"));
}

#[test]
fn matador_domino_and_blocked_score_as_block() {
    // Seat 1 sets 4-4 and plays the matador 6-1 to go out; seat 2 holds 3-2 (5 pips).
    let mut g = dealt("matador", json!({"hand": 2}), &["4-4 6-1", "3-2 5-0"], "");
    play(&mut g, "4-4 3-2L 6-1R");
    assert_eq!(g.scores(), [5, 0]);
    let sides = Sides {
        players: 2,
        partners: false,
    };
    let o = Options::defaults(DominoGame::Matador, 2);
    let left = vec![bones("6-6"), bones("5-5 1-0")];
    let end = score_hand(DominoGame::Matador, &o, sides, left, HandEnding::Blocked, 0);
    assert_eq!(
        end.points,
        [0, 12],
        "seat 2 holds 11 against 12 and scores them"
    );
    let left = vec![bones("6-6"), bones("5-5 2-0")];
    let end = score_hand(DominoGame::Matador, &o, sides, left, HandEnding::Blocked, 0);
    assert_eq!(end.points, [0, 0], "12 against 12: a tie scores nothing");
}

// ---------------------------------------------------------------------------------------------
// Sebastopol

const SEBASTOPOL: [&str; 4] = [
    "6-6 6-2 0-0 1-1 2-2 3-3 4-4",
    "6-5 6-1 5-5 5-0 4-0 3-0 2-0",
    "6-4 6-0 5-4 5-3 5-2 5-1 1-0",
    "6-3 4-3 4-2 4-1 3-2 3-1 2-1",
];

#[test]
fn sebastopol_only_sixes_to_the_spinner_until_its_four_sides_are_taken() {
    let mut g = dealt("sebastopol", json!({}), &SEBASTOPOL, "");
    assert_eq!(g.legal_notation(), ["6-6"]);
    play(&mut g, "6-6");
    assert_eq!(
        g.legal_notation(),
        ["6-5W", "6-5E", "6-5N", "6-5S", "6-1W", "6-1E", "6-1N", "6-1S"]
    );
    play(&mut g, "6-5E");
    // 5-4 matches the east end (5) but the spinner's sides come first.
    assert_eq!(
        refused(&g, "5-4E"),
        "until the spinner has a bone on all four sides, only sixes may be played, to the spinner"
    );
    assert_eq!(
        g.legal_notation(),
        ["6-4W", "6-4N", "6-4S", "6-0W", "6-0N", "6-0S"]
    );
    play(&mut g, "6-4N 6-3S 6-2W");
    // All four sides taken: play goes on at the four ends, W 2, E 5, N 4, S 3.
    assert_eq!(g.legal_notation(), ["5-5E", "5-0E", "4-0N", "3-0S", "2-0W"]);
}

#[test]
fn sebastopol_double_six_is_set_every_hand_and_blocked_scores_as_block() {
    let mut g = dealt("sebastopol", json!({}), &SEBASTOPOL, "");
    play(&mut g, "6-6 6-5E 6-4N 6-3S 6-2W");
    assert_eq!(g.hands_log()[0].setter, Seat(0));
    // Each for himself: the lowest hand scores everybody else's pips.
    let sides = Sides {
        players: 4,
        partners: false,
    };
    let o = Options::defaults(DominoGame::Sebastopol, 4);
    let left = vec![bones("1-1"), bones("5-5"), bones("1-0"), bones("4-3 2-1")];
    let end = score_hand(
        DominoGame::Sebastopol,
        &o,
        sides,
        left,
        HandEnding::Blocked,
        0,
    );
    assert_eq!(end.points, [0, 0, 2 + 10 + 10, 0]);
    // Hand 2: seat 4 holds 6-6 and must set it.
    let mut g = dealt("sebastopol", json!({"single_hand": false}), &SEBASTOPOL, "");
    let mut rng = Pcg32::seed_from_u64(3);
    while g.whose_turn() != Turn::Chance {
        let legal = g.legal_notation();
        g.play_notation(&legal[(rand_core::RngCore::next_u32(&mut rng) as usize) % legal.len()])
            .unwrap();
    }
    let hands: Vec<&str> = [3, 0, 1, 2].iter().map(|i| SEBASTOPOL[*i]).collect();
    g.play_notation(&deal(Set::DoubleSix, &hands, "")).unwrap();
    assert_eq!(g.whose_turn(), Turn::Seat(Seat(1)));
    assert_eq!(g.legal_notation(), ["6-6"]);
}

// ---------------------------------------------------------------------------------------------
// Domino Pool

#[test]
fn domino_pool_divides_the_pool_and_carries_the_remainder() {
    let sides = Sides {
        players: 3,
        partners: false,
    };
    let o = Options::defaults(DominoGame::Pool, 3);
    let left = vec![bones("2-1"), bones("6-6"), bones("3-0")];
    let end = score_hand(
        DominoGame::Pool,
        &o,
        sides,
        left.clone(),
        HandEnding::Blocked,
        3,
    );
    // Seats 1 and 3 tie at 3 pips: one counter each, one stays.
    assert_eq!(end.points, [1, 0, 1]);
    assert_eq!(end.pool, Some((3, 1)));
    let end = score_hand(
        DominoGame::Pool,
        &o,
        sides,
        left,
        HandEnding::Domino(Seat(1)),
        4,
    );
    assert_eq!(end.points, [0, 4, 0], "the player out takes the whole pool");
    assert_eq!(end.pool, Some((4, 0)));
}

#[test]
fn domino_pool_lasts_as_many_hands_as_players_and_scores_counters_taken() {
    for players in 3..=6 {
        let mut g = Dominoes::from_header(Some("domino-pool"), &Map::new(), players).unwrap();
        let mut rng = Pcg32::seed_from_u64(players as u64);
        while g.whose_turn() != Turn::Over {
            match g.whose_turn() {
                Turn::Chance => {
                    let deal = g.sample_chance_notation(&mut rng).unwrap();
                    g.play_notation(&deal).unwrap();
                    assert_eq!(
                        g.hands_log().len(),
                        g.hand_number(),
                        "each deal begins a hand"
                    );
                }
                _ => {
                    let legal = g.legal_notation();
                    let pick = rand_core::RngCore::next_u32(&mut rng) as usize % legal.len();
                    g.play_notation(&legal[pick]).unwrap();
                }
            }
        }
        assert_eq!(g.hand_number(), players);
        let taken: i32 = g.scores().iter().sum();
        assert_eq!(taken as u32 + g.pool(), players as u32 * players as u32);
        assert!(g.outcome().unwrap().reason.contains("hands of Domino Pool"));
    }
}

#[test]
fn domino_pool_the_player_out_takes_the_pool() {
    // Three players, one bone each: seat 1 sets 6-6 and is out, taking the three counters.
    let mut g = dealt(
        "domino-pool",
        json!({"hand": 1}),
        &["6-6", "1-0", "2-1"],
        "",
    );
    assert_eq!(g.pool(), 3);
    play(&mut g, "6-6");
    assert_eq!(g.scores(), [3, 0, 0]);
    assert_eq!(g.pool(), 0);
    assert_eq!(g.whose_turn(), Turn::Chance);
}

// ---------------------------------------------------------------------------------------------
// Checked play and observation

#[test]
fn refused_moves_and_deals_leave_the_game_unchanged() {
    let mut g = dealt("draw", json!({"hand": 12}), &DRAW_HANDS, "2-0 1-1 1-0 0-0");
    play(&mut g, "6-6");
    for bad in [
        "6-5L", "go", "claim", "muggins", "6-6", "5-0L", "2-2L", "1-6L",
    ] {
        refused(&g, bad);
    }
    let before = g.clone();
    assert!(g.play_notation("deal 6-6 ;").is_err());
    assert!(g.play_notation("zz").is_err());
    assert_eq!(g, before);
    assert!(matches!(
        g.clone().play_chance(&"deal 1-0 / 0-0 ;".parse().unwrap()),
        Err(Illegal::NoDealDue)
    ));
}

#[test]
fn an_observation_holds_no_hidden_bone() {
    let mut g = dealt("draw", json!({"hand": 12}), &DRAW_HANDS, "2-0 1-1 1-0 0-0");
    play(&mut g, "6-6 draw draw go");
    let seen = g.observe(Seat(0));
    assert_eq!(seen.hand(), g.hand(Seat(0)));
    assert_eq!(seen.hand_sizes(), [11, 14]);
    assert_eq!(seen.stock_size(), 2);
    let text = format!("{seen:?}");
    for hidden in g.hand(Seat(1)).iter().chain(g.stock()) {
        assert!(
            !text.contains(&format!("{hidden:?}")),
            "seat 1's observation shows {hidden}"
        );
    }
    // The draws show that a bone was drawn, not which; seat 2 has shown it holds no six.
    assert!(seen
        .history()
        .contains(&PublicEvent::Draw { seat: Seat(1) }));
    assert_eq!(seen.lacking(Seat(1)).numbers(), [6]);
    assert_eq!(seen.unseen().len(), 28 - 11 - 1);
    assert_eq!(seen.legal_moves().len(), g.legal_moves().len());
    assert!(
        g.observe(Seat(1)).legal_moves().is_empty(),
        "not seat 2's turn"
    );
}

#[test]
fn a_draw_that_may_be_chosen_tells_the_table_nothing_of_the_hand() {
    // Seat 2 holds no six. Where a draw is forced, drawing shows it; where a player may draw
    // even when able, the others cannot tell, and the computer is told no more than they are.
    for (when_able, shown) in [(false, vec![6u8]), (true, vec![])] {
        let options = json!({"hand": 12, "draw_when_able": when_able});
        let mut g = dealt("draw", options, &DRAW_HANDS, "2-0 1-1 1-0 0-0");
        play(&mut g, "6-6 draw");
        assert_eq!(
            g.observe(Seat(0)).lacking(Seat(1)).numbers(),
            shown,
            "drawing when able: {when_able}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Records

#[test]
fn a_record_replays_with_chance_to_move_and_no_legal_list_while_a_deal_is_due() {
    let mut record = Record::new(
        parlour::games::GameKind::Dominoes,
        Some("block"),
        options(json!({"hand": 2})),
        vec![Player::human("Ada"), Player::human("Ben")],
    );
    let report = record.replay_report().unwrap();
    assert_eq!(report["to_move"], "chance");
    assert_eq!(report["legal"], json!([]));
    record.moves = vec![
        deal(Set::DoubleSix, &["6-6 6-5", "5-5 0-0"], ""),
        "6-6".into(),
        "go".into(),
        "6-5L".into(),
    ];
    let report = record.replay_report().unwrap();
    assert_eq!(report["to_move"], "chance");
    assert_eq!(report["scores"], json!([10, 0]));
    record.moves.push("6-6".into());
    let err = record.replay_report().unwrap_err().to_string();
    assert!(err.starts_with("move 5 \"6-6\""), "{err}");
}
