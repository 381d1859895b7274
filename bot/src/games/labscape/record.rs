//! A stored Labscape game as its record file (settings, players, seed, actions), for
//! `/export`, `/luck`, replays and checks.

use labscape_core::labscape::{Record, TurnRecord};

use crate::store::{ActionRow, GameRow, SeatRow};

/// A stored game as its record (settings, seed, actions in the public notation).
pub fn record_of(row: &GameRow, seats: &[SeatRow], actions: &[ActionRow]) -> Record {
    let options = labscape_core::game::parse_options(&row.settings).unwrap_or_default();
    let get = |key: &str| {
        labscape_core::game::option(&options, key)
            .unwrap_or_default()
            .to_string()
    };
    Record {
        layout: get("layout"),
        difficulty: get("difficulty"),
        setup: get("setup"),
        players: seats.iter().map(|s| s.display_name.clone()).collect(),
        seed: row.seed.clone(),
        actions: actions
            .iter()
            .map(|a| TurnRecord {
                seat: a.seat,
                action: a.action.clone(),
            })
            .collect(),
    }
}
