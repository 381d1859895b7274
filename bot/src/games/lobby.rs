//! A new lobby: what `/new`'s words mean to a game (by default `KEY=VALUE` options and a
//! side), and how a lobby is announced and shown.

use std::sync::Arc;

use labscape_core::{Game, GameKind, SettingsError};

use super::options_text;
use crate::i18n::{Lang, tr};

/// The game `/new` opens when none is named.
pub const DEFAULT_GAME: GameKind = GameKind::Labscape;

/// What a game read from `/new`'s words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LobbyWords {
    /// The settings, in the game's notation (`KEY=VALUE …`).
    pub settings: String,
    /// Where the creator sits when it starts: `first`, `second` or `random` (a game that
    /// takes challenges).
    pub side: Option<&'static str>,
}

/// A sentence a game words later, in the reader's language.
#[derive(Clone)]
pub struct Worded(Arc<dyn Fn(Lang) -> String + Send + Sync>);

impl Worded {
    /// A sentence worded by `f`.
    pub fn new(f: impl Fn(Lang) -> String + Send + Sync + 'static) -> Worded {
        Worded(Arc::new(f))
    }

    /// The sentence in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        (self.0)(lang)
    }
}

impl std::fmt::Debug for Worded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Worded({:?})", self.text(Lang::En))
    }
}

/// Why `/new`'s words cannot be used.
#[derive(Debug)]
pub enum OptionError {
    /// A game's own words do not read (Labscape's layout, difficulty, set-up), worded by
    /// the game.
    Words(Worded),
    /// `KEY=VALUE` options the game cannot use (or a word that is neither an option nor a
    /// side).
    Settings(SettingsError),
}

/// The creator's side, from its word in English or Portuguese.
pub fn side_word(word: &str) -> Option<&'static str> {
    match word.to_lowercase().as_str() {
        "first" | "primeiro" | "primeira" => Some("first"),
        "second" | "segundo" | "segunda" => Some("second"),
        "random" | "sorteio" | "aleatorio" | "aleatório" => Some("random"),
        _ => None,
    }
}

/// A board game's `/new` words: `KEY=VALUE` options, and a side (`second`, `side=random`).
///
/// # Errors
/// [`OptionError`] for a word that is neither, or options the game cannot use.
pub fn key_value_settings<G: Game>(words: &[String]) -> Result<LobbyWords, OptionError> {
    let mut side = None;
    let mut options = Vec::new();
    for w in words {
        if let Some(s) = side_word(w) {
            side = Some(s);
        } else if let Some((k, v)) = w.split_once('=') {
            if k.eq_ignore_ascii_case("side") {
                side = Some(side_word(v).ok_or_else(|| {
                    OptionError::Settings(SettingsError::BadValue {
                        key: "side",
                        value: v.to_string(),
                        problem: "write first, second or random".into(),
                    })
                })?);
            } else {
                options.push((k.to_ascii_lowercase(), v.to_string()));
            }
        } else {
            return Err(OptionError::Settings(SettingsError::NotAnOption(w.clone())));
        }
    }
    let settings = G::settings(&options).map_err(OptionError::Settings)?;
    let settings = G::options(&settings)
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join(" ");
    Ok(LobbyWords { settings, side })
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

/// The post that opens a board game's lobby (or challenge).
pub fn any_lobby_open(l: &LobbyOpen<'_>, lang: Lang) -> String {
    let options = options_text(l.settings, lang);
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

/// The `/status` of a board game's lobby: its settings and its seats.
pub fn any_lobby_status(
    title: &str,
    settings: &str,
    names: &[String],
    max: u8,
    lang: Lang,
) -> String {
    tr!(
        lang,
        "any-lobby-status",
        game = title,
        options = options_text(settings, lang),
        taken = names.len(),
        max = max,
        seats = names.join(", ")
    )
}
