//! Discord, end to end: the real `labscape` Discord client (serenity + poise, in-process)
//! against the fake Discord of `fake_discord.rs`, on a real SQLite file.
//!
//! Every interaction is checked for Discord's rules (acknowledged within 3 s, once) and
//! every turn message against the game's position read independently from the database:
//! the heading's turn number, the PNG, the ping for the next player, and which buttons
//! are enabled.

use std::{
    collections::BTreeSet,
    path::{Path, PathBuf},
    sync::Arc,
    time::Duration,
};

use labscape::{
    app::{Outgoing, Reply, Service, SystemClock},
    discord,
    store::{AnyStore, ChatScope, GameId, GameStore, SqliteStore},
};
use labscape_core::labscape::{Action, MoveTarget, Phase, Position};
use serde_json::{Value, json};
use tokio::{
    sync::{mpsc, oneshot},
    task::JoinHandle,
};

use crate::fake_discord::{APP_ID, Answer, FakeDiscord, GUILD_ID, Msg, User};

mod hidra;

const ANA: User = User {
    id: 4001,
    name: "ana",
    admin: false,
};
const BO: User = User {
    id: 4002,
    name: "bo",
    admin: false,
};
/// Not seated anywhere.
const CY: User = User {
    id: 4003,
    name: "cy",
    admin: false,
};
const DEE: User = User {
    id: 4004,
    name: "dee",
    admin: true,
};

fn users() -> [User; 4] {
    [ANA, BO, CY, DEE]
}

fn user(id: &str) -> User {
    users()
        .into_iter()
        .find(|u| u.id.to_string() == id)
        .unwrap_or_else(|| panic!("no test user {id}"))
}

fn init_logs() {
    if std::env::var_os("TEST_LOG").is_some() {
        let _ = tracing_subscriber::fmt()
            .with_env_filter(tracing_subscriber::EnvFilter::new(
                "warn,labscape=debug,serenity=warn,poise=warn",
            ))
            .with_test_writer()
            .try_init();
    }
}

/// The bot, running in this process against the fake.
struct Bot {
    stop: Option<oneshot::Sender<()>>,
    task: JoinHandle<()>,
    outgoing: mpsc::Sender<Outgoing>,
}

/// The service on `db`, drawing images when `render`, dealing every new game from `seed`
/// when there is one (a test whose course depends on where the dice fall plays the same
/// game every run).
async fn service(db: &Path, render: bool, seed: Option<&str>) -> Arc<Service<AnyStore>> {
    let store = AnyStore::from(SqliteStore::open(db.to_str().unwrap()).await.unwrap());
    let renderer: Option<labscape::app::Renderer> = if render {
        Some(Arc::new(labscape::render_turn))
    } else {
        None
    };
    let mut service = Service::new(store, Arc::new(SystemClock), renderer);
    if let Some(seed) = seed {
        service = service.with_seed(seed);
    }
    Arc::new(if render {
        service.with_replays(Arc::new(labscape::render_replay))
    } else {
        service
    })
}

impl Bot {
    /// Starts the bot and waits for its `n`th connection to the fake.
    async fn start(fake: &FakeDiscord, db: &Path, n: usize) -> Bot {
        Bot::start_in(fake, db, n, None).await
    }

    /// Starts the bot registering its commands in `guild` only.
    async fn start_in(fake: &FakeDiscord, db: &Path, n: usize, guild: Option<u64>) -> Bot {
        Bot::start_with(fake, db, n, guild, None).await
    }

    /// Starts the bot dealing every new game from `seed`.
    async fn start_seeded(fake: &FakeDiscord, db: &Path, n: usize, seed: &str) -> Bot {
        Bot::start_full(fake, db, n, (None, None), Some(seed)).await
    }

    /// Starts the bot on a range of gateway shards.
    async fn start_with(
        fake: &FakeDiscord,
        db: &Path,
        n: usize,
        guild: Option<u64>,
        shards: Option<discord::Shards>,
    ) -> Bot {
        Bot::start_full(fake, db, n, (guild, shards), None).await
    }

    /// Starts the bot registering its commands in `guild` only (or everywhere), on a range
    /// of gateway shards (or all), dealing every new game from `seed` (or a fresh one).
    async fn start_full(
        fake: &FakeDiscord,
        db: &Path,
        n: usize,
        (guild, shards): (Option<u64>, Option<discord::Shards>),
        seed: Option<&str>,
    ) -> Bot {
        let config = discord::Config {
            token: labscape::secret::Secret::new("fake-token"),
            api_url: Some(fake.api_url()),
            guild,
            shards,
        };
        let (tx, rx) = mpsc::channel(8);
        let (stop, stopped) = oneshot::channel::<()>();
        let service = service(db, true, seed).await;
        let task = tokio::spawn(async move {
            let shutdown = async move {
                let _ = stopped.await;
            };
            discord::run(service, config, rx, shutdown)
                .await
                .expect("the Discord bot runs until stopped");
        });
        fake.wait_ready(n).await;
        Bot {
            stop: Some(stop),
            task,
            outgoing: tx,
        }
    }

    async fn stop(mut self) {
        let _ = self.stop.take().unwrap().send(());
        tokio::time::timeout(Duration::from_secs(15), &mut self.task)
            .await
            .expect("the bot stops within 15 s")
            .expect("the bot task ends cleanly");
    }
}

/// Reads games from the same database, as an independent observer.
struct Observer {
    service: Arc<Service<AnyStore>>,
}

impl Observer {
    async fn open(db: &Path) -> Observer {
        Observer {
            service: service(db, false, None).await,
        }
    }

    fn scope(channel: u64, thread: Option<u64>) -> ChatScope {
        ChatScope {
            platform: "discord".into(),
            chat: channel.to_string(),
            thread: thread.map(|t| t.to_string()).unwrap_or_default(),
        }
    }

    async fn live(&self, scope: &ChatScope) -> Option<(GameId, i64)> {
        self.service
            .store()
            .live_game(scope)
            .await
            .unwrap()
            .map(|r| (r.id, r.turn))
    }

    async fn turn(&self, id: GameId) -> i64 {
        self.service.store().game(id).await.unwrap().unwrap().turn
    }

    async fn position(&self, id: GameId) -> Position {
        let game = self.service.game_of(id).await.expect("a started game");
        game.get::<Position>().expect("a Labscape game").clone()
    }

    /// The Discord user whose turn it is, if a person's.
    async fn active(&self, id: GameId) -> Option<User> {
        let pos = self.position(id).await;
        let seat = pos.active()?;
        let seats = self.service.store().seats(id).await.unwrap();
        Some(user(&seats[seat.index()].user_id))
    }
}

/// What the bot answered: public channel messages, or an ephemeral text.
#[derive(Debug)]
enum Outcome {
    Public(Vec<Msg>),
    Private(String),
}

impl Outcome {
    fn public(self) -> Vec<Msg> {
        match self {
            Outcome::Public(m) => m,
            Outcome::Private(t) => panic!("expected a public answer, got the ephemeral “{t}”"),
        }
    }
    fn private(self) -> String {
        match self {
            Outcome::Private(t) => t,
            Outcome::Public(m) => panic!("expected an ephemeral answer, got {m:#?}"),
        }
    }
    /// The last public message (the one with the image and the buttons).
    fn last(self) -> Msg {
        self.public().pop().expect("a message")
    }
}

/// Checks the acknowledgement and collects the answer.
fn outcome(fake: &FakeDiscord, answer: Answer, channel: u64, before: usize) -> Outcome {
    let d = &answer.delivery;
    let (kind, flags, delay) = d.ack.expect("acknowledged");
    assert!(
        delay < Duration::from_secs(3),
        "acknowledged after {delay:?}"
    );
    match d.kind {
        // A button: a deferred update, no placeholder.
        3 => assert_eq!(
            kind, 6,
            "a button press is acknowledged as a deferred update"
        ),
        // A slash command: deferred ephemerally, or (a malformed option) answered at once.
        _ => assert!(
            (kind == 5 && flags & 64 != 0) || (kind == 4 && answer.is_private()),
            "slash commands are deferred ephemerally first (got type {kind}, flags {flags})"
        ),
    }
    let now = fake.channel_messages(channel);
    if answer.is_private() {
        assert_eq!(
            now.len(),
            before,
            "a refusal posts nothing in the channel: {:?}",
            &now[before..]
        );
        Outcome::Private(answer.private_text())
    } else {
        assert!(now.len() > before, "a public answer posts in the channel");
        Outcome::Public(now[before..].to_vec())
    }
}

async fn slash(
    fake: &FakeDiscord,
    who: &User,
    channel: u64,
    path: &[&str],
    options: Value,
) -> Outcome {
    let before = fake.channel_messages(channel).len();
    let token = fake.slash(who, channel, path, options).await;
    let answer = fake.answer(&token).await;
    outcome(fake, answer, channel, before)
}

async fn click(fake: &FakeDiscord, who: &User, msg: &Msg, label: &str) -> Outcome {
    let id = msg
        .button(label)
        .unwrap_or_else(|| panic!("no button {label} on {msg:#?}"));
    click_id(fake, who, msg, &id).await
}

async fn click_id(fake: &FakeDiscord, who: &User, msg: &Msg, custom_id: &str) -> Outcome {
    let before = fake.channel_messages(msg.channel_id).len();
    let token = fake.click(who, msg, custom_id).await;
    let answer = fake.answer(&token).await;
    outcome(fake, answer, msg.channel_id, before)
}

fn opt(name: &str, kind: u8, value: Value) -> Value {
    json!({"name": name, "type": kind, "value": value})
}

fn focused(name: &str, value: &str) -> Value {
    json!({"name": name, "type": 3, "value": value, "focused": true})
}

/// The labels the buttons must enable: the position's legal single steps, roll, exit and
/// wait 1.
fn legal_buttons(pos: &Position) -> BTreeSet<String> {
    pos.legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::Move(MoveTarget::Steps(s)) if s.len() == 1 => Some(s[0].to_string()),
            Action::Roll => Some("Roll".into()),
            Action::Exit => Some("Exit".into()),
            Action::Wait(1) => Some("Wait 1".into()),
            _ => None,
        })
        .collect()
}

fn assert_png(bytes: &[u8]) {
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().expect("a PNG header");
    let mut buf = vec![0; reader.output_buffer_size().expect("a buffer size")];
    let info = reader.next_frame(&mut buf).expect("PNG image data");
    assert!(info.width >= 100 && info.height >= 100, "{info:?}");
}

/// Checks a replay attachment: a GIF with the start and one frame per turn.
fn assert_replay((name, bytes): &(String, Vec<u8>), turns: i64) {
    assert!(name.ends_with("-replay.gif"), "{name}");
    let mut opts = gif::DecodeOptions::new();
    opts.skip_frame_decoding(true);
    let mut dec = opts.read_info(&bytes[..]).expect("a GIF");
    let mut frames = 0;
    while dec.next_frame_info().expect("a frame").is_some() {
        frames += 1;
    }
    assert_eq!(frames, turns + 1, "the start and one frame per turn");
}

/// Reads the record file attached to an `/export` answer.
fn assert_record(msg: &Msg) -> labscape_core::labscape::GameExport {
    assert_eq!(msg.attachments.len(), 1, "{msg:#?}");
    let (name, bytes) = &msg.attachments[0];
    assert!(name.ends_with("-record.json"), "{name}");
    let text = std::str::from_utf8(bytes).expect("JSON text");
    labscape::games::labscape::read_export(text).expect("a labscape-record/1 file")
}

/// Checks a turn message against the game in the database; returns the game's turn.
async fn check_turn(obs: &Observer, game: GameId, msg: &Msg) -> i64 {
    let turn = obs.turn(game).await;
    let pos = obs.position(game).await;
    assert!(
        msg.content
            .starts_with(&format!("**Labscape #{}** · turn {turn}", game.0)),
        "heading of {:?} (turn {turn})",
        msg.content
    );
    // The image; the turn that ends the game brings the whole game's replay too.
    let replays = usize::from(pos.is_over());
    assert_eq!(msg.attachments.len(), 1 + replays, "the image (and replay)");
    assert!(msg.attachments[0].0.ends_with(".png"));
    assert_png(&msg.attachments[0].1);
    if pos.is_over() {
        assert_replay(&msg.attachments[1], turn);
    }
    match obs.active(game).await {
        Some(next) if !pos.is_over() => {
            assert!(
                msg.content.contains(&next.mention()),
                "{} is pinged in {:?}",
                next.name,
                msg.content
            );
            assert!(msg.may_ping(next.id), "allowed mentions name {}", next.name);
            for other in users().iter().filter(|u| u.id != next.id) {
                assert!(!msg.content.contains(&other.mention()));
                assert!(!msg.may_ping(other.id));
            }
        }
        _ => assert!(!msg.content.contains("<@"), "nobody is pinged at the end"),
    }
    if pos.phase() == Phase::Play && !pos.is_over() {
        let buttons = msg.buttons();
        let labels: Vec<&str> = buttons.iter().map(|(l, _, _)| l.as_str()).collect();
        assert_eq!(labels, ["N", "E", "S", "W", "Roll", "Exit", "Wait 1"]);
        let enabled: BTreeSet<String> = buttons
            .iter()
            .filter(|(_, _, on)| *on)
            .map(|(l, _, _)| l.clone())
            .collect();
        assert_eq!(
            enabled,
            legal_buttons(&pos),
            "enabled buttons are the legal ones"
        );
        for (_, id, _) in &buttons {
            assert!(
                id.starts_with(&format!("ls:{}:{turn}:", game.0)),
                "custom id {id}"
            );
        }
    } else {
        assert!(msg.buttons().is_empty(), "no buttons once the game is over");
    }
    turn
}

/// Opens a `single` game for ana and bo in `channel` and starts it; returns the game and
/// the first turn message.
async fn started_game(
    fake: &FakeDiscord,
    obs: &Observer,
    channel: u64,
    difficulty: u8,
) -> (GameId, Msg) {
    let lobby = slash(
        fake,
        &ANA,
        channel,
        &["labscape", "new"],
        json!([
            opt("layout", 3, json!("single")),
            opt("difficulty", 4, json!(difficulty))
        ]),
    )
    .await
    .last();
    let (game, _) = obs
        .live(&Observer::scope(channel, None))
        .await
        .expect("a game opened");
    assert!(
        lobby
            .content
            .contains(&format!("Labscape #{} is open", game.0)),
        "{}",
        lobby.content
    );
    let joined = slash(fake, &BO, channel, &["labscape", "join"], json!([]))
        .await
        .last();
    assert!(joined.content.contains("bo joined"), "{}", joined.content);
    let refused = slash(fake, &BO, channel, &["labscape", "start"], json!([]))
        .await
        .private();
    assert!(refused.contains("Only the game's creator"), "{refused}");
    let first = slash(fake, &ANA, channel, &["labscape", "start"], json!([]))
        .await
        .last();
    assert_eq!(check_turn(obs, game, &first).await, 0);
    assert!(first.content.contains("begins!"), "{}", first.content);
    (game, first)
}

fn db_in(dir: &tempfile::TempDir) -> PathBuf {
    dir.path().join("discord.db")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_commands_are_registered_with_their_options_and_autocomplete() {
    init_logs();
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(&fake, &db_in(&dir), 1).await;
    let reg = fake.registrations().remove(0);
    let commands = reg.as_array().expect("a list of commands");
    let find = |list: &Value, name: &str| -> Value {
        list.as_array()
            .and_then(|l| l.iter().find(|c| c["name"] == name))
            .cloned()
            .unwrap_or_else(|| panic!("no {name} in {list:#}"))
    };
    let names: BTreeSet<&str> = commands.iter().filter_map(|c| c["name"].as_str()).collect();
    assert_eq!(
        names,
        BTreeSet::from([
            "labscape",
            "play",
            "move",
            "roll",
            "rotate-wall",
            "walls",
            "exit",
            "wait",
            "rules",
            "table",
            "log",
            "recap",
            "replay",
            "export",
            "luck",
            "draw",
            "resign",
            "myview",
            "records",
            "help",
            "place"
        ])
    );
    let labscape = find(&reg, "labscape");
    let subs: Vec<&str> = labscape["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| {
            assert_eq!(o["type"], 1, "subcommand");
            o["name"].as_str().unwrap()
        })
        .collect();
    assert_eq!(
        subs,
        [
            "new", "join", "leave", "start", "abandon", "status", "addbot", "settings", "me",
            "away", "snooze"
        ]
    );
    let choice_names = |o: &Value| -> Vec<String> {
        o["choices"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["name"].as_str().unwrap().to_string())
            .collect()
    };
    let me = find(&labscape["options"], "me");
    assert_eq!(find(&me["options"], "timezone")["autocomplete"], true);
    assert_eq!(
        choice_names(&find(&me["options"], "language")),
        ["English", "Português (Brasil)"]
    );
    let settings = find(&labscape["options"], "settings");
    assert_eq!(
        choice_names(&find(&settings["options"], "policy")),
        ["advisory", "auto-wait"]
    );
    assert_eq!(
        choice_names(&find(&settings["options"], "language")),
        ["English", "Português (Brasil)"]
    );
    assert_eq!(
        find(&find(&labscape["options"], "away")["options"], "until")["required"],
        true
    );
    let new = find(&labscape["options"], "new");
    let layout = find(&new["options"], "layout");
    assert_eq!(
        (layout["type"].clone(), layout["autocomplete"].clone()),
        (json!(3), json!(true))
    );
    let difficulty = find(&new["options"], "difficulty");
    assert_eq!(
        choice_names(&difficulty),
        ["easy", "medium", "hard", "impossible"]
    );
    assert_eq!(
        choice_names(&find(&new["options"], "setup")),
        ["random", "draft"]
    );
    let players = find(&new["options"], "players");
    assert_eq!(
        (
            players["type"].as_u64(),
            players["min_value"].as_f64(),
            players["max_value"].as_f64()
        ),
        (Some(4), Some(1.0), Some(8.0))
    );
    assert_eq!(find(&new["options"], "thread")["type"], 5);
    assert_eq!(find(&new["options"], "game")["autocomplete"], true);
    assert_eq!(find(&new["options"], "options")["type"], 3);
    // A challenge names a user; the creator's side is a choice.
    assert_eq!(find(&new["options"], "opponent")["type"], 6);
    assert_eq!(
        choice_names(&find(&new["options"], "side")),
        ["first", "second", "random"]
    );
    let action = find(&find(&reg, "play")["options"], "action");
    assert_eq!(
        (
            action["type"].clone(),
            action["autocomplete"].clone(),
            action["required"].clone()
        ),
        (json!(3), json!(true), json!(true))
    );
    let path = find(&find(&reg, "move")["options"], "path");
    assert_eq!(
        (path["required"].clone(), path["autocomplete"].clone()),
        (json!(true), json!(true))
    );
    let rotate = find(&reg, "rotate-wall");
    for o in ["from", "to"] {
        let opt = find(&rotate["options"], o);
        assert_eq!(
            (opt["required"].clone(), opt["autocomplete"].clone()),
            (json!(false), json!(true)),
            "{o}: alone, /rotate-wall lists the rotations"
        );
    }
    assert_eq!(find(&find(&reg, "wait")["options"], "minutes")["type"], 4);
    assert_eq!(find(&find(&reg, "log")["options"], "count")["type"], 4);
    let me = find(&find(&reg, "records")["options"], "me");
    assert_eq!(
        (me["type"].clone(), me["required"].clone()),
        (json!(5), json!(false))
    );
    // Topics and tables are every game's, offered while typing.
    for (command, option) in [("rules", "topic"), ("table", "name")] {
        let o = find(&find(&reg, command)["options"], option);
        assert_eq!(
            (o["type"].clone(), o["autocomplete"].clone()),
            (json!(3), json!(true)),
            "/{command}"
        );
    }
    let place = find(&reg, "place");
    assert_eq!(
        find(&find(&place["options"], "wall")["options"], "wall")["autocomplete"],
        true
    );
    let item = find(&place["options"], "item");
    assert_eq!(find(&item["options"], "cell")["autocomplete"], true);
    assert_eq!(
        choice_names(&find(&item["options"], "item")),
        ["key", "food", "special"]
    );
    find(&place["options"], "autofill");
    // Discord's limits on descriptions.
    fn descriptions(v: &Value, out: &mut Vec<String>) {
        if let Some(d) = v.get("description").and_then(Value::as_str) {
            out.push(d.to_string());
        }
        for o in v["options"].as_array().into_iter().flatten() {
            descriptions(o, out);
        }
    }
    for c in commands {
        let mut all = Vec::new();
        descriptions(c, &mut all);
        for d in all {
            assert!(
                !d.is_empty() && d.chars().count() <= 100,
                "description “{d}”"
            );
        }
    }
    bot.stop().await;
    assert!(
        fake.requests()
            .contains(&format!("PUT /api/v10/applications/{APP_ID}/commands")),
        "registered globally"
    );

    // With LABSCAPE_DISCORD_GUILD, in that server only.
    let bot = Bot::start_in(&fake, &db_in(&dir), 2, Some(GUILD_ID)).await;
    assert_eq!(fake.registrations()[1], reg, "the same commands");
    assert!(fake.requests().contains(&format!(
        "PUT /api/v10/applications/{APP_ID}/guilds/{GUILD_ID}/commands"
    )));
    bot.stop().await;
    assert_eq!(fake.violations(), Vec::<String>::new());
}

/// The binary itself: `labscape` with `DISCORD_TOKEN` set (and no Telegram token) is the
/// Discord bot.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn plain_labscape_with_a_discord_token_is_the_discord_bot() {
    init_logs();
    let bin = tokio::task::spawn_blocking(crate::helpers::labscape_bin)
        .await
        .unwrap();
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let mut child = tokio::process::Command::new(bin)
        .arg("--db")
        .arg(db_in(&dir))
        .env("DISCORD_TOKEN", "fake-token")
        .env("LABSCAPE_DISCORD_API_URL", fake.api_url())
        .env_remove("TELEGRAM_TOKEN")
        .env_remove("LABSCAPE_DISCORD_GUILD")
        .env("LABSCAPE_LOG", "error")
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .expect("labscape starts");
    fake.wait_ready(1).await;
    let ch = fake.channel("binary");
    let help = slash(&fake, &ANA, ch, &["help"], json!([])).await.private();
    assert!(help.contains("Labscape commands"), "{help}");
    let lobby = slash(&fake, &ANA, ch, &["labscape", "new"], json!([]))
        .await
        .last();
    assert!(lobby.content.contains("is open"), "{}", lobby.content);
    child.kill().await.expect("the bot process stops");
    assert_eq!(fake.violations(), Vec::<String>::new());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_on_single_is_played_with_slash_commands_and_buttons() {
    init_logs();
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = db_in(&dir);
    let bot = Bot::start(&fake, &db, 1).await;
    let obs = Observer::open(&db).await;
    let ch = fake.channel("labscape");

    // Autocomplete for the layout, before any game.
    let layouts = fake
        .autocomplete(
            &ANA,
            ch,
            &["labscape", "new"],
            json!([focused("layout", "si")]),
        )
        .await;
    assert_eq!(layouts, [("single (#)".to_string(), "single".to_string())]);
    let topics = fake
        .autocomplete(&ANA, ch, &["rules"], json!([focused("topic", "wal")]))
        .await;
    assert_eq!(topics, [("walls".to_string(), "walls".to_string())]);
    let tables = fake
        .autocomplete(&ANA, ch, &["table"], json!([focused("name", "adv")]))
        .await;
    assert_eq!(
        tables,
        [("adventurers".to_string(), "adventurers".to_string())]
    );

    // Help, rules and tables are for the asker only.
    let help = slash(&fake, &CY, ch, &["help"], json!([])).await.private();
    assert!(help.contains("Labscape commands"), "{help}");
    let rules = slash(
        &fake,
        &CY,
        ch,
        &["rules"],
        json!([opt("topic", 3, json!("move"))]),
    )
    .await
    .private();
    assert!(rules.starts_with("**Move**"), "{rules}");
    let table = slash(
        &fake,
        &CY,
        ch,
        &["table"],
        json!([opt("name", 3, json!("search"))]),
    )
    .await
    .private();
    assert!(table.contains("Search table"), "{table}");

    // Impossible difficulty: dawn comes after 14 minutes.
    let (game, mut msg) = started_game(&fake, &obs, ch, 3).await;
    let mut turn = 0;
    for i in 0..60 {
        let pos = obs.position(game).await;
        if pos.is_over() {
            break;
        }
        let active = obs.active(game).await.expect("a person's turn");
        let idle = if active.id == ANA.id { BO } else { ANA };
        let legal = legal_buttons(&pos);
        let step = ["N", "E", "S", "W"]
            .into_iter()
            .find(|d| legal.contains(*d));
        let next = match i {
            0 => {
                // Autocomplete offers the caller's legal steps and reachable cells, and
                // nothing to someone whose turn it is not.
                let choices = fake
                    .autocomplete(&active, ch, &["move"], json!([focused("path", "")]))
                    .await;
                let values: BTreeSet<String> = choices.iter().map(|(_, v)| v.clone()).collect();
                for d in ["N", "E", "S", "W"]
                    .into_iter()
                    .filter(|d| legal.contains(*d))
                {
                    assert!(values.contains(d), "{d} in {values:?}");
                }
                assert!(values.len() <= 25);
                let none = fake
                    .autocomplete(&idle, ch, &["move"], json!([focused("path", "")]))
                    .await;
                assert!(none.is_empty(), "{none:?}");
                let rotations = fake
                    .autocomplete(&active, ch, &["rotate-wall"], json!([focused("from", "")]))
                    .await;
                if let Some((_, from)) = rotations.first() {
                    let to = fake
                        .autocomplete(
                            &active,
                            ch,
                            &["rotate-wall"],
                            json!([opt("from", 3, json!(from)), focused("to", "")]),
                        )
                        .await;
                    assert!(!to.is_empty(), "a rotatable wall has somewhere to go");
                }
                // `/rotate-wall` alone lists the rotations (or says there are none), and
                // `/walls` names every wall: both to the asker alone.
                let alone = slash(&fake, &active, ch, &["rotate-wall"], json!([]))
                    .await
                    .private();
                let listed = if rotations.is_empty() {
                    "no wall to rotate"
                } else {
                    "your legal wall rotations"
                };
                assert!(alone.contains(listed), "{alone}");
                let named = slash(&fake, &idle, ch, &["walls"], json!([]))
                    .await
                    .private();
                assert!(named.contains("walls on floor"), "{named}");
                match step {
                    Some(d) => {
                        slash(
                            &fake,
                            &active,
                            ch,
                            &["move"],
                            json!([opt("path", 3, json!(d))]),
                        )
                        .await
                    }
                    None => slash(&fake, &active, ch, &["wait"], json!([])).await,
                }
            }
            1 | 2 => match step {
                Some(d) => click(&fake, &active, &msg, d).await,
                None => click(&fake, &active, &msg, "Wait 1").await,
            },
            3 if legal.contains("Roll") => slash(&fake, &active, ch, &["roll"], json!([])).await,
            4 => {
                // A public status with the image, then the game goes on.
                let status = slash(&fake, &idle, ch, &["labscape", "status"], json!([]))
                    .await
                    .last();
                assert!(status.content.contains(&format!("Labscape #{}", game.0)));
                assert_png(&status.attachments[0].1);
                let log = slash(
                    &fake,
                    &idle,
                    ch,
                    &["log"],
                    json!([opt("count", 4, json!(3))]),
                )
                .await
                .private();
                assert!(log.contains("the last 3 actions"), "{log}");
                // The game so far as an animation, for everyone, asked by anyone.
                let replay = slash(&fake, &CY, ch, &["replay"], json!([])).await.last();
                let turns = obs.turn(game).await;
                assert!(
                    replay
                        .content
                        .contains(&format!("so far: the start and {turns} turns")),
                    "{}",
                    replay.content
                );
                assert_eq!(replay.attachments.len(), 1);
                assert_replay(&replay.attachments[0], turns);
                // The record so far, for everyone: without the seed.
                let export = slash(&fake, &CY, ch, &["export"], json!([])).await.last();
                assert!(
                    export.content.contains("without the seed"),
                    "{}",
                    export.content
                );
                let record = assert_record(&export);
                assert_eq!(record.turns.len() as i64, turns);
                assert_eq!(record.seed, None);
                let seed = obs.service.store().game(game).await.unwrap().unwrap().seed;
                assert!(
                    !String::from_utf8_lossy(&export.attachments[0].1).contains(&seed),
                    "the seed stays secret while the game runs"
                );
                // Everyone's dice against fair dice, in sentences.
                let luck = slash(&fake, &CY, ch, &["luck"], json!([])).await.last();
                assert!(
                    luck.content.contains("Luck of the dice"),
                    "{}",
                    luck.content
                );
                assert!(luck.content.contains("ana rolled 2d6"), "{}", luck.content);
                click(&fake, &active, &msg, "Wait 1").await
            }
            i if i % 2 == 1 => {
                slash(
                    &fake,
                    &active,
                    ch,
                    &["wait"],
                    json!([opt("minutes", 4, json!(3))]),
                )
                .await
            }
            _ => click(&fake, &active, &msg, "Wait 1").await,
        };
        msg = next.last();
        let now = check_turn(&obs, game, &msg).await;
        assert_eq!(now, turn + 1, "one action, one turn");
        turn = now;
    }
    assert!(obs.position(game).await.is_over(), "the game ended");
    assert!(msg.content.contains("Game over"), "{}", msg.content);
    assert!(msg.content.contains("The seed was"), "{}", msg.content);
    assert!(obs.live(&Observer::scope(ch, None)).await.is_none());
    // The channel is free for another game; /replay still shows the one that ended.
    let again = slash(&fake, &BO, ch, &["labscape", "new"], json!([]))
        .await
        .last();
    assert!(again.content.contains("is open"), "{}", again.content);
    let replay = slash(&fake, &BO, ch, &["replay"], json!([])).await.last();
    assert!(
        replay.content.contains("the whole game"),
        "{}",
        replay.content
    );
    assert_eq!(replay.attachments, msg.attachments[1..]);
    // The finished game's record, with its seed, passes `labscape verify`'s check.
    let export = slash(&fake, &CY, ch, &["export"], json!([])).await.last();
    assert!(
        export.content.contains("the whole game"),
        "{}",
        export.content
    );
    let record = assert_record(&export);
    assert!(record.seed.is_some());
    let verdict = labscape_core::labscape::verify(&record);
    assert!(verdict.is_verified(), "{verdict}");
    // The channel's leaderboard, and one's own record (privately).
    let records = slash(&fake, &CY, ch, &["records"], json!([])).await.last();
    assert!(
        records.content.starts_with("**Records in this chat**"),
        "{}",
        records.content
    );
    for name in ["ana: one game", "bo: one game"] {
        assert!(
            records.content.contains(name),
            "{name}: {}",
            records.content
        );
    }
    let mine = slash(
        &fake,
        &ANA,
        ch,
        &["records"],
        json!([opt("me", 5, json!(true))]),
    )
    .await
    .private();
    assert!(mine.starts_with("**Your record**"), "{mine}");
    assert!(mine.contains("one game"), "{mine}");
    bot.stop().await;
    assert_eq!(fake.violations(), Vec::<String>::new());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wrong_players_old_buttons_and_illegal_moves_are_refused_privately() {
    init_logs();
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = db_in(&dir);
    let bot = Bot::start(&fake, &db, 1).await;
    let obs = Observer::open(&db).await;
    let ch = fake.channel("refusals");

    let none = slash(&fake, &ANA, ch, &["roll"], json!([])).await.private();
    assert!(none.contains("There is no game"), "{none}");

    let (game, first) = started_game(&fake, &obs, ch, 0).await;
    let active = obs.active(game).await.unwrap();
    let idle = if active.id == ANA.id { BO } else { ANA };
    let wait = first.button("Wait 1").unwrap();

    let wrong = click_id(&fake, &idle, &first, &wait).await.private();
    assert!(
        wrong.contains(&format!("it is {}'s turn", active.name)),
        "{wrong}"
    );
    let outsider = click_id(&fake, &CY, &first, &wait).await.private();
    assert!(outsider.contains("not playing"), "{outsider}");
    let illegal = slash(
        &fake,
        &active,
        ch,
        &["move"],
        json!([opt("path", 3, json!("NNNNNNNNNN"))]),
    )
    .await
    .private();
    assert!(illegal.contains("You can't do that now"), "{illegal}");
    let unreadable = slash(
        &fake,
        &active,
        ch,
        &["move"],
        json!([opt("path", 3, json!("up"))]),
    )
    .await
    .private();
    assert!(unreadable.contains("I can't read that"), "{unreadable}");
    // A malformed option (a choice this version does not have) never reaches the game.
    let malformed = slash(
        &fake,
        &active,
        ch,
        &["rules"],
        json!([opt("topic", 4, json!(42))]),
    )
    .await
    .private();
    assert!(malformed.contains("I can't read that"), "{malformed}");
    let not_creator = slash(&fake, &CY, ch, &["labscape", "abandon"], json!([]))
        .await
        .private();
    assert!(
        not_creator.contains("creator or a chat admin"),
        "{not_creator}"
    );
    assert_eq!(obs.turn(game).await, 0, "nothing changed");

    // The active player moves on with a slash command; the first message's buttons are old.
    let second = slash(&fake, &active, ch, &["wait"], json!([])).await.last();
    assert_eq!(check_turn(&obs, game, &second).await, 1);
    let next = obs.active(game).await.unwrap();
    let old = click_id(&fake, &next, &first, &wait).await.private();
    assert!(old.contains("moved on"), "{old}");
    assert_eq!(obs.turn(game).await, 1, "the old button changed nothing");

    // A server manager may abandon someone else's game.
    let abandoned = slash(&fake, &DEE, ch, &["labscape", "abandon"], json!([]))
        .await
        .last();
    assert!(
        abandoned.content.contains("was abandoned"),
        "{}",
        abandoned.content
    );
    let gone = click(&fake, &next, &second, "Wait 1").await.private();
    assert!(gone.contains("moved on"), "{gone}");
    bot.stop().await;
    assert_eq!(fake.violations(), Vec::<String>::new());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_repeated_delivery_is_applied_once() {
    init_logs();
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = db_in(&dir);
    let bot = Bot::start(&fake, &db, 1).await;
    let obs = Observer::open(&db).await;
    let ch = fake.channel("repeats");
    let (game, first) = started_game(&fake, &obs, ch, 0).await;

    // A button press, then the very same delivery again: Discord refuses the second
    // acknowledgement, and nothing else happens.
    let active = obs.active(game).await.unwrap();
    let before = fake.channel_messages(ch).len();
    let token = fake
        .click(&active, &first, &first.button("Wait 1").unwrap())
        .await;
    let answer = fake.answer(&token).await;
    assert!(!answer.is_private());
    assert_eq!(obs.turn(game).await, 1);
    let posted = fake.channel_messages(ch).len();
    assert!(posted > before);
    fake.redeliver(&token).await;
    fake.wait_until("the repeat to be refused", Duration::from_secs(10), |f| {
        (f.delivery(&token).refused_acks >= 1).then_some(())
    })
    .await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(
        fake.channel_messages(ch).len(),
        posted,
        "nothing posted twice"
    );
    assert_eq!(obs.turn(game).await, 1);

    // The same interaction id under a fresh token gets through Discord's check; the
    // service's own record of handled deliveries refuses it.
    let again = fake.redeliver_with_new_token(&token).await;
    let text = fake.answer(&again).await.private_text();
    assert!(text.contains("already done"), "{text}");
    assert_eq!(obs.turn(game).await, 1);

    // The same for a slash command.
    let active = obs.active(game).await.unwrap();
    let token = fake.slash(&active, ch, &["wait"], json!([])).await;
    assert!(!fake.answer(&token).await.is_private());
    assert_eq!(obs.turn(game).await, 2);
    let again = fake.redeliver_with_new_token(&token).await;
    let text = fake.answer(&again).await.private_text();
    assert!(text.contains("already done"), "{text}");
    assert_eq!(obs.turn(game).await, 2);
    bot.stop().await;
    assert_eq!(fake.violations(), Vec::<String>::new());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_in_two_channels_and_a_thread_run_at_once() {
    init_logs();
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = db_in(&dir);
    let bot = Bot::start(&fake, &db, 1).await;
    let obs = Observer::open(&db).await;
    let (c1, c2) = (fake.channel("one"), fake.channel("two"));

    let ((g1, m1), (g2, m2)) = tokio::join!(
        started_game(&fake, &obs, c1, 0),
        started_game(&fake, &obs, c2, 0)
    );
    assert_ne!(g1, g2);
    let play = |game: GameId, msg: Msg| {
        let (fake, obs) = (&fake, &obs);
        async move {
            let mut msg = msg;
            for _ in 0..3 {
                let active = obs.active(game).await.unwrap();
                msg = click(fake, &active, &msg, "Wait 1").await.last();
                check_turn(obs, game, &msg).await;
            }
            msg
        }
    };
    let (m1, m2) = tokio::join!(play(g1, m1), play(g2, m2));
    for (ch, game) in [(c1, g1), (c2, g2)] {
        for m in fake.channel_messages(ch) {
            assert!(
                m.content.contains(&format!("Labscape #{}", game.0)),
                "only game {game} in its channel: {}",
                m.content
            );
        }
    }
    assert_eq!((obs.turn(g1).await, obs.turn(g2).await), (3, 3));

    // A button of one channel's game clicked in the other channel is not for its game.
    let active2 = obs.active(g2).await.unwrap();
    let foreign = m1.button("Wait 1").unwrap();
    let mut moved = m2.clone();
    moved.components = m1.components.clone();
    let refused = click_id(&fake, &active2, &moved, &foreign).await.private();
    assert!(refused.contains("moved on"), "{refused}");
    assert_eq!(obs.turn(g2).await, 3);

    // A third game in a new thread of channel one, named after the game.
    let link = slash(
        &fake,
        &BO,
        c1,
        &["labscape", "new"],
        json!([opt("thread", 5, json!(true))]),
    )
    .await
    .private();
    let thread = fake
        .channels()
        .into_iter()
        .find(|c| c.parent == Some(c1))
        .expect("a thread");
    assert_eq!(link, format!("<#{}>", thread.id));
    assert_eq!(thread.kind, 11, "a public thread");
    let (g3, _) = obs
        .live(&Observer::scope(c1, Some(thread.id)))
        .await
        .expect("the game lives in the thread");
    assert_eq!(thread.name, format!("Labscape #{}", g3.0));
    let lobby = fake.channel_messages(thread.id);
    assert!(
        lobby[0]
            .content
            .contains(&format!("Labscape #{} is open", g3.0))
    );
    slash(&fake, &ANA, thread.id, &["labscape", "join"], json!([]))
        .await
        .last();
    let first = slash(&fake, &BO, thread.id, &["labscape", "start"], json!([]))
        .await
        .last();
    check_turn(&obs, g3, &first).await;
    let active = obs.active(g3).await.unwrap();
    let next = click(&fake, &active, &first, "Wait 1").await.last();
    assert_eq!(check_turn(&obs, g3, &next).await, 1);
    assert_eq!(obs.turn(g1).await, 3, "the channel's own game is untouched");
    bot.stop().await;
    assert_eq!(fake.violations(), Vec::<String>::new());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_finishes_a_game_after_a_restart_and_old_buttons_still_work() {
    init_logs();
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = db_in(&dir);
    let obs = Observer::open(&db).await;
    let ch = fake.channel("restart");
    let bot = Bot::start(&fake, &db, 1).await;
    let (game, first) = started_game(&fake, &obs, ch, 3).await;
    let active = obs.active(game).await.unwrap();
    let mut msg = click(&fake, &active, &first, "Wait 1").await.last();
    assert_eq!(check_turn(&obs, game, &msg).await, 1);
    bot.stop().await;

    let bot = Bot::start(&fake, &db, 2).await;
    assert_eq!(fake.identifies(), 2, "a fresh session after the restart");
    // The buttons posted before the restart still play.
    for _ in 0..60 {
        if obs.position(game).await.is_over() {
            break;
        }
        let active = obs.active(game).await.unwrap();
        msg = click(&fake, &active, &msg, "Wait 1").await.last();
        check_turn(&obs, game, &msg).await;
        if obs.position(game).await.is_over() {
            break;
        }
        let active = obs.active(game).await.unwrap();
        msg = slash(
            &fake,
            &active,
            ch,
            &["wait"],
            json!([opt("minutes", 4, json!(4))]),
        )
        .await
        .last();
        check_turn(&obs, game, &msg).await;
    }
    assert!(obs.position(game).await.is_over());
    assert!(msg.content.contains("Game over"), "{}", msg.content);

    // Messages the bot sends on its own reach their channel, with the ping.
    let reminder = Reply {
        mention: vec![labscape::app::Mention {
            user_id: ANA.id.to_string(),
            name: "ana".into(),
        }],
        ..Reply::text("A reminder.")
    };
    let before = fake.channel_messages(ch).len();
    bot.outgoing
        .send(Outgoing {
            scope: ChatScope {
                platform: "telegram".into(),
                chat: "1".into(),
                thread: String::new(),
            },
            reply: Reply::text("not for Discord"),
        })
        .await
        .unwrap();
    bot.outgoing
        .send(Outgoing {
            scope: Observer::scope(ch, None),
            reply: reminder,
        })
        .await
        .unwrap();
    let posted = fake
        .wait_until("the reminder", Duration::from_secs(10), |f| {
            f.channel_messages(ch).get(before).cloned()
        })
        .await;
    assert!(
        posted.content.starts_with("A reminder."),
        "{}",
        posted.content
    );
    assert!(posted.content.contains(&ANA.mention()) && posted.may_ping(ANA.id));
    bot.stop().await;
    assert_eq!(
        fake.channel_messages(ch).len(),
        before + 1,
        "nothing for Telegram"
    );
    assert_eq!(fake.violations(), Vec::<String>::new());
}

/// Issue 7 on Discord: `/labscape me`, `/labscape settings`, `/labscape away`, `/recap`,
/// and the Snooze button under a reminder.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn preferences_settings_away_recap_and_snooze_work_on_discord() {
    init_logs();
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = db_in(&dir);
    let bot = Bot::start(&fake, &db, 1).await;
    let obs = Observer::open(&db).await;
    let ch = fake.channel("over-days");
    let (game, _) = started_game(&fake, &obs, ch, 0).await;

    // Time zones autocomplete from what is typed.
    let zones = fake
        .autocomplete(
            &ANA,
            ch,
            &["labscape", "me"],
            json!([focused("timezone", "sao_p")]),
        )
        .await;
    assert_eq!(zones[0].1, "America/Sao_Paulo", "{zones:?}");
    let me = slash(
        &fake,
        &ANA,
        ch,
        &["labscape", "me"],
        json!([
            opt("timezone", 3, json!("America/Sao_Paulo")),
            opt("quiet", 3, json!("22:00-07:00"))
        ]),
    )
    .await
    .private();
    assert!(
        me.contains("America/Sao_Paulo") && me.contains("22:00"),
        "{me}"
    );
    let bad = slash(
        &fake,
        &ANA,
        ch,
        &["labscape", "me"],
        json!([opt("timezone", 3, json!("Mars/Olympus"))]),
    )
    .await
    .private();
    assert!(bad.contains("not a time zone"), "{bad}");

    // Only the creator changes the game's settings; anyone may read them.
    let refused = slash(
        &fake,
        &BO,
        ch,
        &["labscape", "settings"],
        json!([opt("reminder", 3, json!("12h"))]),
    )
    .await
    .private();
    assert!(refused.contains("Only the game's creator"), "{refused}");
    let changed = slash(
        &fake,
        &ANA,
        ch,
        &["labscape", "settings"],
        json!([
            opt("reminder", 3, json!("12h")),
            opt("limit", 4, json!(3)),
            // Choices arrive as their index: 1 is auto-wait.
            opt("policy", 4, json!(1)),
        ]),
    )
    .await
    .last();
    assert!(changed.content.contains("at most 3"), "{}", changed.content);
    let shown = slash(&fake, &BO, ch, &["labscape", "settings"], json!([]))
        .await
        .private();
    assert!(shown.contains("at most 3"), "{shown}");

    // Away, for everyone to see, and back.
    let away = slash(
        &fake,
        &BO,
        ch,
        &["labscape", "away"],
        json!([opt("until", 3, json!("3d"))]),
    )
    .await
    .last();
    assert!(
        away.content.contains("bo is away until"),
        "{}",
        away.content
    );
    let back = slash(
        &fake,
        &BO,
        ch,
        &["labscape", "away"],
        json!([opt("until", 3, json!("off"))]),
    )
    .await
    .last();
    assert!(back.content.contains("bo is back"), "{}", back.content);

    // A recap for a seated player, privately, with the picture.
    let recap = slash(&fake, &ANA, ch, &["recap"], json!([]))
        .await
        .private();
    assert!(recap.contains("everything so far"), "{recap}");
    let outsider = slash(&fake, &CY, ch, &["recap"], json!([])).await.private();
    assert!(outsider.contains("not playing"), "{outsider}");

    // A reminder comes due: the scheduler's message reaches the channel with a Snooze
    // button that only the awaited player may use.
    let later = obs.service.now() + 30 * 86_400;
    let reminder = obs
        .service
        .fire_due(later)
        .await
        .into_iter()
        .find(|o| o.reply.quick().any(|q| q.payload == "snooze"))
        .expect("a reminder is due");
    let before = fake.channel_messages(ch).len();
    bot.outgoing.send(reminder).await.unwrap();
    let posted = fake
        .wait_until("the reminder to be posted", Duration::from_secs(10), |f| {
            f.channel_messages(ch).get(before).cloned()
        })
        .await;
    assert!(
        posted.content.contains("it's your turn"),
        "{}",
        posted.content
    );
    let active = obs.active(game).await.unwrap();
    let idle = if active.id == ANA.id { BO } else { ANA };
    let refused = click(&fake, &idle, &posted, "Snooze 4 h").await.private();
    assert!(refused.contains("Only the player whose turn"), "{refused}");
    let snoozed = click(&fake, &active, &posted, "Snooze 4 h").await.private();
    assert!(snoozed.contains("Snoozed"), "{snoozed}");
    bot.stop().await;
    assert_eq!(fake.violations(), Vec::<String>::new());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_discord_user_in_portuguese_is_answered_in_portuguese() {
    init_logs();
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(&fake, &db_in(&dir), 1).await;
    let ch = fake.channel("portugues");

    let before = fake.channel_messages(ch).len();
    let token = fake.slash_in("pt-BR", &ANA, ch, &["roll"], json!([])).await;
    let answer = fake.answer(&token).await;
    let text = outcome(&fake, answer, ch, before).private();
    assert!(text.starts_with("Não há partida neste chat"), "{text}");
    // The same user with an English client.
    let en = slash(&fake, &ANA, ch, &["roll"], json!([])).await.private();
    assert!(en.contains("There is no game"), "{en}");

    // Every command is described in both languages.
    let reg = fake.registrations().remove(0);
    let roll = reg
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "roll")
        .unwrap();
    assert_eq!(roll["description"], "Search the room you are in");
    assert_eq!(
        roll["description_localizations"]["pt-BR"],
        "Vasculhar a sala onde você está"
    );
    bot.stop().await;
    assert_eq!(fake.violations(), Vec::<String>::new());
}

/// A game the adapter was not written for (Nim, core's test game) plays on Discord:
/// `/labscape new game:nim`, its legal actions as buttons, `/play` with autocomplete.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_from_cores_list_plays_with_buttons_and_play_on_discord() {
    init_logs();
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(&fake, &db_in(&dir), 1).await;
    let ch = fake.channel("nim");
    let games = fake
        .autocomplete(
            &ANA,
            ch,
            &["labscape", "new"],
            json!([focused("game", "ni")]),
        )
        .await;
    assert_eq!(games, [("nim".to_string(), "nim".to_string())]);
    let bad = slash(
        &fake,
        &ANA,
        ch,
        &["labscape", "new"],
        json!([opt("game", 3, json!("chess"))]),
    )
    .await
    .private();
    assert!(bad.contains("chess"), "{bad}");
    let lobby = slash(
        &fake,
        &ANA,
        ch,
        &["labscape", "new"],
        json!([
            opt("game", 3, json!("nim")),
            opt("options", 3, json!("stones=4"))
        ]),
    )
    .await
    .last();
    assert!(lobby.content.contains("Nim #1"), "{}", lobby.content);
    slash(&fake, &BO, ch, &["labscape", "join"], json!([]))
        .await
        .last();
    let first = slash(&fake, &ANA, ch, &["labscape", "start"], json!([]))
        .await
        .last();
    let after = click(&fake, &ANA, &first, "3").await.last();
    assert!(after.content.contains("played 3"), "{}", after.content);
    let legal = fake
        .autocomplete(&BO, ch, &["play"], json!([focused("action", "")]))
        .await;
    assert_eq!(legal, [("1".to_string(), "1".to_string())]);
    let end = slash(
        &fake,
        &BO,
        ch,
        &["play"],
        json!([opt("action", 3, json!("1"))]),
    )
    .await
    .last();
    assert!(end.content.contains("wins"), "{}", end.content);
    bot.stop().await;
    assert_eq!(fake.violations(), Vec::<String>::new());
}

/// A whole Semáforo game by buttons on Discord: every turn posts the board with one button
/// per legal square (all twelve, in rows of five), the test follows the game move by move,
/// and the last turn tells the winner and carries the replay.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_board_game_is_played_by_buttons_on_discord() {
    use labscape_core::{AnyGame, GameKind};
    init_logs();
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(&fake, &db_in(&dir), 1).await;
    let ch = fake.channel("semaforo");
    slash(
        &fake,
        &ANA,
        ch,
        &["labscape", "new"],
        json!([opt("game", 3, json!("semaforo"))]),
    )
    .await
    .last();
    slash(&fake, &BO, ch, &["labscape", "join"], json!([]))
        .await
        .last();
    let mut msg = slash(&fake, &ANA, ch, &["labscape", "start"], json!([]))
        .await
        .last();
    let players = ["ana".to_string(), "bo".to_string()];
    let (mut game, _) = AnyGame::new_game(GameKind::Semaforo, &[], &players, "e2e").unwrap();
    let users = [&ANA, &BO];
    let mut turns = 0i64;
    while !game.is_over() {
        let mut legal: Vec<String> = game.legal_actions().iter().map(|a| a.to_string()).collect();
        let mut shown: Vec<String> = msg.buttons().into_iter().map(|(l, _, _)| l).collect();
        legal.sort();
        shown.sort();
        assert_eq!(
            shown, legal,
            "every legal square is a button: {}",
            msg.content
        );
        let seat = game.to_move().expect("a player to move");
        let label = legal[(turns as usize * 7) % legal.len()].clone();
        msg = click(&fake, users[seat.index()], &msg, &label).await.last();
        assert!(
            msg.content.contains(&format!("played {label}")),
            "{}",
            msg.content
        );
        let action = game.parse_action(&label).unwrap();
        game = game.play(seat, &action).unwrap().0;
        turns += 1;
        assert!(turns < 60, "a Semáforo game ends");
    }
    assert!(msg.content.contains("wins"), "{}", msg.content);
    let (name, gif) = msg
        .attachments
        .iter()
        .find(|(n, _)| n.ends_with(".gif"))
        .cloned()
        .expect("the replay comes with the last turn");
    assert_replay(&(name, gif), turns);
    bot.stop().await;
    assert_eq!(fake.violations(), Vec::<String>::new());
}

/// One whole game of `kind` on Discord in channel `ch`: Ana against the computer at
/// `level`, by buttons (the two-step ones too: a piece or column, then privately its
/// moves), and by `/play` with autocomplete when the turn has no buttons. The test follows
/// the game from the posts' stories. Returns the number of actions.
async fn a_whole_game_against_the_computer_on_discord(
    fake: &FakeDiscord,
    ch: u64,
    kind: labscape_core::GameKind,
    level: &str,
) -> i64 {
    use crate::mirror::Mirror;
    slash(
        fake,
        &ANA,
        ch,
        &["labscape", "new"],
        json!([opt("game", 3, json!(kind.id()))]),
    )
    .await
    .last();
    let levels = fake
        .autocomplete(
            &ANA,
            ch,
            &["labscape", "addbot"],
            json!([focused("policy", "")]),
        )
        .await;
    let levels: Vec<&str> = levels.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        levels,
        kind.policies(),
        "{kind:?}: /addbot offers the game's levels"
    );
    slash(
        fake,
        &ANA,
        ch,
        &["labscape", "addbot"],
        json!([opt("policy", 3, json!(level))]),
    )
    .await
    .last();
    let mut msg = slash(fake, &ANA, ch, &["labscape", "start"], json!([]))
        .await
        .last();
    let mut mirror = Mirror::new(kind);
    mirror.follow(&msg.content);
    let (mut picks, mut typed) = (0, 0);
    for step in 0usize.. {
        assert!(step < 400, "{kind:?} ends");
        if mirror.game.is_over() {
            break;
        }
        let legal = mirror.legal();
        let buttons: Vec<(String, String, bool)> =
            msg.buttons().into_iter().filter(|b| b.2).collect();
        let answer = if buttons.is_empty() {
            // Too many moves for buttons: typed, as autocomplete offers them.
            let offered = fake
                .autocomplete(&ANA, ch, &["play"], json!([focused("action", "")]))
                .await;
            assert!(
                !offered.is_empty(),
                "{kind:?}: autocomplete offers the moves"
            );
            for (name, _) in &offered {
                assert!(legal.contains(name), "{kind:?}: {name} offered, not legal");
            }
            let (action, _) = &offered[step * 7 % offered.len()];
            typed += 1;
            slash(
                fake,
                &ANA,
                ch,
                &["play"],
                json!([opt("action", 3, json!(action))]),
            )
            .await
        } else {
            let (label, id, _) = &buttons[step * 7 % buttons.len()];
            if label.ends_with('…') {
                // The first step: the moves of one piece, privately, to Ana alone.
                picks += 1;
                let token = fake.click(&ANA, &msg, id).await;
                let answer = fake.answer(&token).await;
                let mut private = answer.private.last().expect("the piece's moves").clone();
                let key = label.trim_end_matches('…').to_string();
                // A choice may go a step further (a ball game's kick: its direction, then
                // where the ball stops), until a button plays an action.
                loop {
                    let moves: Vec<(String, String, bool)> = private.buttons();
                    assert!(!moves.is_empty(), "{kind:?}: {key} has moves");
                    for (m, _, _) in moves.iter().filter(|m| !m.0.ends_with('…')) {
                        assert!(legal.contains(m), "{kind:?}: {m} is not legal");
                        assert!(m.starts_with(&key), "{kind:?}: {m} is not one of {key}'s");
                    }
                    let (label, id, _) = &moves[step % moves.len()];
                    if !label.ends_with('…') {
                        break click_id(fake, &ANA, &private, id).await;
                    }
                    let token = fake.click(&ANA, &private, id).await;
                    let answer = fake.answer(&token).await;
                    private = answer.private.last().expect("the next step").clone();
                }
            } else {
                assert!(
                    legal.contains(label),
                    "{kind:?}: button {label} is not legal"
                );
                click_id(fake, &ANA, &msg, id).await
            }
        };
        msg = answer.last();
        assert!(
            mirror.follow(&msg.content) > 0,
            "{kind:?}: a turn tells its actions: {}",
            msg.content
        );
        if !mirror.game.is_over() {
            assert!(
                msg.content.contains("ana"),
                "{kind:?}: Ana is called: {}",
                msg.content
            );
        }
    }
    assert!(msg.content.contains("wins"), "{kind:?}: {}", msg.content);
    let gif = msg
        .attachments
        .iter()
        .find(|(n, _)| n.ends_with(".gif"))
        .cloned()
        .unwrap_or_else(|| panic!("{kind:?}: the replay comes with the last turn"));
    assert_replay(&gif, mirror.actions);
    assert!(
        picks + typed > 0 || matches!(kind, labscape_core::GameKind::Rastros),
        "{kind:?}: a large choice was made in two steps or typed"
    );
    eprintln!(
        "{kind:?}: {} actions, {picks} two-step, {typed} typed",
        mirror.actions
    );
    mirror.actions
}

/// Every other board game (Skarb with its map), whole, on Discord against the computer, each in its own
/// channel at once (Semáforo, by two people, is above).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_board_game_is_played_whole_on_discord() {
    use labscape_core::GameKind;
    init_logs();
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(&fake, &db_in(&dir), 1).await;
    let games = [
        (GameKind::GatosCaes, "random"),
        (GameKind::Rastros, "easy"),
        (GameKind::Avanco, "random"),
        (GameKind::Produto, "random"),
        (GameKind::Flume, "random"),
        (GameKind::Soccolot, "strong"),
        (GameKind::Sages, "strong"),
        (GameKind::Skarb, "random"),
    ];
    let played = futures_util::future::join_all(games.iter().map(|&(kind, level)| {
        let ch = fake.channel(kind.id());
        let fake = &fake;
        async move { a_whole_game_against_the_computer_on_discord(fake, ch, kind, level).await }
    }))
    .await;
    // Each game's record file, from `/export`, verifies through the binary; with its last
    // action changed to one no game reads it does not. (The first action in its place was
    // sometimes legal there, in a random game.)
    for ((kind, _), actions) in games.iter().zip(&played) {
        let ch = fake
            .channels()
            .into_iter()
            .find(|c| c.name == kind.id())
            .expect("the game's channel")
            .id;
        let export = slash(&fake, &ANA, ch, &["export"], json!([])).await.last();
        let (name, bytes) = export.attachments.first().expect("a record file").clone();
        assert!(name.ends_with("-record.json"), "{name}");
        let text = String::from_utf8(bytes).expect("JSON");
        let (code, out, err) = crate::verify::verify(dir.path(), &name, &text);
        assert_eq!(code, 0, "{kind:?}: {out}{err}");
        assert!(
            out.starts_with(&format!("Verified: {}", kind.name()))
                && out.contains(&format!(
                    "All {actions} actions are legal in turn; the game is over"
                )),
            "{out}"
        );
        let mut record: Value = serde_json::from_str(&text).unwrap();
        let last = record["actions"].as_array().unwrap().len() - 1;
        record["actions"][last]["action"] = json!("zz99");
        let (code, out, _) =
            crate::verify::verify(dir.path(), "tampered.json", &record.to_string());
        assert_eq!(code, 1, "{kind:?}: {out}");
        assert!(
            out.starts_with(&format!("NOT verified: action {}", last + 1)),
            "{out}"
        );
    }
    bot.stop().await;
    assert_eq!(fake.violations(), Vec::<String>::new());
}

/// A process running one shard of several identifies as that shard of the total, and
/// plays as any other: the slash command it receives is answered.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_process_runs_the_gateway_shards_it_is_given() {
    init_logs();
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let shards = discord::Shards::parse("2", 4).unwrap();
    let bot = Bot::start_with(&fake, &db_in(&dir), 1, None, Some(shards)).await;
    assert_eq!(fake.shards(), [json!([2, 4])]);
    let ch = fake.channel("sharded");
    let lobby = slash(
        &fake,
        &ANA,
        ch,
        &["labscape", "new"],
        json!([opt("game", 3, json!("rastros"))]),
    )
    .await
    .last();
    assert!(lobby.content.contains("Rastros #1"), "{}", lobby.content);
    bot.stop().await;
    assert_eq!(fake.violations(), Vec::<String>::new());
}

/// Skarb without the map on Discord (issue 35): the group's post carries one "your move"
/// button for the architect, which answers her alone with her view and her squares (and
/// nobody else); her `/play` is answered to her alone while the channel gets the public
/// view. Everything the channel shows (words, buttons, images) is the same whether she
/// planted far from the seeker or passed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_architect_of_a_secret_maze_plays_ephemerally_on_discord() {
    init_logs();
    let far = secret_maze_game("a1").await;
    let pass = secret_maze_game("pass").await;
    assert_eq!(far.len(), pass.len());
    for (i, (a, b)) in far.iter().zip(&pass).enumerate() {
        assert!(a == b, "message {i} differs: {:?} / {:?}", a.0, b.0);
    }
    let text: String = far.iter().map(|m| m.0.as_str()).collect();
    assert!(text.contains("The architect has played."), "{text}");
    for (content, buttons, _) in &far {
        assert!(
            !content.contains("a1") && !buttons.contains("a1"),
            "{content} {buttons}"
        );
    }
}

/// What the channel showed in one game: each message's words, buttons and attachments.
async fn secret_maze_game(architect: &str) -> Vec<(String, String, Vec<Vec<u8>>)> {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(&fake, &db_in(&dir), 1).await;
    let ch = fake.channel("skarb");
    slash(
        &fake,
        &ANA,
        ch,
        &["labscape", "new"],
        json!([
            opt("game", 3, json!("skarb")),
            opt("options", 3, json!("size=6 map=no"))
        ]),
    )
    .await
    .last();
    slash(&fake, &BO, ch, &["labscape", "join"], json!([]))
        .await
        .last();
    let first = slash(&fake, &ANA, ch, &["labscape", "start"], json!([]))
        .await
        .last();
    let buttons = first.buttons();
    assert_eq!(buttons.len(), 1, "{buttons:?}");
    let (label, yours, _) = buttons[0].clone();
    assert!(label.contains("your move"), "{label}");
    let not_his = click_id(&fake, &BO, &first, &yours).await.private();
    assert!(not_his.contains("no private move"), "{not_his}");
    let token = fake.click(&ANA, &first, &yours).await;
    let prompt = fake.answer(&token).await;
    assert!(prompt.is_private());
    let mine = prompt.private.last().unwrap();
    assert!(!mine.attachments.is_empty(), "her view is drawn");
    assert!(
        mine.button("a…").is_some() || mine.button("a1").is_some(),
        "{:?}",
        mine.buttons()
    );
    // Her action, played with /play: answered to her; the channel gets the public view.
    let before = fake.channel_messages(ch).len();
    let token = fake
        .slash(
            &ANA,
            ch,
            &["play"],
            json!([opt("action", 3, json!(architect))]),
        )
        .await;
    let answer = fake.answer(&token).await;
    assert!(
        answer.private_text().contains(architect),
        "{}",
        answer.private_text()
    );
    let public = fake
        .wait_until("the public post", Duration::from_secs(15), |f| {
            let now = f.channel_messages(ch);
            (now.len() > before).then(|| now.last().cloned())?
        })
        .await;
    // The seeker steps north by button.
    click(&fake, &BO, &public, "n").await.last();
    let shown = fake
        .channel_messages(ch)
        .iter()
        .filter(|m| !m.ephemeral())
        .map(|m| {
            (
                crate::helpers::without_commitments(&m.content),
                format!("{:?}", m.buttons()),
                m.attachments.iter().map(|(_, b)| b.clone()).collect(),
            )
        })
        .collect();
    bot.stop().await;
    assert_eq!(fake.violations(), Vec::<String>::new());
    shown
}
