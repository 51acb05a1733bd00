//! Screen input: SDL events reduced to what screens act on, with mouse
//! positions already in drawable pixels (top-left origin). On HiDPI displays
//! the drawable is larger than the window: SDL reports the mouse in window
//! units, so positions are scaled by drawable size / window size.
//!
//! The keyboard and a gamepad (SDL GameController) map onto the same
//! [`Key`]s, so every screen gets the same actions from either. The table
//! of what each key does on each screen is in `README.md` ("Controls") and
//! on the play screen's help panel (`play/help.rs`).
use glam::Vec2;
use sdl2::controller::{Axis, Button as PadButton};
use sdl2::event::Event;
use sdl2::keyboard::{Keycode, Mod};
use sdl2::mouse::MouseButton;

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

/// The key named `name` (lower case): a letter or digit, `f1`–`f12`, or
/// one of `escape enter space tab backspace delete insert home end up down
/// left right plus minus pageup pagedown`.
pub fn keycode_named(name: &str) -> Option<Keycode> {
    let mut chars = name.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        if c.is_ascii_lowercase() || c.is_ascii_digit() {
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

/// Drawable pixels per window unit, per axis.
pub fn hidpi_scale(window: (u32, u32), drawable: (u32, u32)) -> Vec2 {
    Vec2::new(
        drawable.0 as f32 / window.0.max(1) as f32,
        drawable.1 as f32 / window.1.max(1) as f32,
    )
}

/// Maps a key with its modifiers to a screen key (see [`Key`]).
pub fn key(code: Keycode, modifiers: Mod) -> Option<Key> {
    let ctrl = modifiers.intersects(Mod::LCTRLMOD | Mod::RCTRLMOD | Mod::LGUIMOD | Mod::RGUIMOD);
    let shift = modifiers.intersects(Mod::LSHIFTMOD | Mod::RSHIFTMOD);
    let digit = |n: u8| Some(Key::Hero(n));
    match code {
        Keycode::Up | Keycode::W if shift && !ctrl => Some(Key::PanUp),
        Keycode::Down | Keycode::S if shift && !ctrl => Some(Key::PanDown),
        Keycode::Left | Keycode::A if shift && !ctrl => Some(Key::PanLeft),
        Keycode::Right | Keycode::D if shift && !ctrl => Some(Key::PanRight),
        Keycode::Up | Keycode::W => Some(Key::Up),
        Keycode::Down | Keycode::S => Some(Key::Down),
        Keycode::Left | Keycode::A => Some(Key::Left),
        Keycode::Right | Keycode::D => Some(Key::Right),
        Keycode::Return | Keycode::KpEnter => Some(Key::Enter),
        Keycode::Space => Some(Key::Space),
        Keycode::Escape => Some(Key::Escape),
        Keycode::Tab if shift => Some(Key::PrevHero),
        Keycode::Tab => Some(Key::NextHero),
        Keycode::Num1 | Keycode::Kp1 => digit(0),
        Keycode::Num2 | Keycode::Kp2 => digit(1),
        Keycode::Num3 | Keycode::Kp3 => digit(2),
        Keycode::Num4 | Keycode::Kp4 => digit(3),
        Keycode::Num5 | Keycode::Kp5 => digit(4),
        Keycode::Num6 | Keycode::Kp6 => digit(5),
        Keycode::Num7 | Keycode::Kp7 => digit(6),
        Keycode::Num8 | Keycode::Kp8 => digit(7),
        Keycode::Num9 | Keycode::Kp9 => digit(8),
        Keycode::E => Some(Key::Context),
        Keycode::Z if ctrl && shift => Some(Key::Redo),
        Keycode::Z => Some(Key::Undo),
        Keycode::Y => Some(Key::Redo),
        Keycode::R => Some(Key::Restart),
        Keycode::H | Keycode::F1 => Some(Key::Help),
        Keycode::Equals | Keycode::Plus | Keycode::KpPlus => Some(Key::ZoomIn),
        Keycode::Minus | Keycode::KpMinus => Some(Key::ZoomOut),
        Keycode::O => Some(Key::Overview),
        Keycode::C if !ctrl => Some(Key::Recentre),
        Keycode::T if !ctrl => Some(Key::Target),
        Keycode::F11 => Some(Key::Fullscreen),
        Keycode::F12 => Some(Key::Screenshot),
        _ => None,
    }
}

/// Maps a gamepad button to a screen key.
pub fn button(b: PadButton) -> Option<Key> {
    match b {
        PadButton::DPadUp => Some(Key::Up),
        PadButton::DPadDown => Some(Key::Down),
        PadButton::DPadLeft => Some(Key::Left),
        PadButton::DPadRight => Some(Key::Right),
        PadButton::A => Some(Key::Space),
        PadButton::B | PadButton::Start => Some(Key::Escape),
        PadButton::X => Some(Key::Undo),
        PadButton::Y => Some(Key::Redo),
        PadButton::LeftShoulder => Some(Key::PrevHero),
        PadButton::RightShoulder => Some(Key::NextHero),
        PadButton::Back => Some(Key::EndTurn),
        PadButton::RightStick => Some(Key::Help),
        PadButton::LeftStick => Some(Key::Overview),
        PadButton::Misc1 | PadButton::Touchpad => Some(Key::Target),
        _ => None,
    }
}

/// An axis past this (of ±32767) presses its key.
const AXIS_PRESS: i16 = 20_000;
/// An axis back within this releases it, so the next push presses again.
const AXIS_RELEASE: i16 = 8_000;

/// Turns stateful input (stick and trigger positions) into key presses, and
/// passes everything else through [`from_sdl`].
#[derive(Clone, Debug, Default)]
pub struct InputMapper {
    /// Per axis (left x, left y, left trigger, right trigger, right x,
    /// right y): the key it holds down; `None` = at rest.
    held: [Option<Key>; 6],
}

impl InputMapper {
    pub fn new() -> InputMapper {
        InputMapper::default()
    }

    /// The screen input `event` carries, if any; `scale` from [`hidpi_scale`].
    /// Typed text may carry several characters: see [`text_of`].
    pub fn map(&mut self, event: &Event, scale: Vec2) -> Option<RawInput> {
        if let Event::ControllerAxisMotion { axis, value, .. } = *event {
            return self
                .axis(axis, value)
                .map(|k| RawInput::Input(Input::Key(k)));
        }
        from_sdl(event, scale)
    }

    /// A key press when an axis crosses [`AXIS_PRESS`], once per push.
    pub fn axis(&mut self, axis: Axis, value: i16) -> Option<Key> {
        let (slot, key) = match axis {
            Axis::LeftX => (0, if value < 0 { Key::Left } else { Key::Right }),
            // SDL's y axes grow downwards.
            Axis::LeftY => (1, if value < 0 { Key::Up } else { Key::Down }),
            Axis::TriggerLeft => (2, Key::ZoomOut),
            Axis::TriggerRight => (3, Key::ZoomIn),
            Axis::RightX => (
                4,
                if value < 0 {
                    Key::PanLeft
                } else {
                    Key::PanRight
                },
            ),
            Axis::RightY => (5, if value < 0 { Key::PanUp } else { Key::PanDown }),
        };
        let magnitude = value.saturating_abs();
        if magnitude <= AXIS_RELEASE {
            self.held[slot] = None;
            return None;
        }
        if magnitude >= AXIS_PRESS && self.held[slot] != Some(key) {
            self.held[slot] = Some(key);
            return Some(key);
        }
        None
    }
}

/// The screen input a stateless SDL event carries, if any; `scale` from
/// [`hidpi_scale`]. (Stick motion needs [`InputMapper`]; typed text is
/// [`text_of`].)
pub fn from_sdl(event: &Event, scale: Vec2) -> Option<RawInput> {
    let button = |b: MouseButton| match b {
        MouseButton::Left => Some(Button::Left),
        MouseButton::Middle => Some(Button::Middle),
        MouseButton::Right => Some(Button::Right),
        _ => None,
    };
    match *event {
        Event::KeyDown {
            keycode: Some(code),
            keymod,
            ..
        } => Some(RawInput::Chord(Chord::from_sdl(code, keymod))),
        Event::KeyUp {
            keycode: Some(code),
            keymod,
            ..
        } => Some(RawInput::KeyUp(Chord::from_sdl(code, keymod))),
        Event::ControllerButtonDown { button: b, .. } => {
            self::button(b).map(|k| RawInput::Input(Input::Key(k)))
        }
        Event::MouseMotion { x, y, .. } => Some(RawInput::Input(Input::MouseMove(
            Vec2::new(x as f32, y as f32) * scale,
        ))),
        Event::MouseButtonDown {
            mouse_btn, x, y, ..
        } => button(mouse_btn).map(|b| RawInput::Press(b, Vec2::new(x as f32, y as f32) * scale)),
        Event::MouseButtonUp {
            mouse_btn, x, y, ..
        } => button(mouse_btn).map(|b| RawInput::Release(b, Vec2::new(x as f32, y as f32) * scale)),
        Event::MouseWheel { y, .. } if y > 0 => Some(RawInput::Input(Input::Key(Key::ZoomIn))),
        Event::MouseWheel { y, .. } if y < 0 => Some(RawInput::Input(Input::Key(Key::ZoomOut))),
        _ => None,
    }
}

/// The characters an SDL text-input event types, one input each.
pub fn text_of(event: &Event) -> Vec<RawInput> {
    match event {
        Event::TextInput { text, .. } => text.chars().map(RawInput::Text).collect(),
        _ => Vec::new(),
    }
}

/// The key named `name` in scripts (`--script`): the lower-case variant
/// name with dashes (`left`, `enter`, `next-hero`, `undo`, `zoom-in`, …),
/// or a digit `1`–`9` for [`Key::Hero`].
pub fn key_named(name: &str) -> Option<Key> {
    if let Some(d) = name.strip_prefix("hero-").or(Some(name)) {
        if let Ok(n @ 1..=9) = d.parse::<u8>() {
            return Some(Key::Hero(n - 1));
        }
    }
    Some(match name {
        "up" => Key::Up,
        "down" => Key::Down,
        "left" => Key::Left,
        "right" => Key::Right,
        "enter" => Key::Enter,
        "space" => Key::Space,
        "escape" | "esc" => Key::Escape,
        "next-hero" | "tab" => Key::NextHero,
        "prev-hero" => Key::PrevHero,
        "context" | "e" => Key::Context,
        "undo" | "z" => Key::Undo,
        "redo" | "y" => Key::Redo,
        "restart" | "r" => Key::Restart,
        "end-turn" => Key::EndTurn,
        "help" | "f1" => Key::Help,
        "zoom-in" => Key::ZoomIn,
        "zoom-out" => Key::ZoomOut,
        "pan-left" => Key::PanLeft,
        "pan-right" => Key::PanRight,
        "pan-up" => Key::PanUp,
        "pan-down" => Key::PanDown,
        "overview" | "o" => Key::Overview,
        "recentre" | "c" => Key::Recentre,
        "target" | "t" => Key::Target,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_and_hidpi_mouse_positions_map() {
        assert_eq!(key(Keycode::W, Mod::NOMOD), Some(Key::Up));
        assert_eq!(key(Keycode::Down, Mod::NOMOD), Some(Key::Down));
        assert_eq!(key(Keycode::A, Mod::NOMOD), Some(Key::Left));
        assert_eq!(key(Keycode::KpEnter, Mod::NOMOD), Some(Key::Enter));
        assert_eq!(key(Keycode::Q, Mod::NOMOD), None);
        let scale = hidpi_scale((640, 360), (1280, 720));
        assert_eq!(scale, Vec2::splat(2.0));
        let motion = Event::MouseMotion {
            timestamp: 0,
            window_id: 1,
            which: 0,
            mousestate: sdl2::mouse::MouseState::from_sdl_state(0),
            x: 10,
            y: 20,
            xrel: 0,
            yrel: 0,
        };
        assert_eq!(
            from_sdl(&motion, scale),
            Some(RawInput::Input(Input::MouseMove(Vec2::new(20.0, 40.0))))
        );
    }

    #[test]
    fn undo_and_redo_keys_follow_the_modifiers() {
        let ctrl = Mod::LCTRLMOD;
        let ctrl_shift = Mod::LCTRLMOD | Mod::RSHIFTMOD;
        assert_eq!(key(Keycode::Z, Mod::NOMOD), Some(Key::Undo));
        assert_eq!(key(Keycode::Z, ctrl), Some(Key::Undo));
        assert_eq!(key(Keycode::Z, ctrl_shift), Some(Key::Redo));
        assert_eq!(key(Keycode::Y, Mod::NOMOD), Some(Key::Redo));
        assert_eq!(key(Keycode::Y, ctrl), Some(Key::Redo));
        assert_eq!(key(Keycode::Tab, Mod::NOMOD), Some(Key::NextHero));
        assert_eq!(key(Keycode::Tab, Mod::LSHIFTMOD), Some(Key::PrevHero));
        assert_eq!(key(Keycode::Num2, Mod::NOMOD), Some(Key::Hero(1)));
        assert_eq!(key(Keycode::F11, Mod::NOMOD), Some(Key::Fullscreen));
        assert_eq!(key(Keycode::F12, Mod::NOMOD), Some(Key::Screenshot));
    }

    #[test]
    fn shift_with_the_arrows_pans_and_o_and_c_work_the_overview() {
        let shift = Mod::LSHIFTMOD;
        assert_eq!(key(Keycode::Left, shift), Some(Key::PanLeft));
        assert_eq!(key(Keycode::D, shift), Some(Key::PanRight));
        assert_eq!(key(Keycode::Up, Mod::RSHIFTMOD), Some(Key::PanUp));
        assert_eq!(key(Keycode::S, shift), Some(Key::PanDown));
        assert_eq!(
            key(Keycode::Left, Mod::NOMOD),
            Some(Key::Left),
            "plain arrows still walk"
        );
        assert_eq!(
            key(Keycode::Tab, shift),
            Some(Key::PrevHero),
            "Shift+Tab unchanged"
        );
        assert_eq!(key(Keycode::O, Mod::NOMOD), Some(Key::Overview));
        assert_eq!(key(Keycode::C, Mod::NOMOD), Some(Key::Recentre));
        assert_eq!(key_named("overview"), Some(Key::Overview));
        assert_eq!(key_named("pan-up"), Some(Key::PanUp));
        let mut m = InputMapper::new();
        assert_eq!(m.axis(Axis::RightX, -30_000), Some(Key::PanLeft));
        assert_eq!(m.axis(Axis::RightY, 30_000), Some(Key::PanDown));
        assert_eq!(button(PadButton::LeftStick), Some(Key::Overview));
    }

    #[test]
    fn t_and_the_gamepad_misc_button_open_the_target_cursor() {
        assert_eq!(key(Keycode::T, Mod::NOMOD), Some(Key::Target));
        assert_eq!(key(Keycode::T, Mod::LCTRLMOD), None);
        assert_eq!(button(PadButton::Misc1), Some(Key::Target));
        assert_eq!(button(PadButton::Touchpad), Some(Key::Target));
        assert_eq!(key_named("target"), Some(Key::Target));
        assert_eq!(key_named("t"), Some(Key::Target));
    }

    #[test]
    fn the_gamepad_gives_the_same_keys() {
        assert_eq!(button(PadButton::DPadLeft), Some(Key::Left));
        assert_eq!(button(PadButton::A), Some(Key::Space));
        assert_eq!(button(PadButton::X), Some(Key::Undo));
        assert_eq!(button(PadButton::Y), Some(Key::Redo));
        assert_eq!(button(PadButton::Back), Some(Key::EndTurn));
        assert_eq!(button(PadButton::Start), Some(Key::Escape));
        let mut m = InputMapper::new();
        assert_eq!(m.axis(Axis::LeftX, 30_000), Some(Key::Right));
        assert_eq!(m.axis(Axis::LeftX, 32_000), None, "held: one press");
        assert_eq!(m.axis(Axis::LeftX, 12_000), None, "between thresholds");
        assert_eq!(m.axis(Axis::LeftX, 0), None, "released");
        assert_eq!(m.axis(Axis::LeftX, -25_000), Some(Key::Left));
        assert_eq!(
            m.axis(Axis::LeftY, -25_000),
            Some(Key::Up),
            "SDL y grows down"
        );
        assert_eq!(m.axis(Axis::TriggerRight, 30_000), Some(Key::ZoomIn));
        let click = Event::MouseButtonDown {
            timestamp: 0,
            window_id: 1,
            which: 0,
            mouse_btn: MouseButton::Right,
            clicks: 1,
            x: 5,
            y: 6,
        };
        assert_eq!(
            m.map(&click, Vec2::ONE).and_then(RawInput::to_input),
            Some(Input::RightClick(Vec2::new(5.0, 6.0)))
        );
    }

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
        assert_eq!(key_named("bogus"), None);
    }
}
