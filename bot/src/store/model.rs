//! What the store keeps, row by row: games and their seats, actions, timers, results,
//! ratings and preferences, as the service reads and writes them. The types only; how
//! they are kept is each backend's.

use labscape_core::GameKind;

/// Where a game lives: a platform's chat and, optionally, a thread or forum topic in it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ChatScope {
    /// `discord`, `telegram` or `local`.
    pub platform: String,
    /// The platform's chat or channel id.
    pub chat: String,
    /// Thread or topic id; empty for none.
    pub thread: String,
}

/// A game's id in the store.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(pub i64);

impl std::fmt::Display for GameId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A game's lifecycle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameStatus {
    /// Players are joining.
    Lobby,
    /// Under way.
    Running,
    /// Finished by the rules.
    Over,
    /// Stopped by its creator or an admin.
    Abandoned,
}

impl GameStatus {
    /// Name stored in the database.
    pub fn name(self) -> &'static str {
        match self {
            GameStatus::Lobby => "lobby",
            GameStatus::Running => "running",
            GameStatus::Over => "over",
            GameStatus::Abandoned => "abandoned",
        }
    }

    /// Whether the game has ended: finished (`Over`) or abandoned. Its seed has been told,
    /// and nothing of it is secret any more; only a finished one counts in records.
    pub fn has_ended(self) -> bool {
        matches!(self, GameStatus::Over | GameStatus::Abandoned)
    }

    /// Reads a stored name.
    pub fn from_name(s: &str) -> Option<GameStatus> {
        Some(match s {
            "lobby" => GameStatus::Lobby,
            "running" => GameStatus::Running,
            "over" => GameStatus::Over,
            "abandoned" => GameStatus::Abandoned,
            _ => return None,
        })
    }
}

/// A new game's row.
#[derive(Clone, Debug)]
pub struct NewGame {
    /// Chat scope.
    pub scope: ChatScope,
    /// Display name.
    pub name: String,
    /// Which game.
    pub kind: GameKind,
    /// The game's settings as its options text (`layout=duo difficulty=medium …`).
    pub settings: String,
    /// Most seats.
    pub max_players: u8,
    /// Secret seed.
    pub seed: String,
    /// SHA-256 of the seed.
    pub seed_hash: String,
    /// Creator's platform user id.
    pub creator: String,
    /// Unix seconds.
    pub now: i64,
    /// The language the game speaks in public when its chat has no default (a tag).
    pub language: Option<String>,
    /// A challenge: the one person (user id, or `@username`) who may take the free seat.
    pub invited: Option<String>,
    /// Where the creator sits when the game starts: `first`, `second` or `random`.
    pub creator_side: Option<String>,
}

/// A stored game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    /// Id.
    pub id: GameId,
    /// Chat scope.
    pub scope: ChatScope,
    /// Display name.
    pub name: String,
    /// Status.
    pub status: GameStatus,
    /// Which game.
    pub kind: GameKind,
    /// The game's settings as its options text (`layout=duo difficulty=medium …`).
    pub settings: String,
    /// Most seats.
    pub max_players: u8,
    /// Secret seed.
    pub seed: String,
    /// SHA-256 of the seed.
    pub seed_hash: String,
    /// Creator's platform user id.
    pub creator: String,
    /// Actions applied so far.
    pub turn: i64,
    /// Unix seconds.
    pub created_at: i64,
    /// Unix seconds of the last change.
    pub updated_at: i64,
    /// Reminder and deadline settings.
    pub timing: Timing,
    /// The language the game speaks in public when its chat has no default (a tag).
    pub language: Option<String>,
    /// A challenge: the one person (user id, or `@username`) who may take the free seat.
    pub invited: Option<String>,
    /// Where the creator sits when the game starts: `first`, `second` or `random`.
    pub creator_side: Option<String>,
}

/// A game's reminder and deadline settings (changed by its creator).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timing {
    /// Seconds a turn waits before a reminder, and between reminders.
    pub reminder_interval: i64,
    /// Reminders for one turn before the game is declared stalled.
    pub reminder_limit: i64,
    /// Seconds per turn before the deadline policy applies; `None` = no deadline.
    pub deadline: Option<i64>,
    /// What happens at the deadline.
    pub policy: DeadlinePolicy,
}

impl Default for Timing {
    fn default() -> Timing {
        Timing {
            reminder_interval: 12 * 3600,
            reminder_limit: 5,
            deadline: None,
            policy: DeadlinePolicy::Advisory,
        }
    }
}

/// What a passed deadline does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeadlinePolicy {
    /// Announce it.
    Advisory,
    /// Play `wait 1` for the absent player.
    AutoWait,
}

impl DeadlinePolicy {
    /// Stored name.
    pub fn name(self) -> &'static str {
        match self {
            DeadlinePolicy::Advisory => "advisory",
            DeadlinePolicy::AutoWait => "auto-wait",
        }
    }
    /// Reads a name.
    pub fn from_name(s: &str) -> Option<DeadlinePolicy> {
        match s.trim().to_ascii_lowercase().as_str() {
            "advisory" => Some(DeadlinePolicy::Advisory),
            "auto-wait" | "autowait" | "auto_wait" => Some(DeadlinePolicy::AutoWait),
            _ => None,
        }
    }
}

/// The timers of the turn a game is waiting for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimerRow {
    /// The game.
    pub game: GameId,
    /// The game's turn number while waiting.
    pub turn: i64,
    /// Who is awaited.
    pub seat: u8,
    /// Their platform user id.
    pub user_id: String,
    /// Unix seconds since when.
    pub waiting_since: i64,
    /// Reminders sent for this turn.
    pub reminders_sent: i64,
    /// Next reminder (unix seconds); `None` when stalled.
    pub next_reminder: Option<i64>,
    /// Deadline (unix seconds); `None` when off or already handled.
    pub deadline_at: Option<i64>,
    /// The group was told the game stalled.
    pub stalled: bool,
}

/// A seat at a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRow {
    /// Seat number (0-based, join order).
    pub seat: u8,
    /// Platform user id (for computer players: `bot:<policy>:<n>`).
    pub user_id: String,
    /// Display name.
    pub display_name: String,
    /// A computer player's policy.
    pub policy: Option<String>,
}

/// One stored turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionRow {
    /// 1-based sequence number.
    pub seq: i64,
    /// Seat that acted.
    pub seat: u8,
    /// Action in the public notation.
    pub action: String,
    /// Who sent it (platform user id, or `scheduler`).
    pub sender: String,
    /// Played automatically (deadline policy, computer player).
    pub automatic: bool,
    /// Unix seconds.
    pub at: i64,
}

/// An inbound delivery's identity, for exactly-once handling.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MessageKey {
    /// Platform.
    pub platform: String,
    /// The platform's id for the delivery (interaction id, update id, …).
    pub id: String,
}

/// One turn to append: one action, or the several actions one message played (a turn of
/// several placements), committed together or not at all.
#[derive(Clone, Debug)]
pub struct TurnWrite {
    /// The game.
    pub game: GameId,
    /// The turn number the game must be at (the first action gets `expected + 1`, the
    /// ones in `more` the numbers after it).
    pub expected_turn: i64,
    /// The action (the first, when the message played several).
    pub action: ActionRow,
    /// The actions the same message played after `action`, in order.
    pub more: Vec<ActionRow>,
    /// A snapshot of the position after the last action, if due.
    pub snapshot: Option<String>,
    /// The game's status after the last action.
    pub status: GameStatus,
    /// The delivery that carried it, if any.
    pub message: Option<MessageKey>,
    /// The timers of the next turn (`None`: nobody to wait for, e.g. the game is over).
    pub timer: Option<TimerRow>,
    /// How every player finished, when this turn ends the game (else empty): kept for
    /// records, written in the same transaction as the turn.
    pub results: Vec<ResultRow>,
}

impl TurnWrite {
    /// Every action of the write with the turn number it is stored at.
    pub fn numbered(&self) -> impl Iterator<Item = (i64, &ActionRow)> {
        (self.expected_turn + 1..).zip(std::iter::once(&self.action).chain(&self.more))
    }

    /// The game's turn number once the write is applied.
    pub fn last_turn(&self) -> i64 {
        self.expected_turn + 1 + self.more.len() as i64
    }
}

/// A two-player game's standing offer of a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawOffer {
    /// The seat that offered it.
    pub seat: u8,
    /// The game's turn number when it was offered.
    pub turn: i64,
    /// Unix seconds.
    pub at: i64,
}

/// A running game ended by its players' agreement (a draw): written in one transaction,
/// or not at all if the game moved on.
#[derive(Clone, Debug)]
pub struct AgreedEnd {
    /// The game.
    pub game: GameId,
    /// The turn number the game must still be at.
    pub turn: i64,
    /// How every player finished.
    pub results: Vec<ResultRow>,
    /// The delivery that carried the acceptance, if any.
    pub message: Option<MessageKey>,
    /// Unix seconds.
    pub at: i64,
}

/// How one player finished a game, as kept for records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResultRow {
    /// Seat.
    pub seat: u8,
    /// Platform user id.
    pub user_id: String,
    /// The name they played under.
    pub display_name: String,
    /// A computer player (kept, but never on a leaderboard).
    pub computer: bool,
    /// 1 for the best; equal finishes share a rank.
    pub rank: u8,
    /// How their game ended, as the game words it (`won`, `escaped`, `caught_at_dawn`…).
    pub finish: String,
    /// The game's own figures for records (Labscape's food, time and catches), as the
    /// game's module wrote them: kept, never read here.
    pub extra: Option<String>,
}

/// One person's result in a finished game, as records read them back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PastResult {
    /// The game.
    pub game: GameKind,
    /// Platform user id.
    pub user_id: String,
    /// The name they last played under on the platform.
    pub name: String,
    /// 1 for the best; equal finishes share a rank.
    pub rank: u8,
    /// How their game ended, as the game words it.
    pub finish: String,
    /// The game's own figures, as [`ResultRow::extra`] kept them.
    pub extra: Option<String>,
}

/// A person's rating in one game on one platform.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingRow {
    /// Platform user id.
    pub user_id: String,
    /// The name of their latest rated game.
    pub name: String,
    /// The game.
    pub game: GameKind,
    /// The Glicko-2 rating.
    pub rating: labscape_core::Rating,
    /// Rated games: also the row's version (an update applies only to the count it read).
    pub games: i64,
    /// Wins.
    pub wins: i64,
    /// Losses.
    pub losses: i64,
    /// Draws.
    pub draws: i64,
}

/// What became of a finished game's new ratings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RatingSave {
    /// Written.
    Saved,
    /// The game was rated before: nothing written.
    AlreadyRated,
    /// A rating changed since it was read (another game ended): nothing written; read
    /// again and retry.
    Changed,
}

/// A user's preferences (used by reminders and languages).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UserPrefs {
    /// Language tag.
    pub language: Option<String>,
    /// IANA time zone.
    pub time_zone: Option<String>,
    /// Quiet hours start, minutes after local midnight.
    pub quiet_start: Option<i64>,
    /// Quiet hours end.
    pub quiet_end: Option<i64>,
    /// Away until (unix seconds).
    pub away_until: Option<i64>,
}
