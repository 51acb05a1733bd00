//! Joining portals: turning the art's labelled edges and the `[portals]`
//! kinds into the grid's portal table.
//!
//! Each label marks two edges; the first in reading order (top row first,
//! left to right) is end 0. A portal end needs a face cell, an air cell on
//! one side of its edge. An edge with air on one side only (on the outer
//! boundary, or beside rock) has its face fixed; an edge with air on both
//! sides can face either way. The kind in `[portals]` (from end 0 to end 1)
//! picks faces that make it; without a line, the kind is whatever the fixed
//! faces make, else `straight` for two edges of the same orientation, and a
//! horizontal-to-vertical portal whose turn is not fixed must say `cw` or
//! `ccw`. Where the choice is free, the face above (horizontal) or to the
//! right (vertical) is taken first; both choices describe the same gluing.

use super::art::{Art, Mark};
use super::keyed::PortalLine;
use super::Errors;
use crate::grid::{Dir, Edge, EdgePos, Grid, Orientation, Portal, PortalEnd, PortalKind};
use crate::level::ErrorKind;

/// The faces an edge can have: the air cells beside it, the cell above or to
/// the right first.
pub(crate) fn faces(grid: &Grid, e: EdgePos) -> Vec<PortalEnd> {
    let (low, high) = e.sides();
    let (low_side, high_side) = match e.orientation {
        Orientation::Horizontal => (Dir::Up, Dir::Down),
        Orientation::Vertical => (Dir::Right, Dir::Left),
    };
    let mut out = Vec::with_capacity(2);
    if grid.is_air(high) {
        out.push(PortalEnd::new(high, high_side));
    }
    if grid.is_air(low) {
        out.push(PortalEnd::new(low, low_side));
    }
    out
}

/// Builds the grid the art draws, joins its portals, and reports what cannot
/// be joined. Returns the grid (with unjoinable portal edges made walls) and
/// the label of each portal by index.
pub(crate) fn build_grid(
    art: &Art,
    options: &[PortalLine],
    errors: &mut Errors,
) -> Option<(Grid, Vec<char>)> {
    let Ok(mut grid) = Grid::new(art.width, art.height) else {
        // read_art checked the size; nothing more to say.
        return None;
    };
    for (i, &kind) in art.cells.iter().enumerate() {
        if let Some(c) = grid.cell_pos(i) {
            let _ = grid.set_cell(c, kind);
        }
    }
    let (w, h) = (art.width as i32, art.height as i32);
    let h_pos = (0..=h).flat_map(|y| (0..w).map(move |x| EdgePos::horizontal(x, y)));
    let v_pos = (0..h).flat_map(|y| (0..=w).map(move |x| EdgePos::vertical(x, y)));
    for (pos, mark) in h_pos.zip(art.h.iter()).chain(v_pos.zip(art.v.iter())) {
        let edge = match mark {
            Mark::Edge(e) => *e,
            // Portal edges are walls until the portal is joined.
            Mark::Label(_) => Edge::SOLID,
        };
        let _ = grid.set_edge(pos, edge);
    }
    for line in options {
        if !art.labels.iter().any(|(l, _)| *l == line.label) {
            errors.push(line.label_pos, ErrorKind::UnknownPortalLabel(line.label));
        }
    }
    let mut labels = Vec::with_capacity(art.labels.len());
    for (label, edges) in &art.labels {
        let [e0, e1] = edges.as_slice() else { continue };
        let f0 = faces(&grid, *e0);
        let f1 = faces(&grid, *e1);
        let mut stuck = false;
        for (e, f) in [(e0, &f0), (e1, &f1)] {
            if f.is_empty() {
                errors.push(art.edge_pos(*e), ErrorKind::PortalNoOpenSide(*label));
                stuck = true;
            }
        }
        if stuck {
            continue;
        }
        let combos: Vec<Portal> = f0
            .iter()
            .flat_map(|&a| f1.iter().map(move |&b| Portal::new(a, b)))
            .collect();
        let possible: Vec<PortalKind> = PortalKind::ALL
            .into_iter()
            .filter(|k| combos.iter().any(|p| p.kind() == *k))
            .collect();
        let option = options.iter().find(|o| o.label == *label);
        let wanted = match option {
            Some(o) => Some(o.kind),
            None if possible.len() == 1 => possible.first().copied(),
            None if possible.contains(&PortalKind::Straight) => Some(PortalKind::Straight),
            None => {
                errors.push(art.edge_pos(*e0), ErrorKind::PortalAmbiguous(*label));
                continue;
            }
        };
        let Some(portal) = combos.iter().find(|p| Some(p.kind()) == wanted) else {
            if let (Some(o), Some(kind)) = (option, wanted) {
                let kind = ErrorKind::PortalKindImpossible {
                    label: *label,
                    kind,
                    possible,
                };
                errors.push(o.kind_pos, kind);
            }
            continue;
        };
        if grid.add_portal(*portal).is_ok() {
            labels.push(*label);
        }
    }
    Some((grid, labels))
}
