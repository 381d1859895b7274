//! The README's tour, played as a newcomer plays it: the lines of the ```` ```text ```` block
//! between `<!-- tour` and `<!-- /tour -->` go to local play through the real binary
//! (`labscape local --script`, which skips the `#` lines as the terminal does), and none of
//! them may be refused.
//!
//! What a refusal is in local play: every refusal of the service (a `UserError`) is logged
//! at debug level as `refused: …` with its command before it becomes a private reply, so
//! the tour runs with `LABSCAPE_LOG=labscape::app=debug` and its standard error must hold
//! none; a line the command reader cannot read at all never reaches the service, so each
//! line is read here with `Command::parse`, as local play reads it. A private reply alone is
//! no sign: `/status` and `/rules` answer privately too.
//!
//! The tour must work whoever moves first. Local play's `--seed` fixes each game's seed, so
//! the tour is played with a few fixed seeds until both have happened: the computer moving
//! first (it has played by the time `/start` answers) and the reader moving first.

use std::path::Path;

use labscape::app::Command;

use crate::helpers::labscape_bin;

/// The tour's lines, as the README shows them.
fn tour() -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../README.md");
    let readme = std::fs::read_to_string(&path).expect("the README");
    tour_of(&readme)
}

/// The lines of the ```` ```text ```` block after the `<!-- tour` marker.
fn tour_of(readme: &str) -> Vec<String> {
    let (_, after) = readme
        .split_once("<!-- tour")
        .expect("the README marks its tour with <!-- tour … -->");
    let (tour, _) = after
        .split_once("<!-- /tour -->")
        .expect("the tour ends with <!-- /tour -->");
    let (_, block) = tour
        .split_once("```text\n")
        .expect("the tour is a ```text block");
    let (block, _) = block.split_once("```").expect("the tour's block is closed");
    block.lines().map(str::to_string).collect()
}

/// A line as local play reads it: `name: /command` speaks as `name`.
fn command_text(line: &str) -> &str {
    match line.split_once(':') {
        Some((who, rest))
            if !who.trim().is_empty()
                && !who.trim().contains(char::is_whitespace)
                && rest.trim_start().starts_with('/') =>
        {
            rest.trim()
        }
        _ => line.trim(),
    }
}

/// What local play printed for a script, and every refusal in it.
struct Played {
    stdout: String,
    refusals: Vec<String>,
}

/// Plays `lines` in local play on a new database, every game with `seed`.
fn play(lines: &[String], seed: &str) -> Played {
    let mut refusals: Vec<String> = lines
        .iter()
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .filter_map(|l| {
            Command::parse(command_text(l))
                .err()
                .map(|e| format!("“{l}” is no command: {e:?}"))
        })
        .collect();
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("tour.txt");
    std::fs::write(&script, lines.join("\n") + "\n").unwrap();
    let out = std::process::Command::new(labscape_bin())
        .args(["local", "--as", "ana", "--seed", seed, "--script"])
        .arg(&script)
        .arg("--db")
        .arg(dir.path().join("tour.db"))
        .arg("--images")
        .arg(dir.path().join("img"))
        .env("LABSCAPE_LOG", "labscape::app=debug")
        .env_remove("LANG")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    refusals.extend(
        stderr
            .lines()
            .filter(|l| l.contains("refused:") || l.contains("ERROR") || l.contains("WARN"))
            .map(str::to_string),
    );
    Played { stdout, refusals }
}

/// Whether the computer had moved when `/start` answered: it won the draw.
fn computer_moved_first(stdout: &str) -> bool {
    let (_, after) = stdout
        .split_once("> /start\n")
        .expect("the tour starts its game with /start");
    let reply = after.split("\n> ").next().unwrap_or(after);
    reply.contains(" played ")
}

#[test]
fn the_readmes_tour_plays_in_local_play_without_a_refusal_whoever_moves_first() {
    let tour = tour();
    assert!(
        tour.iter().filter(|l| l.starts_with('/')).count() >= 5,
        "{tour:?}"
    );
    let (mut computer_first, mut reader_first) = (false, false);
    for seed in (0..10).map(|n| format!("tour-{n}")) {
        let played = play(&tour, &seed);
        assert!(
            played.refusals.is_empty(),
            "with seed {seed}, the tour is refused:\n{}\n\n{}",
            played.refusals.join("\n"),
            played.stdout
        );
        match computer_moved_first(&played.stdout) {
            true => computer_first = true,
            false => reader_first = true,
        }
        if computer_first && reader_first {
            return;
        }
    }
    panic!(
        "ten seeds never gave both first players (computer: {computer_first}, reader: {reader_first})"
    );
}

#[test]
fn a_refused_line_and_an_unreadable_one_are_caught() {
    let readme = "x\n<!-- tour -->\n```text\n# a comment\n/new semaforo\nbo: /join\n/play b2\n/plya b2\n```\n<!-- /tour -->\n";
    let lines = tour_of(readme);
    assert_eq!(
        lines,
        [
            "# a comment",
            "/new semaforo",
            "bo: /join",
            "/play b2",
            "/plya b2"
        ]
    );
    let played = play(&lines, "refusals");
    // `/play b2` before `/start`, and `/plya`, which is no command.
    assert_eq!(played.refusals.len(), 2, "{:?}", played.refusals);
    assert!(
        played.refusals[0].contains("/plya"),
        "{:?}",
        played.refusals
    );
    assert!(
        played.refusals[1].contains("refused:"),
        "{:?}",
        played.refusals
    );
    assert!(played.stdout.contains("> bo: /join"), "{}", played.stdout);
}
