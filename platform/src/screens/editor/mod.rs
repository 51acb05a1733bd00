//! The level editor screen (`docs/ARCHITECTURE.md`): make, test-play
//! and save a level without leaving the game.
//!
//! The screen only turns input into calls on the headless model
//! (`game::edit::Editor`: operations, strokes, undo, problems) and draws
//! what it holds; each concern has its own file: `pointer` (strokes:
//! press, move, release), `actions` (what the tools and shortcuts do),
//! `saving` (leave, save, autosave, the dialogs), [`document`] (which file
//! the level belongs to, saved or not, its autosave: every file action is
//! a transition there), `test_play`, `resizing`,
//! `fields` (the
//! side panel's input), [`canvas`] (grid space →
//! pixels, picking cells and edges), [`tools`] (the palette, hotkeys and
//! the layout), [`inspector`] (the fields of what is selected, edited in
//! place), [`dialog`] (questions that must be answered: save / discard /
//! cancel, a name), [`files`] (the folders, file names), `solving`
//! (the Solve button: the solver on a worker thread), `playback` (the
//! solution played back on the canvas: pause, steps, speed), `needs` (the
//! Needs panel: what the level needs, checked after a proven solve),
//! `timeline` (a selected watcher's sight round by round, on a slider),
//! `copying` (a shipped level saved as a named copy; the par set from a
//! proven solve), `paste_preview` (what a paste would land and break,
//! shown before the click), [`outliner`] (every thing, portal and route,
//! grouped by cell: click to select), [`draw`] and [`list`] (the title's
//! Editor entry: levels to open, New level).
//!
//! A press of the mouse starts a *stroke* on the model, moves extend it, the
//! release ends it: a drag is one undo step. Everything here runs without
//! GL, so tests drive the screen with synthetic input.
mod actions;
pub mod canvas;
mod copying;
pub mod dialog;
pub mod document;
pub mod draw;
mod fields;
pub mod files;
pub mod fixtures;
pub mod inspector;
pub mod list;
mod needs;
pub mod outliner;
mod pack_maker;
pub mod panels;
mod paste_preview;
mod playback;
mod pointer;
mod resizing;
mod saving;
mod solving;
pub mod test_play;
mod timeline;
pub mod tools;
pub mod top_bar;

use crate::screens::input::Code;
use game::edit::{Area, Clip, Editor, History};
use game::grid::{CellPos, EdgePos, PortalEnd};
use game::level::{HeroKind, Level};
use game::stage::Stage;
use game::view::GridView;
use glam::Vec2;

use crate::screens::input::{Button, Chord, Input, Key, RawInput};
use canvas::{CanvasCamera, ZOOM_STEP};
use dialog::Dialog;
use document::Document;
use inspector::FieldEdit;
use tools::{layout, Layout, Tool};

/// Seconds of unsaved changes before an autosave: a kill loses at most
/// this much work (as a game in play, `screens/cues.rs`).
pub const AUTOSAVE_S: f32 = 3.0;

/// What the editor asks of the screens around it.
#[derive(Clone, Debug, PartialEq)]
pub enum EditorAction {
    /// Play this level in the real play screen, then come back.
    TestPlay(Box<Level>),
    /// Leave the editor (changes saved or discarded).
    Leave,
    /// Quit the game (changes saved or discarded).
    Quit,
    /// Put this text on the system clipboard.
    CopyText(String),
}

/// What is selected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Selection {
    None,
    /// Thing `i` of the level's list.
    Thing(usize),
    /// Portal `i`.
    Portal(usize),
    /// A rectangle of cells.
    Area(Area),
}

/// What a held button is doing.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Drag {
    None,
    /// Moving the view with the pointer.
    Pan {
        last: Vec2,
    },
    /// Painting cells or edges along the pointer's way (one stroke).
    Paint {
        button: Button,
        last: Vec2,
    },
    /// Dragging a rectangle (cells, room, selection).
    Rect {
        from: CellPos,
        to: CellPos,
        button: Button,
    },
    /// Moving thing `index` (one stroke), picked up in cell `from`;
    /// `cycle`: it was already selected in a stacked cell, so a release
    /// that moved nothing selects the next thing there.
    Thing {
        index: usize,
        from: CellPos,
        cycle: bool,
    },
    /// Moving waypoint `point` of watcher `index` (one stroke).
    Waypoint {
        index: usize,
        point: usize,
    },
}

/// The status line: what was done, or why not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    Info(String),
    Refused(String),
}

/// What Item places, by the digit that picks it.
pub const ITEM_CHOICES: [&str; 4] = ["relic", "heavy relic", "bucket", "custom item"];

/// The level editor (see the module docs).
pub struct EditorScreen {
    pub editor: Editor,
    /// Which file the level belongs to, whether it is saved, its autosave.
    pub doc: Document,
    pub tool: Tool,
    /// What Hero places.
    pub hero_kind: HeroKind,
    /// What Item places: an index into [`ITEM_CHOICES`].
    pub item_choice: usize,
    pub camera: CanvasCamera,
    pub selection: Selection,
    /// The first end of a portal being made.
    pub portal_first: Option<PortalEnd>,
    /// The last copied block.
    pub clipboard: Option<Clip>,
    /// Pasting: the clipboard's ghost follows the pointer; a click drops it.
    pub pasting: bool,
    pub status: Option<Status>,
    pub dialog: Option<Dialog>,
    /// The inspector field being typed into.
    pub typing: Option<FieldEdit>,
    pub help_open: bool,
    /// The side panel's lower box shows the outliner (else the problems).
    pub outliner_open: bool,
    /// The outliner's first shown row.
    outline_scroll: usize,
    /// V held: the sight preview from the hovered cell.
    pub sight: Option<GridView>,
    /// The colours the watcher timeline's danger is drawn in (a setting).
    pub palette: crate::screens::world::Palette,
    /// The level as a stage, for the world drawing; rebuilt on change.
    stage: Option<Stage>,
    /// The selected watcher's timeline.
    timeline: timeline::Timeline,
    stage_revision: Option<u64>,
    mouse: Option<Vec2>,
    drag: Drag,
    space_held: bool,
    /// The orientation an edge drag keeps to (set by its first edge).
    edge_lock: Option<game::grid::Orientation>,
    /// Cells the stroke in progress could not paint, and why.
    skipped: Vec<game::edit::EditError>,
    /// Shift held: the Cells tool drags a rectangle.
    shift_held: bool,
    /// The problem Tab jumps to next.
    problem_at: usize,
    /// The last input deleted the selection (set by it, for the next).
    just_deleted: bool,
    /// This input comes right after a deletion: Esc has nothing to leave.
    after_delete: bool,
    /// Seconds since the first change not autosaved; `None`: none.
    unsaved_s: Option<f32>,
    /// The editor's revision last autosaved (or saved).
    autosaved_revision: u64,
    size_px: (u32, u32),
    /// Whether the camera has been fitted to the level (on first use).
    fitted: bool,
    /// The solver: running, its answer, or a playback of it.
    solving: solving::Solving,
    /// The Needs panel's checks after a proven solve; `None`: none asked
    /// (or the level edited since).
    needs: Option<needs::Needs>,
    /// Tests: each solve started holds once it has reached this many
    /// positions (`Progress::pause_at`), as if F6 stopped it there: a point
    /// of the search, the same however loaded the machine.
    #[cfg(test)]
    solve_pause_at: Option<u64>,
    /// Tests: the Needs checks' first holds before it searches anything.
    #[cfg(test)]
    needs_held: bool,
}

impl EditorScreen {
    /// Edits `level`, as opened from `doc` (so it counts as saved there).
    pub fn new(level: Level, mut doc: Document) -> EditorScreen {
        doc.loaded(&level);
        EditorScreen::resume(History::new(&level), doc)
    }

    /// Goes on editing where `history` was (an autosave's), in `doc`.
    pub fn resume(history: History, doc: Document) -> EditorScreen {
        let mut screen = EditorScreen {
            editor: Editor::resume(history),
            doc,
            tool: Tool::Select,
            hero_kind: HeroKind::Knight,
            item_choice: 0,
            camera: CanvasCamera::default(),
            selection: Selection::None,
            portal_first: None,
            clipboard: None,
            pasting: false,
            status: None,
            dialog: None,
            typing: None,
            help_open: false,
            outliner_open: false,
            outline_scroll: 0,
            sight: None,
            palette: Default::default(),
            stage: None,
            timeline: timeline::Timeline::default(),
            stage_revision: None,
            mouse: None,
            drag: Drag::None,
            space_held: false,
            shift_held: false,
            skipped: Vec::new(),
            edge_lock: None,
            problem_at: 0,
            just_deleted: false,
            after_delete: false,
            unsaved_s: None,
            autosaved_revision: 0,
            size_px: (1280, 720),
            fitted: false,
            solving: solving::Solving::Idle,
            #[cfg(test)]
            solve_pause_at: None,
            #[cfg(test)]
            needs_held: false,
            needs: None,
        };
        screen.refresh_stage();
        // Framed for the default window now; the first input refits it to
        // the real drawable.
        screen.fit();
        screen.fitted = false;
        screen
    }

    /// The last pointer position, in drawable pixels.
    pub fn mouse_px(&self) -> Option<Vec2> {
        self.mouse
    }

    /// The rectangle being dragged, if any (its two corner cells).
    pub fn drag_rect(&self) -> Option<(CellPos, CellPos)> {
        match self.drag {
            Drag::Rect { from, to, .. } => Some((from, to)),
            _ => None,
        }
    }

    /// The layout for the last known drawable size.
    pub fn layout(&self) -> Layout {
        layout(self.size_px)
    }

    /// The stage the canvas draws (the level's things placed), if the level
    /// can be staged.
    pub fn stage(&self) -> Option<&Stage> {
        self.stage.as_ref()
    }

    pub(super) fn refresh_stage(&mut self) {
        if self.stage_revision == Some(self.editor.revision()) {
            return;
        }
        self.stage_revision = Some(self.editor.revision());
        self.stage = drawable_stage(self.editor.level());
    }

    pub(super) fn info(&mut self, text: impl Into<String>) {
        self.status = Some(Status::Info(text.into()));
    }

    pub(super) fn refuse(&mut self, text: impl Into<String>) {
        self.status = Some(Status::Refused(text.into()));
    }

    /// After any change of the level: the drawing, the selection, the
    /// autosave clock.
    pub(super) fn changed(&mut self) {
        self.refresh_stage();
        let level = self.editor.level();
        let valid = match self.selection {
            Selection::Thing(i) => i < level.things.len(),
            Selection::Portal(i) => i < level.grid.portals().len(),
            _ => true,
        };
        if !valid {
            self.selection = Selection::None;
        }
    }

    /// Puts `history` (a recovered autosave's) in the editor: its level
    /// shown, its steps to undo and redo.
    pub(super) fn resume_history(&mut self, history: History) {
        self.end_drag();
        self.editor = Editor::resume(history);
        self.stage_revision = None;
        // The revision restarts: what is shown is not autosaved yet.
        self.autosaved_revision = u64::MAX;
        self.changed();
    }

    /// Runs one operation as a step; the status says what it did or why not.
    pub(super) fn step<T: game::edit::Counted>(
        &mut self,
        name: &str,
        unit: &'static str,
        op: impl FnOnce(&mut Level) -> Result<T, game::edit::EditError>,
    ) -> Option<T> {
        self.editor.begin(name, unit);
        let result = self.editor.apply(op);
        let done = self.editor.end();
        self.changed();
        match result {
            Ok(v) => {
                if let Some(d) = done {
                    self.info(d);
                }
                Some(v)
            }
            Err(e) => {
                self.refuse(format!("Can't: {e}"));
                None
            }
        }
    }

    /// Advances the autosave clock by `dt_s` (autosaves when due), picks
    /// up the solver's answer and moves a playback on.
    pub fn update(&mut self, dt_s: f32) {
        self.update_solving(dt_s);
        self.update_autosave(dt_s);
    }

    /// The screen position of cell `c`'s centre (scripts, tests).
    pub fn screen_pos_of_cell(&self, c: CellPos) -> Vec2 {
        let l = self.layout();
        self.camera.pixel_of(c, l.canvas, self.size_px)
    }

    /// The screen position of the middle of edge `e`, nudged into its cell
    /// on side `from` (so it picks that edge, from that side).
    pub fn screen_pos_of_edge(&self, e: EdgePos) -> Vec2 {
        let l = self.layout();
        let proj = self.camera.projection(l.canvas, self.size_px);
        let (a, b) = e.sides();
        // Pick from the side inside the grid (the upper / right one first).
        let from = if self.editor.level().grid.contains(b) {
            b
        } else {
            a
        };
        let mid = canvas::edge_middle(e);
        let inward = Vec2::new(from.x as f32, from.y as f32) - mid;
        proj.to_screen(mid + inward * 0.3)
    }

    pub(super) fn fit(&mut self) {
        let l = self.layout();
        let g = &self.editor.level().grid;
        self.camera
            .fit(g.width(), g.height(), l.canvas, self.size_px);
        self.fitted = true;
    }

    /// Applies one input on a drawable of `size_px`.
    pub fn handle(&mut self, input: RawInput, size_px: (u32, u32)) -> Option<EditorAction> {
        let resized = self.size_px != size_px;
        self.size_px = size_px;
        if !self.fitted && resized {
            self.fit();
        }
        self.fitted = true;
        if self.dialog.is_none() && !self.help_open && self.timeline_input(&input) {
            return None;
        }
        if let RawInput::Input(Input::MouseMove(p)) = input {
            let last = self.mouse.replace(p);
            self.pointer_moved(p, last);
            if self.pasting {
                self.paste_hover();
            }
            return None;
        }
        let before = self.selection;
        let action = self.handle_press_or_key(input);
        if self.selection != before {
            self.scroll_outliner_to_selection();
        }
        action
    }

    /// [`Self::handle`] for everything but a pointer move.
    fn handle_press_or_key(&mut self, input: RawInput) -> Option<EditorAction> {
        if !matches!(input, RawInput::KeyUp(_) | RawInput::Text(_)) {
            self.after_delete = std::mem::take(&mut self.just_deleted);
        }
        if self.dialog.is_some() {
            return self.handle_dialog(input);
        }
        // A key or a click controls or stops a playback, and does nothing
        // else.
        let acts = matches!(
            input,
            RawInput::Chord(_) | RawInput::Press(..) | RawInput::Input(_)
        );
        if acts && self.playback_input(&input) {
            return None;
        }
        if self.help_open {
            if matches!(
                input,
                RawInput::Chord(_) | RawInput::Press(..) | RawInput::Input(Input::Key(_))
            ) {
                self.help_open = false;
            }
            return None;
        }
        if self.typing.is_some() {
            if let Some(done) = self.handle_typing(input) {
                return done;
            }
        }
        match input {
            RawInput::Chord(c) => self.chord(c),
            RawInput::KeyUp(c) => {
                if c.code == Code::Space {
                    self.space_held = false;
                }
                if c.code == Code::V {
                    self.sight = None;
                }
                if matches!(c.code, Code::LShift | Code::RShift) {
                    self.shift_held = false;
                }
                None
            }
            RawInput::Text(_) => None,
            RawInput::Press(b, p) => {
                self.mouse = Some(p);
                self.press(b, p, false)
            }
            RawInput::Release(b, p) => {
                self.mouse = Some(p);
                self.release(b, p);
                None
            }
            RawInput::Input(i) => self.semantic(i),
        }
    }

    /// Input from scripts and gamepads, as the other screens get it.
    fn semantic(&mut self, input: Input) -> Option<EditorAction> {
        match input {
            Input::Key(Key::Undo) => self.undo(),
            Input::Key(Key::Redo) => self.redo(),
            Input::Key(Key::ZoomIn) if self.over_outliner() => self.scroll_outliner(-3),
            Input::Key(Key::ZoomOut) if self.over_outliner() => self.scroll_outliner(3),
            Input::Key(Key::ZoomIn) if self.over_needs() => self.scroll_needs(-1),
            Input::Key(Key::ZoomOut) if self.over_needs() => self.scroll_needs(1),
            Input::Key(Key::ZoomIn) => self.zoom(ZOOM_STEP),
            Input::Key(Key::ZoomOut) => self.zoom(1.0 / ZOOM_STEP),
            Input::Key(Key::Help) => self.help_open = true,
            Input::Key(Key::Escape) => return self.escape(),
            Input::Key(Key::Up) => self.pan_cells(Vec2::new(0.0, 1.0)),
            Input::Key(Key::Down) => self.pan_cells(Vec2::new(0.0, -1.0)),
            Input::Key(Key::Left) => self.pan_cells(Vec2::new(-1.0, 0.0)),
            Input::Key(Key::Right) => self.pan_cells(Vec2::new(1.0, 0.0)),
            Input::Click(p) => return self.press(Button::Left, p, true),
            Input::RightClick(p) => return self.press(Button::Right, p, true),
            _ => {}
        }
        None
    }

    /// Whether the pointer is over the outliner (the wheel scrolls it).
    fn over_outliner(&self) -> bool {
        self.outliner_open
            && self
                .mouse
                .is_some_and(|p| self.layout().problems.contains(p))
    }

    /// Whether the pointer is over the Needs rows (the wheel scrolls them).
    fn over_needs(&self) -> bool {
        !self.outliner_open
            && !self.needs_rows().is_empty()
            && self
                .mouse
                .is_some_and(|p| self.layout().problems.contains(p))
    }

    pub(super) fn zoom(&mut self, factor: f32) {
        let l = self.layout();
        let at = self
            .mouse
            .filter(|p| l.canvas.contains(*p))
            .unwrap_or(l.canvas.centre());
        self.camera.zoom_about(factor, at, l.canvas, self.size_px);
    }

    pub(super) fn pan_cells(&mut self, by: Vec2) {
        self.camera.centre += by * (2.0 / self.camera.zoom.max(0.25)).max(1.0);
    }

    fn chord(&mut self, c: Chord) -> Option<EditorAction> {
        let code = c.code;
        if c.ctrl {
            match (code, c.shift) {
                (Code::Z, false) => self.undo(),
                (Code::Z, true) | (Code::Y, _) => self.redo(),
                (Code::S, false) => self.save(),
                (Code::S, true) => self.save_as(),
                (Code::C, true) => {
                    self.info("Copied the level's text to the clipboard");
                    return Some(EditorAction::CopyText(game::level::to_text(
                        self.editor.level(),
                    )));
                }
                (Code::C, false) => self.copy(false),
                (Code::X, _) => self.copy(true),
                (Code::V, _) => self.start_paste(),
                (Code::A, _) => {
                    let g = &self.editor.level().grid;
                    let all = Area::new(
                        CellPos::new(0, 0),
                        CellPos::new(g.width() as i32 - 1, g.height() as i32 - 1),
                    );
                    self.selection = Selection::Area(all);
                }
                (Code::Left | Code::Right | Code::Up | Code::Down, shrink) => {
                    self.resize_side(code, shrink)
                }
                _ => {}
            }
            return None;
        }
        match code {
            Code::F5 => return self.test_play(),
            Code::F6 => self.solve_key(),
            Code::F7 => self.play_solution(),
            Code::F8 => self.set_par_from_solution(),
            Code::F1 => self.help_open = true,
            Code::F => self.fit(),
            Code::Escape => return self.escape(),
            Code::Space => self.space_held = true,
            Code::LShift | Code::RShift => self.shift_held = true,
            Code::V => self.start_sight(),
            Code::Delete | Code::Backspace => self.delete_selection(),
            Code::M => self.mirror(),
            Code::K => self.next_portal_kind(),
            Code::O => self.show_outliner(!self.outliner_open),
            Code::Tab => self.next_problem(),
            Code::Comma | Code::Period => {
                self.timeline_key(if code == Code::Comma { -1 } else { 1 });
            }
            Code::Return | Code::KpEnter => self.edit_first_field(),
            Code::Up | Code::W => self.pan_cells(Vec2::new(0.0, 1.0)),
            Code::Down | Code::S => self.pan_cells(Vec2::new(0.0, -1.0)),
            Code::Left | Code::A => self.pan_cells(Vec2::new(-1.0, 0.0)),
            Code::Right | Code::D => self.pan_cells(Vec2::new(1.0, 0.0)),
            Code::Equals | Code::Plus | Code::KpPlus => self.zoom(ZOOM_STEP),
            Code::Minus | Code::KpMinus => self.zoom(1.0 / ZOOM_STEP),
            _ => {
                if let Some(d) = code.digit() {
                    self.pick_variant(d as usize);
                } else if let Some(t) = code.letter().and_then(Tool::from_hotkey) {
                    self.set_tool(t);
                }
            }
        }
        None
    }

    /// Chooses `tool`.
    pub fn set_tool(&mut self, tool: Tool) {
        self.tool = tool;
        self.portal_first = None;
        self.pasting = false;
        self.info(format!("{}: {}", tool.name(), tool.help()));
    }

    pub(super) fn pick_variant(&mut self, d: usize) {
        match self.tool {
            Tool::Hero if (1..=3).contains(&d) => {
                self.hero_kind = HeroKind::ALL[d - 1];
                self.info(format!("Hero places a {}", self.hero_kind.name()));
            }
            Tool::Item if (1..=4).contains(&d) => {
                self.item_choice = d - 1;
                self.info(format!("Item places a {}", ITEM_CHOICES[d - 1]));
            }
            _ => {}
        }
    }

    pub(super) fn undo(&mut self) {
        self.end_drag();
        match self.editor.undo() {
            Some(name) => self.info(format!("undo: {name}")),
            None => self.info("Nothing to undo"),
        }
        self.changed();
    }

    pub(super) fn redo(&mut self) {
        self.end_drag();
        match self.editor.redo() {
            Some(name) => self.info(format!("redo: {name}")),
            None => self.info("Nothing to redo"),
        }
        self.changed();
    }

    /// Esc peels one layer a press: a paste being placed, a portal's
    /// first end, the selection (or, right after Delete took the
    /// selection, only a word); then it leaves (asking first when the
    /// session holds work no file keeps, see `leave_by_escape`).
    pub(super) fn escape(&mut self) -> Option<EditorAction> {
        if self.pasting {
            self.pasting = false;
        } else if self.portal_first.is_some() {
            self.portal_first = None;
        } else if self.selection != Selection::None {
            self.selection = Selection::None;
        } else if self.after_delete {
            // Esc right after Delete: the selection it would clear is
            // already gone; say so rather than ask about leaving.
            self.info("Deleted; nothing is selected now · Esc again leaves the editor");
        } else {
            return self.leave_by_escape();
        }
        None
    }
}

/// The stage the canvas draws for `level`: its things inside the grid
/// placed, or none when they cannot be (a draft with problems).
pub(super) fn drawable_stage(level: &Level) -> Option<Stage> {
    let mut drawable = level.clone();
    drawable.things.retain(|t| level.grid.contains(t.cell));
    Stage::from_level(&drawable).ok().or_else(|| {
        drawable.things.clear();
        Stage::from_level(&drawable).ok()
    })
}

#[cfg(test)]
mod copy_tests;
#[cfg(test)]
mod document_tests;
#[cfg(test)]
mod leave_tests;
#[cfg(test)]
mod pack_maker_tests;
#[cfg(test)]
mod paste_tests;
#[cfg(test)]
mod solving_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_problems;
#[cfg(test)]
mod tests_view;
