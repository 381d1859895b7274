//! Reading a position: from a file or standard input, never more than
//! [`MAX_POSITION_BYTES`] (an endless stream or a huge file is refused, not buffered), and
//! then as the game its `format` names.

use std::io::Read;

use labscape_core::{AnyGame, AnyView, Audience, GameKind, Value};

use super::{Failure, PositionArg};

/// The largest position file read. The largest board of any game (Labscape's six full
/// floors, eight players) writes under 100 KiB; most games under 1 KiB.
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
        return Err(Failure::invalid(format!(
            "{name} is larger than a position can be ({} KiB at most)",
            MAX_POSITION_BYTES / 1024
        )));
    }
    String::from_utf8(bytes).map_err(|_| Failure::invalid(format!("{name} is not UTF-8 text")))
}

/// What a position file holds: the whole position, or one audience's view of it (a
/// document with a `"view"` field).
pub(super) enum Input {
    /// The whole position.
    Whole(AnyGame),
    /// A view.
    View(AnyView),
}

/// Reads the whole position of any game; a view is refused (`apply` and `view` need the
/// whole truth).
pub(super) fn read_position(arg: &PositionArg) -> Result<AnyGame, Failure> {
    match read_any(arg)? {
        Input::Whole(game) => Ok(game),
        Input::View(view) => Err(Failure::invalid(format!(
            "this is the view of {}, not the position: this command needs the whole position",
            audience_words(view.audience())
        ))),
    }
}

/// Reads a position or a view of any game.
pub(super) fn read_any(arg: &PositionArg) -> Result<Input, Failure> {
    let text = read_text(arg)?;
    let mut value: Value = serde_json::from_str(&text)
        .map_err(|e| Failure::invalid(format!("the position is not valid JSON: {e}")))?;
    let kind = GameKind::of_position(&value).map_err(invalid)?;
    if let Some(view) = take_field(&mut value, "view") {
        let audience = audience_of(&view).map_err(Failure::invalid)?;
        let view = AnyGame::view_from_value_of(kind, value, audience).map_err(invalid)?;
        // `"view": 5` in a two-seat game names nobody.
        if let Audience::Seat(s) = audience
            && s.index() >= view.game().seat_count()
        {
            return Err(Failure::invalid(format!(
                "view {s} is not a seat of this game (it has {} seats)",
                view.game().seat_count()
            )));
        }
        return Ok(Input::View(view));
    }
    if let Some(read) = crate::games::of(kind).read_position(&text) {
        return read.map(Input::Whole).map_err(Failure::from);
    }
    AnyGame::from_value_of(kind, value)
        .map(Input::Whole)
        .map_err(invalid)
}

/// Takes `key` out of an object (its first occurrence).
fn take_field(value: &mut Value, key: &str) -> Option<Value> {
    let Value::Object(fields) = value else {
        return None;
    };
    let i = fields.iter().position(|(k, _)| k == key)?;
    Some(fields.remove(i).1)
}

/// A view's `"view"` field: a seat's number or `"public"`.
fn audience_of(view: &Value) -> Result<Audience, String> {
    match view {
        Value::Int(n) => u8::try_from(*n)
            .map(|n| Audience::Seat(labscape_core::Seat(n)))
            .map_err(|_| format!("view {n} is not a seat")),
        Value::Str(s) if s == "public" => Ok(Audience::Public),
        other => Err(format!(
            "view must be a seat's number or \"public\", not {}",
            other.kind()
        )),
    }
}

/// “seat 1” or “the public”.
pub(super) fn audience_words(audience: Audience) -> String {
    match audience {
        Audience::Seat(s) => format!("seat {s}"),
        Audience::Public => "the public".to_string(),
    }
}

/// The audience a `--seat`/`--view` argument names, checked against the game's seats.
pub(super) fn audience_arg(game: &AnyGame, text: &str) -> Result<Audience, Failure> {
    let audience: Audience = text
        .parse()
        .map_err(|e: labscape_core::AudienceError| Failure::usage("invalid-seat", e.to_string()))?;
    match audience {
        Audience::Seat(s) if s.index() >= game.seat_count() => Err(Failure::usage(
            "invalid-seat",
            format!(
                "seat {s} is not a seat of this game (it has {} seats, 0 to {})",
                game.seat_count(),
                game.seat_count().saturating_sub(1)
            ),
        )),
        a => Ok(a),
    }
}

fn invalid(e: labscape_core::PositionError) -> Failure {
    crate::games::engine::EngineError::position(e).into()
}
