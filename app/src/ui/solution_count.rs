//! The designers' count of solutions once the live check says "several": worked out on a
//! worker, cancelled by the next edit, and put into words for the status.

use gridsmith_engine::{CancelToken, Cancelled, SolutionCount};

use super::worker::{Latest, spawn};

/// How many solutions the drawing as it stands has, counted after the verdict says several.
/// A count is `None` where the genre does not count (a Sudoku past 64x64).
#[derive(Default)]
pub struct SolutionCounter {
    count: Latest<Option<SolutionCount>>,
    /// Whether the drawing as it stands is one to count (its verdict says several).
    counting: bool,
}

impl SolutionCounter {
    /// Keeps the count about `revision` while `several` holds, and stops counting otherwise.
    /// `work` makes the count's work, read only when it starts. Only a cancelled count answers
    /// nothing: `Latest` starts work that answers nothing again on the next frame.
    pub fn keep<W>(
        &mut self,
        ctx: &egui::Context,
        revision: u64,
        several: bool,
        work: impl FnOnce() -> W,
    ) where
        W: FnOnce(&CancelToken) -> Result<Option<SolutionCount>, Cancelled> + Send + 'static,
    {
        self.count.collect(revision);
        self.counting = several;
        if several {
            self.count.ensure(revision, || {
                let work = work();
                spawn(ctx, "Counting solutions", move |cancel, _| {
                    work(cancel).ok()
                })
            });
        } else {
            self.count.cancel_unless(revision);
        }
    }

    /// Whether a count is running.
    pub fn is_running(&self) -> bool {
        self.count.is_running()
    }

    /// The count about `revision` in a few words, for "Several solutions (…)": "3 in all",
    /// "at least 1,000", "counting…"; nothing where the genre does not count. While a quick
    /// count runs, the last one stands in, as the verdict before a quick check does.
    /// A verdict of several means at least two, whatever a count cut short found.
    pub fn words(&self, revision: u64) -> Option<String> {
        let count = match self.count.shown(revision) {
            Some(count) => count,
            None if self.count.failure(revision).is_some() || !self.counting => return None,
            None => return Some("counting…".to_string()),
        };
        match count {
            Some(SolutionCount::Exactly(n)) => Some(format!("{} in all", thousands(*n))),
            Some(SolutionCount::AtLeast(n)) => Some(format!("at least {}", thousands((*n).max(2)))),
            None => None,
        }
    }

    /// [`SolutionCounter::words`] in brackets after a space, to follow "Several solutions";
    /// nothing when there are no words.
    pub fn in_brackets(&self, revision: u64) -> String {
        self.words(revision)
            .map(|words| format!(" ({words})"))
            .unwrap_or_default()
    }

    /// The count about `revision`, once in.
    pub fn about(&self, revision: u64) -> Option<SolutionCount> {
        self.count.about(revision).copied().flatten()
    }
}

/// `n` with a comma every three digits: "1,000".
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn large_counts_group_their_digits() {
        assert_eq!(thousands(7), "7");
        assert_eq!(thousands(1_000), "1,000");
        assert_eq!(thousands(123_456), "123,456");
    }
}
