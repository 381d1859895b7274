//! What each game brings to the bot, behind plain functions the service calls for any
//! game: a turn in words (`story.rs`), what a player typed read as the game reads it
//! (`play.rs`), the buttons and autocomplete (`buttons.rs`), the turn image
//! (`picture.rs`, `boards.rs`), the results at the end (`results.rs`), the lobby
//! (`lobby.rs`), `/status`, `/log` and `/recap` (`history.rs`), `/help`, `/rules` and
//! `/table` (`help.rs`), the record, luck and replay (`record.rs`), refusals and reasons
//! (`refusals.rs`, `reasons.rs`, `events.rs`). The bot's only `match` on `GameKind`
//! and `AnyGame` lives in these files; the service, the store and the chat adapters speak
//! of games in general. What is Labscape's own is in `labscape/`.
//!
//! A game that brings nothing of its own yet is still served: its actions are told in its
//! notation, its refusals in the engine's own sentence, its end by its outcome. So a new
//! game plays in chat as soon as it is in core's list of games; its wording and image
//! make it pleasant.

mod boards;
mod buttons;
mod events;
mod help;
mod history;
pub mod labscape;
mod lobby;
mod picture;
mod play;
mod reasons;
mod record;
mod refusals;
mod results;
mod story;

pub use buttons::{PICK, pick, pick_key, quick_actions, suggestions};
pub use help::{NoTable, RULES_TOPICS, help, layouts, rules, table};
pub use history::{
    Told, lobby_status, log_line, options_text, recap_line, recap_tail, setup_story, status,
};
pub use labscape::LobbyProblem;
pub use lobby::{
    DEFAULT_GAME, LobbyOpen, OptionError, lobby_open, lobby_settings, policy, rated, reads_words,
    takes_challenges,
};
pub use picture::{
    Renderer, ReplayRenderer, TurnPicture, image, position_image, shows_notes, status_in_public,
};
pub use play::{deadline_action, play_chat, reads_labscape_words, reads_several};
pub use reasons::reason;
pub use record::{ANY_RECORD_FORMAT, GameRecord, luck, record_file, replay};
pub use refusals::{refusal, refused};
pub use results::results;
use story::labscape_story;
pub use story::{begins, describe, heading, next_line, outcome_line};
