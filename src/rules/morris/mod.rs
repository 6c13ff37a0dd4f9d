//! Morris: Morrice and Morelles (Nine Men's Morris), as `../shared/rules/morris.md` gives them.
//!
//! Two players place nine men each, then move them along the lines; three in a row (a mill)
//! removes an opposing man. Morelles lets a player with three men fly; Morrice never flies.

pub mod board;
mod notation;

use std::fmt;

use rand_core::RngCore;
use serde::{Deserialize, Serialize};

pub use board::{Board, Point, Points};
pub use notation::ParseMoveError;

use board::bits;

use super::{ChanceOutcomes, Game, NoChance, Outcome, Seat, Turn};

/// How many plies in the moving phase without a mill draw the game (50 moves by each side).
pub const QUIET_PLIES_FOR_DRAW: u16 = 100;
/// How often the same position must occur, with the same player to move, to draw the game.
pub const REPETITIONS_FOR_DRAW: usize = 3;
/// A player left with fewer men than this loses.
pub const FEWEST_MEN: u8 = 3;

/// The two sides. White moves first and is seat 1 in records.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Side {
    White,
    Black,
}

impl Side {
    /// The side's index into per-side arrays (White 0, Black 1).
    pub fn index(self) -> usize {
        self as usize
    }

    /// The other side.
    pub fn opponent(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// The side's name, as players call it.
    pub fn name(self) -> &'static str {
        match self {
            Side::White => "White",
            Side::Black => "Black",
        }
    }

    /// The side that plays from `seat`.
    pub fn of_seat(seat: Seat) -> Side {
        if seat.0 == 0 {
            Side::White
        } else {
            Side::Black
        }
    }

    /// The seat this side plays from.
    pub fn seat(self) -> Seat {
        Seat(self as u8)
    }
}

/// The rule sets of the Morris family that Parlour plays.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Variant {
    /// Nine Men's Morris as the "Game of Morrice" board gives it: men never fly.
    Morrice,
    /// Nine Men's Morris as the Hoyle-style "Morelles" text gives it: a player down to three men
    /// flies.
    Morelles,
    /// Six men each on two squares; men never fly.
    SixMens,
    /// Twelve men each on the 24-point board with its corner diagonals; a board filled while
    /// placing is a draw.
    TwelveMens,
    /// Three men each on a 3 x 3 grid with its diagonals; the first to make a line wins.
    ThreeMens,
}

impl Variant {
    /// Every variant, in the order the app offers them.
    pub const ALL: [Variant; 5] = [
        Variant::Morelles,
        Variant::Morrice,
        Variant::SixMens,
        Variant::TwelveMens,
        Variant::ThreeMens,
    ];

    /// The variant's name in records.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Morrice => "morrice",
            Variant::Morelles => "morelles",
            Variant::SixMens => "six-mens",
            Variant::TwelveMens => "twelve-mens",
            Variant::ThreeMens => "three-mens",
        }
    }

    /// The variant's name as players read it.
    pub fn title(self) -> &'static str {
        match self {
            Variant::Morrice => "Morrice",
            Variant::Morelles => "Morelles",
            Variant::SixMens => "Six Men's Morris",
            Variant::TwelveMens => "Twelve Men's Morris",
            Variant::ThreeMens => "Three Men's Morris",
        }
    }

    /// The variant named `name` in records.
    pub fn from_name(name: &str) -> Option<Variant> {
        Variant::ALL.into_iter().find(|v| v.name() == name)
    }

    /// The board the variant is played on.
    pub fn board(self) -> &'static Board {
        match self {
            Variant::Morrice | Variant::Morelles => &board::NINE_MENS,
            Variant::SixMens => &board::SIX_MENS,
            Variant::TwelveMens => &board::TWELVE_MENS,
            Variant::ThreeMens => &board::THREE_MENS,
        }
    }

    /// How many men each player has.
    pub fn men(self) -> u8 {
        match self {
            Variant::Morrice | Variant::Morelles => 9,
            Variant::SixMens => 6,
            Variant::TwelveMens => 12,
            Variant::ThreeMens => 3,
        }
    }

    /// Whether a player with exactly three men may move a man to any vacant point.
    pub fn flying(self) -> bool {
        matches!(self, Variant::Morelles)
    }

    /// Whether a mill wins the game outright (Three Men's Morris) instead of removing a man.
    pub fn mill_wins(self) -> bool {
        matches!(self, Variant::ThreeMens)
    }

    /// Whether a board filled while placing draws the game (Twelve Men's Morris).
    pub fn full_board_draws(self) -> bool {
        matches!(self, Variant::TwelveMens)
    }
}

/// The options that `rules/morris.md` names. Absent from a record means the default.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// A move that completes two mills at once removes two men instead of one, and three
    /// mills three (one man per mill); the record calls it `two_removals`.
    pub two_removals: bool,
    /// The third occurrence of a position, with the same player to move, draws.
    pub repetition_draw: bool,
    /// Fifty moves by each side in the moving phase without a mill draw.
    pub fifty_move_draw: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            two_removals: false,
            repetition_draw: true,
            fifty_move_draw: true,
        }
    }
}

/// The most men one move removes: one for each mill it makes (with the option of one man per
/// mill), and a point lies on at most three lines (a corner of any square of Twelve Men's).
pub const MOST_REMOVALS: usize = 3;

/// Every order of [`MOST_REMOVALS`] men other than the one given, as places in it; the orders
/// of fewer men are those that leave the places past them where they are.
const REORDERINGS: [[usize; MOST_REMOVALS]; 5] =
    [[0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];

/// Calls `each` with every set of `due` men (at most [`MOST_REMOVALS`]) that can be removed
/// from `opp` one after another, the rule of which men may go (`removable` gives them, of a
/// set) applying to each in turn: each set once, in the first of its legal orders by the men's
/// points in board order. The rules and the computer's search list a move's removals so.
pub fn each_removal_set(
    due: usize,
    opp: Points,
    removable: impl Fn(Points) -> Points,
    mut each: impl FnMut(&[Points]),
) {
    let mut taken = [0; MOST_REMOVALS];
    fill_removals(&mut taken[..due], 0, opp, &removable, &mut each);
}

/// Fills `taken[n..]` in every legal order from the men `left`, and passes on the orders that
/// come first among the legal orders of the same men.
fn fill_removals(
    taken: &mut [Points],
    n: usize,
    left: Points,
    removable: &impl Fn(Points) -> Points,
    each: &mut impl FnMut(&[Points]),
) {
    if n == taken.len() {
        let opp = taken.iter().fold(left, |all, man| all | man);
        if first_legal_order(taken, opp, removable) {
            each(taken);
        }
        return;
    }
    for man in bits(removable(left)) {
        taken[n] = man;
        fill_removals(taken, n + 1, left & !man, removable, each);
    }
}

/// Whether `order`, a legal order of removals from `opp`, comes before every other legal order
/// of the same men.
fn first_legal_order(order: &[Points], opp: Points, removable: impl Fn(Points) -> Points) -> bool {
    let n = order.len();
    let legal = |other: &[usize]| {
        let mut left = opp;
        other.iter().all(|&i| {
            let man = order[i];
            let may = removable(left) & man != 0;
            left &= !man;
            may
        })
    };
    other_orders(n).all(|r| !r.iter().map(|&i| order[i]).lt(order.iter().copied()) || !legal(r))
}

/// Every order of `n` removals (at most [`MOST_REMOVALS`]) other than the one given, as places
/// in it.
fn other_orders(n: usize) -> impl Iterator<Item = &'static [usize]> {
    REORDERINGS
        .iter()
        .filter(move |r| {
            r.get(n..)
                .is_some_and(|past| past.iter().enumerate().all(|(i, &at)| at == n + i))
        })
        .map(move |r| &r[..n])
}

/// The men a move removes from the board, in the order they are taken (at most
/// [`MOST_REMOVALS`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Removals([Option<Point>; MOST_REMOVALS]);

impl Removals {
    /// These removals and then `point`. One past [`MOST_REMOVALS`] is ignored: no move takes
    /// more.
    pub fn with(mut self, point: Point) -> Removals {
        if let Some(slot) = self.0.iter_mut().find(|slot| slot.is_none()) {
            *slot = Some(point);
        }
        self
    }

    /// The removed points, in order.
    pub fn iter(&self) -> impl Iterator<Item = Point> + '_ {
        self.0.iter().flatten().copied()
    }

    /// How many men are removed.
    pub fn len(&self) -> usize {
        self.iter().count()
    }

    /// True when the move removes nothing.
    pub fn is_empty(&self) -> bool {
        self.0[0].is_none()
    }
}

/// One whole turn of Morris, removals included.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Move {
    /// A man from hand onto a vacant point.
    Place { to: Point, removals: Removals },
    /// A man moved along a line to the next point, or flown to any vacant point.
    Shift {
        from: Point,
        to: Point,
        removals: Removals,
    },
    /// The player to move gives up the game.
    Resign,
    /// The players agree to a draw (the app asks the other player first).
    Draw,
}

impl Move {
    /// Where a man comes from (none for a placement or a game action).
    pub fn from(&self) -> Option<Point> {
        match *self {
            Move::Shift { from, .. } => Some(from),
            _ => None,
        }
    }

    /// Where a man goes (none for a game action).
    pub fn to(&self) -> Option<Point> {
        match *self {
            Move::Place { to, .. } | Move::Shift { to, .. } => Some(to),
            _ => None,
        }
    }

    /// The men this move removes.
    pub fn removals(&self) -> Removals {
        match *self {
            Move::Place { removals, .. } | Move::Shift { removals, .. } => removals,
            _ => Removals::default(),
        }
    }

    /// The same placement or shift with other removals.
    pub fn with_removals(self, removals: Removals) -> Move {
        match self {
            Move::Place { to, .. } => Move::Place { to, removals },
            Move::Shift { from, to, .. } => Move::Shift { from, to, removals },
            other => other,
        }
    }
}

/// Why a move cannot be played here. The messages are shown to players as they are.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum IllegalMove {
    GameOver,
    NoSuchPoint(Point),
    MenInHand,
    HandEmpty,
    Occupied(Point),
    NoManThere(Point),
    NotYourMan(Point, Side),
    SamePoint(Point),
    NotNeighbours(Point, Point, Variant),
    RemovalDue(usize),
    NoMill,
    NothingRemoved(Variant),
    TooManyRemovals(usize),
    RemoveOwnMan(Point),
    NothingToRemove(Point, Side),
    InMill(Point),
    RemovedTwice(Point),
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::GameOver => write!(f, "the game is over"),
            IllegalMove::NoSuchPoint(p) => write!(f, "there is no point {p} on this board"),
            IllegalMove::MenInHand => {
                write!(f, "you still have men in hand: place one before moving")
            }
            IllegalMove::HandEmpty => write!(f, "all your men are placed: move one along a line"),
            IllegalMove::Occupied(p) => write!(f, "{p} is already taken"),
            IllegalMove::NoManThere(p) => write!(f, "there is no man on {p}"),
            IllegalMove::NotYourMan(p, owner) => write!(f, "the man on {p} is {}'s", owner.name()),
            IllegalMove::SamePoint(p) => write!(f, "a man must move off {p} to another point"),
            IllegalMove::NotNeighbours(a, b, variant) => {
                write!(f, "{a} and {b} are not neighbours")?;
                if variant.flying() {
                    write!(f, " (men fly only when a player has three left)")
                } else {
                    write!(f, " (men never fly in {})", variant.title())
                }
            }
            IllegalMove::RemovalDue(1) => {
                write!(
                    f,
                    "that move makes a mill: name a man to remove, as in d6xg7"
                )
            }
            IllegalMove::RemovalDue(n) => {
                write!(
                    f,
                    "that move makes more than one mill: name {n} men to remove, as in d6xg7xa1"
                )
            }
            IllegalMove::NoMill => write!(f, "that move makes no mill, so no man is removed"),
            IllegalMove::NothingRemoved(variant) => {
                write!(
                    f,
                    "no man is ever removed in {}: a line wins the game",
                    variant.title()
                )
            }
            IllegalMove::TooManyRemovals(1) => write!(f, "that move removes only one man"),
            IllegalMove::TooManyRemovals(n) => write!(f, "that move removes only {n} men"),
            IllegalMove::RemoveOwnMan(p) => write!(f, "the man on {p} is your own"),
            IllegalMove::NothingToRemove(p, side) => {
                write!(f, "there is no {} man on {p} to remove", side.name())
            }
            IllegalMove::InMill(p) => write!(
                f,
                "the man on {p} is in a mill: take one that is not while there are any"
            ),
            IllegalMove::RemovedTwice(p) => write!(f, "the man on {p} can only be removed once"),
        }
    }
}

impl std::error::Error for IllegalMove {}

/// How a game of Morris ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Ending {
    /// The loser was reduced to two men.
    TwoMenLeft { loser: Side },
    /// The loser could not move on their turn.
    NoLegalMove { loser: Side },
    /// The loser resigned.
    Resigned { loser: Side },
    /// The same position occurred for the third time with the same player to move.
    Repetition,
    /// Fifty moves by each side in the moving phase passed without a mill.
    FiftyMoves,
    /// The players agreed a draw.
    Agreed,
    /// The winner made a line of three (Three Men's Morris).
    ThreeInARow { loser: Side },
    /// The board filled up while men were being placed (Twelve Men's Morris).
    BoardFull,
}

impl Ending {
    /// The winning side, or `None` for a draw.
    pub fn winner(self) -> Option<Side> {
        match self {
            Ending::TwoMenLeft { loser }
            | Ending::NoLegalMove { loser }
            | Ending::Resigned { loser }
            | Ending::ThreeInARow { loser } => Some(loser.opponent()),
            Ending::Repetition | Ending::FiftyMoves | Ending::Agreed | Ending::BoardFull => None,
        }
    }

    /// Why the game ended, in words (also the `reason` of the native tool's replay).
    pub fn reason(self) -> &'static str {
        match self {
            Ending::TwoMenLeft { .. } => "two men left",
            Ending::NoLegalMove { .. } => "no legal move",
            Ending::Resigned { .. } => "resigned",
            Ending::Repetition => "threefold repetition",
            Ending::FiftyMoves => "50 moves without a mill",
            Ending::Agreed => "agreed",
            Ending::ThreeInARow { .. } => "three in a row",
            Ending::BoardFull => "board full",
        }
    }
}

/// What the player to move does now.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Phase {
    /// Put a man from hand on a vacant point.
    Placing,
    /// Move a man along a line to a vacant neighbour.
    Moving,
    /// Move a man to any vacant point (Morelles, three men left).
    Flying,
}

/// A position of Morris: the men on the board and in hand, whose turn it is, and what the draw
/// rules need to remember.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Position {
    variant: Variant,
    options: Options,
    men: [Points; 2],
    hand: [u8; 2],
    to_move: Side,
    /// Plies in the moving phase since the last mill.
    quiet_plies: u16,
    /// The positions since the last placement or removal (none can recur across those),
    /// the current one last: enough to see a repetition.
    history: Vec<u64>,
    ending: Option<Ending>,
}

impl Position {
    /// The start of a game: an empty board, every man in hand, White to move.
    pub fn new(variant: Variant, options: Options) -> Position {
        let mut position = Position {
            variant,
            options,
            men: [0, 0],
            hand: [variant.men(); 2],
            to_move: Side::White,
            quiet_plies: 0,
            history: Vec::new(),
            ending: None,
        };
        position.history.push(position.key());
        position
    }

    /// A position set up by hand (for tests, puzzles and analysis): the points of each side's
    /// men ("a1 d1 g1"), the men each has in hand, and who is to move.
    pub fn from_setup(
        variant: Variant,
        options: Options,
        white: &str,
        black: &str,
        hand: [u8; 2],
        to_move: Side,
    ) -> Result<Position, String> {
        let board = variant.board();
        let read = |text: &str| -> Result<Points, String> {
            let mut set = 0;
            for name in text.split_whitespace() {
                let point: Point = name.parse().map_err(|e: ParseMoveError| e.to_string())?;
                set |= board
                    .bit(point)
                    .ok_or_else(|| format!("there is no point {point} on this board"))?;
            }
            Ok(set)
        };
        let men = [read(white)?, read(black)?];
        if men[0] & men[1] != 0 {
            return Err("a point holds men of both sides".into());
        }
        for side in [Side::White, Side::Black] {
            if men[side.index()].count_ones() as u8 + hand[side.index()] > variant.men() {
                return Err(format!(
                    "{} has more than {} men",
                    side.name(),
                    variant.men()
                ));
            }
        }
        let mut position = Position {
            variant,
            options,
            men,
            hand,
            to_move,
            quiet_plies: 0,
            history: Vec::new(),
            ending: None,
        };
        position.history.push(position.key());
        position.ending = position.judge();
        Ok(position)
    }

    /// The rule set.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The options in force.
    pub fn options(&self) -> Options {
        self.options
    }

    /// The board.
    pub fn board(&self) -> &'static Board {
        self.variant.board()
    }

    /// The side to move (the side that would have moved, once the game is over).
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// How the game ended, if it has.
    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    /// The side whose man stands on `point`, if any.
    pub fn man_at(&self, point: Point) -> Option<Side> {
        let bit = self.board().bit(point)?;
        [Side::White, Side::Black]
            .into_iter()
            .find(|side| self.men[side.index()] & bit != 0)
    }

    /// The mills through `point` whose men are all of one side. After a move to `point`, the
    /// mills that move made (in Three Men's Morris, the winning row).
    pub fn mills_at(&self, point: Point) -> Vec<Vec<Point>> {
        let board = self.board();
        let (Some(bit), Some(side)) = (board.bit(point), self.man_at(point)) else {
            return Vec::new();
        };
        let men = self.men[side.index()];
        board
            .mills_through(bit)
            .iter()
            .filter(|&&line| line & men == line)
            .map(|&line| bits(line).map(|b| board.point(b)).collect())
            .collect()
    }

    /// `m` with the men it removes in each order the rules accept, `m` as given first if they
    /// accept it: the legal moves name each set of men once, but a player may take them in any
    /// order the rule about men in mills allows.
    pub fn removal_orders(&self, m: Move) -> Vec<Move> {
        let removed: Vec<Point> = m.removals().iter().collect();
        let as_given: &[usize] = &[0, 1, 2][..removed.len()];
        std::iter::once(as_given)
            .chain(other_orders(removed.len()))
            .map(|order| {
                let removals = order
                    .iter()
                    .fold(Removals::default(), |r, &i| r.with(removed[i]));
                m.with_removals(removals)
            })
            .filter(|reordered| self.check(*reordered).is_ok())
            .collect()
    }

    /// How many mills a step of the side to move closes: one, two for a double mill, three on
    /// the Twelve Men's board with its diagonals; none for a step that closes no mill, names a
    /// point not on this board, or is `resign` or `draw`. The step is not checked otherwise, and
    /// its removals are not looked at.
    pub fn mills_made_by(&self, m: Move) -> usize {
        let board = self.board();
        let (from, to) = match m {
            Move::Place { to, .. } => (None, to),
            Move::Shift { from, to, .. } => (Some(from), to),
            Move::Resign | Move::Draw => return 0,
        };
        let from = match from {
            Some(from) => board.bit(from),
            None => Some(0),
        };
        let (Some(from), Some(to)) = (from, board.bit(to)) else {
            return 0;
        };
        let own = self.men[self.to_move.index()];
        self.mills_closed(own & !from | to, to)
    }

    /// The points of a side's men on the board.
    pub fn men_of(&self, side: Side) -> Vec<Point> {
        bits(self.men[side.index()])
            .map(|b| self.board().point(b))
            .collect()
    }

    /// The points of a side's men as a bit set in the board's order (for the computer player).
    pub fn men_bits(&self, side: Side) -> Points {
        self.men[side.index()]
    }

    /// The positions since the last placement or removal, the current one last, each as the
    /// number [`Position::key`] gives (for the computer player's repetition checks).
    pub fn history(&self) -> &[u64] {
        &self.history
    }

    /// How many men a side has on the board.
    pub fn on_board(&self, side: Side) -> u8 {
        self.men[side.index()].count_ones() as u8
    }

    /// How many men a side still has in hand.
    pub fn in_hand(&self, side: Side) -> u8 {
        self.hand[side.index()]
    }

    /// How many of a side's men the other side has removed.
    pub fn lost(&self, side: Side) -> u8 {
        self.variant.men() - self.on_board(side) - self.in_hand(side)
    }

    /// What `side` does on its turn: place, move or fly.
    pub fn phase(&self, side: Side) -> Phase {
        if self.hand[side.index()] > 0 {
            Phase::Placing
        } else if self.can_fly(side) {
            Phase::Flying
        } else {
            Phase::Moving
        }
    }

    /// The points of `side`'s men that stand in a mill.
    pub fn in_mills(&self, side: Side) -> Vec<Point> {
        let own = self.men[side.index()];
        bits(self.mill_men(own))
            .map(|b| self.board().point(b))
            .collect()
    }

    /// Plies played in the moving phase since the last mill.
    pub fn quiet_plies(&self) -> u16 {
        self.quiet_plies
    }

    /// How many times the current position has occurred, with this player to move.
    pub fn occurrences(&self) -> usize {
        let key = self.key();
        self.history.iter().filter(|k| **k == key).count()
    }

    /// Every legal move of the side to move, removals included (not `resign` or `draw`, which
    /// are always open while the game is on).
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        if self.ending.is_some() {
            return moves;
        }
        let side = self.to_move.index();
        let (own, opp) = (self.men[side], self.men[1 - side]);
        let empty = self.board().all() & !(own | opp);
        let board = self.board();
        let mut add = |from: Option<Points>, to: Points| {
            let after = own & !from.unwrap_or(0) | to;
            let step = match from {
                Some(from) => Move::Shift {
                    from: board.point(from),
                    to: board.point(to),
                    removals: Removals::default(),
                },
                None => Move::Place {
                    to: board.point(to),
                    removals: Removals::default(),
                },
            };
            self.add_with_removals(&mut moves, step, self.removals_due(after, to, opp), opp);
        };
        if self.hand[side] > 0 {
            for to in bits(empty) {
                add(None, to);
            }
        } else {
            let flying = self.can_fly(self.to_move);
            for from in bits(own) {
                let targets = if flying {
                    empty
                } else {
                    board.neighbours(from) & empty
                };
                for to in bits(targets) {
                    add(Some(from), to);
                }
            }
        }
        moves
    }

    /// Checks a move without playing it: `Ok` when it is legal here, otherwise the first thing
    /// wrong with it.
    pub fn check(&self, m: Move) -> Result<(), IllegalMove> {
        if self.ending.is_some() {
            return Err(IllegalMove::GameOver);
        }
        let board = self.board();
        let bit = |p: Point| board.bit(p).ok_or(IllegalMove::NoSuchPoint(p));
        let side = self.to_move.index();
        let (own, opp) = (self.men[side], self.men[1 - side]);
        let (after, to) = match m {
            Move::Resign | Move::Draw => return Ok(()),
            Move::Place { to, .. } => {
                let to_bit = bit(to)?;
                if self.hand[side] == 0 {
                    return Err(IllegalMove::HandEmpty);
                }
                if (own | opp) & to_bit != 0 {
                    return Err(IllegalMove::Occupied(to));
                }
                (own | to_bit, to_bit)
            }
            Move::Shift { from, to, .. } => {
                let (from_bit, to_bit) = (bit(from)?, bit(to)?);
                if self.hand[side] > 0 {
                    return Err(IllegalMove::MenInHand);
                }
                if opp & from_bit != 0 {
                    return Err(IllegalMove::NotYourMan(from, self.to_move.opponent()));
                }
                if own & from_bit == 0 {
                    return Err(IllegalMove::NoManThere(from));
                }
                if from == to {
                    return Err(IllegalMove::SamePoint(from));
                }
                if (own | opp) & to_bit != 0 {
                    return Err(IllegalMove::Occupied(to));
                }
                if !self.can_fly(self.to_move) && board.neighbours(from_bit) & to_bit == 0 {
                    return Err(IllegalMove::NotNeighbours(from, to, self.variant));
                }
                (own & !from_bit | to_bit, to_bit)
            }
        };
        let due = self.removals_due(after, to, opp);
        let removals = m.removals();
        if due == 0 && !removals.is_empty() {
            return Err(if self.variant.mill_wins() {
                IllegalMove::NothingRemoved(self.variant)
            } else {
                IllegalMove::NoMill
            });
        }
        let mut left = opp;
        for point in removals.iter() {
            let b = bit(point)?;
            if left & b == 0 {
                return Err(if opp & b != 0 {
                    IllegalMove::RemovedTwice(point)
                } else if after & b != 0 {
                    IllegalMove::RemoveOwnMan(point)
                } else {
                    IllegalMove::NothingToRemove(point, self.to_move.opponent())
                });
            }
            if self.removable(left) & b == 0 {
                return Err(IllegalMove::InMill(point));
            }
            left &= !b;
        }
        match removals.len() {
            given if given < due => Err(IllegalMove::RemovalDue(due)),
            given if given > due => Err(IllegalMove::TooManyRemovals(due)),
            _ => Ok(()),
        }
    }

    /// Plays a move of the side to move, or refuses it and changes nothing.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        self.check(m)?;
        self.apply(m);
        Ok(())
    }

    fn apply(&mut self, m: Move) {
        let board = self.variant.board();
        let side = self.to_move.index();
        let bit = |p: Point| board.bit(p).expect("a checked move names real points");
        let mut irreversible = false;
        match m {
            Move::Resign => {
                self.ending = Some(Ending::Resigned {
                    loser: self.to_move,
                });
                return;
            }
            Move::Draw => {
                self.ending = Some(Ending::Agreed);
                return;
            }
            Move::Place { to, .. } => {
                self.men[side] |= bit(to);
                self.hand[side] -= 1;
                irreversible = true;
            }
            Move::Shift { from, to, .. } => {
                self.men[side] ^= bit(from) | bit(to);
                self.quiet_plies = self.quiet_plies.saturating_add(1);
            }
        }
        let removals = m.removals();
        if !removals.is_empty() {
            for point in removals.iter() {
                self.men[1 - side] &= !bit(point);
            }
            self.quiet_plies = 0;
            irreversible = true;
        }
        self.to_move = self.to_move.opponent();
        if irreversible {
            self.history.clear();
        }
        self.history.push(self.key());
        self.ending = self.judge();
    }

    /// Decides whether the game has ended, from the point of view of the side now to move.
    /// A win outranks a draw that the same move completes.
    fn judge(&self) -> Option<Ending> {
        let loser = self.to_move;
        let i = loser.index();
        let mover = self.men[loser.opponent().index()];
        if self.variant.mill_wins() && self.mill_men(mover) != 0 {
            return Some(Ending::ThreeInARow { loser });
        }
        if self.men[i].count_ones() as u8 + self.hand[i] < FEWEST_MEN {
            return Some(Ending::TwoMenLeft { loser });
        }
        let full = self.men[0] | self.men[1] == self.board().all();
        if self.variant.full_board_draws() && full {
            return Some(Ending::BoardFull);
        }
        if !self.has_a_move(loser) {
            return Some(Ending::NoLegalMove { loser });
        }
        if self.options.repetition_draw && self.occurrences() >= REPETITIONS_FOR_DRAW {
            return Some(Ending::Repetition);
        }
        if self.options.fifty_move_draw && self.quiet_plies >= QUIET_PLIES_FOR_DRAW {
            return Some(Ending::FiftyMoves);
        }
        None
    }

    fn has_a_move(&self, side: Side) -> bool {
        let own = self.men[side.index()];
        let empty = self.board().all() & !(self.men[0] | self.men[1]);
        if empty == 0 {
            return false;
        }
        if self.hand[side.index()] > 0 || self.can_fly(side) {
            return true;
        }
        bits(own).any(|from| self.board().neighbours(from) & empty != 0)
    }

    fn can_fly(&self, side: Side) -> bool {
        self.variant.flying()
            && self.hand[side.index()] == 0
            && self.men[side.index()].count_ones() == u32::from(FEWEST_MEN)
    }

    /// How many men the mover removes after making `after` by putting a man on `to`.
    fn removals_due(&self, after: Points, to: Points, opp: Points) -> usize {
        if self.variant.mill_wins() {
            return 0;
        }
        let mills = self.mills_closed(after, to);
        let most = if self.options.two_removals { mills } else { 1 };
        mills.min(most).min(opp.count_ones() as usize)
    }

    /// How many lines through `to` are all of `men`.
    fn mills_closed(&self, men: Points, to: Points) -> usize {
        self.board()
            .mills_through(to)
            .iter()
            .filter(|line| men & **line == **line)
            .count()
    }

    /// The men of a set that stand in a mill of that set.
    fn mill_men(&self, men: Points) -> Points {
        self.board()
            .mills()
            .iter()
            .filter(|line| men & **line == **line)
            .fold(0, |set, line| set | line)
    }

    /// The men of `men` that may be removed: those not in a mill, or all when every one is.
    fn removable(&self, men: Points) -> Points {
        let free = men & !self.mill_men(men);
        if free != 0 {
            free
        } else {
            men
        }
    }

    /// Adds `step` with each set of `due` men it may remove (see [`each_removal_set`]).
    fn add_with_removals(&self, moves: &mut Vec<Move>, step: Move, due: usize, opp: Points) {
        let board = self.board();
        each_removal_set(
            due,
            opp,
            |men| self.removable(men),
            |set| {
                let removals = set
                    .iter()
                    .fold(Removals::default(), |r, man| r.with(board.point(*man)));
                moves.push(step.with_removals(removals));
            },
        );
    }

    /// The position as one number: men, hands and the side to move. Equal numbers are equal
    /// positions (boards have at most 24 points and hands at most 15 men).
    pub fn key(&self) -> u64 {
        u64::from(self.men[0])
            | u64::from(self.men[1]) << 24
            | u64::from(self.hand[0]) << 48
            | u64::from(self.hand[1]) << 52
            | (self.to_move.index() as u64) << 56
    }

    /// Reads the variant and options of a record's header for a game of `seats` players.
    pub fn from_header(
        variant: Option<&str>,
        options: &serde_json::Map<String, serde_json::Value>,
        seats: usize,
    ) -> Result<Position, String> {
        let names = || {
            Variant::ALL
                .iter()
                .map(|v| v.name())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let variant = match variant {
            None => return Err(format!("Morris needs a variant ({})", names())),
            Some(name) => Variant::from_name(name)
                .ok_or_else(|| format!("unknown Morris variant \"{name}\" (known: {})", names()))?,
        };
        if seats != 2 {
            return Err(format!("Morris is for 2 players, not {seats}"));
        }
        let options: Options = super::read_options("Morris", options)?;
        Ok(Position::new(variant, options))
    }

    /// The options as a record writes them.
    pub fn options_json(&self) -> serde_json::Map<String, serde_json::Value> {
        match serde_json::to_value(self.options) {
            Ok(serde_json::Value::Object(map)) => map,
            _ => serde_json::Map::new(),
        }
    }
}

impl Game for Position {
    type Move = Move;
    type Chance = NoChance;
    type ParseError = ParseMoveError;
    type Illegal = IllegalMove;
    type Observation = Position;

    const NAME: &'static str = "morris";

    fn seats(&self) -> usize {
        2
    }

    fn turn(&self) -> Turn {
        match self.ending {
            Some(_) => Turn::Over,
            None => Turn::Seat(self.to_move.seat()),
        }
    }

    fn legal_moves(&self) -> Vec<Move> {
        Position::legal_moves(self)
    }

    fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        Position::play(self, m)
    }

    fn chance_outcomes(&self) -> ChanceOutcomes<NoChance> {
        ChanceOutcomes::Listed(Vec::new())
    }

    fn sample_chance(&self, _: &mut dyn RngCore) -> Option<NoChance> {
        None
    }

    fn parse_chance(&self, text: &str) -> Result<NoChance, ParseMoveError> {
        let _ = text;
        Err(ParseMoveError::no_chance())
    }

    fn play_chance(&mut self, outcome: &NoChance) -> Result<(), IllegalMove> {
        match *outcome {}
    }

    fn outcome(&self) -> Option<Outcome> {
        let ending = self.ending?;
        let winners = match ending.winner() {
            Some(side) => vec![side.seat()],
            None => vec![Seat(0), Seat(1)],
        };
        Some(Outcome {
            winners,
            drawn: ending.winner().is_none(),
            reason: ending.reason().to_string(),
        })
    }

    fn scores(&self) -> Vec<i32> {
        [Side::White, Side::Black]
            .iter()
            .map(|&s| i32::from(self.on_board(s) + self.in_hand(s)))
            .collect()
    }

    fn observe(&self, _: Seat) -> Position {
        self.clone()
    }
}

/// The number of move sequences of `depth` whole turns from `position` (removals are part of a
/// turn; `resign` and `draw` are not counted).
pub fn perft(position: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = position.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|m| {
            let mut next = position.clone();
            next.apply(m);
            perft(&next, depth - 1)
        })
        .sum()
}
