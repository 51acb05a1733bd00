//! Test play from the editor: the level is checked (no problems, it
//! builds a stage) and handed to the screens to play; when play ends the
//! editor comes back as it was.
use game::stage::Stage;
use log::info;

use super::{Drag, EditorAction, EditorScreen};

impl EditorScreen {
    pub(super) fn test_play(&mut self) -> Option<EditorAction> {
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
}
