//! What the players agree outside the rules: a standing offer of a draw, and a game ended
//! drawn by agreement (its results with it, in one transaction); and the results rows every
//! ending writes.

use sqlx::{Row, SqliteConnection, SqlitePool};

use super::{is_unique, put_timer};
use crate::store::{AgreedEnd, DrawOffer, GameId, ResultRow, StoreError, StoreResult};

/// Writes a finished game's results (and Labscape's counts) inside a transaction.
pub(super) async fn insert_results(
    tx: &mut SqliteConnection,
    game: GameId,
    results: &[ResultRow],
) -> StoreResult<()> {
    for r in results {
        sqlx::query(
            "INSERT INTO results (game_id, seat, user_id, display_name, computer, rank, finish) \
             VALUES (?, ?, ?, ?, ?, ?, ?)",
        )
        .bind(game.0)
        .bind(i64::from(r.seat))
        .bind(&r.user_id)
        .bind(&r.display_name)
        .bind(r.computer)
        .bind(i64::from(r.rank))
        .bind(&r.finish)
        .execute(&mut *tx)
        .await?;
        if let Some(t) = &r.tally {
            sqlx::query(
                "INSERT INTO labscape_results (game_id, seat, food, time, caught_by_robot) \
                 VALUES (?, ?, ?, ?, ?)",
            )
            .bind(game.0)
            .bind(i64::from(r.seat))
            .bind(t.food)
            .bind(t.time)
            .bind(t.caught_by_robot)
            .execute(&mut *tx)
            .await?;
        }
    }
    Ok(())
}

/// See [`GameStore::end_by_agreement`](crate::store::GameStore::end_by_agreement).
pub(super) async fn end_by_agreement(
    tx: &mut SqliteConnection,
    end: &AgreedEnd,
) -> StoreResult<()> {
    if let Some(m) = &end.message {
        let res = sqlx::query(
            "INSERT INTO handled_messages (platform, message_id, game_id, at) VALUES (?, ?, ?, ?)",
        )
        .bind(&m.platform)
        .bind(&m.id)
        .bind(end.game.0)
        .bind(end.at)
        .execute(&mut *tx)
        .await;
        match res {
            Err(e) if is_unique(&e) => return Err(StoreError::Duplicate),
            Err(e) => return Err(e.into()),
            Ok(_) => {}
        }
    }
    let res = sqlx::query(
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
    sqlx::query("DELETE FROM draw_offers WHERE game_id = ?")
        .bind(end.game.0)
        .execute(&mut *tx)
        .await?;
    Ok(())
}

/// See [`GameStore::draw_offer`](crate::store::GameStore::draw_offer).
pub(super) async fn draw_offer(pool: &SqlitePool, game: GameId) -> StoreResult<Option<DrawOffer>> {
    let row = sqlx::query("SELECT seat, turn, made_at FROM draw_offers WHERE game_id = ?")
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

/// See [`GameStore::set_draw_offer`](crate::store::GameStore::set_draw_offer).
pub(super) async fn set_draw_offer(
    pool: &SqlitePool,
    game: GameId,
    offer: Option<DrawOffer>,
) -> StoreResult<()> {
    match offer {
        None => {
            sqlx::query("DELETE FROM draw_offers WHERE game_id = ?")
                .bind(game.0)
                .execute(pool)
                .await?;
        }
        Some(o) => {
            sqlx::query(
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
