//! Undo and redo of one step on a stage holding 10,000 Things.
//! Results and the command go in BENCHMARKS.md ("Undo").
//!
//! The stage: a level file holds at most 512 things, so the 10,000 come
//! from ropes. The level (generated here) is one open room 128 × 100 cells
//! with a row of platforms along the top; 98 heroes stand on them, each
//! with a 100-cell rope, plus 4 items. Every hero lets the rope down (one
//! action each): 98 × (hero + rope + 100 segments) + 4 = 10,000 live Things,
//! all through the public API (`Session::perform`).
//!
//! The measured step: one hero walks one cell along the platforms. Undo and
//! redo are timed separately (each timed call is paired with an untimed call
//! of the other, so every iteration starts from the same state). The same
//! run also times performing the move (check, execute — which builds the
//! hero's view — apply, commit), previewing it (execute alone), undo and
//! redo of a bigger step (the last rope let down: 104 Things, 100 of them
//! spawned), and `Store::rebuild_links` alone on a bare store with the same
//! 10,000 Things: what undo and redo would cost if they rebuilt every list
//! (they write the step's snapshots back and work out the heads,
//! O(changed)).
#![forbid(unsafe_code)]

use std::time::{Duration, Instant};

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use game::action::{Action, DeployDir, Target};
use game::grid::CellPos;
use game::level::load_text;
use game::session::Session;
use game::things::{CellIndex, Store, Thing, ThingData};

const WIDTH: usize = 128;
const HEIGHT: usize = 100;
const HEROES: usize = 98;
const ITEMS: usize = 4;
/// Live Things once every rope is down.
const LIVE: usize = HEROES * (2 + HEIGHT) + ITEMS;

/// The level text: an open room, platforms under the top row, the heroes on
/// them with ropes as long as the room is high.
fn level_text() -> String {
    let row = |cells: char, edges: char, walls: char| {
        let mut s = String::with_capacity(2 * WIDTH + 1);
        s.push(walls);
        for _ in 0..WIDTH {
            s.push(cells);
            s.push(edges);
        }
        s.pop();
        s.push(walls);
        s
    };
    let mut grid = vec![row('#', '#', '#')];
    for y in (0..HEIGHT).rev() {
        let mut cells = row('.', '.', '#');
        if y == HEIGHT - 1 {
            // The entrance, top left.
            cells.replace_range(1..2, "@");
        }
        grid.push(cells);
        grid.push(if y == HEIGHT - 1 {
            row('-', '-', '#')
        } else {
            row('.', '.', '#')
        });
    }
    grid.pop();
    grid.push(row('#', '#', '#'));
    let mut things = String::new();
    let kinds = ["knight", "scout", "sorceress"];
    for h in 0..HEROES {
        let kind = kinds[h % kinds.len()];
        things.push_str(&format!(
            "h{h} = hero {kind} at {h},{} rope {HEIGHT}\n",
            HEIGHT - 1
        ));
    }
    for i in 0..ITEMS {
        things.push_str(&format!(
            "item{i} = item relic at {},{} flags ACQUIRE|PLACE|RELIC\n",
            HEROES + i,
            HEIGHT - 1
        ));
    }
    format!(
        "[level]\nname = \"Ten thousand things\"\n\n[grid]\n{}\n\n[things]\n{things}",
        grid.join("\n")
    )
}

/// The stage with every rope down.
fn session() -> Session {
    let level = load_text("undo_bench.txt", &level_text()).expect("the bench level loads");
    let mut s = Session::new(&level).expect("sets up");
    for hero in s.stage().heroes() {
        s.perform(&Action::DeployRope {
            hero,
            dir: DeployDir::Down,
        })
        .expect("every rope goes down");
    }
    assert_eq!(s.stage().store().len(), LIVE);
    s
}

/// The same 10,000 Things in a bare store, for timing `rebuild_links`.
fn bare_store(s: &Session) -> Store {
    let mut store = Store::with_cell_count(WIDTH * HEIGHT).expect("cells");
    for t in s.stage().store().things().iter().filter(|t| t.is_live()) {
        store
            .spawn(t.kind(), CellIndex(t.cell().0), ThingData::default())
            .expect("room");
    }
    assert_eq!(store.len(), LIVE);
    store
}

fn undo_redo(c: &mut Criterion) {
    let mut s = session();
    let hero = s.stage().find("h0").expect("h0");
    let walk = Action::Move {
        hero,
        to: Target::Cell(CellPos::new(1, HEIGHT as i32 - 1)),
    };
    let deploy = s.undo_log().last_done().expect("a rope went down");
    println!(
        "undo bench: letting one rope down changed {} Things; step holds {} bytes",
        deploy.changed(),
        deploy.bytes()
    );

    let mut group = c.benchmark_group("undo");
    group.bench_function("undo letting a rope down (104 Things), 10k Things", |b| {
        b.iter_custom(|iters| {
            let mut timed = Duration::ZERO;
            for _ in 0..iters {
                let start = Instant::now();
                black_box(s.undo());
                timed += start.elapsed();
                s.redo();
            }
            timed
        })
    });
    group.bench_function("redo letting a rope down (104 Things), 10k Things", |b| {
        b.iter_custom(|iters| {
            let mut timed = Duration::ZERO;
            for _ in 0..iters {
                s.undo();
                let start = Instant::now();
                black_box(s.redo());
                timed += start.elapsed();
            }
            timed
        })
    });
    assert_eq!(s.stage().store().len(), LIVE);

    s.perform(&walk).expect("walks");
    let step = s.undo_log().last_done().expect("the walk is a step");
    println!(
        "undo bench: {} live Things; the walk changed {} Things; step holds {} bytes \
         (bound {} = changed x {} + 64)",
        s.stage().store().len(),
        step.changed(),
        step.bytes(),
        step.changed() * std::mem::size_of::<Thing>() + 64,
        std::mem::size_of::<Thing>()
    );

    group.bench_function("undo one move, 10k Things", |b| {
        b.iter_custom(|iters| {
            let mut timed = Duration::ZERO;
            for _ in 0..iters {
                let start = Instant::now();
                black_box(s.undo());
                timed += start.elapsed();
                s.redo();
            }
            timed
        })
    });
    group.bench_function("redo one move, 10k Things", |b| {
        b.iter_custom(|iters| {
            let mut timed = Duration::ZERO;
            for _ in 0..iters {
                s.undo();
                let start = Instant::now();
                black_box(s.redo());
                timed += start.elapsed();
            }
            timed
        })
    });
    group.bench_function("perform one move, 10k Things", |b| {
        b.iter_custom(|iters| {
            let mut timed = Duration::ZERO;
            for _ in 0..iters {
                s.undo();
                let start = Instant::now();
                black_box(s.perform(&walk).is_ok());
                timed += start.elapsed();
            }
            timed
        })
    });
    group.bench_function("preview one move (execute only), 10k Things", |b| {
        s.undo();
        b.iter(|| black_box(s.preview(&walk).is_ok()));
        s.redo();
    });
    let mut store = bare_store(&s);
    group.bench_function("rebuild_links alone, 10k Things", |b| {
        b.iter(|| store.rebuild_links())
    });
    group.finish();
    assert!(s.stage().store().validate().is_ok());
    assert!(s.stage().store().check_canonical().is_ok());
}

criterion_group!(benches, undo_redo);
criterion_main!(benches);
