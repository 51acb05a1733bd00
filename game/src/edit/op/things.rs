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
/// still starts where the watcher stands.
pub fn move_thing(level: &mut Level, index: usize, cell: CellPos) -> Changed {
    check_cell(level, cell)?;
    let t = level
        .things
        .get_mut(index)
        .ok_or(EditError::NoSuchThing(index))?;
    if t.cell == cell {
        return Ok(0);
    }
    let (dx, dy) = (cell.x - t.cell.x, cell.y - t.cell.y);
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
