//! Drawing the play screen: the remembered map with the companions the
//! selected hero does not see (dimmed), the world through the selected
//! hero's eyes, the moving things, the watchers' intent (and
//! their glare when they caught someone), the preview, the selected-hero
//! marker, the HUD, the context menu and the help panel; what carries
//! meaning in the screen's palette (`world::palette`).
use game::action::Refusal;
use game::stage::Outcome;
use glam::Vec2;
use render::{DrawList, Font, Pass, SpriteAtlas};

use super::camera::{ui_scale, Projection};
use super::danger;
use super::hud::{self};
use super::mode::{Aim, Mode};
use super::preview::{self};
use super::tween::Tween;
use super::{help, PlayScreen};
use crate::screens::input::keymap::MOVES;
use crate::screens::input::Key;
use crate::screens::world::{self, CellLayout, Scene, WorldSprites};

impl PlayScreen {
    /// What the previewed path does and costs, by segments: "walk 2 (2
    /// AP) · fall 1 (free) = 2 AP", and which watcher, named as its level
    /// names it, will see where it ends.
    fn path_summary(&self, path: &preview::PreviewPath, hero_moves: bool) -> String {
        let mut text = path.words.clone();
        if path.falls() > 0 && path.landing.is_some_and(|l| !l.seen) {
            text.push_str(", lands out of sight");
        }
        // Watchers catch heroes, not items: only a hero's move ends seen.
        if let Some(end) = path.end.filter(|_| hero_moves) {
            let stage = self.session.stage();
            let seers: Vec<&str> = self
                .danger
                .seen_by(end)
                .map(|w| stage.item_name(w))
                .collect();
            if !seers.is_empty() {
                text.push_str(&format!(" · seen by {} there", hud::listed(&seers)));
            }
        }
        text
    }

    /// The hint while the target cursor is out: what Enter would do there
    /// and what it costs (the same preview as the mouse's), or why not.
    fn aiming_hint(&self, aim: Aim) -> String {
        let k = &self.keys;
        let (moves, enter) = (k.set_name(&MOVES), k.name(Key::Enter));
        let keys = format!("{moves} move the cursor · {} cancels", k.name(Key::Escape));
        let (what, does) = match aim {
            Aim::Move => ("go".to_string(), format!("{enter} moves there")),
            Aim::Levitate(item) => {
                let name = self.item_words(item);
                (
                    format!("send the {name}"),
                    format!("{enter} sends the {name} there"),
                )
            }
        };
        match self.preview.as_ref().map(|p| &p.outcome) {
            Some(Ok(path)) => format!(
                "{does}: {} · {keys}",
                self.path_summary(path, aim == Aim::Move)
            ),
            Some(Err(refusal)) if *refusal != Refusal::AlreadyThere => {
                format!("Can't {what} there: {refusal} · {keys}")
            }
            _ => match aim {
                Aim::Move => format!("Target: {keys} (or the mouse) · {enter} moves there"),
                Aim::Levitate(item) => format!(
                    "{moves} or the mouse: where the {} goes · {enter} sends it · {} cancels",
                    self.item_words(item),
                    k.name(Key::Escape)
                ),
            },
        }
    }

    /// The hint line as drawn.
    pub fn hint(&self) -> String {
        if let Some(aim) = self.mode.aiming() {
            return self.aiming_hint(aim);
        }
        if self.mode.context().is_some() {
            return self.keys.fill(
                "{up}/{down} choose · {enter} or {space} do it · {context} or {escape} closes",
            );
        }
        if let Some(watcher) = self.watcher_shown {
            return danger::legend(self.session.stage(), watcher);
        }
        if self.camera.overview.is_some() {
            return self.keys.fill(
                "Overview of everything seen · {pans} pan · {overview} or {recentre} back to the hero",
            );
        }
        match self.preview.as_ref().map(|p| &p.outcome) {
            Some(Ok(path)) => format!("Click to move: {}", self.path_summary(path, true)),
            // Pointing somewhere the hero cannot go says why, before a click.
            Some(Err(refusal)) if *refusal != Refusal::AlreadyThere => {
                format!("Can't go there: {refusal}")
            }
            // The dark is never silent: the player learns why nothing shows.
            _ if self.points_at_unseen() => {
                "Never seen: no hero has looked there yet, so nothing is known of it".to_string()
            }
            _ => self.keys.fill("Click or {moves} to move · {context} actions · {enter} ends the turn · {undo} undo · {redo} redo · {next-hero} hero · {help} help"),
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
        let colours = self.palette.colours();
        let scene = Scene {
            stage,
            projection: proj,
            sprites: &sprites,
            selected: self.selected_hero(),
            hidden: &hidden,
            reachable: matches!(self.mode.base(), Mode::Normal | Mode::Aiming(Aim::Move))
                .then_some(&self.reachable),
            danger: Some(&self.danger),
            ropes: Some(&self.motion),
            palette: self.palette,
        };
        // The remembered map: every cell seen before, at its place in the
        // level around the hero, behind what is in sight (which covers it
        // wherever sight reaches, so what shows of it is what is out of
        // sight now — a cell seen only through a portal, or only in part,
        // still shows at its own place). Only the cells on screen.
        if let Some(origin) = self.selected_hero().and_then(|h| stage.cell_of(h)) {
            let (lo, hi) = (
                proj.to_view(Vec2::new(0.0, proj.size.y)),
                proj.to_view(Vec2::new(proj.size.x, 0.0)),
            );
            let on_screen = |c: &game::grid::CellPos| {
                let (x, y) = ((c.x - origin.x) as f32, (c.y - origin.y) as f32);
                x >= lo.x - 1.0 && x <= hi.x + 1.0 && y >= lo.y - 1.0 && y <= hi.y + 1.0
            };
            let remembered = self.memory.cells().filter(on_screen);
            world::draw_remembered(list, &scene, origin, remembered);
            world::draw_companions(list, &scene, origin, &self.companions_out_of_sight());
        }
        world::draw_world(list, &scene, &self.view);
        if let Some(t) = &self.tween {
            let at = t.elapsed_s;
            for m in &t.movers {
                world::draw_moving(list, &scene, m.thing, m.at_time(at), &m.region);
            }
        }
        list.set_pass(Pass::Ui);
        if stage.outcome() == Outcome::Lost {
            let glares = self.danger.glares();
            danger::draw_glares(list, &proj, stage, &self.view, glares, colours);
            draw_alarm_frame(list, proj.size, ui_scale(size_px), colours.glare_glow);
        } else if self.tween.is_none() {
            for &(watcher, _) in self.danger.watchers() {
                let route = self.watcher_shown == Some(watcher);
                danger::draw_intent(list, &proj, stage, &self.view, watcher, route, colours);
            }
        }
        if self.mode.context().is_none() {
            if let Some(p) = &self.preview {
                preview::draw(list, &proj, p, colours);
                if let Some(lands) = p.mid_air_landing(&self.view) {
                    preview::draw_mid_air_fall(list, &proj, p.target, lands, colours);
                }
            }
            match (self.hover, self.mode.aiming()) {
                (Some(v), Some(_)) => preview::draw_cursor(list, &proj, v),
                (Some(v), None) => preview::draw_hover(list, &proj, v),
                (None, _) => {}
            }
        }
        // The hint's cell, wherever it is: in sight, remembered, never
        // seen (marked on the dark), or off screen (an arrow at the edge).
        if let Some(v) = self.hint_view_pos() {
            if self.hint_cell_unseen() {
                preview::draw_unseen_mark(list, &proj, v);
            }
            preview::draw_cursor(list, &proj, v);
            let area = self.play_area(size_px);
            let at = proj.cell_centre(v);
            if !area.contains(at) {
                preview::draw_edge_arrow(list, area, at, ui_scale(size_px));
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
                lost: (stage.outcome() == Outcome::Lost).then(|| self.danger.glares()),
                colours,
                keys: &self.keys,
            },
        );
        if let Some(menu) = self.mode.context() {
            let rects = self.context_rects(size_px);
            menu.draw(list, font, &rects, ui_scale(size_px));
        }
        if let Some(shown) = self.mode.intro_shown() {
            super::intro::draw(
                list,
                font,
                &self.intro,
                shown,
                proj.size,
                ui_scale(size_px),
                &self.keys,
            );
        }
        if self.mode.help_open() {
            help::draw(
                list,
                font,
                proj.size,
                ui_scale(size_px),
                self.help_page,
                &self.keys,
            );
        }
    }

    /// The party members still in the level that the selected hero does
    /// not see now (drawn dimmed where the party knows them): those whose
    /// cell is out of sight, and those whose cell shows only a sliver,
    /// where the rules see nothing of what is in it
    /// (`GridView::sees_lying_in`) and the hero drawn there would be
    /// masked away.
    pub fn companions_out_of_sight(&self) -> Vec<game::things::ThingId> {
        let stage = self.session.stage();
        let grid = stage.grid();
        self.heroes
            .iter()
            .copied()
            .filter(|&h| Some(h) != self.selected_hero())
            .filter(|&h| !stage.has_left(h))
            .filter(|&h| {
                stage
                    .cell_of(h)
                    .is_some_and(|c| !self.view.sees_lying_in(grid, c))
            })
            .collect()
    }

    /// A gold marker over the selected hero, and gold corners around the
    /// real party's cell (its copies through portals get none).
    pub(super) fn draw_marker(&self, list: &mut DrawList, proj: &Projection) {
        let stage = self.session.stage();
        let Some(hero) = self.selected_hero() else {
            return;
        };
        let Some(cell) = stage.cell_of(hero) else {
            return;
        };
        if stage.has_left(hero) {
            return;
        }
        let moving = self.tween.as_ref().and_then(|t| t.position_of(hero));
        // Where the world drawing put the hero: alone while moving, else
        // its slot among who shares the cell.
        let r = match moving {
            Some(_) => CellLayout::alone(hero).hero_rect(0),
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
        draw_corners(list, proj, moving.unwrap_or(Vec2::ZERO));
        let top = t.transform_point2(Vec2::new(r.centre().x, r.y));
        let s = proj.cell_px * 0.09;
        let tip = top - Vec2::new(0.0, s * 0.4);
        list.polygon(
            &[
                tip,
                tip + Vec2::new(s, -s * 1.4),
                tip + Vec2::new(-s, -s * 1.4),
            ],
            crate::screens::theme::GOLD,
        );
    }
}

/// The caught moment's frame: the screen's edges glow `red` (the
/// palette's glare glow).
fn draw_alarm_frame(list: &mut DrawList, size: Vec2, scale: f32, red: render::Rgba) {
    let saved = list.state();
    list.set_pass(Pass::Ui);
    list.set_stencil(render::Stencil::None);
    let w = (48.0 * scale).max(8.0);
    let clear = render::colour::with_alpha(red, 0.0);
    let strip = |list: &mut DrawList, a: Vec2, b: Vec2, inward: Vec2| {
        let (c, d) = (b + inward * w, a + inward * w);
        list.coloured_triangles(&[
            (a, red),
            (b, red),
            (c, clear),
            (a, red),
            (c, clear),
            (d, clear),
        ]);
    };
    let (x1, y1) = (size.x, size.y);
    strip(list, Vec2::ZERO, Vec2::new(x1, 0.0), Vec2::Y);
    strip(list, Vec2::new(0.0, y1), Vec2::new(x1, y1), -Vec2::Y);
    strip(list, Vec2::ZERO, Vec2::new(0.0, y1), Vec2::X);
    strip(list, Vec2::new(x1, 0.0), Vec2::new(x1, y1), -Vec2::X);
    list.set_state(saved);
}

/// Gold corner brackets around the view cell centred on `at` (view space):
/// "you are here", on the real party only.
fn draw_corners(list: &mut DrawList, proj: &Projection, at: Vec2) {
    let c = proj.to_screen(at);
    let s = proj.cell_px;
    let (half, len, w) = (s * 0.5, s * 0.18, (s * 0.045).max(2.0).round());
    for (sx, sy) in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] {
        let corner = c + Vec2::new(sx * half, sy * half);
        // The two arms run inwards from the corner.
        let x0 = if sx < 0.0 { corner.x } else { corner.x - len };
        let y0 = if sy < 0.0 { corner.y } else { corner.y - w };
        list.quad(
            render::Rect::new(x0, y0, len, w),
            crate::screens::theme::GOLD,
        );
        let x1 = if sx < 0.0 { corner.x } else { corner.x - w };
        let y1 = if sy < 0.0 { corner.y } else { corner.y - len };
        list.quad(
            render::Rect::new(x1, y1, w, len),
            crate::screens::theme::GOLD,
        );
    }
}
