//! `gridsmith bench --genre rikudo FILE...`: the exact solver's full uniqueness answer for each
//! Rikudo JSON file, one thread, reading excluded: microseconds per answer (the fastest of as many
//! rounds as fit in the minimum time), and the median and slowest over the files.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Parser;
use gridsmith_engine::CancelToken;
use gridsmith_engine::rikudo::{
    RikudoPuzzle, RikudoRequest, RikudoShape, generate_rikudo, read_rikudo, rikudo_uniqueness,
};
use serde_json::json;

use crate::cli::{EXIT_INVALID, parse_options};

/// `gridsmith bench --genre rikudo`.
#[derive(Debug, Parser)]
#[command(
    name = "gridsmith bench --genre rikudo",
    about = "Time the Rikudo solver's uniqueness answer (none, one or several) on Rikudo JSON files"
)]
struct BenchArgs {
    /// Print one JSON object per file: file, cells, status, micros.
    #[arg(long)]
    json: bool,
    /// Solve each file again until this many seconds have passed and report the fastest round.
    #[arg(long, default_value_t = 0.2, value_name = "SECONDS")]
    min_time: f64,
    /// Time the generator instead: this many puzzles per shape (4 dots each), and the solver
    /// on what it made.
    #[arg(long, value_name = "N")]
    generate: Option<usize>,
    /// With --generate: the grade to make.
    #[arg(long, value_enum, default_value = "any", value_name = "LEVEL")]
    difficulty: super::cli::LevelArg,
    /// Time the designer's live check after each single-given removal instead: on the files,
    /// or with --generate on that many puzzles per shape.
    #[arg(long)]
    design: bool,
    /// Rikudo JSON files, one puzzle each.
    #[arg(required_unless_present = "generate", value_name = "FILE")]
    files: Vec<PathBuf>,
}

/// The median and the largest of `times`.
fn median_max(times: &mut [f64]) -> (f64, f64) {
    times.sort_by(f64::total_cmp);
    let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
    (median, times.last().copied().unwrap_or(0.0))
}

/// `--generate N`: per shape, the generator's time and the solver's on the puzzles it made.
fn bench_generate(count: usize, difficulty: super::cli::LevelArg) {
    let level = difficulty.level();
    crate::out!(
        "Generator, {} per shape (4 dots, {}), one thread\n",
        crate::ui::text::counted(count, "puzzle", "puzzles"),
        level.map_or("any level", |l| l.name())
    );
    crate::out!(
        "| shape | make: median ms | make: max ms | givens (median) | solve: median µs | solve: max µs |"
    );
    crate::out!("|---|---|---|---|---|---|");
    let never = CancelToken::new();
    for shape in RikudoShape::ALL {
        let (mut make, mut solve, mut givens) = (Vec::new(), Vec::new(), Vec::new());
        for index in 0..count {
            let request = RikudoRequest {
                shape,
                dots: 4,
                level,
            };
            let started = Instant::now();
            let Ok(made) =
                generate_rikudo(&request, &format!("bench-{index}"), &never, &mut |_| {})
            else {
                continue;
            };
            make.push(started.elapsed().as_secs_f64() * 1e3);
            givens.push(made.puzzle.givens().iter().flatten().count() as f64);
            let started = Instant::now();
            let _ = rikudo_uniqueness(&made.puzzle, &never);
            solve.push(started.elapsed().as_secs_f64() * 1e6);
        }
        let (make_median, make_max) = median_max(&mut make);
        let (solve_median, solve_max) = median_max(&mut solve);
        let (givens_median, _) = median_max(&mut givens);
        crate::out!(
            "| {} | {make_median:.1} | {make_max:.1} | {givens_median} | {solve_median:.1} | {solve_max:.1} |",
            shape.name()
        );
    }
}

/// `count` puzzles of each shape at `difficulty`, made from fixed seeds.
fn generated(count: usize, difficulty: super::cli::LevelArg) -> Vec<RikudoPuzzle> {
    let never = CancelToken::new();
    RikudoShape::ALL
        .into_iter()
        .flat_map(|shape| (0..count).map(move |index| (shape, index)))
        .filter_map(|(shape, index)| {
            let request = RikudoRequest {
                shape,
                dots: 4,
                level: difficulty.level(),
            };
            generate_rikudo(&request, &format!("bench-{index}"), &never, &mut |_| {})
                .ok()
                .map(|made| made.puzzle)
        })
        .collect()
}

/// Runs the benchmark; exit status 1 when a file cannot be read or is not a puzzle.
pub fn run(args: &[String]) -> ExitCode {
    let args: BenchArgs = parse_options("bench", args);
    if args.design {
        let puzzles = match args.generate {
            Some(count) => generated(count, args.difficulty),
            None => args
                .files
                .iter()
                .filter_map(|file| {
                    let text = std::fs::read_to_string(file).ok()?;
                    Some(read_rikudo(&text).ok()?.puzzle)
                })
                .collect(),
        };
        super::bench_design::run(&puzzles);
        return ExitCode::SUCCESS;
    }
    if let Some(count) = args.generate {
        bench_generate(count, args.difficulty);
        return ExitCode::SUCCESS;
    }
    let mut failed = false;
    let mut times = Vec::new();
    if !args.json {
        crate::out!("| file | cells | answer | µs |");
        crate::out!("|---|---|---|---|");
    }
    for file in &args.files {
        let name = file.display().to_string();
        let puzzle = match std::fs::read_to_string(file)
            .map_err(|e| e.to_string())
            .and_then(|text| read_rikudo(&text).map_err(|e| e.to_string()))
        {
            Ok(read) => read.puzzle,
            Err(message) => {
                crate::err_out!("error: {name}: {message}");
                failed = true;
                continue;
            }
        };
        let never = CancelToken::new();
        let min_time = Duration::from_secs_f64(args.min_time.max(0.0));
        let started = Instant::now();
        let mut best = Duration::MAX;
        let mut status = "";
        loop {
            let round = Instant::now();
            status = match rikudo_uniqueness(&puzzle, &never) {
                Ok(answer) => answer.name(),
                Err(_) => status,
            };
            best = best.min(round.elapsed());
            if started.elapsed() >= min_time {
                break;
            }
        }
        let micros = best.as_secs_f64() * 1e6;
        times.push(micros);
        if args.json {
            crate::out!(
                "{}",
                json!({"file": name, "cells": puzzle.cell_count(), "status": status,
                       "micros": (micros * 10.0).round() / 10.0})
            );
        } else {
            crate::out!(
                "| {name} | {} | {status} | {micros:.1} |",
                puzzle.cell_count()
            );
        }
    }
    if !args.json && !times.is_empty() {
        times.sort_by(f64::total_cmp);
        crate::out!(
            "\n{} files: median {:.1} µs, slowest {:.1} µs",
            times.len(),
            times[times.len() / 2],
            times[times.len() - 1]
        );
    }
    if failed {
        ExitCode::from(EXIT_INVALID)
    } else {
        ExitCode::SUCCESS
    }
}
