//! The actions of a `sim` script, the language shipped solutions
//! (`levels/solutions/*.sim`) are written in: a line read as the action it
//! names for the selected hero, and a whole script read as the line of
//! play it is (the line a hint knows).
//!
//! Actions: `move X Y`, `pickup [ITEM]`, `drop`, `put-in`, `take-out`,
//! `deploy-rope down|left|right`, `hoist`, `lower`, `take-rope`, `tie`,
//! `levitate ITEM X Y`, `exit`, `end-turn`. `select HERO` picks who acts:
//! the first hero at the start, the next one still in the level when the
//! selected one leaves. HERO and ITEM are ids from the level file; `#`
//! starts a comment. The `sim` tool reads the same lines and adds its
//! queries (`show`, `view`, `hash`) and `undo`, `redo`, `restart`.

use crate::action::{Action, DeployDir, Refusal, Target};
use crate::grid::CellPos;
use crate::level::Level;
use crate::session::Session;
use crate::stage::Stage;
use crate::things::{ThingFlags, ThingId};

/// The hero a script's actions apply to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Selection {
    selected: Option<ThingId>,
}

fn parse_i32(word: Option<&str>, what: &str) -> Result<i32, String> {
    let word = word.ok_or_else(|| format!("missing {what}"))?;
    word.parse()
        .map_err(|_| format!("{what} must be a whole number, got `{word}`"))
}

/// The thing `word` names in `stage` (`what` for the error).
pub fn thing(stage: &Stage, word: Option<&str>, what: &str) -> Result<ThingId, String> {
    let word = word.ok_or_else(|| format!("missing {what}"))?;
    stage
        .find(word)
        .ok_or_else(|| format!("no {what} `{word}` in this level"))
}

/// Why `select` was not done.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SelectError {
    /// The line is wrong: no such hero, or not a hero.
    Bad(String),
    /// The rules refuse it: the hero has left.
    Refused(String),
}

impl Selection {
    /// The first hero of `stage` selected.
    pub fn new(stage: &Stage) -> Selection {
        Selection {
            selected: stage.active_heroes().first().copied(),
        }
    }

    /// The selected hero.
    pub fn get(&self) -> Option<ThingId> {
        self.selected
    }

    fn hero(&self) -> Result<ThingId, String> {
        self.selected.ok_or_else(|| "no hero selected".to_string())
    }

    /// `select WORD`: the hero it names, if still in the level.
    pub fn select(&mut self, stage: &Stage, word: Option<&str>) -> Result<ThingId, SelectError> {
        let hero = thing(stage, word, "hero").map_err(SelectError::Bad)?;
        if stage.hero_kind(hero).is_none() {
            return Err(SelectError::Bad(format!(
                "`{}` is not a hero",
                word.unwrap_or("")
            )));
        }
        if stage.has_flag(hero, ThingFlags::EXITED) {
            return Err(SelectError::Refused(Refusal::HeroHasLeft.to_string()));
        }
        self.selected = Some(hero);
        Ok(hero)
    }

    /// After an action: a selected hero who left can act no more, so the
    /// next hero still in the level is selected.
    pub fn after_action(&mut self, stage: &Stage) {
        if self
            .selected
            .is_some_and(|h| stage.has_flag(h, ThingFlags::EXITED))
        {
            self.selected = stage.active_heroes().first().copied().or(self.selected);
        }
    }

    /// The action `command` (its arguments in `words`) names for the
    /// selected hero; `None`: `command` is not an action.
    pub fn action<'a>(
        &self,
        stage: &Stage,
        command: &str,
        words: &mut impl Iterator<Item = &'a str>,
    ) -> Result<Option<Action>, String> {
        let action = match command {
            "move" => {
                let x = parse_i32(words.next(), "X")?;
                let y = parse_i32(words.next(), "Y")?;
                Action::Move {
                    hero: self.hero()?,
                    to: Target::Cell(CellPos::new(x, y)),
                }
            }
            "pickup" => {
                let item = match words.next() {
                    Some(w) => Some(thing(stage, Some(w), "item")?),
                    None => None,
                };
                Action::PickUp {
                    hero: self.hero()?,
                    item,
                }
            }
            "drop" => Action::SetDown { hero: self.hero()? },
            "put-in" => Action::PutIn { hero: self.hero()? },
            "take-out" => Action::TakeOut { hero: self.hero()? },
            "deploy-rope" => {
                let dir = match words.next() {
                    Some("down") => DeployDir::Down,
                    Some("left") => DeployDir::Left,
                    Some("right") => DeployDir::Right,
                    other => {
                        return Err(format!(
                            "deploy-rope takes down, left or right, got {other:?}"
                        ))
                    }
                };
                Action::DeployRope {
                    hero: self.hero()?,
                    dir,
                }
            }
            "hoist" => Action::Hoist { hero: self.hero()? },
            "lower" => Action::Lower { hero: self.hero()? },
            "take-rope" => Action::TakeRope { hero: self.hero()? },
            "tie" => Action::Tie { hero: self.hero()? },
            "levitate" => {
                let item = thing(stage, words.next(), "item")?;
                let x = parse_i32(words.next(), "X")?;
                let y = parse_i32(words.next(), "Y")?;
                Action::Levitate {
                    hero: self.hero()?,
                    item,
                    to: CellPos::new(x, y),
                }
            }
            "exit" => Action::Exit { hero: self.hero()? },
            "end-turn" => Action::EndTurn,
            _ => return Ok(None),
        };
        Ok(Some(action))
    }
}

/// The actions a script plays on `level`, in order, each performed as it
/// is read (`select` and the queries act on nothing and are left out). An
/// error names the first line that is not an action the rules accept, or
/// an `undo`, `redo` or `restart` (a line of play has none).
pub fn script_actions(level: &Level, script: &str) -> Result<Vec<Action>, String> {
    let mut session = Session::new(level).map_err(|e| e.to_string())?;
    session.set_self_checks(false);
    let mut selection = Selection::new(session.stage());
    let mut actions = Vec::new();
    for (n, raw) in script.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        let at = |e: String| format!("line {}: {e}", n + 1);
        let mut words = line.split_whitespace();
        let command = match words.next() {
            None => continue,
            Some(c) => c,
        };
        match command {
            "undo" | "redo" | "restart" => {
                return Err(at(format!("`{command}` is not part of a line of play")))
            }
            "select" => {
                selection
                    .select(session.stage(), words.next())
                    .map_err(|e| match e {
                        SelectError::Bad(e) | SelectError::Refused(e) => at(e),
                    })?;
                continue;
            }
            "show" | "view" | "hash" => continue,
            _ => {}
        }
        let action = selection
            .action(session.stage(), command, &mut words)
            .map_err(at)?
            .ok_or_else(|| at(format!("unknown command `{command}`")))?;
        if let Some(extra) = words.next() {
            return Err(at(format!("unexpected `{extra}` after `{command}`")));
        }
        session
            .perform(&action)
            .map_err(|r| at(format!("`{line}` is refused: {r}")))?;
        selection.after_action(session.stage());
        actions.push(action);
    }
    Ok(actions)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::fixtures::{level, LOOP_BACK};

    #[test]
    fn a_script_reads_as_the_actions_it_plays_and_a_bad_line_is_named() {
        let lvl = level(LOOP_BACK);
        let knight = Session::new(&lvl).unwrap().stage().find("knight").unwrap();
        let script = "# a comment\n\nselect knight\nmove 1 0 # on\nshow\nend-turn\n";
        assert_eq!(
            script_actions(&lvl, script),
            Ok(vec![
                Action::Move {
                    hero: knight,
                    to: Target::Cell(CellPos::new(1, 0)),
                },
                Action::EndTurn
            ])
        );
        assert_eq!(
            script_actions(&lvl, "end-turn\nundo\n"),
            Err("line 2: `undo` is not part of a line of play".to_string())
        );
        assert_eq!(
            script_actions(&lvl, "fly 1 2\n"),
            Err("line 1: unknown command `fly`".to_string())
        );
        assert_eq!(
            script_actions(&lvl, "select relic\n"),
            Err("line 1: `relic` is not a hero".to_string())
        );
        let refused = script_actions(&lvl, "end-turn\nmove 99 99\n").unwrap_err();
        assert!(
            refused.starts_with("line 2: `move 99 99` is refused"),
            "{refused}"
        );
    }
}
