//! The memory store's leaderboards: records and ratings read from its tables, as the
//! SQL stores read them with their queries.

use std::collections::{BTreeMap, HashSet};

use labscape_core::GameKind;

use super::Tables;
use crate::store::{ChatScope, GameRow, GameStatus, PlayerRecord, RatingRow};

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

    /// Labscape records of the people in the finished games `games` picks.
    pub(super) fn records(
        &self,
        platform: &str,
        games: impl Fn(&GameRow) -> bool,
        user: Option<&str>,
    ) -> Vec<PlayerRecord> {
        let mut by_user: BTreeMap<String, PlayerRecord> = BTreeMap::new();
        for (id, rows) in &self.results {
            let Some(g) = self.games.get(id) else {
                continue;
            };
            if g.status != GameStatus::Over || !games(g) {
                continue;
            }
            for r in rows {
                let Some(t) = r.tally else { continue };
                if r.computer || user.is_some_and(|u| u != r.user_id) {
                    continue;
                }
                let rec = by_user.entry(r.user_id.clone()).or_insert(PlayerRecord {
                    user_id: r.user_id.clone(),
                    name: String::new(),
                    games: 0,
                    escaped: 0,
                    caught_at_dawn: 0,
                    left_behind: 0,
                    most_food: None,
                    caught_by_robot: 0,
                });
                rec.games += 1;
                match r.finish.as_str() {
                    "escaped" => {
                        rec.escaped += 1;
                        rec.most_food = Some(rec.most_food.map_or(t.food, |f| f.max(t.food)));
                    }
                    "caught_at_dawn" => rec.caught_at_dawn += 1,
                    "left_behind" => rec.left_behind += 1,
                    _ => {}
                }
                rec.caught_by_robot += t.caught_by_robot;
            }
        }
        by_user
            .into_values()
            .map(|mut r| {
                r.name = self.latest_name(platform, &r.user_id);
                r
            })
            .collect()
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
