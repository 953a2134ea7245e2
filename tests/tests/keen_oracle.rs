//! Keen's verdicts against an answer key that owes nothing to the solver (`keen_oracle`): every
//! Latin square tried in turn up to 5x5, a plain backtracking search beyond. Cages of every size,
//! every op, true clues and clues moved by one.

use gridsmith_engine::CancelToken;
use gridsmith_engine::Uniqueness;
use gridsmith_engine::keen::{Clue, GameId, Grade, KeenPuzzle, Op, grade, uniqueness};
use gridsmith_engine::rng::SeededRng;
use gridsmith_tests::keen_oracle::{
    agrees_knowing, agrees_with, count_solutions, is_latin, meets_clues, random_case,
};

fn verdict(puzzle: &KeenPuzzle) -> Uniqueness<gridsmith_engine::Grid> {
    uniqueness(puzzle, &CancelToken::new()).expect("not cancelled")
}

/// Fails with the game ID when the solver's verdict disagrees with the oracle's count, from the
/// puzzle alone or with the square its clues came from in hand.
fn agree(puzzle: &KeenPuzzle, square: &[u8], budget: u64) -> bool {
    let count = count_solutions(puzzle, budget);
    let knowing = agrees_knowing(puzzle, square, count.clone());
    agrees_with(puzzle, count) && knowing
}

fn run(w: usize, cases: usize, seed: &str, budget: u64) {
    let mut rng = SeededRng::from_seed_str(seed);
    let mut decided = 0;
    let mut moved = 0;
    for _ in 0..cases {
        let case = random_case(w, &mut rng);
        moved += usize::from(case.moved > 0);
        decided += usize::from(agree(&case.puzzle, &case.square, budget));
    }
    // The independent search gives up on some puzzles with huge cages and no solution (it has to
    // try every filling); most cases must be decided.
    assert!(
        decided * 4 >= cases * 3,
        "{w}x{w}: only {decided} of {cases} decided"
    );
    assert!(moved * 4 >= cases, "{w}x{w}: too few moved clues ({moved})");
}

#[test]
fn brute_force_agrees_up_to_five() {
    run(3, 1000, "oracle-3", 0);
    run(4, 2000, "oracle-4", 0);
    run(5, 2000, "oracle-5", 0);
}

#[test]
fn backtracking_agrees_on_six_and_seven() {
    run(6, 400, "oracle-6", 500_000);
    run(7, 150, "oracle-7", 500_000);
}

fn whole_grid(w: usize, op: Op, target: u64) -> KeenPuzzle {
    KeenPuzzle::new(w, vec![((0..w * w).collect(), Clue::new(op, target))]).expect("valid")
}

#[test]
fn the_reported_wrong_answers_have_no_solution() {
    for id in ["4:x,m663552", "5:n_5c3b_b__,a52a4a3a5a4a2a3a1"] {
        let puzzle = id.parse::<GameId>().expect("valid").puzzle;
        assert_eq!(verdict(&puzzle), Uniqueness::None, "{id}");
    }
}

/// Its 7-cell `a41` was once answered with cells summing to 40; it has several true solutions.
#[test]
fn a_large_sum_cage_is_met_in_every_solution() {
    let id = "10:a__bdab_ca_4a_aaea_d__dcb3_aca__a_3a_eaebb_ab_a5_3a_ecda_c_a_ba_5a_ab__c,a57a9a12a35m420a6a22a41m48m8a60a57m24a73a50m16800m120a8a2a9m6";
    let puzzle = id.parse::<GameId>().expect("valid").puzzle;
    let Uniqueness::Multiple(a, b) = verdict(&puzzle) else {
        panic!("{id} has several solutions");
    };
    for grid in [a, b] {
        assert!(is_latin(10, grid.cells()) && meets_clues(&puzzle, grid.cells()));
    }
}

/// Every row a cage, one row one short: whole lines answer at once, whatever the size.
#[test]
fn row_cages_with_a_short_row_answer_none() {
    for w in 3..=16usize {
        let total = (w * (w + 1) / 2) as u64;
        let cages = (0..w)
            .map(|row| {
                let target = if row == w / 2 { total - 1 } else { total };
                (
                    (row * w..(row + 1) * w).collect(),
                    Clue::new(Op::Add, target),
                )
            })
            .collect();
        let puzzle = KeenPuzzle::new(w, cages).expect("valid");
        assert_eq!(verdict(&puzzle), Uniqueness::None, "{w}");
    }
}

#[test]
fn whole_grid_cages_answer_none_when_off_by_one() {
    for w in 3..=16usize {
        let total = (w * (w + 1) / 2 * w) as u64;
        assert!(matches!(
            verdict(&whole_grid(w, Op::Add, total)),
            Uniqueness::Multiple(..) | Uniqueness::Unique(_)
        ));
        assert_eq!(
            verdict(&whole_grid(w, Op::Add, total + 1)),
            Uniqueness::None,
            "{w}"
        );
        assert_eq!(
            verdict(&whole_grid(w, Op::Add, total - 1)),
            Uniqueness::None,
            "{w}"
        );
    }
    // 7!^7 passes u64.
    for w in 3..=6usize {
        let product = (1..=w as u64).product::<u64>().pow(w as u32);
        assert_ne!(
            verdict(&whole_grid(w, Op::Mul, product)),
            Uniqueness::None,
            "{w}"
        );
        assert_eq!(
            verdict(&whole_grid(w, Op::Mul, product * 2)),
            Uniqueness::None,
            "{w}"
        );
    }
}

/// The grader asks the same solver whether an Unreasonable puzzle is unique: it must call the
/// reported puzzles impossible, not Unreasonable.
#[test]
fn the_grader_inherits_the_verdicts() {
    for id in ["4:x,m663552", "5:n_5c3b_b__,a52a4a3a5a4a2a3a1"] {
        let puzzle = id.parse::<GameId>().expect("valid").puzzle;
        assert_eq!(
            grade(&puzzle, &CancelToken::new()),
            Ok(Grade::Impossible),
            "{id}"
        );
    }
}
