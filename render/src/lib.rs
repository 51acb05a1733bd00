//! `render`: what a frame looks like, as data, and the GL backend that draws
//! it. It knows nothing about the game.
//!
//! Data flow: the game fills a [`DrawList`] (quads, sprites, text, panels,
//! triangles, stencil masks) each frame; [`gl_backend::Renderer`] sorts its
//! commands by [`SortKey`], plans merged batches ([`FramePlan`]), uploads the
//! vertices once and draws. Fonts ([`Font`]) and sprite atlases
//! ([`SpriteAtlas`]) provide the textures. `fixtures` holds the frame the
//! benchmark and the llvmpipe timing share. Only `gl_backend` holds `unsafe`
//! GL calls.
// `unsafe_code` is denied by the workspace lints; `gl_backend` (raw GL) is
// the one module that allows it.
#![deny(missing_docs)]
// Logging goes through the `log` facade (docs/STYLE.md); tests may print.
#![cfg_attr(not(test), deny(clippy::print_stdout, clippy::print_stderr))]

pub mod atlas;
pub mod batch;
pub mod colour;
pub mod draw_list;
pub mod error;
pub mod fixtures;
pub mod font;
#[allow(unsafe_code)]
pub mod gl_backend;
pub mod glyph_atlas;
pub mod panel;
pub mod rect;
pub mod sort_key;
pub mod text;
pub mod texture;
pub mod vertex;

pub use atlas::{AtlasMeta, Sprite, SpriteAtlas};
pub use batch::{Batch, FramePlan, MAX_QUADS_PER_DRAW};
pub use colour::{hex, Rgba, WHITE};
pub use draw_list::{Command, DrawList, DrawState};
pub use error::RenderError;
pub use font::Font;
pub use gl_backend::{FrameStats, Renderer};
pub use panel::PanelStyle;
pub use rect::Rect;
pub use sort_key::{DrawMode, Pass, SortKey, Stencil, StencilId, StencilUse};
pub use text::{Align, TextStyle};
pub use texture::{TextureImage, TextureSlot, FONT_SLOT};
