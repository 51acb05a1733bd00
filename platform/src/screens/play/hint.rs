//! Hints in play (I): the game's [`game::solve::hint`] asked from where the
//! party stands, on a worker thread so the screen never waits.
//!
//! The screen keeps the line of play that led here — each undo step's
//! actions (one, or several done as one step), or a restart — beside the
//! session's undo log, and the hint
//! replays it on a fresh session (the actions since the last restart
//! still done). The first press asks (the message line says "thinking…");
//! when the answer comes, the hero to act is selected and the cell they
//! act towards is outlined: a nudge. A second press says the action in
//! the context menu's words and how many turns a shortest line takes from
//! here. Nothing is ever played for the player. A position that cannot be
//! won says so, and how many undos back one can. Any change of position
//! (a move, undo, redo, restart) cancels a search under way and puts the
//! hint away. Each hint asked counts one, for the level's result: the
//! nudge and then its words, for the same position, are one hint. A campaign level's shipped
//! solution is known to the hint (see [`Hints::know`]): from a position
//! along it, the answer is its next action, at once.
use std::sync::mpsc::{self, Receiver};
use std::sync::Arc;
use std::time::Duration;

use game::action::{Action, Offer, Offered, Target};
use game::grid::CellPos;
use game::level::Level;
use game::solve::hint::{hint, Hint, HintError, Known, Why};
use game::solve::recover::Recovered;
use game::solve::{Budget, Progress};
use game::things::ThingId;
use game::view::ViewPos;

use crate::screens::input::{Key, Keymap};

/// What a hint may search for in play, at most: a second, which feels the
/// same on any machine. Tests give the hint positions instead
/// ([`Hints::set_budget`]), for the same answer however loaded the machine.
pub const BUDGET: Budget = Budget::Time(Duration::from_secs(1));

/// One undo step of the line of play.
#[derive(Clone, Debug, PartialEq)]
enum Step {
    /// The actions of the step, in order: one, or several done as one
    /// step (everyone at the entrance leaving, a walk).
    Actions(Vec<Action>),
    /// The level restarted (the line starts over).
    Restart,
    /// A step of a game resumed from its save: its action is not known.
    Unknown,
}

/// A search under way.
struct Job {
    progress: Arc<Progress>,
    answer: Receiver<Result<Hint, HintError>>,
    /// How many actions each undo step of the line asked about holds, in
    /// order: the hint counts undos in actions, the player in steps.
    step_sizes: Vec<usize>,
}

/// What the hint shows now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shown {
    pub hint: Hint,
    /// The action is said in words (the second press).
    pub spelled: bool,
}

/// The hint's state on the play screen (see the module docs).
pub struct Hints {
    level: Level,
    steps: Vec<Step>,
    /// A resumed game's undo steps as its save knows them (the position
    /// after each, and whether it was a restart), until the first hint
    /// recovers their actions (`game::solve::recover`).
    resumed: Vec<(u64, bool)>,
    job: Option<Job>,
    shown: Option<Shown>,
    /// Hints shown this level.
    used: u32,
    /// A line known to clear the level (its shipped solution), and whether
    /// it is proven the fewest turns.
    known: Option<(Arc<[Action]>, bool)>,
    /// What a hint's search may spend ([`BUDGET`] in play).
    budget: Budget,
}

impl Hints {
    /// For `level`, with undo steps already played (a resumed game):
    /// `resumed` holds the position after each (its state hash) and
    /// whether it was a restart.
    pub fn new(level: &Level, resumed: Vec<(u64, bool)>) -> Hints {
        Hints {
            level: level.clone(),
            steps: vec![Step::Unknown; resumed.len()],
            resumed,
            job: None,
            shown: None,
            used: 0,
            known: None,
            budget: BUDGET,
        }
    }

    /// Hints from now on search within `budget` (in play [`BUDGET`], a
    /// second; a budget in positions answers the same on any machine).
    pub fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
    }

    /// `actions` clear the level from its start (`fewest`: in the fewest
    /// turns, then actions): a hint from a position along them takes the
    /// rest of them at once.
    pub fn know(&mut self, actions: Vec<Action>, fewest: bool) {
        self.known = Some((actions.into(), fewest));
    }

    /// Whether a line known to clear the level is known (the shipped
    /// solution).
    pub fn knows_a_line(&self) -> bool {
        self.known.is_some()
    }

    /// Hints shown this level.
    pub fn used(&self) -> u32 {
        self.used
    }

    /// What the hint shows, if anything.
    pub fn shown(&self) -> Option<&Shown> {
        self.shown.as_ref()
    }

    /// Whether a search is under way.
    pub fn thinking(&self) -> bool {
        self.job.is_some()
    }

    /// Undo step `index` (from 0) was `action`; the steps after it are gone.
    pub fn record_action(&mut self, index: usize, action: Action) {
        self.record(index, Step::Actions(vec![action]));
    }

    /// Undo step `index` (from 0) was `actions`, done as one step.
    pub fn record_actions(&mut self, index: usize, actions: &[Action]) {
        self.record(index, Step::Actions(actions.to_vec()));
    }

    /// Undo step `index` restarted the level.
    pub fn record_restart(&mut self, index: usize) {
        self.record(index, Step::Restart);
    }

    fn record(&mut self, index: usize, step: Step) {
        self.steps.resize(index, Step::Unknown);
        self.steps.push(step);
    }

    /// The position changed: a search under way is cancelled and the hint
    /// put away.
    pub fn position_changed(&mut self) {
        if let Some(job) = self.job.take() {
            job.progress.cancel();
        }
        self.shown = None;
    }

    /// The line of play from the start (or the last restart) to the
    /// position `done` undo steps in, with how many actions each undo
    /// step of it holds; `None` when a step is not known.
    fn line(&self, done: usize) -> Option<(Vec<Action>, Vec<usize>)> {
        let steps = &self.steps[..done.min(self.steps.len())];
        let from = steps
            .iter()
            .rposition(|s| *s == Step::Restart)
            .map_or(0, |i| i + 1);
        let mut actions = Vec::new();
        let mut sizes = Vec::new();
        for step in &steps[from..] {
            match step {
                Step::Actions(a) => {
                    actions.extend_from_slice(a);
                    sizes.push(a.len());
                }
                Step::Restart | Step::Unknown => return None,
            }
        }
        Some((actions, sizes))
    }

    /// A resumed game's steps not yet known as actions: found from their
    /// positions, once (as far as single actions explain them).
    fn recover_resumed(&mut self) {
        if self.resumed.is_empty() {
            return;
        }
        let resumed = std::mem::take(&mut self.resumed);
        let found = game::solve::recover::recover_line(&self.level, &resumed);
        for (step, r) in self.steps.iter_mut().zip(found) {
            if *step == Step::Unknown {
                *step = match r {
                    Recovered::Action(a) => Step::Actions(vec![a]),
                    Recovered::Restart => Step::Restart,
                };
            }
        }
    }

    /// I pressed with `done` undo steps done: what to say now (the
    /// message), if anything. Asks for a hint, or spells out the one shown.
    /// A refusal names the keys of `keys`.
    pub fn press(&mut self, done: usize, keys: &Keymap) -> Result<Press, String> {
        if self.job.is_some() {
            return Ok(Press::Thinking);
        }
        if let Some(shown) = &mut self.shown {
            if !shown.spelled && matches!(shown.hint, Hint::Next { .. }) {
                // The words of the hint already counted.
                shown.spelled = true;
                return Ok(Press::Spell);
            }
            return Ok(Press::Again);
        }
        self.recover_resumed();
        let (line, step_sizes) = self.line(done).ok_or_else(|| {
            keys.fill(
                "No hint from here: a step of the game resumed did several things at once; \
                 restart ({restart}) to use hints",
            )
        })?;
        let progress = Arc::new(Progress::new());
        let (send, answer) = mpsc::channel();
        let level = self.level.clone();
        let watch = Arc::clone(&progress);
        let known = self.known.clone();
        let budget = self.budget;
        std::thread::Builder::new()
            .name("hint".into())
            .spawn(move || {
                let known = known.as_ref().map(|(actions, fewest)| Known {
                    actions,
                    fewest: *fewest,
                });
                let _ = send.send(hint(&level, &line, budget, known, Some(&watch)));
            })
            .map_err(|e| format!("No hint: cannot start its search ({e})"))?;
        self.job = Some(Job {
            progress,
            answer,
            step_sizes,
        });
        Ok(Press::Thinking)
    }

    /// The answer of the search under way, once it has come (`wait`: waits
    /// for it).
    pub fn poll(&mut self, wait: bool) -> Option<Result<Hint, HintError>> {
        let job = self.job.as_ref()?;
        let answer = if wait {
            job.answer.recv().ok()
        } else {
            job.answer.try_recv().ok()
        };
        let answer = answer.map(|a| a.map(|hint| in_undo_steps(hint, &job.step_sizes)));
        if answer.is_some() {
            self.job = None;
        }
        if let Some(Ok(hint)) = &answer {
            if matches!(
                hint,
                Hint::Next { .. } | Hint::Unwinnable { .. } | Hint::Rejoin { .. }
            ) {
                self.used += 1;
            }
            self.shown = Some(Shown {
                hint: hint.clone(),
                spelled: false,
            });
        }
        answer
    }
}

impl Drop for Hints {
    fn drop(&mut self) {
        self.position_changed();
    }
}

/// `hint` with its undos counted in undo steps of a line whose steps hold
/// `step_sizes` actions each (the game's hint counts them in actions): a
/// position inside a step done as one (a walk, everyone leaving) is not
/// one undo reaches, so the count goes back to that step's start. For a
/// position that can be won that is sound — an earlier position of the
/// line can play on to the later one — and a known line rejoined inside a
/// walk is rejoined by walking that part again.
fn in_undo_steps(hint: Hint, step_sizes: &[usize]) -> Hint {
    let steps_back = |actions: usize| {
        let mut back = 0;
        let mut steps = 0;
        for size in step_sizes.iter().rev() {
            if back >= actions {
                break;
            }
            back += size;
            steps += 1;
        }
        steps
    };
    match hint {
        Hint::Unwinnable { undos, why } => Hint::Unwinnable {
            undos: undos.map(steps_back),
            why,
        },
        Hint::Rejoin {
            undos,
            from_start,
            turns,
            fewest,
            clears_in,
            from_here,
        } => Hint::Rejoin {
            undos: steps_back(undos),
            from_start,
            turns,
            fewest,
            clears_in,
            from_here,
        },
        other => other,
    }
}

/// What a press of I did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Press {
    /// A search is under way.
    Thinking,
    /// The hint shown is now said in words.
    Spell,
    /// The hint is shown in full already.
    Again,
}

/// The cell `action` acts towards, as far as the action itself says: a
/// move's destination, a levitation's; `None` for the others (they act in
/// the hero's own cell).
pub fn target_cell(action: &Action) -> Option<CellPos> {
    match *action {
        Action::Move {
            to: Target::Cell(c),
            ..
        } => Some(c),
        Action::Levitate { to, .. } => Some(to),
        _ => None,
    }
}

/// "the sorceress" for the hero acting.
pub fn hero_words(stage: &game::stage::Stage, hero: ThingId) -> String {
    format!("the {}", stage.item_name(hero))
}

/// An offer for `action` as the context menu labels one, from its preview.
pub fn offer_of(
    action: Action,
    verdict: Result<Vec<game::action::Event>, game::action::Refusal>,
) -> Offer {
    Offer {
        what: Offered::Do(action),
        cost: 0,
        verdict,
    }
}

/// How soon a line clears the level from here: "Cleared this turn" /
/// "Cleared in 3 turns from here" (the turn under way counted).
pub fn turns_words(turns: u32) -> String {
    if turns == 1 {
        "Cleared this turn".to_string()
    } else {
        format!("Cleared in {turns} turns from here")
    }
}

/// `undos` back (`from_start`: the level's start) the line of play stood on
/// the known line, which clears in `turns` from there (`fewest`: the
/// fewest); from here no line was found within the budget, or (`later`:
/// the turn it clears in, against the known line's) only a later one. The
/// keys are `keys`'.
fn rejoin_words(
    undos: usize,
    from_start: bool,
    turns: u32,
    fewest: bool,
    later: Option<(u32, u32)>,
    keys: &Keymap,
) -> String {
    let undo = if from_start && undos > 1 {
        keys.fill("restart ({restart})")
    } else {
        undo_words(Some(undos), keys)
    };
    let line = if fewest {
        "the shortest line"
    } else {
        "a line that clears it"
    };
    let from = if turns == 1 {
        "that turn".to_string()
    } else {
        format!("{turns} turns from there")
    };
    match later {
        Some((here, back)) => format!(
            "From here the best line found clears in turn {here}; {undo} to be back on {line}, clearing in turn {back}"
        ),
        None => format!(
            "No line found from here within a second; {undo} to be back on {line} ({from})"
        ),
    }
}

impl super::PlayScreen {
    /// Lets the hint know the shipped solution of the level file at `path`
    /// ([`crate::levels::shipped_solution`]; loaded as `shipped`), proven
    /// the fewest turns (a test pins every shipped solution so). Only when
    /// the level is played as shipped — with the equipment it requires
    /// and no other (as the solution was proven; The sunken shrine's
    /// second rope): equipped otherwise, its line may differ. No solution
    /// file: nothing known, nothing said.
    pub fn know_shipped_line(&mut self, path: &std::path::Path, shipped: &Level) {
        use game::equipment::{equip, Loadout};
        let as_played =
            equip(shipped, &Loadout::required(shipped)).unwrap_or_else(|_| shipped.clone());
        if self.hints.level != as_played {
            return;
        }
        if let Some(actions) = crate::levels::shipped_solution(path, &as_played) {
            self.hints.know(actions, true);
        }
    }

    /// I: asks for a hint, or says the one shown in words.
    pub(super) fn hint_key(&mut self) {
        let done = self.session.undo_log().undoable();
        match self.hints.press(done, &self.keys) {
            Ok(Press::Thinking) => self.notify("Hint: thinking…".into()),
            Ok(Press::Spell | Press::Again) => self.show_hint(),
            Err(why) => self.message = Some(super::Message::Refused(why)),
        }
    }

    /// Takes the hint's answer if it has come (`wait`: waits for it) and
    /// shows it.
    pub fn poll_hint(&mut self, wait: bool) {
        match self.hints.poll(wait) {
            None => {}
            Some(Ok(_)) => self.show_hint(),
            Some(Err(e)) => self.message = Some(super::Message::Refused(format!("No hint: {e}"))),
        }
    }

    /// Hints from now on search within `budget` ([`Hints::set_budget`]).
    pub fn set_hint_budget(&mut self, budget: Budget) {
        self.hints.set_budget(budget);
    }

    /// Hints shown this level.
    pub fn hints_used(&self) -> u32 {
        self.hints.used()
    }

    /// What the hint shows, if anything.
    pub fn hint_shown(&self) -> Option<&Shown> {
        self.hints.shown()
    }

    /// The grid cell the hint outlines: where the hinted action goes, or
    /// the acting hero's own cell.
    pub fn hint_cell(&self) -> Option<CellPos> {
        let Hint::Next { action, .. } = self.hints.shown()?.hint else {
            return None;
        };
        if let Some(cell) = target_cell(&action) {
            return Some(cell);
        }
        if let Action::Move {
            to: Target::View(v),
            ..
        } = action
        {
            return self
                .view
                .nodes()
                .iter()
                .find(|n| n.view == v)
                .map(|n| n.cell);
        }
        self.session.stage().cell_of(action.hero()?)
    }

    /// Where the hint's outline is drawn: its cell where the hero sees
    /// it; else at the cell's grid offset from the hero, where the
    /// remembered map draws it (seen before or never).
    pub fn hint_view_pos(&self) -> Option<ViewPos> {
        let cell = self.hint_cell()?;
        if let Some(v) = self.view_pos_of_cell(cell) {
            return Some(v);
        }
        let origin = self.session.stage().cell_of(self.selected_hero()?)?;
        Some(ViewPos::new(cell.x - origin.x, cell.y - origin.y))
    }

    /// Whether the hint's cell is one the party has never seen (nothing is
    /// drawn there but the hint's mark).
    pub fn hint_cell_unseen(&self) -> bool {
        self.hint_cell()
            .is_some_and(|c| self.view_pos_of_cell(c).is_none() && !self.memory.contains(c))
    }

    /// Brings the hint's cell on screen, clear of the HUD, moving the
    /// camera as little as that takes (not at all when it shows already).
    fn bring_hint_into_view(&mut self) {
        if let Some(v) = self.hint_view_pos() {
            let area = self.play_area(self.size_px);
            self.camera
                .bring_into(self.size_px, super::to_vec(v), area, 1.0);
        }
    }

    /// Selects the hinted hero and says the hint on the message line.
    fn show_hint(&mut self) {
        self.show_hint_words();
        self.bring_hint_into_view();
    }

    fn show_hint_words(&mut self) {
        let Some(shown) = self.hints.shown().cloned() else {
            return;
        };
        let text = match shown.hint {
            Hint::Next {
                action,
                turns,
                fewest,
                ..
            } => {
                let Some(hero) = action.hero() else {
                    let how = if shown.spelled {
                        format!(". {}", turns_words(turns))
                    } else {
                        String::new()
                    };
                    return self.notify(format!("Hint: end the turn{how}"));
                };
                if let Some(i) = self.heroes.iter().position(|&h| h == hero) {
                    if self.selected != i {
                        self.select(i);
                    }
                }
                let who = hero_words(self.session.stage(), hero);
                if shown.spelled {
                    let verdict = self.session.preview(&action);
                    let words = match action {
                        Action::Move { .. } => "Move to the outlined cell".to_string(),
                        Action::Levitate { item, .. } => format!(
                            "Levitate the {} to the outlined cell",
                            super::context_menu::item_words(self.session.stage(), hero, item)
                        ),
                        _ => super::context_menu::label(
                            self.session.stage(),
                            hero,
                            &offer_of(action, verdict),
                        ),
                    };
                    let sure = if fewest {
                        "the fewest"
                    } else {
                        "shorter not ruled out"
                    };
                    format!("Hint for {who}: {words}. {} ({sure})", turns_words(turns))
                } else {
                    let again = self.keys.name(Key::Hint);
                    let at = if target_cell(&action).is_some()
                        || matches!(action, Action::Move { .. })
                    {
                        "towards"
                    } else {
                        "in"
                    };
                    format!("Hint: {who}, {at} the outlined cell ({again} again: the action)")
                }
            }
            Hint::Unwinnable { undos, why } => {
                let stage = self.session.stage();
                let why = match why {
                    Why::Caught => super::hud::caught_words(stage, self.danger.glares())
                        .unwrap_or_else(|| "a watcher caught a hero".to_string()),
                    Why::Retreated => "the party left without the relics".to_string(),
                    Why::Stranded(hero) => format!(
                        "{} can no longer get back to the entrance",
                        hero_words(stage, hero)
                    ),
                    Why::OutOfReach(relic) => format!(
                        "no hero able to carry the {} out can reach it",
                        stage.item_name(relic)
                    ),
                    Why::Searched => "every line of play from here was searched".to_string(),
                };
                let undo = undo_words(undos, &self.keys);
                format!("This position cannot be won ({why}): {undo}")
            }
            Hint::Rejoin {
                undos,
                from_start,
                turns,
                fewest,
                from_here,
                clears_in,
            } => rejoin_words(
                undos,
                from_start,
                turns,
                fewest,
                from_here.map(|f| (f, clears_in)),
                &self.keys,
            ),
            Hint::NoAnswer => no_answer_words(self.hints.knows_a_line(), &self.keys),
            Hint::Cleared => return,
        };
        self.notify(text);
    }
}

/// What a hint that found nothing says: never "try again", but what can
/// be done now — restart onto the known line, or undo (the keys of
/// `keys`).
fn no_answer_words(knows_a_line: bool, keys: &Keymap) -> String {
    keys.fill(if knows_a_line {
        "No line found from here within a second: restart ({restart}) to be back at the start of the shortest line"
    } else {
        "No line found from here within a second, and this level has no known solution to lead back to: undo ({undo}) to a position you trust"
    })
}

/// How far to undo, with the key: "undo once (Z)", "undo 3 times (Z)";
/// `None`: not known, "undo (Z) or restart (R)".
fn undo_words(undos: Option<usize>, keys: &Keymap) -> String {
    match undos {
        Some(1) => keys.fill("undo once ({undo})"),
        Some(n) => format!("undo {n} times ({})", keys.name(Key::Undo)),
        None => keys.fill("undo ({undo}) or restart ({restart})"),
    }
}

#[cfg(test)]
mod tests {
    use crate::screens::input::{Chord, Key, Keymap};

    #[test]
    fn a_hint_that_found_nothing_says_what_to_do_never_to_try_again() {
        for knows in [true, false] {
            let said = super::no_answer_words(knows, &Keymap::default());
            assert!(!said.contains("try again"), "{said}");
            assert!(
                said.contains(if knows { "restart (R)" } else { "undo (Z)" }),
                "{said}"
            );
        }
    }

    #[test]
    fn a_hint_that_found_nothing_says_how_far_back_the_known_line_was() {
        let keys = &Keymap::default();
        assert_eq!(
            super::rejoin_words(3, false, 4, true, None, keys),
            "No line found from here within a second; undo 3 times (Z) to be back on the shortest line (4 turns from there)"
        );
        assert_eq!(
            super::rejoin_words(1, false, 1, false, None, keys),
            "No line found from here within a second; undo once (Z) to be back on a line that clears it (that turn)"
        );
        assert_eq!(
            super::rejoin_words(12, true, 5, true, None, keys),
            "No line found from here within a second; restart (R) to be back on the shortest line (5 turns from there)"
        );
        assert_eq!(
            super::rejoin_words(2, false, 4, true, Some((11, 6)), keys),
            "From here the best line found clears in turn 11; undo 2 times (Z) to be back on the shortest line, clearing in turn 6"
        );
        // With other keys, those.
        let mut keys = Keymap::default();
        keys.rebind(Key::Restart, Chord::parse("f5").unwrap())
            .unwrap();
        assert_eq!(
            super::rejoin_words(12, true, 5, true, None, &keys),
            "No line found from here within a second; restart (F5) to be back on the shortest line (5 turns from there)"
        );
        assert_eq!(super::undo_words(None, &keys), "undo (Z) or restart (F5)");
    }
}
