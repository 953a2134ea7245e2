//! The designers' side panel in small windows: the board keeps its share, the rows stay inside.

use super::*;

#[test]
fn in_a_small_window_the_board_keeps_three_fifths_and_the_panel_wraps() {
    let mut harness = sized_harness(egui::vec2(500.0, 400.0));
    harness.get_by_label("Design").click();
    harness.run_steps(2);
    let layout = designer(&mut harness)
        .last_layout
        .expect("the board is drawn");
    assert!(layout.cell_rect(0).left() >= 0.0);
    let board_right = layout.cell_rect(5).right();
    // Every control of the panel's rows sits inside the window, right of the board.
    for label in ["Blank grid", "Random cages", "Set clue", "Clear clue"] {
        let rect = harness.get_by_label(label).rect();
        assert!(
            rect.left() > board_right && rect.right() <= 500.0,
            "{label}: {rect:?}"
        );
        assert!(rect.left() >= 500.0 * 0.6 - 10.0, "{label}: {rect:?}");
    }
}

#[test]
fn blank_grid_leads_its_row_whatever_the_genre() {
    // The size's name ("6x6", "36 cells") is as wide as the genre makes it: a button after the
    // slider moved, or wrapped to the next row in a narrow window, when the genre changed. First
    // in its row, under the row's label, it stays where the panel's left edge is.
    let mut harness = sized_harness(egui::vec2(640.0, 480.0));
    harness.get_by_label("Design").click();
    harness.run_steps(2);
    for genre in ["Sudoku", "Rikudo", "Keen"] {
        harness.get_by_label(genre).click();
        harness.run_steps(2);
        let label = harness.get_by_label("Blank grid size").rect();
        let button = harness.get_by_label("Blank grid").rect();
        assert_eq!(button.left(), label.left(), "{genre}");
        assert!(
            (0.0..8.0).contains(&(button.top() - label.bottom())),
            "{genre}: {button:?} under {label:?}"
        );
    }
    // The longest size names fit beside them.
    harness.get_by_label("Rikudo").click();
    harness.run_steps(2);
    for (cells, name) in [(126, "126 cells"), (0, "empty field")] {
        harness.state_mut().blank_size = cells;
        harness.run_steps(2);
        let size = harness
            .get_by(|node| node.value().as_deref() == Some(name))
            .rect();
        assert!(size.right() <= 640.0, "{name}: {size:?}");
        assert_eq!(size.top(), harness.get_by_label("Blank grid").rect().top());
    }
}

/// A window made small narrows the side panel; made large again, it gives the panel its width
/// back (egui kept, and stored, the narrowed width, and every button had moved).
#[test]
fn the_side_panel_gets_its_width_back_when_the_window_grows_again() {
    let mut harness = sized_harness(egui::vec2(1280.0, 800.0));
    let width = |harness: &Harness<'_, GridsmithApp>| harness.state().side_panel_seen.map(|s| s.1);
    let wide = width(&harness).expect("a panel");
    harness.set_size(egui::vec2(500.0, 400.0));
    harness.run_steps(3);
    let narrow = width(&harness).expect("a panel");
    assert!(narrow < wide - 20.0, "{narrow} against {wide}");
    harness.set_size(egui::vec2(1280.0, 800.0));
    harness.run_steps(3);
    let again = width(&harness).expect("a panel");
    assert!((again - wide).abs() < 1.0, "{again} against {wide}");
    assert_eq!(harness.state().side_panel_width, Some(wide));
}

/// The genres of "Blank grid of" share a row: in a narrow window they all go under the label
/// rather than leave the last alone on a row of its own; in a wide one they stand beside it.
#[test]
fn the_genres_of_a_blank_grid_stay_on_one_row() {
    for (size, beside) in [((640.0, 480.0), false), ((1280.0, 800.0), true)] {
        let mut harness = sized_harness(egui::vec2(size.0, size.1));
        harness.get_by_label("Design").click();
        harness.run_steps(2);
        let label = harness.get_by_label("Blank grid of").rect();
        let tops: Vec<f32> = ["Keen", "Sudoku", "Rikudo"]
            .iter()
            .map(|genre| harness.get_by_label(genre).rect().top())
            .collect();
        assert!(tops.iter().all(|&t| t == tops[0]), "{size:?}: {tops:?}");
        let keen = harness.get_by_label("Keen").rect();
        assert_eq!(keen.left() > label.right(), beside, "{size:?}: {keen:?}");
        let rikudo = harness.get_by_label("Rikudo").rect();
        assert!(rikudo.right() <= size.0, "{size:?}: {rikudo:?}");
    }
}

/// The blank grid's size can be typed into the slider's value ("4" or "4x4"), as its look
/// invites; typing did nothing.
#[test]
fn a_size_typed_into_the_blank_grid_slider_is_taken() {
    let mut harness = harness();
    harness.get_by_label("Design").click();
    harness.run_steps(2);
    assert_eq!(harness.state().blank_size, 6);
    harness.get_by_value("6x6").click();
    harness.run_steps(1);
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.event(egui::Event::Text("4".to_string()));
    harness.key_press(egui::Key::Enter);
    harness.run_steps(2);
    assert_eq!(harness.state().blank_size, 4);
}
