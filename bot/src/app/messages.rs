//! Every sentence a player reads, decided in one place: refusals, turn stories, status.
//!
//! The service and the adapters never write player-facing English themselves; they call
//! these functions, so a second language (issue: Brazilian Portuguese) replaces one module.

use std::fmt::Write;

use labscape_core::labscape::{
    ActionError, Difficulty, Event, ItemKind, LayoutError, NameError, NewGameError,
    ParseActionError, Phase, Position, RobotCause, RotationHint, STANDARD, Seat, SetupMode, Status,
    Table, UsageProblem,
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
    /// The lobby is a challenge to someone else (as the creator addressed them).
    NotInvited(String),
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
    /// `/replay` with no running game and no finished one in this chat.
    NothingToReplay,
    /// `/replay` on a bot that draws no replays.
    NoReplays,
    /// `/export` with no running game and no finished one in this chat.
    NothingToExport,
    /// `/luck` with no running game and no finished one in this chat.
    NoDiceYet,
    /// `/luck` about a game without dice (its name).
    NoDiceInGame(String),
    /// Options a game other than Labscape cannot use.
    GameOption(labscape_core::SettingsError),
    /// An action a game other than Labscape refused (its engine's sentence).
    Refused(labscape_core::AnyRefusal),
    /// Part `n` (1-based) of a turn typed at once was refused; nothing was played.
    RefusedPart(usize, String, labscape_core::AnyRefusal),
    /// A command only Labscape has so far (the game's name, the command).
    NotForThisGame(String, &'static str),
    /// A Labscape command (`/move`, `/table`…) in a chat playing another game (its name).
    LabscapeOnly(String),
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
            UserError::NotInvited(_) => tr!(lang, "error-not-invited"),
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
            UserError::NothingToReplay => tr!(lang, "error-nothing-to-replay"),
            UserError::NoReplays => tr!(lang, "error-no-replays"),
            UserError::NothingToExport => tr!(lang, "error-nothing-to-export"),
            UserError::NoDiceYet => tr!(lang, "error-no-dice-yet"),
            UserError::NoDiceInGame(game) => {
                tr!(lang, "error-no-dice-in-game", game = game.as_str())
            }
            UserError::GameOption(e) => tr!(lang, "error-game-option", problem = e.to_string()),
            UserError::Refused(e) => tr!(
                lang,
                "error-refused",
                problem = crate::games::refusal(e, lang)
            ),
            UserError::RefusedPart(n, part, e) => tr!(
                lang,
                "error-refused-part",
                n = *n,
                part = part.as_str(),
                problem = crate::games::refusal(e, lang)
            ),
            UserError::LabscapeOnly(game) => tr!(lang, "error-labscape-only", game = game.as_str()),
            UserError::NotForThisGame(game, command) => tr!(
                lang,
                "error-not-for-this-game",
                game = game.as_str(),
                command = *command
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
                problem = layout_problem(e, lang),
                presets = super::help::presets()
            ),
            OptionProblem::Difficulty(v) => tr!(lang, "option-difficulty", value = v.as_str()),
            OptionProblem::Setup(v) => tr!(lang, "option-setup", value = v.as_str()),
            OptionProblem::Players(n) => tr!(lang, "option-players", value = *n),
            OptionProblem::CannotStart(NewGameError::Players { got, min, max }) => tr!(
                lang,
                "option-cannot-start",
                count = *got,
                min = *min,
                max = *max
            ),
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
        CommandParseError::UnknownGame(v) => tr!(
            lang,
            "parse-unknown-game",
            value = v.as_str(),
            games = labscape_core::GameKind::ALL
                .iter()
                .map(|k| k.id())
                .collect::<Vec<_>>()
                .join(", ")
        ),
        CommandParseError::BadPlayers(n) => tr!(lang, "option-players", value = *n),
        CommandParseError::BadRecordsArg(v) => {
            tr!(lang, "parse-bad-records-arg", value = v.as_str())
        }
    }
}

/// An action text that cannot be read, in `lang`.
fn parse_action_problem(e: &ParseActionError, lang: Lang) -> String {
    match e {
        ParseActionError::Empty => tr!(lang, "parse-action-empty"),
        ParseActionError::TooLong => tr!(
            lang,
            "parse-action-too-long",
            max = labscape_core::labscape::MAX_ACTION_LEN
        ),
        ParseActionError::UnknownVerb(v) => tr!(lang, "parse-action-verb", verb = v.as_str()),
        ParseActionError::Usage { verb, problem, .. } => tr!(
            lang,
            "parse-action-usage",
            verb = *verb,
            problem = usage_problem(problem, lang),
            usage = usage_example(verb, lang)
        ),
    }
}

fn usage_example(verb: &str, lang: Lang) -> String {
    match verb {
        "move" => tr!(lang, "usage-move"),
        "rotate-wall" => tr!(lang, "usage-rotate-wall"),
        "wait" => tr!(lang, "usage-wait"),
        "wall" => tr!(lang, "usage-wall"),
        "item" => tr!(lang, "usage-item"),
        _ => tr!(lang, "usage-help"),
    }
}

fn usage_problem(p: &UsageProblem, lang: Lang) -> String {
    match p {
        UsageProblem::TakesNothing(verb) => tr!(lang, "usage-takes-nothing", verb = *verb),
        UsageProblem::BadMinutes(v) => tr!(
            lang,
            "usage-bad-minutes",
            value = v.as_str(),
            max = labscape_core::labscape::MAX_WAIT
        ),
        UsageProblem::WaitOneNumber => tr!(lang, "usage-wait-one-number"),
        UsageProblem::WallAndTarget => tr!(lang, "usage-wall-and-target"),
        UsageProblem::OneWall => tr!(lang, "usage-one-wall"),
        UsageProblem::Name(NameError::Cell(v)) => tr!(lang, "usage-bad-cell", value = v.as_str()),
        UsageProblem::Name(NameError::Wall(v)) => tr!(lang, "usage-bad-wall", value = v.as_str()),
        UsageProblem::ItemKind(v) => tr!(lang, "usage-item-kind", value = v.as_str()),
        UsageProblem::CellAndItem => tr!(lang, "usage-cell-and-item"),
        UsageProblem::WhereTo => tr!(lang, "usage-where-to"),
        UsageProblem::NotSteps(v) => tr!(lang, "usage-not-steps", value = v.as_str()),
        UsageProblem::TooManySteps => tr!(
            lang,
            "usage-too-many-steps",
            max = labscape_core::labscape::MAX_STEPS
        ),
    }
}

fn dir_word(dir: &str, lang: Lang) -> String {
    match dir {
        "north" => tr!(lang, "dir-north"),
        "east" => tr!(lang, "dir-east"),
        "south" => tr!(lang, "dir-south"),
        "west" => tr!(lang, "dir-west"),
        other => other.to_string(),
    }
}

/// Why the rules refuse an action, in `lang`.
fn action_problem(e: &ActionError, lang: Lang) -> String {
    match e {
        ActionError::GameOver => tr!(lang, "illegal-game-over"),
        ActionError::InSetup => tr!(lang, "illegal-in-setup"),
        ActionError::NotInSetup => tr!(lang, "illegal-not-in-setup"),
        ActionError::NoSuchSeat(n) => tr!(lang, "illegal-no-such-seat", seat = *n),
        ActionError::NotYourTurn { player, active } => tr!(
            lang,
            "illegal-not-your-turn",
            player = player.as_str(),
            active = active.as_str()
        ),
        ActionError::BlockedByWall {
            step,
            dir,
            from,
            wall,
        } => tr!(
            lang,
            "illegal-blocked-by-wall",
            step = *step,
            dir = dir_word(dir, lang),
            from = from.to_string(),
            wall = wall.to_string()
        ),
        ActionError::OffFloor { step, dir, from } => tr!(
            lang,
            "illegal-off-floor",
            step = *step,
            dir = dir_word(dir, lang),
            from = from.to_string()
        ),
        ActionError::NoSuchCell(c) => tr!(lang, "illegal-no-such-cell", cell = c.to_string()),
        ActionError::AlreadyThere(c) => tr!(lang, "illegal-already-there", cell = c.to_string()),
        ActionError::Unreachable { from, to } => tr!(
            lang,
            "illegal-unreachable",
            from = from.to_string(),
            to = to.to_string()
        ),
        ActionError::OnRobot { what, cell } => {
            let cell = cell.to_string();
            if *what == "search" {
                tr!(lang, "illegal-search-on-robot", cell = cell)
            } else {
                tr!(lang, "illegal-rotate-on-robot", cell = cell)
            }
        }
        ActionError::NothingToSearch(c) => {
            tr!(lang, "illegal-nothing-to-search", cell = c.to_string())
        }
        ActionError::NotOnExit { at, exit } => tr!(
            lang,
            "illegal-not-on-exit",
            at = at.to_string(),
            exit = exit.to_string()
        ),
        ActionError::NotEnoughKeys {
            have,
            need,
            missing,
        } => tr!(
            lang,
            "illegal-not-enough-keys",
            have = *have,
            need = *need,
            missing = *missing
        ),
        ActionError::NoSuchWall(w) => tr!(lang, "illegal-no-such-wall", wall = w.to_string()),
        ActionError::NotARotation { from, to, at, hint } => {
            let hint = match hint {
                RotationHint::NoVertex { at, any_wall: true } => {
                    tr!(lang, "rotation-hint-no-vertex", at = at.to_string())
                }
                RotationHint::NoVertex {
                    at,
                    any_wall: false,
                } => tr!(lang, "rotation-hint-no-wall-has", at = at.to_string()),
                RotationHint::HowWallsTurn => tr!(lang, "rotation-hint-how"),
                RotationHint::OrNeighbour => tr!(lang, "rotation-hint-or-neighbour"),
            };
            tr!(
                lang,
                "illegal-not-a-rotation",
                from = from.to_string(),
                to = to.to_string(),
                at = at.to_string(),
                hint = hint
            )
        }
        ActionError::WallOverlaps { to, other } => tr!(
            lang,
            "illegal-wall-overlaps",
            to = to.to_string(),
            other = other.to_string()
        ),
        ActionError::WallOffFloor(w) => tr!(lang, "illegal-wall-off-floor", wall = w.to_string()),
        ActionError::CutsRobotOff { from, to } => tr!(
            lang,
            "illegal-cuts-robot-off",
            from = from.to_string(),
            to = to.to_string()
        ),
        ActionError::BadWait(n) => tr!(
            lang,
            "illegal-bad-wait",
            max = labscape_core::labscape::MAX_WAIT,
            value = *n
        ),
        ActionError::CellTaken { cell, item } => {
            let item = ItemKind::ALL
                .into_iter()
                .find(|k| item.starts_with(k.name()))
                .map(|k| item_name(k, lang))
                .unwrap_or_else(|| (*item).to_string());
            tr!(
                lang,
                "illegal-cell-taken",
                cell = cell.to_string(),
                item = item
            )
        }
        ActionError::PlacementOverlaps { wall, other } => tr!(
            lang,
            "illegal-placement-overlaps",
            wall = wall.to_string(),
            other = other.to_string()
        ),
        ActionError::NotOnBuildingFloor(what, floor) => tr!(
            lang,
            "illegal-not-on-building-floor",
            what = what.as_str(),
            floor = *floor
        ),
    }
}

/// Why a layout does not read, in `lang`.
fn layout_problem(e: &LayoutError, lang: Lang) -> String {
    use labscape_core::labscape::{MAX_FLOORS, MAX_MODULES, MAX_MODULES_SIDE};
    match e {
        LayoutError::Empty => tr!(lang, "layout-empty"),
        LayoutError::TooLong(n) => tr!(
            lang,
            "layout-too-long",
            count = *n,
            max = labscape_core::labscape::MAX_LAYOUT_LEN
        ),
        LayoutError::BadChar(c) => tr!(lang, "layout-bad-char", char = c.to_string()),
        LayoutError::EmptyFloor { floor } => tr!(lang, "layout-empty-floor", floor = *floor),
        LayoutError::TooManyFloors(n) => {
            tr!(lang, "layout-too-many-floors", count = *n, max = MAX_FLOORS)
        }
        LayoutError::TooManyModules(n) => {
            tr!(
                lang,
                "layout-too-many-modules",
                count = *n,
                max = MAX_MODULES
            )
        }
        LayoutError::TooWide { floor, across } => tr!(
            lang,
            "layout-too-wide",
            floor = *floor,
            count = *across,
            max = MAX_MODULES_SIDE
        ),
        LayoutError::TooTall { floor, down } => tr!(
            lang,
            "layout-too-tall",
            floor = *floor,
            count = *down,
            max = MAX_MODULES_SIDE
        ),
        LayoutError::Unsupported {
            floor,
            row,
            col,
            below,
        } => tr!(
            lang,
            "layout-unsupported",
            floor = *floor,
            row = *row,
            col = *col,
            below = *below
        ),
    }
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

/// A list of names: “Ana, Bo and Cy” / “Ana, Bo e Cy”.
pub fn list(items: &[&str], lang: Lang) -> String {
    match items {
        [] => String::new(),
        [one] => (*one).to_string(),
        [init @ .., last] => tr!(lang, "list-and", first = init.join(", "), last = *last),
    }
}

/// An item kind's name for players.
pub fn item_name(kind: ItemKind, lang: Lang) -> String {
    match kind {
        ItemKind::Key => tr!(lang, "item-key"),
        ItemKind::Food => tr!(lang, "item-food"),
        ItemKind::Special => tr!(lang, "item-special"),
    }
}

/// A difficulty's name for players.
pub fn difficulty_name(d: Difficulty, lang: Lang) -> String {
    match d {
        Difficulty::Easy => tr!(lang, "difficulty-easy"),
        Difficulty::Medium => tr!(lang, "difficulty-medium"),
        Difficulty::Hard => tr!(lang, "difficulty-hard"),
        Difficulty::Impossible => tr!(lang, "difficulty-impossible"),
    }
}

/// A stored difficulty name for players (as stored if unknown).
pub fn difficulty_named(stored: &str, lang: Lang) -> String {
    Difficulty::from_name(stored)
        .map(|d| difficulty_name(d, lang))
        .unwrap_or_else(|| stored.to_string())
}

/// A setup mode's name for players.
pub fn setup_name(stored: &str, lang: Lang) -> String {
    match SetupMode::from_name(stored) {
        Some(SetupMode::Random) => tr!(lang, "setup-random"),
        Some(SetupMode::Draft) => tr!(lang, "setup-draft"),
        None => stored.to_string(),
    }
}

/// One sentence per event, in order.
pub fn describe(events: &[Event], names: &[String], lang: Lang) -> Vec<String> {
    let mut out = Vec::new();
    for e in events {
        let line = match e {
            Event::FirstPlayer { rounds, seat } => {
                let rounds: Vec<String> = rounds
                    .iter()
                    .map(|round| {
                        round
                            .iter()
                            .map(|(p, d)| {
                                format!("{} {}+{}={}", name(names, *p), d[0], d[1], d[0] + d[1])
                            })
                            .collect::<Vec<_>>()
                            .join(", ")
                    })
                    .collect();
                tr!(
                    lang,
                    "event-first-player",
                    rolls = rounds.join(&tr!(lang, "event-first-player-tie")),
                    who = name(names, *seat)
                )
            }
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
                let roll = format!("{}+{}={}", dice[0], dice[1], dice[0] + dice[1]);
                match table {
                    Table::SearchKeys => tr!(
                        lang,
                        "event-search-keys",
                        who = who,
                        cell = cell.to_string(),
                        row = *row,
                        roll = roll,
                        result = signed(*result),
                        count = result.unsigned_abs(),
                        delta = signed(*keys_delta)
                    ),
                    Table::SearchFood => tr!(
                        lang,
                        "event-search-food",
                        who = who,
                        cell = cell.to_string(),
                        row = *row,
                        roll = roll,
                        result = signed(*result),
                        delta = signed(*food_delta)
                    ),
                    Table::Special => {
                        let id = special.unwrap_or("?");
                        let mut effects = Vec::new();
                        if *keys_delta != 0 {
                            effects.push(tr!(
                                lang,
                                "effect-keys",
                                delta = signed(*keys_delta),
                                count = keys_delta.unsigned_abs()
                            ));
                        }
                        if *food_delta != 0 {
                            effects.push(tr!(lang, "effect-food", delta = signed(*food_delta)));
                        }
                        if *time_delta != 0 {
                            effects.push(tr!(lang, "effect-time", delta = signed(*time_delta)));
                        }
                        if id == "alarm_test" {
                            effects.push(tr!(lang, "effect-robot-moves"));
                        }
                        if effects.is_empty() {
                            effects.push(tr!(lang, "effect-none"));
                        }
                        tr!(
                            lang,
                            "event-special",
                            who = who,
                            cell = cell.to_string(),
                            roll = roll,
                            what = special_name(id, lang),
                            effects = effects.join(", ")
                        )
                    }
                }
            }
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
            Event::LimitSet { limit, .. } => tr!(lang, "event-limit-set", limit = *limit),
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
            Event::WatermarkReset { .. } => continue,
            Event::GameOver {
                escaped,
                top_forager,
            } => {
                if escaped.is_empty() {
                    tr!(lang, "event-game-over-nobody")
                } else {
                    let e: Vec<&str> = escaped.iter().map(|s| name(names, *s)).collect();
                    let t: Vec<&str> = top_forager.iter().map(|s| name(names, *s)).collect();
                    tr!(
                        lang,
                        "event-game-over",
                        escaped = list(&e, lang),
                        top = list(&t, lang),
                        count = e.len()
                    )
                }
            }
        };
        out.push(line);
    }
    out
}

/// The name of a special-table entry, by its id.
pub fn special_name(id: &str, lang: Lang) -> String {
    match id {
        "master_keycard" => tr!(lang, "special-master-keycard"),
        "clock_tamper" => tr!(lang, "special-clock-tamper"),
        "ration_pack" => tr!(lang, "special-ration-pack"),
        "spare_key" => tr!(lang, "special-spare-key"),
        "bargain" => tr!(lang, "special-bargain"),
        "alarm_test" => tr!(lang, "special-alarm-test"),
        "heavy_crate" => tr!(lang, "special-heavy-crate"),
        "sticky_floor" => tr!(lang, "special-sticky-floor"),
        "mouldy_bread" => tr!(lang, "special-mouldy-bread"),
        "dropped_key" => tr!(lang, "special-dropped-key"),
        "tripwire" => tr!(lang, "special-tripwire"),
        // An entry added to the rules data without a translation yet.
        _ => labscape_core::labscape::STANDARD
            .special_table
            .iter()
            .find(|e| e.id == id)
            .map(|e| e.name)
            .unwrap_or("?")
            .to_string(),
    }
}

/// What a special-table entry does, by its id.
pub fn special_effect(id: &str, lang: Lang) -> String {
    match id {
        "master_keycard" => tr!(lang, "special-effect-master-keycard"),
        "clock_tamper" => tr!(lang, "special-effect-clock-tamper"),
        "ration_pack" => tr!(lang, "special-effect-ration-pack"),
        "spare_key" => tr!(lang, "special-effect-spare-key"),
        "bargain" => tr!(lang, "special-effect-bargain"),
        "alarm_test" => tr!(lang, "special-effect-alarm-test"),
        "heavy_crate" => tr!(lang, "special-effect-heavy-crate"),
        "sticky_floor" => tr!(lang, "special-effect-sticky-floor"),
        "mouldy_bread" => tr!(lang, "special-effect-mouldy-bread"),
        "dropped_key" => tr!(lang, "special-effect-dropped-key"),
        "tripwire" => tr!(lang, "special-effect-tripwire"),
        _ => "?".into(),
    }
}

/// The heading of every game message, so players in several games know which one it is.
pub fn heading(game_name: &str, turn: i64, lang: Lang) -> String {
    tr!(lang, "heading", game = game_name, turn = turn)
}

/// Who acts next, with the essentials.
pub fn next_up(pos: &Position, lang: Lang) -> String {
    match (pos.phase(), pos.active()) {
        (Phase::Over, _) | (_, None) => String::new(),
        (Phase::Setup(d), Some(s)) => tr!(
            lang,
            "next-to-place",
            who = pos.player(s).name(),
            floor = d.building,
            walls = pos
                .walls_per_module()
                .iter()
                .map(|(_, n)| n.to_string())
                .collect::<Vec<_>>()
                .join("/")
        ),
        (Phase::Play, Some(s)) => {
            let p = pos.player(s);
            let mut line = tr!(
                lang,
                "next-to-play",
                who = p.name(),
                time = p.time(),
                cell = p.cell().map(|c| c.to_string()).unwrap_or_default(),
                keys = pos.keys(),
                needed = pos.keys_needed(),
                dawn = pos.dawn()
            );
            if let Some(l) = pos.limit() {
                line.push_str(&tr!(lang, "next-floor-limit", limit = l));
            }
            line
        }
    }
}

/// A status name for players.
pub fn status_name(s: Status, lang: Lang) -> String {
    match s {
        Status::Acting => tr!(lang, "status-acting"),
        Status::Exited => tr!(lang, "status-exited"),
        Status::TimedOut => tr!(lang, "status-timed-out"),
        Status::Escaped => tr!(lang, "status-escaped"),
        Status::Out => tr!(lang, "status-out"),
    }
}

/// The full status text of a running game.
pub fn status(
    game_name: &str,
    turn: i64,
    pos: &Position,
    notes: &[Option<String>],
    lang: Lang,
) -> String {
    let mut s = heading(game_name, turn, lang);
    s.push('\n');
    s.push_str(&tr!(
        lang,
        "status-game",
        layout = pos.layout().to_string(),
        difficulty = difficulty_name(pos.difficulty(), lang),
        floor = pos.floor(),
        top = pos.layout().floor_count() - 1,
        keys = pos.keys(),
        needed = pos.keys_needed(),
        dawn = pos.dawn()
    ));
    if let Some(l) = pos.limit() {
        s.push_str(&tr!(lang, "status-limit", limit = l));
    }
    if let (Some(e), Some(r)) = (pos.exit(), pos.robot()) {
        s.push('\n');
        s.push_str(&tr!(
            lang,
            "status-board",
            exit = e.to_string(),
            robot = r.to_string(),
            every = STANDARD.robot_trigger_every,
            since = pos.watermark()
        ));
    }
    let active = pos.active();
    for seat in pos.seats() {
        let p = pos.player(seat);
        let mark = if Some(seat) == active { "▶ " } else { "  " };
        let mut line = tr!(
            lang,
            "status-player",
            who = p.name(),
            time = p.time(),
            food = p.food(),
            status = status_name(p.status(), lang)
        );
        if let Some(c) = p.cell() {
            line.push_str(&tr!(lang, "status-player-cell", cell = c.to_string()));
        }
        if let Some(n) = notes.get(seat.index()).cloned().flatten() {
            let _ = write!(line, " ({n})");
        }
        let _ = write!(s, "\n{mark}{line}");
    }
    let next = next_up(pos, lang);
    if !next.is_empty() {
        let _ = write!(s, "\n{next}");
    }
    s
}
