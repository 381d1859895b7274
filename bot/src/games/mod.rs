//! What each game brings to the bot, one module per game behind one trait.
//!
//! [`ChatGame`] (`chat_game.rs`) is everything the bot needs from a game: its turn told in
//! words, refusals, end reasons, heading and "who is next", buttons laid out in rows and
//! autocomplete, the image, results, `/new`'s words and the lobby, computer players, rules
//! and tables, record, luck, replay, the deadline's action; and its [`Profile`] (rated,
//! takes challenges, status in public, shows away notes, several actions in one message) as
//! data. Its default methods serve a plain two-player board game; what no default can know
//! (refusals and reasons in words, rules, image) every game writes. Each game implements it
//! on its core position type in its own file (`avanco.rs`, …) or folder (`labscape/`);
//! `board/` holds what the square and hex boards share.
//!
//! The service holds a game's module as a [`Module`] (`module.rs`: the trait over
//! `AnyGame`), got with [`of`]; the match that picks it is generated from core's one list of
//! games, with no wildcard arm, so a game in core's list without a module here does not
//! compile. This folder is the bot's only place that names a game. A game may bring its own
//! study for `labscape simulate` (`study.rs`, [`ChatGame::study`]).

mod avanco;
pub mod board;
mod buttons;
mod chat_game;
mod directions;
pub mod engine;
mod flume;
#[cfg(test)]
mod footer_tests;
mod gatos_caes;
mod help;
mod hidra;
mod history;
pub mod labscape;
mod lobby;
mod look;
mod module;
mod own_commands;
mod picture;
mod produto;
mod rastros;
mod record;
#[cfg(test)]
mod replay_tests;
mod results;
mod sages;
#[cfg(test)]
mod seam_tests;
mod semaforo;
mod skarb;
mod soccolot;
mod study;

labscape_core::if_test_game! {
    mod nim;
}

pub use buttons::{Button, PICK, Style, Suggestion, flat, pick_key};
pub use chat_game::{ChatGame, Picture, Profile, TurnTold};
pub use help::{NoTable, help, rules, table, with_tables};
pub use history::{Told, options_text};
pub use lobby::{DEFAULT_GAME, LobbyOpen, LobbyWords, OptionError, Worded, side_word};
pub use look::{Look, owner_of_look};
pub use module::{Module, of};
pub use own_commands::{
    Does, Group, OwnCommand, OwnOption, Values, new_options, own_commands, rules_words,
};
pub use picture::{Renderer, ReplayRenderer, TurnPicture, image, position_image, replay};
pub use record::{AGREED, ANY_RECORD_FORMAT, GameRecord};
pub use results::{PastFinish, Placement};
pub use study::StudyOptions;

/// The first line of every post about a game at `turn` ("**Rastros #3** · turn 12"), so
/// players in several games know which one it is.
pub fn heading(title: &str, turn: i64, lang: crate::i18n::Lang) -> String {
    crate::i18n::tr!(lang, "heading", game = title, turn = turn)
}
#[cfg(test)]
mod tests;
