//! Which levels tiny grids can reach at all: every layout of connected cages within the cap, every
//! Latin square and every fitting clue, graded exactly. The generator refuses at once what no
//! puzzle reaches (`keen::check_level`); these tests re-derive its table.

use std::collections::BTreeSet;

use gridsmith_engine::CancelToken;
use gridsmith_engine::Uniqueness;
use gridsmith_engine::keen::{
    Clue, Difficulty, GenerateOptions, KeenPuzzle, Op, check_level, clue_for, lowest_solving_level,
    uniqueness,
};
use gridsmith_tests::keen_oracle::all_latin_squares;

/// Every partition of the w x w grid into connected cages of at most `cap` cells (cages of one
/// cell only when `singles`).
fn partitions(w: usize, cap: usize, singles: bool) -> Vec<Vec<Vec<usize>>> {
    fn neighbours(w: usize, cell: usize) -> Vec<usize> {
        let (r, c) = (cell / w, cell % w);
        let mut out = Vec::new();
        if r > 0 {
            out.push(cell - w);
        }
        if c > 0 {
            out.push(cell - 1);
        }
        if c + 1 < w {
            out.push(cell + 1);
        }
        if r + 1 < w {
            out.push(cell + w);
        }
        out
    }
    /// Connected sets of free cells containing `root`, each once (grown in increasing order of a
    /// canonical frontier).
    fn grow(
        w: usize,
        cap: usize,
        free: &[bool],
        current: &mut Vec<usize>,
        frontier: Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        out.push(current.clone());
        if current.len() == cap {
            return;
        }
        for (i, &cell) in frontier.iter().enumerate() {
            let mut next: Vec<usize> = frontier[i + 1..].to_vec();
            for n in neighbours(w, cell) {
                if free[n] && !current.contains(&n) && !frontier.contains(&n) && !next.contains(&n)
                {
                    next.push(n);
                }
            }
            current.push(cell);
            grow(w, cap, free, current, next, out);
            current.pop();
        }
    }
    fn split(
        w: usize,
        cap: usize,
        singles: bool,
        free: &mut Vec<bool>,
        cages: &mut Vec<Vec<usize>>,
        out: &mut Vec<Vec<Vec<usize>>>,
    ) {
        let Some(root) = free.iter().position(|&f| f) else {
            out.push(cages.clone());
            return;
        };
        let frontier: Vec<usize> = neighbours(w, root)
            .into_iter()
            .filter(|&n| free[n])
            .collect();
        let mut shapes = Vec::new();
        grow(w, cap, free, &mut vec![root], frontier, &mut shapes);
        for mut shape in shapes {
            if shape.len() == 1 && !singles {
                continue;
            }
            shape.sort_unstable();
            for &c in &shape {
                free[c] = false;
            }
            cages.push(shape.clone());
            split(w, cap, singles, free, cages, out);
            cages.pop();
            for &c in &shape {
                free[c] = true;
            }
        }
    }
    let mut out = Vec::new();
    split(
        w,
        cap,
        singles,
        &mut vec![true; w * w],
        &mut Vec::new(),
        &mut out,
    );
    out
}

/// The exact levels some puzzle of side `w` reaches with these options.
fn reachable(w: usize, cap: usize, singles: bool, mult_only: bool) -> BTreeSet<Difficulty> {
    let cancel = CancelToken::new();
    let mut levels = BTreeSet::new();
    let ops: &[Op] = if mult_only {
        &[Op::Mul]
    } else {
        &[Op::Add, Op::Mul, Op::Sub, Op::Div]
    };
    for layout in partitions(w, cap, singles) {
        for square in all_latin_squares(w) {
            // Every choice of a fitting op per cage (single cells: their digit).
            let choices: Vec<Vec<Clue>> = layout
                .iter()
                .map(|cells| {
                    let values: Vec<u8> = cells.iter().map(|&c| square[c]).collect();
                    let fitting: Vec<Clue> = ops
                        .iter()
                        .filter_map(|&op| clue_for(op, &values))
                        .filter(|clue| clue.problem(cells.len(), w).is_none())
                        .collect();
                    if cells.len() == 1 {
                        vec![fitting[0]]
                    } else {
                        fitting
                    }
                })
                .collect();
            let mut pick = vec![0usize; layout.len()];
            loop {
                let cages = layout
                    .iter()
                    .zip(&pick)
                    .zip(&choices)
                    .map(|((cells, &i), options)| (cells.clone(), options[i]))
                    .collect();
                if let Ok(puzzle) = KeenPuzzle::new(w, cages) {
                    let level = match lowest_solving_level(&puzzle, Difficulty::Extreme, &cancel) {
                        Ok(Some(level)) => Some(level),
                        _ => matches!(uniqueness(&puzzle, &cancel), Ok(Uniqueness::Unique(_)))
                            .then_some(Difficulty::Unreasonable),
                    };
                    levels.extend(level);
                }
                // Next combination.
                let mut k = 0;
                while k < pick.len() {
                    pick[k] += 1;
                    if pick[k] < choices[k].len() {
                        break;
                    }
                    pick[k] = 0;
                    k += 1;
                }
                if k == pick.len() || choices.iter().any(Vec::is_empty) {
                    break;
                }
            }
        }
    }
    levels
}

fn options(cap: usize, singles: bool, mult_only: bool) -> GenerateOptions {
    GenerateOptions {
        mult_only,
        max_cage: cap,
        allow_singles: singles,
    }
}

/// The generator's table of unreachable levels agrees with every 3x3 puzzle there is.
#[test]
fn three_by_three_levels_are_what_the_generator_says() {
    for mult_only in [false, true] {
        // Caps past 6 reach what 6 reaches (checked once by hand).
        for cap in 2..=6 {
            for singles in [false, true] {
                if cap == 2 && !singles {
                    continue;
                }
                let levels = reachable(3, cap, singles, mult_only);
                for level in Difficulty::ALL {
                    let refused = check_level(3, level, &options(cap, singles, mult_only)).is_err();
                    // 3x3 stops at Normal: a harder request makes a Normal puzzle.
                    let made = level.min(Difficulty::Normal);
                    assert_eq!(
                        refused,
                        !levels.contains(&made),
                        "3x3 cap {cap} singles {singles} mult {mult_only} {level:?}: \
                         reachable {levels:?}"
                    );
                }
            }
        }
    }
}

/// The same for 4x4 with dominoes and single cells, products only (a minute: `--ignored`).
#[test]
#[ignore]
fn four_by_four_dominoes_of_products() {
    let levels = reachable(4, 2, true, true);
    for level in Difficulty::ALL {
        let refused = check_level(4, level, &options(2, true, true)).is_err();
        assert_eq!(refused, !levels.contains(&level), "{level:?}: {levels:?}");
    }
}
