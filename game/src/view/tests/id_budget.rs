//! Tests of what a build keeps when the regions seen need more stencil ids
//! than there are (see [`GridView::build`]): the nearest copies in every
//! direction, not whatever the first quadrant's cast reached first.

use crate::grid::{CellPos, Dir, Grid, Portal, PortalEnd};
use crate::rng::SplitMix64;
use crate::view::*;

/// The view cells `|x| + |y| <= layers` within radius `radius`: what the
/// one-cell torus shows when it keeps the regions within `layers` of the eye.
fn diamond(layers: i32, radius: i32) -> Vec<ViewPos> {
    let mut cells = Vec::new();
    for y in -radius..=radius {
        for x in -radius..=radius {
            if x.abs() + y.abs() <= layers {
                cells.push(ViewPos::new(x, y));
            }
        }
    }
    cells
}

#[test]
fn running_out_of_stencil_ids_keeps_the_nearest_copies_in_every_direction() {
    // The one-cell torus (left wall glued to right wall, floor to ceiling):
    // every view cell is a different placement of the same cell, so radius
    // r wants (2r+1)^2 regions; 255 ids hold the diamond |x| + |y| <= 10
    // (221 regions) but not <= 11 (265) — at radius 8 the window cuts the
    // diamond's tips, and |x| + |y| <= 12 fits (249). Below the actor's row
    // is seen as far as above it, left as far as right.
    let grid = super::fingerprint::torus();
    let c = CellPos::new(0, 0);
    let mut view = GridView::new();
    for (radius, layers, regions) in [(8, 12, 249), (12, 10, 221), (MAX_RADIUS, 10, 221)] {
        view.build(&grid, c, radius);
        assert!(
            view.overflow().transforms > 0,
            "reported at radius {radius}"
        );
        assert_eq!(view.transforms().len(), regions, "radius {radius}");
        let mut seen: Vec<ViewPos> = view.nodes().iter().map(|n| n.view).collect();
        seen.sort_by_key(|v| (v.y, v.x));
        seen.dedup();
        let want = diamond(layers, radius as i32);
        assert_eq!(seen, want, "radius {radius}\n{}", view.map());
        // What was kept is consistent: each node's transform puts it on the
        // cell, and each region shows exactly one view cell.
        let mut ids: Vec<(u8, ViewPos)> = Vec::new();
        for n in view.nodes() {
            assert_eq!(n.cell, c);
            let t = view.transform_of(n.stencil_id).expect("ids stay in range");
            assert_eq!(t.grid_cell(n.view), c);
            ids.push((n.stencil_id, n.view));
        }
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), regions, "one view cell per region");
        assert!(view.dump().contains("overflow"));
    }
    // A small radius fits: (2*7+1)^2 = 225 placements, nothing dropped.
    view.build(&grid, c, 7);
    assert!(!view.overflow().any(), "{:?}", view.overflow());
    assert_eq!(view.transforms().len(), 225);
}

#[test]
fn running_out_of_stencil_ids_keeps_what_a_smaller_radius_fits() {
    // Random portal mazes that run out of ids at the largest radius. If
    // radius r fits in 255 ids, the regions starting within r layers fit
    // too, so the budgeted build keeps every copy of the radius-r build
    // within |x| + |y| <= r: same view cell, grid cell and transform.
    let mut rng = SplitMix64::new(17);
    let (mut small, mut big) = (GridView::new(), GridView::new());
    let (mut overflowing, mut compared) = (0, 0);
    for _ in 0..60 {
        let (w, h) = (1 + rng.below(3), 1 + rng.below(3));
        let mut grid = Grid::new(w, h).expect("size");
        for _ in 0..12 {
            let mut end = || {
                let c = CellPos::new(rng.below(w) as i32, rng.below(h) as i32);
                PortalEnd::new(c, Dir::ALL[rng.below(4)])
            };
            let (a, b) = (end(), end());
            let _ = grid.add_portal(Portal::new(a, b));
        }
        let origin = CellPos::new(rng.below(w) as i32, rng.below(h) as i32);
        big.build(&grid, origin, MAX_RADIUS);
        if big.overflow().transforms == 0 {
            continue;
        }
        overflowing += 1;
        assert!(big.transforms().len() <= MAX_TRANSFORMS);
        for n in big.nodes() {
            let t = big.transform_of(n.stencil_id).expect("ids stay in range");
            assert_eq!(t.grid_cell(n.view), n.cell);
        }
        let copies = |view: &GridView, within: i32| {
            let mut out: Vec<_> = view
                .nodes()
                .iter()
                .filter(|n| n.view.x.abs() + n.view.y.abs() <= within)
                .map(|n| {
                    let t = view.transform_of(n.stencil_id).expect("in range");
                    let (m, o) = (t.view_to_grid.matrix(), t.view_to_grid.offset());
                    (n.view, n.cell, m, o)
                })
                .collect();
            out.sort_by_key(|&(v, c, m, o)| (v, (c.x, c.y), m, o));
            out.dedup();
            out
        };
        let fits = (1..MAX_RADIUS).take_while(|&r| {
            small.build(&grid, origin, r);
            small.overflow().transforms == 0
        });
        let Some(r) = fits.last() else { continue };
        small.build(&grid, origin, r);
        compared += 1;
        let r = r as i32;
        let kept = copies(&big, r);
        for copy in copies(&small, r) {
            assert!(
                kept.contains(&copy),
                "{copy:?} (radius {r} fits) from {origin:?}\n{}",
                big.map()
            );
        }
    }
    assert!(overflowing > 5, "the mazes run out of ids: {overflowing}");
    assert!(compared > 5, "some smaller radius fits: {compared}");
}
