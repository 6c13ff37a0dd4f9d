//! The embed view's address: read, written back, and turned into a game that opens.

use parlour::games::GameKind;
use parlour::record::PlayerKind;
use parlour::session::embed::{EmbedSpec, NewGame, Seat, Theme};

#[test]
fn an_address_names_game_preset_seats_and_theme() {
    let spec = EmbedSpec::parse("morris?preset=six-mens&seats=human,hardest&theme=dark").unwrap();
    assert_eq!(spec.game, GameKind::Morris);
    assert_eq!(spec.preset.as_deref(), Some("six-mens"));
    assert_eq!(spec.theme, Some(Theme::Dark));
    assert_eq!(spec.seats.len(), 2);
    let record = spec.record().unwrap();
    assert_eq!(record.variant.as_deref(), Some("six-mens"));
    assert_eq!(record.players[0].kind, PlayerKind::Human);
    assert_eq!(record.players[1].level.as_deref(), Some("hardest"));
    assert_eq!(record.players[1].name, "Hardest computer");
}

#[test]
fn everything_but_the_game_may_be_left_out() {
    for game in GameKind::ALL {
        let spec = EmbedSpec::parse(game.name()).unwrap();
        assert_eq!(spec.theme, None);
        let record = spec
            .record()
            .unwrap_or_else(|e| panic!("{}: {e}", game.name()));
        assert!(record.start().is_ok(), "{} opens", game.name());
        assert!(record.players.iter().any(|p| p.kind == PlayerKind::Human));
        assert!(record
            .players
            .iter()
            .any(|p| p.kind == PlayerKind::Computer));
    }
}

#[test]
fn the_address_of_a_game_reads_back_the_same() {
    for text in [
        "dominoes?preset=all-fives&seats=human,medium,easy&theme=light",
        "doquin?seats=human,human,hard&size=5&pegs=8",
        "dominoes?preset=all-fives&seats=human,hard&muggins=true&spinner=true&target=50&theme=dark",
        "morris?preset=twelve-mens&seats=human,human&two_removals=true",
        "quoits?seats=human,computer,computer",
        "archery?seats=human",
    ] {
        let spec = EmbedSpec::parse(text).unwrap();
        assert_eq!(spec.to_query(), text);
        let record = spec.record().unwrap();
        let again = EmbedSpec::of_record(&record, spec.theme).unwrap();
        assert_eq!(
            again, spec,
            "{text}: the embed of the game it starts is the same embed"
        );
    }
}

#[test]
fn the_same_address_resumes_the_same_game_whatever_its_theme() {
    let light = EmbedSpec::parse("doquin?seats=human,easy&theme=light").unwrap();
    let dark = EmbedSpec::parse("doquin?seats=human,easy&theme=dark").unwrap();
    let other = EmbedSpec::parse("doquin?seats=human,hard").unwrap();
    assert_eq!(light.save_id(), dark.save_id());
    assert_ne!(light.save_id(), other.save_id());
    assert!(light.save_id().starts_with("embed-"));
}

#[test]
fn an_address_written_by_a_site_s_tools_reads_as_written_by_hand() {
    let plain = EmbedSpec::parse("morris?preset=six-mens&seats=human,hard&theme=dark").unwrap();
    // Commas (and the rest) percent-encoded, as `URLSearchParams` writes them.
    let encoded =
        EmbedSpec::parse("morris?preset=six%2Dmens&seats=human%2Chard&theme=%64ark").unwrap();
    assert_eq!(encoded, plain);
    // Copied out of the snippet's HTML, with `&amp;` for `&`.
    let copied =
        EmbedSpec::parse("morris?preset=six-mens&amp;seats=human,hard&amp;theme=dark").unwrap();
    assert_eq!(copied, plain);
    // A comma encoded in a name stays in the name.
    let named = EmbedSpec::parse("morris?names=Ada%2C%20Lady%20Lovelace,Bob").unwrap();
    assert_eq!(named.names, ["Ada, Lady Lovelace", "Bob"]);
    // `URLSearchParams` writes a space in a name as `+`, and a `+` as `%2B`.
    let searched = EmbedSpec::parse("morris?names=Mr+Smith,C%2B%2B").unwrap();
    assert_eq!(searched.names, ["Mr Smith", "C++"]);
    // Words written in capitals, as a curator may, read as in lower case; names keep theirs.
    let capitals = EmbedSpec::parse("morris?preset=Six-Mens&seats=Human,HARD&theme=Dark").unwrap();
    assert_eq!(capitals, plain);
    let options =
        EmbedSpec::parse("quoits?one_pitch=True&colours=Green,BLUE&names=ADA,bob").unwrap();
    assert_eq!(
        options,
        EmbedSpec::parse("quoits?one_pitch=true&colours=green,blue&names=ADA,bob").unwrap()
    );
    assert_eq!(options.names, ["ADA", "bob"]);
}

#[test]
fn bad_addresses_say_what_is_wrong() {
    let refusal = |text: &str| EmbedSpec::parse(text).unwrap_err();
    assert_eq!(refusal("chess"), "there is no game \"chess\" to embed");
    assert!(refusal("morris?preset=nine-holes").contains("unknown Morris variant"));
    assert!(refusal("morris?seats=human,wizard").contains("unknown seat \"wizard\""));
    assert!(
        refusal("morris?seats=human,hard,hard").contains("2"),
        "Morris is for two"
    );
    assert!(refusal("doquin?seats=human,easy,easy&size=3").contains("two players only"));
    assert_eq!(
        refusal("archery?seats=human,human,human,human,human"),
        "Archery is for 1 to 4 players, not 5",
        "an address is told what is wrong with it, not with a record"
    );
    assert!(refusal("doquin?pegs=lots").contains("pegs must be a number"));
    assert!(refusal("dominoes?preset=all-fives&muggins=perhaps")
        .contains("muggins must be true or false"));
    assert_eq!(
        refusal("dominoes?muggins=true"),
        "unknown setting \"muggins\" in the embed address (not an option of the preset \"block\"; another preset may have it)",
        "Block, the default, has no muggins: All Fives has"
    );
    assert_eq!(
        refusal("archery?pegs=3"),
        "unknown setting \"pegs\" in the embed address (not an option of this game)"
    );
    // A game named as a title is the game.
    assert_eq!(
        EmbedSpec::parse("Morris?seats=human,hard").unwrap(),
        EmbedSpec::parse("morris?seats=human,hard").unwrap()
    );
    assert_eq!(
        refusal("quoits?target=-3"),
        "target cannot be negative, not \"-3\""
    );
    assert!(refusal("quoits?target=-x").contains("target must be a number"));
    assert_eq!(
        refusal(""),
        "the embed address names no game (write #/embed/ and then morris, archery, quoits, dominoes or doquin)"
    );
    assert_eq!(refusal("/"), refusal(""));
    // A number past what any option takes is refused in the same words, not the reader's.
    let huge = refusal("quoits?target=99999999999");
    assert!(
        huge.contains("target 99999999999 is far too large"),
        "{huge}"
    );
    assert!(!huge.contains("u32"), "{huge}");
    let small_type = refusal("doquin?pegs=300");
    assert!(
        small_type.contains("\"pegs\": 300 is out of range"),
        "{small_type}"
    );
    // A long value is quoted cut short.
    let long = refusal(&format!("doquin?pegs={}", "x".repeat(5000)));
    assert!(long.contains(&format!("\"{}…\"", "x".repeat(40))), "{long}");
    assert!(long.chars().count() < 200, "{long}");
    assert!(refusal("quoits?preset=fast").contains("no presets"));
    assert_eq!(
        EmbedSpec::parse("quoits?seats=easy,human").unwrap().seats,
        vec![Seat::Computer(None), Seat::Human],
        "Quoits' computers have no levels: a level named is dropped"
    );
    assert!(refusal("morris?theme=sepia").contains("unknown theme"));
    assert!(refusal("morris?colour=red").contains("unknown setting"));
    // A level is a seat's: the message says where it goes, not that a preset may have it.
    let level = refusal("morris?level=hard");
    assert!(level.contains("seats=human,hard"), "{level}");
    assert!(!level.contains("another preset"), "{level}");
    // A setting given twice is refused, whichever way it is written, not one of them taken.
    assert_eq!(
        refusal("morris?theme=light&seats=human,easy&theme=dark"),
        "\"theme\" is given twice in the address: give it once"
    );
    assert_eq!(
        refusal("morris?preset=six-mens&amp;variant=nine-mens"),
        "\"preset\" and \"variant\" (one setting) are given twice in the address: give it once"
    );
    assert!(refusal("doquin?pegs=3&pegs=4").contains("\"pegs\" is given twice"));
    assert_eq!(
        EmbedSpec::parse("quoits?seats=human,computer")
            .unwrap()
            .seats,
        vec![Seat::Human, Seat::Computer(None)]
    );
}

#[test]
fn reading_an_address_gives_its_theme_and_save_without_checking_its_game() {
    // Nine seats is no game of Morris: reading gives the theme and the save's id; parsing, which
    // sets the game up, refuses it.
    let text = "morris?seats=human,human,human,human,human,human,human,human,human&theme=dark";
    let read = EmbedSpec::read(text).unwrap();
    assert_eq!(read.theme, Some(Theme::Dark));
    assert!(read.save_id().starts_with("embed-"));
    assert!(EmbedSpec::parse(text).is_err());
    // Where the address is good, both agree, id and all.
    let good = "quoits?seats=human,computer&theme=light";
    assert_eq!(
        EmbedSpec::read(good).unwrap(),
        EmbedSpec::parse(good).unwrap()
    );
    // An option is the game's rules' to check: reading takes it, parsing refuses one the game
    // does not have.
    assert!(EmbedSpec::read("morris?colour=red").is_ok());
    assert!(EmbedSpec::parse("morris?colour=red").is_err());
    // What cannot even be read is refused by both.
    assert!(EmbedSpec::read("morris?theme=sepia").is_err());
    assert!(EmbedSpec::read("morris?Colour-Scheme=red").is_err());
    assert!(EmbedSpec::read("chess").is_err());
}

#[test]
fn a_frame_that_kept_a_copy_goes_on_with_it_under_the_same_embed() {
    let spec = EmbedSpec::parse("morris?preset=three-mens&seats=human,human&theme=dark").unwrap();
    let copy = spec.with_save("19a2b3c4d5e-0a1b2c");
    assert_eq!(
        copy.save_id(),
        "19a2b3c4d5e-0a1b2c",
        "the frame plays the copy"
    );
    assert_eq!(
        copy.to_query(),
        "morris?preset=three-mens&seats=human,human&theme=dark&save=19a2b3c4d5e-0a1b2c"
    );
    let again = EmbedSpec::parse(&copy.to_query()).unwrap();
    assert_eq!(again, copy, "the address reads back");
    assert_eq!(again.theme, Some(Theme::Dark), "in the embed's theme");
    assert_eq!(
        again.record().unwrap(),
        spec.record().unwrap(),
        "the same game"
    );
    // Only an id of the kind Parlour writes.
    for (bad, quoted) in [
        ("", ""),
        ("a/b", "a/b"),
        ("<x>", "<x>"),
        (&"x".repeat(65), &format!("{}…", "x".repeat(40))),
    ] {
        assert_eq!(
            EmbedSpec::parse(&format!("morris?save={bad}")).unwrap_err(),
            format!("\"{quoted}\" is not the id of a saved game")
        );
    }
}

#[test]
fn the_embed_of_a_game_carries_its_options_and_starts_the_same_game() {
    let base = EmbedSpec::parse("dominoes?preset=all-fives&seats=human,easy").unwrap();
    let mut record = base.record().unwrap();
    record.options.insert("target".into(), 50.into());
    record.options.insert("muggins".into(), true.into());
    record.options.insert("spinner".into(), true.into());
    let spec = EmbedSpec::of_record(&record, None).unwrap();
    assert_eq!(
        spec.to_query(),
        "dominoes?preset=all-fives&seats=human,easy&muggins=true&spinner=true&target=50",
        "only what differs from the preset, by name"
    );
    let again = EmbedSpec::parse(&spec.to_query())
        .unwrap()
        .record()
        .unwrap();
    assert_eq!(
        again.options, record.options,
        "the address starts the same game"
    );
    assert_ne!(
        spec.save_id(),
        base.save_id(),
        "and keeps its own autosave apart from the preset's"
    );
    // A game with its preset's options has none in its address.
    let plain = EmbedSpec::of_record(&base.record().unwrap(), None).unwrap();
    assert!(plain.options.is_empty());
    assert_eq!(plain, base);
}

#[test]
fn an_embed_autosave_keeps_its_name_for_addresses_written_before_options_were_general() {
    // Doquin's size and pegs were written in this order before every option could be: the
    // same address must still name the same autosave, in whatever order it gives them.
    let written = EmbedSpec::parse("doquin?seats=human,easy&size=5&pegs=8").unwrap();
    let turned = EmbedSpec::parse("doquin?pegs=8&seats=human,easy&size=5").unwrap();
    assert_eq!(written.to_query(), "doquin?seats=human,easy&size=5&pegs=8");
    assert_eq!(turned.save_id(), written.save_id());
    assert_eq!(written.save_id(), "embed-59866b5d885e5773");
}

#[test]
fn a_game_screen_writes_its_embed_with_its_own_kind_of_new_game() {
    // The Embed dialog is handed the game's own way to set up a new game (so its part needs no
    // other game's rules): with it, the address is the one `of_record` writes; given another
    // game's, no address is written rather than a wrong one.
    let own: [(GameKind, NewGame); 5] = [
        (GameKind::Morris, EmbedSpec::new_morris),
        (GameKind::Archery, EmbedSpec::new_archery),
        (GameKind::Quoits, EmbedSpec::new_quoits),
        (GameKind::Dominoes, EmbedSpec::new_dominoes),
        (GameKind::Doquin, EmbedSpec::new_doquin),
    ];
    for text in [
        "morris?preset=twelve-mens&seats=hard,human",
        "archery?seats=human,human,easy",
        "quoits?seats=human,computer,human",
        "dominoes?preset=all-fives&seats=human,easy,easy&target=50",
        "doquin?seats=human,medium&size=5&pegs=8",
    ] {
        let spec = EmbedSpec::parse(text).unwrap();
        let record = spec.record().unwrap();
        let written = EmbedSpec::of_record(&record, Some(Theme::Dark)).unwrap();
        for (game, new_game) in own {
            let by = EmbedSpec::of_record_by(&record, Some(Theme::Dark), new_game);
            if game == spec.game {
                assert_eq!(by.as_ref(), Some(&written), "{text}");
                assert_eq!(written.to_query(), format!("{text}&theme=dark"));
            } else {
                assert_eq!(by, None, "{text} with {}'s new game", game.name());
            }
        }
    }
}

#[test]
fn an_address_may_name_the_seats_and_give_their_colours() {
    let spec = EmbedSpec::parse(
        "archery?seats=human,easy&names=Ada%20L.,Mr%20%26%20Mrs%2C%20Jr&colours=purple,green",
    )
    .unwrap();
    let record = spec.record().unwrap();
    let names: Vec<&str> = record.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(
        names,
        ["Ada L.", "Mr & Mrs, Jr"],
        "names are percent-decoded"
    );
    let colours: Vec<Option<&str>> = record.players.iter().map(|p| p.colour.as_deref()).collect();
    assert_eq!(colours, [Some("purple"), Some("green")]);
    assert_eq!(
        record.players[1].kind,
        PlayerKind::Computer,
        "the seats are kept"
    );
    // The game's own embed writes them back the same way, and they read back the same.
    let written = EmbedSpec::of_record(&record, None).unwrap();
    assert_eq!(written, spec);
    assert_eq!(
        written.to_query(),
        "archery?seats=human,easy&names=Ada%20L.,Mr%20%26%20Mrs%2C%20Jr&colours=purple,green"
    );
    // A game with the app's own names and colours writes neither, wherever its seats are.
    let plain = EmbedSpec::parse("quoits?seats=human,computer").unwrap();
    let query = EmbedSpec::of_record(&plain.record().unwrap(), None)
        .unwrap()
        .to_query();
    assert_eq!(query, "quoits?seats=human,computer");
    let mut swapped = EmbedSpec::parse("morris?seats=hard,human")
        .unwrap()
        .record()
        .unwrap();
    swapped.players[1].name = "Player 1".into();
    assert_eq!(
        EmbedSpec::of_record(&swapped, None).unwrap().to_query(),
        "morris?preset=morelles&seats=hard,human"
    );
    swapped.players[0].name = "Hard computer 2".into();
    assert!(EmbedSpec::of_record(&swapped, None)
        .unwrap()
        .names
        .is_empty());
    swapped.players[0].name = "Hard computerX".into();
    assert_eq!(
        EmbedSpec::of_record(&swapped, None).unwrap().names,
        ["Hard computerX", ""],
        "a seat with the app's own name is left empty"
    );
    // Names from other alphabets go through.
    let greek = EmbedSpec::parse(
        "morris?names=%CE%91%CE%BB%CE%BA%CE%B9%CE%B2%CE%B9%CE%AC%CE%B4%CE%B7%CF%82,Bob",
    )
    .unwrap();
    assert_eq!(greek.record().unwrap().players[0].name, "Αλκιβιάδης");
    assert_eq!(
        parlour::session::embed::encode_name("Αλκιβιάδης"),
        "%CE%91%CE%BB%CE%BA%CE%B9%CE%B2%CE%B9%CE%AC%CE%B4%CE%B7%CF%82"
    );
}

#[test]
fn bad_names_and_colours_say_what_is_wrong() {
    let long = "x".repeat(41);
    for (text, why) in [
        (
            "morris?names=Ada",
            "1 name for 2 seats (names are separated by commas; a comma in a name is written %2C)",
        ),
        (
            "archery?seats=human&names=Ada,Bob",
            "2 names for 1 seat (names are separated by commas; a comma in a name is written %2C)",
        ),
        ("archery?colours=blue", "1 colour for 2 seats"),
        ("morris?names=Ada,%E2%28", "the name \"%E2%28\" is not written right"),
        ("morris?names=Ada,%4", "the name \"%4\" is not written right"),
        (
            &format!("morris?names=Ada,{long}"),
            // Quoted cut short at 40 characters.
            "the name \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…\" is 41 characters long; a name may have at most 40",
        ),
        ("morris?colours=blue,green", "Morris has no colours to choose"),
        ("quoits?colours=blue,red", "unknown colour \"red\" (blue, natural, green, purple)"),
        ("quoits?colours=blue,blue", "two seats are given blue"),
        ("archery?seats=human,human,human&colours=blue,green", "2 colours for 3 seats"),
    ] {
        assert_eq!(EmbedSpec::parse(text).map(|_| ()), Err(why.to_string()), "{text}");
    }
}

#[test]
fn every_word_from_an_address_is_quoted_cut_short() {
    let long = "y".repeat(300);
    let cut = format!("\"{}…\"", "y".repeat(40));
    for address in [
        (format!("morris?seats=human,{long}")),
        (format!("morris?theme={long}")),
        (format!("{long}?seats=human,human")),
        (format!("morris?save={long}!")),
        (format!("morris?{long}=1")),
        (format!("morris?variant={long}")),
        (format!("dominoes?preset={long}")),
        (format!("quoits?colours=blue,{long}")),
        (format!("quoits?one_pitch={long}")),
    ] {
        let refused = match EmbedSpec::parse(&address) {
            Err(why) => why,
            Ok(spec) => spec.record().map(|_| ()).unwrap_err(),
        };
        assert!(
            refused.contains(&cut) && refused.len() < 200,
            "{}: {refused}",
            &address[..20]
        );
    }
}

#[test]
fn names_from_an_address_are_trimmed_and_told_apart() {
    let record = EmbedSpec::parse("morris?names=%20Ada%20,Ada")
        .unwrap()
        .record()
        .unwrap();
    let names: Vec<&str> = record.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["Ada 1", "Ada 2"]);
}

#[test]
fn a_seat_named_by_the_app_is_left_empty_and_follows_its_level() {
    // Ada against the computer at Easy: the embed writes her name and leaves the computer's
    // empty, so that a curator who changes its level in the address does not keep "Easy
    // computer" on a Hard one.
    let easy = EmbedSpec::parse("morris?seats=human,easy&names=Ada,")
        .unwrap()
        .record()
        .unwrap();
    let names: Vec<&str> = easy.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["Ada", "Easy computer"]);
    let written = EmbedSpec::of_record(&easy, None).unwrap().to_query();
    assert_eq!(
        written,
        "morris?preset=morelles&seats=human,easy&names=Ada,"
    );
    let hard = EmbedSpec::parse(&written.replace("easy", "hard"))
        .unwrap()
        .record()
        .unwrap();
    assert_eq!(hard.players[1].name, "Hard computer");
    // A blank name is the app's too; names that meet are still told apart.
    let blank = EmbedSpec::parse("morris?seats=human,human&names=%20,Player%201")
        .unwrap()
        .record()
        .unwrap();
    let names: Vec<&str> = blank.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["Player 1 1", "Player 1 2"]);
}
