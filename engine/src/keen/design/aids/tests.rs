use super::*;
use crate::keen::{Difficulty, GenerateOptions, generate, uniqueness};
use crate::latin::random_latin_square;
use crate::rng::SeededRng;

fn layout_of(puzzle: &KeenPuzzle) -> Vec<Vec<usize>> {
    puzzle.cages().iter().map(|c| c.cells().to_vec()).collect()
}

fn admits(cages: &[CageClue], grid: &Grid) -> bool {
    cages
        .iter()
        .all(|(cells, clue)| clue.holds(&values_in(grid, cells)))
}

#[test]
fn ops_are_found_that_make_generated_layouts_unique() {
    for seed in ["a", "b", "c", "d"] {
        let made = generate(
            6,
            Difficulty::Hard,
            &GenerateOptions::default(),
            seed,
            &CancelToken::new(),
            &mut |_| {},
        )
        .expect("generates");
        let cages = layout_of(&made.puzzle);
        let suggestion = suggest_ops(
            &made.solution,
            &cages,
            &vec![None; cages.len()],
            &CancelToken::new(),
            &mut |_| {},
        )
        .expect("not cancelled")
        .expect("the cages tile the grid");
        assert_eq!(suggestion.other, None, "seed {seed}");
        let with_clues: Vec<CageClue> = cages.into_iter().zip(suggestion.clues).collect();
        assert!(admits(&with_clues, &made.solution));
        let puzzle = KeenPuzzle::new(6, with_clues).expect("valid");
        assert!(matches!(
            uniqueness(&puzzle, &CancelToken::new()),
            Ok(Uniqueness::Unique(_))
        ));
    }
}

#[test]
fn fitting_clues_already_given_are_kept_when_they_can_be() {
    let made = generate(
        5,
        Difficulty::Normal,
        &GenerateOptions::default(),
        "keep",
        &CancelToken::new(),
        &mut |_| {},
    )
    .expect("generates");
    let cages = layout_of(&made.puzzle);
    let current: Vec<Option<Clue>> = made.puzzle.cages().iter().map(|c| Some(c.clue())).collect();
    let suggestion = suggest_ops(
        &made.solution,
        &cages,
        &current,
        &CancelToken::new(),
        &mut |_| {},
    )
    .expect("not cancelled")
    .expect("a puzzle");
    assert_eq!(suggestion.changed, 0);
    assert!(!suggestion.changed_given);
    assert_eq!(suggestion.other, None);
}

/// A 4x4 of horizontal dominoes with sums: many grids fit.
fn ambiguous() -> (KeenPuzzle, Grid, Grid) {
    let solution = random_latin_square(4, &mut SeededRng::from_u64(7));
    let cages: Vec<CageClue> = (0..8)
        .map(|i| {
            let cells = vec![2 * i, 2 * i + 1];
            let clue = clue_for(Op::Add, &values_in(&solution, &cells)).expect("sums fit");
            (cells, clue)
        })
        .collect();
    let puzzle = KeenPuzzle::new(4, cages).expect("valid");
    match uniqueness(&puzzle, &CancelToken::new()) {
        Ok(Uniqueness::Multiple(a, b)) => (puzzle, a, b),
        other => panic!("expected several solutions, got {other:?}"),
    }
}

#[test]
fn fixes_keep_the_first_solution_and_rule_out_the_second() {
    let (puzzle, first, second) = ambiguous();
    let fixes = tell_apart(&puzzle, &first, &second, 40, 5, &CancelToken::new()).expect("runs");
    assert!(!fixes.is_empty());
    for fix in &fixes {
        assert!(admits(&fix.cages, &first), "{fix:?}");
        assert!(!admits(&fix.cages, &second), "{fix:?}");
        let edited = KeenPuzzle::new(4, fix.cages.clone()).expect("a puzzle");
        let unique = matches!(
            uniqueness(&edited, &CancelToken::new()),
            Ok(Uniqueness::Unique(_))
        );
        assert_eq!(unique, fix.unique);
        // A move or split out of a two-cell cage refits the one cell left, and says so.
        let words = fix.describe(4);
        match fix.kind {
            FixKind::Move { cell, .. } | FixKind::Split { cell } => {
                let [left] = fix.left_behind[..] else {
                    panic!("a domino leaves one cell: {fix:?}");
                };
                assert!(puzzle.cage_of(left) == puzzle.cage_of(cell), "{fix:?}");
                assert!(words.contains("; the cage it leaves, "), "{words}");
            }
            FixKind::Clue { .. } | FixKind::Wall { .. } => {
                assert!(!words.contains("leaves"), "{words}");
            }
        }
    }
    assert!(
        fixes
            .iter()
            .any(|f| matches!(f.kind, FixKind::Move { .. } | FixKind::Split { .. })),
        "{fixes:?}"
    );
    // Unique fixes come first.
    let first_plain = fixes.iter().position(|f| !f.unique).unwrap_or(fixes.len());
    assert!(fixes[first_plain..].iter().all(|f| !f.unique));
}

/// Every row a cage whose clue every Latin row meets: two solutions differ inside rows, and a
/// middle cell moved out of its row leaves two pieces, each a cage with its own clue.
#[test]
fn a_cell_moved_out_of_the_middle_of_a_cage_leaves_two_cages() {
    let rows: Vec<CageClue> = (0..3)
        .map(|r| (vec![3 * r, 3 * r + 1, 3 * r + 2], Clue::new(Op::Add, 6)))
        .collect();
    let puzzle = KeenPuzzle::new(3, rows).expect("valid");
    let first = Grid::new(3, vec![1, 2, 3, 2, 3, 1, 3, 1, 2]).expect("Latin");
    let second = Grid::new(3, vec![1, 3, 2, 2, 1, 3, 3, 2, 1]).expect("Latin");
    let fixes = tell_apart(&puzzle, &first, &second, 40, 40, &CancelToken::new()).expect("runs");
    let middle = fixes
        .iter()
        .find(|f| {
            matches!(
                f.kind,
                FixKind::Move { cell: 1, .. } | FixKind::Split { cell: 1 }
            )
        })
        .expect("r1c2 moved or given a cage of its own");
    assert_eq!(middle.left_behind, vec![0, 2], "{middle:?}");
    assert!(admits(&middle.cages, &first) && !admits(&middle.cages, &second));
    assert!(
        middle
            .describe(3)
            .contains("; the cages it leaves, 1 and 3"),
        "{}",
        middle.describe(3)
    );
}

#[test]
fn a_cell_leaves_its_cage_only_when_the_rest_hangs_together() {
    let cages: Vec<CageClue> = vec![
        (vec![0, 1, 2], Clue::new(Op::Add, 6)),
        (vec![3, 4, 5, 6, 7, 8], Clue::new(Op::Add, 12)),
    ];
    assert_eq!(without(&cages, 0, 3), Some((0, vec![1, 2])));
    assert_eq!(without(&cages, 1, 3), None, "0 and 2 would be cut apart");
    assert_eq!(
        without(&[(vec![4], Clue::new(Op::Add, 1))], 4, 3),
        Some((0, vec![]))
    );
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]

    /// Whatever the layout, suggested clues fit the solution, and "unique" is true.
    #[test]
    fn suggestions_fit_and_tell_the_truth(size in 3usize..=7, max_cage in 2usize..=5, seed in 0u64..1_000_000) {
        let mut rng = SeededRng::from_u64(seed);
        let (puzzle, solution) = crate::keen::random_puzzle(size, max_cage, &mut rng);
        let cages = layout_of(&puzzle);
        let current: Vec<Option<Clue>> = puzzle
            .cages()
            .iter()
            .map(|c| rng.chance(1, 2).then(|| c.clue()))
            .collect();
        let suggestion = suggest_ops(&solution, &cages, &current, &CancelToken::new(), &mut |_| {})
            .expect("not cancelled")
            .expect("a puzzle");
        let with_clues: Vec<CageClue> = cages.into_iter().zip(suggestion.clues.iter().copied()).collect();
        proptest::prop_assert!(admits(&with_clues, &solution));
        let edited = KeenPuzzle::new(size, with_clues.clone()).expect("valid");
        let answer = uniqueness(&edited, &CancelToken::new()).expect("not cancelled");
        match &suggestion.other {
            None => proptest::prop_assert!(matches!(answer, Uniqueness::Unique(_))),
            Some(other) => {
                proptest::prop_assert!(admits(&with_clues, other));
                proptest::prop_assert_ne!(other, &solution);
            }
        }
    }

    /// Every fix keeps the first solution and rules out the second.
    #[test]
    fn fixes_separate_the_two_solutions(size in 3usize..=6, seed in 0u64..1_000_000) {
        let mut rng = SeededRng::from_u64(seed);
        let (puzzle, _) = crate::keen::random_puzzle(size, 4, &mut rng);
        if let Ok(Uniqueness::Multiple(first, second)) = uniqueness(&puzzle, &CancelToken::new()) {
            let fixes = tell_apart(&puzzle, &first, &second, 12, 3, &CancelToken::new())
                .expect("not cancelled");
            for fix in fixes {
                proptest::prop_assert!(admits(&fix.cages, &first));
                proptest::prop_assert!(!admits(&fix.cages, &second));
                proptest::prop_assert!(KeenPuzzle::new(size, fix.cages.clone()).is_ok());
            }
        }
    }
}

/// When Suggest ops gives up, no op could have helped: every fitting clue of every cage holds on
/// the other grid it reports (checked on fixed layouts, so the test cannot flake).
#[test]
fn giving_up_means_no_choice_of_ops_would_do() {
    let mut gave_up = 0;
    for seed in 0..60u64 {
        let mut rng = SeededRng::from_u64(seed);
        let (puzzle, solution) = crate::keen::random_puzzle(6, 4, &mut rng);
        let cages = layout_of(&puzzle);
        let suggestion = suggest_ops(
            &solution,
            &cages,
            &vec![None; cages.len()],
            &CancelToken::new(),
            &mut |_| {},
        )
        .expect("not cancelled")
        .expect("a puzzle");
        if let Some(other) = suggestion.other {
            gave_up += 1;
            for cells in &cages {
                for clue in fitting_clues(6, cells, &solution) {
                    assert!(clue.holds(&values_in(&other, cells)), "seed {seed}");
                }
            }
        }
    }
    assert!(gave_up > 0, "random layouts include impossible ones");
}
