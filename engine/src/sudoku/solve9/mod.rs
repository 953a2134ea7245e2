//! The 9x9 solver, bit-parallel by bands: for each digit and each band of three rows, one 27-bit
//! set of the cells that may still hold it. The benchmark sets are millions of small searches, so
//! the whole state is a few dozen words (copied, never allocated, on a branch) and every rule works on a
//! band or a digit at once instead of cell by cell.
//!
//! Two rules, both exact consequences of "once per row, column and box", run to a fixpoint:
//! - **Band rule** (one digit in one band): its three rows must take its three boxes one each, a
//!   matching of rows to boxes. Mini-rows (a row's three cells in one box) that lie in no perfect
//!   matching are cleared; this is pointing and claiming inside the band, and makes hidden singles
//!   of rows and boxes into rows with one cell, which are then placed. A box whose candidates sit
//!   in one column takes that column from the digit's other bands.
//! - **Stack rule** (one digit across the bands): every column needs it; a column that only one
//!   band still offers must take it there, so that band's box of the column keeps only that column
//!   (a column's hidden single, then placed by the band rule).
//!
//! - **Triads** (every band and digit at once, in the full search): a mini-row or mini-column
//!   holds exactly three digits. When its cells can hold only three between them (naked), those
//!   leave the rest of its line and box; when three digits must go there (hidden), the other
//!   digits leave its cells. They cut the branches of the hardest collections by a third (top1465:
//!   13.1 -> 8.9 a puzzle, as many as tdoku's), and run on words the band rule leaves behind.
//!
//! - **Templates** (one digit across the grid, once the search has branched a few times): a
//!   digit's nine cells take one cell of every row, column and box; a cell no such placement
//!   uses leaves the digit (`templates.rs`). On the two hardest collections they take away
//!   more than a third of the branches.
//!
//! Naked singles are placed band by band. When nothing more follows, the search splits where the
//! fewest ways are left: in the band or stack whose digits' row-to-box (or band-to-column)
//! matchings have the smallest product above one (compared as sums of the ways' logarithms, which
//! the rules store as they count them), the digit with the fewest, one of its mini-rows taken or
//! cleared. Only when every digit's boxes and columns are settled does it split on a cell. The
//! depth-first search runs on an explicit stack of states, which each thread keeps from one
//! search to the next.
//!
//! The steps taken once per search, node or solution (setting up the givens, triads, templates,
//! choosing a split, writing a solution out) are `#[inline(never)]`: inlined into the propagation's loop,
//! they crowded its registers, 1-3% slower on every set.

mod bits;
mod lean;
mod split;
mod tables;
mod templates;
#[cfg(test)]
pub(super) mod test_grids;
mod triads;

use bits::{bands_to_stacks, columns_of, digit_at, row_boxes, rows_with_one_cell};
use tables::{
    BITS_TO_BYTES, CLAIMED_BOX_REST, COLUMN, EVERY_BAND, LONE_COLUMNS, MATCHED_CELLS,
    MATCHINGS_WEIGHT, PEERS, matched_minirows_of, matchings_weight_of,
};

use std::cell::Cell;

#[cfg(test)]
use test_grids::over_budget;

use crate::cancel::{CancelToken, Cancelled};

const CELLS: usize = 81;
/// Bands' change marks sit this far apart: a power of two, so that a mark's digit is its low
/// bits. The next digit to look at is read on the solver's longest chain of dependent steps,
/// where a remainder by nine (a multiplication and two more steps) cost 3-6% of the time.
const MARK_STRIDE: usize = 16;
const DIGITS: usize = 9;
const BAND_CELLS: u32 = (1 << 27) - 1;
const CANCEL_CHECK_INTERVAL: u64 = 4096;
/// Templates (`templates.rs`) join the full search once it has taken this many branches. From
/// here they cut the branches of the two hardest collections by 36-42% (forum_hardest_1905_11+
/// 60 -> 39 a puzzle, forum_hardest_1106 109 -> 63) and made them 17-20% faster; the short
/// searches of top1465 (9 branches a puzzle) do not win their cost back (from the root 8%
/// slower, from here 3%).
const TEMPLATES_AFTER_BRANCHES: u64 = 8;
/// Every grid goes to the lean search (`lean.rs`) first: its lighter bookkeeping reaches the
/// root's fixpoint sooner, which answers most easy grids alone (the 17-clue collection 6% faster)
/// and is where the full search starts when it does not. Grids with at least this many givens
/// may also branch there: its splits answer them sooner (20-35% on puzzles of 30 to 40 givens
/// cut from the 17-clue collection's solutions), while on grids with fewer givens, where the
/// searches are longer, the configuration splits pay (lean splits made top1465 12% slower
/// after 4 branches, 19% after 6).
const LEAN_MIN_GIVENS: u32 = 30;
/// Branches the lean search may take on those before the full search takes over: a grid with
/// many givens that still needs this many is one the full rules answer better.
const LEAN_MAX_BRANCHES: u64 = 64;
/// Outside tests a search has no branch budget, only its cancel token (`test_grids.rs`).
#[cfg(not(test))]
#[inline(always)]
fn over_budget(_branches: u64) -> bool {
    false
}

/// The search state: for each band and digit, where the digit may still go (a band's nine sets
/// side by side, as the rules that read every digit of a band want them); the unplaced cells
/// of each band; the band-digits (bit `MARK_STRIDE * band + digit`) whose sets changed since
/// their rules last ran.
#[derive(Clone, Copy)]
struct State {
    candidates: [[u32; DIGITS]; 3],
    unplaced: [u32; 3],
    dirty: u64,
    /// Bands changed since the naked singles last looked at them.
    singles_due: u8,
    /// Whether any band changed since the triads last looked.
    triads_due: bool,
    /// Digits whose columns changed since the stack rule last looked at them.
    stacks_due: u16,
    /// Naked triads already cleared around (or with nothing to clear), as [`State::triads`]
    /// numbers them: a triad stays one, or the grid breaks, so its clears stay done.
    naked_triads_done: u64,
    /// Hidden triads already cleared around, as [`State::triads`] numbers them.
    hidden_triads_done: u64,
    /// Per digit, the lone columns already taken from the digit's other bands.
    lone_sent: [u16; DIGITS],
    /// Per digit, the columns already claimed by the one band that offers them.
    claims_sent: [u16; DIGITS],
    /// Per band (rows to boxes) and per stack (bands to columns), the weight of the ways each
    /// digit has left (`tables::weight`), as its rule last counted them. A change to a set
    /// reruns the band rule, and a change to its columns the stack rule, so at a fixpoint these
    /// describe the sets, and the split choice reads them instead of recounting every digit's.
    weights: [[u8; DIGITS]; 6],
    /// Per band and digit, the columns with candidates as the band rule last saw them.
    columns: [[u16; DIGITS]; 3],
    /// Per band and digit, the mini-rows with candidates as the band rule last left them.
    minirows: [[u16; DIGITS]; 3],
    /// Digits whose sets changed since their templates were last checked.
    templates_due: u16,
}

impl State {
    fn new() -> Self {
        Self {
            candidates: [[BAND_CELLS; DIGITS]; 3],
            unplaced: [BAND_CELLS; 3],
            dirty: EVERY_BAND * 0x1FF,
            singles_due: 7,
            triads_due: true,
            stacks_due: 0x1FF,
            naked_triads_done: 0,
            hidden_triads_done: 0,
            lone_sent: [0; DIGITS],
            claims_sent: [0; DIGITS],
            weights: [[0; DIGITS]; 6],
            columns: [[0; DIGITS]; 3],
            minirows: [[0; DIGITS]; 3],
            templates_due: 0x1FF,
        }
    }

    /// The state with these sets and unplaced cells, every rule due.
    fn with_sets(candidates: [[u32; DIGITS]; 3], unplaced: [u32; 3]) -> Self {
        Self {
            candidates,
            unplaced,
            ..Self::new()
        }
    }

    /// The state at the lean rules' fixpoint (`lean.rs`), where every set is as its band rule
    /// leaves it: that rule's bookkeeping is filled in here rather than rerun on all 27 sets.
    fn at_lean_fixpoint(candidates: [[u32; DIGITS]; 3], unplaced: [u32; 3]) -> Self {
        let mut state = Self::with_sets(candidates, unplaced);
        state.dirty = 0;
        // The lean rules stopped because no cell was left with one candidate (nor with none).
        state.singles_due = 0;
        for (band, sets) in candidates.iter().enumerate() {
            for (digit, &cells) in sets.iter().enumerate() {
                let matched = MATCHED_CELLS[usize::from(row_boxes(cells))];
                let columns = columns_of(cells);
                state.minirows[band][digit] = matched_minirows_of(matched);
                state.weights[band][digit] = matchings_weight_of(matched);
                state.columns[band][digit] = columns as u16;
                state.lone_sent[digit] |= LONE_COLUMNS[columns as usize];
            }
        }
        state
    }

    /// The state with `givens` (0 = empty, else 1..=9, row-major) placed, every rule due; `None`
    /// when two givens of one digit share a unit. Sets are built by whole-band masks rather than
    /// one placement per given: collections with many givens spent a fifth of their time there.
    #[inline(never)]
    fn with_givens(givens: &[u16]) -> Option<Self> {
        let mut seen = [[0u32; 3]; DIGITS];
        let mut placed = [[0u32; 3]; DIGITS];
        let mut occupied = [0u32; 3];
        for (band, cells) in givens.chunks(27).take(3).enumerate() {
            // Which cells hold a given, without a branch per cell (whether a cell is empty is
            // as good as random to the predictor): then a walk over the givens alone, band by
            // band so that a cell's band and bit need no division.
            let filled = cells
                .iter()
                .enumerate()
                .fold(0u32, |filled, (i, &v)| filled | u32::from(v != 0) << i);
            occupied[band] = filled;
            let peers_of_band = &PEERS[27 * band..];
            let mut walk = filled;
            while walk != 0 {
                let bit = walk.trailing_zeros() as usize;
                walk &= walk - 1;
                let value = cells.get(bit).copied().unwrap_or(0);
                let Some(digit) = usize::from(value).checked_sub(1).filter(|&d| d < DIGITS) else {
                    continue;
                };
                if let Some(peers) = peers_of_band.get(bit) {
                    for (seen, peers) in seen[digit].iter_mut().zip(peers) {
                        *seen |= peers;
                    }
                }
                placed[digit][band] |= 1 << bit;
            }
        }
        let mut state = Self::new();
        for digit in 0..DIGITS {
            for band in 0..3 {
                if placed[digit][band] & seen[digit][band] != 0 {
                    return None;
                }
                state.candidates[band][digit] =
                    (BAND_CELLS & !seen[digit][band] & !occupied[band]) | placed[digit][band];
            }
        }
        state.unplaced = occupied.map(|cells| BAND_CELLS & !cells);
        Some(state)
    }

    /// Takes `cells` out of the digit's set in `band`, noting the change.
    #[inline(always)]
    fn clear(&mut self, digit: usize, band: usize, cells: u32) {
        // Branch-free: most calls change nothing, and which do is unpredictable.
        let set = &mut self.candidates[band][digit];
        let changed = u32::from(*set & cells != 0);
        *set &= !cells;
        self.dirty |= u64::from(changed) << (MARK_STRIDE * band + digit);
    }

    /// Takes `cells`, now `digit`'s, out of the other digits' sets in `band`.
    fn clear_other_digits(&mut self, digit: usize, band: usize, cells: u32) {
        // Clearing all nine and putting this digit's set and mark back costs less than skipping
        // it inside the loop.
        let own = self.candidates[band][digit];
        let own_mark = 1 << (MARK_STRIDE * band + digit);
        let was_marked = self.dirty & own_mark;
        for other in 0..DIGITS {
            self.clear(other, band, cells);
        }
        self.candidates[band][digit] = own;
        self.dirty = (self.dirty & !own_mark) | was_marked;
    }

    /// Puts `digit` in cell `bit` of `band`, which may hold other digits too.
    fn place(&mut self, digit: usize, band: usize, bit: u32) {
        self.clear_other_digits(digit, band, 1 << bit);
        self.place_only_candidate(digit, band, bit);
    }

    /// Puts `digit` in cell `bit` of `band`, where no other digit may go: only its peers change.
    fn place_only_candidate(&mut self, digit: usize, band: usize, bit: u32) {
        let peers = &PEERS[band * 27 + bit as usize];
        for (other, &cells) in peers.iter().enumerate() {
            self.clear(digit, other, cells);
        }
        self.unplaced[band] &= !(1 << bit);
    }

    /// Takes `digit` out of cell `bit` of `band`.
    fn eliminate(&mut self, digit: usize, band: usize, bit: u32) {
        self.clear(digit, band, 1 << bit);
    }

    /// Every rule to a fixpoint; false on a contradiction.
    fn propagate(&mut self, templates: bool) -> bool {
        // Triads once per node, at the first fixpoint of the other rules: running them again at
        // each later fixpoint cost 3% more instructions on the hardest set for no fewer branches.
        let mut triads_ran = false;
        loop {
            while self.dirty != 0 {
                let digit = self.dirty.trailing_zeros() as usize % MARK_STRIDE;
                if !self.digit_rules(digit) {
                    return false;
                }
            }
            if self.stacks_due != 0 {
                let mut due = std::mem::take(&mut self.stacks_due);
                while due != 0 {
                    let digit = due.trailing_zeros() as usize;
                    due &= due - 1;
                    if !self.stack_rule(digit) {
                        return false;
                    }
                }
                if self.dirty != 0 {
                    continue;
                }
            }
            let touched = std::mem::take(&mut self.singles_due);
            self.triads_due |= touched != 0;
            match self.naked_singles(touched) {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            if triads_ran {
                return true;
            }
            triads_ran = true;
            if std::mem::take(&mut self.triads_due) && !self.triads() {
                return false;
            }
            // Once per node as well, after the triads: at every fixpoint they cost more than
            // the branches they save.
            if templates && !self.templates() {
                return false;
            }
            if self.dirty == 0 {
                return true;
            }
        }
    }

    /// The band and stack rules for one digit, until they change nothing of it.
    fn digit_rules(&mut self, digit: usize) -> bool {
        let marks = EVERY_BAND << digit;
        loop {
            let due = self.dirty & marks;
            if due == 0 {
                return true;
            }
            self.dirty &= !marks;
            for band in 0..3 {
                if due >> (MARK_STRIDE * band + digit) & 1 != 0 && !self.band_rule(digit, band) {
                    return false;
                }
            }
        }
    }

    fn band_rule(&mut self, digit: usize, band: usize) -> bool {
        let mut cells = self.candidates[band][digit];
        let present = row_boxes(cells);
        let matched = MATCHED_CELLS[usize::from(present)];
        if matched == 0 {
            return false;
        }
        // `cells` has no bits past the band's, so this keeps only the matched cells.
        cells &= matched as u32;
        self.minirows[band][digit] = matched_minirows_of(matched);
        self.candidates[band][digit] = cells;
        let placed = rows_with_one_cell(cells);
        let columns = columns_of(cells);
        self.weights[band][digit] = matchings_weight_of(matched);
        self.singles_due |= 1 << band;
        self.templates_due |= 1 << digit;
        // Lone columns and the stack rule read only the columns: unchanged, they have nothing new.
        if self.columns[band][digit] != columns as u16 {
            self.columns[band][digit] = columns as u16;
            self.stacks_due |= 1 << digit;
            // A lone column stays lone (or the grid breaks), and its clears stay done: only new
            // ones.
            let lone_columns = LONE_COLUMNS[columns as usize] & !self.lone_sent[digit];
            self.lone_sent[digit] |= lone_columns;
            let lone = u32::from(lone_columns) * COLUMN;
            if lone != 0 {
                for other in 0..3 {
                    if other != band {
                        self.clear(digit, other, lone);
                    }
                }
            }
        }
        let newly = placed & self.unplaced[band];
        if newly != 0 {
            self.unplaced[band] &= !newly;
            self.clear_other_digits(digit, band, newly);
        }
        true
    }

    fn stack_rule(&mut self, digit: usize) -> bool {
        let [fa, fb, fc] = [0, 1, 2].map(|band| u32::from(self.columns[band][digit]));
        if fa | fb | fc != 0x1FF {
            return false;
        }
        let by_stack = bands_to_stacks(fa | fb << 9 | fc << 18);
        for stack in 0..3 {
            self.weights[3 + stack][digit] =
                MATCHINGS_WEIGHT[(by_stack >> (9 * stack) & 0x1FF) as usize];
        }
        // A column only one band offers stays so (or the grid breaks): only new ones clear.
        let only_one = (fa ^ fb ^ fc) & !(fa & fb & fc) & u32::from(!self.claims_sent[digit]);
        if only_one != 0 {
            self.claims_sent[digit] |= only_one as u16;
            for (band, folded) in [fa, fb, fc].into_iter().enumerate() {
                let claimed = only_one & folded;
                if claimed != 0 {
                    self.clear(digit, band, CLAIMED_BOX_REST[claimed as usize]);
                }
            }
        }
        true
    }

    /// Places every cell left with one candidate: `Some(true)` when some were, `None` when a cell
    /// has none.
    fn naked_singles(&mut self, bands: u8) -> Option<bool> {
        let mut any = false;
        for band in 0..3 {
            let unplaced = self.unplaced[band];
            if unplaced == 0 || bands >> band & 1 == 0 {
                continue;
            }
            let (mut once, mut twice) = (0u32, 0u32);
            for digit in 0..DIGITS {
                let cells = self.candidates[band][digit];
                twice |= once & cells;
                once |= cells;
            }
            if unplaced & !once != 0 {
                return None;
            }
            let mut singles = unplaced & !twice;
            while singles != 0 {
                let bit = singles.trailing_zeros();
                singles &= singles - 1;
                let digit = digit_at(&self.candidates[band], bit)?;
                self.place_only_candidate(digit, band, bit);
                any = true;
            }
        }
        Some(any)
    }
}

/// The grid, row-major values 1..=9 (every cell placed). Without a branch: the cells' values
/// are spelled bit by bit (four sets per band, each the cells whose value has that bit),
/// then eight cells of a row at a time by one table lookup per bit. Walking each digit's
/// cells instead cost a mispredicted loop exit per digit and band, a few percent of an easy
/// puzzle's answer.
#[inline(never)]
fn spell_solution(candidates: &[[u32; DIGITS]; 3]) -> Vec<u16> {
    let mut values = Vec::with_capacity(CELLS);
    for digits in candidates {
        let mut planes = [0u32; 4];
        for (digit, &cells) in digits.iter().enumerate() {
            for (bit, plane) in planes.iter_mut().enumerate() {
                *plane |= cells & 0u32.wrapping_sub(((digit + 1) >> bit & 1) as u32);
            }
        }
        for row in 0..3 {
            let shift = 9 * row;
            let spelled = planes
                .iter()
                .enumerate()
                .fold(0u64, |spelled, (bit, plane)| {
                    spelled | BITS_TO_BYTES[(plane >> shift & 0xFF) as usize] << bit
                });
            values.extend(spelled.to_le_bytes().map(u16::from));
            let last = planes.iter().enumerate().fold(0u16, |value, (bit, plane)| {
                value | ((plane >> (shift + 8) & 1) as u16) << bit
            });
            values.push(last);
        }
    }
    values
}

/// Up to `limit` solutions of the 9x9 grid `givens` (0 = empty, else 1..=9), row-major.
pub(super) fn solve9(
    givens: &[u16],
    limit: usize,
    cancel: &CancelToken,
) -> Result<Vec<Vec<u16>>, Cancelled> {
    let Some(mut state) = State::with_givens(givens) else {
        return Ok(Vec::new());
    };
    let branches = lean_branches(&state);
    if let Some((_, found)) = lean::search::<true>(&mut state, limit, branches) {
        return Ok(found);
    }
    full_search(state, limit, cancel)
}

/// How many solutions the 9x9 grid `givens` has, counted up to `limit`, none written out.
pub(super) fn count9(
    givens: &[u16],
    limit: usize,
    cancel: &CancelToken,
) -> Result<usize, Cancelled> {
    let Some(mut state) = State::with_givens(givens) else {
        return Ok(0);
    };
    let branches = lean_branches(&state);
    if let Some((count, _)) = lean::search::<false>(&mut state, limit, branches) {
        return Ok(count);
    }
    // The full search always writes its solutions out: made generic over that, it compiled
    // worse (see docs/performance.md), and grids that reach it take longer than the writing.
    full_search(state, limit, cancel).map(|found| found.len())
}

/// How many branches the lean search may take on the grid: see [`LEAN_MIN_GIVENS`].
fn lean_branches(state: &State) -> u64 {
    let open: u32 = state.unplaced.iter().map(|cells| cells.count_ones()).sum();
    if CELLS as u32 - open >= LEAN_MIN_GIVENS {
        LEAN_MAX_BRANCHES
    } else {
        0
    }
}

/// The full search from `state`, on this thread's stack.
fn full_search(
    state: State,
    limit: usize,
    cancel: &CancelToken,
) -> Result<Vec<Vec<u16>>, Cancelled> {
    let mut stack = SEARCH_STACK.take();
    stack.clear();
    let found = search(
        state,
        &mut stack,
        limit,
        cancel,
        Vec::new(),
        TEMPLATES_AFTER_BRANCHES,
    );
    SEARCH_STACK.set(stack);
    found
}

thread_local! {
    /// Each thread's search stack, kept from one search to the next: most searches of the
    /// collections branch rarely or never, and allocating and freeing a stack for each cost 2%.
    static SEARCH_STACK: Cell<Vec<State>> = const { Cell::new(Vec::new()) };
}

/// The depth-first search from `state`, on `stack` (empty), adding solutions to `found` until
/// it holds `limit`, with templates from its `templates_after`th branch.
fn search(
    mut state: State,
    stack: &mut Vec<State>,
    limit: usize,
    cancel: &CancelToken,
    mut found: Vec<Vec<u16>>,
    templates_after: u64,
) -> Result<Vec<Vec<u16>>, Cancelled> {
    // A thread's first search sizes the stack for the usual depths at once.
    if stack.capacity() == 0 {
        stack.reserve(16);
    }
    let mut branches = 0u64;
    loop {
        if state.propagate(branches >= templates_after) {
            if state.unplaced == [0; 3] {
                found.push(spell_solution(&state.candidates));
                if found.len() >= limit {
                    return Ok(found);
                }
            } else {
                // The configuration split when there is one; a cell only once every digit's
                // boxes and columns are settled (the cell scan costs, and is rarely needed).
                let mut without = state;
                let split = if let Some((digit, band, first, second)) = state.branch_configuration()
                {
                    without.clear(digit, band, second);
                    state.clear(digit, band, first);
                    true
                } else if let Some((band, bit, digit)) = state.branch_cell() {
                    without.eliminate(digit, band, bit);
                    state.place(digit, band, bit);
                    true
                } else {
                    // Propagation leaves no open cell without two candidates; a dead end if so.
                    false
                };
                if split {
                    stack.push(without);
                    branches += 1;
                    if branches.is_multiple_of(CANCEL_CHECK_INTERVAL)
                        && (cancel.is_cancelled() || over_budget(branches))
                    {
                        return Err(Cancelled);
                    }
                    continue;
                }
            }
        }
        match stack.pop() {
            Some(next) => state = next,
            None => return Ok(found),
        }
    }
}
