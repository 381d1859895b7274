//! Persistence of games, behind the [`GameStore`] trait so the service never sees SQL.
//!
//! A game is stored as its record (settings, seed, the append-only action list in the
//! public notation) plus snapshots of positions for speed. Appending a turn is one
//! transaction that also checks the expected turn number and records the inbound message
//! id, so a turn can never be written twice, lost to a race, or applied twice on a retried
//! delivery.

mod any_store;
#[cfg(test)]
mod contract;
mod memory;
mod model;
mod postgres;
mod rows;
mod shared;
mod sqlite;
/// A throw-away PostgreSQL server, for this crate's tests and (with the `test-support`
/// feature) the end-to-end tests.
#[cfg(any(test, feature = "test-support"))]
pub mod test_postgres;

use std::future::Future;

pub use any_store::{AnyStore, is_postgres, shown_url, url_password};
use labscape_core::GameKind;
pub use memory::MemoryStore;
pub use model::*;
pub use postgres::PgStore;
pub use sqlite::SqliteStore;
use thiserror::Error;

/// Store failures.
#[derive(Debug, Error)]
pub enum StoreError {
    /// The chat scope already has a live game.
    #[error("this chat already has a game in progress")]
    ScopeBusy,
    /// The game's turn number moved on (another command got there first).
    #[error("the game moved on")]
    Conflict,
    /// The user already has a seat.
    #[error("already seated")]
    AlreadySeated,
    /// This delivery was already applied.
    #[error("message already handled")]
    Duplicate,
    /// Anything else from the database.
    #[error("database error: {0}")]
    Db(#[from] sqlx::Error),
    /// The database server did not answer in time when the store was opened.
    #[error("no answer from the database server at {0} within {1} s")]
    NoAnswer(String, u64),
    /// A database URL that cannot be read (it is not echoed: it may hold a password).
    #[error(
        "the database URL cannot be read ({0}); it is not shown here, as it may hold a password"
    )]
    BadUrl(String),
    /// A stored value that does not read back.
    #[error("corrupt row: {0}")]
    Corrupt(String),
}

/// Result alias.
pub type StoreResult<T> = Result<T, StoreError>;

/// The persistence the game service needs.
pub trait GameStore: Send + Sync + 'static {
    /// Creates a game in the lobby with its creator in seat 0.
    fn create_game(
        &self,
        game: &NewGame,
        creator: &SeatRow,
    ) -> impl Future<Output = StoreResult<GameId>> + Send;
    /// The live (lobby or running) game of a chat scope.
    fn live_game(
        &self,
        scope: &ChatScope,
    ) -> impl Future<Output = StoreResult<Option<GameRow>>> + Send;
    /// The chat scope's most recently ended game, if any: finished (status `over`), or
    /// abandoned after it started (an abandoned lobby never started, and is not one).
    fn last_ended_game(
        &self,
        scope: &ChatScope,
    ) -> impl Future<Output = StoreResult<Option<GameRow>>> + Send;
    /// A game by id.
    fn game(&self, id: GameId) -> impl Future<Output = StoreResult<Option<GameRow>>> + Send;
    /// Every game that is running (for schedulers and computer players).
    fn running_games(&self) -> impl Future<Output = StoreResult<Vec<GameId>>> + Send;
    /// Seats in order.
    fn seats(&self, id: GameId) -> impl Future<Output = StoreResult<Vec<SeatRow>>> + Send;
    /// Adds a seat in the lobby (seat number = current count), if there is room.
    fn add_seat(
        &self,
        id: GameId,
        seat: &SeatRow,
        max: u8,
    ) -> impl Future<Output = StoreResult<bool>> + Send;
    /// Puts a lobby's people in seat order `order` (user ids, every seated one once).
    fn reseat(&self, id: GameId, order: &[String]) -> impl Future<Output = StoreResult<()>> + Send;
    /// Removes a user's seat in the lobby; later seats move up. Returns whether they had one.
    fn remove_seat(
        &self,
        id: GameId,
        user_id: &str,
    ) -> impl Future<Output = StoreResult<bool>> + Send;
    /// Starts a lobby game: status running with its initial snapshot (turn 0) and the
    /// first turn's timers.
    fn start_game(
        &self,
        id: GameId,
        snapshot: &str,
        timer: Option<&TimerRow>,
        now: i64,
    ) -> impl Future<Output = StoreResult<()>> + Send;
    /// The chat saw the post of `turn` (or a later one): the game owes it nothing more.
    fn posted(&self, id: GameId, turn: i64) -> impl Future<Output = StoreResult<()>> + Send;
    /// Games that owe their chat a turn's post committed (or last handed out) at or before
    /// `since_before` (unix seconds): `(game, turn)`, each now handed out again at `now`.
    /// A turn's commit (and a game's start) writes the debt in its own transaction;
    /// [`GameStore::posted`] clears it.
    fn owed_posts(
        &self,
        since_before: i64,
        now: i64,
    ) -> impl Future<Output = StoreResult<Vec<(GameId, i64)>>> + Send;
    /// Changes a game's reminder and deadline settings.
    fn set_timing(
        &self,
        id: GameId,
        timing: &Timing,
    ) -> impl Future<Output = StoreResult<()>> + Send;
    /// The timers of a game's current turn.
    fn timer(&self, id: GameId) -> impl Future<Output = StoreResult<Option<TimerRow>>> + Send;
    /// Replaces a game's timers if they are still `old` (so two schedulers never fire the
    /// same timer twice). Returns whether it replaced them.
    fn update_timer(
        &self,
        old: &TimerRow,
        new: Option<&TimerRow>,
    ) -> impl Future<Output = StoreResult<bool>> + Send;
    /// Timers with a reminder or deadline at or before `now`.
    fn due_timers(&self, now: i64) -> impl Future<Output = StoreResult<Vec<TimerRow>>> + Send;
    /// The earliest reminder or deadline of any game.
    fn next_due(&self) -> impl Future<Output = StoreResult<Option<i64>>> + Send;
    /// Since when the oldest post the outbox holds has been owed (the scheduler wakes a
    /// grace period after it).
    fn oldest_owed_post(&self) -> impl Future<Output = StoreResult<Option<i64>>> + Send;
    /// Running games whose awaited player is this user (to refresh their timers).
    fn timers_for_user(
        &self,
        user_id: &str,
    ) -> impl Future<Output = StoreResult<Vec<TimerRow>>> + Send;
    /// Sets a game's status (abandon).
    fn set_status(
        &self,
        id: GameId,
        status: GameStatus,
        now: i64,
    ) -> impl Future<Output = StoreResult<()>> + Send;
    /// Appends one turn in one transaction (see [`TurnWrite`]), with the game's results
    /// when the turn ends it.
    fn append_turn(&self, write: &TurnWrite) -> impl Future<Output = StoreResult<()>> + Send;
    /// Ends a running game by agreement (see [`AgreedEnd`]): status `over`, the results,
    /// no timer, no offer. [`StoreError::Conflict`] if the game is no longer at that turn
    /// or running; [`StoreError::Duplicate`] for a delivery handled before.
    fn end_by_agreement(&self, end: &AgreedEnd) -> impl Future<Output = StoreResult<()>> + Send;
    /// A game's standing offer of a draw, if any (whether it still stands is the service's
    /// to judge from the actions since).
    fn draw_offer(&self, id: GameId)
    -> impl Future<Output = StoreResult<Option<DrawOffer>>> + Send;
    /// Records an offer of a draw (replacing any), or with `None` takes it back.
    fn set_draw_offer(
        &self,
        id: GameId,
        offer: Option<DrawOffer>,
    ) -> impl Future<Output = StoreResult<()>> + Send;
    /// Actions with `seq > after`, in order.
    fn actions(
        &self,
        id: GameId,
        after: i64,
    ) -> impl Future<Output = StoreResult<Vec<ActionRow>>> + Send;
    /// The latest snapshot at or before `turn`: `(seq, position JSON)`.
    fn snapshot(
        &self,
        id: GameId,
        turn: i64,
    ) -> impl Future<Output = StoreResult<Option<(i64, String)>>> + Send;
    /// Whether a delivery was already applied.
    fn handled(&self, key: &MessageKey) -> impl Future<Output = StoreResult<bool>> + Send;
    /// Marks a delivery handled (for commands that change state but write no turn).
    fn mark_handled(
        &self,
        key: &MessageKey,
        game: Option<GameId>,
        now: i64,
    ) -> impl Future<Output = StoreResult<bool>> + Send;
    /// The stored results of a finished game, by seat (empty for any other game).
    fn results(&self, id: GameId) -> impl Future<Output = StoreResult<Vec<ResultRow>>> + Send;
    /// The results of the people (not computer players) in a chat scope's finished games,
    /// oldest game first, for its leaderboards.
    fn chat_results(
        &self,
        scope: &ChatScope,
    ) -> impl Future<Output = StoreResult<Vec<PastResult>>> + Send;
    /// A person's results in the finished games of every chat on `platform`, oldest first
    /// (none for a computer player).
    fn user_results(
        &self,
        platform: &str,
        user_id: &str,
    ) -> impl Future<Output = StoreResult<Vec<PastResult>>> + Send;
    /// The stored ratings in `game` on `platform` of those of `user_ids` who have one.
    fn ratings_of(
        &self,
        platform: &str,
        game: GameKind,
        user_ids: &[String],
    ) -> impl Future<Output = StoreResult<Vec<RatingRow>>> + Send;
    /// Writes a finished game's new ratings in one transaction, the game marked rated with
    /// them. Each row's `games` is the new count: a row is written only if the stored one
    /// still has one game fewer (or, for a first game, none exists).
    fn save_ratings(
        &self,
        game_id: GameId,
        platform: &str,
        rows: &[RatingRow],
    ) -> impl Future<Output = StoreResult<RatingSave>> + Send;
    /// Finished games of `kinds` (the rated games) on `platform` with two results, not
    /// rated yet, oldest first.
    fn unrated_games(
        &self,
        platform: &str,
        kinds: &[GameKind],
    ) -> impl Future<Output = StoreResult<Vec<GameId>>> + Send;
    /// A chat's leaderboard in `game`: the rated people who finished a game of it in this
    /// chat scope, best rating first; at most `limit`.
    fn chat_ratings(
        &self,
        scope: &ChatScope,
        game: GameKind,
        limit: usize,
    ) -> impl Future<Output = StoreResult<Vec<RatingRow>>> + Send;
    /// A person's ratings in every game on `platform`.
    fn user_ratings(
        &self,
        platform: &str,
        user_id: &str,
    ) -> impl Future<Output = StoreResult<Vec<RatingRow>>> + Send;
    /// A user's preferences.
    fn prefs(
        &self,
        platform: &str,
        user_id: &str,
    ) -> impl Future<Output = StoreResult<UserPrefs>> + Send;
    /// Saves a user's preferences.
    fn set_prefs(
        &self,
        platform: &str,
        user_id: &str,
        prefs: &UserPrefs,
    ) -> impl Future<Output = StoreResult<()>> + Send;
    /// A chat scope's default language (a tag), else its whole chat's.
    fn chat_language(
        &self,
        scope: &ChatScope,
    ) -> impl Future<Output = StoreResult<Option<String>>> + Send;
    /// Sets (or with `None` clears) a chat scope's default language.
    fn set_chat_language(
        &self,
        scope: &ChatScope,
        language: Option<&str>,
    ) -> impl Future<Output = StoreResult<()>> + Send;
}
