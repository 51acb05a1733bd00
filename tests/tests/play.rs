//! The play screen through the headless GL path: golden frames (the
//! loop-back room's repeated heroes, a rope descent with a path preview,
//! the watcher hall's danger tint, the results screen), the screen driven by real SDL input events through
//! a move, an undo and a redo with state and pixels checked, and every
//! shipped level played to the end from its solution script as input.
//!
//! Re-bless after an intended change, then look at every image:
//! `RAPPEL_BLESS=1 cargo test -p rappel-tests --test play`
use game::grid::CellPos;
use game::things::ThingFlags;
use game::view::ViewPos;
use glam::Vec2;
use image::RgbaImage;
use platform::screens::input::{InputMapper, Key};
use platform::screens::play::preview::PATH;
use platform::screens::world::draw::{PORTAL, WALL};
use platform::screens::{play, Screen, Screens};
use rappel_tests::frame::render;
use rappel_tests::golden::{check, failure_dir, TOLERANCE};
use rappel_tests::play::{choose, click_cell, hover_cell, key, levels_dir, play_solution, playing};
use render::colour::to_rgba8;
use render::Rgba;
use sdl2::event::Event;
use sdl2::keyboard::{Keycode, Mod};

const SIZE: (u32, u32) = (960, 540);

fn draw(screens: &Screens, size: (u32, u32)) -> RgbaImage {
    let clear = screens.clear_colour();
    let (img, stats) = render(size.0, size.1, clear, |list, kit| {
        screens.draw(list, &mut kit.font, &kit.sprites, size);
    });
    assert_eq!(stats.dropped_calls, 0);
    img
}

fn px(img: &RgbaImage, p: Vec2) -> [u8; 3] {
    let q = img.get_pixel(p.x as u32, p.y as u32).0;
    [q[0], q[1], q[2]]
}

fn near(a: [u8; 3], b: Rgba, tolerance: u8) -> bool {
    let b = to_rgba8(b);
    a.iter().zip(b).all(|(&x, y)| x.abs_diff(y) <= tolerance)
}

/// Pixels in `rect` (x, y, w, h) for which `f` holds.
fn count(img: &RgbaImage, rect: (f32, f32, f32, f32), f: impl Fn([u8; 3]) -> bool) -> usize {
    let (x0, y0) = (rect.0.max(0.0) as u32, rect.1.max(0.0) as u32);
    let x1 = ((rect.0 + rect.2) as u32).min(img.width());
    let y1 = ((rect.1 + rect.3) as u32).min(img.height());
    (y0..y1)
        .flat_map(|y| (x0..x1).map(move |x| (x, y)))
        .filter(|&(x, y)| {
            let p = img.get_pixel(x, y).0;
            f([p[0], p[1], p[2]])
        })
        .count()
}

fn knight_blue(p: [u8; 3]) -> bool {
    // Deep blue: well clear of the cyan rim of a copy seen through a portal.
    p[2] > 180 && p[0] < 120 && (90..175).contains(&p[1]) && p[2] > p[1] + 60
}

fn scout_green(p: [u8; 3]) -> bool {
    // Clearly green: not the greyish edge of a tinted copy.
    p[1] > 140 && p[0] < 130 && p[2] < 130 && p[1] > p[0] + 40
}

fn portal_cyan(p: [u8; 3]) -> bool {
    near(p, PORTAL, 12)
}

/// The screen square of view cell `v`, as (x, y, w, h).
fn cell_rect(screens: &Screens, v: ViewPos) -> (f32, f32, f32, f32) {
    let proj = screens.play().expect("playing").projection(SIZE);
    let c = proj.cell_centre(v);
    let h = proj.cell_px / 2.0;
    (c.x - h, c.y - h, proj.cell_px, proj.cell_px)
}

fn settle(screens: &mut Screens) {
    screens.play_mut().expect("playing").settle();
}

#[test]
fn the_loop_back_room_repeats_the_party_down_the_corridor() {
    let mut s = playing("loop_back.txt");
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
            near(px(&img, c), PATH, 8),
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
    // will see the first pillar's top and the arch: tinted red. The party's
    // cell and the floor behind the pillar are not.
    let play = s.play().unwrap();
    let tinted: Vec<CellPos> = play.danger().cells().collect();
    assert_eq!(tinted, [CellPos::new(3, 1), CellPos::new(4, 1)]);
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
        near(border, platform::screens::title::TITLE_COLOUR, 10),
        "{border:?}"
    );
    let gold_title = count(&img, (l.frame.x, l.frame.y, l.frame.w, 60.0), |p| {
        near(p, platform::screens::title::TITLE_COLOUR, 6)
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
            near(p, platform::screens::play::hud::GOLD, 6)
        })
    };

    let start = draw(&s, SIZE);
    assert_eq!(knight_at(&s), (CellPos::new(0, 0), 4, 1));
    assert!(edge_at(&start, left_edge) && !edge_at(&start, right_edge));
    let full = pips(&start);

    send(&mut s, key_event(Keycode::Right, Mod::NOMOD));
    let moved = draw(&s, SIZE);
    assert_eq!(knight_at(&s), (CellPos::new(1, 0), 3, 1));
    assert!(
        edge_at(&moved, right_edge) && !edge_at(&moved, left_edge),
        "the room scrolled"
    );
    assert!(
        pips(&moved) * 4 < full * 3 + full / 8,
        "one AP pip went dark"
    );

    send(&mut s, key_event(Keycode::Z, Mod::LCTRLMOD));
    let undone = draw(&s, SIZE);
    assert_eq!(knight_at(&s), (CellPos::new(0, 0), 4, 1));
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
    key(&mut s, Key::Right, SIZE);
    s.update(0.075);
    let play = s.play().unwrap();
    let at = play.hero_position();
    assert!(
        at.x < -0.2 && at.x > -0.8,
        "half way from the old cell: {at}"
    );
    let img = draw(&s, SIZE);
    // The knight is drawn off the cell centre, at the tweened spot (the
    // camera follows it, so the world has scrolled part way).
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
    // the knight's new cell, and it slides in with the camera.
    let edge = proj.to_screen(Vec2::new(0.5, 0.3));
    assert!(count(&img, (edge.x - 3.0, edge.y, 6.0, 1.0), portal_cyan) >= 4);
    assert!(
        edge.x < 480.0 + 30.0 + 40.0 && edge.x > 480.0 + 30.0,
        "{edge}"
    );
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

/// The first lines of heavy haul's solution, up to the hoisting.
const HEAVY_HAUL_TO_HOIST: &str = "deploy-rope down\nmove 2 7\npickup bucket\nmove 1 7\nend-turn\nmove 5 3\nend-turn\nmove 5 0\ndrop\nend-turn\nmove 6 0\npickup statue\nmove 5 0\nput-in\nend-turn\ntie\nmove 5 3\nend-turn\nmove 1 7\nend-turn\nhoist\n";

/// Pixels of rope (its dark strand) inside `rect`.
fn rope_pixels(img: &RgbaImage, rect: (f32, f32, f32, f32)) -> usize {
    let dark = render::colour::to_rgba8(platform::screens::world::draw::ROPE_DARK);
    count(img, rect, |p| {
        p.iter().zip(dark).all(|(&a, b)| a.abs_diff(b) <= 6)
    })
}

#[test]
fn the_bucket_mid_hoist_is_seen_continuous_through_the_floor_portal() {
    let mut s = playing("heavy_haul.txt");
    play_solution(&mut s, HEAVY_HAUL_TO_HOIST, SIZE);
    settle(&mut s);
    // The second pull, caught a fifth of a second in.
    key(&mut s, Key::Context, SIZE);
    key(&mut s, Key::Enter, SIZE);
    for _ in 0..12 {
        s.update(1.0 / 60.0);
    }
    let play = s.play().unwrap();
    assert!(play.motion().is_moving(), "mid-hoist");
    let img = draw(&s, SIZE);
    check("play_heavy_haul_hoist", &img, TOLERANCE);
    // The rope shows above the floor portal (the entrance's shaft) and
    // below it (the lower shaft, where the bucket is still climbing), one
    // rope seen continuous through the portal.
    let cell = |x, y| {
        play.screen_pos_of_cell(CellPos::new(x, y), SIZE)
            .expect("in sight")
    };
    let upper = cell(1, 5);
    let lower = cell(5, 3);
    let half = 30.0;
    assert!(
        rope_pixels(
            &img,
            (upper.x - half, upper.y - half, 2.0 * half, 2.0 * half)
        ) > 20
    );
    assert!(
        rope_pixels(
            &img,
            (lower.x - half, lower.y - half, 2.0 * half, 2.0 * half)
        ) > 20
    );
}

#[test]
fn a_rope_just_deployed_pays_out_of_its_anchor() {
    let mut s = playing("rope_descent.txt");
    play_solution(&mut s, "move 1 6\n", SIZE);
    settle(&mut s);
    key(&mut s, Key::Context, SIZE);
    key(&mut s, Key::Enter, SIZE);
    for _ in 0..2 {
        s.update(1.0 / 60.0);
    }
    assert!(s.play().unwrap().motion().is_moving());
    let img = draw(&s, SIZE);
    check("play_rope_paying_out", &img, TOLERANCE);
    // A thirtieth of a second in, half a cell has paid out of the anchor:
    // the same shaft drawn once the motion has settled shows the rope
    // where it comes to rest, all the way down.
    let top = s
        .play()
        .unwrap()
        .screen_pos_of_cell(CellPos::new(2, 6), SIZE)
        .expect("seen");
    let shaft = (top.x - 30.0, top.y - 30.0, 60.0, 120.0);
    let moving = rope_pixels(&img, shaft);
    settle(&mut s);
    let rest = draw(&s, SIZE);
    let still = rope_pixels(&rest, shaft);
    assert!(moving > 30 && still > 30, "{moving} {still}");
    let differ = count(&img, shaft, |_| true) as isize;
    let same = (0..(shaft.3 as u32))
        .flat_map(|dy| (0..(shaft.2 as u32)).map(move |dx| (dx, dy)))
        .filter(|&(dx, dy)| {
            let (x, y) = (shaft.0 as u32 + dx, shaft.1 as u32 + dy);
            img.get_pixel(x, y) == rest.get_pixel(x, y)
        })
        .count() as isize;
    assert!(
        differ - same > 50,
        "the swinging rope is drawn where it moves"
    );
}

/// Writes `img` under `target/readable/` for a person to look at.
fn keep(img: &RgbaImage, name: &str) {
    let dir = failure_dir().join("../readable");
    std::fs::create_dir_all(&dir).unwrap();
    img.save(dir.join(format!("{name}.png"))).unwrap();
}

/// The part of view cell `v` inside its walls: x within ±`half` of its
/// centre (cells), y over its full height.
fn inner_rect(s: &Screens, v: ViewPos, half: f32) -> (f32, f32, f32, f32) {
    let proj = s.play().expect("playing").projection(SIZE);
    let c = proj.cell_centre(v);
    let (w, h) = (proj.cell_px * half, proj.cell_px / 2.0);
    (c.x - w, c.y - h, 2.0 * w, 2.0 * h)
}

fn sorceress_purple(p: [u8; 3]) -> bool {
    p[2] > 140 && p[1] < 100 && (90..165).contains(&p[0]) && p[0] > p[1] + 30
}

fn rope_tan(p: [u8; 3]) -> bool {
    p[0] > 140
        && (100..175).contains(&p[1])
        && p[2] < 110
        && p[0] > p[2] + 60
        && p[2] as f32 > p[0] as f32 * 0.4
}

fn gold_rim(p: [u8; 3]) -> bool {
    near(p, platform::screens::world::draw::SELECTED_RIM, 10)
}

/// The portal-cyan rim of a hero seen through a portal.
fn cyan_rim(p: [u8; 3]) -> bool {
    p[2] > 150 && p[1] > 130 && p[0] < 120 && p[1] > p[0] + 50
}

#[test]
fn a_crowded_cell_draws_every_occupant_and_outlines_the_selected_hero() {
    let mut s = playing("loop_back.txt");
    // The knight sets his rope down among the party: three heroes and a
    // rope coil in one cell.
    choose(&mut s, "Set down rope", SIZE);
    settle(&mut s);
    let play = s.play().unwrap();
    let stage = play.session.stage();
    let here = platform::screens::world::CellLayout::of(stage, stage.entrance(), &[]);
    assert_eq!((here.heroes.len(), here.items), (3, 1));
    let img = draw(&s, SIZE);
    keep(&img, "crowded_cell");
    let r = inner_rect(&s, ViewPos::new(0, 0), 0.45);
    let counts = [
        ("knight", count(&img, r, knight_blue)),
        ("scout", count(&img, r, scout_green)),
        ("sorceress", count(&img, r, sorceress_purple)),
        ("rope coil", count(&img, r, rope_tan)),
        ("gold outline", count(&img, r, gold_rim)),
    ];
    for (who, n) in counts {
        assert!(n > 25, "{who} is drawn in the crowded cell: {counts:?}");
    }
    // Each occupant in its own part of the row: the knight (first) left of
    // the sorceress (third), the coil (after the heroes) right of both.
    let centre_x = |f: fn([u8; 3]) -> bool| {
        let (x0, y0) = (r.0 as u32, r.1 as u32);
        let mut sum = (0.0, 0.0);
        for y in y0..y0 + r.3 as u32 {
            for x in x0..x0 + r.2 as u32 {
                let p = img.get_pixel(x, y).0;
                if f([p[0], p[1], p[2]]) {
                    sum = (sum.0 + x as f32, sum.1 + 1.0);
                }
            }
        }
        sum.0 / sum.1
    };
    let (k, so, coil) = (
        centre_x(knight_blue),
        centre_x(sorceress_purple),
        centre_x(rope_tan),
    );
    assert!(
        k < so && so < coil,
        "knight {k}, sorceress {so}, coil {coil}"
    );
}

#[test]
fn the_real_party_is_marked_and_its_copies_through_the_portal_are_not() {
    let mut s = playing("loop_back.txt");
    settle(&mut s);
    let img = draw(&s, SIZE);
    keep(&img, "real_and_copies");
    let play = s.play().unwrap();
    let depths = platform::screens::world::region_depths(play.session.stage().grid(), play.view());
    let depth_at = |v: ViewPos| {
        let node = play.view().nodes_at(v).next().expect("in sight");
        depths[node.stencil_id as usize]
    };
    // The room is two cells wide: its copies one, two, three portals deep.
    assert_eq!(
        [-4, -2, 0, 2, 4].map(|x| depth_at(ViewPos::new(x, 0))),
        [2, 1, 0, 1, 2]
    );
    // The real party: the selected knight outlined in gold, no portal rim.
    let real = inner_rect(&s, ViewPos::new(0, 0), 0.42);
    assert!(
        count(&img, real, gold_rim) > 25,
        "the real knight's outline"
    );
    assert_eq!(
        count(&img, real, cyan_rim),
        0,
        "no portal rim on the real party"
    );
    // Every copy: the party again (the knight in blue) with a cyan rim and
    // no gold outline; deeper copies wear more of the rim.
    let mut rims = Vec::new();
    for x in [-4, -2, 2, 4] {
        let r = inner_rect(&s, ViewPos::new(x, 0), 0.42);
        assert!(
            count(&img, r, knight_blue) > 20,
            "view {x}: the knight's copy"
        );
        assert_eq!(
            count(&img, r, gold_rim),
            0,
            "view {x}: a copy is not outlined in gold"
        );
        let rim = count(&img, r, cyan_rim);
        assert!(rim > 25, "view {x}: a copy has a portal rim ({rim})");
        rims.push(rim);
    }
    assert!(
        rims[0] > rims[1] && rims[3] > rims[2],
        "the rim grows with depth: {rims:?}"
    );
    // The floor of the relic's cell: the real one plain, each copy further
    // through the portal veiled more cyan (5 and 7 are out of the
    // knight's reach, untinted by it).
    let proj = play.projection(SIZE);
    let floor = |x: i32| px(&img, proj.to_screen(Vec2::new(x as f32 - 0.3, 0.3)));
    let cyan = |p: [u8; 3]| p[1] as i32 + p[2] as i32 - 2 * p[0] as i32;
    let (f1, f5, f7) = (floor(1), floor(5), floor(7));
    assert!(
        cyan(f1) < cyan(f5) && cyan(f5) < cyan(f7),
        "veils: {f1:?} {f5:?} {f7:?}"
    );
}

#[test]
fn remembered_cells_stay_drawn_dark_and_empty_once_out_of_sight() {
    let mut s = playing("watcher_hall.txt");
    // The scout waits behind the first pillar, then crosses the hall to
    // the relic behind the second (the solution's first two turns, the
    // second one not ended).
    play_solution(
        &mut s,
        "select scout\nmove 2 0\nend-turn\nmove 3 1\nmove 6 0\nmove 7 1\nmove 8 0\n",
        SIZE,
    );
    settle(&mut s);
    keep(&draw(&s, SIZE), "remembered_close");
    let close = s.play().unwrap().projection(SIZE);
    // The overview: everything the party has seen fits on screen.
    key(&mut s, Key::Overview, SIZE);
    assert!(s.play().unwrap().overview_on());
    let img = draw(&s, SIZE);
    keep(&img, "remembered_overview");
    let play = s.play().unwrap();
    let stage = play.session.stage();
    let grid = stage.grid();
    let here = stage.cell_of(play.selected_hero().unwrap()).unwrap();
    assert_eq!(here, CellPos::new(8, 0));
    let proj = play.projection(SIZE);
    // Where grid cell `c` is drawn when remembered: its grid offset from
    // the hero; `d` is a point in it (cell-local, y up).
    let at = |c: CellPos, d: Vec2| {
        proj.to_screen(Vec2::new((c.x - here.x) as f32, (c.y - here.y) as f32) + d)
    };
    let memory = platform::screens::world::draw::MEMORY_FLOOR;
    let remembered_floor = |p: [u8; 3]| near(p, memory[0], 3) || near(p, memory[1], 3);
    // The entrance and the floor before the first pillar: seen at the
    // start, out of sight behind the pillars now, drawn dark at their
    // place in the level.
    for x in [0, 1, 2] {
        let cell = CellPos::new(x, 0);
        assert!(
            !play.view().is_visible(grid, cell),
            "{cell:?} is out of sight"
        );
        let p = px(&img, at(cell, Vec2::new(-0.3, 0.3)));
        assert!(remembered_floor(p), "a remembered floor at {cell:?}: {p:?}");
    }
    // Without things: the knight and the sorceress still stand at the
    // entrance, but the memory shows the room, not them.
    let entrance = at(CellPos::new(0, 0), Vec2::ZERO);
    let half = proj.cell_px / 2.0;
    let cell = (entrance.x - half, entrance.y - half, 2.0 * half, 2.0 * half);
    assert_eq!(count(&img, cell, knight_blue), 0, "no knight in the memory");
    assert_eq!(count(&img, cell, sorceress_purple), 0);
    // Clearly darker than the floor in sight, and not the unseen dark.
    let live = px(&img, at(here, Vec2::new(-0.3, 0.3)));
    let remembered = px(&img, at(CellPos::new(1, 0), Vec2::new(-0.3, 0.3)));
    let sum = |p: [u8; 3]| p.iter().map(|&c| c as u32).sum::<u32>();
    assert!(
        sum(remembered) * 2 < sum(live),
        "{remembered:?} vs {live:?}"
    );
    assert!(!near(remembered, play::CLEAR, 2));
    // Rock the party never saw into stays dark.
    assert!(near(
        px(&img, at(CellPos::new(1, 2), Vec2::ZERO)),
        play::CLEAR,
        1
    ));
    // Close up the entrance was cut by the screen's edge; the overview
    // shows it whole.
    let entrance_close = close.to_screen(Vec2::new(-8.5, 0.0));
    assert!(entrance_close.x < 0.0, "{entrance_close}");
    assert!(at(CellPos::new(0, 0), Vec2::new(-0.5, 0.0)).x > 0.0);
    // O again: back on the hero as before.
    key(&mut s, Key::Overview, SIZE);
    let play = s.play().unwrap();
    assert!(!play.overview_on());
    assert_eq!(play.projection(SIZE), close);
}

#[test]
fn hovering_a_watcher_draws_its_route_and_next_step() {
    let mut s = playing("watcher_hall.txt");
    settle(&mut s);
    let route_at = |s: &Screens, img: &RgbaImage, cell: CellPos| {
        let play = s.play().unwrap();
        let (v, _) = platform::screens::play::danger::place_of(play.view(), cell);
        let c = play.projection(SIZE).cell_centre(v);
        count(img, (c.x - 4.0, c.y - 4.0, 8.0, 8.0), |p| {
            near(p, platform::screens::play::danger::ROUTE, 12)
        })
    };
    let loft = [CellPos::new(5, 1), CellPos::new(5, 2), CellPos::new(5, 3)];
    let plain = draw(&s, SIZE);
    for c in loft {
        assert_eq!(route_at(&s, &plain, c), 0, "no route at {c:?} unhovered");
    }
    hover_cell(&mut s, CellPos::new(4, 1), SIZE);
    let play = s.play().unwrap();
    assert!(
        play.preview().is_none(),
        "pointing at the watcher previews no move"
    );
    let img = draw(&s, SIZE);
    keep(&img, "watcher_route");
    for c in loft {
        assert!(route_at(&s, &img, c) > 10, "a route dot at {c:?}");
    }
    // The next step: the arrow's red between the watcher and 4,0.
    let proj = play.projection(SIZE);
    let (from, _) = platform::screens::play::danger::place_of(play.view(), CellPos::new(4, 1));
    let mid = proj.to_screen(Vec2::new(from.x as f32, from.y as f32 - 0.55));
    let red = |p: [u8; 3]| near(p, platform::screens::play::danger::NEXT_STEP, 30);
    assert!(count(&img, (mid.x - 4.0, mid.y - 4.0, 8.0, 8.0), red) > 10);
}

#[test]
fn being_caught_shows_the_glare_the_red_hero_and_how_to_go_on() {
    let mut s = playing("watcher_hall.txt");
    play_solution(&mut s, "select scout\nmove 3 1\nend-turn\n", SIZE);
    settle(&mut s);
    let play = s.play().unwrap();
    let stage = play.session.stage();
    assert_eq!(stage.outcome(), game::stage::Outcome::Lost);
    let scout = play.selected_hero().unwrap();
    let guard = stage.of_kind(game::things::ThingKind::Enemy)[0];
    assert_eq!(play.danger().glares(), &[(guard, scout)]);
    assert_eq!(
        platform::screens::play::hud::caught_message(stage),
        "Caught! A watcher saw the scout. Z undoes, R restarts"
    );
    let img = draw(&s, SIZE);
    keep(&img, "caught");
    // The beam: glare red half way between the guard and the scout.
    let proj = play.projection(SIZE);
    let (g, _) =
        platform::screens::play::danger::place_of(play.view(), stage.cell_of(guard).unwrap());
    let eye = proj.to_screen(Vec2::new(g.x as f32, g.y as f32 + 0.08));
    let body = proj.to_screen(Vec2::new(0.0, -0.1));
    let mid = (eye + body) / 2.0;
    let glare = |p: [u8; 3]| near(p, platform::screens::play::danger::GLARE, 30);
    assert!(
        count(&img, (mid.x - 3.0, mid.y - 3.0, 6.0, 6.0), glare) > 10,
        "the glare"
    );
    // The caught scout is tinted red: little of her green is left, and the
    // "!" badge is over her.
    let r = inner_rect(&s, ViewPos::new(0, 0), 0.45);
    assert!(count(&img, r, scout_green) < 10);
    let badge = |p: [u8; 3]| near(p, platform::screens::world::draw::CAUGHT_RED, 20);
    assert!(count(&img, r, badge) > 20);
    // Undo: no glare, the scout green again.
    key(&mut s, Key::Undo, SIZE);
    settle(&mut s);
    assert!(s.play().unwrap().danger().glares().is_empty());
    let undone = draw(&s, SIZE);
    let r = inner_rect(&s, ViewPos::new(0, 0), 0.45);
    assert!(count(&undone, r, scout_green) > 25);
}
