//! The target cursor: the keyboard's and the gamepad's way to point at any
//! cell in sight, as the mouse does. T puts it out on the hero to choose
//! where to move; the sorceress's "Levitate" entry puts it out on the item
//! to choose where the item goes ([`Aim`]). The arrows (d-pad) move it a
//! cell at a time over the cells the hero sees, and for a move the cells
//! the remembered map shows too — over a cell never seen, on to the next
//! one along that line — and the camera pans to
//! keep it on screen, clear of the HUD. It is drawn as an outlined cell
//! with the preview the mouse hover shows (the path, its cost, any fall,
//! or why not). Enter, Space or E (gamepad A) commits: the very move (or
//! levitation) a click on that cell would make; a refusal keeps the
//! cursor out and the message says why. Esc or T again (gamepad B) puts it
//! away and the camera glides back to the hero. The mouse moves it too,
//! and a click commits where it points.
//!
//! While aiming, the cursor is the screen's hovered cell (`hover`), so its
//! preview is worked out and drawn by the same code as the mouse's.
use game::stage::SIGHT_RADIUS;
use game::things::ThingId;
use game::view::ViewPos;
use glam::Vec2;

use super::camera::Projection;
use super::hud::Message;
use super::mode::{Aim, Mode};
use super::{to_vec, tween, PlayAction, PlayScreen};
use crate::screens::input::{Input, Key};

/// Cells kept on screen around the cursor, where there is room.
const MARGIN_CELLS: f32 = 1.0;

impl PlayScreen {
    /// T: the target cursor out on the hero, to choose where to move.
    pub(super) fn aim_move(&mut self) {
        let Some(hero) = self.selected_hero() else {
            return;
        };
        let stage = self.session.stage();
        match game::action::may_act(stage, hero) {
            Ok(()) => {}
            Err(why @ game::action::Refusal::HeroHasLeft) => {
                self.message = Some(Message::Refused(why.to_string()));
                return;
            }
            Err(_) => return,
        }
        self.message = None;
        self.start_aiming(Aim::Move, ViewPos::default());
    }

    /// The levitation entry: the target cursor out on `item` (the copy
    /// nearest the hero; on the hero if the item is not in sight).
    pub(super) fn aim_levitation(&mut self, item: ThingId) {
        let at = self
            .session
            .stage()
            .cell_of(item)
            .and_then(|c| tween::nearest_position(&self.view, c, Vec2::ZERO))
            .unwrap_or_default();
        self.start_aiming(Aim::Levitate(item), at);
    }

    fn start_aiming(&mut self, aim: Aim, at: ViewPos) {
        *self.mode.base_mut() = Mode::Aiming(aim);
        self.set_hover(Some(at));
        self.follow_cursor();
    }

    /// Where the target cursor is, while it is out.
    pub fn cursor(&self) -> Option<ViewPos> {
        self.mode.aiming().and(self.hover)
    }

    /// What the target cursor is out for, if it is.
    pub fn aiming(&self) -> Option<Aim> {
        self.mode.aiming()
    }

    /// Whether the cursor may stand on view cell `v`: a cell in sight, or,
    /// aiming a move, one the remembered map shows.
    fn targetable(&self, v: ViewPos) -> bool {
        self.view.nodes_at(v).next().is_some()
            || (self.mode.aiming() == Some(Aim::Move) && self.remembered_at(v).is_some())
    }

    /// Moves the cursor one cell along `(dx, dy)`, or over the cells never
    /// seen there to the next one in sight or remembered; stays when there
    /// is none.
    fn move_cursor(&mut self, dx: i32, dy: i32) {
        let from = self.hover.unwrap_or_default();
        let reach = 2 * SIGHT_RADIUS as i32 + 1;
        let to = (1..=reach)
            .map(|k| ViewPos::new(from.x + dx * k, from.y + dy * k))
            .find(|&v| self.targetable(v));
        if let Some(to) = to {
            self.set_hover(Some(to));
            self.follow_cursor();
        }
    }

    /// Pans the camera, as little as it must, to keep the cursor (and a
    /// cell around it) on screen and clear of the HUD.
    fn follow_cursor(&mut self) {
        let Some(v) = self.hover else {
            return;
        };
        let area = self.hud_layout(self.size_px).play_area();
        self.camera
            .bring_into(self.size_px, to_vec(v), area, MARGIN_CELLS);
    }

    /// Puts the cursor away; the camera stays, or glides as little as
    /// brings the hero clear.
    fn stop_aiming(&mut self) {
        self.mode.stop_aiming();
        self.camera.hold(self.size_px);
        self.refresh_hover();
    }

    /// Input while the cursor is out: `Some(result)` when it was used,
    /// `None` when the screen handles it as usual (looking around, help;
    /// anything else puts the cursor away first).
    pub(super) fn handle_aiming(
        &mut self,
        aim: Aim,
        input: Input,
        drawn: &Projection,
    ) -> Option<Option<PlayAction>> {
        let hero = self.selected_hero()?;
        match input {
            Input::Key(Key::Escape | Key::Target) | Input::RightClick(_) => {
                self.stop_aiming();
                self.message = None;
                Some(None)
            }
            Input::MouseMove(p) => {
                self.mouse = Some(p);
                let v = drawn.cell_at(p);
                if !self.over_hud(p, self.size_px) && self.targetable(v) {
                    self.set_hover(Some(v));
                }
                Some(None)
            }
            Input::Click(p) if !self.over_hud(p, self.size_px) => {
                Some(self.commit(hero, aim, drawn.cell_at(p)))
            }
            Input::Key(Key::Left) => {
                self.move_cursor(-1, 0);
                Some(None)
            }
            Input::Key(Key::Right) => {
                self.move_cursor(1, 0);
                Some(None)
            }
            Input::Key(Key::Up) => {
                self.move_cursor(0, 1);
                Some(None)
            }
            Input::Key(Key::Down) => {
                self.move_cursor(0, -1);
                Some(None)
            }
            Input::Key(Key::Enter | Key::Space | Key::Context) => match self.hover {
                Some(v) => Some(self.commit(hero, aim, v)),
                None => Some(None),
            },
            // Looking around keeps the cursor where it is.
            Input::Key(
                Key::Help
                | Key::PanLeft
                | Key::PanRight
                | Key::PanUp
                | Key::PanDown
                | Key::Overview
                | Key::Recentre
                | Key::ZoomIn
                | Key::ZoomOut
                | Key::Fullscreen
                | Key::Screenshot,
            ) => None,
            _ => {
                // Anything else gives up aiming and is handled as usual.
                self.stop_aiming();
                None
            }
        }
    }

    /// Does what the cursor at view cell `v` was out for; after a refusal
    /// it stays out (the message says why).
    fn commit(&mut self, hero: ThingId, aim: Aim, v: ViewPos) -> Option<PlayAction> {
        // Out of the mode first, so the screen after the change previews
        // the pointer again, not the cursor in a view that moved.
        self.mode.stop_aiming();
        let result = match aim {
            Aim::Move => self.move_to(hero, v),
            Aim::Levitate(item) => self.levitate_to(hero, item, v),
        };
        if matches!(self.message, Some(Message::Refused(_))) {
            *self.mode.base_mut() = Mode::Aiming(aim);
            self.set_hover(Some(v));
        } else {
            self.camera.hold(self.size_px);
        }
        result
    }
}
