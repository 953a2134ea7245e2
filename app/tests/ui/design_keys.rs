//! The designers by keyboard alone: cages drawn and clued without the mouse.

use gridsmith_app::ui::board::SquareGeometry;

use super::design::{blank_design, clue_text};
use super::*;

fn press_shift(harness: &mut Harness<'_, GridsmithApp>, key: Key) {
    press_with(harness, Modifiers::SHIFT, key);
}

#[test]
fn arrows_move_between_cages_and_shift_arrows_join_cells() {
    let mut harness = harness();
    blank_design(&mut harness, 4);
    // The first arrow shows where the keyboard is; the next ones move.
    press(&mut harness, Key::ArrowRight);
    assert_eq!(designer(&mut harness).selected, Some(0));
    press(&mut harness, Key::ArrowRight);
    assert_eq!(designer(&mut harness).selected, Some(1));
    press_shift(&mut harness, Key::ArrowDown);
    assert_eq!(designer(&mut harness).selected, Some(5));
    press_shift(&mut harness, Key::ArrowRight);
    let cages = designer(&mut harness).design.drawing().cages();
    assert!(cages.contains(&vec![1, 5, 6]), "{cages:?}");
    // The clue field has the keys: a clue typed and Enter go to the selected cage.
    harness.event(Event::Text("7+".to_string()));
    harness.run_steps(1);
    press(&mut harness, Key::Enter);
    harness.run_steps(1);
    assert_eq!(clue_text(&mut harness, &[1, 5, 6]).as_deref(), Some("7+"));
    // Shift+arrow back into the cage separates the cell again.
    press_shift(&mut harness, Key::ArrowLeft);
    assert_eq!(designer(&mut harness).selected, Some(5));
    let cages = designer(&mut harness).design.drawing().cages();
    assert!(
        !cages.iter().any(|c| c.contains(&5) && c.contains(&6)),
        "{cages:?}"
    );
    // Undo takes the separation back.
    press_with(&mut harness, Modifiers::COMMAND, Key::Z);
    let cages = designer(&mut harness).design.drawing().cages();
    assert!(cages.contains(&vec![1, 5, 6]), "{cages:?}");
}

#[test]
fn with_the_panel_hidden_shift_arrows_still_join_cells() {
    let mut harness = harness();
    blank_design(&mut harness, 4);
    press(&mut harness, Key::F9);
    assert!(!harness.state().side_panel);
    press(&mut harness, Key::ArrowRight);
    press(&mut harness, Key::ArrowRight);
    assert_eq!(designer(&mut harness).selected, Some(1));
    press_shift(&mut harness, Key::ArrowRight);
    let cages = designer(&mut harness).design.drawing().cages();
    assert!(cages.contains(&vec![1, 2]), "{cages:?}");
    assert_eq!(designer(&mut harness).selected, Some(2));
}

/// A 12x12 drawing with the Digits tool on its first cell, and 1 typed there: 1 may start 10, 11
/// or 12, so it waits for the next digit. Where the board is drawn.
fn one_half_typed_in_a_twelve_by_twelve() -> (Harness<'static, GridsmithApp>, SquareGeometry) {
    let mut harness = harness();
    let layout = blank_design(&mut harness, 12);
    harness.get_by_label("Digits").click();
    harness.run_steps(1);
    click_at(&mut harness, layout.cell_rect(0).center());
    press(&mut harness, Key::Num1);
    assert_eq!(designer(&mut harness).design.drawing().digit(0), 0);
    (harness, layout)
}

#[test]
fn a_digit_half_typed_goes_in_its_own_cell_when_an_arrow_moves_on() {
    let (mut harness, _) = one_half_typed_in_a_twelve_by_twelve();
    press(&mut harness, Key::ArrowDown);
    assert_eq!(designer(&mut harness).design.drawing().digit(0), 1);
    assert_eq!(
        designer(&mut harness).selected,
        Some(12),
        "one row down, not two steps"
    );
}

#[test]
fn a_click_elsewhere_enters_a_half_typed_digit_where_it_was_typed() {
    let (mut harness, layout) = one_half_typed_in_a_twelve_by_twelve();
    click_at(&mut harness, layout.cell_rect(5).center());
    let drawing = designer(&mut harness).design.drawing().clone();
    assert_eq!((drawing.digit(0), drawing.digit(5)), (1, 0));
    assert_eq!(designer(&mut harness).selected, Some(5));
}

#[test]
fn new_and_type_an_id_while_designing_say_where_they_work() {
    let mut harness = harness();
    blank_design(&mut harness, 4);
    for key in [Key::N, Key::L] {
        press_with(&mut harness, Modifiers::COMMAND, key);
        harness.run_steps(1);
        assert!(
            harness.state().new_game.is_none(),
            "no form opened out of sight"
        );
        let message = message_text(&harness);
        assert!(message.contains("switch to Play first"), "{message}");
    }
}

/// F1 while designing lists the designer's own keys, not the player's (hints, marks).
#[test]
fn f1_while_designing_shows_the_designers_keys() {
    let mut harness = harness();
    blank_design(&mut harness, 4);
    press(&mut harness, Key::F1);
    harness.run_steps(1);
    assert!(harness.query_by_label("Keys while designing").is_some());
    assert!(harness.query_by_label("Shift+arrow").is_some());
    assert!(harness.query_by_label("Shift+number").is_none());
    press(&mut harness, Key::Escape);
    harness.get_by_label("Play").click();
    harness.run_steps(1);
    press(&mut harness, Key::F1);
    harness.run_steps(1);
    assert!(harness.query_by_label("Keys").is_some());
    assert!(harness.query_by_label("Shift+number").is_some());
}

/// The arrows wrap round the edges in the designers as they do in play (the keyboard moved one
/// way while playing and another while designing).
#[test]
fn arrows_wrap_round_the_edges_while_designing_as_in_play() {
    let mut harness = harness();
    blank_design(&mut harness, 4);
    // The first arrow shows where the keyboard is, on the first cell.
    press(&mut harness, Key::ArrowLeft);
    assert_eq!(designer(&mut harness).selected, Some(0));
    press(&mut harness, Key::ArrowLeft);
    assert_eq!(designer(&mut harness).selected, Some(3));
    press(&mut harness, Key::ArrowUp);
    assert_eq!(designer(&mut harness).selected, Some(15));
}

/// With a clue half typed, Up and Down set it and move on (they seemed stuck in the field).
#[test]
fn up_or_down_sets_a_typed_clue_and_moves_on() {
    let mut harness = harness();
    blank_design(&mut harness, 4);
    press(&mut harness, Key::ArrowRight);
    assert_eq!(designer(&mut harness).selected, Some(0));
    harness.event(Event::Text("3".to_string()));
    harness.run_steps(1);
    press(&mut harness, Key::ArrowDown);
    harness.run_steps(1);
    assert_eq!(clue_text(&mut harness, &[0]).as_deref(), Some("3+"));
    assert_eq!(designer(&mut harness).selected, Some(4));
}

/// Undo back past a blank grid of another size shows that board's size as the blank size (the
/// slider went on saying the size the undone board had).
#[test]
fn undo_past_a_blank_grid_brings_the_size_shown_back_too() {
    let mut harness = harness();
    blank_design(&mut harness, 6);
    harness.state_mut().blank_size = 4;
    harness.run_steps(1);
    harness.get_by_label("Blank grid").click();
    harness.run_steps(2);
    assert_eq!(harness.state().blank_size, 4);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(1);
    assert_eq!(designer(&mut harness).design.size(), 6);
    assert_eq!(harness.state().blank_size, 6);
}

/// Escape drops a half-typed clue (it stayed in the field).
#[test]
fn escape_drops_a_half_typed_clue() {
    let mut harness = harness();
    blank_design(&mut harness, 4);
    press(&mut harness, Key::ArrowRight);
    harness.event(Event::Text("12".to_string()));
    harness.run_steps(1);
    assert_eq!(designer(&mut harness).clue_text, "12");
    press(&mut harness, Key::Escape);
    harness.run_steps(1);
    assert_eq!(designer(&mut harness).clue_text, "");
    assert_eq!(clue_text(&mut harness, &[0]), None);
}

/// A digit past a 4x4's values, typed with the Digits tool, says so and leaves the cell and the
/// selection where they were (it moved the selection on, writing nothing).
#[test]
fn a_digit_past_the_designers_board_says_so_and_stays() {
    let mut harness = harness();
    let layout = blank_design(&mut harness, 4);
    harness.get_by_label("Digits").click();
    harness.run_steps(1);
    click_at(&mut harness, layout.cell_rect(0).center());
    press(&mut harness, Key::Num7);
    assert_eq!(designer(&mut harness).design.drawing().digit(0), 0);
    assert_eq!(designer(&mut harness).selected, Some(0));
    let said = harness.state().message.as_ref().map(|m| m.text.clone());
    assert_eq!(
        said.as_deref(),
        Some("That key is not one of this board's values (1 to 4).")
    );
}

/// After Random cages (or a click on an edge) the selected cage stays lit, and what is typed next
/// is its clue: the keys went to the button and were lost.
#[test]
fn a_clue_typed_after_random_cages_or_an_edge_click_reaches_the_lit_cage() {
    let mut harness = harness();
    let layout = blank_design(&mut harness, 4);
    click_at(&mut harness, layout.cell_rect(5).center());
    harness.get_by_label("Random cages").click();
    harness.run_steps(2);
    let cage = designer(&mut harness).design.drawing().cage_with(5);
    harness.event(Event::Text("9+".to_string()));
    harness.run_steps(1);
    press(&mut harness, Key::Enter);
    harness.run_steps(1);
    assert_eq!(clue_text(&mut harness, &cage).as_deref(), Some("9+"));
    // A click on the edge between cells 0 and 1 joins or separates them; the keys still go to
    // the lit cage.
    let edge = layout.cell_rect(0).right_center();
    click_at(&mut harness, edge);
    let cage = designer(&mut harness).design.drawing().cage_with(5);
    harness.event(Event::Text("3+".to_string()));
    harness.run_steps(1);
    press(&mut harness, Key::Enter);
    harness.run_steps(1);
    assert_eq!(clue_text(&mut harness, &cage).as_deref(), Some("3+"));
}

/// A clue refused (letters without a number) says the number is missing, and stays selected so
/// that the next clue typed replaces it instead of running on from it ("abc7").
#[test]
fn a_refused_clue_says_what_is_missing_and_is_replaced_by_the_next() {
    let mut harness = harness();
    blank_design(&mut harness, 4);
    press(&mut harness, Key::ArrowRight);
    harness.event(Event::Text("1".to_string()));
    harness.run_steps(1);
    press(&mut harness, Key::Backspace);
    harness.event(Event::Text("abc".to_string()));
    harness.run_steps(1);
    assert_eq!(designer(&mut harness).clue_text, "abc");
    press(&mut harness, Key::Enter);
    harness.run_steps(2);
    let error = designer(&mut harness)
        .clue_error
        .clone()
        .unwrap_or_default();
    assert!(error.starts_with("Type a number first"), "{error}");
    harness.event(Event::Text("3".to_string()));
    harness.run_steps(1);
    assert_eq!(designer(&mut harness).clue_text, "3");
    press(&mut harness, Key::Enter);
    harness.run_steps(1);
    assert_eq!(clue_text(&mut harness, &[0]).as_deref(), Some("3+"));
}
