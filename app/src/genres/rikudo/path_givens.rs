//! Suggest givens in the Rikudo designer: a small set of givens for one path, the numbering the
//! designer drew (or the check found) or a random path on the drawn cells, worked out on a worker
//! and applied as one undoable edit.

use gridsmith_engine::rikudo::{
    MadeRikudo, RikudoDesign, RikudoGenerateError, RikudoPuzzle, suggest_givens,
};

use crate::ui::jobs::fresh_seed;
use crate::ui::worker::{Task, report, spawn};

type Outcome = Result<MadeRikudo, RikudoGenerateError>;

/// The Suggest givens work of one designer.
#[derive(Default)]
pub struct PathGivens {
    /// The work running, with the revision it started at and the board it started from.
    running: Option<(u64, RikudoPuzzle, Task<Outcome>)>,
    /// What the last run did, with the revision it is about.
    said: Option<(u64, String)>,
}

impl PathGivens {
    /// Starts on `board` at `revision`: for `numbering`, or for a random path without one.
    pub fn start(
        &mut self,
        ctx: &egui::Context,
        revision: u64,
        board: RikudoPuzzle,
        numbering: Option<Vec<u32>>,
    ) {
        let seed = fresh_seed().to_string();
        let worked_on = board.clone();
        let task = spawn(ctx, "Suggesting givens", move |cancel, progress| {
            suggest_givens(
                &worked_on,
                numbering.as_deref(),
                &seed,
                cancel,
                &mut |left| {
                    report(progress, left as u64);
                },
            )
        });
        self.running = Some((revision, board, task));
        self.said = None;
    }

    /// Whether it is running.
    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }

    /// How far it has got, from 0 to 1, once it is taking givens away.
    pub fn fraction_done(&self) -> Option<f32> {
        let (_, board, task) = self.running.as_ref()?;
        let (left, cells) = (task.progress(), board.cell_count());
        (left > 0 && cells > 0).then(|| 1.0 - left as f32 / cells as f32)
    }

    /// Stops it.
    pub fn cancel(&mut self) {
        self.running = None;
        self.said = None;
    }

    /// Once the work is done, puts what it found in place of the drawing (one undoable edit),
    /// unless the drawing changed meanwhile.
    pub fn collect(&mut self, design: &mut RikudoDesign) {
        let Some((_, _, task)) = &self.running else {
            return;
        };
        let Some(outcome) = task.poll() else { return };
        let Some((started, board, _)) = self.running.take() else {
            return;
        };
        let text = if started != design.revision {
            "The drawing changed meanwhile: ask again.".to_string()
        } else {
            match outcome {
                Ok(Ok(made)) => {
                    let said = what_was_kept(&board, &made);
                    design.replace(made.puzzle);
                    said
                }
                Ok(Err(RikudoGenerateError::Cancelled)) => return,
                Ok(Err(RikudoGenerateError::Unreachable(why))) => {
                    format!("No givens suggested: {why}.")
                }
                Err(failure) => format!("Suggest givens stopped: {failure}"),
            }
        };
        self.said = Some((design.revision, text));
    }

    /// What the last run did, if it is about the drawing at `revision`.
    pub fn said(&self, revision: u64) -> Option<&str> {
        self.said
            .as_ref()
            .filter(|(r, _)| *r == revision)
            .map(|(_, text)| text.as_str())
    }
}

/// What suggesting givens on `board` did: how many of the path's numbers stay given, and how
/// many of the numbers the designer gave went (the path keeps them, but not as givens).
fn what_was_kept(board: &RikudoPuzzle, made: &MadeRikudo) -> String {
    let after = made.puzzle.givens();
    let kept = after.iter().flatten().count();
    let cells = board.cell_count();
    let grade = made.level.map_or("needs search", |l| l.name());
    let mut said =
        format!("Kept {kept} of the path's {cells} numbers as givens: one numbering, {grade}.");
    let went = (board.givens().iter().zip(after))
        .filter(|(before, now)| before.is_some() && now.is_none())
        .count();
    match went {
        0 => {}
        1 => said.push_str(" 1 number you gave was not needed and went (Undo brings it back)."),
        n => said.push_str(&format!(
            " {n} numbers you gave were not needed and went (Undo brings them back)."
        )),
    }
    said
}
