//! A game's public record file (`/export`, `labscape verify`): the settings, the seed's
//! commitment, every turn with what chance produced in it, and, once the game has ended,
//! the seed itself and the final standings.
//!
//! The file is written for two readers. A person sees every roll, every drawn cell and
//! every robot move next to the action that caused it. [`verify`] replays the game from the
//! revealed seed and checks that the seed matches the commitment published at the start,
//! that every action was legal, and that every stated outcome is what the seed produces;
//! its [`Verdict`] names the first thing that does not match, in plain words.
//!
//! Only what chance decides is stated ([`Chance`]): the first-player draw, a random
//! building, the start cells, exit and robot of each floor, the 2d6 of each search, the
//! robot's moves and the cells caught players are carried to. Everything else follows from
//! the actions by the rules, and the replay checks it anyway.
//!
//! The file's types and its writing are here; what chance decided and how it reads in
//! words in `chance`; the check of a file in `verify`.

mod chance;
mod verify;

pub use chance::{Chance, chances, describe};
pub use verify::{Problem, Verdict, Verified, verify};

use chance::building;

use serde::{Deserialize, Serialize};

use super::{
    action::Action,
    event::{Event, Seat},
    position::{Position, SetupMode},
    record::{Record, RecordError, Standing, TurnRecord, standings},
};

/// The format tag of this version of the record file.
pub const RECORD_FORMAT: &str = "labscape-record/1";

/// A game's record file. Serialize it as JSON; the bot and `labscape verify` do.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameExport {
    /// Always [`RECORD_FORMAT`] for this version.
    pub format: String,
    /// The game's name (`Labscape #12`).
    pub game: String,
    /// Layout (preset or notation).
    pub layout: String,
    /// Difficulty name.
    pub difficulty: String,
    /// `random` or `draft`.
    pub setup: String,
    /// Player names in seat order.
    pub players: Vec<String>,
    /// SHA-256 of the seed (hex), as published when the game started.
    pub seed_hash: String,
    /// The seed: only once the game has ended (or was abandoned).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<String>,
    /// What chance produced before the first turn.
    #[serde(default)]
    pub start: Vec<Chance>,
    /// Every turn, in order.
    pub turns: Vec<ExportTurn>,
    /// How each player finished, once the game is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<Vec<Standing>>,
    /// Whether the game was abandoned before its end (its seed told then): the record
    /// stops where it was abandoned and states no result. Absent from older files: false.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub abandoned: bool,
}

/// One turn of a record file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExportTurn {
    /// Who played it.
    pub seat: u8,
    /// The action in the public notation.
    pub action: String,
    /// What chance produced during it, in order (empty: nothing was left to chance).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub outcome: Vec<Chance>,
}

/// A player's 2d6 in the first-player draw.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatDice {
    /// Who rolled.
    pub seat: u8,
    /// The two dice.
    pub dice: [u8; 2],
}

/// A player's start cell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatCell {
    /// Who.
    pub seat: u8,
    /// The cell.
    pub cell: String,
}

/// An item token on a cell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CellItem {
    /// The cell.
    pub cell: String,
    /// `key`, `food` or `special`.
    pub item: String,
}

/// Everything a replay of a record's settings and seed gives, turn by turn.
struct Replayed {
    start: Vec<Chance>,
    turns: Vec<Vec<Chance>>,
    result: Option<Vec<Standing>>,
}

impl GameExport {
    /// The record file of a game. `reveal_seed` puts the seed in: do it only once the game
    /// has ended or was abandoned, since the seed foretells every future roll.
    ///
    /// # Errors
    /// [`RecordError`] if the record does not replay.
    pub fn new(game: &str, record: &Record, reveal_seed: bool) -> Result<GameExport, RecordError> {
        let replayed = replay(record)?;
        Ok(GameExport {
            format: RECORD_FORMAT.into(),
            game: game.into(),
            layout: record.layout.clone(),
            difficulty: record.difficulty.clone(),
            setup: record.setup.clone(),
            players: record.players.clone(),
            seed_hash: record.seed_commitment(),
            seed: reveal_seed.then(|| record.seed.clone()),
            start: replayed.start,
            turns: record
                .actions
                .iter()
                .zip(replayed.turns)
                .map(|(t, outcome)| ExportTurn {
                    seat: t.seat,
                    action: t.action.clone(),
                    outcome,
                })
                .collect(),
            result: replayed.result,
            abandoned: false,
        })
    }

    /// The record file of a game abandoned before its end: its seed (told when it was
    /// abandoned) in it, and marked abandoned.
    ///
    /// # Errors
    /// [`RecordError`] if the record does not replay.
    pub fn abandoned(game: &str, record: &Record) -> Result<GameExport, RecordError> {
        Ok(GameExport {
            abandoned: true,
            ..GameExport::new(game, record, true)?
        })
    }

    /// The record (settings, seed, actions) this file describes, if it holds the seed.
    pub fn record(&self) -> Option<Record> {
        Some(Record {
            layout: self.layout.clone(),
            difficulty: self.difficulty.clone(),
            setup: self.setup.clone(),
            players: self.players.clone(),
            seed: self.seed.clone()?,
            actions: self
                .turns
                .iter()
                .map(|t| TurnRecord {
                    seat: t.seat,
                    action: t.action.clone(),
                })
                .collect(),
        })
    }
}

/// Replays a record turn by turn.
fn replay(record: &Record) -> Result<Replayed, RecordError> {
    let settings = record.settings()?;
    let (mut pos, setup) = Position::new_game(&settings, &record.seed)?;
    let mut start = Vec::new();
    if settings.setup == SetupMode::Random {
        // A random building is not in the events: read it off the fresh position, after
        // the first-player draw (the order the dice were drawn in).
        let (first, rest): (Vec<Event>, Vec<Event>) = setup
            .iter()
            .cloned()
            .partition(|e| matches!(e, Event::FirstPlayer { .. }));
        start.extend(chances(&first));
        start.extend(building(&pos));
        start.extend(chances(&rest));
    } else {
        start = chances(&setup);
    }
    let mut all = vec![setup];
    let mut turns = Vec::new();
    for (i, t) in record.actions.iter().enumerate() {
        let action = Action::parse(&t.action)
            .map_err(|error| RecordError::Unreadable { turn: i + 1, error })?;
        let events =
            pos.play(Some(Seat(t.seat)), &action)
                .map_err(|error| RecordError::Illegal {
                    turn: i + 1,
                    action: t.action.clone(),
                    error,
                })?;
        turns.push(chances(&events));
        all.push(events);
    }
    Ok(Replayed {
        start,
        turns,
        result: standings(&pos, &all),
    })
}

#[cfg(test)]
mod tests;
