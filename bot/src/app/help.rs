//! `/help`, `/rules` and `/table`: answered from the chat's game, for the asker alone.
//! The words are each game's (`games/`).

use super::{Ctx, GameStatus, GameStore, Reply, Res, Service, UserError, any_game_name};
use crate::games::{self, NoTable};

impl<S: GameStore> Service<S> {
    /// `/help`: the commands of the chat's game.
    pub(super) async fn help_cmd(&self, ctx: &Ctx) -> Res<Reply> {
        let lang = self.lang_for(ctx).await;
        let live = self.store.live_game(&ctx.scope).await?;
        let title = live.as_ref().map(|row| any_game_name(row.kind, row.id));
        let playing = live.as_ref().map(|row| row.kind).zip(title.as_deref());
        Ok(Reply::private(games::help(playing, lang)))
    }

    /// `/rules [TOPIC]`: a game's rules (`/rules avanco`), a topic of Labscape's, or the
    /// chat's game's.
    pub(super) async fn rules_cmd(&self, ctx: &Ctx, topic: Option<String>) -> Res<Reply> {
        let lang = self.lang_for(ctx).await;
        let playing = self.store.live_game(&ctx.scope).await?.map(|row| row.kind);
        games::rules(topic.as_deref(), playing, lang)
            .map(Reply::private)
            .ok_or_else(|| {
                let topics =
                    known(games::of(playing.unwrap_or(games::DEFAULT_GAME)).rules_topics());
                UserError::UnknownTopic(topic.unwrap_or_default(), topics).into()
            })
    }

    /// `/table [NAME]`: a printed table, with the running game's numbers.
    pub(super) async fn table_cmd(&self, ctx: &Ctx, name: Option<String>) -> Res<Reply> {
        let live = self.store.live_game(&ctx.scope).await?;
        let running = live.filter(|row| row.status == GameStatus::Running);
        let game = match &running {
            Some(row) => Some(self.current_game(row).await?),
            None => None,
        };
        let lang = self.lang_for(ctx).await;
        match games::table(name.as_deref(), game.as_ref(), lang) {
            Ok(text) => Ok(Reply::private(text)),
            Err(NoTable::Unknown) => {
                let kind = game.as_ref().map_or(games::DEFAULT_GAME, |g| g.kind());
                let tables = known(games::of(kind).table_names());
                Err(UserError::UnknownTable(name.unwrap_or_default(), tables).into())
            }
            Err(NoTable::NotThisGame) => {
                let row = running.expect("a game without tables is running");
                // The game the tables belong to.
                let owner = labscape_core::GameKind::ALL
                    .iter()
                    .copied()
                    .find(|k| games::of(*k).table(None, None, lang).is_ok())
                    .unwrap_or(games::DEFAULT_GAME);
                Err(UserError::OtherGamesVerb {
                    game: any_game_name(row.kind, row.id),
                    owner: owner.name(),
                }
                .into())
            }
        }
    }
}

/// The words a game knows, for a refusal that lists them.
fn known(words: &[&str]) -> String {
    words.join(", ")
}
