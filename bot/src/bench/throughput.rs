//! The throughput run: many games in one database, played by concurrent senders, each
//! turn timed. The same in one process and in each worker of a several-process run.

use std::{
    sync::{
        Arc, Mutex,
        atomic::{AtomicUsize, Ordering},
    },
    time::{Duration, Instant},
};

use super::{BenchOptions, ctx, next_command, open_game, percentile};
use crate::{
    app::{Service, Visibility},
    store::AnyStore,
};

/// Each game's chat and its next command (who sends what), if it has one.
pub(super) type Games = Vec<(String, Mutex<Option<(String, String)>>)>;

/// What a throughput run measured.
#[derive(Debug, Default)]
pub(super) struct Run {
    /// Turns played.
    pub turns: usize,
    /// Wall-clock seconds.
    pub secs: f64,
    /// Every turn's latency, sorted.
    pub samples: Vec<Duration>,
}

impl Run {
    /// The figures in a sentence: turns, seconds, turns per second, latency.
    pub(super) fn figures(&self, with_png: bool) -> String {
        format!(
            "{} turns in {:.1} s = {:.0} turns/s ({}); turn latency under load p50 {:.2} ms, p99 {:.2} ms",
            self.turns,
            self.secs,
            self.turns as f64 / self.secs,
            if with_png {
                "each with its PNG"
            } else {
                "without PNGs"
            },
            percentile(&self.samples, 0.5).as_secs_f64() * 1e3,
            percentile(&self.samples, 0.99).as_secs_f64() * 1e3,
        )
    }
}

/// Opens `count` two-player games, in chats named `{prefix}g0`, `{prefix}g1`, …
///
/// # Errors
/// If a game cannot be set up.
pub(super) async fn set_up(
    service: &Service<AnyStore>,
    count: usize,
    prefix: &str,
) -> anyhow::Result<Games> {
    let mut games = Vec::with_capacity(count);
    for g in 0..count {
        let chat = format!("{prefix}g{g}");
        let r = open_game(service, &chat, "pyramid", 2).await?;
        games.push((chat, Mutex::new(next_command(&r, g))));
    }
    Ok(games)
}

/// Plays `opts.turns` turns across `games` with `opts.senders` concurrent senders.
///
/// # Errors
/// If a sender task fails.
pub(super) async fn play(
    service: &Arc<Service<AnyStore>>,
    games: Games,
    opts: &BenchOptions,
) -> anyhow::Result<Run> {
    let games = Arc::new(games);
    let counter = Arc::new(AtomicUsize::new(0));
    let t = Instant::now();
    let mut tasks = Vec::new();
    for w in 0..opts.senders {
        let (service, games, counter) = (service.clone(), games.clone(), counter.clone());
        let (turns, senders) = (opts.turns, opts.senders);
        tasks.push(tokio::spawn(async move {
            let mut samples = Vec::new();
            let mut g = w % games.len();
            loop {
                let n = counter.fetch_add(1, Ordering::Relaxed);
                if n >= turns {
                    break;
                }
                let (chat, next) = &games[g];
                let cmd = next.lock().expect("lock").clone();
                if let Some((who, line)) = cmd {
                    // Each turn with its own delivery id, as a platform sends it.
                    let mut ctx = ctx(chat, &who);
                    ctx.delivery = Some(format!("{chat}-{n}"));
                    let sent = Instant::now();
                    let r = service.handle_line(&ctx, &line).await;
                    if r.visibility == Visibility::Public {
                        samples.push(sent.elapsed());
                        *next.lock().expect("lock") = next_command(&r, samples.len());
                    }
                }
                g = (g + senders) % games.len();
            }
            samples
        }));
    }
    let mut run = Run::default();
    for task in tasks {
        run.samples.extend(task.await?);
    }
    run.secs = t.elapsed().as_secs_f64();
    run.turns = run.samples.len();
    run.samples.sort();
    Ok(run)
}
