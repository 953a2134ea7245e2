//! Random cage layouts and clue choices: the raw material of the generator and of benchmarks.
//!
//! The layout follows upstream's recipe: place dominoes at random (each with probability 3/4), then
//! fold every remaining single cell into a neighbouring cage that is still below the size cap.

use super::puzzle::{Clue, KeenPuzzle, Op};
use crate::latin::{Grid, random_latin_square};
use crate::rng::SeededRng;
use crate::topology::SquareGrid;

/// Cages tiling a `size` x `size` grid, each connected and at most `max_cage` cells (>= 2).
/// With `singles_allowed`, a cell that cannot join a neighbour stays alone instead of forcing a retry.
/// Cages of at most two cells always allow single cells: an odd grid has no domino tiling, and
/// retrying would never end.
pub fn random_cages(
    size: usize,
    max_cage: usize,
    singles_allowed: bool,
    rng: &mut SeededRng,
) -> Vec<Vec<usize>> {
    let singles_allowed = singles_allowed || max_cage < 3;
    let n = size * size;
    if size == 1 {
        return vec![vec![0]];
    }
    loop {
        let mut order: Vec<usize> = (0..n).collect();
        rng.shuffle(&mut order);
        if let Some(cages) =
            layout_for_order(size, max_cage, singles_allowed, &order, || rng.chance(3, 4))
        {
            return cages;
        }
    }
}

/// Upstream's layout for one shuffle of the cells (`order`): each single cell in reading order
/// pairs with its earliest-shuffled single neighbour when `place_domino()` says so, then each cell
/// still alone joins its earliest-shuffled neighbour's cage below `max_cage`. `None` when a cell
/// is left alone and `singles_allowed` is false. Cages are sorted, in order of their first cell.
pub(crate) fn layout_for_order(
    size: usize,
    max_cage: usize,
    singles_allowed: bool,
    order: &[usize],
    place_domino: impl FnMut() -> bool,
) -> Option<Vec<Vec<usize>>> {
    let mut layout = FlatLayout::default();
    layout_into(
        size,
        max_cage,
        singles_allowed,
        order,
        place_domino,
        &mut layout,
    )
    .then(|| layout.to_cages())
}

/// A layout written flat into buffers that one draw after another reuses: upstream's recipe
/// draws tens of thousands of layouts for a rare puzzle, and most are turned down before their
/// cages are needed as lists.
#[derive(Default)]
pub(crate) struct FlatLayout {
    rank: Vec<usize>,
    parent: Vec<usize>,
    single: Vec<bool>,
    sizes: Vec<usize>,
    /// Each cell's cage.
    cage_of: Vec<usize>,
    /// The cages' cells, cage after cage, each cage's sorted, cages in order of their first cell.
    cells: Vec<usize>,
    /// Where each cage starts in `cells`, then where the last one ends.
    starts: Vec<usize>,
}

impl FlatLayout {
    pub(crate) fn cage_count(&self) -> usize {
        self.starts.len().saturating_sub(1)
    }

    /// The cells of cage `index`, sorted.
    pub(crate) fn cage(&self, index: usize) -> &[usize] {
        &self.cells[self.starts[index]..self.starts[index + 1]]
    }

    /// The cage holding `cell`.
    pub(crate) fn cage_of(&self, cell: usize) -> usize {
        self.cage_of[cell]
    }

    pub(crate) fn to_cages(&self) -> Vec<Vec<usize>> {
        (0..self.cage_count())
            .map(|index| self.cage(index).to_vec())
            .collect()
    }
}

/// [`layout_for_order`] into `layout`; false where that gives `None`.
pub(crate) fn layout_into(
    size: usize,
    max_cage: usize,
    singles_allowed: bool,
    order: &[usize],
    mut place_domino: impl FnMut() -> bool,
    layout: &mut FlatLayout,
) -> bool {
    let n = size * size;
    let FlatLayout {
        rank,
        parent,
        single,
        sizes,
        cage_of,
        cells,
        starts,
    } = layout;
    rank.clear();
    rank.resize(n, 0);
    for (i, &cell) in order.iter().enumerate() {
        rank[cell] = i;
    }
    // Each cage is named by its smallest cell, which it reaches by following `parent`: merging
    // links one name to the other instead of moving cells (the generator draws tens of thousands
    // of layouts for a rare puzzle, and a list per cell was a tenth of each).
    parent.clear();
    parent.extend(0..n);
    let find = |parent: &mut [usize], mut cell: usize| {
        while parent[cell] != cell {
            parent[cell] = parent[parent[cell]];
            cell = parent[cell];
        }
        cell
    };
    let merge = |parent: &mut [usize], a: usize, b: usize| {
        let (a, b) = (find(parent, a), find(parent, b));
        let keep = a.min(b);
        parent[a.max(b)] = keep;
        keep
    };
    // Partners are chosen by rank, so the order neighbours come in does not matter.
    let grid = SquareGrid::new(size);
    let neighbours = |cell: usize| grid.neighbours_iter(cell);
    single.clear();
    single.resize(n, true);
    for cell in 0..n {
        if !single[cell] {
            continue;
        }
        let partner = neighbours(cell)
            .filter(|&nb| single[nb])
            .min_by_key(|&nb| rank[nb]);
        if let Some(partner) = partner
            && place_domino()
        {
            single[cell] = false;
            single[partner] = false;
            merge(parent, cell, partner);
        }
    }
    sizes.clear();
    sizes.extend((0..n).map(|c| if single[c] { 1 } else { 2 }));
    for cell in 0..n {
        if !single[cell] {
            continue;
        }
        let host = neighbours(cell)
            .filter(|&nb| sizes[find(parent, nb)] < max_cage)
            .min_by_key(|&nb| rank[nb]);
        if let Some(host) = host {
            let total = sizes[find(parent, cell)] + sizes[find(parent, host)];
            single[cell] = false;
            single[host] = false;
            let kept = merge(parent, cell, host);
            sizes[kept] = total;
        }
    }
    if !singles_allowed && single.iter().any(|&s| s) {
        return false;
    }
    // Cells in reading order: each cage's first cell opens it, so cages come sorted by their
    // first cell and each cage's cells sorted. `rank` is free now and numbers the cages.
    let index_of = rank;
    index_of.fill(usize::MAX);
    cage_of.clear();
    starts.clear();
    for cell in 0..n {
        let name = find(parent, cell);
        if index_of[name] == usize::MAX {
            index_of[name] = starts.len();
            starts.push(sizes[name]);
        }
        cage_of.push(index_of[name]);
    }
    // Sizes to starts, then each cell into its cage's next place.
    let mut start = 0;
    for slot in starts.iter_mut() {
        let size = *slot;
        *slot = start;
        start += size;
    }
    starts.push(start);
    cells.clear();
    cells.resize(n, 0);
    // `sizes` is free now and holds each cage's next place.
    let next = sizes;
    next.clear();
    next.extend_from_slice(&starts[..starts.len() - 1]);
    for (cell, &cage) in cage_of.iter().enumerate() {
        cells[next[cage]] = cell;
        next[cage] += 1;
    }
    true
}

/// The clue a cage gets for `op` from the solution's values (`None` when `op` does not fit them).
pub fn clue_for(op: Op, values: &[u8]) -> Option<Clue> {
    let target = match op {
        Op::Add => values.iter().map(|&v| u64::from(v)).sum(),
        // A drawn cage can be big enough for the product to pass u64: no clue then.
        Op::Mul => values
            .iter()
            .try_fold(1u64, |product, &v| product.checked_mul(u64::from(v)))?,
        Op::Sub | Op::Div => {
            let &[a, b] = values else { return None };
            let (hi, lo) = (u64::from(a.max(b)), u64::from(a.min(b)));
            match op {
                Op::Sub => hi - lo,
                _ if hi % lo == 0 => hi / lo,
                _ => return None,
            }
        }
    };
    (target > 0).then(|| Clue::new(op, target))
}

/// A random puzzle with no uniqueness or difficulty control, for benchmarks and property tests:
/// a random Latin square, a random layout (cages up to `max_cage` cells) and a random fitting op per cage.
pub fn random_puzzle(size: usize, max_cage: usize, rng: &mut SeededRng) -> (KeenPuzzle, Grid) {
    let solution = random_latin_square(size, rng);
    let cages = random_cages(size, max_cage.max(2), false, rng)
        .into_iter()
        .map(|cells| {
            let values: Vec<u8> = cells.iter().map(|&c| solution.get(c)).collect();
            let ops: &[Op] = if cells.len() == 2 {
                &Op::ALL
            } else {
                &[Op::Add, Op::Mul]
            };
            let fitting: Vec<Clue> = ops.iter().filter_map(|&op| clue_for(op, &values)).collect();
            let clue = fitting[rng.below(fitting.len())];
            (cells, clue)
        })
        .collect();
    let puzzle = KeenPuzzle::new(size, cages)
        .unwrap_or_else(|e| unreachable!("random layouts are valid: {e}"));
    (puzzle, solution)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts_tile_the_grid_within_the_cap() {
        for size in [2, 3, 6, 9, 16] {
            let mut rng = SeededRng::from_u64(size as u64);
            let cages = random_cages(size, 6, false, &mut rng);
            let mut seen = vec![false; size * size];
            for cage in &cages {
                assert!((2..=6).contains(&cage.len()), "{cage:?}");
                for &c in cage {
                    assert!(!seen[c]);
                    seen[c] = true;
                }
            }
            assert!(seen.iter().all(|&s| s));
        }
    }

    #[test]
    fn products_too_big_for_a_clue_have_none() {
        assert_eq!(clue_for(Op::Mul, &[16; 16]), None);
        assert_eq!(
            clue_for(Op::Mul, &[16; 15]),
            Some(Clue::new(Op::Mul, 1 << 60))
        );
    }

    #[test]
    fn dominoes_at_most_leave_single_cells_on_odd_grids() {
        // Once a retry loop that could never end: 9 cells have no domino tiling.
        let cages = random_cages(3, 2, false, &mut SeededRng::from_u64(1));
        assert_eq!(cages.iter().map(Vec::len).sum::<usize>(), 9);
        assert!(cages.iter().all(|c| c.len() <= 2));
    }

    #[test]
    fn random_puzzles_are_solved_by_their_square() {
        let mut rng = SeededRng::from_u64(3);
        for size in [3, 5, 8, 12] {
            let (puzzle, solution) = random_puzzle(size, 6, &mut rng);
            assert!(puzzle.is_solved_by(&solution));
        }
    }
}
