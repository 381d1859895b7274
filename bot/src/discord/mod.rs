//! Labscape on Discord: slash commands and turn buttons (serenity + poise, over the gateway).
//!
//! Only this module names serenity or poise types. Every interaction becomes one
//! [`Command`](crate::app::Command) for the [`Service`]; the [`Reply`](crate::app::Reply)
//! comes back as a channel message (text, the turn PNG, buttons, a ping for the next player)
//! or as an ephemeral answer. Buttons are stateless — their custom id carries the game, the
//! turn and the action (`ls:<game>:<turn>:<action>`) — and are handled in the global event
//! handler, so they keep working across restarts.
//!
//! `LABSCAPE_DISCORD_API_URL` points the client at a proxy or a local fake (tests): REST
//! goes there, and so does the gateway address it returns. serenity only uses a proxy with
//! its rate limiter turned off, so it is off exactly then.

mod commands;
mod localize;
mod present;
mod respond;

use std::{future::Future, sync::Arc};

use anyhow::Context as _;
use poise::serenity_prelude as serenity;
use tokio::sync::mpsc;

use crate::{
    app::{Outgoing, Service},
    i18n::tr,
    store::SqliteStore,
};

/// The user data every command sees.
pub struct Data {
    service: Arc<Service<SqliteStore>>,
}

impl std::fmt::Debug for Data {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Data").finish_non_exhaustive()
    }
}

type Error = serenity::Error;
type Context<'a> = poise::Context<'a, Data, Error>;

/// How to reach Discord.
#[derive(Clone)]
pub struct Config {
    /// The bot token (never logged).
    pub token: String,
    /// Base URL of a Discord API proxy or a local fake; `None` for Discord itself.
    pub api_url: Option<String>,
    /// Register the commands in this guild only (instant, for development).
    pub guild: Option<u64>,
}

impl std::fmt::Debug for Config {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Config")
            .field("token", &"<redacted>")
            .field("api_url", &self.api_url)
            .field("guild", &self.guild)
            .finish()
    }
}

impl Config {
    /// Reads `DISCORD_TOKEN`, `LABSCAPE_DISCORD_API_URL` and `LABSCAPE_DISCORD_GUILD`;
    /// `None` when no token is set.
    ///
    /// # Errors
    /// If `LABSCAPE_DISCORD_GUILD` is not a guild id.
    pub fn from_env() -> anyhow::Result<Option<Config>> {
        let var = |name: &str| {
            std::env::var(name)
                .ok()
                .map(|v| v.trim().to_string())
                .filter(|v| !v.is_empty())
        };
        let Some(token) = var("DISCORD_TOKEN") else {
            return Ok(None);
        };
        let guild = match var("LABSCAPE_DISCORD_GUILD") {
            Some(g) => Some(
                g.parse::<u64>()
                    .ok()
                    .filter(|g| *g != 0)
                    .with_context(|| format!("LABSCAPE_DISCORD_GUILD “{g}” is not a guild id"))?,
            ),
            None => None,
        };
        Ok(Some(Config {
            token,
            api_url: var("LABSCAPE_DISCORD_API_URL"),
            guild,
        }))
    }
}

/// Runs the Discord bot until `shutdown` completes (or the gateway fails for good),
/// posting every [`Outgoing`] message for Discord that arrives on `outgoing`.
///
/// # Errors
/// If the client cannot be built or the gateway connection fails for good (a bad token).
pub async fn run(
    service: Arc<Service<SqliteStore>>,
    config: Config,
    outgoing: mpsc::Receiver<Outgoing>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    let mut http = serenity::HttpBuilder::new(&config.token);
    if let Some(base) = &config.api_url {
        http = http
            .proxy(base.trim_end_matches('/'))
            .ratelimiter_disabled(true);
    }
    let guild = config.guild;
    let poster_service = service.clone();
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: {
                let mut all = commands::all();
                localize::localize(&mut all);
                all
            },
            event_handler: |fw, event| Box::pin(on_event(fw, event)),
            on_error: |e| Box::pin(on_error(e)),
            ..Default::default()
        })
        .initialize_owners(false)
        .setup(move |ctx, _ready, framework| {
            Box::pin(async move {
                let commands = &framework.options().commands;
                let registered = match guild {
                    Some(g) => {
                        poise::builtins::register_in_guild(ctx, commands, serenity::GuildId::new(g))
                            .await
                    }
                    None => poise::builtins::register_globally(ctx, commands).await,
                };
                // Commands registered before stay usable; a failure here must not stop
                // the bot from answering them.
                match registered {
                    Ok(()) => tracing::info!("Discord commands registered"),
                    Err(e) => tracing::error!("registering the Discord commands failed: {e}"),
                }
                Ok(Data { service })
            })
        })
        .build();
    // Interactions arrive whatever the intents; guilds keep the channel cache useful.
    let mut client =
        serenity::ClientBuilder::new_with_http(http.build(), serenity::GatewayIntents::GUILDS)
            .framework(framework)
            .await
            .context("building the Discord client")?;
    let poster = tokio::spawn(respond::post_outgoing(
        client.http.clone(),
        poster_service,
        outgoing,
    ));
    let shards = client.shard_manager.clone();
    let stopper = tokio::spawn(async move {
        shutdown.await;
        shards.shutdown_all().await;
    });
    let result = client.start().await;
    stopper.abort();
    poster.abort();
    result.context("the Discord connection failed")
}

async fn on_event(
    fw: poise::FrameworkContext<'_, Data, Error>,
    event: &serenity::FullEvent,
) -> Result<(), Error> {
    if let serenity::FullEvent::InteractionCreate {
        interaction: serenity::Interaction::Component(press),
    } = event
        && press.data.custom_id.starts_with("ls:")
    {
        respond::press(fw.serenity_context, fw.user_data, press).await?;
    }
    Ok(())
}

async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    match error {
        poise::FrameworkError::ArgumentParse { ctx, error, .. } => {
            let lang = respond::lang_of(ctx).await;
            let text = tr!(lang, "error-cant-read", problem = error.to_string());
            let reply = poise::CreateReply::default().content(text).ephemeral(true);
            if let Err(e) = ctx.send(reply).await {
                tracing::warn!("answering a malformed option: {e}");
            }
        }
        poise::FrameworkError::CommandStructureMismatch {
            ctx, description, ..
        } => {
            // Discord still shows an older version of the command (a choice or option
            // this version does not have).
            tracing::warn!(command = %ctx.command().qualified_name, "outdated command options: {description}");
            let lang = respond::lang_of(poise::Context::Application(ctx)).await;
            let text = tr!(lang, "discord-outdated-command");
            let reply = poise::CreateReply::default().content(text).ephemeral(true);
            if let Err(e) = poise::Context::Application(ctx).send(reply).await {
                tracing::warn!("answering an outdated command: {e}");
            }
        }
        poise::FrameworkError::Command { error, ctx, .. } => {
            // Most often the interaction was already answered (a repeated delivery) or its
            // token expired; then this last try fails too, quietly.
            tracing::warn!(command = %ctx.command().qualified_name, "Discord command failed: {error}");
            let text = tr!(respond::lang_of(ctx).await, "discord-failed");
            let reply = poise::CreateReply::default().content(text).ephemeral(true);
            if let Err(e) = ctx.send(reply).await {
                tracing::debug!("telling the user about a failure: {e}");
            }
        }
        poise::FrameworkError::EventHandler { error, .. } => {
            tracing::warn!("Discord button failed: {error}");
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::warn!("handling a Discord error: {e}");
            }
        }
    }
}
