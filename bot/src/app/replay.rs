//! `/replay`: the game so far (or the chat's last ended one) as an animated GIF, for
//! everyone; the replay attached to the turn that ends a game; the game `/replay`,
//! `/export` and `/luck` are about.

use super::{
    Arc, Attachment, Ctx, GameId, GameRow, GameStatus, GameStore, Lang, Reply, Res, SeatRow,
    Service, ServiceError, UserError, any_game_name, corrupt, tr,
};

impl<S: GameStore> Service<S> {
    /// `/replay`: the running game so far or, when there is none (no live game, or one still
    /// in its lobby), the chat's most recently ended game, as an animated GIF posted
    /// for everyone.
    pub(super) async fn replay_cmd(&self, ctx: &Ctx) -> Res<Reply> {
        let row = self.shown_game(ctx, UserError::NothingToReplay).await?;
        self.unless_secret(&row).await?;
        let seats = self.store.seats(row.id).await?;
        let lang = self.lang_for(ctx).await;
        let (gif, turns) = self
            .replay_gif(&row, &seats, lang)
            .await?
            .ok_or(ServiceError::User(UserError::NoReplays))?;
        let game = any_game_name(row.kind, row.id);
        let text = match row.status {
            GameStatus::Over => tr!(lang, "replay-finished", game = game, turns = turns),
            GameStatus::Abandoned => tr!(lang, "replay-abandoned", game = game, turns = turns),
            _ => tr!(lang, "replay-so-far", game = game, turns = turns),
        };
        let mut reply = Reply::text(text);
        reply.files.push(replay_file(row.id, gif));
        Ok(reply)
    }

    /// The game `/replay`, `/export` and `/luck` are about: the running game here or, when
    /// there is none (no live game, or one still in its lobby), the chat's most recently
    /// ended game (finished, or abandoned once started: [`GameStore::last_ended_game`]);
    /// `none` when there is neither.
    pub(super) async fn shown_game(&self, ctx: &Ctx, none: UserError) -> Res<GameRow> {
        match self.store.live_game(&ctx.scope).await? {
            Some(row) if row.status == GameStatus::Running => Ok(row),
            _ => self
                .store
                .last_ended_game(&ctx.scope)
                .await?
                .ok_or(ServiceError::User(none)),
        }
    }

    /// Refuses a running game with secrets: its record (every action, and so every hedge)
    /// is what some players may not see until the end.
    pub(super) async fn unless_secret(&self, row: &GameRow) -> Res<()> {
        if row.status == GameStatus::Running && self.current_game(row).await?.has_secrets() {
            return Err(UserError::SecretUntilEnd(super::any_game_name(row.kind, row.id)).into());
        }
        Ok(())
    }

    /// Attaches the whole game's replay to the reply of the turn that ended it. The turn is
    /// already committed: a replay that cannot be drawn is logged and left out.
    pub(super) async fn attach_final_replay(
        &self,
        row: &GameRow,
        seats: &[SeatRow],
        reply: &mut Reply,
    ) {
        if row.status != GameStatus::Over {
            return;
        }
        match self.replay_gif(row, seats, reply.lang).await {
            Ok(Some((gif, _))) => reply.files.push(replay_file(row.id, gif)),
            Ok(None) => {}
            Err(ServiceError::User(e)) => tracing::debug!(game = %row.id, "no replay: {e}"),
            Err(ServiceError::Store(e)) => {
                tracing::error!(game = %row.id, error = %e, "drawing the final replay")
            }
        }
    }

    /// A game's replay GIF and its number of turns, drawn off the async threads (one at a
    /// time) or taken from the cache; `None` when this service draws no replays.
    pub(super) async fn replay_gif(
        &self,
        row: &GameRow,
        seats: &[SeatRow],
        lang: Lang,
    ) -> Res<Option<(Arc<Vec<u8>>, usize)>> {
        let Some(draw) = self.replays.clone() else {
            return Ok(None);
        };
        let actions = self.store.actions(row.id, 0).await?;
        let turns = actions.len();
        let cached = || {
            let cache = self.replay_cache.lock().expect("replay cache lock");
            cache
                .iter()
                .find(|(g, t, l, _)| *g == row.id && *t == turns && *l == lang)
                .map(|(_, _, _, gif)| gif.clone())
        };
        if let Some(gif) = cached() {
            return Ok(Some((gif, turns)));
        }
        let _permit = self
            .replay_gate
            .acquire()
            .await
            .expect("the replay gate is never closed");
        // Someone may have drawn it while this waited.
        if let Some(gif) = cached() {
            return Ok(Some((gif, turns)));
        }
        let record =
            super::export::record_of(row, seats, &actions, &any_game_name(row.kind, row.id));
        let drawn = tokio::task::spawn_blocking(move || draw(&record, lang))
            .await
            .map_err(|e| corrupt(row.id, format!("drawing the replay failed: {e}")))?
            .map_err(|e| corrupt(row.id, e))?;
        let Some(gif) = drawn else {
            return Ok(None);
        };
        let gif = Arc::new(gif);
        let mut cache = self.replay_cache.lock().expect("replay cache lock");
        cache.retain(|(g, t, _, _)| *g != row.id || *t == turns);
        if cache.len() >= REPLAYS_KEPT {
            cache.pop_front();
        }
        cache.push_back((row.id, turns, lang, gif.clone()));
        Ok(Some((gif, turns)))
    }
}

/// A game's replay as a file to post.
pub(super) fn replay_file(id: GameId, gif: Arc<Vec<u8>>) -> Attachment {
    Attachment {
        name: format!("labscape-{}-replay.gif", id.0),
        bytes: Arc::unwrap_or_clone(gif),
    }
}

/// A drawn replay: the game, its number of turns, the GIF.
pub(super) type CachedReplay = (GameId, usize, Lang, Arc<Vec<u8>>);

/// Replays kept in memory (the latest, by game).
const REPLAYS_KEPT: usize = 4;
