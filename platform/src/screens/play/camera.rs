//! The play screen's camera and projection.
//!
//! The world is drawn in *view space*: the selected hero's GridView, whose
//! view cell `(0, 0)` is the hero's own cell, `x` right and `y` up, one
//! unit a cell (view cell `(vx, vy)` is the square centred on `(vx, vy)`).
//! A [`Projection`] maps view space to drawable pixels (top-left origin,
//! y down): the camera centre lands in the middle of the drawable, and one
//! cell is `cell_px` pixels. The same projection draws and picks, so what
//! the mouse points at is what is drawn, at any size and pixel density.
//!
//! The [`Camera`] keeps the hero centred: its offset (where it looks,
//! relative to the hero) eases back to zero, so switching heroes glides
//! instead of jumping; zoom steps by 1.25× between limits. The cell size
//! scales with the drawable's height (a HiDPI drawable is larger, so cells
//! keep their size on screen) and the aspect is always square.
use glam::Vec2;

pub use crate::screens::world::Projection;

/// Cell size in pixels at zoom 1 on a 720-pixel-high drawable.
pub const BASE_CELL_PX: f32 = 80.0;
/// Zoom limits and step.
pub const ZOOM_MIN: f32 = 0.32;
pub const ZOOM_MAX: f32 = 3.0;
pub const ZOOM_STEP: f32 = 1.25;
/// How fast the camera offset decays, per second (about 95 % in 0.25 s).
pub const EASE_RATE: f32 = 12.0;

/// Where the camera looks and how close.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Camera {
    /// The camera centre relative to the selected hero, in view cells;
    /// eases to zero.
    pub offset: Vec2,
    /// Multiplier on the base cell size.
    pub zoom: f32,
}

impl Default for Camera {
    fn default() -> Camera {
        Camera {
            offset: Vec2::ZERO,
            zoom: 1.0,
        }
    }
}

/// The UI scale of a drawable: its height against the 720-pixel design.
pub fn ui_scale(size_px: (u32, u32)) -> f32 {
    (size_px.1.max(1) as f32 / 720.0)
        .min(size_px.0.max(1) as f32 / 640.0)
        .clamp(0.4, 6.0)
}

impl Camera {
    /// Starts a glide from `offset` (view cells from the hero) back to the hero.
    pub fn ease_from(&mut self, offset: Vec2) {
        self.offset = offset;
    }

    /// Advances the glide by `dt_s` seconds.
    pub fn update(&mut self, dt_s: f32) {
        self.offset *= (-EASE_RATE * dt_s.max(0.0)).exp();
        if self.offset.length_squared() < 1e-6 {
            self.offset = Vec2::ZERO;
        }
    }

    /// Finishes any glide at once.
    pub fn settle(&mut self) {
        self.offset = Vec2::ZERO;
    }

    pub fn zoom_in(&mut self) {
        self.zoom = (self.zoom * ZOOM_STEP).min(ZOOM_MAX);
    }

    pub fn zoom_out(&mut self) {
        self.zoom = (self.zoom / ZOOM_STEP).max(ZOOM_MIN);
    }

    /// The projection for a drawable of `size_px`, looking at `hero` (the
    /// hero's drawn position in view space: the origin, or a tween's).
    pub fn projection(&self, size_px: (u32, u32), hero: Vec2) -> Projection {
        Projection {
            centre: hero + self.offset,
            cell_px: (BASE_CELL_PX * ui_scale(size_px) * self.zoom)
                .round()
                .max(4.0),
            size: Vec2::new(size_px.0.max(1) as f32, size_px.1.max(1) as f32),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game::grid::CellTransform;
    use game::view::ViewPos;

    const SIZE: (u32, u32) = (1280, 720);

    #[test]
    fn the_hero_is_centred_and_pixels_round_trip() {
        let cam = Camera::default();
        let p = cam.projection(SIZE, Vec2::ZERO);
        assert_eq!(p.cell_px, 80.0);
        assert_eq!(p.cell_centre(ViewPos::new(0, 0)), Vec2::new(640.0, 360.0));
        assert_eq!(p.cell_centre(ViewPos::new(1, 1)), Vec2::new(720.0, 280.0));
        assert_eq!(
            p.cell_at(Vec2::new(640.0 + 39.0, 360.0 - 39.0)),
            ViewPos::new(0, 0)
        );
        assert_eq!(
            p.cell_at(Vec2::new(640.0 + 41.0, 360.0 + 41.0)),
            ViewPos::new(1, -1)
        );
        let v = Vec2::new(-3.25, 2.5);
        assert!((p.to_view(p.to_screen(v)) - v).length() < 1e-4);
    }

    #[test]
    fn cells_stay_square_and_scale_with_the_drawable() {
        let cam = Camera::default();
        let hidpi = cam.projection((2560, 1440), Vec2::ZERO);
        assert_eq!(hidpi.cell_px, 160.0, "a 2x drawable draws 2x cells");
        let narrow = cam.projection((640, 720), Vec2::ZERO);
        assert_eq!(narrow.cell_px, 80.0);
        let tall = cam.projection((400, 1000), Vec2::ZERO);
        assert!(tall.cell_px < 80.0, "a narrow window shrinks cells to fit");
    }

    #[test]
    fn zoom_steps_within_limits_and_the_glide_settles() {
        let mut cam = Camera::default();
        cam.zoom_in();
        assert_eq!(cam.zoom, ZOOM_STEP);
        for _ in 0..40 {
            cam.zoom_in();
        }
        assert_eq!(cam.zoom, ZOOM_MAX);
        for _ in 0..40 {
            cam.zoom_out();
        }
        assert_eq!(cam.zoom, ZOOM_MIN);
        cam.ease_from(Vec2::new(4.0, 0.0));
        cam.update(0.1);
        assert!(cam.offset.x > 0.5 && cam.offset.x < 2.0, "{:?}", cam.offset);
        cam.update(2.0);
        assert_eq!(cam.offset, Vec2::ZERO);
        let p = cam.projection(SIZE, Vec2::new(2.0, 0.0));
        assert_eq!(p.centre, Vec2::new(2.0, 0.0));
    }

    #[test]
    fn cell_transforms_put_local_down_on_the_grid_floor() {
        let p = Camera::default().projection(SIZE, Vec2::ZERO);
        let id = CellTransform::IDENTITY;
        let t = p.cell_transform(Vec2::ZERO, &id);
        // Local (0, 0.5) is the middle of the floor: half a cell below the centre.
        assert_eq!(
            t.transform_point2(Vec2::new(0.0, 0.5)),
            Vec2::new(640.0, 400.0)
        );
        assert_eq!(
            t.transform_point2(Vec2::new(0.5, 0.0)),
            Vec2::new(680.0, 360.0)
        );
        // A quarter turn: view_to_grid takes view right to grid up, so grid
        // down is view left.
        let turn = CellTransform::new([[0, -1], [1, 0]], (0, 0)).unwrap();
        assert_eq!(turn.apply_dir(game::grid::Dir::Right), game::grid::Dir::Up);
        let t = p.cell_transform(Vec2::ZERO, &turn);
        assert_eq!(
            t.transform_point2(Vec2::new(0.0, 0.5)),
            Vec2::new(600.0, 360.0)
        );
    }
}
