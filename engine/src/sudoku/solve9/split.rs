//! Where the 9x9 search splits when the rules have nothing more: a digit's row-to-box (or
//! band-to-column) placements in the band or stack with the fewest, else a cell.

use super::bits::{bands_to_stacks, candidate_counts, digit_at};
use super::tables::{COLUMN, MATCHED_MINIROWS};
use super::{DIGITS, State};

impl State {
    /// The cell to branch on (band, bit) and a digit it may hold: the first cell with two
    /// candidates, else one with the fewest; `None` when every cell is placed.
    #[inline(never)]
    pub(super) fn branch_cell(&self) -> Option<(usize, u32, usize)> {
        let mut best: Option<(u32, usize, u32)> = None;
        for band in 0..3 {
            let unplaced = self.unplaced[band];
            if unplaced == 0 {
                continue;
            }
            let (_, twice, thrice) = candidate_counts(&self.candidates[band]);
            let pairs = unplaced & twice & !thrice;
            if pairs != 0 {
                best = Some((2, band, pairs.trailing_zeros()));
                break;
            }
            let mut open = unplaced;
            while open != 0 {
                let bit = open.trailing_zeros();
                open &= open - 1;
                let count = (0..DIGITS)
                    .filter(|&d| self.candidates[band][d] >> bit & 1 != 0)
                    .count() as u32;
                if best.is_none_or(|(fewest, _, _)| count < fewest) {
                    best = Some((count, band, bit));
                }
            }
        }
        let (_, band, bit) = best?;
        let digit = digit_at(&self.candidates[band], bit)?;
        Some((band, bit, digit))
    }

    /// In the band or stack whose digits' placements (which row takes which box, or which band
    /// which column) have the fewest combinations above one, the digit with the fewest ways
    /// left above one, split in two: the cells each side clears. `None` when every digit's boxes
    /// and columns are settled.
    #[inline(never)]
    pub(super) fn branch_configuration(&self) -> Option<(usize, usize, u32, u32)> {
        let mut chosen: Option<(u32, usize)> = None;
        for (unit, weights) in self.weights.iter().enumerate() {
            // The product of the digits' ways (at most 6 to the 9th) counts the unit's
            // combinations, which splits searches better than the ways' sum; the weights are
            // their logarithms.
            let total: u32 = weights.iter().map(|&w| u32::from(w)).sum();
            if total > 0 && chosen.is_none_or(|(least, _)| total < least) {
                chosen = Some((total, unit));
            }
        }
        let (_, chosen) = chosen?;
        let mut best: Option<(u8, usize)> = None;
        for (digit, &weight) in self.weights[chosen].iter().enumerate() {
            if weight > 0 && best.is_none_or(|b| weight < b.0) {
                best = Some((weight, digit));
            }
        }
        let (_, digit) = best?;
        let (index, down) = (chosen % 3, chosen >= 3);
        // The chosen digit's shape, as the rules left it (matched).
        let present = if down {
            let columns = |band: usize| u32::from(self.columns[band][digit]);
            (bands_to_stacks(columns(0) | columns(1) << 9 | columns(2) << 18) >> (9 * index)
                & 0x1FF) as u16
        } else {
            self.minirows[index][digit]
        };
        let matched = MATCHED_MINIROWS[usize::from(present)];
        let line = (0..3).find(|&l| (matched >> (3 * l) & 7).count_ones() >= 2)?;
        let choice = (matched >> (3 * line) & 7).trailing_zeros();
        if down {
            let column = 3 * index as u32 + choice;
            let box_rest = ((7 << (3 * index)) & !(1 << column)) * COLUMN;
            Some((digit, line, box_rest, COLUMN << column))
        } else {
            let row = 0x1FF << (9 * line);
            let minirow = 7 << (9 * line + 3 * choice as usize);
            Some((digit, index, row & !minirow, minirow))
        }
    }
}
