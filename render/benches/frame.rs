//! Building one frame on the CPU: 20,000 quads, 200 text runs and 50 stencil
//! polygons (with a read-masked quad each) appended to a draw list, then
//! sorted and merged into batches. No GL: this is the per-frame CPU cost the
//! renderer adds before the upload.
//!
//! `cargo bench -p render --bench frame`
use criterion::{black_box, criterion_group, criterion_main, Criterion};
use glam::{Affine2, Vec2};
use render::{
    hex, Align, DrawList, Font, FramePlan, Pass, Rect, Stencil, StencilId, TextStyle, TextureSlot,
    MAX_QUADS_PER_DRAW,
};

fn font() -> Font {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets/fonts/DejaVuSans.ttf");
    Font::load(&path).expect("the shipped font loads")
}

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

/// Fills `list` with the benchmark frame: 20,000 quads (19,950 world quads
/// in four depth layers plus 50 quads seen through stencil masks), 50
/// stencil hexagons, 200 text runs.
fn build_frame(list: &mut DrawList, font: &mut Font) {
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
                render::WHITE,
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

fn frame(c: &mut Criterion) {
    let mut font = font();
    let mut list = DrawList::new();
    let mut plan = FramePlan::default();
    build_frame(&mut list, &mut font); // warm the glyph cache and the buffers
    c.bench_function(
        "frame: 20k quads + 200 text runs + 50 stencil polygons, list + sort + batch",
        |b| {
            b.iter(|| {
                build_frame(&mut list, &mut font);
                plan.build(list.commands(), MAX_QUADS_PER_DRAW);
                black_box(plan.batches().len())
            })
        },
    );
    c.bench_function("frame: sort + batch only", |b| {
        b.iter(|| {
            plan.build(list.commands(), MAX_QUADS_PER_DRAW);
            black_box(plan.batches().len())
        })
    });
    println!(
        "frame: {} commands, {} vertices, {} batches",
        list.commands().len(),
        list.vertices().len(),
        plan.batches().len()
    );
}

criterion_group!(benches, frame);
criterion_main!(benches);
