//! The game service: transport-neutral commands in, replies out.
//!
//! Pipeline for every chat event: adapter → [`Command`] → [`Service::handle`] (load the game,
//! let `labscape-core` validate and play, commit the turn in one transaction, build the
//! reply) → [`Reply`] → adapter. Nothing here knows Discord, Telegram or SQL.
//!
//! Turns on one game are serialized by a per-game lock in this process, and by the store's
//! expected-turn check across processes: a command that loses a race is refused with "the
//! game moved on", never applied twice and never lost.

mod abandon;
mod audience;
mod context;
mod dispatch;
mod draw;
mod early_end;
mod export;
mod game_cache;
mod history;
mod in_flight;
mod language;
mod look;
mod luck;
mod my_view;
mod nearest;
mod new;
mod outbox;
mod posts;
mod preferences;
mod private_play;
mod read_back;
mod read_turn;
mod reminders;
mod replay;
mod resign;
mod seats;
mod start;
mod status;
mod suggestions;
mod turn_images;
mod turns;
pub use crate::games::ANY_RECORD_FORMAT;
pub use crate::games::{Renderer, ReplayRenderer, TurnPicture};
pub use audience::PROMPT;
use context::cap_name;
pub use context::{Clock, Ctx, LiveSummary, MAX_ID, MAX_NAME, SystemClock};
pub use draw::{DRAW_NO, DRAW_YES};
pub use early_end::{AGREED_DRAW, RESIGNED};
pub use export::record_of;
use game_cache::{Loaded, Slot};
pub use preferences::{SNOOZE, who_from_prefs};
use replay::CachedReplay;
use turn_images::{TurnImageKey, TurnImages};
mod command;
pub mod command_words;
mod help;
pub mod messages;
mod ratings;
mod records;
pub mod reply;
pub mod timers;

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
};

use labscape_core::{GameKind, Seat, commitment};
use messages::{Deed, OptionProblem, SettingProblem, UserError};

pub use self::{
    command::{Command, CommandParseError, DrawAnswer, Invite, NewOptions, RecordsOf},
    reply::{
        Attachment, Button, Call, Mention, Outgoing, Reply, Style, Suggestion, Suggestions,
        Visibility, Whisper,
    },
};
use crate::{
    i18n::{Lang, tr},
    store::{
        ChatScope, DeadlinePolicy, GameId, GameRow, GameStatus, GameStore, MessageKey, NewGame,
        SeatRow, StoreError, TimerRow, Timing, UserPrefs,
    },
};

/// The display name of a game of `kind`.
pub fn any_game_name(kind: GameKind, id: GameId) -> String {
    format!("{} #{id}", kind.name())
}

/// A snapshot is stored every this many turns.
pub const SNAPSHOT_EVERY: i64 = 20;

#[derive(Debug)]
enum ServiceError {
    User(UserError),
    Store(StoreError),
}

impl From<UserError> for ServiceError {
    fn from(e: UserError) -> Self {
        ServiceError::User(e)
    }
}
impl From<StoreError> for ServiceError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::Conflict => ServiceError::User(UserError::MovedOn),
            StoreError::Duplicate => ServiceError::User(UserError::AlreadyHandled),
            e => ServiceError::Store(e),
        }
    }
}

type Res<T> = Result<T, ServiceError>;

/// A stored game that does not read back (its settings, snapshot or actions): the
/// unexpected tier, logged with `what`.
fn corrupt(id: GameId, what: impl std::fmt::Display) -> ServiceError {
    ServiceError::Store(StoreError::Corrupt(format!("game {id}: {what}")))
}

/// The game service.
pub struct Service<S> {
    store: S,
    clock: Arc<dyn Clock>,
    renderer: Option<Renderer>,
    replays: Option<ReplayRenderer>,
    /// The seed every new game gets, when set (tests); otherwise a fresh one from the
    /// operating system.
    seed: Option<String>,
    /// One replay drawn at a time (a long one takes a core for seconds), and the last few
    /// kept: the one posted at a game's end answers a `/replay` right after.
    replay_gate: tokio::sync::Semaphore,
    replay_cache: Mutex<std::collections::VecDeque<CachedReplay>>,
    slots: Mutex<HashMap<GameId, Slot>>,
    turn_images: TurnImages,
    in_flight: in_flight::InFlight,
    /// How long a committed turn's post may be on its way before the outbox takes it up.
    outbox_grace: i64,
}

impl<S> std::fmt::Debug for Service<S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Service").finish_non_exhaustive()
    }
}

impl<S: GameStore> Service<S> {
    /// A service over `store`.
    pub fn new(store: S, clock: Arc<dyn Clock>, renderer: Option<Renderer>) -> Service<S> {
        Service {
            store,
            clock,
            renderer,
            replays: None,
            seed: None,
            replay_gate: tokio::sync::Semaphore::new(1),
            replay_cache: Mutex::new(std::collections::VecDeque::new()),
            slots: Mutex::new(HashMap::new()),
            turn_images: TurnImages::default(),
            in_flight: in_flight::InFlight::default(),
            outbox_grace: outbox::GRACE_SECS,
        }
    }

    /// The same service giving a turn's post `secs` (at least one) to go out before the
    /// outbox posts it again, and plays on a computer player a crash left waiting.
    #[must_use]
    pub fn with_outbox_grace(mut self, secs: i64) -> Service<S> {
        self.outbox_grace = secs.max(1);
        self
    }

    /// The same service drawing replays with `replays`: `/replay`, and the replay attached
    /// to the reply of the turn that ends a game. Without it `/replay` is refused.
    #[must_use]
    pub fn with_replays(mut self, replays: ReplayRenderer) -> Service<S> {
        self.replays = Some(replays);
        self
    }

    /// The same service giving every new game `seed` instead of a fresh one: a test that
    /// depends on where the dice fall plays the same game every run.
    #[must_use]
    pub fn with_seed(mut self, seed: impl Into<String>) -> Service<S> {
        self.seed = Some(seed.into());
        self
    }

    /// The store.
    pub fn store(&self) -> &S {
        &self.store
    }

    /// Reads a chat line and handles it.
    pub async fn handle_line(&self, ctx: &Ctx, line: &str) -> Reply {
        match Command::parse(line) {
            Ok(cmd) => self.handle(ctx, cmd).await,
            Err(e) => {
                let lang = self.lang_for(ctx).await;
                Reply {
                    lang,
                    ..Reply::private(UserError::from(e).message(lang))
                }
            }
        }
    }

    /// Handles one command. Refusals come back as private replies, and a refusal that may
    /// rest on the asker's secrets as a secret one ([`UserError::is_secret`]); nothing
    /// changes.
    pub async fn handle(&self, ctx: &Ctx, cmd: Command) -> Reply {
        let _handling = self.in_flight.start();
        let ctx = &*ctx.bounded();
        // The command's kind only: an action may hold what others may not read.
        let what = cmd.kind();
        match self.dispatch(ctx, cmd).await {
            Ok(mut r) if r.posts_turn.is_some() => {
                // A turn post is in the language its text was written in, and names its
                // players already: only the speaker's name is added.
                r.names.push(cap_name(&ctx.user_name));
                r.names.sort();
                r.names.dedup();
                r
            }
            Ok(mut r) => {
                let live = self.store.live_game(&ctx.scope).await.ok().flatten();
                r.lang = match r.visibility {
                    Visibility::Private => self.lang_for(ctx).await,
                    // Written in its player's view, in the language it was written in.
                    Visibility::Secret => r.lang,
                    Visibility::Public => self.chat_lang(&ctx.scope, live.as_ref()).await,
                };
                let games = [
                    live.map(|g| g.id),
                    r.turn.map(|t| t.0),
                    r.posts_turn.map(|t| t.0),
                ];
                // Added to the names the reply brought (a leaderboard's), not put in their
                // place.
                let mut names = self
                    .names_in(Some(&ctx.user_name), games.into_iter().flatten())
                    .await;
                names.append(&mut r.names);
                names.sort();
                names.dedup();
                r.names = names;
                r
            }
            Err(ServiceError::User(e)) => {
                tracing::debug!(user = %ctx.user_id, command = %what, "refused: {}", e.kind());
                let lang = self.lang_for(ctx).await;
                let visibility = if e.is_secret() {
                    Visibility::Secret
                } else {
                    Visibility::Private
                };
                Reply {
                    lang,
                    repeated: matches!(e, UserError::AlreadyHandled),
                    withdraw: matches!(e, UserError::PlayInPrivate),
                    visibility,
                    ..Reply::text(e.message(lang))
                }
            }
            Err(ServiceError::Store(e)) => {
                tracing::error!(user = %ctx.user_id, command = %what, error = %e, "store failure");
                let lang = self.lang_for(ctx).await;
                Reply {
                    lang,
                    ..Reply::private(tr!(lang, "error-internal"))
                }
            }
        }
    }

    /// This chat's live game in brief, for an adapter deciding how to answer (a private
    /// `/start`, a page of buttons): its id, its turn, and whether it is still a lobby.
    pub async fn live_summary(&self, scope: &ChatScope) -> Option<LiveSummary> {
        let row = self.store.live_game(scope).await.ok().flatten()?;
        Some(LiveSummary::of(&row))
    }

    /// The names users chose that a reply about `games` may show: the speaker's (capped,
    /// as stored) and every player's.
    pub(crate) async fn names_in(
        &self,
        speaker: Option<&str>,
        games: impl IntoIterator<Item = GameId>,
    ) -> Vec<String> {
        let mut names: Vec<String> = speaker.map(cap_name).into_iter().collect();
        let mut seen = Vec::new();
        for game in games {
            if seen.contains(&game) {
                continue;
            }
            seen.push(game);
            if let Ok(seats) = self.store.seats(game).await {
                names.extend(seats.into_iter().map(|s| s.display_name));
            }
        }
        names.sort();
        names.dedup();
        names
    }

    async fn live(&self, scope: &ChatScope) -> Res<GameRow> {
        match self.store.live_game(scope).await? {
            Some(row) => Ok(row),
            None => Err(self.no_live_game(scope).await),
        }
    }

    /// Why a chat without a live game cannot act: its last game ended (which one, and how),
    /// or it never had one.
    async fn no_live_game(&self, scope: &ChatScope) -> ServiceError {
        let ended = async {
            let row = self.store.last_ended_game(scope).await.ok()??;
            let seats = self.store.seats(row.id).await.ok()?;
            let game = self.current_game(&row).await.ok()?;
            let lang = self.chat_lang(scope, Some(&row)).await;
            let how = match self.early_end(&row, &game).await.ok()? {
                Some(end) => end.line(lang),
                // A game whose end its story told (Labscape's) has no line of its own.
                None => crate::games::of(row.kind)
                    .next_line(&game, &turns::names(&seats), lang)
                    .unwrap_or_else(|| tr!(lang, "error-game-ended-plain")),
            };
            Some(UserError::Ended {
                game: any_game_name(row.kind, row.id),
                how,
            })
        };
        ServiceError::User(ended.await.unwrap_or(UserError::NoGame))
    }

    /// The game `/status`, `/log` and `/recap` read: the chat's live game (a lobby too),
    /// else its last ended game (finished, or abandoned once started), until a new one opens.
    async fn live_or_last(&self, scope: &ChatScope) -> Res<GameRow> {
        self.chat_game(scope)
            .await?
            .ok_or(ServiceError::User(UserError::NoGame))
    }

    /// The chat's game: its live game (a lobby too), else its last ended game (finished, or
    /// abandoned once started), until a new one opens; `None` in a chat that never ended one.
    async fn chat_game(&self, scope: &ChatScope) -> Res<Option<GameRow>> {
        if let Some(row) = self.store.live_game(scope).await? {
            return Ok(Some(row));
        }
        Ok(self.store.last_ended_game(scope).await?)
    }

    /// The time source.
    pub fn now(&self) -> i64 {
        self.clock.now()
    }
}

#[cfg(test)]
pub(crate) mod tests;

#[cfg(test)]
mod abandon_tests;
#[cfg(test)]
mod any_game_tests;
#[cfg(test)]
mod draw_tests;
#[cfg(test)]
mod newcomer_tests;
#[cfg(test)]
mod resign_tests;
#[cfg(test)]
mod secret_tests;
#[cfg(test)]
mod timer_tests;
