//! The click logic of a Morris game at one screen (`MorrisPlay`): touches and drags become moves,
//! the rules say what is legal, and refusals say why.

use parlour::games::GameKind;
use parlour::record::{Player, Record};
use parlour::rules::morris::{Move, Point, Position, Side, Variant};
use parlour::session::morris::{Man, MorrisPlay, RemovalsDue, Response, Selection};

fn point(name: &str) -> Point {
    name.parse().unwrap()
}

fn points(names: &[&str]) -> Vec<Point> {
    let mut list: Vec<Point> = names.iter().map(|n| point(n)).collect();
    list.sort();
    list
}

fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

fn open(variant: Variant, options: &str, moves: &[&str]) -> MorrisPlay {
    let mut record = Record::new(
        GameKind::Morris,
        Some(variant.name()),
        serde_json::from_str(options).unwrap(),
        vec![Player::human("Ada"), Player::human("Bea")],
    );
    record.moves = moves.iter().map(|m| m.to_string()).collect();
    MorrisPlay::open(&record, &[]).expect("the test record opens")
}

fn touch(play: &mut MorrisPlay, name: &str) -> Response {
    play.touch(point(name))
}

fn refused(response: Response) -> String {
    match response {
        Response::Refused(why) => why,
        other => panic!("session: expected a refusal, got {other:?}"),
    }
}

/// The golden `morrice-moving` game: White to move, both sides moving.
///
///     7 .-----B-----.
///     6 | .---W---W |
///     5 | | ..W | |
///     4 BB.   BBW
///     3 | | BB. | |
///     2 | W---B---W |
///     1 W-----W-----.
const MOVING: [&str; 22] = [
    "f4", "a4", "g1", "e4", "e5", "g4", "d6", "c4", "a1", "d2", "d7", "d3", "d1xc4", "b4", "f6",
    "c4xd7", "b2", "d7", "f4-f2", "g4-f4", "g1-g4", "c4-c3",
];

fn moving() -> MorrisPlay {
    open(Variant::Morrice, "{}", &MOVING)
}

// ---------------------------------------------------------------------------------------------
// Placing

#[test]
fn touching_a_vacant_point_places_a_man() {
    let mut play = MorrisPlay::default();
    assert_eq!(
        play.targets().len(),
        24,
        "placing: every vacant point is a target"
    );
    assert_eq!(
        touch(&mut play, "d6"),
        Response::Played(mv("d6")),
        "placing: a touch places"
    );
    assert_eq!(play.position().man_at(point("d6")), Some(Side::White));
    assert_eq!(play.game.moves(), ["d6"], "session: the record grows");
    assert_eq!(
        play.targets().len(),
        23,
        "placing: d6 is no longer a target"
    );
    assert!(!play.targets().contains(&point("d6")));
}

#[test]
fn touching_an_occupied_point_while_placing_is_refused() {
    let mut play = MorrisPlay::default();
    touch(&mut play, "d6");
    assert_eq!(refused(touch(&mut play, "d6")), "d6 is already taken");
    assert_eq!(
        play.game.moves(),
        ["d6"],
        "session: a refusal changes nothing"
    );
    assert_eq!(
        refused(play.drag(point("d6"), point("d5"))),
        "Black still has men in hand: place one on a vacant point",
        "placing: no man can be picked up while men are in hand"
    );
}

// ---------------------------------------------------------------------------------------------
// Moving

#[test]
fn touching_a_man_selects_it_and_shows_where_it_may_go() {
    let mut play = moving();
    assert_eq!(
        play.targets(),
        points(&["d1", "d6", "e5", "g4"]),
        "moving: the targets are the men that can move"
    );
    assert_eq!(touch(&mut play, "d6"), Response::Selected(point("d6")));
    assert_eq!(play.selection(), Selection::Man(point("d6")));
    assert_eq!(
        play.targets(),
        points(&["b6", "d5"]),
        "moving: the chosen man's destinations"
    );
    assert_eq!(
        touch(&mut play, "d6"),
        Response::Cleared,
        "moving: touching it again puts it down"
    );
    assert_eq!(play.selection(), Selection::Nothing);
}

#[test]
fn touching_another_own_man_switches_the_selection() {
    let mut play = moving();
    touch(&mut play, "d6");
    assert_eq!(touch(&mut play, "g4"), Response::Selected(point("g4")));
    assert_eq!(play.targets(), points(&["g1", "g7"]));
    assert_eq!(
        refused(touch(&mut play, "a1")),
        "the man on a1 has nowhere to go",
        "moving: a blocked man cannot be chosen"
    );
    assert_eq!(
        play.selection(),
        Selection::Man(point("g4")),
        "the choice stays on g4"
    );
}

#[test]
fn touching_a_destination_moves_the_man() {
    let mut play = moving();
    touch(&mut play, "d6");
    assert_eq!(touch(&mut play, "d5"), Response::Played(mv("d6-d5")));
    assert_eq!(
        play.selection(),
        Selection::Nothing,
        "session: a played move clears the choice"
    );
    assert_eq!(play.position().to_move(), Side::Black);
    assert_eq!(play.last_move(), Some(mv("d6-d5")));
}

#[test]
fn moving_refusals_say_why() {
    let mut play = moving();
    assert_eq!(refused(touch(&mut play, "d7")), "the man on d7 is Black's");
    assert_eq!(
        refused(touch(&mut play, "c5")),
        "White to move: choose one of White's men first"
    );
    assert_eq!(
        refused(touch(&mut play, "a1")),
        "the man on a1 has nowhere to go"
    );
    touch(&mut play, "d6");
    assert_eq!(
        refused(touch(&mut play, "a7")),
        "d6 and a7 are not neighbours (men never fly in Morrice)"
    );
    assert_eq!(refused(touch(&mut play, "d7")), "d7 is already taken");
    assert_eq!(
        play.selection(),
        Selection::Man(point("d6")),
        "a refusal keeps the choice"
    );
    assert_eq!(play.game.moves().len(), 22, "a refusal plays nothing");
    assert_eq!(play.clear(), Response::Cleared);
    assert_eq!(play.selection(), Selection::Nothing);
}

#[test]
fn dragging_a_man_moves_it() {
    let mut play = moving();
    assert_eq!(
        play.drag(point("d6"), point("b6")),
        Response::Played(mv("d6-b6"))
    );
    assert_eq!(
        refused(play.drag(point("d6"), point("d5"))),
        "there is no man on d6",
        "drag: from an empty point"
    );
    assert_eq!(
        refused(play.drag(point("g4"), point("g1"))),
        "the man on g4 is White's"
    );
    assert_eq!(
        refused(play.drag(point("d7"), point("d5"))),
        "d7 and d5 are not neighbours (men never fly in Morrice)",
        "drag: only along a line"
    );
}

#[test]
fn flying_men_go_anywhere_vacant() {
    // The golden `morelles-flying` game: Black has three men (d6 c5 e4).
    let moves = [
        "a7", "a1", "e3", "e5", "f6", "d6", "b2", "b4", "d1", "d5", "c3", "g7", "d2", "d3",
        "f2xd5", "c4", "f4xd3", "e4", "d2-d3xg7", "a1-a4xd1", "d3-d2xe5", "b4-b6", "d2-d3xb6",
        "c4-c5", "d3-d2xa4",
    ];
    let mut play = open(Variant::Morelles, "{}", &moves);
    assert_eq!(play.position().on_board(Side::Black), 3);
    touch(&mut play, "d6");
    assert_eq!(
        play.targets().len(),
        13,
        "flying: every vacant point is a target"
    );
    let before = play.position().clone();
    assert_eq!(touch(&mut play, "g1"), Response::Played(mv("d6-g1")));
    assert_eq!(
        MorrisPlay::describe(&before, mv("d6-g1")),
        "Black flies d6 to g1",
        "describe: a flight is called one"
    );
}

// ---------------------------------------------------------------------------------------------
// Removal

#[test]
fn a_mill_asks_for_the_man_to_remove() {
    let mut play = moving();
    touch(&mut play, "g4");
    assert_eq!(
        touch(&mut play, "g1"),
        Response::ChooseRemoval,
        "mill: a removal is asked for"
    );
    assert!(matches!(play.selection(), Selection::Removing { .. }));
    assert_eq!(
        play.targets(),
        points(&["a4", "b4", "c3", "d2", "d3", "d7", "e4", "f4"]),
        "mill: the targets are the men that may be taken"
    );
    let shown: Vec<Point> = play
        .men_shown()
        .iter()
        .filter(|m| m.side == Side::White)
        .map(|m| m.point)
        .collect();
    assert!(
        shown.contains(&point("g1")) && !shown.contains(&point("g4")),
        "mill: while the removal is chosen, the man is shown on its new point"
    );
    assert_eq!(refused(touch(&mut play, "a1")), "the man on a1 is your own");
    assert_eq!(
        refused(touch(&mut play, "c4")),
        "there is no Black man on c4 to remove"
    );
    assert_eq!(
        refused(play.drag(point("d6"), point("d5"))),
        "choose a man to remove first",
        "mill: no other move while a removal is due"
    );
    assert_eq!(
        play.game.moves().len(),
        22,
        "mill: nothing is played before the removal"
    );
    assert_eq!(touch(&mut play, "d7"), Response::Played(mv("g4-g1xd7")));
    assert_eq!(play.position().man_at(point("d7")), None);
}

#[test]
fn the_mill_a_move_made_is_named_for_the_board() {
    let moves = ["b6", "a1", "d6", "d1", "c5", "g1xc5"];
    let before = open(Variant::Morrice, "{}", &moves[..5]);
    assert!(before.mills_made().is_empty(), "no mill: nothing to mark");
    let after = open(Variant::Morrice, "{}", &moves);
    let mut mills = after.mills_made();
    assert_eq!(mills.len(), 1);
    mills[0].sort();
    assert_eq!(
        mills[0],
        points(&["a1", "d1", "g1"]),
        "Black's row along the bottom"
    );
    // Three Men's Morris: the row that wins, on a diagonal.
    let won = open(Variant::ThreeMens, "{}", &["a1", "a3", "b2", "c1", "c3"]);
    assert!(
        won.position().ending().is_some(),
        "three in a row ends the game"
    );
    let mut mills = won.mills_made();
    assert_eq!(mills.len(), 1);
    mills[0].sort();
    assert_eq!(mills[0], points(&["a1", "b2", "c3"]));
}

#[test]
fn a_mill_removal_skips_men_in_mills() {
    // Black closes a1-d1-g1 (taking c5); White's f6 closes b6-d6-f6: only a4 is free.
    let moves = ["b6", "a1", "d6", "d1", "c5", "g1xc5", "e5", "a4"];
    let mut play = open(Variant::Morrice, "{}", &moves);
    assert_eq!(touch(&mut play, "f6"), Response::ChooseRemoval);
    assert_eq!(
        play.targets(),
        points(&["a4"]),
        "removal: only the man not in a mill"
    );
    assert_eq!(
        refused(touch(&mut play, "a1")),
        "the man on a1 is in a mill: take one that is not while there are any"
    );
    assert_eq!(touch(&mut play, "a4"), Response::Played(mv("f6xa4")));
}

#[test]
fn clearing_a_removal_takes_the_move_back() {
    let mut play = moving();
    touch(&mut play, "g4");
    touch(&mut play, "g1");
    assert_eq!(play.clear(), Response::Cleared);
    assert_eq!(play.selection(), Selection::Nothing);
    assert_eq!(
        play.position().man_at(point("g4")),
        Some(Side::White),
        "nothing was played"
    );
}

/// The golden `morelles-two-removals` game: Black's last man on c3 closes c3-d3-e3 and
/// c3-c4-c5; White's eight men are all free.
const TWO_REMOVALS: [&str; 17] = [
    "a1", "c4", "d7", "d3", "b4", "e3", "f6", "f2", "g4", "e5", "d2", "e4xg4", "g4", "c5", "d5",
    "b2", "f4",
];

#[test]
fn a_double_mill_asks_for_two_men_with_two_removals() {
    let mut play = open(
        Variant::Morelles,
        r#"{"two_removals": true}"#,
        &TWO_REMOVALS,
    );
    let before = play.position().clone();
    assert_eq!(play.removals_due(), None, "nothing waits before the move");
    assert_eq!(touch(&mut play, "c3"), Response::ChooseRemoval);
    assert_eq!(
        play.removals_due(),
        Some(RemovalsDue {
            mills: 2,
            men: 2,
            chosen: 0
        }),
        "two men to remove"
    );
    assert_eq!(
        touch(&mut play, "a1"),
        Response::ChooseRemoval,
        "two removals: a second man"
    );
    assert_eq!(
        play.removals_due(),
        Some(RemovalsDue {
            mills: 2,
            men: 2,
            chosen: 1
        }),
        "one chosen, one to go"
    );
    assert!(
        !play.men_shown().iter().any(|m| m.point == point("a1")),
        "the man chosen first is shown gone"
    );
    assert_eq!(
        play.counts_shown(Side::White).1,
        play.position().on_board(Side::White) - 1,
        "and not counted on the board"
    );
    assert!(
        !play.targets().contains(&point("a1")),
        "two removals: not the same man twice"
    );
    assert_eq!(
        play.targets().len(),
        7,
        "two removals: any of the other seven"
    );
    assert_eq!(touch(&mut play, "g4"), Response::Played(mv("c3xa1xg4")));
    assert_eq!(
        MorrisPlay::describe(&before, mv("c3xa1xg4")),
        "Black places a man on c3, makes two mills and removes a1 and g4"
    );
}

#[test]
fn a_double_mill_takes_the_men_in_either_order() {
    let white = ["a1", "b4", "d2", "d5", "d7", "f4", "f6", "g4"];
    let mut play = open(
        Variant::Morelles,
        r#"{"two_removals": true}"#,
        &TWO_REMOVALS,
    );
    touch(&mut play, "c3");
    assert_eq!(
        play.targets(),
        points(&white),
        "two removals: every man that may be taken first is a target"
    );
    assert_eq!(
        touch(&mut play, "g4"),
        Response::ChooseRemoval,
        "two removals: g4 may be taken first as well as second"
    );
    assert_eq!(touch(&mut play, "a1"), Response::Played(mv("c3xg4xa1")));
    assert_eq!(play.position().on_board(Side::White), 6);
}

/// Twelve Men's Morris: White's b2 closes b2-b4-b6, b2-d2-f2 and a1-b2-c3; Black's six men
/// g7 g4 e5 d5 d6 f4 are all free.
const TRIPLE_MILL: [&str; 12] = [
    "d2", "g7", "f2", "g4", "b4", "e5", "b6", "d5", "a1", "d6", "c3", "f4",
];

#[test]
fn a_triple_mill_asks_for_three_men_in_any_order_and_says_so() {
    let mut play = open(
        Variant::TwelveMens,
        r#"{"two_removals": true}"#,
        &TRIPLE_MILL,
    );
    let before = play.position().clone();
    assert_eq!(touch(&mut play, "b2"), Response::ChooseRemoval);
    let due = play.removals_due().expect("removals wait");
    assert_eq!(
        due,
        RemovalsDue {
            mills: 3,
            men: 3,
            chosen: 0
        }
    );
    assert_eq!(
        due.asking("Black"),
        "choose three of Black's men to remove, one at a time"
    );
    // In the reverse of the order the rules list them in.
    assert_eq!(touch(&mut play, "g7"), Response::ChooseRemoval);
    assert_eq!(touch(&mut play, "f4"), Response::ChooseRemoval);
    let due = play.removals_due().expect("one more");
    assert_eq!(due.chosen, 2);
    assert_eq!(
        due.asking("Black"),
        "choose a third of Black's men to remove"
    );
    assert_eq!(due.chosen_words(), "Two chosen");
    assert_eq!(
        (
            play.counts_shown(Side::White),
            play.counts_shown(Side::Black)
        ),
        ((5, 7, 2), (6, 4, 0)),
        "the panels agree: b2 on the board, two men gone and taken"
    );
    assert_eq!(play.targets().len(), 4, "any of the four left");
    assert_eq!(touch(&mut play, "d5"), Response::Played(mv("b2xg7xf4xd5")));
    assert_eq!(play.position().on_board(Side::Black), 3);
    assert_eq!(
        MorrisPlay::describe(&before, mv("b2xg7xf4xd5")),
        "White places a man on b2, makes three mills and removes g7, f4 and d5"
    );
}

#[test]
fn a_double_mill_removes_one_man_by_default() {
    let mut play = open(Variant::Morelles, "{}", &TWO_REMOVALS);
    let before = play.position().clone();
    touch(&mut play, "c3");
    assert_eq!(
        play.removals_due(),
        Some(RemovalsDue {
            mills: 2,
            men: 1,
            chosen: 0
        })
    );
    assert_eq!(touch(&mut play, "g4"), Response::Played(mv("c3xg4")));
    assert_eq!(
        MorrisPlay::describe(&before, mv("c3xg4")),
        "Black places a man on c3, makes two mills and removes g4"
    );
}

// ---------------------------------------------------------------------------------------------
// Undo, redo, the end

#[test]
fn undo_and_redo_walk_the_record() {
    let mut play = MorrisPlay::default();
    touch(&mut play, "d6");
    touch(&mut play, "a1");
    touch(&mut play, "d5");
    assert!(play.undo(), "undo: takes back the last move");
    assert_eq!(play.game.moves(), ["d6", "a1"]);
    assert_eq!(play.position().man_at(point("d5")), None);
    assert!(play.game.can_redo());
    assert!(play.redo(), "redo: plays it again");
    assert_eq!(play.game.moves(), ["d6", "a1", "d5"]);
    assert!(!play.redo(), "redo: nothing more to play again");
    while play.undo() {}
    assert_eq!(play.game.moves().len(), 0, "undo: back to the start");
    assert_eq!(play.game.undone().len(), 3);
    touch(&mut play, "g7");
    assert_eq!(
        play.game.moves(),
        ["g7"],
        "a new move after undo drops the undone moves"
    );
    assert!(!play.game.can_redo());
}

#[test]
fn undo_clears_what_was_chosen() {
    let mut play = moving();
    touch(&mut play, "d6");
    assert!(play.undo());
    assert_eq!(
        play.selection(),
        Selection::Nothing,
        "undo: the choice is dropped"
    );
    assert_eq!(play.position().to_move(), Side::Black);
}

#[test]
fn undo_while_a_mill_waits_takes_back_only_that_move() {
    // White places a1, d1 and then g1, a mill: the removal is still to choose.
    let mut play = open(Variant::Morrice, "{}", &["a1", "b2", "d1", "f2"]);
    assert_eq!(touch(&mut play, "g1"), Response::ChooseRemoval);
    assert_eq!(
        play.counts_shown(Side::White),
        (6, 3, 0),
        "waiting: the man placed counts as on the board"
    );
    assert_eq!(play.counts_shown(Side::Black), (7, 2, 0));
    assert!(play.can_undo_to_person(|_| false));
    assert!(play.undo(), "undo: the waiting move is taken back");
    assert_eq!(play.selection(), Selection::Nothing);
    assert_eq!(
        play.game.moves().len(),
        4,
        "undo: Black's move before it stays"
    );
    assert_eq!(play.position().to_move(), Side::White);
    assert_eq!(play.counts_shown(Side::White), (7, 2, 0));
    assert!(
        !play.game.can_redo(),
        "undo: a move never made cannot be redone"
    );
    assert!(play.undo(), "undo again: now Black's f2 goes");
    assert_eq!(play.game.moves().len(), 3);
}

#[test]
fn against_the_computer_undo_clears_a_waiting_removal_before_taking_moves_back() {
    // Black is the computer: White places a1, d1 and then g1, a mill, and its removal waits.
    let computer = |p: &Position| p.ending().is_none() && p.to_move() == Side::Black;
    let mut play = open(Variant::Morrice, "{}", &["a1", "b2", "d1", "f2"]);
    assert_eq!(touch(&mut play, "g1"), Response::ChooseRemoval);
    assert!(play.can_undo_to_person(computer));
    assert!(play.undo_to_person(computer), "the waiting choice goes");
    assert_eq!(play.selection(), Selection::Nothing);
    assert_eq!(play.game.moves().len(), 4, "and no move with it");
    // The next undo takes back the computer's f2 and White's d1 before it.
    assert!(play.undo_to_person(computer));
    assert_eq!(play.game.moves(), ["a1", "b2"]);
    assert_eq!(play.position().to_move(), Side::White);
}

#[test]
fn a_saved_game_reopens_with_its_undone_moves() {
    let mut record = Record::new(
        GameKind::Morris,
        Some("morrice"),
        Default::default(),
        vec![Player::human("Ada"), Player::human("Bea")],
    );
    record.moves = vec!["d6".into()];
    let redo = ["a1".to_string(), "d6".to_string(), "d5".to_string()];
    let mut play = MorrisPlay::open(&record, &redo).unwrap();
    assert_eq!(play.game.moves(), ["d6"]);
    assert_eq!(
        play.game.undone(),
        ["a1"],
        "redo survives a reload, up to the first move that no longer plays"
    );
    assert!(play.redo());
    assert_eq!(play.game.record().moves, ["d6", "a1"]);
}

#[test]
fn resign_and_agreed_draw_end_the_game() {
    let mut play = moving();
    assert_eq!(play.resign(), Response::Played(Move::Resign));
    assert!(play.position().ending().is_some(), "resign ends the game");
    assert_eq!(refused(touch(&mut play, "d6")), "the game is over");
    assert!(play.targets().is_empty(), "over: nothing to touch");
    assert!(play.undo(), "undo takes a resignation back");
    assert_eq!(play.agree_draw(), Response::Played(Move::Draw));
    assert_eq!(refused(play.agree_draw()), "the game is over");
    assert_eq!(play.game.moves().last().map(String::as_str), Some("draw"));
}

// ---------------------------------------------------------------------------------------------
// Men that keep their names

fn man_at(men: &[Man], name: &str) -> Option<Man> {
    men.iter().copied().find(|m| m.point == point(name))
}

#[test]
fn men_keep_their_ids_as_they_move() {
    let mut play = MorrisPlay::default();
    for name in ["a7", "a1", "d7", "d1"] {
        touch(&mut play, name);
    }
    let men = play.men();
    assert_eq!(men.len(), 4);
    assert_eq!(
        man_at(&men, "a7").unwrap().id,
        0,
        "men: named by the ply that placed them"
    );
    assert_eq!(man_at(&men, "d1").unwrap().id, 3);
    assert_eq!(man_at(&men, "d1").unwrap().side, Side::Black);

    // g7 closes a7-d7-g7 and takes d1.
    touch(&mut play, "g7");
    touch(&mut play, "d1");
    let men = play.men();
    assert!(man_at(&men, "d1").is_none(), "men: a removed man is gone");
    assert_eq!(men.len(), 4);

    let mut play = moving();
    let id = man_at(&play.men(), "d6").unwrap().id;
    play.drag(point("d6"), point("d5"));
    let men = play.men();
    assert_eq!(
        man_at(&men, "d5").unwrap().id,
        id,
        "men: the man that moved keeps its id"
    );
    assert!(man_at(&men, "d6").is_none());
    let mut ids: Vec<usize> = men.iter().map(|m| m.id).collect();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), men.len(), "men: ids are unique");
    assert_eq!(men.len(), 16, "men: eight a side");
    let position: &Position = play.position();
    for man in &men {
        assert_eq!(
            position.man_at(man.point),
            Some(man.side),
            "men: every man stands where the position has one of its side"
        );
    }
}

#[test]
fn moves_are_described_in_words() {
    let play = moving();
    let position = play.position();
    assert_eq!(
        MorrisPlay::describe(position, mv("d6-d5")),
        "White moves d6 to d5"
    );
    assert_eq!(
        MorrisPlay::describe(position, mv("g4-g1xd7")),
        "White moves g4 to g1, makes a mill and removes d7"
    );
    assert_eq!(
        MorrisPlay::describe(position, Move::Resign),
        "White resigns"
    );
    assert_eq!(
        MorrisPlay::describe(position, Move::Draw),
        "The players agree a draw"
    );
    let start = Position::new(Variant::Morrice, Default::default());
    assert_eq!(
        MorrisPlay::describe(&start, mv("d6")),
        "White places a man on d6"
    );
}

/// A two-player Archery game over a record of `moves`, in play.
fn archery_match(moves: &[&str]) -> parlour::session::Match<parlour::rules::archery::Archery> {
    let mut record = Record::new(
        GameKind::Archery,
        None,
        serde_json::Map::new(),
        vec![Player::human("Ada"), Player::human("Bea")],
    );
    record.moves = moves.iter().map(|m| m.to_string()).collect();
    parlour::session::Match::from_record(&record, parlour::rules::archery::Archery::new(2), &[])
        .unwrap()
}

#[test]
fn a_spin_after_an_undo_replays_the_spin_taken_back_never_a_fresh_one() {
    use parlour::rules::teetotum::Spin;
    let fresh = |text: &str| {
        let spin: Spin = text.parse().unwrap();
        move || spin
    };
    // Ada leads on 6+5 against 1+1; she spins 3+4 and moves arrow 1 to space 7.
    let mut game = archery_match(&["6+5", "1+1", "3+4", "a1"]);
    assert!(game.undo() && game.undo());
    assert_eq!(game.undone(), ["3+4", "a1"]);
    // The undone spin comes back whatever a fresh draw would have been, and the arrow with it on redo.
    assert_eq!(
        game.play_chance_due(fresh("6+6")),
        Some("3+4".parse().unwrap())
    );
    assert_eq!(game.moves().last().map(String::as_str), Some("3+4"));
    assert_eq!(game.undone(), ["a1"]);
    // Not chance's turn: nothing is drawn.
    assert_eq!(game.play_chance_due(fresh("6+6")), None);
    assert!(game.redo());
    // With nothing to redo, the fresh spin is played.
    assert_eq!(
        game.play_chance_due(fresh("2+2")),
        Some("2+2".parse().unwrap())
    );
    assert_eq!(game.moves().last().map(String::as_str), Some("2+2"));
    // After an undo and a different move, the undone spin is no longer to redo, but it is
    // still the next spin: another choice does not spin afresh.
    assert!(game.undo() && game.undo());
    game.play("a2".parse().unwrap()).unwrap();
    assert!(game.undone().is_empty());
    assert_eq!(
        game.play_chance_due(fresh("6+6")),
        Some("2+2".parse().unwrap())
    );
    // Once used, the fresh spin comes.
    game.play("a1".parse().unwrap()).unwrap();
    assert_eq!(
        game.play_chance_due(fresh("6+6")),
        Some("6+6".parse().unwrap())
    );
}

#[test]
fn the_same_choice_made_again_after_an_undo_keeps_the_spins_taken_back() {
    use parlour::rules::teetotum::Spin;
    let never = || -> Spin { panic!("no fresh spin is drawn while spins taken back remain") };
    // Ada leads; each player spins and moves an arrow; Ada has spun again.
    let mut game = archery_match(&["6+6", "1+1", "3+4", "a1", "2+2", "a1", "1+2"]);
    assert!((0..4).all(|_| game.undo()));
    assert_eq!(game.undone(), ["a1", "2+2", "a1", "1+2"]);
    // The same arrow again is a redo: what came after it is kept, spins and choices.
    game.play("a1".parse().unwrap()).unwrap();
    assert_eq!(game.undone(), ["2+2", "a1", "1+2"]);
    assert_eq!(game.play_chance_due(never), Some("2+2".parse().unwrap()));
    // Another arrow: the choices after it go, but Ada's spin taken back is still her next one,
    // however often the choice is taken back and made otherwise.
    for arrow in ["a2", "a3", "a2"] {
        game.play(arrow.parse().unwrap()).unwrap();
        assert_eq!(game.undone(), [] as [&str; 0]);
        assert_eq!(game.play_chance_due(never), Some("1+2".parse().unwrap()));
        assert_eq!(game.moves()[5..], [arrow, "1+2"]);
        assert!(game.undo() && game.undo());
    }
}

#[test]
fn undo_and_redo_go_past_the_computers_moves_and_bring_its_reply_back_as_it_was() {
    // White is the computer here: its turn is the automatic one.
    let computer = |p: &Position| p.ending().is_none() && p.to_move() == Side::White;
    // The computer opened, and the person has not moved: nothing of theirs to take back.
    let play = open(Variant::Morrice, "{}", &["d6"]);
    assert!(play.game.can_undo(), "a move was made");
    assert!(
        !play.game.can_undo_to_person(computer),
        "but only the computer's"
    );
    // The person answered, and the computer replied: undo takes back both, to the person's turn.
    let mut game = open(Variant::Morrice, "{}", &["d6", "f4", "b4"]).game;
    assert!(game.can_undo_to_person(computer));
    assert!(game.undo_to_person(computer));
    assert_eq!(game.moves(), ["d6"]);
    assert_eq!(game.undone(), ["f4", "b4"]);
    assert_eq!(game.position().to_move(), Side::Black);
    // Redo brings the person's move and the computer's reply back, not a fresh choice of its own.
    assert!(game.redo_to_person(computer));
    assert_eq!(game.moves(), ["d6", "f4", "b4"]);
    assert!(!game.can_redo());
    assert!(!game.redo_to_person(computer), "nothing more to play again");
    // Back at the start, undo has nothing to take (the computer's opening stays).
    assert!(game.undo_to_person(computer));
    assert!(!game.can_undo_to_person(computer));
}

#[test]
fn play_is_past_the_lead_once_a_move_follows_the_spins_for_lead() {
    use parlour::rules::archery::Archery;
    use parlour::session::past_lead;
    // A tie (4 all), spun again: four spins for lead, then Ada's first spin of play.
    let moves = ["1+3", "2+2", "6+5", "1+1", "3+4"];
    for n in 0..=moves.len() {
        let game = archery_match(&moves[..n]);
        assert_eq!(past_lead(&game, Archery::lead), n == 5, "after {n} moves");
    }
}

#[test]
fn a_win_is_told_with_its_points_and_a_shared_win_with_each_ones() {
    use parlour::session::win_words;
    assert_eq!(win_words(&["Ada"], 12u32), "Ada wins with 12 points");
    assert_eq!(
        win_words(&["Ada", "Bob"], 1u32),
        "Ada and Bob share the win with 1 point each"
    );
    assert_eq!(
        win_words(&["Ada", "Bob", "Cy", "Dee"], 18u32),
        "Ada, Bob, Cy and Dee share the win with 18 points each"
    );
}

// ---------------------------------------------------------------------------------------------
// A choice over a reload

#[test]
fn a_mill_waiting_for_its_removal_comes_back_on_a_screen_opened_afresh() {
    let mut play = open(Variant::Morelles, "{}", &["a7", "b6", "d7", "b2"]);
    assert_eq!(play.touches(), Vec::<Point>::new(), "nothing chosen");
    assert_eq!(touch(&mut play, "g7"), Response::ChooseRemoval);
    assert_eq!(play.touches(), points(&["g7"]));
    let reopened = || MorrisPlay::open(&play.game.record(), &[]).unwrap();
    let mut again = reopened();
    assert!(again.resume(&play.touches()));
    assert_eq!(again.selection(), play.selection());
    assert_eq!(
        again.targets(),
        play.targets(),
        "the same men may be removed"
    );
    assert_eq!(
        again.men_shown(),
        play.men_shown(),
        "the man placed is on the board"
    );
    assert_eq!(again.game.moves().len(), 4, "and nothing is played yet");
    assert!(matches!(touch(&mut again, "b6"), Response::Played(_)));

    // Touches that would finish a move, or that are refused, change nothing.
    for stale in [&["g7", "b6"][..], &["a1"], &["b6"], &["g7", "a7"]] {
        let mut fresh = reopened();
        assert!(!fresh.resume(&points(stale)), "{stale:?}");
        assert_eq!(fresh.selection(), Selection::Nothing, "{stale:?}");
        assert_eq!(fresh.game.moves().len(), 4, "{stale:?}: nothing played");
    }
}

#[test]
fn a_man_moved_into_a_mill_and_a_man_picked_up_come_back_too() {
    let mut play = moving();
    let start = play.clone();
    // The man picked up.
    let man = play.targets()[0];
    assert!(matches!(play.touch(man), Response::Selected(_)));
    assert_eq!(play.touches(), vec![man]);
    let mut again = start.clone();
    assert!(again.resume(&play.touches()));
    assert_eq!(again.selection(), Selection::Man(man));
    // A move that makes a mill, with both its ends to touch again.
    let mut play = start.clone();
    let step = play
        .position()
        .legal_moves()
        .into_iter()
        .find(|m| matches!(m, Move::Shift { .. }) && !m.removals().is_empty())
        .expect("some move here makes a mill");
    let (from, to) = (step.from().unwrap(), step.to().unwrap());
    play.touch(from);
    assert_eq!(play.touch(to), Response::ChooseRemoval);
    assert_eq!(play.touches(), vec![from, to]);
    let mut again = start.clone();
    assert!(again.resume(&play.touches()));
    assert_eq!(again.selection(), play.selection());
    assert_eq!(again.game.moves(), start.game.moves());
}

#[test]
fn a_choice_kept_as_text_is_made_again_only_where_the_game_still_is() {
    let mut play = open(Variant::Morelles, "{}", &["a7", "b6", "d7", "b2"]);
    assert_eq!(play.kept_choice(), None, "nothing chosen, nothing kept");
    touch(&mut play, "g7");
    let kept = play.kept_choice().unwrap();
    assert_eq!(kept, "4:g7");
    let reopened = || MorrisPlay::open(&play.game.record(), &[]).unwrap();
    let mut again = reopened();
    assert!(again.resume_kept(&kept));
    assert_eq!(again.selection(), play.selection());
    for stale in ["5:g7", "4:g9", "4", "x:g7", ""] {
        let mut fresh = reopened();
        assert!(!fresh.resume_kept(stale), "{stale:?}");
        assert_eq!(fresh.selection(), Selection::Nothing, "{stale:?}");
    }
}
