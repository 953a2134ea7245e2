//! Hints for a player: point out a mistake first, otherwise the easiest deduction that teaches
//! something new about the player's position.

use super::deduce::{Board, Deduction, Stepper};
use super::{Difficulty, KeenPuzzle};
use crate::latin::{Grid, Mask};
use crate::play::{HintStep, Marks, is_news, mistake_or_solved, wide_marks};

/// What a Keen hint says: the genre-neutral hint with Keen's deductions.
pub type Hint = crate::play::Hint<Deduction>;

impl HintStep for Deduction {
    fn used_cells(&self) -> &[usize] {
        &self.cells
    }

    fn placement(&self) -> Option<(usize, u8)> {
        self.placement
    }

    fn removals(&self) -> Vec<(usize, Marks)> {
        self.removals
            .iter()
            .map(|&(cell, gone)| (cell, Marks::from_mask(u64::from(gone))))
            .collect()
    }
}

/// The next hint for a player of `puzzle` (whose unique solution is `solution`) with these entries
/// (0 = empty) and pencil marks (0 = none), both row-major.
pub fn hint(puzzle: &KeenPuzzle, solution: &Grid, entries: &[u8], marks: &[Mask]) -> Hint {
    let n = puzzle.cell_count();
    let entry = |cell: usize| entries.get(cell).copied().unwrap_or(0);
    let marks = wide_marks(marks);
    if let Some(found) = mistake_or_solved(solution.cells(), entries, &marks) {
        return found;
    }
    let mut board = Board::new(puzzle.size());
    for cell in 0..n {
        if entry(cell) != 0 {
            board.place(cell, entry(cell));
        }
    }
    let mut stepper = Stepper::new(puzzle);
    let full = Marks::all(puzzle.size() as u8);
    while let Some(deduction) = stepper.next(&board, Difficulty::Extreme) {
        if is_news(&deduction, entries, &marks, full) {
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
        reason: crate::play::RevealReason::NoDeduction,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::CancelToken;
    use crate::keen::uniqueness;
    use crate::latin::full_mask;
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
