//! Keen's verdict on any drawn puzzle of side 3 to 5 equals an independent count: every Latin
//! square up to 4x4, a plain cage-by-cage search at 5x5 (no budget: it always finishes there).

#![no_main]

use gridsmith_engine::CancelToken;
use gridsmith_engine::Uniqueness;
use gridsmith_engine::keen::{uniqueness};
use gridsmith_tests::keen_oracle::{
    ByteDraw, Count, Draw, count_by_search, count_solutions, is_latin, meets_clues, random_case,
};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let mut draw = ByteDraw::new(bytes);
    let w = 3 + draw.below(3);
    let case = random_case(w, &mut draw);
    let puzzle = &case.puzzle;
    let id = puzzle.game_id();
    let answer = uniqueness(puzzle, &CancelToken::new()).expect("never cancelled");
    let grids = match &answer {
        Uniqueness::None => vec![],
        Uniqueness::Unique(a) => vec![a],
        Uniqueness::Multiple(a, b) => {
            assert_ne!(a, b, "{id}");
            vec![a, b]
        }
    };
    for grid in grids {
        assert!(
            is_latin(w, grid.cells()) && meets_clues(puzzle, grid.cells()),
            "{id}"
        );
    }
    // Listing all 161,280 squares of 5x5 costs a millisecond a case; the search is exact there.
    let count = if w < 5 {
        count_solutions(puzzle, 0)
    } else {
        count_by_search(puzzle, u64::MAX)
    };
    match (count, &answer) {
        (Count::None, Uniqueness::None) | (Count::Several, Uniqueness::Multiple(..)) => {}
        (Count::One(expected), Uniqueness::Unique(grid)) => {
            assert_eq!(grid.cells(), &expected[..], "{id}")
        }
        (count, answer) => panic!(
            "{id}: the solver says {}, the oracle {count:?}",
            answer.name()
        ),
    }
});
