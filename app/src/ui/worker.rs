//! Work off the UI thread: a task runs on its own thread, can be cancelled, reports a progress
//! count, and wakes the UI when it is done.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use gridsmith_engine::CancelToken;

/// How long a task may run before the UI shows its progress and a Cancel button.
pub const SHOW_AFTER: Duration = Duration::from_millis(150);

/// A running piece of work whose result is a `T`.
pub struct Task<T> {
    /// What it is doing, for the status line ("Generating a 9x9 hard puzzle").
    pub label: String,
    cancel: CancelToken,
    progress: Arc<AtomicU64>,
    result: mpsc::Receiver<T>,
    started: Instant,
}

impl<T: Send + 'static> Task<T> {
    /// Starts `work` on a new thread; `wake` is called once it has finished (the UI asks for a
    /// repaint there).
    pub fn spawn(
        label: impl Into<String>,
        wake: impl Fn() + Send + 'static,
        work: impl FnOnce(&CancelToken, &AtomicU64) -> T + Send + 'static,
    ) -> Self {
        let cancel = CancelToken::new();
        let progress = Arc::new(AtomicU64::new(0));
        let (sender, result) = mpsc::channel();
        let (task_cancel, task_progress) = (cancel.clone(), Arc::clone(&progress));
        std::thread::spawn(move || {
            let value = work(&task_cancel, &task_progress);
            // The receiver is gone only if the UI dropped the task; nobody wants the value then.
            let _ = sender.send(value);
            wake();
        });
        Self {
            label: label.into(),
            cancel,
            progress,
            result,
            started: Instant::now(),
        }
    }
}

impl<T> Task<T> {
    /// The result once the work is done (then the task is finished); an error if the work
    /// stopped without one (it panicked).
    pub fn poll(&self) -> Option<Result<T, String>> {
        match self.result.try_recv() {
            Ok(value) => Some(Ok(value)),
            Err(mpsc::TryRecvError::Empty) => None,
            Err(mpsc::TryRecvError::Disconnected) => {
                Some(Err(format!("{} stopped unexpectedly.", self.label)))
            }
        }
    }

    /// Asks the work to stop; it returns as soon as it next looks.
    pub fn cancel(&self) {
        self.cancel.cancel();
    }

    /// Whether the task has run long enough to show progress.
    pub fn is_slow(&self) -> bool {
        self.started.elapsed() >= SHOW_AFTER
    }

    /// The work's own progress count (attempts, for the generator).
    pub fn progress(&self) -> u64 {
        self.progress.load(Ordering::Relaxed)
    }
}

/// Stores `value` as the task's progress count (for work that reports through a callback).
pub fn report(progress: &AtomicU64, value: u64) {
    progress.store(value, Ordering::Relaxed);
}
