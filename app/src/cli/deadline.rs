//! The command line's time limit on a solve.

use std::sync::mpsc;
use std::time::Duration;

use gridsmith_engine::CancelToken;

/// Cancels its token when the time limit passes, unless it is dropped first (the answer came).
pub(crate) struct Deadline {
    /// Cancelled once the limit passes.
    pub(crate) cancel: CancelToken,
    _answered: mpsc::Sender<()>,
}

impl Deadline {
    /// Starts the clock (no limit: never cancelled).
    pub(crate) fn start(limit: Option<Duration>) -> Self {
        let cancel = CancelToken::new();
        let (answered, waiting) = mpsc::channel::<()>();
        if let Some(limit) = limit {
            let token = cancel.clone();
            std::thread::spawn(move || {
                if let Err(mpsc::RecvTimeoutError::Timeout) = waiting.recv_timeout(limit) {
                    token.cancel();
                }
            });
        }
        Self {
            cancel,
            _answered: answered,
        }
    }
}
