//! The one way the game reads and writes its files.
//!
//! Reading ([`read_capped`]): only a regular file (a symlink to one is
//! followed) is read, so a FIFO, a device or a folder named by mistake is
//! refused at once instead of blocking or reading forever; and the read
//! stops at a byte limit while reading, whatever size the file reports.
//!
//! Writing ([`write_atomic`]): atomically. The bytes go to a temporary file
//! beside the target (same folder, so the rename cannot cross file
//! systems), are flushed to disk, and the file is renamed over the target;
//! then the folder itself is flushed, so the rename survives a power cut. A
//! crash at any moment leaves either the old file or the new one, never a
//! mix; a failed write removes its temporary file and leaves the old file
//! as it was. Each write has a temporary file of its own,
//! `.NAME.PID-N.tmp` (the process and a count within it), made new, so two
//! writers of one file never touch each other's half-written file; after
//! a write, temporary files beside the file older than [`STALE_AFTER`]
//! (left by a crash mid-write) are removed, and anything else of such a
//! name (a folder) is left alone. A target that exists and is not a regular file (a
//! //! folder, a device, a FIFO) is refused; a symlink is written through to
//! the file it names, even one that does not exist yet (a dangling link is
//! never replaced by a file), and when that cannot be written the error
//! says where the link leads. Levels, saved games, editor autosaves,
//! settings and the player's progress are all read and written this way.
use std::fs;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

fn not_regular(path: &Path, what: &str) -> std::io::Error {
    std::io::Error::new(
        std::io::ErrorKind::InvalidInput,
        format!("{} is {what}, not a regular file", path.display()),
    )
}

/// What kind of non-regular file `meta` is, in words ("a folder", "a
/// named pipe", "a device", …).
pub fn kind_of(meta: &fs::Metadata) -> &'static str {
    let t = meta.file_type();
    if t.is_dir() {
        return "a folder";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a named pipe";
        } else if t.is_char_device() || t.is_block_device() {
            return "a device";
        } else if t.is_socket() {
            return "a socket";
        }
    }
    "something else"
}

/// The bytes of the regular file at `path`, at most `max_bytes` of them
/// (see the module docs): a longer file is refused, read no further than
/// one byte past the limit.
pub fn read_capped(path: &Path, max_bytes: u64) -> std::io::Result<Vec<u8>> {
    let meta = fs::metadata(path)?;
    if !meta.is_file() {
        return Err(not_regular(path, kind_of(&meta)));
    }
    let file = fs::File::open(path)?;
    // The path may have changed between the two looks.
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(not_regular(path, kind_of(&meta)));
    }
    let mut out = Vec::with_capacity(meta.len().min(max_bytes) as usize);
    file.take(max_bytes.saturating_add(1))
        .read_to_end(&mut out)?;
    if out.len() as u64 > max_bytes {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!(
                "{} is larger than {max_bytes} bytes (the most this file may hold)",
                path.display()
            ),
        ));
    }
    Ok(out)
}

/// The most symlinks followed from a path written to.
const MAX_LINKS: usize = 40;

/// The file a write to `path` replaces: `path`, or the file its symlinks
/// lead to, followed even where it does not exist yet (a dangling link is
/// written through, never replaced by a file).
fn link_target(path: &Path) -> std::io::Result<PathBuf> {
    let mut at = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match fs::symlink_metadata(&at) {
            Ok(m) if m.file_type().is_symlink() => {
                // A relative link is relative to its own folder (an
                // absolute one replaces the path whole).
                let to = fs::read_link(&at)?;
                at = at.parent().map_or(to.clone(), |dir| dir.join(&to));
            }
            _ => return Ok(at),
        }
    }
    Err(std::io::Error::other(format!(
        "{}: more than {MAX_LINKS} symbolic links in a row",
        path.display()
    )))
}

/// The most temporary names tried beside one file.
const MAX_TEMPORARY_NAMES: u32 = 100;

/// How old a temporary file beside a file must be to count as left by a
/// crash: no write of the game's files takes a fraction of that.
pub const STALE_AFTER: Duration = Duration::from_secs(10 * 60);

/// The count in this process's temporary names.
static NEXT_TEMPORARY: AtomicU32 = AtomicU32::new(1);

/// Whether `name` is a temporary file's beside `file_name`: this
/// version's `.NAME.PID-N.tmp`, or older versions' `.NAME.tmp` and
/// `.NAME.N.tmp` (never another file's, such as `.NAME.sav.1-2.tmp`).
fn is_temporary_of(name: &str, file_name: &str) -> bool {
    let Some(rest) = name
        .strip_prefix('.')
        .and_then(|n| n.strip_prefix(file_name))
        .and_then(|n| n.strip_suffix(".tmp"))
    else {
        return false;
    };
    let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    match rest.strip_prefix('.') {
        None => rest.is_empty(),
        Some(tag) => match tag.split_once('-') {
            Some((pid, n)) => digits(pid) && digits(n),
            None => digits(tag),
        },
    }
}

/// Creates a new temporary file of this write's own beside `path`
/// (`.NAME.PID-N.tmp`), never opening one that is there: a name taken
/// (a folder, a crashed process's file) is passed over.
fn create_temporary(path: &Path) -> std::io::Result<(PathBuf, fs::File)> {
    let file_name = path.file_name().ok_or_else(|| {
        std::io::Error::new(std::io::ErrorKind::InvalidInput, "path has no file name")
    })?;
    let pid = std::process::id();
    for _ in 0..MAX_TEMPORARY_NAMES {
        let n = NEXT_TEMPORARY.fetch_add(1, Ordering::Relaxed);
        let mut tmp_name = std::ffi::OsString::from(".");
        tmp_name.push(file_name);
        tmp_name.push(format!(".{pid}-{n}.tmp"));
        let tmp = path.with_file_name(tmp_name);
        match fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)
        {
            Ok(f) => return Ok((tmp, f)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
    Err(std::io::Error::other(format!(
        "no free temporary name beside {}",
        path.display()
    )))
}

/// Removes the temporary files beside `path` that a crash left: regular
/// files of a temporary name ([`is_temporary_of`]) last changed more
/// than [`STALE_AFTER`] ago. Best effort: what cannot be listed or
/// removed stays.
fn sweep_stale_temporaries(path: &Path) {
    let (Some(file_name), Some(dir)) = (path.file_name(), path.parent()) else {
        return;
    };
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    let file_name = file_name.to_string_lossy();
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        if !is_temporary_of(&entry.file_name().to_string_lossy(), &file_name) {
            continue;
        }
        let Ok(meta) = entry.metadata() else {
            continue;
        };
        let stale = meta
            .modified()
            .ok()
            .and_then(|m| m.elapsed().ok())
            .is_some_and(|age| age > STALE_AFTER);
        if meta.is_file() && stale {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// Writes `bytes` to `path` atomically (see the module docs). The folder
/// must exist.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    // Write through a symlink to the file it names, even one not there
    // yet, and say where it leads when that cannot be written.
    let target = link_target(path)?;
    if target == path {
        return replace_file(path, bytes);
    }
    replace_file(&target, bytes).map_err(|e| {
        std::io::Error::new(
            e.kind(),
            format!(
                "it links to {}, which cannot be written: {e}",
                target.display()
            ),
        )
    })
}

/// Replaces the regular file at `path` (or makes it) with `bytes`
/// through a temporary file; refuses anything that is not a regular file.
fn replace_file(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    match fs::metadata(path) {
        Ok(m) if !m.is_file() => return Err(not_regular(path, kind_of(&m))),
        _ => {}
    }
    let (tmp, mut f) = create_temporary(path)?;
    let result = (|| {
        f.write_all(bytes)?;
        f.sync_all()?;
        fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
        return result;
    }
    sweep_stale_temporaries(path);
    // Flush the folder's entry too (best effort: some file systems refuse).
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        if let Ok(d) = fs::File::open(dir) {
            let _ = d.sync_all();
        }
    }
    Ok(())
}

/// Moves the file at `path` aside, to the first free name of
/// `NAME.SUFFIX`, `NAME.SUFFIX-2`, `NAME.SUFFIX-3`…, and returns it: a
/// damaged file the player may want back is kept, never overwritten, and
/// never in the way of the next write.
pub fn move_aside(path: &Path, suffix: &str) -> std::io::Result<PathBuf> {
    for n in 1..1000u32 {
        let mut name = path.as_os_str().to_owned();
        name.push(".");
        name.push(suffix);
        if n > 1 {
            name.push(format!("-{n}"));
        }
        let aside = PathBuf::from(name);
        // A hard link never replaces an existing name; the original goes
        // once the link holds. Where links are not supported, a rename to
        // a name that was free a moment ago.
        match fs::hard_link(path, &aside) {
            Ok(()) => {
                fs::remove_file(path)?;
                return Ok(aside);
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err(e),
            Err(_) if !aside.exists() => {
                fs::rename(path, &aside)?;
                return Ok(aside);
            }
            Err(_) => continue,
        }
    }
    Err(std::io::Error::other(format!(
        "no free name to move {} aside",
        path.display()
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_write_replaces_the_file_whole_and_a_failed_one_leaves_it_and_no_litter() {
        let dir = std::env::temp_dir().join(format!("rappel-atomic-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("dir");
        let path = dir.join("f.txt");
        write_atomic(&path, b"one").expect("write");
        write_atomic(&path, b"two").expect("rewrite");
        assert_eq!(fs::read(&path).expect("read"), b"two");
        // A folder where the file should be: refused, the folder stays,
        // and no temporary file is left behind.
        let blocked = dir.join("blocked");
        fs::create_dir_all(blocked.join("x")).expect("dir");
        let err = write_atomic(&blocked, b"three").expect_err("a folder");
        assert!(err.to_string().contains("a folder"), "{err}");
        assert!(blocked.join("x").is_dir());
        // Temporary files left by a crash mid-write (an hour old: this
        // version's name and an older version's) are removed after the
        // next write, never written through.
        for stale in [".f.txt.tmp", ".f.txt.77-3.tmp"] {
            left_an_hour_ago(&dir.join(stale), b"left by a crash");
        }
        write_atomic(&path, b"four").expect("over a stale temporary file");
        assert_eq!(fs::read(&path).expect("read"), b"four");
        let litter: Vec<_> = fs::read_dir(&dir)
            .expect("list")
            .filter_map(|e| e.ok())
            .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
            .collect();
        assert!(litter.is_empty(), "{litter:?}");
        #[cfg(unix)]
        through_a_symlink(&dir, &path);
        let _ = fs::remove_dir_all(&dir);
    }

    /// A file at `path` holding `bytes`, last changed an hour ago.
    fn left_an_hour_ago(path: &Path, bytes: &[u8]) {
        fs::write(path, bytes).expect("write");
        let hour_ago = std::time::SystemTime::now() - Duration::from_secs(3600);
        fs::File::options()
            .write(true)
            .open(path)
            .and_then(|f| f.set_modified(hour_ago))
            .expect("set the time");
    }

    #[cfg(unix)]
    fn through_a_symlink(dir: &Path, path: &Path) {
        // Through a symlink: the file it names is replaced, the link stays.
        let link = dir.join("link.txt");
        std::os::unix::fs::symlink(path, &link).expect("symlink");
        write_atomic(&link, b"five").expect("through the link");
        assert!(fs::symlink_metadata(&link)
            .expect("link")
            .file_type()
            .is_symlink());
        assert_eq!(fs::read(path).expect("read"), b"five");
    }

    #[test]
    fn two_writers_of_one_file_never_touch_each_others_temporary_file() {
        let dir = std::env::temp_dir().join(format!("rappel-two-writers-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("dir");
        let path = dir.join("progress.txt");
        // Another process half way through its write of the same file,
        // under every name a writer of this or an older version uses; and
        // a stale temporary file of another file beside it.
        let theirs = [
            ".progress.txt.tmp",
            ".progress.txt.2.tmp",
            ".progress.txt.4242-1.tmp",
        ];
        for name in theirs {
            fs::write(dir.join(name), b"half written").expect("theirs");
        }
        left_an_hour_ago(&dir.join(".progress.txt.sav.9-9.tmp"), b"another file's");
        for bytes in [&b"one"[..], b"two"] {
            write_atomic(&path, bytes).expect("write");
            assert_eq!(fs::read(&path).expect("read"), bytes);
        }
        for name in theirs {
            assert_eq!(
                fs::read(dir.join(name)).expect("still there"),
                b"half written"
            );
        }
        assert!(
            dir.join(".progress.txt.sav.9-9.tmp").exists(),
            "not ours to sweep"
        );
        // Two writers in this process at once: each has its own name.
        std::thread::scope(|s| {
            for t in 0..4u8 {
                let path = &path;
                s.spawn(move || {
                    for _ in 0..20 {
                        write_atomic(path, &[t; 64]).expect("concurrent write");
                    }
                });
            }
        });
        let last = fs::read(&path).expect("read");
        assert!(
            last.len() == 64 && last.iter().all(|&b| b == last[0]),
            "one write whole"
        );
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn temporary_names_are_told_from_other_files() {
        for (name, ours) in [
            (".f.txt.tmp", true),
            (".f.txt.3.tmp", true),
            (".f.txt.12-7.tmp", true),
            (".f.txt.sav.12-7.tmp", false),
            (".f.txt.x.tmp", false),
            (".f.txt.1-.tmp", false),
            ("f.txt.tmp", false),
            (".f.txt", false),
        ] {
            assert_eq!(is_temporary_of(name, "f.txt"), ours, "{name}");
        }
    }

    fn names_in(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .expect("list")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_folder_named_like_the_temporary_file_does_not_block_saves() {
        let dir = std::env::temp_dir().join(format!("rappel-tmp-dir-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(dir.join(".campaign-a.txt.sav.tmp/inside")).expect("dir");
        let path = dir.join("campaign-a.txt.sav");
        for bytes in [&b"one"[..], b"two", b"three"] {
            write_atomic(&path, bytes).expect("saves past the folder");
            assert_eq!(fs::read(&path).expect("read"), bytes);
        }
        assert_eq!(
            names_in(&dir),
            [".campaign-a.txt.sav.tmp", "campaign-a.txt.sav"],
            "the folder left alone, no temporary file left"
        );
        assert!(dir.join(".campaign-a.txt.sav.tmp/inside").is_dir());
        // A stale temporary file (a crash mid-write) is removed, not
        // written through nor left.
        left_an_hour_ago(&dir.join(".campaign-a.txt.sav.2.tmp"), b"left by a crash");
        write_atomic(&path, b"four").expect("saves");
        assert_eq!(fs::read(&path).expect("read"), b"four");
        assert_eq!(
            names_in(&dir),
            [".campaign-a.txt.sav.tmp", "campaign-a.txt.sav"]
        );
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    #[cfg(unix)]
    fn a_dangling_symlink_is_written_through_or_says_where_it_leads() {
        let dir = std::env::temp_dir().join(format!("rappel-dangling-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(dir.join("real")).expect("dir");
        // A relative link to a file not there yet: the file is made where
        // it points, the link stays.
        let link = dir.join("progress.txt");
        std::os::unix::fs::symlink("real/progress.txt", &link).expect("symlink");
        write_atomic(&link, b"won").expect("through the dangling link");
        assert!(fs::symlink_metadata(&link)
            .expect("link")
            .file_type()
            .is_symlink());
        assert_eq!(
            fs::read(dir.join("real/progress.txt")).expect("read"),
            b"won"
        );
        assert_eq!(names_in(&dir.join("real")), ["progress.txt"]);
        // A chain of links, the last one dangling.
        let first = dir.join("first.txt");
        std::os::unix::fs::symlink("second.txt", &first).expect("symlink");
        std::os::unix::fs::symlink(dir.join("real/third.txt"), dir.join("second.txt"))
            .expect("symlink");
        write_atomic(&first, b"chained").expect("through the chain");
        assert_eq!(
            fs::read(dir.join("real/third.txt")).expect("read"),
            b"chained"
        );
        // Into a folder that is gone: refused, saying where, the link kept.
        let gone = dir.join("gone/progress.txt");
        let lost = dir.join("lost.txt");
        std::os::unix::fs::symlink(&gone, &lost).expect("symlink");
        let err = write_atomic(&lost, b"won").expect_err("nowhere to write");
        assert!(
            err.to_string()
                .contains(&format!("it links to {}", gone.display())),
            "{err}"
        );
        assert_eq!(err.kind(), std::io::ErrorKind::NotFound);
        assert!(fs::symlink_metadata(&lost)
            .expect("link")
            .file_type()
            .is_symlink());
        // A loop of links is refused.
        std::os::unix::fs::symlink("loop-b", dir.join("loop-a")).expect("symlink");
        std::os::unix::fs::symlink("loop-a", dir.join("loop-b")).expect("symlink");
        assert!(write_atomic(&dir.join("loop-a"), b"x").is_err());
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn moving_aside_never_overwrites_what_was_moved_before() {
        let dir = std::env::temp_dir().join(format!("rappel-aside-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("dir");
        let path = dir.join("p.txt");
        let mut asides = Vec::new();
        for text in ["first", "second", "third"] {
            fs::write(&path, text).expect("write");
            asides.push(move_aside(&path, "damaged").expect("aside"));
            assert!(!path.exists());
        }
        let names: Vec<_> = asides
            .iter()
            .map(|p| p.file_name().expect("name").to_string_lossy().into_owned())
            .collect();
        assert_eq!(
            names,
            ["p.txt.damaged", "p.txt.damaged-2", "p.txt.damaged-3"]
        );
        for (p, text) in asides.iter().zip(["first", "second", "third"]) {
            assert_eq!(fs::read_to_string(p).expect("kept"), text);
        }
        assert!(move_aside(&path, "damaged").is_err(), "nothing to move");
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    #[cfg(unix)]
    fn reading_refuses_special_files_and_stops_at_the_limit() {
        let dir = std::env::temp_dir().join(format!("rappel-read-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("dir");
        let small = dir.join("small.txt");
        fs::write(&small, b"0123456789").expect("write");
        assert_eq!(read_capped(&small, 10).expect("fits"), b"0123456789");
        let err = read_capped(&small, 9).expect_err("over");
        assert!(err.to_string().contains("larger than 9 bytes"), "{err}");
        // A device behind a symlink: refused at once, nothing read.
        let zero = dir.join("zero.txt");
        std::os::unix::fs::symlink("/dev/zero", &zero).expect("symlink");
        let err = read_capped(&zero, 1 << 30).expect_err("a device");
        assert!(err.to_string().contains("a device"), "{err}");
        // A named pipe with no writer would block a plain read forever.
        let fifo = dir.join("fifo.txt");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            let err = read_capped(&fifo, 100).expect_err("a pipe");
            assert!(err.to_string().contains("a named pipe"), "{err}");
            let err = write_atomic(&fifo, b"x").expect_err("not replaced");
            assert!(err.to_string().contains("a named pipe"), "{err}");
        }
        let err = read_capped(&dir, 100).expect_err("a folder");
        assert!(err.to_string().contains("a folder"), "{err}");
        let _ = fs::remove_dir_all(&dir);
    }
}
