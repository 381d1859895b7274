//! `labscape bench --processes N`: the throughput run played by N bot processes at once on
//! one PostgreSQL database, as a bot scaled out runs. The parent starts N copies of itself
//! as workers (`--worker I`); each sets up its own games (chats `wI-g…`, so they never
//! meet), says `ready`, waits for `go` so all start together, plays its share and prints
//! its figures on one line; the parent adds them up.
//!
//! The protocol on the workers' standard input and output is three lines: `ready`, `go`,
//! and `result turns=T secs=S micros=A,B,C…` (each turn's latency).

use std::{process::Stdio, sync::Arc, time::Instant};

use anyhow::{Context as _, bail, ensure};
use tokio::{
    io::{AsyncBufReadExt as _, AsyncWriteExt as _, BufReader},
    process::{Child, ChildStdin, ChildStdout, Command},
};

use super::{BenchOptions, throughput};
use crate::{
    app::{Renderer, Service, SystemClock},
    store::{AnyStore, shown_url},
};

/// This process is worker `index` of a several-process run.
#[derive(Clone, Copy, Debug)]
pub struct Worker {
    pub index: usize,
}

/// Runs the throughput run in `processes` worker processes on `opts.database` and prints
/// the figures of all of them together.
///
/// # Errors
/// If the database is not PostgreSQL, or a worker fails.
pub async fn run_processes(opts: BenchOptions, processes: usize) -> anyhow::Result<()> {
    let Some(db) = opts.database.clone() else {
        bail!("--processes needs --db postgres://… (several processes share one PostgreSQL)");
    };
    ensure!(processes >= 1, "--processes must be at least 1");
    // The schema is made once, here, before the workers open the database.
    let store = AnyStore::open(&db)
        .await
        .with_context(|| format!("opening {}", shown_url(&db)))?;
    println!("database: {} ({})", store.backend(), shown_url(&db));
    drop(store);

    let exe = std::env::current_exe().context("finding this program")?;
    let share = |total: usize| total.div_ceil(processes).max(1);
    let t_setup = Instant::now();
    let mut workers: Vec<(Child, ChildStdin, BufReader<ChildStdout>)> = Vec::new();
    for index in 0..processes {
        let mut cmd = Command::new(&exe);
        cmd.arg("bench")
            .args(["--worker", &index.to_string()])
            .args(["--games", &share(opts.games).to_string()])
            .args(["--turns", &share(opts.turns).to_string()])
            .args(["--senders", &share(opts.senders).to_string()])
            // In the environment, not the arguments: a password stays out of `ps`.
            .env("DATABASE_URL", &db)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .kill_on_drop(true);
        if opts.render_throughput {
            cmd.arg("--render");
        }
        let mut child = cmd.spawn().context("starting a worker")?;
        let stdin = child.stdin.take().context("a worker's input")?;
        let stdout = BufReader::new(child.stdout.take().context("a worker's output")?);
        workers.push((child, stdin, stdout));
    }
    for (_, _, out) in &mut workers {
        expect_line(out, "ready").await?;
    }
    println!(
        "set up {} games in {processes} processes in {:.1} s",
        share(opts.games) * processes,
        t_setup.elapsed().as_secs_f64()
    );
    for (_, stdin, _) in &mut workers {
        stdin.write_all(b"go\n").await?;
        stdin.flush().await?;
    }
    let mut total = throughput::Run::default();
    for (child, _, out) in &mut workers {
        let line = expect_line(out, "result").await?;
        let run = parse_result(&line)?;
        total.turns += run.turns;
        total.secs = total.secs.max(run.secs);
        total.samples.extend(run.samples);
        child.wait().await?;
    }
    total.samples.sort();
    println!(
        "throughput: {processes} processes, {} games and {} senders each, on one PostgreSQL \
         database: {}",
        share(opts.games),
        share(opts.senders),
        total.figures(opts.render_throughput)
    );
    Ok(())
}

/// A worker: sets up its games, waits for `go`, plays, prints its result.
///
/// # Errors
/// If the database cannot be opened or a game cannot be set up.
pub async fn run_worker(opts: BenchOptions, worker: Worker) -> anyhow::Result<()> {
    let db = opts
        .database
        .clone()
        .context("a worker needs --db postgres://…")?;
    let store = AnyStore::open(&db).await?;
    let renderer: Option<Renderer> = opts
        .render_throughput
        .then(|| Arc::new(crate::render_turn) as Renderer);
    let service = Arc::new(Service::new(store, Arc::new(SystemClock), renderer));
    let prefix = format!("w{}-", worker.index);
    let games = throughput::set_up(&service, opts.games, &prefix).await?;
    println!("ready");
    let mut go = String::new();
    BufReader::new(tokio::io::stdin())
        .read_line(&mut go)
        .await?;
    ensure!(go.trim() == "go", "the parent said “{}”, not go", go.trim());
    let run = throughput::play(&service, games, &opts).await?;
    let micros: Vec<String> = run
        .samples
        .iter()
        .map(|d| d.as_micros().to_string())
        .collect();
    println!(
        "result turns={} secs={} micros={}",
        run.turns,
        run.secs,
        micros.join(",")
    );
    Ok(())
}

/// Reads lines until one starts with `word` (a worker may print other lines first).
async fn expect_line(out: &mut BufReader<ChildStdout>, word: &str) -> anyhow::Result<String> {
    let mut line = String::new();
    loop {
        line.clear();
        if out.read_line(&mut line).await? == 0 {
            bail!("a worker ended before saying {word}");
        }
        if line.starts_with(word) {
            return Ok(line.trim_end().to_string());
        }
    }
}

/// Reads a worker's `result …` line.
fn parse_result(line: &str) -> anyhow::Result<throughput::Run> {
    let mut run = throughput::Run::default();
    for field in line.split_whitespace().skip(1) {
        let (name, value) = field.split_once('=').context("a result field")?;
        match name {
            "turns" => run.turns = value.parse()?,
            "secs" => run.secs = value.parse()?,
            "micros" => {
                run.samples = value
                    .split(',')
                    .filter(|v| !v.is_empty())
                    .map(|v| v.parse().map(std::time::Duration::from_micros))
                    .collect::<Result<_, _>>()?;
            }
            _ => {}
        }
    }
    Ok(run)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_workers_result_line_is_read_back() {
        let run = parse_result("result turns=3 secs=1.5 micros=900,1200,15000").unwrap();
        assert_eq!(run.turns, 3);
        assert!((run.secs - 1.5).abs() < 1e-9);
        assert_eq!(run.samples[2], std::time::Duration::from_millis(15));
        assert!(parse_result("result turns=x").is_err());
    }
}
