//! `gridsmith check` and `gridsmith solve`: one result per input line, for people or as JSON
//! lines, for any genre (each line's genre is recognised from its text unless `--genre` forces one).

use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use gridsmith_engine::Uniqueness;
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::{Value, json};
use unicode_width::UnicodeWidthChar;

use super::EXIT_INVALID;
use super::deadline::Deadline;
use super::input::{Item, for_each_item, long_line_origin};
use super::repairs::{repairs_json, write_repairs};
use crate::genres::{self, Solvable, TextError, TextGenre};

/// Checks each input and reports its canonical form or the error.
pub fn check(inputs: &[String], json: bool, genre: Option<&'static dyn TextGenre>) -> ExitCode {
    for_each_input(
        inputs,
        json,
        Mode::Check,
        genre,
        None,
        |reading, puzzle, out, _| {
            let line = reading.input;
            // One line in, one line out: a file of one-line puzzles gets back what it could hold.
            let canonical = if reading.text.trim_end().contains('\n') {
                puzzle.text()
            } else {
                puzzle.one_line_text()
            };
            if json {
                let mut object = puzzle.check_fields();
                object.insert("input".into(), json!(echoed(line)));
                object.insert("valid".into(), json!(true));
                object.insert("canonical".into(), json!(canonical));
                object.insert("genre".into(), json!(puzzle.genre_id()));
                emit_json(out, Value::Object(object));
            } else {
                let _ = writeln!(
                    out,
                    "valid: {}\n{}",
                    puzzle.check_summary(),
                    indent(&canonical)
                );
            }
            true
        },
    )
}

/// Solves each input and reports how many solutions it has, its difficulty, and (with `steps`)
/// the whole logical solution.
pub fn solve(
    inputs: &[String],
    json: bool,
    steps: bool,
    timeout: Option<Duration>,
    genre: Option<&'static dyn TextGenre>,
) -> ExitCode {
    // The time limit starts as the puzzle is read: a random-seed ID's puzzle is made then.
    for_each_input(
        inputs,
        json,
        Mode::Solve,
        genre,
        timeout,
        |reading, puzzle, out, deadline| {
            let line = reading.input;
            let started = Instant::now();
            let bar = solving_bar();
            let verdict = puzzle.solve_with_progress(&deadline.cancel, &mut |done, total| {
                bar.set_length(total as u64);
                bar.set_position(done as u64);
            });
            bar.finish_and_clear();
            let micros = started.elapsed().as_secs_f64() * 1e6;
            let Ok(verdict) = verdict else {
                report_unknown(out, line, puzzle.genre_id(), timeout, micros, json);
                return false;
            };
            // The grade shares what is left of the time; running out only leaves it unknown.
            let difficulty = match verdict {
                Uniqueness::Unique(_) => puzzle.grade(&deadline.cancel).ok().flatten(),
                _ => None,
            };
            let worked = steps.then(|| puzzle.steps());
            let repairs = match verdict {
                Uniqueness::None => puzzle.repairs(&deadline.cancel),
                _ => Vec::new(),
            };
            if json {
                let mut object = json!({
                    "input": echoed(line),
                    "genre": puzzle.genre_id(),
                    "status": verdict.name(),
                    "difficulty": difficulty,
                });
                // Grid genres have a side; a Rikudo board has cells instead (its own field).
                if let Some(size) = puzzle.check_fields().get("size") {
                    object["size"] = size.clone();
                }
                for (key, value) in puzzle.solve_fields() {
                    object[key] = value;
                }
                if let Some(worked) = &worked {
                    object["steps"] = worked
                        .iter()
                        .map(
                            |s| json!({"technique": s.technique, "level": s.level, "text": s.text}),
                        )
                        .collect();
                }
                match &verdict {
                    Uniqueness::Unique(values) => object["solution"] = puzzle.solution_json(values),
                    Uniqueness::Multiple(a, b) => {
                        object["solutions"] =
                            json!([puzzle.solution_json(a), puzzle.solution_json(b)])
                    }
                    Uniqueness::None => object["repairs"] = repairs_json(&repairs),
                }
                object["micros"] = json!((micros * 1000.0).round() / 1000.0);
                emit_json(out, object);
            } else {
                if let Some(worked) = &worked {
                    for (number, step) in worked.iter().enumerate() {
                        let _ = writeln!(out, "{:>4}. [{}] {}", number + 1, step.level, step.text);
                    }
                    if worked.is_empty() {
                        let why = match (puzzle.no_steps_reason(), &verdict) {
                            (Some(reason), _) => format!("no steps: {reason}"),
                            (None, Uniqueness::Unique(_)) => {
                                "no logical step applies at the start".to_string()
                            }
                            (None, _) => "no logical step applies at the start (the puzzle has \
                                      no single solution to reason towards)"
                                .to_string(),
                        };
                        let _ = writeln!(out, "{why}");
                    }
                }
                let _ = match &verdict {
                    Uniqueness::Unique(values) => {
                        // A grid nothing grades says why, rather than "difficulty unknown".
                        let grade = match (difficulty, puzzle.no_steps_reason()) {
                            (Some(level), _) => format!("difficulty {level}"),
                            (None, Some(reason)) => format!("not graded ({reason})"),
                            (None, None) => "difficulty unknown".to_string(),
                        };
                        writeln!(
                            out,
                            "unique solution, {grade}, in {micros:.0} µs:\n{}",
                            indent(&puzzle.solution_text(values))
                        )
                    }
                    Uniqueness::Multiple(a, b) => {
                        let cells = a.iter().zip(b).filter(|(x, y)| x != y).count();
                        writeln!(
                            out,
                            "several solutions; two of them, differing in {cells} cells:\n{}",
                            side_by_side(&puzzle.solution_text(a), &puzzle.solution_text(b))
                        )
                    }
                    Uniqueness::None => {
                        let clues = puzzle.clues_word();
                        // What the givens alone show ("box 1 holds 1 twice"), when they do.
                        let why = puzzle
                            .why_no_solution()
                            .unwrap_or_else(|| format!("the {clues} contradict each other"));
                        writeln!(out, "no solution: {why}")
                            .and_then(|()| write_repairs(out, &repairs))
                    }
                };
            }
            true
        },
    )
}

/// Says that no answer came within the time limit.
fn report_unknown(
    out: &mut dyn Write,
    input: &str,
    genre: &str,
    timeout: Option<Duration>,
    micros: f64,
    json: bool,
) {
    let seconds = timeout.map_or(0.0, |t| t.as_secs_f64());
    let reason = format!(
        "no answer within {seconds} s; --timeout SECONDS gives the solver longer (0: no limit)"
    );
    if json {
        emit_json(
            out,
            json!({
                "input": echoed(input),
                "genre": genre,
                "status": "unknown",
                "reason": reason,
                "micros": (micros * 1000.0).round() / 1000.0,
            }),
        );
    } else {
        let _ = writeln!(out, "unknown: {reason}");
    }
}

/// A bar on standard error for a long solve (a 1024x1024 Sudoku), drawn only when standard error
/// is a terminal and the solver reports progress.
fn solving_bar() -> ProgressBar {
    let bar = ProgressBar::no_length();
    if let Ok(style) = ProgressStyle::with_template("solving {bar:40} {pos}/{len} cells, {elapsed}")
    {
        bar.set_style(style);
    }
    bar
}

/// Which command is reporting: they word invalid input differently in JSON.
#[derive(Clone, Copy)]
enum Mode {
    Check,
    Solve,
}

/// Reads every input line, hands each puzzle to `report`, and reports the invalid ones itself.
/// Stops reading once the output has closed (`| head`).
fn for_each_input(
    inputs: &[String],
    json: bool,
    mode: Mode,
    genre: Option<&'static dyn TextGenre>,
    timeout: Option<Duration>,
    mut report: impl FnMut(&Reading<'_>, &Arc<dyn Solvable>, &mut dyn Write, &Deadline) -> bool,
) -> ExitCode {
    let stdout = io::stdout();
    let mut out = Watched::new(stdout.lock());
    let mut any_invalid = false;
    let mut first = true;
    for_each_item(inputs, &mut |item| {
        if !json && !first {
            let _ = writeln!(out);
        }
        first = false;
        match item {
            Item::Unreadable { source, message } => {
                any_invalid = true;
                if json {
                    let message = format!("cannot read {source}: {message}");
                    let error = json!({"position": null, "message": message});
                    emit_json(&mut out, invalid_object(mode, &source, None, error));
                } else {
                    let _ = writeln!(out, "{source}\nerror: cannot read it: {message}");
                }
            }
            Item::Line { text, origin } => {
                let echo = match long_line_origin(&text, origin.clone()) {
                    _ if json => Echo::Nothing,
                    Some(origin) => Echo::Origin(origin),
                    None => origin.map_or(Echo::Line, Echo::LineFrom),
                };
                any_invalid |= !read_and_report(
                    &mut out,
                    &Reading {
                        mode,
                        input: &text,
                        text: &text,
                        genre,
                        json,
                        echo,
                        timeout,
                    },
                    &mut report,
                );
            }
            Item::Document {
                source,
                text,
                first_line,
            } => {
                if !json {
                    let _ = writeln!(out, "{source}");
                }
                any_invalid |= !read_and_report(
                    &mut out,
                    &Reading {
                        mode,
                        input: &source,
                        text: &text,
                        genre,
                        json,
                        echo: if json {
                            Echo::Nothing
                        } else {
                            Echo::Document(first_line)
                        },
                        timeout,
                    },
                    &mut report,
                );
            }
        }
        let _ = out.flush();
        !out.closed
    });
    if any_invalid {
        ExitCode::from(EXIT_INVALID)
    } else {
        ExitCode::SUCCESS
    }
}

/// The most of an input echoed back: the canonical form says the rest.
const ECHO_CHARS: usize = 1000;

/// `input`, or its first [`ECHO_CHARS`] characters and how many more there were.
fn echoed(input: &str) -> std::borrow::Cow<'_, str> {
    match input.char_indices().nth(ECHO_CHARS) {
        None => input.into(),
        Some((cut, _)) => {
            let more = input[cut..].chars().count();
            format!("{}… ({more} more characters)", &input[..cut]).into()
        }
    }
}

/// A writer that remembers whether a write failed (the reader went away).
struct Watched<W> {
    inner: W,
    closed: bool,
}

impl<W: Write> Watched<W> {
    fn new(inner: W) -> Self {
        Self {
            inner,
            closed: false,
        }
    }
}

impl<W: Write> Write for Watched<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let written = self.inner.write(bytes);
        self.closed |= written.is_err();
        written
    }

    fn flush(&mut self) -> io::Result<()> {
        let flushed = self.inner.flush();
        self.closed |= flushed.is_err();
        flushed
    }
}

/// What the human-readable output shows of the input before its report.
#[derive(Clone, PartialEq, Eq)]
enum Echo {
    /// Nothing (JSON output, or a document already named by its file).
    Nothing,
    /// The line itself.
    Line,
    /// The line itself, read from a file ("FILE, line N"), which an error names above it.
    LineFrom(String),
    /// Where a long line was read ("FILE, line N"), and under an error the stretch around it.
    Origin(String),
    /// A document named by its file: under an error, the line of the document it is on (the
    /// document starting on this line of the file).
    Document(usize),
}

/// One puzzle to read: `input` names it in the output, `text` is what is read.
struct Reading<'a> {
    mode: Mode,
    input: &'a str,
    text: &'a str,
    genre: Option<&'static dyn TextGenre>,
    json: bool,
    echo: Echo,
    /// How long reading and answering may take.
    timeout: Option<Duration>,
}

/// Reads one puzzle and reports it; false when it is invalid or its report says it could not be
/// answered.
fn read_and_report(
    out: &mut dyn Write,
    reading: &Reading<'_>,
    report: &mut impl FnMut(&Reading<'_>, &Arc<dyn Solvable>, &mut dyn Write, &Deadline) -> bool,
) -> bool {
    let started = Instant::now();
    let deadline = Deadline::start(reading.timeout);
    match genres::read_text_within(reading.text, reading.genre, &deadline.cancel) {
        Ok(puzzle) => {
            echo_label(out, reading);
            report(reading, &puzzle, out, &deadline)
        }
        Err(error) => {
            let genre = reading
                .genre
                .unwrap_or_else(|| genres::detect_text(reading.text));
            if deadline.cancel.is_cancelled() {
                // Out of time while making a random-seed ID's puzzle: unknown, not invalid.
                if !reading.json {
                    echo_label(out, reading);
                }
                let micros = started.elapsed().as_secs_f64() * 1e6;
                let (input, timeout) = (reading.input, reading.timeout);
                report_unknown(out, input, genre.id(), timeout, micros, reading.json);
                return false;
            }
            if reading.json {
                let err = json!({"position": error.position, "message": error.message});
                let object = invalid_object(reading.mode, reading.input, Some(genre.id()), err);
                emit_json(out, object);
            } else {
                report_invalid(out, reading, &error);
            }
            false
        }
    }
}

/// The line above a report that names its input: the line itself, or where a long one was read
/// (a document's name is written by the caller).
fn echo_label(out: &mut dyn Write, reading: &Reading<'_>) {
    match &reading.echo {
        Echo::Line | Echo::LineFrom(_) => {
            let _ = writeln!(out, "{}", echoed(reading.input));
        }
        Echo::Origin(origin) => {
            let _ = writeln!(out, "{origin}");
        }
        Echo::Nothing | Echo::Document(_) => {}
    }
}

fn invalid_object(mode: Mode, input: &str, genre: Option<&str>, error: Value) -> Value {
    let input = echoed(input);
    let mut object = match mode {
        Mode::Check => json!({"input": input, "valid": false, "error": error}),
        Mode::Solve => json!({"input": input, "status": "invalid", "error": error}),
    };
    // Every line says its genre: null when nothing could be read to tell it.
    object["genre"] = json!(genre);
    object
}

/// The error of an input that could not be read, under the echoed line when there is one: the
/// whole line with a caret when it is short, else the stretch around the error (a one-line JSON
/// document can run to thousands of characters). In a document, the line the error is on, with
/// its number, as a compiler shows it.
fn report_invalid(out: &mut dyn Write, reading: &Reading<'_>, error: &TextError) {
    let Some(position) = error.position else {
        if let Echo::LineFrom(origin) = &reading.echo {
            let _ = writeln!(out, "{origin}");
        }
        echo_label(out, reading);
        let _ = writeln!(out, "error: {}", error.message);
        return;
    };
    match &reading.echo {
        Echo::Nothing => {}
        Echo::Line | Echo::Origin(_) | Echo::LineFrom(_) => {
            if let Echo::Origin(origin) | Echo::LineFrom(origin) = &reading.echo {
                let _ = writeln!(out, "{origin}");
            }
            show_with_caret(out, "", reading.input, position);
        }
        Echo::Document(first_line) => {
            let (number, line, column) = genres::line_and_column(reading.text, position);
            let number = number + first_line.saturating_sub(1);
            show_with_caret(out, &format!("{number} | "), line, column);
            // The gutter and the caret place it; the formats' messages name the line themselves.
            let message = super::input::counted_in_file(
                &genres::without_inner_location(&error.message),
                *first_line,
            );
            let _ = writeln!(out, "error: {message}");
            return;
        }
    }
    let _ = writeln!(
        out,
        "error at character {}: {}",
        position + 1,
        genres::without_inner_location(&error.message)
    );
}

/// `line` (or the stretch of it around `position`) after `gutter`, and a caret under the
/// character at `position`.
fn show_with_caret(out: &mut dyn Write, gutter: &str, line: &str, position: usize) {
    let (shown, caret) = around(line, position);
    // Columns, not characters: a wide character (a kanji symbol) takes two.
    let columns: usize = gutter.chars().count()
        + shown
            .chars()
            .take(caret)
            .filter_map(|c| c.width())
            .sum::<usize>();
    let _ = writeln!(out, "{gutter}{shown}");
    let _ = writeln!(out, "{}^", " ".repeat(columns));
}

/// Lines up to this many characters are echoed whole under an error.
const ERROR_LINE_CHARS: usize = 100;
/// Characters shown before and after an error's position on a longer line.
const BEFORE_ERROR: usize = 60;
const AFTER_ERROR: usize = 20;

/// What of `line` to show above an error at character `position`, and the caret's column in it.
fn around(line: &str, position: usize) -> (String, usize) {
    let chars: Vec<char> = line.chars().collect();
    if chars.len() <= ERROR_LINE_CHARS {
        return (line.to_string(), position);
    }
    let start = position.saturating_sub(BEFORE_ERROR).min(chars.len());
    let end = (position + AFTER_ERROR).min(chars.len());
    let mut shown = String::new();
    if start > 0 {
        shown.push('…');
    }
    shown.extend(&chars[start..end]);
    if end < chars.len() {
        shown.push_str(&format!("… ({} characters in all)", chars.len()));
    }
    (shown, usize::from(start > 0) + position - start)
}

fn emit_json(out: &mut dyn Write, value: Value) {
    let _ = writeln!(out, "{value}");
}

fn indent(text: &str) -> String {
    text.lines()
        .map(|l| format!("  {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

fn side_by_side(left: &str, right: &str) -> String {
    left.lines()
        .zip(right.lines())
        .map(|(l, r)| format!("  {l}    {r}"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::around;

    #[test]
    fn a_long_line_shows_the_stretch_around_its_error() {
        let short = "6:a_b,a3";
        assert_eq!(around(short, 4), (short.to_string(), 4));
        let long: String = (0..500)
            .map(|i| char::from(b'a' + (i % 26) as u8))
            .collect();
        let (shown, caret) = around(&long, 300);
        let at: Vec<char> = shown.chars().collect();
        assert_eq!(at[caret], long.chars().nth(300).expect("in the line"));
        assert!(shown.starts_with('…') && shown.ends_with("(500 characters in all)"));
        assert!(shown.chars().count() < 120, "{shown}");
        let (start, caret) = around(&long, 10);
        assert_eq!(start.chars().nth(caret), long.chars().nth(10));
        let (end, caret) = around(&long, 499);
        assert_eq!(end.chars().nth(caret), long.chars().nth(499));
        assert!(!end.contains("in all"));
    }

    proptest::proptest! {
        /// Whatever the line (accents, wide characters) and wherever the error, the caret sits
        /// under the character at fault and the echo stays short.
        #[test]
        fn the_caret_is_under_the_fault(line in "[a-zé漢,:{}\\[\\]]{1,400}", at in 0usize..400) {
            let count = line.chars().count();
            let position = at % count;
            let (shown, caret) = around(&line, position);
            proptest::prop_assert_eq!(shown.chars().nth(caret), line.chars().nth(position));
            proptest::prop_assert!(shown.chars().count() <= 120);
        }
    }
}
