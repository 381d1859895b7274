//! `/luck`: the dice of the game `/replay` would show against fair dice, posted for
//! everyone; a game without dice says so.

use super::{Ctx, Reply, Res, Service, corrupt, messages::UserError};
use crate::{
    games::{self},
    store::GameStore,
};

impl<S: GameStore> Service<S> {
    /// `/luck`: the dice of the game `/replay` would show against fair dice, posted for
    /// everyone (a game without dice says so, privately).
    pub(super) async fn luck_cmd(&self, ctx: &Ctx) -> Res<Reply> {
        let row = self.shown_game(ctx, UserError::NoDiceYet).await?;
        let record = self.record(&row).await?;
        let lang = self.public_lang(ctx, Some(&row)).await;
        match games::of(row.kind).luck(&record, lang) {
            Some(text) => Ok(Reply::text(text.map_err(|e| corrupt(row.id, e))?)),
            None => Err(UserError::NoDiceInGame(record.title).into()),
        }
    }
}
