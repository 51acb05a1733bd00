//! The editor's top bar, laid out so nothing overlaps at any window size:
//! the title (level name, unsaved mark, size) from the left, the Set par
//! button (while shown) at the right end, the solver's verdict right-
//! aligned before it, and the level's file in the room left between,
//! clipped from the left so its name stays readable. Each part is given a
//! rectangle of its own and its text is clipped to it.
use glam::Vec2;
use render::{Align, DrawList, Font, Rect, TextStyle};

use super::draw::TEXT;
use super::panels::fit_text;
use super::tools::Layout;
use super::EditorScreen;
use crate::screens::theme::{DIM_TEXT, GOLD, ITEM_STYLE};

/// One part of the bar: where, and the text shown there (clipped).
#[derive(Clone, Debug, PartialEq)]
pub struct Part {
    pub rect: Rect,
    pub text: String,
}

/// The bar's parts; a part with no room is left out.
#[derive(Clone, Debug, PartialEq)]
pub struct TopBar {
    pub title: Option<Part>,
    pub file: Option<Part>,
    pub verdict: Option<Part>,
    pub par: Option<Rect>,
}

impl TopBar {
    /// Every rectangle drawn.
    pub fn rects(&self) -> Vec<Rect> {
        let texts = [&self.title, &self.file, &self.verdict];
        let mut out: Vec<Rect> = texts
            .iter()
            .filter_map(|p| p.as_ref().map(|p| p.rect))
            .collect();
        out.extend(self.par);
        out
    }
}

fn title_style(s: f32) -> TextStyle {
    TextStyle::new(15.0 * s, TEXT)
}

fn file_style(s: f32) -> TextStyle {
    TextStyle::new(14.0 * s, DIM_TEXT)
}

fn verdict_style(s: f32) -> TextStyle {
    TextStyle::new(14.0 * s, GOLD)
}

/// `text` clipped from the left ("…/folder/name.txt") to `room` pixels.
pub(super) fn fit_tail(font: &mut Font, text: &str, style: &TextStyle, room: f32) -> String {
    let chars: Vec<char> = text.chars().collect();
    for skip in 0..chars.len() {
        let shown: String = if skip == 0 {
            text.to_string()
        } else {
            std::iter::once('…')
                .chain(chars[skip..].iter().copied())
                .collect()
        };
        if render::text::measure(font, &shown, style).x <= room {
            return shown;
        }
    }
    String::new()
}

/// A part holding `text` measured in `style`, at `x` (its left) or, with
/// `right`, ending at `x`.
fn part(
    font: &mut Font,
    text: String,
    style: &TextStyle,
    x: f32,
    bar: Rect,
    right: bool,
) -> Option<Part> {
    if text.is_empty() {
        return None;
    }
    let w = render::text::measure(font, &text, style).x;
    let left = if right { x - w } else { x };
    Some(Part {
        rect: Rect::new(left, bar.y, w, bar.h - 1.0),
        text,
    })
}

impl EditorScreen {
    /// The top bar's parts for layout `l` (see the module docs).
    pub fn top_bar(&self, font: &mut Font, l: &Layout) -> TopBar {
        let s = l.scale;
        let bar = l.top;
        let gap = 16.0 * s;
        let mut left = bar.x + 10.0 * s;
        let mut right = bar.x + bar.w - 10.0 * s;
        let par = self.par_button(l);
        if let Some(r) = par {
            right = r.x - gap;
        }
        let level = self.editor.level();
        let dirty = if self.is_dirty() { " *" } else { "" };
        let title = format!(
            "Editor · {}{dirty} · {}x{}",
            level.name,
            level.grid.width(),
            level.grid.height()
        );
        let style = title_style(s);
        let shown = fit_text(font, &title, &style, ((right - left) * 0.45).max(0.0));
        let title = part(font, shown, &style, left, bar, false);
        if let Some(t) = &title {
            left = t.rect.x + t.rect.w + gap;
        }
        let verdict = self
            .solver_line()
            .filter(|_| !self.is_solving())
            .and_then(|line| {
                let style = verdict_style(s);
                let shown = fit_text(font, &line, &style, ((right - left) * 0.6).max(0.0));
                part(font, shown, &style, right, bar, true)
            });
        if let Some(v) = &verdict {
            right = v.rect.x - gap;
        }
        let style = file_style(s);
        let shown = fit_tail(font, &self.doc.display(), &style, (right - left).max(0.0));
        let file = part(font, shown, &style, left, bar, false);
        TopBar {
            title,
            file,
            verdict,
            par,
        }
    }

    /// Draws the top bar's parts.
    pub(super) fn draw_top_bar_parts(&self, list: &mut DrawList, font: &mut Font, l: &Layout) {
        let s = l.scale;
        let bar = self.top_bar(font, l);
        let baseline = |size: f32| l.top.y + (l.top.h - size * 1.2) / 2.0;
        if let Some(t) = &bar.title {
            let style = title_style(s);
            list.text(
                font,
                Vec2::new(t.rect.x, baseline(15.0 * s)),
                &t.text,
                &style,
            );
        }
        if let Some(f) = &bar.file {
            let style = file_style(s);
            list.text(
                font,
                Vec2::new(f.rect.x, baseline(14.0 * s)),
                &f.text,
                &style,
            );
        }
        if let Some(v) = &bar.verdict {
            let style = verdict_style(s);
            list.text(
                font,
                Vec2::new(v.rect.x, baseline(14.0 * s)),
                &v.text,
                &style,
            );
        }
        if let Some(r) = bar.par {
            list.panel(r, &ITEM_STYLE);
            list.text(
                font,
                Vec2::new(r.centre().x, r.y + (r.h - 13.0 * s * 1.2) / 2.0),
                "Set par (F8)",
                &TextStyle::new(13.0 * s, GOLD).aligned(Align::Centre),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::screens::editor::document::Document;
    use crate::screens::input::{Chord, RawInput};

    fn overlap(a: Rect, b: Rect) -> bool {
        a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h
    }

    /// With a long file path, a verdict and the par button, at the sizes a
    /// designer uses: the parts lie in the bar, apart, and each text fits
    /// its part.
    #[test]
    fn the_title_file_verdict_and_par_button_never_overlap() {
        let assets = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets");
        let mut font = Font::load(&assets.join("fonts/DejaVuSans.ttf")).expect("font");
        let mut s = crate::screens::editor::tests::ledge_with_a_portal();
        s.doc = Document::at(
            std::path::Path::new(
                "/home/designer/.local/share/rappel/levels/a long folder name/ledge_with_a_portal_and_a_long_name.txt",
            ),
            false,
        );
        for size in [(1280, 720), (1024, 600)] {
            s.handle(RawInput::Chord(Chord::parse("f6").expect("chord")), size);
            crate::screens::editor::tests::wait_for_the_solver(&mut s);
            let l = s.layout();
            let bar = s.top_bar(&mut font, &l);
            let (title, file, verdict) = (
                bar.title.clone().expect("the title"),
                bar.file.clone().expect("the file"),
                bar.verdict.clone().expect("the verdict"),
            );
            assert!(bar.par.is_some(), "the par button");
            assert!(
                file.text
                    .ends_with("ledge_with_a_portal_and_a_long_name.txt"),
                "{}",
                file.text
            );
            assert!(verdict.text.starts_with("Solved"), "{}", verdict.text);
            assert!(title.text.contains("Ledge"), "{}", title.text);
            let rects = bar.rects();
            for (i, a) in rects.iter().enumerate() {
                assert!(
                    a.x >= l.top.x && a.x + a.w <= l.top.x + l.top.w && a.y >= l.top.y,
                    "{size:?}: {a:?} outside the bar {:?}",
                    l.top
                );
                for b in &rects[i + 1..] {
                    assert!(!overlap(*a, *b), "{size:?}: {a:?} overlaps {b:?}");
                }
            }
        }
    }
}
