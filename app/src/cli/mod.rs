//! The command line: `check`, `solve`, `generate`, `bench`, `render` and `book` run headless,
//! `play` opens the window; with a stable JSON contract for scripts. The genre of each input is recognised from its
//! text (`--genre` forces one); `generate` and `bench` take the genre's own options.
//!
//! Exit status: 0 when every input was read, 1 when any input was invalid or unreadable, 2 for a
//! usage error (clap's own).

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::genres::{self, TextGenre};

mod book;
mod deadline;
pub mod generate;
pub mod input;
mod puzzles;
mod render;
mod repairs;

/// Exit status when an input was invalid or could not be read.
pub const EXIT_INVALID: u8 = 1;
/// Exit status for a usage error.
pub const EXIT_USAGE: u8 = 2;

/// Command-line arguments.
#[derive(Debug, Parser)]
#[command(
    name = "gridsmith",
    version,
    about = "Design, share, solve, play and print puzzles: Keen (KenKen), Sudoku and Rikudo"
)]
pub struct Args {
    /// What to do; without a command the window opens.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The headless commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check that puzzles are well formed and show their canonical form.
    Check {
        /// Print one JSON object per puzzle, one per line.
        #[arg(long)]
        json: bool,
        /// Read every input as this genre instead of recognising it.
        #[arg(long, value_name = "GENRE")]
        genre: Option<String>,
        /// Puzzles (a Keen game ID `6:desc`, an 81-character Sudoku line, a Solo ID `3x3:desc`),
        /// files (one puzzle per line, or one Sudoku in the text format, or one Rikudo JSON), or `-`
        /// for standard input.
        #[arg(required = true, value_name = "INPUT")]
        inputs: Vec<String>,
    },
    /// Solve puzzles: say whether each has no solution, one, or several, show them, and grade them.
    Solve {
        /// Print one JSON object per puzzle, one per line.
        #[arg(long)]
        json: bool,
        /// Also print the logical solution, one deduction per line, easiest first.
        #[arg(long)]
        steps: bool,
        /// Read every input as this genre instead of recognising it.
        #[arg(long, value_name = "GENRE")]
        genre: Option<String>,
        /// Give up on a puzzle after this many seconds and say "unknown" (0: no limit).
        // Negative numbers reach the parser, which says what a timeout is (clap's own tip,
        // "use '-- -1'", would make -1 an input).
        #[arg(
            long,
            default_value_t = 10.0,
            value_name = "SECONDS",
            value_parser = parse_seconds,
            allow_negative_numbers = true
        )]
        timeout: f64,
        /// Puzzles, files with one puzzle per line, or `-` for standard input.
        #[arg(required = true, value_name = "INPUT")]
        inputs: Vec<String>,
    },
    /// Draw puzzles of any genre as pictures (SVG, PNG or PDF), with their solutions on request.
    Render {
        /// Draw the solution in (the puzzle must have exactly one).
        #[arg(long)]
        solution: bool,
        /// The picture's format: svg, png or pdf. Default: the one -o's file name ends in, else
        /// svg.
        #[arg(long, value_name = "FORMAT")]
        format: Option<String>,
        /// A PNG's width in pixels (16 to 8192; default 800). SVG and PDF are drawn to scale.
        #[arg(long, value_name = "PX", value_parser = parse_png_width)]
        size: Option<u32>,
        /// Where to write: a file for one picture, a folder for several (standard output without,
        /// or with `-o -`).
        #[arg(short = 'o', long = "output", value_name = "FILE|DIR")]
        output: Option<std::path::PathBuf>,
        /// A PDF as a page to print on this paper (a4 or letter), the puzzle under its name (a
        /// Rikudo's id), genre and size, instead of a picture drawn to scale (to place in a
        /// document).
        #[arg(long, value_name = "PAPER")]
        paper: Option<String>,
        /// Read every input as this genre instead of recognising it.
        #[arg(long, value_name = "GENRE")]
        genre: Option<String>,
        /// Puzzles, files of puzzles, or `-` for standard input.
        #[arg(required = true, value_name = "INPUT")]
        inputs: Vec<String>,
    },
    /// A printable PDF book of puzzles with their solutions at the back, from INPUT files or
    /// the generator (`gridsmith book --genre sudoku --count 100 -o book.pdf`); see `book --help`.
    #[command(disable_help_flag = true)]
    Book {
        /// The book's options, the generator's, or INPUT files.
        #[arg(
            trailing_var_arg = true,
            allow_hyphen_values = true,
            value_name = "OPTIONS"
        )]
        options: Vec<String>,
    },
    /// Open the window on a puzzle or a file (a puzzle or a saved game) instead of where you left
    /// off.
    Play {
        /// A puzzle, a file, or `-` for standard input.
        #[arg(value_name = "INPUT")]
        input: String,
    },
    /// Generate puzzles with one solution, graded exactly at the level asked for; prints one
    /// puzzle per line. `gridsmith generate --genre G --help` lists genre G's options (keen, the
    /// default, sudoku or rikudo).
    #[command(disable_help_flag = true)]
    Generate {
        /// The genre (default: keen).
        #[arg(long, value_name = "GENRE")]
        genre: Option<String>,
        /// The genre's options, e.g. Keen's `--size 6 --difficulty hard --seed S --count 10 --json`.
        #[arg(
            trailing_var_arg = true,
            allow_hyphen_values = true,
            value_name = "OPTIONS"
        )]
        options: Vec<String>,
    },
    /// Measure the solver, grader, generator or designer: `gridsmith bench --genre G --help`
    /// lists genre G's options (keen, the default, sudoku or rikudo).
    #[command(disable_help_flag = true)]
    Bench {
        /// The genre (default: keen).
        #[arg(long, value_name = "GENRE")]
        genre: Option<String>,
        /// The genre's options.
        #[arg(
            trailing_var_arg = true,
            allow_hyphen_values = true,
            value_name = "OPTIONS"
        )]
        options: Vec<String>,
    },
}

/// Parses a genre's own options for `gridsmith COMMAND`, with the program name in front so that
/// clap's messages read right; exits with clap's status (2, or 0 for --help) when they do not
/// parse.
pub fn parse_options<T: Parser>(command: &str, args: &[String]) -> T {
    let words = std::iter::once(format!("gridsmith {command}")).chain(args.iter().cloned());
    T::try_parse_from(words).unwrap_or_else(|error| error.exit())
}

/// The command line with `help generate` and `help bench` (which clap answers with the few
/// options those commands take before the genre's own) made into `generate --help` and
/// `bench --help`, which list the genre's options; other words are left as they are.
pub fn with_help_rewritten(
    args: impl IntoIterator<Item = std::ffi::OsString>,
) -> Vec<std::ffi::OsString> {
    let mut args: Vec<std::ffi::OsString> = args.into_iter().collect();
    let genre_commands = ["generate", "bench"];
    if args.get(1).is_some_and(|word| word == "help")
        && args
            .get(2)
            .is_some_and(|word| genre_commands.iter().any(|c| word == c))
    {
        args.remove(1);
        args.push("--help".into());
    }
    args
}

/// Runs one command and returns the process exit status.
pub fn run(command: Command) -> ExitCode {
    match command {
        Command::Check {
            json,
            genre,
            inputs,
        } => match forced_genre(genre.as_deref()) {
            Ok(genre) => puzzles::check(&inputs, json, genre),
            Err(code) => code,
        },
        Command::Solve {
            json,
            steps,
            genre,
            timeout,
            inputs,
        } => match forced_genre(genre.as_deref()) {
            Ok(genre) => {
                let limit = (timeout.is_finite() && timeout > 0.0)
                    .then(|| std::time::Duration::from_secs_f64(timeout.min(1e9)));
                puzzles::solve(&inputs, json, steps, limit, genre)
            }
            Err(code) => code,
        },
        Command::Play { input } => {
            let from_stdin = input == "-";
            let read = if from_stdin {
                let mut bytes = Vec::new();
                std::io::Read::read_to_end(
                    &mut std::io::Read::take(std::io::stdin(), input::MAX_FILE_BYTES),
                    &mut bytes,
                )
                .map_err(|e| e.to_string())
                .and_then(|_| input::text_of(&bytes))
            } else {
                input::read_text_file(std::path::Path::new(&input))
            };
            let (text, file) = match read {
                Ok(text) if from_stdin => (text, None),
                Ok(text) => (text, Some(input)),
                Err(_) if !from_stdin && !std::path::Path::new(&input).exists() => {
                    if input::looks_like_path(&input) {
                        crate::err_out!(
                            "error: cannot open {input}: there is no such file, and it is not a \
                             puzzle either"
                        );
                        return ExitCode::from(EXIT_INVALID);
                    }
                    (input, None)
                }
                Err(e) => {
                    crate::err_out!("error: cannot read {input}: {e}");
                    return ExitCode::from(EXIT_INVALID);
                }
            };
            // Text no genre reads is said here, where it was typed, as check says it (the
            // window would open on another puzzle with the error in its status line); a copied
            // seed opens the window's New form.
            if !crate::genres::is_copied_seed(&text)
                && let Err(error) = crate::genres::open_text(&text)
            {
                let source = match &file {
                    Some(path) => path.clone(),
                    None if from_stdin => "standard input".to_string(),
                    None => format!("{:?}", text.trim()),
                };
                crate::err_out!("error: {source}: {}", render::where_and_why(&text, &error));
                return ExitCode::from(EXIT_INVALID);
            }
            crate::ui::run(Some((text, file)))
        }
        Command::Render {
            solution,
            format,
            size,
            output,
            paper,
            genre,
            inputs,
        } => match (
            forced_genre(genre.as_deref()),
            book::paper_named(paper.as_deref()),
        ) {
            (Err(code), _) | (_, Err(code)) => code,
            (Ok(genre), Ok(paper)) => render::render(&render::RenderRequest {
                inputs: &inputs,
                solution,
                format: format.as_deref(),
                size,
                // `-` is standard output, as it is standard input among the inputs.
                output: output
                    .as_deref()
                    .filter(|path| *path != std::path::Path::new("-")),
                paper,
                genre,
            }),
        },
        Command::Book { options } => book::run(&options),
        Command::Generate { genre, options } => match genre_for(genre, options) {
            Ok((genre, options)) => genre.generate(&options),
            Err(code) => code,
        },
        Command::Bench { genre, options } => match genre_for(genre, options) {
            Ok((genre, options)) => genre.bench(&options),
            Err(code) => code,
        },
    }
}

/// The genre `--genre` names, if given; a usage error when it names none.
pub(super) fn forced_genre(name: Option<&str>) -> Result<Option<&'static dyn TextGenre>, ExitCode> {
    match name {
        None => Ok(None),
        Some(name) => match genres::text_genre_by_id(&name.to_ascii_lowercase()) {
            Some(genre) => Ok(Some(genre)),
            None => {
                let guess = genres::COMMAND_LINE
                    .iter()
                    .map(|genre| genre.id())
                    .find(|id| strsim::levenshtein(id, &name.to_ascii_lowercase()) <= 2)
                    .map(|id| format!(" (did you mean {id}?)"))
                    .unwrap_or_default();
                crate::err_out!(
                    "error: unknown genre {name:?}{guess}: use one of {}",
                    genres::ids()
                );
                Err(ExitCode::from(EXIT_USAGE))
            }
        },
    }
}

/// The genre for `generate` and `bench` (default: the first) and the options left for it; a
/// `--genre` among the options counts too.
fn genre_for(
    genre: Option<String>,
    mut options: Vec<String>,
) -> Result<(&'static dyn TextGenre, Vec<String>), ExitCode> {
    let mut name = genre;
    if let Some(at) = options.iter().position(|o| o == "--genre")
        && at + 1 < options.len()
    {
        name = Some(options.remove(at + 1));
        options.remove(at);
    } else if let Some(at) = options.iter().position(|o| o.starts_with("--genre=")) {
        name = options
            .remove(at)
            .split_once('=')
            .map(|(_, v)| v.to_string());
    }
    let genre = forced_genre(name.as_deref())?.unwrap_or(genres::COMMAND_LINE[0]);
    Ok((genre, options))
}

/// Prints one line of a report on standard output. A closed output (`gridsmith bench ... | head`)
/// ends the program quietly, as it ends any command in a pipeline, instead of panicking as
/// `println!` does.
pub fn print_line(line: std::fmt::Arguments<'_>) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    if writeln!(out, "{line}").and_then(|()| out.flush()).is_err() {
        std::process::exit(0);
    }
}

/// An error or warning line on standard error. Unlike `eprintln!` it never panics: when nobody
/// reads standard error any more (`2>&1 | head`), the line is dropped and the work goes on.
pub fn print_error_line(line: std::fmt::Arguments<'_>) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}

/// A number of seconds: zero or more, "inf" meaning no limit (as 0 does).
fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(seconds) if seconds >= 0.0 => Ok(seconds),
        _ => Err(format!(
            "{text:?} is not a number of seconds (0 or more; 0: no limit)"
        )),
    }
}

/// A PNG's width in pixels, 16 to [`crate::render::MAX_PIXELS`].
fn parse_png_width(text: &str) -> Result<u32, String> {
    let most = crate::render::MAX_PIXELS;
    match text.trim().parse::<u32>() {
        Ok(width) if (16..=most).contains(&width) => Ok(width),
        _ => Err(format!(
            "{text:?} is not a PNG width: give 16 to {most} pixels"
        )),
    }
}

/// A grid side typed as a number: clap's own message for `--size six` ("invalid digit found in
/// string") does not say what is wanted.
pub fn parse_side(text: &str) -> Result<usize, String> {
    text.trim().parse::<usize>().map_err(|_| {
        format!("{text:?} is not a grid side: give the number of cells along a side, such as 9")
    })
}

/// `eprintln!` for the command line's messages, through [`print_error_line`].
#[macro_export]
macro_rules! err_out {
    ($($arg:tt)*) => {
        $crate::cli::print_error_line(format_args!($($arg)*))
    };
}

/// `println!` for the command line's reports, through [`print_line`].
#[macro_export]
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::cli::print_line(format_args!($($arg)*))
    };
}
