//! Hints for a player: point out a mistake first, otherwise the easiest deduction that teaches
//! something new about the player's position.

use serde::Serialize;

use super::deduce::{Board, Deduction, Stepper};
use super::{Difficulty, KeenPuzzle};
use crate::latin::{Grid, Mask, full_mask};
use crate::play::Marks;
use crate::topology::{SquareGrid, Topology};

/// What a hint says.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum Hint {
    /// Every cell holds its digit.
    Solved,
    /// This entry differs from the solution.
    WrongEntry {
        /// The cell (row-major).
        cell: usize,
        /// The digit the player entered there.
        entered: u8,
    },
    /// The pencil marks of this empty cell leave out its digit.
    MissingMark {
        /// The cell (row-major).
        cell: usize,
    },
    /// The next deduction, with its explanation.
    Step {
        /// What can be deduced.
        deduction: Deduction,
        /// The deduction in words, against the player's position.
        text: String,
    },
    /// No deduction up to Extreme applies (the puzzle needs trial and error here): this cell's digit.
    Reveal {
        /// The cell (row-major).
        cell: usize,
        /// Its digit in the solution.
        digit: u8,
    },
}

impl Hint {
    /// The hint in one sentence for a player of a grid of side `w`, saying what Apply does.
    pub fn sentence(&self, w: usize) -> String {
        let name = |cell: usize| SquareGrid::new(w).cell_name(cell);
        match self {
            Hint::Solved => "Nothing to hint: the puzzle is solved.".to_string(),
            Hint::WrongEntry { cell, entered } => {
                format!(
                    "{} should not be {entered}. Apply to clear it.",
                    name(*cell)
                )
            }
            Hint::MissingMark { cell } => format!(
                "The marks of {} leave out its digit. Apply to clear them.",
                name(*cell)
            ),
            Hint::Step { text, .. } => text.clone(),
            Hint::Reveal { cell, digit } => format!(
                "No deduction up to Extreme helps here; trial and error would. Apply to place \
                 {digit} in {}.",
                name(*cell)
            ),
        }
    }

    /// The cells the hint reasons about, and the cells it changes.
    pub fn focus(&self) -> (Vec<usize>, Vec<usize>) {
        match self {
            Hint::Step { deduction, .. } => {
                let targets = deduction
                    .removals
                    .iter()
                    .map(|&(cell, _)| cell)
                    .chain(deduction.placement.map(|(cell, _)| cell))
                    .collect();
                (deduction.cells.clone(), targets)
            }
            Hint::WrongEntry { cell, .. }
            | Hint::MissingMark { cell }
            | Hint::Reveal { cell, .. } => (Vec::new(), vec![*cell]),
            Hint::Solved => (Vec::new(), Vec::new()),
        }
    }

    /// What applying the hint writes, as (cell, entry, marks) for each cell it changes, on a board
    /// of side `w` with these entries and marks. A removal on a cell without marks writes down the
    /// digits left (an empty cell without marks shows every digit).
    pub fn changes(&self, w: usize, entries: &[u8], marks: &[Marks]) -> Vec<(usize, u8, Marks)> {
        match self {
            Hint::Solved => Vec::new(),
            Hint::WrongEntry { cell, .. } | Hint::MissingMark { cell } => {
                vec![(*cell, 0, Marks::EMPTY)]
            }
            Hint::Reveal { cell, digit } => vec![(*cell, *digit, Marks::EMPTY)],
            Hint::Step { deduction, .. } => {
                let all = Marks::all(w as u8);
                let mut out: Vec<(usize, u8, Marks)> = Vec::new();
                for &(cell, gone) in &deduction.removals {
                    if entries.get(cell) != Some(&0) {
                        continue;
                    }
                    let shown = match out.iter().find(|c| c.0 == cell) {
                        Some(&(_, _, marks)) => marks,
                        None => match marks.get(cell) {
                            Some(m) if !m.is_empty() => *m,
                            _ => all,
                        },
                    };
                    let left = shown.minus(Marks::from_mask(u64::from(gone)));
                    out.retain(|c| c.0 != cell);
                    out.push((cell, 0, left));
                }
                if let Some((cell, digit)) = deduction.placement {
                    out.retain(|c| c.0 != cell);
                    out.push((cell, digit, Marks::EMPTY));
                }
                out
            }
        }
    }
}

/// The next hint for a player of `puzzle` (whose unique solution is `solution`) with these entries
/// (0 = empty) and pencil marks (0 = none), both row-major.
pub fn hint(puzzle: &KeenPuzzle, solution: &Grid, entries: &[u8], marks: &[Mask]) -> Hint {
    let n = puzzle.cell_count();
    let entry = |cell: usize| entries.get(cell).copied().unwrap_or(0);
    let mark = |cell: usize| marks.get(cell).copied().unwrap_or(0);
    if let Some(cell) = (0..n).find(|&c| entry(c) != 0 && entry(c) != solution.get(c)) {
        return Hint::WrongEntry {
            cell,
            entered: entry(cell),
        };
    }
    let digit_bit = |cell: usize| 1 << (solution.get(cell) - 1);
    if let Some(cell) =
        (0..n).find(|&c| entry(c) == 0 && mark(c) != 0 && mark(c) & digit_bit(c) == 0)
    {
        return Hint::MissingMark { cell };
    }
    if (0..n).all(|c| entry(c) != 0) {
        return Hint::Solved;
    }
    let mut board = Board::new(puzzle.size());
    for cell in 0..n {
        if entry(cell) != 0 {
            board.place(cell, entry(cell));
        }
    }
    let mut stepper = Stepper::new(puzzle);
    let full = full_mask(puzzle.size());
    // A step is useful when it fills an empty cell or removes a digit the player still shows
    // (an empty cell without marks shows every digit).
    let useful = |d: &Deduction| {
        d.placement.is_some_and(|(cell, _)| entry(cell) == 0)
            || d.removals.iter().any(|&(cell, gone)| {
                let shown = if mark(cell) == 0 { full } else { mark(cell) };
                entry(cell) == 0 && shown & gone != 0
            })
    };
    while let Some(deduction) = stepper.next(&board, Difficulty::Extreme) {
        if useful(&deduction) {
            let text = deduction.explain(puzzle, &board.candidates);
            return Hint::Step { deduction, text };
        }
        board.apply(&deduction);
    }
    // Stuck: reveal the open cell with the fewest candidates, where guessing would be hardest.
    let cell = (0..n)
        .filter(|&c| entry(c) == 0)
        .min_by_key(|&c| board.candidates[c].count_ones())
        .unwrap_or(0);
    Hint::Reveal {
        cell,
        digit: solution.get(cell),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::CancelToken;
    use crate::keen::uniqueness;
    use crate::verdict::Uniqueness;

    const EASY: &str = "4:_a_aabb_6ba,d2s1m3d2s2m16a7";

    fn setup(id: &str) -> (KeenPuzzle, Grid) {
        let puzzle: KeenPuzzle = id.parse().expect("valid");
        let Ok(Uniqueness::Unique(solution)) = uniqueness(&puzzle, &CancelToken::new()) else {
            panic!("{id} is unique");
        };
        (puzzle, solution)
    }

    #[test]
    fn a_wrong_entry_comes_first() {
        let (puzzle, solution) = setup(EASY);
        let mut entries = vec![0u8; 16];
        entries[5] = if solution.get(5) == 1 { 2 } else { 1 };
        assert_eq!(
            hint(&puzzle, &solution, &entries, &[0; 16]),
            Hint::WrongEntry {
                cell: 5,
                entered: entries[5]
            }
        );
    }

    #[test]
    fn marks_without_the_digit_are_pointed_out() {
        let (puzzle, solution) = setup(EASY);
        let mut marks = vec![0 as Mask; 16];
        marks[3] = full_mask(4) & !(1 << (solution.get(3) - 1));
        assert_eq!(
            hint(&puzzle, &solution, &[0; 16], &marks),
            Hint::MissingMark { cell: 3 }
        );
    }

    #[test]
    fn following_hints_solves_the_puzzle() {
        let (puzzle, solution) = setup(EASY);
        let (mut entries, mut marks) = (vec![0u8; 16], vec![0 as Mask; 16]);
        for _ in 0..100 {
            match hint(&puzzle, &solution, &entries, &marks) {
                Hint::Solved => return,
                Hint::Step { deduction, text } => {
                    assert!(!text.is_empty());
                    for (cell, gone) in deduction.removals {
                        let shown = if marks[cell] == 0 {
                            full_mask(4)
                        } else {
                            marks[cell]
                        };
                        marks[cell] = shown & !gone;
                    }
                    if let Some((cell, digit)) = deduction.placement {
                        entries[cell] = digit;
                    }
                }
                other => panic!("unexpected {other:?}"),
            }
        }
        panic!("hints did not finish the puzzle");
    }
}
