//! The canonical portal table: the one the text loader would build from the
//! level's own text, so that what the editor holds is byte for byte what it
//! saves and reads back.
//!
//! The text format stores a portal as a label on two edges plus its kind,
//! and the loader (`level/text/join.rs`) decides the rest: portals are
//! numbered in label order, end 0 is the edge first in reading order (top
//! row first, left to right, in the ASCII art), and each end faces the air
//! side of its edge — where both sides are air, the first of the face
//! combinations (above / right first) that makes the kind. After every
//! operation that touches portals or the cells beside them, the editor runs
//! [`canonical_portals`], which rewrites the table into exactly that form
//! (the same gluing wherever the cells still allow it).

use super::EditError;
use crate::grid::{EdgePos, Orientation, Portal, PortalEnd, PortalKind, MAX_PORTALS};
use crate::level::text::join::faces;
use crate::level::{label_index, Level, PORTAL_LABELS};

/// Where edge `e` is written in the ASCII art of a grid `height` cells
/// high: `(row, column)`, compared in reading order.
pub fn reading_order(e: EdgePos, height: usize) -> (i64, i64) {
    let h = height as i64;
    let (x, y) = (i64::from(e.x), i64::from(e.y));
    match e.orientation {
        Orientation::Horizontal => (2 * (h - y), 2 * x + 1),
        Orientation::Vertical => (2 * (h - 1 - y) + 1, 2 * x),
    }
}

/// The first label not yet used, in label order.
pub fn fresh_label(level: &Level) -> Option<char> {
    PORTAL_LABELS
        .chars()
        .take(MAX_PORTALS)
        .find(|c| !level.portal_labels.contains(c))
}

/// The end on edge `end.edge()` facing an air cell: `end` itself if its
/// face is air, else the same edge seen from its other side.
fn air_end(level: &Level, end: PortalEnd) -> Result<PortalEnd, EditError> {
    if level.grid.is_air(end.cell) {
        Ok(end)
    } else if level.grid.is_air(end.back_cell()) {
        Ok(end.flipped())
    } else {
        Err(EditError::NoAirFace(end.edge()))
    }
}

/// The portal joining the edges of `a` and `b`, each facing the air side of
/// its edge (the given side where both are air).
pub fn portal_between(level: &Level, a: PortalEnd, b: PortalEnd) -> Result<Portal, EditError> {
    Ok(Portal::new(air_end(level, a)?, air_end(level, b)?))
}

/// `portal`'s two edges made into a portal of kind `kind` (from end 0), with
/// the faces the loader would pick; `None` when the edges' air sides cannot
/// make that kind.
pub fn with_kind(level: &Level, portal: &Portal, kind: PortalKind) -> Option<Portal> {
    let f0 = faces(&level.grid, portal.ends[0].edge());
    let f1 = faces(&level.grid, portal.ends[1].edge());
    f0.iter()
        .flat_map(|&a| f1.iter().map(move |&b| Portal::new(a, b)))
        .find(|p| p.kind() == kind)
}

/// `portal` in canonical form: ends in reading order, faces as the loader
/// picks them for its kind (or, when the cells no longer allow that kind,
/// the first combination they allow). `None` when an end has no air face.
fn canonical(level: &Level, portal: &Portal) -> Option<Portal> {
    let h = level.grid.height();
    let [a, b] = portal.ends;
    let ordered = if reading_order(b.edge(), h) < reading_order(a.edge(), h) {
        Portal::new(b, a)
    } else {
        *portal
    };
    let kind = ordered.kind();
    with_kind(level, &ordered, kind).or_else(|| {
        PortalKind::ALL
            .into_iter()
            .find_map(|k| with_kind(level, &ordered, k))
    })
}

/// Rewrites the portal table into canonical form (see the module docs).
/// Portals are renumbered into label order; faces and end order follow the
/// loader. A portal left with no air face at all (which operations refuse
/// to make) is kept as it is for the problem list to report.
pub fn canonical_portals(level: &mut Level) {
    let portals: Vec<Portal> = level.grid.portals().to_vec();
    let fixed: Vec<Portal> = portals
        .iter()
        .map(|p| canonical(level, p).unwrap_or(*p))
        .collect();
    let sorted = level
        .portal_labels
        .windows(2)
        .all(|w| label_index(w[0]) < label_index(w[1]));
    if sorted && fixed.len() == level.portal_labels.len() {
        for (i, (old, new)) in portals.iter().zip(&fixed).enumerate() {
            if old != new {
                // Same two edges: only faces or end order changed.
                if level.grid.set_portal(i, *new).is_err() {
                    debug_assert!(false, "canonical form keeps the portal's edges");
                }
            }
        }
        return;
    }
    // Renumber: take every portal out and put them back in label order.
    let mut order: Vec<(char, Portal)> = level
        .portal_labels
        .iter()
        .copied()
        .zip(fixed.iter().copied())
        .collect();
    order.sort_by_key(|(l, _)| label_index(*l));
    for i in (0..level.grid.portals().len()).rev() {
        let _ = level.grid.remove_portal(i);
    }
    level.portal_labels.clear();
    for (label, portal) in order {
        if level.grid.add_portal(portal).is_ok() {
            level.portal_labels.push(label);
        }
    }
}
