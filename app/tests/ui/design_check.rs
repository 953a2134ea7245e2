//! The designer's live check across edits.

use gridsmith_engine::keen::{
    Clue, Design, DesignProblem, KeenPuzzle, Op, Verdict, check_drawing, clue_for, random_puzzle,
    uniqueness,
};
use gridsmith_engine::rng::SeededRng;
use gridsmith_engine::topology::{SquareGrid, Topology};
use gridsmith_engine::{CancelToken, Grid, Uniqueness};

use super::design::{blank_design, wait_for_verdict};
use super::*;

/// A unique puzzle, its solution, and a cage (its first cell) whose clue, changed to another one
/// that solution meets, leaves the puzzle ambiguous with another grid first when it is checked
/// from the drawing alone.
fn loosened_case() -> (KeenPuzzle, Grid, usize, Clue) {
    let mut rng = SeededRng::from_seed_str("steady");
    let cancel = CancelToken::new();
    for _ in 0..200 {
        let (puzzle, square) = random_puzzle(5, 3, &mut rng);
        if check_drawing(Design::from_puzzle(&puzzle).drawing(), None, &cancel)
            .is_none_or(|v| !matches!(v, Verdict::Unique(..)))
        {
            continue;
        }
        for index in 0..puzzle.cages().len() {
            let cage = &puzzle.cages()[index];
            let anchor = cage.cells()[0];
            let values: Vec<u8> = cage.cells().iter().map(|&c| square.get(c)).collect();
            for op in [Op::Add, Op::Mul, Op::Sub, Op::Div] {
                let Some(clue) = clue_for(op, &values).filter(|&c| c != cage.clue()) else {
                    continue;
                };
                let mut cages: Vec<(Vec<usize>, Clue)> = puzzle.cages_with_clues();
                cages[index].1 = clue;
                let Ok(loose) = KeenPuzzle::new(5, cages) else {
                    continue;
                };
                let alone = check_drawing(Design::from_puzzle(&loose).drawing(), None, &cancel);
                if let Some(Verdict::Several(first, _)) = alone
                    && first != square
                {
                    return (puzzle, square, anchor, clue);
                }
            }
        }
    }
    panic!("no unique puzzle loosens into another first grid");
}

/// Without typed digits, the grid shown first stays put while edits keep it a solution: each
/// check starts from the solution the last one found, so a clue changed to one the grid still
/// meets does not show the designer a different grid (checked from the drawing alone, this one
/// would).
#[test]
fn the_grid_shown_first_stays_put_while_it_still_fits() {
    let (puzzle, square, anchor, looser) = loosened_case();
    let mut harness = harness();
    blank_design(&mut harness, 5);
    designer(&mut harness).design.replace_with_puzzle(&puzzle);
    wait_for_verdict(&mut harness, |v| matches!(v, Verdict::Unique(..)));
    designer(&mut harness).design.set_clue(anchor, Some(looser));
    wait_for_verdict(&mut harness, |v| matches!(v, Verdict::Several(..)));
    let shown = designer(&mut harness).current_verdict().cloned();
    assert_eq!(shown.as_ref().and_then(Verdict::solution), Some(&square));
}

/// A unique puzzle with one clue typed one too high, so that no grid fits, and that clue as it was.
fn mistyped_case() -> (KeenPuzzle, usize, Clue) {
    let mut rng = SeededRng::from_seed_str("mistyped");
    let cancel = CancelToken::new();
    for round in 0..200 {
        let (puzzle, _) = random_puzzle(5, 3, &mut rng);
        if !matches!(uniqueness(&puzzle, &cancel), Ok(Uniqueness::Unique(_))) {
            continue;
        }
        let mut cages: Vec<(Vec<usize>, Clue)> = puzzle.cages_with_clues();
        let index = round % cages.len();
        let original = cages[index].1;
        cages[index].1 = Clue::new(original.op, original.target + 1);
        let anchor = cages[index].0[0];
        if let Ok(mistyped) = KeenPuzzle::new(5, cages)
            && uniqueness(&mistyped, &cancel) == Ok(Uniqueness::None)
        {
            return (mistyped, anchor, original);
        }
    }
    panic!("no clue one too high leaves a puzzle without solution");
}

/// A design without solution names the clue change that gives it one back (here the clue as it
/// was before a slip of one), and Apply makes it.
#[test]
fn a_design_without_solution_offers_the_clue_it_probably_meant() {
    let (mistyped, anchor, original) = mistyped_case();
    let mut harness = harness();
    blank_design(&mut harness, 5);
    designer(&mut harness).design.replace_with_puzzle(&mistyped);
    wait_for_verdict(&mut harness, |v| {
        matches!(
            v,
            Verdict::NoSolution | Verdict::Invalid(DesignProblem::CageCannotHold { .. }, _)
        )
    });
    wait_for(&mut harness, |app| {
        keen_designer(app).is_some_and(|d| d.current_fixes().is_some())
    });
    assert!(
        harness
            .query_by_label_contains("Changes that give it a solution")
            .is_some()
    );
    let wanted = format!(
        "Make the cage at {} {}{}",
        SquareGrid::new(5).cell_name(anchor),
        original.target,
        original.op.symbol()
    );
    let offered = designer(&mut harness)
        .current_fixes()
        .map(|fixes| fixes.iter().map(|f| f.describe(5)).collect::<Vec<_>>())
        .unwrap_or_default();
    assert!(offered.contains(&wanted), "{wanted} not in {offered:?}");
    harness
        .get_all_by_label("Apply")
        .next()
        .expect("a clue change")
        .click();
    harness.run_steps(1);
    wait_for_verdict(&mut harness, |v| {
        matches!(v, Verdict::Unique(..) | Verdict::Several(..))
    });
}
