//! Rays and sectors: the exact geometry of sight.
//!
//! Geometry is in *doubled view coordinates*: the eye sits at the centre of
//! the actor's cell, which is the origin, and view cell `(vx, vy)` is the
//! square `[2vx-1, 2vx+1] × [2vy-1, 2vy+1]`. Every cell corner is then a point
//! with odd integer coordinates and every sector bound is the direction to
//! such a corner (or an axis), so all decisions are integer cross products —
//! no floats, no rounding, results symmetric by construction.
//!
//! A [`Sector`] is the *open* set of directions strictly counter-clockwise of
//! `lo` and strictly clockwise of `hi`, always narrower than 180° (the origin
//! is split into four quadrants of 90°, and narrowing only shrinks them).
//! Rays along a bound are measure-zero: they graze a corner.

use serde::{Deserialize, Serialize};

/// A direction from the eye, as an integer vector in doubled view
/// coordinates. Its length carries no meaning; `(1, 1)` and `(3, 3)` are the
/// same direction (compare with [`Ray::same_direction`], not `==`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct Ray {
    /// Horizontal component, positive to the right.
    pub x: i32,
    /// Vertical component, positive up.
    pub y: i32,
}

impl Ray {
    /// The direction `(x, y)`.
    pub const fn new(x: i32, y: i32) -> Ray {
        Ray { x, y }
    }

    /// The z of the cross product: > 0 when `other` is counter-clockwise of
    /// `self` (within a half turn).
    #[inline]
    pub const fn cross(self, other: Ray) -> i64 {
        self.x as i64 * other.y as i64 - self.y as i64 * other.x as i64
    }

    #[inline]
    /// The dot product: > 0 when the two are less than a quarter turn apart.
    pub const fn dot(self, other: Ray) -> i64 {
        self.x as i64 * other.x as i64 + self.y as i64 * other.y as i64
    }

    /// Whether both point the same way (parallel, not opposite).
    #[inline]
    pub const fn same_direction(self, other: Ray) -> bool {
        self.cross(other) == 0 && self.dot(other) > 0
    }

    /// This ray turned by `quarter_turns` × 90° counter-clockwise.
    #[inline]
    pub const fn rotate(self, quarter_turns: u8) -> Ray {
        match quarter_turns % 4 {
            0 => Ray::new(self.x, self.y),
            1 => Ray::new(-self.y, self.x),
            2 => Ray::new(-self.x, -self.y),
            _ => Ray::new(self.y, -self.x),
        }
    }

    /// The angle in radians, for drawing only (never for deciding).
    pub fn angle(self) -> f32 {
        (self.y as f32).atan2(self.x as f32)
    }
}

/// An open angular interval of directions from `lo` counter-clockwise to `hi`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct Sector {
    /// The clockwise bound (excluded).
    pub lo: Ray,
    /// The counter-clockwise bound (excluded).
    pub hi: Ray,
}

impl Sector {
    /// The directions strictly between `lo` and `hi`, counter-clockwise.
    pub const fn new(lo: Ray, hi: Ray) -> Sector {
        Sector { lo, hi }
    }

    /// Whether no direction lies strictly between the bounds. Only valid for
    /// sectors narrower than a half turn, which all sectors here are.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.lo.cross(self.hi) <= 0
    }

    /// The directions in both `self` and `other` (both narrower than a half
    /// turn and overlapping the same quadrant).
    #[inline]
    pub fn intersect(self, other: Sector) -> Sector {
        let lo = if self.lo.cross(other.lo) > 0 {
            other.lo
        } else {
            self.lo
        };
        let hi = if self.hi.cross(other.hi) < 0 {
            other.hi
        } else {
            self.hi
        };
        Sector { lo, hi }
    }

    /// Whether `d` lies strictly inside.
    #[inline]
    pub fn contains(self, d: Ray) -> bool {
        self.lo.cross(d) > 0 && d.cross(self.hi) > 0
    }

    /// Whether `d` lies inside or on a bound (rays arbitrarily close to `d`
    /// are inside).
    #[inline]
    pub fn contains_closed(self, d: Ray) -> bool {
        let mid = Ray::new(self.lo.x + self.hi.x, self.lo.y + self.hi.y);
        self.lo.cross(d) >= 0 && d.cross(self.hi) >= 0 && d.dot(mid) > 0
    }

    /// This sector turned by `quarter_turns` × 90° counter-clockwise.
    #[inline]
    pub const fn rotate(self, quarter_turns: u8) -> Sector {
        Sector {
            lo: self.lo.rotate(quarter_turns),
            hi: self.hi.rotate(quarter_turns),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const QUADRANT: Sector = Sector::new(Ray::new(1, 0), Ray::new(0, 1));

    #[test]
    fn quadrant_contains_its_diagonal_but_not_its_axes() {
        assert!(QUADRANT.contains(Ray::new(1, 1)));
        assert!(!QUADRANT.contains(Ray::new(1, 0)));
        assert!(QUADRANT.contains_closed(Ray::new(1, 0)));
        assert!(QUADRANT.contains_closed(Ray::new(0, 5)));
        assert!(!QUADRANT.contains_closed(Ray::new(-1, 1)));
        assert!(!QUADRANT.contains_closed(Ray::new(-1, -1)));
        assert!(!QUADRANT.is_empty());
    }

    #[test]
    fn intersection_narrows_to_the_overlap() {
        let a = Sector::new(Ray::new(3, 1), Ray::new(1, 1));
        let b = Sector::new(Ray::new(1, 0), Ray::new(1, 3));
        let both = a.intersect(b);
        assert_eq!(both, Sector::new(Ray::new(3, 1), Ray::new(1, 1)));
        let disjoint = Sector::new(Ray::new(1, 3), Ray::new(0, 1)).intersect(a);
        assert!(disjoint.is_empty());
        // Touching at one bound is empty too: sectors are open.
        let touching = Sector::new(Ray::new(1, 1), Ray::new(0, 1)).intersect(a);
        assert!(touching.is_empty());
    }

    #[test]
    fn scaled_rays_are_the_same_direction() {
        assert!(Ray::new(1, 1).same_direction(Ray::new(3, 3)));
        assert!(!Ray::new(1, 1).same_direction(Ray::new(-3, -3)));
        assert!(!Ray::new(1, 1).same_direction(Ray::new(3, 1)));
    }

    #[test]
    fn rotation_by_quarter_turns_keeps_orientation() {
        let s = Sector::new(Ray::new(3, 1), Ray::new(1, 1));
        for q in 0..4 {
            let r = s.rotate(q);
            assert!(!r.is_empty(), "rotation keeps lo clockwise of hi");
            assert!(r.contains(Ray::new(2, 1).rotate(q)));
        }
        assert_eq!(Ray::new(1, 0).rotate(1), Ray::new(0, 1));
    }
}
