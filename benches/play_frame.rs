//! The play screen's per-frame CPU cost, no GL: on the generated 64×64
//! level with 4 portals and 500 Things (`play::fixtures::benchmark_level`)
//! at 1920×1080, the party at the entrance with all four portals in sight.
//!
//! - **frame**: the selected hero's GridView built afresh, then the whole
//!   draw list — stencil masks, the world through every region, the HUD —
//!   then sorted and planned into batches, as the renderer would before
//!   uploading. (The screen itself rebuilds the view only when the state
//!   changes; this is the worst case of a frame.)
//! - **draw only**: the list and its batch plan from a view already built
//!   (an ordinary frame).
//! - **view only**: the GridView build alone.
//!
//! `cargo bench -p benches --bench play_frame`
#![forbid(unsafe_code)]
use criterion::{black_box, criterion_group, criterion_main, Criterion};
use platform::screens::play::{fixtures, PlayScreen};
use render::{DrawList, Font, FramePlan, SpriteAtlas, TextureSlot, MAX_QUADS_PER_DRAW};

const SIZE: (u32, u32) = (1920, 1080);

fn assets() -> (Font, SpriteAtlas) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets");
    let font = Font::load(&dir.join("fonts/DejaVuSans.ttf")).expect("the shipped font loads");
    let sprites = SpriteAtlas::load(&dir.join("atlas/sprites.json"), TextureSlot(1))
        .expect("the shipped atlas loads");
    (font, sprites)
}

fn play_frame(c: &mut Criterion) {
    let (mut font, sprites) = assets();
    let level = fixtures::benchmark_level();
    let mut screen = PlayScreen::new(&level).expect("the benchmark level starts");
    let mut list = DrawList::new();
    let mut plan = FramePlan::default();
    // Warm the glyph cache and the buffers.
    screen.draw(&mut list, &mut font, &sprites, SIZE);
    c.bench_function(
        "play frame 1920x1080, 64x64 level, 4 portals, 500 things: view + list + sort/batch",
        |b| {
            b.iter(|| {
                screen.build_view();
                list.clear();
                screen.draw(&mut list, &mut font, &sprites, SIZE);
                plan.build(list.commands(), MAX_QUADS_PER_DRAW);
                black_box(plan.batches().len())
            })
        },
    );
    c.bench_function("play frame: list + sort/batch (view cached)", |b| {
        b.iter(|| {
            list.clear();
            screen.draw(&mut list, &mut font, &sprites, SIZE);
            plan.build(list.commands(), MAX_QUADS_PER_DRAW);
            black_box(plan.batches().len())
        })
    });
    c.bench_function("play frame: GridView build only", |b| {
        b.iter(|| {
            screen.build_view();
            black_box(screen.view().nodes().len())
        })
    });
    let view = screen.view();
    println!(
        "play frame: {} view nodes, {} regions, {} commands, {} vertices, {} batches, {} dropped",
        view.nodes().len(),
        view.transforms().len(),
        list.commands().len(),
        list.vertices().len(),
        plan.batches().len(),
        list.dropped_calls()
    );
}

criterion_group!(benches, play_frame);
criterion_main!(benches);
