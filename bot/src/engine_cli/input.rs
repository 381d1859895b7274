//! Reading a position: from a file or standard input, never more than
//! [`MAX_POSITION_BYTES`] (an endless stream or a huge file is refused, not buffered), and
//! then as the game its `format` names.

use std::io::Read;

use labscape_core::{AnyGame, GameKind, Member, Value, labscape};

use super::{Failure, PositionArg};

/// The largest position file read. Labscape's largest board (six full floors, eight
/// players) writes under 100 KiB; the other games under 1 KiB.
pub(crate) const MAX_POSITION_BYTES: u64 = 1 << 20;

/// The text of the position file, capped.
pub(super) fn read_text(arg: &PositionArg) -> Result<String, Failure> {
    let stdin = arg.position.as_os_str() == "-";
    let name = if stdin {
        "standard input".to_string()
    } else {
        arg.position.display().to_string()
    };
    let cant =
        |e: std::io::Error| Failure::usage("unreadable-file", format!("cannot read {name}: {e}"));
    let reader: Box<dyn Read> = if stdin {
        Box::new(std::io::stdin().lock())
    } else {
        Box::new(std::fs::File::open(&arg.position).map_err(cant)?)
    };
    let mut bytes = Vec::new();
    reader
        .take(MAX_POSITION_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(cant)?;
    if bytes.len() as u64 > MAX_POSITION_BYTES {
        return Err(Failure::usage(
            "invalid-position",
            format!(
                "{name} is larger than a position can be ({} KiB at most)",
                MAX_POSITION_BYTES / 1024
            ),
        ));
    }
    String::from_utf8(bytes)
        .map_err(|_| Failure::usage("invalid-position", format!("{name} is not UTF-8 text")))
}

/// Reads a position of any game.
pub(super) fn read_position(arg: &PositionArg) -> Result<AnyGame, Failure> {
    let text = read_text(arg)?;
    let value: Value = serde_json::from_str(&text).map_err(|e| {
        Failure::usage(
            "invalid-position",
            format!("the position is not valid JSON: {e}"),
        )
    })?;
    let kind = GameKind::of_position(&value).map_err(invalid)?;
    if kind == GameKind::Labscape {
        // Labscape's notation is read by its own document type, as it always was: the
        // same messages for the same mistakes.
        let doc: labscape::PositionDoc = serde_json::from_str(&text).map_err(|e| {
            Failure::usage(
                "invalid-position",
                format!("the position is not valid JSON for the notation: {e}"),
            )
        })?;
        return labscape::Position::from_doc(&doc)
            .map(Member::into_any)
            .map_err(invalid);
    }
    AnyGame::from_value_of(kind, value).map_err(invalid)
}

fn invalid(e: labscape_core::PositionError) -> Failure {
    Failure {
        code: "invalid-position",
        message: e.to_string(),
        exit: 2,
        problems: Some(e.problems),
    }
}
