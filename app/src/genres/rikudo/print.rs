//! Rikudo for print: the hexagons where they sit (holes left blank), a thick outline round the
//! board, the dots on shared sides and the givens bold; with a solution, the other numbers in
//! another ink.

use gridsmith_engine::rikudo::{RikudoPuzzle, even_r_neighbours};

use crate::render::{Anchor, CELL, Drawing, Ink, MARGIN, Shape, THICK, THIN};

/// The puzzle's picture, with `solution`'s numbers when given.
pub fn drawing(puzzle: &RikudoPuzzle, solution: Option<&[u16]>) -> Drawing {
    let positions = puzzle.positions();
    let top = positions.iter().map(|&(r, _)| r).min().unwrap_or(0);
    let bottom = positions.iter().map(|&(r, _)| r).max().unwrap_or(0);
    // Pointy-top hexagons a cell wide; even rows sit half a cell to the right (EVEN-R).
    let across =
        |(row, column): (i64, i64)| column as f32 + if row.rem_euclid(2) == 0 { 0.5 } else { 0.0 };
    // The board's real extent, shifted rows counted, so that it sits centred on the page.
    let left = positions
        .iter()
        .map(|&p| across(p))
        .fold(f32::INFINITY, f32::min);
    let right = positions
        .iter()
        .map(|&p| across(p))
        .fold(f32::NEG_INFINITY, f32::max);
    let (left, right) = if left <= right {
        (left, right)
    } else {
        (0.0, 0.0)
    };
    let radius = CELL / 3f32.sqrt();
    let centre = |position: (i64, i64)| {
        (
            MARGIN + (across(position) - left + 0.5) * CELL,
            MARGIN + (position.0 - top) as f32 * 1.5 * radius + radius,
        )
    };
    let width = 2.0 * MARGIN + (right - left + 1.0) * CELL;
    let height = 2.0 * MARGIN + (bottom - top) as f32 * 1.5 * radius + 2.0 * radius;
    let mut drawing = Drawing::new(width, height);
    let corner = |at: (f32, f32), k: usize| {
        let angle = (-90.0 + 60.0 * k as f32).to_radians();
        (at.0 + radius * angle.cos(), at.1 + radius * angle.sin())
    };
    for &position in positions {
        let at = centre(position);
        drawing.shapes.push(Shape::Polygon {
            points: (0..6).map(|k| corner(at, k)).collect(),
            width: THIN,
            ink: Ink::Grey,
            fill: None,
        });
    }
    // The board's outline: each side with no cell across it.
    for &(row, column) in positions {
        let at = centre((row, column));
        // Side k runs from corner k to k + 1, clockwise from the top: up-right, right,
        // down-right, down-left, left, up-left in `even_r_neighbours`' order.
        let neighbours = even_r_neighbours(row, column);
        let across = [1, 3, 5, 4, 2, 0].map(|i| neighbours[i]);
        for (k, &(r, c)) in across.iter().enumerate() {
            if puzzle.cell_at(r, c).is_none() {
                drawing.line(corner(at, k), corner(at, k + 1), THICK, Ink::Black);
            }
        }
    }
    for &(a, b) in puzzle.dots() {
        let (pa, pb) = (centre(positions[a]), centre(positions[b]));
        let middle = ((pa.0 + pb.0) / 2.0, (pa.1 + pb.1) / 2.0);
        drawing.shapes.push(Shape::Dot {
            centre: middle,
            radius: CELL * 0.09,
        });
    }
    let text_size = |text: &str| {
        if text.len() > 2 {
            CELL * 0.34
        } else {
            CELL * 0.42
        }
    };
    for (cell, &position) in positions.iter().enumerate() {
        let (value, bold, ink) = match (puzzle.givens()[cell], solution.and_then(|s| s.get(cell))) {
            (Some(given), _) => (given, true, Ink::Black),
            (None, Some(&value)) => (u32::from(value), false, Ink::Blue),
            (None, None) => continue,
        };
        let text = value.to_string();
        drawing.text(
            centre(position),
            Anchor::Middle,
            text_size(&text),
            bold,
            ink,
            &text,
        );
    }
    drawing
}
