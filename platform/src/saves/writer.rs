//! The saving thread's work: writing a save atomically, removing one, and
//! answering a flush once everything queued before it is done. Failures go
//! back to the screens as messages; the game plays on unsaved.
use std::path::PathBuf;
use std::sync::mpsc::{Receiver, Sender};

use game::io::file::write_atomic;
use game::level::escaped_path;

/// What the writing thread is asked to do, in order.
pub(super) enum Job {
    Write(PathBuf, Vec<u8>),
    Remove(PathBuf),
    /// Answer when everything before has been done.
    Flush(Sender<()>),
}

/// Does `jobs` in order until the queue closes.
pub(super) fn run_jobs(jobs: Receiver<Job>, failures: Sender<String>) {
    for job in jobs {
        match job {
            Job::Write(path, bytes) => {
                let written = path
                    .parent()
                    .map_or(Ok(()), std::fs::create_dir_all)
                    .and_then(|()| write_atomic(&path, &bytes));
                match written {
                    Ok(()) => log::debug!("saved the game to {}", escaped_path(&path)),
                    Err(e) => {
                        let _ = failures.send(format!(
                            "The game could not be saved ({e}); play goes on, unsaved"
                        ));
                    }
                }
            }
            Job::Remove(path) => match std::fs::remove_file(&path) {
                Ok(()) => {}
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => log::warn!("cannot remove {}: {e}", escaped_path(&path)),
            },
            Job::Flush(done) => {
                let _ = done.send(());
            }
        }
    }
}
