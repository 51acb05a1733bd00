//! The one unlit-triangle shader, CPU side and GPU side in one place: the
//! [`Vertex`] struct the draw list fills, the [`VERTEX_LAYOUT`] table the
//! backend walks to set up vertex attributes, and the GLSL sources.
//!
//! A vertex is a position in screen pixels (x right, y down; z is the depth
//! in `0..=1`, 0 nearest), a straight-alpha colour, a texture coordinate in
//! *texels* of its texture, and the index (0..8) of the texture slot it
//! samples. The vertex shader divides texel coordinates by the size of the
//! slot's texture (a uniform), so atlases can grow without rewriting UVs. The
//! fragment shader multiplies the premultiplied colour by the premultiplied
//! texel: plain-colour triangles sample a white texel.
use std::mem::{offset_of, size_of};

/// Number of texture slots bound at once (texture index 0..8).
pub const TEXTURE_SLOTS: usize = 8;

/// One vertex as the GPU reads it (28 bytes, no padding).
#[derive(Clone, Copy, Debug, PartialEq, Default)]
#[repr(C)]
pub struct Vertex {
    /// Screen pixels (x right, y down) and depth (0 nearest, 1 farthest).
    pub position: [f32; 3],
    /// Straight-alpha RGBA8, read by the shader as a normalised vec4.
    pub colour: [u8; 4],
    /// Texture coordinate in texels of the slot's texture.
    pub uv: [f32; 2],
    /// Texture slot, 0..TEXTURE_SLOTS; read as a flat int.
    pub texture: u32,
}

/// How the shader reads one attribute's components.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttributeKind {
    /// 32-bit floats.
    F32,
    /// Unsigned bytes normalised to 0..=1.
    U8Normalised,
    /// 32-bit unsigned integers read as integers (not converted to float).
    U32Integer,
}

/// One row of the vertex layout table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Attribute {
    /// Name in the GLSL source.
    pub name: &'static str,
    /// `layout(location = N)` in the GLSL source.
    pub location: u32,
    /// Number of components (1..=4).
    pub components: i32,
    /// How the shader reads the components.
    pub kind: AttributeKind,
    /// Byte offset inside [`Vertex`].
    pub offset: usize,
}

/// Bytes from one vertex to the next.
pub const VERTEX_STRIDE: usize = size_of::<Vertex>();

/// The vertex layout; the backend sets up attributes from this table alone.
pub const VERTEX_LAYOUT: [Attribute; 4] = [
    Attribute {
        name: "a_position",
        location: 0,
        components: 3,
        kind: AttributeKind::F32,
        offset: offset_of!(Vertex, position),
    },
    Attribute {
        name: "a_colour",
        location: 1,
        components: 4,
        kind: AttributeKind::U8Normalised,
        offset: offset_of!(Vertex, colour),
    },
    Attribute {
        name: "a_uv",
        location: 2,
        components: 2,
        kind: AttributeKind::F32,
        offset: offset_of!(Vertex, uv),
    },
    Attribute {
        name: "a_texture",
        location: 3,
        components: 1,
        kind: AttributeKind::U32Integer,
        offset: offset_of!(Vertex, texture),
    },
];

/// Vertex shader: projection, premultiplied colour, texel → normalised UV.
pub const VERTEX_SHADER: &str = r#"#version 330 core
layout(location = 0) in vec3 a_position;
layout(location = 1) in vec4 a_colour;
layout(location = 2) in vec2 a_uv;
layout(location = 3) in uint a_texture;

uniform mat4 u_projection;
// 1 / size in texels of the texture in each slot.
uniform vec2 u_texel_size[8];

out vec4 v_colour;
out vec2 v_uv;
flat out int v_texture;

void main() {
    gl_Position = u_projection * vec4(a_position, 1.0);
    v_colour = vec4(a_colour.rgb * a_colour.a, a_colour.a);
    int slot = int(a_texture & 7u);
    v_uv = a_uv * u_texel_size[slot];
    v_texture = slot;
}
"#;

/// Fragment shader. GLSL 3.30 only indexes sampler arrays with constants, so
/// the slot is chosen by a switch. `textureLod` at level 0 (atlases have no
/// mipmaps) needs no implicit derivatives inside that non-uniform control
/// flow. Software rasterisers (llvmpipe) run every case under a mask, so the
/// backend compiles variants that keep only the cases a batch's texture set
/// needs ([`fragment_shader_for`]); the source stays this one text.
pub const FRAGMENT_SHADER: &str = r#"#version 330 core
// Bit n set: slot n can be sampled. Variants define it (see fragment_shader_for).
#ifndef USED_SLOTS
#define USED_SLOTS 255
#endif
uniform sampler2D u_textures[8];
// Fragments with less alpha are discarded (opaque pass: 0.5; others: 0).
uniform float u_alpha_cutoff;

in vec4 v_colour;
in vec2 v_uv;
flat in int v_texture;

out vec4 o_colour;

void main() {
    vec4 texel = vec4(1.0);
    switch (v_texture) {
#if (USED_SLOTS & 1) != 0
        case 0: texel = textureLod(u_textures[0], v_uv, 0.0); break;
#endif
#if (USED_SLOTS & 2) != 0
        case 1: texel = textureLod(u_textures[1], v_uv, 0.0); break;
#endif
#if (USED_SLOTS & 4) != 0
        case 2: texel = textureLod(u_textures[2], v_uv, 0.0); break;
#endif
#if (USED_SLOTS & 8) != 0
        case 3: texel = textureLod(u_textures[3], v_uv, 0.0); break;
#endif
#if (USED_SLOTS & 16) != 0
        case 4: texel = textureLod(u_textures[4], v_uv, 0.0); break;
#endif
#if (USED_SLOTS & 32) != 0
        case 5: texel = textureLod(u_textures[5], v_uv, 0.0); break;
#endif
#if (USED_SLOTS & 64) != 0
        case 6: texel = textureLod(u_textures[6], v_uv, 0.0); break;
#endif
#if (USED_SLOTS & 128) != 0
        case 7: texel = textureLod(u_textures[7], v_uv, 0.0); break;
#endif
        default: break;
    }
    vec4 colour = v_colour * texel;
    if (colour.a < u_alpha_cutoff) {
        discard;
    }
    o_colour = colour;
}
"#;

/// The fragment shader specialised to sample only the slots in `slots`
/// (bit n = slot n): the template with `USED_SLOTS` defined.
pub fn fragment_shader_for(slots: u8) -> String {
    let (version, rest) = FRAGMENT_SHADER
        .split_once('\n')
        .unwrap_or((FRAGMENT_SHADER, ""));
    format!("{version}\n#define USED_SLOTS {slots}\n{rest}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vertex_is_28_tightly_packed_bytes() {
        assert_eq!(VERTEX_STRIDE, 28);
        assert_eq!(std::mem::align_of::<Vertex>(), 4);
    }

    #[test]
    fn layout_table_covers_the_struct_without_overlap() {
        let mut end = 0;
        for a in VERTEX_LAYOUT {
            assert_eq!(a.offset, end, "{} follows the previous attribute", a.name);
            let size = match a.kind {
                AttributeKind::F32 | AttributeKind::U32Integer => 4,
                AttributeKind::U8Normalised => 1,
            };
            end += size * a.components as usize;
        }
        assert_eq!(end, VERTEX_STRIDE);
    }

    #[test]
    fn glsl_declares_every_attribute_at_its_location() {
        for a in VERTEX_LAYOUT {
            let decl = format!("layout(location = {}) in ", a.location);
            let line = VERTEX_SHADER
                .lines()
                .find(|l| l.starts_with(&decl) && l.trim_end().ends_with(&format!(" {};", a.name)))
                .unwrap_or_else(|| {
                    panic!("{} at location {} in the vertex shader", a.name, a.location)
                });
            let ty = match (a.kind, a.components) {
                (AttributeKind::U32Integer, 1) => "uint",
                (_, 2) => "vec2",
                (_, 3) => "vec3",
                (_, 4) => "vec4",
                other => panic!("no GLSL type for {other:?}"),
            };
            assert!(line.contains(&format!(" in {ty} ")), "{line}");
        }
        assert!(FRAGMENT_SHADER.contains(&format!("u_textures[{TEXTURE_SLOTS}]")));
        for slot in 0..TEXTURE_SLOTS {
            assert!(FRAGMENT_SHADER.contains(&format!(
                "case {slot}: texel = textureLod(u_textures[{slot}]"
            )));
        }
        let variant = fragment_shader_for(0b101);
        assert!(variant.starts_with("#version 330 core\n#define USED_SLOTS 5\n"));
        assert!(VERTEX_SHADER.contains(&format!("u_texel_size[{TEXTURE_SLOTS}]")));
    }
}
