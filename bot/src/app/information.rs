//! What a chat asks about a game: `/status`, `/log`, `/recap`, `/replay` and the replay
//! attached at a game's end.

use labscape_core::{AnyEvent, AnyGame, game::parse_options};

use super::{
    Arc, Attachment, Ctx, GameId, GameRow, GameStatus, GameStore, Lang, Reply, Res, Seat, SeatRow,
    Service, ServiceError, StoreError, UserError, Visibility, any_game_name, read_back, timers, tr,
    turns::{Played, names as display_names},
};
use crate::games::{self, GameRecord};

impl<S: GameStore> Service<S> {
    /// `/status`: the lobby's settings and seats (for the asker alone), or the game as it
    /// stands, with its image (as it was posted), the awaited player's time and deadline.
    pub(super) async fn status(&self, ctx: &Ctx) -> Res<Reply> {
        let row = self.live(&ctx.scope).await?;
        let lang = self.lang_for(ctx).await;
        let seats = self.store.seats(row.id).await?;
        let title = any_game_name(row.kind, row.id);
        if row.status == GameStatus::Lobby {
            return Ok(Reply::private(games::lobby_status(
                row.kind,
                &title,
                &row.settings,
                &display_names(&seats),
                row.max_players,
                lang,
            )));
        }
        let game = self.current_game(&row).await?;
        let mut reply = self
            .turn_reply(&row, &seats, &game, Played::default(), lang)
            .await;
        let notes = if games::shows_notes(row.kind) {
            self.away_notes(&row, &seats, lang).await?
        } else {
            Vec::new()
        };
        let mut text = games::status(
            &game,
            &title,
            row.turn,
            &display_names(&seats),
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
        if !games::status_in_public(row.kind) {
            reply.visibility = Visibility::Private;
        }
        reply.mention.clear();
        reply.posts_turn = None;
        Ok(reply)
    }

    /// `/log [n]`: the last `n` actions, each told; for the asker alone.
    pub(super) async fn log(&self, ctx: &Ctx, n: usize) -> Res<Reply> {
        let row = self.live(&ctx.scope).await?;
        if row.status == GameStatus::Lobby {
            return Err(UserError::NotStarted.into());
        }
        let seats = self.store.seats(row.id).await?;
        let names = display_names(&seats);
        let (_, steps) = self.any_steps_from(&row, 0).await?;
        let lang = self.lang_for(ctx).await;
        let start = steps.len().saturating_sub(n);
        let mut text = tr!(
            lang,
            "log-heading",
            game = any_game_name(row.kind, row.id),
            count = steps.len() - start
        );
        for s in &steps[start..] {
            let auto = read_back::automatic_note(&s.row, lang);
            text.push('\n');
            text.push_str(&games::log_line(&told(s, &auto), &names, lang));
        }
        if steps.is_empty() {
            text.push('\n');
            text.push_str(&tr!(lang, "log-empty"));
        }
        Ok(Reply::private(text))
    }

    /// `/recap`: what happened since the asker's last action (from the start if they have
    /// not played yet), then who is next; for the asker alone.
    pub(super) async fn recap(&self, ctx: &Ctx) -> Res<Reply> {
        let row = self.live(&ctx.scope).await?;
        if row.status == GameStatus::Lobby {
            return Err(UserError::NotStarted.into());
        }
        let seats = self.store.seats(row.id).await?;
        let me = seats
            .iter()
            .find(|s| s.user_id == ctx.user_id)
            .ok_or(ServiceError::User(UserError::NotSeated))?;
        let (_, steps) = self.any_steps_from(&row, 0).await?;
        let since = steps
            .iter()
            .rposition(|s| s.row.seat == me.seat)
            .map_or(0, |i| i + 1);
        let names = display_names(&seats);
        let lang = self.lang_for(ctx).await;
        let title = any_game_name(row.kind, row.id);
        let mut text = tr!(lang, "recap-since", game = title.as_str());
        if since == 0 {
            text = tr!(lang, "recap-all", game = title.as_str());
            for line in games::setup_story(&setup_events(&row, &names)?, &names, lang) {
                text.push('\n');
                text.push_str(&line);
            }
        }
        for s in &steps[since..] {
            let auto = read_back::automatic_note(&s.row, lang);
            text.push('\n');
            text.push_str(&games::recap_line(&told(s, &auto), &names, lang));
        }
        if since == steps.len() && since > 0 {
            text.push('\n');
            text.push_str(&tr!(lang, "recap-nothing"));
        }
        let game = self.current_game(&row).await?;
        let mut reply = self
            .turn_reply(&row, &seats, &game, Played::default(), lang)
            .await;
        let tail = games::recap_tail(&game, &title, row.turn, &names, lang);
        reply.text = format!("{text}\n{tail}");
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
        let corrupt = |what: String| corrupt(row, what);
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
}

fn corrupt(row: &GameRow, what: impl std::fmt::Display) -> ServiceError {
    ServiceError::Store(StoreError::Corrupt(format!("game {}: {what}", row.id)))
}

/// A stored step as `/log` and `/recap` tell it.
fn told<'s>(s: &'s read_back::Step, auto: &'s str) -> games::Told<'s> {
    games::Told {
        seq: s.row.seq,
        seat: Seat(s.row.seat),
        action: &s.action,
        events: &s.events,
        auto,
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

/// What the game's set-up drew (its start, replayed from the seed).
fn setup_events(row: &GameRow, names: &[String]) -> Res<Vec<AnyEvent>> {
    let options = parse_options(&row.settings).map_err(|e| corrupt(row, e))?;
    AnyGame::new_game(row.kind, &options, names, &row.seed)
        .map(|(_, events)| events)
        .map_err(|e| corrupt(row, e))
}
