//! A general graph of cells: what any board reduces to, and what a file can describe directly.

use super::{Direction, Topology};

/// Cells `0..n` with explicit neighbour lists (kept symmetric by the constructors' callers: a
/// format that reads adjacency checks symmetry itself and says where it fails).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CellGraph {
    neighbours: Vec<Vec<usize>>,
}

impl CellGraph {
    /// A graph of `count` cells whose neighbours `neighbours_of` lists (out-of-range cells and
    /// self-loops are dropped, each list sorted without repeats).
    pub fn from_fn(count: usize, mut neighbours_of: impl FnMut(usize) -> Vec<usize>) -> Self {
        let neighbours = (0..count)
            .map(|cell| {
                let mut list: Vec<usize> = neighbours_of(cell)
                    .into_iter()
                    .filter(|&n| n < count && n != cell)
                    .collect();
                list.sort_unstable();
                list.dedup();
                list
            })
            .collect();
        Self { neighbours }
    }

    /// Whether every edge is listed from both ends.
    pub fn is_symmetric(&self) -> bool {
        self.neighbours
            .iter()
            .enumerate()
            .all(|(cell, list)| list.iter().all(|&n| self.neighbours[n].contains(&cell)))
    }
}

impl Topology for CellGraph {
    fn cell_count(&self) -> usize {
        self.neighbours.len()
    }

    fn neighbours(&self, cell: usize) -> Vec<usize> {
        self.neighbours.get(cell).cloned().unwrap_or_default()
    }

    /// A graph has no directions: Left and Up go to the previous cell, Right and Down to the next.
    fn step(&self, cell: usize, direction: Direction) -> Option<usize> {
        match direction {
            Direction::Left | Direction::Up => cell.checked_sub(1),
            Direction::Right | Direction::Down => Some(cell + 1).filter(|&c| c < self.cell_count()),
        }
    }

    fn cell_name(&self, cell: usize) -> String {
        format!("cell {}", cell + 1)
    }

    fn adjacent(&self, a: usize, b: usize) -> bool {
        self.neighbours
            .get(a)
            .is_some_and(|list| list.binary_search(&b).is_ok())
    }
}
