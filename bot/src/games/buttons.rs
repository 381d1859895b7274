//! Buttons and autocomplete as a game lays them out: rows of [`Button`]s, each with the
//! short payload a press sends back, and [`Suggestion`]s for a slash command's
//! autocomplete. Adapters draw them as they come and never read an action's text.

/// How a button looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// The actions of this turn.
    Primary,
    /// Anything else (a square among many, a snooze).
    Secondary,
}

/// A button under a post, laid out by its game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Button {
    /// What it says (`N`, `Roll`, `b2…`).
    pub label: String,
    /// What a press sends back: the action in the game's notation, or the game's short
    /// form of it (`ChatGame::payload`); short enough for Telegram's 64 bytes with the game
    /// and the turn, and meaningful after a restart.
    pub payload: String,
    /// How it looks.
    pub style: Style,
    /// Whether it can be pressed (a slot kept in its place but not legal now is shown
    /// greyed out where the platform can, and left out where it cannot).
    pub enabled: bool,
}

impl Button {
    /// A button that plays `payload`, labelled `label`.
    pub fn new(label: impl Into<String>, payload: impl Into<String>) -> Button {
        Button {
            label: label.into(),
            payload: payload.into(),
            style: Style::Secondary,
            enabled: true,
        }
    }

    /// A button that plays the action `action`, labelled with it.
    pub fn action(action: impl Into<String>) -> Button {
        let action = action.into();
        Button::new(action.clone(), action)
    }

    /// The same button, styled as this turn's action.
    pub fn primary(self) -> Button {
        Button {
            style: Style::Primary,
            ..self
        }
    }

    /// The same button, greyed out.
    pub fn disabled(self) -> Button {
        Button {
            enabled: false,
            ..self
        }
    }
}

/// An autocomplete choice for a player: an action the player may type, and, for a game's
/// own slash command (Labscape's `/move`), the command and its arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Suggestion {
    /// The action, in the game's notation (`/play`'s autocomplete).
    pub action: String,
    /// What the choice shows.
    pub label: String,
    /// The game's own command that also plays it (`move`), if any.
    pub command: Option<&'static str>,
    /// That command's arguments, in order (`C4`; `B3:NE`, `B2:SE`).
    pub args: Vec<String>,
}

impl Suggestion {
    /// An action typed with `/play`, labelled with itself.
    pub fn plain(action: String) -> Suggestion {
        Suggestion {
            label: action.clone(),
            action,
            command: None,
            args: Vec::new(),
        }
    }

    /// An action that a game's own command `command` plays with `args`.
    pub fn command(action: String, command: &'static str, args: Vec<String>) -> Suggestion {
        Suggestion {
            label: action.clone(),
            action,
            command: Some(command),
            args,
        }
    }
}

/// The word of a first-step button's payload: `pick b2` asks for the actions of `b2`.
pub const PICK: &str = "pick";

/// The group a `pick GROUP` text asks for.
pub fn pick_key(text: &str) -> Option<&str> {
    text.strip_prefix(PICK)
        .and_then(|rest| rest.strip_prefix(' '))
        .map(str::trim)
}

/// Every button of `rows`, row after row.
pub fn flat(rows: &[Vec<Button>]) -> impl Iterator<Item = &Button> {
    rows.iter().flatten()
}
