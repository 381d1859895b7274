//! `/draw`: a draw offered, accepted (by command or button), declined, taken back, lapsed
//! by the other player's move; refused where it has no meaning; the game drawn is over,
//! rated as a draw, and its record verifies.

use labscape_core::GameKind;

use super::{
    AGREED_DRAW, Command, DRAW_NO, DRAW_YES, Visibility,
    tests::{ctx, say, service},
};
use crate::store::{GameId, GameStatus, GameStore, MemoryStore};

/// A started game of Nim (nine stones) between ana (first) and bo; its id.
async fn nim(s: &super::Service<MemoryStore>) -> GameId {
    say(s, "ana", "/new nim stones=9").await;
    say(s, "bo", "/join").await;
    let start = say(s, "ana", "/start").await;
    assert_eq!(start.mention[0].user_id, "ana", "{}", start.text);
    start.turn.expect("a game").0
}

/// `user` presses the button `payload` under the post of `game`'s turn `turn`.
async fn press(
    s: &super::Service<MemoryStore>,
    user: &str,
    game: GameId,
    turn: i64,
    payload: &str,
) -> super::Reply {
    let mut c = ctx(user);
    c.delivery = Some(format!("press-{user}-{payload}-{turn}"));
    let cmd = Command::Press {
        game: game.0,
        turn,
        action: payload.into(),
    };
    s.handle(&c, cmd).await
}

#[tokio::test]
async fn a_draw_offered_and_accepted_ends_the_game_both_first_and_rated_as_a_draw() {
    let s = service().await;
    let id = nim(&s).await;
    let offer = say(&s, "ana", "/draw").await;
    assert_eq!(offer.visibility, Visibility::Public, "{}", offer.text);
    assert!(
        offer.text.contains("ANA offers BO a draw"),
        "{}",
        offer.text
    );
    assert_eq!(offer.mention[0].user_id, "bo");
    // Bo is called for an answer: it is still ana's turn.
    assert_eq!(offer.call, super::Call::Answer);
    let payloads: Vec<&str> = offer.quick().map(|b| b.payload.as_str()).collect();
    assert_eq!(payloads, [DRAW_YES, DRAW_NO]);
    let (_, turn) = offer.turn.expect("the buttons' turn");
    // Offering twice changes nothing; nor does the offerer's own button.
    let again = say(&s, "ana", "/draw").await;
    assert_eq!(again.visibility, Visibility::Private, "{}", again.text);
    assert!(again.text.contains("BO has not answered"), "{}", again.text);
    // The offer stands over the offerer's own move.
    say(&s, "ana", "/play 2").await;
    let accepted = press(&s, "bo", id, turn, DRAW_YES).await;
    assert_eq!(accepted.visibility, Visibility::Public, "{}", accepted.text);
    assert!(
        accepted
            .text
            .contains("BO accepts ANA's offer: Nim #1 ends in a draw."),
        "{}",
        accepted.text
    );
    assert!(accepted.buttons.is_empty() && accepted.mention.is_empty());

    let row = s.store.game(id).await.unwrap().unwrap();
    assert_eq!((row.status, row.turn), (GameStatus::Over, 1));
    let results = s.store.results(id).await.unwrap();
    assert_eq!(results.len(), 2);
    assert!(
        results
            .iter()
            .all(|r| r.rank == 1 && r.finish == AGREED_DRAW),
        "{results:?}"
    );
    let rated = s
        .store
        .ratings_of("local", GameKind::Nim, &["ana".into(), "bo".into()])
        .await
        .unwrap();
    assert_eq!(rated.len(), 2, "{rated:?}");
    for r in &rated {
        assert_eq!((r.games, r.wins, r.losses, r.draws), (1, 0, 0, 1), "{r:?}");
        assert!((r.rating.rating - 1500.0).abs() < 1.0, "{r:?}");
    }

    // The game is over: an action is refused with how it ended; a second acceptance too.
    let late = say(&s, "bo", "/play 1").await;
    assert!(late.text.contains("Drawn by agreement."), "{}", late.text);
    let twice = press(&s, "ana", id, turn, DRAW_YES).await;
    assert_eq!(twice.visibility, Visibility::Private, "{}", twice.text);
    // Its record tells the draw, and verifies.
    let export = say(&s, "ana", "/export").await;
    let file = String::from_utf8(export.files[0].bytes.clone()).unwrap();
    assert!(file.contains("\"agreed\": \"draw\""), "{file}");
    let crate::verify::RecordVerdict {
        verified,
        text: verdict,
    } = crate::verify::check_text(&file).unwrap();
    assert!(verified, "{verdict}");
    assert!(verdict.contains("agreed a draw"), "{verdict}");
}

#[tokio::test]
async fn an_offer_is_declined_taken_back_or_lapses_when_the_other_player_moves() {
    let s = service().await;
    let id = nim(&s).await;
    // Declined by button.
    let offer = say(&s, "ana", "/draw").await;
    let (_, turn) = offer.turn.unwrap();
    let no = press(&s, "bo", id, turn, DRAW_NO).await;
    assert!(no.text.contains("BO declines the draw"), "{}", no.text);
    let nothing = say(&s, "bo", "/draw no").await;
    assert!(
        nothing.text.contains("No draw is offered"),
        "{}",
        nothing.text
    );
    // Taken back.
    say(&s, "bo", "/draw").await;
    let back = say(&s, "bo", "/draw no").await;
    assert!(
        back.text.contains("BO takes back the offer"),
        "{}",
        back.text
    );
    // Lapsed: bo offers, ana plays on; bo's /draw is a new offer, not an acceptance.
    say(&s, "bo", "/draw").await;
    say(&s, "ana", "/play 1").await;
    let new = say(&s, "bo", "/draw").await;
    assert!(new.text.contains("BO offers ANA a draw"), "{}", new.text);
    let row = s.store.game(id).await.unwrap().unwrap();
    assert_eq!(row.status, GameStatus::Running);
    // In Portuguese words too.
    let sim = say(&s, "ana", "/draw sim").await;
    assert!(sim.text.contains("ends in a draw"), "{}", sim.text);
}

#[tokio::test]
async fn a_draw_is_refused_against_a_computer_outside_two_player_games_and_in_a_lobby() {
    let s = service().await;
    say(&s, "ana", "/new nim stones=9").await;
    let lobby = say(&s, "ana", "/draw").await;
    assert_eq!(lobby.visibility, Visibility::Private, "{}", lobby.text);
    say(&s, "ana", "/addbot random").await;
    say(&s, "ana", "/start").await;
    let computer = say(&s, "ana", "/draw").await;
    assert!(
        computer.text.contains("never agrees a draw"),
        "{}",
        computer.text
    );
    let unreadable = say(&s, "ana", "/draw perhaps").await;
    assert!(unreadable.text.contains("“perhaps”"), "{}", unreadable.text);
    say(&s, "ana", "/abandon").await;

    super::tests::started(&s).await;
    let labscape = say(&s, "ana", "/draw").await;
    assert!(
        labscape.text.contains("cannot end in a draw by agreement"),
        "{}",
        labscape.text
    );
    let seated = s.handle_line(&ctx("cy"), "/draw").await;
    assert_eq!(seated.visibility, Visibility::Private, "{}", seated.text);
}

/// Soccolot and SAGES have no draws, not even agreed ones: their rules leave a game to
/// its end or to a resignation.
#[tokio::test]
async fn the_ball_games_cannot_be_drawn_by_agreement() {
    for game in ["soccolot", "sages"] {
        let s = service().await;
        say(&s, "ana", &format!("/new {game}")).await;
        say(&s, "bo", "/join").await;
        say(&s, "ana", "/start").await;
        let offer = say(&s, "ana", "/draw").await;
        assert!(
            offer.text.contains("cannot end in a draw by agreement"),
            "{game}: {}",
            offer.text
        );
        let help = say(&s, "ana", "/help").await;
        assert!(!help.text.contains("/draw"), "{game}: {}", help.text);
    }
}
