//! `/resign`: a player of a two-player game gives it up, and the other wins. The rules of
//! Soccolot and SAGES leave resigning to the bot (their positions have no such action);
//! every game of two players whose profile allows it takes it, answered in the game's chat.
//!
//! The game ends as a draw by agreement does (`early_end.rs`): its status and its results,
//! the position as it stood. It is rated as a win for the other player.

use super::{
    Ctx, GameStatus, GameStore, MessageKey, Reply, Res, Service, UserError, any_game_name,
    early_end::{RESIGNED, in_game_chat, me_and_other},
};
use crate::{
    games,
    i18n::tr,
    store::{AgreedEnd, GameRow, ResultRow, SeatRow},
};

impl<S: GameStore> Service<S> {
    /// `/resign`: the asker gives up the chat's game; the other player wins.
    pub(super) async fn resign_cmd(&self, ctx: &Ctx, key: Option<MessageKey>) -> Res<Reply> {
        let row = self.game_for(ctx).await?;
        if row.status == GameStatus::Lobby {
            return Err(UserError::NotStarted.into());
        }
        let title = any_game_name(row.kind, row.id);
        if !games::of(row.kind).profile().may_resign {
            return Err(UserError::NoResigning(title).into());
        }
        let slot = self.slot(row.id);
        let mut guard = slot.lock().await;
        let row = self.locked_row(row, &guard).await?;
        if row.status != GameStatus::Running {
            return Err(UserError::NoGame.into());
        }
        let seats = self.seats_at(&row, &guard).await?;
        let Some((me, other)) = me_and_other(&seats, &ctx.user_id)? else {
            return Err(UserError::NoResigning(title).into());
        };
        let end = AgreedEnd {
            game: row.id,
            turn: row.turn,
            results: resigned(me, other),
            message: key,
            at: self.clock.now(),
        };
        self.store.end_by_agreement(&end).await?;
        // The game is over: nothing of it stays cached as running.
        *guard = None;
        drop(guard);
        let lang = self.chat_lang(&row.scope, Some(&row)).await;
        let over = GameRow {
            status: GameStatus::Over,
            ..row.clone()
        };
        let text = tr!(
            lang,
            "resign-done",
            who = me.display_name.as_str(),
            other = other.display_name.as_str(),
            game = title.as_str()
        );
        let reply = self.ended_early_reply(&over, &seats, text, lang).await;
        Ok(in_game_chat(ctx, &row, reply, lang))
    }
}

/// The one who resigned placed second, the other first.
fn resigned(me: &SeatRow, other: &SeatRow) -> Vec<ResultRow> {
    let mut results: Vec<ResultRow> = [(other, 1, "won"), (me, 2, RESIGNED)]
        .into_iter()
        .map(|(s, rank, finish)| ResultRow {
            seat: s.seat,
            user_id: s.user_id.clone(),
            display_name: s.display_name.clone(),
            computer: s.policy.is_some(),
            rank,
            finish: finish.to_string(),
            extra: None,
        })
        .collect();
    results.sort_by_key(|r| r.seat);
    results
}
