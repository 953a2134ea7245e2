//! Hints for a Sudoku player, as for every genre (`play::Hint`): a wrong entry first, then marks
//! that leave out a cell's digit, then the easiest technique that shows something new.

use crate::latin::{MAX_SIDE, Mask, Shape};
use crate::play::{
    Hint, HintStep, Marks, RevealReason, is_news, mistake_or_solved, reveal_hardest, wide_marks,
};

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
    if side > MAX_SIDE {
        return reveal_past_the_techniques(puzzle, solution, &values);
    }
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

/// On a grid the techniques do not reason on: the open cell whose row, column and box leave it
/// the fewest values, the one a player is likeliest to find next (a cell with one value left
/// first).
fn reveal_past_the_techniques(puzzle: &SudokuPuzzle, solution: &[u8], values: &[u8]) -> SudokuHint {
    let (rows, columns) = puzzle.box_shape();
    let shape = Shape::with_boxes(rows, columns);
    let side = puzzle.side();
    let left = |cell: usize| {
        let mut seen = vec![false; side + 1];
        for peer in shape.peers(cell) {
            seen[usize::from(values.get(peer).copied().unwrap_or(0))] = true;
        }
        seen[1..].iter().filter(|&&s| !s).count() as u32
    };
    match reveal_hardest(solution, values, left) {
        Hint::Reveal { cell, digit, .. } => Hint::Reveal {
            cell,
            digit,
            reason: RevealReason::PastTheTechniques(MAX_SIDE),
        },
        other => other,
    }
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

    /// Past 16x16, where the techniques do not reason, a hint says so and shows a cell its row,
    /// column and box leave one value: not "trial and error", which no such grid was shown to
    /// need.
    #[test]
    fn past_16x16_a_hint_says_why_and_shows_the_cell_with_fewest_values() {
        let puzzle = crate::sudoku::read_sudoku(
            include_str!(
                "../../../corpus/sudoku/pflugradt/valid/25x25/classic-25x25-easy-05ff774ef8a58cf438d9f8cc9422a184.sdk"
            ),
            None,
        )
        .expect("the corpus file reads")
        .puzzle;
        let Ok(Some(Uniqueness::Unique(solution))) =
            sudoku_uniqueness(&puzzle, &CancelToken::new())
        else {
            panic!("unique");
        };
        let solution: Vec<u8> = solution.into_iter().map(|v| v as u8).collect();
        let hint = sudoku_hint(&puzzle, &solution, &[0; 625], &[0; 625]);
        let Hint::Reveal {
            cell,
            digit,
            reason: RevealReason::PastTheTechniques(16),
        } = hint
        else {
            panic!("{hint:?}");
        };
        assert_eq!(digit, solution[cell]);
        let shape = Shape::with_boxes(5, 5);
        let seen: std::collections::BTreeSet<u16> =
            shape.peers(cell).map(|p| puzzle.cells()[p]).collect();
        assert_eq!(
            seen.iter().filter(|&&v| v != 0).count(),
            24,
            "one value left"
        );
        let sentence = hint.sentence(|c| format!("#{c}"), |v| v.to_string());
        assert!(
            sentence.starts_with("Hints reason on grids up to 16x16"),
            "{sentence}"
        );
    }
}
