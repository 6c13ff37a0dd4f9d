//! The record against the computer (issue 7, "Statistics"): which finished games count and how,
//! each counted once, against the strongest level, stored versioned under `parlour/stats`, an
//! unreadable value left as it is until the player resets it.

use parlour::ai::Level;
use parlour::games::GameKind;
use parlour::record::{Player, Record};
use parlour::rules::{Outcome, Seat};
use parlour::stats::{self, Counted, GameResult, Stats, Tally, COUNTED_KEPT};
use parlour::storage::{
    Backend, MemoryBackend, StatsError, Store, StoreError, ASIDE_PREFIX, STATS_KEY,
};
use serde_json::json;

fn morris(variant: &str, players: Vec<Player>, moves: &[&str]) -> Record {
    let mut record = Record::new(GameKind::Morris, Some(variant), Default::default(), players);
    record.moves = moves.iter().map(|m| m.to_string()).collect();
    record
}

fn ada() -> Player {
    Player::human("Ada")
}

fn computer(level: &str) -> Player {
    Player::computer("Computer", level)
}

/// Three Men's Morris, placing: White makes a line down the a-file with its third man.
const THREE_IN_A_ROW: [&str; 5] = ["a1", "b2", "a2", "c3", "a3"];

fn header(
    game: GameKind,
    variant: Option<&str>,
    options: serde_json::Value,
    players: Vec<Player>,
) -> Record {
    let options = options.as_object().cloned().unwrap_or_default();
    Record::new(game, variant, options, players)
}

fn won_by(seats: &[u8]) -> Outcome {
    Outcome {
        winners: seats.iter().map(|s| Seat(*s)).collect(),
        drawn: false,
        reason: "test".into(),
    }
}

fn store() -> Store<MemoryBackend> {
    Store::new(MemoryBackend::default())
}

// ---------------------------------------------------------------------------------------------
// What counts, and how

#[test]
fn a_person_who_makes_the_line_wins() {
    let record = morris(
        "three-mens",
        vec![ada(), computer("beginner")],
        &THREE_IN_A_ROW,
    );
    assert_eq!(
        stats::judge(&record),
        Some(Counted {
            game: GameKind::Morris,
            level: Some(Level::Beginner),
            result: GameResult::Won
        }),
        "White (a person) made three in a row against the Beginner computer: won"
    );
}

#[test]
fn only_the_computer_winning_is_a_loss() {
    let record = morris("three-mens", vec![computer("easy"), ada()], &THREE_IN_A_ROW);
    assert_eq!(
        stats::judge(&record).map(|c| (c.level, c.result)),
        Some((Some(Level::Easy), GameResult::Lost)),
        "the computer (White) made the line: lost"
    );
    let resigned = morris(
        "morelles",
        vec![ada(), computer("hard")],
        &["d6", "a1", "resign"],
    );
    assert_eq!(
        stats::judge(&resigned).map(|c| c.result),
        Some(GameResult::Lost),
        "the person resigned: lost"
    );
}

#[test]
fn a_morris_draw_is_drawn() {
    let record = morris("morrice", vec![ada(), computer("medium")], &["d6", "draw"]);
    assert_eq!(
        stats::judge(&record).map(|c| c.result),
        Some(GameResult::Drawn),
        "an agreed draw lists both seats as winners: drawn"
    );
}

#[test]
fn a_game_not_yet_over_does_not_count() {
    let record = morris(
        "three-mens",
        vec![ada(), computer("beginner")],
        &THREE_IN_A_ROW[..4],
    );
    assert_eq!(stats::judge(&record), None, "the game is still in play");
    let bad = morris(
        "three-mens",
        vec![ada(), computer("beginner")],
        &["a1", "a1"],
    );
    assert_eq!(
        stats::judge(&bad),
        None,
        "a record that does not replay counts nothing"
    );
}

#[test]
fn games_between_people_only_or_computers_only_do_not_count() {
    let people = morris(
        "three-mens",
        vec![ada(), Player::human("Bea")],
        &THREE_IN_A_ROW,
    );
    assert_eq!(
        stats::judge(&people),
        None,
        "a hot-seat game is not against the computer"
    );
    let computers = morris(
        "three-mens",
        vec![computer("easy"), computer("hard")],
        &THREE_IN_A_ROW,
    );
    assert_eq!(stats::judge(&computers), None, "nobody played the computer");
}

#[test]
fn a_win_shared_between_a_person_and_a_computer_is_drawn() {
    let record = header(
        GameKind::Archery,
        None,
        json!({}),
        vec![ada(), computer("easy"), computer("hard")],
    );
    let result = |seats: &[u8]| stats::count(&record, &won_by(seats)).map(|c| c.result);
    assert_eq!(
        result(&[0, 1]),
        Some(GameResult::Drawn),
        "tied with a computer: drawn"
    );
    assert_eq!(result(&[0]), Some(GameResult::Won), "the person alone: won");
    assert_eq!(
        result(&[1, 2]),
        Some(GameResult::Lost),
        "computers only: lost"
    );
    let two_people = header(
        GameKind::Archery,
        None,
        json!({}),
        vec![ada(), Player::human("Bea"), computer("easy")],
    );
    assert_eq!(
        stats::count(&two_people, &won_by(&[0, 1])).map(|c| c.result),
        Some(GameResult::Won),
        "two people sharing the win, the computer beaten: won"
    );
}

#[test]
fn several_computers_count_against_the_strongest() {
    let record = header(
        GameKind::Archery,
        None,
        json!({}),
        vec![
            computer("beginner"),
            ada(),
            computer("hardest"),
            computer("medium"),
        ],
    );
    assert_eq!(
        stats::count(&record, &won_by(&[1])).map(|c| c.level),
        Some(Some(Level::Hardest)),
        "Beginner, Hardest and Medium at the table: counted against Hardest"
    );
}

#[test]
fn a_computer_without_a_level_counts_as_hard_except_at_quoits() {
    let unlevelled = Player {
        level: None,
        ..computer("x")
    };
    let archery = header(
        GameKind::Archery,
        None,
        json!({}),
        vec![ada(), unlevelled.clone()],
    );
    assert_eq!(
        stats::count(&archery, &won_by(&[0])).map(|c| c.level),
        Some(Some(Level::Hard)),
        "a computer seat with no level plays at Hard, so it counts there"
    );
    let quoits = header(GameKind::Quoits, None, json!({}), vec![ada(), unlevelled]);
    assert_eq!(
        stats::count(&quoits, &won_by(&[1])),
        Some(Counted {
            game: GameKind::Quoits,
            level: None,
            result: GameResult::Lost
        }),
        "Quoits has no levels: counted against the computer as such"
    );
}

#[test]
fn a_person_and_a_computer_partner_are_one_side() {
    let table = vec![
        ada(),
        computer("easy"),
        computer("medium"),
        computer("easy"),
    ];
    let partners = header(
        GameKind::Dominoes,
        Some("block"),
        json!({"partners": true}),
        table.clone(),
    );
    let result =
        |record: &Record, seats: &[u8]| stats::count(record, &won_by(seats)).map(|c| c.result);
    assert_eq!(
        result(&partners, &[0, 2]),
        Some(GameResult::Won),
        "seats 1 and 3 are partners: the person's side won"
    );
    assert_eq!(
        result(&partners, &[1, 3]),
        Some(GameResult::Lost),
        "the other side won"
    );
    let alone = header(
        GameKind::Dominoes,
        Some("block"),
        json!({"partners": false}),
        table,
    );
    assert_eq!(
        result(&alone, &[0, 2]),
        Some(GameResult::Drawn),
        "without partnerships seat 3's computer shares the win: drawn"
    );
}

// ---------------------------------------------------------------------------------------------
// The tally

fn counted(level: Level, result: GameResult) -> Counted {
    Counted {
        game: GameKind::Morris,
        level: Some(level),
        result,
    }
}

#[test]
fn a_game_is_counted_once_by_its_id() {
    let mut stats = Stats::default();
    assert!(stats.add("g1", counted(Level::Easy, GameResult::Won)));
    assert!(
        !stats.add("g1", counted(Level::Easy, GameResult::Lost)),
        "finishing g1 again (after undo) is not a second game"
    );
    assert_eq!(
        stats.tally(GameKind::Morris, Some(Level::Easy)),
        Tally {
            played: 1,
            won: 1,
            drawn: 0,
            lost: 0
        },
        "the first ending stands"
    );
}

#[test]
fn rows_list_only_levels_played_weakest_first() {
    let mut stats = Stats::default();
    stats.add("a", counted(Level::Hardest, GameResult::Lost));
    stats.add("b", counted(Level::Beginner, GameResult::Won));
    stats.add("c", counted(Level::Beginner, GameResult::Drawn));
    let rows: Vec<_> = stats.rows(GameKind::Morris);
    assert_eq!(
        rows,
        vec![
            (
                Some(Level::Beginner),
                Tally {
                    played: 2,
                    won: 1,
                    drawn: 1,
                    lost: 0
                }
            ),
            (
                Some(Level::Hardest),
                Tally {
                    played: 1,
                    won: 0,
                    drawn: 0,
                    lost: 1
                }
            ),
        ]
    );
    assert_eq!(stats.total(GameKind::Morris).played, 3);
    assert!(stats.rows(GameKind::Archery).is_empty(), "no Archery yet");
}

#[test]
fn the_ids_kept_are_bounded() {
    let mut stats = Stats::default();
    for i in 0..COUNTED_KEPT + 10 {
        stats.add(&format!("g{i}"), counted(Level::Easy, GameResult::Won));
    }
    assert_eq!(
        stats.counted.len(),
        COUNTED_KEPT,
        "only the newest ids are kept"
    );
    assert!(
        stats.is_counted(&format!("g{}", COUNTED_KEPT + 9)),
        "the newest is kept"
    );
    assert!(!stats.is_counted("g0"), "the oldest went first");
}

#[test]
fn a_game_over_when_opened_is_noted_not_counted_and_an_embeds_id_is_forgotten_for_a_new_game() {
    let mut stats = Stats::default();
    stats.add("old", counted(Level::Easy, GameResult::Won));
    for i in 0..COUNTED_KEPT - 1 {
        stats.add(&format!("g{i}"), counted(Level::Easy, GameResult::Won));
    }
    // A copy of a finished game, opened: noted, so that playing its end again counts nothing.
    assert!(stats.mark("copy"), "noted afresh");
    assert!(!stats.add("copy", counted(Level::Easy, GameResult::Won)));
    assert_eq!(stats.total(GameKind::Morris).played, COUNTED_KEPT as u32);
    // The oldest went to make room; an old game opened again is noted again, as the newest.
    assert!(!stats.is_counted("old"));
    assert!(!stats.mark("g0"), "g0 is still kept, not noted twice");
    assert_eq!(stats.counted.last().map(String::as_str), Some("g0"));
    assert_eq!(stats.counted.len(), COUNTED_KEPT);
    // An embedded game's id holds a new game: forgotten, its ending counts.
    assert!(stats.forget("copy"));
    assert!(!stats.forget("copy"), "forgotten already");
    assert!(stats.add("copy", counted(Level::Easy, GameResult::Lost)));
    assert_eq!(stats.tally(GameKind::Morris, Some(Level::Easy)).lost, 1);
}

#[test]
fn the_store_notes_and_forgets_counted_games_without_counting() {
    let store = store();
    let record = morris(
        "three-mens",
        vec![ada(), computer("beginner")],
        &THREE_IN_A_ROW,
    );
    store.mark_counted("opened").unwrap();
    assert_eq!(store.count_game("opened", &record).unwrap(), None);
    assert_eq!(store.stats().unwrap().total(GameKind::Morris).played, 0);
    store.forget_counted("opened").unwrap();
    assert!(store.count_game("opened", &record).unwrap().is_some());
    assert_eq!(store.stats().unwrap().total(GameKind::Morris).played, 1);
}

#[test]
fn reset_clears_one_game_and_keeps_the_ids() {
    let mut stats = Stats::default();
    stats.add("m", counted(Level::Easy, GameResult::Won));
    stats.add(
        "a",
        Counted {
            game: GameKind::Archery,
            level: Some(Level::Easy),
            result: GameResult::Won,
        },
    );
    stats.reset(GameKind::Morris);
    assert!(stats.rows(GameKind::Morris).is_empty(), "Morris is cleared");
    assert_eq!(
        stats.total(GameKind::Archery).played,
        1,
        "Archery is untouched"
    );
    assert!(
        !stats.add("m", counted(Level::Easy, GameResult::Won)),
        "a game counted before the reset is not counted again"
    );
}

// ---------------------------------------------------------------------------------------------
// Storage

#[test]
fn counts_are_stored_versioned_and_once() {
    let store = store();
    let record = morris(
        "three-mens",
        vec![ada(), computer("beginner")],
        &THREE_IN_A_ROW,
    );
    assert!(store.count_game("g1", &record).unwrap().is_some());
    assert_eq!(
        store.count_game("g1", &record).unwrap(),
        None,
        "counted once"
    );
    let raw = store
        .backend()
        .get(STATS_KEY)
        .unwrap()
        .expect("stored under parlour/stats");
    let value: serde_json::Value = serde_json::from_str(&raw).unwrap();
    assert_eq!(value["version"], json!(1), "the value carries its version");
    assert_eq!(
        value["games"]["morris"]["beginner"],
        json!({"played": 1, "won": 1, "drawn": 0, "lost": 0})
    );
    let people = morris(
        "three-mens",
        vec![ada(), Player::human("Bea")],
        &THREE_IN_A_ROW,
    );
    assert_eq!(
        store.count_game("g2", &people).unwrap(),
        None,
        "hot-seat not counted"
    );
    assert_eq!(store.stats().unwrap().total(GameKind::Morris).played, 1);
}

#[test]
fn another_tabs_counts_are_kept() {
    let store = store();
    let record = morris(
        "three-mens",
        vec![ada(), computer("beginner")],
        &THREE_IN_A_ROW,
    );
    store.count_game("g1", &record).unwrap();
    // Another tab counts a game in the meantime, straight into storage.
    let mut other = store.stats().unwrap();
    other.add("g2", counted(Level::Hard, GameResult::Lost));
    let mut value = serde_json::to_value(&other).unwrap();
    value["version"] = json!(1);
    store.backend().set(STATS_KEY, &value.to_string()).unwrap();
    store.count_game("g3", &record).unwrap();
    let stats = store.stats().unwrap();
    assert_eq!(
        stats.tally(GameKind::Morris, Some(Level::Hard)).lost,
        1,
        "the other tab's loss stays"
    );
    assert_eq!(stats.tally(GameKind::Morris, Some(Level::Beginner)).won, 2);
}

#[test]
fn unknown_games_and_levels_in_the_stored_value_are_kept() {
    let store = store();
    let raw = json!({"version": 1, "games": {"chess": {"grandmaster": {"played": 3, "won": 1}}}, "counted": []});
    store.backend().set(STATS_KEY, &raw.to_string()).unwrap();
    let record = morris(
        "three-mens",
        vec![ada(), computer("beginner")],
        &THREE_IN_A_ROW,
    );
    store.count_game("g1", &record).unwrap();
    let value: serde_json::Value =
        serde_json::from_str(&store.backend().get(STATS_KEY).unwrap().unwrap()).unwrap();
    assert_eq!(value["games"]["chess"]["grandmaster"]["played"], json!(3));
}

#[test]
fn an_unreadable_record_is_left_as_it_is_until_reset() {
    for raw in [
        "not json".to_string(),
        json!({"games": {}}).to_string(),
        json!({"version": 99, "games": {}}).to_string(),
        json!({"version": 1, "games": "many"}).to_string(),
    ] {
        let store = store();
        store.backend().set(STATS_KEY, &raw).unwrap();
        assert!(store.stats().is_err(), "{raw} is reported as unreadable");
        let record = morris(
            "three-mens",
            vec![ada(), computer("beginner")],
            &THREE_IN_A_ROW,
        );
        assert!(
            matches!(
                store.count_game("g1", &record),
                Err(StatsError::Unreadable(_))
            ),
            "{raw}: nothing is counted over it"
        );
        assert_eq!(
            store.backend().get(STATS_KEY).unwrap().as_deref(),
            Some(raw.as_str()),
            "{raw}: left untouched"
        );
        store.reset_stats(GameKind::Morris, 1_234.0).unwrap();
        assert_eq!(store.stats(), Ok(Stats::default()), "reset starts afresh");
        let aside: Vec<String> = store
            .backend()
            .keys()
            .unwrap()
            .into_iter()
            .filter(|k| k.starts_with(ASIDE_PREFIX))
            .collect();
        assert_eq!(
            aside,
            vec![format!("{ASIDE_PREFIX}stats@1234")],
            "the old value is kept aside"
        );
        assert_eq!(
            store.backend().get(&aside[0]).unwrap().as_deref(),
            Some(raw.as_str())
        );
    }
}

#[test]
fn a_full_store_counts_nothing_and_says_so() {
    let record = morris(
        "three-mens",
        vec![ada(), computer("beginner")],
        &THREE_IN_A_ROW,
    );
    let store = Store::new(MemoryBackend::with_capacity(20));
    assert_eq!(
        store.count_game("g1", &record),
        Err(StatsError::Store(StoreError::Full)),
        "the quota is reported"
    );
    assert_eq!(
        store.backend().keys().unwrap(),
        Vec::<String>::new(),
        "nothing written"
    );
}

#[test]
fn resetting_one_game_keeps_the_others() {
    let store = store();
    let morris_game = morris(
        "three-mens",
        vec![ada(), computer("beginner")],
        &THREE_IN_A_ROW,
    );
    store.count_game("m", &morris_game).unwrap();
    let mut stats = store.stats().unwrap();
    stats.add(
        "q",
        Counted {
            game: GameKind::Quoits,
            level: None,
            result: GameResult::Lost,
        },
    );
    let mut value = serde_json::to_value(&stats).unwrap();
    value["version"] = json!(1);
    store.backend().set(STATS_KEY, &value.to_string()).unwrap();
    store.reset_stats(GameKind::Morris, 0.0).unwrap();
    let stats = store.stats().unwrap();
    assert!(stats.rows(GameKind::Morris).is_empty(), "Morris reset");
    assert_eq!(stats.tally(GameKind::Quoits, None).lost, 1, "Quoits kept");
    assert_eq!(
        store.count_game("m", &morris_game).unwrap(),
        None,
        "the reset game is not counted again"
    );
}
