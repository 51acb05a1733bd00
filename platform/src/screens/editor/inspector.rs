//! The inspector: every field the text format has for what is selected —
//! the level (name, notes, par), a thing (id, and its kind's data: hero kind and
//! rope, item name and flags, rope length, the watcher's route) or a portal
//! (its kind among those its edges allow) — each a row of the side panel.
//!
//! A text row is edited in place: click it (or Enter for the first), type,
//! Enter commits, Esc cancels. A choice row cycles on a click, a flag row
//! toggles, a button row acts. Every change is one operation of the model
//! (`set_thing`, `set_name`, …), so it is checked, undoable and named.
use game::edit::{op, EditError};
use game::level::{HeroKind, ItemFlags, Level, ThingSpecKind};

use super::{EditorScreen, Selection, ITEM_CHOICES};
use crate::screens::editor::tools::Tool;

/// One row of the inspector.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Field {
    LevelName,
    /// The notes, lines joined by " | " while typed.
    LevelNotes,
    /// The turns to beat, or "none" (typed to clear it).
    LevelPar,
    /// Read only: size and how to resize.
    LevelSize,
    /// Read only: what the placing tool places.
    Placing,
    ThingId(usize),
    /// Read only.
    ThingCell(usize),
    HeroKind(usize),
    /// Rope length in cells, or "none".
    HeroRope(usize),
    ItemName(usize),
    ItemFlag(usize, u16),
    CoilLength(usize),
    /// Button: clears the watcher's route.
    ClearRoute(usize),
    /// Cycles through the kinds the portal's edges allow.
    PortalKind(usize),
    /// Button.
    DeletePortal(usize),
}

impl Field {
    /// Whether the row is edited by typing.
    pub fn is_text(&self) -> bool {
        matches!(
            self,
            Field::LevelName
                | Field::LevelNotes
                | Field::LevelPar
                | Field::ThingId(_)
                | Field::HeroRope(_)
                | Field::ItemName(_)
                | Field::CoilLength(_)
        )
    }
}

/// The field being typed into and its text so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldEdit {
    pub field: Field,
    pub text: String,
}

impl FieldEdit {
    /// Starts typing into `field` (its current text is set by the screen
    /// when drawn; typing starts from empty, as the value is shown beside).
    pub fn new(field: Field) -> FieldEdit {
        FieldEdit {
            field,
            text: String::new(),
        }
    }
}

/// The rows shown for the current selection.
pub fn fields(screen: &EditorScreen) -> Vec<Field> {
    let level = screen.editor.level();
    match screen.selection {
        Selection::Thing(i) => match level.things.get(i).map(|t| &t.kind) {
            Some(ThingSpecKind::Hero { .. }) => vec![
                Field::ThingId(i),
                Field::ThingCell(i),
                Field::HeroKind(i),
                Field::HeroRope(i),
            ],
            Some(ThingSpecKind::Item { .. }) => {
                let mut v = vec![Field::ThingId(i), Field::ThingCell(i), Field::ItemName(i)];
                v.extend(
                    ItemFlags::NAMED
                        .iter()
                        .map(|(f, _)| Field::ItemFlag(i, f.bits())),
                );
                v
            }
            Some(ThingSpecKind::RopeCoil { .. }) => {
                vec![Field::ThingId(i), Field::ThingCell(i), Field::CoilLength(i)]
            }
            Some(ThingSpecKind::Watcher { .. }) => {
                vec![Field::ThingId(i), Field::ThingCell(i), Field::ClearRoute(i)]
            }
            None => Vec::new(),
        },
        Selection::Portal(i) => vec![Field::PortalKind(i), Field::DeletePortal(i)],
        _ => {
            let mut v = vec![
                Field::LevelName,
                Field::LevelNotes,
                Field::LevelPar,
                Field::LevelSize,
            ];
            if matches!(screen.tool, Tool::Hero | Tool::Item) {
                v.push(Field::Placing);
            }
            v
        }
    }
}

/// A row's label and value as shown.
pub fn row(screen: &EditorScreen, field: &Field) -> (String, String) {
    let level = screen.editor.level();
    let thing = |i: usize| level.things.get(i);
    let (label, value) = match field {
        Field::LevelName => ("Name", level.name.clone()),
        Field::LevelNotes => (
            "Notes",
            if level.notes.is_empty() {
                "(none)".to_string()
            } else {
                level.notes.join(" | ")
            },
        ),
        Field::LevelPar => (
            "Par",
            level.par.map_or("none".to_string(), |n| match n {
                1 => "1 turn".to_string(),
                n => format!("{n} turns"),
            }),
        ),
        Field::LevelSize => (
            "Size",
            format!(
                "{}x{} (Ctrl+arrows grow, Ctrl+Shift shrink)",
                level.grid.width(),
                level.grid.height()
            ),
        ),
        Field::Placing => (
            "Places",
            match screen.tool {
                Tool::Hero => format!("{} (1-3)", screen.hero_kind.name()),
                _ => format!("{} (1-4)", ITEM_CHOICES[screen.item_choice]),
            },
        ),
        Field::ThingId(i) => ("Id", thing(*i).map(|t| t.id.clone()).unwrap_or_default()),
        Field::ThingCell(i) => (
            "Cell",
            thing(*i).map(|t| t.cell.to_string()).unwrap_or_default(),
        ),
        Field::HeroKind(i) => (
            "Hero",
            match thing(*i).map(|t| &t.kind) {
                Some(ThingSpecKind::Hero { hero, .. }) => format!("{} (click: next)", hero.name()),
                _ => String::new(),
            },
        ),
        Field::HeroRope(i) => (
            "Rope",
            match thing(*i).map(|t| &t.kind) {
                Some(ThingSpecKind::Hero {
                    rope_len_cells: Some(n),
                    ..
                }) => format!("{n} cells"),
                _ => "none".to_string(),
            },
        ),
        Field::ItemName(i) => (
            "Item",
            match thing(*i).map(|t| &t.kind) {
                Some(ThingSpecKind::Item { name, .. }) => name.clone(),
                _ => String::new(),
            },
        ),
        Field::ItemFlag(i, bits) => {
            let flag = ItemFlags::from_bits(*bits);
            let name = ItemFlags::NAMED
                .iter()
                .find(|(f, _)| *f == flag)
                .map_or("?", |(_, n)| n);
            let on = matches!(thing(*i).map(|t| &t.kind),
                Some(ThingSpecKind::Item { flags, .. }) if flags.contains(flag));
            return (
                format!("  {name}"),
                if on { "[x]".into() } else { "[ ]".into() },
            );
        }
        Field::CoilLength(i) => (
            "Length",
            match thing(*i).map(|t| &t.kind) {
                Some(ThingSpecKind::RopeCoil { len_cells }) => format!("{len_cells} cells"),
                _ => String::new(),
            },
        ),
        Field::ClearRoute(i) => (
            "Route",
            match thing(*i).map(|t| &t.kind) {
                Some(ThingSpecKind::Watcher { route }) if !route.is_empty() => {
                    format!("{} waypoints (click: clear)", route.len())
                }
                _ => "stands still (Route tool adds)".to_string(),
            },
        ),
        Field::PortalKind(i) => (
            "Kind",
            level
                .grid
                .portal(*i)
                .map(|p| {
                    let kinds: Vec<&str> = op::possible_kinds(level, *i)
                        .iter()
                        .map(|k| k.name())
                        .collect();
                    if kinds.len() > 1 {
                        format!("{} (click: next of {})", p.kind(), kinds.join(", "))
                    } else {
                        format!("{} (the only kind here)", p.kind())
                    }
                })
                .unwrap_or_default(),
        ),
        Field::DeletePortal(i) => (
            "Pair",
            format!("'{}' (click: delete both ends)", level.portal_label(*i)),
        ),
    };
    (label.to_string(), value)
}

/// A named operation the screen runs as one step.
pub type NamedOp = (
    String,
    Box<dyn FnOnce(&mut Level) -> Result<usize, EditError>>,
);

fn set_kind(
    i: usize,
    name: &str,
    change: impl FnOnce(&mut ThingSpecKind) + 'static,
) -> Option<NamedOp> {
    Some((
        name.to_string(),
        Box::new(move |l: &mut Level| {
            let mut spec = l.things.get(i).cloned().ok_or(EditError::NoSuchThing(i))?;
            change(&mut spec.kind);
            op::set_thing(l, i, spec)
        }),
    ))
}

/// What clicking a choice, flag or button row does.
pub fn toggle(screen: &EditorScreen, field: &Field) -> Option<NamedOp> {
    match *field {
        Field::HeroKind(i) => set_kind(i, "change the hero", |k| {
            if let ThingSpecKind::Hero { hero, .. } = k {
                let at = HeroKind::ALL.iter().position(|h| h == hero).unwrap_or(0);
                *hero = HeroKind::ALL[(at + 1) % HeroKind::ALL.len()];
            }
        }),
        Field::ItemFlag(i, bits) => set_kind(i, "change the item's flags", move |k| {
            if let ThingSpecKind::Item { flags, .. } = k {
                *flags = ItemFlags::from_bits(flags.bits() ^ bits);
            }
        }),
        Field::ClearRoute(i) => set_kind(i, "clear the route", |k| {
            if let ThingSpecKind::Watcher { route } = k {
                route.clear();
            }
        }),
        Field::PortalKind(i) => {
            let level = screen.editor.level();
            let kinds = op::possible_kinds(level, i);
            let now = level.grid.portal(i)?.kind();
            let at = kinds.iter().position(|&k| k == now).map_or(0, |j| j + 1);
            let next = *kinds.get(at % kinds.len().max(1))?;
            Some((
                format!("make the portal {next}"),
                Box::new(move |l: &mut Level| op::set_portal_kind(l, i, next)),
            ))
        }
        Field::DeletePortal(i) => Some((
            "delete a portal pair".to_string(),
            Box::new(move |l: &mut Level| op::delete_portal(l, i)),
        )),
        _ => None,
    }
}

/// What typing `text` into a text row does; an error is one line.
pub fn commit(
    _screen: &EditorScreen,
    field: &Field,
    text: &str,
) -> Result<Option<NamedOp>, String> {
    let text = text.trim().to_string();
    if text.is_empty() && !matches!(field, Field::LevelNotes) {
        return Ok(None);
    }
    let number = |what: &str| -> Result<u16, String> {
        text.trim_end_matches("cells")
            .trim()
            .parse::<u16>()
            .ok()
            .filter(|n| (1..=game::level::thing_spec::MAX_ROPE_LEN).contains(n))
            .ok_or_else(|| format!("{what}: a number of cells from 1 to 128"))
    };
    Ok(match *field {
        Field::LevelName => Some((
            "rename the level".into(),
            Box::new(move |l: &mut Level| op::set_name(l, &text)),
        )),
        Field::LevelNotes => {
            let lines: Vec<String> = text
                .split('|')
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty())
                .collect();
            Some((
                "edit the notes".into(),
                Box::new(move |l: &mut Level| op::set_notes(l, &lines)),
            ))
        }
        Field::LevelPar => {
            let par = if text == "none" {
                None
            } else {
                let n = text.trim_end_matches("turns").trim();
                Some(n.parse::<u32>().map_err(|_| {
                    format!("par: '{text}' is not a whole number of turns (or 'none')")
                })?)
            };
            Some((
                match par {
                    Some(n) => format!("set par to {n}"),
                    None => "clear the par".into(),
                },
                Box::new(move |l: &mut Level| op::set_par(l, par)),
            ))
        }
        Field::ThingId(i) => Some((
            format!("rename to '{text}'"),
            Box::new(move |l: &mut Level| {
                let mut spec = l.things.get(i).cloned().ok_or(EditError::NoSuchThing(i))?;
                spec.id = text;
                op::set_thing(l, i, spec)
            }),
        )),
        Field::HeroRope(i) => {
            let len = if text == "none" || text == "0" {
                None
            } else {
                Some(number("rope")?)
            };
            set_kind(i, "change the hero's rope", move |k| {
                if let ThingSpecKind::Hero { rope_len_cells, .. } = k {
                    *rope_len_cells = len;
                }
            })
        }
        Field::ItemName(i) => {
            if !game::level::thing_spec::is_identifier(&text) {
                return Err(format!(
                    "'{text}' is not an item name (lower-case letters, digits and _)"
                ));
            }
            set_kind(i, "rename the item", move |k| {
                if let ThingSpecKind::Item { name, .. } = k {
                    *name = text;
                }
            })
        }
        Field::CoilLength(i) => {
            let n = number("length")?;
            set_kind(i, "change the rope's length", move |k| {
                if let ThingSpecKind::RopeCoil { len_cells } = k {
                    *len_cells = n;
                }
            })
        }
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use game::grid::{CellPos, Dir, PortalEnd};

    #[test]
    fn a_portals_kind_row_names_the_other_kinds_or_says_there_are_none() {
        // Both ends on side walls: only straight.
        let mut s = super::super::tests::ledge_with_a_portal();
        s.selection = Selection::Portal(0);
        assert_eq!(op::possible_kinds(s.editor.level(), 0).len(), 1);
        assert_eq!(
            row(&s, &Field::PortalKind(0)).1,
            "straight (the only kind here)"
        );
        // Two edges with air on both sides: either face, so several kinds.
        let mut s = super::super::paste_tests::room_with_a_pair();
        let floor = PortalEnd::new(CellPos::new(3, 2), Dir::Down);
        let wall = PortalEnd::new(CellPos::new(5, 3), Dir::Left);
        s.step("link", "", |l| op::link_portal(l, floor, wall))
            .expect("linked");
        let i = s.editor.level().grid.portals().len() - 1;
        let kinds = op::possible_kinds(s.editor.level(), i);
        assert!(kinds.len() > 1, "{kinds:?}");
        let (_, value) = row(&s, &Field::PortalKind(i));
        assert!(value.contains("(click: next of "), "{value}");
        assert!(!value.contains("only"), "{value}");
    }
}
