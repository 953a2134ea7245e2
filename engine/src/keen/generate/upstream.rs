//! Upstream Keen's generator, draw for draw, so that a random seed (`6dn#12345`) names the same
//! puzzle here as in upstream Keen.
//!
//! Each attempt draws upstream's Latin square, shuffles the cells, pairs each single cell with
//! its earliest-shuffled single neighbour three times in four, folds every cell still alone into
//! its earliest-shuffled neighbouring cage of fewer than six cells (starting again if one is left
//! with nowhere to go), shuffles the same cell order again to deal the operations, and keeps the
//! puzzle when the deductions of the level solve it and those of the level below do not. The
//! random stream is upstream's own ([`UpstreamRandom`]), and grades are upstream's (the grader
//! agrees with upstream's solver), so every draw and every verdict matches.

use super::{
    GenerateError, Generated, deal_clues, has_exact_level, is_exactly_at, playable_difficulty,
};
use crate::cancel::CancelToken;
use crate::keen::layout::{FlatLayout, layout_into};
use crate::keen::puzzle::KeenPuzzle;
use crate::keen::twins::{ProductCages, has_swapped_twin};
use crate::keen::{Difficulty, GenerateOptions};
use crate::latin::upstream_latin_square;
use crate::upstream_random::UpstreamRandom;

/// Upstream's largest cage.
const UPSTREAM_MAX_CAGE: usize = 6;

/// Sizes upstream's generator accepts.
pub const UPSTREAM_SIZES: std::ops::RangeInclusive<usize> = 3..=9;

/// Whether upstream's generator makes puzzles like these: 3x3 to 9x9, cages of up to six cells,
/// no single cells. For these, a seed names upstream's own puzzle.
pub fn follows_upstream(size: usize, options: &GenerateOptions) -> bool {
    UPSTREAM_SIZES.contains(&size)
        && options.max_cage == UPSTREAM_MAX_CAGE
        && !options.allow_singles
}

/// Upstream's puzzle for `seed` (the text after `#`), at `difficulty` (clamped as upstream
/// clamps it). The caller has checked the parameters ([`follows_upstream`]).
pub(super) fn generate_upstream(
    size: usize,
    difficulty: Difficulty,
    mult_only: bool,
    seed: &str,
    cancel: &CancelToken,
    progress: &mut dyn FnMut(u64),
) -> Result<Generated, GenerateError> {
    let difficulty = playable_difficulty(size, difficulty);
    let mut random = UpstreamRandom::new(seed.as_bytes());
    let mut attempts = 0u64;
    // Buffers reused by every attempt: a rare puzzle takes tens of thousands.
    let mut cell_order: Vec<usize> = Vec::with_capacity(size * size);
    let mut layout = FlatLayout::default();
    loop {
        if cancel.is_cancelled() {
            return Err(GenerateError::Cancelled);
        }
        attempts += 1;
        let solution = upstream_latin_square(size, &mut random);
        cell_order.clear();
        cell_order.extend(0..size * size);
        random.shuffle(&mut cell_order);
        let drawn = layout_into(
            size,
            UPSTREAM_MAX_CAGE,
            false,
            &cell_order,
            || random.below(4) != 0,
            &mut layout,
        );
        if !drawn {
            progress(attempts);
            continue;
        }
        random.shuffle(&mut cell_order);
        // Products only: every clue is its cage's product whatever the dealing, so most layouts
        // (which have a twin) are turned down before their clues are dealt (the verdict is the
        // one the full check below would give).
        if mult_only && has_swapped_twin(&ProductCages::new(&layout, &solution), &solution) {
            progress(attempts);
            continue;
        }
        let cages = layout.to_cages();
        // Upstream rates each cage at its first cell, so cages take their turn in the order
        // their first cells come in the shuffle.
        let cage_order: Vec<usize> = cell_order
            .iter()
            .filter(|&&cell| layout.cage(layout.cage_of(cell))[0] == cell)
            .map(|&cell| layout.cage_of(cell))
            .collect();
        let clues = deal_clues(&solution, &cages, difficulty, mult_only, &cage_order);
        let puzzle = KeenPuzzle::new(size, cages.into_iter().zip(clues).collect())
            .unwrap_or_else(|e| unreachable!("upstream layouts are valid: {e}"));
        let graded = if mult_only {
            is_exactly_at(&puzzle, difficulty, None, cancel)?
        } else {
            has_exact_level(&puzzle, &solution, difficulty, None, cancel)?
        };
        progress(attempts);
        if graded {
            return Ok(Generated {
                puzzle,
                solution,
                difficulty,
                attempts,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Upstream Keen's own output for these seeds (its `new_game_desc` with `random_new(seed)`).
    const UPSTREAM: &[(&str, &str)] = &[
        (
            "6dn#12345",
            "6:a_4a__a_b_aa_3aa_baa__a3b__b_3a_4,a8m12d2d2s1m108m20a7s3a5s3a11s1s2m6",
        ),
        ("4de#1", "4:a_7a__a_aaba,d2s2m8m3d2a6a4s1"),
        (
            "6dnm#7",
            "6:_a3_aa__b_5a__a3__a__a3_3a_4aa_b,m90m60m4m12m2m2m24m6m20m15m30m12m8m18m4m15",
        ),
    ];

    #[test]
    fn seeds_name_upstreams_puzzles() {
        for (seed_id, expected) in UPSTREAM {
            let (params, seed) = seed_id.split_once('#').unwrap_or_default();
            let size: usize = params[..1].parse().unwrap_or_default();
            let level = params
                .chars()
                .nth(2)
                .and_then(Difficulty::from_letter)
                .unwrap_or(Difficulty::Normal);
            let made = generate_upstream(
                size,
                level,
                params.ends_with('m'),
                seed,
                &CancelToken::new(),
                &mut |_| {},
            )
            .map(|made| made.puzzle.game_id());
            assert_eq!(made.as_deref(), Ok(*expected), "{seed_id}");
        }
    }
}
