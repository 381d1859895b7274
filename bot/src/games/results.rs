//! Every seat's result when a game ends, for the store to write with that turn.

use labscape_core::{AnyEvent, AnyGame};

use super::*;
use crate::store::{ResultRow, SeatRow};

/// Every seat's result once `end` is over, `history` being every action's events from
/// the start (Labscape counts its players' catches in it); empty before.
pub fn results(seats: &[SeatRow], end: &AnyGame, history: &[Vec<AnyEvent>]) -> Vec<ResultRow> {
    if let AnyGame::Labscape(pos) = end {
        let per_turn: Vec<_> = history.iter().map(|e| labscape::events(e)).collect();
        return labscape::results(seats, pos, &per_turn);
    }
    let Some(outcome) = end.outcome() else {
        return Vec::new();
    };
    outcome
        .placings
        .iter()
        .filter_map(|p| {
            let s = seats.get(p.seat.index())?;
            Some(ResultRow {
                seat: s.seat,
                user_id: s.user_id.clone(),
                display_name: s.display_name.clone(),
                computer: s.policy.is_some(),
                rank: p.rank,
                finish: p.finish.to_string(),
                tally: None,
            })
        })
        .collect()
}
