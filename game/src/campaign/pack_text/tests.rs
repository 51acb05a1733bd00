//! A pack's text: the round trip through text and import, and each
//! refusal (cut short, a level twice, a hostile file name) writing nothing.

use super::*;
use crate::campaign::load_pack;
use crate::level::fixtures::{LOOP_BACK, TWO_ROOMS};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rappel-pack-text-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    dir
}

fn two_levels() -> Vec<(String, String)> {
    vec![
        ("b.txt".to_string(), TWO_ROOMS.to_string()),
        ("a.txt".to_string(), LOOP_BACK.to_string()),
    ]
}

fn header() -> ListHeader {
    ListHeader {
        name: "Rooms & loops!".into(),
        author: "Ann".into(),
        description: "Two small levels.".into(),
    }
}

fn text() -> String {
    let levels = two_levels();
    write_pack_text(&list_text(&header(), &levels), &levels).expect("writes")
}

/// The files under `root`, hidden ones too.
fn entries(root: &Path) -> Vec<String> {
    let mut out: Vec<String> = std::fs::read_dir(root)
        .map(|r| {
            r.filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}

#[test]
fn a_pack_round_trips_through_its_text_and_an_import() {
    let t = text();
    assert!(
        t.starts_with("rappel-pack 1\n%%% pack.txt\nname = Rooms & loops!\n"),
        "{t}"
    );
    assert!(t.ends_with("%%% end\n"));
    let (files, (h, levels)) = check_pack_text(&t, "x").expect("checks");
    assert_eq!(h, header());
    assert_eq!(files.levels, two_levels());
    let names: Vec<&str> = levels.iter().map(|(_, l)| l.name.as_str()).collect();
    assert_eq!(names, ["Two rooms", "Loop-back fixture"]);
    // Imported into a fresh folder: a pack that loads, equal to the text.
    let root = scratch("import");
    let dir = import_pack_text(&t, &root).expect("imports");
    assert_eq!(dir, root.join("rooms-loops"));
    let pack = load_pack(&dir).expect("loads");
    assert_eq!(pack.header, header());
    assert_eq!(
        pack_to_text(&pack).expect("exports"),
        t,
        "the same text back"
    );
    assert_eq!(entries(&root), ["rooms-loops"], "no staging folder left");
    // The same pack again: a second folder, the first untouched.
    let again = import_pack_text(&t, &root).expect("imports again");
    assert_eq!(again, root.join("rooms-loops-2"));
    // Windows line ends and blank lines around are fine.
    let crlf = format!("\n\n{}\n", t.replace('\n', "\r\n"));
    assert_eq!(
        check_pack_text(&crlf, "x").expect("crlf").0.levels,
        two_levels()
    );
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_text_cut_in_half_is_refused_and_nothing_is_written() {
    let t = text();
    let half: String = t.chars().take(t.chars().count() / 2).collect();
    let e = parse_pack_text(&half).expect_err("cut");
    assert!(e.to_string().starts_with("pack text:"), "{e}");
    assert!(e.to_string().contains("it was cut short"), "{e}");
    let root = scratch("cut");
    assert!(import_pack_text(&half, &root).is_err());
    assert!(entries(&root).is_empty(), "{:?}", entries(&root));
    // Cut inside a level, with the end line pasted back on: the level is
    // damaged, named in its file and line.
    let inside = t
        .replace("[things]\n", "")
        .replacen("%%% a.txt", "%%% a.txt\n[grid]\n##", 1);
    let problems = import_pack_text(&inside, &root).expect_err("damaged");
    assert!(
        problems.iter().any(|p| p.file == "pack text: a.txt"),
        "{problems:?}"
    );
    assert!(entries(&root).is_empty());
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_pack_text_naming_a_level_twice_is_refused_at_its_line() {
    let levels = two_levels();
    let list = format!("{}a.txt\n", list_text(&header(), &levels));
    let t = write_pack_text(&list, &levels).expect("writes");
    let problems = check_pack_text(&t, "x").expect_err("twice");
    assert_eq!(
        problems[0].to_string(),
        "pack text: pack.txt:6:1: 'a.txt' is listed twice (expected each level once)"
    );
    // A file part given twice, too.
    let twice = t.replace("%%% end\n", &format!("%%% a.txt\n{LOOP_BACK}%%% end\n"));
    let e = parse_pack_text(&twice).expect_err("a part twice");
    assert!(e.to_string().contains("'a.txt' is given twice"), "{e}");
}

#[test]
fn hostile_or_foreign_texts_are_refused_naming_the_line() {
    let t = text();
    for (bad, expected) in [
        (
            "hello\n".to_string(),
            "pack text:1:1: this is not a level pack's text",
        ),
        (
            "rappel-pack 2\n".to_string(),
            "pack text:1:1: a level pack of version 2, newer",
        ),
        (
            t.replace("%%% a.txt", "%%% ../a.txt"),
            "is not a level file name",
        ),
        (
            t.replace("%%% a.txt", "%%% a.rlv"),
            "is not a level file name",
        ),
        (
            t.replace("%%% end\n", "%%% end\nmore\n"),
            "text after the end line",
        ),
        (
            t.replace("%%% pack.txt\n", "%%% a.txt\n"),
            "the first file is 'a.txt'",
        ),
        (
            t.replace(&format!("%%% a.txt\n{LOOP_BACK}"), ""),
            "pack.txt:5:1: level file 'a.txt' is not in the pack's text",
        ),
        (
            t.replace("\na.txt\n%%%", "\n%%%"),
            "the text holds 'a.txt', which pack.txt does not list",
        ),
    ] {
        let shown: Vec<String> = check_pack_text(&bad, "x")
            .expect_err(&bad)
            .iter()
            .map(ToString::to_string)
            .collect();
        assert!(
            shown.iter().any(|s| s.contains(expected)),
            "{expected}: {shown:?}"
        );
    }
    // A level holding a line that would read as a mark: not written.
    let levels = vec![("a.txt".to_string(), format!("{LOOP_BACK}%%% x\n"))];
    let e = write_pack_text("name = P\na.txt\n", &levels).expect_err("a mark");
    assert!(e.starts_with("a.txt:"), "{e}");
    assert_eq!(folder_name("  Über -- Wells! "), "ber-wells");
    assert_eq!(folder_name("!!!"), "pack");
}
