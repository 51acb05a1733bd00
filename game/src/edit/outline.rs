//! The outliner: every thing, portal pair and watcher route of a level as
//! a list of rows grouped by cell (the top row of the grid first, then left
//! to right), and the occupants of a cell in the order repeated clicks
//! select them.
//!
//! A thing is listed in its cell, a portal pair under the cell of its first
//! end, a watcher's route (when it has one) under the watcher, after it.

use crate::grid::CellPos;
use crate::level::{Level, ThingSpecKind};

/// What an outliner row stands for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Entry {
    /// Thing `i` of the level's list.
    Thing(usize),
    /// Portal pair `i`.
    Portal(usize),
    /// The route of watcher `i` (a thing index).
    Route(usize),
}

/// One row of the outliner.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Row {
    /// The cell it is grouped under.
    pub cell: CellPos,
    /// What the row stands for (a Thing, a portal, a route…), for selecting it.
    pub entry: Entry,
    /// What it says, e.g. `scout 'scout'` or `portal 'a' cw to 3,0` (the
    /// other end's face cell).
    pub text: String,
}

/// The outliner's rows for `level` (see the module docs).
pub fn rows(level: &Level) -> Vec<Row> {
    let mut rows = Vec::new();
    for (i, t) in level.things.iter().enumerate() {
        let what = match &t.kind {
            ThingSpecKind::Hero { hero, .. } => hero.name().to_string(),
            ThingSpecKind::Item { name, .. } => format!("item {name}"),
            ThingSpecKind::RopeCoil { len_cells } => format!("rope coil {len_cells}"),
            ThingSpecKind::Watcher { .. } => "watcher".to_string(),
        };
        rows.push(Row {
            cell: t.cell,
            entry: Entry::Thing(i),
            text: format!("{what} '{}'", t.id),
        });
        if let ThingSpecKind::Watcher { route } = &t.kind {
            if !route.is_empty() {
                rows.push(Row {
                    cell: t.cell,
                    entry: Entry::Route(i),
                    text: format!("route of '{}': {} waypoints", t.id, route.len()),
                });
            }
        }
    }
    for (i, p) in level.grid.portals().iter().enumerate() {
        let [a, b] = p.ends;
        rows.push(Row {
            cell: a.cell,
            entry: Entry::Portal(i),
            text: format!(
                "portal '{}' {} to {}",
                level.portal_label(i),
                p.kind(),
                b.cell
            ),
        });
    }
    // Top row first, then left to right; a cell's rows keep their order
    // (things as listed, then portals).
    rows.sort_by_key(|r| (-r.cell.y, r.cell.x));
    rows
}

/// The things in `cell`, topmost (last listed, drawn last) first.
pub fn occupants(level: &Level, cell: CellPos) -> Vec<usize> {
    let things = &level.things;
    (0..things.len())
        .rev()
        .filter(|&i| things[i].cell == cell)
        .collect()
}

/// The thing a click on `cell` selects when `current` is selected: the one
/// after `current` among the cell's occupants (round again after the
/// last), or the topmost when `current` is not one of them; `None` for an
/// empty cell.
pub fn next_occupant(level: &Level, cell: CellPos, current: Option<usize>) -> Option<usize> {
    let here = occupants(level, cell);
    let next = current
        .and_then(|c| here.iter().position(|&i| i == c))
        .map_or(0, |j| (j + 1) % here.len());
    here.get(next).copied()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edit::op;
    use crate::edit::op::tests::{blank, hero};
    use crate::grid::{Dir, PortalEnd};
    use crate::level::{HeroKind, ThingSpec};

    fn level_with_stack() -> Level {
        let mut level = blank(7, 4);
        level.things = vec![
            hero("knight", HeroKind::Knight, CellPos::new(1, 1)),
            hero("scout", HeroKind::Scout, CellPos::new(1, 1)),
            hero("sorceress", HeroKind::Sorceress, CellPos::new(1, 1)),
        ];
        level
    }

    #[test]
    fn clicking_a_stacked_cell_again_cycles_through_its_occupants() {
        let level = level_with_stack();
        let cell = CellPos::new(1, 1);
        // The first click takes the topmost (drawn last), each next click the
        // one under it, then round again.
        let first = next_occupant(&level, cell, None);
        assert_eq!(first, Some(2));
        let second = next_occupant(&level, cell, first);
        assert_eq!(second, Some(1));
        let third = next_occupant(&level, cell, second);
        assert_eq!(third, Some(0));
        assert_eq!(next_occupant(&level, cell, third), Some(2));
        // A selection elsewhere starts at the top; an empty cell has none.
        assert_eq!(next_occupant(&level, cell, Some(99)), Some(2));
        assert_eq!(next_occupant(&level, CellPos::new(3, 1), Some(2)), None);
    }

    #[test]
    fn the_outliner_lists_every_thing_portal_and_route_grouped_by_cell() {
        let mut level = level_with_stack();
        level.things.push(ThingSpec {
            id: "watcher".to_string(),
            cell: CellPos::new(4, 2),
            kind: ThingSpecKind::Watcher {
                route: vec![CellPos::new(4, 2), CellPos::new(2, 2)],
            },
        });
        op::link_portal(
            &mut level,
            PortalEnd::new(CellPos::new(3, 1), Dir::Down),
            PortalEnd::new(CellPos::new(5, 2), Dir::Up),
        )
        .expect("portal");
        let rows = rows(&level);
        let entries: Vec<_> = rows.iter().map(|r| (r.cell, r.entry)).collect();
        // The pair is listed under its first end (the one the level's text
        // names first): here the top row's cell.
        let first_end = level.grid.portals()[0].ends[0].cell;
        assert_eq!(first_end, CellPos::new(5, 3));
        assert_eq!(
            entries,
            vec![
                (first_end, Entry::Portal(0)),
                (CellPos::new(4, 2), Entry::Thing(3)),
                (CellPos::new(4, 2), Entry::Route(3)),
                (CellPos::new(1, 1), Entry::Thing(0)),
                (CellPos::new(1, 1), Entry::Thing(1)),
                (CellPos::new(1, 1), Entry::Thing(2)),
            ]
        );
        assert_eq!(rows[3].text, "knight 'knight'");
        assert!(rows[0].text.starts_with("portal 'a' "), "{}", rows[0].text);
        assert_eq!(rows[0].text, "portal 'a' straight to 3,0");
    }
}
