//! Golden records: every `tests/golden/<game>/<name>.record.json` is replayed and its report
//! (what `parlour replay` prints) must equal `<name>.expected.json` beside it. A new game joins by
//! adding its folder; nothing here names a game.
//!
//! How the files were made and checked is written in each folder's README.md.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use parlour::record::Record;
use parlour::rules::morris::Variant;
use serde_json::Value;

const RECORD: &str = ".record.json";
const EXPECTED: &str = ".expected.json";

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("golden")
}

/// Every file of every game folder, sorted.
fn golden_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    let games = fs::read_dir(golden_dir()).expect("tests/golden exists");
    for game in games {
        let game = game.unwrap().path();
        if game.is_dir() {
            for file in fs::read_dir(&game).unwrap() {
                files.push(file.unwrap().path());
            }
        }
    }
    files.sort();
    files
}

/// Each record with the report expected of it.
fn golden_cases() -> Vec<(PathBuf, PathBuf)> {
    golden_files()
        .into_iter()
        .filter_map(|path| {
            let name = path.file_name()?.to_str()?;
            let stem = name.strip_suffix(RECORD)?;
            Some((
                path.clone(),
                path.with_file_name(format!("{stem}{EXPECTED}")),
            ))
        })
        .collect()
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

fn read_json(path: &Path) -> Value {
    serde_json::from_str(&read(path))
        .unwrap_or_else(|e| panic!("{} is not JSON: {e}", path.display()))
}

fn short(path: &Path) -> String {
    path.strip_prefix(golden_dir())
        .unwrap_or(path)
        .display()
        .to_string()
}

#[test]
fn golden_records_replay_to_their_expected_reports() {
    let cases = golden_cases();
    assert!(
        !cases.is_empty(),
        "golden: no *.record.json under tests/golden/<game>/"
    );
    let mut failures = Vec::new();
    for (record_path, expected_path) in &cases {
        let name = short(record_path);
        let record = match Record::from_json(&read(record_path)) {
            Ok(record) => record,
            Err(e) => {
                failures.push(format!("{name}: the record does not read: {e}"));
                continue;
            }
        };
        let folder = record_path.parent().and_then(Path::file_name).unwrap();
        if folder.to_str() != Some(record.game.as_str()) {
            failures.push(format!(
                "{name}: a record of {} in the wrong folder",
                record.game
            ));
        }
        let report = match record.replay_report() {
            Ok(report) => report,
            Err(e) => {
                failures.push(format!("{name}: does not replay: {e}"));
                continue;
            }
        };
        let expected = read_json(expected_path);
        if report != expected {
            failures.push(format!(
                "{name}: the replay differs from {}\n  replay:   {report}\n  expected: {expected}",
                short(expected_path)
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "golden records:\n{}",
        failures.join("\n")
    );
}

#[test]
fn golden_files_come_in_pairs() {
    let files = golden_files();
    for path in &files {
        let name = path.file_name().unwrap().to_str().unwrap();
        if let Some(stem) = name.strip_suffix(RECORD) {
            let expected = path.with_file_name(format!("{stem}{EXPECTED}"));
            assert!(
                expected.exists(),
                "golden: {} has no {stem}{EXPECTED}",
                short(path)
            );
        } else if let Some(stem) = name.strip_suffix(EXPECTED) {
            let record = path.with_file_name(format!("{stem}{RECORD}"));
            assert!(
                record.exists(),
                "golden: {} has no {stem}{RECORD}",
                short(path)
            );
        } else {
            assert!(
                name.ends_with(".md"),
                "golden: {} is neither a record, an expected report nor notes",
                short(path)
            );
        }
    }
}

#[test]
fn golden_records_round_trip_through_json() {
    for (record_path, _) in golden_cases() {
        let record = Record::from_json(&read(&record_path)).unwrap();
        for text in [record.to_json(), record.to_json_pretty()] {
            let again = Record::from_json(&text).unwrap_or_else(|e| {
                panic!(
                    "{}: the written record does not read back: {e}",
                    short(&record_path)
                )
            });
            assert_eq!(
                again,
                record,
                "{}: the record changes on a round trip",
                short(&record_path)
            );
        }
    }
}

#[test]
fn golden_reports_cover_every_way_a_game_of_morris_ends() {
    // Each Morris report as (variant, reason), the reason `None` for a game in progress.
    let mut reports: Vec<(String, Option<String>)> = Vec::new();
    for (record_path, expected_path) in golden_cases() {
        if !short(&record_path).starts_with("morris") {
            continue;
        }
        let report = read_json(&expected_path);
        let variant = report["variant"].as_str().unwrap_or_default().to_string();
        reports.push((variant, report["reason"].as_str().map(str::to_string)));
    }
    let ends = |variant: Option<&str>, reason: &str| {
        reports
            .iter()
            .filter(|(v, r)| variant.is_none_or(|name| v == name) && r.as_deref() == Some(reason))
            .count()
    };
    for reason in [
        "two men left",
        "no legal move",
        "threefold repetition",
        "50 moves without a mill",
        "resigned",
        "agreed",
        "three in a row",
        "board full",
    ] {
        assert!(
            ends(None, reason) > 0,
            "golden: no Morris record ends by {reason:?}"
        );
    }
    for (variant, reason, at_least) in [
        ("three-mens", "three in a row", 2),
        ("twelve-mens", "board full", 1),
        ("six-mens", "two men left", 1),
    ] {
        assert!(
            ends(Some(variant), reason) >= at_least,
            "golden: fewer than {at_least} {variant} records end by {reason:?}"
        );
    }
    for variant in Variant::ALL {
        assert!(
            reports
                .iter()
                .any(|(v, r)| v == variant.name() && r.is_none()),
            "golden: no {} game in progress",
            variant.name()
        );
    }
    assert!(
        reports.iter().filter(|(_, r)| r.is_none()).count() >= 3,
        "golden: games in progress (placing, moving, flying)"
    );
}

// ---------------------------------------------------------------------------------------------
// The native tool

fn parlour(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_parlour"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the parlour tool starts");
    let input = stdin.unwrap_or_default().to_string();
    let mut pipe = child.stdin.take().unwrap();
    pipe.write_all(input.as_bytes()).unwrap();
    drop(pipe);
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn morris_golden(name: &str) -> PathBuf {
    golden_dir().join("morris").join(format!("{name}{RECORD}"))
}

#[test]
fn native_tool_replays_a_golden_record() {
    let record = morris_golden("morrice-moving");
    let expected = read_json(&record.with_file_name(format!("morrice-moving{EXPECTED}")));
    let by_file = parlour(&["replay", record.to_str().unwrap()], None);
    assert!(
        by_file.status.success(),
        "replay FILE: {}",
        text(&by_file.stderr)
    );
    let printed: Value = serde_json::from_slice(&by_file.stdout).expect("replay prints JSON");
    assert_eq!(printed, expected, "replay FILE prints the expected report");
    assert_eq!(
        text(&by_file.stdout).trim(),
        read(&record.with_file_name(format!("morrice-moving{EXPECTED}"))).trim(),
        "replay prints the report exactly as the expected file holds it"
    );

    let by_stdin = parlour(&["replay", "-"], Some(&read(&record)));
    assert!(
        by_stdin.status.success(),
        "replay -: {}",
        text(&by_stdin.stderr)
    );
    assert_eq!(
        by_stdin.stdout, by_file.stdout,
        "replay - reads the record from stdin"
    );
}

#[test]
fn native_tool_rejects_a_broken_record() {
    // The moving game of the golden folder, with a 23rd move that jumps along the a-file.
    let mut record = Record::from_json(&read(&morris_golden("morrice-moving"))).unwrap();
    assert_eq!(record.moves.len(), 22);
    record.moves.push("a1-a7".to_string());
    let output = parlour(&["replay", "-"], Some(&record.to_json()));
    assert_eq!(
        output.status.code(),
        Some(1),
        "a broken record exits with status 1"
    );
    assert!(
        output.stdout.is_empty(),
        "nothing is printed on stdout for a broken record"
    );
    assert_eq!(
        text(&output.stderr),
        "move 23 \"a1-a7\": a1 and a7 are not neighbours (men never fly in Morrice)\n",
        "the message names the move's number, its text and why"
    );

    let output = parlour(&["replay", "-"], Some("{\"moves\": [\"d6\"}"));
    assert_eq!(
        output.status.code(),
        Some(1),
        "text that is not JSON exits with status 1"
    );
    assert!(
        text(&output.stderr).starts_with("this is not a Parlour record: not JSON"),
        "not JSON: {}",
        text(&output.stderr)
    );

    let output = parlour(&["replay", "/nonexistent/parlour.json"], None);
    assert_eq!(
        output.status.code(),
        Some(1),
        "a missing file exits with status 1"
    );
    assert!(text(&output.stderr).starts_with("cannot read /nonexistent/parlour.json"));

    let output = parlour(&[], None);
    assert_eq!(
        output.status.code(),
        Some(1),
        "no command exits with status 1"
    );
    assert!(
        text(&output.stderr).starts_with("usage:"),
        "no command prints the usage"
    );
}

#[test]
fn native_tool_counts_perft() {
    let output = parlour(&["perft", "3"], None);
    assert!(output.status.success(), "perft 3: {}", text(&output.stderr));
    assert_eq!(text(&output.stdout), "12144\n", "perft 3 from the start");

    // From the golden moving game: the same position as the perft tests' midgame.
    let record = morris_golden("morrice-moving");
    let output = parlour(
        &[
            "perft",
            "3",
            "--variant",
            "morrice",
            "--record",
            record.to_str().unwrap(),
        ],
        None,
    );
    assert!(
        output.status.success(),
        "perft --record: {}",
        text(&output.stderr)
    );
    assert_eq!(
        text(&output.stdout),
        "1622\n",
        "perft 3 after the golden moving game"
    );

    // The other boards by name.
    for (variant, count) in [
        ("six-mens", "43680"),
        ("twelve-mens", "255024"),
        ("three-mens", "3024"),
    ] {
        let output = parlour(&["perft", "4", "--variant", variant], None);
        assert!(output.status.success(), "perft 4 --variant {variant}");
        assert_eq!(
            text(&output.stdout).trim(),
            count,
            "perft 4 from the start of {variant}"
        );
    }

    let output = parlour(&["perft", "three"], None);
    assert_eq!(output.status.code(), Some(1));
    assert!(text(&output.stderr).starts_with("\"three\" is not a depth"));
}
