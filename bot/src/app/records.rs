//! `/records`: the chat's leaderboard over finished games (and each rated game's), or
//! one's own record. Records count only games that ended by the rules (abandoned games
//! have no results), and leaderboards leave computer players out: their results are
//! stored, marked, so a game's result stays whole, but a computer player's escape is not
//! a person's record.

use labscape_core::GameKind;

use super::{Ctx, RecordsOf, Reply, Res, Service, ratings::LEADERBOARD_SIZE};
use crate::{
    games::{self, PastFinish},
    i18n::tr,
    store::{GameStore, PastResult},
};

impl<S: GameStore> Service<S> {
    /// `/records`: this chat's leaderboards (public), or `/records me`: the asker's own
    /// record over every chat of the platform (private). Each game's module counts and
    /// words its own records from the results the store keeps; rated games add their
    /// ratings.
    pub(super) async fn records_cmd(&self, ctx: &Ctx, of: RecordsOf) -> Res<Reply> {
        self.rate_pending(&ctx.scope.platform).await?;
        match of {
            RecordsOf::Chat | RecordsOf::Game(_) => {
                // The game named, else the chat's game (running, in its lobby, or its last
                // finished one): its records alone, not another game's played here
                // before. A chat that has had no game shows every game's.
                let only = match of {
                    RecordsOf::Game(kind) => Some(kind),
                    _ => self.chat_game(&ctx.scope).await?.map(|row| row.kind),
                };
                let past = self.store.chat_results(&ctx.scope).await?;
                let lang = self.public_lang(ctx, None).await;
                let (ratings, mut names) = self.rating_boards(&ctx.scope, only, lang).await?;
                let mut parts: Vec<String> = by_game(&past)
                    .filter(|(kind, _)| only.is_none_or(|k| k == *kind))
                    .filter_map(|(kind, f)| games::of(kind).leaderboard(&f, LEADERBOARD_SIZE, lang))
                    .collect();
                if parts.is_empty() && ratings.is_empty() {
                    let finished = |kind| past.iter().any(|r| r.game == kind);
                    parts.push(match only {
                        // A game that is neither rated nor keeps a leaderboard of its own.
                        Some(kind) if finished(kind) && !games::of(kind).profile().rated => {
                            tr!(lang, "records-unranked", game = kind.name())
                        }
                        // Other games finished here, none of this one yet.
                        Some(kind) if !finished(kind) && !past.is_empty() => {
                            tr!(lang, "records-none-of-game", game = kind.name())
                        }
                        _ => tr!(lang, "records-empty"),
                    });
                }
                parts.extend(ratings);
                // Names people chose: an adapter whose markup would read them escapes them.
                // (`handle` sorts them and drops the doubles.)
                names.extend(past.iter().map(|r| r.name.clone()));
                let mut reply = Reply::text(parts.join("\n\n"));
                reply.names = names;
                Ok(reply)
            }
            RecordsOf::Me => {
                let past = self
                    .store
                    .user_results(&ctx.scope.platform, &ctx.user_id)
                    .await?;
                let ratings = self
                    .store
                    .user_ratings(&ctx.scope.platform, &ctx.user_id)
                    .await?;
                let lang = self.lang_for(ctx).await;
                let mut parts: Vec<String> = by_game(&past)
                    .filter_map(|(kind, f)| {
                        games::of(kind)
                            .own_record(&f, lang)
                            .or_else(|| unrated_record(kind, &f, lang))
                    })
                    .collect();
                parts.extend(super::ratings::own_ratings_text(&ratings, lang));
                if parts.is_empty() {
                    parts.push(tr!(lang, "records-me-empty"));
                }
                Ok(Reply::private(parts.join("\n")))
            }
        }
    }
}

/// One's record in a game that is neither rated nor words its own (Hidra): how many
/// games it played to the end and won. `None` for a rated game: its rating says as much.
fn unrated_record(
    kind: GameKind,
    finishes: &[PastFinish],
    lang: crate::i18n::Lang,
) -> Option<String> {
    (!games::of(kind).profile().rated).then(|| {
        tr!(
            lang,
            "records-me-unrated",
            game = kind.name(),
            games = finishes.len(),
            wins = finishes.iter().filter(|f| f.rank == 1).count()
        )
    })
}

/// The results of each game in core's list, as its module reads them (oldest first).
fn by_game(past: &[PastResult]) -> impl Iterator<Item = (GameKind, Vec<PastFinish>)> + '_ {
    GameKind::ALL.iter().filter_map(move |&kind| {
        let finishes: Vec<PastFinish> = past
            .iter()
            .filter(|r| r.game == kind)
            .map(|r| PastFinish {
                user_id: r.user_id.clone(),
                name: r.name.clone(),
                rank: r.rank,
                finish: r.finish.clone(),
                extra: r.extra.clone(),
            })
            .collect();
        (!finishes.is_empty()).then_some((kind, finishes))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

    fn finish(rank: u8) -> PastFinish {
        PastFinish {
            user_id: "ana".into(),
            name: "ana".into(),
            rank,
            finish: String::new(),
            extra: None,
        }
    }

    /// A game that is neither rated nor words its own record (Hidra) is still in `/records
    /// me`: the games played to the end and won; a rated game's rating says it instead.
    #[test]
    fn an_unrated_games_record_counts_its_games_and_wins() {
        let hidra = GameKind::from_id("hidra").unwrap();
        let finishes = [finish(1), finish(2), finish(1)];
        assert_eq!(
            unrated_record(hidra, &finishes, Lang::En).unwrap(),
            "**Labirinto da Hidra** (not rated): 3 games played to the end, 2 won."
        );
        assert_eq!(
            unrated_record(hidra, &finishes[..1], Lang::PtBr).unwrap(),
            "**Labirinto da Hidra** (sem rating): 1 partida jogada até o fim, 1 vencida."
        );
        let semaforo = GameKind::from_id("semaforo").unwrap();
        assert_eq!(unrated_record(semaforo, &finishes, Lang::En), None);
    }
}
