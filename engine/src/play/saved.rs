//! The saved game: a genre, its puzzle in the genre's own text, the moves made and the clock, as
//! JSON (see `docs/file-formats.md`). Saved games of the first version (Keen only, no genre) still
//! read.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::Move;

/// The `format` field of a saved game.
pub const SAVE_FORMAT: &str = "gridsmith-game";
/// The version written; readers accept it and below.
pub const SAVE_VERSION: u32 = 2;

/// A saved game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedGame {
    /// Always [`SAVE_FORMAT`].
    pub format: String,
    /// [`SAVE_VERSION`] when written.
    pub version: u32,
    /// The genre's name (`keen`); the first version had none and was always Keen.
    #[serde(default = "first_genre")]
    pub genre: String,
    /// The puzzle in its genre's text (a Keen game ID); the first version called it `id`.
    #[serde(alias = "id")]
    pub puzzle: String,
    /// The moves made, oldest first.
    pub moves: Vec<Move>,
    /// Playing time so far.
    #[serde(default)]
    pub elapsed_seconds: f64,
    /// The random-seed ID the puzzle was generated from, when known (`6dn#12345`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<String>,
}

fn first_genre() -> String {
    "keen".to_string()
}

/// Why a text is not a saved game this version can read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SavedGameError {
    /// Not the JSON of a saved game.
    #[error("this is not a Gridsmith saved game ({0})")]
    NotASave(String),
    /// A saved game of another format or a later version.
    #[error(
        "this saved game is in format {format} version {version}, which this Gridsmith cannot read"
    )]
    Unsupported {
        /// Its format field.
        format: String,
        /// Its version.
        version: u32,
    },
}

impl SavedGame {
    /// A save of `puzzle` (in its genre's text) with these moves and this much playing time.
    pub fn new(
        genre: &str,
        puzzle: String,
        moves: Vec<Move>,
        elapsed: std::time::Duration,
    ) -> Self {
        Self {
            format: SAVE_FORMAT.to_string(),
            version: SAVE_VERSION,
            genre: genre.to_string(),
            puzzle,
            moves,
            elapsed_seconds: elapsed.as_secs_f64(),
            seed: None,
        }
    }

    /// Reads a saved game's JSON, of this version or an earlier one.
    pub fn read(text: &str) -> Result<Self, SavedGameError> {
        let saved: SavedGame =
            serde_json::from_str(text).map_err(|e| SavedGameError::NotASave(e.to_string()))?;
        if saved.format != SAVE_FORMAT || saved.version > SAVE_VERSION || saved.version == 0 {
            return Err(SavedGameError::Unsupported {
                format: saved.format,
                version: saved.version,
            });
        }
        Ok(saved)
    }

    /// Whether `text` looks like a saved game (a JSON object naming the saved-game format), as
    /// opposed to other JSON such as a Rikudo puzzle.
    pub fn is_saved_game(text: &str) -> bool {
        #[derive(Deserialize)]
        struct Probe {
            format: Option<String>,
        }
        serde_json::from_str::<Probe>(text.trim())
            .is_ok_and(|p| p.format.as_deref() == Some(SAVE_FORMAT))
    }

    /// The playing time, 0 when the stored one is absurd.
    pub fn elapsed(&self) -> std::time::Duration {
        std::time::Duration::try_from_secs_f64(self.elapsed_seconds.max(0.0)).unwrap_or_default()
    }

    /// The JSON text to write.
    pub fn to_json(&self) -> String {
        // Serialising plain strings and numbers cannot fail.
        serde_json::to_string_pretty(self).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Written by the first version (Keen only): no genre, `id`, moves as change objects.
    const FIRST_VERSION: &str = r#"{
  "format": "gridsmith-game",
  "version": 1,
  "id": "4:_a_aabb_6ba,d2s1m3d2s2m16a7",
  "moves": [
    {"changes": [{"cell": 0, "entry": [0, 2], "marks": [0, 0]}]},
    {"changes": [{"cell": 1, "entry": [0, 0], "marks": [0, 5]}]}
  ],
  "elapsed_seconds": 12.5
}"#;

    #[test]
    fn first_version_saves_still_read_as_keen() {
        let saved = SavedGame::read(FIRST_VERSION).expect("reads");
        assert_eq!(saved.genre, "keen");
        assert_eq!(saved.puzzle, "4:_a_aabb_6ba,d2s1m3d2s2m16a7");
        assert_eq!(saved.moves.len(), 2);
        assert_eq!(saved.moves[1].to_string(), "1=0,->0,1.3");
        assert!(SavedGame::is_saved_game(FIRST_VERSION));
    }

    #[test]
    fn saves_round_trip_and_other_json_is_not_a_save() {
        let old = SavedGame::read(FIRST_VERSION).expect("reads");
        let elapsed = old.elapsed();
        let saved = SavedGame::new(&old.genre, old.puzzle, old.moves, elapsed);
        let again = SavedGame::read(&saved.to_json()).expect("reads back");
        assert_eq!(again.version, SAVE_VERSION);
        assert_eq!(again.moves, saved.moves);
        assert!(!SavedGame::is_saved_game(
            r#"{"id": "puzzle1", "vertices": {}}"#
        ));
        assert!(matches!(
            SavedGame::read(
                r#"{"format": "gridsmith-game", "version": 99, "puzzle": "", "moves": []}"#
            ),
            Err(SavedGameError::Unsupported { version: 99, .. })
        ));
        assert!(SavedGame::read("{").is_err());
    }
}
