//! GridView tests: ASCII maps in, expected visibility out; and properties
//! over random portal-free maps checked against a brute-force exact
//! line-of-sight oracle. The helpers are here; under `tests/`: portals
//! (`portal`), the sight fingerprint (`fingerprint`), running out of stencil
//! ids (`id_budget`), the order of overflow (`overflow_order`) and the two
//! walks (`walk`).

mod fingerprint;
mod id_budget;
mod overflow_order;
mod portal;
mod walk;

use super::*;
use crate::grid::{CellKind, CellPos, Dir, Edge, EdgePos, EdgeType, Grid, Portal, PortalEnd};
use crate::rng::SplitMix64;

/// A grid from an ASCII map, top row first: `.` air, `#` rock (walled all
/// round), `@` the actor (air). Returns the grid and the actor's cell.
fn parse_map(rows: &[&str]) -> (Grid, CellPos) {
    let height = rows.len();
    let width = rows.iter().map(|r| r.len()).max().unwrap_or(0);
    let mut grid = Grid::new(width, height).expect("map size");
    let mut origin = CellPos::new(0, 0);
    for (row, line) in rows.iter().enumerate() {
        let y = (height - 1 - row) as i32;
        for (x, ch) in line.chars().enumerate() {
            let c = CellPos::new(x as i32, y);
            match ch {
                '.' => {}
                '@' => origin = c,
                '#' => make_rock(&mut grid, c),
                other => panic!("unknown map character {other:?}"),
            }
        }
    }
    (grid, origin)
}

fn make_rock(grid: &mut Grid, c: CellPos) {
    grid.set_cell(c, CellKind::Rock).expect("in grid");
    for dir in Dir::ALL {
        let _ = grid.set_edge(EdgePos::of(c, dir), Edge::SOLID);
    }
}

pub(super) fn view_of(grid: &Grid, origin: CellPos, radius: u32) -> GridView {
    let mut view = GridView::new();
    view.build(grid, origin, radius);
    assert!(!view.overflow().any(), "{:?}", view.overflow());
    view
}

/// The expected map, written with `|` margins so trailing spaces survive.
fn expect_map(view: &GridView, expected: &[&str]) {
    let want: String = expected
        .iter()
        .map(|l| {
            format!(
                "{}\n",
                l.trim_start_matches('|').trim_end_matches('|').trim_end()
            )
        })
        .collect();
    assert_eq!(view.map(), want, "\nfull dump:\n{}", view.dump());
}

// ---------------------------------------------------------------------------
// The brute-force oracle.
// ---------------------------------------------------------------------------

/// Exact brute-force visibility for portal-free grids. Between two
/// consecutive directions to cell corners (or axes) every ray crosses the same
/// edges, so tracing one ray per such interval — strictly between the two,
/// never through a corner — finds exactly the cells reached by a non-empty
/// open set of rays, which is what the GridView promises.
fn brute_force_visible(grid: &Grid, origin: CellPos, radius: i32) -> Vec<ViewPos> {
    let reach = 2 * radius + 1;
    let mut dirs = vec![
        Ray::new(1, 0),
        Ray::new(0, 1),
        Ray::new(-1, 0),
        Ray::new(0, -1),
    ];
    for y in (-reach..=reach).step_by(2) {
        for x in (-reach..=reach).step_by(2) {
            dirs.push(Ray::new(x, y));
        }
    }
    let half = |r: Ray| (r.y < 0 || (r.y == 0 && r.x < 0)) as u8;
    dirs.sort_by(|a, b| half(*a).cmp(&half(*b)).then_with(|| 0.cmp(&a.cross(*b))));
    dirs.dedup_by(|a, b| a.same_direction(*b));
    let mut seen = vec![ViewPos::default()];
    for i in 0..dirs.len() {
        let (a, b) = (dirs[i], dirs[(i + 1) % dirs.len()]);
        let mid = Ray::new(a.x + b.x, a.y + b.y);
        trace(grid, origin, radius, mid, &mut seen);
    }
    seen.sort_by_key(|v| (v.y, v.x));
    seen.dedup();
    seen
}

fn trace(grid: &Grid, origin: CellPos, radius: i32, d: Ray, seen: &mut Vec<ViewPos>) {
    assert!(d.x != 0 && d.y != 0, "a mid-ray is never along an axis");
    let (mut cx, mut cy) = (0i32, 0i32);
    loop {
        // Next vertical line x = X and horizontal line y = Y (doubled coords).
        let big_x = (2 * cx + d.x.signum()) as i64;
        let big_y = (2 * cy + d.y.signum()) as i64;
        // t_x = X / dx, t_y = Y / dy, both > 0: compare X*dy with Y*dx.
        let (lhs, rhs) = (big_x * d.y as i64, big_y * d.x as i64);
        let x_first = if (d.x as i64 * d.y as i64) > 0 {
            lhs < rhs
        } else {
            lhs > rhs
        };
        let dir = match (x_first, d.x > 0, d.y > 0) {
            (true, true, _) => Dir::Right,
            (true, false, _) => Dir::Left,
            (false, _, true) => Dir::Up,
            (false, _, false) => Dir::Down,
        };
        let cell = CellPos::new(origin.x + cx, origin.y + cy);
        let passable = grid
            .edge_between(cell, dir)
            .is_some_and(|e| !e.is_solid() && e.portal_index().is_none());
        if !passable {
            return;
        }
        let (dx, dy) = dir.delta();
        cx += dx;
        cy += dy;
        if cx.abs() > radius || cy.abs() > radius {
            return;
        }
        seen.push(ViewPos::new(cx, cy));
    }
}

fn cast_visible(view: &GridView) -> Vec<ViewPos> {
    let mut out: Vec<ViewPos> = view.nodes().iter().map(|n| n.view).collect();
    out.sort_by_key(|v| (v.y, v.x));
    out.dedup();
    out
}

fn assert_matches_oracle(grid: &Grid, origin: CellPos, radius: u32) {
    let view = view_of(grid, origin, radius);
    let want = brute_force_visible(grid, origin, radius as i32);
    let got = cast_visible(&view);
    assert_eq!(
        got,
        want,
        "origin {origin:?} radius {radius}\n{}",
        view.dump()
    );
}

/// A random portal-free map: rock cells and thin walls/platforms on edges.
pub(super) fn random_map(rng: &mut SplitMix64, w: usize, h: usize) -> Grid {
    let mut grid = Grid::new(w, h).expect("size");
    for y in 0..h as i32 {
        for x in 0..w as i32 {
            match rng.below(100) {
                0..=11 => make_rock(&mut grid, CellPos::new(x, y)),
                12..=17 => {
                    let _ = grid.set_edge(EdgePos::vertical(x, y), Edge::SOLID);
                }
                18..=23 => {
                    let _ = grid.set_edge(EdgePos::horizontal(x, y), Edge::SOLID);
                }
                24..=29 => {
                    let _ = grid.set_edge(EdgePos::horizontal(x, y), Edge::PLATFORM);
                }
                _ => {}
            }
        }
    }
    grid
}

pub(super) fn air_cells(grid: &Grid) -> Vec<CellPos> {
    (0..grid.cell_count())
        .filter_map(|i| grid.cell_pos(i))
        .filter(|&c| grid.is_air(c))
        .collect()
}

// ---------------------------------------------------------------------------
// ASCII maps.
// ---------------------------------------------------------------------------

#[test]
fn open_room_sees_everything_in_the_window() {
    let (grid, origin) = parse_map(&[".....", ".....", "..@..", ".....", "....."]);
    let view = view_of(&grid, origin, 2);
    expect_map(
        &view,
        &["|.....|", "|.....|", "|..@..|", "|.....|", "|.....|"],
    );
    assert!(view.nodes().iter().all(|n| n.stencil_id == 1));
    // Only the room's own walls stop sight: 5 per side.
    let mut edges: Vec<EdgePos> = view.shadows().iter().map(|s| s.edge).collect();
    edges.sort_by_key(|e| (e.orientation as u8, e.x, e.y));
    edges.dedup();
    assert_eq!(edges.len(), 20);
    assert_matches_oracle(&grid, origin, 2);
}

#[test]
fn radius_limits_the_window() {
    let (grid, origin) = parse_map(&[
        ".......", ".......", ".......", "...@...", ".......", ".......", ".......",
    ]);
    let view = view_of(&grid, origin, 1);
    expect_map(&view, &["|...|", "|.@.|", "|...|"]);
    assert!(!view.is_visible(&grid, CellPos::new(5, 3)));
    assert!(view.is_visible(&grid, CellPos::new(4, 3)));
}

#[test]
fn a_pillar_casts_a_shadow_behind_it() {
    let (grid, origin) = parse_map(&[
        ".......", //
        ".......", "@.#....", ".......", ".......",
    ]);
    let view = view_of(&grid, origin, 6);
    // The pillar at (2,2) hides the cells straight behind it; the shadow
    // widens with distance. Rows above and below are seen past it.
    let map = view.map();
    let rows: Vec<&str> = map.lines().collect();
    // Window row for y = 0 offset is index 6 (radius 6).
    let actor_row = rows[6];
    assert_eq!(
        &actor_row[6..],
        "@.",
        "pillar and everything behind it hidden: {map}"
    );
    assert!(
        !view.is_visible(&grid, CellPos::new(2, 2)),
        "rock is never seen inside"
    );
    assert!(!view.is_visible(&grid, CellPos::new(6, 2)));
    assert!(view.is_visible(&grid, CellPos::new(6, 4)));
    assert!(view.is_visible(&grid, CellPos::new(6, 0)));
    assert_matches_oracle(&grid, origin, 6);
}

#[test]
fn long_corridor_is_seen_to_the_radius() {
    let (grid, origin) = parse_map(&[
        "##################",
        "@.................",
        "##################",
    ]);
    let view = view_of(&grid, origin, 12);
    for x in 0..=12 {
        assert!(
            view.is_visible(&grid, CellPos::new(x, 1)),
            "corridor cell {x}"
        );
    }
    assert!(
        !view.is_visible(&grid, CellPos::new(13, 1)),
        "beyond the radius"
    );
    assert_eq!(
        view.nodes_at(ViewPos::new(12, 0)).count(),
        2,
        "above and below the axis"
    );
    assert_matches_oracle(&grid, origin, 12);
}

#[test]
fn diagonal_gap_between_corner_touching_blocks_is_closed() {
    // Two rock cells touching only at a corner: sight does not squeeze
    // through the corner point.
    let (grid, origin) = parse_map(&[
        "...", //
        ".#.", "@.#",
    ]);
    let _ = origin;
    let (grid2, _) = (grid.clone(), ());
    let view = view_of(&grid2, CellPos::new(1, 0), 2);
    // From (1,0): (2,1) lies past the corner where (1,1) and (2,0) meet.
    assert!(
        !view.is_visible(&grid2, CellPos::new(2, 1)),
        "{}",
        view.dump()
    );
    assert!(!view.is_visible(&grid2, CellPos::new(2, 2)));
    assert_matches_oracle(&grid, CellPos::new(1, 0), 2);
}

#[test]
fn peeking_round_a_corner_shows_a_slice() {
    let (grid, origin) = parse_map(&[
        "#.....", //
        "#.....", "#@####",
    ]);
    let view = view_of(&grid, origin, 5);
    // From the bottom of a pit, the actor sees up and diagonally out of it,
    // but not along the floor above the rock beside it.
    // The pit's rim (1,1)-(2,1) is at 45° from the eye: only rays steeper
    // than that leave the pit.
    for c in [(1, 1), (1, 2), (2, 1), (2, 2), (3, 2)] {
        assert!(
            view.is_visible(&grid, CellPos::new(c.0, c.1)),
            "{c:?}\n{}",
            view.dump()
        );
    }
    for c in [(3, 1), (4, 2), (5, 1), (5, 2)] {
        assert!(
            !view.is_visible(&grid, CellPos::new(c.0, c.1)),
            "{c:?}\n{}",
            view.dump()
        );
    }
    assert_matches_oracle(&grid, origin, 5);
    // From deeper in the room, the actor's cell is seen only through the
    // opening above it.
    let view = view_of(&grid, CellPos::new(5, 2), 5);
    assert!(view.is_visible(&grid, CellPos::new(1, 0)));
    assert_matches_oracle(&grid, CellPos::new(5, 2), 5);
}

#[test]
fn thin_walls_on_edges_block_only_their_side() {
    let (mut grid, origin) = parse_map(&[".....", ".....", "@....", ".....", "....."]);
    // A thin wall on the right edge of (1,2): the row beyond is shadowed.
    grid.set_edge(EdgePos::vertical(2, 2), Edge::SOLID).unwrap();
    let view = view_of(&grid, origin, 4);
    expect_map(
        &view,
        &[
            "||", // rows above and below the 5-high grid
            "||",
            "|    .....|",
            "|    .....|",
            "|    @.|",
            "|    .....|",
            "|    .....|",
            "||",
            "||",
        ],
    );
    assert_matches_oracle(&grid, origin, 4);
}

#[test]
fn platforms_are_transparent() {
    let (mut grid, origin) = parse_map(&["...", "...", ".@.", "...", "..."]);
    for x in 0..3 {
        grid.set_edge(EdgePos::horizontal(x, 3), Edge::PLATFORM)
            .unwrap();
        grid.set_edge(EdgePos::horizontal(x, 2), Edge::PLATFORM)
            .unwrap();
    }
    let view = view_of(&grid, origin, 2);
    // The grid is three cells wide: view column -2 is outside it.
    expect_map(&view, &["| ...|", "| ...|", "| .@.|", "| ...|", "| ...|"]);
    assert!(view.shadows().iter().all(|s| s.edge.orientation
        != crate::grid::Orientation::Horizontal
        || s.edge.y == 0
        || s.edge.y == 5));
}

#[test]
fn a_wall_seen_edge_on_hides_nothing_and_is_not_seen() {
    // A thin horizontal wall pointing straight at the actor along its row
    // boundary: rays graze it edge-on only at measure zero.
    let (mut grid, origin) = parse_map(&[".....", "@....", "....."]);
    grid.set_edge(EdgePos::horizontal(3, 1), Edge::SOLID)
        .unwrap();
    grid.set_edge(EdgePos::horizontal(4, 1), Edge::SOLID)
        .unwrap();
    let view = view_of(&grid, origin, 4);
    // Cells on both sides of the wall are seen.
    for c in [(3, 0), (4, 0), (3, 1), (4, 1), (4, 2)] {
        assert!(
            view.is_visible(&grid, CellPos::new(c.0, c.1)),
            "{c:?}\n{}",
            view.dump()
        );
    }
    assert_matches_oracle(&grid, origin, 4);
}

// ---------------------------------------------------------------------------
// Portals.
// ---------------------------------------------------------------------------

#[test]
fn rebuilding_reuses_the_context_and_forgets_the_last_view() {
    let (grid, _) = parse_map(&["....", "....", "....", "...."]);
    let mut view = GridView::new();
    view.build(&grid, CellPos::new(0, 0), 8);
    let first = view.nodes().len();
    view.build(&grid, CellPos::new(3, 3), 1);
    assert!(view.nodes().len() < first);
    assert!(!view.is_visible(&grid, CellPos::new(0, 0)));
    view.build(&grid, CellPos::new(0, 0), 8);
    assert_eq!(view.nodes().len(), first);
}

#[test]
fn rock_and_outside_origins_see_nothing() {
    let (grid, _) = parse_map(&["#.", ".."]);
    let mut view = GridView::new();
    view.build(&grid, CellPos::new(0, 1), 4);
    assert!(view.nodes().is_empty());
    view.build(&grid, CellPos::new(-3, 9), 4);
    assert!(view.nodes().is_empty());
    assert!(view.nodes_at(ViewPos::new(100, -100)).next().is_none());
}

// ---------------------------------------------------------------------------
// Properties over random portal-free maps.
// ---------------------------------------------------------------------------

#[test]
fn random_maps_match_the_brute_force_oracle() {
    let mut rng = SplitMix64::new(7);
    for _ in 0..60 {
        let (w, h) = (3 + rng.below(14), 3 + rng.below(14));
        let grid = random_map(&mut rng, w, h);
        let air = air_cells(&grid);
        if air.is_empty() {
            continue;
        }
        for _ in 0..4 {
            let origin = air[rng.below(air.len())];
            let radius = 1 + rng.below(10) as u32;
            assert_matches_oracle(&grid, origin, radius);
        }
    }
}

#[test]
fn sight_of_cell_centres_is_symmetric() {
    let mut rng = SplitMix64::new(11);
    let radius = 8;
    for _ in 0..30 {
        let grid = random_map(&mut rng, 10, 10);
        let air = air_cells(&grid);
        let mut views = std::collections::HashMap::new();
        for &c in &air {
            views.insert(c, view_of(&grid, c, radius));
        }
        for &a in &air {
            for &b in &air {
                let (dx, dy) = (b.x - a.x, b.y - a.y);
                if dx.abs() > radius as i32 || dy.abs() > radius as i32 {
                    continue;
                }
                let ab = views[&a].sees_centre_of(ViewPos::new(dx, dy));
                let ba = views[&b].sees_centre_of(ViewPos::new(-dx, -dy));
                assert_eq!(
                    ab,
                    ba,
                    "{a:?} -> {b:?}\n{}\n{}",
                    views[&a].dump(),
                    views[&b].dump()
                );
            }
        }
    }
}

#[test]
fn every_wall_of_a_convex_room_is_seen_from_inside() {
    let mut rng = SplitMix64::new(3);
    for _ in 0..40 {
        let (w, h) = (1 + rng.below(12), 1 + rng.below(12));
        let grid = Grid::new(w, h).unwrap();
        let origin = CellPos::new(rng.below(w) as i32, rng.below(h) as i32);
        let view = view_of(&grid, origin, MAX_RADIUS);
        let seen: std::collections::HashSet<EdgePos> =
            view.shadows().iter().map(|s| s.edge).collect();
        for x in 0..w as i32 {
            assert!(
                seen.contains(&EdgePos::horizontal(x, 0))
                    && seen.contains(&EdgePos::horizontal(x, h as i32))
            );
        }
        for y in 0..h as i32 {
            assert!(
                seen.contains(&EdgePos::vertical(0, y))
                    && seen.contains(&EdgePos::vertical(w as i32, y))
            );
        }
        assert_eq!(seen.len(), 2 * (w + h), "only the room's walls");
        assert_eq!(
            cast_visible(&view).len(),
            w * h,
            "every cell of a convex room is seen"
        );
    }
}

#[test]
fn an_open_room_costs_about_one_node_per_cell() {
    let grid = Grid::new(64, 64).unwrap();
    let view = view_of(&grid, CellPos::new(32, 32), 16);
    let cells = 33 * 33;
    // Cells on the two axes are split between two quadrants, the origin
    // between four; merging keeps everything else to one node.
    assert!(
        view.nodes().len() <= cells + 4 * 16 + 3,
        "{} nodes for {cells} cells",
        view.nodes().len()
    );
}

/// The grid cell and stencil id one step in view direction `dir` leads to
/// from `cell` seen with `stencil_id`, through portals; `None` through SOLID
/// edges, out of the grid, into rock, or into a region never seen.
fn step_in_view(
    view: &GridView,
    grid: &Grid,
    cell: CellPos,
    stencil_id: u8,
    dir: Dir,
) -> Option<(CellPos, u8)> {
    let t = view.transform_of(stencil_id)?.view_to_grid;
    let grid_dir = t.apply_dir(dir);
    match grid.edge_between(cell, grid_dir)?.edge_type() {
        EdgeType::Solid => None,
        EdgeType::Open | EdgeType::Platform => Some((cell.step(grid_dir), stencil_id)),
        EdgeType::Portal => {
            let step = grid.step(cell, grid_dir)?;
            let crossing = step.portal?;
            let portal = grid.portal(crossing.portal)?;
            let expected = t.then(&portal.transform(crossing.from_end));
            let index = view
                .transforms()
                .iter()
                .position(|t| t.view_to_grid == expected)?;
            Some((step.cell, index as u8 + 1))
        }
    }
}

/// The cast records most continuity from the edges its rays cross, and
/// [`GridView::connected`] decides the rest when asked; the answers must be
/// the definition all the same: nodes in
/// view cells side by side are continuous when the left (or bottom) one
/// steps right (or up) onto the other's grid cell and region. Random maps
/// with random portals, and OPEN edges on the grid's boundary.
#[test]
fn connection_bits_match_their_definition() {
    let mut rng = SplitMix64::new(5);
    let mut view = GridView::new();
    for round in 0..120 {
        let (w, h) = (1 + rng.below(16), 1 + rng.below(16));
        let mut grid = random_map(&mut rng, w, h);
        if round % 3 == 0 {
            let _ = grid.set_edge(EdgePos::vertical(0, rng.below(h) as i32), Edge::OPEN);
            let _ = grid.set_edge(EdgePos::horizontal(rng.below(w) as i32, 0), Edge::OPEN);
        }
        for _ in 0..rng.below(8) {
            let mut end = || {
                let c = CellPos::new(rng.below(w) as i32, rng.below(h) as i32);
                PortalEnd::new(c, Dir::ALL[rng.below(4)])
            };
            let (a, b) = (end(), end());
            let _ = grid.add_portal(Portal::new(a, b));
        }
        for _ in 0..4 {
            let origin = CellPos::new(rng.below(w) as i32, rng.below(h) as i32);
            view.build(&grid, origin, 1 + rng.below(12) as u32);
            for (n, index) in view.nodes().iter().zip(1..) {
                for dir in Dir::ALL {
                    let beyond = n.view.step(dir);
                    let want = view.nodes_at(beyond).any(|m| match dir {
                        Dir::Right | Dir::Up => {
                            step_in_view(&view, &grid, n.cell, n.stencil_id, dir)
                                == Some((m.cell, m.stencil_id))
                        }
                        Dir::Left | Dir::Down => {
                            step_in_view(&view, &grid, m.cell, m.stencil_id, dir.opposite())
                                == Some((n.cell, n.stencil_id))
                        }
                    });
                    assert_eq!(
                        view.connected(&grid, index, dir),
                        want,
                        "{n:?} {dir:?} from {origin:?}\n{}",
                        view.dump()
                    );
                    // The neighbour found is the one of the definition.
                    let found = view.neighbour(&grid, index, dir).and_then(|m| view.node(m));
                    if matches!(dir, Dir::Right | Dir::Up) {
                        assert_eq!(
                            found.map(|m| (m.cell, m.stencil_id)),
                            want.then(|| step_in_view(&view, &grid, n.cell, n.stencil_id, dir))
                                .flatten(),
                            "{n:?} {dir:?} from {origin:?}"
                        );
                    } else {
                        assert!(want || found.is_none(), "{n:?} {dir:?} from {origin:?}");
                    }
                }
            }
        }
    }
}
