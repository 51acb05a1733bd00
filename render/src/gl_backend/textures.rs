//! The eight texture slots. Each slot owns one GL texture, starting as a 1×1
//! white texel (so plain colour works before any atlas is uploaded). Images
//! are uploaded only when their generation changes, and binds are skipped
//! when the unit already holds the texture.
use gl::types::GLuint;

use crate::texture::{Filter, TextureImage, TextureMask, TextureSlot};
use crate::vertex::TEXTURE_SLOTS;

pub struct Textures {
    ids: [GLuint; TEXTURE_SLOTS],
    /// Generation of the image each slot holds; 0 = the initial white texel.
    generations: [u64; TEXTURE_SLOTS],
    sizes: [(u32, u32); TEXTURE_SLOTS],
    /// What each unit is known to have bound; 0 = unknown.
    bound: [GLuint; TEXTURE_SLOTS],
}

fn upload_pixels(
    id: GLuint,
    unit: usize,
    width: u32,
    height: u32,
    pixels: &[u8],
    filter: Filter,
    same_size: bool,
) {
    debug_assert_eq!(pixels.len(), width as usize * height as usize * 4);
    let f = match filter {
        Filter::Nearest => gl::NEAREST,
        Filter::Linear => gl::LINEAR,
    } as i32;
    // SAFETY: `pixels` holds width*height RGBA8 texels and UNPACK_ALIGNMENT
    // is 1, so the driver reads within it.
    unsafe {
        gl::ActiveTexture(gl::TEXTURE0 + unit as u32);
        gl::BindTexture(gl::TEXTURE_2D, id);
        gl::PixelStorei(gl::UNPACK_ALIGNMENT, 1);
        gl::TexParameteri(gl::TEXTURE_2D, gl::TEXTURE_MIN_FILTER, f);
        gl::TexParameteri(gl::TEXTURE_2D, gl::TEXTURE_MAG_FILTER, f);
        gl::TexParameteri(gl::TEXTURE_2D, gl::TEXTURE_WRAP_S, gl::CLAMP_TO_EDGE as i32);
        gl::TexParameteri(gl::TEXTURE_2D, gl::TEXTURE_WRAP_T, gl::CLAMP_TO_EDGE as i32);
        gl::TexParameteri(gl::TEXTURE_2D, gl::TEXTURE_MAX_LEVEL, 0);
        if same_size {
            gl::TexSubImage2D(
                gl::TEXTURE_2D,
                0,
                0,
                0,
                width as i32,
                height as i32,
                gl::RGBA,
                gl::UNSIGNED_BYTE,
                pixels.as_ptr().cast(),
            );
        } else {
            gl::TexImage2D(
                gl::TEXTURE_2D,
                0,
                gl::RGBA8 as i32,
                width as i32,
                height as i32,
                0,
                gl::RGBA,
                gl::UNSIGNED_BYTE,
                pixels.as_ptr().cast(),
            );
        }
    }
}

impl Textures {
    /// Creates the slots' textures, each a 1×1 opaque white texel.
    pub fn new() -> Textures {
        let mut ids = [0; TEXTURE_SLOTS];
        // SAFETY: GenTextures writes TEXTURE_SLOTS names into `ids`.
        unsafe { gl::GenTextures(TEXTURE_SLOTS as i32, ids.as_mut_ptr()) };
        for (unit, &id) in ids.iter().enumerate() {
            upload_pixels(id, unit, 1, 1, &[255; 4], Filter::Nearest, false);
        }
        Textures {
            ids,
            generations: [0; TEXTURE_SLOTS],
            sizes: [(1, 1); TEXTURE_SLOTS],
            bound: ids,
        }
    }

    /// Uploads `image` into `slot` unless the slot already holds this
    /// generation. Returns whether it uploaded.
    pub fn upload(&mut self, slot: TextureSlot, image: &TextureImage) -> bool {
        let unit = usize::from(slot.0) % TEXTURE_SLOTS;
        if self.generations[unit] == image.generation() {
            return false;
        }
        let size = (image.width, image.height);
        upload_pixels(
            self.ids[unit],
            unit,
            image.width,
            image.height,
            &image.pixels,
            image.filter,
            self.sizes[unit] == size,
        );
        self.bound[unit] = self.ids[unit];
        self.generations[unit] = image.generation();
        self.sizes[unit] = size;
        true
    }

    /// 1/width, 1/height per slot: the shader's `u_texel_size`.
    pub fn texel_sizes(&self) -> [[f32; 2]; TEXTURE_SLOTS] {
        self.sizes
            .map(|(w, h)| [1.0 / w.max(1) as f32, 1.0 / h.max(1) as f32])
    }

    /// Forgets what is bound (other code may have bound textures since).
    pub fn invalidate_bindings(&mut self) {
        self.bound = [0; TEXTURE_SLOTS];
    }

    /// Binds every slot in `mask` whose unit does not hold it; returns the binds issued.
    pub fn bind(&mut self, mask: TextureMask) -> u32 {
        let mut binds = 0;
        for unit in 0..TEXTURE_SLOTS {
            if mask.contains(TextureSlot(unit as u8)) && self.bound[unit] != self.ids[unit] {
                // SAFETY: binding our own live texture to an existing unit.
                unsafe {
                    gl::ActiveTexture(gl::TEXTURE0 + unit as u32);
                    gl::BindTexture(gl::TEXTURE_2D, self.ids[unit]);
                }
                self.bound[unit] = self.ids[unit];
                binds += 1;
            }
        }
        binds
    }
}

impl Drop for Textures {
    fn drop(&mut self) {
        // SAFETY: deleting our own textures on the still-current context.
        unsafe { gl::DeleteTextures(TEXTURE_SLOTS as i32, self.ids.as_ptr()) };
    }
}
