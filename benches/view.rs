//! GridView build time against the `shadowcast` (gridbugs) and
//! `symmetric-shadowcasting` crates, on the same 64×64 maps, at radius 8, 16
//! and 32. Peers run on the portal-free maps only (they know no portals).
//!
//! What counts as visible differs: the peers are cell-based (a wall is an
//! opaque cell, and they mark the wall cells they see as visible); the
//! GridView is edge-based (rock cells are walled by SOLID edges; it reports
//! the air cells seen — as sectors, nodes and transforms — and the walls as
//! shadow segments). Before timing, the bench prints each map's visible cell
//! counts so ns-per-visible-cell can be computed for each.
//!
//! `room1` and `room3` (rock all round a 1×1 or 3×3 room) measure the fixed
//! cost of a build.
//!
//! Run: `cargo bench -p benches --bench view`
#![forbid(unsafe_code)]

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use game::grid::{CellKind, CellPos, Dir, Edge, EdgePos, Grid, Portal, PortalEnd};
use game::rng::SplitMix64;
use game::view::GridView;

const SIZE: usize = 64;
const RADII: [u32; 3] = [8, 16, 32];

fn rock(grid: &mut Grid, c: CellPos) {
    if grid.set_cell(c, CellKind::Rock).is_ok() {
        for dir in Dir::ALL {
            let _ = grid.set_edge(EdgePos::of(c, dir), Edge::SOLID);
        }
    }
}

fn centre() -> CellPos {
    CellPos::new(SIZE as i32 / 2, SIZE as i32 / 2)
}

fn empty() -> Grid {
    Grid::new(SIZE, SIZE).expect("64x64")
}

/// 3% of cells are rock, the centre kept clear.
fn scattered_walls() -> Grid {
    let mut g = empty();
    let mut rng = SplitMix64::new(3);
    for y in 0..SIZE as i32 {
        for x in 0..SIZE as i32 {
            let c = CellPos::new(x, y);
            if rng.next_u64() % 100 < 3 && c != centre() {
                rock(&mut g, c);
            }
        }
    }
    g
}

/// 7×7 rooms on an 8-cell pitch, separated by one-cell rock walls with a
/// two-cell doorway in the middle of every wall.
fn rooms_and_corridors() -> Grid {
    let mut g = empty();
    for y in 0..SIZE as i32 {
        for x in 0..SIZE as i32 {
            let (wall_x, wall_y) = (x % 8 == 7, y % 8 == 7);
            let door = (wall_x && !wall_y && (y % 8 == 3 || y % 8 == 4))
                || (wall_y && !wall_x && (x % 8 == 3 || x % 8 == 4));
            if (wall_x || wall_y) && !door {
                rock(&mut g, CellPos::new(x, y));
            }
        }
    }
    g
}

/// Rock everywhere but a `side`×`side` room around the centre: the fixed
/// cost of a build, when almost nothing is seen.
fn small_room(side: i32) -> Grid {
    let mut g = empty();
    let (lo, hi) = (centre().x - side / 2, centre().x + (side - 1) / 2);
    for y in 0..SIZE as i32 {
        for x in 0..SIZE as i32 {
            if !(lo..=hi).contains(&x) || !(lo..=hi).contains(&y) {
                rock(&mut g, CellPos::new(x, y));
            }
        }
    }
    g
}

/// The rooms map with 64 portals (the most a grid holds): rooms 16..48
/// (row-major, the centre room among them) each have their left wall's
/// second row glued straight to the right wall's sixth row of another room,
/// and a loop inside the room, so sight from the centre passes through
/// portals into portals.
fn portal_rich() -> Grid {
    let mut g = rooms_and_corridors();
    for i in 16..48i32 {
        let other = (i * 7 + 3) % 64;
        let (ax, ay) = ((i % 8) * 8, (i / 8) * 8);
        let (bx, by) = ((other % 8) * 8, (other / 8) * 8);
        let a = PortalEnd::new(CellPos::new(ax, ay + 1), Dir::Left);
        let b = PortalEnd::new(CellPos::new(bx + 6, by + 5), Dir::Right);
        let added = g.add_portal(Portal::new(b, a));
        assert!(added.is_ok(), "portal {i}: {added:?}");
        // And a loop inside the room: its left wall's fifth row glued to its
        // own right wall's second row, so it repeats beside itself.
        let c = PortalEnd::new(CellPos::new(ax, ay + 4), Dir::Left);
        let d = PortalEnd::new(CellPos::new(ax + 6, ay + 1), Dir::Right);
        let added = g.add_portal(Portal::new(d, c));
        assert!(added.is_ok(), "loop {i}: {added:?}");
    }
    g
}

/// `shadowcast`'s view of our grid: rock cells are opaque.
struct Opacity;

impl shadowcast::InputGrid for Opacity {
    type Grid = Grid;
    type Opacity = u8;

    fn size(&self, grid: &Grid) -> coord_2d::UCoord {
        coord_2d::UCoord::new(grid.width() as u32, grid.height() as u32)
    }

    fn get_opacity(&self, grid: &Grid, coord: coord_2d::ICoord) -> u8 {
        if grid.is_air(CellPos::new(coord.x, coord.y)) {
            0
        } else {
            255
        }
    }
}

fn ours(view: &mut GridView, grid: &Grid, radius: u32) -> usize {
    view.build(grid, centre(), radius);
    view.nodes().len()
}

fn gridbugs(ctx: &mut shadowcast::Context<u8>, grid: &Grid, radius: u32) -> usize {
    let mut seen = 0;
    let c = centre();
    ctx.for_each_visible(
        coord_2d::ICoord::new(c.x, c.y),
        &Opacity,
        grid,
        shadowcast::vision_distance::Square::new(radius),
        255,
        |_, _, _| seen += 1,
    );
    seen
}

fn symmetric(grid: &Grid, radius: u32) -> usize {
    let c = centre();
    let r = radius as isize;
    let mut seen = 0;
    symmetric_shadowcasting::compute_fov(
        (c.x as isize, c.y as isize),
        // The crate has no radius: the window's outside is made opaque.
        &mut |(x, y)| {
            (x - c.x as isize).abs() > r
                || (y - c.y as isize).abs() > r
                || !grid.is_air(CellPos::new(x as i32, y as i32))
        },
        &mut |_| seen += 1,
    );
    seen
}

fn distinct_cells_seen(view: &GridView) -> usize {
    let mut cells: Vec<(i32, i32, u8)> = view
        .nodes()
        .iter()
        .map(|n| (n.view.x, n.view.y, n.stencil_id))
        .collect();
    cells.sort_unstable();
    cells.dedup();
    cells.len()
}

fn bench_view(c: &mut Criterion) {
    let maps: [(&str, Grid, bool); 6] = [
        ("room1", small_room(1), true),
        ("room3", small_room(3), true),
        ("empty", empty(), true),
        ("walls3", scattered_walls(), true),
        ("rooms", rooms_and_corridors(), true),
        ("portals", portal_rich(), false),
    ];
    let mut view = GridView::new();
    let mut ctx = shadowcast::Context::<u8>::default();
    // Visible-cell counts for the report (printed once, not timed).
    for (name, grid, peers) in &maps {
        for r in RADII {
            view.build(grid, centre(), r);
            let line = format!(
                "counts {name} r={r}: ours {} view cells ({} nodes, {} transforms, {} shadows)",
                distinct_cells_seen(&view),
                view.nodes().len(),
                view.transforms().len(),
                view.shadows().len()
            );
            if *peers {
                println!(
                    "{line}; shadowcast {}; symmetric-shadowcasting {}",
                    gridbugs(&mut ctx, grid, r),
                    symmetric(grid, r)
                );
            } else {
                println!("{line}");
            }
        }
    }
    for (name, grid, peers) in &maps {
        let mut group = c.benchmark_group(format!("view/{name}"));
        for r in RADII {
            group.bench_with_input(BenchmarkId::new("gridview", r), &r, |b, &r| {
                b.iter(|| black_box(ours(&mut view, grid, r)))
            });
            if *peers {
                group.bench_with_input(BenchmarkId::new("shadowcast", r), &r, |b, &r| {
                    b.iter(|| black_box(gridbugs(&mut ctx, grid, r)))
                });
                group.bench_with_input(
                    BenchmarkId::new("symmetric-shadowcasting", r),
                    &r,
                    |b, &r| b.iter(|| black_box(symmetric(grid, r))),
                );
            }
        }
        group.finish();
    }
}

criterion_group!(benches, bench_view);
criterion_main!(benches);
