//! Building one frame on the CPU: 20,000 quads, 200 text runs and 50 stencil
//! polygons (with a read-masked quad each) appended to a draw list, then
//! sorted and merged into batches. No GL: this is the per-frame CPU cost the
//! renderer adds before the upload.
//!
//! `cargo bench -p benches --bench frame`
#![forbid(unsafe_code)]
use criterion::{black_box, criterion_group, criterion_main, Criterion};
use render::{DrawList, Font, FramePlan, MAX_QUADS_PER_DRAW};

fn font() -> Font {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets/fonts/DejaVuSans.ttf");
    Font::load(&path).expect("the shipped font loads")
}

fn frame(c: &mut Criterion) {
    let mut font = font();
    let mut list = DrawList::new();
    let mut plan = FramePlan::default();
    render::fixtures::benchmark_frame(&mut list, &mut font); // warm the glyph cache and the buffers
    c.bench_function(
        "frame: 20k quads + 200 text runs + 50 stencil polygons, list + sort + batch",
        |b| {
            b.iter(|| {
                render::fixtures::benchmark_frame(&mut list, &mut font);
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
