//! The screens' look, in one place: the palette of the menus, panels and
//! texts (named for what they colour), and the styles of a menu button at
//! rest, selected, and of an overlay's frame; and the size of text and
//! panels the player chose ([`set_ui_scale`]), which every layout made
//! for the 1280×720 design takes through [`scale`]. Every screen draws its menus,
//! panels and titles from these, so the game reads as one; colours that
//! only one screen uses stay in that screen's file; the world's own
//! colours are in `world/draw`, and those that carry meaning (danger,
//! falls…) in the player's palette, `world/palette.rs`.
use std::cell::Cell;

use glam::Vec2;
use render::{hex, PanelStyle, Rgba};

thread_local! {
    /// The size of text and panels the player chose (the Options screen's
    /// "Text and panels"; 1.0 is the design's). One value for the whole
    /// interface, like the drawable's size, so it is kept beside the code
    /// that lays out, for the thread that draws (each test thread starts
    /// at 1.0).
    static UI_SCALE: Cell<f32> = const { Cell::new(1.0) };
}

/// Sets the size of text and panels (1.0 to 2.0) for every layout from now
/// on (`Screens::set_ui_scale`).
pub fn set_ui_scale(scale: f32) {
    UI_SCALE.with(|s| s.set(scale.clamp(1.0, 2.0)));
}

/// The size of text and panels the player chose (1.0: the design's).
pub fn ui_scale() -> f32 {
    UI_SCALE.with(Cell::get)
}

/// The scale of a layout made for the 1280×720 design whose content
/// measures `content` design pixels, on a drawable of `size`: the
/// drawable's own scale times the player's [`ui_scale`], as far as the
/// content still fits (never below the drawable's own scale, so what fit
/// at 100 % still does).
pub fn scale(size: Vec2, content: Vec2) -> f32 {
    let own = (size.y / 720.0).min(size.x / 1280.0).max(0.2);
    let fits = (size.y / content.y.max(1.0)).min(size.x / content.x.max(1.0));
    (own * ui_scale()).min(fits).max(own)
}

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
