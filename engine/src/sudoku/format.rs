//! The Sudoku text format (`docs/file-formats.md`): an optional header of `key: value` lines, then
//! the grid, `.` for an empty cell and one character per symbol, whitespace of every kind ignored.
//!
//! Where the written specification is silent, this follows the format's origin project: the header
//! is the longest run of lines that are blank or look like a header line (a key of letters, digits,
//! `-`, `_`, `/` or `.` followed by `:`), and each of those must then be a valid header; symbols the
//! header does not declare are inferred from the grid, in code-point order; the grid's length is
//! checked before its symbols.

use std::collections::{BTreeSet, HashMap};
use std::fmt;

mod documents;
pub use documents::{looks_like_no_grid, split_documents};

use thiserror::Error;

use super::line::read_line;
use super::puzzle::SudokuPuzzle;

/// A puzzle read from the text format, with the header lines it carried.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SudokuText {
    /// The puzzle.
    pub puzzle: SudokuPuzzle,
    /// Every header, key lower-cased, in file order (`symbols` included).
    pub headers: Vec<(String, String)>,
}

/// Why a text is not a Sudoku puzzle, and where.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{kind} (line {line}, column {column})")]
pub struct SudokuFormatError {
    /// Line of the problem, from 1.
    pub line: usize,
    /// Column of the problem, from 1, in characters.
    pub column: usize,
    /// What is wrong.
    pub kind: SudokuErrorKind,
}

/// The kinds of malformed Sudoku text, named as the format's specification names them.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SudokuErrorKind {
    /// A header line that breaks the `key: value` rules.
    #[error("{0}")]
    InvalidHeader(&'static str),
    /// The same key twice (keys ignore case).
    #[error("the header key '{0}' appears twice")]
    DuplicateHeader(String),
    /// A symbol declared twice in `symbols`.
    #[error("the symbol '{0}' is declared twice in the symbols header")]
    DuplicateDeclaredSymbols(char),
    /// Symbols given to the reader disagree with the header's.
    #[error("the symbols header says '{header}' but '{given}' were asked for")]
    AmbiguousSymbols {
        /// The header's symbols.
        header: String,
        /// The caller's.
        given: String,
    },
    /// An empty symbol list, or a symbol that is white space, `.` or `:`.
    #[error("{0}")]
    InvalidSymbols(String),
    /// As many symbols as the grid is wide, no more and no fewer.
    #[error("a {side}x{side} grid needs {side} symbols, but {found} {verb} {how}", verb = if *.found == 1 { "is" } else { "are" })]
    SymbolCountMismatch {
        /// The grid's side.
        side: usize,
        /// Symbols declared or found.
        found: usize,
        /// "declared" or "used in the grid".
        how: &'static str,
    },
    /// Fewer symbols used in a grid without a `symbols` header than it is wide: a sparse grid
    /// whose symbols the header must name.
    #[error("a {side}x{side} grid needs {side} symbols, but only {found} {verb} used in the grid: name them all in a header line, as in \"symbols: {example}\"", verb = if *.found == 1 { "is" } else { "are" })]
    TooFewSymbols {
        /// The grid's side.
        side: usize,
        /// Symbols found.
        found: usize,
        /// A header line's symbols that would do: those used, then the usual ones.
        example: String,
    },
    /// More symbols used in a grid without a `symbols` header than it is wide: the rarest, likely
    /// a typo (a lowercase letter among capitals), is pointed at.
    #[error("a {side}x{side} grid needs {side} symbols, but {found} are used in the grid; '{rarest}' is used {}", if *.uses == 1 { "only here".to_string() } else { format!("{} times, first here", .uses) })]
    TooManySymbols {
        /// The grid's side.
        side: usize,
        /// Symbols found.
        found: usize,
        /// The symbol used fewest times (the first of those in reading order).
        rarest: char,
        /// How many cells hold it.
        uses: usize,
    },
    /// A cell count that is not a square, an empty grid, or a character that is not a symbol.
    #[error("{0}")]
    MalformedGrid(String),
    /// A side that is not a square (5x5, 6x6): the boxes would not be square.
    #[error("a {0}x{0} grid has no square boxes: sides must be square numbers (4, 9, 16, 25, ...)")]
    UnsupportedGridShape(usize),
}

/// Reads the text format; `symbols`, when given, must agree with any `symbols` header.
pub fn read_sudoku(text: &str, symbols: Option<&[char]>) -> Result<SudokuText, SudokuFormatError> {
    let lines: Vec<&str> = text
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .collect();
    let header_end = lines
        .iter()
        .position(|l| !(is_blank(l) || looks_like_header(l)))
        .unwrap_or(lines.len());
    let headers = read_headers(&lines[..header_end])?;
    let grid_lines = &lines[header_end..];
    let first_grid_line = header_end + 1;
    // Each grid character with its line and column, white space dropped.
    let cells: Vec<(char, usize, usize)> = grid_lines
        .iter()
        .enumerate()
        .flat_map(|(i, l)| {
            l.chars()
                .enumerate()
                .filter(|(_, c)| !c.is_whitespace())
                .map(move |(col, c)| (c, first_grid_line + i, col + 1))
        })
        .collect();
    let at_grid = |kind| SudokuFormatError {
        line: first_grid_line.min(lines.len()),
        column: 1,
        kind,
    };
    let side = grid_side(cells.len()).map_err(at_grid)?;
    let declared_at = headers.iter().position(|(k, _)| k == "symbols");
    let declared = declared_at
        .map(|i| declared_symbols(&headers[i].1).map_err(|kind| header_error(&lines, i, kind)))
        .transpose()?;
    let (symbols, how) = match (symbols, declared) {
        (Some(given), Some(header)) if given != header.as_slice() => {
            return Err(at_grid(SudokuErrorKind::AmbiguousSymbols {
                header: header.iter().collect(),
                given: given.iter().collect(),
            }));
        }
        (Some(given), _) => {
            check_symbols(given).map_err(at_grid)?;
            (given.to_vec(), "given")
        }
        (None, Some(header)) => (header, "declared"),
        (None, None) => {
            // Inferred symbols follow the same rules as declared ones: white space is already
            // gone and '.' is an empty cell, so only ':' can break them.
            if let Some(&(_, line, column)) = cells.iter().find(|cell| cell.0 == ':') {
                return Err(SudokuFormatError {
                    line,
                    column,
                    kind: SudokuErrorKind::MalformedGrid(
                        "':' cannot be a cell: it belongs to header lines".to_string(),
                    ),
                });
            }
            (
                inferred_symbols(cells.iter().map(|c| c.0)),
                "used in the grid",
            )
        }
    };
    if symbols.len() > side && how == "used in the grid" {
        return Err(too_many_symbols(side, symbols.len(), &cells));
    }
    if symbols.len() < side && how == "used in the grid" {
        let mut example = symbols.clone();
        let usual = super::solo::SOLO_SYMBOLS.chars();
        for symbol in usual.filter(|c| !symbols.contains(c)) {
            if example.len() == side {
                break;
            }
            example.push(symbol);
        }
        example.sort_unstable();
        return Err(at_grid(SudokuErrorKind::TooFewSymbols {
            side,
            found: symbols.len(),
            example: example.into_iter().collect(),
        }));
    }
    if symbols.len() != side {
        let kind = SudokuErrorKind::SymbolCountMismatch {
            side,
            found: symbols.len(),
            how,
        };
        // Declared symbols are pointed at where they are declared.
        return Err(match declared_at.filter(|_| how == "declared") {
            Some(index) => header_error(&lines, index, kind),
            None => at_grid(kind),
        });
    }
    let value_of: HashMap<char, u16> = symbols
        .iter()
        .enumerate()
        .map(|(i, &s)| (s, i as u16 + 1))
        .collect();
    let mut values = Vec::with_capacity(cells.len());
    for &(c, line, column) in &cells {
        let value = if c == '.' {
            0
        } else {
            match value_of.get(&c) {
                Some(&v) => v,
                None => {
                    return Err(SudokuFormatError {
                        line,
                        column,
                        kind: SudokuErrorKind::MalformedGrid(format!(
                            "'{c}' is not one of the symbols {}",
                            symbols.iter().collect::<String>()
                        )),
                    });
                }
            }
        };
        values.push(value);
    }
    let puzzle = SudokuPuzzle::new(side, symbols, values)
        .unwrap_or_else(|| unreachable!("the side and values were checked above"));
    Ok(SudokuText { puzzle, headers })
}

/// Whether the text format can hold the puzzle: its boxes are square (4x4, 9x9, 16x16, ...); a
/// 6x6 or 12x12 grid would be read back with the wrong boxes, so the format refuses it.
pub fn text_format_holds(puzzle: &SudokuPuzzle) -> bool {
    let (tall, wide) = puzzle.box_shape();
    text_format_holds_boxes(tall, wide)
}

/// Whether the text format can hold grids with boxes `tall` cells high and `wide` wide: only
/// square ones, which it reads back from the side alone.
pub fn text_format_holds_boxes(tall: usize, wide: usize) -> bool {
    tall == wide
}

/// The puzzle in a form that reads back as itself: the text format where it holds the grid, else
/// Solo's game ID (6x6, 12x12 and other oblong boxes).
pub fn write_readable(puzzle: &SudokuPuzzle) -> String {
    if text_format_holds(puzzle) {
        return write_sudoku(puzzle);
    }
    super::solo::solo_id(puzzle).unwrap_or_else(|| write_sudoku(puzzle))
}

/// Writes the puzzle in the text format: a `symbols` header unless the grid alone implies them,
/// then one line of `side` characters per row. Reading it back gives the same puzzle.
///
/// The header is written too when a row starts with `#` (collections and pastes skip such lines
/// as comments, and a header marks the text as a whole grid) or the first row with `{` (which
/// would open as JSON).
pub fn write_sudoku(puzzle: &SudokuPuzzle) -> String {
    let mut out = String::new();
    let symbols = puzzle.symbols();
    let shown = puzzle
        .cells()
        .iter()
        .filter(|&&v| v > 0)
        .map(|&v| symbols[usize::from(v) - 1]);
    let written = |v: u16| {
        if v == 0 {
            '.'
        } else {
            symbols[usize::from(v) - 1]
        }
    };
    // Without the header, readers that take a text line by line would misread some grids: a
    // row with `#` as a comment or, after digits, as a Keen seed ID (`00##`); the first row of an
    // 81x81 grid as a one-line 9x9 puzzle; a text starting with `{` as JSON (a Rikudo puzzle or
    // a saved game).
    let first_row: String = puzzle
        .cells()
        .iter()
        .take(puzzle.side())
        .map(|&v| written(v))
        .collect();
    let rows_misread =
        symbols.contains(&'#') || first_row.starts_with('{') || read_line(&first_row).is_ok();
    if rows_misread || inferred_symbols(shown) != symbols {
        out.push_str("symbols: ");
        out.extend(symbols);
        out.push_str("\n\n");
    }
    for row in puzzle.cells().chunks(puzzle.side()) {
        out.extend(row.iter().map(|&v| written(v)));
        out.push('\n');
    }
    out
}

impl fmt::Display for SudokuPuzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&write_sudoku(self))
    }
}

fn is_blank(line: &str) -> bool {
    line.chars().all(char::is_whitespace)
}

/// A line the header claims: a run of key-like characters, then `:` (it must then be a valid header).
fn looks_like_header(line: &str) -> bool {
    match line.split_once(':') {
        Some((key, _)) => {
            !key.is_empty()
                && key
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "-_/.".contains(c))
        }
        None => false,
    }
}

fn read_headers(lines: &[&str]) -> Result<Vec<(String, String)>, SudokuFormatError> {
    let mut headers: Vec<(String, String)> = Vec::new();
    for (index, line) in lines.iter().enumerate() {
        if is_blank(line) {
            continue;
        }
        let error = |column: usize, kind| SudokuFormatError {
            line: index + 1,
            column,
            kind,
        };
        let Some((key, rest)) = line.split_once(':') else {
            unreachable!("header lines hold a ':'")
        };
        let Some(value) = rest.strip_prefix(' ') else {
            return Err(error(
                key.chars().count() + 1,
                SudokuErrorKind::InvalidHeader(
                    "a header key is followed by ': ' (a colon and a space)",
                ),
            ));
        };
        if key.starts_with('-') {
            return Err(error(
                1,
                SudokuErrorKind::InvalidHeader("a header key cannot start with '-'"),
            ));
        }
        if let Some(bad) = key
            .chars()
            .position(|c| !(c.is_ascii_alphanumeric() || c == '-'))
        {
            return Err(error(
                bad + 1,
                SudokuErrorKind::InvalidHeader("a header key holds only letters, digits and '-'"),
            ));
        }
        if value.is_empty() {
            return Err(error(
                key.chars().count() + 3,
                SudokuErrorKind::InvalidHeader("a header's value cannot be empty"),
            ));
        }
        let key = key.to_ascii_lowercase();
        if headers.iter().any(|(k, _)| *k == key) {
            return Err(error(1, SudokuErrorKind::DuplicateHeader(key)));
        }
        headers.push((key, value.to_string()));
    }
    Ok(headers)
}

/// The error for the `symbols` header (the `index`-th non-blank header line), at its value.
fn header_error(lines: &[&str], index: usize, kind: SudokuErrorKind) -> SudokuFormatError {
    let line = lines
        .iter()
        .enumerate()
        .filter(|(_, l)| !is_blank(l))
        .nth(index)
        .map_or(1, |(i, _)| i + 1);
    SudokuFormatError {
        line,
        column: "symbols: ".len() + 1,
        kind,
    }
}

fn declared_symbols(value: &str) -> Result<Vec<char>, SudokuErrorKind> {
    let symbols: Vec<char> = value.chars().collect();
    check_symbols(&symbols)?;
    let mut seen = BTreeSet::new();
    if let Some(&twice) = symbols.iter().find(|&&c| !seen.insert(c)) {
        return Err(SudokuErrorKind::DuplicateDeclaredSymbols(twice));
    }
    Ok(symbols)
}

fn check_symbols(symbols: &[char]) -> Result<(), SudokuErrorKind> {
    if symbols.is_empty() {
        return Err(SudokuErrorKind::InvalidSymbols(
            "the symbol list is empty".to_string(),
        ));
    }
    match symbols
        .iter()
        .find(|&&c| c.is_whitespace() || c == '.' || c == ':')
    {
        Some(c) if c.is_whitespace() => Err(SudokuErrorKind::InvalidSymbols(
            "a symbol cannot be white space".to_string(),
        )),
        Some(c) => Err(SudokuErrorKind::InvalidSymbols(format!(
            "'{c}' cannot be a symbol: '.' marks an empty cell and ':' belongs to headers"
        ))),
        None => Ok(()),
    }
}

/// The distinct symbols a grid uses, in code-point order.
/// The error for a grid using more symbols than it is wide, at the first cell of the symbol used
/// fewest times.
fn too_many_symbols(
    side: usize,
    found: usize,
    cells: &[(char, usize, usize)],
) -> SudokuFormatError {
    let mut uses: Vec<(char, usize, usize, usize)> = Vec::new();
    for &(symbol, line, column) in cells.iter().filter(|cell| cell.0 != '.') {
        match uses.iter_mut().find(|u| u.0 == symbol) {
            Some(seen) => seen.1 += 1,
            None => uses.push((symbol, 1, line, column)),
        }
    }
    // `min_by_key` keeps the first of equals: the earliest in reading order.
    let (rarest, count, line, column) = uses
        .into_iter()
        .min_by_key(|u| u.1)
        .unwrap_or(('.', 0, 1, 1));
    SudokuFormatError {
        line,
        column,
        kind: SudokuErrorKind::TooManySymbols {
            side,
            found,
            rarest,
            uses: count,
        },
    }
}

fn inferred_symbols(cells: impl Iterator<Item = char>) -> Vec<char> {
    let set: BTreeSet<char> = cells.filter(|&c| c != '.').collect();
    set.into_iter().collect()
}

/// The side of a grid of `cells` characters: a square of a square.
fn grid_side(cells: usize) -> Result<usize, SudokuErrorKind> {
    if cells == 0 {
        return Err(SudokuErrorKind::MalformedGrid(
            "there is no grid: no cells after the header".to_string(),
        ));
    }
    let side = cells.isqrt();
    if side * side != cells {
        return Err(SudokuErrorKind::MalformedGrid(format!(
            "the grid has {cells} cells, which is not a square number (81 for 9x9, 16 for 4x4)"
        )));
    }
    let box_side = side.isqrt();
    if box_side * box_side != side {
        return Err(SudokuErrorKind::UnsupportedGridShape(side));
    }
    Ok(side)
}

#[cfg(test)]
mod tests;
