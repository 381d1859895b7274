//! A game's view on request (Labscape's `/walls`): the chat's game as it stands, or its
//! last finished one, answered to the asker alone. Nothing is stored or changed.

use super::{Ctx, GameStatus, GameStore, Reply, Res, Service, UserError, any_game_name};
use crate::games;

impl<S: GameStore> Service<S> {
    /// `/WORD` for one of a game's views on request: refused in a chat whose game does not
    /// have it (naming the game that does), and before the game starts.
    pub(super) async fn look_cmd(&self, ctx: &Ctx, word: &str) -> Res<Reply> {
        let row = self.live_or_last(&ctx.scope).await?;
        let module = games::of(row.kind);
        let title = any_game_name(row.kind, row.id);
        if !module.looks().iter().any(|(w, _)| *w == word) {
            let owner = games::owner_of_look(word).unwrap_or(games::DEFAULT_GAME);
            return Err(UserError::OtherGamesVerb {
                game: title,
                owner: owner.name(),
            }
            .into());
        }
        if row.status == GameStatus::Lobby {
            return Err(UserError::NotStarted.into());
        }
        let game = super::audience::shown(
            &self.current_game(&row).await?,
            labscape_core::Audience::Public,
        );
        let lang = self.lang_for(ctx).await;
        let look = module
            .look(&game, word, &title, lang)
            .expect("a game answers the views it lists");
        let mut reply = Reply::private(look.text);
        reply.image = look.image;
        reply.lang = lang;
        Ok(reply)
    }
}
