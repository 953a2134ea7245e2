//! Upstream's random Latin square, draw for draw: rows in a shuffled order, each row a random
//! perfect matching of columns to the values their column still lacks (a Latin rectangle always
//! extends by a row, so no backtracking). The matching is Hopcroft-Karp with upstream's random
//! choices: a shuffled order of free columns and a random next value at each step of the search.

use super::Grid;
use crate::upstream_random::UpstreamRandom;

const UNMATCHED: usize = usize::MAX;
const UNREACHED: usize = usize::MAX;

/// The Latin square upstream's `latin_generate` draws from `random`.
pub fn upstream_latin_square(size: usize, random: &mut UpstreamRandom) -> Grid {
    let mut cells = vec![0u8; size * size];
    let mut row_order: Vec<usize> = (0..size).collect();
    random.shuffle(&mut row_order);
    for (done, &row) in row_order.iter().enumerate() {
        let mut lacking: Vec<Vec<usize>> = (0..size)
            .map(|column| {
                let mut present = vec![false; size];
                for &earlier in &row_order[..done] {
                    present[usize::from(cells[earlier * size + column]) - 1] = true;
                }
                (0..size).filter(|&v| !present[v]).collect()
            })
            .collect();
        let matched = random_matching(size, &mut lacking, random);
        for (column, value) in matched.into_iter().enumerate() {
            debug_assert_ne!(
                value, UNMATCHED,
                "a Latin rectangle always extends by a row"
            );
            cells[row * size + column] = value as u8 + 1;
        }
    }
    Grid { size, cells }
}

/// A maximum matching of `n` left vertices to `n` right ones along `edges` (which the search
/// reorders, as upstream's does): for each left vertex, its right partner.
fn random_matching(n: usize, edges: &mut [Vec<usize>], random: &mut UpstreamRandom) -> Vec<usize> {
    let mut left_to_right = vec![UNMATCHED; n];
    let mut right_to_left = vec![UNMATCHED; n];
    let mut left_layer = vec![UNREACHED; n];
    let mut right_layer = vec![UNREACHED; n];
    let mut path = vec![0usize; 2 * n];
    let mut next_try = vec![0usize; n + 1];
    loop {
        // Breadth-first layers from the free left vertices, along unmatched edges to the right
        // and matched edges back, up to the first layer holding a free right vertex.
        left_layer.fill(UNREACHED);
        right_layer.fill(UNREACHED);
        let mut left_queue: Vec<usize> =
            (0..n).filter(|&l| left_to_right[l] == UNMATCHED).collect();
        for &l in &left_queue {
            left_layer[l] = 0;
        }
        let mut layer = 0;
        let target = loop {
            let mut right_queue = Vec::new();
            let mut found_free = false;
            for &l in &left_queue {
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
            for &r in &right_queue {
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
        let mut start_order: Vec<usize> = (0..n).collect();
        random.shuffle(&mut start_order);
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
