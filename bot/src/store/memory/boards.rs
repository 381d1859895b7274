//! The memory store's leaderboards: past results and ratings read from its tables, as the
//! SQL stores read them with their queries.

use std::collections::HashSet;

use labscape_core::GameKind;

use super::Tables;
use crate::store::{ChatScope, GameId, GameRow, GameStatus, PastResult, RatingRow, ResultRow};

impl Tables {
    /// The name a person's record shows: the one of their latest game on `platform`.
    pub(super) fn latest_name(&self, platform: &str, user_id: &str) -> String {
        self.results
            .iter()
            .filter_map(|(id, rows)| {
                let g = self
                    .games
                    .get(id)
                    .filter(|g| g.scope.platform == platform)?;
                let r = rows.iter().find(|r| r.user_id == user_id)?;
                Some(((g.updated_at, g.id), r.display_name.clone()))
            })
            .max_by_key(|(at, _)| *at)
            .map(|(_, name)| name)
            .unwrap_or_default()
    }

    /// The people's results in the finished games of `platform` that `pick` picks, oldest
    /// game first.
    pub(super) fn past_results(
        &self,
        platform: &str,
        pick: impl Fn(&GameRow, &ResultRow) -> bool,
    ) -> Vec<PastResult> {
        let mut found: Vec<((i64, GameId), PastResult)> = Vec::new();
        for (id, rows) in &self.results {
            let Some(g) = self.games.get(id) else {
                continue;
            };
            if g.status != GameStatus::Over || g.scope.platform != platform {
                continue;
            }
            for r in rows.iter().filter(|r| !r.computer && pick(g, r)) {
                let past = PastResult {
                    game: g.kind,
                    user_id: r.user_id.clone(),
                    name: self.latest_name(platform, &r.user_id),
                    rank: r.rank,
                    finish: r.finish.clone(),
                    extra: r.extra.clone(),
                };
                found.push(((g.updated_at, g.id), past));
            }
        }
        found.sort_by(|(a, x), (b, y)| a.cmp(b).then_with(|| x.user_id.cmp(&y.user_id)));
        found.into_iter().map(|(_, p)| p).collect()
    }

    /// A chat's leaderboard in one game: the rated people who finished a game of it there,
    /// best first.
    pub(super) fn chat_ratings(
        &self,
        scope: &ChatScope,
        game: GameKind,
        limit: usize,
    ) -> Vec<RatingRow> {
        let players: HashSet<&str> = self
            .games
            .values()
            .filter(|g| g.scope == *scope && g.kind == game && g.status == GameStatus::Over)
            .filter_map(|g| self.results.get(&g.id))
            .flatten()
            .map(|r| r.user_id.as_str())
            .collect();
        let mut rows: Vec<RatingRow> = self
            .ratings
            .iter()
            .filter(|((p, u, k), _)| {
                *p == scope.platform && *k == game && players.contains(u.as_str())
            })
            .map(|(_, r)| r.clone())
            .collect();
        rows.sort_by(|a, b| {
            b.rating
                .rating
                .total_cmp(&a.rating.rating)
                .then(b.games.cmp(&a.games))
                .then(a.name.cmp(&b.name))
        });
        rows.truncate(limit);
        rows
    }
}
