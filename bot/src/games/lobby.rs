//! A new lobby: its options read by its game, its announcement, its computer players;
//! whether the game takes challenges and is rated.

use labscape_core::{GameKind, SettingsError};

use super::*;
use crate::{
    app::NewOptions,
    i18n::{Lang, tr},
};

/// Why `/new`'s options cannot be used.
#[derive(Debug)]
pub enum OptionError {
    /// A game's own words (Labscape's layout, difficulty, set-up).
    Words(labscape::LobbyProblem),
    /// Another game's `KEY=VALUE` options.
    Settings(SettingsError),
}

/// The game `/new` opens when none is named.
pub const DEFAULT_GAME: GameKind = GameKind::Labscape;

/// A new lobby's settings, in the game's notation, from `/new`'s options.
///
/// # Errors
/// [`OptionError`] for an option the game cannot use.
pub fn lobby_settings(kind: GameKind, o: &NewOptions) -> Result<String, OptionError> {
    match kind {
        GameKind::Labscape => labscape::lobby_settings(
            o.layout.as_deref(),
            o.difficulty.as_deref(),
            o.setup.as_deref(),
        )
        .map_err(OptionError::Words),
        _ => kind
            .settings_text(&o.options)
            .map_err(OptionError::Settings),
    }
}

/// Whether finished games of the game are rated (Elo, per game): the two-player games.
/// Labscape's players escape or not, together; its records count escapes and food.
pub fn rated(kind: GameKind) -> bool {
    kind != GameKind::Labscape
}

/// Whether `/new GAME` reads the game's own words (Labscape's `pyramid hard draft`)
/// rather than `KEY=VALUE` options, a side and an opponent.
pub fn reads_words(kind: GameKind) -> bool {
    kind == GameKind::Labscape
}

/// Whether a lobby of the game may be a challenge to one person, with the creator's side
/// chosen (the two-player games; Labscape's lobbies are open to the whole chat).
pub fn takes_challenges(kind: GameKind) -> bool {
    kind != GameKind::Labscape
}

/// How a new lobby is announced.
#[derive(Debug)]
pub struct LobbyOpen<'a> {
    /// The game's name (`Avanço #3`).
    pub title: &'a str,
    /// Its settings, in its notation.
    pub settings: &'a str,
    /// Most seats.
    pub max: u8,
    /// The creator's name.
    pub who: &'a str,
    /// The one person a challenge is addressed to.
    pub opponent: Option<&'a str>,
    /// The creator's side (`first`, `second`, `random`).
    pub side: Option<&'a str>,
}

/// The post that opens a lobby.
pub fn lobby_open(kind: GameKind, l: &LobbyOpen<'_>, lang: Lang) -> String {
    if kind == GameKind::Labscape
        && let Some(text) = labscape::lobby_open(l.title, l.settings, l.max, l.who, lang)
    {
        return text;
    }
    let options = options_text(l.settings);
    let mut text = match l.opponent {
        None => tr!(
            lang,
            "any-lobby-open",
            who = l.who,
            game = l.title,
            options = options.as_str(),
            max = l.max
        ),
        Some(opponent) => tr!(
            lang,
            "any-challenge",
            who = l.who,
            opponent = opponent,
            game = l.title,
            options = options.as_str()
        ),
    };
    if let Some(side) = l.side {
        text.push(' ');
        text.push_str(&match side {
            "second" => tr!(lang, "any-side-second", who = l.who),
            "random" => tr!(lang, "any-side-random"),
            _ => tr!(lang, "any-side-first", who = l.who),
        });
    }
    text
}

/// The computer player `/addbot [NAME]` seats in a game of `kind` (the game's default
/// without a name), by its canonical name.
///
/// # Errors
/// The names on offer, for a name the game does not know.
pub fn policy(kind: GameKind, name: Option<&str>) -> Result<String, (String, String)> {
    let name = name.unwrap_or(kind.default_policy());
    let (canonical, known) = match kind {
        GameKind::Labscape => (labscape::policy(name), labscape::policy_names()),
        _ => (kind.policy(name), kind.policies().join(", ")),
    };
    canonical.ok_or_else(|| (name.to_string(), known))
}
