//! The generator at sizes the engine's unit tests leave out: every puzzle is unique and graded
//! exactly as asked, large grids included.

use gridsmith_engine::CancelToken;
use gridsmith_engine::keen::{Difficulty, GenerateOptions, Grade, generate, grade};

fn check(size: usize, difficulty: Difficulty, seed: &str) {
    let made = generate(
        size,
        difficulty,
        &GenerateOptions::default(),
        seed,
        &CancelToken::new(),
        &mut |_| {},
    )
    .unwrap_or_else(|e| panic!("{size} {difficulty:?} {seed}: {e}"));
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

#[test]
fn nine_by_nine_at_every_level() {
    for difficulty in Difficulty::ALL {
        check(9, difficulty, "nine");
    }
}

#[test]
fn large_grids_at_easy_normal_and_hard() {
    for size in [12, 16] {
        for difficulty in [Difficulty::Easy, Difficulty::Normal, Difficulty::Hard] {
            check(size, difficulty, "large");
        }
    }
}
