//! A game's own chat commands (Labscape's `/move`, `/place wall`) and its own `/new`
//! options (Labscape's layout), declared as data.
//!
//! Why data: the platforms build their menus (Telegram) and typed slash commands (Discord)
//! from these declarations and never name a game's command, verb or option; a game with
//! commands of its own declares them here and every platform offers them. Each declaration
//! says what the command sends the service — an action in the game's notation (the verb,
//! then the values given, in order) or a view on request — so the adapters never build a
//! game's words themselves.

use std::sync::LazyLock;

use labscape_core::GameKind;

/// A command of a game's own, beyond `/play`.
#[derive(Debug)]
pub struct OwnCommand {
    /// Its name as typed (`move`, `rotate-wall`): lower case, words joined by hyphens.
    pub name: &'static str,
    /// The group it is written under where a platform groups commands (Discord's
    /// `/place wall`); platforms without groups write the name alone (`/wall`).
    pub group: Option<Group>,
    /// The Fluent message of its line in a chat's command menu.
    pub menu: &'static str,
    /// The Fluent message describing it, at most 100 characters (a slash command's
    /// description).
    pub about: &'static str,
    /// What it asks of the service.
    pub does: Does,
    /// Its options, in order: required ones first.
    pub options: &'static [OwnOption],
}

/// A group of a game's commands (`/place`).
#[derive(Debug)]
pub struct Group {
    /// Its name as typed.
    pub name: &'static str,
    /// The Fluent message describing it, at most 100 characters.
    pub about: &'static str,
}

/// What a game's own command asks of the service.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Does {
    /// Plays the action made of this verb and the values given, in the options' order
    /// (`move NNE`, `rotate-wall B3:NE B2:SE`, `roll`).
    Play(&'static str),
    /// Shows the game's view on request by this word (`/walls`).
    Look(&'static str),
}

/// An option of a game's own command, or of `/new` for a game.
#[derive(Debug)]
pub struct OwnOption {
    /// Its name as typed.
    pub name: &'static str,
    /// The Fluent message describing it, at most 100 characters.
    pub about: &'static str,
    /// What it takes.
    pub values: Values,
    /// Whether the command needs it.
    pub required: bool,
}

/// What an option takes, and where the values offered while typing come from.
#[derive(Debug)]
pub enum Values {
    /// A word of the game's notation, offered from the caller's legal actions: the words at
    /// this option's place after the command's verb, among the actions whose earlier words
    /// are the values already given.
    Legal,
    /// A whole number, 1 or more.
    Count,
    /// One of these words.
    OneOf(&'static [&'static str]),
    /// Any word, offered from this list of (label, value).
    Listed(fn() -> Vec<(String, String)>),
}

impl OwnCommand {
    /// The action or view this command sends, given its options' values in order
    /// (`None` for an option not given). Values are trimmed; empty ones are left out.
    pub fn text(&self, values: &[Option<String>]) -> String {
        let word = match self.does {
            Does::Play(verb) | Does::Look(verb) => verb,
        };
        std::iter::once(word)
            .chain(values.iter().flatten().map(|v| v.trim()))
            .filter(|w| !w.is_empty())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// Every game's own commands, once each by name (the first game's declaration wins; a test
/// checks that games naming the same command declare the same one), in core's order of
/// games and each game's order. Gathered once: the adapters ask for every reply's words.
pub fn own_commands() -> &'static [&'static OwnCommand] {
    static ALL: LazyLock<Vec<&'static OwnCommand>> =
        LazyLock::new(|| once_by_name(|m| m.own_commands(), |c| c.name));
    &ALL
}

/// Every game's own `/new` options, once each by name, in the same order.
pub fn new_options() -> &'static [&'static OwnOption] {
    static ALL: LazyLock<Vec<&'static OwnOption>> =
        LazyLock::new(|| once_by_name(|m| m.new_options(), |o| o.name));
    &ALL
}

/// What every game's module declares in `of_game`, once each by `name`, in core's order.
fn once_by_name<T>(
    of_game: impl Fn(&dyn super::Module) -> &'static [T],
    name: impl Fn(&T) -> &'static str,
) -> Vec<&'static T> {
    let mut out: Vec<&'static T> = Vec::new();
    for kind in GameKind::ALL {
        for item in of_game(super::of(*kind)) {
            if !out.iter().any(|o| name(o) == name(item)) {
                out.push(item);
            }
        }
    }
    out
}

/// The words `/rules` and `/table` take, as a platform offers them while typing: every
/// game's id, then each game's rules topics (`topics`) or tables, once each.
pub fn rules_words(tables: bool) -> Vec<String> {
    let mut out: Vec<String> = GameKind::ALL.iter().map(|k| k.id().to_string()).collect();
    for kind in GameKind::ALL {
        let module = super::of(*kind);
        let words = if tables {
            module.table_names()
        } else {
            module.rules_topics()
        };
        for w in words {
            if !out.iter().any(|o| o == w) {
                out.push(w.to_string());
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_command_sends_its_verb_then_the_values_given() {
        let c = OwnCommand {
            name: "turn",
            group: None,
            menu: "m",
            about: "a",
            does: Does::Play("turn"),
            options: &[],
        };
        assert_eq!(c.text(&[]), "turn");
        assert_eq!(
            c.text(&[Some(" b3 ".into()), None, Some("c4".into())]),
            "turn b3 c4"
        );
        assert_eq!(c.text(&[Some("  ".into())]), "turn");
    }

    #[test]
    fn games_naming_the_same_command_or_option_declare_the_same_one() {
        let mut commands: Vec<&OwnCommand> = Vec::new();
        let mut options: Vec<&OwnOption> = Vec::new();
        for kind in GameKind::ALL {
            let m = super::super::of(*kind);
            commands.extend(m.own_commands());
            options.extend(m.new_options());
        }
        for a in &commands {
            for b in commands.iter().filter(|b| b.name == a.name) {
                assert_eq!(format!("{a:?}"), format!("{b:?}"), "/{}", a.name);
            }
            assert!(
                a.name
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'),
                "{}",
                a.name
            );
            let mut required = true;
            for o in a.options {
                assert!(
                    required || !o.required,
                    "/{} {}: required after optional",
                    a.name,
                    o.name
                );
                required = o.required;
            }
        }
        for a in &options {
            for b in options.iter().filter(|b| b.name == a.name) {
                assert_eq!(format!("{a:?}"), format!("{b:?}"), "{}", a.name);
            }
            assert!(!a.required, "/new's option {} must be optional", a.name);
        }
    }

    #[test]
    fn every_description_is_short_and_in_both_languages() {
        use crate::i18n::{Lang, t};
        let mut messages: Vec<&str> = Vec::new();
        for c in own_commands() {
            messages.extend([c.menu, c.about]);
            messages.extend(c.group.as_ref().map(|g| g.about));
            messages.extend(c.options.iter().map(|o| o.about));
        }
        messages.extend(new_options().iter().map(|o| o.about));
        for m in messages {
            for lang in [Lang::En, Lang::PtBr] {
                let text = t(lang, m, &[]);
                assert!(
                    (1..=100).contains(&text.chars().count()) && text != m,
                    "{m} in {lang:?}: {text}"
                );
            }
        }
    }
}
