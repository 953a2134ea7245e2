//! The checked Keen puzzle: a size, cages that tile the grid, and one arithmetic clue per cage.
//!
//! A [`KeenPuzzle`] can only be built through [`KeenPuzzle::new`], which checks every rule of the
//! format, so code holding one never re-validates it. Whether the clues admit a solution is the
//! solver's question, not this type's.

use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::latin::Grid;
use crate::topology::regions::is_connected;
use crate::topology::{SquareGrid, Topology};

/// The largest grid Gridsmith handles (upstream offers 3 to 9).
pub const MAX_SIZE: usize = crate::latin::MAX_SIDE;

/// A cage's arithmetic operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Op {
    /// The cage's values add up to the target.
    Add,
    /// The cage's values multiply to the target.
    Mul,
    /// The larger of the two values minus the smaller is the target.
    Sub,
    /// The larger of the two values divided by the smaller is the target.
    Div,
}

impl Op {
    /// Every operation, in upstream's letter order.
    pub const ALL: [Op; 4] = [Op::Add, Op::Mul, Op::Sub, Op::Div];

    /// Upstream's clue letter (`a`, `m`, `s`, `d`).
    pub fn letter(self) -> char {
        match self {
            Op::Add => 'a',
            Op::Mul => 'm',
            Op::Sub => 's',
            Op::Div => 'd',
        }
    }

    /// The operation for upstream's clue letter.
    pub fn from_letter(letter: char) -> Option<Op> {
        Op::ALL.into_iter().find(|op| op.letter() == letter)
    }

    /// The symbol printed in a clue (`+ x - /`), ASCII so it survives any terminal.
    pub fn ascii_symbol(self) -> char {
        match self {
            Op::Add => '+',
            Op::Mul => 'x',
            Op::Sub => '-',
            Op::Div => '/',
        }
    }

    /// The typographic symbol (`+ × − ÷`) for display.
    pub fn symbol(self) -> char {
        match self {
            Op::Add => '+',
            Op::Mul => '×',
            Op::Sub => '−',
            Op::Div => '÷',
        }
    }

    /// Whether the operation is only defined for two cells.
    pub fn needs_two_cells(self) -> bool {
        matches!(self, Op::Sub | Op::Div)
    }

    /// The English word, for messages.
    pub fn name(self) -> &'static str {
        match self {
            Op::Add => "addition",
            Op::Mul => "multiplication",
            Op::Sub => "subtraction",
            Op::Div => "division",
        }
    }
}

/// A cage's clue: an operation and a positive target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Clue {
    /// The operation.
    pub op: Op,
    /// The result the cage's values must give.
    pub target: u64,
}

impl Clue {
    /// A clue from its parts.
    pub fn new(op: Op, target: u64) -> Self {
        Self { op, target }
    }

    /// Whether these values (one per cage cell) satisfy the clue's arithmetic.
    pub fn holds(&self, values: &[u8]) -> bool {
        let mut vals = values.iter().map(|&v| u64::from(v));
        match self.op {
            Op::Add => vals.sum::<u64>() == self.target,
            Op::Mul => vals.try_fold(1u64, |acc, v| acc.checked_mul(v)) == Some(self.target),
            Op::Sub | Op::Div => match values {
                &[a, b] => {
                    let (hi, lo) = (u64::from(a.max(b)), u64::from(a.min(b)));
                    match self.op {
                        Op::Sub => hi - lo == self.target,
                        _ => lo > 0 && hi == lo * self.target,
                    }
                }
                _ => false,
            },
        }
    }
}

impl Clue {
    /// Why this clue cannot sit on a cage of `cells` cells in a grid of side `w`, if it cannot:
    /// the one place these rules are written (puzzles refuse the first two, the designer names
    /// all three).
    pub fn problem(&self, cells: usize, w: usize) -> Option<ClueProblem> {
        if self.op.needs_two_cells() && cells != 2 {
            return Some(ClueProblem::NeedsTwoCells { op: self.op, cells });
        }
        if self.target == 0 {
            return Some(ClueProblem::ZeroTarget);
        }
        let (w, k) = (w as u64, cells as u32);
        let reachable = match self.op {
            Op::Add => self.target <= w * u64::from(k) && self.target >= u64::from(k),
            Op::Mul => w.checked_pow(k).is_none_or(|max| self.target <= max),
            Op::Sub => self.target < w,
            Op::Div => self.target <= w && self.target >= 2,
        };
        (!reachable).then_some(ClueProblem::Unreachable {
            clue: *self,
            cells,
            w: w as usize,
        })
    }

    /// The clue as printed in a cage, with typographic symbols: `12+`, `3−`, `2÷`, `60×`, or the
    /// digit alone on a one-cell cage (where a sum or product means the digit itself; a `−` or
    /// `÷` there is an error the drawing must show, so it keeps its symbol).
    pub fn label(&self, cells: usize) -> String {
        if cells == 1 && matches!(self.op, Op::Add | Op::Mul) {
            self.target.to_string()
        } else {
            format!("{}{}", self.target, self.op.symbol())
        }
    }
}

/// Why a clue cannot sit on its cage.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ClueProblem {
    /// Subtraction or division on a cage that is not two cells.
    #[error("a {} clue needs a cage of exactly 2 cells; this one has {cells}", op.symbol())]
    NeedsTwoCells {
        /// The clue's operation.
        op: Op,
        /// The cage's cell count.
        cells: usize,
    },
    /// A target of zero.
    #[error("a target of 0 cannot be made")]
    ZeroTarget,
    /// No values of the grid can make the target.
    #[error("{}", unreachable_sentence(*clue, *cells, *w))]
    Unreachable {
        /// The clue.
        clue: Clue,
        /// The cage's cell count.
        cells: usize,
        /// The grid's side.
        w: usize,
    },
}

fn unreachable_sentence(clue: Clue, cells: usize, w: usize) -> String {
    if cells == 1 {
        format!(
            "a single cell holds 1 to {w}, so it cannot be {}",
            clue.target
        )
    } else {
        format!(
            "{cells} digits from 1 to {w} cannot make {}{}",
            clue.target,
            clue.op.symbol()
        )
    }
}

/// Shows the clue as printed in a cage: `12+`, `6x`, `2-`, `3/`.
impl fmt::Display for Clue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.target, self.op.ascii_symbol())
    }
}

/// A set of cells sharing one clue. Cells are row-major indices in increasing order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cage {
    cells: Vec<usize>,
    clue: Clue,
}

impl Cage {
    /// The cells, row-major, smallest first.
    pub fn cells(&self) -> &[usize] {
        &self.cells
    }

    /// The clue.
    pub fn clue(&self) -> Clue {
        self.clue
    }

    /// The cell that shows the clue: the first in reading order.
    pub fn anchor(&self) -> usize {
        self.cells[0]
    }

    /// How many cells the cage has.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Always false: a checked cage has at least one cell.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }
}

/// A rule of the Keen format that a proposed puzzle breaks.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PuzzleError {
    /// The size is outside 1..=16.
    #[error("a Keen grid must be 1 to {MAX_SIZE} cells wide, not {0}")]
    BadSize(usize),
    /// A cage names a cell past the end of the grid.
    #[error("cell number {0} is outside the grid")]
    CellOutOfRange(usize),
    /// A cage has no cells.
    #[error("cage {0} has no cells")]
    EmptyCage(usize),
    /// A cell belongs to no cage.
    #[error("cell {0} belongs to no cage: every cell needs one")]
    Uncovered(String),
    /// A cell is listed in two cages (or twice in one).
    #[error("cell {0} is in more than one cage")]
    Overlap(String),
    /// A cage's cells do not touch edge to edge.
    #[error("the cage at {0} is not connected: its cells must touch edge to edge")]
    Disconnected(String),
    /// Subtraction or division on a cage that is not two cells.
    #[error("the cage at {at} has a {} clue but {cells} cells: subtraction and division need exactly 2", op.name())]
    SubDivSize {
        /// The cage's anchor cell, e.g. `r2c3`.
        at: String,
        /// The clue's operation.
        op: Op,
        /// The cage's cell count.
        cells: usize,
    },
    /// A target of zero (no cage of positive digits can make it).
    #[error("the cage at {0} has target 0: targets must be positive")]
    ZeroTarget(String),
}

/// A Keen puzzle whose cages tile the grid, are connected, and carry clues that fit their size.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct KeenPuzzle {
    size: usize,
    cages: Vec<Cage>,
    cage_of: Vec<usize>,
}

impl KeenPuzzle {
    /// Checks and builds a puzzle from cages given as (cells, clue) in any order.
    ///
    /// Cages are stored in reading order of their first cell, the order upstream lists clues in.
    pub fn new(size: usize, cages: Vec<(Vec<usize>, Clue)>) -> Result<Self, PuzzleError> {
        if !(1..=MAX_SIZE).contains(&size) {
            return Err(PuzzleError::BadSize(size));
        }
        let n = size * size;
        let mut cages: Vec<Cage> = cages
            .into_iter()
            .map(|(mut cells, clue)| {
                cells.sort_unstable();
                Cage { cells, clue }
            })
            .collect();
        if let Some(i) = cages.iter().position(Cage::is_empty) {
            return Err(PuzzleError::EmptyCage(i));
        }
        cages.sort_by_key(Cage::anchor);
        let mut cage_of = vec![usize::MAX; n];
        for (index, cage) in cages.iter().enumerate() {
            for &cell in &cage.cells {
                let slot = cage_of
                    .get_mut(cell)
                    .ok_or(PuzzleError::CellOutOfRange(cell))?;
                if *slot != usize::MAX {
                    return Err(PuzzleError::Overlap(SquareGrid::new(size).cell_name(cell)));
                }
                *slot = index;
            }
        }
        if let Some(cell) = cage_of.iter().position(|&c| c == usize::MAX) {
            return Err(PuzzleError::Uncovered(
                SquareGrid::new(size).cell_name(cell),
            ));
        }
        let puzzle = Self {
            size,
            cages,
            cage_of,
        };
        for cage in &puzzle.cages {
            // Named only for an error: the generator builds tens of thousands of puzzles.
            let at = || SquareGrid::new(size).cell_name(cage.anchor());
            // A target no values reach is still a puzzle (one without a solution).
            match cage.clue.problem(cage.len(), size) {
                Some(ClueProblem::NeedsTwoCells { op, cells }) => {
                    return Err(PuzzleError::SubDivSize {
                        at: at(),
                        op,
                        cells,
                    });
                }
                Some(ClueProblem::ZeroTarget) => return Err(PuzzleError::ZeroTarget(at())),
                Some(ClueProblem::Unreachable { .. }) | None => {}
            }
            if !cage_is_connected(puzzle.grid(), &cage.cells) {
                return Err(PuzzleError::Disconnected(at()));
            }
        }
        Ok(puzzle)
    }

    /// The square grid the puzzle sits on.
    pub fn grid(&self) -> SquareGrid {
        SquareGrid::new(self.size)
    }

    /// The cells sharing an edge with `cell`: up, left, right, down.
    pub fn neighbours(&self, cell: usize) -> impl Iterator<Item = usize> + use<> {
        self.grid().neighbours(cell).into_iter()
    }

    /// Side length w: the grid is w x w and holds the values 1..=w.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Number of cells, w * w.
    pub fn cell_count(&self) -> usize {
        self.size * self.size
    }

    /// The cages in reading order of their first cell.
    pub fn cages(&self) -> &[Cage] {
        &self.cages
    }

    /// Each cage as its cells and clue, the form [`KeenPuzzle::new`] takes: to edit and rebuild.
    pub fn cages_with_clues(&self) -> Vec<(Vec<usize>, Clue)> {
        self.cages
            .iter()
            .map(|c| (c.cells().to_vec(), c.clue()))
            .collect()
    }

    /// The index (into [`cages`](Self::cages)) of the cage holding `cell`.
    pub fn cage_of(&self, cell: usize) -> usize {
        self.cage_of[cell]
    }

    /// Whether a full grid of this size satisfies the Latin rule and every clue.
    pub fn is_solved_by(&self, grid: &Grid) -> bool {
        grid.size() == self.size
            && grid.is_latin()
            && self.cages.iter().all(|cage| {
                let values: Vec<u8> = cage.cells.iter().map(|&c| grid.get(c)).collect();
                cage.clue.holds(&values)
            })
    }
}

/// Whether a cage's `cells` (sorted) form one piece. Cages of up to 128 cells are walked with a
/// bit per cell and no allocation, since every generated puzzle passes through here.
fn cage_is_connected(grid: SquareGrid, cells: &[usize]) -> bool {
    if cells.len() > 128 {
        return is_connected(&grid, cells);
    }
    let mut reached: u128 = 1;
    let mut to_visit: u128 = 1;
    while to_visit != 0 {
        let index = to_visit.trailing_zeros() as usize;
        to_visit &= to_visit - 1;
        for neighbour in grid.neighbours_iter(cells[index]) {
            if let Ok(found) = cells.binary_search(&neighbour)
                && reached >> found & 1 == 0
            {
                reached |= 1 << found;
                to_visit |= 1 << found;
            }
        }
    }
    reached.count_ones() as usize == cells.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clue(op: Op, target: u64) -> Clue {
        Clue::new(op, target)
    }

    #[test]
    fn labels_keep_the_symbol_a_one_cell_cage_cannot_have() {
        assert_eq!(clue(Op::Add, 3).label(1), "3");
        assert_eq!(clue(Op::Mul, 3).label(1), "3");
        assert_eq!(clue(Op::Div, 2).label(1), "2÷");
        assert_eq!(clue(Op::Sub, 1).label(1), "1−");
        assert_eq!(clue(Op::Add, 7).label(2), "7+");
    }

    #[test]
    fn clue_arithmetic() {
        assert!(clue(Op::Add, 7).holds(&[3, 4]));
        assert!(clue(Op::Mul, 24).holds(&[2, 3, 4]));
        assert!(clue(Op::Sub, 2).holds(&[1, 3]));
        assert!(clue(Op::Sub, 2).holds(&[3, 1]));
        assert!(clue(Op::Div, 3).holds(&[6, 2]));
        assert!(!clue(Op::Div, 3).holds(&[5, 2]));
        assert!(!clue(Op::Sub, 1).holds(&[1, 2, 3]));
        assert_eq!(clue(Op::Mul, 12).to_string(), "12x");
    }

    #[test]
    fn rejects_broken_layouts() {
        let a1 = clue(Op::Add, 1);
        assert_eq!(KeenPuzzle::new(0, vec![]), Err(PuzzleError::BadSize(0)));
        assert_eq!(KeenPuzzle::new(17, vec![]), Err(PuzzleError::BadSize(17)));
        let uncovered = KeenPuzzle::new(2, vec![(vec![0, 1], clue(Op::Add, 3)), (vec![2], a1)]);
        assert_eq!(uncovered, Err(PuzzleError::Uncovered("r2c2".into())));
        let split = KeenPuzzle::new(
            2,
            vec![(vec![0, 3], clue(Op::Sub, 1)), (vec![1], a1), (vec![2], a1)],
        );
        assert_eq!(split, Err(PuzzleError::Disconnected("r1c1".into())));
        let sub3 = KeenPuzzle::new(2, vec![(vec![0, 1, 2], clue(Op::Sub, 1)), (vec![3], a1)]);
        assert!(matches!(
            sub3,
            Err(PuzzleError::SubDivSize { cells: 3, .. })
        ));
        let zero = KeenPuzzle::new(1, vec![(vec![0], clue(Op::Add, 0))]);
        assert_eq!(zero, Err(PuzzleError::ZeroTarget("r1c1".into())));
        let overlap = KeenPuzzle::new(1, vec![(vec![0], a1), (vec![0], a1)]);
        assert_eq!(overlap, Err(PuzzleError::Overlap("r1c1".into())));
        let outside = KeenPuzzle::new(1, vec![(vec![0, 1], clue(Op::Add, 3))]);
        assert_eq!(outside, Err(PuzzleError::CellOutOfRange(1)));
    }

    #[test]
    fn orders_cages_by_first_cell() {
        let puzzle = KeenPuzzle::new(
            2,
            vec![
                (vec![3, 2], clue(Op::Sub, 1)),
                (vec![1, 0], clue(Op::Add, 3)),
            ],
        )
        .expect("valid puzzle");
        assert_eq!(puzzle.cages()[0].cells(), &[0, 1]);
        assert_eq!(puzzle.cage_of(3), 1);
        let grid = Grid::new(2, vec![1, 2, 2, 1]).expect("grid");
        assert!(puzzle.is_solved_by(&grid));
    }
}
