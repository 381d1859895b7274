//! What a chat asks about a game: `/status`, `/log`, `/recap`, `/replay` and the replay
//! attached at a game's end.

use super::{
    ActionRow, Arc, Attachment, Ctx, Event, GameId, GameKind, GameRow, GameStatus, GameStore, Lang,
    Reply, Res, SeatRow, Service, ServiceError, StoreError, UserError, Visibility, any_game_name,
    any_history,
    lobby::variant,
    record_of, timers, tr,
    turns::{Played, names as display_names},
};
use crate::games::GameRecord;

impl<S: GameStore> Service<S> {
    pub(super) async fn status(&self, ctx: &Ctx) -> Res<Reply> {
        let row = self.live(&ctx.scope).await?;
        let lang = self.lang_for(ctx).await;
        if row.kind != GameKind::Labscape {
            return if row.status == GameStatus::Lobby {
                self.any_lobby_status(&row, lang).await
            } else {
                self.any_status(&row, lang).await
            };
        }
        if row.status == GameStatus::Lobby {
            let seats = self.store.seats(row.id).await?;
            return Ok(Reply::private(tr!(
                lang,
                "lobby-status",
                game = any_game_name(row.kind, row.id),
                layout = variant(&row)?.layout.source(),
                difficulty =
                    crate::games::labscape::difficulty_name(variant(&row)?.difficulty, lang),
                setup = crate::games::labscape::setup_name(variant(&row)?.setup.name(), lang),
                taken = seats.len(),
                max = row.max_players,
                seats = seats
                    .iter()
                    .map(|s| s.display_name.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            )));
        }
        let game = self.current_game(&row).await?;
        let pos = labscape_position(&row, &game)?.clone();
        let seats = self.store.seats(row.id).await?;
        let mut reply = self
            .turn_reply(&row, &seats, &game, Played::default(), lang)
            .await;
        let notes = self.away_notes(&row, &seats, lang).await?;
        let mut text = crate::games::labscape::status(
            &any_game_name(row.kind, row.id),
            row.turn,
            &pos,
            &notes,
            lang,
        );
        if let Some(t) = self.store.timer(row.id).await? {
            let who = self.who(&row.scope.platform, &t.user_id).await?;
            text.push('\n');
            text.push_str(&tr!(
                lang,
                "status-waiting-since",
                since = timers::format_time(t.waiting_since, who.tz, lang)
            ));
            if let Some(d) = t.deadline_at {
                text.push_str(&tr!(
                    lang,
                    "status-deadline",
                    at = timers::format_time(d, who.tz, lang)
                ));
            }
        }
        reply.text = text;
        reply.mention.clear();
        reply.posts_turn = None;
        Ok(reply)
    }

    pub(super) async fn log(&self, ctx: &Ctx, n: usize) -> Res<Reply> {
        let row = self.live(&ctx.scope).await?;
        if row.status == GameStatus::Lobby {
            return Err(UserError::NotStarted.into());
        }
        if row.kind != GameKind::Labscape {
            return self.any_log(ctx, &row, n).await;
        }
        let seats = self.store.seats(row.id).await?;
        let (actions, per_turn) = self.replay(&row, &seats).await?;
        let names = display_names(&seats);
        let lang = self.lang_for(ctx).await;
        let start = actions.len().saturating_sub(n);
        let mut text = tr!(
            lang,
            "log-heading",
            game = any_game_name(row.kind, row.id),
            count = actions.len() - start
        );
        for (i, a) in actions.iter().enumerate().skip(start) {
            let who = names
                .get(usize::from(a.seat))
                .map(String::as_str)
                .unwrap_or("?");
            let auto = any_history::automatic_note(a, lang);
            let story = crate::games::labscape::describe(&per_turn[i + 1], &names, lang).join(" ");
            text.push_str(&format!("\n#{} {who}: {}{auto} — {story}", a.seq, a.action));
        }
        if actions.is_empty() {
            text.push('\n');
            text.push_str(&tr!(lang, "log-empty"));
        }
        Ok(Reply::private(text))
    }

    pub(super) async fn recap(&self, ctx: &Ctx) -> Res<Reply> {
        let row = self.live(&ctx.scope).await?;
        if row.status == GameStatus::Lobby {
            return Err(UserError::NotStarted.into());
        }
        if row.kind != GameKind::Labscape {
            return self.any_recap(ctx, &row).await;
        }
        let seats = self.store.seats(row.id).await?;
        let me = seats
            .iter()
            .find(|s| s.user_id == ctx.user_id)
            .ok_or(ServiceError::User(UserError::NotSeated))?;
        let (actions, per_turn) = self.replay(&row, &seats).await?;
        let since = actions
            .iter()
            .rposition(|a| a.seat == me.seat)
            .map_or(0, |i| i + 1);
        let names = display_names(&seats);
        let lang = self.lang_for(ctx).await;
        let mut text = tr!(lang, "recap-since", game = any_game_name(row.kind, row.id));
        if since == 0 {
            text = tr!(lang, "recap-all", game = any_game_name(row.kind, row.id));
            for line in crate::games::labscape::describe(&per_turn[0], &names, lang) {
                text.push('\n');
                text.push_str(&line);
            }
        }
        for (i, a) in actions.iter().enumerate().skip(since) {
            let who = names
                .get(usize::from(a.seat))
                .map(String::as_str)
                .unwrap_or("?");
            let auto = any_history::automatic_note(a, lang);
            text.push_str(&format!(
                "\n#{} {who}{auto}: {}",
                a.seq,
                crate::games::labscape::describe(&per_turn[i + 1], &names, lang).join(" ")
            ));
        }
        if since == actions.len() && since > 0 {
            text.push('\n');
            text.push_str(&tr!(lang, "recap-nothing"));
        }
        let game = self.current_game(&row).await?;
        let pos = labscape_position(&row, &game)?.clone();
        let mut reply = self
            .turn_reply(&row, &seats, &game, Played::default(), lang)
            .await;
        reply.text = format!("{text}\n{}", crate::games::labscape::next_up(&pos, lang));
        reply.visibility = Visibility::Private;
        reply.mention.clear();
        reply.posts_turn = None;
        reply.quick.clear();
        Ok(reply)
    }

    /// `/replay`: the running game so far or, when there is none (no live game, or one still
    /// in its lobby), the chat's most recently finished game, as an animated GIF posted
    /// for everyone.
    pub(super) async fn replay_cmd(&self, ctx: &Ctx) -> Res<Reply> {
        let row = self.shown_game(ctx, UserError::NothingToReplay).await?;
        let seats = self.store.seats(row.id).await?;
        let lang = self.lang_for(ctx).await;
        let (gif, turns) = self
            .replay_gif(&row, &seats, lang)
            .await?
            .ok_or(ServiceError::User(UserError::NoReplays))?;
        let game = any_game_name(row.kind, row.id);
        let text = if row.status == GameStatus::Over {
            tr!(lang, "replay-finished", game = game, turns = turns)
        } else {
            tr!(lang, "replay-so-far", game = game, turns = turns)
        };
        let mut reply = Reply::text(text);
        reply.files.push(replay_file(row.id, gif));
        Ok(reply)
    }

    /// The game `/replay`, `/export` and `/luck` are about: the running game here or, when
    /// there is none (no live game, or one still in its lobby), the chat's most recently
    /// finished game; `none` when there is neither.
    pub(super) async fn shown_game(&self, ctx: &Ctx, none: UserError) -> Res<GameRow> {
        match self.store.live_game(&ctx.scope).await? {
            Some(row) if row.status == GameStatus::Running => Ok(row),
            _ => self
                .store
                .last_finished_game(&ctx.scope)
                .await?
                .ok_or(ServiceError::User(none)),
        }
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
        let corrupt = |what: String| {
            ServiceError::Store(StoreError::Corrupt(format!("game {}: {what}", row.id)))
        };
        let record = GameRecord::of(row, seats, &actions, &any_game_name(row.kind, row.id));
        let drawn = tokio::task::spawn_blocking(move || draw(&record, lang))
            .await
            .map_err(|e| corrupt(format!("drawing the replay failed: {e}")))?
            .map_err(corrupt)?;
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

    /// The stored actions and every turn's events, by replaying the record.
    pub(super) async fn replay(
        &self,
        row: &GameRow,
        seats: &[SeatRow],
    ) -> Res<(Vec<ActionRow>, Vec<Vec<Event>>)> {
        let actions = self.store.actions(row.id, 0).await?;
        let (_, per_turn) = record_of(row, seats, &actions).replay().map_err(|e| {
            ServiceError::Store(StoreError::Corrupt(format!("game {}: {e}", row.id)))
        })?;
        Ok((actions, per_turn))
    }
}

/// Labscape's position, for its own `/status`, `/recap` and `/table`.
pub(super) fn labscape_position<'g>(
    row: &GameRow,
    game: &'g labscape_core::AnyGame,
) -> Res<&'g super::Position> {
    game.get::<super::Position>()
        .ok_or_else(|| UserError::LabscapeOnly(any_game_name(row.kind, row.id)).into())
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
