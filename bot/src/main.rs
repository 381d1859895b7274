//! `labscape`: the Labscape chat bot and its command line.
//!
//! This crate is the imperative shell around `labscape-core` (the rules) and
//! `labscape-render` (the turn image): it reads files and the environment, and (in later
//! modules) talks to the database, Discord and Telegram. `anyhow` lives only here.

use labscape::{
    app, bench, discord, engine_cli, games, local,
    secret::{RedactingStderr, redact},
    settings::{Settings, Sources},
    store, telegram, verify,
};

mod simulate;

use std::{path::PathBuf, process::ExitCode, sync::Arc};

use clap::{Args, Parser, Subcommand};

/// The Labscape bot.
#[derive(Debug, Parser)]
#[command(
    name = "labscape",
    version,
    about = "Labscape: escape the lab before dawn, by chat message"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    db: DbArgs,
    /// A file of `NAME=VALUE` lines (tokens and the like), read after the environment.
    #[arg(long, global = true, env = "LABSCAPE_CONFIG")]
    config: Option<PathBuf>,
}

/// Where games are stored.
#[derive(Debug, Args, Clone)]
struct DbArgs {
    /// The database: a SQLite file (a path or a `sqlite://` URL; the default), or a
    /// PostgreSQL database (`postgres://user@host/db`).
    #[arg(
        long,
        global = true,
        env = "DATABASE_URL",
        default_value = "labscape.db"
    )]
    db: String,
}

/// Options of `labscape bench`.
#[derive(Debug, Args, Clone)]
struct BenchArgs {
    /// Turns measured for latency (grand, 6 players).
    #[arg(long, default_value_t = 300)]
    latency_turns: usize,
    /// Games played concurrently in one database.
    #[arg(long, default_value_t = 1000)]
    games: usize,
    /// Turns played in the throughput run.
    #[arg(long, default_value_t = 20000)]
    turns: usize,
    /// Concurrent senders.
    #[arg(long, default_value_t = 64)]
    senders: usize,
    /// Render a PNG for every turn of the throughput run too.
    #[arg(long)]
    render: bool,
    /// Play the throughput run in this many processes at once on one PostgreSQL database
    /// (`--db postgres://…`); games, turns and senders are shared among them.
    #[arg(long, default_value_t = 1)]
    processes: usize,
    /// Internal: this process is worker I of a `--processes` run.
    #[arg(long, hide = true)]
    worker: Option<usize>,
}

/// Options of `labscape local`.
#[derive(Debug, Args, Clone)]
struct LocalArgs {
    /// Folder for turn images.
    #[arg(long, default_value = "labscape-images")]
    images: PathBuf,
    /// Read chat lines from this file instead of the terminal.
    #[arg(long)]
    script: Option<PathBuf>,
    /// Your name (the default speaker; `USER` when not given).
    #[arg(long = "as")]
    speaker: Option<String>,
    /// Give every new game this seed instead of a fresh one, so a script plays the same
    /// games every run (demos and tests; the seed decides the first player and the dice).
    #[arg(long)]
    seed: Option<String>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Play in the terminal, on a local SQLite file (the default with no bot token).
    Local(LocalArgs),
    /// Measure the service: turn latency, throughput, memory (prints figures).
    Bench(BenchArgs),
    /// The rules engine's command line (positions and actions in the public notation).
    #[command(subcommand)]
    Engine(engine_cli::EngineCommand),
    /// Automated playtesting: whole games with computer players, measured.
    Simulate(simulate::SimulateArgs),
    /// Check a game's record file (from /export): the seed matches its commitment and every
    /// roll, draw and robot move follows from it. Exit 0 verified, 1 not, 2 unreadable.
    Verify {
        /// The record file (JSON); `-` reads standard input.
        file: PathBuf,
    },
    /// Run the Telegram bot (needs TELEGRAM_TOKEN; LABSCAPE_TELEGRAM_API_URL for a local Bot API).
    Telegram {
        /// Receive updates by webhook on this local address (`0.0.0.0:8443`) instead of
        /// long polling, so several processes can sit behind one HTTPS proxy.
        #[arg(
            long,
            env = "LABSCAPE_TELEGRAM_WEBHOOK_LISTEN",
            requires = "webhook_url"
        )]
        webhook_listen: Option<String>,
        /// The public URL Telegram posts the updates to (the proxy's, https://…); the
        /// secret is TELEGRAM_WEBHOOK_SECRET, or derived from the token.
        #[arg(
            long,
            env = "LABSCAPE_TELEGRAM_WEBHOOK_URL",
            requires = "webhook_listen"
        )]
        webhook_url: Option<String>,
    },
    /// Run the Discord bot (needs DISCORD_TOKEN; LABSCAPE_DISCORD_GUILD, LABSCAPE_DISCORD_API_URL).
    Discord {
        /// The gateway shards this process runs, `A-B` (inclusive) of --shard-count;
        /// several processes share one token and one database.
        #[arg(long, requires = "shard_count")]
        shards: Option<String>,
        /// Shards across every process.
        #[arg(long, requires = "shards")]
        shard_count: Option<u32>,
    },
    /// A consistent copy of the SQLite database in a new FILE, safe while the bot runs
    /// (on PostgreSQL, use `pg_dump`).
    Backup {
        /// The copy to write; it must not exist yet.
        file: PathBuf,
    },
    /// Copy a SQLite database into an empty PostgreSQL one, and check the copy by replaying
    /// every game.
    Migrate {
        /// The SQLite database (a path or sqlite:// URL).
        #[arg(long)]
        from: String,
        /// The PostgreSQL database (postgres://…), empty.
        #[arg(long)]
        to: String,
    },
}

/// Whether the command line is `labscape [global options] engine …`.
fn is_engine_call() -> bool {
    std::env::args_os()
        .skip(1)
        .find(|a| !a.to_string_lossy().starts_with('-'))
        .is_some_and(|a| a == "engine")
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // The engine's contract: every failure is JSON on standard output, exit 2.
        Err(e) if is_engine_call() && e.use_stderr() => return engine_cli::usage_error(&e),
        Err(e) => e.exit(),
    };
    // The engine, simulations and verify read only their arguments.
    match cli.command {
        Some(Command::Engine(cmd)) => return engine_cli::run(cmd),
        Some(Command::Simulate(args)) => return simulate::run(args),
        Some(Command::Verify { file }) => return verify::run(&file),
        Some(Command::Migrate { from, to }) => {
            return run_async(async move { labscape::migrate::run(&from, &to).await });
        }
        Some(Command::Backup { file }) => return run_async(backup(cli.db, file)),
        _ => {}
    }
    let settings = match Sources::read(cli.config.as_deref())
        .and_then(|sources| Settings::from_sources(&sources))
    {
        Ok(s) => s,
        Err(e) => {
            eprintln!("labscape: {}", redact(&error_text(&e)));
            return ExitCode::FAILURE;
        }
    };
    let grace = settings.outbox_grace;
    match cli.command {
        Some(
            Command::Engine(_)
            | Command::Simulate(_)
            | Command::Verify { .. }
            | Command::Backup { .. }
            | Command::Migrate { .. },
        ) => {
            unreachable!("answered above")
        }
        Some(Command::Local(args)) => run_async(local_play(cli.db, args, settings)),
        Some(Command::Telegram {
            webhook_listen,
            webhook_url,
        }) => match settings.telegram {
            Some(mut tg) => {
                if let (Some(listen), Some(url)) = (webhook_listen, webhook_url) {
                    match telegram::Webhook::new(
                        &listen,
                        &url,
                        tg.webhook_secret.clone(),
                        &tg.token,
                    ) {
                        Ok(hook) => tg.webhook = Some(hook),
                        Err(e) => {
                            eprintln!("labscape telegram: {e}");
                            return ExitCode::from(2);
                        }
                    }
                }
                run_async(chat_bots(cli.db, grace, None, Some(tg)))
            }
            None => {
                eprintln!("labscape telegram: set TELEGRAM_TOKEN to the token from @BotFather.");
                ExitCode::FAILURE
            }
        },
        Some(Command::Bench(b)) => {
            let opts = bench::BenchOptions {
                latency_turns: b.latency_turns,
                games: b.games.max(1),
                turns: b.turns,
                senders: b.senders.max(1),
                render_throughput: b.render,
                // `--db postgres://…` measures on that (empty) database; otherwise a fresh
                // SQLite file in a temporary folder, never the players' database.
                database: store::is_postgres(&cli.db.db).then(|| cli.db.db.clone()),
            };
            match (b.worker, b.processes) {
                (Some(index), _) => run_async(bench::run_worker(opts, bench::Worker { index })),
                (None, 1) => run_async(bench::run(opts)),
                (None, n) => run_async(bench::run_processes(opts, n)),
            }
        }
        Some(Command::Discord {
            shards,
            shard_count,
        }) => match settings.discord {
            Some(mut dc) => {
                if let (Some(range), Some(total)) = (shards, shard_count) {
                    match discord::Shards::parse(&range, total) {
                        Ok(s) => dc.shards = Some(s),
                        Err(e) => {
                            eprintln!("labscape discord: {e}");
                            return ExitCode::from(2);
                        }
                    }
                }
                run_async(chat_bots(cli.db, grace, Some(dc), None))
            }
            None => {
                eprintln!(
                    "labscape discord: set DISCORD_TOKEN to the bot's token (see the README)."
                );
                ExitCode::FAILURE
            }
        },
        None if settings.discord.is_some() || settings.telegram.is_some() => {
            let (dc, tg) = (settings.discord, settings.telegram);
            run_async(chat_bots(cli.db, grace, dc, tg))
        }
        None => {
            eprintln!(
                "No DISCORD_TOKEN or TELEGRAM_TOKEN is set, so this is local play in the terminal.\n\
                 To run the chat bots, set DISCORD_TOKEN and/or TELEGRAM_TOKEN (see the README)."
            );
            let args = LocalArgs {
                images: "labscape-images".into(),
                script: None,
                speaker: None,
                seed: None,
            };
            run_async(local_play(cli.db, args, settings))
        }
    }
}

/// Logs to standard error, at `LABSCAPE_LOG` (default `warn`), every line scrubbed of
/// the tokens. The chat clients and their HTTP stacks log at most `info`, whatever
/// `LABSCAPE_LOG` asks: at `debug` and `trace` they print the requests and events
/// themselves, which hold what a player typed in private (a secret square).
fn init_tracing() {
    use tracing_subscriber::{
        filter::{LevelFilter, Targets},
        prelude::*,
    };
    let filter = tracing_subscriber::EnvFilter::try_from_env("LABSCAPE_LOG")
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn"));
    let clients = [
        "serenity",
        "poise",
        "teloxide",
        "teloxide_core",
        "reqwest",
        "hyper",
        "hyper_util",
        "h2",
        "tungstenite",
        "tokio_tungstenite",
        "async_tungstenite",
    ]
    .into_iter()
    .fold(
        Targets::new().with_default(LevelFilter::TRACE),
        |t, name| t.with_target(name, LevelFilter::INFO),
    );
    let _ = tracing_subscriber::registry()
        .with(
            tracing_subscriber::fmt::layer()
                .with_writer(RedactingStderr::make)
                .with_filter(filter),
        )
        .with(clients)
        .try_init();
}

fn run_async(fut: impl std::future::Future<Output = anyhow::Result<()>>) -> ExitCode {
    init_tracing();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("tokio runtime");
    let result = rt.block_on(fut);
    // A task stuck in a blocking call (a terminal read) must not hold the exit.
    rt.shutdown_timeout(std::time::Duration::from_secs(1));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("labscape: {}", redact(&error_text(&e)));
            ExitCode::FAILURE
        }
    }
}

/// The service on the configured database, with the turn image renderer.
async fn open_service(
    db: &DbArgs,
    outbox_grace: Option<i64>,
) -> anyhow::Result<app::Service<store::AnyStore>> {
    use anyhow::Context as _;
    let store = store::AnyStore::open(&db.db)
        .await
        .with_context(|| format!("opening the database {}", store::shown_url(&db.db)))?;
    tracing::info!(backend = store.backend(), "database open");
    let renderer: app::Renderer = Arc::new(labscape::render_turn);
    let replays: app::ReplayRenderer = Arc::new(labscape::render_replay);
    let service =
        app::Service::new(store, Arc::new(app::SystemClock), Some(renderer)).with_replays(replays);
    Ok(match outbox_grace {
        Some(secs) => service.with_outbox_grace(secs),
        None => service,
    })
}

async fn local_play(db: DbArgs, args: LocalArgs, settings: Settings) -> anyhow::Result<()> {
    let mut service = open_service(&db, settings.outbox_grace).await?;
    if let Some(seed) = args.seed {
        service = service.with_seed(seed);
    }
    let opts = local::LocalOptions {
        images: args.images,
        script: args.script,
        speaker: match args.speaker.or(settings.user) {
            Some(name) => name,
            None => {
                eprintln!(
                    "(You play as “you”: set USER, or start with --as NAME, to play under your name.)"
                );
                "you".into()
            }
        },
        locale: settings.locale,
    };
    let service = Arc::new(service);
    let played = local::run(service.clone(), opts).await;
    close(&service).await;
    played
}

/// An error and its causes on one line, each cause once: libraries often print their
/// source inside their own message too, and `{:#}` would then repeat it.
fn error_text(e: &anyhow::Error) -> String {
    let mut text = String::new();
    for cause in e.chain() {
        let part = cause.to_string();
        if text.contains(&part) {
            continue;
        }
        if !text.is_empty() {
            text.push_str(": ");
        }
        text.push_str(&part);
    }
    text
}

/// A clean stop: the store is closed, its write-ahead log checkpointed into the database
/// file (so `labscape.db` alone holds every game).
async fn close(service: &app::Service<store::AnyStore>) {
    if let Err(e) = service.store().close().await {
        tracing::warn!("closing the database: {}", redact(&e.to_string()));
    }
}

/// `labscape backup FILE`.
async fn backup(db: DbArgs, file: PathBuf) -> anyhow::Result<()> {
    use anyhow::Context as _;
    if store::is_postgres(&db.db) {
        anyhow::bail!(
            "`labscape backup` copies a SQLite database; on PostgreSQL use pg_dump \
             (pg_dump --format=custom --file=labscape.dump DATABASE), which is consistent \
             while the bot runs"
        );
    }
    if file.exists() {
        anyhow::bail!("{} already exists; name a new file", file.display());
    }
    let store = store::SqliteStore::open(&db.db)
        .await
        .with_context(|| format!("opening the database {}", store::shown_url(&db.db)))?;
    store
        .backup_to(&file)
        .await
        .with_context(|| format!("writing the backup {}", file.display()))?;
    store.close().await?;
    println!(
        "Backed up {} to {}.",
        store::shown_url(&db.db),
        file.display()
    );
    Ok(())
}

/// An unbounded sender (what the scheduler's router takes) feeding a platform's bounded
/// queue.
fn forward(
    tx: tokio::sync::mpsc::Sender<app::Outgoing>,
) -> tokio::sync::mpsc::UnboundedSender<app::Outgoing> {
    let (utx, mut urx) = tokio::sync::mpsc::unbounded_channel();
    tokio::spawn(async move {
        while let Some(m) = urx.recv().await {
            if tx.send(m).await.is_err() {
                break;
            }
        }
    });
    utx
}

/// How long the bots get to stop, and in-flight turns to finish, once the process is told
/// to stop (or one bot has failed for good).
const GRACE: std::time::Duration = std::time::Duration::from_secs(5);

/// Waits for SIGINT (Ctrl-C) or SIGTERM; says which.
async fn stop_signal() -> &'static str {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => tokio::select! {
                _ = tokio::signal::ctrl_c() => "SIGINT",
                _ = term.recv() => "SIGTERM",
            },
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
                "SIGINT"
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
        "Ctrl-C"
    }
}

/// A bot task's end: which bot, and how it ended.
type BotEnd = (&'static str, anyhow::Result<()>);

/// Why a bot's task ended, as the process's error: no bot ends on its own while the
/// others run.
fn bot_failure(done: Result<BotEnd, tokio::task::JoinError>) -> anyhow::Error {
    match done {
        Ok((name, Ok(()))) => anyhow::anyhow!("the {name} bot stopped on its own"),
        Ok((name, Err(e))) => e.context(format!("the {name} bot failed")),
        Err(e) => anyhow::Error::new(e).context("a bot's task panicked"),
    }
}

/// The configured chat bots on one service, each a task, until SIGINT or SIGTERM, or until
/// one fails for good. Then every bot is asked to stop and gets [`GRACE`] to do so (and
/// to finish the turns in flight); what is still running after that is cut off. A failed
/// bot is reported at once, and the process exits non-zero.
async fn chat_bots(
    db: DbArgs,
    outbox_grace: Option<i64>,
    discord: Option<discord::Config>,
    telegram: Option<telegram::TelegramConfig>,
) -> anyhow::Result<()> {
    let service = Arc::new(open_service(&db, outbox_grace).await?);
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let until_stopped = |mut rx: tokio::sync::watch::Receiver<bool>| async move {
        let _ = rx.wait_for(|s| *s).await;
    };
    let mut bots: tokio::task::JoinSet<BotEnd> = tokio::task::JoinSet::new();
    // Messages the bot posts on its own (reminders, deadlines) go through these senders.
    let mut router = labscape::scheduler::Router::default();
    if let Some(config) = discord {
        let (tx, rx) = tokio::sync::mpsc::channel(64);
        router = router.route("discord", forward(tx));
        let run = discord::run(service.clone(), config, rx, until_stopped(stopped.clone()));
        bots.spawn(async move { ("Discord", run.await) });
    }
    if let Some(config) = telegram {
        let (tx, rx) = tokio::sync::mpsc::channel(64);
        router = router.route("telegram", forward(tx));
        let run = telegram::run(service.clone(), config, rx, until_stopped(stopped.clone()));
        bots.spawn(async move { ("Telegram", run.await) });
    }
    // The one scheduler: reminders and deadlines for every platform's games.
    let scheduler = labscape::scheduler::spawn(service.clone(), router);
    let mut result = Ok(());
    tokio::select! {
        signal = stop_signal() => tracing::info!("{signal}: stopping the bots"),
        Some(done) = bots.join_next() => {
            let failure = bot_failure(done);
            eprintln!("labscape: {}; stopping", redact(&error_text(&failure)));
            result = Err(failure);
        }
    }
    scheduler.abort();
    let _ = stop.send(true);
    let deadline = tokio::time::Instant::now() + GRACE;
    let drain = async {
        while let Some(done) = bots.join_next().await {
            if let Ok((_, Ok(()))) = done {
                continue;
            }
            let failure = bot_failure(done);
            tracing::warn!("{}", redact(&error_text(&failure)));
        }
        service.idle().await;
    };
    tokio::select! {
        r = tokio::time::timeout_at(deadline, drain) => if r.is_err() {
            tracing::warn!("the bots did not stop within {GRACE:?}; cutting them off");
        },
        signal = stop_signal() => tracing::warn!("{signal} again: stopping now"),
    }
    bots.shutdown().await;
    close(&service).await;
    result
}

#[cfg(test)]
#[path = "main/tests.rs"]
mod tests;
