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
//! The [`Camera`] holds still. The map moves only when it must: when the
//! selected hero, or the cells it can reach this round (where its move
//! previews end, [`Camera::keep`]), would otherwise be off-screen or under
//! one of the HUD's bands (the top bar and hint band, the portraits and
//! message line: `hud::bands`). Then it glides ([`Camera::hold`]) as
//! little as brings them clear, never jumps. A hero walking on screen
//! walks across a still map; selecting another hero on screen moves
//! nothing. The view space is the selected hero's, so when its origin
//! moves (the hero acted, another hero is selected) the camera is first
//! [`Camera::rebase`]d onto the new origin, which keeps what is drawn
//! where it was. A pressed pointer holds any glide until it is let go, so
//! the map never moves under a click. Its *frame* ([`Camera::frame_shift`])
//! is where it starts and where C recentres: the hero in the middle of the
//! room between the bands, shifted up or down so that its reach stays
//! clear of the bands too, as far as they fit. Zoom steps by 1.25× between
//! limits. The cell size scales with the drawable's height (a HiDPI
//! drawable is larger, so cells keep their size on screen) and the aspect
//! is always square.
//!
//! The player can look around: Shift+arrows (Shift+W A S D, the right
//! stick) *pan* the camera [`PAN_STEP_CELLS`] at a time, and the pan holds
//! (an action moves the camera only as [`Camera::hold`] must); C recentres
//! (it glides back to the frame). O toggles the *overview*: the camera
//! fits everything the party has seen (the remembered map and what is in
//! sight, a box in view space kept up to date by the play screen) on
//! screen at once, never closer than the zoom; panning works there too.
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
/// The margin kept between the HUD's bands and the cells kept clear of
/// them, in cells.
const CLEAR_MARGIN_CELLS: f32 = 0.15;

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
    /// The glide: where the camera looks relative to where it settles, in
    /// view cells; eases to zero.
    pub offset: Vec2,
    /// Multiplier on the base cell size.
    pub zoom: f32,
    /// Where the camera settles, in view cells from its frame (or from
    /// the overview's centre): moved by the player's pans, by
    /// [`Camera::rebase`] to keep the map still, by [`Camera::hold`] to
    /// bring the hero clear; zero at the frame. Holds until
    /// [`Camera::recentre`].
    pub pan: Vec2,
    /// The overview's box, when it is on (`None`: off).
    pub overview: Option<ViewBox>,
    /// The view cells to keep clear of the HUD, relative to the hero: the
    /// box of the cells it can reach this round (the hero's own cell
    /// alone when it can reach none).
    pub keep: ViewBox,
    /// The close-up pan while the overview is on, given back when it is
    /// turned off.
    pub close_pan: Vec2,
    /// A pointer is pressed: the glide waits (the map never moves under a
    /// click).
    pub held: bool,
}

impl Default for Camera {
    fn default() -> Camera {
        Camera {
            offset: Vec2::ZERO,
            zoom: 1.0,
            pan: Vec2::ZERO,
            overview: None,
            keep: ViewBox {
                min: Vec2::ZERO,
                max: Vec2::ZERO,
            },
            close_pan: Vec2::ZERO,
            held: false,
        }
    }
}

/// The scale of a drawable: its height against the 720-pixel design. The
/// world's cells are sized by it (times the zoom).
pub fn cell_scale(size_px: (u32, u32)) -> f32 {
    (size_px.1.max(1) as f32 / 720.0)
        .min(size_px.0.max(1) as f32 / 640.0)
        .clamp(0.4, 6.0)
}

/// The scale of text and panels on a drawable: [`cell_scale`] times the
/// player's size of text and panels (`theme::ui_scale`), as far as a
/// 480-pixel-high design still fits.
pub fn ui_scale(size_px: (u32, u32)) -> f32 {
    let own = cell_scale(size_px);
    let fits = (size_px.1.max(1) as f32 / 480.0).min(size_px.0.max(1) as f32 / 640.0);
    (own * crate::screens::theme::ui_scale()).min(fits).max(own)
}

impl Camera {
    /// Advances the glide by `dt_s` seconds.
    pub fn update(&mut self, dt_s: f32) {
        if self.held {
            return;
        }
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
        .projection(size_px);
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

    /// The view's origin moved (the hero acted, another hero was
    /// selected): `old_origin` is where the old origin lies in the new
    /// view. What is drawn stays where it was; the overview, fitted to
    /// what is seen, is left to follow its box.
    pub fn rebase(&mut self, old_origin: Vec2) {
        self.keep_still(old_origin);
    }

    /// The frame changed from `before` (its reach changed): the camera
    /// stays where it was.
    pub fn reframe(&mut self, before: Vec2, size_px: (u32, u32)) {
        self.keep_still(before - self.frame_shift(size_px));
    }

    /// Moves the close-up camera's settling point by `by` (the pan, or the
    /// pan kept while the overview is on), so that what it shows stays
    /// where it was drawn.
    fn keep_still(&mut self, by: Vec2) {
        if self.overview.is_none() {
            self.pan += by;
        } else {
            self.close_pan += by;
        }
    }

    /// Glides as little as brings the hero's cell and its reach
    /// ([`Camera::keep`]) on screen and clear of the HUD's bands, once
    /// any glide has settled: nothing when they already are. Per axis,
    /// the first that fits of: the whole reach, its shorter side (the
    /// part the frame shows whole), the hero's cell. The overview is left
    /// alone.
    pub fn hold(&mut self, size_px: (u32, u32)) {
        if self.overview.is_some() {
            return;
        }
        let size = Vec2::new(size_px.0.max(1) as f32, size_px.1.max(1) as f32);
        let cell = self.close_cell_px(size_px);
        let (top, bottom) = super::hud::bands(size, ui_scale(size_px));
        let margin = CLEAR_MARGIN_CELLS;
        // The room around the settled centre, in view cells (y up).
        let half = size / 2.0 / cell;
        let room_lo = Vec2::new(-half.x + margin, -(size.y / 2.0 - bottom) / cell + margin);
        let room_hi = Vec2::new(half.x - margin, (size.y / 2.0 - top) / cell - margin);
        let settled = self.pan + self.frame_shift(size_px);
        let axis = |c: f32, lo: f32, hi: f32, min: f32, max: f32| -> f32 {
            let (min, max) = (min.min(0.0), max.max(0.0));
            let shorter = if -min <= max { (min, 0.0) } else { (0.0, max) };
            let fits = |(a, b): (f32, f32)| b - a + 1.0 <= hi - lo;
            let (a, b) = [(min, max), shorter, (0.0, 0.0)]
                .into_iter()
                .find(|&span| fits(span))
                .unwrap_or((0.0, 0.0));
            // The centre range that puts `a - ½ ..= b + ½` inside the room.
            let (need_lo, need_hi) = (b + 0.5 - hi, a - 0.5 - lo);
            if need_lo > need_hi {
                // Not even the hero's cell fits: centre it.
                (a + b) / 2.0 - (lo + hi) / 2.0 - c
            } else {
                c.clamp(need_lo, need_hi) - c
            }
        };
        let delta = Vec2::new(
            axis(
                settled.x,
                room_lo.x,
                room_hi.x,
                self.keep.min.x,
                self.keep.max.x,
            ),
            axis(
                settled.y,
                room_lo.y,
                room_hi.y,
                self.keep.min.y,
                self.keep.max.y,
            ),
        );
        // On whole pixels, rounded away from zero so the cells stay clear
        // (a float's dust is no move).
        let whole = |d: f32| {
            let px = d * cell;
            if px.abs() < 0.01 {
                0.0
            } else if px > 0.0 {
                px.ceil() / cell
            } else {
                px.floor() / cell
            }
        };
        let delta = Vec2::new(whole(delta.x), whole(delta.y));
        if delta != Vec2::ZERO {
            self.pan += delta;
            self.offset -= delta;
        }
    }

    /// The cell size for a drawable of `size_px` (close up, not the
    /// overview).
    fn close_cell_px(&self, size_px: (u32, u32)) -> f32 {
        (BASE_CELL_PX * cell_scale(size_px) * self.zoom)
            .round()
            .max(4.0)
    }

    /// Where the camera centre sits relative to the hero, in view cells,
    /// to keep the hero and [`Camera::keep`] clear of the HUD's bands on a
    /// drawable of `size_px` (see the module docs). Vertical only: the
    /// bands span the whole width.
    pub fn frame_shift(&self, size_px: (u32, u32)) -> Vec2 {
        let h = size_px.1.max(1) as f32;
        let size = Vec2::new(size_px.0.max(1) as f32, h);
        let cell = self.close_cell_px(size_px);
        let (top, bottom) = super::hud::bands(size, ui_scale(size_px));
        let margin = CLEAR_MARGIN_CELLS * cell;
        let (lo, hi) = (top + margin, h - bottom - margin);
        // The hero in the middle of the room between the bands…
        let mut hero_y = (lo + hi) / 2.0;
        // …moved so the box of its reach fits, where it overflows one
        // band and has room at the other. A reach taller than the room
        // shows its shorter side whole (the foot of a shaft below the
        // hero, say) and as much of the other as fits. The hero's cell
        // stays inside.
        let (above, below) = (
            (self.keep.max.y.max(0.0) + 0.5) * cell,
            (-self.keep.min.y.min(0.0) + 0.5) * cell,
        );
        let (hero_lo, hero_hi) = (lo + 0.5 * cell, hi - 0.5 * cell);
        let (over_top, over_bottom) = (lo - (hero_y - above), hero_y + below - hi);
        if over_top > 0.0 && over_bottom > 0.0 {
            hero_y = if below <= above {
                hi - below
            } else {
                lo + above
            };
        } else if over_bottom > 0.0 {
            hero_y -= over_bottom.min(-over_top);
        } else if over_top > 0.0 {
            hero_y += over_top.min(-over_bottom);
        }
        if hero_lo <= hero_hi {
            hero_y = hero_y.clamp(hero_lo, hero_hi);
        }
        // The hero is drawn at `h / 2 + shift.y · cell` (view y is up), on
        // whole pixels as when centred, so sprites sample the same.
        Vec2::new(0.0, (hero_y.round() - h / 2.0) / cell)
    }

    /// The projection for a drawable of `size_px`.
    pub fn projection(&self, size_px: (u32, u32)) -> Projection {
        let size = Vec2::new(size_px.0.max(1) as f32, size_px.1.max(1) as f32);
        let close = self.close_cell_px(size_px);
        match self.overview {
            Some(b) => {
                let (top, bottom) = super::hud::bands(size, ui_scale(size_px));
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
                centre: self.offset + self.pan + self.frame_shift(size_px),
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
    /// is back where it was close up (or, if the hero acted meanwhile,
    /// where it must be to show the hero clear).
    pub(super) fn toggle_overview(&mut self) {
        if self.camera.overview.is_some() {
            self.camera.overview = None;
            self.camera.pan = self.camera.close_pan;
            self.camera.hold(self.size_px);
            self.camera.settle();
        } else {
            self.camera.close_pan = self.camera.pan;
            self.camera.pan = Vec2::ZERO;
            self.camera.overview = Some(self.seen_box());
        }
        self.refresh_hover();
    }

    /// The camera back on the hero (C), out of the overview.
    pub(super) fn recentre_camera(&mut self) {
        if self.camera.overview.take().is_some() {
            self.camera.pan = self.camera.close_pan;
        }
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
    /// memory already updated): the overview follows what is seen.
    pub(super) fn after_view_rebuilt(&mut self) {
        if self.camera.overview.is_some() {
            self.camera.overview = Some(self.seen_box());
        }
    }

    /// The view's origin moved, the old one now at `old_origin` in the
    /// new view: the map stays where it was drawn, and the camera glides
    /// only as far as brings the hero and its reach clear.
    pub(super) fn follow_origin(&mut self, old_origin: Vec2) {
        self.camera.rebase(old_origin);
        self.camera.hold(self.size_px);
    }

    /// A pointer pressed or let go: while pressed, the camera's glide
    /// waits.
    pub fn hold_pointer(&mut self, pressed: bool) {
        self.camera.held = pressed;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game::grid::CellTransform;
    use game::view::ViewPos;

    const SIZE: (u32, u32) = (1280, 720);

    /// The middle of the room between the HUD's bands at [`SIZE`].
    fn room_middle() -> f32 {
        let (top, bottom) = crate::screens::play::hud::bands(Vec2::new(1280.0, 720.0), 1.0);
        (top + 720.0 - bottom) / 2.0
    }

    #[test]
    fn the_hero_is_centred_between_the_hud_bands_and_pixels_round_trip() {
        let cam = Camera::default();
        let p = cam.projection(SIZE);
        assert_eq!(p.cell_px, 80.0);
        let y = room_middle();
        assert!(y < 360.0, "the top bands are thinner than the bottom ones");
        assert_eq!(p.cell_centre(ViewPos::new(0, 0)), Vec2::new(640.0, y));
        assert_eq!(
            p.cell_centre(ViewPos::new(1, 1)),
            Vec2::new(720.0, y - 80.0)
        );
        assert_eq!(
            p.cell_at(Vec2::new(640.0 + 39.0, y - 39.0)),
            ViewPos::new(0, 0)
        );
        assert_eq!(
            p.cell_at(Vec2::new(640.0 + 41.0, y + 41.0)),
            ViewPos::new(1, -1)
        );
        let v = Vec2::new(-3.25, 2.5);
        assert!((p.to_view(p.to_screen(v)) - v).length() < 1e-4);
    }

    #[test]
    fn cells_stay_square_and_scale_with_the_drawable() {
        let cam = Camera::default();
        let hidpi = cam.projection((2560, 1440));
        assert_eq!(hidpi.cell_px, 160.0, "a 2x drawable draws 2x cells");
        let narrow = cam.projection((640, 720));
        assert_eq!(narrow.cell_px, 80.0);
        let tall = cam.projection((400, 1000));
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
        cam.offset = Vec2::new(4.0, 0.0);
        cam.update(0.1);
        assert!(cam.offset.x > 0.5 && cam.offset.x < 2.0, "{:?}", cam.offset);
        cam.update(2.0);
        assert_eq!(cam.offset, Vec2::ZERO);
        let p = cam.projection(SIZE);
        assert_eq!(p.centre, cam.frame_shift(SIZE));
    }

    #[test]
    fn a_pan_holds_until_recentred_then_glides_back() {
        let mut cam = Camera::default();
        cam.pan_by(Vec2::new(1.0, 0.0));
        cam.pan_by(Vec2::new(0.0, -1.0));
        assert_eq!(cam.pan, Vec2::new(PAN_STEP_CELLS, -PAN_STEP_CELLS));
        cam.update(5.0);
        let p = cam.projection(SIZE);
        let frame = cam.frame_shift(SIZE);
        assert_eq!(p.centre, cam.pan + frame, "the pan does not ease away");
        cam.recentre();
        assert_eq!(cam.pan, Vec2::ZERO);
        assert_eq!(cam.projection(SIZE).centre, p.centre, "no jump");
        cam.update(2.0);
        assert_eq!(cam.projection(SIZE).centre, frame);
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
        let p = cam.projection(SIZE);
        let right = p.to_screen(Vec2::new(15.0, 0.0)).x + 1.5 * 80.0;
        assert!((right - 1280.0).abs() < 0.01, "{right}");
        // Down under the area's bottom: the camera follows down.
        cam.bring_into(SIZE, Vec2::new(15.0, -4.0), area, 1.0);
        let p = cam.projection(SIZE);
        let s = p.to_screen(Vec2::new(15.0, -4.0));
        assert!(s.y + 1.5 * 80.0 <= 600.01 && s.y > 70.0, "{s}");
        // A glide in progress does not count: where it settles does.
        let mut gliding = Camera {
            offset: Vec2::new(-30.0, 0.0),
            ..Camera::default()
        };
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
        let p = cam.projection(SIZE);
        let (top, bottom) = crate::screens::play::hud::bands(Vec2::new(1280.0, 720.0), 1.0);
        assert!(p.cell_px < BASE_CELL_PX, "zoomed out: {}", p.cell_px);
        for corner in [b.min, b.max, Vec2::new(b.min.x, b.max.y)] {
            let s = p.to_screen(corner);
            assert!(s.x > 0.0 && s.x < 1280.0, "{corner} at {s}");
            assert!(s.y > top && s.y < 720.0 - bottom, "{corner} at {s}");
        }
        // A small box is never drawn closer than the zoom.
        cam.overview = Some(ViewBox {
            min: Vec2::ZERO,
            max: Vec2::ONE,
        });
        assert_eq!(cam.projection(SIZE).cell_px, BASE_CELL_PX);
    }

    #[test]
    fn cell_transforms_put_local_down_on_the_grid_floor() {
        let p = Camera::default().projection(SIZE);
        let y = room_middle();
        let id = CellTransform::IDENTITY;
        let t = p.cell_transform(Vec2::ZERO, &id);
        // Local (0, 0.5) is the middle of the floor: half a cell below the centre.
        assert_eq!(
            t.transform_point2(Vec2::new(0.0, 0.5)),
            Vec2::new(640.0, y + 40.0)
        );
        assert_eq!(t.transform_point2(Vec2::new(0.5, 0.0)), Vec2::new(680.0, y));
        // A quarter turn: view_to_grid takes view right to grid up, so grid
        // down is view left.
        let turn = CellTransform::new([[0, -1], [1, 0]], (0, 0)).unwrap();
        assert_eq!(turn.apply_dir(game::grid::Dir::Right), game::grid::Dir::Up);
        let t = p.cell_transform(Vec2::ZERO, &turn);
        assert_eq!(t.transform_point2(Vec2::new(0.0, 0.5)), Vec2::new(600.0, y));
    }

    #[test]
    fn the_frame_keeps_the_heros_reach_clear_of_the_hud_bands() {
        for size in [(1280, 720), (640, 360)] {
            let (w, h) = (size.0 as f32, size.1 as f32);
            let (top, bottom) = crate::screens::play::hud::bands(Vec2::new(w, h), ui_scale(size));
            let clear = |cam: &Camera, v: ViewPos| {
                let p = cam.projection(size);
                let c = p.cell_centre(v);
                c.y - p.cell_px / 2.0 >= top && c.y + p.cell_px / 2.0 <= h - bottom
            };
            // The bottom of a pit three cells down, or the top of a shaft
            // three cells up: the hero and that cell both clear.
            for keep in [
                ViewBox {
                    min: Vec2::new(-1.0, -3.0),
                    max: Vec2::new(1.0, 0.0),
                },
                ViewBox {
                    min: Vec2::new(0.0, 0.0),
                    max: Vec2::new(0.0, 3.0),
                },
            ] {
                let cam = Camera {
                    keep,
                    ..Camera::default()
                };
                for y in keep.min.y as i32..=keep.max.y as i32 {
                    assert!(clear(&cam, ViewPos::new(0, y)), "{size:?} {keep:?}: {y}");
                }
            }
            // A reach taller than the room: its shorter side whole (two
            // cells up, three down), the hero's cell clear.
            for (min, max, side) in [(-30.0, 2.0, 0..=2), (-3.0, 30.0, -3..=0)] {
                let cam = Camera {
                    keep: ViewBox {
                        min: Vec2::new(0.0, min),
                        max: Vec2::new(0.0, max),
                    },
                    ..Camera::default()
                };
                for y in side {
                    assert!(clear(&cam, ViewPos::new(0, y)), "{size:?} {min} {max}: {y}");
                }
            }
            // Taller than the room both ways: the hero's cell still clear.
            let cam = Camera {
                keep: ViewBox {
                    min: Vec2::new(0.0, -30.0),
                    max: Vec2::new(0.0, 30.0),
                },
                ..Camera::default()
            };
            assert!(clear(&cam, ViewPos::new(0, 0)), "{size:?}");
        }
    }

    #[test]
    fn holding_moves_nothing_while_the_reach_is_clear_and_as_little_as_it_must_when_not() {
        let (top, bottom) = crate::screens::play::hud::bands(Vec2::new(1280.0, 720.0), 1.0);
        let clear = |cam: &Camera, v: Vec2| {
            let p = cam.projection(SIZE);
            let c = p.to_screen(v);
            let half = p.cell_px / 2.0;
            c.x - half >= 0.0
                && c.x + half <= 1280.0
                && c.y - half >= top
                && c.y + half <= 720.0 - bottom
        };
        let mut cam = Camera {
            keep: ViewBox {
                min: Vec2::new(-2.0, -1.0),
                max: Vec2::new(2.0, 0.0),
            },
            ..Camera::default()
        };
        cam.hold(SIZE);
        assert_eq!(
            (cam.pan, cam.offset),
            (Vec2::ZERO, Vec2::ZERO),
            "clear at the frame"
        );
        // The hero walked five cells right: the map stays (rebased), the
        // reach still fits, nothing glides.
        cam.rebase(Vec2::new(-5.0, 0.0));
        cam.hold(SIZE);
        assert_eq!(cam.offset, Vec2::ZERO);
        assert_eq!(cam.pan, Vec2::new(-5.0, 0.0));
        // Three more: its reach would cross the right edge; the camera
        // glides just far enough, from where it was drawn.
        let drawn = cam.projection(SIZE).centre;
        cam.rebase(Vec2::new(-3.0, 0.0));
        cam.hold(SIZE);
        assert_eq!(
            cam.projection(SIZE).centre,
            drawn + Vec2::new(-3.0, 0.0),
            "no jump: drawn where it was, in the new view"
        );
        assert!(
            cam.offset.x < 0.0,
            "a glide (the camera goes right): {:?}",
            cam.offset
        );
        cam.settle();
        assert!(clear(&cam, Vec2::new(2.0, 0.0)) && clear(&cam, Vec2::new(-2.0, -1.0)));
        let p = cam.projection(SIZE);
        let right = p.to_screen(Vec2::new(2.5, 0.0)).x;
        assert!(1280.0 - right < 0.2 * 80.0, "as little as it must: {right}");
        // A reach taller than the room: the shorter side (up) whole.
        let mut tall = Camera {
            keep: ViewBox {
                min: Vec2::new(0.0, -30.0),
                max: Vec2::new(0.0, 2.0),
            },
            pan: Vec2::new(0.0, -4.0),
            ..Camera::default()
        };
        tall.hold(SIZE);
        tall.settle();
        for y in 0..=2 {
            assert!(clear(&tall, Vec2::new(0.0, y as f32)), "{y}");
        }
    }
}
