//! Keyboard parity: Up's step up the way the hero faces, the target
//! cursor (T) and the levitation cursor, and the cost of a key move said
//! on the message line.
use game::action::{Action, DeployDir, Target};

use super::*;
use crate::screens::play::mode::Aim;

/// Moves the selected hero to grid cell `cell` (the rules' own move, as
/// set-up).
fn go(s: &mut PlayScreen, cell: CellPos) {
    let hero = s.selected_hero().unwrap();
    s.perform(Action::Move {
        hero,
        to: Target::Cell(cell),
    });
    assert_eq!(cell_of_selected(s), cell, "{:?}", s.message());
}

fn text_level(name: &str, grid: &str, things: &str) -> PlayScreen {
    let text = format!("[level]\nname = \"{name}\"\n\n[grid]\n{grid}\n[things]\n{things}\n");
    PlayScreen::new(&game::level::load_text("test.txt", &text).unwrap()).unwrap()
}

fn refused(s: &PlayScreen) -> bool {
    matches!(s.message(), Some(Message::Refused(_)))
}

#[test]
fn up_takes_the_scouts_two_cell_steps_up_in_the_scouts_drop() {
    let mut s = screen("the_scouts_drop.txt");
    key(&mut s, Key::Hero(1));
    // Down the right-hand shaft and along the bottom to the foot of the
    // left side, as the solution goes.
    go(&mut s, CellPos::new(6, 0));
    s.perform(Action::EndTurn);
    go(&mut s, CellPos::new(1, 0));
    s.perform(Action::EndTurn);
    let ap = ap_of_selected(&s);
    // Up: the two-cell step up on the left (no one-cell step there; the
    // only step up from here), then the one on the right: the way back up
    // that once only the mouse could take.
    key(&mut s, Key::Up);
    assert!(!refused(&s), "{:?}", s.message());
    assert_eq!(cell_of_selected(&s), CellPos::new(0, 2));
    key(&mut s, Key::Up);
    assert_eq!(cell_of_selected(&s), CellPos::new(1, 4));
    assert_eq!(ap_of_selected(&s), ap - 2, "1 AP a step up");
    key(&mut s, Key::Right);
    assert_eq!(cell_of_selected(&s), CellPos::new(2, 4), "at the entrance");
}

/// A one-cell dip with a one-cell step up on either side.
const DIP: &str = "\
#######
#.....#
###.###
###@###
#######
";

#[test]
fn up_steps_up_the_way_the_hero_last_turned() {
    let mut s = text_level("Dip", DIP, "scout = hero scout at 1,0");
    // Not turned yet: to the right.
    key(&mut s, Key::Up);
    assert_eq!(cell_of_selected(&s), CellPos::new(2, 1));
    key(&mut s, Key::Undo);
    // Left steps up left (a wall, no walk); undone, the scout still faces
    // left, and Up goes that way.
    key(&mut s, Key::Left);
    assert_eq!(cell_of_selected(&s), CellPos::new(0, 1));
    key(&mut s, Key::Undo);
    key(&mut s, Key::Up);
    assert_eq!(cell_of_selected(&s), CellPos::new(0, 1));
    key(&mut s, Key::Undo);
    key(&mut s, Key::Right);
    key(&mut s, Key::Undo);
    key(&mut s, Key::Up);
    assert_eq!(cell_of_selected(&s), CellPos::new(2, 1));
}

/// A shaft whose rope hangs from beside a ledge (x 0), with a platform
/// one row up on the left: the way out of the top of the rope is a step
/// up across.
const SHAFT: &str = "\
#######
#...###
#-#.###
#@..###
###.###
###.###
#######
";

#[test]
fn up_at_the_top_of_a_rope_climbs_out_of_the_shaft_diagonally() {
    let mut s = text_level(
        "Shaft",
        SHAFT,
        "knight = hero knight at 0,1 rope 3\nscout = hero scout at 1,0",
    );
    let knight = s.selected_hero().unwrap();
    s.perform(Action::DeployRope {
        hero: knight,
        dir: DeployDir::Right,
    });
    assert!(!refused(&s), "{:?}", s.message());
    key(&mut s, Key::Hero(1));
    key(&mut s, Key::Up);
    assert_eq!(cell_of_selected(&s), CellPos::new(1, 1), "a climb");
    key(&mut s, Key::Up);
    assert!(!refused(&s), "{:?}", s.message());
    assert_eq!(
        cell_of_selected(&s),
        CellPos::new(0, 2),
        "off the rope's top, up and across onto the platform"
    );
}

/// A platform one cell up on the left of a little room.
const PLATFORM: &str = "\
#####
#@..#
#-..#
#...#
#####
";

#[test]
fn a_key_move_over_one_action_point_says_what_it_cost() {
    // Down from the platform to the floor under it: off the side, a fall,
    // and back: 2 AP for one key press, and the message says so.
    let mut s = text_level("Platform", PLATFORM, "knight = hero knight at 0,1");
    key(&mut s, Key::Down);
    assert_eq!(cell_of_selected(&s), CellPos::new(0, 0));
    assert_eq!(ap_of_selected(&s), 2);
    assert_eq!(
        s.message(),
        Some(&Message::Info(
            "Walk 1 (1 AP) · fall 1 (free) · walk 1 (1 AP) = 2 AP".into()
        ))
    );
    // One action point: nothing said.
    key(&mut s, Key::Right);
    assert_eq!(s.message(), None);
}

#[test]
fn up_on_the_wells_platform_steps_out_through_the_portal_for_one_ap() {
    // The platform under the well's mouth: its ceiling is the portal from
    // the hall, turned a quarter round. Up steps up through it into the
    // hall for 1 AP; the cell right above (the hall's end, seen through
    // the portal) is 2 AP away, and a key move there says so.
    let mut s = screen("the_well.txt");
    let hero = s.selected_hero().unwrap();
    go(&mut s, CellPos::new(13, 9));
    end_turn(&mut s);
    key(&mut s, Key::Up);
    assert!(!refused(&s), "{:?}", s.message());
    assert_eq!(ap_of_selected(&s), 3, "one step up");
    let out = cell_of_selected(&s);
    assert_eq!(out.y, 11, "in the hall: {out:?}");
    key(&mut s, Key::Undo);
    s.key_move(hero, ViewPos::new(0, 1));
    assert_eq!(ap_of_selected(&s), 2);
    assert_eq!(
        s.message(),
        Some(&Message::Info(
            "Step up 1 through a portal (1 AP) · walk 1 (1 AP) = 2 AP".into()
        ))
    );
}

/// The centre of the cursor's cell as the camera will show it once its
/// glide has settled, and the area the HUD leaves clear.
fn cursor_on_screen(s: &mut PlayScreen) -> (Vec2, render::Rect) {
    s.settle();
    let v = s.cursor().expect("the cursor is out");
    (
        s.projection(SIZE).cell_centre(v),
        s.hud_layout(SIZE).play_area(),
    )
}

#[test]
fn the_target_cursor_starts_on_the_hero_and_enter_moves_as_a_click_would() {
    let mut s = screen("the_gap.txt");
    let mut clicked = screen("the_gap.txt");
    key(&mut s, Key::Target);
    assert_eq!(s.aiming(), Some(Aim::Move));
    assert_eq!(s.cursor(), Some(ViewPos::default()), "on the hero");
    for _ in 0..3 {
        key(&mut s, Key::Right);
    }
    assert_eq!(s.cursor(), Some(ViewPos::new(3, 0)));
    assert_eq!(
        cell_of_selected(&s),
        CellPos::new(1, 7),
        "aiming walks nowhere"
    );
    // The mouse hover's preview, and its cost in the hint.
    let p = s.preview().expect("a preview").clone();
    assert_eq!(p.target, ViewPos::new(3, 0));
    assert_eq!(p.outcome.as_ref().map(|p| p.cost), Ok(3));
    assert!(
        s.hint().starts_with("Enter moves there: walk 3: 3 AP"),
        "{}",
        s.hint()
    );
    // Up: over the cells in sight only (the hall is two cells high here).
    key(&mut s, Key::Up);
    key(&mut s, Key::Up);
    key(&mut s, Key::Up);
    let top = s.cursor().unwrap();
    assert!(s.view().nodes_at(top).next().is_some(), "{top:?} in sight");
    key(&mut s, Key::Down);
    key(&mut s, Key::Down);
    key(&mut s, Key::Down);
    assert_eq!(s.cursor(), Some(ViewPos::new(3, 0)));
    key(&mut s, Key::Enter);
    assert!(s.cursor().is_none(), "put away");
    let p = clicked.projection(SIZE).cell_centre(ViewPos::new(3, 0));
    clicked.handle(Input::Click(p), SIZE);
    assert_eq!(cell_of_selected(&s), CellPos::new(4, 7));
    assert_eq!(s.session.state_hash(), clicked.session.state_hash());
    // Esc puts it away and moves nothing; refused, it stays out.
    key(&mut s, Key::Target);
    key(&mut s, Key::Enter);
    assert!(refused(&s), "already there: {:?}", s.message());
    assert_eq!(s.aiming(), Some(Aim::Move), "still aiming after a refusal");
    key(&mut s, Key::Escape);
    assert!(s.aiming().is_none());
    assert_eq!(cell_of_selected(&s), CellPos::new(4, 7));
}

#[test]
fn the_camera_keeps_the_cursor_on_screen_clear_of_the_hud() {
    let mut s = screen("the_gap.txt");
    s.settle();
    let home = s.projection(SIZE).centre;
    key(&mut s, Key::Target);
    // Far right along the hall, then down into the pit: every cell shown
    // whole, with the HUD clear of it.
    let mut seen = 0;
    for k in [Key::Right; 20].into_iter().chain([Key::Down; 12]) {
        let before = s.cursor();
        key(&mut s, k);
        if s.cursor() == before {
            continue;
        }
        seen += 1;
        let (c, area) = cursor_on_screen(&mut s);
        let half = s.projection(SIZE).cell_px / 2.0;
        assert!(
            c.x - half >= area.x && c.x + half <= area.x + area.w,
            "{:?} at {c}",
            s.cursor()
        );
        assert!(
            c.y - half >= area.y && c.y + half <= area.y + area.h,
            "{:?} at {c}",
            s.cursor()
        );
    }
    assert!(seen >= 10, "the cursor went far: {seen} cells");
    // Cells from 8 on lie past the screen's right edge with the camera on
    // the hero (640 + 8 * 80 + 40 px > 1280).
    assert!(
        s.camera.pan.x >= 2.0,
        "the camera followed: {}",
        s.camera.pan
    );
    // Put away, the camera glides only as far as brings the hero and its
    // reach clear of the edges and the HUD, then C recentres.
    key(&mut s, Key::Escape);
    s.settle();
    let area = s.play_area(SIZE);
    let proj = s.projection(SIZE);
    let hero = proj.cell_centre(ViewPos::default());
    let half = proj.cell_px / 2.0;
    assert!(
        hero.x + half <= area.x + area.w && hero.x - half >= area.x,
        "the hero is back on screen: {hero}"
    );
    assert_ne!(proj.centre, home, "but not recentred: {}", proj.centre);
    key(&mut s, Key::Recentre);
    s.settle();
    assert_eq!(s.projection(SIZE).centre, home);
}

#[test]
fn the_levitation_cursor_starts_on_the_item_in_view_on_screen() {
    // The gap: the statue lies fifteen cells from the sorceress, off the
    // screen; the cursor starts on it and the camera shows it.
    let mut s = screen("the_gap.txt");
    key(&mut s, Key::Hero(2));
    choose(&mut s, "Levitate statue");
    let statue = s.session.stage().find("statue").unwrap();
    assert!(s.mode.levitating() == Some(statue));
    let at = s.cursor().expect("the cursor is out");
    let cell = s.view().nodes_at(at).next().map(|n| n.cell);
    assert_eq!(cell, s.session.stage().cell_of(statue), "on the statue");
    let (c, area) = cursor_on_screen(&mut s);
    assert!(area.contains(c), "{c} in {area:?}");
    // Along the far ledge towards the portal (as the solution floats it):
    // the preview's cost in the hint, Enter sends it.
    for _ in 0..3 {
        key(&mut s, Key::Left);
    }
    assert!(
        s.hint()
            .starts_with("Enter sends the statue there: float 3: 2 AP"),
        "{}",
        s.hint()
    );
    key(&mut s, Key::Enter);
    assert_eq!(s.session.stage().cell_of(statue), Some(CellPos::new(13, 7)));
    assert!(s.cursor().is_none());
}

#[test]
fn an_idle_pointer_s_preview_follows_the_cell_under_it_as_the_camera_moves() {
    // A keyboard player's pointer rests mid-window: after a key move the
    // camera glides to the hero, and the hovered cell and its preview are
    // the ones now under the pointer, not the ones before the move.
    let mut s = screen("rope_descent.txt");
    s.handle(Input::MouseMove(Vec2::new(800.0, 360.0)), SIZE);
    let before = s.hover();
    assert!(before.is_some());
    key(&mut s, Key::Right);
    for _ in 0..120 {
        s.update(1.0 / 60.0);
    }
    assert_eq!(s.hover(), s.cell_under_pointer(), "the preview is fresh");
    assert_ne!(
        s.hover(),
        before,
        "the hero moved: another cell is under it"
    );
    if let (Some(v), Some(p)) = (s.hover(), s.preview()) {
        assert_eq!(p.target, v);
    }
}

#[test]
fn a_levitation_preview_counts_the_whole_fall_even_out_of_sight() {
    // Across the gap: the relic floated over the pit (3,3) falls to its
    // floor (3,0), three cells, most of them out of the sorceress's sight.
    let mut s = screen("across_the_gap.txt");
    key(&mut s, Key::Hero(2));
    choose(&mut s, "Levitate relic");
    let v = s.view_pos_of_cell(CellPos::new(3, 3)).expect("in sight");
    s.set_hover(Some(v));
    let path = s
        .preview()
        .expect("a preview")
        .outcome
        .clone()
        .expect("allowed");
    assert_eq!(path.end, Some(CellPos::new(3, 0)));
    assert_eq!(path.falls(), 3, "the whole fall");
    assert!(path.steps.iter().filter(|st| st.fall).count() <= 3);
    assert!(s.hint().contains("fall 3 (free)"), "{}", s.hint());
}

#[test]
fn the_target_cursor_on_a_watcher_s_cell_previews_the_move_enter_makes() {
    // Watcher hall: the scout on the first pillar's top, the guard beside
    // her on the arch; the cursor on the guard's cell shows the move's
    // cost, as on any cell, since Enter moves there.
    let mut s = screen("watcher_hall.txt");
    key(&mut s, Key::Hero(1));
    go(&mut s, CellPos::new(3, 1));
    let guard = s.session.stage().find("guard").unwrap();
    let at = s.session.stage().cell_of(guard).unwrap();
    key(&mut s, Key::Target);
    let v = s.view_pos_of_cell(at).expect("the guard in sight");
    s.set_hover(Some(v));
    let preview = s.preview().expect("a move preview on the watcher's cell");
    assert!(preview.outcome.is_ok(), "{:?}", preview.outcome);
    assert!(s.hint().contains("AP"), "{}", s.hint());
}

#[test]
fn up_and_down_follow_a_rope_through_a_portal_in_the_wall() {
    // The vault: the knight's rope hangs from the ledge through the
    // trapdoor, comes out of the shaft's wall at 7,4 and goes on down.
    // At the shaft's top the rope's way up is through the wall on the
    // right: Up takes it, Down takes it back.
    let mut s = screen("the_vault.txt");
    let knight = s.selected_hero().unwrap();
    go(&mut s, CellPos::new(5, 11));
    s.perform(Action::DeployRope {
        hero: knight,
        dir: DeployDir::Down,
    });
    assert!(!refused(&s), "{:?}", s.message());
    s.perform(Action::EndTurn);
    go(&mut s, CellPos::new(7, 4));
    let ap = ap_of_selected(&s);
    key(&mut s, Key::Up);
    assert!(!refused(&s), "{:?}", s.message());
    assert_eq!(cell_of_selected(&s), CellPos::new(5, 10), "up the rope");
    assert_eq!(ap_of_selected(&s), ap - 1);
    key(&mut s, Key::Down);
    assert!(!refused(&s), "{:?}", s.message());
    assert_eq!(cell_of_selected(&s), CellPos::new(7, 4), "and down it");
    s.perform(Action::EndTurn);
    key(&mut s, Key::Down);
    assert_eq!(
        cell_of_selected(&s),
        CellPos::new(7, 3),
        "on down the shaft"
    );
}

#[test]
fn an_arrow_into_a_wall_says_the_wall() {
    // The scout's drop: the scout at the foot of the left-hand drop, the
    // level's wall on her left, rock under her.
    let mut s = screen("the_scouts_drop.txt");
    key(&mut s, Key::Hero(1));
    go(&mut s, CellPos::new(0, 2));
    key(&mut s, Key::Left);
    assert_eq!(
        s.message(),
        Some(&Message::Refused("a wall is in the way".into()))
    );
    key(&mut s, Key::Down);
    assert_eq!(
        s.message(),
        Some(&Message::Refused("the floor is in the way".into()))
    );
    assert_eq!(cell_of_selected(&s), CellPos::new(0, 2));
}
