//! `labscape migrate --from sqlite://… --to postgres://…`: copies a SQLite database into
//! an empty PostgreSQL one — every game with its seats, actions, snapshots, timers, owed
//! posts and results, and every preference, rating and handled delivery — in one
//! transaction, then checks the copy: each game's rows read back equal through both
//! stores, and each game replays from its settings, seed and actions with every action
//! legal in turn. The source is only read (after its own migrations bring it up to date);
//! a failed copy leaves the destination empty.

use anyhow::{Context, ensure};
use labscape_core::{AnyGame, Seat, game::parse_options};
use sqlx::{Row, sqlite::SqliteRow};

use crate::store::{GameId, GameStore, PgStore, SqliteStore, shown_url};

/// How a column is read from SQLite and written to PostgreSQL.
#[derive(Clone, Copy, Debug)]
enum Col {
    Int,
    OptInt,
    Text,
    OptText,
    Bool,
    Real,
}

/// Every table, parents first, with its columns.
const TABLES: &[(&str, &[(&str, Col)])] = {
    use Col::*;
    &[
        (
            "games",
            &[
                ("id", Int),
                ("kind", Text),
                ("platform", Text),
                ("chat", Text),
                ("thread", Text),
                ("name", Text),
                ("status", Text),
                ("settings", Text),
                ("max_players", Int),
                ("seed", Text),
                ("seed_hash", Text),
                ("creator", Text),
                ("turn", Int),
                ("created_at", Int),
                ("updated_at", Int),
                ("reminder_interval", Int),
                ("reminder_limit", Int),
                ("deadline", OptInt),
                ("deadline_policy", Text),
                ("language", OptText),
                ("invited", OptText),
                ("creator_side", OptText),
            ],
        ),
        (
            "seats",
            &[
                ("game_id", Int),
                ("seat", Int),
                ("user_id", Text),
                ("display_name", Text),
                ("policy", OptText),
            ],
        ),
        (
            "actions",
            &[
                ("game_id", Int),
                ("seq", Int),
                ("seat", Int),
                ("action", Text),
                ("sender", Text),
                ("automatic", Bool),
                ("at", Int),
            ],
        ),
        (
            "snapshots",
            &[("game_id", Int), ("seq", Int), ("position", Text)],
        ),
        (
            "handled_messages",
            &[
                ("platform", Text),
                ("message_id", Text),
                ("game_id", OptInt),
                ("at", Int),
            ],
        ),
        (
            "user_prefs",
            &[
                ("platform", Text),
                ("user_id", Text),
                ("language", OptText),
                ("time_zone", OptText),
                ("quiet_start", OptInt),
                ("quiet_end", OptInt),
                ("away_until", OptInt),
            ],
        ),
        (
            "turn_timers",
            &[
                ("game_id", Int),
                ("turn", Int),
                ("seat", Int),
                ("user_id", Text),
                ("waiting_since", Int),
                ("reminders_sent", Int),
                ("next_reminder", OptInt),
                ("deadline_at", OptInt),
                ("stalled", Bool),
            ],
        ),
        (
            "chat_prefs",
            &[
                ("platform", Text),
                ("chat", Text),
                ("thread", Text),
                ("language", OptText),
            ],
        ),
        (
            "results",
            &[
                ("game_id", Int),
                ("seat", Int),
                ("user_id", Text),
                ("display_name", Text),
                ("computer", Bool),
                ("rank", Int),
                ("finish", Text),
                ("extra", OptText),
            ],
        ),
        ("outbox", &[("game_id", Int), ("turn", Int), ("since", Int)]),
        (
            "ratings",
            &[
                ("platform", Text),
                ("user_id", Text),
                ("game", Text),
                ("display_name", Text),
                ("rating", Real),
                ("deviation", Real),
                ("volatility", Real),
                ("games", Int),
                ("wins", Int),
                ("losses", Int),
                ("draws", Int),
            ],
        ),
        ("rated_games", &[("game_id", Int)]),
    ]
};

/// What a migration copied and checked.
#[derive(Debug, Default)]
pub struct Report {
    /// Rows copied, per table, parents first.
    pub rows: Vec<(&'static str, usize)>,
    /// Games checked by replaying them.
    pub games: usize,
}

/// Copies `from` into the empty `to` and checks the copy.
///
/// # Errors
/// If the destination is not empty, a row cannot be copied, or the check finds a
/// difference or a game that does not replay.
pub async fn migrate(from: &SqliteStore, to: &PgStore) -> anyhow::Result<Report> {
    let existing: i64 = sqlx::query("SELECT COUNT(*) AS n FROM games")
        .fetch_one(to.pool())
        .await?
        .try_get("n")?;
    ensure!(
        existing == 0,
        "the destination already holds {existing} games: migrate into an empty database"
    );
    let mut report = Report::default();
    let mut tx = to.pool().begin().await?;
    for (table, cols) in TABLES {
        let names: Vec<&str> = cols.iter().map(|(n, _)| *n).collect();
        let select = format!("SELECT {} FROM {table}", names.join(", "));
        let rows = sqlx::query(&select)
            .fetch_all(from.pool())
            .await
            .with_context(|| format!("reading {table}"))?;
        let marks: Vec<String> = (1..=cols.len()).map(|i| format!("${i}")).collect();
        let insert = format!(
            "INSERT INTO {table} ({}) VALUES ({})",
            names.join(", "),
            marks.join(", ")
        );
        for row in &rows {
            bind_row(sqlx::query(&insert), row, cols)?
                .execute(&mut *tx)
                .await
                .with_context(|| format!("writing {table}"))?;
        }
        report.rows.push((table, rows.len()));
    }
    sqlx::query(
        "SELECT setval(pg_get_serial_sequence('games', 'id'), COALESCE(MAX(id), 1), MAX(id) IS NOT NULL) FROM games",
    )
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    report.games = check(from, to).await?;
    Ok(report)
}

fn bind_row<'q>(
    mut q: sqlx::query::Query<'q, sqlx::Postgres, sqlx::postgres::PgArguments>,
    row: &SqliteRow,
    cols: &[(&str, Col)],
) -> anyhow::Result<sqlx::query::Query<'q, sqlx::Postgres, sqlx::postgres::PgArguments>> {
    for (name, col) in cols {
        let name = *name;
        q = match col {
            Col::Int => q.bind(row.try_get::<i64, _>(name)?),
            Col::OptInt => q.bind(row.try_get::<Option<i64>, _>(name)?),
            Col::Text => q.bind(row.try_get::<String, _>(name)?),
            Col::OptText => q.bind(row.try_get::<Option<String>, _>(name)?),
            Col::Bool => q.bind(row.try_get::<bool, _>(name)?),
            Col::Real => q.bind(row.try_get::<f64, _>(name)?),
        };
    }
    Ok(q)
}

/// Reads every game back through both stores and replays it; the number of games.
async fn check(from: &SqliteStore, to: &PgStore) -> anyhow::Result<usize> {
    let ids: Vec<i64> = sqlx::query("SELECT id FROM games ORDER BY id")
        .fetch_all(from.pool())
        .await?
        .iter()
        .map(|r| r.try_get("id"))
        .collect::<Result<_, _>>()?;
    for id in &ids {
        let id = GameId(*id);
        let row = from.game(id).await?.context("a game vanished")?;
        ensure!(
            to.game(id).await?.as_ref() == Some(&row),
            "game {id}: the row differs"
        );
        let seats = from.seats(id).await?;
        ensure!(to.seats(id).await? == seats, "game {id}: the seats differ");
        let actions = from.actions(id, 0).await?;
        ensure!(
            to.actions(id, 0).await? == actions,
            "game {id}: the actions differ"
        );
        ensure!(
            to.results(id).await? == from.results(id).await?,
            "game {id}: the results differ"
        );
        ensure!(
            to.timer(id).await? == from.timer(id).await?,
            "game {id}: the timers differ"
        );
        if row.status == crate::store::GameStatus::Lobby {
            continue; // no game yet: nothing to replay
        }
        let options = parse_options(&row.settings)
            .map_err(|e| anyhow::anyhow!("game {id}: its settings: {e}"))?;
        let names: Vec<String> = seats.iter().map(|s| s.display_name.clone()).collect();
        let moves = actions.iter().map(|a| (Seat(a.seat), a.action.as_str()));
        AnyGame::replay(row.kind, &options, &names, &row.seed, moves)
            .map_err(|e| anyhow::anyhow!("game {id} does not replay: {e}"))?;
    }
    Ok(ids.len())
}

/// `labscape migrate`: prints what was copied; exit code 0, or 1 with the reason.
pub async fn run(from: &str, to: &str) -> anyhow::Result<()> {
    ensure!(
        crate::store::is_postgres(to),
        "--to must be a postgres:// URL, not {}",
        shown_url(to)
    );
    ensure!(
        !crate::store::is_postgres(from),
        "--from must be a SQLite database (a path or sqlite:// URL)"
    );
    let path = from.strip_prefix("sqlite://").unwrap_or(from);
    ensure!(
        std::path::Path::new(path).exists(),
        "there is no database at {from}"
    );
    let source = SqliteStore::open(from)
        .await
        .with_context(|| format!("opening {from}"))?;
    let dest = PgStore::open(to)
        .await
        .with_context(|| format!("opening {}", shown_url(to)))?;
    let report = migrate(&source, &dest).await?;
    for (table, n) in &report.rows {
        println!("{table}: {n} rows");
    }
    println!(
        "Copied and checked: {} games replay the same from {} on {}.",
        report.games,
        from,
        shown_url(to)
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::{
        app::{Ctx, Service, SystemClock, Visibility},
        store::test_postgres::TestPostgres,
    };

    fn ctx(chat: &str, user: &str) -> Ctx {
        Ctx {
            handle: Some(user.into()),
            private: false,
            ..Ctx::member("local", chat, user, user)
        }
    }

    /// A SQLite database with a finished board game (rated), a running Labscape game, a
    /// lobby and preferences is copied to PostgreSQL, checked, and played on there.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_sqlite_database_moves_to_postgres_whole_and_plays_on() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("from.db");
        let sqlite = SqliteStore::open(path.to_str().unwrap()).await.unwrap();
        let s = Service::new(sqlite.clone(), Arc::new(SystemClock), None);
        // A whole Semáforo game against the computer.
        s.handle_line(&ctx("semaforo", "ana"), "/new semaforo")
            .await;
        s.handle_line(&ctx("semaforo", "ana"), "/addbot random")
            .await;
        let mut r = s.handle_line(&ctx("semaforo", "ana"), "/start").await;
        for _ in 0..30 {
            if r.text.contains("wins") {
                break;
            }
            let square = r.quick().next().expect("a square to play").payload.clone();
            r = s
                .handle_line(&ctx("semaforo", "ana"), &format!("/play {square}"))
                .await;
        }
        assert!(r.text.contains("wins"), "{}", r.text);
        // A Labscape game under way, a lobby, a preference and a chat language.
        s.handle_line(&ctx("lab", "ana"), "/new single").await;
        s.handle_line(&ctx("lab", "bo"), "/join").await;
        let start = s.handle_line(&ctx("lab", "ana"), "/start").await;
        assert_eq!(start.visibility, Visibility::Public, "{}", start.text);
        s.handle_line(&ctx("lobby", "cy"), "/new avanco").await;
        s.handle_line(&ctx("lab", "bo"), "/me tz Europe/Lisbon")
            .await;
        s.handle_line(&ctx("lab", "bo"), "/records").await;

        let Some(server) = TestPostgres::start("migrate to PostgreSQL") else {
            return;
        };
        let url = server.fresh_database("to").await;
        let pg = PgStore::open(&url).await.unwrap();
        let report = migrate(&sqlite, &pg).await.unwrap();
        assert_eq!(report.games, 3);
        let rows = |t: &str| report.rows.iter().find(|(n, _)| *n == t).unwrap().1;
        assert_eq!(rows("games"), 3);
        assert!(rows("actions") > 2 && rows("results") == 2 && rows("ratings") == 1);
        assert_eq!(rows("user_prefs"), 1);
        assert_eq!(rows("turn_timers"), 1);
        // Into a database that already holds games: refused.
        let again = migrate(&sqlite, &pg).await.unwrap_err();
        assert!(
            format!("{again:#}").contains("already holds 3 games"),
            "{again:#}"
        );
        // The Labscape game goes on, on PostgreSQL; a new game gets a new id.
        let p = Service::new(pg, Arc::new(SystemClock), None);
        let who = start.mention[0].user_id.clone();
        let r = p.handle_line(&ctx("lab", &who), "/wait").await;
        assert_eq!(r.visibility, Visibility::Public, "{}", r.text);
        let n = p.handle_line(&ctx("fresh", "di"), "/new rastros").await;
        assert!(n.text.contains("#4"), "{}", n.text);
    }
}
