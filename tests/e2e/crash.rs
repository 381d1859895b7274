//! Crashes at the worst moments, with the real binary: local play killed with SIGKILL
//! between the commit of a person's turn and the computer player's reply, inside the
//! transaction of a message's several actions, and at random moments of games of every
//! kind; each time it is started again and the game must play on with every action applied
//! exactly once, its record verified by `labscape verify`.
//!
//! The exact moments are the binary's crash points (`labscape::crash_point`, built into the
//! tests' binary only): the process stops there, tells the test by writing a file, and the
//! test kills it. The game is read from the database, as a player would look at the board:
//! a killed process may have committed a turn it never got to post.

use std::{
    path::{Path, PathBuf},
    process::Command,
    sync::{
        Arc,
        atomic::{AtomicBool, Ordering},
    },
    time::{Duration, Instant},
};

use labscape::store::{ActionRow, GameId, GameRow, GameStatus, GameStore, SqliteStore};
use labscape_core::{AnyGame, GameKind, Seat, game::parse_options};

use crate::helpers::{LocalClient, TestRng, block_on, labscape_bin};

/// The outbox's grace in these tests: a computer player left waiting moves a second after
/// the restart instead of half a minute.
const GRACE: (&str, &str) = ("LABSCAPE_OUTBOX_GRACE_SECS", "1");

/// A game as the database holds it, and as its record replays.
struct Stored {
    row: GameRow,
    actions: Vec<ActionRow>,
    game: AnyGame,
}

fn stored(db: &Path) -> Stored {
    block_on(async {
        let store = SqliteStore::open(db.to_str().unwrap()).await.unwrap();
        let id = GameId(1);
        // The bot may commit between two reads: read until the game stood still.
        let (row, actions) = loop {
            let row = store.game(id).await.unwrap().expect("the game is stored");
            let actions = store.actions(id, 0).await.unwrap();
            let again = store.game(id).await.unwrap().expect("the game is stored");
            if again.turn == row.turn {
                break (row, actions);
            }
        };
        let seats = store.seats(id).await.unwrap();
        let names: Vec<String> = seats.iter().map(|s| s.display_name.clone()).collect();
        let options = parse_options(&row.settings).unwrap();
        let moves = actions.iter().map(|a| (Seat(a.seat), a.action.as_str()));
        let game = AnyGame::replay(row.kind, &options, &names, &row.seed, moves)
            .unwrap_or_else(|e| panic!("the stored record does not replay: {e}"));
        for (i, a) in actions.iter().enumerate() {
            assert_eq!(a.seq, i as i64 + 1, "no gap and no double");
        }
        assert_eq!(
            row.turn,
            actions.len() as i64,
            "the game's turn is its record's"
        );
        store.close().await.unwrap();
        Stored { row, actions, game }
    })
}

/// Kills a process that outlives `limit` (a test waiting on a game stuck for good fails
/// instead of hanging), unless dropped first.
struct Watchdog(Arc<AtomicBool>);

impl Watchdog {
    fn new(client: &LocalClient, limit: Duration) -> Watchdog {
        let done = Arc::new(AtomicBool::new(false));
        let pid = client.child.id().to_string();
        let flag = done.clone();
        std::thread::spawn(move || {
            let until = Instant::now() + limit;
            while Instant::now() < until {
                if flag.load(Ordering::Relaxed) {
                    return;
                }
                std::thread::sleep(Duration::from_millis(50));
            }
            if !flag.load(Ordering::Relaxed) {
                let _ = Command::new("kill").args(["-9", &pid]).status();
            }
        });
        Watchdog(done)
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// Waits for the crash point's file: the process is stopped there.
fn wait_for_mark(mark: &Path) {
    let until = Instant::now() + Duration::from_secs(30);
    while !mark.exists() {
        assert!(
            Instant::now() < until,
            "the process never reached its crash point"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Runs `/export` and `labscape verify` on the file it gives: the record must verify. A
/// running game's record leaves out its seed (secret until the end), so the verdict on a
/// game with dice or draws can only be that the seed is missing: for those the replay
/// with the database's seed ([`stored`]) is the check.
fn export_verifies(c: &mut LocalClient, who: &str, db: &Path) {
    // A post the outbox owed after a restart may come before the reply.
    let dog = Watchdog::new(c, Duration::from_secs(30));
    c.send(&format!("{who}: /export"));
    let file = loop {
        let block = c.read().expect("a reply to /export");
        if let Some(file) = block.lines.iter().find_map(|l| {
            l.strip_prefix("[file: ")
                .and_then(|r| r.strip_suffix(".json]"))
        }) {
            break format!("{file}.json");
        }
    };
    drop(dog);
    let out = Command::new(labscape_bin())
        .arg("verify")
        .arg(&file)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    let running = !stored(db).game.is_over();
    assert!(
        out.status.success() || (running && said.contains("has no seed")),
        "{said}{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A legal action for `seat` in the stored game (the computer players' random choice).
fn some_action(game: &AnyGame, salt: &str) -> String {
    game.choose("random", salt)
        .expect("a legal action")
        .to_string()
}

struct Paths {
    _dir: tempfile::TempDir,
    db: PathBuf,
    images: PathBuf,
    mark: PathBuf,
}

fn paths() -> Paths {
    let dir = tempfile::tempdir().unwrap();
    Paths {
        db: dir.path().join("crash.db"),
        images: dir.path().join("img"),
        mark: dir.path().join("stopped"),
        _dir: dir,
    }
}

/// Killed after a person's turn is committed and before the computer player chose: after
/// the restart the computer player moves, once, with nobody typing anything.
#[test]
fn killed_before_the_computer_player_replies_it_moves_once_after_the_restart() {
    let p = paths();
    let mark = p.mark.to_str().unwrap();
    let mut c = LocalClient::spawn_env(
        &p.db,
        &p.images,
        "ana",
        &[
            ("LABSCAPE_TEST_CRASH_AT", "before-computers"),
            ("LABSCAPE_TEST_CRASH_MARK", mark),
        ],
    );
    c.say("/new gatos-caes side=first");
    c.say("/addbot easy");
    let start = c.say("/start");
    assert_eq!(
        start.mentioned().as_deref(),
        Some("ana"),
        "{}",
        start.text()
    );
    c.send("/play e4");
    wait_for_mark(&p.mark);
    c.kill();

    let s = stored(&p.db);
    assert_eq!(s.actions.len(), 1, "the person's turn is committed");
    assert_eq!((s.actions[0].seat, s.actions[0].action.as_str()), (0, "e4"));
    assert_eq!(
        s.game.to_move(),
        Some(Seat(1)),
        "the computer player is to move"
    );

    // Started again, nobody types: the outbox finds the game waiting and plays on.
    let mut c = LocalClient::spawn_env(&p.db, &p.images, "ana", &[GRACE]);
    let dog = Watchdog::new(&c, Duration::from_secs(30));
    let post = c.read().expect("the computer player's move is posted");
    drop(dog);
    assert!(post.text().contains("played"), "{}", post.text());
    assert_eq!(post.mentioned().as_deref(), Some("ana"), "{}", post.text());
    let s = stored(&p.db);
    assert_eq!(s.actions.len(), 2, "the computer moved once");
    assert!(s.actions[1].seat == 1 && s.actions[1].automatic);

    // And the game goes on as ever.
    let mine = some_action(&s.game, "after");
    let reply = c.say(&format!("/play {mine}"));
    assert!(!reply.private(), "{}", reply.text());
    let s = stored(&p.db);
    assert_eq!(s.actions.len(), 4, "{:?}", s.actions);
    assert_eq!(s.actions[2].action, mine);
    export_verifies(&mut c, "ana", &p.db);
    c.quit();
}

/// Killed inside the transaction of a message of two stones, after the first is written:
/// neither stone is kept, and the message sent again applies both, once.
#[test]
fn killed_inside_a_messages_actions_keeps_none_and_the_retry_applies_all_once() {
    let p = paths();
    let mark = p.mark.to_str().unwrap();
    let crash = [
        ("LABSCAPE_TEST_CRASH_AT", "between-actions"),
        ("LABSCAPE_TEST_CRASH_MARK", mark),
    ];
    let mut c = LocalClient::spawn_env(&p.db, &p.images, "ana", &crash);
    c.say("/new produto side=first");
    c.say("bo: /join");
    c.say("/start");
    // Black's first turn is one stone: a one-action message has no second to stop before.
    let first = c.say("/play e5b");
    assert!(!first.private(), "{}", first.text());
    let s = stored(&p.db);
    let one = some_action(&s.game, "one");
    let after_one = s
        .game
        .play(Seat(1), &s.game.parse_action(&one).unwrap())
        .unwrap()
        .0;
    let two = some_action(&after_one, "two");
    let message = format!("bo: /play {one} {two}");
    c.send(&message);
    wait_for_mark(&p.mark);
    c.kill();

    let s = stored(&p.db);
    assert_eq!(s.actions.len(), 1, "neither stone is kept: {:?}", s.actions);
    assert_eq!(s.game.to_move(), Some(Seat(1)));

    let mut c = LocalClient::spawn_env(&p.db, &p.images, "ana", &[GRACE]);
    let reply = c.say(&message);
    assert!(!reply.private(), "{}", reply.text());
    let s = stored(&p.db);
    let kept: Vec<(u8, &str)> = s
        .actions
        .iter()
        .map(|a| (a.seat, a.action.as_str()))
        .collect();
    assert_eq!(kept, [(0, "e5b"), (1, one.as_str()), (1, two.as_str())]);
    export_verifies(&mut c, "bo", &p.db);
    c.quit();
}

/// A bounded soak: a game of every kind the chat plays, a person against the easy computer
/// player, each in its own process and file, all at once; a third of the turns are sent
/// and the process killed a few milliseconds later, then started again. After every
/// restart the person's turn comes back (nothing stuck); every turn the bot acknowledged
/// is in the record at its place (nothing lost); the record has no gap and no double and
/// replays; and `labscape verify` accepts every game's record file.
#[test]
fn kills_during_games_of_every_kind_lose_double_and_stick_nothing() {
    const TURNS: usize = 6;
    let kinds: Vec<GameKind> = GameKind::ALL
        .iter()
        .copied()
        // Nim is core's test game; Hidra is played with the engine only for now.
        .filter(|k| !matches!(k.id(), "nim" | "hidra"))
        .collect();
    let kills: usize = std::thread::scope(|scope| {
        let runs: Vec<_> = kinds
            .iter()
            .enumerate()
            .map(|(n, kind)| scope.spawn(move || soak_one(*kind, n as u64, TURNS)))
            .collect();
        runs.into_iter().map(|r| r.join().unwrap()).sum()
    });
    assert!(kills >= kinds.len(), "the soak killed processes ({kills})");
}

/// One game of the soak; returns how many times its process was killed.
fn soak_one(kind: GameKind, n: u64, turns: usize) -> usize {
    let p = paths();
    let id = kind.id();
    let mut rng = TestRng(0x50a4_0000 + n * 7919);
    let mut c = LocalClient::spawn_env(&p.db, &p.images, "ana", &[GRACE]);
    let new = if id == "labscape" {
        "/new single easy".to_string()
    } else {
        format!("/new {id}")
    };
    for line in [new.as_str(), "/addbot easy", "/start"] {
        let b = c.say(line);
        assert!(!b.private(), "{id}: {line}: {}", b.text());
    }
    let mut acked: Vec<(usize, String)> = Vec::new();
    let mut kills = 0;
    for round in 0..turns {
        // Whatever happened before, the person's turn comes back (or the game is over).
        let until = Instant::now() + Duration::from_secs(30);
        let s = loop {
            let s = stored(&p.db);
            if s.game.is_over() || s.game.to_move() == Some(Seat(0)) {
                break s;
            }
            assert!(
                Instant::now() < until,
                "{id}: stuck at turn {} after a restart",
                s.row.turn
            );
            std::thread::sleep(Duration::from_millis(100));
        };
        if s.game.is_over() {
            break;
        }
        let action = some_action(&s.game, &format!("soak/{n}/{round}"));
        let line = format!("/play {action}");
        if round % 3 == 1 || rng.below(4) == 0 {
            c.send(&line);
            std::thread::sleep(Duration::from_millis(rng.below(40)));
            c.kill();
            kills += 1;
            c = LocalClient::spawn_env(&p.db, &p.images, "ana", &[GRACE]);
            continue;
        }
        // The reply to this line: posts the outbox makes after a restart may come first,
        // and the reply comes after the commit, so the record holds the action by then.
        let dog = Watchdog::new(&c, Duration::from_secs(30));
        c.send(&line);
        loop {
            let b = c
                .read()
                .unwrap_or_else(|| panic!("{id}: no reply to {line}"));
            assert!(!b.private(), "{id}: {line}: {}", b.text());
            let now = stored(&p.db);
            if now.actions.len() > s.actions.len() {
                break;
            }
        }
        drop(dog);
        acked.push((s.actions.len(), action));
    }
    let s = stored(&p.db);
    for (at, action) in &acked {
        let a = &s.actions[*at];
        assert_eq!(
            (a.seat, &a.action),
            (0, action),
            "{id}: turn {} kept",
            at + 1
        );
    }
    assert!(matches!(
        s.row.status,
        GameStatus::Running | GameStatus::Over
    ));
    export_verifies(&mut c, "ana", &p.db);
    c.quit();
    kills
}
