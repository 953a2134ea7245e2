//! Keys typed into the window's text fields stay in the fields.

use super::*;

/// A digit typed into a field together with the Enter that leaves it (one frame, as a fast
/// typist or a script does) goes to the field alone, never onto the board as well.
#[test]
fn a_digit_typed_with_enter_into_a_field_stays_off_the_board() {
    let mut harness = harness();
    paste(&mut harness, ID);
    // The seed field, then the size field (a slider's number, which is edited as text).
    for role in [
        egui::accesskit::Role::TextInput,
        egui::accesskit::Role::SpinButton,
    ] {
        if harness.query_by_label("Generate").is_none() {
            click_new(&mut harness);
        }
        // "6dn9" reads as a game ID gone wrong, not a seed to generate from: the board stays, so
        // a digit landing on it would show.
        harness.state_mut().typed_id = "6dn".to_string();
        let before = harness.state().game.as_ref().map(|g| g.puzzle.text());
        harness.get_by_role(role).click();
        harness.run_steps(1);
        harness.key_press(Key::Num9);
        harness.event(Event::Text("9".to_string()));
        harness.key_press(Key::Enter);
        harness.run_steps(2);
        wait_for(&mut harness, |app| app.jobs.generate.is_none());
        let now = harness.state().game.as_ref().map(|g| g.puzzle.text());
        assert_eq!(now, before, "{role:?}: the board was replaced");
        assert!(
            entries(&harness).iter().all(|&e| e == 0),
            "{role:?}: {:?}",
            entries(&harness)
        );
    }
    // The board still takes digits once the field has let go.
    press(&mut harness, Key::Escape);
    press(&mut harness, Key::Num2);
    assert_eq!(entries(&harness)[0], 2);
}

/// The New form from the keyboard alone: Ctrl+N then Enter generates (the form gives Generate
/// the keyboard), and so does Ctrl+L then Enter in the empty field.
#[test]
fn ctrl_n_or_ctrl_l_then_enter_generates() {
    let mut harness = harness();
    paste(&mut harness, ID);
    for key in [Key::N, Key::L] {
        let before = harness.state().game.as_ref().map(|g| g.puzzle.text());
        harness.key_press_modifiers(Modifiers::COMMAND, key);
        harness.run_steps(2);
        assert!(
            harness.state().new_game.is_some(),
            "{key:?}: the form opens"
        );
        press(&mut harness, Key::Enter);
        harness.run_steps(1);
        wait_for(&mut harness, |app| app.jobs.generate.is_none());
        let now = harness.state().game.as_ref().map(|g| g.puzzle.text());
        assert_ne!(now, before, "{key:?}: a new puzzle");
        press(&mut harness, Key::Escape);
        harness.state_mut().new_game = None;
    }
}
