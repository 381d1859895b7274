//! `labscape`: the Labscape chat bot, as a library for the binary and the tests.
//!
//! This crate is the imperative shell around `labscape-core` (the rules) and
//! `labscape-render` (the turn image): it reads files and the environment, talks to the
//! database and (per platform module) to the chat platforms. `anyhow` lives only here.

pub mod app;
pub mod bench;
pub mod discord;
pub mod engine_cli;
pub mod games;
pub mod i18n;
pub mod local;
pub mod scheduler;
pub mod secret;
pub mod store;
pub mod telegram;
pub mod verify;

/// A fresh 256-bit seed, as hex.
pub fn random_seed() -> String {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).expect("the operating system provides randomness");
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The image of a position of any game, with no last-turn overlay; `None` for a game that
/// has no image.
pub fn render_game(game: &labscape_core::AnyGame, width: Option<u32>) -> Option<Vec<u8>> {
    use labscape_core::Member;
    match labscape_core::labscape::Position::from_any(game) {
        Some(pos) => Some(render_position(pos, width)),
        None => games::position_image(game, width),
    }
}

/// The turn image of a position with no last-turn overlay.
pub fn render_position(pos: &labscape_core::labscape::Position, width: Option<u32>) -> Vec<u8> {
    labscape_render::render_png(&labscape_render::View::new(pos), width)
}

/// The turn image the service asks for: position, the turn's events, the game's name as
/// the title, notes under the players' names, in the reply's language.
pub fn render_turn(picture: &app::Picture) -> Vec<u8> {
    labscape_render::render_png(
        &labscape_render::View::new(&picture.position)
            .events(&picture.events)
            .title(&picture.title)
            .notes(&picture.notes)
            .lang(picture.lang),
        None,
    )
}

/// A game's replay: one frame per turn, labels in `lang`.
pub fn render_replay(
    record: &labscape_core::labscape::Record,
    game_name: &str,
    lang: labscape_core::Lang,
) -> Result<Vec<u8>, labscape_core::labscape::RecordError> {
    use labscape_render::{REPLAY_WIDTH, Replay, View};
    let mut replay: Option<Replay> = None;
    record.replay_with(|pos, events| {
        let view = View::new(pos).events(events).title(game_name).lang(lang);
        match &mut replay {
            Some(r) => r.push(&view),
            None => replay = Some(Replay::new(&view, REPLAY_WIDTH)),
        }
    })?;
    Ok(replay.expect("a replay shows at least the start").finish())
}
