//! GridView tests through portals: ASCII maps with portals in, the
//! regions seen out — the loop-back room, doors to other rooms, portals
//! seen through portals and from behind, floor and rotating portals.

use super::view_of;
use crate::grid::{fixtures, CellPos, Dir, EdgePos, Grid, Portal, PortalEnd};
use crate::view::*;

#[test]
fn loop_back_room_shows_the_actor_repeating_both_ways() {
    let grid = fixtures::loop_back_room();
    let origin = CellPos::new(0, 0);
    let view = view_of(&grid, origin, 6);
    // The room is one cell high: the row of the actor repeats forever.
    let positions = view.positions_of(origin);
    let want: Vec<ViewPos> = [-6, -4, -2, 0, 2, 4, 6]
        .iter()
        .map(|&x| ViewPos::new(x, 0))
        .collect();
    assert_eq!(positions, want, "{}", view.dump());
    let other = view.positions_of(CellPos::new(1, 0));
    assert_eq!(
        other,
        [-5, -3, -1, 1, 3, 5].map(|x| ViewPos::new(x, 0)).to_vec()
    );
    // Each copy further out is a different placement of the room.
    let ids: std::collections::BTreeSet<u8> = view.nodes().iter().map(|n| n.stencil_id).collect();
    assert_eq!(
        ids.len(),
        7,
        "own region + 3 wraps each way: {}",
        view.dump()
    );
    let row = view.map().lines().nth(6).unwrap().to_string();
    assert_eq!(row.len(), 13);
    assert_eq!(&row[6..7], "@");
    assert_eq!(&row[7..8], ".", "the other cell of the room, seen directly");
    assert!(
        row[8..].chars().all(|c| c.is_ascii_lowercase()),
        "copies through the portal: {row}"
    );
    // Nothing above or below: floor and ceiling are solid.
    assert!(view
        .map()
        .lines()
        .enumerate()
        .all(|(i, l)| i == 6 || l.trim().is_empty()));
    // Moving right is continuous across the portal.
    let at = |x: i32| view.node_indices_at(ViewPos::new(x, 0)).next().unwrap();
    assert!(
        view.connected(&grid, at(1), Dir::Right),
        "across the portal"
    );
    assert!(view.connected(&grid, at(2), Dir::Left));
    assert!(!view.connected(&grid, at(0), Dir::Up));
}

#[test]
fn a_door_to_another_room_shows_that_room_beside_this_one() {
    let grid = fixtures::two_rooms();
    // Room A: x 0..=1, room B: x 3..=4 (both 2 high); (1,0)'s right wall is
    // glued to (3,1)'s left wall. From (0,0), looking right through the door
    // we see room B's row 1 continue at view x = 2, 3 and above it nothing
    // but through the opening.
    let view = view_of(&grid, CellPos::new(0, 0), 4);
    assert_eq!(
        view.positions_of(CellPos::new(3, 1)),
        vec![ViewPos::new(2, 0)],
        "{}",
        view.dump()
    );
    assert_eq!(
        view.positions_of(CellPos::new(4, 1)),
        vec![ViewPos::new(3, 0)]
    );
    assert!(
        view.is_visible(&grid, CellPos::new(3, 0)),
        "row below the door seen at an angle"
    );
    assert_eq!(
        view.positions_of(CellPos::new(3, 0)),
        vec![ViewPos::new(2, -1)]
    );
    assert!(
        !view.is_visible(&grid, CellPos::new(2, 0)),
        "rock between the rooms"
    );
    assert_eq!(view.transforms().len(), 2);
    let through = view.transform_of(2).unwrap();
    assert_eq!(through.grid_cell(ViewPos::new(2, 0)), CellPos::new(3, 1));
}

#[test]
fn a_portal_seen_through_a_portal() {
    let grid = fixtures::portal_chain();
    // Four one-cell rooms stacked; walking right climbs one room per portal.
    let view = view_of(&grid, CellPos::new(0, 0), 4);
    for (x, y) in [(1, 1), (2, 2), (3, 3)] {
        assert_eq!(
            view.positions_of(CellPos::new(0, y)),
            vec![ViewPos::new(x, 0)],
            "{}",
            view.dump()
        );
    }
    assert_eq!(view.transforms().len(), 4, "one region per portal crossed");
    // The last room's right wall is solid: a shadow segment seen through
    // three portals, in region 4.
    assert!(view
        .shadows()
        .iter()
        .any(|s| s.stencil_id == 4 && s.edge == EdgePos::vertical(1, 3)));
}

#[test]
fn a_portal_seen_from_behind_leads_to_the_back_side() {
    // The loop-back room's portal edges are on the outer walls, so they can
    // only be seen from the front; put a free-standing portal in a room:
    // the edge between (2,1) and (3,1) is glued straight to the edge between
    // (2,3) and (3,3). Crossing it from the left arrives to the right of the
    // other end, crossing from the right arrives to its left.
    let mut grid = Grid::new(6, 5).unwrap();
    let a = PortalEnd::new(CellPos::new(2, 1), Dir::Right);
    let b = PortalEnd::new(CellPos::new(3, 3), Dir::Left);
    grid.add_portal(Portal::new(a, b)).unwrap();
    let from_left = view_of(&grid, CellPos::new(0, 1), 5);
    let from_right = view_of(&grid, CellPos::new(5, 1), 5);
    // From the left, looking straight right through the portal: the view
    // cell right beyond it shows the cell beyond the other end.
    let beyond_left = from_left
        .nodes_at(ViewPos::new(3, 0))
        .map(|n| n.cell)
        .collect::<Vec<_>>();
    assert!(
        beyond_left.contains(&CellPos::new(3, 3)),
        "{}",
        from_left.dump()
    );
    let beyond_right = from_right
        .nodes_at(ViewPos::new(-3, 0))
        .map(|n| n.cell)
        .collect::<Vec<_>>();
    assert!(
        beyond_right.contains(&CellPos::new(2, 3)),
        "{}",
        from_right.dump()
    );
    // Standing on top of the other end, (3,4), looking steeply down-left:
    // rays that graze the portal edge beside (3,3) cross it from its face and
    // come out beside the first end, so view cell (-1, -1) holds two slices —
    // (2,3) seen directly above the portal edge's top end, and (2,1) seen
    // through it.
    let grazing = view_of(&grid, CellPos::new(3, 4), 5);
    let slices: Vec<(CellPos, u8)> = grazing
        .nodes_at(ViewPos::new(-1, -1))
        .map(|n| (n.cell, n.stencil_id))
        .collect();
    assert!(
        slices.contains(&(CellPos::new(2, 3), 1)),
        "{}",
        grazing.dump()
    );
    assert!(
        slices.contains(&(CellPos::new(2, 1), 2)),
        "{}",
        grazing.dump()
    );
    assert_eq!(grazing.map_char(ViewPos::new(-1, -1)), '*');
}

#[test]
fn a_floor_portal_shows_the_shaft_continuing_below() {
    let grid = fixtures::floor_portal_shaft();
    // Air at (0,3), (0,2) and (3,1), (3,0); the floor of (0,2) is glued to
    // the ceiling of (3,1). From the top, looking down: the lower shaft
    // continues straight below.
    let view = view_of(&grid, CellPos::new(0, 3), 4);
    assert_eq!(
        view.positions_of(CellPos::new(3, 1)),
        vec![ViewPos::new(0, -2)],
        "{}",
        view.dump()
    );
    assert_eq!(
        view.positions_of(CellPos::new(3, 0)),
        vec![ViewPos::new(0, -3)]
    );
    let n = view.node_indices_at(ViewPos::new(0, -1)).next().unwrap();
    assert!(
        view.connected(&grid, n, Dir::Down),
        "falling through the floor portal is continuous"
    );
}

#[test]
fn a_rotating_portal_turns_the_far_side() {
    let grid = fixtures::rotating();
    // Corridor row y = 1; the floor of (0,1) is glued to the right wall of
    // (3,1). Looking down from (0,1) we see the corridor lying on its side.
    let view = view_of(&grid, CellPos::new(0, 1), 4);
    // (3,1) is seen along the corridor, right below through the floor, and
    // once more after the corridor turns again through the same portal.
    assert_eq!(
        view.positions_of(CellPos::new(3, 1)),
        vec![ViewPos::new(1, -4), ViewPos::new(0, -1), ViewPos::new(3, 0)],
        "{}",
        view.dump()
    );
    assert_eq!(
        view.positions_of(CellPos::new(2, 1)),
        vec![ViewPos::new(0, -2), ViewPos::new(2, 0)]
    );
    let region = view
        .nodes_at(ViewPos::new(0, -1))
        .next()
        .map(|n| n.stencil_id)
        .unwrap();
    let t = view.transform_of(region).unwrap();
    // Down in view is left in the grid there: a quarter turn.
    assert_eq!(t.view_to_grid.apply_dir(Dir::Down), Dir::Left);
    // Looking right along the corridor, the right wall's portal shows the
    // corridor's first cell again, coming up out of the floor.
    assert_eq!(
        view.nodes_at(ViewPos::new(4, 0)).next().map(|n| n.cell),
        Some(CellPos::new(0, 1))
    );
}

// ---------------------------------------------------------------------------
// Capacity, queries, reuse.
// ---------------------------------------------------------------------------
