//! Labscape's events told, one sentence each, grouped by kind: the set-up, a player's own
//! action, a roll on a table, the robot, and the ends of floors and of the game.

use labscape_core::labscape::{Event, RobotCause, Seat, Table};

use super::{item_name, list, special_name};
use crate::i18n::{Lang, tr};

fn name(names: &[String], s: Seat) -> &str {
    names.get(s.index()).map(String::as_str).unwrap_or("?")
}

fn signed(n: i32) -> String {
    if n >= 0 {
        format!("+{n}")
    } else {
        format!("−{}", -n)
    }
}

/// One sentence per event, in order.
pub fn describe(events: &[Event], names: &[String], lang: Lang) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| event_line(e, names, lang))
        .collect()
}

/// The sentence of one event; `None` for an event players are not told.
fn event_line(e: &Event, names: &[String], lang: Lang) -> Option<String> {
    Some(match e {
        Event::FirstPlayer { rounds, seat } => first_player_line(rounds, *seat, names, lang),
        Event::WallPlaced { .. }
        | Event::ItemPlaced { .. }
        | Event::Autofilled { .. }
        | Event::FloorBuilt { .. }
        | Event::FloorSetUp { .. } => setup_line(e, names, lang),
        Event::Moved { .. }
        | Event::KeyTaken { .. }
        | Event::WallRotated { .. }
        | Event::Waited { .. }
        | Event::Exited { .. }
        | Event::Escaped { .. } => deed_line(e, names, lang),
        Event::RobotMoved { .. } | Event::Caught { .. } => robot_line(e, names, lang),
        Event::LimitSet { .. }
        | Event::TimedOut { .. }
        | Event::CaughtAtDawn { .. }
        | Event::LeftBehind { .. }
        | Event::FloorEnded { .. }
        | Event::Penalized { .. }
        | Event::GameOver { .. } => end_line(e, names, lang),
        Event::Rolled { .. } => roll_line(e, names, lang),
        Event::WatermarkReset { .. } => return None,
    })
}

/// Who starts, with the rounds of dice that decided it.
fn first_player_line(
    rounds: &[Vec<(Seat, [u8; 2])>],
    seat: Seat,
    names: &[String],
    lang: Lang,
) -> String {
    let rounds: Vec<String> = rounds
        .iter()
        .map(|round| {
            round
                .iter()
                .map(|(p, d)| format!("{} {}+{}={}", name(names, *p), d[0], d[1], d[0] + d[1]))
                .collect::<Vec<_>>()
                .join(", ")
        })
        .collect();
    // Alone, nobody rolls: the one player starts.
    if rounds.iter().all(|r| r.is_empty()) {
        tr!(lang, "event-first-player-alone", who = name(names, seat))
    } else {
        tr!(
            lang,
            "event-first-player",
            rolls = rounds.join(&tr!(lang, "event-first-player-tie")),
            who = name(names, seat)
        )
    }
}

/// The set-up: the walls and items placed, the floors built and set up.
fn setup_line(e: &Event, names: &[String], lang: Lang) -> String {
    match e {
        Event::WallPlaced { seat, floor, wall } => tr!(
            lang,
            "event-wall-placed",
            who = name(names, *seat),
            wall = wall.to_string(),
            floor = *floor
        ),
        Event::ItemPlaced {
            seat,
            floor,
            cell,
            item,
        } => tr!(
            lang,
            "event-item-placed",
            who = name(names, *seat),
            item = item_name(*item, lang),
            cell = cell.to_string(),
            floor = *floor
        ),
        Event::Autofilled {
            seat,
            floor,
            walls,
            items,
        } => tr!(
            lang,
            "event-autofilled",
            who = name(names, *seat),
            floor = *floor,
            walls = walls.len(),
            items = items.len()
        ),
        Event::FloorBuilt { floor } => tr!(lang, "event-floor-built", floor = *floor),
        Event::FloorSetUp {
            floor,
            starts,
            exit,
            robot,
        } => {
            let st: Vec<String> = starts
                .iter()
                .map(|(p, c)| {
                    tr!(
                        lang,
                        "event-start-cell",
                        who = name(names, *p),
                        cell = c.to_string()
                    )
                })
                .collect();
            tr!(
                lang,
                "event-floor-set-up",
                floor = *floor,
                starts = st.join(", "),
                exit = exit.to_string(),
                robot = robot.to_string()
            )
        }
        _ => unreachable!("{e:?} is not told by setup_line"),
    }
}

/// A player's own action: a move, a key taken, a wall turned, a wait, an exit.
fn deed_line(e: &Event, names: &[String], lang: Lang) -> String {
    match e {
        Event::Moved {
            seat,
            path,
            minutes,
            ..
        } => {
            let to = path.last().map(ToString::to_string).unwrap_or_default();
            let via: Vec<String> = path.iter().map(ToString::to_string).collect();
            if path.len() > 1 {
                tr!(
                    lang,
                    "event-moved-via",
                    who = name(names, *seat),
                    to = to,
                    via = via.join(" → "),
                    minutes = *minutes
                )
            } else {
                tr!(
                    lang,
                    "event-moved",
                    who = name(names, *seat),
                    to = to,
                    minutes = *minutes
                )
            }
        }
        Event::KeyTaken { seat, cell } => tr!(
            lang,
            "event-key-taken",
            who = name(names, *seat),
            cell = cell.to_string()
        ),
        Event::WallRotated { seat, from, to } => tr!(
            lang,
            "event-wall-rotated",
            who = name(names, *seat),
            from = from.to_string(),
            to = to.to_string()
        ),
        Event::Waited { seat, minutes } => tr!(
            lang,
            "event-waited",
            who = name(names, *seat),
            minutes = *minutes
        ),
        Event::Exited { seat, floor } => tr!(
            lang,
            "event-exited",
            who = name(names, *seat),
            floor = *floor
        ),
        Event::Escaped { seat } => tr!(lang, "event-escaped", who = name(names, *seat)),
        _ => unreachable!("{e:?} is not told by deed_line"),
    }
}

/// The robot: its move and whom it caught.
fn robot_line(e: &Event, names: &[String], lang: Lang) -> String {
    match e {
        Event::RobotMoved {
            cause,
            from,
            path,
            target,
        } => {
            let why = match cause {
                RobotCause::Trigger { mark } => tr!(lang, "robot-why-trigger", mark = *mark),
                RobotCause::AlarmTest => tr!(lang, "robot-why-alarm"),
            };
            match (target, path.is_empty()) {
                (None, _) => tr!(lang, "event-robot-idle", why = why, from = from.to_string()),
                (Some(_), true) => tr!(
                    lang,
                    "event-robot-stays",
                    why = why,
                    from = from.to_string()
                ),
                (Some(_), false) => {
                    let p: Vec<String> = std::iter::once(from)
                        .chain(path.iter())
                        .map(ToString::to_string)
                        .collect();
                    tr!(lang, "event-robot-moves", why = why, path = p.join(" → "))
                }
            }
        }
        Event::Caught {
            seat,
            at,
            to,
            minutes,
            keys_lost,
        } => tr!(
            lang,
            "event-caught",
            who = name(names, *seat),
            at = at.to_string(),
            to = to.to_string(),
            minutes = *minutes,
            keys = *keys_lost
        ),
        _ => unreachable!("{e:?} is not told by robot_line"),
    }
}

/// Ends: a floor's limit set, a player out of time or left behind, the floor's and the
/// game's end.
fn end_line(e: &Event, names: &[String], lang: Lang) -> String {
    match e {
        Event::LimitSet { limit, .. } => tr!(lang, "event-limit-set", limit = *limit),
        Event::TimedOut { seat, time } => tr!(
            lang,
            "event-timed-out",
            who = name(names, *seat),
            time = *time
        ),
        Event::CaughtAtDawn { seat, time } => tr!(
            lang,
            "event-caught-at-dawn",
            who = name(names, *seat),
            time = *time
        ),
        Event::LeftBehind { seat } => {
            tr!(lang, "event-left-behind", who = name(names, *seat))
        }
        Event::FloorEnded { floor } => tr!(lang, "event-floor-ended", floor = *floor),
        Event::Penalized {
            seat,
            minutes,
            food_lost,
        } => tr!(
            lang,
            "event-penalized",
            who = name(names, *seat),
            minutes = *minutes,
            food = *food_lost
        ),
        Event::GameOver {
            escaped,
            top_forager,
        } => {
            if escaped.is_empty() {
                tr!(lang, "event-game-over-nobody")
            } else {
                let e: Vec<&str> = escaped.iter().map(|s| name(names, *s)).collect();
                let mut line = tr!(
                    lang,
                    "event-game-over",
                    escaped = list(&e, lang),
                    count = e.len()
                );
                // Everyone who escaped carried the same (a lone escaper, or all of them
                // with none): there is nobody to name as carrying the most.
                if top_forager.len() < escaped.len() {
                    let t: Vec<&str> = top_forager.iter().map(|s| name(names, *s)).collect();
                    line.push_str(&tr!(lang, "event-game-over-top", top = list(&t, lang)));
                }
                line
            }
        }
        _ => unreachable!("{e:?} is not told by end_line"),
    }
}

/// A search or a special: the dice, the table's row and what changed.
fn roll_line(e: &Event, names: &[String], lang: Lang) -> String {
    let Event::Rolled {
        seat,
        cell,
        dice,
        table,
        row,
        result,
        special,
        keys_delta,
        food_delta,
        time_delta,
        ..
    } = e
    else {
        unreachable!("{e:?} is not a roll")
    };
    let who = name(names, *seat);
    let roll = format!("{}+{}={}", dice[0], dice[1], dice[0] + dice[1]);
    // The table's number is the change; the counter moves by less only when
    // it would go below 0, and only then is the change applied told.
    match table {
        Table::SearchKeys => tr!(
            lang,
            if keys_delta == result {
                "event-search-keys"
            } else {
                "event-search-keys-floored"
            },
            who = who,
            cell = cell.to_string(),
            row = *row,
            roll = roll,
            result = signed(*result),
            count = result.unsigned_abs(),
            lost = keys_delta.unsigned_abs()
        ),
        Table::SearchFood => tr!(
            lang,
            if food_delta == result {
                "event-search-food"
            } else {
                "event-search-food-floored"
            },
            who = who,
            cell = cell.to_string(),
            row = *row,
            roll = roll,
            result = signed(*result),
            lost = food_delta.unsigned_abs()
        ),
        Table::Special => {
            let id = special.unwrap_or("?");
            let effects = special_effects(id, *keys_delta, *food_delta, *time_delta, lang);
            tr!(
                lang,
                "event-special",
                who = who,
                cell = cell.to_string(),
                roll = roll,
                what = special_name(id, lang),
                effects = effects
            )
        }
    }
}

/// What a special did, as a list: the changes to keys, food and time, the robot's move, or
/// nothing.
fn special_effects(
    id: &str,
    keys_delta: i32,
    food_delta: i32,
    time_delta: i32,
    lang: Lang,
) -> String {
    let mut effects = Vec::new();
    if keys_delta != 0 {
        effects.push(tr!(
            lang,
            "effect-keys",
            delta = signed(keys_delta),
            count = keys_delta.unsigned_abs()
        ));
    }
    if food_delta != 0 {
        effects.push(tr!(lang, "effect-food", delta = signed(food_delta)));
    }
    if time_delta != 0 {
        effects.push(tr!(lang, "effect-time", delta = signed(time_delta)));
    }
    if id == "alarm_test" {
        effects.push(tr!(lang, "effect-robot-moves"));
    }
    if effects.is_empty() {
        effects.push(tr!(lang, "effect-none"));
    }
    effects.join(", ")
}

#[cfg(test)]
mod tests {
    use labscape_core::labscape::Cell;

    use super::*;

    fn food_roll(result: i32, food_delta: i32) -> Event {
        Event::Rolled {
            seat: Seat(0),
            cell: "C4".parse::<Cell>().expect("a cell"),
            dice: [3, 4],
            table: Table::SearchFood,
            row: 1,
            result,
            special: None,
            effect: None,
            keys_delta: 0,
            food_delta,
            time_delta: 0,
        }
    }

    /// A search tells the table's number once, not "+1 food (now +1)", where the second
    /// number read as the total; the change applied is told only when the counter could
    /// not fall that far (issue 33.6).
    #[test]
    fn a_search_tells_its_number_once_and_the_floor_when_it_bites() {
        let names = ["ana".to_string()];
        let line = |e: Event, lang| describe(&[e], &names, lang).join(" ");
        let found = line(food_roll(1, 1), Lang::En);
        assert!(found.ends_with("3+4=7 → +1 food."), "{found}");
        assert!(
            !found.contains("now") && !found.contains("yours"),
            "{found}"
        );
        let floored = line(food_roll(-2, -1), Lang::En);
        assert!(
            floored.ends_with("→ −2 food; food never goes below 0, so they lose 1."),
            "{floored}"
        );
        let pt = line(food_roll(-2, 0), Lang::PtBr);
        assert!(pt.ends_with("então não perde nada."), "{pt}");
    }

    /// "Most food carried out" names someone only when it sets them apart: not when every
    /// escaper carried the same (all of them with none, as a newcomer's game ended).
    #[test]
    fn the_most_food_is_told_only_when_it_sets_someone_apart() {
        let names = ["ana".to_string(), "bo".to_string(), "cy".to_string()];
        let over = |top: &[u8]| {
            let e = Event::GameOver {
                escaped: vec![Seat(0), Seat(1)],
                top_forager: top.iter().map(|s| Seat(*s)).collect(),
            };
            describe(&[e], &names, Lang::En).join(" ")
        };
        let tied = over(&[0, 1]);
        assert!(tied.ends_with("2 escaped: ana and bo."), "{tied}");
        let one = over(&[1]);
        assert!(one.ends_with("Most food carried out: bo."), "{one}");
    }
}
