//! Local play through the real binary: a whole scripted game, resuming after a restart,
//! and crash safety under SIGKILL with several concurrent clients on one database.

use std::collections::HashMap;

use labscape::store::{ChatScope, GameStore, SqliteStore};
use labscape_core::labscape::{Action, Position, PositionDoc, Seat};

use crate::helpers::{LocalClient, TestRng, block_on, hidra_secret_told, labscape_bin};

#[test]
fn a_local_game_is_played_from_new_to_game_over_turn_by_turn() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("local.db");
    let images = dir.path().join("img");
    let mut c = LocalClient::spawn(&db, &images, "ana");
    let open = c.say("/new single easy 2");
    assert!(
        open.text().contains("Labscape #1 is open"),
        "{}",
        open.text()
    );
    assert!(c.say("bo: /join").text().contains("bo joined"));
    let start = c.say("/start");
    assert_eq!(start.turn(), Some(0), "{}", start.text());
    assert!(start.text().contains("Seed commitment"));
    let mut block = start;
    let mut expected_turn = 0;
    while let Some(next) = block.mentioned() {
        assert!(
            block.text().contains(&format!("Next: {next}")),
            "{}",
            block.text()
        );
        if let Some(img) = block.image() {
            let png = std::fs::read(&img).unwrap();
            assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "a PNG per turn");
        }
        // The wrong player is refused and nothing changes.
        let other = if next == "ana" { "bo" } else { "ana" };
        let refused = c.say(&format!("{other}: /wait"));
        assert!(
            refused.private() && refused.text().contains("turn"),
            "{}",
            refused.text()
        );
        block = c.say(&format!("{next}: /wait 2"));
        expected_turn += 1;
        assert_eq!(block.turn(), Some(expected_turn), "{}", block.text());
        assert!(
            block.text().contains(&format!("{next} waited 2 min.")),
            "{}",
            block.text()
        );
        assert!(expected_turn < 50, "dawn ends the game");
    }
    assert!(block.text().contains("Game over"), "{}", block.text());
    assert!(block.text().contains("The seed was"));
    let reopen = c.say("/new single");
    assert!(
        reopen.text().contains("Labscape #2 is open"),
        "the chat is free again: {}",
        reopen.text()
    );
    c.quit();
}

#[test]
fn quitting_and_starting_again_resumes_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("resume.db");
    let images = dir.path().join("img");
    let mut c = LocalClient::spawn(&db, &images, "ana");
    c.say("/new tower medium");
    c.say("bo: /join");
    let start = c.say("/start");
    let who = start.mentioned().unwrap();
    let after = c.say(&format!("{who}: /wait"));
    assert_eq!(after.turn(), Some(1));
    c.quit();
    let mut c = LocalClient::spawn(&db, &images, "ana");
    let st = c.say("/status");
    assert!(st.text().contains("Labscape #1 · turn 1"), "{}", st.text());
    c.quit();
}

#[test]
fn a_script_file_plays_non_interactively() {
    let dir = tempfile::tempdir().unwrap();
    let text = run_script(
        dir.path(),
        "# a demo\nana: /new duo hard\nbo: /join\nana: /start\nana: /status\n",
    );
    assert!(text.contains("> bo: /join"), "{text}");
    assert!(text.contains("Labscape #1 begins!"), "{text}");
    assert!(text.contains("duo · hard"), "{text}");
}

/// A closed pipe ends local play quietly (no panic, exit 0); a clean stop leaves every
/// game in the database file itself (the WAL is checkpointed), and `labscape backup`
/// copies it; a name longer than a stored name is refused.
#[test]
fn a_closed_pipe_a_clean_stop_a_backup_and_a_long_name() {
    use std::io::{BufRead, BufReader};
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("demo.txt");
    let long = "n".repeat(40);
    std::fs::write(
        &script,
        // /help is long: the output fills the pipe long before the script ends.
        format!("ana: /new duo\n{long}: /join\nbo: /join\nana: /start\n")
            + &"ana: /help\n".repeat(300),
    )
    .unwrap();
    let db = dir.path().join("s.db");
    let run = |args: &[&str]| {
        std::process::Command::new(labscape_bin())
            .args(args)
            .arg("--db")
            .arg(&db)
            .arg("--images")
            .arg(dir.path().join("img"))
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap()
    };
    let mut child = run(&["local", "--script", script.to_str().unwrap()]);
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    // The reader is dropped: the pipe is closed.
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{:?} {err}", out.status);
    assert!(!err.contains("panicked"), "{err}");

    let out = run(&["local", "--script", script.to_str().unwrap()])
        .wait_with_output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("at most 32 characters"), "{text}");
    assert!(!text.contains(&format!("{long} joins")), "{text}");
    let wal = dir.path().join("s.db-wal");
    let wal_len = std::fs::metadata(&wal).map(|m| m.len()).unwrap_or(0);
    assert_eq!(wal_len, 0, "the WAL is checkpointed at a clean stop");

    let backup = |to: &str, db: &str| {
        std::process::Command::new(labscape_bin())
            .args(["backup", to, "--db", db])
            .output()
            .unwrap()
    };
    let copy = dir.path().join("copy.db");
    let (copy_name, db_name) = (copy.to_str().unwrap(), db.to_str().unwrap());
    let out = backup(copy_name, db_name);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(std::fs::metadata(&copy).unwrap().len() > 4096);
    let again = backup(copy_name, db_name);
    assert!(
        !again.status.success(),
        "an existing file is never overwritten"
    );
    let pg = backup("x.db", "postgres://bot:pa/ss@127.0.0.1:1/x");
    let err = String::from_utf8_lossy(&pg.stderr);
    assert!(err.contains("pg_dump") && !err.contains("pa/ss"), "{err}");
}

/// Several clients (separate processes) play on one database; clients are killed with
/// SIGKILL at random points, some with a command in flight, and restarted. Every turn whose
/// reply was received must be stored, none twice, and the record must replay.
#[test]
fn turns_survive_sigkill_and_are_never_doubled() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("crash.db");
    let images = dir.path().join("img");
    let names = ["p0", "p1", "p2", "p3"];
    let mut host = LocalClient::spawn(&db, &images, "p0");
    host.say("/new tower easy 4");
    for n in &names[1..] {
        host.say(&format!("{n}: /join"));
    }
    assert_eq!(host.say("/start").turn(), Some(0));
    host.quit();

    let mut clients: Vec<Option<LocalClient>> = names
        .iter()
        .map(|n| Some(LocalClient::spawn(&db, &images, n)))
        .collect();
    let mut acked: HashMap<i64, usize> = HashMap::new();
    let mut rng = TestRng(0x5eed_1234_abcd);
    let mut kills = 0;
    let mut over = false;
    for _round in 0..400 {
        // Everyone sends at once (a real race between processes on one file)…
        let mut in_flight = Vec::new();
        for (i, slot) in clients.iter_mut().enumerate() {
            if let Some(c) = slot {
                c.send("/wait");
                in_flight.push(i);
            }
        }
        // …some are killed with their command in flight…
        if rng.below(4) == 0 {
            let victim = rng.below(names.len() as u64) as usize;
            if let Some(c) = clients[victim].take() {
                c.kill();
                kills += 1;
                in_flight.retain(|i| *i != victim);
            }
        }
        // …the others' replies are read.
        for i in in_flight {
            let c = clients[i].as_mut().unwrap();
            let Some(block) = c.read() else { continue };
            if let Some(turn) = block.turn() {
                let text = block.text();
                if text.contains(&format!("{} waited 1 min.", names[i])) {
                    assert!(
                        acked.insert(turn, i).is_none(),
                        "turn {turn} acknowledged twice"
                    );
                }
                if text.contains("Game over") {
                    over = true;
                }
            } else if block.text().contains("no game") || block.text().contains("has ended") {
                over = true;
            }
        }
        // Restart the dead.
        for (i, slot) in clients.iter_mut().enumerate() {
            if slot.is_none() {
                *slot = Some(LocalClient::spawn(&db, &images, names[i]));
            }
        }
        if over {
            break;
        }
    }
    for c in clients.into_iter().flatten() {
        c.kill();
    }
    assert!(over, "the game reached its end");
    assert!(kills > 3, "the test killed clients ({kills})");
    assert!(
        acked.len() > 20,
        "turns were acknowledged ({})",
        acked.len()
    );

    block_on(async {
        let store = SqliteStore::open(db.to_str().unwrap()).await.unwrap();
        let game = labscape::store::GameId(1);
        let row = store.game(game).await.unwrap().unwrap();
        let actions = store.actions(game, 0).await.unwrap();
        for (i, a) in actions.iter().enumerate() {
            assert_eq!(a.seq, i as i64 + 1, "no gap and no double");
        }
        assert_eq!(row.turn, actions.len() as i64);
        for (turn, who) in &acked {
            let a = &actions[(*turn - 1) as usize];
            assert_eq!(
                usize::from(a.seat),
                *who,
                "turn {turn} is the acknowledged player's"
            );
        }
        let seats = store.seats(game).await.unwrap();
        let record = labscape::games::labscape::record_of(&labscape::app::record_of(
            &row, &seats, &actions, "",
        ));
        let (replayed, _) = record.replay().expect("the stored record replays");
        // The latest snapshot plus the actions after it gives the same position.
        let (seq, json) = store.snapshot(game, row.turn).await.unwrap().unwrap();
        let doc: PositionDoc = serde_json::from_str(&json).unwrap();
        let mut pos = Position::from_doc(&doc).unwrap();
        for a in actions.iter().skip(seq as usize) {
            pos.play(Some(Seat(a.seat)), &Action::parse(&a.action).unwrap())
                .unwrap();
        }
        assert_eq!(pos.to_doc(), replayed.to_doc());
        assert!(replayed.is_over());
        let scope = ChatScope {
            platform: "local".into(),
            chat: "terminal".into(),
            thread: String::new(),
        };
        assert!(store.live_game(&scope).await.unwrap().is_none());
    });
}

/// A game the terminal was not written for (Nim, core's test game) plays to its end in
/// local play: options, a computer player, turns typed with /play.
#[test]
fn a_game_from_cores_list_plays_in_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let text = run_script(
        dir.path(),
        "ana: /new nim stones=6\nana: /addbot strong\nana: /start\nana: /play 1\nana: /play 9\nana: /play 1\nana: /status\n",
    );
    assert!(text.contains("Nim #1"), "{text}");
    // 6 → ana 1 → the strong bot leaves 4 → ana 1 → the bot takes 3 and wins.
    assert!(text.contains("Bot 2 (strong) played 1"), "{text}");
    assert!(text.contains("“9” is not a number of stones"), "{text}");
    assert!(text.contains("Bot 2 (strong) wins"), "{text}");
}

/// A whole game of each two-player game in the terminal, two people at one keyboard:
/// every move typed with /play (chosen by the test from the engine's own list of legal
/// actions: these games have no dice, so the test follows the position exactly), every
/// turn posted with its image and the next player named, the end told, and /replay
/// giving the game's GIF. Lean: a single process per game, plain pipes.
#[test]
fn a_whole_game_of_each_board_game_is_played_in_the_terminal() {
    use labscape_core::{AnyGame, GameKind};
    let dir = tempfile::tempdir().unwrap();
    let names = ["ana", "bo"];
    for (n, &kind) in GameKind::ALL.iter().enumerate() {
        // Hidra is played with the engine only for now (its secrets); Labscape has its own
        // tests.
        if matches!(kind.id(), "labscape" | "nim" | "hidra") {
            continue;
        }
        let images = dir.path().join(format!("img-{}", kind.id()));
        std::fs::create_dir_all(&images).unwrap();
        let mut c = LocalClient::spawn(
            &dir.path().join(format!("{}.db", kind.id())),
            &images,
            "ana",
        );
        let open = c.say(&format!("ana: /new {}", kind.id()));
        assert!(!open.private(), "{}", open.text());
        c.say("bo: /join");
        let mut block = c.say("ana: /start");
        let players: Vec<String> = names.iter().map(|s| s.to_string()).collect();
        let (mut game, _) = AnyGame::new_game(kind, &[], &players, "e2e").unwrap();
        let mut moves = 0;
        while !game.is_over() {
            assert!(!block.private(), "{}: {}", kind.id(), block.text());
            assert!(
                block.image().is_some_and(|p| p.exists()),
                "{}",
                block.text()
            );
            let seat = game.to_move().expect("someone is to move");
            let who = names[seat.index()];
            assert_eq!(block.mentioned().as_deref(), Some(who), "{}", block.text());
            // The easy computer player against the random one: both easy, or both random,
            // can go round for ever in the ball games, where nothing forces progress.
            let policy = if seat.index() == 0 { "easy" } else { "random" };
            let action = game
                .choose(policy, &format!("e2e/{n}/{moves}"))
                .expect("a legal action");
            block = c.say(&format!("{who}: /play {action}"));
            game = game.play(seat, &action).unwrap().0;
            moves += 1;
            assert!(moves < 1500, "{} does not end", kind.id());
        }
        assert!(!block.private(), "{}", block.text());
        assert!(
            block.text().contains("wins") || block.text().contains("draw"),
            "{}: {}",
            kind.id(),
            block.text()
        );
        assert!(
            block
                .lines
                .iter()
                .any(|l| l.starts_with("[file: ") && l.ends_with(".gif]")),
            "{}",
            block.text()
        );
        let replay = c.say("bo: /replay");
        assert!(
            replay.lines.iter().any(|l| l.ends_with(".gif]")),
            "{}",
            replay.text()
        );
        c.quit();
    }
}

/// With `USER` unset and no `--as`, local play says once, at the start, how to play under
/// one's name; with `--as` it does not (issue 33.14).
#[test]
fn without_a_name_local_play_says_how_to_give_one() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("demo.txt");
    std::fs::write(&script, "/help\n/help\n").unwrap();
    let run = |name: Option<&str>| {
        let mut cmd = std::process::Command::new(labscape_bin());
        cmd.env_remove("USER")
            .args(["local", "--script"])
            .arg(&script)
            .arg("--db")
            .arg(dir.path().join("s.db"))
            .arg("--images")
            .arg(dir.path().join("img"));
        if let Some(name) = name {
            cmd.args(["--as", name]);
        }
        cmd.output().unwrap()
    };
    let out = run(None);
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.matches("--as NAME").count(), 1, "{err}");
    let out = run(Some("ana"));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("--as NAME"), "{err}");
}

/// Skarb without the map in the terminal (issue 35): the architect's prompt and answers
/// print as `(to ana, private)` blocks; everything else (what the group reads: words and
/// images) is the same whether she planted far from the seeker or passed, and never names
/// her square.
#[test]
fn a_secret_maze_prints_the_architects_view_as_private_lines() {
    let far = secret_maze_game("a1");
    let pass = secret_maze_game("pass");
    assert!(far.hers.iter().any(|b| b.contains("a1")), "{:?}", far.hers);
    assert!(
        far.hers.iter().any(|b| b.contains("[image: ")),
        "{:?}",
        far.hers
    );
    assert!(
        far.words.contains("The architect has played."),
        "{}",
        far.words
    );
    assert!(!far.words.contains("a1"), "{}", far.words);
    assert_eq!(far.words, pass.words);
    assert!(far.images.len() >= 3, "the start, her turn and his");
    assert!(far.images == pass.images, "the group's images differ");
}

/// Plays `script` in the terminal (`labscape local --script`, its database and images in
/// `dir`) and returns what it printed; the run must succeed.
fn run_script(dir: &std::path::Path, script: &str) -> String {
    let file = dir.join("script.txt");
    std::fs::write(&file, script).unwrap();
    let out = std::process::Command::new(labscape_bin())
        .args(["local", "--script"])
        .arg(&file)
        .arg("--db")
        .arg(dir.join("local.db"))
        .arg("--images")
        .arg(dir.join("img"))
        .output()
        .unwrap();
    assert!(out.status.success());
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// What one scripted game printed: the architect's private blocks, and the group's words
/// and images.
struct Printed {
    hers: Vec<String>,
    words: String,
    images: Vec<Vec<u8>>,
}

fn secret_maze_game(architect: &str) -> Printed {
    let dir = tempfile::tempdir().unwrap();
    let text = run_script(
        dir.path(),
        &format!(
            "ana: /new skarb size=6 map=no\nbo: /join\nana: /start\nana: /play {architect}\nbo: /play n\nbo: /log\nbo: /recap\n"
        ),
    );
    let (hers, public): (Vec<&str>, Vec<&str>) = text
        .split("\n\n")
        .partition(|b| b.lines().any(|l| l.starts_with("(to ana, private)")));
    let mut images = Vec::new();
    let mut words = Vec::new();
    // `> ` lines echo the script; the images' paths are the test's temporary folder.
    for line in public.iter().flat_map(|b| b.lines()) {
        match line
            .strip_prefix("[image: ")
            .and_then(|l| l.strip_suffix(']'))
        {
            Some(path) => images.push(std::fs::read(path).unwrap()),
            None if !line.starts_with("> ") => words.push(line),
            None => {}
        }
    }
    Printed {
        hers: hers.into_iter().map(str::to_string).collect(),
        words: crate::helpers::without_commitments(&words.join("\n")),
        images,
    }
}

/// Labirinto da Hidra for three in the terminal (issue 37): ana and two computer players, to
/// the end of its five rounds (ana ends her turns, and screams when one is owed). Every
/// action is told to the group; what the computers explored and took is not, and nothing
/// of theirs is told to ana in private.
#[test]
fn a_three_player_hidra_game_plays_to_its_end_in_the_terminal_and_keeps_its_secrets() {
    let dir = tempfile::tempdir().unwrap();
    let mut script = String::from(
        "ana: /new hidra players=3 rounds=5\nana: /addbot strong\nana: /addbot easy\nana: /start\n",
    );
    // A Scream owed at the start of her turn (a pickup) comes before `end`.
    for _ in 0..12 {
        script.push_str("ana: /play end\nana: /play scream 1 e\nana: /play scream a n\n");
    }
    script.push_str("ana: /log\n");
    let file = dir.path().join("script.txt");
    std::fs::write(&file, script).unwrap();
    let out = std::process::Command::new(labscape_bin())
        .args(["local", "--seed", "hidra-e2e", "--script"])
        .arg(&file)
        .arg("--db")
        .arg(dir.path().join("local.db"))
        .arg("--images")
        .arg(dir.path().join("img"))
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(text.contains("Labirinto da Hidra #1 begins"), "{text}");
    assert!(text.contains("The seed was"), "the game ended: {text}");
    let (private, public): (Vec<&str>, Vec<&str>) = text
        .split("\n\n")
        .partition(|b| b.lines().any(|l| l.starts_with("(to ana, private)")));
    // Up to the post that ends the game (its story is told whole).
    let running: Vec<&str> = public
        .iter()
        .take_while(|b| !b.contains("The seed was"))
        .copied()
        .collect();
    let group = running.join("\n");
    assert!(group.contains("Bot 2 (strong) played"), "{group}");
    assert!(group.contains("looks at the token on"), "{group}");
    for line in group.lines() {
        assert!(!hidra_secret_told(line), "the group read a secret: {line}");
    }
    // Ana, in private, reads her own view: never what a computer explored.
    for block in private.iter().filter(|b| !b.contains("The seed was")) {
        for line in block.lines().filter(|l| l.starts_with("Bot ")) {
            assert!(
                !line.contains("looks at the token on") || line.ends_with('.'),
                "{line}"
            );
        }
    }
}
