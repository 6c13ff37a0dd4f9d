//! `parlour`: the native command-line tool over Parlour's rules (no web code).
//!
//! - `parlour replay FILE` (or `-` for standard input): replays a record and prints one JSON
//!   object with the state after its last move.
//! - `parlour perft DEPTH [--variant morrice|morelles] [--record FILE]`: counts the move
//!   sequences of DEPTH whole turns from the start, or from the position after FILE.

use std::io::Read;
use std::process::ExitCode;

use parlour::record::Record;
use parlour::rules::morris::{self, Options, Position, Variant};
use parlour::session::morris::MorrisPlay;

const USAGE: &str = "usage:
  parlour replay FILE|-
  parlour perft DEPTH [--variant morrice|morelles] [--record FILE]";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("replay") => replay(&args[1..]),
        Some("perft") => perft(&args[1..]),
        Some("help" | "--help" | "-h") => {
            println!("{USAGE}");
            Ok(())
        }
        _ => Err(USAGE.to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("{message}");
            ExitCode::FAILURE
        }
    }
}

fn read_file(path: &str) -> Result<String, String> {
    if path == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        Ok(text)
    } else {
        std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))
    }
}

fn replay(args: &[String]) -> Result<(), String> {
    let [path] = args else {
        return Err(USAGE.to_string());
    };
    let record = Record::from_json(&read_file(path)?).map_err(|e| e.to_string())?;
    let report = record.replay_report().map_err(|e| e.to_string())?;
    println!("{report}");
    Ok(())
}

fn perft(args: &[String]) -> Result<(), String> {
    let mut depth = None;
    let mut variant = Variant::Morelles;
    let mut record_path = None;
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--variant" => {
                let name = rest.next().ok_or(USAGE)?;
                variant = Variant::from_name(name)
                    .ok_or_else(|| format!("unknown Morris variant \"{name}\""))?;
            }
            "--record" => record_path = Some(rest.next().ok_or(USAGE)?.clone()),
            number => {
                depth = Some(
                    number
                        .parse::<u32>()
                        .map_err(|_| format!("\"{number}\" is not a depth\n{USAGE}"))?,
                )
            }
        }
    }
    let depth = depth.ok_or(USAGE)?;
    let position = match record_path {
        None => Position::new(variant, Options::default()),
        Some(path) => {
            let record = Record::from_json(&read_file(&path)?).map_err(|e| e.to_string())?;
            let play = MorrisPlay::open(&record, &[]).map_err(|e| e.to_string())?;
            play.position().clone()
        }
    };
    println!("{}", morris::perft(&position, depth));
    Ok(())
}
