//! The designer's live check across edits.

use gridsmith_engine::keen::{
    Clue, Design, KeenPuzzle, Op, Verdict, check_drawing, clue_for, random_puzzle,
};
use gridsmith_engine::rng::SeededRng;
use gridsmith_engine::{CancelToken, Grid};

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
                let mut cages: Vec<(Vec<usize>, Clue)> = puzzle
                    .cages()
                    .iter()
                    .map(|c| (c.cells().to_vec(), c.clue()))
                    .collect();
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
