//! Rectangular selections and the clipboard: copy, cut, paste, delete and
//! flip a block of the level — its cells, the edges on and inside its
//! outline, the portals among those edges, and the things in it.
//!
//! An [`Area`] is a rectangle of cells; its edges are those of its cells
//! (the outline included). A [`Clip`] is an area copied out of a level with
//! coordinates relative to its bottom-left cell, so it can be pasted
//! anywhere, or into another level. Pasting replaces the cells and edges
//! under it, replaces the portal pairs with both ends there, adds the
//! clip's things (renamed where an id is taken) and its portal pairs (with
//! fresh labels), then re-seals the outline: an edge left beside rock or on
//! the boundary becomes a wall, as everywhere in the editor. A paste that
//! would cover one end of a pair and not the other is refused
//! ([`EditError::PasteCutsPair`]): it never rewrites a pair the designer did
//! not cover whole. [`paste_check`] says beforehand where a paste would cut a
//! pair or put a thing in rock, for the editor's preview.

use super::op::{fresh_id, paint_cell, Changed};
use super::portal_table::canonical_portals;
use super::EditError;
use crate::grid::MAX_PORTALS;
use crate::grid::{
    CellKind, CellPos, Dir, Edge, EdgePos, EdgeType, Orientation, Portal, PortalEnd,
};
use crate::level::thing_spec::MAX_THINGS;
use crate::level::{Level, ThingSpec, ThingSpecKind, PORTAL_LABELS};

/// A rectangle of cells, corners included.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Area {
    /// The bottom-left cell.
    pub min: CellPos,
    /// The top-right cell.
    pub max: CellPos,
}

impl Area {
    /// The rectangle with corners `a` and `b` (any two opposite corners).
    pub fn new(a: CellPos, b: CellPos) -> Area {
        Area {
            min: CellPos::new(a.x.min(b.x), a.y.min(b.y)),
            max: CellPos::new(a.x.max(b.x), a.y.max(b.y)),
        }
    }

    /// Cells along x.
    pub fn width(&self) -> i32 {
        self.max.x - self.min.x + 1
    }

    /// Cells along y.
    pub fn height(&self) -> i32 {
        self.max.y - self.min.y + 1
    }

    /// Whether `c` is one of its cells.
    pub fn contains(&self, c: CellPos) -> bool {
        c.x >= self.min.x && c.x <= self.max.x && c.y >= self.min.y && c.y <= self.max.y
    }

    /// Whether `e` is an edge of one of its cells (the outline included).
    pub fn has_edge(&self, e: EdgePos) -> bool {
        match e.orientation {
            Orientation::Horizontal => {
                (self.min.x..=self.max.x).contains(&e.x)
                    && (self.min.y..=self.max.y + 1).contains(&e.y)
            }
            Orientation::Vertical => {
                (self.min.x..=self.max.x + 1).contains(&e.x)
                    && (self.min.y..=self.max.y).contains(&e.y)
            }
        }
    }

    /// Its cells, bottom row first.
    pub fn cells(&self) -> impl Iterator<Item = CellPos> {
        let (min, max) = (self.min, self.max);
        (min.y..=max.y).flat_map(move |y| (min.x..=max.x).map(move |x| CellPos::new(x, y)))
    }

    /// Its edges: horizontal ones bottom row first, then vertical ones.
    pub fn edges(&self) -> impl Iterator<Item = EdgePos> {
        let (min, max) = (self.min, self.max);
        let h = (min.y..=max.y + 1)
            .flat_map(move |y| (min.x..=max.x).map(move |x| EdgePos::horizontal(x, y)));
        let v = (min.y..=max.y)
            .flat_map(move |y| (min.x..=max.x + 1).map(move |x| EdgePos::vertical(x, y)));
        h.chain(v)
    }

    /// The area moved by `(dx, dy)`.
    pub fn shifted(&self, dx: i32, dy: i32) -> Area {
        Area {
            min: CellPos::new(self.min.x + dx, self.min.y + dy),
            max: CellPos::new(self.max.x + dx, self.max.y + dy),
        }
    }
}

/// A copied block (see the module docs). Cells, edges, portal ends and
/// things are relative to the block's bottom-left cell.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Clip {
    /// The block's size, in cells (at least 1×1).
    pub size: (i32, i32),
    /// Cells, bottom row first.
    pub cells: Vec<CellKind>,
    /// Every edge of the block with its byte; portal edges are stored as
    /// walls (their pairs are in `portals`).
    pub edges: Vec<(EdgePos, Edge)>,
    /// Portal pairs with both ends facing cells of the block.
    pub portals: Vec<Portal>,
    /// Things in the block.
    pub things: Vec<ThingSpec>,
}

fn shift_cell(c: CellPos, dx: i32, dy: i32) -> CellPos {
    CellPos::new(c.x + dx, c.y + dy)
}

fn shift_edge(e: EdgePos, dx: i32, dy: i32) -> EdgePos {
    EdgePos {
        orientation: e.orientation,
        x: e.x + dx,
        y: e.y + dy,
    }
}

fn shift_end(end: PortalEnd, dx: i32, dy: i32) -> PortalEnd {
    PortalEnd::new(shift_cell(end.cell, dx, dy), end.side)
}

fn shift_thing(t: &ThingSpec, dx: i32, dy: i32) -> ThingSpec {
    let mut t = t.clone();
    t.cell = shift_cell(t.cell, dx, dy);
    if let ThingSpecKind::Watcher { route } = &mut t.kind {
        for p in route.iter_mut() {
            *p = shift_cell(*p, dx, dy);
        }
    }
    t
}

/// Copies `area` (clipped to the grid) out of `level`; `None` when it lies
/// wholly outside.
pub fn copy(level: &Level, area: Area) -> Option<Clip> {
    let grid = &level.grid;
    let clipped = Area::new(
        CellPos::new(area.min.x.max(0), area.min.y.max(0)),
        CellPos::new(
            area.max.x.min(grid.width() as i32 - 1),
            area.max.y.min(grid.height() as i32 - 1),
        ),
    );
    if clipped.width() < 1 || clipped.height() < 1 || !grid.contains(clipped.min) {
        return None;
    }
    let (dx, dy) = (-clipped.min.x, -clipped.min.y);
    let cells = clipped
        .cells()
        .map(|c| grid.cell(c).unwrap_or(CellKind::Rock))
        .collect();
    let edges = clipped
        .edges()
        .filter_map(|e| {
            let edge = grid.edge(e)?;
            let edge = if edge.edge_type() == EdgeType::Portal {
                Edge::SOLID
            } else {
                edge
            };
            Some((shift_edge(e, dx, dy), edge))
        })
        .collect();
    let portals = grid
        .portals()
        .iter()
        .filter(|p| p.ends.iter().all(|end| clipped.contains(end.cell)))
        .map(|p| Portal::new(shift_end(p.ends[0], dx, dy), shift_end(p.ends[1], dx, dy)))
        .collect();
    let things = level
        .things
        .iter()
        .filter(|t| clipped.contains(t.cell))
        .map(|t| shift_thing(t, dx, dy))
        .collect();
    Some(Clip {
        size: (clipped.width(), clipped.height()),
        cells,
        edges,
        portals,
        things,
    })
}

/// Deletes every portal with an end on one of `area`'s edges.
fn delete_portals_touching(level: &mut Level, area: &Area) -> usize {
    let mut n = 0;
    let mut i = 0;
    while i < level.grid.portals().len() {
        let touches = level.grid.portals()[i]
            .ends
            .iter()
            .any(|end| area.has_edge(end.edge()));
        if touches {
            let _ = level.grid.remove_portal(i);
            if i < level.portal_labels.len() {
                level.portal_labels.remove(i);
            }
            n += 1;
        } else {
            i += 1;
        }
    }
    n
}

/// Makes every non-portal edge of `area` that must be a wall (on the
/// boundary or beside rock) a wall.
fn seal(level: &mut Level, area: &Area) {
    for e in area.edges() {
        let Some(edge) = level.grid.edge(e) else {
            continue;
        };
        let (a, b) = e.sides();
        let must = !level.grid.is_air(a) || !level.grid.is_air(b);
        if must && edge.edge_type() != EdgeType::Portal && edge != Edge::SOLID {
            let _ = level.grid.set_edge(e, Edge::SOLID);
        }
    }
}

/// The area `clip` covers pasted with its bottom-left cell at `at`.
pub fn paste_area(clip: &Clip, at: CellPos) -> Area {
    Area::new(
        at,
        CellPos::new(at.x + clip.size.0 - 1, at.y + clip.size.1 - 1),
    )
}

/// What a paste would break, found before it lands.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct PasteCheck {
    /// The labels of the pairs with one end under the paste and the other
    /// outside it, with the cell the covered end faces.
    pub cut_pairs: Vec<(char, CellPos)>,
    /// The cells under the paste where a thing (pasted or already there)
    /// would stand in rock.
    pub things_in_rock: Vec<CellPos>,
}

impl PasteCheck {
    /// Whether the paste breaks nothing.
    pub fn is_clean(&self) -> bool {
        self.cut_pairs.is_empty() && self.things_in_rock.is_empty()
    }

    /// The labels of the pairs the paste would cut, in order, each once.
    pub fn cut_labels(&self) -> Vec<char> {
        let mut labels: Vec<char> = Vec::new();
        for &(label, _) in &self.cut_pairs {
            if !labels.contains(&label) {
                labels.push(label);
            }
        }
        labels
    }
}

/// What pasting `clip` at `at` would cut or bury (see [`PasteCheck`]);
/// parts of the paste outside the grid are not looked at.
pub fn paste_check(level: &Level, clip: &Clip, at: CellPos) -> PasteCheck {
    let area = paste_area(clip, at);
    let mut check = PasteCheck::default();
    for (i, p) in level.grid.portals().iter().enumerate() {
        let under = p.ends.map(|end| area.has_edge(end.edge()));
        if under[0] != under[1] {
            let end = if under[0] { p.ends[0] } else { p.ends[1] };
            // The covered end's cell under the paste: its face, or the
            // cell on the other side when the face lies outside.
            let cell = if area.contains(end.cell) {
                end.cell
            } else {
                let (a, b) = end.edge().sides();
                if area.contains(a) {
                    a
                } else {
                    b
                }
            };
            check.cut_pairs.push((level.portal_label(i), cell));
        }
    }
    // A cell of the level after the paste: the clip's where it covers
    // (the entrance stays air), the level's elsewhere.
    let after = |c: CellPos| {
        if c == level.entrance {
            return Some(CellKind::Air);
        }
        if area.contains(c) {
            let (x, y) = (c.x - at.x, c.y - at.y);
            return clip.cells.get((y * clip.size.0 + x) as usize).copied();
        }
        level.grid.cell(c)
    };
    let pasted = clip.things.iter().map(|t| shift_cell(t.cell, at.x, at.y));
    let kept = level.things.iter().map(|t| t.cell);
    for c in pasted.chain(kept) {
        let in_rock = area.contains(c) && after(c) == Some(CellKind::Rock);
        if in_rock && !check.things_in_rock.contains(&c) {
            check.things_in_rock.push(c);
        }
    }
    check
}

/// The level as it would look with `clip` pasted at `at`, for the
/// editor's preview: a pair the paste would cut is shown gone (the preview
/// marks it, and [`paste`] refuses it), its label kept from the pasted
/// pairs, which take labels the level does not use. `None` when the paste
/// does not fit or passes a limit.
pub fn paste_preview(level: &Level, clip: &Clip, at: CellPos) -> Option<Level> {
    let mut l = level.clone();
    let area = paste_area(clip, at);
    if !l.grid.contains(area.min) || !l.grid.contains(area.max) {
        return None;
    }
    let cut: Vec<char> = paste_check(level, clip, at)
        .cut_pairs
        .iter()
        .map(|&(label, _)| label)
        .collect();
    delete_portals_touching(&mut l, &area);
    paste(&mut l, clip, at).ok()?;
    for i in 0..l.portal_labels.len() {
        if cut.contains(&l.portal_labels[i]) {
            let taken = |c: &char| l.portal_labels.contains(c) || cut.contains(c);
            if let Some(fresh) = PORTAL_LABELS.chars().take(MAX_PORTALS).find(|c| !taken(c)) {
                l.portal_labels[i] = fresh;
            }
        }
    }
    Some(l)
}

/// Pastes `clip` with its bottom-left cell at `at` (see the module docs).
/// Refused, changing nothing, when it does not fit in the grid, would cut
/// a portal pair (cover one end and not the other) or would pass the
/// portal or thing limits. Returns the cells pasted.
pub fn paste(level: &mut Level, clip: &Clip, at: CellPos) -> Changed {
    let area = paste_area(clip, at);
    for corner in [area.min, area.max] {
        if !level.grid.contains(corner) {
            return Err(EditError::CellOutside(corner));
        }
    }
    let cut = paste_check(level, clip, at).cut_labels();
    if !cut.is_empty() {
        return Err(EditError::PasteCutsPair(cut));
    }
    // A route copied with the area may reach past it; pasted, it must not
    // pass the grid's left or bottom side (the text cannot write it).
    let outside: Vec<String> = clip
        .things
        .iter()
        .filter(|t| match &t.kind {
            ThingSpecKind::Watcher { route } => {
                route.iter().any(|&p| p.x + at.x < 0 || p.y + at.y < 0)
            }
            _ => false,
        })
        .map(|t| format!("the route of '{}'", t.id))
        .collect();
    if !outside.is_empty() {
        return Err(EditError::Outside(outside));
    }
    let kept_portals = level
        .grid
        .portals()
        .iter()
        .filter(|p| !p.ends.iter().any(|end| area.has_edge(end.edge())))
        .count();
    if kept_portals + clip.portals.len() > MAX_PORTALS {
        return Err(EditError::TooManyPortals);
    }
    if level.things.len() + clip.things.len() > MAX_THINGS {
        return Err(EditError::TooManyThings);
    }
    delete_portals_touching(level, &area);
    let (dx, dy) = (at.x, at.y);
    for (c, &kind) in area.cells().zip(&clip.cells) {
        // The entrance stays air.
        let kind = if c == level.entrance {
            CellKind::Air
        } else {
            kind
        };
        let _ = level.grid.set_cell(c, kind);
    }
    for &(e, edge) in &clip.edges {
        let _ = level.grid.set_edge(shift_edge(e, dx, dy), edge);
    }
    seal(level, &area);
    for p in &clip.portals {
        let portal = Portal::new(shift_end(p.ends[0], dx, dy), shift_end(p.ends[1], dx, dy));
        let Some(label) = super::portal_table::fresh_label(level) else {
            break;
        };
        if level.grid.add_portal(portal).is_ok() {
            level.portal_labels.push(label);
        }
    }
    for t in &clip.things {
        let mut t = shift_thing(t, dx, dy);
        t.id = fresh_id(level, &t.id);
        level.things.push(t);
    }
    canonical_portals(level);
    Ok(clip.cells.len())
}

/// Deletes what `area` holds: its things and the portals with an end on
/// its edges; its cells become rock (the entrance stays air). Returns the
/// cells, portals and things removed.
pub fn delete(level: &mut Level, area: Area) -> Changed {
    let mut n = delete_portals_touching(level, &area);
    let before = level.things.len();
    level.things.retain(|t| !area.contains(t.cell));
    n += before - level.things.len();
    for c in area.cells() {
        if c != level.entrance {
            n += paint_cell(level, c, CellKind::Rock).unwrap_or(0);
        }
    }
    Ok(n)
}

/// Mirrors `area` left to right in place: cells, edges, things (and route
/// points inside it), the entrance, and portal ends facing into it (an end
/// facing out of it stays with the cell it faces). Returns the cells in the
/// area.
pub fn flip(level: &mut Level, area: Area) -> Changed {
    for corner in [area.min, area.max] {
        if !level.grid.contains(corner) {
            return Err(EditError::CellOutside(corner));
        }
    }
    let sum = area.min.x + area.max.x;
    let mirror_cell = |c: CellPos| CellPos::new(sum - c.x, c.y);
    let mirror_edge = |e: EdgePos| match e.orientation {
        Orientation::Horizontal => EdgePos::horizontal(sum - e.x, e.y),
        Orientation::Vertical => EdgePos::vertical(sum + 1 - e.x, e.y),
    };
    let mirror_end = |end: PortalEnd| {
        let side = match end.side {
            Dir::Left => Dir::Right,
            Dir::Right => Dir::Left,
            d => d,
        };
        PortalEnd::new(mirror_cell(end.cell), side)
    };
    // Take the portals touching the area out, mirrored, to put back after.
    let mut moved: Vec<(char, Portal)> = Vec::new();
    let mut i = 0;
    while i < level.grid.portals().len() {
        let p = level.grid.portals()[i];
        if p.ends.iter().any(|end| area.has_edge(end.edge())) {
            // An end facing into the area turns with it; one facing out
            // of it belongs to the cell outside and stays.
            let ends = p.ends.map(|end| {
                if area.contains(end.cell) {
                    mirror_end(end)
                } else {
                    end
                }
            });
            moved.push((level.portal_label(i), Portal::new(ends[0], ends[1])));
            let _ = level.grid.remove_portal(i);
            if i < level.portal_labels.len() {
                level.portal_labels.remove(i);
            }
        } else {
            i += 1;
        }
    }
    let old = level.clone();
    for c in area.cells() {
        if let Some(kind) = old.grid.cell(mirror_cell(c)) {
            let _ = level.grid.set_cell(c, kind);
        }
    }
    for e in area.edges() {
        if let Some(edge) = old.grid.edge(mirror_edge(e)) {
            let _ = level.grid.set_edge(e, edge);
        }
    }
    if area.contains(level.entrance) {
        level.entrance = mirror_cell(level.entrance);
    }
    for t in &mut level.things {
        if area.contains(t.cell) {
            t.cell = mirror_cell(t.cell);
        }
        if let ThingSpecKind::Watcher { route } = &mut t.kind {
            for p in route.iter_mut() {
                if area.contains(*p) {
                    *p = mirror_cell(*p);
                }
            }
        }
    }
    seal(level, &area);
    for (label, p) in moved {
        if level.grid.add_portal(p).is_ok() {
            level.portal_labels.push(label);
        }
    }
    canonical_portals(level);
    Ok(area.cells().count())
}
