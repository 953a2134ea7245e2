//! The one-line form every Sudoku collection uses: 81 characters in reading order, a digit for a
//! given, `.` or `0` for an empty cell, and anything after the first white space a comment.

use thiserror::Error;

use super::puzzle::SudokuPuzzle;

/// Why a line is not a 9x9 puzzle, and where.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{kind} (at character {})", .position + 1)]
pub struct LineError {
    /// Character offset of the problem, from 0.
    pub position: usize,
    /// What is wrong.
    pub kind: LineErrorKind,
}

/// The kinds of malformed puzzle line.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LineErrorKind {
    /// A character that is neither a digit nor `.`.
    #[error("{0} is not a cell: use 1 to 9 for a given and . or 0 for an empty cell")]
    BadCharacter(String),
    /// Not 81 cells before the comment.
    #[error("a puzzle line has 81 cells, this one has {0}")]
    WrongLength(usize),
}

/// Reads one puzzle line (leading white space skipped, a comment after the cells allowed).
pub fn read_line(text: &str) -> Result<SudokuPuzzle, LineError> {
    let lead = text.chars().count() - text.trim_start().chars().count();
    let cells_text = text
        .trim_start()
        .split(char::is_whitespace)
        .next()
        .unwrap_or("");
    let mut cells = Vec::with_capacity(81);
    for (i, c) in cells_text.chars().enumerate() {
        let value = match c {
            '.' | '0' => 0,
            '1'..='9' => c as u16 - '0' as u16,
            other => {
                return Err(LineError {
                    position: lead + i,
                    kind: LineErrorKind::BadCharacter(format!("'{other}'")),
                });
            }
        };
        cells.push(value);
    }
    if cells.len() != 81 {
        return Err(LineError {
            position: lead + cells.len().min(81),
            kind: LineErrorKind::WrongLength(cells.len()),
        });
    }
    let symbols: Vec<char> = ('1'..='9').collect();
    SudokuPuzzle::new(9, symbols, cells).ok_or(LineError {
        position: lead,
        kind: LineErrorKind::WrongLength(81),
    })
}

/// The puzzle as one line, `.` for empty cells; `None` unless it is 9x9.
pub fn write_line(puzzle: &SudokuPuzzle) -> Option<String> {
    (puzzle.side() == 9 && puzzle.box_shape() == (3, 3)).then(|| {
        puzzle
            .cells()
            .iter()
            .map(|&v| {
                if v == 0 {
                    '.'
                } else {
                    char::from(b'0' + v as u8)
                }
            })
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINE: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn reads_and_writes_a_line_with_zeros_and_a_comment() {
        let puzzle = read_line(LINE).expect("valid");
        assert_eq!(puzzle.given_count(), 17);
        assert_eq!(write_line(&puzzle).as_deref(), Some(LINE));
        let zeros = format!("  {} top1465 #1", LINE.replace('.', "0"));
        assert_eq!(read_line(&zeros), Ok(puzzle));
    }

    #[test]
    fn bad_lines_say_where() {
        let short = read_line(&LINE[..80]).expect_err("short");
        assert_eq!(short.kind, LineErrorKind::WrongLength(80));
        let bad = read_line(&LINE.replacen('8', "x", 1)).expect_err("x");
        assert_eq!(bad.position, 6);
        assert!(matches!(
            read_line(""),
            Err(LineError {
                kind: LineErrorKind::WrongLength(0),
                ..
            })
        ));
    }
}
