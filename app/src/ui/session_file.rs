//! The session's own file, beside eframe's store (which truncates its file before writing it, so
//! a crash or a full disk mid-write loses everything in it). The session is written whole
//! (temporary file, flushed, renamed) a moment after anything changes, so a crash, a killed
//! process or a worker's panic loses at most that moment; a failed write leaves the last good
//! file and says so once; a file that cannot be read is kept aside, never deleted.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::platform::write_file;

/// How long after a change the session is written at the latest.
pub const WRITE_EVERY: Duration = Duration::from_secs(1);

/// What was found where the session is kept.
#[derive(Debug, PartialEq, Eq)]
pub enum Found {
    /// Nothing yet (a first run, or a session only eframe's store holds).
    Nothing,
    /// The stored text.
    Text(String),
}

/// The session file and what was last written to it.
#[derive(Debug)]
pub struct SessionFile {
    path: PathBuf,
    written: String,
    last_look: Option<Instant>,
    failure: Option<String>,
}

impl SessionFile {
    /// The file at `path`.
    pub fn at(path: PathBuf) -> Self {
        Self {
            path,
            written: String::new(),
            last_look: None,
            failure: None,
        }
    }

    /// Where the window keeps its session: eframe's folder for the app.
    pub fn usual() -> Option<Self> {
        eframe::storage_dir("Gridsmith").map(|dir| Self::at(dir.join("session.json")))
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Reads the stored session; an error says why it could not be read.
    pub fn read(&mut self) -> Result<Found, String> {
        match std::fs::read_to_string(&self.path) {
            Ok(text) => {
                self.written.clone_from(&text);
                Ok(Found::Text(text))
            }
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(Found::Nothing),
            Err(error) => Err(error.to_string()),
        }
    }

    /// Moves the stored file aside (it could not be used: damaged, or from a newer version) so
    /// that nothing is lost and the next write starts clean; returns where it went.
    pub fn keep_aside(&mut self) -> Result<PathBuf, String> {
        let stamp = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let aside = self.path.with_extension(format!("json.unreadable-{stamp}"));
        std::fs::rename(&self.path, &aside).map_err(|e| e.to_string())?;
        self.written.clear();
        Ok(aside)
    }

    /// Whether it is time to look for changes again.
    pub fn due(&self) -> bool {
        self.last_look.is_none_or(|at| at.elapsed() >= WRITE_EVERY)
    }

    /// Writes `text` unless it is what the file holds. A failed write leaves the last good file
    /// as it was; its error carries a sentence for the user the first time it fails that way
    /// (`None` when it is the same failure again).
    pub fn write(&mut self, text: String) -> Result<(), Option<String>> {
        self.last_look = Some(Instant::now());
        if text == self.written {
            return Ok(());
        }
        if let Some(folder) = self.path.parent() {
            // A first run: eframe's folder may not be there yet. A failure shows in the write.
            let _ = std::fs::create_dir_all(folder);
        }
        match write_file(&self.path, &text) {
            Ok(()) => {
                self.written = text;
                self.failure = None;
                Ok(())
            }
            Err(error) => {
                let why = error.to_string();
                if self.failure.as_deref() == Some(why.as_str()) {
                    return Err(None);
                }
                self.failure = Some(why.clone());
                Err(Some(format!(
                    "The session could not be saved to {} ({why}); the last saved one is kept. \
                     Your game is still open: Save keeps it elsewhere.",
                    self.path.display()
                )))
            }
        }
    }
}
