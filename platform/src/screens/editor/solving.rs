//! Solve (F6, or the Solve button under the palette): the level as it
//! stands (equipped as test play starts it) goes to the solver
//! (`game::solve`, the game's own rules) on a worker thread, so the editor
//! stays live. The search has no time limit ([`LIMITS`]): its answer
//! depends on the level alone, never on how busy the machine is. While it
//! runs the status line shows how far it has got — positions searched,
//! the turn being searched, the turns proven to hold no line, the best
//! line so far — and when it ends the top bar says what is proven: the
//! fewest turns and actions, or no line within the turn limit. Only the
//! editor's position limit (for memory) can end it early, and then the
//! verdict says so and what it had proven by then. Once the fewest turns
//! are proven, the Needs checks (`needs`) start on the level as solved.
//!
//! F6 while it runs stops it: the search holds where it is (its worker
//! thread waits, everything searched kept) and the status line says what
//! is known. F6 again keeps searching from there, so a stopped and resumed
//! search ends with the same answer, after the same positions, as one left
//! alone. If the level was edited meanwhile, F6 drops the held search and
//! solves the level as it now stands.
//!
//! F7 plays the line found back on the canvas (`playback`: a session of
//! the level as it was solved, with pause, steps and speed), and the canvas
//! draws that session's stage (heroes walking, ropes, items moving) with
//! the status line naming each action. Esc, or any key or click that is
//! not a control, stops the playback and gives the editor back as it was.
//!
//! A verdict belongs to the level's rules content, not to the edit that
//! made it: it is kept with the level's rules hash (`rules_fingerprint`:
//! the canonical text without the name, the notes and the par, which are
//! no part of what the solver searched) — so setting the par from the
//! solve (F8), renaming the level or rewriting its notes keeps the
//! verdict, F7 and the Needs panel. After any other edit the top bar says
//! the verdict is for an earlier version and F7 refuses, saying why; an
//! undo (or any edit) that makes the level the same again makes the
//! verdict and F7 hold again.
use std::sync::Arc;
use std::thread::JoinHandle;

use game::action::{Action, DeployDir, Target};
use game::equipment::{equip, Loadout};
use game::io::save::rules_fingerprint;
use game::level::Level;
use game::session::Session;
use game::solve::{self, Limits, Progress, Report, Stop};
use game::stage::Stage;
use log::{info, warn};

use super::playback::Playback;
use super::EditorScreen;

/// What the editor asks of the solver: the one budget of a proof
/// (`Limits::PROOF`, as `sim solve` and `level check` by default): the
/// fewest turns within 30, on every core, with no time and no position
/// limit. The one limit is the memory its kept positions may take (1 GiB:
/// some 25 million positions), and the verdict names it when it is reached.
pub const LIMITS: Limits = Limits {
    max_memory: Some(MEMORY),
    ..Limits::PROOF
};

/// The memory the editor's searches may keep positions in.
pub const MEMORY: u64 = game::solve::PROOF_MEMORY;

/// The solver's thread and its shared progress; dropping it (a fresh
/// solve, the level edited under a Needs check, or the editor closing)
/// cancels the search, held or not.
pub struct Worker {
    pub(super) progress: Arc<Progress>,
    handle: Option<JoinHandle<Result<Report, String>>>,
}

impl Worker {
    /// A worker for the search on `handle`, watched through `progress`.
    pub(super) fn new(
        progress: Arc<Progress>,
        handle: JoinHandle<Result<Report, String>>,
    ) -> Worker {
        Worker {
            progress,
            handle: Some(handle),
        }
    }

    /// Whether the thread has ended (its answer is ready).
    pub(super) fn finished(&self) -> bool {
        self.handle.as_ref().is_none_or(|h| h.is_finished())
    }

    /// The ended thread's answer; `None` if it panicked (or was taken).
    pub(super) fn join(&mut self) -> Option<Result<Report, String>> {
        self.handle.take().map(JoinHandle::join)?.ok()
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        // The thread ends at its next look at the flag; nobody waits.
        self.progress.cancel();
    }
}

/// Where the editor's solver stands.
#[derive(Default)]
pub enum Solving {
    /// Nothing asked yet.
    #[default]
    Idle,
    /// Searching `level`, made from the editor's level whose content
    /// hash is `content`.
    Running {
        worker: Worker,
        level: Box<Level>,
        content: u64,
    },
    /// Done: what it found for `level` (content hash `content`).
    Done {
        report: Box<Report>,
        level: Box<Level>,
        content: u64,
    },
    /// Playing the solution of a `Done` back (which it returns to).
    Playing {
        playback: Box<Playback>,
        report: Box<Report>,
        level: Box<Level>,
        content: u64,
    },
}

/// A thousands-separated count (`1,234,567`).
pub(super) fn count(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// "no line within 3 turns" (or "in 1 turn").
fn no_line_within(turns: u32) -> String {
    if turns == 1 {
        "no line in 1 turn".to_string()
    } else {
        format!("no line within {turns} turns")
    }
}

/// What is proven about shorter lines, given `ruled_out` turns.
fn proven_part(ruled_out: u32) -> String {
    match ruled_out {
        0 => "nothing ruled out yet".to_string(),
        n => format!("{}: proven", no_line_within(n)),
    }
}

/// What a stopped search knows.
fn stopped_line(p: &Progress) -> String {
    let best = p.best_turns().map_or("no line found yet".to_string(), |t| {
        format!("best so far {t} turns")
    });
    format!(
        "Stopped at {} positions: {best}; {}",
        count(p.states()),
        proven_part(p.ruled_out())
    )
}

/// What a finished search proved, in words that claim nothing more: the
/// same level always gets the same verdict.
fn verdict(report: &Report) -> String {
    let found = |s: &solve::Solution| s.length_words();
    match (&report.solution, report.stopped) {
        (_, Some(stop)) => {
            let why = match stop {
                Stop::Budget => " (the editor's limit)",
                Stop::Memory => " (the editor's memory limit, 1 GiB)",
                Stop::Cancelled => "",
            };
            let best = report
                .solution
                .as_ref()
                .map_or("no line found".to_string(), |s| {
                    format!("best {}", found(s))
                });
            format!(
                "Stopped at {} positions{why}: {best}; {}",
                count(report.states),
                proven_part(report.none_within)
            )
        }
        (Some(s), None) if report.complete => {
            format!("Solved: {}, the fewest: proven", found(s))
        }
        (Some(s), None) if report.fewest_turns() => format!(
            "Solved: {}; the fewest turns: proven, fewer actions not ruled out",
            found(s)
        ),
        (Some(s), None) => format!("Solved: {}; {}", found(s), proven_part(report.none_within)),
        (None, None) if report.unsolvable => {
            "No solution: every position the level can reach was searched".to_string()
        }
        (None, None) if report.complete => {
            format!("No solution within {} turns: proven", report.max_turns)
        }
        (None, None) => format!("No line found; {}", proven_part(report.none_within)),
    }
}

/// An action as the status line names it (`knight: move to 3,2`).
pub(super) fn describe(stage: &Stage, action: &Action) -> String {
    let who = |h| stage.id_name(h).unwrap_or("hero").to_string();
    let what = |t| stage.id_name(t).unwrap_or("it").to_string();
    match *action {
        Action::Move {
            hero,
            to: Target::Cell(c),
        } => format!("{}: move to {c}", who(hero)),
        Action::Move { hero, .. } => format!("{}: move", who(hero)),
        Action::PickUp {
            hero,
            item: Some(i),
        } => format!("{}: pick up {}", who(hero), what(i)),
        Action::PickUp { hero, item: None } => format!("{}: pick up", who(hero)),
        Action::SetDown { hero } => format!("{}: set down", who(hero)),
        Action::PutIn { hero } => format!("{}: put in", who(hero)),
        Action::TakeOut { hero } => format!("{}: take out", who(hero)),
        Action::DeployRope { hero, dir } => {
            let dir = match dir {
                DeployDir::Down => "down",
                DeployDir::Left => "left",
                DeployDir::Right => "right",
            };
            format!("{}: let the rope down {dir}", who(hero))
        }
        Action::Hoist { hero } => format!("{}: hoist", who(hero)),
        Action::Lower { hero } => format!("{}: lower", who(hero)),
        Action::TakeRope { hero } => format!("{}: take the rope", who(hero)),
        Action::Tie { hero } => format!("{}: tie", who(hero)),
        Action::Levitate { hero, item, to } => {
            format!("{}: levitate {} to {to}", who(hero), what(item))
        }
        Action::Exit { hero } => format!("{}: leave", who(hero)),
        Action::EndTurn => "end of the turn".to_string(),
    }
}

impl EditorScreen {
    /// The level's rules content hash (`game::io::save::rules_fingerprint`:
    /// its canonical text without the name, the notes and the par, which
    /// the solver never reads): a verdict holds for the level while this
    /// is the same, so an undo back to the solved level brings it back,
    /// and setting the par from it, renaming the level or rewriting its
    /// notes does not make it stale.
    pub(super) fn content(&self) -> u64 {
        rules_fingerprint(self.editor.level())
    }

    /// F6 or the Solve button: starts the solver on the level as it
    /// stands; while it runs, stops it (the search held, kept); while
    /// stopped, keeps searching — or, if the level was edited since,
    /// starts afresh. Also ends a playback.
    pub(super) fn solve_key(&mut self) {
        self.end_drag();
        // An answer that is ready is taken first: there is nothing to stop.
        if self.collect_answer() {
            return;
        }
        // Needs checks running: F6 holds them or goes on.
        if self.needs_key() {
            return;
        }
        self.needs = None;
        match std::mem::take(&mut self.solving) {
            Solving::Running {
                worker,
                level,
                content,
            } => {
                let p = Arc::clone(&worker.progress);
                self.solving = Solving::Running {
                    worker,
                    level,
                    content,
                };
                if !p.is_paused() {
                    p.pause();
                    self.info(format!("{} · F6 keeps searching", stopped_line(&p)));
                    return;
                }
                if content == self.content() {
                    p.resume();
                    self.info(format!(
                        "Searching on from {} positions… (F6 stops)",
                        count(p.states())
                    ));
                    return;
                }
                // Edited since: the held search is for another level.
                self.solving = Solving::Idle;
            }
            Solving::Playing {
                report,
                level,
                content,
                ..
            } => {
                self.solving = Solving::Done {
                    report,
                    level,
                    content,
                };
            }
            other => self.solving = other,
        }
        // Equipped as test play starts it: with the pieces it requires.
        let plain = self.editor.level();
        let level = equip(plain, &Loadout::required(plain)).unwrap_or_else(|_| plain.clone());
        if let Some(p) = self.editor.problems().first() {
            self.refuse(format!(
                "Can't solve: {} problem(s) — {}",
                self.editor.problems().len(),
                p.message
            ));
            return;
        }
        let progress = Arc::new(Progress::new());
        #[cfg(test)]
        if let Some(states) = self.solve_pause_at {
            progress.pause_at(states);
        }
        let shared = Arc::clone(&progress);
        let job = level.clone();
        let spawned = std::thread::Builder::new()
            .name("solver".into())
            .spawn(move || solve::solve(&job, LIMITS, Some(&shared)).map_err(|e| e.to_string()));
        match spawned {
            Ok(handle) => {
                info!("solving {}", level.name);
                self.solving = Solving::Running {
                    worker: Worker {
                        progress,
                        handle: Some(handle),
                    },
                    level: Box::new(level),
                    content: self.content(),
                };
                self.info("Solving… (F6 stops)");
            }
            Err(e) => self.refuse(format!("Can't start the solver: {e}")),
        }
    }

    /// F7: plays the solution found back on the canvas.
    pub(super) fn play_solution(&mut self) {
        self.end_drag();
        let (report, level, content) = match std::mem::take(&mut self.solving) {
            Solving::Done {
                report,
                level,
                content,
            }
            | Solving::Playing {
                report,
                level,
                content,
                ..
            } => (report, level, content),
            other => {
                let running = matches!(other, Solving::Running { .. });
                self.solving = other;
                self.refuse(if running {
                    "Still solving: F7 plays the solution once it is found"
                } else {
                    "Nothing to play back yet: F6 solves the level"
                });
                return;
            }
        };
        let refusal = if content != self.content() {
            Some("The level changed since it was solved: F6 solves it again (or undo back to it)")
        } else if report.solution.is_none() {
            Some("No solution to play back")
        } else {
            None
        };
        // A Needs row selected: the line found without its element.
        if refusal.is_none() {
            if let Some((line, missing)) = self.selected_needs_line() {
                let (actions, words) = (line.actions.clone(), line.words.clone());
                if let Ok(session) = Session::new(&line.level) {
                    let title = format!("Without {missing}");
                    self.info(format!(
                        "{title}: playing the line found, {words} · Space pauses, Left / Right step, Up / Down speed, Esc stops"
                    ));
                    self.solving = Solving::Playing {
                        playback: Box::new(Playback::new(session, actions).titled(title)),
                        report,
                        level,
                        content,
                    };
                    return;
                }
            }
        }
        let session = Session::new(&level);
        let (Some(solution), Ok(session), None) = (&report.solution, session, refusal) else {
            self.refuse(refusal.unwrap_or("The level cannot be set up for play"));
            self.solving = Solving::Done {
                report,
                level,
                content,
            };
            return;
        };
        let playback = Playback::new(session, solution.actions.clone());
        self.info(format!(
            "Playing the solution back: {} · Space pauses, Left / Right step, Up / Down speed, Esc stops",
            solution.length_words()
        ));
        self.solving = Solving::Playing {
            playback: Box::new(playback),
            report,
            level,
            content,
        };
    }

    /// Stops a playback (any key or click does); false if none was playing.
    pub(super) fn stop_playback(&mut self) -> bool {
        match std::mem::take(&mut self.solving) {
            Solving::Playing {
                report,
                level,
                content,
                ..
            } => {
                self.solving = Solving::Done {
                    report,
                    level,
                    content,
                };
                self.info("Playback stopped (F7 plays it again)");
                true
            }
            other => {
                self.solving = other;
                false
            }
        }
    }

    /// Takes the solver's answer if its thread has ended, and says it;
    /// true if it did.
    fn collect_answer(&mut self) -> bool {
        if !matches!(&self.solving, Solving::Running { worker, .. } if worker.finished()) {
            return false;
        }
        let Solving::Running {
            mut worker,
            level,
            content,
        } = std::mem::take(&mut self.solving)
        else {
            return false;
        };
        match worker.handle.take().map(JoinHandle::join) {
            Some(Ok(Ok(report))) => {
                let changed = if content == self.content() {
                    ""
                } else {
                    " (for the level as it was when F6 was pressed)"
                };
                let needs = if changed.is_empty() && report.fewest_turns() {
                    " · checking what it needs (F6 stops)"
                } else {
                    ""
                };
                self.info(format!(
                    "{}{changed} · {} positions searched{needs}",
                    verdict(&report),
                    count(report.states)
                ));
                if let (false, Some(s)) = (needs.is_empty(), &report.solution) {
                    self.start_needs(&level, content, s.turns);
                }
                self.solving = Solving::Done {
                    report: Box::new(report),
                    level,
                    content,
                };
            }
            Some(Ok(Err(e))) => self.refuse(format!("Can't solve: {e}")),
            _ => {
                warn!("the solver thread panicked");
                self.refuse("The solver failed (see the log)");
            }
        }
        true
    }

    /// Each frame: picks up the solver's answer when it is ready, and moves
    /// a playback on.
    pub(super) fn update_solving(&mut self, dt_s: f32) {
        self.collect_answer();
        self.update_needs();
        let said = self.playback_mut().and_then(|p| p.tick(dt_s));
        if let Some(text) = said {
            self.info(text);
        }
    }

    /// The solver's line: how far a running search has got, what a
    /// stopped one knows, or what the last one found (and proved).
    pub fn solver_line(&self) -> Option<String> {
        match &self.solving {
            Solving::Idle => None,
            Solving::Running { worker, .. } if worker.progress.is_paused() => Some(format!(
                "{} · F6 keeps searching",
                stopped_line(&worker.progress)
            )),
            Solving::Running { worker, .. } => {
                let p = &worker.progress;
                let who = if p.whole_party() {
                    "everyone"
                } else {
                    "small groups"
                };
                let proven = match p.ruled_out() {
                    0 => String::new(),
                    n => format!(" · {}: proven", no_line_within(n)),
                };
                let best = p
                    .best_turns()
                    .map_or(String::new(), |t| format!(" · best so far {t} turns"));
                Some(format!(
                    "Solving: {} positions{proven} · searching turn {} ({who}){best} · F6 stops",
                    count(p.states()),
                    p.turn()
                ))
            }
            Solving::Done {
                report, content, ..
            }
            | Solving::Playing {
                report, content, ..
            } => {
                let play = if *content != self.content() {
                    " · for an earlier version (F6 solves this one)"
                } else if report.solution.is_some() {
                    " · F7 plays it"
                } else {
                    ""
                };
                Some(format!("{}{play}", verdict(report)))
            }
        }
    }

    /// The running solver's progress (held or not).
    #[cfg(test)]
    pub(super) fn solver_progress(&self) -> Option<&Progress> {
        match &self.solving {
            Solving::Running { worker, .. } => Some(&worker.progress),
            _ => None,
        }
    }

    /// The playback's stage, while a solution plays back on the canvas.
    pub fn playback_stage(&self) -> Option<&Stage> {
        self.playback().map(Playback::stage)
    }

    /// The playback, while a solution plays back on the canvas.
    pub(super) fn playback(&self) -> Option<&Playback> {
        match &self.solving {
            Solving::Playing { playback, .. } => Some(playback),
            _ => None,
        }
    }

    /// The playback, to control.
    pub(super) fn playback_mut(&mut self) -> Option<&mut Playback> {
        match &mut self.solving {
            Solving::Playing { playback, .. } => Some(playback),
            _ => None,
        }
    }

    /// Whether a search is on: running, or stopped and held to go on.
    pub fn is_solving(&self) -> bool {
        matches!(self.solving, Solving::Running { .. })
    }

    /// Whether a search is stopped and held (F6 keeps searching).
    pub fn is_solver_stopped(&self) -> bool {
        matches!(&self.solving, Solving::Running { worker, .. } if worker.progress.is_paused())
    }
}
