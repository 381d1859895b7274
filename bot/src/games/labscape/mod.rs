//! What Labscape brings to the bot: its turn told in words, its refusals, its buttons, its
//! image, its record and results, its rules. Its Fluent messages are in `bot/locales/`.

mod commands;
mod engine;
pub mod help;
mod lobby;
mod luck;
mod picture;
mod quick;
mod record;
mod records;
mod refusals;
mod replay;
#[cfg(test)]
mod service_tests;
mod story;
mod words;

use labscape_core::labscape::Policy;

pub use chat::events;
pub use lobby::{LobbyProblem, lobby_open, lobby_status, lobby_words, policy, variant};
pub use luck::{luck, luck_text};
pub use picture::image;
pub use quick::{action_of, buttons, payload, rotation_buttons, suggestions};
pub use record::{export_file, read_export, record_of, results};
pub use records::Tally;
pub use replay::{MAX_REPLAY_BYTES, render_position, render_replay_within, replay};

pub use refusals::{layout_problem, problem, refused};
pub use story::{
    describe, difficulty_name, difficulty_named, item_name, next_up, setup_name, special_effect,
    special_name, status, status_name,
};

/// The computer players `addbot` offers, for a refusal.
pub fn policy_names() -> String {
    ["random", "easy", "strong"]
        .into_iter()
        .filter(|n| Policy::from_name(n).is_some())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The words that begin Labscape's actions: its own commands in every chat (`/move NNE`),
/// answered "that is Labscape's" in a chat playing another game.
pub const VERBS: &[&str] = &[
    "move",
    "roll",
    "rotate-wall",
    "rotate_wall",
    "rotatewall",
    "exit",
    "wait",
    "wall",
    "item",
    "autofill",
    "search",
    // In Portuguese (`words.rs`).
    "mover",
    "rolar",
    "girar",
    "esperar",
];

mod chat;
mod walls;
