//! Hints for a Sudoku player, as for every genre (`play::Hint`): a wrong entry first, then marks
//! that leave out a cell's digit, then the easiest technique that shows something new.

use crate::latin::Mask;
use crate::play::{Hint, HintStep, Marks, is_news, mistake_or_solved, reveal_hardest, wide_marks};

use super::deduce::{Board, SudokuDeduction, SudokuLevel};
use super::puzzle::SudokuPuzzle;

/// What a Sudoku hint says.
pub type SudokuHint = Hint<SudokuDeduction>;

impl HintStep for SudokuDeduction {
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

/// The next hint for a player of `puzzle` (up to 16x16) whose one solution is `solution`, with
/// these entries (0 = empty; given cells may be 0 or their digit) and pencil marks (0 = none),
/// row-major.
pub fn sudoku_hint(
    puzzle: &SudokuPuzzle,
    solution: &[u8],
    entries: &[u8],
    marks: &[Mask],
) -> SudokuHint {
    let values: Vec<u8> = puzzle
        .cells()
        .iter()
        .enumerate()
        .map(|(cell, &given)| match u8::try_from(given) {
            Ok(given) if given > 0 => given,
            _ => entries.get(cell).copied().unwrap_or(0),
        })
        .collect();
    let marks = wide_marks(marks);
    if let Some(found) = mistake_or_solved(solution, &values, &marks) {
        return found;
    }
    let side = puzzle.side();
    let Some(mut board) = Board::new(puzzle) else {
        return reveal(solution, &values, None);
    };
    for (cell, &value) in values.iter().enumerate() {
        if value != 0 && !board.is_placed(cell) {
            board.place(cell, value);
        }
    }
    let full = Marks::all(side as u8);
    while let Some(deduction) = board.next(SudokuLevel::Extreme) {
        if is_news(&deduction, &values, &marks, full) {
            let text = deduction.sentence(side, puzzle.symbols());
            return Hint::Step { deduction, text };
        }
        board.apply(&deduction);
    }
    reveal(solution, &values, Some(&board))
}

/// The open cell with the fewest candidates left, where guessing would be hardest.
fn reveal(solution: &[u8], values: &[u8], board: Option<&Board>) -> SudokuHint {
    reveal_hardest(solution, values, |c| {
        board.map_or(0, |b| b.candidate_count(c))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::CancelToken;
    use crate::play::Marks;
    use crate::sudoku::{read_line, sudoku_uniqueness};
    use crate::verdict::Uniqueness;

    const LINE: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

    fn setup() -> (SudokuPuzzle, Vec<u8>) {
        let puzzle = read_line(LINE).expect("valid");
        let Ok(Some(Uniqueness::Unique(solution))) =
            sudoku_uniqueness(&puzzle, &CancelToken::new())
        else {
            panic!("unique");
        };
        (puzzle, solution.into_iter().map(|v| v as u8).collect())
    }

    #[test]
    fn a_wrong_entry_comes_first_then_a_missing_mark_then_a_step() {
        let (puzzle, solution) = setup();
        let empty = puzzle.cells().iter().position(|&v| v == 0).expect("open");
        let mut entries = vec![0u8; 81];
        let mut marks = vec![0 as Mask; 81];
        entries[empty] = solution[empty] % 9 + 1;
        assert_eq!(
            sudoku_hint(&puzzle, &solution, &entries, &marks),
            Hint::WrongEntry {
                cell: empty,
                entered: entries[empty]
            }
        );
        entries[empty] = 0;
        marks[empty] = 1 << (solution[empty] % 9);
        assert_eq!(
            sudoku_hint(&puzzle, &solution, &entries, &marks),
            Hint::MissingMark { cell: empty }
        );
        marks[empty] = 0;
        let Hint::Step { deduction, text } = sudoku_hint(&puzzle, &solution, &entries, &marks)
        else {
            panic!("a step");
        };
        assert!(text.starts_with(deduction.technique.name()), "{text}");
    }

    #[test]
    fn applying_hints_solves_the_puzzle() {
        let (puzzle, solution) = setup();
        let mut entries = vec![0u8; 81];
        let mut marks = vec![Marks::EMPTY; 81];
        for _ in 0..500 {
            let masks: Vec<Mask> = marks.iter().map(|m| m.to_mask() as Mask).collect();
            let hint = sudoku_hint(&puzzle, &solution, &entries, &masks);
            if hint == Hint::Solved {
                return;
            }
            for (cell, entry, shown) in hint.changes(|_| Marks::all(9), &entries, &marks) {
                entries[cell] = entry;
                marks[cell] = shown;
            }
        }
        panic!("hints never finished the puzzle");
    }
}
