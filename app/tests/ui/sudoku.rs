//! Sudoku in the window: the three formats pasted, symbols typed by their keys, marks, hints, and
//! the designer's live check and aids.

use gridsmith_app::genres::sudoku::SudokuDesigner;
use gridsmith_engine::sudoku::SudokuVerdict;

use super::*;

pub(super) const LINE: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
const SOLO: &str = "2x3:b3_1a5d4c2b6_6b5c2d5a1_6b";
const GREEK: &str = "symbols: αβγδ\n\nα...\n..β.\n.γ..\n...δ\n";

/// Clicks the centre of play-board cell `cell`.
fn click_cell(harness: &mut Harness<'_, GridsmithApp>, cell: usize) {
    let centre = cell_centre(harness, cell);
    click_at(harness, centre);
}

pub(super) fn sudoku_designer(app: &GridsmithApp) -> Option<&SudokuDesigner> {
    app.designer
        .as_ref()
        .and_then(|d| d.as_any().downcast_ref::<SudokuDesigner>())
}

pub(super) fn sudoku_designer_mut(app: &mut GridsmithApp) -> Option<&mut SudokuDesigner> {
    app.designer
        .as_mut()
        .and_then(|d| d.as_any_mut().downcast_mut::<SudokuDesigner>())
}

pub(super) fn sudoku_verdict(app: &GridsmithApp) -> Option<SudokuVerdict> {
    sudoku_designer(app).and_then(|d| d.current_verdict().cloned())
}

/// Design mode on a blank Sudoku grid, `side` chosen as its size.
pub(super) fn blank_sudoku_design(harness: &mut Harness<'_, GridsmithApp>, side: usize) {
    harness.get_by_label("Design").click();
    harness.run_steps(2);
    harness.get_by_label("Sudoku").click();
    harness.run_steps(1);
    blank_sudoku_grid(harness, side);
}

/// A blank grid of `side` in the Sudoku designer already open.
pub(super) fn blank_sudoku_grid(harness: &mut Harness<'_, GridsmithApp>, side: usize) {
    harness.state_mut().blank_size = side;
    harness.get_by_label("Blank grid").click();
    harness.run_steps(3);
}

#[test]
fn each_format_pastes_and_copies_back_the_way_it_came() {
    let mut harness = harness();
    for text in [LINE, SOLO] {
        paste(&mut harness, text);
        assert_eq!(playing(&harness).as_deref(), Some(text));
        assert!(
            harness.state().window_title().starts_with("Sudoku"),
            "{}",
            harness.state().window_title()
        );
    }
    harness.state_mut().load_file(GREEK, "/puzzles/greek.sdk");
    harness.run_steps(2);
    let title = harness.state().window_title().to_string();
    assert!(
        title.starts_with("Sudoku 4x4") && title.ends_with(" — greek.sdk — Gridsmith"),
        "{title}"
    );
    let game = harness.state().game.as_ref().expect("a game");
    assert_eq!(game.puzzle.genre().id(), "sudoku");
    assert_eq!(game.puzzle.size_label(), "4x4");
    assert_eq!(game.puzzle.value_label(3), "γ");
    // Its other formats write their own symbols, and their names say so before the copy.
    harness.get_by_label("Copy as…").click();
    harness.run_steps(2);
    assert!(
        harness
            .query_by_label("Copy as a Solo game ID, in Solo's symbols")
            .is_some()
    );
    press(&mut harness, Key::Escape);
    // A 6x6 has one form that reads back (Solo's ID: no line, and the text format holds square
    // boxes only), so there is no menu of others.
    paste(&mut harness, SOLO);
    assert!(harness.query_by_label("Copy as…").is_none());
    // A 9x9 line offers the other formats it can be written in.
    paste(&mut harness, LINE);
    harness.get_by_label("Copy as…").click();
    harness.run_steps(2);
    assert!(harness.query_by_label("Copy as a Solo game ID").is_some());
    harness.get_by_label("Copy as the text format").click();
    harness.run_steps(1);
}

#[test]
fn clicked_cells_take_symbols_by_their_keys_and_marks_by_shift() {
    let mut harness = window_playing(GREEK);
    // Greek letters are not on the keyboard: 1-4 type α-δ.
    click_cell(&mut harness, 1);
    assert_eq!(harness.state().selected, Some(1));
    press(&mut harness, Key::Num3);
    assert_eq!(entries(&harness)[1], 3);
    click_cell(&mut harness, 2);
    harness.key_press_modifiers(Modifiers::SHIFT, Key::Num2);
    harness.key_press_modifiers(Modifiers::SHIFT, Key::Num4);
    harness.run_steps(1);
    assert_eq!(marks_mask(&harness, 2), 0b1010);
    // Placing γ... in the same row removes nothing here, but a repeat is a conflict.
    click_cell(&mut harness, 13);
    press(&mut harness, Key::Num3);
    let game = harness.state().game.as_ref().expect("a game");
    assert!(game.conflicts().cells.contains(&13), "γ twice in column 2");
    // Letters type themselves where the symbols are letters.
    paste(&mut harness, "A...\n..B.\n.C..\n...D\n");
    click_cell(&mut harness, 1);
    press(&mut harness, Key::D);
    assert_eq!(entries(&harness)[1], 4);
}

#[test]
fn typing_on_a_given_says_it_cannot_change() {
    let mut harness = window_playing(GREEK);
    click_cell(&mut harness, 0);
    press(&mut harness, Key::Num2);
    assert_eq!(entries(&harness)[0], 0);
    let message = harness.state().message.as_ref().map(|m| m.text.clone());
    assert_eq!(
        message.as_deref(),
        Some("That cell is a given: it cannot change.")
    );
    assert!(harness.query_by_label_contains("cannot change").is_some());
    // Reveal on a given says the same, rather than nothing.
    harness.state_mut().message = None;
    let ctrl_shift = Modifiers::CTRL | Modifiers::COMMAND | Modifiers::SHIFT;
    press_with(&mut harness, ctrl_shift, Key::H);
    assert!(harness.query_by_label_contains("cannot change").is_some());
}

/// A key past the board's values (7 on a 6x6) says what the values are, rather than nothing.
#[test]
fn a_value_past_the_board_says_which_values_it_takes() {
    for (puzzle, key, said) in [
        (SOLO, Key::Num7, "(1 to 6)."),
        (GREEK, Key::Num7, "(α to δ)."),
        // A Keen board too, whose digits are numbers rather than symbols.
        (ID, Key::Num7, "(1 to 4)."),
    ] {
        let mut harness = window_playing(puzzle);
        let open = (0..entries(&harness).len())
            .find(|&c| {
                harness
                    .state()
                    .game
                    .as_ref()
                    .is_some_and(|g| g.puzzle.rules().given(c).is_none())
            })
            .expect("an open cell");
        click_cell(&mut harness, open);
        press(&mut harness, key);
        assert_eq!(entries(&harness)[open], 0);
        let message = harness.state().message.as_ref().map(|m| m.text.clone());
        assert!(
            message.as_deref().is_some_and(|m| m.ends_with(said)),
            "{message:?}"
        );
    }
}

#[test]
fn check_and_reveal_cell_have_keys() {
    let mut harness = window_playing(GREEK);
    let solution = harness
        .state()
        .game
        .as_ref()
        .and_then(|g| g.solution().map(<[u8]>::to_vec))
        .expect("a solution");
    let wrong = if solution[1] == 1 { 2 } else { 1 };
    // Givens alone are nothing to check.
    press_with(&mut harness, Modifiers::CTRL | Modifiers::COMMAND, Key::K);
    assert!(message_text(&harness).starts_with("Nothing entered yet"));
    click_cell(&mut harness, 1);
    press(&mut harness, [Key::Num1, Key::Num2][usize::from(wrong) - 1]);
    assert_eq!(entries(&harness)[1], wrong);
    press_with(&mut harness, Modifiers::CTRL | Modifiers::COMMAND, Key::K);
    assert_eq!(harness.state().checked_wrong, vec![1]);
    click_cell(&mut harness, 2);
    let ctrl_shift = Modifiers::CTRL | Modifiers::COMMAND | Modifiers::SHIFT;
    press_with(&mut harness, ctrl_shift, Key::H);
    assert_eq!(entries(&harness)[2], solution[2]);
}

#[test]
fn choosing_a_cell_leaves_the_new_form_open_until_a_number_goes_in() {
    let mut harness = window_playing(LINE);
    click_new(&mut harness);
    assert!(harness.query_by_label("Generate").is_some());
    // A digit on a given goes nowhere, and the form stays (cells right of the form's window,
    // which floats over the board's top left).
    click_cell(&mut harness, 70);
    press(&mut harness, Key::Num5);
    assert!(harness.query_by_label("Generate").is_some());
    // A click that only selects leaves the form where it is.
    click_cell(&mut harness, 71);
    assert_eq!(harness.state().selected, Some(71));
    assert!(harness.query_by_label("Generate").is_some());
    press(&mut harness, Key::Num3);
    harness.run_steps(1);
    assert_eq!(entries(&harness)[71], 3);
    assert!(harness.query_by_label("Generate").is_none());
}

#[test]
fn a_batch_of_text_format_puzzles_opens_at_its_first_and_says_how_many() {
    let first = "symbols: 1234\n\n...3\n.4..\n4...\n..1.\n";
    let second = "symbols: 1234\n\n....\n43..\n.4..\n..1.\n";
    let mut harness = window_playing(&format!("{first}\n{second}\n{first}"));
    let title = harness.state().window_title().to_string();
    assert!(title.starts_with("Sudoku 4x4"), "{title}");
    let game = harness.state().game.as_ref().expect("a game");
    assert_eq!(
        game.puzzle.rules().given(3),
        Some(3),
        "the first puzzle's givens"
    );
    harness.run_steps(1);
    assert!(
        harness
            .query_by_label_contains("the first of the 3 in it")
            .is_some()
    );
}

#[test]
fn a_copied_seed_typed_into_the_new_form_makes_the_same_puzzle_again() {
    let mut harness = harness();
    click_new(&mut harness);
    harness.get_by_label("Sudoku").click();
    harness.run_steps(2);
    harness.state_mut().next_seed = Some("545107757767325".to_string());
    harness.get_by_label("Generate").click();
    wait_for(&mut harness, |app| {
        app.jobs.generate.is_none() && app.game.as_ref().is_some_and(|g| g.puzzle.seed().is_some())
    });
    let made = playing(&harness).expect("a puzzle");
    assert!(harness.query_by_label("Seed 545107757767325").is_some());
    // Something else in between, then the seed typed into the form's field.
    paste(&mut harness, LINE);
    click_new(&mut harness);
    type_into_new_form(&mut harness, "545107757767325", "Open ID");
    wait_for(&mut harness, |app| {
        app.jobs.generate.is_none() && app.game.as_ref().is_some_and(|g| g.puzzle.seed().is_some())
    });
    assert_eq!(playing(&harness).as_deref(), Some(made.as_str()));
    // Pasted instead, the seed goes into the New form's field for its settings to be checked,
    // and Enter there makes the same puzzle.
    paste(&mut harness, LINE);
    harness.state_mut().new_game = None;
    paste(&mut harness, "545107757767325");
    assert!(harness.state().new_game.is_some());
    assert_eq!(harness.state().typed_id, "545107757767325");
    assert!(message_text(&harness).starts_with("545107757767325 is a random seed"));
    harness.get_by_label("Open ID").click();
    harness.run_steps(1);
    wait_for(&mut harness, |app| {
        app.jobs.generate.is_none() && app.game.as_ref().is_some_and(|g| g.puzzle.seed().is_some())
    });
    assert_eq!(playing(&harness).as_deref(), Some(made.as_str()));
}

#[test]
fn a_hint_names_its_technique_and_applies() {
    let mut harness = window_playing(LINE);
    harness.get_by_label("Hint").click();
    wait_for(&mut harness, |app| app.hint.is_some());
    let hint = harness.state().hint.clone().expect("a hint");
    assert!(!hint.text.is_empty() && !hint.targets.is_empty());
    // The unit the step is about is its faint context, apart from the cells it reasons from.
    // (The first step of this puzzle is about a unit: a hidden single or a subset.)
    assert!(!hint.context.is_empty(), "{hint:?}");
    assert!(hint.context.iter().all(|cell| !hint.cells.contains(cell)));
    assert!(hint.cells.len() + hint.context.len() >= 9, "{hint:?}");
    harness.get_by_label("Apply hint").click();
    harness.run_steps(1);
    let game = harness.state().game.as_ref().expect("a game");
    assert!(
        game.play.entries().iter().any(|&e| e != 0)
            || game.play.marks().iter().any(|m| !m.is_empty()),
        "the hint changed the board"
    );
}

/// Whether any cell in `cell`'s row, column or box still marks `value`.
fn a_peer_marks(harness: &Harness<'_, GridsmithApp>, cell: usize, value: u8) -> bool {
    let (row, column) = (cell / 9, cell % 9);
    (0..81).filter(|&p| p != cell).any(|p| {
        let same_box = p / 27 == cell / 27 && p % 9 / 3 == column / 3;
        (p / 9 == row || p % 9 == column || same_box) && harness.state().marks_of(p).contains(value)
    })
}

/// Hints applied on a board without marks write marks that are candidates: never a value a peer
/// already holds (they wrote every value but the ones the hint removed).
#[test]
fn the_marks_a_hint_writes_are_the_cells_candidates() {
    let mut harness = window_playing(LINE);
    let given: Vec<u8> = LINE
        .bytes()
        .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
        .collect();
    let mut marked = 0;
    for _ in 0..30 {
        harness.get_by_label("Hint").click();
        wait_for(&mut harness, |app| app.hint.is_some());
        harness.get_by_label("Apply hint").click();
        harness.run_steps(1);
        let shown: Vec<u8> = entries(&harness)
            .iter()
            .zip(&given)
            .map(|(&e, &g)| g.max(e))
            .collect();
        for cell in (0..81).filter(|&c| shown[c] == 0) {
            let marks = harness.state().marks_of(cell);
            marked += usize::from(!marks.is_empty());
            for value in marks.iter() {
                let (row, column) = (cell / 9, cell % 9);
                let held = (0..81).any(|p| {
                    let same_box = p / 27 == cell / 27 && p % 9 / 3 == column / 3;
                    (p / 9 == row || p % 9 == column || same_box) && shown[p] == value
                });
                assert!(
                    !held,
                    "r{}c{} marks {value}, which a peer holds",
                    row + 1,
                    column + 1
                );
            }
        }
    }
    assert!(marked > 0, "the hints wrote marks");
}

#[test]
fn a_hint_or_a_reveal_that_places_takes_its_digit_out_of_the_peers_marks() {
    let mut harness = window_playing(LINE);
    harness.get_by_label("Fill marks").click();
    harness.run_steps(1);
    // The first hint of this puzzle places a digit.
    harness.get_by_label("Hint").click();
    wait_for(&mut harness, |app| app.hint.is_some());
    let before = entries(&harness);
    harness.get_by_label("Apply hint").click();
    harness.run_steps(1);
    let after = entries(&harness);
    let placed = (0..81)
        .find(|&c| before[c] != after[c])
        .expect("the hint placed a digit");
    assert!(!a_peer_marks(&harness, placed, after[placed]));
    // One Undo takes the placement and the marks it cleared back together.
    press_with(&mut harness, Modifiers::COMMAND, Key::Z);
    assert_eq!(entries(&harness), before);
    assert!(a_peer_marks(&harness, placed, after[placed]));
    // Reveal cell does the same.
    click_cell(&mut harness, placed);
    harness.get_by_label("Reveal cell").click();
    harness.run_steps(1);
    assert_eq!(entries(&harness)[placed], after[placed]);
    assert!(!a_peer_marks(&harness, placed, after[placed]));
}

#[test]
fn a_chain_hint_draws_its_cells_in_order() {
    let mut harness = window_playing(
        "58.7......3....96.4...53..........1...3........16.84.2...2.6..127.1..3.....837...",
    );
    harness.get_by_label("Fill marks").click();
    harness.run_steps(1);
    let mut chain = Vec::new();
    for _ in 0..60 {
        harness.get_by_label("Hint").click();
        wait_for(&mut harness, |app| app.hint.is_some());
        let hint = harness.state().hint.clone().expect("a hint");
        if !hint.chain.is_empty() {
            assert!(hint.text.contains("Chain"), "{}", hint.text);
            chain = hint.chain;
            break;
        }
        harness.get_by_label("Apply hint").click();
        harness.run_steps(1);
    }
    assert!(chain.len() >= 4, "a chain hint within 60 steps");
    // Consecutive cells of the chain share a unit or a candidate's link: they see each other.
    for pair in chain.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let same_box = a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3;
        assert!(a / 9 == b / 9 || a % 9 == b % 9 || same_box, "{chain:?}");
    }
}

#[test]
fn a_note_in_the_new_form_leaves_generate_where_it_was() {
    let mut harness = harness();
    click_new(&mut harness);
    harness.get_by_label("Sudoku").click();
    harness.run_steps(2);
    let generate = harness.get_by_label("Generate").rect();
    let below = harness.get_by_label("Open ID").rect();
    // Extreme brings a note on the wait.
    harness
        .get_by_role_and_label(egui::accesskit::Role::ComboBox, "Difficulty")
        .click();
    harness.run_steps(2);
    harness.get_by_label("Extreme").click();
    harness.run_steps(2);
    assert!(
        harness
            .query_by_label("This can take several seconds; Cancel stops it.")
            .is_some()
    );
    assert_eq!(harness.get_by_label("Generate").rect(), generate);
    assert_eq!(harness.get_by_label("Open ID").rect(), below);
}

#[test]
fn minimal_with_symmetry_says_the_symmetry_usually_goes() {
    let mut harness = harness();
    click_new(&mut harness);
    harness.get_by_label("Sudoku").click();
    harness.run_steps(2);
    let note = "Minimal tries each given alone once the symmetric groups are done, so the givens \
                usually lose their symmetry.";
    assert!(harness.query_by_label(note).is_none());
    // The default symmetry is rotational.
    harness.get_by_label("Minimal (every given needed)").click();
    harness.run_steps(2);
    assert!(harness.query_by_label(note).is_some());
}

#[test]
fn where_h_and_m_type_symbols_the_panel_names_ctrl_h_and_ctrl_m() {
    let mut harness = harness();
    paste(
        &mut harness,
        include_str!(
            "../../../corpus/sudoku/pflugradt/valid/25x25/classic-25x25-easy-05ff774ef8a58cf438d9f8cc9422a184.sdk"
        ),
    );
    harness.run_steps(2);
    assert!(
        harness
            .query_by_label_contains("Hint (Ctrl+H) explains the next step")
            .is_some()
    );
    // A 9x9 types digits only: the letters are the keys.
    paste(&mut harness, LINE);
    harness.run_steps(2);
    assert!(
        harness
            .query_by_label_contains("Hint (H) explains the next step")
            .is_some()
    );
}

/// A puzzle with several solutions: the panel does not invite a hint that cannot come, and the
/// hint key says why.
#[test]
fn with_several_solutions_the_panel_says_there_are_no_hints() {
    let mut harness = harness();
    paste(&mut harness, "2x2:1o");
    wait_for(&mut harness, |app| {
        app.game
            .as_ref()
            .is_some_and(|g| matches!(g.solution, Solution::Several))
    });
    harness.run_steps(1);
    assert!(
        harness
            .query_by_label_contains("explains the next step")
            .is_none()
    );
    assert!(
        harness
            .query_by_label_contains("No hints: this puzzle has several")
            .is_some()
    );
    press(&mut harness, Key::H);
    let message = harness.state().message.as_ref().map(|m| m.text.clone());
    assert_eq!(
        message.as_deref(),
        Some("Hints need a puzzle with exactly one solution.")
    );
}

/// A line whose givens clash says where, not only that there is no solution.
#[test]
fn a_sudoku_whose_givens_clash_says_where() {
    // LINE with a second 4 in its first row.
    let clashing = format!("4...3...4{}", &LINE[9..]);
    let mut harness = harness();
    paste(&mut harness, &clashing);
    wait_for(&mut harness, |app| {
        app.message
            .as_ref()
            .is_some_and(|m| m.text.contains("no solution"))
    });
    let said = message_text(&harness);
    assert_eq!(
        said,
        "This puzzle has no solution: row 1 holds 4 twice. Hints and checks are off."
    );
}

/// A 25x25's symbol pad keeps inside a side panel narrowed by a small window: its five to a row
/// need more room than the panel has there, so the rows hold fewer.
#[test]
fn a_25x25_symbol_pad_stays_inside_a_narrowed_panel() {
    let mut harness = sized_harness(egui::vec2(1280.0, 800.0));
    paste(
        &mut harness,
        include_str!(
            "../../../corpus/sudoku/pflugradt/valid/25x25/classic-25x25-easy-05ff774ef8a58cf438d9f8cc9422a184.sdk"
        ),
    );
    assert!(harness.query_by_label("Symbols").is_some());
    for width in [560.0, 480.0, 400.0] {
        harness.set_size(egui::vec2(width, 400.0));
        harness.run_steps(4);
        // Inside the panel's margin: a button past the window's edge is reported cut at it.
        for symbol in ["5", "A", "F", "K", "P"] {
            let button = harness.get_by_label(symbol).rect();
            assert!(
                button.right() < width - 4.0,
                "{symbol} ends at {} in a window {width} wide",
                button.right()
            );
        }
    }
}

/// A 25x25's marks are too many for a cell, which lists as many as fit: pointing at the cell
/// lists them all.
#[test]
fn pointing_at_a_cell_lists_marks_a_small_cell_cuts_short() {
    let mut harness = harness();
    paste(
        &mut harness,
        include_str!(
            "../../../corpus/sudoku/pflugradt/valid/25x25/classic-25x25-easy-05ff774ef8a58cf438d9f8cc9422a184.sdk"
        ),
    );
    harness.get_by_label("Fill marks").click();
    harness.run_steps(2);
    let game = harness.state().game.as_ref().expect("a game");
    let values = game.values();
    // The empty cell with the most marks.
    let cell = (0..values.len())
        .filter(|&c| values[c] == 0)
        .max_by_key(|&c| game.play.marks()[c].iter().count())
        .expect("an empty cell");
    let expected: Vec<String> = game.play.marks()[cell]
        .iter()
        .map(|v| game.puzzle.value_label(v))
        .collect();
    assert!(expected.len() > 6, "more marks than a cell lists");
    let centre = cell_centre(&harness, cell);
    harness.event(Event::PointerMoved(centre));
    harness.run_steps(4);
    let tip = format!("Marks: {}", expected.join(" "));
    assert!(harness.query_all_by_label(&tip).next().is_some(), "{tip}");
}
