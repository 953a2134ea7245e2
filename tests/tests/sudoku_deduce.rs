//! Every step of a Sudoku worked solution is true of the puzzle's one solution: no technique
//! places a wrong digit or removes the right one. Checked on the pflugradt corpus and on generated
//! puzzles at the hardest levels, where chains, colouring and rectangles do the work.

use std::path::Path;

use gridsmith_engine::CancelToken;
use gridsmith_engine::Uniqueness;
use gridsmith_engine::sudoku::{
    SudokuLevel, SudokuPuzzle, SudokuRequest, Symmetry, generate_sudoku, read_sudoku,
    sudoku_uniqueness, worked_solution,
};

fn check_steps(puzzle: &SudokuPuzzle, name: &str) -> Vec<&'static str> {
    let never = CancelToken::new();
    let Ok(Some(Uniqueness::Unique(solution))) = sudoku_uniqueness(puzzle, &never) else {
        return Vec::new();
    };
    let steps = worked_solution(puzzle);
    assert!(!steps.is_empty(), "{name}");
    for step in &steps {
        if step.technique.id() == "forcing-chain" {
            // It says what was tried and where singles led, not only its name.
            assert!(
                step.text.starts_with("Forcing chain: ") && step.text.contains("following singles"),
                "{name}: {}",
                step.text
            );
        }
        if let Some((cell, digit)) = step.deduction.placement {
            assert_eq!(solution[cell], u16::from(digit), "{name}: {}", step.text);
        }
        for &(cell, gone) in &step.deduction.removals {
            assert_eq!(
                gone & 1 << (solution[cell] - 1),
                0,
                "{name}: {} removes the solution's digit",
                step.text
            );
        }
    }
    steps.iter().map(|s| s.technique.id()).collect()
}

#[test]
fn corpus_steps_are_true() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/sudoku/pflugradt/valid");
    for size in ["4x4", "9x9", "16x16"] {
        let Ok(entries) = std::fs::read_dir(root.join(size)) else {
            continue;
        };
        for entry in entries.flatten() {
            let text = std::fs::read_to_string(entry.path()).expect("readable");
            let puzzle = read_sudoku(&text, None).expect("valid").puzzle;
            check_steps(&puzzle, &entry.path().display().to_string());
        }
    }
}

#[test]
fn hard_generated_steps_are_true_and_use_the_advanced_techniques() {
    let never = CancelToken::new();
    let mut used = std::collections::BTreeSet::new();
    for level in [SudokuLevel::Hard, SudokuLevel::Unfair, SudokuLevel::Extreme] {
        for seed in 0..12 {
            let request = SudokuRequest {
                box_rows: 3,
                box_cols: 3,
                level,
                symmetry: Symmetry::None,
                minimal: false,
            };
            let made = generate_sudoku(&request, &format!("steps-{seed}"), &never, &mut |_| {})
                .expect("made");
            used.extend(check_steps(&made.puzzle, &format!("{level:?} {seed}")));
        }
    }
    for technique in ["x-wing", "xy-wing", "x-chain", "forcing-chain"] {
        assert!(used.contains(technique), "{technique} never used: {used:?}");
    }
}
