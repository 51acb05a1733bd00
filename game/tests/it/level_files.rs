//! The shipped levels: every file in `levels/` round-trips through the text
//! writer and the binary form, the campaign lists exactly them, once each,
//! and each has the party at the entrance and one relic. (That each can be
//! won is checked by replaying its solution: `tools/tests/it/sim_solutions.rs`.)

use game::campaign::load_campaign;
use game::level::{binary, load_file, to_text, ThingSpecKind};
use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

fn levels_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../levels")
}

/// Every level text file in `levels/` (the campaign list excluded).
fn level_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(levels_dir())
        .expect("levels/ exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .filter(|p| p.file_name().is_some_and(|n| n != "campaign.txt"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_level_round_trips_through_text_and_binary() {
    let files = level_files();
    assert!(
        files.len() >= 3,
        "the three starter levels are there: {files:?}"
    );
    for path in files {
        let text = fs::read_to_string(&path).expect("readable");
        let level = load_file(&path).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(to_text(&level), text, "{} is not canonical", path.display());
        let bytes = binary::to_binary(&level).expect("encodes");
        let back = binary::from_binary("mem.rlv", &bytes).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(back, level);
        assert_eq!(to_text(&back), text);
    }
}

#[test]
fn the_campaign_lists_every_level_once() {
    let order = load_campaign(&levels_dir().join("campaign.txt")).unwrap_or_else(|e| panic!("{e}"));
    for p in &order {
        assert!(load_file(p).is_ok(), "{} loads", p.display());
    }
    let listed: BTreeSet<_> = order.iter().cloned().collect();
    assert_eq!(listed.len(), order.len(), "no level is listed twice");
    let on_disk: BTreeSet<_> = level_files()
        .into_iter()
        .map(|p| levels_dir().join(p.file_name().unwrap_or_default()))
        .collect();
    assert_eq!(listed, on_disk, "every level file is in the campaign");
}

#[test]
fn every_starter_level_has_the_party_at_the_entrance() {
    for path in level_files() {
        let level = load_file(&path).unwrap_or_else(|e| panic!("{e}"));
        let heroes: BTreeSet<_> = level
            .things
            .iter()
            .filter_map(|t| match t.kind {
                ThingSpecKind::Hero { hero, .. } => Some((format!("{hero:?}"), t.cell)),
                _ => None,
            })
            .collect();
        let kinds: BTreeSet<_> = heroes.iter().map(|(k, _)| k.clone()).collect();
        // The party is the three kinds; a level may leave one out (Night
        // haul fields the knight and the scout), never field one twice.
        assert!(
            kinds.len() >= 2 && kinds.len() == heroes.len(),
            "{}: the party, each hero kind at most once",
            path.display()
        );
        assert!(
            heroes.iter().all(|(_, c)| *c == level.entrance),
            "{}",
            path.display()
        );
        let relics = level.things.iter().filter(|t| matches!(&t.kind, ThingSpecKind::Item { flags, .. } if flags.contains(game::level::ItemFlags::RELIC)));
        assert_eq!(relics.count(), 1, "{}: one relic", path.display());
    }
}
