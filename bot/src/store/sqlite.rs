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

use super::{
    ActionRow, AgreedEnd, ChatScope, DeadlinePolicy, DrawOffer, GameId, GameRow, GameStatus,
    GameStore, MessageKey, NewGame, PastResult, RatingRow, RatingSave, ResultRow, SeatRow,
    StoreError, StoreResult, TimerRow, Timing, TurnWrite, UserPrefs,
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
    GAME_COLUMNS, RATING_COLUMNS, TIMER_COLUMNS, is_unique, past_results_sql, row_readers,
};

row_readers!(SqliteRow);
super::shared::shared_functions!(sqlx::SqliteConnection, sqlx::SqlitePool);

/// A statement of the shared operations (`shared.rs`), written in SQLite's dialect already.
fn query(sql: &str) -> sqlx::query::Query<'_, sqlx::Sqlite, sqlx::sqlite::SqliteArguments<'_>> {
    sqlx::query(sql)
}

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
    super::shared::shared_methods!();

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

    async fn next_due(&self) -> StoreResult<Option<i64>> {
        let row = sqlx::query(
            "SELECT MIN(t) AS t FROM (SELECT next_reminder AS t FROM turn_timers WHERE next_reminder IS NOT NULL \
             UNION ALL SELECT deadline_at AS t FROM turn_timers WHERE deadline_at IS NOT NULL)",
        )
        .fetch_one(&self.pool)
        .await?;
        Ok(row.try_get::<Option<i64>, _>("t")?)
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
        insert_results(&mut tx, w.game, &w.results).await?;
        tx.commit().await?;
        Ok(())
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
}

#[cfg(test)]
mod tests;
