//! The slash commands' descriptions from the Fluent files: English as the default and
//! Brazilian Portuguese as Discord's `pt-BR` localization, for every command and option.

use super::{Data, Error};
use crate::i18n::{Lang, tr};

/// Discord's name for Brazilian Portuguese.
pub const PT_BR: &str = "pt-BR";

/// A command's description in `lang`, by its qualified name (`labscape new`, `log`). The
/// games' own commands come with theirs (`commands/declared.rs`).
fn command(name: &str, lang: Lang) -> Option<String> {
    Some(match name {
        "labscape" => tr!(lang, "dc-cmd-labscape"),
        "labscape new" => tr!(lang, "dc-cmd-new"),
        "labscape join" => tr!(lang, "dc-cmd-join"),
        "labscape leave" => tr!(lang, "dc-cmd-leave"),
        "labscape start" => tr!(lang, "dc-cmd-start"),
        "labscape abandon" => tr!(lang, "dc-cmd-abandon"),
        "labscape status" => tr!(lang, "dc-cmd-status"),
        "labscape addbot" => tr!(lang, "dc-cmd-addbot"),
        "labscape settings" => tr!(lang, "dc-cmd-settings"),
        "labscape me" => tr!(lang, "dc-cmd-me"),
        "labscape away" => tr!(lang, "dc-cmd-away"),
        "labscape snooze" => tr!(lang, "dc-cmd-snooze"),
        "recap" => tr!(lang, "dc-cmd-recap"),
        "replay" => tr!(lang, "dc-cmd-replay"),
        "export" => tr!(lang, "dc-cmd-export"),
        "luck" => tr!(lang, "dc-cmd-luck"),
        "records" => tr!(lang, "dc-cmd-records"),
        "draw" => tr!(lang, "dc-cmd-draw"),
        "resign" => tr!(lang, "dc-cmd-resign"),
        "myview" => tr!(lang, "dc-cmd-myview"),
        "play" => tr!(lang, "dc-cmd-play"),
        "rules" => tr!(lang, "dc-cmd-rules"),
        "table" => tr!(lang, "dc-cmd-table"),
        "log" => tr!(lang, "dc-cmd-log"),
        "help" => tr!(lang, "dc-cmd-help"),
        _ => return None,
    })
}

/// An option's description in `lang`.
fn option(command: &str, option: &str, lang: Lang) -> Option<String> {
    Some(match (command, option) {
        ("labscape new", "game") => tr!(lang, "dc-opt-new-game"),
        ("labscape new", "options") => tr!(lang, "dc-opt-new-options"),
        ("labscape new", "players") => tr!(lang, "dc-opt-new-players"),
        ("labscape new", "thread") => tr!(lang, "dc-opt-new-thread"),
        ("labscape new", "opponent") => tr!(lang, "dc-opt-new-opponent"),
        ("labscape new", "side") => tr!(lang, "dc-opt-new-side"),
        ("labscape addbot", "policy") => tr!(lang, "dc-opt-addbot-policy"),
        ("labscape settings", "reminder") => tr!(lang, "dc-opt-settings-reminder"),
        ("labscape settings", "limit") => tr!(lang, "dc-opt-settings-limit"),
        ("labscape settings", "deadline") => tr!(lang, "dc-opt-settings-deadline"),
        ("labscape settings", "policy") => tr!(lang, "dc-opt-settings-policy"),
        ("labscape settings", "language") => tr!(lang, "dc-opt-settings-language"),
        ("labscape me", "timezone") => tr!(lang, "dc-opt-me-timezone"),
        ("labscape me", "quiet") => tr!(lang, "dc-opt-me-quiet"),
        ("labscape me", "language") => tr!(lang, "dc-opt-me-language"),
        ("labscape away", "until") => tr!(lang, "dc-opt-away-until"),
        ("play", "action") => tr!(lang, "dc-opt-play-action"),
        ("rules", "topic") => tr!(lang, "dc-opt-rules-topic"),
        ("table", "name") => tr!(lang, "dc-opt-table-name"),
        ("log", "count") => tr!(lang, "dc-opt-log-count"),
        ("records", "me") => tr!(lang, "dc-opt-records-me"),
        ("records", "game") => tr!(lang, "dc-opt-records-game"),
        ("draw", "answer") => tr!(lang, "dc-opt-draw-answer"),
        _ => return None,
    })
}

/// Sets every command's and option's description from the Fluent files, English by
/// default with a `pt-BR` localization. Commands without messages keep their doc-comment
/// descriptions (a test checks there are none).
pub fn localize(commands: &mut [poise::Command<Data, Error>]) {
    localize_under("", commands);
}

/// Poise fills in qualified names only when the framework starts, so they are built here.
fn localize_under(parent: &str, commands: &mut [poise::Command<Data, Error>]) {
    for c in commands {
        let name = if parent.is_empty() {
            c.name.to_string()
        } else {
            format!("{parent} {}", c.name)
        };
        if let (Some(en), Some(pt)) = (command(&name, Lang::En), command(&name, Lang::PtBr)) {
            c.description = Some(en.into());
            c.description_localizations
                .to_mut()
                .push((PT_BR.into(), pt.into()));
        }
        for p in &mut c.parameters {
            let (en, pt) = (
                option(&name, &p.name, Lang::En),
                option(&name, &p.name, Lang::PtBr),
            );
            if let (Some(en), Some(pt)) = (en, pt) {
                p.description = Some(en.into());
                p.description_localizations
                    .to_mut()
                    .push((PT_BR.into(), pt.into()));
            }
        }
        localize_under(&name, &mut c.subcommands);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(commands: &[poise::Command<Data, Error>]) {
        for c in commands {
            assert!(c.description.is_some(), "/{} has no description", c.name);
            let pt = |l: &[(
                std::borrow::Cow<'static, str>,
                std::borrow::Cow<'static, str>,
            )]| {
                l.iter()
                    .find(|(k, _)| k == PT_BR)
                    .map(|(_, v)| v.to_string())
            };
            let text = pt(&c.description_localizations)
                .unwrap_or_else(|| panic!("/{} has no pt-BR description", c.name));
            // Discord's limit for a description.
            assert!(
                (1..=100).contains(&text.chars().count()),
                "/{}: {text}",
                c.name
            );
            for p in &c.parameters {
                let text = pt(&p.description_localizations)
                    .unwrap_or_else(|| panic!("/{} {} has no pt-BR description", c.name, p.name));
                assert!((1..=100).contains(&text.chars().count()), "{text}");
            }
            check(&c.subcommands);
        }
    }

    #[test]
    fn every_command_and_option_has_a_portuguese_description() {
        let mut all = super::super::commands::all();
        localize(&mut all);
        check(&all);
    }
}
