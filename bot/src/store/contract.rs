//! The store's contract: one set of tests that every implementation of [`GameStore`] must
//! pass, run here against SQLite (a file in a temporary directory), the in-memory store and
//! PostgreSQL (a throw-away server, `test_postgres.rs`, one fresh database per test). A new
//! backend is one more module in `contract_tests!`.

use labscape_core::GameKind;

use super::*;

/// Runs each contract test against each backend.
macro_rules! contract_tests {
    ($($name:ident),* $(,)?) => {
        mod on_sqlite {
            $(
                #[tokio::test]
                async fn $name() {
                    let dir = tempfile::tempdir().unwrap();
                    let path = dir.path().join("t.db");
                    let s = crate::store::SqliteStore::open(path.to_str().unwrap())
                        .await
                        .unwrap();
                    super::$name(&s).await;
                }
            )*
        }
        mod on_memory {
            $(
                #[tokio::test]
                async fn $name() {
                    super::$name(&crate::store::MemoryStore::new()).await;
                }
            )*
        }
        mod on_postgres {
            /// One server for the whole contract (starting one takes a second or two),
            /// a fresh database for each of its tests.
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn every_contract_test_passes_on_postgres() {
                let Some(server) =
                    crate::store::test_postgres::TestPostgres::start("the store's contract")
                else {
                    return;
                };
                $(
                    let url = server.fresh_database(stringify!($name)).await;
                    let s = crate::store::PgStore::open(&url).await.unwrap();
                    super::$name(&s).await;
                    s.pool().close().await;
                )*
            }
        }
    };
}

contract_tests!(
    one_live_game_per_chat_scope,
    the_last_ended_game_is_the_latest_over_or_abandoned_after_its_start,
    seats_fill_up_to_the_maximum_and_renumber_on_leave,
    a_turn_is_written_once_and_only_at_the_expected_number,
    a_messages_several_actions_are_written_together_or_not_at_all,
    results_are_written_only_with_the_turn_that_ends_the_game,
    leaderboards_read_a_scopes_finished_games_and_only_people,
    prefs_round_trip,
    a_chat_language_is_kept_and_a_thread_follows_its_chat,
    a_rating_is_written_once_per_game_and_never_over_a_newer_one,
    a_timer_is_replaced_only_if_unchanged_and_fires_when_due,
    a_turn_is_owed_to_its_chat_until_posted_and_snapshots_are_found_by_turn,
    a_lobby_is_reseated_in_the_order_given,
    finished_two_player_games_wait_to_be_rated_and_lead_their_chats_board,
    a_draw_is_offered_taken_back_and_agreed_once,
);

pub(super) fn scope(chat: &str) -> ChatScope {
    ChatScope {
        platform: "local".into(),
        chat: chat.into(),
        thread: String::new(),
    }
}

pub(super) fn new_game(chat: &str) -> NewGame {
    NewGame {
        scope: scope(chat),
        name: "g".into(),
        kind: GameKind::Labscape,
        settings: "layout=single difficulty=medium setup=random".into(),
        max_players: 2,
        seed: "s".into(),
        seed_hash: "h".into(),
        creator: "ana".into(),
        now: 1,
        language: Some("pt-BR".into()),
        invited: None,
        creator_side: None,
    }
}

pub(super) fn seat(user: &str) -> SeatRow {
    SeatRow {
        seat: 0,
        user_id: user.into(),
        display_name: user.into(),
        policy: None,
    }
}

fn turn(game: GameId, expected: i64, msg: Option<&str>) -> TurnWrite {
    TurnWrite {
        game,
        expected_turn: expected,
        action: ActionRow {
            seq: expected + 1,
            seat: 0,
            action: "wait".into(),
            sender: "ana".into(),
            automatic: false,
            at: 5,
        },
        more: Vec::new(),
        snapshot: None,
        status: GameStatus::Running,
        message: msg.map(|m| MessageKey {
            platform: "local".into(),
            id: m.into(),
        }),
        timer: None,
        results: Vec::new(),
    }
}

pub(super) async fn one_live_game_per_chat_scope<S: GameStore>(s: &S) {
    let id = s.create_game(&new_game("c"), &seat("ana")).await.unwrap();
    let row = s.game(id).await.unwrap().unwrap();
    assert_eq!(
        row.language.as_deref(),
        Some("pt-BR"),
        "the game keeps its language"
    );
    assert!(matches!(
        s.create_game(&new_game("c"), &seat("ana")).await,
        Err(StoreError::ScopeBusy)
    ));
    assert!(
        s.create_game(&new_game("other"), &seat("ana"))
            .await
            .is_ok()
    );
    s.set_status(id, GameStatus::Abandoned, 2).await.unwrap();
    assert!(
        s.create_game(&new_game("c"), &seat("ana")).await.is_ok(),
        "a finished game frees the scope"
    );
}

pub(super) async fn the_last_ended_game_is_the_latest_over_or_abandoned_after_its_start<
    S: GameStore,
>(
    s: &S,
) {
    assert!(s.last_ended_game(&scope("c")).await.unwrap().is_none());
    let first = s.create_game(&new_game("c"), &seat("ana")).await.unwrap();
    s.set_status(first, GameStatus::Over, 10).await.unwrap();
    let lobby = s.create_game(&new_game("c"), &seat("ana")).await.unwrap();
    s.set_status(lobby, GameStatus::Abandoned, 20)
        .await
        .unwrap();
    let elsewhere = s.create_game(&new_game("d"), &seat("ana")).await.unwrap();
    s.set_status(elsewhere, GameStatus::Over, 30).await.unwrap();
    let live = s.create_game(&new_game("c"), &seat("ana")).await.unwrap();
    let last = |chat: &'static str| async move {
        s.last_ended_game(&scope(chat)).await.unwrap().map(|r| r.id)
    };
    assert_eq!(
        last("c").await,
        Some(first),
        "not an abandoned lobby, not live, not elsewhere"
    );
    s.start_game(live, "{}", None, 35).await.unwrap();
    assert_eq!(last("c").await, Some(first), "not a running game");
    s.set_status(live, GameStatus::Over, 40).await.unwrap();
    assert_eq!(last("c").await, Some(live), "the most recent one");
    assert_eq!(last("d").await, Some(elsewhere));
    // A game abandoned once it had started has ended too, until a newer one ends.
    let abandoned = s.create_game(&new_game("c"), &seat("ana")).await.unwrap();
    s.start_game(abandoned, "{}", None, 45).await.unwrap();
    s.set_status(abandoned, GameStatus::Abandoned, 50)
        .await
        .unwrap();
    let row = s.last_ended_game(&scope("c")).await.unwrap().unwrap();
    assert_eq!(
        (row.id, row.status),
        (abandoned, GameStatus::Abandoned),
        "abandoned after its start"
    );
    let newer = s.create_game(&new_game("c"), &seat("ana")).await.unwrap();
    s.set_status(newer, GameStatus::Abandoned, 60)
        .await
        .unwrap();
    assert_eq!(
        last("c").await,
        Some(abandoned),
        "a newer abandoned lobby is not"
    );
    let newest = s.create_game(&new_game("c"), &seat("ana")).await.unwrap();
    s.set_status(newest, GameStatus::Over, 70).await.unwrap();
    assert_eq!(last("c").await, Some(newest));
}

pub(super) async fn seats_fill_up_to_the_maximum_and_renumber_on_leave<S: GameStore>(s: &S) {
    let id = s.create_game(&new_game("c"), &seat("ana")).await.unwrap();
    assert!(matches!(
        s.add_seat(id, &seat("ana"), 3).await,
        Err(StoreError::AlreadySeated)
    ));
    assert!(s.add_seat(id, &seat("bo"), 3).await.unwrap());
    assert!(s.add_seat(id, &seat("cy"), 3).await.unwrap());
    assert!(!s.add_seat(id, &seat("di"), 3).await.unwrap(), "full");
    assert!(s.remove_seat(id, "ana").await.unwrap());
    assert!(!s.remove_seat(id, "ana").await.unwrap());
    let seats = s.seats(id).await.unwrap();
    let names: Vec<_> = seats.iter().map(|x| (x.seat, x.user_id.as_str())).collect();
    assert_eq!(names, [(0, "bo"), (1, "cy")]);
}

pub(super) async fn a_turn_is_written_once_and_only_at_the_expected_number<S: GameStore>(s: &S) {
    let id = s.create_game(&new_game("c"), &seat("ana")).await.unwrap();
    s.start_game(id, "{}", None, 2).await.unwrap();
    s.append_turn(&turn(id, 0, Some("m1"))).await.unwrap();
    // The same delivery again: refused as a duplicate, nothing written.
    assert!(matches!(
        s.append_turn(&turn(id, 1, Some("m1"))).await,
        Err(StoreError::Duplicate)
    ));
    // The same delivery at its own, now stale, turn number (a retry): still a duplicate.
    assert!(matches!(
        s.append_turn(&turn(id, 0, Some("m1"))).await,
        Err(StoreError::Duplicate)
    ));
    // A stale turn number: refused as a conflict, and the message id is not burnt.
    assert!(matches!(
        s.append_turn(&turn(id, 0, Some("m2"))).await,
        Err(StoreError::Conflict)
    ));
    assert!(
        !s.handled(&MessageKey {
            platform: "local".into(),
            id: "m2".into()
        })
        .await
        .unwrap()
    );
    s.append_turn(&turn(id, 1, Some("m2"))).await.unwrap();
    let acts = s.actions(id, 0).await.unwrap();
    assert_eq!(acts.iter().map(|a| a.seq).collect::<Vec<_>>(), [1, 2]);
    assert_eq!(s.game(id).await.unwrap().unwrap().turn, 2);
    assert_eq!(s.snapshot(id, 2).await.unwrap().unwrap().0, 0);
}

/// A result that won (rank 1) or lost, with the game's own figures as text the store
/// keeps and never reads (here, its seat and a number).
fn result(seat: u8, user: &str, won: bool, figure: i64) -> ResultRow {
    ResultRow {
        seat,
        user_id: user.into(),
        display_name: user.to_uppercase(),
        computer: user.starts_with("bot:"),
        rank: if won { 1 } else { 2 },
        finish: if won { "won" } else { "lost" }.into(),
        extra: Some(format!("{{\"seat\": {seat}, \"figure\": {figure}}}")),
    }
}

/// A started game in `scope` whose one turn ends it with `results`; returns its id.
async fn finished<S: GameStore>(s: &S, scope: &ChatScope, results: Vec<ResultRow>) -> GameId {
    let g = NewGame {
        scope: scope.clone(),
        ..new_game("x")
    };
    let id = s.create_game(&g, &seat("ana")).await.unwrap();
    s.start_game(id, "{}", None, 2).await.unwrap();
    s.append_turn(&TurnWrite {
        status: GameStatus::Over,
        results,
        ..turn(id, 0, None)
    })
    .await
    .unwrap();
    id
}

pub(super) async fn a_messages_several_actions_are_written_together_or_not_at_all<S: GameStore>(
    s: &S,
) {
    let id = s.create_game(&new_game("c"), &seat("ana")).await.unwrap();
    s.start_game(id, "{}", None, 2).await.unwrap();
    let one = |text: &str| ActionRow {
        action: text.into(),
        ..turn(id, 0, None).action
    };
    let write = TurnWrite {
        action: one("c3"),
        more: vec![one("c4"), one("d5")],
        snapshot: Some("{}".into()),
        ..turn(id, 0, Some("m1"))
    };
    assert_eq!(write.last_turn(), 3);
    // Written at a stale turn: nothing of it is kept, not even its delivery.
    s.append_turn(&turn(id, 0, None)).await.unwrap();
    assert!(matches!(
        s.append_turn(&write).await,
        Err(StoreError::Conflict)
    ));
    assert_eq!(s.actions(id, 0).await.unwrap().len(), 1);
    assert!(!s.handled(&write.message.clone().unwrap()).await.unwrap());
    // At the right turn: every action, numbered in order, the game at the last one.
    let write = TurnWrite {
        expected_turn: 1,
        ..write
    };
    s.append_turn(&write).await.unwrap();
    let actions = s.actions(id, 1).await.unwrap();
    let got: Vec<(i64, &str)> = actions.iter().map(|a| (a.seq, a.action.as_str())).collect();
    assert_eq!(got, [(2, "c3"), (3, "c4"), (4, "d5")]);
    assert_eq!(s.game(id).await.unwrap().unwrap().turn, 4);
    assert_eq!(
        s.snapshot(id, 10).await.unwrap().map(|(seq, _)| seq),
        Some(4)
    );
    // The same delivery again is known, and writes nothing.
    assert!(matches!(
        s.append_turn(&TurnWrite {
            expected_turn: 4,
            ..write
        })
        .await,
        Err(StoreError::Duplicate)
    ));
    assert_eq!(s.game(id).await.unwrap().unwrap().turn, 4);
}

pub(super) async fn results_are_written_only_with_the_turn_that_ends_the_game<S: GameStore>(s: &S) {
    let id = s.create_game(&new_game("c"), &seat("ana")).await.unwrap();
    s.start_game(id, "{}", None, 2).await.unwrap();
    s.append_turn(&turn(id, 0, None)).await.unwrap();
    let last = TurnWrite {
        status: GameStatus::Over,
        results: vec![
            result(0, "ana", true, 3),
            result(1, "bot:random:2", false, 0),
        ],
        ..turn(id, 1, None)
    };
    // A stale final turn is refused whole: no results without their turn.
    assert!(matches!(
        s.append_turn(&TurnWrite {
            expected_turn: 0,
            ..last.clone()
        })
        .await,
        Err(StoreError::Conflict)
    ));
    assert!(s.results(id).await.unwrap().is_empty());
    s.append_turn(&last).await.unwrap();
    assert_eq!(s.results(id).await.unwrap(), last.results);
    assert_eq!(s.game(id).await.unwrap().unwrap().status, GameStatus::Over);
}

pub(super) async fn leaderboards_read_a_scopes_finished_games_and_only_people<S: GameStore>(s: &S) {
    let here = scope("c");
    let thread = ChatScope {
        thread: "t".into(),
        ..scope("c")
    };
    let telegram = ChatScope {
        platform: "telegram".into(),
        ..scope("c")
    };
    assert!(s.chat_results(&here).await.unwrap().is_empty());
    assert!(s.user_results("local", "ana").await.unwrap().is_empty());
    let first = vec![
        result(0, "ana", true, 2),
        result(1, "bo", false, 5),
        result(2, "bot:heuristic:3", true, 9),
    ];
    finished(s, &here, first.clone()).await;
    let mut second = vec![result(0, "bo", true, 4), result(1, "ana", false, 1)];
    second[0].display_name = "Bo Renamed".into();
    second[1].extra = None;
    finished(s, &here, second.clone()).await;
    // Elsewhere: a thread of the same chat, and another platform.
    finished(s, &thread, vec![result(0, "ana", true, 8)]).await;
    finished(s, &telegram, vec![result(0, "ana", true, 9)]).await;
    // An abandoned game with (impossible, but say) rows counts for nothing.
    let abandoned = finished(s, &here, vec![result(0, "ana", true, 50)]).await;
    s.set_status(abandoned, GameStatus::Abandoned, 99)
        .await
        .unwrap();

    let past = |r: &ResultRow, name: &str| PastResult {
        game: GameKind::Labscape,
        user_id: r.user_id.clone(),
        name: name.into(),
        rank: r.rank,
        finish: r.finish.clone(),
        extra: r.extra.clone(),
    };
    assert_eq!(
        s.chat_results(&here).await.unwrap(),
        [
            past(&first[0], "ANA"),
            past(&first[1], "Bo Renamed"),
            past(&second[1], "ANA"),
            past(&second[0], "Bo Renamed"),
        ],
        "oldest game first, people only, each under the name of their latest game, \
         the game's own figures as they were written"
    );
    assert_eq!(s.chat_results(&thread).await.unwrap().len(), 1);

    // One's own results: every chat of the platform, never another platform's.
    let ana = s.user_results("local", "ana").await.unwrap();
    assert_eq!(
        ana.iter()
            .map(|r| (r.finish.as_str(), r.extra.as_deref()))
            .collect::<Vec<_>>(),
        [
            ("won", Some(r#"{"seat": 0, "figure": 2}"#)),
            ("lost", None),
            ("won", Some(r#"{"seat": 0, "figure": 8}"#)),
        ]
    );
    let ana_tg = s.user_results("telegram", "ana").await.unwrap();
    assert_eq!(ana_tg.len(), 1);
    assert!(
        s.user_results("local", "bot:heuristic:3")
            .await
            .unwrap()
            .is_empty(),
        "computer players have no record"
    );
}

pub(super) async fn prefs_round_trip<S: GameStore>(s: &S) {
    assert_eq!(s.prefs("local", "ana").await.unwrap(), UserPrefs::default());
    let p = UserPrefs {
        language: Some("pt-BR".into()),
        time_zone: Some("America/Sao_Paulo".into()),
        quiet_start: Some(1380),
        quiet_end: Some(420),
        away_until: Some(99),
    };
    s.set_prefs("local", "ana", &p).await.unwrap();
    assert_eq!(s.prefs("local", "ana").await.unwrap(), p);
}

pub(super) async fn a_chat_language_is_kept_and_a_thread_follows_its_chat<S: GameStore>(s: &S) {
    let chat = ChatScope {
        platform: "discord".into(),
        chat: "c1".into(),
        thread: String::new(),
    };
    let thread = ChatScope {
        thread: "t1".into(),
        ..chat.clone()
    };
    assert_eq!(s.chat_language(&chat).await.unwrap(), None);
    s.set_chat_language(&chat, Some("pt-BR")).await.unwrap();
    assert_eq!(
        s.chat_language(&chat).await.unwrap().as_deref(),
        Some("pt-BR")
    );
    assert_eq!(
        s.chat_language(&thread).await.unwrap().as_deref(),
        Some("pt-BR")
    );
    s.set_chat_language(&thread, Some("en")).await.unwrap();
    assert_eq!(
        s.chat_language(&thread).await.unwrap().as_deref(),
        Some("en")
    );
    assert_eq!(
        s.chat_language(&chat).await.unwrap().as_deref(),
        Some("pt-BR")
    );
    s.set_chat_language(&chat, None).await.unwrap();
    assert_eq!(s.chat_language(&chat).await.unwrap(), None);
    let other = ChatScope {
        platform: "telegram".into(),
        ..chat.clone()
    };
    assert_eq!(s.chat_language(&other).await.unwrap(), None);
}

pub(super) async fn a_rating_is_written_once_per_game_and_never_over_a_newer_one<S: GameStore>(
    s: &S,
) {
    let a = s.create_game(&new_game("c"), &seat("ana")).await.unwrap();
    let b = s.create_game(&new_game("d"), &seat("ana")).await.unwrap();
    let row = |games: i64, rating: f64| RatingRow {
        user_id: "ana".into(),
        name: "Ana".into(),
        game: GameKind::Semaforo,
        rating: labscape_core::Rating {
            rating,
            ..labscape_core::Rating::NEW
        },
        games,
        wins: games,
        losses: 0,
        draws: 0,
    };
    assert_eq!(
        s.save_ratings(a, "local", &[row(1, 1600.0)]).await.unwrap(),
        RatingSave::Saved
    );
    assert_eq!(
        s.save_ratings(a, "local", &[row(2, 1700.0)]).await.unwrap(),
        RatingSave::AlreadyRated
    );
    // Game b computed from a stale read (no rating yet): refused, nothing written, and
    // b is still unrated.
    assert_eq!(
        s.save_ratings(b, "local", &[row(1, 1550.0)]).await.unwrap(),
        RatingSave::Changed
    );
    let ana = s
        .ratings_of("local", GameKind::Semaforo, &["ana".into()])
        .await
        .unwrap();
    assert_eq!((ana[0].games, ana[0].rating.rating), (1, 1600.0));
    assert_eq!(
        s.save_ratings(b, "local", &[row(2, 1650.0)]).await.unwrap(),
        RatingSave::Saved
    );
    let ana = s.user_ratings("local", "ana").await.unwrap();
    assert_eq!((ana[0].games, ana[0].rating.rating), (2, 1650.0));
}

fn timer(game: GameId, turn: i64, reminder: Option<i64>, deadline: Option<i64>) -> TimerRow {
    TimerRow {
        game,
        turn,
        seat: 0,
        user_id: "ana".into(),
        waiting_since: 1,
        reminders_sent: 0,
        next_reminder: reminder,
        deadline_at: deadline,
        stalled: false,
    }
}

pub(super) async fn a_timer_is_replaced_only_if_unchanged_and_fires_when_due<S: GameStore>(s: &S) {
    let a = s.create_game(&new_game("c"), &seat("ana")).await.unwrap();
    let b = s.create_game(&new_game("d"), &seat("ana")).await.unwrap();
    let ta = timer(a, 0, Some(100), Some(300));
    s.start_game(a, "{}", Some(&ta), 2).await.unwrap();
    s.start_game(b, "{}", Some(&timer(b, 0, Some(50), None)), 2)
        .await
        .unwrap();
    assert_eq!(s.next_due().await.unwrap(), Some(50));
    let due: Vec<GameId> = s
        .due_timers(100)
        .await
        .unwrap()
        .iter()
        .map(|t| t.game)
        .collect();
    assert_eq!(due, [a, b]);
    assert_eq!(s.due_timers(49).await.unwrap(), []);
    // Two schedulers race: only the first replacement wins.
    let fired = TimerRow {
        reminders_sent: 1,
        next_reminder: Some(200),
        ..ta.clone()
    };
    assert!(s.update_timer(&ta, Some(&fired)).await.unwrap());
    assert!(!s.update_timer(&ta, None).await.unwrap());
    assert_eq!(s.timer(a).await.unwrap(), Some(fired.clone()));
    assert_eq!(s.timers_for_user("ana").await.unwrap().len(), 2);
    // A game that ends has no timers.
    s.set_status(b, GameStatus::Abandoned, 3).await.unwrap();
    assert_eq!(s.timer(b).await.unwrap(), None);
    assert_eq!(s.next_due().await.unwrap(), Some(200));
    assert_eq!(s.running_games().await.unwrap(), [a]);
}

pub(super) async fn a_turn_is_owed_to_its_chat_until_posted_and_snapshots_are_found_by_turn<
    S: GameStore,
>(
    s: &S,
) {
    let id = s.create_game(&new_game("c"), &seat("ana")).await.unwrap();
    s.start_game(id, "{\"turn\":0}", None, 2).await.unwrap();
    assert_eq!(s.owed_posts(2, 10).await.unwrap(), [(id, 0)]);
    assert_eq!(s.owed_posts(2, 20).await.unwrap(), [], "handed out at 10");
    s.append_turn(&TurnWrite {
        snapshot: Some("{\"turn\":1}".into()),
        ..turn(id, 0, None)
    })
    .await
    .unwrap();
    s.append_turn(&turn(id, 1, None)).await.unwrap();
    assert_eq!(s.owed_posts(5, 30).await.unwrap(), [(id, 2)]);
    s.posted(id, 1).await.unwrap();
    assert_eq!(
        s.owed_posts(30, 40).await.unwrap(),
        [(id, 2)],
        "an older post"
    );
    s.posted(id, 2).await.unwrap();
    assert_eq!(s.owed_posts(i64::MAX, 50).await.unwrap(), []);
    assert_eq!(s.snapshot(id, 0).await.unwrap().unwrap().0, 0);
    assert_eq!(
        s.snapshot(id, 2).await.unwrap(),
        Some((1, "{\"turn\":1}".to_string()))
    );
    assert_eq!(s.actions(id, 1).await.unwrap().len(), 1);
    let key = MessageKey {
        platform: "local".into(),
        id: "k".into(),
    };
    assert!(s.mark_handled(&key, Some(id), 5).await.unwrap());
    assert!(!s.mark_handled(&key, Some(id), 6).await.unwrap());
    assert!(s.handled(&key).await.unwrap());
}

pub(super) async fn a_lobby_is_reseated_in_the_order_given<S: GameStore>(s: &S) {
    let id = s.create_game(&new_game("c"), &seat("ana")).await.unwrap();
    s.add_seat(id, &seat("bo"), 2).await.unwrap();
    s.reseat(id, &["bo".into(), "ana".into()]).await.unwrap();
    let seats: Vec<(u8, String)> = s
        .seats(id)
        .await
        .unwrap()
        .into_iter()
        .map(|x| (x.seat, x.user_id))
        .collect();
    assert_eq!(seats, [(0, "bo".to_string()), (1, "ana".to_string())]);
    assert!(
        s.reseat(id, &["bo".into()]).await.is_err(),
        "nobody left out"
    );
}

pub(super) async fn finished_two_player_games_wait_to_be_rated_and_lead_their_chats_board<
    S: GameStore,
>(
    s: &S,
) {
    let two = |user: &str, seat: u8, rank: u8| ResultRow {
        seat,
        user_id: user.into(),
        display_name: user.to_uppercase(),
        computer: false,
        rank,
        finish: if rank == 1 { "won" } else { "lost" }.into(),
        extra: None,
    };
    let g = NewGame {
        kind: GameKind::Avanco,
        ..new_game("c")
    };
    let id = s.create_game(&g, &seat("ana")).await.unwrap();
    s.start_game(id, "{}", None, 2).await.unwrap();
    s.append_turn(&TurnWrite {
        status: GameStatus::Over,
        results: vec![two("ana", 0, 1), two("bo", 1, 2)],
        ..turn(id, 0, None)
    })
    .await
    .unwrap();
    let rated = [GameKind::Semaforo, GameKind::Avanco];
    assert_eq!(s.unrated_games("local", &rated).await.unwrap(), [id]);
    assert_eq!(s.unrated_games("telegram", &rated).await.unwrap(), []);
    // Only the kinds asked for.
    assert_eq!(
        s.unrated_games("local", &[GameKind::Semaforo])
            .await
            .unwrap(),
        []
    );
    assert_eq!(s.unrated_games("local", &[]).await.unwrap(), []);
    let row = |user: &str, rating: f64| RatingRow {
        user_id: user.into(),
        name: user.to_uppercase(),
        game: GameKind::Avanco,
        rating: labscape_core::Rating {
            rating,
            ..labscape_core::Rating::NEW
        },
        games: 1,
        wins: 0,
        losses: 0,
        draws: 0,
    };
    let saved = s
        .save_ratings(id, "local", &[row("ana", 1662.0), row("bo", 1337.0)])
        .await
        .unwrap();
    assert_eq!(saved, RatingSave::Saved);
    assert_eq!(s.unrated_games("local", &rated).await.unwrap(), []);
    let board: Vec<String> = s
        .chat_ratings(&scope("c"), GameKind::Avanco, 10)
        .await
        .unwrap()
        .into_iter()
        .map(|r| r.user_id)
        .collect();
    assert_eq!(board, ["ana", "bo"]);
    assert_eq!(
        s.chat_ratings(&scope("elsewhere"), GameKind::Avanco, 10)
            .await
            .unwrap(),
        []
    );
    assert_eq!(
        s.chat_ratings(&scope("c"), GameKind::Avanco, 1)
            .await
            .unwrap()
            .len(),
        1
    );
}

pub(super) async fn a_draw_is_offered_taken_back_and_agreed_once<S: GameStore>(s: &S) {
    let id = s.create_game(&new_game("c"), &seat("ana")).await.unwrap();
    s.start_game(id, "{}", Some(&timer(id, 0, Some(100), None)), 2)
        .await
        .unwrap();
    assert_eq!(s.draw_offer(id).await.unwrap(), None);
    let offer = DrawOffer {
        seat: 0,
        turn: 0,
        at: 3,
    };
    s.set_draw_offer(id, Some(offer)).await.unwrap();
    assert_eq!(s.draw_offer(id).await.unwrap(), Some(offer));
    // A second offer replaces the first; taken back, there is none.
    let again = DrawOffer { seat: 1, ..offer };
    s.set_draw_offer(id, Some(again)).await.unwrap();
    assert_eq!(s.draw_offer(id).await.unwrap(), Some(again));
    s.set_draw_offer(id, None).await.unwrap();
    assert_eq!(s.draw_offer(id).await.unwrap(), None);
    s.set_draw_offer(id, Some(offer)).await.unwrap();
    let drawn = |seat: u8, user: &str| ResultRow {
        seat,
        user_id: user.into(),
        display_name: user.to_uppercase(),
        computer: false,
        rank: 1,
        finish: "agreed-draw".into(),
        extra: None,
    };
    let end = AgreedEnd {
        game: id,
        turn: 0,
        results: vec![drawn(0, "ana"), drawn(1, "bo")],
        message: Some(MessageKey {
            platform: "local".into(),
            id: "m1".into(),
        }),
        at: 9,
    };
    // At a turn the game has left, nothing is written.
    let stale = AgreedEnd {
        turn: 1,
        message: None,
        ..end.clone()
    };
    assert!(matches!(
        s.end_by_agreement(&stale).await,
        Err(StoreError::Conflict)
    ));
    assert!(s.results(id).await.unwrap().is_empty());
    s.end_by_agreement(&end).await.unwrap();
    let row = s.game(id).await.unwrap().unwrap();
    assert_eq!((row.status, row.updated_at), (GameStatus::Over, 9));
    assert_eq!(s.results(id).await.unwrap(), end.results);
    assert_eq!(s.timer(id).await.unwrap(), None);
    assert_eq!(s.draw_offer(id).await.unwrap(), None);
    assert!(s.handled(end.message.as_ref().unwrap()).await.unwrap());
    // Once over, it cannot end again.
    assert!(matches!(
        s.end_by_agreement(&AgreedEnd {
            message: None,
            ..end.clone()
        })
        .await,
        Err(StoreError::Conflict)
    ));
    assert!(matches!(
        s.end_by_agreement(&end).await,
        Err(StoreError::Duplicate)
    ));
}
