//! What Sudoku tells the shared play machinery: a grid whose rows, columns and boxes hold each
//! value once, with the puzzle's givens fixed. Play holds values in bytes, so a grid plays up to
//! 255 a side.

use crate::latin::{Shape, repeated_values};
use crate::play::{Conflicts, PlayRules};

use super::puzzle::SudokuPuzzle;

impl SudokuPuzzle {
    fn shape(&self) -> Shape {
        let (rows, columns) = self.box_shape();
        Shape::with_boxes(rows, columns)
    }
}

impl PlayRules for SudokuPuzzle {
    fn cell_count(&self) -> usize {
        self.side() * self.side()
    }

    fn max_value(&self) -> u8 {
        u8::try_from(self.side()).unwrap_or(u8::MAX)
    }

    fn given(&self, cell: usize) -> Option<u8> {
        let value = *self.cells().get(cell)?;
        (value > 0).then(|| u8::try_from(value).ok()).flatten()
    }

    fn peers(&self, cell: usize) -> Vec<usize> {
        self.shape().peers(cell).collect()
    }

    /// Values repeated in a row, column or box; Sudoku has no other regions.
    fn conflicts(&self, values: &[u8]) -> Conflicts {
        Conflicts {
            cells: repeated_values(self.shape(), values),
            regions: Vec::new(),
        }
    }

    fn is_solved(&self, values: &[u8]) -> bool {
        values.len() == self.cell_count()
            && values
                .iter()
                .all(|&v| v != 0 && usize::from(v) <= self.side())
            && repeated_values(self.shape(), values).is_empty()
    }
}

#[cfg(test)]
mod tests {
    use crate::play::{PlayRules, PlayState};
    use crate::sudoku::read_solo_id;

    #[test]
    fn givens_are_fixed_and_repeats_in_a_box_are_conflicts() {
        let puzzle = read_solo_id("2x3:b3_1a5d4c2b6_6b5c2d5a1_6b").expect("valid");
        assert_eq!(puzzle.cell_count(), 36);
        assert_eq!(puzzle.max_value(), 6);
        assert_eq!(puzzle.given(2), Some(3));
        assert_eq!(puzzle.given(0), None);
        let play = PlayState::for_puzzle(&puzzle);
        let mut values = play.values(&puzzle);
        assert_eq!(values[2], 3, "givens show through");
        // r1c1 and r2c2 share the top-left 2x3 box.
        values[0] = 5;
        values[7] = 5;
        let conflicts = puzzle.conflicts(&values);
        assert!(conflicts.cells.contains(&0) && conflicts.cells.contains(&7));
        assert!(!puzzle.is_solved(&values));
    }

    #[test]
    fn the_solution_is_solved() {
        let puzzle = read_solo_id("2x3:b3_1a5d4c2b6_6b5c2d5a1_6b").expect("valid");
        let Ok(Some(crate::Uniqueness::Unique(solution))) =
            crate::sudoku::sudoku_uniqueness(&puzzle, &crate::CancelToken::new())
        else {
            panic!("unique");
        };
        let values: Vec<u8> = solution.iter().map(|&v| v as u8).collect();
        assert!(puzzle.is_solved(&values));
    }
}
