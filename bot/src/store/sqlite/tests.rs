//! Tests of `sqlite`.

use super::*;
use crate::store::contract::{new_game, seat};

/// A database written by `main` on 2026-11-24, before games were stored as their
/// settings text (`fixtures/labscape-2026-11-24.script` made it through local play): a
/// finished Labscape game with its results, and a running one with a timer.
const FIXTURE: &[u8] = include_bytes!("../fixtures/labscape-2026-11-24.db");

#[tokio::test]
async fn a_clean_stop_leaves_every_game_in_the_main_file_and_a_backup_holds_them() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("labscape.db");
    let s = SqliteStore::open(path.to_str().unwrap()).await.unwrap();
    let id = s.create_game(&new_game("c"), &seat("ana")).await.unwrap();
    // A backup while the store is open holds the game.
    let copy = dir.path().join("backup.db");
    s.backup_to(&copy).await.unwrap();
    assert!(
        s.backup_to(&copy).await.is_err(),
        "an existing file is not overwritten"
    );
    s.close().await.unwrap();
    // Only the main file, copied alone (as a person backing up would), holds it too.
    let alone = dir.path().join("alone");
    std::fs::create_dir(&alone).unwrap();
    std::fs::copy(&path, alone.join("labscape.db")).unwrap();
    for file in [alone.join("labscape.db"), copy] {
        let t = SqliteStore::open(file.to_str().unwrap()).await.unwrap();
        assert!(t.game(id).await.unwrap().is_some(), "{}", file.display());
    }
}

#[tokio::test]
async fn a_plain_path_is_a_file_name_not_a_url() {
    let dir = tempfile::tempdir().unwrap();
    let odd = dir.path().join("q?mode=ro.db");
    let s = SqliteStore::open(odd.to_str().unwrap()).await.unwrap();
    s.create_game(&new_game("c"), &seat("ana")).await.unwrap();
    assert!(odd.exists(), "the file is called what was given");
    let url = format!("sqlite://{}", dir.path().join("u.db").display());
    SqliteStore::open(&url).await.unwrap();
    assert!(
        dir.path().join("u.db").exists(),
        "a sqlite: URL is still a URL"
    );
}

#[tokio::test]
async fn a_database_from_before_the_game_seam_migrates_in_place() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.db");
    std::fs::write(&path, FIXTURE).unwrap();
    let s = SqliteStore::open(path.to_str().unwrap()).await.unwrap();
    let over = s.game(GameId(1)).await.unwrap().unwrap();
    assert_eq!(over.status, GameStatus::Over);
    assert_eq!(over.kind, GameKind::Labscape);
    assert_eq!(
        over.settings,
        "layout=single difficulty=medium setup=random"
    );
    let results = s.results(GameId(1)).await.unwrap();
    assert_eq!(results.len(), 1);
    assert_eq!(
        (
            results[0].rank,
            results[0].finish.as_str(),
            crate::games::labscape::Tally::from_extra(results[0].extra.as_deref())
        ),
        (
            1,
            "caught_at_dawn",
            Some(crate::games::labscape::Tally {
                food: 0,
                time: 38,
                caught_by_robot: 4
            })
        )
    );
    let running = s
        .live_game(&ChatScope {
            platform: "local".into(),
            chat: "terminal".into(),
            thread: String::new(),
        })
        .await
        .unwrap()
        .unwrap();
    assert_eq!(running.id, GameId(2));
    assert_eq!(
        running.settings,
        "layout=duo difficulty=medium setup=random"
    );
    assert_eq!(running.turn, 4);
    let actions = s.actions(running.id, 0).await.unwrap();
    assert_eq!(actions.len(), 4);
    assert!(s.timer(running.id).await.unwrap().is_some());
    // The ana record still counts the finished game.
    let ana = s.user_results("local", "ana").await.unwrap();
    let record = crate::games::of(GameKind::Labscape)
        .own_record(
            &[crate::games::PastFinish {
                user_id: ana[0].user_id.clone(),
                name: ana[0].name.clone(),
                rank: ana[0].rank,
                finish: ana[0].finish.clone(),
                extra: ana[0].extra.clone(),
            }],
            crate::i18n::Lang::En,
        )
        .unwrap();
    assert_eq!(ana.len(), 1);
    assert!(
        record.contains("one game")
            && record.contains("caught at dawn 1")
            && record.contains("robot 4 times"),
        "{record}"
    );
}
