//! The editor's tools and the screen layout around the canvas: the palette
//! down the left side (an icon and a hotkey a tool, its name and what it
//! does shown on hover, then the Solve button), the side panel on the right
//! (inspector above, the problem list below), the status line at the
//! bottom.
//!
//! Hotkeys avoid W A S D (the canvas pans with them, as with the arrows),
//! F (fit), V (sight preview) and the Ctrl shortcuts; the full table is
//! [`HOTKEYS`], shown on F1 and in `docs/EDITOR.md`.
use glam::Vec2;
use render::Rect;

use crate::screens::play::camera::ui_scale;

/// An editing tool.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    /// Pick a thing or portal (inspect it, drag it), or drag a rectangle.
    Select,
    /// Cells: left paints air (digs), right paints rock; Shift+drag a
    /// rectangle.
    Cells,
    /// Drag a rectangle: air inside, walls around, merged with what is there.
    Room,
    /// Edges: left paints walls, right opens; drag along a line of edges.
    Wall,
    /// Edges: left paints platforms, right opens.
    Platform,
    /// Click one edge, then another: a portal pair.
    Portal,
    /// Place the entrance.
    Entrance,
    /// Place a hero (1–3 picks which).
    Hero,
    /// Place an item (1–4: relic, heavy relic, bucket, custom).
    Item,
    /// Place a coiled rope.
    Rope,
    /// Place a watcher.
    Watcher,
    /// The selected watcher's route: click adds a waypoint, drag moves
    /// one, right-click removes one.
    Route,
}

/// Every tool, in palette order.
pub const TOOLS: [Tool; 12] = [
    Tool::Select,
    Tool::Cells,
    Tool::Room,
    Tool::Wall,
    Tool::Platform,
    Tool::Portal,
    Tool::Entrance,
    Tool::Hero,
    Tool::Item,
    Tool::Rope,
    Tool::Watcher,
    Tool::Route,
];

impl Tool {
    /// The name on the palette.
    pub fn name(self) -> &'static str {
        match self {
            Tool::Select => "Select",
            Tool::Cells => "Cells",
            Tool::Room => "Room",
            Tool::Wall => "Wall",
            Tool::Platform => "Platform",
            Tool::Portal => "Portal",
            Tool::Entrance => "Entrance",
            Tool::Hero => "Hero",
            Tool::Item => "Item",
            Tool::Rope => "Rope coil",
            Tool::Watcher => "Watcher",
            Tool::Route => "Route",
        }
    }

    /// Its hotkey, as a lower-case letter.
    pub fn hotkey(self) -> char {
        match self {
            Tool::Select => 'q',
            Tool::Cells => 'b',
            Tool::Room => 'r',
            Tool::Wall => 'e',
            Tool::Platform => 'l',
            Tool::Portal => 'p',
            Tool::Entrance => 'n',
            Tool::Hero => 'h',
            Tool::Item => 'i',
            Tool::Rope => 'c',
            Tool::Watcher => 'g',
            Tool::Route => 't',
        }
    }

    /// The tool whose hotkey is `c`.
    pub fn from_hotkey(c: char) -> Option<Tool> {
        TOOLS.into_iter().find(|t| t.hotkey() == c)
    }

    /// What a click does, for the hover tip and the status line.
    pub fn help(self) -> &'static str {
        match self {
            Tool::Select => "click a thing or portal to inspect it; drag it to move; drag empty space to select an area",
            Tool::Cells => "left: dig air · right: fill rock · Shift+drag: a rectangle",
            Tool::Room => "drag a rectangle: air inside, walls on rock; joins the air it touches",
            Tool::Wall => "left: wall · right: open · drag along edges",
            Tool::Platform => "left: platform (floors only) · right: open",
            Tool::Portal => "click an edge, then another: a portal pair (kind in the inspector)",
            Tool::Entrance => "click: the entrance goes here, the party on it too",
            Tool::Hero => "click: place a hero (1 knight, 2 scout, 3 sorceress)",
            Tool::Item => "click: place an item (1 relic, 2 heavy relic, 3 bucket, 4 custom)",
            Tool::Rope => "click: place a coiled rope",
            Tool::Watcher => "click: place a watcher (then Route adds its waypoints)",
            Tool::Route => "selected watcher: click adds a waypoint, drag moves one, right-click removes",
        }
    }
}

/// Every shortcut, as (keys, what) — the F1 panel and `docs/EDITOR.md` list it.
pub const HOTKEYS: &[(&str, &str)] = &[
    (
        "Q B R E L P N H I C G T",
        "tools (see the palette; hover for help)",
    ),
    ("1-4", "what Hero / Item places"),
    (
        "Click again",
        "a cell with several things: select the next one",
    ),
    (
        "O",
        "the outliner: everything placed, by cell; click selects",
    ),
    (
        "Mouse",
        "left: use the tool · right: its opposite · middle-drag: pan",
    ),
    ("Space+drag, arrows, WASD", "pan"),
    ("Wheel, + / -", "zoom"),
    ("F", "fit the level in view"),
    (
        "V (hold)",
        "what a hero would see from the cell under the pointer",
    ),
    ("Ctrl+Z / Ctrl+Shift+Z, Ctrl+Y", "undo / redo"),
    (
        "Ctrl+C / Ctrl+X / Ctrl+V",
        "copy / cut / paste the selection",
    ),
    ("Delete, Backspace", "delete the selection"),
    ("M", "mirror the selection left to right"),
    ("Ctrl+A", "select the whole level"),
    ("Ctrl+arrows", "add a column or row on that side"),
    ("Ctrl+Shift+arrows", "remove a column or row on that side"),
    ("K", "next kind for the selected portal"),
    (
        ", / . (slider)",
        "the selected watcher's sight a round back / on",
    ),
    ("Enter", "edit the inspector's first field"),
    ("F5", "test-play the level (Esc comes back)"),
    (
        "F6 (Solve button)",
        "solve: fewest turns, proven, no time limit (F6 stops / goes on)",
    ),
    ("F7", "play the solution back on the canvas (Esc stops)"),
    (
        "Space, Left / Right, Up / Down",
        "while it plays: pause, step back / forward, slower / faster",
    ),
    (
        "F8 (Set par button)",
        "set par from the solution: the fewest turns the last solve proved",
    ),
    ("Ctrl+S", "save (text, atomically)"),
    (
        "Ctrl+Shift+S",
        "save as (a shipped level: as a copy, named anew)",
    ),
    ("Ctrl+Shift+C", "copy the whole level as text"),
    ("Tab", "next problem (selected, brought into view)"),
    (
        "Esc",
        "one layer a press: paste, selection, then leave (asks)",
    ),
    ("F1", "this help"),
    ("F11 / F12", "fullscreen / screenshot"),
];

/// Where everything is on a drawable.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    pub scale: f32,
    /// The palette's tool buttons, in [`TOOLS`] order.
    pub tools: Vec<Rect>,
    /// The Solve button, under the tools.
    pub solve: Rect,
    /// The level drawing area.
    pub canvas: Rect,
    /// The side panel: inspector, then problems.
    pub side: Rect,
    pub inspector: Rect,
    pub problems: Rect,
    /// The bottom status line.
    pub status: Rect,
    /// The top bar (file name, level name, size, saved or not).
    pub top: Rect,
}

/// The layout of a drawable of `size_px`.
pub fn layout(size_px: (u32, u32)) -> Layout {
    let s = ui_scale(size_px);
    let (w, h) = (size_px.0.max(1) as f32, size_px.1.max(1) as f32);
    let top_h = (30.0 * s).round();
    let status_h = (28.0 * s).round();
    let palette_w = (56.0 * s).round();
    let side_w = (300.0 * s).round().min(w * 0.4);
    let button = (46.0 * s).round();
    let gap = (4.0 * s).round().max(1.0);
    let tools = (0..TOOLS.len())
        .map(|i| {
            Rect::new(
                (palette_w - button) / 2.0,
                top_h + gap + i as f32 * (button + gap),
                button,
                button,
            )
        })
        .collect();
    let solve = Rect::new(
        (palette_w - button) / 2.0,
        top_h + gap + TOOLS.len() as f32 * (button + gap) + gap,
        button,
        button,
    );
    let body_h = h - top_h - status_h;
    let side = Rect::new(w - side_w, top_h, side_w, body_h);
    let inspector_h = (body_h * 0.55).round();
    Layout {
        scale: s,
        tools,
        solve,
        canvas: Rect::new(palette_w, top_h, (w - palette_w - side_w).max(1.0), body_h),
        inspector: Rect::new(side.x, side.y, side.w, inspector_h),
        problems: Rect::new(side.x, side.y + inspector_h, side.w, body_h - inspector_h),
        side,
        status: Rect::new(0.0, h - status_h, w, status_h),
        top: Rect::new(0.0, 0.0, w, top_h),
    }
}

impl Layout {
    /// The tool whose palette button is under `p`.
    pub fn tool_at(&self, p: Vec2) -> Option<Tool> {
        self.tools
            .iter()
            .position(|r| r.contains(p))
            .map(|i| TOOLS[i])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hotkeys_are_distinct_and_spare_the_pan_keys() {
        let mut seen = std::collections::HashSet::new();
        for t in TOOLS {
            assert!(seen.insert(t.hotkey()), "{t:?}");
            assert!(!"wasdfvzyxm".contains(t.hotkey()), "{t:?}");
            assert_eq!(Tool::from_hotkey(t.hotkey()), Some(t));
        }
    }

    #[test]
    fn the_panels_do_not_overlap_and_every_tool_button_is_hit() {
        for size in [(1280, 720), (800, 600), (2560, 1440)] {
            let l = layout(size);
            assert!(l.canvas.x >= l.tools[0].x + l.tools[0].w);
            assert!(l.canvas.x + l.canvas.w <= l.side.x + 0.5);
            assert!(l.canvas.y + l.canvas.h <= l.status.y + 0.5);
            for (i, r) in l.tools.iter().enumerate() {
                assert_eq!(l.tool_at(r.centre()), Some(TOOLS[i]));
                assert!(r.y + r.h <= l.status.y, "{size:?}: tool {i} on screen");
            }
            let last = l.tools[TOOLS.len() - 1];
            assert!(
                l.solve.y >= last.y + last.h,
                "{size:?}: Solve under the tools"
            );
            assert!(
                l.solve.y + l.solve.h <= l.status.y,
                "{size:?}: Solve on screen"
            );
            assert_eq!(l.tool_at(l.solve.centre()), None);
        }
    }
}
