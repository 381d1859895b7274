//! Reminders, quiet hours, snooze, stalls, deadlines and away time, on a fresh database
//! each, with a clock the test sets (and one test on tokio's paused clock through the real
//! scheduler loop).

use std::sync::{
    Arc,
    atomic::{AtomicI64, Ordering},
};

use chrono::TimeZone;
use chrono_tz::Tz;

use super::*;
use crate::store::SqliteStore;

const H: i64 = 3600;

/// A clock the test moves.
struct SetClock(AtomicI64);
impl Clock for SetClock {
    fn now(&self) -> i64 {
        self.0.load(Ordering::SeqCst)
    }
}

struct Env {
    s: Service<SqliteStore>,
    clock: Arc<SetClock>,
    path: std::path::PathBuf,
    _dir: tempfile::TempDir,
}

impl Env {
    async fn new(start: i64) -> Env {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.db");
        let clock = Arc::new(SetClock(AtomicI64::new(start)));
        let store = SqliteStore::open(path.to_str().unwrap()).await.unwrap();
        Env {
            s: Service::new(store, clock.clone(), None),
            clock,
            path,
            _dir: dir,
        }
    }
    fn set(&self, t: i64) {
        self.clock.0.store(t, Ordering::SeqCst);
    }
    fn now(&self) -> i64 {
        self.clock.now()
    }
    /// Says `line` as `user`; the reply is posted (so the turn's outbox is clear).
    async fn say(&self, user: &str, line: &str) -> Reply {
        let reply = self.s.handle_line(&ctx(user), line).await;
        self.s.posted(&reply).await;
        reply
    }
    /// Advances to `t`, firing everything due on the way (as the scheduler would, minute by
    /// minute), and returns what was posted with the time it was posted.
    async fn run_until(&self, t: i64) -> Vec<(i64, Outgoing)> {
        let mut out = Vec::new();
        while self.now() < t {
            let next = self
                .s
                .next_due()
                .await
                .unwrap_or(t)
                .clamp(self.now() + 1, t);
            self.set(next);
            for o in self.s.fire_due(next).await {
                self.s.posted(&o.reply).await;
                out.push((next, o));
            }
        }
        out
    }
}

fn ctx(user: &str) -> Ctx {
    Ctx::member("local", "c", user, user)
}

/// Starts `single` for ana and bo; returns who plays first.
async fn start(e: &Env, settings: &str) -> String {
    e.say("ana", "/new tower easy").await;
    e.say("bo", "/join").await;
    if !settings.is_empty() {
        let r = e.say("ana", &format!("/settings {settings}")).await;
        assert_eq!(r.visibility, Visibility::Public, "{}", r.text);
    }
    let r = e.say("ana", "/start").await;
    r.mention[0].user_id.clone()
}

fn at(tz: &str, y: i32, mo: u32, d: u32, h: u32, mi: u32) -> i64 {
    let tz: Tz = tz.parse().unwrap();
    tz.with_ymd_and_hms(y, mo, d, h, mi, 0)
        .single()
        .unwrap()
        .timestamp()
}

#[tokio::test]
async fn reminders_come_every_interval_then_the_group_hears_it_stalled() {
    let t0 = at("UTC", 2026, 11, 21, 9, 0);
    let e = Env::new(t0).await;
    let first = start(&e, "").await;
    let posted = e.run_until(t0 + 100 * H).await;
    let times: Vec<i64> = posted.iter().map(|(t, _)| (t - t0) / H).collect();
    // Five reminders, 12 h apart, then the stall announcement at the sixth slot; then silence.
    assert_eq!(times, [12, 24, 36, 48, 60, 72]);
    for (i, (_, o)) in posted.iter().take(5).enumerate() {
        assert!(
            o.reply.text.contains(&format!("Reminder {} of 5", i + 1)),
            "{}",
            o.reply.text
        );
        assert_eq!(o.reply.mention[0].user_id, first);
        assert_eq!(o.reply.quick().next().unwrap().label, "Snooze 4 h");
        assert!(o.reply.text.contains("Labscape #1"), "the game is named");
    }
    assert!(
        posted[5].1.reply.text.contains("has stalled"),
        "{}",
        posted[5].1.reply.text
    );
    assert!(posted[5].1.reply.text.contains(&first));
    // Playing the turn resets the timers for the next player.
    let r = e.say(&first, "/wait").await;
    let next = r.mention[0].user_id.clone();
    let posted = e.run_until(e.now() + 13 * H).await;
    assert_eq!(posted.len(), 1);
    assert!(posted[0].1.reply.text.contains("Reminder 1 of 5"));
    assert_eq!(posted[0].1.reply.mention[0].user_id, next);
}

#[tokio::test]
async fn no_reminder_lands_in_quiet_hours_it_waits_for_the_morning() {
    // Turn starts 11:00 in São Paulo; +12 h = 23:00 local, inside 22:00–07:00.
    let t0 = at("America/Sao_Paulo", 2026, 11, 21, 11, 0);
    let e = Env::new(t0).await;
    e.say("ana", "/me tz America/Sao_Paulo quiet 22:00-07:00")
        .await;
    e.say("bo", "/me tz America/Sao_Paulo quiet 22:00-07:00")
        .await;
    start(&e, "").await;
    let posted = e.run_until(t0 + 34 * H).await;
    assert_eq!(
        posted[0].0,
        at("America/Sao_Paulo", 2026, 11, 22, 7, 0),
        "the morning after"
    );
    // The next one is 12 h after that: 19:00, not quiet.
    assert_eq!(posted[1].0, at("America/Sao_Paulo", 2026, 11, 22, 19, 0));
}

#[tokio::test]
async fn quiet_hours_hold_across_a_daylight_saving_change() {
    // Lisbon leaves summer time on 2026-10-25 at 02:00 (back to 01:00).
    let t0 = at("Europe/Lisbon", 2026, 10, 24, 11, 30);
    let e = Env::new(t0).await;
    for u in ["ana", "bo"] {
        e.say(u, "/me tz Europe/Lisbon quiet 23:00-08:00").await;
    }
    start(&e, "").await;
    let posted = e.run_until(t0 + 30 * H).await;
    // +12 h = 23:30 local (quiet) → 08:00 local on the 25th, which is 09:30 + 1 h later in UTC.
    assert_eq!(posted[0].0, at("Europe/Lisbon", 2026, 10, 25, 8, 0));
    assert_eq!(posted[0].0 - t0, 21 * H + 30 * 60, "the night had 25 hours");
}

#[tokio::test]
async fn snooze_puts_off_the_next_reminder_and_only_the_awaited_player_can() {
    let t0 = 1_800_000_000;
    let e = Env::new(t0).await;
    let first = start(&e, "").await;
    let other = if first == "ana" { "bo" } else { "ana" };
    e.run_until(t0 + 12 * H).await;
    assert!(
        e.say(other, "/snooze")
            .await
            .text
            .contains("Only the player whose turn it is")
    );
    let r =
        e.s.handle(
            &ctx(&first),
            Command::Play {
                action: "snooze".into(),
                expected_turn: Some(0),
            },
        )
        .await;
    assert!(r.text.contains("Snoozed"), "{}", r.text);
    let posted = e.run_until(t0 + 20 * H).await;
    assert_eq!(posted.len(), 1);
    assert_eq!(posted[0].0, t0 + 16 * H, "4 hours after the snooze, not 12");
}

#[tokio::test]
async fn an_auto_wait_deadline_skips_only_the_absent_player() {
    let t0 = 1_800_000_000;
    let e = Env::new(t0).await;
    let first = start(&e, "reminder 24h deadline 48h policy auto-wait").await;
    let posted = e.run_until(t0 + 48 * H).await;
    let auto = posted
        .iter()
        .find(|(_, o)| o.reply.text.contains("past the deadline"))
        .expect("the deadline fired");
    assert_eq!(auto.0, t0 + 48 * H);
    assert!(
        auto.1.reply.text.contains(&format!("{first} waited 1 min")),
        "{}",
        auto.1.reply.text
    );
    let game = auto.1.reply.turn.unwrap().0;
    let actions = e.s.store().actions(game, 0).await.unwrap();
    assert_eq!(actions.len(), 1);
    assert!(
        actions[0].automatic && actions[0].sender == "scheduler" && actions[0].action == "wait"
    );
    // The next player gets a whole fresh deadline: no cascade at the same moment.
    let next_timer = e.s.store().timer(game).await.unwrap().unwrap();
    assert_eq!(next_timer.deadline_at, Some(t0 + 96 * H));
    assert_eq!(e.s.fire_due(e.now()).await.len(), 0);
    let log = e.say("ana", "/log").await;
    assert!(log.text.contains("(automatic)"), "{}", log.text);
}

#[tokio::test]
async fn away_time_pauses_reminders_and_extends_the_deadline() {
    let t0 = 1_800_000_000;
    let e = Env::new(t0).await;
    e.say("ana", "/new tower easy").await;
    e.say("bo", "/join").await;
    e.say("ana", "/settings deadline 48h").await;
    // Both away for three days: whoever plays first is covered.
    for u in ["ana", "bo"] {
        let r = e.say(u, "/away 3d").await;
        assert!(r.text.contains("away until"), "{}", r.text);
    }
    let first = e.say("ana", "/start").await.mention[0].user_id.clone();
    let st = e.say("ana", "/status").await;
    assert!(
        st.text.contains("away until"),
        "the group sees it: {}",
        st.text
    );
    let posted = e.run_until(t0 + 200 * H).await;
    assert_eq!(
        posted[0].0,
        t0 + 72 * H,
        "the first reminder waits for their return"
    );
    let deadline = posted
        .iter()
        .find(|(_, o)| o.reply.text.contains("The deadline for"))
        .unwrap();
    assert_eq!(
        deadline.0,
        t0 + 72 * H + 48 * H,
        "the deadline counts from their return"
    );
    assert!(deadline.1.reply.text.contains(&first));
    assert_eq!(
        posted
            .iter()
            .filter(|(_, o)| o.reply.text.contains("The deadline for"))
            .count(),
        1,
        "announced once"
    );
}

#[tokio::test]
async fn a_restart_between_setting_a_deadline_and_its_firing_loses_nothing_and_doubles_nothing() {
    let t0 = 1_800_000_000;
    let e = Env::new(t0).await;
    start(&e, "reminder 100h deadline 10h policy auto-wait").await;
    let path = e.path.clone();
    // "Restart": a second service (a new process) on the same file, later.
    let clock = Arc::new(SetClock(AtomicI64::new(t0 + 11 * H)));
    let store = SqliteStore::open(path.to_str().unwrap()).await.unwrap();
    let s2 = Service::new(store, clock, None);
    let fired = s2.fire_due(t0 + 11 * H).await;
    assert_eq!(
        fired.len(),
        1,
        "the deadline set before the restart fires after it"
    );
    assert!(fired[0].reply.text.contains("past the deadline"));
    // The old process wakes up too: nothing fires twice.
    e.set(t0 + 11 * H);
    assert!(e.s.fire_due(t0 + 11 * H).await.is_empty());
    assert!(s2.fire_due(t0 + 11 * H).await.is_empty());
    let game = fired[0].reply.turn.unwrap().0;
    assert_eq!(s2.store().actions(game, 0).await.unwrap().len(), 1);
}

#[tokio::test]
async fn settings_and_preferences_refuse_bad_values_clearly() {
    let e = Env::new(1_800_000_000).await;
    start(&e, "").await;
    assert!(
        e.say("bo", "/settings deadline 2d")
            .await
            .text
            .contains("Only the game's creator")
    );
    assert!(
        e.say("ana", "/settings deadline soon")
            .await
            .text
            .contains("not a duration")
    );
    assert!(
        e.say("ana", "/settings policy maybe")
            .await
            .text
            .contains("advisory or auto-wait")
    );
    assert!(
        e.say("ana", "/settings limit 0")
            .await
            .text
            .contains("1 to 50")
    );
    assert!(
        e.say("ana", "/settings colour red")
            .await
            .text
            .contains("not a setting")
    );
    let shown = e.say("ana", "/settings").await;
    assert!(
        shown.text.contains("reminders every 12 h") && shown.text.contains("deadline off"),
        "{}",
        shown.text
    );
    assert!(
        e.say("ana", "/me tz Mars/Olympus")
            .await
            .text
            .contains("not a time zone")
    );
    assert!(
        e.say("ana", "/me quiet 25-3")
            .await
            .text
            .contains("not quiet hours")
    );
    assert!(
        e.say("ana", "/away yesterday")
            .await
            .text
            .contains("not a time in the future")
    );
    assert!(
        e.say("ana", "/me tz Asia/Tokyo")
            .await
            .text
            .contains("Asia/Tokyo")
    );
}

#[tokio::test]
async fn recap_tells_what_happened_since_your_last_turn() {
    let e = Env::new(1_800_000_000).await;
    let first = start(&e, "").await;
    let second = if first == "ana" { "bo" } else { "ana" };
    e.say(&first, "/wait 3").await;
    e.say(second, "/wait 2").await;
    let r = e.say(&first, "/recap").await;
    assert_eq!(r.visibility, Visibility::Private);
    assert!(
        r.text.contains(&format!("{second} waited 2 min")),
        "{}",
        r.text
    );
    assert!(
        !r.text.contains(&format!("{first} waited 3 min")),
        "only since my last turn: {}",
        r.text
    );
}

#[tokio::test]
async fn the_scheduler_task_delivers_due_reminders_to_their_platform() {
    // Timing is tested above with a clock the test sets; this checks the task's wiring:
    // it reads due timers, fires them once and routes them by platform.
    let dir = tempfile::tempdir().unwrap();
    let store = SqliteStore::open(dir.path().join("p.db").to_str().unwrap())
        .await
        .unwrap();
    let t0 = 1_800_000_000;
    let clock = Arc::new(SetClock(AtomicI64::new(t0)));
    let s = Arc::new(Service::new(store, clock.clone(), None));
    s.handle_line(&ctx("ana"), "/new single easy").await;
    s.handle_line(&ctx("bo"), "/join").await;
    s.handle_line(&ctx("ana"), "/settings reminder 2h").await;
    let started = s.handle_line(&ctx("ana"), "/start").await;
    s.posted(&started).await;
    clock.0.store(t0 + 2 * H, Ordering::SeqCst);
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
    let (other_tx, mut other_rx) = tokio::sync::mpsc::unbounded_channel();
    let router = crate::scheduler::Router::default()
        .route("telegram", other_tx)
        .route("local", tx);
    let task = crate::scheduler::spawn(s.clone(), router);
    let got = tokio::time::timeout(std::time::Duration::from_secs(10), rx.recv())
        .await
        .unwrap()
        .unwrap();
    assert!(
        got.reply.text.contains("Reminder 1 of 5"),
        "{}",
        got.reply.text
    );
    assert!(
        other_rx.try_recv().is_err(),
        "only the game's own platform gets it"
    );
    assert!(rx.try_recv().is_err(), "fired once");
    task.abort();
}

#[tokio::test]
async fn the_turn_image_shows_who_is_away_under_their_name() {
    let t0 = 1_800_000_000;
    let dir = tempfile::tempdir().unwrap();
    let store = SqliteStore::open(dir.path().join("p.db").to_str().unwrap())
        .await
        .unwrap();
    let seen: Arc<std::sync::Mutex<Vec<TurnPicture>>> = Arc::default();
    let log = seen.clone();
    let renderer: Renderer = Arc::new(move |p: &TurnPicture| {
        log.lock().unwrap().push(p.clone());
        vec![1]
    });
    let s = Service::new(
        store,
        Arc::new(SetClock(AtomicI64::new(t0))),
        Some(renderer),
    );
    s.handle_line(&ctx("ana"), "/new single easy").await;
    s.handle_line(&ctx("bo"), "/join").await;
    s.handle_line(&ctx("bo"), "/away 3d").await;
    let r = s.handle_line(&ctx("ana"), "/start").await;
    assert!(r.image.is_some());
    let last = seen.lock().unwrap().last().cloned().expect("a picture");
    assert_eq!(last.notes.len(), 2, "a note slot per seat");
    assert_eq!(last.notes[0], None, "ana is here");
    let bo = last.notes[1].as_deref().expect("bo is away");
    assert!(bo.starts_with("away until"), "{bo}");
    assert_eq!(last.lang, Lang::En);
    assert!(last.title.contains("Labscape #"), "{}", last.title);
    // Back: the note is gone from the next image.
    s.handle_line(&ctx("bo"), "/away off").await;
    s.handle_line(&ctx("ana"), "/status").await;
    let last = seen.lock().unwrap().last().cloned().expect("a picture");
    assert_eq!(last.notes, vec![None, None]);
}

/// A board game has the same timers: reminders name the game and the awaited player, an
/// auto-wait deadline (there is no `wait` in these games) is announced instead of played,
/// and a move resets the timers for the next player.
#[tokio::test]
async fn a_board_games_reminders_and_deadline_call_the_awaited_player() {
    let t0 = at("UTC", 2026, 11, 21, 9, 0);
    let e = Env::new(t0).await;
    e.say("ana", "/new avanco").await;
    e.say("bo", "/join").await;
    let r = e
        .say(
            "ana",
            "/settings reminder 12h deadline 30h policy auto-wait",
        )
        .await;
    assert_eq!(r.visibility, Visibility::Public, "{}", r.text);
    let r = e.say("ana", "/start").await;
    let first = r.mention[0].user_id.clone();
    let posted = e.run_until(t0 + 31 * H).await;
    let texts: Vec<&str> = posted.iter().map(|(_, o)| o.reply.text.as_str()).collect();
    assert_eq!(posted.len(), 3, "{texts:#?}");
    for (_, o) in &posted[..2] {
        assert!(o.reply.text.contains("Avanço #1"), "{}", o.reply.text);
        assert_eq!(o.reply.mention[0].user_id, first);
    }
    assert!(texts[0].contains("Reminder 1 of 5"), "{}", texts[0]);
    assert!(
        texts[2].contains(&format!("The deadline for {first}'s turn has passed")),
        "{}",
        texts[2]
    );
    let row =
        e.s.store()
            .live_game(&ctx("ana").scope)
            .await
            .unwrap()
            .unwrap();
    assert!(
        e.s.store().actions(row.id, 0).await.unwrap().is_empty(),
        "nothing is played for the absent player"
    );
    // The move resets the timers: the next reminder is for the other player.
    let r = e.say(&first, "/play b2-b3").await;
    let next = r.mention[0].user_id.clone();
    assert_ne!(next, first);
    let posted = e.run_until(e.now() + 13 * H).await;
    assert_eq!(posted.len(), 1);
    assert!(posted[0].1.reply.text.contains("Reminder 1 of 5"));
    assert_eq!(posted[0].1.reply.mention[0].user_id, next);
}
