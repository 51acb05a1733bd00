//! Pipelines: the GL state one batch needs, derived from its sort-key state
//! bits (pass and stencil use/id), and a cache that issues only the GL calls
//! whose state differs from what is set (sokol/miniquad's "apply pipeline").
//!
//! | state          | blend | depth test | depth write | colour | stencil                   | discard below α |
//! |----------------|-------|------------|-------------|--------|---------------------------|-----------------|
//! | OPAQUE         | off   | LEQUAL     | on          | on     | —                         | 0.5             |
//! | TRANSLUCENT    | on    | LEQUAL     | off         | on     | —                         | —               |
//! | UI             | on    | off        | off         | on     | —                         | —               |
//! | any + WRITE id | off   | off        | off         | off    | ALWAYS id, REPLACE        | 0.5             |
//! | any + READ id  | (pass)| (pass)     | (pass)      | on     | EQUAL id, KEEP, no writes | (pass)          |
//!
//! Blending is premultiplied: ONE, ONE_MINUS_SRC_ALPHA.
use gl::types::GLint;

use crate::sort_key::{Pass, SortKey, StateBits, Stencil};

/// The GL state of one batch.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pipeline {
    pub blend: bool,
    pub depth_test: bool,
    pub depth_write: bool,
    pub colour_write: bool,
    pub stencil: Stencil,
    /// Fragments with less alpha are discarded; 0 discards nothing.
    pub alpha_cutoff: f32,
}

/// The pipeline for a batch's state bits.
pub fn pipeline_for(state: StateBits) -> Pipeline {
    let key = SortKey(state.0);
    let mut p = match key.pass() {
        Pass::Opaque => Pipeline {
            blend: false,
            depth_test: true,
            depth_write: true,
            colour_write: true,
            stencil: Stencil::None,
            alpha_cutoff: 0.5,
        },
        Pass::Translucent => Pipeline {
            blend: true,
            depth_test: true,
            depth_write: false,
            colour_write: true,
            stencil: Stencil::None,
            alpha_cutoff: 0.0,
        },
        Pass::Ui => Pipeline {
            blend: true,
            depth_test: false,
            depth_write: false,
            colour_write: true,
            stencil: Stencil::None,
            alpha_cutoff: 0.0,
        },
    };
    p.stencil = key.stencil();
    if let Stencil::Write(_) = p.stencil {
        p.blend = false;
        p.depth_test = false;
        p.depth_write = false;
        p.colour_write = false;
        p.alpha_cutoff = 0.5;
    }
    p
}

fn toggle(cap: gl::types::GLenum, on: bool) {
    // SAFETY: enabling/disabling a core capability on the current context.
    unsafe {
        if on {
            gl::Enable(cap);
        } else {
            gl::Disable(cap);
        }
    }
}

fn gl_bool(b: bool) -> gl::types::GLboolean {
    if b {
        gl::TRUE
    } else {
        gl::FALSE
    }
}

/// Remembers the applied pipeline; `None` = unknown (apply everything).
#[derive(Default)]
pub struct PipelineCache {
    current: Option<Pipeline>,
}

impl PipelineCache {
    /// Forgets the applied state (other code may have changed GL state).
    pub fn invalidate(&mut self) {
        self.current = None;
    }

    /// Applies `p`'s fixed-function state, issuing only the calls whose state
    /// differs. Returns whether anything changed. (The alpha cutoff is a
    /// uniform of the program in use; the renderer sets it per program.)
    pub fn apply(&mut self, p: Pipeline) -> bool {
        let old = self.current;
        if old == Some(p) {
            return false;
        }
        let differs = |f: fn(&Pipeline) -> bool| old.map(|o| f(&o)) != Some(f(&p));
        if differs(|x| x.blend) {
            toggle(gl::BLEND, p.blend);
            if p.blend {
                // SAFETY: a state call with valid enums.
                unsafe { gl::BlendFunc(gl::ONE, gl::ONE_MINUS_SRC_ALPHA) };
            }
        }
        if differs(|x| x.depth_test) {
            toggle(gl::DEPTH_TEST, p.depth_test);
            if p.depth_test {
                // SAFETY: a state call with a valid enum.
                unsafe { gl::DepthFunc(gl::LEQUAL) };
            }
        }
        if differs(|x| x.depth_write) {
            // SAFETY: a state call.
            unsafe { gl::DepthMask(gl_bool(p.depth_write)) };
        }
        if differs(|x| x.colour_write) {
            let c = gl_bool(p.colour_write);
            // SAFETY: a state call.
            unsafe { gl::ColorMask(c, c, c, c) };
        }
        if old.map(|o| o.stencil) != Some(p.stencil) {
            // SAFETY: state calls with valid enums and an 8-bit reference.
            unsafe {
                match p.stencil {
                    Stencil::None => gl::Disable(gl::STENCIL_TEST),
                    Stencil::Write(id) => {
                        gl::Enable(gl::STENCIL_TEST);
                        gl::StencilMask(0xff);
                        gl::StencilFunc(gl::ALWAYS, GLint::from(id.get()), 0xff);
                        gl::StencilOp(gl::KEEP, gl::KEEP, gl::REPLACE);
                    }
                    Stencil::Read(id) => {
                        gl::Enable(gl::STENCIL_TEST);
                        gl::StencilMask(0);
                        gl::StencilFunc(gl::EQUAL, GLint::from(id.get()), 0xff);
                        gl::StencilOp(gl::KEEP, gl::KEEP, gl::KEEP);
                    }
                }
            }
        }
        self.current = Some(p);
        true
    }
}

/// Puts back the state other code expects: no blend/depth/stencil tests,
/// all write masks open.
pub fn reset_gl_state() {
    // SAFETY: state calls on the current context.
    unsafe {
        gl::Disable(gl::BLEND);
        gl::Disable(gl::DEPTH_TEST);
        gl::Disable(gl::STENCIL_TEST);
        gl::DepthMask(gl::TRUE);
        gl::StencilMask(0xff);
        gl::ColorMask(gl::TRUE, gl::TRUE, gl::TRUE, gl::TRUE);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sort_key::{DrawMode, StencilId};

    fn state(pass: Pass, stencil: Stencil) -> StateBits {
        SortKey::new(pass, stencil, DrawMode::Quads, 0.5, 7).state()
    }

    #[test]
    fn passes_map_to_the_documented_state() {
        let o = pipeline_for(state(Pass::Opaque, Stencil::None));
        assert!(!o.blend && o.depth_test && o.depth_write && o.colour_write);
        let t = pipeline_for(state(Pass::Translucent, Stencil::None));
        assert!(t.blend && t.depth_test && !t.depth_write);
        let u = pipeline_for(state(Pass::Ui, Stencil::None));
        assert!(u.blend && !u.depth_test && !u.depth_write);
    }

    #[test]
    fn masks_write_no_colour_and_reads_keep_the_pass_state() {
        let id = StencilId::new(5).unwrap();
        let w = pipeline_for(state(Pass::Ui, Stencil::Write(id)));
        assert!(!w.colour_write && !w.depth_write && w.stencil == Stencil::Write(id));
        let r = pipeline_for(state(Pass::Translucent, Stencil::Read(id)));
        assert!(r.colour_write && r.blend && r.stencil == Stencil::Read(id));
    }
}
