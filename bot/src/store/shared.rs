//! What the two SQL stores share word for word: the operations whose statements and
//! reading are the same on SQLite and PostgreSQL, written once, in SQLite's dialect (`?`
//! placeholders). Each backend expands [`shared_methods!`] inside its `GameStore` impl,
//! with its own `query` (PostgreSQL's numbers the placeholders: `$1`, `$2`, …), its own
//! row readers (`row_readers!`), `put_timer`, `owe_post` and `write_tx`. What differs
//! between the dialects (upserts, locking, booleans in aggregates) stays in each backend.

/// The shared operations of [`GameStore`](super::GameStore), as impl items.
macro_rules! shared_methods {
    () => {
        async fn live_game(&self, scope: &ChatScope) -> StoreResult<Option<GameRow>> {
            let row = query(&format!(
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
        async fn last_ended_game(&self, scope: &ChatScope) -> StoreResult<Option<GameRow>> {
            // A game that started has its first snapshot; an abandoned lobby has none.
            let row = query(&format!(
                "SELECT {GAME_COLUMNS} FROM games WHERE platform = ? AND chat = ? AND thread = ? \
                 AND (status = 'over' OR (status = 'abandoned' \
                 AND EXISTS (SELECT 1 FROM snapshots WHERE snapshots.game_id = games.id))) \
                 ORDER BY updated_at DESC, id DESC LIMIT 1"
            ))
            .bind(&scope.platform)
            .bind(&scope.chat)
            .bind(&scope.thread)
            .fetch_optional(&self.pool)
            .await?;
            row.as_ref().map(game_row).transpose()
        }
        async fn game(&self, id: GameId) -> StoreResult<Option<GameRow>> {
            let row = query(&format!("SELECT {GAME_COLUMNS} FROM games WHERE id = ?"))
                .bind(id.0)
                .fetch_optional(&self.pool)
                .await?;
            row.as_ref().map(game_row).transpose()
        }
        async fn running_games(&self) -> StoreResult<Vec<GameId>> {
            let rows = query("SELECT id FROM games WHERE status = 'running' ORDER BY id")
                .fetch_all(&self.pool)
                .await?;
            rows.iter().map(|r| Ok(GameId(r.try_get("id")?))).collect()
        }
        async fn seats(&self, id: GameId) -> StoreResult<Vec<SeatRow>> {
            let rows = query(
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
        async fn start_game(
            &self,
            id: GameId,
            snapshot: &str,
            timer: Option<&TimerRow>,
            now: i64,
        ) -> StoreResult<()> {
            let mut tx = self.write_tx().await?;
            let res = query(
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
            query("INSERT INTO snapshots (game_id, seq, position) VALUES (?, 0, ?)")
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
            query("DELETE FROM outbox WHERE game_id = ? AND turn <= ?")
                .bind(id.0)
                .bind(turn)
                .execute(&self.pool)
                .await?;
            Ok(())
        }
        async fn owed_posts(&self, since_before: i64, now: i64) -> StoreResult<Vec<(GameId, i64)>> {
            // Handed out once per grace period: the debt's clock restarts now.
            let rows =
                query("UPDATE outbox SET since = ? WHERE since <= ? RETURNING game_id, turn")
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
            query("UPDATE games SET status = ?, updated_at = ? WHERE id = ?")
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
            query(
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
            let row = query(&format!(
                "SELECT {TIMER_COLUMNS} FROM turn_timers WHERE game_id = ?"
            ))
            .bind(id.0)
            .fetch_optional(&self.pool)
            .await?;
            row.as_ref().map(timer_row).transpose()
        }
        async fn due_timers(&self, now: i64) -> StoreResult<Vec<TimerRow>> {
            let rows = query(&format!(
                "SELECT {TIMER_COLUMNS} FROM turn_timers WHERE next_reminder <= ? OR deadline_at <= ? ORDER BY game_id"
            ))
            .bind(now)
            .bind(now)
            .fetch_all(&self.pool)
            .await?;
            rows.iter().map(timer_row).collect()
        }
        async fn oldest_owed_post(&self) -> StoreResult<Option<i64>> {
            let row = query("SELECT MIN(since) AS since FROM outbox")
                .fetch_one(&self.pool)
                .await?;
            Ok(row.try_get::<Option<i64>, _>("since")?)
        }
        async fn timers_for_user(&self, user_id: &str) -> StoreResult<Vec<TimerRow>> {
            let rows = query(&format!(
                "SELECT {TIMER_COLUMNS} FROM turn_timers WHERE user_id = ?"
            ))
            .bind(user_id)
            .fetch_all(&self.pool)
            .await?;
            rows.iter().map(timer_row).collect()
        }
        async fn end_by_agreement(&self, end: &AgreedEnd) -> StoreResult<()> {
            let mut tx = self.write_tx().await?;
            if let Err(e) = end_agreed(&mut tx, end).await {
                tx.rollback().await?;
                return Err(e);
            }
            tx.commit().await?;
            Ok(())
        }
        async fn draw_offer(&self, id: GameId) -> StoreResult<Option<DrawOffer>> {
            read_draw_offer(&self.pool, id).await
        }
        async fn set_draw_offer(&self, id: GameId, offer: Option<DrawOffer>) -> StoreResult<()> {
            write_draw_offer(&self.pool, id, offer).await
        }
        async fn results(&self, id: GameId) -> StoreResult<Vec<ResultRow>> {
            let rows = query(
                "SELECT seat, user_id, display_name, computer, rank, finish, extra \
                 FROM results WHERE game_id = ? ORDER BY seat",
            )
            .bind(id.0)
            .fetch_all(&self.pool)
            .await?;
            rows.iter()
                .map(|r| {
                    Ok(ResultRow {
                        seat: r.try_get::<i64, _>("seat")? as u8,
                        user_id: r.try_get("user_id")?,
                        display_name: r.try_get("display_name")?,
                        computer: r.try_get("computer")?,
                        rank: u8::try_from(r.try_get::<i64, _>("rank")?)
                            .map_err(|_| StoreError::Corrupt("rank".into()))?,
                        finish: r.try_get("finish")?,
                        extra: r.try_get("extra")?,
                    })
                })
                .collect()
        }
        async fn chat_results(&self, scope: &ChatScope) -> StoreResult<Vec<PastResult>> {
            let sql = past_results_sql("g.platform = ? AND g.chat = ? AND g.thread = ?");
            let rows = query(&sql)
                .bind(&scope.platform)
                .bind(&scope.chat)
                .bind(&scope.thread)
                .bind(&scope.platform)
                .fetch_all(&self.pool)
                .await?;
            rows.iter().map(past_result_row).collect()
        }
        async fn user_results(&self, platform: &str, user_id: &str) -> StoreResult<Vec<PastResult>> {
            let sql = past_results_sql("g.platform = ? AND r.user_id = ?");
            let rows = query(&sql)
                .bind(platform)
                .bind(user_id)
                .bind(platform)
                .fetch_all(&self.pool)
                .await?;
            rows.iter().map(past_result_row).collect()
        }
        async fn ratings_of(
            &self,
            platform: &str,
            game: GameKind,
            user_ids: &[String],
        ) -> StoreResult<Vec<RatingRow>> {
            let mut out = Vec::new();
            for user in user_ids {
                let row = query(&format!(
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
                query("INSERT INTO rated_games (game_id) VALUES (?) ON CONFLICT DO NOTHING")
                    .bind(game_id.0)
                    .execute(&mut *tx)
                    .await?;
            if marked.rows_affected() == 0 {
                return Ok(RatingSave::AlreadyRated);
            }
            for r in rows {
                let done = if r.games <= 1 {
                    query(
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
                    query(
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
        async fn chat_ratings(
            &self,
            scope: &ChatScope,
            game: GameKind,
            limit: usize,
        ) -> StoreResult<Vec<RatingRow>> {
            let rows = query(&format!(
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
            let rows = query(&format!(
                "SELECT {RATING_COLUMNS} FROM ratings WHERE platform = ? AND user_id = ? ORDER BY game"
            ))
            .bind(platform)
            .bind(user_id)
            .fetch_all(&self.pool)
            .await?;
            rows.iter().map(rating_row).collect()
        }
        async fn actions(&self, id: GameId, after: i64) -> StoreResult<Vec<ActionRow>> {
            let rows = query(
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
            let row = query(
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
            let row = query(
                "SELECT 1 AS x FROM handled_messages WHERE platform = ? AND message_id = ?",
            )
            .bind(&key.platform)
            .bind(&key.id)
            .fetch_optional(&self.pool)
            .await?;
            Ok(row.is_some())
        }
        async fn prefs(&self, platform: &str, user_id: &str) -> StoreResult<UserPrefs> {
            let row = query(
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
            query(
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
            let row = query(
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
            query(
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
    };
}

/// The shared free functions: a finished game's results, and what the players agree
/// outside the rules (a standing offer of a draw, a game ended drawn by agreement), over
/// the backend's connection `$conn` and pool `$pool`.
macro_rules! shared_functions {
    ($conn:ty, $pool:ty) => {
        /// Writes a finished game's results (with each game's own figures) inside a
        /// transaction.
        async fn insert_results(
            tx: &mut $conn,
            game: GameId,
            results: &[ResultRow],
        ) -> StoreResult<()> {
            for r in results {
                query(
                    "INSERT INTO results (game_id, seat, user_id, display_name, computer, rank, finish, extra) \
                     VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                )
                .bind(game.0)
                .bind(i64::from(r.seat))
                .bind(&r.user_id)
                .bind(&r.display_name)
                .bind(r.computer)
                .bind(i64::from(r.rank))
                .bind(&r.finish)
                .bind(&r.extra)
                .execute(&mut *tx)
                .await?;
            }
            Ok(())
        }

        /// The writes of [`GameStore::end_by_agreement`](crate::store::GameStore::end_by_agreement), inside its transaction.
        async fn end_agreed(tx: &mut $conn, end: &AgreedEnd) -> StoreResult<()> {
            if let Some(m) = &end.message {
                let res = query(
                    "INSERT INTO handled_messages (platform, message_id, game_id, at) VALUES (?, ?, ?, ?) \
                     ON CONFLICT DO NOTHING",
                )
                .bind(&m.platform)
                .bind(&m.id)
                .bind(end.game.0)
                .bind(end.at)
                .execute(&mut *tx)
                .await?;
                if res.rows_affected() == 0 {
                    return Err(StoreError::Duplicate);
                }
            }
            let res = query(
                "UPDATE games SET status = 'over', updated_at = ? WHERE id = ? AND turn = ? AND status = 'running'",
            )
            .bind(end.at)
            .bind(end.game.0)
            .bind(end.turn)
            .execute(&mut *tx)
            .await?;
            if res.rows_affected() == 0 {
                return Err(StoreError::Conflict);
            }
            put_timer(tx, end.game, None).await?;
            insert_results(tx, end.game, &end.results).await?;
            query("DELETE FROM draw_offers WHERE game_id = ?")
                .bind(end.game.0)
                .execute(&mut *tx)
                .await?;
            Ok(())
        }

        /// [`GameStore::draw_offer`](crate::store::GameStore::draw_offer).
        async fn read_draw_offer(pool: &$pool, game: GameId) -> StoreResult<Option<DrawOffer>> {
            let row = query("SELECT seat, turn, made_at FROM draw_offers WHERE game_id = ?")
                .bind(game.0)
                .fetch_optional(pool)
                .await?;
            row.map(|r| {
                let seat: i64 = r.try_get("seat")?;
                Ok(DrawOffer {
                    seat: u8::try_from(seat).map_err(|_| StoreError::Corrupt(format!("seat {seat}")))?,
                    turn: r.try_get("turn")?,
                    at: r.try_get("made_at")?,
                })
            })
            .transpose()
        }

        /// [`GameStore::set_draw_offer`](crate::store::GameStore::set_draw_offer).
        async fn write_draw_offer(
            pool: &$pool,
            game: GameId,
            offer: Option<DrawOffer>,
        ) -> StoreResult<()> {
            match offer {
                None => {
                    query("DELETE FROM draw_offers WHERE game_id = ?")
                        .bind(game.0)
                        .execute(pool)
                        .await?;
                }
                Some(o) => {
                    query(
                        "INSERT INTO draw_offers (game_id, seat, turn, made_at) VALUES (?, ?, ?, ?) \
                         ON CONFLICT (game_id) DO UPDATE SET seat = excluded.seat, turn = excluded.turn, \
                         made_at = excluded.made_at",
                    )
                    .bind(game.0)
                    .bind(i64::from(o.seat))
                    .bind(o.turn)
                    .bind(o.at)
                    .execute(pool)
                    .await?;
                }
            }
            Ok(())
        }
    };
}

pub(super) use {shared_functions, shared_methods};
