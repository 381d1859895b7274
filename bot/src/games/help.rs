//! `/help`, `/rules` and `/table` for the chat's game, and the layouts `/new` offers.

use labscape_core::{AnyGame, GameKind};

use super::*;
use crate::i18n::{Lang, t, tr};

/// The named board layouts `/new` offers, as (label, name): Labscape's presets, shown
/// with their notation. Other games have options rather than layouts.
pub fn layouts() -> Vec<(String, String)> {
    labscape_core::labscape::PRESETS
        .iter()
        .map(|(name, notation)| (format!("{name} ({notation})"), name.to_string()))
        .collect()
}

/// A game's rules summary (`GAME-rules` in the catalogs), if it has one; Labscape's rules
/// live in `labscape::help` by topic.
pub(super) fn summary(kind: GameKind, lang: Lang) -> Option<String> {
    let id = match kind {
        GameKind::Semaforo => "semaforo-rules",
        GameKind::GatosCaes => "gatos-caes-rules",
        GameKind::Rastros => "rastros-rules",
        GameKind::Avanco => "avanco-rules",
        GameKind::Flume => "flume-rules",
        GameKind::Produto => "produto-rules",
        #[allow(unreachable_patterns)]
        _ => return None,
    };
    Some(t(lang, id, &[]))
}

/// Labscape's rules topics (`/rules walls`), for the adapters' choices.
pub const RULES_TOPICS: [&str; 9] = labscape::help::TOPICS;

/// `/rules [TOPIC]`: a game's summary when the topic names a game (or, with no topic, for
/// the chat's game `playing`), else a topic of Labscape's rules; `None` for an unknown
/// topic.
pub fn rules(topic: Option<&str>, playing: Option<GameKind>, lang: Lang) -> Option<String> {
    let game = match topic {
        Some(topic) => GameKind::from_id(topic),
        None => playing,
    };
    if let Some(text) = game.and_then(|k| summary(k, lang)) {
        return Some(text);
    }
    labscape::help::rules(topic, lang)
}

/// `/help`: the commands of the chat's game (`playing`, by kind and name), Labscape's
/// when the chat plays none.
pub fn help(playing: Option<(GameKind, &str)>, lang: Lang) -> String {
    match playing {
        Some((kind, title)) if kind != GameKind::Labscape => tr!(lang, "any-help", game = title),
        _ => tr!(lang, "help"),
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

/// `/table [NAME]`: one of Labscape's printed tables, with the numbers of the chat's game
/// `playing` (running) when there is one.
///
/// # Errors
/// [`NoTable`] for an unknown name, or in a chat playing a game without tables.
pub fn table(name: Option<&str>, playing: Option<&AnyGame>, lang: Lang) -> Result<String, NoTable> {
    let pos = match playing {
        None => None,
        Some(AnyGame::Labscape(pos)) => Some(pos),
        Some(_) => return Err(NoTable::NotThisGame),
    };
    labscape::help::table(name, pos, lang).ok_or(NoTable::Unknown)
}
