//! Drawing boards of any shape: a [`Geometry`] says where each cell is on screen (square and
//! hexagonal ones here), [`paint`] draws cells, edges, values and marks through it, and [`Palette`]
//! holds both themes' colours. A genre's painter uses these and adds what is its own (Keen's clues).

mod hex;
mod paint;
mod square;
mod struck;

use egui::{Pos2, Rect};
use gridsmith_engine::play::{Conflicts, Marks};
use gridsmith_engine::topology::Direction;

pub use hex::HexGeometry;
pub use paint::{
    CLUE_BAND, Palette, marks_in_block, paint_cells, paint_chain, paint_edges, paint_label,
    paint_label_scaled, paint_labelled_marks, paint_marks, paint_pending, paint_tags,
    paint_tags_at, paint_value, paint_wrong_shapes, value_text,
};
pub use square::SquareGeometry;
pub use struck::{paint_struck, struck_by_cell};

/// Where a board's cells are on screen.
pub trait Geometry {
    /// How many cells.
    fn cell_count(&self) -> usize;

    /// The corners of `cell`, in order round it.
    fn outline(&self, cell: usize) -> Vec<Pos2>;

    /// The middle of `cell`.
    fn centre(&self, cell: usize) -> Pos2;

    /// A square inside `cell` for its text (the whole cell for a square board).
    fn text_rect(&self, cell: usize) -> Rect;

    /// The cell under `pos`, if any.
    fn cell_at(&self, pos: Pos2) -> Option<usize>;

    /// Each side of `cell`'s outline with the cell across it (`None` on the border).
    fn sides(&self, cell: usize) -> Vec<(Option<usize>, [Pos2; 2])>;

    /// The cell one step from `cell` in `direction`, if any.
    fn step(&self, cell: usize, direction: Direction) -> Option<usize>;

    /// A cell's size in points (its text rectangle's height), for fonts and strokes.
    fn cell_size(&self) -> f32;

    /// The whole board's bounding box.
    fn bounds(&self) -> Rect;

    /// The side shared by neighbours `a` and `b`, if they are neighbours.
    fn edge_between(&self, a: usize, b: usize) -> Option<[Pos2; 2]> {
        self.sides(a)
            .into_iter()
            .find(|(other, _)| *other == Some(b))
            .map(|(_, ends)| ends)
    }

    /// The edge a pointer at `pos` is about: within `within` (a fraction of a cell) of a side
    /// between two cells, those two cells (the one under the pointer first).
    fn edge_near(&self, pos: Pos2, within: f32) -> Option<(usize, usize)> {
        let cell = self.cell_at(pos)?;
        let limit = within * self.cell_size();
        self.sides(cell)
            .into_iter()
            .filter_map(|(other, [a, b])| other.map(|o| (o, distance_to_segment(pos, a, b))))
            .filter(|&(_, distance)| distance < limit)
            .min_by(|x, y| x.1.total_cmp(&y.1))
            .map(|(other, _)| (cell, other))
    }
}

/// How far `p` lies from the segment `a`-`b`.
fn distance_to_segment(p: Pos2, a: Pos2, b: Pos2) -> f32 {
    let ab = b - a;
    let t = ((p - a).dot(ab) / ab.length_sq().max(f32::EPSILON)).clamp(0.0, 1.0);
    (p - (a + ab * t)).length()
}

/// What a play board shows this frame, beyond the puzzle itself.
pub struct BoardLook<'a> {
    /// The theme's colours.
    pub palette: Palette,
    /// The board's values: givens and entries (0 = empty).
    pub values: &'a [u8],
    /// Which of those are givens.
    pub givens: &'a [bool],
    /// Marks per cell.
    pub marks: &'a [Marks],
    /// The largest value (marks are laid out for it).
    pub max_value: u8,
    /// The selected cell.
    pub selected: Option<usize>,
    /// A number being typed into the selected cell, digit by digit.
    pub pending: Option<u16>,
    /// Marks mode is on (the selection shows it).
    pub marks_mode: bool,
    /// The value to shade wherever it stands (the selected cell's), if any.
    pub same_value: Option<u8>,
    /// What is wrong, when errors are shown.
    pub conflicts: Option<&'a Conflicts>,
    /// Cells Check found wrong.
    pub checked_wrong: &'a [usize],
    /// Cells a hint reasons about, and cells it changes.
    pub hint: (&'a [usize], &'a [usize]),
    /// The rest of the line or box a hint is about (shaded faintly).
    pub hint_context: &'a [usize],
    /// Candidates the hint removes, (cell, value).
    pub struck: &'a [(usize, u8)],
    /// The puzzle is solved: the board celebrates.
    pub solved: bool,
}

impl BoardLook<'_> {
    /// The colour of `cell`'s value: an error when it breaks a rule (`broken`), then Check's
    /// colour, the givens' and the entries'.
    pub fn value_colour(&self, cell: usize, broken: bool) -> egui::Color32 {
        let p = &self.palette;
        if broken {
            p.error
        } else if self.checked_wrong.contains(&cell) {
            p.checked
        } else if self.givens[cell] {
            p.given
        } else {
            p.entry
        }
    }

    /// The background of `cell`: selection, hint, same value, or plain.
    pub fn fill(&self, cell: usize) -> egui::Color32 {
        let p = &self.palette;
        if self.selected == Some(cell) {
            if self.marks_mode {
                p.selected_marks
            } else {
                p.selected
            }
        } else if self.hint.1.contains(&cell) {
            p.hint_target
        } else if self.hint.0.contains(&cell) {
            p.hint
        } else if self.hint_context.contains(&cell) {
            p.hint_context
        } else if self
            .same_value
            .is_some_and(|v| v != 0 && self.values[cell] == v)
        {
            p.same_digit
        } else if self.givens[cell] {
            p.given_cell
        } else {
            p.cell
        }
    }
}
