//! The 64-bit sort key of a draw command. Sorting commands by key (ascending)
//! gives the order the backend draws them in; the high bits also say which
//! GL state a command needs, so two commands whose keys agree above the low
//! 32 bits can share one draw call.
//!
//! Layout, high bits first:
//!
//! | bits  | width | field        | order                                       |
//! |-------|-------|--------------|---------------------------------------------|
//! | 63–62 | 2     | pass         | OPAQUE < TRANSLUCENT < UI                   |
//! | 61–60 | 2     | stencil use  | NONE < WRITE < READ                         |
//! | 59    | 1     | draw mode    | ARRAYS < QUADS (pre-filled quad indices)    |
//! | 58–51 | 8     | stencil id   | 0 with NONE; 1..=255 with WRITE/READ        |
//! | 50–32 | 19    | reserved     | always 0                                    |
//! | 31–0  | 32    | order        | see below                                   |
//!
//! The low 32 bits depend on the pass: OPAQUE stores the quantised depth
//! (0 = nearest) so opaque geometry draws front to back and the depth test
//! rejects hidden fragments early; TRANSLUCENT stores the inverted depth so it
//! draws back to front and blends correctly; UI stores the submission
//! sequence, so later UI calls land on top. Within a pass, all masks (WRITE)
//! come before anything that reads them (READ), and reads are grouped by id.
use std::fmt;

/// Which pass a command belongs to; passes draw in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Pass {
    /// Fully opaque geometry: no blending, depth test and depth writes on.
    Opaque = 0,
    /// Blended geometry drawn back to front over the opaque pass.
    Translucent = 1,
    /// Screen-space interface on top of everything, in submission order.
    Ui = 2,
}

/// How a command uses the stencil buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum StencilUse {
    /// Stencil test off.
    None = 0,
    /// Writes its id where it covers (colour writes off): a mask.
    Write = 1,
    /// Draws only where the stencil holds its id.
    Read = 2,
}

/// How a command's vertices become triangles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum DrawMode {
    /// A plain triangle list: every three vertices are one triangle.
    Arrays = 0,
    /// Quads of four vertices drawn through the shared quad index buffer.
    Quads = 1,
}

/// A stencil mask id. 0 is the clear value and never names a mask.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct StencilId(pub std::num::NonZeroU8);

impl StencilId {
    /// The id `n`, or `None` for 0 (the clear value).
    pub fn new(n: u8) -> Option<StencilId> {
        std::num::NonZeroU8::new(n).map(StencilId)
    }

    /// The id as the stencil reference value.
    pub fn get(self) -> u8 {
        self.0.get()
    }
}

/// What a command does with the stencil buffer, with the mask it names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Stencil {
    /// Stencil test off.
    #[default]
    None,
    /// Write this id (a mask; colour writes off).
    Write(StencilId),
    /// Draw only where the stencil holds this id.
    Read(StencilId),
}

impl Stencil {
    /// The use without the id.
    pub fn usage(self) -> StencilUse {
        match self {
            Stencil::None => StencilUse::None,
            Stencil::Write(_) => StencilUse::Write,
            Stencil::Read(_) => StencilUse::Read,
        }
    }

    /// The id's value, 0 for `None`.
    pub fn id(self) -> u8 {
        match self {
            Stencil::None => 0,
            Stencil::Write(id) | Stencil::Read(id) => id.get(),
        }
    }
}

const PASS_SHIFT: u32 = 62;
const STENCIL_USE_SHIFT: u32 = 60;
const MODE_SHIFT: u32 = 59;
const STENCIL_ID_SHIFT: u32 = 51;
/// Bits that select GL state: everything above the reserved bits.
const STATE_MASK: u64 = !((1u64 << STENCIL_ID_SHIFT) - 1);

/// A draw command's sort key (see the module docs for the layout).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct SortKey(pub u64);

/// The GL state a key selects (the key's bits above the reserved field).
/// Commands with equal `StateBits` may be merged into one draw call.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct StateBits(pub u64);

/// Quantises a depth in `0.0..=1.0` (0 = nearest) to 32 bits; out-of-range
/// values clamp, NaN reads as 0.
pub fn quantise_depth(depth: f32) -> u32 {
    let d = if depth.is_nan() {
        0.0
    } else {
        depth.clamp(0.0, 1.0)
    };
    // +0.5 and truncation rounds (the value is never negative) without a libm call.
    (f64::from(d) * f64::from(u32::MAX) + 0.5) as u32
}

impl SortKey {
    /// Builds a key. `depth` (0 = nearest, 1 = farthest) orders the OPAQUE and
    /// TRANSLUCENT passes; `sequence` (submission order) orders UI.
    pub fn new(pass: Pass, stencil: Stencil, mode: DrawMode, depth: f32, sequence: u32) -> SortKey {
        let low = match pass {
            Pass::Opaque => quantise_depth(depth),
            Pass::Translucent => u32::MAX - quantise_depth(depth),
            Pass::Ui => sequence,
        };
        SortKey(
            (pass as u64) << PASS_SHIFT
                | (stencil.usage() as u64) << STENCIL_USE_SHIFT
                | (mode as u64) << MODE_SHIFT
                | u64::from(stencil.id()) << STENCIL_ID_SHIFT
                | u64::from(low),
        )
    }

    /// The pass field.
    pub fn pass(self) -> Pass {
        match self.0 >> PASS_SHIFT {
            0 => Pass::Opaque,
            1 => Pass::Translucent,
            _ => Pass::Ui,
        }
    }

    /// The stencil use and id.
    pub fn stencil(self) -> Stencil {
        let id = StencilId::new((self.0 >> STENCIL_ID_SHIFT) as u8);
        match ((self.0 >> STENCIL_USE_SHIFT) & 0b11, id) {
            (1, Some(id)) => Stencil::Write(id),
            (2, Some(id)) => Stencil::Read(id),
            _ => Stencil::None,
        }
    }

    /// The draw mode bit.
    pub fn mode(self) -> DrawMode {
        if (self.0 >> MODE_SHIFT) & 1 == 1 {
            DrawMode::Quads
        } else {
            DrawMode::Arrays
        }
    }

    /// The low 32 bits: depth, inverted depth or sequence, by pass.
    pub fn order(self) -> u32 {
        self.0 as u32
    }

    /// The state-selecting bits: pass, stencil use, draw mode, stencil id.
    pub fn state(self) -> StateBits {
        StateBits(self.0 & STATE_MASK)
    }
}

impl fmt::Debug for SortKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "SortKey({:?}, {:?}, {:?}, order {})",
            self.pass(),
            self.stencil(),
            self.mode(),
            self.order()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(n: u8) -> StencilId {
        StencilId::new(n).unwrap()
    }

    fn key(pass: Pass, stencil: Stencil, depth: f32, seq: u32) -> SortKey {
        SortKey::new(pass, stencil, DrawMode::Quads, depth, seq)
    }

    #[test]
    fn passes_order_opaque_translucent_ui_whatever_the_low_bits() {
        let opaque_far = key(Pass::Opaque, Stencil::None, 1.0, 0);
        let translucent_near = key(Pass::Translucent, Stencil::None, 0.0, 0);
        let ui_first = key(Pass::Ui, Stencil::None, 0.0, 0);
        assert!(opaque_far < translucent_near);
        assert!(translucent_near < ui_first);
        // Stencil and mode bits never outrank the pass.
        let opaque_read = key(Pass::Opaque, Stencil::Read(id(255)), 1.0, 0);
        assert!(opaque_read < key(Pass::Translucent, Stencil::None, 0.0, 0));
    }

    #[test]
    fn opaque_is_front_to_back_translucent_back_to_front() {
        let near = key(Pass::Opaque, Stencil::None, 0.1, 9);
        let far = key(Pass::Opaque, Stencil::None, 0.9, 1);
        assert!(near < far, "opaque: nearest first");
        let near = key(Pass::Translucent, Stencil::None, 0.1, 1);
        let far = key(Pass::Translucent, Stencil::None, 0.9, 9);
        assert!(far < near, "translucent: farthest first");
    }

    #[test]
    fn ui_follows_submission_order_and_ignores_depth() {
        let first = key(Pass::Ui, Stencil::None, 0.9, 1);
        let second = key(Pass::Ui, Stencil::None, 0.1, 2);
        assert!(first < second);
    }

    #[test]
    fn stencil_none_before_write_before_read_and_reads_grouped_by_id() {
        let none = key(Pass::Ui, Stencil::None, 0.0, 50);
        let write = key(Pass::Ui, Stencil::Write(id(3)), 0.0, 40);
        let read1 = key(Pass::Ui, Stencil::Read(id(1)), 0.0, 30);
        let read2_early = key(Pass::Ui, Stencil::Read(id(2)), 0.0, 5);
        let read1_late = key(Pass::Ui, Stencil::Read(id(1)), 0.0, 60);
        let mut keys = vec![read1_late, read2_early, read1, write, none];
        keys.sort();
        assert_eq!(keys, vec![none, write, read1, read1_late, read2_early]);
    }

    #[test]
    fn fields_round_trip_and_state_ignores_order() {
        for pass in [Pass::Opaque, Pass::Translucent, Pass::Ui] {
            for stencil in [Stencil::None, Stencil::Write(id(7)), Stencil::Read(id(255))] {
                for mode in [DrawMode::Arrays, DrawMode::Quads] {
                    let k = SortKey::new(pass, stencil, mode, 0.25, 12345);
                    assert_eq!((k.pass(), k.stencil(), k.mode()), (pass, stencil, mode));
                    let other = SortKey::new(pass, stencil, mode, 0.75, 999);
                    assert_eq!(k.state(), other.state());
                    assert_ne!(k.order(), other.order());
                }
            }
        }
        let a = SortKey::new(Pass::Ui, Stencil::None, DrawMode::Arrays, 0.0, 0);
        let b = SortKey::new(Pass::Ui, Stencil::None, DrawMode::Quads, 0.0, 0);
        assert!(a < b && a.state() != b.state());
        assert_eq!(
            SortKey::new(Pass::Ui, Stencil::None, DrawMode::Quads, 0.0, u32::MAX).0
                & 0x0007_ffff_0000_0000,
            0,
            "reserved bits stay zero"
        );
    }

    #[test]
    fn depth_quantisation_clamps_and_is_monotonic() {
        assert_eq!(quantise_depth(-1.0), 0);
        assert_eq!(quantise_depth(f32::NAN), 0);
        assert_eq!(quantise_depth(2.0), u32::MAX);
        let mut last = 0;
        for i in 1..=1000 {
            let q = quantise_depth(i as f32 / 1000.0);
            assert!(q > last);
            last = q;
        }
    }
}
