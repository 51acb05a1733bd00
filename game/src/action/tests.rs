//! The rules of play (`docs/RULES.md`), tested the way a player meets them: a small
//! level written inline, a few actions through a [`Session`], and what the
//! player would notice — where each hero and item is, the action points
//! left, what is held, the turn, and the refusal's sentence when an action
//! cannot be done. Every rule is tested without portals and through them.
//!
//! One file per rule area under `tests/`; the helpers are here. Every
//! performed action is followed by a full `validate()` of the store, and
//! every refused action must leave the state and the undo log untouched.

mod falls;
mod items;
mod levitate;
mod movement;
mod rope;
mod turns;
mod watchers;
mod winning;
mod without;

use super::event::spent;
use super::{Action, DeployDir, Event, MoveKind, Refusal, Target};
use crate::grid::CellPos;
use crate::level::load_text;
use crate::session::Session;
use crate::stage::{Outcome, Stage};
use crate::things::{ThingId, ThingKind};
use crate::view::ViewPos;

// ---------------------------------------------------------------------------
// Scenes shared by several rule areas.
// ---------------------------------------------------------------------------

/// A shaft under a platform: the entrance 0,3 and 1,3 above it, the shaft
/// x = 1 from y = 2 down to the floor at y = 0.
const SHAFT: &str = "
    #######
    #@....#
    ###-###
    ###.###
    ###.###
    ###.###
    ###.###
    ###.###
    #######";

/// A shaft six cells deep at x = 1, beside the entrance at 0,5.
const DEEP: &str = "
    #######
    #@....#
    ###.###
    ###.###
    ###.###
    ###.###
    ###.###
    ###.###
    ###.###
    ###.###
    ###.###
    ###.###
    #######";

/// Grid art lines may be indented in the test source; this is the art as
/// the loader wants it.
fn art(grid: &str) -> String {
    grid.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}

/// A test level: its grid art, `[things]` lines and `[portals]` lines.
fn level_text(grid: &str, things: &str, portals: &str) -> String {
    let things: Vec<&str> = things
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let mut text = format!(
        "[level]\nname = \"Rules test\"\n\n[grid]\n{}\n\n[things]\n{}\n",
        art(grid),
        things.join("\n")
    );
    if !portals.trim().is_empty() {
        text.push_str(&format!("\n[portals]\n{}\n", portals.trim()));
    }
    text
}

/// A cell.
const fn c(x: i32, y: i32) -> CellPos {
    CellPos::new(x, y)
}

/// One test level in play.
struct Play {
    s: Session,
}

impl Play {
    fn new(grid: &str, things: &str, portals: &str) -> Play {
        let text = level_text(grid, things, portals);
        let level = load_text("test.txt", &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        let s = Session::new(&level).expect("the level sets up");
        s.stage().store().validate().expect("valid from the start");
        Play { s }
    }

    /// The shipped level `levels/<stem>.txt`, as play starts it.
    fn shipped(stem: &str) -> Play {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../levels")
            .join(format!("{stem}.txt"));
        let level = crate::level::load_file(&path).unwrap_or_else(|e| panic!("{stem}: {e}"));
        let s = Session::new(&level).expect("the level sets up");
        Play { s }
    }

    /// The same level with `without`'s abilities switched off.
    fn without(mut self, without: super::abilities::Without) -> Play {
        self.s.set_without(without);
        self
    }

    fn stage(&self) -> &Stage {
        self.s.stage()
    }

    /// The Thing with level id `name`.
    fn id(&self, name: &str) -> ThingId {
        self.stage()
            .find(name)
            .unwrap_or_else(|| panic!("no `{name}` in the level"))
    }

    /// Where `name` is.
    fn at(&self, name: &str) -> CellPos {
        self.stage().cell_of(self.id(name)).expect("live")
    }

    /// `name`'s action points left.
    fn ap(&self, name: &str) -> u8 {
        self.stage()
            .thing(self.id(name))
            .expect("live")
            .data
            .action_points
    }

    /// The level id (or item name) of what `hero` holds.
    fn held(&self, hero: &str) -> Option<String> {
        let held = self.stage().held(self.id(hero))?;
        Some(
            self.stage()
                .id_name(held)
                .unwrap_or(self.stage().item_name(held))
                .to_string(),
        )
    }

    /// The level id of what `thing` hangs from, is held by or lies in.
    fn parent_name(&self, thing: &str) -> Option<String> {
        let parent = self.stage().store().parent(self.id(thing))?;
        Some(
            self.stage()
                .id_name(parent)
                .unwrap_or(self.stage().item_name(parent))
                .to_string(),
        )
    }

    fn turn(&self) -> u32 {
        self.stage().turn()
    }

    fn outcome(&self) -> Outcome {
        self.stage().outcome()
    }

    /// Cells of every rope segment, top first per rope, ropes in slot order.
    fn segment_cells(&self) -> Vec<CellPos> {
        let stage = self.stage();
        stage
            .of_kind(ThingKind::Interactable)
            .into_iter()
            .filter(|&r| stage.is_rope(r))
            .flat_map(|r| stage.rope_segments(r))
            .map(|s| stage.cell_of(s).expect("live segment"))
            .collect()
    }

    /// Performs `action`; on success the store must still be valid and one
    /// undo step recorded; on refusal nothing may change.
    fn act(&mut self, action: Action) -> Result<Vec<Event>, Refusal> {
        let hash = self.s.state_hash();
        let steps = self.s.undo_log().undoable();
        let result = self.s.perform(&action);
        match &result {
            Ok(_) => {
                if let Err(e) = self.s.stage().store().validate() {
                    panic!("after {action:?}: {e}");
                }
                assert_eq!(self.s.undo_log().undoable(), steps + 1, "one undo step");
            }
            Err(_) => {
                assert_eq!(self.s.state_hash(), hash, "a refusal changes nothing");
                assert_eq!(self.s.undo_log().undoable(), steps, "and records nothing");
            }
        }
        result
    }

    /// Performs `action`, which must be accepted.
    fn ok(&mut self, action: Action) -> Vec<Event> {
        self.act(action)
            .unwrap_or_else(|r| panic!("{action:?} refused: {r}"))
    }

    /// Performs `action`, which must be refused; the refusal's sentence.
    /// Why `action` was refused, in the player's words — with the cell
    /// named where the refusal carries one (the player's words never do),
    /// so tests check which cell.
    fn refused(&mut self, action: Action) -> String {
        match self.act(action) {
            Ok(events) => panic!("{action:?} was accepted: {events:?}"),
            Err(Refusal::Unreachable(c)) => format!("no way to get to {c}"),
            Err(Refusal::MidAir { lands, cells }) => {
                format!("cannot stop in mid-air: lands at {lands}, {cells} down")
            }
            Err(Refusal::NotVisible(c)) => format!("cell {c} is not in sight"),
            Err(r) => r.to_string(),
        }
    }

    fn move_to(&self, hero: &str, x: i32, y: i32) -> Action {
        Action::Move {
            hero: self.id(hero),
            to: Target::Cell(c(x, y)),
        }
    }

    fn move_to_view(&self, hero: &str, x: i32, y: i32) -> Action {
        Action::Move {
            hero: self.id(hero),
            to: Target::View(ViewPos::new(x, y)),
        }
    }

    /// Moves `hero` to `(x, y)`, which must be accepted; the path walked.
    fn go(&mut self, hero: &str, x: i32, y: i32) -> Vec<(CellPos, MoveKind)> {
        let action = self.move_to(hero, x, y);
        path_of(&self.ok(action))
    }

    /// Moves `hero` to view cell `(x, y)`, which must be accepted; the path.
    fn go_view(&mut self, hero: &str, x: i32, y: i32) -> Vec<(CellPos, MoveKind)> {
        let action = self.move_to_view(hero, x, y);
        path_of(&self.ok(action))
    }

    fn pick_up(&self, hero: &str) -> Action {
        Action::PickUp {
            hero: self.id(hero),
            item: None,
        }
    }

    fn pick_up_item(&self, hero: &str, item: &str) -> Action {
        Action::PickUp {
            hero: self.id(hero),
            item: Some(self.id(item)),
        }
    }

    fn set_down(&self, hero: &str) -> Action {
        Action::SetDown {
            hero: self.id(hero),
        }
    }

    fn put_in(&self, hero: &str) -> Action {
        Action::PutIn {
            hero: self.id(hero),
        }
    }

    fn take_out(&self, hero: &str) -> Action {
        Action::TakeOut {
            hero: self.id(hero),
        }
    }

    fn deploy(&self, hero: &str, dir: DeployDir) -> Action {
        Action::DeployRope {
            hero: self.id(hero),
            dir,
        }
    }

    fn hoist(&self, hero: &str) -> Action {
        Action::Hoist {
            hero: self.id(hero),
        }
    }

    fn lower(&self, hero: &str) -> Action {
        Action::Lower {
            hero: self.id(hero),
        }
    }

    fn take_rope(&self, hero: &str) -> Action {
        Action::TakeRope {
            hero: self.id(hero),
        }
    }

    fn tie(&self, hero: &str) -> Action {
        Action::Tie {
            hero: self.id(hero),
        }
    }

    fn levitate(&self, hero: &str, item: &str, x: i32, y: i32) -> Action {
        Action::Levitate {
            hero: self.id(hero),
            item: self.id(item),
            to: c(x, y),
        }
    }

    fn exit(&self, hero: &str) -> Action {
        Action::Exit {
            hero: self.id(hero),
        }
    }
}

/// The path of the (first) move in `events`: each cell and how it was
/// entered.
fn path_of(events: &[Event]) -> Vec<(CellPos, MoveKind)> {
    events
        .iter()
        .find_map(|e| match e {
            Event::Move { path, .. } => Some(path.iter().map(|s| (s.cell, s.kind)).collect()),
            _ => None,
        })
        .unwrap_or_default()
}
