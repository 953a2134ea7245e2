//! The window: play and design any registered genre, with marks, undo, hints and checks.
//!
//! The shell is genre-neutral: [`app`] (state, the frame), [`actions`] (what every action does),
//! [`keys`] (keys into actions, numbers typed digit by digit), `panels` (toolbars, status line,
//! side panel, help), `number_pad`, `play_board`, `files` (paste, copy, open, save), `jobs` (workers' answers),
//! [`session`] (kept between runs), [`game`] (a game in progress), [`board`] (geometries and
//! painting), [`worker`] (work off the UI thread), [`platform`] (clipboard, dialogs, safe writes).
//! A genre brings its painter, New form ([`new_form`]) and designer ([`design`]) through the
//! registry in `crate::genres`.

pub mod actions;
pub mod app;
mod assist;
pub mod board;
pub mod design;
mod design_shell;
mod files;
pub mod game;
mod help;
mod history;
pub(crate) mod jobs;
pub mod keys;
pub mod new_form;
mod number_pad;
pub(crate) mod panels;
pub mod platform;
mod play_board;
pub mod session;
mod session_file;
pub mod solution_count;
mod status_line;
pub mod text;
mod toolbar;
pub mod worker;

use std::process::ExitCode;

pub use app::GridsmithApp;
pub use files::describe_error;

/// The window's icon, from `assets/`.
const ICON: &[u8] = include_bytes!("../../../assets/gridsmith.png");

/// Opens the window and runs until it is closed; with `open`, on that puzzle or saved game (its
/// text, and the file it came from if any) instead of the last session's game.
pub fn run(open: Option<(String, Option<String>)>) -> ExitCode {
    let started = std::time::Instant::now();
    let mut viewport = egui::ViewportBuilder::default()
        .with_title("Gridsmith")
        .with_app_id("gridsmith")
        .with_inner_size([980.0, 760.0])
        .with_min_inner_size([480.0, 380.0]);
    if let Ok(icon) = eframe::icon_data::from_png_bytes(ICON) {
        viewport = viewport.with_icon(icon);
    }
    let options = eframe::NativeOptions {
        viewport,
        ..Default::default()
    };
    match eframe::run_native(
        "Gridsmith",
        options,
        Box::new(move |cc| {
            let mut app = session::restore_from(cc.storage, session_file::SessionFile::usual());
            // `GRIDSMITH_STARTUP_LOG=1` prints the time from launch to the first frame.
            if std::env::var_os("GRIDSMITH_STARTUP_LOG").is_some() {
                app.startup = Some(started);
            }
            if let Some((text, file)) = open {
                app.play_from_command_line(&text, file.as_deref());
            }
            Ok(Box::new(app))
        }),
    ) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!(
                "error: the window could not open: {}",
                without_source_location(&error.to_string())
            );
            eprintln!("The command line still works: run `gridsmith --help`.");
            ExitCode::from(1)
        }
    }
}

/// A windowing error as a person reads it: winit's "os error at FILE:LINE: why" names a file of
/// its own source, which says nothing to the user; the why is kept.
fn without_source_location(message: &str) -> String {
    match message.split_once("os error at ") {
        Some((before, rest)) => match rest.split_once(": ") {
            Some((_, why)) => format!("{before}{why}"),
            None => message.to_string(),
        },
        None => message.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::without_source_location;

    #[test]
    fn a_windowing_error_loses_the_source_file_it_names() {
        let winit = "winit EventLoopError: os error at /root/.cargo/registry/src/x/winit-0.30.13/\
                     src/platform_impl/linux/mod.rs:765: neither WAYLAND_DISPLAY nor DISPLAY is set.";
        assert_eq!(
            without_source_location(winit),
            "winit EventLoopError: neither WAYLAND_DISPLAY nor DISPLAY is set."
        );
        assert_eq!(without_source_location("no GPU"), "no GPU");
    }
}
