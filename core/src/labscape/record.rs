//! A game's record: settings, seed and the list of (seat, action text) pairs. The engine
//! replays it exactly; it is what the store persists and what `/export` hands out.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::{
    action::{Action, ParseActionError},
    commitment,
    event::{Event, Seat},
    layout::{Layout, LayoutError},
    play::ActionError,
    position::{Difficulty, Position, Settings, SetupMode, Status},
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
        let mut all = Vec::with_capacity(self.actions.len() + 1);
        let pos = self.replay_with(|_, events| all.push(events.to_vec()))?;
        Ok((pos, all))
    }

    /// Replays the record, showing `visit` the position after the setup with the setup's
    /// events, then the position after every turn with that turn's events (what a replay
    /// animation draws); returns the final position.
    ///
    /// # Errors
    /// [`RecordError`] for the first turn that cannot be read or is refused (`visit` has
    /// seen the turns before it).
    pub fn replay_with(
        &self,
        mut visit: impl FnMut(&Position, &[Event]),
    ) -> Result<Position, RecordError> {
        let (mut pos, setup) = Position::new_game(&self.settings()?, &self.seed)?;
        visit(&pos, &setup);
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
            visit(&pos, &events);
        }
        Ok(pos)
    }
}

/// How a player's game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Finish {
    /// Left the building: a winner.
    Escaped,
    /// Still inside at dawn.
    CaughtAtDawn,
    /// Ran out of time on the ground floor (its limit marker) before dawn.
    LeftBehind,
}

impl Finish {
    /// The name used in record files and the store.
    pub fn name(self) -> &'static str {
        match self {
            Finish::Escaped => "escaped",
            Finish::CaughtAtDawn => "caught_at_dawn",
            Finish::LeftBehind => "left_behind",
        }
    }

    /// Reads [`Finish::name`] back.
    pub fn from_name(s: &str) -> Option<Finish> {
        [Finish::Escaped, Finish::CaughtAtDawn, Finish::LeftBehind]
            .into_iter()
            .find(|f| f.name() == s)
    }
}

/// How one player finished a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    /// Seat.
    pub seat: u8,
    /// Name.
    pub player: String,
    /// How their game ended.
    pub finish: Finish,
    /// Food carried at the end (carried out of the building, if they escaped).
    pub food: u32,
    /// Their time at the end.
    pub time: u32,
    /// Times the robot caught them.
    pub caught_by_robot: u32,
}

impl Standing {
    /// In words: "Ana escaped with 3 food at minute 40, caught by the robot once".
    pub fn describe(&self) -> String {
        let how = match self.finish {
            Finish::Escaped => "escaped",
            Finish::CaughtAtDawn => "was caught at dawn",
            Finish::LeftBehind => "was left behind",
        };
        let caught = match self.caught_by_robot {
            0 => String::new(),
            1 => ", caught by the robot once".into(),
            n => format!(", caught by the robot {n} times"),
        };
        format!(
            "{} {how} with {} food at minute {}{caught}",
            self.player, self.food, self.time
        )
    }
}

/// Every player's standing once the game is over (`None` before): `per_turn` is every
/// turn's events, as [`Record::replay`] returns them.
pub fn standings(pos: &Position, per_turn: &[Vec<Event>]) -> Option<Vec<Standing>> {
    if !pos.is_over() {
        return None;
    }
    let events = || per_turn.iter().flatten();
    Some(
        pos.seats()
            .map(|seat| {
                let p = pos.player(seat);
                let finish = if p.status() == Status::Escaped {
                    Finish::Escaped
                } else if events().any(|e| matches!(e, Event::LeftBehind { seat: s } if *s == seat))
                {
                    Finish::LeftBehind
                } else {
                    Finish::CaughtAtDawn
                };
                Standing {
                    seat: seat.0,
                    player: p.name().to_string(),
                    finish,
                    food: p.food(),
                    time: p.time(),
                    caught_by_robot: events()
                        .filter(|e| matches!(e, Event::Caught { seat: s, .. } if *s == seat))
                        .count() as u32,
                }
            })
            .collect(),
    )
}
