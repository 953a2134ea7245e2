//! Save files of Simon Tatham's Portable Puzzle Collection, so a game saved in upstream Keen or
//! Solo opens here where it was left.
//!
//! Each record is an 8-character key padded with spaces, `:`, the value's length in bytes, `:`,
//! the value, and a line break. The puzzle is `CPARAMS:DESC` (the game ID upstream shows); the
//! moves (`MOVE`, `SOLVE`, `RESTART`) rebuild every state after the first, and `STATEPOS` says
//! which state is on the board (the ones after it are Redo's).

use std::time::Duration;

use thiserror::Error;

use super::{Marks, PlayRules, PlayState};

/// What the first record of every upstream save file holds.
const MAGIC: &str = "Simon Tatham's Portable Puzzle Collection";

/// An upstream save file, read.
#[derive(Clone, Debug, PartialEq)]
pub struct UpstreamSave {
    /// The puzzle's name in upstream (`Keen`, `Solo`).
    pub game: String,
    /// The game ID: the parameters, `:`, the description.
    pub game_id: String,
    /// The random seed the puzzle came from, when the file has one (`4dn#12345`).
    pub seed: Option<String>,
    /// Playing time.
    pub elapsed: Duration,
    /// Every move after the first state, oldest first.
    pub moves: Vec<UpstreamMove>,
    /// How many of `moves` are on the board (the rest can be redone).
    pub made: usize,
}

/// One move of an upstream save, as its game wrote it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UpstreamMove {
    /// A player's move (`R2,3,4`: 4 in column 2, row 3; `P2,3,4`: toggle the mark 4; `M`: every
    /// mark in every empty cell).
    Move(String),
    /// Solve: the whole solution.
    Solve(String),
    /// Restart: back to the puzzle's first state.
    Restart,
}

/// Why a text is not an upstream save this program can read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{message}")]
pub struct UpstreamSaveError {
    /// Character offset from the start of the text.
    pub position: usize,
    /// What is wrong, in a sentence without its full stop.
    pub message: String,
}

/// Whether `text` starts as an upstream save file.
pub fn is_upstream_save(text: &str) -> bool {
    text.trim_start()
        .strip_prefix("SAVEFILE:")
        .is_some_and(|rest| rest.contains(MAGIC))
}

/// Reads an upstream save file.
pub fn read_upstream_save(text: &str) -> Result<UpstreamSave, UpstreamSaveError> {
    let bytes = text.as_bytes();
    let at = |byte: usize| UpstreamSaveError {
        position: text.get(..byte).map_or(0, |t| t.chars().count()),
        message: String::new(),
    };
    let fail = |byte: usize, message: String| UpstreamSaveError {
        message,
        ..at(byte)
    };
    let mut records: Vec<(String, String, usize)> = Vec::new();
    let mut next = 0;
    loop {
        // Upstream skips line breaks between records; a pasted text may also be indented.
        while next < bytes.len() && bytes[next].is_ascii_whitespace() {
            next += 1;
        }
        if next >= bytes.len() {
            break;
        }
        let start = next;
        if bytes.len() < start + 9 {
            return Err(fail(
                start,
                "the file stops in the middle of a record (it is cut short)".to_string(),
            ));
        }
        let key = bytes
            .get(start..start + 8)
            .filter(|_| bytes.get(start + 8) == Some(&b':'))
            .ok_or_else(|| {
                fail(
                    start,
                    "a record here should start with an 8-character name and ':'".to_string(),
                )
            })?;
        let key = String::from_utf8_lossy(key).trim_end().to_string();
        let digits_start = start + 9;
        let digits_end = bytes[digits_start..]
            .iter()
            .position(|b| !b.is_ascii_digit())
            .map_or(bytes.len(), |p| digits_start + p);
        let length: usize = text
            .get(digits_start..digits_end)
            .and_then(|d| d.parse().ok())
            .filter(|_| bytes.get(digits_end) == Some(&b':'))
            .ok_or_else(|| {
                fail(
                    digits_start,
                    format!("the record {key} should give its length in bytes, then ':'"),
                )
            })?;
        let value_start = digits_end + 1;
        let value = text
            .get(value_start..value_start.saturating_add(length))
            .ok_or_else(|| {
                fail(
                    value_start,
                    format!(
                        "the record {key} stops before its {length} bytes (the file is cut short)"
                    ),
                )
            })?;
        if records.is_empty() && (key != "SAVEFILE" || value != MAGIC) {
            return Err(fail(
                start,
                "this is not a save file of Simon Tatham's puzzles".to_string(),
            ));
        }
        records.push((key, value.to_string(), start));
        next = value_start + length;
    }
    let find = |name: &str| records.iter().find(|(key, _, _)| key == name);
    let required = |name: &str| {
        find(name).ok_or_else(|| {
            fail(
                text.len(),
                format!("the save file has no {name} record: it may be cut short"),
            )
        })
    };
    let number = |name: &str| -> Result<usize, UpstreamSaveError> {
        let (_, value, start) = required(name)?;
        value.parse().map_err(|_| {
            fail(
                *start,
                format!("{name} should be a whole number, not {value:?}"),
            )
        })
    };
    let game = required("GAME")?.1.clone();
    // The parameters of the game on the board (PARAMS are the ones a New game would use).
    let params = match find("CPARAMS") {
        Some((_, value, _)) => value.clone(),
        None => required("PARAMS")?.1.clone(),
    };
    let desc = required("DESC")?.1.clone();
    let states = number("NSTATES")?;
    let position = number("STATEPOS")?;
    let moves: Vec<UpstreamMove> = records
        .iter()
        .filter_map(|(key, value, _)| match key.as_str() {
            "MOVE" => Some(UpstreamMove::Move(value.clone())),
            "SOLVE" => Some(UpstreamMove::Solve(value.clone())),
            "RESTART" => Some(UpstreamMove::Restart),
            _ => None,
        })
        .collect();
    if states == 0 || moves.len() + 1 != states || position == 0 || position > states {
        return Err(fail(
            required("NSTATES")?.2,
            format!(
                "the save file says it holds {states} states at position {position} but has {} \
                 moves after the first: it may be damaged",
                moves.len()
            ),
        ));
    }
    let elapsed = find("TIME")
        .and_then(|(_, value, _)| value.parse::<f64>().ok())
        .and_then(|seconds| Duration::try_from_secs_f64(seconds.max(0.0)).ok())
        .unwrap_or_default();
    Ok(UpstreamSave {
        game,
        // Upstream's own game ID carries the short parameters; its readers take the long ones.
        game_id: format!("{params}:{desc}"),
        seed: find("SEED").map(|(_, seed, _)| format!("{params}#{seed}")),
        elapsed,
        moves,
        made: position - 1,
    })
}

impl UpstreamSave {
    /// The game on a board for `rules` (a square of side `side`): every move replayed, then the
    /// ones past the saved position undone so that Redo makes them. `values` reads a Solve move's
    /// solution in this game's way. `None` when a move does not fit the puzzle.
    pub fn replay(
        &self,
        rules: &(impl PlayRules + ?Sized),
        side: usize,
        values: impl Fn(&str) -> Option<Vec<u8>>,
    ) -> Option<PlayState> {
        let mut state = PlayState::for_puzzle(rules);
        let cells = side * side;
        if rules.cell_count() != cells {
            return None;
        }
        // Whether each upstream move made one of ours: one that changes nothing (a digit typed
        // again) makes none here, so Undo must not count it.
        let mut changed = Vec::with_capacity(self.moves.len());
        for made in &self.moves {
            changed.push(match made {
                UpstreamMove::Restart => state.restart(),
                UpstreamMove::Solve(text) => {
                    let max = rules.max_value();
                    let solution = values(text)
                        .filter(|v| v.len() == cells && v.iter().all(|d| (1..=max).contains(d)))?;
                    let all: Vec<usize> = (0..cells).collect();
                    state.reveal(rules, &all, &solution)
                }
                UpstreamMove::Move(text) if text == "M" => {
                    let max = rules.max_value();
                    let entries = state.entries().to_vec();
                    state.apply(|edit| {
                        for (cell, &entry) in entries.iter().enumerate() {
                            if entry == 0 && rules.given(cell).is_none() {
                                edit.set(cell, 0, Marks::all(max));
                            }
                        }
                    })
                }
                UpstreamMove::Move(text) => {
                    let (kind, numbers) = text.split_at_checked(1)?;
                    let mut parts = numbers.split(',').map(|n| n.trim().parse::<usize>().ok());
                    let (x, y, n) = (parts.next()??, parts.next()??, parts.next()??);
                    let value = u8::try_from(n).ok().filter(|&v| v <= rules.max_value())?;
                    if x >= side || y >= side {
                        return None;
                    }
                    let cell = y * side + x;
                    if rules.given(cell).is_some() {
                        // Upstream never moves on a given: the save is damaged.
                        return None;
                    }
                    match kind {
                        "P" if value > 0 => state.toggle_mark(rules, cell, value),
                        "P" | "R" => state.enter(rules, cell, value, false),
                        _ => return None,
                    }
                }
            });
        }
        let undone = changed.get(self.made..).unwrap_or_default();
        for _ in undone.iter().filter(|&&made| made) {
            state.undo();
        }
        state.elapsed = self.elapsed;
        Some(state)
    }
}

#[cfg(test)]
mod tests;
