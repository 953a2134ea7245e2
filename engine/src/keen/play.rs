//! What Keen tells the shared play machinery: a Latin square of side w whose full cages must meet
//! their clues.

use crate::latin::{Shape, repeated_values};
use crate::play::{Conflicts, PlayRules};

use super::KeenPuzzle;

impl PlayRules for KeenPuzzle {
    fn cell_count(&self) -> usize {
        self.size() * self.size()
    }

    fn max_value(&self) -> u8 {
        self.size() as u8
    }

    fn peers(&self, cell: usize) -> Vec<usize> {
        Shape::latin(self.size()).peers(cell).collect()
    }

    /// Repeated digits in a row or column; cages (by index) full and wrong.
    fn conflicts(&self, values: &[u8]) -> Conflicts {
        let regions = self
            .cages()
            .iter()
            .enumerate()
            .filter(|(_, cage)| {
                let cage_values: Vec<u8> = cage.cells().iter().map(|&c| values[c]).collect();
                cage_values.iter().all(|&v| v != 0) && !cage.clue().holds(&cage_values)
            })
            .map(|(index, _)| index)
            .collect();
        Conflicts {
            cells: repeated_values(Shape::latin(self.size()), values),
            regions,
        }
    }

    fn is_solved(&self, values: &[u8]) -> bool {
        crate::latin::Grid::new(self.size(), values.to_vec())
            .is_some_and(|grid| grid.is_latin() && self.is_solved_by(&grid))
    }
}

#[cfg(test)]
mod tests {
    use crate::keen::KeenPuzzle;
    use crate::play::{PlayRules, PlayState};

    #[test]
    fn duplicates_and_wrong_cages_are_reported() {
        let puzzle: KeenPuzzle = "4:_a_aabb_6ba,d2s1m3d2s2m16a7".parse().expect("valid");
        let mut values = vec![0u8; 16];
        values[0] = 1;
        values[3] = 1;
        let conflicts = puzzle.conflicts(&values);
        assert_eq!(conflicts.cells, vec![0, 3]);
        // The cage 2÷ holds r1c1 and r2c1: 1 and 3 break it.
        values[4] = 3;
        assert_eq!(puzzle.conflicts(&values).regions, vec![0]);
        let solution = [2, 4, 3, 1, 1, 2, 4, 3, 3, 1, 2, 4, 4, 3, 1, 2];
        assert!(puzzle.is_solved(&solution));
        let mut state = PlayState::for_puzzle(&puzzle);
        let all: Vec<usize> = (0..16).collect();
        state.reveal(&puzzle, &all, &solution, false);
        assert!(state.is_solved(&puzzle));
    }
}
