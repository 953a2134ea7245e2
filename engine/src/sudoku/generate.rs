//! Making Sudoku puzzles: a random solved grid, then givens taken away (a symmetric orbit at a
//! time, in random order) while the puzzle keeps one solution and stays within the level asked
//! for; a puzzle that ends below the level starts over from a new grid. Deterministic under a
//! seed string.

use thiserror::Error;

use crate::cancel::{CancelToken, Cancelled};
use crate::rng::SeededRng;
use crate::verdict::Uniqueness;

use super::deduce::{SudokuLevel, level_within};
use super::puzzle::SudokuPuzzle;
use super::solve::{
    first_solution, sudoku_solution_count, sudoku_uniqueness_with_progress, uniqueness_within,
};

/// How the givens are placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// Anywhere.
    None,
    /// Unchanged by a half turn.
    Rotational,
    /// Unchanged by a left-right mirror.
    Mirror,
    /// Unchanged by a reflection in the main diagonal.
    Diagonal,
}

impl Symmetry {
    /// Every symmetry, for option lists.
    pub const ALL: [Symmetry; 4] = [
        Symmetry::None,
        Symmetry::Rotational,
        Symmetry::Mirror,
        Symmetry::Diagonal,
    ];

    /// Its name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotational => "rotational",
            Symmetry::Mirror => "mirror",
            Symmetry::Diagonal => "diagonal",
        }
    }

    /// The cells that must be given or empty together with `cell` (itself included), on a grid
    /// of side `side`.
    pub fn orbit(self, cell: usize, side: usize) -> Vec<usize> {
        let (row, column) = (cell / side, cell % side);
        let partner = match self {
            Symmetry::None => cell,
            Symmetry::Rotational => (side - 1 - row) * side + (side - 1 - column),
            Symmetry::Mirror => row * side + (side - 1 - column),
            Symmetry::Diagonal => column * side + row,
        };
        if partner == cell {
            vec![cell]
        } else {
            vec![cell.min(partner), cell.max(partner)]
        }
    }
}

/// What to make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SudokuRequest {
    /// Box height in cells (the side is `box_rows * box_cols`).
    pub box_rows: usize,
    /// Box width in cells.
    pub box_cols: usize,
    /// The grade the puzzle must have.
    pub level: SudokuLevel,
    /// Where givens may be.
    pub symmetry: Symmetry,
    /// Whether every given must be needed (no single given can go without a second solution).
    pub minimal: bool,
}

/// Sides the generator makes and grades, with their boxes (height, width).
pub const GENERATED_SHAPES: [(usize, usize); 5] = [(2, 2), (2, 3), (3, 3), (3, 4), (4, 4)];

/// Sides the generator makes without a grade (the techniques stop at 16x16): one solution,
/// givens taken away while the solver proves it within a budget.
pub const UNGRADED_SHAPES: [(usize, usize); 1] = [(5, 5)];

/// Branches one uniqueness check may take while givens are taken away from a grid past 16x16:
/// a removal the solver cannot settle within it keeps its given, so digging stays bounded.
const LARGE_GRID_BUDGET: u64 = 4_000;

/// A made puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MadeSudoku {
    /// The puzzle.
    pub puzzle: SudokuPuzzle,
    /// Its one solution, row-major values.
    pub solution: Vec<u16>,
    /// Its grade (the level asked for); `None` past 16x16, where puzzles are not graded.
    pub level: Option<SudokuLevel>,
    /// How many solved grids were tried.
    pub attempts: usize,
}

/// Why no puzzle was made.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SudokuGenerateError {
    /// The request cannot be met at all.
    #[error("{0}")]
    Unreachable(String),
    /// The search gave up.
    #[error("no {level} puzzle turned up in {attempts} grids; try another seed or level", level = .level.name())]
    NotFound {
        /// The level asked for.
        level: SudokuLevel,
        /// Grids tried.
        attempts: usize,
    },
    /// Stopped from outside.
    #[error("cancelled")]
    Cancelled,
}

impl From<Cancelled> for SudokuGenerateError {
    fn from(_: Cancelled) -> Self {
        SudokuGenerateError::Cancelled
    }
}

/// Grids tried before giving up.
const MAX_ATTEMPTS: usize = 5_000;

/// Whether the generator can make `request` at all; the reason when not.
pub fn check_request(request: &SudokuRequest) -> Result<(), SudokuGenerateError> {
    let shape = (request.box_rows, request.box_cols);
    if !GENERATED_SHAPES.contains(&shape) && !UNGRADED_SHAPES.contains(&shape) {
        let side = request.box_rows * request.box_cols;
        return Err(SudokuGenerateError::Unreachable(format!(
            "the generator makes 4x4, 6x6, 9x9, 12x12, 16x16 and (ungraded) 25x25 puzzles, not \
             {side}x{side} with {}x{} boxes",
            request.box_rows, request.box_cols
        )));
    }
    // Every 4x4 puzzle with one solution falls to singles: five thousand grids dug at Medium
    // never gave one that needs more.
    if shape == (2, 2) && request.level > SudokuLevel::Easy {
        return Err(SudokuGenerateError::Unreachable(
            "4x4 puzzles never need more than Easy techniques (singles): choose Easy".to_string(),
        ));
    }
    Ok(())
}

/// Makes one puzzle for `request` from `seed`; `progress` hears how many grids have been tried.
pub fn generate_sudoku(
    request: &SudokuRequest,
    seed: &str,
    cancel: &CancelToken,
    progress: &mut dyn FnMut(usize),
) -> Result<MadeSudoku, SudokuGenerateError> {
    check_request(request)?;
    let mut rng = SeededRng::from_seed_str(seed);
    if UNGRADED_SHAPES.contains(&(request.box_rows, request.box_cols)) {
        progress(1);
        let solution = solved_grid(request, &mut rng, cancel)?;
        let puzzle = dig(request, &solution, &mut rng, cancel)?;
        return Ok(MadeSudoku {
            puzzle,
            solution,
            level: None,
            attempts: 1,
        });
    }
    for attempt in 1..=MAX_ATTEMPTS {
        progress(attempt);
        if cancel.is_cancelled() {
            return Err(SudokuGenerateError::Cancelled);
        }
        let solution = solved_grid(request, &mut rng, cancel)?;
        let puzzle = dig(request, &solution, &mut rng, cancel)?;
        let level = level_within(&puzzle, SudokuLevel::Extreme, Some(&solution), cancel)?;
        if level == Some(request.level) {
            return Ok(MadeSudoku {
                puzzle,
                solution,
                level: Some(request.level),
                attempts: attempt,
            });
        }
    }
    Err(SudokuGenerateError::NotFound {
        level: request.level,
        attempts: MAX_ATTEMPTS,
    })
}

/// The symbols of a made puzzle: `1`-`9`, then letters (as Solo writes them).
fn symbols(side: usize) -> Vec<char> {
    super::solo::SOLO_SYMBOLS.chars().take(side).collect()
}

/// A random solved grid: the boxes on the diagonal filled at random (they share no unit), the
/// rest by the solver, then rows, columns and digits shuffled within what keeps it a Sudoku.
pub(super) fn solved_grid(
    request: &SudokuRequest,
    rng: &mut SeededRng,
    cancel: &CancelToken,
) -> Result<Vec<u16>, SudokuGenerateError> {
    let (box_rows, box_cols) = (request.box_rows, request.box_cols);
    let side = box_rows * box_cols;
    // Random boxes on the diagonal can clash in small grids (4x4): then fewer of them, down to
    // one, which always completes.
    for boxes in (1..=(side / box_cols).min(side / box_rows)).rev() {
        let mut cells = vec![0u16; side * side];
        for index in 0..boxes {
            let (top, left) = (index * box_rows, index * box_cols);
            let mut digits: Vec<u16> = (1..=side as u16).collect();
            rng.shuffle(&mut digits);
            for (i, digit) in digits.into_iter().enumerate() {
                cells[(top + i / box_cols) * side + left + i % box_cols] = digit;
            }
        }
        let start = SudokuPuzzle::with_boxes(box_rows, box_cols, symbols(side), cells)
            .ok_or_else(|| SudokuGenerateError::Unreachable("no such grid".to_string()))?;
        if let Some(grid) = first_solution(&start, cancel)? {
            return Ok(shuffle_grid(&grid, box_rows, box_cols, rng));
        }
    }
    Err(SudokuGenerateError::Unreachable(
        "the solver found no grid to start from".to_string(),
    ))
}

/// The grid with its bands, the rows in each band, its stacks, the columns in each stack and its
/// digits put in random orders: still a solution, and no longer the solver's first choice.
fn shuffle_grid(grid: &[u16], box_rows: usize, box_cols: usize, rng: &mut SeededRng) -> Vec<u16> {
    let side = box_rows * box_cols;
    let order = |groups: usize, size: usize, rng: &mut SeededRng| {
        let mut outer: Vec<usize> = (0..groups).collect();
        rng.shuffle(&mut outer);
        let mut lines = Vec::with_capacity(groups * size);
        for group in outer {
            let mut inner: Vec<usize> = (0..size).map(|i| group * size + i).collect();
            rng.shuffle(&mut inner);
            lines.extend(inner);
        }
        lines
    };
    let rows = order(side / box_rows, box_rows, rng);
    let columns = order(side / box_cols, box_cols, rng);
    let mut relabel: Vec<u16> = (1..=side as u16).collect();
    rng.shuffle(&mut relabel);
    let mut shuffled = vec![0u16; side * side];
    for (r, &from_row) in rows.iter().enumerate() {
        for (c, &from_column) in columns.iter().enumerate() {
            let value = grid[from_row * side + from_column];
            shuffled[r * side + c] = relabel[usize::from(value) - 1];
        }
    }
    shuffled
}

/// Takes givens away from the full grid while the puzzle keeps one solution and a grade no
/// harder than asked.
fn dig(
    request: &SudokuRequest,
    solution: &[u16],
    rng: &mut SeededRng,
    cancel: &CancelToken,
) -> Result<SudokuPuzzle, SudokuGenerateError> {
    let side = request.box_rows * request.box_cols;
    let full = SudokuPuzzle::with_boxes(
        request.box_rows,
        request.box_cols,
        symbols(side),
        solution.to_vec(),
    )
    .ok_or_else(|| SudokuGenerateError::Unreachable("no such grid".to_string()))?;
    let ungraded = UNGRADED_SHAPES.contains(&(request.box_rows, request.box_cols));
    let digging = Digging {
        // Past 16x16 no technique grades the puzzle: one solution is all that is kept.
        level: if ungraded {
            SudokuLevel::Extreme
        } else {
            request.level
        },
        symmetry: request.symmetry,
        minimal: request.minimal,
    };
    Ok(digging.dig(&full, solution, Some(rng), cancel, &mut |_, _| {})?)
}

/// How givens are taken away from a puzzle: the grade to stay within, the orbits to take
/// together, and whether every single given is tried too.
pub(crate) struct Digging {
    /// The hardest grade the puzzle may end at.
    pub level: SudokuLevel,
    /// Givens taken away an orbit at a time.
    pub symmetry: Symmetry,
    /// Each given tried alone at the end, so that none can go.
    pub minimal: bool,
}

impl Digging {
    /// Takes givens away from `start` (whose one solution is `solution`) while it keeps one
    /// solution and a grade within the level: orbits in random order under `rng`, in reading
    /// order without one. `progress` hears how many of a pass's orbits have been tried, and of
    /// how many (the pass of single givens, when there is one, counts again from zero).
    pub(crate) fn dig(
        &self,
        start: &SudokuPuzzle,
        solution: &[u16],
        mut rng: Option<&mut SeededRng>,
        cancel: &CancelToken,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Result<SudokuPuzzle, Cancelled> {
        let side = start.side();
        let mut orbits: Vec<Vec<usize>> = (0..side * side)
            .filter(|&cell| start.cells()[cell] != 0)
            .map(|cell| self.symmetry.orbit(cell, side))
            .collect();
        orbits.sort();
        orbits.dedup();
        if let Some(rng) = rng.as_deref_mut() {
            rng.shuffle(&mut orbits);
        }
        let mut puzzle = start.clone();
        for (tried, orbit) in orbits.iter().enumerate() {
            progress(tried, orbits.len());
            self.try_without(&mut puzzle, orbit, solution, cancel)?;
        }
        progress(orbits.len(), orbits.len());
        if self.minimal && self.symmetry != Symmetry::None {
            // Symmetric pairs were tried together; a minimal puzzle also needs each given alone.
            let mut singles: Vec<usize> = (0..side * side)
                .filter(|&c| puzzle.cells()[c] != 0)
                .collect();
            if let Some(rng) = rng {
                rng.shuffle(&mut singles);
            }
            for (tried, &cell) in singles.iter().enumerate() {
                progress(tried, singles.len());
                self.try_without(&mut puzzle, &[cell], solution, cancel)?;
            }
            progress(singles.len(), singles.len());
        }
        Ok(puzzle)
    }

    /// Empties the cells of `orbit` when the puzzle keeps one solution and its grade.
    fn try_without(
        &self,
        puzzle: &mut SudokuPuzzle,
        orbit: &[usize],
        solution: &[u16],
        cancel: &CancelToken,
    ) -> Result<(), Cancelled> {
        if orbit.iter().all(|&c| puzzle.cells()[c] == 0) {
            return Ok(());
        }
        let candidate = puzzle.with_cells(orbit, 0);
        let budget = (puzzle.side() > 16).then_some(LARGE_GRID_BUDGET);
        if self.keeps(&candidate, solution, budget, cancel)? {
            *puzzle = candidate;
        }
        Ok(())
    }

    /// Whether `puzzle` still has one solution (proved within `budget` branches, when given)
    /// and grades no harder than the level.
    fn keeps(
        &self,
        puzzle: &SudokuPuzzle,
        solution: &[u16],
        budget: Option<u64>,
        cancel: &CancelToken,
    ) -> Result<bool, Cancelled> {
        // The exact solver is fast and rejects most removals; only a unique puzzle is graded.
        // The solution is known: only the count matters, and counting skips writing grids out.
        let unique = match budget {
            Some(budget) => matches!(
                uniqueness_within(puzzle, budget, cancel)?,
                Some(Uniqueness::Unique(_))
            ),
            None => match sudoku_solution_count(puzzle, 2, cancel)? {
                Some(count) => count == 1,
                // Past the word-per-cell solvers, only the large-grid one answers.
                None => matches!(
                    sudoku_uniqueness_with_progress(puzzle, cancel, &mut |_, _| {})?,
                    Uniqueness::Unique(_)
                ),
            },
        };
        if !unique {
            return Ok(false);
        }
        Ok(self.level == SudokuLevel::Extreme
            || level_within(puzzle, self.level, Some(solution), cancel)?.is_some())
    }
}

#[cfg(test)]
mod tests;
