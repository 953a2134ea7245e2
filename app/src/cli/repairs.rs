//! How `gridsmith solve` shows the changes that give a puzzle without solution one.

use std::io::{self, Write};

use serde_json::{Value, json};

use crate::genres::Repair;

/// The changes under a "no solution" line, each with the puzzle it leads to (on the same line,
/// or indented under it when it takes several); nothing when there are none.
pub(super) fn write_repairs(out: &mut dyn Write, repairs: &[Repair]) -> io::Result<()> {
    if repairs.is_empty() {
        return Ok(());
    }
    let heading = match repairs.len() {
        1 => "this change gives it a solution:",
        _ => "each of these changes gives it a solution:",
    };
    writeln!(out, "{heading}")?;
    for repair in repairs {
        let outcome = if repair.unique {
            "unique"
        } else {
            "several solutions"
        };
        let text = repair.puzzle.trim_end();
        if !repair.printed {
            writeln!(out, "  {} ({outcome})", repair.change)?;
        } else if text.contains('\n') {
            // A puzzle of several lines goes under its change, indented as solutions are.
            writeln!(out, "  {} ({outcome}):", repair.change)?;
            for line in text.lines() {
                writeln!(out, "    {line}")?;
            }
        } else {
            writeln!(out, "  {} ({outcome}): {text}", repair.change)?;
        }
    }
    if repairs.iter().any(|r| !r.printed) {
        writeln!(out, "(--json gives the puzzle after each change)")?;
    }
    Ok(())
}

/// The changes as `solve --json` lists them.
pub(super) fn repairs_json(repairs: &[Repair]) -> Value {
    repairs
        .iter()
        .map(|r| json!({"change": r.change, "puzzle": r.puzzle, "unique": r.unique}))
        .collect()
}
