//! Steps of several actions on the play screen, each one undo step
//! ([`game::session::Session::perform_all`]): everyone at the entrance
//! leaving (the context menu's "Everyone here leaves"), and a walk to a
//! cell the party remembers but the hero does not see now.
//!
//! A walk: a click (or Enter on the target cursor) on a remembered cell
//! that the rules' one move cannot reach (it goes only where the hero
//! sees) walks there. The way is the game's ([`plan_walk`]: one-AP moves
//! of the rules, through cells the party has seen, `memory`); this file
//! only cuts it short for this turn — at the action points the hero has,
//! and before the first cell a known watcher will see at the end of the
//! round (the marked cells of [`super::danger`]: a hero stopping there would
//! be caught, so the walk stops before it and says so; stepping on is the
//! player's choice, by hand). The steps taken are ordinary moves the
//! session checks one by one, done as one undo step: one Z takes the whole
//! walk back, and the message line says so. Pointing at such a cell
//! previews the walk: its steps this turn as a line of dots on the
//! remembered map, and in words ("walk there: 9 steps, 4 AP this turn").
use game::action::offer::everyone_here_leaves;
use game::action::walk::{plan_walk, steps_paid, walk_cost};
use game::action::{Action, Refusal, Target};
use game::grid::CellPos;
use game::things::ThingId;
use game::view::{GridView, ViewPos};

use super::hud::{self, Message};
use super::preview::{PreviewPath, PreviewStep};
use super::{PlayAction, PlayScreen};

/// A walk to a remembered cell as this turn allows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Walk {
    /// Every step's end cell to the destination (the destination last;
    /// never empty).
    pub steps: Vec<CellPos>,
    /// How many of them are taken this turn (maybe none).
    pub now: usize,
    /// Why it stops before the destination this turn; `None`: it gets
    /// there.
    pub stop: Option<Stop>,
}

/// Why a walk stops short this turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The hero has no action points for the next step.
    OutOfAp,
    /// The next step ends in a cell these known watchers will see at the
    /// end of the round (their names, as the level gives them).
    Seen(Vec<String>),
}

impl Walk {
    /// Action points the steps of this turn cost.
    pub fn cost(&self) -> u8 {
        walk_cost(self.now)
    }

    /// The cell the hero stops in this turn, if it moves at all.
    pub fn end(&self) -> Option<CellPos> {
        self.now.checked_sub(1).map(|i| self.steps[i])
    }

    /// "walk there: 9 steps, 4 AP this turn", and why it stops short
    /// ("… (stops after 3 steps: out of AP)"); a walk that cannot start
    /// this turn says so ("walk there: 9 steps; none this turn: the next
    /// cell is seen by the sentry").
    pub fn words(&self) -> String {
        let total = self.steps.len();
        let plural = |n: usize| if n == 1 { "step" } else { "steps" };
        match &self.stop {
            Some(stop) if self.now == 0 => format!(
                "walk there: {total} {}; none this turn: {}",
                plural(total),
                stop.words()
            ),
            Some(stop) => format!(
                "walk there: {total} {}, {} AP this turn (stops after {} {}: {})",
                plural(total),
                self.cost(),
                self.now,
                plural(self.now),
                stop.words()
            ),
            None => format!(
                "walk there: {total} {}, {} AP this turn",
                plural(total),
                self.cost()
            ),
        }
    }
}

impl Stop {
    /// Why, in words: "out of AP", "the next cell is seen by the sentry".
    pub fn words(&self) -> String {
        match self {
            Stop::OutOfAp => "out of AP".into(),
            Stop::Seen(by) => format!(
                "the next cell is seen by {}",
                hud::listed(&by.iter().map(String::as_str).collect::<Vec<_>>())
            ),
        }
    }
}

impl PlayScreen {
    /// Everyone at the entrance with the selected hero leaves, as one undo
    /// step (the menu's "Everyone here leaves"); the rules' refusal, if
    /// any, is the message and nobody leaves.
    pub(super) fn everyone_leaves(&mut self) -> Option<PlayAction> {
        let hero = self.selected_hero()?;
        match everyone_here_leaves(self.session.stage(), hero) {
            Some(Ok(leaving)) => {
                let message = format!(
                    "{} heroes left the level (one {} brings them all back)",
                    leaving.len(),
                    self.keys.name(crate::screens::input::Key::Undo)
                );
                self.perform_group(&leaving, message)
            }
            Some(Err(refusal)) => {
                self.message = Some(Message::Refused(refusal.to_string()));
                self.cues.push(crate::audio::Cue::Refused);
                None
            }
            None => {
                self.message = Some(Message::Refused(
                    "nobody else stands at the entrance".into(),
                ));
                self.cues.push(crate::audio::Cue::Refused);
                None
            }
        }
    }

    /// The walk of `hero` to remembered grid cell `to` (see the module
    /// docs), or why there is none: the game's way, cut short for this
    /// turn.
    pub(super) fn walk_of(&self, hero: ThingId, to: CellPos) -> Result<Walk, Refusal> {
        let stage = self.session.stage();
        let steps = plan_walk(stage, hero, to, |c| self.memory.contains(c))?;
        let paid = steps_paid(stage, hero, steps.len());
        let mut now = 0;
        let mut stop = None;
        for &cell in &steps {
            if now == paid {
                stop = Some(Stop::OutOfAp);
                break;
            }
            let seen: Vec<String> = self
                .danger
                .seen_by(cell)
                .map(|w| stage.item_name(w).to_string())
                .collect();
            if !seen.is_empty() {
                stop = Some(Stop::Seen(seen));
                break;
            }
            now += 1;
        }
        if now == 0 && stop == Some(Stop::OutOfAp) {
            // Not even one step: why, in the rules' words.
            let first = Action::Move {
                hero,
                to: Target::Cell(steps[0]),
            };
            game::action::execute(stage, &mut GridView::new(), &first)?;
        }
        Ok(Walk { steps, now, stop })
    }

    /// The preview of `walk`: its steps this turn as dots where the
    /// remembered map draws their cells (at their grid offset from the
    /// hero), its cost and its words.
    pub(super) fn walk_preview(&self, walk: &Walk) -> PreviewPath {
        let origin = self
            .selected_hero()
            .and_then(|h| self.session.stage().cell_of(h))
            .unwrap_or_default();
        let steps = walk.steps[..walk.now]
            .iter()
            .map(|c| PreviewStep {
                view: ViewPos::new(c.x - origin.x, c.y - origin.y),
                fall: false,
            })
            .collect();
        PreviewPath {
            start: ViewPos::default(),
            steps,
            cost: walk.cost(),
            end: walk.end(),
            fallen: 0,
            landing: None,
            words: walk.words(),
        }
    }

    /// Walks `hero` to remembered grid cell `to` as far as this turn goes
    /// (see the module docs): one undo step, said on the message line.
    pub(super) fn walk_to(&mut self, hero: ThingId, to: CellPos) -> Option<PlayAction> {
        let walk = match self.walk_of(hero, to) {
            Ok(walk) => walk,
            Err(refusal) => {
                self.message = Some(Message::Refused(refusal.to_string()));
                self.cues.push(crate::audio::Cue::Refused);
                return None;
            }
        };
        if let (0, Some(stop)) = (walk.now, &walk.stop) {
            // The very first step is into a watcher's sight.
            self.message = Some(Message::Warning(format!(
                "Not walking there: {}; step on by hand if you mean it",
                stop.words()
            )));
            self.cues.push(crate::audio::Cue::Refused);
            return None;
        }
        let moves: Vec<Action> = walk.steps[..walk.now]
            .iter()
            .map(|&cell| Action::Move {
                hero,
                to: Target::Cell(cell),
            })
            .collect();
        let total = walk.steps.len();
        let done = if walk.now == total {
            format!("Walked there: {total} steps, {} AP", walk.cost())
        } else {
            format!("Walked {} of {total} steps, {} AP", walk.now, walk.cost())
        };
        let why = walk
            .stop
            .as_ref()
            .map_or(String::new(), |stop| format!(": {}", stop.words()));
        let undo = self.keys.name(crate::screens::input::Key::Undo);
        let result =
            self.perform_group(&moves, format!("{done}{why} (one {undo} undoes the walk)"));
        if matches!(walk.stop, Some(Stop::Seen(_))) {
            if let Some(Message::Info(text)) = self.message.take() {
                self.message = Some(Message::Warning(text));
            }
        }
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_walk_says_its_steps_this_turn_and_why_it_stops_or_cannot_start() {
        let steps: Vec<CellPos> = (1..=3).map(|x| CellPos::new(x, 0)).collect();
        let walk = |now, stop| Walk {
            steps: steps.clone(),
            now,
            stop,
        };
        assert_eq!(walk(3, None).words(), "walk there: 3 steps, 3 AP this turn");
        assert_eq!(
            walk(1, Some(Stop::OutOfAp)).words(),
            "walk there: 3 steps, 1 AP this turn (stops after 1 step: out of AP)"
        );
        // Not "stops after 0": the walk does not start this turn.
        assert_eq!(
            walk(0, Some(Stop::Seen(vec!["sentry".into()]))).words(),
            "walk there: 3 steps; none this turn: the next cell is seen by the sentry"
        );
    }
}
