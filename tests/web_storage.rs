//! The storage layer on the browser's real localStorage (wasm-bindgen-test in headless
//! Chromium): save, load, a corrupt value kept aside, the quota-error path.
#![cfg(target_arch = "wasm32")]

use parlour::games::GameKind;
use parlour::record::{Player, Record};
use parlour::storage::web::LocalBackend;
use parlour::storage::{
    game_key, Backend, LoadError, Motion, Pace, SaveError, SaveKind, SavedGame, Settings, Store,
    StoreError, Theme, SETTINGS_KEY,
};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn clean() -> Store<LocalBackend> {
    let storage = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    storage.clear().unwrap();
    Store::new(LocalBackend)
}

fn game(id: &str, moves: &[&str]) -> SavedGame {
    let mut record = Record::new(
        GameKind::Morris,
        Some("morelles"),
        Default::default(),
        vec![Player::human("Ada"), Player::human("Bob")],
    );
    record.moves = moves.iter().map(|m| m.to_string()).collect();
    SavedGame {
        id: id.into(),
        kind: SaveKind::Autosave,
        name: format!("game {id}"),
        created: 1.0,
        updated: moves.len() as f64,
        finished: false,
        result: None,
        record,
        redo: vec![],
        stamp: Default::default(),
    }
}

#[wasm_bindgen_test]
fn settings_survive_in_local_storage() {
    let store = clean();
    let settings = Settings {
        theme: Theme::Dark,
        motion: Motion::Off,
        pace: Pace::Slow,
    };
    store.put_settings(&settings, 5.0).unwrap();
    let raw = LocalBackend.get(SETTINGS_KEY).unwrap().unwrap();
    assert!(
        raw.contains("\"version\":1"),
        "stored settings carry their version: {raw}"
    );
    assert_eq!(Store::new(LocalBackend).settings(), (settings, None));
}

#[wasm_bindgen_test]
fn a_saved_game_lists_and_loads_back() {
    let store = clean();
    store.put_game(&game("a", &["d6", "f4"]), 1.0).unwrap();
    store.put_game(&game("b", &["d6"]), 1.0).unwrap();
    let listing = store.games().unwrap();
    let ids: Vec<&str> = listing.games.iter().map(|g| g.id.as_str()).collect();
    assert_eq!(ids, ["a", "b"], "newest (most moves here) first");
    assert_eq!(store.game("a").unwrap(), game("a", &["d6", "f4"]));
    store.delete_game("a").unwrap();
    assert_eq!(store.game("a"), Err(LoadError::Missing));
}

#[wasm_bindgen_test]
fn a_corrupt_value_is_reported_and_kept() {
    let store = clean();
    LocalBackend.set(&game_key("broken"), "{not json").unwrap();
    store.put_game(&game("fine", &["d6"]), 1.0).unwrap();
    let listing = store.games().unwrap();
    assert_eq!(listing.games.len(), 1, "the readable game is listed");
    assert_eq!(listing.problems.len(), 1, "the corrupt one is reported");
    assert_eq!(listing.problems[0].key, game_key("broken"));
    assert_eq!(
        LocalBackend.get(&game_key("broken")).unwrap().as_deref(),
        Some("{not json"),
        "the corrupt value is left exactly as it was"
    );
    // Writing settings over unreadable settings keeps the old value aside first.
    LocalBackend.set(SETTINGS_KEY, "garbage").unwrap();
    let (_, problem) = store.settings();
    assert!(problem.is_some(), "unreadable settings are reported");
    store.put_settings(&Settings::default(), 42.0).unwrap();
    let aside = store.aside().unwrap();
    assert_eq!(aside.len(), 1, "one value kept aside: {aside:?}");
    assert_eq!(
        LocalBackend.get(&aside[0]).unwrap().as_deref(),
        Some("garbage")
    );
}

#[wasm_bindgen_test]
fn a_full_storage_is_an_error_and_loses_nothing() {
    let store = clean();
    store.put_game(&game("kept", &["d6"]), 1.0).unwrap();
    // Fill localStorage to its quota with filler values.
    let chunk = "x".repeat(512 * 1024);
    let mut n = 0;
    while LocalBackend.set(&format!("filler/{n}"), &chunk).is_ok() {
        n += 1;
        assert!(n < 200, "localStorage never filled up");
    }
    let mut big = game("big", &["d6"]);
    big.name = "y".repeat(600 * 1024);
    assert_eq!(store.put_game(&big, 2.0), Err(StoreError::Full));
    assert_eq!(
        store.game("big"),
        Err(LoadError::Missing),
        "nothing half-written"
    );
    assert_eq!(
        store.game("kept").unwrap(),
        game("kept", &["d6"]),
        "earlier saves intact"
    );
    clean();
}

#[wasm_bindgen_test]
fn two_writers_of_one_game_on_local_storage_never_overwrite_each_other() {
    let store = clean();
    store.put_game(&game("g", &["d6"]), 1.0).unwrap();
    // Two tabs load the same game; one saves a move, then the other tries to.
    let tab_a = store.game("g").unwrap();
    let tab_b = store.game("g").unwrap();
    let mut b_move = tab_b.clone();
    b_move.record.moves.push("f4".into());
    let b_saved = store.save_game(&tab_b, &b_move, "tab-b", 2.0).unwrap();
    let raw = LocalBackend.get(&game_key("g")).unwrap().unwrap();
    assert!(
        raw.contains("\"writer\":\"tab-b\""),
        "the stamp is stored: {raw}"
    );
    let mut a_move = tab_a.clone();
    a_move.record.moves.push("b4".into());
    match store.save_game(&tab_a, &a_move, "tab-a", 3.0) {
        Err(SaveError::Conflict(theirs)) => assert_eq!(*theirs, b_saved),
        other => panic!("expected a conflict, got {other:?}"),
    }
    assert_eq!(
        LocalBackend.get(&game_key("g")).unwrap().unwrap(),
        raw,
        "the other tab's save is left exactly as it was"
    );
    let summary = store.summary("g").unwrap().unwrap();
    assert_eq!(
        summary.record.moves.0, 2,
        "the summary counts the stored moves"
    );
    clean();
}
