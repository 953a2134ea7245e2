//! The deduction engine against upstream: every sample puzzle gets the grade upstream gave it, and
//! the worked solution reaches the recorded answer using nothing above that grade.

use gridsmith_engine::CancelToken;
use gridsmith_engine::keen::{Difficulty, Grade, grade, worked_solution};

mod common;

use common::samples;

#[test]
fn grades_agree_with_upstream_on_the_whole_sample() {
    let mut misses = Vec::new();
    let samples = samples();
    for sample in &samples {
        let got = grade(&sample.puzzle, &CancelToken::new()).expect("not cancelled");
        if got != Grade::Level(sample.difficulty) {
            misses.push(format!(
                "{} upstream {} got {got:?}",
                sample.id, sample.difficulty
            ));
        }
    }
    assert!(
        misses.is_empty(),
        "{} of {} grades differ:\n{}",
        misses.len(),
        samples.len(),
        misses.join("\n")
    );
}

#[test]
fn worked_solutions_reach_the_answer_within_the_grade() {
    for sample in samples() {
        let (steps, board) = worked_solution(&sample.puzzle);
        if sample.difficulty == Difficulty::Unreasonable {
            assert!(!board.is_solved(), "{} needs trial and error", sample.id);
            continue;
        }
        assert!(board.is_solved(), "{} not finished by its steps", sample.id);
        let answer: Vec<u8> = board
            .candidates
            .iter()
            .map(|m| m.trailing_zeros() as u8 + 1)
            .collect();
        assert_eq!(answer, sample.solution, "{}", sample.id);
        let hardest = steps.iter().map(|s| s.deduction.level()).max();
        assert_eq!(hardest, Some(sample.difficulty), "{}", sample.id);
        assert!(steps.iter().all(|s| !s.text.is_empty()));
    }
}

#[test]
fn grades_of_random_puzzles_match_the_exact_solver() {
    use gridsmith_engine::Uniqueness;
    use gridsmith_engine::keen::{LevelOutcome, grade_at, random_puzzle, uniqueness};
    use gridsmith_engine::rng::SeededRng;
    let base = SeededRng::from_seed_str("grades");
    for index in 0..60 {
        let size = 4 + (index % 4) as usize;
        let (puzzle, _) = random_puzzle(size, 4, &mut base.derive(index));
        let got = grade(&puzzle, &CancelToken::new()).expect("not cancelled");
        let exact = uniqueness(&puzzle, &CancelToken::new()).expect("not cancelled");
        match (&got, &exact) {
            (Grade::Level(level), Uniqueness::Unique(solution)) => {
                if *level < Difficulty::Unreasonable {
                    let (_, board) = worked_solution(&puzzle);
                    let answer: Vec<u8> = board
                        .candidates
                        .iter()
                        .map(|m| m.trailing_zeros() as u8 + 1)
                        .collect();
                    assert_eq!(answer, solution.cells(), "{}", puzzle.game_id());
                    assert_eq!(grade_at(&puzzle, *level), LevelOutcome::Solved);
                }
                if let Some(below) = Difficulty::ALL.iter().rev().find(|d| *d < level) {
                    assert_ne!(grade_at(&puzzle, *below), LevelOutcome::Solved);
                }
            }
            (Grade::Ambiguous, Uniqueness::Multiple(..))
            | (Grade::Impossible, Uniqueness::None) => {}
            _ => panic!(
                "{}: grade {got:?} but solver says {}",
                puzzle.game_id(),
                exact.name()
            ),
        }
    }
}
