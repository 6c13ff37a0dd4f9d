//! Playing Morris at one screen: turns clicks, drags and keys on points into moves, asking the
//! rules what is legal. The board component draws what this says and reports what the player
//! touched; it knows no rule.

use crate::record::{Record, RecordError};
use crate::rules::and_list;
use crate::rules::morris::{Move, Phase, Point, Position, Removals, Side};

use super::Match;

/// What the player has chosen so far on their turn.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Selection {
    /// Nothing yet.
    Nothing,
    /// A man to move, waiting for where it goes.
    Man(Point),
    /// A move that makes a mill, waiting for the man (or men) to remove.
    Removing { step: Move, removals: Removals },
}

/// A move's removals while it waits for them: see [`MorrisPlay::removals_due`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RemovalsDue {
    /// The mills the move makes.
    pub mills: usize,
    /// The men it removes in all.
    pub men: usize,
    /// The men chosen so far.
    pub chosen: usize,
}

impl RemovalsDue {
    /// A single mill's one man, none chosen yet.
    pub const ONE: RemovalsDue = RemovalsDue {
        mills: 1,
        men: 1,
        chosen: 0,
    };

    /// What the mover is asked for next: "choose two of Black's men to remove, one at a time",
    /// "choose a second of Black's men to remove" (`them` is the other side's name).
    pub fn asking(&self, them: &str) -> String {
        const COUNTS: [&str; 4] = ["no", "one", "two", "three"];
        const ORDINALS: [&str; 4] = ["first", "first", "second", "third"];
        match (self.men, self.chosen) {
            (0 | 1, _) => format!("choose one of {them}'s men to remove"),
            (men, 0) => format!(
                "choose {} of {them}'s men to remove, one at a time",
                COUNTS.get(men).copied().unwrap_or("several")
            ),
            (_, chosen) => format!(
                "choose a {} of {them}'s men to remove",
                ORDINALS.get(chosen + 1).copied().unwrap_or("further")
            ),
        }
    }

    /// How many are chosen so far (one or more), as a sentence's start: "One chosen".
    pub fn chosen_words(&self) -> &'static str {
        if self.chosen <= 1 {
            "One chosen"
        } else {
            "Two chosen"
        }
    }
}

/// "a mill", "two mills", "three mills".
pub fn mills_words(mills: usize) -> String {
    match mills {
        0 | 1 => "a mill".to_string(),
        2 => "two mills".to_string(),
        3 => "three mills".to_string(),
        n => format!("{n} mills"),
    }
}

/// How the game answered a touch on the board.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Response {
    /// A man is picked up: now choose where it goes.
    Selected(Point),
    /// The choice was put down again.
    Cleared,
    /// The move makes a mill: now choose a man to remove.
    ChooseRemoval,
    /// A whole move was played.
    Played(Move),
    /// Nothing changed, and this is why.
    Refused(String),
}

/// A man on the board with a name that follows it from move to move (for drawing it moving).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Man {
    pub id: usize,
    pub side: Side,
    pub point: Point,
}

/// A game of Morris in play at one screen.
#[derive(Clone, Debug)]
pub struct MorrisPlay {
    pub game: Match<Position>,
    selection: Selection,
}

impl MorrisPlay {
    /// Opens a record (a new game has no moves) with the moves that were undone when it was
    /// saved.
    pub fn open(record: &Record, redo: &[String]) -> Result<MorrisPlay, RecordError> {
        let start = record.start_morris()?;
        Ok(MorrisPlay {
            game: Match::from_record(record, start, redo)?,
            selection: Selection::Nothing,
        })
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        self.game.position()
    }

    /// What the player has chosen so far.
    pub fn selection(&self) -> Selection {
        self.selection
    }

    /// The player touched `point` (click, tap, or Enter on the focused point).
    pub fn touch(&mut self, point: Point) -> Response {
        let position = self.position().clone();
        if position.ending().is_some() {
            return Response::Refused("the game is over".into());
        }
        let side = position.to_move();
        match self.selection {
            Selection::Removing { step, removals } => self.remove(step, removals.with(point)),
            Selection::Man(from) if from == point => self.clear(),
            Selection::Man(_) if position.man_at(point) == Some(side) => self.pick_up(point),
            Selection::Man(from) => self.step(Move::Shift {
                from,
                to: point,
                removals: Removals::default(),
            }),
            Selection::Nothing if position.phase(side) == Phase::Placing => {
                self.step(Move::Place {
                    to: point,
                    removals: Removals::default(),
                })
            }
            Selection::Nothing => match position.man_at(point) {
                Some(owner) if owner == side => self.pick_up(point),
                Some(owner) => {
                    Response::Refused(format!("the man on {point} is {}'s", owner.name()))
                }
                None => Response::Refused(format!(
                    "{} to move: choose one of {} men first",
                    side.name(),
                    if side == Side::White {
                        "White's"
                    } else {
                        "Black's"
                    }
                )),
            },
        }
    }

    /// The touches that bring a screen opened afresh on this game back to what the player has
    /// chosen so far: the man picked up; or, for a move waiting for its removals, its man's
    /// point (and where it went) and the men chosen to remove so far. None when nothing is
    /// chosen. Kept over a reload, so that a mill made just before it is not lost.
    pub fn touches(&self) -> Vec<Point> {
        match self.selection {
            Selection::Nothing => Vec::new(),
            Selection::Man(from) => vec![from],
            Selection::Removing { step, removals } => step
                .from()
                .into_iter()
                .chain(step.to())
                .chain(removals.iter())
                .collect(),
        }
    }

    /// Makes `touches` (from [`MorrisPlay::touches`]) again, to come back to a choice a reload
    /// interrupted. Nothing is played: if any touch is refused or would finish a move, the
    /// choice is left as it was before them all. Whether they were all made.
    pub fn resume(&mut self, touches: &[Point]) -> bool {
        let before = self.selection;
        let made = self.selection == Selection::Nothing
            && touches.iter().all(|&point| {
                let game = self.game.clone();
                match self.touch(point) {
                    Response::Played(_) => {
                        self.game = game;
                        false
                    }
                    Response::Refused(_) | Response::Cleared => false,
                    _ => true,
                }
            });
        if !made {
            self.selection = before;
        }
        made
    }

    /// The choice under way as text to keep over a reload: the moves played and the points
    /// touched since ("4:g7", "22:d6,d7,a4"); none when nothing is chosen.
    pub fn kept_choice(&self) -> Option<String> {
        let touches = self.touches();
        let points: Vec<String> = touches.iter().map(Point::to_string).collect();
        (!touches.is_empty()).then(|| format!("{}:{}", self.game.moves().len(), points.join(",")))
    }

    /// Makes again a choice kept by [`MorrisPlay::kept_choice`], if the game is still where it
    /// was when it was kept and the text reads; whether it was made.
    pub fn resume_kept(&mut self, kept: &str) -> bool {
        let Some((moves, touches)) = kept.split_once(':') else {
            return false;
        };
        let touches: Option<Vec<Point>> = touches.split(',').map(|t| t.parse().ok()).collect();
        match (moves.parse::<usize>(), touches) {
            (Ok(moves), Some(touches)) if moves == self.game.moves().len() => self.resume(&touches),
            _ => false,
        }
    }

    /// The player dragged the man on `from` to `to`.
    pub fn drag(&mut self, from: Point, to: Point) -> Response {
        if matches!(self.selection, Selection::Removing { .. }) {
            return Response::Refused("choose a man to remove first".into());
        }
        match self.pick_up(from) {
            Response::Selected(_) => self.touch(to),
            other => other,
        }
    }

    /// The player cancelled what they had chosen (Escape).
    pub fn clear(&mut self) -> Response {
        self.selection = Selection::Nothing;
        Response::Cleared
    }

    /// The points the player may touch now: where to place, which men may move, where the
    /// chosen man may go, or which men may be removed.
    pub fn targets(&self) -> Vec<Point> {
        let legal = self.legal_in_every_order();
        let mut points: Vec<Point> = match self.selection {
            Selection::Nothing => legal.iter().filter_map(|m| m.from().or(m.to())).collect(),
            Selection::Man(from) => legal
                .iter()
                .filter(|m| m.from() == Some(from))
                .filter_map(Move::to)
                .collect(),
            Selection::Removing { step, removals } => {
                let chosen: Vec<Point> = removals.iter().collect();
                legal
                    .iter()
                    .filter(|m| same_step(m, &step))
                    .filter_map(|m| {
                        let all: Vec<Point> = m.removals().iter().collect();
                        (all.len() > chosen.len() && all[..chosen.len()] == chosen[..])
                            .then(|| all[chosen.len()])
                    })
                    .collect()
            }
        };
        crate::sort::sort(&mut points);
        points.dedup();
        points
    }

    /// Plays `resign` for the player to move.
    pub fn resign(&mut self) -> Response {
        self.play_move(Move::Resign)
    }

    /// Ends the game drawn by agreement (the app has asked the other player).
    pub fn agree_draw(&mut self) -> Response {
        self.play_move(Move::Draw)
    }

    /// Takes back the last move; while a move waits for its removal, only that move, which is
    /// not yet made.
    pub fn undo(&mut self) -> bool {
        let waiting = matches!(self.selection, Selection::Removing { .. });
        self.selection = Selection::Nothing;
        waiting || self.game.undo()
    }

    /// Takes back the last move and the automatic moves before it (the computer's, with a
    /// person at the table), as [`Match::undo_to_person`]; while a move waits for its removal,
    /// only that move, which is not yet made.
    pub fn undo_to_person(&mut self, automatic: impl Fn(&Position) -> bool) -> bool {
        let waiting = matches!(self.selection, Selection::Removing { .. });
        self.selection = Selection::Nothing;
        waiting || self.game.undo_to_person(automatic)
    }

    /// Whether [`MorrisPlay::undo_to_person`] has anything to take back: a move waiting for its
    /// removal, or a move of a person's.
    pub fn can_undo_to_person(&self, automatic: impl Fn(&Position) -> bool) -> bool {
        matches!(self.selection, Selection::Removing { .. })
            || self.game.can_undo_to_person(automatic)
    }

    /// Plays again the last move taken back.
    pub fn redo(&mut self) -> bool {
        self.selection = Selection::Nothing;
        self.game.redo()
    }

    /// The last move in effect.
    pub fn last_move(&self) -> Option<Move> {
        self.game.moves().last().and_then(|text| text.parse().ok())
    }

    /// The mills the last move made, each as its points, to mark them.
    pub fn mills_made(&self) -> Vec<Vec<Point>> {
        self.last_move()
            .and_then(|m| m.to())
            .map_or_else(Vec::new, |to| self.position().mills_at(to))
    }

    /// The men on the board, each with a name that follows it since it was placed.
    pub fn men(&self) -> Vec<Man> {
        let mut men: Vec<Man> = Vec::new();
        for (ply, text) in self.game.moves().iter().enumerate() {
            let side = self.game.position_after(ply).to_move();
            let Ok(m) = text.parse::<Move>() else {
                continue;
            };
            match m {
                Move::Place { to, .. } => men.push(Man {
                    id: ply,
                    side,
                    point: to,
                }),
                Move::Shift { from, to, .. } => {
                    if let Some(man) = men.iter_mut().find(|man| man.point == from) {
                        man.point = to;
                    }
                }
                Move::Resign | Move::Draw => {}
            }
            for gone in m.removals().iter() {
                men.retain(|man| man.point != gone);
            }
        }
        men
    }

    /// The men as the board should show them: with the man of a move that waits for its
    /// removal already on its new point, and a man already chosen for removal (the first of
    /// two) gone.
    pub fn men_shown(&self) -> Vec<Man> {
        let mut men = self.men();
        if let Selection::Removing { step, removals } = self.selection {
            men.retain(|man| !removals.iter().any(|p| p == man.point));
            let side = self.position().to_move();
            match step {
                Move::Place { to, .. } => men.push(Man {
                    id: self.game.moves().len(),
                    side,
                    point: to,
                }),
                Move::Shift { from, to, .. } => {
                    if let Some(man) = men.iter_mut().find(|man| man.point == from) {
                        man.point = to;
                    }
                }
                Move::Resign | Move::Draw => {}
            }
        }
        men
    }

    /// A side's men in hand, on the board and taken from the other side, as the board shows
    /// them: a man placed by a move that waits for its removals is already on the board, and
    /// the men chosen so far are already gone.
    pub fn counts_shown(&self, side: Side) -> (u8, u8, u8) {
        let position = self.position();
        let (placed, lost, taken) = match self.selection {
            Selection::Removing { step, removals } => {
                let mover = position.to_move() == side;
                let placed = matches!(step, Move::Place { .. }) && mover;
                let chosen = removals.iter().count() as u8;
                let (lost, taken) = if mover { (0, chosen) } else { (chosen, 0) };
                (u8::from(placed), lost, taken)
            }
            _ => (0, 0, 0),
        };
        (
            position.in_hand(side) - placed,
            position.on_board(side) + placed - lost,
            position.lost(side.opponent()) + taken,
        )
    }

    /// A move described in words, for the live region and the move list's titles.
    pub fn describe(position_before: &Position, m: Move) -> String {
        Self::describe_as(position_before, m, position_before.to_move().name())
    }

    /// A move described in words with the mover called `side` ("Ada (White)").
    pub fn describe_as(position_before: &Position, m: Move, side: &str) -> String {
        let mut words = match m {
            Move::Place { to, .. } => format!("{side} places a man on {to}"),
            Move::Shift { from, to, .. } => {
                let verb = if position_before.phase(position_before.to_move()) == Phase::Flying {
                    "flies"
                } else {
                    "moves"
                };
                format!("{side} {verb} {from} to {to}")
            }
            Move::Resign => format!("{side} resigns"),
            Move::Draw => "The players agree a draw".to_string(),
        };
        let removed: Vec<Point> = m.removals().iter().collect();
        if !removed.is_empty() {
            // One man may close two lines at once (a double mill), or three on a board with
            // diagonals.
            let mills = position_before.mills_made_by(m).max(1);
            words.push_str(&format!(
                ", makes {} and removes {}",
                mills_words(mills),
                and_list(&removed)
            ));
        }
        words
    }

    /// While a move waits for its removals: the mills it makes, how many men it removes in all
    /// (one for each mill with the option of one man per mill), and how many are chosen.
    pub fn removals_due(&self) -> Option<RemovalsDue> {
        let Selection::Removing { step, removals } = self.selection else {
            return None;
        };
        let matching: Vec<Move> = self
            .legal_in_every_order()
            .into_iter()
            .filter(|m| same_step(m, &step))
            .collect();
        let mills = self.position().mills_made_by(step).max(1);
        let men = matching
            .iter()
            .map(|m| m.removals().iter().count())
            .max()
            .unwrap_or(1);
        Some(RemovalsDue {
            mills,
            men,
            chosen: removals.iter().count(),
        })
    }

    fn pick_up(&mut self, point: Point) -> Response {
        let position = self.position();
        let side = position.to_move();
        if position.phase(side) == Phase::Placing {
            return Response::Refused(format!(
                "{} still has men in hand: place one on a vacant point",
                side.name()
            ));
        }
        match position.man_at(point) {
            Some(owner) if owner == side => {}
            Some(owner) => {
                return Response::Refused(format!("the man on {point} is {}'s", owner.name()))
            }
            None => return Response::Refused(format!("there is no man on {point}")),
        }
        if !position
            .legal_moves()
            .iter()
            .any(|m| m.from() == Some(point))
        {
            return Response::Refused(format!("the man on {point} has nowhere to go"));
        }
        self.selection = Selection::Man(point);
        Response::Selected(point)
    }

    /// A placement or shift, before any removal: plays it, asks for a removal, or says why not.
    fn step(&mut self, step: Move) -> Response {
        let legal = self.position().legal_moves();
        let matching: Vec<&Move> = legal.iter().filter(|m| same_step(m, &step)).collect();
        if matching.is_empty() {
            let why = match self.position().check(step) {
                Err(e) => e.to_string(),
                Ok(()) => "that move is not possible now".to_string(),
            };
            return Response::Refused(why);
        }
        if matching.iter().any(|m| m.removals().is_empty()) {
            return self.play_move(step);
        }
        self.selection = Selection::Removing {
            step,
            removals: Removals::default(),
        };
        Response::ChooseRemoval
    }

    fn remove(&mut self, step: Move, removals: Removals) -> Response {
        let chosen: Vec<Point> = removals.iter().collect();
        let legal = self.legal_in_every_order();
        let fits = |m: &&Move| {
            let all: Vec<Point> = m.removals().iter().collect();
            same_step(m, &step) && all.len() >= chosen.len() && all[..chosen.len()] == chosen[..]
        };
        let matching: Vec<&Move> = legal.iter().filter(fits).collect();
        if matching.is_empty() {
            let why = match self.position().check(step.with_removals(removals)) {
                Err(e) => e.to_string(),
                Ok(()) => "that man cannot be removed".to_string(),
            };
            return Response::Refused(why);
        }
        if matching.iter().any(|m| m.removals().len() == chosen.len()) {
            return self.play_move(step.with_removals(removals));
        }
        self.selection = Selection::Removing { step, removals };
        Response::ChooseRemoval
    }

    /// The legal moves, with the men each removes also in their other orders that the rules
    /// accept: the list names each set of men once, but a player may take them in any order
    /// the rule about men in mills allows.
    fn legal_in_every_order(&self) -> Vec<Move> {
        let position = self.position();
        let legal = position.legal_moves();
        legal
            .into_iter()
            .flat_map(|m| position.removal_orders(m))
            .collect()
    }

    /// Plays a whole move (the computer's, or one read from notation); refused moves change
    /// nothing.
    pub fn play_move(&mut self, m: Move) -> Response {
        match self.game.play(m) {
            Ok(()) => {
                self.selection = Selection::Nothing;
                Response::Played(m)
            }
            Err(e) => Response::Refused(e.to_string()),
        }
    }
}

fn same_step(a: &Move, b: &Move) -> bool {
    a.from() == b.from() && a.to() == b.to()
}

impl Default for MorrisPlay {
    fn default() -> MorrisPlay {
        let record = Record::new(
            crate::games::GameKind::Morris,
            Some("morelles"),
            Position::new(crate::rules::morris::Variant::Morelles, Default::default())
                .options_json(),
            vec![
                crate::record::Player::human("White"),
                crate::record::Player::human("Black"),
            ],
        );
        MorrisPlay::open(&record, &[]).expect("a new game always opens")
    }
}
