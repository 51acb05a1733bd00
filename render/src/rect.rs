//! Axis-aligned rectangles in pixels. Screens use the top-left origin with y
//! pointing down, like the draw list.
use glam::Vec2;

/// A rectangle: `x, y` is the top-left corner, `w, h` the size (never negative
/// when built by [`Rect::new`]).
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Rect {
    /// Left edge, pixels.
    pub x: f32,
    /// Top edge, pixels (y points down).
    pub y: f32,
    /// Width, pixels.
    pub w: f32,
    /// Height, pixels.
    pub h: f32,
}

impl Rect {
    /// A rectangle; negative sizes clamp to 0.
    pub fn new(x: f32, y: f32, w: f32, h: f32) -> Rect {
        Rect {
            x,
            y,
            w: w.max(0.0),
            h: h.max(0.0),
        }
    }

    /// A rectangle of size `size` centred on `centre`.
    pub fn centred(centre: Vec2, size: Vec2) -> Rect {
        Rect::new(
            centre.x - size.x / 2.0,
            centre.y - size.y / 2.0,
            size.x,
            size.y,
        )
    }

    /// The top-left corner.
    pub fn min(&self) -> Vec2 {
        Vec2::new(self.x, self.y)
    }

    /// The bottom-right corner (just outside, as [`Rect::contains`] counts it).
    pub fn max(&self) -> Vec2 {
        Vec2::new(self.x + self.w, self.y + self.h)
    }

    /// Width and height.
    pub fn size(&self) -> Vec2 {
        Vec2::new(self.w, self.h)
    }

    /// The centre point.
    pub fn centre(&self) -> Vec2 {
        Vec2::new(self.x + self.w / 2.0, self.y + self.h / 2.0)
    }

    /// Whether `p` lies inside (left/top edges in, right/bottom edges out).
    pub fn contains(&self, p: Vec2) -> bool {
        p.x >= self.x && p.y >= self.y && p.x < self.x + self.w && p.y < self.y + self.h
    }

    /// The rectangle shrunk by `d` on every side (grown for negative `d`).
    pub fn inset(&self, d: f32) -> Rect {
        Rect::new(self.x + d, self.y + d, self.w - 2.0 * d, self.h - 2.0 * d)
    }

    /// Corners clockwise on screen from the top-left: TL, TR, BR, BL.
    pub fn corners(&self) -> [Vec2; 4] {
        let (a, b) = (self.min(), self.max());
        [a, Vec2::new(b.x, a.y), b, Vec2::new(a.x, b.y)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contains_is_half_open_and_inset_shrinks_both_sides() {
        let r = Rect::new(10.0, 20.0, 30.0, 40.0);
        assert!(r.contains(Vec2::new(10.0, 20.0)));
        assert!(!r.contains(Vec2::new(40.0, 30.0)));
        assert!(r.contains(Vec2::new(39.9, 59.9)));
        assert_eq!(r.inset(5.0), Rect::new(15.0, 25.0, 20.0, 30.0));
        assert_eq!(r.inset(100.0).size(), Vec2::ZERO);
        assert_eq!(
            Rect::centred(Vec2::new(0.0, 0.0), Vec2::new(4.0, 2.0)).min(),
            Vec2::new(-2.0, -1.0)
        );
    }
}
