//! `gridsmith check` and `gridsmith solve`: one result per input line, for people or as JSON lines.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;

use gridsmith_engine::keen::{
    DescError, Difficulty, GameId, KeenPuzzle, Uniqueness, grade, uniqueness, worked_solution,
};
use gridsmith_engine::{CancelToken, Grid};
use serde_json::{Value, json};

use super::EXIT_INVALID;
use super::input::{Item, expand};

/// Checks each input and reports its canonical form or the error.
pub fn check(inputs: &[String], json: bool) -> ExitCode {
    for_each_input(inputs, json, Mode::Check, |line, parsed, out| {
        let id = parsed?;
        let puzzle = &id.puzzle;
        if json {
            emit_json(
                out,
                json!({"input": line, "valid": true, "canonical": id.canonical(), "size": puzzle.size(), "cages": puzzle.cages().len()}),
            );
        } else {
            let w = puzzle.size();
            let _ = writeln!(
                out,
                "valid: {w}x{w}, {} cages\n  {}",
                puzzle.cages().len(),
                id.canonical()
            );
        }
        Ok(())
    })
}

/// Solves each input and reports how many solutions it has, its difficulty, and (with `steps`)
/// the whole logical solution.
pub fn solve(inputs: &[String], json: bool, steps: bool) -> ExitCode {
    for_each_input(inputs, json, Mode::Solve, |line, parsed, out| {
        let id = parsed?;
        let puzzle = &id.puzzle;
        let started = Instant::now();
        let verdict = uniqueness(puzzle, &CancelToken::new());
        let micros = started.elapsed().as_secs_f64() * 1e6;
        let Ok(verdict) = verdict else {
            unreachable!("the command line never raises its cancel token")
        };
        let difficulty = matches!(verdict, Uniqueness::Unique(_))
            .then(|| difficulty_of(puzzle))
            .flatten();
        let worked = steps.then(|| worked_solution(puzzle).0);
        if json {
            let mut object = json!({"input": line, "status": verdict.name(), "size": puzzle.size(), "difficulty": difficulty.map(Difficulty::name)});
            if let Some(worked) = &worked {
                object["steps"] = worked
                    .iter()
                    .map(|s| json!({"technique": s.deduction.technique, "level": s.deduction.level().name(), "text": s.text}))
                    .collect();
            }
            match &verdict {
                Uniqueness::Unique(grid) => object["solution"] = json!(grid),
                Uniqueness::Multiple(a, b) => object["solutions"] = json!([a, b]),
                Uniqueness::None => {}
            }
            object["micros"] = json!((micros * 1000.0).round() / 1000.0);
            emit_json(out, object);
        } else {
            if let Some(worked) = &worked {
                for (number, step) in worked.iter().enumerate() {
                    let level = step.deduction.level().name();
                    let _ = writeln!(out, "{:>4}. [{level}] {}", number + 1, step.text);
                }
                if worked.is_empty() {
                    let _ = writeln!(out, "no logical step applies to the empty grid");
                }
            }
            let _ = match &verdict {
                Uniqueness::Unique(grid) => {
                    let level = difficulty.map_or("unknown", Difficulty::name);
                    writeln!(
                        out,
                        "unique solution, difficulty {level} ({micros:.0} µs):\n{}",
                        indent(grid)
                    )
                }
                Uniqueness::Multiple(a, b) => {
                    let cells = a.differences(b).len();
                    writeln!(
                        out,
                        "several solutions; two of them, differing in {cells} cells:\n{}",
                        side_by_side(a, b)
                    )
                }
                Uniqueness::None => writeln!(out, "no solution: the clues contradict each other"),
            };
        }
        Ok(())
    })
}

/// The grade of a puzzle already known to have one solution.
fn difficulty_of(puzzle: &KeenPuzzle) -> Option<Difficulty> {
    grade(puzzle, &CancelToken::new())
        .ok()
        .and_then(|g| g.difficulty())
}

/// Which command is reporting: they word invalid input differently in JSON.
#[derive(Clone, Copy)]
enum Mode {
    Check,
    Solve,
}

/// Parses every input line, hands valid ones to `report`, and reports the invalid ones itself.
fn for_each_input(
    inputs: &[String],
    json: bool,
    mode: Mode,
    mut report: impl FnMut(&str, Result<GameId, DescError>, &mut dyn Write) -> Result<(), DescError>,
) -> ExitCode {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut any_invalid = false;
    let mut first = true;
    for item in expand(inputs) {
        if !json && !first {
            let _ = writeln!(out);
        }
        first = false;
        match item {
            Item::Unreadable { source, message } => {
                any_invalid = true;
                if json {
                    let error = json!({"position": null, "message": format!("cannot read {source}: {message}")});
                    emit_json(&mut out, invalid_object(mode, &source, error));
                } else {
                    let _ = writeln!(out, "{source}\nerror: cannot read it: {message}");
                }
            }
            Item::Line(line) => {
                if !json {
                    let _ = writeln!(out, "{line}");
                }
                let parsed = line.parse::<GameId>();
                if let Err(error) = report(&line, parsed, &mut out) {
                    any_invalid = true;
                    report_invalid(&mut out, mode, &line, &error, json);
                }
            }
        }
    }
    let _ = out.flush();
    if any_invalid {
        ExitCode::from(EXIT_INVALID)
    } else {
        ExitCode::SUCCESS
    }
}

fn invalid_object(mode: Mode, input: &str, error: Value) -> Value {
    match mode {
        Mode::Check => json!({"input": input, "valid": false, "error": error}),
        Mode::Solve => json!({"input": input, "status": "invalid", "error": error}),
    }
}

fn report_invalid(out: &mut dyn Write, mode: Mode, line: &str, error: &DescError, json: bool) {
    if json {
        let err = json!({"position": error.position, "message": error.kind.to_string()});
        emit_json(out, invalid_object(mode, line, err));
    } else {
        let _ = writeln!(out, "{}^", " ".repeat(error.position));
        let _ = writeln!(
            out,
            "error at character {}: {}",
            error.position + 1,
            error.kind
        );
    }
}

fn emit_json(out: &mut dyn Write, value: Value) {
    let _ = writeln!(out, "{value}");
}

fn indent(grid: &Grid) -> String {
    grid.to_string()
        .lines()
        .map(|l| format!("  {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

fn side_by_side(a: &Grid, b: &Grid) -> String {
    let (left, right) = (a.to_string(), b.to_string());
    left.lines()
        .zip(right.lines())
        .map(|(l, r)| format!("  {l}    {r}"))
        .collect::<Vec<_>>()
        .join("\n")
}
