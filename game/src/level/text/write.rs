//! The canonical writer. For every level it writes text that loads back to
//! the same level, and it writes it one way only, so a file it wrote is
//! reproduced byte for byte (`to_text(load_text(t)) == t`):
//! - the notes as `// ` lines, then a blank line (nothing if no notes);
//! - `[level]` with `name = "…"`, then `required_relics = N`, `par = N`,
//!   `requires = …` and `forbids = …` when the level states them (the
//!   equipment in canonical order: `long_rope second_rope spare_bucket`);
//! - `[grid]` with the art (corners drawn `#` beside a wall, `-` between two
//!   platforms, `.` otherwise);
//! - `[things]`, one line per thing in order, single spaces, `at X,Y`, then
//!   `rope N` / `flags …` / `len N` / `route …`;
//! - `[portals]` (only when there are portals), one `LABEL = kind` line per
//!   portal in index order, the kind seen from the end first in reading order;
//! - sections separated by one blank line, `\n` line ends, one final `\n`.

use super::art::{draw, edge_art_pos};
use crate::level::{Level, ThingSpecKind};
use std::fmt::Write;

/// The level as canonical text.
pub fn to_text(level: &Level) -> String {
    let mut out = String::new();
    for note in &level.notes {
        if note.is_empty() {
            out.push_str("//\n");
        } else {
            let _ = writeln!(out, "// {note}");
        }
    }
    if !level.notes.is_empty() {
        out.push('\n');
    }
    let _ = writeln!(out, "[level]\nname = \"{}\"", level.name);
    if let Some(n) = level.required_relics {
        let _ = writeln!(out, "required_relics = {n}");
    }
    if let Some(n) = level.par {
        let _ = writeln!(out, "par = {n}");
    }
    if level.requires.iter().next().is_some() {
        let _ = writeln!(out, "requires = {}", level.requires);
    }
    if level.forbids.iter().next().is_some() {
        let _ = writeln!(out, "forbids = {}", level.forbids);
    }
    out.push('\n');
    out.push_str("[grid]\n");
    for row in draw(&level.grid, level.entrance, |i| level.portal_label(i)) {
        out.push_str(&row);
        out.push('\n');
    }
    out.push_str("\n[things]\n");
    for t in &level.things {
        let _ = write!(out, "{} = ", t.id);
        match &t.kind {
            ThingSpecKind::Hero {
                hero,
                rope_len_cells,
            } => {
                let _ = write!(out, "hero {} at {}", hero.name(), t.cell);
                if let Some(n) = rope_len_cells {
                    let _ = write!(out, " rope {n}");
                }
            }
            ThingSpecKind::Item { name, flags } => {
                let _ = write!(out, "item {name} at {} flags {flags}", t.cell);
            }
            ThingSpecKind::RopeCoil { len_cells } => {
                let _ = write!(out, "rope at {} len {len_cells}", t.cell);
            }
            ThingSpecKind::Watcher { route } => {
                let _ = write!(out, "watcher at {}", t.cell);
                if !route.is_empty() {
                    out.push_str(" route");
                    for p in route {
                        let _ = write!(out, " {p}");
                    }
                }
            }
        }
        out.push('\n');
    }
    let portals = level.grid.portals();
    if !portals.is_empty() {
        out.push_str("\n[portals]\n");
        let height = level.grid.height();
        for (i, p) in portals.iter().enumerate() {
            let first = |end: usize| edge_art_pos(height, p.ends[end].edge());
            let from = if first(0) <= first(1) { 0 } else { 1 };
            let _ = writeln!(out, "{} = {}", level.portal_label(i), p.kind_from(from));
        }
    }
    out
}
