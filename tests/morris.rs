//! The rules of Morris (`rules/morris.md`), one rule at a time, on positions set up by hand.
//!
//! Positions are drawn as the rules draw the board (files a-g, ranks 1-7):
//!
//!     a7 ------ d7 ------ g7
//!     |  b6 --- d6 --- f6  |
//!     |  |  c5 d5 e5   |   |
//!     a4 b4 c4     e4 f4 g4
//!     |  |  c3 d3 e3   |   |
//!     |  b2 --- d2 --- f2  |
//!     a1 ------ d1 ------ g1
//!
//! Twelve Men's Morris uses the same board with the four corner diagonals a1-b2-c3, g1-f2-e3,
//! a7-b6-c5 and g7-f6-e5. Six Men's Morris names its 16 points on a 5 x 5 grid, and Three Men's
//! Morris its 9 on a 3 x 3 grid:
//!
//!     a5 ----- c5 ----- e5              a3 -- b3 -- c3
//!     |        |         |              |  \  |  /  |
//!     |   b4 - c4 - d4   |              a2 -- b2 -- c2
//!     a3 - b3       d3 - e3             |  /  |  \  |
//!     |   b2 - c2 - d2   |              a1 -- b1 -- c1
//!     |        |         |
//!     a1 ----- c1 ----- e1

use std::collections::BTreeSet;

use parlour::rules::morris::board::{Board, NINE_MENS, SIX_MENS, THREE_MENS, TWELVE_MENS};
use parlour::rules::morris::{
    Ending, IllegalMove, Move, Options, Phase, Point, Position, Removals, Side, Variant,
    QUIET_PLIES_FOR_DRAW,
};
use parlour::rules::{Game, MoveError, Seat, Table, Turn};
use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg32;

use Side::{Black, White};
use Variant::{Morelles, Morrice, SixMens, ThreeMens, TwelveMens};

/// The 16 lines of `rules/morris.md`, typed in from the rules rather than taken from the crate.
const LINES: [[&str; 3]; 16] = [
    ["a7", "d7", "g7"],
    ["b6", "d6", "f6"],
    ["c5", "d5", "e5"],
    ["a4", "b4", "c4"],
    ["e4", "f4", "g4"],
    ["c3", "d3", "e3"],
    ["b2", "d2", "f2"],
    ["a1", "d1", "g1"],
    ["a1", "a4", "a7"],
    ["b2", "b4", "b6"],
    ["c3", "c4", "c5"],
    ["d5", "d6", "d7"],
    ["d1", "d2", "d3"],
    ["e3", "e4", "e5"],
    ["f2", "f4", "f6"],
    ["g1", "g4", "g7"],
];

fn point(name: &str) -> Point {
    name.parse()
        .unwrap_or_else(|e| panic!("{name:?} should name a point: {e}"))
}

fn mv(text: &str) -> Move {
    text.parse()
        .unwrap_or_else(|e| panic!("{text:?} should read as a move: {e}"))
}

fn setup_with(
    variant: Variant,
    options: Options,
    white: &str,
    black: &str,
    hand: [u8; 2],
    to_move: Side,
) -> Position {
    Position::from_setup(variant, options, white, black, hand, to_move)
        .unwrap_or_else(|e| panic!("the test position should set up: {e}"))
}

fn setup(variant: Variant, white: &str, black: &str, hand: [u8; 2], to_move: Side) -> Position {
    setup_with(variant, Options::default(), white, black, hand, to_move)
}

fn legal(position: &Position) -> BTreeSet<String> {
    position
        .legal_moves()
        .iter()
        .map(|m| m.to_string())
        .collect()
}

fn names(list: &[&str]) -> BTreeSet<String> {
    list.iter().map(|s| s.to_string()).collect()
}

/// Plays moves in order; a refusal fails the test with the move and the reason.
fn play(position: &mut Position, moves: &[&str]) {
    for text in moves {
        if let Err(e) = position.play(mv(text)) {
            panic!("{text} should be legal here, but was refused: {e}");
        }
    }
}

/// The legal moves that start with the step `step` (`g1`, `g4-g1`), removals aside.
fn with_step(position: &Position, step: &str) -> BTreeSet<String> {
    let step = mv(step);
    position
        .legal_moves()
        .into_iter()
        .filter(|m| m.from() == step.from() && m.to() == step.to())
        .map(|m| m.to_string())
        .collect()
}

fn refused(position: &mut Position, text: &str) -> IllegalMove {
    let before = position.clone();
    let error = match position.play(mv(text)) {
        Ok(()) => panic!("{text} should be refused here"),
        Err(e) => e,
    };
    assert_eq!(
        *position, before,
        "checked play: refusing {text} ({error}) must leave the position unchanged"
    );
    error
}

// ---------------------------------------------------------------------------------------------
// The board

#[test]
fn board_has_the_24_points_and_16_lines_of_the_rules() {
    let points: BTreeSet<String> = NINE_MENS.points().iter().map(|p| p.to_string()).collect();
    let expected: BTreeSet<String> = LINES.iter().flatten().map(|s| s.to_string()).collect();
    assert_eq!(
        points, expected,
        "board: the points are those on the 16 lines"
    );
    assert_eq!(points.len(), 24, "board: 24 points");

    let mills: BTreeSet<BTreeSet<String>> = NINE_MENS
        .mills()
        .iter()
        .map(|&line| {
            NINE_MENS
                .points()
                .iter()
                .filter(|p| NINE_MENS.bit(**p).unwrap() & line != 0)
                .map(|p| p.to_string())
                .collect()
        })
        .collect();
    let lines: BTreeSet<BTreeSet<String>> = LINES
        .iter()
        .map(|l| l.iter().map(|s| s.to_string()).collect())
        .collect();
    assert_eq!(mills, lines, "board: the mills are exactly the 16 lines");
}

#[test]
fn board_neighbours_are_next_to_each_other_on_a_line() {
    let links: BTreeSet<(String, String)> = NINE_MENS
        .links()
        .iter()
        .map(|(a, b)| {
            let (a, b) = (a.to_string(), b.to_string());
            if a < b {
                (a, b)
            } else {
                (b, a)
            }
        })
        .collect();
    let mut expected = BTreeSet::new();
    for line in LINES {
        for pair in line.windows(2) {
            let (a, b) = (pair[0].to_string(), pair[1].to_string());
            expected.insert(if a < b { (a, b) } else { (b, a) });
        }
    }
    assert_eq!(expected.len(), 32, "board: 16 lines of three give 32 links");
    assert_eq!(
        links, expected,
        "board: neighbours are the links along the lines"
    );
}

// ---------------------------------------------------------------------------------------------
// Placing

#[test]
fn placing_puts_a_man_from_hand_on_any_vacant_point() {
    let mut position = Position::new(Morrice, Options::default());
    assert_eq!(position.to_move(), White, "placing: White moves first");
    assert_eq!(
        position.phase(White),
        Phase::Placing,
        "placing: the game starts by placing"
    );
    let first = legal(&position);
    assert_eq!(
        first.len(),
        24,
        "placing: the first man may go on any of the 24 points"
    );
    assert!(
        position
            .legal_moves()
            .iter()
            .all(|m| matches!(m, Move::Place { .. })),
        "placing: only placements while men are in hand"
    );

    play(&mut position, &["d6"]);
    assert_eq!(
        position.man_at(point("d6")),
        Some(White),
        "placing: the man stands on d6"
    );
    assert_eq!(
        position.in_hand(White),
        8,
        "placing: the man came from hand"
    );
    assert_eq!(position.on_board(White), 1, "placing: one man on the board");
    assert_eq!(position.to_move(), Black, "placing: players alternate");
    let second = legal(&position);
    assert_eq!(
        second.len(),
        23,
        "placing: any vacant point, and only those"
    );
    assert!(!second.contains("d6"), "placing: not on an occupied point");
    assert_eq!(
        refused(&mut position, "d6"),
        IllegalMove::Occupied(point("d6")),
        "placing: an occupied point is refused"
    );
    assert_eq!(
        IllegalMove::Occupied(point("d6")).to_string(),
        "d6 is already taken"
    );
}

#[test]
fn placing_lasts_until_both_hands_are_empty() {
    let mut position = Position::new(Morelles, Options::default());
    for ply in 0..18 {
        let side = position.to_move();
        assert_eq!(
            position.phase(side),
            Phase::Placing,
            "placing: ply {ply} is a placement"
        );
        // The first placement that makes no mill keeps every man on the board.
        let m = position
            .legal_moves()
            .into_iter()
            .find(|m| m.removals().is_empty())
            .expect("a quiet placement exists");
        position.play(m).unwrap();
        assert_eq!(
            position.quiet_plies(),
            0,
            "fifty moves: placements do not count"
        );
    }
    for side in [White, Black] {
        assert_eq!(
            position.in_hand(side),
            0,
            "placing: all nine men are placed"
        );
        assert_eq!(position.on_board(side), 9, "placing: nine men on the board");
        assert_eq!(
            position.phase(side),
            Phase::Moving,
            "moving: starts when hands are empty"
        );
    }
    assert!(
        position
            .legal_moves()
            .iter()
            .all(|m| matches!(m, Move::Shift { .. })),
        "moving: only moves once the hand is empty"
    );
}

#[test]
fn placing_refuses_a_move_while_men_are_in_hand() {
    let mut position = setup(Morrice, "a1 b4", "d7", [7, 8], White);
    assert_eq!(
        refused(&mut position, "a1-d1"),
        IllegalMove::MenInHand,
        "placing: no moving while men are in hand"
    );
}

#[test]
fn moving_refuses_a_placement_once_the_hand_is_empty() {
    let mut position = setup(Morrice, "a1 b4 f6 c3", "d7 d5 e4 d1", [0, 0], White);
    assert_eq!(
        refused(&mut position, "c4"),
        IllegalMove::HandEmpty,
        "moving: no placing with an empty hand"
    );
}

// ---------------------------------------------------------------------------------------------
// Moving

/// The points next to `name` on the lines typed in above.
fn neighbours_from_lines(name: &str) -> BTreeSet<String> {
    let mut set = BTreeSet::new();
    for line in LINES {
        for i in 0..3 {
            if line[i] == name {
                if i > 0 {
                    set.insert(line[i - 1].to_string());
                }
                if i < 2 {
                    set.insert(line[i + 1].to_string());
                }
            }
        }
    }
    set
}

#[test]
fn men_move_only_along_lines_to_a_vacant_neighbour() {
    let all: Vec<String> = LINES
        .iter()
        .flatten()
        .map(|s| s.to_string())
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    for variant in [Morrice, Morelles] {
        for here in &all {
            let near = neighbours_from_lines(here);
            // Three more White men and four Black men, none of them next to `here`.
            let far: Vec<&String> = all
                .iter()
                .filter(|p| *p != here && !near.contains(*p))
                .collect();
            let white = format!("{here} {} {} {}", far[0], far[1], far[2]);
            let black = format!("{} {} {} {}", far[3], far[4], far[5], far[6]);
            let position = setup(variant, &white, &black, [0, 0], White);
            let targets: BTreeSet<String> = position
                .legal_moves()
                .iter()
                .filter(|m| m.from() == Some(point(here)))
                .filter_map(|m| m.to())
                .map(|p| p.to_string())
                .collect();
            assert_eq!(
                targets, near,
                "moving ({variant:?}): the man on {here} goes to its neighbours on the lines, no further"
            );
        }
    }
}

#[test]
fn moving_refuses_a_point_that_is_not_a_neighbour() {
    // White a1 b4 f6 c3; Black d7 d5 e4 d1.
    let mut position = setup(Morrice, "a1 b4 f6 c3", "d7 d5 e4 d1", [0, 0], White);
    for (text, a, b) in [
        ("a1-a7", "a1", "a7"), // along a line, but two steps
        ("b4-b2", "", ""),     // a neighbour: legal, checked below
        ("c3-e3", "c3", "e3"), // across the middle of a line
        ("a1-b2", "a1", "b2"), // a diagonal: not a line
        ("b4-f4", "b4", "f4"), // across the centre, where no line runs
    ] {
        if a.is_empty() {
            assert!(
                position.check(mv(text)).is_ok(),
                "moving: {text} is a step along a line"
            );
            continue;
        }
        assert_eq!(
            refused(&mut position, text),
            IllegalMove::NotNeighbours(point(a), point(b), Morrice),
            "moving: {text} does not go to a neighbour"
        );
    }
    assert_eq!(
        refused(&mut position, "d4-d3"),
        IllegalMove::NoSuchPoint(point("d4")),
        "moving: the centre d4 is not a point of the board"
    );
    assert_eq!(
        refused(&mut position, "a1-d1"),
        IllegalMove::Occupied(point("d1")),
        "moving: not onto an occupied point"
    );
}

// ---------------------------------------------------------------------------------------------
// Flying

/// White has three men (a1 b4 f6, on no common line), Black four (d7 d5 e4 g1); 17 points are
/// vacant.
fn three_against_four(variant: Variant) -> Position {
    setup(variant, "a1 b4 f6", "d7 d5 e4 g1", [0, 0], White)
}

#[test]
fn morrice_never_flies() {
    let mut position = three_against_four(Morrice);
    assert_eq!(
        position.phase(White),
        Phase::Moving,
        "Morrice: three men still move, never fly"
    );
    assert_eq!(
        legal(&position),
        names(&["a1-a4", "a1-d1", "b4-a4", "b4-b2", "b4-b6", "b4-c4", "f6-d6", "f6-f4"]),
        "Morrice: a side with three men moves along lines only"
    );
    let error = refused(&mut position, "a1-g7");
    assert_eq!(
        error,
        IllegalMove::NotNeighbours(point("a1"), point("g7"), Morrice),
        "Morrice: no flying with three men"
    );
    assert_eq!(
        error.to_string(),
        "a1 and g7 are not neighbours (men never fly in Morrice)",
        "Morrice: the refusal says men never fly"
    );
}

#[test]
fn morelles_flies_with_exactly_three_men() {
    let mut position = three_against_four(Morelles);
    assert_eq!(
        position.phase(White),
        Phase::Flying,
        "Morelles: three men fly"
    );
    let moves = position.legal_moves();
    assert_eq!(
        moves.len(),
        3 * 17,
        "Morelles: each of the three men may fly to each of the 17 vacant points"
    );
    assert!(
        moves.iter().all(|m| m.removals().is_empty()),
        "Morelles: no mill can be made from a1 b4 f6 with one flight"
    );
    play(&mut position, &["a1-g7"]);
    // Black has four men: they move along lines only.
    assert_eq!(
        position.phase(Black),
        Phase::Moving,
        "Morelles: four men do not fly"
    );
    let error = refused(&mut position, "d5-a1");
    assert_eq!(
        error,
        IllegalMove::NotNeighbours(point("d5"), point("a1"), Morelles),
        "Morelles: only a side with three men flies"
    );
    assert_eq!(
        error.to_string(),
        "d5 and a1 are not neighbours (men fly only when a player has three left)"
    );
}

#[test]
fn flying_starts_when_a_side_is_reduced_to_three() {
    // Morelles. Black has four men; White's move g4-g1 closes a1-d1-g1 and removes one.
    let mut position = setup(Morelles, "a1 d1 g4 b6", "b2 d2 e5 c5", [0, 0], White);
    assert_eq!(
        position.phase(Black),
        Phase::Moving,
        "Morelles: four men do not fly"
    );
    play(&mut position, &["g4-g1xe5"]);
    assert_eq!(position.on_board(Black), 3);
    assert_eq!(
        position.phase(Black),
        Phase::Flying,
        "Morelles: three men fly at once"
    );
    assert!(
        position.check(mv("b2-g7")).is_ok(),
        "Morelles: a man of a side with three flies anywhere vacant"
    );
}

#[test]
fn flying_waits_until_the_hand_is_empty() {
    // Morelles, placing: three men on the board and men still in hand place, they do not fly.
    let position = setup(Morelles, "a1 b4 f6", "d7 d5 e4", [2, 3], White);
    assert_eq!(
        position.phase(White),
        Phase::Placing,
        "Morelles: men in hand are placed first"
    );
}

// ---------------------------------------------------------------------------------------------
// Mills and removal

#[test]
fn mill_on_placement_removes_a_man() {
    // White a1 d1 and men in hand; Black b2 d2 f6. Placing g1 closes a1-d1-g1.
    let mut position = setup(Morrice, "a1 d1", "b2 d2 f6", [7, 6], White);
    assert_eq!(
        with_step(&position, "g1"),
        names(&["g1xb2", "g1xd2", "g1xf6"]),
        "mill: a placement that closes a line removes one of the opponent's men"
    );
    let error = refused(&mut position, "g1");
    assert_eq!(
        error,
        IllegalMove::RemovalDue(1),
        "mill: the removal must be named"
    );
    assert_eq!(
        error.to_string(),
        "that move makes a mill: name a man to remove, as in d6xg7"
    );
    play(&mut position, &["g1xf6"]);
    assert_eq!(
        position.man_at(point("f6")),
        None,
        "mill: the man on f6 is removed"
    );
    assert_eq!(position.on_board(Black), 2);
    assert_eq!(position.lost(Black), 1);
    assert_eq!(
        position.ending(),
        None,
        "two men: two on the board and six in hand is not a loss"
    );
}

#[test]
fn mill_on_moving_removes_a_man() {
    // Morrice. White a1 d1 g4 b6; Black b2 d2 e5 c5. Moving g4-g1 closes a1-d1-g1.
    let mut position = setup(Morrice, "a1 d1 g4 b6", "b2 d2 e5 c5", [0, 0], White);
    assert_eq!(
        with_step(&position, "g4-g1"),
        names(&["g4-g1xb2", "g4-g1xc5", "g4-g1xd2", "g4-g1xe5"]),
        "mill: a move that closes a line removes one of the opponent's men"
    );
    assert_eq!(refused(&mut position, "g4-g1"), IllegalMove::RemovalDue(1));
    assert_eq!(
        refused(&mut position, "b6-d6xb2"),
        IllegalMove::NoMill,
        "mill: a move that closes no line removes nothing"
    );
    assert_eq!(
        IllegalMove::NoMill.to_string(),
        "that move makes no mill, so no man is removed"
    );
    play(&mut position, &["g4-g1xc5"]);
    assert_eq!(
        position.man_at(point("c5")),
        None,
        "mill: the man on c5 is removed"
    );
    assert_eq!(position.to_move(), Black);
}

#[test]
fn mill_needs_three_of_one_colour() {
    // a1 White, d1 Black: placing g1 closes no mill.
    let position = setup(Morrice, "a1 b4", "d1 f6", [7, 7], White);
    assert_eq!(
        with_step(&position, "g1"),
        names(&["g1"]),
        "mill: a line of mixed colours is no mill"
    );
}

#[test]
fn removal_skips_men_in_mills() {
    // Black a7 d7 g7 is a mill; b2 is not in one. White places g1 into a1-d1-g1.
    let mut position = setup(Morrice, "a1 d1", "a7 d7 g7 b2", [7, 5], White);
    assert_eq!(
        with_step(&position, "g1"),
        names(&["g1xb2"]),
        "removal: only a man that is not in a mill may be taken"
    );
    let error = refused(&mut position, "g1xa7");
    assert_eq!(
        error,
        IllegalMove::InMill(point("a7")),
        "removal: a7 is in a mill"
    );
    assert_eq!(
        error.to_string(),
        "the man on a7 is in a mill: take one that is not while there are any"
    );
    assert_eq!(
        position.in_mills(Black).len(),
        3,
        "removal: the men of a7-d7-g7 stand in a mill"
    );
}

#[test]
fn removal_takes_any_man_when_all_are_in_mills() {
    // Black a7 d7 g7 and b6 d6 f6: two mills, no free man.
    let position = setup(Morrice, "a1 d1", "a7 d7 g7 b6 d6 f6", [7, 3], White);
    assert_eq!(
        with_step(&position, "g1"),
        names(&["g1xa7", "g1xb6", "g1xd6", "g1xd7", "g1xf6", "g1xg7"]),
        "removal: when every opposing man is in a mill, any may be taken"
    );
}

#[test]
fn removal_takes_an_opposing_man_on_the_board() {
    let mut position = setup(Morrice, "a1 d1", "a7 d7 b2", [7, 6], White);
    assert_eq!(
        refused(&mut position, "g1xa1"),
        IllegalMove::RemoveOwnMan(point("a1")),
        "removal: not one's own man"
    );
    assert_eq!(
        refused(&mut position, "g1xg1"),
        IllegalMove::RemoveOwnMan(point("g1")),
        "removal: not the man just placed"
    );
    let error = refused(&mut position, "g1xc3");
    assert_eq!(
        error,
        IllegalMove::NothingToRemove(point("c3"), Black),
        "removal: not a vacant point"
    );
    assert_eq!(error.to_string(), "there is no Black man on c3 to remove");
    assert_eq!(
        refused(&mut position, "g1xd4"),
        IllegalMove::NoSuchPoint(point("d4")),
        "removal: not a point off the board"
    );
}

#[test]
fn mill_with_no_opposing_man_on_the_board_removes_nothing() {
    // Only set up by hand: Black has all men in hand, so the mill has nothing to take.
    let position = setup(Morrice, "a1 d1", "", [7, 9], White);
    assert_eq!(
        with_step(&position, "g1"),
        names(&["g1"]),
        "removal: a mill takes a man only when there is one on the board"
    );
}

#[test]
fn moving_out_of_a_mill_and_back_makes_a_new_mill() {
    // Morrice. White a1 d1 g1 (a mill) and b6; Black b4 c5 e3 f6.
    let mut position = setup(Morrice, "a1 d1 g1 b6", "b4 c5 e3 f6", [0, 0], White);
    play(&mut position, &["g1-g4", "c5-d5"]);
    assert_eq!(
        with_step(&position, "g4-g1"),
        names(&["g4-g1xb4", "g4-g1xd5", "g4-g1xe3", "g4-g1xf6"]),
        "mill: moving back into a1-d1-g1 makes a new mill"
    );
    play(&mut position, &["g4-g1xf6", "d5-c5", "g1-g4", "c5-d5"]);
    assert_eq!(
        with_step(&position, "g4-g1"),
        names(&["g4-g1xb4", "g4-g1xd5", "g4-g1xe3"]),
        "mill: each time the man comes back, a new mill"
    );
}

// ---------------------------------------------------------------------------------------------
// Double mills
//
// On the 24-point board two mills at once come only from a placement (or a flight with five
// men, which never flies): the neighbours of a point lie on the two lines through it, so a man
// stepping in always leaves one of them.

/// White d1 g1 a4 a7 with one man in hand: placing a1 closes a1-d1-g1 and a1-a4-a7.
fn double_mill(options: Options, black: &str) -> Position {
    setup_with(Morrice, options, "d1 g1 a4 a7", black, [1, 0], White)
}

fn two_removals() -> Options {
    Options {
        two_removals: true,
        ..Options::default()
    }
}

#[test]
fn double_mill_removes_one_man_by_default() {
    // Black b6 d6 f6 (a mill) with c5 and e3 free.
    let mut position = double_mill(Options::default(), "b6 d6 f6 c5 e3");
    assert_eq!(
        with_step(&position, "a1"),
        names(&["a1xc5", "a1xe3"]),
        "double mill: one removal by default"
    );
    let error = refused(&mut position, "a1xc5xe3");
    assert_eq!(
        error,
        IllegalMove::TooManyRemovals(1),
        "double mill: a second removal is refused by default"
    );
    assert_eq!(error.to_string(), "that move removes only one man");
}

#[test]
fn double_mill_removes_two_men_with_two_removals() {
    let mut position = double_mill(two_removals(), "b6 d6 f6 c5 e3");
    assert_eq!(
        with_step(&position, "a1"),
        names(&["a1xc5xe3"]),
        "two removals: each pair of men is listed once"
    );
    let error = refused(&mut position, "a1xc5");
    assert_eq!(
        error,
        IllegalMove::RemovalDue(2),
        "two removals: both men must be named"
    );
    assert_eq!(
        error.to_string(),
        "that move makes more than one mill: name 2 men to remove, as in d6xg7xa1"
    );
    assert_eq!(
        refused(&mut position, "a1xc5xc5"),
        IllegalMove::RemovedTwice(point("c5")),
        "two removals: not the same man twice"
    );

    let mut one_order = position.clone();
    let mut other_order = position.clone();
    play(&mut one_order, &["a1xc5xe3"]);
    play(&mut other_order, &["a1xe3xc5"]);
    assert_eq!(
        one_order, other_order,
        "two removals: both orders give the same position"
    );
    assert_eq!(
        one_order.on_board(Black),
        3,
        "two removals: two men are gone"
    );
}

#[test]
fn double_mill_removal_order_respects_mills() {
    // Black b6 d6 f6 (a mill) and c5: c5 must go first; after it, every Black man is in a mill
    // and any may follow.
    let mut position = double_mill(two_removals(), "b6 d6 f6 c5");
    assert_eq!(
        with_step(&position, "a1"),
        names(&["a1xc5xb6", "a1xc5xd6", "a1xc5xf6"]),
        "two removals: the free man first, then any man of the mill"
    );
    assert_eq!(
        refused(&mut position, "a1xb6xc5"),
        IllegalMove::InMill(point("b6")),
        "two removals: a man in a mill cannot go first while c5 is free"
    );
}

#[test]
fn double_mill_takes_only_the_men_there_are() {
    // Black has one man on the board: two mills take just that one.
    let position = double_mill(two_removals(), "c5");
    assert_eq!(
        with_step(&position, "a1"),
        names(&["a1xc5"]),
        "two removals: no more removals than opposing men on the board"
    );
}

/// Twelve Men's Morris, White b4 b6 d2 f2 a1 c3 with one man in hand: b2, a corner of the
/// middle square, closes b2-b4-b6, b2-d2-f2 and the diagonal a1-b2-c3 at once.
fn triple_mill(options: Options, black: &str) -> Position {
    setup_with(
        TwelveMens,
        options,
        "b4 b6 d2 f2 a1 c3",
        black,
        [1, 0],
        White,
    )
}

#[test]
fn triple_mill_removes_one_man_for_each_mill_with_the_option() {
    // Black g4 d5 e5 g1, none in a mill.
    let mut position = triple_mill(two_removals(), "g4 d5 e5 g1");
    assert_eq!(
        position.mills_made_by(mv("b2")),
        3,
        "three mills through b2"
    );
    assert_eq!(
        with_step(&position, "b2"),
        names(&["b2xd5xe5xg1", "b2xd5xe5xg4", "b2xd5xg1xg4", "b2xe5xg1xg4"]),
        "one man per mill: each set of three men once"
    );
    assert_eq!(
        refused(&mut position, "b2xg4xd5"),
        IllegalMove::RemovalDue(3)
    );
    let mut one_order = position.clone();
    let mut other_order = position.clone();
    play(&mut one_order, &["b2xg4xd5xe5"]);
    play(&mut other_order, &["b2xe5xg4xd5"]);
    assert_eq!(
        one_order, other_order,
        "the order of the three does not matter"
    );
    assert_eq!(one_order.on_board(Black), 1, "three men are gone");

    let mut by_default = triple_mill(Options::default(), "g4 d5 e5 g1");
    assert_eq!(
        with_step(&by_default, "b2"),
        names(&["b2xg1", "b2xg4", "b2xd5", "b2xe5"]),
        "by default, one man however many mills"
    );
    assert_eq!(
        refused(&mut by_default, "b2xg4xd5xe5"),
        IllegalMove::TooManyRemovals(1)
    );
}

#[test]
fn triple_mill_takes_the_free_man_first_then_any() {
    // Black a7 d7 g7 (a mill) and g4: g4 goes first; then every Black man is in a mill, and
    // once one of them is gone the other two are free.
    let mut position = triple_mill(two_removals(), "a7 d7 g7 g4");
    assert_eq!(
        with_step(&position, "b2"),
        names(&["b2xg4xa7xd7", "b2xg4xa7xg7", "b2xg4xd7xg7"]),
        "the free man first, then two of the mill"
    );
    assert_eq!(
        refused(&mut position, "b2xa7xg4xd7"),
        IllegalMove::InMill(point("a7"))
    );
    play(&mut position, &["b2xg4xg7xa7"]);
    assert_eq!(position.on_board(Black), 1);
    assert!(
        "b2xg4xa7xd7xg7".parse::<Move>().is_err(),
        "no move removes four men"
    );
}

// ---------------------------------------------------------------------------------------------
// The end of the game

#[test]
fn two_men_left_loses() {
    for variant in [Morrice, Morelles] {
        // Black a7 d7 c5: White's g4-g1 closes a1-d1-g1 and takes c5.
        let mut position = setup(variant, "a1 d1 g4 b6", "a7 d7 c5", [0, 0], White);
        play(&mut position, &["g4-g1xc5"]);
        assert_eq!(
            position.ending(),
            Some(Ending::TwoMenLeft { loser: Black }),
            "{variant:?}: a player reduced to two men loses"
        );
        assert_eq!(position.turn(), Turn::Over);
        let outcome = position.outcome().expect("the game is over");
        assert_eq!(outcome.winners, vec![Seat(0)], "{variant:?}: White wins");
        assert_eq!(outcome.reason, "two men left");
        assert!(position.legal_moves().is_empty(), "over: no legal moves");
        assert_eq!(
            position.scores(),
            vec![4, 2],
            "scores: the men each side still has"
        );
    }
}

/// Black a1 g1 a7 g7 sit in the outer corners; White a4 d1 g4 hold three of the four midpoints,
/// d6 can close the fourth (d7), and c3 shuffles c3-d3.
const BLOCKADE_WHITE: &str = "a4 d1 g4 d6 c3";
const BLOCKADE_BLACK: &str = "a1 g1 a7 g7";

#[test]
fn no_legal_move_loses() {
    for variant in [Morrice, Morelles] {
        let mut position = setup(variant, BLOCKADE_WHITE, BLOCKADE_BLACK, [0, 0], White);
        assert_eq!(legal(&position).len(), 9, "blockade: White has moves");
        play(&mut position, &["d6-d7"]);
        assert_eq!(
            position.ending(),
            Some(Ending::NoLegalMove { loser: Black }),
            "{variant:?}: a player who cannot move loses"
        );
        let outcome = position.outcome().unwrap();
        assert_eq!(
            outcome.winners,
            vec![Seat(0)],
            "blockade: the blocking side wins"
        );
        assert_eq!(outcome.reason, "no legal move");
    }
}

#[test]
fn three_men_are_blocked_in_morrice_but_fly_in_morelles() {
    // Black a1 g1 a7 only; White closes d7.
    let mut morrice = setup(Morrice, BLOCKADE_WHITE, "a1 g1 a7", [0, 0], White);
    play(&mut morrice, &["d6-d7"]);
    assert_eq!(
        morrice.ending(),
        Some(Ending::NoLegalMove { loser: Black }),
        "Morrice: three men can be blocked"
    );
    let mut morelles = setup(Morelles, BLOCKADE_WHITE, "a1 g1 a7", [0, 0], White);
    play(&mut morelles, &["d6-d7"]);
    assert_eq!(
        morelles.ending(),
        None,
        "Morelles: three men fly, so they are never blocked"
    );
    assert_eq!(
        morelles.legal_moves().len(),
        3 * (24 - 8),
        "Morelles: each man flies to any vacant point"
    );
}

#[test]
fn blocked_from_the_setup_is_already_lost() {
    let position = setup(Morrice, "a4 d1 g4 d7 c3", BLOCKADE_BLACK, [0, 0], Black);
    assert_eq!(
        position.ending(),
        Some(Ending::NoLegalMove { loser: Black }),
        "blockade: a side to move without a move has lost"
    );
}

/// Black shuffles g7-d7-g7 and White c3-d3-c3 around the blockade, as many plies as asked.
fn shuffle(position: &mut Position, plies: usize) {
    for i in 0..plies {
        let text = match position.to_move() {
            Black if position.man_at(point("g7")) == Some(Black) => "g7-d7",
            Black => "d7-g7",
            White if position.man_at(point("c3")) == Some(White) => "c3-d3",
            White => "d3-c3",
        };
        if let Err(e) = position.play(mv(text)) {
            panic!("shuffle ply {i} {text} should be legal: {e}");
        }
    }
}

fn no_draws(repetition_draw: bool, fifty_move_draw: bool) -> Options {
    Options {
        repetition_draw,
        fifty_move_draw,
        ..Options::default()
    }
}

#[test]
fn threefold_repetition_draws() {
    let mut position = setup(Morrice, BLOCKADE_WHITE, BLOCKADE_BLACK, [0, 0], Black);
    shuffle(&mut position, 7);
    assert_eq!(
        position.ending(),
        None,
        "repetition: two occurrences are not enough"
    );
    assert_eq!(position.occurrences(), 2);
    shuffle(&mut position, 1);
    assert_eq!(position.occurrences(), 3);
    assert_eq!(
        position.ending(),
        Some(Ending::Repetition),
        "repetition: the third occurrence of a position draws"
    );
    let outcome = position.outcome().unwrap();
    assert_eq!(
        outcome.winners,
        vec![Seat(0), Seat(1)],
        "repetition: a draw"
    );
    assert!(outcome.drawn, "a repetition is a draw");
    assert_eq!(outcome.reason, "threefold repetition");
}

#[test]
fn repetition_counts_only_the_same_player_to_move() {
    // Morelles: White (three men) flies f6-e3-c5-f6, Black steps g1-g4-g1. The men stand as
    // at the start every 5 plies, but with the same player to move only every 12.
    let white = ["f6-e3", "e3-c5", "c5-f6"];
    let black = ["g1-g4", "g4-g1"];
    let mut position = setup(Morelles, "a1 b4 f6", "d7 d5 e4 g1", [0, 0], White);
    for ply in 0..24 {
        let text = if ply % 2 == 0 {
            white[(ply / 2) % 3]
        } else {
            black[(ply / 2) % 2]
        };
        assert_eq!(
            position.ending(),
            None,
            "repetition: after {ply} plies no position has occurred three times with the same player to move"
        );
        play(&mut position, &[text]);
    }
    assert_eq!(
        position.ending(),
        Some(Ending::Repetition),
        "repetition: the start recurs with White to move at plies 12 and 24"
    );
}

#[test]
fn repetition_draw_can_be_switched_off() {
    let options = no_draws(false, true);
    let mut position = setup_with(
        Morrice,
        options,
        BLOCKADE_WHITE,
        BLOCKADE_BLACK,
        [0, 0],
        Black,
    );
    shuffle(&mut position, 40);
    assert_eq!(
        position.ending(),
        None,
        "repetition_draw off: positions may recur freely"
    );
    assert!(position.occurrences() > 3);
}

#[test]
fn fifty_moves_each_without_a_mill_draw() {
    let options = no_draws(false, true);
    let mut position = setup_with(
        Morrice,
        options,
        BLOCKADE_WHITE,
        BLOCKADE_BLACK,
        [0, 0],
        Black,
    );
    shuffle(&mut position, usize::from(QUIET_PLIES_FOR_DRAW) - 1);
    assert_eq!(
        QUIET_PLIES_FOR_DRAW, 100,
        "fifty moves: 50 moves each are 100 plies"
    );
    assert_eq!(position.quiet_plies(), 99);
    assert_eq!(
        position.ending(),
        None,
        "fifty moves: 99 plies are not enough"
    );
    shuffle(&mut position, 1);
    assert_eq!(
        position.ending(),
        Some(Ending::FiftyMoves),
        "fifty moves: the 100th ply without a mill draws"
    );
    let outcome = position.outcome().unwrap();
    assert_eq!(outcome.winners, vec![Seat(0), Seat(1)]);
    assert_eq!(outcome.reason, "50 moves without a mill");
}

#[test]
fn fifty_move_count_starts_again_at_a_mill() {
    // Morrice. White a1 d1 g4 b6 e5; Black b2 d2 c5 f6 a7.
    let options = no_draws(false, true);
    let mut position = setup_with(
        Morrice,
        options,
        "a1 d1 g4 b6 e5",
        "b2 d2 c5 f6 a7",
        [0, 0],
        White,
    );
    play(&mut position, &["b6-d6", "a7-a4", "d6-b6"]);
    assert_eq!(
        position.quiet_plies(),
        3,
        "fifty moves: every quiet ply counts"
    );
    play(&mut position, &["a4-a7", "g4-g1xc5"]);
    assert_eq!(
        position.quiet_plies(),
        0,
        "fifty moves: a mill starts the count again"
    );
    play(&mut position, &["a7-a4"]);
    assert_eq!(position.quiet_plies(), 1);
}

#[test]
fn fifty_move_draw_can_be_switched_off() {
    let options = no_draws(false, false);
    let mut position = setup_with(
        Morrice,
        options,
        BLOCKADE_WHITE,
        BLOCKADE_BLACK,
        [0, 0],
        Black,
    );
    shuffle(&mut position, 300);
    assert_eq!(position.ending(), None, "both draws off: the game goes on");
    assert_eq!(
        position.quiet_plies(),
        300,
        "the count goes on even when it does not draw"
    );
}

#[test]
fn win_outranks_a_draw_completed_by_the_same_move() {
    // Black to move first: after 99 quiet plies White's 100th, d6-d7, blocks Black.
    let options = no_draws(false, true);
    let mut position = setup_with(
        Morrice,
        options,
        BLOCKADE_WHITE,
        BLOCKADE_BLACK,
        [0, 0],
        Black,
    );
    shuffle(&mut position, 99);
    let mut drawn = position.clone();
    shuffle(&mut drawn, 1);
    assert_eq!(
        drawn.ending(),
        Some(Ending::FiftyMoves),
        "control: a quiet 100th ply draws"
    );
    play(&mut position, &["d6-d7"]);
    assert_eq!(
        position.quiet_plies(),
        100,
        "the blocking move is the 100th quiet ply"
    );
    assert_eq!(
        position.ending(),
        Some(Ending::NoLegalMove { loser: Black }),
        "a win outranks a draw that the same move completes"
    );
}

#[test]
fn resigning_loses() {
    let mut position = Position::new(Morelles, Options::default());
    play(&mut position, &["d6", "resign"]);
    assert_eq!(
        position.ending(),
        Some(Ending::Resigned { loser: Black }),
        "resign: the player to move resigns"
    );
    let outcome = position.outcome().unwrap();
    assert_eq!(
        outcome.winners,
        vec![Seat(0)],
        "resign: the other player wins"
    );
    assert_eq!(outcome.reason, "resigned");
}

#[test]
fn agreed_draw_ends_the_game() {
    let mut position = setup(Morrice, BLOCKADE_WHITE, BLOCKADE_BLACK, [0, 0], White);
    play(&mut position, &["draw"]);
    assert_eq!(
        position.ending(),
        Some(Ending::Agreed),
        "draw: the players agree a draw"
    );
    let outcome = position.outcome().unwrap();
    assert_eq!(outcome.winners, vec![Seat(0), Seat(1)]);
    assert_eq!(outcome.reason, "agreed");
}

#[test]
fn nothing_is_played_after_the_end() {
    let mut position = Position::new(Morrice, Options::default());
    play(&mut position, &["resign"]);
    for text in ["d6", "resign", "draw", "a1-a4"] {
        assert_eq!(
            refused(&mut position, text),
            IllegalMove::GameOver,
            "over: {text} is refused once the game has ended"
        );
    }
    assert_eq!(IllegalMove::GameOver.to_string(), "the game is over");
}

// ---------------------------------------------------------------------------------------------
// Checked play and notation

#[test]
fn checked_play_leaves_the_position_unchanged_on_every_error() {
    let start = Position::new(Morrice, Options::default());
    let mut over = start.clone();
    play(&mut over, &["resign"]);
    let moving = setup(Morrice, "a1 b4 f6 c3", "d7 d5 e4 d1", [0, 0], White);
    let flying = setup(Morelles, "a1 b4 f6", "d7 d5 e4 g1", [0, 0], White);
    let placing_mill = setup(Morrice, "a1 d1", "a7 d7 g7 b2", [7, 5], White);
    let double = double_mill(two_removals(), "b6 d6 f6 c5 e3");
    let single = double_mill(Options::default(), "b6 d6 f6 c5 e3");
    let p = point;
    let cases: Vec<(&Position, &str, IllegalMove)> = vec![
        (&over, "d6", IllegalMove::GameOver),
        (&start, "d4", IllegalMove::NoSuchPoint(p("d4"))),
        (&start, "a1-a4", IllegalMove::MenInHand),
        (&moving, "c4", IllegalMove::HandEmpty),
        (&placing_mill, "a1", IllegalMove::Occupied(p("a1"))),
        (&moving, "a1-d1", IllegalMove::Occupied(p("d1"))),
        (&moving, "c4-c5", IllegalMove::NoManThere(p("c4"))),
        (&moving, "d7-a7", IllegalMove::NotYourMan(p("d7"), Black)),
        (&flying, "a1-a1", IllegalMove::SamePoint(p("a1"))),
        (
            &moving,
            "a1-a7",
            IllegalMove::NotNeighbours(p("a1"), p("a7"), Morrice),
        ),
        (&placing_mill, "g1", IllegalMove::RemovalDue(1)),
        (&double, "a1xc5", IllegalMove::RemovalDue(2)),
        (&moving, "a1-a4xd7", IllegalMove::NoMill),
        (&single, "a1xc5xe3", IllegalMove::TooManyRemovals(1)),
        (&placing_mill, "g1xd1", IllegalMove::RemoveOwnMan(p("d1"))),
        (
            &placing_mill,
            "g1xc3",
            IllegalMove::NothingToRemove(p("c3"), Black),
        ),
        (&placing_mill, "g1xd7", IllegalMove::InMill(p("d7"))),
        (&double, "a1xe3xe3", IllegalMove::RemovedTwice(p("e3"))),
    ];
    for (position, text, expected) in cases {
        let mut position = position.clone();
        assert_eq!(
            refused(&mut position, text),
            expected,
            "checked play: {text}"
        );
        assert!(
            !expected.to_string().is_empty(),
            "every refusal has a message for the player"
        );
        // The same through the shared notation view.
        let before = position.clone();
        match Table::play_notation(&mut position, text) {
            Err(MoveError::Illegal(why)) => assert_eq!(why, expected.to_string()),
            other => panic!("{text}: expected an illegal-move error, got {other:?}"),
        }
        assert_eq!(
            position, before,
            "play_notation: refusing {text} changes nothing"
        );
    }
}

#[test]
fn parse_errors_are_separate_from_illegal_moves() {
    let unreadable = [
        "",
        "   ",
        "hello",
        "d",
        "d66",
        "z9",
        "a0",
        "a8",
        "h1",
        "a1-",
        "-a1",
        "a1-a4-a7",
        "a1 a4",
        "a1x",
        "xa1",
        "a1xx",
        "a1xg7xd7xa4xb2",
        "a1\u{2013}a4",
        "\u{e9}1",
        "resignx",
        "d6-d5xzz",
    ];
    let mut position = setup(Morrice, "a1 b4 f6 c3", "d7 d5 e4 d1", [0, 0], White);
    for text in unreadable {
        assert!(
            text.parse::<Move>().is_err(),
            "notation: {text:?} is not a move and must not read as one"
        );
        let before = position.clone();
        match Table::play_notation(&mut position, text) {
            Err(MoveError::Unreadable(why)) => {
                assert!(
                    !why.is_empty(),
                    "notation: {text:?} is refused with a reason"
                )
            }
            other => panic!("notation: {text:?} should be unreadable, got {other:?}"),
        }
        assert_eq!(
            position, before,
            "notation: unreadable {text:?} changes nothing"
        );
    }
    // Readable, but not legal here: the other kind of error.
    for text in ["d4-d3", "a1-a7", "c4", "d7-a7"] {
        assert!(
            text.parse::<Move>().is_ok(),
            "notation: {text} reads as a move"
        );
        match Table::play_notation(&mut position, text) {
            Err(MoveError::Illegal(_)) => {}
            other => panic!("notation: {text} reads but is illegal here, got {other:?}"),
        }
    }
}

#[test]
fn notation_reads_the_forms_of_the_rules() {
    let p = point;
    assert_eq!(
        mv("d6"),
        Move::Place {
            to: p("d6"),
            removals: Removals::default()
        }
    );
    assert_eq!(
        mv("d6-d5xg7xa1"),
        Move::Shift {
            from: p("d6"),
            to: p("d5"),
            removals: Removals::default().with(p("g7")).with(p("a1")),
        }
    );
    assert_eq!(
        mv("a1xg7").removals().iter().collect::<Vec<_>>(),
        vec![p("g7")]
    );
    assert_eq!(mv("resign"), Move::Resign);
    assert_eq!(mv("draw"), Move::Draw);
    assert_eq!(
        mv(" D6-D5XG7 "),
        mv("d6-d5xg7"),
        "notation: case and spaces around do not matter"
    );
    assert_eq!(mv("RESIGN"), Move::Resign);
}

#[test]
fn notation_round_trips_for_every_legal_move() {
    let mut rng = Pcg32::seed_from_u64(7);
    let mut checked = 0;
    for game in 0..60 {
        let variant = if game % 2 == 0 { Morrice } else { Morelles };
        let options = Options {
            two_removals: game % 3 == 0,
            ..Options::default()
        };
        let mut position = Position::new(variant, options);
        while position.ending().is_none() {
            let moves = position.legal_moves();
            for m in &moves {
                let text = m.to_string();
                let back: Move = text
                    .parse()
                    .unwrap_or_else(|e| panic!("notation: {text} does not read back: {e}"));
                assert_eq!(back, *m, "notation: {text} reads back as another move");
                checked += 1;
            }
            let m = moves[rng.next_u32() as usize % moves.len()];
            position.play(m).unwrap();
        }
    }
    for m in [Move::Resign, Move::Draw] {
        assert_eq!(m.to_string().parse::<Move>().unwrap(), m);
    }
    assert!(
        checked > 10_000,
        "notation: many moves were checked ({checked})"
    );
}

// ---------------------------------------------------------------------------------------------
// The other boards: Six, Twelve and Three Men's Morris

/// The four corner diagonals that Twelve Men's Morris adds to the 16 lines, typed in from the
/// rules.
const DIAGONALS: [[&str; 3]; 4] = [
    ["a1", "b2", "c3"],
    ["g1", "f2", "e3"],
    ["a7", "b6", "c5"],
    ["g7", "f6", "e5"],
];

/// Six Men's Morris: the eight sides of the two squares, the only lines that make mills.
const SIX_LINES: [[&str; 3]; 8] = [
    ["a5", "c5", "e5"],
    ["b4", "c4", "d4"],
    ["b2", "c2", "d2"],
    ["a1", "c1", "e1"],
    ["a1", "a3", "a5"],
    ["b2", "b3", "b4"],
    ["d2", "d3", "d4"],
    ["e1", "e3", "e5"],
];

/// Six Men's Morris: the four short links between the squares, for moving only.
const SIX_LINKS: [[&str; 2]; 4] = [["a3", "b3"], ["d3", "e3"], ["c5", "c4"], ["c1", "c2"]];

/// Three Men's Morris: the rows, columns and both diagonals of the 3 x 3 grid.
const THREE_LINES: [[&str; 3]; 8] = [
    ["a1", "b1", "c1"],
    ["a2", "b2", "c2"],
    ["a3", "b3", "c3"],
    ["a1", "a2", "a3"],
    ["b1", "b2", "b3"],
    ["c1", "c2", "c3"],
    ["a1", "b2", "c3"],
    ["a3", "b2", "c1"],
];

/// A variant's lines and its links for moving only, as typed in above.
fn typed_in(variant: Variant) -> (Vec<[&'static str; 3]>, Vec<[&'static str; 2]>) {
    match variant {
        Morrice | Morelles => (LINES.to_vec(), Vec::new()),
        TwelveMens => (
            LINES.iter().chain(&DIAGONALS).copied().collect(),
            Vec::new(),
        ),
        SixMens => (SIX_LINES.to_vec(), SIX_LINKS.to_vec()),
        ThreeMens => (THREE_LINES.to_vec(), Vec::new()),
    }
}

/// Two point names, in order: one link of the board.
fn link(a: &str, b: &str) -> (String, String) {
    let (a, b) = (a.to_string(), b.to_string());
    if a < b {
        (a, b)
    } else {
        (b, a)
    }
}

/// The links typed in: neighbours on a line, and the links for moving only.
fn typed_in_links(variant: Variant) -> BTreeSet<(String, String)> {
    let (lines, links) = typed_in(variant);
    let mut set = BTreeSet::new();
    for line in lines {
        set.insert(link(line[0], line[1]));
        set.insert(link(line[1], line[2]));
    }
    for pair in links {
        set.insert(link(pair[0], pair[1]));
    }
    set
}

/// The points typed in, in order.
fn typed_in_points(variant: Variant) -> Vec<String> {
    typed_in_links(variant)
        .into_iter()
        .flat_map(|(a, b)| [a, b])
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect()
}

/// The points next to `name` by the links typed in.
fn typed_in_neighbours(variant: Variant, name: &str) -> BTreeSet<String> {
    typed_in_links(variant)
        .into_iter()
        .filter_map(|(a, b)| {
            if a == name {
                Some(b)
            } else if b == name {
                Some(a)
            } else {
                None
            }
        })
        .collect()
}

/// Whether `men` fill one of the variant's lines.
fn has_line(variant: Variant, men: &[&str]) -> bool {
    typed_in(variant)
        .0
        .iter()
        .any(|line| line.iter().all(|p| men.contains(p)))
}

fn point_names(board: &Board) -> Vec<String> {
    board.points().iter().map(|p| p.to_string()).collect()
}

fn board_mills(board: &Board) -> BTreeSet<BTreeSet<String>> {
    board
        .mills()
        .iter()
        .map(|&line| {
            board
                .points()
                .iter()
                .filter(|p| board.bit(**p).unwrap() & line != 0)
                .map(|p| p.to_string())
                .collect()
        })
        .collect()
}

fn board_links(board: &Board) -> BTreeSet<(String, String)> {
    board
        .links()
        .iter()
        .map(|(a, b)| link(&a.to_string(), &b.to_string()))
        .collect()
}

#[test]
fn every_board_has_the_points_lines_and_links_of_the_rules() {
    for (variant, board, size, points, lines, links) in [
        (Morrice, &*NINE_MENS, 7, 24, 16, 32),
        (Morelles, &*NINE_MENS, 7, 24, 16, 32),
        (TwelveMens, &*TWELVE_MENS, 7, 24, 20, 40),
        (SixMens, &*SIX_MENS, 5, 16, 8, 20),
        (ThreeMens, &*THREE_MENS, 3, 9, 8, 16),
    ] {
        assert!(
            std::ptr::eq(variant.board(), board),
            "board: {variant:?} is played on its own board"
        );
        assert_eq!(
            board.size(),
            size,
            "board ({variant:?}): names on a {size} x {size} grid"
        );
        let names = point_names(board);
        assert_eq!(
            names,
            typed_in_points(variant),
            "board ({variant:?}): the points are those of the lines and links"
        );
        assert_eq!(names.len(), points, "board ({variant:?}): {points} points");
        let typed_lines: BTreeSet<BTreeSet<String>> = typed_in(variant)
            .0
            .iter()
            .map(|l| l.iter().map(|s| s.to_string()).collect())
            .collect();
        assert_eq!(
            board_mills(board),
            typed_lines,
            "board ({variant:?}): the mills are exactly the lines of the rules"
        );
        assert_eq!(
            typed_lines.len(),
            lines,
            "board ({variant:?}): {lines} lines"
        );
        assert_eq!(
            board_links(board),
            typed_in_links(variant),
            "board ({variant:?}): neighbours are the links along the lines (and Six Men's short links)"
        );
        assert_eq!(
            board_links(board).len(),
            links,
            "board ({variant:?}): {links} links"
        );
    }
}

#[test]
fn every_variant_has_its_name_and_its_men() {
    for (variant, name, men, points) in [
        (Morrice, "morrice", 9, 24),
        (Morelles, "morelles", 9, 24),
        (SixMens, "six-mens", 6, 16),
        (TwelveMens, "twelve-mens", 12, 24),
        (ThreeMens, "three-mens", 3, 9),
    ] {
        assert_eq!(
            variant.name(),
            name,
            "variant: {variant:?} is {name} in records"
        );
        assert_eq!(Variant::from_name(name), Some(variant));
        assert!(
            Variant::ALL.contains(&variant),
            "variant: {name} is offered"
        );
        let start = Position::new(variant, Options::default());
        for side in [White, Black] {
            assert_eq!(
                start.in_hand(side),
                men,
                "{name}: {} starts with {men} men in hand",
                side.name()
            );
        }
        assert_eq!(
            legal(&start).len(),
            points,
            "{name}: the first man may go on any of the {points} points"
        );
    }
}

#[test]
fn small_boards_have_no_points_off_their_lines() {
    for (variant, off) in [
        (SixMens, ["c3", "f1", "a2"]),
        (TwelveMens, ["d4", "b1", "c2"]),
        (ThreeMens, ["d1", "a4", "c4"]),
    ] {
        let mut position = Position::new(variant, Options::default());
        for name in off {
            let error = refused(&mut position, name);
            assert_eq!(
                error,
                IllegalMove::NoSuchPoint(point(name)),
                "board ({variant:?}): {name} is not a point"
            );
            assert_eq!(
                error.to_string(),
                format!("there is no point {name} on this board")
            );
        }
    }
}

#[test]
fn men_move_along_lines_and_links_on_the_other_boards() {
    for variant in [SixMens, TwelveMens, ThreeMens] {
        let all = typed_in_points(variant);
        for here in &all {
            let near = typed_in_neighbours(variant, here);
            // Two more White men and three Black men, away from `here` while the board has
            // room (Three Men's centre touches every point), and never three in a line.
            let order = all
                .iter()
                .filter(|p| *p != here && !near.contains(*p))
                .chain(all.iter().filter(|p| near.contains(*p)));
            let mut white = vec![here.as_str()];
            let mut black: Vec<&str> = Vec::new();
            for p in order {
                let side = if white.len() < 3 {
                    &mut white
                } else if black.len() < 3 {
                    &mut black
                } else {
                    break;
                };
                side.push(p);
                if has_line(variant, side) {
                    side.pop();
                }
            }
            let position = setup(variant, &white.join(" "), &black.join(" "), [0, 0], White);
            assert_eq!(
                position.ending(),
                None,
                "{variant:?}: the test position {white:?} against {black:?} is still on"
            );
            let vacant: BTreeSet<String> = all
                .iter()
                .filter(|p| !white.contains(&p.as_str()) && !black.contains(&p.as_str()))
                .cloned()
                .collect();
            let expected: BTreeSet<String> = near.intersection(&vacant).cloned().collect();
            let targets: BTreeSet<String> = position
                .legal_moves()
                .iter()
                .filter(|m| m.from() == Some(point(here)))
                .filter_map(|m| m.to())
                .map(|p| p.to_string())
                .collect();
            assert_eq!(
                targets, expected,
                "moving ({variant:?}): the man on {here} goes to its vacant neighbours along the lines and links, no further"
            );
        }
    }
}

#[test]
fn men_never_fly_on_the_other_boards() {
    for (variant, white, black, flight, message) in [
        (
            SixMens,
            "a1 c4 e3",
            "b2 d4 a5 e5",
            "a1-d3",
            "a1 and d3 are not neighbours (men never fly in Six Men's Morris)",
        ),
        (
            TwelveMens,
            "a1 b4 f6",
            "d7 d5 e4 g1",
            "a1-g7",
            "a1 and g7 are not neighbours (men never fly in Twelve Men's Morris)",
        ),
        (
            ThreeMens,
            "a1 c2 b3",
            "a3 b1 c3",
            "a1-c1",
            "a1 and c1 are not neighbours (men never fly in Three Men's Morris)",
        ),
    ] {
        let mut position = setup(variant, white, black, [0, 0], White);
        assert!(!variant.flying(), "{variant:?}: no flying");
        assert_eq!(
            position.phase(White),
            Phase::Moving,
            "{variant:?}: three men still move, never fly"
        );
        let (from, to) = flight.split_once('-').unwrap();
        let error = refused(&mut position, flight);
        assert_eq!(
            error,
            IllegalMove::NotNeighbours(point(from), point(to), variant),
            "{variant:?}: no flying with three men"
        );
        assert_eq!(error.to_string(), message);
        assert!(
            position.legal_moves().iter().all(|m| typed_in_neighbours(
                variant,
                &m.from().unwrap().to_string()
            )
            .contains(&m.to().unwrap().to_string())),
            "{variant:?}: every legal move goes to a neighbour"
        );
    }
}

// Six Men's Morris

#[test]
fn six_mens_links_carry_moves_but_make_no_mill() {
    // White a3 c5 e1 against Black b2 d4 e5: a3 steps along the link to b3, c5 along the link
    // to c4; nothing crosses the empty centre c3.
    let mut position = setup(SixMens, "a3 c5 e1", "b2 d4 e5", [0, 0], White);
    assert_eq!(
        legal(&position),
        names(&["a3-a1", "a3-a5", "a3-b3", "c5-a5", "c5-c4", "e1-c1", "e1-e3"]),
        "Six Men's: men step along the sides and along the four short links"
    );
    assert_eq!(
        refused(&mut position, "a3-d3"),
        IllegalMove::NotNeighbours(point("a3"), point("d3"), SixMens),
        "Six Men's: a3 and d3 are not neighbours"
    );
    assert_eq!(
        refused(&mut position, "c5-c3"),
        IllegalMove::NoSuchPoint(point("c3")),
        "Six Men's: the centre c3 is not a point"
    );

    // The middle row a3 b3 d3 e3 and the middle column c5 c4 c2 c1 are links, not lines.
    let position = setup(SixMens, "a3 b3 d3", "a5 c4", [3, 4], White);
    assert_eq!(
        with_step(&position, "e3"),
        names(&["e3"]),
        "Six Men's: a3 b3 d3 e3 across the middle make no mill"
    );
    let position = setup(SixMens, "c5 c4 c2", "a1 e5", [3, 4], White);
    assert_eq!(
        with_step(&position, "c1"),
        names(&["c1"]),
        "Six Men's: c5 c4 c2 c1 down the middle make no mill"
    );
    // b2-b3 fills the middle row a3 b3 d3 e3: still no mill.
    let position = setup(SixMens, "a3 d3 e3 b2", "a5 c4 e1", [0, 0], White);
    assert_eq!(
        with_step(&position, "b2-b3"),
        names(&["b2-b3"]),
        "Six Men's: filling the middle row by moving makes no mill"
    );
    assert!(
        position
            .legal_moves()
            .iter()
            .all(|m| m.removals().is_empty()),
        "Six Men's: no move here makes a mill"
    );

    // A step along a link can still close a side of a square: a3-b3 fills b2-b3-b4.
    let position = setup(SixMens, "a3 b2 b4", "a5 c4 e1", [0, 0], White);
    assert_eq!(
        with_step(&position, "a3-b3"),
        names(&["a3-b3xa5", "a3-b3xc4", "a3-b3xe1"]),
        "Six Men's: a man that steps along a link into a side of a square makes that mill"
    );
}

#[test]
fn six_mens_two_men_left_loses() {
    // White e3-e1 closes a1-c1-e1 and takes one of Black's three men.
    let mut position = setup(SixMens, "a1 c1 e3", "a5 c4 d2", [0, 0], White);
    assert_eq!(
        with_step(&position, "e3-e1"),
        names(&["e3-e1xa5", "e3-e1xc4", "e3-e1xd2"]),
        "Six Men's: a mill removes a man"
    );
    play(&mut position, &["e3-e1xc4"]);
    assert_eq!(
        position.ending(),
        Some(Ending::TwoMenLeft { loser: Black }),
        "Six Men's: a player reduced to two men loses"
    );
    assert_eq!(position.scores(), vec![3, 2]);
}

// Twelve Men's Morris

#[test]
fn twelve_mens_diagonals_carry_moves_and_make_mills() {
    // White a1 b6 e4 against Black d1 a4 c5 d7: a1 and b6 also step along their diagonals.
    let twelve = setup(TwelveMens, "a1 b6 e4", "d1 a4 c5 d7", [0, 0], White);
    let nine = setup(Morrice, "a1 b6 e4", "d1 a4 c5 d7", [0, 0], White);
    assert_eq!(
        legal(&twelve),
        names(&["a1-b2", "b6-a7", "b6-b4", "b6-d6", "e4-e3", "e4-e5", "e4-f4"]),
        "Twelve Men's: men step along the corner diagonals too"
    );
    assert_eq!(
        legal(&nine),
        names(&["b6-b4", "b6-d6", "e4-e3", "e4-e5", "e4-f4"]),
        "control: without the diagonals a1 is shut in"
    );

    // Placing c3 next to a1 b2 makes a mill on the diagonal; on the Nine Men's board it does not.
    let twelve = setup(TwelveMens, "a1 b2", "d7 g7 f4", [7, 8], White);
    let nine = setup(Morrice, "a1 b2", "d7 g7 f4", [7, 6], White);
    assert_eq!(
        with_step(&twelve, "c3"),
        names(&["c3xd7", "c3xf4", "c3xg7"]),
        "Twelve Men's: a corner diagonal is a mill"
    );
    assert_eq!(
        with_step(&nine, "c3"),
        names(&["c3"]),
        "control: Nine Men's"
    );

    // So is a move into it, along a row or along the diagonal itself.
    let position = setup(TwelveMens, "a1 b2 d3", "d7 g7 f4", [0, 0], White);
    assert_eq!(
        with_step(&position, "d3-c3"),
        names(&["d3-c3xd7", "d3-c3xf4", "d3-c3xg7"]),
        "Twelve Men's: a move that fills a diagonal makes a mill"
    );
    let position = setup(TwelveMens, "a1 b4 c3", "d7 g7 f4", [0, 0], White);
    assert_eq!(
        with_step(&position, "b4-b2"),
        names(&["b4-b2xd7", "b4-b2xf4", "b4-b2xg7"]),
        "Twelve Men's: a1 b2 c3 filled from the side"
    );
}

#[test]
fn twelve_mens_diagonal_and_row_make_a_double_mill() {
    // White d1 g1 (row a1-d1-g1) and b2 c3 (diagonal a1-b2-c3): placing a1 closes both.
    // Black d7 g7 f4 e5 are all free.
    let black = "d7 g7 f4 e5";
    let single = setup(TwelveMens, "d1 g1 b2 c3", black, [8, 8], White);
    assert_eq!(
        with_step(&single, "a1"),
        names(&["a1xd7", "a1xe5", "a1xf4", "a1xg7"]),
        "Twelve Men's double mill: one removal by default"
    );
    let mut double = setup_with(
        TwelveMens,
        two_removals(),
        "d1 g1 b2 c3",
        black,
        [8, 8],
        White,
    );
    assert_eq!(
        with_step(&double, "a1"),
        names(&["a1xd7xe5", "a1xd7xf4", "a1xd7xg7", "a1xe5xf4", "a1xe5xg7", "a1xf4xg7"]),
        "Twelve Men's double mill on a row and a diagonal: two removals, each pair once"
    );
    play(&mut double, &["a1xg7xd7"]);
    assert_eq!(double.on_board(Black), 2, "two removals: two men are gone");
    assert_eq!(double.lost(Black), 2);

    // a1 on a row, a column and a diagonal at once takes three: each set of three once.
    let triple = setup_with(
        TwelveMens,
        two_removals(),
        "d1 g1 a4 a7 b2 c3",
        black,
        [6, 8],
        White,
    );
    assert_eq!(
        with_step(&triple, "a1"),
        names(&["a1xd7xe5xf4", "a1xd7xe5xg7", "a1xd7xf4xg7", "a1xe5xf4xg7"]),
        "triple mill: three removals, each set of three once"
    );
    let single = setup(TwelveMens, "d1 g1 a4 a7 b2 c3", black, [6, 8], White);
    assert_eq!(
        with_step(&single, "a1").len(),
        4,
        "triple mill: one by default"
    );

    // A man stepping along the diagonal a1-b2 fills the row b2-d2-f2 and the column b2-b4-b6:
    // a double mill by moving, which the Nine Men's board never allows.
    let black = "c5 e3 g7 d7";
    let moving = setup_with(
        TwelveMens,
        two_removals(),
        "a1 d2 f2 b4 b6",
        black,
        [0, 0],
        White,
    );
    assert_eq!(
        with_step(&moving, "a1-b2"),
        names(&[
            "a1-b2xc5xd7",
            "a1-b2xc5xe3",
            "a1-b2xc5xg7",
            "a1-b2xd7xe3",
            "a1-b2xd7xg7",
            "a1-b2xe3xg7"
        ]),
        "Twelve Men's: a move along a diagonal that closes two mills takes two men"
    );
}

/// A game of Twelve Men's Morris (random, seed 2743) whose 24 placements make no mill, before
/// Black's last man: e5 is the one vacant point.
const FULL_WHITE: &str = "a7 a4 b2 g1 d3 f4 f6 c5 d1 d6 d7 e4";
const FULL_BLACK: &str = "f2 g4 a1 b6 d2 c4 c3 b4 e3 d5 g7";

#[test]
fn twelve_mens_full_board_draws() {
    let mut position = setup(TwelveMens, FULL_WHITE, FULL_BLACK, [0, 1], Black);
    assert_eq!(
        legal(&position),
        names(&["e5"]),
        "Twelve Men's: the last man goes on the last vacant point, and makes no mill"
    );
    play(&mut position, &["e5"]);
    assert_eq!(
        position.ending(),
        Some(Ending::BoardFull),
        "Twelve Men's: a board filled while placing is drawn (although White could not move)"
    );
    let outcome = position.outcome().unwrap();
    assert_eq!(
        outcome.winners,
        vec![Seat(0), Seat(1)],
        "board full: a draw"
    );
    assert_eq!(outcome.reason, "board full");
    assert_eq!(position.scores(), vec![12, 12]);
}

#[test]
fn twelve_mens_filling_placement_with_a_mill_goes_on() {
    // The same board but for a few men: Black's last man on e5 fills it and closes e3-e4-e5.
    let white = "a4 a7 b2 c5 d1 d3 d5 d6 f4 f6 g1 g7";
    let black = "a1 b4 b6 c3 c4 d2 d7 e3 e4 f2 g4";
    let mut position = setup(TwelveMens, white, black, [0, 1], Black);
    assert_eq!(
        with_step(&position, "e5").len(),
        12,
        "Twelve Men's: e5 makes a mill and may take any of White's twelve free men"
    );
    play(&mut position, &["e5xd5"]);
    assert_eq!(
        position.ending(),
        None,
        "Twelve Men's: the mill frees a point, so the full board does not draw"
    );
    assert_eq!(position.phase(White), Phase::Moving);
    assert_eq!(
        legal(&position),
        names(&["c5-d5", "d6-d5"]),
        "Twelve Men's: the game goes on into moving, into the freed point"
    );
}

// Three Men's Morris

#[test]
fn three_mens_line_wins_at_once_while_placing() {
    let mut position = Position::new(ThreeMens, Options::default());
    play(&mut position, &["a1", "a2", "b2", "a3"]);
    assert_eq!(
        with_step(&position, "c3"),
        names(&["c3"]),
        "Three Men's: a line removes nothing"
    );
    assert_eq!(
        refused(&mut position, "c3xa2"),
        IllegalMove::NothingRemoved(ThreeMens),
        "Three Men's: no removal is ever named"
    );
    assert_eq!(
        IllegalMove::NothingRemoved(ThreeMens).to_string(),
        "no man is ever removed in Three Men's Morris: a line wins the game"
    );
    play(&mut position, &["c3"]);
    assert_eq!(
        position.ending(),
        Some(Ending::ThreeInARow { loser: Black }),
        "Three Men's: the first line wins, even while placing"
    );
    let outcome = position.outcome().unwrap();
    assert_eq!(outcome.winners, vec![Seat(0)], "three in a row: White wins");
    assert_eq!(outcome.reason, "three in a row");
    assert_eq!(
        (position.on_board(Black), position.in_hand(Black)),
        (2, 1),
        "Three Men's: Black keeps every man"
    );
    assert_eq!(position.scores(), vec![3, 3]);
    assert!(position.legal_moves().is_empty(), "over: no legal moves");

    // Black's line at the last placement wins for Black.
    let mut position = Position::new(ThreeMens, Options::default());
    play(&mut position, &["a1", "a2", "b1", "b2", "c3", "c2"]);
    assert_eq!(
        position.ending(),
        Some(Ending::ThreeInARow { loser: White }),
        "Three Men's: Black's row a2-b2-c2 wins"
    );
    assert_eq!(position.outcome().unwrap().winners, vec![Seat(1)]);
    assert!(!position.outcome().unwrap().drawn, "a win is not a draw");
}

#[test]
fn three_mens_line_wins_at_once_when_moved() {
    // White b1 b3 c1 against Black a1 c2 c3: c1-b2, along a diagonal, fills the column b1-b2-b3.
    let mut position = setup(ThreeMens, "b1 b3 c1", "a1 c2 c3", [0, 0], White);
    assert_eq!(position.ending(), None);
    assert_eq!(
        with_step(&position, "c1-b2"),
        names(&["c1-b2"]),
        "Three Men's: a winning move removes nothing"
    );
    play(&mut position, &["c1-b2"]);
    assert_eq!(
        position.ending(),
        Some(Ending::ThreeInARow { loser: Black }),
        "Three Men's: a line made by moving wins"
    );
    assert_eq!(
        position.on_board(Black),
        3,
        "Three Men's: nothing is removed"
    );
    assert_eq!(position.scores(), vec![3, 3]);
}

#[test]
fn three_mens_player_is_never_blocked_before_the_other_has_a_line() {
    // A player who cannot move loses on every board. On this one it never decides a game:
    // the centre b2 touches every point, so shutting in three men takes b2 and two points
    // opposite each other around it, and those three are a line. Every way of putting three
    // men of each side on the nine points is tried.
    let all = typed_in_points(ThreeMens);
    let mut blocked = 0;
    for w in 0u32..1 << 9 {
        for b in 0u32..1 << 9 {
            if w.count_ones() != 3 || b.count_ones() != 3 || w & b != 0 {
                continue;
            }
            let men = |set: u32| -> Vec<&str> {
                (0..9)
                    .filter(|i| set & 1 << i != 0)
                    .map(|i| all[i].as_str())
                    .collect()
            };
            let (white, black) = (men(w), men(b));
            let shut_in = white.iter().all(|p| {
                typed_in_neighbours(ThreeMens, p)
                    .iter()
                    .all(|q| white.contains(&q.as_str()) || black.contains(&q.as_str()))
            });
            if !shut_in {
                continue;
            }
            blocked += 1;
            assert!(
                has_line(ThreeMens, &black),
                "Three Men's: {white:?} are shut in by {black:?}, which is no line"
            );
            let position = setup(ThreeMens, &white.join(" "), &black.join(" "), [0, 0], White);
            assert_eq!(
                position.ending(),
                Some(Ending::ThreeInARow { loser: White }),
                "Three Men's: {white:?} shut in by {black:?}: the line has already won"
            );
        }
    }
    assert_eq!(
        blocked, 8,
        "Three Men's: 4 lines through b2, with White on either side of one"
    );
}

#[test]
fn three_mens_draws_by_repetition_and_fifty_moves() {
    // White a1 a2 b1, Black a3 b2 b3: White shuffles b1-c1-b1 and Black b3-c3-b3, never in a
    // line.
    let cycle = ["b1-c1", "b3-c3", "c1-b1", "c3-b3"];
    let mut position = setup(ThreeMens, "a1 a2 b1", "a3 b2 b3", [0, 0], White);
    play(&mut position, &cycle);
    play(&mut position, &cycle[..3]);
    assert_eq!(position.ending(), None, "Three Men's repetition: not yet");
    play(&mut position, &cycle[3..]);
    assert_eq!(
        position.ending(),
        Some(Ending::Repetition),
        "Three Men's: the third occurrence of a position draws"
    );

    let mut position = setup_with(
        ThreeMens,
        no_draws(false, true),
        "a1 a2 b1",
        "a3 b2 b3",
        [0, 0],
        White,
    );
    for _ in 0..24 {
        play(&mut position, &cycle);
    }
    play(&mut position, &cycle[..3]);
    assert_eq!(position.quiet_plies(), 99);
    assert_eq!(position.ending(), None, "Three Men's fifty moves: not yet");
    play(&mut position, &cycle[3..]);
    assert_eq!(
        position.ending(),
        Some(Ending::FiftyMoves),
        "Three Men's: fifty moves each without a line draw"
    );
}

#[test]
fn mills_made_by_counts_the_lines_a_step_closes() {
    let position = double_mill(Options::default(), "b6 d6 f6 c5 e3");
    let mills = |position: &Position, text: &str| position.mills_made_by(text.parse().unwrap());
    assert_eq!(mills(&position, "a1"), 2, "a1 closes a row and a column");
    assert_eq!(
        mills(&position, "a1xc5"),
        2,
        "the removals do not change it"
    );
    assert_eq!(mills(&position, "b2"), 0, "b2 closes nothing");
    assert_eq!(mills(&position, "resign"), 0, "resigning closes nothing");
    assert_eq!(
        position,
        double_mill(Options::default(), "b6 d6 f6 c5 e3"),
        "asking plays nothing"
    );

    let twelve = setup_with(
        TwelveMens,
        Options::default(),
        "d1 g1 a4 a7 b2 c3",
        "b6 d6 f6 c5 e3 e5",
        [1, 1],
        White,
    );
    assert_eq!(
        mills(&twelve, "a1"),
        3,
        "on the Twelve Men's board a1 also closes the diagonal a1-b2-c3"
    );

    let moving = setup_with(
        Morrice,
        Options::default(),
        "d1 g1 a4 b2",
        "b6 d6 f6",
        [0, 0],
        White,
    );
    assert_eq!(
        mills(&moving, "a4-a1"),
        1,
        "a man moved from a4 to a1 closes the row a1-d1-g1, not the column it left"
    );
    assert_eq!(
        mills(&moving, "d1-a1"),
        0,
        "the man that left d1 no longer counts for its row"
    );
}
