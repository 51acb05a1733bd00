//! The screen stack driven by synthetic input, no GL: the flow between
//! screens, winning and retreating, the campaign's end, the pause menu.
use super::*;
use input::Input;
use pause::PauseAction;
use results::ResultsAction;
use std::path::Path;

const SIZE: (u32, u32) = (1280, 720);

pub(super) fn screens() -> Screens {
    let campaign = Campaign::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../levels"));
    Screens::new(campaign, Progress::empty(None))
}

pub(super) fn key(s: &mut Screens, k: Key) -> Option<AppRequest> {
    s.handle(Input::Key(k), SIZE)
}

/// Escape (the pause menu), then `action`'s entry chosen by keys.
pub(super) fn pause_and_choose(s: &mut Screens, action: PauseAction) {
    key(s, Key::Escape);
    assert!(matches!(s.top(), Screen::Pause(_)), "paused");
    let at = pause::ENTRIES
        .iter()
        .position(|e| *e == action)
        .expect("an entry");
    for _ in 0..at {
        key(s, Key::Down);
    }
    key(s, Key::Enter);
}

#[test]
fn title_back_to_level_select_to_play_to_pause_and_back() {
    let mut s = screens();
    assert!(matches!(s.top(), Screen::Title(_)));
    key(&mut s, Key::Enter);
    assert!(
        matches!(s.top(), Screen::PlayList(_)),
        "Play lists the campaign and packs"
    );
    key(&mut s, Key::Enter);
    assert!(matches!(s.top(), Screen::LevelSelect(_)));
    key(&mut s, Key::Escape);
    assert!(matches!(s.top(), Screen::PlayList(_)), "Escape goes back");
    key(&mut s, Key::Escape);
    assert!(matches!(s.top(), Screen::Title(_)));
    key(&mut s, Key::Enter);
    key(&mut s, Key::Enter);
    key(&mut s, Key::Enter);
    assert!(matches!(s.top(), Screen::Play(_)));
    assert_eq!(s.play().unwrap().level_name, "Loop-back room");
    assert!(s.play().unwrap().intro_open());
    // Any key but Enter, Space, E and Escape closes the intro and acts:
    // a step left, through the portal.
    key(&mut s, Key::Left);
    assert!(!s.play().unwrap().intro_open());
    assert_eq!(
        s.play().unwrap().session.undo_log().undoable(),
        1,
        "it moved"
    );
    key(&mut s, Key::Escape);
    assert!(matches!(s.top(), Screen::Pause(_)));
    key(&mut s, Key::Escape);
    assert!(matches!(s.top(), Screen::Play(_)), "Escape resumes");
    // Pause → Restart: back at the start, as an undoable step.
    key(&mut s, Key::Escape);
    key(&mut s, Key::Down);
    key(&mut s, Key::Enter);
    assert!(matches!(s.top(), Screen::Play(_)));
    let play = s.play().unwrap();
    assert_eq!(
        play.session.undo_log().undoable(),
        2,
        "the step and the restart"
    );
    // Pause → Level select, → Quit.
    pause_and_choose(&mut s, PauseAction::LevelSelect);
    assert!(matches!(s.top(), Screen::LevelSelect(_)));
    assert!(s.play().is_none());
    key(&mut s, Key::Enter);
    assert!(
        s.play().unwrap().intro_open(),
        "a level not cleared: its intro"
    );
    key(&mut s, Key::Escape);
    assert!(
        matches!(s.top(), Screen::Play(_)),
        "Escape closes the intro only"
    );
    key(&mut s, Key::Escape);
    key(&mut s, Key::Up);
    assert_eq!(key(&mut s, Key::Enter), Some(AppRequest::Quit));
    assert_eq!(
        key(&mut s, Key::Fullscreen),
        Some(AppRequest::ToggleFullscreen)
    );
    assert_eq!(key(&mut s, Key::Screenshot), Some(AppRequest::Screenshot));
}

#[test]
fn level_notes_from_the_pause_menu_say_enter_goes_back_not_that_it_starts() {
    use play::intro::Shown;
    let mut s = screens();
    key(&mut s, Key::Enter);
    key(&mut s, Key::Enter);
    key(&mut s, Key::Enter);
    assert_eq!(s.play().unwrap().intro_shown(), Some(Shown::AtStart));
    assert!(Shown::AtStart
        .footer(&input::Keymap::default())
        .contains("to start"));
    key(&mut s, Key::Left); // Closes the card and moves.
    pause_and_choose(&mut s, PauseAction::Notes);
    let p = s.play().expect("back in the level");
    assert_eq!(p.intro_shown(), Some(Shown::Reopened));
    let footer = Shown::Reopened.footer(&input::Keymap::default());
    assert!(!footer.contains("start"), "{footer}");
    assert!(footer.contains("go back"), "{footer}");
    // Enter closes the card only: the game goes on where it was.
    key(&mut s, Key::Enter);
    let p = s.play().unwrap();
    assert_eq!(p.intro_shown(), None);
    assert_eq!(p.session.undo_log().undoable(), 1, "the step, kept");
}

#[test]
fn the_editor_test_plays_comes_back_unchanged_and_asks_before_quitting() {
    use input::{Chord, RawInput};
    let mut s = screens();
    key(&mut s, Key::Down);
    key(&mut s, Key::Enter);
    assert!(matches!(s.top(), Screen::EditorList(_)));
    let level = editor::list::new_level("Room 6x4").expect("level");
    s.open_editor(level, editor::document::Opening::New);
    let chord = |s: &mut Screens, c: &str| {
        s.handle_raw(RawInput::Chord(Chord::parse(c).expect("chord")), SIZE)
    };
    chord(&mut s, "r");
    chord(&mut s, "f5");
    assert!(matches!(s.top(), Screen::Play(_)), "test play");
    key(&mut s, Key::Right);
    key(&mut s, Key::Escape);
    assert!(matches!(s.top(), Screen::Editor(_)), "Esc returns");
    let e = s.editor().expect("editor");
    assert_eq!(e.tool, editor::tools::Tool::Room, "as it was");
    assert_eq!(e.editor.history().undoable(), 0);
    // Quitting with unsaved changes asks first; Discard then quits.
    s.editor_mut()
        .expect("editor")
        .editor
        .edit("rock", "cell", |l| {
            game::edit::op::paint_cell(
                l,
                game::grid::CellPos::new(5, 3),
                game::grid::CellKind::Rock,
            )
        })
        .expect("rock");
    assert!(!s.request_quit());
    assert!(s.editor().expect("editor").dialog.is_some());
    chord(&mut s, "right");
    assert_eq!(chord(&mut s, "enter"), Some(AppRequest::Quit));
}

/// A test play won comes back to a result card (issue 35): how it went
/// against the par, "Back to editing" and "Test again".
#[test]
fn a_test_play_won_shows_a_result_card_that_can_test_again() {
    use input::{Chord, RawInput};
    let mut s = screens();
    let level = editor::list::new_level("Room 6x4").expect("level");
    s.open_editor(level, editor::document::Opening::New);
    let chord = |s: &mut Screens, c: &str| {
        s.handle_raw(RawInput::Chord(Chord::parse(c).expect("chord")), SIZE)
    };
    chord(&mut s, "f5");
    assert!(matches!(s.top(), Screen::Play(_)), "test play");
    everybody_leaves(&mut s);
    assert!(matches!(s.top(), Screen::Editor(_)), "back in the editor");
    let card = s
        .editor()
        .and_then(|e| e.dialog.clone())
        .expect("a result card");
    assert_eq!(card.title, "Test play: cleared!");
    assert!(card.message.contains("in 1 turn."), "{}", card.message);
    assert!(card.message.contains("no par yet"), "{}", card.message);
    chord(&mut s, "right");
    chord(&mut s, "enter");
    assert!(
        matches!(s.top(), Screen::Play(_)),
        "Test again plays it again"
    );
}

/// Every hero still in leaves (each chooses Leave from the context
/// menu), the selected one first.
pub(super) fn everybody_leaves(s: &mut Screens) {
    for hero in 0..3u8 {
        key(s, Key::Hero(hero));
        key(s, Key::Context);
        let Some(menu) = s.play().and_then(|p| p.context_menu()) else {
            continue;
        };
        let i = menu
            .entries
            .iter()
            .position(|e| e.label.starts_with("Leave"))
            .expect("Leave on the menu");
        for _ in 0..i {
            key(s, Key::Down);
        }
        key(s, Key::Enter);
    }
}

/// The loop-back room cleared by keys: the scout fetches the relic
/// through the portal and back, then everybody leaves.
pub(super) fn clear_loop_back(s: &mut Screens) {
    key(s, Key::Hero(1));
    key(s, Key::Left);
    key(s, Key::Context);
    key(s, Key::Enter); // Pick up relic: the first entry there.
    key(s, Key::Right);
    everybody_leaves(s);
}

#[test]
fn clearing_records_progress_unlocks_the_next_level_and_offers_it() {
    let mut s = screens();
    let level = s.campaign.levels[0].level.clone().unwrap();
    s.start_level(level, Some(0)).unwrap();
    let files: Vec<String> = s.campaign.levels.iter().map(|e| e.file.clone()).collect();
    let files: Vec<&str> = files.iter().map(String::as_str).collect();
    assert!(!s.progress.unlocked(&files, 1));
    clear_loop_back(&mut s);
    let Screen::Results(r) = s.top() else {
        panic!("results after the last hero leaves");
    };
    assert_eq!(r.result.relics, 1);
    assert_eq!(r.retreat_needed, None, "cleared");
    assert!(r.has_next);
    assert!(s.progress.unlocked(&files, 1));
    // Next level: the relic unlocked the long rope, so the loadout
    // screen first; Start (nothing handed out) plays it.
    key(&mut s, Key::Enter);
    let Screen::LevelSelect(l) = s.top() else {
        panic!("the loadout screen");
    };
    let start = l.loadout.as_ref().expect("open").start_entry();
    for _ in 0..start {
        key(&mut s, Key::Down);
    }
    key(&mut s, Key::Enter);
    assert_eq!(s.play().unwrap().level_name, "Rope descent", "Next level");
}

#[test]
fn a_clear_under_par_is_marked_on_the_results() {
    let mut s = screens();
    let mut level = s.campaign.levels[0].level.clone().unwrap();
    assert_eq!(level.par, Some(1));
    s.start_level(level.clone(), Some(0)).unwrap();
    clear_loop_back(&mut s);
    let Screen::Results(r) = s.top() else {
        panic!("results");
    };
    assert_eq!(r.turns_line(), "Turns used: 1 (par 1)", "at par");
    // The same clear in a level whose par is two turns: under it.
    level.par = Some(2);
    let mut s = screens();
    s.start_level(level, Some(0)).unwrap();
    clear_loop_back(&mut s);
    let Screen::Results(r) = s.top() else {
        panic!("results");
    };
    assert_eq!(r.turns_line(), "Turns used: 1 — under par (2)!");
}

#[test]
fn a_clear_with_equipment_names_it_on_the_results() {
    let mut s = screens();
    let level = s.campaign.levels[0].level.clone().unwrap();
    let loadout = game::equipment::Loadout::parse("knight:spare_bucket").unwrap();
    s.start_level_with(level, Some(0), loadout).unwrap();
    clear_loop_back(&mut s);
    let Screen::Results(r) = s.top() else {
        panic!("results");
    };
    assert_eq!(
        r.turns_line(),
        "Turns used: 1 with the spare bucket (par 1)"
    );
    // The best keeps the equipment chosen.
    let best = s.progress.best("loop_back.txt").expect("won");
    assert_eq!(
        best.equipment,
        game::equipment::EquipmentSet::of(&[game::equipment::Equipment::SpareBucket])
    );
}

#[test]
fn the_results_name_only_the_equipment_chosen_not_what_the_level_requires() {
    use game::equipment::{Equipment, EquipmentSet, Loadout};
    let mut s = screens();
    // The first level, as if it required the spare bucket.
    let required = EquipmentSet::of(&[Equipment::SpareBucket]);
    if let Ok(level) = &mut s.campaign.levels[0].level {
        level.requires = required;
    }
    let level = s.campaign.levels[0].level.clone().unwrap();
    s.start_level_with(
        level,
        Some(0),
        Loadout::required(&s.campaign.levels[0].level.clone().unwrap()),
    )
    .unwrap();
    clear_loop_back(&mut s);
    let Screen::Results(r) = s.top() else {
        panic!("results");
    };
    assert_eq!(
        r.turns_line(),
        "Turns used: 1 (par 1)",
        "required: no choice"
    );
    let mut s = screens();
    if let Ok(level) = &mut s.campaign.levels[0].level {
        level.requires = required;
    }
    let level = s.campaign.levels[0].level.clone().unwrap();
    let loadout = Loadout::parse("knight:long_rope knight:spare_bucket").unwrap();
    s.start_level_with(level, Some(0), loadout).unwrap();
    clear_loop_back(&mut s);
    let Screen::Results(r) = s.top() else {
        panic!("results");
    };
    assert_eq!(
        r.turns_line(),
        "Turns used: 1 with the long rope (par 1)",
        "the chosen piece only"
    );
}

#[test]
fn a_win_is_saved_in_one_write_so_a_kill_after_any_write_keeps_it() {
    let dir = std::env::temp_dir().join(format!("rappel-one-write-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let path = dir.join("progress.txt");
    let campaign = Campaign::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../levels"));
    let mut s = Screens::new(campaign, Progress::empty(Some(path.clone())));
    let level = s.campaign.levels[0].level.clone().unwrap();
    s.start_level(level, Some(0)).unwrap();
    // The game is killed after its next write reaches the disk.
    crate::progress::crash::kill_after_writes(1);
    clear_loop_back(&mut s);
    let Screen::Results(r) = s.top() else {
        panic!("results");
    };
    assert_eq!((r.result.relics, r.retreat_needed), (1, None), "cleared");
    // What the next run finds: the win, and its relic.
    let after = Progress::load(Some(path));
    assert!(after.won("loop_back.txt"), "the win survives the kill");
    assert_eq!(after.relics_recovered("loop_back.txt"), 1);
    assert_eq!(after.notice, None);
    let written = crate::progress::crash::written();
    assert_eq!(written.len(), 1, "one write for one win: {written:?}");
    assert!(
        written[0].contains("\nloop_back.txt 1 1 ")
            && written[0].contains("\nrelics loop_back.txt 1\n"),
        "the result and the relics together: {}",
        written[0]
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn leaving_without_the_relic_is_a_retreat_that_unlocks_nothing() {
    let mut s = screens();
    let level = s.campaign.levels[0].level.clone().unwrap();
    s.start_level(level, Some(0)).unwrap();
    let files: Vec<String> = s.campaign.levels.iter().map(|e| e.file.clone()).collect();
    let files: Vec<&str> = files.iter().map(String::as_str).collect();
    everybody_leaves(&mut s);
    let Screen::Results(r) = s.top() else {
        panic!("results after the last hero leaves");
    };
    assert_eq!(r.result.relics, 0);
    assert_eq!(r.retreat_needed, Some(1), "a retreat");
    assert!(!r.has_next, "no Next level");
    assert!(!s.progress.unlocked(&files, 1), "nothing unlocks");
    assert_eq!(s.progress.best("loop_back.txt"), None, "no best result");
    // Go back in: the last hero's leaving is undone.
    assert_eq!(r.entries()[0], ResultsAction::GoBack);
    key(&mut s, Key::Enter);
    let p = s.play().expect("back in the level");
    assert!(matches!(s.top(), Screen::Play(_)));
    assert_eq!(p.session.stage().outcome(), game::stage::Outcome::Playing);
}

#[test]
fn a_retreat_still_counts_its_relics_towards_equipment() {
    let mut s = screens();
    // The loop-back room with a second relic beside the first: one
    // brought out is a retreat.
    let mut level = s.campaign.levels[0].level.clone().unwrap();
    let mut second = level.thing("relic").cloned().expect("the relic");
    second.id = "relic_2".into();
    level.things.push(second);
    s.campaign.levels[0].level = Ok(level.clone());
    s.start_level(level, Some(0)).unwrap();
    clear_loop_back(&mut s);
    let Screen::Results(r) = s.top() else {
        panic!("results");
    };
    assert_eq!(
        (r.result.relics, r.retreat_needed),
        (1, Some(2)),
        "a retreat"
    );
    assert_eq!(r.notice, None, "the results screen as it was");
    assert!(!s.progress.won("loop_back.txt"), "nothing unlocks");
    assert_eq!(s.progress.relics_recovered("loop_back.txt"), 1);
    assert_eq!(
        s.progress.unlocked_equipment(),
        [game::equipment::Equipment::LongRope],
        "but the relic counts"
    );
    // The level list says so, once.
    pause_and_choose_results_level_select(&mut s);
    let Screen::LevelSelect(l) = s.top() else {
        panic!("the level list");
    };
    assert_eq!(
        l.notice.as_deref(),
        Some("Unlocked: the long rope (1 relic recovered)")
    );
}

/// The results screen's Level select entry, chosen by keys.
fn pause_and_choose_results_level_select(s: &mut Screens) {
    let Screen::Results(r) = s.top() else {
        panic!("results");
    };
    let at = r
        .entries()
        .iter()
        .position(|e| *e == ResultsAction::LevelSelect)
        .expect("Level select");
    for _ in 0..at {
        key(s, Key::Down);
    }
    key(s, Key::Enter);
}

#[test]
fn clearing_the_last_level_completes_the_campaign() {
    let mut s = screens();
    // A campaign of the loop-back room alone: clearing it clears all.
    s.campaign.levels.truncate(1);
    let level = s.campaign.levels[0].level.clone().unwrap();
    s.start_level(level, Some(0)).unwrap();
    clear_loop_back(&mut s);
    let Screen::Results(r) = s.top() else {
        panic!("results");
    };
    assert!(r.campaign_complete);
    assert_eq!(r.par, Some(1));
    assert!(!r.has_next);
}

#[test]
fn a_clear_replaces_a_best_won_on_an_earlier_version_of_the_level() {
    let mut s = screens();
    let level = s.campaign.levels[0].level.clone().unwrap();
    let now = game::io::save::level_fingerprint(&level);
    let earlier = crate::progress::LevelResult {
        relics: 1,
        relics_total: 1,
        turns: 1,
        hints: 0,
        level: Some(now ^ 1),
        equipment: game::equipment::EquipmentSet::EMPTY,
    };
    s.progress.record("loop_back.txt", earlier);
    s.start_level(level, Some(0)).unwrap();
    clear_loop_back(&mut s);
    let Screen::Results(r) = s.top() else {
        panic!("results");
    };
    assert!(r.new_best(), "as many turns, but on the level as it is now");
    assert_eq!(
        r.best_line(),
        "New best! (was 1 relic in 1 turn on an earlier version)"
    );
    let best = s.progress.best("loop_back.txt").expect("won");
    assert_eq!(
        (best.turns, best.level),
        (1, Some(now)),
        "the level it was won on"
    );
}

/// The palette is a setting: changed, it shows on the next frame of the
/// level in play (paused too), and every level, editor and test play
/// opened later starts in it.
#[test]
fn the_palette_applies_at_once_and_to_every_screen_opened_after() {
    use world::Palette;
    let assets = Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets");
    let mut font = Font::load(&assets.join("fonts/DejaVuSans.ttf")).expect("font");
    let atlas = SpriteAtlas::load(&assets.join("atlas/sprites.json"), render::TextureSlot(1))
        .expect("atlas");
    // Which palette's hatch the frame draws the guard's sight in.
    let mut drawn_in = |s: &Screens| {
        let mut list = DrawList::new();
        s.draw(&mut list, &mut font, &atlas, SIZE);
        let has = |p: Palette| {
            let hatch = render::colour::to_rgba8(p.colours().danger_hatch);
            list.vertices().iter().any(|v| v.colour == hatch)
        };
        Palette::ALL
            .into_iter()
            .filter(|&p| has(p))
            .collect::<Vec<_>>()
    };
    let levels = Path::new(env!("CARGO_MANIFEST_DIR")).join("../levels");
    let mut s = screens();
    assert_eq!(s.palette(), Palette::Standard);
    s.open_level_file(&levels.join("watcher_hall.txt"))
        .expect("opens");
    key(&mut s, Key::Escape);
    assert!(!s.play().unwrap().intro_open());
    assert_eq!(drawn_in(&s), [Palette::Standard]);
    s.set_palette(Palette::ColourBlind);
    assert_eq!(s.palette(), Palette::ColourBlind);
    assert_eq!(drawn_in(&s), [Palette::ColourBlind], "at once");
    // Paused: the level drawn beneath changes too.
    key(&mut s, Key::Escape);
    assert!(matches!(s.top(), Screen::Pause(_)));
    s.set_palette(Palette::Standard);
    assert_eq!(drawn_in(&s), [Palette::Standard]);
    s.set_palette(Palette::ColourBlind);
    key(&mut s, Key::Escape);
    assert_eq!(drawn_in(&s), [Palette::ColourBlind]);
    // The next level, the editor and its test play start in it.
    s.open_level_file(&levels.join("night_haul.txt"))
        .expect("opens");
    assert_eq!(s.play().unwrap().palette, Palette::ColourBlind);
    let level = editor::list::new_level("Room 6x4").expect("level");
    s.open_editor(level, editor::document::Opening::New);
    assert_eq!(s.editor().unwrap().palette, Palette::ColourBlind);
    let f5 = input::Chord::parse("f5").expect("chord");
    s.handle_raw(input::RawInput::Chord(f5), SIZE);
    assert!(matches!(s.top(), Screen::Play(_)), "test play");
    assert_eq!(s.play().unwrap().palette, Palette::ColourBlind);
    s.set_palette(Palette::Standard);
    assert_eq!(s.play().unwrap().palette, Palette::Standard);
    assert_eq!(s.editor().unwrap().palette, Palette::Standard, "beneath it");
}
