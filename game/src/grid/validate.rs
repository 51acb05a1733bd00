//! The grid's self-check: every invariant a valid grid keeps (listed in the
//! module docs of [`super`]), reported as [`GridProblem`]s naming the edge,
//! cell or portal at fault. The level loaders run it on every grid they
//! build or decode, so a grid that reached the rules is known to be whole.

use super::{CellKind, CellPos, EdgePos, EdgeType, Grid, Orientation, MAX_PORTALS, MAX_SIZE};
use std::fmt;

/// At most this many problems are listed; a grid with more is garbage anyway.
const MAX_LISTED: usize = 64;

/// One broken grid invariant.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GridProblem {
    /// Width or height outside 1..=128.
    BadSize {
        /// Cells along x.
        width: usize,
        /// Cells along y.
        height: usize,
    },
    /// An array's length does not match the size.
    BadLength {
        /// `"cells"`, `"horizontal edges"` or `"vertical edges"`.
        array: &'static str,
        /// Its length.
        len: usize,
        /// The length the size asks for.
        expected: usize,
    },
    /// A non-portal edge with portal-index bits set.
    NonCanonicalEdge(EdgePos),
    /// A platform on a vertical edge.
    VerticalPlatform(EdgePos),
    /// An OPEN or PLATFORM edge on the outer boundary.
    OpenBoundary(EdgePos),
    /// An OPEN or PLATFORM edge beside rock.
    OpenBesideRock(EdgePos),
    /// More than 64 portals.
    TooManyPortals(usize),
    /// A PORTAL edge whose index is past the end of the portal table.
    UnknownPortal {
        /// The edge.
        edge: EdgePos,
        /// Its portal index.
        index: usize,
    },
    /// A PORTAL edge that is not an end of the portal it names.
    StrayPortalEdge {
        /// The edge.
        edge: EdgePos,
        /// Its portal index.
        index: usize,
    },
    /// A portal end whose edge is not a PORTAL edge naming that portal.
    EndNotPortal {
        /// Portal index.
        portal: usize,
        /// 0 or 1.
        end: usize,
    },
    /// A portal end whose edge or face cell lies outside the grid.
    EndOutside {
        /// Portal index.
        portal: usize,
        /// 0 or 1.
        end: usize,
    },
    /// A portal end whose face cell is rock.
    FaceInRock {
        /// Portal index.
        portal: usize,
        /// 0 or 1.
        end: usize,
    },
    /// Both ends of a portal are the same edge.
    SameEdge {
        /// Portal index.
        portal: usize,
    },
}

impl fmt::Display for GridProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            GridProblem::BadSize { width, height } => write!(
                f,
                "grid is {width}x{height} cells (expected 1 to {MAX_SIZE} each way)"
            ),
            GridProblem::BadLength { array, len, expected } => {
                write!(f, "grid has {len} {array} (expected {expected} for its size)")
            }
            GridProblem::NonCanonicalEdge(e) => {
                write!(f, "{e} has portal-index bits but is not a portal (expected them 0)")
            }
            GridProblem::VerticalPlatform(e) => {
                write!(f, "{e} is a platform (expected only horizontal edges to be platforms)")
            }
            GridProblem::OpenBoundary(e) => write!(
                f,
                "{e} on the outer boundary is open (expected a wall or a portal)"
            ),
            GridProblem::OpenBesideRock(e) => {
                write!(f, "{e} beside rock is open (expected a wall or a portal)")
            }
            GridProblem::TooManyPortals(n) => {
                write!(f, "{n} portals (expected at most {MAX_PORTALS})")
            }
            GridProblem::UnknownPortal { edge, index } => write!(
                f,
                "{edge} names portal {index}, which does not exist (expected an index in the portal table)"
            ),
            GridProblem::StrayPortalEdge { edge, index } => write!(
                f,
                "{edge} names portal {index} but is not one of its ends (expected exactly two edges per portal)"
            ),
            GridProblem::EndNotPortal { portal, end } => write!(
                f,
                "end {end} of portal {portal} is not marked as that portal's edge"
            ),
            GridProblem::EndOutside { portal, end } => {
                write!(f, "end {end} of portal {portal} lies outside the grid")
            }
            GridProblem::FaceInRock { portal, end } => write!(
                f,
                "end {end} of portal {portal} opens into rock (expected an air cell)"
            ),
            GridProblem::SameEdge { portal } => {
                write!(f, "both ends of portal {portal} are the same edge")
            }
        }
    }
}

impl Grid {
    /// Every broken invariant (at most 64 listed), empty for a valid grid.
    /// Never panics, whatever the arrays hold.
    pub fn problems(&self) -> Vec<GridProblem> {
        let mut out = Vec::new();
        let (w, h) = (self.width(), self.height());
        if !(1..=MAX_SIZE).contains(&w) || !(1..=MAX_SIZE).contains(&h) {
            out.push(GridProblem::BadSize {
                width: w,
                height: h,
            });
            return out;
        }
        let lengths = [
            ("cells", self.cells().len(), w * h),
            ("horizontal edges", self.h_edges().len(), w * (h + 1)),
            ("vertical edges", self.v_edges().len(), (w + 1) * h),
        ];
        for (array, len, expected) in lengths {
            if len != expected {
                out.push(GridProblem::BadLength {
                    array,
                    len,
                    expected,
                });
            }
        }
        if !out.is_empty() {
            return out;
        }
        if self.portals().len() > MAX_PORTALS {
            out.push(GridProblem::TooManyPortals(self.portals().len()));
        }
        let horizontal =
            (0..=h).flat_map(|y| (0..w).map(move |x| EdgePos::horizontal(x as i32, y as i32)));
        let vertical =
            (0..h).flat_map(|y| (0..=w).map(move |x| EdgePos::vertical(x as i32, y as i32)));
        for pos in horizontal.chain(vertical) {
            if out.len() >= MAX_LISTED {
                return out;
            }
            self.check_edge(pos, &mut out);
        }
        for (portal, p) in self.portals().iter().enumerate() {
            if out.len() >= MAX_LISTED {
                return out;
            }
            if p.ends[0].edge() == p.ends[1].edge() {
                out.push(GridProblem::SameEdge { portal });
            }
            for (end, e) in p.ends.iter().enumerate() {
                let edge = e.edge();
                if !self.contains_edge(edge) || !self.contains(e.cell) {
                    out.push(GridProblem::EndOutside { portal, end });
                } else if self.edge(edge).and_then(|x| x.portal_index()) != Some(portal) {
                    out.push(GridProblem::EndNotPortal { portal, end });
                } else if self.cell(e.cell) == Some(CellKind::Rock) {
                    out.push(GridProblem::FaceInRock { portal, end });
                }
            }
        }
        out
    }

    fn check_edge(&self, pos: EdgePos, out: &mut Vec<GridProblem>) {
        let Some(edge) = self.edge(pos) else { return };
        if !edge.is_canonical() {
            out.push(GridProblem::NonCanonicalEdge(pos));
        }
        let (a, b) = pos.sides();
        let is_rock = |c: CellPos| self.cell(c) == Some(CellKind::Rock);
        match edge.edge_type() {
            EdgeType::Solid => {}
            EdgeType::Open | EdgeType::Platform => {
                if edge.edge_type() == EdgeType::Platform
                    && pos.orientation == Orientation::Vertical
                {
                    out.push(GridProblem::VerticalPlatform(pos));
                }
                if !self.contains(a) || !self.contains(b) {
                    out.push(GridProblem::OpenBoundary(pos));
                } else if is_rock(a) || is_rock(b) {
                    out.push(GridProblem::OpenBesideRock(pos));
                }
            }
            EdgeType::Portal => {
                let index = edge.portal_index().unwrap_or(usize::MAX);
                match self.portal(index) {
                    None => out.push(GridProblem::UnknownPortal { edge: pos, index }),
                    Some(p) if p.end_at(pos).is_none() => {
                        out.push(GridProblem::StrayPortalEdge { edge: pos, index })
                    }
                    Some(_) => {}
                }
            }
        }
    }

    /// Whether [`Grid::problems`] finds nothing.
    pub fn is_valid(&self) -> bool {
        self.problems().is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Dir, Edge, Portal, PortalEnd};

    #[test]
    fn open_edges_beside_rock_or_outside_are_reported() {
        let mut g = Grid::new(2, 1).expect("size");
        g.set_cell(CellPos::new(1, 0), CellKind::Rock)
            .expect("in grid");
        assert_eq!(
            g.problems(),
            [GridProblem::OpenBesideRock(EdgePos::vertical(1, 0))]
        );
        g.set_edge(EdgePos::vertical(1, 0), Edge::SOLID)
            .expect("wall");
        assert!(g.is_valid());
    }

    #[test]
    fn a_portal_face_in_rock_is_reported() {
        let mut g = Grid::new(2, 1).expect("size");
        g.set_cell(CellPos::new(1, 0), CellKind::Rock)
            .expect("in grid");
        g.set_edge(EdgePos::vertical(1, 0), Edge::SOLID)
            .expect("wall");
        let a = PortalEnd::new(CellPos::new(0, 0), Dir::Left);
        let b = PortalEnd::new(CellPos::new(1, 0), Dir::Right);
        g.add_portal(Portal::new(a, b)).expect("added");
        assert_eq!(
            g.problems(),
            [GridProblem::FaceInRock { portal: 0, end: 1 }]
        );
    }

    #[test]
    fn decoded_garbage_is_reported_not_panicked_on() {
        let mut g = Grid::new(2, 2).expect("size");
        g.h_edges.pop();
        assert_eq!(
            g.problems(),
            [GridProblem::BadLength {
                array: "horizontal edges",
                len: 5,
                expected: 6
            }]
        );
        let mut g = Grid::new(2, 2).expect("size");
        g.v_edges[1] = Edge::from_byte(0b1111_1011); // portal 62, no such portal
        g.h_edges[0] = Edge::from_byte(0b0000_0110); // platform with index bits
        g.v_edges[0] = Edge::PLATFORM;
        let problems = g.problems();
        assert!(problems.contains(&GridProblem::UnknownPortal {
            edge: EdgePos::vertical(1, 0),
            index: 62
        }));
        assert!(problems.contains(&GridProblem::NonCanonicalEdge(EdgePos::horizontal(0, 0))));
        assert!(problems.contains(&GridProblem::VerticalPlatform(EdgePos::vertical(0, 0))));
        assert!(problems.contains(&GridProblem::OpenBoundary(EdgePos::vertical(0, 0))));
        let mut g = Grid::new(1, 1).expect("size");
        g.width = 0;
        assert_eq!(
            g.problems(),
            [GridProblem::BadSize {
                width: 0,
                height: 1
            }]
        );
    }
}
