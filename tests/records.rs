//! Game records (DESIGN.md, "Records and saves"): they round-trip, and every bad input is refused
//! with a message that says what is wrong.

use parlour::games::GameKind;
use parlour::record::{
    clean_name, play_moves, Player, PlayerKind, Record, RecordError, FORMAT, VERSION,
};
use parlour::rules::morris::{Options, Position, Variant};
use parlour::session::morris::MorrisPlay;
use serde_json::{json, Value};

/// A Morris record as JSON, with `change` applied to it.
fn morris_json(change: impl FnOnce(&mut Value)) -> String {
    let mut record = json!({
        "format": "parlour-record",
        "version": 1,
        "game": "morris",
        "variant": "morrice",
        "options": {},
        "players": [{"name": "Ada", "kind": "human"}, {"name": "Bea", "kind": "human"}],
        "moves": ["d6", "a1"]
    });
    change(&mut record);
    record.to_string()
}

/// The message a record is refused with, whether reading or replaying refuses it.
fn refusal(text: &str) -> String {
    match Record::from_json(text).and_then(|r| r.replay_report()) {
        Ok(report) => panic!("the record should be refused, but replays to {report}"),
        Err(e) => e.to_string(),
    }
}

/// Twenty-two moves of a real game (the golden `morrice-moving`), White to move.
const MOVING: [&str; 22] = [
    "f4", "a4", "g1", "e4", "e5", "g4", "d6", "c4", "a1", "d2", "d7", "d3", "d1xc4", "b4", "f6",
    "c4xd7", "b2", "d7", "f4-f2", "g4-f4", "g1-g4", "c4-c3",
];

// ---------------------------------------------------------------------------------------------
// Round trips

#[test]
fn record_round_trips_through_json() {
    let mut record = Record::new(
        GameKind::Morris,
        Some("morelles"),
        Position::new(Variant::Morelles, Options::default()).options_json(),
        vec![
            Player::human("Ada"),
            Player {
                name: "Computer".into(),
                kind: PlayerKind::Computer,
                level: Some("hard".into()),
                colour: None,
            },
        ],
    );
    record.moves = MOVING.iter().map(|s| s.to_string()).collect();
    assert_eq!(record.format, FORMAT);
    assert_eq!(record.version, VERSION);
    for text in [record.to_json(), record.to_json_pretty()] {
        let back = Record::from_json(&text).expect("a written record reads back");
        assert_eq!(back, record, "records: writing and reading changes nothing");
        assert_eq!(
            back.replay_report().unwrap(),
            record.replay_report().unwrap(),
            "records: the read-back record replays to the same game"
        );
    }
}

#[test]
fn record_keeps_the_shape_of_the_design() {
    let record = Record::new(
        GameKind::Morris,
        Some("morrice"),
        Default::default(),
        vec![Player::human("Ada"), Player::human("Bea")],
    );
    let value: Value = serde_json::from_str(&record.to_json()).unwrap();
    assert_eq!(
        value,
        json!({
            "format": "parlour-record", "version": 1, "game": "morris", "variant": "morrice",
            "options": {},
            "players": [{"name": "Ada", "kind": "human"}, {"name": "Bea", "kind": "human"}],
            "moves": []
        }),
        "records: the JSON written is the format of DESIGN.md"
    );
}

#[test]
fn record_options_absent_mean_the_defaults() {
    let without = Record::from_json(&morris_json(|r| {
        r.as_object_mut().unwrap().remove("options");
    }))
    .unwrap();
    assert_eq!(
        without.start_morris().unwrap().options(),
        Options::default(),
        "records: no options means the rules' defaults"
    );
    let some = Record::from_json(&morris_json(|r| {
        r["options"] = json!({"two_removals": true})
    }))
    .unwrap();
    assert_eq!(
        some.start_morris().unwrap().options(),
        Options {
            two_removals: true,
            ..Options::default()
        },
        "records: an absent option keeps its default"
    );
}

#[test]
fn record_result_is_informative_only() {
    let text = morris_json(|r| r["result"] = json!({"winners": [2], "reason": "resigned"}));
    let record = Record::from_json(&text).unwrap();
    assert!(record.result.is_some(), "records: the result field is kept");
    let report = record.replay_report().unwrap();
    assert_eq!(
        report["over"],
        json!(false),
        "records: the moves decide, not the result field"
    );
    assert_eq!(report["winners"], Value::Null);
    let back = Record::from_json(&record.to_json()).unwrap();
    assert_eq!(
        back, record,
        "records: the result field survives a round trip"
    );
}

#[test]
fn a_saves_title_travels_with_its_record_and_is_not_part_of_the_game() {
    let plain = Record::from_json(&morris_json(|_| {})).unwrap();
    assert_eq!(plain.title, None);
    assert!(
        !plain.to_json().contains("title"),
        "records: no title is written where there is none"
    );
    let text = morris_json(|r| r["title"] = json!("Grandpa's game"));
    let titled = Record::from_json(&text).unwrap();
    assert_eq!(titled.title.as_deref(), Some("Grandpa's game"));
    assert_eq!(Record::from_json(&titled.to_json()).unwrap(), titled);
    assert!(
        titled.same_game(&plain),
        "the title is not part of the game"
    );
    assert!(plain.same_game(&titled));
    let mut longer = plain.clone();
    longer.moves.push("f4".into());
    assert!(!longer.same_game(&titled), "another move is another game");
    let mut other = plain.clone();
    other.players[1].name = "Bob".into();
    assert!(!other.same_game(&plain), "other players, another game");
}

#[test]
fn an_export_file_is_named_for_its_game_and_title_without_saying_the_game_twice() {
    let named = |title: Option<&str>| {
        let mut record = Record::from_json(&morris_json(|_| {})).unwrap();
        record.title = title.map(String::from);
        record.file_stem()
    };
    assert_eq!(named(None), "parlour-morris");
    assert_eq!(
        named(Some("Grandpa’s game, 1 May")),
        "parlour-morris-grandpa-s-game-1-may"
    );
    assert_eq!(
        named(Some("Morris at the fair")),
        "parlour-morris-at-the-fair"
    );
    assert_eq!(
        named(Some("  MORRIS: round two")),
        "parlour-morris-round-two"
    );
    assert_eq!(
        named(Some("Morris")),
        "parlour-morris",
        "a title that is only the game's name"
    );
    assert_eq!(named(Some("Morris!!")), "parlour-morris");
    assert_eq!(
        named(Some("Morrisdancers")),
        "parlour-morris-morrisdancers",
        "a word that only begins with the game's name is kept"
    );
    assert_eq!(
        named(Some("Сказка")),
        "parlour-morris",
        "no ASCII letters: no title in the name"
    );
    let long = named(Some(&"a ".repeat(60)));
    assert!(
        long.len() <= "parlour-morris-".len() + 40 && !long.ends_with('-'),
        "{long}"
    );
}

#[test]
fn replay_report_says_the_state_after_the_last_move() {
    let record = Record::from_json(&morris_json(|_| {})).unwrap();
    let report = record.replay_report().unwrap();
    assert_eq!(report["game"], json!("morris"));
    assert_eq!(report["variant"], json!("morrice"));
    assert_eq!(report["over"], json!(false));
    assert_eq!(
        report["to_move"],
        json!(1),
        "replay: seats are counted from 1"
    );
    assert_eq!(
        report["legal"].as_array().unwrap().len(),
        22,
        "replay: 22 vacant points"
    );
    assert_eq!(report["scores"], json!([9, 9]));
    assert_eq!(report["winners"], Value::Null);
    assert_eq!(report["reason"], Value::Null);

    let resigned = Record::from_json(&morris_json(|r| r["moves"] = json!(["d6", "resign"])))
        .unwrap()
        .replay_report()
        .unwrap();
    assert_eq!(resigned["over"], json!(true));
    assert_eq!(
        resigned["to_move"],
        Value::Null,
        "replay: nobody to move once over"
    );
    assert_eq!(
        resigned["winners"],
        json!([1]),
        "replay: Black resigned, seat 1 wins"
    );
    assert_eq!(resigned["reason"], json!("resigned"));
}

#[test]
fn a_record_read_in_other_spellings_is_written_in_the_notation() {
    let record = Record::from_json(&morris_json(|r| {
        r["moves"] = json!(["D6", " a1 ", "RESIGN"])
    }))
    .unwrap();
    let written = record.written().unwrap();
    assert_eq!(written.moves, ["d6", "a1", "resign"]);
    assert_eq!(
        Record {
            moves: record.moves.clone(),
            ..written.clone()
        },
        record,
        "only the moves are rewritten"
    );
    // A move that does not replay is named, as replaying names it.
    let bad = Record::from_json(&morris_json(|r| r["moves"] = json!(["d6", "D6"]))).unwrap();
    assert_eq!(
        bad.written().unwrap_err().to_string(),
        bad.replay().err().unwrap().to_string()
    );
    assert!(matches!(
        bad.written(),
        Err(RecordError::BadMove { number: 2, .. })
    ));
    // A record far longer than any game is refused before it is replayed.
    let long = Record::from_json(&morris_json(|r| {
        r["moves"] = json!(vec!["d6"; parlour::record::MOST_MOVES + 1])
    }))
    .unwrap();
    assert_eq!(
        long.written().unwrap_err().to_string(),
        "this record cannot be opened: it has 50001 moves, more than the 50000 Parlour opens"
    );
}

// ---------------------------------------------------------------------------------------------
// Bad input

#[test]
fn not_json_is_refused() {
    assert_eq!(
        refusal(""),
        "this is not a Parlour record: not JSON (there is nothing in it)"
    );
    // JSON that breaks off is most likely a link or a file cut short: said so, not where.
    for text in [
        "{\"format\": \"parlour-record\"",
        &morris_json(|_| {})[..60],
        "[",
    ] {
        assert_eq!(
            refusal(text),
            "this record breaks off before its end: it may have been cut short when it was copied or saved"
        );
        assert!(matches!(
            Record::from_json(text),
            Err(RecordError::CutShort)
        ));
    }
    for text in ["d6 a1", "<html></html>", "{\"format\": parlour}"] {
        let message = refusal(text);
        assert!(
            message.starts_with("this is not a Parlour record: not JSON ("),
            "records: {text:?} is not JSON, got {message:?}"
        );
        // Where it goes wrong, in words, not the parser's terms ("EOF while parsing").
        assert!(
            message.contains(" at line 1, column ") && !message.contains("EOF"),
            "records: {text:?} says where, in words: {message:?}"
        );
        assert!(matches!(
            Record::from_json(text),
            Err(RecordError::NotJson(_))
        ));
    }
}

#[test]
fn json_that_is_not_a_parlour_record_is_refused() {
    let lacks = "this is not a Parlour record: it lacks \"format\": \"parlour-record\"";
    for text in [
        "[1, 2]".to_string(),
        "\"parlour-record\"".to_string(),
        "{}".to_string(),
        morris_json(|r| {
            r.as_object_mut().unwrap().remove("format");
        }),
        morris_json(|r| r["format"] = json!("pgn")),
    ] {
        assert_eq!(
            refusal(&text),
            lacks,
            "records: {text} is not a Parlour record"
        );
        assert_eq!(Record::from_json(&text), Err(RecordError::NotARecord));
    }
}

#[test]
fn record_from_a_newer_version_is_refused() {
    let text = morris_json(|r| r["version"] = json!(2));
    assert_eq!(
        refusal(&text),
        "this record comes from a newer Parlour (record version 2; this one reads version 1)",
        "records: a newer version is refused with both versions named"
    );
    assert_eq!(Record::from_json(&text), Err(RecordError::NewerVersion(2)));
}

#[test]
fn record_without_a_usable_version_is_refused() {
    let missing = morris_json(|r| {
        r.as_object_mut().unwrap().remove("version");
    });
    assert_eq!(
        refusal(&missing),
        "this record cannot be opened: it has no \"version\""
    );
    for (version, shown) in [(json!(0), "0"), (json!("1"), "\"1\""), (json!(1.5), "1.5")] {
        let text = morris_json(|r| r["version"] = version);
        assert_eq!(
            refusal(&text),
            format!("this record cannot be opened: \"version\" {shown} is not a version"),
            "records: version {shown}"
        );
    }
}

#[test]
fn record_of_an_unknown_game_is_refused() {
    let text = morris_json(|r| r["game"] = json!("chess"));
    assert_eq!(
        refusal(&text),
        "this record cannot be opened: unknown game \"chess\" (known: morris, archery, quoits, dominoes, doquin)",
        "records: an unknown game is refused and the known ones named"
    );
}

#[test]
fn record_of_one_game_with_another_games_header_is_refused() {
    let text = morris_json(|r| r["game"] = json!("doquin"));
    assert_eq!(
        refusal(&text),
        "this record cannot be opened: Doquin has no variants (the record names \"morrice\")"
    );
    let record = Record::from_json(&text).unwrap();
    assert_eq!(
        record.start_morris().unwrap_err().to_string(),
        "this record cannot be opened: this is a record of doquin, not Morris"
    );
}

#[test]
fn record_of_an_unknown_variant_is_refused() {
    let text = morris_json(|r| r["variant"] = json!("nine-holes"));
    assert_eq!(
        refusal(&text),
        "this record cannot be opened: unknown Morris variant \"nine-holes\" \
         (known: morelles, morrice, six-mens, twelve-mens, three-mens)"
    );
    let none = morris_json(|r| {
        r.as_object_mut().unwrap().remove("variant");
    });
    assert_eq!(
        refusal(&none),
        "this record cannot be opened: Morris needs a variant \
         (morelles, morrice, six-mens, twelve-mens, three-mens)"
    );
}

#[test]
fn record_with_the_wrong_number_of_players_is_refused() {
    for players in [
        json!([]),
        json!([{"name": "Ada", "kind": "human"}]),
        json!([
            {"name": "Ada", "kind": "human"},
            {"name": "Bea", "kind": "human"},
            {"name": "Cy", "kind": "human"}
        ]),
    ] {
        let n = players.as_array().unwrap().len();
        let text = morris_json(|r| r["players"] = players);
        assert_eq!(
            refusal(&text),
            format!("this record cannot be opened: Morris is for 2 players, not {n}"),
            "records: {n} players"
        );
    }
}

#[test]
fn record_with_a_bad_player_is_refused() {
    let robot = morris_json(|r| r["players"][1]["kind"] = json!("robot"));
    assert_eq!(
        refusal(&robot),
        "this record cannot be opened: player 2 is \"robot\"; a player is \"human\" or \"computer\""
    );
    let missing = morris_json(|r| {
        r.as_object_mut().unwrap().remove("players");
    });
    assert_eq!(
        refusal(&missing),
        "this record cannot be opened: \"players\" must be a list of the players, in seat order"
    );
    let blank = morris_json(|r| r["players"][0]["name"] = json!("  "));
    assert_eq!(
        refusal(&blank),
        "this record cannot be opened: player 1 has no name"
    );
    // A name of invisible characters shows nothing either.
    let unseen = morris_json(|r| r["players"][0]["name"] = json!("\u{200B}\u{FEFF} \u{2060}"));
    assert_eq!(
        refusal(&unseen),
        "this record cannot be opened: player 1 has no name"
    );
    let godlike = morris_json(|r| {
        r["players"][1] = json!({"name": "Deep", "kind": "computer", "level": "godlike"})
    });
    assert_eq!(
        refusal(&godlike),
        "this record cannot be opened: player 2's level \"godlike\" is none of beginner, easy, medium, hard, hardest"
    );
    for level in [json!("hard"), json!(null)] {
        let computer = morris_json(|r| {
            r["players"][1] = json!({"name": "Deep", "kind": "computer", "level": level})
        });
        assert!(
            Record::from_json(&computer).is_ok(),
            "a level the app has, or none: {level}"
        );
    }
    let no_level = morris_json(|r| r["players"][1] = json!({"name": "Deep", "kind": "computer"}));
    assert!(
        Record::from_json(&no_level).is_ok(),
        "a computer without a level plays hard"
    );
    for (field, value, told) in [
        (
            "options",
            json!(null),
            "\"options\" must be an object of named options",
        ),
        ("moves", json!("d6 d5"), "\"moves\" must be a list of moves"),
        ("moves", json!(["d6", 5]), "move 2 must be written as text"),
        ("game", json!(7), "\"game\" must name the game"),
    ] {
        let bad = morris_json(|r| r[field] = value.clone());
        let message = refusal(&bad);
        assert!(message.contains(told), "{field} {value}: {message}");
    }
    let long = morris_json(|r| r["players"][1]["name"] = json!("X".repeat(500)));
    assert_eq!(
        refusal(&long),
        "this record cannot be opened: player 2's name is 500 characters long; a name may have at most 40"
    );
    let forty = morris_json(|r| r["players"][0]["name"] = json!("é".repeat(40)));
    assert!(
        Record::from_json(&forty).is_ok(),
        "forty characters, whatever their bytes, are a name"
    );
}

#[test]
fn record_with_a_bad_option_is_refused() {
    let wrong_type = morris_json(|r| r["options"] = json!({"two_removals": "yes"}));
    assert_eq!(
        refusal(&wrong_type),
        "this record cannot be opened: bad Morris option \"two_removals\": invalid type: string \"yes\", expected a boolean",
        "records: an option of the wrong type, named"
    );
    let unknown = morris_json(|r| r["options"] = json!({"flying": true}));
    let message = refusal(&unknown);
    assert!(
        message.starts_with(
            "this record cannot be opened: bad Morris option \"flying\": unknown field `flying`"
        ),
        "records: an option Morris does not have, got {message:?}"
    );
    let not_an_object = morris_json(|r| r["options"] = json!([true]));
    assert!(refusal(&not_an_object).starts_with("this record cannot be opened:"));
}

#[test]
fn bad_move_names_its_number_and_text() {
    let mut moves: Vec<&str> = MOVING.to_vec();
    moves.push("a1-a7");
    let text = morris_json(|r| r["moves"] = json!(moves));
    assert_eq!(
        refusal(&text),
        "move 23 \"a1-a7\": a1 and a7 are not neighbours (men never fly in Morrice)",
        "records: a move that does not replay is named by number and text, with the rule"
    );
    assert_eq!(
        Record::from_json(&text).unwrap().replay().err(),
        Some(RecordError::BadMove {
            number: 23,
            text: "a1-a7".into(),
            why: "a1 and a7 are not neighbours (men never fly in Morrice)".into(),
        })
    );
}

#[test]
fn unreadable_move_names_its_number_and_text() {
    let text = morris_json(|r| r["moves"] = json!(["d6", "a1", "zz"]));
    assert_eq!(
        refusal(&text),
        "move 3 \"zz\": \"zz\" is not a point (a point is a file a-g and a rank 1-7, like d6)"
    );
    let text = morris_json(|r| r["moves"] = json!(["d6", "castle"]));
    assert_eq!(
        refusal(&text),
        "move 2 \"castle\": \"castle\" is not a Morris move (write d6 to place, d6-d5 to move, \
         d6-d5xg7 to remove after a mill, resign or draw)"
    );
}

#[test]
fn moves_after_the_end_are_refused() {
    let text = morris_json(|r| r["moves"] = json!(["d6", "draw", "a1"]));
    assert_eq!(refusal(&text), "move 3 \"a1\": the game is over");
}

#[test]
fn mill_without_its_removal_is_refused() {
    // White a7 d7 then g7 closes a7-d7-g7: the record must name the man taken.
    let text = morris_json(|r| r["moves"] = json!(["a7", "a1", "d7", "d1", "g7"]));
    assert_eq!(
        refusal(&text),
        "move 5 \"g7\": that move makes a mill: name a man to remove, as in d6xg7"
    );
}

#[test]
fn moves_played_after_a_record_are_numbered_on_from_it() {
    let record = Record::from_json(&morris_json(|_| {})).unwrap();
    let mut table = record.replay().unwrap();
    let error = play_moves(table.as_mut(), &["g7".to_string(), "g7".to_string()], 2)
        .unwrap_err()
        .to_string();
    assert_eq!(error, "move 4 \"g7\": g7 is already taken");
}

#[test]
fn session_opens_records_with_the_same_messages() {
    let mut moves: Vec<&str> = MOVING.to_vec();
    moves.push("a1-a7");
    let record = Record::from_json(&morris_json(|r| r["moves"] = json!(moves))).unwrap();
    assert_eq!(
        MorrisPlay::open(&record, &[]).unwrap_err().to_string(),
        "move 23 \"a1-a7\": a1 and a7 are not neighbours (men never fly in Morrice)",
        "session: opening a bad record names the move as replay does"
    );
    let header = Record::from_json(&morris_json(|r| r["players"] = json!([]))).unwrap();
    assert_eq!(
        MorrisPlay::open(&header, &[]).unwrap_err().to_string(),
        "this record cannot be opened: Morris is for 2 players, not 0"
    );
}

#[test]
fn colours_chosen_are_kept_and_the_rest_follow_the_seats() {
    use parlour::record::seat_colours;
    let with = |colours: &[Option<&str>]| -> Vec<Player> {
        colours
            .iter()
            .enumerate()
            .map(|(i, c)| Player {
                colour: c.map(str::to_string),
                ..Player::human(&format!("P{}", i + 1))
            })
            .collect()
    };
    // blue, natural, green, purple by seat.
    assert_eq!(seat_colours(&with(&[None, None, None])), [0, 1, 2]);
    // Seat 2 takes blue: seat 1 gets the next colour nobody has.
    assert_eq!(seat_colours(&with(&[None, Some("blue")])), [1, 0]);
    assert_eq!(
        seat_colours(&with(&[Some("purple"), None, None, None])),
        [3, 1, 2, 0]
    );
    // A record says so, for the teetotum games only, with colours the box has, each once.
    let quoits = |players: Value| {
        json!({"format": "parlour-record", "version": 1, "game": "quoits", "players": players})
            .to_string()
    };
    let ok = quoits(
        json!([{"name": "Ada", "kind": "human", "colour": "green"}, {"name": "Bob", "kind": "human"}]),
    );
    let record = Record::from_json(&ok).unwrap();
    assert_eq!(seat_colours(&record.players), [2, 1]);
    assert!(refusal(&quoits(json!([{"name": "Ada", "kind": "human", "colour": "pink"}, {"name": "Bob", "kind": "human"}])))
        .contains("player 1's colour \"pink\" is none of blue, natural, green, purple"));
    assert!(refusal(&quoits(json!([{"name": "Ada", "kind": "human", "colour": "green"}, {"name": "Bob", "kind": "human", "colour": "green"}])))
        .contains("player 2's colour, green, is already another player's"));
    let morris = morris_json(|r| r["players"][0]["colour"] = json!("green"));
    assert!(refusal(&morris).contains("only Archery and Quoits offer"));
}

#[test]
fn names_cannot_turn_the_words_around_them() {
    // Direction overrides in a name would make "Ada v evil, 1 move" read in another order.
    let text =
        morris_json(|r| r["players"][1]["name"] = json!("\u{202E}evil\u{202C} \u{2067}x\u{2069}"));
    let record = Record::from_json(&text).unwrap();
    assert_eq!(record.players[1].name, "evil x");
    assert_eq!(clean_name(" \u{200B}Ada\u{200D}\u{00A0}"), "Ada");
    assert_eq!(clean_name("\u{202E}"), "");
    // Characters that belong to a name are kept.
    assert_eq!(clean_name("Zoë d'Arc-Ōno"), "Zoë d'Arc-Ōno");
}

#[test]
fn a_record_may_begin_with_a_byte_order_mark() {
    let text = format!("\u{FEFF}{}", morris_json(|_| {}));
    assert_eq!(Record::from_json(&text).unwrap().moves, ["d6", "a1"]);
}

#[test]
fn a_very_long_bad_move_is_not_written_out_in_full() {
    let long = "a".repeat(3000);
    let text = morris_json(|r| r["moves"] = json!(["d6", long]));
    let why = refusal(&text);
    assert!(why.starts_with("move 2 \"aaaa"), "{why}");
    assert!(why.contains('…'), "{why}");
    assert!(
        why.chars().count() < 300,
        "{} characters: {why}",
        why.chars().count()
    );
}
