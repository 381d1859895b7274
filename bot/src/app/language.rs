//! Which language a reply is in: the reader's own choice, the chat's, the platform's
//! locale, English.

use super::{ChatScope, Ctx, GameRow, GameStore, Lang, Service};

impl<S: GameStore> Service<S> {
    /// The language of a public post in `ctx`'s chat about `game` (the chat's default,
    /// else the game's): without a game, the chat's live game's, else its last ended
    /// one's, so a Portuguese group keeps Portuguese after its game ends.
    pub(super) async fn public_lang(&self, ctx: &Ctx, game: Option<&GameRow>) -> Lang {
        let recent = match game {
            Some(_) => None,
            None => match self.store.live_game(&ctx.scope).await.ok().flatten() {
                Some(live) => Some(live),
                None => self.store.last_ended_game(&ctx.scope).await.ok().flatten(),
            },
        };
        self.chat_lang(&ctx.scope, game.or(recent.as_ref())).await
    }

    /// The language of a private reply to `ctx`'s user: their `/me lang` choice, else
    /// their platform's locale, else the chat's language (see [`Service::chat_lang`]).
    pub async fn lang_for(&self, ctx: &Ctx) -> Lang {
        if let Some(l) = self.own_lang(ctx).await {
            return l;
        }
        let live = self.store.live_game(&ctx.scope).await.ok().flatten();
        self.chat_lang(&ctx.scope, live.as_ref()).await
    }

    /// The user's own language, if known: their `/me lang` choice, else their platform's.
    pub(super) async fn own_lang(&self, ctx: &Ctx) -> Option<Lang> {
        let chosen = self
            .store
            .prefs(&ctx.scope.platform, &ctx.user_id)
            .await
            .ok()
            .and_then(|p| p.language)
            .and_then(|l| Lang::from_tag(&l));
        chosen.or_else(|| ctx.locale.as_deref().and_then(Lang::from_tag))
    }

    /// The chat's default language, if one was chosen.
    pub(super) async fn chat_default(&self, scope: &ChatScope) -> Option<Lang> {
        self.store
            .chat_language(scope)
            .await
            .ok()
            .flatten()
            .and_then(|l| Lang::from_tag(&l))
    }

    /// The language of public messages in a chat (turn posts, lobby, reminders, the turn
    /// image): the chat's default (`/settings language`), else the language of whoever
    /// created `game`, else English.
    pub async fn chat_lang(&self, scope: &ChatScope, game: Option<&GameRow>) -> Lang {
        self.chat_default(scope)
            .await
            .or_else(|| {
                game.and_then(|g| g.language.as_deref())
                    .and_then(Lang::from_tag)
            })
            .unwrap_or_default()
    }
}
