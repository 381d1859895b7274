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
    secret::Secret,
    store::AnyStore,
};

/// The user data every command sees.
pub struct Data {
    service: Arc<Service<AnyStore>>,
}

impl std::fmt::Debug for Data {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Data").finish_non_exhaustive()
    }
}

type Error = serenity::Error;
type Context<'a> = poise::Context<'a, Data, Error>;

/// How to reach Discord.
#[derive(Clone, Debug)]
pub struct Config {
    /// The bot token (never printed, scrubbed from logs).
    pub token: Secret,
    /// Base URL of a Discord API proxy or a local fake; `None` for Discord itself.
    pub api_url: Option<String>,
    /// Register the commands in this guild only (instant, for development).
    pub guild: Option<u64>,
    /// The gateway shards this process runs (`None`: all of them, as one shard).
    pub shards: Option<Shards>,
}

/// A range of gateway shards, for several processes sharing one bot: process A runs
/// `0-1` of 4, process B `2-3` of 4. Discord sends each guild's events to one shard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shards {
    /// The first shard this process runs.
    pub first: u32,
    /// The last shard this process runs (inclusive).
    pub last: u32,
    /// Shards across every process.
    pub total: u32,
}

impl Shards {
    /// Reads `A-B` (or `A` alone) of `total`.
    ///
    /// # Errors
    /// A sentence naming what is wrong, for the command line.
    pub fn parse(range: &str, total: u32) -> Result<Shards, String> {
        let number = |s: &str| {
            s.trim()
                .parse::<u32>()
                .map_err(|_| format!("“{s}” is not a shard number"))
        };
        let (first, last) = match range.split_once('-') {
            Some((a, b)) => (number(a)?, number(b)?),
            None => (number(range)?, number(range)?),
        };
        if total == 0 {
            return Err("--shard-count must be at least 1".into());
        }
        if first > last || last >= total {
            return Err(format!(
                "shards {first}-{last} are not a range within 0-{} (of {total})",
                total - 1
            ));
        }
        Ok(Shards { first, last, total })
    }
}

/// Runs the Discord bot until `shutdown` completes (or the gateway fails for good),
/// posting every [`Outgoing`] message for Discord that arrives on `outgoing`.
///
/// # Errors
/// If the client cannot be built or the gateway connection fails for good (a bad token).
pub async fn run(
    service: Arc<Service<AnyStore>>,
    config: Config,
    outgoing: mpsc::Receiver<Outgoing>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    let mut http = serenity::HttpBuilder::new(config.token.expose());
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
    let http = http.build();
    // With an API URL set, the gateway must come from it and live on its host: serenity
    // would otherwise fall back to Discord's own gateway, token and all.
    let gateway = match &config.api_url {
        Some(base) => Some(gateway_of(&http, base).await?),
        None => None,
    };
    // Interactions arrive whatever the intents; guilds keep the channel cache useful.
    let mut client = serenity::ClientBuilder::new_with_http(http, serenity::GatewayIntents::GUILDS)
        .framework(framework)
        .await
        .context("building the Discord client")?;
    if let Some(url) = gateway {
        *client.ws_url.lock().await = url;
    }
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
    let result = match config.shards {
        // serenity's range runs from its start to its end inclusive.
        Some(s) => client.start_shard_range(s.first..s.last, s.total).await,
        None => client.start().await,
    };
    stopper.abort();
    poster.abort();
    result.context("the Discord connection failed")
}

/// How long the gateway address may take to come back from a configured API.
const GATEWAY_LOOKUP: std::time::Duration = std::time::Duration::from_secs(10);

/// The gateway address the configured API gives, refused unless it is on the API's own
/// host: with `LABSCAPE_DISCORD_API_URL` set, nothing may contact another host.
async fn gateway_of(http: &serenity::Http, base: &str) -> anyhow::Result<String> {
    let asked = tokio::time::timeout(GATEWAY_LOOKUP, http.get_gateway())
        .await
        .map_err(|_| anyhow::anyhow!("the Discord API at {base} did not answer"))?
        .with_context(|| format!("the Discord API at {base} did not give a gateway address"))?;
    same_host(base, &asked.url)?;
    Ok(asked.url)
}

/// Whether `gateway` is on the host of `base` (both URLs).
fn same_host(base: &str, gateway: &str) -> anyhow::Result<()> {
    let host = |u: &str| {
        url::Url::parse(u)
            .ok()
            .and_then(|u| u.host_str().map(str::to_ascii_lowercase))
    };
    match (host(base), host(gateway)) {
        (Some(a), Some(b)) if a == b => Ok(()),
        _ => anyhow::bail!(
            "the Discord API at {base} gave the gateway {gateway}, on another host; with \
             LABSCAPE_DISCORD_API_URL set the bot talks to that host only"
        ),
    }
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

#[cfg(test)]
mod shard_tests {
    use super::Shards;

    #[test]
    fn a_shard_range_is_read_and_checked() {
        assert_eq!(
            Shards::parse("2-3", 4),
            Ok(Shards {
                first: 2,
                last: 3,
                total: 4
            })
        );
        assert_eq!(Shards::parse("1", 4).map(|s| (s.first, s.last)), Ok((1, 1)));
        assert!(Shards::parse("3-4", 4).unwrap_err().contains("within 0-3"));
        assert!(Shards::parse("2-1", 4).is_err());
        assert!(Shards::parse("x-1", 4).unwrap_err().contains("“x”"));
        assert!(Shards::parse("0", 0).is_err());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_configured_api_gives_a_gateway_on_its_own_host_only() {
        assert!(same_host("http://127.0.0.1:4000", "ws://127.0.0.1:4001/gateway").is_ok());
        assert!(same_host("http://LOCALHOST:4000/api", "ws://localhost:9/").is_ok());
        let e = same_host("http://127.0.0.1:4000", "wss://gateway.discord.gg").unwrap_err();
        assert!(e.to_string().contains("another host"), "{e}");
        assert!(same_host("http://127.0.0.1:4000", "not a url").is_err());
    }

    #[tokio::test]
    async fn an_api_that_does_not_answer_stops_the_bot_instead_of_discords_gateway() {
        // A port with nothing listening: the request is refused at once.
        let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let base = format!("http://{}", closed.local_addr().unwrap());
        drop(closed);
        let http = serenity::HttpBuilder::new("test-token")
            .proxy(base.as_str())
            .ratelimiter_disabled(true)
            .build();
        let e = gateway_of(&http, &base).await.unwrap_err();
        assert!(
            format!("{e:#}").contains("did not give a gateway address"),
            "{e:#}"
        );
    }
}
