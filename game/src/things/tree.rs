//! The Thing tree: "held by", "contained in" and "tied to" are all one
//! relation, parent → children.
//!
//! Each Thing records its `parent` (0 = a root) and one `first_child`
//! (0 = none); the children of a parent are on one circular sibling ring
//! ([`Ring::Sibling`]) in attach order, starting at `first_child`. A root is on
//! no sibling ring (links 0).
//!
//! Invariants: links are symmetric (a child's parent lists it among its
//! children), there are no cycles, and a parent and its children are always in
//! the same cell. So cell membership changes only by moving a whole subtree:
//! [`Store::place_in_cell`] moves a root with everything under it, and
//! [`Store::attach`] moves the child's subtree into the parent's cell. Both go
//! through `move_subtree`, the one code path that edits cell lists after spawn.
//!
//! Despawning a parent detaches its children: they stay in the cell as roots.

use super::id::{CellIndex, ThingId, ThingIndex};
use super::links::{ring_push, ring_remove, Ring, RingIter, RingLinks};
use super::store::{slot, Store, StoreError, THING_CAPACITY};

impl Store {
    /// The parent of the live Thing `id`; `None` if it is a root or stale.
    pub fn parent(&self, id: ThingId) -> Option<ThingId> {
        let index = self.resolve(id)?;
        self.id_at(self.things[slot(index)].parent)
    }

    /// The children of `id`, in attach order; empty if none or stale.
    pub fn children(&self, id: ThingId) -> RingIter<'_> {
        let first = match self.resolve(id) {
            Some(index) => self.things[slot(index)].first_child,
            None => 0,
        };
        RingIter::new(self.things(), Ring::Sibling, first)
    }

    /// Makes `child` the last child of `parent`. If `child` had another
    /// parent it leaves it first; its whole subtree moves into the parent's
    /// cell. Attaching to the current parent changes nothing.
    ///
    /// Errors: either id stale; `SelfAttach`; `WouldCycle` if `parent` is in
    /// `child`'s subtree.
    pub fn attach(&mut self, child: ThingId, parent: ThingId) -> Result<(), StoreError> {
        let c = self.resolve_for_change(child)?;
        let p = self.resolve_for_change(parent)?;
        if c == p {
            return Err(StoreError::SelfAttach);
        }
        // Walk up from the parent: meeting the child means a loop.
        let mut ancestor = p;
        let mut budget = THING_CAPACITY;
        while ancestor != 0 && budget > 0 {
            if ancestor == c {
                return Err(StoreError::WouldCycle);
            }
            ancestor = self.things[slot(ancestor)].parent;
            budget -= 1;
        }
        if self.things[slot(c)].parent == p {
            return Ok(());
        }
        if self.things[slot(c)].parent != 0 {
            self.unlink_from_parent(c);
        }
        let things = &mut *self.things;
        let log = &mut self.changes;
        let first = things[slot(p)].first_child;
        things[slot(p)].first_child = ring_push(things, log, Ring::Sibling, first, c);
        things[slot(c)].parent = p;
        log.wrote(p);
        let cell = things[slot(p)].cell;
        if things[slot(c)].cell != cell {
            self.move_subtree(c, cell);
        }
        Ok(())
    }

    /// Makes `child` a root again; it stays in its cell, with its subtree.
    /// Errors: stale id; `NotAttached` if it has no parent.
    pub fn detach(&mut self, child: ThingId) -> Result<(), StoreError> {
        let c = self.resolve_for_change(child)?;
        if self.things[slot(c)].parent == 0 {
            return Err(StoreError::NotAttached);
        }
        self.unlink_from_parent(c);
        Ok(())
    }

    /// Moves the root `id` and its whole subtree to `cell`. The only way a
    /// Thing changes cell (attach uses the same path). Moving to the cell it
    /// is already in changes nothing.
    ///
    /// Errors: stale id; `CellOutOfRange`; `HasParent` (a held Thing moves
    /// with its holder, or is detached first).
    pub fn place_in_cell(&mut self, id: ThingId, cell: CellIndex) -> Result<(), StoreError> {
        let index = self.resolve_for_change(id)?;
        self.check_cell(cell)?;
        if self.things[slot(index)].parent != 0 {
            return Err(StoreError::HasParent);
        }
        if self.things[slot(index)].cell != cell {
            self.move_subtree(index, cell);
        }
        Ok(())
    }

    /// Takes `child` off its parent's sibling ring and clears its parent.
    pub(super) fn unlink_from_parent(&mut self, child: ThingIndex) {
        let things = &mut *self.things;
        let log = &mut self.changes;
        let parent = things[slot(child)].parent;
        let first = things[slot(parent)].first_child;
        things[slot(parent)].first_child = ring_remove(things, log, Ring::Sibling, first, child);
        things[slot(child)].parent = 0;
        log.wrote(parent);
    }

    /// Detaches every child of `parent`; they keep their cell and subtrees.
    pub(super) fn release_children(&mut self, parent: ThingIndex) {
        let things = &mut *self.things;
        let first = things[slot(parent)].first_child;
        let mut child = first;
        let mut budget = THING_CAPACITY;
        while child != 0 && budget > 0 {
            let next = things[slot(child)].links[Ring::Sibling.index()].next;
            things[slot(child)].links[Ring::Sibling.index()] = RingLinks::NONE;
            things[slot(child)].parent = 0;
            self.changes.wrote(child);
            child = if next == first { 0 } else { next };
            budget -= 1;
        }
        things[slot(parent)].first_child = 0;
        self.changes.wrote(parent);
    }

    /// The Thing after `node` in a pre-order walk of `root`'s subtree; 0 when
    /// the walk is over. Bounded, so corrupt links cannot make it loop.
    pub(super) fn subtree_next(&self, root: ThingIndex, node: ThingIndex) -> ThingIndex {
        let things = &self.things;
        let first_child = things[slot(node)].first_child;
        if first_child != 0 {
            return first_child;
        }
        let mut node = node;
        for _ in 0..THING_CAPACITY {
            if node == root {
                return 0;
            }
            let parent = things[slot(node)].parent;
            if parent == 0 {
                return 0;
            }
            let sibling = things[slot(node)].links[Ring::Sibling.index()].next;
            if sibling != 0 && sibling != things[slot(parent)].first_child {
                return sibling;
            }
            node = parent;
        }
        0
    }

    /// Moves `root` and every Thing under it from their cell list to
    /// `cell`'s, each at its place in slot order.
    pub(super) fn move_subtree(&mut self, root: ThingIndex, cell: CellIndex) {
        let mut node = root;
        let mut budget = THING_CAPACITY;
        while node != 0 && budget > 0 {
            let thing = &mut self.things[slot(node)];
            let old = thing.cell;
            thing.cell = cell;
            self.changes.wrote(node);
            self.cells.remove(old, node);
            self.cells.insert(cell, node);
            node = self.subtree_next(root, node);
            budget -= 1;
        }
    }
}

#[cfg(test)]
mod unit {
    use super::super::thing::{Thing, ThingData, ThingKind};
    use super::*;

    fn store() -> Store {
        Store::with_cell_count(16).unwrap()
    }

    fn spawn(store: &mut Store, kind: ThingKind, cell: u16) -> ThingId {
        store
            .spawn(kind, CellIndex(cell), ThingData::default())
            .unwrap()
    }

    fn ids<'a>(iter: impl Iterator<Item = (ThingId, &'a Thing)>) -> Vec<ThingId> {
        iter.map(|(id, _)| id).collect()
    }

    fn cell_of(store: &Store, id: ThingId) -> u16 {
        store.get(id).unwrap().cell().0
    }

    #[test]
    fn attach_moves_the_child_into_the_parents_cell_and_lists_it() {
        let mut store = store();
        let hero = spawn(&mut store, ThingKind::Hero, 1);
        let bucket = spawn(&mut store, ThingKind::Interactable, 2);
        let relic = spawn(&mut store, ThingKind::Interactable, 2);
        store.attach(relic, bucket).unwrap();
        store.attach(bucket, hero).unwrap();
        assert_eq!(store.parent(bucket), Some(hero));
        assert_eq!(store.parent(relic), Some(bucket));
        assert_eq!(ids(store.children(hero)), vec![bucket]);
        assert_eq!(cell_of(&store, bucket), 1);
        assert_eq!(cell_of(&store, relic), 1, "grandchildren move too");
        assert_eq!(ids(store.iter_cell(CellIndex(2))), vec![]);
        assert_eq!(ids(store.iter_cell(CellIndex(1))).len(), 3);
        assert_eq!(store.validate(), Ok(()));
    }

    #[test]
    fn children_keep_attach_order_and_reattach_moves_between_parents() {
        let mut store = store();
        let a = spawn(&mut store, ThingKind::Hero, 0);
        let b = spawn(&mut store, ThingKind::Hero, 5);
        let items: Vec<_> = (0..3)
            .map(|_| spawn(&mut store, ThingKind::Interactable, 0))
            .collect();
        for &item in &items {
            store.attach(item, a).unwrap();
        }
        assert_eq!(ids(store.children(a)), items);
        // Iteration can start at any sibling.
        assert_eq!(
            ids(store.ring_from(Ring::Sibling, items[1])),
            vec![items[1], items[2], items[0]]
        );
        store.attach(items[1], a).unwrap();
        assert_eq!(ids(store.children(a)), items, "same parent: unchanged");
        store.attach(items[1], b).unwrap();
        assert_eq!(ids(store.children(a)), vec![items[0], items[2]]);
        assert_eq!(ids(store.children(b)), vec![items[1]]);
        assert_eq!(cell_of(&store, items[1]), 5);
        assert_eq!(store.validate(), Ok(()));
    }

    #[test]
    fn attach_refuses_self_cycles_and_stale_ids_without_changes() {
        let mut store = store();
        let a = spawn(&mut store, ThingKind::Interactable, 0);
        let b = spawn(&mut store, ThingKind::Interactable, 0);
        let c = spawn(&mut store, ThingKind::Interactable, 0);
        let gone = spawn(&mut store, ThingKind::Interactable, 0);
        store.despawn(gone).unwrap();
        store.attach(b, a).unwrap();
        store.attach(c, b).unwrap();
        let before = store.clone();
        assert_eq!(store.attach(a, a), Err(StoreError::SelfAttach));
        assert_eq!(store.attach(a, c), Err(StoreError::WouldCycle));
        assert_eq!(store.attach(a, b), Err(StoreError::WouldCycle));
        assert_eq!(store.attach(gone, a), Err(StoreError::StaleId(gone)));
        assert_eq!(store.attach(a, gone), Err(StoreError::StaleId(gone)));
        assert!(store == before);
    }

    #[test]
    fn detach_leaves_the_child_in_its_cell_as_a_root() {
        let mut store = store();
        let hero = spawn(&mut store, ThingKind::Hero, 3);
        let rope = spawn(&mut store, ThingKind::Interactable, 3);
        assert_eq!(store.detach(rope), Err(StoreError::NotAttached));
        store.attach(rope, hero).unwrap();
        store.detach(rope).unwrap();
        assert_eq!(store.parent(rope), None);
        assert_eq!(ids(store.children(hero)), vec![]);
        assert_eq!(cell_of(&store, rope), 3);
        assert_eq!(ids(store.ring_from(Ring::Sibling, rope)), vec![rope]);
        assert_eq!(store.validate(), Ok(()));
    }

    #[test]
    fn place_in_cell_moves_the_whole_subtree_and_refuses_held_things() {
        let mut store = store();
        let hero = spawn(&mut store, ThingKind::Hero, 0);
        let bucket = spawn(&mut store, ThingKind::Interactable, 0);
        let relic = spawn(&mut store, ThingKind::Interactable, 0);
        let bystander = spawn(&mut store, ThingKind::Enemy, 0);
        store.attach(bucket, hero).unwrap();
        store.attach(relic, bucket).unwrap();
        store.place_in_cell(hero, CellIndex(9)).unwrap();
        for id in [hero, bucket, relic] {
            assert_eq!(cell_of(&store, id), 9);
        }
        assert_eq!(cell_of(&store, bystander), 0);
        assert_eq!(ids(store.iter_cell(CellIndex(0))), vec![bystander]);
        assert_eq!(
            store.place_in_cell(relic, CellIndex(1)),
            Err(StoreError::HasParent)
        );
        assert_eq!(
            store.place_in_cell(hero, CellIndex(16)),
            Err(StoreError::CellOutOfRange {
                cell: CellIndex(16),
                cell_count: 16
            })
        );
        assert_eq!(store.validate(), Ok(()));
    }

    #[test]
    fn despawning_a_parent_detaches_its_children_in_place() {
        let mut store = store();
        let holder = spawn(&mut store, ThingKind::Hero, 4);
        let child_a = spawn(&mut store, ThingKind::Interactable, 4);
        let child_b = spawn(&mut store, ThingKind::Interactable, 4);
        let grandchild = spawn(&mut store, ThingKind::Interactable, 4);
        store.attach(child_a, holder).unwrap();
        store.attach(child_b, holder).unwrap();
        store.attach(grandchild, child_b).unwrap();
        store.despawn(holder).unwrap();
        assert_eq!(store.parent(child_a), None);
        assert_eq!(store.parent(child_b), None);
        assert_eq!(
            store.parent(grandchild),
            Some(child_b),
            "subtrees stay whole"
        );
        assert_eq!(cell_of(&store, child_a), 4);
        assert_eq!(ids(store.iter_cell(CellIndex(4))).len(), 3);
        assert_eq!(store.validate(), Ok(()));
    }

    #[test]
    fn despawning_a_child_leaves_its_siblings_attached() {
        let mut store = store();
        let holder = spawn(&mut store, ThingKind::Interactable, 4);
        let kids: Vec<_> = (0..3)
            .map(|_| spawn(&mut store, ThingKind::Interactable, 4))
            .collect();
        for &kid in &kids {
            store.attach(kid, holder).unwrap();
        }
        store.despawn(kids[0]).unwrap();
        assert_eq!(ids(store.children(holder)), vec![kids[1], kids[2]]);
        assert_eq!(store.validate(), Ok(()));
    }
}
