//! Rikudo JSON, both ways (`../shared/specs/rikudo-json-format.md`): `id`, `max_value`,
//! `vertices` (`"row,col"` keys, `value` a number or null), `adjacency`, `constraints.dots` and
//! `layout`. Reading parses the JSON with serde, then checks every rule and names the JSON path of
//! the first one broken. The stored adjacency is the board's topology; where it differs from
//! EVEN-R neighbours of the positions, reading says so in a warning and follows the file.

use std::collections::BTreeMap;

use serde_json::{Map, Value};

mod error;
mod locate;

pub use self::error::{RikudoErrorKind, RikudoFormatError};
use self::error::{char_column, error, keyed};
use super::even_r::even_r_neighbours;
use super::puzzle::{Layout, RikudoPuzzle};

/// A read puzzle with what reading noticed but accepted.
#[derive(Clone, Debug, PartialEq)]
pub struct RikudoText {
    /// The puzzle.
    pub puzzle: RikudoPuzzle,
    /// Sentences about things that are allowed but worth knowing (adjacency that is not EVEN-R).
    pub warnings: Vec<String>,
}

/// The most cells a board may have: far beyond any printed Rikudo (126), small enough that the
/// solver's tables stay a few megabytes.
pub const MAX_CELLS: usize = 4096;

/// Reads a Rikudo puzzle. An error names the JSON path of the value at fault and, where the text
/// writes that value, its line and column.
pub fn read_rikudo(text: &str) -> Result<RikudoText, RikudoFormatError> {
    read_rikudo_value(text).map_err(|mut error| {
        if error.line_column.is_none() {
            error.line_column = locate::locate(text, &error.path);
        }
        error
    })
}

fn read_rikudo_value(text: &str) -> Result<RikudoText, RikudoFormatError> {
    let root: Value = serde_json::from_str(text).map_err(|e| {
        // The JSON reader counts bytes; people (and the caret under an echoed line) count
        // characters.
        let (line, column) = (e.line(), char_column(text, e.line(), e.column()));
        let said = e.to_string();
        let what = said
            .strip_suffix(&format!(" at line {line} column {}", e.column()))
            .unwrap_or(&said);
        RikudoFormatError {
            path: String::new(),
            line_column: Some((line, column)),
            kind: RikudoErrorKind::Syntax(format!("{what} at line {line}, column {column}")),
        }
    })?;
    let Value::Object(root) = root else {
        return Err(error("", RikudoErrorKind::WrongType("a JSON object")));
    };
    let object = |key: &'static str| -> Result<&Map<String, Value>, RikudoFormatError> {
        match root.get(key) {
            None => Err(error("", RikudoErrorKind::Missing(key))),
            Some(Value::Object(map)) => Ok(map),
            Some(_) => Err(error(key, RikudoErrorKind::WrongType("an object"))),
        }
    };
    let vertices = object("vertices")?;
    let adjacency = object("adjacency")?;
    if vertices.len() > MAX_CELLS {
        return Err(error("vertices", RikudoErrorKind::TooLarge(vertices.len())));
    }
    if vertices.is_empty() {
        return Err(error("vertices", RikudoErrorKind::NoCells));
    }

    // Cells in reading order of their positions.
    let mut by_position: BTreeMap<(i64, i64), &str> = BTreeMap::new();
    for key in vertices.keys() {
        let position = parse_vertex_id(key).ok_or_else(|| {
            error(
                keyed("vertices", key),
                RikudoErrorKind::BadVertexId(key.clone()),
            )
        })?;
        if let Some(other) = by_position.insert(position, key) {
            return Err(error(
                keyed("vertices", key),
                RikudoErrorKind::RepeatedVertex(other.to_string()),
            ));
        }
    }
    let positions: Vec<(i64, i64)> = by_position.keys().copied().collect();
    let keys: Vec<&str> = by_position.values().copied().collect();
    let cell_of: BTreeMap<&str, usize> = keys.iter().enumerate().map(|(i, &k)| (k, i)).collect();
    let count = positions.len();

    let max_value = match root.get("max_value") {
        None => return Err(error("", RikudoErrorKind::Missing("max_value"))),
        Some(value) => value
            .as_u64()
            .ok_or_else(|| error("max_value", RikudoErrorKind::WrongType("a whole number")))?,
    };
    if max_value != count as u64 {
        return Err(error(
            "max_value",
            RikudoErrorKind::MaxValueMismatch {
                max_value,
                cells: count,
            },
        ));
    }

    let givens = read_givens(vertices, &keys)?;
    let neighbours = read_adjacency(adjacency, &keys, &cell_of)?;
    let dots = read_dots(root.get("constraints"), &cell_of, &neighbours)?;
    let layout = match root.get("layout") {
        None | Some(Value::Null) => None,
        Some(value) => Some(read_layout(value)?),
    };
    let puzzle = RikudoPuzzle {
        id: root.get("id").cloned(),
        positions,
        givens,
        neighbours,
        dots,
        layout,
    };
    let warnings = even_r_differences(&puzzle).into_iter().collect();
    Ok(RikudoText { puzzle, warnings })
}

/// `"row,col"` with two integers (spaces around them allowed).
fn parse_vertex_id(key: &str) -> Option<(i64, i64)> {
    let (row, column) = key.split_once(',')?;
    Some((row.trim().parse().ok()?, column.trim().parse().ok()?))
}

fn read_givens(
    vertices: &Map<String, Value>,
    keys: &[&str],
) -> Result<Vec<Option<u32>>, RikudoFormatError> {
    let max = keys.len();
    let mut seen: BTreeMap<u32, &str> = BTreeMap::new();
    let mut givens = Vec::with_capacity(max);
    for &key in keys {
        let path = keyed("vertices", key);
        let Some(Value::Object(vertex)) = vertices.get(key) else {
            return Err(error(path, RikudoErrorKind::WrongType("an object")));
        };
        let value = match vertex.get("value") {
            None | Some(Value::Null) => None,
            Some(number) => {
                let path = format!("{path}.value");
                let Some(n) = number.as_u64() else {
                    let kind = if let Some(negative) = number.as_i64() {
                        RikudoErrorKind::ValueOutOfRange {
                            value: negative.to_string(),
                            max,
                        }
                    } else if number.is_number() {
                        // A fraction or a huge number: the reader's own rendering of it ("1e+30"
                        // for a typed 1e30) would not be what the file says.
                        RikudoErrorKind::NotWhole(max)
                    } else {
                        RikudoErrorKind::WrongType("a number or null")
                    };
                    return Err(error(path, kind));
                };
                let n = u32::try_from(n)
                    .ok()
                    .filter(|&n| n >= 1 && n as usize <= max)
                    .ok_or_else(|| {
                        error(
                            &path,
                            RikudoErrorKind::ValueOutOfRange {
                                value: n.to_string(),
                                max,
                            },
                        )
                    })?;
                if let Some(other) = seen.insert(n, key) {
                    return Err(error(
                        path,
                        RikudoErrorKind::RepeatedValue {
                            value: n,
                            other: other.to_string(),
                        },
                    ));
                }
                Some(n)
            }
        };
        givens.push(value);
    }
    Ok(givens)
}

fn read_adjacency(
    adjacency: &Map<String, Value>,
    keys: &[&str],
    cell_of: &BTreeMap<&str, usize>,
) -> Result<Vec<Vec<usize>>, RikudoFormatError> {
    for key in adjacency.keys() {
        if !cell_of.contains_key(key.as_str()) {
            return Err(error(
                keyed("adjacency", key),
                RikudoErrorKind::UnknownVertex(key.clone()),
            ));
        }
    }
    let mut neighbours = vec![Vec::new(); keys.len()];
    for (cell, &key) in keys.iter().enumerate() {
        let path = keyed("adjacency", key);
        let list = match adjacency.get(key) {
            None => {
                return Err(error(
                    "adjacency",
                    RikudoErrorKind::NoAdjacency(key.to_string()),
                ));
            }
            Some(Value::Array(list)) => list,
            Some(_) => {
                return Err(error(
                    path,
                    RikudoErrorKind::WrongType("a list of vertex ids"),
                ));
            }
        };
        for (index, entry) in list.iter().enumerate() {
            let at = format!("{path}[{index}]");
            let Some(name) = entry.as_str() else {
                return Err(error(at, RikudoErrorKind::WrongType("a vertex id")));
            };
            let &other = cell_of
                .get(name)
                .ok_or_else(|| error(&at, RikudoErrorKind::UnknownVertex(name.to_string())))?;
            if other == cell {
                return Err(error(at, RikudoErrorKind::SelfNeighbour));
            }
            if neighbours[cell].contains(&other) {
                return Err(error(
                    at,
                    RikudoErrorKind::RepeatedNeighbour(name.to_string()),
                ));
            }
            neighbours[cell].push(other);
        }
    }
    for (cell, list) in neighbours.iter().enumerate() {
        if let Some(&other) = list.iter().find(|&&o| !neighbours[o].contains(&cell)) {
            return Err(error(
                keyed("adjacency", keys[cell]),
                RikudoErrorKind::NotSymmetric(keys[other].to_string()),
            ));
        }
    }
    for list in &mut neighbours {
        list.sort_unstable();
    }
    Ok(neighbours)
}

fn read_dots(
    constraints: Option<&Value>,
    cell_of: &BTreeMap<&str, usize>,
    neighbours: &[Vec<usize>],
) -> Result<Vec<(usize, usize)>, RikudoFormatError> {
    let dots = match constraints {
        None | Some(Value::Null) => return Ok(Vec::new()),
        Some(Value::Object(map)) => match map.get("dots") {
            None | Some(Value::Null) => return Ok(Vec::new()),
            Some(Value::Array(dots)) => dots,
            Some(_) => {
                return Err(error(
                    "constraints.dots",
                    RikudoErrorKind::WrongType("a list of pairs of vertex ids"),
                ));
            }
        },
        Some(_) => {
            return Err(error(
                "constraints",
                RikudoErrorKind::WrongType("an object"),
            ));
        }
    };
    let mut out = Vec::with_capacity(dots.len());
    for (index, dot) in dots.iter().enumerate() {
        let path = format!("constraints.dots[{index}]");
        let pair = match dot {
            Value::Array(pair) if pair.len() == 2 => pair,
            _ => {
                return Err(error(
                    path,
                    RikudoErrorKind::WrongType("a pair of vertex ids"),
                ));
            }
        };
        let mut cells = [0usize; 2];
        for (end, name) in pair.iter().enumerate() {
            let at = format!("{path}[{end}]");
            let name = name
                .as_str()
                .ok_or_else(|| error(&at, RikudoErrorKind::WrongType("a vertex id")))?;
            cells[end] = *cell_of
                .get(name)
                .ok_or_else(|| error(&at, RikudoErrorKind::UnknownVertex(name.to_string())))?;
        }
        let [a, b] = cells;
        if a == b {
            return Err(error(path, RikudoErrorKind::DotSameCell));
        }
        if !neighbours[a].contains(&b) {
            let name = |v: &Value| v.as_str().unwrap_or_default().to_string();
            return Err(error(
                path,
                RikudoErrorKind::DotNotAdjacent(name(&pair[0]), name(&pair[1])),
            ));
        }
        out.push((a, b));
    }
    Ok(out)
}

/// `[row, col]` with two integers.
fn read_pair(value: &Value, path: &str) -> Result<[i64; 2], RikudoFormatError> {
    match value {
        Value::Array(pair) if pair.len() == 2 => match (pair[0].as_i64(), pair[1].as_i64()) {
            (Some(row), Some(column)) => Ok([row, column]),
            _ => Err(error(
                path,
                RikudoErrorKind::WrongType("[row, col] with two integers"),
            )),
        },
        _ => Err(error(
            path,
            RikudoErrorKind::WrongType("[row, col] with two integers"),
        )),
    }
}

fn read_layout(value: &Value) -> Result<Layout, RikudoFormatError> {
    let Value::Object(map) = value else {
        return Err(error("layout", RikudoErrorKind::WrongType("an object")));
    };
    let mut layout = Layout::default();
    for (key, value) in map {
        let path = format!("layout.{key}");
        match key.as_str() {
            "rows" | "cols" => {
                let n = value
                    .as_u64()
                    .ok_or_else(|| error(&path, RikudoErrorKind::WrongType("a whole number")))?;
                if key == "rows" {
                    layout.rows = Some(n);
                } else {
                    layout.cols = Some(n);
                }
            }
            "coordinates" => {
                let Value::Object(coordinates) = value else {
                    return Err(error(path, RikudoErrorKind::WrongType("an object")));
                };
                for (id, pair) in coordinates {
                    let at = keyed(&path, id);
                    layout.coordinates.push((id.clone(), read_pair(pair, &at)?));
                }
            }
            "center_rc" => {
                layout.center_rc = match value {
                    Value::Null => None,
                    pair => Some(read_pair(pair, &path)?),
                }
            }
            "non_playable_cells" => {
                let Value::Array(cells) = value else {
                    return Err(error(
                        path,
                        RikudoErrorKind::WrongType("a list of vertex ids"),
                    ));
                };
                for (index, cell) in cells.iter().enumerate() {
                    let id = cell.as_str().ok_or_else(|| {
                        error(
                            format!("{path}[{index}]"),
                            RikudoErrorKind::WrongType("a vertex id"),
                        )
                    })?;
                    layout.non_playable_cells.push(id.to_string());
                }
            }
            _ => {
                layout.other.insert(key.clone(), value.clone());
            }
        }
    }
    Ok(layout)
}

/// A sentence when the stored adjacency differs from EVEN-R neighbours of the positions.
fn even_r_differences(puzzle: &RikudoPuzzle) -> Option<String> {
    let mut differ = 0;
    let mut first = None;
    for cell in 0..puzzle.cell_count() {
        let (row, column) = puzzle.positions[cell];
        let mut expected: Vec<usize> = even_r_neighbours(row, column)
            .into_iter()
            .filter_map(|(r, c)| puzzle.cell_at(r, c))
            .collect();
        expected.sort_unstable();
        if expected != puzzle.neighbours[cell] {
            differ += 1;
            first.get_or_insert(cell);
        }
    }
    first.map(|cell| {
        format!(
            "the stored adjacency of {differ} cells (the first \"{}\") differs from EVEN-R \
             neighbours of their positions (a board drawn with another convention); the stored \
             adjacency is followed",
            puzzle.vertex_id(cell)
        )
    })
}

/// Writes a puzzle as Rikudo JSON: keys in the format's order, vertices in reading order, the
/// layout as it was read.
pub fn write_rikudo(puzzle: &RikudoPuzzle) -> String {
    let string = |s: &str| Value::String(s.to_string()).to_string();
    let ids: Vec<String> = (0..puzzle.cell_count())
        .map(|c| string(&puzzle.vertex_id(c)))
        .collect();
    let mut out = String::from("{\n");
    if let Some(id) = &puzzle.id {
        out.push_str(&format!("  \"id\": {id},\n"));
    }
    out.push_str(&format!("  \"max_value\": {},\n", puzzle.cell_count()));
    let vertices: Vec<String> = puzzle
        .givens
        .iter()
        .zip(&ids)
        .map(|(given, id)| {
            let value = given.map_or("null".to_string(), |v| v.to_string());
            format!("    {id}: {{\"value\": {value}}}")
        })
        .collect();
    out.push_str(&format!(
        "  \"vertices\": {{\n{}\n  }},\n",
        vertices.join(",\n")
    ));
    let adjacency: Vec<String> = puzzle
        .neighbours
        .iter()
        .zip(&ids)
        .map(|(list, id)| {
            let names: Vec<&str> = list.iter().map(|&n| ids[n].as_str()).collect();
            format!("    {id}: [{}]", names.join(", "))
        })
        .collect();
    out.push_str(&format!(
        "  \"adjacency\": {{\n{}\n  }},\n",
        adjacency.join(",\n")
    ));
    let dots: Vec<String> = puzzle
        .dots
        .iter()
        .map(|&(a, b)| format!("[{}, {}]", ids[a], ids[b]))
        .collect();
    out.push_str(&format!(
        "  \"constraints\": {{\"dots\": [{}]}}",
        dots.join(", ")
    ));
    if let Some(layout) = &puzzle.layout {
        out.push_str(&format!(",\n  \"layout\": {}", write_layout(layout)));
    }
    out.push_str("\n}\n");
    out
}

fn write_layout(layout: &Layout) -> String {
    let mut parts = Vec::new();
    if let Some(rows) = layout.rows {
        parts.push(format!("\"rows\": {rows}"));
    }
    if let Some(cols) = layout.cols {
        parts.push(format!("\"cols\": {cols}"));
    }
    let coordinates: Vec<String> = layout
        .coordinates
        .iter()
        .map(|(id, [r, c])| format!("{}: [{r}, {c}]", Value::String(id.clone())))
        .collect();
    parts.push(format!("\"coordinates\": {{{}}}", coordinates.join(", ")));
    if let Some([r, c]) = layout.center_rc {
        parts.push(format!("\"center_rc\": [{r}, {c}]"));
    }
    if !layout.non_playable_cells.is_empty() {
        let cells: Vec<String> = layout
            .non_playable_cells
            .iter()
            .map(|id| Value::String(id.clone()).to_string())
            .collect();
        parts.push(format!("\"non_playable_cells\": [{}]", cells.join(", ")));
    }
    for (key, value) in &layout.other {
        parts.push(format!("{}: {value}", Value::String(key.clone())));
    }
    format!("{{\n    {}\n  }}", parts.join(",\n    "))
}

#[cfg(test)]
mod tests;
