//! What one seat may know: its own hand, the table, how many bones every hand and the stock
//! hold, the scores, and what everybody has done this hand (a draw shows that a bone was drawn,
//! never which). It holds no hidden bone, so a computer player given it cannot peek.

use super::bone::Bone;
use super::line::{End, Line};
use super::scoring::{HandEnd, PointsWhy, Sides};
use super::{DominoGame, Dominoes, Event, Move, Options};
use crate::rules::{Game, Seat, Turn};

/// What a pass or a draw showed a seat lacks.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Lacking {
    /// Bit `n` set: the seat holds no bone showing `n`.
    pub suits: u16,
    /// Matador: the seat holds no matador.
    pub matadors: bool,
}

impl Lacking {
    /// The numbers the seat has shown it lacks, lowest first.
    pub fn numbers(self) -> Vec<u8> {
        (0..16u8).filter(|n| self.suits & (1 << n) != 0).collect()
    }

    /// Whether the seat has shown it holds no bone with `n`.
    pub fn lacks(self, n: u8) -> bool {
        self.suits & (1 << n) != 0
    }

    /// Whether a bone could be in a hand that shows these lacks (`is_matador` for Matador).
    pub fn allows(self, bone: Bone, is_matador: bool) -> bool {
        !(self.lacks(bone.high) || self.lacks(bone.low) || (self.matadors && is_matador))
    }
}

/// What happened this hand, as everybody at the table saw it.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum PublicEvent {
    Set {
        seat: Seat,
        bone: Bone,
    },
    Play {
        seat: Seat,
        bone: Bone,
        end: End,
        touching: u8,
    },
    /// The seat drew a bone (which, only the seat knows).
    Draw {
        seat: Seat,
    },
    Go {
        seat: Seat,
    },
    Pass {
        seat: Seat,
        points: u32,
    },
    Points {
        seat: Seat,
        points: u32,
        why: PointsWhy,
    },
}

/// What one seat may know of a game of dominoes.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Observation {
    seat: Seat,
    game: DominoGame,
    options: Options,
    players: usize,
    hand: Vec<Bone>,
    line: Line,
    hand_sizes: Vec<usize>,
    stock_size: usize,
    scores: Vec<i32>,
    pool: u32,
    hand_number: usize,
    turn: Turn,
    history: Vec<PublicEvent>,
    legal: Vec<Move>,
    lacking: Vec<Lacking>,
    claim_due: Option<u32>,
    unclaimed: Option<(Seat, u32)>,
    ended_hands: Vec<HandEnd>,
}

impl Observation {
    /// What `seat` may know of `game`.
    pub fn of(game: &Dominoes, seat: Seat) -> Observation {
        let players = game.players();
        let mut history = Vec::new();
        let mut lacking = vec![Lacking::default(); players];
        if let Some(hand) = game.last_hand() {
            for event in &hand.events {
                history.push(match event.clone() {
                    Event::Set { seat, bone } => PublicEvent::Set { seat, bone },
                    Event::Play {
                        seat,
                        bone,
                        end,
                        touching,
                    } => PublicEvent::Play {
                        seat,
                        bone,
                        end,
                        touching,
                    },
                    Event::Draw {
                        seat, lacking: l, ..
                    } => {
                        // The drawn bones that did not play lack what the ends showed; what the
                        // seat lacked before may be among them.
                        lacking[seat.index()] = l;
                        PublicEvent::Draw { seat }
                    }
                    Event::Go { seat, lacking: l } => {
                        let known = &mut lacking[seat.index()];
                        known.suits |= l.suits;
                        known.matadors |= l.matadors;
                        PublicEvent::Go { seat }
                    }
                    Event::Pass { seat, points } => PublicEvent::Pass { seat, points },
                    Event::Points { seat, points, why } => {
                        PublicEvent::Points { seat, points, why }
                    }
                });
            }
        }
        let to_move = game.turn() == Turn::Seat(seat);
        Observation {
            seat,
            game: game.game(),
            options: game.options(),
            players,
            hand: game.hand(seat).to_vec(),
            line: game.line().clone(),
            hand_sizes: (0..players as u8)
                .map(|s| game.hand(Seat(s)).len())
                .collect(),
            stock_size: game.stock().len(),
            scores: game.scores(),
            pool: game.pool(),
            hand_number: game.hand_number(),
            turn: game.turn(),
            history,
            legal: game.moves_of(seat),
            lacking,
            // The open count is the table's to see; only its maker may claim it.
            claim_due: game.claim_due(seat),
            unclaimed: if to_move { game.unclaimed() } else { None },
            ended_hands: game
                .hands_log()
                .iter()
                .filter_map(|h| h.end.clone())
                .collect(),
        }
    }

    /// The seat that observes.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// Which game is played.
    pub fn game(&self) -> DominoGame {
        self.game
    }

    /// The options in force.
    pub fn options(&self) -> Options {
        self.options
    }

    /// How many play.
    pub fn players(&self) -> usize {
        self.players
    }

    /// Who plays together.
    pub fn sides(&self) -> Sides {
        Sides {
            players: self.players,
            partners: self.options.partners,
        }
    }

    /// The observer's own hand.
    pub fn hand(&self) -> &[Bone] {
        &self.hand
    }

    /// The table.
    pub fn line(&self) -> &Line {
        &self.line
    }

    /// How many bones each seat holds.
    pub fn hand_sizes(&self) -> &[usize] {
        &self.hand_sizes
    }

    /// How many bones are in the stock (or left out, in games without drawing).
    pub fn stock_size(&self) -> usize {
        self.stock_size
    }

    /// Game points per seat (partners show their side's).
    pub fn scores(&self) -> &[i32] {
        &self.scores
    }

    /// Domino Pool: the counters in the pool.
    pub fn pool(&self) -> u32 {
        self.pool
    }

    /// The hand in play, counted from 1.
    pub fn hand_number(&self) -> usize {
        self.hand_number
    }

    /// Whose turn it is.
    pub fn turn(&self) -> Turn {
        self.turn
    }

    /// What everybody saw this hand, in order.
    pub fn history(&self) -> &[PublicEvent] {
        &self.history
    }

    /// The moves the observer may make now: its turn's, or the claim of the count its play
    /// just made while the next player is to move; empty otherwise.
    pub fn legal_moves(&self) -> &[Move] {
        &self.legal
    }

    /// What a seat has shown it lacks this hand, by going or drawing when it could not play.
    pub fn lacking(&self, seat: Seat) -> Lacking {
        self.lacking[seat.index()]
    }

    /// With muggins: the count the observer's own play just made, which it may still claim.
    pub fn claim_due(&self) -> Option<u32> {
        self.claim_due
    }

    /// With muggins: a count the previous player did not claim, which the observer may take.
    pub fn unclaimed(&self) -> Option<(Seat, u32)> {
        self.unclaimed
    }

    /// How every finished hand was scored (hands are shown at the end of a hand).
    pub fn ended_hands(&self) -> &[HandEnd] {
        &self.ended_hands
    }

    /// Every bone the observer cannot see: neither in its hand nor on the table.
    pub fn unseen(&self) -> Vec<Bone> {
        let seen: Vec<Bone> = self.hand.iter().copied().chain(self.line.bones()).collect();
        self.options
            .set
            .bones()
            .into_iter()
            .filter(|b| !seen.contains(b))
            .collect()
    }
}
