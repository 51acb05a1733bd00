//! Runs the built `rappel` binary as a user would: a headless screenshot of
//! the title screen with real pixels checked, and bad command lines or
//! missing assets giving one-line errors.
#![forbid(unsafe_code)]
use std::path::PathBuf;
use std::process::{Command, Output};

use platform::screens::{theme, title};
use render::colour::to_rgba8;
use render::Rgba;

fn rappel(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rappel"))
        .args(args)
        // A data folder of the test's own: no saves or progress of the
        // machine's user are read or written.
        .env("RAPPEL_DATA", scratch("data"))
        // No display: the binary must fall back to the offscreen driver by itself.
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("SDL_VIDEODRIVER")
        .output()
        .expect("run rappel")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rappel-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn close(a: [u8; 4], b: [u8; 4], tolerance: u8) -> bool {
    a.iter().zip(b).all(|(&p, q)| p.abs_diff(q) <= tolerance)
}

fn mix(a: Rgba, b: Rgba, t: f32) -> [u8; 4] {
    to_rgba8(std::array::from_fn(|i| a[i] + (b[i] - a[i]) * t))
}

#[test]
fn headless_screenshot_is_the_title_screen_at_the_requested_size() {
    let path = scratch("title.png");
    let (w, h) = (640u32, 360u32);
    let out = rappel(&[
        "--window",
        "640x360",
        "--screenshot",
        path.to_str().unwrap(),
        "--frames",
        "3",
    ]);
    assert!(out.status.success(), "rappel failed: {}", stderr(&out));
    let log = stderr(&out);
    assert!(
        log.contains("GL vendor:") && log.contains("version:"),
        "logs GL info: {log}"
    );

    let img = image::open(&path).expect("a PNG was written").to_rgba8();
    assert_eq!(img.dimensions(), (w, h));
    let l = title::layout(w, h);
    let at = |p: glam::Vec2| img.get_pixel(p.x as u32, p.y as u32).0;

    // Buttons: the selected one (Play) and a resting one (Editor), sampled
    // inside the fill, left of the label, halfway down (the fill's gradient midpoint).
    for (i, style) in [(0, theme::SELECTED_STYLE), (1, theme::ITEM_STYLE)] {
        let r = l.items[i];
        let p = glam::Vec2::new(r.x + 8.0, r.y + r.h / 2.0);
        let got = at(p);
        let want = mix(style.fill_top, style.fill_bottom, 0.5);
        assert!(
            close(got, want, 6),
            "button {i} at {p} is {got:?}, expected {want:?}"
        );
    }
    // The selected button's border is gold; the others' is not.
    let border = |i: usize| at(glam::Vec2::new(l.items[i].centre().x, l.items[i].y + 0.5));
    assert!(
        close(border(0), to_rgba8(theme::SELECTED_STYLE.border), 6),
        "{:?}",
        border(0)
    );
    assert!(
        close(border(2), to_rgba8(theme::ITEM_STYLE.border), 6),
        "{:?}",
        border(2)
    );

    // The name is drawn in gold: many gold pixels in the band under its top.
    let gold = to_rgba8(theme::GOLD);
    let band_top = l.title_at.y as u32;
    let band = (band_top..band_top + l.title_px as u32)
        .flat_map(|y| (0..w).map(move |x| (x, y)))
        .filter(|&(x, y)| close(img.get_pixel(x, y).0, gold, 4))
        .count();
    assert!(band > 1000, "only {band} gold title pixels");

    // Empty background below the menu, in the middle: the shaft's gradient.
    let y = (l.items[2].y + l.items[2].h + l.notice_at.y) / 2.0 + 20.0;
    let got = at(glam::Vec2::new(w as f32 / 2.0, y));
    let want = mix(
        theme::BACKGROUND_TOP,
        theme::BACKGROUND_BOTTOM,
        y / h as f32,
    );
    assert!(
        close(got, want, 3),
        "background at y={y} is {got:?}, expected {want:?}"
    );
}

#[test]
fn missing_assets_are_a_one_line_error_naming_the_font() {
    let out = Command::new(env!("CARGO_BIN_EXE_rappel"))
        .args(["--screenshot", scratch("never.png").to_str().unwrap()])
        .env("RAPPEL_ASSETS", "/nonexistent/assets")
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("run rappel");
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    let lines: Vec<&str> = err.lines().filter(|l| !l.starts_with('[')).collect();
    assert_eq!(lines.len(), 1, "{err}");
    assert!(
        lines[0].starts_with("rappel: cannot load font /nonexistent/assets/fonts/DejaVuSans.ttf: "),
        "{err}"
    );
}

#[test]
fn help_lists_every_flag() {
    let out = rappel(&["--help"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    for flag in [
        "--level",
        "--edit",
        "--window",
        "--fullscreen",
        "--screenshot",
        "--frames",
        "--controls",
    ] {
        assert!(text.contains(flag), "--help mentions {flag}");
    }
}

#[test]
fn controls_prints_the_table_with_the_players_keys_and_touches_nothing() {
    let out = rappel(&["--controls"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let table = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        table.starts_with("| keys | what they do |\n|---|---|\n| Mouse |"),
        "{table}"
    );
    assert!(
        table.contains("\n| Z, Ctrl+Z | undo |\n"),
        "the defaults: {table}"
    );
    // The player's keys, from their settings (a bad line among them is
    // warned about, and the file left as it is).
    let data = scratch("controls-data");
    std::fs::create_dir_all(&data).unwrap();
    let settings = "rappel-settings 1\nkey undo u\nzoom NaN\n";
    std::fs::write(data.join("settings.txt"), settings).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_rappel"))
        .arg("--controls")
        .env("RAPPEL_DATA", &data)
        .output()
        .expect("run rappel");
    assert!(out.status.success(), "{}", stderr(&out));
    let table = String::from_utf8_lossy(&out.stdout);
    assert!(table.contains("\n| U | undo |\n"), "{table}");
    assert!(table.contains("restart the level (U undoes it)"), "{table}");
    assert_eq!(
        std::fs::read_to_string(data.join("settings.txt")).unwrap(),
        settings
    );
    assert!(!data.join("settings.txt.damaged").exists());
}

/// A mistake gives exactly one line on stderr, a non-zero exit, no panic.
fn assert_one_line_error(args: &[&str], expect: &str) {
    let out = rappel(args);
    assert!(!out.status.success(), "{args:?} should fail");
    let err = stderr(&out);
    let lines: Vec<&str> = err.lines().filter(|l| !l.starts_with('[')).collect();
    assert_eq!(lines.len(), 1, "one error line for {args:?}, got: {err}");
    assert!(
        lines[0].starts_with("rappel: ") && lines[0].contains(expect),
        "{args:?}: {err}"
    );
    assert!(
        !err.contains("panicked") && !err.contains("RUST_BACKTRACE"),
        "{err}"
    );
}

#[test]
fn bad_command_lines_give_one_line_errors() {
    assert_one_line_error(&["--bogus"], "unknown option `--bogus`");
    assert_one_line_error(&["--window", "huge"], "--window expects WIDTHxHEIGHT");
    assert_one_line_error(&["--window", "0x100"], "--window expects WIDTHxHEIGHT");
    assert_one_line_error(&["--frames", "-1"], "--frames expects");
}

#[test]
fn unwritable_screenshot_path_is_an_error_that_names_it() {
    let path = scratch("no/such/dir/shot.png");
    let out = rappel(&["--window", "64x64", "--screenshot", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(
        err.contains("cannot write screenshot") && err.contains("no/such/dir/shot.png"),
        "{err}"
    );
    assert!(!path.exists());
}

#[test]
fn edit_refuses_a_file_that_is_not_a_level_naming_where() {
    let bad = scratch("broken.txt");
    std::fs::write(
        &bad,
        "[level]\nname = \"x\"\n[grid]\n###\n#Q#\n###\n[things]\nk = hero knight at 0,0\n",
    )
    .expect("write");
    assert_one_line_error(
        &["--edit", bad.to_str().expect("utf-8")],
        "broken.txt:3:1: no entrance",
    );
    assert_one_line_error(&["--edit", "/tmp/not-a-level.png"], "must end in .txt");
}

#[test]
fn level_starts_that_level_and_a_script_plays_it() {
    let levels = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../levels");
    let shot = scratch("loop.png");
    let script = scratch("script.txt");
    // The scout walks right: through the loop-back room's portals the
    // party repeats down the corridor.
    std::fs::write(&script, "key 2\nkey right\nwait 2\n").unwrap();
    let data = scratch("data");
    let out = Command::new(env!("CARGO_BIN_EXE_rappel"))
        .args([
            "--level",
            levels.join("loop_back.txt").to_str().unwrap(),
            "--window",
            "640x360",
            "--script",
            script.to_str().unwrap(),
            "--screenshot",
            shot.to_str().unwrap(),
            "--frames",
            "2",
        ])
        .env("RAPPEL_DATA", &data)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("SDL_VIDEODRIVER")
        .output()
        .expect("run rappel");
    assert!(out.status.success(), "rappel failed: {}", stderr(&out));
    let img = image::open(&shot).expect("a PNG was written").to_rgba8();
    assert_eq!(img.dimensions(), (640, 360));
    let portal = to_rgba8(platform::screens::world::draw::PORTAL);
    let cyan = img.pixels().filter(|p| close(p.0, portal, 10)).count();
    assert!(cyan > 100, "glowing portal edges drawn: {cyan} pixels");
    let dark = to_rgba8(platform::screens::play::CLEAR);
    assert!(close(img.get_pixel(320, 100).0, dark, 2), "unseen is dark");
    assert!(
        !data.join("progress.txt").exists(),
        "nothing won, nothing saved"
    );
}

#[test]
fn a_missing_level_or_a_bad_script_is_a_one_line_error() {
    assert_one_line_error(
        &["--level", "/nonexistent/level.txt"],
        "cannot play /nonexistent/level.txt",
    );
    let script = scratch("bad-script.txt");
    std::fs::write(&script, "key left\nkey sideways\n").unwrap();
    assert_one_line_error(
        &["--script", script.to_str().unwrap()],
        "line 2: unknown key",
    );
}

#[test]
fn a_game_quit_midway_continues_on_the_next_run_with_its_undo_history() {
    let levels = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../levels");
    let data = scratch("continue-data");
    let _ = std::fs::remove_dir_all(&data);
    let run = |script: &str, name: &str| {
        let file = scratch(name);
        std::fs::write(&file, script).expect("script");
        Command::new(env!("CARGO_BIN_EXE_rappel"))
            .args(["--script", file.to_str().expect("utf-8"), "--frames", "1"])
            .args(if name == "first.txt" {
                vec![
                    "--level".to_string(),
                    levels.join("loop_back.txt").display().to_string(),
                ]
            } else {
                Vec::new()
            })
            .env("RAPPEL_DATA", &data)
            .env("RAPPEL_LOG", "debug")
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY")
            .env_remove("SDL_VIDEODRIVER")
            .output()
            .expect("run rappel")
    };
    // Two steps (a walk through the portal, an end of turn), then the run
    // ends (as a quit): the game is saved.
    let first = run("key left\nkey enter\nkey enter\n", "first.txt");
    assert!(first.status.success(), "{}", stderr(&first));
    assert!(data.join("saves/campaign-loop_back.txt.sav").is_file());
    // Next run: Continue (first on the title), then undo past the quit.
    let second = run("key enter\nkey undo\nkey undo\nkey undo\n", "second.txt");
    let err = stderr(&second);
    assert!(second.status.success(), "{err}");
    assert!(err.contains("continuing Loop-back room"), "{err}");
    assert_eq!(err.matches("undo: true").count(), 2, "{err}");
    assert_eq!(err.matches("undo: false").count(), 1, "{err}");
}

/// Runs `rappel` with `args` as the OS passes them (bytes, not necessarily
/// UTF-8), headless, with its data in a scratch folder and `env` added, for
/// at most 60 s: a read that blocks (a named pipe) fails the test instead
/// of hanging it.
fn rappel_within(args: &[&std::ffi::OsStr], env: &[(&str, &std::path::Path)]) -> Output {
    use std::process::Stdio;
    use std::time::{Duration, Instant};
    let mut command = Command::new(env!("CARGO_BIN_EXE_rappel"));
    command
        .args(args)
        .env("RAPPEL_DATA", scratch("within-data"))
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("SDL_VIDEODRIVER")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (key, value) in env {
        command.env(key, value);
    }
    let mut child = command.spawn().expect("run rappel");
    let start = Instant::now();
    while child.try_wait().expect("wait").is_none() {
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("rappel {args:?} still running after 60 s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("output")
}

/// The one error line of a failed run (log lines, which start with `[`,
/// left out), checked to hold no control character and no panic.
fn the_error_line(out: &Output) -> String {
    let err = stderr(out);
    assert!(!err.contains("panicked"), "{err}");
    let lines: Vec<&str> = err.lines().filter(|l| !l.starts_with('[')).collect();
    assert_eq!(lines.len(), 1, "one error line: {err}");
    assert!(!lines[0].chars().any(char::is_control), "{:?}", lines[0]);
    lines[0].to_string()
}

fn os(list: &[&'static str]) -> Vec<&'static std::ffi::OsStr> {
    list.iter().map(|s| std::ffi::OsStr::new(*s)).collect()
}

#[test]
fn a_bare_argument_asks_for_an_option_and_suggests_level_for_a_level_file() {
    let out = rappel_within(&os(&["foo.txt"]), &[]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        the_error_line(&out),
        "rappel: expected an option, found `foo.txt`; to play that level, use `--level foo.txt` (try `rappel --help`)"
    );
    let out = rappel_within(&os(&["--fullscreen", "foo"]), &[]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        the_error_line(&out),
        "rappel: expected an option, found `foo` (try `rappel --help`)"
    );
}

#[test]
fn arguments_that_are_not_utf8_are_paths_or_mistakes_never_a_panic() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let raw = |b: &'static [u8]| OsStr::from_bytes(b);
    // Mistakes: exit 2 with one line (a panic would be 101).
    for args in [
        vec![raw(b"\xff")],
        vec![raw(b"--wind\xffow")],
        vec![raw(b"--window"), raw(b"\xff")],
    ] {
        let out = rappel_within(&args, &[]);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(the_error_line(&out).starts_with("rappel: "));
    }
    // A path that is not UTF-8 is opened byte for byte: the broken level
    // is read (its line is named), not reported missing.
    let bad = scratch("latin1")
        .with_file_name(OsStr::from_bytes(b"caf\xe9.txt"))
        .into_os_string();
    std::fs::write(
        &bad,
        "[level]\nname = \"x\"\n[grid]\n###\n#Q#\n###\n[things]\nk = hero knight at 0,0\n",
    )
    .expect("write");
    let out = rappel_within(&[OsStr::new("--edit"), &bad], &[]);
    assert_eq!(out.status.code(), Some(1));
    let line = the_error_line(&out);
    assert!(line.contains("caf\u{FFFD}.txt:3:1: no entrance"), "{line}");
}

#[test]
fn named_pipes_and_devices_are_refused_at_once() {
    use std::os::unix::fs::FileTypeExt;
    let dir = scratch("odd-files");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("folder.png")).expect("dir");
    let pipe = dir.join("pipe.txt");
    let made = Command::new("mkfifo").arg(&pipe).status().expect("mkfifo");
    assert!(made.success());
    let pipe_str = pipe.to_str().expect("utf-8");
    let folder = dir.join("folder.png");
    for (args, expect) in [
        (
            ["--level", pipe_str],
            "pipe.txt: it is a named pipe, not a regular file",
        ),
        (
            ["--script", pipe_str],
            "pipe.txt: it is a named pipe, not a regular file",
        ),
        (
            ["--screenshot", pipe_str],
            "it is a named pipe, not a regular file",
        ),
        (
            ["--screenshot", "/dev/null"],
            "it is a device, not a regular file",
        ),
        (
            ["--screenshot", folder.to_str().expect("utf-8")],
            "it is a folder, not a regular file",
        ),
    ] {
        let args: Vec<&std::ffi::OsStr> = args.iter().map(std::ffi::OsStr::new).collect();
        let out = rappel_within(&args, &[]);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let line = the_error_line(&out);
        assert!(line.ends_with(expect), "{args:?}: {line}");
    }
    assert!(std::fs::symlink_metadata(&pipe)
        .expect("pipe")
        .file_type()
        .is_fifo());
    assert!(std::fs::metadata("/dev/null")
        .expect("null")
        .file_type()
        .is_char_device());
    assert!(folder.is_dir());
}

#[test]
fn a_campaign_that_is_a_pipe_or_names_a_missing_level_is_reported_not_a_hang() {
    let levels = scratch("odd-campaign");
    let _ = std::fs::remove_dir_all(&levels);
    std::fs::create_dir_all(&levels).expect("dir");
    let campaign = levels.join("campaign.txt");
    let made = Command::new("mkfifo")
        .arg(&campaign)
        .status()
        .expect("mkfifo");
    assert!(made.success());
    let shot = scratch("odd-campaign.png");
    let args = os(&["--window", "64x64", "--screenshot"])
        .into_iter()
        .chain([shot.as_os_str()])
        .collect::<Vec<_>>();
    let out = rappel_within(&args, &[("RAPPEL_LEVELS", &levels)]);
    let err = stderr(&out);
    assert!(out.status.success(), "{err}");
    assert!(
        err.contains("no campaign: ")
            && err.contains("campaign.txt: it is a named pipe, not a regular file"),
        "{err}"
    );
    // A campaign naming a level that is not there: named at its line.
    std::fs::remove_file(&campaign).expect("remove pipe");
    std::fs::write(&campaign, "// one level\n  gone.txt\n").expect("campaign");
    let out = rappel_within(&args, &[("RAPPEL_LEVELS", &levels)]);
    let err = stderr(&out);
    assert!(out.status.success(), "{err}");
    assert!(
        err.contains(&format!(
            "campaign level gone.txt does not load: {}:2:3: level file 'gone.txt' is not in",
            campaign.display()
        )),
        "{err}"
    );
}

#[test]
fn settings_come_back_next_run_and_a_terminated_game_keeps_its_place() {
    let levels = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../levels");
    let data = scratch("settings-data");
    let _ = std::fs::remove_dir_all(&data);
    std::fs::create_dir_all(&data).expect("data folder");
    std::fs::write(
        data.join("settings.txt"),
        "rappel-settings 1\nwindow 900x500\nfullscreen off\nzoom 1.25\nvolume 0.5\nsound off\nlantern glow\n",
    )
    .expect("settings");
    let script = scratch("settings-script.txt");
    std::fs::write(&script, "key right\nkey zoom-in\n").expect("script");
    // An interactive run (no --frames), told to terminate as a desktop
    // session ending would.
    let mut child = Command::new(env!("CARGO_BIN_EXE_rappel"))
        .args([
            "--level",
            &levels.join("loop_back.txt").display().to_string(),
        ])
        .arg("--script")
        .arg(&script)
        .env("RAPPEL_DATA", &data)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("SDL_VIDEODRIVER")
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run rappel");
    // Terminated once its script has played (its log says so), not after
    // a guessed while: a loaded machine starts it later, nothing else.
    use std::io::{BufRead, Read};
    let mut log = std::io::BufReader::new(child.stderr.take().expect("stderr"));
    let mut err = String::new();
    loop {
        let mut line = String::new();
        let read = log.read_line(&mut line).expect("read its log");
        err.push_str(&line);
        assert!(read > 0, "rappel ended before its script was played: {err}");
        if line.contains("script played") {
            break;
        }
    }
    let status = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("kill");
    assert!(status.success());
    log.read_to_string(&mut err).expect("the rest of its log");
    let ended = child.wait().expect("ends");
    assert!(ended.success(), "SIGTERM is a quit: {err}");
    assert!(err.contains("window 900x500"), "the saved size: {err}");
    // The game in progress was saved on the way out…
    assert!(
        data.join("saves/campaign-loop_back.txt.sav").is_file(),
        "{err}"
    );
    // …and the settings, with the new zoom and what this build does not
    // know kept as it was.
    let kept = std::fs::read_to_string(data.join("settings.txt")).expect("settings");
    assert!(kept.contains("window 900x500"), "{kept}");
    assert!(kept.contains("zoom 1.5625"), "{kept}");
    assert!(
        kept.contains("volume 0.5") && kept.contains("sound off"),
        "{kept}"
    );
    assert!(
        kept.contains("lantern glow"),
        "a newer build's key kept: {kept}"
    );
    // --window overrides for one run and is not kept.
    let out = Command::new(env!("CARGO_BIN_EXE_rappel"))
        .args(["--window", "640x360", "--frames", "1"])
        .env("RAPPEL_DATA", &data)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("SDL_VIDEODRIVER")
        .output()
        .expect("run rappel");
    assert!(stderr(&out).contains("window 640x360"), "{}", stderr(&out));
    let again = std::fs::read_to_string(data.join("settings.txt")).expect("settings");
    assert_eq!(again, kept);
}

#[test]
fn a_save_naming_its_level_with_control_characters_is_logged_escaped() {
    // The save: its origin names a campaign level `rope ESC[2J BEL
    // _descent.txt`, no longer in the campaign. Continue tries it.
    let levels = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../levels");
    let data = scratch("hostile-data");
    let _ = std::fs::remove_dir_all(&data);
    std::fs::create_dir_all(data.join("saves")).expect("saves folder");
    let level = game::level::load_file(&levels.join("loop_back.txt")).expect("level");
    let session = game::session::Session::new(&level).expect("session");
    let mut saved = session.to_saved(&level);
    let file = "rope\u{1b}[2J\u{7}_descent.txt";
    saved.origin = format!("campaign {file}");
    let sav = data.join("saves/campaign-rope_descent.txt.sav");
    std::fs::write(&sav, saved.encode().expect("encodes")).expect("save");
    let script = scratch("hostile-continue.txt");
    std::fs::write(&script, "key enter\n").expect("script");
    let out = rappel_within(
        &[
            std::ffi::OsStr::new("--script"),
            script.as_os_str(),
            std::ffi::OsStr::new("--frames"),
            std::ffi::OsStr::new("1"),
        ],
        &[("RAPPEL_DATA", &data)],
    );
    let err = stderr(&out);
    assert!(out.status.success(), "{err}");
    let told = err
        .lines()
        .find(|l| l.contains("is no longer in the campaign"))
        .unwrap_or_else(|| panic!("the save is not told of: {err}"));
    assert!(
        told.contains("its level rope\\u{1b}[2J\\u{7}_descent.txt is no longer"),
        "{told}"
    );
    for line in err.lines() {
        assert!(!line.chars().any(char::is_control), "{line:?}");
    }
    let mut kept = sav.into_os_string();
    kept.push(".stale");
    assert!(std::path::Path::new(&kept).is_file(), "kept aside");
}
