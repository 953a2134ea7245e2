//! Random seeds name upstream's own puzzles: for every seed ID in the corpus, the generator makes
//! exactly the game ID upstream Keen made from it (its random stream, Latin square, layout, clue
//! choice and grading, draw for draw).

use std::time::Instant;

use gridsmith_engine::CancelToken;
use gridsmith_engine::keen::{Difficulty, SeedId, generate_from_seed};

const SEEDS: &str = include_str!("../../corpus/keen-upstream-seeds.tsv");

fn cases() -> Vec<(SeedId, &'static str)> {
    SEEDS
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let (seed, id) = line.split_once('\t').expect("two columns");
            (seed.parse().expect("a seed ID"), id)
        })
        .collect()
}

/// Makes each case's puzzle and lists those that differ from upstream's.
fn mismatches(cases: &[(SeedId, &str)]) -> Vec<String> {
    let mut wrong = Vec::new();
    for (seed, expected) in cases {
        let start = Instant::now();
        let made = generate_from_seed(seed, &CancelToken::new(), &mut |_| {})
            .map(|made| made.puzzle.game_id());
        if std::env::var_os("GRIDSMITH_SEED_TIMES").is_some() {
            eprintln!("{seed}\t{:?}", start.elapsed());
        }
        if made.as_deref() != Ok(*expected) {
            wrong.push(format!("{seed}: upstream {expected}, made {made:?}"));
        }
    }
    wrong
}

/// Every case up to 7x7 and the easier levels above, products-only up to Normal (seconds).
#[test]
fn seeds_make_upstreams_puzzles() {
    let quick: Vec<_> = cases()
        .into_iter()
        .filter(|(seed, _)| {
            (seed.size <= 7 || seed.difficulty <= Difficulty::Hard)
                && !(seed.mult_only && seed.difficulty >= Difficulty::Hard)
        })
        .collect();
    assert!(quick.len() > 200);
    let wrong = mismatches(&quick);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The whole corpus (minutes: `--ignored`).
#[test]
#[ignore]
fn every_seed_makes_upstreams_puzzle() {
    let wrong = mismatches(&cases());
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
