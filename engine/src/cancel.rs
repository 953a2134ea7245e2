//! Cooperative cancellation shared between a caller (often the UI thread) and long engine work.
//!
//! The engine never spawns threads; it only polls a flag that another thread may raise.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// A flag that long-running engine calls poll; clones share the same flag.
#[derive(Clone, Debug, Default)]
pub struct CancelToken(Arc<AtomicBool>);

impl CancelToken {
    /// A fresh token that has not been cancelled.
    pub fn new() -> Self {
        Self::default()
    }

    /// Asks every holder of this token to stop as soon as it next checks.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether [`cancel`](Self::cancel) has been called on this token or a clone of it.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// Returned by engine work that stopped because its [`CancelToken`] was raised.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the work was cancelled before it finished")]
pub struct Cancelled;
