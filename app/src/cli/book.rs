//! `gridsmith book`: a printable PDF of numbered puzzles, a few to a page, each with its size and
//! grade, the solutions smaller at the back. The puzzles come from INPUT files or, without any,
//! from the generator (`gridsmith generate`'s own options after `--`, run on every core with its
//! progress bar, reproducible from `--seed`).

use std::io::BufRead;
use std::path::Path;
use std::process::{Command, ExitCode, Stdio};

use gridsmith_engine::{CancelToken, Uniqueness};

use super::input::{Item, for_each_item};
use super::parse_options;
use super::{EXIT_INVALID, EXIT_USAGE};
use crate::genres::{self, Solvable};
use crate::render::book::{Entry, Paper, pages, smallest_printed_text};
use crate::render::to_pdf_pages;

/// The book's own options; the rest of the command line is the generator's, or INPUT files.
#[derive(Debug, clap::Parser)]
#[command(about = "A printable PDF book of numbered puzzles, their solutions at the back")]
struct BookArgs {
    /// The PDF to write.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    output: std::path::PathBuf,
    /// Puzzles a page: 1, 2, 4 or 6.
    #[arg(long, default_value_t = 4, value_name = "N")]
    per_page: usize,
    /// The paper: a4 or letter.
    #[arg(long, default_value = "a4", value_name = "PAPER")]
    paper: String,
    /// The title on the first page.
    #[arg(long, default_value = "Puzzles", value_name = "TEXT")]
    title: String,
    /// The genre to generate (Keen by default); with INPUT, the genre every puzzle is read as.
    #[arg(long, value_name = "GENRE")]
    genre: Option<String>,
    /// Leave the solutions out (the book is the puzzles alone).
    #[arg(long)]
    no_solutions: bool,
    /// Puzzles, files of puzzles, or `-` for standard input (`gridsmith generate ... | gridsmith
    /// book -o book.pdf -`); without any, the generator makes the book's puzzles from the
    /// remaining options (`--size 9 --count 100 --seed S`: see `gridsmith generate --help`).
    #[arg(value_name = "INPUT")]
    inputs: Vec<String>,
}

/// The options the book takes itself (each with a value).
const BOOK_OPTIONS: [&str; 6] = [
    "-o",
    "--output",
    "--per-page",
    "--paper",
    "--title",
    "--genre",
];

/// `gridsmith book OPTIONS`: the book's own options are taken out, with `--help`; when what is
/// left holds an option, it all goes to the generator, else it is INPUT files.
pub fn run(options: &[String]) -> ExitCode {
    let mut own = Vec::new();
    let mut rest = Vec::new();
    let mut words = options.iter();
    while let Some(word) = words.next() {
        let name = word.split_once('=').map_or(word.as_str(), |(name, _)| name);
        if word == "--" {
            rest.extend(words.by_ref().cloned());
        } else if BOOK_OPTIONS.contains(&name) {
            own.push(word.clone());
            if !word.contains('=')
                && let Some(value) = words.next()
            {
                own.push(value.clone());
            }
        } else if word == "--help" || word == "-h" || word == "--no-solutions" {
            own.push(word.clone());
        } else {
            rest.push(word.clone());
        }
    }
    // `-` is standard input, an INPUT like any file.
    let generating = rest.iter().any(|w| w.starts_with('-') && w != "-");
    if generating && let Some(input) = input_among_options(&rest) {
        crate::err_out!(
            "error: a book takes puzzles (INPUT files, game IDs, or - for standard input) or \
             options for the generator, not both: {input} is an INPUT and {} an option",
            rest.iter()
                .find(|w| w.starts_with('-') && *w != "-")
                .map_or("", String::as_str)
        );
        return ExitCode::from(EXIT_USAGE);
    }
    if !generating {
        own.append(&mut rest);
    }
    if let Some(json) = rest.iter().find(|w| w.as_str() == "--json") {
        crate::err_out!("error: a book is a PDF: {json} has no place in it");
        return ExitCode::from(EXIT_USAGE);
    }
    let args: BookArgs = parse_options("book", &own);
    let forced = match super::forced_genre(args.genre.as_deref()) {
        Ok(forced) => forced,
        Err(code) => return code,
    };
    if let Some(extension) = args.output.extension()
        && !extension.eq_ignore_ascii_case("pdf")
    {
        crate::err_out!(
            "error: a book is a PDF, but -o names a .{} file: name it .pdf",
            extension.to_string_lossy()
        );
        return ExitCode::from(EXIT_USAGE);
    }
    let paper = match paper_named(Some(&args.paper)) {
        Ok(paper) => paper.unwrap_or(Paper::A4),
        Err(code) => return code,
    };
    book(&BookRequest {
        inputs: &args.inputs,
        genre: forced.map_or("keen", |genre| genre.id()),
        forced,
        generator: &rest,
        per_page: args.per_page,
        paper,
        title: &args.title,
        output: &args.output,
        solutions: !args.no_solutions,
    })
}

/// The first word among the generator's options that reads as an INPUT: `-`, or a file that is
/// not the value of the option before it (`--seed S` where a file S happens to be).
fn input_among_options(words: &[String]) -> Option<&str> {
    words.iter().enumerate().find_map(|(at, word)| {
        let after_option = at
            .checked_sub(1)
            .and_then(|before| words.get(before))
            .is_some_and(|before| before.starts_with("--") && !before.contains('='));
        let input = word == "-" || (!after_option && std::path::Path::new(word).is_file());
        input.then_some(word.as_str())
    })
}

/// What `book` was asked for.
pub struct BookRequest<'a> {
    /// Puzzles or files of puzzles; none to generate them.
    pub inputs: &'a [String],
    /// The genre to generate.
    pub genre: &'a str,
    /// The genre every input is read as, when `--genre` named one.
    pub forced: Option<&'static dyn genres::TextGenre>,
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
    /// Whether the solutions follow the puzzles.
    pub solutions: bool,
}

/// A book command for `genre` that works as it stands: its generator's options, eight puzzles.
fn book_example(genre: &str) -> String {
    match genre {
        "keen" => "gridsmith book -o book.pdf --size 6 --count 8".to_string(),
        other => format!("gridsmith book -o book.pdf --genre {other} --count 8"),
    }
}

/// Makes the book; exit status 1 when a puzzle could not be read or solved, 2 for bad options.
pub fn book(request: &BookRequest<'_>) -> ExitCode {
    if ![1, 2, 4, 6].contains(&request.per_page) {
        crate::err_out!(
            "error: --per-page is 1, 2, 4 or 6, not {}",
            request.per_page
        );
        return ExitCode::from(EXIT_USAGE);
    }
    if request.inputs.is_empty() && request.generator.is_empty() {
        crate::err_out!(
            "error: a book needs puzzles: give them (puzzles or files), or options for the \
             generator, as in `{}`",
            book_example(request.genre)
        );
        return ExitCode::from(EXIT_USAGE);
    }
    // Keen's generator needs a size, and the usage line its parser would print names the
    // options the book adds, which the user never typed: ask here instead.
    let sized = request
        .generator
        .iter()
        .any(|option| option == "--size" || option.starts_with("--size="));
    let asks_help = request
        .generator
        .iter()
        .any(|option| option == "--help" || option == "-h");
    if request.inputs.is_empty() && asks_help {
        // The generator's help is what these options are: show it, not a book of nothing.
        return generator_help(request.genre);
    }
    if request.inputs.is_empty() && request.genre == "keen" && !sized {
        crate::err_out!(
            "error: a Keen book needs the size of its puzzles, as in `gridsmith book -o book.pdf \
             --size 6 --count 8`"
        );
        return ExitCode::from(EXIT_USAGE);
    }
    let puzzles = if request.inputs.is_empty() {
        match generated(request.genre, request.generator) {
            // Named by their place: a generated puzzle's text may run to hundreds of lines.
            Ok(puzzles) => puzzles
                .into_iter()
                .enumerate()
                .map(|(index, (text, grade))| (format!("puzzle {}", index + 1), text, grade, 1))
                .collect(),
            Err(GeneratorFailure::Usage) => {
                if let Some(file) = request
                    .generator
                    .iter()
                    .find(|word| std::path::Path::new(word).is_file())
                {
                    crate::err_out!(
                        "error: a book takes puzzles (INPUT files, game IDs, or - for standard \
                         input) or options for the generator, not both: {file} is a file"
                    );
                    return ExitCode::from(EXIT_USAGE);
                }
                // The generator's own message above names `gridsmith generate`, which the user
                // never typed: say where the option went.
                crate::err_out!(
                    "error: `gridsmith book` takes -o/--output, --per-page, --paper, --title and \
                     --genre itself and hands every other option to `gridsmith generate --genre \
                     {}`, which refused one of them (above); `gridsmith book --help` and \
                     `gridsmith generate --genre {} --help` list them",
                    request.genre,
                    request.genre
                );
                return ExitCode::from(EXIT_USAGE);
            }
            Err(GeneratorFailure::Other(message)) => {
                crate::err_out!("error: {message}");
                return ExitCode::from(EXIT_INVALID);
            }
        }
    } else {
        read_inputs(request.inputs)
    };
    let mut entries = Vec::new();
    let mut failed = false;
    let asked = puzzles.len();
    // Puzzles of one size print alike: a warning is said once, then counted.
    let mut small_print_said: Vec<(String, usize)> = Vec::new();
    for (label, text, grade, first_line) in puzzles {
        match entry(&text, grade, request.forced) {
            Ok(entry) => {
                let missing = crate::render::missing_glyphs(&entry.solution);
                // Its number in the book and where it came from: two puzzles may share a caption.
                let which = format!("puzzle {} ({label})", entries.len() + 1);
                super::render::warn_missing(&which, &missing, "");
                if let Some(warning) = small_print(&entry, request.per_page, request.paper) {
                    match small_print_said
                        .iter_mut()
                        .find(|(said, _)| *said == warning)
                    {
                        Some((_, again)) => *again += 1,
                        None => {
                            crate::err_out!("warning: {label}: {warning}");
                            small_print_said.push((warning, 0));
                        }
                    }
                }
                entries.push(entry)
            }
            Err(message) => {
                let message = super::input::counted_in_file(&message, first_line);
                crate::err_out!("error: {label}: {message}");
                failed = true;
            }
        }
    }
    for (warning, again) in small_print_said.iter().filter(|(_, again)| *again > 0) {
        let more = crate::ui::text::counted(*again, "more puzzle", "more puzzles");
        crate::err_out!("warning: {more} too: {warning}");
    }
    if entries.is_empty() {
        crate::err_out!("error: no puzzle to put in the book");
        return ExitCode::from(EXIT_INVALID);
    }
    let title_missing = crate::render::undrawable_in(std::iter::once(request.title));
    super::render::warn_missing("the title", &title_missing, "");
    let pdf = to_pdf_pages(
        &pages(
            request.title,
            &entries,
            request.per_page,
            request.paper,
            request.solutions,
        ),
        request.title,
    )
    .and_then(|pdf| {
        std::fs::write(request.output, pdf)
            .map_err(|e| format!("cannot write {}: {e}", request.output.display()))
    });
    if let Err(message) = pdf {
        crate::err_out!("error: {message}");
        return ExitCode::from(EXIT_INVALID);
    }
    if failed {
        crate::err_out!(
            "{}: written with {} of the {asked} puzzles; the ones above are left out",
            request.output.display(),
            entries.len()
        );
        ExitCode::from(EXIT_INVALID)
    } else {
        ExitCode::SUCCESS
    }
}

/// The puzzles of the inputs, each with what names it in a message (its file and line, or the
/// game ID typed), without grades (the book grades them).
fn read_inputs(inputs: &[String]) -> Vec<(String, String, Option<String>, usize)> {
    let mut puzzles = Vec::new();
    for_each_item(inputs, &mut |item| {
        match item {
            Item::Line { text, origin } => {
                puzzles.push((origin.unwrap_or_else(|| text.clone()), text, None, 1))
            }
            // A whole file is named by its name: its text may run to hundreds of lines.
            // Its reader's "line N" counted in the file, as the label's "(line N)" is.
            Item::Document {
                source,
                text,
                first_line,
            } => puzzles.push((source, text, None, first_line)),
            Item::Unreadable { source, message } => {
                crate::err_out!("error: {source}: cannot read it: {message}")
            }
        }
        true
    });
    puzzles
}

/// Why the generator gave the book no puzzles.
enum GeneratorFailure {
    /// It refused its options (exit status 2), and said why on standard error.
    Usage,
    /// It could not start, or stopped for another reason.
    Other(String),
}

impl From<std::io::Error> for GeneratorFailure {
    fn from(error: std::io::Error) -> Self {
        Self::Other(error.to_string())
    }
}

/// `gridsmith generate --genre GENRE --help`, this same program, on the book's own output.
fn generator_help(genre: &str) -> ExitCode {
    let ran = std::env::current_exe().and_then(|program| {
        Command::new(program)
            .args(["generate", "--genre", genre, "--help"])
            .status()
    });
    match ran {
        Ok(status) if status.success() => ExitCode::SUCCESS,
        Ok(_) => ExitCode::from(EXIT_USAGE),
        Err(error) => {
            crate::err_out!("error: cannot start the generator: {error}");
            ExitCode::from(EXIT_INVALID)
        }
    }
}

/// Puzzles from `gridsmith generate --genre GENRE OPTIONS --json`, this same program, with their
/// grades; its progress bar shows on standard error as it works.
fn generated(
    genre: &str,
    options: &[String],
) -> Result<Vec<(String, Option<String>)>, GeneratorFailure> {
    let program = std::env::current_exe()?;
    let mut child = Command::new(program)
        .args(["generate", "--genre", genre])
        .args(options)
        .arg("--json")
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| GeneratorFailure::Other(format!("cannot start the generator: {e}")))?;
    let stdout = child
        .stdout
        .take()
        .ok_or_else(|| GeneratorFailure::Other("the generator has no output".to_string()))?;
    let mut puzzles = Vec::new();
    for line in std::io::BufReader::new(stdout).lines() {
        let line = line?;
        let Ok(fields) = serde_json::from_str::<serde_json::Value>(&line) else {
            continue;
        };
        if let Some(id) = fields["id"].as_str() {
            let grade = fields["difficulty"].as_str().map(str::to_string);
            puzzles.push((id.to_string(), grade));
        }
    }
    let status = child.wait()?;
    if status.code() == Some(i32::from(EXIT_USAGE)) {
        return Err(GeneratorFailure::Usage);
    }
    if !status.success() {
        return Err(GeneratorFailure::Other(
            "the generator stopped (it said why above)".to_string(),
        ));
    }
    Ok(puzzles)
}

/// Text smaller than this many points is hard to read on paper (a 16x16 Keen six a page printed
/// its clues about 3 points high).
const SMALLEST_LEGIBLE_POINTS: f32 = 5.0;

/// What to say when `entry`'s smallest text prints below [`SMALLEST_LEGIBLE_POINTS`] at
/// `per_page` a page: how high it prints, and the most a page that prints it legibly.
fn small_print(entry: &Entry, per_page: usize, paper: Paper) -> Option<String> {
    let printed = |per_page| smallest_printed_text(&entry.puzzle, per_page, paper);
    let points = printed(per_page)?;
    if points >= SMALLEST_LEGIBLE_POINTS {
        return None;
    }
    let mut said = format!(
        "its smallest text prints {points:.1} points high at {per_page} a page, hard to read"
    );
    let fewer = [4, 2, 1].into_iter().filter(|&n| n < per_page);
    match fewer
        .clone()
        .find(|&n| printed(n).is_some_and(|p| p >= SMALLEST_LEGIBLE_POINTS))
    {
        Some(n) => said.push_str(&format!(
            "; --per-page {n} prints it at {:.1}",
            printed(n).unwrap_or(points)
        )),
        None => {
            if let Some(largest) = printed(1).filter(|_| per_page > 1) {
                said.push_str(&format!(
                    "; even --per-page 1 prints it at only {largest:.1}"
                ));
            }
        }
    }
    Some(said)
}

/// One puzzle of the book: read, solved (it must have one solution), captioned.
fn entry(
    text: &str,
    grade: Option<String>,
    forced: Option<&'static dyn genres::TextGenre>,
) -> Result<Entry, String> {
    let puzzle =
        genres::read_text(text, forced).map_err(|e| super::render::where_and_why(text, &e))?;
    let cancel = CancelToken::new();
    let solution = match puzzle.solve(&cancel) {
        Ok(Uniqueness::Unique(values)) => values,
        Ok(Uniqueness::Multiple(..)) => {
            return Err("it has several solutions: a book needs puzzles with one".to_string());
        }
        Ok(Uniqueness::None) => return Err("it has no solution".to_string()),
        Err(_) => return Err("it was not solved".to_string()),
    };
    let grade = grade.or_else(|| puzzle.grade(&cancel).ok().flatten().map(str::to_string));
    let entry = Entry {
        caption: caption(puzzle.as_ref(), grade.as_deref()),
        puzzle: puzzle.drawing(None),
        solution: puzzle.drawing(Some(&solution)),
        cells: solution.len(),
    };
    Ok(entry)
}

fn caption(puzzle: &dyn Solvable, grade: Option<&str>) -> String {
    let genre = genres::COMMAND_LINE
        .iter()
        .find(|g| g.id() == puzzle.genre_id())
        .map_or(puzzle.genre_id(), |g| g.title());
    let title = puzzle.print_title(genre);
    match grade {
        // A grade's name as words: "needs search", not the JSON's "needs-search".
        Some(grade) => format!("{title}, {}", grade.replace('-', " ")),
        None => title,
    }
}

/// The paper `--paper` names (a4 or letter), none when not given, or the usage error said.
pub(super) fn paper_named(name: Option<&str>) -> Result<Option<Paper>, ExitCode> {
    match name.map(str::to_ascii_lowercase).as_deref() {
        None => Ok(None),
        Some("a4") => Ok(Some(Paper::A4)),
        Some("letter") => Ok(Some(Paper::Letter)),
        Some(other) => {
            crate::err_out!("error: --paper is a4 or letter, not {other}");
            Err(ExitCode::from(EXIT_USAGE))
        }
    }
}
