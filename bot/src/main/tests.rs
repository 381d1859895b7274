//! Tests of `main`.

use clap::CommandFactory as _;

use super::{Cli, error_text};

/// `labscape --help` says what each command does: `backup` once read "Copy a SQLite
/// database into an empty PostgreSQL one" (the doc comment meant for `migrate`), and
/// `migrate` said nothing.
#[test]
fn backup_and_migrate_are_each_described_by_their_own_help() {
    let cli = Cli::command();
    let about = |name: &str| {
        cli.find_subcommand(name)
            .and_then(|c| c.get_about())
            .map(|a| a.to_string())
            .unwrap_or_default()
    };
    assert!(
        about("backup").starts_with("A consistent copy"),
        "{}",
        about("backup")
    );
    assert!(
        about("migrate").starts_with("Copy a SQLite database"),
        "{}",
        about("migrate")
    );
    // `local --seed`, which the README's tour test relies on, is offered.
    let local = cli.find_subcommand("local").expect("labscape local");
    assert!(local.get_arguments().any(|a| a.get_id() == "seed"));
}

#[test]
fn an_error_names_each_cause_once() {
    let io = std::io::Error::other("no route to host");
    let wrapped = anyhow::Error::new(io)
        .context("error communicating with database: no route to host")
        .context("opening postgres://bot:…@db/x");
    assert_eq!(
        error_text(&wrapped),
        "opening postgres://bot:…@db/x: error communicating with database: no route to host"
    );
}
