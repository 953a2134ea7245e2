//! Upstream Solo's game IDs (Simon Tatham's Sudoku, Keen's neighbour), both ways, so a puzzle
//! pastes between Gridsmith and Solo: `3x3:` then the grid, row by row, a letter for a run of
//! empty cells (`a` = 1 .. `z` = 26), a number for a given, `_` between two numbers that touch.
//!
//! `CxR` names boxes C cells tall and R wide (`2x3` is a 6x6 grid of 2x3 boxes), a lone number
//! square boxes (`3:` = `3x3:`). Difficulty and symmetry letters after the size are labels and are
//! skipped; jigsaw (`j`), X (`x`) and killer (`k`) puzzles are other variants and refused by name.

use thiserror::Error;

use super::puzzle::SudokuPuzzle;

/// Symbols for values 1 to 31 (Solo's largest grids), as Solo shows them.
pub(super) const SOLO_SYMBOLS: &str = "123456789abcdefghijklmnopqrstuvwxyz";

/// Why a Solo game ID could not be read, and where.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{kind} (at character {})", .position + 1)]
pub struct SoloIdError {
    /// Character offset of the problem, from 0.
    pub position: usize,
    /// What is wrong.
    pub kind: SoloIdErrorKind,
}

/// The kinds of malformed Solo game ID.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SoloIdErrorKind {
    /// No box size at the start.
    #[error("a Solo game ID starts with the box size, as in '3x3:'")]
    MissingSize,
    /// Boxes too small or a grid too large.
    #[error(
        "{0}x{1} boxes are not supported: each side from 2, at most {max} symbols (`RxC:` gives \
         a box's size, so a 9x9 grid is `3x3:`)",
        max = SOLO_SYMBOLS.len()
    )]
    BadSize(usize, usize),
    /// A Solo variant this Sudoku does not play.
    #[error("this is a {0} Sudoku, which Gridsmith does not play (only the classic one)")]
    Variant(&'static str),
    /// A random-seed ID.
    #[error("this is a random-seed ID ('#'): it names a puzzle for Solo's generator, not a puzzle")]
    RandomSeed,
    /// No colon after the parameters.
    #[error("expected ':' between the size and the grid")]
    MissingColon,
    /// A character the grid description does not use.
    #[error("{0} has no meaning in a Solo grid: use a to z for empty cells, numbers, and '_'")]
    BadCharacter(String),
    /// A number outside 1..=side.
    #[error("{value} is not a value of a {side}x{side} grid")]
    ValueOutOfRange {
        /// The number read.
        value: u64,
        /// The grid's side.
        side: usize,
    },
    /// Too few or too many cells.
    #[error(
        "the grid describes {found} {}, but a {side}x{side} grid has {expected}",
        if *found == 1 { "cell" } else { "cells" }
    )]
    WrongCellCount {
        /// Cells described.
        found: usize,
        /// Cells needed.
        expected: usize,
        /// The grid's side.
        side: usize,
    },
}

/// Reads a Solo game ID (`3x3:...`, or with labels such as `3x3dt:...`).
pub fn read_solo_id(text: &str) -> Result<SudokuPuzzle, SoloIdError> {
    let chars: Vec<char> = text.trim().chars().collect();
    let lead = text.chars().count() - text.trim_start().chars().count();
    let error = |at: usize, kind| SoloIdError {
        position: lead + at,
        kind,
    };
    let mut at = 0;
    let number = |at: &mut usize| -> Option<u64> {
        let start = *at;
        let mut value: u64 = 0;
        while let Some(d) = chars.get(*at).and_then(|c| c.to_digit(10)) {
            value = value.saturating_mul(10).saturating_add(u64::from(d));
            *at += 1;
        }
        (*at > start).then_some(value)
    };
    let Some(tall) = number(&mut at) else {
        return Err(error(0, SoloIdErrorKind::MissingSize));
    };
    let mut wide = tall;
    if chars.get(at) == Some(&'x') && chars.get(at + 1).is_some_and(char::is_ascii_digit) {
        at += 1;
        wide = number(&mut at).unwrap_or(tall);
    }
    // Labels and variant letters up to ':'.
    while let Some(&c) = chars.get(at) {
        match c {
            ':' => break,
            '#' => return Err(error(at, SoloIdErrorKind::RandomSeed)),
            'j' => return Err(error(at, SoloIdErrorKind::Variant("jigsaw"))),
            'x' => return Err(error(at, SoloIdErrorKind::Variant("diagonal (X)"))),
            'k' => return Err(error(at, SoloIdErrorKind::Variant("killer"))),
            _ => at += 1,
        }
    }
    if chars.get(at) != Some(&':') {
        return Err(error(at, SoloIdErrorKind::MissingColon));
    }
    at += 1;
    let (tall, wide) = (
        usize::try_from(tall).unwrap_or(usize::MAX),
        usize::try_from(wide).unwrap_or(usize::MAX),
    );
    let side = tall.saturating_mul(wide);
    if tall < 2 || wide < 2 || side > SOLO_SYMBOLS.len() {
        return Err(error(0, SoloIdErrorKind::BadSize(tall, wide)));
    }
    let area = side * side;
    let mut cells: Vec<u16> = Vec::with_capacity(area);
    while let Some(&c) = chars.get(at) {
        match c {
            'a'..='z' => {
                let run = c as usize - 'a' as usize + 1;
                cells.extend(std::iter::repeat_n(0, run));
                at += 1;
            }
            '_' => at += 1,
            '1'..='9' => {
                let start = at;
                let value = number(&mut at).unwrap_or(0);
                if value > side as u64 {
                    return Err(error(
                        start,
                        SoloIdErrorKind::ValueOutOfRange { value, side },
                    ));
                }
                cells.push(value as u16);
            }
            ',' => return Err(error(at, SoloIdErrorKind::Variant("jigsaw or killer"))),
            other => {
                return Err(error(
                    at,
                    SoloIdErrorKind::BadCharacter(format!("'{other}'")),
                ));
            }
        }
        if cells.len() > area {
            break;
        }
    }
    if cells.len() != area {
        return Err(error(
            at.min(chars.len()),
            SoloIdErrorKind::WrongCellCount {
                found: cells.len(),
                expected: area,
                side,
            },
        ));
    }
    let symbols: Vec<char> = SOLO_SYMBOLS.chars().take(side).collect();
    SudokuPuzzle::with_boxes(tall, wide, symbols, cells)
        .ok_or_else(|| error(0, SoloIdErrorKind::BadSize(tall, wide)))
}

/// The puzzle's Solo game ID, as Solo writes it (`3x3:...`); `None` for grids Solo cannot hold
/// (more than 31 symbols, or boxes less than 2 cells on a side).
pub fn solo_id(puzzle: &SudokuPuzzle) -> Option<String> {
    let (tall, wide) = puzzle.box_shape();
    if tall < 2 || wide < 2 || puzzle.side() > 31 {
        return None;
    }
    let mut out = format!("{tall}x{wide}:");
    let desc_start = out.len();
    let mut run = 0usize;
    let cells = puzzle.cells();
    // One step past the end flushes the last run, as Solo's encoder does.
    for index in 0..=cells.len() {
        let value = cells.get(index).copied();
        if value == Some(0) {
            run += 1;
            continue;
        }
        if run > 0 {
            while run > 0 {
                let step = run.min(26);
                out.push(char::from(b'a' + step as u8 - 1));
                run -= step;
            }
        } else if out.len() > desc_start && value.is_some() {
            out.push('_');
        }
        if let Some(value) = value {
            out.push_str(&value.to_string());
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOLO_IDS: [&str; 4] = [
        "3x3:a3d1_9a8_9b3_5_2e8a2_3d6_5a8c4c7c6c6a4_9d4_9a7e5_4_8b1_9a7_9d4a",
        "2x3:b3_1a5d4c2b6_6b5c2d5a1_6b",
        "3x4:12a1g8a10_5c8a12a11b11a6a1_4a3c12_9b10c6a1_4_2_7_2c3a10_8a6_11f7b10_12b1_2b12f5_12a9_6a8c10_4_4_10_7a11c6b3_8c12a9_1a4a10b9a3a10c7_1a7g8a9",
        "4x4:c3b10_12c5a8_16_15h6_4_13_3_14b2_8c1b14a15a7a9_13a16_1_6_7e8_14_11b10_4_15c9_3c13a12a2a7_14_16a10d4_1a2a3_6b13_7f10c15e1_6c15a7b10a16_9a14b1a5c6_8e2c15f6_3b10_15a11a14_6d2a7_1_11a4a16a2c12_1c14_7_15b3_11_8e16_14_12_10a5_13a15a6a1b10c9_10b6_13_2_7_9h4_8_9a14c16_7b13c",
    ];

    #[test]
    fn reads_and_writes_solo_ids_byte_for_byte() {
        // Upstream Solo's own IDs (3x3#1, 2x3#1, 3x4#2, 4x4#1): 9x9, 6x6 of 2x3 boxes, 12x12 of
        // 3x4 boxes, 16x16 with two-digit values.
        for id in SOLO_IDS {
            let puzzle = read_solo_id(id).unwrap_or_else(|e| panic!("{id}: {e}"));
            assert!(puzzle.given_count() > 0);
            assert_eq!(solo_id(&puzzle).as_deref(), Some(id));
        }
        let six = read_solo_id(SOLO_IDS[1]).expect("valid");
        assert_eq!(six.box_shape(), (2, 3));
        assert_eq!(&six.cells()[..6], &[0, 0, 3, 1, 0, 5]);
        assert_eq!(read_solo_id(SOLO_IDS[2]).map(|p| p.box_shape()), Ok((3, 4)));
        // A lone size means square boxes; labels after the size are skipped.
        assert_eq!(
            read_solo_id(&SOLO_IDS[0].replace("3x3:", "3:")).ok(),
            read_solo_id(&SOLO_IDS[0].replace("3x3:", "3x3dtr2:")).ok()
        );
    }

    #[test]
    fn variants_and_bad_ids_are_refused_with_a_reason() {
        let kind = |id: &str| read_solo_id(id).map_err(|e| e.kind).expect_err(id);
        assert_eq!(kind("3j:a"), SoloIdErrorKind::Variant("jigsaw"));
        assert_eq!(kind("3x3x:a"), SoloIdErrorKind::Variant("diagonal (X)"));
        assert_eq!(kind("3x3k:a"), SoloIdErrorKind::Variant("killer"));
        assert_eq!(kind("3x3#123"), SoloIdErrorKind::RandomSeed);
        assert_eq!(kind("x3:a"), SoloIdErrorKind::MissingSize);
        assert_eq!(kind("1x3:a"), SoloIdErrorKind::BadSize(1, 3));
        assert!(matches!(
            kind("2x2:e5k"),
            SoloIdErrorKind::ValueOutOfRange { value: 5, .. }
        ));
        assert!(matches!(
            kind("2x2:o"),
            SoloIdErrorKind::WrongCellCount { found: 15, .. }
        ));
        assert!(matches!(
            kind("2x2:q"),
            SoloIdErrorKind::WrongCellCount { found: 17, .. }
        ));
        assert!(matches!(kind("2x2:a!"), SoloIdErrorKind::BadCharacter(_)));
    }
}
