//! A game's record: settings, seed and the list of (seat, action text) pairs. The engine
//! replays it exactly; it is what the store persists and what `/export` hands out.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::{
    action::{Action, ParseActionError},
    dice::commitment,
    event::{Event, Seat},
    layout::{Layout, LayoutError},
    play::ActionError,
    position::{Difficulty, Position, Settings, SetupMode},
    setup::NewGameError,
};

/// One turn of a record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnRecord {
    /// Who played it.
    pub seat: u8,
    /// The action in the public notation.
    pub action: String,
}

/// A whole game as data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// Layout (preset or notation).
    pub layout: String,
    /// Difficulty name.
    pub difficulty: String,
    /// `random` or `draft`.
    pub setup: String,
    /// Player names in seat order.
    pub players: Vec<String>,
    /// The seed (secret until the game ends).
    pub seed: String,
    /// The turns, in order.
    pub actions: Vec<TurnRecord>,
}

/// Why a record could not be replayed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RecordError {
    /// Bad layout.
    #[error("layout: {0}")]
    Layout(#[from] LayoutError),
    /// Unknown difficulty.
    #[error("unknown difficulty “{0}”")]
    Difficulty(String),
    /// Unknown setup mode.
    #[error("unknown setup mode “{0}” (random or draft)")]
    Setup(String),
    /// Bad player count.
    #[error(transparent)]
    NewGame(#[from] NewGameError),
    /// An action that cannot be read.
    #[error("turn {turn}: {error}")]
    Unreadable {
        /// 1-based turn number.
        turn: usize,
        /// The problem.
        error: ParseActionError,
    },
    /// An action the engine refuses.
    #[error("turn {turn} ({action}): {error}")]
    Illegal {
        /// 1-based turn number.
        turn: usize,
        /// The action text.
        action: String,
        /// The refusal.
        error: ActionError,
    },
}

impl Record {
    /// The settings of this record.
    ///
    /// # Errors
    /// [`RecordError`] for a bad layout, difficulty or setup mode.
    pub fn settings(&self) -> Result<Settings, RecordError> {
        Ok(Settings {
            layout: Layout::parse(&self.layout)?,
            difficulty: Difficulty::from_name(&self.difficulty)
                .ok_or_else(|| RecordError::Difficulty(self.difficulty.clone()))?,
            setup: SetupMode::from_name(&self.setup)
                .ok_or_else(|| RecordError::Setup(self.setup.clone()))?,
            players: self.players.clone(),
        })
    }

    /// SHA-256 of the seed, as published when the game starts.
    pub fn seed_commitment(&self) -> String {
        commitment(&self.seed)
    }

    /// Replays the record, returning the final position and every turn's events (the
    /// setup's events first).
    ///
    /// # Errors
    /// [`RecordError`] for the first turn that cannot be read or is refused.
    pub fn replay(&self) -> Result<(Position, Vec<Vec<Event>>), RecordError> {
        let (mut pos, setup) = Position::new_game(&self.settings()?, &self.seed)?;
        let mut all = vec![setup];
        for (i, t) in self.actions.iter().enumerate() {
            let action = Action::parse(&t.action)
                .map_err(|error| RecordError::Unreadable { turn: i + 1, error })?;
            let events =
                pos.play(Some(Seat(t.seat)), &action)
                    .map_err(|error| RecordError::Illegal {
                        turn: i + 1,
                        action: t.action.clone(),
                        error,
                    })?;
            all.push(events);
        }
        Ok((pos, all))
    }
}
