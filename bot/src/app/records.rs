//! `/records`: the chat's leaderboard over finished games (and each rated game's), or
//! one's own record. Records count only games that ended by the rules (abandoned games
//! have no results), and leaderboards leave computer players out: their results are
//! stored, marked, so a game's result stays whole, but a computer player's escape is not
//! a person's record.

use super::{Ctx, RecordsOf, Reply, Res, Service, ratings::LEADERBOARD_SIZE};
use crate::{
    i18n::{Lang, tr},
    store::{GameStore, PlayerRecord},
};

impl<S: GameStore> Service<S> {
    /// `/records`: this chat's leaderboard (public), or `/records me`: the asker's own
    /// record over every chat of the platform (private).
    pub(super) async fn records_cmd(&self, ctx: &Ctx, of: RecordsOf) -> Res<Reply> {
        match of {
            RecordsOf::Chat => {
                self.rate_pending(&ctx.scope.platform).await?;
                let board = self
                    .store
                    .chat_records(&ctx.scope, LEADERBOARD_SIZE)
                    .await?;
                let lang = self.public_lang(ctx, None).await;
                let (ratings, mut names) = self.rating_boards(&ctx.scope, lang).await?;
                let mut parts = Vec::new();
                if !board.is_empty() || ratings.is_empty() {
                    parts.push(leaderboard_text(&board, lang));
                }
                parts.extend(ratings);
                // Names people chose: an adapter whose markup would read them escapes them.
                names.extend(board.iter().map(|r| r.name.clone()));
                let mut reply = Reply::text(parts.join("\n\n"));
                reply.names = names;
                Ok(reply)
            }
            RecordsOf::Me => {
                self.rate_pending(&ctx.scope.platform).await?;
                let mine = self
                    .store
                    .user_record(&ctx.scope.platform, &ctx.user_id)
                    .await?;
                let ratings = self
                    .store
                    .user_ratings(&ctx.scope.platform, &ctx.user_id)
                    .await?;
                let lang = self.lang_for(ctx).await;
                let rated = super::ratings::own_ratings_text(&ratings, lang);
                let text = match (mine, rated) {
                    (Some(r), Some(rated)) => format!("{}\n{rated}", own_record_text(&r, lang)),
                    (Some(r), None) => own_record_text(&r, lang),
                    (None, Some(rated)) => rated,
                    (None, None) => tr!(lang, "records-me-empty"),
                };
                Ok(Reply::private(text))
            }
        }
    }
}

/// A chat's leaderboard in words, best first.
pub fn leaderboard_text(board: &[PlayerRecord], lang: Lang) -> String {
    if board.is_empty() {
        return tr!(lang, "records-empty");
    }
    let mut lines = vec![tr!(lang, "records-heading")];
    for (i, r) in board.iter().enumerate() {
        lines.push(tr!(
            lang,
            "records-line",
            rank = i + 1,
            who = r.name.as_str(),
            games = r.games,
            escaped = r.escaped,
            dawn = r.caught_at_dawn,
            left = r.left_behind,
            robot = r.caught_by_robot,
            food = r.most_food.unwrap_or(0)
        ));
    }
    lines.push(tr!(lang, "records-hint"));
    lines.join("\n")
}

/// One's own record in words.
pub fn own_record_text(r: &PlayerRecord, lang: Lang) -> String {
    tr!(
        lang,
        "records-me",
        games = r.games,
        escaped = r.escaped,
        dawn = r.caught_at_dawn,
        left = r.left_behind,
        robot = r.caught_by_robot,
        food = r.most_food.unwrap_or(0)
    )
}
