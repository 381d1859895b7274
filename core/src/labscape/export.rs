//! A game's public record file (`/export`, `labscape verify`): the settings, the seed's
//! commitment, every turn with what chance produced in it, and, once the game has ended,
//! the seed itself and the final standings.
//!
//! The file is written for two readers. A person sees every roll, every drawn cell and
//! every robot move next to the action that caused it. [`verify`] replays the game from the
//! revealed seed and checks that the seed matches the commitment published at the start,
//! that every action was legal, and that every stated outcome is what the seed produces;
//! its [`Verdict`] names the first thing that does not match, in plain words.
//!
//! Only what chance decides is stated ([`Chance`]): the first-player draw, a random
//! building, the start cells, exit and robot of each floor, the 2d6 of each search, the
//! robot's moves and the cells caught players are carried to. Everything else follows from
//! the actions by the rules, and the replay checks it anyway.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::{
    action::{Action, ParseActionError},
    commitment,
    event::{Event, RobotCause, Seat, Table},
    play::ActionError,
    position::{Position, SetupMode},
    record::{Finish, Record, RecordError, Standing, TurnRecord, standings},
};

/// The format tag of this version of the record file.
pub const RECORD_FORMAT: &str = "labscape-record/1";

/// A game's record file. Serialize it as JSON; the bot and `labscape verify` do.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameExport {
    /// Always [`RECORD_FORMAT`] for this version.
    pub format: String,
    /// The game's name (`Labscape #12`).
    pub game: String,
    /// Layout (preset or notation).
    pub layout: String,
    /// Difficulty name.
    pub difficulty: String,
    /// `random` or `draft`.
    pub setup: String,
    /// Player names in seat order.
    pub players: Vec<String>,
    /// SHA-256 of the seed (hex), as published when the game started.
    pub seed_hash: String,
    /// The seed: only once the game has ended (or was abandoned).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<String>,
    /// What chance produced before the first turn.
    #[serde(default)]
    pub start: Vec<Chance>,
    /// Every turn, in order.
    pub turns: Vec<ExportTurn>,
    /// How each player finished, once the game is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<Vec<Standing>>,
}

/// One turn of a record file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExportTurn {
    /// Who played it.
    pub seat: u8,
    /// The action in the public notation.
    pub action: String,
    /// What chance produced during it, in order (empty: nothing was left to chance).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub outcome: Vec<Chance>,
}

/// A player's 2d6 in the first-player draw.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatDice {
    /// Who rolled.
    pub seat: u8,
    /// The two dice.
    pub dice: [u8; 2],
}

/// A player's start cell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatCell {
    /// Who.
    pub seat: u8,
    /// The cell.
    pub cell: String,
}

/// An item token on a cell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CellItem {
    /// The cell.
    pub cell: String,
    /// `key`, `food` or `special`.
    pub item: String,
}

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
fn building(pos: &Position) -> Vec<Chance> {
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

/// Everything a replay of a record's settings and seed gives, turn by turn.
struct Replayed {
    start: Vec<Chance>,
    turns: Vec<Vec<Chance>>,
    result: Option<Vec<Standing>>,
}

impl GameExport {
    /// The record file of a game. `reveal_seed` puts the seed in: do it only once the game
    /// has ended or was abandoned, since the seed foretells every future roll.
    ///
    /// # Errors
    /// [`RecordError`] if the record does not replay.
    pub fn new(game: &str, record: &Record, reveal_seed: bool) -> Result<GameExport, RecordError> {
        let replayed = replay(record)?;
        Ok(GameExport {
            format: RECORD_FORMAT.into(),
            game: game.into(),
            layout: record.layout.clone(),
            difficulty: record.difficulty.clone(),
            setup: record.setup.clone(),
            players: record.players.clone(),
            seed_hash: record.seed_commitment(),
            seed: reveal_seed.then(|| record.seed.clone()),
            start: replayed.start,
            turns: record
                .actions
                .iter()
                .zip(replayed.turns)
                .map(|(t, outcome)| ExportTurn {
                    seat: t.seat,
                    action: t.action.clone(),
                    outcome,
                })
                .collect(),
            result: replayed.result,
        })
    }

    /// The record (settings, seed, actions) this file describes, if it holds the seed.
    pub fn record(&self) -> Option<Record> {
        Some(Record {
            layout: self.layout.clone(),
            difficulty: self.difficulty.clone(),
            setup: self.setup.clone(),
            players: self.players.clone(),
            seed: self.seed.clone()?,
            actions: self
                .turns
                .iter()
                .map(|t| TurnRecord {
                    seat: t.seat,
                    action: t.action.clone(),
                })
                .collect(),
        })
    }
}

/// What `verify` concluded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every check passed.
    Verified(Verified),
    /// The first check that failed.
    NotVerified(Problem),
}

impl Verdict {
    /// Whether the record was verified.
    pub fn is_verified(&self) -> bool {
        matches!(self, Verdict::Verified(_))
    }
}

/// A verified game, in numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verified {
    /// The game's name.
    pub game: String,
    /// The seed commitment that matched.
    pub seed_hash: String,
    /// Turns replayed.
    pub turns: usize,
    /// 2d6 rolls checked (first-player draw and searches).
    pub rolls: usize,
    /// Cells drawn (start cells, exits, robots, carried-off players).
    pub cells: usize,
    /// Robot moves checked.
    pub robot_moves: usize,
    /// Who escaped.
    pub escaped: Vec<String>,
}

/// Why a record was not verified. Each message is a sentence a player can act on.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Problem {
    /// Not this version's format.
    #[error("the file's format is “{0}”, not {RECORD_FORMAT}")]
    Format(String),
    /// The seed is not in the record.
    #[error(
        "the record has no seed: the game is still running, and its seed stays secret until it ends"
    )]
    SeedWithheld,
    /// The seed does not hash to the commitment.
    #[error(
        "the seed does not match the commitment published at the start: it hashes to {actual}, the record's commitment is {stated}"
    )]
    SeedMismatch {
        /// The commitment in the record.
        stated: String,
        /// The seed's actual SHA-256.
        actual: String,
    },
    /// The settings do not make a game.
    #[error("the settings do not make a game: {0}")]
    Settings(RecordError),
    /// An action that cannot be read.
    #[error("turn {turn}: “{action}”: {error}")]
    Unreadable {
        /// 1-based turn.
        turn: usize,
        /// The action text.
        action: String,
        /// The problem.
        error: ParseActionError,
    },
    /// An action the rules refuse.
    #[error("turn {turn}: {player}'s “{action}” is not allowed there: {error}")]
    Illegal {
        /// 1-based turn.
        turn: usize,
        /// Who the record says played it.
        player: String,
        /// The action text.
        action: String,
        /// Why the rules refuse it.
        error: ActionError,
    },
    /// A stated outcome that differs from the seed's.
    #[error("{}: {detail}", turn_label(*turn))]
    Outcome {
        /// 1-based turn; `None` before the first turn.
        turn: Option<usize>,
        /// What differs.
        detail: String,
    },
    /// The record stops before the game is over.
    #[error(
        "the game is not over after the record's {turns} turns (every one of them does follow from the seed); only a finished game can be verified"
    )]
    NotOver {
        /// Turns in the record.
        turns: usize,
    },
    /// The stated result differs from the replay's.
    #[error("the result: {0}")]
    Result(String),
}

fn turn_label(turn: Option<usize>) -> String {
    match turn {
        None => "before the first turn".into(),
        Some(t) => format!("turn {t}"),
    }
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Verdict::NotVerified(p) => write!(f, "NOT verified: {p}."),
            Verdict::Verified(v) => {
                write!(
                    f,
                    "Verified: {}. The seed matches its commitment {}, and all {} turns follow from it: {} rolls, {} drawn cells and {} robot moves, each as recorded. ",
                    v.game, v.seed_hash, v.turns, v.rolls, v.cells, v.robot_moves
                )?;
                if v.escaped.is_empty() {
                    write!(f, "Nobody escaped.")
                } else {
                    write!(f, "Escaped: {}.", v.escaped.join(", "))
                }
            }
        }
    }
}

fn name(players: &[String], seat: u8) -> String {
    players
        .get(usize::from(seat))
        .cloned()
        .unwrap_or_else(|| format!("seat {seat}"))
}

fn dice(d: [u8; 2]) -> String {
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

/// The first difference between what a record states and what the seed gives, in words.
fn first_difference(stated: &[Chance], actual: &[Chance], players: &[String]) -> Option<String> {
    for (i, a) in actual.iter().enumerate() {
        let Some(s) = stated.get(i) else {
            return Some(format!(
                "the record leaves out what the seed gives next: {}",
                describe(a, players)
            ));
        };
        if s == a {
            continue;
        }
        let detail = match (s, a) {
            (
                Chance::Roll {
                    seat: s1,
                    dice: d1,
                    table: t1,
                    row: r1,
                    ..
                },
                Chance::Roll {
                    seat: s2,
                    dice: d2,
                    table: t2,
                    row: r2,
                    ..
                },
            ) if s1 == s2 && d1 != d2 && (t1, r1) == (t2, r2) => format!(
                "the record says {} rolled {}, the seed gives {}",
                name(players, *s1),
                dice(*d1),
                dice(*d2)
            ),
            (
                Chance::Building {
                    floor: f1,
                    walls: w1,
                    items: i1,
                },
                Chance::Building {
                    floor: f2,
                    walls: w2,
                    items: i2,
                },
            ) if f1 == f2 => building_difference(*f1, w1, i1, w2, i2),
            _ => format!(
                "the record says {}; the seed gives {}",
                describe(s, players),
                describe(a, players)
            ),
        };
        return Some(detail);
    }
    stated.get(actual.len()).map(|s| {
        format!(
            "the record says {}, but the seed gives nothing more here",
            describe(s, players)
        )
    })
}

fn building_difference(
    floor: usize,
    w1: &[String],
    i1: &[CellItem],
    w2: &[String],
    i2: &[CellItem],
) -> String {
    let absent = "nothing".to_string();
    if let Some(k) = (0..w1.len().max(w2.len())).find(|k| w1.get(*k) != w2.get(*k)) {
        return format!(
            "floor {floor}'s building: the record's wall {} is {}, the seed gives {}",
            k + 1,
            w1.get(k).unwrap_or(&absent),
            w2.get(k).unwrap_or(&absent)
        );
    }
    let item =
        |i: Option<&CellItem>| i.map_or(absent.clone(), |i| format!("{} {}", i.cell, i.item));
    let k = (0..i1.len().max(i2.len()))
        .find(|k| i1.get(*k) != i2.get(*k))
        .unwrap_or(0);
    format!(
        "floor {floor}'s building: the record's item {} is {}, the seed gives {}",
        k + 1,
        item(i1.get(k)),
        item(i2.get(k))
    )
}

/// Checks a record file: its seed matches the commitment, and replaying from the seed,
/// every action is legal, every stated outcome is the seed's, the game ends, and the
/// stated result is the replay's.
pub fn verify(export: &GameExport) -> Verdict {
    match check(export) {
        Ok(v) => Verdict::Verified(v),
        Err(p) => Verdict::NotVerified(p),
    }
}

fn check(x: &GameExport) -> Result<Verified, Problem> {
    if x.format != RECORD_FORMAT {
        return Err(Problem::Format(x.format.clone()));
    }
    let record = x.record().ok_or(Problem::SeedWithheld)?;
    let actual = commitment(&record.seed);
    if !actual.eq_ignore_ascii_case(x.seed_hash.trim()) {
        return Err(Problem::SeedMismatch {
            stated: x.seed_hash.clone(),
            actual,
        });
    }
    let replayed = replay(&record).map_err(|e| match e {
        RecordError::Unreadable { turn, error } => Problem::Unreadable {
            turn,
            action: x.turns[turn - 1].action.clone(),
            error,
        },
        RecordError::Illegal {
            turn,
            action,
            error,
        } => Problem::Illegal {
            turn,
            player: name(&x.players, x.turns[turn - 1].seat),
            action,
            error,
        },
        e => Problem::Settings(e),
    })?;
    if let Some(detail) = first_difference(&x.start, &replayed.start, &x.players) {
        return Err(Problem::Outcome { turn: None, detail });
    }
    for (i, (t, actual)) in x.turns.iter().zip(&replayed.turns).enumerate() {
        if let Some(detail) = first_difference(&t.outcome, actual, &x.players) {
            return Err(Problem::Outcome {
                turn: Some(i + 1),
                detail,
            });
        }
    }
    let Some(result) = replayed.result else {
        return Err(Problem::NotOver {
            turns: x.turns.len(),
        });
    };
    match &x.result {
        None => {
            return Err(Problem::Result(
                "the record states none, but the game is over".into(),
            ));
        }
        Some(stated) if *stated != result => {
            let k = (0..stated.len().max(result.len()))
                .find(|k| stated.get(*k) != result.get(*k))
                .unwrap_or(0);
            let say = |s: Option<&Standing>| s.map_or("nothing".into(), Standing::describe);
            return Err(Problem::Result(format!(
                "the record says {}; the replay gives {}",
                say(stated.get(k)),
                say(result.get(k))
            )));
        }
        Some(_) => {}
    }
    let all: Vec<&Chance> = replayed
        .start
        .iter()
        .chain(replayed.turns.iter().flatten())
        .collect();
    let rolls = all
        .iter()
        .map(|c| match c {
            Chance::FirstPlayer { rounds, .. } => rounds.iter().map(Vec::len).sum(),
            Chance::Roll { .. } => 1,
            _ => 0,
        })
        .sum();
    let cells = all
        .iter()
        .map(|c| match c {
            Chance::FloorSetUp { starts, .. } => starts.len() + 2,
            Chance::CarriedOff { .. } => 1,
            _ => 0,
        })
        .sum();
    let robot_moves = all
        .iter()
        .filter(|c| matches!(c, Chance::Robot { .. }))
        .count();
    Ok(Verified {
        game: x.game.clone(),
        seed_hash: actual,
        turns: x.turns.len(),
        rolls,
        cells,
        robot_moves,
        escaped: result
            .iter()
            .filter(|s| s.finish == Finish::Escaped)
            .map(|s| s.player.clone())
            .collect(),
    })
}

/// Replays a record turn by turn.
fn replay(record: &Record) -> Result<Replayed, RecordError> {
    let settings = record.settings()?;
    let (mut pos, setup) = Position::new_game(&settings, &record.seed)?;
    let mut start = Vec::new();
    if settings.setup == SetupMode::Random {
        // A random building is not in the events: read it off the fresh position, after
        // the first-player draw (the order the dice were drawn in).
        let (first, rest): (Vec<Event>, Vec<Event>) = setup
            .iter()
            .cloned()
            .partition(|e| matches!(e, Event::FirstPlayer { .. }));
        start.extend(chances(&first));
        start.extend(building(&pos));
        start.extend(chances(&rest));
    } else {
        start = chances(&setup);
    }
    let mut all = vec![setup];
    let mut turns = Vec::new();
    for (i, t) in record.actions.iter().enumerate() {
        let action = Action::parse(&t.action)
            .map_err(|error| RecordError::Unreadable { turn: i + 1, error })?;
        let events =
            pos.play(Some(Seat(t.seat)), &action)
                .map_err(|error| RecordError::Illegal {
                    turn: i + 1,
                    action: t.action.clone(),
                    error,
                })?;
        turns.push(chances(&events));
        all.push(events);
    }
    Ok(Replayed {
        start,
        turns,
        result: standings(&pos, &all),
    })
}

#[cfg(test)]
mod tests;
