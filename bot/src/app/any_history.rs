//! The history commands for every game other than Labscape: `/log` and `/recap`; and the
//! one place any game is read back from the store (its latest snapshot plus the actions
//! after it).

use labscape_core::{AnyAction, AnyEvent, AnyGame, Seat};

use super::{
    Ctx, Reply, Res, Service, ServiceError, Visibility, any_game_name, messages::UserError,
};
use crate::{
    games,
    i18n::tr,
    store::{ActionRow, GameRow, GameStore, SeatRow},
};

/// The note after an action played for an absent player (`auto-wait`), else nothing.
pub(super) fn automatic_note(a: &ActionRow, lang: crate::i18n::Lang) -> String {
    if a.automatic {
        tr!(lang, "log-automatic")
    } else {
        String::new()
    }
}

/// One played action with what it did.
pub(super) struct Step {
    /// The stored action.
    pub(super) row: ActionRow,
    /// It, read.
    pub(super) action: AnyAction,
    /// Its events.
    pub(super) events: Vec<AnyEvent>,
    /// The position after it.
    pub(super) game: AnyGame,
}

impl<S: GameStore> Service<S> {
    /// The position of the latest snapshot at or before `turn`, and every action stored
    /// after it, replayed: the one place a game other than Labscape is read back.
    pub(super) async fn any_steps_from(
        &self,
        row: &GameRow,
        turn: i64,
    ) -> Res<(AnyGame, Vec<Step>)> {
        let corrupt = |what: String| {
            ServiceError::Store(crate::store::StoreError::Corrupt(format!(
                "game {}: {what}",
                row.id
            )))
        };
        let (seq, json) = self
            .store
            .snapshot(row.id, turn)
            .await?
            .ok_or_else(|| corrupt("no snapshot".into()))?;
        let value: labscape_core::Value =
            serde_json::from_str(&json).map_err(|e| corrupt(format!("snapshot: {e}")))?;
        let start = AnyGame::from_value_of(row.kind, value)
            .map_err(|e| corrupt(format!("snapshot: {e}")))?;
        let mut steps: Vec<Step> = Vec::new();
        for a in self.store.actions(row.id, seq).await? {
            let game = steps.last().map_or(&start, |s| &s.game);
            let action = game
                .parse_action(&a.action)
                .map_err(|e| corrupt(format!("turn {}: {e}", a.seq)))?;
            let (next, events) = game
                .play(Seat(a.seat), &action)
                .map_err(|e| corrupt(format!("turn {}: {e}", a.seq)))?;
            steps.push(Step {
                row: a,
                action,
                events,
                game: next,
            });
        }
        Ok((start, steps))
    }

    /// Every action of the game from its start.
    async fn any_steps(&self, row: &GameRow) -> Res<Vec<Step>> {
        Ok(self.any_steps_from(row, 0).await?.1)
    }

    /// A step as one line of a log: `#seq who: story`.
    fn step_line(seats: &[SeatRow], s: &Step, lang: crate::i18n::Lang) -> String {
        let auto = automatic_note(&s.row, lang);
        let names = super::turns::names(seats);
        let story = games::describe(&names, Seat(s.row.seat), &s.action, &s.events, lang).join(" ");
        format!("#{}{auto} {story}", s.row.seq)
    }

    /// `/log [n]` of a game other than Labscape: its last `n` actions.
    pub(super) async fn any_log(&self, ctx: &Ctx, row: &GameRow, n: usize) -> Res<Reply> {
        let seats = self.store.seats(row.id).await?;
        let steps = self.any_steps(row).await?;
        let lang = self.lang_for(ctx).await;
        let start = steps.len().saturating_sub(n);
        let mut text = tr!(
            lang,
            "log-heading",
            game = any_game_name(row.kind, row.id),
            count = steps.len() - start
        );
        for s in &steps[start..] {
            text.push('\n');
            text.push_str(&Self::step_line(&seats, s, lang));
        }
        if steps.is_empty() {
            text.push('\n');
            text.push_str(&tr!(lang, "log-empty"));
        }
        Ok(Reply::private(text))
    }

    /// `/recap` of a game other than Labscape: what happened since the asker's last action,
    /// then the game as it stands.
    pub(super) async fn any_recap(&self, ctx: &Ctx, row: &GameRow) -> Res<Reply> {
        let seats = self.store.seats(row.id).await?;
        let me = seats
            .iter()
            .find(|s| s.user_id == ctx.user_id)
            .ok_or(ServiceError::User(UserError::NotSeated))?;
        let steps = self.any_steps(row).await?;
        let since = steps
            .iter()
            .rposition(|s| s.row.seat == me.seat)
            .map_or(0, |i| i + 1);
        let lang = self.lang_for(ctx).await;
        let game = any_game_name(row.kind, row.id);
        let mut text = if since == 0 {
            tr!(lang, "recap-all", game = game.as_str())
        } else {
            tr!(lang, "recap-since", game = game.as_str())
        };
        for s in &steps[since..] {
            text.push('\n');
            text.push_str(&Self::step_line(&seats, s, lang));
        }
        if since == steps.len() && since > 0 {
            text.push('\n');
            text.push_str(&tr!(lang, "recap-nothing"));
        }
        let mut reply = self.any_status(row, lang).await?;
        reply.text = format!("{text}\n{}", reply.text);
        reply.visibility = Visibility::Private;
        Ok(reply)
    }
}

#[cfg(test)]
mod tests {
    use crate::app::{
        Visibility,
        tests::{say, service},
    };

    #[tokio::test]
    async fn log_recap_export_and_luck_work_for_a_board_game() {
        let s = service().await;
        say(&s, "ana", "/new avanco").await;
        say(&s, "bo", "/join").await;
        say(&s, "ana", "/start").await;
        say(&s, "ana", "/play b2-b3").await;
        say(&s, "bo", "/play b6-b5").await;
        let log = say(&s, "ana", "/log").await;
        assert_eq!(log.visibility, Visibility::Private);
        assert!(log.text.contains("ANA played b2-b3"), "{}", log.text);
        assert!(log.text.contains("BO played b6-b5"), "{}", log.text);
        let recap = say(&s, "ana", "/recap").await;
        assert!(recap.text.contains("BO played b6-b5"), "{}", recap.text);
        assert!(!recap.text.contains("ANA played b2-b3"), "{}", recap.text);
        let export = say(&s, "bo", "/export").await;
        assert_eq!(export.visibility, Visibility::Public, "{}", export.text);
        let record: serde_json::Value = serde_json::from_slice(&export.files[0].bytes).unwrap();
        assert_eq!(record["format"], crate::games::ANY_RECORD_FORMAT);
        assert_eq!(record["game"], "avanco");
        assert_eq!(record["actions"][1]["action"], "b6-b5");
        assert!(
            record["seed"].is_null(),
            "the seed stays secret until the end"
        );
        let luck = say(&s, "bo", "/luck").await;
        assert_eq!(luck.visibility, Visibility::Private);
        assert!(luck.text.contains("no dice"), "{}", luck.text);
    }
}

#[cfg(test)]
mod labscape_words {
    use crate::app::{
        Visibility,
        tests::{say, service},
    };

    /// Labscape's commands in a chat playing another game say so plainly, and /help lists
    /// the chat's game's commands.
    #[tokio::test]
    async fn labscape_commands_in_another_games_chat_are_refused_plainly() {
        let s = service().await;
        say(&s, "ana", "/new avanco").await;
        say(&s, "bo", "/join").await;
        say(&s, "ana", "/start").await;
        for line in ["/move N", "/roll", "/table", "/exit"] {
            let r = say(&s, "ana", line).await;
            assert_eq!(r.visibility, Visibility::Private, "{line}");
            assert!(r.text.contains("one of Labscape's"), "{line}: {}", r.text);
        }
        let help = say(&s, "bo", "/help").await;
        assert!(help.text.contains("Avanço #1 commands"), "{}", help.text);
        assert!(help.text.contains("/play"), "{}", help.text);
    }
}
