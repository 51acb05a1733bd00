//! View space → drawable pixels. The world is drawn in *view space*: a
//! GridView's view cell `(0, 0)` is its origin, `x` right and `y` up, one
//! unit a cell (view cell `(vx, vy)` is the square centred on `(vx, vy)`);
//! the editor draws grid space the same way (the view equal to the grid).
//! A [`Projection`] maps that space to drawable pixels (top-left origin,
//! y down): its centre lands in the middle of the drawable, and one cell
//! is `cell_px` pixels. The same projection draws and picks, so what the
//! mouse points at is what is drawn, at any size and pixel density.
use game::grid::CellTransform;
use game::view::ViewPos;
use glam::{Affine2, Mat2, Vec2};

/// View space → drawable pixels (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Projection {
    /// The view-space point drawn at the drawable's centre.
    pub centre: Vec2,
    /// Pixels per cell.
    pub cell_px: f32,
    /// The drawable, in pixels.
    pub size: Vec2,
}

impl Projection {
    /// Where view-space point `p` is drawn.
    pub fn to_screen(&self, p: Vec2) -> Vec2 {
        Vec2::new(
            self.size.x / 2.0 + (p.x - self.centre.x) * self.cell_px,
            self.size.y / 2.0 - (p.y - self.centre.y) * self.cell_px,
        )
    }

    /// The view-space point drawn at pixel `px`.
    pub fn to_view(&self, px: Vec2) -> Vec2 {
        Vec2::new(
            (px.x - self.size.x / 2.0) / self.cell_px + self.centre.x,
            -(px.y - self.size.y / 2.0) / self.cell_px + self.centre.y,
        )
    }

    /// The view cell under pixel `px`.
    pub fn cell_at(&self, px: Vec2) -> ViewPos {
        let v = self.to_view(px);
        ViewPos::new(v.x.round() as i32, v.y.round() as i32)
    }

    /// The centre of view cell `v` on screen.
    pub fn cell_centre(&self, v: ViewPos) -> Vec2 {
        self.to_screen(Vec2::new(v.x as f32, v.y as f32))
    }

    /// The transform that draws one grid cell's contents at view position
    /// `at` (a cell centre, or between cells while tweening).
    ///
    /// Contents are drawn in *cell-local* coordinates: the cell is the
    /// square `[-0.5, 0.5]²`, x along the grid's right, y along the grid's
    /// **down** (so sprites stand upright on the floor at y = 0.5, the way
    /// the draw list's rectangles expect). `view_to_grid` is the region's
    /// transform: its inverse turns grid directions into view directions,
    /// so a region seen through a turning or mirroring portal is drawn
    /// turned or mirrored, walls and sprites alike.
    pub fn cell_transform(&self, at: Vec2, view_to_grid: &CellTransform) -> Affine2 {
        let m = view_to_grid.matrix();
        // The inverse of an orthogonal matrix is its transpose: columns are
        // the view directions of grid x and grid y.
        let grid_x = Vec2::new(m[0][0] as f32, m[0][1] as f32);
        let grid_y = Vec2::new(m[1][0] as f32, m[1][1] as f32);
        // Local y runs along grid down; screen y runs down.
        let s = self.cell_px;
        let flip = |v: Vec2| Vec2::new(v.x * s, -v.y * s);
        Affine2::from_mat2_translation(
            Mat2::from_cols(flip(grid_x), flip(-grid_y)),
            self.to_screen(at),
        )
    }
}
