//! Each game's position and seats kept in memory at the turn they are at, behind the game's
//! lock: a turn reads neither the snapshot, the actions after it, nor the seats while no
//! other process plays on the game. The row's turn number says when one did; then the
//! game is read again. Turns on one game take the lock one at a time in this process, and
//! the store's expected-turn check orders them across processes.

use std::sync::Arc;

use tokio::sync::Mutex as AsyncMutex;

use labscape_core::AnyGame;

use super::{
    GameId, GameRow, GameStatus, GameStore, Res, SeatRow, Service, ServiceError, UserError,
};

/// Most games kept in memory at once (a long-lived process serves many more over weeks).
const MAX_CACHED: usize = 10_000;

/// A game's position cached at a turn number: a turn needs no read of its snapshot and
/// actions while no other process plays on the game.
pub(super) struct Loaded {
    pub(super) turn: i64,
    pub(super) game: AnyGame,
    /// The game's seats: they never change once it runs.
    pub(super) seats: Vec<SeatRow>,
}

impl Loaded {
    /// The cached game, if it is at `turn`.
    pub(super) fn at(slot: &Option<Loaded>, turn: i64) -> Option<&Loaded> {
        slot.as_ref().filter(|l| l.turn == turn)
    }
}

pub(super) type Slot = Arc<AsyncMutex<Option<Loaded>>>;

impl<S: GameStore> Service<S> {
    /// `id`'s slot, made on first use. Past [`MAX_CACHED`] games, the slots no command
    /// holds are dropped first: their games are read again when next played.
    pub(super) fn slot(&self, id: GameId) -> Slot {
        let mut slots = self.slots.lock().expect("slot map lock");
        if slots.len() >= MAX_CACHED && !slots.contains_key(&id) {
            slots.retain(|_, s| Arc::strong_count(s) > 1);
        }
        slots.entry(id).or_default().clone()
    }

    /// A game's row once its lock is held: `row`, read before the lock, when the cache is
    /// at its turn (no command of this process played since; another process's turn is
    /// caught by the store's expected-turn check), else read again.
    pub(super) async fn locked_row(&self, row: GameRow, slot: &Option<Loaded>) -> Res<GameRow> {
        if Loaded::at(slot, row.turn).is_some() {
            return Ok(row);
        }
        self.store
            .game(row.id)
            .await?
            .ok_or(ServiceError::User(UserError::NoGame))
    }

    /// The seats of `row`'s game: the cached ones when the slot is at its turn, else read.
    pub(super) async fn seats_at(&self, row: &GameRow, slot: &Option<Loaded>) -> Res<Vec<SeatRow>> {
        match Loaded::at(slot, row.turn) {
            Some(l) => Ok(l.seats.clone()),
            None => Ok(self.store.seats(row.id).await?),
        }
    }

    /// The current position of a game, if it has started.
    pub async fn game_of(&self, id: GameId) -> Option<AnyGame> {
        let row = self.store.game(id).await.ok()??;
        if row.status == GameStatus::Lobby {
            return None;
        }
        self.current_game(&row).await.ok()
    }

    /// The position of a running game: cached, or loaded from its latest snapshot plus the
    /// actions after it.
    pub(super) async fn current_game(&self, row: &GameRow) -> Res<AnyGame> {
        let slot = self.slot(row.id);
        let mut guard = slot.lock().await;
        let fresh = self
            .store
            .game(row.id)
            .await?
            .ok_or(ServiceError::User(UserError::NoGame))?;
        self.ensure_loaded(&fresh, &mut guard).await?;
        Ok(guard.as_ref().expect("loaded").game.clone())
    }

    /// Loads `row`'s game into its slot unless the slot holds it at `row`'s turn already.
    pub(super) async fn ensure_loaded(&self, row: &GameRow, slot: &mut Option<Loaded>) -> Res<()> {
        let seats = self.seats_at(row, slot).await?;
        self.load_with(row, seats, slot).await
    }

    /// [`Service::ensure_loaded`] with the game's seats in hand.
    pub(super) async fn load_with(
        &self,
        row: &GameRow,
        seats: Vec<SeatRow>,
        slot: &mut Option<Loaded>,
    ) -> Res<()> {
        if Loaded::at(slot, row.turn).is_some() {
            return Ok(());
        }
        let game = self.load_any(row).await?;
        *slot = Some(Loaded {
            turn: row.turn,
            game,
            seats,
        });
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::MAX_CACHED;
    use crate::{app::tests::service, store::GameId};

    /// The cache stays bounded: past its size the idle slots go, and a slot in use stays
    /// the one its holder locks.
    #[tokio::test]
    async fn the_cache_drops_idle_games_past_its_size_and_keeps_the_ones_in_use() {
        let s = service().await;
        let held = s.slot(GameId(0));
        for i in 1..=MAX_CACHED as i64 {
            s.slot(GameId(i));
        }
        let kept = s.slots.lock().unwrap().len();
        assert!(kept <= 2, "{kept} slots kept");
        assert!(
            Arc::ptr_eq(&held, &s.slot(GameId(0))),
            "the slot in use stays"
        );
    }
}
