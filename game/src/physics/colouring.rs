//! The order contacts are solved in: a greedy graph colouring of the
//! contacts, where no two contacts of one colour share a dynamic body.
//!
//! Each contact takes the lowest colour none of its dynamic bodies has yet
//! (static and kinematic bodies are shared freely: they are never written),
//! and contacts are solved colour by colour, in `(a, b)` order within one.
//! Neighbours in that order then touch different bodies, so the CPU can
//! overlap their (latency-bound) arithmetic instead of waiting on the last
//! contact's velocity store, and `contact_rows` can solve a colour's
//! contacts four at a time. There are 64 colours, then one overflow colour
//! shared by the rest (solved one contact at a time). A contact between two
//! bodies not awake takes [`SLEEPING`] and is not solved.
//!
//! Invariants: `colours` has one entry per contact of the list it was
//! built from (or none, when nothing is awake or the list changed since);
//! `order` lists every contact not [`SLEEPING`] once, by colour, ascending
//! within a colour. Deterministic: it depends only on the contact list.
use super::broad_phase::Proxy;
use super::contact::Contact;

/// The colour of a contact between sleeping bodies: not solved.
pub(crate) const SLEEPING: u8 = u8::MAX;

/// The colour after the 64 bit-tracked ones, shared by the rest.
pub(crate) const OVERFLOW: u8 = 64;

/// The solve order and its scratch (see the module doc).
#[derive(Clone, Debug)]
pub(crate) struct Colouring {
    /// The contacts' indices, by colour.
    order: Vec<u32>,
    /// Each contact's colour.
    colours: Vec<u8>,
    /// Scratch: per body, the colours its contacts took; per colour, a count.
    body_colours: Vec<u64>,
    colour_counts: [u32; 65],
}

impl Default for Colouring {
    fn default() -> Colouring {
        Colouring {
            order: Vec::new(),
            colours: Vec::new(),
            body_colours: Vec::new(),
            colour_counts: [0; 65],
        }
    }
}

impl Colouring {
    /// The contacts' indices in solve order.
    #[inline]
    pub(crate) fn order(&self) -> &[u32] {
        &self.order
    }

    /// Each contact's colour, in contact order.
    #[inline]
    pub(crate) fn colours(&self) -> &[u8] {
        &self.colours
    }

    /// Forgets the colours (the contact list changed outside a step).
    pub(crate) fn clear(&mut self) {
        self.order.clear();
        self.colours.clear();
    }

    /// Colours `contacts` (see the module doc); `proxies`: each body's
    /// broad-phase flags, which say what the bodies are this step;
    /// `any_awake`: some dynamic body is awake (else nothing is solved).
    pub(crate) fn colour(&mut self, contacts: &[Contact], proxies: &[Proxy], any_awake: bool) {
        if !any_awake {
            // Nothing awake: no contact is solved.
            self.clear();
            return;
        }
        self.body_colours.clear();
        self.body_colours.resize(proxies.len(), 0);
        self.colours.clear();
        self.colour_counts = [0; 65];
        for c in contacts {
            let (a, b) = (c.body_a.index(), c.body_b.index());
            let (pa, pb) = (&proxies[a], &proxies[b]);
            let (dyn_a, dyn_b) = (pa.dynamic, pb.dynamic);
            let (awake_a, awake_b) = (pa.awake, pb.awake);
            if !awake_a && !awake_b {
                // A sleeping pair's contact is kept, not solved.
                self.colours.push(SLEEPING);
                continue;
            }
            let used = if dyn_a { self.body_colours[a] } else { 0 }
                | if dyn_b { self.body_colours[b] } else { 0 };
            // 64 colours, then one overflow colour shared by the rest.
            let colour = (!used).trailing_zeros().min(u32::from(OVERFLOW));
            if colour < u32::from(OVERFLOW) {
                if dyn_a {
                    self.body_colours[a] |= 1 << colour;
                }
                if dyn_b {
                    self.body_colours[b] |= 1 << colour;
                }
            }
            self.colours.push(colour as u8);
            self.colour_counts[colour as usize] += 1;
        }
        // Counting sort by colour, stable in contact order.
        let mut start = [0u32; 65];
        let mut sum = 0;
        for (s, &n) in start.iter_mut().zip(&self.colour_counts) {
            *s = sum;
            sum += n;
        }
        self.order.clear();
        self.order.resize(sum as usize, 0);
        for (ci, &colour) in self.colours.iter().enumerate() {
            if colour == SLEEPING {
                continue;
            }
            let at = &mut start[colour as usize];
            self.order[*at as usize] = ci as u32;
            *at += 1;
        }
    }
}
