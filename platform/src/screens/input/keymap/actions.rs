//! The rebindable actions: each screen key with its name, its name in the
//! settings and scripts, its group on the Controls screen, whether the
//! menus need it, and its keys in the game's own table.
use super::super::{Code, Key};
use super::binding::{any, ctrl, ctrl_shift, no_ctrl, no_ctrl_alt, shift, shift_no_ctrl, Binding};

/// The Controls screen's groups of actions, in its order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    Moving,
    Heroes,
    Actions,
    Camera,
    Menus,
    Other,
}

impl Group {
    pub fn name(self) -> &'static str {
        match self {
            Group::Moving => "Moving",
            Group::Heroes => "Heroes",
            Group::Actions => "Actions",
            Group::Camera => "Camera",
            Group::Menus => "Menus",
            Group::Other => "Other",
        }
    }
}

/// One rebindable action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Action {
    /// What the screens get when one of its keys is pressed.
    pub key: Key,
    /// Its name on the Controls screen and in refusals ("Z is already
    /// Undo").
    pub name: &'static str,
    /// Its name in `settings.txt` and in scripts (`key undo`).
    pub id: &'static str,
    pub group: Group,
    /// The menus need it: its last key is never taken away.
    pub essential: bool,
    /// Its keys in the game's own table.
    pub defaults: &'static [Binding],
}

const fn action(
    key: Key,
    name: &'static str,
    id: &'static str,
    group: Group,
    defaults: &'static [Binding],
) -> Action {
    Action {
        key,
        name,
        id,
        group,
        essential: false,
        defaults,
    }
}

/// The same, one the menus need.
const fn essential(
    key: Key,
    name: &'static str,
    id: &'static str,
    group: Group,
    defaults: &'static [Binding],
) -> Action {
    Action {
        essential: true,
        ..action(key, name, id, group, defaults)
    }
}

use Code as C;
use Group as G;

/// Every rebindable action, grouped in the Controls screen's order, with
/// the game's own keys (the controls table of `docs/PLAYING.md`).
pub const ACTIONS: [Action; 37] = [
    essential(Key::Up, "Up", "up", G::Moving, &[any(C::Up), any(C::W)]),
    essential(
        Key::Down,
        "Down",
        "down",
        G::Moving,
        &[any(C::Down), any(C::S)],
    ),
    action(
        Key::Left,
        "Left",
        "left",
        G::Moving,
        &[any(C::Left), any(C::A)],
    ),
    action(
        Key::Right,
        "Right",
        "right",
        G::Moving,
        &[any(C::Right), any(C::D)],
    ),
    action(
        Key::Target,
        "Target cursor",
        "target",
        G::Moving,
        &[no_ctrl(C::T)],
    ),
    action(
        Key::NextHero,
        "Next hero",
        "next-hero",
        G::Heroes,
        &[any(C::Tab)],
    ),
    action(
        Key::PrevHero,
        "Previous hero",
        "prev-hero",
        G::Heroes,
        &[shift(C::Tab)],
    ),
    action(
        Key::Hero(0),
        "Hero 1",
        "hero-1",
        G::Heroes,
        &[any(C::Num1), any(C::Kp1)],
    ),
    action(
        Key::Hero(1),
        "Hero 2",
        "hero-2",
        G::Heroes,
        &[any(C::Num2), any(C::Kp2)],
    ),
    action(
        Key::Hero(2),
        "Hero 3",
        "hero-3",
        G::Heroes,
        &[any(C::Num3), any(C::Kp3)],
    ),
    action(
        Key::Hero(3),
        "Hero 4",
        "hero-4",
        G::Heroes,
        &[any(C::Num4), any(C::Kp4)],
    ),
    action(
        Key::Hero(4),
        "Hero 5",
        "hero-5",
        G::Heroes,
        &[any(C::Num5), any(C::Kp5)],
    ),
    action(
        Key::Hero(5),
        "Hero 6",
        "hero-6",
        G::Heroes,
        &[any(C::Num6), any(C::Kp6)],
    ),
    action(
        Key::Hero(6),
        "Hero 7",
        "hero-7",
        G::Heroes,
        &[any(C::Num7), any(C::Kp7)],
    ),
    action(
        Key::Hero(7),
        "Hero 8",
        "hero-8",
        G::Heroes,
        &[any(C::Num8), any(C::Kp8)],
    ),
    action(
        Key::Hero(8),
        "Hero 9",
        "hero-9",
        G::Heroes,
        &[any(C::Num9), any(C::Kp9)],
    ),
    action(
        Key::Context,
        "Actions here",
        "context",
        G::Actions,
        &[any(C::E)],
    ),
    action(Key::EndTurn, "End the turn", "end-turn", G::Actions, &[]),
    action(
        Key::Undo,
        "Undo",
        "undo",
        G::Actions,
        &[any(C::Z), ctrl(C::Z)],
    ),
    action(
        Key::Redo,
        "Redo",
        "redo",
        G::Actions,
        &[any(C::Y), ctrl_shift(C::Z)],
    ),
    action(
        Key::Restart,
        "Restart the level",
        "restart",
        G::Actions,
        &[any(C::R)],
    ),
    action(Key::Hint, "Hint", "hint", G::Actions, &[no_ctrl(C::I)]),
    action(
        Key::ZoomIn,
        "Zoom in",
        "zoom-in",
        G::Camera,
        &[any(C::Equals), any(C::Plus), any(C::KpPlus)],
    ),
    action(
        Key::ZoomOut,
        "Zoom out",
        "zoom-out",
        G::Camera,
        &[any(C::Minus), any(C::KpMinus)],
    ),
    action(
        Key::PanUp,
        "Pan up",
        "pan-up",
        G::Camera,
        &[shift_no_ctrl(C::Up), shift_no_ctrl(C::W)],
    ),
    action(
        Key::PanDown,
        "Pan down",
        "pan-down",
        G::Camera,
        &[shift_no_ctrl(C::Down), shift_no_ctrl(C::S)],
    ),
    action(
        Key::PanLeft,
        "Pan left",
        "pan-left",
        G::Camera,
        &[shift_no_ctrl(C::Left), shift_no_ctrl(C::A)],
    ),
    action(
        Key::PanRight,
        "Pan right",
        "pan-right",
        G::Camera,
        &[shift_no_ctrl(C::Right), shift_no_ctrl(C::D)],
    ),
    action(
        Key::Overview,
        "Overview",
        "overview",
        G::Camera,
        &[any(C::O)],
    ),
    action(
        Key::Recentre,
        "Back on the hero",
        "recentre",
        G::Camera,
        &[no_ctrl(C::C)],
    ),
    essential(
        Key::Enter,
        "Choose, end the turn",
        "enter",
        G::Menus,
        &[any(C::Return), any(C::KpEnter)],
    ),
    action(
        Key::Space,
        "Choose, actions here",
        "space",
        G::Menus,
        &[any(C::Space)],
    ),
    essential(
        Key::Escape,
        "Back, pause",
        "escape",
        G::Menus,
        &[any(C::Escape)],
    ),
    action(
        Key::Help,
        "Help",
        "help",
        G::Other,
        &[any(C::F1), any(C::H)],
    ),
    action(
        Key::Mute,
        "Sound off and on",
        "mute",
        G::Other,
        &[no_ctrl_alt(C::M)],
    ),
    action(
        Key::Fullscreen,
        "Fullscreen",
        "fullscreen",
        G::Other,
        &[any(C::F11)],
    ),
    action(
        Key::Screenshot,
        "Screenshot",
        "screenshot",
        G::Other,
        &[any(C::F12)],
    ),
];

/// The action of screen key `key`, if it is rebindable.
pub fn action_of(key: Key) -> Option<&'static Action> {
    ACTIONS.iter().find(|a| a.key == key)
}

/// The action named `id` ([`Action::id`]).
pub fn action_named(id: &str) -> Option<&'static Action> {
    ACTIONS.iter().find(|a| a.id == id)
}
