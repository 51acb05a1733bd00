//! Sleeping: an island (dynamic bodies linked by contacts and joints) whose
//! every body has been slow for [`TIME_TO_SLEEP`] stops being simulated
//! until something disturbs it. A sleeping body gets no gravity, is not
//! integrated, and its contacts are kept from the step it fell asleep
//! (exact, since nothing in the island moves) but not solved; the step
//! does not even visit its bodies (`active`), so a settled pile costs
//! nothing per body.
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
//! Data: each `Body` holds `asleep`, `sleep_time` (how long it has been
//! slower than [`SLEEP_SPEED`]) and `island` (the tag of the island it fell
//! asleep with, or `NO_ISLAND`; kept after waking directly so its island
//! mates follow it); the world keeps the union–find scratch here, and the
//! count of tagged bodies (none: the wake pass returns at once).
use super::active::ActiveSet;
use super::body::{Body, BodyKind, NO_ISLAND};
use super::contact::Contact;
use super::joint::RevoluteJoint;

/// A body is slow when `|v| + r_max |ω|` (the fastest speed of any of its
/// points, `r_max` its farthest vertex from the centre) is under this
/// (m/s).
pub const SLEEP_SPEED: f32 = 0.05;

/// How long (s) every body of an island must be slow before it sleeps.
pub const TIME_TO_SLEEP: f32 = 0.5;

/// Union–find scratch for building islands.
#[derive(Clone, Debug, Default)]
pub(crate) struct Islands {
    parent: Vec<u32>,
    min_time: Vec<f32>,
    /// Islands to wake this step (their tags).
    waking: Vec<u32>,
    /// The bodies that may wake others this step.
    wakers: Vec<u32>,
    /// How many bodies carry an island tag (an upper bound between wake
    /// passes, exact after one with a waker): none, and the wake pass has
    /// nothing to do.
    tagged: usize,
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
    /// The wake pass at the start of a step (see the module doc), over this
    /// step's `active` bodies (`active`): the bodies it wakes are pushed
    /// onto `woken`; `may_touch(i, j)`: bodies `i` and `j`'s bounding boxes
    /// overlap.
    pub(crate) fn wake(
        &mut self,
        bodies: &mut [Body],
        joints: &[RevoluteJoint],
        active: &[u32],
        may_touch: impl Fn(usize, usize) -> bool,
        woken: &mut Vec<u32>,
    ) {
        woken.clear();
        if self.tagged == 0 {
            // No body carries an island tag: nothing sleeps.
            return;
        }
        self.waking.clear();
        self.wakers.clear();
        // Woken directly (a body is woken only through `World::body_mut`
        // or by removing what it rests on, which mark it active).
        for &i in active {
            let b = &bodies[i as usize];
            if b.island != NO_ISLAND && !b.asleep && !self.waking.contains(&b.island) {
                self.waking.push(b.island);
            }
            if is_waker(b) {
                self.wakers.push(i);
            }
        }
        if !self.wakers.is_empty() {
            // Touched by a waker; the pass also recounts the tags.
            let mut tagged = 0;
            for (i, s) in bodies.iter().enumerate() {
                if s.island == NO_ISLAND {
                    continue;
                }
                tagged += 1;
                if !s.asleep || self.waking.contains(&s.island) {
                    continue;
                }
                let touched = self.wakers.iter().any(|&w| {
                    let w = w as usize;
                    w != i && s.filter.allows(bodies[w].filter) && may_touch(i, w)
                });
                if touched {
                    self.waking.push(s.island);
                }
            }
            self.tagged = tagged;
        }
        for j in joints {
            let (a, b) = (&bodies[j.body_a.index()], &bodies[j.body_b.index()]);
            for (s, w) in [(a, b), (b, a)] {
                if s.asleep && is_waker(w) && !self.waking.contains(&s.island) {
                    self.waking.push(s.island);
                }
            }
        }
        if self.waking.is_empty() {
            return;
        }
        for (i, b) in bodies.iter_mut().enumerate() {
            if b.island != NO_ISLAND && self.waking.contains(&b.island) {
                b.wake();
                b.island = NO_ISLAND;
                self.tagged -= 1;
                woken.push(i as u32);
            }
        }
    }

    /// At least how many bodies carry an island tag.
    pub(crate) fn tagged(&self) -> usize {
        self.tagged
    }

    /// A body carrying an island tag was removed (its slot's placeholder
    /// carries none).
    pub(crate) fn forget_tag(&mut self) {
        self.tagged = self.tagged.saturating_sub(1);
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
    /// `active`: this step's bodies (every awake dynamic body among them);
    /// a body that falls asleep is marked for the next step (see `active`).
    /// With `enabled` off, every body is woken instead (and marked).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn update(
        &mut self,
        bodies: &mut [Body],
        contacts: &[Contact],
        order: &[u32],
        joints: &[RevoluteJoint],
        next: &mut ActiveSet,
        dt_s: f32,
        enabled: bool,
    ) {
        if !enabled {
            if self.tagged > 0 {
                for (i, b) in bodies.iter_mut().enumerate() {
                    if b.island != NO_ISLAND {
                        b.wake();
                        b.island = NO_ISLAND;
                        next.mark(i);
                    }
                }
                self.tagged = 0;
            }
            return;
        }
        let active = next.list();
        for &i in active {
            let b = &mut bodies[i as usize];
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
        if self.parent.len() < bodies.len() {
            self.parent.resize(bodies.len(), 0);
            self.min_time.resize(bodies.len(), f32::INFINITY);
        }
        // Only the active bodies and the joints' take part: a solved
        // contact's dynamic bodies are awake (the wake pass woke any
        // sleeping body whose box an awake one overlaps).
        let named = joints
            .iter()
            .flat_map(|j| [j.body_a.index(), j.body_b.index()])
            .chain(active.iter().map(|&i| i as usize));
        for i in named {
            self.parent[i] = i as u32;
            self.min_time[i] = f32::INFINITY;
        }
        let pairs = order
            .iter()
            .map(|&ci| (contacts[ci as usize].body_a, contacts[ci as usize].body_b))
            .chain(joints.iter().map(|j| (j.body_a, j.body_b)));
        for (a, b) in pairs {
            let (a, b) = (a.index(), b.index());
            match (bodies[a].kind, bodies[b].kind) {
                (BodyKind::Dynamic, BodyKind::Dynamic) => {
                    debug_assert!(
                        !(bodies[a].asleep ^ bodies[b].asleep),
                        "a pair solved with one body asleep"
                    );
                    self.union(a, b)
                }
                // Held or pushed by something moving: not at rest.
                (BodyKind::Dynamic, _) if is_waker(&bodies[b]) => bodies[a].sleep_time = 0.0,
                (_, BodyKind::Dynamic) if is_waker(&bodies[a]) => bodies[b].sleep_time = 0.0,
                _ => {}
            }
        }
        for &i in active {
            let b = &bodies[i as usize];
            if b.kind == BodyKind::Dynamic && !b.asleep {
                let root = self.find(i) as usize;
                self.min_time[root] = self.min_time[root].min(b.sleep_time);
            }
        }
        for k in 0..next.list().len() {
            let i = next.list()[k];
            let b = &bodies[i as usize];
            if b.kind != BodyKind::Dynamic || b.asleep {
                continue;
            }
            let root = self.find(i);
            if self.min_time[root as usize] >= TIME_TO_SLEEP {
                let b = &mut bodies[i as usize];
                b.asleep = true;
                b.island = root;
                b.linear_velocity = super::math::Vec2::ZERO;
                b.angular_velocity = 0.0;
                self.tagged += 1;
                next.mark(i as usize);
            }
        }
    }
}
