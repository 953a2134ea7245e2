//! The keyboard: keys (by their meaning, and by their place for the number row) into actions.

use egui::{Event, Key, Modifiers, Ui};

use super::actions::Action;

/// The digit a key types: 1 to 9, then a to g for 10 to 16.
pub fn digit_of(key: Key) -> Option<u8> {
    const KEYS: [Key; 16] = [
        Key::Num1,
        Key::Num2,
        Key::Num3,
        Key::Num4,
        Key::Num5,
        Key::Num6,
        Key::Num7,
        Key::Num8,
        Key::Num9,
        Key::A,
        Key::B,
        Key::C,
        Key::D,
        Key::E,
        Key::F,
        Key::G,
    ];
    KEYS.iter().position(|&k| k == key).map(|i| i as u8 + 1)
}

/// Reads this frame's keys into actions (`size` is the grid side, if a game is open).
pub fn keyboard(ui: &Ui, size: Option<usize>, actions: &mut Vec<Action>) {
    let events = ui.input(|i| i.events.clone());
    for event in events {
        match event {
            Event::Paste(text) => actions.push(Action::PasteText(text)),
            Event::Copy => actions.push(Action::Copy),
            Event::Key {
                key,
                physical_key,
                pressed: true,
                modifiers,
                ..
            } => {
                // Shift+1 arrives as "!" on most layouts, and AZERTY's number row types symbols:
                // the physical key still says which digit was meant.
                let key = match physical_key {
                    Some(physical) if digit_of(key).is_none() && is_number_key(physical) => {
                        physical
                    }
                    _ => key,
                };
                if let Some(action) = key_action(key, modifiers, size) {
                    actions.push(action);
                }
            }
            _ => {}
        }
    }
}

fn is_number_key(key: Key) -> bool {
    matches!(
        key,
        Key::Num0
            | Key::Num1
            | Key::Num2
            | Key::Num3
            | Key::Num4
            | Key::Num5
            | Key::Num6
            | Key::Num7
            | Key::Num8
            | Key::Num9
    )
}

fn key_action(key: Key, modifiers: Modifiers, size: Option<usize>) -> Option<Action> {
    if modifiers.command {
        return match key {
            Key::Z if modifiers.shift => Some(Action::Redo),
            Key::Z => Some(Action::Undo),
            Key::Y => Some(Action::Redo),
            Key::N => Some(Action::NewDialog),
            Key::O => Some(Action::Open),
            Key::S => Some(Action::Save),
            Key::Q => Some(Action::Quit),
            _ => None,
        };
    }
    let size = size?;
    if let Some(digit) = digit_of(key).filter(|&d| usize::from(d) <= size) {
        return Some(if modifiers.shift {
            Action::Mark(digit)
        } else {
            Action::Digit(digit)
        });
    }
    match key {
        Key::ArrowUp => Some(Action::MoveBy(-1, 0)),
        Key::ArrowDown => Some(Action::MoveBy(1, 0)),
        Key::ArrowLeft => Some(Action::MoveBy(0, -1)),
        Key::ArrowRight => Some(Action::MoveBy(0, 1)),
        Key::Num0 | Key::Backspace | Key::Delete => Some(Action::Clear),
        Key::M => Some(Action::ToggleMarksMode),
        Key::H => Some(Action::Hint),
        _ => None,
    }
}
