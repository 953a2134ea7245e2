//! Clue changes that give a puzzle without solution one. A designer copying a puzzle from paper
//! who meets "no solution" has most often mistyped one clue (13+ for 12+, 21 for 12, × for +), or
//! drawn one wall on the wrong side of a cell; naming the change, instead of leaving them to
//! compare every clue and wall with the page again, is the help a no-solution verdict can give.

use std::collections::BTreeSet;

use super::aids::{CageClue, Fix, FixKind, FixesFound, without};
use crate::cancel::{CancelToken, Cancelled};
use crate::keen::layout::clue_for;
use crate::keen::solve::solve_setting_aside;
use crate::keen::{Clue, KeenPuzzle, Op, uniqueness_within};
use crate::topology::SquareGrid;
use crate::verdict::Uniqueness;

/// Branches one search may take (a cage's clue lifted, or a candidate checked): one that needs
/// more is skipped, so that one hard case at 16x16 cannot hold up the others.
const CANDIDATE_NODES: u64 = 3_000;

/// How far along a cage's list of possible targets (nearest first) the search looks.
const NEAREST_TARGETS: usize = 6;

/// How many clue changes are checked: most are refuted by the first propagation, so this is a few
/// milliseconds up to 9x9.
const REPAIRS_TRIED: usize = 400;

/// How many are offered.
const REPAIRS_OFFERED: usize = 3;

/// How many cells moved across a wall are checked (about two per cell at 16x16).
const WALL_MOVES_TRIED: usize = 600;

/// Cages past this size get no list of possible products (it grows too fast to be worth it); their
/// product clues are only checked for a swapped pair of digits and for another operation.
const MAX_PRODUCT_CELLS: usize = 6;

/// Single clue changes after which `puzzle` (which has no solution) has one. First each cage's
/// clue is lifted in turn: the cages whose lifting lets a grid through are the only ones a change
/// can repair. Their candidate clues are then checked, a few hundred at most, the likeliest typing
/// slips first (the next possible target, a swapped pair of digits, another operation with the
/// same target, then targets further off, then whatever the grid found puts there), and up to
/// three are returned, those that make the puzzle unique first. When fewer than three clue changes
/// make it unique, cells moved across one wall into a neighbour's cage, every clue kept, are
/// checked after them (a wall drawn on the wrong side of a cell).
pub fn clue_repairs(puzzle: &KeenPuzzle, cancel: &CancelToken) -> Result<Vec<Fix>, Cancelled> {
    let size = puzzle.size();
    let layout: Vec<CageClue> = puzzle.cages_with_clues();
    let mut candidates: Vec<(usize, usize, Clue)> = Vec::new();
    for (index, (cells, clue)) in layout.iter().enumerate() {
        let Some(grid) = solve_setting_aside(puzzle, index, CANDIDATE_NODES, cancel)? else {
            continue;
        };
        let mut clues = nearby_clues(size, cells.len(), *clue);
        let values: Vec<u8> = cells.iter().map(|&c| grid.get(c)).collect();
        let ops = std::iter::once(clue.op).chain(Op::ALL);
        if let Some(fitting) = ops.filter_map(|op| clue_for(op, &values)).next()
            && !clues.iter().any(|&(_, c)| c == fitting)
        {
            clues.push((NEAREST_TARGETS + 1, fitting));
        }
        candidates.extend(clues.into_iter().map(|(rank, c)| (rank, index, c)));
    }
    // Stable: within a rank, cages keep the reading order of the game ID.
    candidates.sort_by_key(|&(rank, _, _)| rank);
    let mut found = FixesFound::new(REPAIRS_OFFERED);
    for (_, index, clue) in candidates.into_iter().take(REPAIRS_TRIED) {
        let mut cages = layout.clone();
        cages[index].1 = clue;
        let Ok(edited) = KeenPuzzle::new(size, cages.clone()) else {
            continue;
        };
        let is_unique = match uniqueness_within(&edited, CANDIDATE_NODES, cancel)? {
            Some(Uniqueness::Unique(_)) => true,
            Some(Uniqueness::Multiple(..)) => false,
            Some(Uniqueness::None) | None => continue,
        };
        let fix = Fix {
            kind: FixKind::Clue {
                cell: layout[index].0[0],
                clue,
            },
            cages,
            unique: is_unique,
            left_behind: Vec::new(),
        };
        if found.keep(fix) {
            return Ok(found.offered());
        }
    }
    wall_repairs(&layout, size, &mut found, cancel)?;
    Ok(found.offered())
}

/// `layout` with `cell` moved into the cage of its neighbour `into`, every clue kept (a wall
/// drawn on the wrong side of a cell, put right); `None` when they share a cage, or the cage
/// `cell` leaves would be empty or fall apart.
pub fn moved_across_wall(
    layout: &[CageClue],
    cell: usize,
    into: usize,
    size: usize,
) -> Option<Vec<CageClue>> {
    let (from, rest) = without(layout, cell, size).filter(|(_, rest)| !rest.is_empty())?;
    let to = layout
        .iter()
        .position(|(cells, _)| cells.contains(&into))
        .filter(|&to| to != from)?;
    let mut cages = layout.to_vec();
    cages[from].0 = rest;
    cages[to].0.push(cell);
    cages[to].0.sort_unstable();
    Some(cages)
}

/// Keeps in `found` the layouts with one cell moved into an orthogonal neighbour's cage, clues
/// as they are ([`moved_across_wall`]), that have a solution.
fn wall_repairs(
    layout: &[CageClue],
    size: usize,
    found: &mut FixesFound,
    cancel: &CancelToken,
) -> Result<(), Cancelled> {
    let grid = SquareGrid::new(size);
    let mut tried = 0;
    for cell in 0..size * size {
        let mut joined: Vec<Vec<CageClue>> = Vec::new();
        for into in grid.neighbours_iter(cell) {
            let Some(cages) = moved_across_wall(layout, cell, into, size) else {
                continue;
            };
            // Two neighbours in one cage give the same layout.
            if joined.contains(&cages) {
                continue;
            }
            joined.push(cages.clone());
            let Ok(edited) = KeenPuzzle::new(size, cages.clone()) else {
                continue;
            };
            tried += 1;
            if tried > WALL_MOVES_TRIED {
                return Ok(());
            }
            let unique = match uniqueness_within(&edited, CANDIDATE_NODES, cancel)? {
                Some(Uniqueness::Unique(_)) => true,
                Some(Uniqueness::Multiple(..)) => false,
                Some(Uniqueness::None) | None => continue,
            };
            let fix = Fix {
                kind: FixKind::Wall { cell, into },
                cages,
                unique,
                left_behind: Vec::new(),
            };
            if found.keep(fix) {
                return Ok(());
            }
        }
    }
    Ok(())
}

/// Clues a cage of `cells` cells might have been meant to carry instead of `clue`, each with a
/// rank (lower is likelier): the neighbouring possible targets of the same operation rank by
/// their distance (1 for the next one either side), the same target under another operation and
/// the target with two digits swapped rank 2.
fn nearby_clues(size: usize, cells: usize, clue: Clue) -> Vec<(usize, Clue)> {
    let mut found: Vec<(usize, Clue)> = Vec::new();
    let mut offer = |rank: usize, other: Clue| {
        if other != clue && !found.iter().any(|&(_, c)| c == other) {
            found.push((rank, other));
        }
    };
    if let Some(targets) = possible_targets(size, cells, clue.op) {
        let below: Vec<u64> = targets.range(..clue.target).rev().copied().collect();
        let above: Vec<u64> = targets.range(clue.target + 1..).copied().collect();
        for distance in 1..=NEAREST_TARGETS {
            for side in [&below, &above] {
                if let Some(&target) = side.get(distance - 1) {
                    offer(distance, Clue::new(clue.op, target));
                }
            }
        }
    }
    if cells > 1 {
        for op in Op::ALL {
            if !op.needs_two_cells() || cells == 2 {
                offer(2, Clue::new(op, clue.target));
            }
        }
    }
    for swapped in swapped_digits(clue.target) {
        offer(2, Clue::new(clue.op, swapped));
    }
    found
}

/// The targets `op` can give over `cells` values from 1 to `size` (repeats allowed: cages that
/// bend may repeat a value), or `None` when the list would be too long to be worth making.
fn possible_targets(size: usize, cells: usize, op: Op) -> Option<BTreeSet<u64>> {
    let w = size as u64;
    let n = cells as u64;
    match op {
        _ if cells == 1 => Some((1..=w).collect()),
        Op::Add => Some((n..=n * w).collect()),
        Op::Sub => Some((1..w).collect()),
        Op::Div => Some((2..=w).collect()),
        Op::Mul if cells > MAX_PRODUCT_CELLS => None,
        Op::Mul => {
            let mut products = BTreeSet::from([1u64]);
            for _ in 0..cells {
                products = products
                    .iter()
                    .flat_map(|&p| (1..=w).map(move |v| p * v))
                    .collect();
            }
            Some(products)
        }
    }
}

/// `target` with one pair of neighbouring digits swapped (12 for 21), each distinct result once.
fn swapped_digits(target: u64) -> Vec<u64> {
    let digits: Vec<u8> = target.to_string().into_bytes();
    let mut out = Vec::new();
    for i in 1..digits.len() {
        if digits[i] == digits[i - 1] || (i == 1 && digits[i] == b'0') {
            continue;
        }
        let mut swapped = digits.clone();
        swapped.swap(i - 1, i);
        if let Some(value) = std::str::from_utf8(&swapped)
            .ok()
            .and_then(|s| s.parse().ok())
            && !out.contains(&value)
        {
            out.push(value);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::keen::{random_puzzle, uniqueness};
    use crate::rng::SeededRng;

    #[test]
    fn swapped_digits_skip_leading_zeros_and_repeats() {
        assert_eq!(swapped_digits(12), vec![21]);
        assert_eq!(swapped_digits(105), vec![150]);
        assert_eq!(swapped_digits(7), Vec::<u64>::new());
        assert_eq!(swapped_digits(111), Vec::<u64>::new());
    }

    #[test]
    fn nearby_clues_put_the_next_target_first() {
        let clues = nearby_clues(6, 3, Clue::new(Op::Add, 12));
        let rank_one: Vec<Clue> = clues
            .iter()
            .filter(|(rank, _)| *rank == 1)
            .map(|&(_, c)| c)
            .collect();
        assert_eq!(
            rank_one,
            vec![Clue::new(Op::Add, 11), Clue::new(Op::Add, 13)]
        );
        assert!(clues.contains(&(2, Clue::new(Op::Mul, 12))));
        assert!(clues.contains(&(2, Clue::new(Op::Add, 21))));
        // Products step to the next product three values can make, not to 59 or 61.
        let products = nearby_clues(6, 3, Clue::new(Op::Mul, 60));
        assert!(products.contains(&(1, Clue::new(Op::Mul, 54))));
        assert!(products.contains(&(1, Clue::new(Op::Mul, 64))));
    }

    /// A puzzle with one clue knocked off its value has no solution (when it has none) until a
    /// repair is applied; every repair offered does give it a solution, and the unique ones come
    /// first. Almost always the clue as it was is among them.
    #[test]
    fn a_mistyped_clue_is_found_again() {
        let cancel = CancelToken::new();
        let mut rng = SeededRng::from_seed_str("repairs");
        let (mut broken, mut restored) = (0, 0);
        for round in 0..40 {
            let (puzzle, _) = random_puzzle(5, 4, &mut rng);
            let mut cages: Vec<CageClue> = puzzle.cages_with_clues();
            let index = round % cages.len();
            let original = cages[index].1;
            cages[index].1 = Clue::new(original.op, original.target + 1);
            let Ok(mistyped) = KeenPuzzle::new(5, cages) else {
                continue;
            };
            if uniqueness(&mistyped, &cancel) != Ok(Uniqueness::None) {
                continue;
            }
            broken += 1;
            let repairs = clue_repairs(&mistyped, &cancel).expect("not cancelled");
            assert!(!repairs.is_empty(), "{}", mistyped.game_id());
            assert_offers_hold(&repairs, &cancel);
            let back = FixKind::Clue {
                cell: puzzle.cages()[index].cells()[0],
                clue: original,
            };
            restored += usize::from(repairs.iter().any(|fix| fix.kind == back));
        }
        assert!(
            broken >= 10,
            "only {broken} mistyped puzzles lost every solution"
        );
        assert!(
            restored * 10 >= broken * 9,
            "{restored} of {broken} restored"
        );
    }

    /// Every 5x5 repair offered gives a solution, one when it says so, and those that give one
    /// come before those that give several.
    fn assert_offers_hold(repairs: &[Fix], cancel: &CancelToken) {
        let mut seen_several = false;
        for fix in repairs {
            let repaired = KeenPuzzle::new(5, fix.cages.clone()).expect("a puzzle");
            let verdict = uniqueness(&repaired, cancel).expect("not cancelled");
            assert_eq!(fix.unique, matches!(verdict, Uniqueness::Unique(_)));
            assert_ne!(verdict, Uniqueness::None);
            assert!(!(seen_several && fix.unique), "unique fixes come first");
            seen_several |= !fix.unique;
        }
    }

    /// A cell drawn into the neighbouring cage, every clue as it was: when that leaves no
    /// solution, moving it back is almost always offered, and every offer gives a solution.
    #[test]
    fn a_wall_on_the_wrong_side_of_a_cell_is_found_again() {
        let cancel = CancelToken::new();
        let mut rng = SeededRng::from_seed_str("walls");
        let (mut broken, mut restored) = (0, 0);
        // Cages by their first cell: the order a layout lists them in does not matter.
        let sorted = |mut cages: Vec<CageClue>| {
            cages.sort_by_key(|(cells, _)| cells.first().copied());
            cages
        };
        for round in 0..60 {
            let (puzzle, _) = random_puzzle(5, 4, &mut rng);
            let layout = puzzle.cages_with_clues();
            let cell = (round * 7) % 25;
            let Some(cages) = SquareGrid::new(5)
                .neighbours_iter(cell)
                .find_map(|into| moved_across_wall(&layout, cell, into, 5))
            else {
                continue;
            };
            let Ok(misdrawn) = KeenPuzzle::new(5, cages) else {
                continue;
            };
            if uniqueness(&misdrawn, &cancel) != Ok(Uniqueness::None) {
                continue;
            }
            broken += 1;
            let repairs = clue_repairs(&misdrawn, &cancel).expect("not cancelled");
            assert_offers_hold(&repairs, &cancel);
            let original = sorted(layout);
            restored += usize::from(
                repairs
                    .iter()
                    .any(|fix| sorted(fix.cages.clone()) == original),
            );
        }
        assert!(
            broken >= 10,
            "only {broken} misdrawn puzzles lost every solution"
        );
        assert!(
            restored * 10 >= broken * 8,
            "{restored} of {broken} restored"
        );
    }
}
