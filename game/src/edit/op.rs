//! Editing operations: each one checked, reversible change of a [`Level`]
//! (the loader's own types), as the editor's tools ask for them.
//!
//! Every operation either changes the level and says how many things it
//! changed (cells, edges, …; 0 when there was nothing to do), or refuses
//! with an [`EditError`] and leaves the level exactly as it was. They keep
//! the level *structurally* whole — what the text format can write and read
//! back: the boundary and the edges beside rock stay walls, platforms stay
//! horizontal, portal ends keep an air face, the entrance stays air, and the
//! portal table stays canonical ([`super::canon`]). *Semantic* problems (no
//! hero yet, a thing left in rock, a route through a wall) are allowed: the
//! designer may stop half-way, and [`super::problems`] lists them.
//!
//! Reversal is the editor's undo ([`super::history`]): operations need no
//! inverse of their own.
//!
//! Rules a designer sees:
//! - painting rock walls the cell in (its edges become walls); painting a
//!   rock cell air digs it out: it opens onto the air cells around it;
//! - an edge on the outer boundary or beside rock can only be a wall (or a
//!   portal); platforms are floors, so horizontal only;
//! - a portal edge is changed by deleting its portal first; deleting one end
//!   deletes the pair; a new pair takes the first free label;
//! - the entrance is one air cell; rock cannot be painted over it.

use super::canon::{canonical_portals, fresh_label, portal_between};
use crate::grid::{
    CellKind, CellPos, Dir, Edge, EdgePos, EdgeType, GridError, Orientation, PortalEnd, PortalKind,
    MAX_PORTALS,
};
use crate::level::thing_spec::{is_identifier, MAX_THINGS};
use crate::level::validate::{name_ok, note_ok};
use crate::level::{Level, ThingSpec, ThingSpecKind, PORTAL_LABELS};
use std::fmt;

/// What an edge tool paints.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum EdgeKind {
    /// Nothing: sight and movement pass.
    Open,
    /// A solid wall.
    Wall,
    /// A platform: a floor you can stand on; sight and ropes pass.
    Platform,
}

impl EdgeKind {
    /// The edge byte it paints.
    pub const fn edge(self) -> Edge {
        match self {
            EdgeKind::Open => Edge::OPEN,
            EdgeKind::Wall => Edge::SOLID,
            EdgeKind::Platform => Edge::PLATFORM,
        }
    }

    /// Plural noun for step names ("walls", "platforms", "open edges").
    pub const fn plural(self) -> &'static str {
        match self {
            EdgeKind::Open => "open edges",
            EdgeKind::Wall => "walls",
            EdgeKind::Platform => "platforms",
        }
    }
}

/// Why an operation was refused. Its `Display` is one line a designer can
/// read; nothing was changed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum EditError {
    /// The cell is outside the grid.
    CellOutside(CellPos),
    /// The edge is outside the grid.
    EdgeOutside(EdgePos),
    /// Only walls (or portals) may stand on the outer boundary.
    BoundaryEdge(EdgePos),
    /// Only walls (or portals) may stand beside rock.
    BesideRock(EdgePos),
    /// Platforms are floors: horizontal edges only.
    VerticalPlatform(EdgePos),
    /// The edge is an end of portal `label`.
    PortalEdge {
        /// The edge.
        edge: EdgePos,
        /// Its portal's label.
        label: char,
    },
    /// The cell is the air face of portal `label`'s end and nothing else
    /// is: it must stay air.
    PortalFace {
        /// The cell.
        cell: CellPos,
        /// The portal's label.
        label: char,
    },
    /// The entrance cell must stay air.
    EntranceCell(CellPos),
    /// A portal end needs an air cell on its side of the edge.
    NoAirFace(EdgePos),
    /// Both ends would be the same edge.
    SameEdge(EdgePos),
    /// Already 64 portals.
    TooManyPortals,
    /// Already the most things a level may list.
    TooManyThings,
    /// Thing index past the end of the list.
    NoSuchThing(usize),
    /// Portal index past the end of the table.
    NoSuchPortal(usize),
    /// The kind does not fit the two edges' orientations.
    KindImpossible(PortalKind),
    /// An id or item name that is not a lower-case identifier, or taken.
    BadId(String),
    /// A level name the text format cannot hold.
    BadName,
    /// A note line the text format cannot hold.
    BadNote(usize),
    /// Things or routes would fall outside a resized grid.
    Outside(Vec<String>),
    /// A grid refusal (size limits, …).
    Grid(GridError),
}

impl fmt::Display for EditError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EditError::CellOutside(c) => write!(f, "cell {c} is outside the level"),
            EditError::EdgeOutside(_) => write!(f, "that edge is outside the level"),
            EditError::BoundaryEdge(_) => {
                write!(f, "the outer boundary can only be wall or portal")
            }
            EditError::BesideRock(_) => write!(f, "an edge beside rock can only be wall or portal"),
            EditError::VerticalPlatform(_) => {
                write!(f, "platforms are floors: only horizontal edges")
            }
            EditError::PortalEdge { label, .. } => {
                write!(f, "that edge is portal '{label}': delete the portal first")
            }
            EditError::PortalFace { cell, label } => {
                write!(f, "cell {cell} is the only air beside portal '{label}'")
            }
            EditError::EntranceCell(c) => write!(f, "cell {c} is the entrance: it stays air"),
            EditError::NoAirFace(_) => write!(f, "a portal needs air on one side of its edge"),
            EditError::SameEdge(_) => write!(f, "pick a second, different edge"),
            EditError::TooManyPortals => write!(f, "a level has at most {MAX_PORTALS} portals"),
            EditError::TooManyThings => write!(f, "a level has at most {MAX_THINGS} things"),
            EditError::NoSuchThing(i) => write!(f, "there is no thing {i}"),
            EditError::NoSuchPortal(i) => write!(f, "there is no portal {i}"),
            EditError::KindImpossible(k) => write!(f, "these two edges cannot make a {k} portal"),
            EditError::BadId(id) => write!(
                f,
                "'{id}' is not a free id (lower-case letters, digits and _, from a letter)"
            ),
            EditError::BadName => write!(f, "a name is 1 to 64 characters, without \""),
            EditError::BadNote(i) => write!(
                f,
                "note line {} is too long or ends in a space (200 characters at most)",
                i + 1
            ),
            EditError::Outside(what) => {
                write!(f, "these would fall outside: {}", what.join(", "))
            }
            EditError::Grid(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for EditError {}

impl From<GridError> for EditError {
    fn from(e: GridError) -> EditError {
        match e {
            GridError::TooManyPortals => EditError::TooManyPortals,
            GridError::CellOutside(c) => EditError::CellOutside(c),
            GridError::EdgeOutside(e) => EditError::EdgeOutside(e),
            GridError::VerticalPlatform(e) => EditError::VerticalPlatform(e),
            GridError::SameEdge(e) => EditError::SameEdge(e),
            other => EditError::Grid(other),
        }
    }
}

/// The result of an operation: how many cells, edges, things… it changed.
pub type Changed = Result<usize, EditError>;

/// What an operation that adds one portal or thing returns: the new
/// portal's or thing's index (it counts as one change).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Added(pub usize);

impl super::Counted for Added {
    fn count(&self) -> usize {
        1
    }
}

fn check_cell(level: &Level, cell: CellPos) -> Result<CellKind, EditError> {
    level.grid.cell(cell).ok_or(EditError::CellOutside(cell))
}

/// The label of the portal whose edge `e` is, if it is one.
pub fn portal_at(level: &Level, e: EdgePos) -> Option<(usize, char)> {
    let index = level.grid.edge(e)?.portal_index()?;
    Some((index, level.portal_label(index)))
}

/// Whether `e` must stay a wall (or portal): on the boundary or beside rock.
fn must_be_wall(level: &Level, e: EdgePos) -> bool {
    let (a, b) = e.sides();
    !level.grid.is_air(a) || !level.grid.is_air(b)
}

/// Sets edge `e` to `edge` unless it is a portal edge; returns whether it
/// changed.
fn set_plain_edge(level: &mut Level, e: EdgePos, edge: Edge) -> bool {
    match level.grid.edge(e) {
        Some(old) if old.edge_type() != EdgeType::Portal && old != edge => {
            level.grid.set_edge(e, edge).is_ok()
        }
        _ => false,
    }
}

/// Paints cell `cell` air or rock (see the module docs for what happens to
/// its edges). Returns 1 if it changed.
pub fn paint_cell(level: &mut Level, cell: CellPos, kind: CellKind) -> Changed {
    let old = check_cell(level, cell)?;
    if old == kind {
        return Ok(0);
    }
    if kind == CellKind::Rock {
        if cell == level.entrance {
            return Err(EditError::EntranceCell(cell));
        }
        // A portal end needs air on one side: refuse to bury its last face.
        for dir in Dir::ALL {
            let e = EdgePos::of(cell, dir);
            if let Some((_, label)) = portal_at(level, e) {
                if !level.grid.is_air(cell.step(dir)) {
                    return Err(EditError::PortalFace { cell, label });
                }
            }
        }
        level.grid.set_cell(cell, CellKind::Rock)?;
        for dir in Dir::ALL {
            set_plain_edge(level, EdgePos::of(cell, dir), Edge::SOLID);
        }
        // A portal end facing into the new rock now faces the other way.
        canonical_portals(level);
    } else {
        level.grid.set_cell(cell, CellKind::Air)?;
        for dir in Dir::ALL {
            let e = EdgePos::of(cell, dir);
            if level.grid.is_air(cell.step(dir)) {
                set_plain_edge(level, e, Edge::OPEN);
            }
        }
        canonical_portals(level);
    }
    Ok(1)
}

/// The cells of the rectangle with corners `a` and `b` (inclusive), clipped
/// to the grid, bottom row first.
pub fn rect_cells(level: &Level, a: CellPos, b: CellPos) -> Vec<CellPos> {
    let w = level.grid.width() as i32;
    let h = level.grid.height() as i32;
    let (x0, x1) = (a.x.min(b.x).max(0), a.x.max(b.x).min(w - 1));
    let (y0, y1) = (a.y.min(b.y).max(0), a.y.max(b.y).min(h - 1));
    let mut out = Vec::new();
    for y in y0..=y1 {
        for x in x0..=x1 {
            out.push(CellPos::new(x, y));
        }
    }
    out
}

/// Paints every cell of the rectangle `a`–`b`; cells that cannot be painted
/// (the entrance, a portal's only face) are skipped, and the first refusal
/// is returned only if nothing could be painted.
pub fn paint_rect(level: &mut Level, a: CellPos, b: CellPos, kind: CellKind) -> Changed {
    let cells = rect_cells(level, a, b);
    if cells.is_empty() {
        return Err(EditError::CellOutside(a));
    }
    let mut changed = 0;
    let mut first_err = None;
    for c in cells {
        match paint_cell(level, c, kind) {
            Ok(n) => changed += n,
            Err(e) => {
                first_err.get_or_insert(e);
            }
        }
    }
    match first_err {
        Some(e) if changed == 0 => Err(e),
        _ => Ok(changed),
    }
}

/// A room: the rectangle `a`–`b` becomes air, open inside, with walls all
/// round it (portal edges on its outline are kept). Merged with what is
/// there: walls inside are removed, the rest of the level is untouched.
/// Returns the cells and edges changed.
pub fn room(level: &mut Level, a: CellPos, b: CellPos) -> Changed {
    let cells = rect_cells(level, a, b);
    let Some((&first, &last)) = cells.first().zip(cells.last()) else {
        return Err(EditError::CellOutside(a));
    };
    let mut changed = 0;
    for &c in &cells {
        if level.grid.cell(c) == Some(CellKind::Rock) {
            level.grid.set_cell(c, CellKind::Air)?;
            changed += 1;
        }
    }
    let inside = |c: CellPos| c.x >= first.x && c.x <= last.x && c.y >= first.y && c.y <= last.y;
    for &c in &cells {
        for dir in [Dir::Right, Dir::Up, Dir::Left, Dir::Down] {
            let e = EdgePos::of(c, dir);
            let interior = inside(c.step(dir));
            // Interior edges are seen twice; count them once.
            if interior && matches!(dir, Dir::Left | Dir::Down) {
                continue;
            }
            let want = if interior { Edge::OPEN } else { Edge::SOLID };
            if set_plain_edge(level, e, want) {
                changed += 1;
            }
        }
    }
    canonical_portals(level);
    Ok(changed)
}

/// Paints edge `e`. Returns 1 if it changed.
pub fn paint_edge(level: &mut Level, e: EdgePos, kind: EdgeKind) -> Changed {
    let old = level.grid.edge(e).ok_or(EditError::EdgeOutside(e))?;
    if let Some((_, label)) = portal_at(level, e) {
        return Err(EditError::PortalEdge { edge: e, label });
    }
    if kind == EdgeKind::Platform && e.orientation == Orientation::Vertical {
        return Err(EditError::VerticalPlatform(e));
    }
    if kind != EdgeKind::Wall && must_be_wall(level, e) {
        let (a, b) = e.sides();
        return Err(if level.grid.contains(a) && level.grid.contains(b) {
            EditError::BesideRock(e)
        } else {
            EditError::BoundaryEdge(e)
        });
    }
    if old == kind.edge() {
        return Ok(0);
    }
    level.grid.set_edge(e, kind.edge())?;
    Ok(1)
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
    let fitted =
        super::canon::with_kind(level, &portal, kind).ok_or(EditError::KindImpossible(kind))?;
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
        .filter(|&k| super::canon::with_kind(level, portal, k).is_some())
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

/// The ids of things (and watchers whose route) would fall outside the
/// grid resized by `left`, `right`, `bottom`, `top` cells (negative crops),
/// and whether the entrance would.
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
    for t in &level.things {
        let route_fits = match &t.kind {
            ThingSpecKind::Watcher { route } => route.iter().all(|&p| fits(p)),
            _ => true,
        };
        if !fits(t.cell) {
            out.push(format!("'{}'", t.id));
        } else if !route_fits {
            out.push(format!("the route of '{}'", t.id));
        }
    }
    out
}

/// Resizes the grid (see `Grid::resized`): positive counts add rock on that
/// side, negative ones crop. Things move with their cells; things outside
/// the new grid are removed with `force`, else the operation is refused
/// listing them ([`EditError::Outside`]). The entrance must stay inside.
/// Portals cut by the new edge are deleted. Returns the cells added or
/// removed.
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

/// The portal labels still free, in label order.
pub fn free_labels(level: &Level) -> impl Iterator<Item = char> + '_ {
    PORTAL_LABELS
        .chars()
        .take(MAX_PORTALS)
        .filter(|c| !level.portal_labels.contains(c))
}

#[cfg(test)]
pub(crate) mod tests;
