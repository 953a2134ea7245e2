//! The window's session, kept between runs: the game in progress (as a saved game, plus the moves
//! undone), the designer's drawing and history, the mode, the selection, the New forms' choices
//! and the preferences. Stored as versioned JSON; sessions of the first version (one genre only,
//! stored by eframe as RON under another key) are still read, through that genre.

use gridsmith_engine::play::{Move, PlayState, SavedGame};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::app::{GridsmithApp, Mode, Prefs};
use super::game::Game;
use crate::genres;

/// Where the session is stored now (JSON text).
const KEY: &str = "gridsmith-session-v2";
/// Where the first version stored it (eframe's RON).
const FIRST_KEY: &str = "gridsmith-session";
/// The version written.
const VERSION: u32 = 2;

/// A designer's state, with its genre.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct StoredDesign {
    genre: String,
    state: Value,
}

/// The session as written.
#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(default)]
struct Session {
    version: u32,
    game: Option<SavedGame>,
    /// The moves taken back (the saved game keeps only the moves made).
    undone: Vec<Move>,
    prefs: Prefs,
    /// Each genre's New form choices.
    forms: serde_json::Map<String, Value>,
    designer: Option<StoredDesign>,
    mode: Mode,
    selected: Option<usize>,
    blank_size: Option<usize>,
    side_panel: Option<bool>,
}

/// The app as the user left it (a fresh one when nothing usable is stored).
pub fn restore(storage: Option<&dyn eframe::Storage>) -> GridsmithApp {
    let Some(storage) = storage else {
        return GridsmithApp::first_run();
    };
    let stored = storage.get_string(KEY).is_some() || storage.get_string(FIRST_KEY).is_some();
    let mut app = if stored {
        GridsmithApp::new()
    } else {
        GridsmithApp::first_run()
    };
    let session = match storage.get_string(KEY) {
        Some(text) => serde_json::from_str::<Session>(&text).ok(),
        // The first version stored its own shapes, which only the genre it knew can read.
        None => storage.get_string(FIRST_KEY).and_then(|ron| {
            genres::GENRES
                .iter()
                .find_map(|genre| genre.first_version_session(&ron))
                .and_then(|value| serde_json::from_value::<Session>(value).ok())
        }),
    };
    if let Some(session) = session {
        apply(&mut app, session);
    }
    app
}

/// Restores `session` into `app`; anything that does not fit is left out, never a panic.
fn apply(app: &mut GridsmithApp, session: Session) {
    app.prefs = session.prefs;
    app.forms = session.forms;
    if let Some(stored) = session.designer
        && let Some(genre) = genres::by_id(&stored.genre)
    {
        app.designer = genre.restore_design(&stored.state);
    }
    if let Some(saved) = session.game
        && let Ok((puzzle, play)) = genres::read_saved(&saved)
    {
        let mut game = Game::new(puzzle);
        // Keep the moves taken back too when every one of them checks out against the puzzle.
        let restored = PlayState::restored(game.puzzle.rules(), play.history(), &session.undone);
        game.play = restored.unwrap_or(play);
        game.play.elapsed = saved.elapsed();
        app.new_genre = game.puzzle.genre();
        app.start_game(game, None);
        let cells = app.game.as_ref().map_or(0, |g| g.play.cell_count());
        app.selected = session.selected.filter(|&c| c < cells).or(Some(0));
    }
    app.side_panel = session.side_panel.unwrap_or(true);
    if let Some(size) = session.blank_size {
        app.blank_size = size.clamp(3, 16);
    }
    if session.mode == Mode::Design && app.designer.is_some() {
        app.mode = Mode::Design;
    }
}

/// Writes the session.
pub fn store(app: &GridsmithApp, storage: &mut dyn eframe::Storage) {
    storage.set_string(KEY, to_json(app));
}

/// The session as JSON text.
fn to_json(app: &GridsmithApp) -> String {
    let session = Session {
        version: VERSION,
        game: app.game.as_ref().map(|g| g.puzzle.save(&g.play)),
        undone: app
            .game
            .as_ref()
            .map(|g| g.play.undone().to_vec())
            .unwrap_or_default(),
        prefs: app.prefs.clone(),
        forms: app.forms.clone(),
        designer: app.designer.as_ref().map(|d| StoredDesign {
            genre: d.genre().id().to_string(),
            state: d.store(),
        }),
        mode: app.mode,
        selected: app.selected,
        blank_size: Some(app.blank_size),
        side_panel: Some(app.side_panel),
    };
    serde_json::to_string(&session).unwrap_or_default()
}

#[cfg(test)]
mod tests;
