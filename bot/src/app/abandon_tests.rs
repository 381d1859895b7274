//! `/abandon` of a game under way ends it: its seed is told, so its record (with the seed,
//! marked abandoned), its replay, `/log`, `/recap` and `/luck` stay in reach until a newer
//! game ends, as a finished game's do; but it counts in no records. An abandoned lobby
//! never started, and shows nowhere.

use std::sync::Arc;

use super::{
    Ctx, Reply, Service, Visibility,
    tests::{active_user, ctx, gif_frames, say, service, started},
};
use crate::store::{GameStatus, GameStore};

/// Semáforo for ana and bo, started, two turns played from the buttons: the last post.
async fn two_turns_of_semaforo<S: GameStore>(s: &Service<S>) -> Reply {
    say(s, "ana", "/new semaforo").await;
    say(s, "bo", "/join").await;
    let mut r = say(s, "ana", "/start").await;
    for _ in 0..2 {
        let next = r.mention[0].user_id.clone();
        let action = r.quick().next().expect("a button").payload.clone();
        r = say(s, &next, &format!("/play {action}")).await;
    }
    r
}

/// The record file `/export` attached, as text.
fn record_file(r: &Reply) -> String {
    assert_eq!(r.files.len(), 1, "one file: {}", r.text);
    assert!(
        r.files[0].name.ends_with("-record.json"),
        "{}",
        r.files[0].name
    );
    String::from_utf8(r.files[0].bytes.clone()).unwrap()
}

#[tokio::test]
async fn an_abandoned_game_is_exported_with_its_seed_replayed_and_logged() {
    let s = service().await;
    let s = s.with_replays(Arc::new(crate::render_replay));
    let last = two_turns_of_semaforo(&s).await;
    let (id, _) = last.turn.expect("a turn");
    let seed = s.store().game(id).await.unwrap().unwrap().seed;
    let gone = say(&s, "ana", "/abandon").await;
    assert!(gone.text.contains(&seed), "{}", gone.text);

    // Its record: the seed told at abandonment, marked abandoned, and it verifies.
    let export = say(&s, "cy", "/export").await;
    assert_eq!(export.visibility, Visibility::Public, "{}", export.text);
    assert!(
        export.text.contains("abandoned after 2 turns"),
        "{}",
        export.text
    );
    let file = record_file(&export);
    let value: serde_json::Value = serde_json::from_str(&file).unwrap();
    assert_eq!(value["seed"], seed.as_str(), "{file}");
    assert_eq!(value["result"]["abandoned"], true, "{file}");
    assert_eq!(value["result"]["winner"], serde_json::Value::Null, "{file}");
    assert_eq!(value["actions"].as_array().map(Vec::len), Some(2), "{file}");
    let verdict = crate::verify::check_text(&file).unwrap();
    assert!(verdict.verified, "{verdict}");
    assert!(verdict.text.contains("abandoned"), "{verdict}");

    // Its replay: the start and its two turns.
    let replay = say(&s, "cy", "/replay").await;
    assert_eq!(replay.visibility, Visibility::Public, "{}", replay.text);
    assert!(replay.text.contains("abandoned"), "{}", replay.text);
    assert_eq!(replay.files.len(), 1, "{}", replay.text);
    assert!(replay.files[0].name.ends_with("-replay.gif"));
    assert_eq!(gif_frames(&replay.files[0].bytes), 3);

    // `/log` tells both turns and ends with the abandonment, not a "game over".
    let log = say(&s, "bo", "/log").await;
    assert_eq!(log.visibility, Visibility::Private, "{}", log.text);
    assert_eq!(log.text.lines().count(), 4, "{}", log.text);
    assert!(
        log.text.ends_with("The game was abandoned."),
        "{}",
        log.text
    );
    assert!(!log.text.contains("Game over"), "{}", log.text);
    // `/recap` and `/status` say it was abandoned, and call nobody to play.
    for asked in ["/recap", "/status"] {
        let r = say(&s, "ana", asked).await;
        assert!(
            r.text.contains("The game was abandoned."),
            "{asked}: {}",
            r.text
        );
        assert!(r.mention.is_empty() && r.buttons.is_empty(), "{asked}");
    }
    // An action is refused with how the game ended, not who would be next.
    let late = say(&s, "bo", "/play 1").await;
    assert_eq!(late.visibility, Visibility::Private, "{}", late.text);
    assert!(late.text.contains("Semáforo #1 has ended"), "{}", late.text);
    assert!(
        late.text.contains("The game was abandoned."),
        "{}",
        late.text
    );

    // A newer lobby leaves it shown; a newer game abandoned in its lobby too.
    say(&s, "ana", "/new nim").await;
    assert!(say(&s, "cy", "/export").await.text.contains("Semáforo #1"));
    say(&s, "ana", "/abandon").await;
    assert!(say(&s, "cy", "/replay").await.text.contains("Semáforo #1"));
}

/// Labscape's own record file (every roll in it) of an abandoned game carries its seed,
/// says it was abandoned, and verifies; `/luck` reads its dice.
#[tokio::test]
async fn an_abandoned_labscape_games_record_verifies_and_its_luck_is_told() {
    let s = service().await;
    let mut r = started(&s).await;
    for _ in 0..3 {
        r = say(&s, &active_user(&r), "/wait 3").await;
    }
    say(&s, "ana", "/abandon").await;
    let export = say(&s, "cy", "/export").await;
    assert!(export.text.contains("every roll"), "{}", export.text);
    let file = record_file(&export);
    let value: serde_json::Value = serde_json::from_str(&file).unwrap();
    assert!(value["seed"].is_string(), "{file}");
    assert_eq!(value["abandoned"], true, "{file}");
    let verdict = crate::verify::check_text(&file).unwrap();
    assert!(verdict.verified, "{verdict}");
    assert!(verdict.text.contains("abandoned"), "{verdict}");
    let luck = say(&s, "cy", "/luck").await;
    assert_eq!(luck.visibility, Visibility::Public, "{}", luck.text);
}

/// An abandoned lobby never started: nothing of it shows, and the chat's last ended game
/// stays the one shown.
#[tokio::test]
async fn an_abandoned_lobby_is_not_shown() {
    let s = service().await;
    say(&s, "ana", "/new semaforo").await;
    say(&s, "bo", "/join").await;
    say(&s, "ana", "/abandon").await;
    for asked in ["/export", "/replay", "/luck", "/log"] {
        let r = say(&s, "cy", asked).await;
        assert_eq!(r.visibility, Visibility::Private, "{asked}: {}", r.text);
        assert!(r.files.is_empty(), "{asked}");
        assert!(!r.text.contains("Semáforo"), "{asked}: {}", r.text);
    }
    let play = say(&s, "bo", "/play 1").await;
    assert!(!play.text.contains("abandoned"), "{}", play.text);
}

/// Records count only games played to the end: an abandoned game is not in the chat's
/// results, nor on its boards.
#[tokio::test]
async fn an_abandoned_game_counts_in_no_records() {
    let s = service().await;
    say(&s, "ana", "/new nim stones=3").await;
    say(&s, "bo", "/join").await;
    let start = say(&s, "ana", "/start").await;
    say(&s, &start.mention[0].user_id.clone(), "/play 3").await;
    let nim_board = say(&s, "ana", "/records nim").await;
    two_turns_of_semaforo(&s).await;
    say(&s, "ana", "/abandon").await;
    let scope = ctx("ana").scope;
    let results = s.store().chat_results(&scope).await.unwrap();
    assert_eq!(
        results.len(),
        2,
        "the Nim game's two seats alone: {results:?}"
    );
    let board = say(&s, "ana", "/records").await;
    assert!(
        board.text.contains("No game of Semáforo has finished"),
        "{}",
        board.text
    );
    assert_eq!(say(&s, "ana", "/records nim").await.text, nim_board.text);
    let mine = say(&s, "ana", "/records me").await;
    assert!(mine.text.contains("one game"), "{}", mine.text);
}

/// Skarb keeps the architect's hedges secret while it runs; abandoned, it has ended, so its
/// record and its whole log may be shown, as a finished game's are.
#[tokio::test]
async fn an_abandoned_game_with_secrets_shows_its_record_and_secrets() {
    let s = service().await;
    say(&s, "ana", "/new skarb size=5 map=no").await;
    say(&s, "bo", "/join").await;
    say(&s, "ana", "/start").await;
    let ana = Ctx {
        private: true,
        ..ctx("ana")
    };
    let r = s.handle_line(&ana, "/play a1").await;
    s.posted(&r).await;
    say(&s, "bo", "/play n").await;
    let refused = say(&s, "cy", "/export").await;
    assert!(
        refused.files.is_empty(),
        "secret while it runs: {}",
        refused.text
    );
    say(&s, "ana", "/abandon").await;
    let row = s.store().last_ended_game(&ctx("cy").scope).await.unwrap();
    assert_eq!(row.map(|r| r.status), Some(GameStatus::Abandoned));
    let export = say(&s, "cy", "/export").await;
    let file = record_file(&export);
    assert!(file.contains("\"a1\""), "{file}");
    let log = say(&s, "cy", "/log 100").await;
    let words: Vec<&str> = log.text.split(|c: char| !c.is_alphanumeric()).collect();
    assert!(words.contains(&"a1"), "the hedge is told: {}", log.text);
}
