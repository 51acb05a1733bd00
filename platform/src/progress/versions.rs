//! Tests of the level a result was won on and the equipment chosen
//! (version 4 of the progress file): a best won on an earlier version of a shipped level, results
//! kept by older builds, and files with nothing new in them written as
//! before.
use super::tests::scratch;
use super::*;
use game::equipment::{Equipment, EquipmentSet};

/// Night haul's lines: `level` the fingerprint it was won on, if known.
fn night(turns: u32, level: Option<u64>) -> LevelResult {
    LevelResult {
        relics: 1,
        relics_total: 1,
        turns,
        hints: 0,
        level,
        equipment: EquipmentSet::EMPTY,
    }
}

const EARLIER: u64 = 0x0123_4567_89ab_cdef;
const NOW: u64 = 0xfedc_ba98_7654_3210;

#[test]
fn a_results_level_is_written_as_version_4_and_read_back() {
    let path = scratch("fingerprint");
    let mut p = Progress::empty(Some(path.clone()));
    p.record("night_haul.txt", night(7, Some(NOW)));
    p.record(
        "the_well.txt",
        LevelResult {
            hints: 2,
            ..night(7, Some(EARLIER))
        },
    );
    p.record("loop_back.txt", night(1, None));
    p.record(
        "the_keep.txt",
        LevelResult {
            equipment: EquipmentSet::of(&[Equipment::SpareBucket, Equipment::SecondRope]),
            ..night(5, Some(NOW))
        },
    );
    p.save().unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.starts_with("rappel-progress 4\n"), "{text}");
    assert!(
        text.contains("\nnight_haul.txt 1 1 7 level=fedcba9876543210\n"),
        "{text}"
    );
    assert!(
        text.contains("\nthe_well.txt 1 1 7 2 level=0123456789abcdef\n"),
        "{text}"
    );
    assert!(text.contains("\nloop_back.txt 1 1 1\n"), "{text}");
    assert!(
        text.contains(
            "\nthe_keep.txt 1 1 5 level=fedcba9876543210 with=second_rope+spare_bucket\n"
        ),
        "{text}"
    );
    let back = Progress::load(Some(path.clone()));
    assert_eq!(back.notice, None);
    assert_eq!(back, p);
    assert_eq!(back.best("night_haul.txt"), Some(night(7, Some(NOW))));
    assert_eq!(back.best("loop_back.txt").unwrap().level, None);
    // A fingerprint that is not 16 hexadecimal digits, or anything after
    // it, is a bad line; version 5 is a newer build's.
    let parsed = parse(
        "rappel-progress 4\na.txt 1 1 6 level=12\nb.txt 1 1 6 level=0123456789abcdeg\nc.txt 1 1 6 1 level=0123456789abcdef 3\nd.txt 1 1 6 level=0123456789ABCDEF\n",
    )
    .unwrap();
    assert_eq!(parsed.bad_lines.len(), 3, "{parsed:?}");
    assert_eq!(parsed.best["d.txt"].level, Some(0x0123_4567_89ab_cdef));
    // Equipment: known names, in canonical order, each once, after the
    // fingerprint.
    let parsed = parse(
        "rappel-progress 4\na.txt 1 1 5 with=long_rope\nb.txt 1 1 5 2 level=0123456789abcdef with=long_rope+second_rope\nc.txt 1 1 5 with=\nd.txt 1 1 5 with=rope\ne.txt 1 1 5 with=second_rope+long_rope\nf.txt 1 1 5 with=long_rope+long_rope\ng.txt 1 1 5 with=long_rope level=0123456789abcdef\n",
    )
    .unwrap();
    assert_eq!(parsed.bad_lines.len(), 5, "{parsed:?}");
    assert_eq!(
        parsed.best["a.txt"].equipment,
        EquipmentSet::of(&[Equipment::LongRope])
    );
    let b = parsed.best["b.txt"];
    assert_eq!((b.hints, b.level), (2, Some(0x0123_4567_89ab_cdef)));
    assert_eq!(
        b.equipment,
        EquipmentSet::of(&[Equipment::LongRope, Equipment::SecondRope])
    );
    assert!(matches!(
        parse("rappel-progress 5\n"),
        Err(Unreadable::Newer(_))
    ));
    let _ = std::fs::remove_dir_all(path.parent().unwrap().parent().unwrap());
}

#[test]
fn a_file_with_no_fingerprint_is_written_byte_for_byte_as_before() {
    // As this build's predecessor wrote them: version 2, and version 3
    // for hints or a pack's level.
    let v2 = "rappel-progress 2\n# level file, relics recovered, relics in the level, turns used[, hints]\nloop_back.txt 1 1 1\nnight_haul.txt 1 1 6\n# relics, level file, the most relics ever brought out of it\nrelics heavy_haul.txt 1\n";
    let v3 = "rappel-progress 3\n# level file, relics recovered, relics in the level, turns used[, hints]\npack/wells/a.txt 1 1 3\nthe_well.txt 1 1 7 2\n";
    for (text, won) in [(v2, "loop_back.txt"), (v3, "the_well.txt")] {
        let path = scratch("unchanged");
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
        let mut p = Progress::load(Some(path.clone()));
        assert_eq!(p.notice, None);
        // Relics that change nothing (a level won with as many), then a
        // save.
        p.record_relics(won, 1);
        p.save().unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
        let _ = std::fs::remove_dir_all(path.parent().unwrap().parent().unwrap());
    }
}

#[test]
fn a_best_won_on_an_earlier_version_is_replaced_by_a_clear_of_this_one_with_more_turns() {
    let path = scratch("earlier");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(
        &path,
        "rappel-progress 4\nnight_haul.txt 1 1 6 level=0123456789abcdef\n",
    )
    .unwrap();
    // A second copy of the game, started before the win below.
    let mut other = Progress::load(Some(path.clone()));
    let mut p = Progress::load(Some(path.clone()));
    assert!(p.best("night_haul.txt").unwrap().on_another_version(NOW));
    assert!(
        p.record("night_haul.txt", night(7, Some(NOW))),
        "a new best"
    );
    p.save().unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.contains("\nnight_haul.txt 1 1 7 level=fedcba9876543210\n"),
        "{text}"
    );
    // The other copy saves too (another level's relics): the earlier
    // version's best it read does not come back over the clear.
    other.record_relics("heavy_haul.txt", 1);
    other.save().unwrap();
    let back = Progress::load(Some(path.clone()));
    assert_eq!(back.best("night_haul.txt"), Some(night(7, Some(NOW))));
    assert_eq!(back.relics_recovered("heavy_haul.txt"), 1);
    // On this version, more turns is worse again.
    let mut again = Progress::load(Some(path.clone()));
    assert!(!again.record("night_haul.txt", night(8, Some(NOW))));
    let _ = std::fs::remove_dir_all(path.parent().unwrap().parent().unwrap());
}

#[test]
fn a_best_kept_by_an_older_build_loads_and_stays_as_it_was() {
    let path = scratch("older");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, "rappel-progress 3\nnight_haul.txt 1 1 6 1\n").unwrap();
    let mut p = Progress::load(Some(path.clone()));
    assert_eq!(p.notice, None);
    let old = p.best("night_haul.txt").expect("won");
    assert_eq!((old.turns, old.hints, old.level), (6, 1, None));
    assert!(!old.on_another_version(NOW), "nothing can be known");
    // A clear in more turns does not replace it; one in fewer does.
    assert!(!p.record("night_haul.txt", night(7, Some(NOW))));
    p.save().unwrap();
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "rappel-progress 3\n# level file, relics recovered, relics in the level, turns used[, hints]\nnight_haul.txt 1 1 6 1\n"
    );
    assert!(p.record("night_haul.txt", night(5, Some(NOW))));
    let _ = std::fs::remove_dir_all(path.parent().unwrap().parent().unwrap());
}
