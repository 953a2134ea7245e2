//! The engine against the corpus: every upstream game ID round-trips, solves to its recorded
//! solution, and the hand-made edge cases give the verdicts they were made for.

use gridsmith_engine::CancelToken;
use gridsmith_engine::Uniqueness;
use gridsmith_engine::keen::{GameId, random_puzzle, uniqueness};
use gridsmith_engine::rng::SeededRng;

mod common;

use common::samples;

const EDGE_CASES: &str = include_str!("../../corpus/keen-edge-cases.txt");

#[test]
fn upstream_sample_round_trips_and_solves() {
    let samples = samples();
    assert_eq!(samples.len(), 190);
    for sample in samples {
        let id: GameId = sample
            .id
            .parse()
            .unwrap_or_else(|e| panic!("{}: {e}", sample.id));
        assert_eq!(
            id.to_string(),
            sample.id,
            "encode(parse(id)) must equal upstream's string"
        );
        match uniqueness(&id.puzzle, &CancelToken::new()) {
            Ok(Uniqueness::Unique(grid)) => {
                assert_eq!(grid.cells(), &sample.solution[..], "{}", sample.id)
            }
            other => panic!("{}: expected a unique solution, got {other:?}", sample.id),
        }
    }
}

#[test]
fn edge_cases_give_their_verdicts() {
    let ids: Vec<&str> = EDGE_CASES
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .collect();
    let verdict = |id: &str| {
        let parsed: GameId = id.parse().unwrap_or_else(|e| panic!("{id}: {e}"));
        assert_eq!(parsed.to_string(), id);
        uniqueness(&parsed.puzzle, &CancelToken::new())
            .expect("not cancelled")
            .name()
    };
    let names: Vec<&str> = ids.iter().map(|id| verdict(id)).collect();
    assert_eq!(
        names,
        ["none", "multiple", "unique", "unique", "unique", "multiple"]
    );
}

#[test]
fn large_random_puzzles_are_answered_correctly() {
    // Every answer is checked against the grid the puzzle was built from.
    let base = SeededRng::from_seed_str("integration");
    for (index, size) in [10, 12, 12, 16].into_iter().enumerate() {
        let (puzzle, planted) = random_puzzle(size, 6, &mut base.derive(index as u64));
        match uniqueness(&puzzle, &CancelToken::new()).expect("not cancelled") {
            Uniqueness::Unique(grid) => assert_eq!(grid, planted),
            Uniqueness::Multiple(a, b) => {
                assert!(puzzle.is_solved_by(&a) && puzzle.is_solved_by(&b) && a != b);
            }
            Uniqueness::None => panic!("a puzzle built from a grid always has a solution"),
        }
    }
}
