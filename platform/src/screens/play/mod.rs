//! The play screen: one level in play through the selected hero's eyes.
//!
//! State and input live here; each concern has its own file: [`camera`]
//! (easing, zoom; the projection and the world drawing are shared with
//! the editor in `screens::world`), [`danger`] (what the watchers in sight will see),
//! [`preview`] (the hovered move's path), [`tween`]
//! (what moved, drawn moving), [`context_menu`] (the actions of the hero's
//! cell), [`hud`] and [`help`].
//!
//! [`PlayScreen::handle`] turns one [`Input`] into session calls —
//! preview, perform, undo, redo, restart — and screen state; it needs no GL,
//! so tests drive it with synthetic input. [`PlayScreen::draw`] turns the
//! state into draw-list calls. The simulation never sees the screen: the
//! screen only calls `game::session::Session`.
//!
//! Moves go by destination: the mouse points at a view cell and the session
//! plans the move there in the hero's GridView (the same view drawn here, so
//! `Target::View` means what the player sees); the arrows step to the
//! neighbouring view cell (Left/Right walk, stepping up or falling as the
//! rules say; Up/Down climb).
pub mod camera;
pub mod context_menu;
pub mod danger;
pub mod fixtures;
pub mod help;
pub mod hud;
pub mod mode;
pub mod preview;
pub mod tween;

use game::action::{movement, Action, Event, Refusal, Target};
use game::grid::CellPos;
use game::level::Level;
use game::session::Session;
use game::stage::{Outcome, SIGHT_RADIUS};
use game::things::{ThingFlags, ThingId};
use game::undo::StepKind as UndoKind;
use game::view::{GridView, ViewPos};
use glam::Vec2;
use log::debug;
use render::{DrawList, Font, Pass, Rgba, SpriteAtlas};

use crate::progress::LevelResult;
use crate::screens::input::{Input, Key};
use crate::screens::world::{self, CellLayout, Scene, ViewCellSet, WorldSprites};
use camera::{ui_scale, Camera, Projection};
use context_menu::{thing_name, ContextAction, ContextMenu, MenuOutcome};
use danger::Danger;
use hud::Message;
use mode::Mode;
use preview::Preview;
use tween::{Change, Tween};

/// The clear colour behind the play screen.
pub const CLEAR: Rgba = world::DARK;

/// What the play screen asks of the screens around it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayAction {
    /// Open the pause menu.
    Pause,
    /// Every hero has left: show the results.
    Won(LevelResult),
}

/// The ways things took in one undo step (the hero's walk, a levitated
/// item's flight), in the view space of the hero who planned them, to
/// animate undo and redo along them.
#[derive(Clone, Debug, PartialEq)]
struct StepWays {
    /// The selected hero when the step was done: the ways are in their view.
    planner: ThingId,
    /// Each moving thing with its points, the first where it started.
    ways: Vec<(ThingId, Vec<Vec2>)>,
}

/// Which way a change of state went, for its tween.
enum Direction {
    Forward(Option<StepWays>),
    Back(Option<StepWays>),
}

/// One level in play (see the module docs).
pub struct PlayScreen {
    pub session: Session,
    pub level_name: String,
    /// Every hero, in level order (those who left included).
    heroes: Vec<ThingId>,
    /// Index into `heroes`.
    selected: usize,
    /// The selected hero's view, and the one drawn before the last change.
    view: GridView,
    old_view: GridView,
    pub camera: Camera,
    /// The last pointer position, in drawable pixels.
    mouse: Option<Vec2>,
    /// The view cell under the pointer, if the hero sees it.
    hover: Option<ViewPos>,
    preview: Option<Preview>,
    message: Option<Message>,
    tween: Option<Tween>,
    /// Moving, the context menu, levitation targeting, or help over one.
    mode: Mode,
    /// The ways of each undo step (index = step), `None` for steps
    /// without any.
    history: Vec<Option<StepWays>>,
    reachable: ViewCellSet,
    /// What the watchers in sight will see, over the selected hero's view.
    danger: Danger,
    /// The drawable size of the last input or frame.
    size_px: (u32, u32),
}

fn to_vec(v: ViewPos) -> Vec2 {
    Vec2::new(v.x as f32, v.y as f32)
}

impl PlayScreen {
    /// Starts `level`.
    pub fn new(level: &Level) -> Result<PlayScreen, game::stage::StageError> {
        let session = Session::new(level)?;
        let heroes = session.stage().heroes();
        let mut screen = PlayScreen {
            session,
            level_name: level.name.clone(),
            heroes,
            selected: 0,
            view: GridView::new(),
            old_view: GridView::new(),
            camera: Camera::default(),
            mouse: None,
            hover: None,
            preview: None,
            message: None,
            tween: None,
            mode: Mode::Normal,
            history: Vec::new(),
            reachable: ViewCellSet::default(),
            danger: Danger::default(),
            size_px: (1280, 720),
        };
        screen.rebuild_view();
        Ok(screen)
    }

    /// The heroes, in level order.
    pub fn heroes(&self) -> &[ThingId] {
        &self.heroes
    }

    /// The selected hero.
    pub fn selected_hero(&self) -> Option<ThingId> {
        self.heroes.get(self.selected).copied()
    }

    /// The selected hero's view, as drawn.
    pub fn view(&self) -> &GridView {
        &self.view
    }

    /// The danger overlay: grid cells the watchers in sight will see.
    pub fn danger(&self) -> &Danger {
        &self.danger
    }

    /// The preview of the pointed-at move, if any.
    pub fn preview(&self) -> Option<&Preview> {
        self.preview.as_ref()
    }

    /// The view cell under the pointer, if seen.
    pub fn hover(&self) -> Option<ViewPos> {
        self.hover
    }

    /// The message line.
    pub fn message(&self) -> Option<&Message> {
        self.message.as_ref()
    }

    /// The open context menu, if any.
    pub fn context_menu(&self) -> Option<&ContextMenu> {
        self.mode.context()
    }

    /// The running tween, if any.
    pub fn tween(&self) -> Option<&Tween> {
        self.tween.as_ref()
    }

    /// Shows `text` on the message line.
    pub fn notify(&mut self, text: String) {
        self.message = Some(Message::Info(text));
    }

    /// Whether the help panel is open.
    pub fn help_open(&self) -> bool {
        self.mode.help_open()
    }

    /// Rebuilds the selected hero's GridView alone (what a frame would pay
    /// if it rebuilt sight every frame; the screen rebuilds on changes).
    pub fn build_view(&mut self) {
        let stage = self.session.stage();
        if let Some(cell) = self.selected_hero().and_then(|h| stage.cell_of(h)) {
            self.view.build(stage.grid(), cell, SIGHT_RADIUS);
        }
    }

    /// Rebuilds the selected hero's view, what it can reach and what the
    /// watchers in sight will see.
    pub fn rebuild_view(&mut self) {
        self.build_view();
        let stage = self.session.stage();
        let Some(hero) = self.selected_hero() else {
            return;
        };
        if stage.has_flag(hero, ThingFlags::EXITED) {
            self.danger.clear();
        } else {
            self.danger.rebuild(stage, &self.view);
        }
        self.reachable.clear();
        let ap = stage.thing(hero).map_or(0, |t| t.data.action_points);
        if stage.outcome() == Outcome::Playing && !stage.has_flag(hero, ThingFlags::EXITED) {
            for (v, _, _) in movement::reachable(stage, &self.view, hero, ap) {
                self.reachable.insert(v);
            }
        }
    }

    /// Where the selected hero is drawn, in view space (the origin, or on
    /// the way there while a tween runs).
    pub fn hero_position(&self) -> Vec2 {
        self.selected_hero()
            .and_then(|h| self.tween.as_ref()?.position_of(h))
            .unwrap_or(Vec2::ZERO)
    }

    /// The projection for a drawable of `size_px`.
    pub fn projection(&self, size_px: (u32, u32)) -> Projection {
        self.camera.projection(size_px, self.hero_position())
    }

    /// Where grid cell `cell` is drawn on screen (the copy nearest the
    /// hero), if the hero sees it.
    pub fn screen_pos_of_cell(&self, cell: CellPos, size_px: (u32, u32)) -> Option<Vec2> {
        let v = tween::nearest_position(&self.view, cell, Vec2::ZERO)?;
        Some(self.projection(size_px).cell_centre(v))
    }

    /// Advances animation by `dt_s` seconds.
    pub fn update(&mut self, dt_s: f32) {
        if let Some(t) = &mut self.tween {
            if !t.update(dt_s) {
                self.tween = None;
            }
        }
        self.camera.update(dt_s);
    }

    /// Finishes the running tween and camera glide at once.
    pub fn settle(&mut self) {
        self.tween = None;
        self.camera.settle();
    }

    /// Applies one input on a drawable of `size_px`.
    pub fn handle(&mut self, input: Input, size_px: (u32, u32)) -> Option<PlayAction> {
        self.size_px = size_px;
        // Pixels map to cells as the last frame drew them (mid-tween too).
        let drawn = self.projection(size_px);
        if !matches!(input, Input::MouseMove(_)) {
            // A new input finishes the running tween at once.
            self.tween = None;
        }
        if self.mode.help_open() {
            match input {
                Input::Key(Key::Help | Key::Escape) | Input::Click(_) => {
                    self.mode.close_help();
                    return None;
                }
                Input::MouseMove(_) => {}
                _ => self.mode.close_help(),
            }
        }
        if self.mode.context().is_some() {
            return self.handle_context(input, size_px);
        }
        if let Some(item) = self.mode.levitating() {
            if let Some(done) = self.handle_levitation(item, input, &drawn) {
                return done;
            }
        }
        let hero = self.selected_hero()?;
        match input {
            Input::Key(Key::Left) => return self.step(hero, -1),
            Input::Key(Key::Right) => return self.step(hero, 1),
            Input::Key(Key::Up) => return self.move_to(hero, ViewPos::new(0, 1)),
            Input::Key(Key::Down) => return self.move_to(hero, ViewPos::new(0, -1)),
            Input::Key(Key::NextHero) => self.cycle_hero(1),
            Input::Key(Key::PrevHero) => self.cycle_hero(-1),
            Input::Key(Key::Hero(n)) => self.select(n as usize),
            Input::Key(Key::Context | Key::Space) => self.open_context(hero),
            Input::Key(Key::Enter | Key::EndTurn) => return self.perform(Action::EndTurn),
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
            Input::Key(Key::Fullscreen | Key::Screenshot) => {}
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

    fn hud_layout(&self, size_px: (u32, u32)) -> hud::HudLayout {
        let size = Vec2::new(size_px.0 as f32, size_px.1 as f32);
        hud::layout(size, self.heroes.len(), ui_scale(size_px))
    }

    /// Whether pixel `p` is over the HUD rather than the world.
    pub fn over_hud(&self, p: Vec2, size_px: (u32, u32)) -> bool {
        let l = self.hud_layout(size_px);
        l.bar.contains(p) || l.portrait_at(p).is_some()
    }

    fn click(&mut self, hero: ThingId, p: Vec2, drawn: &Projection) -> Option<PlayAction> {
        let l = self.hud_layout(self.size_px);
        if let Some(i) = l.portrait_at(p) {
            self.select(i);
            return None;
        }
        if l.bar.contains(p) {
            return None;
        }
        let v = drawn.cell_at(p);
        if v == ViewPos::default() {
            self.open_context(hero);
            return None;
        }
        if self.view.nodes_at(v).next().is_none() {
            self.message = Some(Message::Refused("that cell is not in sight".into()));
            return None;
        }
        self.move_to(hero, v)
    }

    fn handle_context(&mut self, input: Input, size_px: (u32, u32)) -> Option<PlayAction> {
        let rects = self.context_rects(size_px);
        let input = match input {
            Input::Key(Key::Context) => Input::Key(Key::Enter),
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
            Some(MenuOutcome::Chosen(ContextAction::Do(action))) => {
                self.mode.close_context();
                return self.perform(action);
            }
            Some(MenuOutcome::Chosen(ContextAction::Levitate(item))) => {
                *self.mode.base_mut() = Mode::Levitating(item);
                self.preview = None;
                self.message = Some(Message::Info(format!(
                    "Levitate the {}: click where it goes",
                    thing_name(self.session.stage(), item)
                )));
            }
            None => {}
        }
        None
    }

    /// Levitation targeting: `Some(result)` when the input was used.
    fn handle_levitation(
        &mut self,
        item: ThingId,
        input: Input,
        drawn: &Projection,
    ) -> Option<Option<PlayAction>> {
        let hero = self.selected_hero()?;
        match input {
            Input::Key(Key::Escape) | Input::RightClick(_) => {
                self.mode.stop_levitating();
                self.preview = None;
                self.message = None;
                Some(None)
            }
            Input::MouseMove(p) => {
                self.mouse = Some(p);
                self.refresh_hover();
                Some(None)
            }
            Input::Click(p) if !self.over_hud(p, self.size_px) => {
                let v = drawn.cell_at(p);
                let Some(cell) = self.view.nodes_at(v).next().map(|n| n.cell) else {
                    self.message = Some(Message::Refused("that cell is not in sight".into()));
                    return Some(None);
                };
                let result = self.perform(Action::Levitate {
                    hero,
                    item,
                    to: cell,
                });
                if !matches!(self.message, Some(Message::Refused(_))) {
                    self.mode.stop_levitating();
                }
                Some(result)
            }
            Input::Key(Key::Help) => None,
            _ => {
                // Anything else gives up choosing and is handled as usual.
                self.mode.stop_levitating();
                self.preview = None;
                None
            }
        }
    }

    /// The context menu's entry rectangles.
    pub fn context_rects(&self, size_px: (u32, u32)) -> Vec<render::Rect> {
        let Some(menu) = self.mode.context() else {
            return Vec::new();
        };
        let proj = self.projection(size_px);
        menu.layout(
            proj.cell_centre(ViewPos::default()),
            proj.size,
            ui_scale(size_px),
        )
    }

    fn open_context(&mut self, hero: ThingId) {
        if self.session.stage().has_flag(hero, ThingFlags::EXITED) {
            self.message = Some(Message::Refused("that hero has left the level".into()));
            return;
        }
        let menu = ContextMenu::build(&mut self.session, &self.view, hero);
        if menu.entries.is_empty() {
            self.message = Some(Message::Refused(
                "nothing to do here (Enter ends the turn)".into(),
            ));
            return;
        }
        self.preview = None;
        *self.mode.base_mut() = Mode::Context(menu);
    }

    /// Left/Right: the cheapest move to the neighbouring column — a walk
    /// (falling if it must), else a step up.
    fn step(&mut self, hero: ThingId, dx: i32) -> Option<PlayAction> {
        let stage = self.session.stage();
        let ap = stage.thing(hero).map_or(0, |t| t.data.action_points);
        let mut options: Vec<ViewPos> = movement::reachable(stage, &self.view, hero, ap.min(1))
            .into_iter()
            .filter(|(v, _, cost)| v.x == dx && *cost == 1)
            .map(|(v, _, _)| v)
            .collect();
        // A plain walk first, then a walk and a fall, then a step up.
        options.sort_by_key(|v| (v.y != 0, v.y > 0, v.y.abs()));
        let to = options.first().copied().unwrap_or(ViewPos::new(dx, 0));
        self.move_to(hero, to)
    }

    fn move_to(&mut self, hero: ThingId, v: ViewPos) -> Option<PlayAction> {
        self.perform(Action::Move {
            hero,
            to: Target::View(v),
        })
    }

    /// Performs `action`; a refusal becomes the message.
    pub fn perform(&mut self, action: Action) -> Option<PlayAction> {
        let before = tween::places(self.session.stage());
        let done_before = self.session.undo_log().undoable();
        match self.session.perform(&action) {
            Ok(events) => {
                let path = self.step_ways(&events);
                if self.session.undo_log().undoable() == done_before + 1 {
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
                let stage = self.session.stage();
                if stage.outcome() == Outcome::Won {
                    return Some(PlayAction::Won(LevelResult {
                        relics: stage.relics_recovered() as u32,
                        relics_total: stage.relics_total() as u32,
                        turns: stage.turn(),
                    }));
                }
            }
            Err(refusal) => {
                debug!("refused {action:?}: {refusal}");
                self.message = Some(Message::Refused(refusal.to_string()));
            }
        }
        None
    }

    /// The ways of the moves among `events` that were planned in the
    /// view (every step seen), while the view is still the one they were
    /// planned in.
    fn step_ways(&self, events: &[Event]) -> Option<StepWays> {
        let hero = self.selected_hero()?;
        let ways: Vec<(ThingId, Vec<Vec2>)> = events
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
                    Some((*thing, points))
                }
                _ => None,
            })
            .collect();
        (!ways.is_empty()).then_some(StepWays {
            planner: hero,
            ways,
        })
    }

    fn undo(&mut self) {
        let done = self.session.undo_log().undoable();
        let kind = self.session.undo_log().last_done().map(|s| s.kind);
        let before = tween::places(self.session.stage());
        if !self.session.undo() {
            self.message = Some(Message::Info("Nothing to undo".into()));
            return;
        }
        let path = done
            .checked_sub(1)
            .and_then(|i| self.history.get(i).cloned().flatten());
        self.message = Some(Message::Info(match kind {
            Some(UndoKind::EndTurn) => "Undone: end of turn".to_string(),
            Some(UndoKind::Restart) => "Undone: restart".to_string(),
            _ => "Undone".to_string(),
        }));
        self.after_change(&before, Direction::Back(path));
    }

    fn redo(&mut self) {
        let done = self.session.undo_log().undoable();
        let before = tween::places(self.session.stage());
        if !self.session.redo() {
            self.message = Some(Message::Info("Nothing to redo".into()));
            return;
        }
        let path = self.history.get(done).cloned().flatten();
        self.message = Some(Message::Info("Redone".into()));
        self.after_change(&before, Direction::Forward(path));
    }

    fn restart(&mut self) {
        let done_before = self.session.undo_log().undoable();
        let before = tween::places(self.session.stage());
        if !self.session.restart() {
            self.message = Some(Message::Info("Already at the start".into()));
            return;
        }
        self.history.truncate(done_before);
        self.history.resize(done_before, None);
        self.history.push(None);
        self.message = Some(Message::Info("Restarted (Z undoes it)".into()));
        self.after_change(&before, Direction::Forward(None));
    }

    /// After the stage changed: keep the selection on a hero still in play,
    /// rebuild the view, start the tween, refresh the preview.
    fn after_change(&mut self, before: &[tween::Place], direction: Direction) {
        let stage = self.session.stage();
        if self
            .selected_hero()
            .is_some_and(|h| stage.has_flag(h, ThingFlags::EXITED))
        {
            let n = self.heroes.len();
            if let Some(next) = (1..n)
                .map(|k| (self.selected + k) % n)
                .find(|&i| !stage.has_flag(self.heroes[i], ThingFlags::EXITED))
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
                .find(|(t, _)| Some(*t) == hero)
                .and_then(|(_, p)| p.last().copied())
                .unwrap_or(Vec2::ZERO)
        };
        let (shift, ways): (Vec2, Vec<(ThingId, Vec<Vec2>)>) = match direction {
            Direction::Forward(Some(w)) if Some(w.planner) == hero => {
                let end = end_of(&w);
                let ways = w
                    .ways
                    .into_iter()
                    .map(|(t, p)| (t, p.into_iter().map(|q| q - end).collect()))
                    .collect();
                (end, ways)
            }
            Direction::Back(Some(w)) if Some(w.planner) == hero => {
                let end = end_of(&w);
                let ways = w
                    .ways
                    .into_iter()
                    .map(|(t, p)| (t, p.into_iter().rev().collect()))
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
        });
        self.tween = Tween::new(movers);
        self.mode.close_context();
        self.refresh_hover();
    }

    /// Recomputes the hovered cell and its preview from the last pointer
    /// position.
    fn refresh_hover(&mut self) {
        let size_px = self.size_px;
        let hover = self
            .mouse
            .filter(|&p| !self.over_hud(p, size_px))
            .map(|p| self.projection(size_px).cell_at(p))
            .filter(|&v| self.view.nodes_at(v).next().is_some());
        self.hover = hover;
        self.preview = None;
        let (Some(v), Some(hero)) = (hover, self.selected_hero()) else {
            return;
        };
        if self.session.stage().outcome() != Outcome::Playing
            || self.session.stage().has_flag(hero, ThingFlags::EXITED)
        {
            return;
        }
        if let Some(item) = self.mode.levitating() {
            let Some(cell) = self.view.nodes_at(v).next().map(|n| n.cell) else {
                return;
            };
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
                .map(|events| preview::path_of(&events, start));
            self.preview = Some(Preview { target: v, outcome });
            return;
        }
        if v == ViewPos::default() {
            return;
        }
        let outcome = self
            .session
            .preview(&Action::Move {
                hero,
                to: Target::View(v),
            })
            .map(|events| preview::path_of(&events, ViewPos::default()));
        self.preview = Some(Preview { target: v, outcome });
    }

    fn cycle_hero(&mut self, by: i32) {
        let n = self.heroes.len() as i32;
        let stage = self.session.stage();
        if let Some(i) = (1..=n)
            .map(|k| (self.selected as i32 + by * k).rem_euclid(n) as usize)
            .find(|&i| !stage.has_flag(self.heroes[i], ThingFlags::EXITED))
        {
            self.select(i);
        }
    }

    /// Selects hero `index`; the camera glides from the old hero to the new.
    pub fn select(&mut self, index: usize) {
        let Some(&hero) = self.heroes.get(index) else {
            return;
        };
        let stage = self.session.stage();
        if stage.has_flag(hero, ThingFlags::EXITED) {
            self.message = Some(Message::Refused(format!(
                "the {} has left the level",
                stage.item_name(hero)
            )));
            return;
        }
        if index == self.selected {
            return;
        }
        let old_cell = self.selected_hero().and_then(|h| stage.cell_of(h));
        let new_cell = stage.cell_of(hero);
        self.selected = index;
        self.mode.close_context();
        self.mode.stop_levitating();
        self.tween = None;
        self.rebuild_view();
        if let (Some(old), Some(new)) = (old_cell, new_cell) {
            let from = tween::nearest_position(&self.view, old, Vec2::ZERO)
                .map(to_vec)
                .unwrap_or_else(|| Vec2::new((old.x - new.x) as f32, (old.y - new.y) as f32));
            self.camera.ease_from(from.clamp_length_max(16.0));
        }
        self.message = None;
        self.refresh_hover();
    }

    fn hint(&self) -> String {
        if let Some(item) = self.mode.levitating() {
            return format!(
                "Click where the {} goes · Esc cancels",
                thing_name(self.session.stage(), item)
            );
        }
        if self.mode.context().is_some() {
            return "Up/Down choose · Enter or E do it · Esc closes".into();
        }
        match self.preview.as_ref().map(|p| &p.outcome) {
            Some(Ok(path)) => {
                let falls = path.falls();
                let mut hint = format!("Click to move: {} AP", path.cost);
                if falls > 0 {
                    hint.push_str(&format!(", falls {falls} cell{}", if falls == 1 { "" } else { "s" }));
                }
                if path.end.is_some_and(|c| self.danger.contains(c)) {
                    hint.push_str(" · seen by the watcher there");
                }
                hint
            }
            // Pointing somewhere the hero cannot go says why, before a click.
            Some(Err(refusal)) if *refusal != Refusal::AlreadyThere => {
                format!("Can't go there: {refusal}")
            }
            _ => "Click or arrows to move · E actions · Enter ends the turn · Z undo · Y redo · Tab hero · F1 help".into(),
        }
    }

    /// Draws the screen for a drawable of `size_px`.
    pub fn draw(
        &self,
        list: &mut DrawList,
        font: &mut Font,
        atlas: &SpriteAtlas,
        size_px: (u32, u32),
    ) {
        let sprites = WorldSprites::from_atlas(atlas);
        let proj = self.projection(size_px);
        let stage = self.session.stage();
        let hidden = self.tween.as_ref().map(Tween::things).unwrap_or_default();
        let scene = Scene {
            stage,
            projection: proj,
            sprites: &sprites,
            selected: self.selected_hero(),
            hidden: &hidden,
            reachable: matches!(self.mode.base(), Mode::Normal).then_some(&self.reachable),
            danger: Some(&self.danger),
        };
        world::draw_world(list, &scene, &self.view);
        if let Some(t) = &self.tween {
            let at = t.progress();
            for m in &t.movers {
                world::draw_moving(list, &scene, m.thing, m.at(at), &m.region);
            }
        }
        list.set_pass(Pass::Ui);
        if self.mode.context().is_none() {
            if let Some(p) = &self.preview {
                preview::draw(list, &proj, p);
            }
            if let Some(v) = self.hover {
                preview::draw_hover(list, &proj, v);
            }
        }
        self.draw_marker(list, &proj);
        let layout = self.hud_layout(size_px);
        let hint = self.hint();
        hud::draw(
            list,
            font,
            &layout,
            &hud::Hud {
                stage,
                level_name: &self.level_name,
                heroes: &self.heroes,
                selected: self.selected,
                message: self.message.as_ref(),
                hint: &hint,
                sprites: &sprites,
                lost: stage.outcome() == Outcome::Lost,
            },
        );
        if let Some(menu) = self.mode.context() {
            let rects = self.context_rects(size_px);
            menu.draw(list, font, &rects, ui_scale(size_px));
        }
        if self.mode.help_open() {
            help::draw(list, font, proj.size, ui_scale(size_px));
        }
    }

    /// A gold marker over the selected hero.
    fn draw_marker(&self, list: &mut DrawList, proj: &Projection) {
        let stage = self.session.stage();
        let Some(hero) = self.selected_hero() else {
            return;
        };
        let Some(cell) = stage.cell_of(hero) else {
            return;
        };
        if stage.has_flag(hero, ThingFlags::EXITED) {
            return;
        }
        let moving = self.tween.as_ref().and_then(|t| t.position_of(hero));
        // Where the world drawing put the hero: alone while moving, else
        // its slot among who shares the cell.
        let r = match moving {
            Some(_) => CellLayout {
                heroes: vec![hero],
                items: 0,
            }
            .hero_rect(0),
            None => {
                let hidden = self.tween.as_ref().map(Tween::things).unwrap_or_default();
                let layout = CellLayout::of(stage, cell, &hidden);
                layout
                    .rect_of_hero(hero)
                    .unwrap_or_else(|| layout.hero_rect(0))
            }
        };
        let t = proj.cell_transform(
            moving.unwrap_or(Vec2::ZERO),
            &game::grid::CellTransform::IDENTITY,
        );
        let top = t.transform_point2(Vec2::new(r.centre().x, r.y));
        let s = proj.cell_px * 0.09;
        let tip = top - Vec2::new(0.0, s * 0.4);
        list.polygon(
            &[
                tip,
                tip + Vec2::new(s, -s * 1.4),
                tip + Vec2::new(-s, -s * 1.4),
            ],
            hud::GOLD,
        );
    }
}

#[cfg(test)]
mod tests;
