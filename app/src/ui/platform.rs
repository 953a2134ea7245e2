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
        .add_filter("Puzzles and saved games", &["json", "txt", "sdk"])
        .add_filter("All files", &["*"])
        .pick_file()
}

/// Asks where to save; `None` when the user cancels. Blocks: call it off the UI thread.
pub fn pick_save(suggested: &str) -> Option<PathBuf> {
    let (title, kind, extensions): (&str, &str, &[&str]) = match suggested.rsplit_once('.') {
        Some((_, "sdk")) => ("Save the puzzle", "Sudoku puzzle", &["sdk", "txt"]),
        Some((_, "txt")) => ("Save the puzzle", "Puzzle text", &["txt"]),
        Some((_, "svg")) => ("Export the picture", "SVG picture", &["svg"]),
        Some((_, "png")) => ("Export the picture", "PNG picture", &["png"]),
        Some((_, "pdf")) => ("Export the PDF", "PDF document", &["pdf"]),
        _ => ("Save the game", "Gridsmith game", &["json"]),
    };
    rfd::FileDialog::new()
        .set_title(title)
        .set_file_name(suggested)
        .add_filter(kind, extensions)
        .save_file()
}

/// Why a dialog gave no file: rfd answers "none" both when the user cancels and when no dialog
/// could be shown, but nobody cancels a dialog within a fraction of a second.
pub fn no_file(asked: std::time::Instant) -> super::app::FileOutcome {
    if asked.elapsed() < std::time::Duration::from_millis(400) {
        super::app::FileOutcome::Unavailable
    } else {
        super::app::FileOutcome::Cancelled
    }
}

/// Whether a file dialog can be asked for. On Linux rfd talks to the desktop portal over the
/// session D-Bus; without a session bus the request would wait for ever.
pub fn dialogs_available() -> bool {
    if !cfg!(target_os = "linux") {
        return true;
    }
    std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_some()
        || std::env::var_os("XDG_RUNTIME_DIR")
            .is_some_and(|dir| std::path::Path::new(&dir).join("bus").exists())
}

/// Writes `text` to `path` without ever leaving a half-written file: the text goes to a temporary
/// file beside it, reaches the disk, and only then takes the file's name.
pub fn write_file(path: &std::path::Path, text: &str) -> std::io::Result<()> {
    write_bytes(path, text.as_bytes())
}

/// [`write_file`] for any bytes (pictures, PDFs).
pub fn write_bytes(path: &std::path::Path, bytes: &[u8]) -> std::io::Result<()> {
    write_file_with(path, bytes, |file, bytes| {
        use std::io::Write;
        file.write_all(bytes)
    })
}

/// [`write_file`], with the bytes written by `write` (tests make it fail as a full disk does).
fn write_file_with(
    path: &std::path::Path,
    bytes: &[u8],
    write: impl FnOnce(&mut std::fs::File, &[u8]) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "gridsmith".to_string());
    let temporary = path.with_file_name(format!(".{name}.partial"));
    let written = (|| {
        let mut file = std::fs::File::create(&temporary)?;
        write(&mut file, bytes)?;
        file.sync_all()?;
        std::fs::rename(&temporary, path)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    written
}

#[cfg(test)]
mod tests {
    #[test]
    fn files_are_replaced_whole() {
        let dir = std::env::temp_dir().join(format!("gridsmith-write-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        let path = dir.join("game.json");
        super::write_file(&path, "first").expect("written");
        super::write_file(&path, "second").expect("rewritten");
        assert_eq!(
            std::fs::read_to_string(&path).ok().as_deref(),
            Some("second")
        );
        let left: Vec<_> = std::fs::read_dir(&dir).expect("listed").collect();
        assert_eq!(left.len(), 1, "no temporary file stays behind");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_full_disk_leaves_the_old_file_whole() {
        use std::io::{Error, ErrorKind, Write};
        let dir = std::env::temp_dir().join(format!("gridsmith-full-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        let path = dir.join("game.json");
        super::write_file(&path, "the old game").expect("written");
        let failed = super::write_file_with(&path, b"the new game", |file, bytes| {
            file.write_all(&bytes[..4])?;
            Err(Error::new(
                ErrorKind::StorageFull,
                "no space left on device",
            ))
        });
        assert_eq!(failed.map_err(|e| e.kind()), Err(ErrorKind::StorageFull));
        assert_eq!(
            std::fs::read_to_string(&path).ok().as_deref(),
            Some("the old game")
        );
        let left: Vec<_> = std::fs::read_dir(&dir).expect("listed").collect();
        assert_eq!(left.len(), 1, "the partial file is gone");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
