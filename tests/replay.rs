//! The replay viewer's steps: every golden record of every game, stepped through, shows at each
//! step the position that replaying the record up to there gives; steps beyond the record are
//! refused; bad records are told, not played.

use std::fs;
use std::path::Path;

use parlour::games::GameKind;
use parlour::record::Record;
use parlour::rules::archery::Archery;
use parlour::rules::dominoes::Dominoes;
use parlour::rules::doquin::Doquin;
use parlour::rules::morris::Position;
use parlour::rules::quoits::Quoits;
use parlour::rules::{Game, Table, Turn};
use parlour::session::replay::{self, Replay, Replayable};

/// The golden record in `file` (under `tests/golden`).
fn golden(file: &str) -> Record {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(file);
    Record::from_json(&fs::read_to_string(path).unwrap()).unwrap()
}

/// Every golden record, with its file name.
fn golden_records() -> Vec<(String, Record)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let mut records = Vec::new();
    for game in fs::read_dir(dir).unwrap() {
        let game = game.unwrap().path();
        if !game.is_dir() {
            continue;
        }
        for file in fs::read_dir(&game).unwrap() {
            let path = file.unwrap().path();
            let name = path.display().to_string();
            if name.ends_with(".record.json") {
                let text = fs::read_to_string(&path).unwrap();
                if let Ok(record) = Record::from_json(&text) {
                    if record.replay().is_ok() {
                        records.push((name, record));
                    }
                }
            }
        }
    }
    records.sort_by(|a, b| a.0.cmp(&b.0));
    records
}

/// What a position shows through the shared vocabulary.
fn facts(table: &dyn Table) -> (Turn, Vec<i32>, Vec<String>, Option<String>) {
    (
        table.whose_turn(),
        table.seat_scores(),
        table.legal_notation(),
        table
            .ended()
            .map(|o| format!("{:?} {}", o.winners, o.reason)),
    )
}

fn record_upto(record: &Record, n: usize) -> Record {
    let mut part = record.clone();
    part.moves.truncate(n);
    part
}

/// Steps through `record` forwards, backwards and by jumps, comparing each position with the
/// record replayed up to that step.
fn steps_follow_the_record<G: Replayable>(name: &str, record: &Record) {
    let mut replay = Replay::<G>::open(record).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(
        replay.len(),
        record.moves.len(),
        "{name}: one step per move"
    );
    assert_eq!(replay.step(), 0, "{name}: a replay starts at the start");
    let same = |replay: &Replay<G>, n: usize| {
        let expected = record_upto(record, n).replay().unwrap();
        assert_eq!(
            facts(replay.position() as &dyn Table),
            facts(expected.as_ref()),
            "{name}: step {n} shows the position the record gives after {n} moves"
        );
    };
    for n in 0..=replay.len() {
        assert!(replay.go(n), "{name}: step {n} is in the record");
        assert_eq!(replay.step(), n);
        same(&replay, n);
    }
    for n in (0..=replay.len()).rev() {
        assert!(replay.go(n));
        same(&replay, n);
    }
    // Jumps, as clicks on the move list make them.
    let len = replay.len();
    for n in [len / 2, 0, len, len / 3] {
        assert!(replay.go(n));
        same(&replay, n);
    }
    assert_eq!(replay.moves(), record.moves, "{name}: the moves are kept");

    let chapters = replay.chapters();
    let numbers: Vec<usize> = chapters
        .iter()
        .flat_map(|c| c.steps.iter().map(|s| s.number))
        .collect();
    assert_eq!(
        numbers,
        (1..=len).collect::<Vec<_>>(),
        "{name}: the move list holds every step once, in order"
    );
    for chapter in &chapters {
        assert!(!chapter.title.is_empty(), "{name}: every part has a title");
        for step in &chapter.steps {
            assert_eq!(step.text, record.moves[step.number - 1]);
            assert!(
                !step.words.is_empty(),
                "{name}: step {} is told",
                step.number
            );
        }
    }

    replay.go(len);
    let words = replay.position_words();
    let ended = record.replay().unwrap().ended();
    if let Some(outcome) = ended {
        assert!(
            words.starts_with("Game over") && words.contains(&outcome.reason),
            "{name}: the last step tells the result: {words}"
        );
    } else {
        assert!(
            !words.contains("Game over"),
            "{name}: an unfinished game is not over: {words}"
        );
    }
    if len > 0 {
        let last = replay.last_words().expect("a step was taken");
        assert_eq!(
            replay.announcement(Some(&last)),
            format!("Step {len} of {len}: {last}")
        );
    }
}

fn check(name: &str, record: &Record) -> GameKind {
    let kind = record.kind().unwrap();
    match kind {
        GameKind::Morris => steps_follow_the_record::<Position>(name, record),
        GameKind::Archery => steps_follow_the_record::<Archery>(name, record),
        GameKind::Quoits => steps_follow_the_record::<Quoits>(name, record),
        GameKind::Dominoes => steps_follow_the_record::<Dominoes>(name, record),
        GameKind::Doquin => steps_follow_the_record::<Doquin>(name, record),
    }
    kind
}

#[test]
fn every_step_of_every_game_shows_the_replayed_position() {
    let records = golden_records();
    let mut seen = Vec::new();
    for (name, record) in &records {
        let kind = check(name, record);
        if !seen.contains(&kind) {
            seen.push(kind);
        }
    }
    assert_eq!(seen.len(), GameKind::ALL.len(), "every game has a record");
}

#[test]
fn steps_beyond_the_record_change_nothing() {
    let (name, record) = golden_records()
        .into_iter()
        .find(|(_, r)| r.game == "morris" && r.moves.len() > 4)
        .unwrap();
    let mut replay = Replay::<Position>::open(&record).unwrap();
    replay.go(3);
    assert!(!replay.go(record.moves.len() + 1), "{name}");
    assert!(!replay.go(usize::MAX), "{name}");
    assert_eq!(replay.step(), 3, "a refused step leaves the step shown");
}

#[test]
fn a_record_without_moves_is_one_position() {
    let mut record = golden_records()
        .into_iter()
        .find(|(_, r)| r.game == "doquin")
        .unwrap()
        .1;
    record.moves.clear();
    let mut replay = Replay::<Doquin>::open(&record).unwrap();
    assert!(replay.is_empty());
    assert!(replay.chapters().is_empty());
    assert!(replay.go(0));
    assert!(!replay.go(1));
    assert!(replay.announcement(None).starts_with("The start"));
}

#[test]
fn bad_records_are_told_not_played() {
    let (_, good) = golden_records()
        .into_iter()
        .find(|(_, r)| r.game == "quoits" && r.moves.len() > 3)
        .unwrap();
    assert!(replay::read(Some(&good.to_json())).is_ok());

    let damaged = replay::read(None).unwrap_err();
    assert!(damaged.contains("damaged"), "{damaged}");

    let nothing = replay::read(Some(" ")).unwrap_err();
    assert_eq!(nothing, "the address holds no record to replay");

    let not_json = replay::read(Some("{format: 1}")).unwrap_err();
    assert!(not_json.contains("not JSON"), "{not_json}");

    // An address cut short, as a long link often is when copied.
    let cut = replay::read(Some("{\"format\": \"parlour-record\", \"vers")).unwrap_err();
    assert!(cut.contains("cut short"), "{cut}");

    let not_record = replay::read(Some("[1, 2, 3]")).unwrap_err();
    assert!(not_record.contains("not a Parlour record"), "{not_record}");

    // A record far longer than any game is refused before it is played through.
    let mut endless = good.clone();
    endless.moves = vec!["1+1".into(); parlour::record::MOST_MOVES + 1];
    let why = replay::read(Some(&endless.to_json())).unwrap_err();
    assert!(why.contains("more than the 50000 Parlour opens"), "{why}");

    let mut unknown = good.clone();
    unknown.game = "chess".into();
    let why = replay::read(Some(&unknown.to_json())).unwrap_err();
    assert!(why.contains("unknown game \"chess\""), "{why}");

    let mut bad_move = good.clone();
    bad_move.moves[2] = "zz9".into();
    // It reads (its moves are played when it is opened, by the game's own code) ...
    let (read_back, kind) = replay::read(Some(&bad_move.to_json())).expect("it still reads");
    assert_eq!(kind, parlour::games::GameKind::Quoits);
    // ... and does not open, the first bad move named.
    let why = match Replay::<Quoits>::open(&read_back) {
        Ok(_) => panic!("a record that does not replay is not opened"),
        Err(e) => replay::why_not_replayed(e),
    };
    assert!(
        why.contains("does not replay") && why.contains("move 3 \"zz9\""),
        "the first bad move is named: {why}"
    );
}

/// An embedded replay's address read for its record part and its theme.
fn framed_theme(address: &str) -> (&str, Result<Option<parlour::session::embed::Theme>, String>) {
    let (record, settings) = replay::address_parts(address, true);
    (record, settings.map(|s| s.theme))
}

#[test]
fn an_embedded_replay_address_gives_its_record_and_theme() {
    use parlour::session::embed::Theme;
    assert_eq!(
        framed_theme("%7B%22a%22%7D?theme=dark"),
        ("%7B%22a%22%7D", Ok(Some(Theme::Dark)))
    );
    assert_eq!(framed_theme("%7B%7D"), ("%7B%7D", Ok(None)));
    assert_eq!(framed_theme("%7B%7D?theme=system"), ("%7B%7D", Ok(None)));
    // Copied out of a page's HTML, the address may keep `&amp;` for `&`.
    assert_eq!(
        framed_theme("%7B%7D?&amp;theme=dark"),
        ("%7B%7D", Ok(Some(Theme::Dark)))
    );
    // Its theme may be percent-encoded, as an embedded game's settings may.
    assert_eq!(
        framed_theme("%7B%7D?theme=%64ark"),
        ("%7B%7D", Ok(Some(Theme::Dark)))
    );
    // Or written in capitals.
    assert_eq!(
        framed_theme("%7B%7D?theme=Dark"),
        ("%7B%7D", Ok(Some(Theme::Dark)))
    );
}

#[test]
fn an_embedded_replay_address_refuses_what_it_does_not_know() {
    assert_eq!(
        framed_theme("%7B%7D?theme=dark&theme=light").1,
        Err("\"theme\" is given twice in the address: give it once".to_string())
    );
    let (record, theme) = framed_theme("%7B%7D?theme=purple");
    assert_eq!(record, "%7B%7D");
    assert_eq!(
        theme,
        Err("unknown theme \"purple\" (light or dark)".to_string())
    );
    let (_, theme) = framed_theme("%7B%7D?theme=dark&speed=2");
    assert_eq!(
        theme,
        Err(
            "unknown setting \"speed\" in the replay's address (it takes only theme and step)"
                .to_string()
        )
    );
}

#[test]
fn a_replay_names_the_variant_as_the_play_screen_does_and_a_deal_as_a_deal() {
    let fives = Replay::<Dominoes>::open(&golden("dominoes/all-fives-counts.record.json")).unwrap();
    assert_eq!(Dominoes::variant_title(fives.position()), Some("All Fives"));
    let mut fives = fives;
    fives.go(0);
    let words = fives.position_words();
    assert!(words.contains("A deal is due."), "{words}");
    let morelles = Replay::<Position>::open(&golden("morris/morelles-flying.record.json")).unwrap();
    assert_eq!(
        Position::variant_title(morelles.position()),
        Some("Morelles")
    );
    let quoits = Replay::<Quoits>::open(&golden("quoits/collisions.record.json")).unwrap();
    assert_eq!(Quoits::variant_title(quoits.position()), None);
    // A spin is somebody's: the replay says whose, in the lead and after it.
    let mut archery = Replay::<Archery>::open(&golden("archery/choosing.record.json")).unwrap();
    let names = archery.names().to_vec();
    archery.go(1);
    assert!(archery.position_words().starts_with("Bea to spin."));
    for step in 0..archery.len() {
        archery.go(step);
        if archery.position().turn() == Turn::Chance {
            let who = &names[archery.position().player().index()];
            let words = archery.position_words();
            assert!(
                words.starts_with(&format!("{who} to spin.")),
                "step {step}: {words}"
            );
        }
    }
}

#[test]
fn each_hand_of_dominoes_is_listed_from_its_own_deal() {
    let record = golden("dominoes/domino-pool-three-hands.record.json");
    let replay = Replay::<Dominoes>::open(&record).unwrap();
    let chapters = replay.chapters();
    let titles: Vec<&str> = chapters.iter().map(|c| c.title.as_str()).collect();
    assert_eq!(titles, ["Hand 1", "Hand 2", "Hand 3"]);
    for chapter in &chapters {
        let deals: Vec<bool> = chapter.steps.iter().map(|s| s.chance).collect();
        assert_eq!(
            deals.iter().filter(|d| **d).count(),
            1,
            "{}: one deal",
            chapter.title
        );
        assert!(deals[0], "{}: starts with its deal", chapter.title);
    }
}

#[test]
fn a_teetotum_replay_tells_the_spin_for_lead_and_each_end_scored() {
    let words = |chapters: &[replay::Chapter]| -> Vec<String> {
        chapters
            .iter()
            .flat_map(|c| c.steps.iter().map(|s| s.words.clone()))
            .collect()
    };
    // Quoits to 60: the lead is told, each end's score and, at 64 all, why play goes on.
    let quoits = words(
        &Replay::<Quoits>::open(&golden("quoits/to-sixty.record.json"))
            .unwrap()
            .chapters(),
    );
    assert!(quoits.iter().any(|w| w.ends_with(" leads.")), "{quoits:?}");
    let scored: Vec<&String> = quoits.iter().filter(|w| w.contains(" scored: ")).collect();
    assert!(scored[0].contains("End 1 scored: "), "{scored:?}");
    assert!(
        scored
            .iter()
            .any(|w| w.ends_with("Tied at 64, so another end is played.")),
        "{scored:?}"
    );
    // Archery: a tie in the spin for lead says who spin again.
    let archery = words(
        &Replay::<Archery>::open(&golden("archery/lead-respin.record.json"))
            .unwrap()
            .chapters(),
    );
    assert!(
        archery.iter().any(|w| w.contains("A tie between")),
        "{archery:?}"
    );
}

#[test]
fn a_replays_address_carries_its_step_and_in_a_frame_its_theme() {
    use parlour::session::embed::Theme;
    use replay::{address_parts, opening_step, settings_query, ReplaySettings};

    // The record's part is what comes before the settings; an address without any opens at
    // the start in the reader's colours.
    let (record, settings) = address_parts("%7B%22a%22%7D", false);
    assert_eq!(record, "%7B%22a%22%7D");
    assert_eq!(settings, Ok(ReplaySettings::default()));

    let (record, settings) = address_parts("%7B%7D?step=12", false);
    assert_eq!(record, "%7B%7D");
    assert_eq!(settings.unwrap().step.as_deref(), Some("12"));

    let (_, settings) = address_parts("%7B%7D?theme=Dark&step=%203", true);
    assert_eq!(
        settings,
        Ok(ReplaySettings {
            theme: Some(Theme::Dark),
            step: Some("3".to_string())
        })
    );

    // On the app's own page the colours are the reader's: theme is not taken there.
    let why = address_parts("%7B%7D?theme=dark", false).1.unwrap_err();
    assert_eq!(
        why,
        "unknown setting \"theme\" in the replay's address (it takes only step)"
    );
    let why = address_parts("%7B%7D?speed=2", true).1.unwrap_err();
    assert_eq!(
        why,
        "unknown setting \"speed\" in the replay's address (it takes only theme and step)"
    );
    let why = address_parts("%7B%7D?step=1&step=2", false).1.unwrap_err();
    assert!(why.contains("given twice"), "{why}");

    // The step asked for opens the replay there; none, at the start.
    assert_eq!(opening_step(None, 40), (0, None));
    assert_eq!(opening_step(Some("0"), 40), (0, None));
    assert_eq!(opening_step(Some("40"), 40), (40, None));
    assert_eq!(opening_step(Some("7"), 40), (7, None));
    // Past the end, or too long a number to read: the last step, and the reader is told.
    for (asked, len, told) in [
        ("41", 40, "the address asks for step 41, but this game has only 40 steps: here is its last"),
        ("2", 1, "the address asks for step 2, but this game has only 1 step: here is its last"),
        ("99999999999999999999999", 3, "the address asks for step 99999999999999999999999, but this game has only 3 steps: here is its last"),
    ] {
        assert_eq!(opening_step(Some(asked), len), (len, Some(told.to_string())), "{asked}");
    }
    // Not a step's number at all: the start, and the reader is told.
    for bad in ["-1", "+3", "two", "", "1.5", "3 4"] {
        let (at, told) = opening_step(Some(bad), 40);
        assert_eq!(at, 0, "{bad}");
        let told = told.unwrap_or_default();
        assert!(
            told.contains("is not a step's number (0 is the start): here is the start"),
            "{bad}: {told}"
        );
    }

    // The address written for a step reads back as that step; the start needs no settings.
    assert_eq!(settings_query(None, 0), "");
    assert_eq!(settings_query(None, 7), "?step=7");
    assert_eq!(settings_query(Some(Theme::Light), 0), "?theme=light");
    for (theme, step) in [(None, 5), (Some(Theme::Dark), 9), (Some(Theme::Light), 0)] {
        let address = format!("%7B%7D{}", settings_query(theme, step));
        let read = address_parts(&address, true).1.unwrap();
        assert_eq!(read.theme, theme);
        assert_eq!(opening_step(read.step.as_deref(), 20), (step, None));
    }
}

#[test]
fn equal_totals_share_the_win_and_only_morris_ends_drawn() {
    fn last_words<G: Replayable>(file: &str) -> String {
        let mut replay = Replay::<G>::open(&golden(file)).unwrap();
        assert!(replay.go(replay.len()));
        replay.position_words()
    }
    // The scored games tell a tie at the top as the play screens and the rules do.
    for words in [
        last_words::<Archery>("archery/shared-win.record.json"),
        last_words::<Quoits>("quoits/one-pitch-shared-win.record.json"),
        last_words::<Doquin>("doquin/four-players-shared-win.record.json"),
    ] {
        assert!(words.contains(" share the win."), "{words}");
        assert!(!words.contains("draw"), "{words}");
    }
    let drawn = last_words::<Position>("morris/morrice-agreed-draw.record.json");
    assert!(drawn.contains(": a draw."), "{drawn}");
}

#[test]
fn a_morris_step_names_its_mover_and_colour_as_the_play_screen_does() {
    let mut replay =
        Replay::<Position>::open(&golden("morris/morrice-agreed-draw.record.json")).unwrap();
    assert!(replay.go(1));
    assert_eq!(
        replay.last_words().unwrap(),
        "Ada (White) places a man on a4"
    );
    assert!(replay.go(12));
    assert_eq!(
        replay.last_words().unwrap(),
        "Bea (Black) places a man on d3, makes a mill and removes e5"
    );
    assert!(replay.go(replay.len()));
    assert_eq!(replay.last_words().unwrap(), "The players agree a draw");
}
