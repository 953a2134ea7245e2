//! Opening what a user pastes or opens in the window: a saved game (Gridsmith's or upstream's),
//! a puzzle in any genre's format, the first of a file of several, or a random-seed ID to
//! generate first.

use std::sync::Arc;

use gridsmith_engine::play::{Move, PlayState, SavedGame, is_upstream_save};

use super::{
    COMMAND_LINE, GenerateWork, Puzzle, TextError, TextGenre, by_id, detect, other_genre_of, read,
    upstream_save,
};

/// Reads a saved game: its puzzle (by the genre it names) and its moves replayed.
pub fn read_saved(saved: &SavedGame) -> Result<(Arc<dyn Puzzle>, PlayState), TextError> {
    let genre = by_id(&saved.genre).ok_or_else(|| {
        TextError::whole(format!(
            "this saved game is a {} game, which this Gridsmith cannot play",
            saved.genre
        ))
    })?;
    let mut puzzle = genre.read(&saved.puzzle).map_err(|e| {
        // A file edited by hand may name one genre and hold another's puzzle.
        let other = other_genre_of(&saved.puzzle, &saved.genre)
            .map(|g| {
                format!(
                    " (it looks like a {} puzzle, but the file says {})",
                    g.title(),
                    saved.genre
                )
            })
            .unwrap_or_default();
        TextError {
            position: None,
            message: format!(
                "the saved game's puzzle cannot be read: {}{other}",
                e.message
            ),
        }
    })?;
    if let Some(seed) = &saved.seed {
        puzzle = puzzle.with_seed(seed.clone());
    }
    let mut play = PlayState::replay(puzzle.rules(), &saved.moves).ok_or_else(|| {
        TextError::whole("this saved game's moves do not fit its puzzle; it may be damaged")
    })?;
    play.elapsed = saved.elapsed();
    Ok((puzzle, play))
}

/// What a pasted or opened text holds: a saved game or a puzzle (the first puzzle line of a file:
/// lines that are blank or start with `#` are skipped).
pub enum Opened {
    /// A saved game, replayed, with the moves by which Solve filled the board (their place in
    /// the history, and the move).
    Game(Arc<dyn Puzzle>, PlayState, Vec<(usize, Move)>),
    /// A puzzle to start.
    Puzzle(Arc<dyn Puzzle>),
    /// A puzzle to generate first (a random-seed ID): the job's label and its work.
    Seed(String, GenerateWork),
}

/// How many puzzles a file or clipboard text holds, as [`open_text`] reads it (it opens the
/// first): one a line, one a document, one for JSON or a saved game.
pub fn puzzles_in(text: &str) -> usize {
    let trimmed = text.trim();
    if trimmed.starts_with('{') || is_upstream_save(trimmed) {
        return 1;
    }
    if let Some(genre) = document_genre(trimmed) {
        return genre.documents(trimmed).len();
    }
    trimmed
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .count()
}

/// The longest text the window reads: far past any puzzle or saved game (a 16x16 game with
/// thousands of moves saves in a few hundred kilobytes), and short of what reading a stray file
/// or clipboard would cost (a 42 MB JSON took the window from 150 MB of memory to 930 MB).
pub const MAX_TEXT_BYTES: usize = 4 << 20;

/// Why a text longer than [`MAX_TEXT_BYTES`] is not read.
pub fn too_long() -> String {
    format!(
        "it is longer than {} MB, far past any puzzle or saved game",
        MAX_TEXT_BYTES >> 20
    )
}

/// Whether `text` is a number as Copy seed writes them (a Sudoku's or a Rikudo's seed: no
/// settings, so no puzzle by itself): six to twenty digits (past any Keen size, within a 64-bit
/// number), and no genre's puzzle.
pub fn is_copied_seed(text: &str) -> bool {
    let word = text.trim();
    (6..=20).contains(&word.len())
        && word.bytes().all(|b| b.is_ascii_digit())
        && !is_whole_puzzle(word)
}

/// Reads a file or clipboard text. A JSON object is a saved game only when it says so (a Rikudo
/// puzzle is JSON too); anything else is read by the genre that recognises it. An error's
/// position counts characters of the whole `text`, whatever part of it was read.
pub fn open_text(text: &str) -> Result<Opened, TextError> {
    if text.len() > MAX_TEXT_BYTES {
        return Err(TextError::whole(too_long()));
    }
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(TextError::whole("there is nothing here: the text is empty"));
    }
    if is_upstream_save(trimmed) {
        // The whole text, so that an error's position counts from its start.
        return upstream_save::open_upstream_save(text);
    }
    if SavedGame::is_saved_game(trimmed) {
        let saved = SavedGame::read(trimmed).map_err(|e| TextError::whole(e.to_string()))?;
        let (puzzle, play) = read_saved(&saved)?;
        return Ok(Opened::Game(puzzle, play, Vec::new()));
    }
    if trimmed.starts_with('{') {
        return read(trimmed, None)
            .map(Opened::Puzzle)
            .map_err(|e| placed_in(text, trimmed, e));
    }
    if let Some(genre) = document_genre(trimmed) {
        // A file of several (a generate batch) opens at its first, as a file of lines does.
        let first = genre
            .documents(trimmed)
            .first()
            .map_or(trimmed, |&(_, text)| text)
            .trim();
        return read(first, None)
            .map(Opened::Puzzle)
            .map_err(|e| placed_in(text, first, e));
    }
    let line = trimmed
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
        .ok_or_else(|| TextError::whole("there is no puzzle here, only comments"))?;
    if let Some(work) = detect(line)
        .map_err(|e| placed_in(text, line, e))?
        .seed_work(line)
    {
        return work
            .map(|(label, work)| Opened::Seed(label, work))
            .map_err(|e| placed_in(text, line, e));
    }
    read(line, None)
        .map(Opened::Puzzle)
        .map_err(|e| placed_in(text, line, e))
}

/// `error`, about `part` (a slice of `text`), with its position counted in `text`.
fn placed_in(text: &str, part: &str, mut error: TextError) -> TextError {
    // Where `part` starts in `text`, by address: both are the same buffer.
    let start = (part.as_ptr() as usize).wrapping_sub(text.as_ptr() as usize);
    if let (Some(position), Some(before)) = (error.position, text.get(..start)) {
        error.position = Some(before.chars().count() + position);
    }
    error
}

/// Whether some genre recognises `text` as a whole one-line puzzle (a game ID, a Sudoku line, a
/// one-line JSON object).
pub fn is_whole_puzzle(text: &str) -> bool {
    COMMAND_LINE.iter().any(|genre| genre.recognises(text))
}

/// The genre whose multi-line format a whole file is written in, if any: never when its first
/// puzzle line (blank and `#` lines aside) is a whole puzzle of some genre, as in a list of game IDs.
pub fn document_genre(text: &str) -> Option<&'static dyn TextGenre> {
    let first = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))?;
    if is_whole_puzzle(first) {
        return None;
    }
    COMMAND_LINE.iter().copied().find(|g| g.is_document(text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_error_counts_its_place_in_the_whole_text() {
        let text = "\n# a comment\n\n   4:_a_a!bb,a1a1a1\n";
        let Err(error) = open_text(text) else {
            panic!("'!' is no block letter");
        };
        assert_eq!(error.position, text.find('!'), "{}", error.message);
        let json = "\n\n  {\"max_value\": x}";
        let Err(error) = open_text(json) else {
            panic!("not JSON");
        };
        assert_eq!(error.position, json.rfind('x'), "{}", error.message);
    }

    #[test]
    fn a_game_file_naming_the_wrong_genre_says_which_its_puzzle_looks_like() {
        let puzzle = by_id("keen")
            .and_then(|genre| genre.read("4:_a_aabb_6ba,d2s1m3d2s2m16a7").ok())
            .expect("a Keen puzzle");
        let mut saved = puzzle.save(&PlayState::new(16, 4));
        saved.genre = "sudoku".to_string();
        let Err(error) = open_text(&saved.to_json()) else {
            panic!("a Keen puzzle read as a Sudoku");
        };
        assert!(
            error
                .message
                .contains("it looks like a Keen puzzle, but the file says sudoku"),
            "{}",
            error.message
        );
    }
}
