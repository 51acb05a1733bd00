//! Files written off the frame thread: a queue of jobs — write a file
//! atomically (`game::io::file::write_atomic`, the one atomic write),
//! encode then write one (the encoding done there too), remove one,
//! answer a flush — done in order by a thread of its own, so neither an
//! fsync nor a large encoding stalls a frame. Games in progress (`saves`) and the
//! editor's autosaves (`screens/editor/document.rs`) each have one.
//! Because the jobs are done in the order asked, a removal asked after a
//! write always wins, and a write asked after a removal puts the file
//! back. Failures come back as messages for the screen; nothing else
//! stops.
use std::path::{Path, PathBuf};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::thread::JoinHandle;

use game::io::file::write_atomic;
use game::level::escaped_path;

/// Makes a file's bytes, on the writing thread.
type Encode = Box<dyn FnOnce() -> Result<Vec<u8>, String> + Send>;

/// What the writing thread is asked to do, in order.
enum Job {
    Write(PathBuf, Vec<u8>),
    EncodeWrite(PathBuf, Encode),
    Remove(PathBuf),
    /// Answer when everything before has been done.
    Flush(Sender<()>),
}

/// A writing thread and its queue (see the module docs).
pub struct Writer {
    /// What a failed write is called on screen: "The game could not be
    /// saved".
    what: &'static str,
    jobs: Option<Sender<Job>>,
    failures: Receiver<String>,
    fail_tx: Sender<String>,
    thread: Option<JoinHandle<()>>,
}

impl Writer {
    /// A writer on a thread named `name`; a failed write is reported as
    /// "`what` (the error)".
    pub fn new(name: &str, what: &'static str) -> Writer {
        let (jobs, rx) = channel();
        let (fail_tx, failures) = channel();
        let thread_fail = fail_tx.clone();
        let thread = std::thread::Builder::new()
            .name(name.into())
            .spawn(move || run_jobs(rx, &thread_fail, what))
            .map_err(|e| log::warn!("no writing thread ({e}): writing as the game goes"))
            .ok();
        Writer {
            what,
            jobs: thread.is_some().then_some(jobs),
            failures,
            fail_tx,
            thread,
        }
    }

    fn send(&mut self, job: Job) {
        if let Some(jobs) = &self.jobs {
            match jobs.send(job) {
                Ok(()) => return,
                Err(std::sync::mpsc::SendError(job)) => {
                    self.jobs = None;
                    self.send(job);
                    return;
                }
            }
        }
        // No thread: do it here.
        let (tx, rx) = channel();
        tx.send(job).ok();
        drop(tx);
        run_jobs(rx, &self.fail_tx, self.what);
    }

    /// Writes `bytes` to `path` (its folder made first), atomically.
    pub fn write(&mut self, path: PathBuf, bytes: Vec<u8>) {
        self.send(Job::Write(path, bytes));
    }

    /// Writes what `encode` makes to `path`, atomically; `encode` runs on
    /// the writing thread, so a large file costs the caller nothing.
    pub fn encode_and_write(
        &mut self,
        path: PathBuf,
        encode: impl FnOnce() -> Result<Vec<u8>, String> + Send + 'static,
    ) {
        self.send(Job::EncodeWrite(path, Box::new(encode)));
    }

    /// Removes `path` (no error if it is not there).
    pub fn remove(&mut self, path: &Path) {
        self.send(Job::Remove(path.to_path_buf()));
    }

    /// Waits until every job asked for is done (or failed).
    pub fn flush(&mut self) {
        if let Some(jobs) = &self.jobs {
            let (tx, rx) = channel();
            if jobs.send(Job::Flush(tx)).is_ok() {
                let _ = rx.recv();
            }
        }
    }

    /// Failures since the last call, for the screen.
    pub fn failures(&mut self) -> Vec<String> {
        self.failures.try_iter().collect()
    }
}

impl Drop for Writer {
    fn drop(&mut self) {
        // Close the queue, then wait for what is in it.
        self.jobs = None;
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Does `jobs` in order until the queue closes.
fn run_jobs(jobs: Receiver<Job>, failures: &Sender<String>, what: &str) {
    let fail = |e: &dyn std::fmt::Display| {
        let _ = failures.send(format!("{what} ({e})"));
    };
    let write = |path: &Path, bytes: &[u8]| {
        let written = path
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| write_atomic(path, bytes));
        match written {
            Ok(()) => log::debug!("wrote {}", escaped_path(path)),
            Err(e) => fail(&e),
        }
    };
    for job in jobs {
        match job {
            Job::Write(path, bytes) => write(&path, &bytes),
            Job::EncodeWrite(path, encode) => match encode() {
                Ok(bytes) => write(&path, &bytes),
                Err(e) => fail(&e),
            },
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
