//! The last turn in words: one phrase per notable event, for the header.

use labscape_core::labscape::{Event, Seat, Table};

use crate::{
    i18n::{signed, tr},
    labscape::context::Scene,
    labscape::names::{item_key, special_name},
};

impl Scene<'_> {
    /// One phrase per notable event of the last turn.
    pub(super) fn summary(&self) -> Vec<String> {
        self.view
            .events
            .iter()
            .filter_map(|e| self.phrase(e))
            .collect()
    }

    /// The phrase of event `e`, if it is notable. Every event is named here, so a new one
    /// is not left out unnoticed.
    fn phrase(&self, e: &Event) -> Option<String> {
        match e {
            Event::FirstPlayer { .. }
            | Event::WallPlaced { .. }
            | Event::ItemPlaced { .. }
            | Event::Autofilled { .. }
            | Event::FloorBuilt { .. }
            | Event::FloorSetUp { .. } => self.setup_phrase(e),
            Event::Moved { .. }
            | Event::KeyTaken { .. }
            | Event::Rolled { .. }
            | Event::WallRotated { .. }
            | Event::Waited { .. }
            | Event::Exited { .. }
            | Event::Escaped { .. } => self.turn_phrase(e),
            Event::LimitSet { .. }
            | Event::RobotMoved { .. }
            | Event::Caught { .. }
            | Event::TimedOut { .. }
            | Event::CaughtAtDawn { .. }
            | Event::LeftBehind { .. }
            | Event::FloorEnded { .. }
            | Event::Penalized { .. }
            | Event::GameOver { .. } => self.clock_phrase(e),
            Event::WatermarkReset { .. } => None,
        }
    }

    /// A phrase of setup: who plays first, what was placed, floors built and set up.
    fn setup_phrase(&self, e: &Event) -> Option<String> {
        let lang = self.lang();
        let n = |s: &Seat| self.name(*s).to_string();
        let s = match e {
            Event::FirstPlayer { seat, .. } => tr!(lang, "sum-first-player", who = n(seat)),
            Event::WallPlaced { seat, wall, .. } => tr!(
                lang,
                "sum-wall-placed",
                who = n(seat),
                wall = wall.to_string()
            ),
            Event::ItemPlaced {
                seat, cell, item, ..
            } => tr!(
                lang,
                "sum-item-placed",
                who = n(seat),
                item = item_key(*item),
                cell = cell.to_string()
            ),
            Event::Autofilled { seat, floor, .. } => {
                tr!(lang, "sum-autofilled", who = n(seat), floor = *floor)
            }
            Event::FloorBuilt { floor } => tr!(lang, "sum-floor-built", floor = *floor),
            Event::FloorSetUp { floor, .. } => tr!(lang, "sum-floor-set-up", floor = *floor),
            _ => return None,
        };
        Some(s)
    }

    /// A phrase of a player's turn: a move, a key, a roll, a rotation, a wait, an exit.
    fn turn_phrase(&self, e: &Event) -> Option<String> {
        let lang = self.lang();
        let n = |s: &Seat| self.name(*s).to_string();
        let s = match e {
            Event::Moved {
                seat,
                from,
                path,
                minutes,
                ..
            } => {
                let to = path.last().copied().unwrap_or(*from);
                let (from, to) = (from.to_string(), to.to_string());
                tr!(
                    lang,
                    "sum-moved",
                    who = n(seat),
                    from = from,
                    to = to,
                    minutes = *minutes
                )
            }
            Event::KeyTaken { seat, .. } => tr!(lang, "sum-key-taken", who = n(seat)),
            Event::Rolled {
                seat,
                dice,
                table,
                result,
                special,
                keys_delta,
                food_delta,
                time_delta,
                ..
            } => {
                let deltas = [*keys_delta, *food_delta, *time_delta];
                self.rolled(&n(seat), *dice, *table, *result, *special, deltas)
            }
            Event::WallRotated { seat, from, to } => tr!(
                lang,
                "sum-rotated",
                who = n(seat),
                from = from.to_string(),
                to = to.to_string()
            ),
            Event::Waited { seat, minutes } => {
                tr!(lang, "sum-waited", who = n(seat), minutes = *minutes)
            }
            Event::Exited { seat, floor } => {
                tr!(lang, "sum-exited", who = n(seat), floor = *floor)
            }
            Event::Escaped { seat } => tr!(lang, "sum-escaped", who = n(seat)),
            _ => return None,
        };
        Some(s)
    }

    /// A phrase of the clock and the robot: the limit, the robot, catches, time running
    /// out, a floor ending, penalties, the end of the game.
    fn clock_phrase(&self, e: &Event) -> Option<String> {
        let lang = self.lang();
        let n = |s: &Seat| self.name(*s).to_string();
        let s = match e {
            Event::LimitSet { limit, .. } => tr!(lang, "sum-limit-set", limit = *limit),
            Event::RobotMoved {
                from, path, target, ..
            } => match (path.last(), target) {
                (Some(to), _) => tr!(
                    lang,
                    "sum-robot-moved",
                    from = from.to_string(),
                    to = to.to_string()
                ),
                (None, Some(_)) => tr!(lang, "sum-robot-held"),
                (None, None) => tr!(lang, "sum-robot-idle"),
            },
            Event::Caught {
                seat,
                minutes,
                keys_lost,
                ..
            } => tr!(
                lang,
                "sum-caught",
                who = n(seat),
                minutes = *minutes,
                keys = *keys_lost
            ),
            Event::TimedOut { seat, .. } => tr!(lang, "sum-timed-out", who = n(seat)),
            Event::CaughtAtDawn { seat, .. } => {
                tr!(lang, "sum-caught-at-dawn", who = n(seat))
            }
            Event::LeftBehind { seat } => tr!(lang, "sum-left-behind", who = n(seat)),
            Event::FloorEnded { floor } => tr!(lang, "sum-floor-ended", floor = *floor),
            Event::Penalized {
                seat,
                minutes,
                food_lost: 0,
            } => tr!(
                lang,
                "sum-penalized-time",
                who = n(seat),
                minutes = *minutes
            ),
            Event::Penalized {
                seat,
                minutes,
                food_lost,
            } => {
                let (minutes, food) = (*minutes, *food_lost);
                tr!(
                    lang,
                    "sum-penalized",
                    who = n(seat),
                    minutes = minutes,
                    food = food
                )
            }
            Event::GameOver { .. } => tr!(lang, "sum-game-over"),
            _ => return None,
        };
        Some(s)
    }

    /// A roll on a table: the dice and what they found, with a note when there was nothing
    /// to lose, or the special drawn with its effects (`deltas`: keys, food, time).
    fn rolled(
        &self,
        who: &str,
        [a, b]: [u8; 2],
        table: Table,
        result: i32,
        special: Option<&str>,
        [keys_delta, food_delta, time_delta]: [i32; 3],
    ) -> String {
        let lang = self.lang();
        match table {
            Table::SearchKeys | Table::SearchFood => {
                let (mut r, applied) = if table == Table::SearchKeys {
                    let r = tr!(
                        lang,
                        "sum-rolled-keys",
                        who = who,
                        a = a,
                        b = b,
                        delta = signed(result),
                        n = result.unsigned_abs()
                    );
                    (r, keys_delta)
                } else {
                    let r = tr!(
                        lang,
                        "sum-rolled-food",
                        who = who,
                        a = a,
                        b = b,
                        delta = signed(result)
                    );
                    (r, food_delta)
                };
                if applied != result {
                    r = format!("{r} {}", tr!(lang, "sum-none-to-lose"));
                }
                r
            }
            Table::Special => {
                let name = special
                    .and_then(|id| self.pos.rules().special_table.iter().find(|s| s.id == id))
                    .map_or_else(
                        || tr!(lang, "special-unknown"),
                        |s| special_name(lang, s.id, s.name),
                    );
                let r = tr!(
                    lang,
                    "sum-rolled-special",
                    who = who,
                    a = a,
                    b = b,
                    name = name
                );
                let mut fx = Vec::new();
                if keys_delta != 0 {
                    fx.push(tr!(
                        lang,
                        "fx-keys",
                        delta = signed(keys_delta),
                        n = keys_delta.unsigned_abs()
                    ));
                }
                if food_delta != 0 {
                    fx.push(tr!(lang, "fx-food", delta = signed(food_delta)));
                }
                if time_delta != 0 {
                    fx.push(tr!(lang, "fx-time", delta = signed(time_delta)));
                }
                if fx.is_empty() {
                    r
                } else {
                    format!("{r} ({})", fx.join(", "))
                }
            }
        }
    }
}
