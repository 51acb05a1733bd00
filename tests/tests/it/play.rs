//! The play screen through the headless GL path: golden frames (a looped
//! room's repeated heroes, a rope descent with a path preview,
//! the watcher hall's danger marks, danger and a fall side by side in the
//! standard and colour-blind palettes, the results screen), the screen driven
//! by real SDL input events through a move, an undo and a redo with state
//! and pixels checked, and every shipped level played to the end from its
//! solution script as input (and one equipped line, whose results name
//! the piece). What a frame makes readable (crowds, ropes,
//! copies through portals, memory) is in `readable.rs`.
//!
//! Re-bless after an intended change, then look at every image:
//! `RAPPEL_BLESS=1 cargo test -p rappel-tests --test it play::`
use game::grid::CellPos;
use game::things::ThingFlags;
use game::view::ViewPos;
use glam::Vec2;
use image::RgbaImage;
use platform::screens::input::{InputMapper, Key};
use platform::screens::world::draw::WALL;
use platform::screens::world::Palette;
use platform::screens::{play, Screen, Screens};
use rappel_tests::golden::{check, failure_dir, TOLERANCE};
use rappel_tests::pixels::{
    cell_rect, count, draw, knight_blue, near, portal_cyan, px, scout_green, settle, SIZE,
};
use rappel_tests::play::{
    choose, click_cell, hover_cell, key, levels_dir, play_solution, playing, playing_open_loop,
    playing_side_by_side,
};
use render::colour::to_rgba8;
use sdl2::event::Event;
use sdl2::keyboard::{Keycode, Mod};

#[test]
fn a_looped_room_repeats_the_party_down_the_corridor() {
    let mut s = playing_open_loop();
    // The scout steps right, away from the knight and the sorceress.
    key(&mut s, Key::Hero(1), SIZE);
    key(&mut s, Key::Right, SIZE);
    settle(&mut s);
    let img = draw(&s, SIZE);
    check("play_loop_back", &img, TOLERANCE);
    // The room is two cells wide: view cells with odd x show the scout's
    // cell (1, 0) again and again, even x the others' cell (0, 0), both ways
    // as far as the screen goes.
    let view = s.play().unwrap().view();
    for x in -6..=6 {
        let v = ViewPos::new(x, 0);
        let shows = view.nodes_at(v).next().map(|n| n.cell);
        let expected = if x % 2 == 0 { (1, 0) } else { (0, 0) };
        assert_eq!(
            shows,
            Some(CellPos::new(expected.0, expected.1)),
            "view {x}"
        );
        let r = cell_rect(&s, v);
        let (greens, blues) = (count(&img, r, scout_green), count(&img, r, knight_blue));
        if expected == (1, 0) {
            assert!(
                greens > 20 && blues == 0,
                "view {x}: the scout alone ({greens}, {blues})"
            );
        } else {
            assert!(
                blues > 20 && greens == 0,
                "view {x}: the knight, no scout ({greens}, {blues})"
            );
        }
    }
    // A glowing portal edge every two cells.
    let proj = s.play().unwrap().projection(SIZE);
    for x in [-6, -4, -2, 0, 2, 4] {
        let edge = proj.to_screen(Vec2::new(x as f32 + 0.5, 0.3));
        let hits = count(&img, (edge.x - 3.0, edge.y, 6.0, 1.0), portal_cyan);
        assert!(
            hits >= 4,
            "a portal edge between view cells {x} and {}",
            x + 1
        );
    }
    // Above and below the corridor: dark.
    let dark = to_rgba8(play::CLEAR);
    assert!(
        near(px(&img, Vec2::new(480.0, 140.0)), play::CLEAR, 1),
        "{dark:?}"
    );
    assert!(near(px(&img, Vec2::new(480.0, 400.0)), play::CLEAR, 1));
}

#[test]
fn a_rope_descent_mid_level_with_the_climb_previewed() {
    let mut s = playing("rope_descent.txt");
    // The first commands of levels/solutions/rope_descent.sim.
    play_solution(
        &mut s,
        "move 1 6\ndeploy-rope right\nselect scout\nmove 2 6\n",
        SIZE,
    );
    settle(&mut s);
    // Point at the rope three cells down: a climb.
    let target = hover_cell(&mut s, CellPos::new(2, 3), SIZE);
    let play = s.play().unwrap();
    let preview = play.preview().expect("a preview");
    let path = preview.outcome.as_ref().expect("the climb is allowed");
    assert_eq!(path.cost, 3);
    assert_eq!(path.falls(), 0);
    let img = draw(&s, SIZE);
    check("play_rope_descent_preview", &img, TOLERANCE);
    // The path's dots are gold at each step's cell centre (the last one a
    // ring around a dark middle).
    let proj = play.projection(SIZE);
    for (i, step) in path.steps.iter().enumerate() {
        let mut c = proj.cell_centre(step.view);
        if i + 1 == path.steps.len() {
            c.x += proj.cell_px * 0.13;
        }
        assert!(
            near(px(&img, c), Palette::Standard.colours().path, 8),
            "dot at {:?}: {:?}",
            step.view,
            px(&img, c)
        );
    }
    assert!(proj.cell_centre(path.steps[2].view).distance(target) < 1.0);
    // The rope hangs down the shaft: rope-coloured pixels in every cell the
    // scout sees below her, continuous from cell to cell.
    let rope = |p: [u8; 3]| p[0] > 150 && p[1] > 100 && p[2] < 120 && p[0] > p[2] + 60;
    for y in -4..=0 {
        let r = cell_rect(&s, ViewPos::new(0, y));
        assert!(count(&img, r, rope) > 30, "rope in view (0, {y})");
    }
    // Walls either side of the shaft.
    let wall = proj.to_screen(Vec2::new(-0.45, -2.0));
    assert!(near(px(&img, wall), WALL, 4), "{:?}", px(&img, wall));
}

#[test]
fn the_watcher_hall_at_its_start_tints_what_the_guard_will_see() {
    let mut s = playing("watcher_hall.txt");
    settle(&mut s);
    let img = draw(&s, SIZE);
    check("play_watcher_hall", &img, TOLERANCE);
    // The guard on the arch steps down to 4,0 at the end of the round and
    // will see the hall beyond the pillar, the first pillar's top and the
    // arch: all tinted red (the whole of the pillar top and the arch cell,
    // drawn from memory where sight shows only a wedge of them). The
    // party's cell and the floor behind the pillar are not.
    let play = s.play().unwrap();
    let tinted: Vec<CellPos> = play.danger().cells().collect();
    let c = CellPos::new;
    assert_eq!(
        tinted,
        [
            c(4, 0),
            c(5, 0),
            c(6, 0),
            c(3, 1),
            c(4, 1),
            c(5, 1),
            c(6, 1),
            c(7, 1),
            c(8, 1)
        ]
    );
    let reddish = |p: [u8; 3]| p[0] > p[2] + 25 && p[0] > p[1] + 25;
    let at = |cell: CellPos| {
        let v = play.view().positions_of(cell)[0];
        count(&img, cell_rect(&s, v), reddish)
    };
    // (Both are seen as wedges over the pillar: a third of a cell or so.)
    assert!(at(CellPos::new(3, 1)) > 600, "the pillar top is red");
    assert!(at(CellPos::new(4, 1)) > 300, "the arch cell is red");
    assert_eq!(at(CellPos::new(2, 0)), 0, "behind the pillar: no tint");
    assert_eq!(at(CellPos::new(1, 0)), 0);
}

#[test]
fn danger_and_a_fall_side_by_side_in_the_standard_and_colour_blind_palettes() {
    let c = CellPos::new;
    for (palette, golden) in [
        (Palette::Standard, "play_danger_and_fall"),
        (Palette::ColourBlind, "play_danger_and_fall_colour_blind"),
    ] {
        let mut s = playing_side_by_side();
        s.set_palette(palette);
        settle(&mut s);
        // The scout points at the pit's floor: a walk off the ledge and a
        // fall of three down the pit, beside the wall of the watched room.
        hover_cell(&mut s, c(1, 0), SIZE);
        let play = s.play().unwrap();
        let path = play
            .preview()
            .expect("a preview")
            .outcome
            .clone()
            .expect("allowed");
        assert_eq!(path.falls(), 3);
        let danger = play.danger();
        for y in 0..3 {
            assert!(
                !danger.contains(c(1, y)),
                "the pit is out of the guard's sight"
            );
            assert!(danger.contains(c(2, y)), "the room beside it is in it");
        }
        let img = draw(&s, SIZE);
        check(golden, &img, TOLERANCE);
        let colours = palette.colours();
        let proj = play.projection(SIZE);
        // The fall is dashed: its colour half way between two cells of
        // the pit, the floor a third of the way (a gap).
        let (a, b) = (
            proj.cell_centre(play.view_pos_of_cell(c(1, 2)).unwrap()),
            proj.cell_centre(play.view_pos_of_cell(c(1, 1)).unwrap()),
        );
        assert!(near(px(&img, a.lerp(b, 0.5)), colours.fall, 8), "a dash");
        assert!(
            !near(px(&img, a.lerp(b, 1.0 / 3.0)), colours.fall, 40),
            "a gap"
        );
        // The watched cell beside it is hatched: stripes of the danger
        // colour over a lighter tint, both many pixels.
        let v = play.view_pos_of_cell(c(2, 2)).unwrap();
        let r = cell_rect(&s, v);
        let reddish = |p: [u8; 3]| i32::from(p[0]) > i32::from(p[2]) + 40;
        assert!(count(&img, r, reddish) > 200, "{palette}: the watched cell");
        // Told apart by colour too in the colour-blind palette: the fall
        // blue, the danger vermillion; in the standard one both red.
        let [r, _, b] = px(&img, a.lerp(b, 0.5)).map(i32::from);
        match palette {
            Palette::ColourBlind => assert!(b > r + 100, "{palette}: {r}, {b}"),
            Palette::Standard => assert!(r > b + 100, "{palette}: {r}, {b}"),
        }
    }
}

#[test]
fn the_results_screen_after_the_loop_back_room() {
    let mut s = playing("loop_back.txt");
    play_solution(
        &mut s,
        &std::fs::read_to_string(levels_dir().join("solutions/loop_back.sim")).unwrap(),
        SIZE,
    );
    let Screen::Results(r) = s.top() else {
        panic!("the results follow the last hero out");
    };
    assert_eq!(
        (r.result.relics, r.result.relics_total, r.result.turns),
        (1, 1, 1)
    );
    assert!(r.has_next && r.new_best());
    let img = draw(&s, SIZE);
    check("results", &img, TOLERANCE);
    let l = platform::screens::results::layout(Vec2::new(960.0, 540.0), 3);
    // The frame and the selected first button (Next level) with a gold border.
    let border = px(&img, Vec2::new(l.items[0].centre().x, l.items[0].y + 1.0));
    assert!(
        near(border, platform::screens::theme::GOLD, 10),
        "{border:?}"
    );
    let gold_title = count(&img, (l.frame.x, l.frame.y, l.frame.w, 60.0), |p| {
        near(p, platform::screens::theme::GOLD, 6)
    });
    assert!(
        gold_title > 200,
        "the gold \"Level complete\" title: {gold_title}"
    );
}

fn key_event(code: Keycode, keymod: Mod) -> Event {
    Event::KeyDown {
        timestamp: 0,
        window_id: 1,
        keycode: Some(code),
        scancode: None,
        keymod,
        repeat: false,
    }
}

#[test]
fn sdl_key_events_move_undo_and_redo_on_screen() {
    let mut s = playing("loop_back.txt");
    let mut mapper = InputMapper::new();
    let mut send = |s: &mut Screens, e: Event| {
        let input = mapper.map(&e, Vec2::ONE).expect("a key the game knows");
        s.handle_raw(input, SIZE);
        settle(s);
    };
    let knight_at = |s: &Screens| {
        let play = s.play().unwrap();
        let stage = play.session.stage();
        let k = play.selected_hero().unwrap();
        (
            stage.cell_of(k).unwrap(),
            stage.thing(k).unwrap().data.action_points,
            stage.turn(),
        )
    };
    // The portal edge beside the knight: left of the knight's cell at the
    // start, right of it once the knight stands in the other cell.
    let proj = s.play().unwrap().projection(SIZE);
    let left_edge = proj.to_screen(Vec2::new(-0.5, 0.3));
    let right_edge = proj.to_screen(Vec2::new(0.5, 0.3));
    let edge_at =
        |img: &RgbaImage, p: Vec2| count(img, (p.x - 3.0, p.y, 6.0, 1.0), portal_cyan) >= 4;
    let pips = |img: &RgbaImage| {
        let l = platform::screens::play::hud::layout(Vec2::new(960.0, 540.0), 3, 0.75);
        let r = l.portraits[0];
        count(img, (r.x, r.y + r.h - 20.0, r.w - 40.0, 14.0), |p| {
            near(p, platform::screens::theme::GOLD, 6)
        })
    };

    let start = draw(&s, SIZE);
    assert_eq!(knight_at(&s), (CellPos::new(0, 0), 4, 1));
    assert!(edge_at(&start, left_edge) && !edge_at(&start, right_edge));
    let left_edge_at_start = left_edge;
    let full = pips(&start);

    // Left: out through the portal, in at the other cell's right wall.
    send(&mut s, key_event(Keycode::Left, Mod::NOMOD));
    let moved = draw(&s, SIZE);
    assert_eq!(knight_at(&s), (CellPos::new(1, 0), 3, 1));
    // The map held still: the knight's new cell is drawn one cell left
    // of where he stood, its right wall the portal.
    let proj = s.play().unwrap().projection(SIZE);
    let (left_edge, right_edge) = (
        proj.to_screen(Vec2::new(-0.5, 0.3)),
        proj.to_screen(Vec2::new(0.5, 0.3)),
    );
    assert_eq!(right_edge, left_edge_at_start, "the portal did not move");
    assert!(
        edge_at(&moved, right_edge) && !edge_at(&moved, left_edge),
        "the portal is the right wall of the knight's new cell"
    );
    assert!(
        pips(&moved) * 4 < full * 3 + full / 8,
        "one AP pip went dark"
    );

    send(&mut s, key_event(Keycode::Z, Mod::LCTRLMOD));
    let undone = draw(&s, SIZE);
    assert_eq!(knight_at(&s), (CellPos::new(0, 0), 4, 1));
    // Back where he started, drawn where he started.
    let proj = s.play().unwrap().projection(SIZE);
    let (left_edge, right_edge) = (
        proj.to_screen(Vec2::new(-0.5, 0.3)),
        proj.to_screen(Vec2::new(0.5, 0.3)),
    );
    assert_eq!(left_edge, left_edge_at_start);
    assert!(edge_at(&undone, left_edge) && !edge_at(&undone, right_edge));
    assert_eq!(pips(&undone), full);

    send(
        &mut s,
        key_event(Keycode::Z, Mod::LCTRLMOD | Mod::LSHIFTMOD),
    );
    let redone = draw(&s, SIZE);
    assert_eq!(knight_at(&s), (CellPos::new(1, 0), 3, 1));
    // The world (between the hint line and the message line) is the frame
    // of the move again; only the message differs ("Redone").
    let world = |img: &RgbaImage| image::imageops::crop_imm(img, 0, 60, 960, 330).to_image();
    let diff = rappel_tests::golden::diff(&world(&moved), &world(&redone), 2).0;
    assert_eq!(diff, 0, "redo draws exactly the world of the move");
    assert_eq!(s.play().unwrap().session.undo_log().undoable(), 1);
}

#[test]
fn the_tween_moves_the_hero_between_cells_mid_way() {
    let mut s = playing("loop_back.txt");
    // Left, out through the portal and in at the right of the other cell.
    key(&mut s, Key::Left, SIZE);
    s.update(0.075);
    let play = s.play().unwrap();
    let at = play.hero_position();
    assert!(at.x > 0.2 && at.x < 0.8, "half way from the old cell: {at}");
    let img = draw(&s, SIZE);
    // The knight is drawn off the cell centre, at the tweened spot, on a
    // map that holds still.
    let proj = play.projection(SIZE);
    let knight = proj.to_screen(at);
    assert!(
        count(
            &img,
            (knight.x - 20.0, knight.y - 20.0, 40.0, 40.0),
            knight_blue
        ) > 20
    );
    // The world is drawn in the new view: the portal is the right wall of
    // the knight's new cell, where the left wall of his old one was drawn
    // (half a cell left of the screen's centre), mid-way and settled.
    let edge = proj.to_screen(Vec2::new(0.5, 0.3));
    assert!(count(&img, (edge.x - 3.0, edge.y, 6.0, 1.0), portal_cyan) >= 4);
    assert!((edge.x - (480.0 - 30.0)).abs() < 1.0, "{edge}");
    settle(&mut s);
    assert_eq!(s.play().unwrap().projection(SIZE), proj, "nothing scrolls");
}

/// Plays `file` to the end from its solution; writes the last frame of
/// play and the results screen under `target/playthrough/`.
fn play_through(file: &str) -> Screens {
    let mut s = playing(file);
    let solution = levels_dir()
        .join("solutions")
        .join(file.replace(".txt", ".sim"));
    let script = std::fs::read_to_string(&solution).unwrap();
    // All but the last line that makes the last hero leave, to keep a frame
    // of the level itself.
    let lines: Vec<&str> = script.lines().collect();
    let last_exit = lines.iter().rposition(|l| l.trim() == "exit").unwrap();
    play_solution(&mut s, &lines[..last_exit].join("\n"), SIZE);
    settle(&mut s);
    let dir = failure_dir().join("../playthrough");
    std::fs::create_dir_all(&dir).unwrap();
    let before = draw(&s, SIZE);
    before
        .save(dir.join(file.replace(".txt", "-last-turn.png")))
        .unwrap();
    choose(&mut s, "Leave", SIZE);
    let results = draw(&s, SIZE);
    results
        .save(dir.join(file.replace(".txt", "-results.png")))
        .unwrap();
    s
}

#[test]
fn every_shipped_level_can_be_played_to_the_end_by_input() {
    // Every campaign level, its solution played as input, ends on its
    // results with every relic out in the level's par.
    let campaign = platform::levels::Campaign::load(&levels_dir());
    assert!(campaign.levels.len() >= 8);
    for entry in &campaign.levels {
        let level = entry.level.as_ref().expect("loads");
        let (file, relics, turns) = (
            entry.file.as_str(),
            level.relic_count() as u32,
            level.par.expect("a par"),
        );
        let s = play_through(file);
        let Screen::Results(r) = s.top() else {
            panic!("{file}: no results screen");
        };
        assert_eq!((r.result.relics, r.result.turns), (relics, turns), "{file}");
        let play = s.play().unwrap();
        let stage = play.session.stage();
        assert!(play
            .heroes()
            .iter()
            .all(|&h| stage.has_flag(h, ThingFlags::EXITED)));
    }
}

#[test]
fn clicking_where_the_hero_cannot_see_is_refused_not_a_move() {
    let mut s = playing("rope_descent.txt");
    let before = s.play().unwrap().session.state_hash();
    s.handle(
        platform::screens::input::Input::Click(Vec2::new(100.0, 300.0)),
        SIZE,
    );
    assert_eq!(s.play().unwrap().session.state_hash(), before);
    click_cell(&mut s, CellPos::new(1, 6), SIZE);
    assert_ne!(s.play().unwrap().session.state_hash(), before);
}

#[test]
fn a_level_played_with_equipment_names_it_on_the_results() {
    // The scout's drop with the second rope, its shipped equipped line
    // played as input from the level select's start: two turns, under par,
    // and the results say with what.
    let mut s = rappel_tests::play::screens();
    let index = s
        .campaign
        .levels
        .iter()
        .position(|e| e.file == "the_scouts_drop.txt")
        .expect("in the campaign");
    let level = s.campaign.levels[index].level.clone().expect("loads");
    let loadout = game::equipment::Loadout::parse("scout:second_rope").unwrap();
    s.start_level_with(level, Some(index), loadout).unwrap();
    if s.play().is_some_and(|p| p.intro_open()) {
        key(&mut s, Key::Escape, SIZE);
    }
    let script =
        std::fs::read_to_string(levels_dir().join("solutions/the_scouts_drop.second_rope.sim"))
            .unwrap();
    play_solution(&mut s, &script, SIZE);
    settle(&mut s);
    let Screen::Results(r) = s.top() else {
        panic!("no results screen");
    };
    assert_eq!(
        r.turns_line(),
        "Turns used: 2 with the second rope — under par (3)!"
    );
    let dir = failure_dir().join("../playthrough");
    std::fs::create_dir_all(&dir).unwrap();
    draw(&s, SIZE)
        .save(dir.join("the_scouts_drop.second_rope-results.png"))
        .unwrap();
}

/// Issue 36: a click that sends the hero out of the part of the map the
/// player looked at starts the camera's glide back only once the button is
/// let go: the map never moves under a pressed pointer.
#[test]
fn the_map_never_moves_under_a_pressed_button() {
    use platform::screens::input::{Button, RawInput};
    let mut s = playing("rope_descent.txt");
    settle(&mut s);
    // Looked along the corridor, then the knight sent a cell on.
    for _ in 0..5 {
        key(&mut s, Key::PanLeft, SIZE);
    }
    settle(&mut s);
    let p = s
        .play()
        .unwrap()
        .screen_pos_to_move_to(CellPos::new(1, 6), SIZE)
        .expect("on screen");
    let before = s.play().unwrap().session.state_hash();
    s.handle_raw(RawInput::Press(Button::Left, p), SIZE);
    assert_ne!(s.play().unwrap().session.state_hash(), before, "moved");
    let held = s.play().unwrap().projection(SIZE);
    for _ in 0..20 {
        s.update(0.05);
    }
    assert_eq!(
        s.play().unwrap().projection(SIZE),
        held,
        "still under the press"
    );
    s.handle_raw(RawInput::Release(Button::Left, p), SIZE);
    for _ in 0..20 {
        s.update(0.05);
    }
    assert_ne!(
        s.play().unwrap().projection(SIZE),
        held,
        "let go, the camera glides the knight clear"
    );
}
