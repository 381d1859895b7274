//! The one place a game is read back from the store: its latest snapshot at or before a
//! turn, and every action after it replayed (for the cache, `/log`, `/recap`, a game's
//! results). Tests of the history commands of the board games live here too.

use labscape_core::{AnyAction, AnyEvent, AnyGame, Seat};

use super::{Res, Service};
use crate::{
    i18n::tr,
    store::{ActionRow, GameRow, GameStore},
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
    /// The current position: the latest snapshot and the actions after it.
    pub(super) async fn load_any(&self, row: &GameRow) -> Res<AnyGame> {
        let (start, steps) = self.any_steps_from(row, row.turn).await?;
        Ok(steps.into_iter().last().map_or(start, |s| s.game))
    }

    /// The position of the latest snapshot at or before `turn`, and every action stored
    /// after it, replayed: the one place a game is read back.
    pub(super) async fn any_steps_from(
        &self,
        row: &GameRow,
        turn: i64,
    ) -> Res<(AnyGame, Vec<Step>)> {
        let corrupt = |what: String| super::corrupt(row.id, what);
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
