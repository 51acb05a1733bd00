//! A fixed-seed fingerprint of everything a [`GridView`] build produces,
//! over 2,601 builds, so that a change meant to keep the output (a faster
//! cast, a different node store, lazy continuity) is checked byte for byte.
//!
//! Each build is written as bytes — origin, radius, overflow counts; every
//! node in order (cell, view cell, sector, stencil id, the four continuity
//! answers, its list link); every view cell's node list; every shadow
//! segment; every transform; the visibility of every grid cell — and folded
//! into a 64-bit FNV-1a hash. Builds that run out of stencil ids are hashed
//! apart (what is kept then is a policy, not an invariant). The expected
//! hashes were taken on the eager build of 2026-11-25 (commit `8cdaca0`'s
//! cast); `VIEW_FINGERPRINT_OUT=path` also writes the raw text of every
//! build, for a diff when a hash moves.

use std::fmt::Write as _;
use std::io::Write as _;

use super::random_map;
use crate::grid::{fixtures, CellPos, Dir, Edge, EdgePos, Grid, Portal, PortalEnd};
use crate::io::hash::Fnv1a;
use crate::rng::SplitMix64;
use crate::view::*;

/// The text of one build (see the module docs).
fn describe(view: &GridView, grid: &Grid) -> String {
    let mut out = String::new();
    let o = view.origin();
    let _ = writeln!(
        out,
        "origin {:?} radius {} {:?}",
        (o.x, o.y),
        view.radius(),
        view.overflow()
    );
    for index in 1..=view.nodes().len() as u16 {
        let Some(n) = view.node(index) else { continue };
        let bits: Vec<bool> = Dir::ALL
            .iter()
            .map(|&dir| view.connected(grid, index, dir))
            .collect();
        let _ = writeln!(
            out,
            "n{index} {:?} {:?} {:?} {:?} id{} {bits:?}",
            (n.cell.x, n.cell.y),
            (n.view.x, n.view.y),
            (n.sector.lo.x, n.sector.lo.y),
            (n.sector.hi.x, n.sector.hi.y),
            n.stencil_id,
        );
    }
    let r = view.radius();
    for y in -r..=r {
        for x in -r..=r {
            let list: Vec<u16> = view.node_indices_at(ViewPos::new(x, y)).collect();
            if !list.is_empty() {
                let _ = writeln!(out, "v{x},{y} {list:?}");
            }
        }
    }
    for s in view.shadows() {
        let _ = writeln!(out, "s {s:?}");
    }
    for t in view.transforms() {
        let _ = writeln!(
            out,
            "t {:?} {:?}",
            t.view_to_grid.matrix(),
            t.view_to_grid.offset()
        );
    }
    let seen: String = (0..grid.cell_count())
        .filter_map(|i| grid.cell_pos(i))
        .map(|c| if view.is_visible(grid, c) { '1' } else { '0' })
        .collect();
    let _ = writeln!(out, "visible {seen}");
    out
}

/// A random map with up to `portals` random portals, and OPEN edges on the
/// boundary every third round.
fn random_portal_map(
    rng: &mut SplitMix64,
    w: usize,
    h: usize,
    portals: usize,
    round: usize,
) -> Grid {
    let mut grid = random_map(rng, w, h);
    if round.is_multiple_of(3) {
        let _ = grid.set_edge(EdgePos::vertical(0, rng.below(h) as i32), Edge::OPEN);
        let _ = grid.set_edge(EdgePos::horizontal(rng.below(w) as i32, 0), Edge::OPEN);
    }
    for _ in 0..rng.below(portals + 1) {
        let mut end = || {
            let c = CellPos::new(rng.below(w) as i32, rng.below(h) as i32);
            PortalEnd::new(c, Dir::ALL[rng.below(4)])
        };
        let (a, b) = (end(), end());
        let _ = grid.add_portal(Portal::new(a, b));
    }
    grid
}

/// The one-cell torus: left wall glued to right wall, floor to ceiling.
pub(super) fn torus() -> Grid {
    let mut grid = Grid::new(1, 1).expect("1x1");
    let c = CellPos::new(0, 0);
    for (a, b) in [(Dir::Left, Dir::Right), (Dir::Down, Dir::Up)] {
        let added = grid.add_portal(Portal::new(PortalEnd::new(c, a), PortalEnd::new(c, b)));
        assert!(added.is_ok(), "{added:?}");
    }
    grid
}

/// Every build of the fingerprint, in order: (grid, origin, radius).
pub(super) fn builds(mut each: impl FnMut(&Grid, CellPos, u32)) {
    let mut rng = SplitMix64::new(20261125);
    for round in 0..600 {
        let (w, h) = (1 + rng.below(24), 1 + rng.below(24));
        let grid = random_portal_map(&mut rng, w, h, 8, round);
        for _ in 0..4 {
            let origin = CellPos::new(rng.below(w) as i32, rng.below(h) as i32);
            each(&grid, origin, 1 + rng.below(16) as u32);
        }
    }
    for round in 0..12 {
        let grid = random_portal_map(&mut rng, 64, 64, 64, round);
        for _ in 0..4 {
            let origin = CellPos::new(rng.below(64) as i32, rng.below(64) as i32);
            each(&grid, origin, 1 + rng.below(MAX_RADIUS as usize) as u32);
        }
    }
    let fixtures = [
        fixtures::loop_back_room(),
        fixtures::two_rooms(),
        fixtures::floor_portal_shaft(),
        fixtures::rotating(),
        fixtures::portal_chain(),
    ];
    for grid in &fixtures {
        for i in 0..grid.cell_count() {
            let Some(origin) = grid.cell_pos(i) else {
                continue;
            };
            for radius in [3, 12, MAX_RADIUS] {
                each(grid, origin, radius);
            }
        }
    }
    let torus = torus();
    for radius in 0..=MAX_RADIUS {
        each(&torus, CellPos::new(0, 0), radius);
    }
}

/// The hashes of (builds that kept every stencil id, builds that ran out)
/// and their counts.
fn fingerprint() -> ([u64; 2], [usize; 2]) {
    let mut view = GridView::new();
    let (mut hashes, mut counts) = ([Fnv1a::new(), Fnv1a::new()], [0, 0]);
    let mut file = std::env::var_os("VIEW_FINGERPRINT_OUT")
        .map(|path| std::fs::File::create(path).expect("fingerprint output file"));
    builds(|grid, origin, radius| {
        view.build(grid, origin, radius);
        let text = describe(&view, grid);
        let part = usize::from(view.overflow().transforms > 0);
        hashes[part].write(text.as_bytes());
        counts[part] += 1;
        if let Some(f) = &mut file {
            f.write_all(text.as_bytes()).expect("write fingerprint");
        }
    });
    (hashes.map(|h| h.finish()), counts)
}

#[test]
fn builds_match_the_recorded_fingerprint() {
    let (hashes, counts) = fingerprint();
    assert_eq!(counts, [2575, 26], "builds");
    assert_eq!(
        hashes[0], 0xd626_38be_61cc_ec39,
        "builds that kept every stencil id"
    );
}
