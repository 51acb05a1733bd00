//! Small grids with portals, shared by the grid's tests, the level tests and
//! the tools. Each function documents its picture; cells are `(x, y)` with
//! `(0, 0)` bottom-left. The same scenes exist as level text in
//! [`crate::level::fixtures`].

use super::{CellKind, CellPos, Dir, Edge, EdgePos, Grid, Portal, PortalEnd};

fn end(x: i32, y: i32, side: Dir) -> PortalEnd {
    PortalEnd::new(CellPos::new(x, y), side)
}

/// Builds a fixture; the sizes and edits below are all in range.
fn build(width: usize, height: usize, rock: &[(i32, i32)], portals: &[Portal]) -> Grid {
    let Ok(mut g) = Grid::new(width, height) else {
        unreachable!("fixture sizes are within 1..=128")
    };
    for &(x, y) in rock {
        let c = CellPos::new(x, y);
        let made = g.set_cell(c, CellKind::Rock);
        debug_assert!(made.is_ok(), "fixture rock {c:?} is in the grid");
        for dir in Dir::ALL {
            // Boundary edges are already walls; inner ones become walls.
            let _ = g.set_edge(EdgePos::of(c, dir), Edge::SOLID);
        }
    }
    for &p in portals {
        let added = g.add_portal(p);
        debug_assert!(added.is_ok(), "fixture portal {p:?}: {added:?}");
    }
    debug_assert!(
        g.problems().is_empty(),
        "fixture is valid: {:?}",
        g.problems()
    );
    g
}

/// The two-cell loop-back room, no wall between its cells: cells
/// (0,0) and (1,0), the left wall of (0,0) glued straight to the right wall
/// of (1,0). Walking right forever visits (1,0), (0,0), (1,0), …
pub fn loop_back_room() -> Grid {
    build(
        2,
        1,
        &[],
        &[Portal::new(end(0, 0, Dir::Left), end(1, 0, Dir::Right))],
    )
}

/// Two rooms with rock between: room A is x 0..=1, room B x 3..=4, both two
/// cells high; column x = 2 is rock. The left wall of (3,1) (end 0) is a door
/// glued straight to the right wall of (1,0) (end 1). Ends are listed in the
/// level text's reading order (top row first), as the loader numbers them.
pub fn two_rooms() -> Grid {
    build(
        5,
        2,
        &[(2, 0), (2, 1)],
        &[Portal::new(end(3, 1, Dir::Left), end(1, 0, Dir::Right))],
    )
}

/// A shaft through a floor portal: air at (0,3), (0,2) and at (3,1), (3,0);
/// everything else rock. The floor of (0,2) is glued straight to the ceiling
/// of (3,1), so a fall from (0,3) passes (0,2), (3,1) and lands on (3,0).
pub fn floor_portal_shaft() -> Grid {
    let mut rock = Vec::new();
    for y in 0..4 {
        for x in 0..4 {
            let air = (x == 0 && y >= 2) || (x == 3 && y <= 1);
            if !air {
                rock.push((x, y));
            }
        }
    }
    build(
        4,
        4,
        &rock,
        &[Portal::new(end(0, 2, Dir::Down), end(3, 1, Dir::Up))],
    )
}

/// A horizontal edge glued to a vertical one: row y = 1 is a corridor of four
/// air cells over a row of rock. The outer right wall of (3,1) (end 0) is
/// glued to the floor of (0,1) (end 1): falling through the floor comes out
/// of the wall moving left (a clockwise quarter turn, end 1 to end 0), and
/// walking right into the wall comes up out of the floor (counter-clockwise).
pub fn rotating() -> Grid {
    build(
        4,
        2,
        &[(0, 0), (1, 0), (2, 0), (3, 0)],
        &[Portal::new(end(3, 1, Dir::Right), end(0, 1, Dir::Down))],
    )
}

/// A chain: four one-cell rooms stacked in a column, walled apart. Portal i
/// glues the right wall of (0,i) straight to the left wall of (0,i+1), so
/// walking right from (0,0) climbs the stack one room per step, through
/// portals 0, 1 and 2, and stops at the solid right wall of (0,3).
pub fn portal_chain() -> Grid {
    let Ok(mut g) = Grid::new(1, 4) else {
        unreachable!("1x4 is in range")
    };
    for y in 1..4 {
        let _ = g.set_edge(EdgePos::horizontal(0, y), Edge::SOLID);
    }
    for y in 0..3 {
        let added = g.add_portal(Portal::new(end(0, y, Dir::Right), end(0, y + 1, Dir::Left)));
        debug_assert!(added.is_ok());
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_fixture_is_valid() {
        for g in [
            loop_back_room(),
            two_rooms(),
            floor_portal_shaft(),
            rotating(),
            portal_chain(),
        ] {
            assert!(g.problems().is_empty(), "{:?}", g.problems());
            assert!(!g.portals().is_empty());
        }
    }
}
