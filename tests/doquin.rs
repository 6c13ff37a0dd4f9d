//! Doquin's rules, one test per rule (`rules/doquin.md`).

use parlour::rules::doquin::{
    Doquin, Face, Hole, IllegalMove, Move, Options, Peg, RoundEnd, BONUS,
};
use parlour::rules::{Game, Seat, Turn};

const A: Seat = Seat(0);
const B: Seat = Seat(1);

fn hole(text: &str) -> Hole {
    text.parse().expect("a hole in notation")
}

fn two_players() -> Doquin {
    Doquin::new(2, Options::default()).unwrap()
}

fn play_all(game: &mut Doquin, moves: &[&str]) {
    for text in moves {
        let m: Move = text.parse().expect("a move in notation");
        game.play(m)
            .unwrap_or_else(|e| panic!("{text} should be legal: {e}"));
    }
}

fn depth(game: &Doquin, text: &str) -> u8 {
    game.peg(hole(text)).map_or(0, |p| p.depth)
}

#[test]
fn cell_formulas_match_the_rules() {
    let n = 4;
    assert_eq!(hole("F2-3").cell(1, n), (2, 2, 1), "F r-c -> (c-1, N-r, d)");
    assert_eq!(
        hole("R2-3").cell(1, n),
        (2, 2, 2),
        "R r-c -> (N-1-d, N-r, c-1)"
    );
    assert_eq!(
        hole("T2-3").cell(1, n),
        (2, 2, 2),
        "T r-c -> (c-1, N-1-d, N-r)"
    );
}

#[test]
fn inserted_peg_stops_where_front_crosses_right() {
    let mut game = two_players();
    play_all(&mut game, &["R2-3", "F2-2"]);
    assert_eq!(
        depth(&game, "R2-3"),
        4,
        "a peg in an empty block goes all the way in"
    );
    assert_eq!(depth(&game, "F2-2"), 2, "F2-2 stops against R2-3 at z = 2");
    assert_eq!(game.touched(hole("F2-2")), Some(hole("R2-3")));
}

#[test]
fn inserted_peg_stops_where_front_crosses_top() {
    let mut game = two_players();
    play_all(&mut game, &["T1-2", "F4-2"]);
    assert_eq!(depth(&game, "F4-2"), 3, "F4-2 stops against T1-2 at z = 3");
    assert_eq!(game.touched(hole("F4-2")), Some(hole("T1-2")));
}

#[test]
fn inserted_peg_stops_where_right_crosses_top() {
    let mut game = two_players();
    play_all(&mut game, &["T2-2", "R3-3"]);
    assert_eq!(
        depth(&game, "R3-3"),
        2,
        "R r-c meets T (N+1-c)-c' at depth N-c'"
    );
    assert_eq!(game.touched(hole("R3-3")), Some(hole("T2-2")));
}

#[test]
fn a_filled_first_cell_closes_a_hole() {
    let mut game = two_players();
    play_all(&mut game, &["F1-4"]);
    // F1-4's first cell is R1-1's first cell, at the block's edge.
    assert!(!game.is_available(hole("R1-1")));
    assert_eq!(
        game.play(Move::Insert(hole("R1-1"))),
        Err(IllegalMove::HoleFilled(hole("R1-1")))
    );
}

#[test]
fn capture_only_with_the_second_touch() {
    let mut game = two_players();
    play_all(&mut game, &["F4-1", "F2-2", "R2-1"]);
    assert_eq!(game.touched(hole("R2-1")), Some(hole("F2-2")));
    assert!(
        game.peg(hole("F2-2")).is_some(),
        "one touch captures nothing"
    );
    assert_eq!(game.captured(A), 0);
    play_all(&mut game, &["F4-4", "R2-2"]);
    assert!(
        game.peg(hole("F2-2")).is_none(),
        "the second touch captures"
    );
    assert_eq!(game.captured(A), 1);
    assert!(game.is_pushing(), "pegs held back must now be pushed");
    assert_eq!(game.turn(), Turn::Seat(A), "the capturer pushes");
}

#[test]
fn touching_your_own_peg_captures_nothing() {
    let mut game = two_players();
    play_all(&mut game, &["F2-2", "F4-4", "R2-1", "F4-3", "R2-2"]);
    assert!(
        game.peg(hole("F2-2")).is_some(),
        "own pegs are never captured"
    );
    assert_eq!(game.captured(A), 0);
}

/// B's F2-2 all in; A's R2-1 touches it; B's F2-1 all in; A's T4-1 touches F2-1; B's T4-2 touches
/// F2-2; A's R2-2 captures F2-2.
fn after_capture() -> Doquin {
    let mut game = two_players();
    play_all(
        &mut game,
        &["F4-4", "F2-2", "R2-1", "F2-1", "T4-1", "T4-2", "R2-2"],
    );
    assert_eq!(game.captured(A), 1, "R2-2 captures F2-2");
    game
}

#[test]
fn never_two_captures_in_a_turn() {
    let mut game = after_capture();
    play_all(&mut game, &["pR2-1"]);
    // R2-1 now touches B's F2-1, which A's T4-1 already touches: pushes capture nothing.
    assert_eq!(game.touched(hole("R2-1")), Some(hole("F2-1")));
    assert_eq!(game.touched(hole("T4-1")), Some(hole("F2-1")));
    assert!(game.peg(hole("F2-1")).is_some());
    play_all(&mut game, &["pR2-2"]);
    assert_eq!(game.captured(A), 1, "at most one capture a turn");
    assert_eq!(
        game.turn(),
        Turn::Seat(B),
        "the turn passes when nothing can slide"
    );
}

#[test]
fn push_order_changes_the_outcome() {
    let mut a_first = after_capture();
    let mut b_first = after_capture();
    let pushes = |g: &Doquin| {
        let mut p: Vec<String> = g.legal_moves().iter().map(|m| m.to_string()).collect();
        p.sort();
        p
    };
    assert_eq!(pushes(&a_first), ["pR2-1", "pR2-2", "pT4-2"]);
    play_all(&mut a_first, &["pR2-1", "pR2-2"]);
    play_all(&mut b_first, &["pT4-2", "pR2-2"]);
    assert!(!a_first.is_pushing() && !b_first.is_pushing());
    assert_eq!(
        depth(&a_first, "T4-2"),
        1,
        "R2-1 went first and blocks T4-2"
    );
    assert_eq!(
        depth(&b_first, "T4-2"),
        4,
        "T4-2 went first, all the way in"
    );
    assert_eq!(depth(&b_first, "R2-1"), 2, "and blocks R2-1");
    assert_ne!(a_first.pegs_in(B), b_first.pegs_in(B));
    assert_ne!(a_first.scores(), b_first.scores());
}

#[test]
fn push_is_refused_when_no_capture_was_made() {
    let mut game = two_players();
    play_all(&mut game, &["F2-2"]);
    assert_eq!(
        game.play(Move::Push(hole("F2-2"))),
        Err(IllegalMove::NoPushDue)
    );
    let mut game = after_capture();
    assert_eq!(
        game.play(Move::Insert(hole("F3-3"))),
        Err(IllegalMove::PushDue)
    );
}

#[test]
fn all_the_way_in_means_tip_at_the_bottom() {
    let mut game = two_players();
    play_all(&mut game, &["F1-1", "R1-1"]);
    assert!(game.is_all_the_way_in(hole("F1-1")));
    assert!(
        !game.is_all_the_way_in(hole("R1-1")),
        "R1-1 stops against F1-1"
    );
    assert_eq!(game.peg(hole("R1-1")), Some(Peg { owner: B, depth: 3 }));
    assert_eq!(game.pegs_in(A), 1);
    assert_eq!(game.pegs_in(B), 0);
}

#[test]
fn round_ends_on_five_pegs_all_the_way_in() {
    let mut game = two_players();
    play_all(
        &mut game,
        &[
            "F1-1", "F3-1", "F1-2", "F3-2", "F1-3", "F3-3", "F1-4", "F3-4",
        ],
    );
    assert!(
        game.rounds().is_empty(),
        "four pegs in do not end the round"
    );
    play_all(&mut game, &["F2-1"]);
    assert_eq!(game.rounds().len(), 1);
    assert_eq!(game.rounds()[0].end, RoundEnd::PegsIn(A));
    assert_eq!(game.rounds()[0].scores, [5 + BONUS, 4]);
    assert_eq!(
        game.rounds()[0].pegs_in,
        [5, 4],
        "the round keeps its parts"
    );
    assert_eq!(game.rounds()[0].captured, [0, 0]);
    assert_eq!(game.turn(), Turn::Seat(B), "round 2 starts with seat 2");
    assert_eq!(game.supply(A), 10, "supplies are full again");
    assert!(game.peg(hole("F1-1")).is_none(), "the block is empty again");
    // The round's last position is kept for showing, until the next move.
    let ended = game.round_end().expect("the last move ended a round");
    assert_eq!(
        ended.pegs_in(A),
        5,
        "the ended round's pegs are still in its block"
    );
    assert_eq!(ended.peg(hole("F2-1")).map(|p| p.owner), Some(A));
    assert_eq!(
        ended.rounds(),
        game.rounds(),
        "with the round's result counted"
    );
    let before = game.clone();
    assert!(game.play(Move::Insert(hole("F9-9"))).is_err());
    assert_eq!(game, before, "a refused move keeps the ended round");
    play_all(&mut game, &["F1-1"]);
    assert!(game.round_end().is_none(), "the next move lets it go");
}

#[test]
fn round_ends_on_five_captures() {
    let game = Doquin::setup(
        2,
        Options::default(),
        &[(B, hole("F2-2")), (A, hole("R2-1"))],
        &[4, 0],
        A,
    )
    .unwrap();
    let mut game = game;
    play_all(&mut game, &["R2-2"]);
    assert_eq!(game.captured(A), 5);
    assert!(
        game.rounds().is_empty(),
        "the round ends when the turn ends"
    );
    play_all(&mut game, &["pR2-1", "pR2-2"]);
    assert_eq!(game.rounds().len(), 1);
    assert_eq!(game.rounds()[0].end, RoundEnd::Captures(A));
    assert_eq!(game.rounds()[0].scores, [5 + 2 + BONUS, 0]);
    assert_eq!(game.rounds()[0].captured, [5, 0]);
    assert_eq!(game.rounds()[0].pegs_in, [2, 0]);
}

#[test]
fn round_ends_when_nobody_can_play() {
    let options = Options { size: 4, pegs: 5 };
    let mut game = Doquin::new(2, options).unwrap();
    play_all(
        &mut game,
        &[
            "F1-1", "F3-1", "R1-1", "R3-1", "R1-2", "R3-2", "R1-3", "R3-3", "R1-4",
        ],
    );
    assert!(game.rounds().is_empty());
    play_all(&mut game, &["R3-4"]);
    assert_eq!(game.rounds().len(), 1);
    assert_eq!(game.rounds()[0].end, RoundEnd::NobodyCanPlay);
    assert_eq!(game.rounds()[0].scores, [1, 1], "no bonus");
}

#[test]
fn a_player_who_cannot_play_is_skipped() {
    let options = Options { size: 4, pegs: 5 };
    // Three players; seat 3 already used all its pegs, so play goes from seat 2 to seat 1.
    let pegs: Vec<(Seat, Hole)> = ["F4-1", "F4-2", "F4-3", "F4-4", "T1-1"]
        .iter()
        .map(|h| (Seat(2), hole(h)))
        .collect();
    let mut game = Doquin::setup(3, options, &pegs, &[], B).unwrap();
    play_all(&mut game, &["F1-1"]);
    assert_eq!(game.turn(), Turn::Seat(A));
}

#[test]
fn game_is_as_many_rounds_as_players_each_first_once() {
    let mut game = two_players();
    let round = [
        "F1-1", "F3-1", "F1-2", "F3-2", "F1-3", "F3-3", "F1-4", "F3-4", "F2-1",
    ];
    play_all(&mut game, &round);
    assert_eq!(game.turn(), Turn::Seat(B));
    play_all(&mut game, &round);
    assert_eq!(game.turn(), Turn::Over);
    assert_eq!(game.totals(), [10, 10]);
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.winners, [A, B], "equal totals share the win");
}

#[test]
fn notation_round_trips() {
    for text in ["F2-3", "R1-4", "T4-4", "pF2-3", "pT1-1"] {
        let m: Move = text.parse().unwrap();
        assert_eq!(m.to_string(), text);
    }
    assert_eq!(
        "pr1-2".parse::<Move>().unwrap(),
        Move::Push(Hole::new(Face::Right, 1, 2))
    );
    for bad in ["", "X1-1", "F1", "F0-1", "F1-", "pp F1-1", "F1-2-3"] {
        assert!(bad.parse::<Move>().is_err(), "{bad:?} should not read");
    }
    let game = two_players();
    for m in game.legal_moves() {
        assert_eq!(m.to_string().parse::<Move>().unwrap(), m);
    }
    assert_eq!(
        game.legal_moves().len(),
        48,
        "every hole is open in an empty block"
    );
}

#[test]
fn checked_play_leaves_the_position_unchanged_on_error() {
    let mut game = after_capture();
    let before = game.clone();
    for (m, why) in [
        (Move::Insert(hole("F3-3")), IllegalMove::PushDue),
        (
            Move::Push(hole("F3-3")),
            IllegalMove::NoPegThere(hole("F3-3")),
        ),
        (
            Move::Push(hole("F4-4")),
            IllegalMove::CannotSlide(hole("F4-4")),
        ),
        (
            Move::Push(hole("F5-1")),
            IllegalMove::NoSuchHole(hole("F5-1"), 4),
        ),
    ] {
        assert_eq!(game.play(m), Err(why));
        assert_eq!(game, before, "{m} was refused and changed nothing");
    }
}

#[test]
fn options_are_checked() {
    assert!(
        Doquin::new(3, Options { size: 3, pegs: 10 }).is_err(),
        "3 only for two"
    );
    assert!(Doquin::new(2, Options { size: 3, pegs: 10 }).is_ok());
    assert!(Doquin::new(2, Options { size: 4, pegs: 4 }).is_err());
    assert!(Doquin::new(5, Options::default()).is_err());
    let map = serde_json::json!({"size": 5, "pegs": 12});
    let game = Doquin::from_header(None, map.as_object().unwrap(), 4).unwrap();
    assert_eq!(game.options(), Options { size: 5, pegs: 12 });
    assert!(Doquin::from_header(Some("x"), &Default::default(), 2).is_err());
}

#[test]
fn random_games_always_offer_a_move_and_end() {
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    for (seats, size) in [(2, 3), (2, 4), (3, 4), (4, 5), (2, 5)] {
        for _ in 0..20 {
            let mut game = Doquin::new(seats, Options { size, pegs: 15 }).unwrap();
            let mut plies = 0;
            while game.turn() != Turn::Over {
                let moves = game.legal_moves();
                assert!(!moves.is_empty(), "a seat to move always has a legal move");
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let m = moves[(state >> 33) as usize % moves.len()];
                game.play(m).expect("a listed move is legal");
                plies += 1;
                assert!(plies < 10_000, "the game ends");
            }
            assert_eq!(game.rounds().len(), seats);
            assert_eq!(game.scores(), game.totals());
        }
    }
}

#[test]
fn effect_tells_where_a_peg_stops_and_what_it_captures_before_it_is_played() {
    let mut game = two_players();
    play_all(&mut game, &["F4-1", "F2-2", "R2-1", "F4-4"]);
    let capture = game
        .effect(Move::Insert(hole("R2-2")))
        .expect("R2-2 is open");
    assert_eq!(capture.touches, Some(hole("F2-2")));
    assert_eq!(
        capture.captures,
        Some(hole("F2-2")),
        "the second touch would capture"
    );
    assert_eq!(
        capture.depth, 2,
        "R2-2 runs from x=3 inward and stops before F2-2 at x=1"
    );
    let before = game.clone();
    assert_eq!(
        game.effect(Move::Insert(hole("F4-1"))),
        None,
        "a filled hole has no effect"
    );
    assert_eq!(
        game.effect(Move::Push(hole("F2-2"))),
        None,
        "no push is due"
    );
    assert_eq!(game, before, "asking changes nothing");
    play_all(&mut game, &["R2-2"]);
    assert!(game.peg(hole("F2-2")).is_none());
    assert_eq!(game.peg(hole("R2-2")).map(|p| p.depth), Some(2));
}

/// In random games, every legal move's effect is what playing it does: the depth the peg
/// reaches and the peg that disappears.
#[test]
fn effect_agrees_with_play_in_random_games() {
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    for (seats, size) in [(2, 3), (3, 4), (4, 5)] {
        for _ in 0..10 {
            let mut game = Doquin::new(seats, Options { size, pegs: 15 }).unwrap();
            while game.turn() != Turn::Over {
                let moves = game.legal_moves();
                for &m in &moves {
                    let effect = game.effect(m).expect("a legal move has an effect");
                    let mut after = game.clone();
                    after.play(m).unwrap();
                    if after.rounds().len() > game.rounds().len() {
                        continue; // the block was cleared for the next round
                    }
                    let (Move::Insert(h) | Move::Push(h)) = m;
                    assert_eq!(after.peg(h).map(|p| p.depth), Some(effect.depth), "{m}");
                    let gone: Vec<Hole> = game
                        .block()
                        .holes()
                        .filter(|&g| game.peg(g).is_some() && after.peg(g).is_none())
                        .collect();
                    assert_eq!(gone, effect.captures.into_iter().collect::<Vec<_>>(), "{m}");
                }
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let m = moves[(state >> 33) as usize % moves.len()];
                game.play(m).unwrap();
            }
        }
    }
}

#[test]
fn picking_a_hole_inserts_and_after_a_capture_pushes() {
    let mut game = two_players();
    assert_eq!(game.move_at(hole("R2-2")), Move::Insert(hole("R2-2")));
    // Bob's F2-2 is touched by Ada's R2-1; R2-2 touches it a second time and captures it.
    play_all(
        &mut game,
        &["F4-4", "F2-2", "R2-1", "F2-1", "T4-1", "T4-2", "R2-2"],
    );
    assert!(game.is_pushing());
    assert_eq!(game.move_at(hole("T4-2")), Move::Push(hole("T4-2")));
    assert_eq!(Move::Push(hole("T4-2")).hole(), hole("T4-2"));
    assert_eq!(Move::Insert(hole("F1-1")).hole(), hole("F1-1"));
}
