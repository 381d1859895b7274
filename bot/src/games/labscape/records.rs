//! Labscape's records: what a person's finished games add up to (escapes, dawns, the most
//! food carried out, the robot's catches), worded for `/records`.
//!
//! A finished game's own figures ([`Tally`]) travel to the store as text it keeps and never
//! reads ([`crate::games::Placement::extra`]); only this file writes and reads them, so the
//! store holds no Labscape shape and a game with other figures brings its own file like
//! this one.

use serde::{Deserialize, Serialize};

use crate::{
    games::PastFinish,
    i18n::{Lang, tr},
};

/// What Labscape keeps of a player's finished game beyond rank and finish.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// Food at the end (carried out of the building, if they escaped).
    pub food: i64,
    /// Their time at the end.
    pub time: i64,
    /// Times the robot caught them.
    pub caught_by_robot: i64,
}

impl Tally {
    /// The text the store keeps.
    pub fn to_extra(self) -> String {
        serde_json::to_string(&self).expect("three numbers serialise")
    }

    /// The tally a result's kept text holds; `None` for a result without one.
    pub fn from_extra(text: Option<&str>) -> Option<Self> {
        serde_json::from_str(text?).ok()
    }
}

/// A person's Labscape record over finished games (abandoned ones never count).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerRecord {
    /// Platform user id.
    pub user_id: String,
    /// The name they last played under.
    pub name: String,
    /// Games played to the end.
    pub games: i64,
    /// Games they escaped.
    pub escaped: i64,
    /// Games they were still inside at dawn.
    pub caught_at_dawn: i64,
    /// Games they ran out of time on the ground floor.
    pub left_behind: i64,
    /// The most food they carried out of the building (`None`: never escaped).
    pub most_food: Option<i64>,
    /// Times the robot caught them, over all those games.
    pub caught_by_robot: i64,
}

impl PlayerRecord {
    fn new(f: &PastFinish) -> Self {
        Self {
            user_id: f.user_id.clone(),
            name: f.name.clone(),
            games: 0,
            escaped: 0,
            caught_at_dawn: 0,
            left_behind: 0,
            most_food: None,
            caught_by_robot: 0,
        }
    }

    fn add(&mut self, finish: &str, t: Tally) {
        self.games += 1;
        match finish {
            "escaped" => {
                self.escaped += 1;
                self.most_food = Some(self.most_food.map_or(t.food, |f| f.max(t.food)));
            }
            "caught_at_dawn" => self.caught_at_dawn += 1,
            "left_behind" => self.left_behind += 1,
            _ => {}
        }
        self.caught_by_robot += t.caught_by_robot;
    }
}

/// Every person's record, best first: the most escapes, then the most food carried out,
/// then the fewest games, then by name. A result without a tally counts for nothing.
pub fn records(finishes: &[PastFinish]) -> Vec<PlayerRecord> {
    let mut by_user: Vec<PlayerRecord> = Vec::new();
    for f in finishes {
        let Some(t) = Tally::from_extra(f.extra.as_deref()) else {
            continue;
        };
        let i = match by_user.iter().position(|r| r.user_id == f.user_id) {
            Some(i) => i,
            None => {
                by_user.push(PlayerRecord::new(f));
                by_user.len() - 1
            }
        };
        by_user[i].add(&f.finish, t);
    }
    by_user.sort_by(|a, b| {
        (b.escaped, b.most_food.unwrap_or(-1), a.games, &a.name).cmp(&(
            a.escaped,
            a.most_food.unwrap_or(-1),
            b.games,
            &b.name,
        ))
    });
    by_user
}

/// The chat's Labscape leaderboard in words, its best `limit` people; `None` without a
/// finished Labscape game.
pub fn leaderboard(finishes: &[PastFinish], limit: usize, lang: Lang) -> Option<String> {
    let board = records(finishes);
    if board.is_empty() {
        return None;
    }
    let mut lines = vec![tr!(lang, "records-heading")];
    for (i, r) in board.iter().take(limit).enumerate() {
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
    Some(lines.join("\n"))
}

/// One's own Labscape record in words; `None` without a finished Labscape game.
pub fn own_record(finishes: &[PastFinish], lang: Lang) -> Option<String> {
    let r = records(finishes).into_iter().next()?;
    Some(tr!(
        lang,
        "records-me",
        games = r.games,
        escaped = r.escaped,
        dawn = r.caught_at_dawn,
        left = r.left_behind,
        robot = r.caught_by_robot,
        food = r.most_food.unwrap_or(0)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn past(user: &str, finish: &str, food: i64, robot: i64) -> PastFinish {
        PastFinish {
            user_id: user.into(),
            name: user.to_uppercase(),
            rank: 1,
            finish: finish.into(),
            extra: Some(
                Tally {
                    food,
                    time: 3,
                    caught_by_robot: robot,
                }
                .to_extra(),
            ),
        }
    }

    /// The figures a leaderboard counted in SQL before the store stopped reading them.
    #[test]
    fn records_count_escapes_food_and_catches_best_first() {
        let rows = [
            past("ana", "escaped", 2, 1),
            past("bo", "caught_at_dawn", 5, 2),
            past("bo", "escaped", 4, 0),
            past("ana", "left_behind", 1, 0),
            past("cy", "escaped", 7, 0),
            past("bo", "escaped", 1, 1),
            // A result the game kept no figures for counts for nothing.
            PastFinish {
                extra: None,
                ..past("dee", "escaped", 0, 0)
            },
        ];
        let board = records(&rows);
        let got: Vec<_> = board
            .iter()
            .map(|r| (r.user_id.as_str(), r.games, r.escaped, r.most_food))
            .collect();
        assert_eq!(
            got,
            [
                ("bo", 3, 2, Some(4)),
                ("cy", 1, 1, Some(7)),
                ("ana", 2, 1, Some(2)),
            ],
            "most escapes first, then the most food carried out"
        );
        let bo = &board[0];
        assert_eq!(
            (
                bo.name.as_str(),
                bo.caught_at_dawn,
                bo.left_behind,
                bo.caught_by_robot
            ),
            ("BO", 1, 0, 3)
        );
        let text = leaderboard(&rows, 1, Lang::En).unwrap();
        assert!(text.contains("BO") && !text.contains("CY"), "{text}");
        assert_eq!(leaderboard(&[], 10, Lang::En), None);
        assert_eq!(own_record(&[], Lang::En), None);
    }

    #[test]
    fn a_tally_reads_back_what_it_wrote_and_the_old_tables_text() {
        let t = Tally {
            food: 4,
            time: 9,
            caught_by_robot: 2,
        };
        assert_eq!(Tally::from_extra(Some(&t.to_extra())), Some(t));
        // PostgreSQL's json_build_object, as the migration that moved the old table wrote it.
        assert_eq!(
            Tally::from_extra(Some(r#"{"food" : 4, "time" : 9, "caught_by_robot" : 2}"#)),
            Some(t)
        );
        assert_eq!(Tally::from_extra(None), None);
        assert_eq!(Tally::from_extra(Some("not json")), None);
    }
}
