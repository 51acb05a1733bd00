//! Doing, undoing and redoing steps on screen: the session call, the
//! message it leaves, the ways moving things took (kept per undo step, so
//! undo and redo animate along them), the tween after every change, and
//! the sound cues of what happened ([`cues_of`]: from the step's events,
//! so a cue is heard only for what the rules let happen).
use game::action::event::MoveKind;
use game::action::{Action, Event};
use game::stage::{Outcome, Stage};
use game::things::ThingId;
use game::undo::UndoKind;
use glam::Vec2;
use log::debug;

use super::hud::Message;
use super::tween::{self, Change, Tween};
use super::{to_vec, Direction, PlayAction, PlayScreen, StepWays};
use crate::audio::Cue;
use crate::progress::LevelResult;

/// The cues of a step that executed `events` onto `stage` (as it is
/// after), `relics_before` having left the level before it; one of each
/// at most, in a fixed order. A catch is the alarm alone; a hero leaving
/// with a relic is the chime, not the plain leaving; the last hero out
/// adds the fanfare if that clears the level.
pub fn cues_of(stage: &Stage, events: &[Event], relics_before: usize) -> Vec<Cue> {
    if events.iter().any(|e| matches!(e, Event::Caught { .. })) {
        return vec![Cue::Alarm];
    }
    let is_hero = |id: ThingId| stage.hero_kind(id).is_some();
    let mut cues = Vec::new();
    let mut add = |cue| {
        if !cues.contains(&cue) {
            cues.push(cue);
        }
    };
    let picked = events.iter().any(|e| match e {
        Event::Attach { parent, .. } => is_hero(*parent),
        Event::TakeRope { .. } => true,
        _ => false,
    });
    for event in events {
        match event {
            Event::Move { path, .. } => {
                let has = |k: MoveKind| path.iter().any(|s| s.kind == k);
                if has(MoveKind::Climb) {
                    add(Cue::Climb);
                } else if has(MoveKind::Walk) || has(MoveKind::StepUp) {
                    add(Cue::Step);
                }
                if has(MoveKind::Float) {
                    add(Cue::Levitate);
                }
                if path.last().is_some_and(|s| s.kind == MoveKind::Fall) {
                    add(Cue::Land);
                }
            }
            Event::Attach { .. } | Event::Detach { .. } | Event::TakeRope { .. } => {
                add(if picked { Cue::PickUp } else { Cue::SetDown });
            }
            Event::DeployRope { .. } => add(Cue::RopeDeploy),
            Event::Hoist { .. } | Event::Lower { .. } => add(Cue::Hoist),
            e if e.hero_left().is_some() => {
                add(if stage.relics_recovered() > relics_before {
                    Cue::RelicOut
                } else {
                    Cue::Leave
                });
            }
            Event::NextRound { .. } => add(Cue::EndTurn),
            _ => {}
        }
    }
    if stage.outcome() == Outcome::Cleared {
        add(Cue::LevelCleared);
    }
    cues
}

impl PlayScreen {
    /// The sound cues of what happened since the last call, oldest first.
    pub fn take_cues(&mut self) -> Vec<Cue> {
        self.cues.take()
    }

    /// Performs `actions` as one undo step (everyone at the entrance
    /// leaving, a walk: [`Session::perform_all`]), with `message` on the
    /// message line once done; a refusal (nothing changed) becomes the
    /// message. The step's moves were planned from positions the screen
    /// never showed, so undo and redo animate it straight, without ways.
    ///
    /// [`Session::perform_all`]: game::session::Session::perform_all
    pub fn perform_group(&mut self, actions: &[Action], message: String) -> Option<PlayAction> {
        let before = tween::places(self.session.stage());
        let done_before = self.session.undo_log().undoable();
        let relics_before = self.session.stage().relics_recovered();
        match self.session.perform_all(actions) {
            Ok(events) => {
                self.cues
                    .extend(cues_of(self.session.stage(), &events, relics_before));
                self.motion.sync(self.session.stage(), true);
                if self.session.undo_log().undoable() == done_before + 1 {
                    self.hints.record_actions(done_before, actions);
                    self.history.truncate(done_before);
                    self.history.resize(done_before, None);
                    self.history.push(None);
                }
                self.message = Some(Message::Info(message));
                self.after_change(&before, Direction::Forward(None));
                self.outcome_action()
            }
            Err((_, refusal)) => {
                debug!("refused {actions:?}: {refusal}");
                self.message = Some(Message::Refused(refusal.to_string()));
                self.cues.push(Cue::Refused);
                None
            }
        }
    }

    /// What the screens around must do once the level is over (cleared,
    /// or everyone gone without the relics); lost, the message line is
    /// left to the catch.
    fn outcome_action(&mut self) -> Option<PlayAction> {
        let stage = self.session.stage();
        let result = LevelResult {
            relics: stage.relics_recovered() as u32,
            relics_total: stage.relics_total() as u32,
            turns: stage.turn(),
            hints: self.hints.used(),
            // The level as written is the campaign's to name (its file).
            level: None,
            equipment: game::equipment::EquipmentSet::EMPTY,
        };
        match stage.outcome() {
            Outcome::Cleared => Some(PlayAction::Won(result)),
            Outcome::Retreated => Some(PlayAction::Retreated(result)),
            // The message line says who was caught, until the player asks
            // something (a hint, an action refused).
            Outcome::Lost => {
                self.message = None;
                None
            }
            Outcome::Playing => None,
        }
    }

    /// Performs `action`; a refusal becomes the message.
    pub fn perform(&mut self, action: Action) -> Option<PlayAction> {
        let before = tween::places(self.session.stage());
        let done_before = self.session.undo_log().undoable();
        let relics_before = self.session.stage().relics_recovered();
        match self.session.perform(&action) {
            Ok(events) => {
                self.cues
                    .extend(cues_of(self.session.stage(), &events, relics_before));
                // A new step: the ropes pay out, reel in and swing to it.
                self.motion.sync(self.session.stage(), true);
                let path = self.step_ways(&events);
                if self.session.undo_log().undoable() == done_before + 1 {
                    self.hints.record_action(done_before, action);
                    self.history.truncate(done_before);
                    self.history.resize(done_before, None);
                    self.history.push(path.clone());
                }
                self.message = match action {
                    Action::EndTurn => Some(Message::Info(format!(
                        "Turn {} begins",
                        self.session.stage().turn()
                    ))),
                    Action::Exit { hero } => Some(Message::Info(format!(
                        "The {} left the level",
                        self.session.stage().item_name(hero)
                    ))),
                    _ => None,
                };
                self.after_change(&before, Direction::Forward(path));
                return self.outcome_action();
            }
            Err(refusal) => {
                debug!("refused {action:?}: {refusal}");
                self.message = Some(Message::Refused(refusal.to_string()));
                self.cues.push(Cue::Refused);
            }
        }
        None
    }

    /// The ways of the moves among `events` that were planned in the
    /// view (every step seen), while the view is still the one they were
    /// planned in.
    pub(super) fn step_ways(&self, events: &[Event]) -> Option<StepWays> {
        let hero = self.selected_hero()?;
        let ways: Vec<tween::Way> = events
            .iter()
            .filter_map(|e| match e {
                Event::Move { thing, from, path } => {
                    let steps: Option<Vec<Vec2>> =
                        path.iter().map(|s| s.view.map(to_vec)).collect();
                    let steps = steps.filter(|s| !s.is_empty())?;
                    let start = if *thing == hero {
                        Vec2::ZERO
                    } else {
                        to_vec(tween::nearest_position(&self.view, *from, steps[0])?)
                    };
                    let mut points = vec![start];
                    points.extend(steps);
                    let falls = path
                        .iter()
                        .rev()
                        .take_while(|s| s.kind == game::action::event::MoveKind::Fall)
                        .count();
                    Some(tween::Way {
                        thing: *thing,
                        points,
                        falls,
                    })
                }
                _ => None,
            })
            .collect();
        (!ways.is_empty()).then_some(StepWays {
            planner: hero,
            ways,
        })
    }

    pub(super) fn undo(&mut self) {
        let done = self.session.undo_log().undoable();
        let kind = self.session.undo_log().last_done().map(|s| s.kind);
        let before = tween::places(self.session.stage());
        if !self.session.undo() {
            self.message = Some(Message::Info("Nothing to undo".into()));
            self.cues.push(Cue::Refused);
            return;
        }
        self.cues.push(Cue::Undo);
        let path = done
            .checked_sub(1)
            .and_then(|i| self.history.get(i).cloned().flatten());
        self.motion.sync(self.session.stage(), false);
        self.message = Some(Message::Info(match kind {
            Some(UndoKind::EndTurn) => "Undone: end of turn".to_string(),
            Some(UndoKind::Restart) => "Undone: restart".to_string(),
            _ => "Undone".to_string(),
        }));
        self.after_change(&before, Direction::Back(path));
    }

    pub(super) fn redo(&mut self) {
        let done = self.session.undo_log().undoable();
        let before = tween::places(self.session.stage());
        if !self.session.redo() {
            self.message = Some(Message::Info("Nothing to redo".into()));
            self.cues.push(Cue::Refused);
            return;
        }
        self.cues.push(Cue::Redo);
        let path = self.history.get(done).cloned().flatten();
        self.motion.sync(self.session.stage(), false);
        self.message = Some(Message::Info("Redone".into()));
        self.after_change(&before, Direction::Forward(path));
    }

    pub(super) fn restart(&mut self) {
        let done_before = self.session.undo_log().undoable();
        let before = tween::places(self.session.stage());
        if !self.session.restart() {
            self.message = Some(Message::Info("Already at the start".into()));
            self.cues.push(Cue::Refused);
            return;
        }
        self.cues.push(Cue::Restart);
        self.history.truncate(done_before);
        self.history.resize(done_before, None);
        self.history.push(None);
        self.hints.record_restart(done_before);
        self.motion.sync(self.session.stage(), false);
        self.message = Some(Message::Info(
            self.keys.fill("Restarted ({undo} undoes it)"),
        ));
        self.after_change(&before, Direction::Forward(None));
    }

    /// After the stage changed: keep the selection on a hero still in play,
    /// rebuild the view, start the tween, refresh the preview.
    pub(super) fn after_change(&mut self, before: &[tween::Place], direction: Direction) {
        self.hints.position_changed();
        let stage = self.session.stage();
        if self.selected_hero().is_some_and(|h| stage.has_left(h)) {
            let n = self.heroes.len();
            if let Some(next) = (1..n)
                .map(|k| (self.selected + k) % n)
                .find(|&i| !stage.has_left(self.heroes[i]))
            {
                self.selected = next;
            }
        }
        let hero = self.selected_hero();
        let old_origin = self.view.origin();
        std::mem::swap(&mut self.view, &mut self.old_view);
        self.rebuild_view();
        // Ways are in the planner's view: the new view's space going
        // forward shifted by where the hero ended; going back, the planned
        // space is the new view's own.
        let end_of = |w: &StepWays| {
            w.ways
                .iter()
                .find(|way| Some(way.thing) == hero)
                .and_then(|way| way.points.last().copied())
                .unwrap_or(Vec2::ZERO)
        };
        let forward = matches!(direction, Direction::Forward(_));
        let (shift, ways): (Vec2, Vec<tween::Way>) = match direction {
            Direction::Forward(Some(w)) if Some(w.planner) == hero => {
                let end = end_of(&w);
                let ways = w
                    .ways
                    .into_iter()
                    .map(|way| tween::Way {
                        points: way.points.into_iter().map(|q| q - end).collect(),
                        ..way
                    })
                    .collect();
                (end, ways)
            }
            Direction::Back(Some(w)) if Some(w.planner) == hero => {
                // Undone: back along the way, no fall (it would rise).
                let end = end_of(&w);
                let ways = w
                    .ways
                    .into_iter()
                    .map(|way| tween::Way {
                        points: way.points.into_iter().rev().collect(),
                        falls: 0,
                        ..way
                    })
                    .collect();
                (-end, ways)
            }
            _ if self.view.origin() != old_origin => {
                let shift = tween::nearest_position(&self.old_view, self.view.origin(), Vec2::ZERO)
                    .map(to_vec)
                    .unwrap_or(Vec2::ZERO);
                (shift, Vec::new())
            }
            _ => (Vec2::ZERO, Vec::new()),
        };
        let movers = tween::movers(&Change {
            before,
            old_view: &self.old_view,
            stage: self.session.stage(),
            view: &self.view,
            shift,
            ways: &ways,
            forward,
        });
        self.tween = Tween::new(movers);
        // `shift` is the new origin in the old view (zero when the origin
        // did not move, or moved out of the old view's sight).
        self.follow_origin(-shift);
        self.mode.close_context();
        self.refresh_hover();
    }
}
