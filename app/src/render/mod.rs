//! Pictures of puzzles for print and export. Each genre draws its puzzle (and, on request, its
//! solution) once as a [`Drawing`] of plain vector shapes; the writers turn that one drawing into
//! the output formats: SVG, and from it PNG and PDF with the built-in fonts embedded. No egui
//! here: the same drawing serves the command line.

pub mod book;
mod files;
mod svg;

pub use files::{
    MAX_PIXELS, missing_glyphs, text_width, to_pdf, to_pdf_pages, to_png, undrawable_in,
};
pub use svg::to_svg;

/// A point in drawing units (a cell is [`CELL`] units across).
pub type Point = (f32, f32);

/// The size of a cell in drawing units: line widths and text sizes are fractions of it.
pub const CELL: f32 = 40.0;

/// How dark a shape is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ink {
    /// The board's lines and the givens.
    Black,
    /// Thin lines inside regions.
    Grey,
    /// A solution's values, apart from the givens.
    Blue,
}

/// How text sits on its point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// Centred on the point (values in cells).
    Middle,
    /// Starting at the point, its top on it (Keen's clues in a cage's corner).
    TopLeft,
}

/// One shape of a drawing.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    /// A straight line.
    Line {
        /// One end.
        from: Point,
        /// The other end.
        to: Point,
        /// Its width.
        width: f32,
        /// Its ink.
        ink: Ink,
    },
    /// A closed outline, filled or not.
    Polygon {
        /// The corners in order.
        points: Vec<Point>,
        /// The outline's width (0: none).
        width: f32,
        /// The outline's ink.
        ink: Ink,
        /// The fill, if any.
        fill: Option<Ink>,
    },
    /// A filled circle (Rikudo's dots).
    Dot {
        /// Its centre.
        centre: Point,
        /// Its radius.
        radius: f32,
    },
    /// Text.
    Text {
        /// Where it sits.
        at: Point,
        /// How it sits there.
        anchor: Anchor,
        /// Its height.
        size: f32,
        /// Bold (givens, clues).
        bold: bool,
        /// Its ink.
        ink: Ink,
        /// What it says.
        text: String,
    },
}

/// A puzzle's picture: its size and its shapes, drawn in order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Drawing {
    /// The width in drawing units.
    pub width: f32,
    /// The height in drawing units.
    pub height: f32,
    /// The shapes.
    pub shapes: Vec<Shape>,
}

impl Drawing {
    /// An empty drawing of this size.
    pub fn new(width: f32, height: f32) -> Self {
        Self {
            width,
            height,
            shapes: Vec::new(),
        }
    }

    /// Adds a line.
    pub fn line(&mut self, from: Point, to: Point, width: f32, ink: Ink) {
        self.shapes.push(Shape::Line {
            from,
            to,
            width,
            ink,
        });
    }

    /// Adds text.
    pub fn text(&mut self, at: Point, anchor: Anchor, size: f32, bold: bool, ink: Ink, text: &str) {
        self.shapes.push(Shape::Text {
            at,
            anchor,
            size,
            bold,
            ink,
            text: text.to_string(),
        });
    }
}

/// The widths of a square grid's lines: thin inside regions, thick on walls and the border.
pub const THIN: f32 = CELL / 40.0;
/// See [`THIN`].
pub const THICK: f32 = CELL / 12.0;

/// The margin round a board.
pub const MARGIN: f32 = CELL / 4.0;

/// The lines of a square grid of `side` cells whose cell `a` and `b` are in one region when
/// `same(a, b)`: thin between cells of one region, thick elsewhere and round the border.
pub fn square_grid(drawing: &mut Drawing, side: usize, same: &dyn Fn(usize, usize) -> bool) {
    let at = |i: usize| MARGIN + i as f32 * CELL;
    let end = at(side);
    // The thin lines first, so that the thick ones cover their ends.
    for thick in [false, true] {
        for row in 0..side {
            for column in 1..side {
                let (a, b) = (row * side + column - 1, row * side + column);
                if same(a, b) != thick {
                    drawing.line(
                        (at(column), at(row)),
                        (at(column), at(row + 1)),
                        width(thick),
                        ink(thick),
                    );
                }
            }
        }
        for row in 1..side {
            for column in 0..side {
                let (a, b) = ((row - 1) * side + column, row * side + column);
                if same(a, b) != thick {
                    drawing.line(
                        (at(column), at(row)),
                        (at(column + 1), at(row)),
                        width(thick),
                        ink(thick),
                    );
                }
            }
        }
    }
    let border = vec![(at(0), at(0)), (end, at(0)), (end, end), (at(0), end)];
    drawing.shapes.push(Shape::Polygon {
        points: border,
        width: THICK,
        ink: Ink::Black,
        fill: None,
    });
}

fn width(thick: bool) -> f32 {
    if thick { THICK } else { THIN }
}

fn ink(thick: bool) -> Ink {
    if thick { Ink::Black } else { Ink::Grey }
}

/// The centre of cell `cell` of a square grid of `side` cells.
pub fn square_centre(side: usize, cell: usize) -> Point {
    let (row, column) = (cell / side, cell % side);
    (
        MARGIN + (column as f32 + 0.5) * CELL,
        MARGIN + (row as f32 + 0.5) * CELL,
    )
}

/// A square grid drawing's size for `side` cells.
pub fn square_size(side: usize) -> f32 {
    2.0 * MARGIN + side as f32 * CELL
}
