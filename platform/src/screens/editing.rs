//! The editor on the screen stack: opening a level in it (from the list,
//! a path or the clipboard), what its actions ask of the stack, and test
//! play from it and back.

use game::equipment::{equip, Loadout};
use game::level::Level;
use log::info;

use super::editor::document::{Opening, Places};
use super::editor::test_play::TestEnd;
use super::play::PlayScreen;
use super::{editor, AppRequest, Playing, Screen, Screens};

impl Screens {
    /// The editor, if one is on the stack (under a test play too).
    pub fn editor(&self) -> Option<&editor::EditorScreen> {
        self.stack.iter().rev().find_map(|s| match s {
            Screen::Editor(e) => Some(&**e),
            _ => None,
        })
    }

    pub fn editor_mut(&mut self) -> Option<&mut editor::EditorScreen> {
        self.stack.iter_mut().rev().find_map(|s| match s {
            Screen::Editor(e) => Some(&mut **e),
            _ => None,
        })
    }

    /// Opens `level` in the editor over the title and the editor's list;
    /// one that cannot be opened (an unreadable autosave) stays in the
    /// list, which says why.
    pub fn open_editor(&mut self, level: Level, opening: Opening) {
        info!("editing {}", level.name);
        let screen = editor::EditorScreen::open(level, opening, Places::of_data_dir());
        self.stack.truncate(1);
        let mut list = editor::list::EditorList::new(&self.campaign.dir);
        match screen {
            Ok(mut screen) => {
                screen.palette = self.palette;
                self.stack.push(Screen::EditorList(Box::new(list)));
                self.stack.push(Screen::Editor(Box::new(screen)));
            }
            Err(why) => {
                list.message = Some(why);
                self.stack.push(Screen::EditorList(Box::new(list)));
            }
        }
    }

    /// `rappel --edit PATH`: opens the file (saving writes back to it), or
    /// starts a new level there if it does not exist. A file that does not
    /// parse into a level is refused, naming `file:line:col`.
    pub fn open_editor_file(
        &mut self,
        path: &std::path::Path,
    ) -> Result<(), crate::error::OpenError> {
        let level = if path.exists() {
            editor::files::open(path)?.0
        } else {
            if game::level::Format::of(path) != Some(game::level::Format::Text) {
                return Err(format!(
                    "{}: a new level's file must end in .txt",
                    game::level::escaped_path(path)
                )
                .into());
            }
            // A save never makes folders the designer did not ask for.
            if let Some(folder) = path
                .parent()
                .filter(|d| !d.as_os_str().is_empty() && !d.is_dir())
            {
                return Err(format!(
                    "{}: the folder {} does not exist (make it first)",
                    game::level::escaped_path(path),
                    game::level::escaped_path(folder)
                )
                .into());
            }
            let stem = path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_else(|| "New level".into());
            editor::list::new_level(&stem.replace('_', " "))?
        };
        self.open_editor(level, Opening::File(path.to_path_buf()));
        Ok(())
    }

    /// Text read from the system clipboard (after [`AppRequest::ReadClipboard`]).
    pub fn paste_text(&mut self, text: &str) {
        let action = match self.stack.last_mut() {
            Some(Screen::EditorList(l)) => l.paste_text(text),
            Some(Screen::PlayList(_)) => {
                self.import_pack(text);
                None
            }
            _ => None,
        };
        if let Some(editor::list::ListAction::Open(level, opening)) = action {
            // A pasted level is saved nowhere yet: leaving it asks, as for
            // other unsaved work.
            self.open_editor(*level, opening);
        }
    }

    pub(super) fn editor_action(&mut self, action: editor::EditorAction) -> Option<AppRequest> {
        match action {
            editor::EditorAction::TestPlay(level) => {
                // With the equipment the level requires, as it plays.
                let level = Box::new(
                    equip(&level, &Loadout::required(&level)).unwrap_or_else(|_| (*level).clone()),
                );
                match PlayScreen::new(&level) {
                    Ok(mut play) => {
                        self.apply_choices(&mut play);
                        play.level_name = format!(
                            "{} · test play ({}: back to the editor)",
                            level.name,
                            play.keys.name(crate::screens::input::Key::Escape)
                        );
                        self.stack.push(Screen::Play(Box::new(play)));
                        self.playing = Some(Playing {
                            level: *level,
                            loadout: Loadout::new(),
                            index: None,
                            test: true,
                            saved_as: None,
                        });
                    }
                    Err(e) => {
                        if let Some(ed) = self.editor_mut() {
                            ed.back_from_test(&TestEnd::Back);
                            ed.status =
                                Some(editor::Status::Refused(format!("Can't test-play: {e}")));
                        }
                    }
                }
                None
            }
            editor::EditorAction::Leave => {
                // Unsaved work was kept by an autosave when the editor
                // asked, or discarded there: nothing to write now.
                self.stack.pop();
                if let Some(Screen::EditorList(_)) = self.stack.last() {
                    self.stack.pop();
                    self.stack
                        .push(Screen::EditorList(Box::new(editor::list::EditorList::new(
                            &self.campaign.dir,
                        ))));
                }
                None
            }
            editor::EditorAction::Quit => Some(AppRequest::Quit),
            editor::EditorAction::CopyText(t) => Some(AppRequest::CopyText(t)),
        }
    }

    /// Ends a test play: back to the editor as it was.
    pub(super) fn end_test(&mut self, how: TestEnd) {
        while !matches!(self.stack.last(), Some(Screen::Editor(_)) | None) {
            self.stack.pop();
        }
        self.playing = None;
        if let Some(ed) = self.editor_mut() {
            ed.back_from_test(&how);
            // "Test again" on the result card starts the next one.
        }
    }

    pub(super) fn testing(&self) -> bool {
        self.playing.as_ref().is_some_and(|p| p.test)
    }
}
