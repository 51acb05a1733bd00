//! Grid edits the level editor needs beyond painting: taking a portal out
//! (renumbering the rest), refitting a portal's faces, and resizing.
//!
//! Each keeps a valid grid valid ([`Grid::problems`] stays empty): a
//! removed portal's edges become walls; a resized grid walls its new outer
//! boundary and fills new cells with walled-in rock; portals cut by a
//! resize are dropped.

use super::{
    CellKind, CellPos, Dir, Edge, EdgePos, EdgeType, Grid, GridError, Orientation, Portal,
};

impl Grid {
    /// Removes portal `index`: its two edges become SOLID and every portal
    /// edge naming a later portal is renumbered one down. Returns it.
    pub fn remove_portal(&mut self, index: usize) -> Result<Portal, GridError> {
        if index >= self.portals.len() {
            return Err(GridError::NoSuchPortal(index));
        }
        let portal = self.portals.remove(index);
        for edge in self.h_edges.iter_mut().chain(self.v_edges.iter_mut()) {
            match edge.portal_index() {
                Some(i) if i == index => *edge = Edge::SOLID,
                Some(i) if i > index => {
                    *edge = Edge::portal(i - 1).unwrap_or(Edge::SOLID);
                }
                _ => {}
            }
        }
        Ok(portal)
    }

    /// Replaces portal `index` with `portal`, which must join the same two
    /// edges (in either order): only the faces (and so the kind) change.
    pub fn set_portal(&mut self, index: usize, portal: Portal) -> Result<(), GridError> {
        let old = *self
            .portals
            .get(index)
            .ok_or(GridError::NoSuchPortal(index))?;
        let mut a = old.ends.map(|e| e.edge());
        let mut b = portal.ends.map(|e| e.edge());
        a.sort();
        b.sort();
        if a != b {
            return Err(GridError::EdgeTaken(portal.ends[0].edge()));
        }
        self.portals[index] = portal;
        Ok(())
    }

    /// The grid grown (positive counts) or cropped (negative) by `left`,
    /// `right`, `bottom` and `top` cells. Old cell `(x, y)` lands at
    /// `(x + left, y + bottom)`; cells and edges that still fit are kept;
    /// new cells are rock, walled in; the new outer boundary is walled.
    /// A portal is kept (renumbered in order) when both its edges and both
    /// face cells are still inside; the others are dropped, their edges
    /// walled. Returns the grid and the old indices of dropped portals.
    pub fn resized(
        &self,
        left: i32,
        right: i32,
        bottom: i32,
        top: i32,
    ) -> Result<(Grid, Vec<usize>), GridError> {
        let w = self.width() as i64 + i64::from(left) + i64::from(right);
        let h = self.height() as i64 + i64::from(bottom) + i64::from(top);
        let bad = || GridError::BadSize {
            width: w.max(0) as usize,
            height: h.max(0) as usize,
        };
        if w < 1 || h < 1 {
            return Err(bad());
        }
        let mut out = Grid::new(w as usize, h as usize).map_err(|_| bad())?;
        // Everything starts as walled rock; kept cells and edges overwrite.
        out.cells.fill(CellKind::Rock);
        out.h_edges.fill(Edge::SOLID);
        out.v_edges.fill(Edge::SOLID);
        let shift = |c: CellPos| CellPos::new(c.x + left, c.y + bottom);
        for i in 0..self.cell_count() {
            if let (Some(c), Some(&kind)) = (self.cell_pos(i), self.cells.get(i)) {
                let _ = out.set_cell(shift(c), kind);
            }
        }
        let moved = |e: EdgePos| EdgePos {
            orientation: e.orientation,
            x: e.x + left,
            y: e.y + bottom,
        };
        let (ow, oh) = (self.width() as i32, self.height() as i32);
        let old_edges = (0..=oh)
            .flat_map(|y| (0..ow).map(move |x| EdgePos::horizontal(x, y)))
            .chain((0..oh).flat_map(|y| (0..=ow).map(move |x| EdgePos::vertical(x, y))));
        for e in old_edges {
            let Some(edge) = self.edge(e) else { continue };
            if edge.edge_type() == EdgeType::Portal {
                continue;
            }
            let to = moved(e);
            if let Some(slot) = out.edge_mut(to) {
                *slot = edge;
            }
        }
        // Portals whose edges and faces survive.
        let mut dropped = Vec::new();
        for (i, p) in self.portals.iter().enumerate() {
            let ends = p
                .ends
                .map(|end| super::PortalEnd::new(shift(end.cell), end.side));
            let fits = ends
                .iter()
                .all(|end| out.contains(end.cell) && out.contains_edge(end.edge()));
            if !fits || out.add_portal(Portal::new(ends[0], ends[1])).is_err() {
                dropped.push(i);
            }
        }
        // Seal: the boundary and every edge beside rock is a wall.
        let (nw, nh) = (w as i32, h as i32);
        let all = (0..=nh)
            .flat_map(|y| (0..nw).map(move |x| EdgePos::horizontal(x, y)))
            .chain((0..nh).flat_map(|y| (0..=nw).map(move |x| EdgePos::vertical(x, y))));
        for e in all {
            let (a, b) = e.sides();
            let must = !out.is_air(a) || !out.is_air(b);
            if let Some(slot) = out.edge_mut(e) {
                if must && !matches!(slot.edge_type(), EdgeType::Portal | EdgeType::Solid) {
                    *slot = Edge::SOLID;
                }
                if slot.edge_type() == EdgeType::Platform && e.orientation == Orientation::Vertical
                {
                    *slot = Edge::SOLID;
                }
            }
        }
        let _ = Dir::ALL;
        Ok((out, dropped))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{fixtures, PortalEnd};
    use crate::rng::SplitMix64;

    #[test]
    fn removing_a_portal_walls_its_edges_and_renumbers_the_rest() {
        let mut g = Grid::new(4, 2).expect("size");
        let p0 = Portal::new(
            PortalEnd::new(CellPos::new(0, 0), Dir::Down),
            PortalEnd::new(CellPos::new(0, 1), Dir::Up),
        );
        let p1 = Portal::new(
            PortalEnd::new(CellPos::new(2, 0), Dir::Down),
            PortalEnd::new(CellPos::new(3, 1), Dir::Up),
        );
        g.add_portal(p0).expect("fits");
        g.add_portal(p1).expect("fits");
        assert_eq!(g.remove_portal(0), Ok(p0));
        assert_eq!(g.edge(p0.ends[0].edge()), Some(Edge::SOLID));
        assert_eq!(
            g.edge(p1.ends[0].edge()).and_then(Edge::portal_index),
            Some(0)
        );
        assert!(g.problems().is_empty(), "{:?}", g.problems());
        assert_eq!(g.remove_portal(5), Err(GridError::NoSuchPortal(5)));
        let flipped = Portal::new(p1.ends[1], p1.ends[0]);
        assert_eq!(g.set_portal(0, flipped), Ok(()));
        assert!(g.set_portal(0, p0).is_err(), "other edges");
    }

    #[test]
    fn growing_then_cropping_back_gives_the_grid_back() {
        let mut rng = SplitMix64::new(42);
        for g in [
            fixtures::loop_back_room(),
            fixtures::two_rooms(),
            fixtures::floor_portal_shaft(),
            fixtures::rotating(),
        ] {
            for _ in 0..20 {
                let d: Vec<i32> = (0..4).map(|_| rng.below(3) as i32).collect();
                let (big, dropped) = g.resized(d[0], d[1], d[2], d[3]).expect("fits");
                assert!(dropped.is_empty());
                assert!(big.problems().is_empty(), "{:?}", big.problems());
                assert_eq!(
                    big.cell(CellPos::new(d[0], d[2])),
                    g.cell(CellPos::new(0, 0))
                );
                let (back, dropped) = big.resized(-d[0], -d[1], -d[2], -d[3]).expect("fits");
                assert!(dropped.is_empty());
                assert_eq!(back, g);
            }
            // Any crop that leaves a grid leaves a valid one.
            for _ in 0..20 {
                let d: Vec<i32> = (0..4).map(|_| -(rng.below(2) as i32)).collect();
                if let Ok((small, _)) = g.resized(d[0], d[1], d[2], d[3]) {
                    assert!(small.problems().is_empty(), "{:?}", small.problems());
                }
            }
        }
        assert!(Grid::new(2, 2).expect("size").resized(-2, 0, 0, 0).is_err());
        assert!(Grid::new(2, 2)
            .expect("size")
            .resized(0, 127, 0, 0)
            .is_err());
    }
}
