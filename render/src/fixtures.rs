//! Shared scenes: the frames the CPU benchmark (`benches/frame.rs`) and the
//! llvmpipe frame-time measurement (`tests/tests/it/frame_time.rs`) both draw,
//! so the two numbers in BENCHMARKS.md describe the same frame.
use glam::{Affine2, Vec2};

use crate::colour::{hex, WHITE};
use crate::draw_list::DrawList;
use crate::font::Font;
use crate::rect::Rect;
use crate::sort_key::{Pass, Stencil, StencilId};
use crate::text::{Align, TextStyle};
use crate::texture::TextureSlot;

const LABELS: [&str; 4] = [
    "Knight picks up the relic",
    "Rope: 7 segments left",
    "Turn 128 - undo with Z",
    "The watcher sees you!",
];

/// World layers, back to front: (pass, depth, quads).
const LAYERS: [(Pass, f32, u32); 4] = [
    (Pass::Opaque, 0.8, 6_000),      // wall and background tiles
    (Pass::Opaque, 0.5, 6_000),      // platforms, ropes, things
    (Pass::Opaque, 0.3, 4_000),      // heroes and enemies
    (Pass::Translucent, 0.2, 3_950), // shadows and fog
];

/// Fills `list` with the benchmark frame at 1280×720: 20,000 quads (19,950 world quads
/// in four depth layers plus 50 quads seen through stencil masks), 50
/// stencil hexagons, 200 text runs.
pub fn benchmark_frame(list: &mut DrawList, font: &mut Font) {
    list.clear();
    let mut i = 0u32;
    for (pass, depth, count) in LAYERS {
        list.set_pass(pass);
        list.set_depth(depth);
        for _ in 0..count {
            let (x, y) = ((i % 160) as f32 * 8.0, (i / 160 % 125) as f32 * 5.76);
            list.textured_quad(
                Rect::new(x, y, 8.0, 8.0),
                TextureSlot(1),
                [((i % 12) * 34 + 1) as f32, 1.0, 32.0, 32.0],
                WHITE,
            );
            i += 1;
        }
    }
    // Portal masks, each revealing a view drawn under its own transform.
    list.set_pass(Pass::Opaque);
    list.set_depth(0.4);
    for n in 0..50u8 {
        let id = StencilId::new(n + 1).expect("1..=50");
        let c = Vec2::new(
            40.0 + f32::from(n % 10) * 120.0,
            60.0 + f32::from(n / 10) * 120.0,
        );
        let hexagon: Vec<Vec2> = (0..6)
            .map(|k| c + Vec2::from_angle(k as f32 * std::f32::consts::FRAC_PI_3) * 50.0)
            .collect();
        list.stencil_polygon(&hexagon, id);
        list.set_stencil(Stencil::Read(id));
        list.set_transform(Affine2::from_translation(Vec2::new(f32::from(n), 0.0)));
        list.quad(
            Rect::new(c.x - 50.0, c.y - 50.0, 100.0, 100.0),
            hex(0x335577),
        );
        list.set_stencil(Stencil::None);
        list.set_transform(Affine2::IDENTITY);
    }
    // Interface: 200 labels.
    list.set_pass(Pass::Ui);
    let style = TextStyle::new(14.0, hex(0xffffff)).aligned(Align::Left);
    for n in 0..200u32 {
        let at = Vec2::new((n % 5) as f32 * 250.0, (n / 5) as f32 * 18.0);
        list.text(font, at, LABELS[n as usize % LABELS.len()], &style);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::batch::{FramePlan, MAX_QUADS_PER_DRAW};
    use crate::sort_key::{DrawMode, StencilUse};

    #[test]
    fn the_benchmark_frame_has_the_advertised_contents() {
        let mut font = crate::font::tests::dejavu();
        let mut list = DrawList::new();
        benchmark_frame(&mut list, &mut font);
        let c = list.commands();
        let count =
            |f: &dyn Fn(&crate::draw_list::Command) -> bool| c.iter().filter(|c| f(c)).count();
        let world =
            count(&|c| c.key.pass() != Pass::Ui && c.key.stencil().usage() != StencilUse::Write);
        let masks = count(&|c| c.key.stencil().usage() == StencilUse::Write);
        let text = count(&|c| c.key.pass() == Pass::Ui);
        assert_eq!((world, masks, text), (20_000, 50, 200));
        assert!(c.iter().all(
            |c| c.key.mode() == DrawMode::Quads || c.key.stencil().usage() == StencilUse::Write
        ));
        let mut plan = FramePlan::default();
        plan.build(c, MAX_QUADS_PER_DRAW);
        assert!(
            plan.batches().len() < 200,
            "layers merge: {} batches",
            plan.batches().len()
        );
    }
}
