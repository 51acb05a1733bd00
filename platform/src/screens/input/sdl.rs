//! SDL events to screen input: keys with their modifiers to chords of
//! [`Code`]s ([`code_of`]; what they mean is the player's
//! [`super::Keymap`]) and gamepad buttons to [`Key`]s (the keyboard and the
//! gamepad give the same keys; the gamepad's table is fixed, and
//! [`pad_names`] names it for the Controls screen and the help),
//! stick and trigger positions to single presses ([`InputMapper`]), mouse
//! positions scaled from window units to drawable pixels ([`hidpi_scale`]),
//! typed text to characters.
use glam::Vec2;
use sdl2::controller::{Axis, Button as PadButton};
use sdl2::event::Event;
use sdl2::keyboard::{Keycode, Mod};
use sdl2::mouse::MouseButton;

use super::{Button, Chord, Code, Input, Key, RawInput};

/// Drawable pixels per window unit, per axis.
pub fn hidpi_scale(window: (u32, u32), drawable: (u32, u32)) -> Vec2 {
    Vec2::new(
        drawable.0 as f32 / window.0.max(1) as f32,
        drawable.1 as f32 / window.1.max(1) as f32,
    )
}

/// The key an SDL keycode names, if the screens know it.
pub fn code_of(code: Keycode) -> Option<Code> {
    Some(match code {
        Keycode::A => Code::A,
        Keycode::B => Code::B,
        Keycode::C => Code::C,
        Keycode::D => Code::D,
        Keycode::E => Code::E,
        Keycode::F => Code::F,
        Keycode::G => Code::G,
        Keycode::H => Code::H,
        Keycode::I => Code::I,
        Keycode::J => Code::J,
        Keycode::K => Code::K,
        Keycode::L => Code::L,
        Keycode::M => Code::M,
        Keycode::N => Code::N,
        Keycode::O => Code::O,
        Keycode::P => Code::P,
        Keycode::Q => Code::Q,
        Keycode::R => Code::R,
        Keycode::S => Code::S,
        Keycode::T => Code::T,
        Keycode::U => Code::U,
        Keycode::V => Code::V,
        Keycode::W => Code::W,
        Keycode::X => Code::X,
        Keycode::Y => Code::Y,
        Keycode::Z => Code::Z,
        Keycode::Num0 => Code::Num0,
        Keycode::Num1 => Code::Num1,
        Keycode::Num2 => Code::Num2,
        Keycode::Num3 => Code::Num3,
        Keycode::Num4 => Code::Num4,
        Keycode::Num5 => Code::Num5,
        Keycode::Num6 => Code::Num6,
        Keycode::Num7 => Code::Num7,
        Keycode::Num8 => Code::Num8,
        Keycode::Num9 => Code::Num9,
        Keycode::Kp0 => Code::Kp0,
        Keycode::Kp1 => Code::Kp1,
        Keycode::Kp2 => Code::Kp2,
        Keycode::Kp3 => Code::Kp3,
        Keycode::Kp4 => Code::Kp4,
        Keycode::Kp5 => Code::Kp5,
        Keycode::Kp6 => Code::Kp6,
        Keycode::Kp7 => Code::Kp7,
        Keycode::Kp8 => Code::Kp8,
        Keycode::Kp9 => Code::Kp9,
        Keycode::F1 => Code::F1,
        Keycode::F2 => Code::F2,
        Keycode::F3 => Code::F3,
        Keycode::F4 => Code::F4,
        Keycode::F5 => Code::F5,
        Keycode::F6 => Code::F6,
        Keycode::F7 => Code::F7,
        Keycode::F8 => Code::F8,
        Keycode::F9 => Code::F9,
        Keycode::F10 => Code::F10,
        Keycode::F11 => Code::F11,
        Keycode::F12 => Code::F12,
        Keycode::Up => Code::Up,
        Keycode::Down => Code::Down,
        Keycode::Left => Code::Left,
        Keycode::Right => Code::Right,
        Keycode::Return => Code::Return,
        Keycode::KpEnter => Code::KpEnter,
        Keycode::Escape => Code::Escape,
        Keycode::Space => Code::Space,
        Keycode::Tab => Code::Tab,
        Keycode::Backspace => Code::Backspace,
        Keycode::Delete => Code::Delete,
        Keycode::Insert => Code::Insert,
        Keycode::Home => Code::Home,
        Keycode::End => Code::End,
        Keycode::PageUp => Code::PageUp,
        Keycode::PageDown => Code::PageDown,
        Keycode::Equals => Code::Equals,
        Keycode::Plus => Code::Plus,
        Keycode::Minus => Code::Minus,
        Keycode::KpPlus => Code::KpPlus,
        Keycode::KpMinus => Code::KpMinus,
        Keycode::Comma => Code::Comma,
        Keycode::Period => Code::Period,
        Keycode::LeftBracket => Code::LeftBracket,
        Keycode::RightBracket => Code::RightBracket,
        Keycode::LShift => Code::LShift,
        Keycode::RShift => Code::RShift,
        _ => return None,
    })
}

/// The chord of an SDL key event: its key, with Ctrl (or the Command
/// key), Shift and Alt held; `None` for a key the screens do not know.
fn chord_of(code: Keycode, modifiers: Mod) -> Option<Chord> {
    Some(Chord {
        code: code_of(code)?,
        ctrl: modifiers.intersects(Mod::LCTRLMOD | Mod::RCTRLMOD | Mod::LGUIMOD | Mod::RGUIMOD),
        shift: modifiers.intersects(Mod::LSHIFTMOD | Mod::RSHIFTMOD),
        alt: modifiers.intersects(Mod::LALTMOD | Mod::RALTMOD),
    })
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

/// Every gamepad button, with its name for people.
pub const PAD_BUTTONS: [(PadButton, &str); 21] = [
    (PadButton::A, "A"),
    (PadButton::B, "B"),
    (PadButton::X, "X"),
    (PadButton::Y, "Y"),
    (PadButton::Back, "Back"),
    (PadButton::Guide, "Guide"),
    (PadButton::Start, "Start"),
    (PadButton::LeftStick, "left-stick press"),
    (PadButton::RightStick, "right-stick press"),
    (PadButton::LeftShoulder, "LB"),
    (PadButton::RightShoulder, "RB"),
    (PadButton::DPadUp, "d-pad ↑"),
    (PadButton::DPadDown, "d-pad ↓"),
    (PadButton::DPadLeft, "d-pad ←"),
    (PadButton::DPadRight, "d-pad →"),
    (PadButton::Misc1, "Share"),
    (PadButton::Paddle1, "paddle 1"),
    (PadButton::Paddle2, "paddle 2"),
    (PadButton::Paddle3, "paddle 3"),
    (PadButton::Paddle4, "paddle 4"),
    (PadButton::Touchpad, "touchpad press"),
];

/// Every push of a stick or trigger the game reads (an axis and the way
/// it goes), with its name for people.
pub const PAD_PUSHES: [(Axis, i16, &str); 10] = [
    (Axis::LeftY, -1, "left stick ↑"),
    (Axis::LeftY, 1, "left stick ↓"),
    (Axis::LeftX, -1, "left stick ←"),
    (Axis::LeftX, 1, "left stick →"),
    (Axis::RightY, -1, "right stick ↑"),
    (Axis::RightY, 1, "right stick ↓"),
    (Axis::RightX, -1, "right stick ←"),
    (Axis::RightX, 1, "right stick →"),
    (Axis::TriggerLeft, 1, "left trigger"),
    (Axis::TriggerRight, 1, "right trigger"),
];

/// What on a gamepad gives `key`, for people: "d-pad ↑, left stick ↑";
/// empty when nothing does.
pub fn pad_names(key: Key) -> String {
    let buttons = PAD_BUTTONS
        .iter()
        .filter(|(b, _)| button(*b) == Some(key))
        .map(|(_, name)| *name);
    let pushes = PAD_PUSHES
        .iter()
        .filter(|(axis, way, _)| InputMapper::new().axis(*axis, way * 32_000) == Some(key))
        .map(|(_, _, name)| *name);
    buttons.chain(pushes).collect::<Vec<_>>().join(", ")
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

    /// A key press when an axis crosses `AXIS_PRESS`, once per push.
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
        } => chord_of(code, keymod).map(RawInput::Chord),
        Event::KeyUp {
            keycode: Some(code),
            keymod,
            ..
        } => chord_of(code, keymod).map(RawInput::KeyUp),
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

#[cfg(test)]
mod tests {
    use super::super::key_named;
    use super::*;

    /// What an SDL key with its modifiers means to the screens, with the
    /// default keys.
    fn key(code: Keycode, modifiers: Mod) -> Option<Key> {
        chord_of(code, modifiers).and_then(|c| super::super::Keymap::default().key(c))
    }

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
            m.map(&click, Vec2::ONE)
                .and_then(|r| r.to_input(&super::super::Keymap::default())),
            Some(Input::RightClick(Vec2::new(5.0, 6.0)))
        );
    }

    #[test]
    fn the_gamepad_is_named_for_people() {
        assert_eq!(pad_names(Key::Up), "d-pad ↑, left stick ↑");
        assert_eq!(pad_names(Key::Escape), "B, Start");
        assert_eq!(pad_names(Key::ZoomIn), "right trigger");
        assert_eq!(pad_names(Key::PanLeft), "right stick ←");
        assert_eq!(pad_names(Key::Target), "Share, touchpad press");
        assert_eq!(pad_names(Key::Hero(0)), "");
        // Every stick or trigger push the mapper reads is named.
        for axis in [
            Axis::LeftX,
            Axis::LeftY,
            Axis::RightX,
            Axis::RightY,
            Axis::TriggerLeft,
            Axis::TriggerRight,
        ] {
            // Triggers only ever read 0 and up.
            let trigger = matches!(axis, Axis::TriggerLeft | Axis::TriggerRight);
            for way in [-1, 1].into_iter().filter(|&w| w > 0 || !trigger) {
                if InputMapper::new().axis(axis, way * 32_000).is_some() {
                    assert!(
                        PAD_PUSHES.iter().any(|(a, w, _)| *a == axis && *w == way),
                        "{axis:?} {way}"
                    );
                }
            }
        }
    }
}
