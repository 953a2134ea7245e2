//! Changes of one given that give a grid without solution one. A designer copying a puzzle who
//! meets "no solution" has most often mistyped one given, or put it in the wrong cell: naming the
//! given, and what it was probably meant to be, saves comparing every cell with the page again.

use crate::cancel::{CancelToken, Cancelled};
use crate::latin::{Shape, repeated_values};
use crate::verdict::Uniqueness;

use super::super::deduce::singles_contradiction;
use super::super::puzzle::SudokuPuzzle;
use super::super::solve::uniqueness_within;

/// How many grids are solved at most (each given taken away, then its candidate values).
const REPAIRS_TRIED: usize = 400;

/// How many repairs are offered.
const REPAIRS_OFFERED: usize = 3;

/// Branches one solve may take: a grid that needs more is skipped. Proving that a 16x16 grid has
/// no solution can take a tenth of a second, and a repair solves up to a few hundred; with less
/// room (1,000 or 5,000 branches) the given meant was missed on a hard 16x16.
const SOLVE_BRANCHES: u64 = 20_000;

/// The largest side repairs are looked for on. Past it a repair solves a few hundred grids of
/// hundreds of givens each, and on a generated 25x25 puzzle with one given changed that took 0.1
/// to 1 s where givens repeat and 9 to 73 s where they do not, some not found at all (measured
/// in `docs/performance.md`).
pub const MAX_REPAIRED_SIDE: usize = 16;

/// One change of one given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GivenRepair {
    /// The cell whose given changes.
    pub cell: usize,
    /// Its new value; 0 when the given is taken away.
    pub value: u16,
    /// Whether the grid then has one solution (else several).
    pub unique: bool,
}

/// Changes of one given after which `puzzle` (which has no solution, or givens that repeat a
/// symbol) has one: each given is taken away in turn (only the repeated ones, when some repeat),
/// and those whose absence lets a solution through are offered another value, or taken away
/// (the givens that see the cell singles leave empty go first, and the search stops once three
/// changes leave one solution). Up to three, those that leave one solution first, a changed value
/// before a removal. None past [`MAX_REPAIRED_SIDE`].
pub fn given_repairs(
    puzzle: &SudokuPuzzle,
    cancel: &CancelToken,
) -> Result<Vec<GivenRepair>, Cancelled> {
    given_repairs_after(puzzle, None, cancel)
}

/// [`given_repairs`] for a grid whose last edit changed `latest` (the designer's): that given is
/// tried first and its repairs offered before others of the same kind, since the given just
/// typed is likelier wrong than one that stood before.
pub fn given_repairs_after(
    puzzle: &SudokuPuzzle,
    latest: Option<usize>,
    cancel: &CancelToken,
) -> Result<Vec<GivenRepair>, Cancelled> {
    if puzzle.side() > MAX_REPAIRED_SIDE {
        return Ok(Vec::new());
    }
    let (rows, columns) = puzzle.box_shape();
    let shape = Shape::with_boxes(rows, columns);
    let cells = puzzle.cells();
    let repeated = repeated_values(shape, &puzzle.byte_values());
    let mut suspects: Vec<usize> = if repeated.is_empty() {
        (0..cells.len()).filter(|&c| cells[c] != 0).collect()
    } else {
        repeated
    };
    // The givens that see the cell singles leave empty are the likeliest culprits: they go first,
    // so the search can stop early.
    if let Some(dead) = singles_contradiction(puzzle) {
        suspects.sort_by_key(|&cell| !shape.peers(dead).any(|peer| peer == cell));
    }
    // Stable: the ordering above stands among the rest.
    suspects.sort_by_key(|&cell| Some(cell) != latest);
    let mut solved = 0;
    let mut found = Vec::new();
    for cell in suspects {
        if solved >= REPAIRS_TRIED {
            break;
        }
        if found.iter().filter(|r: &&GivenRepair| r.unique).count() >= REPAIRS_OFFERED {
            break;
        }
        let lifted = puzzle.with_cells(&[cell], 0);
        // Singles that still run dry prove there is no solution without a search.
        if !repeated_values(shape, &lifted.byte_values()).is_empty()
            || singles_contradiction(&lifted).is_some()
        {
            continue;
        }
        solved += 1;
        let Some(without) = uniqueness_within(&lifted, SOLVE_BRANCHES, cancel)? else {
            continue;
        };
        let values: Vec<u16> = match &without {
            Uniqueness::None => continue,
            // One solution without it: only that solution's value keeps the grid solvable.
            Uniqueness::Unique(solution) => vec![solution[cell]],
            Uniqueness::Multiple(..) => (1..=puzzle.side() as u16)
                .filter(|&v| v != cells[cell] && shape.peers(cell).all(|p| cells[p] != v))
                .collect(),
        };
        for value in values {
            if value == cells[cell] || solved >= REPAIRS_TRIED {
                continue;
            }
            solved += 1;
            let changed = puzzle.with_cells(&[cell], value);
            let unique = match uniqueness_within(&changed, SOLVE_BRANCHES, cancel)? {
                None | Some(Uniqueness::None) => continue,
                Some(Uniqueness::Unique(_)) => true,
                Some(Uniqueness::Multiple(..)) => false,
            };
            found.push(GivenRepair {
                cell,
                value,
                unique,
            });
        }
        found.push(GivenRepair {
            cell,
            value: 0,
            unique: matches!(without, Uniqueness::Unique(_)),
        });
    }
    // Stable: reading order within each kind.
    found.sort_by_key(|repair| {
        (
            !repair.unique,
            Some(repair.cell) != latest,
            repair.value == 0,
        )
    });
    found.truncate(REPAIRS_OFFERED);
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::{read_line, sudoku_uniqueness_with_progress};

    const UNIQUE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    /// Every given of a unique puzzle changed to each value that repeats nothing and leaves no
    /// solution: the given as it was is almost always offered back, and every repair offered has a solution.
    #[test]
    fn a_mistyped_given_is_offered_back() {
        let cancel = CancelToken::new();
        let puzzle = read_line(UNIQUE).expect("a puzzle");
        let (mut broken, mut restored) = (0, 0);
        for cell in (0..81).filter(|&c| puzzle.cells()[c] != 0) {
            for value in 1..=9 {
                let mistyped = puzzle.with_cells(&[cell], value);
                let conflicts = repeated_values(Shape::with_boxes(3, 3), &mistyped.byte_values());
                let verdict = sudoku_uniqueness_with_progress(&mistyped, &cancel, &mut |_, _| {});
                if !conflicts.is_empty() || verdict != Ok(Uniqueness::None) {
                    continue;
                }
                broken += 1;
                let repairs = given_repairs(&mistyped, &cancel).expect("not cancelled");
                for repair in &repairs {
                    let repaired = mistyped.with_cells(&[repair.cell], repair.value);
                    let verdict =
                        sudoku_uniqueness_with_progress(&repaired, &cancel, &mut |_, _| {})
                            .expect("not cancelled");
                    assert_ne!(verdict, Uniqueness::None);
                    assert_eq!(repair.unique, matches!(verdict, Uniqueness::Unique(_)));
                }
                let back = GivenRepair {
                    cell,
                    value: puzzle.cells()[cell],
                    unique: true,
                };
                restored += usize::from(repairs.contains(&back));
            }
        }
        assert!(broken >= 20, "{broken}");
        // Where more than three changes leave one solution, the one meant may not be among them.
        assert!(restored * 10 >= broken * 8, "{restored} of {broken}");
    }

    /// Of two repeated givens, the one the last edit typed is offered a change first.
    #[test]
    fn the_given_typed_last_comes_first() {
        let cancel = CancelToken::new();
        let blank = read_line(&".".repeat(81)).expect("a blank grid");
        let repeated = blank.with_cells(&[0, 1], 5);
        for latest in [0, 1] {
            let repairs =
                given_repairs_after(&repeated, Some(latest), &cancel).expect("not cancelled");
            assert_eq!(repairs.first().map(|r| r.cell), Some(latest), "{repairs:?}");
        }
    }

    /// Givens that repeat a symbol: the repairs change or take away one of the repeated ones.
    #[test]
    fn repeated_givens_are_the_ones_repaired() {
        let cancel = CancelToken::new();
        let puzzle = read_line(UNIQUE).expect("a puzzle");
        // r1c3 holds nothing; a 5 there repeats r1c1's.
        let mistyped = puzzle.with_cells(&[2], 5);
        let repairs = given_repairs(&mistyped, &cancel).expect("not cancelled");
        assert!(!repairs.is_empty());
        assert!(repairs.iter().all(|r| r.cell == 0 || r.cell == 2));
        assert!(repairs.contains(&GivenRepair {
            cell: 2,
            value: 0,
            unique: true
        }));
    }
}
