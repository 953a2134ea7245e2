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

impl RikudoPuzzle {
    /// The entries too far from another placed number for the path to join them: a path from
    /// `v` to `w` takes |v - w| steps, so cells further apart on the board than that cannot both
    /// be right. Entries are blamed (both, when two entries are too far apart); two givens are
    /// the puzzle's own and never ringed.
    fn entries_out_of_reach(&self, values: &[u8]) -> Vec<usize> {
        let wide: Vec<u32> = values.iter().map(|&v| u32::from(v)).collect();
        (0..values.len().min(self.cell_count()))
            .filter(|&c| values[c] != 0 && self.given(c).is_none())
            .filter(|&c| self.numbers_out_of_reach(&wide, c) > 0)
            .collect()
    }

    /// The entries that keep `cell`'s `value` from fitting: the numbers before and after it
    /// written away from it, and the entries on its neighbours that are neither (they took the
    /// places those numbers need).
    fn entries_crowding(
        &self,
        values: &[u8],
        cells_of: &[Vec<usize>],
        cell: usize,
        value: usize,
    ) -> Vec<usize> {
        let around = self.neighbours(cell);
        let beside = [value.wrapping_sub(1), value + 1];
        let entry = |c: usize| self.given(c).is_none();
        let mut blamed: Vec<usize> = beside
            .iter()
            // Beside 1 there is no 0: the empty cells are listed under it.
            .filter(|&&other| (1..=self.cell_count()).contains(&other))
            .filter_map(|&other| cells_of.get(other))
            .flatten()
            .copied()
            .filter(|c| !around.contains(c) && entry(*c))
            .collect();
        let unplaced = beside
            .iter()
            .filter(|&&other| (1..=self.cell_count()).contains(&other))
            .filter(|&&other| cells_of.get(other).is_none_or(Vec::is_empty))
            .count();
        let empty = around.iter().filter(|&&n| values[n] == 0).count();
        if empty < unplaced {
            blamed.extend(around.iter().copied().filter(|&n| {
                values[n] != 0 && !beside.contains(&usize::from(values[n])) && entry(n)
            }));
        }
        blamed
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
        let mut cells = Vec::new();
        for cell in 0..values.len().min(self.cell_count()) {
            let value = usize::from(values[cell]);
            if value == 0 {
                continue;
            }
            if cells_of.get(value).is_none_or(|c| c.len() > 1) {
                cells.push(cell);
            } else if !self.fits(values, &cells_of, cell, value) {
                // A given is right: what it cannot fit beside is the player's doing, so the
                // entries to blame are ringed (the given only when no entry is).
                let blamed = match self.given(cell) {
                    Some(_) => self.entries_crowding(values, &cells_of, cell, value),
                    None => Vec::new(),
                };
                if blamed.is_empty() {
                    cells.push(cell);
                }
                cells.extend(blamed);
            }
        }
        cells.extend(self.entries_out_of_reach(values));
        cells.sort_unstable();
        cells.dedup();
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

    /// A lunatikub beginner board and its one numbering.
    fn beginner_with_solution() -> (RikudoPuzzle, Vec<u8>) {
        let text = include_str!("../../../corpus/rikudo/lunatikub/beginner_1.json");
        let puzzle = read_rikudo(text).expect("valid").puzzle;
        let Ok(Uniqueness::Unique(solution)) = rikudo_uniqueness(&puzzle, &CancelToken::new())
        else {
            panic!("unique");
        };
        let values = solution.iter().map(|&v| v as u8).collect();
        (puzzle, values)
    }

    #[test]
    fn the_solution_is_solved_and_a_stray_number_is_marked() {
        let (puzzle, values) = beginner_with_solution();
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
        // A given crowded by entries is right: the entries that took its neighbours' places are
        // marked instead.
        let mut crowded = play.values(&puzzle);
        let given = (0..values.len())
            .find(|&c| {
                puzzle.given(c).is_some()
                    && puzzle
                        .neighbours(c)
                        .iter()
                        .all(|&n| puzzle.given(n).is_none())
            })
            .expect("a given among open cells");
        let around = puzzle.neighbours(given);
        let strays: Vec<u8> = (1..=36u8)
            .filter(|&v| v.abs_diff(values[given]) > 1 && !values_given(&puzzle, &values, v))
            .take(around.len())
            .collect();
        for (&n, &v) in around.iter().zip(&strays) {
            crowded[n] = v;
        }
        let conflicts = puzzle.conflicts(&crowded);
        assert!(!conflicts.cells.contains(&given), "{conflicts:?}");
        assert!(
            around.iter().all(|n| conflicts.cells.contains(n)),
            "{conflicts:?}"
        );
        // A repeat is always marked.
        shown[far] = values[two];
        shown[two] = values[two];
        let conflicts = puzzle.conflicts(&shown);
        assert!(conflicts.cells.contains(&far) && conflicts.cells.contains(&two));
        assert!(puzzle.candidates(&values, 0).is_empty());
    }

    /// A number further from a placed number than the path between them can run is ringed; a
    /// right number never is.
    #[test]
    fn a_number_out_of_reach_of_another_is_ringed() {
        let (puzzle, values) = beginner_with_solution();
        let start = PlayState::for_puzzle(&puzzle).values(&puzzle);
        for cell in (0..values.len()).filter(|&c| puzzle.given(c).is_none()) {
            let mut shown = start.clone();
            shown[cell] = values[cell];
            assert!(puzzle.conflicts(&shown).cells.is_empty(), "cell {cell}");
        }
        // The given 1 and a number beside it by value but four steps away.
        let one = (0..values.len())
            .find(|&c| start[c] == 1)
            .expect("1 is given");
        let steps = puzzle.distances_from(one);
        let far = (0..values.len())
            .find(|&c| steps[c] == 4 && start[c] == 0)
            .expect("an open cell four steps from 1");
        assert!(!start.contains(&2), "2 is open");
        let mut shown = start.clone();
        shown[far] = 2;
        assert_eq!(puzzle.conflicts(&shown).cells, vec![far]);
        // Between two entries, both are ringed.
        let two_steps = (0..values.len())
            .find(|&c| steps[c] == 2 && start[c] == 0 && c != far)
            .expect("an open cell two steps from 1");
        let mut shown = start.clone();
        shown[two_steps] = 2;
        shown[far] = 4;
        let between = puzzle.distances_from(two_steps)[far];
        if between > 2 && !start.contains(&4) {
            let conflicts = puzzle.conflicts(&shown).cells;
            assert!(conflicts.contains(&far), "{conflicts:?}");
        }
    }

    /// Whether `value` is one of the puzzle's givens.
    fn values_given(puzzle: &RikudoPuzzle, values: &[u8], value: u8) -> bool {
        (0..values.len()).any(|c| puzzle.given(c) == Some(value))
    }
}
