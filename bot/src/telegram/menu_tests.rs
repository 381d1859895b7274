//! Telegram's command menu (`setMyCommands`): what every game needs and each game's own
//! commands, in both languages, within Telegram's limits (issue 33.17).

use super::commands;
use crate::i18n::Lang;

#[test]
fn the_menu_names_what_every_game_needs_and_each_games_own_commands() {
    for lang in [Lang::En, Lang::PtBr] {
        let menu = commands(lang);
        let names: Vec<&str> = menu.iter().map(|(n, _)| n.as_str()).collect();
        for needed in [
            "newgame",
            "play",
            "join",
            "startgame",
            "status",
            "rules",
            "help",
        ] {
            assert!(
                names.contains(&needed),
                "{lang:?}: no /{needed} in {names:?}"
            );
        }
        for kind in labscape_core::GameKind::ALL {
            for c in crate::games::of(*kind).own_commands() {
                let name = super::format::telegram_name(c.name);
                assert!(
                    names.contains(&name.as_str()),
                    "{lang:?}: {}'s /{name}",
                    kind.id()
                );
            }
        }
        let mut unique = names.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), names.len(), "{names:?}");
        // Telegram's rules: at most 100 commands; names of 1–32 lowercase letters, digits
        // and underscores; descriptions of 1–256 characters.
        assert!(menu.len() <= 100);
        for (name, about) in &menu {
            assert!(
                (1..=32).contains(&name.len())
                    && name
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'),
                "{name}"
            );
            assert!(
                (1..=256).contains(&about.chars().count()),
                "{name}: {about}"
            );
        }
    }
    let play = &commands(Lang::PtBr)
        .into_iter()
        .find(|(n, _)| *n == "play")
        .unwrap()
        .1;
    assert!(!play.contains("Play your"), "{play}");
}
