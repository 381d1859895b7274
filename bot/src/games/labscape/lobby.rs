//! Labscape's lobby in words: its settings (layout, difficulty, set-up) read from the
//! lobby's stored options.

use labscape_core::{
    Game as _,
    game::parse_options,
    labscape::{Position, Variant},
};

use super::{difficulty_name, setup_name};
use crate::i18n::{Lang, tr};

/// A lobby's settings, read from its stored options; `None` if they do not read.
pub fn variant(settings: &str) -> Option<Variant> {
    parse_options(settings)
        .ok()
        .and_then(|o| Position::settings(&o).ok())
}

/// `/status` of a Labscape lobby; `None` if its settings do not read.
pub fn lobby_status(
    title: &str,
    settings: &str,
    names: &[String],
    max: u8,
    lang: Lang,
) -> Option<String> {
    let v = variant(settings)?;
    Some(tr!(
        lang,
        "lobby-status",
        game = title,
        layout = v.layout.source(),
        difficulty = difficulty_name(v.difficulty, lang),
        setup = setup_name(v.setup.name(), lang),
        taken = names.len(),
        max = max,
        seats = names.join(", ")
    ))
}
