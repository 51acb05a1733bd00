//! The active set: the bodies a step visits, so that a sleeping pile costs
//! nothing per body and a pile with one small island awake costs in
//! proportion to that island.
//!
//! A body is visited (its box and broad-phase proxy refreshed, its pose
//! remembered, its velocity and pose integrated, its slow timer run) when
//! it is *marked* for the step: every awake dynamic body and every
//! kinematic body is marked again at the end of each step; a dynamic body
//! that falls asleep is marked for one step more (its box and remembered
//! pose catch up with where it stopped); and anything that may have changed
//! a body from outside marks it — `World::body_mut` (velocities, forces,
//! impulses, mass, a teleport), adding a body, removing one (with the
//! island it woke), the wake pass. A body not marked is static and
//! untouched since it was last visited, or asleep since before the last
//! step: visiting it would rewrite what it already holds.
//!
//! The marks are a bit set (one word per 64 bodies), turned into an
//! ascending list at the start of the step, so everything the step does
//! stays in body order (deterministic, and bit-identical to visiting every
//! body).

/// The bodies marked for the next step, and this step's list.
#[derive(Clone, Debug, Default)]
pub(crate) struct ActiveSet {
    /// One bit per body slot: visit it next step.
    marked: Vec<u64>,
    /// This step's bodies, ascending.
    list: Vec<u32>,
}

impl ActiveSet {
    /// Marks body `i` for the next step.
    #[inline]
    pub(crate) fn mark(&mut self, i: usize) {
        let word = i / 64;
        if word >= self.marked.len() {
            self.marked.resize(word + 1, 0);
        }
        self.marked[word] |= 1 << (i % 64);
    }

    /// Starts a step: the marked bodies become this step's list, ascending,
    /// and the marks are cleared.
    pub(crate) fn begin_step(&mut self) {
        self.list.clear();
        for (w, word) in self.marked.iter_mut().enumerate() {
            let mut bits = std::mem::take(word);
            while bits != 0 {
                let b = bits.trailing_zeros();
                self.list.push((w * 64) as u32 + b);
                bits &= bits - 1;
            }
        }
    }

    /// Adds bodies (woken during the step's wake pass) to this step's list,
    /// keeping it ascending and without repeats.
    pub(crate) fn join(&mut self, bodies: &[u32]) {
        if bodies.is_empty() {
            return;
        }
        self.list.extend_from_slice(bodies);
        self.list.sort_unstable();
        self.list.dedup();
    }

    /// Marks for the next step the bodies of this step's list that `keep`
    /// says go on.
    pub(crate) fn keep(&mut self, keep: impl Fn(u32) -> bool) {
        for k in 0..self.list.len() {
            let i = self.list[k];
            if keep(i) {
                self.mark(i as usize);
            }
        }
    }

    /// Whether body `i` is marked for the next step.
    #[inline]
    pub(crate) fn is_marked(&self, i: usize) -> bool {
        self.marked
            .get(i / 64)
            .is_some_and(|word| word & (1 << (i % 64)) != 0)
    }

    /// This step's bodies, ascending.
    #[inline]
    pub(crate) fn list(&self) -> &[u32] {
        &self.list
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_become_an_ascending_list_once() {
        let mut a = ActiveSet::default();
        for i in [130, 3, 64, 3, 0, 63] {
            a.mark(i);
        }
        assert!(a.is_marked(130) && a.is_marked(0) && !a.is_marked(1) && !a.is_marked(999));
        a.begin_step();
        assert_eq!(a.list(), &[0, 3, 63, 64, 130]);
        assert!(!a.is_marked(130));
        a.join(&[5, 64, 1]);
        assert_eq!(a.list(), &[0, 1, 3, 5, 63, 64, 130]);
        a.begin_step();
        assert!(a.list().is_empty(), "marks last one step");
    }
}
