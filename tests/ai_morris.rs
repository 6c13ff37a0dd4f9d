//! The Morris computer player: it takes mills, stops the opponent's, finds forced wins, never
//! returns an illegal move, gives the same answer with and without its transposition table,
//! varies its play with the seed, and keeps to its time on a scripted clock.
//!
//! Boards as `rules/morris.md` draws them (Three Men's Morris on a 3 x 3 grid, a1 to c3):
//!
//!     a7 ------ d7 ------ g7
//!     |  b6 --- d6 --- f6  |
//!     |  |  c5 d5 e5   |   |
//!     a4 b4 c4     e4 f4 g4
//!     |  |  c3 d3 e3   |   |
//!     |  b2 --- d2 --- f2  |
//!     a1 ------ d1 ------ g1

use std::cell::Cell;
use std::collections::BTreeSet;

use parlour::ai::morris::{
    choose_move, choose_move_within, hint, is_mate, Engine, Limits, SearchResult, MATE,
};
use parlour::ai::{Clock, Level, Verdict};
use parlour::rules::morris::{Move, Options, Position, Side, Variant};
use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg32;

use Side::{Black, White};
use Variant::{Morelles, Morrice, SixMens, ThreeMens, TwelveMens};

/// A clock that moves on one millisecond each time it is read: time limits become node counts,
/// and tests do not depend on the machine's speed.
struct TickingClock(Cell<f64>);

impl TickingClock {
    fn new() -> TickingClock {
        TickingClock(Cell::new(0.0))
    }

    fn reads(&self) -> f64 {
        self.0.get()
    }
}

impl Clock for TickingClock {
    fn now_ms(&self) -> f64 {
        let now = self.0.get();
        self.0.set(now + 1.0);
        now
    }
}

fn setup(variant: Variant, white: &str, black: &str, hand: [u8; 2], to_move: Side) -> Position {
    Position::from_setup(variant, Options::default(), white, black, hand, to_move)
        .unwrap_or_else(|e| panic!("bad set-up {white} / {black}: {e}"))
}

fn after(variant: Variant, options: Options, moves: &str) -> Position {
    let mut position = Position::new(variant, options);
    for text in moves.split_whitespace() {
        let m: Move = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        position
            .play(m)
            .unwrap_or_else(|e| panic!("{text} in {moves}: {e}"));
    }
    position
}

fn search(position: &Position, depth: u32, use_tt: bool) -> SearchResult {
    let mut engine = Engine::new(4);
    let limits = Limits {
        depth: Some(depth),
        movetime_ms: None,
        use_tt,
    };
    engine.search(
        position,
        &limits,
        &TickingClock::new(),
        &|| false,
        &mut |_| {},
    )
}

fn moves_text(moves: &[Move]) -> String {
    moves
        .iter()
        .map(|m| m.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn engine_takes_a_mill_when_it_can() {
    // Placing: White has a7 and d7 and closes the top row at g7 (and must, before Black
    // blocks it or closes e4-f4-g4).
    let placing = setup(Morelles, "a7 d7", "e4 f4", [7, 7], White);
    // Moving: White steps g4-g7 into the top row, in time to take one of the men with which
    // Black would close c3-d3-e3 (by d2-d3) next.
    let moving = setup(Morrice, "a7 d7 g4 b2 f4", "c3 e3 d2 a1 f6", [0, 0], White);
    for (name, position, mill) in [("placing", placing, "g7"), ("moving", moving, "g4-g7")] {
        for depth in 1..=4 {
            let result = search(&position, depth, true);
            assert!(
                result.best.to_string().starts_with(mill) && !result.best.removals().is_empty(),
                "{name}, depth {depth}: took {} instead of closing the mill with {mill}",
                result.best
            );
        }
        for level in [Level::Medium, Level::Hard, Level::Hardest] {
            let choice = choose_move_within(&position, level, 3, 40.0, &TickingClock::new());
            assert!(
                !choice.best.removals().is_empty(),
                "{name}: {} played {} and left the mill",
                level.name(),
                choice.best
            );
        }
    }
}

#[test]
fn engine_takes_a_diagonal_mill_in_twelve_mens_morris() {
    // Black threatens e4-f4-g4; White's c3 closes the diagonal and takes e4 or f4.
    let position = setup(TwelveMens, "a1 b2", "e4 f4", [10, 10], White);
    let result = search(&position, 3, true);
    assert_eq!(
        result.best.to_string().get(..2),
        Some("c3"),
        "the diagonal a1-b2-c3 is a mill in Twelve Men's Morris, got {}",
        result.best
    );
}

#[test]
fn engine_stops_a_mill_in_one() {
    // Black has a1 and d1; White can make no mill, nor two threats at once, and must block g1.
    let placing = setup(Morelles, "d6 c3", "a1 d1", [7, 7], White);
    // Moving: Black's d7-d6 would close b6-d6-f6; only White's d5 can step in first.
    let moving = setup(Morrice, "d5 c4 e4 b2 f2", "b6 f6 d7 a1 g1", [0, 0], White);
    for (name, position, block) in [("placing", placing, "g1"), ("moving", moving, "d5-d6")] {
        for depth in 2..=5 {
            let result = search(&position, depth, true);
            assert_eq!(
                result.best.to_string(),
                block,
                "{name}, depth {depth}: {} lets the opponent close a mill (pv {})",
                result.best,
                moves_text(&result.pv)
            );
        }
        for level in [Level::Hard, Level::Hardest] {
            let choice = choose_move_within(&position, level, 5, 40.0, &TickingClock::new());
            assert_eq!(choice.best.to_string(), block, "{name}: {}", level.name());
        }
    }
}

/// Forced wins: the move, and the score that says how many plies away the win is.
#[test]
fn engine_finds_forced_wins() {
    struct Puzzle {
        name: &'static str,
        position: Position,
        plies: i32,
        first: &'static str,
    }
    let puzzles = [
        Puzzle {
            name: "a mill that leaves Black two men",
            position: setup(Morrice, "a7 d7 g4 b2", "a1 c3 e5", [0, 0], White),
            plies: 1,
            first: "g4-g7x",
        },
        Puzzle {
            name: "shutting in Black's last free man",
            position: setup(Morrice, "a4 d2 g7 b6 f6", "a1 d1 g1", [0, 0], White),
            plies: 1,
            first: "g7-g4",
        },
        Puzzle {
            name: "a running mill: d7-d6 and back take two men",
            position: setup(Morrice, "a7 g7 b6 f6 d7", "a1 g1 c3 e3", [0, 0], White),
            plies: 3,
            first: "d7-d6x",
        },
        Puzzle {
            name: "Three Men's Morris: a placement that makes a line",
            position: setup(ThreeMens, "a1 a2", "b2 c1", [1, 1], White),
            plies: 1,
            first: "a3",
        },
        Puzzle {
            name: "Three Men's Morris: a step that makes a line",
            position: setup(ThreeMens, "a1 a2 b3", "b1 b2 c2", [0, 0], White),
            plies: 1,
            first: "b3-a3",
        },
        Puzzle {
            name: "the last placement of Six Men's Morris shuts Black in",
            position: setup(
                SixMens,
                "a1 b3 e1 d3 b4",
                "a5 c5 e5 a3 e3 c4",
                [1, 0],
                White,
            ),
            plies: 1,
            first: "d4",
        },
    ];
    for puzzle in &puzzles {
        assert!(puzzle.position.ending().is_none(), "{}: over", puzzle.name);
        for depth in [puzzle.plies as u32, puzzle.plies as u32 + 2] {
            let result = search(&puzzle.position, depth, true);
            assert_eq!(
                result.score,
                MATE - puzzle.plies,
                "{}, depth {depth}: expected a win in {} plies, got score {} with {} (pv {})",
                puzzle.name,
                puzzle.plies,
                result.score,
                result.best,
                moves_text(&result.pv)
            );
            assert!(
                result.best.to_string().starts_with(puzzle.first),
                "{}: expected {}, got {}",
                puzzle.name,
                puzzle.first,
                result.best
            );
            let mut line = puzzle.position.clone();
            for m in &result.pv {
                line.play(*m)
                    .unwrap_or_else(|e| panic!("{}: pv move {m}: {e}", puzzle.name));
            }
            assert_eq!(
                line.ending().and_then(|e| e.winner()),
                Some(puzzle.position.to_move()),
                "{}: the pv {} does not end in the win",
                puzzle.name,
                moves_text(&result.pv)
            );
        }
        let choice = choose_move(&puzzle.position, Level::Hardest, 1, &TickingClock::new());
        assert!(
            choice.best.to_string().starts_with(puzzle.first),
            "{}: Hardest played {}",
            puzzle.name,
            choice.best
        );
        assert_eq!(choice.score, MATE - puzzle.plies, "{}", puzzle.name);
    }
}

#[test]
fn three_mens_morris_start_is_searched_to_the_end() {
    // The first player wins Three Men's Morris (men step along lines and diagonals).
    let position = Position::new(ThreeMens, Options::default());
    let result = search(&position, 12, true);
    assert!(
        is_mate(result.score) && result.score > 0,
        "expected a forced win for White, got {}",
        result.score
    );
}

#[test]
fn engine_prefers_the_quicker_win_and_the_longer_defence() {
    // Black, with four men against the running mill, loses in two plies at the earliest.
    let position = setup(Morrice, "a7 g7 b6 f6 d6", "a1 g1 c3 e3", [0, 0], Black);
    let result = search(&position, 6, true);
    assert_eq!(
        result.score,
        -(MATE - 4),
        "Black is lost in 4 plies (pv {})",
        moves_text(&result.pv)
    );
}

#[test]
fn a_repeated_position_scores_as_a_draw() {
    // White is far ahead. Both sides shuffle a man to and fro, so that Black's next step
    // brings back, for the third time, the position the game started from.
    let options = Options::default();
    let start = Position::from_setup(
        Morrice,
        options,
        "a7 d7 b6 f6 c5 e5 a1",
        "g1 g4 f2",
        [0, 0],
        White,
    )
    .expect("set-up");
    let mut position = start.clone();
    for text in [
        "a1-a4", "f2-d2", "a4-a1", "d2-f2", "a1-a4", "f2-d2", "a4-a1", "d2-f2",
    ] {
        position.play(text.parse().expect("move")).expect(text);
    }
    assert_eq!(
        position.occurrences(),
        3,
        "the start has been seen three times"
    );
    assert!(position.ending().is_some());
    // One ply earlier, the step d2-f2 would repeat for the third time: a draw.
    let mut before = start.clone();
    for text in [
        "a1-a4", "f2-d2", "a4-a1", "d2-f2", "a1-a4", "f2-d2", "a4-a1",
    ] {
        before.play(text.parse().expect("move")).expect(text);
    }
    let repeat: Move = "d2-f2".parse().expect("move");
    let mut engine = Engine::new(1);
    let score_of = |engine: &mut Engine, position: &Position| {
        engine
            .search_moves(
                position,
                &[repeat],
                &Limits::depth(2),
                &TickingClock::new(),
                &|| false,
                &mut |_| {},
            )
            .score
    };
    assert_eq!(
        score_of(&mut engine, &before),
        0,
        "a third repetition draws"
    );
    let no_repetition = Options {
        repetition_draw: false,
        ..options
    };
    let mut other = Position::from_setup(
        Morrice,
        no_repetition,
        "a7 d7 b6 f6 c5 e5 a1",
        "g1 g4 f2",
        [0, 0],
        White,
    )
    .expect("set-up");
    for text in ["a1-a4", "f2-d2", "a4-a1"] {
        other.play(text.parse().expect("move")).expect(text);
    }
    assert!(
        score_of(&mut engine, &other) < -200,
        "without the repetition rule Black is simply behind"
    );
}

/// Every option set of the rules.
fn option_sets() -> Vec<Options> {
    (0..8)
        .map(|bits| Options {
            two_removals: bits & 1 != 0,
            repetition_draw: bits & 2 != 0,
            fifty_move_draw: bits & 4 != 0,
        })
        .collect()
}

#[test]
fn computer_never_returns_an_illegal_move() {
    let mut rng = Pcg32::seed_from_u64(2024);
    let mut checked = 0;
    for variant in Variant::ALL {
        for options in option_sets() {
            let mut engine = Engine::new(1);
            for _game in 0..3 {
                let mut position = Position::new(variant, options);
                let mut plies = 0;
                while position.ending().is_none() && plies < 160 {
                    let legal = position.legal_moves();
                    // Look at every few positions (all of them in Three Men's Morris).
                    if rng.next_u32() % 3 == 0 || variant == ThreeMens {
                        let seed = u64::from(rng.next_u32());
                        let depth = 1 + rng.next_u32() % 3;
                        let result = engine.search(
                            &position,
                            &Limits::depth(depth),
                            &TickingClock::new(),
                            &|| false,
                            &mut |_| {},
                        );
                        assert!(
                            legal.contains(&result.best),
                            "{variant:?} {options:?}: search gave {} (legal: {})",
                            result.best,
                            moves_text(&legal)
                        );
                        let mut line = position.clone();
                        for m in &result.pv {
                            assert!(line.play(*m).is_ok(), "pv move {m} is illegal");
                        }
                        for level in [Level::Beginner, Level::Easy] {
                            let choice = choose_move_within(
                                &position,
                                level,
                                seed,
                                5.0,
                                &TickingClock::new(),
                            );
                            assert!(
                                legal.contains(&choice.best),
                                "{variant:?} {options:?} {}: {} is illegal",
                                level.name(),
                                choice.best
                            );
                        }
                        checked += 1;
                    }
                    let m = legal[rng.next_u32() as usize % legal.len()];
                    position.play(m).expect("a listed move plays");
                    plies += 1;
                }
            }
        }
    }
    assert!(checked > 1000, "only {checked} positions checked");
}

#[test]
fn hardest_level_plays_legal_moves_in_every_variant() {
    for variant in Variant::ALL {
        for options in [Options::default(), option_sets()[1]] {
            let mut position = Position::new(variant, options);
            let mut plies = 0;
            while position.ending().is_none() && plies < 40 {
                let level = if plies % 2 == 0 {
                    Level::Hardest
                } else {
                    Level::Medium
                };
                let choice =
                    choose_move_within(&position, level, plies, 20.0, &TickingClock::new());
                position
                    .play(choice.best)
                    .unwrap_or_else(|e| panic!("{variant:?}: {} is illegal: {e}", choice.best));
                plies += 1;
            }
        }
    }
}

/// Positions where the value of a node does not depend on the path to it (placing, where no
/// position recurs, or moving with the repetition rule off), so the table may not change it.
fn table_positions() -> Vec<(Position, u32)> {
    let no_repetition = Options {
        repetition_draw: false,
        ..Options::default()
    };
    let moving = |variant, white, black| {
        Position::from_setup(variant, no_repetition, white, black, [0, 0], White).expect("set-up")
    };
    vec![
        (Position::new(Morelles, Options::default()), 4),
        (after(Morelles, Options::default(), "d6 d2 b4 f4 d5"), 5),
        (
            after(Morrice, Options::default(), "d6 d2 b4 f4 d5 d7 e3 c3 b2 f2"),
            5,
        ),
        (after(SixMens, Options::default(), "a5 c4 e1"), 5),
        (after(TwelveMens, Options::default(), "a1 b2 d6"), 4),
        (Position::new(ThreeMens, Options::default()), 6),
        (
            moving(Morelles, "a7 d6 b4 c3 e4 f2 g1", "d7 f6 d5 c4 d2 f4 g4"),
            5,
        ),
        (moving(Morrice, "a7 b6 d5 e3 f2 g1", "g7 f6 c5 c3 b2 a1"), 5),
        (moving(Morelles, "a7 d7 b4", "g7 f6 e4 d2 b2"), 4),
        (moving(SixMens, "a5 c4 d3 c1", "e5 b4 b2 e1"), 6),
    ]
}

#[test]
fn transposition_table_does_not_change_the_answer() {
    for (position, depth) in table_positions() {
        assert!(position.ending().is_none());
        let with = search(&position, depth, true);
        let without = search(&position, depth, false);
        assert_eq!(
            with.score,
            without.score,
            "{:?} at depth {depth}: {} with the table ({}), {} without ({})",
            position.variant(),
            with.score,
            with.best,
            without.score,
            without.best
        );
        // The best moves: each root move's own value, searched one ply shallower.
        let mut best_moves = BTreeSet::new();
        for m in position.legal_moves() {
            let mut child = position.clone();
            child.play(m).expect("legal");
            let value = match child.ending() {
                Some(ending) if ending.winner().is_some() => MATE - 1,
                Some(_) => 0,
                None if depth == 1 => continue,
                None => -search(&child, depth - 1, false).score,
            };
            if value == without.score {
                best_moves.insert(m.to_string());
            }
        }
        if depth > 1 {
            assert!(
                best_moves.contains(&with.best.to_string())
                    && best_moves.contains(&without.best.to_string()),
                "{:?} depth {depth}: best moves {best_moves:?}, chose {} and {}",
                position.variant(),
                with.best,
                without.best
            );
            if best_moves.len() == 1 {
                assert_eq!(with.best, without.best);
            }
        }
    }
}

#[test]
fn every_level_varies_its_play_with_the_seed() {
    let positions = [
        Position::new(Morelles, Options::default()),
        after(Morelles, Options::default(), "d6 d2 b4 f4"),
    ];
    for level in Level::ALL {
        let mut seen = BTreeSet::new();
        for position in &positions {
            for seed in 0..12 {
                let choice = choose_move_within(position, level, seed, 15.0, &TickingClock::new());
                seen.insert(format!("{position:?}{}", choice.best));
            }
        }
        assert!(
            seen.len() > positions.len(),
            "{} plays the same moves whatever the seed: {seen:?}",
            level.name()
        );
    }
    // And a given seed gives the same move again.
    let position = &positions[1];
    for level in [Level::Beginner, Level::Easy, Level::Medium] {
        let a = choose_move(position, level, 9, &TickingClock::new());
        let b = choose_move(position, level, 9, &TickingClock::new());
        assert_eq!(a.best, b.best, "{} is not repeatable", level.name());
    }
}

#[test]
fn search_keeps_to_its_time_on_the_clock() {
    let position = Position::new(Morelles, Options::default());
    let clock = TickingClock::new();
    let mut engine = Engine::new(4);
    let mut iterations = Vec::new();
    let result = engine.search(
        &position,
        &Limits::movetime(50.0),
        &clock,
        &|| false,
        &mut |info| iterations.push(info.depth),
    );
    assert!(position.legal_moves().contains(&result.best));
    assert!(result.depth >= 1 && iterations.last() == Some(&result.depth));
    assert!(
        clock.reads() <= 60.0,
        "the clock was read {} times: the search ran past its 50 ms",
        clock.reads()
    );
    // A search told to stop at once still answers with a legal move (from its first iteration).
    let stopped = engine.search(
        &position,
        &Limits::default(),
        &TickingClock::new(),
        &|| true,
        &mut |_| {},
    );
    assert!(position.legal_moves().contains(&stopped.best));
    assert_eq!(stopped.depth, 1);
    // Every level answers within its own time on this clock.
    for level in Level::ALL {
        let clock = TickingClock::new();
        let choice = choose_move(&position, level, 1, &clock);
        assert!(position.legal_moves().contains(&choice.best));
        assert!(
            clock.reads() <= level.think_ms() + 10.0,
            "{} read the clock {} times for {} ms",
            level.name(),
            clock.reads(),
            level.think_ms()
        );
    }
}

#[test]
fn hint_gives_a_legal_move_and_a_verdict() {
    let won = setup(Morrice, "a7 d7 g4 b2", "a1 c3 e5", [0, 0], White);
    let h = hint(&won, 30.0, &TickingClock::new());
    assert_eq!(h.verdict, Verdict::Winning);
    assert_eq!(h.verdict.words(), "winning");
    assert!(won.legal_moves().contains(&h.best));
    let lost = setup(Morrice, "a7 g7 b6 f6 d6", "a1 g1 c3 e3", [0, 0], Black);
    assert_eq!(
        hint(&lost, 30.0, &TickingClock::new()).verdict,
        Verdict::Losing
    );
    let start = Position::new(Morelles, Options::default());
    let even = hint(&start, 30.0, &TickingClock::new());
    assert_eq!(
        even.verdict,
        Verdict::Even,
        "the start scores {}",
        even.score
    );
}

#[test]
fn levels_have_names_for_records() {
    for level in Level::ALL {
        assert_eq!(Level::from_name(level.name()), Some(level));
        assert!(level.think_ms() > 0.0 && level.think_ms() <= 1200.0);
    }
    assert_eq!(Level::from_name("grandmaster"), None);
    assert_eq!(
        Level::ALL.map(|l| l.name()),
        ["beginner", "easy", "medium", "hard", "hardest"]
    );
}

#[test]
fn a_computer_takes_a_draw_early_only_when_it_is_losing() {
    use parlour::ai::{takes_draw, DRAW_AFTER_PLIES};
    let words = |v: Verdict| Some(v.words());
    // The verdict is the offering side's: its "winning" is the computer's losing.
    assert!(takes_draw(words(Verdict::Winning), 2));
    // In the opening, having the move is no reason to give the game away.
    assert!(!takes_draw(words(Verdict::Better), 2));
    assert!(!takes_draw(words(Verdict::Even), DRAW_AFTER_PLIES - 1));
    assert!(takes_draw(words(Verdict::Better), DRAW_AFTER_PLIES));
    assert!(takes_draw(words(Verdict::Even), DRAW_AFTER_PLIES));
    for plies in [2, DRAW_AFTER_PLIES, 500] {
        assert!(!takes_draw(words(Verdict::Worse), plies));
        assert!(!takes_draw(words(Verdict::Losing), plies));
        assert!(!takes_draw(None, plies));
    }
}
