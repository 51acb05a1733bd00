//! The play screen: one level in play through the selected hero's eyes.
//!
//! The state lives here; each concern has its own file: `input` (keys
//! and the pointer → session calls), `history` (perform, undo, redo,
//! restart, and the ways things moved), `draw`, [`mode`] (normal, context
//! menu, levitation targeting, help over one), [`camera`] (easing, zoom;
//! the projection and the world drawing are shared with the editor in
//! `screens::world`), `cursor` (the target cursor: any cell by keys),
//! [`danger`] (what the watchers in sight will see),
//! [`preview`] (the hovered move's path), `strokes` (the solid and dashed
//! rings and lines they draw with), [`tween`] (what moved, drawn
//! moving), [`context_menu`] (the actions of the hero's cell), [`hud`],
//! [`help`] and [`hint`] (I: a hint from where the party stands), `walk`
//! (steps of several actions: everyone at the entrance leaving, a walk to
//! a remembered cell).
//!
//! `PlayScreen::handle` turns one `Input` into session calls —
//! preview, perform, undo, redo, restart — and screen state; it needs no GL,
//! so tests drive it with synthetic input. `PlayScreen::draw` turns the
//! state into draw-list calls. The simulation never sees the screen: the
//! screen only calls `game::session::Session`.
//!
//! Moves go by destination: the mouse points at a view cell and the session
//! plans the move there in the hero's GridView (the same view drawn here, so
//! `Target::View` means what the player sees); the arrows step to the
//! neighbouring view cell (Left/Right walk, stepping up or falling as the
//! rules say; Up climbs or steps up the way the hero faces; Down climbs
//! down), and the target cursor (T) points at any cell in sight by keys.
//! Where the hero sees nothing, a cell of the remembered map (drawn at its
//! grid offset from the hero, [`memory`]) is pointed at as its grid cell
//! (`Target::Cell`): the rules plan the move there; where their one move
//! cannot reach it (out of sight), the hero walks there through the cells
//! the party has seen, one undo step (`walk`); a cell never seen is no
//! target (the rules' "that cell is not in sight").
pub mod camera;
pub mod context_menu;
mod cursor;
pub mod danger;
mod draw;
pub mod fixtures;
pub mod help;
pub mod hint;
mod history;
pub mod hud;
mod input;
pub mod intro;
pub mod memory;
pub mod mode;
pub mod preview;
mod strokes;
pub mod tween;
mod walk;

use game::action::movement;
use game::grid::CellPos;
use game::level::Level;
use game::motion::RopeMotion;
use game::session::Session;
use game::stage::{Outcome, SIGHT_RADIUS};
use game::things::ThingId;
use game::view::{GridView, ViewPos};
use glam::Vec2;
use render::Rgba;

use crate::progress::LevelResult;
use crate::screens::world::{self, Palette, ViewCellSet};
use camera::{Camera, Projection};
use context_menu::ContextMenu;
use danger::Danger;
use hud::Message;
use mode::Mode;
use preview::Preview;
use tween::Tween;

/// The clear colour behind the play screen.
pub const CLEAR: Rgba = world::DARK;

/// What the play screen asks of the screens around it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayAction {
    /// Open the pause menu.
    Pause,
    /// Every hero has left with the relics required: the level is cleared.
    Won(LevelResult),
    /// Every hero has left with too few relics: a retreat (nothing
    /// unlocks; undo goes back in).
    Retreated(LevelResult),
}

/// The ways things took in one undo step (the hero's walk, a levitated
/// item's flight), in the view space of the hero who planned them, to
/// animate undo and redo along them.
#[derive(Clone, Debug, PartialEq)]
struct StepWays {
    /// The selected hero when the step was done: the ways are in their view.
    planner: ThingId,
    /// Each moving thing with its points, the first where it started.
    ways: Vec<tween::Way>,
}

/// Which way a change of state went, for its tween.
enum Direction {
    Forward(Option<StepWays>),
    Back(Option<StepWays>),
}

/// One level in play (see the module docs).
pub struct PlayScreen {
    pub session: Session,
    /// Whether Enter with action points left asks before ending the turn
    /// (a setting; on by default).
    pub confirm_end_turn: bool,
    /// The colours of danger, falls, glares… (a setting; drawn from the
    /// next frame on).
    pub palette: Palette,
    /// Moves, ropes and the camera change at once, not animated (a
    /// setting: reduce motion).
    reduce_motion: bool,
    /// What each key means (the player's keymap, kept in step by the
    /// screens): the keys its hints, help and messages name.
    pub keys: crate::screens::input::Keymap,
    /// The level's intro card (shown when the mode is `Intro`).
    pub intro: intro::Intro,
    /// The help panel's page (kept between openings).
    pub help_page: help::Page,
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
    /// The view cell under the pointer, if the hero sees it or the
    /// remembered map shows it; while the target cursor is out, the
    /// cursor's cell.
    hover: Option<ViewPos>,
    /// The way the selected hero faces in view space (the last Left, -1,
    /// or Right, 1), for Up's step up; `None`: not turned yet.
    facing: Option<i32>,
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
    /// The ropes as the player sees them move (`game::motion`).
    motion: RopeMotion,
    /// Every grid cell the party has seen this level (`memory`).
    memory: memory::Memory,
    /// The watcher under the pointer, whose route is drawn; `None`: none.
    watcher_shown: Option<ThingId>,
    /// The drawable size of the last input or frame.
    size_px: (u32, u32),
    /// Sounds of what happened, until the screens take them (empty:
    /// nothing new).
    cues: crate::screens::cues::Cues,
    /// The hint (I): the line played, a search under way, what it showed.
    hints: hint::Hints,
}

fn to_vec(v: ViewPos) -> Vec2 {
    Vec2::new(v.x as f32, v.y as f32)
}

impl PlayScreen {
    /// Starts `level`.
    pub fn new(level: &Level) -> Result<PlayScreen, game::stage::StageError> {
        Ok(PlayScreen::with_session(level, Session::new(level)?))
    }

    /// Plays `level` from `session` (a game resumed from its save).
    pub fn with_session(level: &Level, mut session: Session) -> PlayScreen {
        let heroes = session.stage().heroes();
        let resumed = session
            .step_positions()
            .into_iter()
            .map(|(hash, kind)| (hash, kind == game::undo::UndoKind::Restart))
            .collect();
        let hints = hint::Hints::new(level, resumed);
        let mut screen = PlayScreen {
            confirm_end_turn: true,
            palette: Palette::default(),
            reduce_motion: false,
            keys: crate::screens::input::Keymap::default(),
            intro: intro::Intro::of(level),
            help_page: help::Page::default(),
            session,
            level_name: level.name.clone(),
            heroes,
            selected: 0,
            view: GridView::new(),
            old_view: GridView::new(),
            camera: Camera::default(),
            mouse: None,
            hover: None,
            facing: None,
            preview: None,
            message: None,
            tween: None,
            mode: Mode::Normal,
            history: Vec::new(),
            reachable: ViewCellSet::default(),
            danger: Danger::default(),
            motion: RopeMotion::new(),
            memory: memory::Memory::default(),
            watcher_shown: None,
            size_px: (1280, 720),
            cues: Default::default(),
            hints,
        };
        screen.rebuild_view();
        screen.motion.sync(screen.session.stage(), false);
        screen
    }

    /// The heroes, in level order.
    pub fn heroes(&self) -> &[ThingId] {
        &self.heroes
    }

    /// The selected hero.
    pub fn selected_hero(&self) -> Option<ThingId> {
        self.heroes.get(self.selected).copied()
    }

    /// What `item` is called for the selected hero: its name, told apart
    /// from a twin by where it is ([`context_menu::item_words`]), as the
    /// menu names it.
    pub(super) fn item_words(&self, item: ThingId) -> String {
        match self.selected_hero() {
            Some(hero) => context_menu::item_words(self.session.stage(), hero, item),
            None => context_menu::thing_name(self.session.stage(), item),
        }
    }

    /// The selected hero's level id (`scout`), as a save names it.
    pub fn selected_hero_id(&self) -> Option<&str> {
        self.session.stage().id_name(self.selected_hero()?)
    }

    /// Selects the hero whose level id is `id` (a game resumed), the
    /// camera on it at once; false (nothing changes) when no hero of that
    /// id can be selected.
    pub fn select_hero_id(&mut self, id: &str) -> bool {
        let stage = self.session.stage();
        let Some(index) = self
            .heroes
            .iter()
            .position(|&h| stage.id_name(h) == Some(id))
        else {
            return false;
        };
        self.select(index);
        self.camera.settle();
        self.selected == index
    }

    /// The message line as drawn: its text.
    pub fn message_line(&self) -> Option<String> {
        let stage = self.session.stage();
        let lost = (stage.outcome() == Outcome::Lost).then(|| self.danger.glares());
        let colours = self.palette.colours();
        hud::message_line(stage, self.message.as_ref(), lost, &self.keys, colours)
            .map(|(text, _)| text)
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

    /// The view cell under the pointer, if seen or remembered.
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

    /// Shows the level's intro card as the level starts (until any input).
    pub fn show_intro(&mut self) {
        *self.mode.base_mut() = Mode::Intro(intro::Shown::AtStart);
    }

    /// Shows the level's intro card again, mid-game (the pause menu's
    /// "Level notes"): closing it goes back to the game.
    pub fn show_notes(&mut self) {
        *self.mode.base_mut() = Mode::Intro(intro::Shown::Reopened);
    }

    /// Whether the intro card is shown.
    pub fn intro_open(&self) -> bool {
        self.mode.intro_open()
    }

    /// Why the intro card is shown, if it is.
    pub fn intro_shown(&self) -> Option<intro::Shown> {
        self.mode.intro_shown()
    }

    /// Whether Enter was pressed with action points left and the end of
    /// the turn waits for a second Enter.
    pub fn asking_to_end_turn(&self) -> bool {
        self.mode.confirming_end_turn()
    }

    /// Rebuilds the selected hero's GridView alone (what a frame would pay
    /// if it rebuilt sight every frame; the screen rebuilds on changes).
    pub fn build_view(&mut self) {
        let stage = self.session.stage();
        if let Some(cell) = self.selected_hero().and_then(|h| stage.cell_of(h)) {
            self.view.build(stage.grid(), cell, SIGHT_RADIUS);
        }
    }

    /// Rebuilds the selected hero's view, what it can reach, the party's
    /// memory and what the watchers the party knows will see.
    pub fn rebuild_view(&mut self) {
        self.build_view();
        let stage = self.session.stage();
        let Some(hero) = self.selected_hero() else {
            return;
        };
        // What the party sees now is remembered first: the danger shown is
        // what every watcher the party knows will see.
        self.memory.record_party(stage, &self.view);
        self.danger.rebuild(stage, &self.memory);
        self.reachable.clear();
        let ap = stage.thing(hero).map_or(0, |t| t.data.action_points);
        let mut keep = camera::ViewBox {
            min: Vec2::ZERO,
            max: Vec2::ZERO,
        };
        if game::action::may_act(stage, hero).is_ok() {
            for (v, _, _) in movement::reachable(stage, &self.view, hero, ap) {
                self.reachable.insert(v);
                let p = Vec2::new(v.x as f32, v.y as f32);
                keep.min = keep.min.min(p);
                keep.max = keep.max.max(p);
            }
        }
        // The camera keeps the hero's reach clear of the HUD; a new frame
        // alone moves nothing (`Camera::hold` moves it when it must).
        let before = self.camera.frame_shift(self.size_px);
        self.camera.keep = keep;
        self.camera.reframe(before, self.size_px);
        self.after_view_rebuilt();
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
        self.camera.projection(size_px)
    }

    /// Where the selected hero sees grid cell `cell` (the copy nearest
    /// the hero), if it does.
    pub fn view_pos_of_cell(&self, cell: CellPos) -> Option<ViewPos> {
        tween::nearest_position(&self.view, cell, Vec2::ZERO)
    }

    /// Where grid cell `cell` is drawn on screen (the copy nearest the
    /// hero), if the hero sees it.
    pub fn screen_pos_of_cell(&self, cell: CellPos, size_px: (u32, u32)) -> Option<Vec2> {
        let v = self.view_pos_of_cell(cell)?;
        Some(self.projection(size_px).cell_centre(v))
    }

    /// The view cell to point at (click, or the target cursor) to move the
    /// selected hero to grid cell `cell`: the copy of the cell nearest the
    /// hero if the hero sees it, else a cell in sight whose move ends there
    /// (walking off a ledge into a fall that lands out of sight), else
    /// where the remembered map draws it (a click walks there); `None`
    /// when none.
    pub fn view_pos_to_move_to(&self, cell: CellPos) -> Option<ViewPos> {
        if let Some(v) = self.view_pos_of_cell(cell) {
            return Some(v);
        }
        let hero = self.selected_hero()?;
        let stage = self.session.stage();
        let ap = stage.thing(hero).map_or(0, |t| t.data.action_points);
        let by_a_move = movement::reachable(stage, &self.view, hero, ap)
            .into_iter()
            .filter(|&(_, to, _)| to == cell)
            .min_by_key(|&(_, _, cost)| cost)
            .map(|(v, _, _)| v);
        by_a_move.or_else(|| {
            let origin = stage.cell_of(hero)?;
            let v = ViewPos::new(cell.x - origin.x, cell.y - origin.y);
            (self.remembered_at(v) == Some(cell)).then_some(v)
        })
    }

    /// Where to click to move the selected hero to grid cell `cell` (see
    /// [`PlayScreen::view_pos_to_move_to`]), on screen.
    pub fn screen_pos_to_move_to(&self, cell: CellPos, size_px: (u32, u32)) -> Option<Vec2> {
        let v = self.view_pos_to_move_to(cell)?;
        Some(self.projection(size_px).cell_centre(v))
    }

    /// The part of a drawable of `size_px` that no HUD covers.
    pub fn play_area(&self, size_px: (u32, u32)) -> render::Rect {
        self.hud_layout(size_px).play_area()
    }

    /// Advances animation by `dt_s` seconds.
    pub fn update(&mut self, dt_s: f32) {
        // Reduce motion: all at once; the camera's jump too waits while
        // the pointer is held, as its glide does.
        if self.reduce_motion {
            self.tween = None;
            self.motion.finish();
            if !self.camera.held {
                self.camera.settle();
            }
        }
        if let Some(t) = &mut self.tween {
            if !t.update(dt_s) {
                self.tween = None;
            }
        }
        self.camera.update(dt_s);
        self.motion.update(dt_s);
        self.poll_hint(false);
        // The pointer rests while the camera glides or the hero tweens: the
        // cell under it changes, and so must the preview (a keyboard
        // player's idle pointer must not keep an old cell's preview). Only
        // when it points at another cell: a preview is a path search.
        if self.mouse.is_some()
            && matches!(self.mode, mode::Mode::Normal)
            && self.cell_under_pointer() != self.hover
        {
            self.refresh_hover();
        }
    }

    /// Reduce motion: every move, rope and camera change from now on is
    /// shown at once, as [`PlayScreen::settle`] does, not animated.
    pub fn set_reduce_motion(&mut self, on: bool) {
        self.reduce_motion = on;
    }

    /// Finishes the running tween, the ropes' motion and the camera glide
    /// at once.
    pub fn settle(&mut self) {
        self.tween = None;
        self.motion.finish();
        self.camera.settle();
    }

    /// The ropes in motion.
    pub fn motion(&self) -> &RopeMotion {
        &self.motion
    }
}

#[cfg(test)]
mod tests;
