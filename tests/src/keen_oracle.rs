//! An answer key for Keen's solver that owes nothing to it: random puzzles with cages of every size
//! and every op (true clues and clues moved by one), and two independent ways to count their
//! solutions: every Latin square up to 5x5 tried in turn, and a plain backtracking search beyond.
//!
//! The puzzles are drawn through [`Draw`], so the same generator serves a seeded test loop and a
//! fuzzer that feeds it bytes.

use std::sync::OnceLock;

use gridsmith_engine::keen::{Clue, KeenPuzzle, Op, uniqueness, uniqueness_knowing};
use gridsmith_engine::{CancelToken, Grid, Uniqueness};

/// Where random choices come from.
pub trait Draw {
    /// A number in `0..bound` (`bound` is at least 1).
    fn below(&mut self, bound: usize) -> usize;
}

impl Draw for gridsmith_engine::rng::SeededRng {
    fn below(&mut self, bound: usize) -> usize {
        gridsmith_engine::rng::SeededRng::below(self, bound)
    }
}

/// Choices read from bytes (a fuzzer's input); zeros once the bytes run out.
pub struct ByteDraw<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> ByteDraw<'a> {
    /// Draws from `bytes`.
    pub fn new(bytes: &'a [u8]) -> Self {
        Self { bytes, at: 0 }
    }
}

impl Draw for ByteDraw<'_> {
    fn below(&mut self, bound: usize) -> usize {
        let mut value = 0usize;
        // Two bytes per draw cover every bound used here (at most 256 cells).
        for _ in 0..2 {
            let byte = self.bytes.get(self.at).copied().unwrap_or(0);
            self.at += 1;
            value = value << 8 | usize::from(byte);
        }
        value % bound.max(1)
    }
}

/// A drawn puzzle with the Latin square its true clues were read from.
pub struct Case {
    /// The puzzle.
    pub puzzle: KeenPuzzle,
    /// The square the clues were computed from (a solution unless a clue was moved).
    pub square: Vec<u8>,
    /// How many clues were moved by one.
    pub moved: usize,
}

/// Draws a puzzle of side `w`: a random Latin square, random connected cages whose largest size is
/// itself drawn (from dominoes up to one cage over the whole grid), a random fitting op per cage, and
/// sometimes a clue or two moved by one.
pub fn random_case(w: usize, draw: &mut impl Draw) -> Case {
    let n = w * w;
    let square = random_square(w, draw);
    let max_cage = match draw.below(8) {
        0 => n,
        1 => 1 + draw.below(n),
        2 | 3 => 2 + draw.below(w.max(2)),
        _ => 2 + draw.below(4),
    };
    let cages = random_cages(w, max_cage, draw);
    let mut clued: Vec<(Vec<usize>, Clue)> = cages
        .into_iter()
        .map(|cells| {
            let values: Vec<u64> = cells.iter().map(|&c| u64::from(square[c])).collect();
            let clue = random_true_clue(&values, draw);
            (cells, clue)
        })
        .collect();
    let mut moved = 0;
    let moves = match draw.below(3) {
        0 => 0,
        1 => 1,
        _ => 1 + draw.below(2),
    };
    for _ in 0..moves {
        let index = draw.below(clued.len());
        let clue = &mut clued[index].1;
        let up = draw.below(2) == 0 || clue.target <= 1;
        clue.target = if up { clue.target + 1 } else { clue.target - 1 };
        moved += 1;
    }
    match KeenPuzzle::new(w, clued.clone()) {
        Ok(puzzle) => Case {
            puzzle,
            square,
            moved,
        },
        Err(error) => panic!("the oracle drew an invalid puzzle ({error}): {clued:?}"),
    }
}

/// A true clue for cells holding `values`: any op that fits the cage's size and values.
fn random_true_clue(values: &[u64], draw: &mut impl Draw) -> Clue {
    let sum = values.iter().sum();
    let product = values.iter().try_fold(1u64, |acc, &v| acc.checked_mul(v));
    if let &[a, b] = values {
        let (hi, lo) = (a.max(b), a.min(b));
        match draw.below(4) {
            0 => return Clue::new(Op::Sub, hi - lo),
            1 if hi % lo == 0 => return Clue::new(Op::Div, hi / lo),
            _ => {}
        }
    }
    match product {
        Some(product) if draw.below(2) == 0 => Clue::new(Op::Mul, product),
        // A product past u64 cannot be written as a clue.
        _ => Clue::new(Op::Add, sum),
    }
}

/// Connected cages of at most `max_cage` cells, grown by joining random neighbouring cages.
fn random_cages(w: usize, max_cage: usize, draw: &mut impl Draw) -> Vec<Vec<usize>> {
    let n = w * w;
    let mut parent: Vec<usize> = (0..n).collect();
    let mut size = vec![1usize; n];
    fn root(parent: &mut [usize], mut cell: usize) -> usize {
        while parent[cell] != cell {
            parent[cell] = parent[parent[cell]];
            cell = parent[cell];
        }
        cell
    }
    let attempts = 4 * n;
    let stop_early = draw.below(3) == 0;
    let attempts = if stop_early {
        draw.below(attempts + 1)
    } else {
        attempts
    };
    for _ in 0..attempts {
        let cell = draw.below(n);
        let (row, column) = (cell / w, cell % w);
        let neighbour = match draw.below(2) {
            0 if column + 1 < w => cell + 1,
            _ if row + 1 < w => cell + w,
            _ => continue,
        };
        let (a, b) = (root(&mut parent, cell), root(&mut parent, neighbour));
        if a != b && size[a] + size[b] <= max_cage {
            parent[b] = a;
            size[a] += size[b];
        }
    }
    let mut cages: Vec<Vec<usize>> = vec![Vec::new(); n];
    for cell in 0..n {
        let r = root(&mut parent, cell);
        cages[r].push(cell);
    }
    cages.retain(|cage| !cage.is_empty());
    cages
}

/// A random Latin square: one of all of them up to 5x5, a random backtracking fill beyond.
fn random_square(w: usize, draw: &mut impl Draw) -> Vec<u8> {
    if w <= BRUTE_FORCE_MAX {
        let all = all_latin_squares(w);
        return all[draw.below(all.len())].clone();
    }
    let mut cells = vec![0u8; w * w];
    let mut order: Vec<Vec<u8>> = Vec::with_capacity(w * w);
    for _ in 0..w * w {
        let mut values: Vec<u8> = (1..=w as u8).collect();
        for i in (1..values.len()).rev() {
            values.swap(i, draw.below(i + 1));
        }
        order.push(values);
    }
    let mut limit = 1_000_000usize;
    if fill(w, &mut cells, 0, &order, &mut limit) {
        cells
    } else {
        // The byte source can steer the fill into a long search: a cyclic square is still a square.
        (0..w * w)
            .map(|c| ((c / w + c % w) % w) as u8 + 1)
            .collect()
    }
}

fn fill(w: usize, cells: &mut [u8], at: usize, order: &[Vec<u8>], limit: &mut usize) -> bool {
    if at == cells.len() {
        return true;
    }
    if *limit == 0 {
        return false;
    }
    *limit -= 1;
    let (row, column) = (at / w, at % w);
    for &v in &order[at] {
        let clash = (0..column).any(|c| cells[row * w + c] == v)
            || (0..row).any(|r| cells[r * w + column] == v);
        if !clash {
            cells[at] = v;
            if fill(w, cells, at + 1, order, limit) {
                return true;
            }
        }
    }
    cells[at] = 0;
    false
}

/// The largest side whose Latin squares are all listed (5x5 has 161,280).
pub const BRUTE_FORCE_MAX: usize = 5;

/// Every Latin square of side `w` (at most [`BRUTE_FORCE_MAX`]), row-major, listed once.
pub fn all_latin_squares(w: usize) -> &'static [Vec<u8>] {
    static LISTS: [OnceLock<Vec<Vec<u8>>>; BRUTE_FORCE_MAX + 1] =
        [const { OnceLock::new() }; BRUTE_FORCE_MAX + 1];
    assert!(w <= BRUTE_FORCE_MAX, "only squares up to 5x5 are listed");
    LISTS[w].get_or_init(|| {
        let mut all = Vec::new();
        let mut cells = vec![0u8; w * w];
        list(w, &mut cells, 0, &mut all);
        all
    })
}

fn list(w: usize, cells: &mut [u8], at: usize, all: &mut Vec<Vec<u8>>) {
    if at == cells.len() {
        all.push(cells.to_vec());
        return;
    }
    let (row, column) = (at / w, at % w);
    for v in 1..=w as u8 {
        let clash = (0..column).any(|c| cells[row * w + c] == v)
            || (0..row).any(|r| cells[r * w + column] == v);
        if !clash {
            cells[at] = v;
            list(w, cells, at + 1, all);
        }
    }
    cells[at] = 0;
}

/// Whether `cells` (a full grid) meets every clue of `puzzle`; the Latin rule is not checked.
pub fn meets_clues(puzzle: &KeenPuzzle, cells: &[u8]) -> bool {
    puzzle
        .cages()
        .iter()
        .all(|cage| holds(cage.clue(), cage.cells().iter().map(|&c| cells[c])))
}

/// A clue's arithmetic written out again, so the oracle does not trust the engine's.
fn holds(clue: Clue, values: impl Iterator<Item = u8>) -> bool {
    let target = u128::from(clue.target);
    let mut values = values.map(u128::from);
    match clue.op {
        Op::Add => values.sum::<u128>() == target,
        // A product of at most 256 values up to 16 can pass u128: past it, it is past any target.
        Op::Mul => values.try_fold(1u128, |acc, v| acc.checked_mul(v)) == Some(target),
        Op::Sub | Op::Div => match (values.next(), values.next(), values.next()) {
            (Some(a), Some(b), None) if clue.op == Op::Sub => a.max(b) - a.min(b) == target,
            (Some(a), Some(b), None) => a.max(b) == a.min(b) * target,
            _ => false,
        },
    }
}

/// Whether `cells` is a Latin square of side `w`.
pub fn is_latin(w: usize, cells: &[u8]) -> bool {
    cells.len() == w * w
        && (0..w).all(|i| {
            let mut row = 0u32;
            let mut column = 0u32;
            for j in 0..w {
                row |= 1 << cells[i * w + j];
                column |= 1 << cells[j * w + i];
            }
            row == column && row == ((1u32 << (w + 1)) - 2)
        })
}

/// What the oracle found: up to two solutions, or none.
#[derive(Clone, Debug)]
pub enum Count {
    /// No solution.
    None,
    /// Exactly this one.
    One(Vec<u8>),
    /// At least two.
    Several,
    /// The independent search ran out of budget.
    Unknown,
}

/// Counts the solutions of `puzzle` up to two: every Latin square up to 5x5, else a plain
/// backtracking search of at most `budget` nodes.
pub fn count_solutions(puzzle: &KeenPuzzle, budget: u64) -> Count {
    let w = puzzle.size();
    let mut first: Option<Vec<u8>> = None;
    if w <= BRUTE_FORCE_MAX {
        for square in all_latin_squares(w) {
            if meets_clues(puzzle, square) {
                if first.is_some() {
                    return Count::Several;
                }
                first = Some(square.clone());
            }
        }
        return first.map_or(Count::None, Count::One);
    }
    count_by_search(puzzle, budget)
}

/// Counts the solutions of `puzzle` up to two by a plain backtracking search of at most `budget`
/// nodes (the second oracle: faster than listing squares, and it reaches past 5x5).
pub fn count_by_search(puzzle: &KeenPuzzle, budget: u64) -> Count {
    let w = puzzle.size();
    let mut search = Backtrack::new(puzzle, budget);
    let mut cells = vec![0u8; w * w];
    search.run(&mut cells, 0);
    match (search.out_of_budget, search.found.len()) {
        (_, 2..) => Count::Several,
        (true, _) => Count::Unknown,
        (false, 0) => Count::None,
        (false, _) => Count::One(search.found.remove(0)),
    }
}

/// Backtracking over the Latin rule that fills one cage after another, so each clue is checked as
/// soon as its cage is full, and sums and products that can no longer be met are cut early.
struct Backtrack<'a> {
    puzzle: &'a KeenPuzzle,
    w: usize,
    /// Cells in the order they are filled: cage by cage.
    order: Vec<usize>,
    rows: Vec<u32>,
    columns: Vec<u32>,
    /// Per cage: values placed so far, their sum and product (u128 saturates nowhere near).
    placed: Vec<usize>,
    sums: Vec<u128>,
    products: Vec<Option<u128>>,
    budget: u64,
    out_of_budget: bool,
    found: Vec<Vec<u8>>,
}

impl<'a> Backtrack<'a> {
    fn new(puzzle: &'a KeenPuzzle, budget: u64) -> Self {
        let w = puzzle.size();
        let cages = puzzle.cages().len();
        Self {
            puzzle,
            w,
            order: puzzle
                .cages()
                .iter()
                .flat_map(|c| c.cells().to_vec())
                .collect(),
            rows: vec![0; w],
            columns: vec![0; w],
            placed: vec![0; cages],
            sums: vec![0; cages],
            products: vec![Some(1); cages],
            budget,
            out_of_budget: false,
            found: Vec::new(),
        }
    }

    fn run(&mut self, cells: &mut [u8], at: usize) {
        if at == self.order.len() {
            self.found.push(cells.to_vec());
            return;
        }
        if self.budget == 0 {
            self.out_of_budget = true;
            return;
        }
        self.budget -= 1;
        let cell = self.order[at];
        let (row, column) = (cell / self.w, cell % self.w);
        let cage = self.puzzle.cage_of(cell);
        for v in 1..=self.w as u8 {
            let bit = 1u32 << v;
            if (self.rows[row] | self.columns[column]) & bit != 0 {
                continue;
            }
            cells[cell] = v;
            self.rows[row] |= bit;
            self.columns[column] |= bit;
            let (sum, product) = (self.sums[cage], self.products[cage]);
            self.placed[cage] += 1;
            self.sums[cage] += u128::from(v);
            self.products[cage] = product.and_then(|p| p.checked_mul(u128::from(v)));
            if self.can_still_meet(cells, cage) {
                self.run(cells, at + 1);
            }
            self.placed[cage] -= 1;
            self.sums[cage] = sum;
            self.products[cage] = product;
            self.rows[row] &= !bit;
            self.columns[column] &= !bit;
            cells[cell] = 0;
            if self.found.len() >= 2 || self.out_of_budget {
                return;
            }
        }
    }

    /// Whether cage `index`, filled up to its placed count, can still meet its clue.
    fn can_still_meet(&self, cells: &[u8], index: usize) -> bool {
        let cage = &self.puzzle.cages()[index];
        let clue = cage.clue();
        if self.placed[index] == cage.len() {
            return holds(clue, cage.cells().iter().map(|&c| cells[c]));
        }
        let open = (cage.len() - self.placed[index]) as u128;
        let target = u128::from(clue.target);
        match clue.op {
            Op::Add => {
                let sum = self.sums[index];
                sum + open <= target && target <= sum + open * self.w as u128
            }
            Op::Mul => self.products[index].is_some_and(|p| target % p == 0),
            Op::Sub | Op::Div => true,
        }
    }
}

/// Fails with the game ID when the solver's verdict on `puzzle` disagrees with `count`, the
/// oracle's (or when a grid it returns breaks a rule); false when the oracle gave up.
pub fn agrees_with(puzzle: &KeenPuzzle, count: Count) -> bool {
    let answer = uniqueness(puzzle, &CancelToken::new()).expect("never cancelled");
    answer_agrees(puzzle, answer, count)
}

/// [`agrees_with`] for the answer given `square` as a solution in hand (the generator's and the
/// designer's question): it must be the same answer whether the square solves the puzzle or not.
pub fn agrees_knowing(puzzle: &KeenPuzzle, square: &[u8], count: Count) -> bool {
    let Some(known) = Grid::new(puzzle.size(), square.to_vec()) else {
        panic!(
            "{}: the oracle's square {square:?} is not a grid",
            puzzle.game_id()
        );
    };
    let answer = uniqueness_knowing(puzzle, &known, &CancelToken::new()).expect("never cancelled");
    if puzzle.is_solved_by(&known) {
        let first = match &answer {
            Uniqueness::Unique(a) | Uniqueness::Multiple(a, _) => Some(a),
            Uniqueness::None => None,
        };
        assert_eq!(
            first,
            Some(&known),
            "{}: the known solution comes first",
            puzzle.game_id()
        );
    }
    answer_agrees(puzzle, answer, count)
}

fn answer_agrees(puzzle: &KeenPuzzle, answer: Uniqueness<Grid>, count: Count) -> bool {
    let w = puzzle.size();
    let id = puzzle.game_id();
    let grids = match &answer {
        Uniqueness::None => vec![],
        Uniqueness::Unique(a) => vec![a],
        Uniqueness::Multiple(a, b) => {
            assert_ne!(a, b, "{id}: two equal solutions");
            vec![a, b]
        }
    };
    for grid in grids {
        assert!(
            is_latin(w, grid.cells()) && meets_clues(puzzle, grid.cells()),
            "{id}: the solver's grid {:?} is not a solution",
            grid.cells()
        );
    }
    match (count, &answer) {
        (Count::Unknown, _) => return false,
        (Count::None, Uniqueness::None) | (Count::Several, Uniqueness::Multiple(..)) => {}
        (Count::One(expected), Uniqueness::Unique(grid)) => {
            assert_eq!(grid.cells(), &expected[..], "{id}")
        }
        (count, answer) => panic!(
            "{id}: the solver says {}, the oracle {count:?}",
            answer.name()
        ),
    }
    true
}

/// The fuzz target's check: Keen's verdict on the puzzle `bytes` draw (side 3 to 5) equals an
/// independent count: every Latin square up to 4x4 (a millisecond a case at 5x5 would be too
/// slow), a plain cage-by-cage search at 5x5 (exact there: no budget).
pub fn check_bytes(bytes: &[u8]) {
    let mut draw = ByteDraw::new(bytes);
    let w = 3 + draw.below(3);
    let case = random_case(w, &mut draw);
    let count = if w < 5 {
        count_solutions(&case.puzzle, 0)
    } else {
        count_by_search(&case.puzzle, u64::MAX)
    };
    agrees_with(&case.puzzle, count.clone());
    agrees_knowing(&case.puzzle, &case.square, count);
}
