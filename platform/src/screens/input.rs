//! Screen input: SDL events reduced to what screens act on, with mouse
//! positions already in drawable pixels (top-left origin). On HiDPI displays
//! the drawable is larger than the window: SDL reports the mouse in window
//! units, so positions are scaled by drawable size / window size.
use glam::Vec2;
use sdl2::event::Event;
use sdl2::keyboard::Keycode;
use sdl2::mouse::MouseButton;

/// A key a screen understands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Up,
    Down,
    Enter,
    Escape,
}

/// One input event for a screen.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Input {
    Key(Key),
    /// The pointer moved to this drawable pixel.
    MouseMove(Vec2),
    /// The left button was pressed at this drawable pixel.
    Click(Vec2),
}

/// Drawable pixels per window unit, per axis.
pub fn hidpi_scale(window: (u32, u32), drawable: (u32, u32)) -> Vec2 {
    Vec2::new(
        drawable.0 as f32 / window.0.max(1) as f32,
        drawable.1 as f32 / window.1.max(1) as f32,
    )
}

/// Maps a key to a screen key: arrows and W/S move, Enter/Return/keypad
/// Enter/Space activate, Escape backs out.
pub fn key(code: Keycode) -> Option<Key> {
    match code {
        Keycode::Up | Keycode::W => Some(Key::Up),
        Keycode::Down | Keycode::S => Some(Key::Down),
        Keycode::Return | Keycode::KpEnter | Keycode::Space => Some(Key::Enter),
        Keycode::Escape => Some(Key::Escape),
        _ => None,
    }
}

/// The screen input an SDL event carries, if any; `scale` from [`hidpi_scale`].
pub fn from_sdl(event: &Event, scale: Vec2) -> Option<Input> {
    match *event {
        Event::KeyDown {
            keycode: Some(code),
            ..
        } => key(code).map(Input::Key),
        Event::MouseMotion { x, y, .. } => {
            Some(Input::MouseMove(Vec2::new(x as f32, y as f32) * scale))
        }
        Event::MouseButtonDown {
            mouse_btn: MouseButton::Left,
            x,
            y,
            ..
        } => Some(Input::Click(Vec2::new(x as f32, y as f32) * scale)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_and_hidpi_mouse_positions_map() {
        assert_eq!(key(Keycode::W), Some(Key::Up));
        assert_eq!(key(Keycode::Down), Some(Key::Down));
        assert_eq!(key(Keycode::KpEnter), Some(Key::Enter));
        assert_eq!(key(Keycode::A), None);
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
            Some(Input::MouseMove(Vec2::new(20.0, 40.0)))
        );
    }
}
