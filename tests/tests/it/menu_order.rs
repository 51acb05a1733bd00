//! The context menu's one fixed order of kinds on the shipped levels' key
//! cells: what E then Enter does there is what advances the goal, never
//! the wasteful action ("Set down relic" at the entrance, "Lower the
//! rope" right after hoisting), and the order is the same in every menu.
//! Each level is played from its solution script as input up to the cell,
//! then the menu is read. And along every shipped solution, the menu
//! lists exactly what the rules offer (`game::action::available`), with
//! the rules' reasons, and holds still: no more than a few refused entries
//! shown before "More…".
use platform::screens::Screens;
use rappel_tests::play::{key, levels_dir, play_solution, playing};

const SIZE: (u32, u32) = (960, 540);

/// `file` played through the first `lines` commands of its solution.
fn played(file: &str, lines: usize) -> Screens {
    let stem = file.trim_end_matches(".txt");
    played_from(
        file,
        &levels_dir().join(format!("solutions/{stem}.sim")),
        lines,
    )
}

/// `file` played through the first `lines` commands of the script `script`.
fn played_from(file: &str, script: &std::path::Path, lines: usize) -> Screens {
    let script = std::fs::read_to_string(script).expect("script");
    let commands: Vec<&str> = script
        .lines()
        .filter(|l| {
            let l = l.trim();
            !l.is_empty() && !l.starts_with('#')
        })
        .take(lines)
        .collect();
    let mut s = playing(file);
    play_solution(&mut s, &commands.join("\n"), SIZE);
    s
}

/// The menu's entries, as drawn (label and cost).
fn menu(s: &mut Screens) -> Vec<String> {
    key(s, platform::screens::input::Key::Context, SIZE);
    let entries = s
        .play()
        .and_then(|p| p.context_menu())
        // What cannot be done now is listed last, dimmed: not part of the
        // order checked here.
        .map(|m| {
            m.entries
                .iter()
                .filter(|e| e.refused.is_none())
                .map(|e| e.text())
                .collect()
        })
        .unwrap_or_default();
    key(s, platform::screens::input::Key::Escape, SIZE);
    entries
}

#[test]
fn at_the_entrance_with_the_relic_leaving_is_offered_but_never_first() {
    // Rope descent: the scout is back at the entrance with the relic.
    // Leaving is what she came for, but E then Enter must not take her out
    // by accident (issue 24): it comes after every other action and End
    // turn, so a hero leaves only by choosing it; the knight stands there
    // too, so everyone leaving together comes last.
    let mut s = played("rope_descent.txt", 15);
    let m = menu(&mut s);
    assert!(m[0].starts_with("Set down"), "{m:?}");
    assert_eq!(
        &m[m.len() - 3..],
        [
            "End turn",
            "Leave the level with relic",
            "Everyone here leaves"
        ],
        "{m:?}"
    );
    // Loop-back room: the scout has picked up the relic beside the entrance.
    let mut s = played("loop_back.txt", 4);
    let m = menu(&mut s);
    assert_ne!(m[0], "Leave the level with relic", "{m:?}");
    assert_eq!(
        &m[m.len() - 2..],
        ["Leave the level with relic", "Everyone here leaves"],
        "the party is there with her: {m:?}"
    );
}

#[test]
fn in_heavy_haul_the_load_goes_up_and_out_before_anything_else() {
    // The knight's haul alone (tests/scripts/heavy_haul_knight.sim).
    let knight = levels_dir().join("../tests/scripts/heavy_haul_knight.sim");
    let played = |file: &str, lines| played_from(file, &knight, lines);
    // Down below, the statue in the bucket: tying it comes first, named.
    let mut s = played("heavy_haul.txt", 15);
    let m = menu(&mut s);
    assert_eq!(m[0], "Tie the bucket to the rope · 1 AP", "{m:?}");
    // Back at the anchor with the bucket tied: hoist first, and after a
    // hoist still hoist, never "Lower the rope".
    let mut s = played("heavy_haul.txt", 20);
    for _ in 0..3 {
        let m = menu(&mut s);
        assert_eq!(m[0], "Hoist the rope · 1 AP", "{m:?}");
        rappel_tests::play::choose(&mut s, "Hoist", SIZE);
    }
    // At the entrance with the statue hoisted up: take it out.
    let mut s = played("heavy_haul.txt", 25);
    let m = menu(&mut s);
    assert!(m[0].starts_with("Take statue out of the bucket"), "{m:?}");
}

#[test]
fn at_the_rope_end_an_empty_bucket_is_tied_before_it_is_picked_up() {
    // The vault: the bucket dropped down the shaft lies at the rope's end
    // when the knight climbs down to it (its six-turn line, to "move 7 1").
    let mut s = played_from(
        "the_vault.txt",
        &levels_dir().join("../tests/scripts/the_vault_six_turns.sim"),
        19,
    );
    let m = menu(&mut s);
    assert_eq!(m[0], "Tie the bucket to the rope · 1 AP", "{m:?}");
    assert!(m[1].starts_with("Pick up bucket"), "{m:?}");
}

#[test]
fn the_order_is_stable_from_cell_to_cell() {
    // The same kinds of action come in the same order wherever they are
    // offered, whatever they would bring about: every menu along the
    // whole rope descent keeps it.
    let script =
        std::fs::read_to_string(levels_dir().join("solutions/rope_descent.sim")).expect("solution");
    let n = script
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.trim().starts_with('#'))
        .count();
    let order = [
        "Hoist",
        "Tie",
        "Put ",
        "Take ",
        "Pick up",
        "Let the rope down",
        "Set down",
        "Lower",
        "Take the rope back",
        "End turn",
        "Leave",
    ];
    for lines in 0..n.saturating_sub(2) {
        let mut s = played("rope_descent.txt", lines);
        if s.play().is_none() {
            continue;
        }
        let m = menu(&mut s);
        // Kinds never go back up the order.
        // (The longest kind an entry starts with: "Take the rope back",
        // not "Take ".)
        let ranks: Vec<usize> = m
            .iter()
            .map(|e| {
                order
                    .iter()
                    .enumerate()
                    .filter(|(_, k)| e.starts_with(*k))
                    .max_by_key(|(_, k)| k.len())
                    .map_or(usize::MAX, |(i, _)| i)
            })
            .collect();
        // Leaving never comes first.
        assert!(
            !m.first().is_some_and(|e| e.starts_with("Leave")),
            "after {lines} lines: {m:?}"
        );
        assert!(
            ranks.windows(2).all(|w| w[0] <= w[1]),
            "after {lines} lines: {m:?}"
        );
    }
}

#[test]
fn the_menu_lists_exactly_what_the_rules_offer_along_every_solution() {
    // One call: the menu's entries (End turn aside) are the offers of
    // `game::action::available` for the selected hero, allowed ones as
    // allowed, refused ones dimmed with the rules' own sentence.
    use game::action::available;
    use game::stage::SIGHT_RADIUS;
    use game::view::GridView;
    use platform::screens::input::Key;
    use platform::screens::play::context_menu::{ContextAction, Row, REFUSED_ROWS};
    let campaign = std::fs::read_to_string(levels_dir().join("campaign.txt")).expect("campaign");
    let mut menus = 0;
    for file in campaign
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with("//"))
    {
        let stem = file.trim_end_matches(".txt");
        let script = std::fs::read_to_string(levels_dir().join(format!("solutions/{stem}.sim")))
            .expect("solution");
        let mut s = playing(file);
        for line in script.lines() {
            let Some(play) = s.play() else { break };
            let stage = play.session.stage();
            let playing_on = stage.outcome() == game::stage::Outcome::Playing;
            if let Some(hero) = play
                .selected_hero()
                .filter(|&h| playing_on && stage.cell_of(h).is_some())
            {
                let mut view = GridView::new();
                view.build(stage.grid(), stage.cell_of(hero).unwrap(), SIGHT_RADIUS);
                let mut offered: Vec<(ContextAction, Option<String>)> =
                    available(stage, &view, hero)
                        .into_iter()
                        .map(|o| (o.what.into(), o.refusal().map(|r| r.to_string())))
                        .collect();
                // Everyone at the entrance leaving: the rules' verdict too.
                if let Some(verdict) = game::action::offer::everyone_here_leaves(stage, hero) {
                    offered.push((
                        ContextAction::EveryoneLeaves,
                        verdict.err().map(|r| r.to_string()),
                    ));
                }
                key(&mut s, Key::Context, SIZE);
                let mut shown: Vec<(ContextAction, Option<String>)> = s
                    .play()
                    .and_then(|p| p.context_menu())
                    .map(|m| {
                        m.entries
                            .iter()
                            .filter(|e| e.label != "End turn")
                            .map(|e| (e.action, e.refused.clone()))
                            .collect()
                    })
                    .unwrap_or_default();
                // A few refused entries shown at most, the rest behind
                // "More…".
                let dimmed = s.play().and_then(|p| p.context_menu()).map_or(0, |m| {
                    m.rows()
                        .iter()
                        .filter(|r| matches!(r, Row::Entry(e) if e.refused.is_some()))
                        .count()
                });
                assert!(dimmed <= REFUSED_ROWS, "{stem}: before `{line}`");
                if s.play().is_some_and(|p| p.context_menu().is_some()) {
                    key(&mut s, Key::Escape, SIZE);
                } else {
                    panic!("{stem}: before `{line}`: no menu");
                }
                let order = |v: &mut Vec<(ContextAction, Option<String>)>| {
                    v.sort_by_key(|(a, r)| format!("{a:?}{r:?}"))
                };
                order(&mut offered);
                order(&mut shown);
                assert_eq!(shown, offered, "{stem}: before `{line}`");
                menus += 1;
            }
            play_solution(&mut s, line, SIZE);
        }
    }
    assert!(menus > 300, "{menus} menus compared");
}
