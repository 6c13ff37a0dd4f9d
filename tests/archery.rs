//! The rules of Archery (`rules/teetotum-games.md`), one rule at a time, on games scripted spin
//! by spin, and the computer archer checked against a brute-force reckoning.
//!
//! The line, counted from the flag-staff:
//!
//!     flag-staff | 1 2 3 ... 16 | 17  18  19  20  21  22  23 | (past 23: a miss)
//!                  in flight      1   2   3   6   3   2   1    points of the target
//!
//! Spins are chance moves written as the teetotum shows them (`3+4`); a turn is a spin followed
//! by the arrow the player moves (`a1`, `a2`, `a3`).

use parlour::ai::archery::{choose, expectations, expected_score};
use parlour::ai::Level;
use parlour::rules::archery::{
    points, ring, Archery, Arrow, IllegalMove, Shot, ARROWS, FLIGHT, LINE,
};
use parlour::rules::teetotum::Spin;
use parlour::rules::{ChanceOutcomes, Game, MoveError, Seat, Table, Turn};
use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg32;

/// The points of the target spaces 17 to 23, typed in from the rules.
const TARGET_POINTS: [(u8, u8); 7] = [
    (17, 1),
    (18, 2),
    (19, 3),
    (20, 6),
    (21, 3),
    (22, 2),
    (23, 1),
];

/// A game of `players` after `moves` (spins and arrows in notation).
fn game(players: usize, moves: &[&str]) -> Archery {
    let mut game = Archery::new(players);
    play(&mut game, moves);
    game
}

fn play(game: &mut Archery, moves: &[&str]) {
    for text in moves {
        game.play_notation(text)
            .unwrap_or_else(|e| panic!("{text:?} should play here: {e}"));
    }
}

/// A spin with the given sum (2 to 12), written as the teetotum shows it.
fn spin_of(sum: u8) -> String {
    assert!((2..=12).contains(&sum), "no spin sums to {sum}");
    let first = sum.saturating_sub(6).max(1);
    format!("{}+{}", first, sum - first)
}

/// The moves that carry a lone player's arrows by the given sums, in order: (arrow, sum).
fn solo_moves(turns: &[(u8, u8)]) -> Vec<String> {
    turns
        .iter()
        .flat_map(|(arrow, sum)| [spin_of(*sum), format!("a{arrow}")])
        .collect()
}

fn solo(turns: &[(u8, u8)]) -> Archery {
    let moves = solo_moves(turns);
    let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
    game(1, &moves)
}

fn legal(game: &Archery) -> Vec<String> {
    game.legal_notation()
}

/// Plays a shot that must be refused, checks that nothing changed, and returns the reason.
fn refused(game: &Archery, shot: Shot) -> IllegalMove {
    let mut tried = game.clone();
    let why = tried
        .play(shot)
        .expect_err("the shot should be refused here");
    assert_eq!(&tried, game, "refusing {shot:?} ({why}) changed the game");
    why
}

fn refused_spin(game: &Archery, spin: &str) -> IllegalMove {
    let mut tried = game.clone();
    let why = tried
        .play_chance(&spin.parse().unwrap())
        .expect_err("the spin should be refused here");
    assert_eq!(&tried, game, "refusing {spin} ({why}) changed the game");
    why
}

// ---------------------------------------------------------------------------------------------
// The Double Teetotum and the spin for lead

#[test]
fn teetotum_lists_the_36_ordered_spins_equally_likely() {
    let outcomes = Spin::outcomes();
    assert_eq!(outcomes.len(), 36, "two numbers from 1 to 6, in order");
    let names: Vec<String> = outcomes.iter().map(|(s, _)| s.to_string()).collect();
    let expected: Vec<String> = (1..=6)
        .flat_map(|a| (1..=6).map(move |b| format!("{a}+{b}")))
        .collect();
    assert_eq!(names, expected, "1+1, 1+2, ... 6+6");
    for (spin, p) in &outcomes {
        assert!((p - 1.0 / 36.0).abs() < 1e-15, "{spin} has chance {p}");
        assert_eq!(spin.sum(), spin.first() + spin.second());
        assert_eq!(spin.is_doublet(), spin.first() == spin.second());
    }
    let doublets = outcomes.iter().filter(|(s, _)| s.is_doublet()).count();
    assert_eq!(doublets, 6, "one spin in six is a doublet");
    let g = Archery::new(2);
    assert_eq!(
        g.chance_outcomes(),
        ChanceOutcomes::Listed(Spin::outcomes()),
        "the spin for lead is a chance move with the 36 spins"
    );
}

#[test]
fn teetotum_samples_every_spin_evenly() {
    let mut rng = Pcg32::seed_from_u64(5);
    let mut counts = [0u32; 36];
    for _ in 0..36_000 {
        let spin = Spin::sample(&mut rng);
        counts[usize::from((spin.first() - 1) * 6 + spin.second() - 1)] += 1;
    }
    for (i, n) in counts.iter().enumerate() {
        assert!(
            (800..1200).contains(n),
            "spin {}+{} drawn {n} times in 36000",
            i / 6 + 1,
            i % 6 + 1
        );
    }
}

#[test]
fn lead_goes_to_the_highest_spin_and_play_goes_round_from_there() {
    let mut g = Archery::new(3);
    for (seat, spin) in [(0, "1+2"), (1, "6+5"), (2, "3+3")] {
        assert_eq!(g.turn(), Turn::Chance, "the lead is spun for as chance");
        assert_eq!(
            g.player(),
            Seat(seat),
            "players spin for lead in seat order"
        );
        assert_eq!(g.lead().leader(), None);
        play(&mut g, &[spin]);
    }
    assert_eq!(g.lead().leader(), Some(Seat(1)), "11 beats 3 and 6");
    assert_eq!(g.turn(), Turn::Chance, "the leader spins first");
    assert_eq!(g.player(), Seat(1));
    play(&mut g, &["2+2"]);
    assert_eq!(g.turn(), Turn::Seat(Seat(1)), "then the leader chooses");
    play(&mut g, &["a1", "2+2"]);
    assert_eq!(g.turn(), Turn::Seat(Seat(2)), "seat 3 follows seat 2");
    play(&mut g, &["a1", "2+2"]);
    assert_eq!(g.turn(), Turn::Seat(Seat(0)), "and seat 1 follows seat 3");
}

#[test]
fn tied_players_spin_again_among_themselves_in_seat_order() {
    // Seats 1, 3 and 4 tie on 7; then seats 3 and 4 tie on 12; then seat 4 wins, 3 to 2.
    let mut g = Archery::new(4);
    play(&mut g, &["3+4", "1+1", "5+2", "6+1"]);
    assert_eq!(g.lead().leader(), None, "a tie decides nothing");
    for (seat, spin) in [(0, "2+2"), (2, "6+6"), (3, "6+6"), (2, "1+1"), (3, "2+1")] {
        assert_eq!(
            g.player(),
            Seat(seat),
            "only the tied players spin again, in seat order"
        );
        play(&mut g, &[spin]);
    }
    assert_eq!(g.lead().leader(), Some(Seat(3)));
    let rounds: Vec<Vec<(u8, String)>> = g
        .lead()
        .rounds()
        .iter()
        .map(|round| {
            round
                .iter()
                .map(|(s, sp)| (s.number(), sp.to_string()))
                .collect()
        })
        .collect();
    assert_eq!(
        rounds,
        vec![
            vec![
                (1, "3+4".to_string()),
                (2, "1+1".to_string()),
                (3, "5+2".to_string()),
                (4, "6+1".to_string())
            ],
            vec![
                (1, "2+2".to_string()),
                (3, "6+6".to_string()),
                (4, "6+6".to_string())
            ],
            vec![(3, "1+1".to_string()), (4, "2+1".to_string())],
        ],
        "three rounds of spins for lead"
    );
    play(&mut g, &["3+4"]);
    assert_eq!(g.turn(), Turn::Seat(Seat(3)), "seat 4 leads");
    play(&mut g, &["a1", "1+1"]);
    assert_eq!(
        g.turn(),
        Turn::Seat(Seat(0)),
        "after seat 4 comes seat 1, round the table"
    );
    assert!(
        g.arrows(Seat(1)).iter().all(|a| *a == Arrow::Quiver),
        "seat 2, who lost the first round, has not moved"
    );
}

#[test]
fn a_lone_player_does_not_spin_for_lead() {
    let mut g = Archery::new(1);
    assert_eq!(g.lead().leader(), Some(Seat(0)), "a lone player leads");
    assert!(
        g.lead().rounds().iter().all(Vec::is_empty),
        "no spin for lead"
    );
    assert_eq!(g.turn(), Turn::Chance, "the first spin is a shot already");
    play(&mut g, &["3+4"]);
    assert_eq!(g.turn(), Turn::Seat(Seat(0)));
    assert_eq!(legal(&g), ["a1", "a2", "a3"]);
    play(&mut g, &["a2"]);
    assert_eq!(g.arrows(Seat(0))[1], Arrow::Flying(7));
}

// ---------------------------------------------------------------------------------------------
// Flight and the target

#[test]
fn an_arrow_enters_counting_from_the_flag_staff() {
    for sum in 2..=12 {
        let g = solo(&[(1, sum)]);
        assert_eq!(
            g.arrows(Seat(0))[0],
            Arrow::Flying(sum),
            "a spin of {sum} puts a new arrow on space {sum}"
        );
    }
    let g = game(2, &["6+6", "1+1", "3+4", "a3"]);
    assert_eq!(
        g.arrows(Seat(0)),
        [Arrow::Quiver, Arrow::Quiver, Arrow::Flying(7)],
        "a spin of 7 puts the arrow on space 7 (the example of the rules)"
    );
}

#[test]
fn an_arrow_moves_on_by_the_whole_sum() {
    let g = solo(&[(1, 7), (1, 5), (1, 4)]);
    assert_eq!(g.arrows(Seat(0))[0], Arrow::Flying(16), "7 + 5 + 4 = 16");
    assert!(
        g.arrows(Seat(0))[0].in_flight(),
        "space 16 is still in flight"
    );
    assert_eq!(g.score(Seat(0)), 0, "spaces 1-16 score nothing");
}

#[test]
fn doublets_have_no_special_effect() {
    let a = game(1, &["2+2", "a1"]);
    let b = game(1, &["1+3", "a1"]);
    assert_eq!(a, b, "2+2 and 1+3 both move an arrow 4");
    assert_eq!(a.turn(), Turn::Chance, "a doublet gives no extra turn");
}

#[test]
fn every_target_space_scores_its_ring() {
    for (space, expected) in TARGET_POINTS {
        let g = solo(&[(1, 12), (1, space - 12)]);
        let arrow = g.arrows(Seat(0))[0];
        assert_eq!(
            arrow,
            Arrow::Target(space),
            "12 + {} reaches {space}",
            space - 12
        );
        assert!(!arrow.in_flight(), "an arrow on the target stays there");
        assert_eq!(
            g.score(Seat(0)),
            u32::from(expected),
            "space {space} ({}) scores {expected}",
            ring(space)
        );
        assert_eq!(points(space), expected);
        assert_eq!(g.scores(), vec![i32::from(expected)]);
    }
    assert_eq!(ring(17), ring(23));
    assert_eq!(ring(18), ring(22));
    assert_eq!(ring(19), ring(21));
    assert_eq!(ring(20), "bull's-eye");
    assert_eq!(FLIGHT, 16);
    assert_eq!(LINE, 23);
    for space in (1..=16).chain(24..=30) {
        assert_eq!(points(space), 0, "space {space} is not on the target");
    }
}

#[test]
fn an_arrow_reaching_the_target_stays_there() {
    // From 16, a spin of 2 reaches 18: the arrow stops on the first ring it comes to rest on.
    let mut g = solo(&[(1, 12), (1, 4), (1, 2)]);
    assert_eq!(g.arrows(Seat(0))[0], Arrow::Target(18));
    play(&mut g, &["1+1"]);
    assert_eq!(
        refused(&g, Shot(1)),
        IllegalMove::ArrowDone(1, Arrow::Target(18)),
        "an arrow on the target is not moved again"
    );
    assert_eq!(legal(&g), ["a2", "a3"]);
}

#[test]
fn an_arrow_carried_past_23_is_a_miss() {
    for sums in [&[12, 12][..], &[12, 4, 9], &[10, 6, 12], &[7, 7, 10]] {
        let turns: Vec<(u8, u8)> = sums.iter().map(|s| (1, *s)).collect();
        let at: u8 = sums.iter().sum();
        let g = solo(&turns);
        assert_eq!(
            g.arrows(Seat(0))[0],
            Arrow::Missed,
            "spins of {sums:?} carry the arrow to {at}: a miss"
        );
        assert_eq!(g.score(Seat(0)), 0, "a miss counts nothing");
        assert!(
            !g.arrows(Seat(0))[0].in_flight(),
            "a missed arrow is off the board"
        );
    }
    let g = solo(&[(1, 12), (1, 11)]);
    assert_eq!(
        g.arrows(Seat(0))[0],
        Arrow::Target(23),
        "12 + 11 = 23 is still on the target"
    );
    let g = solo(&[(1, 12), (1, 4), (1, 8)]);
    assert_eq!(
        g.arrows(Seat(0))[0],
        Arrow::Missed,
        "16 + 8 = 24 misses by one"
    );
}

#[test]
fn arrows_of_any_players_may_share_a_space() {
    let g = game(2, &["6+6", "1+1", "3+4", "a1", "2+5", "a1", "4+3", "a2"]);
    assert_eq!(g.arrows(Seat(0))[0], Arrow::Flying(7));
    assert_eq!(g.arrows(Seat(1))[0], Arrow::Flying(7));
    assert_eq!(
        g.arrows(Seat(0))[1],
        Arrow::Flying(7),
        "three arrows on space 7"
    );
}

#[test]
fn the_spin_must_be_used_even_when_every_arrow_would_miss() {
    // All three arrows on 16; a spin of 12 carries each of them past 23.
    let mut g = solo(&[(1, 12), (1, 4), (2, 12), (2, 4), (3, 12), (3, 4)]);
    play(&mut g, &["6+6"]);
    assert_eq!(
        g.landings(),
        [Some(Arrow::Missed); 3],
        "every arrow would miss"
    );
    assert_eq!(
        legal(&g),
        ["a1", "a2", "a3"],
        "yet one of them must take the spin"
    );
    assert_eq!(g.turn(), Turn::Seat(Seat(0)), "there is no passing");
    assert_eq!(
        refused_spin(&g, "1+1"),
        IllegalMove::AlreadySpun,
        "the spin cannot be thrown away for another"
    );
    play(&mut g, &["a2"]);
    assert_eq!(
        g.arrows(Seat(0)),
        [Arrow::Flying(16), Arrow::Missed, Arrow::Flying(16)],
        "the player's choice misses"
    );
}

#[test]
fn any_arrow_in_flight_may_be_chosen_even_one_that_will_miss() {
    // a1 on 16, a2 on 8, a3 in the quiver; a spin of 12 lands a2 on the bull's-eye, a1 misses.
    let mut g = solo(&[(1, 12), (1, 4), (2, 8)]);
    play(&mut g, &["6+6"]);
    assert_eq!(
        g.landings(),
        [
            Some(Arrow::Missed),
            Some(Arrow::Target(20)),
            Some(Arrow::Flying(12))
        ]
    );
    assert_eq!(
        legal(&g),
        ["a1", "a2", "a3"],
        "every arrow in flight may be chosen"
    );
    play(&mut g, &["a1"]);
    assert_eq!(
        g.arrows(Seat(0))[0],
        Arrow::Missed,
        "the bull's-eye was passed up"
    );
    assert_eq!(g.arrows(Seat(0))[1], Arrow::Flying(8));
}

#[test]
fn the_choice_is_written_even_when_one_arrow_is_left() {
    let mut g = solo(&[(1, 12), (1, 5), (2, 12), (2, 6)]);
    play(&mut g, &["1+2"]);
    assert_eq!(
        legal(&g),
        ["a3"],
        "only a3 is in flight, and it is still chosen"
    );
    assert_eq!(g.turn(), Turn::Seat(Seat(0)));
}

#[test]
fn a_player_with_no_arrow_in_flight_is_skipped() {
    // Seat 1 leads and lands all three arrows in six turns; seat 2 creeps on by twos.
    let mut moves: Vec<String> = vec!["6+6".into(), "1+1".into()];
    let seat1 = [(1, 12), (1, 8), (2, 12), (2, 7), (3, 12), (3, 6)];
    for (i, (arrow, sum)) in seat1.iter().enumerate() {
        moves.extend([spin_of(*sum), format!("a{arrow}")]);
        if i < 5 {
            moves.extend(["1+1".to_string(), "a1".to_string()]);
        }
    }
    let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
    let mut g = game(2, &moves);
    assert!(
        g.arrows(Seat(0)).iter().all(|a| !a.in_flight()),
        "seat 1 has finished"
    );
    assert_eq!(g.score(Seat(0)), 6 + 3 + 2);
    for turn in 0..4 {
        assert_eq!(g.turn(), Turn::Chance);
        assert_eq!(
            g.player(),
            Seat(1),
            "seat 2 spins again and again (turn {turn})"
        );
        play(&mut g, &["1+2"]);
        assert_eq!(g.turn(), Turn::Seat(Seat(1)));
        let first = legal(&g)[0].clone();
        play(&mut g, &[first.as_str()]);
    }
    assert_eq!(g.outcome(), None, "seat 2 still has arrows in flight");
}

#[test]
fn the_game_ends_when_every_arrow_has_landed_or_missed() {
    let mut g = solo(&[(1, 12), (1, 8), (2, 12), (2, 12), (3, 12)]);
    assert_eq!(g.outcome(), None);
    play(&mut g, &["2+3"]);
    assert_eq!(g.turn(), Turn::Seat(Seat(0)));
    play(&mut g, &["a3"]);
    assert_eq!(g.turn(), Turn::Over, "the last arrow has landed");
    assert!(legal(&g).is_empty());
    assert_eq!(g.chance_outcomes(), ChanceOutcomes::Listed(Vec::new()));
    let outcome = g.outcome().expect("the game is over");
    assert_eq!(
        outcome.winners,
        vec![Seat(0)],
        "a lone player wins their practice"
    );
    assert_eq!(
        outcome.reason,
        "every arrow has reached the target or missed"
    );
    assert_eq!(g.scores(), vec![6 + 1]);
    assert_eq!(g.landings(), [None; 3]);
}

/// A game in which seat 1 leads and each player's arrows end on the given spaces (24 for a
/// miss), each arrow by a spin of 12 and then the rest: everyone takes six turns.
fn shoot(finals: &[[u8; ARROWS]]) -> Archery {
    let mut moves: Vec<String> = Vec::new();
    if finals.len() > 1 {
        moves.push("6+6".to_string());
        moves.extend((1..finals.len()).map(|_| "1+1".to_string()));
    }
    for arrow in 0..ARROWS {
        for leg in 0..2 {
            for final_space in finals {
                let sum = if leg == 0 {
                    12
                } else {
                    final_space[arrow] - 12
                };
                moves.extend([spin_of(sum), format!("a{}", arrow + 1)]);
            }
        }
    }
    let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
    game(finals.len(), &moves)
}

#[test]
fn the_highest_total_wins() {
    let g = shoot(&[[20, 17, 24], [19, 21, 22], [23, 23, 23]]);
    assert_eq!(g.scores(), vec![7, 8, 3]);
    let outcome = g.outcome().expect("every arrow has landed or missed");
    assert_eq!(outcome.winners, vec![Seat(1)]);
}

#[test]
fn equal_totals_share_the_win() {
    let g = shoot(&[[20, 17, 24], [19, 21, 17], [18, 18, 18], [22, 24, 24]]);
    assert_eq!(g.scores(), vec![7, 7, 6, 2]);
    let outcome = g.outcome().expect("over");
    assert_eq!(
        outcome.winners,
        vec![Seat(0), Seat(1)],
        "7 and 7 share the win"
    );
    assert!(!outcome.drawn);
    let g = shoot(&[[24, 24, 24], [24, 24, 24]]);
    assert_eq!(g.scores(), vec![0, 0]);
    assert_eq!(
        g.outcome().unwrap().winners,
        vec![Seat(0), Seat(1)],
        "nobody hits: everybody shares"
    );
    assert!(!g.outcome().unwrap().drawn, "a shared win, even by all");
}

// ---------------------------------------------------------------------------------------------
// Checked play and notation

#[test]
fn checked_play_refuses_and_leaves_the_game_unchanged() {
    // During the spin for lead, an arrow cannot move.
    let g = game(2, &["3+4"]);
    assert_eq!(refused(&g, Shot(1)), IllegalMove::SpinFirst);
    // Before the spin, an arrow cannot move.
    let g = game(2, &["6+6", "1+1"]);
    assert_eq!(refused(&g, Shot(1)), IllegalMove::SpinFirst);
    assert_eq!(
        IllegalMove::SpinFirst.to_string(),
        "spin the teetotum first"
    );
    // After the spin, no second spin.
    let mut g = game(2, &["6+6", "1+1", "3+4"]);
    assert_eq!(refused_spin(&g, "2+2"), IllegalMove::AlreadySpun);
    // There are three arrows.
    assert_eq!(refused(&g, Shot(0)), IllegalMove::NoSuchArrow(0));
    assert_eq!(refused(&g, Shot(4)), IllegalMove::NoSuchArrow(4));
    assert_eq!(
        IllegalMove::NoSuchArrow(4).to_string(),
        "there is no arrow 4: arrows are 1 to 3"
    );
    // An arrow on the target or missed does not move.
    play(&mut g, &["a1", "6+6", "a1", "5+5", "a1", "6+6", "a1"]);
    // Seat 1: a1 on 7 + 10 = 17. Seat 2: a1 on 12 + 12 = 24, a miss.
    assert_eq!(g.arrows(Seat(0))[0], Arrow::Target(17));
    assert_eq!(g.arrows(Seat(1))[0], Arrow::Missed);
    play(&mut g, &["1+1"]);
    assert_eq!(
        refused(&g, Shot(1)),
        IllegalMove::ArrowDone(1, Arrow::Target(17))
    );
    assert_eq!(
        IllegalMove::ArrowDone(1, Arrow::Target(17)).to_string(),
        "arrow 1 has reached the target and stays there"
    );
    play(&mut g, &["a2", "1+1"]);
    assert_eq!(
        refused(&g, Shot(1)),
        IllegalMove::ArrowDone(1, Arrow::Missed)
    );
    assert_eq!(
        IllegalMove::ArrowDone(1, Arrow::Missed).to_string(),
        "arrow 1 has missed and is off the board"
    );
    // When the game is over nothing plays.
    let g = shoot(&[[20, 20, 20]]);
    assert_eq!(refused(&g, Shot(1)), IllegalMove::GameOver);
    assert_eq!(refused_spin(&g, "3+4"), IllegalMove::GameOver);
    assert_eq!(IllegalMove::GameOver.to_string(), "the game is over");
}

#[test]
fn moves_in_notation_are_refused_as_unreadable_or_illegal_and_change_nothing() {
    let g = game(2, &["6+6", "1+1", "3+4"]);
    let cases: [(&str, bool); 9] = [
        ("a4", false),
        ("a0", false),
        ("b1", false),
        ("3+4", false),
        ("", false),
        ("arrow", false),
        ("a1", true),
        ("A2", true),
        (" a3 ", true),
    ];
    for (text, ok) in cases {
        let mut tried = g.clone();
        match (tried.play_notation(text), ok) {
            // Kept in the notation of the rules, whichever spelling was read.
            (Ok(written), true) => assert_eq!(written, text.trim().to_ascii_lowercase()),
            (Err(MoveError::Unreadable(why)), false) => {
                assert_eq!(tried, g, "refusing {text:?} changed the game");
                assert!(why.contains("a1, a2 or a3"), "{text:?}: {why}");
            }
            (result, _) => panic!("{text:?}: {result:?}"),
        }
    }
    let spinning = game(2, &["6+6", "1+1"]);
    for text in ["a1", "7+1", "0+3", "3-4", "34", "3+", "+4", "3+4+5"] {
        let mut tried = spinning.clone();
        match tried.play_notation(text) {
            Err(MoveError::Unreadable(why)) => {
                assert_eq!(tried, spinning, "refusing {text:?} changed the game");
                assert!(why.contains("like 3+4"), "{text:?}: {why}");
            }
            other => panic!("{text:?} should be unreadable as a spin: {other:?}"),
        }
    }
    let mut done = shoot(&[[20, 20, 20]]);
    let before = done.clone();
    assert_eq!(
        done.play_notation("3+4"),
        Err(MoveError::Illegal("the game is over".into()))
    );
    assert_eq!(done, before);
}

#[test]
fn notation_round_trips() {
    for n in 1..=3u8 {
        let shot = Shot(n);
        assert_eq!(shot.to_string(), format!("a{n}"));
        assert_eq!(shot.to_string().parse::<Shot>(), Ok(shot));
        assert_eq!(
            format!("A{n}").parse::<Shot>(),
            Ok(shot),
            "capital A reads too"
        );
    }
    for bad in ["a0", "a4", "a", "1", "b2", "a1a", "a-1", "aa1"] {
        assert!(bad.parse::<Shot>().is_err(), "{bad:?} is not an arrow");
    }
    for (spin, _) in Spin::outcomes() {
        let text = spin.to_string();
        assert_eq!(text.parse::<Spin>(), Ok(spin), "{text} reads back");
        let g = game(2, &[]);
        assert_eq!(g.parse_chance(&text), Ok(spin));
    }
    assert_eq!("3 + 4".parse::<Spin>(), Ok(Spin::new(3, 4).unwrap()));
    assert_ne!(
        "3+4".parse::<Spin>(),
        "4+3".parse::<Spin>(),
        "a spin keeps its numbers in the order shown"
    );
    assert_eq!(Spin::new(0, 3), None);
    assert_eq!(Spin::new(3, 7), None);
    // A whole game written out and read back replays to the same game.
    let mut rng = Pcg32::seed_from_u64(1);
    let mut g = Archery::new(3);
    let mut moves = Vec::new();
    while g.turn() != Turn::Over {
        let text = match g.turn() {
            Turn::Chance => g.sample_chance_notation(&mut rng).unwrap(),
            _ => {
                let legal = legal(&g);
                legal[rng.next_u32() as usize % legal.len()].clone()
            }
        };
        g.play_notation(&text).unwrap();
        moves.push(text);
    }
    let again = game(3, &moves.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(again, g, "the moves in notation replay the game");
}

#[test]
fn landings_agree_with_playing() {
    let mut rng = Pcg32::seed_from_u64(17);
    let mut checked = 0;
    for players in 1..=4 {
        for _ in 0..30 {
            let mut g = Archery::new(players);
            while g.turn() != Turn::Over {
                match g.turn() {
                    Turn::Chance => {
                        assert_eq!(g.landings(), [None; 3], "no landing before the spin");
                        let spin = g.sample_chance(&mut rng).unwrap();
                        g.play_chance(&spin).unwrap();
                    }
                    Turn::Seat(seat) => {
                        let landings = g.landings();
                        let before = g.arrows(seat);
                        for (i, landing) in landings.iter().enumerate() {
                            let shot = Shot(i as u8 + 1);
                            assert_eq!(
                                landing.is_some(),
                                before[i].in_flight(),
                                "a landing is shown exactly for the arrows in flight"
                            );
                            assert_eq!(landing.is_some(), g.legal_moves().contains(&shot));
                            if let Some(landing) = landing {
                                let mut after = g.clone();
                                after.play(shot).unwrap();
                                assert_eq!(
                                    after.arrows(seat)[i],
                                    *landing,
                                    "{shot} lands where landings() said"
                                );
                                checked += 1;
                            }
                        }
                        let legal = g.legal_moves();
                        g.play(legal[rng.next_u32() as usize % legal.len()])
                            .unwrap();
                    }
                    Turn::Over => unreachable!(),
                }
            }
        }
    }
    assert!(checked > 1000, "only {checked} landings checked");
}

#[test]
fn records_name_no_variant_and_no_options() {
    let none = serde_json::Map::new();
    assert!(Archery::from_header(None, &none, 1).is_ok());
    assert!(Archery::from_header(None, &none, 4).is_ok());
    assert_eq!(
        Archery::from_header(None, &none, 0).unwrap_err(),
        "Archery is for 1 to 4 players, not 0"
    );
    assert_eq!(
        Archery::from_header(None, &none, 5).unwrap_err(),
        "Archery is for 1 to 4 players, not 5"
    );
    assert!(Archery::from_header(Some("long-bow"), &none, 2)
        .unwrap_err()
        .contains("no variants"));
    let mut options = serde_json::Map::new();
    options.insert("target".into(), serde_json::Value::from(60));
    assert!(Archery::from_header(None, &options, 2)
        .unwrap_err()
        .starts_with("bad Archery option"));
}

// ---------------------------------------------------------------------------------------------
// The computer archer, against a brute-force reckoning

/// What an arrow at `from` (0 in the quiver) comes to with a spin of `sum`: `Ok(space)` still
/// in flight, or `Err(points)` once it has landed or missed. Written from the rules.
fn land(from: u8, sum: u8) -> Result<u8, f64> {
    let to = from + sum;
    if to <= 16 {
        Ok(to)
    } else {
        Err(TARGET_POINTS
            .iter()
            .find(|(space, _)| *space == to)
            .map_or(0.0, |(_, p)| f64::from(*p)))
    }
}

/// Expected points still to come from arrows in flight at `flying`, before a spin, choosing
/// best: every one of the 36 ordered spins, plain recursion, nothing remembered.
fn brute_future(flying: &[u8]) -> f64 {
    if flying.is_empty() {
        return 0.0;
    }
    let mut total = 0.0;
    for a in 1..=6u8 {
        for b in 1..=6u8 {
            let best = (0..flying.len())
                .map(|i| brute_choice(flying, i, a + b))
                .fold(f64::NEG_INFINITY, f64::max);
            total += best / 36.0;
        }
    }
    total
}

/// Expected points still to come after moving arrow `i` of `flying` by `sum`.
fn brute_choice(flying: &[u8], i: usize, sum: u8) -> f64 {
    let mut rest = flying.to_vec();
    match land(rest[i], sum) {
        Ok(to) => {
            rest[i] = to;
            brute_future(&rest)
        }
        Err(points) => {
            rest.remove(i);
            points + brute_future(&rest)
        }
    }
}

/// A lone archer's game with arrows brought to `places` (0 quiver, 1-16 in flight, 17-23 on the
/// target, 24 missed), and a spin of `sum` waiting when given.
fn archer_at(places: [u8; 3], sum: Option<u8>) -> Archery {
    let mut turns = Vec::new();
    for (i, place) in places.iter().enumerate() {
        let arrow = i as u8 + 1;
        match *place {
            0 => {}
            p @ 2..=12 => turns.push((arrow, p)),
            p @ 13..=16 => turns.extend([(arrow, p - 6), (arrow, 6)]),
            p => turns.extend([(arrow, 12), (arrow, p - 12)]),
        }
    }
    let mut g = solo(&turns);
    let expected: Vec<Arrow> = places
        .iter()
        .map(|p| match *p {
            0 => Arrow::Quiver,
            p @ 1..=16 => Arrow::Flying(p),
            p @ 17..=23 => Arrow::Target(p),
            _ => Arrow::Missed,
        })
        .collect();
    assert_eq!(g.arrows(Seat(0)).to_vec(), expected, "the position set up");
    if let Some(sum) = sum {
        play(&mut g, &[spin_of(sum).as_str()]);
    }
    g
}

/// Each legal shot with the brute-force expectation of the final score.
fn brute_expectations(g: &Archery) -> Vec<(Shot, f64)> {
    let arrows = g.arrows(g.player());
    let banked: f64 = arrows.iter().map(|a| f64::from(a.score())).sum();
    let flying: Vec<(usize, u8)> = arrows
        .iter()
        .enumerate()
        .filter_map(|(i, a)| match a {
            Arrow::Quiver => Some((i, 0)),
            Arrow::Flying(p) => Some((i, *p)),
            _ => None,
        })
        .collect();
    let places: Vec<u8> = flying.iter().map(|(_, p)| *p).collect();
    let sum = g.spin().expect("a spin is waiting").sum();
    flying
        .iter()
        .enumerate()
        .map(|(k, (i, _))| (Shot(*i as u8 + 1), banked + brute_choice(&places, k, sum)))
        .collect()
}

/// Small positions: one or two arrows (or three on 16) in flight near the target, and one arrow
/// still in the quiver with the others done.
const SMALL: [[u8; 3]; 11] = [
    [0, 20, 24],
    [8, 14, 17],
    [16, 20, 23],
    [10, 24, 24],
    [14, 22, 24],
    [16, 16, 20],
    [15, 16, 24],
    [14, 16, 17],
    [12, 15, 21],
    [16, 16, 16],
    [13, 24, 19],
];

#[test]
fn archer_expectations_agree_with_brute_force() {
    let mut compared = 0;
    for places in SMALL {
        let before = archer_at(places, None);
        let brute = {
            let banked: f64 = before
                .arrows(Seat(0))
                .iter()
                .map(|a| f64::from(a.score()))
                .sum();
            let flying: Vec<u8> = places.iter().copied().filter(|p| *p <= 16).collect();
            banked + brute_future(&flying)
        };
        let reckoned = expected_score(&before.arrows(Seat(0)));
        assert!(
            (reckoned - brute).abs() < 1e-9,
            "{places:?} before the spin: expected_score {reckoned}, brute force {brute}"
        );
        for sum in 2..=12 {
            let g = archer_at(places, Some(sum));
            let mine = brute_expectations(&g);
            let theirs = expectations(&g);
            assert_eq!(
                theirs.iter().map(|(s, _)| *s).collect::<Vec<_>>(),
                mine.iter().map(|(s, _)| *s).collect::<Vec<_>>(),
                "{places:?} spin {sum}: one expectation per arrow in flight"
            );
            for ((shot, theirs), (_, mine)) in theirs.iter().zip(&mine) {
                assert!(
                    (theirs - mine).abs() < 1e-9,
                    "{places:?} spin {sum} {shot}: expectations says {theirs}, brute force {mine}"
                );
                compared += 1;
            }
            let best = mine
                .iter()
                .map(|(_, v)| *v)
                .fold(f64::NEG_INFINITY, f64::max);
            for seed in 0..8 {
                let shot = choose(&g, Level::Hardest, seed).expect("an arrow to move");
                let value = mine.iter().find(|(s, _)| *s == shot).unwrap().1;
                assert!(
                    best - value < 1e-9,
                    "{places:?} spin {sum} seed {seed}: Hardest chose {shot} ({value}), best is {best}"
                );
            }
        }
    }
    assert!(compared > 150, "only {compared} expectations compared");
}

#[test]
fn archer_reckons_for_the_player_to_move() {
    // Two players: seat 2's arrows are elsewhere; the reckoning is of seat 1's.
    let g = game(
        2,
        &[
            "6+6", "1+1", "6+6", "a1", "3+4", "a1", "2+2", "a1", "3+4", "a2", "2+2",
        ],
    );
    // Seat 1: a1 on 12 + 4 = 16, a2 and a3 in the quiver, and a spin of 4 waiting.
    assert_eq!(g.turn(), Turn::Seat(Seat(0)));
    assert_eq!(
        g.arrows(Seat(0)),
        [Arrow::Flying(16), Arrow::Quiver, Arrow::Quiver]
    );
    let shots: Vec<Shot> = expectations(&g).iter().map(|(s, _)| *s).collect();
    assert_eq!(shots, [Shot(1), Shot(2), Shot(3)]);
    let by_arrow = expectations(&g);
    assert!(
        (by_arrow[1].1 - by_arrow[2].1).abs() < 1e-12,
        "two arrows in the quiver are worth the same"
    );
    let waiting = game(2, &["6+6", "1+1"]);
    assert!(
        expectations(&waiting).is_empty(),
        "nothing to reckon before the spin"
    );
    assert_eq!(choose(&waiting, Level::Hardest, 0), None);
}

#[test]
fn archer_beginner_sometimes_chooses_another_arrow_than_the_best() {
    // a1 on 16, a2 on 8, spin 4: a1 reaches the bull's-eye, clearly best.
    let g = archer_at([16, 8, 24], Some(4));
    let brute = brute_expectations(&g);
    assert!(
        brute[0].1 > brute[1].1 + 1.0,
        "a1 is clearly best: {brute:?}"
    );
    let mut other = 0;
    for seed in 0..200 {
        assert_eq!(
            choose(&g, Level::Hardest, seed),
            Some(Shot(1)),
            "Hardest always takes the bull's-eye"
        );
        if choose(&g, Level::Beginner, seed) != Some(Shot(1)) {
            other += 1;
        }
    }
    assert!(
        (1..100).contains(&other),
        "Beginner chose another arrow {other} times in 200"
    );
}

#[test]
fn the_tops_show_the_last_spin_and_who_spun_it() {
    use parlour::record::Record;
    use parlour::session::{last_spin, Match, Spun};
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden/archery/choosing.record.json");
    let mut record = Record::from_json(&std::fs::read_to_string(path).unwrap()).unwrap();
    // Spins for the lead (6+5 against 3+2), the leader's spin and its arrow, the next spin.
    record.moves.truncate(5);
    let start = record.start_as(Archery::from_header).unwrap();
    let mut game = Match::from_record(&record, start, &[]).unwrap();
    let spin = |text: &str| text.parse::<Spin>().unwrap();
    assert_eq!(
        last_spin(&game, Archery::player),
        Some(Spun {
            at: 4,
            spin: spin("6+6"),
            by: Seat(1)
        })
    );
    // That spin taken back, the tops show the leader's, past the arrow it moved.
    game.undo();
    assert_eq!(
        last_spin(&game, Archery::player),
        Some(Spun {
            at: 2,
            spin: spin("3+4"),
            by: Seat(0)
        })
    );
    while !game.moves().is_empty() {
        game.undo();
    }
    assert_eq!(last_spin(&game, Archery::player), None);
}

#[test]
fn a_spin_for_lead_is_told_with_who_leads_or_who_spin_again() {
    use parlour::rules::teetotum::LeadSpin;
    use parlour::session::lead_spin_words;
    let names = ["Ada", "Bob", "Cy"];
    let name_of = |seat: Seat| names[seat.index()].to_string();
    let spin = |text: &str| text.parse::<Spin>().unwrap();
    let mut lead = LeadSpin::new(3);
    lead.record(spin("6+5"));
    assert_eq!(
        lead_spin_words("Ada", spin("6+5"), &lead, name_of),
        "Ada spins 6+5 for lead: 11."
    );
    lead.record(spin("5+6"));
    lead.record(spin("1+2"));
    assert_eq!(
        lead_spin_words("Cy", spin("1+2"), &lead, name_of),
        "Cy spins 1+2 for lead: 3. A tie between Ada and Bob: they spin again, Ada first."
    );
    lead.record(spin("2+2"));
    lead.record(spin("3+3"));
    assert_eq!(
        lead_spin_words("Bob", spin("3+3"), &lead, name_of),
        "Bob spins 3+3 for lead: 6. Bob leads."
    );
}

#[test]
fn a_choice_says_where_the_arrow_would_go_in_short_and_in_full() {
    use parlour::session::archery::{landing_words, short_landing};
    assert_eq!(short_landing(Arrow::Flying(12)), "to space 12");
    assert_eq!(short_landing(Arrow::Missed), "misses");
    for (space, points) in TARGET_POINTS {
        assert_eq!(
            short_landing(Arrow::Target(space)),
            format!("scores {points} pt"),
            "space {space}"
        );
    }
    assert_eq!(
        landing_words(Arrow::Quiver, Arrow::Flying(5)),
        "enters on space 5"
    );
    assert_eq!(
        landing_words(Arrow::Flying(5), Arrow::Flying(12)),
        "flies from space 5 to space 12"
    );
    assert_eq!(
        landing_words(Arrow::Flying(15), Arrow::Target(18)),
        "flies from space 15 and hits the target in the second ring (space 18), 2 points"
    );
    assert_eq!(
        landing_words(Arrow::Flying(16), Arrow::Missed),
        "flies from space 16 and misses"
    );
}
