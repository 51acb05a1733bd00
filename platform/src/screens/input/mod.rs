//! Screen input: SDL events reduced to what screens act on, with mouse
//! positions already in drawable pixels (top-left origin). On HiDPI displays
//! the drawable is larger than the window: SDL reports the mouse in window
//! units, so positions are scaled by drawable size / window size.
//!
//! The keyboard and a gamepad (SDL GameController) map onto the same
//! [`Key`]s, so every screen gets the same actions from either. What each
//! key of the keyboard means is the player's [`Keymap`] (`keymap/`: the
//! table as data, its defaults, rebinding, its lines in the settings),
//! which `Screens` owns and reads every chord through; a gamepad's table is
//! fixed (`sdl.rs`). What each key does on each screen is in
//! `docs/PLAYING.md` ("Controls", the default keys; the editor's in
//! `docs/EDITOR.md`) and on the play screen's help panel (`play/help.rs`,
//! which names the keys bound now).
//!
//! Here the vocabulary (what screens act on) and the names scripts use;
//! in `sdl.rs` how SDL's keyboard, mouse and gamepad events map onto it.
mod code;
pub mod keymap;
mod sdl;

use glam::Vec2;

pub use code::Code;
pub use keymap::{Binding, Conflict, Keymap};
pub use sdl::{
    button, code_of, from_sdl, hidpi_scale, pad_names, text_of, InputMapper, PAD_BUTTONS,
    PAD_PUSHES,
};

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
    /// M: the sound off and on, on every screen but the editor's (handled
    /// by the screens).
    Mute,
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
/// means ([`Keymap::key`]).
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

    /// Parses `ctrl+shift+z`, `f5`, `delete`, `a`: modifiers joined by `+`
    /// before one key name (see [`Code::named`]), as a binding is written
    /// ([`Binding::parse`]) but for modifiers not held (`noctrl+`).
    pub fn parse(text: &str) -> Option<Chord> {
        let b = Binding::parse(text)?;
        let needs = [b.ctrl, b.shift, b.alt];
        (!needs.contains(&keymap::Need::NotHeld)).then(|| b.chord())
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
    /// What the other screens get from it, if anything: a chord's key in
    /// `keys`, left and right presses as clicks.
    pub fn to_input(self, keys: &Keymap) -> Option<Input> {
        match self {
            RawInput::Input(i) => Some(i),
            RawInput::Chord(c) => keys.key(c).map(Input::Key),
            RawInput::Press(Button::Left, p) => Some(Input::Click(p)),
            RawInput::Press(Button::Right, p) => Some(Input::RightClick(p)),
            _ => None,
        }
    }
}

/// The key named `name` in scripts (`--script`): a screen key by its
/// action's name ([`keymap::Action::id`]: `next-hero`, `undo`, `zoom-in`,
/// `pan-left`, `hero-3`, `mute`, …), or else a key on the keyboard by its
/// name ([`Code::named`]: `left`, `enter`, `escape`, `e`, `z`, `1`–`9`, …)
/// and what it means with no modifier in the default keymap.
pub fn key_named(name: &str) -> Option<Key> {
    keymap::action_named(name)
        .map(|a| a.key)
        .or_else(|| Code::named(name).and_then(|code| Keymap::default().key(Chord::plain(code))))
}

#[cfg(test)]
mod tests {
    use sdl2::event::Event;
    use sdl2::mouse::MouseButton;

    use super::*;

    #[test]
    fn chords_parse_and_mean_the_screen_keys() {
        let keys = Keymap::default();
        let save = Chord::parse("ctrl+s").unwrap();
        assert_eq!(save, Chord::ctrl(Code::S));
        assert_eq!(
            keys.key(save),
            Some(Key::Down),
            "menus still read S as down"
        );
        let redo = Chord::parse("ctrl+shift+z").unwrap();
        assert!(redo.ctrl && redo.shift && !redo.alt);
        assert_eq!(keys.key(redo), Some(Key::Redo));
        assert_eq!(Chord::parse("f5").unwrap().code, Code::F5);
        assert_eq!(Chord::parse("delete").unwrap().code, Code::Delete);
        assert_eq!(Chord::parse("ctrl++").unwrap().code, Code::Equals);
        assert_eq!(Chord::parse("7").unwrap().code, Code::Num7);
        assert_eq!(Chord::parse("hyper+x"), None);
        assert_eq!(
            Chord::parse("noctrl+x"),
            None,
            "a chord is pressed, not asked"
        );
        assert_eq!(Chord::parse("cmd+x"), Some(Chord::ctrl(Code::X)));
        let mute = |text| keys.key(Chord::parse(text).unwrap()) == Some(Key::Mute);
        assert!(mute("m"));
        assert!(mute("shift+m"));
        assert!(!mute("ctrl+m"));
        assert!(!mute("alt+m"));
        assert!(!mute("n"));
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
        assert_eq!(
            RawInput::Release(Button::Left, Vec2::ZERO).to_input(&keys),
            None
        );
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
        assert_eq!(key_named("mute"), Some(Key::Mute));
        assert_eq!(key_named("m"), Some(Key::Mute));
    }
}
