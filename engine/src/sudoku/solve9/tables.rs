//! The 9x9 solver's constant tables and bit tricks, built at compile time: what a band's 27-bit
//! set of one digit says about its rows, boxes and columns.

/// Each column's three cells in a band, for column 0 (shift left by the column).
pub(super) const COLUMN: u32 = 1 | 1 << 9 | 1 << 18;

/// The band-digit change marks (`16 * band + digit`) of digit 0 (shift left by the digit).
pub(super) const EVERY_BAND: u64 = 1 | 1 << 16 | 1 << 32;
/// A row of nine cells (9 bits) to the boxes (3 bits) it has candidates in.
pub(super) static ROW_BOXES: [u8; 512] = boxes_holding(1);
/// Mini-rows with candidates (bit `3 * row + box`) to the cells of those lying in a perfect
/// matching of rows to boxes, with the matchings' [`weight`] above the band's 27 bits (at
/// [`WEIGHT_SHIFT`]); 0 when there is none. One lookup gives the band rule both.
pub(super) static MATCHED_CELLS: [u64; 512] = matched_cells();
/// Where [`MATCHED_CELLS`] keeps the matched mini-rows (nine bits, `3 * row + box`).
pub(super) const MINIROWS_SHIFT: u32 = 32;
/// Where [`MATCHED_CELLS`] keeps the matchings' weight (five bits).
pub(super) const WEIGHT_SHIFT: u32 = 27;

/// The matched mini-rows of a [`MATCHED_CELLS`] entry.
#[inline(always)]
pub(super) const fn matched_minirows_of(matched: u64) -> u16 {
    (matched >> MINIROWS_SHIFT) as u16
}

/// The matchings' weight of a [`MATCHED_CELLS`] entry.
#[inline(always)]
pub(super) const fn matchings_weight_of(matched: u64) -> u8 {
    (matched >> WEIGHT_SHIFT & 0x1F) as u8
}
/// A three-by-three choice (as in [`MATCHED_MINIROWS`]) to the [`weight`] of its matchings.
pub(super) static MATCHINGS_WEIGHT: [u8; 512] = matchings_weight();
/// Three-by-three choices (bit `3 * i + j` when `i` may take `j`) to the pairs in some perfect
/// matching.
pub(super) static MATCHED_MINIROWS: [u16; 512] = matched_minirows();
/// A row's open cells (9 bits) to the boxes (3 bits) holding two or three of them.
pub(super) static BOXES_WITH_TWO: [u8; 512] = boxes_holding(2);
/// Columns with candidates in a band (9 bits) to those alone in their box.
pub(super) static LONE_COLUMNS: [u16; 512] = lone_columns();
/// Columns a band must take (9 bits) to the band's cells to clear: the other cells of their boxes.
pub(super) static CLAIMED_BOX_REST: [u32; 512] = claimed_box_rest();
/// Eight bits to eight bytes, bit `i` to the lowest bit of byte `i`: four of these, shifted by
/// the bits of a digit's number, spell eight cells' values side by side.
pub(super) static BITS_TO_BYTES: [u64; 256] = bits_to_bytes();

const fn bits_to_bytes() -> [u64; 256] {
    let mut table = [0u64; 256];
    let mut bits = 0;
    while bits < 256 {
        let mut i = 0;
        while i < 8 {
            table[bits] |= ((bits as u64 >> i) & 1) << (8 * i);
            i += 1;
        }
        bits += 1;
    }
    table
}

/// For each row of nine cells (9 bits), the boxes (3 bits) holding at least `least` of its cells.
const fn boxes_holding(least: u32) -> [u8; 512] {
    let mut table = [0u8; 512];
    let mut row = 0;
    while row < 512 {
        let mut bx = 0;
        while bx < 3 {
            if ((row as u32 >> (3 * bx)) & 7).count_ones() >= least {
                table[row] |= 1 << bx;
            }
            bx += 1;
        }
        row += 1;
    }
    table
}

const fn matched_cells() -> [u64; 512] {
    let minirows = matched_minirows();
    let ways = matchings();
    let mut table = [0u64; 512];
    let mut present = 0;
    while present < 512 {
        table[present] = (minirow_cells(minirows[present]) as u64)
            | (weight(ways[present]) as u64) << WEIGHT_SHIFT
            | (minirows[present] as u64) << MINIROWS_SHIFT;
        present += 1;
    }
    table
}

/// Eight times the base-2 logarithm of a number of ways (1 to 6), rounded; 0 for no way as for
/// one. The split choice adds these where it would multiply the ways (a sum of bytes costs less
/// than a product): the sums order the units as the products would, but for rare ties.
pub(super) const fn weight(ways: u8) -> u8 {
    match ways {
        2 => 8,
        3 => 13,
        4 => 16,
        5 => 19,
        6 => 21,
        _ => 0,
    }
}

const fn matchings_weight() -> [u8; 512] {
    let ways = matchings();
    let mut table = [0u8; 512];
    let mut present = 0;
    while present < 512 {
        table[present] = weight(ways[present]);
        present += 1;
    }
    table
}

/// Three-by-three choices (bit `3 * i + j` when `i` may take `j`) to the permutations among
/// them: bit `p` when `i` may take [`PERMUTATIONS`]`[p][i]` for every `i`.
pub(super) static PERFECT_MATCHINGS: [u8; 512] = perfect_matchings();
/// Permutation `p` (as in [`PERFECT_MATCHINGS`]), `i` to the bit of the `j` it takes; rows 6
/// and 7 are empty, so that any three-bit index is in bounds.
pub(super) static PERMUTATION_BITS: [[u32; 3]; 8] = permutation_bits();

const PERMUTATIONS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// Permutation `p`'s pairs as three-by-three choice bits (`3 * i + j`).
const fn permutation_edges(p: usize) -> usize {
    let perm = PERMUTATIONS[p];
    1 << perm[0] | 1 << (3 + perm[1]) | 1 << (6 + perm[2])
}

const fn permutation_bits() -> [[u32; 3]; 8] {
    let mut table = [[0u32; 3]; 8];
    let mut p = 0;
    while p < 6 {
        let mut i = 0;
        while i < 3 {
            table[p][i] = 1 << PERMUTATIONS[p][i];
            i += 1;
        }
        p += 1;
    }
    table
}

const fn perfect_matchings() -> [u8; 512] {
    let mut table = [0u8; 512];
    let mut present = 0;
    while present < 512 {
        let mut p = 0;
        while p < 6 {
            let edges = permutation_edges(p);
            if present & edges == edges {
                table[present] |= 1 << p;
            }
            p += 1;
        }
        present += 1;
    }
    table
}

const fn matchings() -> [u8; 512] {
    let perfect = perfect_matchings();
    let mut table = [0u8; 512];
    let mut present = 0;
    while present < 512 {
        table[present] = perfect[present].count_ones() as u8;
        present += 1;
    }
    table
}

const fn matched_minirows() -> [u16; 512] {
    let perfect = perfect_matchings();
    let mut table = [0u16; 512];
    let mut present = 0;
    while present < 512 {
        let mut p = 0;
        while p < 6 {
            if perfect[present] >> p & 1 != 0 {
                table[present] |= permutation_edges(p) as u16;
            }
            p += 1;
        }
        present += 1;
    }
    table
}

const fn lone_columns() -> [u16; 512] {
    let mut table = [0u16; 512];
    let mut columns = 0;
    while columns < 512 {
        let mut stack = 0;
        while stack < 3 {
            let piece = (columns >> (3 * stack)) & 7;
            if piece != 0 && piece & (piece - 1) == 0 {
                table[columns] |= (piece << (3 * stack)) as u16;
            }
            stack += 1;
        }
        columns += 1;
    }
    table
}

const fn claimed_box_rest() -> [u32; 512] {
    let mut table = [0u32; 512];
    let mut claimed = 0;
    while claimed < 512 {
        let mut stack = 0;
        while stack < 3 {
            let piece = (claimed >> (3 * stack)) & 7;
            if piece != 0 {
                let rest = (7 & !piece) << (3 * stack);
                table[claimed] |= rest as u32 * COLUMN;
            }
            stack += 1;
        }
        claimed += 1;
    }
    table
}

/// The cells of a band in minirows `minirows` (bit `3 * row + box`).
const fn minirow_cells(minirows: u16) -> u32 {
    let mut cells = 0;
    let mut minirow = 0;
    while minirow < 9 {
        if minirows >> minirow & 1 != 0 {
            cells |= 7 << (3 * minirow);
        }
        minirow += 1;
    }
    cells
}

/// A mini-row (`3 * row + box`) to its three cells in a band.
pub(super) static MINIROW_CELLS: [u32; 9] = minirows_cells();

const fn minirows_cells() -> [u32; 9] {
    let mut table = [0u32; 9];
    let mut minirow = 0;
    while minirow < 9 {
        table[minirow] = minirow_cells(1 << minirow);
        minirow += 1;
    }
    table
}

/// Each of the 81 cells' peers (row, column and box, not the cell itself), per band.
pub(super) static PEERS: [[u32; 3]; 81] = peers();

const fn peers() -> [[u32; 3]; 81] {
    let mut table = [[0u32; 3]; 81];
    let mut cell = 0;
    while cell < 81 {
        let (band, bit) = (cell / 27, (cell % 27) as u32);
        let row = bit / 9;
        let bx = (bit % 9) / 3;
        let mut other = 0;
        while other < 3 {
            table[cell][other] = COLUMN << (bit % 9);
            other += 1;
        }
        table[cell][band] |= (0x1FF << (9 * row)) | ((7 << (3 * bx)) * COLUMN);
        table[cell][band] &= !(1 << bit);
        cell += 1;
    }
    table
}

/// A counter per bit of a word, side by side: how many of the words added had that bit, exactly
/// up to three, and whether more (the fours saturate: nothing reads past them).
#[derive(Default)]
pub(super) struct BitCount {
    ones: u64,
    twos: u64,
    more_than_three: u64,
}

impl BitCount {
    #[inline(always)]
    pub(super) fn add(&mut self, bits: u64) {
        let carry = self.ones & bits;
        self.ones ^= bits;
        self.more_than_three |= self.twos & carry;
        self.twos ^= carry;
    }

    pub(super) fn three(&self) -> u64 {
        self.ones & self.twos & !self.more_than_three
    }

    pub(super) fn below_three(&self) -> u64 {
        !(self.more_than_three | (self.ones & self.twos))
    }

    pub(super) fn above_three(&self) -> u64 {
        self.more_than_three
    }
}

/// A column (0 to 8) to the other cells of its box in a band: what a triad in that column's
/// mini-column takes from its box.
pub(super) static BOX_REST_OF_COLUMN: [u32; 9] = box_rest_of_column();

const fn box_rest_of_column() -> [u32; 9] {
    let mut table = [0u32; 9];
    let mut column = 0;
    while column < 9 {
        table[column] = ((7 << (column / 3 * 3)) & !(1 << column)) * COLUMN;
        column += 1;
    }
    table
}

/// Mini-row `3 * row + box` of a band to the rest of its row and its box.
pub(super) static MINIROW_PEERS: [u32; 9] = minirow_peers();

const fn minirow_peers() -> [u32; 9] {
    let mut table = [0u32; 9];
    let mut minirow = 0;
    while minirow < 9 {
        let (row, bx) = (minirow / 3, minirow % 3);
        let own = 7u32 << (9 * row + 3 * bx);
        let line = 0x1FFu32 << (9 * row);
        let in_box = (7u32 << (3 * bx)) * COLUMN;
        table[minirow] = (line | in_box) & !own;
        minirow += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::{MATCHED_CELLS, MATCHINGS_WEIGHT, matchings, matchings_weight_of, weight};

    #[test]
    fn boxes_with_two_open_cells_are_counted_exactly() {
        for row in 0..512usize {
            for bx in 0..3 {
                let open = (row >> (3 * bx) & 7).count_ones();
                assert_eq!(
                    super::BOXES_WITH_TWO[row] >> bx & 1 == 1,
                    open >= 2,
                    "row {row:09b}, box {bx}"
                );
            }
        }
    }

    /// The split choice adds weights where it means to multiply ways: each weight must be
    /// eight times the ways' logarithm, rounded, and both tables must carry the same one.
    #[test]
    fn weights_are_rounded_logarithms_of_the_ways() {
        for ways in 1..=6u8 {
            let exact = 8.0 * f64::from(ways).log2();
            assert!(
                (f64::from(weight(ways)) - exact).abs() <= 0.5,
                "{ways} ways"
            );
        }
        let ways = matchings();
        for present in 0..512 {
            let expected = weight(ways[present]);
            assert_eq!(MATCHINGS_WEIGHT[present], expected);
            assert_eq!(matchings_weight_of(MATCHED_CELLS[present]), expected);
        }
    }
}
