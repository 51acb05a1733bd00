//! The `level` tool end to end: exit codes, messages, and the files it writes.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn level(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_level"))
        .args(args)
        .output()
        .expect("the level tool runs")
}

fn levels() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../levels")
}

fn shipped(name: &str) -> String {
    levels().join(name).display().to_string()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rappel-level-cli-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn check_accepts_the_shipped_levels_and_the_campaign() {
    let mut args = vec!["check".to_string()];
    for f in [
        "campaign.txt",
        "loop_back.txt",
        "rope_descent.txt",
        "heavy_haul.txt",
    ] {
        args.push(shipped(f));
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let o = level(&args);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    let count = crate::common::campaign().len();
    assert!(
        out.contains(&format!("campaign.txt: ok (campaign of {count} levels)")),
        "{out}"
    );
    assert!(
        out.contains("loop_back.txt: ok ('Loop-back room', 2x1, 4 things, 1 portals)"),
        "{out}"
    );
    assert_eq!(out.lines().count(), 4);
}

#[test]
fn check_prints_one_message_per_problem_and_exits_1() {
    let dir = scratch("check");
    let bad = dir.join("bad.txt");
    fs::write(
        &bad,
        "[level]\nname = \"Bad\"\n\n[grid]\n#####\n#@.Q#\n#####\n\n[things]\nk = hero knight at 0,0 rope 0\n",
    )
    .expect("write");
    let good = shipped("loop_back.txt");
    let o = level(&["check", &bad.display().to_string(), &good]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 2, "{err}");
    assert!(lines[0].ends_with("bad.txt:6:4: unknown character 'Q' in a cell (expected '.' air, '@' the entrance or '#' rock)"));
    assert!(
        lines[1].ends_with("bad.txt:10:29: rope length 0 (expected 1 to 128)"),
        "{err}"
    );
    // The good file is still checked and reported.
    assert!(stdout(&o).contains("loop_back.txt: ok"));
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn convert_text_to_binary_and_back_is_lossless() {
    let dir = scratch("convert");
    let rlv = dir.join("haul.rlv");
    let txt = dir.join("haul.txt");
    let src = shipped("heavy_haul.txt");
    let o = level(&["convert", &src, &rlv.display().to_string()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let bytes = fs::read(&rlv).expect("binary written");
    assert_eq!(&bytes[..4], b"RAPL");
    let o = level(&[
        "convert",
        &rlv.display().to_string(),
        &txt.display().to_string(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        fs::read_to_string(&txt).expect("text"),
        fs::read_to_string(&src).expect("src")
    );
    // A damaged binary is refused with its byte offset.
    let mut damaged = bytes.clone();
    damaged.truncate(bytes.len() - 1);
    fs::write(&rlv, &damaged).expect("write");
    let o = level(&["check", &rlv.display().to_string()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("haul.rlv: byte "), "{}", stderr(&o));
    assert!(stderr(&o).contains("file is truncated"));
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn show_prints_canonical_text_and_the_portal_pairs() {
    let o = level(&["show", &shipped("loop_back.txt")]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    let src = fs::read_to_string(levels().join("loop_back.txt")).expect("src");
    assert!(out.starts_with(&src), "{out}");
    assert!(
        out.contains("// a: left wall of cell 0,0 <-> right wall of cell 1,0: straight"),
        "{out}"
    );
    let o = level(&["show", &shipped("heavy_haul.txt")]);
    assert!(stdout(&o).contains("// a: floor of cell 1,4 <-> ceiling of cell 5,3: straight"));
}

#[test]
fn png_draws_a_thumbnail_of_the_right_size() {
    let dir = scratch("png");
    let out = dir.join("descent.png");
    let o = level(&[
        "png",
        &shipped("rope_descent.txt"),
        &out.display().to_string(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let img = image::open(&out).expect("a PNG").to_rgba8();
    // 5x7 cells of 16 px, plus an 8 px margin all round.
    assert_eq!((img.width(), img.height()), (5 * 16 + 16, 7 * 16 + 16));
    // The shaft is air-coloured and the rock beside it is not.
    let shaft = *img.get_pixel(8 + 2 * 16 + 8, 8 + 3 * 16 + 8);
    let rock = *img.get_pixel(8 + 8, 8 + 3 * 16 + 8);
    assert_ne!(shaft, rock);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn bad_arguments_print_usage_and_exit_2() {
    for args in [
        vec![],
        vec!["fly"],
        vec!["check"],
        vec!["show"],
        vec!["convert", "a.txt"],
        vec!["convert", "a.txt", "b.png"],
        vec!["png", "a.txt", "b.jpg"],
        // The solver's budget: whole numbers, for `check` only.
        vec!["check", "a.txt", "--max-states", "x"],
        vec!["check", "a.txt", "--max-memory", "0"],
        vec!["check", "a.txt", "--max-memory"],
        vec!["show", "a.txt", "--max-states", "10"],
    ] {
        let o = level(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&o).contains("usage: level check FILE..."),
            "{args:?}"
        );
    }
}

#[test]
fn check_warns_of_a_level_that_could_overflow_the_store_and_exits_0() {
    use game::level::fixtures::{big_room, rope_knight};
    use game::level::to_text;
    // 128 knights, each holding a 128-cell rope, in a 128x128 room: with
    // every rope hanging, 16640 Things, more than the store's 16383.
    let crowded = big_room((0..128).map(|x| rope_knight(x, 128)).collect());
    let dir = scratch("capacity");
    let file = dir.join("crowded.txt");
    fs::write(&file, to_text(&crowded)).expect("write");
    let file = file.display().to_string();
    let o = level(&["check", &file, &shipped("heavy_haul.txt")]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("crowded.txt: ok ('Crowded', 128x128, 128 things, 0 portals)"),
        "{out}"
    );
    assert!(out.contains("heavy_haul.txt: ok"), "{out}");
    let err = stderr(&o);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 1, "one warning, for the crowded level: {err}");
    assert!(lines[0].starts_with(&format!("{file}: warning: ")), "{err}");
    assert!(lines[0].contains("16640 things"), "{err}");
    assert!(lines[0].contains("16383"), "{err}");
    let _ = fs::remove_dir_all(&dir);
}

/// Runs `level` with a time limit, so a read that blocks (a named pipe
/// with no writer) fails the test instead of hanging it.
fn level_within(args: &[&std::ffi::OsStr], limit_s: u64) -> Output {
    use std::process::Stdio;
    use std::time::{Duration, Instant};
    let mut child = Command::new(env!("CARGO_BIN_EXE_level"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the level tool runs");
    let start = Instant::now();
    while child.try_wait().expect("wait").is_none() {
        if start.elapsed() > Duration::from_secs(limit_s) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("level {args:?} still running after {limit_s} s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("output")
}

fn mkfifo(path: &Path) {
    let made = Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(made.success(), "mkfifo {}", path.display());
}

/// The lines of stderr, each checked to hold no control character.
fn error_lines(o: &Output) -> Vec<String> {
    let err = stderr(o);
    assert!(!err.contains("panicked"), "{err}");
    err.lines()
        .inspect(|l| assert!(!l.chars().any(char::is_control), "{l:?}"))
        .map(str::to_string)
        .collect()
}

#[test]
fn help_goes_to_stdout_and_exits_0() {
    for args in [vec!["--help"], vec!["-h"], vec!["check", "--help"]] {
        let o = level(&args);
        assert_eq!(o.status.code(), Some(0), "{args:?}");
        let out = stdout(&o);
        assert!(out.contains("usage: level check FILE..."), "{out}");
        assert!(
            out.contains("convert IN OUT") && out.contains("-h, --help"),
            "{out}"
        );
        assert_eq!(stderr(&o), "", "{args:?}");
    }
    // An unknown option is still a mistake.
    let o = level(&["--bogus"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).starts_with("level: unknown option '--bogus'\nusage:"));
}

#[test]
fn a_file_name_that_is_not_utf8_still_names_its_file() {
    use std::ffi::{OsStr, OsString};
    use std::os::unix::ffi::{OsStrExt, OsStringExt};
    let dir = scratch("latin1");
    let name = |bytes: &[u8]| dir.join(OsStr::from_bytes(bytes));
    let src = name(b"caf\xe9.txt");
    fs::copy(levels().join("loop_back.txt"), &src).expect("copy");
    let o = level_within(&[OsStr::new("check"), src.as_os_str()], 20);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("ok ('Loop-back room'"),
        "{}",
        stdout(&o)
    );
    let out = name(b"caf\xe9.rlv");
    let o = level_within(
        &[OsStr::new("convert"), src.as_os_str(), out.as_os_str()],
        20,
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(&fs::read(&out).expect("written")[..4], b"RAPL");
    // A command that is not UTF-8 is a mistake, not a panic (exit 101).
    let bad = OsString::from_vec(b"\xff".to_vec());
    let o = level_within(&[bad.as_os_str()], 20);
    assert_eq!(o.status.code(), Some(2));
    assert!(error_lines(&o)[0].starts_with("level: unknown command"));
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn named_pipes_given_as_a_level_or_a_campaign_are_refused_at_once() {
    let dir = scratch("fifo");
    let fifo = dir.join("pipe.txt");
    mkfifo(&fifo);
    let o = level_within(&["check".as_ref(), fifo.as_os_str()], 20);
    assert_eq!(o.status.code(), Some(1));
    let lines = error_lines(&o);
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(
        lines[0].ends_with("pipe.txt: it is a named pipe, not a regular file"),
        "{lines:?}"
    );

    let pipe_campaign = dir.join("pipes");
    fs::create_dir_all(&pipe_campaign).expect("dir");
    mkfifo(&pipe_campaign.join("campaign.txt"));
    let o = level_within(
        &[
            "check".as_ref(),
            pipe_campaign.join("campaign.txt").as_os_str(),
        ],
        20,
    );
    assert_eq!(o.status.code(), Some(1));
    let lines = error_lines(&o);
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(
        lines[0].ends_with("campaign.txt: it is a named pipe, not a regular file"),
        "{lines:?}"
    );

    // A campaign naming a pipe and a missing file: each named at its line
    // of the campaign, the good level still checked.
    fs::copy(levels().join("loop_back.txt"), dir.join("good.txt")).expect("copy");
    let campaign = dir.join("campaign.txt");
    fs::write(&campaign, "good.txt\npipe.txt\n// gone next\n  gone.txt\n").expect("write");
    let o = level_within(&["check".as_ref(), campaign.as_os_str()], 20);
    assert_eq!(o.status.code(), Some(1));
    let lines = error_lines(&o);
    let c = campaign.display().to_string();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(
        lines[0].starts_with(&format!("{c}:2:1: level file 'pipe.txt' cannot be read: "))
            && lines[0].ends_with("cannot be read: it is a named pipe, not a regular file"),
        "{lines:?}"
    );
    assert!(
        lines[1].starts_with(&format!("{c}:4:3: level file 'gone.txt' is not in ")),
        "{lines:?}"
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn outputs_that_are_not_regular_files_are_refused_and_left_alone() {
    use std::os::unix::fs::FileTypeExt;
    let dir = scratch("odd-out");
    let src = shipped("loop_back.txt");
    let folder = dir.join("folder.rlv");
    fs::create_dir_all(folder.join("inside")).expect("dir");
    let pipe = dir.join("pipe.txt");
    mkfifo(&pipe);
    let null = dir.join("null.png");
    std::os::unix::fs::symlink("/dev/null", &null).expect("symlink");
    for (args, what) in [
        (
            ["convert", src.as_str(), folder.to_str().expect("utf-8")],
            "a folder",
        ),
        (
            ["convert", src.as_str(), pipe.to_str().expect("utf-8")],
            "a named pipe",
        ),
        (
            ["png", src.as_str(), null.to_str().expect("utf-8")],
            "a device",
        ),
    ] {
        let args: Vec<&std::ffi::OsStr> = args.iter().map(|a| a.as_ref()).collect();
        let o = level_within(&args, 20);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        let lines = error_lines(&o);
        assert_eq!(lines.len(), 1, "{lines:?}");
        assert!(
            lines[0].ends_with(&format!("is {what}, not a regular file")),
            "{lines:?}"
        );
    }
    assert!(folder.join("inside").is_dir());
    assert!(fs::symlink_metadata(&pipe)
        .expect("pipe")
        .file_type()
        .is_fifo());
    assert!(fs::metadata("/dev/null")
        .expect("null")
        .file_type()
        .is_char_device());
    assert!(fs::read_dir(&dir).expect("list").all(|e| !e
        .expect("entry")
        .file_name()
        .to_string_lossy()
        .ends_with(".tmp")));
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn control_characters_in_files_and_names_are_escaped_in_messages() {
    let dir = scratch("controls");
    let bad = dir.join("bad\rname.txt");
    fs::write(&bad, "[level]\nname = \"x\"\n[gr\u{1b}[2Jid]\n").expect("write");
    let o = level(&["check", bad.to_str().expect("utf-8")]);
    assert_eq!(o.status.code(), Some(1));
    let lines = error_lines(&o);
    assert!(!lines.is_empty());
    let shown = dir.join("bad\\rname.txt").display().to_string();
    assert!(lines.iter().all(|l| l.starts_with(&shown)), "{lines:?}");
    assert!(
        lines
            .iter()
            .any(|l| l.contains(":3:1: unknown section [gr\\u{1b}[2Jid]")),
        "{lines:?}"
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn check_reports_a_watchers_route_through_a_wall() {
    let dir = scratch("route-wall");
    let bad = dir.join("walled.txt");
    // A wall between cells 1,0 and 2,0; the guard walks from 2,0 to 1,0.
    fs::write(
        &bad,
        "[level]\nname = \"Walled\"\n\n[grid]\n#########\n#@..#...#\n#########\n\n[things]\nknight = hero knight at 0,0\nguard = watcher at 2,0 route 2,0 1,0\n",
    )
    .expect("write");
    let o = level(&["check", &bad.display().to_string()]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains(
            "the walk of 'guard' from route point 1 to 2 steps from 2,0 to 1,0 through a wall"
        ),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn check_of_a_pack_folder_loads_it_whole_and_puts_each_par_to_the_solver() {
    let dir = scratch("pack");
    fs::write(
        dir.join("pack.txt"),
        "name = Short pack\nauthor = Ann\nloop_back.txt\nrope_descent.txt\n",
    )
    .expect("pack.txt");
    for name in ["loop_back.txt", "rope_descent.txt"] {
        fs::copy(levels().join(name), dir.join(name)).expect("copy");
    }
    let d = dir.display().to_string();
    let o = level(&["check", &d]);
    // Every par proven within the default budget: status 0, no warning.
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stderr(&o), "");
    let out = stdout(&o);
    assert!(
        out.contains("loop_back.txt: 'Loop-back room': par 1 proven the fewest turns"),
        "{out}"
    );
    assert!(out.contains("rope_descent.txt: '"), "{out}");
    assert!(
        out.contains(&format!("{d}: ok (pack 'Short pack' of 2 levels)")),
        "{out}"
    );

    // A par the solver beats is a problem, named with its file.
    let easy = fs::read_to_string(levels().join("rope_descent.txt"))
        .expect("level")
        .replace("par = 4", "par = 9");
    fs::write(dir.join("rope_descent.txt"), easy).expect("write");
    let o = level(&["check", &d]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains(
            "rope_descent.txt: 'Rope descent': par 9 is beaten: the solver clears it in 4 turns"
        ),
        "{}",
        stderr(&o)
    );

    // Export: the pack as one text that reads back as the same pack.
    let o = level(&["export", &d]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(
        text.starts_with("rappel-pack 1\n%%% pack.txt\nname = Short pack\n"),
        "{text}"
    );
    let (_, (header, levels)) = game::campaign::check_pack_text(&text, "x").expect("reads back");
    assert_eq!(header.author, "Ann");
    assert_eq!(levels.len(), 2);

    // A level listed twice: the pack does not load; pack.txt's line is named.
    fs::write(
        dir.join("pack.txt"),
        "name = Short pack\nloop_back.txt\nloop_back.txt\n",
    )
    .expect("pack.txt");
    let o = level(&["check", &d]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("pack.txt:3:1: 'loop_back.txt' is listed twice"),
        "{}",
        stderr(&o)
    );
    let _ = fs::remove_dir_all(&dir);
}

/// Checks that `level` exited with status 0 (all well) and said `said`.
fn all_well(o: &Output, said: &str) {
    assert_eq!(o.status.code(), Some(0), "{}", stderr(o));
    assert!(stdout(o).contains(said), "{}", stdout(o));
}

/// A pack of `files` (shipped levels) named "Short pack" in a fresh
/// scratch folder, and the folder as `level` is given it.
fn short_pack(name: &str, files: &[&str]) -> (PathBuf, String) {
    let dir = scratch(name);
    let mut list = "name = Short pack\n".to_string();
    for file in files {
        fs::copy(levels().join(file), dir.join(file)).expect("copy");
        list += &format!("{file}\n");
    }
    fs::write(dir.join("pack.txt"), list).expect("pack.txt");
    let d = dir.display().to_string();
    (dir, d)
}

/// A par the solver cannot prove within the budget is a warning, not
/// "ok": said as `warning:` on stderr, with its own exit status, 3. A
/// problem elsewhere still makes it 1; a larger budget proves it (0).
#[test]
fn a_par_not_proven_within_the_budget_is_a_warning_with_exit_status_3() {
    let (dir, d) = short_pack("unproven", &["rope_descent.txt"]);
    let o = level(&["check", &d, "--max-states", "10"]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    let (out, err) = (stdout(&o), stderr(&o));
    assert!(!out.contains("ok"), "{out}");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 2, "{err}");
    assert!(
        lines[0].contains(
            "rope_descent.txt: warning: 'Rope descent': par 4 not proven within the budget (",
        ),
        "{err}"
    );
    assert!(lines[0].contains("budget exhausted after"), "{err}");
    assert_eq!(
        lines[1],
        format!(
            "{d}: warning: pack 'Short pack' of 1 levels: 1 par not proven within \
             the budget (raise it with --max-memory MB)"
        )
    );

    // A file with problems beside it: the problems win, status 1.
    let bad = dir.join("bad.txt");
    fs::write(&bad, "[level]\nname = \"Bad\"\n").expect("write");
    let o = level(&[
        "check",
        "--max-states",
        "10",
        &d,
        &bad.display().to_string(),
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("warning: 'Rope descent'"),
        "{}",
        stderr(&o)
    );

    // The budget raised (or given in memory): proven, status 0.
    for budget in [["--max-states", "100000000"], ["--max-memory", "2000"]] {
        let o = level(&["check", &d, budget[0], budget[1]]);
        all_well(&o, "'Rope descent': par 4 proven the fewest turns");
    }
    let _ = fs::remove_dir_all(&dir);
}

/// A wrong par is a problem whatever the budget: beaten, status 1.
#[test]
fn a_beaten_par_is_a_problem_with_exit_status_1() {
    let (dir, d) = short_pack("beaten", &["loop_back.txt", "rope_descent.txt"]);
    let easy = fs::read_to_string(levels().join("rope_descent.txt"))
        .expect("level")
        .replace("par = 4", "par = 9");
    fs::write(dir.join("rope_descent.txt"), easy).expect("write");
    let o = level(&["check", &d, "--max-memory", "500"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).contains(
            "rope_descent.txt: 'Rope descent': par 9 is beaten: the solver clears it in 4 turns"
        ),
        "{}",
        stderr(&o)
    );
    assert!(!stdout(&o).contains(": ok (pack"), "{}", stdout(&o));
    let _ = fs::remove_dir_all(&dir);
}

/// The scout alone and a relic at the foot of a 5-cell shaft (one more
/// than she falls unhurt); the level requires the second rope.
const SCOUTS_DESCENT: &str = r#"[level]
name = "Scout's descent"
par = 3
requires = second_rope

[grid]
###########
#@....#####
#####.#####
#####.#####
#####.#####
#####.#####
#####.#####
#####.#####
#####.#####
#####.#####
#####.#####
#####.....#
###########

[things]
scout = hero scout at 0,5
relic = item relic at 4,0 flags ACQUIRE|PLACE|RELIC
"#;

/// A pack's level is solved as play starts it, equipped with the pieces
/// it requires (as `sim solve` and the editor solve it): the scout alone
/// cannot climb back out of a 5-cell shaft, but with the second rope the
/// level requires she clears it in 3 turns, its par.
#[test]
fn a_pack_level_is_solved_equipped_as_play_starts_it() {
    let dir = scratch("equipped");
    fs::write(dir.join("pack.txt"), "name = Equipped\ndescent.txt\n").expect("pack.txt");
    fs::write(dir.join("descent.txt"), SCOUTS_DESCENT).expect("level");
    let o = level(&["check", &dir.display().to_string()]);
    all_well(
        &o,
        "descent.txt: 'Scout's descent': par 3 proven the fewest turns",
    );
    let _ = fs::remove_dir_all(&dir);
}
