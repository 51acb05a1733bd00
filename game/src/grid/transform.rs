//! Rigid transforms of the cell lattice: how the grid on the far side of a
//! portal lines up with the grid on the near side.
//!
//! A [`CellTransform`] is `c' = M·c + offset` on cell coordinates, where `M`
//! is one of the eight integer orthogonal 2×2 matrices (quarter-turn
//! rotations, optionally composed with a mirror). The same `M` acts on
//! directions. Because cell `(x, y)` is the unit square `[x, x+1]×[y, y+1]`,
//! the matching map on lattice corners (edge end points) is
//! `q' = M·q + offset + k` with `k = (h - M·h)` for the centre offset
//! `h = (½, ½)`; each row of `M` has a single ±1, so `k` is integral
//! (0 or 1 per axis).
//!
//! Portals hand these out (see [`Portal::transform`](super::Portal::transform));
//! the GridView composes them as sight passes through several portals, and
//! the renderer places what it sees through a portal with them.

use super::{CellPos, Dir};
use serde::{Deserialize, Serialize};

/// `c' = M·c + offset`, with `M` orthogonal and integral (rows `m[0]`, `m[1]`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct CellTransform {
    /// The matrix, row-major: `x' = m[0][0]·x + m[0][1]·y`, `y' = m[1][0]·x + m[1][1]·y`.
    m: [[i32; 2]; 2],
    /// Added after the matrix.
    offset: (i32, i32),
}

impl CellTransform {
    /// The identity.
    pub const IDENTITY: CellTransform = CellTransform {
        m: [[1, 0], [0, 1]],
        offset: (0, 0),
    };

    /// The transform `c' = m·c + offset`, or `None` when `m` is not one of
    /// the eight orthogonal integer matrices.
    pub fn new(m: [[i32; 2]; 2], offset: (i32, i32)) -> Option<Self> {
        let orthogonal = {
            let col0 = (m[0][0], m[1][0]);
            let col1 = (m[0][1], m[1][1]);
            let unit = |v: (i32, i32)| v.0.abs() + v.1.abs() == 1;
            unit(col0) && unit(col1) && col0.0 * col1.0 + col0.1 * col1.1 == 0
        };
        orthogonal.then_some(Self { m, offset })
    }

    /// The linear part whose action on directions takes `from` to `to`:
    /// a proper rotation when `mirror` is false, a rotation composed with the
    /// mirror that keeps `from`'s axis line fixed in orientation otherwise
    /// (i.e. the reflection across the line perpendicular to `from`, then a
    /// rotation). With no offset.
    pub fn linear(from: Dir, to: Dir, mirror: bool) -> Self {
        // Rotation taking `from` to `to`.
        let mut rot = Self::IDENTITY;
        let mut d = from;
        let target = if mirror { to.opposite() } else { to };
        while d != target {
            rot = rot.then(&Self::ROT_CW);
            d = d.rotate_cw();
        }
        if mirror {
            // Reflect across the line perpendicular to `from` (sending `from`
            // to its opposite), then rotate the opposite of `from` onto `to`.
            let reflect = match from.crossed_orientation() {
                super::Orientation::Vertical => Self {
                    m: [[-1, 0], [0, 1]],
                    offset: (0, 0),
                },
                super::Orientation::Horizontal => Self {
                    m: [[1, 0], [0, -1]],
                    offset: (0, 0),
                },
            };
            reflect.then(&rot)
        } else {
            rot
        }
    }

    /// A quarter turn clockwise about the origin.
    const ROT_CW: CellTransform = CellTransform {
        m: [[0, 1], [-1, 0]],
        offset: (0, 0),
    };

    /// The matrix, row-major.
    pub const fn matrix(&self) -> [[i32; 2]; 2] {
        self.m
    }

    /// The offset added after the matrix.
    pub const fn offset(&self) -> (i32, i32) {
        self.offset
    }

    /// This transform with `offset` replaced.
    pub const fn with_offset(self, offset: (i32, i32)) -> Self {
        Self { m: self.m, offset }
    }

    /// Whether the transform mirrors (determinant −1).
    pub const fn is_mirror(&self) -> bool {
        self.m[0][0] * self.m[1][1] - self.m[0][1] * self.m[1][0] < 0
    }

    fn mul(&self, v: (i32, i32)) -> (i32, i32) {
        (
            self.m[0][0] * v.0 + self.m[0][1] * v.1,
            self.m[1][0] * v.0 + self.m[1][1] * v.1,
        )
    }

    /// Where cell `c` goes.
    pub fn apply_cell(&self, c: CellPos) -> CellPos {
        let (x, y) = self.mul((c.x, c.y));
        CellPos::new(x + self.offset.0, y + self.offset.1)
    }

    /// Where direction `d` goes.
    pub fn apply_dir(&self, d: Dir) -> Dir {
        let (dx, dy) = d.delta();
        let (x, y) = self.mul((dx, dy));
        // `m` is orthogonal (checked on construction), so this is a unit step.
        Dir::from_delta(x, y)
            .unwrap_or_else(|| unreachable!("orthogonal matrix maps units to units"))
    }

    /// Where lattice corner `q` (an end point of edges; corner `(x, y)` is the
    /// bottom-left corner of cell `(x, y)`) goes.
    pub fn apply_corner(&self, q: (i32, i32)) -> (i32, i32) {
        let (x, y) = self.mul(q);
        // k = h - M·h with h = (1/2, 1/2), computed doubled to stay integral.
        let kx = (1 - self.m[0][0] - self.m[0][1]) / 2;
        let ky = (1 - self.m[1][0] - self.m[1][1]) / 2;
        (x + self.offset.0 + kx, y + self.offset.1 + ky)
    }

    /// `self` followed by `next`: `next.apply(self.apply(c))`.
    pub fn then(&self, next: &CellTransform) -> CellTransform {
        let a = &next.m;
        let b = &self.m;
        let m = [
            [
                a[0][0] * b[0][0] + a[0][1] * b[1][0],
                a[0][0] * b[0][1] + a[0][1] * b[1][1],
            ],
            [
                a[1][0] * b[0][0] + a[1][1] * b[1][0],
                a[1][0] * b[0][1] + a[1][1] * b[1][1],
            ],
        ];
        let (ox, oy) = next.mul(self.offset);
        CellTransform {
            m,
            offset: (ox + next.offset.0, oy + next.offset.1),
        }
    }

    /// The transform that undoes this one.
    pub fn inverse(&self) -> CellTransform {
        // Orthogonal: the inverse matrix is the transpose.
        let t = [[self.m[0][0], self.m[1][0]], [self.m[0][1], self.m[1][1]]];
        let inv = CellTransform {
            m: t,
            offset: (0, 0),
        };
        let (ox, oy) = inv.mul(self.offset);
        CellTransform {
            m: t,
            offset: (-ox, -oy),
        }
    }
}

impl Default for CellTransform {
    fn default() -> Self {
        Self::IDENTITY
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_linear() -> Vec<CellTransform> {
        let mut v = Vec::new();
        for to in Dir::ALL {
            for mirror in [false, true] {
                v.push(CellTransform::linear(Dir::Right, to, mirror));
            }
        }
        v
    }

    #[test]
    fn linear_maps_from_onto_to() {
        for from in Dir::ALL {
            for to in Dir::ALL {
                for mirror in [false, true] {
                    let t = CellTransform::linear(from, to, mirror);
                    assert_eq!(t.apply_dir(from), to, "{from:?}->{to:?} mirror {mirror}");
                    assert_eq!(t.is_mirror(), mirror);
                }
            }
        }
    }

    #[test]
    fn the_eight_linear_parts_are_distinct_and_orthogonal() {
        let v = all_linear();
        for (i, a) in v.iter().enumerate() {
            assert!(CellTransform::new(a.matrix(), (0, 0)).is_some());
            for b in &v[i + 1..] {
                assert_ne!(a, b);
            }
        }
        assert!(CellTransform::new([[1, 1], [0, 1]], (0, 0)).is_none());
        assert!(CellTransform::new([[2, 0], [0, 1]], (0, 0)).is_none());
    }

    #[test]
    fn inverse_and_composition_agree_on_cells_dirs_and_corners() {
        let cells = [CellPos::new(0, 0), CellPos::new(3, -2), CellPos::new(-5, 7)];
        for (i, lin) in all_linear().into_iter().enumerate() {
            let t = lin.with_offset((i as i32 - 3, 2 * i as i32));
            let inv = t.inverse();
            assert_eq!(t.then(&inv), CellTransform::IDENTITY);
            assert_eq!(inv.then(&t), CellTransform::IDENTITY);
            for c in cells {
                assert_eq!(inv.apply_cell(t.apply_cell(c)), c);
            }
            for d in Dir::ALL {
                assert_eq!(inv.apply_dir(t.apply_dir(d)), d);
            }
            let other = CellTransform::linear(Dir::Up, Dir::Left, false).with_offset((4, 1));
            let both = t.then(&other);
            for c in cells {
                assert_eq!(both.apply_cell(c), other.apply_cell(t.apply_cell(c)));
            }
        }
    }

    #[test]
    fn corners_of_a_cell_map_to_corners_of_its_image() {
        for (i, lin) in all_linear().into_iter().enumerate() {
            let t = lin.with_offset((i as i32, -(i as i32)));
            let c = CellPos::new(2, 5);
            let img = t.apply_cell(c);
            let mut got: Vec<(i32, i32)> = [(0, 0), (1, 0), (0, 1), (1, 1)]
                .iter()
                .map(|(dx, dy)| t.apply_corner((c.x + dx, c.y + dy)))
                .collect();
            got.sort();
            let want = vec![
                (img.x, img.y),
                (img.x, img.y + 1),
                (img.x + 1, img.y),
                (img.x + 1, img.y + 1),
            ];
            assert_eq!(got, want, "transform {t:?}");
        }
    }
}
