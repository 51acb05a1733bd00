//! Portal operations: joining two edges into a pair, setting its kind,
//! deleting it, and finding the portal on an edge.
use super::{Added, Changed};
use crate::edit::portal_table::{canonical_portals, fresh_label, portal_between};
use crate::edit::EditError;
use crate::grid::{EdgePos, GridError, PortalEnd, PortalKind, MAX_PORTALS};
use crate::level::Level;

/// The label of the portal whose edge `e` is, if it is one.
pub fn portal_at(level: &Level, e: EdgePos) -> Option<(usize, char)> {
    let index = level.grid.edge(e)?.portal_index()?;
    Some((index, level.portal_label(index)))
}

/// Joins edges `a` and `b` into a new portal pair with the first free label
/// and the kind their faces make (straight where both are free). Each end
/// faces the air side of its edge, `prefer`'s side where both are air.
/// Returns the new portal's index.
pub fn link_portal(level: &mut Level, a: PortalEnd, b: PortalEnd) -> Result<Added, EditError> {
    let (ea, eb) = (a.edge(), b.edge());
    if ea == eb {
        return Err(EditError::SameEdge(ea));
    }
    for e in [ea, eb] {
        if !level.grid.contains_edge(e) {
            return Err(EditError::EdgeOutside(e));
        }
        if let Some((_, label)) = portal_at(level, e) {
            return Err(EditError::PortalEdge { edge: e, label });
        }
    }
    if level.grid.portals().len() >= MAX_PORTALS {
        return Err(EditError::TooManyPortals);
    }
    let portal = portal_between(level, a, b)?;
    let label = fresh_label(level).ok_or(EditError::TooManyPortals)?;
    level.grid.add_portal(portal)?;
    level.portal_labels.push(label);
    canonical_portals(level);
    level
        .portal_labels
        .iter()
        .position(|&l| l == label)
        .map(Added)
        .ok_or(EditError::TooManyPortals)
}

/// Sets portal `index`'s kind (crossing from its end 0), choosing faces
/// that make it. Returns 1 if it changed.
pub fn set_portal_kind(level: &mut Level, index: usize, kind: PortalKind) -> Changed {
    let portal = *level
        .grid
        .portal(index)
        .ok_or(EditError::NoSuchPortal(index))?;
    if portal.kind() == kind {
        return Ok(0);
    }
    let fitted = crate::edit::portal_table::with_kind(level, &portal, kind)
        .ok_or(EditError::KindImpossible(kind))?;
    level.grid.set_portal(index, fitted)?;
    canonical_portals(level);
    Ok(1)
}

/// The kinds portal `index`'s two edges can make, in [`PortalKind::ALL`]
/// order.
pub fn possible_kinds(level: &Level, index: usize) -> Vec<PortalKind> {
    let Some(portal) = level.grid.portal(index) else {
        return Vec::new();
    };
    PortalKind::ALL
        .into_iter()
        .filter(|&k| crate::edit::portal_table::with_kind(level, portal, k).is_some())
        .collect()
}

/// Deletes portal `index` (both ends become walls) and its label.
pub fn delete_portal(level: &mut Level, index: usize) -> Changed {
    level.grid.remove_portal(index).map_err(|e| match e {
        GridError::NoSuchPortal(i) => EditError::NoSuchPortal(i),
        other => EditError::from(other),
    })?;
    if index < level.portal_labels.len() {
        level.portal_labels.remove(index);
    }
    Ok(1)
}
