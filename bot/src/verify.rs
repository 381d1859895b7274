//! `labscape verify FILE`: checks a game's record file (what `/export` gives) and prints a
//! plain verdict. The checking itself is `labscape_core::labscape::verify`; this module
//! reads the file and turns the verdict into text and an exit code.
//!
//! Exit codes: 0 verified; 1 read but not verified (the verdict says why); 2 the file
//! could not be read as a record file.

use std::{io::Read, path::Path, process::ExitCode};

use labscape_core::labscape::{GameExport, RECORD_FORMAT, Verdict, verify};

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
    #[error("its format is “{0}”; this version of labscape reads {RECORD_FORMAT}")]
    Format(String),
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

/// Reads a record file's text.
///
/// # Errors
/// [`ReadError`] if it is not JSON, not a record file, or another format version.
pub fn parse(text: &str) -> Result<GameExport, ReadError> {
    from_value(serde_json::from_str(text)?)
}

/// A Labscape record file already read as JSON.
fn from_value(value: serde_json::Value) -> Result<GameExport, ReadError> {
    match value.get("format").and_then(|f| f.as_str()) {
        Some(RECORD_FORMAT) => Ok(serde_json::from_value(value)?),
        Some(other) => Err(ReadError::Format(other.to_string())),
        None => Err(ReadError::Format("none".into())),
    }
}

/// Reads and checks a record file (`-` is standard input).
///
/// # Errors
/// [`ReadError`] if the file cannot be read as a record file.
pub fn check_file(path: &Path) -> Result<Verdict, ReadError> {
    Ok(verify(&parse(&read_path(path)?)?))
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
pub(crate) fn check_text(text: &str) -> Result<(bool, String), ReadError> {
    let value: serde_json::Value = serde_json::from_str(text)?;
    if value.get("format").and_then(|f| f.as_str()) == Some(ANY_RECORD_FORMAT) {
        let v = verify_board_game(&value)?;
        return Ok((v.verified, v.text));
    }
    let verdict = verify(&from_value(value)?);
    Ok((verdict.is_verified(), verdict.to_string()))
}

/// The verdict on a board game's record file (`labscape-game-record/1`, from `/export`):
/// every action is legal in turn from the start, and the seed, once revealed, matches its
/// commitment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardVerdict {
    /// Whether the record checks out.
    pub verified: bool,
    /// What was found, in a sentence or two.
    pub text: String,
}

impl std::fmt::Display for BoardVerdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

/// Checks a board game's record file (already read as JSON).
///
/// # Errors
/// [`ReadError::Format`] when it does not name a game this version knows, or lacks a field.
pub fn verify_board_game(value: &serde_json::Value) -> Result<BoardVerdict, ReadError> {
    use labscape_core::{AnyGame, GameKind, Seat, game::parse_options};
    let field = |name: &str| {
        value
            .get(name)
            .ok_or_else(|| ReadError::Format(format!("{ANY_RECORD_FORMAT} without “{name}”")))
    };
    let id = field("game")?.as_str().unwrap_or_default();
    let kind = GameKind::from_id(id)
        .filter(|k| *k != GameKind::Labscape)
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
        Ok(BoardVerdict {
            verified: false,
            text,
        })
    };
    let seed = value.get("seed").and_then(|s| s.as_str());
    if let Some(seed) = seed {
        let hash = field("seed_hash")?.as_str().unwrap_or_default();
        if labscape_core::labscape::commitment(seed) != hash {
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
    if seed.is_some() && outcome.is_none() && !agreed {
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
        None => "; the game goes on".into(),
    };
    Ok(BoardVerdict {
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
    match read_path(path).and_then(|text| check_text(&text)) {
        Ok((verified, verdict)) => {
            println!("{verdict}");
            if verified {
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
        let (verified, text) = check_text(&record(good.clone(), None, "x").to_string()).unwrap();
        assert!(verified && text.starts_with("Verified"), "{text}");
        assert!(v.text.contains("All 2 actions"), "{v}");
        let hash = labscape_core::labscape::commitment("s");
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
