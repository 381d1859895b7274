//! The lobby's seats: `/join` (a challenge's seat only for the one it is addressed to),
//! `/leave`, `/addbot` (a computer player the game offers).

use super::{
    Ctx, Deed, GameId, GameStatus, GameStore, Reply, Res, SeatRow, Service, StoreError, UserError,
    any_game_name, cap_name, tr,
};
use crate::games;

impl<S: GameStore> Service<S> {
    pub(super) async fn lobby_list(&self, id: GameId) -> Res<String> {
        let seats = self.store.seats(id).await?;
        Ok(seats
            .iter()
            .map(|s| s.display_name.as_str())
            .collect::<Vec<_>>()
            .join(", "))
    }

    pub(super) async fn join(&self, ctx: &Ctx) -> Res<Reply> {
        let row = self.live(&ctx.scope).await?;
        // A full lobby, or a game under way, is no news to someone already in it.
        if self
            .store
            .seats(row.id)
            .await?
            .iter()
            .any(|s| s.user_id == ctx.user_id)
        {
            return Err(UserError::AlreadySeated.into());
        }
        if row.status != GameStatus::Lobby {
            return Err(UserError::AlreadyStarted.into());
        }
        if let Some(invited) = &row.invited
            && row.creator != ctx.user_id
            && !is_invited(invited, ctx)
        {
            return Err(UserError::NotInvited(invited.clone()).into());
        }
        let seat = SeatRow {
            seat: 0,
            user_id: ctx.user_id.clone(),
            display_name: cap_name(&ctx.user_name),
            policy: None,
        };
        match self.store.add_seat(row.id, &seat, row.max_players).await {
            Err(StoreError::AlreadySeated) => return Err(UserError::AlreadySeated.into()),
            Ok(false) => return Err(UserError::Full(row.max_players).into()),
            r => r?,
        };
        let list = self.lobby_list(row.id).await?;
        let lang = self.chat_lang(&ctx.scope, Some(&row)).await;
        Ok(Reply::text(tr!(
            lang,
            "lobby-joined",
            who = seat.display_name.as_str(),
            game = any_game_name(row.kind, row.id),
            seats = list
        )))
    }

    pub(super) async fn add_bot(&self, ctx: &Ctx, policy: Option<String>) -> Res<Reply> {
        let row = self.live(&ctx.scope).await?;
        if row.status != GameStatus::Lobby {
            return Err(UserError::AlreadyStarted.into());
        }
        if row.creator != ctx.user_id {
            return Err(UserError::NotCreator(Deed::AddBots).into());
        }
        if let Some(invited) = &row.invited {
            return Err(UserError::NotInvited(invited.clone()).into());
        }
        let policy = games::of(row.kind)
            .policy(policy.as_deref())
            .map_err(|(name, known)| UserError::UnknownPolicy(name, known))?;
        let n = self.store.seats(row.id).await?.len() + 1;
        let seat = SeatRow {
            seat: 0,
            user_id: format!("bot:{policy}:{n}"),
            display_name: format!("Bot {n} ({policy})"),
            policy: Some(policy),
        };
        if !self.store.add_seat(row.id, &seat, row.max_players).await? {
            return Err(UserError::Full(row.max_players).into());
        }
        let list = self.lobby_list(row.id).await?;
        let lang = self.chat_lang(&ctx.scope, Some(&row)).await;
        Ok(Reply::text(tr!(
            lang,
            "lobby-bot-joined",
            who = seat.display_name.as_str(),
            seats = list
        )))
    }

    pub(super) async fn leave(&self, ctx: &Ctx) -> Res<Reply> {
        let row = self.live(&ctx.scope).await?;
        if row.status != GameStatus::Lobby {
            return Err(UserError::CannotLeave.into());
        }
        if !self.store.remove_seat(row.id, &ctx.user_id).await? {
            return Err(UserError::NotSeated.into());
        }
        let seats = self.store.seats(row.id).await?;
        let lang = self.chat_lang(&ctx.scope, Some(&row)).await;
        if seats.iter().all(|s| s.policy.is_some()) {
            self.store
                .set_status(row.id, GameStatus::Abandoned, self.clock.now())
                .await?;
            return Ok(Reply::text(tr!(
                lang,
                "lobby-left-closed",
                who = cap_name(&ctx.user_name),
                game = any_game_name(row.kind, row.id)
            )));
        }
        let list = self.lobby_list(row.id).await?;
        Ok(Reply::text(tr!(
            lang,
            "lobby-left",
            who = cap_name(&ctx.user_name),
            game = any_game_name(row.kind, row.id),
            seats = list
        )))
    }
}

/// Whether `ctx`'s user is the one a challenge is addressed to: by user id, or by handle
/// (`@bo`, case aside).
pub(super) fn is_invited(invited: &str, ctx: &Ctx) -> bool {
    if invited == ctx.user_id {
        return true;
    }
    let Some(handle) = invited.strip_prefix('@') else {
        return false;
    };
    ctx.handle
        .as_deref()
        .is_some_and(|h| h.trim_start_matches('@').eq_ignore_ascii_case(handle))
        || ctx.user_id.eq_ignore_ascii_case(handle)
}
