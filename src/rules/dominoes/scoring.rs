//! Scoring: what a play scores during a hand (All Fives counts, Bergen headers) and how a hand
//! that has ended is scored in each game.

use std::fmt;

use super::bone::{pips, Bone};
use super::line::Line;
use super::{DominoGame, Options};
use crate::rules::Seat;

/// Domino Pool: counters each player puts into the pool at every deal.
pub const POOL_STAKE: u32 = 1;
/// Bergen: points for the set double, a double header, a triple header, and winning a hand.
pub const BERGEN_SET_DOUBLE: u32 = 2;
pub const BERGEN_DOUBLE_HEADER: u32 = 2;
pub const BERGEN_TRIPLE_HEADER: u32 = 3;
pub const BERGEN_HAND: u32 = 1;
/// All Fives counts and rounds in fives.
pub const FIVE: u32 = 5;

/// Why points were scored during play.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum PointsWhy {
    /// All Fives: the open ends added up to a multiple of five.
    Count,
    /// Bergen: the set was a double.
    SetDouble,
    /// Bergen: both ends show the same number.
    DoubleHeader,
    /// Bergen: both ends show the same number and one of them is a double.
    TripleHeader,
    /// All Fives with muggins: the player claimed the count it made.
    Claim,
    /// All Fives with muggins: the next player took a count that was not claimed.
    Muggins,
}

impl fmt::Display for PointsWhy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PointsWhy::Count => "the ends count",
            PointsWhy::SetDouble => "set double",
            PointsWhy::DoubleHeader => "double header",
            PointsWhy::TripleHeader => "triple header",
            PointsWhy::Claim => "count claimed",
            PointsWhy::Muggins => "muggins",
        })
    }
}

/// The All Fives count of the table: the sum of the open ends (a double at an end counts both
/// halves; the set alone counts all its pips; a spinner's north and south count once played to).
pub fn ends_count(line: &Line) -> u32 {
    let Some(set) = line.set() else {
        return 0;
    };
    if line.len() == 1 {
        return set.pips();
    }
    line.open_ends()
        .iter()
        .filter(|end| !(end.bare && end.end.arm() >= 2))
        .map(|end| u32::from(end.number) * if end.double { 2 } else { 1 })
        .sum()
}

/// What the last play scores in All Fives: the count when it is a multiple of five (not nothing).
pub fn all_fives_points(line: &Line) -> u32 {
    let count = ends_count(line);
    if count > 0 && count.is_multiple_of(FIVE) {
        count
    } else {
        0
    }
}

/// What the last play scores in Bergen: the set double 2, a double header 2, a triple header 3.
pub fn bergen_points(line: &Line) -> Option<(u32, PointsWhy)> {
    let set = line.set()?;
    if line.len() == 1 {
        return set
            .is_double()
            .then_some((BERGEN_SET_DOUBLE, PointsWhy::SetDouble));
    }
    let ends = line.open_ends();
    let (a, b) = (ends[0], ends[1]);
    if a.number != b.number {
        None
    } else if a.double || b.double {
        Some((BERGEN_TRIPLE_HEADER, PointsWhy::TripleHeader))
    } else {
        Some((BERGEN_DOUBLE_HEADER, PointsWhy::DoubleHeader))
    }
}

/// Rounds to the nearest five, remainders 3 and 4 rounding up.
pub fn round_to_five(n: u32) -> u32 {
    let r = n % FIVE;
    if r >= 3 {
        n + FIVE - r
    } else {
        n - r
    }
}

/// How a hand ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum HandEnding {
    /// The seat played its last bone.
    Domino(Seat),
    /// Nobody could play and nobody could draw.
    Blocked,
    /// A count during play reached the target: the hand is not scored.
    TargetReached,
}

/// How a hand was scored, shown at its end: every hand laid open, the pips, who scored what.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct HandEnd {
    pub ending: HandEnding,
    /// The bones left in each seat's hand.
    pub left: Vec<Vec<Bone>>,
    /// The pips left in each seat's hand.
    pub pips: Vec<u32>,
    /// The pips of each side (partners together; otherwise one side a seat).
    pub side_pips: Vec<u32>,
    /// The sides that won the hand (empty when a tie scores nothing).
    pub winners: Vec<usize>,
    /// The pips counted for the winner before rounding (after `difference`), if pips count.
    pub counted: Option<u32>,
    /// All Fives: the counted pips rounded to the nearest five (none when nothing is counted).
    pub rounded: Option<u32>,
    /// Points each side scored for the hand.
    pub points: Vec<u32>,
    /// Domino Pool: the counters in the pool, and what stays for the next hand.
    pub pool: Option<(u32, u32)>,
    /// The scoring in words.
    pub why: String,
}

/// Who plays together.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Sides {
    pub players: usize,
    pub partners: bool,
}

impl Sides {
    /// The side a seat plays for: seats 1+3 are side 0 and 2+4 side 1 in partnerships.
    pub fn of(self, seat: Seat) -> usize {
        if self.partners {
            seat.index() % 2
        } else {
            seat.index()
        }
    }

    /// How many sides.
    pub fn count(self) -> usize {
        if self.partners {
            2
        } else {
            self.players
        }
    }

    /// The seats of a side.
    pub fn seats(self, side: usize) -> Vec<Seat> {
        (0..self.players as u8)
            .map(Seat)
            .filter(|s| self.of(*s) == side)
            .collect()
    }

    /// A side in words: "seat 2", "seats 1 and 3".
    pub fn name(self, side: usize) -> String {
        let seats = self.seats(side);
        if seats.len() == 1 {
            seats[0].to_string()
        } else {
            let numbers: Vec<String> = seats.iter().map(|s| s.number().to_string()).collect();
            format!("seats {}", numbers.join(" and "))
        }
    }

    /// What a side does in words, the verb agreeing with it: "seat 1 scores", "seats 1 and
    /// 3 score".
    pub fn does(self, side: usize, verb: &str) -> String {
        let ending = if self.seats(side).len() == 1 { "s" } else { "" };
        format!("{} {verb}{ending}", self.name(side))
    }

    /// Several sides in words: "seat 1, seat 2 and seat 3"; partnerships keep their own "and",
    /// so the sides are told apart by a comma: "seats 1 and 3, and seats 2 and 4".
    pub fn names(self, sides: &[usize]) -> String {
        let names: Vec<String> = sides.iter().map(|s| self.name(*s)).collect();
        let last = if self.partners { ", and" } else { " and" };
        match names.len() {
            0 => String::new(),
            1 => names[0].clone(),
            n => format!("{}{last} {}", names[..n - 1].join(", "), names[n - 1]),
        }
    }
}

/// Scores a hand that has ended by domino or block. `pool` is the Domino Pool's counters.
pub fn score_hand(
    game: DominoGame,
    options: &Options,
    sides: Sides,
    left: Vec<Vec<Bone>>,
    ending: HandEnding,
    pool: u32,
) -> HandEnd {
    let seat_pips: Vec<u32> = left.iter().map(|hand| pips(hand)).collect();
    let mut side_pips = vec![0; sides.count()];
    for (i, p) in seat_pips.iter().enumerate() {
        side_pips[sides.of(Seat(i as u8))] += p;
    }
    let mut end = HandEnd {
        ending,
        left,
        pips: seat_pips,
        side_pips: side_pips.clone(),
        winners: Vec::new(),
        counted: None,
        rounded: None,
        points: vec![0; sides.count()],
        pool: None,
        why: String::new(),
    };
    let opening = match ending {
        HandEnding::Domino(seat) => {
            end.winners = vec![sides.of(seat)];
            format!("{seat} played the last bone")
        }
        HandEnding::TargetReached => {
            end.why =
                "the target was reached during play, so the end of the hand scores nothing".into();
            return end;
        }
        HandEnding::Blocked => 'ending: {
            let mut contenders: Vec<usize> = (0..sides.count()).collect();
            let mut note = String::new();
            // Among the hands without a double, where Bergen has set the others aside.
            let mut among = "";
            if game == DominoGame::Bergen {
                let without: Vec<usize> = contenders
                    .iter()
                    .copied()
                    .filter(|side| !end.left[*side].iter().any(|b| b.is_double()))
                    .collect();
                if let [alone] = without[..] {
                    // The only hand without a double wins, whatever its pips.
                    end.winners = without;
                    break 'ending format!(
                        "blocked: {} no double, and a hand without one beats hands with one",
                        sides.does(alone, "alone hold")
                    );
                }
                if !without.is_empty() && without.len() < contenders.len() {
                    note = format!(
                        "; hands without a double ({}) beat hands with one",
                        sides.names(&without)
                    );
                    among = " among them";
                    contenders = without;
                }
            }
            let lowest = contenders.iter().map(|s| side_pips[*s]).min().unwrap_or(0);
            let at_lowest: Vec<usize> = contenders
                .into_iter()
                .filter(|s| side_pips[*s] == lowest)
                .collect();
            let tie = at_lowest.len() > 1;
            if tie && game != DominoGame::Pool {
                end.why = format!(
                    "blocked{note}: {} tie for the fewest pips{among} ({lowest}), so nobody scores",
                    sides.names(&at_lowest)
                );
                return end;
            }
            let text = if tie {
                format!(
                    "blocked: {} tie for the fewest pips ({lowest})",
                    sides.names(&at_lowest)
                )
            } else {
                format!(
                    "blocked{note}: {} the fewest pips{among} ({lowest})",
                    sides.does(at_lowest[0], "hold")
                )
            };
            end.winners = at_lowest;
            text
        }
    };
    match game {
        DominoGame::Pool => {
            let share = pool / end.winners.len() as u32;
            let stays = pool - share * end.winners.len() as u32;
            for side in &end.winners {
                end.points[*side] = share;
            }
            end.pool = Some((pool, stays));
            end.why = if end.winners.len() == 1 {
                format!(
                    "{opening}, so {} takes the pool of {pool}",
                    sides.name(end.winners[0])
                )
            } else {
                format!(
                    "{opening}, so they divide the pool of {pool}, {share} each{}",
                    if stays > 0 {
                        format!(", and {stays} stays in the pool")
                    } else {
                        String::new()
                    }
                )
            };
        }
        DominoGame::Bergen => {
            end.points[end.winners[0]] = BERGEN_HAND;
            end.why = format!("{opening}, so {} 1", sides.does(end.winners[0], "score"));
        }
        _ => {
            let winner = end.winners[0];
            let others: u32 = (0..sides.count())
                .filter(|s| *s != winner)
                .map(|s| side_pips[s])
                .sum();
            let own = side_pips[winner];
            let counted = if options.difference {
                others.saturating_sub(own)
            } else {
                others
            };
            // Who holds the pips counted: the other side by name, where there is only one.
            let losers: Vec<usize> = (0..sides.count()).filter(|s| *s != winner).collect();
            let they_hold = match losers[..] {
                [loser] => sides.does(loser, "hold"),
                _ => "the others hold".to_string(),
            };
            let mut text = if !options.difference {
                format!("{opening}; {they_hold} {others} pips")
            } else {
                let holds = sides.does(winner, "hold");
                if counted > 0 {
                    format!(
                        "{opening}; {they_hold} {others} pips and {holds} {own}: the \
                         difference is {counted}"
                    )
                } else {
                    // The difference never goes below nothing (the rules page says so).
                    format!(
                        "{opening}; {they_hold} {others} pips and {holds} {own}, which leaves \
                         nothing to count"
                    )
                }
            };
            let points = if game == DominoGame::AllFives && counted > 0 {
                let rounded = round_to_five(counted);
                end.rounded = Some(rounded);
                if rounded != counted {
                    text.push_str(&format!(", rounded to {rounded}"));
                }
                rounded
            } else {
                counted
            };
            end.counted = Some(counted);
            end.points[winner] = points;
            end.why = format!("{text}, so {} {points}", sides.does(winner, "score"));
        }
    }
    end
}
