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
mod code;
mod sdl;

use glam::Vec2;

pub use code::Code;
pub use sdl::{button, code_of, from_sdl, hidpi_scale, text_of, InputMapper};

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
    pub code: Code,
    /// Ctrl (or the Command/GUI key).
    pub ctrl: bool,
    pub shift: bool,
    pub alt: bool,
}

impl Chord {
    /// `code` with no modifier.
    pub const fn plain(code: Code) -> Chord {
        Chord {
            code,
            ctrl: false,
            shift: false,
            alt: false,
        }
    }

    /// `code` with Ctrl.
    pub const fn ctrl(code: Code) -> Chord {
        Chord {
            code,
            ctrl: true,
            shift: false,
            alt: false,
        }
    }

    /// Whether it is M alone, which switches the sound off and on on every
    /// screen but the editor's (read from the chord, not a [`Key`]: the
    /// editor and text fields keep the letter).
    pub fn is_mute(self) -> bool {
        self.code == Code::M && !self.ctrl && !self.alt
    }

    /// The screen key it means (see [`key`]).
    pub fn key(self) -> Option<Key> {
        key(self.code, self.ctrl, self.shift)
    }

    /// Parses `ctrl+shift+z`, `f5`, `delete`, `a`: modifiers joined by `+`
    /// before one key name (see [`Code::named`]).
    pub fn parse(text: &str) -> Option<Chord> {
        let mut chord = Chord::plain(Code::Escape);
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
        chord.code = Code::named(last)?;
        Some(chord)
    }
}

/// Maps a key with its modifiers (Ctrl or the Command key, Shift) to a
/// screen key (see [`Key`]): the keyboard's half of the controls table.
pub fn key(code: Code, ctrl: bool, shift: bool) -> Option<Key> {
    let digit = |n: u8| Some(Key::Hero(n));
    match code {
        Code::Up | Code::W if shift && !ctrl => Some(Key::PanUp),
        Code::Down | Code::S if shift && !ctrl => Some(Key::PanDown),
        Code::Left | Code::A if shift && !ctrl => Some(Key::PanLeft),
        Code::Right | Code::D if shift && !ctrl => Some(Key::PanRight),
        Code::Up | Code::W => Some(Key::Up),
        Code::Down | Code::S => Some(Key::Down),
        Code::Left | Code::A => Some(Key::Left),
        Code::Right | Code::D => Some(Key::Right),
        Code::Return | Code::KpEnter => Some(Key::Enter),
        Code::Space => Some(Key::Space),
        Code::Escape => Some(Key::Escape),
        Code::Tab if shift => Some(Key::PrevHero),
        Code::Tab => Some(Key::NextHero),
        Code::Num1 | Code::Kp1 => digit(0),
        Code::Num2 | Code::Kp2 => digit(1),
        Code::Num3 | Code::Kp3 => digit(2),
        Code::Num4 | Code::Kp4 => digit(3),
        Code::Num5 | Code::Kp5 => digit(4),
        Code::Num6 | Code::Kp6 => digit(5),
        Code::Num7 | Code::Kp7 => digit(6),
        Code::Num8 | Code::Kp8 => digit(7),
        Code::Num9 | Code::Kp9 => digit(8),
        Code::E => Some(Key::Context),
        Code::Z if ctrl && shift => Some(Key::Redo),
        Code::Z => Some(Key::Undo),
        Code::Y => Some(Key::Redo),
        Code::R => Some(Key::Restart),
        Code::H | Code::F1 => Some(Key::Help),
        Code::Equals | Code::Plus | Code::KpPlus => Some(Key::ZoomIn),
        Code::Minus | Code::KpMinus => Some(Key::ZoomOut),
        Code::O => Some(Key::Overview),
        Code::I if !ctrl => Some(Key::Hint),
        Code::C if !ctrl => Some(Key::Recentre),
        Code::T if !ctrl => Some(Key::Target),
        Code::F11 => Some(Key::Fullscreen),
        Code::F12 => Some(Key::Screenshot),
        _ => None,
    }
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
/// ([`Code::named`]: `left`, `enter`, `escape`, `e`, `z`, `1`–`9`, …)
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
        _ => return Code::named(name).and_then(|code| key(code, false, false)),
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
        assert_eq!(save, Chord::ctrl(Code::S));
        assert_eq!(save.key(), Some(Key::Down), "menus still read S as down");
        let redo = Chord::parse("ctrl+shift+z").unwrap();
        assert!(redo.ctrl && redo.shift && !redo.alt);
        assert_eq!(redo.key(), Some(Key::Redo));
        assert_eq!(Chord::parse("f5").unwrap().code, Code::F5);
        assert_eq!(Chord::parse("delete").unwrap().code, Code::Delete);
        assert_eq!(Chord::parse("ctrl++").unwrap().code, Code::Equals);
        assert_eq!(Chord::parse("7").unwrap().code, Code::Num7);
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
