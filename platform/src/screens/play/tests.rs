//! The play screen driven by synthetic input, no GL: keys and the mouse in,
//! session state and screen state out.
use std::path::Path;

use game::grid::CellPos;
use game::things::ThingFlags;

use super::*;
use crate::screens::input::{Input, Key};

const SIZE: (u32, u32) = (1280, 720);

fn level(name: &str) -> Level {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../levels")
        .join(name);
    game::level::load_file(&path).unwrap()
}

/// What the tests' hints may search: positions, not play's second, so a
/// hint answers the same however loaded the machine (the well from its
/// start finds a line in far fewer).
const HINT_BUDGET: game::solve::Budget = game::solve::Budget::Positions(300_000);

fn screen(name: &str) -> PlayScreen {
    let mut s = PlayScreen::new(&level(name)).unwrap();
    s.set_hint_budget(HINT_BUDGET);
    s
}

/// A campaign level as it plays (with the equipment it requires) and its
/// shipped solution.
struct CampaignLine {
    file: String,
    path: std::path::PathBuf,
    shipped: Level,
    played: Level,
    solution: Vec<game::action::Action>,
}

/// Every campaign level with its shipped solution, in campaign order.
fn campaign_lines() -> Vec<CampaignLine> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../levels");
    crate::levels::Campaign::load(&dir)
        .levels
        .into_iter()
        .map(|entry| {
            let shipped = entry.level.clone().expect("loads");
            let loadout = game::equipment::Loadout::required(&shipped);
            let played = game::equipment::equip(&shipped, &loadout).expect("equips");
            let solution = crate::levels::shipped_solution(&entry.path, &played)
                .unwrap_or_else(|| panic!("{}: a solution", entry.file));
            CampaignLine {
                file: entry.file.clone(),
                path: entry.path.clone(),
                shipped,
                played,
                solution,
            }
        })
        .collect()
}

/// Watcher hall: the scout walks out from behind the first pillar into
/// the guard's sight (the round's end catches her).
fn scout_into_the_guards_sight(s: &mut PlayScreen) {
    key(s, Key::Hero(1));
    let scout = s.selected_hero().unwrap();
    s.perform(game::action::Action::Move {
        hero: scout,
        to: game::action::Target::Cell(CellPos::new(3, 1)),
    });
}

fn key(s: &mut PlayScreen, k: Key) -> Option<PlayAction> {
    s.handle(Input::Key(k), SIZE)
}

/// Ends the turn as a player does: Enter, and Enter again when asked
/// (some hero still has action points).
fn end_turn(s: &mut PlayScreen) {
    key(s, Key::Enter);
    if s.mode.confirming_end_turn() {
        key(s, Key::Enter);
    }
}

fn cell_of_selected(s: &PlayScreen) -> CellPos {
    s.session
        .stage()
        .cell_of(s.selected_hero().unwrap())
        .unwrap()
}

/// Moves hero `index` to grid cell `cell` (the rules' own move, as set-up).
fn go(s: &mut PlayScreen, index: u8, cell: CellPos) {
    key(s, Key::Hero(index));
    let hero = s.selected_hero().unwrap();
    s.perform(game::action::Action::Move {
        hero,
        to: game::action::Target::Cell(cell),
    });
    assert_eq!(cell_of_selected(s), cell, "{:?}", s.message());
}

fn ap_of_selected(s: &PlayScreen) -> u8 {
    let hero = s.selected_hero().unwrap();
    s.session.stage().thing(hero).unwrap().data.action_points
}

/// Presses Down until the context menu's entry starting with `label` is
/// selected, then Enter.
fn choose(s: &mut PlayScreen, label: &str) -> Option<PlayAction> {
    key(s, Key::Context);
    let menu = s.context_menu().expect("the menu opens");
    let i = menu
        .entries
        .iter()
        .position(|e| e.label.starts_with(label))
        .unwrap_or_else(|| panic!("no `{label}` in {:?}", menu.entries));
    for _ in 0..i {
        key(s, Key::Down);
    }
    key(s, Key::Enter)
}

#[test]
fn arrows_step_and_undo_redo_take_the_step_back_and_again() {
    let mut s = screen("loop_back.txt");
    assert_eq!(cell_of_selected(&s), CellPos::new(0, 0));
    // Left: out through the portal in the left wall and in at the right,
    // behind the wall: (1, 0).
    key(&mut s, Key::Left);
    assert_eq!(cell_of_selected(&s), CellPos::new(1, 0));
    assert_eq!(ap_of_selected(&s), 3);
    assert!(s.tween().is_some(), "the step is animated");
    key(&mut s, Key::Undo);
    assert_eq!(cell_of_selected(&s), CellPos::new(0, 0));
    assert_eq!(ap_of_selected(&s), 4);
    assert_eq!(s.message(), Some(&Message::Info("Undone".into())));
    let tween = s.tween().expect("undo animates back");
    let hero = s.selected_hero().unwrap();
    let way = &tween
        .movers
        .iter()
        .find(|m| m.thing == hero)
        .unwrap()
        .points;
    assert_eq!(way.first(), Some(&Vec2::NEG_X), "from where the step ended");
    assert_eq!(way.last(), Some(&Vec2::ZERO));
    key(&mut s, Key::Redo);
    assert_eq!(cell_of_selected(&s), CellPos::new(1, 0));
    key(&mut s, Key::Redo);
    assert_eq!(s.message(), Some(&Message::Info("Nothing to redo".into())));
    // Left again: the wall between the cells, refused. Right: back through
    // the portal to the entrance; right again, the wall.
    key(&mut s, Key::Left);
    assert!(matches!(s.message(), Some(Message::Refused(_))));
    assert_eq!(cell_of_selected(&s), CellPos::new(1, 0));
    key(&mut s, Key::Right);
    assert_eq!(cell_of_selected(&s), CellPos::new(0, 0));
    key(&mut s, Key::Right);
    assert!(matches!(s.message(), Some(Message::Refused(_))));
    assert_eq!(cell_of_selected(&s), CellPos::new(0, 0));
    key(&mut s, Key::Left);
    assert_eq!(cell_of_selected(&s), CellPos::new(1, 0));
    // Up: no rope to climb; the refusal is the message.
    key(&mut s, Key::Up);
    assert!(
        matches!(s.message(), Some(Message::Refused(_))),
        "{:?}",
        s.message()
    );
    assert_eq!(cell_of_selected(&s), CellPos::new(1, 0));
}

#[test]
fn a_new_input_finishes_the_running_tween() {
    let mut s = screen("loop_back.txt");
    key(&mut s, Key::Left);
    assert!(s.tween().is_some());
    s.update(0.01);
    assert!(s.tween().is_some(), "still running after 10 ms");
    s.handle(Input::MouseMove(Vec2::new(5.0, 300.0)), SIZE);
    assert!(s.tween().is_some(), "pointer motion does not cut it short");
    key(&mut s, Key::ZoomIn);
    assert!(s.tween().is_none(), "a key finishes it at once");
    key(&mut s, Key::Right);
    assert!(s.tween().is_some(), "the walk back");
    s.update(1.0);
    assert!(s.tween().is_none(), "and it ends by itself");
}

/// Issue 36: a cell in mid-air under the pointer is refused saying that
/// nobody stops in the air, and the preview marks where a hero there
/// would land (the rules' landing, not the screen's guess).
#[test]
fn hovering_a_cell_in_mid_air_says_so_and_marks_the_landing() {
    let mut s = screen("the_scouts_drop.txt");
    key(&mut s, Key::Hero(1));
    let air = CellPos::new(0, 3);
    let at = s.screen_pos_of_cell(air, SIZE).expect("in sight");
    s.handle(Input::MouseMove(at), SIZE);
    let p = s.preview().expect("a preview");
    let Err(game::action::Refusal::MidAir { lands, cells }) = p.outcome else {
        panic!("{p:?}");
    };
    assert_eq!(
        (lands, cells),
        (
            CellPos::new(0, 3 - i32::from(cells)),
            s.session
                .stage()
                .fall_from(air, game::stage::support::Faller::Hero)
                .cells()
        )
    );
    let landing = p.mid_air_landing(&s.view).expect("the landing is marked");
    assert_eq!(landing.x, p.target.x, "straight below");
    assert_eq!(landing.y, p.target.y - i32::from(cells));
    assert!(
        s.hint()
            .starts_with("Can't go there: cannot stop in mid-air"),
        "{}",
        s.hint()
    );
}

#[test]
fn hovering_previews_and_clicking_commits_the_move() {
    let mut s = screen("rope_descent.txt");
    let proj = s.projection(SIZE);
    // The knight at the entrance (0,6); (1,6) is the next cell right.
    let target = proj.cell_centre(ViewPos::new(1, 0));
    s.handle(Input::MouseMove(target), SIZE);
    assert_eq!(s.hover(), Some(ViewPos::new(1, 0)));
    let p = s.preview().expect("a preview");
    let path = p.outcome.as_ref().expect("reachable");
    assert_eq!(path.cost, 1);
    assert_eq!(path.steps.len(), 1);
    assert_eq!(path.falls(), 0);
    assert_eq!(
        cell_of_selected(&s),
        CellPos::new(0, 6),
        "a preview changes nothing"
    );
    // Over the shaft: nowhere to stand, refused with the reason.
    s.handle(Input::MouseMove(proj.cell_centre(ViewPos::new(2, 0))), SIZE);
    let p = s.preview().expect("a preview");
    assert!(p.outcome.is_err(), "{p:?}");
    assert_eq!(
        s.hint(),
        "Can't go there: too far to fall: 6 cells, safe is 2",
        "the hint line says why before any click"
    );
    s.handle(Input::Click(proj.cell_centre(ViewPos::new(2, 0))), SIZE);
    assert!(
        matches!(s.message(), Some(Message::Refused(_))),
        "{:?}",
        s.message()
    );
    // Out of sight: the bottom of the shaft is not hovered at all.
    s.handle(
        Input::MouseMove(proj.cell_centre(ViewPos::new(2, -6))),
        SIZE,
    );
    assert_eq!((s.hover(), s.preview()), (None, None));
    s.handle(Input::Click(target), SIZE);
    assert_eq!(cell_of_selected(&s), CellPos::new(1, 6));
    assert_eq!(ap_of_selected(&s), 3);
}

#[test]
fn the_loop_back_room_is_won_by_keys_alone() {
    let mut s = screen("loop_back.txt");
    key(&mut s, Key::Hero(1));
    assert_eq!(
        s.session.stage().hero_kind(s.selected_hero().unwrap()),
        Some(game::things::HeroKind::Scout)
    );
    assert!(s.camera.offset == Vec2::ZERO, "same cell: nothing to glide");
    // Left, through the portal, to the relic behind the wall; right, back
    // through it.
    key(&mut s, Key::Left);
    assert_eq!(choose(&mut s, "Pick up relic"), None);
    let scout = s.selected_hero().unwrap();
    assert!(s.session.stage().held(scout).is_some());
    key(&mut s, Key::Right);
    assert_eq!(choose(&mut s, "Leave the level"), None);
    assert!(s.session.stage().has_flag(scout, ThingFlags::EXITED));
    assert_ne!(s.selected_hero(), Some(scout), "the next hero is selected");
    assert_eq!(choose(&mut s, "Leave the level"), None);
    let won = choose(&mut s, "Leave the level");
    assert_eq!(
        won,
        Some(PlayAction::Won(LevelResult {
            relics: 1,
            relics_total: 1,
            turns: 1,
            hints: 0,
            level: None,
            equipment: game::equipment::EquipmentSet::EMPTY,
        }))
    );
}

#[test]
fn enter_ends_the_turn_escape_pauses_and_r_restarts_undoably() {
    let mut s = screen("rope_descent.txt");
    key(&mut s, Key::Right);
    // AP left: Enter asks first, naming who has some; Escape goes on.
    assert_eq!(key(&mut s, Key::Enter), None);
    assert!(s.mode.confirming_end_turn());
    let asked = format!("{:?}", s.message());
    assert!(
        asked.contains("End the turn?") && asked.contains("The knight has 3 AP"),
        "{asked}"
    );
    assert_eq!(key(&mut s, Key::Escape), None, "Escape only cancels");
    assert_eq!(s.session.stage().turn(), 1);
    assert!(!s.mode.confirming_end_turn());
    // Enter, Enter: the turn ends.
    key(&mut s, Key::Enter);
    assert_eq!(key(&mut s, Key::Enter), None);
    assert_eq!(s.session.stage().turn(), 2);
    assert_eq!(ap_of_selected(&s), 4, "AP refilled");
    assert_eq!(key(&mut s, Key::Escape), Some(PlayAction::Pause));
    key(&mut s, Key::Restart);
    assert_eq!(s.session.stage().turn(), 1);
    assert_eq!(cell_of_selected(&s), CellPos::new(0, 6));
    key(&mut s, Key::Undo);
    assert_eq!(s.session.stage().turn(), 2, "restart is undone");
    assert_eq!(cell_of_selected(&s), CellPos::new(1, 6));
}

#[test]
fn e_right_after_enter_opens_the_actions_menu_and_never_ends_the_turn() {
    let mut s = screen("rope_descent.txt");
    key(&mut s, Key::Right);
    // AP left: Enter asks; E goes on, opening the menu of the hero's cell
    // on the position as it stands (the turn not ended).
    key(&mut s, Key::Enter);
    assert!(s.mode.confirming_end_turn());
    assert_eq!(key(&mut s, Key::Context), None);
    assert_eq!(s.session.stage().turn(), 1, "E does not end the turn");
    assert_eq!(ap_of_selected(&s), 3);
    assert!(!s.mode.confirming_end_turn());
    assert!(s.context_menu().is_some(), "E opens the actions menu");
    key(&mut s, Key::Escape);
    // Nothing to ask: Enter ends the turn at once and E, pressed while the
    // round's tween still runs, opens the menu on the new turn.
    s.confirm_end_turn = false;
    key(&mut s, Key::Enter);
    assert_eq!(s.session.stage().turn(), 2);
    key(&mut s, Key::Context);
    assert!(s.context_menu().is_some(), "E opens the menu on turn 2");
    assert_eq!(s.session.stage().turn(), 2);
}

#[test]
fn switching_heroes_keeps_the_map_still_and_skips_those_who_left() {
    let mut s = screen("rope_descent.txt");
    key(&mut s, Key::Right);
    key(&mut s, Key::Right);
    assert!(
        matches!(s.message(), Some(Message::Refused(_))),
        "the second step would fall down the shaft: {:?}",
        s.message()
    );
    let knight = s.selected_hero().unwrap();
    let knight_cell = s.session.stage().cell_of(knight).unwrap();
    s.settle();
    let drawn_at = s.screen_pos_of_cell(knight_cell, SIZE).unwrap();
    key(&mut s, Key::NextHero);
    assert_ne!(s.selected_hero(), Some(knight));
    // The scout is on screen and clear of the HUD: nothing moves, now or
    // later.
    assert_eq!(s.screen_pos_of_cell(knight_cell, SIZE), Some(drawn_at));
    s.update(0.5);
    assert_eq!(s.camera.offset, Vec2::ZERO, "no glide");
    assert_eq!(s.screen_pos_of_cell(knight_cell, SIZE), Some(drawn_at));
    assert_eq!(choose(&mut s, "Leave"), None);
    // The scout left; Tab skips her, 2 says why not.
    key(&mut s, Key::Hero(1));
    assert!(matches!(s.message(), Some(Message::Refused(_))));
    key(&mut s, Key::Hero(0));
    key(&mut s, Key::NextHero);
    assert_eq!(
        s.session.stage().hero_kind(s.selected_hero().unwrap()),
        Some(game::things::HeroKind::Sorceress)
    );
}

#[test]
fn clicking_a_portrait_selects_and_the_help_panel_toggles() {
    let mut s = screen("loop_back.txt");
    let l = s.hud_layout(SIZE);
    s.handle(Input::Click(l.portraits[2].centre()), SIZE);
    assert_eq!(s.selected_hero(), Some(s.heroes()[2]));
    key(&mut s, Key::Help);
    assert!(s.help_open());
    key(&mut s, Key::Escape);
    assert!(!s.help_open(), "Escape closes help, not the level");
}

#[test]
fn e_on_an_open_menu_closes_it_and_enter_or_space_choose() {
    // The well: a click on one's own hero opens the actions menu; the
    // next E closes it and does nothing (not its first entry).
    let mut s = screen("the_well.txt");
    let click_hero = |s: &mut PlayScreen| {
        let at = s.screen_pos_of_cell(cell_of_selected(s), SIZE).unwrap();
        s.handle(Input::Click(at), SIZE);
        s.context_menu()
            .expect("a click on the hero opens the menu")
            .entries[0]
            .label
            .clone()
    };
    let first = click_hero(&mut s);
    assert_eq!(key(&mut s, Key::Context), None);
    assert!(s.context_menu().is_none(), "E closes the menu");
    assert_eq!(s.session.undo_log().undoable(), 0, "and does nothing");
    assert_eq!(s.message(), None);
    // Enter chooses the selected entry, and so does Space (gamepad A).
    let chosen = |s: &PlayScreen| (s.session.undo_log().undoable(), s.context_menu().is_none());
    key(&mut s, Key::Context);
    key(&mut s, Key::Enter);
    assert_eq!(chosen(&s), (1, true), "Enter did {first:?}");
    let next = click_hero(&mut s);
    key(&mut s, Key::Space);
    assert_eq!(chosen(&s), (2, true), "Space did {next:?}");
}

#[test]
fn the_context_menu_closes_on_escape_and_a_click_outside() {
    let mut s = screen("loop_back.txt");
    key(&mut s, Key::Context);
    assert!(s.context_menu().is_some());
    key(&mut s, Key::Escape);
    assert!(s.context_menu().is_none());
    s.handle(Input::RightClick(Vec2::new(600.0, 300.0)), SIZE);
    assert!(s.context_menu().is_some());
    s.handle(Input::Click(Vec2::new(2.0, 200.0)), SIZE);
    assert!(s.context_menu().is_none());
}

#[test]
fn the_sorceress_levitates_an_item_by_pointing() {
    let mut s = screen("loop_back.txt");
    key(&mut s, Key::Hero(2));
    assert_eq!(choose(&mut s, "Levitate relic"), None);
    let proj = s.projection(SIZE);
    // The relic is at (1,0), behind the wall, seen through the portal at
    // view (-1,0); float it to the entrance cell, where the sorceress
    // stands, seen at (0,0).
    s.handle(Input::MouseMove(proj.cell_centre(ViewPos::new(0, 0))), SIZE);
    let p = s.preview().expect("a levitation preview");
    assert!(p.outcome.is_ok(), "{p:?}");
    s.handle(Input::Click(proj.cell_centre(ViewPos::new(0, 0))), SIZE);
    let relic = s.session.stage().find("relic").unwrap();
    assert_eq!(s.session.stage().cell_of(relic), Some(CellPos::new(0, 0)));
    assert_eq!(ap_of_selected(&s), 2);
    // Choosing again, then Escape: the choice is given up, the next click
    // moves the hero.
    key(&mut s, Key::Undo);
    choose(&mut s, "Levitate relic");
    key(&mut s, Key::Escape);
    s.handle(Input::Click(proj.cell_centre(ViewPos::new(-1, 0))), SIZE);
    assert_eq!(
        cell_of_selected(&s),
        CellPos::new(1, 0),
        "no longer levitating: the click moved the hero instead"
    );
    assert_eq!(s.session.stage().cell_of(relic), Some(CellPos::new(1, 0)));
}

#[test]
fn the_sorceress_aims_levitation_with_the_keys() {
    let mut s = screen("loop_back.txt");
    key(&mut s, Key::Hero(2));
    let relic = s.session.stage().find("relic").unwrap();
    choose(&mut s, "Levitate relic");
    // The target starts on the relic (seen left of the sorceress, behind
    // the wall, through the loop-back portal); the arrows move it over
    // cells in sight and preview there, spending nothing.
    let start = s.cursor().expect("the cursor is out");
    assert!(
        s.preview().is_none(),
        "on the relic itself: nothing to preview"
    );
    assert_eq!(start, ViewPos::new(-1, 0));
    key(&mut s, Key::Right);
    let p = s.preview().expect("a levitation preview");
    assert_eq!(p.target, ViewPos::new(0, 0));
    assert!(p.outcome.is_ok(), "{p:?}");
    key(&mut s, Key::Right);
    key(&mut s, Key::Up);
    assert_eq!(
        s.preview().map(|p| p.target),
        Some(ViewPos::new(0, 0)),
        "a wall to the right, a wall above: the target stays in sight"
    );
    assert_eq!(ap_of_selected(&s), 4, "aiming is free");
    assert_eq!(
        cell_of_selected(&s),
        CellPos::new(0, 0),
        "the arrows do not walk"
    );
    // Enter sends it, through the portal to the cell seen at (0,0): the
    // entrance.
    key(&mut s, Key::Enter);
    assert_eq!(s.session.stage().cell_of(relic), Some(CellPos::new(0, 0)));
    assert_eq!(ap_of_selected(&s), 2);
    assert!(s.mode.levitating().is_none(), "done choosing");
}

#[test]
fn a_walk_off_a_ledge_previews_its_fall() {
    // The knight on a platform two cells above the floor of an open room
    // (safe fall: 2) may walk off it.
    let text = "\
[level]
name = \"Ledge\"

[grid]
#########
#@......#
#-......#
#.......#
#.......#
#.......#
#########

[things]
knight = hero knight at 0,2
";
    let level = game::level::load_text("ledge.txt", text).unwrap();
    let mut s = PlayScreen::new(&level).unwrap();
    let proj = s.projection(SIZE);
    s.handle(
        Input::MouseMove(proj.cell_centre(ViewPos::new(0, -2))),
        SIZE,
    );
    let p = s.preview().expect("seen through the platform").clone();
    let under = p.outcome.expect("off the platform, down, and back left");
    assert_eq!((under.cost, under.falls()), (2, 2));
    assert!(!under.steps.last().unwrap().fall);
    s.handle(
        Input::MouseMove(proj.cell_centre(ViewPos::new(1, -2))),
        SIZE,
    );
    let path = s
        .preview()
        .unwrap()
        .outcome
        .clone()
        .expect("walk right, fall two");
    assert_eq!(path.cost, 1);
    assert_eq!(path.falls(), 2);
    assert!(path.steps.last().unwrap().fall);
    assert_eq!(path.steps.last().unwrap().view, ViewPos::new(1, -2));
    // The right arrow takes the same way.
    s.handle(Input::Key(Key::Right), SIZE);
    assert_eq!(cell_of_selected(&s), CellPos::new(1, 0));
}

/// The grid cells shown anywhere in `view` that `watcher` (a view built
/// from the watcher's lookout) sees, sorted.
fn seen_within(view: &GridView, watcher: &GridView, grid: &game::grid::Grid) -> Vec<CellPos> {
    let mut cells: Vec<CellPos> = view
        .nodes()
        .iter()
        .map(|n| n.cell)
        .filter(|&c| watcher.is_visible(grid, c))
        .collect();
    cells.sort_by_key(|c| (c.y, c.x));
    cells.dedup();
    cells
}

#[test]
fn the_danger_overlay_is_the_watchers_sight_within_the_heros_view() {
    let s = screen("watcher_hall.txt");
    let stage = s.session.stage();
    let grid = stage.grid();
    let guard = stage.of_kind(game::things::ThingKind::Enemy)[0];
    // The party sees the guard on the arch at 4,1; at the end of the round
    // it will look from 4,0, its next cell.
    assert!(s.view().is_visible(grid, CellPos::new(4, 1)));
    assert_eq!(danger::lookout(stage, guard), Some(CellPos::new(4, 0)));
    assert_eq!(s.danger().watchers(), &[(guard, CellPos::new(4, 0))]);
    let mut watcher = GridView::new();
    watcher.build(grid, CellPos::new(4, 0), SIGHT_RADIUS);
    let mut tinted: Vec<CellPos> = s.danger().cells().collect();
    tinted.sort_by_key(|c| (c.y, c.x));
    // Everything the guard will see, not only what the hero sees of it.
    let mut sees: Vec<CellPos> = watcher.nodes().iter().map(|n| n.cell).collect();
    sees.sort_by_key(|c| (c.y, c.x));
    sees.dedup();
    assert_eq!(tinted, sees);
    // Within the hero's view: the first pillar's top and the arch beyond
    // it; not the entrance.
    assert_eq!(
        seen_within(s.view(), &watcher, grid),
        [CellPos::new(3, 1), CellPos::new(4, 1)]
    );
    assert!(!s.danger().contains(CellPos::new(0, 0)));
}

#[test]
fn the_danger_overlay_follows_sight_through_a_portal() {
    // Two rooms split by a wall, joined by a portal in the outer walls: the
    // hero at 0,0 sees the standing watcher at 3,0 only through the portal.
    let text = "[level]\nname = \"Portal watch\"\n\n[grid]\n#########\na@..#...a\n#########\n\n\
                [things]\nknight = hero knight at 0,0\nguard = watcher at 3,0\n\n\
                [portals]\na = straight\n";
    let level = game::level::load_text("portal_watch.txt", text).unwrap();
    let s = PlayScreen::new(&level).unwrap();
    let stage = s.session.stage();
    let grid = stage.grid();
    let mut watcher = GridView::new();
    watcher.build(grid, CellPos::new(3, 0), SIGHT_RADIUS);
    let tinted: Vec<CellPos> = s.danger().cells().collect();
    for c in seen_within(s.view(), &watcher, grid) {
        assert!(tinted.contains(&c), "{c}");
    }
    assert!(s.danger().contains(CellPos::new(0, 0)), "it sees the hero");
    // The tint is drawn through the portal: the watcher's room is seen
    // (and tinted) only in the region beyond it.
    let through: Vec<CellPos> = s
        .view()
        .nodes()
        .iter()
        .filter(|n| n.stencil_id > 1 && s.danger().contains(n.cell))
        .map(|n| n.cell)
        .collect();
    assert!(through.contains(&CellPos::new(3, 0)), "{through:?}");
}

#[test]
fn hovering_a_move_into_the_watchers_sight_says_so() {
    let mut s = screen("watcher_hall.txt");
    key(&mut s, Key::Hero(1));
    let hint_at = |s: &mut PlayScreen, cell: CellPos| {
        let p = s.screen_pos_of_cell(cell, SIZE).expect("in sight");
        s.handle(Input::MouseMove(p), SIZE);
        s.hint()
    };
    let onto_pillar = hint_at(&mut s, CellPos::new(3, 1));
    assert!(
        onto_pillar.ends_with("· seen by the guard there"),
        "{onto_pillar}"
    );
    let behind_it = hint_at(&mut s, CellPos::new(2, 0));
    assert!(
        behind_it.starts_with("Click to move: walk 2: 2 AP"),
        "{behind_it}"
    );
    assert!(!behind_it.contains("watcher"), "{behind_it}");
}

#[test]
fn aiming_a_levitation_never_warns_of_the_watcher_items_are_not_caught() {
    // Peephole: the sorceress at the peephole aims the statue across the
    // guard's hall; wherever it goes, no hero ends seen.
    let mut s = screen("peephole.txt");
    key(&mut s, Key::Hero(2));
    for cell in [CellPos::new(1, 0), CellPos::new(2, 0)] {
        let p = s.screen_pos_of_cell(cell, SIZE).expect("in sight");
        s.handle(Input::Click(p), SIZE);
        if cell.x == 1 {
            end_turn(&mut s);
        }
    }
    choose(&mut s, "Levitate statue");
    let danger: Vec<CellPos> = s
        .view
        .nodes()
        .iter()
        .map(|n| n.cell)
        .filter(|&c| s.danger().contains(c))
        .collect();
    let mut aimed = 0;
    for cell in danger {
        let Some(p) = s.screen_pos_of_cell(cell, SIZE) else {
            continue;
        };
        s.handle(Input::MouseMove(p), SIZE);
        if s.preview().is_some_and(|p| p.outcome.is_ok()) {
            aimed += 1;
            let hint = s.hint();
            assert!(!hint.contains("watcher"), "{cell:?}: {hint}");
        }
    }
    assert!(
        aimed > 0,
        "some cell the guard sees is in the statue's reach"
    );
}

/// The cues the screen emitted since the last look.
fn heard(s: &mut PlayScreen) -> Vec<crate::audio::Cue> {
    s.take_cues()
}

#[test]
fn a_step_undo_and_redo_are_heard_and_so_is_nothing_to_redo() {
    use crate::audio::Cue;
    let mut s = screen("loop_back.txt");
    key(&mut s, Key::Left);
    assert_eq!(heard(&mut s), [Cue::Step]);
    assert_eq!(heard(&mut s), [], "taken: the queue is empty");
    key(&mut s, Key::Undo);
    assert_eq!(heard(&mut s), [Cue::Undo]);
    key(&mut s, Key::Redo);
    assert_eq!(heard(&mut s), [Cue::Redo]);
    key(&mut s, Key::Redo);
    assert_eq!(heard(&mut s), [Cue::Refused], "nothing to redo");
    // Up: no rope to climb, refused.
    key(&mut s, Key::Up);
    assert_eq!(heard(&mut s), [Cue::Refused]);
    // Looking around makes no sound.
    key(&mut s, Key::NextHero);
    key(&mut s, Key::ZoomIn);
    s.handle(Input::MouseMove(Vec2::new(300.0, 300.0)), SIZE);
    assert_eq!(heard(&mut s), []);
    key(&mut s, Key::Restart);
    end_turn(&mut s);
    assert_eq!(heard(&mut s), [Cue::Restart, Cue::EndTurn]);
}

#[test]
fn picking_up_a_relic_leaving_and_the_last_hero_out_are_heard() {
    use crate::audio::Cue;
    let mut s = screen("loop_back.txt");
    key(&mut s, Key::Hero(1));
    key(&mut s, Key::Left);
    choose(&mut s, "Pick up relic");
    assert_eq!(heard(&mut s), [Cue::Step, Cue::PickUp]);
    key(&mut s, Key::Right);
    heard(&mut s);
    choose(&mut s, "Leave the level");
    assert_eq!(heard(&mut s), [Cue::RelicOut], "the relic left with her");
    choose(&mut s, "Leave the level");
    assert_eq!(heard(&mut s), [Cue::Leave], "empty-handed");
    let won = choose(&mut s, "Leave the level");
    assert!(matches!(won, Some(PlayAction::Won(_))), "{won:?}");
    assert_eq!(heard(&mut s), [Cue::Leave, Cue::LevelCleared]);
    // Undoing the last exit: just the rewind.
    key(&mut s, Key::Undo);
    assert_eq!(heard(&mut s), [Cue::Undo]);
}

#[test]
fn setting_down_a_rope_climb_and_the_end_of_a_round_are_heard() {
    use crate::audio::Cue;
    use game::action::{Action, DeployDir, Target};
    let mut s = screen("rope_descent.txt");
    key(&mut s, Key::Right);
    let knight = s.selected_hero().unwrap();
    s.perform(Action::DeployRope {
        hero: knight,
        dir: DeployDir::Right,
    });
    assert_eq!(heard(&mut s), [Cue::Step, Cue::RopeDeploy]);
    key(&mut s, Key::Hero(1));
    let scout = s.selected_hero().unwrap();
    let to = |x, y| Action::Move {
        hero: scout,
        to: Target::Cell(CellPos::new(x, y)),
    };
    s.perform(to(2, 6));
    s.perform(to(2, 2));
    assert_eq!(heard(&mut s), [Cue::Step, Cue::Climb]);
    end_turn(&mut s);
    assert_eq!(heard(&mut s), [Cue::EndTurn]);
    // The knight, back at the entrance, sets down what he holds: nothing.
    s.perform(Action::SetDown { hero: knight });
    assert_eq!(heard(&mut s), [Cue::Refused]);
}

#[test]
fn a_hero_caught_by_the_watcher_sounds_the_alarm_alone() {
    use crate::audio::Cue;
    let mut s = screen("watcher_hall.txt");
    scout_into_the_guards_sight(&mut s);
    assert_eq!(heard(&mut s), [Cue::Step]);
    end_turn(&mut s);
    assert_eq!(s.session.stage().outcome(), game::stage::Outcome::Lost);
    assert_eq!(heard(&mut s), [Cue::Alarm], "not the end of the round too");
    key(&mut s, Key::Undo);
    assert_eq!(heard(&mut s), [Cue::Undo]);
}

#[test]
fn hoisting_lowering_and_tying_map_to_their_cues() {
    use crate::audio::Cue;
    use game::action::Event;
    let s = screen("heavy_haul.txt");
    let stage = s.session.stage();
    let hero = s.heroes()[0];
    let bucket = stage.find("bucket").unwrap();
    let cell = stage.cell_of(hero).unwrap();
    let cues = |events: &[Event]| super::history::cues_of(stage, events, 0);
    let rope = stage.held(hero).unwrap();
    let hoist = Event::Hoist {
        rope,
        removed: Vec::new(),
        new_end: rope,
        end_cell: cell,
    };
    assert_eq!(cues(&[hoist]), [Cue::Hoist]);
    let lower = Event::Lower {
        rope,
        old_end: rope,
        cells: Vec::new(),
        first_position: 0,
    };
    assert_eq!(cues(&[lower]), [Cue::Hoist]);
    // Tied to the rope (or put in a bucket): set down; taken out: picked up.
    let detach = Event::Detach { child: bucket };
    let tie = Event::Attach {
        child: bucket,
        parent: rope,
    };
    assert_eq!(cues(&[detach.clone(), tie]), [Cue::SetDown]);
    let take = Event::Attach {
        child: bucket,
        parent: hero,
    };
    assert_eq!(cues(&[detach, take]), [Cue::PickUp]);
    assert_eq!(cues(&[Event::TakeRope { hero, rope }]), [Cue::PickUp]);
}

#[test]
fn the_help_panel_turns_to_the_rules_and_back() {
    let mut s = screen("loop_back.txt");
    key(&mut s, Key::Help);
    assert!(s.help_open());
    assert_eq!(s.help_page, help::Page::Controls);
    key(&mut s, Key::Right);
    assert!(s.help_open(), "turning the page keeps it open");
    assert_eq!(s.help_page, help::Page::Rules);
    let rules: String = help::RULES
        .iter()
        .map(|(k, v)| format!("{k} {v} "))
        .collect();
    for word in [
        "Knight",
        "Scout",
        "Sorceress",
        "heavy",
        "bucket",
        "every hero",
        "Watcher",
        "caught",
        "one item",
    ] {
        assert!(rules.contains(word), "the rules speak of {word}");
    }
    key(&mut s, Key::Escape);
    assert!(!s.help_open());
    assert_eq!(cell_of_selected(&s), CellPos::new(0, 0), "nothing moved");
    key(&mut s, Key::Help);
    assert_eq!(s.help_page, help::Page::Rules, "opens where it was left");
}

mod hint;
mod keys;
mod known_danger;
mod layout;
mod preview;
mod remembered;
mod together;
mod watcher_names;

#[test]
fn pointing_at_a_cell_never_seen_says_so() {
    let mut s = screen("rope_descent.txt");
    // Somewhere on the map, off the HUD, that no hero has seen.
    let unseen = (0..64)
        .flat_map(|i| (0..36).map(move |j| Vec2::new(i as f32 * 20.0, j as f32 * 20.0)))
        .find(|&p| {
            s.handle(Input::MouseMove(p), SIZE);
            s.hover().is_none() && !s.over_hud(p, SIZE)
        })
        .expect("a dark spot on the map");
    s.handle(Input::MouseMove(unseen), SIZE);
    assert!(s.hint().starts_with("Never seen: "), "{}", s.hint());
    // A cell in sight previews as before.
    let seen = s.projection(SIZE).cell_centre(ViewPos::new(1, 0));
    s.handle(Input::MouseMove(seen), SIZE);
    assert!(s.hint().starts_with("Click to move"), "{}", s.hint());
}
