//! Crash safety at scale: two real bot processes on one PostgreSQL database, behind one
//! round-robin proxy in Telegram's webhook mode. Several games are played at once; every
//! update is delivered twice (once to each process, most of the time), so both work on the
//! same games at the same moment; and one process or the other is killed with SIGKILL at
//! random moments and started again. At the end every turn the bot acknowledged (posted
//! as "… played X") is in its game's record exactly once, and every game replays from its
//! record to the position the database holds.
//!
//! The test reads each game's state from the database (the players "look at the board")
//! rather than from the posts, since a killed process may have committed a turn it never
//! got to post.

use std::{
    collections::HashMap,
    net::SocketAddr,
    process::{Child, Command, Stdio},
    sync::Arc,
    time::{Duration, Instant},
};

use labscape::store::{ChatScope, GameStatus, GameStore, PgStore, test_postgres::TestPostgres};
use labscape_core::{AnyGame, Seat, game::parse_options};

use crate::{
    fake_telegram::{FakeTelegram, TgUser},
    helpers::{free_port, labscape_bin},
    mirror::played,
    proxy::Proxy,
};

const TOKEN: &str = "555:soak-secret-token_abc";
/// How long processes are killed and restarted while the games go on.
const SOAK: Duration = Duration::from_secs(12);
/// Games played at once, one per group.
const GROUPS: i64 = 4;

/// A small deterministic generator (xorshift), so a failing run can be told apart.
struct Dice(u64);

impl Dice {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// One bot process on its webhook port.
struct Process {
    child: Option<Child>,
    port: u16,
    log: std::path::PathBuf,
}

impl Process {
    fn start(&mut self, db: &str, fake: &FakeTelegram, proxy: SocketAddr) {
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.log)
            .unwrap();
        let child = Command::new(labscape_bin())
            .args(["--db", db, "telegram", "--webhook-listen"])
            .arg(format!("127.0.0.1:{}", self.port))
            .arg("--webhook-url")
            .arg(format!("http://{proxy}/telegram"))
            .env_remove("DISCORD_TOKEN")
            .env_remove("LABSCAPE_CONFIG")
            .env_remove("DATABASE_URL")
            .env("TELEGRAM_TOKEN", TOKEN)
            .env("LABSCAPE_TELEGRAM_API_URL", fake.url())
            .env("LABSCAPE_TELEGRAM_LIMITS", "1000,100000,100000,1000")
            .env("LABSCAPE_LOG", "warn")
            .stdin(Stdio::null())
            .stdout(log.try_clone().unwrap())
            .stderr(log)
            .spawn()
            .expect("the bot starts");
        self.child = Some(child);
    }

    fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill(); // SIGKILL
            let _ = child.wait();
        }
    }

    fn stop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = Command::new("kill")
                .arg("-TERM")
                .arg(child.id().to_string())
                .status();
            let _ = child.wait();
        }
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.kill();
    }
}

/// What a group's players see when they look at the board.
enum Seen {
    NoGame,
    Lobby(usize),
    Turn(Seat, Vec<String>),
}

async fn look(store: &PgStore, scope: &ChatScope) -> (Seen, i64) {
    let Some(row) = store.live_game(scope).await.unwrap() else {
        return (Seen::NoGame, 0);
    };
    let seats = store.seats(row.id).await.unwrap();
    if row.status == GameStatus::Lobby {
        return (Seen::Lobby(seats.len()), seats.len() as i64);
    }
    let game = replay(store, row.id).await;
    match game.to_move() {
        Some(seat) => {
            let legal = game.legal_actions().iter().map(|a| a.to_string()).collect();
            (Seen::Turn(seat, legal), 100 + row.turn)
        }
        None => (Seen::NoGame, 0),
    }
}

/// A game played again from its record.
async fn replay(store: &PgStore, id: labscape::store::GameId) -> AnyGame {
    let row = store.game(id).await.unwrap().unwrap();
    let seats = store.seats(id).await.unwrap();
    let actions = store.actions(id, 0).await.unwrap();
    let names: Vec<String> = seats.iter().map(|s| s.display_name.clone()).collect();
    let options = parse_options(&row.settings).unwrap();
    let moves = actions.iter().map(|a| (Seat(a.seat), a.action.as_str()));
    AnyGame::replay(row.kind, &options, &names, &row.seed, moves)
        .unwrap_or_else(|e| panic!("game {id} does not replay: {e}"))
}

/// One group's players, until `until`: open a game, join, start, and play whoever's turn
/// it is, each message sent twice (Telegram delivering it again); after each message they
/// wait until the database shows a change, or give up waiting (a process was killed with
/// the message) and look again.
async fn players(
    fake: Arc<FakeTelegram>,
    store: PgStore,
    group: i64,
    until: Instant,
    seed: u64,
) -> usize {
    let users = [
        TgUser::new(group.abs() * 10, "Ana"),
        TgUser::new(group.abs() * 10 + 1, "Bo"),
    ];
    let scope = ChatScope {
        platform: "telegram".into(),
        chat: group.to_string(),
        thread: String::new(),
    };
    let mut dice = Dice(seed);
    let mut sent = 0;
    while Instant::now() < until {
        let (seen, mark) = look(&store, &scope).await;
        let (user, text) = match seen {
            Seen::NoGame => (&users[0], "/new rastros".to_string()),
            Seen::Lobby(1) => (&users[1], "/join".to_string()),
            Seen::Lobby(_) => (&users[0], "/start".to_string()),
            Seen::Turn(seat, legal) => {
                let pick = &legal[dice.below(legal.len() as u64) as usize];
                (&users[seat.index()], format!("/play {pick}"))
            }
        };
        let update = fake.say(group, None, user, &text);
        fake.redeliver(&update);
        sent += 1;
        let waited = Instant::now();
        while waited.elapsed() < Duration::from_secs(3) {
            tokio::time::sleep(Duration::from_millis(20)).await;
            if look(&store, &scope).await.1 != mark {
                break;
            }
        }
    }
    sent
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_killed_at_random_lose_no_acknowledged_turn_and_apply_none_twice() {
    let Some(pg) = TestPostgres::start("the kill soak on PostgreSQL") else {
        return;
    };
    let db = pg.fresh_database("soak").await;
    let dir = tempfile::tempdir().unwrap();
    let fake = Arc::new(FakeTelegram::start().await);
    let mut processes: Vec<Process> = (0..2)
        .map(|i| Process {
            child: None,
            port: free_port(),
            log: dir.path().join(format!("bot{i}.log")),
        })
        .collect();
    let proxy = Proxy::start(
        processes
            .iter()
            .map(|p| SocketAddr::from(([127, 0, 0, 1], p.port)))
            .collect(),
    )
    .await;
    // The first process creates the schema alone; then the second joins.
    processes[0].start(&db, &fake, proxy.addr);
    let deadline = Instant::now() + Duration::from_secs(30);
    while fake.webhook().is_none() {
        assert!(
            Instant::now() < deadline,
            "the first process never set the webhook"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    processes[1].start(&db, &fake, proxy.addr);
    let store = PgStore::open(&db).await.unwrap();
    let groups: Vec<i64> = (1..=GROUPS)
        .map(|g| fake.group(-100_700 - g, &format!("Soak {g}"), false))
        .collect();

    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64
        | 1;
    eprintln!("soak seed {seed}");
    let until = Instant::now() + SOAK;
    let tasks: Vec<_> = groups
        .iter()
        .enumerate()
        .map(|(i, &g)| {
            tokio::spawn(players(
                fake.clone(),
                store.clone(),
                g,
                until,
                seed.wrapping_add(i as u64 * 7919),
            ))
        })
        .collect();

    // The killer: every 0.4–1.6 s one process dies, and comes back 0.2 s later.
    let mut dice = Dice(seed ^ 0x9e37_79b9_7f4a_7c15);
    let mut kills = 0;
    while Instant::now() < until {
        tokio::time::sleep(Duration::from_millis(400 + dice.below(1200))).await;
        let victim = dice.below(2) as usize;
        processes[victim].kill();
        kills += 1;
        tokio::time::sleep(Duration::from_millis(200)).await;
        processes[victim].start(&db, &fake, proxy.addr);
    }
    let mut messages = 0;
    for t in tasks {
        messages += t.await.unwrap();
    }
    // Let the last deliveries and posts settle.
    let settle = Instant::now();
    while settle.elapsed() < Duration::from_secs(10) && fake.deliveries().0 < 2 * messages {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    for p in &mut processes {
        p.stop();
    }

    // Every acknowledged turn: "NAME played X" in a post headed with its game's name.
    let mut acked: HashMap<String, Vec<String>> = HashMap::new();
    for call in fake
        .calls()
        .iter()
        .filter(|c| c.ok() && c.method.starts_with("send"))
    {
        let text = call.text();
        let name = text
            .lines()
            .next()
            .unwrap_or_default()
            .split(" · ")
            .next()
            .unwrap_or_default()
            .to_string();
        for action in played(&text) {
            acked.entry(name.clone()).or_default().push(action);
        }
    }
    let mut games = 0;
    let mut turns = 0;
    for id in all_games(&store).await {
        let row = store.game(id).await.unwrap().unwrap();
        if row.status == GameStatus::Lobby {
            continue;
        }
        let actions = store.actions(id, 0).await.unwrap();
        assert_eq!(row.turn, actions.len() as i64, "game {id}: its turn count");
        let texts: Vec<&str> = actions.iter().map(|a| a.action.as_str()).collect();
        for told in acked.get(&row.name).into_iter().flatten() {
            let times = texts.iter().filter(|t| **t == told).count();
            assert_eq!(
                times, 1,
                "{}: the acknowledged {told} is in the record {times} times: {texts:?}",
                row.name
            );
        }
        // The position the database holds is the one the record replays to.
        let replayed = replay(&store, id).await;
        if let Some((seq, json)) = store.snapshot(id, row.turn).await.unwrap() {
            let mut held =
                AnyGame::from_value_of(row.kind, serde_json::from_str(&json).unwrap()).unwrap();
            for a in actions.iter().filter(|a| a.seq > seq) {
                held = held.apply(Some(Seat(a.seat)), &a.action).unwrap().1;
            }
            assert_eq!(
                serde_json::to_value(&held).unwrap(),
                serde_json::to_value(&replayed).unwrap(),
                "game {id}: the stored position and the replayed record differ"
            );
        }
        games += 1;
        turns += actions.len();
    }
    let acknowledged: usize = acked.values().map(Vec::len).sum();
    eprintln!(
        "soak: {games} games, {turns} turns ({acknowledged} acknowledged), {messages} messages \
         (each delivered twice), {kills} kills, deliveries {:?}",
        fake.deliveries()
    );
    assert!(kills >= 5, "the processes were killed often enough");
    assert!(
        turns >= 20,
        "the games went on between kills: {turns} turns"
    );
    assert!(acknowledged >= 10, "turns were acknowledged");
    drop(pg);
}

/// Every game in the database: ids are given 1, 2, 3…, and a rolled-back insert may skip
/// one, so the search ends after a long run of missing ids.
async fn all_games(store: &PgStore) -> Vec<labscape::store::GameId> {
    let mut ids = Vec::new();
    let mut missing = 0;
    let mut id = 1;
    while missing < 50 {
        match store.game(labscape::store::GameId(id)).await.unwrap() {
            Some(row) => {
                ids.push(row.id);
                missing = 0;
            }
            None => missing += 1,
        }
        id += 1;
    }
    ids
}
