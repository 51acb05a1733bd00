//! Long suites for the Large Array of Things: the random-operation model test,
//! the scramble-and-rebuild test, snapshot restore (as undo does it), and
//! robustness against arbitrary written Things. The cells' index is tested
//! in `tests/cells.rs`.

mod cells;

use super::*;
use crate::rng::SplitMix64 as Rng;
use std::collections::{HashMap, HashSet};

/// What the model knows of one live Thing.
#[derive(Clone, Debug)]
struct ModelThing {
    kind: ThingKind,
    cell: u16,
    parent: Option<ThingId>,
    /// In attach order.
    children: Vec<ThingId>,
    data: ThingData,
}

/// The simple model: a map of live Things and the ids that died.
#[derive(Default)]
struct Model {
    live: HashMap<ThingId, ModelThing>,
    /// Live ids, to pick from at random.
    order: Vec<ThingId>,
    /// Recently despawned ids (bounded).
    stale: Vec<ThingId>,
    /// Every id ever issued: a new id must never repeat one.
    issued: HashSet<ThingId>,
}

impl Model {
    fn pick_live(&self, rng: &mut Rng) -> Option<ThingId> {
        (!self.order.is_empty()).then(|| self.order[rng.below(self.order.len())])
    }

    /// A live id most of the time, else a stale one.
    fn pick(&self, rng: &mut Rng) -> Option<ThingId> {
        if !self.stale.is_empty() && (self.order.is_empty() || rng.chance(10)) {
            return Some(self.stale[rng.below(self.stale.len())]);
        }
        self.pick_live(rng)
    }

    fn subtree(&self, root: ThingId) -> Vec<ThingId> {
        let mut out = vec![root];
        let mut i = 0;
        while i < out.len() {
            out.extend(self.live[&out[i]].children.iter().copied());
            i += 1;
        }
        out
    }

    fn set_cell(&mut self, root: ThingId, cell: u16) {
        for id in self.subtree(root) {
            if let Some(t) = self.live.get_mut(&id) {
                t.cell = cell;
            }
        }
    }

    fn unparent(&mut self, child: ThingId) {
        if let Some(parent) = self.live.get_mut(&child).and_then(|c| c.parent.take()) {
            if let Some(p) = self.live.get_mut(&parent) {
                p.children.retain(|&c| c != child);
            }
        }
    }

    fn is_ancestor_or_self(&self, ancestor: ThingId, of: ThingId) -> bool {
        let mut at = Some(of);
        while let Some(id) = at {
            if id == ancestor {
                return true;
            }
            at = self.live[&id].parent;
        }
        false
    }

    fn check_id(&self, id: ThingId) -> Result<(), StoreError> {
        if self.live.contains_key(&id) {
            Ok(())
        } else {
            Err(StoreError::StaleId(id))
        }
    }
}

fn ids_of<'a>(iter: impl Iterator<Item = (ThingId, &'a Thing)>) -> Vec<ThingId> {
    iter.map(|(id, _)| id).collect()
}

fn sorted(mut ids: Vec<ThingId>) -> Vec<ThingId> {
    ids.sort();
    ids
}

/// Compares one Thing of the store with the model's.
fn check_thing(store: &Store, model: &Model, id: ThingId) {
    let want = &model.live[&id];
    let got = store.get(id).expect("a live id resolves");
    assert_eq!(got.kind(), want.kind, "{id} kind");
    assert_eq!(got.cell().0, want.cell, "{id} cell");
    assert_eq!(got.data, want.data, "{id} data");
    assert_eq!(store.parent(id), want.parent, "{id} parent");
    assert_eq!(ids_of(store.children(id)), want.children, "{id} children");
}

/// Compares every Thing, every kind set and every cell list with the model.
fn check_everything(store: &Store, model: &Model, cell_count: usize) {
    assert_eq!(store.len(), model.live.len());
    for &id in &model.order {
        check_thing(store, model, id);
    }
    for kind in &ThingKind::ALL[1..] {
        let want: Vec<_> = model
            .order
            .iter()
            .copied()
            .filter(|id| model.live[id].kind == *kind)
            .collect();
        assert_eq!(
            sorted(ids_of(store.iter_kind(*kind))),
            sorted(want),
            "{kind:?} set"
        );
    }
    for cell in 0..cell_count as u16 {
        let want: Vec<_> = model
            .order
            .iter()
            .copied()
            .filter(|id| model.live[id].cell == cell)
            .collect();
        assert_eq!(
            sorted(ids_of(store.iter_cell(CellIndex(cell)))),
            sorted(want),
            "cell {cell} list"
        );
    }
}

const MODEL_CELLS: usize = 24;
const MODEL_OPS: usize = 100_000;
/// The live population the model test hovers around.
const MODEL_TARGET_LIVE: usize = 120;

/// One random operation on both the store and the model; checks that they
/// agree on the outcome.
fn random_op(store: &mut Store, model: &mut Model, rng: &mut Rng) {
    let random_cell = |rng: &mut Rng| {
        // Mostly in range, sometimes just past the end.
        if rng.chance(3) {
            (MODEL_CELLS + rng.below(3)) as u16
        } else {
            rng.below(MODEL_CELLS) as u16
        }
    };
    let cell_result = |cell: u16| {
        if usize::from(cell) < MODEL_CELLS {
            Ok(())
        } else {
            Err(StoreError::CellOutOfRange {
                cell: CellIndex(cell),
                cell_count: MODEL_CELLS,
            })
        }
    };
    let spawn_weight = if model.live.len() < MODEL_TARGET_LIVE {
        30
    } else {
        12
    };
    let roll = rng.below(100);
    if roll < spawn_weight {
        let kind = ThingKind::ALL[if rng.chance(3) {
            0
        } else {
            1 + rng.below(KIND_COUNT - 1)
        }];
        let cell = random_cell(rng);
        let data = ThingData {
            action_points: rng.below(7) as u8,
            route: rng.below(1000) as u16,
            ..ThingData::default()
        };
        let got = store.spawn(kind, CellIndex(cell), data);
        let want = if kind == ThingKind::Free {
            Err(StoreError::SpawnFree)
        } else {
            cell_result(cell)
        };
        match (got, want) {
            (Ok(id), Ok(())) => {
                assert!(model.issued.insert(id), "{id} was issued before");
                model.live.insert(
                    id,
                    ModelThing {
                        kind,
                        cell,
                        parent: None,
                        children: vec![],
                        data,
                    },
                );
                model.order.push(id);
            }
            (got, want) => assert_eq!(got.err(), want.err(), "spawn {kind:?} in {cell}"),
        }
    } else if roll < spawn_weight + 20 {
        let Some(id) = model.pick(rng) else { return };
        let got = store.despawn(id);
        match model.check_id(id) {
            Err(e) => assert_eq!(got, Err(e)),
            Ok(()) => {
                assert_eq!(got, Ok(()), "despawn of live {id}");
                model.unparent(id);
                let gone = model.live.remove(&id).expect("live");
                for child in gone.children {
                    if let Some(c) = model.live.get_mut(&child) {
                        c.parent = None;
                    }
                }
                model.order.retain(|&o| o != id);
                model.stale.push(id);
                if model.stale.len() > 512 {
                    model.stale.swap_remove(rng.below(512));
                }
            }
        }
    } else if roll < spawn_weight + 35 {
        let Some(id) = model.pick(rng) else { return };
        let cell = random_cell(rng);
        let got = store.place_in_cell(id, CellIndex(cell));
        let want = model
            .check_id(id)
            .and_then(|()| cell_result(cell))
            .and_then(|()| {
                if model.live[&id].parent.is_some() {
                    Err(StoreError::HasParent)
                } else {
                    Ok(())
                }
            });
        assert_eq!(got, want, "place {id} in {cell}");
        if want.is_ok() {
            model.set_cell(id, cell);
        }
    } else if roll < spawn_weight + 55 {
        let (Some(child), Some(parent)) = (model.pick(rng), model.pick(rng)) else {
            return;
        };
        let got = store.attach(child, parent);
        let want = model
            .check_id(child)
            .and_then(|()| model.check_id(parent))
            .and_then(|()| {
                if child == parent {
                    Err(StoreError::SelfAttach)
                } else if model.is_ancestor_or_self(child, parent) {
                    Err(StoreError::WouldCycle)
                } else {
                    Ok(())
                }
            });
        assert_eq!(got, want, "attach {child} to {parent}");
        if want.is_ok() && model.live[&child].parent != Some(parent) {
            model.unparent(child);
            model.live.get_mut(&child).expect("live").parent = Some(parent);
            model
                .live
                .get_mut(&parent)
                .expect("live")
                .children
                .push(child);
            let cell = model.live[&parent].cell;
            model.set_cell(child, cell);
        }
    } else if roll < spawn_weight + 65 {
        let Some(id) = model.pick(rng) else { return };
        let got = store.detach(id);
        let want = model.check_id(id).and_then(|()| {
            if model.live[&id].parent.is_some() {
                Ok(())
            } else {
                Err(StoreError::NotAttached)
            }
        });
        assert_eq!(got, want, "detach {id}");
        if want.is_ok() {
            model.unparent(id);
        }
    } else if roll < spawn_weight + 75 {
        let Some(id) = model.pick(rng) else { return };
        let points = rng.below(7) as u8;
        match store.data_mut(id) {
            Some(data) => {
                data.action_points = points;
                model
                    .live
                    .get_mut(&id)
                    .expect("data_mut only resolves live ids")
                    .data
                    .action_points = points;
            }
            None => assert!(!model.live.contains_key(&id), "{id} is live"),
        }
    } else {
        // get with a fresh or stale id.
        let Some(id) = model.pick(rng) else { return };
        if model.live.contains_key(&id) {
            check_thing(store, model, id);
        } else {
            assert!(store.get(id).is_none(), "stale {id} resolved");
            assert!(!store.contains(id));
        }
    }
}

#[test]
fn random_operations_agree_with_a_hashmap_model() {
    let mut rng = Rng::new(0x5EED_0003);
    let mut store = Store::with_cell_count(MODEL_CELLS).expect("cell count in range");
    let mut model = Model::default();
    let mut refusals = HashMap::new();
    for op in 0..MODEL_OPS {
        let before_len = store.len();
        random_op(&mut store, &mut model, &mut rng);
        if let Err(e) = store.validate() {
            panic!("after op {op}: {e}");
        }
        assert_eq!(store.len(), model.live.len(), "after op {op}");
        *refusals.entry(store.len() == before_len).or_insert(0) += 1;
        // A random cell's ring, every op.
        let cell = rng.below(MODEL_CELLS) as u16;
        let want: Vec<_> = model
            .order
            .iter()
            .copied()
            .filter(|id| model.live[id].cell == cell)
            .collect();
        assert_eq!(
            sorted(ids_of(store.iter_cell(CellIndex(cell)))),
            sorted(want)
        );
        // A cell comes out in slot order whatever happened before; a live
        // Thing is not on the free list, so that "ring" is just itself.
        if let Some(id) = model.pick_live(&mut rng) {
            let whole = ids_of(store.iter_cell(CellIndex(model.live[&id].cell)));
            assert!(whole.contains(&id));
            assert!(whole.windows(2).all(|w| w[0].index() < w[1].index()));
            assert_eq!(ids_of(store.ring_from(Ring::Free, id)), vec![id]);
            // A kind comes out in slot order whatever happened before.
            let of_kind = ids_of(store.iter_kind(model.live[&id].kind));
            assert!(of_kind.windows(2).all(|w| w[0].index() < w[1].index()));
        }
        if op % 5_000 == 4_999 {
            check_everything(&store, &model, MODEL_CELLS);
        }
        if op % 20_000 == 19_999 {
            // Rebuilding must keep every Thing and membership; go on with
            // the rebuilt (reordered) rings.
            store.rebuild_links();
            assert_eq!(store.validate(), Ok(()));
            check_everything(&store, &model, MODEL_CELLS);
        }
    }
    check_everything(&store, &model, MODEL_CELLS);
    // The run exercised the interesting states, not just spawns.
    assert!(
        model.issued.len() > 10_000,
        "spawned {}",
        model.issued.len()
    );
    assert!(model.stale.len() >= 500);
    assert!(model.live.values().any(|t| !t.children.is_empty()));
    assert!(model.live.len() > 50);
}

/// A store with a few hundred Things in trees, some despawned.
fn busy_store(seed: u64) -> Store {
    let mut rng = Rng::new(seed);
    let mut store = Store::with_cell_count(40).expect("cell count in range");
    let mut ids = Vec::new();
    for _ in 0..600 {
        let kind = ThingKind::ALL[1 + rng.below(KIND_COUNT - 1)];
        let cell = CellIndex(rng.below(40) as u16);
        ids.push(store.spawn(kind, cell, ThingData::default()).expect("room"));
    }
    for _ in 0..300 {
        let (a, b) = (ids[rng.below(ids.len())], ids[rng.below(ids.len())]);
        let _ = store.attach(a, b);
    }
    for _ in 0..150 {
        let _ = store.despawn(ids[rng.below(ids.len())]);
    }
    for _ in 0..100 {
        let _ = store.place_in_cell(ids[rng.below(ids.len())], CellIndex(rng.below(40) as u16));
    }
    assert_eq!(store.validate(), Ok(()));
    store
}

/// Every kind and cell of the store as (kinds, cells) of ids in iteration order.
fn all_rings(store: &Store) -> (Vec<Vec<ThingId>>, Vec<Vec<ThingId>>) {
    let kinds = ThingKind::ALL
        .iter()
        .map(|&k| ids_of(store.iter_kind(k)))
        .collect();
    let cells = (0..store.cell_count())
        .map(|c| ids_of(store.iter_cell(CellIndex(c as u16))))
        .collect();
    (kinds, cells)
}

#[test]
fn scrambled_links_are_rebuilt_to_the_same_lists() {
    let mut store = busy_store(7);
    let (kinds, cells) = all_rings(&store);
    let mut canonical = store.clone();
    canonical.rebuild_links();
    let canonical_rings = all_rings(&canonical);
    let things_before: Vec<Thing> = store.things().to_vec();

    let mut rng = Rng::new(99);
    for thing in store.things.iter_mut().skip(1) {
        thing.links[Ring::Free.index()] = RingLinks {
            next: rng.next_u64() as u16,
            prev: rng.next_u64() as u16,
        };
    }
    store.free_head = rng.next_u64() as u16;
    for _ in 0..50 {
        let cell = CellIndex(rng.below(store.cell_count()) as u16);
        store.cells.insert(cell, rng.next_u64() as u16);
    }
    for _ in 0..50 {
        let kind = ThingKind::ALL[1 + rng.below(KIND_COUNT - 1)];
        store.kinds.insert(kind, rng.next_u64() as u16);
    }
    store.len = 12345;
    assert!(store.validate().is_err(), "scrambling broke the rings");

    store.rebuild_links();
    assert_eq!(store.validate(), Ok(()));
    let (new_kinds, new_cells) = all_rings(&store);
    // Same members as before the scramble, and exactly the canonical order.
    for (a, b) in kinds.iter().zip(&new_kinds) {
        assert_eq!(sorted(a.clone()), sorted(b.clone()));
    }
    for (a, b) in cells.iter().zip(&new_cells) {
        assert_eq!(sorted(a.clone()), sorted(b.clone()));
    }
    assert_eq!((new_kinds, new_cells), canonical_rings);
    assert!(store == canonical);
    // Nothing but ring links changed in any Thing.
    for (before, after) in things_before.iter().zip(store.things().iter()) {
        let strip = |t: &Thing| Thing {
            links: [RingLinks::NONE, t.links[Ring::Sibling.index()]],
            ..*t
        };
        assert_eq!(strip(before), strip(after));
    }
}

#[test]
fn rebuild_of_a_zeroed_store_changes_nothing() {
    let mut store = Store::with_cell_count(64).expect("cell count in range");
    store.rebuild_links();
    assert!(store == Store::with_cell_count(64).expect("cell count in range"));
    assert_eq!(store.iter_kind(ThingKind::Free).count(), 0);
    // Every slot is still available to spawn.
    for i in 0..100 {
        let id = store
            .spawn(ThingKind::Enemy, CellIndex(0), ThingData::default())
            .expect("room");
        assert_eq!(usize::from(id.index()), i + 1);
    }
    assert_eq!(store.validate(), Ok(()));
}

#[test]
fn writing_back_snapshots_restores_the_store_as_undo_does() {
    let store_before = busy_store(11);
    let mut store = store_before.clone();
    let mut rng = Rng::new(5);
    for _ in 0..500 {
        let index = 1 + rng.below(700) as u16;
        match (rng.below(4), store.id_at(index)) {
            (0, Some(id)) => store.despawn(id).expect("id_at gives live ids"),
            (1, Some(id)) => {
                let _ = store.place_in_cell(id, CellIndex(rng.below(40) as u16));
            }
            (2, Some(id)) => {
                if let Some(other) = store.id_at(1 + rng.below(700) as u16) {
                    let _ = store.attach(id, other);
                }
            }
            _ => {
                let _ = store.spawn(
                    ThingKind::Hero,
                    CellIndex(rng.below(40) as u16),
                    ThingData::default(),
                );
            }
        }
    }
    assert_eq!(store.validate(), Ok(()));
    // Undo: write back every Thing whose value changed, then rebuild.
    let mut written = 0;
    for i in 1..THING_CAPACITY {
        let old = store_before.things()[i];
        let ring_free = |t: &Thing| Thing {
            links: [RingLinks::NONE, t.links[Ring::Sibling.index()]],
            ..*t
        };
        if ring_free(&old) != ring_free(&store.things()[i]) {
            store.write_thing(i, old).expect("index in range");
            written += 1;
        }
    }
    assert!(written > 100, "the random steps changed {written} things");
    store.rebuild_links();
    assert_eq!(store.validate(), Ok(()));
    let mut canonical = store_before.clone();
    canonical.rebuild_links();
    assert!(store == canonical);
}

#[test]
fn generation_wraps_past_max_and_old_ids_stay_dead() {
    let mut store = Store::with_cell_count(4).expect("cell count in range");
    let first = store
        .spawn(ThingKind::Hero, CellIndex(0), ThingData::default())
        .expect("room");
    store.despawn(first).expect("live");
    // Pretend slot 1 has been reused 2^31 - 1 times.
    let mut worn = store.things()[1];
    worn.generation = u32::MAX - 1;
    store.write_thing(1, worn).expect("index in range");
    store.rebuild_links();
    let last = store
        .spawn(ThingKind::Hero, CellIndex(0), ThingData::default())
        .expect("room");
    assert_eq!(last.generation().get(), u32::MAX);
    store.despawn(last).expect("live");
    assert_eq!(
        store.things()[1].generation(),
        2,
        "0 is skipped: it means never used"
    );
    let fresh = store
        .spawn(ThingKind::Hero, CellIndex(0), ThingData::default())
        .expect("room");
    assert_eq!((fresh.index(), fresh.generation().get()), (1, 3));
    assert!(store.get(last).is_none());
    assert!(store.get(first).is_none());
    assert!(store.get(fresh).is_some());
    assert_eq!(store.validate(), Ok(()));
}

#[test]
fn things_round_trip_through_bincode() {
    let store = busy_store(3);
    let config = bincode::config::standard();
    let live: Vec<Thing> = store
        .things()
        .iter()
        .copied()
        .filter(Thing::is_live)
        .collect();
    let bytes = bincode::serde::encode_to_vec(&live, config).expect("encodes");
    let (back, _): (Vec<Thing>, usize) =
        bincode::serde::decode_from_slice(&bytes, config).expect("decodes");
    assert_eq!(back, live);
    let id = store.id_at(1).expect("slot 1 is live in the busy store");
    let bytes = bincode::serde::encode_to_vec(id, config).expect("encodes");
    let (back, _): (ThingId, usize) =
        bincode::serde::decode_from_slice(&bytes, config).expect("decodes");
    assert_eq!(back, id);
}

#[test]
fn arbitrary_written_things_never_make_public_calls_panic() {
    let mut rng = Rng::new(0xBAD);
    let mut store = busy_store(13);
    let random_thing = |rng: &mut Rng| {
        let mut thing = Thing {
            kind: ThingKind::ALL[rng.below(KIND_COUNT)],
            generation: rng.below(3) as u32,
            cell: CellIndex(rng.next_u64() as u16 % 64),
            parent: rng.next_u64() as u16 % 1024,
            first_child: rng.next_u64() as u16 % 1024,
            ..Thing::default()
        };
        for links in &mut thing.links {
            *links = RingLinks {
                next: rng.next_u64() as u16,
                prev: rng.next_u64() as u16,
            };
        }
        thing
    };
    let mut invalid = 0;
    for round in 0..200 {
        for _ in 0..5 {
            let index = 1 + rng.below(1000);
            store
                .write_thing(index, random_thing(&mut rng))
                .expect("index in range");
        }
        if round % 2 == 0 {
            store.rebuild_links();
        }
        invalid += usize::from(store.validate().is_err());
        for _ in 0..50 {
            let index = 1 + rng.below(1100) as u16;
            let id = ThingId::new(
                index,
                std::num::NonZeroU32::new(1 + rng.below(3) as u32).expect("non-zero"),
            );
            let other = store.id_at(1 + rng.below(1100) as u16).unwrap_or(id);
            let cell = CellIndex(rng.below(50) as u16);
            let _ = match rng.below(6) {
                0 => store
                    .spawn(ThingKind::Enemy, cell, ThingData::default())
                    .map(|_| ()),
                1 => store.despawn(id),
                2 => store.attach(id, other),
                3 => store.detach(id),
                4 => store.place_in_cell(id, cell),
                _ => Ok(()),
            };
            assert!(store.iter_cell(cell).count() <= THING_CAPACITY);
            assert!(store.children(id).count() <= THING_CAPACITY);
            assert!(store.ring_from(Ring::Free, id).count() <= THING_CAPACITY);
        }
    }
    assert!(
        invalid > 100,
        "random writes were caught by validate ({invalid} rounds)"
    );
}
