//! `/status`: the lobby's settings and seats, or the game as it stands with its image.

use super::{
    Ctx, GameStatus, GameStore, Reply, Res, Service, Visibility, any_game_name, audience, timers,
    tr,
    turns::{Played, names as display_names},
};
use crate::games::{self};

impl<S: GameStore> Service<S> {
    /// `/status`: the lobby's settings and seats (for the asker alone), or the game as it
    /// stands, with its image (as it was posted), the awaited player's time and deadline.
    pub(super) async fn status(&self, ctx: &Ctx) -> Res<Reply> {
        let row = self.live_or_last(&ctx.scope).await?;
        let module = games::of(row.kind);
        // A game whose status is posted where the group reads it is written in the chat's
        // language; otherwise the asker's.
        let lang = if module.profile().status_in_public && row.status != GameStatus::Lobby {
            self.public_lang(ctx, Some(&row)).await
        } else {
            self.lang_for(ctx).await
        };
        let seats = self.store.seats(row.id).await?;
        let title = any_game_name(row.kind, row.id);
        if row.status == GameStatus::Lobby {
            return Ok(Reply::private(games::of(row.kind).lobby_status(
                &title,
                &row.settings,
                &display_names(&seats),
                row.max_players,
                lang,
            )));
        }
        let game = self.current_game(&row).await?;
        // Read once, for the text and the image.
        let notes = if module.profile().shows_notes {
            self.away_notes(&row, &seats, lang).await?
        } else {
            Vec::new()
        };
        let mut reply = self
            .turn_reply_noted(
                &row,
                &seats,
                &game,
                &Played::default(),
                Some(notes.clone()),
                lang,
            )
            .await;
        // The text from the public view, as the image: it may be read in the group.
        let shown = audience::shown(&game, labscape_core::Audience::Public);
        let mut text = module.status(
            &shown,
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
        if row.status.has_ended() {
            // Ended early, the position still names a player to move: say how it ended.
            if let Some(end) = self.early_end(&row, &game).await? {
                text = end.line(lang);
            }
            text = format!(
                "{}\n{text}",
                tr!(lang, "status-ended", game = title.as_str())
            );
        }
        reply.text = text;
        if !module.profile().status_in_public {
            reply.visibility = Visibility::Private;
        }
        reply.mention.clear();
        reply.posts_turn = None;
        Ok(reply)
    }
}
