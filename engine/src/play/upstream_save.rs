//! Save files of Simon Tatham's Portable Puzzle Collection, so a game saved in upstream Keen or
//! Solo opens here where it was left.
//!
//! Each record is an 8-character key padded with spaces, `:`, the value's length in bytes, `:`,
//! the value, and a line break. The puzzle is `CPARAMS:DESC` (the game ID upstream shows); the
//! moves (`MOVE`, `SOLVE`, `RESTART`) rebuild every state after the first, and `STATEPOS` says
//! which state is on the board (the ones after it are Redo's).

use std::time::Duration;

use thiserror::Error;

use super::{Marks, Move, PlayRules, PlayState};

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
        if value.contains(['\n', '\r']) {
            return Err(fail(
                value_start,
                format!("the record {key} runs into the next line: its length ({length}) is wrong"),
            ));
        }
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

/// A save's game rebuilt: the board, and the moves by which Solve filled it (their place in the
/// history and the move), so that a solution shown by Solve is not taken for the player's.
#[derive(Clone, Debug)]
pub struct Replayed {
    /// Entries, marks, history (the undone moves for Redo) and clock.
    pub state: PlayState,
    /// Each Solve move still in the history or on Redo's list: (its place, the move).
    pub reveals: Vec<(usize, Move)>,
}

/// A move of a save that does not fit its puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("move {number} ({text}) {why}")]
pub struct UpstreamMoveError {
    /// Which move, from 1.
    pub number: usize,
    /// The move as the save wrote it (cut short when long).
    pub text: String,
    /// What is wrong with it.
    pub why: String,
}

impl UpstreamSave {
    /// The game on a board for `rules` (a square of side `side`): every move replayed, then the
    /// ones past the saved position undone so that Redo makes them. `values` reads a Solve move's
    /// solution in this game's way. The first move that does not fit the puzzle is the error.
    pub fn replay(
        &self,
        rules: &(impl PlayRules + ?Sized),
        side: usize,
        values: impl Fn(&str) -> Option<Vec<u8>>,
    ) -> Result<Replayed, UpstreamMoveError> {
        let mut state = PlayState::for_puzzle(rules);
        let cells = side * side;
        let max = rules.max_value();
        if rules.cell_count() != cells {
            return Err(UpstreamMoveError {
                number: 0,
                text: String::new(),
                why: format!("cannot be played: the puzzle is not a {side}x{side} square"),
            });
        }
        // Whether each upstream move made one of ours: one that changes nothing (a digit typed
        // again) makes none here, so Undo must not count it.
        let mut changed = Vec::with_capacity(self.moves.len());
        let mut reveals = Vec::new();
        for (index, made) in self.moves.iter().enumerate() {
            let refuse = |text: &str, why: &str| UpstreamMoveError {
                number: index + 1,
                text: text.chars().take(24).collect(),
                why: why.to_string(),
            };
            changed.push(match made {
                UpstreamMove::Restart => state.restart(),
                UpstreamMove::Solve(text) => {
                    let solution = values(text)
                        .filter(|v| v.len() == cells && v.iter().all(|d| (1..=max).contains(d)))
                        .ok_or_else(|| refuse(text, "is not a solution of this size"))?;
                    // Upstream writes the puzzle's own solution: anything else is damage.
                    let keeps_givens = (0..cells)
                        .all(|cell| rules.given(cell).is_none_or(|g| g == solution[cell]));
                    if !keeps_givens || !rules.is_solved(&solution) {
                        return Err(refuse(text, "is not this puzzle's solution"));
                    }
                    let all: Vec<usize> = (0..cells).collect();
                    let revealed = state.reveal(rules, &all, &solution, false);
                    if revealed && let Some(last) = state.history().last() {
                        reveals.push((state.history().len() - 1, last.clone()));
                    }
                    revealed
                }
                UpstreamMove::Move(text) if text == "M" => {
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
                    let unreadable = || refuse(text, "is not a move Keen or Solo writes");
                    let (kind, numbers) = text.split_at_checked(1).ok_or_else(unreadable)?;
                    let numbers: Vec<Option<usize>> =
                        numbers.split(',').map(|n| n.trim().parse().ok()).collect();
                    let [Some(x), Some(y), Some(n)] = numbers[..] else {
                        return Err(unreadable());
                    };
                    let value = u8::try_from(n)
                        .ok()
                        .filter(|&v| v <= max)
                        .ok_or_else(|| refuse(text, &format!("writes a value past {max}")))?;
                    if x >= side || y >= side {
                        return Err(refuse(text, "is off the board"));
                    }
                    let cell = y * side + x;
                    if rules.given(cell).is_some() {
                        // Upstream never moves on a given.
                        return Err(refuse(text, "changes a given"));
                    }
                    match kind {
                        "P" if value > 0 => state.toggle_mark(rules, cell, value),
                        "P" | "R" => state.enter(rules, cell, value, false),
                        _ => return Err(unreadable()),
                    }
                }
            });
        }
        let undone = changed.get(self.made..).unwrap_or_default();
        for _ in undone.iter().filter(|&&made| made) {
            state.undo();
        }
        state.elapsed = self.elapsed;
        Ok(Replayed { state, reveals })
    }
}

#[cfg(test)]
mod tests;
