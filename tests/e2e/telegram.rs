//! Telegram end to end: the real teloxide client, with its real long-polling dispatcher
//! (`labscape::telegram::run`, in-process), against the fake Bot API on 127.0.0.1.

use std::{path::Path, sync::Arc, time::Duration};

use labscape::{
    app::{self, Button, Mention, Outgoing, Reply, Visibility},
    store::{ChatScope, GameId, SqliteStore},
    telegram::{self, FloodLimits, TelegramConfig},
};
use serde_json::Value;
use tokio::sync::{mpsc, oneshot};

use crate::{
    fake_telegram::{BOT_USERNAME, Call, FakeTelegram, TgUser},
    helpers::{free_port, hidra_secret_told},
};

const TOKEN: &str = "123456:TEST-token-never-sent-anywhere-else";
const WAIT: Duration = Duration::from_secs(15);

/// A running bot: the runner task, its shutdown switch, and its outgoing queue.
struct RunningBot {
    task: tokio::task::JoinHandle<anyhow::Result<()>>,
    stop: oneshot::Sender<()>,
    outgoing: mpsc::Sender<Outgoing>,
}

fn fast_limits() -> FloodLimits {
    FloodLimits {
        per_chat_per_sec: 1000,
        per_chat_per_min: 100_000,
        per_group_per_min: 100_000,
        overall_per_sec: 1000,
    }
}

async fn start_bot(fake: &FakeTelegram, db: &Path, limits: FloodLimits) -> RunningBot {
    let mut config = TelegramConfig::new(TOKEN, Some(fake.url()));
    config.limits = limits;
    config.poll_timeout = Duration::from_secs(1);
    let polls = fake.polls();
    // Ready once it polls.
    start_configured(db, config, || fake.polls() > polls).await
}

/// Runs the bot with `config` on a SQLite file until `ready` says it is serving.
async fn start_configured(
    db: &Path,
    config: TelegramConfig,
    ready: impl Fn() -> bool,
) -> RunningBot {
    start_seeded(db, config, ready, None).await
}

/// [`start_configured`], every new game dealt from `seed` when there is one (a test whose
/// course depends on where the dice fall plays the same game every run).
async fn start_seeded(
    db: &Path,
    config: TelegramConfig,
    ready: impl Fn() -> bool,
    seed: Option<&str>,
) -> RunningBot {
    let store = SqliteStore::open(db.to_str().unwrap()).await.unwrap();
    let renderer: app::Renderer = Arc::new(labscape::render_turn);
    let replays: app::ReplayRenderer = Arc::new(labscape::render_replay);
    let mut service =
        app::Service::new(store, Arc::new(app::SystemClock), Some(renderer)).with_replays(replays);
    if let Some(seed) = seed {
        service = service.with_seed(seed);
    }
    let service = Arc::new(service);
    assert!(
        !format!("{config:?}").contains(TOKEN),
        "the token is never printed"
    );
    let (outgoing, rx) = mpsc::channel(8);
    let (stop, stop_rx) = oneshot::channel::<()>();
    let task = tokio::spawn(telegram::run(service, config, rx, async move {
        let _ = stop_rx.await;
    }));
    let deadline = std::time::Instant::now() + WAIT;
    while !ready() {
        assert!(
            std::time::Instant::now() < deadline,
            "the bot never got ready"
        );
        assert!(!task.is_finished(), "the bot stopped: {:?}", task.await);
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    RunningBot {
        task,
        stop,
        outgoing,
    }
}

impl RunningBot {
    async fn stop(self) {
        let _ = self.stop.send(());
        tokio::time::timeout(WAIT, self.task)
            .await
            .expect("the bot stops promptly")
            .expect("the bot task")
            .expect("the bot ran without error");
    }
}

fn is_turn_post(c: &Call) -> bool {
    (c.method == "sendphoto" || c.method == "senddocument") && c.ok()
}

/// A message sent (or refused) to `chat`.
fn is_sent(c: &Call, chat: i64) -> bool {
    c.method.starts_with("send") && c.chat_id() == Some(chat)
}

fn answer_of<'a>(calls: &'a [Call], update: &Value) -> Option<&'a Call> {
    let id = update["callback_query"]["id"].as_str()?;
    calls
        .iter()
        .find(|c| c.method == "answercallbackquery" && c.params["callback_query_id"] == id)
}

/// Sends a command and waits for the bot's first message back in that chat.
async fn say(
    fake: &FakeTelegram,
    chat: i64,
    thread: Option<i64>,
    user: &TgUser,
    text: &str,
) -> (Value, Call) {
    let from = fake.call_count();
    let update = fake.say(chat, thread, user, text);
    let calls = fake
        .wait_calls(from, WAIT, |cs| cs.iter().any(|c| is_sent(c, chat)))
        .await;
    let call = calls
        .into_iter()
        .find(|c| is_sent(c, chat))
        .expect("a message");
    assert!(call.ok(), "{:?}", call.result);
    (update, call)
}

/// Presses a button and waits for its answer (and, unless refused, the next turn post).
/// Returns the update, the call index it started from, and the calls so far.
async fn press(
    fake: &FakeTelegram,
    user: &TgUser,
    on: &Call,
    data: &str,
) -> (Value, usize, Vec<Call>) {
    let from = fake.call_count();
    let msg = on.message().expect("a message with the keyboard");
    let current = fake
        .message(
            msg["chat"]["id"].as_i64().unwrap(),
            msg["message_id"].as_i64().unwrap(),
        )
        .unwrap_or_else(|| msg.clone());
    let update = fake.press(user, &current, data);
    let u = update.clone();
    let calls = fake
        .wait_calls(from, WAIT, |cs| match answer_of(cs, &u) {
            Some(a) if a.params.get("show_alert") == Some(&Value::Bool(true)) => true,
            Some(_) => {
                cs.iter().any(is_turn_post)
                    || cs.iter().any(|c| c.method == "editmessagereplymarkup")
            }
            None => false,
        })
        .await;
    (update, from, calls)
}

/// The heading's turn number: `Labscape #1 · turn 4`.
fn turn_of(text: &str) -> Option<i64> {
    let first = text.lines().next()?;
    first.split("· turn ").nth(1)?.trim().parse().ok()
}

fn game_of(text: &str) -> Option<i64> {
    let first = text.lines().next()?;
    first
        .strip_prefix("Labscape #")?
        .split(' ')
        .next()?
        .parse()
        .ok()
}

/// Checks one turn post: a valid PNG, the caption's heading and turn, the keyboard (game,
/// turn and a known action in every button), and the mention of the player named as next.
fn check_turn_post(call: &Call, turn: i64, users: &[&TgUser]) -> Option<usize> {
    let img = call.image().expect("the turn image");
    let decoder = png::Decoder::new(std::io::Cursor::new(img.bytes.clone()));
    let mut reader = decoder.read_info().expect("a valid PNG header");
    let mut buf = vec![0; reader.output_buffer_size().expect("size")];
    let info = reader.next_frame(&mut buf).expect("valid PNG data");
    assert!(info.width > 100 && info.height > 100);
    assert_eq!(
        call.method == "sendphoto",
        info.width.max(info.height) <= 2560,
        "a photo unless it would be scaled down"
    );
    let text = call.text();
    assert!(text.encode_utf16().count() <= 1024);
    assert_eq!(turn_of(&text), Some(turn), "{text}");
    assert_eq!(call.params["parse_mode"], "HTML");
    let bold = &call.entities()[0];
    assert_eq!(
        (bold["type"].as_str(), bold["offset"].as_i64()),
        (Some("bold"), Some(0))
    );
    let game = game_of(&text).expect("game id");

    let next = text
        .lines()
        .find_map(|l| l.strip_prefix("Next: "))
        .map(|r| r.split(" (").next().unwrap().to_string());
    let keyboard = call.keyboard();
    match next {
        None => {
            assert!(
                keyboard.is_empty(),
                "no keyboard when nobody is next: {text}"
            );
            assert!(call.mentioned().is_empty());
            None
        }
        Some(name) => {
            let idx = users
                .iter()
                .position(|u| u.first_name == name)
                .expect("a known player");
            assert_eq!(
                call.mentioned(),
                vec![users[idx].id],
                "the next player is mentioned: {text}"
            );
            assert!(text.contains(&format!("▶ {name}: your turn.")), "{text}");
            assert!(!keyboard.is_empty(), "a keyboard for {name}: {text}");
            for (label, data) in keyboard.iter().flatten() {
                assert!(data.len() <= 64);
                assert!(data.starts_with(&format!("p:{game}:{turn}:")), "{data}");
                let action = data.splitn(4, ':').nth(3).unwrap();
                let ok = match label.as_str() {
                    "N" | "E" | "S" | "W" => action == format!("move {label}"),
                    "Roll" => action == "roll",
                    "Exit" => action == "exit",
                    "Wait 1" => action == "wait",
                    _ => false,
                };
                assert!(ok, "button {label} → {action}");
            }
            Some(idx)
        }
    }
}

/// The first animation sent to `chat` from call `from` on (waits for it).
async fn replay_after(fake: &FakeTelegram, chat: i64, from: usize) -> crate::fake_telegram::Upload {
    let is_animation = |c: &Call| c.method == "sendanimation" && c.chat_id() == Some(chat);
    let calls = fake
        .wait_calls(from, WAIT, |cs| cs.iter().any(is_animation))
        .await;
    let call = calls.into_iter().find(is_animation).expect("an animation");
    assert!(call.ok(), "{:?}", call.result);
    call.files["animation"].clone()
}

/// Checks a replay upload: a GIF named for it, the start and one frame per turn.
fn assert_replay(up: &crate::fake_telegram::Upload, turns: i64) {
    let name = up.file_name.clone().unwrap_or_default();
    assert!(name.ends_with("-replay.gif"), "{name}");
    let mut opts = gif::DecodeOptions::new();
    opts.skip_frame_decoding(true);
    let mut dec = opts.read_info(&up.bytes[..]).expect("a GIF");
    let mut frames = 0;
    while dec.next_frame_info().expect("a frame").is_some() {
        frames += 1;
    }
    assert_eq!(frames, turns + 1, "the start and one frame per turn");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn telegram_registers_its_commands_and_answers_in_a_private_chat() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeTelegram::start().await;
    let bot = start_bot(&fake, &dir.path().join("tg.db"), fast_limits()).await;

    let calls = fake.calls();
    let set = calls
        .iter()
        .find(|c| c.method == "setmycommands")
        .expect("setMyCommands at start-up");
    let names: Vec<&str> = set.params["commands"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["command"].as_str().unwrap().trim_start_matches('/'))
        .collect();
    for cmd in [
        "newgame",
        "join",
        "leave",
        "startgame",
        "abandon",
        "status",
        "move",
        "roll",
        "rotate_wall",
        "walls",
        "exit",
        "wait",
        "rules",
        "table",
        "log",
        "replay",
        "export",
        "luck",
        "draw",
        "resign",
        "myview",
        "records",
        "help",
        "wall",
        "item",
        "autofill",
    ] {
        assert!(names.contains(&cmd), "{cmd} is registered: {names:?}");
    }
    assert!(set.ok());

    let ana = TgUser::new(501, "Ana");
    let chat = fake.private_chat(&ana);
    let (_, intro) = say(&fake, chat, None, &ana, "/start").await;
    assert!(intro.text().contains("Labscape"), "{}", intro.text());
    assert!(intro.text().contains("/newgame"));

    let (update, help) = say(&fake, chat, None, &ana, "/help").await;
    assert_eq!(
        help.reply_to(),
        update["message"]["message_id"].as_i64(),
        "a reply to /help"
    );
    assert!(help.text().contains("/rotate_wall") && help.text().contains("/newgame"));
    assert!(
        !help.text().contains("/rotate-wall"),
        "Telegram's command names: {}",
        help.text()
    );

    // A command for another bot is not ours; one for us by name is.
    let before = fake.call_count();
    fake.say(chat, None, &ana, "/status@some_other_bot");
    let (_, rules) = say(
        &fake,
        chat,
        None,
        &ana,
        &format!("/rules@{BOT_USERNAME} robot"),
    )
    .await;
    assert!(rules.text().contains("robot"), "{}", rules.text());
    let sent: Vec<Call> = fake.calls()[before..]
        .iter()
        .filter(|c| c.method == "sendmessage")
        .cloned()
        .collect();
    assert_eq!(sent.len(), 1, "only the /rules@{BOT_USERNAME} was answered");

    // Errors are short replies to the offending message.
    let (update, err) = say(&fake, chat, None, &ana, "/fly high").await;
    assert_eq!(err.reply_to(), update["message"]["message_id"].as_i64());
    assert!(err.text().contains("not a command"), "{}", err.text());
    let (update, err) = say(&fake, chat, None, &ana, "/move N").await;
    assert_eq!(err.reply_to(), update["message"]["message_id"].as_i64());
    assert!(err.text().contains("no game"), "{}", err.text());

    // A solo game in the private chat: /start with an open lobby starts it.
    let (_, open) = say(&fake, chat, None, &ana, "/newgame single easy").await;
    assert!(open.text().contains("is open"), "{}", open.text());
    assert!(
        open.text().contains("/startgame") && !open.text().contains("/start "),
        "{}",
        open.text()
    );
    let from = fake.call_count();
    fake.say(chat, None, &ana, "/start");
    let post = fake
        .wait_calls(from, WAIT, |cs| cs.iter().any(is_turn_post))
        .await;
    let post = post.iter().find(|c| is_turn_post(c)).unwrap();
    assert_eq!(check_turn_post(post, 0, &[&ana]), Some(0));

    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_on_single_with_two_players_by_keyboard_and_commands_survives_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tg.db");
    let fake = FakeTelegram::start().await;
    let mut bot = Some(start_bot(&fake, &db, fast_limits()).await);

    let group = fake.group(-100_100, "Lab", false);
    let ana = TgUser::new(101, "Ana");
    let bo = TgUser::new(102, "Bo");
    let users = [&ana, &bo];

    let (_, open) = say(&fake, group, None, &ana, "/newgame single medium").await;
    assert!(
        open.text().contains("Labscape #1 is open"),
        "{}",
        open.text()
    );
    assert_eq!(open.reply_to(), None, "public news is not a reply");
    let (_, join) = say(&fake, group, None, &bo, "/join").await;
    assert!(join.text().contains("Bo joined"), "{}", join.text());
    let (_, refused) = say(&fake, group, None, &bo, "/startgame").await;
    assert!(refused.text().contains("creator"), "{}", refused.text());
    let from = fake.call_count();
    fake.say(group, None, &ana, "/startgame");
    let calls = fake
        .wait_calls(from, WAIT, |cs| cs.iter().any(is_turn_post))
        .await;
    let mut post = calls.into_iter().find(is_turn_post).unwrap();
    assert!(post.text().contains("Seed commitment"), "{}", post.text());

    let mut turn = 0;
    let mut previous: Option<Call> = None;
    let mut pressed: Vec<Value> = Vec::new();
    let mut checked = std::collections::BTreeSet::new();
    for step in 0..300 {
        let Some(next) = check_turn_post(&post, turn, &users) else {
            break;
        };
        let me = users[next];
        let other = users[1 - next];
        let keyboard: Vec<(String, String)> = post.keyboard().into_iter().flatten().collect();
        let pick = keyboard
            .iter()
            .find(|(l, _)| l == "Exit")
            .or_else(|| keyboard.iter().find(|(l, _)| l == "Roll" && step % 3 == 0))
            .unwrap_or(&keyboard[(step * 7 + 3) % keyboard.len()])
            .clone();

        if checked.insert("wrong player") {
            // The other player presses: an alert, and nothing changes.
            let (u, _, calls) = press(&fake, other, &post, &pick.1).await;
            let a = answer_of(&calls, &u).unwrap();
            assert_eq!(a.params["show_alert"], true);
            let alert = a.params["text"].as_str().unwrap();
            assert!(
                alert.contains(&format!("{}'s turn", me.first_name)),
                "{alert}"
            );
            assert!(!calls.iter().any(is_turn_post));
            pressed.push(u);
        }
        if let Some(prev) = &previous
            && checked.insert("old keyboard")
        {
            let (_, data) = prev.keyboard().into_iter().flatten().next().unwrap();
            let (u, _, calls) = press(&fake, me, prev, &data).await;
            let alert = answer_of(&calls, &u).unwrap().params["text"]
                .as_str()
                .unwrap()
                .to_string();
            assert!(alert.contains("moved on"), "{alert}");
            assert!(!calls.iter().any(is_turn_post));
            pressed.push(u);
        }
        if checked.insert("illegal move") {
            let (u, err) = say(&fake, group, None, me, "/move NNNNNNNNNNNN").await;
            assert_eq!(
                err.reply_to(),
                u["message"]["message_id"].as_i64(),
                "a reply to the move"
            );
            assert!(err.text().contains("can't"), "{}", err.text());
            assert!(err.keyboard().is_empty() && err.image().is_none());
        }
        if turn >= 2 && checked.insert("rotate keyboard") {
            // Which wall is which: the floor with every wall's name, as a picture.
            let (_, named) = say(&fake, group, None, me, "/walls").await;
            assert!(named.text().contains("walls on floor"), "{}", named.text());
            assert!(named.image().is_some(), "the named floor is a picture");
            let (u, reply) = say(&fake, group, None, me, "/rotate_wall").await;
            assert_eq!(reply.reply_to(), u["message"]["message_id"].as_i64());
            let rows = reply.keyboard();
            if rows.is_empty() {
                assert!(
                    reply.text().contains("no wall to rotate"),
                    "{}",
                    reply.text()
                );
            } else {
                for (label, data) in rows.iter().flatten() {
                    assert!(data.len() <= 64);
                    assert!(
                        data.starts_with(&format!("p:1:{turn}:rw "))
                            || data.starts_with(&format!("g:1:{turn}:")),
                        "{label} {data}"
                    );
                }
                // Play the first rotation from the keyboard.
                let (_, data) = rows[0][0].clone();
                let (u, from, calls) = press(&fake, me, &reply, &data).await;
                assert!(answer_of(&calls, &u).unwrap().params.get("text").is_none());
                let new_post = fake
                    .wait_calls(from, WAIT, |cs| cs.iter().any(is_turn_post))
                    .await;
                pressed.push(u);
                previous = Some(post);
                post = new_post.into_iter().find(is_turn_post).unwrap();
                turn += 1;
                assert!(post.text().contains("turned the wall"), "{}", post.text());
                continue;
            }
        }
        if turn >= 4 && checked.insert("restart") {
            // Stop mid-game; a press made while the bot is down is handled after the restart.
            let last_update = pressed.last().unwrap()["update_id"].as_i64().unwrap();
            bot.take().unwrap().stop().await;
            assert!(
                fake.confirmed() >= last_update,
                "a clean stop confirms what it handled"
            );
            let from = fake.call_count();
            let msg = post.message().unwrap().clone();
            let u = fake.press(me, &msg, &pick.1);
            tokio::time::sleep(Duration::from_millis(200)).await;
            assert_eq!(
                fake.call_count(),
                from,
                "nobody answers while the bot is down"
            );
            bot = Some(start_bot(&fake, &db, fast_limits()).await);
            let calls = fake
                .wait_calls(from, WAIT, |cs| cs.iter().any(is_turn_post))
                .await;
            assert!(
                answer_of(&calls, &u).is_some(),
                "the press was answered after the restart"
            );
            pressed.push(u);
            previous = Some(post);
            post = calls.into_iter().find(is_turn_post).unwrap();
            turn += 1;
            continue;
        }

        let typed = step % 4 == 1;
        let new_post = if typed {
            // A typed command instead of a button.
            let action = pick.1.splitn(4, ':').nth(3).unwrap().to_string();
            let from = fake.call_count();
            fake.say(group, None, me, &format!("/{action}"));
            let calls = fake
                .wait_calls(from, WAIT, |cs| cs.iter().any(is_turn_post))
                .await;
            calls.into_iter().find(is_turn_post).unwrap()
        } else {
            let (u, from, calls) = press(&fake, me, &post, &pick.1).await;
            let a = answer_of(&calls, &u).expect("every press is answered");
            assert!(a.params.get("show_alert").is_none(), "{:?}", a.params);
            let calls = fake
                .wait_calls(from, WAIT, |cs| cs.iter().any(is_turn_post))
                .await;
            // The used keyboard is removed.
            let msg = post.message().unwrap();
            let now = fake
                .message(
                    msg["chat"]["id"].as_i64().unwrap(),
                    msg["message_id"].as_i64().unwrap(),
                )
                .unwrap();
            assert!(
                now.get("reply_markup").is_none(),
                "the pressed keyboard is gone"
            );
            if checked.insert("repeat") {
                // Telegram delivers the same press again: applied once, answered quietly.
                let from = fake.call_count();
                fake.redeliver(&u);
                let again = fake
                    .wait_calls(from, WAIT, |cs| answer_of(cs, &u).is_some())
                    .await;
                assert!(answer_of(&again, &u).unwrap().params.get("text").is_none());
                let (_, status) = say(&fake, group, None, me, "/status").await;
                assert_eq!(
                    turn_of(&status.text()),
                    Some(turn + 1),
                    "applied once: {}",
                    status.text()
                );
                assert!(
                    !fake.calls()[from..]
                        .iter()
                        .any(|c| is_turn_post(c) && turn_of(&c.text()) == Some(turn + 2))
                );
            }
            pressed.push(u);
            calls.into_iter().find(is_turn_post).unwrap()
        };
        previous = Some(post);
        post = new_post;
        turn += 1;
        assert!(step < 299, "the game ends");
    }
    let text = post.text();
    eprintln!("telegram game: {turn} turns, checked {checked:?}\nlast caption:\n{text}");
    assert!(text.contains("Game over"), "{text}");
    assert!(text.contains("The seed was"), "{text}");
    // The whole game follows as an animation; /replay sends it again on request.
    let final_replay = replay_after(&fake, group, 0).await;
    assert_replay(&final_replay, turn);
    let ended = fake.call_count();
    let (_, said) = say(&fake, group, None, &bo, "/replay").await;
    assert!(said.text().contains("the whole game"), "{}", said.text());
    let asked = replay_after(&fake, group, ended).await;
    assert_eq!(asked.bytes, final_replay.bytes);
    // The record file follows its text as a document, seed included, and it verifies.
    let asked_at = fake.call_count();
    let (_, said) = say(&fake, group, None, &bo, "/export").await;
    assert!(said.text().contains("the whole game"), "{}", said.text());
    let is_record = |c: &Call| {
        c.method == "senddocument"
            && c.chat_id() == Some(group)
            && c.files
                .get("document")
                .and_then(|d| d.file_name.as_deref())
                .is_some_and(|n| n.ends_with("-record.json"))
    };
    let calls = fake
        .wait_calls(asked_at, WAIT, |cs| cs.iter().any(is_record))
        .await;
    let doc = calls.into_iter().find(is_record).unwrap();
    let text = String::from_utf8(doc.files["document"].bytes.clone()).unwrap();
    let record = labscape::games::labscape::read_export(&text).expect("a record file");
    assert!(record.seed.is_some());
    let verdict = labscape_core::labscape::verify(&record);
    assert!(verdict.is_verified(), "{verdict}");
    // The chat's leaderboard counts the game for both players.
    let (_, board) = say(&fake, group, None, &ana, "/records").await;
    for line in ["Ana: one game", "Bo: one game"] {
        assert!(board.text().contains(line), "{line}: {}", board.text());
    }
    for label in [
        "wrong player",
        "old keyboard",
        "illegal move",
        "repeat",
        "restart",
    ] {
        assert!(
            checked.contains(label),
            "{label} was checked (turns: {turn})"
        );
    }
    let calls = fake.calls();
    for u in &pressed {
        assert!(
            answer_of(&calls, u).is_some(),
            "every callback query is answered"
        );
    }
    assert!(
        calls.iter().all(|c| c.ok()),
        "no call was refused: {:?}",
        calls
            .iter()
            .filter(|c| !c.ok())
            .map(|c| (&c.method, &c.result))
            .collect::<Vec<_>>()
    );
    bot.take().unwrap().stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forum_topic_has_its_own_game_and_admins_can_abandon_it() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeTelegram::start().await;
    let bot = start_bot(&fake, &dir.path().join("tg.db"), fast_limits()).await;
    let forum = fake.group(-100_200, "Forum", true);
    let ana = TgUser::new(201, "Ana");
    let bo = TgUser::new(202, "Bo");
    let cy = TgUser::new(203, "Cy");
    fake.make_admin(forum, &cy);

    let (_, topic_game) = say(&fake, forum, Some(55), &ana, "/newgame single").await;
    assert_eq!(
        topic_game.thread_id(),
        Some(55),
        "answers stay in the topic"
    );
    assert!(topic_game.text().contains("Labscape #1 is open"));
    let (_, main_game) = say(&fake, forum, None, &bo, "/newgame single").await;
    assert_eq!(main_game.thread_id(), None);
    assert!(
        main_game.text().contains("Labscape #2 is open"),
        "{}",
        main_game.text()
    );
    let (_, other_topic) = say(&fake, forum, Some(77), &bo, "/status").await;
    assert!(
        other_topic.text().contains("no game"),
        "{}",
        other_topic.text()
    );

    let (_, j) = say(&fake, forum, Some(55), &bo, "/join").await;
    assert!(j.text().contains("Labscape #1"), "{}", j.text());
    let from = fake.call_count();
    fake.say(forum, Some(55), &ana, "/startgame");
    let calls = fake
        .wait_calls(from, WAIT, |cs| cs.iter().any(is_turn_post))
        .await;
    let post = calls.into_iter().find(is_turn_post).unwrap();
    assert_eq!(post.thread_id(), Some(55));
    let next = check_turn_post(&post, 0, &[&ana, &bo]).unwrap();
    let me = [&ana, &bo][next];
    let (_, data) = post.keyboard()[0][0].clone();
    let (u, from, calls) = press(&fake, me, &post, &data).await;
    assert!(answer_of(&calls, &u).is_some());
    let calls = fake
        .wait_calls(from, WAIT, |cs| cs.iter().any(is_turn_post))
        .await;
    let post1 = calls.into_iter().find(is_turn_post).unwrap();
    assert_eq!(post1.thread_id(), Some(55), "the turn goes to the topic");
    check_turn_post(&post1, 1, &[&ana, &bo]);

    // The main chat's game is untouched, and the topic's keyboard does not work there.
    let (_, st) = say(&fake, forum, None, &bo, "/status").await;
    assert!(
        st.text().contains("Labscape #2 is in the lobby"),
        "{}",
        st.text()
    );

    // An anonymous admin posts as the group: told why nothing happens, and nothing does.
    let from = fake.call_count();
    let u = fake.say_anonymously(forum, Some(55), "/abandon");
    let calls = fake
        .wait_calls(from, WAIT, |cs| cs.iter().any(|c| is_sent(c, forum)))
        .await;
    let anon = calls.into_iter().find(|c| is_sent(c, forum)).unwrap();
    assert!(
        anon.text().contains("came from Forum itself") && anon.text().contains("Remain anonymous"),
        "{}",
        anon.text()
    );
    assert_eq!(anon.thread_id(), Some(55));
    assert_eq!(anon.reply_to(), u["message"]["message_id"].as_i64());
    let (_, st) = say(&fake, forum, Some(55), &bo, "/status").await;
    assert!(st.text().contains("Labscape #1"), "{}", st.text());
    assert!(!st.text().contains("abandoned"), "{}", st.text());

    // Abandoning: not for an ordinary member, yes for a chat admin (getChatMember).
    let (u, no) = say(&fake, forum, Some(55), &bo, "/abandon").await;
    assert!(
        no.text().contains("creator or a chat admin"),
        "{}",
        no.text()
    );
    assert_eq!(no.reply_to(), u["message"]["message_id"].as_i64());
    let (_, yes) = say(&fake, forum, Some(55), &cy, "/abandon").await;
    assert!(
        yes.text().contains("Labscape #1 was abandoned"),
        "{}",
        yes.text()
    );
    assert!(
        fake.calls()
            .iter()
            .any(|c| c.method == "getchatmember" && c.params["user_id"] == 203)
    );
    // An old keyboard of the abandoned game is refused.
    let (u, _, calls) = press(&fake, me, &post1, &post1.keyboard()[0][0].1).await;
    assert_eq!(answer_of(&calls, &u).unwrap().params["show_alert"], true);

    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn messages_the_bot_posts_on_its_own_reach_their_chat_and_topic() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeTelegram::start().await;
    let bot = start_bot(&fake, &dir.path().join("tg.db"), fast_limits()).await;
    let forum = fake.group(-100_300, "Forum", true);
    let scope = |thread: &str| ChatScope {
        platform: "telegram".into(),
        chat: forum.to_string(),
        thread: thread.into(),
    };
    let from = fake.call_count();
    // Not ours: ignored.
    bot.outgoing
        .send(Outgoing {
            scope: ChatScope {
                platform: "discord".into(),
                chat: "1".into(),
                thread: String::new(),
            },
            reply: Reply::text("elsewhere"),
        })
        .await
        .unwrap();
    bot.outgoing
        .send(Outgoing {
            scope: scope("9"),
            reply: Reply {
                mention: vec![Mention {
                    user_id: "301".into(),
                    name: "Ana <3".into(),
                }],
                ..Reply::text("**Reminder** · it is still your turn & the clock runs")
            },
        })
        .await
        .unwrap();
    let calls = fake.wait_calls(from, WAIT, |cs| !cs.is_empty()).await;
    let c = &calls[0];
    assert_eq!((c.method.as_str(), c.thread_id()), ("sendmessage", Some(9)));
    assert_eq!(
        c.text(),
        "Reminder · it is still your turn & the clock runs\n▶ Ana <3: your turn."
    );
    assert_eq!(c.mentioned(), vec![301]);

    // A long text goes first as a message; the photo keeps the heading and the keyboard.
    let small = labscape::render_position(&start_position(), None);
    let long: String = std::iter::once("**Labscape #9** · turn 3".to_string())
        .chain(
            (0..40)
                .map(|i| format!("Line {i}: something long enough to need room in the caption.")),
        )
        .collect::<Vec<_>>()
        .join("\n");
    let from = fake.call_count();
    bot.outgoing
        .send(Outgoing {
            scope: scope(""),
            reply: Reply {
                image: Some(small.clone()),
                buttons: vec![vec![Button::new("N", "move N")]],
                turn: Some((GameId(9), 3)),
                visibility: Visibility::Public,
                ..Reply::text(long.clone())
            },
        })
        .await
        .unwrap();
    let calls = fake
        .wait_calls(from, WAIT, |cs| cs.iter().any(is_turn_post))
        .await;
    assert_eq!(calls[0].method, "sendmessage");
    assert_eq!(calls[0].text(), long.replace("**", ""));
    let photo = calls.iter().find(|c| is_turn_post(c)).unwrap();
    assert_eq!(photo.method, "sendphoto");
    assert_eq!(photo.text(), "Labscape #9 · turn 3");
    assert_eq!(
        photo.keyboard(),
        vec![vec![("N".to_string(), "p:9:3:move N".to_string())]]
    );

    // A very tall image goes as a document, so Telegram does not shrink it.
    let tall = tall_png(300, 3000);
    let from = fake.call_count();
    bot.outgoing
        .send(Outgoing {
            scope: scope(""),
            reply: Reply {
                image: Some(tall),
                ..Reply::text("**Labscape #9** · turn 4")
            },
        })
        .await
        .unwrap();
    let calls = fake
        .wait_calls(from, WAIT, |cs| cs.iter().any(is_turn_post))
        .await;
    let doc = calls.iter().find(|c| is_turn_post(c)).unwrap();
    assert_eq!(doc.method, "senddocument");
    assert!(
        doc.image()
            .unwrap()
            .file_name
            .as_deref()
            .unwrap()
            .ends_with(".png")
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn replies_respect_telegrams_flood_limits() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeTelegram::start().await;
    // Telegram's own limits: one message per second in a chat.
    let bot = start_bot(&fake, &dir.path().join("tg.db"), FloodLimits::default()).await;
    let ana = TgUser::new(401, "Ana");
    let chat = fake.private_chat(&ana);
    let from = fake.call_count();
    for _ in 0..3 {
        fake.say(chat, None, &ana, "/rules turn");
    }
    let calls = fake
        .wait_calls(from, WAIT, |cs| {
            cs.iter().filter(|c| c.method == "sendmessage").count() == 3
        })
        .await;
    let sent: Vec<_> = calls
        .iter()
        .filter(|c| c.method == "sendmessage")
        .map(|c| c.at)
        .collect();
    let spread = sent[2].duration_since(sent[0]);
    assert!(
        spread >= Duration::from_millis(1800),
        "three messages in one chat took {spread:?}"
    );
    bot.stop().await;
}

fn start_position() -> labscape_core::labscape::Position {
    use labscape_core::labscape::{Difficulty, Layout, Position, Settings, SetupMode};
    let settings = Settings {
        layout: Layout::parse("single").unwrap(),
        difficulty: Difficulty::from_name("easy").unwrap(),
        setup: SetupMode::from_name("random").unwrap(),
        players: vec!["Ana".into()],
    };
    Position::new_game(&settings, "seed").unwrap().0
}

fn tall_png(w: u32, h: u32) -> Vec<u8> {
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, w, h);
        enc.set_color(png::ColorType::Grayscale);
        enc.set_depth(png::BitDepth::Eight);
        let mut writer = enc.write_header().unwrap();
        writer
            .write_image_data(&vec![200u8; (w * h) as usize])
            .unwrap();
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn telegram_speaks_portuguese_to_portuguese_users_and_in_portuguese_chats() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeTelegram::start().await;
    let bot = start_bot(&fake, &dir.path().join("tg.db"), fast_limits()).await;

    // A Portuguese command menu beside the default one, with the commands of play over days.
    let calls = fake.calls();
    let menus: Vec<_> = calls
        .iter()
        .filter(|c| c.method == "setmycommands")
        .collect();
    let pt = menus
        .iter()
        .find(|c| c.params.get("language_code").is_some_and(|l| l == "pt"))
        .expect("a menu for Portuguese");
    assert!(pt.ok());
    let pt_menu: Vec<(String, String)> = pt.params["commands"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["command"]
                    .as_str()
                    .unwrap()
                    .trim_start_matches('/')
                    .to_string(),
                c["description"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    for cmd in [
        "settings",
        "me",
        "away",
        "recap",
        "snooze",
        "newgame",
        "rotate_wall",
    ] {
        assert!(pt_menu.iter().any(|(c, _)| c == cmd), "{cmd}: {pt_menu:?}");
    }
    assert!(
        pt_menu
            .iter()
            .any(|(c, d)| c == "join" && d == "Entrar na partida aberta"),
        "{pt_menu:?}"
    );
    let default = menus
        .iter()
        .find(|c| c.params.get("language_code").is_none_or(|l| l.is_null()))
        .expect("the default menu");
    assert!(
        default.params["commands"]
            .to_string()
            .contains("Take a seat")
    );

    // A user whose app speaks Brazilian Portuguese gets Portuguese.
    let ana = TgUser::new(601, "Ana").speaking("pt-br");
    let chat = fake.private_chat(&ana);
    let (_, intro) = say(&fake, chat, None, &ana, "/start").await;
    assert!(
        intro.text().contains("animais de laboratório"),
        "{}",
        intro.text()
    );
    let (_, refusal) = say(&fake, chat, None, &ana, "/status").await;
    assert!(
        refusal.text().starts_with("Não há partida neste chat"),
        "{}",
        refusal.text()
    );

    // An English group: the chat's language makes every public post Portuguese.
    let group = fake.group(-100_600, "Lab", false);
    let bo = TgUser::new(602, "Bo");
    let (_, open) = say(&fake, group, None, &bo, "/newgame single easy").await;
    assert!(open.text().contains("is open"), "{}", open.text());
    let (_, set) = say(&fake, group, None, &bo, "/settings language pt-BR").await;
    assert!(
        set.text().contains("Idioma aqui: português"),
        "{}",
        set.text()
    );
    let (_, joined) = say(&fake, group, None, &ana, "/join").await;
    assert!(joined.text().starts_with("Ana entrou"), "{}", joined.text());
    let (_, started) = say(&fake, group, None, &bo, "/startgame").await;
    let text = started.text();
    assert!(
        text.contains("começou!") && text.contains("turno 0"),
        "{text}"
    );
    assert!(text.contains(": é a sua vez."), "{text}");
    let labels: Vec<String> = started
        .keyboard()
        .into_iter()
        .flatten()
        .map(|(label, _)| label)
        .collect();
    assert!(labels.iter().any(|l| l == "Esperar 1"), "{labels:?}");
    // Its buttons still play: the Portuguese label carries the same action.
    let next = if text.contains("▶ Ana") { &ana } else { &bo };
    let (_, data) = started
        .keyboard()
        .into_iter()
        .flatten()
        .find(|(label, _)| label == "Esperar 1")
        .unwrap();
    let msg = started.message().unwrap().clone();
    let from = fake.call_count();
    fake.press(next, &msg, &data);
    let played = |cs: &[Call]| cs.iter().any(|c| c.text().contains("esperou 1 min"));
    let calls = fake.wait_calls(from, WAIT, played).await;
    assert!(played(&calls), "the Portuguese button played “wait 1”");
    bot.stop().await;
}

/// A game the adapters were not written for (Nim, core's test game) plays on Telegram:
/// its lobby, its turn message with the legal actions as buttons, a press, the end.
#[tokio::test]
async fn a_game_from_cores_list_plays_by_buttons_on_telegram() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeTelegram::start().await;
    let bot = start_bot(&fake, &dir.path().join("nim.db"), fast_limits()).await;
    let group = fake.group(-100_200, "Nim", false);
    let ana = TgUser::new(201, "Ana");
    let bo = TgUser::new(202, "Bo");
    let (_, open) = say(&fake, group, None, &ana, "/new nim stones=4").await;
    assert!(open.text().contains("Nim #1"), "{}", open.text());
    say(&fake, group, None, &bo, "/join").await;
    let (_, post) = say(&fake, group, None, &ana, "/start").await;
    assert!(post.text().contains("Next: Ana"), "{}", post.text());
    let buttons: Vec<(String, String)> = post.keyboard().into_iter().flatten().collect();
    assert_eq!(
        buttons.iter().map(|(l, _)| l.as_str()).collect::<Vec<_>>(),
        ["1", "2", "3"]
    );
    // Ana takes 3 by button; Bo takes the last stone by typing it.
    let (_, from, _) = press(&fake, &ana, &post, &buttons[2].1).await;
    let calls = fake
        .wait_calls(from, WAIT, |cs| {
            cs.iter()
                .any(|c| is_sent(c, group) && c.text().contains("Ana played 3"))
        })
        .await;
    let after = calls
        .iter()
        .find(|c| is_sent(c, group) && c.text().contains("Ana played 3"))
        .unwrap();
    assert!(after.mentioned().contains(&bo.id), "{:?}", after.text());
    let (_, end) = say(&fake, group, None, &bo, "/play 1").await;
    assert!(end.text().contains("Bo wins"), "{}", end.text());
    bot.stop().await;
}

/// A draw by agreement on Telegram: Bo offers it by command, Ana accepts it by the
/// button under the offer, and the group is told the game ended drawn.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_draw_is_offered_by_command_and_accepted_by_button_on_telegram() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeTelegram::start().await;
    let bot = start_bot(&fake, &dir.path().join("draw.db"), fast_limits()).await;
    let group = fake.group(-100_210, "Draw", false);
    let ana = TgUser::new(211, "Ana");
    let bo = TgUser::new(212, "Bo");
    say(&fake, group, None, &ana, "/new nim stones=9").await;
    say(&fake, group, None, &bo, "/join").await;
    say(&fake, group, None, &ana, "/start").await;
    let (_, offer) = say(&fake, group, None, &bo, "/draw").await;
    assert!(
        offer.text().contains("Bo offers Ana a draw"),
        "{}",
        offer.text()
    );
    assert!(offer.mentioned().contains(&ana.id), "{:?}", offer.text());
    let buttons: Vec<(String, String)> = offer.keyboard().into_iter().flatten().collect();
    assert_eq!(buttons.len(), 2, "{buttons:?}");
    let from = fake.call_count();
    let msg = offer.message().expect("the offer");
    fake.press(&ana, msg, &buttons[0].1);
    fake.wait_calls(from, WAIT, |cs| {
        cs.iter()
            .any(|c| is_sent(c, group) && c.text().contains("Nim #1 ends in a draw"))
    })
    .await;
    bot.stop().await;
}

/// A whole Semáforo game by buttons on Telegram: every turn a photo whose keyboard holds
/// exactly the legal squares, the test follows the game move by move, and the game ends
/// with the winner and its replay as an animation.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_board_game_is_played_by_buttons_on_telegram() {
    use labscape_core::{AnyGame, GameKind};
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeTelegram::start().await;
    let bot = start_bot(&fake, &dir.path().join("semaforo.db"), fast_limits()).await;
    let group = fake.group(-100_300, "Semáforo", false);
    let users = [TgUser::new(301, "Ana"), TgUser::new(302, "Bo")];
    say(&fake, group, None, &users[0], "/newgame semaforo").await;
    say(&fake, group, None, &users[1], "/join").await;
    let (_, mut post) = say(&fake, group, None, &users[0], "/startgame").await;
    let players = ["Ana".to_string(), "Bo".to_string()];
    let (mut game, _) = AnyGame::new_game(GameKind::Semaforo, &[], &players, "e2e").unwrap();
    let mut turns = 0i64;
    let mut from = 0;
    while !game.is_over() {
        assert!(is_turn_post(&post), "{:?}", post.method);
        let buttons: Vec<(String, String)> = post.keyboard().into_iter().flatten().collect();
        let mut legal: Vec<String> = game.legal_actions().iter().map(|a| a.to_string()).collect();
        let mut shown: Vec<String> = buttons.iter().map(|(l, _)| l.clone()).collect();
        legal.sort();
        shown.sort();
        assert_eq!(shown, legal, "every legal square is a button");
        let seat = game.to_move().expect("a player to move");
        let (label, data) = buttons[(turns as usize * 5) % buttons.len()].clone();
        let (_, start, _) = press(&fake, &users[seat.index()], &post, &data).await;
        from = start;
        let calls = fake
            .wait_calls(from, WAIT, |cs| {
                cs.iter().any(|c| is_sent(c, group) && is_turn_post(c))
            })
            .await;
        post = calls
            .into_iter()
            .find(|c| is_sent(c, group) && is_turn_post(c))
            .expect("the next turn");
        assert!(
            post.text().contains(&format!("played {label}")),
            "{}",
            post.text()
        );
        game = game
            .play(seat, &game.parse_action(&label).unwrap())
            .unwrap()
            .0;
        turns += 1;
        assert!(turns < 60, "a Semáforo game ends");
    }
    assert!(post.text().contains("wins"), "{}", post.text());
    assert_replay(&replay_after(&fake, group, from).await, turns);
    bot.stop().await;
}

/// One whole game of `kind` on Telegram in `group`: Ana against the computer at `level`,
/// by keyboard (the two-step ones too: a piece or column, then its moves in a reply), and
/// by `/play` when the turn has no keyboard. The test follows the game from the posts.
/// Returns the number of actions.
async fn a_whole_game_against_the_computer_on_telegram(
    fake: &FakeTelegram,
    group: i64,
    kind: labscape_core::GameKind,
    level: &str,
) -> i64 {
    use crate::mirror::Mirror;
    let ana = TgUser::new(group.unsigned_abs() as i64 % 1_000_000 + 1_000, "Ana");
    say(fake, group, None, &ana, &format!("/newgame {}", kind.id())).await;
    say(fake, group, None, &ana, &format!("/addbot {level}")).await;
    let from = fake.call_count();
    fake.say(group, None, &ana, "/startgame");
    let mut mirror = Mirror::new(kind);
    // The next turn post, and the whole text of the turn: a story too long for a caption
    // comes first as messages, the caption keeping the heading.
    let next_post = |from: usize| async move {
        let calls = fake
            .wait_calls(from, WAIT, |cs| {
                cs.iter().any(|c| is_sent(c, group) && is_turn_post(c))
            })
            .await;
        let mut text = String::new();
        for c in calls.into_iter().filter(|c| is_sent(c, group)) {
            text.push_str(&c.text());
            text.push('\n');
            if is_turn_post(&c) {
                return (c, text);
            }
        }
        unreachable!("waited for a turn post")
    };
    let (mut post, mut text) = next_post(from).await;
    mirror.follow(&text);
    let (mut picks, mut typed) = (0, 0);
    for step in 0usize.. {
        assert!(step < 400, "{kind:?} ends");
        if mirror.game.is_over() {
            break;
        }
        let legal = mirror.legal();
        let keys: Vec<(String, String)> = post.keyboard().into_iter().flatten().collect();
        if keys.is_empty() {
            typed += 1;
            let from = fake.call_count();
            let action = &legal[step * 7 % legal.len()];
            fake.say(group, None, &ana, &format!("/play {action}"));
            (post, text) = next_post(from).await;
        } else {
            let (label, data) = &keys[step * 7 % keys.len()];
            let msg = post.message().expect("the turn message").clone();
            let from = fake.call_count();
            fake.press(&ana, &msg, data);
            if label.ends_with('…') {
                // The first step: the piece's moves come in a reply with their keyboard.
                picks += 1;
                let calls = fake
                    .wait_calls(from, WAIT, |cs| {
                        cs.iter()
                            .any(|c| is_sent(c, group) && !c.keyboard().is_empty())
                    })
                    .await;
                let mut reply = calls
                    .into_iter()
                    .find(|c| is_sent(c, group) && !c.keyboard().is_empty())
                    .unwrap();
                let key = label.trim_end_matches('…');
                // A choice may go a step further (a ball game's kick: its direction, then
                // where the ball stops), until a button plays an action.
                loop {
                    let moves: Vec<(String, String)> =
                        reply.keyboard().into_iter().flatten().collect();
                    for (m, _) in moves.iter().filter(|m| !m.0.ends_with('…')) {
                        assert!(legal.contains(m), "{kind:?}: {m} is not legal");
                        assert!(m.starts_with(key), "{kind:?}: {m} is not one of {key}'s");
                    }
                    let (label, data) = &moves[step % moves.len()];
                    let from = fake.call_count();
                    fake.press(&ana, reply.message().unwrap(), data);
                    if !label.ends_with('…') {
                        (post, text) = next_post(from).await;
                        break;
                    }
                    let calls = fake
                        .wait_calls(from, WAIT, |cs| {
                            cs.iter()
                                .any(|c| is_sent(c, group) && !c.keyboard().is_empty())
                        })
                        .await;
                    reply = calls
                        .into_iter()
                        .find(|c| is_sent(c, group) && !c.keyboard().is_empty())
                        .unwrap();
                }
            } else {
                assert!(
                    legal.contains(label),
                    "{kind:?}: button {label} is not legal"
                );
                (post, text) = next_post(from).await;
            }
        }
        assert!(
            mirror.follow(&text) > 0,
            "{kind:?}: a turn tells its actions: {text}"
        );
    }
    assert!(text.contains("wins"), "{kind:?}: {text}");
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

/// Every other board game (Skarb with its map), whole, on Telegram against the computer, each in its own group
/// at once (Semáforo, by two people, is above).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_board_game_is_played_whole_on_telegram() {
    use labscape_core::GameKind;
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeTelegram::start().await;
    let bot = start_bot(&fake, &dir.path().join("boards.db"), fast_limits()).await;
    let games = [
        (-100_401, GameKind::GatosCaes, "random"),
        (-100_402, GameKind::Rastros, "easy"),
        (-100_403, GameKind::Avanco, "random"),
        (-100_404, GameKind::Produto, "random"),
        (-100_405, GameKind::Flume, "random"),
        (-100_406, GameKind::Soccolot, "strong"),
        (-100_407, GameKind::Sages, "strong"),
        (-100_408, GameKind::Skarb, "random"),
    ];
    let played =
        futures_util::future::join_all(
            games.iter().map(|&(id, kind, level)| {
                let group = fake.group(id, kind.name(), false);
                let fake = &fake;
                async move {
                    a_whole_game_against_the_computer_on_telegram(fake, group, kind, level).await
                }
            }),
        )
        .await;
    assert!(played.iter().all(|n| *n > 0));
    bot.stop().await;
}

/// In webhook mode the bot registers its URL with a secret, never polls, refuses posts
/// without the secret, plays from the updates Telegram posts, and leaves the webhook in
/// place when it stops (other processes may be serving it).
#[tokio::test]
async fn the_bot_receives_updates_by_webhook_and_refuses_posts_without_the_secret() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeTelegram::start().await;
    let port = free_port();
    let url = format!("http://127.0.0.1:{port}/telegram-updates");
    let mut config = TelegramConfig::new(TOKEN, Some(fake.url()));
    config.limits = fast_limits();
    config.webhook = Some(
        telegram::Webhook::new(&format!("127.0.0.1:{port}"), &url, None, &config.token).unwrap(),
    );
    let bot = start_configured(&dir.path().join("hook.db"), config, || {
        fake.webhook().is_some()
    })
    .await;
    let (hooked, secret) = fake.webhook().unwrap();
    assert_eq!(hooked, url);
    let secret = secret.expect("a secret token");
    assert!(
        !TOKEN.contains(&secret) && !secret.contains("secret"),
        "{secret}"
    );

    // Anyone may find the URL: a post without the secret, or with a wrong one, is refused
    // and changes nothing.
    let group = fake.group(-100_900, "Hooked", false);
    let ana = TgUser::new(901, "Ana");
    let forged = serde_json::json!({"update_id": 99, "message": {
        "message_id": 5, "date": 1_700_000_000, "from": ana.json(),
        "chat": {"id": group, "type": "supergroup", "title": "Hooked"},
        "text": "/new nim", "entities": [{"type": "bot_command", "offset": 0, "length": 4}],
    }});
    let client = reqwest::Client::new();
    for header in [None, Some("wrong-secret")] {
        let mut post = client.post(&url).json(&forged);
        if let Some(h) = header {
            post = post.header("X-Telegram-Bot-Api-Secret-Token", h);
        }
        let status = post.send().await.unwrap().status();
        assert_eq!(status, reqwest::StatusCode::UNAUTHORIZED, "{header:?}");
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert!(
        !fake.calls().iter().any(|c| is_sent(c, group)),
        "a forged update is not answered"
    );

    // Telegram's own posts carry the secret: a game is played through them.
    let bo = TgUser::new(902, "Bo");
    let (_, open) = say(&fake, group, None, &ana, "/new nim stones=2").await;
    assert!(open.text().contains("Nim #1"), "{}", open.text());
    say(&fake, group, None, &bo, "/join").await;
    say(&fake, group, None, &ana, "/start").await;
    let (_, end) = say(&fake, group, None, &ana, "/play 2").await;
    assert!(end.text().contains("Ana wins"), "{}", end.text());
    assert_eq!(fake.polls(), 0, "a webhook bot never polls");
    assert_eq!(fake.deliveries(), (4, 0));
    bot.stop().await;
    assert!(fake.webhook().is_some(), "the webhook stays for the others");
}

/// Skarb without the map on Telegram (issue 35): the architect plays in private. The bot
/// cannot write to her before she opens the chat, so the group is told how (with nothing of
/// her view); a square she sends in the group is not played, not repeated, and deleted;
/// Start in her private chat brings her prompt, and she plays there. Everything the group
/// is sent (words, buttons, images) is the same whether she planted far from the seeker or
/// passed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_architect_of_a_secret_maze_plays_in_her_private_chat() {
    let far = secret_maze_game("a1").await;
    let pass = secret_maze_game("pass").await;
    assert_eq!(far.len(), pass.len());
    for (i, (a, b)) in far.iter().zip(&pass).enumerate() {
        assert!(
            a == b,
            "message {i} to the group differs: {:?} / {:?}",
            a.0,
            b.0
        );
    }
    for (text, keys, _) in &far {
        assert!(!text.contains("a1"), "{text}");
        assert!(!keys.contains("a1"), "{keys}");
    }
}

/// What the group was sent in one game: each message's text, keyboard and image.
async fn secret_maze_game(architect: &str) -> Vec<(String, String, Vec<u8>)> {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeTelegram::start().await;
    let bot = start_bot(&fake, &dir.path().join("skarb.db"), fast_limits()).await;
    let group = fake.group(-100_350, "Skarb", false);
    let ana = TgUser::new(351, "Ana");
    let bo = TgUser::new(352, "Bo");
    say(&fake, group, None, &ana, "/new skarb size=6 map=no").await;
    say(&fake, group, None, &bo, "/join").await;
    let from = fake.call_count();
    fake.say(group, None, &ana, "/startgame");
    let calls = fake
        .wait_calls(from, WAIT, |cs| {
            cs.iter()
                .any(|c| is_sent(c, group) && c.text().contains("?start=play"))
        })
        .await;
    let post = calls
        .iter()
        .find(|c| is_turn_post(c))
        .expect("the start post");
    let keys: Vec<(String, String)> = post.keyboard().into_iter().flatten().collect();
    assert_eq!(keys.len(), 1, "one button, hers: {keys:?}");
    assert!(keys[0].0.contains("Ana"), "{keys:?}");
    // A square sent in the group: refused without repeating it, and the message deleted.
    let from = fake.call_count();
    let slip = fake.say(group, None, &ana, "/play a1");
    let calls = fake
        .wait_calls(from, WAIT, |cs| cs.iter().any(|c| is_sent(c, group)))
        .await;
    let refusal = calls.iter().find(|c| is_sent(c, group)).unwrap();
    assert!(refusal.text().contains("in private"), "{}", refusal.text());
    assert!(calls.iter().any(|c| c.method == "deletemessage"
        && c.params["message_id"].as_i64() == slip["message"]["message_id"].as_i64()));
    // She opens her private chat: Start brings her prompt, her squares as buttons.
    let chat = fake.private_chat(&ana);
    let (_, prompt) = say(&fake, chat, None, &ana, "/start").await;
    assert!(prompt.image().is_some(), "her view: {}", prompt.text());
    assert!(
        prompt
            .keyboard()
            .into_iter()
            .flatten()
            .any(|(label, _)| label == "a…" || label == "a1"),
        "her squares: {:?}",
        prompt.keyboard()
    );
    let from = fake.call_count();
    fake.say(chat, None, &ana, &format!("/play {architect}"));
    let calls = fake
        .wait_calls(from, WAIT, |cs| {
            cs.iter().any(|c| is_sent(c, group) && is_turn_post(c))
                && cs.iter().any(|c| is_sent(c, chat))
        })
        .await;
    let public = calls
        .iter()
        .find(|c| is_sent(c, group) && is_turn_post(c))
        .unwrap();
    assert!(
        public.text().contains("The architect has played."),
        "{}",
        public.text()
    );
    assert!(public.mentioned().contains(&bo.id));
    let mine = calls.iter().find(|c| is_sent(c, chat)).unwrap();
    assert!(mine.text().contains(architect), "{}", mine.text());
    // The seeker steps by button; his log.
    let north = public
        .keyboard()
        .into_iter()
        .flatten()
        .find(|(label, _)| label == "n")
        .expect("the seeker may step north");
    let (_, from, _) = press(&fake, &bo, public, &north.1).await;
    fake.wait_calls(from, WAIT, |cs| {
        cs.iter().any(|c| is_sent(c, group) && is_turn_post(c))
    })
    .await;
    say(&fake, group, None, &bo, "/log").await;
    let sent: Vec<(String, String, Vec<u8>)> = fake
        .calls()
        .iter()
        .filter(|c| is_sent(c, group) || is_sent(c, bo.id))
        .map(|c| {
            (
                crate::helpers::without_commitments(&c.text()),
                format!("{:?}", c.keyboard()),
                c.image().map(|u| u.bytes.clone()).unwrap_or_default(),
            )
        })
        .collect();
    bot.stop().await;
    sent
}

/// Whether a message the group reads tells a Hidra secret: in its words (see
/// [`hidra_secret_told`]), or as a button of the mover's hand.
fn hidra_secret_shown(text: &str, keys: &[(String, String)]) -> bool {
    let hand = keys.iter().any(|(label, data)| {
        ["use ", "drop ", "ghost", "blade"]
            .iter()
            .any(|w| label.contains(w) || data.contains(w))
    });
    hidra_secret_told(text) || hand
}

/// The deal of the Hidra test's game.
const HIDRA_SEED: &str = "e2e-hidra";

/// Labirinto da Hidra on Telegram (issue 37): every action is played and told in the
/// group, from the public view, with buttons that name nothing of a hand; the explorer
/// alone is told, in their private chat, what lies on the token they looked at.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hidra_tells_the_group_each_action_and_the_explorer_alone_what_lies_there() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeTelegram::start().await;
    // A fixed deal: the test walks until someone stands next to a token, which a random
    // maze left beyond its 60 moves now and then.
    let mut config = TelegramConfig::new(TOKEN, Some(fake.url()));
    config.limits = fast_limits();
    config.poll_timeout = Duration::from_secs(1);
    let polls = fake.polls();
    let db = dir.path().join("hidra.db");
    let bot = start_seeded(&db, config, || fake.polls() > polls, Some(HIDRA_SEED)).await;
    let group = fake.group(-100_370, "Hidra", false);
    let ana = TgUser::new(371, "Ana");
    let bo = TgUser::new(372, "Bo");
    fake.private_chat(&ana);
    fake.private_chat(&bo);
    say(&fake, group, None, &ana, "/new hidra players=2").await;
    say(&fake, group, None, &bo, "/join").await;
    let from = fake.call_count();
    fake.say(group, None, &ana, "/startgame");
    fake.wait_calls(from, WAIT, |cs| {
        cs.iter().any(|c| is_sent(c, group) && is_turn_post(c))
    })
    .await;
    let mut explored = None;
    for _ in 0..60 {
        let calls = fake.calls();
        let post = calls
            .iter()
            .rev()
            .find(|c| is_sent(c, group) && is_turn_post(c))
            .unwrap();
        let mover = if post.mentioned().contains(&ana.id) {
            &ana
        } else {
            &bo
        };
        let keys: Vec<(String, String)> = post.keyboard().into_iter().flatten().collect();
        assert!(keys.iter().any(|(l, _)| l.contains('🔒')), "{keys:?}");
        let pick = |word: &str| keys.iter().find(|(l, _)| l.starts_with(word)).cloned();
        let text = match pick("explore").or_else(|| pick("move")) {
            Some((label, _)) => label,
            None if keys.iter().any(|(l, _)| l.starts_with("scream")) => "scream 1 e".into(),
            None => "end".into(),
        };
        let from = fake.call_count();
        fake.say(group, None, mover, &format!("/play {text}"));
        let calls = fake
            .wait_calls(from, WAIT, |cs| {
                cs.iter().any(|c| is_sent(c, group) && is_turn_post(c))
            })
            .await;
        if text.starts_with("explore") {
            explored = Some((mover.id, text, calls));
            break;
        }
    }
    let (explorer, action, calls) = explored.expect("someone came next to a token");
    let cell = &action["explore ".len()..];
    let public = calls
        .iter()
        .find(|c| is_sent(c, group) && is_turn_post(c))
        .unwrap();
    assert!(
        public
            .text()
            .contains(&format!("looks at the token on {cell}.")),
        "{}",
        public.text()
    );
    let mine = fake
        .wait_calls(0, WAIT, |cs| {
            cs.iter().any(|c| {
                is_sent(c, explorer) && c.text().contains(&format!("looks at the token on {cell}:"))
            })
        })
        .await;
    let mine = mine
        .iter()
        .find(|c| is_sent(c, explorer) && c.text().contains("looks at the token on"))
        .unwrap();
    assert!(mine.image().is_some(), "their own view: {}", mine.text());
    for c in fake.calls().iter().filter(|c| is_sent(c, group)) {
        let keys: Vec<(String, String)> = c.keyboard().into_iter().flatten().collect();
        assert!(
            !hidra_secret_shown(&c.text(), &keys),
            "the group read a secret: {} {keys:?}",
            c.text()
        );
    }
    bot.stop().await;
}

/// A Hidra refusal worded from the mover's hand ("you do not hold the ring") never reaches
/// the group: it comes to the mover's private chat, and to a player the bot cannot write to
/// yet the group says only how to open that chat.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hidra_refusal_from_a_hand_goes_to_its_player_and_never_to_the_group() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeTelegram::start().await;
    let bot = start_bot(&fake, &dir.path().join("hidra-refusal.db"), fast_limits()).await;
    let group = fake.group(-100_380, "Hidra refusals", false);
    let ana = TgUser::new(381, "Ana");
    let bo = TgUser::new(382, "Bo");
    let cy = TgUser::new(383, "Cy");
    fake.private_chat(&ana);
    fake.private_chat(&bo);
    // Cy never opened a private chat with the bot.
    say(&fake, group, None, &ana, "/new hidra players=3").await;
    say(&fake, group, None, &bo, "/join").await;
    say(&fake, group, None, &cy, "/join").await;
    let from = fake.call_count();
    fake.say(group, None, &ana, "/startgame");
    fake.wait_calls(from, WAIT, |cs| {
        cs.iter().any(|c| is_sent(c, group) && is_turn_post(c))
    })
    .await;
    let (mut alone, mut noted) = (false, false);
    for _ in 0..9 {
        if alone && noted {
            break;
        }
        let calls = fake.calls();
        let post = calls
            .iter()
            .rev()
            .find(|c| is_sent(c, group) && is_turn_post(c))
            .unwrap();
        let mover = [&ana, &bo, &cy]
            .into_iter()
            .find(|u| post.mentioned().contains(&u.id))
            .expect("someone is to move");
        let from = fake.call_count();
        let asked = fake.say(group, None, mover, "/play use ring 1");
        let asked = asked["message"]["message_id"].as_i64();
        if mover.id == cy.id {
            // The group is told how to open the private chat, and nothing of the refusal.
            let calls = fake
                .wait_calls(from, WAIT, |cs| {
                    cs.iter()
                        .any(|c| is_sent(c, group) && c.reply_to() == asked)
                })
                .await;
            let note = calls
                .iter()
                .find(|c| is_sent(c, group) && c.reply_to() == asked)
                .unwrap();
            assert!(note.text().contains("start=play"), "{}", note.text());
            noted = true;
        } else {
            let calls = fake
                .wait_calls(from, WAIT, |cs| {
                    cs.iter()
                        .any(|c| is_sent(c, mover.id) && c.ok() && c.text().contains("ring"))
                })
                .await;
            assert!(
                !calls
                    .iter()
                    .any(|c| is_sent(c, group) && c.reply_to() == asked),
                "the group got an answer"
            );
            alone = true;
        }
        let keys: Vec<(String, String)> = post.keyboard().into_iter().flatten().collect();
        let text = if keys.iter().any(|(l, _)| l.starts_with("scream")) {
            "scream 1 e"
        } else {
            "end"
        };
        let from = fake.call_count();
        fake.say(group, None, mover, &format!("/play {text}"));
        fake.wait_calls(from, WAIT, |cs| {
            cs.iter().any(|c| is_sent(c, group) && is_turn_post(c))
        })
        .await;
    }
    assert!(
        alone && noted,
        "a player with and one without a private chat were refused"
    );
    for c in fake.calls().iter().filter(|c| is_sent(c, group)) {
        let text = c.text();
        assert!(
            !text.contains("hold the") && !text.contains("refused"),
            "the group read a refusal: {text}"
        );
    }
    bot.stop().await;
}
