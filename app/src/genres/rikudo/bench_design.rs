//! `gridsmith bench --genre rikudo --design`: how long the designer's live check takes after an
//! edit. Each puzzle's givens are taken away one at a time (the edit a designer makes most, and
//! the one that turns a unique puzzle into several or a slow one), and the check of what is
//! left is timed, one thread. A check still running after [`CUT`] is stopped (as the designer's
//! next edit or its Cancel would) and counted at that time. Then Suggest givens is timed for
//! random paths on each size's first board.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use gridsmith_engine::CancelToken;
use gridsmith_engine::rikudo::{RikudoDesign, RikudoPuzzle, check_rikudo, suggest_givens};

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
                let (elapsed, finished) = timed_check(design.puzzle());
                times.push(elapsed);
                stopped += usize::from(!finished);
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

/// The check's time in milliseconds, and whether it finished before [`CUT`].
fn timed_check(puzzle: &RikudoPuzzle) -> (f64, bool) {
    let cancel = CancelToken::new();
    let done = AtomicBool::new(false);
    let started = Instant::now();
    // Timed before the scope ends: joining the watcher can wait out its sleep.
    let (elapsed, finished) = std::thread::scope(|scope| {
        scope.spawn(|| {
            while !done.load(Ordering::Relaxed) {
                if started.elapsed() >= CUT {
                    cancel.cancel();
                    return;
                }
                std::thread::sleep(Duration::from_millis(5));
            }
        });
        let answer = check_rikudo(puzzle, &cancel);
        let elapsed = started.elapsed();
        done.store(true, Ordering::Relaxed);
        (elapsed, answer.is_ok())
    });
    (elapsed.as_secs_f64() * 1e3, finished)
}
