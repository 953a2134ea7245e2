//! The Sudoku designer in the window: the live check after every edit, givens from the buttons,
//! a full grid taken down to a grade and made minimal, the symmetry guide.

use gridsmith_app::genres::sudoku::SudokuDesigner;
use gridsmith_engine::sudoku::{SudokuVerdict, Symmetry};

use super::sudoku::{
    LINE, blank_sudoku_design, blank_sudoku_grid, sudoku_designer, sudoku_designer_mut,
    sudoku_verdict,
};
use super::*;

#[test]
fn designing_a_sudoku_checks_every_edit() {
    let mut harness = harness();
    blank_sudoku_design(&mut harness, 9);
    let title = harness.state().window_title().to_string();
    assert!(title.starts_with("Sudoku 9x9 design"), "{title}");
    wait_for(&mut harness, |app| {
        matches!(sudoku_verdict(app), Some(SudokuVerdict::Several(..)))
    });
    wait_for_label_containing(
        &mut harness,
        "Several solutions (at least 1,000): two of them",
    );
    // Type two 5s in the first row: a conflict, ringed.
    let layout = sudoku_designer(harness.state())
        .and_then(|d| d.last_layout)
        .expect("the board is drawn");
    click_at(&mut harness, layout.centre(0));
    press(&mut harness, Key::Num5);
    click_at(&mut harness, layout.centre(4));
    press(&mut harness, Key::Num5);
    wait_for(
        &mut harness,
        |app| matches!(sudoku_verdict(app), Some(SudokuVerdict::Conflict(ref c)) if c == &[0, 4]),
    );
    harness.get_by_label("Undo").click();
    harness.run_steps(1);
    wait_for(&mut harness, |app| {
        matches!(sudoku_verdict(app), Some(SudokuVerdict::Several(..)))
    });
    harness.get_by_label("Suggest a given").click();
    wait_for(&mut harness, |app| {
        sudoku_designer(app).is_some_and(|d| d.current_suggestion().is_some())
    });
    harness.run_steps(1);
    // The offer says what it leaves: one given on a blank grid settles nothing.
    assert!(
        harness
            .query_by_label_contains("(two solutions then still differ in ")
            .is_some()
    );
    harness.get_by_label("Apply").click();
    harness.run_steps(1);
    let givens = sudoku_designer(harness.state())
        .map(|d| d.design.puzzle().given_count())
        .unwrap_or(0);
    assert_eq!(givens, 2);
}

#[test]
fn the_designer_takes_givens_from_its_buttons() {
    let mut harness = harness();
    blank_sudoku_design(&mut harness, 4);
    let layout = sudoku_designer(harness.state())
        .and_then(|d| d.last_layout)
        .expect("the board is drawn");
    click_at(&mut harness, layout.centre(5));
    assert!(
        harness
            .query_by_label("Enter in the selected cell")
            .is_some()
    );
    harness.get_by_label("3").click();
    harness.run_steps(2);
    let cells = sudoku_designer(harness.state())
        .map(|d| d.design.puzzle().cells().to_vec())
        .unwrap_or_default();
    assert_eq!(cells[5], 3);
    harness.get_by_label("Clear").click();
    harness.run_steps(2);
    let cells = sudoku_designer(harness.state())
        .map(|d| d.design.puzzle().cells().to_vec())
        .unwrap_or_default();
    assert_eq!(cells[5], 0);
}

/// At 25x25 the buttons are folded away (they would push the live check far down), but a mouse
/// alone still places any symbol.
#[test]
fn a_25x25_designer_keeps_its_buttons_folded_until_asked_for() {
    let mut harness = harness();
    blank_sudoku_design(&mut harness, 25);
    let layout = sudoku_designer(harness.state())
        .and_then(|d| d.last_layout)
        .expect("the board is drawn");
    click_at(&mut harness, layout.centre(0));
    assert!(harness.query_by_label("Clear").is_none(), "folded");
    harness.get_by_label("Enter in the selected cell").click();
    harness.run_steps(2);
    harness.get_by_label("1").click();
    harness.run_steps(2);
    let cells = sudoku_designer(harness.state())
        .map(|d| d.design.puzzle().cells().to_vec())
        .unwrap_or_default();
    assert_eq!(cells.first(), Some(&1));
    assert!(harness.query_by_label("Clear").is_some(), "still unfolded");
}

#[test]
fn a_full_grid_is_taken_down_and_made_minimal() {
    let mut harness = harness();
    paste(&mut harness, LINE);
    harness.get_by_label("Design").click();
    harness.run_steps(2);
    wait_for(&mut harness, |app| {
        matches!(sudoku_verdict(app), Some(SudokuVerdict::Unique { .. }))
    });
    harness.get_by_label("Random full grid").click();
    wait_for(&mut harness, |app| {
        sudoku_designer(app).is_some_and(|d| d.design.puzzle().given_count() == 81)
    });
    wait_for(&mut harness, |app| {
        matches!(sudoku_verdict(app), Some(SudokuVerdict::Unique { .. }))
    });
    harness.get_by_label("Remove givens").click();
    wait_for(&mut harness, |app| {
        sudoku_designer(app).is_some_and(|d| d.design.puzzle().given_count() < 60)
    });
    wait_for(&mut harness, |app| {
        matches!(sudoku_verdict(app), Some(SudokuVerdict::Unique { .. }))
    });
    let before = sudoku_designer(harness.state())
        .map(|d| d.design.puzzle().given_count())
        .unwrap_or(0);
    harness.get_by_label("Make minimal").click();
    wait_for(&mut harness, |app| {
        sudoku_designer(app).is_some_and(|d| !d.aid_running())
    });
    let after = sudoku_designer(harness.state())
        .map(|d| d.design.puzzle().given_count())
        .unwrap_or(0);
    assert!(after <= before);
    harness.get_by_label("Play this puzzle").click();
    harness.run_steps(2);
    let game = harness.state().game.as_ref().expect("playing the design");
    assert_eq!(game.puzzle.genre().id(), "sudoku");
}

#[test]
fn blank_grid_makes_the_size_the_slider_shows() {
    let mut harness = harness();
    // A size Sudoku has no grid of (Rikudo's 36 cells): the slider shows the nearest, and
    // Blank grid makes that one.
    blank_sudoku_design(&mut harness, 36);
    let side = sudoku_designer(harness.state()).map(SudokuDesigner::side);
    assert_eq!(side, Some(25));
}

/// Without a symmetry guide there is none to keep: the box shows unticked (it read ticked).
#[test]
fn keep_the_symmetry_is_unticked_without_a_guide() {
    use egui_kittest::kittest::NodeT;
    let mut harness = harness();
    blank_sudoku_design(&mut harness, 4);
    let ticked = |harness: &Harness<'_, GridsmithApp>| {
        harness
            .get_by_label("keep the symmetry")
            .accesskit_node()
            .toggled()
    };
    let guide = sudoku_designer(harness.state()).map(|d| d.guide);
    assert_eq!(guide, Some(Symmetry::None), "no guide at first");
    assert_eq!(ticked(&harness), Some(egui::accesskit::Toggled::False));
    // With a guide chosen, the box shows what it will do: keep it.
    if let Some(designer) = sudoku_designer_mut(harness.state_mut()) {
        designer.guide = Symmetry::Rotational;
    }
    harness.run_steps(1);
    assert_eq!(ticked(&harness), Some(egui::accesskit::Toggled::True));
}

/// A given typed wrong (r1c1 2 for 5) leaves no solution; the live check names the given it
/// probably meant, and Apply puts it in.
#[test]
fn a_mistyped_given_is_named_and_put_right() {
    let meant = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let mut harness = harness();
    paste(&mut harness, meant);
    harness.get_by_label("Design").click();
    harness.run_steps(2);
    if let Some(designer) = sudoku_designer_mut(harness.state_mut()) {
        designer.design.set_given(0, 2);
    }
    wait_for(&mut harness, |app| {
        matches!(sudoku_verdict(app), Some(SudokuVerdict::NoSolution { .. }))
    });
    wait_for(&mut harness, |app| {
        sudoku_designer(app).is_some_and(|d| d.current_repairs().is_some())
    });
    let cells = sudoku_designer(harness.state()).map(|d| d.design.puzzle().cells().to_vec());
    assert_eq!(cells.map(|c| c[0]), Some(2));
    assert!(
        harness
            .query_by_label_contains("Meant 5 in r1c1?")
            .is_some()
    );
    harness.get_by_label("Apply").click();
    harness.run_steps(1);
    wait_for(&mut harness, |app| {
        matches!(sudoku_verdict(app), Some(SudokuVerdict::Unique { .. }))
    });
    let given = sudoku_designer(harness.state()).map(|d| d.design.puzzle().cells()[0]);
    assert_eq!(given, Some(5));
}

/// Past 16x16 the level to take givens away down to is not offered (nothing grades such a grid),
/// as in the New form; at 9x9 it is.
#[test]
fn past_16x16_remove_givens_offers_no_grade() {
    let mut harness = harness();
    let no_grade = |h: &Harness<'_, GridsmithApp>| {
        h.query(egui_kittest::kittest::by().value("No grade"))
            .is_some()
    };
    blank_sudoku_design(&mut harness, 25);
    assert!(no_grade(&harness));
    blank_sudoku_grid(&mut harness, 9);
    assert!(!no_grade(&harness));
}

/// Two givens that repeat: the repair offered is about the one just typed, not the one that
/// stood before it.
#[test]
fn a_repeated_given_just_typed_is_the_one_offered_a_change() {
    let mut harness = harness();
    blank_sudoku_design(&mut harness, 9);
    for cell in [0, 1] {
        if let Some(designer) = sudoku_designer_mut(harness.state_mut()) {
            designer.design.set_given(cell, 5);
        }
        harness.run_steps(1);
    }
    wait_for(&mut harness, |app| {
        sudoku_designer(app).is_some_and(|d| d.current_repairs().is_some())
    });
    let first = sudoku_designer(harness.state())
        .and_then(|d| d.current_repairs().and_then(|r| r.first().copied()));
    assert_eq!(first.map(|r| r.cell), Some(1), "{first:?}");
    assert!(harness.query_by_label_contains("in r1c2?").is_some());
}

/// Make minimal on a 25x25 takes seconds: it counts the givens tried as it goes, and Cancel
/// leaves the grid as it was.
#[test]
fn making_a_25x25_minimal_counts_the_givens_tried_and_cancels() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../corpus/sudoku/designer-edits/25x25-unique-after-an-edit.txt"
    );
    let text = std::fs::read_to_string(path).expect("the corpus file");
    let mut harness = harness();
    paste(&mut harness, &text);
    harness.get_by_label("Design").click();
    harness.run_steps(2);
    wait_for(&mut harness, |app| {
        matches!(sudoku_verdict(app), Some(SudokuVerdict::Unique { .. }))
    });
    let givens = |app: &GridsmithApp| sudoku_designer(app).map(|d| d.design.puzzle().given_count());
    assert_eq!(givens(harness.state()), Some(292));
    harness.get_by_label("Make minimal").click();
    wait_for(&mut harness, |app| {
        sudoku_designer(app)
            .and_then(SudokuDesigner::aid_doing)
            .is_some_and(|doing| doing.ends_with(" of 292 tried"))
    });
    assert!(harness.query_by_label_contains(" of 292 tried").is_some());
    harness.get_by_label("Cancel").click();
    harness.run_steps(2);
    assert!(sudoku_designer(harness.state()).is_some_and(|d| !d.aid_running()));
    assert!(harness.query_by_label_contains(" tried").is_none());
    assert_eq!(givens(harness.state()), Some(292));
    // A given typed while it works changes the grid under it: it stops at once and says so,
    // rather than run on for seconds and drop its answer unsaid.
    harness.get_by_label("Make minimal").click();
    harness.run_steps(1);
    assert!(sudoku_designer(harness.state()).is_some_and(SudokuDesigner::aid_running));
    let empty = sudoku_designer(harness.state())
        .and_then(|d| (0..625).find(|&c| d.design.puzzle().cells()[c] == 0))
        .expect("an empty cell");
    if let Some(designer) = sudoku_designer_mut(harness.state_mut()) {
        designer.design.set_given(empty, 1);
    }
    harness.run_steps(2);
    assert!(sudoku_designer(harness.state()).is_some_and(|d| !d.aid_running()));
    assert!(
        harness
            .query_by_label_contains("The grid changed, so that was stopped")
            .is_some()
    );
}
