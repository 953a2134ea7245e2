//! Text fields and what is pasted into them: text far too long is refused with a message, the
//! window and the puzzle kept (a file's worth of text in one line of a field once took the window
//! down), and a puzzle written over several lines is sent to the toolbar's Paste.

use super::*;

#[test]
fn a_file_pasted_into_the_new_form_field_is_refused_with_a_message() {
    let mut harness = window_playing(ID);
    press_with(&mut harness, Modifiers::COMMAND, Key::L);
    assert!(harness.state().new_game.is_some());
    harness.event(Event::Paste("word ".repeat(20_000)));
    harness.run_steps(2);
    let app = harness.state();
    assert!(app.typed_id.is_empty(), "nothing of it in the field");
    assert!(
        app.message
            .as_ref()
            .is_some_and(|m| m.is_error && m.text.contains("too long for this field")),
        "{:?}",
        app.message.as_ref().map(|m| &m.text)
    );
    assert_eq!(playing(&harness).as_deref(), Some(ID));
    // A game ID still pastes into it.
    harness.event(Event::Paste(ID.to_string()));
    harness.run_steps(1);
    assert_eq!(harness.state().typed_id, ID);
}

#[test]
fn a_long_paste_into_a_clue_field_keeps_a_clue_s_length() {
    let mut harness = harness();
    harness.get_by_label("Design").click();
    harness.run_steps(2);
    let field = harness.get_by_role(egui::accesskit::Role::TextInput);
    field.click();
    harness.run_steps(1);
    harness.event(Event::Paste("9".repeat(100_000)));
    harness.run_steps(2);
    let designer = keen_designer(harness.state()).expect("the Keen designer");
    assert_eq!(designer.clue_text.chars().count(), 32);
}

#[test]
fn a_several_line_puzzle_typed_into_the_form_field_is_sent_to_paste() {
    let mut harness = window_playing(ID);
    press_with(&mut harness, Modifiers::COMMAND, Key::L);
    // The one-line field turns the text format's line breaks into spaces.
    harness.event(Event::Paste(
        "symbols: 1234 ...3 .4.. 4... ..1.".to_string(),
    ));
    harness.run_steps(1);
    press(&mut harness, Key::Enter);
    harness.run_steps(1);
    let message = message_text(&harness);
    assert!(
        message.contains("opens with Paste in the toolbar"),
        "{message}"
    );
    assert_eq!(playing(&harness).as_deref(), Some(ID));
}

/// A paste far longer than any puzzle or saved game (a stray file on the clipboard) is refused
/// before it is read, with a message, and the game stays.
#[test]
fn a_paste_longer_than_any_puzzle_is_refused_unread() {
    let mut harness = window_playing(ID);
    let huge = format!(
        "{{\"max_value\": 36, \"vertices\": {{{}}}}}",
        " ".repeat(5 << 20)
    );
    harness.event(Event::Paste(huge));
    harness.run_steps(2);
    let message = message_text(&harness);
    assert!(
        message.contains("longer than 4 MB, far past any puzzle"),
        "{message}"
    );
    assert_eq!(playing(&harness).as_deref(), Some(ID));
}
