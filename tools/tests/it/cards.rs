//! The campaign's intro cards teach without telling: each card (a level's
//! notes without their `Solution:` paragraphs, `Level::intro`) says the
//! goal and the new thing in a few sentences, and no step of the solution.
//! What a card must not say is checked two ways: no sentence or clause
//! opens with an order to do a step ("Walk into it…", "…: put it in the
//! bucket"), and none holds a phrase of a reviewed list of solution steps
//! the cards once gave away. The steps belong in the `Solution:`
//! paragraphs and in `levels/solutions/`.
use game::level::load_file;

use crate::common::campaign;

/// The most sentences a card may have: the goal, the new thing, and one
/// fact a player needs (a fall height, a heavy statue).
const MOST_SENTENCES: usize = 3;

/// Verbs that, opening a sentence or a clause, order a step of play. The
/// goal's verbs ("Bring", "Fetch") are not among them.
const STEP_VERBS: &[&str] = &[
    "walk", "put", "tie", "hoist", "look", "cross", "end", "float", "levitate", "drop", "climb",
    "let", "take", "step", "deploy", "wait", "go", "run", "use", "pick", "carry", "hang", "lower",
];

/// Solution steps the cards once gave away, reviewed one by one; lower
/// case.
const STEPS_GIVEN_AWAY: &[&str] = &[
    "walk into it and you",
    "look through it first",
    "put it in the bucket",
    "tie the bucket",
    "hoist it up from the top",
    "has to ride up in the bucket",
    "rides up in the bucket, through the trapdoor",
    "the rope hangs on down the shaft",
    "hangs through the portal and down the well",
    "hangs through it for the way back",
    "down in a pit",
    "cross while it looks away",
    "look up and through it",
    "float a thing through it",
    "step back up through the ceiling",
    "look down through the platform at its edge",
    "only the knight can carry",
];

/// The sentences of `text`: split after `.`, `!` or `?` and a space.
fn sentences(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let bytes = text.as_bytes();
    for (i, b) in bytes.iter().enumerate() {
        let ends = matches!(b, b'.' | b'!' | b'?') && bytes.get(i + 1).is_none_or(|n| *n == b' ');
        if ends {
            out.push(text[start..=i].trim());
            start = i + 1;
        }
    }
    if !text[start..].trim().is_empty() {
        out.push(text[start..].trim());
    }
    out
}

/// The first word of every sentence and clause (after `:` or `;`) of
/// `text`, lower case.
fn openers(text: &str) -> Vec<String> {
    text.split(['.', '!', '?', ':', ';'])
        .filter_map(|clause| {
            clause
                .trim_start_matches([' ', '('])
                .split([' ', ',', ')'])
                .next()
        })
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

#[test]
fn the_card_checks_catch_a_card_that_tells_a_step() {
    let told = "The statue is heavy: put it in the bucket. Walk into it and you drop.";
    assert_eq!(sentences(told).len(), 2);
    let openers = openers(told);
    assert!(openers.contains(&"put".to_string()), "{openers:?}");
    assert!(openers.contains(&"walk".to_string()), "{openers:?}");
}

#[test]
fn every_campaign_card_says_the_goal_and_the_new_thing_and_no_step_of_the_solution() {
    let mut problems = Vec::new();
    for path in campaign() {
        let level = load_file(&path).expect("level loads");
        let card = level.intro();
        let name = &level.name;
        if card.is_empty() {
            problems.push(format!("{name}: no card"));
        }
        let count: usize = card.iter().map(|p| sentences(p).len()).sum();
        if count > MOST_SENTENCES {
            problems.push(format!(
                "{name}: {count} sentences (at most {MOST_SENTENCES})"
            ));
        }
        for paragraph in &card {
            for verb in openers(paragraph) {
                if STEP_VERBS.contains(&verb.as_str()) {
                    problems.push(format!(
                        "{name}: a clause orders a step (`{verb}`): {paragraph}"
                    ));
                }
            }
            let lower = paragraph.to_lowercase();
            // A designer's paragraph that missed the `Solution:` opening
            // (it names the solution, or a file of the checkout).
            if lower.contains("solution") || lower.contains(".sim") || lower.contains("levels/") {
                problems.push(format!(
                    "{name}: a designer's note on the card: {paragraph}"
                ));
            }
            for step in STEPS_GIVEN_AWAY {
                if lower.contains(step) {
                    problems.push(format!("{name}: gives away `{step}`"));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
