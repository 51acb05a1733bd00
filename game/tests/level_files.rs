//! The shipped levels: every file in `levels/` round-trips through the text
//! writer and the binary form, the campaign lists exactly them, and each
//! starter level can be played under the movement and rope rules of
//! `GAME.md` (checked with a small model of walking, falling and climbing).

use game::campaign::load_campaign;
use game::grid::{CellPos, Dir, EdgeType, Grid};
use game::level::{binary, load_file, to_text, HeroKind, Level, ThingSpecKind};
use std::collections::{BTreeSet, VecDeque};
use std::fs;
use std::path::{Path, PathBuf};

fn levels_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../levels")
}

/// Every level text file in `levels/` (the campaign list excluded).
fn level_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(levels_dir())
        .expect("levels/ exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .filter(|p| p.file_name().is_some_and(|n| n != "campaign.txt"))
        .collect();
    files.sort();
    files
}

fn load(name: &str) -> Level {
    let path = levels_dir().join(name);
    load_file(&path).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn every_level_round_trips_through_text_and_binary() {
    let files = level_files();
    assert!(
        files.len() >= 3,
        "the three starter levels are there: {files:?}"
    );
    for path in files {
        let text = fs::read_to_string(&path).expect("readable");
        let level = load_file(&path).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(to_text(&level), text, "{} is not canonical", path.display());
        let bytes = binary::to_binary(&level).expect("encodes");
        let back = binary::from_binary("mem.rlv", &bytes).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(back, level);
        assert_eq!(to_text(&back), text);
    }
}

#[test]
fn the_campaign_lists_every_level_once_in_order() {
    let order = load_campaign(&levels_dir().join("campaign.txt")).unwrap_or_else(|e| panic!("{e}"));
    let names: Vec<String> = order
        .iter()
        .map(|p| {
            p.file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default()
        })
        .collect();
    assert_eq!(
        names,
        [
            "loop_back.txt",
            "rope_descent.txt",
            "the_scouts_drop.txt",
            "across_the_gap.txt",
            "mirror_door.txt",
            "heavy_haul.txt",
            "turnstile.txt",
            "watcher_hall.txt",
            "through_the_wall.txt",
            "the_well.txt",
            "sentry.txt",
            "the_gap.txt",
            "the_vault.txt"
        ]
    );
    for p in &order {
        assert!(load_file(p).is_ok(), "{} loads", p.display());
    }
    let listed: BTreeSet<_> = order.into_iter().collect();
    let on_disk: BTreeSet<_> = level_files()
        .into_iter()
        .map(|p| levels_dir().join(p.file_name().unwrap_or_default()))
        .collect();
    assert_eq!(listed, on_disk, "every level file is in the campaign");
}

#[test]
fn every_starter_level_has_the_party_at_the_entrance() {
    for path in level_files() {
        let level = load_file(&path).unwrap_or_else(|e| panic!("{e}"));
        let heroes: BTreeSet<_> = level
            .things
            .iter()
            .filter_map(|t| match t.kind {
                ThingSpecKind::Hero { hero, .. } => Some((format!("{hero:?}"), t.cell)),
                _ => None,
            })
            .collect();
        let kinds: BTreeSet<_> = heroes.iter().map(|(k, _)| k.clone()).collect();
        assert_eq!(kinds.len(), 3, "{}: three hero kinds", path.display());
        assert!(
            heroes.iter().all(|(_, c)| *c == level.entrance),
            "{}",
            path.display()
        );
        let relics = level.things.iter().filter(|t| matches!(&t.kind, ThingSpecKind::Item { flags, .. } if flags.contains(game::level::ItemFlags::RELIC)));
        assert_eq!(relics.count(), 1, "{}: one relic", path.display());
    }
}

// ---------------------------------------------------------------------------
// A small model of the movement rules (GAME.md, "Space, gravity and
// movement"; "Things", rope): walk left/right, fall when unsupported (refused
// beyond the safe height), climb up/down along rope segments.

/// Safe fall heights: the scout's is 4, everyone else's 2.
fn safe_fall(hero: HeroKind) -> usize {
    if hero == HeroKind::Scout {
        4
    } else {
        2
    }
}

/// Deploys a rope of `len` cells whose top segment is `top`: one segment per
/// cell, straight down through OPEN, PLATFORM and PORTAL edges, until a SOLID
/// edge or the length runs out.
fn deploy(grid: &Grid, top: CellPos, len: usize) -> Vec<CellPos> {
    let mut rope = vec![top];
    let mut at = top;
    while rope.len() < len {
        match grid.neighbor(at, Dir::Down) {
            Some((next, _)) => {
                rope.push(next);
                at = next;
            }
            None => break,
        }
    }
    rope
}

fn supported(grid: &Grid, rope: &[CellPos], c: CellPos) -> bool {
    rope.contains(&c)
        || matches!(
            grid.edge_between(c, Dir::Down).map(|e| e.edge_type()),
            Some(EdgeType::Solid | EdgeType::Platform)
        )
}

/// Where a hero entering `c` ends up: `c` if supported, else where the fall
/// stops; `None` if the fall is longer than `safe` cells.
fn land(grid: &Grid, rope: &[CellPos], mut c: CellPos, safe: usize) -> Option<CellPos> {
    let mut fallen = 0;
    while !supported(grid, rope, c) {
        c = grid.neighbor(c, Dir::Down)?.0;
        fallen += 1;
        if fallen > safe {
            return None;
        }
    }
    Some(c)
}

/// Every cell a hero can reach from `from`.
fn reachable(grid: &Grid, rope: &[CellPos], from: CellPos, hero: HeroKind) -> BTreeSet<CellPos> {
    let mut seen = BTreeSet::from([from]);
    let mut queue = VecDeque::from([from]);
    while let Some(c) = queue.pop_front() {
        let mut next = Vec::new();
        for dir in [Dir::Left, Dir::Right] {
            if let Some((n, _)) = grid.neighbor(c, dir) {
                next.extend(land(grid, rope, n, safe_fall(hero)));
            }
        }
        if rope.contains(&c) {
            for dir in [Dir::Up, Dir::Down] {
                if let Some((n, _)) = grid.neighbor(c, dir) {
                    if rope.contains(&n) {
                        next.push(n);
                    }
                }
            }
        }
        for n in next {
            if seen.insert(n) {
                queue.push_back(n);
            }
        }
    }
    seen
}

fn cell_of(level: &Level, id: &str) -> CellPos {
    level
        .thing(id)
        .map(|t| t.cell)
        .unwrap_or_else(|| panic!("{id} is in the level"))
}

fn rope_of_knight(level: &Level) -> usize {
    level
        .things
        .iter()
        .find_map(|t| match t.kind {
            ThingSpecKind::Hero {
                hero: HeroKind::Knight,
                rope_len_cells,
            } => rope_len_cells,
            _ => None,
        })
        .expect("the knight starts with the rope") as usize
}

#[test]
fn loop_back_relic_is_reached_through_the_portal_and_back() {
    let level = load("loop_back.txt");
    let g = &level.grid;
    let relic = cell_of(&level, "relic");
    // Walking left from the entrance goes through the portal to the relic.
    let s = g
        .step(level.entrance, Dir::Left)
        .expect("the left wall is the portal");
    assert!(s.portal.is_some());
    assert_eq!(s.cell, relic);
    for hero in HeroKind::ALL {
        let r = reachable(g, &[], relic, hero);
        assert!(r.contains(&level.entrance));
    }
}

#[test]
fn rope_descent_needs_the_rope_and_the_rope_reaches_the_bottom() {
    let level = load("rope_descent.txt");
    let g = &level.grid;
    let relic = cell_of(&level, "relic");
    // Without a rope nobody gets down: the drop is deeper than any safe fall.
    for hero in HeroKind::ALL {
        assert!(
            !reachable(g, &[], level.entrance, hero).contains(&relic),
            "{hero:?} jumps"
        );
    }
    let drop_top = CellPos::new(2, 6);
    let mut depth = 0;
    let mut at = drop_top;
    while let Some((n, _)) = g.neighbor(at, Dir::Down) {
        at = n;
        depth += 1;
    }
    assert!(depth >= 5, "the shaft is {depth} deep");
    // The knight at 1,6 deploys into the neighbouring drop.
    let rope = deploy(g, drop_top, rope_of_knight(&level));
    assert_eq!(rope.last(), Some(&CellPos::new(2, 0)));
    assert_eq!(
        g.neighbor(CellPos::new(1, 6), Dir::Right),
        Some((drop_top, Dir::Right))
    );
    for hero in HeroKind::ALL {
        let down = reachable(g, &rope, level.entrance, hero);
        assert!(down.contains(&relic), "{hero:?} reaches the relic");
        assert!(
            reachable(g, &rope, relic, hero).contains(&level.entrance),
            "{hero:?} climbs back"
        );
    }
}

#[test]
fn heavy_haul_rope_runs_through_the_floor_portal_to_the_relic() {
    let level = load("heavy_haul.txt");
    let g = &level.grid;
    let statue = cell_of(&level, "statue");
    let flags = match &level.thing("statue").expect("statue").kind {
        ThingSpecKind::Item { flags, .. } => *flags,
        other => panic!("{other:?}"),
    };
    assert!(flags.contains(game::level::ItemFlags::HEAVY.union(game::level::ItemFlags::RELIC)));
    // The entrance stands on a platform, so the party does not fall in.
    assert_eq!(
        g.edge_between(level.entrance, Dir::Down)
            .map(|e| e.edge_type()),
        Some(EdgeType::Platform)
    );
    for hero in HeroKind::ALL {
        assert!(!reachable(g, &[], level.entrance, hero).contains(&statue));
    }
    // Deployed from the entrance cell, the rope passes the platform and the
    // portal and touches the floor beside the statue.
    let rope = deploy(g, level.entrance, rope_of_knight(&level));
    let expected: Vec<CellPos> = [
        (1, 7),
        (1, 6),
        (1, 5),
        (1, 4),
        (5, 3),
        (5, 2),
        (5, 1),
        (5, 0),
    ]
    .into_iter()
    .map(|(x, y)| CellPos::new(x, y))
    .collect();
    assert_eq!(rope, expected);
    assert!(g
        .step(CellPos::new(1, 4), Dir::Down)
        .is_some_and(|s| s.portal.is_some()));
    let bucket = cell_of(&level, "bucket");
    let down = reachable(g, &rope, level.entrance, HeroKind::Knight);
    assert!(down.contains(&bucket) && down.contains(&statue));
    assert!(reachable(g, &rope, statue, HeroKind::Knight).contains(&level.entrance));
    // Hoisting moves the bottom of the rope up the same cells in reverse:
    // the bucket tied at 5,0 rises through the portal into the entrance.
    let mut hoisted: Vec<CellPos> = rope.iter().rev().copied().collect();
    hoisted.dedup();
    assert_eq!(hoisted.last(), Some(&level.entrance));
}
