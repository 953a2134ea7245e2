//! Turns command-line INPUT arguments into puzzles to read: a literal ID, a file of IDs, or `-`
//! for standard input. Sources are read as they are used (a stream of a million lines starts
//! answering at once), and every read is bounded: a line or a file too long to be a puzzle, a line
//! that is not UTF-8, a byte-order mark, a folder are each reported and the rest goes on.

use std::io::{self, BufRead, Read};
use std::path::Path;

use gridsmith_engine::play::{is_upstream_save, read_upstream_save};

/// One line to process, or a source that could not be read.
pub enum Item {
    /// A candidate game ID, as written (trimmed).
    Line {
        /// The line's text.
        text: String,
        /// Where it was read ("FILE, line N"); `None` for a command-line argument.
        origin: Option<String>,
    },
    /// A whole file holding one puzzle over several lines (Sudoku's text format), or one of
    /// several such puzzles in a file.
    Document {
        /// The file's name (and the puzzle's place in it).
        source: String,
        /// Its text.
        text: String,
        /// The file's line the text starts on (1 for a whole file).
        first_line: usize,
    },
    /// A file, stream or line that could not be read, with the reason.
    Unreadable {
        /// The file or stream, and the line.
        source: String,
        /// Why it could not be read.
        message: String,
    },
}

/// The longest line read as a puzzle: far past any game ID or one-line grid (a 16x16 Keen ID is
/// under a kilobyte), short enough that a line that never ends stops at once.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// A line read from a file longer than this (a one-line JSON puzzle) is named in reports by where
/// it was read, not echoed.
const LONG_LINE_CHARS: usize = 100;

/// Where a line was read ("FILE, line N"), when that names it better than the line itself: a line
/// of a file longer than [`LONG_LINE_CHARS`].
pub fn long_line_origin(text: &str, origin: Option<String>) -> Option<String> {
    origin.filter(|_| text.chars().count() > LONG_LINE_CHARS)
}

/// The largest file read: a 1024x1024 Sudoku in the text format is about 5 MB.
pub const MAX_FILE_BYTES: u64 = 64 << 20;

/// Hands `each` the items of the arguments in order, until it returns false (the output has
/// closed). Files and stdin give one item per line, skipping blank lines and lines starting with
/// `#`, except a file some genre reads as one multi-line puzzle, which is one item.
pub fn for_each_item(inputs: &[String], each: &mut dyn FnMut(Item) -> bool) {
    for input in inputs {
        let going = if input == "-" {
            read_stream("standard input", io::stdin().lock(), each)
        } else {
            read_argument(input, each)
        };
        if !going {
            return;
        }
    }
}

fn read_argument(input: &str, each: &mut dyn FnMut(Item) -> bool) -> bool {
    let path = Path::new(input);
    let unreadable = |message: String| Item::Unreadable {
        source: input.to_string(),
        message,
    };
    if path.is_dir() {
        return each(unreadable(
            "it is a folder; give the files in it instead".to_string(),
        ));
    }
    // A pipe (`/dev/stdin`, the shell's `<(...)`) is no regular file, but reads as one.
    if !path.exists() {
        if looks_like_path(input) {
            return each(unreadable(
                "there is no such file, and it is not a game ID either".to_string(),
            ));
        }
        return each(Item::Line {
            text: input.to_string(),
            origin: None,
        });
    }
    let bytes = match read_file(path) {
        Ok(bytes) => bytes,
        Err(message) => return each(unreadable(message)),
    };
    let body = without_bom_bytes(&bytes);
    if let Some(item) = upstream_save_item(input, &String::from_utf8_lossy(body)) {
        return each(item);
    }
    let text = String::from_utf8_lossy(body);
    let first_line = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'));
    let genre =
        crate::genres::document_genre(&text).filter(|_| !first_line.is_some_and(is_output_line));
    let Some(genre) = genre else {
        return read_lines(input, io::Cursor::new(bytes), each);
    };
    match std::str::from_utf8(body) {
        Ok(text) => each_document(input, genre, text, each),
        Err(error) => each(unreadable(format!(
            "it is not UTF-8 text (byte {} is not part of a character)",
            error.valid_up_to() + 1
        ))),
    }
}

/// A game saved by upstream's Keen or Solo stands for its puzzle's game ID, once its moves replay
/// as the window would replay them (a save the window refuses is unreadable here too), or is
/// unreadable with the reason.
fn upstream_save_item(source: &str, text: &str) -> Option<Item> {
    if !is_upstream_save(text) {
        return None;
    }
    let unreadable = |message: String| Item::Unreadable {
        source: source.to_string(),
        message,
    };
    Some(match read_upstream_save(text) {
        Ok(save) if !matches!(save.game.as_str(), "Keen" | "Solo") => unreadable(format!(
            "it is a game saved by {} from Simon Tatham's puzzles; Gridsmith reads the ones saved \
             by Keen and Solo",
            save.game
        )),
        Ok(save) => match crate::genres::open_upstream_save(text) {
            Ok(_) => Item::Line {
                text: save.game_id,
                origin: Some(format!("{source} (a game saved by {})", save.game)),
            },
            Err(error) => unreadable(error.message),
        },
        Err(error) => unreadable(format!(
            "it is a save file of Simon Tatham's puzzles that cannot be read: {} (at character \
             {})",
            error.message,
            error.position + 1
        )),
    })
}

/// Hands `each` the puzzles of a document, one item each: a file of several (a batch from
/// `generate`) names each by its place in it.
fn each_document(
    source: &str,
    genre: &dyn crate::genres::TextGenre,
    text: &str,
    each: &mut dyn FnMut(Item) -> bool,
) -> bool {
    let documents = genre.documents(text);
    let several = documents.len() > 1;
    documents
        .into_iter()
        .enumerate()
        .all(|(index, (line, text))| {
            each(Item::Document {
                source: if several {
                    format!("{source}, puzzle {} (line {line})", index + 1)
                } else {
                    source.to_string()
                },
                text: text.to_string(),
                first_line: line,
            })
        })
}

/// A reader's message about a puzzle that starts on line `first_line` of its file, its leading
/// "line N" counted in the file rather than in the puzzle.
pub fn counted_in_file(message: &str, first_line: usize) -> String {
    let shifted = message.strip_prefix("line ").and_then(|rest| {
        let digits = rest.find(|c: char| !c.is_ascii_digit())?;
        let number: usize = rest[..digits].parse().ok()?;
        Some(format!(
            "line {}{}",
            number + first_line.saturating_sub(1),
            &rest[digits..]
        ))
    });
    shifted.unwrap_or_else(|| message.to_string())
}

/// The whole file, or why not (too large to be puzzles, or the system's reason).
fn read_file(path: &Path) -> Result<Vec<u8>, String> {
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(format!(
            "it is larger than {} MB, far past any file of puzzles",
            MAX_FILE_BYTES >> 20
        ));
    }
    Ok(bytes)
}

/// A whole file as text, for the window (`gridsmith play FILE`): what is wrong said as the other
/// commands say it (a picture is "not UTF-8 text", not an I/O error's wording).
pub(crate) fn read_text_file(path: &Path) -> Result<String, String> {
    text_of(&read_file(path)?)
}

/// Bytes read whole (a file, standard input) as text, without a byte-order mark.
pub(crate) fn text_of(bytes: &[u8]) -> Result<String, String> {
    String::from_utf8(without_bom_bytes(bytes).to_vec()).map_err(|error| {
        format!(
            "it is not UTF-8 text (byte {} is not part of a character)",
            error.utf8_error().valid_up_to() + 1
        )
    })
}

/// A name with a slash or a file extension, no game-ID separator, and no genre's puzzle shape (an
/// 81-character Sudoku line is full of dots) is meant as a file.
pub(crate) fn looks_like_path(input: &str) -> bool {
    !input.contains([':', '#'])
        && !crate::genres::is_whole_puzzle(input.trim())
        && (input.contains(['/', '\\'])
            // An extension starts with a letter (`.txt`, `.sdk`, `.mp3`): a puzzle line's last
            // dots (`...4.2..`) are no extension, nor its last cells and a typo (`..5x`).
            || input.rsplit_once('.').is_some_and(|(_, ext)| {
                ext.chars().all(char::is_alphanumeric)
                    && ext.starts_with(|c: char| c.is_alphabetic())
            }))
}

/// The puzzle of a line `--json` wrote, so that one command's JSON lines feed the next:
/// `generate`'s `id`, `check`'s `canonical` form, or the `input` `check` and `solve` were given.
/// A Rikudo puzzle's own JSON (with its `vertices`) is no such line.
fn output_line_id(line: &str) -> Option<String> {
    if !line.starts_with('{') || !line.contains("\"genre\"") {
        return None;
    }
    let fields: serde_json::Value = serde_json::from_str(line).ok()?;
    let fields = fields.as_object()?;
    if fields.contains_key("vertices") || !fields.get("genre")?.is_string() {
        return None;
    }
    ["id", "canonical", "input"]
        .iter()
        .find_map(|key| fields.get(*key)?.as_str())
        .map(str::to_string)
}

fn is_output_line(line: &str) -> bool {
    output_line_id(line).is_some()
}

/// Whether a source whose first puzzle line is `first` holds a puzzle a line: a whole one-line
/// puzzle of some genre, or a line one command wrote with `--json`.
fn one_puzzle_a_line(first: &str) -> bool {
    crate::genres::is_whole_puzzle(first) || is_output_line(first)
}

fn without_bom_bytes(bytes: &[u8]) -> &[u8] {
    bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes)
}

/// Reads a stream: line by line (a million lines start answering at once), unless its first
/// puzzle line is no whole puzzle of any genre and the whole stream is one puzzle written over
/// several lines (Rikudo JSON, the Sudoku text format), as a file would be.
fn read_stream(source: &str, mut reader: impl BufRead, each: &mut dyn FnMut(Item) -> bool) -> bool {
    let mut head = Vec::new();
    let mut line = Vec::new();
    let first = loop {
        line.clear();
        match read_capped_line(&mut reader, &mut line) {
            Ok(LineEnd::Newline) => {}
            // The end, a line past the cap or an error: the line reader says what it is.
            _ => {
                head.extend_from_slice(&line);
                break None;
            }
        }
        head.extend_from_slice(&line);
        head.push(b'\n');
        let text = String::from_utf8_lossy(without_bom_bytes(&line))
            .trim()
            .to_string();
        if !text.is_empty() && !text.starts_with('#') {
            break Some(text);
        }
    };
    let upstream_save = first.as_deref().is_some_and(is_upstream_save);
    if !upstream_save && first.as_deref().is_none_or(one_puzzle_a_line) {
        return read_lines(source, io::Cursor::new(head).chain(reader), each);
    }
    let mut rest = Vec::new();
    let read = (&mut reader).take(MAX_FILE_BYTES).read_to_end(&mut rest);
    head.extend_from_slice(&rest);
    let body = without_bom_bytes(&head);
    if read.is_ok()
        && (head.len() as u64) < MAX_FILE_BYTES
        && let Ok(text) = std::str::from_utf8(body)
        && let Some(item) = upstream_save_item(source, text)
    {
        return each(item);
    }
    if read.is_ok()
        && (head.len() as u64) < MAX_FILE_BYTES
        && let Ok(text) = std::str::from_utf8(body)
        && let Some(genre) = crate::genres::document_genre(text)
    {
        return each_document(source, genre, text, each);
    }
    read_lines(source, io::Cursor::new(head).chain(reader), each)
}

/// Reads `reader` line by line into `each`; false when `each` asked to stop.
pub fn read_lines(
    source: &str,
    mut reader: impl BufRead,
    each: &mut dyn FnMut(Item) -> bool,
) -> bool {
    let mut line = Vec::new();
    let mut any = false;
    for number in 1.. {
        let unreadable = |message: String| Item::Unreadable {
            source: format!("{source}, line {number}"),
            message,
        };
        line.clear();
        match read_capped_line(&mut reader, &mut line) {
            // A source with nothing to read says so rather than answer nothing.
            Ok(LineEnd::Eof) if !any => {
                return each(Item::Unreadable {
                    source: source.to_string(),
                    message: "there is no puzzle in it (only blank lines and comments)".to_string(),
                });
            }
            Ok(LineEnd::Eof) => return true,
            Ok(LineEnd::TooLong) => {
                // The rest of the stream may never end (`< /dev/zero`): stop reading it.
                let message = format!(
                    "it is longer than {} MB, far past any puzzle; the rest of {source} is skipped",
                    MAX_LINE_BYTES >> 20
                );
                return each(unreadable(message));
            }
            Ok(LineEnd::Newline) => {}
            Err(error) => return each(unreadable(error.to_string())),
        }
        let bytes = if number == 1 {
            without_bom_bytes(&line)
        } else {
            &line
        };
        let item = match std::str::from_utf8(bytes) {
            Ok(text) => {
                let trimmed = text.trim();
                if trimmed.is_empty() || trimmed.starts_with('#') {
                    continue;
                }
                Item::Line {
                    text: output_line_id(trimmed).unwrap_or_else(|| trimmed.to_string()),
                    origin: Some(format!("{source}, line {number}")),
                }
            }
            Err(error) => unreadable(format!(
                "it is not UTF-8 text (byte {} is not part of a character)",
                error.valid_up_to() + 1
            )),
        };
        any = true;
        if !each(item) {
            return false;
        }
    }
    true
}

/// How a line read by [`read_capped_line`] ended.
enum LineEnd {
    /// A line (ending at a newline or at the end of the stream).
    Newline,
    /// Nothing left.
    Eof,
    /// Past [`MAX_LINE_BYTES`] without a newline.
    TooLong,
}

/// Reads one line into `line` (without its newline), never holding more than [`MAX_LINE_BYTES`].
fn read_capped_line(reader: &mut impl BufRead, line: &mut Vec<u8>) -> io::Result<LineEnd> {
    loop {
        let buffer = match reader.fill_buf() {
            Ok(buffer) => buffer,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if buffer.is_empty() {
            return Ok(if line.is_empty() {
                LineEnd::Eof
            } else {
                LineEnd::Newline
            });
        }
        let (taken, found) = match buffer.iter().position(|&b| b == b'\n') {
            Some(at) => (at + 1, true),
            None => (buffer.len(), false),
        };
        let room = MAX_LINE_BYTES.saturating_sub(line.len());
        let kept = if found { taken - 1 } else { taken };
        if kept > room {
            return Ok(LineEnd::TooLong);
        }
        line.extend_from_slice(&buffer[..kept]);
        reader.consume(taken);
        if found {
            if line.last() == Some(&b'\r') {
                line.pop();
            }
            return Ok(LineEnd::Newline);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn items(text: &[u8]) -> Vec<String> {
        let mut found = Vec::new();
        read_lines("test", io::Cursor::new(text.to_vec()), &mut |item| {
            found.push(match item {
                Item::Line { text, .. } => text,
                Item::Document { source, .. } => format!("document {source}"),
                Item::Unreadable { source, message } => format!("{source}: {message}"),
            });
            true
        });
        found
    }

    #[test]
    fn a_bom_is_skipped_and_a_bad_line_is_named_while_the_rest_goes_on() {
        let text = b"\xef\xbb\xbf3:a\n# note\n\n4:\xff\xfe\r\n5:b\r\n6:c";
        assert_eq!(
            items(text),
            [
                "3:a",
                "test, line 4: it is not UTF-8 text (byte 3 is not part of a character)",
                "5:b",
                "6:c"
            ]
        );
    }

    #[test]
    fn a_line_that_never_ends_stops_the_source_at_the_cap() {
        let endless = io::repeat(0).take(10 * MAX_LINE_BYTES as u64);
        let mut found = Vec::new();
        read_lines("standard input", io::BufReader::new(endless), &mut |item| {
            if let Item::Unreadable { source, message } = item {
                found.push(format!("{source}: {message}"));
            }
            true
        });
        assert_eq!(found.len(), 1);
        assert!(found[0].starts_with("standard input, line 1: it is longer than 1 MB"));
    }

    #[test]
    fn a_closed_output_stops_the_reading() {
        let mut seen = 0;
        read_lines("test", io::Cursor::new(b"1\n2\n3\n".to_vec()), &mut |_| {
            seen += 1;
            false
        });
        assert_eq!(seen, 1);
    }
}
