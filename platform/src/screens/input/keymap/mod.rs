//! The keyboard's half of the controls table, as data: for each action the
//! screens act on (a [`Key`], listed in [`ACTIONS`] with its name, group and
//! default keys), the keys bound to it. [`Keymap::key`] is what a key
//! press means; [`Keymap::default`] is the game's own table; the Controls
//! screen (`screens/controls.rs`) rebinds, and the settings keep, the rest.
//! Gamepads are not rebound: their table is `sdl.rs`'s ([`super::button`],
//! named by [`super::pad_names`]).
//!
//! A [`Binding`] is a key with what it asks of each modifier (Ctrl, Shift,
//! Alt): held, not held, or either. A key bound alone answers with any
//! modifiers (Z and Shift+Z undo alike) unless a binding that asks for more
//! of them claims the chord: of the bindings that match a chord, the one
//! with the most modifiers held wins (Shift+W pans where W walks; Ctrl+Shift+Z
//! redoes where Z undoes), ties going to the action listed first. The
//! default table also has a few keys that answer only without Ctrl
//! (I, C, T, M) or Alt (M), as the game always read them. A key bound on the
//! Controls screen asks for exactly the modifiers held when it was pressed,
//! and either for the others.
//!
//! Binding a chord that already does another action is refused, with the
//! reason ("Z is already Undo"): a binding never takes a key from another
//! action, so no action loses keys but by [`Keymap::unbind`], which refuses
//! to take the last key of an action the menus need ([`Action::essential`]:
//! Up, Down, Choose, Back).
//!
//! In `settings.txt` each action whose keys differ from the defaults has a
//! line `key ID KEYS…`: its [`Action::id`], then each binding as
//! [`Binding::text`] writes it (`key undo u ctrl+z`; `key hint` for an action
//! with no key). Actions with no line keep their defaults, so a later
//! build's new default keys reach a player who did not change those. A
//! line that does not read, or a table that would bind one chord to two
//! actions or leave the menus without a key, is a damaged value: the
//! default keys are used (see `crate::settings`).
//!
//! Here the table and its changes; the actions and their default keys are
//! `actions.rs`'s, a binding and its names `binding.rs`'s.
use std::fmt;

mod actions;
mod binding;

pub use actions::{action_named, action_of, Action, Group, ACTIONS};
pub use binding::{Binding, Need};

use super::{Chord, Code, Key};

/// Why a change to the keys was refused: a sentence for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Conflict {
    /// The keys already do this action: `action` (another one, or the
    /// same).
    Taken { keys: String, action: &'static str },
    /// It is the last key of an action the menus need.
    LastKey { action: &'static str },
    /// A modifier pressed alone.
    Modifier { keys: String },
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Conflict::Taken { keys, action } => write!(f, "{keys} is already {action}"),
            Conflict::LastKey { action } => write!(
                f,
                "{action} keeps its last key: the menus need one (add another first)"
            ),
            Conflict::Modifier { keys } => {
                write!(f, "{keys} is a modifier: hold it with another key")
            }
        }
    }
}

/// The keys of every action (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Keymap {
    /// Per action of [`ACTIONS`], in its order: its bindings, the first
    /// the one hints name.
    keys: Vec<Vec<Binding>>,
}

impl Default for Keymap {
    /// The game's own table.
    fn default() -> Keymap {
        Keymap {
            keys: ACTIONS.iter().map(|a| a.defaults.to_vec()).collect(),
        }
    }
}

/// Where `key`'s action is in [`ACTIONS`].
fn index_of(key: Key) -> Option<usize> {
    ACTIONS.iter().position(|a| a.key == key)
}

impl Keymap {
    /// What `chord` means to the screens, if anything: the action of the
    /// binding it presses that asks for the most modifiers held (the
    /// first listed on a tie).
    pub fn key(&self, chord: Chord) -> Option<Key> {
        self.deciding(chord).map(|(i, _)| ACTIONS[i].key)
    }

    /// The action (its index) and binding that decide what `chord` means.
    fn deciding(&self, chord: Chord) -> Option<(usize, Binding)> {
        let mut best: Option<(usize, Binding)> = None;
        for (i, bindings) in self.keys.iter().enumerate() {
            for &b in bindings.iter().filter(|b| b.matches(chord)) {
                if best.is_none_or(|(_, was)| b.rank() > was.rank()) {
                    best = Some((i, b));
                }
            }
        }
        best
    }

    /// The keys bound to `action` (none for a key that is not rebindable).
    pub fn bindings(&self, action: Key) -> &[Binding] {
        index_of(action).map_or(&[], |i| &self.keys[i])
    }

    /// Every key of `action` for people: "Z, Ctrl+Z"; empty when it has
    /// none.
    pub fn names(&self, action: Key) -> String {
        let names: Vec<String> = self.bindings(action).iter().map(|b| b.name()).collect();
        names.join(", ")
    }

    /// The key hints name for `action`: its first ("Z"), or "(no key)".
    pub fn name(&self, action: Key) -> String {
        self.bindings(action)
            .first()
            .map_or_else(|| "(no key)".to_string(), |b| b.name())
    }

    /// The first key of each of `actions`, as one: "↑ ↓ ← →", and with the
    /// modifiers every one of them holds said once, "Shift+↑ ↓ ← →".
    /// Actions with no key are left out.
    pub fn set_name(&self, actions: &[Key]) -> String {
        let firsts: Vec<Binding> = actions
            .iter()
            .filter_map(|&a| self.bindings(a).first().copied())
            .collect();
        set_of(&firsts)
    }

    /// `template` with each `{id}` (an [`Action::id`]) replaced by the
    /// action's key ([`Keymap::name`]), `{moves}` by the four moves' and
    /// `{pans}` by the four pans' ([`Keymap::set_name`]). An unknown name
    /// is left as it is.
    pub fn fill(&self, template: &str) -> String {
        let mut out = String::with_capacity(template.len());
        let mut rest = template;
        while let Some(open) = rest.find('{') {
            out.push_str(&rest[..open]);
            let after = &rest[open + 1..];
            let Some(close) = after.find('}') else {
                rest = &rest[open..];
                break;
            };
            let id = &after[..close];
            match id {
                "moves" => out.push_str(&self.set_name(&MOVES)),
                "pans" => out.push_str(&self.set_name(&PANS)),
                _ => match action_named(id) {
                    Some(a) => out.push_str(&self.name(a.key)),
                    None => out.push_str(&rest[open..open + close + 2]),
                },
            }
            rest = &after[close + 1..];
        }
        out.push_str(rest);
        out
    }

    /// Binds `chord` to `action` as well (last among its keys), or says
    /// why not: the chord already does an action (this one included), or
    /// it is a modifier alone. Nothing changes on a refusal.
    pub fn bind(&mut self, action: Key, chord: Chord) -> Result<(), Conflict> {
        if matches!(chord.code, Code::LShift | Code::RShift) {
            return Err(Conflict::Modifier {
                keys: chord.code.label().to_string(),
            });
        }
        let new = Binding::of(chord);
        let keys = new.name();
        let Some(i) = index_of(action) else {
            return Ok(());
        };
        // Whatever decides the chord now and would still decide it.
        if let Some((j, _)) = self
            .deciding(new.chord())
            .filter(|(_, b)| b.rank() >= new.rank())
        {
            return Err(Conflict::Taken {
                keys,
                action: ACTIONS[j].name,
            });
        }
        self.keys[i].push(new);
        Ok(())
    }

    /// Makes `chord` `action`'s only key, or says why not (as
    /// [`Keymap::bind`]: it does another action). Nothing changes on a
    /// refusal.
    pub fn rebind(&mut self, action: Key, chord: Chord) -> Result<(), Conflict> {
        let Some(i) = index_of(action) else {
            return Ok(());
        };
        let before = std::mem::take(&mut self.keys[i]);
        self.bind(action, chord)
            .inspect_err(|_| self.keys[i] = before)
    }

    /// Takes `binding` from `action`, unless it is the last key of an
    /// action the menus need.
    pub fn unbind(&mut self, action: Key, binding: Binding) -> Result<(), Conflict> {
        let Some(i) = index_of(action) else {
            return Ok(());
        };
        let keys = &mut self.keys[i];
        if ACTIONS[i].essential && keys.len() <= 1 {
            return Err(Conflict::LastKey {
                action: ACTIONS[i].name,
            });
        }
        keys.retain(|&b| b != binding);
        Ok(())
    }

    /// Every action back on its default keys.
    pub fn reset(&mut self) {
        *self = Keymap::default();
    }

    /// Whether `action`'s keys differ from its defaults.
    pub fn differs(&self, action: Key) -> bool {
        index_of(action).is_some_and(|i| self.keys[i] != ACTIONS[i].defaults)
    }

    /// The `settings.txt` lines of the actions whose keys differ from the
    /// defaults: `key undo u ctrl+z`.
    pub fn lines(&self) -> Vec<String> {
        ACTIONS
            .iter()
            .zip(&self.keys)
            .filter(|(a, keys)| a.defaults != keys.as_slice())
            .map(|(a, keys)| {
                let mut line = format!("key {}", a.id);
                for b in keys {
                    line.push(' ');
                    line.push_str(&b.text());
                }
                line
            })
            .collect()
    }

    /// Reads the value of a `key` line (`undo u ctrl+z`) into the table:
    /// that action's keys from now on. Whether the whole table holds
    /// together is [`Keymap::check`]'s.
    pub fn read_line(&mut self, value: &str) -> Result<(), String> {
        let mut words = value.split_whitespace();
        let id = words.next().ok_or("no action named")?;
        let i = ACTIONS
            .iter()
            .position(|a| a.id == id)
            .ok_or_else(|| format!("no action is called {id}"))?;
        let keys = words
            .map(|w| Binding::parse(w).ok_or_else(|| format!("{w} is not a key")))
            .collect::<Result<Vec<_>, _>>()?;
        self.keys[i] = keys;
        Ok(())
    }

    /// Whether the table holds together: every binding decides its own
    /// chord (no chord is bound to two actions) and every action the
    /// menus need has a key. The first problem, said, if not.
    pub fn check(&self) -> Result<(), String> {
        for (i, keys) in self.keys.iter().enumerate() {
            if ACTIONS[i].essential && keys.is_empty() {
                return Err(format!("{} has no key", ACTIONS[i].name));
            }
            for b in keys {
                if let Some((j, _)) = self.deciding(b.chord()).filter(|(j, _)| *j != i) {
                    return Err(format!(
                        "{} is both {} and {}",
                        b.name(),
                        ACTIONS[j].name,
                        ACTIONS[i].name
                    ));
                }
            }
        }
        Ok(())
    }
}

/// The four moves, as hints name them together.
pub const MOVES: [Key; 4] = [Key::Up, Key::Down, Key::Left, Key::Right];
/// The four pans.
pub const PANS: [Key; 4] = [Key::PanUp, Key::PanDown, Key::PanLeft, Key::PanRight];

/// `bindings` named as one: space apart, the modifiers all of them hold
/// (and a first word all their keys share) said once, before the first.
fn set_of(bindings: &[Binding]) -> String {
    let Some(first) = bindings.first() else {
        return String::new();
    };
    let same = |b: &Binding| (b.ctrl, b.shift, b.alt) == (first.ctrl, first.shift, first.alt);
    if bindings.iter().all(same) && bindings.len() > 1 {
        let mut keys: Vec<&str> = bindings.iter().map(|b| b.code.label()).collect();
        let name = first.name();
        let mut held = name[..name.len() - first.code.label().len()].to_string();
        // A first word they share is said once too: "Keypad 1 2 3".
        let word = keys[0].rfind(' ').map_or("", |i| &keys[0][..=i]);
        if !word.is_empty()
            && keys
                .iter()
                .all(|k| k.len() > word.len() && k.starts_with(word))
        {
            held.push_str(word);
            keys = keys.iter().map(|k| &k[word.len()..]).collect();
        }
        return format!("{held}{}", keys.join(" "));
    }
    let names: Vec<String> = bindings.iter().map(|b| b.name()).collect();
    names.join(" ")
}

/// Each binding of each of `actions` in turn, as one: the first keys of
/// every action ([`Keymap::set_name`]'s), then the second ones…, " / "
/// between: "↑ ↓ ← → / W S A D".
pub fn sets_name(keys: &Keymap, actions: &[Key]) -> String {
    let most = actions
        .iter()
        .map(|&a| keys.bindings(a).len())
        .max()
        .unwrap_or(0);
    (0..most)
        .map(|n| {
            let nth: Vec<Binding> = actions
                .iter()
                .filter_map(|&a| keys.bindings(a).get(n).copied())
                .collect();
            set_of(&nth)
        })
        .collect::<Vec<_>>()
        .join(" / ")
}

#[cfg(test)]
mod tests;
