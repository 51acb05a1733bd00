//! Loading packs: a good pack, and each refusal naming its file and line.

use super::*;
use crate::level::fixtures::{LOOP_BACK, TWO_ROOMS};

/// A fresh pack folder named `folder` holding `pack.txt` = `list` and the
/// given level files.
fn pack_dir(folder: &str, list: &str, levels: &[(&str, &str)]) -> PathBuf {
    let dir = std::env::temp_dir()
        .join(format!("rappel-pack-{}", std::process::id()))
        .join(folder);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    std::fs::write(dir.join(PACK_FILE), list).expect("pack.txt");
    for (name, text) in levels {
        std::fs::write(dir.join(name), text).expect("level");
    }
    dir
}

fn messages(dir: &Path) -> Vec<String> {
    load_pack(dir)
        .expect_err("refused")
        .iter()
        .map(ToString::to_string)
        .collect()
}

#[test]
fn a_good_pack_loads_in_order_with_its_header() {
    let dir = pack_dir(
        "good",
        "name = Two rooms and a loop\nauthor = Ann\ndescription = A first pack.\nb.txt\na.txt\n",
        &[("a.txt", LOOP_BACK), ("b.txt", TWO_ROOMS)],
    );
    let pack = load_pack(&dir).expect("loads");
    assert_eq!(pack.header.name, "Two rooms and a loop");
    assert_eq!(pack.header.author, "Ann");
    assert_eq!(pack.header.description, "A first pack.");
    assert_eq!(pack.folder, "good");
    let files: Vec<&str> = pack.levels.iter().map(|l| l.file.as_str()).collect();
    assert_eq!(files, ["b.txt", "a.txt"]);
    assert_eq!(pack.levels[0].level.name, "Two rooms");
    assert_eq!(pack.progress_key("a.txt"), "pack/good/a.txt");
}

#[test]
fn a_missing_level_is_named_at_its_line_of_pack_txt() {
    let dir = pack_dir(
        "missing",
        "name = P\na.txt\ngone.txt\n",
        &[("a.txt", LOOP_BACK)],
    );
    let list = dir.join(PACK_FILE).display().to_string();
    assert_eq!(
        messages(&dir),
        [format!(
            "{list}:3:1: level file 'gone.txt' is not in {} (expected a level file of that name beside pack.txt)",
            dir.display()
        )]
    );
}

#[test]
fn a_level_listed_twice_is_refused_at_the_second_line() {
    let dir = pack_dir(
        "twice",
        "name = P\na.txt\n\na.txt\n",
        &[("a.txt", LOOP_BACK)],
    );
    let list = dir.join(PACK_FILE).display().to_string();
    assert_eq!(
        messages(&dir),
        [format!(
            "{list}:4:1: 'a.txt' is listed twice (expected each level once)"
        )]
    );
}

#[test]
fn two_levels_with_one_display_name_are_refused() {
    let dir = pack_dir(
        "same-name",
        "name = P\na.txt\nb.txt\n",
        &[("a.txt", LOOP_BACK), ("b.txt", LOOP_BACK)],
    );
    let list = dir.join(PACK_FILE).display().to_string();
    assert_eq!(
        messages(&dir),
        [format!(
            "{list}:3:1: 'b.txt' is called 'Loop-back fixture' like 'a.txt' on line 2 (expected each level of a pack to have its own name)"
        )]
    );
}

#[test]
fn a_damaged_level_is_reported_in_its_own_file_and_line() {
    let damaged = LOOP_BACK.replace("[things]", "[thongs]");
    let dir = pack_dir(
        "damaged",
        "name = P\na.txt\nb.txt\n",
        &[("a.txt", TWO_ROOMS), ("b.txt", &damaged)],
    );
    let line = damaged
        .lines()
        .position(|l| l == "[thongs]")
        .expect("the section")
        + 1;
    let b = dir.join("b.txt").display().to_string();
    let shown = messages(&dir);
    assert!(
        shown
            .iter()
            .any(|m| m.starts_with(&format!("{b}:{line}:1: unknown section [thongs]"))),
        "{shown:?}"
    );
}

#[test]
fn a_pack_without_a_name_or_a_list_is_refused() {
    let dir = pack_dir("nameless", "a.txt\n", &[("a.txt", LOOP_BACK)]);
    let list = dir.join(PACK_FILE).display().to_string();
    assert_eq!(
        messages(&dir),
        [format!(
            "{list}:1:1: the pack has no name (expected a line 'name = …' before the first level)"
        )]
    );
    std::fs::remove_file(dir.join(PACK_FILE)).expect("remove");
    let shown = messages(&dir);
    assert!(shown[0].starts_with(&list), "{shown:?}");
}

#[test]
fn a_pack_in_a_folder_whose_name_holds_a_space_is_refused() {
    let dir = pack_dir("my pack", "name = P\na.txt\n", &[("a.txt", LOOP_BACK)]);
    let shown = messages(&dir);
    assert_eq!(shown.len(), 1, "{shown:?}");
    assert!(
        shown[0].contains("the pack's folder 'my pack' is not a plain name"),
        "{shown:?}"
    );
}
