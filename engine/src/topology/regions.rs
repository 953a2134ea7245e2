//! Connected regions of cells: union-find, connectivity checks and grouping joined cells, shared by
//! cages (Keen), the designer's drawing, random layouts and any genre with regions.

use super::Topology;

/// Disjoint sets of cells with union by size and path halving.
#[derive(Clone, Debug)]
pub struct DisjointSets {
    parent: Vec<usize>,
    size: Vec<usize>,
}

impl DisjointSets {
    /// `count` cells, each alone.
    pub fn new(count: usize) -> Self {
        Self {
            parent: (0..count).collect(),
            size: vec![1; count],
        }
    }

    /// The representative of `cell`'s set.
    pub fn root(&mut self, mut cell: usize) -> usize {
        while self.parent[cell] != cell {
            self.parent[cell] = self.parent[self.parent[cell]];
            cell = self.parent[cell];
        }
        cell
    }

    /// How many cells share `cell`'s set.
    pub fn size_of(&mut self, cell: usize) -> usize {
        let root = self.root(cell);
        self.size[root]
    }

    /// Merges the sets of `a` and `b`; false when they were one already.
    pub fn union(&mut self, a: usize, b: usize) -> bool {
        let (mut a, mut b) = (self.root(a), self.root(b));
        if a == b {
            return false;
        }
        if self.size[a] < self.size[b] {
            std::mem::swap(&mut a, &mut b);
        }
        self.parent[b] = a;
        self.size[a] += self.size[b];
        true
    }

    /// Every set, each sorted, in order of its smallest cell.
    pub fn sets(&mut self) -> Vec<Vec<usize>> {
        let count = self.parent.len();
        let mut slot = vec![usize::MAX; count];
        let mut sets: Vec<Vec<usize>> = Vec::new();
        for cell in 0..count {
            let root = self.root(cell);
            if slot[root] == usize::MAX {
                slot[root] = sets.len();
                sets.push(Vec::new());
            }
            sets[slot[root]].push(cell);
        }
        sets
    }
}

/// The connected groups of cells where `joined(a, b)` links neighbours `a` and `b`, each sorted, in
/// order of their smallest cell.
pub fn regions(topology: &impl Topology, joined: impl Fn(usize, usize) -> bool) -> Vec<Vec<usize>> {
    let mut sets = DisjointSets::new(topology.cell_count());
    for cell in 0..topology.cell_count() {
        for neighbour in topology.neighbours(cell) {
            if neighbour > cell && joined(cell, neighbour) {
                sets.union(cell, neighbour);
            }
        }
    }
    sets.sets()
}

/// Whether `cells` (non-empty) form one connected piece of `topology`.
pub fn is_connected(topology: &impl Topology, cells: &[usize]) -> bool {
    let Some(&first) = cells.first() else {
        return false;
    };
    let mut seen = vec![first];
    let mut next = 0;
    while let Some(&cell) = seen.get(next) {
        next += 1;
        for neighbour in topology.neighbours(cell) {
            if cells.contains(&neighbour) && !seen.contains(&neighbour) {
                seen.push(neighbour);
            }
        }
    }
    seen.len() == cells.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::topology::SquareGrid;

    #[test]
    fn regions_and_connectivity() {
        let grid = SquareGrid::new(3);
        // Join the top row and the middle column.
        let joined = |a: usize, b: usize| (a < 3 && b < 3) || (a % 3 == 1 && b % 3 == 1);
        assert_eq!(
            regions(&grid, joined),
            vec![vec![0, 1, 2, 4, 7], vec![3], vec![5], vec![6], vec![8]]
        );
        assert!(is_connected(&grid, &[0, 1, 4]));
        assert!(!is_connected(&grid, &[0, 2]));
        let mut sets = DisjointSets::new(4);
        assert!(sets.union(0, 3) && !sets.union(3, 0));
        assert_eq!(sets.size_of(3), 2);
    }
}
