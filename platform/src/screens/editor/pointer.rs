//! The pointer on the canvas: a press starts a stroke (paint, a rectangle,
//! moving a thing or a waypoint, panning), moves extend it along the way
//! the pointer went, the release ends it as one undo step.
use game::edit::op::{self, EdgeKind};
use game::grid::{CellKind, CellPos};
use glam::Vec2;

use super::actions::set_waypoint;
use super::canvas::{self, nearest_edge, sweep};
use super::tools::Tool;
use super::{Area, Drag, EditorAction, EditorScreen, Selection};
use crate::screens::input::Button;

impl EditorScreen {
    pub(super) fn pointer_moved(&mut self, p: Vec2, last: Option<Vec2>) {
        let l = self.layout();
        if self.sight.is_some() {
            self.build_sight();
        }
        match self.drag {
            Drag::None => {}
            Drag::Pan { last } => {
                self.camera.pan_px(p - last, l.canvas, self.size_px);
                self.drag = Drag::Pan { last: p };
            }
            Drag::Paint { button, last: from } => {
                let a = self.camera.point_at(from, l.canvas, self.size_px);
                let b = self.camera.point_at(p, l.canvas, self.size_px);
                for q in sweep(a, b).skip(1) {
                    self.paint_at(q, button);
                }
                self.drag = Drag::Paint { button, last: p };
            }
            Drag::Rect { from, button, .. } => {
                let to = self.camera.cell_at(p, l.canvas, self.size_px);
                self.drag = Drag::Rect { from, to, button };
            }
            Drag::Thing { index, .. } => {
                let to = self.camera.cell_at(p, l.canvas, self.size_px);
                let _ = self.editor.apply(|lv| op::move_thing(lv, index, to));
                self.refresh_stage();
            }
            Drag::Waypoint { index, point } => {
                let to = self.camera.cell_at(p, l.canvas, self.size_px);
                let _ = self
                    .editor
                    .apply(|lv| set_waypoint(lv, index, point, Some(to)));
                self.refresh_stage();
            }
        }
        let _ = last;
    }

    /// A button pressed at `p`; `click` when it comes without a release
    /// (scripts' `click`, old-style input): the stroke ends at once.
    pub(super) fn press(&mut self, button: Button, p: Vec2, click: bool) -> Option<EditorAction> {
        let l = self.layout();
        self.end_drag();
        if button == Button::Middle || (button == Button::Left && self.space_held) {
            self.drag = Drag::Pan { last: p };
            return None;
        }
        if let Some(t) = l.tool_at(p) {
            self.set_tool(t);
            return None;
        }
        if self.par_button(&l).is_some_and(|r| r.contains(p)) {
            self.set_par_from_solution();
            return None;
        }
        if l.solve.contains(p) {
            self.solve_key();
            return None;
        }
        if l.side.contains(p) {
            self.side_click(p);
            return None;
        }
        if !l.canvas.contains(p) {
            return None;
        }
        let cell = self.camera.cell_at(p, l.canvas, self.size_px);
        let point = self.camera.point_at(p, l.canvas, self.size_px);
        if self.pasting {
            if button == Button::Left {
                self.drop_paste(cell);
            } else {
                self.pasting = false;
            }
            return None;
        }
        self.tool_press(button, cell, point);
        if click {
            self.release(button, p);
        }
        None
    }

    pub(super) fn tool_press(&mut self, button: Button, cell: CellPos, point: Vec2) {
        let left = button == Button::Left;
        match self.tool {
            Tool::Select => self.select_at(cell, point),
            Tool::Cells | Tool::Wall | Tool::Platform => {
                if self.tool == Tool::Cells && self.shift_held {
                    self.drag = Drag::Rect {
                        from: cell,
                        to: cell,
                        button,
                    };
                    return;
                }
                let name = match (self.tool, left) {
                    (Tool::Cells, true) => ("dig air", "cell"),
                    (Tool::Cells, false) => ("fill rock", "cell"),
                    (Tool::Wall, true) => ("paint walls", "edge"),
                    (Tool::Platform, true) => ("paint platforms", "edge"),
                    _ => ("open edges", "edge"),
                };
                self.editor.begin(name.0, name.1);
                self.edge_lock = None;
                self.skipped.clear();
                self.paint_at(point, button);
                self.drag = Drag::Paint {
                    button,
                    last: self.mouse.unwrap_or_default(),
                };
            }
            Tool::Room => {
                self.drag = Drag::Rect {
                    from: cell,
                    to: cell,
                    button,
                }
            }
            Tool::Portal => self.portal_click(point, left),
            Tool::Entrance if left => {
                self.step("move the entrance", "", |l| op::set_entrance(l, cell));
            }
            Tool::Hero | Tool::Item | Tool::Rope | Tool::Watcher => {
                if left {
                    self.place_thing(cell);
                } else {
                    self.delete_thing_at(cell);
                }
            }
            Tool::Route => self.route_press(cell, left),
            _ => {}
        }
    }

    pub(super) fn paint_at(&mut self, point: Vec2, button: Button) {
        let left = button == Button::Left;
        let cell = CellPos::new(point.x.round() as i32, point.y.round() as i32);
        let result = match self.tool {
            Tool::Cells => {
                let kind = if left { CellKind::Air } else { CellKind::Rock };
                self.editor.apply(|l| {
                    if l.grid.contains(cell) {
                        op::paint_cell(l, cell, kind)
                    } else {
                        Ok(0)
                    }
                })
            }
            Tool::Wall | Tool::Platform => {
                let edge = match self.edge_lock {
                    Some(o) => canvas::nearest_edge_along(point, o),
                    None => nearest_edge(point).0,
                };
                self.edge_lock = Some(edge.orientation);
                let kind = match (self.tool, left) {
                    (Tool::Wall, true) => EdgeKind::Wall,
                    (Tool::Platform, true) => EdgeKind::Platform,
                    _ => EdgeKind::Open,
                };
                // Dragging over edges that cannot take the paint (the
                // boundary, a portal) skips them; a lone click says why.
                self.editor.apply(|l| {
                    if l.grid.contains_edge(edge) {
                        op::paint_edge(l, edge, kind)
                    } else {
                        Ok(0)
                    }
                })
            }
            _ => Ok(0),
        };
        match result {
            // A cell that cannot be painted is skipped; the stroke's end
            // says how many and why.
            Err(e) if self.tool == Tool::Cells => {
                if !self.skipped.contains(&e) {
                    self.skipped.push(e);
                }
            }
            Err(e) => self.refuse(format!("Can't: {e}")),
            Ok(_) => {}
        }
        self.refresh_stage();
    }

    /// After a step that painted cells: the cells skipped, how many and
    /// why (the first reason), added to what the status line says.
    pub(super) fn note_skipped(&mut self, done: Option<String>) {
        let skipped = std::mem::take(&mut self.skipped);
        let Some(first) = skipped.first() else {
            if let Some(d) = done {
                self.info(d);
            }
            return;
        };
        let n = skipped.len();
        let cells = if n == 1 { "cell" } else { "cells" };
        match done {
            Some(d) => self.refuse(format!("{d} · skipped {n} {cells}: {first}")),
            None if n == 1 => self.refuse(format!("Can't: {first}")),
            None => self.refuse(format!("Skipped {n} {cells}: {first}")),
        }
    }

    pub(super) fn release(&mut self, button: Button, p: Vec2) {
        let l = self.layout();
        match self.drag {
            Drag::Rect {
                from, button: b, ..
            } if b == button => {
                let to = self.camera.cell_at(p, l.canvas, self.size_px);
                self.drag = Drag::None;
                self.finish_rect(from, to, button);
            }
            Drag::Pan { .. } if button == Button::Middle || button == Button::Left => {
                self.drag = Drag::None;
            }
            Drag::Paint { button: b, .. } | Drag::Rect { button: b, .. } if b == button => {
                self.end_drag()
            }
            Drag::Thing { index, from, cycle } => {
                let stayed = self.editor.level().things.get(index).map(|t| t.cell) == Some(from);
                self.end_drag();
                if cycle && stayed {
                    self.cycle_at(from, index);
                }
            }
            Drag::Waypoint { .. } => self.end_drag(),
            _ => {}
        }
    }

    pub(super) fn finish_rect(&mut self, from: CellPos, to: CellPos, button: Button) {
        match self.tool {
            Tool::Room => {
                self.step("room", "", |l| op::room(l, from, to));
            }
            Tool::Cells => {
                let kind = if button == Button::Left {
                    CellKind::Air
                } else {
                    CellKind::Rock
                };
                let name = if kind == CellKind::Air {
                    "dig air"
                } else {
                    "fill rock"
                };
                let mut skipped = Vec::new();
                self.editor.begin(name, "cell");
                let _ = self
                    .editor
                    .apply(|l| op::paint_rect_noting(l, from, to, kind, &mut skipped));
                let done = self.editor.end();
                self.changed();
                self.skipped = skipped;
                self.note_skipped(done);
            }
            Tool::Select => {
                let area = Area::new(from, to);
                self.selection = Selection::Area(area);
                self.info(format!(
                    "Selected {}x{} cells: Ctrl+C copy, Ctrl+X cut, Delete, M mirror",
                    area.width(),
                    area.height()
                ));
            }
            _ => {}
        }
    }

    pub(super) fn end_drag(&mut self) {
        let was = std::mem::replace(&mut self.drag, Drag::None);
        if matches!(
            was,
            Drag::Paint { .. } | Drag::Thing { .. } | Drag::Waypoint { .. }
        ) {
            let done = self.editor.end();
            self.changed();
            self.note_skipped(done);
        }
    }
}
