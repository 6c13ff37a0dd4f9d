//! Parlour's storage logic (DESIGN.md, "Records and saves") against the in-memory backend:
//! settings and saved games, values that do not read kept aside and reported, never lost, and a
//! full store that changes nothing.

use std::collections::BTreeMap;

use parlour::games::GameKind;
use parlour::record::{Player, Record};
use parlour::storage::{
    game_key, Backend, LoadError, MemoryBackend, Motion, SaveKind, SavedGame, Settings, Store,
    StoreError, Theme, ASIDE_PREFIX, SETTINGS_KEY, STORE_VERSION,
};

fn store() -> Store<MemoryBackend> {
    Store::new(MemoryBackend::default())
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
    }
}

const DARK: Settings = Settings {
    theme: Theme::Dark,
    motion: Motion::Off,
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
    assert_eq!(problem, None);
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
    assert!(
        problem.why.starts_with("not valid JSON"),
        "why: {}",
        problem.why
    );
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
        "written by a newer Parlour (version 2); this one reads version 1"
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
    assert_eq!(store.settings().1.unwrap().why, "it carries no version");
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
    let ids: Vec<&str> = listing.games.iter().map(|g| g.id.as_str()).collect();
    assert_eq!(ids, ["a", "b", "c"], "saves: newest first");
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
fn games_with_the_same_time_are_listed_by_id() {
    let store = store();
    for id in ["b", "c", "a"] {
        store.put_game(&saved(id, 5.0, &[]), 5.0).unwrap();
    }
    let ids: Vec<String> = store
        .games()
        .unwrap()
        .games
        .into_iter()
        .map(|g| g.id)
        .collect();
    assert_eq!(
        ids,
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
    assert!(listing.problems[0].why.starts_with("not valid JSON"));
    assert!(listing.problems[1]
        .why
        .starts_with("not in the expected shape"));
    match store.game("bad") {
        Err(LoadError::Unreadable(problem)) => {
            assert_eq!(problem.key, "parlour/game/bad");
            assert!(LoadError::Unreadable(problem)
                .to_string()
                .starts_with("the saved game could not be read (not valid JSON"));
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
        listing.problems[0].why, "written by a newer Parlour (version 3); this one reads version 1",
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
