//! What every two-player board game's position notation shares (`engine-cli.md`): the
//! fields `format`, `board` (rows, top rank first), `to_move` and `result`, and reading
//! them with every problem listed in a player's words (at most 100, then a count).

use crate::{
    game::{PositionError, Reason, Seat},
    value::Value,
};

/// Most problems listed; the rest are counted.
const MAX_PROBLEMS: usize = 100;

/// Problems found so far in a document: the first [`MAX_PROBLEMS`] in full, the rest
/// only counted, so a document with millions of faults makes a short error.
#[derive(Debug, Default)]
pub(crate) struct Problems {
    listed: Vec<String>,
    more: usize,
}

impl Problems {
    /// Notes one problem.
    pub(crate) fn push(&mut self, p: impl Into<String>) {
        if self.listed.len() < MAX_PROBLEMS {
            self.listed.push(p.into());
        } else {
            self.more += 1;
        }
    }

    /// Whether no problem was found.
    pub(crate) fn is_empty(&self) -> bool {
        self.listed.is_empty()
    }

    /// The error listing every problem (capped, then a count).
    pub(crate) fn into_error(mut self) -> PositionError {
        if self.more > 0 {
            self.listed.push(format!("… and {} more", self.more));
        }
        PositionError {
            problems: self.listed,
        }
    }

    /// The position, or every problem (capped).
    pub(crate) fn finish<T>(self, ok: impl FnOnce() -> T) -> Result<T, PositionError> {
        if self.is_empty() {
            Ok(ok())
        } else {
            Err(self.into_error())
        }
    }
}

/// Checks the document is an object with exactly `fields` (none unknown, missing or
/// repeated) and the format `format`.
pub(crate) fn check_fields(
    value: &Value,
    format: &str,
    fields: &[&str],
    problems: &mut Problems,
) -> Result<(), PositionError> {
    let Value::Object(given) = value else {
        return Err(PositionError {
            problems: vec![format!("a position is an object, not {}", value.kind())],
        });
    };
    for (i, (k, _)) in given.iter().enumerate() {
        if !fields.contains(&k.as_str()) {
            problems.push(format!("unknown field “{}”", clip(k)));
        } else if given[..i].iter().any(|(o, _)| o == k) {
            problems.push(format!("the field “{k}” is given twice"));
        }
    }
    for f in fields {
        if value.get(f).is_none() {
            problems.push(format!("the field “{f}” is missing"));
        }
    }
    match value.get("format") {
        None => {}
        Some(Value::Str(f)) if f == format => {}
        Some(other) => problems.push(format!(
            "format must be “{format}”, not {}",
            describe(other)
        )),
    }
    Ok(())
}

/// Reads `board`: `ranks` strings of `files` characters, each read by `cell` (`None` for a
/// character it does not know); calls `put(file, rank, cell)` for each, rank 0 the bottom.
pub(crate) fn read_rows<C>(
    value: &Value,
    files: u8,
    ranks: u8,
    alphabet: &str,
    cell: impl Fn(char) -> Option<C>,
    mut put: impl FnMut(u8, u8, C),
    problems: &mut Problems,
) -> bool {
    let Some(v) = value.get("board") else {
        return false;
    };
    let shape = format!("board must be {ranks} strings of {files} characters from “{alphabet}”");
    let Value::Array(rows) = v else {
        problems.push(format!("{shape}, not {}", describe(v)));
        return false;
    };
    if rows.len() != usize::from(ranks) {
        problems.push(format!("{shape}: it has {} rows", rows.len()));
        return false;
    }
    let mut ok = true;
    for (i, row) in rows.iter().enumerate() {
        let rank = ranks - 1 - i as u8;
        let Some(text) = row.as_str() else {
            problems.push(format!("{shape}: row {} is {}", i + 1, describe(row)));
            ok = false;
            continue;
        };
        if text.chars().count() != usize::from(files) {
            problems.push(format!(
                "{shape}: row {} (rank {}) is “{}”",
                i + 1,
                rank + 1,
                clip(text)
            ));
            ok = false;
            continue;
        }
        for (file, c) in text.chars().enumerate() {
            match cell(c) {
                Some(x) => put(file as u8, rank, x),
                None => {
                    problems.push(format!(
                        "{}{} holds “{c}”, not one of “{alphabet}”",
                        char::from(b'a' + file as u8),
                        rank + 1
                    ));
                    ok = false;
                }
            }
        }
    }
    ok
}

/// Reads `to_move` (0 or 1).
pub(crate) fn read_to_move(value: &Value, problems: &mut Problems) -> Option<Seat> {
    let v = value.get("to_move")?;
    match v.as_i64() {
        Some(n @ 0..=1) => Some(Seat(n as u8)),
        _ => {
            problems.push(format!("to_move must be 0 or 1, not {}", describe(v)));
            None
        }
    }
}

/// Reads `result`: `Ok(None)` for `null` (or missing, already reported), the winner and
/// reason, or `Err(())` for a bad one (reported).
pub(crate) fn read_result(
    value: &Value,
    problems: &mut Problems,
) -> Result<Option<(Seat, String)>, ()> {
    let r = match value.get("result") {
        None | Some(Value::Null) => return Ok(None),
        Some(r) => r,
    };
    let shape = "result must be null or {\"winner\": 0 or 1, \"reason\": text}";
    let keys_ok = matches!(r, Value::Object(f) if f.len() == 2)
        && r.get("winner").is_some()
        && r.get("reason").is_some();
    let winner = match r.get("winner").and_then(Value::as_i64) {
        Some(w @ 0..=1) => Some(Seat(w as u8)),
        _ => None,
    };
    match (keys_ok, winner, r.get("reason").and_then(Value::as_str)) {
        (true, Some(w), Some(reason)) => Ok(Some((w, reason.to_string()))),
        _ => {
            problems.push(shape);
            Err(())
        }
    }
}

/// A result read from a document, its reason in the game's own terms (`known`, read from
/// the board) when the board shows why the winner won, else the document's text.
pub(crate) fn known_reason(
    result: Option<(Seat, String)>,
    known: impl FnOnce(Seat) -> Option<Reason>,
) -> Option<(Seat, Reason)> {
    let (w, text) = result?;
    Some((w, known(w).unwrap_or_else(|| Reason::text(text))))
}

/// The `result` field as written.
pub(crate) fn result_value(result: Option<&(Seat, Reason)>) -> Value {
    match result {
        None => Value::Null,
        Some((w, reason)) => Value::object([
            ("winner", Value::from(w.0)),
            ("reason", Value::from(reason.english())),
        ]),
    }
}

/// A value as a problem names it.
pub(crate) fn describe(v: &Value) -> String {
    match v {
        Value::Str(s) => format!("“{}”", clip(s)),
        Value::Int(n) => n.to_string(),
        other => other.kind().to_string(),
    }
}

/// At most 40 characters of what was given.
pub(crate) fn clip(s: &str) -> String {
    let mut c: String = s.chars().take(40).collect();
    if c.len() < s.len() {
        c.push('…');
    }
    c
}
