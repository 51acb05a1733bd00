//! The context actions of the selected hero's cell (E, Space, gamepad A,
//! a click on the hero or a right click): what the rules offer the hero
//! here ([`game::action::available`]) — pick up, set down, put in, take
//! out, the rope let down, hoist, lower, take the rope back, tie,
//! levitate, leave — each with its AP cost, then End turn; at the
//! entrance with other heroes, "Everyone here leaves" (all of them, one
//! undo step). What the rules
//! refuse here is listed too, dimmed, after the rest, with the rules'
//! reason ("Hoist the rope (stand in the rope's top cell)"), so a player
//! who cannot do something sees why. The menu decides no rule: entries,
//! costs and reasons are the offers'; it only names and orders them.
//!
//! The menu holds still: the allowed entries come in one fixed order of
//! kinds ([`kind_order`]), whatever the hero's AP, the turn or what the
//! action would bring about — the rope's actions, packing, picking up, the
//! rope let down, levitating, setting down, End turn, and leaving last,
//! then everyone here leaving (never the first entry, so a hero leaves
//! the level only by choosing it) — so where the same actions are allowed, a remembered Down Down
//! Enter picks the same one. The refused entries follow, dimmed, in the
//! same order (one chosen only says why); at most
//! [`REFUSED_ROWS`] rows of them are shown, the rest behind one "more"
//! row that shows them all when chosen ([`Row`]). Each entry names what it
//! acts on ("Tie the bucket to the rope").
//!
//! Enter, Space or a click choose the selected entry; E (the key that
//! opened it) and Escape close the menu, so a press of E too many never
//! acts.
use game::action::offer::everyone_here_leaves;
use game::action::{available, Action, DeployDir, Event, Offer, Offered};
use game::session::Session;
use game::stage::Stage;
use game::things::{Capabilities, ThingId};
use game::view::GridView;
use glam::Vec2;
use render::{DrawList, Font, Rect};

use crate::screens::input::{Input, Key};
use crate::screens::menu::{self, Menu, MenuEvent};

/// What an entry does: an offer of the rules (an action, or a levitation
/// whose destination is chosen next), or everyone at the entrance leaving
/// as one step ([`game::action::offer::everyone_here_leaves`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ContextAction {
    /// This action, as it stands.
    Do(Action),
    /// The sorceress levitates this item; where to is chosen next.
    Levitate(ThingId),
    /// Every hero at the entrance leaves, as one undo step.
    EveryoneLeaves,
}

impl From<Offered> for ContextAction {
    fn from(offered: Offered) -> ContextAction {
        match offered {
            Offered::Do(action) => ContextAction::Do(action),
            Offered::Levitate(item) => ContextAction::Levitate(item),
        }
    }
}

/// The label of the entry that makes everyone at the entrance leave.
pub const EVERYONE_LEAVES: &str = "Everyone here leaves";

/// What an input to the open menu did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuOutcome {
    /// An entry was chosen.
    Chosen(ContextAction),
    /// Escape: the menu closes.
    Close,
}

/// One entry of the menu.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub label: String,
    pub action: ContextAction,
    /// Action points it costs (0: free, shown without a cost).
    pub cost: u8,
    /// Why the rules refuse it now (shown dimmed, so a newcomer sees why
    /// the relic at their feet cannot be picked up); `None`: it works.
    pub refused: Option<String>,
}

impl Entry {
    /// The text drawn: the label and its cost, or why not.
    pub fn text(&self) -> String {
        match (&self.refused, self.cost) {
            (Some(why), _) => {
                let short = why.split(':').next().unwrap_or(why);
                format!("{} ({short})", self.label)
            }
            (None, 0) => self.label.clone(),
            (None, c) => format!("{} · {c} AP", self.label),
        }
    }
}

/// The open menu.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContextMenu {
    /// Every entry: the allowed ones, then the refused ones (shown as
    /// [`ContextMenu::rows`] says).
    pub entries: Vec<Entry>,
    /// Whether the "more" row was chosen: every refused entry is shown.
    expanded: bool,
    /// The selection, an index into [`ContextMenu::rows`].
    pub menu: Menu,
}

/// What a thing is called on screen (`relic`, `bucket`, `rope`…).
pub fn thing_name(stage: &Stage, id: ThingId) -> String {
    stage.item_name(id).to_string()
}

/// What `item` is called on screen for `hero`, told apart from another
/// item of the same name (the level's bucket and the spare one): alone,
/// its name (`bucket`); with a twin, where it is — `bucket in hand`,
/// `bucket the scout holds`, `bucket on the rope`, `bucket in the
/// bucket`, or where it lies: `bucket here`, `bucket at the entrance`,
/// `bucket 2 cells left`, `bucket 1 left, 3 down` (grid cells from the
/// hero) — then, should two still read alike and that tells them apart,
/// what it holds (`bucket here with the statue`, `bucket here, empty`),
/// and last a number by slot (`bucket here (2)`). Every menu entry that names an item names it
/// so.
pub fn item_words(stage: &Stage, hero: ThingId, item: ThingId) -> String {
    let name = thing_name(stage, item);
    let twins: Vec<ThingId> = stage
        .store()
        .iter_kind(game::things::ThingKind::Interactable)
        .map(|(id, _)| id)
        .filter(|&id| thing_name(stage, id) == name)
        .collect();
    if twins.len() < 2 {
        return name;
    }
    let place = |id: ThingId| -> String {
        if let Some(parent) = stage.store().parent(id) {
            return if parent == hero {
                " in hand".into()
            } else if let Some(kind) = stage.hero_kind(parent) {
                format!(" the {} holds", kind.name())
            } else if stage
                .thing(parent)
                .is_some_and(|t| t.kind() == game::things::ThingKind::RopeSegment)
            {
                " on the rope".into()
            } else {
                format!(" in the {}", thing_name(stage, parent))
            };
        }
        let (Some(at), Some(from)) = (stage.cell_of(id), stage.cell_of(hero)) else {
            return String::new();
        };
        if at == from {
            return " here".into();
        }
        if at == stage.entrance() {
            return " at the entrance".into();
        }
        let way = |n: i32, more: &'static str, less: &'static str| match n.signum() {
            0 => None,
            1 => Some((n, more)),
            _ => Some((-n, less)),
        };
        match (
            way(at.x - from.x, "right", "left"),
            way(at.y - from.y, "up", "down"),
        ) {
            (Some((1, dir)), None) | (None, Some((1, dir))) => format!(" 1 cell {dir}"),
            (Some((n, dir)), None) | (None, Some((n, dir))) => format!(" {n} cells {dir}"),
            (Some((nx, x)), Some((ny, y))) => format!(" {nx} {x}, {ny} {y}"),
            (None, None) => String::new(),
        }
    };
    // Where it is, and what it holds where that is not enough.
    let alike_in = |words: &dyn Fn(ThingId) -> String| -> (String, Vec<ThingId>) {
        let mine = words(item);
        let alike = twins
            .iter()
            .copied()
            .filter(|&id| words(id) == mine)
            .collect();
        (mine, alike)
    };
    let (mut mine, mut alike) = alike_in(&place);
    if alike.len() > 1 {
        let held = |id: ThingId| -> String {
            let inside: Vec<String> = stage
                .children(id)
                .into_iter()
                .map(|c| format!("the {}", thing_name(stage, c)))
                .collect();
            match (inside.is_empty(), stage.item_can(id, Capabilities::CONTAIN)) {
                (false, _) => format!("{} with {}", place(id), inside.join(" and ")),
                (true, true) => format!("{}, empty", place(id)),
                (true, false) => place(id),
            }
        };
        let (words, fewer) = alike_in(&held);
        if fewer.len() < alike.len() {
            (mine, alike) = (words, fewer);
        }
    }
    match alike.iter().position(|&id| id == item) {
        Some(i) if alike.len() > 1 => format!("{name}{mine} ({})", i + 1),
        _ => format!("{name}{mine}"),
    }
}

/// The label of `offer` for `hero`: what it does and what it acts on,
/// named from the events it would have where it is allowed, each item
/// told apart from a twin ([`item_words`]).
pub(super) fn label(stage: &Stage, hero: ThingId, offer: &Offer) -> String {
    let name = |id: ThingId| item_words(stage, hero, id);
    let held = stage.held(hero);
    let events: &[Event] = offer.verdict.as_deref().unwrap_or(&[]);
    let attached = events.iter().find_map(|e| match e {
        Event::Attach { child, parent } => Some((*child, *parent)),
        _ => None,
    });
    let action = match offer.what {
        Offered::Levitate(item) => return format!("Levitate {}…", item_words(stage, hero, item)),
        Offered::Do(action) => action,
    };
    match action {
        Action::PickUp { item, .. } => match item {
            Some(i) => format!("Pick up {}", name(i)),
            None => "Pick up".into(),
        },
        Action::SetDown { .. } => {
            // Where it will land, if not here: set down on a rope, it falls.
            let fallen = events
                .iter()
                .find_map(|e| match e {
                    Event::Move { thing, path, .. } if Some(*thing) == held => Some(path.len()),
                    _ => None,
                })
                .unwrap_or(0);
            match (held, fallen) {
                (Some(h), 0) => format!("Set down {}", name(h)),
                (Some(h), 1) => format!("Set down {} (it falls 1 cell)", name(h)),
                (Some(h), n) => format!("Set down {} (it falls {n} cells)", name(h)),
                (None, _) => "Set down".into(),
            }
        }
        Action::PutIn { .. } => {
            let container = attached.map(|(_, c)| c).or_else(|| {
                let cell = stage.cell_of(hero)?;
                game::action::items::container_in(stage, cell, held)
            });
            match (held, container) {
                (Some(h), Some(c)) => format!("Put {} in the {}", name(h), name(c)),
                (Some(h), None) => format!("Put {} in", name(h)),
                _ => "Put in".into(),
            }
        }
        // Refused too, it names what and of what ("too heavy" for whom
        // is the reason's).
        Action::TakeOut { .. } => match game::action::items::take_out_of(stage, hero) {
            Ok((item, container)) => format!("Take {} out of the {}", name(item), name(container)),
            Err(_) => "Take it out".into(),
        },
        Action::DeployRope { dir, .. } => match dir {
            DeployDir::Down => "Let the rope down here".into(),
            DeployDir::Left => "Let the rope down left".into(),
            DeployDir::Right => "Let the rope down right".into(),
        },
        Action::Hoist { .. } => "Hoist the rope".into(),
        Action::Lower { .. } => "Lower the rope".into(),
        Action::TakeRope { .. } => "Take the rope back".into(),
        // A coil of rope in hand at a rope's end: "the rope" twice would
        // not say which is which.
        Action::Tie { .. } => match attached.map(|(child, _)| child).or(held) {
            Some(item) if stage.is_rope(item) => {
                "Tie the rope in hand to the end of the hanging rope".into()
            }
            Some(item) => format!("Tie the {} to the rope", name(item)),
            None => "Tie something to the rope".into(),
        },
        Action::Exit { .. } => match held {
            Some(h) => format!("Leave the level with {}", name(h)),
            None => "Leave the level".into(),
        },
        Action::Move { .. } | Action::Levitate { .. } => "Move".into(),
        Action::EndTurn => "End turn".into(),
    }
}

/// The place of an action's kind in the menu's one fixed order (see the
/// module docs): what the rope does (hoisting a load up), then packing
/// (tying to the rope, putting in, taking out: a load that can go up the
/// rope is better tied than carried), then picking up; letting the rope
/// down, levitating, setting down, lowering, taking the rope back; End
/// turn; leaving last.
pub fn kind_order(action: &ContextAction) -> u8 {
    match action {
        ContextAction::Do(a) => match a {
            Action::Hoist { .. } => 0,
            // Offered only at a rope's end, with something that hangs:
            // tying it is what a player came down for (an empty bucket
            // tied before the load goes in), picking it up a press below.
            Action::Tie { .. } => 1,
            Action::PutIn { .. } => 2,
            Action::TakeOut { .. } => 3,
            Action::PickUp { .. } => 4,
            Action::DeployRope { dir, .. } => match dir {
                DeployDir::Down => 5,
                DeployDir::Left => 6,
                DeployDir::Right => 7,
            },
            Action::SetDown { .. } => 9,
            Action::Lower { .. } => 10,
            Action::TakeRope { .. } => 11,
            Action::Move { .. } | Action::Levitate { .. } => 12,
            Action::EndTurn => 13,
            // Never first: after End turn (see the module docs).
            Action::Exit { .. } => 14,
        },
        ContextAction::Levitate(_) => 8,
        // Last: after this hero's own leaving.
        ContextAction::EveryoneLeaves => 15,
    }
}

/// The most rows the refused entries take: as many entries, or one fewer
/// and the "more" row that shows the rest.
pub const REFUSED_ROWS: usize = 3;

/// One row of the menu as shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Row<'a> {
    /// An entry: an action, allowed or refused.
    Entry(&'a Entry),
    /// "More": this many refused entries not shown yet; chosen, it shows
    /// them.
    More(usize),
}

impl Row<'_> {
    /// The text drawn.
    pub fn text(&self) -> String {
        match self {
            Row::Entry(e) => e.text(),
            Row::More(n) => format!("More… ({n} not possible now)"),
        }
    }
}

impl ContextMenu {
    /// What the rules offer `hero` here, in the menu's order (see the
    /// module docs): allowed actions, End turn, leaving, then what is
    /// refused, dimmed, with why. `view` is the hero's view (what the
    /// sorceress sees to levitate). Empty once the level is over.
    pub fn build(session: &mut Session, view: &GridView, hero: ThingId) -> ContextMenu {
        let stage = session.stage();
        // While the level is played there is always End turn; once it is
        // over, nothing (the screen says why).
        if stage.outcome() != game::stage::Outcome::Playing {
            return ContextMenu::new(Vec::new());
        }
        let mut entries: Vec<Entry> = available(stage, view, hero)
            .into_iter()
            .map(|offer| Entry {
                label: label(stage, hero, &offer),
                action: offer.what.into(),
                cost: offer.cost,
                refused: offer.refusal().map(|why| why.to_string()),
            })
            .collect();
        // Everyone at the entrance at once, where more than this hero
        // stands there: allowed when the rules let each of them leave.
        if let Some(verdict) = everyone_here_leaves(stage, hero) {
            entries.push(Entry {
                label: EVERYONE_LEAVES.into(),
                action: ContextAction::EveryoneLeaves,
                cost: 0,
                refused: verdict.err().map(|why| why.to_string()),
            });
        }
        entries.push(Entry {
            label: "End turn".into(),
            action: ContextAction::Do(Action::EndTurn),
            cost: 0,
            refused: None,
        });
        // A stable sort: two offers of one kind (two items to pick up)
        // keep the rules' order.
        entries.sort_by_key(|e| (e.refused.is_some(), kind_order(&e.action)));
        ContextMenu::new(entries)
    }

    /// A closed-up menu of `entries` (allowed ones first, then the
    /// refused ones), the first selected.
    pub fn new(entries: Vec<Entry>) -> ContextMenu {
        ContextMenu {
            entries,
            expanded: false,
            menu: Menu::default(),
        }
    }

    /// The rows shown, top to bottom: every allowed entry, then the
    /// refused ones — all of them once expanded or when they fit in
    /// [`REFUSED_ROWS`] rows, else the first `REFUSED_ROWS - 1` and the
    /// "more" row.
    pub fn rows(&self) -> Vec<Row<'_>> {
        let allowed = self.entries.iter().filter(|e| e.refused.is_none()).count();
        let refused = self.entries.len() - allowed;
        let shown = if self.expanded || refused <= REFUSED_ROWS {
            self.entries.len()
        } else {
            allowed + REFUSED_ROWS - 1
        };
        let mut rows: Vec<Row> = self.entries[..shown].iter().map(Row::Entry).collect();
        if shown < self.entries.len() {
            rows.push(Row::More(self.entries.len() - shown));
        }
        rows
    }

    /// The rectangles of the rows ([`ContextMenu::rows`]) when the menu
    /// opens beside the hero's cell (centred on `anchor`, `cell_px` wide on
    /// screen) on a drawable of `size`, kept inside it and clear of the
    /// HUD's bars. The menu's frame never covers the hero's cell: it goes
    /// right of the cell and its neighbours (the cells the hero's actions
    /// act on) if it fits there, else left of them, else right or left of
    /// the cell alone, else below or above it. It is placed, and sized
    /// across, as if every entry were shown, so choosing "more" only adds
    /// rows below: the rows shown stay where they were.
    pub fn layout(&self, anchor: Vec2, cell_px: f32, size: Vec2, scale: f32) -> Vec<Rect> {
        let margin = 8.0 * scale;
        let item = Vec2::new(
            self.item_width(scale).min(size.x - 2.0 * margin).round(),
            (34.0 * scale).round(),
        );
        let step = (40.0 * scale).round();
        let n = self.rows().len();
        let height = step * self.entries.len() as f32;
        // The frame drawn around the entries (`draw`), and a gap.
        let pad = 10.0 * scale + 4.0 * scale;
        let (bar_top, bar_bottom) = (64.0 * scale, 120.0 * scale);
        let top = (anchor.y - height / 2.0)
            .min(size.y - height - bar_bottom)
            .max(bar_top);
        let column = |left: f32, top: f32| menu::column(left + item.x / 2.0, top, n, item, step);
        // Beside: the column's left edge right of, or right edge left of,
        // `reach` cells' half-widths from the hero's centre.
        for reach in [1.5, 0.5] {
            let right = anchor.x + reach * cell_px + pad;
            if right + item.x + margin <= size.x {
                return column(right, top);
            }
            let left = anchor.x - reach * cell_px - pad - item.x;
            if left >= margin {
                return column(left, top);
            }
        }
        // Too narrow: under the cell, or over it.
        let left = (anchor.x - item.x / 2.0)
            .min(size.x - item.x - margin)
            .max(margin);
        let below = anchor.y + 0.5 * cell_px + pad;
        if below + height <= size.y - margin {
            return column(left, below);
        }
        let above = anchor.y - 0.5 * cell_px - pad - height;
        column(left, above.max(margin))
    }

    /// How wide the rows are: 300 px at scale 1, or wider to hold the
    /// longest text of an entry shown or not (a refused entry with its
    /// reason) or of the "more" row, at about 0.56 em a character of the
    /// 18 px menu text, with room either side.
    fn item_width(&self, scale: f32) -> f32 {
        let longest = self
            .entries
            .iter()
            .map(|e| e.text().chars().count())
            .chain(self.rows().iter().map(|r| r.text().chars().count()))
            .max()
            .unwrap_or(0);
        (300.0 * scale).max((longest as f32 * 0.56 * 18.0 + 28.0) * scale)
    }

    /// Applies one input to the rows drawn at `rects`: what it asks for,
    /// if anything. E closes the menu as Escape does (Enter and Space
    /// choose); the "more" row, chosen, shows every refused entry, the
    /// selection on the first of those it showed.
    pub fn handle(&mut self, input: Input, rects: &[Rect]) -> Option<MenuOutcome> {
        if input == Input::Key(Key::Context) {
            return Some(MenuOutcome::Close);
        }
        let chosen = match self.menu.handle(input, rects)? {
            MenuEvent::Chosen(i) => i,
            MenuEvent::Back => return Some(MenuOutcome::Close),
        };
        match self.rows().get(chosen)? {
            Row::Entry(e) => Some(MenuOutcome::Chosen(e.action)),
            Row::More(_) => {
                self.expanded = true;
                None
            }
        }
    }

    /// Draws the menu (UI pass).
    pub fn draw(&self, list: &mut DrawList, font: &mut Font, rects: &[Rect], scale: f32) {
        if let (Some(first), Some(last)) = (rects.first(), rects.last()) {
            let pad = 10.0 * scale;
            let frame = Rect::new(
                first.x - pad,
                first.y - pad,
                first.w + 2.0 * pad,
                last.y + last.h - first.y + 2.0 * pad,
            );
            menu::overlay_panel(list, frame, scale);
        }
        let text_px = (18.0 * scale).round().max(6.0);
        for (i, (row, rect)) in self.rows().iter().zip(rects).enumerate() {
            menu::draw_item(
                list,
                font,
                *rect,
                &row.text(),
                i == self.menu.selected,
                !matches!(
                    row,
                    Row::Entry(Entry {
                        refused: Some(_),
                        ..
                    })
                ),
                text_px,
                scale,
            );
        }
    }
}

#[cfg(test)]
mod tests;
