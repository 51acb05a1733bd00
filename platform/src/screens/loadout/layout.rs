//! Where everything on the loadout screen goes, for a drawable of a given
//! size and a number of heroes: one pure layout shared by the input and
//! the drawing.
use game::equipment::Equipment;
use glam::Vec2;
use render::Rect;

use crate::screens::menu;

/// One row's rectangles.
#[derive(Clone, Debug, PartialEq)]
pub struct RowRects {
    /// The whole row (what hovering selects).
    pub whole: Rect,
    /// The piece's name and what it does.
    pub label: Rect,
    /// One cell per hero, then Nobody, under the heroes' columns; for a
    /// piece that goes to no hero ([`Equipment::goes_to_a_hero`]) two:
    /// bring it (under all the heroes' columns), then Nobody (leave it).
    pub cells: Vec<Rect>,
}

/// Where things go (see [`layout`]).
#[derive(Clone, Debug, PartialEq)]
pub struct LoadoutLayout {
    pub scale: f32,
    pub title_at: Vec2,
    pub title_px: f32,
    pub sub_at: Vec2,
    pub text_px: f32,
    pub small_px: f32,
    pub sprite_px: f32,
    /// The level drawn small, left of the heroes' heads, over the rows'
    /// labels (which the heads leave empty).
    pub thumb: Rect,
    /// Where the level's goal goes, right of the thumbnail (top-left).
    pub goal_at: Vec2,
    /// The goal's width before it wraps.
    pub goal_w: f32,
    /// The column heads: one per hero, then Nobody.
    pub heads: Vec<Rect>,
    /// One per piece of equipment, in canonical order.
    pub rows: Vec<RowRects>,
    /// Start, Back.
    pub buttons: Vec<Rect>,
    pub notice_at: Vec2,
    pub hint_at: Vec2,
}

/// The layout on a drawable of `size` for a level of `heroes` heroes.
pub fn layout(size: Vec2, heroes: usize) -> LoadoutLayout {
    let s = (size.y / 720.0).min(size.x / 1280.0).max(0.2);
    let columns = heroes + 1;
    let gap = (12.0 * s).round();
    let label_w = (380.0 * s).round();
    let cells_w = (600.0 * s).round();
    let cell_w = ((cells_w - gap * (columns - 1) as f32) / columns as f32).floor();
    let total_w = label_w + gap * 2.0 + cells_w;
    let left = ((size.x - total_w) / 2.0).round();
    let cells_left = left + label_w + gap * 2.0;
    let column_x = |c: usize| cells_left + c as f32 * (cell_w + gap);
    let head_top = (118.0 * s).round();
    let head_h = (104.0 * s).round();
    let heads = (0..columns)
        .map(|c| Rect::new(column_x(c), head_top, cell_w, head_h))
        .collect();
    let row_h = (64.0 * s).round();
    let row_step = (76.0 * s).round();
    let rows_top = head_top + head_h + (14.0 * s).round();
    let rows = Equipment::ALL
        .iter()
        .enumerate()
        .map(|(r, item)| {
            let y = rows_top + r as f32 * row_step;
            let cells = if item.goes_to_a_hero() {
                (0..columns)
                    .map(|c| Rect::new(column_x(c), y, cell_w, row_h))
                    .collect()
            } else {
                // One cell across the heroes' columns: who brings it
                // changes nothing.
                let span = column_x(heroes.max(1) - 1) + cell_w - column_x(0);
                vec![
                    Rect::new(column_x(0), y, span, row_h),
                    Rect::new(column_x(heroes), y, cell_w, row_h),
                ]
            };
            RowRects {
                whole: Rect::new(left, y, total_w, row_h),
                label: Rect::new(left, y, label_w, row_h),
                cells,
            }
        })
        .collect::<Vec<_>>();
    let rows_end = rows_top + (Equipment::ALL.len() as f32 - 1.0) * row_step + row_h;
    let button = Vec2::new((300.0 * s).round(), (52.0 * s).round());
    let buttons = menu::column(
        size.x / 2.0,
        rows_end + (22.0 * s).round(),
        2,
        button,
        (62.0 * s).round(),
    );
    let below = buttons.last().map_or(rows_end, |r| r.y + r.h);
    // The level beside the heads: a box as tall as they are, its goal to
    // the right of it.
    let thumb_w = (head_h * 1.6).min(label_w / 2.0).round();
    let thumb = Rect::new(left, head_top, thumb_w, head_h);
    let goal_at = Vec2::new(left + thumb_w + gap, head_top + (6.0 * s).round());
    let goal_w = label_w - thumb_w - gap;
    LoadoutLayout {
        scale: s,
        title_at: Vec2::new((size.x / 2.0).round(), (28.0 * s).round()),
        title_px: (44.0 * s).round().max(8.0),
        sub_at: Vec2::new((size.x / 2.0).round(), (82.0 * s).round()),
        text_px: (24.0 * s).round().max(6.0),
        small_px: (16.0 * s).round().max(6.0),
        sprite_px: (48.0 * s).round().max(8.0),
        thumb,
        goal_at,
        goal_w,
        heads,
        rows,
        buttons,
        notice_at: Vec2::new((size.x / 2.0).round(), (below + 14.0 * s).round()),
        hint_at: Vec2::new((size.x / 2.0).round(), (size.y - 36.0 * s).round()),
    }
}
