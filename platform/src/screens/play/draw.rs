//! Drawing the play screen: the world through the selected hero's eyes,
//! the moving things, the preview, the selected-hero marker, the HUD, the
//! context menu and the help panel.
use game::action::Refusal;
use game::stage::Outcome;
use game::things::ThingFlags;
use glam::Vec2;
use render::{DrawList, Font, Pass, SpriteAtlas};

use super::camera::{ui_scale, Projection};
use super::context_menu::thing_name;
use super::hud::{self};
use super::mode::Mode;
use super::preview::{self};
use super::tween::Tween;
use super::{help, PlayScreen};
use crate::screens::world::{self, CellLayout, Scene, WorldSprites};

impl PlayScreen {
    pub(super) fn hint(&self) -> String {
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
            ropes: Some(&self.motion),
        };
        world::draw_world(list, &scene, &self.view);
        if let Some(t) = &self.tween {
            let at = t.elapsed_s;
            for m in &t.movers {
                world::draw_moving(list, &scene, m.thing, m.at_time(at), &m.region);
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
    pub(super) fn draw_marker(&self, list: &mut DrawList, proj: &Projection) {
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
