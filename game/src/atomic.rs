//! The one way the game writes a file it must not lose: atomically. The
//! bytes go to a temporary file beside the target (same folder, so the
//! rename cannot cross file systems), are flushed to disk, and the file is
//! renamed over the target; then the folder itself is flushed, so the
//! rename survives a power cut. A crash at any moment leaves either the
//! old file or the new one, never a mix; a failed write removes its
//! temporary file and leaves the old file as it was. Levels, editor
//! autosaves and the player's progress are all written this way.
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Writes `bytes` to `path` atomically (see the module docs). The folder
/// must exist.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let file_name = path.file_name().ok_or_else(|| {
        std::io::Error::new(std::io::ErrorKind::InvalidInput, "path has no file name")
    })?;
    let mut tmp_name = std::ffi::OsString::from(".");
    tmp_name.push(file_name);
    tmp_name.push(".tmp");
    let tmp: PathBuf = path.with_file_name(tmp_name);
    let result = (|| {
        let mut f = fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
        return result;
    }
    // Flush the folder's entry too (best effort: some file systems refuse).
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        if let Ok(d) = fs::File::open(dir) {
            let _ = d.sync_all();
        }
    }
    Ok(())
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
        // A folder where the file should be: the rename fails, the folder
        // stays, and no temporary file is left behind.
        let blocked = dir.join("blocked");
        fs::create_dir_all(blocked.join("x")).expect("dir");
        assert!(write_atomic(&blocked, b"three").is_err());
        assert!(blocked.join("x").is_dir());
        let litter: Vec<_> = fs::read_dir(&dir)
            .expect("list")
            .filter_map(|e| e.ok())
            .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
            .collect();
        assert!(litter.is_empty(), "{litter:?}");
    }
}
