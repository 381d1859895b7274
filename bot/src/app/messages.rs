//! The service's refusals in the reader's language: [`UserError`] (no game here, not
//! seated, a bad option or setting…) and its message, decided in one place. A game's own
//! refusals and turn story are worded by its module in `games/` (Labscape's in
//! `games/labscape/`); every sentence goes through `i18n`.

use labscape_core::{AnyAction, AnyGame, AnyRefusal, GameKind, NewGameError};

use super::command::CommandParseError;
use crate::{
    games::{self, Worded},
    i18n::{Lang, tr},
};

/// The module of the game that refused `e` (its first game for a refusal of no game).
fn refusal_module(e: &AnyRefusal) -> &'static dyn games::Module {
    let kind = GameKind::ALL
        .iter()
        .copied()
        .find(|k| games::of(*k).owns_refusal(e))
        .unwrap_or(games::DEFAULT_GAME);
    games::of(kind)
}

/// A refusal the user caused: a clear message in the asker's language, and nothing
/// changed. `Display` gives the English text, for logs.
#[derive(Debug)]
pub enum UserError {
    /// No live game in this chat.
    NoGame,
    /// No live game: the chat's last one ended (its name, how it ended in words).
    Ended {
        /// "Rastros #3".
        game: String,
        /// Its outcome, told.
        how: String,
    },
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
    /// `/play` with no action after it.
    EmptyAction,
    /// A retried delivery.
    AlreadyHandled,
    /// A command that cannot be read.
    BadCommand(CommandParseError),
    /// A bad option for `new`.
    BadOption(OptionProblem),
    /// Unknown rules topic, and the chat's game's topics.
    UnknownTopic(String, String),
    /// Unknown table, and the chat's game's tables.
    UnknownTable(String, String),
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
    /// `KEY=VALUE` options the game cannot use.
    GameOption(labscape_core::SettingsError),
    /// `/new WORD` where WORD is no game here (and no word of the default game).
    UnknownGame(String),
    /// An action the game cannot read or refuses (in the game's own words).
    Refused(labscape_core::AnyRefusal),
    /// Part `n` (1-based) of a turn typed at once was refused; nothing was played.
    RefusedPart(usize, String, labscape_core::AnyRefusal),
    /// Text its game reads as no action, though it begins as one and only a word of it is
    /// wrong (`scream 6 e`): the game says which word and what it allows there
    /// ([`games::Module::misread`], from `game`, the position it was typed against); part
    /// `part` (1-based) of several when set. Nothing was played.
    Misread {
        /// The part's number, in a message of several.
        part: Option<usize>,
        /// What was typed (the part).
        text: String,
        /// The position it was read against.
        game: Box<labscape_core::AnyGame>,
    },
    /// In a game with secrets, the refusal of a part ([`UserError::RefusedPart`] or
    /// [`UserError::TurnEndedAfter`]) after parts that were played and stand.
    RestNotPlayed(Box<UserError>),
    /// A part of a several-action message came after the part that ended the turn.
    TurnEndedAfter {
        /// The part that ended the turn.
        after: String,
        /// The part that could not follow it.
        part: String,
        /// The action that ended it, for the game to say why.
        ended: Box<EndedTurn>,
    },
    /// An action of a player who plays in private, sent where others read (its text is not
    /// repeated).
    PlayInPrivate,
    /// `/replay` or `/export` of a game with secrets before its end (its name): the record
    /// holds what some players may not see yet.
    SecretUntilEnd(String),
    /// The 🔒 button ("your move" of a player who plays in private, "my view and hand" in a
    /// game whose actions are public) pressed by someone with nothing of their own now.
    NothingPrivate,
    /// `/draw` refused.
    Draw(DrawProblem),
    /// `/resign` in a game that is not one of two players who may give it up (its name).
    NoResigning(String),
    /// Another game's command (`/move`, `/table`…) in a chat playing this game.
    OtherGamesVerb {
        /// This chat's game (`Avanço #1`).
        game: String,
        /// The game the command belongs to (`Labscape`).
        owner: &'static str,
    },
    /// `/table` of a game without tables: the chat's game (`Skarb Labiryntu #2`) or the game
    /// named, and the games that have some.
    NoTables {
        /// The game without tables.
        game: String,
        /// The games with tables, by name.
        games: String,
        /// One of their ids, for the example.
        example: &'static str,
    },
}

/// Why `/draw` changes nothing.
#[derive(Debug)]
pub enum DrawProblem {
    /// The game is not one two players can agree to draw (its name).
    NotThisGame(String),
    /// The asker's own offer stands (the other player's name).
    AlreadyOffered(String),
    /// No offer stands to decline or take back.
    NoneOffered,
    /// The other player is a computer player (its name): it plays every game to its end.
    Computer(String),
}

/// The action that ended a turn, with the positions around it: its game says why the turn
/// ended there (Produto's first turn is one stone), in the reader's language.
#[derive(Debug)]
pub struct EndedTurn {
    /// The position it was played on.
    pub before: AnyGame,
    /// The action.
    pub action: AnyAction,
    /// The position after it.
    pub after: AnyGame,
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
    /// A game's own words do not read (Labscape's layout, difficulty, set-up), worded by
    /// the game.
    Game(Worded),
    /// Seats out of the game's range.
    Players {
        /// Seats asked for.
        value: u8,
        /// Fewest the game seats.
        min: usize,
        /// Most the game seats.
        max: usize,
    },
    /// The engine refuses to start the game (its name, why).
    CannotStart(&'static str, NewGameError),
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
    /// The refusal's kind, for logs: never its words (a refusal may name a square only its
    /// player may see).
    pub fn kind(&self) -> String {
        let debug = format!("{self:?}");
        debug
            .split(['(', ' ', '{'])
            .next()
            .unwrap_or_default()
            .to_string()
    }

    /// Whether it is answered to the asker alone and never where others read
    /// ([`super::Visibility::Secret`]): a game's refusal of an action that may rest on what
    /// only the asker may know (their hand, what they explored), as its game decides by the
    /// refusal's kind ([`games::Module::secret_refusal`]). The service's own refusals (no
    /// game, not seated, the turn moved on, the turn ended after a part) tell nothing of a
    /// hand.
    pub fn is_secret(&self) -> bool {
        match self {
            UserError::Refused(e) | UserError::RefusedPart(_, _, e) => {
                refusal_module(e).secret_refusal(e)
            }
            UserError::RestNotPlayed(e) => e.is_secret(),
            _ => false,
        }
    }

    /// The refusal, in `lang`.
    pub fn message(&self, lang: Lang) -> String {
        match self {
            UserError::NoGame => tr!(lang, "error-no-game"),
            UserError::Ended { game, how } => tr!(
                lang,
                "error-game-ended",
                game = game.as_str(),
                how = how.as_str()
            ),
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
            UserError::EmptyAction => tr!(lang, "error-empty-action"),
            UserError::AlreadyHandled => tr!(lang, "error-already-handled"),
            UserError::BadCommand(e) => {
                tr!(lang, "error-cant-read", problem = command_problem(e, lang))
            }
            // Nothing was misread: the lobby is not full enough.
            UserError::BadOption(p @ OptionProblem::CannotStart(..)) => {
                tr!(lang, "error-plain", problem = p.text(lang))
            }
            UserError::BadOption(p) => tr!(lang, "error-cant-read", problem = p.text(lang)),
            UserError::UnknownTopic(t, known) => {
                unknown(lang, "error-unknown-topic", ("topic", t), ("topics", known))
            }
            UserError::UnknownTable(t, known) => {
                unknown(lang, "error-unknown-table", ("table", t), ("tables", known))
            }
            UserError::NotAwaited => tr!(lang, "error-not-awaited"),
            UserError::BadSetting(p) => tr!(lang, "error-cant-read", problem = p.text(lang)),
            UserError::UnknownPolicy(p, known) => unknown(
                lang,
                "error-unknown-policy",
                ("policy", p),
                ("policies", known),
            ),
            UserError::NothingToReplay => tr!(lang, "error-nothing-to-replay"),
            UserError::NoReplays => tr!(lang, "error-no-replays"),
            UserError::NothingToExport => tr!(lang, "error-nothing-to-export"),
            UserError::NoDiceYet => tr!(lang, "error-no-dice-yet"),
            UserError::PlayInPrivate => tr!(lang, "error-play-in-private"),
            UserError::SecretUntilEnd(game) => {
                tr!(lang, "error-secret-until-end", game = game.as_str())
            }
            UserError::NothingPrivate => tr!(lang, "error-nothing-private"),
            UserError::NoDiceInGame(game) => {
                tr!(lang, "error-no-dice-in-game", game = game.as_str())
            }
            UserError::GameOption(e) => tr!(lang, "error-game-option", problem = e.to_string()),
            UserError::UnknownGame(word) => unknown_game(word, lang),
            UserError::Refused(e) => refusal_module(e).refused(e, lang),
            UserError::TurnEndedAfter { after, part, ended } => {
                turn_ended_after(after, part, ended, lang, false)
            }
            UserError::Misread { part, text, game } => {
                let problem = games::of(game.kind())
                    .misread(game, text, lang)
                    .unwrap_or_default();
                match part {
                    None => tr!(lang, "error-refused", problem = problem),
                    Some(n) => tr!(
                        lang,
                        "error-refused-part",
                        n = *n,
                        part = text.chars().take(40).collect::<String>(),
                        problem = problem
                    ),
                }
            }
            UserError::RefusedPart(n, part, e) => tr!(
                lang,
                "error-refused-part",
                n = *n,
                part = part.as_str(),
                problem = refusal_module(e).refusal(e, lang)
            ),
            UserError::RestNotPlayed(e) => match &**e {
                UserError::RefusedPart(n, part, e) => tr!(
                    lang,
                    "error-refused-rest",
                    n = *n,
                    part = part.as_str(),
                    problem = refusal_module(e).refusal(e, lang)
                ),
                UserError::TurnEndedAfter { after, part, ended } => {
                    turn_ended_after(after, part, ended, lang, true)
                }
                other => other.message(lang),
            },
            UserError::Draw(p) => p.text(lang),
            UserError::NoResigning(game) => tr!(lang, "resign-not-this-game", game = game.as_str()),
            UserError::OtherGamesVerb { game, owner } => tr!(
                lang,
                "error-other-games-verb",
                game = game.as_str(),
                owner = *owner
            ),
            UserError::NoTables {
                game,
                games,
                example,
            } => tr!(
                lang,
                "error-no-tables",
                game = game.as_str(),
                games = games.as_str(),
                example = *example
            ),
        }
    }
}

/// A word the chat's game does not know (a topic, a table, a computer player), and the
/// ones it knows: message `id`'s two arguments, each (name, value).
fn unknown(lang: Lang, id: &str, word: (&str, &str), known: (&str, &str)) -> String {
    crate::i18n::t(
        lang,
        id,
        &[(word.0, word.1.into()), (known.0, known.1.into())],
    )
}

/// `/new WORD` where WORD is no game: the games there are, and the nearest to WORD if one is
/// near.
fn unknown_game(word: &str, lang: Lang) -> String {
    let games = GameKind::ALL
        .iter()
        .map(|k| k.id())
        .collect::<Vec<_>>()
        .join(", ");
    match nearest_game(word) {
        Some(k) => tr!(
            lang,
            "error-unknown-game-near",
            word = word,
            near = k.id(),
            games = games.as_str()
        ),
        None => tr!(
            lang,
            "error-unknown-game",
            word = word,
            games = games.as_str()
        ),
    }
}

/// A part after the one that ended the turn, and why the turn ended there when its game
/// says.
/// Why `part` could not follow `after`, the part that ended the turn; `rest`: the parts up
/// to `after` were played and stand (a game with secrets), else nothing was.
fn turn_ended_after(after: &str, part: &str, ended: &EndedTurn, lang: Lang, rest: bool) -> String {
    let why = if ended.after.is_over() {
        Some(tr!(lang, "turn-ended-game-over"))
    } else {
        games::of(ended.before.kind()).turn_ended_why(
            &ended.before,
            &ended.action,
            &ended.after,
            lang,
        )
    };
    match (why, rest) {
        (Some(why), false) => tr!(
            lang,
            "error-turn-ended-why",
            after = after,
            part = part,
            why = why
        ),
        (None, false) => tr!(lang, "error-turn-ended-after", after = after, part = part),
        (Some(why), true) => tr!(
            lang,
            "error-turn-ended-rest-why",
            after = after,
            part = part,
            why = why
        ),
        (None, true) => tr!(lang, "error-turn-ended-rest", after = after, part = part),
    }
}

impl DrawProblem {
    /// Why `/draw` changes nothing, in `lang`.
    fn text(&self, lang: Lang) -> String {
        match self {
            DrawProblem::NotThisGame(game) => {
                tr!(lang, "draw-not-this-game", game = game.as_str())
            }
            DrawProblem::AlreadyOffered(who) => {
                tr!(lang, "draw-already-offered", who = who.as_str())
            }
            DrawProblem::NoneOffered => tr!(lang, "draw-none-offered"),
            DrawProblem::Computer(who) => tr!(lang, "draw-computer", who = who.as_str()),
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
            OptionProblem::Game(p) => p.text(lang),
            OptionProblem::Players { value, min, max } if min == max => {
                tr!(lang, "option-players-exactly", value = *value, max = *max)
            }
            OptionProblem::Players { value, min, max } => tr!(
                lang,
                "option-players",
                value = *value,
                min = *min,
                max = *max
            ),
            OptionProblem::CannotStart(game, NewGameError::Players { got, min, max })
                if min == max =>
            {
                tr!(
                    lang,
                    "option-cannot-start-exactly",
                    game = *game,
                    count = *got,
                    max = *max
                )
            }
            OptionProblem::CannotStart(game, NewGameError::Players { got, min, max }) => tr!(
                lang,
                "option-cannot-start",
                game = *game,
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

/// The game whose id or name `word` most likely misspells: one it begins or that begins
/// it, else one at most two letters away.
pub fn nearest_game(word: &str) -> Option<GameKind> {
    let fold = |s: &str| -> String {
        s.to_lowercase()
            .replace('ç', "c")
            .replace(['ã', 'á'], "a")
            .replace('õ', "o")
            .chars()
            .filter(char::is_ascii_alphanumeric)
            .collect()
    };
    let w = fold(word);
    if w.len() < 2 {
        return None;
    }
    let keys = |k: &GameKind| [fold(k.id()), fold(k.name())];
    if let Some(k) = GameKind::ALL.iter().find(|k| {
        keys(k).iter().any(|key| {
            (w.len() >= 3 && key.starts_with(&w)) || (key.len() >= 3 && w.starts_with(key.as_str()))
        })
    }) {
        return Some(*k);
    }
    GameKind::ALL
        .iter()
        .map(|k| {
            (
                keys(k)
                    .iter()
                    .map(|key| super::nearest::distance(&w, key))
                    .min()
                    .unwrap_or(usize::MAX),
                *k,
            )
        })
        .filter(|(d, _)| *d <= 2)
        .min_by_key(|(d, _)| *d)
        .map(|(_, k)| k)
}

/// A command line that cannot be read, in `lang`.
fn command_problem(e: &CommandParseError, lang: Lang) -> String {
    match e {
        CommandParseError::TooLong => tr!(lang, "parse-too-long", max = super::command::MAX_LINE),
        CommandParseError::Unknown(c, None) => {
            tr!(lang, "parse-unknown-command", command = c.as_str())
        }
        CommandParseError::Unknown(c, Some(near)) => tr!(
            lang,
            "parse-unknown-command-near",
            command = c.as_str(),
            near = *near
        ),
        CommandParseError::BadCount(v) => tr!(lang, "parse-bad-count", value = v.as_str()),
        CommandParseError::BadNewArg(v) => tr!(lang, "parse-bad-new-arg", value = v.as_str()),
        CommandParseError::BadPlayers(n) => {
            tr!(lang, "option-players", value = *n, min = 1, max = 8)
        }
        CommandParseError::BadRecordsArg(v) => {
            tr!(lang, "parse-bad-records-arg", value = v.as_str())
        }
        CommandParseError::BadDrawArg(v) => tr!(lang, "parse-bad-draw-arg", value = v.as_str()),
    }
}
