//! `gridsmith bench --genre sudoku`: the exact solver's full uniqueness answer (counting to two
//! solutions) over files of one-line puzzles, one thread, reading excluded from the time.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Parser;
use gridsmith_engine::sudoku::{
    SudokuLevel, SudokuPuzzle, grade, read_line, sudoku_solution_count, sudoku_uniqueness,
};
use gridsmith_engine::{CancelToken, Uniqueness};
use serde_json::json;

use crate::cli::{EXIT_INVALID, parse_options};

/// `gridsmith bench --genre sudoku`.
#[derive(Debug, Parser)]
#[command(
    name = "gridsmith bench --genre sudoku",
    about = "Time the Sudoku solver's uniqueness answer (none, one or several) on files of \
             81-character puzzles, one per line; prints puzzles per second for each file"
)]
struct BenchArgs {
    /// Print one JSON object per file: file, puzzles, unique, multiple, none, per_second.
    #[arg(long)]
    json: bool,
    /// Solve each file again until this many seconds have passed, and report the fastest round
    /// (small files are over in milliseconds, too short to time well).
    #[arg(long, default_value_t = 1.0, value_name = "SECONDS")]
    min_time: f64,
    /// Time the verdict with its solutions written out (what the window's check gets) instead
    /// of the count up to two (what the solvers compared in docs/performance.md time).
    #[arg(long)]
    solutions: bool,
    /// Time the grader instead: each puzzle graded once, with the median, 90th percentile and
    /// slowest time, and how many puzzles fall in each level.
    #[arg(long)]
    grade: bool,
    /// Time the generator instead: this many puzzles per level at 9x9 (and per level at 6x6,
    /// 12x12 and 16x16 up to Medium), each graded again afterwards.
    #[arg(long, value_name = "N")]
    generate: Option<usize>,
    /// Time the designer's live check instead: this many edits per size (9x9, 16x16, 25x25), from
    /// edit to verdict (conflicts, uniqueness, grade and hardest technique).
    #[arg(long, value_name = "N")]
    design: Option<usize>,
    /// Files of one-line puzzles (blank lines and lines starting with `#` are skipped).
    #[arg(required_unless_present_any = ["generate", "design"], value_name = "FILE")]
    files: Vec<PathBuf>,
}

/// Runs the benchmark; exit status 1 when a file cannot be read or holds a line that is not a
/// puzzle.
pub fn run(args: &[String]) -> ExitCode {
    let args: BenchArgs = parse_options("bench", args);
    if let Some(count) = args.design {
        super::bench_design::run(count);
        return ExitCode::SUCCESS;
    }
    if let Some(count) = args.generate {
        super::bench_generate::run(count, args.json);
        return ExitCode::SUCCESS;
    }
    let mut failed = false;
    for file in &args.files {
        let puzzles = match read_puzzles(file) {
            Ok(puzzles) => puzzles,
            Err(message) => {
                crate::err_out!("error: {}: {message}", file.display());
                failed = true;
                continue;
            }
        };
        if args.grade {
            report_grades(&file.display().to_string(), &puzzles, args.json);
            continue;
        }
        let result = time(
            &puzzles,
            Duration::from_secs_f64(args.min_time.max(0.0)),
            args.solutions,
        );
        let name = file.display().to_string();
        if args.json {
            crate::out!(
                "{}",
                json!({
                    "file": name,
                    "puzzles": puzzles.len(),
                    "unique": result.unique,
                    "multiple": result.multiple,
                    "none": result.none,
                    "per_second": result.per_second.round(),
                })
            );
        } else {
            crate::out!(
                "{name}: {} puzzles ({} unique, {} several, {} none): {:.0} puzzles/s",
                puzzles.len(),
                result.unique,
                result.multiple,
                result.none,
                result.per_second
            );
        }
    }
    if failed {
        ExitCode::from(EXIT_INVALID)
    } else {
        ExitCode::SUCCESS
    }
}

fn read_puzzles(file: &PathBuf) -> Result<Vec<SudokuPuzzle>, String> {
    let text = std::fs::read_to_string(file).map_err(|e| e.to_string())?;
    text.lines()
        .enumerate()
        .map(|(number, line)| (number, line.trim()))
        .filter(|(_, line)| !line.is_empty() && !line.starts_with('#'))
        .map(|(number, line)| {
            read_line(line).map_err(|e| {
                format!(
                    "line {}, character {}: {}",
                    number + 1,
                    e.position + 1,
                    e.kind
                )
            })
        })
        .collect()
}

struct Timing {
    unique: usize,
    multiple: usize,
    none: usize,
    per_second: f64,
}

/// Solves every puzzle, round after round until `min_time` has passed; the fastest round counts.
fn time(puzzles: &[SudokuPuzzle], min_time: Duration, solutions: bool) -> Timing {
    let started = Instant::now();
    let mut best = Duration::MAX;
    loop {
        let round = Instant::now();
        let counts = solve_all(puzzles, solutions);
        best = best.min(round.elapsed());
        if started.elapsed() >= min_time {
            let (unique, multiple, none) = counts;
            return Timing {
                unique,
                multiple,
                none,
                per_second: puzzles.len() as f64 / best.as_secs_f64().max(1e-9),
            };
        }
    }
}

/// How many puzzles have one solution, several, none: counted, or with the solutions written
/// out when `solutions`.
fn solve_all(puzzles: &[SudokuPuzzle], solutions: bool) -> (usize, usize, usize) {
    let never = CancelToken::new();
    let (mut unique, mut multiple, mut none) = (0, 0, 0);
    for puzzle in puzzles {
        let count = if solutions {
            sudoku_uniqueness(puzzle, &never).map(|verdict| {
                verdict.map(|verdict| match verdict {
                    Uniqueness::None => 0,
                    Uniqueness::Unique(_) => 1,
                    Uniqueness::Multiple(..) => 2,
                })
            })
        } else {
            sudoku_solution_count(puzzle, 2, &never)
        };
        match count {
            Ok(Some(1)) => unique += 1,
            Ok(Some(2..)) => multiple += 1,
            _ => none += 1,
        }
    }
    (unique, multiple, none)
}

/// Grades every puzzle once; prints the time per puzzle (median, 90th percentile, slowest) and
/// the levels.
fn report_grades(name: &str, puzzles: &[SudokuPuzzle], json: bool) {
    let never = CancelToken::new();
    let mut micros = Vec::with_capacity(puzzles.len());
    let mut levels = [0usize; SudokuLevel::ALL.len()];
    let mut ungraded = 0;
    for puzzle in puzzles {
        let started = Instant::now();
        let level = grade(puzzle, &never).ok().flatten();
        micros.push(started.elapsed().as_secs_f64() * 1e6);
        match level {
            Some(level) => levels[level as usize] += 1,
            None => ungraded += 1,
        }
    }
    micros.sort_by(f64::total_cmp);
    let at = |q: f64| {
        micros
            .get(((micros.len() as f64 - 1.0) * q).round() as usize)
            .copied()
            .unwrap_or(0.0)
    };
    let by_level: serde_json::Map<String, serde_json::Value> = SudokuLevel::ALL
        .iter()
        .map(|l| (l.name().to_string(), json!(levels[*l as usize])))
        .collect();
    if json {
        crate::out!(
            "{}",
            json!({
                "file": name,
                "puzzles": puzzles.len(),
                "median_micros": at(0.5).round(),
                "p90_micros": at(0.9).round(),
                "max_micros": at(1.0).round(),
                "levels": by_level,
                "ungraded": ungraded,
            })
        );
    } else {
        let levels: Vec<String> = by_level.iter().map(|(k, v)| format!("{k} {v}")).collect();
        crate::out!(
            "{name}: {} puzzles graded: median {:.0} µs, 90% {:.0} µs, slowest {:.0} µs; {}, \
             ungraded {ungraded}",
            puzzles.len(),
            at(0.5),
            at(0.9),
            at(1.0),
            levels.join(", ")
        );
    }
}
