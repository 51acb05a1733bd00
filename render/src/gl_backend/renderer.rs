//! The renderer: draws a [`DrawList`] into the current framebuffer.
//!
//! Per frame: plan the batches (sort + merge, `batch.rs`), upload the whole
//! vertex buffer once, then for each batch apply its pipeline (skipped when
//! unchanged), bind the texture slots it needs (skipped when bound) and
//! issue one draw: `glDrawArrays` for triangle lists, or
//! `glDrawElementsBaseVertex` over the pre-filled 16-bit quad index buffer
//! (4 vertices, 6 indices a quad) for quads.
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
    program: Program,
    vao: GLuint,
    vertex_buffer: GLuint,
    quad_index_buffer: GLuint,
    textures: Textures,
    /// Texel sizes last sent to the shader; `None` = send.
    sent_texel_sizes: Option<[[f32; 2]; TEXTURE_SLOTS]>,
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
        let program = Program::new()?;
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
            program,
            vao,
            vertex_buffer: buffers[0],
            quad_index_buffer: buffers[1],
            textures: Textures::new(),
            sent_texel_sizes: None,
            pipelines: PipelineCache::default(),
            plan: FramePlan::default(),
        })
    }

    /// Makes `slot` hold `image`, uploading only if it changed since the
    /// last call. Call each frame for atlases that grow (the font's).
    pub fn set_texture(&mut self, slot: TextureSlot, image: &TextureImage) -> bool {
        let uploaded = self.textures.upload(slot, image);
        if uploaded {
            self.sent_texel_sizes = None;
        }
        uploaded
    }

    /// The batch plan of the last frame drawn.
    pub fn last_plan(&self) -> &FramePlan {
        &self.plan
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
        let projection = pixel_projection(width_px, height_px).to_cols_array();
        let vertices = list.vertices();
        // SAFETY: our program, VAO and buffer; BufferData copies exactly
        // `vertices.len() * VERTEX_STRIDE` bytes from the slice.
        unsafe {
            gl::UseProgram(self.program.id);
            gl::BindVertexArray(self.vao);
            gl::Viewport(0, 0, width_px as i32, height_px as i32);
            gl::UniformMatrix4fv(self.program.u_projection, 1, gl::FALSE, projection.as_ptr());
            gl::BindBuffer(gl::ARRAY_BUFFER, self.vertex_buffer);
            gl::BufferData(
                gl::ARRAY_BUFFER,
                (vertices.len() * VERTEX_STRIDE) as isize,
                vertices.as_ptr().cast(),
                gl::STREAM_DRAW,
            );
        }
        let sizes = self.textures.texel_sizes();
        if self.sent_texel_sizes != Some(sizes) {
            // SAFETY: `sizes` holds TEXTURE_SLOTS vec2s.
            unsafe {
                gl::Uniform2fv(
                    self.program.u_texel_size,
                    TEXTURE_SLOTS as i32,
                    sizes.as_ptr().cast(),
                )
            };
            self.sent_texel_sizes = Some(sizes);
        }
        self.pipelines.invalidate();
        self.textures.invalidate_bindings();
        for batch in self.plan.batches() {
            if self
                .pipelines
                .apply(pipeline_for(batch.state), self.program.u_alpha_cutoff)
            {
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
