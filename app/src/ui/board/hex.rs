//! Hexagonal boards: pointy-top hexagons at the centres the engine's EVEN-R grid gives, scaled to
//! the largest size that fits.

use egui::{Pos2, Rect, Vec2};
use gridsmith_engine::topology::{Direction, HexGrid, Topology};

use super::Geometry;

/// Where a hexagonal board sits in the window.
#[derive(Clone, Debug)]
pub struct HexGeometry {
    grid: HexGrid,
    /// Screen position of the grid's (0, 0) centre.
    origin: Pos2,
    /// A hexagon's width (flat side to flat side) in points.
    width: f32,
    bounds: Rect,
}

/// A pointy-top hexagon of width w has corners w/√3 from its centre.
const CORNER: f32 = 0.577_350_3;

impl HexGeometry {
    /// The largest board of `grid` that fits in `available`, centred.
    pub fn fit(available: Rect, grid: HexGrid) -> Self {
        let count = grid.cell_count();
        let (mut min, mut max) = (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN));
        for cell in 0..count {
            let (x, y) = grid.centre(cell);
            let c = Vec2::new(x as f32, y as f32);
            min = min.min(c);
            max = max.max(c);
        }
        if count == 0 {
            (min, max) = (Vec2::ZERO, Vec2::ZERO);
        }
        // In units of one hexagon's width: half a width beyond the centres across, a corner's
        // distance above and below.
        let span = Vec2::new(max.x - min.x + 1.0, max.y - min.y + 2.0 * CORNER);
        let margin = 8.0;
        let width = ((available.width() - 2.0 * margin) / span.x)
            .min((available.height() - 2.0 * margin) / span.y)
            .max(6.0);
        let size = span * width;
        let bounds = Rect::from_center_size(available.center(), size);
        let origin = bounds.min + Vec2::new(0.5, CORNER) * width - min * width;
        Self {
            grid,
            origin,
            width,
            bounds,
        }
    }

    /// The engine's grid behind the board.
    pub fn grid(&self) -> &HexGrid {
        &self.grid
    }

    fn corners(&self, cell: usize) -> [Pos2; 6] {
        let c = self.centre(cell);
        let r = self.width * CORNER;
        // From the top corner, clockwise.
        std::array::from_fn(|k| {
            let angle = std::f32::consts::FRAC_PI_3 * k as f32 - std::f32::consts::FRAC_PI_2;
            c + Vec2::new(angle.cos(), angle.sin()) * r
        })
    }
}

impl Geometry for HexGeometry {
    fn cell_count(&self) -> usize {
        self.grid.cell_count()
    }

    fn outline(&self, cell: usize) -> Vec<Pos2> {
        self.corners(cell).to_vec()
    }

    fn centre(&self, cell: usize) -> Pos2 {
        let (x, y) = self.grid.centre(cell);
        self.origin + Vec2::new(x as f32, y as f32) * self.width
    }

    fn text_rect(&self, cell: usize) -> Rect {
        Rect::from_center_size(self.centre(cell), Vec2::splat(self.width * 0.8))
    }

    fn cell_at(&self, pos: Pos2) -> Option<usize> {
        // The nearest centre, if pos lies within the inscribed circle's reach of the hexagon.
        (0..self.cell_count())
            .map(|cell| (cell, (self.centre(cell) - pos).length()))
            .filter(|&(_, d)| d <= self.width * CORNER)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(cell, _)| cell)
    }

    fn sides(&self, cell: usize) -> Vec<(Option<usize>, [Pos2; 2])> {
        let corners = self.corners(cell);
        let neighbours = self.grid.neighbours(cell);
        (0..6)
            .map(|k| {
                let ends = [corners[k], corners[(k + 1) % 6]];
                let middle = ends[0] + (ends[1] - ends[0]) * 0.5;
                // The neighbour across a side is the one whose centre mirrors ours in it.
                let across = self.centre(cell) + (middle - self.centre(cell)) * 2.0;
                let other = neighbours
                    .iter()
                    .copied()
                    .find(|&n| (self.centre(n) - across).length() < self.width * 0.25);
                (other, ends)
            })
            .collect()
    }

    fn step(&self, cell: usize, direction: Direction) -> Option<usize> {
        self.grid.step(cell, direction)
    }

    fn cell_size(&self) -> f32 {
        self.width * 0.8
    }

    fn bounds(&self) -> Rect {
        self.bounds
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hexagons_fit_and_touch_their_neighbours() {
        let available = Rect::from_min_size(Pos2::ZERO, Vec2::new(600.0, 500.0));
        let geometry = HexGeometry::fit(available, HexGrid::hexagon(4));
        assert!(available.contains_rect(geometry.bounds()));
        for cell in 0..geometry.cell_count() {
            assert_eq!(geometry.cell_at(geometry.centre(cell)), Some(cell));
            let across: Vec<usize> = geometry.sides(cell).iter().filter_map(|s| s.0).collect();
            let mut expected = geometry.grid().neighbours(cell);
            let mut found = across.clone();
            expected.sort_unstable();
            found.sort_unstable();
            assert_eq!(found, expected, "cell {cell}");
        }
        let centre = geometry.cell_count() / 2;
        let other = geometry.grid().neighbours(centre)[0];
        assert!(geometry.edge_between(centre, other).is_some());
    }
}
