//! `/help`, `/rules` and `/table`: answered from the chat's game, for the asker alone.
//! The words are each game's (`games/`).

use labscape_core::GameKind;

use super::{Ctx, GameStatus, GameStore, Reply, Res, Service, UserError, any_game_name};
use crate::games::{self, NoTable};

impl<S: GameStore> Service<S> {
    /// `/help`: the commands of the chat's game.
    pub(super) async fn help_cmd(&self, ctx: &Ctx) -> Res<Reply> {
        let lang = self.lang_for(ctx).await;
        let live = self.store.live_game(&ctx.scope).await?;
        let title = live.as_ref().map(|row| any_game_name(row.kind, row.id));
        let playing = live.as_ref().map(|row| row.kind).zip(title.as_deref());
        Ok(Reply::private(games::help(playing, lang)))
    }

    /// `/rules [TOPIC]`: a game's rules (`/rules avanco`), a topic of Labscape's, or the
    /// chat's game's (its live game, else the one it played last).
    pub(super) async fn rules_cmd(&self, ctx: &Ctx, topic: Option<String>) -> Res<Reply> {
        let lang = self.lang_for(ctx).await;
        let playing = self.chat_game(&ctx.scope).await?.map(|row| row.kind);
        games::rules(topic.as_deref(), playing, lang)
            .map(Reply::private)
            .ok_or_else(|| {
                let topics =
                    known(games::of(playing.unwrap_or(games::DEFAULT_GAME)).rules_topics());
                UserError::UnknownTopic(topic.unwrap_or_default(), topics).into()
            })
    }

    /// `/table [NAME]`: a printed table of the game NAME names, else of the chat's game
    /// (its live game, else the one it played last), with that game's numbers once it has
    /// begun.
    pub(super) async fn table_cmd(&self, ctx: &Ctx, name: Option<String>) -> Res<Reply> {
        let row = self.chat_game(&ctx.scope).await?;
        let game = match &row {
            Some(row) if row.status != GameStatus::Lobby => Some(self.current_game(row).await?),
            _ => None,
        };
        let lang = self.lang_for(ctx).await;
        let playing = row.as_ref().map(|row| row.kind);
        let running = row
            .as_ref()
            .is_some_and(|r| r.status == GameStatus::Running);
        let shown = match games::table(name.as_deref(), playing, game.as_ref(), lang) {
            // Outside a running game, a name the chat's game does not know may be one of
            // the default game's tables (`/table dawn` after a game of Skarb), as `/rules`
            // falls back on its topics.
            Err(e) if name.is_some() && !running => {
                games::table(name.as_deref(), None, None, lang).or(Err(e))
            }
            shown => shown,
        };
        match shown {
            Ok(text) => Ok(Reply::private(text)),
            Err(NoTable::Unknown) => {
                let kind = playing.unwrap_or(games::DEFAULT_GAME);
                let tables = known(games::of(kind).table_names());
                Err(UserError::UnknownTable(name.unwrap_or_default(), tables).into())
            }
            Err(NoTable::NotThisGame) => {
                let named = name.as_deref().and_then(GameKind::from_id);
                let owners = games::with_tables(lang);
                let example = owners.first().copied().unwrap_or(games::DEFAULT_GAME);
                match (named, row) {
                    // The running game's own table word: a command of another game.
                    (None, Some(row)) if row.status == GameStatus::Running => {
                        Err(UserError::OtherGamesVerb {
                            game: any_game_name(row.kind, row.id),
                            owner: example.name(),
                        }
                        .into())
                    }
                    (named, row) => Err(UserError::NoTables {
                        game: match (named, row) {
                            (Some(kind), _) => kind.name().to_string(),
                            (None, Some(row)) => any_game_name(row.kind, row.id),
                            (None, None) => games::DEFAULT_GAME.name().to_string(),
                        },
                        games: owners
                            .iter()
                            .map(|k| k.name())
                            .collect::<Vec<_>>()
                            .join(", "),
                        example: example.id(),
                    }
                    .into()),
                }
            }
        }
    }
}

/// The words a game knows, for a refusal that lists them.
fn known(words: &[&str]) -> String {
    words.join(", ")
}

#[cfg(test)]
mod tests {
    use crate::app::tests::{say, service};

    /// After a game ends, `/rules` and `/table` speak of the game the chat just played (not
    /// of the default game), a game named still wins, and a table only the default game
    /// has is still found by its name.
    #[tokio::test]
    async fn rules_and_tables_after_a_game_speak_of_the_game_just_played() {
        let s = service().await;
        say(&s, "ana", "/new skarb size=5").await;
        say(&s, "bo", "/join").await;
        say(&s, "ana", "/start").await;
        // ana, the architect, passes; bo walks from e1 to the treasure on a5.
        for step in ["n", "n", "n", "n", "w", "w", "w", "w"] {
            say(&s, "ana", "/play pass").await;
            say(&s, "bo", &format!("/play {step}")).await;
        }
        let status = say(&s, "cy", "/status").await;
        assert!(status.text.contains("has ended"), "{}", status.text);

        let rules = say(&s, "cy", "/rules").await;
        assert!(rules.text.contains("**Skarb Labiryntu**"), "{}", rules.text);
        assert!(rules.text.contains("docs/rules/skarb.md"), "{}", rules.text);
        let named = say(&s, "cy", "/rules avanco").await;
        assert!(
            named.text.contains("docs/rules/avanco.md"),
            "{}",
            named.text
        );

        let table = say(&s, "cy", "/table").await;
        assert!(
            table.text.starts_with("Skarb Labiryntu #1 has no tables."),
            "{}",
            table.text
        );
        assert!(table.text.contains("/table labscape"), "{}", table.text);
        let hidra = say(&s, "cy", "/table hidra").await;
        assert!(hidra.text.contains("Hazards"), "{}", hidra.text);
        let dawn = say(&s, "cy", "/table dawn").await;
        assert!(dawn.text.starts_with("**Dawn**"), "{}", dawn.text);
        let labscape = say(&s, "cy", "/table labscape").await;
        assert!(
            labscape.text.starts_with("**Search table**"),
            "{}",
            labscape.text
        );
    }

    /// A game without tables named in a chat without a game is refused in words.
    #[tokio::test]
    async fn a_game_without_tables_named_outside_a_game_says_so() {
        let s = service().await;
        let r = say(&s, "ana", "/table skarb").await;
        assert!(
            r.text.starts_with("Skarb Labiryntu has no tables."),
            "{}",
            r.text
        );
        say(&s, "ana", "/me lang pt").await;
        let pt = say(&s, "ana", "/table skarb").await;
        assert!(pt.text.contains("não tem tabelas"), "{}", pt.text);
    }
}
