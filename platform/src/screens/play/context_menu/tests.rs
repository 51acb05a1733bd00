//! Tests of the context menu.
use super::*;
use game::grid::CellPos;
use game::stage::SIGHT_RADIUS;
use std::path::Path;

fn session(name: &str) -> Session {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../levels")
        .join(name);
    Session::new(&game::level::load_file(&path).unwrap()).unwrap()
}

/// `name` with its knight walked to `x,y` (none if `None`), and the
/// knight's menu there.
fn knights_menu(name: &str, to: Option<(i32, i32)>) -> (Session, ContextMenu) {
    let mut s = session(name);
    let knight = s.stage().heroes()[0];
    if let Some((x, y)) = to {
        s.perform(&Action::Move {
            hero: knight,
            to: game::action::Target::Cell(game::grid::CellPos::new(x, y)),
        })
        .unwrap();
    }
    let mut view = GridView::new();
    view.build(
        s.stage().grid(),
        s.stage().cell_of(knight).unwrap(),
        SIGHT_RADIUS,
    );
    let m = ContextMenu::build(&mut s, &view, knight);
    (s, m)
}

/// Moves `hero` to grid cell `x,y` (the rules' own move, as set-up).
fn go(s: &mut Session, hero: ThingId, x: i32, y: i32) {
    s.perform(&Action::Move {
        hero,
        to: game::action::Target::Cell(CellPos::new(x, y)),
    })
    .unwrap();
}

fn labels(m: &ContextMenu) -> Vec<&str> {
    m.entries.iter().map(|e| e.label.as_str()).collect()
}

#[test]
fn the_knight_at_the_rope_descent_entrance_can_set_down_or_leave_but_not_first() {
    let (_, m) = knights_menu("rope_descent.txt", None);
    assert_eq!(
        labels(&m),
        [
            "Set down rope",
            "End turn",
            "Leave the level with rope",
            "Everyone here leaves"
        ],
        "no drop beside the entrance: no deploy entries; leaving never first, \
         everyone leaving after it (the party starts there)"
    );
}

#[test]
fn every_entry_is_what_the_rules_say_of_it() {
    let (mut s, m) = knights_menu("rope_descent.txt", Some((1, 6)));
    assert!(
        labels(&m).contains(&"Let the rope down right"),
        "{:?}",
        labels(&m)
    );
    assert!(!labels(&m).contains(&"Hoist the rope"));
    for e in &m.entries {
        if let ContextAction::Do(a) = e.action {
            let verdict = s.preview(&a).map(|_| ()).map_err(|why| why.to_string());
            assert_eq!(
                verdict,
                e.refused.clone().map_or(Ok(()), Err),
                "{}",
                e.label
            );
        }
    }
}

#[test]
fn a_relic_that_cannot_be_picked_up_is_listed_after_what_works_saying_why() {
    // The loop-back room: the knight holds his rope and walks onto the
    // relic.
    let (_, m) = knights_menu("loop_back.txt", Some((1, 0)));
    let texts: Vec<String> = m.entries.iter().map(Entry::text).collect();
    let refused = m.entries.iter().position(|e| e.refused.is_some());
    assert_eq!(
        refused.map(|i| texts[i].as_str()),
        Some("Pick up relic (hands are full)"),
        "{texts:?}"
    );
    let end_turn = texts.iter().position(|t| t == "End turn");
    assert!(end_turn < refused, "what works, then End turn: {texts:?}");
    assert!(
        texts[0].starts_with("Set down rope"),
        "what works comes first: {texts:?}"
    );
}

#[test]
fn setting_down_on_a_rope_says_how_far_it_falls() {
    // The well: the knight lets his rope down the well from the
    // platform; the scout climbs onto it with the bucket. Set down
    // there, the bucket drops down the well.
    let mut s = session("the_well.txt");
    let stage = s.stage();
    let (knight, scout) = (stage.heroes()[0], stage.heroes()[1]);
    let bucket = stage.find("bucket").unwrap();
    go(&mut s, knight, 13, 9);
    s.perform(&Action::DeployRope {
        hero: knight,
        dir: DeployDir::Down,
    })
    .unwrap();
    go(&mut s, scout, 3, 11);
    s.perform(&Action::PickUp {
        hero: scout,
        item: Some(bucket),
    })
    .unwrap();
    go(&mut s, scout, 13, 8);
    s.perform(&Action::EndTurn).unwrap();
    let texts = menu_texts(&mut s, scout);
    assert!(
        texts
            .iter()
            .any(|t| t.starts_with("Set down bucket (it falls 3 cells)")),
        "{texts:?}"
    );
}

#[test]
fn at_the_well_s_hall_end_hoisting_is_shown_greyed_saying_where_to_stand() {
    // The knight lets his rope down left from the hall's end: it hangs
    // through the portal into the well, its top cell across the portal.
    let (mut s, _) = knights_menu("the_well.txt", Some((1, 11)));
    let knight = s.stage().heroes()[0];
    s.perform(&Action::DeployRope {
        hero: knight,
        dir: DeployDir::Left,
    })
    .unwrap();
    let texts = menu_texts(&mut s, knight);
    assert!(
        texts.contains(&"Hoist the rope (stand in the rope's top cell)".to_string()),
        "{texts:?}"
    );
    assert!(
        texts.contains(&"Take the rope back · 1 AP".to_string()),
        "{texts:?}"
    );
}

/// The well's first two turns of the shipped line, but the scout
/// keeps the bucket: the knight, at the rope's foot, picks up the
/// statue the sorceress floated to him.
fn the_well_with_the_statue_at_the_ropes_foot() -> Session {
    let mut s = session("the_well.txt");
    let stage = s.stage();
    let (knight, scout, sorceress) = (stage.heroes()[0], stage.heroes()[1], stage.heroes()[2]);
    let (bucket, statue) = (stage.find("bucket").unwrap(), stage.find("statue").unwrap());
    go(&mut s, knight, 1, 11);
    s.perform(&Action::DeployRope {
        hero: knight,
        dir: DeployDir::Left,
    })
    .unwrap();
    go(&mut s, knight, 13, 8);
    go(&mut s, scout, 3, 11);
    s.perform(&Action::PickUp {
        hero: scout,
        item: Some(bucket),
    })
    .unwrap();
    go(&mut s, scout, 13, 8);
    go(&mut s, sorceress, 13, 7);
    s.perform(&Action::EndTurn).unwrap();
    go(&mut s, knight, 13, 5);
    go(&mut s, sorceress, 13, 5);
    s.perform(&Action::Levitate {
        hero: sorceress,
        item: statue,
        to: CellPos::new(13, 5),
    })
    .unwrap();
    s.perform(&Action::PickUp {
        hero: knight,
        item: Some(statue),
    })
    .unwrap();
    s
}

#[test]
fn holding_the_statue_at_the_ropes_foot_the_menu_says_it_cannot_be_tied() {
    let mut s = the_well_with_the_statue_at_the_ropes_foot();
    let knight = s.stage().heroes()[0];
    let texts = menu_texts(&mut s, knight);
    assert!(
        texts.contains(&"Tie the statue to the rope (it cannot hang from a rope)".to_string()),
        "{texts:?}"
    );
}

#[test]
fn a_coil_in_hand_at_a_ropes_end_is_named_apart_from_the_hanging_rope() {
    let level = game::level::load_text(
        "coil.txt",
        "[level]\nname = \"Coil\"\n\n[grid]\n#######\n#@....#\n###.###\n###.###\n###.###\n###.###\n#######\n\n\
         [things]\nknight = hero knight at 0,2 rope 4\nscout = hero scout at 1,0\n\
         coil = rope at 1,0 len 5\n",
    )
    .unwrap();
    let mut s = Session::new(&level).unwrap();
    let (knight, scout) = (s.stage().heroes()[0], s.stage().heroes()[1]);
    s.perform(&Action::DeployRope {
        hero: knight,
        dir: DeployDir::Right,
    })
    .unwrap();
    let coil = s.stage().find("coil").unwrap();
    s.perform(&Action::PickUp {
        hero: scout,
        item: Some(coil),
    })
    .unwrap();
    let texts = menu_texts(&mut s, scout);
    assert!(
        texts.contains(
            &"Tie the rope in hand to the end of the hanging rope (it cannot hang from a rope)"
                .to_string()
        ),
        "{texts:?}"
    );
    assert!(
        !texts.iter().any(|t| t.contains("the rope to the rope")),
        "{texts:?}"
    );
}

/// A small level: the entrance row y = 2 and a shaft at x = 1 below
/// it, with `things`.
fn inline(things: &str) -> Session {
    let text = format!(
        "[level]\nname = \"Inline\"\n\n[grid]\n#######\n#@....#\n###.###\n###.###\n\
         ###.###\n###.###\n#######\n\n[things]\n{things}\n"
    );
    Session::new(&game::level::load_text("inline.txt", &text).unwrap()).unwrap()
}

/// `hero`'s menu where the hero stands, as the hero sees.
fn menu_of(s: &mut Session, hero: ThingId) -> ContextMenu {
    let mut view = GridView::new();
    view.build(
        s.stage().grid(),
        s.stage().cell_of(hero).unwrap(),
        SIGHT_RADIUS,
    );
    ContextMenu::build(s, &view, hero)
}

fn menu_texts(s: &mut Session, hero: ThingId) -> Vec<String> {
    menu_of(s, hero).entries.iter().map(Entry::text).collect()
}

#[test]
fn in_the_vault_with_the_spare_bucket_each_levitation_says_which_bucket() {
    use game::equipment::{equip, Equipment, Loadout};
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../levels/the_vault.txt");
    let mut loadout = Loadout::new();
    loadout.give(Equipment::SpareBucket, "sorceress");
    let level = equip(&game::level::load_file(&path).unwrap(), &loadout).unwrap();
    let mut s = Session::new(&level).unwrap();
    let sorceress = s.stage().heroes()[2];
    s.perform(&Action::Move {
        hero: sorceress,
        to: game::action::Target::Cell(CellPos::new(5, 11)),
    })
    .unwrap();
    s.perform(&Action::EndTurn).unwrap();
    let texts = menu_texts(&mut s, sorceress);
    let levitations: Vec<&String> = texts.iter().filter(|t| t.starts_with("Levitate")).collect();
    assert_eq!(
        levitations,
        [
            "Levitate bucket 2 cells left… · 2 AP",
            "Levitate bucket at the entrance… · 2 AP"
        ],
        "{texts:?}"
    );
}

/// Heavy haul with the knight's spare bucket (`knight:spare_bucket`: a
/// second bucket at the entrance), along the shipped line's first turn
/// (levels/solutions/heavy_haul.sim): the sorceress leaves, the knight
/// lets his rope down, the scout fetches the level's bucket — and brings
/// it back to the entrance, where the spare lies.
fn heavy_haul_with_the_spare_bucket_at_the_entrance() -> (Session, ThingId) {
    use game::equipment::{equip, Loadout};
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../levels/heavy_haul.txt");
    let loadout: Loadout = "knight:spare_bucket".parse().unwrap();
    let level = equip(&game::level::load_file(&path).unwrap(), &loadout).unwrap();
    let mut s = Session::new(&level).unwrap();
    let heroes = s.stage().heroes();
    let (knight, scout, sorceress) = (heroes[0], heroes[1], heroes[2]);
    let bucket = s.stage().find("bucket").unwrap();
    let to = |x, y| game::action::Target::Cell(CellPos::new(x, y));
    for action in [
        Action::Exit { hero: sorceress },
        Action::DeployRope {
            hero: knight,
            dir: DeployDir::Down,
        },
        Action::Move {
            hero: scout,
            to: to(2, 7),
        },
        Action::PickUp {
            hero: scout,
            item: Some(bucket),
        },
        Action::Move {
            hero: scout,
            to: to(1, 7),
        },
    ] {
        s.perform(&action).unwrap();
    }
    (s, scout)
}

/// The entries' texts, each told apart from every other.
fn all_different(s: &mut Session, hero: ThingId) -> Vec<String> {
    let texts = menu_texts(s, hero);
    for (i, t) in texts.iter().enumerate() {
        assert!(
            !texts[i + 1..].contains(t),
            "two entries read {t:?}: {texts:?}"
        );
    }
    texts
}

#[test]
fn with_the_spare_bucket_every_entry_says_which_bucket_it_acts_on() {
    let (mut s, scout) = heavy_haul_with_the_spare_bucket_at_the_entrance();
    let bucket = s.stage().find("bucket").unwrap();
    let spare = s.stage().find("spare_bucket").unwrap();
    // Holding the level's bucket beside the spare: the one in hand goes
    // into the one lying here.
    let texts = all_different(&mut s, scout);
    for expected in [
        "Put bucket in hand in the bucket here · 1 AP",
        "Set down bucket in hand · 1 AP",
        "Leave the level with bucket in hand",
        "Pick up bucket here (hands are full)",
    ] {
        assert!(texts.contains(&expected.to_string()), "{texts:?}");
    }
    s.perform(&Action::PutIn { hero: scout }).unwrap();
    assert_eq!(s.stage().children(spare), [bucket]);
    s.undo();
    // Set down beside it, both empty: two pick-ups, each named apart,
    // and each picks up the bucket it names.
    s.perform(&Action::SetDown { hero: scout }).unwrap();
    let texts = all_different(&mut s, scout);
    let mut view = GridView::new();
    let at = s.stage().cell_of(scout).unwrap();
    view.build(s.stage().grid(), at, SIGHT_RADIUS);
    let m = ContextMenu::build(&mut s, &view, scout);
    let pick_ups: Vec<(&str, ContextAction)> = m
        .entries
        .iter()
        .filter(|e| e.label.starts_with("Pick up"))
        .map(|e| (e.label.as_str(), e.action))
        .collect();
    let pick_up = |item| {
        ContextAction::Do(Action::PickUp {
            hero: scout,
            item: Some(item),
        })
    };
    assert_eq!(
        pick_ups,
        [
            ("Pick up bucket here (1)", pick_up(bucket)),
            ("Pick up bucket here (2)", pick_up(spare)),
        ],
        "{texts:?}"
    );
}

/// The rest of Heavy haul's shipped line from
/// [`heavy_haul_with_the_spare_bucket_at_the_entrance`]: down, the statue
/// in the bucket tied on, hoisted up to the entrance where the spare lies
/// (the scout hoists from there, turn 5's three pulls, the knight comes
/// up, three more).
fn the_rest_of_heavy_haul(s: &Session, scout: ThingId) -> Vec<Action> {
    let knight = s.stage().heroes()[0];
    let statue = s.stage().find("statue").unwrap();
    let to = |x, y| game::action::Target::Cell(CellPos::new(x, y));
    let mv = |hero, x, y| Action::Move { hero, to: to(x, y) };
    let mut line = vec![
        mv(knight, 1, 4),
        mv(scout, 1, 6),
        Action::EndTurn,
        mv(knight, 5, 0),
        mv(scout, 5, 3),
        Action::EndTurn,
        mv(knight, 6, 0),
        Action::PickUp {
            hero: knight,
            item: Some(statue),
        },
        mv(knight, 5, 0),
        mv(scout, 5, 0),
        Action::Tie { hero: scout },
        mv(scout, 5, 2),
        Action::PutIn { hero: knight },
        Action::EndTurn,
        mv(knight, 1, 4),
        mv(scout, 1, 7),
        Action::Hoist { hero: scout },
        Action::EndTurn,
    ];
    line.extend([Action::Hoist { hero: scout }; 3]);
    line.push(mv(knight, 1, 7));
    line.extend([Action::Hoist { hero: scout }; 3]);
    line
}

/// Plays `line` on `s`.
fn play(s: &mut Session, line: &[Action]) {
    for action in line {
        s.perform(action)
            .unwrap_or_else(|e| panic!("{action:?}: {e}"));
    }
}

#[test]
fn with_the_spare_bucket_at_the_end_of_the_line_the_take_out_names_the_tied_bucket() {
    let (mut s, scout) = heavy_haul_with_the_spare_bucket_at_the_entrance();
    let knight = s.stage().heroes()[0];
    let statue = s.stage().find("statue").unwrap();
    let line = the_rest_of_heavy_haul(&s, scout);
    play(&mut s, &line);
    let texts = all_different(&mut s, knight);
    for expected in [
        "Take statue out of the bucket on the rope · 1 AP",
        "Pick up bucket here · 1 AP",
    ] {
        assert!(texts.contains(&expected.to_string()), "{texts:?}");
    }
    s.perform(&Action::TakeOut { hero: knight }).unwrap();
    assert_eq!(s.stage().held(knight), Some(statue));
}

#[test]
fn a_load_too_heavy_to_take_out_says_what_of_what_and_for_whom() {
    let mut s = inline(
        "knight = hero knight at 2,2\nscout = hero scout at 2,2\n\
         statue = item statue at 2,2 flags ACQUIRE|PLACE|HEAVY|RELIC\n\
         bucket = item bucket at 2,2 flags ACQUIRE|PLACE|CONTAIN|HANG",
    );
    let (knight, scout) = (s.stage().heroes()[0], s.stage().heroes()[1]);
    let statue = s.stage().find("statue").unwrap();
    s.perform(&Action::PickUp {
        hero: knight,
        item: Some(statue),
    })
    .unwrap();
    s.perform(&Action::PutIn { hero: knight }).unwrap();
    let texts = menu_texts(&mut s, scout);
    assert!(
        texts.contains(&"Take statue out of the bucket (too heavy for the scout)".to_string()),
        "{texts:?}"
    );
    assert!(
        texts.contains(&"Pick up bucket (too heavy for the scout)".to_string()),
        "{texts:?}"
    );
}

#[test]
fn the_menu_stays_on_screen_beside_the_heros_cell() {
    let m = ContextMenu::new(vec![
        Entry {
            label: "a".into(),
            action: ContextAction::Do(Action::EndTurn),
            cost: 0,
            refused: None,
        };
        6
    ]);
    // The menu's frame as drawn (10 px at scale 1 around the entries).
    let frame = |rects: &[Rect], scale: f32| {
        let (a, b) = (rects[0], rects[rects.len() - 1]);
        let pad = 10.0 * scale;
        Rect::new(
            a.x - pad,
            a.y - pad,
            a.w + 2.0 * pad,
            b.y + b.h - a.y + 2.0 * pad,
        )
    };
    let overlaps =
        |a: Rect, b: Rect| a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
    let square = |c: Vec2, half: f32| Rect::new(c.x - half, c.y - half, 2.0 * half, 2.0 * half);
    for (size, scale, cell) in [
        (Vec2::new(640.0, 360.0), 0.5, 40.0),
        (Vec2::new(1280.0, 720.0), 1.0, 80.0),
        (Vec2::new(1280.0, 720.0), 1.0, 30.0),
        (Vec2::new(400.0, 720.0), 0.5, 40.0),
    ] {
        let centre = size / 2.0;
        for anchor in [
            Vec2::ZERO,
            size,
            Vec2::new(size.x - 30.0, 10.0),
            centre,
            Vec2::new(60.0, size.y / 2.0),
            Vec2::new(size.x - 60.0, size.y / 2.0),
        ] {
            let rects = m.layout(anchor, cell, size, scale);
            for r in &rects {
                assert!(r.x >= 0.0 && r.x + r.w <= size.x, "{anchor}: {r:?}");
                assert!(r.y >= 0.0 && r.y + r.h <= size.y, "{anchor}: {r:?}");
            }
            // Never over the hero's own cell, when the cell is on screen.
            let on_screen = anchor.cmpgt(Vec2::splat(cell)).all()
                && anchor.cmplt(size - Vec2::splat(cell)).all();
            if on_screen {
                let f = frame(&rects, scale);
                assert!(
                    !overlaps(f, square(anchor, cell / 2.0)),
                    "{size} {anchor}: {f:?} over the hero's cell"
                );
            }
        }
        // With room beside it, clear of the cells around the hero too.
        if size.x >= 1280.0 {
            let f = frame(&m.layout(centre, cell, size, scale), scale);
            assert!(!overlaps(f, square(centre, 1.5 * cell)), "{size}: {f:?}");
        }
    }
}

/// Heavy haul's shipped line (levels/solutions/heavy_haul.sim) up to the
/// knight's last action: the statue hoisted up to the entrance and taken
/// out of the bucket, the knight holding it there with no AP left.
fn heavy_haul_with_the_statue_taken_out() -> (Session, ThingId) {
    let path = |p: &str| Path::new(env!("CARGO_MANIFEST_DIR")).join(p);
    let level = game::level::load_file(&path("../levels/heavy_haul.txt")).unwrap();
    let script = std::fs::read_to_string(path("../levels/solutions/heavy_haul.sim")).unwrap();
    let line = game::script::script_actions(&level, &script).unwrap();
    let mut s = Session::new(&level).unwrap();
    let knight = s.stage().heroes()[0];
    let taken_out = line
        .iter()
        .position(|a| matches!(a, Action::TakeOut { .. }))
        .expect("the line takes the statue out");
    for action in &line[..=taken_out] {
        s.perform(action).unwrap();
    }
    (s, knight)
}

/// The texts of the entries the rules allow, in the menu's order.
fn allowed_texts(s: &mut Session, hero: ThingId) -> Vec<String> {
    menu_of(s, hero)
        .entries
        .iter()
        .filter(|e| e.refused.is_none())
        .map(Entry::text)
        .collect()
}

#[test]
fn the_same_menu_at_full_and_at_low_ap_keeps_its_allowed_entries_in_one_order() {
    // The knight at the entrance with the statue, out of AP: what costs
    // AP is refused, dimmed after the rest.
    let (mut s, knight) = heavy_haul_with_the_statue_taken_out();
    let low = allowed_texts(&mut s, knight);
    assert_eq!(
        low,
        [
            "End turn",
            "Leave the level with statue",
            "Everyone here leaves"
        ]
    );
    // The next turn, the same hero in the same cell with his AP back:
    // the same kinds in the same order, those he can now afford among
    // them.
    s.perform(&Action::EndTurn).unwrap();
    let full = allowed_texts(&mut s, knight);
    assert_eq!(
        full,
        [
            "Put statue in the bucket · 1 AP",
            "Set down statue · 1 AP",
            "Lower the rope · 1 AP",
            "End turn",
            "Leave the level with statue",
            "Everyone here leaves",
        ]
    );
    let mut rest = full.iter();
    assert!(
        low.iter().all(|e| rest.any(|f| f == e)),
        "{low:?} in the order of {full:?}"
    );
    // And the turn after, unchanged.
    s.perform(&Action::EndTurn).unwrap();
    assert_eq!(allowed_texts(&mut s, knight), full);
}

#[test]
fn the_order_is_by_kind_whatever_the_action_brings_about() {
    // Heavy haul with the spare bucket: the scout at the entrance, where
    // the rope hangs from, with a bucket at her feet — first with nothing
    // on the rope, then at the end of the line with the statue tied on.
    let (mut s, scout) = heavy_haul_with_the_spare_bucket_at_the_entrance();
    s.perform(&Action::SetDown { hero: scout }).unwrap();
    let allowed = [
        "Hoist the rope · 1 AP",
        "Pick up bucket here (1) · 1 AP",
        "Pick up bucket here (2) · 1 AP",
        "Take the rope back · 1 AP",
        "End turn",
        "Leave the level",
        "Everyone here leaves",
    ];
    assert_eq!(allowed_texts(&mut s, scout), allowed);
    // Back in hand, down, and the line played to its last pull but one
    // (the statue tied on, nobody on the rope): hoisting brings the load
    // up now, and it is where it was.
    s.perform(&Action::PickUp {
        hero: scout,
        item: s.stage().find("bucket"),
    })
    .unwrap();
    let line = the_rest_of_heavy_haul(&s, scout);
    play(&mut s, &line[..line.len() - 1]);
    let tied = s.stage().find("bucket").unwrap();
    assert!(
        s.stage().store().parent(tied).is_some(),
        "the bucket is on the rope"
    );
    assert_eq!(
        allowed_texts(&mut s, scout),
        [
            "Hoist the rope · 1 AP",
            "Pick up bucket here · 1 AP",
            "Lower the rope · 1 AP",
            "End turn",
            "Leave the level",
            "Everyone here leaves",
        ]
    );
}

#[test]
fn a_crowded_menu_shows_a_few_refused_entries_then_more_which_shows_the_rest_in_place() {
    // Heavy haul: the knight at the entrance with the statue, out of AP:
    // six things he cannot do there.
    let (mut s, knight) = heavy_haul_with_the_statue_taken_out();
    let mut m = menu_of(&mut s, knight);
    let refused: Vec<String> = m
        .entries
        .iter()
        .filter(|e| e.refused.is_some())
        .map(Entry::text)
        .collect();
    assert_eq!(refused.len(), 6, "{refused:?}");
    let texts = |m: &ContextMenu| m.rows().iter().map(Row::text).collect::<Vec<_>>();
    assert_eq!(
        texts(&m),
        [
            "End turn",
            "Leave the level with statue",
            "Everyone here leaves",
            refused[0].as_str(),
            refused[1].as_str(),
            "More… (4 not possible now)",
        ]
    );
    let dimmed = m
        .rows()
        .iter()
        .filter(|r| matches!(r, Row::Entry(e) if e.refused.is_some()))
        .count();
    assert!(dimmed < REFUSED_ROWS, "{:?}", texts(&m));
    // Down to "more" (past everyone leaving: the knight and the scout
    // stand there), Enter: every refused entry, each saying why, the
    // selection on the first one it showed; the rows shown before stay
    // where they were.
    let (anchor, size) = (Vec2::new(400.0, 360.0), Vec2::new(1280.0, 720.0));
    let before = m.layout(anchor, 80.0, size, 1.0);
    for _ in 0..5 {
        m.handle(Input::Key(Key::Down), &before);
    }
    assert_eq!(m.handle(Input::Key(Key::Enter), &before), None);
    let shown = texts(&m);
    assert_eq!(shown.len(), 9, "{shown:?}");
    assert_eq!(shown[3..], refused[..]);
    assert!(refused.iter().all(|t| t.ends_with(')')), "{refused:?}");
    assert_eq!(m.menu.selected, 5);
    assert_eq!(shown[5], refused[2]);
    let after = m.layout(anchor, 80.0, size, 1.0);
    assert_eq!(after[..6], before[..6]);
    // A click on "more" does the same.
    let mut m = menu_of(&mut s, knight);
    assert_eq!(m.handle(Input::Click(before[5].centre()), &before), None);
    assert_eq!(texts(&m), shown);
}
