//! `gridsmith render`: pictures of puzzles of any genre, as SVG (PNG and PDF are still to come),
//! each genre's one drawing written out; with `--solution`, the solution drawn in.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use gridsmith_engine::{CancelToken, Uniqueness};

use super::input::{Item, for_each_item};
use super::{EXIT_INVALID, EXIT_USAGE};
use crate::genres::{self, Solvable, TextGenre};
use crate::render::to_svg;

/// How long `--solution` looks for the solution of each puzzle.
const SOLVE_LIMIT: Duration = Duration::from_secs(10);

/// What `render` was asked for.
pub struct RenderRequest<'a> {
    /// Puzzles, files of puzzles, or `-`.
    pub inputs: &'a [String],
    /// Draw the solution in.
    pub solution: bool,
    /// The output format's name.
    pub format: &'a str,
    /// Where to write: a file for one picture, a folder for several; standard output without.
    pub output: Option<&'a Path>,
    /// The genre every input is read as, if forced.
    pub genre: Option<&'static dyn TextGenre>,
}

/// Renders every input; exit status 1 when any could not be read, drawn or written.
pub fn render(request: &RenderRequest<'_>) -> ExitCode {
    if request.format != "svg" {
        eprintln!("error: only --format svg is built so far; PNG and PDF are still to come");
        return ExitCode::from(EXIT_USAGE);
    }
    let mut pictures: Vec<(String, String)> = Vec::new();
    let mut failed = false;
    for_each_item(request.inputs, &mut |item| {
        let (name, text) = match item {
            Item::Line(line) => (line.clone(), line),
            Item::Document { source, text } => (source, text),
            Item::Unreadable { source, message } => {
                eprintln!("{source}: cannot read it: {message}");
                failed = true;
                return true;
            }
        };
        match picture(&text, request) {
            Ok(svg) => pictures.push((name, svg)),
            Err(message) => {
                eprintln!("{}: {message}", short(&name));
                failed = true;
            }
        }
        true
    });
    if let Err(message) = write_out(&pictures, request.output) {
        eprintln!("error: {message}");
        failed = true;
    }
    if failed {
        ExitCode::from(EXIT_INVALID)
    } else {
        ExitCode::SUCCESS
    }
}

/// One puzzle's picture as SVG, or why not.
fn picture(text: &str, request: &RenderRequest<'_>) -> Result<String, String> {
    let puzzle = genres::read_text(text, request.genre).map_err(|e| e.message)?;
    let solution = if request.solution {
        Some(solution_of(puzzle.as_ref())?)
    } else {
        None
    };
    Ok(to_svg(&puzzle.drawing(solution.as_deref())))
}

/// The one solution, or why it cannot be drawn.
fn solution_of(puzzle: &dyn Solvable) -> Result<Vec<u16>, String> {
    let cancel = CancelToken::new();
    let (done, waiting) = std::sync::mpsc::channel::<()>();
    let timer = cancel.clone();
    std::thread::spawn(move || {
        if waiting.recv_timeout(SOLVE_LIMIT).is_err() {
            timer.cancel();
        }
    });
    let answer = puzzle.solve(&cancel);
    drop(done);
    match answer {
        Ok(Uniqueness::Unique(values)) => Ok(values),
        Ok(Uniqueness::Multiple(..)) => Err("it has several solutions: none to draw".into()),
        Ok(Uniqueness::None) => Err("it has no solution to draw".into()),
        Err(_) => Err(format!(
            "no solution within {} s to draw",
            SOLVE_LIMIT.as_secs()
        )),
    }
}

/// Writes the pictures: to standard output without `--output`, to the file it names for one
/// picture, into the folder it names (made if need be) as `puzzle-1.svg`, ... for several.
fn write_out(pictures: &[(String, String)], output: Option<&Path>) -> Result<(), String> {
    match (output, pictures) {
        (_, []) => Ok(()),
        (None, pictures) => {
            let mut out = std::io::stdout().lock();
            for (_, svg) in pictures {
                out.write_all(svg.as_bytes()).map_err(|e| e.to_string())?;
            }
            Ok(())
        }
        (Some(path), [(_, svg)]) if !path.is_dir() => write_file(path, svg),
        (Some(folder), pictures) => {
            std::fs::create_dir_all(folder)
                .map_err(|e| format!("cannot make the folder {}: {e}", folder.display()))?;
            for (index, (_, svg)) in pictures.iter().enumerate() {
                let path: PathBuf = folder.join(format!("puzzle-{}.svg", index + 1));
                write_file(&path, svg)?;
            }
            Ok(())
        }
    }
}

fn write_file(path: &Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// An input's name for a message: its first 60 characters.
fn short(name: &str) -> String {
    match name.char_indices().nth(60) {
        Some((cut, _)) => format!("{}…", &name[..cut]),
        None => name.to_string(),
    }
}
