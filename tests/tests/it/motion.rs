//! The ropes in motion over a whole shipped solution: the animation follows
//! every step (each link in a cell the rope occupies), and hoisting ends
//! with the bucket's body in the bucket's cell. (The motion reads the stage
//! through a shared reference only, so it cannot change the game.)
use std::path::{Path, PathBuf};

use game::level;
use game::motion::RopeMotion;
use game::things::ThingFlags;
use tools::sim::{LineResult, Sim};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Plays level `name` line by line from the script `script` (a path from
/// the workspace root); after every step the motion follows it and runs
/// `per_step_s` seconds, then `check` looks at both.
fn play_script(
    name: &str,
    script: &str,
    per_step_s: f32,
    mut check: impl FnMut(&str, &Sim, &RopeMotion),
) {
    let level =
        level::load_file(&root().join("levels").join(format!("{name}.txt"))).expect("level");
    let mut sim = Sim::new(game::session::Session::new(&level).expect("stage"));
    let mut motion = RopeMotion::new();
    motion.sync(sim.session.stage(), false);
    let script = std::fs::read_to_string(root().join(script)).expect("script");
    for line in script.lines() {
        match sim.run_line(line) {
            LineResult::Refused(why) | LineResult::Bad(why) => panic!("{line}: {why}"),
            LineResult::Done(_) => {
                motion.sync(sim.session.stage(), true);
                for _ in 0..(per_step_s * 60.0) as usize {
                    motion.update(1.0 / 60.0);
                }
                check(line.trim(), &sim, &motion);
            }
            _ => {}
        }
    }
}

#[test]
fn hoisting_heavy_haul_ends_with_the_bucket_body_in_the_bucket_cell() {
    let mut hoists = 0;
    // The knight's haul alone: four pulls of two cells.
    let script = "tests/scripts/heavy_haul_knight.sim";
    play_script("heavy_haul", script, 1.5, |line, sim, motion| {
        let stage = sim.session.stage();
        let bucket = stage.find("bucket").expect("bucket");
        let Some(rope) = stage
            .of_kind(game::things::ThingKind::Interactable)
            .into_iter()
            .find(|&r| stage.has_flag(r, ThingFlags::DEPLOYED))
        else {
            return;
        };
        let cells: Vec<_> = stage
            .rope_segments(rope)
            .iter()
            .filter_map(|&s| stage.cell_of(s))
            .collect();
        // Every link lies in a cell the rope occupies, through the portal.
        for (k, x) in motion.link_places(rope) {
            assert!(
                (0..cells.len() as i64).contains(&k),
                "{line}: link in segment {k}"
            );
            assert!(x.abs() < 0.5, "{line}: link {x} off the line");
        }
        if line == "hoist" {
            hoists += 1;
            let at = motion
                .load_segment(rope)
                .expect("the bucket hangs on the rope");
            let cell = cells.get(at as usize).copied();
            assert_eq!(cell, stage.cell_of(bucket), "after hoist {hoists}");
        }
    });
    assert_eq!(hoists, 4);
}
