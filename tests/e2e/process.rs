//! The bot process as an operator sees it: what it logs when a platform misbehaves (never a
//! token), how it ends when a bot fails at start-up, and how it stops on a signal, even
//! while a connection is still being made. Every "platform" here is a socket on 127.0.0.1.

use std::{
    io::Read,
    process::{Child, Command, Stdio},
    time::{Duration, Instant},
};

use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::TcpListener,
};

use crate::helpers::labscape_bin;

/// A Telegram token: the secret half must never be printed.
const TG_TOKEN: &str = "424242:AAE-e2e-secret-half_xyz";
const TG_SECRET: &str = "AAE-e2e-secret-half_xyz";
const DC_TOKEN: &str = "MTA-e2e.discord.secret-token";

/// An HTTP server that answers every request with a 404 page echoing the request line
/// (as some proxies and frameworks do: `Cannot POST /bot<token>/getMe`).
async fn echoing_404() -> String {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move {
        loop {
            let Ok((mut sock, _)) = listener.accept().await else {
                return;
            };
            tokio::spawn(async move {
                let mut buf = vec![0u8; 64 * 1024];
                let mut got = Vec::new();
                while !got.windows(4).any(|w| w == b"\r\n\r\n") {
                    match sock.read(&mut buf).await {
                        Ok(0) | Err(_) => return,
                        Ok(n) => got.extend_from_slice(&buf[..n]),
                    }
                }
                let head = String::from_utf8_lossy(&got);
                let line = head.lines().next().unwrap_or_default();
                let mut parts = line.split(' ');
                let (method, path) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
                let body = format!("Cannot {method} {path}");
                let reply = format!(
                    "HTTP/1.1 404 Not Found\r\ncontent-type: text/html\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
                    body.len()
                );
                let _ = sock.write_all(reply.as_bytes()).await;
            });
        }
    });
    url
}

/// A server that accepts connections and never answers (a platform that hangs).
async fn silent() -> String {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((sock, _)) = listener.accept().await {
            held.push(sock);
        }
    });
    url
}

/// A running bot; what it prints goes to a file beside its database (a pipe left unread
/// would fill and stall a chatty process).
struct Bot {
    child: Child,
    log: std::path::PathBuf,
}

/// The bot process with only the given variables of ours set.
fn spawn_bot(args: &[&str], env: &[(&str, &str)], db: &std::path::Path) -> Bot {
    let log = db.with_extension("log");
    let file = std::fs::File::create(&log).unwrap();
    let mut cmd = Command::new(labscape_bin());
    cmd.args(args)
        .arg("--db")
        .arg(db)
        .env_remove("DISCORD_TOKEN")
        .env_remove("TELEGRAM_TOKEN")
        .env_remove("LABSCAPE_DISCORD_API_URL")
        .env_remove("LABSCAPE_TELEGRAM_API_URL")
        .env_remove("LABSCAPE_LOG")
        .env_remove("LABSCAPE_CONFIG")
        .env_remove("DATABASE_URL")
        .stdin(Stdio::null())
        .stdout(file.try_clone().unwrap())
        .stderr(file);
    for (k, v) in env {
        cmd.env(k, v);
    }
    Bot {
        child: cmd.spawn().expect("the bot starts"),
        log,
    }
}

/// Waits for the process to end (at most `limit`): its exit success and everything it
/// printed. A process still running at the limit is killed and the test fails.
async fn ended(mut bot: Bot, limit: Duration) -> (bool, String) {
    let start = Instant::now();
    let printed = |path: &std::path::Path| {
        let mut text = String::new();
        let _ = std::fs::File::open(path).and_then(|mut f| f.read_to_string(&mut text));
        text
    };
    let status = loop {
        if let Some(status) = bot.child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > limit {
            let _ = bot.child.kill();
            let _ = bot.child.wait();
            let text = printed(&bot.log);
            panic!("the bot was still running after {limit:?}; it printed:\n{text}");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    (status.success(), printed(&bot.log))
}

fn signal(bot: &Bot, name: &str) {
    let child = &bot.child;
    let ok = Command::new("kill")
        .arg(format!("-{name}"))
        .arg(child.id().to_string())
        .status()
        .unwrap()
        .success();
    assert!(ok, "kill -{name}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_token_echoed_by_an_error_page_is_never_printed_and_a_failed_start_exits_non_zero() {
    let api = echoing_404().await;
    let dir = tempfile::tempdir().unwrap();
    let mut runs = Vec::new();
    // At the default log level the token comes from the environment; at `trace`, from a
    // configuration file.
    let config = dir.path().join("labscape.env");
    std::fs::write(
        &config,
        format!("# test\nTELEGRAM_TOKEN=\"{TG_TOKEN}\"\nLABSCAPE_TELEGRAM_API_URL={api}\n"),
    )
    .unwrap();
    let config = config.to_str().unwrap().to_string();
    for log in [None, Some("trace")] {
        let (args, mut env) = match log {
            None => (
                vec!["telegram"],
                vec![
                    ("TELEGRAM_TOKEN", TG_TOKEN),
                    ("LABSCAPE_TELEGRAM_API_URL", api.as_str()),
                ],
            ),
            Some(_) => (vec!["telegram", "--config", config.as_str()], vec![]),
        };
        if let Some(level) = log {
            env.push(("LABSCAPE_LOG", level));
        }
        let db = dir
            .path()
            .join(format!("tg-{}.db", log.unwrap_or("default")));
        runs.push((
            log,
            ended(spawn_bot(&args, &env, &db), Duration::from_secs(30)),
        ));
    }
    for (log, run) in runs {
        let (ok, printed) = run.await;
        assert!(
            !ok,
            "a bot that cannot start exits non-zero (log {log:?}):\n{printed}"
        );
        assert!(
            printed.contains("Telegram"),
            "it says which bot failed (log {log:?}):\n{printed}"
        );
        assert!(
            !printed.contains(TG_SECRET),
            "the token was printed (log {log:?}):\n{printed}"
        );
        assert!(printed.contains("Cannot POST /bot<redacted>/"), "{printed}");
    }
}

/// A webhook setting that cannot work is refused before anything starts, saying which;
/// so is a webhook Telegram refuses (here: an API that answers 404), and the token stays
/// out of the message.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unusable_webhook_settings_are_refused_at_start() {
    let dir = tempfile::tempdir().unwrap();
    let env = [("TELEGRAM_TOKEN", TG_TOKEN)];
    let cases = [
        (
            ["nonsense", "https://bot.example/tg"],
            "--webhook-listen “nonsense”",
        ),
        (
            ["127.0.0.1:8443", "bot.example/tg"],
            "--webhook-url “bot.example/tg”",
        ),
    ];
    for (i, ([listen, url], said)) in cases.into_iter().enumerate() {
        let args = ["telegram", "--webhook-listen", listen, "--webhook-url", url];
        let bot = spawn_bot(&args, &env, &dir.path().join(format!("hook{i}.db")));
        let (ok, printed) = ended(bot, Duration::from_secs(30)).await;
        assert!(!ok && printed.contains(said), "{printed}");
    }
    let api = echoing_404().await;
    let env = [
        ("TELEGRAM_TOKEN", TG_TOKEN),
        ("LABSCAPE_TELEGRAM_API_URL", api.as_str()),
    ];
    let port = crate::helpers::free_port().to_string();
    let listen = format!("127.0.0.1:{port}");
    let args = [
        "telegram",
        "--webhook-listen",
        listen.as_str(),
        "--webhook-url",
        "https://bot.example/tg",
    ];
    let bot = spawn_bot(&args, &env, &dir.path().join("refused.db"));
    let (ok, printed) = ended(bot, Duration::from_secs(30)).await;
    assert!(!ok, "{printed}");
    assert!(
        printed.contains("Telegram refused the webhook"),
        "{printed}"
    );
    assert!(!printed.contains(TG_SECRET), "{printed}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn when_one_bot_fails_at_start_up_the_process_says_so_and_exits_non_zero() {
    let telegram = echoing_404().await;
    let discord = silent().await;
    let dir = tempfile::tempdir().unwrap();
    let env = [
        ("TELEGRAM_TOKEN", TG_TOKEN),
        ("LABSCAPE_TELEGRAM_API_URL", telegram.as_str()),
        ("DISCORD_TOKEN", DC_TOKEN),
        ("LABSCAPE_DISCORD_API_URL", discord.as_str()),
    ];
    let bot = spawn_bot(&[], &env, &dir.path().join("both.db"));
    let (ok, printed) = ended(bot, Duration::from_secs(30)).await;
    assert!(!ok, "{printed}");
    assert!(printed.contains("the Telegram bot failed"), "{printed}");
    assert!(
        !printed.contains(TG_SECRET) && !printed.contains(DC_TOKEN),
        "{printed}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigint_and_sigterm_stop_a_bot_that_is_still_connecting() {
    let discord = silent().await;
    let dir = tempfile::tempdir().unwrap();
    let env = [
        ("DISCORD_TOKEN", DC_TOKEN),
        ("LABSCAPE_DISCORD_API_URL", discord.as_str()),
    ];
    let mut runs = Vec::new();
    for sig in ["INT", "TERM"] {
        let bot = spawn_bot(&["discord"], &env, &dir.path().join(format!("{sig}.db")));
        runs.push((sig, bot));
    }
    // Both are now waiting on an API that never answers.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let mut waits = Vec::new();
    for (sig, bot) in runs {
        signal(&bot, sig);
        waits.push((sig, Instant::now(), ended(bot, Duration::from_secs(20))));
    }
    for (sig, sent, wait) in waits {
        let (ok, printed) = wait.await;
        assert!(ok, "SIG{sig}: a requested stop is a clean exit:\n{printed}");
        // Bounded by the grace period (5 s), far under the test's limit.
        assert!(
            sent.elapsed() < Duration::from_secs(15),
            "SIG{sig} took {:?}",
            sent.elapsed()
        );
        assert!(!printed.contains(DC_TOKEN), "{printed}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_configured_discord_api_that_is_down_never_sends_the_bot_to_discords_gateway() {
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let api = format!("http://{}", closed.local_addr().unwrap());
    drop(closed);
    let dir = tempfile::tempdir().unwrap();
    let env = [
        ("DISCORD_TOKEN", DC_TOKEN),
        ("LABSCAPE_DISCORD_API_URL", api.as_str()),
        ("LABSCAPE_LOG", "debug"),
    ];
    let bot = spawn_bot(&["discord"], &env, &dir.path().join("down.db"));
    let (ok, printed) = ended(bot, Duration::from_secs(30)).await;
    assert!(!ok, "{printed}");
    assert!(
        printed.contains("did not give a gateway address"),
        "{printed}"
    );
    assert!(!printed.contains("discord.gg"), "{printed}");
    assert!(!printed.contains(DC_TOKEN), "{printed}");
}
