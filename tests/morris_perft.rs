//! Perft for Morris: the number of move sequences of a given number of whole turns (removals
//! are part of a turn; `resign` and `draw` are not counted).
//!
//! How the expected counts were obtained:
//! - From the start, depths 1 to 4 are closed forms: no mill can be made before a side's third
//!   man (ply 5), so every ply places a man on any vacant point: 24, 24*23, 24*23*22,
//!   24*23*22*21.
//! - Depth 5 from the start is worked out by hand too: 24*23*22*21*20 placements, and every
//!   sequence in which White's three men fill a line counts twice, once for each of Black's two
//!   men (neither can be in a mill): 16 lines * 3! orders of White's men * 21*20 places for
//!   Black's two men off that line = 40 320 more, 5 140 800 in all.
//! - Everything else is counted at test time by [`reference`], a second, deliberately naive
//!   implementation of `rules/morris.md` written for this file only (points as strings, the 16
//!   lines typed in from the rules, men as sets of names, every position of the game kept for the
//!   repetition rule). It shares no code with the crate's move generator, so the crate's `perft`
//!   must agree with it. The counts it gave are also written down below, so that a change to
//!   either side shows at once.

use std::collections::BTreeMap;

use parlour::record::Record;
use parlour::rules::morris::{perft, Options, Position, Side, Variant};

mod reference {
    //! A slow, plain implementation of Morris, for checking the crate against.

    use std::collections::{BTreeSet, HashMap, HashSet};
    use std::sync::LazyLock;

    /// The 16 lines of `rules/morris.md`, rows then columns, as written there.
    pub const LINES: [[&str; 3]; 16] = [
        ["a7", "d7", "g7"],
        ["b6", "d6", "f6"],
        ["c5", "d5", "e5"],
        ["a4", "b4", "c4"],
        ["e4", "f4", "g4"],
        ["c3", "d3", "e3"],
        ["b2", "d2", "f2"],
        ["a1", "d1", "g1"],
        ["a1", "a4", "a7"],
        ["b2", "b4", "b6"],
        ["c3", "c4", "c5"],
        ["d5", "d6", "d7"],
        ["d1", "d2", "d3"],
        ["e3", "e4", "e5"],
        ["f2", "f4", "f6"],
        ["g1", "g4", "g7"],
    ];

    /// The rules in force: the preset's flying and the options.
    #[derive(Clone, Copy, Debug)]
    pub struct Rules {
        pub flying: bool,
        pub two_removals: bool,
        pub repetition_draw: bool,
        pub fifty_move_draw: bool,
    }

    impl Rules {
        pub fn new(flying: bool, two_removals: bool) -> Rules {
            Rules {
                flying,
                two_removals,
                repetition_draw: true,
                fifty_move_draw: true,
            }
        }
    }

    /// One whole turn: where the man comes from (none when placed), where it goes, and which
    /// opposing men are removed (as a set: the order does not change the position).
    #[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Debug)]
    pub struct Turn {
        pub from: Option<&'static str>,
        pub to: &'static str,
        pub removed: BTreeSet<&'static str>,
    }

    impl Turn {
        /// The turn in the rules' notation, removals in alphabetical order.
        pub fn text(&self) -> String {
            let mut text = match self.from {
                Some(from) => format!("{from}-{}", self.to),
                None => self.to.to_string(),
            };
            for r in &self.removed {
                text.push('x');
                text.push_str(r);
            }
            text
        }
    }

    type Snapshot = (Vec<&'static str>, Vec<&'static str>, [usize; 2], usize);

    #[derive(Clone, Debug)]
    pub struct Game {
        rules: Rules,
        men: [HashSet<&'static str>; 2],
        hand: [usize; 2],
        to_move: usize,
        /// Moving-phase plies since the last removal.
        quiet: usize,
        /// Every position of the game so far, the current one last.
        seen: Vec<Snapshot>,
        pub over: Option<&'static str>,
    }

    /// The 24 points, each once.
    static POINTS: LazyLock<Vec<&'static str>> = LazyLock::new(|| {
        let set: BTreeSet<&'static str> = LINES.iter().flatten().copied().collect();
        set.into_iter().collect()
    });

    /// For each point, the points next to it on a line.
    static NEIGHBOURS: LazyLock<HashMap<&'static str, Vec<&'static str>>> = LazyLock::new(|| {
        let mut near: HashMap<&'static str, Vec<&'static str>> = HashMap::new();
        for line in LINES {
            for pair in line.windows(2) {
                near.entry(pair[0]).or_default().push(pair[1]);
                near.entry(pair[1]).or_default().push(pair[0]);
            }
        }
        near
    });

    /// For each point, the lines through it.
    static LINES_THROUGH: LazyLock<HashMap<&'static str, Vec<[&'static str; 3]>>> =
        LazyLock::new(|| {
            let mut through: HashMap<&'static str, Vec<[&'static str; 3]>> = HashMap::new();
            for line in LINES {
                for p in line {
                    through.entry(p).or_default().push(line);
                }
            }
            through
        });

    fn in_a_mill(men: &HashSet<&'static str>, p: &str) -> bool {
        LINES_THROUGH[p]
            .iter()
            .any(|line| line.iter().all(|q| men.contains(q)))
    }

    /// The men that may be taken: those not in a mill, or all of them when all are.
    fn removable(men: &HashSet<&'static str>) -> Vec<&'static str> {
        let free: Vec<&'static str> = men.iter().copied().filter(|p| !in_a_mill(men, p)).collect();
        if free.is_empty() {
            men.iter().copied().collect()
        } else {
            free
        }
    }

    impl Game {
        pub fn start(rules: Rules) -> Game {
            Game::setup(rules, &[], &[], [9, 9], 0)
        }

        pub fn setup(
            rules: Rules,
            white: &[&'static str],
            black: &[&'static str],
            hand: [usize; 2],
            to_move: usize,
        ) -> Game {
            let mut game = Game {
                rules,
                men: [
                    white.iter().copied().collect(),
                    black.iter().copied().collect(),
                ],
                hand,
                to_move,
                quiet: 0,
                seen: Vec::new(),
                over: None,
            };
            game.seen.push(game.snapshot());
            game.judge();
            game
        }

        fn snapshot(&self) -> Snapshot {
            let sorted = |set: &HashSet<&'static str>| {
                let mut v: Vec<&'static str> = set.iter().copied().collect();
                v.sort();
                v
            };
            (
                sorted(&self.men[0]),
                sorted(&self.men[1]),
                self.hand,
                self.to_move,
            )
        }

        fn flies(&self, side: usize) -> bool {
            self.rules.flying && self.hand[side] == 0 && self.men[side].len() == 3
        }

        /// Where the side's men may go, removals aside.
        fn steps(&self, side: usize) -> Vec<(Option<&'static str>, &'static str)> {
            let vacant: Vec<&'static str> = POINTS
                .iter()
                .copied()
                .filter(|p| !self.men[0].contains(p) && !self.men[1].contains(p))
                .collect();
            let mut steps = Vec::new();
            if self.hand[side] > 0 {
                for &to in &vacant {
                    steps.push((None, to));
                }
            } else {
                for &from in &self.men[side] {
                    for &to in &vacant {
                        if self.flies(side) || NEIGHBOURS[from].contains(&to) {
                            steps.push((Some(from), to));
                        }
                    }
                }
            }
            steps
        }

        fn can_move(&self, side: usize) -> bool {
            let vacant = |p: &&'static str| !self.men[0].contains(p) && !self.men[1].contains(p);
            if self.hand[side] > 0 || self.flies(side) {
                POINTS.iter().any(vacant)
            } else {
                self.men[side]
                    .iter()
                    .any(|from| NEIGHBOURS[from].iter().any(vacant))
            }
        }

        /// Every legal turn of the side to move.
        pub fn turns(&self) -> Vec<Turn> {
            if self.over.is_some() {
                return Vec::new();
            }
            let me = self.to_move;
            let them = &self.men[1 - me];
            let mut turns = Vec::new();
            let free = removable(them);
            for (from, to) in self.steps(me) {
                // The mover's men after the step.
                let mine = |q: &&str| *q == to || (Some(*q) != from && self.men[me].contains(q));
                let mills = LINES_THROUGH[to]
                    .iter()
                    .filter(|line| line.iter().all(mine))
                    .count();
                let most = if self.rules.two_removals { 2 } else { 1 };
                let due = mills.min(most).min(them.len());
                let turn = |removed: &[&'static str]| Turn {
                    from,
                    to,
                    removed: removed.iter().copied().collect(),
                };
                match due {
                    0 => turns.push(turn(&[])),
                    1 => {
                        for &r in &free {
                            turns.push(turn(&[r]));
                        }
                    }
                    _ => {
                        // One man, then another from what is left: the rule applies to each.
                        for &r in &free {
                            let mut left = them.clone();
                            left.remove(r);
                            for s in removable(&left) {
                                turns.push(turn(&[r, s]));
                            }
                        }
                    }
                }
            }
            // A pair of men taken in either order is one turn.
            if self.rules.two_removals {
                turns.sort();
                turns.dedup();
            }
            turns
        }

        pub fn play(&mut self, turn: &Turn) {
            let me = self.to_move;
            match turn.from {
                Some(from) => {
                    self.men[me].remove(from);
                    self.quiet += 1;
                }
                None => self.hand[me] -= 1,
            }
            self.men[me].insert(turn.to);
            for r in &turn.removed {
                self.men[1 - me].remove(r);
            }
            if !turn.removed.is_empty() {
                self.quiet = 0;
            }
            self.to_move = 1 - me;
            self.seen.push(self.snapshot());
            self.judge();
        }

        /// Plays a turn written in notation, removals in the order given (each must be legal
        /// when it is made).
        pub fn play_text(&mut self, text: &str) -> Result<(), String> {
            let (step, removals) = match text.split_once('x') {
                Some((step, rest)) => (step, rest.split('x').collect::<Vec<_>>()),
                None => (text, Vec::new()),
            };
            let (from, to) = match step.split_once('-') {
                Some((from, to)) => (Some(from), to),
                None => (None, step),
            };
            let turn = self
                .turns()
                .into_iter()
                .find(|t| {
                    t.from == from
                        && t.to == to
                        && t.removed.len() == removals.len()
                        && removals.iter().all(|r| t.removed.contains(*r))
                })
                .ok_or_else(|| format!("{text} is not legal in the reference"))?;
            let mut left = self.men[1 - self.to_move].clone();
            for r in &removals {
                if !removable(&left).iter().any(|p| p == r) {
                    return Err(format!("{text}: {r} may not be taken at that point"));
                }
                left.remove(*r);
            }
            self.play(&turn);
            Ok(())
        }

        fn judge(&mut self) {
            let side = self.to_move;
            self.over = if self.men[side].len() + self.hand[side] < 3 {
                Some("two men left")
            } else if !self.can_move(side) {
                Some("no legal move")
            } else if self.rules.repetition_draw
                && self.seen.iter().filter(|s| **s == self.snapshot()).count() >= 3
            {
                Some("threefold repetition")
            } else if self.rules.fifty_move_draw && self.quiet >= 100 {
                Some("50 moves without a mill")
            } else {
                None
            };
        }

        /// Perft, by playing each turn on the game and taking it back.
        pub fn perft(&mut self, depth: u32) -> u64 {
            if depth == 0 {
                return 1;
            }
            let turns = self.turns();
            if depth == 1 {
                return turns.len() as u64;
            }
            let mut total = 0;
            for turn in &turns {
                let saved = (self.hand, self.to_move, self.quiet, self.over);
                self.play(turn);
                total += self.perft(depth - 1);
                // Take the turn back.
                self.seen.pop();
                (self.hand, self.to_move, self.quiet, self.over) = saved;
                let me = self.to_move;
                self.men[me].remove(turn.to);
                if let Some(from) = turn.from {
                    self.men[me].insert(from);
                }
                self.men[1 - me].extend(turn.removed.iter().copied());
            }
            total
        }

        /// Perft below each turn, by the turn's notation.
        pub fn divide(&self, depth: u32) -> Vec<(String, u64)> {
            self.turns()
                .iter()
                .map(|turn| {
                    let mut next = self.clone();
                    next.play(turn);
                    (turn.text(), next.perft(depth - 1))
                })
                .collect()
        }
    }
}

use reference::Rules;

/// Perft below each legal move of the crate, by the move's notation with the removals in
/// alphabetical order (as the reference writes them).
fn crate_divide(position: &Position, depth: u32) -> BTreeMap<String, u64> {
    position
        .legal_moves()
        .into_iter()
        .map(|m| {
            let mut next = position.clone();
            next.play(m).expect("a listed move plays");
            let mut removed: Vec<String> = m.removals().iter().map(|p| p.to_string()).collect();
            removed.sort();
            let step = m.with_removals(Default::default()).to_string();
            let text = std::iter::once(step)
                .chain(removed)
                .collect::<Vec<_>>()
                .join("x");
            (text, perft(&next, depth - 1))
        })
        .collect()
}

/// Compares the crate with the reference at every depth up to the last of `expected`, and both
/// with the counts written down; on a difference, names the first move whose subtree differs.
fn check(name: &str, position: &Position, reference: &reference::Game, expected: &[u64]) {
    for (i, &count) in expected.iter().enumerate() {
        let depth = i as u32 + 1;
        let ours = perft(position, depth);
        let theirs = reference.clone().perft(depth);
        if ours != theirs {
            let mine = crate_divide(position, depth);
            let other: BTreeMap<String, u64> = reference.divide(depth).into_iter().collect();
            let first = mine
                .iter()
                .find(|(m, n)| other.get(*m) != Some(n))
                .map(|(m, n)| format!("{m}: crate {n}, reference {:?}", other.get(m)))
                .or_else(|| {
                    other
                        .iter()
                        .find(|(m, _)| !mine.contains_key(*m))
                        .map(|(m, n)| format!("{m}: missing from the crate (reference {n})"))
                })
                .unwrap_or_default();
            panic!(
                "perft {name} depth {depth}: the crate counts {ours}, the reference {theirs}; first difference {first}"
            );
        }
        assert_eq!(
            ours, count,
            "perft {name} depth {depth}: crate and reference agree on {ours}, but the written count is {count}"
        );
    }
}

fn options(two_removals: bool) -> Options {
    Options {
        two_removals,
        ..Options::default()
    }
}

fn record(variant: &str, options: &str, moves: &[&str]) -> Record {
    let text = format!(
        r#"{{"format": "parlour-record", "version": 1, "game": "morris", "variant": "{variant}",
            "options": {options}, "players": [{{"name": "A", "kind": "human"}}, {{"name": "B", "kind": "human"}}],
            "moves": {}}}"#,
        serde_json::to_string(moves).unwrap()
    );
    Record::from_json(&text).expect("the test record reads")
}

/// The position after `moves`, from the crate (through a record's header, as the native tool
/// opens one) and from the reference (replaying the same notation itself).
fn after_moves(variant: Variant, options: Options, moves: &[&str]) -> (Position, reference::Game) {
    let options_json = serde_json::to_string(&options).unwrap();
    let header = record(variant.name(), &options_json, &[]);
    let mut position = header.start_morris().expect("the header opens");
    for text in moves {
        position
            .play(text.parse().expect("the test moves read"))
            .unwrap_or_else(|e| panic!("{text} should replay: {e}"));
    }
    let rules = Rules {
        flying: variant.flying(),
        two_removals: options.two_removals,
        repetition_draw: options.repetition_draw,
        fifty_move_draw: options.fifty_move_draw,
    };
    let mut reference = reference::Game::start(rules);
    for text in moves {
        reference
            .play_text(text)
            .unwrap_or_else(|e| panic!("the reference refuses {text}: {e}"));
    }
    (position, reference)
}

const FROM_START: [u64; 5] = [24, 552, 12_144, 255_024, 5_140_800];

#[test]
fn perft_from_the_start_follows_the_closed_forms() {
    let closed = [24, 24 * 23, 24 * 23 * 22, 24 * 23 * 22 * 21];
    assert_eq!(
        FROM_START[..4],
        closed,
        "perft: no mill before ply 5, so every ply places anywhere vacant"
    );
    assert_eq!(
        FROM_START[4],
        24 * 23 * 22 * 21 * 20 + 16 * 6 * 21 * 20,
        "perft: depth 5 is every placement, plus one more for each mill closed on ply 5"
    );
    for variant in [Variant::Morrice, Variant::Morelles] {
        let position = Position::new(variant, Options::default());
        for (i, &count) in FROM_START.iter().enumerate() {
            assert_eq!(
                perft(&position, i as u32 + 1),
                count,
                "perft {variant:?} from the start, depth {}",
                i + 1
            );
        }
    }
}

#[test]
fn perft_from_the_start_agrees_with_the_reference() {
    for variant in [Variant::Morrice, Variant::Morelles] {
        let (position, reference) = after_moves(variant, Options::default(), &[]);
        check(
            &format!("{variant:?} start"),
            &position,
            &reference,
            &FROM_START,
        );
    }
}

/// A game (random, seed 0) through the placing phase with two mills (d1 closes a1-d1-g1 and
/// takes c4, Black's c4 closes a4-b4-c4 and takes d7) and four moves: 8 men each, White to move,
/// both sides moving along lines.
const MIDGAME: [&str; 22] = [
    "f4", "a4", "g1", "e4", "e5", "g4", "d6", "c4", "a1", "d2", "d7", "d3", "d1xc4", "b4", "f6",
    "c4xd7", "b2", "d7", "f4-f2", "g4-f4", "g1-g4", "c4-c3",
];
const MIDGAME_COUNTS: [u64; 5] = [13, 224, 1_622, 21_726, 170_058];

#[test]
fn perft_midgame_moving_phase() {
    for variant in [Variant::Morrice, Variant::Morelles] {
        let (position, reference) = after_moves(variant, Options::default(), &MIDGAME);
        assert_eq!(
            position.in_hand(Side::White) + position.in_hand(Side::Black),
            0
        );
        check(
            &format!("{variant:?} midgame"),
            &position,
            &reference,
            &MIDGAME_COUNTS,
        );
    }
}

#[test]
fn perft_midgame_after_a_repetition() {
    // The midgame, then d6-b6 d7-g7 b6-d6 g7-d7: the position stands for the second time, so
    // playing those four moves again ends the game at depth 4 (threefold repetition) and the
    // 364 replies below it are not counted at depth 5.
    let mut moves = MIDGAME.to_vec();
    moves.extend(["d6-b6", "d7-g7", "b6-d6", "g7-d7"]);
    let (position, reference) = after_moves(Variant::Morrice, Options::default(), &moves);
    assert_eq!(position.occurrences(), 2, "the position has stood twice");
    check(
        "midgame repeated",
        &position,
        &reference,
        &[13, 224, 1_622, 21_726, 169_694],
    );
    let no_repetition = Options {
        repetition_draw: false,
        ..Options::default()
    };
    let (position, reference) = after_moves(Variant::Morrice, no_repetition, &moves);
    check(
        "midgame repeated, repetition_draw off",
        &position,
        &reference,
        &MIDGAME_COUNTS,
    );
}

/// White has three men (b4 d2 e5), Black seven (a7 d7 c3 f4 g1 b6 f2), White to move.
const THREE_MEN: (&str, &str) = ("b4 d2 e5", "a7 d7 c3 f4 g1 b6 f2");

#[test]
fn perft_with_three_men_differs_between_the_presets() {
    for (variant, counts) in [
        (Variant::Morrice, [8, 89, 583, 7_664, 40_273]),
        (Variant::Morelles, [42, 457, 20_214, 254_162, 9_651_582]),
    ] {
        let (white, black) = THREE_MEN;
        let position = Position::from_setup(
            variant,
            Options::default(),
            white,
            black,
            [0, 0],
            Side::White,
        )
        .unwrap();
        let names = |text: &'static str| text.split_whitespace().collect::<Vec<_>>();
        let rules = Rules::new(variant.flying(), false);
        let reference = reference::Game::setup(rules, &names(white), &names(black), [0, 0], 0);
        check(
            &format!("{variant:?} three men"),
            &position,
            &reference,
            &counts,
        );
    }
}

/// Twelve men placed (random, seed 90) without a mill. White's next man on e5 closes c5-d5-e5
/// and e3-e4-e5 at once, and c3 closes c3-d3-e3; Black's six men are all free. So depth 1 is
/// 10 quiet placements + 6 + 6 = 22 with one removal, and 10 + 6 + 15 pairs = 31 with two.
const LATE_PLACING: [&str; 12] = [
    "e3", "g7", "d5", "d6", "d3", "d7", "e4", "f6", "a7", "a4", "c5", "d2",
];

#[test]
fn perft_late_placing_with_and_without_two_removals() {
    for (two_removals, counts) in [
        (false, [22, 324, 6_041, 80_213, 1_291_771]),
        (true, [31, 449, 10_023, 130_892, 2_406_375]),
    ] {
        let (position, reference) =
            after_moves(Variant::Morrice, options(two_removals), &LATE_PLACING);
        check(
            &format!("late placing, two_removals {two_removals}"),
            &position,
            &reference,
            &counts,
        );
    }
}
