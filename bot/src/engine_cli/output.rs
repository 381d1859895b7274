//! Printing: one JSON document on standard output, and quiet when nobody reads it (a
//! closed pipe, `… | head -c1`) instead of a panic.

use std::{
    io::{ErrorKind, Write},
    process::ExitCode,
};

use serde_json::{Value, json};

use super::Failure;

/// Prints the result or the failure and returns the exit code.
pub(super) fn finish(result: Result<Value, Failure>) -> ExitCode {
    let (doc, exit) = document(result);
    print(&doc);
    ExitCode::from(exit)
}

/// The document printed for a result, and the exit code.
pub(super) fn document(result: Result<Value, Failure>) -> (Value, u8) {
    match result {
        Ok(v) => (v, 0),
        Err(f) => {
            let mut err = json!({"code": f.code, "message": f.message});
            if let Some(problems) = f.problems {
                err["problems"] = json!(problems);
            }
            (json!({ "error": err }), f.exit)
        }
    }
}

/// An argument error of `labscape engine` (clap's), as the contract's JSON, exit 2.
pub fn usage_error(err: &clap::Error) -> ExitCode {
    finish(Err(Failure::usage("invalid-arguments", usage_message(err))))
}

/// clap's error as one line: all of it, its lines joined, up to clap's usage and tips
/// ("the following required arguments were not provided: --position <POSITION>", not
/// its first line alone).
pub(super) fn usage_message(err: &clap::Error) -> String {
    let text = err.render().to_string();
    let message = text
        .lines()
        .map(str::trim)
        .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("tip:"))
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
        .trim_start_matches("error: ")
        .to_string();
    if message.is_empty() {
        "invalid arguments".to_string()
    } else {
        message
    }
}

/// Writes `v` and a newline; a reader that went away is not an error worth a word.
fn print(v: &Value) {
    let text = serde_json::to_string_pretty(v).expect("JSON values serialise");
    let mut out = std::io::stdout().lock();
    match writeln!(out, "{text}").and_then(|()| out.flush()) {
        Ok(()) => {}
        Err(e) if e.kind() == ErrorKind::BrokenPipe => {}
        Err(e) => eprintln!("labscape engine: cannot write the result: {e}"),
    }
}
