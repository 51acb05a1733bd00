//! Editor scenes shared by tests and the benchmark.
use game::edit::op;
use game::grid::{CellPos, Dir, EdgePos, PortalEnd};
use game::level::{HeroKind, ItemFlags, Level, ThingSpec, ThingSpecKind};

/// A 128×128 level of 8×8 rooms joined by doors, 16 portal pairs between
/// far rooms, and 256 things (heroes, relics, coils, watchers on routes):
/// the largest level the format allows, for the edit benchmark.
pub fn editor_benchmark_level() -> Level {
    let mut l = super::list::new_level("Benchmark 128x128").expect("size is fine");
    for ry in 0..16 {
        for rx in 0..16 {
            let a = CellPos::new(rx * 8, ry * 8);
            op::room(&mut l, a, CellPos::new(a.x + 7, a.y + 7)).expect("inside");
        }
    }
    // Doors: open the middle of every inner wall.
    for ry in 0..16 {
        for rx in 0..16 {
            if rx > 0 {
                let _ = op::paint_edge(
                    &mut l,
                    EdgePos::vertical(rx * 8, ry * 8 + 1),
                    op::EdgeKind::Open,
                );
            }
            if ry > 0 {
                let _ = op::paint_edge(
                    &mut l,
                    EdgePos::horizontal(rx * 8 + 3, ry * 8),
                    op::EdgeKind::Platform,
                );
            }
        }
    }
    for i in 0..16 {
        let a = PortalEnd::new(CellPos::new(i * 8 + 5, 2), Dir::Down);
        let b = PortalEnd::new(CellPos::new(i * 8 + 5, 127), Dir::Up);
        op::link_portal(&mut l, a, b).expect("fits");
    }
    for i in 0..255 {
        let cell = CellPos::new((i % 16) * 8 + 2, (i / 16) * 8 + 1);
        let (base, kind) = match i % 4 {
            0 => (
                "scout",
                ThingSpecKind::Hero {
                    hero: HeroKind::Scout,
                    rope_len_cells: Some(4),
                },
            ),
            1 => (
                "relic",
                ThingSpecKind::Item {
                    name: "relic".into(),
                    flags: ItemFlags::ACQUIRE.union(ItemFlags::RELIC),
                },
            ),
            2 => ("rope", ThingSpecKind::RopeCoil { len_cells: 6 }),
            _ => (
                "watcher",
                ThingSpecKind::Watcher {
                    route: vec![cell, CellPos::new(cell.x + 4, cell.y)],
                },
            ),
        };
        let id = op::fresh_id(&l, base);
        op::add_thing(&mut l, ThingSpec { id, cell, kind }).expect("fits");
    }
    l
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_benchmark_level_is_valid_and_full_size() {
        let l = super::editor_benchmark_level();
        assert_eq!((l.grid.width(), l.grid.height()), (128, 128));
        assert_eq!(l.grid.portals().len(), 16);
        assert_eq!(l.things.len(), 256);
        assert!(l.is_valid(), "{:?}", l.problems().first());
    }
}
