//! The screens' look, in one place: the menus' backdrop colours and the
//! styles of a menu button at rest and selected. Every screen draws its
//! menus, panels and titles from these, so the game reads as one.
use render::{hex, PanelStyle, Rgba};

/// The menus' backdrop: a vertical gradient from top to bottom.
pub const BACKGROUND_TOP: Rgba = hex(0x1b2236);
pub const BACKGROUND_BOTTOM: Rgba = hex(0x0b0d14);

/// A menu button at rest.
pub const ITEM_STYLE: PanelStyle = PanelStyle {
    fill_top: hex(0x2b3350),
    fill_bottom: hex(0x1f2540),
    border: hex(0x4a5578),
    border_px: 2.0,
    bevel_px: 12.0,
};

/// The selected menu button.
pub const SELECTED_STYLE: PanelStyle = PanelStyle {
    fill_top: hex(0x3d4f86),
    fill_bottom: hex(0x2c3a66),
    border: hex(0xf5c542),
    border_px: 3.0,
    bevel_px: 12.0,
};
