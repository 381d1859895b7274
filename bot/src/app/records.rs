//! Fair dice and records, the service side: `/export` (the game's record file), `/luck`
//! (everyone's dice against fair dice), `/records` (leaderboards over finished games), and
//! the results written with the turn that ends a game.
//!
//! `/export` and `/luck` are about the same game `/replay` shows ([`Service::shown_game`]).
//! The record file holds the seed only once the game is over: the seed foretells every
//! roll to come. Records count only games that ended by the rules (abandoned games have no
//! results), and leaderboards leave computer players out: their results are stored, marked,
//! so a game's result stays whole, but a computer player's escape is not a person's record.

use labscape_core::labscape::{GameExport, Luck, Tally};

use super::{
    Attachment, Ctx, RecordsOf, Reply, Res, Service, ServiceError, any_game_name,
    messages::UserError, record_of,
};
use crate::{
    i18n::{Lang, tr},
    store::{GameId, GameRow, GameStatus, GameStore, PlayerRecord, StoreError},
};

/// The most people a chat's leaderboard shows.
pub const LEADERBOARD_SIZE: usize = 10;

/// Below or above these percentiles a tally is called out as unusual (fair dice land
/// between them nine times in ten).
const USUAL: (f64, f64) = (5.0, 95.0);

impl<S: GameStore> Service<S> {
    /// The language of a public post in `ctx`'s chat about `game` (the chat's default,
    /// else the game's): without a game, the chat's live game's, else its last finished
    /// one's, so a Portuguese group keeps Portuguese after its game ends.
    /// [`Service::public_lang`] about `row`, for the other games' history commands.
    pub(super) async fn public_lang_of(&self, ctx: &Ctx, row: &GameRow) -> Lang {
        self.public_lang(ctx, Some(row)).await
    }

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
        if row.kind != labscape_core::GameKind::Labscape {
            return self.any_export(ctx, &row).await;
        }
        let seats = self.store.seats(row.id).await?;
        let actions = self.store.actions(row.id, 0).await?;
        let record = record_of(&row, &seats, &actions);
        let game = any_game_name(row.kind, row.id);
        // Never before the end: the seed foretells every roll to come.
        let over = row.status == GameStatus::Over;
        let export = GameExport::new(&game, &record, over).map_err(|e| corrupt(row.id, e))?;
        let file = format!("labscape-{}-record.json", row.id.0);
        let lang = self.public_lang(ctx, Some(&row)).await;
        let mut reply = Reply::text(export_text(&row, &game, actions.len(), &file, lang));
        reply.files.push(Attachment {
            name: file,
            bytes: serde_json::to_vec_pretty(&export).expect("record files serialise"),
        });
        Ok(reply)
    }

    /// `/luck`: the dice of the game `/replay` would show against fair dice, posted for
    /// everyone.
    pub(super) async fn luck_cmd(&self, ctx: &Ctx) -> Res<Reply> {
        let row = self.shown_game(ctx, UserError::NoDiceYet).await?;
        if row.kind != labscape_core::GameKind::Labscape {
            return Err(UserError::NoDiceInGame(any_game_name(row.kind, row.id)).into());
        }
        let seats = self.store.seats(row.id).await?;
        let actions = self.store.actions(row.id, 0).await?;
        let luck = record_of(&row, &seats, &actions)
            .luck()
            .map_err(|e| corrupt(row.id, e))?;
        let lang = self.public_lang(ctx, Some(&row)).await;
        Ok(Reply::text(luck_text(
            &any_game_name(row.kind, row.id),
            actions.len(),
            &luck,
            lang,
        )))
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

/// A number with one decimal, written the language's way (`7.5`, `7,5`).
fn decimal(x: f64, lang: Lang) -> String {
    let s = format!("{x:.1}");
    match lang {
        Lang::En => s,
        Lang::PtBr => s.replace('.', ","),
    }
}

/// A percentile as a whole number, never a flat 0 or 100 (fair dice can always do better
/// or worse).
fn percentile(p: f64) -> String {
    if p < 1.0 {
        "<1".into()
    } else if p > 99.0 {
        ">99".into()
    } else {
        format!("{}", p.round())
    }
}

fn unusual(t: &Tally) -> bool {
    t.rolls > 0 && !(USUAL.0..=USUAL.1).contains(&t.percentile)
}

/// `/luck` in words: each player's dice and searches against fair dice, the whole table,
/// and whether anything is out of the ordinary.
pub fn luck_text(game: &str, turns: usize, luck: &Luck, lang: Lang) -> String {
    let mut lines = vec![tr!(lang, "luck-heading", game = game, turns = turns)];
    let mut odd = Vec::new();
    for p in &luck.players {
        let who = p.name.as_str();
        if p.dice.rolls == 0 {
            lines.push(tr!(lang, "luck-no-rolls", who = who));
            continue;
        }
        lines.push(tr!(
            lang,
            "luck-dice",
            who = who,
            rolls = p.dice.rolls,
            actual = p.dice.actual,
            expected = decimal(p.dice.expected, lang),
            percentile = percentile(p.dice.percentile)
        ));
        if p.search.rolls > 0 {
            lines.push(tr!(
                lang,
                "luck-search",
                who = who,
                searches = p.search.rolls,
                actual = p.search.actual,
                expected = decimal(p.search.expected, lang),
                percentile = percentile(p.search.percentile)
            ));
        }
        if unusual(&p.dice) {
            odd.push(tr!(
                lang,
                "luck-odd-dice",
                who = who,
                percentile = percentile(p.dice.percentile)
            ));
        }
        if unusual(&p.search) {
            odd.push(tr!(
                lang,
                "luck-odd-search",
                who = who,
                percentile = percentile(p.search.percentile)
            ));
        }
    }
    if luck.table.rolls > 0 {
        lines.push(tr!(
            lang,
            "luck-table",
            rolls = luck.table.rolls,
            actual = luck.table.actual,
            expected = decimal(luck.table.expected, lang),
            percentile = percentile(luck.table.percentile)
        ));
    }
    lines.push(if odd.is_empty() {
        tr!(lang, "luck-ordinary")
    } else {
        tr!(lang, "luck-unusual", which = odd.join("; "))
    });
    lines.push(tr!(lang, "luck-check"));
    lines.join("\n")
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

#[cfg(test)]
mod tests;
