//! Parlour's storage logic (DESIGN.md, "Records and saves") against the in-memory backend:
//! settings and saved games, values that do not read kept aside and reported, never lost, and a
//! full store that changes nothing.

use std::collections::BTreeMap;

use parlour::games::GameKind;
use parlour::record::{Player, Record};
use parlour::storage::{
    compare, fresher, game_key, Backend, Listing, LoadError, MemoryBackend, Motion, MoveCount,
    Pace, Problem, SaveError, SaveKind, Saved, SavedGame, Settings, Since, Stamp, Store,
    StoreError, Theme, ASIDE_PREFIX, SETTINGS_KEY, STATS_KEY, STORE_VERSION,
};

fn store() -> Store<MemoryBackend> {
    Store::new(MemoryBackend::default())
}

/// The ids of a list's games, in the list's order.
fn ids<R>(listing: &Listing<Saved<R>>) -> Vec<String> {
    listing.games.iter().map(|g| g.id.clone()).collect()
}

/// Everything in the backend, to compare before and after.
fn contents<B: Backend>(store: &Store<B>) -> BTreeMap<String, String> {
    let backend = store.backend();
    backend
        .keys()
        .unwrap()
        .into_iter()
        .map(|k| {
            let v = backend.get(&k).unwrap().unwrap();
            (k, v)
        })
        .collect()
}

fn saved(id: &str, updated: f64, moves: &[&str]) -> SavedGame {
    let mut record = Record::new(
        GameKind::Morris,
        Some("morelles"),
        Default::default(),
        vec![Player::human("Ada"), Player::human("Bea")],
    );
    record.moves = moves.iter().map(|m| m.to_string()).collect();
    SavedGame {
        id: id.to_string(),
        kind: SaveKind::Named,
        name: format!("game {id}"),
        created: 1_000.0,
        updated,
        finished: false,
        result: None,
        record,
        redo: vec!["g7".to_string()],
        stamp: Default::default(),
    }
}

const DARK: Settings = Settings {
    theme: Theme::Dark,
    motion: Motion::Off,
    pace: Pace::Slow,
};

// ---------------------------------------------------------------------------------------------
// Settings

#[test]
fn settings_default_when_none_are_stored() {
    let store = store();
    let (settings, problem) = store.settings();
    assert_eq!(
        settings,
        Settings::default(),
        "settings: the defaults when nothing is stored"
    );
    assert_eq!(settings.theme, Theme::System);
    assert_eq!(settings.motion, Motion::System);
    assert_eq!(settings.pace, Pace::Steady);
    assert_eq!(problem, None);
}

#[test]
fn settings_stored_before_the_pace_was_one_read_with_the_usual_pace() {
    let store = store();
    store.put_settings(&DARK, 1.0).unwrap();
    let raw = store.raw(SETTINGS_KEY).unwrap().unwrap();
    let mut value: serde_json::Value = serde_json::from_str(&raw).unwrap();
    assert_eq!(value["pace"], "slow", "the pace is stored by name: {raw}");
    value.as_object_mut().unwrap().remove("pace");
    store
        .backend()
        .set(SETTINGS_KEY, &value.to_string())
        .unwrap();
    let (settings, problem) = store.settings();
    assert_eq!(problem, None, "settings without a pace still read");
    assert_eq!((settings.theme, settings.pace), (Theme::Dark, Pace::Steady));
}

#[test]
fn settings_are_saved_and_loaded() {
    let store = store();
    store.put_settings(&DARK, 1.0).unwrap();
    assert_eq!(
        store.settings(),
        (DARK, None),
        "settings: what is saved is loaded"
    );
    let raw = store
        .raw(SETTINGS_KEY)
        .unwrap()
        .expect("settings are stored");
    let value: serde_json::Value = serde_json::from_str(&raw).unwrap();
    assert_eq!(
        value["version"], STORE_VERSION,
        "storage: every value carries its version"
    );
    assert!(
        SETTINGS_KEY.starts_with("parlour/"),
        "storage: keys start with parlour/"
    );
}

#[test]
fn unreadable_settings_are_reported_and_left_untouched() {
    let store = store();
    store.backend().set(SETTINGS_KEY, "{not json").unwrap();
    let (settings, problem) = store.settings();
    assert_eq!(
        settings,
        Settings::default(),
        "settings: the defaults stand in"
    );
    let problem = problem.expect("settings: an unreadable value is reported");
    assert_eq!(problem.key, SETTINGS_KEY);
    assert_eq!(problem.why, "its text is damaged");
    assert!(
        problem
            .detail
            .as_deref()
            .unwrap()
            .starts_with("not valid JSON"),
        "detail: {:?}",
        problem.detail
    );
    assert_eq!(problem.what(), "your settings");
    assert_eq!(
        store.raw(SETTINGS_KEY).unwrap().as_deref(),
        Some("{not json"),
        "settings: reading never changes an unreadable value"
    );
}

#[test]
fn settings_from_a_newer_version_are_reported_and_left_untouched() {
    let store = store();
    let newer = r#"{"version": 2, "theme": "dark", "motion": "off", "sound": "on"}"#;
    store.backend().set(SETTINGS_KEY, newer).unwrap();
    let (settings, problem) = store.settings();
    assert_eq!(settings, Settings::default());
    let problem = problem.expect("settings: a newer value is reported");
    assert_eq!(
        problem.why,
        "a newer Parlour wrote it (version 2; this one reads version 1)"
    );
    assert_eq!(store.raw(SETTINGS_KEY).unwrap().as_deref(), Some(newer));
}

#[test]
fn settings_without_a_version_are_reported() {
    let store = store();
    store
        .backend()
        .set(SETTINGS_KEY, r#"{"theme": "dark"}"#)
        .unwrap();
    assert_eq!(
        store.settings().1.unwrap().why,
        "it has no version mark, so Parlour cannot tell how to read it"
    );
}

#[test]
fn writing_settings_over_an_unreadable_value_keeps_it_aside_first() {
    let store = store();
    store.backend().set(SETTINGS_KEY, "{not json").unwrap();
    store.put_settings(&DARK, 1_700_000_000_000.0).unwrap();
    assert_eq!(
        store.settings(),
        (DARK, None),
        "settings: the new value is written"
    );
    let aside = store.aside().unwrap();
    assert_eq!(
        aside,
        vec![format!("{ASIDE_PREFIX}settings@1700000000000")],
        "settings: the unreadable value was kept aside"
    );
    assert_eq!(
        store.raw(&aside[0]).unwrap().as_deref(),
        Some("{not json"),
        "settings: the value kept aside is the old one, as it was"
    );
}

#[test]
fn values_to_rescue_besides_games_are_listed_in_the_players_words() {
    let store = store();
    assert!(
        store.other_problems().unwrap().is_empty(),
        "nothing to rescue yet"
    );
    store.backend().set(SETTINGS_KEY, "{not json").unwrap();
    store.backend().set(STATS_KEY, "[1, 2").unwrap();
    store.put_game(&saved("good", 1.0, &[]), 1.0).unwrap();
    let whats = |store: &Store<MemoryBackend>| -> Vec<(String, String)> {
        let problems = store.other_problems().unwrap();
        problems.iter().map(|p| (p.key.clone(), p.what())).collect()
    };
    assert_eq!(
        whats(&store),
        [
            (SETTINGS_KEY.to_string(), "your settings".to_string()),
            (
                STATS_KEY.to_string(),
                "your record against the computer".to_string()
            ),
        ],
        "the unreadable settings and record are listed; a readable game is not"
    );
    store.put_settings(&DARK, 5.0).unwrap();
    store.reset_stats(GameKind::Morris, 7.0).unwrap();
    assert_eq!(
        whats(&store),
        [
            (
                format!("{ASIDE_PREFIX}settings@5"),
                "an old copy of your settings".to_string()
            ),
            (
                format!("{ASIDE_PREFIX}stats@7"),
                "an old copy of your record against the computer".to_string()
            ),
        ],
        "once written over, what could not be read is listed as the copy kept aside"
    );
    store
        .delete_raw(&format!("{ASIDE_PREFIX}settings@5"))
        .unwrap();
    assert_eq!(whats(&store).len(), 1, "a deleted copy is no longer listed");
    let kept_game = Problem {
        key: format!("{ASIDE_PREFIX}game/k3x9@12"),
        why: String::new(),
        detail: None,
    };
    assert_eq!(
        kept_game.what(),
        "an old copy of a saved game",
        "a copy is named after the value it was kept from"
    );
}

// ---------------------------------------------------------------------------------------------
// Saved games

#[test]
fn games_are_saved_listed_loaded_and_deleted() {
    let store = store();
    let games = [
        saved("b", 2_000.0, &["d6"]),
        saved("a", 3_000.0, &["d6", "a1"]),
        saved("c", 1_000.0, &[]),
    ];
    for game in &games {
        store.put_game(game, game.updated).unwrap();
    }
    let listing = store.games().unwrap();
    assert_eq!(ids(&listing), ["a", "b", "c"], "saves: newest first");
    assert!(listing.problems.is_empty());
    assert_eq!(
        store.game("a").unwrap(),
        games[1],
        "saves: a game loads as it was saved"
    );
    assert_eq!(
        store.game("a").unwrap().redo,
        ["g7"],
        "saves: undone moves survive"
    );
    assert!(
        store.raw(&game_key("a")).unwrap().is_some(),
        "saves: parlour/game/<id>"
    );

    store.delete_game("a").unwrap();
    assert_eq!(
        store.game("a"),
        Err(LoadError::Missing),
        "saves: a deleted game is gone"
    );
    assert_eq!(store.games().unwrap().games.len(), 2);
    assert_eq!(
        LoadError::Missing.to_string(),
        "there is no such saved game"
    );
}

#[test]
fn a_game_is_known_by_the_key_it_is_stored_under() {
    let store = store();
    // A value copied by hand from one key to another keeps its old id inside.
    let game = saved("old", 2_000.0, &["d6"]);
    let mut text: serde_json::Value = serde_json::to_value(&game).unwrap();
    text["version"] = STORE_VERSION.into();
    let raw = text.to_string();
    store.backend().set(&game_key("copy"), &raw).unwrap();
    let listing = store.games().unwrap();
    assert_eq!(ids(&listing), ["copy"], "saves: listed by the key");
    assert_eq!(ids(&store.summaries().unwrap()), ["copy"]);
    let opened = store.game("copy").unwrap();
    assert_eq!(
        opened.id, "copy",
        "saves: opened under the key it is listed by"
    );
    assert_eq!(opened.record, game.record);
    assert_eq!(store.game("old"), Err(LoadError::Missing));

    // Saving it writes the key it came from, not the id it carried.
    let next = moved_on(&opened, "a1");
    store.save_game(&opened, &next, "tab", 3_000.0).unwrap();
    assert_eq!(
        store.game("old"),
        Err(LoadError::Missing),
        "saves: no second copy"
    );
    assert_eq!(store.game("copy").unwrap().record.moves, ["d6", "a1"]);
    store.delete_game("copy").unwrap();
    assert!(store.games().unwrap().games.is_empty());
}

#[test]
fn saving_again_replaces_the_game() {
    let store = store();
    store.put_game(&saved("a", 1.0, &["d6"]), 1.0).unwrap();
    let newer = saved("a", 2.0, &["d6", "a1"]);
    store.put_game(&newer, 2.0).unwrap();
    assert_eq!(
        store.game("a").unwrap(),
        newer,
        "saves: the same id is one save"
    );
    assert_eq!(store.games().unwrap().games.len(), 1);
    assert!(
        store.aside().unwrap().is_empty(),
        "saves: a readable value is not kept aside"
    );
}

#[test]
fn a_save_of_the_same_name_and_record_is_found_and_no_other() {
    use SaveKind::Named;
    let store = store();
    let game = saved("a", 2_000.0, &["d6", "f4"]);
    store.put_game(&game, 2_000.0).unwrap();
    let (record, redo) = (&game.record, &game.redo);
    assert_eq!(
        store.same_save(Named, "game a", record, redo),
        Some("a".to_string())
    );
    // Another name, another move, another move to redo, or an autosave: not the same save.
    assert_eq!(store.same_save(Named, "game b", record, redo), None);
    let longer = saved("b", 2_000.0, &["d6", "f4", "b4"]).record;
    assert_eq!(store.same_save(Named, "game a", &longer, redo), None);
    assert_eq!(store.same_save(Named, "game a", record, &[]), None);
    let mut autosave = saved("c", 3_000.0, &["d6", "f4"]);
    autosave.kind = SaveKind::Autosave;
    autosave.name = "game a".to_string();
    store.delete_game("a").unwrap();
    store.put_game(&autosave, 3_000.0).unwrap();
    assert_eq!(store.same_save(Named, "game a", record, redo), None);
    // Asked for an autosave (a share link opened again), the autosave is found.
    assert_eq!(
        store.same_save(SaveKind::Autosave, "game a", record, &autosave.redo),
        Some("c".to_string())
    );
}

#[test]
fn a_named_save_of_the_same_game_is_found_whatever_its_name() {
    let store = store();
    let mut game = saved("a", 2_000.0, &["d6", "f4"]);
    game.redo.clear();
    game.name = "Grandpa's game".to_string();
    store.put_game(&game, 2_000.0).unwrap();
    let mut titled = game.record.clone();
    titled.title = Some("Another name".to_string());
    assert_eq!(
        store.named_save_of(&titled),
        Some("Grandpa's game".to_string()),
        "the same game, under whatever title, is the save already made"
    );
    let longer = saved("b", 2_000.0, &["d6", "f4", "b4"]).record;
    assert_eq!(store.named_save_of(&longer), None, "another move");
    // A save with moves to redo holds more than the record; an autosave is not a named save.
    let mut with_redo = saved("c", 3_000.0, &["d6", "f4", "b4"]);
    with_redo.name = "kept back".to_string();
    store.put_game(&with_redo, 3_000.0).unwrap();
    assert_eq!(store.named_save_of(&with_redo.record), None);
    let mut autosave = saved("d", 4_000.0, &["d6"]);
    autosave.kind = SaveKind::Autosave;
    autosave.redo.clear();
    store.put_game(&autosave, 4_000.0).unwrap();
    assert_eq!(store.named_save_of(&autosave.record), None);
}

#[test]
fn games_with_the_same_time_are_listed_by_id() {
    let store = store();
    for id in ["b", "c", "a"] {
        store.put_game(&saved(id, 5.0, &[]), 5.0).unwrap();
    }
    assert_eq!(
        ids(&store.games().unwrap()),
        ["a", "b", "c"],
        "saves: ties in time are listed in a stable order"
    );
}

#[test]
fn listing_reads_only_saved_games() {
    let store = store();
    store.put_settings(&DARK, 1.0).unwrap();
    store.backend().set("other-app/game/x", "{}").unwrap();
    store
        .backend()
        .set(&format!("{ASIDE_PREFIX}game/x@1"), "{")
        .unwrap();
    store.put_game(&saved("a", 1.0, &[]), 1.0).unwrap();
    let listing = store.games().unwrap();
    assert_eq!(
        listing.games.len(),
        1,
        "saves: settings, aside and foreign keys are no games"
    );
    assert!(
        listing.problems.is_empty(),
        "saves: keys that are not games are no problems"
    );
}

#[test]
fn unreadable_game_is_reported_and_never_deleted() {
    let store = store();
    store.put_game(&saved("good", 1.0, &[]), 1.0).unwrap();
    store
        .backend()
        .set(&game_key("bad"), "{\"version\": 1, \"id\": ")
        .unwrap();
    store
        .backend()
        .set(&game_key("odd"), "{\"version\": 1, \"id\": 7}")
        .unwrap();
    let before = contents(&store);

    let listing = store.games().unwrap();
    assert_eq!(
        listing.games.len(),
        1,
        "saves: the readable game is still listed"
    );
    let keys: Vec<&str> = listing.problems.iter().map(|p| p.key.as_str()).collect();
    assert_eq!(
        keys,
        ["parlour/game/bad", "parlour/game/odd"],
        "saves: each unreadable value is reported"
    );
    assert_eq!(
        listing.problems[0].why, "its text stops short, as if cut off",
        "saves: a value cut off is told as such"
    );
    assert_eq!(listing.problems[0].what(), "a saved game");
    assert_eq!(
        listing.problems[1].why,
        "it does not hold what Parlour expects there"
    );
    assert!(
        listing.problems[1].detail.is_some(),
        "saves: the reader's own message is kept for whoever mends the value"
    );
    match store.game("bad") {
        Err(LoadError::Unreadable(problem)) => {
            assert_eq!(problem.key, "parlour/game/bad");
            assert!(LoadError::Unreadable(problem)
                .to_string()
                .starts_with("the saved game could not be read (its text stops short"));
        }
        other => panic!("saves: opening an unreadable game is refused, got {other:?}"),
    }
    assert_eq!(
        contents(&store),
        before,
        "saves: reading never changes or deletes a value"
    );
}

#[test]
fn game_from_a_newer_version_is_reported_and_never_deleted() {
    let store = store();
    let mut value = serde_json::to_value(saved("new", 1.0, &[])).unwrap();
    value["version"] = serde_json::json!(3);
    store
        .backend()
        .set(&game_key("new"), &value.to_string())
        .unwrap();
    let before = contents(&store);
    let listing = store.games().unwrap();
    assert!(listing.games.is_empty());
    assert_eq!(
        listing.problems[0].why, "a newer Parlour wrote it (version 3; this one reads version 1)",
        "saves: a game from a newer Parlour is reported"
    );
    assert!(matches!(store.game("new"), Err(LoadError::Unreadable(_))));
    assert_eq!(
        contents(&store),
        before,
        "saves: a newer value is left as it is"
    );
}

#[test]
fn writing_a_game_over_an_unreadable_value_keeps_it_aside_first() {
    let store = store();
    store.backend().set(&game_key("a"), "garbage").unwrap();
    let game = saved("a", 9.0, &["d6"]);
    store.put_game(&game, 42.0).unwrap();
    assert_eq!(
        store.game("a").unwrap(),
        game,
        "saves: the new game is written"
    );
    let aside = store.aside().unwrap();
    assert_eq!(aside, vec![format!("{ASIDE_PREFIX}game/a@42")]);
    assert_eq!(
        store.raw(&aside[0]).unwrap().as_deref(),
        Some("garbage"),
        "saves: the unreadable value is kept aside as it was"
    );
}

#[test]
fn problems_are_deleted_only_when_asked_and_only_parlours() {
    let store = store();
    store.backend().set(&game_key("bad"), "{").unwrap();
    store.backend().set("other-app/key", "theirs").unwrap();
    store.delete_raw("other-app/key").unwrap();
    assert_eq!(
        store.raw("other-app/key").unwrap().as_deref(),
        Some("theirs"),
        "storage: keys of other programs are never deleted"
    );
    store.delete_raw(&game_key("bad")).unwrap();
    assert!(
        store.games().unwrap().problems.is_empty(),
        "storage: deleted when the player asks"
    );
}

// ---------------------------------------------------------------------------------------------
// A full store

#[test]
fn full_store_refuses_a_game_and_changes_nothing() {
    let store = Store::new(MemoryBackend::with_capacity(2_000));
    store.put_settings(&DARK, 1.0).unwrap();
    store.put_game(&saved("a", 1.0, &["d6"]), 1.0).unwrap();
    let before = contents(&store);
    let long: Vec<&str> = ["d6", "a1", "d5", "a4"].repeat(200);
    assert_eq!(
        store.put_game(&saved("b", 2.0, &long), 2.0),
        Err(StoreError::Full),
        "storage: a full store says so"
    );
    assert_eq!(
        store.put_game(&saved("a", 2.0, &long), 2.0),
        Err(StoreError::Full),
        "storage: a full store says so when replacing a game too"
    );
    assert_eq!(
        contents(&store),
        before,
        "storage: a refused write changes nothing"
    );
    assert_eq!(
        store.game("a").unwrap().record.moves,
        ["d6"],
        "storage: the old save stands"
    );
    assert_eq!(
        StoreError::Full.to_string(),
        "the browser's storage for this site is full"
    );
}

#[test]
fn full_store_refuses_settings_and_changes_nothing() {
    let store = Store::new(MemoryBackend::with_capacity(10));
    assert_eq!(store.put_settings(&DARK, 1.0), Err(StoreError::Full));
    assert!(contents(&store).is_empty(), "storage: nothing was written");
    assert_eq!(store.settings(), (Settings::default(), None));
}

#[test]
fn full_store_keeps_an_unreadable_value_where_it_was() {
    // Room for the unreadable value and a copy of it, not for the new game.
    let store = Store::new(MemoryBackend::with_capacity(200));
    store.backend().set(&game_key("a"), "garbage").unwrap();
    let before = contents(&store);
    let long: Vec<&str> = ["d6", "a1"].repeat(50);
    for now in [1.0, 2.0, 3.0] {
        assert_eq!(
            store.put_game(&saved("a", now, &long), now),
            Err(StoreError::Full)
        );
    }
    assert_eq!(
        contents(&store),
        before,
        "storage: a refused write leaves the unreadable value as it was, and no copies behind"
    );
}

// ---------------------------------------------------------------------------------------------
// Two tabs: stamps, conflicts, renames, and the summaries of a long list

/// The game a tab loaded, and the same game one move on.
fn moved_on(base: &SavedGame, m: &str) -> SavedGame {
    let mut next = base.clone();
    next.record.moves.push(m.to_string());
    next
}

/// A tab saves its game one move on from what it loaded or last wrote.
fn play_on(
    store: &Store<MemoryBackend>,
    base: &SavedGame,
    m: &str,
    writer: &str,
    now: f64,
) -> Result<SavedGame, SaveError> {
    store.save_game(base, &moved_on(base, m), writer, now)
}

#[test]
fn a_tab_saving_its_own_game_moves_the_stamp_on() {
    let store = store();
    let start = saved("g", 1.0, &[]);
    store.put_game(&start, 1.0).unwrap();
    let loaded = store.game("g").unwrap();
    assert_eq!(
        loaded.stamp,
        Stamp::default(),
        "a new save has no writes counted yet"
    );
    let first = play_on(&store, &loaded, "a1", "tab-a", 2.0).unwrap();
    assert_eq!(first.stamp.revision, 1);
    assert_eq!(first.stamp.writer, "tab-a");
    let second = play_on(&store, &first, "b2", "tab-a", 3.0).unwrap();
    assert_eq!(second.stamp.revision, 2);
    assert_eq!(
        store.game("g").unwrap(),
        second,
        "the stored game is the one returned"
    );
    // Saving what is stored already writes nothing.
    let before = contents(&store);
    let again = store.save_game(&second, &second, "tab-a", 4.0).unwrap();
    assert_eq!(again, second);
    assert_eq!(
        contents(&store),
        before,
        "an unchanged save is not written again"
    );
}

#[test]
fn a_tab_never_overwrites_what_another_tab_saved_of_the_same_game() {
    let store = store();
    store.put_game(&saved("g", 1.0, &["a1"]), 1.0).unwrap();
    // Both tabs load the same game.
    let tab_a = store.game("g").unwrap();
    let tab_b = store.game("g").unwrap();
    let b_saved = play_on(&store, &tab_b, "b2", "tab-b", 2.0).unwrap();
    let before = contents(&store);
    // Tab A, which has not seen B's move, plays another one.
    let mine = moved_on(&tab_a, "c3");
    match store.save_game(&tab_a, &mine, "tab-a", 3.0) {
        Err(SaveError::Conflict(theirs)) => {
            assert_eq!(*theirs, b_saved, "the conflict hands over the newer save")
        }
        other => panic!("expected a conflict, got {other:?}"),
    }
    assert_eq!(
        contents(&store),
        before,
        "nothing was written over B's save"
    );
    assert_eq!(store.game("g").unwrap().record.moves, vec!["a1", "b2"]);
    // Tab B plays on undisturbed.
    let b_next = play_on(&store, &b_saved, "d4", "tab-b", 4.0).unwrap();
    assert_eq!(b_next.stamp.revision, 2);
}

#[test]
fn a_late_write_of_a_race_is_found_at_the_next_save() {
    // Both tabs read revision 0 and both write revision 1: the last write stands, and the tab
    // whose write was lost learns it at its next save, by the writer in the stamp.
    let store = store();
    store.put_game(&saved("g", 1.0, &[]), 1.0).unwrap();
    let loaded = store.game("g").unwrap();
    let a1 = play_on(&store, &loaded, "a1", "tab-a", 2.0).unwrap();
    // B read the same revision 0 before A's write landed; its write lands after.
    let mut b1 = moved_on(&loaded, "b2");
    b1.stamp = Stamp {
        revision: 1,
        writer: "tab-b".into(),
    };
    store
        .backend()
        .set(
            &game_key("g"),
            &serde_json::to_string(&b1)
                .unwrap()
                .replacen('{', "{\"version\":1,", 1),
        )
        .unwrap();
    assert_eq!(
        a1.stamp.revision, b1.stamp.revision,
        "the same revision, two writers"
    );
    assert!(matches!(
        play_on(&store, &a1, "c3", "tab-a", 3.0),
        Err(SaveError::Conflict(_))
    ));
}

#[test]
fn a_rename_in_another_tab_is_kept_by_the_tab_playing() {
    let store = store();
    store.put_game(&saved("g", 1.0, &["a1"]), 1.0).unwrap();
    let playing = store.game("g").unwrap();
    let renamed = store
        .rename_game("g", "Sunday game", "tab-list", 2.0)
        .unwrap();
    assert_eq!(renamed.record, playing.record, "a rename keeps the moves");
    assert_eq!(
        compare(&playing, Some(&renamed)),
        Since::Renamed(renamed.clone())
    );
    let next = play_on(&store, &playing, "b2", "tab-a", 3.0).unwrap();
    assert_eq!(
        next.name, "Sunday game",
        "the playing tab takes on the new name"
    );
    assert_eq!(next.record.moves, vec!["a1", "b2"]);
    assert_eq!(next.stamp.revision, renamed.stamp.revision + 1);
}

#[test]
fn a_rename_from_the_list_keeps_moves_saved_since_the_list_was_read() {
    let store = store();
    store.put_game(&saved("g", 1.0, &["a1"]), 1.0).unwrap();
    let listed = store.summaries().unwrap().games[0].clone();
    let loaded = store.game("g").unwrap();
    play_on(&store, &loaded, "b2", "tab-a", 2.0).unwrap();
    store
        .rename_game(&listed.id, "New name", "tab-list", 3.0)
        .unwrap();
    let stored = store.game("g").unwrap();
    assert_eq!(stored.name, "New name");
    assert_eq!(
        stored.record.moves,
        vec!["a1", "b2"],
        "the move saved meanwhile is kept"
    );
    assert!(matches!(
        store.rename_game("nothing", "x", "tab-list", 4.0),
        Err(LoadError::Missing)
    ));
}

#[test]
fn two_games_in_two_tabs_do_not_touch_each_other() {
    let store = store();
    store.put_game(&saved("one", 1.0, &[]), 1.0).unwrap();
    store.put_game(&saved("two", 1.0, &[]), 1.0).unwrap();
    let (mut a, mut b) = (store.game("one").unwrap(), store.game("two").unwrap());
    for (i, m) in ["a1", "b2", "c3"].into_iter().enumerate() {
        a = play_on(&store, &a, m, "tab-a", i as f64).unwrap();
        b = play_on(&store, &b, m, "tab-b", i as f64).unwrap();
    }
    assert_eq!(store.game("one").unwrap(), a);
    assert_eq!(store.game("two").unwrap(), b);
    assert_eq!(store.summaries().unwrap().games.len(), 2);
}

#[test]
fn a_game_deleted_in_another_tab_is_written_again_by_the_tab_playing_it() {
    let store = store();
    store.put_game(&saved("g", 1.0, &["a1"]), 1.0).unwrap();
    let playing = store.game("g").unwrap();
    assert_eq!(compare(&playing, None), Since::Gone);
    store.delete_game("g").unwrap();
    let next = play_on(&store, &playing, "b2", "tab-a", 2.0).unwrap();
    assert_eq!(store.game("g").unwrap(), next, "the game is not lost");
}

#[test]
fn a_save_refused_by_a_full_store_leaves_the_stored_game_and_can_be_retried() {
    let store = Store::new(MemoryBackend::with_capacity(1_200));
    store.put_game(&saved("g", 1.0, &[]), 1.0).unwrap();
    let loaded = store.game("g").unwrap();
    let before = contents(&store);
    let mut long = loaded.clone();
    long.name = "n".repeat(2_000);
    assert_eq!(
        store.save_game(&loaded, &long, "tab-a", 2.0),
        Err(SaveError::Store(StoreError::Full))
    );
    assert_eq!(contents(&store), before, "a refused write changes nothing");
    // The tab keeps its base; once there is room, the same save goes through.
    let fits = moved_on(&loaded, "a1");
    assert_eq!(
        store
            .save_game(&loaded, &fits, "tab-a", 3.0)
            .unwrap()
            .stamp
            .revision,
        1
    );
}

#[test]
fn saves_from_before_stamps_still_load_and_save() {
    let store = store();
    let old = r#"{"version":1,"id":"old","kind":"autosave","name":"Old game","created":1,"updated":2,
        "finished":false,"record":{"format":"parlour-record","version":1,"game":"morris",
        "variant":"morelles","options":{},"players":[{"name":"Ada","kind":"human"},
        {"name":"Bea","kind":"human"}],"moves":["a1"]}}"#;
    store.backend().set(&game_key("old"), old).unwrap();
    let loaded = store.game("old").unwrap();
    assert_eq!(loaded.stamp, Stamp::default());
    let summary = store.summary("old").unwrap().unwrap();
    assert_eq!(summary.record.moves, MoveCount(1));
    assert_eq!(summary.name, "Old game");
    let next = play_on(&store, &loaded, "b2", "tab-a", 3.0).unwrap();
    assert_eq!(next.stamp.revision, 1);
}

#[test]
fn summaries_list_hundreds_of_games_newest_first_with_their_move_counts() {
    let store = store();
    for i in 0..300 {
        let moves: Vec<String> = (0..i % 7).map(|m| format!("m{m}")).collect();
        let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
        store
            .put_game(&saved(&format!("g{i:03}"), i as f64, &moves), 1.0)
            .unwrap();
    }
    store
        .backend()
        .set(&game_key("broken"), "{not json")
        .unwrap();
    let listing = store.summaries().unwrap();
    assert_eq!(listing.games.len(), 300);
    assert_eq!(listing.games[0].id, "g299", "newest first");
    assert_eq!(listing.games[0].record.moves, MoveCount(299 % 7));
    assert_eq!(listing.games[299].id, "g000");
    assert_eq!(
        listing.problems.len(),
        1,
        "an unreadable save is reported, not dropped"
    );
    assert!(
        store.backend().get(&game_key("broken")).unwrap().is_some(),
        "and kept"
    );
    // Whole games and summaries list the same saves.
    assert_eq!(ids(&store.games().unwrap()), ids(&listing));
}

#[test]
fn a_list_takes_in_one_changed_save_without_reading_the_others() {
    let store = store();
    for (i, id) in ["a", "b", "c"].into_iter().enumerate() {
        store.put_game(&saved(id, i as f64, &[]), 1.0).unwrap();
    }
    let mut listing = store.summaries().unwrap();
    let mut newer = store.game("a").unwrap();
    newer.updated = 10.0;
    store.put_game(&newer, 10.0).unwrap();
    listing.replace("a", store.summary("a"));
    assert_eq!(ids(&listing), ["a", "c", "b"]);
    store.delete_game("b").unwrap();
    listing.replace("b", store.summary("b"));
    assert_eq!(listing.games.len(), 2);
    store.backend().set(&game_key("c"), "nonsense").unwrap();
    listing.replace("c", store.summary("c"));
    assert_eq!(listing.games.len(), 1);
    assert_eq!(listing.problems[0].key, game_key("c"));
    assert_eq!(
        listing,
        store.summaries().unwrap(),
        "the same as reading everything again"
    );
}

const DAY: f64 = 24.0 * 60.0 * 60.0 * 1000.0;

#[test]
fn only_old_autosaves_of_finished_games_are_removed_and_only_those_asked_about() {
    let store = store();
    let now = 100.0 * DAY;
    let put = |id: &str, kind: SaveKind, finished: bool, age_days: f64| {
        let mut game = saved(id, now - age_days * DAY, &[]);
        game.kind = kind;
        game.finished = finished;
        store.put_game(&game, 1.0).unwrap();
    };
    put("old-finished", SaveKind::Autosave, true, 40.0);
    put("old-finished-2", SaveKind::Autosave, true, 31.0);
    put("old-unfinished", SaveKind::Autosave, false, 40.0);
    put("old-named", SaveKind::Named, true, 40.0);
    put("new-finished", SaveKind::Autosave, true, 29.0);
    let old: Vec<String> = store
        .summaries()
        .unwrap()
        .games
        .into_iter()
        .filter(|g| g.is_old_finished(now))
        .map(|g| g.id)
        .collect();
    assert_eq!(old, ["old-finished-2", "old-finished"]);
    // Only what the player was shown is removed; a save that changed since is kept.
    let mut reopened = store.game("old-finished-2").unwrap();
    reopened.updated = now;
    store.put_game(&reopened, now).unwrap();
    let asked = vec![
        "old-finished".to_string(),
        "old-finished-2".into(),
        "old-unfinished".into(),
    ];
    assert_eq!(store.remove_old_finished(&asked, now).unwrap(), 1);
    let left = ids(&store.summaries().unwrap());
    assert_eq!(left.len(), 4);
    assert!(!left.contains(&"old-finished".to_string()));
}

#[test]
fn a_screen_opens_this_tabs_game_unless_another_tab_played_it_on() {
    let store = store();
    store.put_game(&saved("g", 1.0, &["a1"]), 1.0).unwrap();
    let loaded = store.game("g").unwrap();
    // Storage refused this tab's last move: its copy in memory is ahead, and is opened.
    let ahead = moved_on(&loaded, "b2");
    assert_eq!(fresher(ahead.clone(), Some(loaded.clone())), ahead);
    assert_eq!(
        fresher(ahead.clone(), None),
        ahead,
        "nothing stored: this tab's copy"
    );
    // Another tab played on from here: its save is opened (it holds every move of this one).
    let theirs = play_on(&store, &loaded, "c3", "tab-b", 2.0).unwrap();
    assert_eq!(fresher(loaded.clone(), Some(theirs.clone())), theirs);
    // Both played on differently: this tab's copy, for the save to find the difference and ask.
    assert_eq!(fresher(ahead.clone(), Some(theirs)), ahead);
}

#[test]
fn a_new_game_forms_set_up_is_remembered_per_game_and_forgotten_when_asked() {
    use parlour::storage::{setup_key, Setup};
    let store = store();
    assert_eq!(
        store.setup(GameKind::Morris),
        None,
        "nothing remembered yet"
    );
    let record = Record::new(
        GameKind::Morris,
        Some("six-mens"),
        serde_json::from_str(r#"{"two_removals": true}"#).unwrap(),
        vec![Player::human("Ada"), Player::computer("Hard", "hard")],
    );
    let setup = Setup {
        record,
        first: Some(1),
    };
    store.put_setup(&setup, 1.0).unwrap();
    assert_eq!(store.setup(GameKind::Morris), Some(setup.clone()));
    assert_eq!(
        store.setup(GameKind::Dominoes),
        None,
        "each game has its own"
    );
    // A value under one game's key that is another game's set-up is not taken for it.
    store
        .backend()
        .set(
            &setup_key(GameKind::Quoits),
            &store
                .backend()
                .get(&setup_key(GameKind::Morris))
                .unwrap()
                .unwrap(),
        )
        .unwrap();
    assert_eq!(store.setup(GameKind::Quoits), None);
    // One that would not start a game, as a record would be refused: passed over.
    let mut archery = Record::new(
        GameKind::Archery,
        None,
        Default::default(),
        vec![Player::human("Ada"), Player::human("Bea")],
    );
    for (players, why) in [
        (vec![], "nobody plays"),
        (vec![Player::human("")], "a player has no name"),
    ] {
        archery.players = players;
        let odd = Setup {
            record: archery.clone(),
            first: None,
        };
        store.put_setup(&odd, 2.0).unwrap();
        assert_eq!(store.setup(GameKind::Archery), None, "{why}");
    }
    let mut blue = Player::human("Ada");
    blue.colour = Some("blue".into());
    archery.players = vec![
        blue.clone(),
        Player {
            name: "Bea".into(),
            ..blue
        },
    ];
    let twice = Setup {
        record: archery,
        first: None,
    };
    store.put_setup(&twice, 3.0).unwrap();
    assert_eq!(
        store.setup(GameKind::Archery),
        None,
        "two players of one colour"
    );
    store.forget_setup(GameKind::Morris).unwrap();
    assert_eq!(store.setup(GameKind::Morris), None, "forgotten");
    assert_eq!(
        store.backend().get(&setup_key(GameKind::Morris)).unwrap(),
        None
    );
}

#[test]
fn a_set_up_that_does_not_read_is_kept_aside_when_a_new_one_is_written() {
    use parlour::storage::{setup_key, Setup};
    let store = store();
    let key = setup_key(GameKind::Doquin);
    store
        .backend()
        .set(&key, "{\"version\": 1, \"record\": 7")
        .unwrap();
    assert_eq!(
        store.setup(GameKind::Doquin),
        None,
        "a broken value is no set-up"
    );
    // Asked to forget it, a value that does not read is left for the player to rescue.
    store.forget_setup(GameKind::Doquin).unwrap();
    assert!(store.backend().get(&key).unwrap().is_some());
    let setup = Setup {
        record: Record::new(
            GameKind::Doquin,
            None,
            Default::default(),
            vec![Player::human("Ada"), Player::human("Bea")],
        ),
        first: None,
    };
    store.put_setup(&setup, 5.0).unwrap();
    assert_eq!(store.setup(GameKind::Doquin), Some(setup));
    let aside: Vec<String> = store.aside().unwrap();
    assert_eq!(aside.len(), 1, "the broken value is kept aside: {aside:?}");
    assert_eq!(
        store.backend().get(&aside[0]).unwrap().as_deref(),
        Some("{\"version\": 1, \"record\": 7")
    );
}
