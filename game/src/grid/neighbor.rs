//! Moving one cell: where a step in a direction really goes.
//!
//! [`Grid::step`] crosses the edge on side `dir` of a cell. SOLID edges, the
//! outside of the grid and rock stop it (`None`). OPEN and PLATFORM edges lead
//! to the Euclidean neighbour: this is connectivity only, and the rules
//! decide what a platform means for falling and standing (ask
//! [`Grid::edge_between`]). A PORTAL edge leads to the other end of its
//! portal (see [`super::portal`] for the gluing): from the face cell to the
//! other face cell, from the back cell to the other back cell, with the
//! direction turned by the portal's transform. Because every edge is glued
//! to at most one other, a step can be undone: if `step(c, d)` arrives at
//! `(c2, d2)`, then `step(c2, d2.opposite())` arrives at `(c, d.opposite())`.

use super::{CellPos, Dir, EdgePos, EdgeType, Grid};

/// Which portal a step went through.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct PortalCrossing {
    /// Index of the portal in the grid's table.
    pub portal: usize,
    /// The end that was entered (0 or 1); the step left by the other one.
    /// [`Portal::transform`](super::Portal::transform)`(from_end)` maps the
    /// near side's lattice onto the far side's, whichever side was crossed.
    pub from_end: usize,
    /// Whether the end was crossed from its back cell rather than its face.
    pub from_back: bool,
}

/// The outcome of one step.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Neighbor {
    /// The cell arrived in.
    pub cell: CellPos,
    /// The direction of travel on arrival.
    pub dir: Dir,
    /// The portal crossed, if any.
    pub portal: Option<PortalCrossing>,
}

impl Grid {
    /// Cross the edge on side `dir` of `cell`: where it arrives and with what
    /// direction, following portals. `None` when the way is a wall, leaves
    /// the grid, ends in rock, or `cell` itself is not an air cell.
    pub fn step(&self, cell: CellPos, dir: Dir) -> Option<Neighbor> {
        if !self.is_air(cell) {
            return None;
        }
        let edge_pos = EdgePos::of(cell, dir);
        let edge = self.edge(edge_pos)?;
        let arrived = match edge.edge_type() {
            EdgeType::Solid => return None,
            EdgeType::Open | EdgeType::Platform => Neighbor {
                cell: cell.step(dir),
                dir,
                portal: None,
            },
            EdgeType::Portal => {
                let index = edge.portal_index()?;
                let portal = self.portal(index)?;
                let from_end = portal.end_at(edge_pos)?;
                let (near, far) = portal.pair(from_end);
                let from_back = near.cell != cell;
                let (to, arrive) = if from_back {
                    (far.back_cell(), far.side)
                } else {
                    (far.cell, far.side.opposite())
                };
                Neighbor {
                    cell: to,
                    dir: arrive,
                    portal: Some(PortalCrossing {
                        portal: index,
                        from_end,
                        from_back,
                    }),
                }
            }
        };
        self.is_air(arrived.cell).then_some(arrived)
    }

    /// The cell one step in `dir` from `cell`, following portals, and the
    /// direction of arrival; `None` where [`Grid::step`] is.
    pub fn neighbor(&self, cell: CellPos, dir: Dir) -> Option<(CellPos, Dir)> {
        self.step(cell, dir).map(|s| (s.cell, s.dir))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{fixtures, CellKind, Edge, Portal, PortalEnd, PortalKind};

    fn c(x: i32, y: i32) -> CellPos {
        CellPos::new(x, y)
    }

    /// Every step must be reversible and agree with the portal transform.
    fn assert_consistent(g: &Grid) {
        for index in 0..g.cell_count() {
            let Some(cell) = g.cell_pos(index) else {
                continue;
            };
            for dir in Dir::ALL {
                let Some(s) = g.step(cell, dir) else { continue };
                let back = g.step(s.cell, s.dir.opposite());
                assert_eq!(
                    back.map(|b| (b.cell, b.dir)),
                    Some((cell, dir.opposite())),
                    "step {cell:?} {dir:?} -> {s:?} does not reverse"
                );
                if let Some(p) = s.portal {
                    let t = g.portals()[p.portal].transform(p.from_end);
                    assert_eq!(t.apply_cell(cell.step(dir)), s.cell, "{cell:?} {dir:?}");
                    assert_eq!(t.apply_dir(dir), s.dir);
                }
            }
        }
    }

    #[test]
    fn walking_right_in_the_loop_back_room_cycles_through_two_cells() {
        let g = fixtures::loop_back_room();
        let mut at = c(0, 0);
        let mut seen = Vec::new();
        for _ in 0..10 {
            let (next, dir) = g.neighbor(at, Dir::Right).expect("the room loops");
            assert_eq!(dir, Dir::Right);
            seen.push(next);
            at = next;
        }
        assert_eq!(seen, [c(1, 0), c(0, 0)].repeat(5));
        // Walking right out of the right cell goes through the portal.
        let s = g.step(c(1, 0), Dir::Right).expect("portal");
        assert!(s.portal.is_some());
        assert!(g.step(c(0, 0), Dir::Right).expect("open").portal.is_none());
        // Left works the same way round.
        assert_eq!(g.neighbor(c(0, 0), Dir::Left), Some((c(1, 0), Dir::Left)));
        // Floor and ceiling are walls.
        assert_eq!(g.neighbor(c(0, 0), Dir::Down), None);
        assert_eq!(g.neighbor(c(1, 0), Dir::Up), None);
        assert_consistent(&g);
    }

    #[test]
    fn a_door_portal_leads_into_another_room() {
        let g = fixtures::two_rooms();
        // Room A: cells x 0..=1; room B: cells x 3..=4, rock at x = 2. The
        // right wall of (1,0) is glued to the left wall of (3,1).
        assert_eq!(g.neighbor(c(1, 0), Dir::Right), Some((c(3, 1), Dir::Right)));
        assert_eq!(g.neighbor(c(3, 1), Dir::Left), Some((c(1, 0), Dir::Left)));
        // The rock in between is never entered.
        for y in 0..2 {
            assert_eq!(
                g.neighbor(c(1, y), Dir::Right).map(|n| n.0.x),
                if y == 0 { Some(3) } else { None }
            );
            assert_eq!(g.cell(c(2, y)), Some(CellKind::Rock));
        }
        assert_consistent(&g);
    }

    #[test]
    fn falling_through_a_floor_portal_continues_down_elsewhere() {
        let g = fixtures::floor_portal_shaft();
        // The floor of (0,2) is glued to the ceiling of (3,1).
        assert_eq!(
            g.edge_between(c(0, 2), Dir::Down).map(|e| e.edge_type()),
            Some(EdgeType::Portal)
        );
        let mut at = c(0, 3);
        let mut path = vec![at];
        while let Some((next, dir)) = g.neighbor(at, Dir::Down) {
            assert_eq!(dir, Dir::Down);
            path.push(next);
            at = next;
        }
        assert_eq!(path, [c(0, 3), c(0, 2), c(3, 1), c(3, 0)]);
        // Climbing back up goes back through it.
        assert_eq!(g.neighbor(c(3, 1), Dir::Up), Some((c(0, 2), Dir::Up)));
        assert_consistent(&g);
    }

    #[test]
    fn a_flip_portal_sends_you_back_out_the_other_way() {
        // Two floors, both entered from above: fall into one, rise out of the other.
        let mut g = Grid::new(3, 2).expect("size");
        let a = PortalEnd::new(c(0, 1), Dir::Down);
        let b = PortalEnd::new(c(2, 1), Dir::Down);
        g.add_portal(Portal::new(a, b)).expect("portal");
        assert_eq!(g.portals()[0].kind(), PortalKind::Flip);
        assert_eq!(g.neighbor(c(0, 1), Dir::Down), Some((c(2, 1), Dir::Up)));
        assert_eq!(g.neighbor(c(2, 1), Dir::Down), Some((c(0, 1), Dir::Up)));
        // From the back side (below), rising into one comes down out of the other.
        assert_eq!(g.neighbor(c(0, 0), Dir::Up), Some((c(2, 0), Dir::Down)));
        assert!(g.portals()[0].transform(0).is_mirror());
        assert_consistent(&g);
    }

    #[test]
    fn a_straight_portal_between_two_floors_keeps_you_falling() {
        let mut g = Grid::new(3, 2).expect("size");
        let a = PortalEnd::new(c(0, 1), Dir::Down);
        let b = PortalEnd::new(c(2, 0), Dir::Up);
        g.add_portal(Portal::new(a, b)).expect("portal");
        assert_eq!(g.portals()[0].kind(), PortalKind::Straight);
        assert_eq!(g.neighbor(c(0, 1), Dir::Down), Some((c(2, 0), Dir::Down)));
        assert_eq!(g.neighbor(c(0, 0), Dir::Up), Some((c(2, 1), Dir::Up)));
        assert_consistent(&g);
    }

    #[test]
    fn a_floor_portal_into_a_wall_rotates_the_direction() {
        let g = fixtures::rotating();
        // Falling through the floor of (0,1) comes out of the right wall of
        // (3,1) moving left: a clockwise quarter turn.
        assert_eq!(g.neighbor(c(0, 1), Dir::Down), Some((c(3, 1), Dir::Left)));
        assert_eq!(g.portals()[0].kind_from(1), PortalKind::Cw);
        // Walking right into that wall comes up out of the floor.
        assert_eq!(g.neighbor(c(3, 1), Dir::Right), Some((c(0, 1), Dir::Up)));
        assert_eq!(g.portals()[0].kind_from(0), PortalKind::Ccw);
        let from_floor = g.portals()[0].transform(1);
        assert!(!from_floor.is_mirror());
        assert_eq!(from_floor.apply_dir(Dir::Down), Dir::Left);
        assert_eq!(from_floor.apply_dir(Dir::Right), Dir::Down);
        assert_consistent(&g);
    }

    #[test]
    fn chains_of_portals_are_followed_one_edge_at_a_time() {
        let g = fixtures::portal_chain();
        // Walking right from (0,0) crosses portal 0, 1, 2 in turn, each
        // arriving in the next room up, and stops at the last solid wall.
        let mut at = c(0, 0);
        let mut path = vec![at];
        let mut crossed = Vec::new();
        while let Some(s) = g.step(at, Dir::Right) {
            assert_eq!(s.dir, Dir::Right);
            crossed.push(s.portal);
            path.push(s.cell);
            at = s.cell;
            assert!(path.len() < 10, "the chain ends");
        }
        assert_eq!(path, [c(0, 0), c(0, 1), c(0, 2), c(0, 3)]);
        assert_eq!(
            crossed
                .iter()
                .map(|p| p.map(|p| p.portal))
                .collect::<Vec<_>>(),
            [Some(0), Some(1), Some(2)]
        );
        // Composing the transforms along the way maps the straight-line
        // (virtual) path (k, 0) onto the real cells, as the GridView will.
        let mut total = crate::grid::CellTransform::IDENTITY;
        for (k, p) in crossed.iter().enumerate() {
            let p = p.expect("each step crossed a portal");
            total = total.then(&g.portals()[p.portal].transform(p.from_end));
            assert_eq!(total.apply_cell(c(k as i32 + 1, 0)), path[k + 1]);
        }
        assert_consistent(&g);
    }

    #[test]
    fn solid_rock_and_outside_stop_a_step() {
        let mut g = Grid::new(2, 2).expect("size");
        g.set_edge(EdgePos::vertical(1, 0), Edge::SOLID)
            .expect("wall");
        assert_eq!(g.neighbor(c(0, 0), Dir::Right), None);
        assert_eq!(g.neighbor(c(0, 1), Dir::Right), Some((c(1, 1), Dir::Right)));
        g.set_cell(c(1, 1), CellKind::Rock).expect("rock");
        assert_eq!(g.neighbor(c(0, 1), Dir::Right), None);
        assert_eq!(g.neighbor(c(1, 1), Dir::Left), None);
        assert_eq!(g.neighbor(c(5, 5), Dir::Left), None);
        g.set_edge(EdgePos::horizontal(0, 1), Edge::PLATFORM)
            .expect("platform");
        assert_eq!(g.neighbor(c(0, 0), Dir::Up), Some((c(0, 1), Dir::Up)));
        assert_eq!(g.edge_between(c(0, 1), Dir::Down), Some(Edge::PLATFORM));
    }

    #[test]
    fn a_back_cell_outside_the_grid_makes_the_back_crossing_a_wall() {
        // Portal between an inner floor (both sides air) and an outer wall
        // (one side outside): crossing the inner floor from below would need
        // the outside of the wall, so it is blocked.
        let mut g = Grid::new(2, 2).expect("size");
        let a = PortalEnd::new(c(0, 1), Dir::Down);
        let b = PortalEnd::new(c(1, 0), Dir::Right);
        g.add_portal(Portal::new(a, b)).expect("portal");
        assert_eq!(g.neighbor(c(0, 1), Dir::Down), Some((c(1, 0), Dir::Left)));
        assert_eq!(g.neighbor(c(0, 0), Dir::Up), None);
        assert_consistent(&g);
    }

    #[test]
    fn random_portal_grids_step_consistently() {
        // A seeded generator: random sizes, rock, walls and portals; every
        // step must reverse and agree with the transforms.
        let mut seed = 0x9E37_79B9_7F4A_7C15_u64;
        let mut next = move |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let mut portals = 0;
        for _ in 0..300 {
            let w = 1 + next(6) as usize;
            let h = 1 + next(6) as usize;
            let mut g = Grid::new(w, h).expect("size");
            for _ in 0..next(8) {
                let cell = c(next(w as u64) as i32, next(h as u64) as i32);
                let dir = Dir::ALL[next(4) as usize];
                let _ = g.set_edge(EdgePos::of(cell, dir), Edge::SOLID);
            }
            for _ in 0..next(10) {
                let a = PortalEnd::new(
                    c(next(w as u64) as i32, next(h as u64) as i32),
                    Dir::ALL[next(4) as usize],
                );
                let b = PortalEnd::new(
                    c(next(w as u64) as i32, next(h as u64) as i32),
                    Dir::ALL[next(4) as usize],
                );
                let _ = g.add_portal(Portal::new(a, b));
            }
            assert!(g.problems().is_empty(), "{:?}", g.problems());
            assert_consistent(&g);
            portals += g.portals().len();
        }
        assert!(portals > 300, "the generator makes portals ({portals})");
    }
}
