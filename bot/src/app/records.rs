//! Fair dice and records, the service side: `/export` (the game's record file), `/luck`
//! (everyone's dice against fair dice, for a game with dice), `/records` (leaderboards
//! over finished games). What a record file holds and how luck is told is each game's
//! (`games/record.rs`).
//!
//! `/export` and `/luck` are about the same game `/replay` shows ([`Service::shown_game`]).
//! The record file holds the seed only once the game is over: the seed foretells every
//! roll to come. Records count only games that ended by the rules (abandoned games have no
//! results), and leaderboards leave computer players out: their results are stored, marked,
//! so a game's result stays whole, but a computer player's escape is not a person's record.

use super::{
    Attachment, Ctx, RecordsOf, Reply, Res, Service, ServiceError, any_game_name,
    messages::UserError,
};
use crate::{
    games::{self, GameRecord},
    i18n::{Lang, tr},
    store::{GameId, GameRow, GameStatus, GameStore, PlayerRecord, StoreError},
};

/// The most people a chat's leaderboard shows.
pub const LEADERBOARD_SIZE: usize = 10;

impl<S: GameStore> Service<S> {
    /// The language of a public post in `ctx`'s chat about `game` (the chat's default,
    /// else the game's): without a game, the chat's live game's, else its last finished
    /// one's, so a Portuguese group keeps Portuguese after its game ends.
    async fn public_lang(&self, ctx: &Ctx, game: Option<&GameRow>) -> Lang {
        let recent = match game {
            Some(_) => None,
            None => match self.store.live_game(&ctx.scope).await.ok().flatten() {
                Some(live) => Some(live),
                None => self
                    .store
                    .last_finished_game(&ctx.scope)
                    .await
                    .ok()
                    .flatten(),
            },
        };
        self.chat_lang(&ctx.scope, game.or(recent.as_ref())).await
    }

    /// `/export`: the record file of the game `/replay` would show, posted for everyone.
    pub(super) async fn export_cmd(&self, ctx: &Ctx) -> Res<Reply> {
        let row = self.shown_game(ctx, UserError::NothingToExport).await?;
        let record = self.record(&row).await?;
        let bytes = games::record_file(&record).map_err(|e| corrupt(row.id, e))?;
        let file = format!("labscape-{}-record.json", row.id.0);
        let lang = self.public_lang(ctx, Some(&row)).await;
        let text = export_text(&row, &record.title, record.actions.len(), &file, lang);
        let mut reply = Reply::text(text);
        reply.files.push(Attachment { name: file, bytes });
        Ok(reply)
    }

    /// `/luck`: the dice of the game `/replay` would show against fair dice, posted for
    /// everyone (a game without dice says so, privately).
    pub(super) async fn luck_cmd(&self, ctx: &Ctx) -> Res<Reply> {
        let row = self.shown_game(ctx, UserError::NoDiceYet).await?;
        let record = self.record(&row).await?;
        let lang = self.public_lang(ctx, Some(&row)).await;
        match games::luck(&record, lang) {
            Some(text) => Ok(Reply::text(text.map_err(|e| corrupt(row.id, e))?)),
            None => Err(UserError::NoDiceInGame(record.title).into()),
        }
    }

    /// A stored game as its record.
    pub(super) async fn record(&self, row: &GameRow) -> Res<GameRecord> {
        let seats = self.store.seats(row.id).await?;
        let actions = self.store.actions(row.id, 0).await?;
        let title = any_game_name(row.kind, row.id);
        Ok(GameRecord::of(row, &seats, &actions, &title))
    }

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
                let ratings = self.rating_boards(&ctx.scope, lang).await?;
                let mut parts = Vec::new();
                if !board.is_empty() || ratings.is_empty() {
                    parts.push(leaderboard_text(&board, lang));
                }
                parts.extend(ratings);
                Ok(Reply::text(parts.join("\n\n")))
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

/// What `/export` says over the record file of `row` (any game): the file's name once the
/// game is over, else the seed's commitment (the seed itself stays secret).
pub(super) fn export_text(
    row: &GameRow,
    game: &str,
    turns: usize,
    file: &str,
    lang: Lang,
) -> String {
    if row.status == GameStatus::Over {
        tr!(
            lang,
            "export-finished",
            game = game,
            turns = turns,
            file = file
        )
    } else {
        tr!(
            lang,
            "export-running",
            game = game,
            turns = turns,
            hash = row.seed_hash.as_str()
        )
    }
}

fn corrupt(id: GameId, e: impl std::fmt::Display) -> ServiceError {
    ServiceError::Store(StoreError::Corrupt(format!("game {id}: {e}")))
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
