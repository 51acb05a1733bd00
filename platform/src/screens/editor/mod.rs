//! The level editor screen (`DESIGN.md`, "The editor"): make, test-play
//! and save a level without leaving the game.
//!
//! The screen only turns input into calls on the headless model
//! (`game::edit::Editor`: operations, strokes, undo, problems) and draws
//! what it holds; each concern has its own file: [`canvas`] (grid space →
//! pixels, picking cells and edges), [`tools`] (the palette, hotkeys and
//! the layout), [`inspector`] (the fields of what is selected, edited in
//! place), [`dialog`] (questions that must be answered: save / discard /
//! cancel, a name), [`files`] (saving, autosave, recovery), [`draw`] and
//! [`list`] (the title's Editor entry: levels to open, New level).
//!
//! A press of the mouse starts a *stroke* on the model, moves extend it, the
//! release ends it: a drag is one undo step. Everything here runs without
//! GL, so tests drive the screen with synthetic input.
pub mod canvas;
pub mod dialog;
pub mod draw;
pub mod files;
pub mod fixtures;
pub mod inspector;
pub mod list;
pub mod tools;

use game::edit::op::{self, EdgeKind};
use game::edit::{selection, Area, Clip, Editor, Place};
use game::grid::{CellKind, CellPos, Dir, EdgePos, PortalEnd};
use game::level::{HeroKind, ItemFlags, Level, ThingSpec, ThingSpecKind};
use game::stage::{Stage, SIGHT_RADIUS};
use game::view::GridView;
use glam::Vec2;
use log::{info, warn};
use sdl2::keyboard::Keycode;

use crate::screens::input::{Button, Chord, Input, Key, RawInput};
use canvas::{nearest_edge, sweep, CanvasCamera, ZOOM_STEP};
use dialog::{Choice, Dialog, DialogOutcome, Purpose};
use files::LevelFile;
use inspector::{Field, FieldEdit};
use tools::{layout, Layout, Tool};

/// Seconds of unsaved changes before an autosave.
pub const AUTOSAVE_S: f32 = 30.0;

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
    /// Moving thing `index` (one stroke).
    Thing {
        index: usize,
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
    pub file: LevelFile,
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
    /// V held: the sight preview from the hovered cell.
    pub sight: Option<GridView>,
    /// The level as a stage, for the world drawing; rebuilt on change.
    stage: Option<Stage>,
    stage_revision: Option<u64>,
    mouse: Option<Vec2>,
    drag: Drag,
    space_held: bool,
    /// The orientation an edge drag keeps to (set by its first edge).
    edge_lock: Option<game::grid::Orientation>,
    /// Shift held: the Cells tool drags a rectangle.
    shift_held: bool,
    /// The problem Tab jumps to next.
    problem_at: usize,
    /// Seconds since the first change not autosaved; `None`: all saved.
    unsaved_s: Option<f32>,
    autosaved_revision: u64,
    size_px: (u32, u32),
    /// Whether the camera has been fitted to the level (on first use).
    fitted: bool,
}

impl EditorScreen {
    /// Edits `level`, saved to `file`.
    pub fn new(level: Level, file: LevelFile) -> EditorScreen {
        let mut screen = EditorScreen {
            editor: Editor::new(level),
            file,
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
            sight: None,
            stage: None,
            stage_revision: None,
            mouse: None,
            drag: Drag::None,
            space_held: false,
            shift_held: false,
            edge_lock: None,
            problem_at: 0,
            unsaved_s: None,
            autosaved_revision: 0,
            size_px: (1280, 720),
            fitted: false,
        };
        screen.refresh_stage();
        // Framed for the default window now; the first input refits it to
        // the real drawable.
        screen.fit();
        screen.fitted = false;
        screen
    }

    /// Offers the autosave at `path` (work never saved) back, if there is
    /// one that differs from the level opened.
    pub fn offer_recovery(&mut self) {
        let Some(path) = self.file.autosave_path().filter(|p| p.is_file()) else {
            return;
        };
        match files::read_autosave(&path) {
            Ok(level) if &level != self.editor.level() => {
                self.dialog = Some(Dialog::choice(
                    "Recover unsaved work?",
                    &format!(
                        "An autosave of \"{}\" holds changes that were never saved.",
                        level.name
                    ),
                    &[Choice::Recover, Choice::Discard],
                    Purpose::Recover(Box::new(level)),
                ));
            }
            Ok(_) => {
                let _ = std::fs::remove_file(&path);
            }
            Err(e) => {
                // Never deleted: moved aside, and the editor goes on.
                let aside = path.with_extension("rlv.damaged");
                let _ = std::fs::rename(&path, &aside);
                self.refuse(format!("{e} (moved aside to {})", aside.display()));
            }
        }
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

    fn refresh_stage(&mut self) {
        if self.stage_revision == Some(self.editor.revision()) {
            return;
        }
        self.stage_revision = Some(self.editor.revision());
        let level = self.editor.level();
        let mut drawable = level.clone();
        drawable.things.retain(|t| level.grid.contains(t.cell));
        self.stage = Stage::from_level(&drawable).ok().or_else(|| {
            drawable.things.clear();
            Stage::from_level(&drawable).ok()
        });
    }

    fn info(&mut self, text: impl Into<String>) {
        self.status = Some(Status::Info(text.into()));
    }

    fn refuse(&mut self, text: impl Into<String>) {
        self.status = Some(Status::Refused(text.into()));
    }

    /// After any change of the level: the drawing, the selection, the
    /// autosave clock.
    fn changed(&mut self) {
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
        if self.editor.is_dirty() {
            self.unsaved_s.get_or_insert(0.0);
        } else {
            self.unsaved_s = None;
        }
    }

    /// Runs one operation as a step; the status says what it did or why not.
    fn step<T: game::edit::Counted>(
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

    /// Advances the autosave clock by `dt_s`; autosaves when due.
    pub fn update(&mut self, dt_s: f32) {
        if let Some(t) = &mut self.unsaved_s {
            *t += dt_s;
            if *t >= AUTOSAVE_S && self.autosaved_revision != self.editor.revision() {
                self.autosave();
            }
        }
    }

    /// Writes the autosave now (if there are unsaved changes).
    pub fn autosave(&mut self) {
        if !self.editor.is_dirty() {
            return;
        }
        self.unsaved_s = Some(0.0);
        self.autosaved_revision = self.editor.revision();
        let Some(path) = self.file.autosave_path() else {
            return;
        };
        match files::write_autosave(&path, self.editor.level()) {
            Ok(()) => info!("autosaved to {}", path.display()),
            Err(e) => {
                warn!("autosave failed: {e}");
                self.refuse(format!("Autosave failed: {e}"));
            }
        }
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

    fn fit(&mut self) {
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
        if let RawInput::Input(Input::MouseMove(p)) = input {
            let last = self.mouse.replace(p);
            self.pointer_moved(p, last);
            return None;
        }
        if self.dialog.is_some() {
            return self.handle_dialog(input);
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
                if c.code == Keycode::Space {
                    self.space_held = false;
                }
                if c.code == Keycode::V {
                    self.sight = None;
                }
                if matches!(c.code, Keycode::LShift | Keycode::RShift) {
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

    fn zoom(&mut self, factor: f32) {
        let l = self.layout();
        let at = self
            .mouse
            .filter(|p| l.canvas.contains(*p))
            .unwrap_or(l.canvas.centre());
        self.camera.zoom_about(factor, at, l.canvas, self.size_px);
    }

    fn pan_cells(&mut self, by: Vec2) {
        self.camera.centre += by * (2.0 / self.camera.zoom.max(0.25)).max(1.0);
    }

    fn chord(&mut self, c: Chord) -> Option<EditorAction> {
        let code = c.code;
        if c.ctrl {
            match (code, c.shift) {
                (Keycode::Z, false) => self.undo(),
                (Keycode::Z, true) | (Keycode::Y, _) => self.redo(),
                (Keycode::S, false) => self.save(),
                (Keycode::S, true) => self.save_as(),
                (Keycode::C, true) => {
                    self.info("Copied the level's text to the clipboard");
                    return Some(EditorAction::CopyText(game::level::to_text(
                        self.editor.level(),
                    )));
                }
                (Keycode::C, false) => self.copy(false),
                (Keycode::X, _) => self.copy(true),
                (Keycode::V, _) => self.start_paste(),
                (Keycode::A, _) => {
                    let g = &self.editor.level().grid;
                    let all = Area::new(
                        CellPos::new(0, 0),
                        CellPos::new(g.width() as i32 - 1, g.height() as i32 - 1),
                    );
                    self.selection = Selection::Area(all);
                }
                (Keycode::Left | Keycode::Right | Keycode::Up | Keycode::Down, shrink) => {
                    self.resize_side(code, shrink)
                }
                _ => {}
            }
            return None;
        }
        match code {
            Keycode::F5 => return self.test_play(),
            Keycode::F1 => self.help_open = true,
            Keycode::F => self.fit(),
            Keycode::Escape => return self.escape(),
            Keycode::Space => self.space_held = true,
            Keycode::LShift | Keycode::RShift => self.shift_held = true,
            Keycode::V => self.start_sight(),
            Keycode::Delete | Keycode::Backspace => self.delete_selection(),
            Keycode::M => self.mirror(),
            Keycode::K => self.next_portal_kind(),
            Keycode::Tab => self.next_problem(),
            Keycode::Return | Keycode::KpEnter => self.edit_first_field(),
            Keycode::Up | Keycode::W => self.pan_cells(Vec2::new(0.0, 1.0)),
            Keycode::Down | Keycode::S => self.pan_cells(Vec2::new(0.0, -1.0)),
            Keycode::Left | Keycode::A => self.pan_cells(Vec2::new(-1.0, 0.0)),
            Keycode::Right | Keycode::D => self.pan_cells(Vec2::new(1.0, 0.0)),
            Keycode::Equals | Keycode::Plus | Keycode::KpPlus => self.zoom(ZOOM_STEP),
            Keycode::Minus | Keycode::KpMinus => self.zoom(1.0 / ZOOM_STEP),
            _ => {
                let name = code.name().to_lowercase();
                let mut chars = name.chars();
                if let (Some(ch), None) = (chars.next(), chars.next()) {
                    if let Some(d) = ch.to_digit(10) {
                        self.pick_variant(d as usize);
                    } else if let Some(t) = Tool::from_hotkey(ch) {
                        self.set_tool(t);
                    }
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

    fn pick_variant(&mut self, d: usize) {
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

    fn undo(&mut self) {
        self.end_drag();
        match self.editor.undo() {
            Some(name) => self.info(format!("undo: {name}")),
            None => self.info("Nothing to undo"),
        }
        self.changed();
    }

    fn redo(&mut self) {
        self.end_drag();
        match self.editor.redo() {
            Some(name) => self.info(format!("redo: {name}")),
            None => self.info("Nothing to redo"),
        }
        self.changed();
    }

    fn escape(&mut self) -> Option<EditorAction> {
        if self.pasting || self.portal_first.is_some() || self.selection != Selection::None {
            self.pasting = false;
            self.portal_first = None;
            self.selection = Selection::None;
            return None;
        }
        self.leave(EditorAction::Leave)
    }

    /// Leaving (`then`: Leave or Quit): asks first when there are unsaved
    /// changes.
    pub fn leave(&mut self, then: EditorAction) -> Option<EditorAction> {
        self.end_drag();
        if !self.editor.is_dirty() {
            return Some(then);
        }
        self.autosave();
        self.dialog = Some(Dialog::choice(
            "Unsaved changes",
            &format!("Save \"{}\" before leaving?", self.editor.level().name),
            &[Choice::Save, Choice::Discard, Choice::Cancel],
            Purpose::Leave(Box::new(then)),
        ));
        None
    }

    fn test_play(&mut self) -> Option<EditorAction> {
        self.end_drag();
        let level = self.editor.level();
        if let Some(p) = self.editor.problems().first() {
            self.refuse(format!(
                "Can't test-play: {} problem(s) — {}",
                self.editor.problems().len(),
                p.message
            ));
            return None;
        }
        if let Err(e) = Stage::from_level(level) {
            self.refuse(format!("Can't test-play: {e}"));
            return None;
        }
        info!("test-playing {}", level.name);
        Some(EditorAction::TestPlay(Box::new(level.clone())))
    }

    /// Called when test play ends: the editor is shown again, as it was.
    pub fn back_from_test(&mut self, how: &str) {
        self.drag = Drag::None;
        self.space_held = false;
        self.sight = None;
        self.info(how.to_string());
    }

    fn save(&mut self) {
        if self.file.path.is_none() || self.file.shipped {
            self.save_as();
            return;
        }
        if self.file.changed_on_disk() {
            self.dialog = Some(Dialog::choice(
                "The file changed on disk",
                "Someone else changed the file since it was opened. Overwrite it?",
                &[Choice::Overwrite, Choice::Cancel],
                Purpose::Overwrite,
            ));
            return;
        }
        self.write_file();
    }

    fn write_file(&mut self) {
        self.end_drag();
        let problems = self.editor.problems().len();
        match self.file.save(self.editor.level()) {
            Ok(path) => {
                self.editor.mark_saved();
                self.changed();
                self.autosaved_revision = self.editor.revision();
                if problems > 0 {
                    self.refuse(format!(
                        "Saved {} with {problems} problem(s): it cannot be played until they are fixed",
                        path.display()
                    ));
                } else {
                    self.info(format!("Saved {}", path.display()));
                }
            }
            // The level stays in the editor, unsaved; the old file is whole.
            Err(e) => self.refuse(format!("Not saved: {e}")),
        }
    }

    fn save_as(&mut self) {
        let suggested = files::suggest_path(&self.editor.level().name)
            .map(|p| p.display().to_string())
            .unwrap_or_else(|| files::file_name_for(&self.editor.level().name));
        self.dialog = Some(Dialog::prompt(
            "Save as",
            "File (a .txt path; your levels folder is suggested)",
            &suggested,
            Purpose::SaveAs,
        ));
    }

    fn handle_dialog(&mut self, input: RawInput) -> Option<EditorAction> {
        let dialog = self.dialog.as_mut()?;
        let outcome = dialog.handle(input, self.size_px)?;
        let dialog = self.dialog.take()?;
        match (dialog.purpose, outcome) {
            (_, DialogOutcome::Cancelled) | (_, DialogOutcome::Chose(Choice::Cancel)) => None,
            (Purpose::Leave(then), DialogOutcome::Chose(Choice::Save)) => {
                self.save();
                if self.editor.is_dirty() {
                    // Not saved (refused, or Save as asked first): stay.
                    None
                } else {
                    Some(*then)
                }
            }
            (Purpose::Leave(then), DialogOutcome::Chose(Choice::Discard)) => {
                if let Some(p) = self.file.autosave_path() {
                    let _ = std::fs::remove_file(p);
                }
                Some(*then)
            }
            (Purpose::Overwrite, DialogOutcome::Chose(Choice::Overwrite)) => {
                self.write_file();
                None
            }
            (Purpose::Recover(level), DialogOutcome::Chose(Choice::Recover)) => {
                let level = *level;
                self.step("recover the autosave", "", |l| {
                    *l = level;
                    Ok(())
                });
                self.info("Recovered the autosave (Ctrl+Z undoes it)");
                None
            }
            (Purpose::Recover(_), DialogOutcome::Chose(Choice::Discard)) => {
                if let Some(p) = self.file.autosave_path() {
                    let _ = std::fs::remove_file(p);
                }
                None
            }
            (Purpose::SaveAs, DialogOutcome::Text(text)) => {
                let path = std::path::PathBuf::from(text.trim());
                if game::level::Format::of(&path) != Some(game::level::Format::Text) {
                    self.refuse("Save as: the name must end in .txt");
                    return None;
                }
                self.file = LevelFile::at(&path, false);
                if path.exists() {
                    self.dialog = Some(Dialog::choice(
                        "The file exists",
                        &format!("{} exists. Overwrite it?", path.display()),
                        &[Choice::Overwrite, Choice::Cancel],
                        Purpose::Overwrite,
                    ));
                    return None;
                }
                self.write_file();
                None
            }
            (Purpose::Resize { code, shrink }, DialogOutcome::Chose(Choice::Remove)) => {
                self.apply_resize(code, shrink, true);
                None
            }
            _ => None,
        }
    }

    fn resize_side(&mut self, code: Keycode, shrink: bool) {
        let (l, r, b, t) = resize_amounts(code, shrink);
        let lost = op::resize_casualties(self.editor.level(), l, r, b, t);
        if shrink && !lost.is_empty() && !lost.iter().any(|s| s == "the entrance") {
            self.dialog = Some(Dialog::choice(
                "Remove a row or column?",
                &format!("These would be removed: {}", lost.join(", ")),
                &[Choice::Remove, Choice::Cancel],
                Purpose::Resize { code, shrink },
            ));
            return;
        }
        self.apply_resize(code, shrink, false);
    }

    fn apply_resize(&mut self, code: Keycode, shrink: bool, force: bool) {
        let (l, r, b, t) = resize_amounts(code, shrink);
        let name = if shrink {
            "remove a row or column"
        } else {
            "add a row or column"
        };
        self.step(name, "", |lv| op::resize(lv, l, r, b, t, force));
        // Keep the level where it was on screen.
        self.camera.centre += Vec2::new(l as f32, b as f32);
    }

    // ---- Pointer -------------------------------------------------------

    fn pointer_moved(&mut self, p: Vec2, last: Option<Vec2>) {
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
            Drag::Thing { index } => {
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
    fn press(&mut self, button: Button, p: Vec2, click: bool) -> Option<EditorAction> {
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

    fn tool_press(&mut self, button: Button, cell: CellPos, point: Vec2) {
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

    fn paint_at(&mut self, point: Vec2, button: Button) {
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
        if let Err(e) = result {
            self.refuse(format!("Can't: {e}"));
        }
        self.refresh_stage();
    }

    fn release(&mut self, button: Button, p: Vec2) {
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
            Drag::Thing { .. } | Drag::Waypoint { .. } => self.end_drag(),
            _ => {}
        }
    }

    fn finish_rect(&mut self, from: CellPos, to: CellPos, button: Button) {
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
                self.step(name, "cell", |l| op::paint_rect(l, from, to, kind));
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

    fn end_drag(&mut self) {
        let was = std::mem::replace(&mut self.drag, Drag::None);
        if matches!(
            was,
            Drag::Paint { .. } | Drag::Thing { .. } | Drag::Waypoint { .. }
        ) {
            if let Some(done) = self.editor.end() {
                self.info(done);
            }
            self.changed();
        }
    }

    // ---- Tools ----------------------------------------------------------

    /// The things in `cell`, topmost (last listed) first.
    fn things_at(&self, cell: CellPos) -> Vec<usize> {
        let things = &self.editor.level().things;
        (0..things.len())
            .rev()
            .filter(|&i| things[i].cell == cell)
            .collect()
    }

    fn select_at(&mut self, cell: CellPos, point: Vec2) {
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
        if let Some(&i) = self.things_at(cell).first() {
            self.selection = Selection::Thing(i);
            let id = self.editor.level().things[i].id.clone();
            self.editor.begin(&format!("move '{id}'"), "");
            self.drag = Drag::Thing { index: i };
            self.info(format!("'{id}': drag to move, Delete removes"));
            return;
        }
        self.selection = Selection::None;
        self.drag = Drag::Rect {
            from: cell,
            to: cell,
            button: Button::Left,
        };
    }

    fn portal_click(&mut self, point: Vec2, left: bool) {
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

    fn next_portal_kind(&mut self) {
        let Selection::Portal(i) = self.selection else {
            self.refuse("Select a portal first (Select tool, click its edge)");
            return;
        };
        let level = self.editor.level();
        let kinds = op::possible_kinds(level, i);
        let Some(now) = level.grid.portal(i).map(|p| p.kind()) else {
            return;
        };
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

    fn spec_for_tool(&self, cell: CellPos) -> Option<ThingSpec> {
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
            Tool::Watcher => (
                "watcher".to_string(),
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

    fn place_thing(&mut self, cell: CellPos) {
        let Some(spec) = self.spec_for_tool(cell) else {
            return;
        };
        let id = spec.id.clone();
        if let Some(added) = self.step(&format!("place '{id}'"), "", |l| op::add_thing(l, spec)) {
            self.selection = Selection::Thing(added.0);
        }
    }

    fn delete_thing_at(&mut self, cell: CellPos) {
        if let Some(&i) = self.things_at(cell).first() {
            let id = self.editor.level().things[i].id.clone();
            self.step(&format!("delete '{id}'"), "", |l| op::delete_thing(l, i));
        }
    }

    fn route_press(&mut self, cell: CellPos, left: bool) {
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

    fn delete_selection(&mut self) {
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
        self.selection = Selection::None;
    }

    fn copy(&mut self, cut: bool) {
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

    fn start_paste(&mut self) {
        if self.clipboard.is_none() {
            self.refuse("Nothing to paste (Ctrl+C copies a selected area)");
            return;
        }
        self.pasting = true;
        self.info("Paste: click where the bottom-left cell goes (Esc cancels)");
    }

    fn drop_paste(&mut self, at: CellPos) {
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

    fn mirror(&mut self) {
        let Selection::Area(area) = self.selection else {
            self.refuse("Select an area first to mirror it");
            return;
        };
        self.step("mirror", "cell", |l| selection::flip(l, area));
    }

    fn next_problem(&mut self) {
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

    fn jump_to(&mut self, place: &Place) {
        if let Some(c) = place.cell() {
            self.camera.centre = Vec2::new(c.x as f32, c.y as f32);
        }
        if let Place::Thing(i, _) = *place {
            self.selection = Selection::Thing(i);
        }
    }

    fn start_sight(&mut self) {
        self.sight = Some(GridView::new());
        self.build_sight();
    }

    fn build_sight(&mut self) {
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

    // ---- Side panel -------------------------------------------------------

    fn side_click(&mut self, p: Vec2) {
        let l = self.layout();
        if l.problems.contains(p) {
            if let Some(i) = draw::problem_at(&l, self.editor.problems().len(), p) {
                let place = self.editor.problems()[i].place;
                self.problem_at = i + 1;
                self.jump_to(&place);
            }
            return;
        }
        let fields = inspector::fields(self);
        if let Some(i) = draw::field_at(&l, fields.len(), p) {
            self.activate_field(&fields[i].clone());
        }
    }

    fn edit_first_field(&mut self) {
        let fields = inspector::fields(self);
        if let Some(f) = fields.iter().find(|f| f.is_text()) {
            self.activate_field(&f.clone());
        }
    }

    fn activate_field(&mut self, field: &Field) {
        if field.is_text() {
            self.typing = Some(FieldEdit::new(field.clone()));
            return;
        }
        if let Some((name, op)) = inspector::toggle(self, field) {
            self.step(&name, "", op);
        }
    }

    fn handle_typing(&mut self, input: RawInput) -> Option<Option<EditorAction>> {
        let edit = self.typing.as_mut()?;
        match input {
            RawInput::Text(c) => edit.text.push(c),
            RawInput::Chord(c) if c.code == Keycode::Backspace => {
                edit.text.pop();
            }
            RawInput::Chord(c) if c.code == Keycode::Escape => {
                self.typing = None;
            }
            RawInput::Chord(c) if matches!(c.code, Keycode::Return | Keycode::KpEnter) => {
                let edit = self.typing.take()?;
                self.commit_field(edit.field.clone(), &edit.text);
            }
            RawInput::Chord(_) | RawInput::KeyUp(_) => {}
            // A click elsewhere commits, then acts.
            RawInput::Press(..) => {
                let edit = self.typing.take()?;
                self.commit_field(edit.field.clone(), &edit.text);
                return None;
            }
            _ => return None,
        }
        Some(None)
    }

    fn commit_field(&mut self, field: Field, text: &str) {
        match inspector::commit(self, &field, text) {
            Ok(Some((name, op))) => {
                self.step(&name, "", op);
            }
            Ok(None) => {}
            Err(e) => self.refuse(e),
        }
    }
}

/// The direction from `cell` to edge `e` (one of its sides).
fn edge_dir(e: EdgePos, cell: CellPos) -> Dir {
    Dir::ALL
        .into_iter()
        .find(|&d| EdgePos::of(cell, d) == e)
        .unwrap_or(Dir::Up)
}

/// Sets waypoint `point` of watcher `index` to `to` (`usize::MAX`: append;
/// `None`: remove). A watcher's route starts where it stands, so the first
/// waypoint added is its own cell, then the one clicked.
fn set_waypoint(
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

/// `(left, right, bottom, top)` for Ctrl(+Shift)+arrow.
fn resize_amounts(code: Keycode, shrink: bool) -> (i32, i32, i32, i32) {
    let n = if shrink { -1 } else { 1 };
    match code {
        Keycode::Left => (n, 0, 0, 0),
        Keycode::Right => (0, n, 0, 0),
        Keycode::Down => (0, 0, n, 0),
        _ => (0, 0, 0, n),
    }
}

#[cfg(test)]
mod tests;
