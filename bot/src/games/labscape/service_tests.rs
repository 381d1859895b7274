//! Labscape's `/export`, `/luck` and `/records` through the service: the record file
//! verifies, the dice are weighed, the results make records.

use labscape_core::labscape::{
    Chance, GameExport, Luck, PlayerLuck, Problem, Seat, Tally, Verdict, standings, verify,
};

use super::{luck_text, record_of};
use crate::{
    app::{
        Ctx, Reply, Service, Visibility,
        tests::{active_user, ctx, pt_ctx, say, service, started},
    },
    i18n::Lang,
    store::{ChatScope, GameId, GameRow, GameStore},
};

/// Plays `wait 3` for whoever is called until nobody is; returns the last reply.
async fn play_out<S: GameStore>(s: &Service<S>, mut r: Reply) -> Reply {
    let mut turns = 0;
    while !r.mention.is_empty() {
        r = say(s, &active_user(&r), "/wait 3").await;
        assert_eq!(r.visibility, Visibility::Public, "{}", r.text);
        turns += 1;
        assert!(turns < 200, "the game ends");
    }
    assert!(r.text.contains("Game over"), "{}", r.text);
    r
}

/// The record file of an `/export` reply, read back.
fn exported(r: &Reply) -> (String, GameExport) {
    assert_eq!(r.visibility, Visibility::Public, "{}", r.text);
    assert_eq!(r.files.len(), 1, "one file: {}", r.text);
    let f = &r.files[0];
    assert!(f.name.ends_with("-record.json"), "{}", f.name);
    let text = String::from_utf8(f.bytes.clone()).expect("JSON text");
    let export = super::read_export(&text).expect("a record file");
    (text, export)
}

async fn game_row<S: GameStore>(s: &Service<S>, id: GameId) -> GameRow {
    s.store().game(id).await.unwrap().unwrap()
}

#[tokio::test]
async fn a_running_games_export_keeps_the_seed_secret_and_a_finished_one_verifies() {
    let s = service().await;
    let none = say(&s, "ana", "/export").await;
    assert_eq!(none.visibility, Visibility::Private);
    assert!(none.text.contains("nothing to export"), "{}", none.text);
    assert!(none.files.is_empty());

    let mut r = started(&s).await;
    let (id, _) = r.turn.unwrap();
    for _ in 0..3 {
        r = say(&s, &active_user(&r), "/wait 3").await;
    }
    let row = game_row(&s, id).await;
    let running = say(&s, "cy", "/export").await;
    assert!(
        running.text.contains("without the seed"),
        "{}",
        running.text
    );
    assert!(running.text.contains(&row.seed_hash), "{}", running.text);
    let (text, export) = exported(&running);
    assert!(
        !text.contains(&row.seed),
        "the seed never leaves before the end"
    );
    assert!(!text.contains("\"seed\""), "{text}");
    assert_eq!(export.seed, None);
    assert_eq!(export.result, None);
    assert_eq!(export.seed_hash, row.seed_hash);
    assert_eq!(export.turns.len(), 3);
    assert_eq!(export.players, ["ANA", "BO"]);
    assert!(
        matches!(&export.start[0], Chance::FirstPlayer { .. }),
        "{:?}",
        export.start
    );
    assert_eq!(
        verify(&export),
        Verdict::NotVerified(Problem::SeedWithheld),
        "a running game cannot be verified yet"
    );

    let end = play_out(&s, r).await;
    // After the end /export gives the finished game, even once a new lobby is open here.
    say(&s, "bo", "/new single").await;
    let finished = say(&s, "cy", "/export").await;
    assert!(
        finished.text.contains("the whole game"),
        "{}",
        finished.text
    );
    assert!(
        finished.text.contains("labscape verify"),
        "{}",
        finished.text
    );
    let (text, export) = exported(&finished);
    assert_eq!(export.seed.as_deref(), Some(row.seed.as_str()));
    assert_eq!(export.turns.len() as i64, end.turn.unwrap().1);
    assert!(export.result.is_some());
    // The file, as `labscape verify FILE` reads it: an honest verdict.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(&finished.files[0].name);
    std::fs::write(&path, &text).unwrap();
    let verdict = crate::verify::check_file(&path).expect("a record file");
    assert!(verdict.verified, "{verdict}");
    // And a doctored file is caught: the verdict is not a rubber stamp.
    let mut doctored = export.clone();
    let roll = doctored
        .start
        .iter_mut()
        .find_map(|c| match c {
            Chance::FirstPlayer { rounds, .. } => Some(&mut rounds[0][0].dice),
            _ => None,
        })
        .expect("a first-player roll");
    roll[0] = if roll[0] == 6 { 5 } else { roll[0] + 1 };
    assert!(!verify(&doctored).is_verified());
}

#[tokio::test]
async fn luck_weighs_everyones_dice_in_plain_sentences() {
    let s = service().await;
    let s = s.with_seed("luck");
    let none = say(&s, "ana", "/luck").await;
    assert_eq!(none.visibility, Visibility::Private);
    assert!(none.text.contains("no dice to look at"), "{}", none.text);

    let mut r = started(&s).await;
    let (id, _) = r.turn.unwrap();
    // Someone searches, so there is a search tally too: roll, else wait, until someone
    // has searched. The seed is fixed so that every run plays the same game (with the
    // operating system's seed both players sometimes stood on spent specials all game).
    let searched = |luck: &Luck| luck.players.iter().any(|p| p.search.rolls > 0);
    for _ in 0..12 {
        let who = active_user(&r);
        let next = say(&s, &who, "/roll").await;
        r = if next.visibility == Visibility::Public {
            next
        } else {
            say(&s, &who, "/wait 1").await
        };
        let row = game_row(&s, id).await;
        let seats = s.store().seats(id).await.unwrap();
        let actions = s.store().actions(id, 0).await.unwrap();
        if searched(
            &record_of(&crate::app::record_of(&row, &seats, &actions, ""))
                .luck()
                .unwrap(),
        ) {
            break;
        }
    }
    let luck = say(&s, "cy", "/luck").await;
    assert_eq!(luck.visibility, Visibility::Public, "anyone asks, all see");
    assert!(
        luck.text.starts_with("**Luck of the dice**"),
        "{}",
        luck.text
    );
    // The numbers are core's.
    let row = game_row(&s, id).await;
    let seats = s.store().seats(id).await.unwrap();
    let actions = s.store().actions(id, 0).await.unwrap();
    let expected = record_of(&crate::app::record_of(&row, &seats, &actions, ""))
        .luck()
        .unwrap();
    for p in &expected.players {
        let line = if p.dice.rolls == 1 {
            format!("{} rolled 2d6 once, for {};", p.name, p.dice.actual)
        } else {
            format!(
                "{} rolled 2d6 {} times, totalling {};",
                p.name, p.dice.rolls, p.dice.actual
            )
        };
        assert!(luck.text.contains(&line), "{line} in {}", luck.text);
        assert!(
            luck.text
                .contains(&format!("fair dice average {:.1}", p.dice.expected)),
            "{}",
            luck.text
        );
        if p.search.rolls > 0 {
            assert!(
                luck.text.contains(&format!("{}'s ", p.name)),
                "{}",
                luck.text
            );
        }
    }
    assert!(searched(&expected), "someone searched");
    assert!(luck.text.contains("found"), "{}", luck.text);
    assert!(
        luck.text.contains(&format!(
            "All dice at the table: {} rolls totalling {}",
            expected.table.rolls, expected.table.actual
        )),
        "{}",
        luck.text
    );
    assert!(luck.text.contains("labscape verify"), "{}", luck.text);
}

#[test]
fn luck_calls_out_only_totals_outside_the_usual_range() {
    let tally = |percentile: f64| Tally {
        rolls: 4,
        actual: 20,
        expected: 28.0,
        sd: 4.8,
        percentile,
    };
    let player = |name: &str, dice: f64, search: f64| PlayerLuck {
        seat: Seat(0),
        name: name.into(),
        dice: tally(dice),
        search: tally(search),
        specials: 0,
    };
    let luck = Luck {
        players: vec![player("Ana", 50.0, 97.2), player("Bo", 3.0, 40.0)],
        table: tally(30.0),
    };
    let text = luck_text("Labscape #1", 9, &luck, Lang::En);
    assert!(
        text.contains("Outside the 5th to 95th percentile: Ana's searches (97); Bo's dice (3)."),
        "{text}"
    );
    let calm = Luck {
        players: vec![player("Ana", 50.0, 60.0)],
        table: tally(0.2),
    };
    let text = luck_text("Labscape #1", 9, &calm, Lang::PtBr);
    assert!(text.contains("Nada fora do comum"), "{text}");
    assert!(text.contains("percentil <1"), "{text}");
    assert!(text.contains("28,0"), "decimals the Brazilian way: {text}");
}

#[tokio::test]
async fn finished_games_make_records_and_computer_players_are_not_ranked() {
    let s = service().await;
    let r = say(&s, "ana", "/records").await;
    assert_eq!(r.visibility, Visibility::Public);
    assert!(r.text.contains("No game has finished"), "{}", r.text);
    let r = say(&s, "ana", "/records me").await;
    assert_eq!(r.visibility, Visibility::Private);
    assert!(r.text.contains("no finished games"), "{}", r.text);

    say(&s, "ana", "/new single easy").await;
    say(&s, "bo", "/join").await;
    say(&s, "ana", "/addbot random").await;
    let r = say(&s, "ana", "/start").await;
    let (id, _) = r.turn.unwrap();
    play_out(&s, r).await;

    // The results were written with the last turn, and they are core's standings.
    let row = game_row(&s, id).await;
    let seats = s.store().seats(id).await.unwrap();
    let actions = s.store().actions(id, 0).await.unwrap();
    let (pos, per_turn) = record_of(&crate::app::record_of(&row, &seats, &actions, ""))
        .replay()
        .unwrap();
    let want = standings(&pos, &per_turn).unwrap();
    let stored = s.store().results(id).await.unwrap();
    assert_eq!(stored.len(), 3);
    for (got, want) in stored.iter().zip(&want) {
        let tally = super::Tally::from_extra(got.extra.as_deref());
        assert_eq!(
            (
                got.seat,
                got.finish.as_str(),
                tally.map(|t| t.food),
                tally.map(|t| t.time),
                tally.map(|t| t.caught_by_robot)
            ),
            (
                want.seat,
                want.finish.name(),
                Some(i64::from(want.food)),
                Some(i64::from(want.time)),
                Some(i64::from(want.caught_by_robot))
            )
        );
        assert_eq!(got.computer, seats[usize::from(got.seat)].policy.is_some());
    }

    let board = say(&s, "cy", "/records").await;
    assert_eq!(board.visibility, Visibility::Public);
    assert!(
        board.text.starts_with("**Records in this chat**"),
        "{}",
        board.text
    );
    assert!(board.text.contains("ANA: one game"), "{}", board.text);
    assert!(board.text.contains("BO: one game"), "{}", board.text);
    assert!(!board.text.contains("Bot 3"), "{}", board.text);
    assert!(board.text.contains("/records me"), "{}", board.text);
    let mine = say(&s, "ana", "/records me").await;
    assert_eq!(mine.visibility, Visibility::Private);
    assert!(mine.text.starts_with("**Your record**"), "{}", mine.text);
    assert!(mine.text.contains("one game"), "{}", mine.text);

    // An abandoned game counts for nothing.
    let r = started(&s).await;
    say(&s, &active_user(&r), "/wait 3").await;
    assert!(say(&s, "ana", "/abandon").await.text.contains("abandoned"));
    let mine = say(&s, "ana", "/records me").await;
    assert!(mine.text.contains("one game"), "{}", mine.text);

    // Another chat has its own board, but one's own record spans every chat of the
    // platform, and no other platform's.
    let elsewhere = |user: &str, platform: &str| Ctx {
        scope: ChatScope {
            platform: platform.into(),
            chat: "elsewhere".into(),
            thread: String::new(),
        },
        ..ctx(user)
    };
    let r = s.handle_line(&elsewhere("ana", "local"), "/records").await;
    assert!(r.text.contains("No game has finished"), "{}", r.text);
    let r = s
        .handle_line(&elsewhere("ana", "local"), "/records me")
        .await;
    assert!(r.text.contains("one game"), "{}", r.text);
    let r = s
        .handle_line(&elsewhere("ana", "telegram"), "/records me")
        .await;
    assert!(r.text.contains("no finished games"), "{}", r.text);

    // A bad argument is refused and changes nothing.
    let r = say(&s, "ana", "/records everyone").await;
    assert_eq!(r.visibility, Visibility::Private);
    assert!(r.text.contains("means nothing to /records"), "{}", r.text);
}

#[tokio::test]
async fn export_luck_and_records_speak_portuguese_in_a_portuguese_chat() {
    let s = service().await;
    let (ana, bo) = (pt_ctx("ana"), pt_ctx("bo"));
    let r = s.handle_line(&ana, "/records todos").await;
    assert!(
        r.text.contains("o /records não entende “todos”"),
        "{}",
        r.text
    );
    let r = s.handle_line(&ana, "/export").await;
    assert!(r.text.contains("Não há nada para exportar"), "{}", r.text);
    s.handle_line(&ana, "/new single easy").await;
    s.handle_line(&bo, "/join").await;
    let mut r = s.handle_line(&ana, "/start").await;
    r = s.handle_line(&pt_ctx(&active_user(&r)), "/wait 3").await;
    let export = s.handle_line(&bo, "/export").await;
    assert!(export.text.starts_with("O registro de"), "{}", export.text);
    assert!(export.text.contains("sem a semente"), "{}", export.text);
    let luck = s.handle_line(&bo, "/luck").await;
    assert!(
        luck.text.starts_with("**Sorte nos dados**"),
        "{}",
        luck.text
    );
    assert!(luck.text.contains("ANA rolou 2d6"), "{}", luck.text);
    while !r.mention.is_empty() {
        r = s.handle_line(&pt_ctx(&active_user(&r)), "/wait 3").await;
    }
    let board = s.handle_line(&ana, "/records").await;
    assert!(
        board.text.starts_with("**Recordes deste chat**"),
        "{}",
        board.text
    );
    assert!(board.text.contains("ANA: uma partida"), "{}", board.text);
    let mine = s.handle_line(&bo, "/records me").await;
    assert!(mine.text.starts_with("**Seu histórico**"), "{}", mine.text);
    let export = s.handle_line(&bo, "/export").await;
    assert!(export.text.contains("a partida inteira"), "{}", export.text);
    let help = s.handle_line(&ana, "/help").await;
    assert!(help.text.contains("/records [me]"), "{}", help.text);
    assert!(
        help.text.contains("Dados honestos e recordes"),
        "{}",
        help.text
    );
}

/// A building of one floor is "one floor" in `/status`, not "floor 0 of 0".
#[tokio::test]
async fn the_status_of_a_one_floor_game_says_so() {
    let s = service().await;
    say(&s, "ana", "/new single").await;
    say(&s, "ana", "/start").await;
    let status = say(&s, "ana", "/status").await;
    assert!(
        status.text.contains("single · medium · one floor · keys"),
        "{}",
        status.text
    );
    // A game created in Portuguese speaks Portuguese.
    let s = service().await;
    s.handle_line(&pt_ctx("ana"), "/new single").await;
    s.handle_line(&pt_ctx("ana"), "/start").await;
    let status = s.handle_line(&pt_ctx("ana"), "/status").await;
    assert!(status.text.contains(" · andar único · "), "{}", status.text);
}
