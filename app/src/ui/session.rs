//! The window's session, kept between runs: the game in progress (as a saved game, plus the moves
//! undone), the games Undo and Redo can go back and forth to, the designer's drawing and history, the mode, the selection, the New forms' choices
//! and the preferences. Stored as versioned JSON; sessions of the first version (one genre only,
//! stored by eframe as RON under another key) are still read, through that genre.

use gridsmith_engine::play::{Move, PlayState, SavedGame};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::app::{GridsmithApp, MAX_REPLACED_GAMES, Mode, Prefs};
use super::design::DesignMode;
use super::game::Game;
use super::session_file::{Found, SessionFile};
use crate::genres;

/// Where the session is stored now (JSON text).
const KEY: &str = "gridsmith-session-v2";
/// Where the first version stored it (eframe's RON).
const FIRST_KEY: &str = "gridsmith-session";
/// The version written.
const VERSION: u32 = 2;

/// eframe's storage in memory: for tests, and tools that restore a session from text.
#[derive(Debug, Default)]
pub struct MemoryStorage(pub std::collections::HashMap<String, String>);

impl eframe::Storage for MemoryStorage {
    fn get_string(&self, key: &str) -> Option<String> {
        self.0.get(key).cloned()
    }
    fn set_string(&mut self, key: &str, value: String) {
        self.0.insert(key.to_string(), value);
    }
    fn remove_string(&mut self, key: &str) {
        self.0.remove(key);
    }
    fn flush(&mut self) {}
}

/// A designer's state, with its genre.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct StoredDesign {
    genre: String,
    state: Value,
}

/// A game as the session keeps it: the saved game, and the moves taken back (the saved game keeps
/// only the moves made).
#[derive(Debug, Serialize, Deserialize)]
struct StoredGame {
    game: SavedGame,
    #[serde(default)]
    undone: Vec<Move>,
}

impl StoredGame {
    fn of(game: &Game) -> Self {
        Self {
            game: game.puzzle.save(&game.play),
            undone: game.play.undone().to_vec(),
        }
    }

    /// The game again, its moves (those taken back too, when they all check out) and clock; `None`
    /// when its puzzle no longer reads.
    fn restored(&self) -> Option<Game> {
        let (puzzle, play) = genres::read_saved(&self.game).ok()?;
        let mut game = Game::new(puzzle);
        let restored = PlayState::restored(game.puzzle.rules(), play.history(), &self.undone);
        game.play = restored.unwrap_or(play);
        game.play.elapsed = self.game.elapsed();
        Some(game)
    }
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
    /// The other genres' drawings, put aside when another genre's board came.
    parked: Vec<StoredDesign>,
    mode: Mode,
    selected: Option<usize>,
    /// The games with moves that the current one replaced (Undo past its first move goes back to
    /// them), latest last, and the ones Undo left (Redo past its last move), latest last.
    replaced_games: Vec<StoredGame>,
    forward_games: Vec<StoredGame>,
    /// The blank size chosen, and the genre it is a size of (sessions before it: the board's).
    blank_size: Option<usize>,
    blank_genre: Option<String>,
    /// The blank size last chosen for each other genre.
    blank_sizes: std::collections::BTreeMap<String, usize>,
    side_panel: Option<bool>,
    /// The side panel's width as the user left it.
    side_panel_width: Option<f32>,
}

/// The app as the user left it in eframe's store (a fresh one when nothing usable is stored).
pub fn restore(storage: Option<&dyn eframe::Storage>) -> GridsmithApp {
    restore_from(storage, None)
}

/// The app as the user left it: from the session `file` when there is one, else from eframe's
/// store (where earlier versions kept it). A file that cannot be used is kept aside and the app
/// starts afresh, saying so.
pub fn restore_from(
    storage: Option<&dyn eframe::Storage>,
    mut file: Option<SessionFile>,
) -> GridsmithApp {
    let mut notice = None;
    let mut from_file = None;
    if let Some(file) = &mut file {
        match file.read() {
            Ok(Found::Nothing) => {}
            Ok(Found::Text(text)) => match parse(&text) {
                Ok(session) => from_file = Some(session),
                Err(why) => {
                    let kept = match file.keep_aside() {
                        Ok(aside) => format!("it is kept aside as {}", aside.display()),
                        Err(error) => format!("it could not be moved aside either: {error}"),
                    };
                    notice = Some(format!(
                        "Starting afresh: the last session could not be restored, {kept} \
                         ({why})."
                    ));
                }
            },
            Err(why) => {
                notice = Some(format!(
                    "Starting afresh: the last session could not be read ({why})."
                ));
            }
        }
    }
    let from_store = || {
        let storage = storage?;
        match storage.get_string(KEY).filter(|t| !t.is_empty()) {
            Some(text) => serde_json::from_str::<Session>(&text).ok(),
            // The first version stored its own shapes, which only the genre it knew can read.
            None => storage
                .get_string(FIRST_KEY)
                .filter(|t| !t.is_empty())
                .and_then(|ron| {
                    genres::GENRES
                        .iter()
                        .find_map(|genre| genre.first_version_session(&ron))
                        .and_then(|value| serde_json::from_value::<Session>(value).ok())
                }),
        }
    };
    let anything_stored = from_file.is_some()
        || notice.is_some()
        || storage.is_some_and(|s| {
            [KEY, FIRST_KEY]
                .iter()
                .any(|key| s.get_string(key).is_some_and(|t| !t.is_empty()))
        });
    let mut app = if anything_stored {
        GridsmithApp::new()
    } else {
        GridsmithApp::first_run()
    };
    let session = match from_file {
        Some(session) => Some(session),
        None if notice.is_none() => from_store(),
        None => None,
    };
    if let Some(session) = session {
        apply(&mut app, session);
    }
    app.session_file = file;
    if let Some(notice) = notice {
        app.complain(notice);
    }
    app
}

/// A session from its text, or why it cannot be used.
fn parse(text: &str) -> Result<Session, String> {
    let session: Session =
        serde_json::from_str(text).map_err(|error| format!("it is damaged: {error}"))?;
    if session.version > VERSION {
        return Err(format!(
            "it was written by a newer Gridsmith (session version {})",
            session.version
        ));
    }
    Ok(session)
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
    app.parked_designers = session
        .parked
        .iter()
        .filter_map(|stored| genres::by_id(&stored.genre)?.restore_design(&stored.state))
        .collect();
    let current = session.game.map(|game| StoredGame {
        game,
        undone: session.undone,
    });
    if let Some(game) = current.as_ref().and_then(StoredGame::restored) {
        app.new_genre = game.puzzle.genre();
        app.start_game(game, None);
        let cells = app.game.as_ref().map_or(0, |g| g.play.cell_count());
        app.selected = session.selected.filter(|&c| c < cells).or(Some(0));
    }
    // After `start_game`, which forgets the games of another run's history; the latest few, as
    // the window keeps them (a file edited by hand could hold any number).
    let latest = |games: &[StoredGame]| -> Vec<Game> {
        let from = games.len().saturating_sub(MAX_REPLACED_GAMES);
        games[from..]
            .iter()
            .filter_map(StoredGame::restored)
            .collect()
    };
    app.replaced_games = latest(&session.replaced_games);
    app.forward_games = latest(&session.forward_games);
    app.side_panel = session.side_panel.unwrap_or(true);
    app.side_panel_width = session
        .side_panel_width
        .filter(|width| width.is_finite() && *width > 0.0);
    // The blank-grid choice is about the board being drawn, as it was when stored; a size chosen
    // for another genre is kept as that genre's.
    if let Some(designer) = &app.designer {
        app.new_genre = designer.genre();
    }
    for (id, size) in &session.blank_sizes {
        if let Some(genre) = genres::by_id(id) {
            app.blank_sizes
                .insert(genre.id(), genre.nearest_design_size(*size));
        }
    }
    if let Some(size) = session.blank_size {
        match session.blank_genre.as_deref().and_then(genres::by_id) {
            Some(genre) if genre.id() != app.new_genre.id() => {
                app.blank_sizes
                    .insert(genre.id(), genre.nearest_design_size(size));
                app.follow_designer();
            }
            _ => app.blank_size = app.new_genre.nearest_design_size(size),
        }
    }
    if session.mode == Mode::Design && app.designer.is_some() {
        app.mode = Mode::Design;
    }
}

/// Writes the session: to its file when the app has one (and then clears the copies earlier
/// versions kept in eframe's store), else into eframe's store.
pub fn store(app: &mut GridsmithApp, storage: &mut dyn eframe::Storage) {
    if app.session_file.is_none() {
        storage.set_string(KEY, to_json(app));
        return;
    }
    if write_now(app) {
        storage.remove_string(KEY);
        storage.remove_string(FIRST_KEY);
    }
}

/// Writes the session file a moment after anything changed (called every frame).
pub fn keep_saved(app: &mut GridsmithApp, ctx: &egui::Context) {
    let Some(file) = &app.session_file else {
        return;
    };
    if file.due() {
        write_now(app);
    }
    ctx.request_repaint_after(super::session_file::WRITE_EVERY);
}

/// Writes the session file if it changed; false when the write failed (the user is told once).
fn write_now(app: &mut GridsmithApp) -> bool {
    let text = to_json(app);
    let Some(file) = &mut app.session_file else {
        return false;
    };
    match file.write(text) {
        Ok(()) => true,
        Err(Some(problem)) => {
            app.complain(problem);
            false
        }
        Err(None) => false,
    }
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
        designer: app.designer.as_deref().map(stored_design),
        parked: app
            .parked_designers
            .iter()
            .map(|d| stored_design(d.as_ref()))
            .collect(),
        mode: app.mode,
        selected: app.selected,
        replaced_games: app.replaced_games.iter().map(StoredGame::of).collect(),
        forward_games: app.forward_games.iter().map(StoredGame::of).collect(),
        blank_size: Some(app.blank_size),
        blank_genre: Some(app.new_genre.id().to_string()),
        blank_sizes: app
            .blank_sizes
            .iter()
            .map(|(&id, &size)| (id.to_string(), size))
            .collect(),
        side_panel: Some(app.side_panel),
        side_panel_width: app.side_panel_width,
    };
    serde_json::to_string(&session).unwrap_or_default()
}

fn stored_design(designer: &dyn DesignMode) -> StoredDesign {
    StoredDesign {
        genre: designer.genre().id().to_string(),
        state: designer.store(),
    }
}

#[cfg(test)]
mod tests;
