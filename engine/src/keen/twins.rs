//! A quick proof that a drawn layout has a second solution, before any search or grading.
//!
//! Two rows (or two columns) of a Latin square split into cycles: start at a column, take the
//! first row's value there, find it in the second row, and so on back to the start. Swapping the
//! two rows' values on one cycle's columns leaves every row and column a permutation, so it is a
//! second Latin square; if every cage it touches still meets its clue, the puzzle has two
//! solutions. Most layouts the generator turns down for being ambiguous are ambiguous in exactly
//! this way, on a short cycle (a rectangle of two values, mostly), and this finds them in a
//! fraction of the exact search's time.

use crate::keen::layout::FlatLayout;
use crate::keen::puzzle::KeenPuzzle;
use crate::latin::{Grid, MAX_SIDE};

/// The cages a twin must keep: which cage holds a cell, its cells, and whether values meet its
/// clue.
pub(crate) trait Cages {
    fn cage_of(&self, cell: usize) -> usize;
    fn cells(&self, cage: usize) -> &[usize];
    fn holds(&self, cage: usize, values: &[u8]) -> bool;

    /// Whether swapping the values x and y of a rectangle's corners keeps every clue, when that
    /// can be told from the cages alone: `one_way` are the two corners whose value is multiplied
    /// by y/x, `other_way` the two multiplied by x/y.
    fn rectangle_keeps(&self, _one_way: [usize; 2], _other_way: [usize; 2]) -> Option<bool> {
        None
    }
}

impl Cages for KeenPuzzle {
    fn cage_of(&self, cell: usize) -> usize {
        KeenPuzzle::cage_of(self, cell)
    }
    fn cells(&self, cage: usize) -> &[usize] {
        self.cages()[cage].cells()
    }
    fn holds(&self, cage: usize, values: &[u8]) -> bool {
        self.cages()[cage].clue().holds(values)
    }
}

/// A drawn layout whose every cage will be clued by its product: the generator asks about a
/// twin before it deals clues and builds the puzzle, since most such layouts have one.
pub(crate) struct ProductCages<'a> {
    layout: &'a FlatLayout,
    products: Vec<u64>,
}

impl<'a> ProductCages<'a> {
    /// The layout's cages, their products read from `solution`.
    pub(crate) fn new(layout: &'a FlatLayout, solution: &Grid) -> Self {
        let products = (0..layout.cage_count())
            .map(|cage| {
                layout
                    .cage(cage)
                    .iter()
                    .map(|&c| u64::from(solution.get(c)))
                    .product()
            })
            .collect();
        Self { layout, products }
    }
}

impl Cages for ProductCages<'_> {
    fn cage_of(&self, cell: usize) -> usize {
        self.layout.cage_of(cell)
    }
    fn cells(&self, cage: usize) -> &[usize] {
        self.layout.cage(cage)
    }
    fn holds(&self, cage: usize, values: &[u8]) -> bool {
        values.iter().map(|&v| u64::from(v)).product::<u64>() == self.products[cage]
    }

    /// Two corners are multiplied by x/y and two by y/x (x and y the rectangle's two values), so
    /// a cage keeps its product exactly when it holds as many of one kind as of the other.
    fn rectangle_keeps(&self, one_way: [usize; 2], other_way: [usize; 2]) -> Option<bool> {
        let [a, b] = one_way.map(|cell| self.layout.cage_of(cell));
        let [c, d] = other_way.map(|cell| self.layout.cage_of(cell));
        Some((a == c && b == d) || (a == d && b == c))
    }
}

/// The longest cycle the generator tries: on 9x9 products-only layouts, cycles of two find 80% of
/// the ambiguous ones, up to three 93%, up to four 96%; longer ones touch many cages and rarely
/// keep them all, so for a generator drawing thousands of layouts they cost more than they save.
const GENERATOR_CYCLES: usize = 3;

/// Whether swapping one short cycle between two rows or two columns of `solution` gives a
/// second solution of `puzzle` (false proves nothing).
pub(crate) fn has_swapped_twin(puzzle: &impl Cages, solution: &Grid) -> bool {
    find_swap(puzzle, solution, Look::FirstUpTo(GENERATOR_CYCLES)).is_some()
}

/// The second solution of `puzzle` made by swapping one cycle of any length between two rows or
/// two columns of `solution`, the shortest there is: the designer shows the two grids, and the
/// fewer cells they differ in, the plainer the ambiguity (`None` proves nothing).
pub(crate) fn shortest_swapped_twin(puzzle: &impl Cages, solution: &Grid) -> Option<Grid> {
    find_swap(puzzle, solution, Look::Shortest).and_then(|swap| swap.applied_to(solution))
}

/// A twin made by swapping a cycle of at most `longest` columns (or rows), the first one met;
/// cycles of two are always tried.
#[cfg(test)]
pub(crate) fn swapped_twin(puzzle: &impl Cages, solution: &Grid, longest: usize) -> Option<Grid> {
    find_swap(puzzle, solution, Look::FirstUpTo(longest)).and_then(|swap| swap.applied_to(solution))
}

/// How far a look for a twin goes.
#[derive(Clone, Copy)]
enum Look {
    /// Cycles of at most this many columns (two always), the first that keeps every clue.
    FirstUpTo(usize),
    /// Cycles of any length, the shortest that keeps every clue.
    Shortest,
}

/// The cells a twin swaps: pairs of cells, one in each of the two lines, on one cycle. Kept on the
/// stack: the generator asks about every layout it draws.
#[derive(Clone, Copy)]
struct Swap {
    pairs: [(usize, usize); MAX_SIDE],
    len: usize,
}

impl Swap {
    fn new(pairs: &[(usize, usize)]) -> Self {
        let mut swap = Swap {
            pairs: [(0, 0); MAX_SIDE],
            len: pairs.len(),
        };
        swap.pairs[..pairs.len()].copy_from_slice(pairs);
        swap
    }

    fn applied_to(&self, solution: &Grid) -> Option<Grid> {
        let mut values = solution.cells().to_vec();
        for &(a, b) in &self.pairs[..self.len] {
            values.swap(a, b);
        }
        Grid::new(solution.size(), values)
    }
}

fn find_swap(puzzle: &impl Cages, solution: &Grid, look: Look) -> Option<Swap> {
    let (longest, first_ends) = match look {
        Look::FirstUpTo(longest) => (longest, true),
        Look::Shortest => (MAX_SIDE, false),
    };
    let w = solution.size();
    let mut values = [0u8; MAX_SIDE * MAX_SIDE];
    values[..w * w].copy_from_slice(solution.cells());
    // Each row's and each column's values, and where each value sits in it: the generator asks
    // this of every layout it draws.
    let mut lines = [[[0u8; MAX_SIDE]; MAX_SIDE]; 2];
    let mut place_of = [[[0u8; MAX_SIDE + 1]; MAX_SIDE]; 2];
    for row in 0..w {
        for column in 0..w {
            let value = values[row * w + column];
            lines[0][row][column] = value;
            lines[1][column][row] = value;
            place_of[0][row][usize::from(value)] = column as u8;
            place_of[1][column][usize::from(value)] = row as u8;
        }
    }
    // Looking for the shortest: the best of three or more columns so far (two ends the look).
    let mut best: Option<Swap> = None;
    let beats = |best: &Option<Swap>, len: usize| best.as_ref().is_none_or(|kept| len < kept.len);
    for (direction, (lines, place_of)) in lines.iter().zip(&place_of).enumerate() {
        // Cell `k` of line `line`: rows in direction 0, else columns.
        let cell = |line: usize, k: usize| {
            if direction == 0 {
                line * w + k
            } else {
                k * w + line
            }
        };
        for (first, first_values) in lines[..w].iter().enumerate() {
            for (second, place_in_second) in place_of.iter().enumerate().take(w).skip(first + 1) {
                // Where each column's value of the first line sits in the second: the cycles of
                // this permutation are the swappable cycles. Those of two and three are found by
                // composing it, with independent lookups instead of walking each cycle.
                let mut next = [0u8; MAX_SIDE];
                for (target, &value) in next[..w].iter_mut().zip(&first_values[..w]) {
                    *target = place_in_second[usize::from(value)];
                }
                let (mut twos, mut threes) = (0u32, 0u32);
                for k in 0..w {
                    let once = usize::from(next[k]);
                    let twice = usize::from(next[once]);
                    if twice == k {
                        twos |= u32::from(k < once) << k;
                    } else if usize::from(next[twice]) == k {
                        threes |= u32::from(k < once && k < twice) << k;
                    }
                }
                // Each cycle once, from its smallest column.
                while twos != 0 {
                    let low = twos.trailing_zeros() as usize;
                    twos &= twos - 1;
                    let high = usize::from(next[low]);
                    let pairs = [low, high].map(|k| (cell(first, k), cell(second, k)));
                    let one_way = [cell(first, low), cell(second, high)];
                    let other_way = [cell(first, high), cell(second, low)];
                    let keeps = puzzle
                        .rectangle_keeps(one_way, other_way)
                        .unwrap_or_else(|| swap_keeps_clues(puzzle, &mut values, &pairs));
                    if keeps {
                        // No cycle is shorter.
                        return Some(Swap::new(&pairs));
                    }
                }
                while threes != 0 && longest >= 3 && beats(&best, 3) {
                    let k = threes.trailing_zeros() as usize;
                    threes &= threes - 1;
                    let once = usize::from(next[k]);
                    let pairs = [k, once, usize::from(next[once])]
                        .map(|k| (cell(first, k), cell(second, k)));
                    if swap_keeps_clues(puzzle, &mut values, &pairs) {
                        best = Some(Swap::new(&pairs));
                        if first_ends {
                            return best;
                        }
                    }
                }
                if longest > 3 {
                    // Longer cycles by walking them, each once.
                    let mut seen = 0u32;
                    let mut pairs = [(0, 0); MAX_SIDE];
                    for start in 0..w {
                        let mut len = 0;
                        let mut k = start;
                        while seen >> k & 1 == 0 {
                            seen |= 1 << k;
                            pairs[len] = (cell(first, k), cell(second, k));
                            len += 1;
                            k = usize::from(next[k]);
                        }
                        let pairs = &pairs[..len];
                        if (4..=longest).contains(&len)
                            && beats(&best, len)
                            && swap_keeps_clues(puzzle, &mut values, pairs)
                        {
                            best = Some(Swap::new(pairs));
                            if first_ends {
                                return best;
                            }
                        }
                    }
                }
            }
        }
    }
    best
}

/// Swaps the values of each pair of cells, tells whether every cage they touch still meets its
/// clue, and swaps them back.
fn swap_keeps_clues(puzzle: &impl Cages, values: &mut [u8], pairs: &[(usize, usize)]) -> bool {
    for &(a, b) in pairs {
        values.swap(a, b);
    }
    let mut cage_values = [0u8; MAX_SIDE * MAX_SIDE];
    // A cage touched twice is checked twice: cheaper than gathering the distinct ones.
    let keeps = pairs.iter().flat_map(|&(a, b)| [a, b]).all(|cell| {
        let cage = puzzle.cage_of(cell);
        let cells = puzzle.cells(cage);
        for (value, &cell) in cage_values.iter_mut().zip(cells) {
            *value = values[cell];
        }
        puzzle.holds(cage, &cage_values[..cells.len()])
    });
    for &(a, b) in pairs {
        values.swap(a, b);
    }
    keeps
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cancel::CancelToken;
    use crate::keen::layout::layout_into;
    use crate::keen::{Clue, Op, random_puzzle, uniqueness};
    use crate::rng::SeededRng;
    use crate::verdict::Uniqueness;

    /// A twin it reports is a real second solution (the exact solver finds several), and it
    /// reports many of the ambiguous ones.
    #[test]
    fn a_twin_means_several_solutions() {
        let (mut twins, mut several) = (0, 0);
        for index in 0..600 {
            let size = 4 + index % 4;
            let mut rng = SeededRng::from_u64(index as u64);
            let (puzzle, solution) = random_puzzle(size, 4, &mut rng);
            let verdict = uniqueness(&puzzle, &CancelToken::new());
            let ambiguous = matches!(verdict, Ok(Uniqueness::Multiple(..)));
            several += usize::from(ambiguous);
            if has_swapped_twin(&puzzle, &solution) {
                twins += 1;
                assert!(ambiguous, "{}", puzzle.game_id());
            }
        }
        assert!(
            twins * 2 > several,
            "{twins} twins among {several} ambiguous"
        );
    }

    /// Asked for cycles of any length, it finds more twins, and each is a second solution.
    #[test]
    fn longer_cycles_find_more_twins_and_real_ones() {
        let (mut short, mut long) = (0, 0);
        for index in 0..300 {
            let size = 6 + index % 5;
            let mut rng = SeededRng::from_u64(5000 + index as u64);
            let (puzzle, solution) = random_puzzle(size, 5, &mut rng);
            short += usize::from(has_swapped_twin(&puzzle, &solution));
            if let Some(twin) = swapped_twin(&puzzle, &solution, MAX_SIDE) {
                long += 1;
                assert!(twin != solution && puzzle.is_solved_by(&twin), "{index}");
            }
        }
        assert!(long > short && short > 0, "{short} short, {long} in all");
    }

    /// Read from the cages alone, a products-only layout finds the twins the puzzle made of it
    /// finds.
    #[test]
    fn product_cages_agree_with_their_puzzle() {
        let mut found = 0;
        let mut layout = FlatLayout::default();
        for index in 0..400 {
            let size = 4 + index % 6;
            let mut rng = SeededRng::from_u64(1000 + index as u64);
            let solution = crate::latin::random_latin_square(size, &mut rng);
            let mut order: Vec<usize> = (0..size * size).collect();
            rng.shuffle(&mut order);
            if !layout_into(size, 5, true, &order, || rng.chance(3, 4), &mut layout) {
                continue;
            }
            let clued = layout.to_cages().into_iter().map(|cells| {
                let product = cells.iter().map(|&c| u64::from(solution.get(c))).product();
                (cells, Clue::new(Op::Mul, product))
            });
            let puzzle = KeenPuzzle::new(size, clued.collect()).expect("a valid layout");
            let twin = has_swapped_twin(&puzzle, &solution);
            let product_cages = ProductCages::new(&layout, &solution);
            assert_eq!(has_swapped_twin(&product_cages, &solution), twin, "{index}");
            found += usize::from(twin);
        }
        assert!(found > 50, "only {found} twins");
    }
}
