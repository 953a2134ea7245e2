//! `gridsmith bench --genre sudoku --generate N`: the generator's time per puzzle by size and
//! level, one thread, and the grade each made puzzle gets when graded again from scratch.

use std::time::Instant;

use gridsmith_engine::CancelToken;
use gridsmith_engine::sudoku::{
    SudokuLevel, SudokuRequest, Symmetry, check_request, generate_sudoku, grade,
};
use serde_json::json;

/// Makes `count` puzzles for each size and level and prints one line per pair.
pub fn run(count: usize, as_json: bool) {
    let never = CancelToken::new();
    for (box_rows, box_cols) in [(3, 3), (2, 3), (3, 4), (4, 4)] {
        for level in SudokuLevel::ALL {
            if (box_rows, box_cols) != (3, 3) && level > SudokuLevel::Medium {
                continue;
            }
            let request = SudokuRequest {
                box_rows,
                box_cols,
                level,
                symmetry: Symmetry::None,
                minimal: false,
            };
            if check_request(&request).is_err() {
                continue;
            }
            let mut millis = Vec::with_capacity(count);
            let mut regraded = [0usize; SudokuLevel::ALL.len()];
            let mut failed = 0;
            for index in 0..count {
                let started = Instant::now();
                let made =
                    generate_sudoku(&request, &format!("bench-{index}"), &never, &mut |_| {});
                millis.push(started.elapsed().as_secs_f64() * 1000.0);
                match made
                    .ok()
                    .and_then(|m| grade(&m.puzzle, &never).ok().flatten())
                {
                    Some(again) => regraded[again as usize] += 1,
                    None => failed += 1,
                }
            }
            millis.sort_by(f64::total_cmp);
            let median = millis.get(millis.len() / 2).copied().unwrap_or(0.0);
            let slowest = millis.last().copied().unwrap_or(0.0);
            let side = box_rows * box_cols;
            let grades: serde_json::Map<String, serde_json::Value> = SudokuLevel::ALL
                .iter()
                .filter(|l| regraded[**l as usize] > 0)
                .map(|l| (l.name().to_string(), json!(regraded[*l as usize])))
                .collect();
            if as_json {
                crate::out!(
                    "{}",
                    json!({
                        "size": side,
                        "difficulty": level.name(),
                        "puzzles": count,
                        "median_millis": (median * 10.0).round() / 10.0,
                        "max_millis": (slowest * 10.0).round() / 10.0,
                        "graded_again": grades,
                        "failed": failed,
                    })
                );
            } else {
                let grades: Vec<String> = grades.iter().map(|(k, v)| format!("{k} {v}")).collect();
                crate::out!(
                    "{side}x{side} {:<8} {}: median {median:.1} ms, slowest \
                     {slowest:.1} ms; graded again: {}{}",
                    level.name(),
                    crate::ui::text::counted(count, "puzzle", "puzzles"),
                    grades.join(", "),
                    if failed > 0 {
                        format!(", {failed} failed")
                    } else {
                        String::new()
                    }
                );
            }
        }
    }
}
