//! The window: play Keen puzzles with marks, undo, hints and checks.
//!
//! Shared, genre-neutral parts: [`play`] (entries, marks, moves, undo, clock), [`board`] (grid
//! geometry, lines, digits, marks, colours) and [`worker`] (work off the UI thread). Keen's own
//! parts: [`keen_game`] (cages, clues, errors, saved games), [`keen_view`] (painting a Keen board),
//! [`keen_design`] (the drawing model), [`keen_design_check`] (its live check and fixes) and
//! [`keen_designer`] (design mode, with its side panel in `keen_designer_panel`).
//!
//! The app itself: [`app`] (state, the frame, persistence), `panels` (toolbars, status line, side
//! panel, New form), [`actions`] (what every action does), `design_actions` (the design-mode
//! meanings), [`keys`] (keys into actions) and `text` (wording helpers).

pub mod actions;
pub mod app;
pub mod board;
mod design_actions;
pub mod keen_design;
pub mod keen_design_check;
pub mod keen_designer;
mod keen_designer_panel;
pub mod keen_game;
pub mod keen_view;
pub mod keys;
mod panels;
pub mod platform;
pub mod play;
mod text;
pub mod worker;

use std::process::ExitCode;

pub use app::GridsmithApp;

/// Opens the window and runs until it is closed; with `open`, on that game ID or saved game
/// instead of the last session's game.
pub fn run(open: Option<String>) -> ExitCode {
    let started = std::time::Instant::now();
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Gridsmith")
            .with_inner_size([980.0, 760.0])
            .with_min_inner_size([480.0, 420.0]),
        ..Default::default()
    };
    match eframe::run_native(
        "Gridsmith",
        options,
        Box::new(move |cc| {
            let mut app = GridsmithApp::restore(cc.storage);
            // `GRIDSMITH_STARTUP_LOG=1` prints the time from launch to the first frame.
            if std::env::var_os("GRIDSMITH_STARTUP_LOG").is_some() {
                app.startup = Some(started);
            }
            if let Some(text) = open {
                app.load_text(&text, "command line");
            }
            Ok(Box::new(app))
        }),
    ) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: the window could not open: {error}");
            eprintln!("The command line still works: run `gridsmith --help`.");
            ExitCode::from(1)
        }
    }
}
