//! What the two SQL backends (`sqlite.rs`, `postgres.rs`) share: the column lists the
//! queries read, the reading of rows into the store's types, and telling a unique-key
//! violation. The columns and their meaning are the same on SQLite and PostgreSQL; only
//! the row type differs, so each backend expands `row_readers!` with its own.

/// Whether a database error is a unique-key violation (a doubled turn, a taken seat, a
/// second live game in a chat).
pub(super) fn is_unique(e: &sqlx::Error) -> bool {
    e.as_database_error()
        .is_some_and(|d| d.is_unique_violation())
}

/// Defines `game_row`, `timer_row`, `rating_row` and `past_result_row` over rows of `$row`.
macro_rules! row_readers {
    ($row:ty) => {
        fn game_row(r: &$row) -> StoreResult<GameRow> {
            let status: String = r.try_get("status")?;
            let kind: String = r.try_get("kind")?;
            Ok(GameRow {
                id: GameId(r.try_get("id")?),
                scope: ChatScope {
                    platform: r.try_get("platform")?,
                    chat: r.try_get("chat")?,
                    thread: r.try_get("thread")?,
                },
                name: r.try_get("name")?,
                status: GameStatus::from_name(&status)
                    .ok_or_else(|| StoreError::Corrupt(format!("status {status}")))?,
                kind: GameKind::from_id(&kind)
                    .ok_or_else(|| StoreError::Corrupt(format!("game kind {kind}")))?,
                settings: r.try_get("settings")?,
                max_players: r.try_get::<i64, _>("max_players")? as u8,
                seed: r.try_get("seed")?,
                seed_hash: r.try_get("seed_hash")?,
                creator: r.try_get("creator")?,
                turn: r.try_get("turn")?,
                created_at: r.try_get("created_at")?,
                updated_at: r.try_get("updated_at")?,
                timing: Timing {
                    reminder_interval: r.try_get("reminder_interval")?,
                    reminder_limit: r.try_get("reminder_limit")?,
                    deadline: r.try_get("deadline")?,
                    policy: DeadlinePolicy::from_name(&r.try_get::<String, _>("deadline_policy")?)
                        .ok_or_else(|| StoreError::Corrupt("deadline policy".into()))?,
                },
                language: r.try_get("language")?,
                invited: r.try_get("invited")?,
                creator_side: r.try_get("creator_side")?,
            })
        }

        fn timer_row(r: &$row) -> StoreResult<TimerRow> {
            Ok(TimerRow {
                game: GameId(r.try_get("game_id")?),
                turn: r.try_get("turn")?,
                seat: r.try_get::<i64, _>("seat")? as u8,
                user_id: r.try_get("user_id")?,
                waiting_since: r.try_get("waiting_since")?,
                reminders_sent: r.try_get("reminders_sent")?,
                next_reminder: r.try_get("next_reminder")?,
                deadline_at: r.try_get("deadline_at")?,
                stalled: r.try_get("stalled")?,
            })
        }

        fn rating_row(r: &$row) -> StoreResult<RatingRow> {
            let game: String = r.try_get("game")?;
            Ok(RatingRow {
                user_id: r.try_get("user_id")?,
                name: r.try_get("display_name")?,
                game: GameKind::from_id(&game).ok_or_else(|| {
                    StoreError::Corrupt(format!("a rating of an unknown game “{game}”"))
                })?,
                rating: labscape_core::Rating {
                    rating: r.try_get("rating")?,
                    deviation: r.try_get("deviation")?,
                    volatility: r.try_get("volatility")?,
                },
                games: r.try_get("games")?,
                wins: r.try_get("wins")?,
                losses: r.try_get("losses")?,
                draws: r.try_get("draws")?,
            })
        }

        fn past_result_row(r: &$row) -> StoreResult<PastResult> {
            let game: String = r.try_get("kind")?;
            Ok(PastResult {
                game: GameKind::from_id(&game).ok_or_else(|| {
                    StoreError::Corrupt(format!("a result of an unknown game “{game}”"))
                })?,
                user_id: r.try_get("user_id")?,
                name: r.try_get("name")?,
                rank: u8::try_from(r.try_get::<i64, _>("rank")?)
                    .map_err(|_| StoreError::Corrupt("rank".into()))?,
                finish: r.try_get("finish")?,
                extra: r.try_get("extra")?,
            })
        }
    };
}

pub(super) use row_readers;

/// The columns `game_row` reads.
pub(super) const GAME_COLUMNS: &str = "id, platform, chat, thread, name, status, kind, settings, max_players, \
     seed, seed_hash, creator, turn, created_at, updated_at, reminder_interval, reminder_limit, deadline, \
     deadline_policy, language, invited, creator_side";

/// The columns `timer_row` reads, in the order `put_timer` writes them.
pub(super) const TIMER_COLUMNS: &str = "game_id, turn, seat, user_id, waiting_since, reminders_sent, next_reminder, deadline_at, stalled";

/// The columns `rating_row` reads.
pub(super) const RATING_COLUMNS: &str =
    "user_id, display_name, game, rating, deviation, volatility, games, wins, losses, draws";

/// The statement `past_result_row` reads: the people's (not computer players') results in
/// the finished games `filter` picks (over `results r` and `games g`; its placeholders are
/// bound first), oldest game first, each with the name of the person's latest game on the
/// platform (bound last).
pub(super) fn past_results_sql(filter: &str) -> String {
    format!(
        "WITH picked AS (SELECT g.kind AS kind, g.updated_at AS at, g.id AS game_id, \
         r.user_id AS user_id, r.rank AS rank, r.finish AS finish, r.extra AS extra \
         FROM results r JOIN games g ON g.id = r.game_id \
         WHERE {filter} AND g.status = 'over' AND NOT r.computer), \
         names AS (SELECT u.user_id AS user_id, \
         (SELECT r2.display_name FROM results r2 JOIN games g2 ON g2.id = r2.game_id \
         WHERE r2.user_id = u.user_id AND g2.platform = ? \
         ORDER BY g2.updated_at DESC, g2.id DESC LIMIT 1) AS name \
         FROM (SELECT DISTINCT user_id FROM picked) u) \
         SELECT p.kind AS kind, p.user_id AS user_id, n.name AS name, p.rank AS rank, \
         p.finish AS finish, p.extra AS extra \
         FROM picked p JOIN names n ON n.user_id = p.user_id \
         ORDER BY p.at, p.game_id, p.user_id"
    )
}
