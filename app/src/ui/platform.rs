//! The desktop services the app borrows: the clipboard (arboard) and file dialogs (rfd). Each
//! failure becomes a sentence the app can show, since either may be missing (no display, no
//! desktop portal).

use std::path::PathBuf;

/// Puts `text` on the system clipboard.
pub fn copy_text(text: &str) -> Result<(), String> {
    arboard::Clipboard::new()
        .and_then(|mut clipboard| clipboard.set_text(text.to_string()))
        .map_err(|e| format!("The clipboard is not available here ({e})."))
}

/// The text on the system clipboard.
pub fn paste_text() -> Result<String, String> {
    arboard::Clipboard::new()
        .and_then(|mut clipboard| clipboard.get_text())
        .map_err(|e| {
            format!("Nothing to paste: the clipboard has no text or is not available ({e}).")
        })
}

/// Asks for a file to open; `None` when the user cancels. Blocks: call it off the UI thread.
pub fn pick_open() -> Option<PathBuf> {
    rfd::FileDialog::new()
        .set_title("Open a puzzle or a saved game")
        .add_filter("Gridsmith games and game IDs", &["json", "txt"])
        .add_filter("All files", &["*"])
        .pick_file()
}

/// Asks where to save; `None` when the user cancels. Blocks: call it off the UI thread.
pub fn pick_save(suggested: &str) -> Option<PathBuf> {
    rfd::FileDialog::new()
        .set_title("Save the game")
        .set_file_name(suggested)
        .add_filter("Gridsmith game", &["json"])
        .save_file()
}
