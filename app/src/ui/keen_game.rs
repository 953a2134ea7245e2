//! A Keen game in progress: the puzzle, its solution once the worker has found it, the play state,
//! and what Keen adds to the shared machinery (cage walls, clue labels, cage arithmetic errors,
//! saved games).

use gridsmith_engine::Grid;
use gridsmith_engine::keen::{GameId, KeenPuzzle};
use serde::{Deserialize, Serialize};

use super::play::{Move, PlayState};

/// What is known of the puzzle's solutions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Solution {
    /// The worker is still looking.
    Pending,
    /// Exactly one: hints, Check, Reveal and Solve work.
    Unique(Grid),
    /// None at all.
    None,
    /// Several: no deduction can finish it.
    Several,
}

/// A Keen puzzle being played.
pub struct KeenGame {
    /// The game ID as read, with its parameters.
    pub id: GameId,
    /// Its solution, once known.
    pub solution: Solution,
    /// Entries, marks, history and clock.
    pub play: PlayState,
}

impl KeenGame {
    /// A fresh game of `id`.
    pub fn new(id: GameId) -> Self {
        let size = id.puzzle.size();
        Self {
            id,
            solution: Solution::Pending,
            play: PlayState::new(size),
        }
    }

    /// The puzzle.
    pub fn puzzle(&self) -> &KeenPuzzle {
        &self.id.puzzle
    }

    /// Grid side.
    pub fn size(&self) -> usize {
        self.id.puzzle.size()
    }

    /// The ID to share: upstream's `w:desc`, which pastes into upstream Keen.
    pub fn share_id(&self) -> String {
        self.id.puzzle.game_id()
    }

    /// Whether two neighbouring cells lie in different cages.
    pub fn wall(&self, a: usize, b: usize) -> bool {
        self.id.puzzle.cage_of(a) != self.id.puzzle.cage_of(b)
    }

    /// The clue label of each cage's first cell: `12+`, `3−`, `2÷`, `60×`, or the digit alone for
    /// a one-cell cage.
    pub fn clue_labels(&self) -> Vec<(usize, String)> {
        self.id
            .puzzle
            .cages()
            .iter()
            .map(|cage| {
                let clue = cage.clue();
                let label = if cage.len() == 1 {
                    clue.target.to_string()
                } else {
                    format!("{}{}", clue.target, clue.op.symbol())
                };
                (cage.anchor(), label)
            })
            .collect()
    }

    /// Per cage: every cell filled and the arithmetic wrong.
    pub fn wrong_cages(&self) -> Vec<bool> {
        let entries = self.play.entries();
        self.id
            .puzzle
            .cages()
            .iter()
            .map(|cage| {
                let values: Vec<u8> = cage.cells().iter().map(|&c| entries[c]).collect();
                values.iter().all(|&v| v != 0) && !cage.clue().holds(&values)
            })
            .collect()
    }

    /// Whether the grid is full and right: every row and column a permutation, every cage's sum,
    /// product, difference or quotient as its clue says.
    pub fn is_solved(&self) -> bool {
        self.play.is_full()
            && Grid::new(self.size(), self.play.entries().to_vec())
                .is_some_and(|grid| grid.is_latin() && self.id.puzzle.is_solved_by(&grid))
    }

    /// The game as a save file.
    pub fn to_save(&self) -> SavedGame {
        SavedGame {
            format: SAVE_FORMAT.to_string(),
            version: SAVE_VERSION,
            id: self.share_id(),
            moves: self.play.history().to_vec(),
            elapsed_seconds: self.play.elapsed.as_secs_f64(),
        }
    }
}

/// The `format` field of a saved game.
pub const SAVE_FORMAT: &str = "gridsmith-game";
/// The version written; readers accept it and below.
pub const SAVE_VERSION: u32 = 1;

/// A saved game: the game ID and every move, as JSON (see `docs/file-formats.md`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedGame {
    /// Always [`SAVE_FORMAT`].
    pub format: String,
    /// [`SAVE_VERSION`] when written.
    pub version: u32,
    /// The puzzle's game ID.
    pub id: String,
    /// The moves made, oldest first.
    pub moves: Vec<Move>,
    /// Playing time so far.
    #[serde(default)]
    pub elapsed_seconds: f64,
}

/// Reads a file or clipboard text: a saved game (JSON) or a game ID (the first line that is not
/// blank or a `#` comment). The error is a sentence for the user.
pub fn read_game(text: &str) -> Result<KeenGame, String> {
    let trimmed = text.trim_start();
    if trimmed.starts_with('{') {
        let saved: SavedGame = serde_json::from_str(trimmed)
            .map_err(|e| format!("This is not a Gridsmith saved game: {e}."))?;
        if saved.format != SAVE_FORMAT || saved.version > SAVE_VERSION {
            return Err(format!(
                "This saved game is in format {} version {}, which this Gridsmith cannot read.",
                saved.format, saved.version
            ));
        }
        let mut game = parse_id(&saved.id)?;
        game.play = PlayState::replay(game.size(), &saved.moves).ok_or_else(|| {
            "This saved game's moves do not fit its puzzle; the file may be damaged.".to_string()
        })?;
        game.play.elapsed = std::time::Duration::try_from_secs_f64(saved.elapsed_seconds.max(0.0))
            .unwrap_or_default();
        return Ok(game);
    }
    let line = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
        .ok_or_else(|| "There is no game ID here: the text is empty.".to_string())?;
    parse_id(line)
}

fn parse_id(line: &str) -> Result<KeenGame, String> {
    line.parse::<GameId>().map(KeenGame::new).map_err(|e| {
        format!(
            "Not a Keen game ID: {} (at character {}).",
            e.kind,
            e.position + 1
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const ID: &str = "4:_a_aabb_6ba,d2s1m3d2s2m16a7";

    #[test]
    fn saved_games_round_trip() {
        let mut game = read_game(ID).expect("valid");
        game.play.apply(|e| e.set(0, 2, 0));
        game.play.apply(|e| e.set(1, 0, 0b101));
        let text = serde_json::to_string(&game.to_save()).expect("serialises");
        let again = read_game(&text).expect("reads back");
        assert_eq!(again.play.entries(), game.play.entries());
        assert_eq!(again.play.marks(), game.play.marks());
        assert_eq!(again.share_id(), ID);
    }

    #[test]
    fn bad_text_says_where() {
        let error = read_game("4:_a_aabb_6ba,d2s1m3d2s2m16q7")
            .err()
            .expect("invalid");
        assert!(error.contains("character"), "{error}");
        assert!(read_game("  \n# only a comment\n").is_err());
        assert!(read_game("{\"format\": 3}").is_err());
        let huge = format!(
            "{{\"format\": \"gridsmith-game\", \"version\": 1, \"id\": \"{ID}\", \"moves\": [], \"elapsed_seconds\": 1e300}}"
        );
        assert!(
            read_game(&huge).is_ok(),
            "an absurd clock is ignored, not a crash"
        );
    }

    #[test]
    fn ids_come_from_the_first_real_line() {
        let game = read_game(&format!("# a puzzle\n\n{ID}\n")).expect("valid");
        assert_eq!(game.share_id(), ID);
    }
}
