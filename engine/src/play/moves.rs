//! Moves as plain data: what one user action changed, cell by cell, with a text form so that a
//! saved game is its puzzle plus a list of move strings.
//!
//! A change is `cell=entry,marks>entry,marks` (before, then after): `12=0,->3,-` puts 3 in cell 12,
//! `4=0,1.3>0,1` takes the mark 3 out of cell 4 (`-` is no marks, values are joined by `.`). A move
//! is its changes separated by spaces. Both sides are written so that replaying can refuse a move
//! that does not start from what the board holds.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

use super::Marks;

/// One cell's change within a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Change {
    /// The cell.
    pub cell: usize,
    /// Entry before and after (0 = empty).
    pub entry: (u8, u8),
    /// Marks before and after.
    pub marks: (Marks, Marks),
}

/// Everything one user action changed; undone and redone as a whole.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Move {
    /// The cells it changed, in order.
    pub changes: Vec<Change>,
}

/// Why a move string could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("move text at character {}: {reason}", position + 1)]
pub struct MoveError {
    /// Character offset (from 0) where the problem starts.
    pub position: usize,
    /// What is wrong there.
    pub reason: String,
}

fn write_marks(f: &mut fmt::Formatter<'_>, marks: Marks) -> fmt::Result {
    if marks.is_empty() {
        return f.write_str("-");
    }
    for (i, value) in marks.iter().enumerate() {
        if i > 0 {
            f.write_str(".")?;
        }
        write!(f, "{value}")?;
    }
    Ok(())
}

impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}={},", self.cell, self.entry.0)?;
        write_marks(f, self.marks.0)?;
        write!(f, ">{},", self.entry.1)?;
        write_marks(f, self.marks.1)
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, change) in self.changes.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{change}")?;
        }
        Ok(())
    }
}

/// Reads numbers and separators from one change, tracking where it is for errors.
struct Cursor<'a> {
    text: &'a str,
    at: usize,
    base: usize,
}

impl Cursor<'_> {
    fn error(&self, reason: impl Into<String>) -> MoveError {
        MoveError {
            position: self.base + self.at,
            reason: reason.into(),
        }
    }

    fn number<T: FromStr>(&mut self, what: &str) -> Result<T, MoveError> {
        let digits = self.text[self.at..]
            .bytes()
            .take_while(u8::is_ascii_digit)
            .count();
        if digits == 0 {
            return Err(self.error(format!("expected {what}")));
        }
        let value = self.text[self.at..self.at + digits]
            .parse()
            .map_err(|_| self.error(format!("{what} is out of range")))?;
        self.at += digits;
        Ok(value)
    }

    fn expect(&mut self, separator: char) -> Result<(), MoveError> {
        if self.text[self.at..].starts_with(separator) {
            self.at += separator.len_utf8();
            Ok(())
        } else {
            Err(self.error(format!("expected '{separator}'")))
        }
    }

    fn marks(&mut self) -> Result<Marks, MoveError> {
        if self.text[self.at..].starts_with('-') {
            self.at += 1;
            return Ok(Marks::EMPTY);
        }
        let mut marks = Marks::EMPTY;
        loop {
            let value: u8 = self.number("a marked value")?;
            if value == 0 {
                return Err(self.error("0 cannot be marked"));
            }
            marks = marks.with(value);
            if !self.text[self.at..].starts_with('.') {
                return Ok(marks);
            }
            self.at += 1;
        }
    }
}

impl FromStr for Move {
    type Err = MoveError;

    fn from_str(text: &str) -> Result<Self, MoveError> {
        let mut changes = Vec::new();
        let mut base = 0;
        for part in text.split(' ') {
            if !part.is_empty() {
                let mut cursor = Cursor {
                    text: part,
                    at: 0,
                    base,
                };
                let cell = cursor.number("a cell number")?;
                cursor.expect('=')?;
                let entry_before = cursor.number("an entry")?;
                cursor.expect(',')?;
                let marks_before = cursor.marks()?;
                cursor.expect('>')?;
                let entry_after = cursor.number("an entry")?;
                cursor.expect(',')?;
                let marks_after = cursor.marks()?;
                if cursor.at != part.len() {
                    return Err(cursor.error("unexpected text after the change"));
                }
                changes.push(Change {
                    cell,
                    entry: (entry_before, entry_after),
                    marks: (marks_before, marks_after),
                });
            }
            base += part.len() + 1;
        }
        Ok(Move { changes })
    }
}

/// Written as its text form.
impl Serialize for Move {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// Read from its text form, or from the `{"changes": [...]}` object saved games of the first
/// version wrote.
impl<'de> Deserialize<'de> for Move {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Stored {
            Text(String),
            Changes { changes: Vec<Change> },
        }
        match Stored::deserialize(deserializer)? {
            Stored::Text(text) => text.parse().map_err(serde::de::Error::custom),
            Stored::Changes { changes } => Ok(Move { changes }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn change(cell: usize, entry: (u8, u8), marks: (&[u8], &[u8])) -> Change {
        Change {
            cell,
            entry,
            marks: (
                marks.0.iter().copied().collect(),
                marks.1.iter().copied().collect(),
            ),
        }
    }

    #[test]
    fn moves_read_back_what_they_write() {
        let made = Move {
            changes: vec![
                change(12, (0, 3), (&[1, 3], &[])),
                change(200, (0, 0), (&[], &[130, 255])),
            ],
        };
        let text = made.to_string();
        assert_eq!(text, "12=0,1.3>3,- 200=0,->0,130.255");
        assert_eq!(text.parse::<Move>(), Ok(made.clone()));
        let json = serde_json::to_string(&made).expect("serialises");
        assert_eq!(serde_json::from_str::<Move>(&json).ok(), Some(made));
    }

    #[test]
    fn old_saved_moves_still_read() {
        let old = r#"{"changes":[{"cell":1,"entry":[0,0],"marks":[0,5]}]}"#;
        let read: Move = serde_json::from_str(old).expect("the first version's form");
        assert_eq!(
            read,
            Move {
                changes: vec![change(1, (0, 0), (&[], &[1, 3]))]
            }
        );
    }

    #[test]
    fn errors_say_where() {
        let error = "3=0,->1,- 4=0,x>1,-"
            .parse::<Move>()
            .expect_err("bad marks");
        assert_eq!(error.position, 14);
        assert!("3=0,->256,-".parse::<Move>().is_err());
        assert!("3=0,->1,-junk".parse::<Move>().is_err());
        assert!("".parse::<Move>().is_ok_and(|m| m.changes.is_empty()));
    }
}
