//! Four f32 lanes ([`F4`]) and a lane mask ([`M4`]): the contact solver's
//! SIMD type, in plain arrays (`std::simd` is unstable) whose element-wise
//! loops the compiler unrolls and vectorises.
//!
//! Invariant: every operation applies, lane by lane, exactly the scalar
//! operation of the same name (`+`, `*`, [`f32::max`], [`f32::clamp`]'s
//! comparisons…), so four contacts solved in lanes give bit-identical
//! results to solving them one by one — the solver's determinism hash does
//! not depend on how contacts are batched. No fused multiply-adds: Rust
//! never contracts `a * b + c`.
use std::ops::{Add, AddAssign, Div, Mul, Neg, Sub, SubAssign};

/// Four f32 lanes.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct F4(pub(crate) [f32; 4]);

/// Four lane flags (all bits set = true), as a comparison of [`F4`]s gives.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct M4([u32; 4]);

impl F4 {
    pub(crate) const ZERO: F4 = F4([0.0; 4]);

    #[inline]
    fn map2(self, o: F4, f: impl Fn(f32, f32) -> f32) -> F4 {
        F4(std::array::from_fn(|l| f(self.0[l], o.0[l])))
    }

    #[inline]
    fn compare(self, o: F4, f: impl Fn(f32, f32) -> bool) -> M4 {
        M4(std::array::from_fn(|l| {
            if f(self.0[l], o.0[l]) {
                u32::MAX
            } else {
                0
            }
        }))
    }

    /// Lane-wise [`f32::max`].
    #[inline]
    pub(crate) fn max(self, o: F4) -> F4 {
        self.map2(o, f32::max)
    }

    /// Lane-wise [`f32::abs`].
    #[inline]
    pub(crate) fn abs(self) -> F4 {
        F4(self.0.map(f32::abs))
    }

    /// Lane-wise [`f32::clamp`] (`lo ≤ hi` in every lane), without its
    /// check: `x < lo` gives `lo`, then `x > hi` gives `hi`.
    #[inline]
    pub(crate) fn clamp(self, lo: F4, hi: F4) -> F4 {
        let x = lo.select(self.lt(lo), self);
        hi.select(x.gt(hi), x)
    }

    /// `self` where `m` is set, else `other`.
    #[inline]
    pub(crate) fn select(self, m: M4, other: F4) -> F4 {
        F4(std::array::from_fn(|l| {
            f32::from_bits((self.0[l].to_bits() & m.0[l]) | (other.0[l].to_bits() & !m.0[l]))
        }))
    }

    #[inline]
    pub(crate) fn lt(self, o: F4) -> M4 {
        self.compare(o, |a, b| a < b)
    }

    #[inline]
    pub(crate) fn gt(self, o: F4) -> M4 {
        self.compare(o, |a, b| a > b)
    }

    #[inline]
    pub(crate) fn ge(self, o: F4) -> M4 {
        self.compare(o, |a, b| a >= b)
    }
}

impl M4 {
    /// Lanes `l < n` set.
    #[inline]
    pub(crate) fn first(n: usize) -> M4 {
        M4(std::array::from_fn(|l| if l < n { u32::MAX } else { 0 }))
    }

    #[inline]
    pub(crate) fn from_fn(f: impl Fn(usize) -> bool) -> M4 {
        M4(std::array::from_fn(|l| if f(l) { u32::MAX } else { 0 }))
    }

    #[inline]
    pub(crate) fn and(self, o: M4) -> M4 {
        M4(std::array::from_fn(|l| self.0[l] & o.0[l]))
    }

    #[inline]
    pub(crate) fn and_not(self, o: M4) -> M4 {
        M4(std::array::from_fn(|l| self.0[l] & !o.0[l]))
    }

    #[inline]
    pub(crate) fn any(self) -> bool {
        self.0.iter().any(|&m| m != 0)
    }

    /// Every lane set.
    #[inline]
    pub(crate) fn all(self) -> bool {
        self.0.iter().all(|&m| m != 0)
    }
}

macro_rules! lanewise {
    ($trait:ident, $f:ident, $op:tt) => {
        impl $trait for F4 {
            type Output = F4;
            #[inline]
            fn $f(self, o: F4) -> F4 {
                self.map2(o, |a, b| a $op b)
            }
        }
    };
}

lanewise!(Add, add, +);
lanewise!(Sub, sub, -);
lanewise!(Mul, mul, *);
lanewise!(Div, div, /);

impl Neg for F4 {
    type Output = F4;
    #[inline]
    fn neg(self) -> F4 {
        F4(self.0.map(|x| -x))
    }
}

impl AddAssign for F4 {
    #[inline]
    fn add_assign(&mut self, o: F4) {
        *self = *self + o;
    }
}

impl SubAssign for F4 {
    #[inline]
    fn sub_assign(&mut self, o: F4) {
        *self = *self - o;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lanes_do_the_scalar_operation_lane_by_lane() {
        let a = F4([1.5, -2.0, 0.0, 3.0]);
        let b = F4([0.5, 4.0, -0.0, -1.0]);
        assert_eq!((a + b).0, [2.0, 2.0, 0.0, 2.0]);
        assert_eq!((a - b).0, [1.0, -6.0, 0.0, 4.0]);
        assert_eq!((a * b).0, [0.75, -8.0, -0.0, -3.0]);
        assert_eq!((a / F4([2.0; 4])).0, [0.75, -1.0, 0.0, 1.5]);
        assert_eq!(a.max(F4::ZERO).0, [1.5, 0.0, 0.0, 3.0]);
        assert_eq!(a.abs().0, [1.5, 2.0, 0.0, 3.0]);
        assert_eq!(
            a.clamp(F4([-1.0; 4]), F4([2.0; 4])).0,
            [1.5, -1.0, 0.0, 2.0]
        );
        let m = a.gt(b);
        assert_eq!(m, M4::from_fn(|l| l == 0 || l == 3));
        assert_eq!(a.select(m, b).0, [1.5, 4.0, -0.0, 3.0]);
        assert_eq!(a.lt(b), M4::from_fn(|l| l == 1));
        assert_eq!(a.ge(b), M4::from_fn(|l| l != 1));
        assert!(m.any() && !M4::first(0).any());
        assert!(M4::first(4).all() && !m.all());
        assert_eq!(M4::first(2).and_not(m), M4::from_fn(|l| l == 1));
        assert_eq!(M4::first(2).and(m), M4::from_fn(|l| l == 0));
    }
}
