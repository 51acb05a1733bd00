//! Operations on the level as a whole: its entrance, name, notes, par and
//! size.
use super::{check_cell, paint_cell, Changed};
use crate::edit::portal_table::canonical_portals;
use crate::edit::EditError;
use crate::grid::{CellKind, CellPos};
use crate::level::validate::{name_ok, note_ok, MAX_PAR};
use crate::level::{Level, ThingSpecKind};

/// Moves the entrance to `cell`, digging it out if it is rock. Heroes
/// standing on the old entrance (the party as it enters) move with it, so
/// the party still starts at the way in; whatever else is there stays.
/// Counts the entrance and each hero moved.
pub fn set_entrance(level: &mut Level, cell: CellPos) -> Changed {
    check_cell(level, cell)?;
    let old = level.entrance;
    if old == cell {
        return Ok(0);
    }
    paint_cell(level, cell, CellKind::Air)?;
    level.entrance = cell;
    let mut moved = 0;
    for t in level
        .things
        .iter_mut()
        .filter(|t| t.is_hero() && t.cell == old)
    {
        t.cell = cell;
        moved += 1;
    }
    Ok(1 + moved)
}

/// Sets the level's name.
pub fn set_name(level: &mut Level, name: &str) -> Changed {
    if !name_ok(name) {
        return Err(EditError::BadName);
    }
    if level.name == name {
        return Ok(0);
    }
    level.name = name.to_string();
    Ok(1)
}

/// Sets the level's par — the turns shown to beat — or clears it with
/// `None`. A par is a whole number from 1 to [`MAX_PAR`].
pub fn set_par(level: &mut Level, par: Option<u32>) -> Changed {
    if par.is_some_and(|n| !(1..=MAX_PAR).contains(&u64::from(n))) {
        return Err(EditError::BadPar);
    }
    if level.par == par {
        return Ok(0);
    }
    level.par = par;
    Ok(1)
}

/// Sets the level's notes (trailing spaces trimmed, empty lines at the end
/// dropped).
pub fn set_notes(level: &mut Level, notes: &[String]) -> Changed {
    let mut notes: Vec<String> = notes.iter().map(|n| n.trim_end().to_string()).collect();
    while notes.last().is_some_and(String::is_empty) {
        notes.pop();
    }
    if let Some(i) = notes.iter().position(|n| !note_ok(n)) {
        return Err(EditError::BadNote(i));
    }
    if level.notes == notes {
        return Ok(0);
    }
    level.notes = notes;
    Ok(1)
}

/// What resizing the grid by `left`, `right`, `bottom`, `top` cells
/// (negative crops) would cut, in the designer's words, in order: the
/// entrance (which blocks the resize), open cells, each portal pair that
/// loses an end (and so goes whole, its other end named), each thing
/// outside, each watcher whose route leaves the grid. Empty: nothing is
/// lost. The portals are the ones [`Grid::resized`] itself drops.
///
/// [`Grid::resized`]: crate::grid::Grid::resized
pub fn resize_casualties(
    level: &Level,
    left: i32,
    right: i32,
    bottom: i32,
    top: i32,
) -> Vec<String> {
    let w = level.grid.width() as i32 + left + right;
    let h = level.grid.height() as i32 + bottom + top;
    let fits = |c: CellPos| {
        let (x, y) = (c.x + left, c.y + bottom);
        x >= 0 && y >= 0 && x < w && y < h
    };
    let mut out = Vec::new();
    if !fits(level.entrance) {
        out.push("the entrance".to_string());
    }
    let (gw, gh) = (level.grid.width() as i32, level.grid.height() as i32);
    let open = (0..gh)
        .flat_map(|y| (0..gw).map(move |x| CellPos::new(x, y)))
        .filter(|&c| !fits(c) && level.grid.cell(c) == Some(CellKind::Air))
        .count();
    match open {
        0 => {}
        1 => out.push("1 open cell".to_string()),
        n => out.push(format!("{n} open cells")),
    }
    if let Ok((_, dropped)) = level.grid.resized(left, right, bottom, top) {
        for i in dropped {
            let Some(p) = level.grid.portal(i) else {
                continue;
            };
            let label = level.portal_labels.get(i).copied().unwrap_or('?');
            let kept: Vec<CellPos> = p.ends.iter().map(|e| e.cell).filter(|&c| fits(c)).collect();
            out.push(match kept.as_slice() {
                [other] => format!(
                    "portal pair '{label}' (its other end, at {},{}, goes with it)",
                    other.x, other.y
                ),
                _ => format!("portal pair '{label}'"),
            });
        }
    }
    for t in &level.things {
        let route_fits = match &t.kind {
            ThingSpecKind::Watcher { route } => route.iter().all(|&p| fits(p)),
            _ => true,
        };
        if !fits(t.cell) {
            out.push(format!("'{}'", t.id));
        } else if !route_fits {
            out.push(format!("'{}' (its route crosses the cut)", t.id));
        }
    }
    out
}

/// Resizes the grid (see `Grid::resized`): positive counts add rock on that
/// side, negative ones crop. Things move with their cells. A crop that
/// cuts anything ([`resize_casualties`]: open cells, portal pairs, things,
/// routes) needs `force`, else it is refused listing them
/// ([`EditError::Outside`]); the entrance must stay inside. Portals cut by
/// the new edge are deleted whole. Returns the cells added or removed.
pub fn resize(
    level: &mut Level,
    left: i32,
    right: i32,
    bottom: i32,
    top: i32,
    force: bool,
) -> Changed {
    let lost = resize_casualties(level, left, right, bottom, top);
    if lost.iter().any(|l| l == "the entrance") {
        return Err(EditError::Outside(lost));
    }
    if !lost.is_empty() && !force {
        return Err(EditError::Outside(lost));
    }
    let (grid, dropped) = level.grid.resized(left, right, bottom, top)?;
    let before = level.grid.cell_count();
    let shift = |c: CellPos| CellPos::new(c.x + left, c.y + bottom);
    let mut labels = Vec::with_capacity(level.portal_labels.len());
    for (i, &l) in level.portal_labels.iter().enumerate() {
        if !dropped.contains(&i) {
            labels.push(l);
        }
    }
    level.grid = grid;
    level.portal_labels = labels;
    level.entrance = shift(level.entrance);
    let grid = &level.grid;
    level.things.retain_mut(|t| {
        t.cell = shift(t.cell);
        if let ThingSpecKind::Watcher { route } = &mut t.kind {
            for p in route.iter_mut() {
                *p = shift(*p);
            }
            if !route.iter().all(|&p| grid.contains(p)) {
                return false;
            }
        }
        grid.contains(t.cell)
    });
    canonical_portals(level);
    Ok(before.abs_diff(level.grid.cell_count()).max(1))
}
