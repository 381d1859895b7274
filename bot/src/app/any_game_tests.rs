//! A game the service was not written for — Nim, core's test game — played through the
//! service: lobby, options, seats, turns, refusals, computer players, results.

use labscape_core::GameKind;

use super::{
    Visibility,
    tests::{say, service},
};
use crate::store::GameStore;

fn nim() -> GameKind {
    GameKind::from_id("nim").expect("the test game is built in tests")
}

#[tokio::test]
async fn a_game_from_the_list_plays_through_the_service() {
    assert_eq!(nim().id(), "nim");
    let s = service().await;
    let open = say(&s, "ana", "/new nim stones=5").await;
    assert_eq!(open.visibility, Visibility::Public, "{}", open.text);
    assert!(open.text.contains("Nim #1"), "{}", open.text);
    assert!(open.text.contains("stones=5"), "{}", open.text);
    say(&s, "bo", "/join").await;
    let started = say(&s, "ana", "/start").await;
    assert_eq!(started.visibility, Visibility::Public, "{}", started.text);
    assert_eq!(started.mention[0].user_id, "ana");
    assert_eq!(
        started
            .quick()
            .map(|q| q.payload.as_str())
            .collect::<Vec<_>>(),
        ["1", "2", "3"]
    );

    // Refusals are private and change nothing.
    let not_yours = say(&s, "bo", "/play 1").await;
    assert_eq!(not_yours.visibility, Visibility::Private);
    let unreadable = say(&s, "ana", "/play nine").await;
    assert_eq!(unreadable.visibility, Visibility::Private);
    assert!(unreadable.text.contains("nine"), "{}", unreadable.text);
    let row = s.store().game(super::GameId(1)).await.unwrap().unwrap();
    assert_eq!(row.turn, 0);
    // The start shows the seed's commitment, revealed with the seed at the end.
    assert!(
        started
            .text
            .contains(&format!("Seed commitment (SHA-256): {}", row.seed_hash)),
        "{}",
        started.text
    );
    assert!(!started.text.contains(&row.seed), "{}", started.text);

    let r = say(&s, "ana", "/play 2").await;
    assert_eq!(r.visibility, Visibility::Public, "{}", r.text);
    assert!(r.text.contains("ANA played 2"), "{}", r.text);
    assert_eq!(r.mention[0].user_id, "bo");
    let status = say(&s, "bo", "/status").await;
    assert_eq!(status.visibility, Visibility::Private);
    assert!(status.text.contains("turn 1"), "{}", status.text);

    let end = say(&s, "bo", "/play 3").await;
    assert!(end.text.contains("BO wins"), "{}", end.text);
    assert!(end.mention.is_empty());
    let results = s.store().results(super::GameId(1)).await.unwrap();
    assert_eq!(
        results
            .iter()
            .map(|r| (r.user_id.as_str(), r.rank, r.finish.as_str()))
            .collect::<Vec<_>>(),
        [("ana", 2, "lost"), ("bo", 1, "won")]
    );
    // The game is over: the chat is free for the next.
    let again = say(&s, "ana", "/new nim").await;
    assert_eq!(again.visibility, Visibility::Public, "{}", again.text);
}

#[tokio::test]
async fn computer_players_take_their_turns_and_options_are_checked() {
    let s = service().await;
    let bad = say(&s, "ana", "/new nim colour=red").await;
    assert_eq!(bad.visibility, Visibility::Private);
    assert!(bad.text.contains("colour"), "{}", bad.text);
    let bad = say(&s, "ana", "/new nim stones=99").await;
    assert_eq!(bad.visibility, Visibility::Private);
    say(&s, "ana", "/new nim stones=10").await;
    let unknown = say(&s, "ana", "/addbot genius").await;
    assert_eq!(unknown.visibility, Visibility::Private);
    assert!(unknown.text.contains("strong"), "{}", unknown.text);
    say(&s, "ana", "/addbot strong").await;
    say(&s, "ana", "/start").await;
    // Ana takes 1 (9 left); the strong bot leaves a multiple of four, whatever ana does.
    let r = say(&s, "ana", "/play 1").await;
    assert!(r.text.contains("Bot 2 (strong) played 1"), "{}", r.text);
    let r = say(&s, "ana", "/play 3").await;
    assert!(r.text.contains("Bot 2 (strong) played 1"), "{}", r.text);
    let r = say(&s, "ana", "/play 1").await;
    assert!(r.text.contains("Bot 2 (strong) played 3"), "{}", r.text);
    assert!(r.text.contains("Bot 2 (strong) wins"), "{}", r.text);
    // Labscape's own commands say so instead of failing.
    let replay = say(&s, "ana", "/luck").await;
    assert_eq!(replay.visibility, Visibility::Private);
}

#[tokio::test]
async fn a_board_game_posts_its_image_and_buttons_every_turn() {
    use std::sync::{Arc, atomic::AtomicI64};

    use crate::store::SqliteStore;

    let dir = tempfile::tempdir().unwrap();
    let store = SqliteStore::open(dir.path().join("g.db").to_str().unwrap())
        .await
        .unwrap();
    let renderer: super::Renderer = Arc::new(crate::render_turn);
    let s = super::Service::new(
        store,
        Arc::new(super::tests::FakeClock(AtomicI64::new(1_000))),
        Some(renderer),
    );
    say(&s, "ana", "/new semaforo").await;
    say(&s, "bo", "/join").await;
    let start = say(&s, "ana", "/start").await;
    let png = start.image.as_ref().expect("the board is drawn");
    assert_eq!(&png[1..4], b"PNG");
    assert_eq!(start.quick().count(), 12, "every square is a button");
    let r = say(&s, "ana", "/play C1").await;
    assert!(r.text.contains("ANA played c1"), "{}", r.text);
    assert!(r.image.is_some());
    assert_eq!(r.mention[0].user_id, "bo");
    let rules = say(&s, "bo", "/rules").await;
    assert!(rules.text.contains("second player wins"), "{}", rules.text);
    assert!(
        say(&s, "bo", "/rules avanco")
            .await
            .text
            .contains("Breakthrough")
    );
    let refused = say(&s, "bo", "/play e9").await;
    assert_eq!(refused.visibility, Visibility::Private);
    assert!(refused.text.contains("e9"), "{}", refused.text);
}

#[tokio::test]
async fn a_whole_turn_of_several_placements_is_one_message_all_or_nothing() {
    let s = service().await;
    say(&s, "ana", "/new flume").await;
    say(&s, "bo", "/join").await;
    say(&s, "ana", "/start").await;
    say(&s, "ana", "/play a2").await;
    say(&s, "bo", "/play g6").await;
    // a1 now has one empty neighbour (b1): ana places again, then b1 ends her turn.
    let refused = say(&s, "ana", "/play a1 a1").await;
    assert_eq!(refused.visibility, Visibility::Private);
    assert!(refused.text.contains("Part 2"), "{}", refused.text);
    let row = s.store().game(super::GameId(1)).await.unwrap().unwrap();
    assert_eq!(row.turn, 2, "nothing was played");
    let r = say(&s, "ana", "/play a1 b1").await;
    assert_eq!(r.visibility, Visibility::Public, "{}", r.text);
    assert!(
        r.text.contains("ANA played a1") && r.text.contains("ANA played b1"),
        "{}",
        r.text
    );
    assert_eq!(r.mention[0].user_id, "bo");
    let row = s.store().game(super::GameId(1)).await.unwrap().unwrap();
    assert_eq!(row.turn, 4);
}

/// A board game's end attaches its replay, one frame per action after the start, and
/// `/replay` gives the same afterwards.
#[tokio::test]
async fn a_board_game_ends_with_its_replay() {
    use std::sync::{Arc, atomic::AtomicI64};

    use crate::store::SqliteStore;

    let dir = tempfile::tempdir().unwrap();
    let store = SqliteStore::open(dir.path().join("g.db").to_str().unwrap())
        .await
        .unwrap();
    let renderer: super::Renderer = Arc::new(crate::render_turn);
    let s = super::Service::new(
        store,
        Arc::new(super::tests::FakeClock(AtomicI64::new(1_000))),
        Some(renderer),
    )
    .with_replays(Arc::new(crate::render_replay));
    say(&s, "ana", "/new semaforo").await;
    say(&s, "bo", "/join").await;
    let mut r = say(&s, "ana", "/start").await;
    let mut plies = 0;
    while let Some(next) = r.mention.first().map(|m| m.user_id.clone()) {
        let action = r.quick().next().expect("a button").payload.clone();
        r = say(&s, &next, &format!("/play {action}")).await;
        assert_eq!(r.visibility, Visibility::Public, "{}", r.text);
        plies += 1;
        assert!(plies < 40, "a Semáforo game ends");
    }
    let gif = &r
        .files
        .first()
        .expect("the replay comes with the last turn")
        .bytes;
    assert_eq!(&gif[..6], b"GIF89a");
    let frames = |bytes: &[u8]| {
        let mut o = gif::DecodeOptions::new();
        o.set_color_output(gif::ColorOutput::Indexed);
        let mut d = o.read_info(bytes).unwrap();
        let mut n = 0;
        while d.next_frame_info().unwrap().is_some() {
            n += 1;
        }
        n
    };
    assert_eq!(frames(gif), plies + 1);
    let again = say(&s, "bo", "/replay").await;
    assert_eq!(&again.files[0].bytes, gif);
}

/// `/new G @someone` keeps the free seat for them; the creator may play second, or let
/// the seed decide, and the game starts in that order.
#[tokio::test]
async fn a_challenge_keeps_its_seat_and_the_creator_chooses_a_side() {
    let s = service().await;
    let open = say(&s, "ana", "/new gatos-caes @bo second").await;
    assert_eq!(open.visibility, Visibility::Public, "{}", open.text);
    assert!(open.text.contains("challenges @bo"), "{}", open.text);
    assert!(open.text.contains("ANA plays second"), "{}", open.text);
    let cy = say(&s, "cy", "/join").await;
    assert_eq!(cy.visibility, Visibility::Private);
    assert!(cy.text.contains("challenge"), "{}", cy.text);
    let bot = say(&s, "ana", "/addbot").await;
    assert_eq!(bot.visibility, Visibility::Private, "{}", bot.text);
    let bo = say(&s, "bo", "/join").await;
    assert_eq!(bo.visibility, Visibility::Public, "{}", bo.text);
    let started = say(&s, "ana", "/start").await;
    assert_eq!(started.visibility, Visibility::Public, "{}", started.text);
    // bo plays first: the creator asked for the second seat.
    assert_eq!(started.mention[0].user_id, "bo");
    let seats = s.store().seats(super::GameId(1)).await.unwrap();
    assert_eq!(
        seats.iter().map(|s| s.user_id.as_str()).collect::<Vec<_>>(),
        ["bo", "ana"]
    );

    // A side left to the seed is the same for the same seed, and either side can come up.
    let mut firsts = std::collections::BTreeSet::new();
    for n in 0..8 {
        let s = service().await;
        let s = s.with_seed(format!("side-{n}"));
        say(&s, "ana", "/new semaforo random").await;
        say(&s, "bo", "/join").await;
        let started = say(&s, "ana", "/start").await;
        firsts.insert(started.mention[0].user_id.clone());
    }
    assert_eq!(firsts.len(), 2, "{firsts:?}");
}

/// A move set too large for a row of buttons is a two-step choice: the piece first (its
/// button asks, privately, for that piece's moves), then the move.
#[tokio::test]
async fn a_large_move_set_is_chosen_in_two_steps() {
    let s = service().await;
    say(&s, "ana", "/new avanco").await;
    say(&s, "bo", "/join").await;
    let start = say(&s, "ana", "/start").await;
    let first = start.quick().next().expect("buttons").clone();
    assert!(first.payload.starts_with("pick "), "{:?}", start.buttons);
    assert!(first.label.ends_with('…'), "{first:?}");
    assert!(start.quick().count() <= 12);
    let moves = say(&s, "ana", &format!("/play {}", first.payload)).await;
    assert_eq!(moves.visibility, Visibility::Private, "{}", moves.text);
    assert!(moves.quick().next().is_some());
    let key = first.payload.trim_start_matches("pick ");
    assert!(
        moves.quick().all(|q| q.payload.starts_with(key)),
        "{:?}",
        moves.buttons
    );
    // Nothing was played; the move is.
    let row = s.store().game(super::GameId(1)).await.unwrap().unwrap();
    assert_eq!(row.turn, 0);
    let first_move = moves.quick().next().expect("a move").payload.clone();
    let played = say(&s, "ana", &format!("/play {first_move}")).await;
    assert_eq!(played.visibility, Visibility::Public, "{}", played.text);
    // Someone else cannot pick for the player to move.
    let not_yours = say(&s, "ana", &format!("/play {}", first.payload)).await;
    assert_eq!(not_yours.visibility, Visibility::Private);
}

/// A button press names its game: a button of a game that is no longer the chat's live
/// one is old whatever its turn, and a repeated delivery is marked, not compared by text.
#[tokio::test]
async fn a_press_is_checked_against_the_live_game_and_a_repeat_is_marked() {
    use super::{Command, tests::ctx};
    let s = service().await;
    say(&s, "ana", "/new nim stones=9").await;
    say(&s, "bo", "/join").await;
    let start = say(&s, "ana", "/start").await;
    let (game, turn) = start.turn.expect("a turn");
    let old = s
        .handle(
            &ctx("ana"),
            Command::Press {
                game: game.0 + 1,
                turn,
                action: "1".into(),
            },
        )
        .await;
    assert_eq!(old.visibility, Visibility::Private, "{}", old.text);
    let mut c = ctx("ana");
    c.delivery = Some("press-1".into());
    let press = Command::Press {
        game: game.0,
        turn,
        action: "1".into(),
    };
    let played = s.handle(&c, press.clone()).await;
    assert_eq!(played.visibility, Visibility::Public, "{}", played.text);
    assert!(!played.repeated);
    let again = s.handle(&c, press).await;
    assert!(again.repeated, "{}", again.text);
}

/// A typed turn delivered twice (a platform's retry) is applied once, and the second
/// delivery is marked as a repeat rather than refused by the game ("not your turn").
#[tokio::test]
async fn a_retried_typed_turn_is_applied_once_and_marked() {
    use super::{Command, tests::ctx};
    let s = service().await;
    say(&s, "ana", "/new nim stones=9").await;
    say(&s, "bo", "/join").await;
    let start = say(&s, "ana", "/start").await;
    let (game, _) = start.turn.expect("a turn");
    let mut c = ctx("ana");
    c.delivery = Some("update-7".into());
    let play = Command::Play {
        action: "1".into(),
        expected_turn: None,
    };
    let played = s.handle(&c, play.clone()).await;
    assert_eq!(played.visibility, Visibility::Public, "{}", played.text);
    let again = s.handle(&c, play).await;
    assert!(again.repeated, "{}", again.text);
    assert_eq!(s.store().actions(game, 0).await.unwrap().len(), 1);
}

/// A board game's lobby is named after its game everywhere (the Discord thread too), and
/// a seat count the game cannot take is refused in the game's terms.
#[tokio::test]
async fn a_board_games_lobby_is_named_after_it_and_refuses_a_seat_count_it_cannot_seat() {
    let s = service().await;
    let too_many = say(&s, "ana", "/new avanco 3").await;
    assert_eq!(
        too_many.visibility,
        Visibility::Private,
        "{}",
        too_many.text
    );
    assert!(
        too_many.text.contains("exactly 2 players, not 3"),
        "{}",
        too_many.text
    );
    assert!(
        s.live_summary(&super::tests::ctx("ana").scope)
            .await
            .is_none()
    );
    say(&s, "ana", "/new avanco").await;
    let live = s
        .live_summary(&super::tests::ctx("ana").scope)
        .await
        .expect("a lobby");
    assert_eq!(live.name, "Avanço #1");
    assert!(live.in_lobby);
    let labscape = service().await;
    say(&labscape, "ana", "/new single 9").await;
    let r = say(&labscape, "ana", "/new single").await;
    assert_eq!(r.visibility, Visibility::Public, "{}", r.text);
    let live = labscape
        .live_summary(&super::tests::ctx("ana").scope)
        .await
        .expect("a lobby");
    assert_eq!(live.name, "Labscape #1");
}

/// A message whose first part ends the turn says so (Produto's first turn is one stone),
/// rather than "it is not your turn", and plays nothing.
#[tokio::test]
async fn a_part_after_the_end_of_the_turn_is_refused_for_that_reason() {
    let s = service().await;
    say(&s, "ana", "/new produto").await;
    say(&s, "bo", "/join").await;
    let start = say(&s, "ana", "/start").await;
    let first = start.mention[0].user_id.clone();
    let r = say(&s, &first, "/play e5b f6w").await;
    assert_eq!(r.visibility, Visibility::Private, "{}", r.text);
    assert!(r.text.contains("Your turn ends with “e5b”"), "{}", r.text);
    assert!(
        r.text.contains("Black's first turn is one stone"),
        "{}",
        r.text
    );
    assert!(!r.text.contains("not your turn"), "{}", r.text);
    let row = s.store().game(super::GameId(1)).await.unwrap().unwrap();
    assert_eq!(row.turn, 0, "nothing was played");
}

/// With the map nothing is secret in Skarb: it plays like any board game (without it,
/// `secret_tests.rs`).
#[tokio::test]
async fn skarb_with_the_map_plays_like_any_board_game() {
    let s = service().await;
    let open = say(&s, "ana", "/new skarb size=6").await;
    assert_eq!(open.visibility, Visibility::Public, "{}", open.text);
    assert!(open.text.contains("map=yes"), "{}", open.text);
    say(&s, "bo", "/join").await;
    let started = say(&s, "ana", "/start").await;
    assert_eq!(started.visibility, Visibility::Public, "{}", started.text);
    let wrong = say(&s, "ana", "/play n").await;
    assert_eq!(wrong.visibility, Visibility::Private);
    assert!(
        wrong.text.contains("only the seeker walks"),
        "{}",
        wrong.text
    );
    let planted = say(&s, "ana", "/play c3").await;
    assert_eq!(planted.visibility, Visibility::Public, "{}", planted.text);
    let stepped = say(&s, "bo", "/play e1").await;
    assert!(stepped.text.contains("played w"), "{}", stepped.text);
    let row = s.store().game(super::GameId(1)).await.unwrap().unwrap();
    assert_eq!(row.turn, 2);
}

/// A game of two to four whose actions are public and whose outcomes are secret (its
/// profile's `public_actions`: Labirinto da Hidra, issue 37) opens a lobby for as many
/// seats as its options say; a bad option is refused privately and opens nothing.
#[tokio::test]
async fn a_game_with_public_actions_opens_its_lobby_and_refuses_a_bad_option() {
    let s = service().await;
    let no = say(&s, "ana", "/new hidra players=7").await;
    assert_eq!(no.visibility, Visibility::Private, "{}", no.text);
    assert!(s.store().game(super::GameId(1)).await.unwrap().is_none());
    let open = say(&s, "ana", "/new hidra players=3").await;
    assert_eq!(open.visibility, Visibility::Public, "{}", open.text);
    let row = s.store().game(super::GameId(1)).await.unwrap().unwrap();
    assert_eq!(row.max_players, 3);
    assert!(crate::games::of(row.kind).profile().public_actions);
}
