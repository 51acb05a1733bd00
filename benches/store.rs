//! The store's hot paths against peer arenas, measured in the same run:
//! spawn+despawn, get by id, iterate one kind, iterate one cell, each with
//! 10,000 live Things. Results and the command go in BENCHMARKS.md.
//!
//! Fairness choices:
//! - Every peer stores our own 36-byte `Thing` (copied out of the store), so
//!   payload size and memory footprint match. Nobody reads a removed value.
//! - Spawn+despawn: the store also puts the Thing in its kind set and its
//!   cell's list and takes it out again, and keeps the free list as a ring;
//!   the bare peers keep no index at all. The `slotmap+cell_index` peer keeps the per-cell
//!   `Vec<Vec<Key>>` a game would otherwise need. Two shapes: one Thing
//!   spawned and despawned again (100 pairs per timed iteration, to spread
//!   the timer's overhead), and a batch of 100 spawned over 4 cells then
//!   despawned in spawn order.
//! - Get: all 10,000 ids in one shuffled order, the same for everyone.
//! - Iterate one kind (about 2,500 heroes among 10,000 Things): peers get
//!   their best case, an arena holding only that kind (`DenseSlotMap` for
//!   slotmap), and also a filter over one arena of all 10,000. The store
//!   reads its kind set (a bit per slot) and the Things it names.
//! - Iterate one cell (16 Things): peers keep a per-cell `Vec<Vec<Key>>` and
//!   look each key up; the store reads its cell list (slot indices) and
//!   the Things they name.
#![forbid(unsafe_code)]

use criterion::measurement::WallTime;
use criterion::{
    black_box, criterion_group, criterion_main, BenchmarkGroup, BenchmarkId, Criterion, Throughput,
};
use game::rng::SplitMix64 as Rng;
use game::things::{CellIndex, Store, Thing, ThingData, ThingId, ThingKind, MAX_CELLS};
use slotmap::{DefaultKey, DenseSlotMap, SlotMap};
use thunderdome::{Arena, Index};

/// Live Things in every measured container.
const LIVE: usize = 10_000;
/// The cell "iterate one cell" walks; it holds `BUSY_CELL_THINGS` Things.
const BUSY_CELL: u16 = 4321;
const BUSY_CELL_THINGS: usize = 16;
/// The kind "iterate one kind" walks (about a quarter of the Things).
const KIND: ThingKind = ThingKind::Hero;

/// The same 10,000 Things in the store and in every peer.
struct Scene {
    store: Store,
    ids: Vec<ThingId>,
    things: Vec<Thing>,
    /// A random visiting order over `0..LIVE`, the same for everyone.
    order: Vec<usize>,
}

fn scene() -> Scene {
    let mut rng = Rng::new(2024);
    let mut store = Store::new();
    let kinds = [
        ThingKind::Hero,
        ThingKind::Interactable,
        ThingKind::RopeSegment,
        ThingKind::Enemy,
    ];
    let mut ids = Vec::with_capacity(LIVE);
    for i in 0..LIVE {
        let kind = kinds[rng.below(kinds.len())];
        let cell = if i % (LIVE / BUSY_CELL_THINGS) == 0 {
            BUSY_CELL
        } else {
            loop {
                let c = rng.below(MAX_CELLS) as u16;
                if c != BUSY_CELL {
                    break c;
                }
            }
        };
        let data = ThingData {
            route: rng.below(100) as u16,
            ..ThingData::default()
        };
        ids.push(
            store
                .spawn(kind, CellIndex(cell), data)
                .expect("the store has room"),
        );
    }
    let things = ids
        .iter()
        .map(|&id| *store.get(id).expect("just spawned"))
        .collect();
    let mut order: Vec<usize> = (0..LIVE).collect();
    for i in (1..LIVE).rev() {
        order.swap(i, rng.below(i + 1));
    }
    Scene {
        store,
        ids,
        things,
        order,
    }
}

/// Spawn+despawn pairs timed per iteration, so the timer's own overhead is
/// spread over many operations.
const PAIRS_PER_ITER: usize = 100;
/// Things spawned, then despawned, per iteration of the batch shape.
const BATCH: usize = 100;

/// A container under the spawn/despawn benchmarks: put a Thing in a cell,
/// take it out by key.
trait Container {
    type Key: Copy;
    fn spawn(&mut self, thing: &Thing, cell: CellIndex) -> Self::Key;
    fn despawn(&mut self, key: Self::Key);
}

impl Container for Store {
    type Key = ThingId;
    #[inline]
    fn spawn(&mut self, thing: &Thing, cell: CellIndex) -> ThingId {
        Store::spawn(self, thing.kind(), cell, thing.data).expect("the store has room")
    }
    #[inline]
    fn despawn(&mut self, key: ThingId) {
        Store::despawn(self, key).expect("the id is live");
    }
}

impl Container for SlotMap<DefaultKey, Thing> {
    type Key = DefaultKey;
    #[inline]
    fn spawn(&mut self, thing: &Thing, _cell: CellIndex) -> DefaultKey {
        self.insert(*thing)
    }
    #[inline]
    fn despawn(&mut self, key: DefaultKey) {
        self.remove(key);
    }
}

impl Container for Arena<Thing> {
    type Key = Index;
    #[inline]
    fn spawn(&mut self, thing: &Thing, _cell: CellIndex) -> Index {
        self.insert(*thing)
    }
    #[inline]
    fn despawn(&mut self, key: Index) {
        self.remove(key);
    }
}

/// A SlotMap plus the per-cell key lists a game would keep beside it: the
/// like-for-like peer of the store's cell lists.
struct SlotMapWithCells {
    map: SlotMap<DefaultKey, Thing>,
    cells: Vec<Vec<DefaultKey>>,
}

impl Container for SlotMapWithCells {
    type Key = (DefaultKey, CellIndex);
    #[inline]
    fn spawn(&mut self, thing: &Thing, cell: CellIndex) -> Self::Key {
        let key = self.map.insert(*thing);
        self.cells[cell.index()].push(key);
        (key, cell)
    }
    #[inline]
    fn despawn(&mut self, (key, cell): Self::Key) {
        let in_cell = &mut self.cells[cell.index()];
        if let Some(at) = in_cell.iter().position(|&k| k == key) {
            in_cell.swap_remove(at);
        }
        self.map.remove(key);
    }
}

/// `container` holding the scene's 10,000 Things in their cells.
fn filled<C: Container>(mut container: C, s: &Scene) -> C {
    for t in &s.things {
        container.spawn(t, t.cell());
    }
    container
}

/// One Thing spawned and despawned again, `PAIRS_PER_ITER` times.
fn pairs<C: Container>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    mut container: C,
    thing: &Thing,
    cell: CellIndex,
) {
    group.bench_function(name, |b| {
        b.iter(|| {
            for _ in 0..PAIRS_PER_ITER {
                let key = container.spawn(black_box(thing), cell);
                container.despawn(black_box(key));
            }
        })
    });
}

/// `BATCH` Things spawned round the `cells`, then despawned in spawn order.
fn batch<C: Container>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    mut container: C,
    thing: &Thing,
    cells: &[CellIndex],
) {
    let mut keys = Vec::with_capacity(BATCH);
    group.bench_function(name, |b| {
        b.iter(|| {
            for i in 0..BATCH {
                keys.push(container.spawn(black_box(thing), cells[i % cells.len()]));
            }
            for key in keys.drain(..) {
                container.despawn(black_box(key));
            }
        })
    });
}

fn spawn_despawn(c: &mut Criterion, s: &Scene) {
    let spare = s.things[0];
    let cell = CellIndex(77);
    let batch_cells = [
        CellIndex(77),
        CellIndex(1000),
        CellIndex(5000),
        CellIndex(9000),
    ];
    let with_cells = || SlotMapWithCells {
        map: SlotMap::with_capacity(LIVE),
        cells: vec![Vec::new(); MAX_CELLS],
    };

    let mut group = c.benchmark_group("store/spawn_despawn");
    group.throughput(Throughput::Elements(PAIRS_PER_ITER as u64));
    pairs(&mut group, "rappel", filled(Store::new(), s), &spare, cell);
    pairs(
        &mut group,
        "slotmap",
        filled(SlotMap::with_capacity(LIVE), s),
        &spare,
        cell,
    );
    pairs(
        &mut group,
        "thunderdome",
        filled(Arena::with_capacity(LIVE), s),
        &spare,
        cell,
    );
    pairs(
        &mut group,
        "slotmap+cell_index",
        filled(with_cells(), s),
        &spare,
        cell,
    );
    group.finish();

    let mut group = c.benchmark_group("store/spawn_despawn_batch");
    group.throughput(Throughput::Elements(BATCH as u64));
    batch(
        &mut group,
        "rappel",
        filled(Store::new(), s),
        &spare,
        &batch_cells,
    );
    batch(
        &mut group,
        "slotmap",
        filled(SlotMap::with_capacity(LIVE), s),
        &spare,
        &batch_cells,
    );
    batch(
        &mut group,
        "thunderdome",
        filled(Arena::with_capacity(LIVE), s),
        &spare,
        &batch_cells,
    );
    batch(
        &mut group,
        "slotmap+cell_index",
        filled(with_cells(), s),
        &spare,
        &batch_cells,
    );
    group.finish();
}

fn get_by_id(c: &mut Criterion, s: &Scene) {
    let mut group = c.benchmark_group("store/get");
    group.throughput(Throughput::Elements(LIVE as u64));
    let ids: Vec<ThingId> = s.order.iter().map(|&i| s.ids[i]).collect();
    group.bench_function(BenchmarkId::new("rappel", LIVE), |b| {
        b.iter(|| {
            let mut sum = 0u64;
            for &id in &ids {
                if let Some(t) = s.store.get(id) {
                    sum += u64::from(t.cell().0);
                }
            }
            black_box(sum)
        })
    });

    let mut map = SlotMap::with_capacity(LIVE);
    let keys: Vec<DefaultKey> = s.things.iter().map(|&t| map.insert(t)).collect();
    let keys: Vec<DefaultKey> = s.order.iter().map(|&i| keys[i]).collect();
    group.bench_function(BenchmarkId::new("slotmap", LIVE), |b| {
        b.iter(|| {
            let mut sum = 0u64;
            for &k in &keys {
                if let Some(t) = map.get(k) {
                    sum += u64::from(t.cell().0);
                }
            }
            black_box(sum)
        })
    });

    let mut arena = Arena::with_capacity(LIVE);
    let indices: Vec<Index> = s.things.iter().map(|&t| arena.insert(t)).collect();
    let indices: Vec<Index> = s.order.iter().map(|&i| indices[i]).collect();
    group.bench_function(BenchmarkId::new("thunderdome", LIVE), |b| {
        b.iter(|| {
            let mut sum = 0u64;
            for &i in &indices {
                if let Some(t) = arena.get(i) {
                    sum += u64::from(t.cell().0);
                }
            }
            black_box(sum)
        })
    });
    group.finish();
}

fn iterate_kind(c: &mut Criterion, s: &Scene) {
    let mut group = c.benchmark_group("store/iter_kind");
    let of_kind: Vec<Thing> = s
        .things
        .iter()
        .copied()
        .filter(|t| t.kind() == KIND)
        .collect();
    group.throughput(Throughput::Elements(of_kind.len() as u64));
    let sum_route = |t: &Thing| u64::from(t.data.route);

    group.bench_function("rappel", |b| {
        b.iter(|| {
            black_box(
                s.store
                    .iter_kind(KIND)
                    .map(|(_, t)| sum_route(t))
                    .sum::<u64>(),
            )
        })
    });

    let mut dense_one: DenseSlotMap<DefaultKey, Thing> = DenseSlotMap::with_capacity(of_kind.len());
    for &t in &of_kind {
        dense_one.insert(t);
    }
    group.bench_function("slotmap_dense_one_kind", |b| {
        b.iter(|| black_box(dense_one.values().map(sum_route).sum::<u64>()))
    });

    let mut arena_one = Arena::with_capacity(of_kind.len());
    for &t in &of_kind {
        arena_one.insert(t);
    }
    group.bench_function("thunderdome_one_kind", |b| {
        b.iter(|| black_box(arena_one.iter().map(|(_, t)| sum_route(t)).sum::<u64>()))
    });

    let mut dense_all: DenseSlotMap<DefaultKey, Thing> = DenseSlotMap::with_capacity(LIVE);
    for &t in &s.things {
        dense_all.insert(t);
    }
    group.bench_function("slotmap_dense_filter", |b| {
        b.iter(|| {
            black_box(
                dense_all
                    .values()
                    .filter(|t| t.kind() == KIND)
                    .map(sum_route)
                    .sum::<u64>(),
            )
        })
    });

    let mut arena_all = Arena::with_capacity(LIVE);
    for &t in &s.things {
        arena_all.insert(t);
    }
    group.bench_function("thunderdome_filter", |b| {
        b.iter(|| {
            black_box(
                arena_all
                    .iter()
                    .filter(|(_, t)| t.kind() == KIND)
                    .map(|(_, t)| sum_route(t))
                    .sum::<u64>(),
            )
        })
    });
    group.finish();
}

fn iterate_cell(c: &mut Criterion, s: &Scene) {
    let mut group = c.benchmark_group("store/iter_cell");
    group.throughput(Throughput::Elements(BUSY_CELL_THINGS as u64));
    let cell = CellIndex(BUSY_CELL);
    assert_eq!(s.store.iter_cell(cell).count(), BUSY_CELL_THINGS);
    let sum_route = |t: &Thing| u64::from(t.data.route);

    group.bench_function("rappel", |b| {
        b.iter(|| {
            black_box(
                s.store
                    .iter_cell(black_box(cell))
                    .map(|(_, t)| sum_route(t))
                    .sum::<u64>(),
            )
        })
    });

    let mut map = SlotMap::with_capacity(LIVE);
    let mut cells: Vec<Vec<DefaultKey>> = vec![Vec::new(); MAX_CELLS];
    for &t in &s.things {
        cells[t.cell().index()].push(map.insert(t));
    }
    group.bench_function("slotmap_cell_index", |b| {
        b.iter(|| {
            let keys = &cells[black_box(cell).index()];
            black_box(
                keys.iter()
                    .filter_map(|&k| map.get(k))
                    .map(sum_route)
                    .sum::<u64>(),
            )
        })
    });

    let mut arena = Arena::with_capacity(LIVE);
    let mut cells: Vec<Vec<Index>> = vec![Vec::new(); MAX_CELLS];
    for &t in &s.things {
        cells[t.cell().index()].push(arena.insert(t));
    }
    group.bench_function("thunderdome_cell_index", |b| {
        b.iter(|| {
            let indices = &cells[black_box(cell).index()];
            black_box(
                indices
                    .iter()
                    .filter_map(|&i| arena.get(i))
                    .map(sum_route)
                    .sum::<u64>(),
            )
        })
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    let s = scene();
    assert_eq!(s.store.len(), LIVE);
    assert_eq!(s.store.validate(), Ok(()));
    spawn_despawn(c, &s);
    get_by_id(c, &s);
    iterate_kind(c, &s);
    iterate_cell(c, &s);
}

criterion_group!(store_benches, benches);
criterion_main!(store_benches);
