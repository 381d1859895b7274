//! Every sentence a player reads, decided in one place: refusals, turn stories, status.
//!
//! The service and the adapters never write player-facing English themselves; they call
//! these functions, so a second language (issue: Brazilian Portuguese) replaces one module.

use std::fmt::Write;

use labscape_core::labscape::{
    ActionError, Event, LayoutError, NewGameError, ParseActionError, Phase, Position, RobotCause,
    Seat, Status, Table,
};

use super::command::CommandParseError;
use crate::i18n::{Lang, tr};

/// A refusal the user caused: a clear message in the asker's language, and nothing
/// changed. `Display` gives the English text, for logs.
#[derive(Debug)]
pub enum UserError {
    /// No live game in this chat.
    NoGame,
    /// A live game already exists here (its name).
    GameHere(String),
    /// Not seated.
    NotSeated,
    /// Already seated.
    AlreadySeated,
    /// Lobby full (its seat count).
    Full(u8),
    /// Only the creator may do this.
    NotCreator(Deed),
    /// Only the creator or an admin may do this.
    NotCreatorOrAdmin(Deed),
    /// The game has not started.
    NotStarted,
    /// The game has started.
    AlreadyStarted,
    /// Leaving a running game.
    CannotLeave,
    /// The turn moved on (old button or a race).
    MovedOn,
    /// A retried delivery.
    AlreadyHandled,
    /// A command that cannot be read.
    BadCommand(CommandParseError),
    /// An action that cannot be read.
    BadAction(ParseActionError),
    /// An illegal action.
    Illegal(ActionError),
    /// A bad option for `new`.
    BadOption(OptionProblem),
    /// Unknown rules topic.
    UnknownTopic(String),
    /// Unknown table.
    UnknownTable(String),
    /// Only the awaited player may snooze.
    NotAwaited,
    /// A settings or preferences value that cannot be read.
    BadSetting(SettingProblem),
    /// Unknown computer policy (the name, the known names).
    UnknownPolicy(String, String),
}

/// What only a game's creator (or a chat admin) may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Deed {
    /// `/addbot`.
    AddBots,
    /// `/start`.
    Start,
    /// `/abandon`.
    Abandon,
    /// `/settings …`.
    ChangeSettings,
    /// `/settings language …`.
    ChangeLanguage,
}

/// Why the options of `/new` cannot be used.
#[derive(Debug)]
pub enum OptionProblem {
    /// The layout does not read.
    Layout(LayoutError),
    /// Not a difficulty.
    Difficulty(String),
    /// Not a setup mode.
    Setup(String),
    /// Seats out of range.
    Players(u8),
    /// The engine refuses to start the game.
    CannotStart(NewGameError),
}

/// Why a value of `/settings`, `/me` or `/away` cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SettingProblem {
    /// A key without a value.
    NeedsValue(String),
    /// Not a time zone.
    TimeZone(String),
    /// Not quiet hours.
    Quiet(String),
    /// Not a preference name.
    UnknownPreference(String),
    /// Not a language the bot speaks.
    Language(String),
    /// `/away` without a time.
    AwayWhen,
    /// Not a future time.
    AwayPast(String),
    /// Not a duration.
    Duration(String),
    /// Not a reminder limit.
    Limit(String),
    /// Not a deadline policy.
    Policy(String),
    /// Not a setting name.
    UnknownSetting(String),
}

impl From<CommandParseError> for UserError {
    fn from(e: CommandParseError) -> Self {
        UserError::BadCommand(e)
    }
}
impl From<ParseActionError> for UserError {
    fn from(e: ParseActionError) -> Self {
        UserError::BadAction(e)
    }
}
impl From<ActionError> for UserError {
    fn from(e: ActionError) -> Self {
        UserError::Illegal(e)
    }
}
impl From<OptionProblem> for UserError {
    fn from(e: OptionProblem) -> Self {
        UserError::BadOption(e)
    }
}
impl From<SettingProblem> for UserError {
    fn from(e: SettingProblem) -> Self {
        UserError::BadSetting(e)
    }
}

impl std::fmt::Display for UserError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message(Lang::En))
    }
}

impl std::error::Error for UserError {}

impl UserError {
    /// The refusal, in `lang`.
    pub fn message(&self, lang: Lang) -> String {
        match self {
            UserError::NoGame => tr!(lang, "error-no-game"),
            UserError::GameHere(game) => tr!(lang, "error-game-here", game = game.as_str()),
            UserError::NotSeated => tr!(lang, "error-not-seated"),
            UserError::AlreadySeated => tr!(lang, "error-already-seated"),
            UserError::Full(seats) => tr!(lang, "error-full", seats = *seats),
            UserError::NotCreator(d) => tr!(lang, "error-not-creator", deed = d.text(lang)),
            UserError::NotCreatorOrAdmin(d) => {
                tr!(lang, "error-not-creator-or-admin", deed = d.text(lang))
            }
            UserError::NotStarted => tr!(lang, "error-not-started"),
            UserError::AlreadyStarted => tr!(lang, "error-already-started"),
            UserError::CannotLeave => tr!(lang, "error-cannot-leave"),
            UserError::MovedOn => tr!(lang, "error-moved-on"),
            UserError::AlreadyHandled => tr!(lang, "error-already-handled"),
            UserError::BadCommand(e) => {
                tr!(lang, "error-cant-read", problem = command_problem(e, lang))
            }
            UserError::BadAction(e) => {
                tr!(
                    lang,
                    "error-cant-read",
                    problem = parse_action_problem(e, lang)
                )
            }
            UserError::Illegal(e) => tr!(lang, "error-illegal", problem = action_problem(e, lang)),
            UserError::BadOption(p) => tr!(lang, "error-cant-read", problem = p.text(lang)),
            UserError::UnknownTopic(t) => tr!(
                lang,
                "error-unknown-topic",
                topic = t.as_str(),
                topics = super::help::TOPICS.join(", ")
            ),
            UserError::UnknownTable(t) => tr!(lang, "error-unknown-table", table = t.as_str()),
            UserError::NotAwaited => tr!(lang, "error-not-awaited"),
            UserError::BadSetting(p) => tr!(lang, "error-cant-read", problem = p.text(lang)),
            UserError::UnknownPolicy(p, known) => tr!(
                lang,
                "error-unknown-policy",
                policy = p.as_str(),
                policies = known.as_str()
            ),
        }
    }
}

impl Deed {
    fn text(self, lang: Lang) -> String {
        match self {
            Deed::AddBots => tr!(lang, "deed-add-bots"),
            Deed::Start => tr!(lang, "deed-start"),
            Deed::Abandon => tr!(lang, "deed-abandon"),
            Deed::ChangeSettings => tr!(lang, "deed-change-settings"),
            Deed::ChangeLanguage => tr!(lang, "deed-change-language"),
        }
    }
}

impl OptionProblem {
    /// What is wrong, in `lang` (a clause, no final full stop).
    pub fn text(&self, lang: Lang) -> String {
        match self {
            OptionProblem::Layout(e) => tr!(
                lang,
                "option-layout",
                problem = e.to_string(),
                presets = super::help::presets()
            ),
            OptionProblem::Difficulty(v) => tr!(lang, "option-difficulty", value = v.as_str()),
            OptionProblem::Setup(v) => tr!(lang, "option-setup", value = v.as_str()),
            OptionProblem::Players(n) => tr!(lang, "option-players", value = *n),
            OptionProblem::CannotStart(e) => {
                tr!(lang, "option-cannot-start", problem = e.to_string())
            }
        }
    }
}

impl SettingProblem {
    /// What is wrong, in `lang` (a clause, no final full stop).
    pub fn text(&self, lang: Lang) -> String {
        match self {
            SettingProblem::NeedsValue(k) => tr!(lang, "setting-needs-value", key = k.as_str()),
            SettingProblem::TimeZone(v) => tr!(lang, "setting-time-zone", value = v.as_str()),
            SettingProblem::Quiet(v) => tr!(lang, "setting-quiet", value = v.as_str()),
            SettingProblem::UnknownPreference(k) => {
                tr!(lang, "setting-unknown-pref", key = k.as_str())
            }
            SettingProblem::Language(v) => tr!(lang, "setting-language", value = v.as_str()),
            SettingProblem::AwayWhen => tr!(lang, "setting-away-when"),
            SettingProblem::AwayPast(v) => tr!(lang, "setting-away-past", value = v.as_str()),
            SettingProblem::Duration(v) => tr!(lang, "setting-duration", value = v.as_str()),
            SettingProblem::Limit(v) => tr!(lang, "setting-limit", value = v.as_str()),
            SettingProblem::Policy(v) => tr!(lang, "setting-policy", value = v.as_str()),
            SettingProblem::UnknownSetting(k) => tr!(lang, "setting-unknown", key = k.as_str()),
        }
    }
}

/// A command line that cannot be read, in `lang`.
fn command_problem(e: &CommandParseError, lang: Lang) -> String {
    match e {
        CommandParseError::TooLong => tr!(lang, "parse-too-long", max = super::command::MAX_LINE),
        CommandParseError::Unknown(c) => tr!(lang, "parse-unknown-command", command = c.as_str()),
        CommandParseError::BadCount(v) => tr!(lang, "parse-bad-count", value = v.as_str()),
        CommandParseError::BadNewArg(v) => tr!(lang, "parse-bad-new-arg", value = v.as_str()),
        CommandParseError::BadPlayers(n) => tr!(lang, "option-players", value = *n),
    }
}

/// An action text that cannot be read, in `lang`.
fn parse_action_problem(e: &ParseActionError, _lang: Lang) -> String {
    e.to_string()
}

/// Why the rules refuse an action, in `lang`.
fn action_problem(e: &ActionError, _lang: Lang) -> String {
    e.to_string()
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
