//! Bit tricks on the 9x9 solver's sets: what a band's 27-bit set of one digit says about its
//! rows, boxes and columns, and the regrouping of bands' columns by stack.

use super::tables::ROW_BOXES;

/// Which row of a band's set may take which box: bit `3 * row + box`.
#[inline(always)]
pub(super) fn row_boxes(cells: u32) -> u16 {
    u16::from(ROW_BOXES[(cells & 0x1FF) as usize])
        | u16::from(ROW_BOXES[(cells >> 9 & 0x1FF) as usize]) << 3
        | u16::from(ROW_BOXES[(cells >> 18 & 0x1FF) as usize]) << 6
}

/// Which columns of a band's set have candidates (9 bits).
#[inline(always)]
pub(super) fn columns_of(cells: u32) -> u32 {
    (cells | cells >> 9 | cells >> 18) & 0x1FF
}

/// Of a band's cells, those with at least one, at least two and at least three candidates among
/// the nine digits' sets.
#[inline(always)]
pub(super) fn candidate_counts(sets: &[u32; 9]) -> (u32, u32, u32) {
    let (mut once, mut twice, mut thrice) = (0u32, 0u32, 0u32);
    for &cells in sets {
        thrice |= twice & cells;
        twice |= once & cells;
        once |= cells;
    }
    (once, twice, thrice)
}

/// The first digit whose set in a band (`sets`) holds cell `bit`.
#[inline(always)]
pub(super) fn digit_at(sets: &[u32; 9], bit: u32) -> Option<usize> {
    sets.iter().position(|&cells| cells >> bit & 1 != 0)
}

/// The cells of `cells` (a band's set, no row empty) alone in their row, without a branch: each
/// row loses its lowest cell (no row is empty, so no borrow crosses rows), and the rows left with
/// nothing are the ones that had one.
pub(super) fn rows_with_one_cell(cells: u32) -> u32 {
    const LOWEST: u32 = 1 | 1 << 9 | 1 << 18;
    const LOW_EIGHT: u32 = 0xFF * LOWEST;
    const TOP: u32 = 0x100 * LOWEST;
    let rest = cells & cells.wrapping_sub(LOWEST);
    let nonempty = (((rest & LOW_EIGHT) + LOW_EIGHT) | rest) & TOP;
    let lone_rows = (!nonempty & TOP) >> 8;
    cells & (lone_rows * 0x1FF)
}

/// The band of a place in a word of three bands' nine bits each (`9 * band + index`, below 27):
/// a division by nine, as a multiplication.
#[inline(always)]
pub(super) fn band_of_place(place: u32) -> usize {
    ((place * 57) >> 9) as usize
}

/// Three bands' columns (band b's at `9b`) regrouped by stack (stack s's at `9s`, band b's three
/// columns of it at `9s + 3b`): band b's columns of stack s sit at 9b + 3s, so this is a transpose
/// of three-bit blocks, by two swaps.
pub(super) fn bands_to_stacks(columns: u32) -> u32 {
    swap_blocks(swap_blocks(columns, 0o700_070, 6), 0o700, 12)
}

/// Swaps the bits of `word` under `mask` with those `shift` places above them.
fn swap_blocks(word: u32, mask: u32, shift: u32) -> u32 {
    let moved = ((word >> shift) ^ word) & mask;
    word ^ moved ^ (moved << shift)
}

#[cfg(test)]
mod tests {
    use super::{band_of_place, bands_to_stacks, rows_with_one_cell};

    #[test]
    fn a_place_s_band_is_its_place_divided_by_nine() {
        for place in 0..27 {
            assert_eq!(band_of_place(place), place as usize / 9, "place {place}");
        }
    }

    #[test]
    fn rows_with_one_cell_keeps_exactly_the_lone_cells() {
        for seed in 0..20_000u32 {
            let cells = seed.wrapping_mul(2_654_435_761) >> 5 & 0x7FF_FFFF;
            if (0..3).any(|row| cells >> (9 * row) & 0x1FF == 0) {
                continue;
            }
            let expected = (0..3)
                .map(|row| cells & 0x1FF << (9 * row))
                .filter(|row| row.count_ones() == 1)
                .fold(0, |all, row| all | row);
            assert_eq!(rows_with_one_cell(cells), expected, "{cells:027b}");
        }
    }

    /// The split choice reads a stack's band-to-column shape through this transpose; a wrong one
    /// makes splits that change nothing, and the search never ends.
    #[test]
    fn two_block_swaps_transpose_bands_and_stacks() {
        for seed in 0..2000u32 {
            let columns = seed.wrapping_mul(2_654_435_761) >> 5 & 0x7FF_FFFF;
            let by_stack = bands_to_stacks(columns);
            for band in 0..3 {
                for stack in 0..3 {
                    let before = columns >> (9 * band + 3 * stack) & 7;
                    let after = by_stack >> (9 * stack + 3 * band) & 7;
                    assert_eq!(
                        before, after,
                        "columns {columns:o}, band {band}, stack {stack}"
                    );
                }
            }
        }
    }
}
