//! `labscape bench`: the service's speed, printed as figures (never a pass/fail test).
//!
//! 1. Turn latency through the service (command in → committed → PNG out) on a `grand`
//!    game with 6 players: p50 and p99.
//! 2. Throughput: many games in one database played concurrently: turns per second.
//!
//! On a fresh SQLite file in a temporary folder, or with `--db postgres://…` on that
//! (empty) PostgreSQL database.
//! 3. Peak resident memory of the process.

mod processes;
mod throughput;

use std::{sync::Arc, time::Instant};

pub use processes::{Worker, run_processes, run_worker};

use anyhow::Context as _;

use crate::{
    app::{Ctx, Renderer, Reply, Service, SystemClock, Visibility},
    store::{AnyStore, GameStore, shown_url},
};

/// Options of `labscape bench`.
#[derive(Debug, Clone)]
pub struct BenchOptions {
    /// Turns measured for latency.
    pub latency_turns: usize,
    /// Games played concurrently for throughput.
    pub games: usize,
    /// Turns played in total for throughput.
    pub turns: usize,
    /// Concurrent senders.
    pub senders: usize,
    /// Render a PNG for every turn in the throughput run too.
    pub render_throughput: bool,
    /// An empty PostgreSQL database to measure on (`None`: a SQLite file in a temporary
    /// folder).
    pub database: Option<String>,
}

fn ctx(chat: &str, user: &str) -> Ctx {
    Ctx::member("bench", chat, user, user)
}

async fn open_game(
    s: &Service<AnyStore>,
    chat: &str,
    layout: &str,
    players: usize,
) -> anyhow::Result<Reply> {
    let r = s
        .handle_line(&ctx(chat, "p0"), &format!("/new {layout} easy"))
        .await;
    anyhow::ensure!(r.visibility == Visibility::Public, "new: {}", r.text);
    for i in 1..players {
        s.handle_line(&ctx(chat, &format!("p{i}")), "/join").await;
    }
    let r = s.handle_line(&ctx(chat, "p0"), "/start").await;
    anyhow::ensure!(r.visibility == Visibility::Public, "start: {}", r.text);
    Ok(r)
}

/// A plausible next command from a reply's quick actions (cycling through them).
fn next_command(r: &Reply, i: usize) -> Option<(String, String)> {
    let who = r.mention.first()?.user_id.clone();
    let q: Vec<&crate::app::Button> = r.quick().collect();
    let action = if q.is_empty() {
        "wait".to_string()
    } else {
        q[i % q.len()].payload.clone()
    };
    Some((who, format!("/{action}")))
}

fn percentile<T: Copy + Default>(sorted: &[T], p: f64) -> T {
    if sorted.is_empty() {
        return T::default();
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i]
}

fn peak_rss_mib() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

/// Runs the benchmark on a fresh database in a temporary folder and prints the figures.
///
/// # Errors
/// If the database cannot be created or a game cannot be set up.
pub async fn run(opts: BenchOptions) -> anyhow::Result<()> {
    let dir = std::env::temp_dir().join(format!("labscape-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let db = match &opts.database {
        Some(url) => url.clone(),
        None => dir
            .join("bench.db")
            .to_str()
            .context("temp path")?
            .to_string(),
    };
    let store = AnyStore::open(&db)
        .await
        .with_context(|| format!("opening {}", shown_url(&db)))?;
    println!("database: {} ({})", store.backend(), shown_url(&db));
    let renderer: Renderer = Arc::new(crate::render_turn);
    let service = Arc::new(Service::new(store, Arc::new(SystemClock), Some(renderer)));

    // 1. Latency.
    let mut reply = open_game(&service, "latency", "grand", 6).await?;
    let mut samples = Vec::with_capacity(opts.latency_turns);
    let mut png_sizes = Vec::with_capacity(opts.latency_turns);
    for i in 0..opts.latency_turns {
        let Some((who, cmd)) = next_command(&reply, i) else {
            break;
        };
        let t = Instant::now();
        reply = service.handle_line(&ctx("latency", &who), &cmd).await;
        samples.push(t.elapsed());
        png_sizes.extend(reply.image.as_ref().map(Vec::len));
        if reply.visibility != Visibility::Public {
            anyhow::bail!("latency run refused {cmd}: {}", reply.text);
        }
    }
    samples.sort();
    png_sizes.sort_unstable();
    println!(
        "turn latency (grand, 6 players, command → commit → PNG), {} turns: p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms; PNGs {} bytes at the median, {} at most",
        samples.len(),
        percentile(&samples, 0.5).as_secs_f64() * 1e3,
        percentile(&samples, 0.99).as_secs_f64() * 1e3,
        samples.last().copied().unwrap_or_default().as_secs_f64() * 1e3,
        percentile(&png_sizes, 0.5),
        percentile(&png_sizes, 1.0)
    );

    // Where the time goes: the image alone, on the final position of the latency game,
    // drawn whole each time (nothing kept from the image before, which is this one: the
    // latency run above drew each turn's image where it changed since the turn before).
    let row = service
        .store()
        .live_game(&ctx("latency", "p0").scope)
        .await?
        .context("latency game")?;
    let game = service.game_of(row.id).await.context("load")?;
    let mut renders = Vec::new();
    let picture = crate::games::TurnPicture {
        game,
        actions: Vec::new(),
        events: Vec::new(),
        names: Vec::new(),
        title: "Labscape #1".to_string(),
        notes: Vec::new(),
        lang: crate::i18n::Lang::En,
    };
    for _ in 0..30 {
        labscape_render::forget_images();
        let t = Instant::now();
        std::hint::black_box(crate::render_turn(&picture));
        renders.push(t.elapsed());
    }
    renders.sort();
    println!(
        "of which the PNG alone (grand, 6 players), drawn whole: p50 {:.1} ms",
        percentile(&renders, 0.5).as_secs_f64() * 1e3
    );

    // The same without the PNG: the service and the database alone.
    let plain = {
        let store = AnyStore::open(&db).await?;
        Arc::new(Service::new(store, Arc::new(SystemClock), None))
    };
    let mut reply = open_game(&plain, "latency-plain", "grand", 6).await?;
    let mut samples = Vec::with_capacity(opts.latency_turns);
    for i in 0..opts.latency_turns {
        let Some((who, cmd)) = next_command(&reply, i) else {
            break;
        };
        let t = Instant::now();
        reply = plain.handle_line(&ctx("latency-plain", &who), &cmd).await;
        samples.push(t.elapsed());
    }
    samples.sort();
    println!(
        "turn latency without the PNG (command → commit → reply text): p50 {:.2} ms, p99 {:.2} ms",
        percentile(&samples, 0.5).as_secs_f64() * 1e3,
        percentile(&samples, 0.99).as_secs_f64() * 1e3
    );

    // 2. Throughput: many games, concurrent senders.
    let service = if opts.render_throughput {
        service
    } else {
        plain
    };
    let t_setup = Instant::now();
    let games = throughput::set_up(&service, opts.games, "").await?;
    println!(
        "set up {} games in {:.1} s",
        opts.games,
        t_setup.elapsed().as_secs_f64()
    );
    let run = throughput::play(&service, games, &opts).await?;
    println!(
        "throughput: {} games in one {} database, {} senders: {}",
        opts.games,
        service.store().backend(),
        opts.senders,
        run.figures(opts.render_throughput)
    );
    if let Some(mib) = peak_rss_mib() {
        println!("peak resident memory: {mib:.0} MiB");
    }
    drop(service);
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}
