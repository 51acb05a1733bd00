//! Screen input: SDL events reduced to what screens act on, with mouse
//! positions already in drawable pixels (top-left origin). On HiDPI displays
//! the drawable is larger than the window: SDL reports the mouse in window
//! units, so positions are scaled by drawable size / window size.
//!
//! The keyboard and a gamepad (SDL GameController) map onto the same
//! [`Key`]s, so every screen gets the same actions from either. The table
//! of what each key does on each screen is in `docs/PLAYING.md` ("Controls";
//! the editor's in `docs/EDITOR.md`) and on the play screen's help panel
//! (`play/help.rs`).
//!
//! Here the vocabulary (what screens act on) and the names scripts use;
//! in `sdl.rs` how SDL's keyboard, mouse and gamepad events map onto it.
mod sdl;

use glam::Vec2;
use sdl2::keyboard::{Keycode, Mod};

pub use sdl::{button, from_sdl, hidpi_scale, key, text_of, InputMapper};

/// A key a screen understands (from the keyboard or a gamepad).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// Arrows, W A S D, the d-pad or the left stick.
    Up,
    Down,
    Left,
    Right,
    /// Return or keypad Enter: choose in menus, end the turn in play.
    Enter,
    /// Space or gamepad A: choose in menus, the context actions in play.
    Space,
    /// Escape, gamepad B or Start: back out, pause.
    Escape,
    /// Tab / Shift+Tab, gamepad shoulder buttons: cycle heroes.
    NextHero,
    PrevHero,
    /// 1–9: select hero n (0-based).
    Hero(u8),
    /// E: the context actions for the hero's cell.
    Context,
    /// Z or Ctrl+Z, gamepad X.
    Undo,
    /// Y, Ctrl+Y or Ctrl+Shift+Z, gamepad Y.
    Redo,
    /// R.
    Restart,
    /// Gamepad Back: end the turn (Enter on the keyboard).
    EndTurn,
    /// F1 or H, gamepad right-stick press: the help panel.
    Help,
    /// + / −, mouse wheel, gamepad triggers.
    ZoomIn,
    ZoomOut,
    /// Shift+arrows (Shift+W A S D), the gamepad's right stick: pan the
    /// play camera one step.
    PanLeft,
    PanRight,
    PanUp,
    PanDown,
    /// O, gamepad left-stick press: the overview of everything the party
    /// has seen, on and off.
    Overview,
    /// C: the play camera back on the selected hero.
    Recentre,
    /// I: a hint from where the party stands (again: the action in words).
    Hint,
    /// T, gamepad Misc (Share/Capture) or touchpad press: the play
    /// screen's target cursor, to move to any cell in sight by keys.
    Target,
    /// F11: fullscreen on and off (handled by the main loop).
    Fullscreen,
    /// F12: save a screenshot (handled by the main loop).
    Screenshot,
}

/// One input event for a screen.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Input {
    Key(Key),
    /// The pointer moved to this drawable pixel.
    MouseMove(Vec2),
    /// The left button was pressed at this drawable pixel.
    Click(Vec2),
    /// The right button was pressed at this drawable pixel.
    RightClick(Vec2),
}

/// A key as typed: the key and the modifiers held. The editor reads chords
/// (Ctrl+S, Delete, a tool's letter); other screens get the [`Key`] a chord
/// means ([`Chord::key`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chord {
    pub code: Keycode,
    /// Ctrl (or the Command/GUI key).
    pub ctrl: bool,
    pub shift: bool,
    pub alt: bool,
}

impl Chord {
    /// `code` with no modifier.
    pub const fn plain(code: Keycode) -> Chord {
        Chord {
            code,
            ctrl: false,
            shift: false,
            alt: false,
        }
    }

    /// `code` with Ctrl.
    pub const fn ctrl(code: Keycode) -> Chord {
        Chord {
            code,
            ctrl: true,
            shift: false,
            alt: false,
        }
    }

    /// The chord of an SDL key event.
    pub fn from_sdl(code: Keycode, modifiers: Mod) -> Chord {
        Chord {
            code,
            ctrl: modifiers.intersects(Mod::LCTRLMOD | Mod::RCTRLMOD | Mod::LGUIMOD | Mod::RGUIMOD),
            shift: modifiers.intersects(Mod::LSHIFTMOD | Mod::RSHIFTMOD),
            alt: modifiers.intersects(Mod::LALTMOD | Mod::RALTMOD),
        }
    }

    /// Whether it is M alone, which switches the sound off and on on every
    /// screen but the editor's (read from the chord, not a [`Key`]: the
    /// editor and text fields keep the letter).
    pub fn is_mute(self) -> bool {
        self.code == Keycode::M && !self.ctrl && !self.alt
    }

    /// The screen key it means (see [`key`]).
    pub fn key(self) -> Option<Key> {
        let mut m = Mod::NOMOD;
        if self.ctrl {
            m |= Mod::LCTRLMOD;
        }
        if self.shift {
            m |= Mod::LSHIFTMOD;
        }
        key(self.code, m)
    }

    /// Parses `ctrl+shift+z`, `f5`, `delete`, `a`: modifiers joined by `+`
    /// before one key name (see [`keycode_named`]).
    pub fn parse(text: &str) -> Option<Chord> {
        let mut chord = Chord::plain(Keycode::Escape);
        let mut parts: Vec<&str> = text.split('+').collect();
        // "ctrl++" names the plus key.
        if text.ends_with("++") {
            parts.truncate(parts.len().saturating_sub(2));
            parts.push("plus");
        }
        let (last, mods) = parts.split_last()?;
        for m in mods {
            match *m {
                "ctrl" | "cmd" => chord.ctrl = true,
                "shift" => chord.shift = true,
                "alt" => chord.alt = true,
                _ => return None,
            }
        }
        chord.code = keycode_named(last)?;
        Some(chord)
    }
}

/// The key named `name` (lower case): a letter or digit, one of `, . [ ]`,
/// `f1`–`f12`, or
/// one of `escape enter space tab backspace delete insert home end up down
/// left right plus minus pageup pagedown`.
pub fn keycode_named(name: &str) -> Option<Keycode> {
    let mut chars = name.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        if c.is_ascii_lowercase() || c.is_ascii_digit() || ",.[]".contains(c) {
            return Keycode::from_i32(c as i32);
        }
    }
    if let Some(n) = name.strip_prefix('f').and_then(|n| n.parse::<i32>().ok()) {
        if (1..=12).contains(&n) {
            return Keycode::from_i32(Keycode::F1.into_i32() + n - 1);
        }
    }
    Some(match name {
        "escape" | "esc" => Keycode::Escape,
        "enter" | "return" => Keycode::Return,
        "space" => Keycode::Space,
        "tab" => Keycode::Tab,
        "backspace" => Keycode::Backspace,
        "delete" | "del" => Keycode::Delete,
        "insert" => Keycode::Insert,
        "home" => Keycode::Home,
        "end" => Keycode::End,
        "up" => Keycode::Up,
        "down" => Keycode::Down,
        "left" => Keycode::Left,
        "right" => Keycode::Right,
        "plus" | "equals" => Keycode::Equals,
        "minus" => Keycode::Minus,
        "[" | "leftbracket" => Keycode::LeftBracket,
        "]" | "rightbracket" => Keycode::RightBracket,
        "pageup" => Keycode::PageUp,
        "pagedown" => Keycode::PageDown,
        "shift" | "lshift" => Keycode::LShift,
        _ => return None,
    })
}

/// A mouse button.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Button {
    Left,
    Middle,
    Right,
}

/// Everything the main loop passes on: the menus' and the play screen's
/// [`Input`], plus what painting and typing need (the editor): key chords
/// and releases, typed text, every button's press and release.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RawInput {
    /// Input as the other screens take it.
    Input(Input),
    /// A key pressed, with its modifiers.
    Chord(Chord),
    /// A key let go.
    KeyUp(Chord),
    /// One character typed (text input; arrives beside the key's chord).
    Text(char),
    /// A button pressed at this drawable pixel.
    Press(Button, Vec2),
    /// A button let go at this drawable pixel.
    Release(Button, Vec2),
}

impl RawInput {
    /// What the other screens get from it, if anything: a chord's key,
    /// left and right presses as clicks.
    pub fn to_input(self) -> Option<Input> {
        match self {
            RawInput::Input(i) => Some(i),
            RawInput::Chord(c) => c.key().map(Input::Key),
            RawInput::Press(Button::Left, p) => Some(Input::Click(p)),
            RawInput::Press(Button::Right, p) => Some(Input::RightClick(p)),
            _ => None,
        }
    }
}

/// The key named `name` in scripts (`--script`): a screen key by the
/// lower-case variant name with dashes (`next-hero`, `undo`, `zoom-in`,
/// `pan-left`, `hero-3`, …), or else a key on the keyboard by its name
/// ([`keycode_named`]: `left`, `enter`, `escape`, `e`, `z`, `1`–`9`, …)
/// and what it means with no modifier ([`key`]).
pub fn key_named(name: &str) -> Option<Key> {
    if let Some(Ok(n @ 1..=9)) = name.strip_prefix("hero-").map(str::parse::<u8>) {
        return Some(Key::Hero(n - 1));
    }
    Some(match name {
        "next-hero" => Key::NextHero,
        "prev-hero" => Key::PrevHero,
        "context" => Key::Context,
        "undo" => Key::Undo,
        "redo" => Key::Redo,
        "restart" => Key::Restart,
        "end-turn" => Key::EndTurn,
        "help" => Key::Help,
        "zoom-in" => Key::ZoomIn,
        "zoom-out" => Key::ZoomOut,
        "pan-left" => Key::PanLeft,
        "pan-right" => Key::PanRight,
        "pan-up" => Key::PanUp,
        "pan-down" => Key::PanDown,
        "overview" => Key::Overview,
        "recentre" => Key::Recentre,
        "hint" => Key::Hint,
        "target" => Key::Target,
        _ => return keycode_named(name).and_then(|code| key(code, Mod::NOMOD)),
    })
}

#[cfg(test)]
mod tests {
    use sdl2::event::Event;
    use sdl2::mouse::MouseButton;

    use super::*;

    #[test]
    fn chords_parse_and_mean_the_screen_keys() {
        let save = Chord::parse("ctrl+s").unwrap();
        assert_eq!(save, Chord::ctrl(Keycode::S));
        assert_eq!(save.key(), Some(Key::Down), "menus still read S as down");
        let redo = Chord::parse("ctrl+shift+z").unwrap();
        assert!(redo.ctrl && redo.shift && !redo.alt);
        assert_eq!(redo.key(), Some(Key::Redo));
        assert_eq!(Chord::parse("f5").unwrap().code, Keycode::F5);
        assert_eq!(Chord::parse("delete").unwrap().code, Keycode::Delete);
        assert_eq!(Chord::parse("ctrl++").unwrap().code, Keycode::Equals);
        assert_eq!(Chord::parse("7").unwrap().code, Keycode::Num7);
        assert_eq!(Chord::parse("hyper+x"), None);
        assert!(Chord::parse("m").unwrap().is_mute());
        assert!(Chord::parse("shift+m").unwrap().is_mute());
        assert!(!Chord::parse("ctrl+m").unwrap().is_mute());
        assert!(!Chord::parse("n").unwrap().is_mute());
        assert_eq!(Chord::parse("ctrl+nothing"), None);
        let typed = Event::TextInput {
            timestamp: 0,
            window_id: 1,
            text: "ab".into(),
        };
        assert_eq!(
            text_of(&typed),
            vec![RawInput::Text('a'), RawInput::Text('b')]
        );
        let up = Event::MouseButtonUp {
            timestamp: 0,
            window_id: 1,
            which: 0,
            mouse_btn: MouseButton::Middle,
            clicks: 1,
            x: 3,
            y: 4,
        };
        assert_eq!(
            from_sdl(&up, Vec2::splat(2.0)),
            Some(RawInput::Release(Button::Middle, Vec2::new(6.0, 8.0)))
        );
        assert_eq!(RawInput::Release(Button::Left, Vec2::ZERO).to_input(), None);
    }

    #[test]
    fn script_key_names() {
        assert_eq!(key_named("left"), Some(Key::Left));
        assert_eq!(key_named("2"), Some(Key::Hero(1)));
        assert_eq!(key_named("hero-3"), Some(Key::Hero(2)));
        assert_eq!(key_named("undo"), Some(Key::Undo));
        assert_eq!(key_named("0"), None);
        assert_eq!(key_named("hero-0"), None);
        // Keyboard names read as the key with no modifier.
        for (name, key) in [
            ("e", Key::Context),
            ("z", Key::Undo),
            ("y", Key::Redo),
            ("r", Key::Restart),
            ("f1", Key::Help),
            ("o", Key::Overview),
            ("c", Key::Recentre),
            ("t", Key::Target),
            ("i", Key::Hint),
            ("tab", Key::NextHero),
            ("esc", Key::Escape),
            ("escape", Key::Escape),
            ("enter", Key::Enter),
            ("space", Key::Space),
            ("right", Key::Right),
        ] {
            assert_eq!(key_named(name), Some(key), "{name}");
        }
        assert_eq!(key_named("bogus"), None);
    }
}
