//! What the tools' integration tests share: the workspace's folders, the
//! shipped campaign's level files, and a level as play starts it.
use std::path::{Path, PathBuf};

use game::level::Level;

/// The workspace root.
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("workspace root")
}

/// The campaign's level files, in order (`levels/campaign.txt`).
pub fn campaign() -> Vec<PathBuf> {
    let list = std::fs::read_to_string(root().join("levels/campaign.txt")).expect("campaign");
    list.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with("//"))
        .map(|l| root().join("levels").join(l))
        .collect()
}

/// The level at `path` as play starts it: equipped with the pieces it
/// requires (`game::equipment::as_play_starts`, as `rappel --level`, the
/// level select and `sim` start it).
pub fn as_played(path: &Path) -> Level {
    let level = game::level::load_file(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    game::equipment::as_play_starts(&level)
        .unwrap_or_else(|e| panic!("{}: starts equipped: {e}", path.display()))
}

/// Held by the tests that keep every core busy (the par proofs, the hint
/// timings), so a test that measures time never runs beside another.
pub fn every_core() -> std::sync::MutexGuard<'static, ()> {
    static LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());
    LOCK.lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}
