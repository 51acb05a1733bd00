//! Generated levels shared by the play screen's benchmark and tests: the
//! frame-time target is set on [`benchmark_level`].
use game::grid::{CellPos, Dir, Edge, EdgePos, Grid, Portal, PortalEnd};
use game::level::{HeroKind, ItemFlags, Level, ThingSpec, ThingSpecKind};
use game::rng::SplitMix64;

/// Side of the benchmark level, in cells.
pub const BENCH_SIZE: usize = 64;
/// Things the benchmark level starts with.
pub const BENCH_THINGS: usize = 500;
/// Where the party starts.
pub const BENCH_ENTRANCE: CellPos = CellPos::new(32, 32);

fn set(grid: &mut Grid, cell: CellPos, dir: Dir, edge: Edge) {
    let done = grid.set_edge(EdgePos::of(cell, dir), edge);
    debug_assert!(done.is_ok(), "{cell:?} {dir:?}: {done:?}");
}

/// A 64×64 level for the frame-time benchmark: platform floors every 8
/// rows (they hold heroes up but not sight, so the whole view window is
/// seen) with a shaft every 12 columns, a solid ledge, two short walls by
/// the party,
/// four portals in sight of the entrance (two through the walls, two
/// through the floors), the party of three, 12 watchers and 485 items
/// (500 Things) scattered on the floors.
pub fn benchmark_level() -> Level {
    let mut grid = Grid::new(BENCH_SIZE, BENCH_SIZE).unwrap_or_else(|e| unreachable!("64x64: {e}"));
    let size = BENCH_SIZE as i32;
    for y in (8..size).step_by(8) {
        for x in 0..size {
            if x % 12 != 6 {
                set(&mut grid, CellPos::new(x, y), Dir::Down, Edge::PLATFORM);
            }
        }
    }
    for x in 20..28 {
        set(&mut grid, CellPos::new(x, 36), Dir::Down, Edge::SOLID);
    }
    for y in 32..40 {
        set(&mut grid, CellPos::new(24, y), Dir::Left, Edge::SOLID);
        set(&mut grid, CellPos::new(41, y), Dir::Left, Edge::SOLID);
    }
    let end = |x, y, side| PortalEnd::new(CellPos::new(x, y), side);
    let portals = [
        Portal::new(end(24, 33, Dir::Left), end(40, 34, Dir::Right)),
        Portal::new(end(24, 36, Dir::Left), end(40, 38, Dir::Right)),
        Portal::new(end(28, 32, Dir::Down), end(36, 47, Dir::Up)),
        Portal::new(end(38, 32, Dir::Down), end(20, 23, Dir::Up)),
    ];
    for p in portals {
        let added = grid.add_portal(p);
        debug_assert!(added.is_ok(), "{p:?}: {added:?}");
    }
    let mut things = vec![
        ThingSpec {
            id: "knight".into(),
            cell: BENCH_ENTRANCE,
            kind: ThingSpecKind::Hero {
                hero: HeroKind::Knight,
                rope_len_cells: Some(10),
            },
        },
        ThingSpec {
            id: "scout".into(),
            cell: BENCH_ENTRANCE,
            kind: ThingSpecKind::Hero {
                hero: HeroKind::Scout,
                rope_len_cells: None,
            },
        },
        ThingSpec {
            id: "sorceress".into(),
            cell: BENCH_ENTRANCE,
            kind: ThingSpecKind::Hero {
                hero: HeroKind::Sorceress,
                rope_len_cells: None,
            },
        },
    ];
    let mut rng = SplitMix64::new(8);
    let floor_cell =
        |rng: &mut SplitMix64| CellPos::new(rng.below(64) as i32, 8 * rng.below(8) as i32);
    for i in 0..12 {
        things.push(ThingSpec {
            id: format!("watcher{i}"),
            cell: floor_cell(&mut rng),
            kind: ThingSpecKind::Watcher { route: Vec::new() },
        });
    }
    let relic = ItemFlags::ACQUIRE
        .union(ItemFlags::PLACE)
        .union(ItemFlags::RELIC);
    let bucket = ItemFlags::ACQUIRE
        .union(ItemFlags::PLACE)
        .union(ItemFlags::CONTAIN)
        .union(ItemFlags::HANG);
    while things.len() < BENCH_THINGS {
        let i = things.len();
        let (name, flags) = if i % 3 == 0 {
            ("bucket", bucket)
        } else {
            ("relic", relic)
        };
        things.push(ThingSpec {
            id: format!("item{i}"),
            cell: floor_cell(&mut rng),
            kind: ThingSpecKind::Item {
                name: name.into(),
                flags,
            },
        });
    }
    Level {
        name: "Benchmark: 64x64, 4 portals, 500 things".into(),
        notes: Vec::new(),
        grid,
        entrance: BENCH_ENTRANCE,
        things,
        portal_labels: vec!['a', 'b', 'c', 'd'],
        required_relics: None,
        par: None,
        requires: game::equipment::EquipmentSet::EMPTY,
        forbids: game::equipment::EquipmentSet::EMPTY,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_benchmark_level_is_valid_and_as_promised() {
        let level = benchmark_level();
        assert_eq!(level.problems(), Vec::new());
        assert_eq!(level.things.len(), BENCH_THINGS);
        assert_eq!(level.grid.portals().len(), 4);
        assert_eq!((level.grid.width(), level.grid.height()), (64, 64));
        let stage = game::stage::Stage::from_level(&level).unwrap();
        // Every spec is a Thing, and the knight's rope one more.
        assert_eq!(stage.store().len(), BENCH_THINGS + 1);
        let mut view = game::view::GridView::new();
        view.build(stage.grid(), BENCH_ENTRANCE, game::stage::SIGHT_RADIUS);
        assert!(
            view.transforms().len() >= 5,
            "all four portals are in sight: {} regions",
            view.transforms().len()
        );
    }
}
