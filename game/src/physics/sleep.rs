//! Sleeping: an island (dynamic bodies linked by contacts and joints) whose
//! every body has been slow for [`TIME_TO_SLEEP`] stops being simulated
//! until something disturbs it. A sleeping body gets no gravity, is not
//! integrated, and its contacts are kept from the step it fell asleep
//! (exact, since nothing in the island moves) but not solved, so a settled
//! pile costs the broad phase and nothing more.
//!
//! Waking, at the start of each step, before anything is solved: a whole
//! island wakes when one of its bodies is woken directly (a velocity,
//! force, impulse or mass set on it, a teleport, a body it rests on
//! removed: `Body::wake`), when a *waker* — an awake dynamic body, or a
//! kinematic body with a velocity — may touch one of its bodies (bounding
//! boxes overlap and the filters agree: a box dropped on a sleeping pile),
//! or when a waker is joined to one of its bodies (a hoisted rope's
//! kinematic anchor starting to move).
//!
//! Invariants: a sleeping body is dynamic and has zero velocity, and all
//! bodies of its island sleep (they carry the island's tag, the index of
//! one of them); a body touching or joined to a moving kinematic body never
//! sleeps; with `Settings::sleeping` off every body is awake. Everything is
//! in body order, so sleeping is as deterministic as the rest of the step.
//!
//! Data (for DESIGN.md): each `Body` gains `asleep`, `sleep_time` (how long
//! it has been slower than [`SLEEP_SPEED`]) and `island` (the tag of the
//! island it fell asleep with, kept after waking directly so its island
//! mates follow it); the world keeps the union–find scratch here.
use super::body::{Body, BodyKind};
use super::contact::Contact;
use super::joint::RevoluteJoint;

/// A body is slow when `|v| + r_max |ω|` (the fastest speed of any of its
/// points, `r_max` its farthest vertex from the centre) is under this
/// (m/s).
pub const SLEEP_SPEED: f32 = 0.05;

/// How long (s) every body of an island must be slow before it sleeps.
pub const TIME_TO_SLEEP: f32 = 0.5;

/// The `island` of a body that is not part of a sleeping island.
pub(crate) const NO_ISLAND: u32 = u32::MAX;

/// Union–find scratch for building islands.
#[derive(Clone, Debug, Default)]
pub(crate) struct Islands {
    parent: Vec<u32>,
    min_time: Vec<f32>,
    /// Islands to wake this step (their tags).
    waking: Vec<u32>,
    /// The bodies that may wake others this step.
    wakers: Vec<u32>,
}

/// Whether `b` moves others: an awake dynamic body, or a kinematic one with
/// a velocity.
fn is_waker(b: &Body) -> bool {
    match b.kind {
        BodyKind::Dynamic => !b.asleep,
        BodyKind::Kinematic => {
            b.linear_velocity != super::math::Vec2::ZERO || b.angular_velocity != 0.0
        }
        BodyKind::Static => false,
    }
}

impl Islands {
    /// The wake pass at the start of a step (see the module doc);
    /// `may_touch(i, j)`: bodies `i` and `j`'s bounding boxes overlap.
    pub(crate) fn wake(
        &mut self,
        bodies: &mut [Body],
        joints: &[RevoluteJoint],
        may_touch: impl Fn(usize, usize) -> bool,
    ) {
        if bodies.iter().all(|b| b.island == NO_ISLAND) {
            return;
        }
        self.waking.clear();
        self.wakers.clear();
        self.wakers
            .extend((0..bodies.len() as u32).filter(|&w| is_waker(&bodies[w as usize])));
        for (i, s) in bodies.iter().enumerate() {
            if s.island == NO_ISLAND || self.waking.contains(&s.island) {
                continue;
            }
            let disturbed = !s.asleep
                || self.wakers.iter().any(|&w| {
                    let w = w as usize;
                    w != i && s.filter.allows(bodies[w].filter) && may_touch(i, w)
                });
            if disturbed {
                self.waking.push(s.island);
            }
        }
        for j in joints {
            let (a, b) = (&bodies[j.body_a.index()], &bodies[j.body_b.index()]);
            for (s, w) in [(a, b), (b, a)] {
                if s.asleep && is_waker(w) && !self.waking.contains(&s.island) {
                    self.waking.push(s.island);
                }
            }
        }
        for b in bodies.iter_mut() {
            if b.island != NO_ISLAND && self.waking.contains(&b.island) {
                b.wake();
                b.island = NO_ISLAND;
            }
        }
    }

    fn find(&mut self, mut i: u32) -> u32 {
        while self.parent[i as usize] != i {
            let up = self.parent[self.parent[i as usize] as usize];
            self.parent[i as usize] = up;
            i = up;
        }
        i
    }

    fn union(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.find(a as u32), self.find(b as u32));
        // The lower index is the root: the tag does not depend on order.
        let (lo, hi) = (ra.min(rb), ra.max(rb));
        self.parent[hi as usize] = lo;
    }

    /// After a step: the awake bodies' slow timers, then the islands (the
    /// solved contacts `order` of `contacts`, and the joints); an island
    /// whose bodies have all been slow for [`TIME_TO_SLEEP`] falls asleep.
    /// With `enabled` off, every body is woken instead.
    pub(crate) fn update(
        &mut self,
        bodies: &mut [Body],
        contacts: &[Contact],
        order: &[u32],
        joints: &[RevoluteJoint],
        dt_s: f32,
        enabled: bool,
    ) {
        if !enabled {
            for b in bodies.iter_mut().filter(|b| b.island != NO_ISLAND) {
                b.wake();
                b.island = NO_ISLAND;
            }
            return;
        }
        for b in bodies.iter_mut() {
            if b.kind != BodyKind::Dynamic || b.asleep {
                continue;
            }
            let reach = b
                .polygon
                .vertices()
                .iter()
                .fold(0.0f32, |r, v| r.max(v.length_squared()))
                .sqrt();
            let speed = b.linear_velocity.length() + reach * b.angular_velocity.abs();
            b.sleep_time = if speed < SLEEP_SPEED {
                b.sleep_time + dt_s
            } else {
                0.0
            };
        }
        self.parent.clear();
        self.parent.extend(0..bodies.len() as u32);
        let pairs = order
            .iter()
            .map(|&ci| (contacts[ci as usize].body_a, contacts[ci as usize].body_b))
            .chain(joints.iter().map(|j| (j.body_a, j.body_b)));
        for (a, b) in pairs {
            let (a, b) = (a.index(), b.index());
            match (bodies[a].kind, bodies[b].kind) {
                (BodyKind::Dynamic, BodyKind::Dynamic) => self.union(a, b),
                // Held or pushed by something moving: not at rest.
                (BodyKind::Dynamic, _) if is_waker(&bodies[b]) => bodies[a].sleep_time = 0.0,
                (_, BodyKind::Dynamic) if is_waker(&bodies[a]) => bodies[b].sleep_time = 0.0,
                _ => {}
            }
        }
        self.min_time.clear();
        self.min_time.resize(bodies.len(), f32::INFINITY);
        for (i, b) in bodies.iter().enumerate() {
            if b.kind == BodyKind::Dynamic && !b.asleep {
                let root = self.find(i as u32) as usize;
                self.min_time[root] = self.min_time[root].min(b.sleep_time);
            }
        }
        for (i, b) in bodies.iter_mut().enumerate() {
            if b.kind != BodyKind::Dynamic || b.asleep {
                continue;
            }
            let root = self.find(i as u32);
            if self.min_time[root as usize] >= TIME_TO_SLEEP {
                b.asleep = true;
                b.island = root;
                b.linear_velocity = super::math::Vec2::ZERO;
                b.angular_velocity = 0.0;
            }
        }
    }
}
