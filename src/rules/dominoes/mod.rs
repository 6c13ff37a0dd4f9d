//! Dominoes, as `../shared/rules/dominoes.md` gives it: the Hoyle games Block, Draw, All Fives,
//! Bergen, Matador, Sebastopol and Domino Pool, on double-six, double-nine and double-twelve
//! sets, for two to six players, each for himself or two against two.
//!
//! Every hand begins with a deal, a move by chance that names every hand and the stock. Hands
//! are hidden: a player (or a computer player) sees only [`Observation`].

pub mod bone;
pub mod line;
mod notation;
pub mod observation;
pub mod scoring;

use std::fmt;

use rand_core::RngCore;
use serde::{Deserialize, Serialize};

pub use bone::{Bone, Set};
pub use line::{End, Laid, Line, OpenEnd, SpinnerAt, SpinnerRule};
pub use observation::{Lacking, Observation, PublicEvent};
pub use scoring::{HandEnd, HandEnding, PointsWhy, Sides};

use super::history::History;
use super::{and_list, ChanceOutcomes, Game, NotationError, Outcome, Seat, Table, Turn};

/// The most points a game may be played to.
pub const MOST_TARGET: u32 = 1_000;
/// The score that ends most games, and Bergen's.
pub const TARGET: u32 = 100;
pub const BERGEN_TARGET: u32 = 15;
/// The bones at the bottom of the stock that are never drawn.
pub const NEVER_DRAWN: usize = 2;
/// Domino Pool leaves at least this many bones undealt.
pub const POOL_STOCK: usize = 8;

/// The games of dominoes Parlour plays.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum DominoGame {
    Block,
    Draw,
    AllFives,
    Bergen,
    Matador,
    Sebastopol,
    Pool,
}

impl DominoGame {
    pub const ALL: [DominoGame; 7] = [
        DominoGame::Block,
        DominoGame::Draw,
        DominoGame::AllFives,
        DominoGame::Bergen,
        DominoGame::Matador,
        DominoGame::Sebastopol,
        DominoGame::Pool,
    ];

    /// The game's name in records (the record's `variant`).
    pub fn name(self) -> &'static str {
        match self {
            DominoGame::Block => "block",
            DominoGame::Draw => "draw",
            DominoGame::AllFives => "all-fives",
            DominoGame::Bergen => "bergen",
            DominoGame::Matador => "matador",
            DominoGame::Sebastopol => "sebastopol",
            DominoGame::Pool => "domino-pool",
        }
    }

    /// The game named in a record (`"pool"` is read as Domino Pool too).
    pub fn from_name(name: &str) -> Option<DominoGame> {
        if name == "pool" {
            return Some(DominoGame::Pool);
        }
        DominoGame::ALL.into_iter().find(|g| g.name() == name)
    }

    /// The game's title.
    pub fn title(self) -> &'static str {
        match self {
            DominoGame::Block => "Block",
            DominoGame::Draw => "Draw",
            DominoGame::AllFives => "All Fives",
            DominoGame::Bergen => "Bergen",
            DominoGame::Matador => "Matador",
            DominoGame::Sebastopol => "Sebastopol",
            DominoGame::Pool => "Domino Pool",
        }
    }

    /// Whether this game may be played with this set (Sebastopol only with the double-six).
    pub fn plays_with(self, set: Set) -> bool {
        self != DominoGame::Sebastopol || set == Set::DoubleSix
    }

    /// How many may play.
    pub fn players(self) -> std::ops::RangeInclusive<usize> {
        match self {
            DominoGame::Sebastopol => 4..=4,
            DominoGame::Pool => 3..=6,
            _ => 2..=4,
        }
    }

    /// Whether a player who cannot play draws from the stock.
    pub fn draws(self) -> bool {
        matches!(
            self,
            DominoGame::Draw | DominoGame::AllFives | DominoGame::Bergen | DominoGame::Matador
        )
    }

    /// Whether four players play two against two unless they choose otherwise.
    pub fn has_partners(self) -> bool {
        matches!(
            self,
            DominoGame::Block | DominoGame::Draw | DominoGame::AllFives | DominoGame::Matador
        )
    }

    /// Whether the end of a hand scores the pips in the other hands (so `difference` applies).
    pub fn scores_pips(self) -> bool {
        !matches!(self, DominoGame::Bergen | DominoGame::Pool)
    }

    /// The fewest bones that must stay undealt.
    pub fn least_stock(self) -> usize {
        match self {
            DominoGame::Pool => POOL_STOCK,
            // Something to draw beyond the two that are never drawn.
            g if g.draws() => NEVER_DRAWN + 1,
            _ => 0,
        }
    }

    /// Bones each by the rules' table.
    pub fn default_hand(self, players: usize, set: Set) -> usize {
        match self {
            DominoGame::Block | DominoGame::Sebastopol => 7,
            DominoGame::Draw | DominoGame::AllFives | DominoGame::Matador => {
                if players <= 2 {
                    7
                } else {
                    5
                }
            }
            DominoGame::Bergen => {
                if players >= 4 {
                    5
                } else {
                    6
                }
            }
            DominoGame::Pool => set.size().saturating_sub(POOL_STOCK) / players.max(1),
        }
    }
}

/// The options of a game, with the rules' defaults filled in.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Options {
    pub set: Set,
    /// Four players play two against two (seats 1+3 against 2+4).
    pub partners: bool,
    /// Bones dealt to each player.
    pub hand_size: usize,
    /// The score that ends the game (not Domino Pool, nor a game of a single hand).
    pub target: u32,
    /// The game is one hand, played out: no target ends it sooner.
    pub single_hand: bool,
    /// The end of a hand scores the others' pips less the scorer's own.
    pub difference: bool,
    /// All Fives: the first double is a spinner.
    pub spinner: bool,
    /// All Fives: counts must be claimed, and a missed count may be taken by the next player.
    pub muggins: bool,
    /// A player may draw even when able to play.
    pub draw_when_able: bool,
}

impl Options {
    /// Whether a side's score ends the game: it reaches the target, in a game played to one.
    /// Domino Pool is played for a number of hands, and a game of a single hand, chosen
    /// instead of a target, plays its hand out.
    pub fn reaches_target(&self, game: DominoGame, score: u32) -> bool {
        game != DominoGame::Pool && !self.single_hand && score >= self.target
    }

    /// The rules' defaults for a game and a number of players.
    pub fn defaults(game: DominoGame, players: usize) -> Options {
        Options {
            set: Set::DoubleSix,
            partners: game.has_partners() && players == 4,
            hand_size: game.default_hand(players, Set::DoubleSix),
            target: if game == DominoGame::Bergen {
                BERGEN_TARGET
            } else {
                TARGET
            },
            single_hand: false,
            difference: false,
            spinner: false,
            muggins: false,
            draw_when_able: false,
        }
    }
}

/// The options as a record's header writes them; every key may be left out.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct HeaderOptions {
    #[serde(skip_serializing_if = "Option::is_none")]
    set: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hand: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    target: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    partners: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    single_hand: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    difference: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    spinner: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    muggins: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    draw_when_able: Option<bool>,
}

/// A player's move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Move {
    /// The first bone of the hand, written just `6-6`.
    Set(Bone),
    /// A bone played on an end: `6-4L`. `low_first` is a matador in Matador laid with its low
    /// half against the end, written `1-6L`; otherwise the high half is written first and the
    /// half that matches touches.
    Play {
        bone: Bone,
        end: End,
        low_first: bool,
    },
    /// Take the next bone from the stock.
    Draw,
    /// Pass: the player cannot play (or draw).
    Go,
    /// With muggins: the player whose play just counted takes the count. It is written straight
    /// after that play, before the next player's move, and is the one move made out of turn.
    Claim,
    /// With muggins: the player to move takes the count the previous player has not claimed,
    /// before playing.
    Muggins,
}

impl Move {
    /// A bone played on an end, high half written first.
    pub fn play(bone: Bone, end: End) -> Move {
        Move::Play {
            bone,
            end,
            low_first: false,
        }
    }

    /// The bone the move lays, if it lays one.
    pub fn bone(self) -> Option<Bone> {
        match self {
            Move::Set(bone) | Move::Play { bone, .. } => Some(bone),
            _ => None,
        }
    }
}

/// A deal: each seat's hand in seat order, and the stock in draw order (in games without
/// drawing, the bones left out).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Deal {
    pub hands: Vec<Vec<Bone>>,
    pub stock: Vec<Bone>,
}

/// Something that happened in a hand, in order.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Event {
    Set {
        seat: Seat,
        bone: Bone,
    },
    Play {
        seat: Seat,
        bone: Bone,
        end: End,
        /// The half laid against the end.
        touching: u8,
    },
    Draw {
        seat: Seat,
        bone: Bone,
        /// What the draw showed the seat lacks (nothing when it might have played).
        lacking: Lacking,
    },
    Go {
        seat: Seat,
        /// What the pass showed the seat lacks.
        lacking: Lacking,
    },
    /// With muggins: the count the seat made was lost, because the next player moved on
    /// without it being claimed or taken.
    Pass {
        seat: Seat,
        points: u32,
    },
    /// Points scored during play.
    Points {
        seat: Seat,
        points: u32,
        why: PointsWhy,
    },
}

/// One hand: its deal, who set, what happened, and how it was scored.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct HandLog {
    /// Counted from 1.
    pub number: usize,
    pub deal: Deal,
    pub setter: Seat,
    /// The bone the setter had to set, when the set was forced.
    pub forced: Option<Bone>,
    pub events: Vec<Event>,
    /// How the hand was scored, once it has ended.
    pub end: Option<HandEnd>,
}

/// Why a move or deal cannot be played here. The messages are shown to players as they are.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Illegal {
    GameOver,
    DealDue,
    NoDealDue,
    BadDeal(String),
    NotInHand(Bone),
    MustSet(Bone),
    SetFirst,
    AlreadySet,
    NoSuchEnd(End),
    NoMatch {
        bone: Bone,
        ends: Vec<u8>,
    },
    WrongEnd {
        bone: Bone,
        end: End,
        number: u8,
    },
    NotSeven {
        bone: Bone,
        end: End,
        number: u8,
        sum: u8,
    },
    BlankEnd {
        bone: Bone,
        end: End,
    },
    SixesToSpinner,
    HighFirst(Bone),
    NoStock,
    LastTwo,
    DrawWhileAble,
    CanPlay,
    CanDraw,
    NothingToClaim,
    NoMuggins,
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::GameOver => write!(f, "the game is over"),
            Illegal::DealDue => write!(f, "the bones must be dealt first"),
            Illegal::NoDealDue => write!(f, "no deal is due: the hand is in play"),
            Illegal::BadDeal(why) => write!(f, "not a deal of this game: {why}"),
            Illegal::NotInHand(bone) => write!(f, "you do not hold {bone}"),
            Illegal::MustSet(bone) => write!(f, "the hand must open with {bone}: set it"),
            Illegal::SetFirst => {
                write!(f, "nothing is on the table yet: set a bone, as 6-4")
            }
            Illegal::AlreadySet => write!(f, "the set is down: name an end too, as 6-4L"),
            Illegal::NoSuchEnd(end) => write!(f, "there is no open {} end", end.name()),
            Illegal::NoMatch { bone, ends } => match ends.len() {
                1 => write!(f, "{bone} does not match the end ({})", ends[0]),
                2 => write!(f, "{bone} does not match either end ({})", and_list(ends)),
                _ => write!(f, "{bone} does not match any end ({})", and_list(ends)),
            },
            Illegal::WrongEnd { bone, end, number } => write!(
                f,
                "{bone} does not match the {} end ({number})",
                end.name()
            ),
            Illegal::NotSeven {
                bone,
                end,
                number,
                sum,
            } => write!(
                f,
                "neither half of {bone} makes {sum} with the {} end ({number}), and it is no matador",
                end.name()
            ),
            Illegal::BlankEnd { bone, end } => write!(
                f,
                "only a matador may be played on a blank end: {bone} may not go on the {} end",
                end.name()
            ),
            Illegal::SixesToSpinner => write!(
                f,
                "until the spinner has a bone on all four sides, only sixes may be played, to the spinner"
            ),
            Illegal::HighFirst(bone) => write!(
                f,
                "write the bone high end first ({bone}): only a matador in Matador names its touching half first"
            ),
            Illegal::NoStock => write!(f, "there is no drawing in this game"),
            Illegal::LastTwo => write!(f, "the last two bones are never drawn"),
            Illegal::DrawWhileAble => write!(f, "you may not draw while you can play"),
            Illegal::CanPlay => write!(f, "you can play, so you may not go"),
            Illegal::CanDraw => write!(f, "you cannot play, so you must draw"),
            Illegal::NothingToClaim => write!(
                f,
                "there is no count to claim: a count is claimed straight after the play that made it"
            ),
            Illegal::NoMuggins => write!(f, "there is no unclaimed count to take"),
        }
    }
}

impl std::error::Error for Illegal {}

/// Where the game stands.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum Phase {
    /// A deal is due.
    Deal,
    /// The seat is to move.
    Turn(Seat),
    Over,
}

/// A game of dominoes: every hand, the stock, the table and the scores.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Dominoes {
    game: DominoGame,
    options: Options,
    players: usize,
    hands: Vec<Vec<Bone>>,
    /// In draw order.
    stock: Vec<Bone>,
    line: Line,
    /// Points of each side (a seat each unless partners).
    side_scores: Vec<u32>,
    /// Domino Pool: the counters in the pool.
    pool: u32,
    phase: Phase,
    /// With muggins: the count the last play made (who made it, how much), until the seat to
    /// move moves on: its maker may claim it, the seat to move may take it.
    unclaimed: Option<(Seat, u32)>,
    log: History<HandLog>,
}

impl Dominoes {
    /// A new game, before the first deal; refused when the options cannot be played.
    pub fn new(game: DominoGame, players: usize, options: Options) -> Result<Dominoes, String> {
        check(game, players, &options)?;
        let sides = Sides {
            players,
            partners: options.partners,
        };
        let rule = match game {
            DominoGame::Sebastopol => SpinnerRule::Set,
            DominoGame::AllFives if options.spinner => SpinnerRule::FirstDouble,
            _ => SpinnerRule::None,
        };
        Ok(Dominoes {
            game,
            options,
            players,
            hands: vec![Vec::new(); players],
            stock: Vec::new(),
            line: Line::new(rule),
            side_scores: vec![0; sides.count()],
            pool: 0,
            phase: Phase::Deal,
            unclaimed: None,
            log: History::default(),
        })
    }

    /// Reads a record's header for a game of `seats` players.
    pub fn from_header(
        variant: Option<&str>,
        options: &serde_json::Map<String, serde_json::Value>,
        seats: usize,
    ) -> Result<Dominoes, String> {
        let names: Vec<&str> = DominoGame::ALL.iter().map(|g| g.name()).collect();
        let game = match variant {
            None => {
                return Err(format!(
                    "a game of dominoes must name its game as the variant ({})",
                    names.join(", ")
                ))
            }
            Some(name) => DominoGame::from_name(name).ok_or_else(|| {
                format!(
                    "unknown game of dominoes \"{name}\" (known: {})",
                    names.join(", ")
                )
            })?,
        };
        let header: HeaderOptions = super::read_options("Dominoes", options)?;
        if !game.players().contains(&seats) {
            return Err(wrong_count(game, seats));
        }
        let mut o = Options::defaults(game, seats);
        if let Some(n) = header.set {
            o.set = Set::of(n)
                .ok_or_else(|| format!("there is no double-{n} set: the sets are 6, 9 and 12"))?;
            o.hand_size = game.default_hand(seats, o.set);
        }
        let only = |value: Option<bool>, allowed: bool, what: &str| -> Result<bool, String> {
            match value {
                Some(true) if !allowed => Err(format!(
                    "{what} is not an option of {} with {seats} players",
                    game.title()
                )),
                Some(v) => Ok(v),
                None => Ok(false),
            }
        };
        if let Some(partners) = header.partners {
            if partners && !(game.has_partners() && seats == 4) {
                return Err(if game.has_partners() {
                    format!("partners need four players, not {seats}")
                } else {
                    format!("{} is always each for himself", game.title())
                });
            }
            o.partners = partners;
        }
        if let Some(hand) = header.hand {
            o.hand_size = hand;
        }
        if let Some(target) = header.target {
            if game == DominoGame::Pool {
                return Err(
                    "Domino Pool has no target: it lasts as many hands as there are players".into(),
                );
            }
            o.target = target;
        }
        o.single_hand = header.single_hand.unwrap_or(false);
        o.difference = only(
            header.difference,
            game.scores_pips(),
            "scoring the difference",
        )?;
        o.spinner = only(header.spinner, game == DominoGame::AllFives, "a spinner")?;
        o.muggins = only(header.muggins, game == DominoGame::AllFives, "muggins")?;
        o.draw_when_able = only(header.draw_when_able, game.draws(), "drawing when able")?;
        Dominoes::new(game, seats, o)
    }

    /// The options as a record writes them (every option the game has).
    pub fn options_json(&self) -> serde_json::Map<String, serde_json::Value> {
        let o = &self.options;
        let game = self.game;
        let header = HeaderOptions {
            set: Some(o.set.highest()),
            hand: Some(o.hand_size),
            target: (game != DominoGame::Pool).then_some(o.target),
            partners: (game.has_partners() && self.players == 4).then_some(o.partners),
            single_hand: Some(o.single_hand),
            difference: game.scores_pips().then_some(o.difference),
            spinner: (game == DominoGame::AllFives).then_some(o.spinner),
            muggins: (game == DominoGame::AllFives).then_some(o.muggins),
            draw_when_able: game.draws().then_some(o.draw_when_able),
        };
        match serde_json::to_value(header) {
            Ok(serde_json::Value::Object(map)) => map,
            _ => serde_json::Map::new(),
        }
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

    /// A seat's hand (hidden from the others: see [`Dominoes::observe`]).
    pub fn hand(&self, seat: Seat) -> &[Bone] {
        &self.hands[seat.index()]
    }

    /// The stock in draw order.
    pub fn stock(&self) -> &[Bone] {
        &self.stock
    }

    /// The table.
    pub fn line(&self) -> &Line {
        &self.line
    }

    /// Each side's points.
    pub fn side_scores(&self) -> &[u32] {
        &self.side_scores
    }

    /// Domino Pool: the counters in the pool.
    pub fn pool(&self) -> u32 {
        self.pool
    }

    /// Every hand so far, the one in play last.
    pub fn hands_log(&self) -> Vec<&HandLog> {
        self.log.to_vec()
    }

    /// The hand in play, or the last one played.
    pub fn last_hand(&self) -> Option<&HandLog> {
        self.log.last()
    }

    /// The hand in play (or the last one), counted from 1; 0 before the first deal.
    pub fn hand_number(&self) -> usize {
        self.log.len()
    }

    /// With muggins: the count the last play made and nobody has taken yet (who made it, how
    /// much). Its maker may still `claim` it and the seat to move may take it with `muggins`;
    /// it is lost once the seat to move makes any other move.
    pub fn unclaimed(&self) -> Option<(Seat, u32)> {
        self.unclaimed
    }

    /// With muggins: the count `seat`'s play just made, which it may still `claim`.
    pub fn claim_due(&self, seat: Seat) -> Option<u32> {
        self.unclaimed
            .filter(|(maker, _)| *maker == seat)
            .map(|(_, points)| points)
    }

    /// Who makes a move now: the maker of the open count for `claim`, else the seat to move.
    pub fn mover(&self, m: Move) -> Option<Seat> {
        match (m, self.unclaimed, self.phase) {
            (Move::Claim, Some((seat, _)), _) => Some(seat),
            (_, _, Phase::Turn(seat)) => Some(seat),
            _ => None,
        }
    }

    /// The legal moves `seat` makes now: its turn's, or the claim of the count its play just
    /// made; none for anybody else.
    pub fn moves_of(&self, seat: Seat) -> Vec<Move> {
        let mut moves = self.legal_moves();
        moves.retain(|m| self.mover(*m) == Some(seat));
        moves
    }

    /// The bone the setter must set, while the line is empty and the set is forced.
    pub fn forced_set(&self) -> Option<Bone> {
        if self.line.is_empty() {
            self.log.last().and_then(|h| h.forced)
        } else {
            None
        }
    }

    /// Whether a seat may draw now (a drawing game, more than two bones in the stock).
    pub fn stock_open(&self) -> bool {
        self.game.draws() && self.stock.len() > NEVER_DRAWN
    }

    fn next(&self, seat: Seat) -> Seat {
        Seat(((seat.index() + 1) % self.players) as u8)
    }

    /// The ends a bone may be played on now (Sebastopol's spinner phase keeps to the spinner).
    pub fn playable_ends(&self) -> Vec<OpenEnd> {
        let ends = self.line.open_ends();
        if self.game == DominoGame::Sebastopol && self.line.spinner_sides_filled() < 4 {
            ends.into_iter().filter(|e| e.bare).collect()
        } else {
            ends
        }
    }

    /// Whether a bone is a matador (Matador only).
    pub fn is_matador(&self, bone: Bone) -> bool {
        self.game == DominoGame::Matador
            && (bone.pips() == u32::from(self.options.set.matador_sum()) || bone == Bone::new(0, 0))
    }

    /// The ways a bone may be laid on an open end: the touching half, and whether it is written
    /// low half first.
    fn fits(&self, bone: Bone, end: &OpenEnd) -> Vec<(u8, bool)> {
        if self.game == DominoGame::Matador {
            if self.is_matador(bone) {
                return if bone.is_double() {
                    vec![(bone.high, false)]
                } else {
                    vec![(bone.high, false), (bone.low, true)]
                };
            }
            let sum = self.options.set.matador_sum();
            if end.number != 0 && bone.has(sum - end.number) {
                return vec![(sum - end.number, false)];
            }
            return Vec::new();
        }
        if bone.has(end.number) {
            vec![(end.number, false)]
        } else {
            Vec::new()
        }
    }

    /// Every play a hand has on the table as it is.
    fn plays(&self, hand: &[Bone]) -> Vec<Move> {
        let ends = self.playable_ends();
        let mut moves = Vec::new();
        for bone in hand {
            for end in &ends {
                for (_, low_first) in self.fits(*bone, end) {
                    moves.push(Move::Play {
                        bone: *bone,
                        end: end.end,
                        low_first,
                    });
                }
            }
        }
        moves
    }

    fn can_play(&self, seat: Seat) -> bool {
        let ends = self.playable_ends();
        self.hands[seat.index()]
            .iter()
            .any(|bone| ends.iter().any(|end| !self.fits(*bone, end).is_empty()))
    }

    /// Whether nobody can play and nobody may draw.
    pub fn is_blocked(&self) -> bool {
        !self.line.is_empty()
            && !self.stock_open()
            && (0..self.players as u8).all(|s| !self.can_play(Seat(s)))
    }

    /// What going or drawing now shows the seat lacks: the numbers that would play on the
    /// playable ends (and, in Matador, any matador).
    fn lacking_now(&self) -> Lacking {
        let mut lacking = Lacking::default();
        let sum = self.options.set.matador_sum();
        for end in self.playable_ends() {
            if self.game == DominoGame::Matador {
                if end.number != 0 {
                    lacking.suits |= 1 << (sum - end.number);
                }
                lacking.matadors = true;
            } else {
                lacking.suits |= 1 << end.number;
            }
        }
        lacking
    }

    /// The number a play by the seat to move would leave open at its end, if it may be made.
    pub fn leaves_open(&self, m: Move) -> Option<u8> {
        let (bone, _, touching) = self.check(m).ok()??;
        Some(bone.other(touching).unwrap_or(touching))
    }

    /// Checks a move of the seat to move; what it lays and where, when it lays a bone.
    fn check(&self, m: Move) -> Result<Option<(Bone, End, u8)>, Illegal> {
        let seat = match self.phase {
            Phase::Over => return Err(Illegal::GameOver),
            Phase::Deal => return Err(Illegal::DealDue),
            Phase::Turn(seat) => seat,
        };
        let hand = &self.hands[seat.index()];
        match m {
            Move::Claim | Move::Muggins if self.unclaimed.is_some() => Ok(None),
            Move::Claim => Err(Illegal::NothingToClaim),
            Move::Muggins => Err(Illegal::NoMuggins),
            Move::Set(bone) => {
                if !self.line.is_empty() {
                    return Err(Illegal::AlreadySet);
                }
                if let Some(forced) = self.forced_set() {
                    if bone != forced {
                        return Err(Illegal::MustSet(forced));
                    }
                }
                if !hand.contains(&bone) {
                    return Err(Illegal::NotInHand(bone));
                }
                Ok(None)
            }
            Move::Play {
                bone,
                end,
                low_first,
            } => {
                if self.line.is_empty() {
                    return Err(match self.forced_set() {
                        Some(forced) => Illegal::MustSet(forced),
                        None => Illegal::SetFirst,
                    });
                }
                if !hand.contains(&bone) {
                    return Err(Illegal::NotInHand(bone));
                }
                if low_first && !self.is_matador(bone) {
                    return Err(Illegal::HighFirst(bone));
                }
                let ends = self.playable_ends();
                let Some(open) = ends.iter().find(|e| e.end.arm() == end.arm()) else {
                    if self.game == DominoGame::Sebastopol && self.line.open_end(end).is_some() {
                        return Err(Illegal::SixesToSpinner);
                    }
                    return Err(Illegal::NoSuchEnd(end));
                };
                let fits = self.fits(bone, open);
                if let Some((touching, _)) = fits.iter().find(|(_, lf)| *lf == low_first) {
                    return Ok(Some((bone, open.end, *touching)));
                }
                if self.game == DominoGame::Sebastopol && self.line.spinner_sides_filled() < 4 {
                    return Err(Illegal::SixesToSpinner);
                }
                if self.game == DominoGame::Matador {
                    return Err(if open.number == 0 {
                        Illegal::BlankEnd { bone, end }
                    } else {
                        Illegal::NotSeven {
                            bone,
                            end,
                            number: open.number,
                            sum: self.options.set.matador_sum(),
                        }
                    });
                }
                if ends.iter().any(|e| !self.fits(bone, e).is_empty()) {
                    Err(Illegal::WrongEnd {
                        bone,
                        end,
                        number: open.number,
                    })
                } else {
                    Err(Illegal::NoMatch {
                        bone,
                        ends: ends.iter().map(|e| e.number).collect(),
                    })
                }
            }
            Move::Draw => {
                if self.line.is_empty() {
                    return Err(Illegal::SetFirst);
                }
                if !self.game.draws() {
                    return Err(Illegal::NoStock);
                }
                if self.stock.len() <= NEVER_DRAWN {
                    return Err(Illegal::LastTwo);
                }
                if !self.options.draw_when_able && self.can_play(seat) {
                    return Err(Illegal::DrawWhileAble);
                }
                Ok(None)
            }
            Move::Go => {
                if self.line.is_empty() {
                    return Err(Illegal::SetFirst);
                }
                if self.can_play(seat) {
                    return Err(Illegal::CanPlay);
                }
                if self.stock_open() {
                    return Err(Illegal::CanDraw);
                }
                Ok(None)
            }
        }
    }

    fn current(&mut self) -> &mut HandLog {
        self.log.last_mut().expect("a hand is in play")
    }

    fn sides_reached(&self) -> bool {
        let reaches = |s: &u32| self.options.reaches_target(self.game, *s);
        self.side_scores.iter().any(reaches)
    }

    /// Scores points during play; true when they end the game.
    fn score_in_play(&mut self, seat: Seat, points: u32, why: PointsWhy) -> bool {
        let side = self.sides().of(seat);
        self.side_scores[side] += points;
        self.current()
            .events
            .push(Event::Points { seat, points, why });
        if self.sides_reached() {
            self.end_hand(HandEnding::TargetReached);
            true
        } else {
            false
        }
    }

    /// What the play just made scores during play, in this game.
    fn play_points(&self) -> Option<(u32, PointsWhy)> {
        match self.game {
            DominoGame::AllFives => {
                let points = scoring::all_fives_points(&self.line);
                (points > 0).then_some((points, PointsWhy::Count))
            }
            DominoGame::Bergen => scoring::bergen_points(&self.line),
            _ => None,
        }
    }

    fn after_lay(&mut self, seat: Seat) {
        let out = self.hands[seat.index()].is_empty();
        let blocked = !out && self.is_blocked();
        if let Some((points, why)) = self.play_points() {
            if self.options.muggins && !out && !blocked {
                // The count waits for its claim while the next player is to move.
                self.unclaimed = Some((seat, points));
                self.phase = Phase::Turn(self.next(seat));
                return;
            }
            if self.score_in_play(seat, points, why) {
                return;
            }
        }
        if out {
            self.end_hand(HandEnding::Domino(seat));
        } else if blocked {
            self.end_hand(HandEnding::Blocked);
        } else {
            self.phase = Phase::Turn(self.next(seat));
        }
    }

    fn end_hand(&mut self, ending: HandEnding) {
        let end = scoring::score_hand(
            self.game,
            &self.options,
            self.sides(),
            self.hands.clone(),
            ending,
            self.pool,
        );
        for (score, add) in self.side_scores.iter_mut().zip(&end.points) {
            *score += add;
        }
        if let Some((_, stays)) = end.pool {
            self.pool = stays;
        }
        self.current().end = Some(end);
        self.unclaimed = None;
        let over = ending == HandEnding::TargetReached
            || self.sides_reached()
            || self.options.single_hand
            || (self.game == DominoGame::Pool && self.log.len() >= self.players);
        if over {
            self.phase = Phase::Over;
        } else {
            self.phase = Phase::Deal;
        }
    }

    fn apply(&mut self, m: Move, laid: Option<(Bone, End, u8)>) {
        let Phase::Turn(seat) = self.phase else {
            return;
        };
        match (m, self.unclaimed.take()) {
            (Move::Claim, Some((maker, points))) => {
                self.score_in_play(maker, points, PointsWhy::Claim);
                return;
            }
            (Move::Muggins, Some((_, points))) => {
                self.score_in_play(seat, points, PointsWhy::Muggins);
                return;
            }
            (_, Some((maker, points))) => {
                let lost = Event::Pass {
                    seat: maker,
                    points,
                };
                self.current().events.push(lost);
            }
            (_, None) => {}
        }
        match m {
            Move::Set(bone) => {
                self.hands[seat.index()].retain(|b| *b != bone);
                self.line.lay_set(bone);
                self.current().events.push(Event::Set { seat, bone });
                self.after_lay(seat);
            }
            Move::Play { .. } => {
                let (bone, end, touching) = laid.expect("checked");
                self.hands[seat.index()].retain(|b| *b != bone);
                self.line.lay(bone, end, touching);
                self.current().events.push(Event::Play {
                    seat,
                    bone,
                    end,
                    touching,
                });
                self.after_lay(seat);
            }
            Move::Draw => {
                // A draw tells the table that the drawer lacks the open numbers only where a
                // draw is forced: where a player may draw even when able, it tells nothing.
                let lacking = if self.options.draw_when_able || self.can_play(seat) {
                    Lacking::default()
                } else {
                    self.lacking_now()
                };
                let bone = self.stock.remove(0);
                self.hands[seat.index()].push(bone);
                self.current().events.push(Event::Draw {
                    seat,
                    bone,
                    lacking,
                });
                if self.is_blocked() {
                    self.end_hand(HandEnding::Blocked);
                }
            }
            Move::Go => {
                let lacking = self.lacking_now();
                self.current().events.push(Event::Go { seat, lacking });
                if self.is_blocked() {
                    self.end_hand(HandEnding::Blocked);
                } else {
                    self.phase = Phase::Turn(self.next(seat));
                }
            }
            Move::Claim | Move::Muggins => {}
        }
    }

    /// Checks a deal: every hand of the game's size, and the whole set exactly once.
    fn check_deal(&self, deal: &Deal) -> Result<(), Illegal> {
        let bad = |why: String| Err(Illegal::BadDeal(why));
        if deal.hands.len() != self.players {
            return bad(format!(
                "it deals {} hands for {} players",
                deal.hands.len(),
                self.players
            ));
        }
        for (i, hand) in deal.hands.iter().enumerate() {
            if hand.len() != self.options.hand_size {
                let bones = if hand.len() == 1 { "bone" } else { "bones" };
                return bad(format!(
                    "seat {}'s hand has {} {bones}, not {}",
                    i + 1,
                    hand.len(),
                    self.options.hand_size
                ));
            }
        }
        let set = self.options.set;
        let mut seen = vec![false; set.size()];
        let all = set.bones();
        for bone in deal.hands.iter().flatten().chain(&deal.stock) {
            let Some(at) = all.iter().position(|b| b == bone) else {
                return bad(format!("{bone} is not in the {} set", set.name()));
            };
            if seen[at] {
                return bad(format!("{bone} is dealt twice"));
            }
            seen[at] = true;
        }
        if let Some(at) = seen.iter().position(|s| !s) {
            return bad(format!("{} is missing", all[at]));
        }
        Ok(())
    }

    fn apply_deal(&mut self, deal: &Deal) {
        self.hands = deal.hands.clone();
        self.stock = deal.stock.clone();
        self.line = Line::new(match self.game {
            DominoGame::Sebastopol => SpinnerRule::Set,
            DominoGame::AllFives if self.options.spinner => SpinnerRule::FirstDouble,
            _ => SpinnerRule::None,
        });
        self.unclaimed = None;
        if self.game == DominoGame::Pool {
            self.pool += scoring::POOL_STAKE * self.players as u32;
        }
        let number = self.log.len() + 1;
        let holder = |bone: Bone| {
            Seat(
                deal.hands
                    .iter()
                    .position(|h| h.contains(&bone))
                    .unwrap_or(0) as u8,
            )
        };
        let (setter, forced) = if self.game == DominoGame::Sebastopol {
            let double_six = Bone::new(6, 6);
            (holder(double_six), Some(double_six))
        } else if number == 1 {
            let dealt = deal.hands.iter().flatten().copied();
            let best = dealt
                .clone()
                .filter(|b| b.is_double())
                .max()
                .or_else(|| dealt.reduce(|a, b| if b.heavier_than(a) { b } else { a }))
                .expect("a hand was dealt");
            (holder(best), Some(best))
        } else {
            let previous = self.log.last().map_or(Seat(0), |h| h.setter);
            (self.next(previous), None)
        };
        self.log.push(HandLog {
            number,
            deal: deal.clone(),
            setter,
            forced,
            events: Vec::new(),
            end: None,
        });
        self.phase = Phase::Turn(setter);
    }

    /// Who has won so far: the seats whose side has the highest score.
    fn leaders(&self) -> Vec<Seat> {
        let best = self.side_scores.iter().copied().max().unwrap_or(0);
        let sides = self.sides();
        (0..self.players as u8)
            .map(Seat)
            .filter(|s| self.side_scores[sides.of(*s)] == best)
            .collect()
    }
}

/// Why a game cannot be played by so many: how many it is for.
fn wrong_count(game: DominoGame, players: usize) -> String {
    let range = game.players();
    let title = game.title();
    if range.start() == range.end() {
        format!("{title} is for {} players, not {players}", range.start())
    } else {
        format!(
            "{title} is for {} to {} players, not {players}",
            range.start(),
            range.end()
        )
    }
}

/// Checks that a game can be dealt and played with these options.
fn check(game: DominoGame, players: usize, o: &Options) -> Result<(), String> {
    let title = game.title();
    if !game.players().contains(&players) {
        return Err(wrong_count(game, players));
    }
    if game == DominoGame::Sebastopol {
        if !game.plays_with(o.set) {
            return Err(format!(
                "Sebastopol is played with the double-six set only, not the {}",
                o.set.name()
            ));
        }
        if o.hand_size != 7 {
            return Err(format!(
                "Sebastopol deals all 28 bones, 7 each, not {}",
                o.hand_size
            ));
        }
    }
    if o.partners && !(game.has_partners() && players == 4) {
        return Err(format!(
            "{title} with {players} players cannot be played in partnerships"
        ));
    }
    if game != DominoGame::Pool && !(1..=MOST_TARGET).contains(&o.target) {
        return Err(format!(
            "the target must be from 1 to {MOST_TARGET} points, not {}",
            o.target
        ));
    }
    if o.hand_size == 0 {
        return Err("each player must be dealt at least one bone".into());
    }
    let size = o.set.size();
    let dealt = players * o.hand_size;
    let need = game.least_stock();
    if dealt + need > size {
        let why = match game {
            DominoGame::Pool => format!("Domino Pool leaves at least {POOL_STOCK} in the stock"),
            g if g.draws() => format!(
                "{title} needs at least {need} in the stock, as the last {NEVER_DRAWN} are never drawn"
            ),
            _ => "there are not enough bones".to_string(),
        };
        return Err(format!(
            "{players} players with {} bones each need {dealt} of the {size} bones of the {} set: {why}",
            o.hand_size,
            o.set.name()
        ));
    }
    let flags = [
        (o.spinner, game == DominoGame::AllFives, "a spinner"),
        (o.muggins, game == DominoGame::AllFives, "muggins"),
        (o.draw_when_able, game.draws(), "drawing when able"),
        (o.difference, game.scores_pips(), "scoring the difference"),
    ];
    for (on, allowed, what) in flags {
        if on && !allowed {
            return Err(format!("{what} is not an option of {title}"));
        }
    }
    Ok(())
}

impl Game for Dominoes {
    type Move = Move;
    type Chance = Deal;
    type ParseError = NotationError;
    type Illegal = Illegal;
    type Observation = Observation;

    const NAME: &'static str = "dominoes";

    fn seats(&self) -> usize {
        self.players
    }

    fn turn(&self) -> Turn {
        match self.phase {
            Phase::Deal => Turn::Chance,
            Phase::Turn(seat) => Turn::Seat(seat),
            Phase::Over => Turn::Over,
        }
    }

    fn legal_moves(&self) -> Vec<Move> {
        let seat = match self.phase {
            Phase::Turn(seat) => seat,
            _ => return Vec::new(),
        };
        let hand = &self.hands[seat.index()];
        if self.line.is_empty() {
            return match self.forced_set() {
                Some(bone) => vec![Move::Set(bone)],
                None => hand.iter().map(|b| Move::Set(*b)).collect(),
            };
        }
        let mut moves = self.plays(hand);
        let able = !moves.is_empty();
        if self.unclaimed.is_some() {
            moves.extend([Move::Claim, Move::Muggins]);
        }
        if self.stock_open() && (!able || self.options.draw_when_able) {
            moves.push(Move::Draw);
        } else if !able && !self.stock_open() {
            moves.push(Move::Go);
        }
        moves
    }

    fn play(&mut self, m: Move) -> Result<(), Illegal> {
        let laid = self.check(m)?;
        self.apply(m, laid);
        Ok(())
    }

    /// A bone played on an end named by the letter of its arm that this table does not use
    /// (`W` for `L` without a spinner, `R` for `E` with one) is written with the table's.
    fn written(&self, m: Move) -> Move {
        match (m, self.check(m)) {
            (
                Move::Play {
                    bone, low_first, ..
                },
                Ok(Some((_, end, _))),
            ) => Move::Play {
                bone,
                end,
                low_first,
            },
            _ => m,
        }
    }

    fn chance_outcomes(&self) -> ChanceOutcomes<Deal> {
        match self.phase {
            Phase::Deal => ChanceOutcomes::Unlisted,
            _ => ChanceOutcomes::Listed(Vec::new()),
        }
    }

    fn sample_chance(&self, rng: &mut dyn RngCore) -> Option<Deal> {
        if self.phase != Phase::Deal {
            return None;
        }
        let mut bones = self.options.set.bones();
        for i in (1..bones.len()).rev() {
            let j = (rng.next_u64() % (i as u64 + 1)) as usize;
            bones.swap(i, j);
        }
        let n = self.options.hand_size;
        let hands = (0..self.players)
            .map(|p| bones[p * n..(p + 1) * n].to_vec())
            .collect();
        let stock = bones[self.players * n..].to_vec();
        Some(Deal { hands, stock })
    }

    fn parse_chance(&self, text: &str) -> Result<Deal, NotationError> {
        text.parse()
    }

    fn play_chance(&mut self, deal: &Deal) -> Result<(), Illegal> {
        match self.phase {
            Phase::Over => return Err(Illegal::GameOver),
            Phase::Deal => {}
            _ => return Err(Illegal::NoDealDue),
        }
        self.check_deal(deal)?;
        self.apply_deal(deal);
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.phase != Phase::Over {
            return None;
        }
        let winners = self.leaders();
        let sides = self.sides();
        let reason = if self.sides_reached() {
            let reached: Vec<usize> = (0..sides.count())
                .filter(|s| self.options.reaches_target(self.game, self.side_scores[*s]))
                .collect();
            format!(
                "{} reached the target of {}",
                sides.names(&reached),
                self.options.target
            )
        } else if self.options.single_hand {
            "a single hand was played".to_string()
        } else {
            format!("all {} hands of Domino Pool were played", self.log.len())
        };
        Some(Outcome {
            winners,
            drawn: false,
            reason,
        })
    }

    fn scores(&self) -> Vec<i32> {
        let sides = self.sides();
        (0..self.players as u8)
            .map(|s| self.side_scores[sides.of(Seat(s))] as i32)
            .collect()
    }

    fn observe(&self, seat: Seat) -> Observation {
        Observation::of(self, seat)
    }

    /// With muggins, Parlour once kept the turn after a count until its player claimed it or
    /// wrote `go` to let it go. The rules write nothing there: the next player's move follows.
    /// Such a record is read without those `go`s.
    fn earlier_form(&self, moves: &[String]) -> Option<Vec<String>> {
        let is_go = |m: &String| m.trim().eq_ignore_ascii_case("go");
        if !self.options.muggins || !moves.iter().any(is_go) {
            return None;
        }
        let mut game = self.clone();
        if moves.iter().all(|m| game.play_notation(m).is_ok()) {
            return None;
        }
        let mut game = self.clone();
        let mut read = Vec::with_capacity(moves.len());
        // Whether the move read last was a play that left its count open.
        let mut counted = false;
        for m in moves {
            if counted && is_go(m) {
                counted = false;
                continue;
            }
            game.play_notation(m).ok()?;
            counted = game.unclaimed.is_some();
            read.push(m.clone());
        }
        Some(read)
    }
}
