//! What can be wrong with a Rikudo text, and where: the JSON path of the value at fault, and the
//! line and column (of malformed JSON, or of that value).

use serde_json::Value;
use thiserror::Error;

use super::MAX_CELLS;

/// Why a text is not a Rikudo puzzle: where (a JSON path, and a line and column) and what.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{}{kind}", if path.is_empty() { String::new() } else { format!("{path}: ") })]
pub struct RikudoFormatError {
    /// The JSON path of the value at fault (`vertices["3,5"].value`); empty for the whole text.
    pub path: String,
    /// Line and column (from 1, in characters) of malformed JSON, or of the value at `path`.
    pub line_column: Option<(usize, usize)>,
    /// What is wrong.
    pub kind: RikudoErrorKind,
}

/// What is wrong with a Rikudo text.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RikudoErrorKind {
    /// Not JSON.
    #[error("this is not valid JSON ({0})")]
    Syntax(String),
    /// A key the format needs is not there.
    #[error("the key \"{0}\" is missing")]
    Missing(&'static str),
    /// A value of the wrong kind.
    #[error("this should be {0}")]
    WrongType(&'static str),
    /// A vertex id that is not `"row,col"` with two integers.
    #[error("\"{0}\" is not a cell: vertex ids are \"row,col\" with two integers")]
    BadVertexId(String),
    /// The same position written twice (`"01,2"` and `"1,2"`).
    #[error("this is the same cell as \"{0}\"")]
    RepeatedVertex(String),
    /// No cells at all: there is nothing to number.
    #[error("there are no cells: a puzzle needs at least one to number")]
    NoCells,
    /// More cells than any board needs (the solver's tables grow with the square of it).
    #[error("{0} cells is more than Gridsmith reads (at most {MAX_CELLS})")]
    TooLarge(usize),
    /// `max_value` is not the number of cells.
    #[error("max_value is {max_value}, but there are {cells} cells: every cell holds one number")]
    MaxValueMismatch {
        /// What the file says.
        max_value: u64,
        /// How many vertices it lists.
        cells: usize,
    },
    /// A given number outside 1..=max.
    #[error("{value} is not a number from 1 to {max}")]
    ValueOutOfRange {
        /// The number.
        value: String,
        /// The largest allowed.
        max: usize,
    },
    /// A number with a fraction or an exponent (2.5, 1e30), which no cell holds.
    #[error("this should be a whole number from 1 to {0}")]
    NotWhole(usize),
    /// A given number used twice.
    #[error("{value} is given twice (also in \"{other}\")")]
    RepeatedValue {
        /// The number.
        value: u32,
        /// The other cell.
        other: String,
    },
    /// A name that is not one of the vertices.
    #[error("\"{0}\" is not one of the vertices")]
    UnknownVertex(String),
    /// A vertex without an adjacency list.
    #[error("the vertex \"{0}\" has no adjacency list")]
    NoAdjacency(String),
    /// A cell listed as its own neighbour.
    #[error("a cell cannot be its own neighbour")]
    SelfNeighbour,
    /// A neighbour listed once in each direction is required.
    #[error("\"{0}\" is listed as a neighbour, but it does not list this cell back")]
    NotSymmetric(String),
    /// A neighbour listed twice.
    #[error("\"{0}\" is listed twice")]
    RepeatedNeighbour(String),
    /// A dot whose two cells are not neighbours.
    #[error("a dot joins \"{0}\" and \"{1}\", which are not neighbours")]
    DotNotAdjacent(String, String),
    /// A dot from a cell to itself.
    #[error("a dot joins a cell to itself")]
    DotSameCell,
}

pub(super) fn error(path: impl Into<String>, kind: RikudoErrorKind) -> RikudoFormatError {
    RikudoFormatError {
        path: path.into(),
        line_column: None,
        kind,
    }
}

/// The JSON path of a key in an object: `vertices["3,5"]`.
pub(super) fn keyed(object: &str, key: &str) -> String {
    format!("{object}[{}]", Value::String(key.to_string()))
}

/// A JSON reader's column (bytes from the line's start, from 1) in characters, from 1.
pub(super) fn char_column(text: &str, line: usize, byte_column: usize) -> usize {
    let this = text.split('\n').nth(line.saturating_sub(1)).unwrap_or("");
    let mut bytes = byte_column.saturating_sub(1).min(this.len());
    while !this.is_char_boundary(bytes) {
        bytes -= 1;
    }
    this[..bytes].chars().count() + 1
}
