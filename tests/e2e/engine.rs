//! `labscape engine …` through the real binary: what only the process shows — argument
//! errors as the contract's JSON (exit 2), and a reader that closes the pipe early.

use std::process::{Command, Stdio};

use serde_json::Value;

use crate::helpers::labscape_bin;

#[test]
fn argument_errors_are_json_with_exit_2() {
    for args in [
        &["engine", "apply", "--position"][..],
        &["engine", "new", "--bogus"],
        &[
            "engine",
            "apply",
            "--position",
            "p.json",
            "--seat",
            "300",
            "roll",
        ],
        &["engine", "fly"],
    ] {
        let out = Command::new(labscape_bin()).args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let doc: Value = serde_json::from_slice(&out.stdout)
            .unwrap_or_else(|e| panic!("{args:?}: not JSON ({e}): {:?}", out.stdout));
        assert_eq!(doc["error"]["code"], "invalid-arguments", "{args:?}");
        assert!(
            doc["error"]["message"]
                .as_str()
                .is_some_and(|m| !m.is_empty())
        );
    }
}

#[test]
fn a_closed_stdout_ends_the_engine_quietly() {
    // A pipe whose reader is gone before the engine starts: every write fails (EPIPE).
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let out = Command::new(labscape_bin())
        .args([
            "engine",
            "new",
            "--layout",
            "duo",
            "--players",
            "2",
            "--seed",
            "pipe",
        ])
        .stdout(writer)
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.is_empty(), "{stderr}");
    assert_eq!(out.status.code(), Some(0));
}
