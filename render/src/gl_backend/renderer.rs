//! The renderer: draws a [`DrawList`] into the current framebuffer.
//!
//! Per frame: plan the batches (sort + merge, `batch.rs`), upload the whole
//! vertex buffer once, then for each batch apply its pipeline (skipped when
//! unchanged), bind the texture slots it needs (skipped when bound) and
//! issue one draw: `glDrawArrays` for triangle lists, or
//! `glDrawElementsBaseVertex` over the pre-filled 16-bit quad index buffer
//! (4 vertices, 6 indices a quad) for quads.
//!
//! Each batch is drawn with the shader variant that samples just the slots
//! its texture set names (`vertex::fragment_shader_for`): on GPUs the switch
//! on a flat index is nearly free, but software rasterisers pay for every
//! case. Variants are compiled on first use and share all other state.
//!
//! Projection: vertices are screen pixels (origin top-left, y down) with z
//! the depth in 0..=1; one orthographic matrix maps the drawable to clip
//! space. The renderer must be dropped while its context is current (before
//! the window).
use gl::types::GLuint;
use glam::Mat4;

use super::pipeline::{pipeline_for, reset_gl_state, PipelineCache};
use super::program::{set_up_attributes, Program};
use super::textures::Textures;
use crate::batch::{FramePlan, MAX_QUADS_PER_DRAW};
use crate::draw_list::DrawList;
use crate::error::RenderError;
use crate::sort_key::DrawMode;
use crate::texture::{TextureImage, TextureSlot};
use crate::vertex::{TEXTURE_SLOTS, VERTEX_STRIDE};

/// The variant that can sample every slot.
const ALL_SLOTS: u8 = 0xff;

/// What drawing one frame cost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FrameStats {
    /// Commands recorded in the draw list.
    pub commands: u32,
    /// Vertices uploaded.
    pub vertices: u32,
    /// Draw calls issued (after merging and splitting).
    pub draw_calls: u32,
    /// Pipeline applications that changed GL state (the first one included).
    pub state_changes: u32,
    /// Texture binds issued.
    pub texture_binds: u32,
    /// Shader variant switches (the first use of the frame included).
    pub program_changes: u32,
    /// Draw calls the list dropped for lack of room.
    pub dropped_calls: u32,
}

/// The projection from screen pixels (top-left origin, y down, z = depth
/// 0..=1) to GL clip space.
pub fn pixel_projection(width_px: u32, height_px: u32) -> Mat4 {
    let (w, h) = (width_px.max(1) as f32, height_px.max(1) as f32);
    Mat4::from_cols_array(&[
        2.0 / w,
        0.0,
        0.0,
        0.0, //
        0.0,
        -2.0 / h,
        0.0,
        0.0, //
        0.0,
        0.0,
        2.0,
        0.0, //
        -1.0,
        1.0,
        -1.0,
        1.0,
    ])
}

/// GL objects and per-frame scratch for drawing draw lists.
pub struct Renderer {
    /// Shader variants by the texture set they sample (bit n = slot n);
    /// the all-slots variant (255) is compiled up front, the rest on first use.
    programs: Vec<(u8, Program)>,
    /// Frames drawn, from 1: tells a program whether it has this frame's uniforms.
    frame: u64,
    vao: GLuint,
    vertex_buffer: GLuint,
    quad_index_buffer: GLuint,
    textures: Textures,
    pipelines: PipelineCache,
    plan: FramePlan,
}

/// The quad index pattern for `quads` quads: 0,1,2, 2,3,0, then +4 per quad.
pub fn quad_indices(quads: u32) -> Vec<u16> {
    (0..quads)
        .flat_map(|q| {
            let b = (q * 4) as u16;
            [b, b + 1, b + 2, b + 2, b + 3, b]
        })
        .collect()
}

impl Renderer {
    /// Compiles the shader and creates the buffers and texture slots on the
    /// current context.
    pub fn new() -> Result<Renderer, RenderError> {
        let program = Program::new(ALL_SLOTS)?;
        let (mut vao, mut buffers) = (0, [0; 2]);
        // SAFETY: object creation on the current context into locals.
        unsafe {
            gl::GenVertexArrays(1, &mut vao);
            gl::GenBuffers(2, buffers.as_mut_ptr());
        }
        if vao == 0 || buffers.contains(&0) {
            return Err(RenderError::Gl {
                what: "vertex buffers",
            });
        }
        let indices = quad_indices(MAX_QUADS_PER_DRAW);
        // SAFETY: the VAO and buffers are ours; `indices` outlives BufferData,
        // which copies it.
        unsafe {
            gl::BindVertexArray(vao);
            gl::BindBuffer(gl::ARRAY_BUFFER, buffers[0]);
            gl::BindBuffer(gl::ELEMENT_ARRAY_BUFFER, buffers[1]);
            gl::BufferData(
                gl::ELEMENT_ARRAY_BUFFER,
                (indices.len() * 2) as isize,
                indices.as_ptr().cast(),
                gl::STATIC_DRAW,
            );
        }
        set_up_attributes();
        // SAFETY: unbinding the VAO keeps its element buffer binding.
        unsafe { gl::BindVertexArray(0) };
        Ok(Renderer {
            programs: vec![(ALL_SLOTS, program)],
            frame: 0,
            vao,
            vertex_buffer: buffers[0],
            quad_index_buffer: buffers[1],
            textures: Textures::new(),
            pipelines: PipelineCache::default(),
            plan: FramePlan::default(),
        })
    }

    /// Makes `slot` hold `image`, uploading only if it changed since the
    /// last call. Call each frame for atlases that grow (the font's).
    pub fn set_texture(&mut self, slot: TextureSlot, image: &TextureImage) -> bool {
        let uploaded = self.textures.upload(slot, image);
        if uploaded {
            // Every program needs the new texel sizes.
            for (_, p) in &mut self.programs {
                p.frame = 0;
            }
        }
        uploaded
    }

    /// The index in `programs` of the variant for `slots`, compiling it on
    /// first use; the all-slots variant if compiling fails.
    fn program_for(&mut self, slots: u8) -> usize {
        if let Some(i) = self.programs.iter().position(|(s, _)| *s == slots) {
            return i;
        }
        match Program::new(slots) {
            Ok(p) => {
                self.programs.push((slots, p));
                self.programs.len() - 1
            }
            Err(e) => {
                log::warn!(
                    "shader variant for slots {slots:#010b} failed ({e}); using the general one"
                );
                0
            }
        }
    }

    /// Draws `list` into the current framebuffer of `width_px`×`height_px`
    /// (call `begin_frame` first to clear). Leaves blend, depth and stencil
    /// tests off and all write masks open.
    pub fn draw(&mut self, list: &DrawList, width_px: u32, height_px: u32) -> FrameStats {
        self.plan.build(list.commands(), MAX_QUADS_PER_DRAW);
        let mut stats = FrameStats {
            commands: list.commands().len() as u32,
            vertices: list.vertices().len() as u32,
            dropped_calls: list.dropped_calls(),
            ..FrameStats::default()
        };
        if self.plan.batches().is_empty() {
            return stats;
        }
        self.frame += 1;
        let projection = pixel_projection(width_px, height_px).to_cols_array();
        let sizes = self.textures.texel_sizes();
        let vertices = list.vertices();
        // SAFETY: our VAO and buffer; BufferData copies exactly
        // `vertices.len() * VERTEX_STRIDE` bytes from the slice.
        unsafe {
            gl::BindVertexArray(self.vao);
            gl::Viewport(0, 0, width_px as i32, height_px as i32);
            gl::BindBuffer(gl::ARRAY_BUFFER, self.vertex_buffer);
            gl::BufferData(
                gl::ARRAY_BUFFER,
                (vertices.len() * VERTEX_STRIDE) as isize,
                vertices.as_ptr().cast(),
                gl::STREAM_DRAW,
            );
        }
        self.pipelines.invalidate();
        self.textures.invalidate_bindings();
        let mut current: Option<usize> = None;
        for i in 0..self.plan.batches().len() {
            let batch = self.plan.batches()[i];
            let pipeline = pipeline_for(batch.state);
            let index = self.program_for(batch.textures.0);
            let program = &mut self.programs[index].1;
            if current != Some(index) {
                // SAFETY: a linked program of ours.
                unsafe { gl::UseProgram(program.id) };
                current = Some(index);
                stats.program_changes += 1;
                if program.frame != self.frame {
                    // SAFETY: the program is in use; the arrays hold 16
                    // floats and TEXTURE_SLOTS vec2s.
                    unsafe {
                        gl::UniformMatrix4fv(
                            program.u_projection,
                            1,
                            gl::FALSE,
                            projection.as_ptr(),
                        );
                        gl::Uniform2fv(
                            program.u_texel_size,
                            TEXTURE_SLOTS as i32,
                            sizes.as_ptr().cast(),
                        );
                    }
                    program.frame = self.frame;
                }
            }
            if program.alpha_cutoff != pipeline.alpha_cutoff {
                // SAFETY: the program is in use.
                unsafe { gl::Uniform1f(program.u_alpha_cutoff, pipeline.alpha_cutoff) };
                program.alpha_cutoff = pipeline.alpha_cutoff;
            }
            if self.pipelines.apply(pipeline) {
                stats.state_changes += 1;
            }
            stats.texture_binds += self.textures.bind(batch.textures);
            // SAFETY: the plan keeps every range inside the uploaded vertices,
            // and quad batches within the index buffer's MAX_QUADS_PER_DRAW quads.
            unsafe {
                match batch.mode {
                    DrawMode::Arrays => gl::DrawArrays(
                        gl::TRIANGLES,
                        batch.first_vertex as i32,
                        batch.vertex_count as i32,
                    ),
                    DrawMode::Quads => gl::DrawElementsBaseVertex(
                        gl::TRIANGLES,
                        (batch.vertex_count / 4 * 6) as i32,
                        gl::UNSIGNED_SHORT,
                        std::ptr::null(),
                        batch.first_vertex as i32,
                    ),
                }
            }
            stats.draw_calls += 1;
        }
        reset_gl_state();
        // SAFETY: unbinding.
        unsafe { gl::BindVertexArray(0) };
        stats
    }
}

impl Drop for Renderer {
    fn drop(&mut self) {
        let buffers = [self.vertex_buffer, self.quad_index_buffer];
        // SAFETY: deleting our own objects on the still-current context.
        unsafe {
            gl::DeleteBuffers(2, buffers.as_ptr());
            gl::DeleteVertexArrays(1, &self.vao);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::Vec4;

    #[test]
    fn projection_maps_pixel_corners_and_depth_to_clip_space() {
        let m = pixel_projection(200, 100);
        let clip = |x, y, z| m * Vec4::new(x, y, z, 1.0);
        assert_eq!(
            clip(0.0, 0.0, 0.0),
            Vec4::new(-1.0, 1.0, -1.0, 1.0),
            "top-left, nearest"
        );
        assert_eq!(
            clip(200.0, 100.0, 1.0),
            Vec4::new(1.0, -1.0, 1.0, 1.0),
            "bottom-right, farthest"
        );
    }

    #[test]
    fn quad_indices_make_two_triangles_per_quad() {
        let idx = quad_indices(2);
        assert_eq!(idx, vec![0, 1, 2, 2, 3, 0, 4, 5, 6, 6, 7, 4]);
        let all = quad_indices(MAX_QUADS_PER_DRAW);
        assert_eq!(all.len() as u32, MAX_QUADS_PER_DRAW * 6);
        assert_eq!(
            *all.iter().max().unwrap(),
            u16::MAX,
            "16-bit indices are used to the last one"
        );
    }
}
