//! Upstream's random Latin square, draw for draw: rows in a shuffled order, each row a random
//! perfect matching of columns to the values their column still lacks (a Latin rectangle always
//! extends by a row, so no backtracking). The matching is Hopcroft-Karp with upstream's random
//! choices: a shuffled order of free columns and a random next value at each step of the search.

use super::Grid;
use crate::upstream_random::UpstreamRandom;

const UNMATCHED: usize = usize::MAX;
const UNREACHED: usize = usize::MAX;

/// The Latin square upstream's `latin_generate` draws from `random`.
///
/// The generator draws tens of thousands of squares for a rare puzzle, so one square allocates
/// its buffers once instead of once per row (the values a column lacks, the matching's state).
pub fn upstream_latin_square(size: usize, random: &mut UpstreamRandom) -> Grid {
    let mut cells = vec![0u8; size * size];
    let mut row_order: Vec<usize> = (0..size).collect();
    random.shuffle(&mut row_order);
    // Per column, the values (bit v - 1) its rows so far hold.
    let mut used = vec![0u32; size];
    let mut lacking: Vec<Vec<usize>> = vec![Vec::with_capacity(size); size];
    let mut matcher = Matcher::new(size);
    for &row in &row_order {
        for (values, &taken) in lacking.iter_mut().zip(&used) {
            values.clear();
            values.extend((0..size).filter(|&v| taken >> v & 1 == 0));
        }
        let matched = matcher.random_matching(&mut lacking, random);
        for (column, &value) in matched.iter().enumerate() {
            debug_assert_ne!(
                value, UNMATCHED,
                "a Latin rectangle always extends by a row"
            );
            cells[row * size + column] = value as u8 + 1;
            used[column] |= 1 << value;
        }
    }
    Grid { size, cells }
}

/// Hopcroft-Karp's state for `n` left and `n` right vertices, reused from one row to the next.
struct Matcher {
    n: usize,
    left_to_right: Vec<usize>,
    right_to_left: Vec<usize>,
    left_layer: Vec<usize>,
    right_layer: Vec<usize>,
    path: Vec<usize>,
    next_try: Vec<usize>,
    left_queue: Vec<usize>,
    right_queue: Vec<usize>,
    start_order: Vec<usize>,
}

impl Matcher {
    fn new(n: usize) -> Self {
        Self {
            n,
            left_to_right: vec![UNMATCHED; n],
            right_to_left: vec![UNMATCHED; n],
            left_layer: vec![UNREACHED; n],
            right_layer: vec![UNREACHED; n],
            path: vec![0; 2 * n],
            next_try: vec![0; n + 1],
            left_queue: Vec::with_capacity(n),
            right_queue: Vec::with_capacity(n),
            start_order: Vec::with_capacity(n),
        }
    }

    /// A maximum matching of the `n` left vertices to the `n` right ones along `edges` (which
    /// the search reorders, as upstream's does): for each left vertex, its right partner.
    fn random_matching(
        &mut self,
        edges: &mut [Vec<usize>],
        random: &mut UpstreamRandom,
    ) -> &[usize] {
        let n = self.n;
        self.left_to_right.fill(UNMATCHED);
        self.right_to_left.fill(UNMATCHED);
        let Self {
            left_to_right,
            right_to_left,
            left_layer,
            right_layer,
            path,
            next_try,
            left_queue,
            right_queue,
            start_order,
            ..
        } = self;
        loop {
            // Breadth-first layers from the free left vertices, along unmatched edges to the right
            // and matched edges back, up to the first layer holding a free right vertex.
            left_layer.fill(UNREACHED);
            right_layer.fill(UNREACHED);
            left_queue.clear();
            left_queue.extend((0..n).filter(|&l| left_to_right[l] == UNMATCHED));
            for &l in left_queue.iter() {
                left_layer[l] = 0;
            }
            let mut layer = 0;
            let target = loop {
                right_queue.clear();
                let mut found_free = false;
                for &l in left_queue.iter() {
                    for &r in &edges[l] {
                        if r != left_to_right[l] && right_layer[r] == UNREACHED {
                            right_layer[r] = layer + 1;
                            right_queue.push(r);
                            found_free |= right_to_left[r] == UNMATCHED;
                        }
                    }
                }
                layer += 1;
                if found_free {
                    break Some(layer);
                }
                if right_queue.is_empty() {
                    break None;
                }
                left_queue.clear();
                for &r in right_queue.iter() {
                    let l = right_to_left[r];
                    if l != UNMATCHED && left_layer[l] == UNREACHED {
                        left_layer[l] = layer + 1;
                        left_queue.push(l);
                    }
                }
                layer += 1;
                if left_queue.is_empty() {
                    break None;
                }
            };
            let Some(target) = target else {
                return left_to_right;
            };
            for r in 0..n {
                if right_layer[r] == target && right_to_left[r] != UNMATCHED {
                    right_layer[r] = UNREACHED;
                }
            }
            start_order.clear();
            start_order.extend(0..n);
            random.shuffle(start_order);
            // Depth-first through the layers for vertex-disjoint augmenting paths.
            next_try[0] = 0;
            let mut depth = 0;
            loop {
                let left = if depth == 0 {
                    if next_try[0] == n {
                        break;
                    }
                    let l = start_order[next_try[0]];
                    next_try[0] += 1;
                    if left_layer[l] != 0 {
                        continue;
                    }
                    l
                } else {
                    let previous = path[2 * depth - 2];
                    let j = next_try[depth];
                    next_try[depth] += 1;
                    let choices = edges[previous].len();
                    if j == choices {
                        depth -= 1;
                        continue;
                    }
                    if choices - j > 1 {
                        let which = j + random.below(choices - j);
                        edges[previous].swap(which, j);
                    }
                    let r = edges[previous][j];
                    if right_layer[r] != 2 * depth - 1 {
                        continue;
                    }
                    path[2 * depth - 1] = r;
                    right_layer[r] = UNREACHED;
                    if 2 * depth - 1 == target {
                        for k in (0..2 * depth).step_by(2) {
                            left_to_right[path[k]] = path[k + 1];
                            right_to_left[path[k + 1]] = path[k];
                        }
                        depth = 0;
                        continue;
                    }
                    let l = right_to_left[r];
                    if l == UNMATCHED || left_layer[l] != 2 * depth {
                        continue;
                    }
                    l
                };
                path[2 * depth] = left;
                left_layer[left] = UNREACHED;
                depth += 1;
                next_try[depth] = 0;
            }
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
