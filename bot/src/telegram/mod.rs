//! The Telegram front-end: teloxide's dispatcher in front of the game service, fed by long
//! polling (one process) or by a webhook (several processes behind one proxy: `webhook`).
//!
//! Chat commands (`/move NNE`) go to [`Service::handle`] through the service's own
//! parser; keyboard presses become `Command::Play` tied to the turn the keyboard was made
//! for. Every turn is posted as the PNG (a photo, or a document when a photo would be
//! degraded) with the turn's text as an HTML caption, an inline keyboard for the next
//! player, and a text-mention that makes Telegram notify them. A game belongs to its chat
//! and forum topic. This is the only module that names teloxide types.

mod beyond;
mod callback;
mod config;
mod format;
mod send;
mod webhook;

#[cfg(test)]
mod menu_tests;

use std::{
    collections::HashMap,
    future::Future,
    sync::{Arc, Mutex},
    time::{Duration, Instant},
};

use anyhow::Context as _;
use teloxide::{
    adaptors::{Throttle, throttle::Limits},
    dispatching::{Dispatcher, UpdateFilterExt as _},
    error_handlers::ErrorHandler,
    prelude::*,
    types::{
        BotCommand, ChatId, InlineKeyboardButton, InlineKeyboardMarkup, InputFile,
        LinkPreviewOptions, Me, MessageId, ParseMode, ReplyParameters, ThreadId, Update, UserId,
    },
    update_listeners::Polling,
};
use tokio::sync::{Notify, mpsc};

use self::format::{MAX_ALERT, MAX_CAPTION, MAX_TEXT, Press};
use crate::{
    app::{Attachment, Command, Ctx, Outgoing, Reply, Service, Visibility, messages::UserError},
    i18n::{Lang, tr},
    secret::{Secret, redact, scrub},
    store::{ChatScope, GameStore},
};

pub use self::config::{FloodLimits, TelegramConfig};
pub use self::webhook::{Webhook, WebhookError};
use self::{
    beyond::{answer_secret, deliver_beyond, open_private, post_in_chat},
    callback::on_callback,
    send::send_reply,
};

/// The platform name in [`ChatScope`]s and delivery keys.
pub const PLATFORM: &str = "telegram";

/// How long a chat member's admin status is trusted.
const ADMIN_TTL: Duration = Duration::from_secs(120);

type TgBot = Throttle<Bot>;
type HandlerResult = anyhow::Result<()>;

/// What every handler shares: the service and a short-lived cache of admin checks.
struct Shared<S> {
    service: Arc<Service<S>>,
    admins: Mutex<HashMap<(i64, u64), (bool, Instant)>>,
}

/// The commands shown in Telegram's command menu (`setMyCommands`), each with its
/// description in `lang` (English is the default menu, Portuguese the `pt` one).
pub fn commands(lang: Lang) -> Vec<(String, String)> {
    let first = [
        ("newgame", tr!(lang, "tg-cmd-newgame")),
        ("join", tr!(lang, "tg-cmd-join")),
        ("leave", tr!(lang, "tg-cmd-leave")),
        ("startgame", tr!(lang, "tg-cmd-startgame")),
        ("abandon", tr!(lang, "tg-cmd-abandon")),
        ("status", tr!(lang, "tg-cmd-status")),
        ("play", tr!(lang, "tg-cmd-play")),
    ];
    // Each game's own commands, once each, by the names Telegram allows.
    let own = crate::games::own_commands().iter().map(|c| {
        (
            format::telegram_name(c.name),
            crate::i18n::t(lang, c.menu, &[]),
        )
    });
    let last = [
        ("addbot", tr!(lang, "tg-cmd-addbot")),
        ("rules", tr!(lang, "tg-cmd-rules")),
        ("table", tr!(lang, "tg-cmd-table")),
        ("log", tr!(lang, "tg-cmd-log")),
        ("recap", tr!(lang, "tg-cmd-recap")),
        ("settings", tr!(lang, "tg-cmd-settings")),
        ("me", tr!(lang, "tg-cmd-me")),
        ("away", tr!(lang, "tg-cmd-away")),
        ("snooze", tr!(lang, "tg-cmd-snooze")),
        ("replay", tr!(lang, "tg-cmd-replay")),
        ("export", tr!(lang, "tg-cmd-export")),
        ("luck", tr!(lang, "tg-cmd-luck")),
        ("draw", tr!(lang, "tg-cmd-draw")),
        ("resign", tr!(lang, "tg-cmd-resign")),
        ("myview", tr!(lang, "tg-cmd-myview")),
        ("records", tr!(lang, "tg-cmd-records")),
        ("help", tr!(lang, "tg-cmd-help")),
    ];
    let named = |(name, about): (&str, String)| (name.to_string(), about);
    first
        .into_iter()
        .map(named)
        .chain(own)
        .chain(last.into_iter().map(named))
        .collect()
}

/// What `/start` says in a private chat.
fn intro(lang: Lang) -> String {
    tr!(lang, "tg-intro")
}

/// Runs the Telegram bot until `shutdown` resolves: registers the command list, answers
/// updates (by long polling, or by webhook when configured), and posts the [`Outgoing`]
/// messages addressed to Telegram.
///
/// # Errors
/// If the bot cannot start (bad API URL, or `getMe` fails: a wrong token or no network; or
/// the webhook cannot listen or is refused).
pub async fn run<S: GameStore>(
    service: Arc<Service<S>>,
    config: TelegramConfig,
    outgoing: mpsc::Receiver<Outgoing>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    let mut bot = Bot::new(config.token.expose());
    if let Some(url) = &config.api_url {
        let url = url::Url::parse(url)
            .with_context(|| format!("LABSCAPE_TELEGRAM_API_URL is not a URL: {url}"))?;
        bot = bot.set_api_url(url);
    }
    let l = config.limits;
    let bot = bot.throttle(Limits {
        messages_per_sec_chat: l.per_chat_per_sec,
        messages_per_min_chat: l.per_chat_per_min,
        messages_per_min_channel_or_supergroup: l.per_group_per_min,
        messages_per_sec_overall: l.overall_per_sec,
    });

    // The default menu in English, and a Portuguese one for users whose Telegram speaks it.
    for (lang, code) in [(Lang::En, None), (Lang::PtBr, Some("pt"))] {
        let menu: Vec<BotCommand> = commands(lang)
            .into_iter()
            .map(|(c, d)| BotCommand::new(c, d))
            .collect();
        let mut request = bot.set_my_commands(menu);
        if let Some(code) = code {
            request = request.language_code(code);
        }
        if let Err(e) = request.await {
            tracing::warn!(error = %scrub(&e), %lang, "Telegram: could not register the command list");
        }
    }

    // The webhook listens and registers before anything else starts, so a failure leaves
    // nothing running.
    let hooked = match &config.webhook {
        Some(hook) => Some(webhook::listen(&bot, hook).await?),
        None => None,
    };

    let shared = Arc::new(Shared {
        service,
        admins: Mutex::new(HashMap::new()),
    });
    let mut dispatcher = Dispatcher::builder(bot.clone(), schema::<S>())
        .dependencies(dptree::deps![shared.clone()])
        .default_handler(|_| async {})
        .error_handler(Arc::new(ScrubbingErrorHandler(
            "Telegram: handling an update failed",
        )))
        .build();

    let stopped = Arc::new(Notify::new());
    let out_task = tokio::spawn(post_outgoing(
        bot.clone(),
        shared.service.clone(),
        outgoing,
        stopped.clone(),
    ));
    let token = dispatcher.shutdown_token();
    let stopper = tokio::spawn(async move {
        shutdown.await;
        // `shutdown` refuses while the dispatcher is still starting; try again shortly.
        loop {
            match token.shutdown() {
                Ok(done) => {
                    done.await;
                    break;
                }
                Err(_) => tokio::time::sleep(Duration::from_millis(20)).await,
            }
        }
    });

    let result = match hooked {
        Some(listener) => {
            dispatcher
                .try_dispatch_with_listener(
                    listener,
                    Arc::new(ScrubbingErrorHandler("Telegram: the webhook failed")),
                )
                .await
        }
        None => {
            let listener = Polling::builder(bot.clone())
                .timeout(config.poll_timeout)
                .delete_webhook()
                .await
                .build();
            tracing::info!("Telegram: polling for updates");
            dispatcher
                .try_dispatch_with_listener(
                    listener,
                    Arc::new(ScrubbingErrorHandler("Telegram: polling failed")),
                )
                .await
        }
    };
    stopper.abort();
    stopped.notify_one();
    let _ = out_task.await;
    result.map_err(|e| {
        anyhow::anyhow!(
            "Telegram could not start (getMe failed: check TELEGRAM_TOKEN and the network): {}",
            scrub(&e)
        )
    })
}

/// Logs a failure of the dispatcher or the polling loop with every secret taken out (a
/// platform's error page can echo the request path, token included).
struct ScrubbingErrorHandler(&'static str);

impl<E: std::fmt::Debug> ErrorHandler<E> for ScrubbingErrorHandler {
    fn handle_error(
        self: Arc<Self>,
        error: E,
    ) -> std::pin::Pin<Box<dyn Future<Output = ()> + Send>> {
        let text = redact(&format!("{error:?}")).into_owned();
        tracing::error!(error = %text, "{}", self.0);
        Box::pin(async {})
    }
}

fn schema<S: GameStore>() -> teloxide::dispatching::UpdateHandler<anyhow::Error> {
    dptree::entry()
        .branch(Update::filter_message().endpoint(on_message::<S>))
        .branch(Update::filter_callback_query().endpoint(on_callback::<S>))
}

/// Posts the messages the bot sends on its own (reminders, deadlines) until stopped.
async fn post_outgoing<S: GameStore>(
    bot: TgBot,
    service: Arc<Service<S>>,
    mut rx: mpsc::Receiver<Outgoing>,
    stopped: Arc<Notify>,
) {
    // The bot's user name, for the link a player who plays in private is sent to open.
    let mut bot_name: Option<String> = None;
    loop {
        let out = tokio::select! {
            _ = stopped.notified() => return,
            out = rx.recv() => match out {
                Some(out) => out,
                None => {
                    stopped.notified().await;
                    return;
                }
            },
        };
        if out.scope.platform != PLATFORM {
            continue;
        }
        post_in_chat(&bot, &service, &out).await;
        if !out.reply.whispers.is_empty() || !out.reply.elsewhere.is_empty() {
            if bot_name.is_none() {
                bot_name = bot.get_me().await.ok().map(|me| me.username().to_string());
            }
            let name = bot_name.as_deref().unwrap_or_default();
            deliver_beyond(&bot, name, &service, &out.reply).await;
        }
    }
}

/// A chat and, in forums, a topic.
#[derive(Clone, Copy, Debug)]
struct Place {
    chat: ChatId,
    thread: Option<ThreadId>,
}

impl Place {
    fn of(msg: &Message) -> Place {
        Place {
            chat: msg.chat.id,
            // Only forum topics scope a game: replies in an ordinary group also carry a
            // thread id, and they belong to the group's game.
            thread: msg.is_topic_message.then_some(msg.thread_id).flatten(),
        }
    }

    fn from_scope(scope: &ChatScope) -> Option<Place> {
        let chat = ChatId(scope.chat.parse().ok()?);
        let thread = if scope.thread.is_empty() {
            None
        } else {
            Some(ThreadId(MessageId(scope.thread.parse().ok()?)))
        };
        Some(Place { chat, thread })
    }

    /// The private chat with a user (its id is the user's).
    fn private_with(user: UserId) -> Place {
        Place {
            chat: ChatId(user.0 as i64),
            thread: None,
        }
    }

    fn scope(&self) -> ChatScope {
        ChatScope {
            platform: PLATFORM.into(),
            chat: self.chat.0.to_string(),
            thread: self.thread.map(|t| t.0.0.to_string()).unwrap_or_default(),
        }
    }
}

fn user_name(u: &teloxide::types::User) -> String {
    u.full_name()
}

/// Whether the service refused a retried delivery (answered silently).
async fn on_message<S: GameStore>(
    bot: TgBot,
    me: Me,
    upd: Update,
    msg: Message,
    shared: Arc<Shared<S>>,
) -> HandlerResult {
    let (Some(text), Some(from)) = (msg.text(), msg.from.as_ref()) else {
        return Ok(());
    };
    if !text.starts_with('/') {
        return Ok(());
    }
    let first = text.split_whitespace().next().unwrap_or("");
    let (verb, target) = match first[1..].split_once('@') {
        Some((v, t)) => (v.to_ascii_lowercase(), Some(t)),
        None => (first[1..].to_ascii_lowercase(), None),
    };
    if target.is_some_and(|t| !t.eq_ignore_ascii_case(me.username())) {
        return Ok(()); // a command for another bot
    }
    let place = Place::of(&msg);
    let mut ctx = Ctx {
        scope: place.scope(),
        user_id: from.id.0.to_string(),
        user_name: user_name(from),
        is_admin: msg.chat.is_private(),
        delivery: Some(format!("u{}", upd.id.0)),
        locale: from.language_code.clone(),
        handle: from.username.clone(),
        private: msg.chat.is_private(),
    };
    // An anonymous admin's message comes from the group itself (and a channel's from the
    // channel), signed by a stand-in bot: nobody to seat or to hold to a turn. Say so
    // rather than ignore the command.
    if let Some(chat) = &msg.sender_chat {
        let lang = shared.service.lang_for(&ctx).await;
        let name = chat.title().unwrap_or("this chat");
        let reply = Reply {
            lang,
            ..Reply::private(tr!(lang, "tg-anonymous", chat = name))
        };
        return send_reply(&bot, place, &reply, Some(msg.id)).await;
    }
    if from.is_bot {
        return Ok(());
    }

    if verb == "start" && msg.chat.is_private() {
        // A player who plays in private, opening this chat as the group told them: their
        // prompt is here.
        if let Some(prompt) = shared.service.waiting_prompt(&ctx).await {
            return send_reply(&bot, place, &prompt, None).await;
        }
        let lobby = shared
            .service
            .live_summary(&ctx.scope)
            .await
            .is_some_and(|g| g.in_lobby);
        if !lobby {
            let lang = shared.service.lang_for(&ctx).await;
            let reply = Reply {
                lang,
                ..Reply::text(intro(lang))
            };
            return send_reply(&bot, place, &reply, None).await;
        }
    }
    let reply = match Command::parse(text) {
        Ok(mut cmd) => {
            challenge_by_reply(&mut cmd, &msg);
            if needs_admin_check(&cmd) && !ctx.is_admin {
                ctx.is_admin = is_admin(&bot, &shared, msg.chat.id, from.id).await;
            }
            shared.service.handle(&ctx, cmd).await
        }
        Err(_) => shared.service.handle_line(&ctx, text).await,
    };
    if reply.repeated {
        tracing::debug!(update = upd.id.0, "Telegram: a repeated update, ignored");
        return Ok(());
    }
    if reply.withdraw
        && let Err(e) = bot.delete_message(msg.chat.id, msg.id).await
    {
        tracing::debug!(error = %scrub(&e), "Telegram: deleting a message meant to be private failed");
    }
    if reply.visibility == Visibility::Secret && !msg.chat.is_private() {
        return answer_secret(
            &bot,
            me.username(),
            &shared.service,
            (place, msg.id),
            from,
            &reply,
        )
        .await;
    }
    let reply_to = (reply.visibility == Visibility::Private && !reply.withdraw).then_some(msg.id);
    let target = match reply.visibility {
        Visibility::Secret => Place::private_with(from.id),
        _ => place,
    };
    send_reply(&bot, target, &reply, reply_to).await?;
    shared.service.posted(&reply).await;
    deliver_beyond(&bot, me.username(), &shared.service, &reply).await;
    Ok(())
}

/// `/newgame GAME` sent as a reply to someone's message challenges them (unless the
/// command names someone itself): only they can take the free seat.
fn challenge_by_reply(cmd: &mut Command, msg: &Message) {
    let Command::New(o) = cmd else {
        return;
    };
    let Some(replied) = msg.reply_to_message() else {
        return;
    };
    // In a forum topic every message "replies" to the topic's first one: not a challenge.
    if msg.thread_id.is_some_and(|t| t.0 == replied.id) {
        return;
    }
    let Some(to) = replied.from.as_ref() else {
        return;
    };
    if o.game.is_some() && o.opponent.is_none() && !to.is_bot {
        o.opponent = Some(crate::app::Invite {
            id: to.id.0.to_string(),
            name: user_name(to),
        });
    }
}

/// Commands whose outcome may depend on the sender being a chat admin.
fn needs_admin_check(cmd: &Command) -> bool {
    !matches!(
        cmd,
        Command::Play { .. }
            | Command::Help
            | Command::Rules(_)
            | Command::Table(_)
            | Command::Status
            | Command::Look(_)
            | Command::Log(_)
    )
}

async fn is_admin<S>(bot: &TgBot, shared: &Shared<S>, chat: ChatId, user: UserId) -> bool {
    let key = (chat.0, user.0);
    if let Some((admin, at)) = shared.admins.lock().expect("admin cache").get(&key)
        && at.elapsed() < ADMIN_TTL
    {
        return *admin;
    }
    let admin = match bot.get_chat_member(chat, user).await {
        Ok(m) => m.is_privileged(),
        Err(e) => {
            tracing::warn!(error = %scrub(&e), "Telegram: getChatMember failed; treating as not an admin");
            return false;
        }
    };
    let mut cache = shared.admins.lock().expect("admin cache");
    cache.retain(|_, (_, at)| at.elapsed() < ADMIN_TTL);
    cache.insert(key, (admin, Instant::now()));
    admin
}

/// The inline keyboard for a reply's buttons (a long one is paged).
fn keyboard(reply: &Reply, page: usize) -> Option<InlineKeyboardMarkup> {
    let (game, turn) = reply.turn?;
    let rows = format::keyboard_rows(
        &reply.buttons,
        game.0,
        turn,
        page,
        reply.again.as_deref(),
        reply.lang,
    );
    if rows.is_empty() {
        return None;
    }
    Some(InlineKeyboardMarkup::new(rows.into_iter().map(|row| {
        row.into_iter()
            .map(|(label, data)| InlineKeyboardButton::callback(label, data))
    })))
}
