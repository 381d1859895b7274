//! `labscape`: the Labscape chat bot, as a library for the binary and the tests.
//!
//! This crate is the imperative shell around `labscape-core` (the rules) and
//! `labscape-render` (the turn image): it reads files and the environment, talks to the
//! database and (per platform module) to the chat platforms. `anyhow` lives only here.

pub mod app;
pub mod bench;
pub mod crash_point;
pub mod discord;
pub mod engine_cli;
pub mod games;
pub mod i18n;
pub mod local;
pub mod migrate;
pub mod scheduler;
pub mod secret;
pub mod settings;
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
    games::position_image(game, width)
}

pub use games::labscape::render_position;

/// The turn image the service asks for, of any game (empty for a game without one).
pub fn render_turn(picture: &games::TurnPicture) -> Vec<u8> {
    games::image(picture).unwrap_or_default()
}

/// A game's replay GIF, any game (`None` for a game without images): what `main` hands
/// the service.
///
/// # Errors
/// The reason, when the record does not replay.
pub fn render_replay(
    record: &games::GameRecord,
    lang: labscape_core::Lang,
) -> Result<Option<Vec<u8>>, String> {
    games::replay(record, lang)
}
