//! Rikudo at play: every number once, each number beside the numbers before and after it, every
//! dot between consecutive numbers. The window plays boards of up to 255 cells (values are bytes
//! in the shared play state).

use crate::play::{Conflicts, Marks, PlayRules};

use super::puzzle::RikudoPuzzle;

/// The largest board the window plays.
pub const MAX_PLAY_CELLS: usize = 255;

impl RikudoPuzzle {
    /// The cell holding each value of `values` (index = value), for boards as played.
    fn cells_of(&self, values: &[u8]) -> Vec<Vec<usize>> {
        let mut cells_of = vec![Vec::new(); self.cell_count() + 2];
        for (cell, &value) in values.iter().enumerate() {
            if let Some(slot) = cells_of.get_mut(usize::from(value)) {
                slot.push(cell);
            }
        }
        cells_of
    }

    /// Whether `cell` could hold `value` beside the numbers around it: the numbers before and
    /// after each either sit on a neighbour or have an empty neighbour to go to (two different
    /// ones when neither is placed).
    fn fits(&self, values: &[u8], cells_of: &[Vec<usize>], cell: usize, value: usize) -> bool {
        let count = self.cell_count();
        let around = self.neighbours(cell);
        let empty = around.iter().filter(|&&n| values[n] == 0).count();
        let mut needed_empty = 0;
        for other in [value.wrapping_sub(1), value + 1] {
            if other == 0 || other > count {
                continue;
            }
            let placed = &cells_of[other];
            if placed.is_empty() {
                needed_empty += 1;
            } else if !placed.iter().any(|p| around.contains(p)) {
                return false;
            }
        }
        empty >= needed_empty
    }
}

impl PlayRules for RikudoPuzzle {
    fn cell_count(&self) -> usize {
        self.positions.len()
    }

    fn max_value(&self) -> u8 {
        u8::try_from(self.positions.len()).unwrap_or(u8::MAX)
    }

    fn given(&self, cell: usize) -> Option<u8> {
        self.givens
            .get(cell)
            .copied()
            .flatten()
            .and_then(|v| u8::try_from(v).ok())
    }

    /// Every number is used once, so every other cell loses a number placed here.
    fn peers(&self, cell: usize) -> Vec<usize> {
        (0..self.positions.len()).filter(|&c| c != cell).collect()
    }

    /// The numbers not yet on the board that would fit here beside its neighbours.
    fn candidates(&self, values: &[u8], cell: usize) -> Marks {
        let cells_of = self.cells_of(values);
        (1..=self.max_value())
            .filter(|&v| cells_of[usize::from(v)].is_empty())
            .filter(|&v| self.fits(values, &cells_of, cell, usize::from(v)))
            .collect()
    }

    /// Repeated numbers, and numbers that cannot be right where they are (the number before or
    /// after sits on a cell that is not a neighbour, or no neighbour is left for it); dots (by
    /// index) between filled cells that do not hold consecutive numbers.
    fn conflicts(&self, values: &[u8]) -> Conflicts {
        let cells_of = self.cells_of(values);
        let mut cells: Vec<usize> = (0..values.len().min(self.cell_count()))
            .filter(|&cell| {
                let value = usize::from(values[cell]);
                value != 0
                    && (cells_of.get(value).is_none_or(|c| c.len() > 1)
                        || !self.fits(values, &cells_of, cell, value))
            })
            .collect();
        cells.sort_unstable();
        let regions = self
            .dots
            .iter()
            .enumerate()
            .filter(|&(_, &(a, b))| {
                let (x, y) = (values[a], values[b]);
                x != 0 && y != 0 && x.abs_diff(y) != 1
            })
            .map(|(index, _)| index)
            .collect();
        Conflicts { cells, regions }
    }

    fn is_solved(&self, values: &[u8]) -> bool {
        let numbers: Vec<u32> = values.iter().map(|&v| u32::from(v)).collect();
        self.is_solution(&numbers)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::PlayState;
    use crate::rikudo::{read_rikudo, rikudo_uniqueness};
    use crate::{CancelToken, Uniqueness};

    #[test]
    fn the_solution_is_solved_and_a_stray_number_is_marked() {
        let text = include_str!("../../../corpus/rikudo/lunatikub/beginner_1.json");
        let puzzle = read_rikudo(text).expect("valid").puzzle;
        let Ok(Uniqueness::Unique(solution)) = rikudo_uniqueness(&puzzle, &CancelToken::new())
        else {
            panic!("unique");
        };
        let values: Vec<u8> = solution.iter().map(|&v| v as u8).collect();
        assert!(puzzle.is_solved(&values));
        assert_eq!(puzzle.conflicts(&values), Conflicts::default());
        let play = PlayState::for_puzzle(&puzzle);
        let mut shown = play.values(&puzzle);
        // The cell of 2 given a number whose neighbours cannot be right: 1's cell is far away.
        let two = (0..values.len()).find(|&c| values[c] == 2).expect("2");
        let far = (0..values.len())
            .find(|&c| values[c] > 4 && puzzle.given(c).is_none())
            .expect("an open cell");
        shown[far] = 1;
        let one = (0..values.len()).find(|&c| values[c] == 1).expect("1");
        if puzzle.given(one).is_none() && !puzzle.neighbours(far).contains(&two) {
            shown[two] = 2;
            assert!(puzzle.conflicts(&shown).cells.contains(&far));
        }
        // A repeat is always marked.
        shown[far] = values[two];
        shown[two] = values[two];
        let conflicts = puzzle.conflicts(&shown);
        assert!(conflicts.cells.contains(&far) && conflicts.cells.contains(&two));
        assert!(puzzle.candidates(&values, 0).is_empty());
    }
}
