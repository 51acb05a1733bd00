//! The editor screen driven by synthetic input, as a designer would.
use super::*;
use crate::screens::input::Chord;
use game::grid::{CellKind, Orientation};
use game::solve::Progress;

const SIZE: (u32, u32) = (1280, 720);

fn screen(w: usize, h: usize) -> EditorScreen {
    let level = list::new_level(&format!("Test {w}x{h}")).expect("level");
    let mut s = EditorScreen::new(level, Document::default());
    s.handle(RawInput::Input(Input::MouseMove(Vec2::ZERO)), SIZE);
    s
}

fn chord(s: &mut EditorScreen, text: &str) -> Option<EditorAction> {
    s.handle(RawInput::Chord(Chord::parse(text).expect("chord")), SIZE)
}

fn drag(s: &mut EditorScreen, b: Button, a: Vec2, z: Vec2) {
    s.handle(RawInput::Input(Input::MouseMove(a)), SIZE);
    s.handle(RawInput::Press(b, a), SIZE);
    for i in 1..=8 {
        s.handle(
            RawInput::Input(Input::MouseMove(a.lerp(z, i as f32 / 8.0))),
            SIZE,
        );
    }
    s.handle(RawInput::Release(b, z), SIZE);
}

fn cell(s: &EditorScreen, x: i32, y: i32) -> Vec2 {
    s.screen_pos_of_cell(CellPos::new(x, y))
}

#[test]
fn a_level_is_built_with_the_mouse_and_each_drag_is_one_undo_step() {
    let mut s = screen(8, 6);
    // Fill the top rows with rock, then carve a room back with the Room tool.
    chord(&mut s, "b");
    let (a, b) = (cell(&s, 0, 5), cell(&s, 7, 5));
    drag(&mut s, Button::Right, a, b);
    assert_eq!(s.editor.history().undo_name(), Some("fill rock (8 cells)"));
    chord(&mut s, "r");
    let (a, b) = (cell(&s, 2, 5), cell(&s, 4, 5));
    drag(&mut s, Button::Left, a, b);
    assert_eq!(
        s.editor.level().grid.cell(CellPos::new(3, 5)),
        Some(CellKind::Air)
    );
    // Walls along a line of edges: one step.
    chord(&mut s, "e");
    let a = s.screen_pos_of_edge(EdgePos::vertical(2, 1));
    let b = s.screen_pos_of_edge(EdgePos::vertical(2, 3));
    drag(&mut s, Button::Left, a, b);
    let walls = (1..=3)
        .filter(|&y| {
            s.editor.level().grid.edge(EdgePos::vertical(2, y)) == Some(game::grid::Edge::SOLID)
        })
        .count();
    assert_eq!(walls, 3);
    assert_eq!(
        s.editor.history().undo_name(),
        Some("paint walls (3 edges)")
    );
    let steps = s.editor.history().undoable();
    assert_eq!(steps, 3);
    // A portal pair: two clicks.
    chord(&mut s, "p");
    let e1 = s.screen_pos_of_edge(EdgePos::horizontal(5, 1));
    let e2 = s.screen_pos_of_edge(EdgePos::horizontal(6, 1));
    s.handle(RawInput::Press(Button::Left, e1), SIZE);
    s.handle(RawInput::Release(Button::Left, e1), SIZE);
    s.handle(RawInput::Press(Button::Left, e2), SIZE);
    s.handle(RawInput::Release(Button::Left, e2), SIZE);
    assert_eq!(s.editor.level().portal_labels, vec!['a']);
    assert_eq!(s.selection, Selection::Portal(0));
    chord(&mut s, "k");
    assert_eq!(s.editor.history().undoable(), steps + 2, "link, then kind");
    // Heroes: pick the scout with 2, click.
    chord(&mut s, "h");
    chord(&mut s, "2");
    let c = cell(&s, 1, 0);
    s.handle(RawInput::Press(Button::Left, c), SIZE);
    s.handle(RawInput::Release(Button::Left, c), SIZE);
    assert!(s.editor.level().thing("scout").is_some());
    // Undo names the step; redo brings it back.
    chord(&mut s, "ctrl+z");
    assert_eq!(s.status, Some(Status::Info("undo: place 'scout'".into())));
    assert!(s.editor.level().thing("scout").is_none());
    chord(&mut s, "ctrl+shift+z");
    assert!(s.editor.level().thing("scout").is_some());
    // Whatever was built reads back from its own text.
    let text = game::level::to_text(s.editor.level());
    let (back, problems) = game::level::check_text_draft("t.txt", &text).expect("parses");
    assert_eq!(&back, s.editor.level());
    assert!(problems.is_empty(), "{problems:?}");
    assert!(s
        .editor
        .level()
        .grid
        .portal(0)
        .is_some_and(|p| p.ends[0].edge().orientation == Orientation::Horizontal));
}

#[test]
fn test_play_needs_a_valid_level_and_leaving_asks_about_unsaved_work() {
    let mut s = screen(6, 4);
    assert!(matches!(
        chord(&mut s, "f5"),
        Some(EditorAction::TestPlay(_))
    ));
    // Delete the only hero: now there is a problem and no test play.
    chord(&mut s, "q");
    let c = cell(&s, 0, 0);
    s.handle(RawInput::Press(Button::Left, c), SIZE);
    s.handle(RawInput::Release(Button::Left, c), SIZE);
    assert_eq!(s.selection, Selection::Thing(0));
    chord(&mut s, "delete");
    assert!(!s.editor.problems().is_empty());
    assert_eq!(chord(&mut s, "f5"), None);
    assert!(matches!(s.status, Some(Status::Refused(ref t)) if t.contains("no hero")));
    // Esc with unsaved changes asks; Cancel stays, Discard leaves.
    assert_eq!(chord(&mut s, "escape"), None);
    assert!(s.dialog.is_some());
    chord(&mut s, "escape");
    assert!(s.dialog.is_none());
    chord(&mut s, "escape");
    chord(&mut s, "right");
    assert_eq!(chord(&mut s, "enter"), Some(EditorAction::Leave), "Discard");
}

#[test]
fn saving_writes_canonical_text_and_a_changed_file_is_not_overwritten_silently() {
    let dir = std::env::temp_dir().join(format!("rappel-editor-screen-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let path = dir.join("built.txt");
    let _ = std::fs::remove_file(&path);
    let level = list::new_level("Built 5x4").expect("level");
    let mut s = EditorScreen::new(level, Document::at(&path, false));
    s.handle(RawInput::Input(Input::MouseMove(Vec2::ZERO)), SIZE);
    chord(&mut s, "b");
    let c = cell(&s, 4, 3);
    s.handle(RawInput::Press(Button::Right, c), SIZE);
    s.handle(RawInput::Release(Button::Right, c), SIZE);
    assert!(s.is_dirty());
    chord(&mut s, "ctrl+s");
    assert!(!s.is_dirty());
    let text = std::fs::read_to_string(&path).expect("saved");
    assert_eq!(text, game::level::to_text(s.editor.level()));
    // Someone else edits the file; Ctrl+S asks before overwriting.
    std::fs::write(&path, "changed elsewhere").expect("write");
    chord(&mut s, "b");
    let c = cell(&s, 3, 3);
    s.handle(RawInput::Press(Button::Right, c), SIZE);
    s.handle(RawInput::Release(Button::Right, c), SIZE);
    chord(&mut s, "ctrl+s");
    assert!(s.dialog.is_some(), "asks");
    assert_eq!(
        std::fs::read_to_string(&path).expect("read"),
        "changed elsewhere"
    );
    chord(&mut s, "enter");
    assert_eq!(
        std::fs::read_to_string(&path).expect("read"),
        game::level::to_text(s.editor.level())
    );
}

#[test]
fn a_failed_save_keeps_the_level_and_the_old_file() {
    let dir = std::env::temp_dir().join(format!("rappel-editor-fail-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    // The target is a folder: the atomic rename over it fails, as a full
    // disk or a read-only folder would, whoever runs the test.
    let path = dir.join("level.txt");
    std::fs::create_dir_all(path.join("inside")).expect("dirs");
    let level = list::new_level("Kept 5x4").expect("level");
    let mut s = EditorScreen::new(level, Document::at(&path, false));
    s.handle(RawInput::Input(Input::MouseMove(Vec2::ZERO)), SIZE);
    chord(&mut s, "b");
    let c = cell(&s, 4, 3);
    s.handle(RawInput::Press(Button::Right, c), SIZE);
    s.handle(RawInput::Release(Button::Right, c), SIZE);
    let edited = s.editor.level().clone();
    chord(&mut s, "ctrl+s");
    assert!(
        matches!(&s.status, Some(Status::Refused(t)) if t.starts_with("Not saved")),
        "{:?}",
        s.status
    );
    assert!(s.is_dirty(), "still unsaved");
    assert_eq!(s.editor.level(), &edited, "nothing lost");
    assert!(path.join("inside").is_dir(), "what was there is untouched");
}

#[test]
fn a_file_named_with_control_characters_is_shown_escaped() {
    use game::level::fixtures::assert_shown_escaped;
    // `rappel --edit` of a path whose name holds an escape sequence, a bell
    // and a carriage return (a path cannot hold NUL).
    let dir = std::env::temp_dir().join(format!(
        "rappel-editor-hostile-{}\u{1b}[2J\u{7}\r",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("folder");
    let path = dir.join("lev\u{1b}[31m\u{7}\rel.txt");
    let raw = path.display().to_string();
    let level = list::new_level("Hostile 5x4").expect("level");
    let mut s = EditorScreen::new(level, Document::at(&path, false));
    s.handle(RawInput::Input(Input::MouseMove(Vec2::ZERO)), SIZE);
    // The top bar's name.
    assert_shown_escaped(&s.doc.display(), &raw);
    chord(&mut s, "ctrl+s");
    match &s.status {
        Some(Status::Info(t)) => {
            assert!(t.starts_with("Saved "), "{t:?}");
            assert_shown_escaped(t, &raw);
        }
        other => panic!("{other:?}"),
    }
    assert!(path.is_file(), "saved there");
    // Saved over a folder: the refusal names the file escaped too.
    std::fs::remove_file(&path).expect("remove");
    std::fs::create_dir_all(path.join("inside")).expect("folder");
    let level = list::new_level("Hostile 5x4").expect("level");
    let mut s = EditorScreen::new(level, Document::at(&path, false));
    s.handle(RawInput::Input(Input::MouseMove(Vec2::ZERO)), SIZE);
    chord(&mut s, "b");
    let c = cell(&s, 4, 3);
    s.handle(RawInput::Press(Button::Right, c), SIZE);
    s.handle(RawInput::Release(Button::Right, c), SIZE);
    chord(&mut s, "ctrl+s");
    match &s.status {
        Some(Status::Refused(t)) => {
            assert!(t.starts_with("Not saved"), "{t:?}");
            assert_shown_escaped(t, &raw);
        }
        other => panic!("{other:?}"),
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_sixty_fifth_portal_is_refused_on_screen_with_a_reason() {
    let mut s = screen(128, 2);
    chord(&mut s, "p");
    for x in 0..65 {
        let a = s.screen_pos_of_edge(EdgePos::horizontal(x, 0));
        let b = s.screen_pos_of_edge(EdgePos::horizontal(x, 2));
        for p in [a, b] {
            s.handle(RawInput::Press(Button::Left, p), SIZE);
            s.handle(RawInput::Release(Button::Left, p), SIZE);
        }
    }
    assert_eq!(s.editor.level().grid.portals().len(), 64);
    assert!(
        matches!(&s.status, Some(Status::Refused(t)) if t.contains("at most 64 portals")),
        "{:?}",
        s.status
    );
}

#[test]
fn unsaved_work_left_by_a_crash_is_offered_back_and_a_damaged_autosave_is_moved_aside() {
    let dir = std::env::temp_dir().join(format!("rappel-editor-recover-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let _data = crate::progress::test_data_folder(&dir.join("data"));
    let path = dir.join("mine.txt");
    let saved = list::new_level("Mine 6x4").expect("level");
    std::fs::create_dir_all(&dir).expect("dir");
    Document::at(&path, false)
        .save(&saved, false)
        .expect("saved");
    // A session edits, autosaves, then "crashes" (is dropped unsaved).
    let mut s = EditorScreen::new(saved.clone(), Document::at(&path, false));
    s.handle(RawInput::Input(Input::MouseMove(Vec2::ZERO)), SIZE);
    chord(&mut s, "b");
    let c = cell(&s, 5, 3);
    s.handle(RawInput::Press(Button::Right, c), SIZE);
    s.handle(RawInput::Release(Button::Right, c), SIZE);
    s.update(AUTOSAVE_S + 0.1);
    s.doc.flush();
    let lost = s.editor.level().clone();
    let auto = s.doc.slot().expect("a data folder").to_path_buf();
    assert!(auto.is_file(), "autosaved 3 s after the change");
    drop(s);
    // Reopening offers it; Recover brings the work back with its undo
    // history: Ctrl+Z steps back to what the file holds.
    let mut s = EditorScreen::new(saved.clone(), Document::at(&path, false));
    s.offer_recovery();
    assert!(s.dialog.is_some());
    chord(&mut s, "enter");
    assert_eq!(s.editor.level(), &lost);
    assert!(s.is_dirty(), "recovered work is unsaved");
    chord(&mut s, "ctrl+z");
    assert_eq!(s.editor.level(), &saved);
    assert!(!s.is_dirty());
    // A damaged autosave is reported and moved aside, never deleted.
    let mut bytes = std::fs::read(&auto).expect("autosave");
    let last = bytes.len() - 1;
    bytes[last] ^= 0xff;
    std::fs::write(&auto, &bytes).expect("damage");
    let mut s = EditorScreen::new(saved, Document::at(&path, false));
    s.offer_recovery();
    assert!(s.dialog.is_none());
    assert!(matches!(&s.status, Some(Status::Refused(t)) if t.contains("moved aside")));
    assert!(!auto.exists());
    assert!(auto.with_extension("rle.damaged").is_file());
}

/// Runs the editor's frames until the solver is done. No time limit: the
/// solves here are small and end within the proof's budget, which is in
/// memory, so how long they take on a loaded machine changes nothing.
pub(crate) fn wait_for_the_solver(s: &mut EditorScreen) {
    while s.is_solving() {
        std::thread::yield_now();
        s.update(0.016);
    }
}

fn status_text(s: &EditorScreen) -> String {
    match &s.status {
        Some(Status::Info(t) | Status::Refused(t)) => t.clone(),
        None => String::new(),
    }
}

#[test]
fn solve_runs_in_the_background_and_its_solution_plays_back_on_the_canvas() {
    // The knight at 0,0 and a relic two cells along: there (2 AP), pick it
    // up (1), back (2), leave — one point more than a turn has: two turns,
    // four actions.
    let mut s = screen(6, 4);
    // The Needs checks that follow a proven solve hold at their start, so
    // that none ends (and says so on the status line) in the frame the
    // solve's answer is taken, however the threads are scheduled.
    s.needs_held = true;
    chord(&mut s, "i");
    chord(&mut s, "1");
    let c = cell(&s, 2, 0);
    s.handle(RawInput::Press(Button::Left, c), SIZE);
    s.handle(RawInput::Release(Button::Left, c), SIZE);
    assert!(s.editor.level().thing("relic").is_some());
    // The Solve button starts it; the status line is its progress.
    let button = s.layout().solve.centre();
    s.handle(RawInput::Press(Button::Left, button), SIZE);
    s.handle(RawInput::Release(Button::Left, button), SIZE);
    assert!(s.is_solving() || status_text(&s).contains("solved"));
    if s.is_solving() {
        assert!(s.solver_line().is_some_and(|l| l.starts_with("Solving: ")));
    }
    wait_for_the_solver(&mut s);
    // What it needs is being checked (held): the solve's own words.
    let said = status_text(&s);
    assert!(
        said.starts_with("Solved: 2 turns, 4 actions, the fewest: proven · 98 positions searched"),
        "{said}"
    );
    assert_eq!(
        s.solver_line().as_deref(),
        Some("Solved: 2 turns, 4 actions, the fewest: proven · F7 plays it")
    );
    // F7: the canvas shows the playback's stage, an action a step.
    chord(&mut s, "f7");
    let start = s.playback_stage().expect("playing back");
    assert_eq!(start.turn(), 1);
    let mut steps = 0;
    while s
        .playback_stage()
        .is_some_and(|st| st.outcome() != game::stage::Outcome::Cleared)
    {
        s.update(playback::STEP_S);
        steps += 1;
        assert!(steps < 50, "the playback ends");
    }
    // Four actions and an end of turn.
    assert_eq!(steps, 5);
    let said = status_text(&s);
    assert!(said.contains("cleared in 2 turn(s), 4 actions"), "{said}");
    // Any key stops it and does nothing else; editing resumes.
    chord(&mut s, "q");
    assert!(s.playback_stage().is_none());
    assert_eq!(s.tool, Tool::Item, "the key only stopped the playback");
    assert!(status_text(&s).starts_with("Playback stopped"));
    // A changed level is not played back with an old solution.
    let c = cell(&s, 4, 0);
    s.handle(RawInput::Press(Button::Left, c), SIZE);
    s.handle(RawInput::Release(Button::Left, c), SIZE);
    chord(&mut s, "f7");
    assert!(s.playback_stage().is_none());
    assert_eq!(
        s.status,
        Some(Status::Refused(
            "The level changed since it was solved: F6 solves it again (or undo back to it)".into()
        ))
    );
}

#[test]
fn the_editor_gives_the_solver_no_time_or_position_limit_only_memory() {
    assert_eq!(solving::LIMITS.max_time, None);
    assert_eq!(solving::LIMITS.max_states, u64::MAX);
    assert_eq!(solving::LIMITS.max_memory, Some(solving::MEMORY));
}

/// The editor on a shipped level.
fn shipped(name: &str) -> EditorScreen {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../levels")
        .join(name);
    let level = game::level::load_file(&path).expect("a shipped level loads");
    let mut s = EditorScreen::new(level, Document::default());
    s.handle(RawInput::Input(Input::MouseMove(Vec2::ZERO)), SIZE);
    s
}

/// Solves the level with F6, stopped each time `stop_every` more
/// positions are searched and sent on with F6, and returns what the top
/// bar and the status line say at the end. The stops are points of the
/// search (`Progress::pause_at`), not moments, so they land at the same
/// positions however loaded the machine; the editor takes such a hold as
/// its F6 stop.
fn solve_with_stops(s: &mut EditorScreen, stop_every: Option<u64>) -> (String, String) {
    s.solve_pause_at = stop_every;
    chord(s, "f6");
    let mut stops = 0;
    while s.is_solving() {
        let holds = s.solver_progress().map_or(0, Progress::holds);
        if stop_every.is_some() && holds > stops {
            stops += 1;
            assert!(s.is_solver_stopped());
            let line = s.solver_line().unwrap_or_default();
            assert!(line.starts_with("Stopped at "), "{line}");
            assert!(line.ends_with("F6 keeps searching"), "{line}");
            // Held: nothing more is searched until F6 again.
            let held = s.solver_progress().map(Progress::states);
            for _ in 0..100 {
                std::thread::yield_now();
                s.update(0.016);
                assert!(s.is_solver_stopped());
                assert_eq!(s.solver_progress().map(Progress::states), held);
            }
            if let (Some(every), Some(p)) = (stop_every, s.solver_progress()) {
                p.pause_at(p.states() + every);
            }
            chord(s, "f6");
            assert!(status_text(s).starts_with("Searching on from "));
            assert!(!s.is_solver_stopped());
        }
        std::thread::yield_now();
        s.update(0.016);
    }
    if stop_every.is_some() {
        assert!(stops > 0, "the search was never stopped on the way");
    }
    (s.solver_line().unwrap_or_default(), status_text(s))
}

#[test]
fn the_verdict_is_the_same_on_a_busy_machine_and_after_stops_and_keep_searching() {
    // Watcher hall: 4 turns, the fewest, proven after some fifty thousand
    // positions.
    let quiet = solve_with_stops(&mut shipped("watcher_hall.txt"), None);
    assert!(
        quiet.0.starts_with("Solved: 4 turns, ") && quiet.0.contains("the fewest: proven"),
        "{quiet:?}"
    );
    // Stopped every few thousand positions and sent on again: the same
    // answer after the same positions (the search was held, not restarted).
    let stopped = solve_with_stops(&mut shipped("watcher_hall.txt"), Some(5_000));
    assert_eq!(stopped, quiet);
    // Busy: a thread spinning on every core meanwhile.
    let spin = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let spinners: Vec<_> = (0..2)
        .map(|_| {
            let spin = std::sync::Arc::clone(&spin);
            std::thread::spawn(move || {
                while spin.load(std::sync::atomic::Ordering::Relaxed) {
                    std::hint::spin_loop();
                }
            })
        })
        .collect();
    let busy = solve_with_stops(&mut shipped("watcher_hall.txt"), None);
    spin.store(false, std::sync::atomic::Ordering::Relaxed);
    for t in spinners {
        t.join().expect("spinner");
    }
    assert_eq!(busy, quiet);
}

#[test]
fn solve_can_be_stopped_started_afresh_after_an_edit_and_needs_a_level_without_problems() {
    let mut s = shipped("watcher_hall.txt");
    chord(&mut s, "f6");
    chord(&mut s, "f6");
    assert!(s.is_solver_stopped());
    assert!(status_text(&s).starts_with("Stopped at "));
    chord(&mut s, "f7");
    assert!(matches!(&s.status, Some(Status::Refused(t)) if t.starts_with("Still solving")));
    // Edited while stopped: F6 solves the level as it now stands.
    let held = s.solver_progress().map(|p| p as *const Progress);
    let revision = s.editor.revision();
    chord(&mut s, "b");
    let c = cell(&s, 0, 3);
    s.handle(RawInput::Press(Button::Left, c), SIZE);
    s.handle(RawInput::Release(Button::Left, c), SIZE);
    assert_ne!(s.editor.revision(), revision, "the level was edited");
    chord(&mut s, "f6");
    assert!(s.is_solving() && !s.is_solver_stopped());
    assert_ne!(s.solver_progress().map(|p| p as *const Progress), held);
    assert!(status_text(&s).starts_with("Solving"));
    let mut s = screen(16, 10);
    // Without a hero the level has a problem: no solving.
    chord(&mut s, "q");
    let c = cell(&s, 0, 0);
    s.handle(RawInput::Press(Button::Left, c), SIZE);
    s.handle(RawInput::Release(Button::Left, c), SIZE);
    chord(&mut s, "delete");
    assert!(!s.editor.problems().is_empty());
    chord(&mut s, "f6");
    assert!(!s.is_solving());
    assert!(matches!(&s.status, Some(Status::Refused(t)) if t.starts_with("Can't solve: ")));
}

/// A room four cells square with the sorceress alone; a platform ledge
/// (the floor of 3,3) holds the idol out of reach but for her levitation,
/// and portal `a` joins the two side walls of the top row, where nobody
/// walks.
pub(super) fn ledge_with_a_portal() -> EditorScreen {
    const LEDGE: &str = "[level]
name = \"Ledge\"

[grid]
#########
a.......a
#......-#
#.......#
#.......#
#.......#
#.......#
#@......#
#########

[things]
sorceress = hero sorceress at 0,0
idol = item idol at 3,3 flags ACQUIRE|PLACE|RELIC

[portals]
a = straight
";
    let level = game::level::load_text("ledge.txt", LEDGE).expect("loads");
    let mut s = EditorScreen::new(level, Document::default());
    s.handle(RawInput::Input(Input::MouseMove(Vec2::ZERO)), SIZE);
    s
}

/// Runs the editor's frames until the Needs checks are done (no time
/// limit, as [`wait_for_the_solver`]).
pub(super) fn wait_for_the_needs(s: &mut EditorScreen) {
    while s.is_solving() || s.is_checking_needs() {
        std::thread::yield_now();
        s.update(0.016);
    }
}

#[test]
fn after_a_proven_solve_the_needs_panel_says_what_the_level_needs_and_an_edit_clears_it() {
    let mut s = ledge_with_a_portal();
    assert!(s.needs_rows().is_empty());
    chord(&mut s, "f6");
    wait_for_the_needs(&mut s);
    assert!(status_text(&s).starts_with("Needs: every check done"));
    // She floats the idol down off the ledge and leaves with it in one
    // turn; without levitation no line of play reaches it, and the portal
    // up where nobody walks changes nothing.
    assert_eq!(
        s.solver_line().as_deref(),
        Some("Solved: 1 turn, 3 actions, the fewest: proven · F7 plays it")
    );
    assert_eq!(
        s.needs_rows(),
        [
            "levitate: needed (no solution at all: proven)",
            "portal:a: not needed (1 turn, the same)",
            "item:idol: needed (clearing it takes 1 relic, and 0 would be left)",
        ]
    );
    // An edit (a rope coil dropped on the floor): the answers were for the
    // level as it was.
    chord(&mut s, "c");
    let c = cell(&s, 2, 0);
    s.handle(RawInput::Press(Button::Left, c), SIZE);
    s.handle(RawInput::Release(Button::Left, c), SIZE);
    assert_eq!(s.editor.level().things.len(), 3, "the coil is placed");
    assert!(s.needs_rows().is_empty());
    s.update(0.016);
    assert!(s.needs_rows().is_empty() && !s.is_checking_needs());
}

#[test]
fn a_needs_check_claims_only_what_its_search_proved() {
    use game::solve::{Report, Solution, Stop};
    let report = |solution: Option<u32>, none_within, complete, stopped| Report {
        solution: solution.map(|turns| Solution {
            actions: Vec::new(),
            turns,
        }),
        none_within,
        complete,
        unsolvable: false,
        stopped,
        max_turns: 30,
        states: 12_345,
        kept: 0,
        replays: 0,
        memory: 0,
        elapsed: std::time::Duration::ZERO,
    };
    let said = |r: Report| needs::answer(&r, 4);
    assert_eq!(
        said(report(Some(4), 3, true, None)),
        "not needed (4 turns, the same)"
    );
    assert_eq!(
        said(report(Some(5), 4, true, None)),
        "saves a turn (5 turns without)"
    );
    assert_eq!(
        said(report(Some(7), 6, false, Some(Stop::Budget))),
        "saves 3 turns (7 turns without)"
    );
    // Fewer turns without it, proven: it is in the way (a watcher).
    assert_eq!(
        said(report(Some(2), 1, true, None)),
        "costs 2 turns (2 turns without)"
    );
    assert_eq!(
        said(report(None, 30, true, None)),
        "needed (no solution within 30 turns: proven)"
    );
    // Stopped with a longer line and shorter ones not ruled out: nothing
    // is claimed.
    assert_eq!(
        said(report(Some(6), 4, false, Some(Stop::Cancelled))),
        "not decided (stopped at 12,345 positions)"
    );
    assert_eq!(
        said(report(None, 2, false, Some(Stop::Memory))),
        "not decided (stopped at 12,345 positions, the editor's memory limit)"
    );
}

#[test]
fn f6_holds_a_needs_check_and_goes_on_to_the_same_answers() {
    let mut s = shipped("watcher_hall.txt");
    chord(&mut s, "f6");
    wait_for_the_solver(&mut s);
    // The solve's answer was taken and the first check started: F6 holds it.
    assert!(s.is_checking_needs());
    chord(&mut s, "f6");
    assert!(s.is_needs_stopped() && !s.is_solving());
    assert!(status_text(&s).starts_with("Needs: stopped at "));
    let held = s.needs_rows();
    for _ in 0..100 {
        std::thread::yield_now();
        s.update(0.016);
        assert_eq!(s.needs_rows(), held, "a held check searches nothing");
    }
    assert!(
        held.iter().any(|r| r.ends_with(" positions · F6 goes on")),
        "{held:?}"
    );
    chord(&mut s, "f6");
    assert!(!s.is_needs_stopped());
    wait_for_the_needs(&mut s);
    // The watchers' hall asks nothing of the heroes but its relic.
    assert_eq!(
        s.needs_rows(),
        [
            "levitate: not needed (4 turns, the same)",
            "long-drop: not needed (4 turns, the same)",
            "step-up: not needed (4 turns, the same)",
            "heavy-carry: not needed (4 turns, the same)",
            "item:relic: needed (clearing it takes 1 relic, and 0 would be left)",
            "watcher:guard: costs 1 turn (3 turns without)",
        ]
    );
}

#[test]
fn the_needs_panel_checks_each_hero_s_rope_and_each_watcher() {
    let s = shipped("rope_descent.txt");
    let checks: Vec<String> = needs::checks_for(s.editor.level())
        .iter()
        .map(|m| m.to_string())
        .collect();
    assert!(checks.contains(&"rope:knight".to_string()), "{checks:?}");
    let s = shipped("watcher_hall.txt");
    let checks: Vec<String> = needs::checks_for(s.editor.level())
        .iter()
        .map(|m| m.to_string())
        .collect();
    assert_eq!(checks.last().map(String::as_str), Some("watcher:guard"));
    assert!(!checks.iter().any(|c| c.starts_with("rope:")), "{checks:?}");
}

/// Issue 35: every Needs row reads in full (wrapped in the box, at the
/// smallest window the editor is made for too), a click selects one, and
/// F7 then plays the line that check found without that element.
#[test]
fn a_needs_row_reads_in_full_and_f7_plays_the_line_found_without_it() {
    let mut s = ledge_with_a_portal();
    chord(&mut s, "f6");
    wait_for_the_needs(&mut s);
    let rows = s.needs_rows();
    for size in [(1280, 720), (640, 360)] {
        let l = tools::layout(size);
        let shown = panels::wrapped_rows(&l, rows.iter().map(String::as_str));
        assert!(!shown.is_empty());
        for ((_, lines), row) in shown.iter().zip(&rows) {
            assert_eq!(&lines.join(" "), row, "every word of the row is shown");
        }
    }
    let l = s.layout();
    let click_row = |s: &mut EditorScreen, i: usize| {
        let shown = panels::wrapped_rows(&l, rows.iter().map(String::as_str));
        let p = Vec2::new(l.problems.x + 20.0, shown[i].0 + 4.0);
        s.handle(RawInput::Input(Input::MouseMove(p)), SIZE);
        s.handle(RawInput::Press(Button::Left, p), SIZE);
        s.handle(RawInput::Release(Button::Left, p), SIZE);
    };
    // Needed: no line to play.
    click_row(&mut s, 0);
    assert_eq!(s.needs_view().0, Some(0));
    assert!(
        status_text(&s).contains("without levitate no line was found"),
        "{}",
        status_text(&s)
    );
    // Not needed: the line found without the portal plays, titled.
    click_row(&mut s, 1);
    assert_eq!(s.needs_view().0, Some(1));
    assert!(
        status_text(&s).contains("without portal:a — a line of 1 turn"),
        "{}",
        status_text(&s)
    );
    chord(&mut s, "f7");
    assert!(s.playback_stage().is_some(), "playing");
    assert!(status_text(&s).starts_with("Without portal:a: playing the line found"));
    s.update(1.0);
    assert!(
        status_text(&s).starts_with("Without portal:a · Turn 1"),
        "{}",
        status_text(&s)
    );
    let portals = s.playback_stage().map(|st| st.grid().portals().len());
    assert_eq!(portals, Some(0), "the level as taken away");
    chord(&mut s, "escape");
    assert!(s.playback_stage().is_none());
    // Clicked again: unselected, F7 plays the solution.
    click_row(&mut s, 1);
    assert_eq!(s.needs_view().0, None);
    chord(&mut s, "f7");
    assert!(status_text(&s).starts_with("Playing the solution back"));
}
