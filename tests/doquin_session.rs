//! Doquin at one screen: push orders after a capture, the pegs each player has taken, and the
//! game in words.

use parlour::games::GameKind;
use parlour::record::{Player, Record};
use parlour::rules::doquin::{Doquin, Hole, Move, Options};
use parlour::rules::Seat;
use parlour::session::doquin::{
    captured_pegs, forced_push, hole_words, last_turn, move_words, preview_words, push_orders,
    round_words,
};
use parlour::session::Match;

fn hole(text: &str) -> Hole {
    text.parse().unwrap()
}

fn names() -> Vec<String> {
    vec!["Ada".into(), "Bob".into()]
}

fn play_all(game: &mut Doquin, moves: &[&str]) {
    for text in moves {
        game.play(text.parse().unwrap()).unwrap();
    }
}

/// As in the rules tests: A's R2-2 captures B's F2-2, and three pegs can slide.
fn after_capture() -> Doquin {
    let mut game = Doquin::new(2, Options::default()).unwrap();
    play_all(
        &mut game,
        &["F4-4", "F2-2", "R2-1", "F2-1", "T4-1", "T4-2", "R2-2"],
    );
    assert!(game.is_pushing());
    game
}

fn a_match(moves: &[&str]) -> Match<Doquin> {
    let players = vec![Player::human("Ada"), Player::human("Bob")];
    let mut record = Record::new(GameKind::Doquin, None, Default::default(), players);
    record.moves = moves.iter().map(|m| m.to_string()).collect();
    Match::from_record(&record, Doquin::new(2, Options::default()).unwrap(), &[]).unwrap()
}

#[test]
fn push_orders_are_one_per_different_block() {
    let game = after_capture();
    let orders = push_orders(&game);
    assert_eq!(
        orders.len(),
        2,
        "R2-1 first blocks T4-2; T4-2 first blocks R2-1"
    );
    for order in &orders {
        assert!(!order.after.is_pushing(), "every order ends the pushing");
        let mut replayed = game.clone();
        for &h in &order.holes {
            replayed.play(Move::Push(h)).unwrap();
        }
        assert_eq!(replayed, order.after, "an order replays to its block");
    }
    assert_ne!(orders[0].after, orders[1].after);
    assert_eq!(
        forced_push(&game),
        None,
        "the order matters, so the player chooses"
    );
    assert!(push_orders(&Doquin::new(2, Options::default()).unwrap()).is_empty());
}

#[test]
fn a_push_whose_order_does_not_matter_is_forced() {
    let mut game = after_capture();
    play_all(&mut game, &["pR2-1"]);
    // Only R2-2 can still slide.
    assert_eq!(forced_push(&game), Some(hole("R2-2")));
}

#[test]
fn captured_pegs_follow_the_round() {
    let game = a_match(&["F4-4", "F2-2", "R2-1", "F2-1", "T4-1", "T4-2", "R2-2"]);
    assert_eq!(captured_pegs(&game), vec![vec![Seat(1)], vec![]]);
    assert_eq!(last_turn(&game), vec![hole("R2-2")]);
    let pushed = a_match(&[
        "F4-4", "F2-2", "R2-1", "F2-1", "T4-1", "T4-2", "R2-2", "pR2-1", "pR2-2",
    ]);
    assert_eq!(
        last_turn(&pushed),
        vec![hole("R2-2"), hole("R2-1"), hole("R2-2")],
        "the pushes and the insertion of the turn, last first"
    );
}

#[test]
fn moves_rounds_and_holes_in_words() {
    assert_eq!(hole_words(hole("F2-3")), "front 2-3");
    let mut game = Doquin::new(2, Options::default()).unwrap();
    play_all(&mut game, &["F4-1", "F2-2", "R2-1", "F4-4"]);
    assert_eq!(
        move_words(&game, Move::Insert(hole("R2-2")), &names()),
        "Ada inserts a peg at right 2-2; it stops 2 deep, touching Bob's peg in front 2-2, and captures it"
    );
    assert_eq!(
        preview_words(&game, Move::Insert(hole("R2-2")), &names()).unwrap(),
        "right 2-2: the peg would stop 2 deep, touching Bob's peg in front 2-2, and capture it"
    );
    assert_eq!(
        preview_words(&game, Move::Insert(hole("F4-1")), &names()),
        None
    );
    // A push may move the other player's peg, and the preview says whose.
    let pushing = after_capture();
    let theirs = preview_words(&pushing, Move::Push(hole("T4-2")), &names()).unwrap();
    assert!(theirs.starts_with("top 4-2: Bob's peg would "), "{theirs}");
    let own = preview_words(&pushing, Move::Push(hole("R2-1")), &names()).unwrap();
    assert!(own.starts_with("right 2-1: the peg would "), "{own}");
    assert_eq!(
        move_words(&game, Move::Insert(hole("F1-1")), &names()),
        "Ada inserts a peg at front 1-1; it goes all the way in"
    );
    let mut ended = Doquin::new(2, Options::default()).unwrap();
    play_all(
        &mut ended,
        &[
            "F1-1", "F3-1", "F1-2", "F3-2", "F1-3", "F3-3", "F1-4", "F3-4", "F2-1",
        ],
    );
    assert_eq!(
        round_words(1, &ended.rounds()[0], &names()),
        "Round 1 ends: Ada has five pegs all the way in and earns the bonus point. Points: Ada 6, Bob 4"
    );
}
