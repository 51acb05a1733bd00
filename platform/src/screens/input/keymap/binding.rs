//! One key bound to an action: the key, and what it asks of each modifier
//! (held, not held, or either); its names for people and for the settings.
use std::fmt;

use super::super::{Chord, Code};

/// What a binding asks of one modifier.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Need {
    Held,
    NotHeld,
    Either,
}

impl Need {
    fn admits(self, held: bool) -> bool {
        match self {
            Need::Held => held,
            Need::NotHeld => !held,
            Need::Either => true,
        }
    }

    fn of(held: bool) -> Need {
        if held {
            Need::Held
        } else {
            Need::Either
        }
    }
}

/// A key bound to an action, with what it asks of Ctrl (or the Command
/// key), Shift and Alt.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Binding {
    pub code: Code,
    pub ctrl: Need,
    pub shift: Need,
    pub alt: Need,
}

/// `code` with any modifiers.
pub(super) const fn any(code: Code) -> Binding {
    Binding {
        code,
        ctrl: Need::Either,
        shift: Need::Either,
        alt: Need::Either,
    }
}

/// `code` with Ctrl held.
pub(super) const fn ctrl(code: Code) -> Binding {
    Binding {
        ctrl: Need::Held,
        ..any(code)
    }
}

/// `code` with Shift held.
pub(super) const fn shift(code: Code) -> Binding {
    Binding {
        shift: Need::Held,
        ..any(code)
    }
}

/// `code` with Shift held and not Ctrl (Ctrl+Shift+W still walks).
pub(super) const fn shift_no_ctrl(code: Code) -> Binding {
    Binding {
        ctrl: Need::NotHeld,
        ..shift(code)
    }
}

/// `code` with Ctrl and Shift held.
pub(super) const fn ctrl_shift(code: Code) -> Binding {
    Binding {
        ctrl: Need::Held,
        ..shift(code)
    }
}

/// `code` without Ctrl.
pub(super) const fn no_ctrl(code: Code) -> Binding {
    Binding {
        ctrl: Need::NotHeld,
        ..any(code)
    }
}

/// `code` without Ctrl or Alt.
pub(super) const fn no_ctrl_alt(code: Code) -> Binding {
    Binding {
        alt: Need::NotHeld,
        ..no_ctrl(code)
    }
}

impl Binding {
    /// The binding a chord pressed on the Controls screen makes: its key,
    /// the modifiers held asked for, the others either way.
    pub fn of(chord: Chord) -> Binding {
        Binding {
            code: chord.code,
            ctrl: Need::of(chord.ctrl),
            shift: Need::of(chord.shift),
            alt: Need::of(chord.alt),
        }
    }

    /// Whether `chord` presses it.
    pub fn matches(self, chord: Chord) -> bool {
        self.code == chord.code
            && self.ctrl.admits(chord.ctrl)
            && self.shift.admits(chord.shift)
            && self.alt.admits(chord.alt)
    }

    /// How many modifiers it asks to be held: of two bindings a chord
    /// presses, the higher wins.
    pub(super) fn rank(self) -> u8 {
        [self.ctrl, self.shift, self.alt]
            .into_iter()
            .filter(|&n| n == Need::Held)
            .count() as u8
    }

    /// The chord that presses it with no modifier it does not ask for.
    pub fn chord(self) -> Chord {
        Chord {
            code: self.code,
            ctrl: self.ctrl == Need::Held,
            shift: self.shift == Need::Held,
            alt: self.alt == Need::Held,
        }
    }

    /// Its name for people: the modifiers held, then the key ("Z",
    /// "Ctrl+Shift+Z", "Shift+↑", "Keypad 7").
    pub fn name(self) -> String {
        self.to_string()
    }

    /// Its name in `settings.txt`: the modifiers asked for, held
    /// (`ctrl+`, `shift+`, `alt+`) or not (`noctrl+`…), then the key's
    /// [`Code::name`]: `z`, `ctrl+shift+z`, `noctrl+i`.
    pub fn text(self) -> String {
        let mut out = String::new();
        for (need, name) in [
            (self.ctrl, "ctrl"),
            (self.shift, "shift"),
            (self.alt, "alt"),
        ] {
            match need {
                Need::Held => out.push_str(&format!("{name}+")),
                Need::NotHeld => out.push_str(&format!("no{name}+")),
                Need::Either => {}
            }
        }
        out.push_str(self.code.name());
        out
    }

    /// Reads [`Binding::text`]'s form: modifiers joined by `+` before one
    /// key's [`Code::named`] name ("ctrl++" names the plus key).
    pub fn parse(text: &str) -> Option<Binding> {
        let mut parts: Vec<&str> = text.split('+').collect();
        if text.ends_with("++") {
            parts.truncate(parts.len().saturating_sub(2));
            parts.push("plus");
        }
        let (last, mods) = parts.split_last()?;
        let mut b = any(Code::named(last)?);
        for &m in mods {
            let (need, name) = match m.strip_prefix("no") {
                Some(name) => (Need::NotHeld, name),
                None => (Need::Held, m),
            };
            match name {
                "ctrl" | "cmd" => b.ctrl = need,
                "shift" => b.shift = need,
                "alt" => b.alt = need,
                _ => return None,
            }
        }
        Some(b)
    }
}

impl fmt::Display for Binding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (need, name) in [
            (self.ctrl, "Ctrl"),
            (self.shift, "Shift"),
            (self.alt, "Alt"),
        ] {
            if need == Need::Held {
                write!(f, "{name}+")?;
            }
        }
        f.write_str(self.code.label())
    }
}
