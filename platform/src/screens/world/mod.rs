//! The world drawing shared by the play screen and the editor (so what
//! the designer sees is what the player sees):
//! - [`projection`]: view space → drawable pixels;
//! - [`mask`]: the stencil mask of each GridView node;
//! - [`layout`]: who stands where in a cell (everyone visible, fanned or
//!   scaled when crowded);
//! - [`draw`]: the layers — floors, edges, portal glow, the entrance,
//!   tints, ropes, items, creatures — through a hero's GridView
//!   ([`draw_world`]) or for whole cells at their own place
//!   ([`draw_cells`]); copies seen through portals marked by their
//!   regions' portal depth ([`region_depths`]); the remembered map
//!   ([`draw_remembered`]);
//! - [`palette`]: the colours that carry meaning (danger, falls, glares…),
//!   in the palette the player chooses.
pub mod draw;
pub mod layout;
pub mod mask;
pub mod palette;
pub mod projection;

pub use draw::{
    draw_cells, draw_companions, draw_hero, draw_item, draw_moving, draw_remembered, draw_world,
    region_at, region_depths, HeroLook, Scene, ViewCellSet, WorldSprites, DARK,
};
pub use layout::CellLayout;
pub use mask::{node_polygon, Polygon};
pub use palette::{Colours, Palette};
pub use projection::Projection;
