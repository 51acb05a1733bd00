//! Issue 36, a calm camera: along every shipped solution, played as a
//! player would (the acting hero selected first), at 1280×720 and 640×360,
//! nothing the selected hero can act on is drawn under a HUD band or off
//! screen — its own cell and every cell it can reach, whenever its reach
//! fits the room between the bands (the hero's cell always) — and most
//! steps leave the map where it was.
use game::action::Action;

use super::*;

/// Whether view cell `v` is drawn whole inside `area`.
fn clear(s: &PlayScreen, size: (u32, u32), v: ViewPos) -> bool {
    let p = s.projection(size);
    let c = p.cell_centre(v);
    let half = p.cell_px / 2.0 - 0.01;
    let area = s.play_area(size);
    c.x - half >= area.x
        && c.x + half <= area.x + area.w
        && c.y - half >= area.y
        && c.y + half <= area.y + area.h
}

#[test]
fn nothing_actionable_lies_under_the_hud_and_the_map_mostly_holds_still() {
    let lines = campaign_lines();
    for size in [(1280, 720), (640, 360)] {
        let (mut steps, mut still, mut reach_checked) = (0, 0, 0);
        for entry in &lines {
            let solution = &entry.solution;
            let mut s = PlayScreen::new(&entry.played).expect("plays");
            // The pointer rests in the HUD's top bar, out of the world.
            s.handle(Input::MouseMove(Vec2::new(1.0, 1.0)), size);
            for (i, &action) in solution.iter().enumerate() {
                if let Some(hero) = action.hero() {
                    if s.selected_hero() != Some(hero) {
                        let index = s.heroes.iter().position(|&h| h == hero).unwrap();
                        // A portrait click: the pointer is let go at once.
                        s.select(index);
                    }
                }
                s.settle();
                // A landmark: grid cell of the selected hero, drawn where?
                let mark = s.selected_hero().and_then(|h| s.session.stage().cell_of(h));
                let mark_at = mark.and_then(|c| s.screen_pos_of_cell(c, size));
                if s.perform(action).is_some() {
                    break;
                }
                s.settle();
                steps += 1;
                if matches!(action, Action::EndTurn)
                    || mark.and_then(|c| s.screen_pos_of_cell(c, size)) == mark_at
                {
                    still += 1;
                }
                let Some(hero) = s.selected_hero() else {
                    continue;
                };
                if s.session.stage().has_flag(hero, ThingFlags::EXITED) {
                    continue;
                }
                let at = format!("{} {size:?} step {i} ({action:?})", entry.file);
                assert!(clear(&s, size, ViewPos::default()), "{at}: the hero");
                // The reach, where its box fits the room.
                let p = s.projection(size);
                let area = s.play_area(size);
                let keep = s.camera.keep;
                let span = (keep.max - keep.min + Vec2::ONE) * p.cell_px;
                if span.x <= area.w * 0.95 && span.y <= area.h * 0.95 {
                    reach_checked += 1;
                    for x in keep.min.x as i32..=keep.max.x as i32 {
                        for y in keep.min.y as i32..=keep.max.y as i32 {
                            let v = ViewPos::new(x, y);
                            if s.reachable.contains(v) {
                                assert!(clear(&s, size, v), "{at}: reachable {v:?}");
                            }
                        }
                    }
                }
            }
        }
        eprintln!("{size:?}: {still} of {steps} steps left the map still; reach checked on {reach_checked}");
        assert!(reach_checked * 2 > steps, "{size:?}: the reach mostly fits");
        assert!(
            still * 2 > steps,
            "{size:?}: the map mostly holds still: {still} of {steps}"
        );
    }
}

/// The camera moves only when the hero would not be clear, glides there,
/// and waits while a pointer is pressed.
#[test]
fn the_camera_glides_only_to_bring_the_hero_back_and_never_under_a_pressed_pointer() {
    let mut s = screen("the_gap.txt");
    s.settle();
    // Looked far away: the hero is off screen.
    for _ in 0..8 {
        key(&mut s, Key::PanRight);
    }
    s.settle();
    assert!(!clear(&s, SIZE, ViewPos::default()), "panned away");
    let looked = s.projection(SIZE).centre;
    // A press on the world: the move happens, the glide waits.
    s.hold_pointer(true);
    key(&mut s, Key::Right);
    assert!(
        s.camera.offset != Vec2::ZERO,
        "the hero acted off screen: a glide back"
    );
    let drawn = s.projection(SIZE).centre;
    for _ in 0..10 {
        s.update(0.1);
    }
    assert_eq!(s.projection(SIZE).centre, drawn, "held under the pointer");
    s.hold_pointer(false);
    for _ in 0..10 {
        s.update(0.1);
    }
    assert_ne!(s.projection(SIZE).centre, looked);
    assert!(
        clear(&s, SIZE, ViewPos::default()),
        "the hero is clear again"
    );
    // From there, a step on screen moves nothing.
    let settled = s.projection(SIZE).centre;
    let hero_at = s.projection(SIZE).cell_centre(ViewPos::default());
    key(&mut s, Key::Right);
    assert_eq!(s.camera.offset, Vec2::ZERO, "no glide");
    s.settle();
    let moved = s.projection(SIZE);
    assert_eq!(
        moved.cell_centre(ViewPos::default()),
        hero_at + Vec2::new(moved.cell_px, 0.0),
        "the hero walked a cell right on a still map"
    );
    assert_ne!(moved.centre, settled, "(in the hero's new view)");
}
