//! The keyboard: keys (by their meaning, and by their place for the number row) into actions, and
//! numbers above 9 typed digit by digit.

use std::time::{Duration, Instant};

use egui::{Event, Key, Modifiers, Ui};
use gridsmith_engine::topology::Direction;

use super::actions::Action;

/// How long a started number waits for its next digit before it is entered as it stands.
pub const NUMBER_PAUSE: Duration = Duration::from_millis(1200);

/// The value a letter key types on boards up to 16: a to g for 10 to 16 (upstream Keen's keys).
fn letter_value(key: Key) -> Option<u8> {
    const LETTERS: [Key; 7] = [Key::A, Key::B, Key::C, Key::D, Key::E, Key::F, Key::G];
    LETTERS.iter().position(|&k| k == key).map(|i| i as u8 + 10)
}

/// The digit a number key types.
fn digit_of(key: Key) -> Option<u8> {
    const DIGITS: [Key; 10] = [
        Key::Num0,
        Key::Num1,
        Key::Num2,
        Key::Num3,
        Key::Num4,
        Key::Num5,
        Key::Num6,
        Key::Num7,
        Key::Num8,
        Key::Num9,
    ];
    DIGITS.iter().position(|&k| k == key).map(|i| i as u8)
}

/// The widgets drawn this frame that use the arrow keys while they have the keyboard (sliders).
#[derive(Clone, Default)]
struct ArrowWidgets(Vec<egui::Id>);

/// Marks `response`'s widget as one that keeps the arrow keys while it has the keyboard; any
/// other focused widget (a button Tab reached) lets them move the board's selection.
pub fn takes_arrows(ui: &Ui, response: &egui::Response) {
    ui.ctx().data_mut(|d| {
        d.get_temp_mut_or_default::<ArrowWidgets>(egui::Id::NULL)
            .0
            .push(response.id)
    });
}

/// Forgets the last frame's sliders: called as each frame begins, whether or not its keys are
/// read (a text field with the keyboard skips them).
pub fn forget_arrow_widgets(ctx: &egui::Context) {
    ctx.data_mut(|d| d.remove_temp::<ArrowWidgets>(egui::Id::NULL));
}

/// Whether the widget with the keyboard keeps the arrows (from what this frame drew).
pub fn focus_keeps_arrows(ctx: &egui::Context) -> bool {
    let focused = ctx.memory(|m| m.focused());
    let widgets = ctx.data(|d| d.get_temp::<ArrowWidgets>(egui::Id::NULL));
    focused.is_some_and(|id| widgets.is_some_and(|w| w.0.contains(&id)))
}

/// How a board's values are typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ValueKeys {
    /// Numbers up to this one, digit by digit past 9 (a-g also type 10-16 on boards up to 16).
    Numbers(u8),
    /// One key per value: the `v`-th character (a digit or a lower-case letter) types value `v`.
    Symbols(Vec<char>),
}

impl ValueKeys {
    /// The largest value the keys type.
    pub fn max(&self) -> u8 {
        match self {
            ValueKeys::Numbers(max) => *max,
            ValueKeys::Symbols(keys) => u8::try_from(keys.len()).unwrap_or(u8::MAX),
        }
    }

    /// How a board's command key is pressed where its letter may type a value: `Ctrl+H` when
    /// `letter` types one of this board's symbols, else the letter alone (`H`).
    pub fn command_key(&self, letter: char) -> String {
        let taken = matches!(self, ValueKeys::Symbols(keys) if keys.contains(&letter));
        let upper = letter.to_ascii_uppercase();
        if taken {
            format!("Ctrl+{upper}")
        } else {
            upper.to_string()
        }
    }

    /// The key that types `value`, for legends (`None` for numbers, typed as written).
    pub fn key_of(&self, value: u8) -> Option<char> {
        match self {
            ValueKeys::Numbers(_) => None,
            ValueKeys::Symbols(keys) => keys.get(usize::from(value).checked_sub(1)?).copied(),
        }
    }
}

/// The egui key that types `c` (a digit or a letter).
fn key_for(c: char) -> Option<Key> {
    match c {
        '0'..='9' => Key::from_name(&c.to_string()),
        'a'..='z' | 'A'..='Z' => Key::from_name(&c.to_ascii_uppercase().to_string()),
        _ => None,
    }
}

/// Reads this frame's keys into actions; `keys` says how the board's values are typed (`None`
/// when no board takes values).
pub fn keyboard(ui: &Ui, keys: Option<&ValueKeys>, actions: &mut Vec<Action>) {
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
                    Some(physical) if digit_of(key).is_none() && digit_of(physical).is_some() => {
                        physical
                    }
                    _ => key,
                };
                if let Some(action) = key_action(key, modifiers, keys) {
                    actions.push(action);
                }
            }
            _ => {}
        }
    }
}

fn key_action(key: Key, modifiers: Modifiers, keys: Option<&ValueKeys>) -> Option<Action> {
    if modifiers.command {
        return match key {
            Key::Z if modifiers.shift => Some(Action::Redo),
            Key::Z => Some(Action::Undo),
            Key::Y => Some(Action::Redo),
            Key::N => Some(Action::NewDialog),
            Key::L => Some(Action::TypeGameId),
            Key::O => Some(Action::Open),
            Key::S => Some(Action::Save),
            Key::Q => Some(Action::Quit),
            Key::C if modifiers.shift => Some(Action::CopyGame),
            // For boards whose symbols take H and M themselves; Ctrl itself, as Cmd+H hides the
            // application on a Mac.
            Key::H if modifiers.ctrl && modifiers.shift => Some(Action::RevealCell),
            Key::H if modifiers.ctrl => Some(Action::Hint),
            Key::K => Some(Action::Check),
            Key::M if modifiers.ctrl => Some(Action::ToggleMarksMode),
            _ => None,
        };
    }
    match key {
        Key::Escape => return Some(Action::Escape),
        Key::F1 => return Some(Action::ToggleHelp),
        Key::F9 => return Some(Action::ToggleSidePanel),
        _ => {}
    }
    let Some(keys) = keys else {
        // A board that takes no values (a designer's drawing tool) still moves its selection,
        // and Shift+arrow joins.
        return direction_of(key).map(|direction| {
            if modifiers.shift {
                Action::Join(direction)
            } else {
                Action::Step(direction)
            }
        });
    };
    let as_value = |value: u8| {
        if modifiers.shift {
            Action::Mark(value)
        } else {
            Action::Value(value)
        }
    };
    let max = match keys {
        ValueKeys::Numbers(max) => *max,
        ValueKeys::Symbols(symbol_keys) => {
            // A value's key comes before any shortcut on the same letter.
            if let Some(index) = symbol_keys.iter().position(|&c| key_for(c) == Some(key)) {
                return Some(as_value(index as u8 + 1));
            }
            if key == Key::Num0 {
                return Some(Action::Clear);
            }
            if digit_of(key).is_some() {
                // A digit that is none of the symbols: past them all, which the window says.
                return Some(as_value(u8::MAX));
            }
            0
        }
    };
    if max == 0 {
        // Symbol keys were handled above; what is left are the board's other keys.
    } else if let Some(digit) = digit_of(key) {
        return Some(if modifiers.shift {
            Action::MarkDigit(digit)
        } else {
            Action::Digit(digit)
        });
    }
    if (1..=16).contains(&max)
        && let Some(value) = letter_value(key).filter(|&v| v <= max)
    {
        return Some(as_value(value));
    }
    if let Some(direction) = direction_of(key) {
        return Some(Action::Step(direction));
    }
    match key {
        Key::Backspace | Key::Delete => Some(Action::Clear),
        Key::Enter => Some(Action::CommitNumber),
        Key::M => Some(Action::ToggleMarksMode),
        Key::H => Some(Action::Hint),
        _ => None,
    }
}

/// The direction an arrow key points.
pub fn direction_of(key: Key) -> Option<Direction> {
    match key {
        Key::ArrowUp => Some(Direction::Up),
        Key::ArrowDown => Some(Direction::Down),
        Key::ArrowLeft => Some(Direction::Left),
        Key::ArrowRight => Some(Direction::Right),
        _ => None,
    }
}

/// What a typed digit amounts to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Typed {
    /// Enter this value.
    Value(u8),
    /// Empty the cell (0 typed on its own).
    Clear,
    /// The digits typed, read as one number, pass the board's largest value: they were entered
    /// as two (after the entries this comes with, so that the message outlives them).
    Beyond(u16),
}

/// A number being typed digit by digit, on boards whose values go past 9: a digit that could
/// still be the start of a larger value waits for the next one (or Enter, or a pause).
#[derive(Clone, Debug, Default)]
pub struct NumberEntry {
    pending: Option<u16>,
    since: Option<Instant>,
    /// A number entered at once because no digit could extend it, and when: a digit straight
    /// after it was most likely meant to extend it.
    entered: Option<(u16, Instant)>,
    /// Digits read as one number past the board's largest, said once what they became is entered.
    beyond: Option<u16>,
}

impl NumberEntry {
    /// Takes the digit `digit` on a board of values up to `max`; returns what to enter now (up to
    /// two things: a number the digit could not extend, then the digit itself), and then
    /// [`Typed::Beyond`] when the digits typed in a row pass `max`.
    pub fn digit(&mut self, digit: u8, max: u8) -> Vec<Typed> {
        self.digit_at(digit, max, Instant::now())
    }

    /// [`NumberEntry::digit`], typed at `now`.
    pub fn digit_at(&mut self, digit: u8, max: u8, now: Instant) -> Vec<Typed> {
        let max = u16::from(max);
        let digit16 = u16::from(digit);
        if max <= 9 {
            self.cancel();
            // A digit past the board's values goes on too: the window says which it takes.
            return match digit {
                0 => vec![Typed::Clear],
                d => vec![Typed::Value(d)],
            };
        }
        let mut out = Vec::new();
        let just_entered = self
            .entered
            .take()
            .filter(|&(_, at)| now.saturating_duration_since(at) < NUMBER_PAUSE)
            .map(|(number, _)| number * 10 + digit16);
        let extended = self.pending.map(|p| p * 10 + digit16);
        self.beyond = extended.filter(|&n| n > max).or(just_entered);
        let number = match extended {
            Some(n) if n <= max => n,
            Some(_) => {
                // The digit cannot continue the number: enter what was typed, start again (a 0
                // cannot start a number, so it is dropped rather than clear the cell).
                if let Some(value) = self.pending.take() {
                    out.push(Typed::Value(value as u8));
                }
                if digit == 0 {
                    self.since = None;
                    out.extend(self.beyond.take().map(Typed::Beyond));
                    return out;
                }
                digit16
            }
            None => digit16,
        };
        if number == 0 {
            out.push(Typed::Clear);
        } else if number * 10 > max && number <= max {
            out.push(Typed::Value(number as u8));
            self.entered = Some((number, now));
        } else if number <= max {
            self.pending = Some(number);
            self.since = Some(now);
            // Said once the number is entered, so that the message outlives the entry.
            return out;
        }
        self.pending = None;
        self.since = None;
        out.extend(self.beyond.take().map(Typed::Beyond));
        out
    }

    /// Ends the number being typed; what to enter, if one was started. A digit after it starts a
    /// new number, even straight after one entered whole (Enter said that number was done).
    pub fn commit(&mut self) -> Vec<Typed> {
        self.since = None;
        self.entered = None;
        let value = self.pending.take().map(|n| Typed::Value(n as u8));
        value
            .into_iter()
            .chain(self.beyond.take().map(Typed::Beyond))
            .collect()
    }

    /// Drops the number being typed.
    pub fn cancel(&mut self) {
        self.pending = None;
        self.since = None;
        self.entered = None;
        self.beyond = None;
    }

    /// The number typed so far.
    pub fn pending(&self) -> Option<u16> {
        self.pending
    }

    /// Whether the number has waited long enough to be entered as it stands.
    pub fn is_stale(&self) -> bool {
        self.since.is_some_and(|t| t.elapsed() >= NUMBER_PAUSE)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_keys_take_ctrl_where_their_letter_types_a_symbol() {
        let keen = ValueKeys::Numbers(9);
        assert_eq!(keen.command_key('h'), "H");
        let sixteen = ValueKeys::Numbers(16);
        assert_eq!(sixteen.command_key('m'), "M");
        let twenty_five: Vec<char> = "123456789abcdefghijklmnop".chars().collect();
        let big = ValueKeys::Symbols(twenty_five);
        assert_eq!(big.command_key('h'), "Ctrl+H");
        assert_eq!(big.command_key('m'), "Ctrl+M");
    }

    #[test]
    fn symbol_keys_type_their_values_and_shift_marks() {
        let keys = ValueKeys::Symbols("12345678abcdefghm".chars().collect());
        let none = Modifiers::NONE;
        assert_eq!(
            key_action(Key::Num3, none, Some(&keys)),
            Some(Action::Value(3))
        );
        assert_eq!(
            key_action(Key::A, none, Some(&keys)),
            Some(Action::Value(9))
        );
        assert_eq!(
            key_action(Key::A, Modifiers::SHIFT, Some(&keys)),
            Some(Action::Mark(9))
        );
        // M types a value on this board, rather than switch marks mode.
        assert_eq!(
            key_action(Key::M, none, Some(&keys)),
            Some(Action::Value(17))
        );
        assert_eq!(
            key_action(Key::H, none, Some(&keys)),
            Some(Action::Value(16))
        );
        assert_eq!(
            key_action(Key::H, Modifiers::CTRL | Modifiers::COMMAND, Some(&keys)),
            Some(Action::Hint)
        );
        assert_eq!(
            key_action(Key::M, Modifiers::CTRL | Modifiers::COMMAND, Some(&keys)),
            Some(Action::ToggleMarksMode)
        );
        assert_eq!(
            key_action(Key::K, Modifiers::CTRL | Modifiers::COMMAND, Some(&keys)),
            Some(Action::Check)
        );
        let ctrl_shift = Modifiers::CTRL | Modifiers::COMMAND | Modifiers::SHIFT;
        assert_eq!(
            key_action(Key::H, ctrl_shift, Some(&keys)),
            Some(Action::RevealCell)
        );
        // A digit that is none of the symbols: past them all, which the window then says.
        assert_eq!(
            key_action(Key::Num9, none, Some(&keys)),
            Some(Action::Value(u8::MAX))
        );
        assert_eq!(
            key_action(Key::Num0, none, Some(&keys)),
            Some(Action::Clear)
        );
        assert_eq!(
            key_action(Key::ArrowUp, none, Some(&keys)),
            Some(Action::Step(Direction::Up))
        );
        let numbers = ValueKeys::Numbers(6);
        assert_eq!(
            key_action(Key::Num3, none, Some(&numbers)),
            Some(Action::Digit(3))
        );
        assert_eq!(
            key_action(Key::M, none, Some(&numbers)),
            Some(Action::ToggleMarksMode)
        );
        // A board that takes no values (a drawing tool) still steps, and Shift+arrow joins.
        assert_eq!(
            key_action(Key::ArrowLeft, none, None),
            Some(Action::Step(Direction::Left))
        );
        assert_eq!(
            key_action(Key::ArrowLeft, Modifiers::SHIFT, None),
            Some(Action::Join(Direction::Left))
        );
        assert_eq!(key_action(Key::Num3, none, None), None);
        assert_eq!(keys.key_of(9), Some('a'));
        assert_eq!(numbers.key_of(3), None);
    }

    #[test]
    fn small_boards_take_each_digit_at_once() {
        let mut entry = NumberEntry::default();
        assert_eq!(entry.digit(5, 9), vec![Typed::Value(5)]);
        assert_eq!(entry.digit(0, 6), vec![Typed::Clear]);
        // Past the board's values it goes on, for the window to refuse in words.
        assert_eq!(entry.digit(8, 6), vec![Typed::Value(8)]);
        assert_eq!(entry.pending(), None);
    }

    #[test]
    fn larger_numbers_take_several_digits() {
        let mut entry = NumberEntry::default();
        // Each number typed after a pause, as separate numbers are.
        let mut now = Instant::now();
        let mut digit = |entry: &mut NumberEntry, digit: u8, max: u8, after_a_pause: bool| {
            if after_a_pause {
                now += NUMBER_PAUSE;
            }
            entry.digit_at(digit, max, now)
        };
        // On a 16x16 board a 1 may start 10-16.
        assert!(digit(&mut entry, 1, 16, true).is_empty());
        assert_eq!(entry.pending(), Some(1));
        assert_eq!(digit(&mut entry, 6, 16, false), vec![Typed::Value(16)]);
        // 2 cannot start a larger value: entered at once.
        assert_eq!(digit(&mut entry, 2, 16, true), vec![Typed::Value(2)]);
        // 1 then 7: 17 is too big, so 1 is entered and 7 after it, and the board's largest
        // number said.
        assert!(digit(&mut entry, 1, 16, true).is_empty());
        assert_eq!(
            digit(&mut entry, 7, 16, false),
            vec![Typed::Value(1), Typed::Value(7), Typed::Beyond(17)]
        );
        // Enter ends a number.
        assert!(digit(&mut entry, 1, 16, true).is_empty());
        assert_eq!(entry.commit(), vec![Typed::Value(1)]);
        // A Rikudo board numbers to 126: 1, 2, 6.
        assert!(digit(&mut entry, 1, 126, true).is_empty());
        assert!(digit(&mut entry, 2, 126, false).is_empty());
        assert_eq!(digit(&mut entry, 6, 126, false), vec![Typed::Value(126)]);
        assert_eq!(digit(&mut entry, 0, 126, true), vec![Typed::Clear]);
    }

    #[test]
    fn digits_that_pass_the_largest_number_are_said() {
        let mut entry = NumberEntry::default();
        let now = Instant::now();
        // 99 on a 36-cell board: 9 cannot start a number up to 36, so it goes in at once; the
        // second 9 straight after it replaces it, and the message says why.
        assert_eq!(entry.digit_at(9, 36, now), vec![Typed::Value(9)]);
        assert_eq!(
            entry.digit_at(9, 36, now),
            vec![Typed::Value(9), Typed::Beyond(99)]
        );
        // After a pause the next digit is a new number.
        let later = now + NUMBER_PAUSE;
        assert_eq!(entry.digit_at(8, 36, later), vec![Typed::Value(8)]);
        // 4 then 1 on a 16x16: the 1 may still start 10-16, so the message waits for it.
        entry.cancel();
        assert_eq!(entry.digit_at(4, 16, later), vec![Typed::Value(4)]);
        assert!(entry.digit_at(1, 16, later).is_empty());
        assert_eq!(entry.commit(), vec![Typed::Value(1), Typed::Beyond(41)]);
        // Moving to another cell starts afresh.
        assert_eq!(entry.digit_at(5, 16, later), vec![Typed::Value(5)]);
        // 1, 0 on a 36-cell board enters 10 at once; Enter then says the number is done, so an
        // 8 straight after it is 8, not "108".
        entry.cancel();
        assert!(entry.digit_at(1, 36, later).is_empty());
        assert_eq!(entry.digit_at(0, 36, later), vec![Typed::Value(10)]);
        assert!(entry.commit().is_empty());
        assert_eq!(entry.digit_at(8, 36, later), vec![Typed::Value(8)]);
        entry.cancel();
        assert_eq!(entry.digit_at(5, 16, later), vec![Typed::Value(5)]);
    }
}
