//! A stored Labscape game as its record file (settings, players, seed, actions), for
//! `/export`, `/luck`, replays and checks; and how every player finished, for records.

use labscape_core::labscape::{Event, GameExport, Position, Record, TurnRecord, standings};

use super::Tally;
use crate::games::{GameRecord, Placement};

/// A game's record read as Labscape's.
pub fn record_of(r: &GameRecord) -> Record {
    labscape_record(r)
}

/// Any game's record read as Labscape's.
pub(super) fn labscape_record(r: &GameRecord) -> Record {
    let options = labscape_core::game::parse_options(&r.settings).unwrap_or_default();
    let get = |key: &str| {
        labscape_core::game::option(&options, key)
            .unwrap_or_default()
            .to_string()
    };
    Record {
        layout: get("layout"),
        difficulty: get("difficulty"),
        setup: get("setup"),
        players: r.players.clone(),
        seed: r.seed.clone(),
        actions: r
            .actions
            .iter()
            .map(|(seat, action)| TurnRecord {
                seat: *seat,
                action: action.clone(),
            })
            .collect(),
    }
}

/// The record file `/export` posts (the seed in it only once the game has ended: it
/// foretells every roll to come; an abandoned game's marked so).
///
/// # Errors
/// The reason, when the record does not replay.
pub fn export_file(r: &GameRecord) -> Result<Vec<u8>, String> {
    let record = labscape_record(r);
    let export = if r.abandoned {
        GameExport::abandoned(&r.title, &record)
    } else {
        GameExport::new(&r.title, &record, r.over)
    }
    .map_err(|e| e.to_string())?;
    Ok(serde_json::to_vec_pretty(&export).expect("record files serialise"))
}

/// A Labscape record file's text read back.
///
/// # Errors
/// Not JSON of a record file's shape.
pub fn read_export(text: &str) -> Result<GameExport, serde_json::Error> {
    serde_json::from_str(text)
}

/// How every player finished the game that ends in `end`, `per_turn` being every turn's
/// events from the start: rank, finish and tally per seat, for the store to write with the
/// turn that ends it. Empty if the game is not over.
pub fn results(end: &Position, per_turn: &[Vec<Event>]) -> Vec<Placement> {
    let (Some(standings), Some(outcome)) =
        (standings(end, per_turn), labscape_core::Game::outcome(end))
    else {
        return Vec::new();
    };
    standings
        .into_iter()
        .map(|st| Placement {
            seat: st.seat,
            rank: outcome
                .placings
                .iter()
                .find(|p| p.seat.0 == st.seat)
                .map_or(1, |p| p.rank),
            finish: st.finish.name().to_string(),
            extra: Some(
                Tally {
                    food: i64::from(st.food),
                    time: i64::from(st.time),
                    caught_by_robot: i64::from(st.caught_by_robot),
                }
                .to_extra(),
            ),
        })
        .collect()
}
