//! The four grid directions and the two edge orientations.
//!
//! `x` grows to the right and `y` grows up; gravity pulls towards
//! [`Dir::Down`]. Rotations are quarter turns as seen on screen: clockwise
//! takes `Up` to `Right`. Every other part of the grid (edges, portals,
//! transforms) expresses its geometry with these two types.

use serde::{Deserialize, Serialize};
use std::fmt;

/// One of the four grid directions.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
pub enum Dir {
    /// Towards −x.
    Left,
    /// Towards +x.
    Right,
    /// Towards +y (against gravity).
    Up,
    /// Towards −y (with gravity).
    Down,
}

/// Orientation of an edge: which way the edge line runs.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
pub enum Orientation {
    /// Runs along x: a floor or ceiling, crossed by moving up or down.
    Horizontal,
    /// Runs along y: a wall, crossed by moving left or right.
    Vertical,
}

impl Dir {
    /// All four directions, in declaration order.
    pub const ALL: [Dir; 4] = [Dir::Left, Dir::Right, Dir::Up, Dir::Down];

    /// The unit step `(dx, dy)` of this direction.
    pub const fn delta(self) -> (i32, i32) {
        match self {
            Dir::Left => (-1, 0),
            Dir::Right => (1, 0),
            Dir::Up => (0, 1),
            Dir::Down => (0, -1),
        }
    }

    /// The direction whose unit step is `(dx, dy)`, if it is one.
    pub const fn from_delta(dx: i32, dy: i32) -> Option<Dir> {
        match (dx, dy) {
            (-1, 0) => Some(Dir::Left),
            (1, 0) => Some(Dir::Right),
            (0, 1) => Some(Dir::Up),
            (0, -1) => Some(Dir::Down),
            _ => None,
        }
    }

    /// The direction pointing the other way.
    pub const fn opposite(self) -> Dir {
        match self {
            Dir::Left => Dir::Right,
            Dir::Right => Dir::Left,
            Dir::Up => Dir::Down,
            Dir::Down => Dir::Up,
        }
    }

    /// A quarter turn clockwise (on screen, with y up): `Up` becomes `Right`.
    pub const fn rotate_cw(self) -> Dir {
        match self {
            Dir::Up => Dir::Right,
            Dir::Right => Dir::Down,
            Dir::Down => Dir::Left,
            Dir::Left => Dir::Up,
        }
    }

    /// A quarter turn counter-clockwise: `Up` becomes `Left`.
    pub const fn rotate_ccw(self) -> Dir {
        self.rotate_cw().opposite()
    }

    /// The orientation of the edges this direction crosses: moving up or
    /// down crosses horizontal edges, moving left or right vertical ones.
    pub const fn crossed_orientation(self) -> Orientation {
        match self {
            Dir::Left | Dir::Right => Orientation::Vertical,
            Dir::Up | Dir::Down => Orientation::Horizontal,
        }
    }

    /// Lower-case English name (`"left"`, …), as the level text uses it.
    pub const fn name(self) -> &'static str {
        match self {
            Dir::Left => "left",
            Dir::Right => "right",
            Dir::Up => "up",
            Dir::Down => "down",
        }
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Orientation {
    /// The other orientation.
    pub const fn other(self) -> Orientation {
        match self {
            Orientation::Horizontal => Orientation::Vertical,
            Orientation::Vertical => Orientation::Horizontal,
        }
    }
}

impl fmt::Display for Orientation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Orientation::Horizontal => "horizontal",
            Orientation::Vertical => "vertical",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotations_are_quarter_turns_with_y_up() {
        assert_eq!(Dir::Up.rotate_cw(), Dir::Right);
        assert_eq!(Dir::Up.rotate_ccw(), Dir::Left);
        for d in Dir::ALL {
            assert_eq!(d.rotate_cw().rotate_ccw(), d);
            assert_eq!(d.rotate_cw().rotate_cw(), d.opposite());
            assert_eq!(d.opposite().opposite(), d);
            // Clockwise with y up: (x, y) -> (y, -x).
            let (dx, dy) = d.delta();
            assert_eq!(d.rotate_cw().delta(), (dy, -dx));
            assert_eq!(Dir::from_delta(dx, dy), Some(d));
        }
        assert_eq!(Dir::from_delta(1, 1), None);
    }

    #[test]
    fn vertical_moves_cross_horizontal_edges() {
        assert_eq!(Dir::Up.crossed_orientation(), Orientation::Horizontal);
        assert_eq!(Dir::Down.crossed_orientation(), Orientation::Horizontal);
        assert_eq!(Dir::Left.crossed_orientation(), Orientation::Vertical);
        assert_eq!(Orientation::Vertical.other(), Orientation::Horizontal);
    }
}
