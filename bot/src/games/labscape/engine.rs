//! Labscape's own engine command line, as `position-format.md` documents it and as it
//! always was: `engine new --layout L --players N [--difficulty D] [--setup S]` (each flag
//! also an `--option`, never both), with its own error codes, and positions read by its own
//! document type (the same messages for the same mistakes).

use labscape_core::{
    AnyGame, Game, Member, SettingsError,
    labscape::{Difficulty, Layout, Position, PositionDoc, Settings, SetupMode},
};

use crate::games::engine::{EngineError, EngineNew, clip};

/// `engine new` for Labscape.
pub fn new_position(e: &EngineNew) -> Result<AnyGame, EngineError> {
    let players = e.players.clone().ok_or_else(|| {
        EngineError::usage(
            "invalid-players",
            "--players is required for Labscape (1 to 8)",
        )
    })?;
    labscape_core::game::check_option_keys(&e.options, <Position as Game>::OPTIONS)
        .map_err(EngineError::option)?;
    let pick = |flag: &Option<String>, key: &'static str| -> Result<Option<String>, EngineError> {
        let opt = labscape_core::game::option(&e.options, key).map(str::to_string);
        match (flag, opt) {
            (Some(_), Some(_)) => Err(EngineError::option(SettingsError::Repeated(key.into()))),
            (f, o) => Ok(f.clone().or(o)),
        }
    };
    let layout = pick(&e.flags.layout, "layout")?.ok_or_else(|| {
        EngineError::usage(
            "invalid-layout",
            "--layout is required for Labscape: a preset (single, duo, tower, pyramid, grand) or a layout like ###/##/#",
        )
    })?;
    let difficulty = pick(&e.flags.difficulty, "difficulty")?.unwrap_or_else(|| "medium".into());
    let setup = pick(&e.flags.setup, "setup")?.unwrap_or_else(|| "random".into());
    let layout =
        Layout::parse(&layout).map_err(|e| EngineError::usage("invalid-layout", e.to_string()))?;
    let difficulty = Difficulty::from_name(&difficulty).ok_or_else(|| {
        EngineError::usage(
            "invalid-difficulty",
            format!(
                "“{}” is not a difficulty: use easy, medium, hard or impossible",
                clip(&difficulty)
            ),
        )
    })?;
    let setup = SetupMode::from_name(&setup).ok_or_else(|| {
        EngineError::usage(
            "invalid-setup",
            format!(
                "“{}” is not a setup mode: use random or draft",
                clip(&setup)
            ),
        )
    })?;
    let settings = Settings {
        layout,
        difficulty,
        setup,
        players,
    };
    let (pos, _events) = Position::new_game(&settings, &e.seed)
        .map_err(|e| EngineError::usage("invalid-players", e.to_string()))?;
    Ok(pos.into_any())
}

/// A position file's text read as Labscape's notation.
pub fn read_position(text: &str) -> Result<AnyGame, EngineError> {
    let doc: PositionDoc = serde_json::from_str(text).map_err(|e| {
        EngineError::invalid(format!(
            "the position is not valid JSON for the notation: {e}"
        ))
    })?;
    Position::from_doc(&doc)
        .map(Member::into_any)
        .map_err(EngineError::position)
}
