//! `labscape verify FILE`: checks a game's record file (what `/export` gives) and prints a
//! plain verdict; this module reads the file and turns the verdict into text and an exit
//! code. A game's record is either every game's (`labscape-game-record/1`: settings,
//! players, seed and actions, replayed here through core's list) or, for a game with a
//! record of its own (Labscape's `labscape-record/1`, which carries every roll), checked by
//! its module (`ChatGame::verify_own_record`), found by the file's format.
//!
//! Exit codes: 0 verified; 1 read but not verified (the verdict says why); 2 the file
//! could not be read as a record file.

use std::{io::Read, path::Path, process::ExitCode};

use labscape_core::GameKind;

use crate::games;

/// Why a file is not a record file at all.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The file could not be read.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// Not JSON, or not the shape of a record file.
    #[error("it is not a Labscape record file ({0})")]
    Json(#[from] serde_json::Error),
    /// Larger than any record file can be.
    #[error("it is larger than a record file can be ({} MiB at most)", MAX_RECORD_BYTES >> 20)]
    TooLarge,
    /// Not UTF-8 text.
    #[error("it is not UTF-8 text")]
    NotText,
    /// A record file of another format version.
    #[error("its format is “{0}”; this version of labscape reads {known}", known = formats().join(", "))]
    Format(String),
}

/// The record formats this version reads: every game's, and those of games with their own.
fn formats() -> Vec<&'static str> {
    let own = GameKind::ALL
        .iter()
        .filter_map(|k| games::of(*k).own_record_format());
    std::iter::once(ANY_RECORD_FORMAT).chain(own).collect()
}

/// The largest record file read: a record of the longest game (eight players, hundreds of
/// turns) is well under 1 MiB; an endless stream is refused, not buffered.
pub const MAX_RECORD_BYTES: u64 = 16 << 20;

/// Reads at most [`MAX_RECORD_BYTES`] of text.
fn read_capped(reader: impl Read) -> Result<String, ReadError> {
    let mut bytes = Vec::new();
    reader.take(MAX_RECORD_BYTES + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_RECORD_BYTES {
        return Err(ReadError::TooLarge);
    }
    String::from_utf8(bytes).map_err(|_| ReadError::NotText)
}

/// Reads and checks a record file (`-` is standard input).
///
/// # Errors
/// [`ReadError`] if the file cannot be read as a record file.
pub fn check_file(path: &Path) -> Result<RecordVerdict, ReadError> {
    check_text(&read_path(path)?)
}

/// The text of a record file (`-` is standard input), capped.
fn read_path(path: &Path) -> Result<String, ReadError> {
    if path == Path::new("-") {
        read_capped(std::io::stdin().lock())
    } else {
        read_capped(std::fs::File::open(path)?)
    }
}

/// Checks a record file of any game: whether it is verified, and the verdict in words.
///
/// # Errors
/// [`ReadError`] if the text is not a record file of a format this version reads.
pub fn check_text(text: &str) -> Result<RecordVerdict, ReadError> {
    let value: serde_json::Value = serde_json::from_str(text)?;
    let format = match value.get("format").and_then(|f| f.as_str()) {
        Some(f) => f.to_string(),
        None => return Err(ReadError::Format("none".into())),
    };
    if format == ANY_RECORD_FORMAT {
        return verify_board_game(&value);
    }
    let module = GameKind::ALL
        .iter()
        .map(|k| games::of(*k))
        .find(|m| m.own_record_format() == Some(format.as_str()))
        .ok_or(ReadError::Format(format))?;
    let (verified, text) = module.verify_own_record(value)?;
    Ok(RecordVerdict { verified, text })
}

/// The verdict on a record file: whether it checks out (every action legal in turn from
/// the start, every roll the seed's, the seed its commitment), and what was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordVerdict {
    /// Whether the record checks out.
    pub verified: bool,
    /// What was found, in a sentence or two.
    pub text: String,
}

impl std::fmt::Display for RecordVerdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

/// Checks a board game's record file (already read as JSON).
///
/// # Errors
/// [`ReadError::Format`] when it does not name a game this version knows, or lacks a field.
pub fn verify_board_game(value: &serde_json::Value) -> Result<RecordVerdict, ReadError> {
    use labscape_core::{AnyGame, Seat, game::parse_options};
    let field = |name: &str| {
        value
            .get(name)
            .ok_or_else(|| ReadError::Format(format!("{ANY_RECORD_FORMAT} without “{name}”")))
    };
    let id = field("game")?.as_str().unwrap_or_default();
    let kind = GameKind::from_id(id)
        .filter(|k| games::of(*k).own_record_format().is_none())
        .ok_or_else(|| ReadError::Format(format!("a record of an unknown game “{id}”")))?;
    let options = parse_options(field("settings")?.as_str().unwrap_or_default())
        .map_err(|e| ReadError::Format(format!("settings: {e}")))?;
    let players: Vec<String> = field("players")?
        .as_array()
        .into_iter()
        .flatten()
        .map(|p| p.as_str().unwrap_or_default().to_string())
        .collect();
    let fail = |text: String| {
        Ok(RecordVerdict {
            verified: false,
            text,
        })
    };
    let seed = value.get("seed").and_then(|s| s.as_str());
    if let Some(seed) = seed {
        let hash = field("seed_hash")?.as_str().unwrap_or_default();
        if labscape_core::commitment(seed) != hash {
            return fail("NOT verified: the seed does not match its commitment.".into());
        }
    }
    let actions = field("actions")?.as_array().cloned().unwrap_or_default();
    let mut moves = Vec::with_capacity(actions.len());
    for (i, a) in actions.iter().enumerate() {
        let seat = a.get("seat").and_then(serde_json::Value::as_u64);
        let Some(seat) = seat.and_then(|s| u8::try_from(s).ok()) else {
            return fail(format!("NOT verified: action {} has no seat.", i + 1));
        };
        let text = a.get("action").and_then(|t| t.as_str()).unwrap_or_default();
        moves.push((Seat(seat), text));
    }
    let game = match AnyGame::replay(kind, &options, &players, seed.unwrap_or(""), moves) {
        Ok(game) => game,
        Err(e) => return fail(format!("NOT verified: {e}.")),
    };
    let outcome = game.outcome();
    // A record with its seed is the record of a finished game: it must end where the game
    // ends, with the result it states.
    let agreed = value
        .get("result")
        .and_then(|r| r.get("agreed"))
        .and_then(|a| a.as_str())
        == Some(crate::games::AGREED);
    let resigned = value
        .get("result")
        .and_then(|r| r.get("resigned"))
        .and_then(serde_json::Value::as_u64)
        .filter(|&s| s < players.len() as u64);
    // An abandoned game's record carries its seed (told when it was abandoned) and stops
    // where it was abandoned, before its end.
    let abandoned = value
        .get("result")
        .and_then(|r| r.get("abandoned"))
        .and_then(serde_json::Value::as_bool)
        == Some(true);
    if abandoned && outcome.is_some() {
        return fail(format!(
            "NOT verified: the record says its game was abandoned, but its {} actions end it.",
            actions.len()
        ));
    }
    if seed.is_some() && outcome.is_none() && !agreed && resigned.is_none() && !abandoned {
        return fail(format!(
            "NOT verified: the record carries its seed, so its game is over, but after its {} actions the game goes on (an action is missing).",
            actions.len()
        ));
    }
    if let (Some(o), Some(stated)) = (&outcome, value.get("result")) {
        let winner = stated.get("winner").and_then(serde_json::Value::as_u64);
        let replayed = o.winner().map(|w| u64::from(w.0));
        if winner != replayed {
            return fail(format!(
                "NOT verified: the record says the winner is {}, the actions make it {}.",
                winner.map_or("nobody".into(), |w| format!("seat {w}")),
                replayed.map_or("nobody".into(), |w| format!("seat {w}"))
            ));
        }
    }
    let title = value
        .get("name")
        .and_then(|n| n.as_str())
        .unwrap_or(kind.name());
    let end = match &outcome {
        Some(o) => format!("; the game is over ({})", o.reason),
        None if agreed => "; there the players agreed a draw".into(),
        None if let Some(seat) = resigned => format!("; there seat {seat} resigned"),
        None if abandoned => "; there the game was abandoned, before its end".into(),
        None => "; the game goes on".into(),
    };
    Ok(RecordVerdict {
        verified: true,
        text: format!(
            "Verified: {title}. All {} actions are legal in turn{end}.",
            actions.len(),
        ),
    })
}

/// `labscape verify FILE`: prints the verdict; exit code 0, 1 or 2 (see the module docs).
/// Reads Labscape's record files and the board games' alike.
pub fn run(path: &Path) -> ExitCode {
    match check_file(path) {
        Ok(verdict) => {
            println!("{verdict}");
            if verdict.verified {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            }
        }
        Err(e) => {
            eprintln!("Cannot read {}: {e}", path.display());
            ExitCode::from(2)
        }
    }
}

/// The format name of a board game's record file (`/export`).
pub const ANY_RECORD_FORMAT: &str = crate::app::ANY_RECORD_FORMAT;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_games_record_is_verified_move_by_move() {
        let record = |actions: serde_json::Value, seed: Option<&str>, hash: &str| {
            serde_json::json!({
                "format": ANY_RECORD_FORMAT,
                "game": "avanco",
                "settings": "",
                "players": ["ana", "bo"],
                "seed_hash": hash,
                "seed": seed,
                "actions": actions,
            })
        };
        let good = serde_json::json!([
            {"seat": 0, "action": "b2-b3"},
            {"seat": 1, "action": "b6-b5"}
        ]);
        let v = verify_board_game(&record(good.clone(), None, "x")).unwrap();
        assert!(v.verified, "{v}");
        // `labscape verify` tells the two kinds of record file apart by their format.
        let checked = check_text(&record(good.clone(), None, "x").to_string()).unwrap();
        assert!(
            checked.verified && checked.text.starts_with("Verified"),
            "{checked}"
        );
        assert!(v.text.contains("All 2 actions"), "{v}");
        let hash = labscape_core::commitment("s");
        // A record with its seed is a finished game's: two actions do not finish Avanço.
        let cut = verify_board_game(&record(good.clone(), Some("s"), &hash)).unwrap();
        assert!(!cut.verified && cut.text.contains("missing"), "{cut}");
        let lied = verify_board_game(&record(good, Some("t"), &hash)).unwrap();
        assert!(!lied.verified && lied.text.contains("commitment"), "{lied}");
        let bad = serde_json::json!([
            {"seat": 0, "action": "b2-b3"},
            {"seat": 1, "action": "b6-b3"}
        ]);
        let v = verify_board_game(&record(bad, None, "x")).unwrap();
        assert!(!v.verified && v.text.contains("action 2"), "{v}");
        let unknown = serde_json::json!({"format": ANY_RECORD_FORMAT, "game": "chess"});
        assert!(verify_board_game(&unknown).is_err());
    }

    /// A finished game's record carries its seed and its result: one that stops before the
    /// game's end, or states another winner, is not verified.
    #[test]
    fn a_finished_records_end_and_result_are_checked() {
        use labscape_core::{AnyGame, GameKind, Seat};
        let players = ["ana".to_string(), "bo".to_string()];
        let (mut g, _) = AnyGame::new_game(GameKind::Semaforo, &[], &players, "s").unwrap();
        let mut actions = Vec::new();
        while !g.is_over() {
            let seat = g.to_move().unwrap();
            let a = g.legal_actions().into_iter().next().unwrap();
            actions.push(serde_json::json!({"seat": seat.0, "action": a.to_string()}));
            g = g.play(Seat(seat.0), &a).unwrap().0;
        }
        let winner = g.outcome().unwrap().winner().unwrap().0;
        let record = |actions: &[serde_json::Value], winner: u8| {
            serde_json::json!({
                "format": ANY_RECORD_FORMAT,
                "game": "semaforo",
                "name": "Semáforo #4",
                "settings": "",
                "players": players,
                "seed_hash": labscape_core::commitment("s"),
                "seed": "s",
                "actions": actions,
                "result": {"winner": winner},
            })
        };
        let whole = verify_board_game(&record(&actions, winner)).unwrap();
        assert!(whole.verified, "{whole}");
        assert!(whole.text.starts_with("Verified: Semáforo #4."), "{whole}");
        let cut = verify_board_game(&record(&actions[..actions.len() - 1], winner)).unwrap();
        assert!(!cut.verified && cut.text.contains("missing"), "{cut}");
        let lie = verify_board_game(&record(&actions, 1 - winner)).unwrap();
        assert!(!lie.verified && lie.text.contains("winner"), "{lie}");
        // An abandoned game's record carries its seed and stops before the end: verified,
        // and said to be abandoned; one whose actions do end the game is not.
        let abandoned = |actions: &[serde_json::Value]| {
            let mut r = record(actions, winner);
            r["result"] = serde_json::json!({"winner": null, "abandoned": true});
            r
        };
        let stopped = verify_board_game(&abandoned(&actions[..actions.len() - 1])).unwrap();
        assert!(stopped.verified, "{stopped}");
        assert!(stopped.text.contains("was abandoned"), "{stopped}");
        let played_out = verify_board_game(&abandoned(&actions)).unwrap();
        assert!(
            !played_out.verified && played_out.text.contains("abandoned"),
            "{played_out}"
        );
    }

    #[test]
    fn an_endless_stream_is_refused_not_buffered() {
        let endless = std::io::repeat(b' ');
        assert!(matches!(read_capped(endless), Err(ReadError::TooLarge)));
        assert!(matches!(read_capped(&b"\xff"[..]), Err(ReadError::NotText)));
        assert_eq!(read_capped(&b"{}"[..]).unwrap(), "{}");
    }

    #[test]
    fn only_record_files_of_this_format_are_read() {
        let parse = check_text;
        assert!(matches!(parse("not json"), Err(ReadError::Json(_))));
        assert!(matches!(parse("{}"), Err(ReadError::Format(_))));
        assert!(matches!(
            parse(r#"{"format": "labscape-record/2"}"#),
            Err(ReadError::Format(f)) if f == "labscape-record/2"
        ));
        // The right tag but not the shape of a record.
        assert!(matches!(
            parse(r#"{"format": "labscape-record/1", "game": 3}"#),
            Err(ReadError::Json(_))
        ));
        let e = check_file(Path::new("/nonexistent/record.json")).unwrap_err();
        assert!(matches!(e, ReadError::Io(_)));
    }
}
