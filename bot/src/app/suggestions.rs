//! Autocomplete: what the caller may play now in their chat's game (empty unless it is
//! their turn), and the computer players a lobby may seat.

use super::{Ctx, GameStatus, GameStore, Seat, Service, Suggestions};
use crate::games;

impl<S: GameStore> Service<S> {
    /// What the caller may play now in their chat's game: empty unless it is their turn.
    pub async fn suggestions(&self, ctx: &Ctx) -> Suggestions {
        let Ok(Some(row)) = self.store.live_game(&ctx.scope).await else {
            return Suggestions::default();
        };
        if row.status != GameStatus::Running {
            return Suggestions {
                policies: row.kind.policies().iter().map(|p| p.to_string()).collect(),
                ..Suggestions::default()
            };
        }
        let Ok(seats) = self.store.seats(row.id).await else {
            return Suggestions::default();
        };
        let Some(seat) = seats.iter().find(|s| s.user_id == ctx.user_id) else {
            return Suggestions::default();
        };
        match self.current_game(&row).await {
            Ok(game) => Suggestions {
                choices: games::of(row.kind).suggestions(&game, Seat(seat.seat)),
                ..Suggestions::default()
            },
            Err(_) => Suggestions::default(),
        }
    }
}
