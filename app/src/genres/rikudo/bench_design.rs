//! `gridsmith bench --genre rikudo --design`: how long the designer's live check takes after an
//! edit. Each puzzle's givens are taken away one at a time (the edit a designer makes most, and
//! the one that turns a unique puzzle into several or a slow one), and the check of what is
//! left is timed, one thread. A check still running after [`CUT`] is stopped (as the designer's
//! next edit or its Cancel would) and counted at that time. Then Suggest givens is timed for
//! random paths on each size's first board, and the repairs offered for a given typed one too
//! high (one too low for the last number).

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use gridsmith_engine::rikudo::{
    RikudoDesign, RikudoPuzzle, RikudoVerdict, SuggestedEdit, check_rikudo, path_repairs,
    suggest_givens,
};
use gridsmith_engine::{CancelToken, Cancelled};

/// Times the check after every single-given removal of each puzzle; one table row per size.
pub fn run(puzzles: &[RikudoPuzzle]) {
    let mut sizes: Vec<usize> = puzzles.iter().map(RikudoPuzzle::cell_count).collect();
    sizes.sort_unstable();
    sizes.dedup();
    crate::out!("Live check after removing one given, one thread\n");
    crate::out!("| cells | puzzles | edits | median ms | 90% ms | max ms | stopped at 5 s |");
    crate::out!("|---|---|---|---|---|---|---|");
    for &size in &sizes {
        let (mut times, mut stopped) = (Vec::new(), 0);
        let of_size: Vec<&RikudoPuzzle> =
            puzzles.iter().filter(|p| p.cell_count() == size).collect();
        for puzzle in &of_size {
            for cell in (0..size).filter(|&c| puzzle.givens()[c].is_some()) {
                let mut design = RikudoDesign::new((*puzzle).clone());
                design.set_given(cell, None);
                let (elapsed, verdict) = timed(|cancel| check_rikudo(design.puzzle(), cancel));
                times.push(elapsed);
                stopped += usize::from(verdict.is_none());
            }
        }
        times.sort_by(f64::total_cmp);
        let at = |q: f64| {
            times
                .get(((times.len() as f64 - 1.0) * q) as usize)
                .copied()
        };
        crate::out!(
            "| {size} | {} | {} | {:.2} | {:.2} | {:.2} | {stopped} |",
            of_size.len(),
            times.len(),
            at(0.5).unwrap_or(0.0),
            at(0.9).unwrap_or(0.0),
            at(1.0).unwrap_or(0.0)
        );
    }
    suggest_table(puzzles, &sizes);
    repair_table(puzzles, &sizes);
}

/// Times the repairs of every given typed one off where that leaves no path, and counts how
/// often the number meant is among the three offered.
fn repair_table(puzzles: &[RikudoPuzzle], sizes: &[usize]) {
    crate::out!("\nRepairs of a given typed one off, one thread\n");
    crate::out!(
        "| cells | mistyped | median ms | 90% ms | max ms | number meant offered | stopped at 5 s |"
    );
    crate::out!("|---|---|---|---|---|---|---|");
    for &size in sizes {
        let (mut times, mut meant, mut stopped) = (Vec::new(), 0, 0);
        for puzzle in puzzles.iter().filter(|p| p.cell_count() == size) {
            // The number meant only means something where the puzzle as it was has one path.
            let (_, verdict) = timed(|cancel| check_rikudo(puzzle, cancel));
            if !matches!(verdict, Some(RikudoVerdict::Unique { .. })) {
                continue;
            }
            for cell in 0..size {
                let Some(given) = puzzle.givens()[cell] else {
                    continue;
                };
                let slip = if given as usize == size {
                    given - 1
                } else {
                    given + 1
                };
                let mistyped = SuggestedEdit::Given(cell, slip).applied_to(puzzle);
                let (_, verdict) = timed(|cancel| check_rikudo(&mistyped, cancel));
                if verdict != Some(RikudoVerdict::NoPath) {
                    continue;
                }
                let (elapsed, offers) = timed(|cancel| path_repairs(&mistyped, cancel));
                times.push(elapsed);
                stopped += usize::from(offers.is_none());
                let back = SuggestedEdit::Given(cell, given);
                meant += usize::from(offers.is_some_and(|o| o.iter().any(|s| s.edit == back)));
            }
        }
        if times.is_empty() {
            continue;
        }
        times.sort_by(f64::total_cmp);
        let at = |q: f64| {
            times
                .get(((times.len() as f64 - 1.0) * q) as usize)
                .copied()
                .unwrap_or(0.0)
        };
        crate::out!(
            "| {size} | {} | {:.2} | {:.2} | {:.2} | {meant} | {stopped} |",
            times.len(),
            at(0.5),
            at(0.9),
            at(1.0)
        );
    }
}

/// Paths Suggest givens is timed on per board.
const SUGGEST_RUNS: u64 = 10;

/// Times Suggest givens for a random path on the first board of each size.
fn suggest_table(puzzles: &[RikudoPuzzle], sizes: &[usize]) {
    crate::out!("\nSuggest givens for a random path, one thread\n");
    crate::out!("| cells | paths | median ms | max ms | median givens kept |");
    crate::out!("|---|---|---|---|---|");
    for &size in sizes {
        let Some(board) = puzzles.iter().find(|p| p.cell_count() == size) else {
            continue;
        };
        let (mut times, mut kept) = (Vec::new(), Vec::new());
        for run in 0..SUGGEST_RUNS {
            let started = Instant::now();
            let made = suggest_givens(
                board,
                None,
                &run.to_string(),
                &CancelToken::new(),
                &mut |_| {},
            );
            times.push(started.elapsed().as_secs_f64() * 1e3);
            if let Ok(made) = made {
                kept.push(made.puzzle.givens().iter().flatten().count());
            }
        }
        times.sort_by(f64::total_cmp);
        kept.sort_unstable();
        crate::out!(
            "| {size} | {} | {:.1} | {:.1} | {} |",
            times.len(),
            times[times.len() / 2],
            times[times.len() - 1],
            kept.get(kept.len() / 2)
                .map_or("-".to_string(), usize::to_string)
        );
    }
}

/// How long a check may run before it is stopped.
const CUT: Duration = Duration::from_secs(5);

/// The time `work` takes in milliseconds, and its answer unless it was stopped at [`CUT`].
fn timed<T>(work: impl FnOnce(&CancelToken) -> Result<T, Cancelled>) -> (f64, Option<T>) {
    let cancel = CancelToken::new();
    let done = AtomicBool::new(false);
    let started = Instant::now();
    // Timed before the scope ends: joining the watcher can wait out its sleep.
    let (elapsed, answer) = std::thread::scope(|scope| {
        scope.spawn(|| {
            while !done.load(Ordering::Relaxed) {
                if started.elapsed() >= CUT {
                    cancel.cancel();
                    return;
                }
                std::thread::sleep(Duration::from_millis(5));
            }
        });
        let answer = work(&cancel);
        let elapsed = started.elapsed();
        done.store(true, Ordering::Relaxed);
        (elapsed, answer.ok())
    });
    (elapsed.as_secs_f64() * 1e3, answer)
}
