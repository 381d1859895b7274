//! Labscape's own chat commands (`/move`, `/roll`, `/rotate-wall`, `/walls`, `/exit`,
//! `/wait`, and the draft's `/place wall|item|autofill`) and its own `/new` options (layout,
//! difficulty, setup), as data the platforms build their commands from.

use super::walls;
use crate::games::{Does, Group, OwnCommand, OwnOption, Values};

/// The group of the draft's commands.
const PLACE: Group = Group {
    name: "place",
    about: "dc-cmd-place",
};

/// A command with nothing to give.
const fn bare(name: &'static str, menu: &'static str, about: &'static str) -> OwnCommand {
    OwnCommand {
        name,
        group: None,
        menu,
        about,
        does: Does::Play(name),
        options: &[],
    }
}

/// An option completed from the legal actions.
const fn legal(name: &'static str, about: &'static str, required: bool) -> OwnOption {
    OwnOption {
        name,
        about,
        values: Values::Legal,
        required,
    }
}

/// Labscape's own commands, in the order the menus show them.
pub(super) const COMMANDS: &[OwnCommand] = &[
    OwnCommand {
        options: &[legal("path", "dc-opt-move-path", true)],
        ..bare("move", "cmd-move", "dc-cmd-move")
    },
    bare("roll", "cmd-roll", "dc-cmd-roll"),
    OwnCommand {
        options: &[
            legal("from", "dc-opt-rotate-wall-from", false),
            legal("to", "dc-opt-rotate-wall-to", false),
        ],
        ..bare("rotate-wall", "cmd-rotate-wall", "dc-cmd-rotate-wall")
    },
    OwnCommand {
        does: Does::Look(walls::WORD),
        ..bare(walls::WORD, "cmd-walls", "dc-cmd-walls")
    },
    bare("exit", "cmd-exit", "dc-cmd-exit"),
    OwnCommand {
        options: &[OwnOption {
            name: "minutes",
            about: "dc-opt-wait-minutes",
            values: Values::Count,
            required: false,
        }],
        ..bare("wait", "cmd-wait", "dc-cmd-wait")
    },
    OwnCommand {
        group: Some(PLACE),
        options: &[legal("wall", "dc-opt-place-wall-wall", true)],
        ..bare("wall", "cmd-wall", "dc-cmd-place-wall")
    },
    OwnCommand {
        group: Some(PLACE),
        options: &[
            legal("cell", "dc-opt-place-item-cell", true),
            OwnOption {
                name: "item",
                about: "dc-opt-place-item-item",
                values: Values::OneOf(&["key", "food", "special"]),
                required: true,
            },
        ],
        ..bare("item", "cmd-item", "dc-cmd-place-item")
    },
    OwnCommand {
        group: Some(PLACE),
        ..bare("autofill", "cmd-autofill", "dc-cmd-place-autofill")
    },
];

/// Labscape's own options of `/new`: each value given is one word of its lobby.
pub(super) const NEW_OPTIONS: &[OwnOption] = &[
    OwnOption {
        name: "layout",
        about: "dc-opt-new-layout",
        values: Values::Listed(layouts),
        required: false,
    },
    OwnOption {
        name: "difficulty",
        about: "dc-opt-new-difficulty",
        values: Values::OneOf(&["easy", "medium", "hard", "impossible"]),
        required: false,
    },
    OwnOption {
        name: "setup",
        about: "dc-opt-new-setup",
        values: Values::OneOf(&["random", "draft"]),
        required: false,
    },
];

/// The named board layouts `/new` offers, as (label, name): the presets, shown with their
/// notation.
fn layouts() -> Vec<(String, String)> {
    labscape_core::labscape::PRESETS
        .iter()
        .map(|(name, notation)| (format!("{name} ({notation})"), name.to_string()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::ChatGame as _;
    use labscape_core::labscape::Position;

    /// Every value an option offers is a word the lobby reads.
    #[test]
    fn every_new_option_value_is_read_by_the_lobby() {
        for o in NEW_OPTIONS {
            let words: Vec<String> = match &o.values {
                Values::OneOf(words) => words.iter().map(|w| w.to_string()).collect(),
                Values::Listed(list) => list().into_iter().map(|(_, w)| w).collect(),
                other => panic!("{}: {other:?}", o.name),
            };
            assert!(!words.is_empty(), "{}", o.name);
            for w in words {
                assert!(
                    Position::lobby_settings(std::slice::from_ref(&w)).is_ok(),
                    "{}: {w}",
                    o.name
                );
            }
        }
        for (label, name) in layouts() {
            assert!(label.starts_with(&name) && !name.is_empty(), "{label}");
        }
    }

    /// `/rotate-wall` alone asks for the legal rotations; one wall alone gets the usage
    /// refusal from the game, like the same line typed elsewhere.
    #[test]
    fn rotate_wall_sends_what_was_given() {
        let c = COMMANDS.iter().find(|c| c.name == "rotate-wall").unwrap();
        assert_eq!(c.text(&[None, None]), "rotate-wall");
        assert_eq!(c.text(&[Some(" B3:NE ".into()), None]), "rotate-wall B3:NE");
        assert_eq!(
            c.text(&[Some("B3:NE".into()), Some("B2:SE".into())]),
            "rotate-wall B3:NE B2:SE"
        );
        let item = COMMANDS.iter().find(|c| c.name == "item").unwrap();
        assert_eq!(
            item.text(&[Some("A1".into()), Some("key".into())]),
            "item A1 key"
        );
    }

    /// Every command's verb is one the game reads.
    #[test]
    fn every_command_sends_a_word_the_game_reads() {
        for c in COMMANDS {
            match c.does {
                Does::Play(verb) => assert!(super::super::VERBS.contains(&verb), "{verb}"),
                Does::Look(word) => {
                    assert!(Position::LOOKS.iter().any(|(w, _)| *w == word), "{word}")
                }
            }
        }
    }
}
