//! Design mode as the session keeps it between runs: the drawing and its recent history.

use gridsmith_engine::rikudo::{RikudoDesign, RikudoPuzzle, read_rikudo, write_rikudo};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{Field, RikudoDesigner, STORED_HISTORY};

/// A drawing as the session keeps it: the board written as Rikudo JSON without its givens (which
/// may break the rules while a designer works), and the givens by vertex id.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct StoredDrawing {
    board: Option<String>,
    givens: Vec<(String, u32)>,
}

impl StoredDrawing {
    fn of(puzzle: &RikudoPuzzle) -> Self {
        if puzzle.cell_count() == 0 {
            return Self::default();
        }
        let mut bare = puzzle.clone();
        let givens = (0..puzzle.cell_count())
            .filter_map(|c| Some((puzzle.vertex_id(c), puzzle.givens()[c]?)))
            .collect();
        bare.clear_givens();
        Self {
            board: Some(write_rikudo(&bare)),
            givens,
        }
    }

    fn puzzle(&self) -> Option<RikudoPuzzle> {
        let Some(board) = &self.board else {
            return Some(RikudoPuzzle::empty());
        };
        let mut design = RikudoDesign::new(read_rikudo(board).ok()?.puzzle);
        for (id, value) in &self.givens {
            let (row, column) = id.split_once(',')?;
            let cell = design
                .puzzle()
                .cell_at(row.parse().ok()?, column.parse().ok()?)?;
            design.set_given(cell, Some(*value));
        }
        Some(design.puzzle().clone())
    }
}

/// What is kept between runs.
#[derive(Serialize, Deserialize)]
struct Stored {
    drawing: StoredDrawing,
    #[serde(default)]
    undo: Vec<StoredDrawing>,
    #[serde(default)]
    redo: Vec<StoredDrawing>,
    field: [i64; 4],
}

impl RikudoDesigner {
    /// Design mode as [`RikudoDesigner::store`] left it; `None` when it does not fit.
    pub fn restore(stored: &Value) -> Option<Self> {
        let stored: Stored = serde_json::from_value(stored.clone()).ok()?;
        let puzzles = |list: &[StoredDrawing]| -> Option<Vec<RikudoPuzzle>> {
            list.iter().map(StoredDrawing::puzzle).collect()
        };
        let design = RikudoDesign::with_history(
            stored.drawing.puzzle()?,
            puzzles(&stored.undo)?,
            puzzles(&stored.redo)?,
        );
        let mut designer = Self::new(design);
        let [top, left, rows, columns] = stored.field;
        let kept = Field {
            top,
            left,
            rows: usize::try_from(rows).ok()?.clamp(1, 64),
            columns: usize::try_from(columns).ok()?.clamp(1, 64),
        };
        designer.field = designer.field.union(kept);
        Some(designer)
    }

    /// The drawing and its recent history, for the next run.
    pub fn store(&self) -> Value {
        let (undo, redo) = self.design.history(STORED_HISTORY);
        let stored = Stored {
            drawing: StoredDrawing::of(self.design.puzzle()),
            undo: undo.iter().map(StoredDrawing::of).collect(),
            redo: redo.iter().map(StoredDrawing::of).collect(),
            field: [
                self.field.top,
                self.field.left,
                self.field.rows as i64,
                self.field.columns as i64,
            ],
        };
        serde_json::to_value(stored).unwrap_or(Value::Null)
    }
}
