//! What `labscape engine` asks of a game that reads its command line its own way: a game
//! may have flags of its own for `engine new` (Labscape's `--layout`, `--difficulty`,
//! `--setup`, as `position-format.md` documents them, each with its own error code) and
//! may read a position file's text with its own document type. Every other game is read
//! through core's list with `--option KEY=VALUE`, and `engine_cli` never asks which game.

use labscape_core::SettingsError;

/// `engine new`'s flags that belong to one game, as given.
#[derive(Clone, Debug, Default)]
pub struct EngineFlags {
    /// `--layout`.
    pub layout: Option<String>,
    /// `--difficulty`.
    pub difficulty: Option<String>,
    /// `--setup`.
    pub setup: Option<String>,
}

impl EngineFlags {
    /// The first flag given, by its name (for a game that has none of them).
    pub fn first_given(&self) -> Option<&'static str> {
        [
            ("--layout", &self.layout),
            ("--difficulty", &self.difficulty),
            ("--setup", &self.setup),
        ]
        .into_iter()
        .find_map(|(flag, v)| v.is_some().then_some(flag))
    }
}

/// `engine new` for one game: its flags, its `--option`s, its players' names (`None`
/// when neither `--players` nor `--names` was given) and its seed.
#[derive(Clone, Debug)]
pub struct EngineNew {
    /// The game's own flags.
    pub flags: EngineFlags,
    /// `--option KEY=VALUE`, read.
    pub options: Vec<(String, String)>,
    /// The players' names, if given.
    pub players: Option<Vec<String>>,
    /// The seed.
    pub seed: String,
}

/// A failure of the engine's input (exit 2), as the contract's JSON says it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineError {
    /// The JSON code (`invalid-layout`, …).
    pub code: &'static str,
    /// The message.
    pub message: String,
    /// An invalid position's problems, one sentence each.
    pub problems: Option<Vec<String>>,
}

impl EngineError {
    /// An error of the arguments.
    pub fn usage(code: &'static str, message: impl Into<String>) -> Self {
        Self {
            code,
            message: message.into(),
            problems: None,
        }
    }

    /// A position that cannot be read.
    pub fn invalid(message: impl Into<String>) -> Self {
        let message = message.into();
        Self {
            code: "invalid-position",
            problems: Some(vec![message.clone()]),
            message,
        }
    }

    /// A position read but not valid.
    pub fn position(e: labscape_core::PositionError) -> Self {
        Self {
            code: "invalid-position",
            message: e.to_string(),
            problems: Some(e.problems),
        }
    }

    /// A game option that is unknown or has a bad value.
    pub fn option(e: SettingsError) -> Self {
        let code = match e {
            SettingsError::UnknownOption { .. } => "unknown-option",
            _ => "invalid-option",
        };
        Self::usage(code, e.to_string())
    }
}

/// At most 40 characters of what was typed, for a message.
pub fn clip(text: &str) -> String {
    let mut s: String = text.chars().take(40).collect();
    if s.len() < text.len() {
        s.push('…');
    }
    s
}
