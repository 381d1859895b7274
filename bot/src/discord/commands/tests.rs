//! Tests of `commands`.

use super::*;

#[test]
fn rotate_wall_without_options_asks_for_the_rotations() {
    assert_eq!(rotation(None, None), "rotate-wall");
    assert_eq!(rotation(Some(" B3:NE "), None), "rotate-wall B3:NE");
    assert_eq!(
        rotation(Some("B3:NE"), Some("B2:SE")),
        "rotate-wall B3:NE B2:SE"
    );
    let looks: Vec<&str> = crate::games::of(labscape_core::GameKind::Labscape)
        .looks()
        .iter()
        .map(|(w, _)| *w)
        .collect();
    assert_eq!(
        looks,
        ["walls"],
        "the Discord command says the word the game reads"
    );
}

#[test]
fn choices_match_what_the_service_reads() {
    for t in crate::games::RULES_TOPICS {
        assert!(
            <Topic as poise::ChoiceParameter>::from_name(t).is_some(),
            "{t}"
        );
    }
    for (label, name) in crate::games::layouts() {
        assert!(label.starts_with(&name) && !name.is_empty(), "{label}");
    }
    let names: Vec<_> = all().iter().map(|c| c.name.clone()).collect();
    assert_eq!(
        names,
        [
            "labscape",
            "play",
            "move",
            "roll",
            "rotate-wall",
            "walls",
            "exit",
            "wait",
            "rules",
            "table",
            "log",
            "recap",
            "replay",
            "export",
            "luck",
            "draw",
            "records",
            "help",
            "place"
        ]
    );
}
