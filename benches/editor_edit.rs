//! One editor edit on a 128×128 level, as a designer's click costs it:
//! the Wall tool's press and release on the canvas (the stroke, the undo
//! snapshot, the live validation of the whole level, the stage the canvas
//! draws), then the whole frame's draw list — the level fitted in view, so
//! all 16,384 cells are on screen — sorted and planned into batches.
//!
//! The level: `fixtures::editor_benchmark_level` — 128×128 of 8×8 rooms
//! with doors, 16 portal pairs, 256 things.
//!
//! The autosave of that level after 200 edits, every 3 s while editing:
//! what the frame thread pays (a copy of the undo log, whose states are
//! shared) against its peer, encoding the whole log there (the writing
//! thread's work now).
//!
//! `cargo bench -p benches --bench editor_edit`
#![forbid(unsafe_code)]
use criterion::{black_box, criterion_group, criterion_main, Criterion};
use glam::Vec2;
use platform::screens::editor::document::Document;
use platform::screens::editor::{fixtures, EditorScreen};
use platform::screens::input::{Button, Chord, Input, RawInput};
use render::{DrawList, Font, FramePlan, SpriteAtlas, TextureSlot, MAX_QUADS_PER_DRAW};

const SIZE: (u32, u32) = (1920, 1080);

fn assets() -> (Font, SpriteAtlas) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets");
    let font = Font::load(&dir.join("fonts/DejaVuSans.ttf")).expect("the shipped font loads");
    let sprites = SpriteAtlas::load(&dir.join("atlas/sprites.json"), TextureSlot(1))
        .expect("the shipped atlas loads");
    (font, sprites)
}

fn editor_edit(c: &mut Criterion) {
    let (mut font, sprites) = assets();
    let mut screen = EditorScreen::new(fixtures::editor_benchmark_level(), Document::default());
    screen.handle(RawInput::Input(Input::MouseMove(Vec2::ZERO)), SIZE);
    screen.handle(RawInput::Chord(Chord::parse("e").expect("key")), SIZE);
    let mut list = DrawList::new();
    let mut plan = FramePlan::default();
    screen.draw(&mut list, &mut font, &sprites, SIZE);
    // An inner edge of a room: each press toggles it (left wall, right open).
    let at = screen.screen_pos_of_edge(game::grid::EdgePos::vertical(3, 3));
    let mut left = true;
    c.bench_function(
        "editor edit 128x128: wall click + validation + stage",
        |b| {
            b.iter(|| {
                let button = if left { Button::Left } else { Button::Right };
                left = !left;
                screen.handle(RawInput::Press(button, at), SIZE);
                screen.handle(RawInput::Release(button, at), SIZE);
                black_box(screen.editor.revision())
            })
        },
    );
    c.bench_function(
        "editor frame 128x128, all cells in view: list + sort/batch",
        |b| {
            b.iter(|| {
                list.clear();
                screen.draw(&mut list, &mut font, &sprites, SIZE);
                plan.build(list.commands(), MAX_QUADS_PER_DRAW);
                black_box(plan.batches().len())
            })
        },
    );
    c.bench_function("editor edit + frame 128x128", |b| {
        b.iter(|| {
            let button = if left { Button::Left } else { Button::Right };
            left = !left;
            screen.handle(RawInput::Press(button, at), SIZE);
            screen.handle(RawInput::Release(button, at), SIZE);
            list.clear();
            screen.draw(&mut list, &mut font, &sprites, SIZE);
            plan.build(list.commands(), MAX_QUADS_PER_DRAW);
            black_box(plan.batches().len())
        })
    });
}

fn editor_autosave(c: &mut Criterion) {
    use game::edit::draft::Draft;
    use game::edit::{op, Editor};
    let mut editor = Editor::new(fixtures::editor_benchmark_level());
    for i in 0..200 {
        let kind = if i % 2 == 0 {
            op::EdgeKind::Wall
        } else {
            op::EdgeKind::Open
        };
        editor
            .edit("wall", "edge", |l| {
                op::paint_edge(l, game::grid::EdgePos::vertical(3, 3), kind)
            })
            .expect("an inner edge");
    }
    let history = editor.history();
    assert_eq!(history.len(), 201);
    c.bench_function(
        "editor autosave 128x128, 200 steps: the frame thread's copy of the log",
        |b| b.iter(|| black_box(history.clone()).len()),
    );
    c.bench_function(
        "editor autosave 128x128, 200 steps: peer, encoding the draft",
        |b| {
            b.iter(|| {
                let draft = Draft {
                    origin: String::new(),
                    history: history.clone(),
                };
                black_box(draft.encode().expect("encodes").len())
            })
        },
    );
}

criterion_group!(benches, editor_edit, editor_autosave);
criterion_main!(benches);
