use super::*;
use crate::CancelToken;
use crate::sudoku::{SudokuLevel, Symmetry, read_line, write_line};

const PUZZLE: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

fn unique_solution(puzzle: &SudokuPuzzle) -> Vec<u16> {
    match check_givens(puzzle, &CancelToken::new()) {
        Ok(SudokuVerdict::Unique { solution, .. }) => solution,
        other => panic!("not unique: {other:?}"),
    }
}

#[test]
fn edits_undo_and_redo_with_a_revision_each() {
    let mut design = SudokuDesign::blank(3, 3).expect("9x9");
    assert_eq!(design.puzzle().side(), 9);
    design.set_given(0, 5);
    design.set_given(0, 5);
    assert_eq!(design.revision, 1, "the same value twice is one edit");
    design.set_given(80, 9);
    assert!(design.undo());
    assert_eq!(design.puzzle().cells()[80], 0);
    assert!(design.redo());
    assert_eq!(design.puzzle().cells()[80], 9);
    assert_eq!(design.revision, 4);
    let (undo, redo) = design.history(10);
    let again = SudokuDesign::from_drawings(&SudokuDrawing::of(design.puzzle()), &undo, &redo)
        .expect("fits");
    assert_eq!(again.puzzle(), design.puzzle());
    assert!(again.can_undo() && !again.can_redo());
}

#[test]
fn the_check_names_conflicts_dead_cells_several_and_the_grade() {
    let blank = SudokuDesign::blank(3, 3).expect("9x9");
    let two = blank.puzzle().with_cells(&[0, 1], 4);
    assert_eq!(
        check_givens(&two, &CancelToken::new()),
        Ok(SudokuVerdict::Conflict(vec![0, 1]))
    );
    // r1c1 sees 1-8 in its row and 9 in its column.
    let mut dead = blank.puzzle().clone();
    for (i, cell) in (1..9).enumerate() {
        dead = dead.with_cells(&[cell], i as u16 + 1);
    }
    dead = dead.with_cells(&[9 * 8], 9);
    assert_eq!(
        check_givens(&dead, &CancelToken::new()),
        Ok(SudokuVerdict::NoSolution {
            dead_cell: Some(0),
            after_singles: false
        })
    );
    let Ok(SudokuVerdict::Several(a, b)) = check_givens(blank.puzzle(), &CancelToken::new()) else {
        panic!("an empty grid has many solutions");
    };
    assert!(!differing_cells(&a, &b).is_empty());
    let puzzle = read_line(PUZZLE).expect("valid");
    let Ok(SudokuVerdict::Unique { grade, .. }) = check_givens(&puzzle, &CancelToken::new()) else {
        panic!("unique");
    };
    let (level, technique) = grade.expect("9x9 is graded");
    let technique = technique.expect("not a full grid");
    assert_eq!(technique.level(), level);
}

#[test]
fn minimal_puzzles_lose_no_more_givens_and_keep_one_solution() {
    let full = random_full_grid(
        3,
        3,
        default_symbols(9).expect("9"),
        "7",
        &CancelToken::new(),
    )
    .expect("a grid");
    let solution = full.cells().to_vec();
    let mut heard = Vec::new();
    let minimal = make_minimal(
        &full,
        &solution,
        Symmetry::None,
        &CancelToken::new(),
        &mut |tried, of| heard.push((tried, of)),
    )
    .expect("not cancelled");
    // Each given tried is heard, in order, then the whole pass.
    let expected: Vec<(usize, usize)> = (0..=81).map(|tried| (tried, 81)).collect();
    assert_eq!(heard, expected);
    assert_eq!(unique_solution(&minimal), solution);
    for cell in (0..81).filter(|&c| minimal.cells()[c] != 0) {
        let without = minimal.with_cells(&[cell], 0);
        assert!(
            !matches!(
                check_givens(&without, &CancelToken::new()),
                Ok(SudokuVerdict::Unique { .. })
            ),
            "{} could lose r{}c{}",
            write_line(&minimal).unwrap_or_default(),
            cell / 9 + 1,
            cell % 9 + 1
        );
    }
    let symmetric = make_minimal(
        &full,
        &solution,
        Symmetry::Rotational,
        &CancelToken::new(),
        &mut |_, _| {},
    )
    .expect("not cancelled");
    for cell in 0..81 {
        assert_eq!(
            symmetric.cells()[cell] == 0,
            symmetric.cells()[80 - cell] == 0,
            "rotational symmetry kept"
        );
    }
}

#[test]
fn a_suggested_given_comes_from_a_solution_and_settles_ambiguity() {
    let puzzle = read_line(PUZZLE).expect("valid");
    let solution = unique_solution(&puzzle);
    // Take away givens until there are two solutions.
    let mut loose = puzzle.clone();
    let mut pair = None;
    for cell in (0..81).filter(|&c| puzzle.cells()[c] != 0) {
        loose = loose.with_cells(&[cell], 0);
        if let Ok(SudokuVerdict::Several(a, b)) = check_givens(&loose, &CancelToken::new()) {
            pair = Some((a, b));
            break;
        }
    }
    let (a, b) = pair.expect("ambiguous at last");
    let suggested = suggest_given(&loose, &a, &b, &CancelToken::new())
        .expect("not cancelled")
        .expect("cells differ");
    let (cell, value) = (suggested.cell, suggested.value);
    assert_eq!(loose.cells()[cell], 0);
    assert!(value == a[cell] || value == b[cell]);
    // What it leaves is what it says: unique, or two solutions that differ in that many cells.
    let given = loose.with_cells(&[cell], value);
    match check_givens(&given, &CancelToken::new()) {
        Ok(SudokuVerdict::Unique { .. }) => assert_eq!(suggested.still_differing, 0),
        Ok(SudokuVerdict::Several(..)) => assert!(suggested.still_differing > 0),
        other => panic!("{other:?}"),
    }
    assert!(solution.len() == 81);
}

#[test]
fn a_full_grid_reduces_to_a_puzzle_within_the_grade() {
    let full = random_full_grid(
        3,
        3,
        default_symbols(9).expect("9"),
        "3",
        &CancelToken::new(),
    )
    .expect("a grid");
    let (easy, reached) = reduce_to_level(
        &full,
        SudokuLevel::Easy,
        Symmetry::Rotational,
        "3",
        &CancelToken::new(),
        &mut |_, _| {},
    )
    .expect("not cancelled");
    assert_eq!(reached, Some(SudokuLevel::Easy));
    assert!(easy.given_count() < 50, "{} givens", easy.given_count());
    let Ok(SudokuVerdict::Unique { solution, grade }) = check_givens(&easy, &CancelToken::new())
    else {
        panic!("unique");
    };
    assert_eq!(solution, full.cells());
    assert_eq!(grade.map(|g| g.0), Some(SudokuLevel::Easy));
    // Asked for Hard, the orders tried reach a grade no harder, and say which.
    let (hard, reached) = reduce_to_level(
        &full,
        SudokuLevel::Hard,
        Symmetry::None,
        "3",
        &CancelToken::new(),
        &mut |_, _| {},
    )
    .expect("not cancelled");
    let Ok(SudokuVerdict::Unique { grade, .. }) = check_givens(&hard, &CancelToken::new()) else {
        panic!("unique");
    };
    assert_eq!(grade.map(|g| g.0), reached);
    assert!(reached.is_some_and(|r| r <= SudokuLevel::Hard));
}

#[test]
fn boxes_are_as_square_as_the_side_allows() {
    assert_eq!(boxes_for_side(4), Some((2, 2)));
    assert_eq!(boxes_for_side(6), Some((2, 3)));
    assert_eq!(boxes_for_side(12), Some((3, 4)));
    assert_eq!(boxes_for_side(25), Some((5, 5)));
    assert_eq!(boxes_for_side(7), None);
}

#[test]
fn a_contradiction_further_on_is_found_by_following_singles() {
    let puzzle = read_line(PUZZLE).expect("valid");
    let solution = unique_solution(&puzzle);
    // With the top half filled from the solution, some wrong given in an empty cell leaves no
    // solution although no empty cell's peers use every digit: singles find where it breaks.
    let mut half = puzzle.clone();
    for (cell, &value) in solution.iter().enumerate().take(45) {
        half = half.with_cells(&[cell], value);
    }
    let found = (45..81)
        .filter(|&cell| half.cells()[cell] == 0)
        .flat_map(|cell| (1..=9u16).map(move |v| (cell, v)))
        .filter(|&(cell, v)| v != solution[cell])
        .find_map(|(cell, v)| {
            match check_givens(&half.with_cells(&[cell], v), &CancelToken::new()) {
                Ok(SudokuVerdict::NoSolution {
                    dead_cell: Some(dead),
                    after_singles: true,
                }) => Some(dead),
                _ => None,
            }
        });
    assert!(found.is_some(), "some wrong given is found out by singles");
}

/// The cell the last edit changed is named while that edit is the last; a grid replaced whole
/// (several cells) names none.
#[test]
fn the_last_edit_names_its_cell() {
    let mut design = SudokuDesign::blank_of_side(9).expect("9x9");
    assert_eq!(design.last_changed_cell(), None);
    design.set_given(40, 3);
    assert_eq!(design.last_changed_cell(), Some(40));
    design.set_given(7, 2);
    assert_eq!(design.last_changed_cell(), Some(7));
    design.undo();
    assert_eq!(design.last_changed_cell(), Some(40));
    let two = design.puzzle().with_cells(&[1, 2], 4);
    design.replace(two);
    assert_eq!(design.last_changed_cell(), None);
}
