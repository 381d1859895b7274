//! `/myview`: the asker's own view of the chat's game, for them alone — what the 🔒 button
//! under a post gives, for where no button can be pressed (local play's terminal) or
//! where typing is quicker. It changes nothing.

use super::{Ctx, GameStatus, GameStore, Reply, Res, Service, UserError};

impl<S: GameStore> Service<S> {
    /// `/myview`: the asker's prompt in the running game ([`Service::prompt`]): their view
    /// and hand, with their buttons when it is their turn, never where others read
    /// (`Visibility::Secret`). Refused when no game runs, when the asker has no seat, and
    /// when their view holds nothing more than the group's.
    pub(super) async fn my_view_cmd(&self, ctx: &Ctx) -> Res<Reply> {
        let row = self.game_for(ctx).await?;
        if row.status == GameStatus::Lobby {
            return Err(UserError::NotStarted.into());
        }
        self.prompt(ctx, &row).await
    }
}
