//! The geometry of the Morris boards, as data: points, the lines that make mills, and the links
//! along which men move. Everything else (neighbours, lines through a point) is derived from it.

use std::sync::LazyLock;

/// A point of a Morris board, named on the 7 x 7 grid of the literature and of existing mill
/// programs: files a-g from left to right, ranks 1-7 from bottom to top.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Point {
    file: u8,
    rank: u8,
}

/// How many files and ranks the naming grid has at most (the 24-point boards use all seven).
pub const GRID: u8 = 7;

impl Point {
    /// The point on `file` and `rank`, both counted from 0; `None` off the 7 x 7 grid.
    pub const fn new(file: u8, rank: u8) -> Option<Point> {
        if file < GRID && rank < GRID {
            Some(Point { file, rank })
        } else {
            None
        }
    }

    /// The file, from 0 (a) to 6 (g).
    pub fn file(self) -> u8 {
        self.file
    }

    /// The rank, from 0 (rank 1) to 6 (rank 7).
    pub fn rank(self) -> u8 {
        self.rank
    }
}

/// A bit set of a board's points, one bit per point in the board's order.
pub type Points = u32;

/// One of the Morris boards.
#[derive(Debug)]
pub struct Board {
    /// How many files and ranks this board's names use (7 for the 24-point boards, 5 for Six
    /// Men's Morris, 3 for Three Men's Morris).
    size: u8,
    /// Every point, in a fixed order (file, then rank); a point's place here is its bit.
    points: Vec<Point>,
    /// Each line of three points that makes a mill, as a set.
    mills: Vec<Points>,
    /// For each point, its neighbours (the points one step away along a line or link).
    neighbours: Vec<Points>,
    /// For each point, the mills that pass through it.
    mills_through: Vec<Vec<Points>>,
    /// Where each grid square's point sits in `points`.
    index: [Option<u8>; (GRID * GRID) as usize],
}

impl Board {
    /// Builds a board from its mills ("a7 d7 g7, b6 d6 f6, ...") and the extra links along
    /// which men move but which make no mill ("a4 b4, ...").
    fn from_text(size: u8, mills: &str, links: &str) -> Board {
        let parse_groups = |text: &str| -> Vec<Vec<Point>> {
            text.split(',')
                .map(|group| {
                    group
                        .split_whitespace()
                        .map(|name| name.parse::<Point>().expect("board data names real points"))
                        .collect()
                })
                .filter(|group: &Vec<Point>| !group.is_empty())
                .collect()
        };
        let mill_lines = parse_groups(mills);
        let link_lines = parse_groups(links);

        let mut points: Vec<Point> = mill_lines
            .iter()
            .chain(&link_lines)
            .flatten()
            .copied()
            .collect();
        crate::sort::sort(&mut points);
        points.dedup();
        assert!(points.len() <= 32, "a board's points must fit in a bit set");

        let mut index = [None; (GRID * GRID) as usize];
        for (i, p) in points.iter().enumerate() {
            index[grid_square(*p)] = Some(i as u8);
        }
        let bit = |p: &Point| 1u32 << index[grid_square(*p)].expect("point is on the board");

        let mills: Vec<Points> = mill_lines
            .iter()
            .map(|line| line.iter().map(bit).fold(0, |set, b| set | b))
            .collect();
        let mut neighbours = vec![0; points.len()];
        for line in mill_lines.iter().chain(&link_lines) {
            for pair in line.windows(2) {
                let (a, b) = (bit(&pair[0]), bit(&pair[1]));
                neighbours[a.trailing_zeros() as usize] |= b;
                neighbours[b.trailing_zeros() as usize] |= a;
            }
        }
        let mills_through = (0..points.len())
            .map(|i| {
                mills
                    .iter()
                    .copied()
                    .filter(|m| m & (1 << i) != 0)
                    .collect()
            })
            .collect();
        assert!(
            points.iter().all(|p| p.file < size && p.rank < size),
            "a board's points lie on its grid"
        );
        Board {
            size,
            points,
            mills,
            neighbours,
            mills_through,
            index,
        }
    }

    /// How many files and ranks the board's point names use.
    pub fn size(&self) -> u8 {
        self.size
    }

    /// Every point of the board, in the board's order.
    pub fn points(&self) -> &[Point] {
        &self.points
    }

    /// The set of every point.
    pub fn all(&self) -> Points {
        if self.points.len() == 32 {
            u32::MAX
        } else {
            (1 << self.points.len()) - 1
        }
    }

    /// The bit of `point`, or `None` when the board has no such point.
    pub fn bit(&self, point: Point) -> Option<Points> {
        self.index[grid_square(point)].map(|i| 1 << i)
    }

    /// The point of a single-bit set.
    pub fn point(&self, bit: Points) -> Point {
        self.points[bit.trailing_zeros() as usize]
    }

    /// Every mill line of the board.
    pub fn mills(&self) -> &[Points] {
        &self.mills
    }

    /// The mill lines through the point of a single-bit set.
    pub fn mills_through(&self, bit: Points) -> &[Points] {
        &self.mills_through[bit.trailing_zeros() as usize]
    }

    /// The neighbours of the point of a single-bit set.
    pub fn neighbours(&self, bit: Points) -> Points {
        self.neighbours[bit.trailing_zeros() as usize]
    }

    /// Pairs of neighbouring points, each once: the board's drawn lines.
    pub fn links(&self) -> Vec<(Point, Point)> {
        let mut links = Vec::new();
        for (i, &n) in self.neighbours.iter().enumerate() {
            for j in bits(n) {
                let j = j.trailing_zeros() as usize;
                if i < j {
                    links.push((self.points[i], self.points[j]));
                }
            }
        }
        links
    }
}

fn grid_square(p: Point) -> usize {
    usize::from(p.rank * GRID + p.file)
}

/// The single-bit sets of a set, lowest first.
pub fn bits(mut set: Points) -> impl Iterator<Item = Points> {
    std::iter::from_fn(move || {
        if set == 0 {
            None
        } else {
            let low = set & set.wrapping_neg();
            set &= set - 1;
            Some(low)
        }
    })
}

/// The 24-point board of Nine Men's Morris (Morrice, Morelles): three squares joined at the
/// middles of their sides. Every line of three makes a mill, long and short alike.
pub static NINE_MENS: LazyLock<Board> = LazyLock::new(|| Board::from_text(7, NINE_MENS_LINES, ""));

const NINE_MENS_LINES: &str =
    "a7 d7 g7, b6 d6 f6, c5 d5 e5, a4 b4 c4, e4 f4 g4, c3 d3 e3, b2 d2 f2, a1 d1 g1, \
     a1 a4 a7, b2 b4 b6, c3 c4 c5, d5 d6 d7, d1 d2 d3, e3 e4 e5, f2 f4 f6, g1 g4 g7";

/// The 24-point board of Twelve Men's Morris: the Nine Men's board with the four corner
/// diagonals, each a line of three that makes a mill and along which men move.
pub static TWELVE_MENS: LazyLock<Board> = LazyLock::new(|| {
    Board::from_text(
        7,
        &format!("{NINE_MENS_LINES}, a1 b2 c3, g1 f2 e3, a7 b6 c5, g7 f6 e5"),
        "",
    )
});

/// The 16-point board of Six Men's Morris: two squares, named on a 5 x 5 grid. Mills are made
/// only along the sides of the squares; the four short lines between the squares are for moving.
pub static SIX_MENS: LazyLock<Board> = LazyLock::new(|| {
    Board::from_text(
        5,
        "a5 c5 e5, b4 c4 d4, b2 c2 d2, a1 c1 e1, a1 a3 a5, b2 b3 b4, d2 d3 d4, e1 e3 e5",
        "a3 b3, d3 e3, c5 c4, c1 c2",
    )
});

/// The 9-point board of Three Men's Morris: a 3 x 3 grid with both diagonals. Every row,
/// column and diagonal is a line.
pub static THREE_MENS: LazyLock<Board> = LazyLock::new(|| {
    Board::from_text(
        3,
        "a3 b3 c3, a2 b2 c2, a1 b1 c1, a1 a2 a3, b1 b2 b3, c1 c2 c3, a1 b2 c3, a3 b2 c1",
        "",
    )
});
