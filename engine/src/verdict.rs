//! How many solutions a puzzle has, in three words, for every genre.
//!
//! Solvers count solutions up to two and say so with [`Uniqueness`]: no solution, exactly one (here
//! it is), or several (here are two that differ). Two are worth returning: the designer shows where
//! they differ.

/// How many solutions a puzzle has; `S` is the genre's solution (a filled grid, a numbering).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Uniqueness<S> {
    /// No solution satisfies the puzzle.
    None,
    /// Exactly one does.
    Unique(S),
    /// At least two do; here are two different ones.
    Multiple(S, S),
}

impl<S> Uniqueness<S> {
    /// `"none"`, `"unique"` or `"multiple"`, as the command line's JSON writes it.
    pub fn name(&self) -> &'static str {
        match self {
            Uniqueness::None => "none",
            Uniqueness::Unique(_) => "unique",
            Uniqueness::Multiple(..) => "multiple",
        }
    }

    /// Builds the verdict from the first solutions a search found (at most two are looked at).
    pub fn from_found(found: impl IntoIterator<Item = S>) -> Self {
        let mut found = found.into_iter();
        match (found.next(), found.next()) {
            (None, _) => Uniqueness::None,
            (Some(a), None) => Uniqueness::Unique(a),
            (Some(a), Some(b)) => Uniqueness::Multiple(a, b),
        }
    }

    /// The solution, when there is exactly one.
    pub fn unique(&self) -> Option<&S> {
        match self {
            Uniqueness::Unique(s) => Some(s),
            _ => None,
        }
    }

    /// The verdict with each solution turned into another type.
    pub fn map<T>(self, mut f: impl FnMut(S) -> T) -> Uniqueness<T> {
        match self {
            Uniqueness::None => Uniqueness::None,
            Uniqueness::Unique(a) => Uniqueness::Unique(f(a)),
            Uniqueness::Multiple(a, b) => Uniqueness::Multiple(f(a), f(b)),
        }
    }
}

/// How many solutions a bounded count found: every one, or at least this many (it reached the
/// count asked for, or its budget of search steps, first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolutionCount {
    /// The search covered every possibility: this many solutions in all.
    Exactly(usize),
    /// The search stopped early: this many or more.
    AtLeast(usize),
}

impl SolutionCount {
    /// How far the designers count: past a thousand, the number says no more than "many".
    pub const DESIGN_CAP: usize = 1_000;

    /// The count a search reached: `found` solutions, `complete` when it covered every
    /// possibility without reaching the `cap` it was asked to stop at.
    pub fn from_search(found: usize, cap: usize, complete: bool) -> Self {
        if complete && found < cap {
            SolutionCount::Exactly(found)
        } else {
            SolutionCount::AtLeast(found)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_count_is_exact_only_when_the_search_covered_everything_below_its_cap() {
        assert_eq!(
            SolutionCount::from_search(3, 100, true),
            SolutionCount::Exactly(3)
        );
        assert_eq!(
            SolutionCount::from_search(3, 100, false),
            SolutionCount::AtLeast(3)
        );
        assert_eq!(
            SolutionCount::from_search(100, 100, false),
            SolutionCount::AtLeast(100)
        );
    }

    #[test]
    fn three_words() {
        assert_eq!(Uniqueness::<u8>::from_found([]), Uniqueness::None);
        assert_eq!(Uniqueness::from_found([1]), Uniqueness::Unique(1));
        assert_eq!(
            Uniqueness::from_found([1, 2, 3]),
            Uniqueness::Multiple(1, 2)
        );
        assert_eq!(
            Uniqueness::Multiple(1, 2).map(|v| v * 10).name(),
            "multiple"
        );
    }
}
