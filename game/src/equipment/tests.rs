//! `equip` on the shipped levels: each piece as it starts in play, and
//! each refusal with its message; loadouts' text form.
use super::*;
use crate::level::{load_file, load_text, to_text, Level, ThingSpecKind};
use crate::session::Session;

fn shipped(name: &str) -> Level {
    load_file(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../levels")
            .join(name),
    )
    .expect("shipped level")
}

fn loadout(text: &str) -> Loadout {
    Loadout::parse(text).expect("a loadout")
}

/// The rope `hero` carries in `level`'s specs.
fn spec_rope(level: &Level, hero: &str) -> Option<u16> {
    match level.thing(hero).map(|t| &t.kind) {
        Some(ThingSpecKind::Hero { rope_len_cells, .. }) => *rope_len_cells,
        _ => None,
    }
}

/// The length of the rope `hero` holds when `level` starts in play.
fn held_rope(level: &Level, hero: &str) -> Option<u16> {
    let session = Session::new(level).expect("starts");
    let stage = session.stage();
    let hero = stage.find(hero).expect("the hero");
    let rope = stage.held(hero)?;
    stage
        .is_rope(rope)
        .then(|| stage.thing(rope).expect("live").data.rope_len_cells)
}

#[test]
fn the_long_rope_lengthens_the_knights_rope_by_four_cells_in_play() {
    let level = shipped("rope_descent.txt");
    assert_eq!(spec_rope(&level, "knight"), Some(8));
    let equipped = equip(&level, &loadout("knight:long_rope")).expect("fits");
    assert_eq!(spec_rope(&equipped, "knight"), Some(12));
    assert_eq!(held_rope(&equipped, "knight"), Some(12), "in play too");
    assert!(equipped.is_valid());
    // Nothing else changed.
    assert_eq!(equipped.things.len(), level.things.len());
    assert_eq!((&equipped.grid, &equipped.name), (&level.grid, &level.name));
}

#[test]
fn the_long_rope_stops_at_the_longest_rope_a_level_may_hold() {
    let mut level = shipped("rope_descent.txt");
    if let Some(ThingSpecKind::Hero { rope_len_cells, .. }) = level
        .things
        .iter_mut()
        .find(|t| t.id == "knight")
        .map(|t| &mut t.kind)
    {
        *rope_len_cells = Some(126);
    }
    let equipped = equip(&level, &loadout("knight:long_rope")).expect("fits");
    assert_eq!(spec_rope(&equipped, "knight"), Some(128));
}

#[test]
fn the_second_rope_gives_a_hero_without_one_a_six_cell_rope() {
    let level = shipped("heavy_haul.txt");
    assert_eq!(spec_rope(&level, "scout"), None);
    let equipped = equip(&level, &loadout("scout:second_rope")).expect("fits");
    assert_eq!(spec_rope(&equipped, "scout"), Some(SECOND_ROPE_CELLS));
    assert_eq!(held_rope(&equipped, "scout"), Some(6), "in play too");
    assert_eq!(
        held_rope(&equipped, "knight"),
        Some(8),
        "the knight's is his"
    );
    // Both ropes at once, on a level where the knight starts without one.
    let level = shipped("watcher_hall.txt");
    let equipped = equip(&level, &loadout("knight:second_rope")).expect("fits");
    assert_eq!(held_rope(&equipped, "knight"), Some(6));
}

#[test]
fn the_spare_bucket_lies_at_the_entrance_with_an_id_of_its_own() {
    let level = shipped("heavy_haul.txt");
    let equipped = equip(&level, &loadout("sorceress:spare_bucket")).expect("fits");
    assert_eq!(equipped.things.len(), level.things.len() + 1);
    let bucket = equipped.thing(SPARE_BUCKET_ID).expect("the spare bucket");
    assert_eq!(bucket.cell, level.entrance);
    assert_eq!(
        bucket.kind,
        ThingSpecKind::Item {
            name: "bucket".into(),
            flags: crate::level::ItemFlags::BUCKET
        }
    );
    assert!(equipped.is_valid());
    let session = Session::new(&equipped).expect("starts");
    let id = session.stage().find(SPARE_BUCKET_ID).expect("in play");
    assert_eq!(session.stage().cell_of(id), Some(level.entrance));
    // A level that uses the id already: the next free one.
    let twice = equip(&equipped, &loadout("knight:spare_bucket")).expect("fits");
    assert!(twice.thing("spare_bucket_2").is_some());
    // The equipped level is a level like any other: canonical text round
    // trips to it.
    assert_eq!(load_text("eq.txt", &to_text(&twice)).expect("loads"), twice);
}

#[test]
fn every_piece_at_once_and_nothing_at_all() {
    let level = shipped("rope_descent.txt");
    let all = loadout("knight:long_rope scout:second_rope sorceress:spare_bucket");
    let equipped = equip(&level, &all).expect("fits");
    assert_eq!(
        (
            spec_rope(&equipped, "knight"),
            spec_rope(&equipped, "scout"),
            spec_rope(&equipped, "sorceress")
        ),
        (Some(12), Some(6), None)
    );
    assert!(equipped.thing(SPARE_BUCKET_ID).is_some());
    // The empty loadout changes nothing: the same level, the same text.
    assert_eq!(equip(&level, &Loadout::new()), Ok(level.clone()));
}

#[test]
fn a_loadout_that_does_not_fit_is_refused_saying_why() {
    let descent = shipped("rope_descent.txt");
    let refused = |level: &Level, text: &str| {
        equip(level, &loadout(text))
            .expect_err("refused")
            .to_string()
    };
    assert_eq!(
        refused(&descent, "scout:long_rope"),
        "the long rope lengthens a rope, and 'scout' carries none"
    );
    assert_eq!(
        refused(&descent, "knight:second_rope"),
        "'knight' already carries a rope (the second rope is for a hero without one)"
    );
    assert_eq!(
        refused(&descent, "wizard:spare_bucket"),
        "the spare bucket is handed to 'wizard', and this level has no such hero"
    );
    // A hero's rope is the level's: the long rope cannot lengthen a
    // second rope given in the same loadout.
    assert_eq!(
        refused(
            &shipped("watcher_hall.txt"),
            "knight:second_rope knight:long_rope"
        ),
        "the long rope lengthens a rope, and 'knight' carries none"
    );
    let mut strict = descent.clone();
    strict.forbids = EquipmentSet::of(&[Equipment::SecondRope]);
    strict.requires = EquipmentSet::of(&[Equipment::LongRope]);
    assert!(strict.is_valid());
    assert_eq!(
        refused(&strict, "knight:long_rope scout:second_rope"),
        "this level forbids the second rope"
    );
    assert_eq!(
        equip(&strict, &Loadout::new()),
        Err(EquipError::RequiredMissing(Equipment::LongRope))
    );
    assert_eq!(
        refused(&strict, "sorceress:spare_bucket"),
        "this level requires the long rope: hand it to a hero"
    );
    // The required default hands the long rope to the knight, and fits.
    let default = Loadout::required(&strict);
    assert_eq!(default.to_string(), "knight:long_rope");
    assert_eq!(
        equip(&strict, &default).map(|l| spec_rope(&l, "knight")),
        Ok(Some(12))
    );
}

#[test]
fn a_required_second_rope_taken_by_the_only_hero_without_one_starts_in_play() {
    // Rope descent with the knight (a rope) and the scout (none) only.
    let mut two = shipped("rope_descent.txt");
    two.things.retain(|t| t.id != "sorceress");
    two.requires = EquipmentSet::of(&[Equipment::SecondRope]);
    assert!(two.is_valid(), "{:?}", two.problems());
    let started = as_play_starts(&two).expect("starts");
    assert_eq!(held_rope(&started, "scout"), Some(SECOND_ROPE_CELLS));
    assert_eq!(held_rope(&started, "knight"), Some(8));
    // What play starts is what the default loadout gives.
    assert_eq!(
        Ok(started),
        equip(&two, &loadout("scout:second_rope")),
        "the required default hands it to the scout"
    );
    // A level that requires nothing starts as written.
    let plain = shipped("rope_descent.txt");
    assert_eq!(as_play_starts(&plain), Ok(plain));
}

#[test]
fn each_piece_fits_the_heroes_it_suits_on_every_shipped_level() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../levels");
    let campaign = crate::campaign::load_campaign(&dir.join("campaign.txt"));
    let files = campaign.expect("the campaign");
    assert!(!files.is_empty());
    for path in files {
        let level = load_file(&path).expect("a shipped level");
        let file = path.display();
        assert!(level.forbids.is_empty(), "{file}");
        for hero in level.things.iter().filter(|t| t.is_hero()) {
            for item in Equipment::ALL {
                // The pieces the level requires, and this one to this hero.
                let mut l = Loadout::required(&level);
                l.give(item, &hero.id);
                let fits = check_give(&level, item, &hero.id);
                let equipped = equip(&level, &l);
                assert_eq!(fits.is_ok(), equipped.is_ok(), "{file}: {l}");
                if let Ok(e) = equipped {
                    assert!(e.is_valid(), "{file}: {l}");
                    Session::new(&e).unwrap_or_else(|err| panic!("{file}: {l}: {err}"));
                }
            }
        }
    }
}

#[test]
fn loadouts_read_and_write_one_canonical_text() {
    let l = loadout("  sorceress:spare_bucket knight:long_rope ");
    assert_eq!(l.to_string(), "knight:long_rope sorceress:spare_bucket");
    assert_eq!(loadout(&l.to_string()), l);
    assert_eq!(l.holder(Equipment::SpareBucket), Some("sorceress"));
    assert_eq!(l.holder(Equipment::SecondRope), None);
    assert!(loadout("").is_empty());
    let err = |t: &str| Loadout::parse(t).expect_err("refused").to_string();
    assert_eq!(
        err("knight"),
        "loadout entry 'knight' is not HERO:ITEM (e.g. knight:long_rope)"
    );
    assert_eq!(
        err("knight:grapple"),
        "unknown equipment 'grapple' (expected long_rope, second_rope or spare_bucket)"
    );
    assert_eq!(
        err("Knight:long_rope"),
        "loadout hero 'Knight' is not a hero id (lower-case letters, digits and _)"
    );
    assert_eq!(
        err("knight:long_rope scout:long_rope"),
        "long_rope is given twice (expected once)"
    );
    let mut l = l;
    l.give(Equipment::SpareBucket, "knight");
    assert_eq!(l.to_string(), "knight:long_rope knight:spare_bucket");
    assert_eq!(l.take_back(Equipment::LongRope), Some("knight".into()));
    assert_eq!(l.to_string(), "knight:spare_bucket");
}

#[test]
fn a_loadout_in_words_names_each_piece_in_canonical_order() {
    assert_eq!(loadout("").in_words(), None);
    assert_eq!(
        loadout("knight:long_rope").in_words().as_deref(),
        Some("the long rope")
    );
    assert_eq!(
        loadout("knight:spare_bucket knight:long_rope")
            .in_words()
            .as_deref(),
        Some("the long rope and the spare bucket")
    );
    assert_eq!(
        loadout("scout:spare_bucket sorceress:second_rope knight:long_rope")
            .in_words()
            .as_deref(),
        Some("the long rope, the second rope and the spare bucket")
    );
}

#[test]
fn only_the_ropes_go_to_a_hero_the_bucket_lies_at_the_entrance_whoever_brings_it() {
    let level = shipped("rope_descent.txt");
    let heroes: Vec<&str> = level
        .things
        .iter()
        .filter(|t| t.is_hero())
        .map(|t| t.id.as_str())
        .collect();
    assert_eq!(heroes, ["knight", "scout", "sorceress"]);
    for item in Equipment::ALL {
        // Every hero who may take it, and the level each one starts.
        let started: Vec<Level> = heroes
            .iter()
            .filter(|h| check_give(&level, item, h).is_ok())
            .map(|h| {
                let mut l = Loadout::new();
                l.give(item, h);
                equip(&level, &l).expect("fits")
            })
            .collect();
        assert!(!started.is_empty(), "{item}");
        let same = started.windows(2).all(|w| w[0] == w[1]);
        if item.goes_to_a_hero() {
            // A rope changes its hero's start.
            assert_eq!(item.lies(), None);
            let heroes_changed = |e: &Level| {
                heroes
                    .iter()
                    .filter(|h| spec_rope(e, h) != spec_rope(&level, h))
                    .count()
            };
            assert!(started.iter().all(|e| heroes_changed(e) == 1), "{item}");
            assert!(started.len() == 1 || !same, "{item}");
        } else {
            // The same level whoever takes it, the piece at the entrance.
            assert_eq!(item, Equipment::SpareBucket);
            assert_eq!(item.lies(), Some("at the entrance"));
            assert_eq!(started.len(), 3, "any hero may bring it");
            assert!(same, "{item}: the hero changes nothing");
            let bucket = started[0].thing(SPARE_BUCKET_ID).expect("brought");
            assert_eq!(bucket.cell, level.entrance);
        }
    }
}
