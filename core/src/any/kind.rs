//! [`GameKind`]: which game, with what each game answers without a position (its id, name,
//! options, computer players and settings), and the kind of a position document.

use std::{fmt, ops::RangeInclusive};

use super::join_options;
use crate::{
    game::{Game, PositionError, SettingsError, parse_options},
    value::Value,
};

macro_rules! kinds {
    ($( $(#[$attr:meta])* $variant:ident => $ty:ty, $id:literal, $name:literal; )*) => {
        /// Which game: one per game the bot runs.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum GameKind {
            $( $(#[$attr])* #[doc = $name] $variant, )*
        }

        impl GameKind {
            /// Every game, in the order players see them listed.
            pub const ALL: &'static [GameKind] = &[ $( $(#[$attr])* GameKind::$variant, )* ];

            /// The id players type (`/new avanco`) and `--game` takes.
            pub fn id(self) -> &'static str {
                match self { $( $(#[$attr])* GameKind::$variant => $id, )* }
            }

            /// The game's name for people ("Gatos & Cães").
            pub fn name(self) -> &'static str {
                match self { $( $(#[$attr])* GameKind::$variant => $name, )* }
            }

            /// The option keys the game knows.
            pub fn options(self) -> &'static [&'static str] {
                match self { $( $(#[$attr])* GameKind::$variant => <$ty as Game>::OPTIONS, )* }
            }

            /// The game's computer players, weakest first.
            pub fn policies(self) -> &'static [&'static str] {
                match self { $( $(#[$attr])* GameKind::$variant => <$ty as Game>::POLICIES, )* }
            }

            /// The computer player a lobby gets when none is named.
            pub fn default_policy(self) -> &'static str {
                match self {
                    $( $(#[$attr])* GameKind::$variant => <$ty as Game>::DEFAULT_POLICY, )*
                }
            }

            /// A computer player's canonical name, if the game has it.
            pub fn policy(self, name: &str) -> Option<String> {
                match self {
                    $( $(#[$attr])* GameKind::$variant => <$ty as Game>::policy(name), )*
                }
            }

            /// Options in their canonical text (every setting, defaults included), as a
            /// game's settings are stored.
            ///
            /// # Errors
            /// [`SettingsError`] for an unknown option or an unusable value.
            pub fn settings_text(self, options: &[(String, String)]) -> Result<String, SettingsError> {
                match self {
                    $( $(#[$attr])* GameKind::$variant => {
                        let s = <$ty as Game>::settings(options)?;
                        Ok(join_options(&<$ty as Game>::options(&s)))
                    } )*
                }
            }

            /// How many players a game with these settings (stored text) seats.
            ///
            /// # Errors
            /// [`SettingsError`] when the text does not read.
            pub fn seats(self, settings: &str) -> Result<RangeInclusive<usize>, SettingsError> {
                let options = parse_options(settings)?;
                match self {
                    $( $(#[$attr])* GameKind::$variant =>
                        Ok(<$ty as Game>::seats(&<$ty as Game>::settings(&options)?)), )*
                }
            }
        }
    };
}

crate::for_each_game!(kinds);
impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl GameKind {
    /// Reads a game id as players type it (any case; `gatos_caes`, `gatoscaes` and
    /// `avanço` are read as `gatos-caes` and `avanco`).
    pub fn from_id(text: &str) -> Option<GameKind> {
        let key = |s: &str| -> String {
            s.trim()
                .to_lowercase()
                .replace('ç', "c")
                .replace(['ã', 'á'], "a")
                .replace('õ', "o")
                .chars()
                .filter(|c| c.is_ascii_alphanumeric())
                .collect()
        };
        let want = key(text);
        GameKind::ALL.iter().copied().find(|k| key(k.id()) == want)
    }

    /// The game a position's `format` names (`avanco-position/1` → Avanço), whatever its
    /// version; a position without `format` is Labscape's (its notation made the field
    /// optional).
    pub fn of_position(value: &Value) -> Result<GameKind, PositionError> {
        match value.get("format") {
            None | Some(Value::Null) => Ok(GameKind::Labscape),
            Some(Value::Str(f)) => f
                .split_once("-position/")
                .and_then(|(id, _)| GameKind::ALL.iter().copied().find(|k| k.id() == id))
                .ok_or_else(|| PositionError {
                    problems: vec![format!(
                        "format “{f}” is not a position of any game here (known: {})",
                        GameKind::ALL
                            .iter()
                            .map(|k| format!("{}-position/1", k.id()))
                            .collect::<Vec<_>>()
                            .join(", ")
                    )],
                }),
            Some(other) => Err(PositionError {
                problems: vec![format!("format must be a string, not {}", other.kind())],
            }),
        }
    }
}
