use super::*;
use crate::keen::{Grade, grade};

fn make(size: usize, difficulty: Difficulty, options: &GenerateOptions, seed: &str) -> Generated {
    generate(
        size,
        difficulty,
        options,
        seed,
        &CancelToken::new(),
        &mut |_| {},
    )
    .expect("valid parameters generate a puzzle")
}

#[test]
fn every_level_is_graded_exactly_and_unique() {
    for size in [4, 5, 6] {
        for difficulty in Difficulty::ALL {
            for seed in ["a", "b"] {
                let made = make(size, difficulty, &GenerateOptions::default(), seed);
                let id = made.puzzle.game_id();
                assert_eq!(
                    grade(&made.puzzle, &CancelToken::new()),
                    Ok(Grade::Level(difficulty)),
                    "{id}"
                );
                assert!(made.puzzle.is_solved_by(&made.solution), "{id}");
                assert!(
                    made.puzzle
                        .cages()
                        .iter()
                        .all(|c| (2..=6).contains(&c.len())),
                    "{id}"
                );
            }
        }
    }
}

#[test]
fn a_seed_names_one_puzzle() {
    let options = GenerateOptions::default();
    let first = make(6, Difficulty::Hard, &options, "reproducible");
    let again = make(6, Difficulty::Hard, &options, "reproducible");
    let other = make(6, Difficulty::Hard, &options, "another");
    assert_eq!(first.puzzle.game_id(), again.puzzle.game_id());
    assert_eq!(first.attempts, again.attempts);
    assert_ne!(first.puzzle.game_id(), other.puzzle.game_id());
}

#[test]
fn the_same_seed_gives_the_same_puzzle_on_every_platform() {
    // A fixed expectation: any change to the random stream, the layout or the clue choice shows
    // up here, and such a change breaks every seed users have shared.
    // Gridsmith's own stream (cages of at most 5 cells are not upstream's recipe).
    let own = GenerateOptions {
        max_cage: 5,
        ..GenerateOptions::default()
    };
    let made = make(5, Difficulty::Normal, &own, "gridsmith");
    assert_eq!(made.puzzle.game_id(), GOLDEN_5N);
    // Upstream's recipe: upstream Keen's own puzzle for `5dn#gridsmith`.
    let made = make(
        5,
        Difficulty::Normal,
        &GenerateOptions::default(),
        "gridsmith",
    );
    assert_eq!(made.puzzle.game_id(), UPSTREAM_5N);
}

const GOLDEN_5N: &str = "5:_ab_3a__a_aca_4a_3aba_,a9a9m12d2a5s1m15s3m10s1";
const UPSTREAM_5N: &str = "5:_3a_3aab_a__a__a__a_a5,d2a7m5d2m40m15s2a13s2d2s3";

#[test]
fn three_by_three_stops_at_normal() {
    assert_eq!(
        playable_difficulty(3, Difficulty::Extreme),
        Difficulty::Normal
    );
    assert_eq!(
        playable_difficulty(4, Difficulty::Extreme),
        Difficulty::Extreme
    );
    let made = make(
        3,
        Difficulty::Unreasonable,
        &GenerateOptions::default(),
        "x",
    );
    assert_eq!(made.difficulty, Difficulty::Normal);
    assert_eq!(
        grade(&made.puzzle, &CancelToken::new()),
        Ok(Grade::Level(Difficulty::Normal))
    );
}

#[test]
fn multiplication_only_uses_products() {
    let options = GenerateOptions {
        mult_only: true,
        ..GenerateOptions::default()
    };
    for difficulty in [Difficulty::Easy, Difficulty::Hard] {
        let made = make(6, difficulty, &options, "m");
        assert!(made.puzzle.cages().iter().all(|c| c.clue().op == Op::Mul));
        assert_eq!(
            grade(&made.puzzle, &CancelToken::new()),
            Ok(Grade::Level(difficulty))
        );
    }
}

/// Above 9x9, products-only layouts are mostly too easy; they are hardened to the level by
/// merging cages, and what comes out is still graded exactly, one solution, products only.
#[test]
fn large_products_only_puzzles_reach_every_level() {
    let options = GenerateOptions {
        mult_only: true,
        ..GenerateOptions::default()
    };
    for difficulty in [
        Difficulty::Hard,
        Difficulty::Extreme,
        Difficulty::Unreasonable,
    ] {
        let made = make(10, difficulty, &options, "large-m");
        let id = made.puzzle.game_id();
        assert!(
            made.puzzle.cages().iter().all(|c| c.clue().op == Op::Mul),
            "{id}"
        );
        assert!(made.puzzle.cages().iter().all(|c| c.len() <= 6), "{id}");
        assert!(made.puzzle.is_solved_by(&made.solution), "{id}");
        assert_eq!(
            grade(&made.puzzle, &CancelToken::new()),
            Ok(Grade::Level(difficulty)),
            "{id}"
        );
    }
}

#[test]
fn cage_cap_and_single_cells_are_honoured() {
    let small = GenerateOptions {
        max_cage: 3,
        ..GenerateOptions::default()
    };
    let made = make(6, Difficulty::Normal, &small, "cap");
    assert!(
        made.puzzle
            .cages()
            .iter()
            .all(|c| (2..=3).contains(&c.len()))
    );
    let dominoes = GenerateOptions {
        max_cage: 2,
        allow_singles: true,
        ..GenerateOptions::default()
    };
    let made = make(6, Difficulty::Easy, &dominoes, "dominoes");
    assert!(made.puzzle.cages().iter().all(|c| c.len() <= 2));
}

#[test]
fn bad_parameters_are_refused() {
    let cancel = CancelToken::new();
    let options = GenerateOptions::default();
    for size in [0, 2, 17] {
        assert_eq!(
            generate(size, Difficulty::Easy, &options, "s", &cancel, &mut |_| {}).err(),
            Some(GenerateError::UnsupportedSize(size))
        );
    }
    for max_cage in [0, 1, 2, 13] {
        let options = GenerateOptions {
            max_cage,
            ..GenerateOptions::default()
        };
        assert_eq!(
            generate(6, Difficulty::Easy, &options, "s", &cancel, &mut |_| {}).err(),
            Some(GenerateError::UnsupportedCageCap(max_cage))
        );
    }
}

#[test]
fn cancelling_stops_and_progress_counts_attempts() {
    let cancel = CancelToken::new();
    cancel.cancel();
    let options = GenerateOptions::default();
    assert_eq!(
        generate(9, Difficulty::Extreme, &options, "s", &cancel, &mut |_| {}).err(),
        Some(GenerateError::Cancelled)
    );
    let mut heard = Vec::new();
    let made = generate(
        6,
        Difficulty::Extreme,
        &options,
        "progress",
        &CancelToken::new(),
        &mut |n| heard.push(n),
    )
    .expect("generates");
    assert_eq!(heard, (1..=made.attempts).collect::<Vec<_>>());
}

#[test]
fn sums_of_one_pair_are_avoided_when_possible() {
    let rating = rate_ops(&[1, 2], 6, Difficulty::Normal, false);
    assert!(rating.poor[op_index(Op::Add)] && !rating.good[op_index(Op::Add)]);
    let rating = rate_ops(&[2, 4], 6, Difficulty::Normal, false);
    assert!(rating.good[op_index(Op::Add)]);
    assert!(rating.good[op_index(Op::Div)] && rating.good[op_index(Op::Sub)]);
    // 6 - 1 = w - 1: never a difference; 6 / 1 > w / 2: never a quotient.
    let rating = rate_ops(&[6, 1], 6, Difficulty::Hard, false);
    assert!(!rating.good[op_index(Op::Sub)] && !rating.poor[op_index(Op::Sub)]);
    assert!(!rating.good[op_index(Op::Div)]);
    // 6 = 1x6 = 2x3: four ordered pairs, a good product even above Normal; 5 = 1x5 is not.
    assert!(rate_ops(&[6, 1], 6, Difficulty::Hard, false).good[op_index(Op::Mul)]);
    assert!(rate_ops(&[5, 1], 6, Difficulty::Hard, false).poor[op_index(Op::Mul)]);
}

proptest::proptest! {
    // A fixed draw: multiplication-only Extreme and Unreasonable at 4x4-5x5 can take the
    // generator seconds, so fresh draws made this test's time vary from seconds to minutes.
    #![proptest_config(proptest::prelude::ProptestConfig {
        cases: 24,
        rng_seed: proptest::test_runner::RngSeed::Fixed(20261126),
        ..proptest::prelude::ProptestConfig::default()
    })]

    #[test]
    fn any_seed_gives_a_puzzle_graded_exactly(
        seed in "[a-z0-9]{1,12}",
        size in 3usize..=7,
        level in 0usize..5,
        mult_only in proptest::bool::ANY,
    ) {
        let options = GenerateOptions { mult_only, ..GenerateOptions::default() };
        let made = make(size, Difficulty::ALL[level], &options, &seed);
        proptest::prop_assert_eq!(
            grade(&made.puzzle, &CancelToken::new()),
            Ok(Grade::Level(playable_difficulty(size, Difficulty::ALL[level])))
        );
    }
}
