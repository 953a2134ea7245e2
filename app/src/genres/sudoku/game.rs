//! One Sudoku puzzle in the shell: read from one of the three formats (remembering which, so Copy
//! gives it back the way it came), solved, graded, hinted, typed by key and painted.

use std::any::Any;
use std::sync::Arc;

use gridsmith_engine::latin::{Mask, Shape};
use gridsmith_engine::play::{Hint, PlayRules, PlayState};
use gridsmith_engine::sudoku::{
    SudokuDesign, SudokuLevel, SudokuPuzzle, SudokuStep, Technique, cell_name, clashing_givens,
    default_symbols, given_repairs, grade, solo_id, steps_without_uniqueness, sudoku_hint,
    sudoku_uniqueness_with_progress, text_format_holds, worked_solution, write_line,
    write_readable, write_sudoku,
};
use gridsmith_engine::{CancelToken, Cancelled, Uniqueness};
use serde_json::{Value, json};

use super::{ID, Sudoku, designer::SudokuDesigner, view};
use crate::genres::{Genre, Puzzle, Repair, ShownHint, Solvable, Step};
use crate::ui::board::{BoardLook, Geometry, SquareGeometry};
use crate::ui::design::DesignMode;
use crate::ui::keys::ValueKeys;

/// The format a puzzle was read from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SourceFormat {
    /// The 81-character line.
    Line,
    /// Upstream Solo's game ID.
    Solo,
    /// The Sudoku text format.
    Text,
}

/// The keys that type a side's values when its symbols are not on the keyboard: 1-9, then a-z.
const FALLBACK_KEYS: &str = "123456789abcdefghijklmnopqrstuvwxyz";

/// A Sudoku puzzle as read.
pub struct SudokuGame {
    /// The puzzle.
    pub puzzle: SudokuPuzzle,
    /// The format it came in, which Copy writes.
    pub format: SourceFormat,
    /// The seed it was generated from, when it was made here.
    pub seed: Option<String>,
}

impl SudokuGame {
    /// A puzzle read from `format`.
    pub fn new(puzzle: SudokuPuzzle, format: SourceFormat) -> Self {
        Self {
            puzzle,
            format,
            seed: None,
        }
    }

    fn rows(&self, values: &[u16]) -> Vec<Vec<u16>> {
        values
            .chunks(self.puzzle.side().max(1))
            .map(<[u16]>::to_vec)
            .collect()
    }

    /// The puzzle in `format`, when that format can write it (a line is 9x9 with digits only, a
    /// Solo ID has Solo's symbols).
    fn written(&self, format: SourceFormat) -> Option<String> {
        match format {
            SourceFormat::Line => write_line(&self.puzzle),
            SourceFormat::Solo => solo_id(&self.puzzle),
            SourceFormat::Text => {
                text_format_holds(&self.puzzle).then(|| write_sudoku(&self.puzzle))
            }
        }
    }
}

/// The key of each value: its own symbol when every symbol is a digit or a letter (told apart
/// without case), else 1-9 then a-z in symbol order.
pub fn symbol_keys(symbols: &[char]) -> Vec<char> {
    let own: Vec<char> = symbols.iter().map(char::to_ascii_lowercase).collect();
    let mut distinct = own.clone();
    distinct.sort_unstable();
    distinct.dedup();
    if own.iter().all(char::is_ascii_alphanumeric) && distinct.len() == own.len() {
        own
    } else {
        FALLBACK_KEYS.chars().take(symbols.len()).collect()
    }
}

impl Solvable for SudokuGame {
    fn genre_id(&self) -> &'static str {
        ID
    }

    fn clues_word(&self) -> &'static str {
        "givens"
    }

    /// The puzzle in the format it came in (when that one cannot write it, the text format, or
    /// Solo's ID for the oblong boxes the text format cannot hold).
    fn text(&self) -> String {
        self.written(self.format)
            .unwrap_or_else(|| write_readable(&self.puzzle))
    }

    fn size_label(&self) -> String {
        let side = self.puzzle.side();
        format!("{side}x{side}")
    }

    fn check_fields(&self) -> serde_json::Map<String, Value> {
        let (box_rows, box_cols) = self.puzzle.box_shape();
        let mut fields = serde_json::Map::new();
        fields.insert("size".into(), json!(self.puzzle.side()));
        fields.insert("box".into(), json!(format!("{box_rows}x{box_cols}")));
        fields.insert("givens".into(), json!(self.puzzle.given_count()));
        fields.insert(
            "symbols".into(),
            json!(self.puzzle.symbols().iter().collect::<String>()),
        );
        if let Some(clash) = self.clash() {
            fields.insert("clash".into(), json!(clash));
        }
        fields
    }

    fn repairs(&self, cancel: &CancelToken) -> Vec<Repair> {
        let side = self.puzzle.side();
        let repairs = given_repairs(&self.puzzle, cancel).unwrap_or_default();
        repairs
            .into_iter()
            .map(|repair| {
                let place = cell_name(repair.cell, side);
                let change = match u8::try_from(repair.value) {
                    Ok(0) => format!("Take away the given in {place}"),
                    value => format!(
                        "Make {place} {}",
                        view::symbol(self.puzzle.symbols(), value.unwrap_or(0))
                    ),
                };
                let repaired = self.puzzle.with_cells(&[repair.cell], repair.value);
                Repair {
                    change,
                    puzzle: SudokuGame::new(repaired, self.format).one_line_text(),
                    unique: repair.unique,
                    printed: true,
                }
            })
            .collect()
    }

    fn why_no_solution(&self) -> Option<String> {
        // "Row 1 holds 6 twice" goes after a colon.
        let clash = self.clash()?;
        let mut letters = clash.chars();
        let first = letters.next()?;
        Some(first.to_lowercase().chain(letters).collect())
    }

    fn check_summary(&self) -> String {
        let (box_rows, box_cols) = self.puzzle.box_shape();
        let summary = format!(
            "{}, boxes {box_rows}x{box_cols}, {}",
            self.size_label(),
            crate::ui::text::counted(self.puzzle.given_count(), "given", "givens")
        );
        // Well formed (so "valid"), but not a puzzle anyone can solve: said as a warning under
        // it, as a Rikudo's are, rather than on a line that reads "valid ... no solution".
        match self.clash() {
            Some(clash) => format!("{summary}\n  warning: {clash}, so it has no solution"),
            None => summary,
        }
    }

    fn solve(&self, cancel: &CancelToken) -> Result<Uniqueness<Vec<u16>>, Cancelled> {
        self.solve_with_progress(cancel, &mut |_, _| {})
    }

    fn solve_with_progress(
        &self,
        cancel: &CancelToken,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Result<Uniqueness<Vec<u16>>, Cancelled> {
        sudoku_uniqueness_with_progress(&self.puzzle, cancel, progress)
    }

    fn grade(&self, cancel: &CancelToken) -> Result<Option<&'static str>, Cancelled> {
        Ok(grade(&self.puzzle, cancel)?.map(|level| level.name()))
    }

    fn solution_json(&self, values: &[u16]) -> Value {
        json!(self.rows(values))
    }

    fn solve_fields(&self) -> serde_json::Map<String, Value> {
        let mut fields = serde_json::Map::new();
        fields.insert(
            "symbols".into(),
            json!(self.puzzle.symbols().iter().collect::<String>()),
        );
        fields
    }

    fn solution_text(&self, values: &[u16]) -> String {
        let symbols = self.puzzle.symbols();
        self.rows(values)
            .iter()
            .map(|row| {
                row.iter()
                    .map(|&v| {
                        symbols
                            .get(usize::from(v).wrapping_sub(1))
                            .copied()
                            .unwrap_or('?')
                    })
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    fn drawing(&self, solution: Option<&[u16]>) -> crate::render::Drawing {
        super::print::drawing(&self.puzzle, solution)
    }

    fn no_steps_reason(&self) -> Option<&'static str> {
        (self.puzzle.side() > 16).then_some("the techniques reason on grids up to 16x16")
    }

    fn steps(&self) -> Vec<Step> {
        let as_step = |step: SudokuStep| Step {
            technique: step.technique.id().to_string(),
            level: step.technique.level().name().to_string(),
            text: step.text,
        };
        let worked = worked_solution(&self.puzzle);
        if !worked.is_empty() {
            return worked.into_iter().map(as_step).collect();
        }
        // No single solution to work towards: the steps that hold anyway, then where an
        // impossible puzzle falls apart, or (several solutions) where reasoning stops, as Keen's
        // list ends.
        let Some((found, contradiction)) = steps_without_uniqueness(&self.puzzle) else {
            return Vec::new();
        };
        let side = self.puzzle.side();
        let full = self.puzzle.given_count() == side * side;
        if full && contradiction.is_none() {
            // A whole grid that holds: nothing to reason about, and no search either.
            return Vec::new();
        }
        let mut steps: Vec<Step> = found.into_iter().map(as_step).collect();
        match contradiction {
            Some(contradiction) => {
                let sentence = contradiction.sentence(self.puzzle.side(), |v| self.value_label(v));
                steps.push(Step::contradiction(sentence, "givens", &steps));
            }
            None => steps.push(Step::search(SudokuLevel::Extreme.name())),
        }
        steps
    }
}

impl SudokuGame {
    /// Two givens of one symbol in a unit, in words (`Box 1 holds 1 twice`).
    fn clash(&self) -> Option<String> {
        clashing_givens(&self.puzzle)
            .map(|found| found.sentence(self.puzzle.side(), |v| self.value_label(v)))
    }
}

impl Puzzle for SudokuGame {
    fn genre(&self) -> &'static dyn Genre {
        &Sudoku
    }

    fn rules(&self) -> &dyn PlayRules {
        &self.puzzle
    }

    fn side(&self) -> usize {
        self.puzzle.side()
    }

    fn named_difficulty(&self) -> Option<String> {
        None
    }

    fn seed(&self) -> Option<String> {
        self.seed.clone()
    }

    fn with_seed(self: Arc<Self>, seed: String) -> Arc<dyn Puzzle> {
        Arc::new(SudokuGame {
            puzzle: self.puzzle.clone(),
            format: self.format,
            seed: Some(seed),
        })
    }

    fn value_keys(&self) -> ValueKeys {
        ValueKeys::Symbols(symbol_keys(self.puzzle.symbols()))
    }

    fn value_label(&self, value: u8) -> String {
        view::symbol(self.puzzle.symbols(), value)
    }

    fn formats(&self) -> Vec<(String, String)> {
        // The line and Solo's IDs have symbols of their own: a puzzle in others (あいうえ) is
        // written in theirs, and says so before it is copied.
        let own_symbols =
            default_symbols(self.puzzle.side()).as_deref() != Some(self.puzzle.symbols());
        let (line, solo) = if own_symbols {
            (
                "an 81-character line, in digits",
                "a Solo game ID, in Solo's symbols",
            )
        } else {
            ("an 81-character line", "a Solo game ID")
        };
        let mut all = [
            ("the text format", SourceFormat::Text),
            (line, SourceFormat::Line),
            (solo, SourceFormat::Solo),
        ];
        // The format it came in first; a stable sort keeps the rest in order.
        all.sort_by_key(|&(_, format)| format != self.format);
        let formats: Vec<(String, String)> = all
            .into_iter()
            .filter_map(|(name, format)| self.written(format).map(|text| (name.to_string(), text)))
            .collect();
        if formats.len() < 2 {
            return Vec::new();
        }
        formats
    }

    fn hint(&self, solution: &[u8], state: &PlayState) -> ShownHint {
        let side = self.puzzle.side();
        // The techniques keep candidates in 16 bits: past 16x16 marks are not read.
        let masks: Vec<Mask> = state
            .marks()
            .iter()
            .map(|m| Mask::try_from(m.to_mask()).unwrap_or(0))
            .collect();
        let found = sudoku_hint(&self.puzzle, solution, state.entries(), &masks);
        let (cells, targets) = found.focus();
        let mut context = Vec::new();
        if let Hint::Step { deduction, .. } = &found
            && let Some(unit) = deduction.unit
        {
            // The unit the step is about is shaded faintly around the cells it reasons from (a
            // naked pair's two cells were lost in their shaded column).
            let (rows, columns) = self.puzzle.box_shape();
            context = unit
                .cells(Shape::with_boxes(rows, columns))
                .filter(|cell| !cells.contains(cell))
                .collect();
        }
        // A chain's cells come in its order: the board draws its links.
        let chain = match &found {
            Hint::Step { deduction, .. }
                if matches!(deduction.technique, Technique::XChain | Technique::XyChain) =>
            {
                deduction.cells.clone()
            }
            _ => Vec::new(),
        };
        let symbols = self.puzzle.symbols();
        let text = found.sentence(
            |cell| cell_name(cell, side),
            |value| view::symbol(symbols, value),
        );
        // A removal on an unmarked cell writes what Fill marks would, less what it removes.
        let open = state.open_values(self.rules());
        ShownHint {
            text,
            context,
            cells,
            targets,
            changes: found.changes(
                |cell| open.get(cell).copied().unwrap_or_default(),
                state.entries(),
                state.marks(),
            ),
            struck: found.struck(),
            tags: Vec::new(),
            chain,
        }
    }

    fn geometry(&self, rect: egui::Rect) -> Box<dyn Geometry> {
        Box::new(SquareGeometry::fit(rect, self.puzzle.side()))
    }

    fn paint(&self, painter: &egui::Painter, geometry: &dyn Geometry, look: &BoardLook<'_>) {
        view::paint(painter, geometry, &self.puzzle, look);
    }

    fn design(&self) -> Box<dyn DesignMode> {
        Box::new(SudokuDesigner::new(SudokuDesign::new(self.puzzle.clone())))
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn puzzle_file_name(&self) -> String {
        format!("sudoku-{}.sdk", self.size_label())
    }

    fn save_name(&self) -> String {
        format!("sudoku-{}.json", self.size_label())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_the_symbols_when_the_keyboard_has_them() {
        assert_eq!(
            symbol_keys(&"123456789".chars().collect::<Vec<_>>()),
            "123456789".chars().collect::<Vec<_>>()
        );
        assert_eq!(
            symbol_keys(&"ABCD".chars().collect::<Vec<_>>()),
            "abcd".chars().collect::<Vec<_>>()
        );
        assert_eq!(
            symbol_keys(&"アイウエ".chars().collect::<Vec<_>>()),
            "1234".chars().collect::<Vec<_>>()
        );
        // `a` and `A` would share a key.
        assert_eq!(
            symbol_keys(&"aA12".chars().collect::<Vec<_>>()),
            "1234".chars().collect::<Vec<_>>()
        );
    }
}
