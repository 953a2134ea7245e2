//! The Keen generator: random puzzles with one solution, graded exactly at the level asked for.
//!
//! Each attempt follows upstream's recipe: a random Latin square, a layout of dominoes with the
//! remaining single cells folded into neighbouring cages, then one operation per cage chosen to
//! avoid give-aways and to keep the four operations in balance. An attempt is kept when the
//! deductions of the requested level solve it and those of the level below do not (for
//! Unreasonable: Extreme does not solve it and the exact solver finds one solution). Above 9x9,
//! where such a layout is too rare to wait for, a stuck layout is repaired instead of redrawn.
//! Everything random comes from one seeded stream, so a seed names a puzzle on every platform.

mod harden;
mod repair;
mod upstream;

use thiserror::Error;

pub(crate) use self::repair::empty_grid_fillings;
pub use self::repair::tightest_clue;
use self::repair::{RepairRules, repair};
pub use self::upstream::{UPSTREAM_SIZES, follows_upstream};

use super::format::SeedId;
use super::layout::{clue_for, random_cages};
use super::puzzle::{Clue, KeenPuzzle, MAX_SIZE, Op};
use super::twins;
use super::{Difficulty, lowest_solving_level, uniqueness, uniqueness_within};
use crate::cancel::{CancelToken, Cancelled};
use crate::latin::{Grid, random_latin_square};
use crate::rng::SeededRng;
use crate::verdict::Uniqueness;

/// Smallest grid the generator makes (as upstream: smaller ones cannot hold interesting cages).
pub const MIN_GENERATED_SIZE: usize = 3;

/// Largest cage cap the generator accepts: bigger cages could not be tabulated by the solver.
pub const MAX_CAGE_CAP: usize = 12;

/// From this side up, a layout the level's deductions cannot finish is repaired rather than
/// thrown away (see [`repair`]); smaller grids follow upstream's recipe exactly.
const REPAIR_FROM_SIZE: usize = 10;

/// Branches of exact search an Unreasonable candidate from this side up may need to be proved
/// unique (see [`has_exact_level`]).
const UNREASONABLE_SEARCH_BUDGET: u64 = 3_000;

/// Edits a repair may make, per unit of grid side, before the layout is given up.
const REPAIR_EDITS_PER_SIDE: usize = 8;

/// Choices beyond size and difficulty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenerateOptions {
    /// Every clue a product (upstream's "multiplication only" mode).
    pub mult_only: bool,
    /// Largest cage, in cells (upstream: 6).
    pub max_cage: usize,
    /// Let a cell that cannot join a neighbouring cage stay alone as a given digit, instead of
    /// starting the layout again (upstream never allows single-cell cages).
    pub allow_singles: bool,
}

impl Default for GenerateOptions {
    fn default() -> Self {
        Self {
            mult_only: false,
            max_cage: 6,
            allow_singles: false,
        }
    }
}

/// A generated puzzle with its solution.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The puzzle: one solution, graded exactly `difficulty`.
    pub puzzle: KeenPuzzle,
    /// Its only solution.
    pub solution: Grid,
    /// The level it was made at (after clamping, see [`playable_difficulty`]).
    pub difficulty: Difficulty,
    /// Layouts tried, this one included.
    pub attempts: u64,
}

/// Why no puzzle was generated.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GenerateError {
    /// The size is outside what the generator makes.
    #[error(
        "the generator makes grids from {MIN_GENERATED_SIZE}x{MIN_GENERATED_SIZE} to {MAX_SIZE}x{MAX_SIZE}, not {0}x{0}"
    )]
    UnsupportedSize(usize),
    /// The cage cap is outside what the generator accepts.
    #[error(
        "the largest cage must be 3 to {MAX_CAGE_CAP} cells (2 when single-cell cages are allowed), not {0}"
    )]
    UnsupportedCageCap(usize),
    /// No puzzle with these options reaches the level.
    #[error("no puzzle with these options can be {level}: {why}", level = .0.name(), why = .1)]
    Unreachable(Difficulty, String),
    /// A small grid's search ran out of layouts (such puzzles exist but the recipe rarely
    /// draws them).
    #[error(
        "no {size}x{size} {} puzzle with these options turned up in {attempts} layouts: they are \
         very rare; allow larger cages, single cells or mixed operations, or try another level",
        level.name()
    )]
    NotFound {
        /// Grid side.
        size: usize,
        /// The level asked for.
        level: Difficulty,
        /// Layouts tried.
        attempts: u64,
    },
    /// The caller gave up.
    #[error("generation was cancelled")]
    Cancelled,
}

impl From<Cancelled> for GenerateError {
    fn from(_: Cancelled) -> Self {
        GenerateError::Cancelled
    }
}

/// The level a `size` grid can really be made at: upstream clamps 3x3 above Normal to Normal,
/// because harder 3x3 puzzles barely exist and the search for one could spin for ever.
pub fn playable_difficulty(size: usize, difficulty: Difficulty) -> Difficulty {
    if size <= 3 && difficulty > Difficulty::Normal {
        Difficulty::Normal
    } else {
        difficulty
    }
}

/// Generates a `size` x `size` puzzle graded exactly `difficulty` (clamped by
/// [`playable_difficulty`]) from the stream named by `seed`. Where upstream makes such puzzles
/// ([`follows_upstream`]), the seed names upstream's own puzzle. `progress` hears the number of
/// attempts after each one; `cancel` is read between attempts and between grading levels.
pub fn generate(
    size: usize,
    difficulty: Difficulty,
    options: &GenerateOptions,
    seed: &str,
    cancel: &CancelToken,
    progress: &mut dyn FnMut(u64),
) -> Result<Generated, GenerateError> {
    if follows_upstream(size, options) {
        check_level(size, difficulty, options)?;
        return upstream::generate_upstream(
            size,
            difficulty,
            options.mult_only,
            seed,
            cancel,
            progress,
        );
    }
    generate_with(
        size,
        difficulty,
        options,
        &mut SeededRng::from_seed_str(seed),
        cancel,
        progress,
    )
}

/// The puzzle a random-seed ID names (for 3x3 to 9x9, upstream's own puzzle for that seed).
pub fn generate_from_seed(
    id: &SeedId,
    cancel: &CancelToken,
    progress: &mut dyn FnMut(u64),
) -> Result<Generated, GenerateError> {
    let options = GenerateOptions {
        mult_only: id.mult_only,
        ..GenerateOptions::default()
    };
    generate(id.size, id.difficulty, &options, &id.seed, cancel, progress)
}

/// [`generate`] drawing from an existing random stream.
pub fn generate_with(
    size: usize,
    difficulty: Difficulty,
    options: &GenerateOptions,
    rng: &mut SeededRng,
    cancel: &CancelToken,
    progress: &mut dyn FnMut(u64),
) -> Result<Generated, GenerateError> {
    check_level(size, difficulty, options)?;
    let difficulty = playable_difficulty(size, difficulty);
    let mut attempts = 0u64;
    loop {
        if cancel.is_cancelled() {
            return Err(GenerateError::Cancelled);
        }
        if attempt_limit(size).is_some_and(|limit| attempts >= limit) {
            return Err(GenerateError::NotFound {
                size,
                level: difficulty,
                attempts,
            });
        }
        attempts += 1;
        let solution = random_latin_square(size, rng);
        let cages = random_cages(size, options.max_cage, options.allow_singles, rng);
        let clues = choose_clues(&solution, &cages, difficulty, options.mult_only, rng);
        let mut puzzle = KeenPuzzle::new(size, cages.into_iter().zip(clues).collect())
            .unwrap_or_else(|e| unreachable!("generated layouts are valid: {e}"));
        // Products only, layouts are mostly too easy rather than stuck: they are repaired up to
        // the level (Extreme for Unreasonable) and then hardened to it.
        let hardened = size >= REPAIR_FROM_SIZE && options.mult_only;
        if size >= REPAIR_FROM_SIZE && (difficulty < Difficulty::Unreasonable || hardened) {
            let rules = RepairRules {
                mult_only: options.mult_only,
                allow_singles: options.allow_singles,
            };
            let edits = REPAIR_EDITS_PER_SIDE * size;
            let solved_at = difficulty.min(Difficulty::Extreme);
            let repaired = repair(puzzle, &solution, solved_at, &rules, edits, rng, cancel)?;
            let made = match repaired {
                Some(repaired) if hardened => harden::harden(
                    repaired,
                    &solution,
                    difficulty,
                    options.max_cage,
                    rng,
                    cancel,
                )?,
                other => other,
            };
            match made {
                Some(made) => puzzle = made,
                None => {
                    progress(attempts);
                    continue;
                }
            }
        }
        let budget = (size >= REPAIR_FROM_SIZE).then_some(UNREASONABLE_SEARCH_BUDGET);
        let graded = has_exact_level(&puzzle, &solution, difficulty, budget, cancel)?;
        progress(attempts);
        if graded {
            return Ok(Generated {
                puzzle,
                solution,
                difficulty,
                attempts,
            });
        }
    }
}

/// Whether the generator accepts this size and these options (the error says why not).
pub fn check_parameters(size: usize, options: &GenerateOptions) -> Result<(), GenerateError> {
    if !(MIN_GENERATED_SIZE..=MAX_SIZE).contains(&size) {
        return Err(GenerateError::UnsupportedSize(size));
    }
    // A cap of 2 without single cells would need a perfect domino tiling, which random layouts
    // almost never give on large grids.
    let smallest_cap = if options.allow_singles { 2 } else { 3 };
    if !(smallest_cap..=MAX_CAGE_CAP).contains(&options.max_cage) {
        return Err(GenerateError::UnsupportedCageCap(options.max_cage));
    }
    Ok(())
}

/// Whether some puzzle of side `size` with these options grades exactly `level` (after
/// [`playable_difficulty`]); the error says why none does. Checked at once, so that no search
/// for an impossible puzzle ever starts.
pub fn check_level(
    size: usize,
    level: Difficulty,
    options: &GenerateOptions,
) -> Result<(), GenerateError> {
    check_parameters(size, options)?;
    let level = playable_difficulty(size, level);
    if level == Difficulty::Easy {
        return Ok(());
    }
    // Found by grading every layout, Latin square and clue there is (tests/keen_generator_limits).
    let why = match (
        size,
        options.max_cage,
        options.mult_only,
        options.allow_singles,
    ) {
        (3, 2, _, _) => Some("3x3 puzzles with cages of at most 2 cells are all Easy"),
        (3, 3..=5, true, false) => Some(
            "3x3 puzzles of products only, in cages of 2 to 5 cells, are all Easy: allow \
             larger cages or single cells, or mix the operations",
        ),
        (4, 2, true, _) => Some(
            "4x4 puzzles of products only in dominoes are all Easy: allow larger cages or mix \
             the operations",
        ),
        _ => None,
    };
    match why {
        Some(why) => Err(GenerateError::Unreachable(level, why.to_string())),
        None => Ok(()),
    }
}

/// Layouts a small grid tries before the generator says it found none: some reachable levels
/// are so rare under the layout recipe that the search could otherwise run for ever.
fn attempt_limit(size: usize) -> Option<u64> {
    match size {
        3 => Some(200_000),
        4 => Some(400_000),
        5 => Some(600_000),
        _ => None,
    }
}

/// Whether `puzzle` is solved by the deductions of `level` but not by those of the level below
/// (for Unreasonable: not by Extreme's, and it has one solution).
///
/// With a `search_budget`, an Unreasonable candidate whose uniqueness takes more branches than
/// that is turned down: the search for another layout is cheaper than a proof that can take
/// minutes, and the puzzles kept are ones the solver (and so the window) answers quickly.
fn has_exact_level(
    puzzle: &KeenPuzzle,
    solution: &Grid,
    level: Difficulty,
    search_budget: Option<u64>,
    cancel: &CancelToken,
) -> Result<bool, Cancelled> {
    // Deductions only remove what no solution needs, so no level solves a puzzle with two
    // solutions. Most layouts the recipe draws (products only above all) have two, mostly by a
    // swap of a few cells that keeps every clue, which is far cheaper to find than grading
    // them: the same layouts are kept, sooner.
    if twins::has_swapped_twin(puzzle, solution) {
        return Ok(false);
    }
    is_exactly_at(puzzle, level, search_budget, cancel)
}

/// [`has_exact_level`] for a puzzle already known to have no swapped twin.
fn is_exactly_at(
    puzzle: &KeenPuzzle,
    level: Difficulty,
    search_budget: Option<u64>,
    cancel: &CancelToken,
) -> Result<bool, Cancelled> {
    if level == Difficulty::Unreasonable {
        // No level solves it, and it has one solution. Cheapest first: most candidates fall to
        // Easy's deductions, and of the rest nearly all have two solutions (products-only 9x9:
        // 211,164 solved at Easy, 1,292 at a higher level, 35,269 with two solutions, 11 kept),
        // which the search finds far sooner than the higher levels' deductions give up. Either
        // order keeps the same puzzles.
        if lowest_solving_level(puzzle, Difficulty::Easy, cancel)?.is_some() {
            return Ok(false);
        }
        let verdict = match search_budget {
            Some(budget) => uniqueness_within(puzzle, budget, cancel)?,
            None => Some(uniqueness(puzzle, cancel)?),
        };
        if !matches!(verdict, Some(Uniqueness::Unique(_))) {
            return Ok(false);
        }
        return Ok(lowest_solving_level(puzzle, level, cancel)?.is_none());
    }
    Ok(lowest_solving_level(puzzle, level, cancel)? == Some(level))
}

/// The operations a cage would take well (`good`) or only if nothing better is left (`poor`).
#[derive(Clone, Copy, Default)]
struct Suitable {
    good: [bool; 4],
    poor: [bool; 4],
}

/// Upstream's order of choice: the rare operations first, so they are not crowded out.
const CHOICE_ORDER: [Op; 4] = [Op::Div, Op::Sub, Op::Mul, Op::Add];

fn op_index(op: Op) -> usize {
    match op {
        Op::Div => 0,
        Op::Sub => 1,
        Op::Mul => 2,
        Op::Add => 3,
    }
}

/// One clue per cage, as upstream picks them: rate each operation for each cage, then deal the
/// operations out in turn (division, subtraction, product, sum, again and again), each to the first
/// cage in a random order that takes it well, else to the first that takes it at all.
fn choose_clues(
    solution: &Grid,
    cages: &[Vec<usize>],
    difficulty: Difficulty,
    mult_only: bool,
    rng: &mut SeededRng,
) -> Vec<Clue> {
    let mut order: Vec<usize> = (0..cages.len()).collect();
    rng.shuffle(&mut order);
    deal_clues(solution, cages, difficulty, mult_only, &order)
}

/// [`choose_clues`] with the cages' order of preference given.
fn deal_clues(
    solution: &Grid,
    cages: &[Vec<usize>],
    difficulty: Difficulty,
    mult_only: bool,
    order: &[usize],
) -> Vec<Clue> {
    let w = solution.size();
    // One buffer for every cage's values: the generator deals clues to tens of thousands of
    // layouts for a rare puzzle.
    let mut values: Vec<u8> = Vec::new();
    let mut suitable: Vec<Suitable> = Vec::with_capacity(cages.len());
    for cells in cages {
        values.clear();
        values.extend(cells.iter().map(|&c| solution.get(c)));
        suitable.push(rate_ops(&values, w, difficulty, mult_only));
    }
    let mut chosen: Vec<Option<Op>> = vec![None; cages.len()];
    // A cage dealt an operation rates none any more, so the first cage in `order` that takes an
    // operation (well or at all) only moves on: each search resumes where the last one stopped,
    // instead of scanning the whole order again each round (products only deal one cage a
    // round, so that was quadratic).
    let mut good_from = [0usize; 4];
    let mut poor_from = [0usize; 4];
    let first_from =
        |from: &mut usize, takes: &dyn Fn(&Suitable) -> bool, suitable: &[Suitable]| {
            while *from < order.len() && !takes(&suitable[order[*from]]) {
                *from += 1;
            }
            order.get(*from).copied()
        };
    loop {
        let mut dealt = false;
        for op in CHOICE_ORDER {
            let k = op_index(op);
            let taker = first_from(&mut good_from[k], &|s| s.good[k], &suitable)
                .or_else(|| first_from(&mut poor_from[k], &|s| s.poor[k], &suitable));
            if let Some(cage) = taker {
                chosen[cage] = Some(op);
                suitable[cage] = Suitable::default();
                dealt = true;
            }
        }
        if !dealt {
            break;
        }
    }
    let mut clues = Vec::with_capacity(cages.len());
    for (cells, op) in cages.iter().zip(chosen) {
        values.clear();
        values.extend(cells.iter().map(|&c| solution.get(c)));
        // Single cells rate no operation: their clue is their digit either way.
        let op = op.unwrap_or(if mult_only { Op::Mul } else { Op::Add });
        clues.push(
            clue_for(op, &values)
                .unwrap_or_else(|| unreachable!("only fitting operations are rated")),
        );
    }
    clues
}

/// Upstream's ratings: larger cages take sums and products; a domino's sum is poor when only one
/// pair makes it, its product poor (above Normal) when at most two ordered pairs do, a difference of
/// w-1 never fits, and a quotient only when exact and at most w/2.
fn rate_ops(values: &[u8], w: usize, difficulty: Difficulty, mult_only: bool) -> Suitable {
    let mut rating = Suitable::default();
    if values.len() < 2 {
        return rating;
    }
    if mult_only {
        rating.good[op_index(Op::Mul)] = true;
        return rating;
    }
    if values.len() > 2 {
        rating.good[op_index(Op::Add)] = true;
        rating.good[op_index(Op::Mul)] = true;
        return rating;
    }
    let w = w as u64;
    let (p, q) = (
        u64::from(values[0].max(values[1])),
        u64::from(values[0].min(values[1])),
    );
    let sum = p + q;
    if sum > 4 && sum + 2 < 2 * w {
        rating.good[op_index(Op::Add)] = true;
    } else {
        rating.poor[op_index(Op::Add)] = true;
    }
    let product = p * q;
    let factorings = (1..=w)
        .filter(|&k| product % k == 0 && product / k <= w && product / k != k)
        .count();
    if factorings <= 2 && difficulty > Difficulty::Normal {
        rating.poor[op_index(Op::Mul)] = true;
    } else {
        rating.good[op_index(Op::Mul)] = true;
    }
    if p - q + 1 < w {
        rating.good[op_index(Op::Sub)] = true;
    }
    if p % q == 0 && 2 * (p / q) <= w {
        rating.good[op_index(Op::Div)] = true;
    }
    rating
}

#[cfg(test)]
mod tests;
