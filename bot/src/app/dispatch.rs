//! From a command to the code that answers it: the one `match` over [`Command`].

use super::{
    Command, Ctx, DRAW_NO, DRAW_YES, DrawAnswer, GameStore, MessageKey, Reply, Res, Service,
    ServiceError, UserError,
};

impl<S: GameStore> Service<S> {
    pub(super) async fn dispatch(&self, ctx: &Ctx, cmd: Command) -> Res<Reply> {
        let key = ctx.delivery.as_ref().map(|id| MessageKey {
            platform: ctx.scope.platform.clone(),
            id: id.clone(),
        });
        // A turn finds a retried delivery when it commits (the store refuses its key), or
        // when it is refused (below): the usual turn reads nothing for it.
        let is_turn = matches!(cmd, Command::Play { .. } | Command::Press { .. });
        if let Some(k) = &key
            && !is_turn
            && self.store.handled(k).await?
        {
            return Err(UserError::AlreadyHandled.into());
        }
        let reply = match cmd {
            Command::Help => return self.help_cmd(ctx).await,
            Command::Rules(t) => return self.rules_cmd(ctx, t).await,
            Command::Table(t) => return self.table_cmd(ctx, t).await,
            Command::Status => return self.status(ctx).await,
            Command::Look(word) => return self.look_cmd(ctx, &word).await,
            Command::MyView => return self.my_view_cmd(ctx).await,
            Command::Log(n) => return self.log(ctx, n.unwrap_or(10)).await,
            Command::Play { action, .. } if action.trim().eq_ignore_ascii_case("snooze") => {
                return self.snooze(ctx).await;
            }
            Command::Play { action, .. } if action.trim().eq_ignore_ascii_case(DRAW_YES) => {
                self.draw_cmd(ctx, DrawAnswer::Yes, key.clone()).await?
            }
            Command::Play {
                action,
                expected_turn,
            } => {
                let played = self.play(ctx, &action, expected_turn, key.clone()).await;
                return self.unless_handled(played, key.as_ref()).await;
            }
            Command::Press { game, turn, action } => {
                let pressed = self.press(ctx, game, turn, &action, key.clone()).await;
                return self.unless_handled(pressed, key.as_ref()).await;
            }
            Command::Snooze => return self.snooze(ctx).await,
            Command::Recap => return self.recap(ctx).await,
            Command::Replay => return self.replay_cmd(ctx).await,
            Command::Export => return self.export_cmd(ctx).await,
            Command::Luck => return self.luck_cmd(ctx).await,
            Command::Records(of) => return self.records_cmd(ctx, of).await,
            Command::Me(args) => self.me(ctx, &args).await?,
            Command::Away(until) => self.away(ctx, until.as_deref()).await?,
            Command::Settings(args) => self.settings_cmd(ctx, &args).await?,
            Command::New(o) => self.new_game(ctx, o).await?,
            Command::Join => self.join(ctx).await?,
            Command::Leave => self.leave(ctx).await?,
            Command::AddBot(p) => self.add_bot(ctx, p).await?,
            Command::Start => self.start(ctx).await?,
            Command::Abandon => self.abandon(ctx).await?,
            Command::Draw(answer) => self.draw_cmd(ctx, answer, key.clone()).await?,
            Command::Resign => self.resign_cmd(ctx, key.clone()).await?,
        };
        if let Some(k) = &key {
            self.store.mark_handled(k, None, self.clock.now()).await?;
        }
        Ok(reply)
    }

    /// A button pressed under the post of `game`'s `turn`.
    async fn press(
        &self,
        ctx: &Ctx,
        game: i64,
        turn: i64,
        action: &str,
        key: Option<MessageKey>,
    ) -> Res<Reply> {
        let Some(row) = self.game_for(ctx).await.ok().filter(|r| r.id.0 == game) else {
            return Err(UserError::MovedOn.into());
        };
        if action.trim().eq_ignore_ascii_case("snooze") {
            return self.snooze(ctx).await;
        }
        if action == super::PROMPT {
            return self.prompt(ctx, &row).await;
        }
        if let Some(answer) = match action {
            DRAW_YES => Some(DrawAnswer::Yes),
            DRAW_NO => Some(DrawAnswer::No),
            _ => None,
        } {
            let reply = self.draw_cmd(ctx, answer, key.clone()).await?;
            if let Some(k) = &key {
                self.store
                    .mark_handled(k, Some(row.id), self.clock.now())
                    .await?;
            }
            return Ok(reply);
        }
        // The live game, read once: the turn plays on it; the button carries the game's
        // short form of the action.
        let action = crate::games::of(row.kind).action_of(action).into_owned();
        self.play_on(ctx, row, &action, Some(turn), key).await
    }

    /// A refused turn whose delivery was handled before is that delivery again (a
    /// platform's retry, after its turn moved the game on): said as such.
    async fn unless_handled(&self, played: Res<Reply>, key: Option<&MessageKey>) -> Res<Reply> {
        match (played, key) {
            (Err(ServiceError::User(e)), Some(k)) if !matches!(e, UserError::AlreadyHandled) => {
                if self.store.handled(k).await? {
                    Err(UserError::AlreadyHandled.into())
                } else {
                    Err(e.into())
                }
            }
            (played, _) => played,
        }
    }
}
