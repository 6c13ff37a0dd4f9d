//! `parlour engine`: a scripted session in the line protocol of mill engines, against the real
//! binary. Every reply's shape is checked: the `uci` handshake with its option lines, `readyok`,
//! `info` lines, and `bestmove` as a legal move in the protocol's notation (a placement `a1`, a
//! step `a1-a4`, a removal `xg7` as its own move).

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use parlour::rules::morris::{Move, Options, Point, Position, Side, Variant};

/// Long enough for a slow machine; a reply that takes longer is a failure.
const PATIENCE: Duration = Duration::from_secs(30);

struct Engine {
    child: Child,
    input: ChildStdin,
    output: Receiver<String>,
    transcript: Vec<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_parlour"))
            .arg("engine")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the parlour binary starts");
        let input = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (send, output) = channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            input,
            output,
            transcript: Vec::new(),
        }
    }

    fn send(&mut self, line: &str) {
        self.transcript.push(format!("> {line}"));
        writeln!(self.input, "{line}").expect("the engine reads its input");
        self.input.flush().expect("flush");
    }

    /// The lines up to and including the first one that `last` accepts.
    fn read_until(&mut self, last: impl Fn(&str) -> bool, within: Duration) -> Vec<String> {
        let deadline = Instant::now() + within;
        let mut lines = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.output.recv_timeout(left) {
                Ok(line) => {
                    self.transcript.push(format!("< {line}"));
                    let done = last(&line);
                    lines.push(line);
                    if done {
                        return lines;
                    }
                }
                Err(RecvTimeoutError::Timeout) => panic!(
                    "no awaited reply within {within:?}; transcript:\n{}",
                    self.transcript.join("\n")
                ),
                Err(RecvTimeoutError::Disconnected) => panic!(
                    "the engine closed its output; transcript:\n{}",
                    self.transcript.join("\n")
                ),
            }
        }
    }

    /// Sends `go ...` and returns the info lines and the move of `bestmove`, checking the shape
    /// of every line.
    fn go(&mut self, command: &str) -> (Vec<Info>, String) {
        self.send(command);
        let lines = self.read_until(|l| l.starts_with("bestmove"), PATIENCE);
        let (last, infos) = lines.split_last().expect("a bestmove line");
        let infos = infos
            .iter()
            .filter(|l| !l.starts_with("info string"))
            .map(|l| Info::parse(l).unwrap_or_else(|why| panic!("bad info line \"{l}\": {why}")))
            .collect();
        let words: Vec<&str> = last.split_whitespace().collect();
        assert_eq!(words.len(), 2, "bestmove line \"{last}\" has one move");
        (infos, words[1].to_string())
    }

    fn quit(mut self) {
        self.send("quit");
        let deadline = Instant::now() + PATIENCE;
        loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                assert!(status.success(), "quit exits with {status}");
                return;
            }
            assert!(Instant::now() < deadline, "the engine did not quit");
            thread::sleep(Duration::from_millis(20));
        }
    }
}

/// An `info depth D score cp S nodes N time T pv ...` line.
#[derive(Debug)]
struct Info {
    depth: u32,
    pv: Vec<String>,
}

impl Info {
    fn parse(line: &str) -> Result<Info, String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let expect = |at: usize, word: &str| -> Result<(), String> {
            (words.get(at) == Some(&word))
                .then_some(())
                .ok_or(format!("\"{word}\" expected at word {at}"))
        };
        let number = |at: usize| -> Result<i64, String> {
            words
                .get(at)
                .and_then(|w| w.parse::<i64>().ok())
                .ok_or(format!("a number expected at word {at}"))
        };
        expect(0, "info")?;
        expect(1, "depth")?;
        let depth = number(2)?;
        expect(3, "score")?;
        expect(4, "cp")?;
        number(5)?;
        expect(6, "nodes")?;
        let nodes = number(7)?;
        expect(8, "time")?;
        let time = number(9)?;
        expect(10, "pv")?;
        if depth < 1 || nodes < 1 || time < 0 {
            return Err("depth and nodes are positive, time is not negative".into());
        }
        let pv: Vec<String> = words[11..].iter().map(|w| w.to_string()).collect();
        if pv.is_empty() {
            return Err("the pv is empty".into());
        }
        for token in &pv {
            if !is_token(token) {
                return Err(format!("\"{token}\" is not a move of the protocol"));
            }
        }
        Ok(Info {
            depth: depth as u32,
            pv,
        })
    }
}

/// Whether `token` is written as the protocol writes moves: `a1`, `a1-a4` or `xa1`.
fn is_token(token: &str) -> bool {
    let point = |s: &str| s.parse::<Point>().is_ok() && s.len() == 2;
    if let Some(p) = token.strip_prefix('x') {
        return point(p);
    }
    match token.split_once('-') {
        Some((a, b)) => point(a) && point(b),
        None => point(token),
    }
}

/// The game after protocol tokens, replayed through the rules (a removal joins the step before
/// it), and the step still waiting for its removals, if any.
fn replay(variant: Variant, options: Options, tokens: &[String]) -> (Position, Option<Move>) {
    let mut position = Position::new(variant, options);
    let mut pending: Option<Move> = None;
    for token in tokens {
        if let Some(point) = token.strip_prefix('x') {
            let step = pending.expect("a removal follows a mill");
            let removals = step
                .removals()
                .with(point.parse().expect("a point after x"));
            let full = step.with_removals(removals);
            if position.check(full).is_ok() {
                position.play(full).expect("checked");
                pending = None;
            } else {
                pending = Some(full);
            }
        } else {
            assert!(pending.is_none(), "{token} came before the removal");
            let step: Move = token.parse().expect("a step");
            if position.check(step).is_ok() {
                position.play(step).expect("checked");
            } else {
                pending = Some(step);
            }
        }
    }
    (position, pending)
}

/// Whether `token` may come next after `tokens` (a legal step, or a legal removal when one is
/// due).
fn legal_next(variant: Variant, options: Options, tokens: &[String], token: &str) -> bool {
    let (position, pending) = replay(variant, options, tokens);
    let legal = position.legal_moves();
    match pending {
        Some(step) => {
            let Some(point) = token.strip_prefix('x') else {
                return false;
            };
            let point: Point = point.parse().expect("point");
            let given: Vec<Point> = step.removals().iter().chain([point]).collect();
            legal.iter().any(|m| {
                m.from() == step.from()
                    && m.to() == step.to()
                    && given.iter().all(|p| m.removals().iter().any(|r| r == *p))
            })
        }
        None => {
            let step: Move = match token.parse() {
                Ok(m) => m,
                Err(_) => return false,
            };
            legal
                .iter()
                .any(|m| m.from() == step.from() && m.to() == step.to())
        }
    }
}

fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_string).collect()
}

#[test]
fn handshake_lists_the_options() {
    let mut engine = Engine::start();
    engine.send("uci");
    let lines = engine.read_until(|l| l == "uciok", PATIENCE);
    assert!(lines[0].starts_with("id name Parlour"), "{lines:?}");
    assert!(
        lines.iter().any(|l| l.starts_with("id author ")),
        "{lines:?}"
    );
    for name in [
        "Variant",
        "TwoRemovals",
        "RepetitionDraw",
        "FiftyMoveDraw",
        "Hash",
    ] {
        let line = lines
            .iter()
            .find(|l| l.starts_with(&format!("option name {name} type ")))
            .unwrap_or_else(|| panic!("no option line for {name}: {lines:?}"));
        assert!(line.contains(" default "), "{line}");
    }
    let variant = lines
        .iter()
        .find(|l| l.starts_with("option name Variant"))
        .expect("variant");
    for v in Variant::ALL {
        assert!(variant.contains(&format!("var {}", v.name())), "{variant}");
    }
    assert!(variant.contains("default morelles"));
    engine.send("isready");
    engine.read_until(|l| l == "readyok", PATIENCE);
    engine.quit();
}

#[test]
fn a_scripted_game_gets_legal_answers() {
    let mut engine = Engine::start();
    engine.send("uci");
    engine.read_until(|l| l == "uciok", PATIENCE);
    engine.send("setoption name Variant value morrice");
    engine.send("ucinewgame");
    engine.send("isready");
    engine.read_until(|l| l == "readyok", PATIENCE);

    // White closes the top row with g7 and takes b2: the removal is its own move.
    let mut moves = words("a7 a1 d7 b2 g7 xb2 d6");
    let options = Options::default();
    let (position, pending) = replay(Variant::Morrice, options, &moves);
    assert!(pending.is_none() && position.in_hand(Side::White) == 6);
    for round in 0..6 {
        engine.send(&format!("position startpos moves {}", moves.join(" ")));
        let (infos, best) = engine.go("go depth 3");
        let depths: Vec<u32> = infos.iter().map(|i| i.depth).collect();
        assert_eq!(depths, [1, 2, 3], "one info line per iteration");
        assert!(
            legal_next(Variant::Morrice, options, &moves, &best),
            "round {round}: bestmove {best} is not legal after {moves:?}"
        );
        for info in &infos {
            assert!(
                legal_next(Variant::Morrice, options, &moves, &info.pv[0]),
                "pv {:?} does not start with a legal move",
                info.pv
            );
        }
        moves.push(best);
        // When that step made a mill, the engine is asked again for the removal.
        while replay(Variant::Morrice, options, &moves).1.is_some() {
            engine.send(&format!("position startpos moves {}", moves.join(" ")));
            let (_, removal) = engine.go("go depth 2");
            assert!(removal.starts_with('x'), "a removal is due, got {removal}");
            assert!(legal_next(Variant::Morrice, options, &moves, &removal));
            moves.push(removal);
        }
    }
    engine.quit();
}

#[test]
fn a_mill_awaiting_its_removal_is_answered_with_the_removal() {
    let mut engine = Engine::start();
    // Morelles (the default): White's g7 closes the top row; Black's a1 and b2 are free.
    engine.send("position startpos moves a7 a1 d7 b2 g7");
    let (infos, best) = engine.go("go depth 2");
    assert!(best == "xa1" || best == "xb2", "bestmove {best}");
    assert!(infos.iter().all(|i| i.pv[0].starts_with('x')), "{infos:?}");

    // With two removals, a double mill asks for two, one at a time.
    engine.send("setoption name TwoRemovals value true");
    let options = Options {
        two_removals: true,
        ..Options::default()
    };
    let mut moves = words("a7 a1 g7 g1 d6 c3 d5 e3 d7");
    engine.send(&format!("position startpos moves {}", moves.join(" ")));
    let (_, first) = engine.go("go depth 2");
    assert!(first.starts_with('x'), "{first}");
    assert!(legal_next(Variant::Morelles, options, &moves, &first));
    moves.push(first.clone());
    engine.send(&format!("position startpos moves {}", moves.join(" ")));
    let (_, second) = engine.go("go depth 2");
    assert!(second.starts_with('x') && second != first, "{second}");
    assert!(legal_next(Variant::Morelles, options, &moves, &second));
    moves.push(second);
    let (position, pending) = replay(Variant::Morelles, options, &moves);
    assert!(pending.is_none());
    assert_eq!(position.on_board(Side::Black), 2);
    engine.send(&format!("position startpos moves {}", moves.join(" ")));
    let (_, reply) = engine.go("go depth 2");
    assert!(!reply.starts_with('x'), "Black's own move, got {reply}");
    assert!(legal_next(Variant::Morelles, options, &moves, &reply));
    // The removals may be given in either order: g1 first, then the engine names the second.
    engine.send("position startpos moves a7 a1 g7 g1 d6 c3 d5 e3 d7 xg1");
    let (_, second) = engine.go("go depth 2");
    assert!(
        ["xa1", "xc3", "xe3"].contains(&second.as_str()),
        "a second removal after xg1, got {second}"
    );
    engine.quit();
}

#[test]
fn every_variant_can_be_chosen_and_played() {
    let mut engine = Engine::start();
    for variant in Variant::ALL {
        engine.send(&format!("setoption name Variant value {}", variant.name()));
        engine.send("position startpos");
        let (_, best) = engine.go("go depth 2");
        assert!(
            legal_next(variant, Options::default(), &[], &best),
            "{variant:?}: {best}"
        );
        let (_, timed) = engine.go("go movetime 50");
        assert!(legal_next(variant, Options::default(), &[], &timed));
    }
    engine.quit();
}

#[test]
fn garbage_is_answered_with_info_string_and_the_engine_carries_on() {
    let mut engine = Engine::start();
    for garbage in [
        "flibbertigibbet",
        "setoption name Variant value nine-and-a-half",
        "setoption name TwoRemovals value perhaps",
        "setoption name Colour value blue",
        "position startpos moves a1 a1",
        "position startpos moves xa1",
        "position startpos moves a7 a1 d7 b2 g7 d6",
        "position startpos moves a7 a1 d7 b2 g7 xg7",
        "position fen whatever",
        "go depth zero",
    ] {
        engine.send(garbage);
        let lines = engine.read_until(|l| l.starts_with("info string"), PATIENCE);
        assert_eq!(lines.len(), 1, "{garbage}: {lines:?}");
        if garbage.starts_with("go") {
            engine.read_until(|l| l.starts_with("bestmove"), PATIENCE);
        }
    }
    // The bad move list stopped before its bad move: the position is the one before it.
    engine.send("position startpos moves a7 a1 d7 b2 g7 xg7");
    engine.read_until(|l| l.starts_with("info string"), PATIENCE);
    let (_, best) = engine.go("go depth 1");
    assert!(best.starts_with('x'), "the removal is still due: {best}");
    engine.send("isready");
    engine.read_until(|l| l == "readyok", PATIENCE);
    engine.quit();
}

#[test]
fn stop_ends_a_long_search_at_once() {
    let mut engine = Engine::start();
    engine.send("position startpos moves d6 d2");
    engine.send("go movetime 10000");
    engine.read_until(|l| l.starts_with("info depth"), PATIENCE);
    thread::sleep(Duration::from_millis(200));
    let asked = Instant::now();
    engine.send("isready");
    engine.read_until(|l| l == "readyok", Duration::from_secs(5));
    engine.send("stop");
    let lines = engine.read_until(|l| l.starts_with("bestmove"), Duration::from_secs(5));
    assert!(
        asked.elapsed() < Duration::from_secs(5),
        "stop took {:?}",
        asked.elapsed()
    );
    let best = lines.last().expect("bestmove")["bestmove ".len()..].to_string();
    assert!(legal_next(
        Variant::Morelles,
        Options::default(),
        &words("d6 d2"),
        &best
    ));
    engine.quit();
}

#[test]
fn a_finished_game_has_no_best_move() {
    let mut engine = Engine::start();
    engine.send("setoption name Variant value three-mens");
    engine.send("position startpos moves a1 b1 a2 b2 a3");
    let (_, best) = engine.go("go depth 1");
    assert_eq!(best, "(none)");
    engine.quit();
}
