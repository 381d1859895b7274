//! `/export`: the record file of the game `/replay` would show ([`Service::shown_game`]),
//! posted for everyone. What the file holds is the game's (`games/record.rs`); it carries
//! the seed only once the game has ended (finished, or abandoned: its seed was told then):
//! the seed foretells every roll to come.

use super::{Attachment, Ctx, Reply, Res, Service, any_game_name, corrupt, messages::UserError};
use crate::{
    games::{self, GameRecord},
    i18n::{Lang, tr},
    store::{ActionRow, GameRow, GameStatus, GameStore, SeatRow},
};

impl<S: GameStore> Service<S> {
    /// `/export`: the record file of the game `/replay` would show, posted for everyone.
    pub(super) async fn export_cmd(&self, ctx: &Ctx) -> Res<Reply> {
        let row = self.shown_game(ctx, UserError::NothingToExport).await?;
        self.unless_secret(&row).await?;
        let record = self.record(&row).await?;
        let bytes = games::of(row.kind)
            .record_file(&record)
            .map_err(|e| corrupt(row.id, e))?;
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
        let mut record = record_of(row, &seats, &actions, &title);
        if row.status == GameStatus::Over {
            let results = self.store.results(row.id).await?;
            record.resigned = results
                .iter()
                .find(|r| r.finish == super::RESIGNED)
                .map(|r| r.seat);
        }
        Ok(record)
    }
}

/// A stored game as its record, named `title`.
pub fn record_of(
    row: &GameRow,
    seats: &[SeatRow],
    actions: &[ActionRow],
    title: &str,
) -> GameRecord {
    GameRecord {
        kind: row.kind,
        title: title.to_string(),
        settings: row.settings.clone(),
        players: seats.iter().map(|s| s.display_name.clone()).collect(),
        computer: seats.iter().map(|s| s.policy.clone()).collect(),
        seed: row.seed.clone(),
        seed_hash: row.seed_hash.clone(),
        over: row.status.has_ended(),
        abandoned: row.status == GameStatus::Abandoned,
        actions: actions.iter().map(|a| (a.seat, a.action.clone())).collect(),
        resigned: None,
    }
}

/// What `/export` says over the record file of `row` (any game): the file's name once the
/// game has ended (finished or abandoned), else the seed's commitment (the seed itself
/// stays secret).
pub(super) fn export_text(
    row: &GameRow,
    game: &str,
    turns: usize,
    file: &str,
    lang: Lang,
) -> String {
    let dice = crate::games::of(row.kind).profile().has_dice;
    if row.status.has_ended() {
        let key = match (row.status == GameStatus::Abandoned, dice) {
            (false, true) => "export-finished",
            (false, false) => "export-finished-plain",
            (true, true) => "export-abandoned",
            (true, false) => "export-abandoned-plain",
        };
        tr!(lang, key, game = game, turns = turns, file = file)
    } else {
        tr!(
            lang,
            if dice {
                "export-running"
            } else {
                "export-running-plain"
            },
            game = game,
            turns = turns,
            hash = row.seed_hash.as_str()
        )
    }
}
