//! `/abandon`: the creator (or a chat admin) ends a game; its seed is told, so every roll
//! can be checked.

use super::{Ctx, Deed, GameStatus, GameStore, Reply, Res, Service, UserError, any_game_name, tr};

impl<S: GameStore> Service<S> {
    pub(super) async fn abandon(&self, ctx: &Ctx) -> Res<Reply> {
        let row = self.live(&ctx.scope).await?;
        if row.creator != ctx.user_id && !ctx.is_admin {
            return Err(UserError::NotCreatorOrAdmin(Deed::Abandon).into());
        }
        let slot = self.slot(row.id);
        let mut guard = slot.lock().await;
        self.store
            .set_status(row.id, GameStatus::Abandoned, self.clock.now())
            .await?;
        // A turn waiting for the lock reads the game again, and finds it abandoned.
        *guard = None;
        let lang = self.chat_lang(&ctx.scope, Some(&row)).await;
        let mut text = tr!(
            lang,
            "game-abandoned",
            game = any_game_name(row.kind, row.id)
        );
        if row.status == GameStatus::Running {
            text.push(' ');
            let dice = crate::games::of(row.kind).profile().has_dice;
            text.push_str(&tr!(
                lang,
                if dice {
                    "game-abandoned-seed"
                } else {
                    "game-abandoned-seed-plain"
                },
                seed = row.seed.as_str(),
                hash = row.seed_hash.as_str()
            ));
        }
        Ok(Reply::text(text))
    }
}
