//! Thing operations: adding, moving, replacing and deleting the level's
//! things, and fresh ids for new ones.
use super::{check_cell, Added, Changed};
use crate::edit::EditError;
use crate::grid::CellPos;
use crate::level::thing_spec::{is_identifier, MAX_THINGS};
use crate::level::{Level, ThingSpec, ThingSpecKind};

/// An id not used by any thing: `base`, else `base_2`, `base_3`, …
pub fn fresh_id(level: &Level, base: &str) -> String {
    let taken = |id: &str| level.things.iter().any(|t| t.id == id);
    if !taken(base) {
        return base.to_string();
    }
    (2..)
        .map(|n| format!("{base}_{n}"))
        .find(|id| !taken(id))
        .unwrap_or_else(|| unreachable!("some suffix is free"))
}

/// Adds `spec` at the end of the list. Its id must be a free identifier.
/// Returns its index.
pub fn add_thing(level: &mut Level, spec: ThingSpec) -> Result<Added, EditError> {
    if level.things.len() >= MAX_THINGS {
        return Err(EditError::TooManyThings);
    }
    check_cell(level, spec.cell)?;
    if !is_identifier(&spec.id) || level.thing(&spec.id).is_some() {
        return Err(EditError::BadId(spec.id));
    }
    level.things.push(spec);
    Ok(Added(level.things.len() - 1))
}

/// Moves thing `index` to `cell`; a watcher's route moves with it, so it
/// still starts where the watcher stands. Refused when the moved route
/// would pass the grid's left or bottom side (the text form cannot write
/// a negative cell; a point past the other sides is a problem the designer
/// sees, as a route drawn there is).
pub fn move_thing(level: &mut Level, index: usize, cell: CellPos) -> Changed {
    check_cell(level, cell)?;
    let t = level
        .things
        .get(index)
        .ok_or(EditError::NoSuchThing(index))?;
    if t.cell == cell {
        return Ok(0);
    }
    let (dx, dy) = (cell.x - t.cell.x, cell.y - t.cell.y);
    if let ThingSpecKind::Watcher { route } = &t.kind {
        if route.iter().any(|p| p.x + dx < 0 || p.y + dy < 0) {
            return Err(EditError::Outside(vec![format!("the route of '{}'", t.id)]));
        }
    }
    let t = &mut level.things[index];
    t.cell = cell;
    if let ThingSpecKind::Watcher { route } = &mut t.kind {
        for p in route.iter_mut() {
            *p = CellPos::new(p.x + dx, p.y + dy);
        }
    }
    Ok(1)
}

/// Replaces thing `index` with `spec` (the inspector's edits). A changed id
/// must be a free identifier.
pub fn set_thing(level: &mut Level, index: usize, spec: ThingSpec) -> Changed {
    let old = level
        .things
        .get(index)
        .ok_or(EditError::NoSuchThing(index))?;
    if *old == spec {
        return Ok(0);
    }
    if spec.id != old.id && (!is_identifier(&spec.id) || level.thing(&spec.id).is_some()) {
        return Err(EditError::BadId(spec.id));
    }
    check_cell(level, spec.cell)?;
    level.things[index] = spec;
    Ok(1)
}

/// Deletes thing `index`.
pub fn delete_thing(level: &mut Level, index: usize) -> Changed {
    if index >= level.things.len() {
        return Err(EditError::NoSuchThing(index));
    }
    level.things.remove(index);
    Ok(1)
}
