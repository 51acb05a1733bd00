//! The headless simulator behind the `sim` tool: reads commands one per
//! line, drives a [`Session`], and prints what happened. Level designers use
//! it to test levels; golden scripts use it to pin solutions.
//!
//! Commands (`#` starts a comment; blank lines are skipped):
//! `select HERO`, `move X Y`, `pickup [ITEM]`, `drop`, `put-in`, `take-out`,
//! `deploy-rope down|left|right`, `hoist`, `lower`, `take-rope`, `tie`,
//! `levitate ITEM X Y`, `exit`, `end-turn`, `undo`, `redo`, `restart`, and
//! the queries `show`, `view HERO`, `hash`. HERO and ITEM are ids from the
//! level file (`knight`, `relic`, …). Actions apply to the selected hero (the
//! first hero at the start). The actions are read by [`game::script`], the
//! same reader that turns a shipped solution into the line a hint knows.
//!
//! [`solution_script`] writes a solver's [`Solution`] in this language, so
//! `sim solve` prints what `sim LEVEL SCRIPT --strict` replays.

use std::fmt::Write as _;

use game::action::abilities::Without;
use game::action::{Action, DeployDir, Event, Target};
use game::grid::CellPos;
use game::level::Level;
use game::script::{self, SelectError, Selection};
use game::session::Session;
use game::solve::Report;
use game::stage::{Outcome, Stage};
use game::things::{Capabilities, ThingFlags, ThingId, ThingKind};

/// What one line did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineResult {
    /// Nothing to do (blank or comment).
    Skip,
    /// Done; the text to print.
    Done(String),
    /// The rules refused it; the reason.
    Refused(String),
    /// The line itself is wrong (unknown command, bad numbers, unknown id).
    Bad(String),
}

/// A session and the selected hero.
pub struct Sim {
    pub session: Session,
    selection: Selection,
}

const CAPS: [(Capabilities, &str); 6] = [
    (Capabilities::ACQUIRE, "ACQUIRE"),
    (Capabilities::PLACE, "PLACE"),
    (Capabilities::CONTAIN, "CONTAIN"),
    (Capabilities::HANG, "HANG"),
    (Capabilities::HEAVY, "HEAVY"),
    (Capabilities::RELIC, "RELIC"),
];

fn name(stage: &Stage, id: ThingId) -> String {
    stage.id_name(id).map_or_else(
        || format!("{}#{}", stage.item_name(id), id.index()),
        str::to_string,
    )
}

fn cell(c: CellPos) -> String {
    format!("{},{}", c.x, c.y)
}

impl Sim {
    pub fn new(session: Session) -> Sim {
        let selection = Selection::new(session.stage());
        Sim { session, selection }
    }

    /// The hero that actions apply to.
    pub fn selected(&self) -> Option<ThingId> {
        self.selection.get()
    }

    /// Runs one line.
    pub fn run_line(&mut self, line: &str) -> LineResult {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            return LineResult::Skip;
        }
        let mut words = line.split_whitespace();
        let command = words.next().unwrap_or("");
        let action = match self
            .selection
            .action(self.session.stage(), command, &mut words)
        {
            Ok(Some(action)) => action,
            Ok(None) => return self.run_other(command, &mut words),
            Err(e) => return LineResult::Bad(e),
        };
        if let Some(extra) = words.next() {
            return LineResult::Bad(format!("unexpected `{extra}` after `{command}`"));
        }
        match self.session.perform(&action) {
            Ok(events) => {
                let text = self.describe(&events);
                self.selection.after_action(self.session.stage());
                LineResult::Done(text)
            }
            Err(refusal) => LineResult::Refused(refusal.to_string()),
        }
    }

    fn run_other<'a>(
        &mut self,
        command: &str,
        words: &mut impl Iterator<Item = &'a str>,
    ) -> LineResult {
        const OTHERS: [&str; 7] = ["select", "view", "undo", "redo", "restart", "show", "hash"];
        if !OTHERS.contains(&command) {
            return LineResult::Bad(format!(
                "unknown command `{command}` (expected select, move, pickup, drop, put-in, take-out, deploy-rope, \
                 hoist, lower, take-rope, tie, levitate, exit, end-turn, undo, redo, restart, show, view, hash)"
            ));
        }
        let arg = words.next();
        let takes_arg = matches!(command, "select" | "view");
        let extra = if takes_arg { words.next() } else { arg };
        if let Some(extra) = extra {
            return LineResult::Bad(format!("unexpected `{extra}` after `{command}`"));
        }
        let result = match command {
            "select" => match self.selection.select(self.session.stage(), arg) {
                Ok(h) => Ok(format!("selected {}", name(self.session.stage(), h))),
                Err(SelectError::Refused(why)) => return LineResult::Refused(why),
                Err(SelectError::Bad(e)) => Err(e),
            },
            "undo" => Ok(if self.session.undo() {
                "undone".into()
            } else {
                "nothing to undo".into()
            }),
            "redo" => Ok(if self.session.redo() {
                "redone".into()
            } else {
                "nothing to redo".into()
            }),
            "restart" => Ok(if self.session.restart() {
                "restarted".into()
            } else {
                "already at the start".into()
            }),
            "show" => Ok(self.show()),
            "hash" => Ok(format!("{:016x}", self.session.state_hash())),
            "view" => match script::thing(self.session.stage(), arg, "hero") {
                Ok(h) => Ok(self.session.view_of(h).dump()),
                Err(e) => Err(e),
            },
            _ => unreachable!("commands checked above"),
        };
        match result {
            Ok(text) => LineResult::Done(text),
            Err(e) => LineResult::Bad(e),
        }
    }

    /// One line per event.
    fn describe(&self, events: &[Event]) -> String {
        let stage = self.session.stage();
        let mut out = Vec::new();
        for event in events {
            let line = match event {
                Event::Spend { hero, cost, left } => {
                    format!("{} spends {cost} AP ({left} left)", name(stage, *hero))
                }
                Event::Move { thing, from, path } => {
                    let cells: Vec<String> = path
                        .iter()
                        .map(|s| format!("{:?} {}", s.kind, cell(s.cell)))
                        .collect();
                    format!(
                        "{} from {}: {}",
                        name(stage, *thing),
                        cell(*from),
                        cells.join(", ")
                    )
                }
                Event::Attach { child, parent } => format!(
                    "{} now held by {}",
                    name(stage, *child),
                    name(stage, *parent)
                ),
                Event::Detach { child } => format!("{} let go", name(stage, *child)),
                Event::DeployRope { rope, cells, .. } => {
                    let cells: Vec<String> = cells.iter().map(|&c| cell(c)).collect();
                    format!("{} hangs through {}", name(stage, *rope), cells.join(" "))
                }
                Event::Hoist {
                    rope,
                    removed,
                    end_cell,
                    ..
                } => {
                    format!(
                        "{} hoisted {} cell(s), its end now at {}",
                        name(stage, *rope),
                        removed.len(),
                        cell(*end_cell)
                    )
                }
                Event::Lower { rope, cells, .. } => {
                    let cells: Vec<String> = cells.iter().map(|&c| cell(c)).collect();
                    format!("{} lowered to {}", name(stage, *rope), cells.join(" "))
                }
                Event::TakeRope { hero, rope } => {
                    format!("{} takes back {}", name(stage, *hero), name(stage, *rope))
                }
                Event::Flag { thing, flag, on } => {
                    let what = if *flag == ThingFlags::EXITED {
                        "has left the level"
                    } else {
                        "changed"
                    };
                    format!(
                        "{} {what}{}",
                        name(stage, *thing),
                        if *on { "" } else { " (undone)" }
                    )
                }
                Event::Patrol { watcher, to, .. } => {
                    format!("{} patrols to {}", name(stage, *watcher), cell(*to))
                }
                Event::Caught { hero, watcher } => format!(
                    "{} is seen by {}: caught!",
                    name(stage, *hero),
                    name(stage, *watcher)
                ),
                Event::NextRound { turn } => format!("turn {turn} begins"),
            };
            out.push(line);
        }
        out.join("\n")
    }

    /// The `show` query.
    pub fn show(&self) -> String {
        let stage = self.session.stage();
        let mut out = String::new();
        let outcome = match stage.outcome() {
            Outcome::Playing => "playing",
            Outcome::Cleared => "won",
            Outcome::Retreated => "retreated (too few relics)",
            Outcome::Lost => "lost (caught)",
        };
        let _ = writeln!(
            out,
            "{} · turn {} · {outcome} · relics recovered {}/{}",
            stage.name(),
            stage.turn(),
            stage.relics_recovered(),
            stage.relics_total()
        );
        if let Some(h) = self.selection.get() {
            let _ = writeln!(out, "selected: {}", name(stage, h));
        }
        for hero in stage.heroes() {
            let Some(t) = stage.thing(hero) else { continue };
            let held = stage
                .held(hero)
                .map_or("nothing".to_string(), |i| name(stage, i));
            let state = if t.data.flags.contains(ThingFlags::EXITED) {
                " (left)"
            } else if t.data.flags.contains(ThingFlags::CAUGHT) {
                " (caught)"
            } else {
                ""
            };
            let _ = writeln!(
                out,
                "hero {} ({}) at {} AP {}/{} holds {held}{state}",
                name(stage, hero),
                t.data.hero.name(),
                stage.cell_of(hero).map_or("?".into(), cell),
                t.data.action_points,
                t.data.hero.action_points_per_round()
            );
        }
        for item in stage.of_kind(ThingKind::Interactable) {
            let Some(t) = stage.thing(item) else { continue };
            let caps: Vec<&str> = CAPS
                .iter()
                .filter(|(c, _)| t.data.capabilities.contains(*c))
                .map(|(_, n)| *n)
                .collect();
            let holder = stage.store().parent(item).map_or("loose".to_string(), |p| {
                format!("in/held by {}", name(stage, p))
            });
            let rope = if stage.is_rope(item) {
                let deployed = if t.data.flags.contains(ThingFlags::DEPLOYED) {
                    ", deployed"
                } else {
                    ""
                };
                format!(" rope {} cells{deployed}", t.data.rope_len_cells)
            } else {
                String::new()
            };
            let _ = writeln!(
                out,
                "item {} at {} [{}] {holder}{rope}",
                name(stage, item),
                stage.cell_of(item).map_or("?".into(), cell),
                caps.join("|")
            );
            if stage.is_rope(item) && t.data.flags.contains(ThingFlags::DEPLOYED) {
                let segments = stage.rope_segments(item);
                let cells: Vec<String> = segments
                    .iter()
                    .filter_map(|&s| stage.cell_of(s))
                    .map(cell)
                    .collect();
                let tied: Vec<String> = segments
                    .last()
                    .map(|&e| stage.children(e))
                    .unwrap_or_default()
                    .iter()
                    .map(|&i| name(stage, i))
                    .collect();
                let tied = if tied.is_empty() {
                    "nothing".to_string()
                } else {
                    tied.join(", ")
                };
                let _ = writeln!(out, "  segments {} · tied: {tied}", cells.join(" "));
            }
        }
        for watcher in stage.of_kind(ThingKind::Enemy) {
            let _ = writeln!(
                out,
                "watcher {} at {}",
                name(stage, watcher),
                stage.cell_of(watcher).map_or("?".into(), cell)
            );
        }
        out.trim_end().to_string()
    }
}

/// The command line of `action` for the selected hero (`select` lines are
/// the caller's business); `None` for something the language cannot name
/// (an item without a level id).
fn command_of(stage: &Stage, action: &Action) -> Option<String> {
    let id = |t: ThingId| stage.id_name(t).map(str::to_string);
    Some(match *action {
        Action::Move {
            to: Target::Cell(c),
            ..
        } => format!("move {} {}", c.x, c.y),
        Action::Move {
            to: Target::View(_),
            ..
        } => return None,
        Action::PickUp { item: None, .. } => "pickup".into(),
        Action::PickUp {
            item: Some(item), ..
        } => format!("pickup {}", id(item)?),
        Action::SetDown { .. } => "drop".into(),
        Action::PutIn { .. } => "put-in".into(),
        Action::TakeOut { .. } => "take-out".into(),
        Action::DeployRope { dir, .. } => format!(
            "deploy-rope {}",
            match dir {
                DeployDir::Down => "down",
                DeployDir::Left => "left",
                DeployDir::Right => "right",
            }
        ),
        Action::Hoist { .. } => "hoist".into(),
        Action::Lower { .. } => "lower".into(),
        Action::TakeRope { .. } => "take-rope".into(),
        Action::Tie { .. } => "tie".into(),
        Action::Levitate { item, to, .. } => format!("levitate {} {} {}", id(item)?, to.x, to.y),
        Action::Exit { .. } => "exit".into(),
        Action::EndTurn => "end-turn".into(),
    })
}

/// The solution of `report` as a `sim` script for `level`: a header
/// naming the level and what the solver found, a comment at the start of
/// each turn, a `select` line wherever the acting hero changes (the first
/// action included), and `show` at the end. The script is played as it
/// is written, line by line, so what comes out is known to replay with
/// `--strict`; an action the rules refuse, or one the language cannot
/// name, is an error naming it (as is a report without a solution).
pub fn solution_script(level: &Level, report: &Report) -> Result<String, String> {
    solution_script_without(level, Without::NONE, report)
}

/// [`solution_script`] for a solve with the abilities of `without`
/// switched off (`sim solve --without`): replayed so, on `level`.
pub fn solution_script_without(
    level: &Level,
    without: Without,
    report: &Report,
) -> Result<String, String> {
    let solution = report
        .solution
        .as_ref()
        .ok_or_else(|| format!("no solution: {}", report.summary()))?;
    let mut session = Session::new(level).map_err(|e| e.to_string())?;
    session.set_without(without);
    let mut sim = Sim::new(session);
    let mut out = String::new();
    let how_sure = if report.complete {
        "the fewest turns, then actions"
    } else if report.fewest_turns() {
        "the fewest turns; fewer actions not ruled out"
    } else {
        "shorter lines not ruled out"
    };
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    let _ = writeln!(
        out,
        "# {}, solved by `sim solve`: {} turn{}, {} action{} ({how_sure}).",
        level.name,
        solution.turns,
        plural(solution.turns as usize),
        solution.action_count(),
        plural(solution.action_count()),
    );
    let run = |sim: &mut Sim, out: &mut String, line: String| match sim.run_line(&line) {
        LineResult::Done(_) => {
            let _ = writeln!(out, "{line}");
            Ok(())
        }
        other => Err(format!("`{line}` does not replay: {other:?}")),
    };
    let mut turn_open = false;
    // The hero the last `select` line named: every action names its hero,
    // even where `sim` would pick it by itself (after someone leaves).
    let mut named: Option<ThingId> = None;
    for action in &solution.actions {
        if !turn_open {
            let _ = writeln!(out, "# Turn {}", sim.session.stage().turn());
            turn_open = true;
        }
        if let Some(hero) = action.hero() {
            if named != Some(hero) || sim.selected() != Some(hero) {
                let name = sim
                    .session
                    .stage()
                    .id_name(hero)
                    .ok_or_else(|| format!("hero #{} has no id", hero.index()))?
                    .to_string();
                run(&mut sim, &mut out, format!("select {name}"))?;
                named = Some(hero);
            }
        }
        let line = command_of(sim.session.stage(), action)
            .ok_or_else(|| format!("{action:?} cannot be written as a sim command"))?;
        run(&mut sim, &mut out, line)?;
        if matches!(action, Action::EndTurn) {
            turn_open = false;
        }
    }
    if sim.session.stage().outcome() != Outcome::Cleared {
        return Err(format!(
            "the solution does not clear {}: {}",
            level.name,
            sim.show()
        ));
    }
    out.push_str("show\n");
    Ok(out)
}
