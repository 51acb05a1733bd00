//! The level editor's model (`docs/ARCHITECTURE.md`, "Where each concept lives"): headless, tested
//! without SDL or GL. The editor screen turns input into calls here and
//! draws what [`Editor`] holds.
//!
//! - [`op`]: the operations, each a checked change of a `Level` (the
//!   loader's own types) that keeps it writable as text;
//! - [`portal_table`]: the canonical portal table, so what is edited is byte for
//!   byte what is saved;
//! - [`selection`]: rectangular areas, the clipboard, paste and flip;
//! - [`history`]: undo and redo by whole-level snapshots;
//! - [`outline`]: every thing, portal pair and route as rows grouped by
//!   cell, and which of a cell's occupants a click selects;
//! - [`problems`]: live validation, placed on the canvas.
//! - [`without`]: a level with an ability, a portal or an item taken away,
//!   to ask what it needs (`sim solve --without`).
//! - [`draft`]: the autosave file, a level with its undo history.
//!
//! [`Editor`] ties them together: the level being edited, the stroke in
//! progress (a drag is one step however many cells it paints), the undo
//! log and the problems of the last committed state. Which file the level
//! belongs to and whether it differs from it is the screen's document
//! model (`platform/src/screens/editor/document.rs`).

pub mod draft;
pub mod error;
pub mod history;
pub mod op;
pub mod outline;
pub mod portal_table;
pub mod problems;
pub mod selection;
pub mod without;

pub use error::EditError;
pub use history::History;
pub use op::{Changed, EdgeKind};
pub use problems::{placed_problems, Place, Placed};
pub use selection::{Area, Clip};

use crate::level::Level;

/// A step being built: its name and unit, and how many units it changed.
#[derive(Clone, Debug)]
struct Stroke {
    /// What the step does, e.g. "paint walls".
    name: String,
    /// What it counts, singular, e.g. "edge"; empty: no count shown.
    unit: &'static str,
    /// Units changed so far.
    count: usize,
}

/// The level being edited, with its undo log (see the module docs).
#[derive(Clone, Debug)]
pub struct Editor {
    /// The level as shown: the last committed state plus the open stroke.
    level: Level,
    history: History,
    stroke: Option<Stroke>,
    problems: Vec<Placed>,
    /// Counts every change of `level` (strokes, undo, redo), so screens
    /// know when to redraw caches and autosave.
    revision: u64,
}

impl Editor {
    /// Edits `level`, as opened.
    pub fn new(level: Level) -> Editor {
        Editor::resume(History::new(&level))
    }

    /// Goes on editing where `history` was (an autosave's): its current
    /// state shown, its steps to undo and redo.
    pub fn resume(history: History) -> Editor {
        let level = history.current().clone();
        Editor {
            problems: placed_problems(&level),
            history,
            level,
            stroke: None,
            revision: 0,
        }
    }

    /// The level as shown.
    pub fn level(&self) -> &Level {
        &self.level
    }

    /// The problems of the last committed state, placed.
    pub fn problems(&self) -> &[Placed] {
        &self.problems
    }

    /// The undo log.
    pub fn history(&self) -> &History {
        &self.history
    }

    /// Increases on every change of the level.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Opens a stroke named `name` counting `unit`s ("edge", "cell", or ""
    /// for no count). An open stroke is committed first.
    pub fn begin(&mut self, name: &str, unit: &'static str) {
        self.end();
        self.stroke = Some(Stroke {
            name: name.to_string(),
            unit,
            count: 0,
        });
    }

    /// Applies `op` to the level inside the open stroke (or as a one-op
    /// step of its own, named "edit", when none is open). A refusal changes
    /// nothing.
    pub fn apply<T>(
        &mut self,
        op: impl FnOnce(&mut Level) -> Result<T, EditError>,
    ) -> Result<T, EditError>
    where
        T: Counted,
    {
        let one_off = self.stroke.is_none();
        if one_off {
            self.begin("edit", "");
        }
        let mut scratch = self.level.clone();
        let result = op(&mut scratch);
        if let Ok(v) = &result {
            if scratch != self.level {
                self.level = scratch;
                self.revision += 1;
            }
            if let Some(s) = &mut self.stroke {
                s.count += v.count();
            }
        }
        if one_off {
            self.end();
        }
        result
    }

    /// Runs `op` as one step named `name` (counting `unit`s): begin, apply,
    /// end. Returns the step's description when it changed something.
    pub fn edit<T: Counted>(
        &mut self,
        name: &str,
        unit: &'static str,
        op: impl FnOnce(&mut Level) -> Result<T, EditError>,
    ) -> Result<Option<String>, EditError> {
        self.begin(name, unit);
        let result = self.apply(op);
        let done = self.end();
        result.map(|_| done)
    }

    /// Commits the open stroke as one undo step if it changed the level.
    /// Returns the step's description ("paint walls (12 edges)").
    pub fn end(&mut self) -> Option<String> {
        let stroke = self.stroke.take()?;
        if &self.level == self.history.current() {
            return None;
        }
        let name = describe(&stroke);
        self.history.push(&self.level, name.clone());
        self.problems = placed_problems(&self.level);
        log::debug!("editor step: {name}");
        Some(name)
    }

    /// Drops the open stroke, putting the level back as it was before it.
    pub fn cancel(&mut self) {
        if self.stroke.take().is_some() && &self.level != self.history.current() {
            self.level = self.history.current().clone();
            self.revision += 1;
        }
    }

    /// Undoes the last step (an open stroke is committed first). Returns
    /// its name.
    pub fn undo(&mut self) -> Option<String> {
        self.end();
        let (level, name) = self.history.undo()?;
        let name = name.to_string();
        self.level = level.clone();
        self.after_jump();
        Some(name)
    }

    /// Redoes the next step. Returns its name.
    pub fn redo(&mut self) -> Option<String> {
        self.end();
        let (level, name) = self.history.redo()?;
        let name = name.to_string();
        self.level = level.clone();
        self.after_jump();
        Some(name)
    }

    fn after_jump(&mut self) {
        self.revision += 1;
        self.problems = placed_problems(&self.level);
    }
}

fn describe(stroke: &Stroke) -> String {
    match (stroke.unit, stroke.count) {
        ("", _) => stroke.name.clone(),
        (unit, 1) => format!("{} (1 {unit})", stroke.name),
        (unit, n) => format!("{} ({n} {unit}s)", stroke.name),
    }
}

/// What an operation's success counts toward its stroke.
pub trait Counted {
    /// Units changed.
    fn count(&self) -> usize;
}

impl Counted for usize {
    fn count(&self) -> usize {
        *self
    }
}

impl Counted for () {
    fn count(&self) -> usize {
        1
    }
}

#[cfg(test)]
mod tests;
