//! Rendering one frame in-process for tests: a headless window, a renderer,
//! the shipped font (and, when asked, the sprite atlas), a draw list filled
//! by the test, and the pixels read back.
use std::path::PathBuf;

use image::RgbaImage;
use render::gl_backend::{self, FrameStats, Renderer};
use render::{DrawList, Font, Rgba, SpriteAtlas, TextureSlot};

use crate::gl::{headless_window, lock};
use crate::golden::to_image;

/// The repository's `assets/` folder.
pub fn assets_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../assets")
}

/// The shipped font.
pub fn font() -> Font {
    Font::load(&assets_dir().join("fonts/DejaVuSans.ttf")).expect("shipped font loads")
}

/// The shipped sprite atlas, in slot 1.
pub fn sprites() -> SpriteAtlas {
    SpriteAtlas::load(&assets_dir().join("atlas/sprites.json"), TextureSlot(1))
        .expect("shipped sprite atlas loads")
}

/// What a test draws with.
pub struct Kit {
    pub font: Font,
    pub sprites: SpriteAtlas,
}

/// Renders one `width`×`height` frame cleared to `clear`, filled by `fill`,
/// and returns the image and the renderer's statistics.
pub fn render(
    width_px: u32,
    height_px: u32,
    clear: Rgba,
    fill: impl FnOnce(&mut DrawList, &mut Kit),
) -> (RgbaImage, FrameStats) {
    let mut kit = Kit {
        font: font(),
        sprites: sprites(),
    };
    let mut list = DrawList::new();
    fill(&mut list, &mut kit);
    render_list(width_px, height_px, clear, &list, &kit)
}

/// Renders an already filled list with `kit`'s textures.
pub fn render_list(
    width_px: u32,
    height_px: u32,
    clear: Rgba,
    list: &DrawList,
    kit: &Kit,
) -> (RgbaImage, FrameStats) {
    let _guard = lock();
    let _window = headless_window(width_px, height_px);
    let mut renderer = Renderer::new().unwrap_or_else(|e| panic!("renderer: {e}"));
    renderer.set_texture(kit.font.slot(), kit.font.atlas_image());
    renderer.set_texture(kit.sprites.slot, &kit.sprites.texture);
    gl_backend::begin_frame(width_px, height_px, clear);
    let stats = renderer.draw(list, width_px, height_px);
    let pixels = gl_backend::read_pixels_rgba(width_px, height_px);
    drop(renderer);
    (to_image(width_px, height_px, pixels), stats)
}
