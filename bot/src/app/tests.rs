//! Service tests, each on a fresh in-memory store (those about reopening a database on a
//! SQLite file).

use std::sync::{
    Arc,
    atomic::{AtomicI64, Ordering},
};

use super::*;
use crate::games::labscape::record_of;
use crate::store::{GameRow, GameStatus, MemoryStore, SqliteStore, TurnWrite};

pub(crate) struct FakeClock(pub(crate) AtomicI64);
impl Clock for FakeClock {
    fn now(&self) -> i64 {
        self.0.fetch_add(1, Ordering::SeqCst)
    }
}

/// A service on a fresh in-memory store.
pub(crate) async fn service() -> Service<MemoryStore> {
    let clock = Arc::new(FakeClock(AtomicI64::new(1_000)));
    Service::new(MemoryStore::new(), clock, None)
}

pub(crate) fn ctx(user: &str) -> Ctx {
    Ctx {
        handle: Some(user.into()),
        private: false,
        ..Ctx::member("local", "c", user, &user.to_uppercase())
    }
}

/// Says `line` as `user`; the reply is posted, as an adapter would report it.
pub(crate) async fn say<S: GameStore>(s: &Service<S>, user: &str, line: &str) -> Reply {
    let reply = s.handle_line(&ctx(user), line).await;
    s.posted(&reply).await;
    reply
}

/// Opens `single` for ana and bo and starts it; returns the start reply.
pub(crate) async fn started<S: GameStore>(s: &Service<S>) -> Reply {
    assert_eq!(
        say(s, "ana", "/new single easy").await.visibility,
        Visibility::Public
    );
    say(s, "bo", "/join").await;
    let r = say(s, "ana", "/start").await;
    assert_eq!(r.visibility, Visibility::Public, "{}", r.text);
    r
}

pub(crate) fn active_user(r: &Reply) -> String {
    r.mention
        .first()
        .map(|m| m.user_id.clone())
        .expect("someone is called")
}

#[tokio::test]
async fn a_whole_game_is_played_to_the_end_through_the_service() {
    let s = service().await;
    let mut r = started(&s).await;
    assert!(r.text.contains("Seed commitment"));
    let mut turns = 0;
    while r.turn.is_some() && !r.mention.is_empty() {
        let who = active_user(&r);
        let before = r.turn.unwrap().1;
        r = say(&s, &who, "/wait 3").await;
        assert_eq!(r.visibility, Visibility::Public, "{}", r.text);
        assert_eq!(r.turn.unwrap().1, before + 1, "one turn per command");
        assert!(r.text.contains("waited 3 min"), "{}", r.text);
        turns += 1;
        assert!(turns < 100);
    }
    assert!(r.text.contains("Game over"), "{}", r.text);
    assert!(
        r.text.contains("The seed was"),
        "the seed is revealed at the end"
    );
    // The game is no longer live: /status says it ended, and the chat is free for a new one.
    assert!(say(&s, "ana", "/status").await.text.contains("has ended"));
    assert_eq!(
        say(&s, "ana", "/new single").await.visibility,
        Visibility::Public
    );
}

#[tokio::test]
async fn lobby_rules_are_enforced_with_clear_messages() {
    let s = service().await;
    assert!(say(&s, "ana", "/join").await.text.contains("no game"));
    say(&s, "ana", "/new single easy 2").await;
    assert!(
        say(&s, "bo", "/new duo")
            .await
            .text
            .contains("already has a game")
    );
    assert!(
        say(&s, "ana", "/join")
            .await
            .text
            .contains("already have a seat")
    );
    say(&s, "bo", "/join").await;
    assert!(say(&s, "cy", "/join").await.text.contains("full"));
    assert!(
        say(&s, "bo", "/start")
            .await
            .text
            .contains("Only the game's creator")
    );
    assert!(say(&s, "bo", "/move N").await.text.contains("not started"));
    assert!(
        say(&s, "bo", "/abandon")
            .await
            .text
            .contains("creator or a chat admin")
    );
    let r = say(&s, "bo", "/leave").await;
    assert!(r.text.contains("left"), "{}", r.text);
    assert!(say(&s, "bo", "/leave").await.text.contains("not playing"));
    say(&s, "ana", "/start").await;
    assert!(
        say(&s, "ana", "/leave")
            .await
            .text
            .contains("seats are fixed")
    );
    assert!(say(&s, "cy", "/move N").await.text.contains("not playing"));
    assert!(
        say(&s, "ana", "/new quadruple")
            .await
            .text
            .contains("already has a game")
    );
}

#[tokio::test]
async fn bad_input_is_refused_in_two_stages_and_changes_nothing() {
    let s = service().await;
    let r = started(&s).await;
    let who = active_user(&r);
    let other = if who == "ana" { "bo" } else { "ana" };
    let turn = r.turn.unwrap().1;
    let unreadable = say(&s, &who, "/move NX").await;
    assert_eq!(unreadable.visibility, Visibility::Private);
    assert!(
        unreadable.text.starts_with("I can't read that"),
        "{}",
        unreadable.text
    );
    assert!(unreadable.text.contains("move NNE"));
    let illegal = say(&s, &who, "/exit").await;
    assert!(
        illegal.text.starts_with("You can't do that now"),
        "{}",
        illegal.text
    );
    let not_yours = say(&s, other, "/wait").await;
    assert!(not_yours.text.contains("turn"), "{}", not_yours.text);
    assert!(say(&s, &who, "/bogus").await.text.contains("not a command"));
    // Nothing moved.
    let st = say(&s, &who, "/status").await;
    assert_eq!(st.turn.unwrap().1, turn);
    let long = format!("/move {}", "N".repeat(400));
    assert!(say(&s, &who, &long).await.text.contains("too long"));
}

#[tokio::test]
async fn an_old_button_and_a_retried_delivery_change_nothing() {
    let s = service().await;
    let r = started(&s).await;
    let (game, turn) = r.turn.unwrap();
    let who = active_user(&r);
    let mut c = ctx(&who);
    c.delivery = Some("interaction-1".into());
    let play = Command::Play {
        action: "wait".into(),
        expected_turn: Some(turn),
    };
    let first = s.handle(&c, play.clone()).await;
    assert_eq!(first.turn, Some((game, turn + 1)), "{}", first.text);
    // The same delivery again (a platform retry).
    let again = s.handle(&c, play.clone()).await;
    assert!(again.text.contains("already done"), "{}", again.text);
    // A new delivery of the old turn's button.
    c.delivery = Some("interaction-2".into());
    let stale = s.handle(&c, play).await;
    assert!(stale.text.contains("moved on"), "{}", stale.text);
    let actions = s.store().actions(game, 0).await.unwrap();
    assert_eq!(actions.len(), 1, "applied exactly once");
}

#[tokio::test]
async fn eight_concurrent_senders_keep_the_record_consistent() {
    let s = service().await;
    let s = Arc::new(s);
    say(&s, "u0", "/new pyramid easy").await;
    for i in 1..8 {
        say(&s, &format!("u{i}"), "/join").await;
    }
    let r = say(&s, "u0", "/start").await;
    let game = r.turn.unwrap().0;
    let mut tasks = Vec::new();
    for i in 0..8 {
        let s = s.clone();
        tasks.push(tokio::spawn(async move {
            let mut applied = 0;
            for _ in 0..40 {
                let r = say(&s, &format!("u{i}"), "/wait").await;
                if r.visibility == Visibility::Public {
                    applied += 1;
                }
            }
            applied
        }));
    }
    let mut total = 0;
    for t in tasks {
        total += t.await.unwrap();
    }
    let actions = s.store().actions(game, 0).await.unwrap();
    assert_eq!(
        actions.len(),
        total,
        "every acknowledged turn is stored, none twice"
    );
    assert!(total > 0);
    for (i, a) in actions.iter().enumerate() {
        assert_eq!(a.seq, i as i64 + 1, "no gaps");
    }
    // The stored record replays to the position the service holds.
    let row = s.store().game(game).await.unwrap().unwrap();
    let seats = s.store().seats(game).await.unwrap();
    let record = record_of(&crate::app::record_of(&row, &seats, &actions, ""));
    let (replayed, _) = record.replay().unwrap();
    let game = s.current_game(&row).await.unwrap();
    assert_eq!(
        serde_json::to_value(replayed.to_doc()).unwrap(),
        serde_json::to_value(&game).unwrap()
    );
}

#[tokio::test]
async fn two_services_on_one_file_never_write_a_turn_twice() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("shared.db");
    let a = Service::new(
        SqliteStore::open(path.to_str().unwrap()).await.unwrap(),
        Arc::new(FakeClock(AtomicI64::new(1))),
        None,
    );
    let b = Service::new(
        SqliteStore::open(path.to_str().unwrap()).await.unwrap(),
        Arc::new(FakeClock(AtomicI64::new(1))),
        None,
    );
    started(&a).await;
    // Both processes have the position cached; each plays for the active player in turn.
    let mut applied = 0;
    for i in 0..20 {
        let svc = if i % 2 == 0 { &a } else { &b };
        let st = svc.handle_line(&ctx("ana"), "/status").await;
        let who = st
            .text
            .lines()
            .find(|l| l.starts_with("▶"))
            .map(|l| if l.contains("ANA") { "ana" } else { "bo" });
        let Some(who) = who else { break };
        let r = svc.handle_line(&ctx(who), "/wait").await;
        if r.visibility == Visibility::Public {
            applied += 1;
        }
    }
    let row = a.store().live_game(&ctx("ana").scope).await.unwrap();
    let game = row.map(|r| r.id).unwrap_or(GameId(1));
    let actions = a.store().actions(game, 0).await.unwrap();
    assert_eq!(actions.len(), applied);
}

#[tokio::test]
async fn computer_players_take_their_turns_through_the_record() {
    let s = service().await;
    say(&s, "ana", "/new single easy").await;
    assert!(
        say(&s, "ana", "/addbot nonsense")
            .await
            .text
            .contains("no computer player")
    );
    let r = say(&s, "ana", "/addbot random").await;
    assert!(r.text.contains("Bot 2 (random)"), "{}", r.text);
    let mut r = say(&s, "ana", "/start").await;
    // Whenever it is the bot's turn it has already played: the next call is always ana.
    for _ in 0..200 {
        if r.mention.is_empty() {
            break;
        }
        assert_eq!(active_user(&r), "ana");
        r = say(&s, "ana", "/wait").await;
    }
    assert!(r.text.contains("Game over"), "{}", r.text);
    let game = r.turn.unwrap().0;
    let actions = s.store().actions(game, 0).await.unwrap();
    assert!(
        actions
            .iter()
            .any(|a| a.automatic && a.sender.starts_with("bot:"))
    );
}

#[tokio::test]
async fn log_and_tables_read_the_game() {
    let s = service().await;
    let r = started(&s).await;
    let who = active_user(&r);
    say(&s, &who, "/wait 2").await;
    let log = say(&s, "ana", "/log 5").await;
    assert!(log.text.contains("#1"), "{}", log.text);
    assert!(log.text.contains("wait 2"), "{}", log.text);
    let dawn = say(&s, "ana", "/table dawn").await;
    assert!(dawn.text.contains("single"), "{}", dawn.text);
    assert!(
        say(&s, "ana", "/table nope")
            .await
            .text
            .contains("no table")
    );
    assert!(
        say(&s, "ana", "/rules nope")
            .await
            .text
            .contains("no rules topic")
    );
    assert!(say(&s, "ana", "/help").await.text.contains("/rotate-wall"));
}

#[tokio::test]
async fn a_refusal_speaks_the_askers_language() {
    let s = service().await;
    let mut pt = ctx("ana");
    pt.locale = Some("pt-BR".into());
    let r = s.handle_line(&pt, "/status").await;
    assert_eq!(r.visibility, Visibility::Private);
    assert!(
        r.text.starts_with("Não há partida neste chat."),
        "{}",
        r.text
    );
    let r = say(&s, "ana", "/status").await;
    assert!(
        r.text.starts_with("There is no game in this chat."),
        "{}",
        r.text
    );
    // Their own choice beats the platform's locale.
    let r = s.handle_line(&pt, "/me lang english").await;
    assert_eq!(r.visibility, Visibility::Private, "{}", r.text);
    let r = s.handle_line(&pt, "/frobnicate").await;
    assert!(r.text.contains("is not a command"), "{}", r.text);
    let r = say(&s, "bo", "/me lang pt").await;
    assert!(!r.text.contains("not a language"), "{}", r.text);
    let r = say(&s, "bo", "/join").await;
    assert!(r.text.starts_with("Não há partida"), "{}", r.text);
    let r = say(&s, "bo", "/me lang klingon").await;
    assert!(r.text.contains("não é um idioma que eu falo"), "{}", r.text);
}

pub(crate) fn pt_ctx(user: &str) -> Ctx {
    Ctx {
        locale: Some("pt-BR".into()),
        ..ctx(user)
    }
}

#[tokio::test]
async fn a_game_played_in_portuguese_speaks_portuguese_throughout() {
    let s = service().await;
    let (ana, bo) = (pt_ctx("ana"), pt_ctx("bo"));
    // No chat default: the game speaks its creator's language.
    let r = s.handle_line(&ana, "/new single easy").await;
    assert!(r.text.contains("está aberta"), "{}", r.text);
    assert!(r.text.contains("1 módulo, 1 andar"), "{}", r.text);
    assert!(r.text.contains("fácil"), "{}", r.text);
    let r = s.handle_line(&bo, "/join").await;
    assert!(r.text.starts_with("BO entrou"), "{}", r.text);
    let r = s.handle_line(&bo, "/start").await;
    assert!(r.text.starts_with("Só quem criou a partida"), "{}", r.text);
    let mut r = s.handle_line(&ana, "/start").await;
    assert!(r.text.contains("· turno 0"), "{}", r.text);
    assert!(r.text.contains("começou!"), "{}", r.text);
    assert!(r.text.contains("Dados para ver quem começa"), "{}", r.text);
    assert!(r.text.contains("A saída fica em"), "{}", r.text);
    assert!(r.text.contains("Vez de"), "{}", r.text);
    let labels: Vec<&str> = r.quick().map(|q| q.label.as_str()).collect();
    assert!(labels.contains(&"Esperar 1"), "{labels:?}");
    assert!(labels.contains(&"Rolar"), "{labels:?}");
    let who = active_user(&r);
    let other = if who == "ana" { "bo" } else { "ana" };
    // Refusals.
    let refused = s.handle_line(&pt_ctx(other), "/wait").await;
    assert!(
        refused
            .text
            .starts_with("Agora você não pode fazer isso: a vez é de"),
        "{}",
        refused.text
    );
    let refused = s.handle_line(&pt_ctx(&who), "/move NX").await;
    assert!(refused.text.starts_with("Não entendi"), "{}", refused.text);
    assert!(refused.text.contains("escreva assim"), "{}", refused.text);
    let refused = s.handle_line(&pt_ctx(&who), "/exit").await;
    assert!(
        refused.text.contains("a saída fica em") || refused.text.contains("chave"),
        "{}",
        refused.text
    );
    // A turn's story.
    r = s.handle_line(&pt_ctx(&who), "/wait 3").await;
    assert!(r.text.contains("esperou 3 min"), "{}", r.text);
    let next = active_user(&r);
    // Status, rules and tables.
    let st = s.handle_line(&ana, "/status").await;
    assert!(
        st.text.contains("chaves") && st.text.contains("amanhecer"),
        "{}",
        st.text
    );
    assert!(
        st.text.contains("tempo") && st.text.contains("comida"),
        "{}",
        st.text
    );
    let rules = s.handle_line(&ana, "/rules robot").await;
    assert!(rules.text.starts_with("**O robô**"), "{}", rules.text);
    let table = s.handle_line(&ana, "/table dawn").await;
    assert!(table.text.contains("jogadores"), "{}", table.text);
    let help = s.handle_line(&ana, "/help").await;
    assert!(help.text.contains("Na sua vez"), "{}", help.text);
    let log = s.handle_line(&ana, "/log").await;
    assert!(log.text.contains("esperou 3 min"), "{}", log.text);
    // An English speaker in the same chat: private answers in English, public ones in
    // Portuguese, Labscape's `/status` among them (it is posted for the group).
    let mut en = ctx(&next);
    en.locale = Some("en-GB".into());
    let rules = s.handle_line(&en, "/rules robot").await;
    assert!(rules.text.starts_with("**The robot**"), "{}", rules.text);
    let st = s.handle_line(&en, "/status").await;
    assert_eq!(st.visibility, Visibility::Public, "{}", st.text);
    assert!(st.text.contains("chaves"), "{}", st.text);
    let r = s.handle_line(&en, "/wait 2").await;
    assert!(r.text.contains("esperou 2 min"), "{}", r.text);
}

#[tokio::test]
async fn english_is_the_default_and_a_chat_language_overrides_the_creators() {
    let s = service().await;
    let started_reply = started(&s).await;
    let r = &started_reply;
    assert!(r.text.contains("Seed commitment"), "{}", r.text);
    assert!(r.text.contains("· turn 0"), "{}", r.text);
    // Only the creator or an admin sets the chat's language.
    let r = say(&s, "bo", "/settings language pt-BR").await;
    assert!(r.text.contains("creator or a chat admin"), "{}", r.text);
    let r = say(&s, "ana", "/settings language klingon").await;
    assert!(r.text.contains("not a language"), "{}", r.text);
    let r = say(&s, "ana", "/settings language pt-BR").await;
    assert_eq!(r.visibility, Visibility::Public);
    assert!(r.text.contains("Idioma aqui: português"), "{}", r.text);
    let st = say(&s, "bo", "/status").await;
    assert!(st.text.contains("chaves"), "{}", st.text);
    let who = active_user(&started_reply);
    let r = say(&s, &who, "/wait 3").await;
    assert!(r.text.contains("esperou 3 min"), "{}", r.text);
    // A later game in the chat keeps it, whoever creates it.
    say(&s, "ana", "/abandon").await;
    // Between games anyone may choose it.
    let r = say(&s, "cy", "/settings language en").await;
    assert!(r.text.contains("Language here: English"), "{}", r.text);
    let r = say(&s, "cy", "/settings language pt-BR").await;
    assert!(r.text.contains("Idioma aqui: português"), "{}", r.text);
    let r = say(&s, "bo", "/new single").await;
    assert!(r.text.contains("está aberta"), "{}", r.text);
    // An admin clears it without a game's creator: back to the creator's (English).
    let mut admin = ctx("zed");
    admin.is_admin = true;
    let r = s.handle_line(&admin, "/settings language auto").await;
    assert!(r.text.contains("no chat default"), "{}", r.text);
    let r = say(&s, "bo", "/status").await;
    assert!(r.text.contains("in the lobby"), "{}", r.text);
}

/// Frames in a GIF.
pub(crate) fn gif_frames(bytes: &[u8]) -> usize {
    let mut opts = gif::DecodeOptions::new();
    opts.skip_frame_decoding(true);
    let mut dec = opts.read_info(bytes).expect("a GIF");
    let mut n = 0;
    while dec.next_frame_info().expect("a frame").is_some() {
        n += 1;
    }
    n
}

fn the_gif(r: &Reply) -> &Attachment {
    assert_eq!(r.files.len(), 1, "one file: {}", r.text);
    let f = &r.files[0];
    assert!(f.name.ends_with("-replay.gif"), "{}", f.name);
    assert_eq!(&f.bytes[..6], b"GIF89a");
    f
}

#[tokio::test]
async fn replays_show_the_game_so_far_and_come_with_its_end() {
    let s = service().await;
    let s = s.with_replays(Arc::new(crate::render_replay));
    let nothing = say(&s, "ana", "/replay").await;
    assert_eq!(nothing.visibility, Visibility::Private);
    assert!(
        nothing.text.contains("nothing to replay"),
        "{}",
        nothing.text
    );
    say(&s, "ana", "/new single easy").await;
    assert!(
        say(&s, "ana", "/replay")
            .await
            .text
            .contains("nothing to replay"),
        "a lobby has nothing to show"
    );
    say(&s, "ana", "/leave").await;

    let mut r = started(&s).await;
    assert!(r.files.is_empty());
    for _ in 0..3 {
        r = say(&s, &active_user(&r), "/wait 3").await;
        assert!(r.files.is_empty(), "only the last turn carries the replay");
    }
    // Anyone in the chat may ask, and everyone sees it: the start and one frame a turn.
    let so_far = say(&s, "cy", "/replay").await;
    assert_eq!(so_far.visibility, Visibility::Public);
    assert!(
        so_far.text.contains("so far: the start and 3 turns"),
        "{}",
        so_far.text
    );
    assert_eq!(gif_frames(&the_gif(&so_far).bytes), 4);

    while !r.mention.is_empty() {
        r = say(&s, &active_user(&r), "/wait 3").await;
        assert!(r.files.is_empty() || r.text.contains("Game over"));
    }
    assert!(r.text.contains("Game over"), "{}", r.text);
    let turns = r.turn.expect("a turn").1 as usize;
    let last = the_gif(&r);
    assert_eq!(gif_frames(&last.bytes), turns + 1);

    // After the end, /replay shows the finished game (the same file, kept), even once a
    // new lobby is open in the chat.
    say(&s, "ana", "/new single").await;
    let after = say(&s, "bo", "/replay").await;
    assert!(after.text.contains("the whole game"), "{}", after.text);
    assert_eq!(the_gif(&after), last);
}

#[tokio::test]
async fn a_service_without_replays_says_so() {
    let s = service().await;
    let r = started(&s).await;
    say(&s, &active_user(&r), "/wait 3").await;
    let r = say(&s, "ana", "/replay").await;
    assert_eq!(r.visibility, Visibility::Private);
    assert!(r.text.contains("does not draw replays"), "{}", r.text);
    assert!(r.files.is_empty());
}

#[tokio::test]
async fn a_game_stored_before_the_game_seam_plays_on() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.db");
    std::fs::write(
        &path,
        include_bytes!("../store/fixtures/labscape-2026-11-24.db"),
    )
    .unwrap();
    let store = SqliteStore::open(path.to_str().unwrap()).await.unwrap();
    let s = Service::new(
        store,
        Arc::new(FakeClock(AtomicI64::new(2_000_000_000))),
        None,
    );
    let here = Ctx {
        scope: ChatScope {
            platform: "local".into(),
            chat: "terminal".into(),
            thread: String::new(),
        },
        ..ctx("ana")
    };
    let r = s.handle_line(&here, "/wait 2").await;
    assert_eq!(r.visibility, Visibility::Public, "{}", r.text);
    assert!(r.text.contains("waited 2 min"), "{}", r.text);
    // The bot answered in the same turn, and the whole record still replays.
    let row = s.store().game(GameId(2)).await.unwrap().unwrap();
    assert!(row.turn >= 5, "turn {}", row.turn);
    let seats = s.store().seats(row.id).await.unwrap();
    let actions = s.store().actions(row.id, 0).await.unwrap();
    record_of(&crate::app::record_of(&row, &seats, &actions, ""))
        .replay()
        .unwrap();
}

#[tokio::test]
async fn status_shows_the_turn_image_without_drawing_it_again() {
    let dir = tempfile::tempdir().unwrap();
    let store = SqliteStore::open(dir.path().join("g.db").to_str().unwrap())
        .await
        .unwrap();
    let drawn = Arc::new(AtomicI64::new(0));
    let count = drawn.clone();
    let renderer: Renderer = Arc::new(move |p: &TurnPicture| {
        count.fetch_add(1, Ordering::SeqCst);
        // A distinct image per turn, so a stale one would show.
        format!("png of turn with {} events", p.events.len()).into_bytes()
    });
    let s = Service::new(
        store,
        Arc::new(FakeClock(AtomicI64::new(1_000))),
        Some(renderer),
    );
    let r = started(&s).await;
    let who = active_user(&r);
    let turn = say(&s, &who, "/wait 2").await;
    assert!(turn.image.is_some());
    let after_turn = drawn.load(Ordering::SeqCst);
    let first = say(&s, "ana", "/status").await;
    let second = say(&s, "bo", "/status").await;
    assert_eq!(drawn.load(Ordering::SeqCst), after_turn, "no new drawing");
    assert_eq!(first.image, turn.image);
    assert_eq!(second.image, turn.image);
    // The next turn draws again, and /status follows it.
    let next = active_user(&turn);
    let turn2 = say(&s, &next, "/wait 1").await;
    assert!(drawn.load(Ordering::SeqCst) > after_turn);
    assert_eq!(say(&s, "ana", "/status").await.image, turn2.image);
}

#[tokio::test]
async fn a_turn_committed_but_never_posted_is_posted_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.db");
    let clock = Arc::new(FakeClock(AtomicI64::new(1_000)));
    let s = Service::new(
        SqliteStore::open(path.to_str().unwrap()).await.unwrap(),
        clock.clone(),
        None,
    );
    let r = started(&s).await;
    let who = active_user(&r);
    // The turn commits; the process dies before the chat sees it (nobody reports a post).
    let lost = s.handle_line(&ctx(&who), "/wait 2").await;
    assert_eq!(lost.visibility, Visibility::Public, "{}", lost.text);
    let next = active_user(&lost);
    drop(s);

    let s = Service::new(
        SqliteStore::open(path.to_str().unwrap()).await.unwrap(),
        clock.clone(),
        None,
    );
    let now = s.now();
    assert!(
        s.fire_due(now).await.is_empty(),
        "a post may still be on its way"
    );
    let owed = s.fire_due(now + super::outbox::GRACE_SECS + 1).await;
    assert_eq!(owed.len(), 1, "{owed:?}");
    let post = &owed[0];
    assert_eq!(post.scope, ctx("x").scope);
    assert_eq!(post.reply.visibility, Visibility::Public);
    assert!(
        post.reply.text.contains("waited 2 min") || post.reply.text.contains("was not shown"),
        "{}",
        post.reply.text
    );
    assert_eq!(
        post.reply.mention[0].user_id, next,
        "the next player is pinged"
    );
    assert_eq!(post.reply.posts_turn, lost.posts_turn);
    // Until the platform reports it, it comes again once per grace period, not every tick.
    assert!(
        s.fire_due(now + super::outbox::GRACE_SECS + 2)
            .await
            .is_empty()
    );
    s.posted(&post.reply).await;
    assert!(
        s.fire_due(now + 10 * super::outbox::GRACE_SECS)
            .await
            .is_empty()
    );
}

/// An adapter's ids of any size are stored cut to `MAX_ID` (a 1 MB id is not a 1 MB row).
#[tokio::test]
async fn ids_of_any_size_are_stored_cut() {
    let s = service().await;
    let huge = "9".repeat(1 << 20);
    let mut c = ctx(&huge);
    c.scope.chat = huge.clone();
    c.delivery = Some(huge.clone());
    let r = s.handle_line(&c, "/new single").await;
    assert_eq!(r.visibility, Visibility::Public, "{}", r.text);
    let mut scope = c.scope.clone();
    scope.chat = huge[..super::MAX_ID].to_string();
    let game = s
        .store()
        .live_game(&scope)
        .await
        .unwrap()
        .expect("the game");
    let seats = s.store().seats(game.id).await.unwrap();
    assert_eq!(seats[0].user_id.len(), super::MAX_ID);
    // The same long id reaches the same seat.
    let r = s.handle_line(&c, "/join").await;
    assert_eq!(
        r.visibility,
        Visibility::Private,
        "already seated: {}",
        r.text
    );
}

/// A Rastros game of ana against a random computer player on the SQLite file `path`, at
/// ana's turn.
async fn against_a_computer(s: &Service<SqliteStore>) -> GameRow {
    say(s, "ana", "/new rastros").await;
    say(s, "ana", "/addbot random").await;
    let r = say(s, "ana", "/start").await;
    assert_eq!(active_user(&r), "ana", "the computer has moved: {}", r.text);
    s.store()
        .live_game(&ctx("ana").scope)
        .await
        .unwrap()
        .unwrap()
}

#[tokio::test]
async fn a_computer_player_left_waiting_by_a_crash_moves_once_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.db");
    let path = path.to_str().unwrap();
    let clock = Arc::new(FakeClock(AtomicI64::new(1_000)));
    let s = Service::new(SqliteStore::open(path).await.unwrap(), clock.clone(), None);
    let row = against_a_computer(&s).await;
    // ana's turn commits, as the dying process wrote it; the computer never answered.
    let game = s.game_of(row.id).await.unwrap();
    let action = game.legal_actions()[0].to_string();
    s.store()
        .append_turn(&TurnWrite {
            game: row.id,
            expected_turn: row.turn,
            action: crate::store::ActionRow {
                seq: 0,
                seat: 0,
                action: action.clone(),
                sender: "ana".into(),
                automatic: false,
                at: s.now(),
            },
            more: Vec::new(),
            snapshot: None,
            status: GameStatus::Running,
            message: None,
            timer: None,
            results: Vec::new(),
        })
        .await
        .unwrap();
    s.store().close().await.unwrap();
    drop(s);

    let s = Service::new(SqliteStore::open(path).await.unwrap(), clock.clone(), None);
    let stuck = s.handle_line(&ctx("ana"), "/play b2").await;
    assert!(stuck.text.contains("not your turn"), "{}", stuck.text);
    let now = s.now() + super::outbox::GRACE_SECS + 1;
    let posts = s.fire_due(now).await;
    assert_eq!(posts.len(), 1, "{posts:?}");
    let post = &posts[0].reply;
    assert_eq!(post.mention[0].user_id, "ana", "{}", post.text);
    assert_eq!(
        s.store().game(row.id).await.unwrap().unwrap().turn,
        row.turn + 2,
        "ana's turn and the computer's"
    );
    s.posted(post).await;
    // Nothing more is owed, and the computer does not move twice.
    assert!(
        s.fire_due(now + 10 * super::outbox::GRACE_SECS)
            .await
            .is_empty()
    );
    assert_eq!(
        s.store().game(row.id).await.unwrap().unwrap().turn,
        row.turn + 2
    );
    let r = say(&s, "ana", "/status").await;
    assert!(
        r.mention.is_empty() || active_user(&r) == "ana",
        "{}",
        r.text
    );
}

#[tokio::test]
async fn a_messages_several_actions_are_one_commit() {
    let s = service().await;
    say(&s, "ana", "/new flume").await;
    say(&s, "bo", "/join").await;
    let r = say(&s, "ana", "/start").await;
    let first = active_user(&r);
    let row = s
        .store()
        .live_game(&ctx("ana").scope)
        .await
        .unwrap()
        .unwrap();
    // Turns of one stone until two stones can chain; then one message plays both.
    let mut who = first;
    for _ in 0..40 {
        let game = s.game_of(row.id).await.unwrap();
        if let Some((a, b)) = two_chained_placements(&game) {
            let before = s.store().game(row.id).await.unwrap().unwrap().turn;
            let r = say(&s, &who, &format!("/play {a} {b}")).await;
            assert_eq!(r.visibility, Visibility::Public, "{}", r.text);
            let actions = s.store().actions(row.id, before).await.unwrap();
            let told: Vec<&str> = actions.iter().map(|a| a.action.as_str()).collect();
            assert_eq!(told, [a.as_str(), b.as_str()]);
            assert_eq!(
                actions[0].at, actions[1].at,
                "written together, in one transaction"
            );
            return;
        }
        let action = game.legal_actions()[0].to_string();
        let r = say(&s, &who, &format!("/play {action}")).await;
        assert_eq!(r.visibility, Visibility::Public, "{}", r.text);
        who = active_user(&r);
    }
    panic!("no two chaining stones in 40 turns");
}

/// Two placements on Flume's `game` where the first lets the same player place again.
fn two_chained_placements(game: &labscape_core::AnyGame) -> Option<(String, String)> {
    let me = game.to_move()?;
    for a in game.legal_actions() {
        let (next, _) = game.play(me, &a).ok()?;
        if next.to_move() == Some(me)
            && let Some(b) = next.legal_actions().first()
        {
            return Some((a.to_string(), b.to_string()));
        }
    }
    None
}

#[tokio::test]
async fn after_a_game_ends_the_chat_says_which_game_ended_and_still_shows_it() {
    let s = service().await;
    say(&s, "ana", "/new rastros").await;
    say(&s, "bo", "/join").await;
    let mut r = say(&s, "ana", "/start").await;
    let id = r.turn.unwrap().0;
    for _ in 0..60 {
        let Some(game) = s.game_of(id).await.filter(|g| !g.is_over()) else {
            break;
        };
        let action = game.legal_actions()[0].to_string();
        r = say(&s, &active_user(&r), &format!("/play {action}")).await;
    }
    assert!(r.text.contains("Game over"), "{}", r.text);
    let title = format!("Rastros #{id}");
    let play = say(&s, "ana", "/play d4").await;
    assert!(
        play.text.starts_with(&format!("{title} has ended: ")) && play.text.contains("wins"),
        "{}",
        play.text
    );
    let status = say(&s, "ana", "/status").await;
    assert!(
        status.text.starts_with(&format!("{title} has ended")),
        "{}",
        status.text
    );
    let log = say(&s, "ana", "/log 3").await;
    assert!(log.text.contains(&title), "{}", log.text);
    let recap = say(&s, "bo", "/recap").await;
    assert!(recap.text.contains(&title), "{}", recap.text);
    // A new game takes over.
    say(&s, "ana", "/new semaforo").await;
    let status = say(&s, "ana", "/status").await;
    assert!(status.text.contains("Semáforo"), "{}", status.text);
}

/// Labscape's `/status` is posted where the group reads it, so it is written in the chat's
/// language, whatever the asker's own.
#[tokio::test]
async fn a_public_status_is_in_the_chats_language() {
    let s = service().await;
    started(&s).await;
    say(&s, "bo", "/me lang pt").await;
    let r = say(&s, "bo", "/status").await;
    assert_eq!(r.visibility, Visibility::Public, "{}", r.text);
    assert_eq!(r.lang, Lang::En, "{}", r.text);
    assert_eq!(r.text, say(&s, "ana", "/status").await.text);
    // A refusal is the asker's alone, in their language.
    let r = say(&s, "bo", "/play").await;
    assert_eq!(r.visibility, Visibility::Private, "{}", r.text);
    assert!(r.text.contains("Escreva a ação"), "{}", r.text);
}
