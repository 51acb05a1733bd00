//! The level geometry: cells, the edges between them, and the portals that
//! glue edges together (`docs/DATA-STRUCTURES.md`, "Grid and portals").
//!
//! A [`Grid`] is W×H cells (1..=128 each way), `x` right, `y` up, gravity
//! towards −y. Solidity lives on edges, one byte each ([`Edge`]): a
//! horizontal array of `W×(H+1)` edges (floors and ceilings, the outer top and
//! bottom included) and a vertical array of `(W+1)×H` edges (walls, the outer
//! left and right included). Cells are air or rock ([`CellKind`]). Up to 64
//! [`Portal`]s each glue two edges; a PORTAL edge's index bits name its
//! portal.
//!
//! Invariants of a valid grid (checked by [`Grid::problems`]): the array
//! lengths match the size; outer edges and edges beside rock are SOLID or
//! PORTAL; platforms are horizontal; every PORTAL edge is an end of the
//! portal its index names, and every portal end is such an edge with an air
//! face cell; the two ends of a portal are different edges.
//!
//! Data flow: the level loader builds a grid and checks it; the rules ask
//! [`Grid::neighbor`] / [`Grid::step`] where a move goes and
//! [`Grid::edge_between`] what they stand on; the GridView and the renderer
//! use [`Portal::transform`] to line up what lies beyond a portal.

pub mod cell;
pub mod dir;
pub mod edge;
pub mod fixtures;
pub mod neighbor;
pub mod portal;
pub mod reshape;
pub mod transform;
pub mod validate;

pub use cell::{CellKind, CellPos};
pub use dir::{Dir, Orientation};
pub use edge::{Edge, EdgePos, EdgeType, MAX_PORTALS};
pub use neighbor::{Neighbor, PortalCrossing};
pub use portal::{Portal, PortalEnd, PortalKind};
pub use transform::CellTransform;
pub use validate::GridProblem;

use serde::{Deserialize, Serialize};
use std::fmt;

/// The most cells along either axis.
pub const MAX_SIZE: usize = 128;

/// Why a grid edit was refused. Small and `Copy` so an editor can show it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GridError {
    /// Width or height outside 1..=128.
    BadSize {
        /// Requested width in cells.
        width: usize,
        /// Requested height in cells.
        height: usize,
    },
    /// The cell is not in the grid.
    CellOutside(CellPos),
    /// The edge is not in the grid.
    EdgeOutside(EdgePos),
    /// Platforms are floors: only horizontal edges can be platforms.
    VerticalPlatform(EdgePos),
    /// PORTAL edges are made by [`Grid::add_portal`], not set directly.
    PortalBySetEdge(EdgePos),
    /// The grid already has 64 portals.
    TooManyPortals,
    /// Both ends of the portal are the same edge.
    SameEdge(EdgePos),
    /// The edge already belongs to a portal.
    EdgeTaken(EdgePos),
    /// There is no portal with this index.
    NoSuchPortal(usize),
}

impl fmt::Display for GridError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GridError::BadSize { width, height } => write!(
                f,
                "a {width}x{height} grid (expected 1 to {MAX_SIZE} cells each way)"
            ),
            GridError::CellOutside(c) => write!(f, "cell {c} is outside the grid"),
            GridError::EdgeOutside(e) => write!(f, "{e} is outside the grid"),
            GridError::VerticalPlatform(e) => {
                write!(f, "{e} cannot be a platform (only horizontal edges can)")
            }
            GridError::PortalBySetEdge(e) => {
                write!(f, "{e}: portal edges are made by adding a portal")
            }
            GridError::TooManyPortals => write!(
                f,
                "already {MAX_PORTALS} portals (the most a grid can have)"
            ),
            GridError::SameEdge(e) => write!(f, "both ends of the portal are {e}"),
            GridError::EdgeTaken(e) => write!(f, "{e} already belongs to a portal"),
            GridError::NoSuchPortal(i) => write!(f, "there is no portal {i}"),
        }
    }
}

/// Cells, edges and portals of one level (see the module docs).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Grid {
    /// Cells along x, 1..=128.
    width: u16,
    /// Cells along y, 1..=128.
    height: u16,
    /// One per cell, index `y * width + x`.
    cells: Vec<CellKind>,
    /// Horizontal edges, index `y * width + x` for `y` in `0..=height`.
    h_edges: Vec<Edge>,
    /// Vertical edges, index `y * (width + 1) + x` for `x` in `0..=width`.
    v_edges: Vec<Edge>,
    /// The portal table; PORTAL edges index it. May be empty.
    portals: Vec<Portal>,
}

impl Grid {
    /// A `width`×`height` grid of air, walled all round, open inside.
    pub fn new(width: usize, height: usize) -> Result<Grid, GridError> {
        if !(1..=MAX_SIZE).contains(&width) || !(1..=MAX_SIZE).contains(&height) {
            return Err(GridError::BadSize { width, height });
        }
        let mut grid = Grid {
            width: width as u16,
            height: height as u16,
            cells: vec![CellKind::Air; width * height],
            h_edges: vec![Edge::OPEN; width * (height + 1)],
            v_edges: vec![Edge::OPEN; (width + 1) * height],
            portals: Vec::new(),
        };
        for x in 0..width {
            grid.h_edges[x] = Edge::SOLID;
            grid.h_edges[height * width + x] = Edge::SOLID;
        }
        for y in 0..height {
            grid.v_edges[y * (width + 1)] = Edge::SOLID;
            grid.v_edges[y * (width + 1) + width] = Edge::SOLID;
        }
        Ok(grid)
    }

    /// Cells along x.
    pub fn width(&self) -> usize {
        self.width as usize
    }

    /// Cells along y.
    pub fn height(&self) -> usize {
        self.height as usize
    }

    /// Number of cells, `width * height`.
    pub fn cell_count(&self) -> usize {
        self.width() * self.height()
    }

    /// Whether `c` is a cell of the grid.
    pub fn contains(&self, c: CellPos) -> bool {
        c.x >= 0 && c.y >= 0 && (c.x as usize) < self.width() && (c.y as usize) < self.height()
    }

    /// The index of cell `c` (`y * width + x`), if it is in the grid.
    pub fn cell_index(&self, c: CellPos) -> Option<usize> {
        self.contains(c)
            .then(|| c.y as usize * self.width() + c.x as usize)
    }

    /// The cell at index `index`, if it is below [`Grid::cell_count`].
    pub fn cell_pos(&self, index: usize) -> Option<CellPos> {
        (index < self.cell_count())
            .then(|| CellPos::new((index % self.width()) as i32, (index / self.width()) as i32))
    }

    /// What fills cell `c`; `None` outside the grid.
    pub fn cell(&self, c: CellPos) -> Option<CellKind> {
        self.cell_index(c).and_then(|i| self.cells.get(i).copied())
    }

    /// Whether `c` is an air cell of the grid (somewhere a Thing may be).
    pub fn is_air(&self, c: CellPos) -> bool {
        self.cell(c) == Some(CellKind::Air)
    }

    /// Fill cell `c` with `kind`. Does not touch edges: a caller making rock
    /// should also wall it in (see [`Grid::problems`]).
    pub fn set_cell(&mut self, c: CellPos, kind: CellKind) -> Result<(), GridError> {
        let i = self.cell_index(c).ok_or(GridError::CellOutside(c))?;
        match self.cells.get_mut(i) {
            Some(slot) => {
                *slot = kind;
                Ok(())
            }
            None => Err(GridError::CellOutside(c)),
        }
    }

    /// All cells, index `y * width + x`.
    pub fn cells(&self) -> &[CellKind] {
        &self.cells
    }

    /// The horizontal edge array, index `y * width + x`, `y` in `0..=height`.
    pub fn h_edges(&self) -> &[Edge] {
        &self.h_edges
    }

    /// The vertical edge array, index `y * (width + 1) + x`, `x` in `0..=width`.
    pub fn v_edges(&self) -> &[Edge] {
        &self.v_edges
    }

    /// The portal table.
    pub fn portals(&self) -> &[Portal] {
        &self.portals
    }

    /// Portal `index`, if there is one.
    pub fn portal(&self, index: usize) -> Option<&Portal> {
        self.portals.get(index)
    }

    /// Where edge `e` is stored: which array and the index in it.
    fn edge_slot(&self, e: EdgePos) -> Option<(Orientation, usize)> {
        let (w, h) = (self.width() as i64, self.height() as i64);
        let (x, y) = (e.x as i64, e.y as i64);
        match e.orientation {
            Orientation::Horizontal => ((0..w).contains(&x) && (0..=h).contains(&y))
                .then(|| (Orientation::Horizontal, (y * w + x) as usize)),
            Orientation::Vertical => ((0..=w).contains(&x) && (0..h).contains(&y))
                .then(|| (Orientation::Vertical, (y * (w + 1) + x) as usize)),
        }
    }

    /// Whether `e` is an edge of the grid (outer boundary included).
    pub fn contains_edge(&self, e: EdgePos) -> bool {
        self.edge_slot(e).is_some()
    }

    /// The edge at `e`; `None` outside the grid.
    pub fn edge(&self, e: EdgePos) -> Option<Edge> {
        match self.edge_slot(e)? {
            (Orientation::Horizontal, i) => self.h_edges.get(i).copied(),
            (Orientation::Vertical, i) => self.v_edges.get(i).copied(),
        }
    }

    /// The edge on side `dir` of cell `c` ("what is below me" is
    /// `edge_between(c, Dir::Down)`); `None` when `c` is outside the grid.
    pub fn edge_between(&self, c: CellPos, dir: Dir) -> Option<Edge> {
        if self.contains(c) {
            self.edge(EdgePos::of(c, dir))
        } else {
            None
        }
    }

    pub(crate) fn edge_mut(&mut self, e: EdgePos) -> Option<&mut Edge> {
        match self.edge_slot(e)? {
            (Orientation::Horizontal, i) => self.h_edges.get_mut(i),
            (Orientation::Vertical, i) => self.v_edges.get_mut(i),
        }
    }

    /// Make edge `e` OPEN, SOLID or PLATFORM. Refuses portal edges (use
    /// [`Grid::add_portal`]), vertical platforms and edges outside the grid.
    /// Overwriting a portal's edge is refused too, so the table stays whole.
    pub fn set_edge(&mut self, e: EdgePos, edge: Edge) -> Result<(), GridError> {
        if edge.edge_type() == EdgeType::Portal {
            return Err(GridError::PortalBySetEdge(e));
        }
        if edge.edge_type() == EdgeType::Platform && e.orientation == Orientation::Vertical {
            return Err(GridError::VerticalPlatform(e));
        }
        let slot = self.edge_mut(e).ok_or(GridError::EdgeOutside(e))?;
        if slot.edge_type() == EdgeType::Portal {
            return Err(GridError::EdgeTaken(e));
        }
        *slot = Edge::from_byte(edge.byte() & 0b11);
        Ok(())
    }

    /// Add `portal` and turn its two edges into PORTAL edges naming it.
    /// Returns the new portal's index. The face cells are not checked here;
    /// [`Grid::problems`] reports a face in rock or outside the grid.
    pub fn add_portal(&mut self, portal: Portal) -> Result<usize, GridError> {
        let index = self.portals.len();
        let edge = Edge::portal(index).ok_or(GridError::TooManyPortals)?;
        let [a, b] = portal.ends.map(|end| end.edge());
        if a == b {
            return Err(GridError::SameEdge(a));
        }
        for e in [a, b] {
            match self.edge(e) {
                None => return Err(GridError::EdgeOutside(e)),
                Some(old) if old.edge_type() == EdgeType::Portal => {
                    return Err(GridError::EdgeTaken(e))
                }
                Some(_) => {}
            }
        }
        for e in [a, b] {
            if let Some(slot) = self.edge_mut(e) {
                *slot = edge;
            }
        }
        self.portals.push(portal);
        Ok(index)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_grid_is_walled_air_with_boundary_edges_stored() {
        let g = Grid::new(3, 2).expect("size is fine");
        assert_eq!((g.width(), g.height(), g.cell_count()), (3, 2, 6));
        assert_eq!(g.h_edges().len(), 3 * 3);
        assert_eq!(g.v_edges().len(), 4 * 2);
        assert_eq!(
            g.edge_between(CellPos::new(0, 0), Dir::Down),
            Some(Edge::SOLID)
        );
        assert_eq!(
            g.edge_between(CellPos::new(2, 1), Dir::Up),
            Some(Edge::SOLID)
        );
        assert_eq!(
            g.edge_between(CellPos::new(2, 1), Dir::Right),
            Some(Edge::SOLID)
        );
        assert_eq!(
            g.edge_between(CellPos::new(0, 1), Dir::Left),
            Some(Edge::SOLID)
        );
        assert_eq!(
            g.edge_between(CellPos::new(1, 0), Dir::Up),
            Some(Edge::OPEN)
        );
        assert_eq!(
            g.edge_between(CellPos::new(1, 0), Dir::Right),
            Some(Edge::OPEN)
        );
        assert_eq!(g.edge_between(CellPos::new(3, 0), Dir::Left), None);
        assert!(g.problems().is_empty(), "{:?}", g.problems());
    }

    #[test]
    fn size_limits_are_enforced() {
        assert!(Grid::new(128, 128).is_ok());
        assert_eq!(
            Grid::new(129, 1),
            Err(GridError::BadSize {
                width: 129,
                height: 1
            })
        );
        assert!(Grid::new(0, 5).is_err());
    }

    #[test]
    fn cell_indices_are_row_major_from_the_bottom() {
        let g = Grid::new(4, 3).expect("size is fine");
        assert_eq!(g.cell_index(CellPos::new(1, 2)), Some(9));
        assert_eq!(g.cell_pos(9), Some(CellPos::new(1, 2)));
        assert_eq!(g.cell_index(CellPos::new(4, 0)), None);
        assert_eq!(g.cell_index(CellPos::new(0, -1)), None);
        assert_eq!(g.cell_pos(12), None);
    }

    #[test]
    fn set_edge_refuses_what_would_break_invariants() {
        let mut g = Grid::new(2, 2).expect("size is fine");
        let wall = EdgePos::vertical(1, 0);
        assert_eq!(
            g.set_edge(wall, Edge::PLATFORM),
            Err(GridError::VerticalPlatform(wall))
        );
        let p = Edge::portal(0).expect("fits");
        assert_eq!(g.set_edge(wall, p), Err(GridError::PortalBySetEdge(wall)));
        let far = EdgePos::vertical(5, 0);
        assert_eq!(
            g.set_edge(far, Edge::SOLID),
            Err(GridError::EdgeOutside(far))
        );
        g.set_edge(wall, Edge::SOLID).expect("inner wall");
        assert_eq!(g.edge(wall), Some(Edge::SOLID));
    }

    #[test]
    fn add_portal_marks_both_edges_and_refuses_reuse() {
        let mut g = Grid::new(2, 1).expect("size is fine");
        let a = PortalEnd::new(CellPos::new(0, 0), Dir::Left);
        let b = PortalEnd::new(CellPos::new(1, 0), Dir::Right);
        assert_eq!(g.add_portal(Portal::new(a, b)), Ok(0));
        assert_eq!(g.edge(a.edge()).and_then(Edge::portal_index), Some(0));
        assert_eq!(g.edge(b.edge()).and_then(Edge::portal_index), Some(0));
        assert_eq!(
            g.add_portal(Portal::new(a, b)),
            Err(GridError::EdgeTaken(a.edge()))
        );
        assert_eq!(
            g.set_edge(a.edge(), Edge::SOLID),
            Err(GridError::EdgeTaken(a.edge()))
        );
        let c = PortalEnd::new(CellPos::new(0, 0), Dir::Up);
        assert_eq!(
            g.add_portal(Portal::new(c, c)),
            Err(GridError::SameEdge(c.edge()))
        );
    }

    #[test]
    fn sixty_five_portals_do_not_fit() {
        let mut g = Grid::new(128, 1).expect("size is fine");
        for i in 0..64 {
            // Each portal joins the floor and the ceiling of one cell.
            let a = PortalEnd::new(CellPos::new(i, 0), Dir::Down);
            let b = PortalEnd::new(CellPos::new(i, 0), Dir::Up);
            assert_eq!(g.add_portal(Portal::new(a, b)), Ok(i as usize));
        }
        let a = PortalEnd::new(CellPos::new(100, 0), Dir::Down);
        let b = PortalEnd::new(CellPos::new(100, 0), Dir::Up);
        assert_eq!(
            g.add_portal(Portal::new(a, b)),
            Err(GridError::TooManyPortals)
        );
    }
}
