//! The engine command line in-process: arguments as typed, the document printed, the exit
//! code. (The binary's own printing — closed pipes, clap's errors as JSON — is exercised
//! by the end-to-end tests.)

use std::io::Write;

use clap::Parser;
use serde_json::{Value, json};

use super::{EngineCommand, execute_to_document};

#[derive(Parser)]
struct Engine {
    #[command(subcommand)]
    cmd: EngineCommand,
}

/// Runs `labscape engine ARGS…`.
fn engine(args: &[&str]) -> (Value, u8) {
    let cli = Engine::try_parse_from(std::iter::once("engine").chain(args.iter().copied()))
        .expect("the arguments parse");
    execute_to_document(cli.cmd)
}

/// A temporary file holding `text`.
fn file(text: &str) -> tempfile::NamedTempFile {
    let mut f = tempfile::NamedTempFile::new().expect("a temporary file");
    f.write_all(text.as_bytes()).expect("written");
    f
}

fn code(doc: &Value) -> &str {
    doc["error"]["code"].as_str().unwrap_or("")
}

#[test]
fn labscape_is_the_default_game_and_its_flags_still_work() {
    let (doc, exit) = engine(&["new", "--layout", "single", "--players", "2", "--seed", "s"]);
    assert_eq!(exit, 0, "{doc}");
    assert_eq!(doc["format"], "labscape-position/1");
    let (again, _) = engine(&[
        "new",
        "--game",
        "labscape",
        "--option",
        "layout=single",
        "--players",
        "2",
        "--seed",
        "s",
    ]);
    assert_eq!(doc, again, "--option layout= is --layout");
    let pos = file(&doc.to_string());
    let path = pos.path().to_str().unwrap();
    let (legal, exit) = engine(&["legal", "--position", path]);
    assert_eq!(exit, 0);
    assert!(
        legal.as_array().unwrap().contains(&json!("roll")),
        "{legal}"
    );
    let (applied, exit) = engine(&["apply", "--position", path, "roll"]);
    assert_eq!(exit, 0, "{applied}");
    assert!(applied["events"].as_array().is_some_and(|e| !e.is_empty()));
    let (refused, exit) = engine(&["apply", "--position", path, "fly", "away"]);
    assert_eq!((code(&refused), exit), ("unreadable-action", 1));
}

#[test]
fn bad_arguments_are_refused_before_anything_is_built() {
    for players in [
        "18446744073709551615",
        "4000000000",
        "100000000",
        "0",
        "9",
        "=-1",
        "two",
    ] {
        let arg = format!("--players={}", players.trim_start_matches("="));
        let (doc, exit) = engine(&["new", "--layout", "single", &arg]);
        assert_eq!(
            (code(&doc), exit),
            ("invalid-players", 2),
            "{players}: {doc}"
        );
    }
    let (doc, exit) = engine(&["new", "--game", "chess"]);
    assert_eq!((code(&doc), exit), ("unknown-game", 2));
    let (doc, exit) = engine(&[
        "new",
        "--layout",
        "single",
        "--players",
        "1",
        "--option",
        "colour=red",
    ]);
    assert_eq!((code(&doc), exit), ("unknown-option", 2), "{doc}");
    assert!(doc["error"]["message"].as_str().unwrap().contains("colour"));
    let (doc, exit) = engine(&["new", "--players", "2"]);
    assert_eq!((code(&doc), exit), ("invalid-layout", 2), "{doc}");
    let (doc, exit) = engine(&[
        "new",
        "--layout",
        "single",
        "--players",
        "1",
        "--option",
        "layout=duo",
    ]);
    assert_eq!((code(&doc), exit), ("invalid-option", 2), "{doc}");
}

#[test]
fn a_position_file_is_read_within_bounds() {
    let huge = file(&format!("{{\"layout\": \"{}\"}}", "#/".repeat(1 << 20)));
    let (doc, exit) = engine(&["legal", "--position", huge.path().to_str().unwrap()]);
    assert_eq!((code(&doc), exit), ("invalid-position", 2));
    assert!(doc["error"]["message"].as_str().unwrap().contains("larger"));
    let (doc, exit) = engine(&["legal", "--position", "/dev/zero"]);
    assert_eq!((code(&doc), exit), ("invalid-position", 2), "{doc}");
    let (doc, exit) = engine(&["legal", "--position", "/no/such/file"]);
    assert_eq!((code(&doc), exit), ("unreadable-file", 2), "{doc}");
    let junk = file("{\"format\": \"chess-position/1\"}");
    let (doc, exit) = engine(&["legal", "--position", junk.path().to_str().unwrap()]);
    assert_eq!((code(&doc), exit), ("invalid-position", 2), "{doc}");
    let not_json = file("hello");
    let (doc, exit) = engine(&["legal", "--position", not_json.path().to_str().unwrap()]);
    assert_eq!((code(&doc), exit), ("invalid-position", 2), "{doc}");
}
