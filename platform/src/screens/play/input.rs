//! The play screen's input: keys, clicks and the pointer turned into
//! session calls and screen state — moves by destination (a click, the
//! arrows, the target cursor of `cursor`), the context menu, hero
//! selection, the hovered move's preview.
//!
//! The arrows move by one cell with the rules' own move search
//! ([`movement::reachable`]), never a rule of their own: Left/Right take
//! the cheapest move into the next column (a walk, a walk and a fall, else
//! a step up); Up climbs the rope, or off a rope (or at its top) steps up
//! the way the hero faces (the last Left/Right; the only side with a step
//! up, if one has none) — one cell, or two for the scout where one is not
//! there; Down climbs down. A key move that costs more than one action
//! point says so on the message line.
use game::action::{movement, Action, Refusal, Target};
use game::grid::CellPos;
use game::stage::Outcome;
use game::things::ThingId;
use game::view::ViewPos;
use glam::Vec2;

use super::camera::{ui_scale, Projection};
use super::context_menu::{ContextAction, ContextMenu, MenuOutcome};
use super::hud::{self, Message};
use super::mode::Mode;
use super::preview::{self, Preview};
use super::tween::{self};
use super::{to_vec, PlayAction, PlayScreen};
use crate::screens::input::{Input, Key};

impl PlayScreen {
    /// Applies one input on a drawable of `size_px`.
    pub fn handle(&mut self, input: Input, size_px: (u32, u32)) -> Option<PlayAction> {
        self.size_px = size_px;
        // Pixels map to cells as the last frame drew them (mid-tween too).
        let drawn = self.projection(size_px);
        if !matches!(input, Input::MouseMove(_)) {
            // A new input finishes the running tween and the ropes' motion
            // at once.
            self.tween = None;
            self.motion.finish();
        }
        if self.mode.help_open() {
            match input {
                Input::Key(Key::Help | Key::Escape) | Input::Click(_) => {
                    self.mode.close_help();
                    return None;
                }
                Input::Key(Key::Left | Key::Right | Key::NextHero | Key::PrevHero) => {
                    self.help_page = self.help_page.turned();
                    return None;
                }
                Input::MouseMove(_) => {}
                _ => self.mode.close_help(),
            }
        }
        if self.mode.context().is_some() {
            return self.handle_context(input, size_px);
        }
        if let Some(aim) = self.mode.aiming() {
            if let Some(done) = self.handle_aiming(aim, input, &drawn) {
                return done;
            }
        }
        if self.mode.intro_open() && !matches!(input, Input::MouseMove(_)) {
            *self.mode.base_mut() = Mode::Normal;
            if super::intro::only_closes(&input) {
                return None;
            }
        }
        if self.mode.confirming_end_turn() && !matches!(input, Input::MouseMove(_)) {
            *self.mode.base_mut() = Mode::Normal;
            self.message = None;
            match input {
                // Enter again (a gamepad's Back or A) ends it.
                Input::Key(Key::Enter | Key::EndTurn | Key::Space) => {
                    return self.perform(Action::EndTurn)
                }
                // Escape only cancels the question.
                Input::Key(Key::Escape) => return None,
                // Anything else goes on and does what it does: E opens the
                // actions menu on the turn as it stands.
                _ => {}
            }
        }
        // The first Enter after a refusal reads the message, not ends the
        // turn: a player pressing E, Enter and Enter again on a "Can't…"
        // must not end rounds by accident.
        if matches!(input, Input::Key(Key::Enter))
            && matches!(self.message, Some(Message::Refused(_)))
        {
            self.message = None;
            return None;
        }
        let hero = self.selected_hero()?;
        match input {
            Input::Key(Key::Left) => return self.step(hero, -1),
            Input::Key(Key::Right) => return self.step(hero, 1),
            Input::Key(Key::Up) => return self.up(hero),
            Input::Key(Key::Down) => return self.down(hero),
            Input::Key(Key::Target) => self.aim_move(),
            Input::Key(Key::NextHero) => self.cycle_hero(1),
            Input::Key(Key::PrevHero) => self.cycle_hero(-1),
            Input::Key(Key::Hero(n)) => self.select(n as usize),
            Input::Key(Key::Context | Key::Space) => self.open_context(hero),
            Input::Key(Key::Enter | Key::EndTurn) => return self.end_turn(),
            Input::Key(Key::Undo) => self.undo(),
            Input::Key(Key::Redo) => self.redo(),
            Input::Key(Key::Restart) => self.restart(),
            Input::Key(Key::Escape) => return Some(PlayAction::Pause),
            Input::Key(Key::Help) => self.mode.open_help(),
            Input::Key(Key::ZoomIn) => {
                self.camera.zoom_in();
                self.refresh_hover();
            }
            Input::Key(Key::ZoomOut) => {
                self.camera.zoom_out();
                self.refresh_hover();
            }
            Input::Key(Key::PanLeft) => self.pan_camera(Vec2::new(-1.0, 0.0)),
            Input::Key(Key::PanRight) => self.pan_camera(Vec2::new(1.0, 0.0)),
            Input::Key(Key::PanUp) => self.pan_camera(Vec2::new(0.0, 1.0)),
            Input::Key(Key::PanDown) => self.pan_camera(Vec2::new(0.0, -1.0)),
            Input::Key(Key::Overview) => self.toggle_overview(),
            Input::Key(Key::Hint) => self.hint_key(),
            Input::Key(Key::Recentre) => self.recentre_camera(),
            Input::Key(Key::Fullscreen | Key::Screenshot | Key::Mute) => {}
            Input::MouseMove(p) => {
                self.mouse = Some(p);
                self.refresh_hover();
            }
            Input::Click(p) => {
                self.mouse = Some(p);
                return self.click(hero, p, &drawn);
            }
            Input::RightClick(p) => {
                self.mouse = Some(p);
                self.open_context(hero);
            }
        }
        None
    }

    pub(super) fn hud_layout(&self, size_px: (u32, u32)) -> hud::HudLayout {
        let size = Vec2::new(size_px.0 as f32, size_px.1 as f32);
        hud::layout(size, self.heroes.len(), ui_scale(size_px))
    }

    /// Whether pixel `p` is over the HUD rather than the world.
    pub fn over_hud(&self, p: Vec2, size_px: (u32, u32)) -> bool {
        let l = self.hud_layout(size_px);
        l.bar.contains(p) || l.hint_band.contains(p) || l.portrait_at(p).is_some()
    }

    pub(super) fn click(
        &mut self,
        hero: ThingId,
        p: Vec2,
        drawn: &Projection,
    ) -> Option<PlayAction> {
        let l = self.hud_layout(self.size_px);
        if let Some(i) = l.portrait_at(p) {
            self.select(i);
            return None;
        }
        if l.bar.contains(p) || l.hint_band.contains(p) {
            return None;
        }
        let v = drawn.cell_at(p);
        if v == ViewPos::default() {
            self.open_context(hero);
            return None;
        }
        if self.view.nodes_at(v).next().is_none() {
            // Not in sight there: on the remembered map, a move to the
            // cell shown (the rules say whether and how); never seen, why
            // not.
            return self.move_to(hero, v);
        }
        if let Some(watcher) = super::danger::watcher_at(self.session.stage(), &self.view, v) {
            // Clicking a watcher looks at it (its route stays drawn while
            // pointed at); walking into it takes the arrows.
            self.message = Some(Message::Info(super::danger::legend(
                self.session.stage(),
                watcher,
            )));
            return None;
        }
        self.move_to(hero, v)
    }

    pub(super) fn handle_context(
        &mut self,
        input: Input,
        size_px: (u32, u32),
    ) -> Option<PlayAction> {
        let rects = self.context_rects(size_px);
        let input = match input {
            Input::Key(Key::Help) => {
                self.mode.open_help();
                return None;
            }
            Input::Click(p) | Input::RightClick(p) if !rects.iter().any(|r| r.contains(p)) => {
                self.mode.close_context();
                return None;
            }
            other => other,
        };
        let Mode::Context(menu) = self.mode.base_mut() else {
            return None;
        };
        match menu.handle(input, &rects) {
            Some(MenuOutcome::Close) => self.mode.close_context(),
            // End turn from the menu asks what Enter asks.
            Some(MenuOutcome::Chosen(ContextAction::Do(Action::EndTurn))) => {
                self.mode.close_context();
                return self.end_turn();
            }
            Some(MenuOutcome::Chosen(ContextAction::Do(action))) => {
                self.mode.close_context();
                return self.perform(action);
            }
            Some(MenuOutcome::Chosen(ContextAction::EveryoneLeaves)) => {
                self.mode.close_context();
                return self.everyone_leaves();
            }
            Some(MenuOutcome::Chosen(ContextAction::Levitate(item))) => {
                self.mode.close_context();
                self.message = Some(Message::Info(format!(
                    "Levitate the {}: {} or the mouse choose where it goes, {} sends it, {} cancels",
                    self.item_words(item),
                    self.keys.set_name(&crate::screens::input::keymap::MOVES),
                    self.keys.name(Key::Enter),
                    self.keys.name(Key::Escape)
                )));
                // The target cursor starts on the item itself.
                self.aim_levitation(item);
            }
            None => {}
        }
        None
    }

    /// Sends the levitated `item` to view cell `v`: the cell seen there,
    /// else the one at that grid offset from the hero, where the
    /// remembered map draws it (the rules say why not; a refusal is the
    /// message).
    pub(super) fn levitate_to(
        &mut self,
        hero: ThingId,
        item: ThingId,
        v: ViewPos,
    ) -> Option<PlayAction> {
        let seen = self.view.nodes_at(v).next().map(|n| n.cell);
        let cell = seen.or_else(|| {
            let at = self.session.stage().cell_of(hero)?;
            Some(CellPos::new(at.x + v.x, at.y + v.y))
        })?;
        self.perform(Action::Levitate {
            hero,
            item,
            to: cell,
        })
    }

    /// The context menu's entry rectangles.
    pub fn context_rects(&self, size_px: (u32, u32)) -> Vec<render::Rect> {
        let Some(menu) = self.mode.context() else {
            return Vec::new();
        };
        let proj = self.projection(size_px);
        menu.layout(
            proj.cell_centre(ViewPos::default()),
            proj.cell_px,
            proj.size,
            ui_scale(size_px),
        )
    }

    pub(super) fn open_context(&mut self, hero: ThingId) {
        if let Err(why @ Refusal::HeroHasLeft) = game::action::may_act(self.session.stage(), hero) {
            self.message = Some(Message::Refused(why.to_string()));
            return;
        }
        let menu = ContextMenu::build(&mut self.session, &self.view, hero);
        if menu.entries.is_empty() {
            // The level is over: why, in the rules' words.
            let why = game::action::execute(
                self.session.stage(),
                &mut game::view::GridView::new(),
                &Action::Exit { hero },
            )
            .err()
            .map_or_else(|| "nothing to do here".to_string(), |r| r.to_string());
            self.message = Some(Message::Refused(why));
            return;
        }
        self.preview = None;
        *self.mode.base_mut() = Mode::Context(menu);
    }

    /// Enter: ends the turn — after asking, when the setting is on and a
    /// known watcher will catch a hero (see [`super::danger`]) or a hero
    /// still in the level has action points left.
    pub(super) fn end_turn(&mut self) -> Option<PlayAction> {
        let stage = self.session.stage();
        let caught: Vec<String> = self
            .danger
            .caught_if_ended_now()
            .iter()
            .map(|&(hero, watcher)| {
                format!(
                    "the {} will be seen by the {}",
                    stage.item_name(hero),
                    stage.item_name(watcher)
                )
            })
            .collect();
        let left: Vec<String> = stage
            .active_heroes()
            .into_iter()
            .filter_map(|h| {
                let ap = stage.thing(h)?.data.action_points;
                (ap > 0).then(|| format!("the {} has {ap} AP", stage.item_name(h)))
            })
            .collect();
        let nothing_to_ask = caught.is_empty() && left.is_empty();
        if !self.confirm_end_turn || nothing_to_ask || stage.outcome() != Outcome::Playing {
            return self.perform(Action::EndTurn);
        }
        *self.mode.base_mut() = Mode::ConfirmEndTurn;
        self.preview = None;
        let question = if caught.is_empty() {
            format!("End the turn? {}", capitalised(&left.join(", ")))
        } else {
            format!("{} — end the turn anyway?", capitalised(&caught.join(", ")))
        };
        let answer = self.keys.fill("{enter} ends it, {escape} goes on");
        self.message = Some(if caught.is_empty() {
            Message::Info(format!("{question}. {answer}"))
        } else {
            Message::Warning(format!("{question} {answer}"))
        });
        None
    }

    /// The view cells the hero's one-action-point moves end in (whatever
    /// AP are left: with none, the move chosen is refused for want of
    /// them, not for want of a way).
    pub(super) fn one_ap_moves(&self, hero: ThingId) -> Vec<ViewPos> {
        movement::reachable(self.session.stage(), &self.view, hero, 1)
            .into_iter()
            .filter(|&(_, _, cost)| cost == 1)
            .map(|(v, _, _)| v)
            .collect()
    }

    /// Left/Right: the cheapest move to the neighbouring column — a walk
    /// (falling if it must), else a step up. The hero now faces that way.
    pub(super) fn step(&mut self, hero: ThingId, dx: i32) -> Option<PlayAction> {
        self.facing = Some(dx);
        let mut options: Vec<ViewPos> = self
            .one_ap_moves(hero)
            .into_iter()
            .filter(|v| v.x == dx)
            .collect();
        // A plain walk first, then a walk and a fall, then a step up.
        options.sort_by_key(|v| (v.y != 0, v.y > 0, v.y.abs()));
        let to = options.first().copied().unwrap_or(ViewPos::new(dx, 0));
        self.key_move(hero, to)
    }

    /// Up: climb the rope, along its way (sideways, where it runs through
    /// a portal in the wall); where there is no climbing up, step up — the
    /// way the hero faces, else straight on (a step up through a turning
    /// portal can end right above), else the other way; the lower step
    /// first (a scout's two-cell step where there is no one-cell step).
    /// With none, the cheapest way to the cell above, if any (the message
    /// tells its cost when over 1 AP), or why not.
    pub(super) fn up(&mut self, hero: ThingId) -> Option<PlayAction> {
        if let Some(v) = self.along_rope(hero, true) {
            return self.key_move(hero, v);
        }
        let above = ViewPos::new(0, 1);
        let facing = self.facing.unwrap_or(1);
        let to = self
            .one_ap_moves(hero)
            .into_iter()
            .filter(|v| v.y > 0)
            .min_by_key(|v| (*v != above, -(v.x * facing).signum(), v.y))
            .unwrap_or(above);
        if to == above && self.view.nodes_at(above).next().is_none() {
            // Rock overhead and no step up either side: say that, not
            // that the rock is out of sight.
            self.message = Some(Message::Refused(
                "no way up from here: no rope to climb, no step up beside".into(),
            ));
            self.cues.push(crate::audio::Cue::Refused);
            return None;
        }
        self.key_move(hero, to)
    }

    /// Down: down the rope (through a portal in the wall, if it goes that
    /// way), else to the cell below.
    pub(super) fn down(&mut self, hero: ThingId) -> Option<PlayAction> {
        let to = self.along_rope(hero, false).unwrap_or(ViewPos::new(0, -1));
        self.key_move(hero, to)
    }

    /// The view cell of the next cell along the rope the hero hangs on
    /// (toward the anchor if `up`), where a one-action-point move reaches
    /// it: the rope's way, which may run sideways through a portal.
    fn along_rope(&self, hero: ThingId, up: bool) -> Option<ViewPos> {
        let stage = self.session.stage();
        let next = stage.along_rope(stage.cell_of(hero)?, up)?;
        let straight = ViewPos::new(0, if up { 1 } else { -1 });
        movement::reachable(stage, &self.view, hero, 1)
            .into_iter()
            .filter(|&(_, cell, cost)| cell == next && cost == 1)
            .map(|(v, _, _)| v)
            .min_by_key(|&v| {
                (
                    v != straight,
                    (v.x - straight.x).abs() + (v.y - straight.y).abs(),
                )
            })
    }

    /// A move by an arrow key to view cell `v`: what a click there does;
    /// one that costs more than one action point says so on the message
    /// line ("Step up 1 (1 AP) · walk 1 through a portal (1 AP) = 2 AP"), as the
    /// mouse hover (and the target cursor) says it before.
    pub(super) fn key_move(&mut self, hero: ThingId, v: ViewPos) -> Option<PlayAction> {
        let action = Action::Move {
            hero,
            to: Target::View(v),
        };
        let note = self
            .session
            .preview(&action)
            .ok()
            .and_then(|events| preview::cost_note(&events));
        let result = self.perform(action);
        if matches!(self.message, None | Some(Message::Info(_))) {
            if let Some(note) = note {
                self.message = Some(Message::Info(note));
            }
        }
        result
    }

    /// A click's move to view cell `v` (or the target cursor's): the rules
    /// are asked for [`PlayScreen::move_target`]; where nothing is drawn
    /// (never seen), nothing is done and the message says why
    /// ([`PlayScreen::unseen_refusal`]).
    pub(super) fn move_to(&mut self, hero: ThingId, v: ViewPos) -> Option<PlayAction> {
        if let Some(why) = self.unseen_refusal(hero, v) {
            self.message = Some(Message::Refused(why));
            self.cues.push(crate::audio::Cue::Refused);
            return None;
        }
        if let Some(cell) = self.walk_target(hero, v) {
            return self.walk_to(hero, cell);
        }
        self.perform(Action::Move {
            hero,
            to: self.move_target(v),
        })
    }

    /// The remembered grid cell at view cell `v` that a click walks to
    /// (`walk`): one the party remembers, out of sight, that the rules'
    /// one move does not reach (it goes only where the hero sees); `None`
    /// where a click makes one move.
    pub(super) fn walk_target(&mut self, hero: ThingId, v: ViewPos) -> Option<CellPos> {
        let cell = self.remembered_at(v)?;
        let one_move = self.session.preview(&Action::Move {
            hero,
            to: Target::Cell(cell),
        });
        match one_move {
            Ok(_) | Err(Refusal::NotEnoughAp { .. } | Refusal::AlreadyThere) => None,
            Err(_) => Some(cell),
        }
    }

    /// The grid cell the remembered map shows at view cell `v`: where the
    /// hero sees nothing now, the cell at that grid offset from the hero's
    /// (where the map draws it), if the party has seen it this level.
    pub(super) fn remembered_at(&self, v: ViewPos) -> Option<CellPos> {
        if self.view.nodes_at(v).next().is_some() {
            return None;
        }
        let origin = self.session.stage().cell_of(self.selected_hero()?)?;
        let cell = CellPos::new(origin.x + v.x, origin.y + v.y);
        self.memory.contains(cell).then_some(cell)
    }

    /// What a click on view cell `v` asks the rules for: a move to the
    /// view cell where the hero sees it, to the grid cell where the
    /// remembered map shows one (the rules path there if sight does, and
    /// else say why).
    pub(super) fn move_target(&self, v: ViewPos) -> Target {
        match self.remembered_at(v) {
            Some(cell) => Target::Cell(cell),
            None => Target::View(v),
        }
    }

    /// Why `hero` cannot go to view cell `v` where nothing is drawn (not
    /// in sight, never seen): the rules' refusal where a wall beside the
    /// hero hides it, else that it is not in sight. `None` where something is
    /// drawn (in sight, or remembered).
    pub(super) fn unseen_refusal(&mut self, hero: ThingId, v: ViewPos) -> Option<String> {
        if self.view.nodes_at(v).next().is_some() || self.remembered_at(v).is_some() {
            return None;
        }
        let asked = self.session.preview(&Action::Move {
            hero,
            to: Target::View(v),
        });
        asked.err().map(|refusal| refusal.to_string())
    }

    /// Recomputes the hovered cell and its preview from the last pointer
    /// position (while the target cursor is out: the cursor's preview).
    pub(super) fn refresh_hover(&mut self) {
        if self.mode.aiming().is_some() {
            self.set_hover(self.hover);
            return;
        }
        self.set_hover(self.cell_under_pointer());
    }

    /// The view cell under the pointer, as this frame draws it, in sight
    /// or on the remembered map (none over the HUD).
    pub(super) fn cell_under_pointer(&self) -> Option<ViewPos> {
        let size_px = self.size_px;
        self.mouse
            .filter(|&p| !self.over_hud(p, size_px))
            .map(|p| self.projection(size_px).cell_at(p))
            .filter(|&v| self.view.nodes_at(v).next().is_some() || self.remembered_at(v).is_some())
    }

    /// Whether the pointer rests on the map over a cell no hero has seen
    /// (neither in sight nor remembered): nothing is known there.
    pub(super) fn points_at_unseen(&self) -> bool {
        self.mouse.is_some_and(|p| !self.over_hud(p, self.size_px))
            && self.cell_under_pointer().is_none()
    }

    /// Points at view cell `hover` (by the pointer, or the target cursor)
    /// and previews what would happen there.
    pub(super) fn set_hover(&mut self, hover: Option<ViewPos>) {
        self.hover = hover;
        self.preview = None;
        self.watcher_shown =
            hover.and_then(|v| super::danger::watcher_at(self.session.stage(), &self.view, v));
        let (Some(v), Some(hero)) = (hover, self.selected_hero()) else {
            return;
        };
        if game::action::may_act(self.session.stage(), hero).is_err() {
            return;
        }
        if let Some(item) = self.mode.levitating() {
            let Some(cell) = self.view.nodes_at(v).next().map(|n| n.cell) else {
                return;
            };
            // On the item itself (where the cursor starts): nothing to
            // preview yet.
            if self.session.stage().cell_of(item) == Some(cell) {
                return;
            }
            let start = self
                .session
                .stage()
                .cell_of(item)
                .and_then(|c| tween::nearest_position(&self.view, c, Vec2::ZERO))
                .unwrap_or_default();
            let outcome = self
                .session
                .preview(&Action::Levitate {
                    hero,
                    item,
                    to: cell,
                })
                .map(|events| preview::path_of(&events, start, &self.view));
            self.preview = Some(Preview::new(v, outcome));
            return;
        }
        // A watcher under the pointer shows its route instead of a move (a
        // click on it looks at it); under the target cursor, whose Enter
        // moves there, it shows the move too.
        let aiming = self.mode.aiming().is_some();
        if v == ViewPos::default() || (self.watcher_shown.is_some() && !aiming) {
            return;
        }
        if let Some(cell) = self.walk_target(hero, v) {
            let outcome = self.walk_of(hero, cell).map(|w| self.walk_preview(&w));
            self.preview = Some(Preview::new(v, outcome));
            return;
        }
        let to = self.move_target(v);
        let outcome = self
            .session
            .preview(&Action::Move { hero, to })
            .map(|events| preview::path_of(&events, ViewPos::default(), &self.view));
        self.preview = Some(Preview::new(v, outcome));
    }

    pub(super) fn cycle_hero(&mut self, by: i32) {
        let n = self.heroes.len() as i32;
        let stage = self.session.stage();
        if let Some(i) = (1..=n)
            .map(|k| (self.selected as i32 + by * k).rem_euclid(n) as usize)
            .find(|&i| !stage.has_left(self.heroes[i]))
        {
            self.select(i);
        }
    }

    /// Selects hero `index`; the camera stays, or glides as little as
    /// brings the new hero clear.
    pub fn select(&mut self, index: usize) {
        let Some(&hero) = self.heroes.get(index) else {
            return;
        };
        let stage = self.session.stage();
        if let Err(why @ Refusal::HeroHasLeft) = game::action::may_act(stage, hero) {
            self.message = Some(Message::Refused(why.to_string()));
            return;
        }
        if index == self.selected {
            return;
        }
        let old_cell = self.selected_hero().and_then(|h| stage.cell_of(h));
        let new_cell = stage.cell_of(hero);
        self.selected = index;
        self.mode.close_context();
        self.mode.stop_aiming();
        self.facing = None;
        self.tween = None;
        self.rebuild_view();
        if let (Some(old), Some(new)) = (old_cell, new_cell) {
            // Where the old hero stands in the new hero's view: the map
            // stays put, and moves only if the new hero is not clear.
            let from = tween::nearest_position(&self.view, old, Vec2::ZERO)
                .map(to_vec)
                .unwrap_or_else(|| Vec2::new((old.x - new.x) as f32, (old.y - new.y) as f32));
            self.follow_origin(from);
        }
        self.message = None;
        self.refresh_hover();
    }
}

/// `text` with its first letter upper case.
fn capitalised(text: &str) -> String {
    let mut out = text.to_string();
    if let Some(first) = out.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    out
}
