//! Ratings of the two-player games (Glicko-2, per game and platform account): each
//! finished game is rated once, from its stored results, in the order games ended.
//!
//! A rating is derived data: the game's last turn commits its results; the rating follows
//! (right after, and again as a catch-up before any leaderboard is shown), so a crash in
//! between delays a rating and never loses or doubles one. Computer players are rated
//! against at a fixed rating for their level, and never listed.

use std::cmp::Ordering;

use labscape_core::{GameKind, Rating};

use super::{Res, Service};
use crate::{
    games,
    i18n::{Lang, tr},
    store::{GameId, GameStatus, GameStore, RatingRow, RatingSave, ResultRow},
};

/// How often a rating is read again when another game changed it meanwhile.
const RETRIES: usize = 5;

/// The most people a chat's leaderboard shows (each game's, and the chat's records).
pub const LEADERBOARD_SIZE: usize = 10;

/// The fixed rating a computer player of `policy` is rated against.
pub fn computer_rating(policy: Option<&str>) -> Rating {
    Rating::fixed(match policy {
        Some("random") => 800.0,
        Some("easy") => 1200.0,
        Some("strong") => 1800.0,
        _ => 1500.0,
    })
}

/// The score of `me` against `other` by their ranks: 1 a win, ½ a draw, 0 a loss.
fn score(me: &ResultRow, other: &ResultRow) -> f64 {
    match me.rank.cmp(&other.rank) {
        Ordering::Less => 1.0,
        Ordering::Equal => 0.5,
        Ordering::Greater => 0.0,
    }
}

impl<S: GameStore> Service<S> {
    /// Rates a finished two-player game, once (a game rated before, a game of more or fewer
    /// seats, a game of a kind not rated or one not over is left alone).
    pub(super) async fn rate_game(&self, id: GameId) -> Res<()> {
        let Some(row) = self.store.game(id).await? else {
            return Ok(());
        };
        if !games::of(row.kind).profile().rated || row.status != GameStatus::Over {
            return Ok(());
        }
        let results = self.store.results(id).await?;
        if results.len() != 2 || results[0].user_id == results[1].user_id {
            return Ok(());
        }
        let seats = self.store.seats(id).await?;
        let policy = |r: &ResultRow| {
            seats
                .iter()
                .find(|s| s.seat == r.seat)
                .and_then(|s| s.policy.clone())
        };
        let platform = row.scope.platform.as_str();
        for _ in 0..RETRIES {
            let people: Vec<String> = results
                .iter()
                .filter(|r| !r.computer)
                .map(|r| r.user_id.clone())
                .collect();
            let stored = self.store.ratings_of(platform, row.kind, &people).await?;
            let stored_of = |r: &ResultRow| stored.iter().find(|s| s.user_id == r.user_id);
            let rating_of = |r: &ResultRow| {
                if r.computer {
                    computer_rating(policy(r).as_deref())
                } else {
                    stored_of(r).map_or(Rating::NEW, |s| s.rating)
                }
            };
            let mut rows = Vec::new();
            for (i, me) in results.iter().enumerate() {
                if me.computer {
                    continue;
                }
                let other = &results[1 - i];
                let s = score(me, other);
                let before = stored_of(me);
                let count = |f: fn(&RatingRow) -> i64| before.map_or(0, f);
                rows.push(RatingRow {
                    user_id: me.user_id.clone(),
                    name: me.display_name.clone(),
                    game: row.kind,
                    rating: rating_of(me).after(&[(rating_of(other), s)]),
                    games: count(|r| r.games) + 1,
                    wins: count(|r| r.wins) + i64::from(s == 1.0),
                    losses: count(|r| r.losses) + i64::from(s == 0.0),
                    draws: count(|r| r.draws) + i64::from(s == 0.5),
                });
            }
            match self.store.save_ratings(id, platform, &rows).await? {
                RatingSave::Saved | RatingSave::AlreadyRated => return Ok(()),
                RatingSave::Changed => continue,
            }
        }
        tracing::warn!(game = %id, "rating kept changing under this game; it is rated later");
        Ok(())
    }

    /// Rates every finished game of `platform` not rated yet, oldest first.
    pub(super) async fn rate_pending(&self, platform: &str) -> Res<()> {
        let rated: Vec<GameKind> = GameKind::ALL
            .iter()
            .copied()
            .filter(|k| games::of(*k).profile().rated)
            .collect();
        for id in self.store.unrated_games(platform, &rated).await? {
            self.rate_game(id).await?;
        }
        Ok(())
    }

    /// Each rated game's leaderboard in this chat, in words, and the names on them (empty
    /// when no game has one); only `only`'s when given (the chat's game).
    pub(super) async fn rating_boards(
        &self,
        scope: &crate::store::ChatScope,
        only: Option<GameKind>,
        lang: Lang,
    ) -> Res<(Vec<String>, Vec<String>)> {
        let mut boards = Vec::new();
        let mut names = Vec::new();
        for &kind in GameKind::ALL {
            if !games::of(kind).profile().rated || only.is_some_and(|k| k != kind) {
                continue;
            }
            let board = self
                .store
                .chat_ratings(scope, kind, LEADERBOARD_SIZE)
                .await?;
            if board.is_empty() {
                continue;
            }
            let mut lines = vec![tr!(lang, "ratings-heading", game = kind.name())];
            for (i, r) in board.iter().enumerate() {
                lines.push(rating_line(i + 1, r, lang));
                names.push(r.name.clone());
            }
            boards.push(lines.join("\n"));
        }
        Ok((boards, names))
    }
}

/// One person's line on a leaderboard.
fn rating_line(rank: usize, r: &RatingRow, lang: Lang) -> String {
    tr!(
        lang,
        "ratings-line",
        rank = rank,
        who = r.name.as_str(),
        rating = r.rating.rating.round() as i64,
        deviation = r.rating.deviation.round() as i64,
        games = r.games,
        wins = r.wins,
        losses = r.losses,
        draws = r.draws
    )
}

/// One's own ratings, a line per game (empty without any).
pub fn own_ratings_text(rows: &[RatingRow], lang: Lang) -> Option<String> {
    if rows.is_empty() {
        return None;
    }
    let mut lines = vec![tr!(lang, "ratings-me-heading")];
    for r in rows {
        lines.push(tr!(
            lang,
            "ratings-me-line",
            game = r.game.name(),
            rating = r.rating.rating.round() as i64,
            deviation = r.rating.deviation.round() as i64,
            games = r.games,
            wins = r.wins,
            losses = r.losses,
            draws = r.draws
        ));
    }
    Some(lines.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::{
        Visibility,
        tests::{ctx, say, service},
    };

    /// Plays one Semáforo game between `first` and `second` by the first button each turn;
    /// returns the game's id.
    async fn play_one<S: GameStore>(s: &Service<S>, first: &str, second: &str) -> GameId {
        say(s, first, "/new semaforo").await;
        say(s, second, "/join").await;
        let mut r = say(s, first, "/start").await;
        let id = r.turn.expect("a game").0;
        while let Some(next) = r.mention.first().map(|m| m.user_id.clone()) {
            let action = r.quick().next().expect("a button").payload.clone();
            r = say(s, &next, &format!("/play {action}")).await;
            assert_eq!(r.visibility, Visibility::Public, "{}", r.text);
        }
        id
    }

    #[tokio::test]
    async fn finished_games_are_rated_once_and_shown_per_game() {
        let s = service().await;
        let first = play_one(&s, "ana", "bo").await;
        let results = s.store.results(first).await.unwrap();
        let winner = results
            .iter()
            .find(|r| r.rank == 1)
            .unwrap()
            .user_id
            .clone();
        let loser = results
            .iter()
            .find(|r| r.rank == 2)
            .unwrap()
            .user_id
            .clone();
        let rated = s
            .store
            .ratings_of(
                "local",
                GameKind::Semaforo,
                &[winner.clone(), loser.clone()],
            )
            .await
            .unwrap();
        let of = |who: &str| rated.iter().find(|r| r.user_id == who).unwrap().clone();
        assert!(of(&winner).rating.rating > 1500.0 && of(&loser).rating.rating < 1500.0);
        assert_eq!((of(&winner).games, of(&winner).wins), (1, 1));
        assert_eq!((of(&loser).games, of(&loser).losses), (1, 1));
        // Rating the same game again changes nothing.
        s.rate_game(first).await.unwrap();
        let again = s
            .store
            .ratings_of("local", GameKind::Semaforo, std::slice::from_ref(&winner))
            .await
            .unwrap();
        assert_eq!(again[0], of(&winner));

        let board = say(&s, "bo", "/records").await;
        assert!(
            board.text.contains("**Semáforo** ratings"),
            "{}",
            board.text
        );
        let first_line = board
            .text
            .lines()
            .find(|l| l.starts_with("1. "))
            .unwrap()
            .to_string();
        assert!(
            first_line.contains(&winner.to_uppercase()),
            "{}",
            board.text
        );
        let me = s.handle_line(&ctx(&loser), "/records me").await;
        assert!(me.text.contains("Your ratings"), "{}", me.text);
        assert!(me.text.contains("Semáforo: "), "{}", me.text);
    }

    /// `/records` shows the chat's game's ratings, not those of another game played here
    /// before.
    #[tokio::test]
    async fn records_are_the_chats_games() {
        let s = service().await;
        play_one(&s, "ana", "bo").await;
        let board = say(&s, "bo", "/records").await;
        assert!(
            board.text.contains("**Semáforo** ratings"),
            "{}",
            board.text
        );
        // Another game in the chat: its records, not Semáforo's ratings.
        say(&s, "ana", "/new avanco").await;
        let board = say(&s, "bo", "/records").await;
        assert!(!board.text.contains("Semáforo"), "{}", board.text);
        assert!(board.text.contains("Avanço"), "{}", board.text);
    }

    #[tokio::test]
    async fn computer_players_are_rated_against_and_never_listed() {
        let s = service().await;
        say(&s, "ana", "/new semaforo").await;
        say(&s, "ana", "/addbot random").await;
        let mut r = say(&s, "ana", "/start").await;
        let id = r.turn.expect("a game").0;
        while !r.mention.is_empty() {
            let action = r.quick().next().expect("a button").payload.clone();
            r = say(&s, "ana", &format!("/play {action}")).await;
            assert_eq!(r.visibility, Visibility::Public, "{}", r.text);
        }
        let row = s.store.game(id).await.unwrap().unwrap();
        assert_eq!(row.status, GameStatus::Over);
        let rated = s.store.user_ratings("local", "ana").await.unwrap();
        assert_eq!(rated.len(), 1);
        assert_eq!(rated[0].games, 1);
        let board = say(&s, "ana", "/records").await;
        assert!(!board.text.contains("Bot "), "{}", board.text);
    }

    #[test]
    fn computer_levels_have_fixed_ratings_in_order() {
        let r = |p| computer_rating(Some(p)).rating;
        assert!(r("random") < r("easy") && r("easy") < r("strong"));
        assert_eq!(computer_rating(Some("random")).deviation, 50.0);
    }
}
