//! The game service: transport-neutral commands in, replies out.
//!
//! Pipeline for every chat event: adapter → [`Command`] → [`Service::handle`] (load the game,
//! let `labscape-core` validate and play, commit the turn in one transaction, build the
//! reply) → [`Reply`] → adapter. Nothing here knows Discord, Telegram or SQL.
//!
//! Turns on one game are serialized by a per-game lock in this process, and by the store's
//! expected-turn check across processes: a command that loses a race is refused with "the
//! game moved on", never applied twice and never lost.

mod any_game;
mod any_history;
mod in_flight;
mod outbox;
pub use any_game::any_game_name;
pub use any_history::ANY_RECORD_FORMAT;
mod command;
pub mod command_words;
pub mod help;
pub mod messages;
mod ratings;
mod records;
pub mod reply;
pub mod timers;

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
};

use labscape_core::{
    GameKind,
    labscape::{
        Action, Dice, Difficulty, Event, Layout, MoveTarget, Phase, Policy, Position, PositionDoc,
        Record, RecordError, Seat, Settings, SetupMode, TurnRecord, Variant, commitment,
    },
};
use messages::{Deed, OptionProblem, SettingProblem, UserError};
use tokio::sync::Mutex as AsyncMutex;

pub use self::{
    command::{Command, CommandParseError, Invite, NewOptions, RecordsOf},
    reply::{Attachment, Mention, Outgoing, QuickAction, Reply, Suggestions, Visibility},
};
use crate::{
    i18n::{Lang, tr},
    store::{
        ActionRow, ChatScope, DeadlinePolicy, GameId, GameRow, GameStatus, GameStore, MessageKey,
        NewGame, SeatRow, StoreError, TimerRow, Timing, TurnWrite, UserPrefs,
    },
};

/// Longest display name kept.
pub const MAX_NAME: usize = 32;
/// A snapshot is stored every this many turns.
pub const SNAPSHOT_EVERY: i64 = 20;

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
}

/// A chat's live game in brief ([`Service::live_summary`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LiveSummary {
    /// The game.
    pub game: GameId,
    /// Its turn number.
    pub turn: i64,
    /// Whether it is still a lobby.
    pub in_lobby: bool,
}

/// Longest id kept from a platform (user, chat, thread, delivery): Discord's and
/// Telegram's are numbers of 20 digits at most; anything longer is cut, as names are.
pub const MAX_ID: usize = 64;

impl Ctx {
    /// The same context with every id cut to [`MAX_ID`] characters (borrowed when none is
    /// longer), so no adapter can store an id of any size.
    fn bounded(&self) -> std::borrow::Cow<'_, Ctx> {
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

/// What a turn image shows, as the service hands it to the [`Renderer`].
#[derive(Clone, Debug)]
pub struct Picture {
    /// The game after the turn.
    pub position: Position,
    /// The events of the turn(s) this reply tells.
    pub events: Vec<Event>,
    /// The game's name, for the header.
    pub title: String,
    /// A note per seat, in seat order, shown under the player's name (away time).
    pub notes: Vec<Option<String>>,
    /// The language of the image's labels.
    pub lang: Lang,
}

/// Draws the turn image: a [`Picture`] → PNG bytes.
pub type Renderer = Arc<dyn Fn(&Picture) -> Vec<u8> + Send + Sync>;

/// Draws a game's replay: its record, name and language → GIF bytes (an error if the
/// record does not replay). Seconds for a long game; the service calls it on
/// `spawn_blocking`.
pub type ReplayRenderer =
    Arc<dyn Fn(&Record, &str, Lang) -> Result<Vec<u8>, RecordError> + Send + Sync>;

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

/// A game's position cached at a turn number.
struct Loaded {
    turn: i64,
    pos: Position,
}

type Slot = Arc<AsyncMutex<Option<Loaded>>>;

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
}

/// What a turn image depends on beyond its game: the turn, the labels' language, the notes
/// under the names.
#[derive(Clone, Debug, PartialEq, Eq)]
struct TurnImageKey {
    turn: i64,
    lang: Lang,
    notes: Vec<Option<String>>,
}

/// The latest turn image of each game, so `/status` shows it without drawing it again
/// (about 11 ms a drawing against a copy). Bounded: past [`TurnImages::MAX`] games it
/// starts over.
#[derive(Default)]
struct TurnImages(Mutex<HashMap<GameId, CachedTurnImage>>);

/// A game's latest turn image and what it was drawn for.
type CachedTurnImage = (TurnImageKey, Arc<Vec<u8>>);

impl TurnImages {
    const MAX: usize = 512;

    fn get(&self, game: GameId, key: &TurnImageKey) -> Option<Arc<Vec<u8>>> {
        let map = self.0.lock().expect("image cache lock");
        map.get(&game)
            .filter(|(k, _)| k == key)
            .map(|(_, png)| png.clone())
    }

    fn put(&self, game: GameId, key: TurnImageKey, png: Arc<Vec<u8>>) {
        let mut map = self.0.lock().expect("image cache lock");
        if map.len() >= Self::MAX && !map.contains_key(&game) {
            map.clear();
        }
        map.insert(game, (key, png));
    }
}

impl<S> std::fmt::Debug for Service<S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Service").finish_non_exhaustive()
    }
}

/// The display name of a game.
pub fn game_name(id: GameId) -> String {
    format!("Labscape #{id}")
}

fn cap_name(s: &str) -> String {
    let s: String = s.chars().filter(|c| !c.is_control()).collect();
    let s = s.trim();
    let capped: String = s.chars().take(MAX_NAME).collect();
    if capped.is_empty() {
        "player".into()
    } else {
        capped
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
        }
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

    /// Handles one command. Refusals come back as private replies; nothing changes.
    pub async fn handle(&self, ctx: &Ctx, cmd: Command) -> Reply {
        let _handling = self.in_flight.start();
        let ctx = &*ctx.bounded();
        let what = format!("{cmd:?}");
        match self.dispatch(ctx, cmd).await {
            Ok(mut r) => {
                let live = self.store.live_game(&ctx.scope).await.ok().flatten();
                r.lang = match r.visibility {
                    Visibility::Private => self.lang_for(ctx).await,
                    Visibility::Public => self.chat_lang(&ctx.scope, live.as_ref()).await,
                };
                let games = [
                    live.map(|g| g.id),
                    r.turn.map(|t| t.0),
                    r.posts_turn.map(|t| t.0),
                ];
                r.names = self
                    .names_in(Some(&ctx.user_name), games.into_iter().flatten())
                    .await;
                r
            }
            Err(ServiceError::User(e)) => {
                tracing::debug!(user = %ctx.user_id, command = %what, "refused: {e}");
                let lang = self.lang_for(ctx).await;
                Reply {
                    lang,
                    repeated: matches!(e, UserError::AlreadyHandled),
                    ..Reply::private(e.message(lang))
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
        Some(LiveSummary {
            game: row.id,
            turn: row.turn,
            in_lobby: row.status == GameStatus::Lobby,
        })
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

    /// The language of a private reply to `ctx`'s user: their `/me lang` choice, else
    /// their platform's locale, else the chat's language (see [`Service::chat_lang`]).
    pub async fn lang_for(&self, ctx: &Ctx) -> Lang {
        if let Some(l) = self.own_lang(ctx).await {
            return l;
        }
        let live = self.store.live_game(&ctx.scope).await.ok().flatten();
        self.chat_lang(&ctx.scope, live.as_ref()).await
    }

    /// The user's own language, if known: their `/me lang` choice, else their platform's.
    async fn own_lang(&self, ctx: &Ctx) -> Option<Lang> {
        let chosen = self
            .store
            .prefs(&ctx.scope.platform, &ctx.user_id)
            .await
            .ok()
            .and_then(|p| p.language)
            .and_then(|l| Lang::from_tag(&l));
        chosen.or_else(|| ctx.locale.as_deref().and_then(Lang::from_tag))
    }

    /// The chat's default language, if one was chosen.
    async fn chat_default(&self, scope: &ChatScope) -> Option<Lang> {
        self.store
            .chat_language(scope)
            .await
            .ok()
            .flatten()
            .and_then(|l| Lang::from_tag(&l))
    }

    /// The language of public messages in a chat (turn posts, lobby, reminders, the turn
    /// image): the chat's default (`/settings language`), else the language of whoever
    /// created `game`, else English.
    pub async fn chat_lang(&self, scope: &ChatScope, game: Option<&GameRow>) -> Lang {
        self.chat_default(scope)
            .await
            .or_else(|| {
                game.and_then(|g| g.language.as_deref())
                    .and_then(Lang::from_tag)
            })
            .unwrap_or_default()
    }

    fn slot(&self, id: GameId) -> Slot {
        self.slots
            .lock()
            .expect("slot map lock")
            .entry(id)
            .or_default()
            .clone()
    }

    async fn live(&self, scope: &ChatScope) -> Res<GameRow> {
        self.store
            .live_game(scope)
            .await?
            .ok_or(ServiceError::User(UserError::NoGame))
    }

    async fn dispatch(&self, ctx: &Ctx, cmd: Command) -> Res<Reply> {
        let key = ctx.delivery.as_ref().map(|id| MessageKey {
            platform: ctx.scope.platform.clone(),
            id: id.clone(),
        });
        if let Some(k) = &key
            && self.store.handled(k).await?
        {
            return Err(UserError::AlreadyHandled.into());
        }
        let reply = match cmd {
            Command::Help => {
                let lang = self.lang_for(ctx).await;
                let live = self.store.live_game(&ctx.scope).await?;
                return Ok(Reply::private(match live {
                    Some(row) if row.kind != GameKind::Labscape => {
                        tr!(lang, "any-help", game = any_game_name(row.kind, row.id))
                    }
                    _ => help::help(lang),
                }));
            }
            Command::Rules(t) => {
                let lang = self.lang_for(ctx).await;
                // `/rules GAME`, or `/rules` in a chat playing a game other than Labscape.
                let game = match t.as_deref() {
                    Some(topic) => GameKind::from_id(topic),
                    None => self.store.live_game(&ctx.scope).await?.map(|row| row.kind),
                };
                if let Some(text) = game
                    .filter(|k| *k != GameKind::Labscape)
                    .and_then(|k| crate::games::rules(k, lang))
                {
                    return Ok(Reply::private(text));
                }
                return help::rules(t.as_deref(), self.lang_for(ctx).await)
                    .map(Reply::private)
                    .ok_or_else(|| UserError::UnknownTopic(t.unwrap_or_default()).into());
            }
            Command::Table(t) => {
                let pos = match self.store.live_game(&ctx.scope).await? {
                    Some(row) if row.status == GameStatus::Running => {
                        Some(self.position(&row).await?)
                    }
                    _ => None,
                };
                return help::table(t.as_deref(), pos.as_ref(), self.lang_for(ctx).await)
                    .map(Reply::private)
                    .ok_or_else(|| UserError::UnknownTable(t.unwrap_or_default()).into());
            }
            Command::Status => return self.status(ctx).await,
            Command::Log(n) => return self.log(ctx, n.unwrap_or(10)).await,
            Command::Play { action, .. } if action.trim().eq_ignore_ascii_case("snooze") => {
                return self.snooze(ctx).await;
            }
            Command::Play {
                action,
                expected_turn,
            } => {
                return self.play(ctx, &action, expected_turn, key).await;
            }
            Command::Press { game, turn, action } => {
                let live = self.store.live_game(&ctx.scope).await?;
                if live.is_none_or(|row| row.id.0 != game) {
                    return Err(UserError::MovedOn.into());
                }
                if action.trim().eq_ignore_ascii_case("snooze") {
                    return self.snooze(ctx).await;
                }
                return self.play(ctx, &action, Some(turn), key).await;
            }
            Command::Snooze => return self.snooze(ctx).await,
            Command::Recap => return self.recap(ctx).await,
            Command::Replay => return self.replay_cmd(ctx).await,
            Command::Export => return self.export_cmd(ctx).await,
            Command::Luck => return self.luck_cmd(ctx).await,
            Command::Records(of) => return self.records_cmd(ctx, of).await,
            Command::Me(args) => self.me(ctx, &args).await?,
            Command::Away(until) => self.away(ctx, until.as_deref()).await?,
            Command::Settings(args) => self.settings_cmd(ctx, &args).await?,
            Command::New(o) => self.new_game(ctx, o).await?,
            Command::Join => self.join(ctx).await?,
            Command::Leave => self.leave(ctx).await?,
            Command::AddBot(p) => self.add_bot(ctx, p).await?,
            Command::Start => self.start(ctx).await?,
            Command::Abandon => self.abandon(ctx).await?,
        };
        if let Some(k) = &key {
            self.store.mark_handled(k, None, self.clock.now()).await?;
        }
        Ok(reply)
    }

    async fn new_game(&self, ctx: &Ctx, o: NewOptions) -> Res<Reply> {
        if let Some(row) = self.store.live_game(&ctx.scope).await? {
            return Err(UserError::GameHere(any_game_name(row.kind, row.id)).into());
        }
        if let Some(kind) = o.game.filter(|k| *k != GameKind::Labscape) {
            return self.new_any_lobby(ctx, kind, &o).await;
        }
        let layout_text = o.layout.unwrap_or_else(|| "pyramid".into());
        let layout =
            Layout::parse(&layout_text).map_err(|e| UserError::from(OptionProblem::Layout(e)))?;
        let difficulty = o.difficulty.unwrap_or_else(|| "medium".into());
        let d = Difficulty::from_name(&difficulty)
            .ok_or_else(|| UserError::from(OptionProblem::Difficulty(difficulty.clone())))?;
        let setup = o.setup.unwrap_or_else(|| "random".into());
        let s = SetupMode::from_name(&setup)
            .ok_or_else(|| UserError::from(OptionProblem::Setup(setup.clone())))?;
        let max = o.players.unwrap_or(8);
        if !(1..=8).contains(&max) {
            return Err(UserError::from(OptionProblem::Players(max)).into());
        }
        let seed = self.seed.clone().unwrap_or_else(crate::random_seed);
        // The creator's own language, not the chat's: it speaks for the game only while
        // the chat has no default.
        let creator_lang = self.own_lang(ctx).await;
        let new = NewGame {
            scope: ctx.scope.clone(),
            name: String::new(),
            kind: GameKind::Labscape,
            settings: <Position as labscape_core::Game>::options(&Variant {
                layout: layout.clone(),
                difficulty: d,
                setup: s,
            })
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join(" "),
            max_players: max,
            seed_hash: commitment(&seed),
            seed,
            creator: ctx.user_id.clone(),
            now: self.clock.now(),
            language: creator_lang.map(|l| l.tag().into()),
            invited: None,
            creator_side: None,
        };
        let seat = SeatRow {
            seat: 0,
            user_id: ctx.user_id.clone(),
            display_name: cap_name(&ctx.user_name),
            policy: None,
        };
        let id = match self.store.create_game(&new, &seat).await {
            Err(StoreError::ScopeBusy) => {
                let row = self.live(&ctx.scope).await?;
                return Err(UserError::GameHere(any_game_name(row.kind, row.id)).into());
            }
            r => r?,
        };
        let lang = self
            .chat_default(&ctx.scope)
            .await
            .or(creator_lang)
            .unwrap_or_default();
        Ok(Reply::text(tr!(
            lang,
            "lobby-open",
            game = game_name(id),
            layout = layout.source(),
            modules = layout.module_count(),
            floors = layout.floor_count(),
            difficulty = messages::difficulty_name(d, lang),
            setup = messages::setup_name(s.name(), lang),
            max = max,
            who = seat.display_name.as_str()
        )))
    }

    async fn lobby_list(&self, id: GameId) -> Res<String> {
        let seats = self.store.seats(id).await?;
        Ok(seats
            .iter()
            .map(|s| s.display_name.as_str())
            .collect::<Vec<_>>()
            .join(", "))
    }

    async fn join(&self, ctx: &Ctx) -> Res<Reply> {
        let row = self.live(&ctx.scope).await?;
        if row.status != GameStatus::Lobby {
            return Err(UserError::AlreadyStarted.into());
        }
        if let Some(invited) = &row.invited
            && row.creator != ctx.user_id
            && !any_game::is_invited(invited, ctx)
        {
            return Err(UserError::NotInvited(invited.clone()).into());
        }
        let seat = SeatRow {
            seat: 0,
            user_id: ctx.user_id.clone(),
            display_name: cap_name(&ctx.user_name),
            policy: None,
        };
        match self.store.add_seat(row.id, &seat, row.max_players).await {
            Err(StoreError::AlreadySeated) => return Err(UserError::AlreadySeated.into()),
            Ok(false) => return Err(UserError::Full(row.max_players).into()),
            r => r?,
        };
        let list = self.lobby_list(row.id).await?;
        let lang = self.chat_lang(&ctx.scope, Some(&row)).await;
        Ok(Reply::text(tr!(
            lang,
            "lobby-joined",
            who = seat.display_name.as_str(),
            game = any_game_name(row.kind, row.id),
            seats = list
        )))
    }

    async fn add_bot(&self, ctx: &Ctx, policy: Option<String>) -> Res<Reply> {
        let row = self.live(&ctx.scope).await?;
        if row.status != GameStatus::Lobby {
            return Err(UserError::AlreadyStarted.into());
        }
        if row.creator != ctx.user_id {
            return Err(UserError::NotCreator(Deed::AddBots).into());
        }
        if let Some(invited) = &row.invited {
            return Err(UserError::NotInvited(invited.clone()).into());
        }
        let policy = if row.kind == GameKind::Labscape {
            let name = policy.unwrap_or_else(|| default_policy().name().to_string());
            Policy::from_name(&name)
                .ok_or_else(|| UserError::UnknownPolicy(name.clone(), policy_names()))?
                .name()
                .to_string()
        } else {
            let name = policy.unwrap_or_else(|| row.kind.default_policy().to_string());
            row.kind.policy(&name).ok_or_else(|| {
                UserError::UnknownPolicy(name.clone(), row.kind.policies().join(", "))
            })?
        };
        let n = self.store.seats(row.id).await?.len() + 1;
        let seat = SeatRow {
            seat: 0,
            user_id: format!("bot:{policy}:{n}"),
            display_name: format!("Bot {n} ({policy})"),
            policy: Some(policy),
        };
        if !self.store.add_seat(row.id, &seat, row.max_players).await? {
            return Err(UserError::Full(row.max_players).into());
        }
        let list = self.lobby_list(row.id).await?;
        let lang = self.chat_lang(&ctx.scope, Some(&row)).await;
        Ok(Reply::text(tr!(
            lang,
            "lobby-bot-joined",
            who = seat.display_name.as_str(),
            seats = list
        )))
    }

    async fn leave(&self, ctx: &Ctx) -> Res<Reply> {
        let row = self.live(&ctx.scope).await?;
        if row.status != GameStatus::Lobby {
            return Err(UserError::CannotLeave.into());
        }
        if !self.store.remove_seat(row.id, &ctx.user_id).await? {
            return Err(UserError::NotSeated.into());
        }
        let seats = self.store.seats(row.id).await?;
        let lang = self.chat_lang(&ctx.scope, Some(&row)).await;
        if seats.iter().all(|s| s.policy.is_some()) {
            self.store
                .set_status(row.id, GameStatus::Abandoned, self.clock.now())
                .await?;
            return Ok(Reply::text(tr!(
                lang,
                "lobby-left-closed",
                who = cap_name(&ctx.user_name),
                game = any_game_name(row.kind, row.id)
            )));
        }
        let list = self.lobby_list(row.id).await?;
        Ok(Reply::text(tr!(
            lang,
            "lobby-left",
            who = cap_name(&ctx.user_name),
            game = any_game_name(row.kind, row.id),
            seats = list
        )))
    }

    async fn abandon(&self, ctx: &Ctx) -> Res<Reply> {
        let row = self.live(&ctx.scope).await?;
        if row.creator != ctx.user_id && !ctx.is_admin {
            return Err(UserError::NotCreatorOrAdmin(Deed::Abandon).into());
        }
        let slot = self.slot(row.id);
        let _guard = slot.lock().await;
        self.store
            .set_status(row.id, GameStatus::Abandoned, self.clock.now())
            .await?;
        let lang = self.chat_lang(&ctx.scope, Some(&row)).await;
        let mut text = tr!(
            lang,
            "game-abandoned",
            game = any_game_name(row.kind, row.id)
        );
        if row.status == GameStatus::Running {
            text.push(' ');
            text.push_str(&tr!(
                lang,
                "game-abandoned-seed",
                seed = row.seed.as_str(),
                hash = row.seed_hash.as_str()
            ));
        }
        Ok(Reply::text(text))
    }

    fn settings(row: &GameRow, seats: &[SeatRow]) -> Res<Settings> {
        let players: Vec<String> = seats.iter().map(|s| s.display_name.clone()).collect();
        Ok(variant(row)?.with_players(&players))
    }

    async fn start(&self, ctx: &Ctx) -> Res<Reply> {
        let row = self.live(&ctx.scope).await?;
        if row.status != GameStatus::Lobby {
            return Err(UserError::AlreadyStarted.into());
        }
        if row.creator != ctx.user_id {
            return Err(UserError::NotCreator(Deed::Start).into());
        }
        if row.kind != GameKind::Labscape {
            return self.start_any(ctx, row).await;
        }
        let seats = self.store.seats(row.id).await?;
        let settings = Self::settings(&row, &seats)?;
        let (pos, events) = Position::new_game(&settings, &row.seed)
            .map_err(|e| UserError::from(OptionProblem::CannotStart(e)))?;
        let slot = self.slot(row.id);
        let mut guard = slot.lock().await;
        let timer = self.timer_for(&row, &seats, &pos, 0).await?;
        self.store
            .start_game(row.id, &doc_json(&pos), timer.as_ref(), self.clock.now())
            .await?;
        *guard = Some(Loaded { turn: 0, pos });
        let mut row = row;
        row.status = GameStatus::Running;
        let lang = self.chat_lang(&ctx.scope, Some(&row)).await;
        let mut story = vec![tr!(
            lang,
            "game-begins",
            game = any_game_name(row.kind, row.id),
            hash = row.seed_hash.as_str()
        )];
        story.extend(messages::describe(&events, &settings.players, lang));
        let mut all_events = events;
        let loaded = guard.as_mut().expect("just loaded");
        self.run_computer_players(&mut row, &seats, loaded, &mut story, &mut all_events, lang)
            .await?;
        let mut reply = self
            .turn_reply(
                &row,
                &seats,
                &loaded.pos,
                loaded.turn,
                story,
                &all_events,
                lang,
            )
            .await;
        drop(guard);
        self.attach_final_replay(&row, &seats, &mut reply).await;
        Ok(reply)
    }

    /// What the caller may play now in their chat's game: empty unless it is their turn.
    pub async fn suggestions(&self, ctx: &Ctx) -> Suggestions {
        let Ok(Some(row)) = self.store.live_game(&ctx.scope).await else {
            return Suggestions::default();
        };
        let policies = row.kind.policies().iter().map(|p| p.to_string()).collect();
        if row.status != GameStatus::Running {
            return Suggestions {
                policies,
                ..Suggestions::default()
            };
        }
        let Ok(seats) = self.store.seats(row.id).await else {
            return Suggestions::default();
        };
        let Some(seat) = seats.iter().find(|s| s.user_id == ctx.user_id) else {
            return Suggestions::default();
        };
        if row.kind != GameKind::Labscape {
            return match self.load_any(&row).await {
                Ok(game) if game.may_act(Seat(seat.seat)) => Suggestions {
                    actions: game
                        .legal_actions()
                        .iter()
                        .map(ToString::to_string)
                        .collect(),
                    ..Suggestions::default()
                },
                _ => Suggestions::default(),
            };
        }
        let Ok(pos) = self.position(&row).await else {
            return Suggestions::default();
        };
        if pos.active() != Some(Seat(seat.seat)) {
            return Suggestions::default();
        }
        let mut out = Suggestions {
            actions: pos
                .legal_actions()
                .iter()
                .map(ToString::to_string)
                .collect(),
            ..Suggestions::default()
        };
        for a in pos.legal_actions() {
            match a {
                Action::Move(MoveTarget::Steps(s)) => out.steps.push(s[0].to_string()),
                Action::Roll => out.can_roll = true,
                Action::Exit => out.can_exit = true,
                Action::RotateWall { from, to } => {
                    out.rotations.push((from.to_string(), to.to_string()))
                }
                Action::PlaceWall(w) => out.walls.push(w.to_string()),
                Action::PlaceItem(c, labscape_core::labscape::ItemKind::Key) => {
                    out.empty_cells.push(c.to_string())
                }
                _ => {}
            }
        }
        if pos.phase() == Phase::Play
            && let Some(here) = pos.player(Seat(seat.seat)).cell()
        {
            let board = pos.current_board();
            let dist = board.distances(here);
            let mut cells: Vec<(u16, String)> = board
                .shape()
                .cells()
                .filter(|c| *c != here)
                .filter_map(|c| {
                    let d = dist[board.shape().index(c)];
                    (d != labscape_core::labscape::UNREACHABLE).then(|| (d, c.to_string()))
                })
                .collect();
            cells.sort();
            out.cells = cells.into_iter().map(|(_, c)| c).collect();
        }
        out
    }

    /// The current position of a game, if it has started.
    pub async fn position_of(&self, id: GameId) -> Option<Position> {
        let row = self.store.game(id).await.ok()??;
        if row.status == GameStatus::Lobby {
            return None;
        }
        self.position(&row).await.ok()
    }

    /// The position of a running game (cached, or loaded from its latest snapshot plus
    /// the actions after it).
    async fn position(&self, row: &GameRow) -> Res<Position> {
        if row.kind != GameKind::Labscape {
            return Err(UserError::LabscapeOnly(any_game_name(row.kind, row.id)).into());
        }
        let slot = self.slot(row.id);
        let mut guard = slot.lock().await;
        let fresh = self
            .store
            .game(row.id)
            .await?
            .ok_or(ServiceError::User(UserError::NoGame))?;
        self.ensure_loaded(&fresh, &mut guard).await?;
        Ok(guard.as_ref().expect("loaded").pos.clone())
    }

    async fn ensure_loaded(&self, row: &GameRow, slot: &mut Option<Loaded>) -> Res<()> {
        if slot.as_ref().is_some_and(|l| l.turn == row.turn) {
            return Ok(());
        }
        let corrupt = |what: String| {
            ServiceError::Store(StoreError::Corrupt(format!("game {}: {what}", row.id)))
        };
        let (seq, json) = self
            .store
            .snapshot(row.id, row.turn)
            .await?
            .ok_or_else(|| corrupt("no snapshot".into()))?;
        let doc: PositionDoc =
            serde_json::from_str(&json).map_err(|e| corrupt(format!("snapshot: {e}")))?;
        let mut pos = Position::from_doc(&doc).map_err(|e| corrupt(format!("snapshot: {e}")))?;
        for a in self.store.actions(row.id, seq).await? {
            let action =
                Action::parse(&a.action).map_err(|e| corrupt(format!("turn {}: {e}", a.seq)))?;
            pos.play(Some(Seat(a.seat)), &action)
                .map_err(|e| corrupt(format!("turn {}: {e}", a.seq)))?;
        }
        *slot = Some(Loaded {
            turn: row.turn,
            pos,
        });
        Ok(())
    }

    async fn status(&self, ctx: &Ctx) -> Res<Reply> {
        let row = self.live(&ctx.scope).await?;
        let lang = self.lang_for(ctx).await;
        if row.kind != GameKind::Labscape {
            return if row.status == GameStatus::Lobby {
                self.any_lobby_status(&row, lang).await
            } else {
                self.any_status(&row, lang).await
            };
        }
        if row.status == GameStatus::Lobby {
            let seats = self.store.seats(row.id).await?;
            return Ok(Reply::private(tr!(
                lang,
                "lobby-status",
                game = any_game_name(row.kind, row.id),
                layout = variant(&row)?.layout.source(),
                difficulty = messages::difficulty_name(variant(&row)?.difficulty, lang),
                setup = messages::setup_name(variant(&row)?.setup.name(), lang),
                taken = seats.len(),
                max = row.max_players,
                seats = seats
                    .iter()
                    .map(|s| s.display_name.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            )));
        }
        let pos = self.position(&row).await?;
        let seats = self.store.seats(row.id).await?;
        let mut reply = self
            .turn_reply(&row, &seats, &pos, row.turn, vec![], &[], lang)
            .await;
        let notes = self.away_notes(&row, &seats, lang).await?;
        let mut text = messages::status(
            &any_game_name(row.kind, row.id),
            row.turn,
            &pos,
            &notes,
            lang,
        );
        if let Some(t) = self.store.timer(row.id).await? {
            let who = self.who(&row.scope.platform, &t.user_id).await?;
            text.push('\n');
            text.push_str(&tr!(
                lang,
                "status-waiting-since",
                since = timers::format_time(t.waiting_since, who.tz, lang)
            ));
            if let Some(d) = t.deadline_at {
                text.push_str(&tr!(
                    lang,
                    "status-deadline",
                    at = timers::format_time(d, who.tz, lang)
                ));
            }
        }
        reply.text = text;
        reply.mention.clear();
        reply.posts_turn = None;
        Ok(reply)
    }

    async fn log(&self, ctx: &Ctx, n: usize) -> Res<Reply> {
        let row = self.live(&ctx.scope).await?;
        if row.status == GameStatus::Lobby {
            return Err(UserError::NotStarted.into());
        }
        if row.kind != GameKind::Labscape {
            return self.any_log(ctx, &row, n).await;
        }
        let seats = self.store.seats(row.id).await?;
        let (actions, per_turn) = self.replay(&row, &seats).await?;
        let names = display_names(&seats);
        let lang = self.lang_for(ctx).await;
        let start = actions.len().saturating_sub(n);
        let mut text = tr!(
            lang,
            "log-heading",
            game = any_game_name(row.kind, row.id),
            count = actions.len() - start
        );
        for (i, a) in actions.iter().enumerate().skip(start) {
            let who = names
                .get(usize::from(a.seat))
                .map(String::as_str)
                .unwrap_or("?");
            let auto = any_history::automatic_note(a, lang);
            let story = messages::describe(&per_turn[i + 1], &names, lang).join(" ");
            text.push_str(&format!("\n#{} {who}: {}{auto} — {story}", a.seq, a.action));
        }
        if actions.is_empty() {
            text.push('\n');
            text.push_str(&tr!(lang, "log-empty"));
        }
        Ok(Reply::private(text))
    }

    async fn play(
        &self,
        ctx: &Ctx,
        text: &str,
        expected: Option<i64>,
        key: Option<MessageKey>,
    ) -> Res<Reply> {
        let row = self.live(&ctx.scope).await?;
        if row.status == GameStatus::Lobby {
            return Err(UserError::NotStarted.into());
        }
        if row.kind != GameKind::Labscape {
            return self.play_any(ctx, row, text, expected, key).await;
        }
        let seats = self.store.seats(row.id).await?;
        let seat = seats
            .iter()
            .find(|s| s.user_id == ctx.user_id)
            .ok_or(ServiceError::User(UserError::NotSeated))?;
        let action = Action::parse(text).map_err(UserError::from)?;
        let slot = self.slot(row.id);
        let mut guard = slot.lock().await;
        // Re-read under the lock: another command may have just played.
        let mut row = self
            .store
            .game(row.id)
            .await?
            .ok_or(ServiceError::User(UserError::NoGame))?;
        if row.status != GameStatus::Running {
            return Err(UserError::NoGame.into());
        }
        if expected.is_some_and(|t| t != row.turn) {
            return Err(UserError::MovedOn.into());
        }
        self.ensure_loaded(&row, &mut guard).await?;
        let loaded = guard.as_mut().expect("loaded");
        let (next, events) = loaded
            .pos
            .after(Some(Seat(seat.seat)), &action)
            .map_err(UserError::from)?;
        let lang = self.chat_lang(&row.scope, Some(&row)).await;
        let mut story = messages::describe(&events, &display_names(&seats), lang);
        self.commit_turn(
            &mut row,
            &seats,
            loaded,
            next,
            &events,
            seat.seat,
            &action,
            &ctx.user_id,
            false,
            key,
        )
        .await?;
        let mut all_events = events;
        self.run_computer_players(&mut row, &seats, loaded, &mut story, &mut all_events, lang)
            .await?;
        let mut reply = self
            .turn_reply(
                &row,
                &seats,
                &loaded.pos,
                loaded.turn,
                story,
                &all_events,
                lang,
            )
            .await;
        drop(guard);
        self.attach_final_replay(&row, &seats, &mut reply).await;
        Ok(reply)
    }

    #[allow(clippy::too_many_arguments)]
    async fn commit_turn(
        &self,
        row: &mut GameRow,
        seats: &[SeatRow],
        loaded: &mut Loaded,
        next: Position,
        events: &[Event],
        seat: u8,
        action: &Action,
        sender: &str,
        automatic: bool,
        message: Option<MessageKey>,
    ) -> Res<()> {
        let new_turn = row.turn + 1;
        let (status, results) = if next.is_over() {
            (
                GameStatus::Over,
                self.final_results(row, seats, &next, events).await?,
            )
        } else {
            (GameStatus::Running, Vec::new())
        };
        let write = TurnWrite {
            game: row.id,
            expected_turn: row.turn,
            action: ActionRow {
                seq: new_turn,
                seat,
                action: action.to_string(),
                sender: sender.to_string(),
                automatic,
                at: self.clock.now(),
            },
            snapshot: (new_turn % SNAPSHOT_EVERY == 0 || next.is_over()).then(|| doc_json(&next)),
            status,
            message,
            timer: self.timer_for(row, seats, &next, new_turn).await?,
            results,
        };
        self.store.append_turn(&write).await?;
        row.turn = new_turn;
        row.status = status;
        *loaded = Loaded {
            turn: new_turn,
            pos: next,
        };
        Ok(())
    }

    /// Computer players act as soon as it is their turn, through the same record.
    async fn run_computer_players(
        &self,
        row: &mut GameRow,
        seats: &[SeatRow],
        loaded: &mut Loaded,
        story: &mut Vec<String>,
        all_events: &mut Vec<Event>,
        lang: Lang,
    ) -> Res<()> {
        for _ in 0..2000 {
            let Some(active) = loaded.pos.active() else {
                break;
            };
            let Some(seat) = seats.get(active.index()) else {
                break;
            };
            let Some(policy) = seat.policy.as_deref().and_then(Policy::from_name) else {
                break;
            };
            let mut rng = Dice::from_seed(&format!("{}/computer/{}", row.seed, row.turn));
            let Some(action) = policy.choose(&loaded.pos, &mut rng) else {
                break;
            };
            let (next, events) = loaded.pos.after(Some(active), &action).map_err(|e| {
                ServiceError::Store(StoreError::Corrupt(format!(
                    "computer player chose {action}: {e}"
                )))
            })?;
            story.extend(messages::describe(&events, &display_names(seats), lang));
            self.commit_turn(
                row,
                seats,
                loaded,
                next,
                &events,
                seat.seat,
                &action,
                &seat.user_id,
                true,
                None,
            )
            .await?;
            all_events.extend(events);
        }
        Ok(())
    }

    /// The time source.
    pub fn now(&self) -> i64 {
        self.clock.now()
    }

    /// What the timers know of a user.
    async fn who(&self, platform: &str, user_id: &str) -> Res<timers::Who> {
        let p = self.store.prefs(platform, user_id).await?;
        Ok(who_from_prefs(&p))
    }

    /// The timers of the turn `pos` waits for (none for a computer player or a finished game).
    async fn timer_for(
        &self,
        row: &GameRow,
        seats: &[SeatRow],
        pos: &Position,
        turn: i64,
    ) -> Res<Option<TimerRow>> {
        if pos.is_over() {
            return Ok(None);
        }
        self.timer_for_seat(row, seats, pos.active(), turn).await
    }

    /// The timers of a turn that waits for `active` (none for nobody or a computer player).
    async fn timer_for_seat(
        &self,
        row: &GameRow,
        seats: &[SeatRow],
        active: Option<Seat>,
        turn: i64,
    ) -> Res<Option<TimerRow>> {
        let Some(active) = active else {
            return Ok(None);
        };
        let Some(seat) = seats.get(active.index()).filter(|s| s.policy.is_none()) else {
            return Ok(None);
        };
        let now = self.clock.now();
        let who = self.who(&row.scope.platform, &seat.user_id).await?;
        Ok(Some(TimerRow {
            game: row.id,
            turn,
            seat: seat.seat,
            user_id: seat.user_id.clone(),
            waiting_since: now,
            reminders_sent: 0,
            next_reminder: Some(timers::next_reminder(
                now,
                row.timing.reminder_interval,
                &who,
            )),
            deadline_at: row
                .timing
                .deadline
                .map(|d| timers::deadline_at(now, d, &who)),
            stalled: false,
        }))
    }

    /// Recomputes a waiting turn's timers after its settings or its player's preferences
    /// changed (the count of reminders already sent is kept).
    async fn refresh_timer(&self, t: &TimerRow, timing: &Timing, who: &timers::Who) -> Res<()> {
        let mut new = t.clone();
        if !t.stalled {
            let base = t.waiting_since + t.reminders_sent * timing.reminder_interval;
            new.next_reminder = Some(timers::next_reminder(base, timing.reminder_interval, who));
        }
        new.deadline_at = timing
            .deadline
            .map(|d| timers::deadline_at(t.waiting_since, d, who));
        self.store.update_timer(t, Some(&new)).await?;
        Ok(())
    }

    async fn refresh_user_timers(&self, platform: &str, user_id: &str) -> Res<()> {
        let who = self.who(platform, user_id).await?;
        for t in self.store.timers_for_user(user_id).await? {
            if let Some(row) = self.store.game(t.game).await?
                && row.scope.platform == platform
            {
                self.refresh_timer(&t, &row.timing, &who).await?;
            }
        }
        Ok(())
    }

    async fn me(&self, ctx: &Ctx, args: &[String]) -> Res<Reply> {
        let platform = &ctx.scope.platform;
        let mut p = self.store.prefs(platform, &ctx.user_id).await?;
        let mut it = args.iter();
        while let Some(key) = it.next() {
            let value = it
                .next()
                .ok_or_else(|| UserError::from(SettingProblem::NeedsValue(key.clone())))?;
            match key.to_ascii_lowercase().as_str() {
                "tz" | "timezone" | "zone" => {
                    let tz = timers::parse_tz(value)
                        .ok_or_else(|| UserError::from(SettingProblem::TimeZone(value.clone())))?;
                    p.time_zone = Some(tz.name().to_string());
                }
                "quiet" => {
                    if value.eq_ignore_ascii_case("off") {
                        (p.quiet_start, p.quiet_end) = (None, None);
                    } else {
                        let q = timers::parse_quiet(value)
                            .ok_or_else(|| UserError::from(SettingProblem::Quiet(value.clone())))?;
                        (p.quiet_start, p.quiet_end) =
                            (Some(i64::from(q.start)), Some(i64::from(q.end)));
                    }
                }
                "lang" | "language" | "idioma" => {
                    p.language = if is_unset_word(value) {
                        None
                    } else {
                        let lang = Lang::from_tag(value).ok_or_else(|| {
                            UserError::from(SettingProblem::Language(value.clone()))
                        })?;
                        Some(lang.tag().into())
                    };
                }
                other => {
                    return Err(UserError::from(SettingProblem::UnknownPreference(
                        other.to_string(),
                    ))
                    .into());
                }
            }
        }
        if !args.is_empty() {
            self.store.set_prefs(platform, &ctx.user_id, &p).await?;
            self.refresh_user_timers(platform, &ctx.user_id).await?;
        }
        // Answered in the language just chosen.
        let lang = self.lang_for(ctx).await;
        let who = who_from_prefs(&p);
        let mut text = tr!(
            lang,
            "me-prefs",
            zone = who.tz.name(),
            quiet = who
                .quiet
                .map(timers::format_quiet)
                .unwrap_or_else(|| tr!(lang, "me-quiet-none")),
            language = lang.native_name()
        );
        if p.language.is_none() {
            text.push_str(&tr!(lang, "me-language-auto"));
        }
        if let Some(a) = p.away_until.filter(|a| *a > self.clock.now()) {
            text.push_str(&tr!(
                lang,
                "me-away",
                until = timers::format_time(a, who.tz, lang)
            ));
        }
        text.push_str(&tr!(lang, "me-hint"));
        Ok(Reply::private(text))
    }

    async fn away(&self, ctx: &Ctx, until: Option<&str>) -> Res<Reply> {
        let platform = &ctx.scope.platform;
        let mut p = self.store.prefs(platform, &ctx.user_id).await?;
        let who = who_from_prefs(&p);
        let now = self.clock.now();
        let name = cap_name(&ctx.user_name);
        let live = self.store.live_game(&ctx.scope).await?;
        let lang = self.chat_lang(&ctx.scope, live.as_ref()).await;
        let text = match until.map(str::trim) {
            None => {
                return Err(UserError::from(SettingProblem::AwayWhen).into());
            }
            Some(u)
                if ["off", "back", "voltei", "volta"]
                    .iter()
                    .any(|w| u.eq_ignore_ascii_case(w)) =>
            {
                p.away_until = None;
                tr!(lang, "away-back", who = name)
            }
            Some(u) => {
                let t = timers::parse_until(u, now, who.tz)
                    .filter(|t| *t > now)
                    .ok_or_else(|| UserError::from(SettingProblem::AwayPast(u.to_string())))?;
                p.away_until = Some(t);
                tr!(
                    lang,
                    "away-until",
                    who = name,
                    until = timers::format_time(t, who.tz, lang)
                )
            }
        };
        self.store.set_prefs(platform, &ctx.user_id, &p).await?;
        self.refresh_user_timers(platform, &ctx.user_id).await?;
        Ok(Reply::text(text))
    }

    /// `/settings`: the game's reminders and deadline (its creator) and the chat's
    /// language (the game's creator or a chat admin). Every value is checked before
    /// anything changes.
    async fn settings_cmd(&self, ctx: &Ctx, args: &[String]) -> Res<Reply> {
        let live = self.store.live_game(&ctx.scope).await?;
        let is_language = |k: &str| {
            ["language", "lang", "idioma"]
                .iter()
                .any(|w| k.eq_ignore_ascii_case(w))
        };
        let keys: Vec<&String> = args.iter().step_by(2).collect();
        let timing_keys = keys.iter().any(|k| !is_language(k));
        let language_keys = keys.iter().any(|k| is_language(k));
        let creator = live.as_ref().is_some_and(|r| r.creator == ctx.user_id);
        if (timing_keys || args.is_empty()) && live.is_none() {
            return Err(UserError::NoGame.into());
        }
        if timing_keys && !creator {
            return Err(UserError::NotCreator(Deed::ChangeSettings).into());
        }
        if language_keys && !creator && !ctx.is_admin {
            return Err(UserError::NotCreatorOrAdmin(Deed::ChangeLanguage).into());
        }
        let mut t = live.as_ref().map(|r| r.timing).unwrap_or_default();
        let mut language = None;
        let mut it = args.iter();
        while let Some(key) = it.next() {
            let value = it
                .next()
                .ok_or_else(|| UserError::from(SettingProblem::NeedsValue(key.clone())))?;
            let dur = || {
                timers::parse_duration(value)
                    .ok_or_else(|| UserError::from(SettingProblem::Duration(value.clone())))
            };
            match key.to_ascii_lowercase().as_str() {
                k if is_language(k) => {
                    language = Some(if is_unset_word(value) {
                        None
                    } else {
                        Some(Lang::from_tag(value).ok_or_else(|| {
                            UserError::from(SettingProblem::Language(value.clone()))
                        })?)
                    });
                }
                "reminder" | "reminders" | "interval" => t.reminder_interval = dur()?.max(15 * 60),
                "limit" => {
                    t.reminder_limit = value
                        .parse::<i64>()
                        .ok()
                        .filter(|n| (1..=50).contains(n))
                        .ok_or_else(|| UserError::from(SettingProblem::Limit(value.clone())))?
                }
                "deadline" => {
                    t.deadline = if value.eq_ignore_ascii_case("off") {
                        None
                    } else {
                        Some(dur()?.max(15 * 60))
                    }
                }
                "policy" => {
                    t.policy = DeadlinePolicy::from_name(value)
                        .ok_or_else(|| UserError::from(SettingProblem::Policy(value.clone())))?
                }
                other => {
                    return Err(
                        UserError::from(SettingProblem::UnknownSetting(other.to_string())).into(),
                    );
                }
            }
        }
        if let Some(row) = live.as_ref().filter(|_| timing_keys) {
            self.store.set_timing(row.id, &t).await?;
            if let Some(timer) = self.store.timer(row.id).await? {
                let who = self.who(&row.scope.platform, &timer.user_id).await?;
                self.refresh_timer(&timer, &t, &who).await?;
            }
        }
        if let Some(l) = language {
            self.store
                .set_chat_language(&ctx.scope, l.map(Lang::tag))
                .await?;
        }
        let public = self.chat_lang(&ctx.scope, live.as_ref()).await;
        let lang = if args.is_empty() {
            self.lang_for(ctx).await
        } else {
            public
        };
        let mut lines = Vec::new();
        if let Some(row) = &live {
            let deadline = match t.deadline {
                None => tr!(lang, "settings-deadline-off"),
                Some(d) => tr!(
                    lang,
                    "settings-deadline",
                    after = timers::format_duration(d),
                    policy = match t.policy {
                        DeadlinePolicy::Advisory => tr!(lang, "policy-advisory"),
                        DeadlinePolicy::AutoWait => tr!(lang, "policy-auto-wait"),
                    }
                ),
            };
            lines.push(tr!(
                lang,
                "settings-timing",
                game = any_game_name(row.kind, row.id),
                every = timers::format_duration(t.reminder_interval),
                limit = t.reminder_limit,
                deadline = deadline
            ));
        }
        lines.push(match self.chat_default(&ctx.scope).await {
            Some(l) => tr!(lang, "settings-language", language = l.native_name()),
            None => tr!(
                lang,
                "settings-language-unset",
                language = public.native_name()
            ),
        });
        if args.is_empty() {
            lines.push(tr!(lang, "settings-hint"));
        }
        let text = lines.join(" ");
        Ok(if args.is_empty() {
            Reply::private(text)
        } else {
            Reply::text(text)
        })
    }

    async fn snooze(&self, ctx: &Ctx) -> Res<Reply> {
        let row = self.live(&ctx.scope).await?;
        let timer = self
            .store
            .timer(row.id)
            .await?
            .ok_or(ServiceError::User(UserError::NotAwaited))?;
        if timer.user_id != ctx.user_id {
            return Err(UserError::NotAwaited.into());
        }
        let who = self.who(&ctx.scope.platform, &ctx.user_id).await?;
        let at = timers::outside_quiet(self.clock.now() + SNOOZE, &who);
        let new = TimerRow {
            next_reminder: Some(at),
            stalled: false,
            ..timer.clone()
        };
        if !self.store.update_timer(&timer, Some(&new)).await? {
            return Err(UserError::MovedOn.into());
        }
        let lang = self.lang_for(ctx).await;
        Ok(Reply::private(tr!(
            lang,
            "snoozed",
            at = timers::format_time(at, who.tz, lang)
        )))
    }

    async fn recap(&self, ctx: &Ctx) -> Res<Reply> {
        let row = self.live(&ctx.scope).await?;
        if row.status == GameStatus::Lobby {
            return Err(UserError::NotStarted.into());
        }
        if row.kind != GameKind::Labscape {
            return self.any_recap(ctx, &row).await;
        }
        let seats = self.store.seats(row.id).await?;
        let me = seats
            .iter()
            .find(|s| s.user_id == ctx.user_id)
            .ok_or(ServiceError::User(UserError::NotSeated))?;
        let (actions, per_turn) = self.replay(&row, &seats).await?;
        let since = actions
            .iter()
            .rposition(|a| a.seat == me.seat)
            .map_or(0, |i| i + 1);
        let names = display_names(&seats);
        let lang = self.lang_for(ctx).await;
        let mut text = tr!(lang, "recap-since", game = any_game_name(row.kind, row.id));
        if since == 0 {
            text = tr!(lang, "recap-all", game = any_game_name(row.kind, row.id));
            for line in messages::describe(&per_turn[0], &names, lang) {
                text.push('\n');
                text.push_str(&line);
            }
        }
        for (i, a) in actions.iter().enumerate().skip(since) {
            let who = names
                .get(usize::from(a.seat))
                .map(String::as_str)
                .unwrap_or("?");
            let auto = any_history::automatic_note(a, lang);
            text.push_str(&format!(
                "\n#{} {who}{auto}: {}",
                a.seq,
                messages::describe(&per_turn[i + 1], &names, lang).join(" ")
            ));
        }
        if since == actions.len() && since > 0 {
            text.push('\n');
            text.push_str(&tr!(lang, "recap-nothing"));
        }
        let pos = self.position(&row).await?;
        let mut reply = self
            .turn_reply(&row, &seats, &pos, row.turn, vec![], &[], lang)
            .await;
        reply.text = format!("{text}\n{}", messages::next_up(&pos, lang));
        reply.visibility = Visibility::Private;
        reply.mention.clear();
        reply.posts_turn = None;
        reply.quick.clear();
        Ok(reply)
    }

    /// `/replay`: the running game so far or, when there is none (no live game, or one still
    /// in its lobby), the chat's most recently finished game, as an animated GIF posted
    /// for everyone.
    async fn replay_cmd(&self, ctx: &Ctx) -> Res<Reply> {
        let row = self.shown_game(ctx, UserError::NothingToReplay).await?;
        let seats = self.store.seats(row.id).await?;
        let lang = self.lang_for(ctx).await;
        let (gif, turns) = self
            .replay_gif(&row, &seats, lang)
            .await?
            .ok_or(ServiceError::User(UserError::NoReplays))?;
        let game = any_game_name(row.kind, row.id);
        let text = if row.status == GameStatus::Over {
            tr!(lang, "replay-finished", game = game, turns = turns)
        } else {
            tr!(lang, "replay-so-far", game = game, turns = turns)
        };
        let mut reply = Reply::text(text);
        reply.files.push(replay_file(row.id, gif));
        Ok(reply)
    }

    /// The game `/replay`, `/export` and `/luck` are about: the running game here or, when
    /// there is none (no live game, or one still in its lobby), the chat's most recently
    /// finished game; `none` when there is neither.
    async fn shown_game(&self, ctx: &Ctx, none: UserError) -> Res<GameRow> {
        match self.store.live_game(&ctx.scope).await? {
            Some(row) if row.status == GameStatus::Running => Ok(row),
            _ => self
                .store
                .last_finished_game(&ctx.scope)
                .await?
                .ok_or(ServiceError::User(none)),
        }
    }

    /// Attaches the whole game's replay to the reply of the turn that ended it. The turn is
    /// already committed: a replay that cannot be drawn is logged and left out.
    async fn attach_final_replay(&self, row: &GameRow, seats: &[SeatRow], reply: &mut Reply) {
        if row.status != GameStatus::Over {
            return;
        }
        match self.replay_gif(row, seats, reply.lang).await {
            Ok(Some((gif, _))) => reply.files.push(replay_file(row.id, gif)),
            Ok(None) => {}
            Err(ServiceError::User(e)) => tracing::debug!(game = %row.id, "no replay: {e}"),
            Err(ServiceError::Store(e)) => {
                tracing::error!(game = %row.id, error = %e, "drawing the final replay")
            }
        }
    }

    /// A game's replay GIF and its number of turns, drawn off the async threads (one at a
    /// time) or taken from the cache; `None` when this service draws no replays.
    async fn replay_gif(
        &self,
        row: &GameRow,
        seats: &[SeatRow],
        lang: Lang,
    ) -> Res<Option<(Arc<Vec<u8>>, usize)>> {
        let Some(draw) = self.replays.clone() else {
            return Ok(None);
        };
        let actions = self.store.actions(row.id, 0).await?;
        let turns = actions.len();
        let cached = || {
            let cache = self.replay_cache.lock().expect("replay cache lock");
            cache
                .iter()
                .find(|(g, t, l, _)| *g == row.id && *t == turns && *l == lang)
                .map(|(_, _, _, gif)| gif.clone())
        };
        if let Some(gif) = cached() {
            return Ok(Some((gif, turns)));
        }
        let _permit = self
            .replay_gate
            .acquire()
            .await
            .expect("the replay gate is never closed");
        // Someone may have drawn it while this waited.
        if let Some(gif) = cached() {
            return Ok(Some((gif, turns)));
        }
        let corrupt = |what: String| {
            ServiceError::Store(StoreError::Corrupt(format!("game {}: {what}", row.id)))
        };
        let gif = if row.kind == GameKind::Labscape {
            let record = record_of(row, seats, &actions);
            let name = any_game_name(row.kind, row.id);
            tokio::task::spawn_blocking(move || draw(&record, &name, lang))
                .await
                .map_err(|e| corrupt(format!("drawing the replay failed: {e}")))?
                .map_err(|e| corrupt(e.to_string()))?
        } else {
            let pictures = self.any_pictures(row, seats, lang).await?;
            let drawn = tokio::task::spawn_blocking(move || crate::games::replay(&pictures))
                .await
                .map_err(|e| corrupt(format!("drawing the replay failed: {e}")))?;
            match drawn {
                Some(gif) => gif,
                None => return Ok(None),
            }
        };
        let gif = Arc::new(gif);
        let mut cache = self.replay_cache.lock().expect("replay cache lock");
        cache.retain(|(g, t, _, _)| *g != row.id || *t == turns);
        if cache.len() >= REPLAYS_KEPT {
            cache.pop_front();
        }
        cache.push_back((row.id, turns, lang, gif.clone()));
        Ok(Some((gif, turns)))
    }

    /// The stored actions and every turn's events, by replaying the record.
    async fn replay(
        &self,
        row: &GameRow,
        seats: &[SeatRow],
    ) -> Res<(Vec<ActionRow>, Vec<Vec<Event>>)> {
        let actions = self.store.actions(row.id, 0).await?;
        let (_, per_turn) = record_of(row, seats, &actions).replay().map_err(|e| {
            ServiceError::Store(StoreError::Corrupt(format!("game {}: {e}", row.id)))
        })?;
        Ok((actions, per_turn))
    }

    /// The earliest pending reminder or deadline, for the scheduler.
    pub async fn next_due(&self) -> Option<i64> {
        self.store.next_due().await.ok().flatten()
    }

    /// Fires every reminder and deadline due at `now`; returns the messages to post.
    /// Each timer is updated (or the turn played) before its message is returned, and only
    /// if it is still as it was read, so a restart or a second scheduler never fires one
    /// twice.
    pub async fn fire_due(&self, now: i64) -> Vec<Outgoing> {
        let due = match self.store.due_timers(now).await {
            Ok(d) => d,
            Err(e) => {
                tracing::error!(error = %e, "reading due timers");
                return Vec::new();
            }
        };
        let mut out = Vec::new();
        for t in due {
            match self.fire(&t, now).await {
                Ok(Some(mut o)) => {
                    o.reply.names = self.names_in(None, [t.game]).await;
                    out.push(o)
                }
                Ok(None) => {}
                Err(ServiceError::User(e)) => tracing::debug!(game = %t.game, "timer skipped: {e}"),
                Err(ServiceError::Store(e)) => {
                    tracing::error!(game = %t.game, error = %e, "firing a timer")
                }
            }
        }
        out.extend(self.owed_posts(now).await);
        out
    }

    async fn fire(&self, t: &TimerRow, now: i64) -> Res<Option<Outgoing>> {
        let slot = self.slot(t.game);
        let mut guard = slot.lock().await;
        let mut row = self
            .store
            .game(t.game)
            .await?
            .ok_or(ServiceError::User(UserError::NoGame))?;
        if self.store.timer(t.game).await?.as_ref() != Some(t) {
            return Ok(None);
        }
        if row.status != GameStatus::Running || row.turn != t.turn {
            self.store.update_timer(t, None).await?;
            return Ok(None);
        }
        let seats = self.store.seats(row.id).await?;
        let name = any_game_name(row.kind, row.id);
        let who_name = seats
            .get(usize::from(t.seat))
            .map(|s| s.display_name.clone())
            .unwrap_or_default();
        let mention = vec![Mention {
            user_id: t.user_id.clone(),
            name: who_name.clone(),
        }];
        let who = self.who(&row.scope.platform, &t.user_id).await?;
        let lang = self.chat_lang(&row.scope, Some(&row)).await;
        if let Some(deadline) = t.deadline_at.filter(|d| *d <= now) {
            let waited = timers::format_duration(deadline - t.waiting_since);
            match row.timing.policy {
                // Only Labscape has a `wait`; in the other games a deadline is announced.
                DeadlinePolicy::AutoWait if row.kind == GameKind::Labscape => {
                    self.ensure_loaded(&row, &mut guard).await?;
                    let loaded = guard.as_mut().expect("loaded");
                    let seat = Seat(t.seat);
                    let action = Action::Wait(1);
                    let (next, events) = loaded.pos.after(Some(seat), &action).map_err(|e| {
                        ServiceError::Store(StoreError::Corrupt(format!("automatic wait: {e}")))
                    })?;
                    let mut story = vec![tr!(
                        lang,
                        "deadline-auto-wait",
                        who = who_name.as_str(),
                        waited = waited.as_str()
                    )];
                    story.extend(messages::describe(&events, &display_names(&seats), lang));
                    self.commit_turn(
                        &mut row,
                        &seats,
                        loaded,
                        next,
                        &events,
                        t.seat,
                        &action,
                        "scheduler",
                        true,
                        None,
                    )
                    .await?;
                    let mut all = events;
                    self.run_computer_players(&mut row, &seats, loaded, &mut story, &mut all, lang)
                        .await?;
                    let mut reply = self
                        .turn_reply(&row, &seats, &loaded.pos, loaded.turn, story, &all, lang)
                        .await;
                    drop(guard);
                    self.attach_final_replay(&row, &seats, &mut reply).await;
                    return Ok(Some(Outgoing {
                        scope: row.scope.clone(),
                        reply,
                    }));
                }
                DeadlinePolicy::Advisory | DeadlinePolicy::AutoWait => {
                    let new = TimerRow {
                        deadline_at: None,
                        ..t.clone()
                    };
                    if !self.store.update_timer(t, Some(&new)).await? {
                        return Ok(None);
                    }
                    let mut reply = Reply::text(format!(
                        "{}\n{}",
                        messages::heading(&name, row.turn, lang),
                        tr!(
                            lang,
                            "deadline-passed",
                            who = who_name.as_str(),
                            waited = waited.as_str()
                        )
                    ));
                    reply.mention = mention;
                    reply.lang = lang;
                    return Ok(Some(Outgoing {
                        scope: row.scope.clone(),
                        reply,
                    }));
                }
            }
        }
        if t.next_reminder.is_some_and(|r| r <= now) {
            let since = timers::format_time(t.waiting_since, who.tz, lang);
            if t.reminders_sent >= row.timing.reminder_limit {
                let new = TimerRow {
                    next_reminder: None,
                    stalled: true,
                    ..t.clone()
                };
                if !self.store.update_timer(t, Some(&new)).await? {
                    return Ok(None);
                }
                let mut reply = Reply::text(format!(
                    "{}\n{}",
                    messages::heading(&name, row.turn, lang),
                    tr!(
                        lang,
                        "game-stalled",
                        game = name.as_str(),
                        who = who_name.as_str(),
                        since = since.as_str(),
                        count = t.reminders_sent
                    )
                ));
                reply.mention = mention;
                reply.lang = lang;
                return Ok(Some(Outgoing {
                    scope: row.scope.clone(),
                    reply,
                }));
            }
            let sent = t.reminders_sent + 1;
            let new = TimerRow {
                reminders_sent: sent,
                next_reminder: Some(timers::next_reminder(
                    now,
                    row.timing.reminder_interval,
                    &who,
                )),
                ..t.clone()
            };
            if !self.store.update_timer(t, Some(&new)).await? {
                return Ok(None);
            }
            let mut reply = Reply::text(format!(
                "{}\n{}",
                messages::heading(&name, row.turn, lang),
                tr!(
                    lang,
                    "reminder",
                    who = who_name.as_str(),
                    since = since.as_str(),
                    sent = sent,
                    limit = row.timing.reminder_limit
                )
            ));
            reply.mention = mention;
            reply.lang = lang;
            reply.quick = vec![QuickAction {
                label: tr!(lang, "button-snooze", hours = SNOOZE / 3600),
                action: "snooze".into(),
            }];
            reply.turn = Some((row.id, row.turn));
            return Ok(Some(Outgoing {
                scope: row.scope.clone(),
                reply,
            }));
        }
        Ok(None)
    }

    /// Per seat, in seat order: "away until …" (in the player's own time zone) for players
    /// away now, for `/status` and the turn image's player table.
    async fn away_notes(
        &self,
        row: &GameRow,
        seats: &[SeatRow],
        lang: Lang,
    ) -> Res<Vec<Option<String>>> {
        let now = self.clock.now();
        let mut notes = Vec::with_capacity(seats.len());
        for s in seats {
            let p = self.store.prefs(&row.scope.platform, &s.user_id).await?;
            let who = who_from_prefs(&p);
            notes.push(p.away_until.filter(|a| *a > now).map(|a| {
                tr!(
                    lang,
                    "note-away",
                    until = timers::format_time(a, who.tz, lang)
                )
            }));
        }
        Ok(notes)
    }

    #[allow(clippy::too_many_arguments)]
    async fn turn_reply(
        &self,
        row: &GameRow,
        seats: &[SeatRow],
        pos: &Position,
        turn: i64,
        story: Vec<String>,
        events: &[Event],
        lang: Lang,
    ) -> Reply {
        let name = any_game_name(row.kind, row.id);
        let mut text = messages::heading(&name, turn, lang);
        for line in story {
            text.push('\n');
            text.push_str(&line);
        }
        let next = messages::next_up(pos, lang);
        if !next.is_empty() {
            text.push('\n');
            text.push_str(&next);
        }
        if pos.is_over() {
            text.push('\n');
            text.push_str(&tr!(
                lang,
                "game-over-seed",
                seed = row.seed.as_str(),
                hash = row.seed_hash.as_str()
            ));
        }
        let mention = pos
            .active()
            .and_then(|s| seats.get(s.index()))
            .filter(|s| s.policy.is_none())
            .map(|s| Mention {
                user_id: s.user_id.clone(),
                name: s.display_name.clone(),
            })
            .into_iter()
            .collect();
        let image = match &self.renderer {
            Some(r) => {
                // The turn is committed: a note that cannot be read is left off the image.
                let notes = self.away_notes(row, seats, lang).await.unwrap_or_else(|e| {
                    tracing::warn!(game = %row.id, error = ?e, "away notes for the image");
                    Vec::new()
                });
                let key = TurnImageKey {
                    turn,
                    lang,
                    notes: notes.clone(),
                };
                // A reply that tells no turn (`/status`) shows the image of the turn as it
                // was posted, drawn once.
                let cached = events
                    .is_empty()
                    .then(|| self.turn_images.get(row.id, &key));
                match cached.flatten() {
                    Some(png) => Some(png.as_ref().clone()),
                    None => {
                        let picture = Picture {
                            position: pos.clone(),
                            events: events.to_vec(),
                            title: name.clone(),
                            notes,
                            lang,
                        };
                        let r = r.clone();
                        let png = tokio::task::spawn_blocking(move || r(&picture))
                            .await
                            .ok()
                            .filter(|png| !png.is_empty());
                        if let Some(png) = &png {
                            self.turn_images.put(row.id, key, Arc::new(png.clone()));
                        }
                        png
                    }
                }
            }
            None => None,
        };
        Reply {
            text,
            image,
            files: Vec::new(),
            quick: quick_actions(pos, lang),
            mention,
            visibility: Visibility::Public,
            turn: Some((row.id, turn)),
            lang,
            posts_turn: Some((row.id, turn)),
            names: Vec::new(),
            repeated: false,
        }
    }
}

/// Words that clear a language choice (back to the platform's or the game's).
fn is_unset_word(s: &str) -> bool {
    ["auto", "off", "none", "default", "padrão", "padrao"]
        .iter()
        .any(|w| s.eq_ignore_ascii_case(w))
}

/// A stored Labscape game's settings, read from its options text.
fn variant(row: &GameRow) -> Res<Variant> {
    labscape_core::game::parse_options(&row.settings)
        .and_then(|o| <Position as labscape_core::Game>::settings(&o))
        .map_err(|e| {
            ServiceError::Store(StoreError::Corrupt(format!(
                "game {}: settings “{}”: {e}",
                row.id, row.settings
            )))
        })
}

/// A stored game as its record (settings, seed, actions in the public notation).
pub fn record_of(row: &GameRow, seats: &[SeatRow], actions: &[ActionRow]) -> Record {
    let options = labscape_core::game::parse_options(&row.settings).unwrap_or_default();
    let get = |key: &str| {
        labscape_core::game::option(&options, key)
            .unwrap_or_default()
            .to_string()
    };
    Record {
        layout: get("layout"),
        difficulty: get("difficulty"),
        setup: get("setup"),
        players: display_names(seats),
        seed: row.seed.clone(),
        actions: actions
            .iter()
            .map(|a| TurnRecord {
                seat: a.seat,
                action: a.action.clone(),
            })
            .collect(),
    }
}

/// A drawn replay: the game, its number of turns, the GIF.
type CachedReplay = (GameId, usize, Lang, Arc<Vec<u8>>);

/// Replays kept in memory (the latest, by game).
const REPLAYS_KEPT: usize = 4;

/// A game's replay as a file to post.
fn replay_file(id: GameId, gif: Arc<Vec<u8>>) -> Attachment {
    Attachment {
        name: format!("labscape-{}-replay.gif", id.0),
        bytes: Arc::unwrap_or_clone(gif),
    }
}

/// How long a snooze puts off the next reminder.
pub const SNOOZE: i64 = 4 * 3600;

/// What the timers need from a user's stored preferences.
pub fn who_from_prefs(p: &UserPrefs) -> timers::Who {
    timers::Who {
        tz: p
            .time_zone
            .as_deref()
            .and_then(timers::parse_tz)
            .unwrap_or(chrono_tz::UTC),
        quiet: match (p.quiet_start, p.quiet_end) {
            (Some(s), Some(e)) => Some(timers::Quiet {
                start: s as u16,
                end: e as u16,
            }),
            _ => None,
        },
        away_until: p.away_until,
    }
}

fn display_names(seats: &[SeatRow]) -> Vec<String> {
    seats.iter().map(|s| s.display_name.clone()).collect()
}

fn doc_json(pos: &Position) -> String {
    serde_json::to_string(&pos.to_doc()).expect("documents serialise")
}

/// The policy `addbot` uses when none is named.
pub fn default_policy() -> Policy {
    Policy::from_name("heuristic").unwrap_or(Policy::Random)
}

fn policy_names() -> String {
    ["random", "heuristic", "search"]
        .into_iter()
        .filter(|n| Policy::from_name(n).is_some())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The buttons for the next player: legal single steps, roll, exit, wait 1.
pub fn quick_actions(pos: &Position, lang: Lang) -> Vec<QuickAction> {
    if pos.phase() != Phase::Play {
        return Vec::new();
    }
    pos.legal_actions()
        .into_iter()
        .filter_map(|a| {
            let label = match &a {
                Action::Move(MoveTarget::Steps(s)) if s.len() == 1 => s[0].to_string(),
                Action::Roll => tr!(lang, "button-roll"),
                Action::Exit => tr!(lang, "button-exit"),
                Action::Wait(1) => tr!(lang, "button-wait", minutes = 1),
                _ => return None,
            };
            Some(QuickAction {
                label,
                action: a.to_string(),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod any_game_tests;
#[cfg(test)]
mod timer_tests;
