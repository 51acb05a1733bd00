//! The editor's canvas: where the level is drawn and what the pointer is
//! over.
//!
//! The canvas draws grid space directly: cell `(x, y)` is the unit square
//! centred on `(x, y)` (the play screen's view space with the view equal to
//! the grid), so the play screen's [`Projection`] maps it to pixels. The
//! [`CanvasCamera`] says which grid point is at the canvas centre and how
//! big a cell is; panning moves the centre, zooming scales about the
//! pointer, "fit" frames the whole level.
//!
//! Picking: [`CanvasCamera::cell_at`] is the cell under a pixel;
//! [`nearest_edge`] is the edge of that cell nearest the pointer (the one
//! an edge tool highlights), with the cell as the side it was pointed from.
use game::grid::{CellPos, EdgePos};
use glam::Vec2;
use render::Rect;

use crate::screens::play::camera::{cell_scale, BASE_CELL_PX};
use crate::screens::world::Projection;

/// Zoom limits (a 128×128 level fits at the smallest) and step.
pub const ZOOM_MIN: f32 = 0.04;
pub const ZOOM_MAX: f32 = 3.0;
pub const ZOOM_STEP: f32 = 1.25;

/// Where the canvas looks (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CanvasCamera {
    /// The grid point at the canvas centre.
    pub centre: Vec2,
    /// Multiplier on the base cell size.
    pub zoom: f32,
}

impl Default for CanvasCamera {
    fn default() -> CanvasCamera {
        CanvasCamera {
            centre: Vec2::ZERO,
            zoom: 1.0,
        }
    }
}

impl CanvasCamera {
    /// The projection drawing grid space into `canvas` (a rectangle of a
    /// drawable of `size_px`).
    pub fn projection(&self, canvas: Rect, size_px: (u32, u32)) -> Projection {
        // A projection centres on its drawable; shift the centre so the
        // camera centre lands in the middle of the canvas instead.
        let cell_px = (BASE_CELL_PX * cell_scale(size_px) * self.zoom).max(2.0);
        let size = Vec2::new(size_px.0.max(1) as f32, size_px.1.max(1) as f32);
        let offset_px = canvas.centre() - size / 2.0;
        Projection {
            centre: self.centre - Vec2::new(offset_px.x, -offset_px.y) / cell_px,
            cell_px,
            size,
        }
    }

    /// Frames a `width`×`height` level in `canvas` with a margin.
    pub fn fit(&mut self, width: usize, height: usize, canvas: Rect, size_px: (u32, u32)) {
        self.centre = Vec2::new((width as f32 - 1.0) / 2.0, (height as f32 - 1.0) / 2.0);
        let base = BASE_CELL_PX * cell_scale(size_px);
        let want = ((canvas.w / (width as f32 + 1.0)).min(canvas.h / (height as f32 + 1.0))) / base;
        self.zoom = want.clamp(ZOOM_MIN, ZOOM_MAX);
    }

    /// Brings cell `c` of a `width`×`height` level into view at the zoom it
    /// has, showing as much of the level as fits: along each axis the
    /// level is centred when it fits in the canvas, else the view is
    /// centred on `c` but kept from going past the level's sides (half a
    /// cell of margin).
    pub fn show(
        &mut self,
        c: CellPos,
        (width, height): (usize, usize),
        canvas: Rect,
        size_px: (u32, u32),
    ) {
        let cell_px = self.projection(canvas, size_px).cell_px;
        let axis = |at: i32, cells: usize, px: f32| {
            let half = px / cell_px / 2.0;
            let cells = cells as f32;
            // The level with its margin spans -1 ..= cells.
            if cells + 1.0 <= 2.0 * half {
                (cells - 1.0) / 2.0
            } else {
                (at as f32).clamp(half - 1.0, cells - half)
            }
        };
        self.centre = Vec2::new(axis(c.x, width, canvas.w), axis(c.y, height, canvas.h));
    }

    /// Zooms by `factor` keeping the grid point under pixel `at` in place.
    pub fn zoom_about(&mut self, factor: f32, at: Vec2, canvas: Rect, size_px: (u32, u32)) {
        let before = self.projection(canvas, size_px).to_view(at);
        self.zoom = (self.zoom * factor).clamp(ZOOM_MIN, ZOOM_MAX);
        let after = self.projection(canvas, size_px).to_view(at);
        self.centre += before - after;
    }

    /// Moves the view by `delta_px` pixels (a pan drag: the level follows
    /// the pointer).
    pub fn pan_px(&mut self, delta_px: Vec2, canvas: Rect, size_px: (u32, u32)) {
        let cell_px = self.projection(canvas, size_px).cell_px;
        self.centre -= Vec2::new(delta_px.x, -delta_px.y) / cell_px;
    }

    /// The cell under pixel `at`.
    pub fn cell_at(&self, at: Vec2, canvas: Rect, size_px: (u32, u32)) -> CellPos {
        let v = self.projection(canvas, size_px).cell_at(at);
        CellPos::new(v.x, v.y)
    }

    /// The grid point under pixel `at`.
    pub fn point_at(&self, at: Vec2, canvas: Rect, size_px: (u32, u32)) -> Vec2 {
        self.projection(canvas, size_px).to_view(at)
    }

    /// Where the centre of cell `c` is drawn.
    pub fn pixel_of(&self, c: CellPos, canvas: Rect, size_px: (u32, u32)) -> Vec2 {
        self.projection(canvas, size_px)
            .to_screen(Vec2::new(c.x as f32, c.y as f32))
    }
}

/// The edge nearest grid point `p` (of the cell `p` is in), and that cell.
pub fn nearest_edge(p: Vec2) -> (EdgePos, CellPos) {
    let cell = CellPos::new(p.x.round() as i32, p.y.round() as i32);
    let d = p - Vec2::new(cell.x as f32, cell.y as f32);
    let edge = if d.x.abs() > d.y.abs() {
        EdgePos::vertical(cell.x + i32::from(d.x > 0.0), cell.y)
    } else {
        EdgePos::horizontal(cell.x, cell.y + i32::from(d.y > 0.0))
    };
    (edge, cell)
}

/// The edge of orientation `o` nearest grid point `p` (a drag along a line
/// of edges keeps to the orientation it started with).
pub fn nearest_edge_along(p: Vec2, o: game::grid::Orientation) -> EdgePos {
    match o {
        game::grid::Orientation::Vertical => {
            EdgePos::vertical((p.x + 0.5).round() as i32, p.y.round() as i32)
        }
        game::grid::Orientation::Horizontal => {
            EdgePos::horizontal(p.x.round() as i32, (p.y + 0.5).round() as i32)
        }
    }
}

/// The middle of edge `e` in grid space.
pub fn edge_middle(e: EdgePos) -> Vec2 {
    match e.orientation {
        game::grid::Orientation::Horizontal => Vec2::new(e.x as f32, e.y as f32 - 0.5),
        game::grid::Orientation::Vertical => Vec2::new(e.x as f32 - 0.5, e.y as f32),
    }
}

/// The grid points from `a` to `b` a quarter cell apart (both ends
/// included), so a fast drag still passes every cell and edge on its way.
pub fn sweep(a: Vec2, b: Vec2) -> impl Iterator<Item = Vec2> {
    let steps = ((b - a).length() * 4.0).ceil().max(1.0) as usize;
    (0..=steps).map(move |i| a.lerp(b, i as f32 / steps as f32))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SIZE: (u32, u32) = (1280, 720);

    fn canvas() -> Rect {
        Rect::new(100.0, 40.0, 900.0, 640.0)
    }

    #[test]
    fn cells_round_trip_through_pixels_and_the_centre_is_the_canvas_middle() {
        let cam = CanvasCamera {
            centre: Vec2::new(3.0, 2.0),
            zoom: 0.7,
        };
        let mid = cam.pixel_of(CellPos::new(3, 2), canvas(), SIZE);
        assert!((mid - canvas().centre()).length() < 1e-3, "{mid}");
        for c in [CellPos::new(0, 0), CellPos::new(7, 4), CellPos::new(-1, 9)] {
            let p = cam.pixel_of(c, canvas(), SIZE);
            assert_eq!(cam.cell_at(p, canvas(), SIZE), c);
        }
        // y runs up: a higher cell is drawn higher on screen.
        assert!(cam.pixel_of(CellPos::new(3, 3), canvas(), SIZE).y < mid.y);
    }

    #[test]
    fn fit_frames_the_level_and_zoom_keeps_the_point_under_the_pointer() {
        let mut cam = CanvasCamera::default();
        cam.fit(16, 10, canvas(), SIZE);
        let proj = cam.projection(canvas(), SIZE);
        let corner_a = proj.to_screen(Vec2::new(-0.5, -0.5));
        let corner_b = proj.to_screen(Vec2::new(15.5, 9.5));
        for p in [corner_a, corner_b] {
            assert!(canvas().contains(p), "{p} inside the canvas");
        }
        let at = Vec2::new(300.0, 200.0);
        let before = cam.point_at(at, canvas(), SIZE);
        cam.zoom_about(ZOOM_STEP, at, canvas(), SIZE);
        let after = cam.point_at(at, canvas(), SIZE);
        assert!((before - after).length() < 1e-3);
        let mut big = CanvasCamera::default();
        big.fit(128, 128, canvas(), SIZE);
        assert!(big.zoom >= ZOOM_MIN);
    }

    #[test]
    fn the_nearest_edge_is_the_cell_side_the_pointer_is_closest_to() {
        use game::grid::EdgePos as E;
        assert_eq!(
            nearest_edge(Vec2::new(2.4, 1.1)),
            (E::vertical(3, 1), CellPos::new(2, 1))
        );
        assert_eq!(
            nearest_edge(Vec2::new(2.1, 0.6)),
            (E::horizontal(2, 1), CellPos::new(2, 1))
        );
        assert_eq!(
            nearest_edge(Vec2::new(1.9, 1.45)),
            (E::horizontal(2, 2), CellPos::new(2, 1))
        );
        assert_eq!(edge_middle(E::vertical(3, 1)), Vec2::new(2.5, 1.0));
        use game::grid::Orientation::{Horizontal, Vertical};
        assert_eq!(
            nearest_edge_along(Vec2::new(2.4, 1.45), Vertical),
            E::vertical(3, 1)
        );
        assert_eq!(
            nearest_edge_along(Vec2::new(2.4, 1.45), Horizontal),
            E::horizontal(2, 2)
        );
        let pts: Vec<Vec2> = sweep(Vec2::ZERO, Vec2::new(2.0, 0.0)).collect();
        assert_eq!(pts.len(), 9);
        assert_eq!(pts[8], Vec2::new(2.0, 0.0));
    }
}
