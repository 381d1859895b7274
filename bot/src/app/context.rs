//! Who is asking and when: the context of every command (user, chat, delivery, locale),
//! bounded before use, and the clock.

use crate::store::{ChatScope, GameId};

/// Who sent a command, and from where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ctx {
    /// The chat scope.
    pub scope: ChatScope,
    /// Platform user id.
    pub user_id: String,
    /// Display name.
    pub user_name: String,
    /// Whether the platform reports the user as a chat admin.
    pub is_admin: bool,
    /// The delivery's id, for exactly-once handling of retried deliveries.
    pub delivery: Option<String>,
    /// The user's language as their platform reports it (Discord's locale, Telegram's
    /// `language_code`), if any. Their own `/me lang` choice comes first.
    pub locale: Option<String>,
    /// The user's handle on the platform (Telegram's `@username`, Discord's user name,
    /// local play's name), for challenges addressed to it.
    pub handle: Option<String>,
    /// Whether the command came where only its sender reads the answer: a Discord
    /// interaction (answered ephemerally), a private chat with the bot, local play. A
    /// player who plays in private (a game's secrets) acts only from there.
    pub private: bool,
}

/// A chat's live game in brief ([`Service::live_summary`](super::Service::live_summary)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LiveSummary {
    /// The game.
    pub game: GameId,
    /// Its name for people (`Avanço #3`).
    pub name: String,
    /// Its turn number.
    pub turn: i64,
    /// Whether it is still a lobby.
    pub in_lobby: bool,
}

impl LiveSummary {
    /// The summary of a game's row.
    pub(super) fn of(row: &crate::store::GameRow) -> LiveSummary {
        LiveSummary {
            game: row.id,
            name: super::any_game_name(row.kind, row.id),
            turn: row.turn,
            in_lobby: row.status == crate::store::GameStatus::Lobby,
        }
    }
}

/// Longest id kept from a platform (user, chat, thread, delivery): Discord's and
/// Telegram's are numbers of 20 digits at most; anything longer is cut, as names are.
pub const MAX_ID: usize = 64;

impl Ctx {
    /// A member of a chat (no thread) with no delivery id, locale, handle or admin rights,
    /// as local tools and tests speak.
    pub fn member(platform: &str, chat: &str, user_id: &str, user_name: &str) -> Ctx {
        Ctx {
            scope: ChatScope {
                platform: platform.into(),
                chat: chat.into(),
                thread: String::new(),
            },
            user_id: user_id.into(),
            user_name: user_name.into(),
            is_admin: false,
            delivery: None,
            locale: None,
            handle: None,
            private: false,
        }
    }

    /// The same context with every id cut to [`MAX_ID`] characters (borrowed when none is
    /// longer), so no adapter can store an id of any size.
    pub(super) fn bounded(&self) -> std::borrow::Cow<'_, Ctx> {
        let long = |s: &str| s.len() > MAX_ID;
        let ids = [
            &self.user_id,
            &self.scope.chat,
            &self.scope.thread,
            &self.scope.platform,
        ];
        if !ids.iter().any(|s| long(s)) && !self.delivery.as_deref().is_some_and(long) {
            return std::borrow::Cow::Borrowed(self);
        }
        let cut = |s: &str| s.chars().take(MAX_ID).collect::<String>();
        let mut c = self.clone();
        c.user_id = cut(&c.user_id);
        c.scope.chat = cut(&c.scope.chat);
        c.scope.thread = cut(&c.scope.thread);
        c.scope.platform = cut(&c.scope.platform);
        c.delivery = c.delivery.as_deref().map(cut);
        std::borrow::Cow::Owned(c)
    }
}

/// The time source (unix seconds), injectable for tests.
pub trait Clock: Send + Sync + 'static {
    /// Now.
    fn now(&self) -> i64;
}

/// The system clock.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> i64 {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs() as i64)
            .unwrap_or(0)
    }
}

/// Longest display name kept.
pub const MAX_NAME: usize = 32;

/// A display name as kept: no control characters, trimmed, at most [`MAX_NAME`]
/// characters, and never empty.
pub(super) fn cap_name(s: &str) -> String {
    let s: String = s.chars().filter(|c| !c.is_control()).collect();
    let s = s.trim();
    let capped: String = s.chars().take(MAX_NAME).collect();
    if capped.is_empty() {
        "player".into()
    } else {
        capped
    }
}
