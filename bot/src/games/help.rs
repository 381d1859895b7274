//! `/help`, `/rules` and `/table`, answered by the chat's game's module (the default game's
//! outside a game).

use labscape_core::{AnyGame, GameKind};

use super::{DEFAULT_GAME, of};
use crate::i18n::{Lang, tr};

/// `/rules [TOPIC]`: a game's summary when the topic names a game (or, with no topic, for
/// the chat's game `playing`), else a topic of the chat's game (the default game's outside
/// one); `None` for an unknown topic.
pub fn rules(topic: Option<&str>, playing: Option<GameKind>, lang: Lang) -> Option<String> {
    if let Some(kind) = topic.and_then(GameKind::from_id) {
        return summary(kind, lang);
    }
    let kind = playing.unwrap_or(DEFAULT_GAME);
    if topic.is_none() {
        return summary(kind, lang);
    }
    of(kind)
        .rules(topic, lang)
        .or_else(|| of(DEFAULT_GAME).rules(topic, lang))
}

/// A game's rules summary, ending with where its full rules are.
fn summary(kind: GameKind, lang: Lang) -> Option<String> {
    let text = of(kind).rules(None, lang)?;
    Some(format!(
        "{text}\n{}",
        tr!(lang, "rules-full", id = kind.id())
    ))
}

/// `/help`: the commands of the chat's game (`playing`, by kind and name); outside a game,
/// every game there is, how to open one and where its rules are.
pub fn help(playing: Option<(GameKind, &str)>, lang: Lang) -> String {
    match playing {
        Some((kind, title)) => of(kind).help(title, lang),
        None => {
            let games: Vec<String> = GameKind::ALL
                .iter()
                .map(|k| tr!(lang, "help-game-line", id = k.id(), name = k.name()))
                .collect();
            // Every game, then the default game's own commands.
            let default = of(DEFAULT_GAME).help(DEFAULT_GAME.name(), lang);
            format!(
                "{}\n\n{default}",
                tr!(lang, "help-any", games = games.join("\n"))
            )
        }
    }
}

/// Why `/table` has nothing to show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoTable {
    /// No table by that name.
    Unknown,
    /// The chat plays a game without tables.
    NotThisGame,
}

/// `/table [NAME]`: every table of the game NAME names (`/table hidra`), else one of the
/// printed tables of the chat's game `playing` (live, or the one it played last), or of
/// the default game outside one; with the numbers of `game` (the chat's game as it stands)
/// when it is the game whose tables these are.
///
/// # Errors
/// [`NoTable`] for an unknown name, or for a game without tables.
pub fn table(
    name: Option<&str>,
    playing: Option<GameKind>,
    game: Option<&AnyGame>,
    lang: Lang,
) -> Result<String, NoTable> {
    let named = name.and_then(GameKind::from_id);
    let kind = named.or(playing).unwrap_or(DEFAULT_GAME);
    let game = game.filter(|g| g.kind() == kind);
    of(kind).table(name.filter(|_| named.is_none()), game, lang)
}

/// The games that have printed tables (`/table GAME`), in core's order.
pub fn with_tables(lang: Lang) -> Vec<GameKind> {
    GameKind::ALL
        .iter()
        .copied()
        .filter(|k| of(*k).table(None, None, lang).is_ok())
        .collect()
}
