//! Triads: a mini-row or mini-column (three cells of a line in one box) holds exactly three
//! digits, which the 9x9 search reasons on at every node, for all three bands at once.

use super::bits::band_of_place;
use super::tables::{
    BOX_REST_OF_COLUMN, BOXES_WITH_TWO, BitCount, COLUMN, MINIROW_CELLS, MINIROW_PEERS,
};
use super::{DIGITS, State};

impl State {
    /// Triads, in every band at once. A mini-row or mini-column (three cells of a line in one
    /// box) holds exactly three digits: when its cells can hold only three between them (a naked
    /// triad), those leave the rest of its line and box; when three digits must go there (each
    /// confined to it in its line, hidden), the other digits leave its cells. False when one can
    /// hold fewer than three digits or must take more.
    ///
    /// Each digit's mini-rows (bit `9 * band + 3 * row + box`) and mini-columns (bit
    /// `32 + 9 * band + column`) with candidates fill one word, read from what the band rule
    /// stored (at a fixpoint it has seen every set as it is); the digits are counted per bit,
    /// side by side. In a group of three bits (a row's boxes, a box's columns) a lone bit is a
    /// triad the digit must take.
    #[inline(never)]
    pub(super) fn triads(&mut self) -> bool {
        const GROUP_FIRSTS: u64 = 0o111_111_111 | 0o111_111_111 << 32;
        const TRIADS: u64 = 0x7FF_FFFF | 0x7FF_FFFF << 32;
        let mut places = [0u64; DIGITS];
        let mut forced = [0u64; DIGITS];
        let mut holding = BitCount::default();
        let mut taking = BitCount::default();
        for digit in 0..DIGITS {
            let word = u64::from(self.minirows[0][digit])
                | u64::from(self.minirows[1][digit]) << 9
                | u64::from(self.minirows[2][digit]) << 18
                | u64::from(self.columns[0][digit]) << 32
                | u64::from(self.columns[1][digit]) << 41
                | u64::from(self.columns[2][digit]) << 50;
            let (a, b, c) = (
                word & GROUP_FIRSTS,
                word >> 1 & GROUP_FIRSTS,
                word >> 2 & GROUP_FIRSTS,
            );
            let lone = (a ^ b ^ c) & !(a & b & c);
            places[digit] = word;
            forced[digit] = word & (lone | lone << 1 | lone << 2);
            holding.add(places[digit]);
            taking.add(forced[digit]);
        }
        if holding.below_three() & TRIADS != 0 || taking.above_three() != 0 {
            return false;
        }
        let mut naked = holding.three() & !self.naked_triads_done;
        let mut hidden = taking.three() & !self.hidden_triads_done;
        if naked | hidden == 0 {
            return true;
        }
        // A triad with fewer than two open cells teaches nothing the singles have not: it is
        // marked done without its clears (most triads a search meets are of placed cells).
        let open = self.triads_with_two_open_cells();
        self.naked_triads_done |= naked;
        self.hidden_triads_done |= hidden;
        naked &= open;
        hidden &= open;
        if naked | hidden == 0 {
            return true;
        }
        for digit in 0..DIGITS {
            let naked_here = places[digit] & naked;
            let hidden_here = places[digit] & hidden & !forced[digit];
            if naked_here | hidden_here == 0 {
                continue;
            }
            let mut minirows = naked_here as u32;
            while minirows != 0 {
                let place = minirows.trailing_zeros();
                minirows &= minirows - 1;
                let band = band_of_place(place);
                self.clear(digit, band, MINIROW_PEERS[place as usize - 9 * band]);
            }
            let mut columns = (naked_here >> 32) as u32;
            while columns != 0 {
                let place = columns.trailing_zeros();
                columns &= columns - 1;
                let band = band_of_place(place);
                let column = place - 9 * band as u32;
                for other in 0..3 {
                    let cells = if other == band {
                        BOX_REST_OF_COLUMN[column as usize]
                    } else {
                        COLUMN << column
                    };
                    self.clear(digit, other, cells);
                }
            }
            let mut minirows = hidden_here as u32;
            while minirows != 0 {
                let place = minirows.trailing_zeros();
                minirows &= minirows - 1;
                let band = band_of_place(place);
                let minirow = place - 9 * band as u32;
                self.clear(digit, band, MINIROW_CELLS[minirow as usize]);
            }
            let mut columns = (hidden_here >> 32) as u32;
            while columns != 0 {
                let place = columns.trailing_zeros();
                columns &= columns - 1;
                let band = band_of_place(place);
                self.clear(digit, band, COLUMN << (place - 9 * band as u32));
            }
        }
        true
    }

    /// The triads (numbered as in [`State::triads`]) with two or three unplaced cells.
    fn triads_with_two_open_cells(&self) -> u64 {
        let mut open = 0u64;
        for (band, &cells) in self.unplaced.iter().enumerate() {
            let minirows = u64::from(BOXES_WITH_TWO[(cells & 0x1FF) as usize])
                | u64::from(BOXES_WITH_TWO[(cells >> 9 & 0x1FF) as usize]) << 3
                | u64::from(BOXES_WITH_TWO[(cells >> 18) as usize]) << 6;
            let columns =
                ((cells & cells >> 9) | (cells & cells >> 18) | (cells >> 9 & cells >> 18)) & 0x1FF;
            open |= minirows << (9 * band) | u64::from(columns) << (32 + 9 * band);
        }
        open
    }
}
