//! Square boards: the largest whole-point grid that fits, centred.

use egui::{Pos2, Rect, Vec2};
use gridsmith_engine::topology::{Direction, SquareGrid, Topology};

use super::Geometry;

/// Where a square grid sits in the window.
#[derive(Clone, Copy, Debug)]
pub struct SquareGeometry {
    /// The grid's outer square.
    pub rect: Rect,
    /// Cells per side.
    pub size: usize,
    /// Side of one cell in points.
    pub cell: f32,
}

impl SquareGeometry {
    /// The largest square grid of side `size` that fits in `available`, centred, with a margin for
    /// the border.
    pub fn fit(available: Rect, size: usize) -> Self {
        let margin = 8.0;
        let side = (available.width().min(available.height()) - 2.0 * margin).max(40.0);
        let size = size.max(1);
        let cell = (side / size as f32).floor().max(4.0);
        let rect = Rect::from_center_size(available.center(), Vec2::splat(cell * size as f32));
        Self { rect, size, cell }
    }

    /// The square of `cell` (row-major).
    pub fn cell_rect(&self, cell: usize) -> Rect {
        let (row, column) = (cell / self.size, cell % self.size);
        Rect::from_min_size(
            self.rect.min + Vec2::new(column as f32 * self.cell, row as f32 * self.cell),
            Vec2::splat(self.cell),
        )
    }
}

impl Geometry for SquareGeometry {
    fn cell_count(&self) -> usize {
        self.size * self.size
    }

    fn outline(&self, cell: usize) -> Vec<Pos2> {
        let r = self.cell_rect(cell);
        vec![
            r.left_top(),
            r.right_top(),
            r.right_bottom(),
            r.left_bottom(),
        ]
    }

    fn centre(&self, cell: usize) -> Pos2 {
        self.cell_rect(cell).center()
    }

    fn text_rect(&self, cell: usize) -> Rect {
        self.cell_rect(cell)
    }

    fn cell_at(&self, pos: Pos2) -> Option<usize> {
        if !self.rect.contains(pos) {
            return None;
        }
        let offset = pos - self.rect.min;
        let column = ((offset.x / self.cell) as usize).min(self.size - 1);
        let row = ((offset.y / self.cell) as usize).min(self.size - 1);
        Some(row * self.size + column)
    }

    /// Top, right, bottom, left.
    fn sides(&self, cell: usize) -> Vec<(Option<usize>, [Pos2; 2])> {
        let grid = SquareGrid::new(self.size);
        let r = self.cell_rect(cell);
        vec![
            (
                grid.step(cell, Direction::Up),
                [r.left_top(), r.right_top()],
            ),
            (
                grid.step(cell, Direction::Right),
                [r.right_top(), r.right_bottom()],
            ),
            (
                grid.step(cell, Direction::Down),
                [r.left_bottom(), r.right_bottom()],
            ),
            (
                grid.step(cell, Direction::Left),
                [r.left_top(), r.left_bottom()],
            ),
        ]
    }

    fn step(&self, cell: usize, direction: Direction) -> Option<usize> {
        SquareGrid::new(self.size).step(cell, direction)
    }

    fn cell_size(&self) -> f32 {
        self.cell
    }

    fn bounds(&self) -> Rect {
        self.rect
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_edges_and_hits() {
        let geometry = SquareGeometry::fit(Rect::from_min_size(Pos2::ZERO, Vec2::splat(416.0)), 4);
        assert_eq!(geometry.cell, 100.0);
        let centre = geometry.centre(5);
        assert_eq!(geometry.cell_at(centre), Some(5));
        assert_eq!(geometry.cell_at(Pos2::new(-5.0, 0.0)), None);
        let [a, b] = geometry.edge_between(5, 6).expect("neighbours");
        assert_eq!(a.x, b.x);
        // Just left of the edge between 5 and 6, from inside 5.
        assert_eq!(
            geometry.edge_near(Pos2::new(a.x - 5.0, centre.y), 0.2),
            Some((5, 6))
        );
        assert_eq!(geometry.edge_near(centre, 0.2), None);
        assert_eq!(
            geometry.sides(0).iter().filter(|s| s.0.is_none()).count(),
            2
        );
    }
}
