//! `gridsmith book`: a printable PDF of numbered puzzles, a few to a page, each with its size and
//! grade, the solutions smaller at the back. The puzzles come from INPUT files or, without any,
//! from the generator (`gridsmith generate`'s own options after `--`, run on every core with its
//! progress bar, reproducible from `--seed`).

use std::io::BufRead;
use std::path::Path;
use std::process::{Command, ExitCode, Stdio};

use gridsmith_engine::{CancelToken, Uniqueness};

use super::input::{Item, for_each_item};
use super::{EXIT_INVALID, EXIT_USAGE};
use crate::genres::{self, Solvable};
use crate::render::book::{Entry, Paper, pages};
use crate::render::to_pdf_pages;

/// What `book` was asked for.
pub struct BookRequest<'a> {
    /// Puzzles or files of puzzles; none to generate them.
    pub inputs: &'a [String],
    /// The genre to generate.
    pub genre: &'a str,
    /// `gridsmith generate`'s options, when generating.
    pub generator: &'a [String],
    /// Puzzles a page.
    pub per_page: usize,
    /// The paper.
    pub paper: Paper,
    /// The title on the first page.
    pub title: &'a str,
    /// The PDF to write.
    pub output: &'a Path,
}

/// Makes the book; exit status 1 when a puzzle could not be read or solved, 2 for bad options.
pub fn book(request: &BookRequest<'_>) -> ExitCode {
    if ![1, 2, 4, 6].contains(&request.per_page) {
        eprintln!(
            "error: --per-page is 1, 2, 4 or 6, not {}",
            request.per_page
        );
        return ExitCode::from(EXIT_USAGE);
    }
    let puzzles = if request.inputs.is_empty() {
        match generated(request.genre, request.generator) {
            Ok(puzzles) => puzzles,
            Err(message) => {
                eprintln!("error: {message}");
                return ExitCode::from(EXIT_INVALID);
            }
        }
    } else {
        read_inputs(request.inputs)
    };
    let mut entries = Vec::new();
    let mut failed = false;
    for (text, grade) in puzzles {
        match entry(&text, grade) {
            Ok(entry) => entries.push(entry),
            Err(message) => {
                eprintln!("{text}: {message}");
                failed = true;
            }
        }
    }
    if entries.is_empty() {
        eprintln!("error: no puzzle to put in the book");
        return ExitCode::from(EXIT_INVALID);
    }
    let pdf = to_pdf_pages(&pages(
        request.title,
        &entries,
        request.per_page,
        request.paper,
    ))
    .and_then(|pdf| {
        std::fs::write(request.output, pdf)
            .map_err(|e| format!("cannot write {}: {e}", request.output.display()))
    });
    if let Err(message) = pdf {
        eprintln!("error: {message}");
        return ExitCode::from(EXIT_INVALID);
    }
    if failed {
        ExitCode::from(EXIT_INVALID)
    } else {
        ExitCode::SUCCESS
    }
}

/// The puzzles of the inputs, without grades (the book grades them).
fn read_inputs(inputs: &[String]) -> Vec<(String, Option<String>)> {
    let mut puzzles = Vec::new();
    for_each_item(inputs, &mut |item| {
        match item {
            Item::Line(line) => puzzles.push((line, None)),
            Item::Document { text, .. } => puzzles.push((text, None)),
            Item::Unreadable { source, message } => {
                eprintln!("{source}: cannot read it: {message}")
            }
        }
        true
    });
    puzzles
}

/// Puzzles from `gridsmith generate --genre GENRE OPTIONS --json`, this same program, with their
/// grades; its progress bar shows on standard error as it works.
fn generated(genre: &str, options: &[String]) -> Result<Vec<(String, Option<String>)>, String> {
    let program = std::env::current_exe().map_err(|e| e.to_string())?;
    let mut child = Command::new(program)
        .args(["generate", "--genre", genre])
        .args(options)
        .arg("--json")
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start the generator: {e}"))?;
    let stdout = child.stdout.take().ok_or("the generator has no output")?;
    let mut puzzles = Vec::new();
    for line in std::io::BufReader::new(stdout).lines() {
        let line = line.map_err(|e| e.to_string())?;
        let Ok(fields) = serde_json::from_str::<serde_json::Value>(&line) else {
            continue;
        };
        if let Some(id) = fields["id"].as_str() {
            let grade = fields["difficulty"].as_str().map(str::to_string);
            puzzles.push((id.to_string(), grade));
        }
    }
    let status = child.wait().map_err(|e| e.to_string())?;
    if !status.success() {
        return Err("the generator stopped (it said why above)".to_string());
    }
    Ok(puzzles)
}

/// One puzzle of the book: read, solved (it must have one solution), captioned.
fn entry(text: &str, grade: Option<String>) -> Result<Entry, String> {
    let puzzle = genres::read_text(text, None).map_err(|e| e.message)?;
    let cancel = CancelToken::new();
    let solution = match puzzle.solve(&cancel) {
        Ok(Uniqueness::Unique(values)) => values,
        Ok(_) => return Err("it has no single solution: a book needs one".to_string()),
        Err(_) => return Err("it was not solved".to_string()),
    };
    let grade = grade.or_else(|| puzzle.grade(&cancel).ok().flatten().map(str::to_string));
    Ok(Entry {
        caption: caption(puzzle.as_ref(), grade.as_deref()),
        puzzle: puzzle.drawing(None),
        solution: puzzle.drawing(Some(&solution)),
    })
}

fn caption(puzzle: &dyn Solvable, grade: Option<&str>) -> String {
    let genre = genres::COMMAND_LINE
        .iter()
        .find(|g| g.id() == puzzle.genre_id())
        .map_or(puzzle.genre_id(), |g| g.title());
    match grade {
        Some(grade) => format!("{genre} {}, {grade}", puzzle.size_label()),
        None => format!("{genre} {}", puzzle.size_label()),
    }
}
