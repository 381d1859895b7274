//! The store the configuration chose: SQLite (a file; the default) or PostgreSQL (a
//! `postgres://` URL, for several processes on one database). The service and the
//! adapters are given an [`AnyStore`] and never learn which; each operation is passed to
//! the one inside, written once in `delegate!`.

use labscape_core::GameKind;

use super::{
    ActionRow, AgreedEnd, ChatScope, DrawOffer, GameId, GameRow, GameStatus, GameStore, MessageKey,
    NewGame, PastResult, PgStore, RatingRow, RatingSave, ResultRow, SeatRow, SqliteStore,
    StoreResult, TimerRow, Timing, TurnWrite, UserPrefs,
};

/// SQLite or PostgreSQL, as the database URL says.
#[derive(Clone, Debug)]
pub enum AnyStore {
    /// A SQLite file.
    Sqlite(SqliteStore),
    /// A PostgreSQL database.
    Postgres(PgStore),
}

impl AnyStore {
    /// Opens the database `url` names: `postgres://…` or `postgresql://…` is PostgreSQL;
    /// anything else (a path or `sqlite://…`) is a SQLite file. Migrations are applied.
    ///
    /// # Errors
    /// If the database cannot be opened or a migration fails.
    pub async fn open(url: &str) -> StoreResult<AnyStore> {
        if is_postgres(url) {
            Ok(AnyStore::Postgres(PgStore::open(url).await?))
        } else {
            Ok(AnyStore::Sqlite(SqliteStore::open(url).await?))
        }
    }

    /// Closes the store at a clean stop: on SQLite, the write-ahead log is checkpointed
    /// into the database file first.
    ///
    /// # Errors
    /// If the checkpoint fails.
    pub async fn close(&self) -> StoreResult<()> {
        match self {
            AnyStore::Sqlite(s) => s.close().await,
            AnyStore::Postgres(s) => {
                s.pool().close().await;
                Ok(())
            }
        }
    }

    /// Which database this is, for logs and errors: `sqlite` or `postgres`.
    pub fn backend(&self) -> &'static str {
        match self {
            AnyStore::Sqlite(_) => "sqlite",
            AnyStore::Postgres(_) => "postgres",
        }
    }
}

/// `url` as it may be printed: a password in it is replaced by `…`, whatever its shape.
///
/// The password runs from the first `:` after the user name to the *last* `@` (a password
/// may hold an unencoded `@` or `/`, and a host never holds `@`), so neither the password
/// nor any tail of it is shown. A URL with `@` but no scheme is shown as `…` altogether.
pub fn shown_url(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return if url.contains('@') {
            "…".into()
        } else {
            url.to_string()
        };
    };
    match rest.rsplit_once('@') {
        Some((userinfo, host)) => {
            let user = userinfo.split([':', '/']).next().unwrap_or_default();
            let hidden = if userinfo.len() > user.len() {
                ":…"
            } else {
                ""
            };
            format!("{scheme}://{user}{hidden}@{host}")
        }
        None => url.to_string(),
    }
}

/// The password `url` holds, as written and percent-decoded (what a library may echo),
/// so the scrubber can take it out of any error or log line.
pub fn url_password(url: &str) -> Vec<String> {
    let Some((_, rest)) = url.split_once("://") else {
        return Vec::new();
    };
    let Some((userinfo, _)) = rest.rsplit_once('@') else {
        return Vec::new();
    };
    let Some((_, password)) = userinfo.split_once(':') else {
        return Vec::new();
    };
    let mut forms = vec![password.to_string()];
    let decoded = percent_decoded(password);
    if decoded != password {
        forms.push(decoded);
    }
    forms
}

/// `%XX` sequences decoded (invalid ones kept as they are).
fn percent_decoded(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        if bytes[i] == b'%'
            && i + 2 < bytes.len()
            && let (Some(h), Some(l)) = (hex(bytes[i + 1]), hex(bytes[i + 2]))
        {
            out.push((h * 16 + l) as u8);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Whether `url` names a PostgreSQL database.
pub fn is_postgres(url: &str) -> bool {
    url.starts_with("postgres://") || url.starts_with("postgresql://")
}

impl From<SqliteStore> for AnyStore {
    fn from(s: SqliteStore) -> AnyStore {
        AnyStore::Sqlite(s)
    }
}

impl From<PgStore> for AnyStore {
    fn from(s: PgStore) -> AnyStore {
        AnyStore::Postgres(s)
    }
}

/// Implements [`GameStore`] for [`AnyStore`] by passing each operation on.
macro_rules! delegate {
    ($(fn $name:ident(&self $(, $arg:ident: $ty:ty)*) -> $ret:ty;)*) => {
        impl GameStore for AnyStore {
            $(
                async fn $name(&self $(, $arg: $ty)*) -> $ret {
                    match self {
                        AnyStore::Sqlite(s) => s.$name($($arg),*).await,
                        AnyStore::Postgres(s) => s.$name($($arg),*).await,
                    }
                }
            )*
        }
    };
}

delegate! {
    fn create_game(&self, game: &NewGame, creator: &SeatRow) -> StoreResult<GameId>;
    fn live_game(&self, scope: &ChatScope) -> StoreResult<Option<GameRow>>;
    fn last_ended_game(&self, scope: &ChatScope) -> StoreResult<Option<GameRow>>;
    fn game(&self, id: GameId) -> StoreResult<Option<GameRow>>;
    fn running_games(&self) -> StoreResult<Vec<GameId>>;
    fn seats(&self, id: GameId) -> StoreResult<Vec<SeatRow>>;
    fn add_seat(&self, id: GameId, seat: &SeatRow, max: u8) -> StoreResult<bool>;
    fn reseat(&self, id: GameId, order: &[String]) -> StoreResult<()>;
    fn remove_seat(&self, id: GameId, user_id: &str) -> StoreResult<bool>;
    fn start_game(
        &self,
        id: GameId,
        snapshot: &str,
        timer: Option<&TimerRow>,
        now: i64
    ) -> StoreResult<()>;
    fn posted(&self, id: GameId, turn: i64) -> StoreResult<()>;
    fn owed_posts(&self, since_before: i64, now: i64) -> StoreResult<Vec<(GameId, i64)>>;
    fn set_timing(&self, id: GameId, timing: &Timing) -> StoreResult<()>;
    fn timer(&self, id: GameId) -> StoreResult<Option<TimerRow>>;
    fn update_timer(&self, old: &TimerRow, new: Option<&TimerRow>) -> StoreResult<bool>;
    fn due_timers(&self, now: i64) -> StoreResult<Vec<TimerRow>>;
    fn next_due(&self) -> StoreResult<Option<i64>>;
    fn oldest_owed_post(&self) -> StoreResult<Option<i64>>;
    fn timers_for_user(&self, user_id: &str) -> StoreResult<Vec<TimerRow>>;
    fn set_status(&self, id: GameId, status: GameStatus, now: i64) -> StoreResult<()>;
    fn append_turn(&self, write: &TurnWrite) -> StoreResult<()>;
    fn end_by_agreement(&self, end: &AgreedEnd) -> StoreResult<()>;
    fn draw_offer(&self, id: GameId) -> StoreResult<Option<DrawOffer>>;
    fn set_draw_offer(&self, id: GameId, offer: Option<DrawOffer>) -> StoreResult<()>;
    fn actions(&self, id: GameId, after: i64) -> StoreResult<Vec<ActionRow>>;
    fn snapshot(&self, id: GameId, turn: i64) -> StoreResult<Option<(i64, String)>>;
    fn handled(&self, key: &MessageKey) -> StoreResult<bool>;
    fn mark_handled(&self, key: &MessageKey, game: Option<GameId>, now: i64) -> StoreResult<bool>;
    fn results(&self, id: GameId) -> StoreResult<Vec<ResultRow>>;
    fn chat_results(&self, scope: &ChatScope) -> StoreResult<Vec<PastResult>>;
    fn user_results(&self, platform: &str, user_id: &str) -> StoreResult<Vec<PastResult>>;
    fn ratings_of(
        &self,
        platform: &str,
        game: GameKind,
        user_ids: &[String]
    ) -> StoreResult<Vec<RatingRow>>;
    fn save_ratings(
        &self,
        game_id: GameId,
        platform: &str,
        rows: &[RatingRow]
    ) -> StoreResult<RatingSave>;
    fn unrated_games(&self, platform: &str, kinds: &[GameKind]) -> StoreResult<Vec<GameId>>;
    fn chat_ratings(
        &self,
        scope: &ChatScope,
        game: GameKind,
        limit: usize
    ) -> StoreResult<Vec<RatingRow>>;
    fn user_ratings(&self, platform: &str, user_id: &str) -> StoreResult<Vec<RatingRow>>;
    fn prefs(&self, platform: &str, user_id: &str) -> StoreResult<UserPrefs>;
    fn set_prefs(&self, platform: &str, user_id: &str, prefs: &UserPrefs) -> StoreResult<()>;
    fn chat_language(&self, scope: &ChatScope) -> StoreResult<Option<String>>;
    fn set_chat_language(&self, scope: &ChatScope, language: Option<&str>) -> StoreResult<()>;
}

#[cfg(test)]
mod tests {
    use super::is_postgres;

    #[test]
    fn a_postgres_url_is_postgres_and_anything_else_a_sqlite_file() {
        assert!(is_postgres("postgres://u@127.0.0.1:5432/labscape"));
        assert!(is_postgres("postgresql://u@host/db"));
        assert!(!is_postgres("labscape.db"));
        assert!(!is_postgres("sqlite://labscape.db"));
        assert!(!is_postgres("postgres.db"));
    }

    /// The service on PostgreSQL, chosen by its URL: a game is played, the process
    /// "restarts" (a new store and service on the same database), and the game goes on.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_postgres_url_opens_postgres_and_a_game_survives_a_restart() {
        use std::sync::Arc;

        use crate::{
            app::{Ctx, Service, SystemClock, Visibility},
            store::{AnyStore, test_postgres::TestPostgres},
        };
        let ctx = |user: &str| Ctx {
            handle: Some(user.into()),
            private: false,
            ..Ctx::member("local", "pg", user, user)
        };
        let Some(server) = TestPostgres::start("the service on PostgreSQL") else {
            return;
        };
        let url = server.fresh_database("service").await;
        let store = AnyStore::open(&url).await.unwrap();
        assert_eq!(store.backend(), "postgres");
        let s = Service::new(store, Arc::new(SystemClock), None);
        s.handle_line(&ctx("ana"), "/new semaforo").await;
        s.handle_line(&ctx("bo"), "/join").await;
        let start = s.handle_line(&ctx("ana"), "/start").await;
        assert_eq!(start.visibility, Visibility::Public, "{}", start.text);
        let first = start.mention[0].user_id.clone();
        let r = s.handle_line(&ctx(&first), "/play b2").await;
        assert_eq!(r.visibility, Visibility::Public, "{}", r.text);
        let second = r.mention[0].user_id.clone();
        drop(s);
        let s = Service::new(
            AnyStore::open(&url).await.unwrap(),
            Arc::new(SystemClock),
            None,
        );
        let r = s.handle_line(&ctx(&second), "/play b2").await;
        assert!(r.text.contains("played b2"), "{}", r.text);
        let log = s.handle_line(&ctx("ana"), "/log").await;
        assert!(
            log.text.contains("#1") && log.text.contains("#2"),
            "{}",
            log.text
        );
    }

    /// Two processes on one PostgreSQL database (two services, two pools): the same turn
    /// sent to both at once is applied once, and two schedulers firing the same due
    /// reminders post each once.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn two_processes_on_one_database_apply_a_turn_once_and_fire_a_timer_once() {
        use std::sync::Arc;

        use crate::{
            app::{Clock, Ctx, Service, Visibility},
            store::{AnyStore, GameStore, test_postgres::TestPostgres},
        };
        use std::sync::atomic::{AtomicI64, Ordering};
        /// The machine's clock, which both processes read.
        #[derive(Debug)]
        struct At(AtomicI64);
        impl Clock for At {
            fn now(&self) -> i64 {
                self.0.load(Ordering::SeqCst)
            }
        }
        let ctx = |chat: &str, user: &str| Ctx {
            handle: Some(user.into()),
            private: false,
            ..Ctx::member("local", chat, user, user)
        };
        let Some(server) = TestPostgres::start("two processes on PostgreSQL") else {
            return;
        };
        let url = server.fresh_database("two").await;
        let t0 = 1_800_000_000;
        let clock = Arc::new(At(AtomicI64::new(t0)));
        let open = || async {
            let store = AnyStore::open(&url).await.unwrap();
            Service::new(store, clock.clone(), None)
        };
        let (a, b) = (open().await, open().await);
        let chats = ["c1", "c2", "c3", "c4"];
        let mut firsts = Vec::new();
        for chat in chats {
            a.handle_line(&ctx(chat, "ana"), "/new semaforo").await;
            b.handle_line(&ctx(chat, "bo"), "/join").await;
            let start = a.handle_line(&ctx(chat, "ana"), "/start").await;
            firsts.push(start.mention[0].user_id.clone());
        }
        // The same move, sent to both processes at once, in every chat.
        for (chat, first) in chats.iter().zip(&firsts) {
            let me = ctx(chat, first);
            let (ra, rb) = tokio::join!(
                a.handle_line(&me, "/play c2"),
                b.handle_line(&me, "/play c2"),
            );
            let public = [&ra, &rb]
                .iter()
                .filter(|r| r.visibility == Visibility::Public)
                .count();
            assert_eq!(public, 1, "{chat}: {} | {}", ra.text, rb.text);
            let row = a
                .store()
                .live_game(&ctx(chat, "ana").scope)
                .await
                .unwrap()
                .unwrap();
            assert_eq!(row.turn, 1, "{chat}: one turn applied");
        }
        // Turns alternate between the processes on one game: each finds its cached game a
        // turn behind the row, reads it again and plays on from where the other left it.
        let scope = ctx("c1", "ana").scope;
        let mut mover = if firsts[0] == "ana" { "bo" } else { "ana" };
        for turn in 2..6 {
            let service = if turn % 2 == 0 { &b } else { &a };
            let me = ctx("c1", mover);
            let legal = service.suggestions(&me).await.actions();
            let action = legal.first().expect("the game goes on");
            let r = service.handle_line(&me, &format!("/play {action}")).await;
            assert_eq!(r.visibility, Visibility::Public, "turn {turn}: {}", r.text);
            let row = a.store().live_game(&scope).await.unwrap();
            assert_eq!(row.map(|g| g.turn), Some(turn), "every turn applied once");
            mover = if mover == "ana" { "bo" } else { "ana" };
        }
        // Every chat's reminder is due; both schedulers fire at once.
        let later = t0 + 13 * 3600;
        let (fa, fb) = tokio::join!(a.fire_due(later), b.fire_due(later));
        let reminders = fa
            .iter()
            .chain(&fb)
            .filter(|o| o.reply.text.contains("Reminder 1 of 5"))
            .count();
        assert_eq!(reminders, chats.len(), "each reminder once");

        // A process died after a person's turn, before its computer player answered: both
        // processes find the game; the computer moves once and the chat is told once.
        let me = ctx("c9", "ana");
        a.handle_line(&me, "/new rastros").await;
        a.handle_line(&me, "/addbot random").await;
        let r = a.handle_line(&me, "/start").await;
        assert_eq!(r.mention[0].user_id, "ana", "{}", r.text);
        let row = a.store().live_game(&me.scope).await.unwrap().unwrap();
        let game = a.game_of(row.id).await.unwrap();
        let write = crate::store::TurnWrite {
            game: row.id,
            expected_turn: row.turn,
            action: crate::store::ActionRow {
                seq: 0,
                seat: 0,
                action: game.legal_actions()[0].to_string(),
                sender: "ana".into(),
                automatic: false,
                at: later,
            },
            more: Vec::new(),
            snapshot: None,
            status: crate::store::GameStatus::Running,
            message: None,
            timer: None,
            results: Vec::new(),
        };
        a.store().append_turn(&write).await.unwrap();
        let much_later = later + 3600;
        // Both processes read one clock: the computer's turn, committed by one of them
        // now, is owed from now, not from long ago, so the other does not post it too.
        clock.0.store(much_later, Ordering::SeqCst);
        let (fa, fb) = tokio::join!(a.fire_due(much_later), b.fire_due(much_later));
        let posts: Vec<_> = fa
            .iter()
            .chain(&fb)
            .filter(|o| o.scope == me.scope)
            .collect();
        assert_eq!(posts.len(), 1, "{posts:?}");
        let row = a.store().game(row.id).await.unwrap().unwrap();
        assert_eq!(row.turn, write.expected_turn + 2, "the computer moved once");
    }

    #[test]
    fn a_password_in_a_url_is_never_shown() {
        use super::shown_url;
        assert_eq!(
            shown_url("postgres://bot:s3cret@db.internal:5432/labscape"),
            "postgres://bot:…@db.internal:5432/labscape"
        );
        assert_eq!(shown_url("postgres://bot@db/x"), "postgres://bot@db/x");
        assert_eq!(shown_url("labscape.db"), "labscape.db");
        // An unencoded `/` or `@` in the password: no part of it is shown.
        for (url, secret) in [
            ("postgres://bot:pa/ss@db:5432/x", "pa/ss"),
            ("postgres://bot:p@ss@db:5432/x", "p@ss"),
            ("postgresql://bot:a@b/c@d@db/x", "a@b/c@d"),
        ] {
            let shown = shown_url(url);
            assert_eq!(shown, shown_url(url));
            assert!(
                shown.starts_with("postgres") && shown.contains("bot:…@db"),
                "{shown}"
            );
            for part in secret.split(['@', '/']) {
                assert!(!shown.contains(&format!("{part}@")), "{shown} shows {part}");
                assert!(!shown.contains(&format!(":{part}")), "{shown} shows {part}");
            }
        }
        assert_eq!(shown_url("bot:secret@db"), "…");
    }

    #[test]
    fn a_password_is_found_as_written_and_decoded() {
        use super::url_password;
        assert_eq!(url_password("postgres://bot:p@ss@db/x"), vec!["p@ss"]);
        assert_eq!(
            url_password("postgres://bot:a%2Fb@db/x"),
            vec!["a%2Fb".to_string(), "a/b".to_string()]
        );
        assert!(url_password("postgres://bot@db/x").is_empty());
        assert!(url_password("labscape.db").is_empty());
    }
}
