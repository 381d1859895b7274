//! Every sentence a player reads, decided in one place: refusals, turn stories, status.
//!
//! The service and the adapters never write player-facing English themselves; they call
//! these functions, so a second language (issue: Brazilian Portuguese) replaces one module.

use std::fmt::Write;

use labscape_core::labscape::{
    ActionError, Event, ParseActionError, Phase, Position, RobotCause, Seat, Status, Table,
};
use thiserror::Error;

use super::command::CommandParseError;

/// A refusal the user caused: a clear message, and nothing changed.
#[derive(Debug, Error)]
pub enum UserError {
    /// No live game in this chat.
    #[error(
        "There is no game in this chat. Start one with /new (for example: /new pyramid medium)."
    )]
    NoGame,
    /// A live game already exists here.
    #[error("This chat already has a game ({0}). Finish or /abandon it before starting another.")]
    GameHere(String),
    /// Not seated.
    #[error("You are not playing in this game. /join it while it is in the lobby.")]
    NotSeated,
    /// Already seated.
    #[error("You already have a seat in this game.")]
    AlreadySeated,
    /// Lobby full.
    #[error("The game is full ({0} seats).")]
    Full(u8),
    /// Only the creator may do this.
    #[error("Only the game's creator can {0}.")]
    NotCreator(&'static str),
    /// Only the creator or an admin may do this.
    #[error("Only the game's creator or a chat admin can {0}.")]
    NotCreatorOrAdmin(&'static str),
    /// The game has not started.
    #[error("The game has not started yet. The creator starts it with /start.")]
    NotStarted,
    /// The game has started.
    #[error("The game has already started.")]
    AlreadyStarted,
    /// Leaving a running game.
    #[error("The game is under way, so seats are fixed. The creator can /abandon it.")]
    CannotLeave,
    /// The turn moved on (old button or a race).
    #[error("The game moved on since that was sent. Look again at the latest turn.")]
    MovedOn,
    /// A retried delivery.
    #[error("That was already done.")]
    AlreadyHandled,
    /// A command that cannot be read.
    #[error("I can't read that: {0}")]
    BadCommand(#[from] CommandParseError),
    /// An action that cannot be read.
    #[error("I can't read that: {0}")]
    BadAction(#[from] ParseActionError),
    /// An illegal action.
    #[error("You can't do that now: {0}.")]
    Illegal(#[from] ActionError),
    /// A bad option for `new`.
    #[error("I can't read that: {0}")]
    BadOption(String),
    /// Unknown rules topic.
    #[error("There is no rules topic “{0}”. Topics: {topics}.", topics = super::help::TOPICS.join(", "))]
    UnknownTopic(String),
    /// Unknown table.
    #[error("There is no table “{0}”. Tables: search, special, start, dawn, items.")]
    UnknownTable(String),
    /// Only the awaited player may snooze.
    #[error("Only the player whose turn it is can snooze its reminders.")]
    NotAwaited,
    /// A settings or preferences option that cannot be read.
    #[error("I can't read that: {0}")]
    BadSetting(String),
    /// Unknown computer policy.
    #[error("There is no computer player “{0}”. Try: {1}.")]
    UnknownPolicy(String, String),
}

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
pub fn describe(events: &[Event], names: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    for e in events {
        let line = match e {
            Event::FirstPlayer { rounds, seat } => {
                let mut s = String::from("Dice for the first player: ");
                for (i, round) in rounds.iter().enumerate() {
                    if i > 0 {
                        s.push_str("; tie, again: ");
                    }
                    let parts: Vec<String> = round
                        .iter()
                        .map(|(p, d)| {
                            format!("{} {}+{}={}", name(names, *p), d[0], d[1], d[0] + d[1])
                        })
                        .collect();
                    s.push_str(&parts.join(", "));
                }
                let _ = write!(s, ". {} starts.", name(names, *seat));
                s
            }
            Event::WallPlaced { seat, floor, wall } => {
                format!(
                    "{} placed the wall {wall} on floor {floor}.",
                    name(names, *seat)
                )
            }
            Event::ItemPlaced {
                seat,
                floor,
                cell,
                item,
            } => {
                format!(
                    "{} placed a {} token on {cell} (floor {floor}).",
                    name(names, *seat),
                    item.name()
                )
            }
            Event::Autofilled {
                seat,
                floor,
                walls,
                items,
            } => format!(
                "{} filled the rest of floor {floor} at random: {} walls, {} items.",
                name(names, *seat),
                walls.len(),
                items.len()
            ),
            Event::FloorBuilt { floor } => format!("Floor {floor} is complete."),
            Event::FloorSetUp {
                floor,
                starts,
                exit,
                robot,
            } => {
                let st: Vec<String> = starts
                    .iter()
                    .map(|(p, c)| format!("{} on {c}", name(names, *p)))
                    .collect();
                format!(
                    "Floor {floor} is set: {}. The exit is on {exit}, the robot on {robot}.",
                    st.join(", ")
                )
            }
            Event::Moved {
                seat,
                path,
                minutes,
                ..
            } => {
                let to = path.last().map(ToString::to_string).unwrap_or_default();
                let via: Vec<String> = path.iter().map(ToString::to_string).collect();
                if path.len() > 1 {
                    format!(
                        "{} moved to {to} via {} ({minutes} min).",
                        name(names, *seat),
                        via.join(" → ")
                    )
                } else {
                    format!("{} moved to {to} ({minutes} min).", name(names, *seat))
                }
            }
            Event::KeyTaken { seat, cell } => format!(
                "{} took the key on {cell}: +1 group key.",
                name(names, *seat)
            ),
            Event::Rolled {
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
            } => {
                let who = name(names, *seat);
                let sum = dice[0] + dice[1];
                match table {
                    Table::SearchKeys => format!(
                        "{who} searched the key room {cell} (attempt row {row}): {}+{}={sum} → {} keys (group {}).",
                        dice[0],
                        dice[1],
                        signed(*result),
                        signed(*keys_delta)
                    ),
                    Table::SearchFood => format!(
                        "{who} searched the food room {cell} (attempt row {row}): {}+{}={sum} → {} food (now {}).",
                        dice[0],
                        dice[1],
                        signed(*result),
                        signed(*food_delta)
                    ),
                    Table::Special => {
                        let id = special.unwrap_or("?");
                        let what = special_name(id);
                        let mut s = format!(
                            "{who} opened the special room {cell}: {}+{}={sum}, {what}",
                            dice[0], dice[1]
                        );
                        let mut effects = Vec::new();
                        if *keys_delta != 0 {
                            effects.push(format!("group {} keys", signed(*keys_delta)));
                        }
                        if *food_delta != 0 {
                            effects.push(format!("{} food", signed(*food_delta)));
                        }
                        if *time_delta != 0 {
                            effects.push(format!("{} min", signed(*time_delta)));
                        }
                        if id == "alarm_test" {
                            effects.push("the robot moves now".into());
                        }
                        if effects.is_empty() {
                            effects.push("no effect".into());
                        }
                        let _ = write!(s, " ({}).", effects.join(", "));
                        s
                    }
                }
            }
            Event::WallRotated { seat, from, to } => {
                format!("{} moved the wall {from} to {to}.", name(names, *seat))
            }
            Event::Waited { seat, minutes } => {
                format!("{} waited {minutes} min.", name(names, *seat))
            }
            Event::Exited { seat, floor } => format!(
                "{} left floor {floor} through the exit.",
                name(names, *seat)
            ),
            Event::Escaped { seat } => format!("{} escaped from the building!", name(names, *seat)),
            Event::LimitSet { limit, .. } => {
                format!(
                    "The floor's limit marker is at {limit}: whoever is still here at {limit} is stuck."
                )
            }
            Event::RobotMoved {
                cause,
                from,
                path,
                target,
            } => {
                let why = match cause {
                    RobotCause::Trigger { mark } => format!("Minute {mark}: the robot"),
                    RobotCause::AlarmTest => String::from("Alarm test: the robot"),
                };
                match (target, path.is_empty()) {
                    (None, _) => format!("{why} finds nobody to chase and stays on {from}."),
                    (Some(_), true) => format!("{why} stays on {from}."),
                    (Some(_), false) => {
                        let p: Vec<String> = std::iter::once(from)
                            .chain(path.iter())
                            .map(ToString::to_string)
                            .collect();
                        format!("{why} moves {}.", p.join(" → "))
                    }
                }
            }
            Event::Caught {
                seat,
                at,
                to,
                minutes,
                keys_lost,
            } => format!(
                "The robot caught {} on {at}: +{minutes} min, the group loses {keys_lost} keys; carried off to {to}.",
                name(names, *seat)
            ),
            Event::TimedOut { seat, time } => {
                format!(
                    "{} reached the limit marker (time {time}) and is stuck on this floor.",
                    name(names, *seat)
                )
            }
            Event::CaughtAtDawn { seat, time } => {
                format!(
                    "Dawn! {} is caught at minute {time} and out of the game.",
                    name(names, *seat)
                )
            }
            Event::LeftBehind { seat } => format!(
                "{} did not get out of the building in time.",
                name(names, *seat)
            ),
            Event::FloorEnded { floor } => format!("Floor {floor} is over."),
            Event::Penalized {
                seat,
                minutes,
                food_lost,
            } => format!(
                "{} pays for being stuck: +{minutes} min and loses {food_lost} food.",
                name(names, *seat)
            ),
            Event::WatermarkReset { .. } => continue,
            Event::GameOver {
                escaped,
                top_forager,
            } => {
                if escaped.is_empty() {
                    String::from("Game over: nobody escaped. The scientists arrive at dawn.")
                } else {
                    let e: Vec<&str> = escaped.iter().map(|s| name(names, *s)).collect();
                    let t: Vec<&str> = top_forager.iter().map(|s| name(names, *s)).collect();
                    format!(
                        "Game over! Escaped: {}. Most food carried out: {}.",
                        e.join(", "),
                        t.join(", ")
                    )
                }
            }
        };
        out.push(line);
    }
    out
}

/// The English name of a special-table entry.
pub fn special_name(id: &str) -> &'static str {
    labscape_core::labscape::STANDARD
        .special_table
        .iter()
        .find(|e| e.id == id)
        .map(|e| e.name)
        .unwrap_or("?")
}

/// The heading of every game message, so players in several games know which one it is.
pub fn heading(game_name: &str, turn: i64) -> String {
    format!("**{game_name}** · turn {turn}")
}

/// Who acts next, with the essentials.
pub fn next_up(pos: &Position) -> String {
    match (pos.phase(), pos.active()) {
        (Phase::Over, _) | (_, None) => String::new(),
        (Phase::Setup(d), Some(s)) => format!(
            "Next to place: {} (floor {} being built; walls per module: {}).",
            pos.player(s).name(),
            d.building,
            pos.walls_per_module()
                .iter()
                .map(|(_, n)| n.to_string())
                .collect::<Vec<_>>()
                .join("/")
        ),
        (Phase::Play, Some(s)) => {
            let p = pos.player(s);
            format!(
                "Next: {} (time {}, on {}). Keys {}/{} · dawn {}{}",
                p.name(),
                p.time(),
                p.cell().map(|c| c.to_string()).unwrap_or_default(),
                pos.keys(),
                pos.keys_needed(),
                pos.dawn(),
                pos.limit()
                    .map(|l| format!(" · floor limit {l}"))
                    .unwrap_or_default()
            )
        }
    }
}

/// A status name for players.
pub fn status_name(s: Status) -> &'static str {
    match s {
        Status::Acting => "acting",
        Status::Exited => "exited (waiting)",
        Status::TimedOut => "stuck (timed out)",
        Status::Escaped => "escaped",
        Status::Out => "out",
    }
}

/// The full status text of a running game.
pub fn status(game_name: &str, turn: i64, pos: &Position, notes: &[Option<String>]) -> String {
    let mut s = heading(game_name, turn);
    let _ = write!(
        s,
        "\n{} · {} · floor {} of {} · keys {}/{} · dawn {}",
        pos.layout(),
        pos.difficulty(),
        pos.floor(),
        pos.layout().floor_count() - 1,
        pos.keys(),
        pos.keys_needed(),
        pos.dawn()
    );
    if let Some(l) = pos.limit() {
        let _ = write!(s, " · limit {l}");
    }
    if let (Some(e), Some(r)) = (pos.exit(), pos.robot()) {
        let _ = write!(
            s,
            "\nExit {e} · robot {r} · robot moves at the next multiple of 7 after {}",
            pos.watermark()
        );
    }
    let active = pos.active();
    for seat in pos.seats() {
        let p = pos.player(seat);
        let mark = if Some(seat) == active { "▶ " } else { "  " };
        let _ = write!(
            s,
            "\n{mark}{} — time {}, food {}, {}{}{}",
            p.name(),
            p.time(),
            p.food(),
            status_name(p.status()),
            p.cell().map(|c| format!(", on {c}")).unwrap_or_default(),
            notes
                .get(seat.index())
                .cloned()
                .flatten()
                .map(|n| format!(" ({n})"))
                .unwrap_or_default()
        );
    }
    let next = next_up(pos);
    if !next.is_empty() {
        let _ = write!(s, "\n{next}");
    }
    s
}
