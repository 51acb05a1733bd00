//! SDL events to screen input: keys with their modifiers and gamepad
//! buttons to [`Key`]s (the keyboard and the gamepad give the same keys),
//! stick and trigger positions to single presses ([`InputMapper`]), mouse
//! positions scaled from window units to drawable pixels ([`hidpi_scale`]),
//! typed text to characters.
use glam::Vec2;
use sdl2::controller::{Axis, Button as PadButton};
use sdl2::event::Event;
use sdl2::keyboard::{Keycode, Mod};
use sdl2::mouse::MouseButton;

use super::{Button, Chord, Input, Key, RawInput};

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
        Keycode::I if !ctrl => Some(Key::Hint),
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

#[cfg(test)]
mod tests {
    use super::super::key_named;
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
}
