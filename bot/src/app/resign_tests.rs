//! `/resign`: a player gives a two-player game up and the other wins, rated and recorded;
//! refused where the game has no such end, to someone not seated, and in a lobby.

use labscape_core::GameKind;

use super::{
    RESIGNED, Visibility,
    tests::{ctx, say, service},
};
use crate::store::{GameStatus, GameStore};

#[tokio::test]
async fn a_player_who_resigns_loses_and_the_game_is_over_everywhere() {
    let s = service().await;
    say(&s, "ana", "/new soccolot").await;
    say(&s, "bo", "/join").await;
    let start = say(&s, "ana", "/start").await;
    let id = start.turn.expect("a game").0;
    let help = say(&s, "bo", "/help").await;
    assert!(help.text.contains("/resign"), "{}", help.text);
    // Bo resigns on ana's turn: anyone seated may, at any time.
    let resigned = say(&s, "bo", "/resign").await;
    assert_eq!(resigned.visibility, Visibility::Public, "{}", resigned.text);
    assert!(
        resigned.text.contains("BO resigns: ANA wins Soccolot #1."),
        "{}",
        resigned.text
    );
    assert!(resigned.text.contains("seed"), "{}", resigned.text);
    assert!(resigned.buttons.is_empty() && resigned.mention.is_empty());

    let row = s.store.game(id).await.unwrap().unwrap();
    assert_eq!(row.status, GameStatus::Over);
    let results = s.store.results(id).await.unwrap();
    let finish: Vec<(&str, u8, &str)> = results
        .iter()
        .map(|r| (r.user_id.as_str(), r.rank, r.finish.as_str()))
        .collect();
    assert_eq!(finish, [("ana", 1, "won"), ("bo", 2, RESIGNED)]);
    let rated = s
        .store
        .ratings_of("local", GameKind::Soccolot, &["ana".into(), "bo".into()])
        .await
        .unwrap();
    let wins: Vec<(i64, i64)> = rated.iter().map(|r| (r.wins, r.losses)).collect();
    assert_eq!(wins, [(1, 0), (0, 1)], "{rated:?}");

    // Over: an action is refused with how it ended, and /status says it, not who is next.
    let late = say(&s, "ana", "/play e1-e2").await;
    assert!(late.text.contains("BO resigned."), "{}", late.text);
    let status = say(&s, "ana", "/status").await;
    assert!(status.text.contains("BO resigned."), "{}", status.text);
    assert!(!status.text.contains("Next"), "{}", status.text);
    let log = say(&s, "ana", "/log").await;
    assert!(log.text.ends_with("BO resigned."), "{}", log.text);
    let recap = say(&s, "bo", "/recap").await;
    assert!(recap.text.ends_with("BO resigned."), "{}", recap.text);
    assert!(!recap.text.contains("Next"), "{}", recap.text);
    let again = say(&s, "bo", "/resign").await;
    assert_eq!(again.visibility, Visibility::Private, "{}", again.text);
    // Its record tells who resigned, and verifies.
    let export = say(&s, "ana", "/export").await;
    let file = String::from_utf8(export.files[0].bytes.clone()).unwrap();
    assert!(file.contains("\"resigned\": 1"), "{file}");
    assert!(file.contains("\"winner\": 0"), "{file}");
    let crate::verify::RecordVerdict {
        verified,
        text: verdict,
    } = crate::verify::check_text(&file).unwrap();
    assert!(verified, "{verdict}");
    assert!(verdict.contains("seat 1 resigned"), "{verdict}");
}

#[tokio::test]
async fn resigning_is_refused_in_a_lobby_to_onlookers_and_where_games_are_played_out() {
    let s = service().await;
    say(&s, "ana", "/new sages").await;
    say(&s, "bo", "/join").await;
    let lobby = say(&s, "ana", "/resign").await;
    assert_eq!(lobby.visibility, Visibility::Private, "{}", lobby.text);
    say(&s, "ana", "/start").await;
    let onlooker = s.handle_line(&ctx("cy"), "/resign").await;
    assert_eq!(
        onlooker.visibility,
        Visibility::Private,
        "{}",
        onlooker.text
    );
    let status = say(&s, "ana", "/status").await;
    assert!(!status.text.contains("ended"), "{}", status.text);
    say(&s, "ana", "/abandon").await;

    super::tests::started(&s).await;
    let labscape = say(&s, "ana", "/resign").await;
    assert!(
        labscape.text.contains("cannot be resigned"),
        "{}",
        labscape.text
    );
    let help = say(&s, "ana", "/help").await;
    assert!(!help.text.contains("/resign"), "{}", help.text);
}
