//! Clues as people type them into the designer: `12+`, `6x` / `6*` / `6×`, `2-` / `2−`, `3/` /
//! `3÷`, a bare number on a one-cell cage, or just the operation once the solution is fixed.

use thiserror::Error;

use super::drawing::Design;
use crate::keen::layout::clue_for;
use crate::keen::puzzle::{Clue, ClueProblem, Op};

/// Why typed text is not a clue.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ClueTextError {
    /// Text after the number that is not an operation.
    #[error("\"{0}\" is not an operation: use + - x / after the number")]
    NotAnOperation(String),
    /// No number before the operation.
    #[error("type a number first, then + - x or /, as in 12+ or 3/")]
    NoNumber,
    /// A number past any clue.
    #[error("{0} is far too big for a clue")]
    TooBig(String),
    /// A bare number on a cage of several cells: which operation is meant?
    #[error(
        "a cage of {cells} cells needs an operation: type {target}+, {target}x, {target}- or {target}/"
    )]
    NeedsOperation {
        /// The cage's cells.
        cells: usize,
        /// The number typed.
        target: u64,
    },
    /// No cage is selected.
    #[error("click a cage first")]
    NoCage,
    /// An operation alone, but no solution to take the target from.
    #[error(
        "type the number too (as in 12+): the target comes from the solution only once it is fixed"
    )]
    NoSolution,
    /// An operation alone that the fixed solution's digits do not fit.
    #[error("{} does not fit this cage's digits", .0.name())]
    DoesNotFit(Op),
}

/// The operation written after a number (or alone).
fn operation(text: &str) -> Result<Option<Op>, ClueTextError> {
    match text.trim() {
        "" => Ok(None),
        "+" => Ok(Some(Op::Add)),
        "x" | "X" | "*" | "×" => Ok(Some(Op::Mul)),
        "-" | "−" => Ok(Some(Op::Sub)),
        "/" | "÷" => Ok(Some(Op::Div)),
        other => Err(ClueTextError::NotAnOperation(other.to_string())),
    }
}

/// Reads a clue for a cage of `cells` cells: a number and an operation, or a bare number on a
/// single cell.
pub fn parse_clue(text: &str, cells: usize) -> Result<Clue, ClueTextError> {
    let text = text.trim();
    let digits: String = text.chars().take_while(char::is_ascii_digit).collect();
    // "abc" lacks its number before anything else.
    if digits.is_empty() {
        return Err(ClueTextError::NoNumber);
    }
    let op = operation(&text[digits.len()..])?;
    let target: u64 = digits
        .parse()
        .map_err(|_| ClueTextError::TooBig(digits.clone()))?;
    match op {
        Some(op) => Ok(Clue::new(op, target)),
        None if cells <= 1 => Ok(Clue::new(Op::Add, target)),
        None => Err(ClueTextError::NeedsOperation { cells, target }),
    }
}

impl Design {
    /// Sets the clue typed for the cage holding `cell` (one edit). With the solution fixed, an
    /// operation alone takes its target from the solution. A clue that breaks a rule is still set,
    /// and the rule is returned so that it can be shown beside the field.
    pub fn type_clue(
        &mut self,
        cell: Option<usize>,
        text: &str,
    ) -> Result<Option<ClueProblem>, ClueTextError> {
        let cell = cell.ok_or(ClueTextError::NoCage)?;
        let drawing = self.drawing();
        let cells = drawing.cage_with(cell);
        let text = text.trim();
        let op_only = !text.is_empty() && !text.starts_with(|c: char| c.is_ascii_digit());
        let clue = if op_only {
            // Anything but an operation alone lacks its number ("abc" is no operation).
            let op = operation(text)
                .ok()
                .flatten()
                .ok_or(ClueTextError::NoNumber)?;
            let grid = drawing.solution().ok_or(ClueTextError::NoSolution)?;
            let values: Vec<u8> = cells.iter().map(|&c| grid.get(c)).collect();
            clue_for(op, &values)
                .filter(|clue| clue.problem(cells.len(), self.size()).is_none())
                .ok_or(ClueTextError::DoesNotFit(op))?
        } else {
            parse_clue(text, cells.len())?
        };
        self.set_clue(cell, Some(clue));
        Ok(clue.problem(cells.len(), self.size()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::latin::Grid;

    #[test]
    fn typed_clues() {
        assert_eq!(parse_clue("12+", 3), Ok(Clue::new(Op::Add, 12)));
        assert_eq!(parse_clue(" 6x", 2), Ok(Clue::new(Op::Mul, 6)));
        assert_eq!(parse_clue("2-", 2), Ok(Clue::new(Op::Sub, 2)));
        assert_eq!(parse_clue("3÷", 2), Ok(Clue::new(Op::Div, 3)));
        assert_eq!(parse_clue("4", 1), Ok(Clue::new(Op::Add, 4)));
        assert_eq!(
            parse_clue("4", 3),
            Err(ClueTextError::NeedsOperation {
                cells: 3,
                target: 4
            })
        );
        assert_eq!(parse_clue("+", 2), Err(ClueTextError::NoNumber));
        assert!(matches!(
            parse_clue("123456789012345678901234567890+", 2),
            Err(ClueTextError::TooBig(_))
        ));
        assert!(matches!(
            parse_clue("5%", 2),
            Err(ClueTextError::NotAnOperation(_))
        ));
    }

    #[test]
    fn an_operation_alone_takes_the_solutions_target() {
        let mut design = Design::blank(2);
        design.join(&[0, 1]);
        assert_eq!(
            design.type_clue(Some(0), "x"),
            Err(ClueTextError::NoSolution)
        );
        let grid = Grid::new(2, vec![1, 2, 2, 1]).expect("a grid");
        design.set_solution(Some(&grid));
        assert_eq!(design.type_clue(Some(1), "x"), Ok(None));
        let cages = design.drawing().cages();
        assert_eq!(
            design.drawing().clue_of(&cages[0]),
            Some(Clue::new(Op::Mul, 2))
        );
        assert_eq!(design.type_clue(Some(0), "/"), Ok(None));
        assert_eq!(
            design.type_clue(Some(2), "-"),
            Err(ClueTextError::DoesNotFit(Op::Sub))
        );
        assert_eq!(design.type_clue(None, "3+"), Err(ClueTextError::NoCage));
        assert!(matches!(
            design.type_clue(Some(0), "9+"),
            Ok(Some(ClueProblem::Unreachable { .. }))
        ));
    }

    proptest::proptest! {
        /// Anything typed gets a clue or a typed error, never a panic.
        #[test]
        fn typed_clues_never_panic(text in "\\PC{0,12}", cells in 1usize..5) {
            if let Ok(clue) = parse_clue(&text, cells) {
                proptest::prop_assert!(clue.target.to_string().len() <= 20);
            }
        }
    }
}
