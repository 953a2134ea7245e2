//! `gridsmith render`: pictures of puzzles of any genre, as SVG, PNG or PDF, each genre's one
//! drawing written out; with `--solution`, the solution drawn in.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use gridsmith_engine::Uniqueness;

use super::input::{Item, for_each_item};
use super::{EXIT_INVALID, EXIT_USAGE};
use crate::genres::{self, Solvable, TextGenre};
use crate::render::book::{Entry, Paper, single};
use crate::render::{Drawing, to_pdf, to_pdf_pages, to_png, to_svg};

/// An SVG past this size (a 1024x1024 Sudoku's is about 370 MB) is said to be large.
const LARGE_SVG_BYTES: usize = 64 << 20;

/// A PNG's width when `--size` does not say.
const DEFAULT_PNG_WIDTH: u32 = 800;

/// How long `--solution` looks for the solution of each puzzle.
const SOLVE_LIMIT: Duration = Duration::from_secs(10);

/// What `render` was asked for.
pub struct RenderRequest<'a> {
    /// Puzzles, files of puzzles, or `-`.
    pub inputs: &'a [String],
    /// Draw the solution in.
    pub solution: bool,
    /// The output format's name, if given.
    pub format: Option<&'a str>,
    /// A PNG's width in pixels, if given.
    pub size: Option<u32>,
    /// Where to write: a file for one picture, a folder for several; standard output without.
    pub output: Option<&'a Path>,
    /// A PDF as a page of this paper, the puzzle under its name, genre and size; a picture to
    /// scale without.
    pub paper: Option<Paper>,
    /// The genre every input is read as, if forced.
    pub genre: Option<&'static dyn TextGenre>,
}

/// Renders every input; exit status 1 when any could not be read, drawn or written.
pub fn render(request: &RenderRequest<'_>) -> ExitCode {
    let format = match format_for(request.format, request.output) {
        Ok(format) => format,
        Err(message) => {
            crate::err_out!("error: {message}");
            return ExitCode::from(EXIT_USAGE);
        }
    };
    if let Some(size) = request.size
        && format != Format::Png
    {
        crate::err_out!(
            "warning: --size {size} sets a PNG's width; {} is drawn to scale, so it is left as it \
             is",
            format.with_article()
        );
    }
    if request.paper.is_some() && format != Format::Pdf {
        crate::err_out!(
            "warning: --paper sets a PDF's page; {} is a picture drawn as it is",
            format.with_article()
        );
    }
    if format != Format::Svg && request.output.is_none() && std::io::stdout().is_terminal() {
        crate::err_out!(
            "error: {} is not for the terminal: give -o FILE (or pipe it)",
            format.with_article()
        );
        return ExitCode::from(EXIT_USAGE);
    }
    // Each picture with its input's place, so that files are numbered by input, not by success.
    let mut pictures: Vec<(usize, Vec<u8>)> = Vec::new();
    let mut failed = false;
    let mut inputs = 0;
    for_each_item(request.inputs, &mut |item| {
        inputs += 1;
        let (name, text, first_line) = match item {
            // Named by where it was read, as `book` names it (a typed puzzle by itself, cut
            // short when long: a file's path stays whole, to be copied).
            Item::Line { text, origin } => (origin.unwrap_or_else(|| short(&text)), text, 1),
            Item::Document {
                source,
                text,
                first_line,
            } => (source, text, first_line),
            Item::Unreadable { source, message } => {
                crate::err_out!("error: {source}: cannot read it: {message}");
                failed = true;
                return true;
            }
        };
        let written = picture(&text, request).and_then(|(drawing, title)| {
            if format != Format::Svg {
                warn_missing_glyphs(&name, &drawing);
            }
            match (format, request.paper) {
                (Format::Svg, _) => Ok(to_svg(&drawing).into_bytes()),
                (Format::Png, _) => to_png(&drawing, request.size.unwrap_or(DEFAULT_PNG_WIDTH)),
                (Format::Pdf, None) => to_pdf(&drawing),
                (Format::Pdf, Some(paper)) => {
                    let entry = Entry {
                        caption: String::new(),
                        solution: drawing.clone(),
                        puzzle: drawing,
                        cells: 0,
                    };
                    to_pdf_pages(&single(&title, &entry, false, paper), &title)
                }
            }
        });
        match written {
            Ok(bytes) => {
                if format == Format::Svg && bytes.len() > LARGE_SVG_BYTES {
                    crate::err_out!(
                        "warning: {}: its SVG is {} MB, which many viewers open slowly; \
                         --format png draws it smaller",
                        name,
                        bytes.len() >> 20
                    );
                }
                pictures.push((inputs, bytes))
            }
            Err(message) => {
                let message = super::input::counted_in_file(&message, first_line);
                crate::err_out!("error: {name}: {message}");
                failed = true;
            }
        }
        true
    });
    if let Err((code, message)) = write_out(&pictures, inputs, request.output, format) {
        crate::err_out!("error: {message}");
        return ExitCode::from(code);
    }
    if failed {
        ExitCode::from(EXIT_INVALID)
    } else {
        ExitCode::SUCCESS
    }
}

/// The format `--format` names, else the one the output file's name ends in, else SVG; an
/// error when the two disagree (a PDF file holding an SVG opens nowhere).
fn format_for(named: Option<&str>, output: Option<&Path>) -> Result<Format, String> {
    let extension = output
        .filter(|path| !path.is_dir())
        .and_then(|path| path.extension())
        .map(|extension| extension.to_string_lossy().to_ascii_lowercase());
    if let Some(extension) = extension.as_deref().filter(|e| OTHER_FORMATS.contains(e)) {
        // An SVG in a file named .jpg would open as a broken picture. Other names (a folder
        // `out.v2` for several pictures) are left alone.
        return Err(format!(
            "-o names a .{extension} file, but render writes SVG, PNG or PDF: name the file .svg, \
             .png or .pdf"
        ));
    }
    let by_name = extension.as_deref().and_then(Format::named);
    let Some(named) = named else {
        return Ok(by_name.unwrap_or(Format::Svg));
    };
    let format =
        Format::named(named).ok_or_else(|| format!("--format is svg, png or pdf, not {named}"))?;
    match by_name {
        Some(other) if other != format => Err(format!(
            "-o names a .{} file but --format is {}: leave one out, or make them agree",
            other.extension(),
            format.extension()
        )),
        _ => Ok(format),
    }
}

/// Picture, document and text formats render does not write, by extension: a file named so would
/// not open as what it says (a `.txt` of SVG markup is no puzzle's text).
const OTHER_FORMATS: [&str; 19] = [
    "jpg", "jpeg", "gif", "bmp", "tif", "tiff", "webp", "avif", "heic", "ico", "eps", "ps", "txt",
    "json", "doc", "docx", "odt", "rtf", "xps",
];

/// What `--format` names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    Svg,
    Png,
    Pdf,
}

impl Format {
    fn named(name: &str) -> Option<Self> {
        match name.to_ascii_lowercase().as_str() {
            "svg" => Some(Self::Svg),
            "png" => Some(Self::Png),
            "pdf" => Some(Self::Pdf),
            _ => None,
        }
    }

    fn extension(self) -> &'static str {
        match self {
            Self::Svg => "svg",
            Self::Png => "png",
            Self::Pdf => "pdf",
        }
    }

    /// "a PNG", "an SVG", "a PDF".
    fn with_article(self) -> &'static str {
        match self {
            Self::Svg => "an SVG",
            Self::Png => "a PNG",
            Self::Pdf => "a PDF",
        }
    }
}

/// Says which of a drawing's symbols no font here can draw (a PNG or PDF shows boxes).
pub(super) fn warn_missing_glyphs(name: &str, drawing: &Drawing) {
    warn_missing(
        name,
        &crate::render::missing_glyphs(drawing),
        "; an SVG (--format svg) is drawn in the viewer's fonts",
    );
}

/// Says that the built-in font has none of `missing`, if there are any, `advice` after.
pub(super) fn warn_missing(name: &str, missing: &[char], advice: &str) {
    if missing.is_empty() {
        return;
    }
    let codes: Vec<String> = missing
        .iter()
        .map(|&c| format!("{c} (U+{:04X})", u32::from(c)))
        .collect();
    crate::err_out!(
        "warning: {name}: no font here, built in or installed, has {}: drawn as boxes{advice}",
        codes.join(", ")
    );
}

/// One puzzle's drawing, or why not.
fn picture(text: &str, request: &RenderRequest<'_>) -> Result<(Drawing, String), String> {
    let puzzle = genres::read_text(text, request.genre).map_err(|e| where_and_why(text, &e))?;
    let solution = if request.solution {
        Some(solution_of(puzzle.as_ref())?)
    } else {
        None
    };
    // What a printed page says above it: "Keen 6x6", "Sudoku 9x9, solution", "medium_1, Rikudo
    // 60 cells".
    let genre = genres::COMMAND_LINE
        .iter()
        .find(|g| g.id() == puzzle.genre_id())
        .map_or(puzzle.genre_id(), |g| g.title());
    let mut title = puzzle.print_title(genre);
    if solution.is_some() {
        title.push_str(", solution");
    }
    Ok((puzzle.drawing(solution.as_deref()), title))
}

/// A reading error with where it is: the character in a one-line puzzle (a document's readers
/// name the line and column in their messages themselves).
pub(super) fn where_and_why(text: &str, error: &genres::TextError) -> String {
    // The place is said once, in front: the JSON reader's own "at line 1, column 11" goes.
    let message = genres::without_inner_location(&error.message);
    match error.position {
        Some(position) if !text.trim().contains('\n') => {
            format!("at character {}: {message}", position + 1)
        }
        // A puzzle over several lines (a Sudoku document, Rikudo JSON): its line and column, as
        // `check` shows them (the reader counts in the text trimmed).
        Some(position) => {
            let trimmed = text.trim_start();
            let skipped = text[..text.len() - trimmed.len()].matches('\n').count();
            let before: String = trimmed.chars().take(position).collect();
            let line = skipped + before.matches('\n').count() + 1;
            let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            // A document's reader leads with its own "line 6, column 3: ": said once.
            let message = genres::without_location(&message);
            format!("line {line}, column {column}: {message}")
        }
        None => message,
    }
}

/// The one solution, or why it cannot be drawn.
fn solution_of(puzzle: &dyn Solvable) -> Result<Vec<u16>, String> {
    let deadline = super::deadline::Deadline::start(Some(SOLVE_LIMIT));
    let answer = puzzle.solve(&deadline.cancel);
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

/// Writes the pictures: to standard output or the file `--output` names for one input, into
/// the folder it names (made if need be) as `puzzle-N.svg` for several, N the input's place.
/// Several pictures never go to one file or to standard output (two SVG documents in one are
/// neither), and an output named like a file of the format is not made a folder. The error comes
/// with its exit status: usage for those two, invalid for a failed write.
fn write_out(
    pictures: &[(usize, Vec<u8>)],
    inputs: usize,
    output: Option<&Path>,
    format: Format,
) -> Result<(), (u8, String)> {
    let named_like_a_file = |path: &Path| {
        !path.is_dir()
            && path
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case(format.extension()))
    };
    match (output, pictures) {
        (_, []) => Ok(()),
        (None, [(_, bytes)]) => match std::io::stdout().lock().write_all(bytes) {
            // The reader has what it wanted (`| head -c 4`).
            Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
                Err((EXIT_INVALID, format!("cannot write the picture: {e}")))
            }
            _ => Ok(()),
        },
        (None, pictures) => Err((
            EXIT_USAGE,
            format!(
                "{} pictures cannot go to standard output as one: give -o FOLDER",
                pictures.len()
            ),
        )),
        // Several inputs make a folder even when one of them could be drawn: the same command
        // must not write a file where it writes a folder when all are good.
        (Some(path), [(_, bytes)])
            if !path.is_dir() && (inputs == 1 || named_like_a_file(path)) =>
        {
            write_file(path, bytes).map_err(|e| (EXIT_INVALID, e))
        }
        (Some(path), pictures) if named_like_a_file(path) => Err((
            EXIT_USAGE,
            format!(
                "-o {} names one file, but there are {} pictures: give a folder",
                path.display(),
                pictures.len()
            ),
        )),
        (Some(folder), pictures) => {
            std::fs::create_dir_all(folder).map_err(|e| {
                let message = format!("cannot make the folder {}: {e}", folder.display());
                (EXIT_INVALID, message)
            })?;
            for (place, bytes) in pictures {
                let name = format!("puzzle-{place}.{}", format.extension());
                let path: PathBuf = folder.join(name);
                write_file(&path, bytes).map_err(|e| (EXIT_INVALID, e))?;
            }
            Ok(())
        }
    }
}

fn write_file(path: &Path, bytes: &[u8]) -> Result<(), String> {
    std::fs::write(path, bytes).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// A typed puzzle's name for a message, at most 61 characters: a longer one keeps its first 20
/// (a game ID's size) and its last 40.
fn short(name: &str) -> String {
    let chars: Vec<char> = name.chars().collect();
    if chars.len() <= 61 {
        return name.to_string();
    }
    let head: String = chars[..20].iter().collect();
    let tail: String = chars[chars.len() - 40..].iter().collect();
    format!("{head}…{tail}")
}

#[cfg(test)]
mod tests {
    use super::short;

    #[test]
    fn a_long_name_keeps_its_start_and_its_file_name() {
        assert_eq!(
            short("4:_a_aabb_6ba,d2s1m3d2s2m16a7"),
            "4:_a_aabb_6ba,d2s1m3d2s2m16a7"
        );
        let path =
            "/work/corpus/sudoku/pflugradt/valid/various-symbols/classic-9x9-easy-kanji-0a1b2c.sdk";
        let shown = short(path);
        assert!(shown.starts_with("/work/corpus/sudoku/"), "{shown}");
        assert!(
            shown.ends_with("classic-9x9-easy-kanji-0a1b2c.sdk"),
            "{shown}"
        );
        assert_eq!(shown.chars().count(), 61);
    }
}
