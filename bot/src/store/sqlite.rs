//! The SQLite implementation of [`GameStore`] (sqlx). WAL mode, foreign keys on, a busy
//! timeout; migrations embedded from the top-level `migrations/` folder.
//!
//! Queries are checked at run time (`sqlx::query`, not `query!`), so building needs no
//! database and no `sqlx-cli`; every query is exercised by the tests below.

use std::{str::FromStr, time::Duration};

use sqlx::{
    Row,
    sqlite::{
        SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteRow,
        SqliteSynchronous,
    },
};

use labscape_core::GameKind;

mod agreement;

use super::{
    ActionRow, AgreedEnd, ChatScope, DeadlinePolicy, DrawOffer, GameId, GameRow, GameStatus,
    GameStore, LabscapeTally, MessageKey, NewGame, PlayerRecord, RatingRow, RatingSave, ResultRow,
    SeatRow, StoreError, StoreResult, TimerRow, Timing, TurnWrite, UserPrefs,
};

/// Games in one SQLite file.
#[derive(Clone, Debug)]
pub struct SqliteStore {
    pool: SqlitePool,
}

impl SqliteStore {
    /// Opens (creating if missing) the database at `url` (`sqlite://path` or a plain path)
    /// and applies the migrations.
    ///
    /// # Errors
    /// If the file cannot be opened or a migration fails.
    pub async fn open(url: &str) -> StoreResult<SqliteStore> {
        SqliteStore::open_with(url, Duration::from_secs(30)).await
    }

    /// Like [`SqliteStore::open`], waiting up to `acquire_timeout` for a free connection.
    /// (Tests on tokio's paused clock pass a long one: auto-advancing time would otherwise
    /// expire it while SQLite's worker thread is busy.)
    ///
    /// # Errors
    /// If the file cannot be opened or a migration fails.
    pub async fn open_with(url: &str, acquire_timeout: Duration) -> StoreResult<SqliteStore> {
        // Only a `sqlite:` URL is a URL; anything else is a file name, taken as it is
        // (`q?mode=ro.db` is a file called that, not a query string).
        let opts = if url.starts_with("sqlite:") {
            SqliteConnectOptions::from_str(url)?
        } else {
            SqliteConnectOptions::new().filename(url)
        };
        let opts = opts
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            // WAL + NORMAL: a committed turn survives a crash of the process (the turn is
            // in the WAL before the reply goes out); only a power cut may lose the last ones.
            .synchronous(SqliteSynchronous::Normal)
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(10));
        let pool = SqlitePoolOptions::new()
            .max_connections(4)
            .acquire_timeout(acquire_timeout)
            .connect_with(opts)
            .await?;
        sqlx::migrate!("../migrations/sqlite")
            .run(&pool)
            .await
            .map_err(|e| StoreError::Db(e.into()))?;
        Ok(SqliteStore { pool })
    }

    /// A write transaction. `BEGIN IMMEDIATE` takes the write lock up front, so a
    /// transaction never has to upgrade a read lock (which SQLite refuses at once, without
    /// waiting, when another connection wrote in between).
    async fn write_tx(&self) -> StoreResult<sqlx::Transaction<'static, sqlx::Sqlite>> {
        Ok(self.pool.begin_with("BEGIN IMMEDIATE").await?)
    }

    /// Moves every committed turn from the write-ahead log into the database file and
    /// empties the log (a clean stop calls it: `labscape.db` alone then holds every game),
    /// then closes the pool.
    ///
    /// # Errors
    /// If the checkpoint fails (another process holds the database, say).
    pub async fn close(&self) -> StoreResult<()> {
        sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
            .execute(&self.pool)
            .await?;
        self.pool.close().await;
        Ok(())
    }

    /// Writes a consistent copy of the database to the new file `to` (`VACUUM INTO`: safe
    /// while the bot runs; the copy holds every committed turn, WAL included).
    ///
    /// # Errors
    /// If `to` already exists or cannot be written.
    pub async fn backup_to(&self, to: &std::path::Path) -> StoreResult<()> {
        let to = to
            .to_str()
            .ok_or_else(|| StoreError::Corrupt("the backup file's name is not UTF-8".into()))?;
        sqlx::query("VACUUM INTO ?")
            .bind(to)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The connection pool (for tests and benchmarks).
    pub fn pool(&self) -> &SqlitePool {
        &self.pool
    }
}

use super::rows::{
    GAME_COLUMNS, RATING_COLUMNS, RECORD_FROM, TIMER_COLUMNS, is_unique, row_readers,
};

row_readers!(SqliteRow);

/// A person's record, aggregated over `results r JOIN games g` (finished games only, people
/// only: the callers' `WHERE` adds the rest). The name is the one of their latest game on
/// the platform (bound first).
const RECORD_COLUMNS: &str = "r.user_id AS user_id, \
     (SELECT r2.display_name FROM results r2 JOIN games g2 ON g2.id = r2.game_id \
      WHERE r2.user_id = r.user_id AND g2.platform = ? \
      ORDER BY g2.updated_at DESC, g2.id DESC LIMIT 1) AS name, \
     COUNT(*) AS games, \
     COALESCE(SUM(r.finish = 'escaped'), 0) AS escaped, \
     COALESCE(SUM(r.finish = 'caught_at_dawn'), 0) AS caught_at_dawn, \
     COALESCE(SUM(r.finish = 'left_behind'), 0) AS left_behind, \
     MAX(CASE WHEN r.finish = 'escaped' THEN t.food END) AS most_food, \
     COALESCE(SUM(t.caught_by_robot), 0) AS caught_by_robot";

/// Replaces a game's timers inside a transaction.
async fn put_timer(
    tx: &mut sqlx::SqliteConnection,
    game: GameId,
    t: Option<&TimerRow>,
) -> StoreResult<()> {
    sqlx::query("DELETE FROM turn_timers WHERE game_id = ?")
        .bind(game.0)
        .execute(&mut *tx)
        .await?;
    if let Some(t) = t {
        sqlx::query(&format!(
            "INSERT INTO turn_timers ({TIMER_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
        ))
        .bind(t.game.0)
        .bind(t.turn)
        .bind(i64::from(t.seat))
        .bind(&t.user_id)
        .bind(t.waiting_since)
        .bind(t.reminders_sent)
        .bind(t.next_reminder)
        .bind(t.deadline_at)
        .bind(t.stalled)
        .execute(&mut *tx)
        .await?;
    }
    Ok(())
}

/// Owes `game`'s chat the post of `turn` (replacing an older debt), inside a transaction.
async fn owe_post(
    tx: &mut sqlx::SqliteConnection,
    game: GameId,
    turn: i64,
    now: i64,
) -> StoreResult<()> {
    sqlx::query(
        "INSERT INTO outbox (game_id, turn, since) VALUES (?, ?, ?) \
         ON CONFLICT (game_id) DO UPDATE SET turn = excluded.turn, since = excluded.since",
    )
    .bind(game.0)
    .bind(turn)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

impl GameStore for SqliteStore {
    async fn create_game(&self, g: &NewGame, creator: &SeatRow) -> StoreResult<GameId> {
        let mut tx = self.write_tx().await?;
        let res = sqlx::query(
            "INSERT INTO games (platform, chat, thread, name, status, kind, settings, max_players, \
             seed, seed_hash, creator, turn, created_at, updated_at, language, invited, creator_side) \
             VALUES (?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?)",
        )
        .bind(&g.scope.platform)
        .bind(&g.scope.chat)
        .bind(&g.scope.thread)
        .bind(&g.name)
        .bind(g.kind.id())
        .bind(&g.settings)
        .bind(i64::from(g.max_players))
        .bind(&g.seed)
        .bind(&g.seed_hash)
        .bind(&g.creator)
        .bind(g.now)
        .bind(g.now)
        .bind(&g.language)
        .bind(&g.invited)
        .bind(&g.creator_side)
        .execute(&mut *tx)
        .await;
        let id = match res {
            Ok(r) => r.last_insert_rowid(),
            Err(e) if is_unique(&e) => {
                tx.rollback().await?;
                return Err(StoreError::ScopeBusy);
            }
            Err(e) => return Err(e.into()),
        };
        sqlx::query("INSERT INTO seats (game_id, seat, user_id, display_name, policy) VALUES (?, 0, ?, ?, ?)")
            .bind(id)
            .bind(&creator.user_id)
            .bind(&creator.display_name)
            .bind(&creator.policy)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(GameId(id))
    }

    async fn live_game(&self, scope: &ChatScope) -> StoreResult<Option<GameRow>> {
        let row = sqlx::query(&format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE platform = ? AND chat = ? AND thread = ? \
             AND status IN ('lobby', 'running')"
        ))
        .bind(&scope.platform)
        .bind(&scope.chat)
        .bind(&scope.thread)
        .fetch_optional(&self.pool)
        .await?;
        row.as_ref().map(game_row).transpose()
    }

    async fn last_finished_game(&self, scope: &ChatScope) -> StoreResult<Option<GameRow>> {
        let row = sqlx::query(&format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE platform = ? AND chat = ? AND thread = ? \
             AND status = 'over' ORDER BY updated_at DESC, id DESC LIMIT 1"
        ))
        .bind(&scope.platform)
        .bind(&scope.chat)
        .bind(&scope.thread)
        .fetch_optional(&self.pool)
        .await?;
        row.as_ref().map(game_row).transpose()
    }

    async fn game(&self, id: GameId) -> StoreResult<Option<GameRow>> {
        let row = sqlx::query(&format!("SELECT {GAME_COLUMNS} FROM games WHERE id = ?"))
            .bind(id.0)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(game_row).transpose()
    }

    async fn running_games(&self) -> StoreResult<Vec<GameId>> {
        let rows = sqlx::query("SELECT id FROM games WHERE status = 'running' ORDER BY id")
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(|r| Ok(GameId(r.try_get("id")?))).collect()
    }

    async fn seats(&self, id: GameId) -> StoreResult<Vec<SeatRow>> {
        let rows = sqlx::query(
            "SELECT seat, user_id, display_name, policy FROM seats WHERE game_id = ? ORDER BY seat",
        )
        .bind(id.0)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(SeatRow {
                    seat: r.try_get::<i64, _>("seat")? as u8,
                    user_id: r.try_get("user_id")?,
                    display_name: r.try_get("display_name")?,
                    policy: r.try_get("policy")?,
                })
            })
            .collect()
    }

    async fn add_seat(&self, id: GameId, seat: &SeatRow, max: u8) -> StoreResult<bool> {
        let mut tx = self.write_tx().await?;
        let count: i64 = sqlx::query("SELECT COUNT(*) AS n FROM seats WHERE game_id = ?")
            .bind(id.0)
            .fetch_one(&mut *tx)
            .await?
            .try_get("n")?;
        if count >= i64::from(max) {
            tx.rollback().await?;
            return Ok(false);
        }
        let res = sqlx::query("INSERT INTO seats (game_id, seat, user_id, display_name, policy) VALUES (?, ?, ?, ?, ?)")
            .bind(id.0)
            .bind(count)
            .bind(&seat.user_id)
            .bind(&seat.display_name)
            .bind(&seat.policy)
            .execute(&mut *tx)
            .await;
        match res {
            Err(e) if is_unique(&e) => {
                tx.rollback().await?;
                return Err(StoreError::AlreadySeated);
            }
            Err(e) => return Err(e.into()),
            Ok(_) => {}
        }
        tx.commit().await?;
        Ok(true)
    }

    async fn reseat(&self, id: GameId, order: &[String]) -> StoreResult<()> {
        let mut tx = self.write_tx().await?;
        // Out of the way first (seat numbers are unique), then in their new places.
        sqlx::query("UPDATE seats SET seat = seat + 1000 WHERE game_id = ?")
            .bind(id.0)
            .execute(&mut *tx)
            .await?;
        for (seat, user) in order.iter().enumerate() {
            sqlx::query("UPDATE seats SET seat = ? WHERE game_id = ? AND user_id = ?")
                .bind(seat as i64)
                .bind(id.0)
                .bind(user)
                .execute(&mut *tx)
                .await?;
        }
        let left: i64 =
            sqlx::query("SELECT COUNT(*) AS n FROM seats WHERE game_id = ? AND seat >= 1000")
                .bind(id.0)
                .fetch_one(&mut *tx)
                .await?
                .try_get("n")?;
        if left > 0 {
            tx.rollback().await?;
            return Err(StoreError::Corrupt(format!(
                "game {}: reseating left {left} seats out",
                id.0
            )));
        }
        tx.commit().await?;
        Ok(())
    }

    async fn remove_seat(&self, id: GameId, user_id: &str) -> StoreResult<bool> {
        let mut tx = self.write_tx().await?;
        let seat: Option<i64> =
            sqlx::query("SELECT seat FROM seats WHERE game_id = ? AND user_id = ?")
                .bind(id.0)
                .bind(user_id)
                .fetch_optional(&mut *tx)
                .await?
                .map(|r| r.try_get("seat"))
                .transpose()?;
        let Some(seat) = seat else {
            tx.rollback().await?;
            return Ok(false);
        };
        sqlx::query("DELETE FROM seats WHERE game_id = ? AND seat = ?")
            .bind(id.0)
            .bind(seat)
            .execute(&mut *tx)
            .await?;
        // Move later seats up one at a time (keeps the primary key unique at every step).
        let later: Vec<i64> =
            sqlx::query("SELECT seat FROM seats WHERE game_id = ? AND seat > ? ORDER BY seat")
                .bind(id.0)
                .bind(seat)
                .fetch_all(&mut *tx)
                .await?
                .iter()
                .map(|r| r.try_get("seat"))
                .collect::<Result<_, _>>()?;
        for s in later {
            sqlx::query("UPDATE seats SET seat = ? WHERE game_id = ? AND seat = ?")
                .bind(s - 1)
                .bind(id.0)
                .bind(s)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(true)
    }

    async fn start_game(
        &self,
        id: GameId,
        snapshot: &str,
        timer: Option<&TimerRow>,
        now: i64,
    ) -> StoreResult<()> {
        let mut tx = self.write_tx().await?;
        let res = sqlx::query(
            "UPDATE games SET status = 'running', updated_at = ? WHERE id = ? AND status = 'lobby'",
        )
        .bind(now)
        .bind(id.0)
        .execute(&mut *tx)
        .await?;
        if res.rows_affected() == 0 {
            tx.rollback().await?;
            return Err(StoreError::Conflict);
        }
        sqlx::query("INSERT INTO snapshots (game_id, seq, position) VALUES (?, 0, ?)")
            .bind(id.0)
            .bind(snapshot)
            .execute(&mut *tx)
            .await?;
        put_timer(&mut tx, id, timer).await?;
        owe_post(&mut tx, id, 0, now).await?;
        tx.commit().await?;
        Ok(())
    }

    async fn posted(&self, id: GameId, turn: i64) -> StoreResult<()> {
        sqlx::query("DELETE FROM outbox WHERE game_id = ? AND turn <= ?")
            .bind(id.0)
            .bind(turn)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    async fn owed_posts(&self, since_before: i64, now: i64) -> StoreResult<Vec<(GameId, i64)>> {
        // Handed out once per grace period: the debt's clock restarts now.
        let rows =
            sqlx::query("UPDATE outbox SET since = ? WHERE since <= ? RETURNING game_id, turn")
                .bind(now)
                .bind(since_before)
                .fetch_all(&self.pool)
                .await?;
        rows.iter()
            .map(|r| Ok((GameId(r.try_get("game_id")?), r.try_get("turn")?)))
            .collect()
    }

    async fn set_status(&self, id: GameId, status: GameStatus, now: i64) -> StoreResult<()> {
        let mut tx = self.write_tx().await?;
        sqlx::query("UPDATE games SET status = ?, updated_at = ? WHERE id = ?")
            .bind(status.name())
            .bind(now)
            .bind(id.0)
            .execute(&mut *tx)
            .await?;
        if !matches!(status, GameStatus::Lobby | GameStatus::Running) {
            put_timer(&mut tx, id, None).await?;
        }
        tx.commit().await?;
        Ok(())
    }

    async fn set_timing(&self, id: GameId, t: &Timing) -> StoreResult<()> {
        sqlx::query(
            "UPDATE games SET reminder_interval = ?, reminder_limit = ?, deadline = ?, deadline_policy = ? WHERE id = ?",
        )
        .bind(t.reminder_interval)
        .bind(t.reminder_limit)
        .bind(t.deadline)
        .bind(t.policy.name())
        .bind(id.0)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    async fn timer(&self, id: GameId) -> StoreResult<Option<TimerRow>> {
        let row = sqlx::query(&format!(
            "SELECT {TIMER_COLUMNS} FROM turn_timers WHERE game_id = ?"
        ))
        .bind(id.0)
        .fetch_optional(&self.pool)
        .await?;
        row.as_ref().map(timer_row).transpose()
    }

    async fn update_timer(&self, old: &TimerRow, new: Option<&TimerRow>) -> StoreResult<bool> {
        let mut tx = self.write_tx().await?;
        let current = sqlx::query(&format!(
            "SELECT {TIMER_COLUMNS} FROM turn_timers WHERE game_id = ?"
        ))
        .bind(old.game.0)
        .fetch_optional(&mut *tx)
        .await?;
        if current.as_ref().map(timer_row).transpose()?.as_ref() != Some(old) {
            tx.rollback().await?;
            return Ok(false);
        }
        put_timer(&mut tx, old.game, new).await?;
        tx.commit().await?;
        Ok(true)
    }

    async fn due_timers(&self, now: i64) -> StoreResult<Vec<TimerRow>> {
        let rows = sqlx::query(&format!(
            "SELECT {TIMER_COLUMNS} FROM turn_timers WHERE next_reminder <= ? OR deadline_at <= ? ORDER BY game_id"
        ))
        .bind(now)
        .bind(now)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(timer_row).collect()
    }

    async fn next_due(&self) -> StoreResult<Option<i64>> {
        let row = sqlx::query(
            "SELECT MIN(t) AS t FROM (SELECT next_reminder AS t FROM turn_timers WHERE next_reminder IS NOT NULL \
             UNION ALL SELECT deadline_at AS t FROM turn_timers WHERE deadline_at IS NOT NULL)",
        )
        .fetch_one(&self.pool)
        .await?;
        Ok(row.try_get::<Option<i64>, _>("t")?)
    }

    async fn oldest_owed_post(&self) -> StoreResult<Option<i64>> {
        let row = sqlx::query("SELECT MIN(since) AS since FROM outbox")
            .fetch_one(&self.pool)
            .await?;
        Ok(row.try_get::<Option<i64>, _>("since")?)
    }

    async fn timers_for_user(&self, user_id: &str) -> StoreResult<Vec<TimerRow>> {
        let rows = sqlx::query(&format!(
            "SELECT {TIMER_COLUMNS} FROM turn_timers WHERE user_id = ?"
        ))
        .bind(user_id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(timer_row).collect()
    }

    async fn append_turn(&self, w: &TurnWrite) -> StoreResult<()> {
        let mut tx = self.write_tx().await?;
        if let Some(m) = &w.message {
            let res = sqlx::query("INSERT INTO handled_messages (platform, message_id, game_id, at) VALUES (?, ?, ?, ?)")
                .bind(&m.platform)
                .bind(&m.id)
                .bind(w.game.0)
                .bind(w.action.at)
                .execute(&mut *tx)
                .await;
            match res {
                Err(e) if is_unique(&e) => {
                    tx.rollback().await?;
                    return Err(StoreError::Duplicate);
                }
                Err(e) => return Err(e.into()),
                Ok(_) => {}
            }
        }
        let next = w.last_turn();
        let res = sqlx::query(
            "UPDATE games SET turn = ?, status = ?, updated_at = ? WHERE id = ? AND turn = ? AND status = 'running'",
        )
        .bind(next)
        .bind(w.status.name())
        .bind(w.action.at)
        .bind(w.game.0)
        .bind(w.expected_turn)
        .execute(&mut *tx)
        .await?;
        if res.rows_affected() == 0 {
            tx.rollback().await?;
            return Err(StoreError::Conflict);
        }
        for (i, (seq, a)) in w.numbered().enumerate() {
            if i > 0 {
                crate::crash_point::reached(crate::crash_point::CrashPoint::BetweenActions).await;
            }
            let res = sqlx::query(
                "INSERT INTO actions (game_id, seq, seat, action, sender, automatic, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            )
            .bind(w.game.0)
            .bind(seq)
            .bind(i64::from(a.seat))
            .bind(&a.action)
            .bind(&a.sender)
            .bind(a.automatic)
            .bind(a.at)
            .execute(&mut *tx)
            .await;
            match res {
                Err(e) if is_unique(&e) => {
                    tx.rollback().await?;
                    return Err(StoreError::Conflict);
                }
                Err(e) => return Err(e.into()),
                Ok(_) => {}
            }
        }
        if let Some(snap) = &w.snapshot {
            sqlx::query(
                "INSERT OR REPLACE INTO snapshots (game_id, seq, position) VALUES (?, ?, ?)",
            )
            .bind(w.game.0)
            .bind(next)
            .bind(snap)
            .execute(&mut *tx)
            .await?;
        }
        put_timer(&mut tx, w.game, w.timer.as_ref()).await?;
        owe_post(&mut tx, w.game, next, w.action.at).await?;
        agreement::insert_results(&mut tx, w.game, &w.results).await?;
        tx.commit().await?;
        Ok(())
    }

    async fn end_by_agreement(&self, end: &AgreedEnd) -> StoreResult<()> {
        let mut tx = self.write_tx().await?;
        if let Err(e) = agreement::end_by_agreement(&mut tx, end).await {
            tx.rollback().await?;
            return Err(e);
        }
        tx.commit().await?;
        Ok(())
    }

    async fn draw_offer(&self, id: GameId) -> StoreResult<Option<DrawOffer>> {
        agreement::draw_offer(&self.pool, id).await
    }

    async fn set_draw_offer(&self, id: GameId, offer: Option<DrawOffer>) -> StoreResult<()> {
        agreement::set_draw_offer(&self.pool, id, offer).await
    }

    async fn results(&self, id: GameId) -> StoreResult<Vec<ResultRow>> {
        let rows = sqlx::query(
            "SELECT r.seat, user_id, display_name, computer, rank, finish, \
             t.seat AS tally_seat, food, time, caught_by_robot \
             FROM results r LEFT JOIN labscape_results t ON t.game_id = r.game_id AND t.seat = r.seat \
             WHERE r.game_id = ? ORDER BY r.seat",
        )
        .bind(id.0)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                let tally = match r.try_get::<Option<i64>, _>("tally_seat")? {
                    None => None,
                    Some(_) => Some(LabscapeTally {
                        food: r.try_get("food")?,
                        time: r.try_get("time")?,
                        caught_by_robot: r.try_get("caught_by_robot")?,
                    }),
                };
                Ok(ResultRow {
                    seat: r.try_get::<i64, _>("seat")? as u8,
                    user_id: r.try_get("user_id")?,
                    display_name: r.try_get("display_name")?,
                    computer: r.try_get("computer")?,
                    rank: u8::try_from(r.try_get::<i64, _>("rank")?)
                        .map_err(|_| StoreError::Corrupt("rank".into()))?,
                    finish: r.try_get("finish")?,
                    tally,
                })
            })
            .collect()
    }

    async fn chat_records(
        &self,
        scope: &ChatScope,
        limit: usize,
    ) -> StoreResult<Vec<PlayerRecord>> {
        let rows = sqlx::query(&format!(
            "SELECT {RECORD_COLUMNS} FROM {RECORD_FROM} \
             WHERE g.platform = ? AND g.chat = ? AND g.thread = ? AND g.status = 'over' \
             AND r.computer = 0 \
             GROUP BY r.user_id \
             ORDER BY escaped DESC, COALESCE(most_food, -1) DESC, games ASC, name ASC \
             LIMIT ?"
        ))
        .bind(&scope.platform)
        .bind(&scope.platform)
        .bind(&scope.chat)
        .bind(&scope.thread)
        .bind(i64::try_from(limit).unwrap_or(i64::MAX))
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(record_row).collect()
    }

    async fn user_record(
        &self,
        platform: &str,
        user_id: &str,
    ) -> StoreResult<Option<PlayerRecord>> {
        let row = sqlx::query(&format!(
            "SELECT {RECORD_COLUMNS} FROM {RECORD_FROM} \
             WHERE g.platform = ? AND r.user_id = ? AND g.status = 'over' AND r.computer = 0 \
             GROUP BY r.user_id"
        ))
        .bind(platform)
        .bind(platform)
        .bind(user_id)
        .fetch_optional(&self.pool)
        .await?;
        row.as_ref().map(record_row).transpose()
    }

    async fn ratings_of(
        &self,
        platform: &str,
        game: GameKind,
        user_ids: &[String],
    ) -> StoreResult<Vec<RatingRow>> {
        let mut out = Vec::new();
        for user in user_ids {
            let row = sqlx::query(&format!(
                "SELECT {RATING_COLUMNS} FROM ratings WHERE platform = ? AND game = ? AND user_id = ?"
            ))
            .bind(platform)
            .bind(game.id())
            .bind(user)
            .fetch_optional(&self.pool)
            .await?;
            if let Some(r) = row {
                out.push(rating_row(&r)?);
            }
        }
        Ok(out)
    }

    async fn save_ratings(
        &self,
        game_id: GameId,
        platform: &str,
        rows: &[RatingRow],
    ) -> StoreResult<RatingSave> {
        let mut tx = self.pool.begin().await?;
        let marked =
            sqlx::query("INSERT INTO rated_games (game_id) VALUES (?) ON CONFLICT DO NOTHING")
                .bind(game_id.0)
                .execute(&mut *tx)
                .await?;
        if marked.rows_affected() == 0 {
            return Ok(RatingSave::AlreadyRated);
        }
        for r in rows {
            let done = if r.games <= 1 {
                sqlx::query(
                    "INSERT INTO ratings (platform, user_id, game, display_name, rating, deviation, \
                     volatility, games, wins, losses, draws) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) \
                     ON CONFLICT DO NOTHING",
                )
                .bind(platform)
                .bind(&r.user_id)
                .bind(r.game.id())
                .bind(&r.name)
                .bind(r.rating.rating)
                .bind(r.rating.deviation)
                .bind(r.rating.volatility)
                .bind(r.games)
                .bind(r.wins)
                .bind(r.losses)
                .bind(r.draws)
                .execute(&mut *tx)
                .await?
            } else {
                sqlx::query(
                    "UPDATE ratings SET display_name = ?, rating = ?, deviation = ?, volatility = ?, \
                     games = ?, wins = ?, losses = ?, draws = ? \
                     WHERE platform = ? AND user_id = ? AND game = ? AND games = ?",
                )
                .bind(&r.name)
                .bind(r.rating.rating)
                .bind(r.rating.deviation)
                .bind(r.rating.volatility)
                .bind(r.games)
                .bind(r.wins)
                .bind(r.losses)
                .bind(r.draws)
                .bind(platform)
                .bind(&r.user_id)
                .bind(r.game.id())
                .bind(r.games - 1)
                .execute(&mut *tx)
                .await?
            };
            if done.rows_affected() != 1 {
                return Ok(RatingSave::Changed);
            }
        }
        tx.commit().await?;
        Ok(RatingSave::Saved)
    }

    async fn unrated_games(&self, platform: &str, kinds: &[GameKind]) -> StoreResult<Vec<GameId>> {
        if kinds.is_empty() {
            return Ok(Vec::new());
        }
        let marks = vec!["?"; kinds.len()].join(", ");
        let sql = format!(
            "SELECT g.id FROM games g WHERE g.platform = ? AND g.status = 'over' AND g.kind IN ({marks}) \
             AND (SELECT COUNT(*) FROM results r WHERE r.game_id = g.id) = 2 \
             AND NOT EXISTS (SELECT 1 FROM rated_games x WHERE x.game_id = g.id) \
             ORDER BY g.updated_at, g.id"
        );
        let mut query = sqlx::query(&sql).bind(platform);
        for kind in kinds {
            query = query.bind(kind.id());
        }
        let rows = query.fetch_all(&self.pool).await?;
        rows.iter().map(|r| Ok(GameId(r.try_get("id")?))).collect()
    }

    async fn chat_ratings(
        &self,
        scope: &ChatScope,
        game: GameKind,
        limit: usize,
    ) -> StoreResult<Vec<RatingRow>> {
        let rows = sqlx::query(&format!(
            "SELECT {RATING_COLUMNS} FROM ratings \
             WHERE platform = ? AND game = ? AND user_id IN ( \
               SELECT r.user_id FROM results r JOIN games g ON g.id = r.game_id \
               WHERE g.platform = ? AND g.chat = ? AND g.thread = ? AND g.kind = ? AND g.status = 'over') \
             ORDER BY rating DESC, games DESC, display_name ASC LIMIT ?"
        ))
        .bind(&scope.platform)
        .bind(game.id())
        .bind(&scope.platform)
        .bind(&scope.chat)
        .bind(&scope.thread)
        .bind(game.id())
        .bind(i64::try_from(limit).unwrap_or(i64::MAX))
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(rating_row).collect()
    }

    async fn user_ratings(&self, platform: &str, user_id: &str) -> StoreResult<Vec<RatingRow>> {
        let rows = sqlx::query(&format!(
            "SELECT {RATING_COLUMNS} FROM ratings WHERE platform = ? AND user_id = ? ORDER BY game"
        ))
        .bind(platform)
        .bind(user_id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(rating_row).collect()
    }

    async fn actions(&self, id: GameId, after: i64) -> StoreResult<Vec<ActionRow>> {
        let rows = sqlx::query(
            "SELECT seq, seat, action, sender, automatic, at FROM actions \
             WHERE game_id = ? AND seq > ? ORDER BY seq",
        )
        .bind(id.0)
        .bind(after)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(ActionRow {
                    seq: r.try_get("seq")?,
                    seat: r.try_get::<i64, _>("seat")? as u8,
                    action: r.try_get("action")?,
                    sender: r.try_get("sender")?,
                    automatic: r.try_get("automatic")?,
                    at: r.try_get("at")?,
                })
            })
            .collect()
    }

    async fn snapshot(&self, id: GameId, turn: i64) -> StoreResult<Option<(i64, String)>> {
        let row = sqlx::query(
            "SELECT seq, position FROM snapshots WHERE game_id = ? AND seq <= ? ORDER BY seq DESC LIMIT 1",
        )
        .bind(id.0)
        .bind(turn)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| Ok((r.try_get("seq")?, r.try_get("position")?)))
            .transpose()
    }

    async fn handled(&self, key: &MessageKey) -> StoreResult<bool> {
        let row = sqlx::query(
            "SELECT 1 AS x FROM handled_messages WHERE platform = ? AND message_id = ?",
        )
        .bind(&key.platform)
        .bind(&key.id)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.is_some())
    }

    async fn mark_handled(
        &self,
        key: &MessageKey,
        game: Option<GameId>,
        now: i64,
    ) -> StoreResult<bool> {
        let res = sqlx::query("INSERT OR IGNORE INTO handled_messages (platform, message_id, game_id, at) VALUES (?, ?, ?, ?)")
            .bind(&key.platform)
            .bind(&key.id)
            .bind(game.map(|g| g.0))
            .bind(now)
            .execute(&self.pool)
            .await?;
        Ok(res.rows_affected() == 1)
    }

    async fn prefs(&self, platform: &str, user_id: &str) -> StoreResult<UserPrefs> {
        let row = sqlx::query(
            "SELECT language, time_zone, quiet_start, quiet_end, away_until FROM user_prefs \
             WHERE platform = ? AND user_id = ?",
        )
        .bind(platform)
        .bind(user_id)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| {
            Ok(UserPrefs {
                language: r.try_get("language")?,
                time_zone: r.try_get("time_zone")?,
                quiet_start: r.try_get("quiet_start")?,
                quiet_end: r.try_get("quiet_end")?,
                away_until: r.try_get("away_until")?,
            })
        })
        .transpose()
        .map(Option::unwrap_or_default)
    }

    async fn set_prefs(&self, platform: &str, user_id: &str, p: &UserPrefs) -> StoreResult<()> {
        sqlx::query(
            "INSERT INTO user_prefs (platform, user_id, language, time_zone, quiet_start, quiet_end, away_until) \
             VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (platform, user_id) DO UPDATE SET \
             language = excluded.language, time_zone = excluded.time_zone, \
             quiet_start = excluded.quiet_start, quiet_end = excluded.quiet_end, away_until = excluded.away_until",
        )
        .bind(platform)
        .bind(user_id)
        .bind(&p.language)
        .bind(&p.time_zone)
        .bind(p.quiet_start)
        .bind(p.quiet_end)
        .bind(p.away_until)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    async fn chat_language(&self, scope: &ChatScope) -> StoreResult<Option<String>> {
        // The scope's own choice, else the whole chat's (a thread follows its channel).
        let row = sqlx::query(
            "SELECT language FROM chat_prefs WHERE platform = ? AND chat = ? \
             AND thread IN (?, '') AND language IS NOT NULL ORDER BY thread DESC LIMIT 1",
        )
        .bind(&scope.platform)
        .bind(&scope.chat)
        .bind(&scope.thread)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|r| r.try_get("language")).transpose()?)
    }

    async fn set_chat_language(
        &self,
        scope: &ChatScope,
        language: Option<&str>,
    ) -> StoreResult<()> {
        sqlx::query(
            "INSERT INTO chat_prefs (platform, chat, thread, language) VALUES (?, ?, ?, ?) \
             ON CONFLICT (platform, chat, thread) DO UPDATE SET language = excluded.language",
        )
        .bind(&scope.platform)
        .bind(&scope.chat)
        .bind(&scope.thread)
        .bind(language)
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::contract::{new_game, seat};

    /// A database written by `main` on 2026-11-24, before games were stored as their
    /// settings text (`fixtures/labscape-2026-11-24.script` made it through local play): a
    /// finished Labscape game with its results, and a running one with a timer.
    const FIXTURE: &[u8] = include_bytes!("fixtures/labscape-2026-11-24.db");

    #[tokio::test]
    async fn a_clean_stop_leaves_every_game_in_the_main_file_and_a_backup_holds_them() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("labscape.db");
        let s = SqliteStore::open(path.to_str().unwrap()).await.unwrap();
        let id = s.create_game(&new_game("c"), &seat("ana")).await.unwrap();
        // A backup while the store is open holds the game.
        let copy = dir.path().join("backup.db");
        s.backup_to(&copy).await.unwrap();
        assert!(
            s.backup_to(&copy).await.is_err(),
            "an existing file is not overwritten"
        );
        s.close().await.unwrap();
        // Only the main file, copied alone (as a person backing up would), holds it too.
        let alone = dir.path().join("alone");
        std::fs::create_dir(&alone).unwrap();
        std::fs::copy(&path, alone.join("labscape.db")).unwrap();
        for file in [alone.join("labscape.db"), copy] {
            let t = SqliteStore::open(file.to_str().unwrap()).await.unwrap();
            assert!(t.game(id).await.unwrap().is_some(), "{}", file.display());
        }
    }

    #[tokio::test]
    async fn a_plain_path_is_a_file_name_not_a_url() {
        let dir = tempfile::tempdir().unwrap();
        let odd = dir.path().join("q?mode=ro.db");
        let s = SqliteStore::open(odd.to_str().unwrap()).await.unwrap();
        s.create_game(&new_game("c"), &seat("ana")).await.unwrap();
        assert!(odd.exists(), "the file is called what was given");
        let url = format!("sqlite://{}", dir.path().join("u.db").display());
        SqliteStore::open(&url).await.unwrap();
        assert!(
            dir.path().join("u.db").exists(),
            "a sqlite: URL is still a URL"
        );
    }

    #[tokio::test]
    async fn a_database_from_before_the_game_seam_migrates_in_place() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("old.db");
        std::fs::write(&path, FIXTURE).unwrap();
        let s = SqliteStore::open(path.to_str().unwrap()).await.unwrap();
        let over = s.game(GameId(1)).await.unwrap().unwrap();
        assert_eq!(over.status, GameStatus::Over);
        assert_eq!(over.kind, GameKind::Labscape);
        assert_eq!(
            over.settings,
            "layout=single difficulty=medium setup=random"
        );
        let results = s.results(GameId(1)).await.unwrap();
        assert_eq!(results.len(), 1);
        assert_eq!(
            (
                results[0].rank,
                results[0].finish.as_str(),
                results[0].tally
            ),
            (
                1,
                "caught_at_dawn",
                Some(LabscapeTally {
                    food: 0,
                    time: 38,
                    caught_by_robot: 4
                })
            )
        );
        let running = s
            .live_game(&ChatScope {
                platform: "local".into(),
                chat: "terminal".into(),
                thread: String::new(),
            })
            .await
            .unwrap()
            .unwrap();
        assert_eq!(running.id, GameId(2));
        assert_eq!(
            running.settings,
            "layout=duo difficulty=medium setup=random"
        );
        assert_eq!(running.turn, 4);
        let actions = s.actions(running.id, 0).await.unwrap();
        assert_eq!(actions.len(), 4);
        assert!(s.timer(running.id).await.unwrap().is_some());
        // The ana record still counts the finished game.
        let ana = s.user_record("local", "ana").await.unwrap().unwrap();
        assert_eq!(
            (ana.games, ana.caught_at_dawn, ana.caught_by_robot),
            (1, 1, 4)
        );
    }
}
