//! Taking givens away from a full numbering while one numbering stays provable: how the generator
//! finishes a puzzle, and how a designer gets a small set of givens for a path of their own (the
//! numbering they drew or the check found) or for a random path on the board they drew.

use crate::cancel::{CancelToken, Cancelled};
use crate::rng::SeededRng;
use crate::verdict::Uniqueness;

use super::deduce::{RikudoLevel, rikudo_grade};
use super::generate::{MadeRikudo, RikudoGenerateError, random_path};
use super::puzzle::RikudoPuzzle;
use super::solve::uniqueness_within;

/// Placements one uniqueness check may make while givens are taken away: a removal the solver
/// cannot settle within it keeps its given. Small enough that what is made stays quick to solve
/// (at 20,000 the 126-cell puzzles took three times as long), large enough to leave few givens.
const CHECK_BUDGET: u64 = 5_000;

/// Takes away the givens of `order`, one at a time, keeping each whose removal leaves the puzzle
/// without a provable single numbering (or, with a `level`, past that level's steps). `progress`
/// hears how many are left to try.
pub(super) fn dig(
    puzzle: &mut RikudoPuzzle,
    order: &[usize],
    level: Option<RikudoLevel>,
    cancel: &CancelToken,
    progress: &mut dyn FnMut(usize),
) -> Result<(), Cancelled> {
    for (done, &cell) in order.iter().enumerate() {
        if cancel.is_cancelled() {
            return Err(Cancelled);
        }
        progress(order.len() - done);
        let Some(kept) = puzzle.givens[cell].take() else {
            continue;
        };
        // Steps that fill the board from givens of a real numbering prove it the only one, so a
        // graded puzzle needs no search.
        let keep = match level {
            Some(target) => rikudo_grade(puzzle).is_none_or(|found| found > target),
            None => !matches!(
                uniqueness_within(puzzle, CHECK_BUDGET, cancel)?,
                Some(Uniqueness::Unique(_))
            ),
        };
        if keep {
            puzzle.givens[cell] = Some(kept);
        }
    }
    Ok(())
}

/// A small set of givens for one path on `board`'s cells: `numbering` (a number per cell, say the
/// one the designer drew or the check found) or, without one, a random path from `seed`. Every
/// number of the path is given, the board's dots the path passes are kept (the others dropped),
/// then givens are taken away while the named steps still reach the path; `board`'s own givens are
/// tried last, so that the designer's choices stay where they can.
pub fn suggest_givens(
    board: &RikudoPuzzle,
    numbering: Option<&[u32]>,
    seed: &str,
    cancel: &CancelToken,
    progress: &mut dyn FnMut(usize),
) -> Result<MadeRikudo, RikudoGenerateError> {
    let count = board.cell_count();
    if count < 2 {
        return Err(RikudoGenerateError::Unreachable(
            "a path needs at least two cells".to_string(),
        ));
    }
    let mut rng = SeededRng::from_seed_str(seed);
    let mut bare = board.clone();
    bare.clear_givens();
    bare.dots.clear();
    let (solution, walks) = match numbering {
        Some(numbering) if bare.is_solution(numbering) => (numbering.to_vec(), 0),
        Some(_) => {
            return Err(RikudoGenerateError::Unreachable(
                "those numbers are not a path through every cell".to_string(),
            ));
        }
        None => {
            let (path, walks) = random_path(&bare, &mut rng, cancel)?;
            let mut solution = vec![0u32; count];
            for (index, &cell) in path.iter().enumerate() {
                solution[cell] = index as u32 + 1;
            }
            (solution, walks)
        }
    };
    let mut puzzle = bare;
    puzzle.dots = board
        .dots
        .iter()
        .copied()
        .filter(|&(a, b)| solution[a].abs_diff(solution[b]) == 1)
        .collect();
    puzzle.givens = solution.iter().map(|&v| Some(v)).collect();
    let drawn = |cell: usize| numbering.is_some() && board.givens[cell].is_some();
    let (mut order, mut last): (Vec<usize>, Vec<usize>) = (0..count).partition(|&c| !drawn(c));
    rng.shuffle(&mut order);
    rng.shuffle(&mut last);
    order.extend(last);
    // A designer's puzzle is for people: the named steps must reach the numbering (which proves
    // it the only one without a search).
    dig(
        &mut puzzle,
        &order,
        Some(RikudoLevel::Hard),
        cancel,
        progress,
    )?;
    Ok(MadeRikudo::graded(puzzle, solution, walks))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rikudo::{RikudoShape, rikudo_uniqueness};

    fn never() -> CancelToken {
        CancelToken::new()
    }

    #[test]
    fn a_random_path_gets_few_givens_and_one_numbering() {
        let board = RikudoShape::Ring60.board();
        let made = suggest_givens(&board, None, "thin", &never(), &mut |_| {}).expect("made");
        assert!(made.puzzle.is_solution(&made.solution));
        let givens = made.puzzle.givens().iter().flatten().count();
        assert!(givens < 40, "{givens} givens");
        assert!(made.level.is_some());
        assert_eq!(
            rikudo_uniqueness(&made.puzzle, &never()),
            Ok(Uniqueness::Unique(made.solution.clone()))
        );
    }

    #[test]
    fn a_drawn_numbering_is_kept_with_the_dots_it_passes_and_the_designers_givens_tried_last() {
        let board = RikudoShape::Hexagon36.board();
        let path = suggest_givens(&board, None, "path", &never(), &mut |_| {}).expect("path");
        let numbering = path.solution;
        let mut drawn = board.clone();
        // One dot on the path and one off it; the designer's own given at the path's middle.
        let on = (0..36)
            .flat_map(|a| board.neighbours(a).iter().map(move |&b| (a, b)))
            .find(|&(a, b)| numbering[a].abs_diff(numbering[b]) == 1)
            .expect("a link");
        let off = (0..36)
            .flat_map(|a| board.neighbours(a).iter().map(move |&b| (a, b)))
            .find(|&(a, b)| numbering[a].abs_diff(numbering[b]) != 1)
            .expect("a non-link");
        drawn.dots = vec![on, off];
        let middle = numbering.iter().position(|&v| v == 18).expect("18");
        drawn.givens[middle] = Some(18);
        let made =
            suggest_givens(&drawn, Some(&numbering), "keep", &never(), &mut |_| {}).expect("made");
        assert_eq!(made.solution, numbering);
        assert_eq!(made.puzzle.dots(), &[on]);
        assert_eq!(
            rikudo_uniqueness(&made.puzzle, &never()),
            Ok(Uniqueness::Unique(numbering.clone()))
        );
        let mut broken = numbering.clone();
        broken.swap(0, 1);
        if !board.is_solution(&broken) {
            assert!(matches!(
                suggest_givens(&drawn, Some(&broken), "x", &never(), &mut |_| {}),
                Err(RikudoGenerateError::Unreachable(_))
            ));
        }
    }

    #[test]
    fn a_board_without_a_path_or_cells_is_refused_in_words() {
        let mut design = crate::rikudo::RikudoDesign::new(RikudoPuzzle::empty());
        design.toggle_cell(0, 0);
        design.toggle_cell(0, 2);
        let two_apart = design.puzzle();
        assert_eq!(two_apart.cell_count(), 2);
        for board in [&RikudoPuzzle::empty(), two_apart] {
            assert!(matches!(
                suggest_givens(board, None, "", &never(), &mut |_| {}),
                Err(RikudoGenerateError::Unreachable(_))
            ));
        }
        let cancelled = CancelToken::new();
        cancelled.cancel();
        assert_eq!(
            suggest_givens(
                &RikudoShape::Hexagon36.board(),
                None,
                "",
                &cancelled,
                &mut |_| {}
            ),
            Err(RikudoGenerateError::Cancelled)
        );
    }
}
