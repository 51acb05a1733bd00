//! Drawing the editor: the level with the play screen's world drawing
//! (every cell at its own place, or — V held — through a hero's GridView
//! from the hovered cell, exactly as play draws sight), then the editor's
//! overlays (a faint grid, portal pairs by label and colour with a glyph at each end for how
//! the pair turns (= straight, ⇅ flip, ↻ cw, ↺ ccw), watcher routes
//! as paths with arrows and their breaks (rock, a wall) in red, problems marked, the
//! selection, the cursor's ghost), then the panels around the canvas
//! (`panels.rs`: palette, top bar, inspector, problem list, status line),
//! the help overlay and any dialog.
use game::edit::Place;
use game::grid::{CellKind, CellPos, EdgePos, Orientation};
use game::level::{expand_route, ThingSpecKind};
use glam::Vec2;
use render::colour::with_alpha;
use render::{hex, Align, DrawList, Font, Pass, Rect, Rgba, SpriteAtlas, TextStyle, WHITE};

use super::canvas::{edge_middle, nearest_edge};
use super::tools::{Layout, Tool, HOTKEYS, TOOLS};
use super::{EditorScreen, Selection};
use crate::screens::theme::{DIM_TEXT, GOLD, ITEM_STYLE};
use crate::screens::world::{self, Projection, Scene, WorldSprites};

/// Text on the panels.
pub(super) const TEXT: Rgba = hex(0xd6dcec);
/// What is wrong: problems, broken routes.
pub(super) const BAD: Rgba = hex(0xff5a4e);
const GRID_LINE: Rgba = [1.0, 1.0, 1.0, 0.07];
const ROCK: Rgba = hex(0x3b3430);
const ROCK_INNER: Rgba = hex(0x332d2a);
const SELECT: Rgba = [0.96, 0.77, 0.26, 0.9];
const GHOST: Rgba = [0.55, 0.8, 1.0, 0.35];
/// Portal pairs are told apart by colour (cycled by portal index).
const PAIR_COLOURS: [Rgba; 6] = [
    hex(0x45e6ff),
    hex(0xff7ad9),
    hex(0x9cff57),
    hex(0xffb347),
    hex(0xb28cff),
    hex(0xfff35c),
];

/// The world drawing's scene for the editor: no hero's eyes, nothing
/// hidden or tinted, in `palette`.
fn scene<'a>(
    stage: &'a game::stage::Stage,
    projection: Projection,
    sprites: &'a WorldSprites,
    palette: world::Palette,
) -> Scene<'a> {
    Scene {
        stage,
        projection,
        sprites,
        selected: None,
        hidden: &[],
        reachable: None,
        danger: None,
        ropes: None,
        palette,
    }
}

/// The grid's cells that show in `canvas`, row by row: only these are
/// drawn, so a frame costs what is on screen, not the level's size.
pub fn visible_cells<'g>(
    grid: &'g game::grid::Grid,
    proj: &Projection,
    canvas: Rect,
) -> impl Iterator<Item = CellPos> + 'g {
    let a = proj.to_view(Vec2::new(canvas.x, canvas.y + canvas.h));
    let b = proj.to_view(Vec2::new(canvas.x + canvas.w, canvas.y));
    let clamp_x = |v: f32| (v.round() as i32).clamp(0, grid.width() as i32 - 1);
    let clamp_y = |v: f32| (v.round() as i32).clamp(0, grid.height() as i32 - 1);
    let (x0, x1) = (clamp_x(a.x), clamp_x(b.x));
    let (y0, y1) = (clamp_y(a.y), clamp_y(b.y));
    (y0..=y1).flat_map(move |y| (x0..=x1).map(move |x| CellPos::new(x, y)))
}

/// Rock cells of `grid` in `canvas` (the world drawing leaves them
/// unpainted).
fn draw_rock(list: &mut DrawList, grid: &game::grid::Grid, proj: &Projection, canvas: Rect) {
    list.set_pass(Pass::Opaque);
    list.set_depth(0.99);
    for c in visible_cells(grid, proj, canvas) {
        if grid.cell(c) == Some(CellKind::Rock) {
            let r = EditorScreen::cell_rect(proj, c);
            list.quad(r, ROCK);
            list.set_depth(0.985);
            list.quad(r.inset(proj.cell_px * 0.18), ROCK_INNER);
            list.set_depth(0.99);
        }
    }
    list.set_pass(Pass::Ui);
}

/// The colour of portal `i`'s pair.
pub fn pair_colour(i: usize) -> Rgba {
    PAIR_COLOURS[i % PAIR_COLOURS.len()]
}
impl EditorScreen {
    /// Draws the screen for a drawable of `size_px`.
    pub fn draw(
        &self,
        list: &mut DrawList,
        font: &mut Font,
        atlas: &SpriteAtlas,
        size_px: (u32, u32),
    ) {
        let l = super::tools::layout(size_px);
        let proj = self.camera.projection(l.canvas, size_px);
        let sprites = WorldSprites::from_atlas(atlas);
        let level = self.editor.level();
        // Rock first: the world drawing leaves rock cells unpainted.
        list.set_pass(Pass::Ui);
        list.set_depth(0.0);
        // A paste being placed shows the level as it would land; a
        // solution playing back shows its own stage.
        let preview = self.paste_preview();
        let shown = preview.as_ref().map(|p| (&p.level, p.stage.as_ref()));
        let (level, stage) = shown.unwrap_or((level, self.playback_stage().or(self.stage())));
        let grid = &level.grid;
        // A selected watcher's timeline tints what it sees, as play does.
        let danger = self.timeline_danger();
        if let Some(stage) = stage {
            let hover = self.hover_cell(&l, size_px);
            match (&self.sight, hover) {
                (Some(view), Some(origin)) if !view.nodes().is_empty() => {
                    // Sight: the view's origin is the hovered cell.
                    let shifted = Projection {
                        centre: proj.centre - Vec2::new(origin.x as f32, origin.y as f32),
                        ..proj
                    };
                    let mut scene = scene(stage, shifted, &sprites, self.palette);
                    scene.danger = danger.as_deref();
                    world::draw_world(list, &scene, view);
                }
                _ => {
                    draw_rock(list, grid, &proj, l.canvas);
                    let mut scene = scene(stage, proj, &sprites, self.palette);
                    scene.danger = danger.as_deref();
                    let cells = visible_cells(grid, &proj, l.canvas)
                        .filter(|&c| grid.cell(c) == Some(CellKind::Air));
                    world::draw_cells(list, &scene, cells);
                }
            }
        }
        list.set_pass(Pass::Ui);
        list.set_depth(0.0);
        list.set_stencil(render::Stencil::None);
        list.set_transform(glam::Affine2::IDENTITY);
        self.draw_grid_lines(list, &proj);
        self.draw_portal_labels(list, font, &proj);
        if let Some(p) = &preview {
            // The pairs the paste would add, with their fresh labels.
            let before = self.editor.level().grid.portals();
            self.draw_pairs(list, font, &proj, &p.level, |q| !before.contains(q));
        }
        self.draw_routes(list, &proj);
        self.draw_problems_marks(list, &proj);
        self.draw_things_in_rock(list, font, &proj);
        if self.shows_selection_box() {
            self.draw_selection(list, &proj);
        }
        match &preview {
            Some(p) => self.draw_paste_wash(list, &proj, p),
            None => self.draw_cursor(list, &proj, &l, size_px),
        }
        self.draw_timeline_lookout(list, &proj);
        self.draw_timeline(list, font, l.canvas, l.scale);
        self.draw_playback_bar(list, font, l.canvas, l.scale);
        self.draw_panels(list, font, &l, size_px);
        if self.help_open {
            draw_help(list, font, size_px, l.scale);
        }
        if let Some(d) = &self.dialog {
            d.draw(list, font, size_px);
        }
    }

    fn hover_cell(&self, l: &Layout, size_px: (u32, u32)) -> Option<CellPos> {
        let p = self.mouse_px()?;
        l.canvas
            .contains(p)
            .then(|| self.camera.cell_at(p, l.canvas, size_px))
    }

    fn cell_rect(proj: &Projection, c: CellPos) -> Rect {
        let a = proj.to_screen(Vec2::new(c.x as f32 - 0.5, c.y as f32 + 0.5));
        Rect::new(a.x, a.y, proj.cell_px, proj.cell_px)
    }

    fn draw_grid_lines(&self, list: &mut DrawList, proj: &Projection) {
        let grid = &self.editor.level().grid;
        let (w, h) = (grid.width() as f32, grid.height() as f32);
        if proj.cell_px < 6.0 {
            return;
        }
        for x in 0..=grid.width() {
            let a = proj.to_screen(Vec2::new(x as f32 - 0.5, -0.5));
            let b = proj.to_screen(Vec2::new(x as f32 - 0.5, h - 0.5));
            list.quad(Rect::new(a.x - 0.5, b.y, 1.0, a.y - b.y), GRID_LINE);
        }
        for y in 0..=grid.height() {
            let a = proj.to_screen(Vec2::new(-0.5, y as f32 - 0.5));
            let b = proj.to_screen(Vec2::new(w - 0.5, y as f32 - 0.5));
            list.quad(Rect::new(a.x, a.y - 0.5, b.x - a.x, 1.0), GRID_LINE);
        }
    }

    fn edge_rect(proj: &Projection, e: EdgePos, thick: f32) -> Rect {
        let m = proj.to_screen(edge_middle(e));
        let (len, t) = (proj.cell_px, thick);
        match e.orientation {
            Orientation::Horizontal => Rect::new(m.x - len / 2.0, m.y - t / 2.0, len, t),
            Orientation::Vertical => Rect::new(m.x - t / 2.0, m.y - len / 2.0, t, len),
        }
    }

    fn draw_portal_labels(&self, list: &mut DrawList, font: &mut Font, proj: &Projection) {
        self.draw_pairs(list, font, proj, self.editor.level(), |_| true);
    }

    /// The portal pairs of `level` that `show` picks, by label and colour
    /// (a paste's preview draws the pairs it would add).
    pub(super) fn draw_pairs(
        &self,
        list: &mut DrawList,
        font: &mut Font,
        proj: &Projection,
        level: &game::level::Level,
        show: impl Fn(&game::grid::Portal) -> bool,
    ) {
        // Hover and selection name pairs of the level being edited.
        let own = std::ptr::eq(level, self.editor.level());
        let hovered_pair = self
            .mouse_px()
            .filter(|_| own)
            .map(|p| nearest_edge(proj.to_view(p)).0)
            .and_then(|e| game::edit::op::portal_at(level, e))
            .map(|(i, _)| i);
        let size = (proj.cell_px * 0.32).clamp(9.0, 22.0);
        for (i, p) in level.grid.portals().iter().enumerate() {
            if !show(p) {
                continue;
            }
            let colour = pair_colour(i);
            let lit = hovered_pair == Some(i) || (own && self.selection == Selection::Portal(i));
            for (k, end) in p.ends.into_iter().enumerate() {
                let e = end.edge();
                let thick = if lit { 0.22 } else { 0.1 } * proj.cell_px;
                list.quad(
                    Self::edge_rect(proj, e, thick.max(3.0)),
                    with_alpha(colour, if lit { 0.95 } else { 0.7 }),
                );
                // The label sits on the face side.
                let mid = edge_middle(e);
                let face = Vec2::new(end.cell.x as f32, end.cell.y as f32);
                let at = proj.to_screen(mid + (face - mid) * 0.45);
                let style = TextStyle::new(size, WHITE).aligned(Align::Centre);
                list.text(
                    font,
                    at - Vec2::new(0.0, size * 0.6),
                    &level.portal_label(i).to_string(),
                    &style,
                );
                // How the pair turns a walker entering here, beside the
                // label along the edge.
                let along = match e.orientation {
                    Orientation::Horizontal => Vec2::new(1.0, 0.0),
                    Orientation::Vertical => Vec2::new(0.0, -1.0),
                };
                let g = at + along * size * 1.2;
                let gs = size * 0.9;
                let badge = Rect::new(g.x - gs * 0.55, g.y - gs * 0.55, gs * 1.1, gs * 1.1);
                list.quad(badge, [0.05, 0.06, 0.1, 0.75]);
                list.text(
                    font,
                    g - Vec2::new(0.0, gs * 0.6),
                    kind_glyph(p.kind_from(k)),
                    &TextStyle::new(gs, colour).aligned(Align::Centre),
                );
            }
        }
    }

    fn draw_routes(&self, list: &mut DrawList, proj: &Projection) {
        let level = self.editor.level();
        for (i, t) in level.things.iter().enumerate() {
            let ThingSpecKind::Watcher { route } = &t.kind else {
                continue;
            };
            if route.is_empty() {
                continue;
            }
            let selected = self.selection == Selection::Thing(i);
            let colour = if selected {
                hex(0xffd36b)
            } else {
                hex(0xe8a33d)
            };
            let cells = expand_route(route);
            let mut path = vec![t.cell];
            path.extend(cells.iter().skip(1).copied());
            path.push(cells[0]);
            for w in path.windows(2) {
                let (a, b) = (w[0], w[1]);
                let broken = !level.grid.is_air(b)
                    || !game::level::validate::route_step_open(&level.grid, a, b);
                let c = if broken { BAD } else { with_alpha(colour, 0.8) };
                let pa = proj.to_screen(Vec2::new(a.x as f32, a.y as f32));
                let pb = proj.to_screen(Vec2::new(b.x as f32, b.y as f32));
                // Each step stops short of the cells' centres, where the
                // watcher's eye is drawn.
                let gap = (pb - pa).normalize_or_zero() * proj.cell_px * 0.14;
                list.line(pa + gap, pb - gap, (proj.cell_px * 0.05).max(2.0), c);
                arrow(
                    list,
                    pa.lerp(pb, 0.6),
                    (pb - pa).normalize_or_zero(),
                    proj.cell_px * 0.14,
                    c,
                );
                if broken {
                    list.quad(Self::cell_rect(proj, b).inset(proj.cell_px * 0.3), BAD);
                }
            }
            // Hollow marks: the watcher standing on a waypoint shows
            // through (its eye is what a designer reads).
            for (n, &p) in route.iter().enumerate() {
                let r = Self::cell_rect(proj, p).inset(proj.cell_px * 0.36);
                let width = (proj.cell_px * 0.04).max(1.5);
                outline(list, r, width, if n == 0 { WHITE } else { colour });
            }
        }
    }

    fn draw_problems_marks(&self, list: &mut DrawList, proj: &Projection) {
        for p in self.editor.problems() {
            match p.place {
                Place::Edge(e) => list.quad(
                    Self::edge_rect(proj, e, proj.cell_px * 0.18),
                    with_alpha(BAD, 0.85),
                ),
                Place::Cell(c) | Place::Thing(_, c) | Place::Route(_, c) => outline(
                    list,
                    Self::cell_rect(proj, c).inset(2.0),
                    3.0,
                    with_alpha(BAD, 0.9),
                ),
                Place::Level => {}
            }
        }
    }

    /// A thing standing in rock (a problem; the world drawing shows only
    /// air cells): a filled token with its initial, and a red "!" badge.
    fn draw_things_in_rock(&self, list: &mut DrawList, font: &mut Font, proj: &Projection) {
        let level = self.editor.level();
        for t in &level.things {
            if level.grid.contains(t.cell) && level.grid.is_air(t.cell) {
                continue;
            }
            let colour = match t.kind {
                ThingSpecKind::Hero { .. } => hex(0x6fa8ff),
                ThingSpecKind::Item { .. } => hex(0xf2c14e),
                ThingSpecKind::RopeCoil { .. } => hex(0xc8a06a),
                ThingSpecKind::Watcher { .. } => hex(0xd77a6a),
            };
            let cell = Self::cell_rect(proj, t.cell);
            let token = cell.inset(proj.cell_px * 0.2);
            list.quad(token, colour);
            outline(list, token, 2.0, BAD);
            let size = (proj.cell_px * 0.4).clamp(9.0, 28.0);
            let initial: String = t.id.chars().take(1).flat_map(char::to_uppercase).collect();
            list.text(
                font,
                token.centre() - Vec2::new(0.0, size * 0.6),
                &initial,
                &TextStyle::new(size, hex(0x151a28)).aligned(Align::Centre),
            );
            let b = (proj.cell_px * 0.3).max(8.0);
            let badge = Rect::new(cell.x + cell.w - b, cell.y, b, b);
            list.quad(badge, BAD);
            list.text(
                font,
                Vec2::new(badge.centre().x, badge.y + b * 0.05),
                "!",
                &TextStyle::new(b * 0.85, WHITE).aligned(Align::Centre),
            );
        }
    }

    /// Whether the canvas outlines the selection: not while a solution
    /// plays back, whose things have moved from where the level has them.
    pub(super) fn shows_selection_box(&self) -> bool {
        self.playback_stage().is_none()
    }

    fn draw_selection(&self, list: &mut DrawList, proj: &Projection) {
        let level = self.editor.level();
        match self.selection {
            Selection::Thing(i) => {
                if let Some(t) = level.things.get(i) {
                    outline(list, Self::cell_rect(proj, t.cell), 3.0, SELECT);
                }
            }
            Selection::Area(a) => {
                let lo = Self::cell_rect(proj, CellPos::new(a.min.x, a.max.y));
                let hi = Self::cell_rect(proj, CellPos::new(a.max.x, a.min.y));
                let r = Rect::new(lo.x, lo.y, hi.x + hi.w - lo.x, hi.y + hi.h - lo.y);
                list.quad(r, [0.96, 0.77, 0.26, 0.08]);
                outline(list, r, 2.0, SELECT);
            }
            _ => {}
        }
    }

    fn draw_cursor(&self, list: &mut DrawList, proj: &Projection, l: &Layout, size_px: (u32, u32)) {
        let Some(p) = self.mouse_px().filter(|p| l.canvas.contains(*p)) else {
            return;
        };
        let point = proj.to_view(p);
        let cell = self.camera.cell_at(p, l.canvas, size_px);
        if let Some((from, to)) = self.drag_rect() {
            let a = Self::cell_rect(proj, CellPos::new(from.x.min(to.x), from.y.max(to.y)));
            let b = Self::cell_rect(proj, CellPos::new(from.x.max(to.x), from.y.min(to.y)));
            let r = Rect::new(a.x, a.y, b.x + b.w - a.x, b.y + b.h - a.y);
            list.quad(r, GHOST);
            outline(list, r, 2.0, WHITE);
            return;
        }
        if self.pasting {
            if let Some(clip) = &self.clipboard {
                let a = Self::cell_rect(proj, CellPos::new(cell.x, cell.y + clip.size.1 - 1));
                let r = Rect::new(
                    a.x,
                    a.y,
                    clip.size.0 as f32 * proj.cell_px,
                    clip.size.1 as f32 * proj.cell_px,
                );
                list.quad(r, GHOST);
                // Red where it would reach past the level (a click is refused).
                let area = game::edit::selection::paste_area(clip, cell);
                let grid = &self.editor.level().grid;
                let fits = grid.contains(area.min) && grid.contains(area.max);
                outline(list, r, 2.0, if fits { WHITE } else { BAD });
            }
            return;
        }
        match self.tool {
            Tool::Wall | Tool::Platform | Tool::Portal => {
                let (e, _) = nearest_edge(point);
                list.quad(
                    Self::edge_rect(proj, e, (proj.cell_px * 0.16).max(3.0)),
                    GHOST,
                );
                if let Some(first) = self.portal_first {
                    list.quad(
                        Self::edge_rect(proj, first.edge(), (proj.cell_px * 0.16).max(3.0)),
                        SELECT,
                    );
                }
            }
            _ => outline(
                list,
                Self::cell_rect(proj, cell),
                2.0,
                with_alpha(WHITE, 0.6),
            ),
        }
    }
}

/// A rectangle's outline, `t` pixels thick, inside it.
pub(super) fn outline(list: &mut DrawList, r: Rect, t: f32, colour: Rgba) {
    list.quad(Rect::new(r.x, r.y, r.w, t), colour);
    list.quad(Rect::new(r.x, r.y + r.h - t, r.w, t), colour);
    list.quad(Rect::new(r.x, r.y, t, r.h), colour);
    list.quad(Rect::new(r.x + r.w - t, r.y, t, r.h), colour);
}

fn arrow(list: &mut DrawList, at: Vec2, dir: Vec2, size: f32, colour: Rgba) {
    if dir == Vec2::ZERO {
        return;
    }
    let n = Vec2::new(-dir.y, dir.x);
    list.polygon(
        &[
            at + dir * size,
            at - dir * size * 0.6 + n * size * 0.7,
            at - dir * size * 0.6 - n * size * 0.7,
        ],
        colour,
    );
}

/// The glyph drawn at a portal end for the kind a walker entering there
/// meets: straight on, turned back, a quarter turn clockwise or
/// anticlockwise.
pub fn kind_glyph(kind: game::grid::PortalKind) -> &'static str {
    use game::grid::PortalKind;
    match kind {
        PortalKind::Straight => "=",
        PortalKind::Flip => "\u{21c5}",
        PortalKind::Cw => "\u{21bb}",
        PortalKind::Ccw => "\u{21ba}",
    }
}

fn draw_help(list: &mut DrawList, font: &mut Font, size_px: (u32, u32), s: f32) {
    let (w, h) = (size_px.0 as f32, size_px.1 as f32);
    let panel = Rect::new(w * 0.12, h * 0.08, w * 0.76, h * 0.84);
    list.quad(Rect::new(0.0, 0.0, w, h), [0.0, 0.0, 0.02, 0.55]);
    list.panel(panel, &ITEM_STYLE);
    list.text(
        font,
        Vec2::new(panel.x + 20.0 * s, panel.y + 14.0 * s),
        "Editor keys (any key closes)",
        &TextStyle::new(20.0 * s, GOLD),
    );
    let mut y = panel.y + 50.0 * s;
    for (keys, what) in HOTKEYS {
        list.text(
            font,
            Vec2::new(panel.x + 20.0 * s, y),
            keys,
            &TextStyle::new(13.0 * s, WHITE),
        );
        list.text(
            font,
            Vec2::new(panel.x + panel.w * 0.42, y),
            what,
            &TextStyle::new(13.0 * s, TEXT),
        );
        y += 17.0 * s;
    }
    let mut x = panel.x + 20.0 * s;
    for t in TOOLS {
        let label = format!("{} {}", t.hotkey().to_uppercase(), t.name());
        list.text(
            font,
            Vec2::new(x, y + 6.0 * s),
            &label,
            &TextStyle::new(12.0 * s, DIM_TEXT),
        );
        x += panel.w / 6.5;
        if x > panel.x + panel.w - 60.0 * s {
            x = panel.x + 20.0 * s;
            y += 16.0 * s;
        }
    }
}
