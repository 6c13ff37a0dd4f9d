//! Dominoes at one screen: what clicks on bones and ends do, whose hand is shown when people
//! share the screen, and the hand told in words.

use parlour::rules::dominoes::{Bone, DominoGame, Dominoes, End, Move, Sides};
use parlour::rules::{Game, Seat, Table};
use parlour::session::dominoes::{
    bone_label, click_bone, distinct_names, draw_until_able, end_label, forced_words, goal_words,
    hand_points, hint_words, in_play_words, must_draw, news, plays_on, side_name, stock_words,
    table_words, target_arms, told_events, unplayable_words, viewer, with_names, BoneClick, Viewer,
};
use serde_json::{json, Map, Value};

fn bone(text: &str) -> Bone {
    text.parse().unwrap()
}

fn options(value: Value) -> Map<String, Value> {
    value.as_object().cloned().unwrap_or_default()
}

fn names() -> Vec<String> {
    vec!["Ada".into(), "Bob".into(), "Cy".into(), "Di".into()]
}

/// A two-player Block hand: Ada holds the 6-6 and sets it.
fn block() -> Dominoes {
    let mut game = Dominoes::from_header(Some("block"), &options(json!({})), 2).unwrap();
    game.play_notation(
        "deal 6-6 6-4 4-4 5-1 3-0 2-2 1-1 / 6-5 6-3 5-5 4-2 3-3 2-0 0-0 ; \
         6-2 6-1 6-0 5-4 5-3 5-2 5-0 4-3 4-1 4-0 3-2 3-1 2-1 1-0",
    )
    .unwrap();
    game
}

#[test]
fn a_forced_set_plays_with_one_click() {
    let game = block();
    let legal = game.legal_moves();
    assert_eq!(
        click_bone(&legal, bone("6-6")),
        BoneClick::Play(Move::Set(bone("6-6")))
    );
    assert_eq!(click_bone(&legal, bone("6-4")), BoneClick::Nothing);
    // The table is empty: the wrong bone is told what the hand opens with, not of open ends.
    assert_eq!(
        unplayable_words(&legal, bone("6-4")),
        "6-4 cannot open this hand: it opens with 6-6."
    );
    assert_eq!(
        unplayable_words(&[], bone("6-4")),
        "It is not your turn to lay a bone."
    );
}

#[test]
fn a_bone_that_fits_one_end_plays_at_once_and_one_that_fits_two_is_chosen_first() {
    let mut game = block();
    game.play(Move::Set(bone("6-6"))).unwrap();
    // Bob: 6-5 and 6-3 fit either end of the lone double.
    let legal = game.legal_moves();
    assert_eq!(
        click_bone(&legal, bone("6-5")),
        BoneClick::Select(bone("6-5"))
    );
    assert_eq!(target_arms(&legal, bone("6-5")), vec![0, 1]);
    assert_eq!(
        plays_on(&legal, bone("6-5"), 1),
        vec![Move::play(bone("6-5"), End::Right)]
    );
    game.play(Move::play(bone("6-5"), End::Right)).unwrap();
    // Ada: 6-4 fits only the left end now (6 left, 5 right).
    let legal = game.legal_moves();
    assert_eq!(
        click_bone(&legal, bone("6-4")),
        BoneClick::Play(Move::play(bone("6-4"), End::Left))
    );
    assert_eq!(click_bone(&legal, bone("3-0")), BoneClick::Nothing);
    assert_eq!(
        unplayable_words(&legal, bone("3-0")),
        "3-0 does not fit any open end."
    );
}

#[test]
fn one_person_always_sees_their_own_hand() {
    let humans = [true, false];
    assert_eq!(viewer(&humans, Some(Seat(1)), None), Viewer::Hand(Seat(0)));
    assert_eq!(viewer(&humans, None, None), Viewer::Hand(Seat(0)));
    assert_eq!(viewer(&[false, false], Some(Seat(0)), None), Viewer::Nobody);
}

#[test]
fn people_sharing_the_screen_pass_it_between_turns() {
    let humans = [true, true, false];
    assert_eq!(
        viewer(&humans, Some(Seat(1)), Some(Seat(0))),
        Viewer::Pass(Seat(1))
    );
    assert_eq!(
        viewer(&humans, Some(Seat(1)), Some(Seat(1))),
        Viewer::Hand(Seat(1))
    );
    // While a computer plays, no hand is shown.
    assert_eq!(
        viewer(&humans, Some(Seat(2)), Some(Seat(1))),
        Viewer::Nobody
    );
}

#[test]
fn bones_and_ends_have_accessible_names() {
    assert_eq!(bone_label(bone("6-4"), true), "6-4, playable");
    let mut game = block();
    game.play(Move::Set(bone("6-6"))).unwrap();
    let ends = game.playable_ends();
    assert_eq!(end_label(&ends[0]), "left end, 6");
}

#[test]
fn the_rules_words_name_the_players() {
    let n = names();
    assert_eq!(
        with_names("seat 2 played the last bone: seat 1 scores 10", &n[..2]),
        "Bob played the last bone: Ada scores 10"
    );
    assert_eq!(
        with_names("seats 1 and 3 hold 12", &n),
        "Ada and Cy hold 12"
    );
    // A name put in is not read again, and numbers past the table are left alone.
    let odd: Vec<String> = vec!["seat 2".into(), "seat 1".into()];
    assert_eq!(
        with_names("seat 1 beats seat 2; seat 12 is not here", &odd),
        "seat 2 beats seat 1; seat 12 is not here"
    );
    assert_eq!(
        with_names("seats 1 and 2 tie", &odd),
        "seat 2 and seat 1 tie"
    );
    assert_eq!(with_names("a seat by the fire", &n), "a seat by the fire");
}

#[test]
fn a_side_is_named_as_the_rules_words_are() {
    let n = names();
    let alone = Sides {
        players: 4,
        partners: false,
    };
    let partners = Sides {
        players: 4,
        partners: true,
    };
    assert_eq!(side_name(alone, 2, &n), "Cy");
    assert_eq!(side_name(partners, 0, &n), "Ada and Cy");
    assert_eq!(side_name(partners, 1, &n), "Bob and Di");
    for side in 0..2 {
        assert_eq!(
            side_name(partners, side, &n),
            with_names(&partners.names(&[side]), &n),
            "one side is named the same way alone and in a list"
        );
    }
}

#[test]
fn news_tells_plays_draws_stay_hidden_and_the_end_is_counted() {
    let mut game = block();
    let before = game.clone();
    game.play(Move::Set(bone("6-6"))).unwrap();
    assert_eq!(news(&before, &game, &names()), vec!["Ada sets 6-6"]);
    let before = game.clone();
    game.play(Move::play(bone("6-5"), End::Right)).unwrap();
    assert_eq!(
        news(&before, &game, &names()),
        vec!["Bob plays 6-5 on the right end, leaving 5"]
    );
    // Play the hand out with the first legal move each time.
    while game.turn() != parlour::rules::Turn::Over {
        let m = game.legal_moves()[0];
        let before = game.clone();
        game.play(m).unwrap();
        let words = news(&before, &game, &names());
        assert!(!words.is_empty(), "{m} said nothing");
        if game.hands_log()[0].end.is_some() {
            assert!(
                words.last().unwrap().contains("scores")
                    || words.last().unwrap().contains("nobody"),
                "the end of the hand is told: {words:?}"
            );
            break;
        }
    }
    let hand = &game.hands_log()[0];
    let points = hand_points(hand, game.sides());
    assert_eq!(
        points.iter().sum::<u32>(),
        game.side_scores().iter().sum::<u32>(),
        "the hand's points are the scores"
    );
}

#[test]
fn a_drawn_bone_is_never_named() {
    let mut game = Dominoes::from_header(Some("draw"), &options(json!({})), 2).unwrap();
    game.play_notation(
        "deal 6-6 0-0 0-1 0-2 0-3 0-4 0-5 / 1-1 1-2 1-3 1-4 1-5 2-2 2-3 ; \
         6-5 6-4 6-3 6-2 6-1 6-0 5-5 5-4 5-3 5-2 4-4 4-3 4-2 3-3",
    )
    .unwrap();
    game.play(Move::Set(bone("6-6"))).unwrap();
    let before = game.clone();
    game.play(Move::Draw).unwrap();
    assert_eq!(news(&before, &game, &names()), vec!["Bob draws a bone"]);
}

/// The golden hand of Draw where Ada draws the stock down to its last two bones, taken back to
/// her turn after Ben's 2-1, with the stock in `stock`'s order; the ends are 6 and 2, and none of
/// her bones fits.
fn ada_must_draw(stock: &str) -> parlour::session::Match<Dominoes> {
    use parlour::record::Record;
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden/dominoes/draw-blocked-last-two.record.json");
    let mut record = Record::from_json(&std::fs::read_to_string(path).unwrap()).unwrap();
    record.moves.truncate(7);
    let deal = record.moves[0].split(';').next().unwrap().to_string();
    record.moves[0] = format!("{deal}; {stock}");
    let start = record.start_as(Dominoes::from_header).unwrap();
    parlour::session::Match::from_record(&record, start, &[]).unwrap()
}

#[test]
fn drawing_until_a_bone_fits_stops_at_the_first_that_does_or_at_the_last_two() {
    // The first bone drawn fits the 6: one draw, and she may lay it.
    let mut game = ada_must_draw("6-4 4-4 5-5 6-5");
    assert!(must_draw(&game.position().legal_moves()));
    let before = game.position().clone();
    assert_eq!(draw_until_able(&mut game), 1);
    assert_eq!(game.moves().last().map(String::as_str), Some("draw"));
    assert!(!must_draw(&game.position().legal_moves()));
    assert!(game
        .position()
        .legal_moves()
        .contains(&Move::play(bone("6-4"), End::Left)));
    assert_eq!(
        news(&before, game.position(), &names()),
        vec!["Ada draws a bone"]
    );
    // The second fits: two draws, told as one.
    let mut game = ada_must_draw("4-4 6-4 5-5 6-5");
    let before = game.position().clone();
    assert_eq!(draw_until_able(&mut game), 2);
    assert_eq!(
        news(&before, game.position(), &names()),
        vec!["Ada draws 2 bones"]
    );
    // The hand's history tells them as one too, after Bob's play (names() calls the second seat Bob).
    let told = told_events(&game.position().last_hand().unwrap().events, &names());
    assert_eq!(
        told[told.len() - 2..],
        [
            "Bob plays 2-1 on the right end, leaving 2",
            "Ada draws 2 bones"
        ]
    );
    // None fits: she draws until the last two, which are never drawn, and must go.
    let mut game = ada_must_draw("4-4 5-5 6-4 6-5");
    assert_eq!(draw_until_able(&mut game), 2);
    assert_eq!(game.position().legal_moves(), vec![Move::Go]);
    assert_eq!(
        draw_until_able(&mut game),
        0,
        "nothing is drawn when she may not"
    );
    // Each bone is its own move: undo takes back one.
    assert_eq!(&game.moves()[7..], ["draw", "draw"]);
    assert!(game.undo());
    assert!(must_draw(&game.position().legal_moves()));
}

#[test]
fn seats_with_the_same_name_are_told_apart() {
    let names: Vec<String> = ["Ada", "Beginner computer", "Beginner computer"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(
        distinct_names(&names),
        vec!["Ada", "Beginner computer 2", "Beginner computer 3"]
    );
}

#[test]
fn the_table_is_told_in_words() {
    let mut game = block();
    assert_eq!(table_words(&game), "The table is empty.");
    game.play(Move::Set(bone("6-6"))).unwrap();
    assert_eq!(
        table_words(&game),
        "On the table: 1 bone, set with 6-6. Open ends: left 6, right 6."
    );
}

#[test]
fn a_hint_says_which_bone_goes_where() {
    let mut game = block();
    assert_eq!(hint_words(&game, Move::Set(bone("6-6"))), "set 6-6");
    game.play(Move::Set(bone("6-6"))).unwrap();
    // Bob holds the 6-5 and 6-3: each fits either end of the 6-6.
    let six_five = *game
        .legal_moves()
        .iter()
        .find(|m| {
            m.bone() == Some(bone("6-5"))
                && matches!(
                    m,
                    Move::Play {
                        end: End::Right,
                        ..
                    }
                )
        })
        .expect("6-5 goes on the right");
    assert_eq!(
        hint_words(&game, six_five),
        "lay 6-5 on the right end, leaving 5"
    );
    assert_eq!(hint_words(&game, Move::Draw), "draw a bone");
}

#[test]
fn a_hint_names_the_number_its_play_leaves_open() {
    // Every play offered, through two hands played move by move: the number a hint says the
    // bone leaves is the one the end shows once it is played, whichever half touches.
    for variant in ["block", "matador"] {
        let mut game = Dominoes::from_header(Some(variant), &options(json!({})), 2).unwrap();
        game.play_notation(
            "deal 6-6 6-4 4-4 5-1 3-0 2-2 1-1 / 6-5 6-3 5-5 4-2 3-3 2-0 0-0 ; \
             6-2 6-1 6-0 5-4 5-3 5-2 5-0 4-3 4-1 4-0 3-2 3-1 2-1 1-0",
        )
        .unwrap();
        let mut checked = 0;
        for ply in 0..40 {
            let legal = game.legal_moves();
            for &m in &legal {
                let Move::Play { end, .. } = m else { continue };
                let mut after = game.clone();
                after.play(m).unwrap();
                let open = after.line().open_end(end).expect("the end is open").number;
                let words = hint_words(&game, m);
                assert!(
                    words.ends_with(&format!("leaving {open}")),
                    "{variant}: {words}, open {open}"
                );
                checked += 1;
            }
            // On through the hand, each time by a different one of the moves offered.
            let Some(&next) = legal.get(ply % legal.len().max(1)) else {
                break;
            };
            if game.play(next).is_err() || game.legal_moves().is_empty() {
                break;
            }
        }
        assert!(checked > 10, "{variant}: only {checked} plays were checked");
    }
}

#[test]
fn the_stock_is_told_as_drawn_from_or_left_out() {
    assert_eq!(
        stock_words(&block()).as_deref(),
        Some("Not dealt: 14 bones"),
        "Block leaves the stock out, and everybody sees its size"
    );
    let undealt = Dominoes::from_header(Some("block"), &options(json!({})), 2).unwrap();
    assert_eq!(
        stock_words(&undealt),
        None,
        "nothing to tell before the deal"
    );
    let mut draw = Dominoes::from_header(Some("draw"), &options(json!({})), 2).unwrap();
    draw.play_notation(
        "deal 6-6 6-4 4-4 5-1 3-0 2-2 1-1 / 6-5 6-3 5-5 4-2 3-3 2-0 0-0 ; \
         6-2 6-1 6-0 5-4 5-3 5-2 5-0 4-3 4-1 4-0 3-2 3-1 2-1 1-0",
    )
    .unwrap();
    assert_eq!(stock_words(&draw).as_deref(), Some("Stock: 14 bones"));
}

#[test]
fn the_goal_of_the_game_is_told_with_its_target() {
    let game = |name: &str, options_given: Value| {
        let players = if name == "domino-pool" { 3 } else { 2 };
        Dominoes::from_header(Some(name), &options(options_given), players).unwrap()
    };
    assert_eq!(
        goal_words(&game("all-fives", json!({"target": 50}))).as_deref(),
        Some("Game to 50")
    );
    assert_eq!(
        goal_words(&game("block", json!({"single_hand": true}))).as_deref(),
        Some("One hand")
    );
    assert_eq!(
        goal_words(&game("domino-pool", json!({}))),
        None,
        "the pool is told instead"
    );
}

#[test]
fn points_are_counted_in_words_one_or_many() {
    use parlour::session::dominoes::points;
    assert_eq!(points(DominoGame::Bergen, 1u32), "1 point");
    assert_eq!(points(DominoGame::Block, 0u32), "0 points");
    assert_eq!(points(DominoGame::AllFives, 35u32), "35 points");
    assert_eq!(points(DominoGame::Pool, 1), "1 counter");
    assert_eq!(points(DominoGame::Pool, -1), "-1 counter");
    assert_eq!(points(DominoGame::Pool, -4), "-4 counters");
}

#[test]
fn points_scored_during_play_are_told_at_the_hand_s_end() {
    // The golden `bergen-headers`: the set 3-3 and a double header score 2 each to seat 1, a
    // triple header 3 to seat 2.
    let mut game = Dominoes::from_header(Some("bergen"), &options(json!({"hand": 5})), 2).unwrap();
    for m in [
        "deal 3-3 5-1 3-0 2-0 6-1 / 5-3 3-1 3-2 6-2 4-0 ; 0-0 1-0 1-1 2-1 2-2 4-1 4-2 4-3 4-4 5-0 5-2 5-4 5-5 6-0 6-3 6-4 6-5 6-6",
        "3-3", "5-3L", "5-1L", "3-1L", "3-0R", "3-2L", "2-0L",
    ] {
        game.play_notation(m).unwrap();
    }
    let hand = &game.hands_log()[0];
    assert_eq!(
        in_play_words(hand, DominoGame::Bergen, game.sides(), &names()).as_deref(),
        Some("Scored during play: Ada, 4 points; Bob, 3 points (counted in \u{201c}This hand\u{201d} below)")
    );
    // Block scores nothing during play: nothing to tell.
    let mut block = Dominoes::from_header(Some("block"), &options(json!({"hand": 5})), 2).unwrap();
    block.play_notation("deal 3-3 5-1 3-0 2-0 6-1 / 5-3 3-1 3-2 6-2 4-0 ; 0-0 1-0 1-1 2-1 2-2 4-1 4-2 4-3 4-4 5-0 5-2 5-4 5-5 6-0 6-3 6-4 6-5 6-6").unwrap();
    block.play_notation("3-3").unwrap();
    assert_eq!(
        in_play_words(
            block.hands_log()[0],
            DominoGame::Block,
            block.sides(),
            &names()
        ),
        None
    );
}

#[test]
fn a_player_who_cannot_lay_a_bone_is_told_to_draw_or_go() {
    let game = block();
    assert_eq!(
        forced_words(&game.legal_moves(), "Ada", None),
        None,
        "6-6 is to be set"
    );
    assert_eq!(
        forced_words(&[Move::Draw], "Ada", None).as_deref(),
        Some("Ada cannot play and must draw")
    );
    assert_eq!(
        forced_words(&[Move::Go], "Bob", None).as_deref(),
        Some("Bob cannot play and must go")
    );
    // With muggins, a count left unclaimed may be taken first: the draw is still told.
    assert_eq!(
        forced_words(&[Move::Draw, Move::Muggins], "Bob", Some(("Ada", 10))).as_deref(),
        Some("Bob cannot play and must draw, but may first take Ada's 10 (muggins)")
    );
    assert_eq!(
        forced_words(&[Move::Go, Move::Muggins], "Bob", Some(("Ada", 5))).as_deref(),
        Some("Bob cannot play and must go, but may first take Ada's 5 (muggins)")
    );
    // Not while a bone fits, nor when muggins is all there is.
    assert_eq!(
        forced_words(&[Move::Muggins], "Bob", Some(("Ada", 5))),
        None
    );
    let lay = block().legal_moves();
    let mut with_muggins = lay.clone();
    with_muggins.push(Move::Muggins);
    assert_eq!(forced_words(&with_muggins, "Ada", Some(("Bob", 5))), None);
}
