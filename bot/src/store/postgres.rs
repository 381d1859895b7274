//! The PostgreSQL implementation of [`GameStore`] (sqlx), for running at scale: several
//! bot processes on one database. Migrations are embedded from `migrations/postgres/`.
//!
//! The same promises as the SQLite store, kept across processes: a turn is an update of
//! the game row conditional on its turn number (a second process's turn on the same game
//! waits for the row lock, then finds the turn moved on), the (game, seq) key forbids a
//! doubled action, a delivery id is unique, and timers and seats are changed under a lock
//! on their row (`FOR UPDATE`), so two schedulers never fire one timer twice. Queries are
//! checked at run time, like the SQLite store's; the store's contract tests run on both.

use std::{str::FromStr, time::Duration};

use sqlx::{
    Row,
    postgres::{PgConnectOptions, PgPool, PgPoolOptions, PgRow},
};

use labscape_core::GameKind;

use super::{
    ActionRow, AgreedEnd, ChatScope, DeadlinePolicy, DrawOffer, GameId, GameRow, GameStatus,
    GameStore, MessageKey, NewGame, PastResult, RatingRow, RatingSave, ResultRow, SeatRow,
    StoreError, StoreResult, TimerRow, Timing, TurnWrite, UserPrefs,
};

/// How long opening the store waits for the server's first answer.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// Games in a PostgreSQL database.
#[derive(Clone, Debug)]
pub struct PgStore {
    pool: PgPool,
}

impl PgStore {
    /// Connects to the database at `url` (`postgres://…`) and applies the migrations.
    ///
    /// # Errors
    /// If the server cannot be reached or a migration fails.
    pub async fn open(url: &str) -> StoreResult<PgStore> {
        for form in super::url_password(url) {
            crate::secret::register_secret(&form);
        }
        let opts = PgConnectOptions::from_str(url).map_err(|e| match e {
            sqlx::Error::Configuration(why) => StoreError::BadUrl(why.to_string()),
            other => StoreError::BadUrl(other.to_string()),
        })?;
        let server = format!("{}:{}", opts.get_host(), opts.get_port());
        // A server that does not answer is reported at start, within seconds, by name.
        let pool = tokio::time::timeout(
            CONNECT_TIMEOUT,
            PgPoolOptions::new()
                .max_connections(16)
                .acquire_timeout(Duration::from_secs(30))
                .connect_with(opts),
        )
        .await
        .map_err(|_| StoreError::NoAnswer(server, CONNECT_TIMEOUT.as_secs()))??;
        sqlx::migrate!("../migrations/postgres")
            .run(&pool)
            .await
            .map_err(|e| StoreError::Db(e.into()))?;
        Ok(PgStore { pool })
    }

    /// A write transaction.
    async fn write_tx(&self) -> StoreResult<sqlx::Transaction<'static, sqlx::Postgres>> {
        Ok(self.pool.begin().await?)
    }

    /// The connection pool (for tests and benchmarks).
    pub fn pool(&self) -> &PgPool {
        &self.pool
    }
}

use super::rows::{
    GAME_COLUMNS, RATING_COLUMNS, TIMER_COLUMNS, is_unique, past_results_sql, row_readers,
};

row_readers!(PgRow);
super::shared::shared_functions!(sqlx::PgConnection, sqlx::PgPool);

/// A statement of the shared operations (`shared.rs`), its `?` placeholders numbered for
/// PostgreSQL (`$1`, `$2`, …). Each distinct statement is numbered once and kept for the
/// process's life (a few dozen fixed texts).
fn query<'q>(sql: &str) -> sqlx::query::Query<'q, sqlx::Postgres, sqlx::postgres::PgArguments> {
    sqlx::query(numbered(sql))
}

/// `sql` with its `?` placeholders numbered, from the cache.
fn numbered(sql: &str) -> &'static str {
    use std::{
        collections::HashMap,
        sync::{LazyLock, Mutex},
    };
    static NUMBERED: LazyLock<Mutex<HashMap<String, &'static str>>> =
        LazyLock::new(|| Mutex::new(HashMap::new()));
    let mut cache = NUMBERED.lock().expect("statement cache lock");
    if let Some(done) = cache.get(sql) {
        return done;
    }
    let mut out = String::with_capacity(sql.len() + 8);
    let mut n = 0;
    for c in sql.chars() {
        if c == '?' {
            n += 1;
            out.push('$');
            out.push_str(&n.to_string());
        } else {
            out.push(c);
        }
    }
    let done: &'static str = Box::leak(out.into_boxed_str());
    cache.insert(sql.to_string(), done);
    done
}

/// Replaces a game's timers inside a transaction.
async fn put_timer(
    tx: &mut sqlx::PgConnection,
    game: GameId,
    t: Option<&TimerRow>,
) -> StoreResult<()> {
    sqlx::query("DELETE FROM turn_timers WHERE game_id = $1")
        .bind(game.0)
        .execute(&mut *tx)
        .await?;
    if let Some(t) = t {
        sqlx::query(&format!(
            "INSERT INTO turn_timers ({TIMER_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)"
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

/// Locks a game's row for the rest of the transaction: seat changes on one game, from any
/// process, happen one after the other.
async fn lock_game(tx: &mut sqlx::PgConnection, game: GameId) -> StoreResult<()> {
    sqlx::query("SELECT id FROM games WHERE id = $1 FOR UPDATE")
        .bind(game.0)
        .fetch_optional(&mut *tx)
        .await?;
    Ok(())
}

/// Owes `game`'s chat the post of `turn` (replacing an older debt), inside a transaction.
async fn owe_post(
    tx: &mut sqlx::PgConnection,
    game: GameId,
    turn: i64,
    now: i64,
) -> StoreResult<()> {
    sqlx::query(
        "INSERT INTO outbox (game_id, turn, since) VALUES ($1, $2, $3) \
         ON CONFLICT (game_id) DO UPDATE SET turn = excluded.turn, since = excluded.since",
    )
    .bind(game.0)
    .bind(turn)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// A turn's writes in one statement, so one round trip: the game moved on if it is still
/// at the expected turn (else nothing changes), the delivery recorded, the action, a
/// snapshot when due, the next turn's timer (or none), the owed post. PostgreSQL runs
/// every part of a statement or none: a delivery seen before (its key taken) undoes it
/// all. The results of a turn that ends the game follow in the caller's transaction.
const WRITE_TURN: &str = "\
WITH g AS (
    UPDATE games SET turn = $5, status = $6, updated_at = $4
    WHERE id = $3 AND turn = $7 AND status = 'running'
    RETURNING id
), h AS (
    INSERT INTO handled_messages (platform, message_id, game_id, at)
    SELECT $1::TEXT, $2::TEXT, id, $4 FROM g WHERE $1::TEXT IS NOT NULL
    RETURNING 1
), a AS (
    INSERT INTO actions (game_id, seq, seat, action, sender, automatic, at)
    SELECT g.id, x.seq, x.seat, x.action, x.sender, x.automatic, x.at
    FROM g, UNNEST($8::BIGINT[], $9::BIGINT[], $10::TEXT[], $11::TEXT[], $12::BOOLEAN[],
                   $13::BIGINT[]) AS x(seq, seat, action, sender, automatic, at)
    RETURNING 1
), s AS (
    INSERT INTO snapshots (game_id, seq, position)
    SELECT id, $5, $14::TEXT FROM g WHERE $14::TEXT IS NOT NULL
    ON CONFLICT (game_id, seq) DO UPDATE SET position = excluded.position
    RETURNING 1
), t_gone AS (
    DELETE FROM turn_timers WHERE $15::BIGINT IS NULL AND game_id IN (SELECT id FROM g)
    RETURNING 1
), t AS (
    INSERT INTO turn_timers (game_id, turn, seat, user_id, waiting_since, reminders_sent,
                             next_reminder, deadline_at, stalled)
    SELECT id, $15::BIGINT, $16::BIGINT, $17::TEXT, $18::BIGINT, $19::BIGINT, $20::BIGINT,
           $21::BIGINT, $22::BOOLEAN
    FROM g WHERE $15::BIGINT IS NOT NULL
    ON CONFLICT (game_id) DO UPDATE SET turn = excluded.turn, seat = excluded.seat,
        user_id = excluded.user_id, waiting_since = excluded.waiting_since,
        reminders_sent = excluded.reminders_sent, next_reminder = excluded.next_reminder,
        deadline_at = excluded.deadline_at, stalled = excluded.stalled
    RETURNING 1
), o AS (
    INSERT INTO outbox (game_id, turn, since) SELECT id, $5, $4 FROM g
    ON CONFLICT (game_id) DO UPDATE SET turn = excluded.turn, since = excluded.since
    RETURNING 1
)
SELECT COUNT(*) AS moved FROM g";

/// Runs [`WRITE_TURN`] for `w`: [`StoreError::Duplicate`] for a delivery seen before,
/// [`StoreError::Conflict`] when the game is not at the expected turn.
async fn write_turn(conn: &mut sqlx::PgConnection, w: &TurnWrite) -> StoreResult<()> {
    let t = w.timer.as_ref();
    let (seqs, actions): (Vec<i64>, Vec<&ActionRow>) = w.numbered().unzip();
    let res = sqlx::query(WRITE_TURN)
        .bind(w.message.as_ref().map(|m| m.platform.as_str()))
        .bind(w.message.as_ref().map(|m| m.id.as_str()))
        .bind(w.game.0)
        .bind(w.action.at)
        .bind(w.last_turn())
        .bind(w.status.name())
        .bind(w.expected_turn)
        .bind(seqs)
        .bind(
            actions
                .iter()
                .map(|a| i64::from(a.seat))
                .collect::<Vec<_>>(),
        )
        .bind(actions.iter().map(|a| a.action.clone()).collect::<Vec<_>>())
        .bind(actions.iter().map(|a| a.sender.clone()).collect::<Vec<_>>())
        .bind(actions.iter().map(|a| a.automatic).collect::<Vec<_>>())
        .bind(actions.iter().map(|a| a.at).collect::<Vec<_>>())
        .bind(w.snapshot.as_deref())
        .bind(t.map(|t| t.turn))
        .bind(t.map(|t| i64::from(t.seat)))
        .bind(t.map(|t| t.user_id.as_str()))
        .bind(t.map(|t| t.waiting_since))
        .bind(t.map(|t| t.reminders_sent))
        .bind(t.and_then(|t| t.next_reminder))
        .bind(t.and_then(|t| t.deadline_at))
        .bind(t.map(|t| t.stalled))
        .fetch_one(&mut *conn)
        .await;
    let moved: i64 = match res {
        Err(e) if is_unique(&e) => {
            let delivery = e
                .as_database_error()
                .and_then(|d| d.table())
                .is_some_and(|t| t == "handled_messages");
            // Else another process wrote this turn's action first.
            return Err(if delivery {
                StoreError::Duplicate
            } else {
                StoreError::Conflict
            });
        }
        r => r?.try_get("moved")?,
    };
    if moved == 1 {
        return Ok(());
    }
    // The game is elsewhere: perhaps because this very delivery moved it (a retry).
    if let Some(m) = &w.message {
        let seen: bool = sqlx::query_scalar(
            "SELECT EXISTS (SELECT 1 FROM handled_messages WHERE platform = $1 AND message_id = $2)",
        )
        .bind(&m.platform)
        .bind(&m.id)
        .fetch_one(&mut *conn)
        .await?;
        if seen {
            return Err(StoreError::Duplicate);
        }
    }
    Err(StoreError::Conflict)
}

impl GameStore for PgStore {
    super::shared::shared_methods!();

    async fn create_game(&self, g: &NewGame, creator: &SeatRow) -> StoreResult<GameId> {
        let mut tx = self.write_tx().await?;
        let res = sqlx::query(
            "INSERT INTO games (platform, chat, thread, name, status, kind, settings, max_players, \
             seed, seed_hash, creator, turn, created_at, updated_at, language, invited, creator_side) \
             VALUES ($1, $2, $3, $4, 'lobby', $5, $6, $7, $8, $9, $10, 0, $11, $12, $13, $14, $15) RETURNING id",
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
        .fetch_one(&mut *tx)
        .await;
        let id: i64 = match res {
            Ok(r) => r.try_get("id")?,
            Err(e) if is_unique(&e) => {
                tx.rollback().await?;
                return Err(StoreError::ScopeBusy);
            }
            Err(e) => return Err(e.into()),
        };
        sqlx::query("INSERT INTO seats (game_id, seat, user_id, display_name, policy) VALUES ($1, 0, $2, $3, $4)")
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
        lock_game(&mut tx, id).await?;
        let count: i64 = sqlx::query("SELECT COUNT(*) AS n FROM seats WHERE game_id = $1")
            .bind(id.0)
            .fetch_one(&mut *tx)
            .await?
            .try_get("n")?;
        if count >= i64::from(max) {
            tx.rollback().await?;
            return Ok(false);
        }
        let res = sqlx::query("INSERT INTO seats (game_id, seat, user_id, display_name, policy) VALUES ($1, $2, $3, $4, $5)")
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
        lock_game(&mut tx, id).await?;
        // Out of the way first (seat numbers are unique), then in their new places.
        sqlx::query("UPDATE seats SET seat = seat + 1000 WHERE game_id = $1")
            .bind(id.0)
            .execute(&mut *tx)
            .await?;
        for (seat, user) in order.iter().enumerate() {
            sqlx::query("UPDATE seats SET seat = $1 WHERE game_id = $2 AND user_id = $3")
                .bind(seat as i64)
                .bind(id.0)
                .bind(user)
                .execute(&mut *tx)
                .await?;
        }
        let left: i64 =
            sqlx::query("SELECT COUNT(*) AS n FROM seats WHERE game_id = $1 AND seat >= 1000")
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
        lock_game(&mut tx, id).await?;
        let seat: Option<i64> =
            sqlx::query("SELECT seat FROM seats WHERE game_id = $1 AND user_id = $2")
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
        sqlx::query("DELETE FROM seats WHERE game_id = $1 AND seat = $2")
            .bind(id.0)
            .bind(seat)
            .execute(&mut *tx)
            .await?;
        // Move later seats up one at a time (keeps the primary key unique at every step).
        let later: Vec<i64> =
            sqlx::query("SELECT seat FROM seats WHERE game_id = $1 AND seat > $2 ORDER BY seat")
                .bind(id.0)
                .bind(seat)
                .fetch_all(&mut *tx)
                .await?
                .iter()
                .map(|r| r.try_get("seat"))
                .collect::<Result<_, _>>()?;
        for s in later {
            sqlx::query("UPDATE seats SET seat = $1 WHERE game_id = $2 AND seat = $3")
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
            "SELECT {TIMER_COLUMNS} FROM turn_timers WHERE game_id = $1 FOR UPDATE"
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
             UNION ALL SELECT deadline_at AS t FROM turn_timers WHERE deadline_at IS NOT NULL) AS due",
        )
        .fetch_one(&self.pool)
        .await?;
        Ok(row.try_get::<Option<i64>, _>("t")?)
    }

    async fn append_turn(&self, w: &TurnWrite) -> StoreResult<()> {
        if w.results.is_empty() {
            // The usual turn: one statement, atomic on its own.
            let mut conn = self.pool.acquire().await?;
            return write_turn(&mut conn, w).await;
        }
        let mut tx = self.write_tx().await?;
        if let Err(e) = write_turn(&mut tx, w).await {
            tx.rollback().await?;
            return Err(e);
        }
        if let Err(e) = insert_results(&mut tx, w.game, &w.results).await {
            tx.rollback().await?;
            return Err(e);
        }
        tx.commit().await?;
        Ok(())
    }

    async fn unrated_games(&self, platform: &str, kinds: &[GameKind]) -> StoreResult<Vec<GameId>> {
        let kinds: Vec<&str> = kinds.iter().map(|k| k.id()).collect();
        let rows = sqlx::query(
            "SELECT g.id FROM games g WHERE g.platform = $1 AND g.status = 'over' AND g.kind = ANY($2) \
             AND (SELECT COUNT(*) FROM results r WHERE r.game_id = g.id) = 2 \
             AND NOT EXISTS (SELECT 1 FROM rated_games x WHERE x.game_id = g.id) \
             ORDER BY g.updated_at, g.id",
        )
        .bind(platform)
        .bind(&kinds)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(|r| Ok(GameId(r.try_get("id")?))).collect()
    }

    async fn mark_handled(
        &self,
        key: &MessageKey,
        game: Option<GameId>,
        now: i64,
    ) -> StoreResult<bool> {
        let res = sqlx::query("INSERT INTO handled_messages (platform, message_id, game_id, at) VALUES ($1, $2, $3, $4) \
             ON CONFLICT DO NOTHING")
            .bind(&key.platform)
            .bind(&key.id)
            .bind(game.map(|g| g.0))
            .bind(now)
            .execute(&self.pool)
            .await?;
        Ok(res.rows_affected() == 1)
    }
}
