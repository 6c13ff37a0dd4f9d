//! The computer players' side of the Web Worker, as plain Rust: a request names the game (its
//! record), the task (a move or a hint) and the level; the answer is the move in notation.
//! The worker binary only passes JSON text in and out of this, so it is tested natively.

use serde::{Deserialize, Serialize};

use crate::ai::{self, Clock, Level};
use crate::games::GameKind;
use crate::record::{play_moves, Record};
use crate::rules::{Game, Table, Turn};

/// What the worker says once it is listening.
pub const READY: &str = "ready";

/// What the computer is asked to do.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Task {
    /// Choose a move for the seat to move, at a level.
    Move,
    /// Find the best move for the seat to move, with a verdict, for a hint.
    Hint,
}

/// A question for the worker.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Request {
    /// Echoed in the answer, so that stale answers can be told apart.
    pub id: u64,
    pub task: Task,
    /// The game so far.
    pub record: Record,
    /// The level's name in records (`"hard"`), for a move.
    #[serde(default)]
    pub level: Option<String>,
    /// Varies the computer's choice among moves of (near) equal value.
    #[serde(default)]
    pub seed: u64,
    /// How long a hint may think.
    #[serde(default)]
    pub think_ms: Option<f64>,
}

/// The worker's answer.
#[derive(Clone, PartialEq, Debug, Default, Serialize, Deserialize)]
pub struct Answer {
    pub id: u64,
    /// The move in the game's notation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub r#move: Option<String>,
    /// The engine's score, from the point of view of the seat to move.
    #[serde(default)]
    pub score: i32,
    /// How deep the search went.
    #[serde(default)]
    pub depth: u32,
    /// For a hint: the verdict in words ("winning", "even", ...).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verdict: Option<String>,
    /// For an Archery hint: each arrow that may move, with the final score to expect.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub expected: Vec<Expectation>,
    /// Why there is no move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// How long the worker took.
    #[serde(default)]
    pub ms: f64,
}

/// A move with the score its player can expect from it.
#[derive(Clone, PartialEq, Debug, Default, Serialize, Deserialize)]
pub struct Expectation {
    pub r#move: String,
    pub points: f64,
}

/// Answers a request given as JSON text, as JSON text.
pub fn answer(text: &str, clock: &dyn Clock) -> String {
    let started = clock.now_ms();
    let answer = match serde_json::from_str::<Request>(text) {
        Ok(request) => {
            let mut answer = respond(&request, clock).unwrap_or_else(|error| Answer {
                error: Some(error),
                ..Answer::default()
            });
            answer.id = request.id;
            answer
        }
        Err(e) => Answer {
            error: Some(format!("the request could not be read ({e})")),
            ..Answer::default()
        },
    };
    let answer = Answer {
        ms: clock.now_ms() - started,
        ..answer
    };
    serde_json::to_string(&answer).expect("an answer always serialises")
}

fn respond(request: &Request, clock: &dyn Clock) -> Result<Answer, String> {
    match request.record.kind().map_err(|e| e.to_string())? {
        GameKind::Morris => {
            let mut position = request.record.start_morris().map_err(|e| e.to_string())?;
            play_moves(&mut position as &mut dyn Table, &request.record.moves, 0)
                .map_err(|e| e.to_string())?;
            if position.ending().is_some() {
                return Err("the game is over".into());
            }
            match request.task {
                Task::Move => {
                    let level = request
                        .level
                        .as_deref()
                        .and_then(Level::from_name)
                        .ok_or("no computer level was given")?;
                    let choice = ai::morris::choose_move(&position, level, request.seed, clock);
                    Ok(Answer {
                        r#move: Some(choice.best.to_string()),
                        score: choice.score,
                        depth: choice.depth,
                        ..Answer::default()
                    })
                }
                Task::Hint => {
                    let hint =
                        ai::morris::hint(&position, request.think_ms.unwrap_or(800.0), clock);
                    Ok(Answer {
                        r#move: Some(hint.best.to_string()),
                        score: hint.score,
                        depth: hint.depth,
                        verdict: Some(hint.verdict.words().to_string()),
                        ..Answer::default()
                    })
                }
            }
        }
        GameKind::Archery => {
            let game = request
                .record
                .replay_as(crate::rules::archery::Archery::from_header)
                .map_err(|e| e.to_string())?;
            match game.turn() {
                Turn::Seat(_) => {}
                Turn::Chance => return Err("no arrow is to be chosen now: spin first".into()),
                Turn::Over => return Err("the game is over".into()),
            }
            let expected: Vec<Expectation> = ai::archery::expectations(&game)
                .into_iter()
                .map(|(shot, points)| Expectation {
                    r#move: shot.to_string(),
                    points,
                })
                .collect();
            let level = match request.task {
                Task::Move => request
                    .level
                    .as_deref()
                    .and_then(Level::from_name)
                    .ok_or("no computer level was given")?,
                Task::Hint => Level::Hardest,
            };
            let best =
                ai::archery::choose(&game, level, request.seed).ok_or("no arrow can move")?;
            Ok(Answer {
                r#move: Some(best.to_string()),
                expected,
                ..Answer::default()
            })
        }
        GameKind::Dominoes => dominoes(request, clock),
        GameKind::Doquin => doquin(request, clock),
        other => Err(format!("{} has no computer player", other.title())),
    }
}

/// A Dominoes request: the record is replayed in full, but the computer is given only what the
/// seat to move may see.
fn dominoes(request: &Request, clock: &dyn Clock) -> Result<Answer, String> {
    let game = request
        .record
        .replay_as(crate::rules::dominoes::Dominoes::from_header)
        .map_err(|e| e.to_string())?;
    let seat = match game.turn() {
        Turn::Seat(seat) => seat,
        Turn::Chance => return Err("a deal is due".into()),
        Turn::Over => return Err("the game is over".into()),
    };
    let observation = game.observe(seat);
    match request.task {
        Task::Move => {
            let level = request
                .level
                .as_deref()
                .and_then(Level::from_name)
                .ok_or("no computer level was given")?;
            let choice = ai::dominoes::choose_move(&observation, level, request.seed, clock)
                .ok_or("there is no move to make")?;
            Ok(Answer {
                r#move: Some(choice.best.to_string()),
                score: choice.value.round() as i32,
                depth: choice.worlds as u32,
                ..Answer::default()
            })
        }
        Task::Hint => {
            let hint = ai::dominoes::hint(&observation, request.think_ms.unwrap_or(800.0), clock)
                .ok_or("there is no move to make")?;
            Ok(Answer {
                r#move: Some(hint.best.to_string()),
                score: hint.value.round() as i32,
                depth: hint.worlds as u32,
                verdict: Some(hint.verdict.words().to_string()),
                ..Answer::default()
            })
        }
    }
}

/// A Doquin request: the record replayed, then a move (or, for a hint, the best move found and
/// a verdict) for the seat to move, pushes after a capture included. The score is the mover's
/// expected reward in hundredths (50: level with the leader), the depth the rounds played out.
fn doquin(request: &Request, clock: &dyn Clock) -> Result<Answer, String> {
    let game = request
        .record
        .replay_as(crate::rules::doquin::Doquin::from_header)
        .map_err(|e| e.to_string())?;
    if game.turn() == Turn::Over {
        return Err("the game is over".into());
    }
    match request.task {
        Task::Move => {
            let level = request
                .level
                .as_deref()
                .and_then(Level::from_name)
                .ok_or("no computer level was given")?;
            let choice = ai::doquin::choose_move(&game, level, request.seed, clock)
                .ok_or("there is no move to make")?;
            Ok(Answer {
                r#move: Some(choice.best.to_string()),
                score: (choice.value * 100.0).round() as i32,
                depth: choice.playouts as u32,
                ..Answer::default()
            })
        }
        Task::Hint => {
            let hint = ai::doquin::hint(&game, request.think_ms.unwrap_or(800.0), clock)
                .ok_or("there is no move to make")?;
            Ok(Answer {
                r#move: Some(hint.best.to_string()),
                score: (hint.value * 100.0).round() as i32,
                depth: hint.playouts as u32,
                verdict: Some(hint.verdict.words().to_string()),
                ..Answer::default()
            })
        }
    }
}
