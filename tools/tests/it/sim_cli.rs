//! The `sim` tool's command line end to end: help, arguments that are not
//! UTF-8, files that are not regular files, and control characters in
//! messages. Each run has a time limit, so a read that blocks fails the
//! test instead of hanging it.
use std::ffi::OsStr;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn levels() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../levels")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rappel-sim-cli-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// Runs `sim` with `stdin` as its standard input, for at most 20 s.
fn sim(args: &[&OsStr], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sim"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run sim");
    // The tool may exit before reading its input: a broken pipe is fine.
    let _ = child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes());
    let start = Instant::now();
    while child.try_wait().expect("wait").is_none() {
        if start.elapsed() > Duration::from_secs(20) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("sim {args:?} still running after 20 s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("output")
}

fn os(list: &[&'static str]) -> Vec<&'static OsStr> {
    list.iter().map(|s| OsStr::new(*s)).collect()
}

/// The lines of stderr, each checked to hold no control character.
fn error_lines(o: &Output) -> Vec<String> {
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(!err.contains("panicked"), "{err}");
    err.lines()
        .inspect(|l| assert!(!l.chars().any(char::is_control), "{l:?}"))
        .map(str::to_string)
        .collect()
}

fn mkfifo(path: &Path) {
    let made = Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(made.success(), "mkfifo {}", path.display());
}

#[test]
fn help_goes_to_stdout_and_exits_0() {
    for flag in ["--help", "-h"] {
        let o = sim(&os(&[flag]), "");
        assert_eq!(o.status.code(), Some(0), "{flag}");
        let out = String::from_utf8_lossy(&o.stdout);
        assert!(
            out.starts_with("usage: sim LEVEL [SCRIPT] [--strict]"),
            "{out}"
        );
        assert!(
            out.contains("--strict") && out.contains("deploy-rope"),
            "{out}"
        );
        assert!(o.stderr.is_empty(), "{flag}");
    }
    for args in [&["--bogus"][..], &[][..], &["a.txt", "b", "c"][..]] {
        let o = sim(&os(args), "");
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let lines = error_lines(&o);
        assert!(lines[0].starts_with("sim: "), "{lines:?}");
        assert!(lines[1].starts_with("usage: sim"), "{lines:?}");
    }
}

#[test]
fn paths_that_are_not_utf8_still_name_their_files() {
    use std::os::unix::ffi::OsStrExt;
    let dir = scratch("latin1");
    let level = dir.join(OsStr::from_bytes(b"caf\xe9.txt"));
    fs::copy(levels().join("loop_back.txt"), &level).expect("copy");
    let script = dir.join(OsStr::from_bytes(b"scr\xefpt.sim"));
    fs::write(&script, "hash\n").expect("script");
    let o = sim(&[level.as_os_str(), script.as_os_str()], "");
    assert_eq!(o.status.code(), Some(0), "{:?}", error_lines(&o));
    assert!(String::from_utf8_lossy(&o.stdout).contains("> hash"));
    // An option that is not UTF-8 is a mistake (exit 2), not a panic (101).
    let o = sim(&[OsStr::from_bytes(b"--str\xffct")], "");
    assert_eq!(o.status.code(), Some(2));
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn named_pipes_given_as_the_level_or_the_script_are_refused_at_once() {
    let dir = scratch("fifo");
    let pipe = dir.join("pipe.txt");
    mkfifo(&pipe);
    let level = levels().join("loop_back.txt");
    let o = sim(&[pipe.as_os_str()], "");
    assert_eq!(o.status.code(), Some(1));
    let lines = error_lines(&o);
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(
        lines[0].ends_with("pipe.txt: it is a named pipe, not a regular file"),
        "{lines:?}"
    );
    let o = sim(&[level.as_os_str(), pipe.as_os_str()], "");
    assert_eq!(o.status.code(), Some(1));
    let lines = error_lines(&o);
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(lines[0].starts_with("sim: cannot read "), "{lines:?}");
    assert!(
        lines[0].ends_with("pipe.txt: it is a named pipe, not a regular file"),
        "{lines:?}"
    );
    // A device behind a symlink is refused too, not read forever.
    let zero = dir.join("zero.sim");
    std::os::unix::fs::symlink("/dev/zero", &zero).expect("symlink");
    let o = sim(&[level.as_os_str(), zero.as_os_str()], "");
    assert_eq!(o.status.code(), Some(1));
    assert!(error_lines(&o)[0].ends_with("zero.sim: it is a device, not a regular file"));
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn control_characters_in_a_script_are_escaped_in_messages() {
    let level = levels().join("loop_back.txt");
    let o = sim(&[level.as_os_str()], "show\nfly\u{1b}[2J\r 3\n");
    assert_eq!(o.status.code(), Some(2));
    let lines = error_lines(&o);
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(lines[0].starts_with("sim: stdin:2: "), "{lines:?}");
    assert!(lines[0].contains("\\u{1b}[2J"), "{lines:?}");
}
