//! Playing in private (a game's secrets): which game a command sent in private acts on,
//! and a private player's prompt on request (the "your move" button of the public post,
//! a Telegram private chat opened with Start). What may be read by whom is `audience.rs`.

use labscape_core::{Audience, Seat};

use super::{
    Ctx, GameRow, GameStatus, GameStore, LiveSummary, Reply, Res, Service, ServiceError, UserError,
    audience,
    turns::{Played, names},
};
use crate::games;

impl<S: GameStore> Service<S> {
    /// The game a turn acts on: the chat's live game, or, for a command sent in private
    /// where no game lives (a private chat with the bot), the running game in which the
    /// sender plays in private and is awaited.
    pub(super) async fn game_for(&self, ctx: &Ctx) -> Res<GameRow> {
        if let Some(row) = self.store.live_game(&ctx.scope).await? {
            return Ok(row);
        }
        if ctx.private
            && let Some((row, _)) = self.private_game(ctx).await?
        {
            return Ok(row);
        }
        Err(self.no_live_game(&ctx.scope).await)
    }

    /// [`Service::live_summary`] of the game a command from `ctx` acts on (see
    /// [`Service::game_for`]), for an adapter checking a button before it asks.
    pub async fn live_summary_for(&self, ctx: &Ctx) -> Option<LiveSummary> {
        let row = self.game_for(ctx).await.ok()?;
        Some(LiveSummary::of(&row))
    }

    /// The running game (and the seat) in which the sender acts from a private chat and is
    /// awaited, on the sender's platform.
    async fn private_game(&self, ctx: &Ctx) -> Res<Option<(GameRow, Seat)>> {
        for t in self.store.timers_for_user(&ctx.user_id).await? {
            let Some(row) = self.store.game(t.game).await? else {
                continue;
            };
            if row.scope.platform != ctx.scope.platform || row.status != GameStatus::Running {
                continue;
            }
            let game = self.current_game(&row).await?;
            if audience::acts_from_private(&game, Seat(t.seat)) {
                return Ok(Some((row, Seat(t.seat))));
            }
        }
        Ok(None)
    }

    /// The prompt of the asker, whose view of `row` holds more than the group's (they play
    /// in private, or hold a hand): their view of the game as it stands, with their buttons
    /// when it is their turn, for them alone.
    pub(super) async fn prompt(&self, ctx: &Ctx, row: &GameRow) -> Res<Reply> {
        let seats = self.store.seats(row.id).await?;
        let me = seats
            .iter()
            .find(|s| s.user_id == ctx.user_id)
            .ok_or(ServiceError::User(UserError::NotSeated))?;
        let game = self.current_game(row).await?;
        if !audience::sees_more(&game, Seat(me.seat)) {
            return Err(UserError::NothingPrivate.into());
        }
        let lang = self.lang_for(ctx).await;
        let mut reply = self
            .post_for(
                row,
                &seats,
                &game,
                &Played::default(),
                None,
                Audience::Seat(Seat(me.seat)),
                lang,
            )
            .await;
        if game.to_move() == Some(Seat(me.seat)) {
            reply.buttons = games::of(row.kind).buttons(&game, lang);
        }
        reply.names = names(&seats);
        Ok(reply)
    }

    /// The prompt waiting for the sender in private, if any (a Telegram private chat just
    /// opened with Start): the game where they play in private and are awaited.
    pub async fn waiting_prompt(&self, ctx: &Ctx) -> Option<Reply> {
        let (row, _) = self.private_game(ctx).await.ok()??;
        self.prompt(ctx, &row).await.ok()
    }
}
