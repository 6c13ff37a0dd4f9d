//! The table: the set, the bones played end to end from it, and the open ends (two, or up to
//! four round a spinner).

use super::bone::Bone;

/// An open end of the line. Without a spinner the line has a left and a right end; with a
/// spinner on the table the ends are named by the spinner's sides, west (the left end) and east
/// (the right end), and north and south off the spinner itself.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum End {
    Left,
    Right,
    North,
    East,
    South,
    West,
}

impl End {
    /// Every way of naming an end.
    pub const ALL: [End; 6] = [
        End::Left,
        End::Right,
        End::North,
        End::East,
        End::South,
        End::West,
    ];

    /// Which arm of the line the end is: left (west) 0, right (east) 1, north 2, south 3.
    pub fn arm(self) -> usize {
        match self {
            End::Left | End::West => 0,
            End::Right | End::East => 1,
            End::North => 2,
            End::South => 3,
        }
    }

    /// The letter of the end in notation.
    pub fn letter(self) -> char {
        match self {
            End::Left => 'L',
            End::Right => 'R',
            End::North => 'N',
            End::East => 'E',
            End::South => 'S',
            End::West => 'W',
        }
    }

    /// The end named by a letter (either case).
    pub fn from_letter(c: char) -> Option<End> {
        End::ALL
            .into_iter()
            .find(|e| e.letter() == c.to_ascii_uppercase())
    }

    /// The end's name in words ("the left end").
    pub fn name(self) -> &'static str {
        match self {
            End::Left => "left",
            End::Right => "right",
            End::North => "north",
            End::East => "east",
            End::South => "south",
            End::West => "west",
        }
    }
}

/// A bone played onto an arm of the line, with the number it leaves open (a double leaves its
/// own number).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Laid {
    pub bone: Bone,
    /// The half that touches the bone before it.
    pub touching: u8,
    /// The half that faces outward: what the next bone on this arm plays to.
    pub open: u8,
}

/// Which double, if any, may be played to on all four sides.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum SpinnerRule {
    /// No spinner: two ends.
    None,
    /// The first double of the hand becomes a spinner; its north and south open once both of its
    /// other sides have a bone (All Fives' option).
    FirstDouble,
    /// The set (always a double) is the spinner, open on all four sides at once (Sebastopol).
    Set,
}

/// Where the spinner lies.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum SpinnerAt {
    /// The set is the spinner.
    Set,
    /// The spinner lies on the left (0) or right (1) arm, at this place counted from the set.
    Arm(usize, usize),
}

/// An end of the line open for play.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct OpenEnd {
    pub end: End,
    /// The number a bone played there must match.
    pub number: u8,
    /// Whether the bone at that end is a double (it counts both halves).
    pub double: bool,
    /// Whether nothing has been played on this arm yet (the set, or the spinner, is the end).
    pub bare: bool,
}

/// The line of play.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Line {
    rule: SpinnerRule,
    set: Option<Bone>,
    /// Left (west), right (east), north, south: the bones played on each, from the set (or the
    /// spinner) outward.
    arms: [Vec<Laid>; 4],
    spinner: Option<SpinnerAt>,
}

impl Line {
    /// An empty table.
    pub fn new(rule: SpinnerRule) -> Line {
        Line {
            rule,
            set: None,
            arms: Default::default(),
            spinner: None,
        }
    }

    /// The first bone played, lying with its high end on the left.
    pub fn set(&self) -> Option<Bone> {
        self.set
    }

    /// The bones on an arm, from the set (or spinner) outward.
    pub fn arm(&self, end: End) -> &[Laid] {
        &self.arms[end.arm()]
    }

    /// Where the spinner lies, once a spinner is on the table.
    pub fn spinner_at(&self) -> Option<SpinnerAt> {
        self.spinner
    }

    /// The spinner bone, once on the table.
    pub fn spinner(&self) -> Option<Bone> {
        match self.spinner? {
            SpinnerAt::Set => self.set,
            SpinnerAt::Arm(arm, at) => Some(self.arms[arm][at].bone),
        }
    }

    /// How many bones are on the table.
    pub fn len(&self) -> usize {
        usize::from(self.set.is_some()) + self.arms.iter().map(Vec::len).sum::<usize>()
    }

    /// Whether nothing has been set yet.
    pub fn is_empty(&self) -> bool {
        self.set.is_none()
    }

    /// Every bone on the table.
    pub fn bones(&self) -> impl Iterator<Item = Bone> + '_ {
        self.set
            .into_iter()
            .chain(self.arms.iter().flatten().map(|laid| laid.bone))
    }

    /// How many of the spinner's four sides have a bone against them.
    pub fn spinner_sides_filled(&self) -> usize {
        let (inner, outer) = self.spinner_long_sides();
        usize::from(inner)
            + usize::from(outer)
            + usize::from(!self.arms[2].is_empty())
            + usize::from(!self.arms[3].is_empty())
    }

    /// Whether each of the spinner's two sides along the line has a bone.
    fn spinner_long_sides(&self) -> (bool, bool) {
        match self.spinner {
            None => (false, false),
            Some(SpinnerAt::Set) => (!self.arms[0].is_empty(), !self.arms[1].is_empty()),
            Some(SpinnerAt::Arm(arm, at)) => (true, self.arms[arm].len() > at + 1),
        }
    }

    /// Whether the spinner's north and south are open for play.
    pub fn north_south_open(&self) -> bool {
        match (self.rule, self.spinner) {
            (_, None) | (SpinnerRule::None, _) => false,
            (SpinnerRule::Set, Some(_)) => true,
            (SpinnerRule::FirstDouble, Some(_)) => {
                let (a, b) = self.spinner_long_sides();
                a && b
            }
        }
    }

    /// The name of an arm's end as this table calls it (`L`/`R` without a spinner, `W`/`E`/`N`/`S`
    /// with one).
    pub fn end_name(&self, arm: usize) -> End {
        match (arm, self.spinner.is_some()) {
            (0, false) => End::Left,
            (1, false) => End::Right,
            (0, true) => End::West,
            (1, true) => End::East,
            (2, _) => End::North,
            _ => End::South,
        }
    }

    /// The ends open for play, left (west), right (east), north, south.
    pub fn open_ends(&self) -> Vec<OpenEnd> {
        let Some(set) = self.set else {
            return Vec::new();
        };
        let mut ends = Vec::with_capacity(4);
        for arm in 0..2 {
            let end = self.end_name(arm);
            ends.push(match self.arms[arm].last() {
                Some(laid) => OpenEnd {
                    end,
                    number: laid.open,
                    double: laid.bone.is_double(),
                    bare: false,
                },
                None => OpenEnd {
                    end,
                    number: if arm == 0 { set.high } else { set.low },
                    double: set.is_double(),
                    bare: true,
                },
            });
        }
        if self.north_south_open() {
            let spinner = self.spinner().expect("a spinner is down");
            for arm in 2..4 {
                let end = self.end_name(arm);
                ends.push(match self.arms[arm].last() {
                    Some(laid) => OpenEnd {
                        end,
                        number: laid.open,
                        double: laid.bone.is_double(),
                        bare: false,
                    },
                    None => OpenEnd {
                        end,
                        number: spinner.high,
                        double: true,
                        bare: true,
                    },
                });
            }
        }
        ends
    }

    /// The open end at `end`, if it is open.
    pub fn open_end(&self, end: End) -> Option<OpenEnd> {
        self.open_ends()
            .into_iter()
            .find(|open| open.end.arm() == end.arm())
    }

    /// Lays the first bone.
    pub(crate) fn lay_set(&mut self, bone: Bone) {
        self.set = Some(bone);
        if bone.is_double() && self.rule != SpinnerRule::None {
            self.spinner = Some(SpinnerAt::Set);
        }
    }

    /// Lays a bone on an arm with `touching` against the end.
    pub(crate) fn lay(&mut self, bone: Bone, end: End, touching: u8) {
        let open = bone.other(touching).unwrap_or(touching);
        let arm = end.arm();
        self.arms[arm].push(Laid {
            bone,
            touching,
            open,
        });
        if bone.is_double() && self.spinner.is_none() && self.rule == SpinnerRule::FirstDouble {
            self.spinner = Some(SpinnerAt::Arm(arm, self.arms[arm].len() - 1));
        }
    }
}
