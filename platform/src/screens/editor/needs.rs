//! The Needs panel: "what does this level need?", asked once the editor's
//! solve has found and proven the fewest turns. The level as it was solved
//! is solved again without one thing at a time (`game::edit::without`):
//! each ability of a hero the level has (levitate, long-drop, step-up,
//! heavy-carry), each rope a hero starts with, each portal pair, each item
//! and rope coil, and each watcher. The checks run
//! one after another, each on its own worker thread with the editor's
//! limits ([`LIMITS`](super::solving::LIMITS)), and each row says what is
//! proven and no more: needed (no solution within the turn limit, or a
//! relic clearing takes), not needed (the same fewest turns), saves turns
//! (the fewest without it, proven), costs turns (fewer without it, proven:
//! what a watcher is for), or not decided (the search stopped).
//!
//! Each row is shown in full, wrapped (the wheel scrolls a long list).
//! Clicking a row selects it; F7 then plays the line that check found
//! without that element on the canvas (the level as taken away, with the
//! playback's controls), so the designer can watch the route they had not
//! intended.
//!
//! F6 while it checks holds the check (its worker waits, what it searched
//! kept) and F6 again goes on, as with the solve. An edit clears the panel
//! (its answers are for the level as it was; dropping it cancels the
//! check), except setting the par: the panel is keyed, as the verdict is,
//! on the level's content without its par (`EditorScreen::content`).
use std::cmp::Ordering;
use std::sync::Arc;

use game::action::abilities::Ability;
use game::action::Action;
use game::edit::without::{take_away, Missing};
use game::level::{Level, ThingSpecKind};
use game::solve::{self, Progress, Report, Stop};
use log::warn;

use super::solving::{count, Worker, LIMITS};
use super::EditorScreen;

/// One thing taken away and what is known without it.
struct Check {
    missing: Missing,
    answer: Answer,
    /// The level without it, while its check runs.
    without: Option<Box<Level>>,
    /// The line found without it, if one was.
    line: Option<Line>,
}

/// A line found without an element: the level as taken away, and the
/// actions that clear it.
pub struct Line {
    pub level: Box<Level>,
    pub actions: Vec<Action>,
    /// "3 turns, 12 actions".
    pub words: String,
}

enum Answer {
    /// Not started yet.
    Waiting,
    /// Running (or held) on the worker.
    Checking,
    /// Decided or not: the words for the row.
    Said(String),
}

/// The checks for one solved level.
pub struct Needs {
    /// The content hash (`EditorScreen::content`) of the level solved.
    content: u64,
    /// The level as it was solved (equipped).
    level: Box<Level>,
    /// Its proven fewest turns.
    turns: u32,
    checks: Vec<Check>,
    /// The check being run and its worker; `None`: all done.
    current: Option<(usize, Worker)>,
    /// The row clicked (F7 plays its line).
    selected: Option<usize>,
    /// The first row shown (the wheel scrolls).
    scroll: usize,
    /// Tests: the first check holds before it searches anything (as if
    /// F6 stopped it at once), so it cannot end within the frame that
    /// started it.
    #[cfg(test)]
    hold_first: bool,
}

/// What to check on `level`: the abilities of the heroes it has, the
/// ropes its heroes start with, its portal pairs, its items and rope
/// coils, and its watchers, in that order.
pub fn checks_for(level: &Level) -> Vec<Missing> {
    let heroes: Vec<_> = level
        .things
        .iter()
        .filter_map(|t| match t.kind {
            ThingSpecKind::Hero { hero, .. } => Some(hero),
            _ => None,
        })
        .collect();
    let mut out: Vec<Missing> = Ability::ALL
        .into_iter()
        .filter(|a| heroes.contains(&a.hero()))
        .map(Missing::Ability)
        .collect();
    out.extend(level.things.iter().filter_map(|t| match t.kind {
        ThingSpecKind::Hero {
            rope_len_cells: Some(_),
            ..
        } => Some(Missing::Rope(t.id.clone())),
        _ => None,
    }));
    let portals = level.grid.portals().len();
    out.extend((0..portals).map(|i| Missing::Portal(level.portal_label(i))));
    out.extend(level.things.iter().filter_map(|t| match t.kind {
        ThingSpecKind::Item { .. } | ThingSpecKind::RopeCoil { .. } => {
            Some(Missing::Item(t.id.clone()))
        }
        _ => None,
    }));
    out.extend(level.things.iter().filter_map(|t| match t.kind {
        ThingSpecKind::Watcher { .. } => Some(Missing::Watcher(t.id.clone())),
        _ => None,
    }));
    out
}

/// "1 turn" or "3 turns".
fn turns(n: u32) -> String {
    if n == 1 {
        "1 turn".to_string()
    } else {
        format!("{n} turns")
    }
}

/// What a check's report proves, against `with`, the proven fewest turns
/// with everything: claims only what the search proved.
pub fn answer(report: &Report, with: u32) -> String {
    match &report.solution {
        // Nothing shorter clears it: its turns are the fewest without.
        Some(s) if report.fewest_turns() => {
            let without = turns(s.turns);
            match s.turns.cmp(&with) {
                Ordering::Equal => format!("not needed ({without}, the same)"),
                Ordering::Greater if s.turns == with + 1 => {
                    format!("saves a turn ({without} without)")
                }
                Ordering::Greater => {
                    format!("saves {} ({without} without)", turns(s.turns - with))
                }
                Ordering::Less => format!("costs {} ({without} without)", turns(with - s.turns)),
            }
        }
        None if report.unsolvable => "needed (no solution at all: proven)".to_string(),
        None if report.complete => format!(
            "needed (no solution within {} turns: proven)",
            report.max_turns
        ),
        _ => {
            let why = match report.stopped {
                Some(Stop::Budget) => ", the editor's limit",
                Some(Stop::Memory) => ", the editor's memory limit",
                _ => "",
            };
            format!(
                "not decided (stopped at {} positions{why})",
                count(report.states)
            )
        }
    }
}

impl Needs {
    /// The rows: "levitate: needed (…)", in the order checked.
    pub fn rows(&self) -> Vec<String> {
        self.checks
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let said = match &c.answer {
                    Answer::Waiting => "waiting".to_string(),
                    Answer::Checking => match &self.current {
                        Some((at, w)) if *at == i && w.progress.is_paused() => format!(
                            "stopped at {} positions · F6 goes on",
                            count(w.progress.states())
                        ),
                        Some((at, w)) if *at == i => {
                            format!("checking… ({} positions)", count(w.progress.states()))
                        }
                        _ => "checking…".to_string(),
                    },
                    Answer::Said(t) => t.clone(),
                };
                format!("{}: {said}", c.missing)
            })
            .collect()
    }

    /// Whether a check is still to run or running.
    pub fn is_checking(&self) -> bool {
        self.current.is_some()
    }

    /// The running check's progress (held or not).
    pub fn progress(&self) -> Option<&Progress> {
        self.current.as_ref().map(|(_, w)| &*w.progress)
    }

    /// Starts the first check not yet answered, answering at once those
    /// that need no search (a relic clearing the level takes).
    fn start_next(&mut self) {
        self.current = None;
        while let Some(i) = self
            .checks
            .iter()
            .position(|c| matches!(c.answer, Answer::Waiting))
        {
            let taken = match take_away(&self.level, std::slice::from_ref(&self.checks[i].missing))
            {
                Ok(t) => t,
                Err(e) => {
                    self.checks[i].answer = Answer::Said(format!("can't check: {e}"));
                    continue;
                }
            };
            if let Some(why) = taken.unwinnable {
                self.checks[i].answer = Answer::Said(format!("needed ({why})"));
                continue;
            }
            self.checks[i].without = Some(Box::new(taken.level.clone()));
            let progress = Arc::new(Progress::new());
            #[cfg(test)]
            if std::mem::take(&mut self.hold_first) {
                progress.pause();
            }
            let shared = Arc::clone(&progress);
            let spawned = std::thread::Builder::new()
                .name("needs".into())
                .spawn(move || {
                    solve::solve_without(&taken.level, taken.without, LIMITS, Some(&shared))
                        .map_err(|e| e.to_string())
                });
            match spawned {
                Ok(handle) => {
                    self.checks[i].answer = Answer::Checking;
                    self.current = Some((i, Worker::new(progress, handle)));
                    return;
                }
                Err(e) => {
                    self.checks[i].answer = Answer::Said(format!("can't check: {e}"));
                }
            }
        }
    }

    /// Takes a finished check's answer and starts the next; true if one
    /// was taken.
    fn collect(&mut self) -> bool {
        let Some((i, worker)) = self.current.as_mut() else {
            return false;
        };
        if !worker.finished() {
            return false;
        }
        let i = *i;
        let without = self.checks[i].without.take();
        let said = match worker.join() {
            Some(Ok(report)) => {
                if let (Some(level), Some(solution)) = (without, &report.solution) {
                    self.checks[i].line = Some(Line {
                        level,
                        actions: solution.actions.clone(),
                        words: solution.length_words(),
                    });
                }
                answer(&report, self.turns)
            }
            Some(Err(e)) => format!("can't check: {e}"),
            None => {
                warn!("a needs check's thread panicked");
                "the check failed (see the log)".to_string()
            }
        };
        self.checks[i].answer = Answer::Said(said);
        self.start_next();
        true
    }
}

impl EditorScreen {
    /// Starts the Needs checks for the level just solved (`level`, at the
    /// content hash `content`, in a proven fewest `turns`).
    pub(super) fn start_needs(&mut self, level: &Level, content: u64, turns: u32) {
        let checks = checks_for(level)
            .into_iter()
            .map(|missing| Check {
                missing,
                answer: Answer::Waiting,
                without: None,
                line: None,
            })
            .collect();
        let mut needs = Needs {
            content,
            level: Box::new(level.clone()),
            turns,
            checks,
            current: None,
            selected: None,
            scroll: 0,
            #[cfg(test)]
            hold_first: self.needs_held,
        };
        needs.start_next();
        self.needs = Some(needs);
    }

    /// Each frame: clears the panel if the level was edited, takes a
    /// finished check's answer and starts the next.
    pub(super) fn update_needs(&mut self) {
        if self
            .needs
            .as_ref()
            .is_some_and(|n| n.content != self.content())
        {
            self.needs = None;
        }
        if let Some(n) = &mut self.needs {
            if n.collect() && !n.is_checking() {
                self.info("Needs: every check done (see the panel)");
            }
        }
    }

    /// F6 while checking: holds the check, or goes on with a held one;
    /// false if no check is running (F6 then solves).
    pub(super) fn needs_key(&mut self) -> bool {
        self.update_needs();
        let Some(p) = self.needs.as_ref().and_then(Needs::progress) else {
            return false;
        };
        if p.is_paused() {
            p.resume();
            self.info("Needs: checking on… (F6 stops)");
        } else {
            p.pause();
            self.info(format!(
                "Needs: stopped at {} positions · F6 goes on",
                count(p.states())
            ));
        }
        true
    }

    /// The Needs panel's rows for the level as it stands (none once it
    /// has been edited since its solve).
    pub fn needs_rows(&self) -> Vec<String> {
        self.shown_needs().map_or_else(Vec::new, Needs::rows)
    }

    /// The Needs panel shown (for the level as it stands), if any.
    fn shown_needs(&self) -> Option<&Needs> {
        self.needs.as_ref().filter(|n| n.content == self.content())
    }

    /// The Needs row selected, and the first row shown.
    pub fn needs_view(&self) -> (Option<usize>, usize) {
        self.shown_needs()
            .map_or((None, 0), |n| (n.selected, n.scroll))
    }

    /// Scrolls the Needs rows by `by` (the wheel), within the rows.
    pub(super) fn scroll_needs(&mut self, by: i32) {
        if let Some(n) = &mut self.needs {
            let last = n.checks.len().saturating_sub(1) as i32;
            n.scroll = (n.scroll as i32 + by).clamp(0, last) as usize;
        }
    }

    /// A click on Needs row `i`: selects it (again: unselects) and says
    /// what F7 will play.
    pub(super) fn click_needs_row(&mut self, i: usize) {
        let content = self.content();
        let Some(n) = self.needs.as_mut().filter(|n| n.content == content) else {
            return;
        };
        let Some(check) = n.checks.get(i) else {
            return;
        };
        if n.selected == Some(i) {
            n.selected = None;
            self.info("Needs: no row selected (F7 plays the solution)");
            return;
        }
        n.selected = Some(i);
        let said = match &check.line {
            Some(line) => format!(
                "Needs: without {} — a line of {} was found · F7 plays it",
                check.missing, line.words
            ),
            None => format!(
                "Needs: without {} no line was found, so there is nothing to play",
                check.missing
            ),
        };
        self.info(said);
    }

    /// The selected Needs row's line and what it is without, if it has
    /// one (F7 plays it).
    pub(super) fn selected_needs_line(&self) -> Option<(&Line, String)> {
        let n = self.shown_needs()?;
        let check = n.checks.get(n.selected?)?;
        Some((check.line.as_ref()?, check.missing.to_string()))
    }

    /// Whether the Needs checks are running (held or not).
    pub fn is_checking_needs(&self) -> bool {
        self.needs.as_ref().is_some_and(Needs::is_checking)
    }

    /// Whether the running check is held (F6 goes on).
    pub fn is_needs_stopped(&self) -> bool {
        self.needs
            .as_ref()
            .and_then(Needs::progress)
            .is_some_and(Progress::is_paused)
    }
}
