//! Tests of the level select screen.
use super::*;
use crate::progress::LevelResult;
use crate::screens::input::Key;
use std::path::Path;

fn campaign() -> Campaign {
    Campaign::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../levels"))
}

const SIZE: Vec2 = Vec2::new(1280.0, 720.0);

#[test]
fn only_unlocked_levels_play_and_locked_ones_say_why() {
    let c = campaign();
    let mut p = Progress::empty(None);
    let mut s = LevelSelectScreen::new(&c, &p);
    assert_eq!(s.menu.selected, 0);
    s.handle(Input::Key(Key::Down), SIZE, &c, &p);
    assert_eq!(s.handle(Input::Key(Key::Enter), SIZE, &c, &p), None);
    assert!(s
        .notice
        .as_deref()
        .is_some_and(|n| n.contains("Loop-back room")));
    // Won without a relic (nothing unlocked: no loadout screen).
    let won = LevelResult {
        relics: 0,
        relics_total: 1,
        turns: 1,
        hints: 0,
        level: None,
        equipment: game::equipment::EquipmentSet::EMPTY,
    };
    p.record("loop_back.txt", won);
    assert_eq!(
        s.handle(Input::Key(Key::Enter), SIZE, &c, &p),
        Some(LevelSelectAction::Play(1))
    );
    assert_eq!(
        LevelSelectScreen::new(&c, &p).menu.selected,
        1,
        "resumes at the first not won"
    );
    let l = layout(SIZE, c.levels.len());
    assert_eq!(
        s.handle(Input::Click(l.items[0].centre()), SIZE, &c, &p),
        Some(LevelSelectAction::Play(0))
    );
    assert_eq!(
        s.handle(Input::Key(Key::Escape), SIZE, &c, &p),
        Some(LevelSelectAction::Back)
    );
}

#[test]
fn a_level_with_a_game_in_progress_asks_resume_or_restart() {
    let c = campaign();
    let p = Progress::empty(None);
    let mut progress = vec![false; c.levels.len()];
    progress[0] = true;
    let mut s = LevelSelectScreen::new(&c, &p).with_games_in_progress(progress, Some(0));
    assert_eq!(s.handle(Input::Key(Key::Enter), SIZE, &c, &p), None, "asks");
    assert!(s.asking.is_some());
    assert_eq!(
        s.handle(Input::Key(Key::Enter), SIZE, &c, &p),
        Some(LevelSelectAction::Resume {
            index: 0,
            restart: false
        })
    );
    s.handle(Input::Key(Key::Enter), SIZE, &c, &p);
    s.handle(Input::Key(Key::Down), SIZE, &c, &p);
    assert_eq!(
        s.handle(Input::Key(Key::Enter), SIZE, &c, &p),
        Some(LevelSelectAction::Resume {
            index: 0,
            restart: true
        })
    );
    // Escape closes the question, then leaves.
    s.handle(Input::Key(Key::Enter), SIZE, &c, &p);
    assert_eq!(s.handle(Input::Key(Key::Escape), SIZE, &c, &p), None);
    assert!(s.asking.is_none());
    // The mouse answers too.
    s.handle(Input::Key(Key::Enter), SIZE, &c, &p);
    let rects = choice_layout(SIZE, layout(SIZE, c.levels.len()).scale);
    assert_eq!(
        s.handle(Input::Click(rects.items[1].centre()), SIZE, &c, &p),
        Some(LevelSelectAction::Resume {
            index: 0,
            restart: true
        })
    );
}

#[test]
fn with_equipment_unlocked_a_level_opens_the_loadout_screen_first() {
    let c = campaign();
    let mut p = Progress::empty(None);
    p.record(
        "loop_back.txt",
        LevelResult {
            relics: 1,
            relics_total: 1,
            turns: 1,
            hints: 0,
            level: None,
            equipment: game::equipment::EquipmentSet::EMPTY,
        },
    );
    assert_eq!(
        relics_line(&p),
        "1 relic recovered · equipment: long rope · second rope at 2"
    );
    let mut s = LevelSelectScreen::new(&c, &p);
    assert_eq!(s.menu.selected, 1);
    assert_eq!(s.handle(Input::Key(Key::Enter), SIZE, &c, &p), None);
    let screen = s.loadout.as_ref().expect("the loadout screen");
    assert_eq!(screen.index, 1);
    assert_eq!(screen.level().name, "Rope descent");
    // Back: the list again, on the level.
    s.handle(Input::Key(Key::Escape), SIZE, &c, &p);
    assert!(s.loadout.is_none());
    assert_eq!(s.menu.selected, 1);
    // Again, the long rope to the knight, then Start.
    s.handle(Input::Key(Key::Enter), SIZE, &c, &p);
    s.handle(Input::Key(Key::Right), SIZE, &c, &p);
    let start = s.loadout.as_ref().map(|l| l.start_entry()).unwrap_or(0);
    s.loadout.as_mut().expect("open").menu.selected = start;
    assert_eq!(
        s.handle(Input::Key(Key::Enter), SIZE, &c, &p),
        Some(LevelSelectAction::Start {
            index: 1,
            loadout: Loadout::parse("knight:long_rope").unwrap()
        })
    );
    assert!(s.loadout.is_none(), "closed");
    // Without anything unlocked the level plays at once.
    let none = Progress::empty(None);
    let mut s = LevelSelectScreen::new(&c, &none);
    assert_eq!(
        s.handle(Input::Key(Key::Enter), SIZE, &c, &none),
        Some(LevelSelectAction::Play(0))
    );
    assert_eq!(relics_line(&none), "0 relics recovered · long rope at 1");
}

#[test]
fn a_best_under_par_is_marked_with_its_turns() {
    let c = campaign();
    let level = c.levels[1].level.as_ref().expect("loads");
    assert_eq!(level.par, Some(4), "Rope descent");
    let best = |turns| LevelResult {
        relics: 1,
        relics_total: 1,
        turns,
        hints: 0,
        level: None,
        equipment: game::equipment::EquipmentSet::EMPTY,
    };
    assert_eq!(
        level_line(level, Some(&best(3)), ""),
        "bring out 1 relic · won · best: 1 of 1 relics, 3 turns — under par (4)!"
    );
    assert_eq!(
        level_line(level, Some(&best(4)), ""),
        "bring out 1 relic · par 4 turns · won · best: 1 of 1 relics in 4 turns"
    );
    assert_eq!(
        level_line(level, None, "not won yet"),
        "bring out 1 relic · par 4 turns · not won yet"
    );
}

#[test]
fn a_best_won_on_an_earlier_version_of_the_level_says_so_and_not_under_par() {
    let c = campaign();
    let level = c.levels[1].level.as_ref().expect("loads");
    assert_eq!(level.par, Some(4), "Rope descent");
    let now = game::io::save::level_fingerprint(level);
    let best = |turns, level| LevelResult {
        relics: 1,
        relics_total: 1,
        turns,
        hints: 0,
        level,
        equipment: game::equipment::EquipmentSet::EMPTY,
    };
    assert_eq!(
        level_line(level, Some(&best(3, Some(now ^ 1))), ""),
        "bring out 1 relic · par 4 turns · won · best: 1 of 1 relics, 3 turns (earlier version)"
    );
    // Won on the level as it is now: held against the par as ever.
    assert_eq!(
        level_line(level, Some(&best(3, Some(now))), ""),
        "bring out 1 relic · won · best: 1 of 1 relics, 3 turns — under par (4)!"
    );
    // Kept by an older build (no fingerprint): nothing can be known, shown
    // as before.
    assert_eq!(
        level_line(level, Some(&best(3, None)), ""),
        "bring out 1 relic · won · best: 1 of 1 relics, 3 turns — under par (4)!"
    );
}

#[test]
fn a_best_won_with_equipment_names_it_beside_its_turns() {
    use game::equipment::{Equipment, EquipmentSet};
    let c = campaign();
    let keep = c
        .levels
        .iter()
        .find(|e| e.file == "the_keep.txt")
        .and_then(|e| e.level.as_ref().ok())
        .expect("the keep loads");
    assert_eq!(keep.par, Some(5));
    let best = |turns, equipment: &[Equipment]| LevelResult {
        relics: 1,
        relics_total: 1,
        turns,
        hints: 0,
        level: Some(game::io::save::level_fingerprint(keep)),
        equipment: EquipmentSet::of(equipment),
    };
    assert_eq!(
        level_line(keep, Some(&best(3, &[Equipment::SecondRope])), ""),
        "bring out 1 relic · won · best: 1 of 1 relics, 3 turns with the second rope — under par (5)!"
    );
    assert_eq!(
        level_line(
            keep,
            Some(&best(5, &[Equipment::LongRope, Equipment::SpareBucket])),
            ""
        ),
        "bring out 1 relic · par 5 turns · won · best: 1 of 1 relics in 5 turns with the long rope and the spare bucket"
    );
}

#[test]
fn each_level_shows_its_goal_and_par() {
    let c = campaign();
    let goals: Vec<String> = c
        .levels
        .iter()
        .map(|e| goal(e.level.as_ref().expect("loads")))
        .collect();
    assert_eq!(goals[0], "bring out 1 relic · par 1 turn");
    let haul = c
        .levels
        .iter()
        .position(|e| e.file == "heavy_haul.txt")
        .expect("in the campaign");
    assert_eq!(goals[haul], "bring out 1 relic · par 5 turns");
}

#[test]
fn ten_levels_sit_in_two_columns_and_left_right_move_across() {
    let c = campaign();
    assert!(c.levels.len() > 6);
    let p = Progress::empty(None);
    let l = layout(SIZE, c.levels.len());
    let rows = c.levels.len().div_ceil(2);
    assert!(
        l.items[rows].x > l.items[0].x + l.items[0].w,
        "a second column"
    );
    assert_eq!(l.items[rows].y, l.items[0].y);
    let mut s = LevelSelectScreen::new(&c, &p);
    s.handle(Input::Key(Key::Right), SIZE, &c, &p);
    assert_eq!(s.menu.selected, rows);
    s.handle(Input::Key(Key::Left), SIZE, &c, &p);
    assert_eq!(s.menu.selected, 0);
}

/// Every level button of the campaign (and two more levels) holds its
/// name and its longest status line inside its border, at the window
/// sizes players use.
#[test]
fn each_buttons_text_fits_inside_it() {
    use render::text::measure;
    let assets = Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets");
    let mut font = Font::load(&assets.join("fonts/DejaVuSans.ttf")).expect("font");
    let c = campaign();
    let best = LevelResult {
        relics: 1,
        relics_total: 1,
        turns: 99,
        hints: 0,
        level: None,
        equipment: game::equipment::EquipmentSet::EMPTY,
    };
    let pack = as_pack(campaign());
    for size in [SIZE, Vec2::new(1024.0, 600.0)] {
        for count in [c.levels.len(), c.levels.len() + 2] {
            let l = layout(size, count);
            let border = (3.0 * l.scale).round();
            let line_h = font.line_metrics(l.label_px).line_height_px;
            let small_h = font.line_metrics(l.status_px).line_height_px;
            for (i, rect) in l.items.iter().enumerate() {
                let (top, status_top) = item_text_tops(*rect, line_h, small_h);
                assert!(top >= rect.y + border, "{size} {count}: {i} {rect:?} {top}");
                assert!(
                    status_top + small_h <= rect.y + rect.h - border,
                    "{size} {count}: level {} {rect:?}: the status line ends at {} below its border",
                    i + 1,
                    status_top + small_h
                );
                let Some(entry) = c.levels.get(i) else {
                    continue;
                };
                let level = entry.level.as_ref().expect("loads");
                let name = format!("{}. {}", i + 1, entry.name());
                let earlier = LevelResult {
                    level: Some(!game::io::save::level_fingerprint(level)),
                    ..best
                };
                let equipped = LevelResult {
                    turns: 1,
                    equipment: game::equipment::EquipmentSet::of(&game::equipment::Equipment::ALL),
                    ..best
                };
                let longest = [
                    level_line(level, Some(&best), ""),
                    level_line(level, Some(&equipped), ""),
                    level_line(level, Some(&earlier), ""),
                    level_line(level, None, "won · a game in progress"),
                    locked_line(&pack, i.max(1)),
                ];
                let texts = [(name, l.label_px)]
                    .into_iter()
                    .chain(longest.into_iter().map(|t| (t, l.status_px)));
                for (text, px) in texts {
                    let px = fit_px(&mut font, &text, px, rect.w - 2.0 * border);
                    let w = measure(&mut font, &text, &TextStyle::new(px, render::WHITE)).x;
                    assert!(
                        w <= rect.w - 2.0 * border,
                        "{size}: {text:?} {w} in {rect:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn the_list_fits_on_screen() {
    for size in [SIZE, Vec2::new(640.0, 360.0), Vec2::new(800.0, 1200.0)] {
        let l = layout(size, 12);
        for r in &l.items {
            assert!(
                r.x >= 0.0 && r.x + r.w <= size.x && r.y + r.h <= size.y,
                "{size}: {r:?}"
            );
        }
        assert!(l.title_at.y + l.title_px <= l.relics_at.y);
        assert!(l.relics_at.y + l.small_px <= l.items[0].y, "{size}");
    }
}

/// The campaign's levels as a level pack's.
fn as_pack(mut c: Campaign) -> Campaign {
    c.pack = Some(crate::levels::PackInfo {
        folder: "mine".into(),
        name: "Mine".into(),
        author: String::new(),
        description: String::new(),
    });
    c
}

#[test]
fn a_packs_locked_level_says_why_and_choosing_it_twice_plays_it_out_of_order() {
    let p = Progress::empty(None);
    let enter =
        |s: &mut LevelSelectScreen, c: &Campaign| s.handle(Input::Key(Key::Enter), SIZE, c, &p);
    // The campaign: a locked level stays locked however often it is
    // chosen; its button and the notice say what opens it.
    let c = campaign();
    let mut s = LevelSelectScreen::new(&c, &p);
    s.handle(Input::Key(Key::Down), SIZE, &c, &p);
    assert_eq!(enter(&mut s, &c), None);
    assert_eq!(enter(&mut s, &c), None, "never out of order");
    assert_eq!(
        s.notice.as_deref(),
        Some("Locked: win “Loop-back room” first")
    );
    assert_eq!(locked_line(&c, 1), "locked: win “Loop-back room” first");
    // A pack: the first choice says why it is locked and how to play it
    // now; the second plays it.
    let pack = as_pack(campaign());
    assert_eq!(
        locked_line(&pack, 1),
        "locked: win “Loop-back room” first, or choose it twice to play it now"
    );
    let mut s = LevelSelectScreen::new(&pack, &p);
    s.handle(Input::Key(Key::Down), SIZE, &pack, &p);
    assert_eq!(enter(&mut s, &pack), None, "asked first");
    let notice = s.notice.clone().unwrap_or_default();
    assert!(
        notice.starts_with("“Rope descent” is locked until you win “Loop-back room”")
            && notice.contains("Choose it again (or click it) to play it now, out of order"),
        "{notice}"
    );
    assert_eq!(enter(&mut s, &pack), Some(LevelSelectAction::Play(1)));
    // Moving away in between forgets the first choice: it asks again.
    assert_eq!(enter(&mut s, &pack), None);
    s.handle(Input::Key(Key::Down), SIZE, &pack, &p);
    s.handle(Input::Key(Key::Up), SIZE, &pack, &p);
    assert_eq!(enter(&mut s, &pack), None, "asked again");
    // Two clicks on a locked button do the same.
    let third = layout(SIZE, pack.levels.len()).items[2].centre();
    assert_eq!(s.handle(Input::Click(third), SIZE, &pack, &p), None);
    assert!(s
        .notice
        .as_deref()
        .unwrap_or_default()
        .contains("“The scout's drop” is locked"));
    assert_eq!(
        s.handle(Input::Click(third), SIZE, &pack, &p),
        Some(LevelSelectAction::Play(2))
    );
}
