//! Work off the UI thread: a task runs on its own thread, can be cancelled, reports a progress
//! count, and wakes the UI when it is done.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, OnceLock};
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

    /// How much of how much is done, for work that reports with [`report_share`]; nothing before
    /// its first report.
    pub fn share_done(&self) -> Option<(u32, u32)> {
        let packed = self.progress();
        let (done, of) = ((packed >> 32) as u32, packed as u32);
        (of > 0).then_some((done, of))
    }
}

/// Dropping a task cancels it: nobody is left to want its answer.
impl<T> Drop for Task<T> {
    fn drop(&mut self) {
        self.cancel.cancel();
    }
}

/// Wakes the UI when work finishes: made before the window has a context (the first game starts
/// then), given the context at the first frame.
#[derive(Clone, Default)]
pub struct Waker(Arc<OnceLock<egui::Context>>);

impl Waker {
    /// Remembers the UI's context (only the first call counts: a window has one).
    pub fn set(&self, ctx: &egui::Context) {
        let _ = self.0.set(ctx.clone());
    }

    /// Asks for a repaint, if the window is there yet (before it, the first frame looks anyway).
    pub fn wake(&self) {
        if let Some(ctx) = self.0.get() {
            ctx.request_repaint();
        }
    }

    /// A closure that wakes the UI, for [`Task::spawn`].
    pub fn waker(&self) -> impl Fn() + Send + 'static {
        let waker = self.clone();
        move || waker.wake()
    }
}

/// Starts `work` on a worker that repaints `ctx` when it finishes.
pub fn spawn<T: Send + 'static>(
    ctx: &egui::Context,
    label: &str,
    work: impl FnOnce(&CancelToken, &AtomicU64) -> T + Send + 'static,
) -> Task<T> {
    let wake = ctx.clone();
    Task::spawn(label, move || wake.request_repaint(), work)
}

/// Stores `value` as the task's progress count (for work that reports through a callback).
pub fn report(progress: &AtomicU64, value: u64) {
    progress.store(value, Ordering::Relaxed);
}

/// Stores "`done` of `of`" as the task's progress (read back with [`Task::share_done`]): one
/// word, so that the two never disagree.
pub fn report_share(progress: &AtomicU64, done: usize, of: usize) {
    let word = |n: usize| u64::from(u32::try_from(n).unwrap_or(u32::MAX));
    report(progress, word(done) << 32 | word(of));
}

/// Answers about something that keeps changing (a drawing, counted in revisions): one task at a
/// time, an answer about an older revision dropped, older work cancelled once newer work starts.
pub struct Latest<T> {
    answer: Option<(u64, T)>,
    running: Option<(u64, Task<Option<T>>)>,
    /// Work that stopped without an answer (it panicked): not started again for that revision.
    failed: Option<(u64, String)>,
    /// The revision whose work the user stopped: not started again until the next revision.
    stopped: Option<u64>,
    /// A revision that rewrote the whole of what is answered about: no older answer stands in.
    rewritten: Option<u64>,
}

impl<T> Default for Latest<T> {
    fn default() -> Self {
        Self {
            answer: None,
            running: None,
            failed: None,
            stopped: None,
            rewritten: None,
        }
    }
}

impl<T> Latest<T> {
    /// Collects finished work; its answer is kept when it is about `revision` (a `None` answer
    /// means the work was cancelled).
    pub fn collect(&mut self, revision: u64) {
        if let Some((started, task)) = &self.running
            && let Some(result) = task.poll()
        {
            match result {
                Ok(Some(answer)) if *started == revision => self.answer = Some((revision, answer)),
                Err(message) => self.failed = Some((*started, message)),
                _ => {}
            }
            self.running = None;
        }
    }

    /// Starts the work `start` makes, for `revision`, unless its answer is in or it is running;
    /// cancels work for an older revision.
    pub fn ensure(&mut self, revision: u64, start: impl FnOnce() -> Task<Option<T>>) {
        self.ensure_from_last(revision, |_| start());
    }

    /// [`Latest::ensure`], `start` given the latest answer (about whatever revision) to start
    /// from: read only when the work does start.
    pub fn ensure_from_last(
        &mut self,
        revision: u64,
        start: impl FnOnce(Option<&T>) -> Task<Option<T>>,
    ) {
        let answered = self.answer.as_ref().is_some_and(|(r, _)| *r == revision);
        let running = self.running.as_ref().is_some_and(|(r, _)| *r == revision);
        if answered || running || self.failure(revision).is_some() || self.is_stopped(revision) {
            return;
        }
        if let Some((_, old)) = self.running.take() {
            old.cancel();
        }
        let task = start(self.last());
        self.running = Some((revision, task));
    }

    /// The answer about `revision`, once in.
    pub fn about(&self, revision: u64) -> Option<&T> {
        self.answer
            .as_ref()
            .filter(|(r, _)| *r == revision)
            .map(|(_, answer)| answer)
    }

    /// The answer to show for `revision`: its own, or while its work is still quick, the latest
    /// answer standing in (so that a quick check after each edit never flashes "checking"),
    /// unless `revision` was [`Latest::rewritten`].
    pub fn shown(&self, revision: u64) -> Option<&T> {
        match self.about(revision) {
            None if !self.is_slow() && self.rewritten != Some(revision) => self.last(),
            answer => answer,
        }
    }

    /// Marks `revision` as a rewrite of the whole (an aid's new board): an answer about what
    /// came before does not stand in for it ("every cell is given" beside 25 givens).
    pub fn rewritten(&mut self, revision: u64) {
        self.rewritten = Some(revision);
    }

    /// Why the work for `revision` stopped without an answer, if it did.
    pub fn failure(&self, revision: u64) -> Option<&str> {
        self.failed
            .as_ref()
            .filter(|(r, _)| *r == revision)
            .map(|(_, message)| message.as_str())
    }

    /// Stops work about any revision but `revision`.
    pub fn cancel_unless(&mut self, revision: u64) {
        if self.running.as_ref().is_some_and(|(r, _)| *r != revision) {
            self.running = None;
        }
    }

    /// Stops the work running (the user's Cancel); it starts again for the next revision.
    pub fn stop(&mut self, revision: u64) {
        self.running = None;
        self.stopped = Some(revision);
    }

    /// Whether the user stopped the work for `revision`.
    pub fn is_stopped(&self, revision: u64) -> bool {
        self.stopped == Some(revision)
    }

    /// The latest answer, whatever revision it is about.
    pub fn last(&self) -> Option<&T> {
        self.answer.as_ref().map(|(_, answer)| answer)
    }

    /// Whether work is running.
    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }

    /// Whether running work has taken long enough to say so (false when none runs).
    pub fn is_slow(&self) -> bool {
        self.running
            .as_ref()
            .is_some_and(|(_, task)| task.is_slow())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wait(latest: &mut Latest<u32>, revision: u64) {
        while latest.is_running() {
            latest.collect(revision);
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    #[test]
    fn answers_about_older_revisions_are_dropped() {
        let mut latest = Latest::default();
        latest.ensure(1, || Task::spawn("one", || {}, |_, _| Some(10)));
        wait(&mut latest, 1);
        assert_eq!(latest.about(1), Some(&10));
        // Work for revision 2 that finishes after the drawing moved on to revision 3.
        latest.ensure(2, || Task::spawn("two", || {}, |_, _| Some(20)));
        wait(&mut latest, 3);
        assert_eq!(latest.about(2), None);
        assert_eq!(latest.about(3), None);
        assert_eq!(
            latest.last(),
            Some(&10),
            "the last answer kept is revision 1's"
        );
        // Asking again for an answered revision starts nothing.
        latest.ensure(1, || panic!("answered already"));
        // Work for a new revision can start from the last answer.
        latest.ensure_from_last(4, |last| {
            let from = last.copied();
            Task::spawn("four", || {}, move |_, _| from.map(|v| v + 1))
        });
        wait(&mut latest, 4);
        assert_eq!(latest.about(4), Some(&11));
    }

    #[test]
    fn the_last_answer_stands_in_until_a_rewrite() {
        let mut latest = Latest::default();
        latest.ensure(1, || Task::spawn("one", || {}, |_, _| Some(10)));
        wait(&mut latest, 1);
        // Nothing asked about revision 2 yet: revision 1's answer stands in.
        assert_eq!(latest.shown(2), Some(&10));
        assert_eq!(latest.shown(1), Some(&10));
        latest.rewritten(2);
        assert_eq!(latest.shown(2), None);
        assert_eq!(latest.shown(3), Some(&10), "only the rewritten revision");
    }

    #[test]
    fn work_that_crashed_is_not_started_again() {
        let mut latest: Latest<u32> = Latest::default();
        latest.ensure(1, || Task::spawn("crash", || {}, |_, _| panic!("a bug")));
        wait(&mut latest, 1);
        assert!(latest.failure(1).is_some_and(|m| m.contains("crash")));
        latest.ensure(1, || panic!("not again"));
        assert!(!latest.is_running());
    }

    #[test]
    fn stopped_work_waits_for_the_next_revision() {
        let mut latest: Latest<u32> = Latest::default();
        let (release, hold) = mpsc::channel::<()>();
        latest.ensure(1, move || {
            Task::spawn(
                "long",
                || {},
                move |cancel, _| {
                    let _ = hold.recv();
                    (!cancel.is_cancelled()).then_some(1)
                },
            )
        });
        latest.stop(1);
        assert!(!latest.is_running() && latest.is_stopped(1));
        latest.ensure(1, || panic!("not again for the same revision"));
        drop(release);
        latest.ensure(2, || Task::spawn("next", || {}, |_, _| Some(2)));
        wait(&mut latest, 2);
        assert_eq!(latest.about(2), Some(&2));
        assert!(!latest.is_stopped(2));
    }

    #[test]
    fn newer_work_cancels_older_work() {
        let mut latest: Latest<u32> = Latest::default();
        let (started, seen) = mpsc::channel();
        latest.ensure(1, || {
            Task::spawn(
                "slow",
                || {},
                move |cancel, _| {
                    let _ = started.send(());
                    while !cancel.is_cancelled() {
                        std::thread::sleep(Duration::from_millis(1));
                    }
                    None
                },
            )
        });
        seen.recv().expect("the first task ran");
        latest.ensure(2, || Task::spawn("quick", || {}, |_, _| Some(2)));
        wait(&mut latest, 2);
        assert_eq!(latest.about(2), Some(&2));
    }
}
