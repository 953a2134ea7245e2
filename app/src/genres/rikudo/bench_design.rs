//! `gridsmith bench --genre rikudo --design`: how long the designer's live check takes after an
//! edit. Each puzzle's givens are taken away one at a time (the edit a designer makes most, and
//! the one that turns a unique puzzle into several or a slow one), and the check of what is
//! left is timed, one thread.

use std::time::Instant;

use gridsmith_engine::CancelToken;
use gridsmith_engine::rikudo::{RikudoDesign, RikudoPuzzle, check_rikudo};

/// Times the check after every single-given removal of each puzzle; one table row per size.
pub fn run(puzzles: &[RikudoPuzzle]) {
    let mut sizes: Vec<usize> = puzzles.iter().map(RikudoPuzzle::cell_count).collect();
    sizes.sort_unstable();
    sizes.dedup();
    crate::out!("Live check after removing one given, one thread\n");
    crate::out!("| cells | puzzles | edits | median ms | 90% ms | max ms |");
    crate::out!("|---|---|---|---|---|---|");
    let never = CancelToken::new();
    for size in sizes {
        let mut times = Vec::new();
        let of_size: Vec<&RikudoPuzzle> =
            puzzles.iter().filter(|p| p.cell_count() == size).collect();
        for puzzle in &of_size {
            for cell in (0..size).filter(|&c| puzzle.givens()[c].is_some()) {
                let mut design = RikudoDesign::new((*puzzle).clone());
                design.set_given(cell, None);
                let started = Instant::now();
                let _ = check_rikudo(design.puzzle(), &never);
                times.push(started.elapsed().as_secs_f64() * 1e3);
            }
        }
        times.sort_by(f64::total_cmp);
        let at = |q: f64| {
            times
                .get(((times.len() as f64 - 1.0) * q) as usize)
                .copied()
        };
        crate::out!(
            "| {size} | {} | {} | {:.2} | {:.2} | {:.2} |",
            of_size.len(),
            times.len(),
            at(0.5).unwrap_or(0.0),
            at(0.9).unwrap_or(0.0),
            at(1.0).unwrap_or(0.0)
        );
    }
}
