//! Tests of the progress file: reading, writing, damage, merging and
//! the versions of its format.
use super::*;

pub(super) fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rappel-progress-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir.join("sub/progress.txt")
}

#[test]
fn control_characters_in_a_damaged_first_line_or_the_folder_are_told_escaped() {
    use game::level::fixtures::{assert_shown_escaped, hostile};
    // A data folder whose name holds an escape sequence, a bell and a
    // carriage return (a path cannot hold NUL).
    let path = scratch("hostile\u{1b}[2J\u{7}\r");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let first = hostile("", "");
    std::fs::write(&path, format!("{first}\nloop_back.txt 1 1 1\n")).unwrap();
    let p = Progress::load(Some(path.clone()));
    let notice = p.notice.expect("told");
    assert!(notice.contains("is damaged"), "{notice:?}");
    // The first line is quoted (its first 40 characters), escaped.
    let quoted: String = first.chars().take(40).collect();
    assert_shown_escaped(&notice, &quoted);
    let mut kept = path.clone().into_os_string();
    kept.push(".damaged");
    assert!(Path::new(&kept).is_file(), "kept aside");
    assert_shown_escaped(&notice, &Path::new(&kept).display().to_string());
    let _ = std::fs::remove_dir_all(path.parent().unwrap().parent().unwrap());
}

fn r(relics: u32, turns: u32) -> LevelResult {
    LevelResult::new(relics, 2, turns)
}

#[test]
fn saves_atomically_and_reads_back() {
    let path = scratch("round");
    let mut p = Progress::empty(Some(path.clone()));
    p.record("loop_back.txt", r(1, 1));
    p.record("rope_descent.txt", r(1, 4));
    p.save().unwrap();
    assert!(!path.with_extension("txt.tmp").exists());
    let back = Progress::load(Some(path.clone()));
    assert_eq!(back, p);
    let _ = std::fs::remove_dir_all(path.parent().unwrap().parent().unwrap());
}

fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn a_bad_line_loses_only_itself_the_file_is_kept_aside_and_the_player_told_once() {
    let path = scratch("bad-line");
    let dir = path.parent().unwrap().to_path_buf();
    std::fs::create_dir_all(&dir).unwrap();
    let text =
        "rappel-progress 1\nloop_back.txt 1 1 1\nrope_descent.txt one 1 4\nheavy_haul.txt 1 1 9\n";
    std::fs::write(&path, text).unwrap();
    let p = Progress::load(Some(path.clone()));
    assert!(p.won("loop_back.txt") && p.won("heavy_haul.txt"));
    assert!(!p.won("rope_descent.txt"));
    let notice = p.notice.clone().expect("told");
    assert!(notice.contains("1 damaged line (line 3)"), "{notice}");
    assert_eq!(files_in(&dir), ["progress.txt", "progress.txt.damaged"]);
    assert_eq!(
        std::fs::read_to_string(dir.join("progress.txt.damaged")).unwrap(),
        text
    );
    // Told once: the good lines were written back.
    let again = Progress::load(Some(path.clone()));
    assert_eq!(again.notice, None);
    assert!(again.won("loop_back.txt") && again.won("heavy_haul.txt"));
    // A second damaged file never overwrites the first one kept.
    std::fs::write(&path, "rappel-progress 1\nx\n").unwrap();
    assert!(Progress::load(Some(path.clone())).notice.is_some());
    assert_eq!(
        files_in(&dir),
        [
            "progress.txt",
            "progress.txt.damaged",
            "progress.txt.damaged-2"
        ]
    );
    let _ = std::fs::remove_dir_all(dir.parent().unwrap());
}

#[test]
fn a_newer_file_is_never_written_over_and_a_garbled_one_is_kept_before_writing() {
    let path = scratch("newer");
    let dir = path.parent().unwrap().to_path_buf();
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(&path, "rappel-progress 5\nsomething new\n").unwrap();
    let mut p = Progress::load(Some(path.clone()));
    assert!(p.notice.as_deref().is_some_and(|n| n.contains("newer")));
    p.record("loop_back.txt", r(1, 1));
    assert!(p.save().is_err());
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "rappel-progress 5\nsomething new\n"
    );
    // Garbage: read as nothing, kept aside, then the new file written.
    std::fs::write(&path, [0xff, 0xfe, 0x00]).unwrap();
    let mut p = Progress::load(Some(path.clone()));
    assert!(p.notice.as_deref().is_some_and(|n| n.contains("damaged")));
    p.record("loop_back.txt", r(1, 1));
    p.save().unwrap();
    assert_eq!(
        std::fs::read(dir.join("progress.txt.damaged")).unwrap(),
        [0xff, 0xfe, 0x00]
    );
    assert!(Progress::load(Some(path.clone())).won("loop_back.txt"));
    let _ = std::fs::remove_dir_all(dir.parent().unwrap());
}

#[test]
fn a_dangling_symlink_is_saved_through_or_the_win_kept_and_where_said() {
    let path = scratch("dangling");
    let dir = path.parent().unwrap().to_path_buf();
    std::fs::create_dir_all(&dir).unwrap();
    // The link leads to a folder that is there: the win is written
    // where it points.
    let real = dir.join("elsewhere/progress.txt");
    std::fs::create_dir_all(real.parent().unwrap()).unwrap();
    std::os::unix::fs::symlink(&real, &path).unwrap();
    let mut p = Progress::load(Some(path.clone()));
    assert_eq!(p.notice, None);
    p.record("loop_back.txt", r(1, 1));
    p.save().unwrap();
    assert!(std::fs::symlink_metadata(&path)
        .unwrap()
        .file_type()
        .is_symlink());
    assert!(Progress::load(Some(real.clone())).won("loop_back.txt"));
    // The link leads to a folder that is gone (an unplugged drive):
    // the win stays in this run and the message says where it could
    // not be saved.
    std::fs::remove_dir_all(real.parent().unwrap()).unwrap();
    let mut p = Progress::load(Some(path.clone()));
    p.record("rope_descent.txt", r(1, 4));
    let err = p.save().expect_err("nowhere to write");
    assert!(err.contains(&real.display().to_string()), "{err}");
    assert!(p.won("rope_descent.txt"), "kept in memory");
    // Once the folder is back, the next save writes it.
    std::fs::create_dir_all(real.parent().unwrap()).unwrap();
    p.record("loop_back.txt", r(1, 1));
    p.save().unwrap();
    let back = Progress::load(Some(path.clone()));
    assert!(back.won("rope_descent.txt") && back.won("loop_back.txt"));
    let _ = std::fs::remove_dir_all(dir.parent().unwrap());
}

#[test]
fn two_copies_of_the_game_keep_each_others_wins() {
    let path = scratch("two");
    let mut a = Progress::load(Some(path.clone()));
    let mut b = Progress::load(Some(path.clone()));
    a.record("loop_back.txt", r(1, 3));
    a.save().unwrap();
    b.record("rope_descent.txt", r(1, 4));
    b.record("loop_back.txt", r(1, 5));
    b.save().unwrap();
    let both = Progress::load(Some(path.clone()));
    assert!(both.won("rope_descent.txt"));
    assert_eq!(
        both.best("loop_back.txt"),
        Some(r(1, 3)),
        "the better of the two"
    );
    let _ = std::fs::remove_dir_all(path.parent().unwrap().parent().unwrap());
}

#[test]
fn relics_brought_out_are_saved_read_back_and_merged() {
    // The rules on relics are `game::campaign::record`'s (tested
    // there); here, their lines in the file.
    let path = scratch("relics");
    let mut p = Progress::empty(Some(path.clone()));
    assert!(p.record_relics("heavy_haul.txt", 1));
    p.record("loop_back.txt", r(1, 1));
    p.record_relics("two_idols.txt", 2);
    assert_eq!(p.relics_recovered_total(), 4);
    // Saved and read back, relics lines included.
    p.save().unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    // Nothing version 2 cannot hold: written as version 2.
    assert!(text.starts_with("rappel-progress 2\n"), "{text}");
    assert!(text.contains("\nrelics heavy_haul.txt 1\n"), "{text}");
    let back = Progress::load(Some(path.clone()));
    assert_eq!(back, p);
    assert_eq!(back.relics_recovered_total(), 4);
    // Another copy of the game merges its relics with ours.
    let mut other = Progress::load(Some(path.clone()));
    other.record_relics("heavy_haul.txt", 2);
    other.save().unwrap();
    p.save().unwrap();
    assert_eq!(
        Progress::load(Some(path.clone())).relics_recovered("heavy_haul.txt"),
        2
    );
    let _ = std::fs::remove_dir_all(path.parent().unwrap().parent().unwrap());
}

#[test]
fn a_version_1_file_still_loads_and_its_wins_count_their_relics() {
    let path = scratch("v1");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let v1 = "rappel-progress 1\n# level file, relics recovered, relics in the level, turns used\nloop_back.txt 1 1 1\nrope_descent.txt 1 1 4\n";
    std::fs::write(&path, v1).unwrap();
    let mut p = Progress::load(Some(path.clone()));
    assert_eq!(p.notice, None, "read as it is");
    assert!(p.won("loop_back.txt") && p.won("rope_descent.txt"));
    assert_eq!(p.relics_recovered_total(), 2);
    assert_eq!(p.unlocked_equipment().len(), 2);
    // Written back as version 2 (nothing newer in it), the wins as
    // they were.
    p.record_relics("heavy_haul.txt", 1);
    p.save().unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.starts_with("rappel-progress 2\n") && text.contains("\nloop_back.txt 1 1 1\n"),
        "{text}"
    );
    // A bad relics line loses only itself.
    let parsed =
        parse("rappel-progress 2\nrelics a.txt x\nrelics ../b.txt 1\nrelics c.txt 2\n").unwrap();
    assert_eq!(parsed.bad_lines.len(), 2);
    assert_eq!(parsed.relics.get("c.txt"), Some(&2));
    // Version 5 is a newer build's.
    assert!(matches!(
        parse("rappel-progress 5\n"),
        Err(Unreadable::Newer(_))
    ));
    let _ = std::fs::remove_dir_all(path.parent().unwrap().parent().unwrap());
}

#[test]
fn hints_are_a_fifth_number_on_a_result_and_a_line_of_four_has_none() {
    let parsed =
        parse("rappel-progress 3\nthe_well.txt 1 1 7 2\nsentry.txt 1 1 6\nx.txt 1 1 6 1 9\n")
            .unwrap();
    assert_eq!(parsed.best["the_well.txt"].hints, 2);
    assert_eq!(parsed.best["sentry.txt"].hints, 0);
    assert_eq!(parsed.bad_lines.len(), 1, "six numbers are not a result");
    let v2 = parse("rappel-progress 2\nsentry.txt 1 1 6\n").unwrap();
    assert_eq!(v2.best["sentry.txt"].hints, 0);
    let path = scratch("hints");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let mut p = Progress::load(Some(path.clone()));
    p.record(
        "the_well.txt",
        LevelResult {
            hints: 2,
            ..r(1, 7)
        },
    );
    p.record("sentry.txt", r(1, 6));
    p.save().unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("\nthe_well.txt 1 2 7 2\n"), "{text}");
    assert!(text.contains("\nsentry.txt 1 2 6\n"), "{text}");
    let back = Progress::load(Some(path.clone()));
    assert_eq!(back.best("the_well.txt").map(|r| r.hints), Some(2));
}

#[test]
fn a_packs_levels_are_kept_apart_from_the_campaigns_and_written_as_version_3() {
    let path = scratch("packs");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, "rappel-progress 2\nloop_back.txt 1 1 1\n").unwrap();
    let mut p = Progress::load(Some(path.clone()));
    assert_eq!(p.notice, None);
    let key = game::campaign::pack_progress_key("my-pack", "loop_back.txt");
    assert!(!p.won(&key), "the campaign's win is not the pack's");
    p.record(&key, r(2, 7));
    p.save().unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.starts_with("rappel-progress 3\n"), "{text}");
    assert!(
        text.contains("\npack/my-pack/loop_back.txt 2 2 7\n"),
        "{text}"
    );
    let again = Progress::load(Some(path.clone()));
    assert_eq!(again.notice, None);
    assert_eq!(again.best(&key), Some(r(2, 7)));
    assert!(again.won("loop_back.txt"));
    // Keys that are not plain are bad lines, never paths.
    let parsed =
        parse("rappel-progress 3\npack/../x.txt 1 1 1\npack/a/b/c.txt 1 1 1\npack/a/c.txt 1 1 1\n")
            .unwrap();
    assert_eq!(parsed.bad_lines.len(), 2, "{parsed:?}");
    let _ = std::fs::remove_dir_all(path.parent().unwrap().parent().unwrap());
}

#[test]
fn a_damaged_file_reads_as_no_progress() {
    let path = scratch("damaged");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    for text in [
        "",
        "not a progress file\n",
        "rappel-progress 1\nloop_back.txt one 1 1\n",
        "rappel-progress 1\nloop_back.txt 1 1\n",
        "rappel-progress 5\n",
    ] {
        std::fs::write(&path, text).unwrap();
        let p = Progress::load(Some(path.clone()));
        assert!(!p.won("loop_back.txt"), "{text:?}");
        assert!(p.notice.is_some(), "{text:?}: the player is told");
    }
    std::fs::write(&path, [0xff, 0xfe, 0x00]).unwrap();
    assert!(!Progress::load(Some(path.clone())).won("x"));
    assert!(parse("rappel-progress 1\n# comment\n\na.txt 0 1 3\n").is_ok());
    let _ = std::fs::remove_dir_all(path.parent().unwrap().parent().unwrap());
}

#[test]
fn the_data_folder_follows_each_systems_convention() {
    use std::ffi::OsString;
    let env = |pairs: &'static [(&'static str, &'static str)]| {
        move |name: &str| {
            pairs
                .iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| OsString::from(*v))
        }
    };
    let home = &[("HOME", "/home/ada")];
    assert_eq!(
        data_dir_for(Os::Unix, env(home)),
        Some(PathBuf::from("/home/ada/.local/share/rappel"))
    );
    assert_eq!(
        data_dir_for(
            Os::Unix,
            env(&[("HOME", "/home/ada"), ("XDG_DATA_HOME", "/data")])
        ),
        Some(PathBuf::from("/data/rappel"))
    );
    assert_eq!(
        data_dir_for(
            Os::Unix,
            env(&[("HOME", "/home/ada"), ("XDG_DATA_HOME", "")])
        ),
        Some(PathBuf::from("/home/ada/.local/share/rappel")),
        "an empty variable counts as unset"
    );
    assert_eq!(
        data_dir_for(
            Os::Windows,
            env(&[("APPDATA", r"C:\Users\Ada\AppData\Roaming")])
        ),
        Some(PathBuf::from(r"C:\Users\Ada\AppData\Roaming").join("Rappel"))
    );
    assert_eq!(
        data_dir_for(Os::MacOs, env(home)),
        Some(PathBuf::from(
            "/home/ada/Library/Application Support/Rappel"
        ))
    );
    // RAPPEL_DATA wins everywhere; nothing known, no folder.
    for os in [Os::Unix, Os::Windows, Os::MacOs] {
        assert_eq!(
            data_dir_for(os, env(&[("RAPPEL_DATA", "/tmp/r"), ("HOME", "/h")])),
            Some(PathBuf::from("/tmp/r"))
        );
        assert_eq!(data_dir_for(os, env(&[])), None);
    }
}
