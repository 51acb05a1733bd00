//! The splash frame drawn until the title screen exists: a dark shaft, a rope
//! hanging from the top centre and a hero at its end above the floor. Its
//! layout is a pure function of the drawable size, so tests can check pixels.
use render::gl_backend::{self, Rgba};

pub const BACKGROUND: Rgba = [0.07, 0.08, 0.12, 1.0];
pub const ROPE: Rgba = [0.85, 0.68, 0.32, 1.0];
pub const HERO: Rgba = [0.30, 0.62, 0.95, 1.0];
pub const FLOOR: Rgba = [0.32, 0.30, 0.36, 1.0];

/// A rectangle in pixels, origin bottom-left (GL's convention).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RectPx {
    pub x: i32,
    pub y: i32,
    pub w: i32,
    pub h: i32,
}

/// The splash's rectangles for a drawable of `w`×`h` pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    pub floor: RectPx,
    pub rope: RectPx,
    pub hero: RectPx,
}

pub fn layout(width_px: u32, height_px: u32) -> Layout {
    let (w, h) = (width_px as i32, height_px as i32);
    let floor_h = (h * 15 / 100).max(1);
    let hero_side = (h / 10).max(2);
    let rope_w = (w / 80).max(2);
    let rope_bottom = floor_h + hero_side + h / 5;
    Layout {
        floor: RectPx {
            x: 0,
            y: 0,
            w,
            h: floor_h,
        },
        rope: RectPx {
            x: (w - rope_w) / 2,
            y: rope_bottom,
            w: rope_w,
            h: h - rope_bottom,
        },
        hero: RectPx {
            x: (w - hero_side) / 2,
            y: rope_bottom - hero_side,
            w: hero_side,
            h: hero_side,
        },
    }
}

/// Draws the splash into the current framebuffer.
pub fn draw(width_px: u32, height_px: u32) {
    gl_backend::begin_frame(width_px, height_px, BACKGROUND);
    let l = layout(width_px, height_px);
    for (r, colour) in [(l.floor, FLOOR), (l.rope, ROPE), (l.hero, HERO)] {
        gl_backend::fill_rect(r.x, r.y, r.w, r.h, colour);
    }
}

/// A colour as the RGBA8 a framebuffer stores it.
pub fn to_rgba8(c: Rgba) -> [u8; 4] {
    c.map(|v| (v.clamp(0.0, 1.0) * 255.0).round() as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_stacks_floor_hero_rope_without_overlap() {
        for (w, h) in [(1280, 720), (320, 200), (100, 900), (64, 64)] {
            let l = layout(w, h);
            assert_eq!(l.hero.y + l.hero.h, l.rope.y, "rope ends on the hero");
            assert!(l.hero.y > l.floor.h, "hero hangs above the floor");
            assert_eq!(l.rope.y + l.rope.h, h as i32, "rope reaches the top");
            assert!(l.rope.w >= 2 && l.hero.w >= 2);
        }
    }
}
