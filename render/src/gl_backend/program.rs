//! The unlit-triangle program: compiled from `vertex.rs`'s sources, with its
//! uniform locations, and the vertex array whose attributes are set up by
//! walking `VERTEX_LAYOUT` — no attribute is configured by hand.
use std::ffi::CString;

use gl::types::{GLenum, GLint, GLuint};

use crate::error::RenderError;
use crate::vertex::{
    fragment_shader_for, AttributeKind, TEXTURE_SLOTS, VERTEX_LAYOUT, VERTEX_SHADER, VERTEX_STRIDE,
};

/// The linked program (one texture-set variant) and its uniforms.
pub struct Program {
    pub id: GLuint,
    pub u_projection: GLint,
    pub u_texel_size: GLint,
    pub u_alpha_cutoff: GLint,
    /// Frame whose projection and texel sizes this program holds; 0 = none.
    pub frame: u64,
    /// Alpha cutoff last set; NaN = unknown.
    pub alpha_cutoff: f32,
}

fn info_log(id: GLuint, is_program: bool) -> String {
    let mut len = 0;
    // SAFETY: `id` names a live shader/program; the buffer holds `len` bytes.
    unsafe {
        if is_program {
            gl::GetProgramiv(id, gl::INFO_LOG_LENGTH, &mut len);
        } else {
            gl::GetShaderiv(id, gl::INFO_LOG_LENGTH, &mut len);
        }
        let mut buf = vec![0u8; len.max(1) as usize];
        let mut written = 0;
        if is_program {
            gl::GetProgramInfoLog(id, len, &mut written, buf.as_mut_ptr().cast());
        } else {
            gl::GetShaderInfoLog(id, len, &mut written, buf.as_mut_ptr().cast());
        }
        buf.truncate(written.max(0) as usize);
        String::from_utf8_lossy(&buf).into_owned()
    }
}

fn compile(kind: GLenum, stage: &'static str, source: &str) -> Result<GLuint, RenderError> {
    let src = CString::new(source).map_err(|_| RenderError::Shader {
        stage,
        log: "source contains a NUL byte".to_string(),
    })?;
    // SAFETY: plain shader calls on the current context; `src` outlives them.
    unsafe {
        let id = gl::CreateShader(kind);
        if id == 0 {
            return Err(RenderError::Gl { what: "a shader" });
        }
        gl::ShaderSource(id, 1, &src.as_ptr(), std::ptr::null());
        gl::CompileShader(id);
        let mut ok = 0;
        gl::GetShaderiv(id, gl::COMPILE_STATUS, &mut ok);
        if ok == 0 {
            let log = info_log(id, false);
            gl::DeleteShader(id);
            return Err(RenderError::Shader { stage, log });
        }
        Ok(id)
    }
}

fn uniform(program: GLuint, name: &str) -> GLint {
    let c = CString::new(name).unwrap_or_default();
    // SAFETY: `program` is linked; `c` is NUL-terminated.
    unsafe { gl::GetUniformLocation(program, c.as_ptr()) }
}

impl Program {
    /// Compiles and links the shader variant sampling the slots in `slots`
    /// (bit n = slot n); sets each sampler to its texture unit.
    pub fn new(slots: u8) -> Result<Program, RenderError> {
        let vs = compile(gl::VERTEX_SHADER, "vertex", VERTEX_SHADER)?;
        let fs = match compile(gl::FRAGMENT_SHADER, "fragment", &fragment_shader_for(slots)) {
            Ok(fs) => fs,
            Err(e) => {
                // SAFETY: `vs` is a live shader.
                unsafe { gl::DeleteShader(vs) };
                return Err(e);
            }
        };
        // SAFETY: linking live shaders on the current context.
        let id = unsafe {
            let id = gl::CreateProgram();
            gl::AttachShader(id, vs);
            gl::AttachShader(id, fs);
            gl::LinkProgram(id);
            gl::DeleteShader(vs);
            gl::DeleteShader(fs);
            let mut ok = 0;
            gl::GetProgramiv(id, gl::LINK_STATUS, &mut ok);
            if ok == 0 {
                let log = info_log(id, true);
                gl::DeleteProgram(id);
                return Err(RenderError::Shader {
                    stage: "linked",
                    log,
                });
            }
            id
        };
        let program = Program {
            id,
            u_projection: uniform(id, "u_projection"),
            u_texel_size: uniform(id, "u_texel_size"),
            u_alpha_cutoff: uniform(id, "u_alpha_cutoff"),
            frame: 0,
            alpha_cutoff: f32::NAN,
        };
        // Each sampler by name: a variant that never samples slot 0 has no
        // location for `u_textures` as a whole.
        // SAFETY: the program is linked; a location of -1 is ignored by GL.
        unsafe {
            gl::UseProgram(id);
            for slot in 0..TEXTURE_SLOTS as GLint {
                gl::Uniform1i(uniform(id, &format!("u_textures[{slot}]")), slot);
            }
        }
        Ok(program)
    }
}

impl Drop for Program {
    fn drop(&mut self) {
        // SAFETY: deleting our own program; the context is still current
        // (the renderer is dropped before the window).
        unsafe { gl::DeleteProgram(self.id) };
    }
}

/// Sets up the bound vertex array's attributes from `VERTEX_LAYOUT`, reading
/// from the buffer bound to `GL_ARRAY_BUFFER`.
pub fn set_up_attributes() {
    for a in VERTEX_LAYOUT {
        let offset = a.offset as *const std::ffi::c_void;
        let stride = VERTEX_STRIDE as i32;
        // SAFETY: a VAO and an array buffer are bound; offsets lie inside a vertex.
        unsafe {
            gl::EnableVertexAttribArray(a.location);
            match a.kind {
                AttributeKind::F32 => gl::VertexAttribPointer(
                    a.location,
                    a.components,
                    gl::FLOAT,
                    gl::FALSE,
                    stride,
                    offset,
                ),
                AttributeKind::U8Normalised => gl::VertexAttribPointer(
                    a.location,
                    a.components,
                    gl::UNSIGNED_BYTE,
                    gl::TRUE,
                    stride,
                    offset,
                ),
                AttributeKind::U32Integer => gl::VertexAttribIPointer(
                    a.location,
                    a.components,
                    gl::UNSIGNED_INT,
                    stride,
                    offset,
                ),
            }
        }
    }
}
