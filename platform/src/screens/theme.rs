//! The screens' look, in one place: the palette of the menus, panels and
//! texts (named for what they colour), and the styles of a menu button at
//! rest, selected, and of an overlay's frame. Every screen draws its menus,
//! panels and titles from these, so the game reads as one; colours that
//! only one screen uses stay in that screen's file, and the world's own
//! palette is in `world/draw`.
use render::{hex, PanelStyle, Rgba};

/// The menus' backdrop: a vertical gradient from top to bottom.
pub const BACKGROUND_TOP: Rgba = hex(0x1b2236);
pub const BACKGROUND_BOTTOM: Rgba = hex(0x0b0d14);
/// The inside of a text field being typed in.
pub const FIELD: Rgba = BACKGROUND_BOTTOM;
/// Behind a level's thumbnail (the dark of the unseen).
pub const THUMB_BACKGROUND: Rgba = hex(0x07080d);
/// Darkens the whole drawable beneath an overlay.
pub const VEIL: Rgba = [0.02, 0.02, 0.05, 0.72];

/// The game's gold: titles, what is selected, what is required.
pub const GOLD: Rgba = hex(0xf5c542);
/// Text of a menu entry at rest.
pub const ITEM_TEXT: Rgba = hex(0xc8cfe0);
/// Secondary text: subtitles, descriptions, a field's label.
pub const SUB_TEXT: Rgba = hex(0x9aa6c8);
/// Quiet text: key hints, a field's help.
pub const DIM_TEXT: Rgba = hex(0x7f8aa8);
/// Text of what cannot be chosen (locked, disabled).
pub const DISABLED_TEXT: Rgba = hex(0x6c7591);
/// Notices, warnings and refusals: what the player should read.
pub const NOTICE_TEXT: Rgba = hex(0xffb74d);
/// Behind selected text in a field (a suggested file name).
pub const TEXT_SELECTION: Rgba = hex(0x35508a);
/// The border of buttons and overlays.
pub const BORDER: Rgba = hex(0x4a5578);

/// A menu button at rest.
pub const ITEM_STYLE: PanelStyle = PanelStyle {
    fill_top: hex(0x2b3350),
    fill_bottom: hex(0x1f2540),
    border: BORDER,
    border_px: 2.0,
    bevel_px: 12.0,
};

/// The selected menu button.
pub const SELECTED_STYLE: PanelStyle = PanelStyle {
    fill_top: hex(0x3d4f86),
    fill_bottom: hex(0x2c3a66),
    border: GOLD,
    border_px: 3.0,
    bevel_px: 12.0,
};

/// The frame of an overlay (pause, results, help): a bevelled panel, at
/// the 1280×720 design's scale.
pub const OVERLAY_STYLE: PanelStyle = PanelStyle {
    fill_top: hex(0x222a44),
    fill_bottom: hex(0x151a2c),
    border: BORDER,
    border_px: 3.0,
    bevel_px: 18.0,
};
