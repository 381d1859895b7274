//! The outbox: no committed turn goes unseen. Every turn's commit writes, in its own
//! transaction, that the game owes its chat that turn's post; the platform that posts it
//! reports back ([`Service::posted`]) and the debt is cleared. If the process dies between
//! the commit and the post, the scheduler finds the debt (older than [`GRACE_SECS`], so a
//! post still on its way is not doubled) and posts the game's current turn again: at
//! least once, never lost. The same debt finds a game left waiting for a computer player
//! (the process died after a person's turn and before the computer's reply), which is
//! played on before the post.

use super::{Outgoing, Reply, Service, Visibility, turns::Played};
use crate::{
    i18n::tr,
    store::{GameId, GameStatus, GameStore},
};

/// How long a committed turn's post may be on its way before the outbox sends it again,
/// unless the service is given another ([`Service::with_outbox_grace`]).
pub const GRACE_SECS: i64 = 30;

impl<S: GameStore> Service<S> {
    /// The chat showed `reply` (a turn post): its game owes nothing up to that turn.
    /// Adapters call it after a successful post; other replies are ignored.
    pub async fn posted(&self, reply: &Reply) {
        if let Some((game, turn)) = reply.posts_turn
            && let Err(e) = self.store.posted(game, turn).await
        {
            // The post went out; the worst case is that it goes out once more.
            tracing::warn!(%game, turn, error = %e, "clearing the outbox");
        }
    }

    /// The turn posts owed for longer than the grace period at `now`, rebuilt from each
    /// game's current position, for the platforms to post.
    pub(super) async fn owed_posts(&self, now: i64) -> Vec<Outgoing> {
        let owed = match self.store.owed_posts(now - self.outbox_grace, now).await {
            Ok(o) => o,
            Err(e) => {
                tracing::error!(error = %e, "reading the outbox");
                return Vec::new();
            }
        };
        let mut out = Vec::new();
        for (game, turn) in owed {
            match self.owed_post(game).await {
                Ok(Some(mut reply)) => {
                    tracing::info!(%game, turn, "posting a turn the chat has not seen");
                    reply.names = self.names_in(None, [game]).await;
                    let scope = match self.store.game(game).await {
                        Ok(Some(row)) => row.scope,
                        _ => continue,
                    };
                    out.push(Outgoing { scope, reply });
                }
                Ok(None) => {
                    let _ = self.store.posted(game, i64::MAX).await;
                }
                Err(e) => tracing::error!(%game, error = ?e, "rebuilding an owed post"),
            }
        }
        out
    }

    /// When the oldest owed post falls due: the scheduler wakes then, so a computer player
    /// a crash left waiting moves a grace period after the restart, not a minute later.
    pub(super) async fn next_owed(&self) -> Option<i64> {
        match self.store.oldest_owed_post().await {
            Ok(since) => since.map(|s| s + self.outbox_grace),
            Err(e) => {
                tracing::error!(error = %e, "reading the outbox");
                None
            }
        }
    }

    /// The public post of a game's current turn, as the chat would have seen it; `None`
    /// for a game that no longer owes one (abandoned). A running game whose turn is a
    /// computer player's is played on first: the process that committed the last turn
    /// died before its computer players moved. The debt is handed to one process at a
    /// time, and a turn commits only at the number it expects, so the computer moves once.
    async fn owed_post(&self, game: GameId) -> super::Res<Option<Reply>> {
        let Some(row) = self.store.game(game).await? else {
            return Ok(None);
        };
        let lang = self.chat_lang(&row.scope, Some(&row)).await;
        let mut reply = match row.status {
            GameStatus::Running => {
                let slot = self.slot(row.id);
                let mut guard = slot.lock().await;
                // Read again under the game's lock: a turn may have just been played.
                let Some(row) = self.store.game(game).await? else {
                    return Ok(None);
                };
                let seats = self.store.seats(row.id).await?;
                self.load_with(&row, seats.clone(), &mut guard).await?;
                let position = guard.as_ref().expect("loaded").game.clone();
                self.finish_turn(
                    row,
                    seats,
                    position,
                    Played::default(),
                    guard,
                    super::turns::Answer::Group,
                    lang,
                )
                .await?
            }
            GameStatus::Over => {
                let seats = self.store.seats(row.id).await?;
                let game = self.current_game(&row).await?;
                self.turn_reply(&row, &seats, &game, &Played::default(), lang)
                    .await
            }
            _ => return Ok(None),
        };
        let heading = tr!(lang, "outbox-again");
        reply.text = format!("{heading}\n{}", reply.text);
        reply.visibility = Visibility::Public;
        Ok(Some(reply))
    }
}
