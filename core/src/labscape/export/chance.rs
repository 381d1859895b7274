//! What chance decided ([`Chance`]): read from a game's events, and told in words.

use serde::{Deserialize, Serialize};

use super::{CellItem, SeatCell, SeatDice};
use crate::labscape::{
    event::{Event, RobotCause, Table},
    position::Position,
};

/// One thing chance decided.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Chance {
    /// The 2d6 draw for the first player: each round of rolls, then who starts.
    FirstPlayer {
        /// Each round: the players who rolled in it and their dice.
        rounds: Vec<Vec<SeatDice>>,
        /// Who starts.
        seat: u8,
    },
    /// Walls and items placed at random: a floor of a random building, or a draft
    /// `autofill`.
    Building {
        /// The floor (0 is the ground floor).
        floor: usize,
        /// The walls placed, in order.
        walls: Vec<String>,
        /// The items placed, in order.
        items: Vec<CellItem>,
    },
    /// A floor set up for play: start cells, exit and robot drawn with d6s.
    FloorSetUp {
        /// The floor.
        floor: usize,
        /// Each acting player's start cell.
        starts: Vec<SeatCell>,
        /// The exit.
        exit: String,
        /// The robot.
        robot: String,
    },
    /// A roll on the search or special table.
    Roll {
        /// Who rolled.
        seat: u8,
        /// `search_keys`, `search_food` or `special`.
        table: String,
        /// The search table's attempt row, or the dice sum (special table).
        row: u32,
        /// The two dice.
        dice: [u8; 2],
        /// The search table's number (0 on the special table).
        result: i32,
        /// The special table's entry.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        special: Option<String>,
    },
    /// The robot moved.
    Robot {
        /// `trigger` (a multiple of 7 minutes was reached) or `alarm_test`.
        cause: String,
        /// The trigger square.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        mark: Option<u32>,
        /// Where it started.
        from: String,
        /// Every cell it entered (empty: it stayed).
        path: Vec<String>,
    },
    /// The robot caught a player, who was carried off to a drawn cell.
    CarriedOff {
        /// Who.
        seat: u8,
        /// Where they were caught.
        at: String,
        /// Where they were carried to.
        to: String,
    },
}

fn table_name(t: Table) -> &'static str {
    match t {
        Table::SearchKeys => "search_keys",
        Table::SearchFood => "search_food",
        Table::Special => "special",
    }
}

/// What chance decided among `events`, in order.
pub fn chances(events: &[Event]) -> Vec<Chance> {
    events
        .iter()
        .filter_map(|e| {
            Some(match e {
                Event::FirstPlayer { rounds, seat } => Chance::FirstPlayer {
                    rounds: rounds
                        .iter()
                        .map(|r| {
                            r.iter()
                                .map(|(s, dice)| SeatDice {
                                    seat: s.0,
                                    dice: *dice,
                                })
                                .collect()
                        })
                        .collect(),
                    seat: seat.0,
                },
                Event::Autofilled {
                    floor,
                    walls,
                    items,
                    ..
                } => Chance::Building {
                    floor: *floor,
                    walls: walls.iter().map(ToString::to_string).collect(),
                    items: items
                        .iter()
                        .map(|(c, k)| CellItem {
                            cell: c.to_string(),
                            item: k.name().into(),
                        })
                        .collect(),
                },
                Event::FloorSetUp {
                    floor,
                    starts,
                    exit,
                    robot,
                } => Chance::FloorSetUp {
                    floor: *floor,
                    starts: starts
                        .iter()
                        .map(|(s, c)| SeatCell {
                            seat: s.0,
                            cell: c.to_string(),
                        })
                        .collect(),
                    exit: exit.to_string(),
                    robot: robot.to_string(),
                },
                Event::Rolled {
                    seat,
                    dice,
                    table,
                    row,
                    result,
                    special,
                    ..
                } => Chance::Roll {
                    seat: seat.0,
                    table: table_name(*table).into(),
                    row: *row,
                    dice: *dice,
                    result: *result,
                    special: special.map(String::from),
                },
                Event::RobotMoved {
                    cause, from, path, ..
                } => {
                    let (cause, mark) = match cause {
                        RobotCause::Trigger { mark } => ("trigger", Some(*mark)),
                        RobotCause::AlarmTest => ("alarm_test", None),
                    };
                    Chance::Robot {
                        cause: cause.into(),
                        mark,
                        from: from.to_string(),
                        path: path.iter().map(ToString::to_string).collect(),
                    }
                }
                Event::Caught { seat, at, to, .. } => Chance::CarriedOff {
                    seat: seat.0,
                    at: at.to_string(),
                    to: to.to_string(),
                },
                _ => return None,
            })
        })
        .collect()
}

/// The walls and items of every floor of a position, as [`Chance::Building`] entries (the
/// random building of a new game, ground floor first).
pub(super) fn building(pos: &Position) -> Vec<Chance> {
    (0..pos.layout().floor_count())
        .filter_map(|f| pos.board(f).map(|b| (f, b)))
        .map(|(floor, b)| Chance::Building {
            floor,
            walls: b.walls().iter().map(ToString::to_string).collect(),
            items: b
                .items()
                .map(|(c, i)| CellItem {
                    cell: c.to_string(),
                    item: i.kind().name().into(),
                })
                .collect(),
        })
        .collect()
}

pub(super) fn name(players: &[String], seat: u8) -> String {
    players
        .get(usize::from(seat))
        .cloned()
        .unwrap_or_else(|| format!("seat {seat}"))
}

pub(super) fn dice(d: [u8; 2]) -> String {
    format!("{}+{}", d[0], d[1])
}

fn signed(n: i32) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

/// One chance outcome in words.
pub fn describe(c: &Chance, players: &[String]) -> String {
    match c {
        Chance::FirstPlayer { rounds, seat } => {
            let rounds: Vec<String> = rounds
                .iter()
                .map(|r| {
                    r.iter()
                        .map(|s| format!("{} {}", name(players, s.seat), dice(s.dice)))
                        .collect::<Vec<_>>()
                        .join(", ")
                })
                .collect();
            format!(
                "the first-player draw was {}, so {} starts",
                rounds.join("; then "),
                name(players, *seat)
            )
        }
        Chance::Building {
            floor,
            walls,
            items,
        } => format!(
            "floor {floor} got {} walls ({}) and {} items ({})",
            walls.len(),
            walls.join(" "),
            items.len(),
            items
                .iter()
                .map(|i| format!("{} {}", i.cell, i.item))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Chance::FloorSetUp {
            floor,
            starts,
            exit,
            robot,
        } => format!(
            "floor {floor} was set up with {}, the exit on {exit} and the robot on {robot}",
            starts
                .iter()
                .map(|s| format!("{} on {}", name(players, s.seat), s.cell))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Chance::Roll {
            seat,
            table,
            row,
            dice: d,
            result,
            special,
        } => {
            let outcome = match special {
                Some(s) => format!("on the special table: {s}"),
                None => {
                    let what = match table.as_str() {
                        "search_keys" => "key search",
                        "search_food" => "food search",
                        other => other,
                    };
                    format!("on the {what} table (attempt {row}): {}", signed(*result))
                }
            };
            format!("{} rolled {} {outcome}", name(players, *seat), dice(*d))
        }
        Chance::Robot {
            cause,
            mark,
            from,
            path,
        } => {
            let why = match (cause.as_str(), mark) {
                ("trigger", Some(m)) => format!(" (minute {m})"),
                ("alarm_test", _) => " (alarm test)".into(),
                _ => String::new(),
            };
            if path.is_empty() {
                format!("the robot stayed on {from}{why}")
            } else {
                format!("the robot moved from {from} to {}{why}", path.join(", "))
            }
        }
        Chance::CarriedOff { seat, at, to } => format!(
            "the robot caught {} on {at} and carried them to {to}",
            name(players, *seat)
        ),
    }
}
