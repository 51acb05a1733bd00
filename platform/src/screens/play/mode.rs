//! What the play screen is doing with the player's input: moving the hero
//! (normal), choosing from the context menu, aiming the target cursor
//! (where the hero moves, or where a levitated item goes: `cursor`), or
//! showing the help panel over any of those (the help keeps what is under
//! it, so closing it goes back there).
use game::things::ThingId;

use super::context_menu::ContextMenu;
use super::intro::Shown;

/// What the target cursor chooses a cell for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aim {
    /// Where the selected hero moves (T).
    Move,
    /// Where the sorceress levitates this item (its context menu entry).
    Levitate(ThingId),
}

/// The play screen's input mode (see the module docs).
#[derive(Clone, Debug, Default)]
pub enum Mode {
    /// Moves, actions, undo: the keys and clicks of `docs/PLAYING.md`.
    #[default]
    Normal,
    /// The context menu of the hero's cell is open.
    Context(ContextMenu),
    /// The target cursor is out: choosing where to move, or where a
    /// levitated item goes.
    Aiming(Aim),
    /// Enter was pressed with action points left: Enter again ends the
    /// turn, anything else goes on playing.
    ConfirmEndTurn,
    /// The level's intro card is shown (see `intro`), at the level's
    /// start or reopened.
    Intro(Shown),
    /// The help panel, over the mode it was opened from.
    Help(Box<Mode>),
}

impl Mode {
    /// The mode under the help panel (itself when help is closed).
    pub fn base(&self) -> &Mode {
        match self {
            Mode::Help(under) => under.base(),
            m => m,
        }
    }

    /// The mode under the help panel, to change it.
    pub fn base_mut(&mut self) -> &mut Mode {
        match self {
            Mode::Help(under) => under.base_mut(),
            m => m,
        }
    }

    /// The open context menu, if any (under the help panel too).
    pub fn context(&self) -> Option<&ContextMenu> {
        match self.base() {
            Mode::Context(menu) => Some(menu),
            _ => None,
        }
    }

    /// What the target cursor is out for, if it is (under the help panel
    /// too).
    pub fn aiming(&self) -> Option<Aim> {
        match self.base() {
            Mode::Aiming(aim) => Some(*aim),
            _ => None,
        }
    }

    /// The item being levitated, if any (under the help panel too).
    pub fn levitating(&self) -> Option<ThingId> {
        match self.aiming() {
            Some(Aim::Levitate(item)) => Some(item),
            _ => None,
        }
    }

    /// Whether the help panel is shown.
    pub fn help_open(&self) -> bool {
        matches!(self, Mode::Help(_))
    }

    /// Opens the help panel over the current mode.
    pub fn open_help(&mut self) {
        if !self.help_open() {
            let under = std::mem::take(self);
            *self = Mode::Help(Box::new(under));
        }
    }

    /// Closes the help panel, back to the mode under it.
    pub fn close_help(&mut self) {
        if let Mode::Help(under) = self {
            let under = std::mem::take(&mut **under);
            *self = under;
        }
    }

    /// Closes the context menu (if it is the mode, under help or not).
    pub fn close_context(&mut self) {
        if matches!(self.base(), Mode::Context(_)) {
            *self.base_mut() = Mode::Normal;
        }
    }

    /// Whether the intro card is shown.
    pub fn intro_open(&self) -> bool {
        self.intro_shown().is_some()
    }

    /// Why the intro card is shown, if it is.
    pub fn intro_shown(&self) -> Option<Shown> {
        match self.base() {
            Mode::Intro(shown) => Some(*shown),
            _ => None,
        }
    }

    /// Whether the end of the turn waits for a second Enter.
    pub fn confirming_end_turn(&self) -> bool {
        matches!(self.base(), Mode::ConfirmEndTurn)
    }

    /// Puts the target cursor away (if it is out).
    pub fn stop_aiming(&mut self) {
        if matches!(self.base(), Mode::Aiming(_)) {
            *self.base_mut() = Mode::Normal;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn help_opens_over_a_mode_and_closes_back_to_it() {
        let item = ThingId::new(1, std::num::NonZeroU32::new(1).expect("non-zero"));
        let mut m = Mode::Aiming(Aim::Levitate(item));
        m.open_help();
        assert!(m.help_open());
        assert_eq!(m.levitating(), Some(item), "still choosing under the help");
        m.open_help();
        m.close_help();
        assert!(!m.help_open());
        assert_eq!(m.levitating(), Some(item));
        m.stop_aiming();
        assert!(matches!(m, Mode::Normal));
        let mut m = Mode::Aiming(Aim::Move);
        assert_eq!(m.aiming(), Some(Aim::Move));
        assert_eq!(m.levitating(), None, "aiming a move levitates nothing");
        m.stop_aiming();
        assert!(matches!(m, Mode::Normal));
        m.close_context();
        assert!(matches!(m, Mode::Normal));
    }
}
