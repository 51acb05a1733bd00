//! The broad phase: which pairs of bodies go to the narrow phase, and the
//! contact list each step rebuilds from them.
//!
//! Each body has a [`Proxy`]: its bounding box and what else the pair test
//! reads (filter, dynamic, awake), packed in one small array. A pair is
//! tested when at least one body is dynamic and awake, the filters agree,
//! no joint joins them, and the boxes overlap; each awake body is paired
//! with every body, fine for the ≤ 100 bodies of a scene. Pairs that pass
//! go through the SAT narrow phase (`sat`); each new contact inherits the
//! accumulated impulses of last step's contact between the same pair, by
//! feature id — or, when the pair has barely moved relative to the pose its
//! manifold was built at, last step's contact is kept with its points
//! re-measured and the SAT skipped (`Contact::may_reuse`). Last step's
//! contacts between two bodies not awake stand as they were.
//!
//! Invariants: a proxy's box and flags are those of its body when it was
//! last visited (`active`), so the proxy of a body no step visits any more
//! matches the body exactly; `joined` is sorted and holds exactly the body
//! pairs some joint joins; the contact list stays sorted by body pair.
//! Deterministic: pairs are tested in body order and nothing is hashed.
use super::body::{Body, BodyKind, Filter};
use super::contact::Contact;
use super::id::{BodyId, IdPool};
use super::math::Vec2;
use super::polygon::MAX_VERTICES;
use super::sat::collide;

/// An axis-aligned bounding box.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Aabb {
    pub(crate) min: Vec2,
    pub(crate) max: Vec2,
}

impl Aabb {
    /// The box of `body`'s polygon at its current pose.
    pub(crate) fn of(body: &Body) -> Aabb {
        let mut verts = [Vec2::ZERO; MAX_VERTICES];
        let n = body.world_vertices(&mut verts);
        let (mut lo, mut hi) = (verts[0], verts[0]);
        for &v in &verts[1..n] {
            lo = lo.min(v);
            hi = hi.max(v);
        }
        Aabb { min: lo, max: hi }
    }

    #[inline]
    pub(crate) fn overlaps(&self, o: &Aabb) -> bool {
        self.min.x <= o.max.x
            && o.min.x <= self.max.x
            && self.min.y <= o.max.y
            && o.min.y <= self.max.y
    }
}

/// What the broad phase reads of a body, packed (28 bytes against the
/// body's 252), so the `n²` sweep walks one small array.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Proxy {
    pub(crate) aabb: Aabb,
    pub(crate) filter: Filter,
    pub(crate) dynamic: bool,
    /// Dynamic and not asleep.
    pub(crate) awake: bool,
}

impl Proxy {
    /// The flags `body` has now (its box is left as it is).
    #[inline]
    fn flags_of(&mut self, body: &Body) {
        self.filter = body.filter;
        self.dynamic = body.kind == BodyKind::Dynamic;
        self.awake = self.dynamic && !body.asleep;
    }
}

/// The proxies, the joined pairs, and the scratch of the contact search
/// (see the module doc).
#[derive(Clone, Debug, Default)]
pub(crate) struct BroadPhase {
    /// One per body slot.
    proxies: Vec<Proxy>,
    /// Body pairs `(lo, hi)` joined by a joint, sorted: they never collide.
    joined: Vec<(u32, u32)>,
    /// This step's awake dynamic bodies, ascending (each is paired with
    /// every body; two bodies not awake are not tested); empty when
    /// nothing dynamic is awake.
    awake: Vec<u32>,
    /// Scratch: this step's contacts of awake pairs, then (`previous`) the
    /// merged list (see `find_contacts`).
    fresh: Vec<Contact>,
    previous: Vec<Contact>,
}

impl BroadPhase {
    /// A proxy for a new body slot (filled when the body is first visited).
    pub(crate) fn add_proxy(&mut self) {
        self.proxies.push(Proxy::default());
    }

    /// Every body slot's proxy.
    #[inline]
    pub(crate) fn proxies(&self) -> &[Proxy] {
        &self.proxies
    }

    /// Whether bodies `i` and `j`'s boxes overlap.
    #[inline]
    pub(crate) fn overlaps(&self, i: usize, j: usize) -> bool {
        self.proxies[i].aabb.overlaps(&self.proxies[j].aabb)
    }

    /// Whether this step has an awake dynamic body (else no contact is
    /// solved).
    #[inline]
    pub(crate) fn any_awake(&self) -> bool {
        !self.awake.is_empty()
    }

    /// Body pairs joined by a joint, sorted.
    pub(crate) fn joined(&self) -> &[(u32, u32)] {
        &self.joined
    }

    /// Whether `proxy` is what `body`'s proxy holds after a visit: its
    /// box and flags.
    pub(crate) fn matches(proxy: &Proxy, body: &Body) -> bool {
        let mut fresh = Proxy {
            aabb: Aabb::of(body),
            ..Proxy::default()
        };
        fresh.flags_of(body);
        *proxy == fresh
    }

    /// Bodies `a` and `b` are joined: they no longer collide.
    pub(crate) fn join(&mut self, a: u32, b: u32) {
        let pair = (a.min(b), a.max(b));
        if let Err(at) = self.joined.binary_search(&pair) {
            self.joined.insert(at, pair);
        }
    }

    /// Bodies `a` and `b` are joined no more: they may touch again.
    pub(crate) fn unjoin(&mut self, a: u32, b: u32) {
        let pair = (a.min(b), a.max(b));
        if let Ok(at) = self.joined.binary_search(&pair) {
            self.joined.remove(at);
        }
    }

    /// The bounding boxes of this step's bodies (`active`) at their current
    /// poses (the others' are where they were left: see `active`).
    pub(crate) fn update_aabbs(&mut self, bodies: &[Body], active: &[u32]) {
        for &i in active {
            self.proxies[i as usize].aabb = Aabb::of(&bodies[i as usize]);
        }
    }

    /// Starts this step's list of awake bodies.
    #[inline]
    pub(crate) fn begin_awake(&mut self) {
        self.awake.clear();
    }

    /// Refreshes body `i`'s proxy flags from `body` (visited this step, in
    /// ascending order); returns whether it is awake (then listed).
    #[inline]
    pub(crate) fn refresh(&mut self, i: u32, body: &Body) -> bool {
        let p = &mut self.proxies[i as usize];
        p.flags_of(body);
        if p.awake {
            self.awake.push(i);
        }
        p.awake
    }

    /// Broad and narrow phase: rebuilds `contacts` in `(a, b)` order, each
    /// inheriting last step's impulses (see `update_aabbs`, which must run
    /// first). Only pairs with an awake body are tested, into `fresh`; last
    /// step's contacts between two bodies not awake stand as they were.
    /// The fresh contacts then replace the others: the whole list when none
    /// stands; slot for slot when the awake pairs in contact are the same
    /// as last step's (a pile asleep beside a few awake bodies copies only
    /// theirs); else merged with those standing, in order. `ids`: the body
    /// slots' ids.
    pub(crate) fn find_contacts(
        &mut self,
        bodies: &[Body],
        ids: &IdPool,
        contacts: &mut Vec<Contact>,
    ) {
        if self.awake.is_empty() {
            // Everything dynamic sleeps: the contacts stand as they are.
            return;
        }
        self.fresh.clear();
        let mut old_at = 0;
        let count = bodies.len();
        // The awake bodies after `i`, for an `i` not awake.
        let mut later = 0;
        for i in 0..count {
            while later < self.awake.len() && self.awake[later] as usize <= i {
                later += 1;
            }
            // The box test inline, the rest for the few that overlap.
            let pi = self.proxies[i];
            if pi.awake {
                for j in i + 1..count {
                    if pi.aabb.overlaps(&self.proxies[j].aabb) {
                        self.test_pair(i, j, &mut old_at, bodies, ids, contacts);
                    }
                }
            } else {
                for k in later..self.awake.len() {
                    let j = self.awake[k] as usize;
                    if pi.aabb.overlaps(&self.proxies[j].aabb) {
                        self.test_pair(i, j, &mut old_at, bodies, ids, contacts);
                    }
                }
            }
        }
        let proxies = &self.proxies;
        let stands =
            |c: &Contact| !proxies[c.body_a.index()].awake && !proxies[c.body_b.index()].awake;
        let key = |c: &Contact| (c.body_a, c.body_b);
        if !contacts.iter().any(stands) {
            std::mem::swap(contacts, &mut self.fresh);
            return;
        }
        let mut replaced = contacts.iter().filter(|c| !stands(c)).map(key);
        if replaced.by_ref().eq(self.fresh.iter().map(key)) {
            let mut fresh = self.fresh.iter();
            for c in contacts.iter_mut().filter(|c| !stands(c)) {
                c.clone_from(fresh.next().expect("as many fresh contacts as replaced"));
            }
            return;
        }
        self.previous.clear();
        let mut fresh = self.fresh.iter().peekable();
        for c in contacts.iter().filter(|c| stands(c)) {
            while let Some(f) = fresh.next_if(|f| key(f) < key(c)) {
                self.previous.extend_from_slice(std::slice::from_ref(f));
            }
            self.previous.extend_from_slice(std::slice::from_ref(c));
        }
        self.previous.extend(fresh);
        std::mem::swap(contacts, &mut self.previous);
    }

    /// The rest of the broad phase and the narrow phase of bodies `i < j`,
    /// one of them awake, whose boxes overlap, into `fresh`; `old_at` walks
    /// last step's contacts (`contacts`) to this pair's.
    #[inline(always)]
    fn test_pair(
        &mut self,
        i: usize,
        j: usize,
        old_at: &mut usize,
        bodies: &[Body],
        ids: &IdPool,
        contacts: &[Contact],
    ) {
        let (pi, pj) = (&self.proxies[i], &self.proxies[j]);
        if !(pi.dynamic || pj.dynamic)
            || !pi.filter.allows(pj.filter)
            || self.joined.binary_search(&(i as u32, j as u32)).is_ok()
        {
            return;
        }
        let (ida, idb) = (
            BodyId::new(i as u32, ids.generation(i)),
            BodyId::new(j as u32, ids.generation(j)),
        );
        while *old_at < contacts.len()
            && (contacts[*old_at].body_a, contacts[*old_at].body_b) < (ida, idb)
        {
            *old_at += 1;
        }
        let (bi, bj) = (&bodies[i], &bodies[j]);
        let old = contacts
            .get(*old_at)
            .filter(|old| (old.body_a, old.body_b) == (ida, idb));
        if let Some(old) = old.filter(|old| old.may_reuse(bi, bj)) {
            // Copied straight into place (`push(*old)` copies the
            // 272-byte contact to the stack first).
            self.fresh.extend_from_slice(std::slice::from_ref(old));
            if self.fresh.last_mut().is_some_and(|c| c.remeasure(bi, bj)) {
                return;
            }
            self.fresh.pop();
        }
        let Some(m) = collide(&bi.polygon, bi.transform(), &bj.polygon, bj.transform()) else {
            return;
        };
        let mut contact = Contact::new(ida, idb, &m, bi, bj);
        if let Some(old) = old {
            contact.inherit_impulses(old);
        }
        self.fresh.push(contact);
    }
}
