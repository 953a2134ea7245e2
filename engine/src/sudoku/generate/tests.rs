use super::*;
use crate::sudoku::sudoku_uniqueness;

fn request(
    box_rows: usize,
    box_cols: usize,
    level: SudokuLevel,
    symmetry: Symmetry,
) -> SudokuRequest {
    SudokuRequest {
        box_rows,
        box_cols,
        level,
        symmetry,
        minimal: false,
    }
}

fn make(request: &SudokuRequest, seed: &str) -> MadeSudoku {
    generate_sudoku(request, seed, &CancelToken::new(), &mut |_| {}).expect("made")
}

#[test]
fn made_puzzles_are_unique_graded_as_asked_and_reproducible() {
    for level in [SudokuLevel::Easy, SudokuLevel::Medium, SudokuLevel::Hard] {
        let wanted = request(3, 3, level, Symmetry::None);
        let made = make(&wanted, "test");
        assert_eq!(made.level, Some(level));
        let never = CancelToken::new();
        assert_eq!(
            sudoku_uniqueness(&made.puzzle, &never),
            Ok(Some(Uniqueness::Unique(made.solution.clone())))
        );
        assert_eq!(super::super::grade(&made.puzzle, &never), Ok(Some(level)));
        assert_eq!(
            make(&wanted, "test"),
            made,
            "the same seed makes the same puzzle"
        );
    }
}

#[test]
fn symmetry_holds_for_every_given() {
    for symmetry in [Symmetry::Rotational, Symmetry::Mirror, Symmetry::Diagonal] {
        let made = make(&request(3, 3, SudokuLevel::Easy, symmetry), "sym");
        let cells = made.puzzle.cells();
        for cell in 0..81 {
            for other in symmetry.orbit(cell, 9) {
                assert_eq!(
                    cells[cell] == 0,
                    cells[other] == 0,
                    "{symmetry:?} at {cell}"
                );
            }
        }
    }
}

#[test]
fn minimal_puzzles_lose_uniqueness_without_any_given() {
    let mut wanted = request(2, 3, SudokuLevel::Easy, Symmetry::Rotational);
    wanted.minimal = true;
    let made = make(&wanted, "minimal");
    let never = CancelToken::new();
    for cell in (0..36).filter(|&c| made.puzzle.cells()[c] != 0) {
        let mut cells = made.puzzle.cells().to_vec();
        cells[cell] = 0;
        let fewer = SudokuPuzzle::with_boxes(2, 3, made.puzzle.symbols().to_vec(), cells)
            .expect("same shape");
        assert!(
            matches!(
                sudoku_uniqueness(&fewer, &never),
                Ok(Some(Uniqueness::Multiple(..)))
            ),
            "the given at {cell} could go"
        );
    }
}

#[test]
fn every_generated_shape_is_made() {
    for (box_rows, box_cols) in GENERATED_SHAPES {
        let made = make(
            &request(box_rows, box_cols, SudokuLevel::Easy, Symmetry::None),
            "shapes",
        );
        assert_eq!(made.puzzle.box_shape(), (box_rows, box_cols));
    }
}

#[test]
fn impossible_requests_are_refused_with_a_reason() {
    let big = request(6, 6, SudokuLevel::Easy, Symmetry::None);
    assert!(matches!(
        check_request(&big),
        Err(SudokuGenerateError::Unreachable(_))
    ));
    for level in [SudokuLevel::Medium, SudokuLevel::Hard] {
        let tiny = request(2, 2, level, Symmetry::None);
        assert!(matches!(
            check_request(&tiny),
            Err(SudokuGenerateError::Unreachable(_))
        ));
    }
    assert!(check_request(&request(2, 2, SudokuLevel::Easy, Symmetry::None)).is_ok());
}
