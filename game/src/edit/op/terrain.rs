//! Painting the terrain: cells air or rock, rectangles and rooms, and
//! edges open, wall or platform (see the module docs of `edit::op` for
//! the rules a designer sees).
use super::{check_cell, portal_at, Changed};
use crate::edit::portal_table::canonical_portals;
use crate::edit::EditError;
use crate::grid::{CellKind, CellPos, Dir, Edge, EdgePos, EdgeType, Orientation};
use crate::level::Level;

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
    paint_rect_noting(level, a, b, kind, &mut Vec::new())
}

/// [`paint_rect`], with each cell skipped and why added to `skipped`.
pub fn paint_rect_noting(
    level: &mut Level,
    a: CellPos,
    b: CellPos,
    kind: CellKind,
    skipped: &mut Vec<EditError>,
) -> Changed {
    let cells = rect_cells(level, a, b);
    if cells.is_empty() {
        return Err(EditError::CellOutside(a));
    }
    let mut changed = 0;
    for c in cells {
        match paint_cell(level, c, kind) {
            Ok(n) => changed += n,
            Err(e) => skipped.push(e),
        }
    }
    match skipped.first() {
        Some(e) if changed == 0 => Err(e.clone()),
        _ => Ok(changed),
    }
}

/// A room: the rectangle `a`–`b` becomes air, open inside, walled where
/// it meets rock or the grid's border (portal edges on its outline are
/// kept). Merged with what is there: walls inside are removed, and it
/// opens onto the air it touches, so a room drawn beside or over another
/// makes one room; the rest of the level is untouched. Returns the cells
/// and edges changed.
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
            let joins = interior || level.grid.is_air(c.step(dir));
            let want = if joins { Edge::OPEN } else { Edge::SOLID };
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
