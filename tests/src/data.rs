//! The player's data folder (`RAPPEL_DATA`) is one per process, and tests
//! run side by side: a test that sets it holds [`folder`]'s guard for as
//! long as it relies on it. (Take it before [`crate::gl::lock`], never
//! after, so two tests never wait on each other.)
use std::path::Path;
use std::sync::{Mutex, MutexGuard};

static DATA_LOCK: Mutex<()> = Mutex::new(());

/// Makes `dir` the data folder until the guard is dropped.
pub fn folder(dir: &Path) -> MutexGuard<'static, ()> {
    let guard = DATA_LOCK
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    std::env::set_var("RAPPEL_DATA", dir);
    guard
}
