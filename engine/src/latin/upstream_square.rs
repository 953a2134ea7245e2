//! Upstream's random Latin square, draw for draw: rows in a shuffled order, each row a random
//! perfect matching of columns to the values their column still lacks (a Latin rectangle always
//! extends by a row, so no backtracking). The matching is Hopcroft-Karp with upstream's random
//! choices: a shuffled order of free columns and a random next value at each step of the search.

use super::{Grid, MAX_SIDE};
use crate::upstream_random::UpstreamRandom;

const UNMATCHED: u8 = u8::MAX;
const UNREACHED: u8 = u8::MAX;

/// The Latin square upstream's `latin_generate` draws from `random` (`size` at most
/// [`MAX_SIDE`]).
///
/// The generator draws tens of thousands of squares for a rare puzzle: everything lives in small
/// fixed arrays of bytes, with no allocation but the square's own.
pub fn upstream_latin_square(size: usize, random: &mut UpstreamRandom) -> Grid {
    assert!(
        size <= MAX_SIDE,
        "upstream squares are at most {MAX_SIDE} wide"
    );
    let mut cells = vec![0u8; size * size];
    let mut row_order = [0u8; MAX_SIDE];
    for (index, slot) in row_order[..size].iter_mut().enumerate() {
        *slot = index as u8;
    }
    random.shuffle(&mut row_order[..size]);
    // Per column, the values (bit v) its rows so far hold.
    let mut used = [0u32; MAX_SIDE];
    let mut matcher = Matcher::new(size);
    for &row in &row_order[..size] {
        let all = (1u32 << size) - 1;
        for ((edges, degree), &taken) in matcher
            .edges
            .iter_mut()
            .zip(&mut matcher.degree)
            .zip(&used[..size])
        {
            // The values the column lacks, in increasing order.
            let mut lacking = all & !taken;
            *degree = lacking.count_ones() as u8;
            for slot in edges.iter_mut() {
                if lacking == 0 {
                    break;
                }
                *slot = lacking.trailing_zeros() as u8;
                lacking &= lacking - 1;
            }
        }
        let matched = matcher.random_matching(random);
        let row = usize::from(row);
        for (column, &value) in matched.iter().enumerate() {
            debug_assert_ne!(
                value, UNMATCHED,
                "a Latin rectangle always extends by a row"
            );
            cells[row * size + column] = value + 1;
            used[column] |= 1 << value;
        }
    }
    Grid { size, cells }
}

/// Hopcroft-Karp's state for `n` left and `n` right vertices, reused from one row to the next.
struct Matcher {
    n: usize,
    /// Each left vertex's right neighbours (the first `degree` of them), reordered by the search
    /// as upstream's are.
    edges: [[u8; MAX_SIDE]; MAX_SIDE],
    degree: [u8; MAX_SIDE],
    left_to_right: [u8; MAX_SIDE],
    right_to_left: [u8; MAX_SIDE],
    left_layer: [u8; MAX_SIDE],
    right_layer: [u8; MAX_SIDE],
    path: [u8; 2 * MAX_SIDE],
    next_try: [u8; MAX_SIDE + 1],
    left_queue: [u8; MAX_SIDE],
    right_queue: [u8; MAX_SIDE],
    start_order: [u8; MAX_SIDE],
}

impl Matcher {
    fn new(n: usize) -> Self {
        Self {
            n,
            edges: [[0; MAX_SIDE]; MAX_SIDE],
            degree: [0; MAX_SIDE],
            left_to_right: [UNMATCHED; MAX_SIDE],
            right_to_left: [UNMATCHED; MAX_SIDE],
            left_layer: [UNREACHED; MAX_SIDE],
            right_layer: [UNREACHED; MAX_SIDE],
            path: [0; 2 * MAX_SIDE],
            next_try: [0; MAX_SIDE + 1],
            left_queue: [0; MAX_SIDE],
            right_queue: [0; MAX_SIDE],
            start_order: [0; MAX_SIDE],
        }
    }

    /// A maximum matching of the `n` left vertices to the `n` right ones along `edges` (which
    /// the search reorders, as upstream's does): for each left vertex, its right partner.
    fn random_matching(&mut self, random: &mut UpstreamRandom) -> &[u8] {
        let n = self.n;
        self.left_to_right = [UNMATCHED; MAX_SIDE];
        self.right_to_left = [UNMATCHED; MAX_SIDE];
        loop {
            // Breadth-first layers from the free left vertices, along unmatched edges to the right
            // and matched edges back, up to the first layer holding a free right vertex.
            self.left_layer = [UNREACHED; MAX_SIDE];
            self.right_layer = [UNREACHED; MAX_SIDE];
            let mut left_count = 0;
            for l in 0..n {
                if self.left_to_right[l] == UNMATCHED {
                    self.left_queue[left_count] = l as u8;
                    self.left_layer[l] = 0;
                    left_count += 1;
                }
            }
            let mut layer = 0u8;
            let target = loop {
                let mut right_count = 0;
                let mut found_free = false;
                for &l in &self.left_queue[..left_count] {
                    let l = usize::from(l);
                    for &r in &self.edges[l][..usize::from(self.degree[l])] {
                        if r != self.left_to_right[l]
                            && self.right_layer[usize::from(r)] == UNREACHED
                        {
                            self.right_layer[usize::from(r)] = layer + 1;
                            self.right_queue[right_count] = r;
                            right_count += 1;
                            found_free |= self.right_to_left[usize::from(r)] == UNMATCHED;
                        }
                    }
                }
                layer += 1;
                if found_free {
                    break Some(layer);
                }
                if right_count == 0 {
                    break None;
                }
                left_count = 0;
                for &r in &self.right_queue[..right_count] {
                    let l = self.right_to_left[usize::from(r)];
                    if l != UNMATCHED && self.left_layer[usize::from(l)] == UNREACHED {
                        self.left_layer[usize::from(l)] = layer + 1;
                        self.left_queue[left_count] = l;
                        left_count += 1;
                    }
                }
                layer += 1;
                if left_count == 0 {
                    break None;
                }
            };
            let Some(target) = target else {
                return &self.left_to_right[..n];
            };
            for r in 0..n {
                if self.right_layer[r] == target && self.right_to_left[r] != UNMATCHED {
                    self.right_layer[r] = UNREACHED;
                }
            }
            for (index, slot) in self.start_order[..n].iter_mut().enumerate() {
                *slot = index as u8;
            }
            random.shuffle(&mut self.start_order[..n]);
            self.augment(target, random);
        }
    }

    /// Depth-first through the layers for vertex-disjoint augmenting paths to layer `target`.
    fn augment(&mut self, target: u8, random: &mut UpstreamRandom) {
        let n = self.n;
        self.next_try[0] = 0;
        let mut depth = 0usize;
        loop {
            let left = if depth == 0 {
                if usize::from(self.next_try[0]) == n {
                    return;
                }
                let l = self.start_order[usize::from(self.next_try[0])];
                self.next_try[0] += 1;
                if self.left_layer[usize::from(l)] != 0 {
                    continue;
                }
                l
            } else {
                let previous = usize::from(self.path[2 * depth - 2]);
                let j = usize::from(self.next_try[depth]);
                self.next_try[depth] += 1;
                let choices = usize::from(self.degree[previous]);
                if j == choices {
                    depth -= 1;
                    continue;
                }
                if choices - j > 1 {
                    let which = j + random.below(choices - j);
                    self.edges[previous].swap(which, j);
                }
                let r = self.edges[previous][j];
                let layer = (2 * depth - 1) as u8;
                if self.right_layer[usize::from(r)] != layer {
                    continue;
                }
                self.path[2 * depth - 1] = r;
                self.right_layer[usize::from(r)] = UNREACHED;
                if layer == target {
                    for k in (0..2 * depth).step_by(2) {
                        let (l, r) = (self.path[k], self.path[k + 1]);
                        self.left_to_right[usize::from(l)] = r;
                        self.right_to_left[usize::from(r)] = l;
                    }
                    depth = 0;
                    continue;
                }
                let l = self.right_to_left[usize::from(r)];
                if l == UNMATCHED || self.left_layer[usize::from(l)] != 2 * depth as u8 {
                    continue;
                }
                l
            };
            self.path[2 * depth] = left;
            self.left_layer[usize::from(left)] = UNREACHED;
            depth += 1;
            self.next_try[depth] = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_size_gives_a_latin_square() {
        for size in 1..=16 {
            let mut random = UpstreamRandom::new(format!("{size}").as_bytes());
            assert!(upstream_latin_square(size, &mut random).is_latin());
        }
    }
}
