//! What a frame of the play screen makes readable, checked on its pixels:
//! a bucket hoisted through a floor portal seen as one rope, a rope paying
//! out of its anchor, every occupant of a crowded cell with the selected
//! hero outlined, the real party marked apart from its copies through a
//! portal, remembered cells drawn dark once out of sight, companions out of
//! sight drawn dimmed where the party knows them (one whose cell shows
//! only a sliver too), a remembered cell pointed at showing the rules'
//! move there, a bucket tied to the rope's end drawn there with the
//! statue in it, and heroes who share its cell drawn either side of it.
//! Each test keeps its frames under `target/readable/` to look at.
use game::grid::CellPos;
use game::view::ViewPos;
use glam::Vec2;
use image::RgbaImage;
use platform::screens::input::Key;
use platform::screens::{play, Screens};
use rappel_tests::golden::{check, TOLERANCE};
use rappel_tests::pixels::{
    count, cyan_rim, draw, gold_rim, inner_rect, keep, knight_blue, near, px, rope_pixels,
    rope_tan, scout_green, settle, sorceress_purple, SIZE,
};
use rappel_tests::play::{choose, hover_cell, key, play_solution, playing, playing_open_loop};

/// The first lines of heavy haul's solution, up to the hoisting.
const HEAVY_HAUL_TO_HOIST: &str = "deploy-rope down\nmove 2 7\npickup bucket\nmove 1 7\nend-turn\nmove 5 3\nend-turn\nmove 5 0\ndrop\nend-turn\nmove 6 0\npickup statue\nmove 5 0\nput-in\nend-turn\ntie\nmove 5 3\nend-turn\nmove 1 7\nend-turn\nhoist\n";

#[test]
fn the_bucket_mid_hoist_is_seen_continuous_through_the_floor_portal() {
    let mut s = playing("heavy_haul.txt");
    play_solution(&mut s, HEAVY_HAUL_TO_HOIST, SIZE);
    settle(&mut s);
    // The second pull, caught 0.12 s in (the tweens last 0.15 s).
    key(&mut s, Key::Context, SIZE);
    key(&mut s, Key::Enter, SIZE);
    for _ in 0..7 {
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
    // The bucket climbs with the rope's end (not on a way of its own): its
    // wood is drawn just under the lowest rope pixel of the lower shaft.
    let shaft = (lower.x - half, lower.y - half, 2.0 * half, SIZE.1 as f32);
    let rope_end = (shaft.1 as u32..SIZE.1)
        .rev()
        .find(|&y| rope_pixels(&img, (shaft.0, y as f32, shaft.2, 1.0)) > 0)
        .expect("the rope in the lower shaft") as f32;
    let wood: Vec<u32> = (shaft.1 as u32..SIZE.1)
        .filter(|&y| count(&img, (shaft.0, y as f32, shaft.2, 1.0), bucket_wood) > 0)
        .collect();
    assert!(wood.len() > 5, "the bucket is drawn mid-hoist");
    let top = wood[0] as f32;
    let cell_px = play.projection(SIZE).cell_px;
    // (The wood starts under the bucket's rim, a sixth of a cell below
    // its handle.)
    assert!(
        top >= rope_end && top < rope_end + 0.3 * cell_px,
        "the bucket's wood from {top}, the rope's end at {rope_end}"
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

#[test]
fn a_crowded_cell_draws_every_occupant_and_outlines_the_selected_hero() {
    let mut s = playing_open_loop();
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
    let mut s = playing_open_loop();
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

/// Watcher hall with the scout waiting behind the first pillar, then
/// crossing the hall to the relic behind the second (the solution's first
/// two turns, the second one not ended), settled.
fn scout_across_watcher_hall() -> Screens {
    let mut s = playing("watcher_hall.txt");
    play_solution(
        &mut s,
        "select scout\nmove 2 0\nend-turn\nmove 3 1\nmove 6 0\nmove 7 1\nmove 8 0\n",
        SIZE,
    );
    settle(&mut s);
    s
}

#[test]
fn remembered_cells_stay_drawn_dark_and_empty_once_out_of_sight() {
    let mut s = scout_across_watcher_hall();
    // Back on the scout (C): the camera held still while she crossed.
    key(&mut s, Key::Recentre, SIZE);
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
    // The knight and the sorceress still stand at the entrance: the
    // memory shows the room, and them only dimmed (see
    // `companions_out_of_sight_are_drawn_dimmed_where_the_party_knows_them`),
    // never as if in sight.
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
    // O again: back close up as before.
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
            near(
                p,
                platform::screens::world::Palette::Standard.colours().route,
                12,
            )
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
    let red = |p: [u8; 3]| {
        near(
            p,
            platform::screens::world::Palette::Standard
                .colours()
                .next_step,
            30,
        )
    };
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
        platform::screens::play::hud::caught_message(stage, play.danger().glares(), &play.keys),
        "Caught! The guard saw the scout. Z undoes, R restarts"
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
    let glare = |p: [u8; 3]| {
        near(
            p,
            platform::screens::world::Palette::Standard.colours().glare,
            30,
        )
    };
    assert!(
        count(&img, (mid.x - 3.0, mid.y - 3.0, 6.0, 6.0), glare) > 10,
        "the glare"
    );
    // The caught scout is tinted red: little of her green is left, and the
    // "!" badge is over her.
    let r = inner_rect(&s, ViewPos::new(0, 0), 0.45);
    assert!(count(&img, r, scout_green) < 10);
    let badge = |p: [u8; 3]| {
        near(
            p,
            platform::screens::world::Palette::Standard.colours().caught,
            20,
        )
    };
    assert!(count(&img, r, badge) > 20);
    // Undo: no glare, the scout green again.
    key(&mut s, Key::Undo, SIZE);
    settle(&mut s);
    assert!(s.play().unwrap().danger().glares().is_empty());
    let undone = draw(&s, SIZE);
    let r = inner_rect(&s, ViewPos::new(0, 0), 0.45);
    assert!(count(&undone, r, scout_green) > 25);
}

#[test]
fn a_watcher_the_scout_saw_is_red_through_the_knight_s_eyes() {
    // Sentry: the knight stands at the hole, seeing a slice of the hall
    // below through the floor portal but not the sentry. Before anyone has
    // seen the sentry nothing there is red; once the scout has dropped in
    // and seen it, the knight, selected again, sees its sight red there.
    let reddish = |p: [u8; 3]| p[0] > p[2].saturating_add(25) && p[0] > p[1].saturating_add(25);
    // Red pixels in the cells the knight sees through the portal.
    let red_through_portal = |s: &Screens, img: &RgbaImage| -> usize {
        let play = s.play().unwrap();
        let mut views: Vec<ViewPos> = play
            .view()
            .nodes()
            .iter()
            .filter(|n| n.stencil_id > 1)
            .map(|n| n.view)
            .collect();
        views.sort_by_key(|v| (v.y, v.x));
        views.dedup();
        assert!(!views.is_empty(), "the hall is seen through the hole");
        views
            .into_iter()
            .map(|v| count(img, rappel_tests::pixels::cell_rect(s, v), reddish))
            .sum()
    };
    let mut s = playing("sentry.txt");
    play_solution(&mut s, "select knight", SIZE);
    settle(&mut s);
    let before = draw(&s, SIZE);
    keep(&before, "sentry_knight_before_the_scout_drops");
    assert_eq!(red_through_portal(&s, &before), 0, "no watcher known yet");
    play_solution(&mut s, "select scout\nmove 7 0\nselect knight", SIZE);
    settle(&mut s);
    let after = draw(&s, SIZE);
    keep(&after, "sentry_knight_after_the_scout_saw_the_sentry");
    let play = s.play().unwrap();
    let stage = play.session.stage();
    let sentry = stage.find("sentry").unwrap();
    assert!(!play
        .view()
        .is_visible(stage.grid(), stage.cell_of(sentry).unwrap()));
    let red = red_through_portal(&s, &after);
    assert!(red > 300, "{red} red pixels through the hole");
}

/// Pixels of the bucket's light wood (its body's lit side).
fn bucket_wood(p: [u8; 3]) -> bool {
    near(p, render::hex(0xa98274), 14)
}

/// Pixels of the statue's stone.
fn statue_stone(p: [u8; 3]) -> bool {
    near(p, render::hex(0xb9b2a6), 12) || near(p, render::hex(0xcfc8bb), 12)
}

/// The screen square of grid cell `cell` where the selected hero sees it.
fn grid_cell_rect(s: &Screens, cell: CellPos) -> (f32, f32, f32, f32) {
    let play = s.play().unwrap();
    let c = play.screen_pos_of_cell(cell, SIZE).expect("in sight");
    let h = play.projection(SIZE).cell_px / 2.0;
    (c.x - h, c.y - h, 2.0 * h, 2.0 * h)
}

/// The mean x of the pixels in `r` for which `f` holds.
fn mean_x(img: &RgbaImage, r: (f32, f32, f32, f32), f: impl Fn([u8; 3]) -> bool) -> f32 {
    let (mut sum, mut n) = (0.0, 0.0);
    for y in r.1 as u32..(r.1 + r.3) as u32 {
        for x in r.0 as u32..(r.0 + r.2) as u32 {
            let p = img.get_pixel(x, y).0;
            if f([p[0], p[1], p[2]]) {
                sum += x as f32;
                n += 1.0;
            }
        }
    }
    sum / n
}

#[test]
fn a_bucket_tied_to_the_rope_is_drawn_at_its_end_with_the_statue_in_it() {
    let mut s = playing("heavy_haul.txt");
    // The knight's haul up to the tie: the statue is in the bucket, the
    // bucket tied to the rope's end at the foot of the lower shaft, where
    // the knight stands.
    let to_tie = &HEAVY_HAUL_TO_HOIST[..HEAVY_HAUL_TO_HOIST.find("tie\n").expect("a tie") + 4];
    play_solution(&mut s, to_tie, SIZE);
    settle(&mut s);
    let play = s.play().unwrap();
    let stage = play.session.stage();
    let end = CellPos::new(5, 0);
    let rope = stage.segment_in(end).expect("the rope's end");
    assert_eq!(stage.children(rope).len(), 1, "the bucket is tied");
    let img = draw(&s, SIZE);
    keep(&img, "tied_bucket");
    let cell = grid_cell_rect(&s, end);
    let (wood, stone) = (
        count(&img, cell, bucket_wood),
        count(&img, cell, statue_stone),
    );
    assert!(wood > 12, "the bucket is drawn at the rope's end: {wood}");
    assert!(stone > 4, "the statue is drawn in it: {stone}");
    // On the rope's line (the middle of the cell), in front of the knight
    // who stands aside.
    let middle = cell.0 + cell.2 / 2.0;
    let x = mean_x(&img, cell, bucket_wood);
    assert!(
        (x - middle).abs() < cell.2 * 0.15,
        "{x} vs the rope at {middle}"
    );
    // The knight climbs to the top and hoists, two cells a pull: the
    // bucket rises with the rope's end up the shaft (seen through his
    // eyes, down through the floor portal), and the foot of the shaft is
    // empty.
    play_solution(
        &mut s,
        "move 5 3\nend-turn\nmove 1 7\nend-turn\nhoist\n",
        SIZE,
    );
    // Zoomed out to see down the shaft past the portal, clear of the HUD.
    key(&mut s, Key::ZoomOut, SIZE);
    key(&mut s, Key::ZoomOut, SIZE);
    settle(&mut s);
    let img = draw(&s, SIZE);
    keep(&img, "tied_bucket_hoisted");
    let up = grid_cell_rect(&s, CellPos::new(5, 2));
    // As many pixels as at the first zoom, for the smaller cells.
    let k = (up.2 / cell.2).powi(2);
    let (wood, stone) = (count(&img, up, bucket_wood), count(&img, up, statue_stone));
    assert!(wood as f32 > 12.0 * k, "the bucket rose two cells: {wood}");
    assert!(stone as f32 > 4.0 * k, "with the statue: {stone}");
    let foot = grid_cell_rect(&s, end);
    assert_eq!(count(&img, foot, bucket_wood), 0, "nothing left below");
}

#[test]
fn companions_out_of_sight_are_drawn_dimmed_where_the_party_knows_them() {
    // The knight and the sorceress, at the entrance, are out of the
    // scout's sight.
    let mut s = scout_across_watcher_hall();
    key(&mut s, Key::Overview, SIZE);
    let img = draw(&s, SIZE);
    keep(&img, "companions_dimmed");
    let play = s.play().unwrap();
    let stage = play.session.stage();
    let out = play.companions_out_of_sight();
    let names: Vec<&str> = out.iter().filter_map(|&h| stage.id_name(h)).collect();
    assert_eq!(names, ["knight", "sorceress"]);
    let here = stage.cell_of(play.selected_hero().unwrap()).unwrap();
    let proj = play.projection(SIZE);
    let entrance = CellPos::new(0, 0);
    assert!(!play.view().is_visible(stage.grid(), entrance));
    let c = proj.to_screen(Vec2::new(
        (entrance.x - here.x) as f32,
        (entrance.y - here.y) as f32,
    ));
    let h = proj.cell_px / 2.0;
    let cell = (c.x - h, c.y - h, 2.0 * h, 2.0 * h);
    // Drawn there, dimmed: blue of the knight and purple of the sorceress,
    // darker than either is drawn in sight.
    let dim_blue = |p: [u8; 3]| p[2] > 70 && p[2] as i32 > p[0] as i32 + 40 && !knight_blue(p);
    let dim_purple =
        |p: [u8; 3]| p[0] > p[1] + 3 && p[2] > p[1] + 30 && p[2] > 70 && !sorceress_purple(p);
    let (blue, purple) = (count(&img, cell, dim_blue), count(&img, cell, dim_purple));
    assert!(blue > 15, "the knight, dimmed: {blue}");
    assert!(purple > 10, "the sorceress, dimmed: {purple}");
    assert_eq!(count(&img, cell, knight_blue), 0, "not as if in sight");
    assert_eq!(count(&img, cell, sorceress_purple), 0, "not as if in sight");
    // The scout herself, in sight, is drawn as ever.
    let r = inner_rect(&s, ViewPos::new(0, 0), 0.45);
    assert!(count(&img, r, scout_green) > 10);
}

/// Night haul split: the knight at the shaft's head (3,3) with his rope
/// let down the shaft; the scout climbed down it to the cellar (4,0).
fn night_haul_split() -> Screens {
    let mut s = playing("night_haul.txt");
    play_solution(
        &mut s,
        "select knight\nmove 3 3\ndeploy-rope right\nselect scout\nmove 2 4\nmove 4 2\nend-turn\nmove 4 0\n",
        SIZE,
    );
    settle(&mut s);
    s
}

#[test]
fn a_companion_whose_cell_shows_only_a_sliver_is_drawn_dimmed_there() {
    // From the cellar the scout sees only a sliver of the knight's cell at
    // the shaft's head, too little to show him: he is drawn dimmed at his
    // cell's place, as a companion out of sight is.
    let s = night_haul_split();
    let img = draw(&s, SIZE);
    keep(&img, "companion_in_a_sliver");
    let play = s.play().unwrap();
    let stage = play.session.stage();
    let knight = stage.heroes()[0];
    let (here, there) = (CellPos::new(4, 0), CellPos::new(3, 3));
    assert_eq!(stage.cell_of(knight), Some(there));
    assert!(play.view().is_visible(stage.grid(), there), "a sliver");
    let c = play.projection(SIZE).to_screen(Vec2::new(
        (there.x - here.x) as f32,
        (there.y - here.y) as f32,
    ));
    let h = play.projection(SIZE).cell_px / 2.0;
    let cell = (c.x - h, c.y - h, 2.0 * h, 2.0 * h);
    let dim_blue = |p: [u8; 3]| p[2] > 70 && p[2] as i32 > p[0] as i32 + 40 && !knight_blue(p);
    let blue = count(&img, cell, dim_blue);
    assert!(blue > 15, "the knight, dimmed: {blue}");
}

#[test]
fn a_remembered_cell_pointed_at_shows_the_rules_move_there() {
    // The scout, climbed up the rope to the shaft's head, points at the corridor
    // behind the pillar, out of her sight and remembered: the preview of
    // the rules' move is drawn (gold path over the pillar).
    let mut s = playing("night_haul.txt");
    play_solution(
        &mut s,
        "select knight\nmove 3 3\ndeploy-rope right\nselect scout\nmove 2 4\nmove 4 2\nend-turn\nmove 4 3\n",
        SIZE,
    );
    settle(&mut s);
    let plain = draw(&s, SIZE);
    let play = s.play().unwrap();
    let corridor = CellPos::new(1, 3);
    let v = ViewPos::new(corridor.x - 4, corridor.y - 3);
    assert!(play.view().nodes_at(v).next().is_none(), "out of sight");
    let p = play.projection(SIZE).cell_centre(v);
    s.handle(platform::screens::input::Input::MouseMove(p), SIZE);
    let img = draw(&s, SIZE);
    keep(&img, "remembered_cell_pointed_at");
    let play = s.play().unwrap();
    assert!(
        matches!(play.preview().map(|p| &p.outcome), Some(Ok(path)) if path.end == Some(corridor)),
        "{:?}",
        play.preview()
    );
    // Gold drawn over the pillar, where the path goes, that was not there.
    let gold = |img: &RgbaImage| count(img, (0.0, 0.0, SIZE.0 as f32, SIZE.1 as f32), gold_rim);
    assert!(
        gold(&img) > gold(&plain) + 20,
        "{} {}",
        gold(&img),
        gold(&plain)
    );
}

/// The colours of the heroes and of the bucket's wood in grid cell `cell`
/// of `img`: each with how many pixels show it and their mean x.
fn occupants(img: &RgbaImage, s: &Screens, cell: CellPos) -> [(&'static str, usize, f32); 4] {
    let r = grid_cell_rect(s, cell);
    let look = |name, f: fn([u8; 3]) -> bool| (name, count(img, r, f), mean_x(img, r, f));
    [
        look("knight", knight_blue),
        look("bucket", bucket_wood),
        look("scout", scout_green),
        look("sorceress", sorceress_purple),
    ]
}

/// Plays `line` on `level` and checks the frame: a bucket tied to the
/// rope's end in `cell`, hanging on the rope's line (the cell's middle),
/// and every one of `who` (from the left: heroes, the bucket among them)
/// seen there in that order.
fn tied_bucket_among_heroes(level: &str, line: &str, cell: CellPos, who: &[&str], kept: &str) {
    let mut s = playing(level);
    play_solution(&mut s, line, SIZE);
    settle(&mut s);
    let play = s.play().unwrap();
    let stage = play.session.stage();
    let rope = stage.segment_in(cell).expect("the rope's end");
    assert_eq!(stage.children(rope).len(), 1, "{level}: the bucket is tied");
    let here = stage
        .heroes()
        .into_iter()
        .filter(|&h| stage.cell_of(h) == Some(cell))
        .count();
    assert_eq!(here + 1, who.len(), "{level}: heroes in the cell");
    let img = draw(&s, SIZE);
    keep(&img, kept);
    let seen = occupants(&img, &s, cell);
    let find = |name: &str| *seen.iter().find(|o| o.0 == name).expect("a colour");
    for &name in who {
        let (_, n, _) = find(name);
        // Four in a cell are drawn small, the bucket smallest.
        let least = if name == "bucket" { 8 } else { 15 };
        assert!(n > least, "{level}: the {name} is seen: {seen:?}");
    }
    let r = grid_cell_rect(&s, cell);
    let middle = r.0 + r.2 / 2.0;
    let bucket = find("bucket").2;
    assert!(
        (bucket - middle).abs() < 0.1 * r.2,
        "{level}: the bucket on the rope's line: {bucket}, the middle at {middle}"
    );
    let xs: Vec<f32> = who.iter().map(|&name| find(name).2).collect();
    assert!(
        xs.windows(2).all(|w| w[0] < w[1]),
        "{level}: {who:?} from the left: {seen:?}"
    );
}

#[test]
fn heroes_sharing_a_cell_with_a_tied_bucket_stand_either_side_of_it() {
    // Night haul, turn 2: the knight and the scout climb down to the
    // cellar and the scout ties the bucket to the rope's end there: the
    // knight left of it, the scout right, both seen whole.
    tied_bucket_among_heroes(
        "night_haul.txt",
        "select knight\nmove 3 3\ndeploy-rope right\nselect scout\nmove 1 3\npickup bucket\nmove 2 4\nmove 4 2\nend-turn\nselect knight\nmove 4 3\nmove 4 0\nselect scout\nmove 4 0\ntie\n",
        CellPos::new(4, 0),
        &["knight", "bucket", "scout"],
        "tied_bucket_night_haul",
    );
    // The well, turn 2: all three at the rope's foot in the gallery, the
    // bucket tied there: the knight and the scout left of it, the
    // sorceress right.
    tied_bucket_among_heroes(
        "the_well.txt",
        "select knight\nmove 1 11\ndeploy-rope left\nmove 13 8\nselect scout\nmove 3 11\npickup bucket\nmove 13 8\nselect sorceress\nmove 13 7\nend-turn\nselect knight\nmove 13 5\nselect scout\nmove 13 5\ntie\nselect sorceress\nmove 13 5\n",
        CellPos::new(13, 5),
        &["knight", "scout", "bucket", "sorceress"],
        "tied_bucket_the_well",
    );
}
