//! What equipment opens (`levels/README.md`, "What equipment opens"): on
//! the levels of [`EQUIPPED`] a piece of equipment clears the level in
//! fewer turns than its par (which is proven without equipment). For each
//! the solver, with that loadout, finds a line of that many turns and
//! proves none shorter; and the line is shipped as
//! `levels/solutions/<stem>.<pieces>.sim` (the pieces' file names joined
//! by `+`), which replays with every command accepted, clears in those
//! turns and ends in a pinned state hash.
use game::equipment::{equip, Loadout};
use game::level::{load_file, Level};
use game::solve::{solve, Limits};
use game::stage::Outcome;
use tools::sim::{LineResult, Sim};

use crate::common::root;

/// (level stem, loadout as `sim --loadout` reads it, the fewest turns it
/// clears in with that loadout, its shipped line's final state hash).
const EQUIPPED: &[(&str, &str, u32, u64)] = &[
    // The second rope takes the scout down the left side, through the
    // platform that closes it otherwise.
    (
        "the_scouts_drop",
        "scout:second_rope",
        2,
        0xb5f4_553e_33c1_cfcd,
    ),
    // The second rope and the coil from the shelf, let down one after the
    // other along the top of the hall, take the knight up through the
    // window without going down either the west well or the east shaft.
    ("the_keep", "knight:second_rope", 3, 0x2ba2_8be4_d713_7dd1),
];

/// The level `stem` as written, and as it starts with `loadout`.
fn levels(stem: &str, loadout: &str) -> (Level, Level) {
    let level = load_file(&root().join(format!("levels/{stem}.txt"))).expect("level loads");
    let loadout = Loadout::parse(loadout).expect("the loadout reads");
    let equipped = equip(&level, &loadout).unwrap_or_else(|e| panic!("{stem}: {e}"));
    (level, equipped)
}

/// The shipped line of `stem` with `loadout`.
fn script_path(stem: &str, loadout: &str) -> std::path::PathBuf {
    let loadout = Loadout::parse(loadout).expect("the loadout reads");
    let pieces: Vec<&str> = loadout.items().map(|(e, _)| e.name()).collect();
    root().join(format!("levels/solutions/{stem}.{}.sim", pieces.join("+")))
}

#[test]
fn equipment_clears_these_levels_in_fewer_turns_than_par_proven_fewest() {
    for &(stem, loadout, turns, _) in EQUIPPED {
        let (level, equipped) = levels(stem, loadout);
        let par = level.par.expect("a campaign level states its par");
        assert!(
            turns < par,
            "{stem}: {turns} turns is not under par ({par})"
        );
        let limits = Limits {
            max_turns: turns,
            // Enough to rule out fewer turns and find a line of these; the
            // fewest actions are not asked for.
            max_states: 1_500_000,
            max_time: None,
            max_memory: None,
            first: false,
            threads: 1,
        };
        let report = solve(&equipped, limits, None).expect("sets up");
        let found = report
            .solution
            .as_ref()
            .unwrap_or_else(|| panic!("{stem} with {loadout}: {}", report.summary()));
        assert_eq!(found.turns, turns, "{stem} with {loadout}");
        assert!(
            report.fewest_turns(),
            "{stem} with {loadout}: fewer than {turns} not ruled out: {}",
            report.summary()
        );
        eprintln!(
            "equipped: {stem} with {loadout}: {turns} turns (par {par}), {} states",
            report.states
        );
    }
}

#[test]
fn each_equipped_line_is_shipped_and_replays_to_its_pinned_end() {
    for &(stem, loadout, turns, hash) in EQUIPPED {
        let (_, equipped) = levels(stem, loadout);
        let path = script_path(stem, loadout);
        let script =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(
            script.contains(&format!(
                "# Equipped: replay with --loadout \"{loadout}\"\n"
            )),
            "{}: says its loadout as `sim solve` does",
            path.display()
        );
        let mut sim = Sim::new(game::session::Session::new(&equipped).expect("sets up"));
        for (n, line) in script.lines().enumerate() {
            match sim.run_line(line) {
                LineResult::Skip | LineResult::Done(_) => {}
                other => panic!("{}:{}: `{line}`: {other:?}", path.display(), n + 1),
            }
        }
        let stage = sim.session.stage();
        assert_eq!(stage.outcome(), Outcome::Cleared, "{stem}: {}", sim.show());
        assert_eq!(stage.turn(), turns, "{stem}: the line takes its turns");
        assert_eq!(
            sim.session.state_hash(),
            hash,
            "{stem}: pinned final state\n{}",
            sim.show()
        );
    }
}
