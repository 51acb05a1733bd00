//! The span walk in two passes (`cast/two_pass.rs`) against the walk cell
//! by cell (`cast/span.rs`): every build gives the same view, byte for byte
//! — nodes with their raw continuity bits and list links, list heads,
//! shadow records, transforms, the visibility bitmap and the overflow
//! counts — and the two-pass walk takes most spans.

use super::fingerprint;
use crate::grid::{CellKind, CellPos, Dir, Edge, EdgePos, Grid, Portal, PortalEnd};
use crate::rng::SplitMix64;
use crate::view::*;

fn assert_same_view(two: &GridView, one: &GridView, what: &str) {
    assert_eq!(two.nodes, one.nodes, "nodes: {what}");
    assert_eq!(two.heads, one.heads, "list heads: {what}");
    assert_eq!(two.shadows, one.shadows, "shadows: {what}");
    assert_eq!(two.transforms, one.transforms, "transforms: {what}");
    assert_eq!(two.visible, one.visible, "visibility: {what}");
    assert_eq!(two.overflow, one.overflow, "overflow: {what}");
}

/// Rock cells walled in, `percent` of a `side`×`side` map, or rooms on an
/// 8-cell pitch with doorways (the benchmark's `rooms`) when `percent` is 0.
fn walled_map(rng: &mut SplitMix64, side: usize, percent: u64) -> Grid {
    let mut grid = Grid::new(side, side).expect("map size");
    for y in 0..side as i32 {
        for x in 0..side as i32 {
            let rock = if percent == 0 {
                let (wx, wy) = (x % 8 == 7, y % 8 == 7);
                let door = (wx && !wy && (y % 8 == 3 || y % 8 == 4))
                    || (wy && !wx && (x % 8 == 3 || x % 8 == 4));
                (wx || wy) && !door
            } else {
                rng.next_u64() % 100 < percent
            };
            let c = CellPos::new(x, y);
            if rock && grid.set_cell(c, CellKind::Rock).is_ok() {
                for dir in Dir::ALL {
                    let _ = grid.set_edge(EdgePos::of(c, dir), Edge::SOLID);
                }
            }
        }
    }
    grid
}

/// A straight seam of 12 portals turning a quarter: the left walls of cells
/// (20, 26..38) glued to the floors of cells (40..52, 8) (or (51..39, 8)
/// when `reversed`), so regions seen through it are wide and turned.
fn seam(grid: &mut Grid, reversed: bool) {
    for i in 0..12 {
        let x = if reversed { 51 - i } else { 40 + i };
        let a = PortalEnd::new(CellPos::new(20, 26 + i), Dir::Left);
        let b = PortalEnd::new(CellPos::new(x, 8), Dir::Down);
        let added = grid.add_portal(Portal::new(a, b));
        assert!(added.is_ok(), "{added:?}");
    }
}

#[test]
fn both_walks_build_the_same_views() {
    let (mut two, mut one) = (GridView::new(), GridView::new());
    one.per_cell_only = true;
    let mut builds = 0;
    fingerprint::builds(|grid, origin, radius| {
        two.build(grid, origin, radius);
        one.build(grid, origin, radius);
        assert_same_view(&two, &one, &format!("{origin:?} radius {radius}"));
        builds += 1;
    });
    let from_fingerprint = two.walks;
    // Maps with walls, as the benchmarks have them, without portals and
    // with a few (so spans are walked in two passes in turned regions too).
    let mut rng = SplitMix64::new(17);
    for (percent, portals) in [
        (0, 0),
        (3, 0),
        (10, 0),
        (30, 0),
        (0, 40),
        (3, 40),
        (3, -1),
        (3, -2),
    ] {
        let mut grid = walled_map(&mut rng, 64, percent);
        if portals < 0 {
            seam(&mut grid, portals == -1);
        }
        for _ in 0..portals.max(0) {
            let mut end = || {
                let c = CellPos::new(rng.below(64) as i32, rng.below(64) as i32);
                PortalEnd::new(c, Dir::ALL[rng.below(4)])
            };
            let (a, b) = (end(), end());
            let _ = grid.add_portal(Portal::new(a, b));
        }
        for _ in 0..40 {
            let origin = if portals < 0 {
                // Beside the seam, looking through it.
                CellPos::new(21 + rng.below(12) as i32, 24 + rng.below(16) as i32)
            } else {
                CellPos::new(rng.below(64) as i32, rng.below(64) as i32)
            };
            let radius = 1 + rng.below(MAX_RADIUS as usize) as u32;
            two.build(&grid, origin, radius);
            one.build(&grid, origin, radius);
            let what = format!("{percent}% rock, {portals} portals, {origin:?} radius {radius}");
            assert_same_view(&two, &one, &what);
            builds += 1;
        }
    }
    assert_eq!(builds, 2601 + 8 * 40);
    assert_eq!(
        one.walks[1], 0,
        "the per-cell view never walked in two passes"
    );
    // The fingerprint's maps are small and full of portals: most of their
    // spans touch the grid's edge or a portal, or are short.
    let [per_cell, two_pass, _] = from_fingerprint;
    assert!(
        two_pass > 2_000,
        "fingerprint maps: the two-pass walk took {two_pass} spans, the per-cell walk {per_cell}"
    );
    let [per_cell, two_pass, turned] = [0, 1, 2].map(|w| two.walks[w] - from_fingerprint[w]);
    assert!(
        two_pass > per_cell / 3 && turned > 1_000,
        "walled maps: the two-pass walk took {two_pass} spans ({turned} through portals), \
         the per-cell walk {per_cell}"
    );
}
