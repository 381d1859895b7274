//! `/export`: the record file of the game `/replay` would show ([`Service::shown_game`]),
//! posted for everyone. What the file holds is the game's (`games/record.rs`); it carries
//! the seed only once the game is over: the seed foretells every roll to come.

use super::{Attachment, Ctx, Reply, Res, Service, any_game_name, corrupt, messages::UserError};
use crate::{
    games::{self, GameRecord},
    i18n::{Lang, tr},
    store::{GameRow, GameStatus, GameStore},
};

impl<S: GameStore> Service<S> {
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

    /// A stored game as its record.
    pub(super) async fn record(&self, row: &GameRow) -> Res<GameRecord> {
        let seats = self.store.seats(row.id).await?;
        let actions = self.store.actions(row.id, 0).await?;
        let title = any_game_name(row.kind, row.id);
        Ok(GameRecord::of(row, &seats, &actions, &title))
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
