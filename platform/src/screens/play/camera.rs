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
//!
//! The player can look around: Shift+arrows (Shift+W A S D, the right
//! stick) *pan* the camera [`PAN_STEP_CELLS`] at a time, and the pan holds
//! until the hero acts, another hero is selected, or C recentres (then it
//! glides back). O toggles the *overview*: the camera fits everything the
//! party has seen (the remembered map and what is in sight, a box in view
//! space kept up to date by the play screen) on screen at once, never
//! closer than the zoom; panning works there too.
use glam::Vec2;

use super::PlayScreen;

pub use crate::screens::world::Projection;

/// Cell size in pixels at zoom 1 on a 720-pixel-high drawable.
pub const BASE_CELL_PX: f32 = 80.0;
/// Zoom limits and step.
pub const ZOOM_MIN: f32 = 0.32;
pub const ZOOM_MAX: f32 = 3.0;
pub const ZOOM_STEP: f32 = 1.25;
/// How fast the camera offset decays, per second (about 95 % in 0.25 s).
pub const EASE_RATE: f32 = 12.0;
/// How far one pan key moves the camera, in view cells (at zoom 1; the
/// step grows as the cells shrink, so a pan crosses the same share of the
/// screen).
pub const PAN_STEP_CELLS: f32 = 2.0;
/// The HUD's share of the drawable's height at the top and the bottom,
/// at UI scale 1, kept clear by the overview.
const HUD_TOP_PX: f32 = 70.0;
const HUD_BOTTOM_PX: f32 = 100.0;

/// A box in view space (cells): `min` and `max` are the centres of its
/// extreme cells.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ViewBox {
    pub min: Vec2,
    pub max: Vec2,
}

impl ViewBox {
    pub fn centre(&self) -> Vec2 {
        (self.min + self.max) / 2.0
    }
}

/// Where the camera looks and how close.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Camera {
    /// The camera centre relative to the selected hero, in view cells;
    /// eases to zero.
    pub offset: Vec2,
    /// Multiplier on the base cell size.
    pub zoom: f32,
    /// Where the player panned to, in view cells from the hero (or from
    /// the overview's centre); zero when not panned. Holds until
    /// [`Camera::recentre`].
    pub pan: Vec2,
    /// The overview's box, when it is on (`None`: off).
    pub overview: Option<ViewBox>,
}

impl Default for Camera {
    fn default() -> Camera {
        Camera {
            offset: Vec2::ZERO,
            zoom: 1.0,
            pan: Vec2::ZERO,
            overview: None,
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

    /// Moves the camera by `steps` pan steps (x right, y up).
    pub fn pan_by(&mut self, steps: Vec2) {
        let step = PAN_STEP_CELLS * (1.0 / self.zoom).max(1.0);
        let step = if self.overview.is_some() {
            step * 2.0
        } else {
            step
        };
        self.pan += steps * step;
    }

    /// Pans (at once) as little as brings view point `at` — with
    /// `margin_cells` around it where there is room — inside `area` (drawable
    /// pixels) once any glide has settled: the target cursor stays on
    /// screen and clear of the HUD. The pan holds like any other.
    pub fn bring_into(
        &mut self,
        size_px: (u32, u32),
        at: Vec2,
        area: render::Rect,
        margin_cells: f32,
    ) {
        let settled = Camera {
            offset: Vec2::ZERO,
            ..*self
        }
        .projection(size_px, Vec2::ZERO);
        let c = settled.to_screen(at);
        let cell = settled.cell_px;
        // How far (pixels) the camera must move along one axis for the
        // span `c ± half` to lie in `lo..hi`; centred when it cannot fit.
        let shift = |c: f32, lo: f32, hi: f32| {
            let half = (cell * (0.5 + margin_cells)).min((hi - lo) / 2.0);
            if c - half < lo {
                c - half - lo
            } else if c + half > hi {
                c + half - hi
            } else {
                0.0
            }
        };
        let dx = shift(c.x, area.x, area.x + area.w);
        let dy = shift(c.y, area.y, area.y + area.h);
        // Screen y grows down, view y up.
        self.pan += Vec2::new(dx, -dy) / cell;
    }

    /// Back on the hero: the pan glides back (it becomes the eased offset).
    pub fn recentre(&mut self) {
        if self.overview.is_none() {
            self.offset += self.pan;
        }
        self.pan = Vec2::ZERO;
    }

    /// The projection for a drawable of `size_px`, looking at `hero` (the
    /// hero's drawn position in view space: the origin, or a tween's).
    pub fn projection(&self, size_px: (u32, u32), hero: Vec2) -> Projection {
        let size = Vec2::new(size_px.0.max(1) as f32, size_px.1.max(1) as f32);
        let close = (BASE_CELL_PX * ui_scale(size_px) * self.zoom)
            .round()
            .max(4.0);
        match self.overview {
            Some(b) => {
                let scale = ui_scale(size_px);
                let (top, bottom) = (HUD_TOP_PX * scale, HUD_BOTTOM_PX * scale);
                // One cell of margin around the box.
                let span = b.max - b.min + Vec2::splat(2.0);
                let room = Vec2::new(size.x * 0.96, (size.y - top - bottom).max(size.y * 0.3));
                let fit = (room.x / span.x).min(room.y / span.y).floor();
                // The box's middle lands in the middle of the room between
                // the HUD's bars.
                let cell_px = fit.min(close).max(4.0);
                let lift = (bottom - top) / 2.0 / cell_px;
                Projection {
                    centre: b.centre() + self.pan - Vec2::new(0.0, lift),
                    cell_px,
                    size,
                }
            }
            None => Projection {
                centre: hero + self.offset + self.pan,
                cell_px: close,
                size,
            },
        }
    }
}

impl PlayScreen {
    /// Pans the camera by `steps` pan steps (Shift+arrows).
    pub(super) fn pan_camera(&mut self, steps: Vec2) {
        self.camera.pan_by(steps);
        self.refresh_hover();
    }

    /// Turns the overview of everything seen on or off; off, the camera
    /// glides back to the hero.
    pub(super) fn toggle_overview(&mut self) {
        if self.camera.overview.is_some() {
            self.camera.overview = None;
            self.camera.pan = Vec2::ZERO;
        } else {
            self.camera.pan = Vec2::ZERO;
            self.camera.overview = Some(self.seen_box());
        }
        self.refresh_hover();
    }

    /// The camera back on the hero (C), out of the overview.
    pub(super) fn recentre_camera(&mut self) {
        self.camera.overview = None;
        self.camera.recentre();
        self.refresh_hover();
    }

    /// Whether the overview is on.
    pub fn overview_on(&self) -> bool {
        self.camera.overview.is_some()
    }

    /// Everything the party has seen, as a box in the selected hero's view
    /// space: the remembered cells at their grid offsets from the hero,
    /// and the view cells in sight.
    pub(super) fn seen_box(&self) -> ViewBox {
        let stage = self.session.stage();
        let origin = self
            .selected_hero()
            .and_then(|h| stage.cell_of(h))
            .unwrap_or_else(|| self.view.origin());
        let mut lo = Vec2::ZERO;
        let mut hi = Vec2::ZERO;
        let mut add = |p: Vec2| {
            lo = lo.min(p);
            hi = hi.max(p);
        };
        if let Some((a, b)) = self.memory.bounds() {
            add(Vec2::new((a.x - origin.x) as f32, (a.y - origin.y) as f32));
            add(Vec2::new((b.x - origin.x) as f32, (b.y - origin.y) as f32));
        }
        for node in self.view.nodes() {
            add(Vec2::new(node.view.x as f32, node.view.y as f32));
        }
        ViewBox { min: lo, max: hi }
    }

    /// After the view is rebuilt (a change of state or of hero, the party's
    /// memory already updated): a pan glides back to the hero, and the
    /// overview follows what is seen.
    pub(super) fn after_view_rebuilt(&mut self) {
        self.camera.recentre();
        if self.camera.overview.is_some() {
            self.camera.overview = Some(self.seen_box());
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
    fn a_pan_holds_until_recentred_then_glides_back() {
        let mut cam = Camera::default();
        cam.pan_by(Vec2::new(1.0, 0.0));
        cam.pan_by(Vec2::new(0.0, -1.0));
        assert_eq!(cam.pan, Vec2::new(PAN_STEP_CELLS, -PAN_STEP_CELLS));
        cam.update(5.0);
        let p = cam.projection(SIZE, Vec2::ZERO);
        assert_eq!(p.centre, cam.pan, "the pan does not ease away");
        cam.recentre();
        assert_eq!(cam.pan, Vec2::ZERO);
        assert_eq!(cam.projection(SIZE, Vec2::ZERO).centre, p.centre, "no jump");
        cam.update(2.0);
        assert_eq!(cam.projection(SIZE, Vec2::ZERO).centre, Vec2::ZERO);
    }

    #[test]
    fn bringing_a_point_into_an_area_pans_as_little_as_it_must() {
        let mut cam = Camera::default();
        let area = render::Rect::new(0.0, 70.0, 1280.0, 530.0);
        cam.bring_into(SIZE, Vec2::new(2.0, 0.0), area, 1.0);
        assert_eq!(cam.pan, Vec2::ZERO, "already well inside");
        // Fifteen cells right: 640 px + 15 * 80 px; with a cell of margin
        // its right edge lands on the area's.
        cam.bring_into(SIZE, Vec2::new(15.0, 0.0), area, 1.0);
        let p = cam.projection(SIZE, Vec2::ZERO);
        let right = p.to_screen(Vec2::new(15.0, 0.0)).x + 1.5 * 80.0;
        assert!((right - 1280.0).abs() < 0.01, "{right}");
        // Down under the area's bottom: the camera follows down.
        cam.bring_into(SIZE, Vec2::new(15.0, -4.0), area, 1.0);
        let p = cam.projection(SIZE, Vec2::ZERO);
        let s = p.to_screen(Vec2::new(15.0, -4.0));
        assert!(s.y + 1.5 * 80.0 <= 600.01 && s.y > 70.0, "{s}");
        // A glide in progress does not count: where it settles does.
        let mut gliding = Camera::default();
        gliding.ease_from(Vec2::new(-30.0, 0.0));
        gliding.bring_into(SIZE, Vec2::new(2.0, 0.0), area, 1.0);
        assert_eq!(gliding.pan, Vec2::ZERO);
    }

    #[test]
    fn the_overview_fits_its_box_between_the_hud_bars() {
        let mut cam = Camera::default();
        let b = ViewBox {
            min: Vec2::new(-3.0, -20.0),
            max: Vec2::new(12.0, 2.0),
        };
        cam.overview = Some(b);
        let p = cam.projection(SIZE, Vec2::ZERO);
        assert!(p.cell_px < BASE_CELL_PX, "zoomed out: {}", p.cell_px);
        for corner in [b.min, b.max, Vec2::new(b.min.x, b.max.y)] {
            let s = p.to_screen(corner);
            assert!(s.x > 0.0 && s.x < 1280.0, "{corner} at {s}");
            assert!(
                s.y > HUD_TOP_PX && s.y < 720.0 - HUD_BOTTOM_PX,
                "{corner} at {s}"
            );
        }
        // A small box is never drawn closer than the zoom.
        cam.overview = Some(ViewBox {
            min: Vec2::ZERO,
            max: Vec2::ONE,
        });
        assert_eq!(cam.projection(SIZE, Vec2::ZERO).cell_px, BASE_CELL_PX);
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
