//! The designer's aids: make a unique puzzle minimal, suggest the given that settles most of an
//! ambiguous one, make a random full grid, and take givens away from a full grid down to a grade.

use crate::cancel::{CancelToken, Cancelled};
use crate::latin::MAX_SIDE;
use crate::rng::SeededRng;
use crate::verdict::Uniqueness;

use super::super::deduce::{SudokuLevel, grade};
use super::super::generate::{Digging, SudokuGenerateError, SudokuRequest, Symmetry, solved_grid};
use super::super::puzzle::SudokuPuzzle;
use super::super::solve::sudoku_uniqueness_with_progress;
use super::check::differing_cells;

/// `puzzle` (with one solution, `solution`) with every given taken away that can go without a
/// second solution: an orbit of `symmetry` at a time, then each given alone when `symmetry` is
/// not to be kept. Reading order, so the same puzzle always gives the same result. `progress`
/// hears how many of a pass's givens (or orbits) have been tried, and of how many.
pub fn make_minimal(
    puzzle: &SudokuPuzzle,
    solution: &[u16],
    symmetry: Symmetry,
    cancel: &CancelToken,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<SudokuPuzzle, Cancelled> {
    let digging = Digging {
        level: SudokuLevel::Extreme,
        symmetry,
        minimal: symmetry == Symmetry::None,
    };
    digging.dig(puzzle, solution, None, cancel, progress)
}

/// A given the designer is offered, and what it would leave.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SuggestedGiven {
    /// The empty cell.
    pub cell: usize,
    /// The value to give it.
    pub value: u16,
    /// How many cells two solutions still differ in once it is given (0: it makes the puzzle
    /// unique).
    pub still_differing: usize,
}

/// For givens with two solutions `first` and `second`: the empty cell and value whose given
/// leaves the least ambiguity (a unique puzzle when one does; otherwise the fewest cells where
/// two solutions still differ). `None` when no cell differs.
pub fn suggest_given(
    puzzle: &SudokuPuzzle,
    first: &[u16],
    second: &[u16],
    cancel: &CancelToken,
) -> Result<Option<SuggestedGiven>, Cancelled> {
    let mut best: Option<SuggestedGiven> = None;
    for cell in differing_cells(first, second) {
        for value in [first[cell], second[cell]] {
            let tried = puzzle.with_cells(&[cell], value);
            let left = match sudoku_uniqueness_with_progress(&tried, cancel, &mut |_, _| {})? {
                Uniqueness::Unique(_) => 0,
                Uniqueness::Multiple(a, b) => differing_cells(&a, &b).len(),
                // Both values come from solutions, so neither can leave none.
                Uniqueness::None => continue,
            };
            if best.is_none_or(|b| left < b.still_differing) {
                best = Some(SuggestedGiven {
                    cell,
                    value,
                    still_differing: left,
                });
            }
            if left == 0 {
                return Ok(best);
            }
        }
    }
    Ok(best)
}

/// A random full grid with boxes `box_rows` by `box_cols`, written with `symbols`, from `seed`.
pub fn random_full_grid(
    box_rows: usize,
    box_cols: usize,
    symbols: Vec<char>,
    seed: &str,
    cancel: &CancelToken,
) -> Result<SudokuPuzzle, SudokuGenerateError> {
    let request = SudokuRequest {
        box_rows,
        box_cols,
        level: SudokuLevel::Extreme,
        symmetry: Symmetry::None,
        minimal: false,
    };
    let cells = solved_grid(&request, &mut SeededRng::from_seed_str(seed), cancel)?;
    SudokuPuzzle::with_boxes(box_rows, box_cols, symbols, cells)
        .ok_or_else(|| SudokuGenerateError::Unreachable("no such grid".to_string()))
}

/// How many orders of taking givens away [`reduce_to_level`] tries before it settles for an
/// easier puzzle than asked: one grid's orders reach different grades.
pub const REDUCE_TRIES: usize = 12;

/// Takes givens away from `full` (every cell given, a solution) in random order under `seed`, an
/// orbit of `symmetry` at a time, while the puzzle keeps one solution and a grade no harder than
/// `level`. A grid dug in one order can stop short of `level` (every given left is needed): up
/// to [`REDUCE_TRIES`] orders are tried, and the hardest result comes back with its grade.
/// Past 16x16 no technique grades a puzzle: one order keeps one solution, and the grade is
/// `None`. `progress` hears how many of an order's givens (or orbits) have been tried, and of how
/// many; each order counts again from zero.
pub fn reduce_to_level(
    full: &SudokuPuzzle,
    level: SudokuLevel,
    symmetry: Symmetry,
    seed: &str,
    cancel: &CancelToken,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<(SudokuPuzzle, Option<SudokuLevel>), Cancelled> {
    if full.side() > MAX_SIDE {
        let digging = Digging {
            level: SudokuLevel::Extreme,
            symmetry,
            minimal: false,
        };
        let mut rng = SeededRng::from_seed_str(seed);
        return Ok((
            digging.dig(full, full.cells(), Some(&mut rng), cancel, progress)?,
            None,
        ));
    }
    let digging = Digging {
        level,
        symmetry,
        minimal: false,
    };
    let mut best: Option<(SudokuPuzzle, SudokuLevel)> = None;
    for attempt in 0..REDUCE_TRIES {
        let mut rng = SeededRng::from_seed_str(&format!("{seed}/{attempt}"));
        let dug = digging.dig(full, full.cells(), Some(&mut rng), cancel, progress)?;
        // Dug from a solution, it has that one solution, and a grade up to 16x16.
        let Some(reached) = grade(&dug, cancel)? else {
            continue;
        };
        if best.as_ref().is_none_or(|(_, hardest)| reached > *hardest) {
            best = Some((dug, reached));
        }
        if reached >= level {
            break;
        }
    }
    Ok(match best {
        Some((puzzle, reached)) => (puzzle, Some(reached)),
        None => (full.clone(), None),
    })
}
