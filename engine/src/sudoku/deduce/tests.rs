use super::*;
use crate::sudoku::read_line;

fn level(line: &str) -> SudokuLevel {
    let puzzle = read_line(line).expect("valid");
    grade(&puzzle, &CancelToken::new())
        .expect("not cancelled")
        .expect("unique")
}

#[test]
fn an_easy_puzzle_needs_singles_only() {
    // Solo's 3x3 Basic puzzles are solved by singles.
    let easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    assert_eq!(level(easy), SudokuLevel::Easy);
}

#[test]
fn every_step_of_a_worked_solution_is_true_of_the_solution() {
    for line in [
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
    ] {
        let puzzle = read_line(line).expect("valid");
        let Some(Uniqueness::Unique(solution)) =
            sudoku_uniqueness(&puzzle, &CancelToken::new()).expect("runs")
        else {
            panic!("unique")
        };
        let steps = worked_solution(&puzzle);
        assert!(!steps.is_empty());
        for step in &steps {
            if let Some((cell, digit)) = step.deduction.placement {
                assert_eq!(solution[cell], u16::from(digit), "{}", step.text);
            }
            for &(cell, gone) in &step.deduction.removals {
                assert_eq!(gone & 1 << (solution[cell] - 1), 0, "{}", step.text);
            }
        }
    }
}

#[test]
fn puzzles_without_one_solution_have_no_grade() {
    let empty = read_line(&".".repeat(81)).expect("valid");
    assert_eq!(grade(&empty, &CancelToken::new()), Ok(None));
}

#[test]
fn sentences_name_cells_the_players_way() {
    let deduction = SudokuDeduction::place(Technique::HiddenSingle, Some(Unit::Box(4)), 40, 7);
    let symbols: Vec<char> = ('1'..='9').collect();
    assert_eq!(
        deduction.sentence(9, &symbols),
        "Hidden single in box 5: r5c5 is 7 (the only place left for 7 in box 5)"
    );
}
