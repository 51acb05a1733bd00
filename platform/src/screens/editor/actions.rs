//! What the tools and shortcuts do to the level: select, make portal
//! pairs and change their kind, place and remove things, edit routes,
//! copy / cut / paste / delete / mirror areas, jump to problems, and the
//! sight preview.
use game::edit::op;
use game::edit::{outline, selection, Area, Place};
use game::grid::{CellPos, Dir, EdgePos, PortalEnd};
use game::level::{ItemFlags, Level, ThingSpec, ThingSpecKind};
use game::stage::SIGHT_RADIUS;
use game::view::GridView;
use glam::Vec2;

use super::canvas::{self, nearest_edge};
use super::tools::Tool;
use super::{Drag, EditorScreen, Selection};
use crate::screens::input::Button;

impl EditorScreen {
    /// The things in `cell`, topmost (last listed) first.
    pub(super) fn things_at(&self, cell: CellPos) -> Vec<usize> {
        outline::occupants(self.editor.level(), cell)
    }

    pub(super) fn select_at(&mut self, cell: CellPos, point: Vec2) {
        let (edge, _) = nearest_edge(point);
        let near_edge = (point - canvas::edge_middle(edge)).length() < 0.25;
        if let Some((index, label)) = near_edge
            .then(|| op::portal_at(self.editor.level(), edge))
            .flatten()
        {
            self.selection = Selection::Portal(index);
            self.info(format!(
                "Portal '{label}': K changes its kind, Delete removes the pair"
            ));
            return;
        }
        // A press on the selected thing grabs it again; in a stacked cell,
        // letting go without moving selects the next thing there.
        let here = self.things_at(cell);
        let selected = match self.selection {
            Selection::Thing(i) if here.contains(&i) => Some(i),
            _ => None,
        };
        if let Some(i) = selected.or(here.first().copied()) {
            self.selection = Selection::Thing(i);
            let id = self.editor.level().things[i].id.clone();
            self.editor.begin(&format!("move '{id}'"), "");
            self.drag = Drag::Thing {
                index: i,
                from: cell,
                cycle: selected.is_some() && here.len() > 1,
            };
            self.info(self.thing_hint(i, here.len()));
            return;
        }
        self.selection = Selection::None;
        self.drag = Drag::Rect {
            from: cell,
            to: cell,
            button: Button::Left,
        };
    }

    /// What the status line says of selected thing `i`, one of `stacked`
    /// in its cell.
    pub(super) fn thing_hint(&self, i: usize, stacked: usize) -> String {
        let id = &self.editor.level().things[i].id;
        if stacked > 1 {
            format!(
                "'{id}' ({stacked} here: click again for the next): drag to move, Delete removes"
            )
        } else {
            format!("'{id}': drag to move, Delete removes")
        }
    }

    /// After a click on selected thing `index` in stacked cell `cell` that
    /// moved nothing: the next thing there is selected.
    pub(super) fn cycle_at(&mut self, cell: CellPos, index: usize) {
        let level = self.editor.level();
        if let Some(next) = outline::next_occupant(level, cell, Some(index)) {
            self.selection = Selection::Thing(next);
            self.info(self.thing_hint(next, self.things_at(cell).len()));
        }
    }

    pub(super) fn portal_click(&mut self, point: Vec2, left: bool) {
        let (edge, cell) = nearest_edge(point);
        let dir = edge_dir(edge, cell);
        let end = PortalEnd::new(cell, dir);
        if let Some((index, _)) = op::portal_at(self.editor.level(), edge) {
            if left {
                self.selection = Selection::Portal(index);
            } else {
                self.step("delete a portal pair", "", |l| op::delete_portal(l, index));
            }
            return;
        }
        if !left {
            self.portal_first = None;
            return;
        }
        match self.portal_first.take() {
            None => {
                if !self.editor.level().grid.contains_edge(edge) {
                    return;
                }
                self.portal_first = Some(end);
                self.info("Portal: now click the second edge (Esc cancels)");
            }
            Some(first) => {
                if let Some(added) =
                    self.step("link a portal pair", "", |l| op::link_portal(l, first, end))
                {
                    self.selection = Selection::Portal(added.0);
                    let label = self.editor.level().portal_label(added.0);
                    self.info(format!("Portal pair '{label}' made: K changes its kind"));
                }
            }
        }
    }

    pub(super) fn next_portal_kind(&mut self) {
        let Selection::Portal(i) = self.selection else {
            self.refuse("Select a portal first (Select tool, click its edge)");
            return;
        };
        let level = self.editor.level();
        let kinds = op::possible_kinds(level, i);
        let Some(now) = level.grid.portal(i).map(|p| p.kind()) else {
            return;
        };
        if kinds.len() <= 1 {
            let label = level.portal_label(i);
            self.refuse(format!(
                "Portal '{label}' can only be {now}: each end has air on one side only, so its faces are fixed (air on both sides of an end lets K turn it)"
            ));
            return;
        }
        let next = kinds
            .iter()
            .position(|&k| k == now)
            .map_or(kinds.first(), |j| kinds.get((j + 1) % kinds.len()))
            .copied();
        if let Some(kind) = next {
            self.step(&format!("make the portal {kind}"), "", |l| {
                op::set_portal_kind(l, i, kind)
            });
        }
    }

    pub(super) fn spec_for_tool(&self, cell: CellPos) -> Option<ThingSpec> {
        let level = self.editor.level();
        let (base, kind) = match self.tool {
            Tool::Hero => (
                self.hero_kind.name().to_string(),
                ThingSpecKind::Hero {
                    hero: self.hero_kind,
                    rope_len_cells: None,
                },
            ),
            Tool::Item => {
                let (name, flags) = match self.item_choice {
                    0 => (
                        "relic",
                        ItemFlags::ACQUIRE
                            .union(ItemFlags::PLACE)
                            .union(ItemFlags::RELIC),
                    ),
                    1 => (
                        "statue",
                        ItemFlags::ACQUIRE
                            .union(ItemFlags::PLACE)
                            .union(ItemFlags::HEAVY)
                            .union(ItemFlags::RELIC),
                    ),
                    2 => ("bucket", ItemFlags::BUCKET),
                    _ => ("item", ItemFlags::ACQUIRE.union(ItemFlags::PLACE)),
                };
                (
                    name.to_string(),
                    ThingSpecKind::Item {
                        name: name.to_string(),
                        flags,
                    },
                )
            }
            Tool::Rope => ("rope".to_string(), ThingSpecKind::RopeCoil { len_cells: 4 }),
            // Named as the campaign names its watchers ("guard", "guard_2"),
            // so the Needs panel reads "watcher:guard", not
            // "watcher:watcher".
            Tool::Watcher => (
                "guard".to_string(),
                ThingSpecKind::Watcher { route: Vec::new() },
            ),
            _ => return None,
        };
        Some(ThingSpec {
            id: op::fresh_id(level, &base),
            cell,
            kind,
        })
    }

    pub(super) fn place_thing(&mut self, cell: CellPos) {
        let Some(spec) = self.spec_for_tool(cell) else {
            return;
        };
        let id = spec.id.clone();
        if let Some(added) = self.step(&format!("place '{id}'"), "", |l| op::add_thing(l, spec)) {
            self.selection = Selection::Thing(added.0);
        }
    }

    pub(super) fn delete_thing_at(&mut self, cell: CellPos) {
        if let Some(&i) = self.things_at(cell).first() {
            let id = self.editor.level().things[i].id.clone();
            self.step(&format!("delete '{id}'"), "", |l| op::delete_thing(l, i));
        }
    }

    pub(super) fn route_press(&mut self, cell: CellPos, left: bool) {
        let Selection::Thing(index) = self.selection else {
            self.refuse("Route: select a watcher first (Select tool)");
            return;
        };
        let Some(ThingSpecKind::Watcher { route }) = self
            .editor
            .level()
            .things
            .get(index)
            .map(|t| t.kind.clone())
        else {
            self.refuse("Route: the selection is not a watcher");
            return;
        };
        let at = route.iter().position(|&p| p == cell);
        match (left, at) {
            (true, Some(point)) => {
                self.editor.begin("move a waypoint", "");
                self.drag = Drag::Waypoint { index, point };
            }
            (true, None) => {
                self.step("add a waypoint", "", |l| {
                    set_waypoint(l, index, usize::MAX, Some(cell))
                });
            }
            (false, Some(point)) => {
                self.step("remove a waypoint", "", |l| {
                    set_waypoint(l, index, point, None)
                });
            }
            (false, None) => {}
        }
    }

    pub(super) fn delete_selection(&mut self) {
        let had = self.selection != Selection::None;
        match self.selection {
            Selection::Thing(i) => {
                let id = self.editor.level().things.get(i).map(|t| t.id.clone());
                self.step(&format!("delete '{}'", id.unwrap_or_default()), "", |l| {
                    op::delete_thing(l, i)
                });
            }
            Selection::Portal(i) => {
                self.step("delete a portal pair", "", |l| op::delete_portal(l, i));
            }
            Selection::Area(a) => {
                self.step("delete the selection", "", |l| selection::delete(l, a));
            }
            Selection::None => self.refuse("Nothing selected"),
        }
        // The selection went with what was deleted: an Esc next (to
        // deselect, by habit) must not ask about leaving.
        self.just_deleted = had;
        self.selection = Selection::None;
    }

    pub(super) fn copy(&mut self, cut: bool) {
        let Selection::Area(area) = self.selection else {
            self.refuse("Select an area first (Select tool, drag a rectangle)");
            return;
        };
        self.clipboard = selection::copy(self.editor.level(), area);
        if cut {
            self.step("cut", "", |l| selection::delete(l, area));
            self.selection = Selection::None;
        } else {
            self.info("Copied: Ctrl+V pastes");
        }
    }

    pub(super) fn start_paste(&mut self) {
        if self.clipboard.is_none() {
            self.refuse("Nothing to paste (Ctrl+C copies a selected area)");
            return;
        }
        self.pasting = true;
        self.info(super::paste_preview::PASTE_HELP);
        self.paste_hover();
    }

    pub(super) fn drop_paste(&mut self, at: CellPos) {
        let Some(clip) = self.clipboard.clone() else {
            return;
        };
        if self
            .step("paste", "cell", |l| selection::paste(l, &clip, at))
            .is_some()
        {
            self.pasting = false;
            self.selection = Selection::Area(Area::new(
                at,
                CellPos::new(at.x + clip.size.0 - 1, at.y + clip.size.1 - 1),
            ));
        }
    }

    pub(super) fn mirror(&mut self) {
        let Selection::Area(area) = self.selection else {
            self.refuse("Select an area first to mirror it");
            return;
        };
        self.step("mirror", "cell", |l| selection::flip(l, area));
    }

    pub(super) fn next_problem(&mut self) {
        let n = self.editor.problems().len();
        if n == 0 {
            self.info("No problems: F5 test-plays the level");
            return;
        }
        let i = self.problem_at % n;
        self.problem_at = i + 1;
        let p = self.editor.problems()[i].clone();
        self.jump_to(&p.place);
        self.refuse(format!("Problem {} of {n}: {}", i + 1, p.message));
    }

    /// Selects what a problem at `place` is about (the thing, the watcher
    /// of a route, the portal pair on its edge, its cell; the level: nothing, so the inspector
    /// shows the level's fields) and brings it into view, keeping as much
    /// of the level on the canvas as fits.
    pub(super) fn jump_to(&mut self, place: &Place) {
        let level = self.editor.level();
        self.selection = match *place {
            Place::Thing(i, _) | Place::Route(i, _) => Selection::Thing(i),
            Place::Edge(e) => match op::portal_at(level, e) {
                Some((i, _)) => Selection::Portal(i),
                None => Selection::Area(Area::new(e.sides().1, e.sides().1)),
            },
            Place::Cell(c) => Selection::Area(Area::new(c, c)),
            Place::Level => Selection::None,
        };
        if let Some(c) = place.cell() {
            let l = self.layout();
            let size = (level.grid.width(), level.grid.height());
            self.camera.show(c, size, l.canvas, self.size_px);
        }
    }

    pub(super) fn start_sight(&mut self) {
        self.sight = Some(GridView::new());
        self.build_sight();
    }

    pub(super) fn build_sight(&mut self) {
        let l = self.layout();
        let Some(p) = self.mouse else {
            return;
        };
        let cell = self.camera.cell_at(p, l.canvas, self.size_px);
        let grid = &self.editor.level().grid;
        if let Some(view) = &mut self.sight {
            if grid.is_air(cell) {
                if view.origin() != cell || view.nodes().is_empty() {
                    view.build(grid, cell, SIGHT_RADIUS);
                }
            } else {
                *view = GridView::new();
            }
        }
    }
}

/// The direction from `cell` to edge `e` (one of its sides).
pub(super) fn edge_dir(e: EdgePos, cell: CellPos) -> Dir {
    Dir::ALL
        .into_iter()
        .find(|&d| EdgePos::of(cell, d) == e)
        .unwrap_or(Dir::Up)
}

/// Sets waypoint `point` of watcher `index` to `to` (`usize::MAX`: append;
/// `None`: remove). A watcher's route starts where it stands, so the first
/// waypoint added is its own cell, then the one clicked.
pub(super) fn set_waypoint(
    level: &mut Level,
    index: usize,
    point: usize,
    to: Option<CellPos>,
) -> Result<usize, game::edit::EditError> {
    let mut spec = level
        .things
        .get(index)
        .cloned()
        .ok_or(game::edit::EditError::NoSuchThing(index))?;
    let cell = spec.cell;
    let ThingSpecKind::Watcher { route } = &mut spec.kind else {
        return Ok(0);
    };
    match (point, to) {
        (usize::MAX, Some(c)) => {
            if route.is_empty() {
                route.push(cell);
            }
            if route.last() != Some(&c) {
                route.push(c);
            }
        }
        (i, Some(c)) if i < route.len() => {
            route[i] = c;
            if i == 0 {
                spec.cell = c;
            }
        }
        (i, None) if i < route.len() => {
            route.remove(i);
            if route.len() == 1 {
                route.clear();
            }
        }
        _ => return Ok(0),
    }
    op::set_thing(level, index, spec)
}
