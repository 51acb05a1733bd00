//! What a paste would do, shown while it is placed: the level as it would
//! look with the clipboard at the hovered cell (drawn by the world drawing,
//! as play draws it) under a translucent wash, the cells where it would cut
//! a portal pair or bury a thing in rock washed red, and the message line
//! saying why (`game::edit::selection::paste_check`); placed where it
//! would reach past the level's edge, its outline is red and the message
//! line names the cell outside before any click.
use game::edit::selection::{self, PasteCheck};
use game::edit::{Area, EditError};
use game::grid::CellPos;
use game::level::Level;
use game::stage::Stage;
use render::colour::with_alpha;
use render::{DrawList, Rect, WHITE};

use super::draw::{outline, BAD};
use super::EditorScreen;
use crate::screens::world::Projection;

/// The wash over the paste's area.
const WASH: render::Rgba = [0.55, 0.8, 1.0, 0.22];

/// A paste placed at the hovered cell, as it would land.
pub(super) struct PastePreview {
    /// The area it covers.
    pub area: Area,
    /// The level with it pasted (a pair it would cut shown gone).
    pub level: Level,
    /// That level staged for drawing.
    pub stage: Option<Stage>,
    /// What it would cut or bury.
    pub check: PasteCheck,
}

impl EditorScreen {
    /// The cell the paste's bottom-left would go to: the hovered cell.
    fn paste_target(&self) -> Option<CellPos> {
        let l = self.layout();
        let p = self.mouse_px().filter(|p| l.canvas.contains(*p))?;
        Some(self.camera.cell_at(p, l.canvas, self.size_px))
    }

    /// The paste as it would land at the hovered cell; `None` when not
    /// pasting or it does not fit there.
    pub(super) fn paste_preview(&self) -> Option<PastePreview> {
        if !self.pasting {
            return None;
        }
        let clip = self.clipboard.as_ref()?;
        let at = self.paste_target()?;
        let level = selection::paste_preview(self.editor.level(), clip, at)?;
        Some(PastePreview {
            area: selection::paste_area(clip, at),
            stage: super::drawable_stage(&level),
            check: selection::paste_check(self.editor.level(), clip, at),
            level,
        })
    }

    /// The pointer moved while pasting: the message line says what a click
    /// here would do (land, or be refused: past the level's edge, cutting
    /// a pair).
    pub(super) fn paste_hover(&mut self) {
        let (Some(clip), Some(at)) = (&self.clipboard, self.paste_target()) else {
            return;
        };
        let area = selection::paste_area(clip, at);
        let grid = &self.editor.level().grid;
        if let Some(c) = [area.min, area.max]
            .into_iter()
            .find(|&c| !grid.contains(c))
        {
            self.refuse(format!(
                "Can't: {} — move the paste inside",
                EditError::CellOutside(c)
            ));
            return;
        }
        let check = selection::paste_check(self.editor.level(), clip, at);
        if !check.cut_pairs.is_empty() {
            self.refuse(format!(
                "Can't: {}",
                EditError::PasteCutsPair(check.cut_labels())
            ));
        } else if let Some(c) = check.things_in_rock.first() {
            self.refuse(format!(
                "Paste: a thing would stand in rock at {c} (it lands, listed as a problem)"
            ));
        } else {
            self.info(PASTE_HELP);
        }
    }

    /// Washes the paste's area, and red where it would cut or bury.
    pub(super) fn draw_paste_wash(&self, list: &mut DrawList, proj: &Projection, p: &PastePreview) {
        let cell = |c: CellPos| {
            let a = proj.to_screen(glam::Vec2::new(c.x as f32 - 0.5, c.y as f32 + 0.5));
            Rect::new(a.x, a.y, proj.cell_px, proj.cell_px)
        };
        let lo = cell(CellPos::new(p.area.min.x, p.area.max.y));
        let hi = cell(CellPos::new(p.area.max.x, p.area.min.y));
        let r = Rect::new(lo.x, lo.y, hi.x + hi.w - lo.x, hi.y + hi.h - lo.y);
        list.quad(r, WASH);
        let bad = p.check.cut_pairs.iter().map(|&(_, c)| c);
        for c in bad.chain(p.check.things_in_rock.iter().copied()) {
            list.quad(cell(c), with_alpha(BAD, 0.5));
            outline(list, cell(c).inset(2.0), 3.0, BAD);
        }
        let edge = if p.check.is_clean() { WHITE } else { BAD };
        outline(list, r, 2.0, edge);
    }
}

/// The message line while a paste is placed where nothing breaks.
pub(super) const PASTE_HELP: &str = "Paste: click where the bottom-left cell goes (Esc cancels)";
