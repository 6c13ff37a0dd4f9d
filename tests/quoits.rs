//! The rules of Quoits (`rules/teetotum-games.md`), one rule at a time, on games scripted spin by
//! spin.
//!
//! Each pitch is a lane of fifteen spaces, farthest from the hub first:
//!
//!     7  6  8  5  9  4  10  3  11  1-1  2-2  3-3  4-4  5-5  hub
//!
//! A plain spin goes to the space of its sum, a doublet to its own space, double six to the hub.
//! Lanes are written here as the men on them, farthest first: `"5:1 9:2"` is a man of seat 1 on
//! space 5 and one of seat 2 on space 9.

use parlour::rules::quoits::{
    EndScore, IllegalMove, Knock, ManScore, Options, Quoits, Space, LANE, MEN, SPACES, TARGET,
    TARGETS,
};
use parlour::rules::teetotum::Spin;
use parlour::rules::{ChanceOutcomes, Game, MoveError, NoMove, Seat, Table, Turn};
use rand_core::SeedableRng;
use rand_pcg::Pcg32;

/// The lane, typed in from the rules.
const ORDER: [&str; 15] = [
    "7", "6", "8", "5", "9", "4", "10", "3", "11", "1-1", "2-2", "3-3", "4-4", "5-5", "hub",
];

/// A spin that sends a man to the space named.
fn spin_to(space: &str) -> String {
    match space {
        "hub" => "6+6".to_string(),
        doublet if doublet.contains('-') => {
            let n = &doublet[..1];
            format!("{n}+{n}")
        }
        number => {
            let n: u8 = number.parse().expect("a space of the lane");
            assert!((3..=11).contains(&n), "no plain spin sums to {n}");
            let first = n.saturating_sub(6).max(1);
            format!("{}+{}", first, n - first)
        }
    }
}

/// The spins for lead that make `leader` lead: they spin 6+6, everybody else 1+1.
fn led_by(players: usize, leader: u8) -> Vec<String> {
    (0..players as u8)
        .map(|seat| if seat == leader { "6+6" } else { "1+1" }.to_string())
        .collect()
}

fn options(one_pitch: bool, single_end: bool, target: u32) -> Options {
    Options {
        one_pitch,
        single_end,
        target,
    }
}

/// A game of `players`, led by seat 1, after pitches to the spaces named.
fn quoits(players: usize, options: Options, spaces: &[&str]) -> Quoits {
    let mut g = Quoits::new(players, options);
    play(&mut g, &led_by(players, 0));
    pitch(&mut g, spaces);
    g
}

fn play(g: &mut Quoits, spins: &[String]) {
    for text in spins {
        g.play_notation(text)
            .unwrap_or_else(|e| panic!("{text:?} should play here: {e}"));
    }
}

fn pitch(g: &mut Quoits, spaces: &[&str]) {
    let spins: Vec<String> = spaces.iter().map(|s| spin_to(s)).collect();
    play(g, &spins);
}

/// Plays a whole end: `plan[seat]` names the spaces of that seat's four pitches, in order.
fn play_end(g: &mut Quoits, plan: &[[&str; 4]]) {
    assert!(
        (0..g.players()).all(|s| g.in_hand(Seat(s as u8)) == MEN),
        "an end starts with every man in hand"
    );
    for _ in 0..MEN as usize * g.players() {
        let seat = g.player();
        let round = usize::from(MEN - g.in_hand(seat));
        pitch(g, &[plan[seat.index()][round]]);
    }
}

/// The men on a pitch, farthest first, as `space:seat`.
fn lane(g: &Quoits, pitch: usize) -> String {
    g.pitch(pitch)
        .iter()
        .zip(ORDER)
        .filter_map(|(man, space)| man.map(|seat| format!("{space}:{}", seat.number())))
        .collect::<Vec<_>>()
        .join(" ")
}

fn space(name: &str) -> Space {
    LANE[ORDER.iter().position(|s| *s == name).expect("a space")]
}

fn knocked(g: &Quoits) -> Option<(Seat, Knock)> {
    g.last_pitch().expect("a man was pitched").knocked
}

fn man(seat: u8, pitch: usize, at: &str, points: u32, bonus: u32) -> ManScore {
    ManScore {
        seat: Seat(seat - 1),
        pitch,
        space: space(at),
        points,
        bonus,
    }
}

// ---------------------------------------------------------------------------------------------
// The pitch

#[test]
fn lane_runs_from_7_to_the_hub_in_the_rules_order() {
    assert_eq!(SPACES, 15);
    let names: Vec<String> = LANE.iter().map(|s| s.to_string()).collect();
    assert_eq!(names, ORDER, "the lane, farthest first");
    for (i, s) in LANE.iter().enumerate() {
        assert_eq!(s.index(), i, "{s} is at place {i}");
    }
}

#[test]
fn plain_spins_go_to_their_sum_doublets_to_their_space_double_six_to_the_hub() {
    for (spin, _) in Spin::outcomes() {
        let (a, b) = (spin.first(), spin.second());
        let expected = match (a == b, a) {
            (true, 6) => "hub".to_string(),
            (true, n) => format!("{n}-{n}"),
            (false, _) => (a + b).to_string(),
        };
        assert_eq!(Space::of(spin).to_string(), expected, "{spin}");
        // And so it lands, in a game.
        let mut g = quoits(2, Options::default(), &[]);
        g.play_chance(&spin).unwrap();
        let pitched = g.last_pitch().unwrap();
        assert_eq!(pitched.space.to_string(), expected, "{spin} pitched");
        assert_eq!(lane(&g, 0), format!("{expected}:1"));
    }
    let plain: std::collections::BTreeSet<String> = Spin::outcomes()
        .iter()
        .filter(|(s, _)| !s.is_doublet())
        .map(|(s, _)| Space::of(*s).to_string())
        .collect();
    assert_eq!(plain.len(), 9, "plain spins reach 3 to 11 only: {plain:?}");
}

#[test]
fn spaces_score_hub_10_doublet_3_number_2() {
    for s in LANE {
        let expected = match s.to_string().as_str() {
            "hub" => 10,
            name if name.contains('-') => 3,
            _ => 2,
        };
        assert_eq!(s.points(), expected, "{s}");
    }
}

#[test]
fn seats_1_and_3_pitch_at_a_and_seats_2_and_4_at_b() {
    let g = Quoits::new(4, Options::default());
    assert_eq!(g.pitch_count(), 2);
    let pitches: Vec<usize> = (0..4).map(|s| g.pitch_of(Seat(s))).collect();
    assert_eq!(pitches, [0, 1, 0, 1]);
    let g = quoits(4, Options::default(), &["7", "9", "3-3", "hub"]);
    assert_eq!(lane(&g, 0), "7:1 3-3:3", "pitch A");
    assert_eq!(lane(&g, 1), "9:2 hub:4", "pitch B");
    let g = quoits(3, Options::default(), &["8", "8", "8"]);
    assert_eq!(lane(&g, 0), "6:1 8:3", "seat 3 knocks seat 1's man at A");
    assert_eq!(lane(&g, 1), "8:2", "seat 2 alone at B");
}

#[test]
fn one_pitch_puts_every_man_at_pitch_a() {
    let o = options(true, false, TARGET);
    let g = Quoits::new(4, o);
    assert_eq!(g.pitch_count(), 1);
    assert!((0..4).all(|s| g.pitch_of(Seat(s)) == 0));
    let g = quoits(4, o, &["7", "9", "3-3", "hub"]);
    assert_eq!(lane(&g, 0), "7:1 9:2 3-3:3 hub:4");
    assert_eq!(lane(&g, 1), "", "pitch B stays empty");
}

// ---------------------------------------------------------------------------------------------
// Collisions

fn one_pitch() -> Options {
    options(true, false, TARGET)
}

#[test]
fn collision_sets_the_first_comer_back_when_the_rear_space_is_vacant() {
    let g = quoits(2, one_pitch(), &["9", "9"]);
    assert_eq!(lane(&g, 0), "5:1 9:2", "seat 1's man goes back from 9 to 5");
    assert_eq!(knocked(&g), Some((Seat(0), Knock::SetBack(space("5")))));
}

#[test]
fn collision_sends_the_first_comer_forward_when_the_rear_is_taken() {
    let g = quoits(2, one_pitch(), &["5", "9", "9"]);
    assert_eq!(
        lane(&g, 0),
        "5:1 9:1 4:2",
        "seat 2's man goes on from 9 to 4"
    );
    assert_eq!(knocked(&g), Some((Seat(1), Knock::Forward(space("4")))));
}

#[test]
fn collision_removes_the_first_comer_when_both_neighbours_are_taken() {
    let g = quoits(2, one_pitch(), &["5", "4", "9", "9"]);
    assert_eq!(lane(&g, 0), "5:1 9:2 4:2", "seat 1's man on 9 is gone");
    assert_eq!(knocked(&g), Some((Seat(0), Knock::Removed)));
    assert_eq!(g.in_hand(Seat(0)), 2, "the removed man is not given back");
}

#[test]
fn the_farthest_space_has_no_rear_space() {
    let g = quoits(2, one_pitch(), &["7", "7"]);
    assert_eq!(
        lane(&g, 0),
        "7:2 6:1",
        "from 7 the first comer can only go forward"
    );
    let g = quoits(2, one_pitch(), &["6", "7", "7"]);
    assert_eq!(lane(&g, 0), "7:1 6:1", "7 with 6 taken: removed");
    assert_eq!(knocked(&g), Some((Seat(1), Knock::Removed)));
}

#[test]
fn the_hub_has_no_forward_space() {
    let g = quoits(2, one_pitch(), &["hub", "hub"]);
    assert_eq!(
        lane(&g, 0),
        "5-5:1 hub:2",
        "the first comer on the hub goes back to 5-5"
    );
    let g = quoits(2, one_pitch(), &["5-5", "hub", "hub"]);
    assert_eq!(lane(&g, 0), "5-5:1 hub:1", "hub with 5-5 taken: removed");
    assert_eq!(knocked(&g), Some((Seat(1), Knock::Removed)));
}

#[test]
fn collisions_work_alike_on_every_space_of_the_lane() {
    for (i, at) in ORDER.iter().enumerate() {
        let rear = i.checked_sub(1).map(|r| ORDER[r]);
        let forward = ORDER.get(i + 1).copied();

        // The rear space vacant (or none): back, or forward from the farthest space.
        let g = quoits(2, one_pitch(), &[at, at]);
        let expected = match (rear, forward) {
            (Some(r), _) => (Knock::SetBack(space(r)), format!("{r}:1 {at}:2")),
            (None, Some(f)) => (Knock::Forward(space(f)), format!("{at}:2 {f}:1")),
            (None, None) => unreachable!(),
        };
        assert_eq!(knocked(&g), Some((Seat(0), expected.0)), "on {at}");
        assert_eq!(lane(&g, 0), expected.1, "on {at}");

        // The rear space taken: forward, or removed from the hub.
        if let Some(r) = rear {
            let g = quoits(2, one_pitch(), &[r, at, at]);
            let (knock, men) = match forward {
                Some(f) => (Knock::Forward(space(f)), format!("{r}:1 {at}:1 {f}:2")),
                None => (Knock::Removed, format!("{r}:1 {at}:1")),
            };
            assert_eq!(knocked(&g), Some((Seat(1), knock)), "on {at}, {r} taken");
            assert_eq!(lane(&g, 0), men, "on {at}, {r} taken: no chain");
        }

        // Both neighbours taken (or the one there is): removed, and nobody else moves.
        let (setup, men): (Vec<&str>, String) = match (rear, forward) {
            (Some(r), Some(f)) => (vec![r, f, at, at], format!("{r}:1 {at}:2 {f}:2")),
            (None, Some(f)) => (vec![f, at, at], format!("{at}:1 {f}:1")),
            (Some(r), None) => (vec![r, at, at], format!("{r}:1 {at}:1")),
            (None, None) => unreachable!(),
        };
        let g = quoits(2, one_pitch(), &setup);
        assert_eq!(
            knocked(&g).map(|(_, k)| k),
            Some(Knock::Removed),
            "on {at}, hemmed in"
        );
        assert_eq!(lane(&g, 0), men, "on {at}, hemmed in");
    }
}

#[test]
fn only_men_on_the_same_pitch_collide() {
    let g = quoits(2, Options::default(), &["7", "7"]);
    assert_eq!(knocked(&g), None, "seat 2 pitches at B");
    assert_eq!(lane(&g, 0), "7:1");
    assert_eq!(lane(&g, 1), "7:2");
}

#[test]
fn a_player_may_knock_their_own_man() {
    let g = quoits(2, Options::default(), &["hub", "7", "hub"]);
    assert_eq!(lane(&g, 0), "5-5:1 hub:1");
    assert_eq!(knocked(&g), Some((Seat(0), Knock::SetBack(space("5-5")))));
}

// ---------------------------------------------------------------------------------------------
// Ends and scoring

#[test]
fn an_end_is_four_rounds_then_it_is_scored_and_the_pitches_cleared() {
    let mut g = quoits(2, Options::default(), &[]);
    for n in 0..8 {
        assert_eq!(g.ends().len(), 0, "not scored after {n} pitches");
        assert_eq!(g.round(), n / 2 + 1, "round {}", n / 2 + 1);
        pitch(&mut g, &["9"]);
    }
    assert_eq!(g.ends().len(), 1, "scored after 8 pitches");
    assert_eq!(lane(&g, 0), "");
    assert_eq!(lane(&g, 1), "");
    assert_eq!(g.in_hand(Seat(0)), MEN);
    assert_eq!(g.in_hand(Seat(1)), MEN);
    assert_eq!(g.end_number(), 2);
    assert_eq!(g.round(), 1);
}

#[test]
fn an_end_scores_each_man_and_the_three_nearest_the_hub_on_each_pitch() {
    // Seat 1 at A: hub, 3-3, 7, 11. Nearest first: hub 10+5, 3-3 3+3, 11 2+1, 7 2 = 26.
    // Seat 2 at B: 5, 8, 1-1, 10. Nearest first: 1-1 3+5, 10 2+3, 5 2+1, 8 2 = 18.
    let mut g = quoits(2, Options::default(), &[]);
    play_end(
        &mut g,
        &[["hub", "3-3", "7", "11"], ["5", "8", "1-1", "10"]],
    );
    let end = g.ends()[0];
    assert_eq!(
        end,
        &EndScore {
            men: vec![
                man(1, 0, "hub", 10, 5),
                man(1, 0, "3-3", 3, 3),
                man(1, 0, "11", 2, 1),
                man(1, 0, "7", 2, 0),
                man(2, 1, "1-1", 3, 5),
                man(2, 1, "10", 2, 3),
                man(2, 1, "5", 2, 1),
                man(2, 1, "8", 2, 0),
            ],
            points: vec![26, 18],
            totals: vec![26, 18],
        }
    );
    assert_eq!(g.scores(), vec![26, 18]);
}

#[test]
fn on_one_pitch_there_is_one_set_of_bonuses_for_everybody() {
    // Nearest first: hub (1) 10+5, 5-5 (2) 3+3, 4-4 (1) 3+1, 3-3 (2) 3, then 4 numbered men.
    let mut g = quoits(2, one_pitch(), &[]);
    play_end(
        &mut g,
        &[["hub", "4-4", "7", "9"], ["5-5", "3-3", "6", "10"]],
    );
    assert_eq!(g.ends()[0].points, vec![15 + 4 + 2 + 2, 6 + 3 + 2 + 2]);
    assert_eq!(g.scores(), vec![23, 13]);
}

#[test]
fn a_pitch_with_fewer_than_three_men_gives_fewer_bonuses() {
    // Seat 1 knocks its own men off 7 again and again: 6 and 7 are left, 2+5 and 2+3.
    let mut g = quoits(2, Options::default(), &[]);
    play_end(&mut g, &[["7", "7", "7", "7"], ["7", "6", "8", "5"]]);
    let men_a: Vec<&ManScore> = g.ends()[0].men.iter().filter(|m| m.pitch == 0).collect();
    assert_eq!(men_a.len(), 2);
    // Seat 2 at B: 5 2+5, 8 2+3, 6 2+1, 7 2.
    assert_eq!(g.scores(), vec![7 + 5, 7 + 5 + 3 + 2]);
}

#[test]
fn totals_add_the_ends_and_the_lead_passes_to_the_next_seat_each_end() {
    let mut g = Quoits::new(3, Options::default());
    play(&mut g, &led_by(3, 1));
    let plan = [
        ["7", "6", "8", "5"],
        ["9", "4", "10", "3"],
        ["11", "7", "6", "8"],
    ];
    let mut leaders = Vec::new();
    for _ in 0..3 {
        leaders.push(g.player().number());
        play_end(&mut g, &plan);
    }
    assert_eq!(leaders, [2, 3, 1], "seat 2 won the lead; then 3, then 1");
    let mut running = [0u32; 3];
    for end in g.ends() {
        for (seat, points) in end.points.iter().enumerate() {
            let of_men: u32 = end
                .men
                .iter()
                .filter(|m| m.seat.index() == seat)
                .map(|m| m.points + m.bonus)
                .sum();
            assert_eq!(*points, of_men, "an end's points are its men's");
            running[seat] += points;
        }
        assert_eq!(end.totals, running, "the totals after each end");
    }
    let totals: Vec<i32> = running.iter().map(|t| *t as i32).collect();
    assert_eq!(g.scores(), totals);
    assert_eq!(
        g.outcome().is_some(),
        running.iter().any(|t| *t >= TARGET),
        "the game ends once someone has 60 alone"
    );
}

/// 28 points an end for seat 1 at A (hub 15, 5-5 6, 4-4 4, 3-3 3).
const BEST: [&str; 4] = ["hub", "5-5", "4-4", "3-3"];
/// 17 points an end (5 2+5, 8 2+3, 6 2+1, 7 2).
const PLAIN: [&str; 4] = ["7", "6", "8", "5"];

#[test]
fn the_game_ends_at_the_end_of_an_end_when_one_player_alone_has_60() {
    let mut g = quoits(2, Options::default(), &[]);
    play_end(&mut g, &[BEST, PLAIN]);
    play_end(&mut g, &[PLAIN, BEST]);
    assert_eq!(g.scores(), vec![45, 45]);
    play_end(&mut g, &[BEST, PLAIN]);
    assert_eq!(g.scores(), vec![73, 62], "both past 60");
    let outcome = g.outcome().expect("over at the end of the end");
    assert_eq!(outcome.winners, vec![Seat(0)], "the highest total wins");
    assert_eq!(outcome.reason, "60 points reached");
    assert_eq!(g.turn(), Turn::Over);
    assert!(g.legal_notation().is_empty());
}

#[test]
fn the_total_is_looked_at_only_when_an_end_is_over() {
    let mut g = quoits(2, Options::default(), &[]);
    play_end(&mut g, &[BEST, PLAIN]);
    play_end(&mut g, &[BEST, PLAIN]);
    assert_eq!(g.scores(), vec![56, 34], "not yet 60");
    assert_eq!(g.outcome(), None);
    // Seven pitches of the third end: seat 1's men would make 84, but the end is not over.
    for s in ["hub", "7", "5-5", "6", "4-4", "8", "3-3"] {
        pitch(&mut g, &[s]);
        assert_eq!(g.outcome(), None);
        assert_eq!(g.scores(), vec![56, 34]);
    }
    pitch(&mut g, &["5"]);
    assert_eq!(g.scores(), vec![84, 51]);
    assert!(g.outcome().is_some());
}

#[test]
fn a_tie_at_the_top_plays_another_end() {
    let mut g = quoits(2, Options::default(), &[]);
    for _ in 0..2 {
        play_end(&mut g, &[BEST, BEST]);
    }
    assert_eq!(g.tied_past_target(), None, "56 all is short of 60");
    play_end(&mut g, &[BEST, BEST]);
    assert_eq!(g.scores(), vec![84, 84]);
    assert_eq!(g.outcome(), None, "84 all: another end");
    assert_eq!(g.tied_past_target(), Some(84), "which the screen tells");
    assert_eq!(g.turn(), Turn::Chance);
    assert_eq!(g.player(), Seat(1), "the fourth end is led by seat 2");
    play_end(&mut g, &[BEST, BEST]);
    assert_eq!(g.outcome(), None, "112 all: and another");
    play_end(&mut g, &[PLAIN, BEST]);
    assert_eq!(g.scores(), vec![129, 140]);
    assert_eq!(g.outcome().unwrap().winners, vec![Seat(1)]);
    assert_eq!(g.tied_past_target(), None, "over");
}

#[test]
fn a_tie_below_the_highest_does_not_stop_the_game_ending() {
    // Seats 1 and 3 share pitch A: hub 15 (1), 5-5 6 (3), 4-4 4 (1), then 9 5 8 6 7 at 2 each:
    // seat 1 23, seat 3 12. Seat 2 alone at B knocks its own men off 7: 6 2+5 and 7 2+3 = 12.
    let mut g = quoits(3, Options::default(), &[]);
    let plan = [
        ["hub", "4-4", "6", "8"],
        ["7", "7", "7", "7"],
        ["5-5", "9", "5", "7"],
    ];
    play_end(&mut g, &plan);
    assert_eq!(g.scores(), vec![23, 12, 12]);
    play_end(&mut g, &plan);
    assert_eq!(g.outcome(), None);
    play_end(&mut g, &plan);
    assert_eq!(g.scores(), vec![69, 36, 36]);
    let outcome = g.outcome().expect("seat 1 alone is highest");
    assert_eq!(
        outcome.winners,
        vec![Seat(0)],
        "seats 2 and 3 tie, but below"
    );
}

#[test]
fn single_end_decides_the_game_on_one_end() {
    let mut g = quoits(2, options(false, true, TARGET), &[]);
    play_end(&mut g, &[PLAIN, BEST]);
    let outcome = g.outcome().expect("one end is the game");
    assert_eq!(outcome.winners, vec![Seat(1)]);
    assert_eq!(outcome.reason, "single end played");
    assert_eq!(g.scores(), vec![17, 28], "far below 60, still over");

    let mut g = quoits(2, options(false, true, TARGET), &[]);
    play_end(&mut g, &[BEST, BEST]);
    assert_eq!(
        g.outcome().unwrap().winners,
        vec![Seat(0), Seat(1)],
        "equal highest scores share a single end"
    );
    assert!(!g.outcome().unwrap().drawn, "a shared win, not a draw");
}

#[test]
fn the_target_option_sets_the_score_to_reach() {
    let mut g = quoits(2, options(false, false, 30), &[]);
    play_end(&mut g, &[BEST, PLAIN]);
    assert_eq!(g.outcome(), None, "28 is short of 30");
    play_end(&mut g, &[BEST, PLAIN]);
    let outcome = g.outcome().expect("56 reaches 30");
    assert_eq!(outcome.reason, "30 points reached");
    assert_eq!(outcome.winners, vec![Seat(0)]);

    let mut g = quoits(2, options(false, false, 100), &[]);
    for _ in 0..3 {
        play_end(&mut g, &[BEST, PLAIN]);
    }
    assert_eq!(g.outcome(), None, "84 is short of 100");
    play_end(&mut g, &[BEST, PLAIN]);
    assert_eq!(g.outcome().unwrap().reason, "100 points reached");
}

#[test]
fn options_are_read_from_records_within_their_range() {
    let read = |json: &str, seats: usize| {
        let map: serde_json::Map<String, serde_json::Value> = serde_json::from_str(json).unwrap();
        Quoits::from_header(None, &map, seats)
    };
    assert_eq!(TARGETS, 10..=500);
    assert_eq!(read("{}", 2).unwrap().options(), Options::default());
    assert_eq!(Options::default(), options(false, false, 60));
    assert_eq!(
        read(
            r#"{"one_pitch": true, "single_end": true, "target": 10}"#,
            4
        )
        .unwrap()
        .options(),
        options(true, true, 10)
    );
    assert_eq!(read(r#"{"target": 500}"#, 3).unwrap().options().target, 500);
    assert_eq!(
        read(r#"{"target": 9}"#, 2).unwrap_err(),
        "the Quoits target must be from 10 to 500, not 9"
    );
    assert_eq!(
        read(r#"{"target": 501}"#, 2).unwrap_err(),
        "the Quoits target must be from 10 to 500, not 501"
    );
    assert!(read(r#"{"target": "sixty"}"#, 2)
        .unwrap_err()
        .starts_with("bad Quoits option"));
    assert!(read(r#"{"partners": true}"#, 2)
        .unwrap_err()
        .starts_with("bad Quoits option"));
    assert_eq!(
        read("{}", 1).unwrap_err(),
        "Quoits is for 2 to 4 players, not 1"
    );
    assert_eq!(
        read("{}", 5).unwrap_err(),
        "Quoits is for 2 to 4 players, not 5"
    );
    assert!(
        Quoits::from_header(Some("deck"), &serde_json::Map::new(), 2)
            .unwrap_err()
            .contains("no variants")
    );
    // The options as written and read back.
    let g = read(r#"{"one_pitch": true, "target": 120}"#, 2).unwrap();
    let again = Quoits::from_header(None, &g.options_json(), 2).unwrap();
    assert_eq!(again.options(), g.options());
}

// ---------------------------------------------------------------------------------------------
// Turns, the lead, checked play, notation

#[test]
fn the_lead_is_spun_for_and_ties_spin_again() {
    let mut g = Quoits::new(3, Options::default());
    play(&mut g, &["3+4".into(), "1+1".into(), "5+2".into()]);
    assert_eq!(g.lead().leader(), None, "seats 1 and 3 tie on 7");
    assert_eq!(g.player(), Seat(0));
    play(&mut g, &["1+1".into()]);
    assert_eq!(g.player(), Seat(2), "seat 2 does not spin again");
    play(&mut g, &["1+2".into()]);
    assert_eq!(g.lead().leader(), Some(Seat(2)));
    assert_eq!(g.player(), Seat(2), "seat 3 pitches first");
    assert_eq!(lane(&g, 0), "", "spins for lead pitch nothing");
    pitch(&mut g, &["9", "9", "9"]);
    assert_eq!(lane(&g, 0), "5:3 9:1", "seat 3, then seat 1 at A");
    assert_eq!(lane(&g, 1), "9:2", "seat 2 third, at B");
}

#[test]
fn every_turn_is_a_spin_and_nobody_chooses() {
    let g = quoits(2, Options::default(), &["7"]);
    assert_eq!(g.turn(), Turn::Chance);
    assert!(g.legal_moves().is_empty());
    assert_eq!(
        g.chance_outcomes(),
        ChanceOutcomes::Listed(Spin::outcomes())
    );
    assert_eq!(g.legal_notation().len(), 36);
    let err = "a1".parse::<NoMove>().unwrap_err();
    assert_eq!(
        err.to_string(),
        "\"a1\" is not a move: nobody chooses in this game, every turn is a spin"
    );
    let mut tried = g.clone();
    assert!(matches!(
        tried.play_notation("a1"),
        Err(MoveError::Unreadable(_))
    ));
    assert_eq!(tried, g, "refusing changed the game");
    for bad in ["", "7", "3-4", "0+1", "1+7", "hub"] {
        let mut tried = g.clone();
        assert!(
            matches!(tried.play_notation(bad), Err(MoveError::Unreadable(_))),
            "{bad:?}"
        );
        assert_eq!(tried, g, "refusing {bad:?} changed the game");
    }
}

#[test]
fn checked_play_refuses_a_spin_once_the_game_is_over() {
    let mut g = quoits(2, options(false, true, TARGET), &[]);
    play_end(&mut g, &[BEST, PLAIN]);
    let before = g.clone();
    assert_eq!(
        g.play_chance(&"3+4".parse().unwrap()),
        Err(IllegalMove::GameOver)
    );
    assert_eq!(g, before);
    assert_eq!(
        g.play_notation("3+4"),
        Err(MoveError::Illegal("the game is over".into()))
    );
    assert_eq!(g, before);
    assert_eq!(g.chance_outcomes(), ChanceOutcomes::Listed(Vec::new()));
    assert_eq!(g.sample_chance(&mut Pcg32::seed_from_u64(1)), None);
}

#[test]
fn spins_in_notation_round_trip() {
    let g = Quoits::new(2, Options::default());
    for (spin, _) in Spin::outcomes() {
        assert_eq!(g.parse_chance(&spin.to_string()), Ok(spin));
    }
    assert_eq!(g.parse_chance(" 2+2 "), Ok(Spin::new(2, 2).unwrap()));
}

#[test]
fn pitch_for_agrees_with_playing() {
    let mut rng = Pcg32::seed_from_u64(23);
    let mut checked = 0;
    for players in 2..=4 {
        for one_pitch in [false, true] {
            let mut g = Quoits::new(players, options(one_pitch, true, TARGET));
            while g.turn() != Turn::Over {
                if g.lead().leader().is_some() {
                    for (spin, _) in Spin::outcomes() {
                        let said = g.pitch_for(spin);
                        let mut after = g.clone();
                        after.play_chance(&spin).unwrap();
                        if after.ends().len() > g.ends().len() {
                            // The last pitch of the end: the pitches are cleared by scoring.
                            assert_eq!(after.last_pitch(), Some(said));
                            continue;
                        }
                        assert_eq!(after.last_pitch(), Some(said), "{spin}");
                        assert_eq!(said.seat, g.player());
                        assert_eq!(said.pitch, g.pitch_of(g.player()));
                        assert_eq!(said.space, Space::of(spin));
                        let lane_after = after.pitch(said.pitch);
                        assert_eq!(lane_after[said.space.index()], Some(said.seat));
                        match said.knocked {
                            None => {
                                assert_eq!(g.pitch(said.pitch)[said.space.index()], None)
                            }
                            Some((first_comer, knock)) => {
                                assert_eq!(
                                    g.pitch(said.pitch)[said.space.index()],
                                    Some(first_comer)
                                );
                                match knock {
                                    Knock::SetBack(to) | Knock::Forward(to) => {
                                        assert_eq!(g.pitch(said.pitch)[to.index()], None);
                                        assert_eq!(lane_after[to.index()], Some(first_comer));
                                    }
                                    Knock::Removed => {}
                                }
                            }
                        }
                        checked += 1;
                    }
                }
                let spin = g.sample_chance(&mut rng).unwrap();
                g.play_chance(&spin).unwrap();
            }
        }
    }
    assert!(checked > 1000, "only {checked} pitches checked");
}

#[test]
fn the_men_on_the_pitches_are_told_in_words_nearest_the_hub_first() {
    let names = ["Ada".to_string(), "Bob".to_string()];
    let fresh = quoits(2, Options::default(), &[]);
    assert_eq!(
        parlour::session::quoits::pitches_words(&fresh, &names),
        "Pitch A: no men. Pitch B: no men"
    );
    // Ada (pitch A) to 7, Bob (pitch B) to 5-5, Ada to the hub.
    let g = quoits(2, Options::default(), &["7", "5-5", "hub"]);
    assert_eq!(
        parlour::session::quoits::pitches_words(&g, &names),
        "Pitch A: Ada's man on the hub, Ada's man on 7. Pitch B: Bob's man on 5-5"
    );
}

#[test]
fn a_man_pitched_to_the_hub_lands_on_the_hub_in_words() {
    let names = ["Ada".to_string(), "Bob".to_string()];
    // Past the spin for lead (Ada leads), Ada spins a double six, or a plain seven.
    let g = quoits(2, Options::default(), &[]);
    let words = |spin: &str| {
        let pitch = g.pitch_for(spin.parse::<Spin>().unwrap());
        parlour::session::quoits::pitch_words(&pitch, &names)
    };
    assert_eq!(words("6+6"), "Ada's man lands on the hub at pitch A");
    assert_eq!(words("3+4"), "Ada's man lands on 7 at pitch A");
    // And in a game: Ada's man and then Bob's to the hub.
    let g = quoits(2, Options::default(), &["hub", "hub"]);
    let pitched = g.last_pitch().unwrap();
    let said = parlour::session::quoits::pitch_words(&pitched, &names);
    assert!(
        said.starts_with("Bob's man lands on the hub at pitch"),
        "{said}"
    );
}

#[test]
fn a_record_read_with_other_spellings_is_kept_in_the_notation_of_the_rules() {
    use parlour::games::GameKind;
    use parlour::record::{Player, Record};
    use parlour::session::Match;
    let mut record = Record::new(
        GameKind::Quoits,
        None,
        Default::default(),
        vec![Player::human("Ada"), Player::human("Bea")],
    );
    // The spins for the lead, then Ada's first throw, each written loosely.
    record.moves = vec!["6++6".into(), " 01+1".into(), "3+ 4".into()];
    let game = Match::from_record(&record, Quoits::new(2, Options::default()), &[])
        .expect("the loosely written record still reads");
    assert_eq!(game.moves(), ["6+6", "1+1", "3+4"]);
    assert_eq!(game.record().moves, ["6+6", "1+1", "3+4"]);
}

#[test]
fn the_men_of_an_end_just_scored_stay_drawn_until_the_next_man_is_pitched() {
    use parlour::record::Record;
    use parlour::session::quoits::men;
    use parlour::session::Match;
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden/quoits/second-end.record.json");
    let record = Record::from_json(&std::fs::read_to_string(path).unwrap()).unwrap();
    let start = record.start_as(Quoits::from_header).unwrap();
    let game = Match::from_record(&record, start, &[]).unwrap();
    // The move that scored the first end.
    let scored_at = (1..=game.moves().len())
        .find(|&n| game.position_after(n).ends_scored() == 1)
        .expect("the record scores an end");
    let mut first_end = game.clone();
    while first_end.moves().len() > scored_at {
        first_end.undo();
    }
    let shown = men(&first_end);
    let end = first_end.position().last_end().unwrap();
    assert_eq!(shown.len(), end.men.len(), "every man the end scored");
    assert!(shown.iter().all(|m| m.scored), "each marked as scored");
    let mut places: Vec<(Seat, usize, usize)> =
        shown.iter().map(|m| (m.seat, m.pitch, m.place)).collect();
    let mut scored: Vec<(Seat, usize, usize)> = end
        .men
        .iter()
        .map(|m| (m.seat, m.pitch, m.space.index()))
        .collect();
    places.sort();
    scored.sort();
    assert_eq!(places, scored, "each where the end scored it");
    // The next man pitched clears them.
    let mut next = first_end.clone();
    assert!(next.redo());
    let after = men(&next);
    assert_eq!(after.len(), 1);
    assert!(!after[0].scored);
}

#[test]
fn the_table_of_totals_says_what_the_game_is_played_to() {
    use parlour::session::quoits::goal_words;
    let to = |target, single_end| {
        goal_words(&Options {
            target,
            single_end,
            ..Options::default()
        })
    };
    assert_eq!(to(30, false), "game to 30");
    assert_eq!(to(30, true), "a single end");
}
