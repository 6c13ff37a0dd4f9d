//! The Doquin block as data: an N x N x N cube of cells with three playing faces (Front, Right,
//! Top), each drilled with N x N blind holes that run straight in through N cells.
//!
//! Coordinates: x runs left to right, y bottom to top, z front to back, each 0..N-1. Front is the
//! face z = 0, Right the face x = N-1, Top the face y = N-1. The formulas in [`Hole::cell`] are the
//! house rules' definition (`rules/doquin.md`); the block itself is Parlour's interpretation of the
//! inventor's patent.

/// The smallest and largest blocks Parlour offers (cells along an edge).
pub const SIZES: std::ops::RangeInclusive<u8> = 3..=5;
/// The block size when a record names none.
pub const DEFAULT_SIZE: u8 = 4;

/// One of the three playing faces of the block.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Face {
    Front,
    Right,
    Top,
}

impl Face {
    /// The three faces, in the order the notation and the hole numbering list them.
    pub const ALL: [Face; 3] = [Face::Front, Face::Right, Face::Top];

    /// The face's letter in notation (`F`, `R`, `T`).
    pub fn letter(self) -> char {
        match self {
            Face::Front => 'F',
            Face::Right => 'R',
            Face::Top => 'T',
        }
    }

    /// The face whose letter is `letter` (either case).
    pub fn from_letter(letter: char) -> Option<Face> {
        match letter.to_ascii_uppercase() {
            'F' => Some(Face::Front),
            'R' => Some(Face::Right),
            'T' => Some(Face::Top),
            _ => None,
        }
    }

    /// The face's name as players read it.
    pub fn name(self) -> &'static str {
        match self {
            Face::Front => "Front",
            Face::Right => "Right",
            Face::Top => "Top",
        }
    }
}

/// A hole in a playing face: its face, row and column, each counted from 1 as a player looking
/// straight at the face sees them (row 1 at the top, column 1 at the left).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Hole {
    pub face: Face,
    pub row: u8,
    pub column: u8,
}

/// A cell of the block: (x, y, z), each 0..N-1.
pub type Cell = (u8, u8, u8);

impl Hole {
    /// The hole `face` `row`-`column`.
    pub fn new(face: Face, row: u8, column: u8) -> Hole {
        Hole { face, row, column }
    }

    /// Whether the hole is drilled in a block of size `n`.
    pub fn fits(self, n: u8) -> bool {
        (1..=n).contains(&self.row) && (1..=n).contains(&self.column)
    }

    /// The cell at `depth` (0 at the face, N-1 at the bottom) of this hole in a block of size `n`.
    pub fn cell(self, depth: u8, n: u8) -> Cell {
        let (r, c, d) = (self.row, self.column, depth);
        match self.face {
            Face::Front => (c - 1, n - r, d),
            Face::Right => (n - 1 - d, n - r, c - 1),
            Face::Top => (c - 1, n - 1 - d, n - r),
        }
    }

    /// The hole's index among all holes of a block of size `n` (Front, then Right, then Top,
    /// each row by row).
    pub fn index(self, n: u8) -> usize {
        let face = Face::ALL.iter().position(|&f| f == self.face).unwrap_or(0);
        let n = usize::from(n);
        face * n * n + usize::from(self.row - 1) * n + usize::from(self.column - 1)
    }
}

/// The block of a given size: its holes and cells.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Block {
    /// Cells along an edge (and holes along a face's side, and cells along a hole).
    pub size: u8,
}

impl Block {
    /// The block of `size` cells along an edge.
    pub fn new(size: u8) -> Block {
        Block { size }
    }

    /// How many holes the three playing faces have together.
    pub fn hole_count(self) -> usize {
        3 * usize::from(self.size) * usize::from(self.size)
    }

    /// How many cells the block has.
    pub fn cell_count(self) -> usize {
        usize::from(self.size).pow(3)
    }

    /// Every hole, in [`Hole::index`] order.
    pub fn holes(self) -> impl Iterator<Item = Hole> {
        let n = self.size;
        Face::ALL.into_iter().flat_map(move |face| {
            (1..=n).flat_map(move |row| (1..=n).map(move |column| Hole::new(face, row, column)))
        })
    }

    /// The cell's index into per-cell arrays.
    pub fn cell_index(self, (x, y, z): Cell) -> usize {
        let n = usize::from(self.size);
        usize::from(x) + n * (usize::from(y) + n * usize::from(z))
    }
}
