//! What Labscape brings to the bot: its turn told in words, its refusals, its buttons, its
//! image, its record and results, its rules. Its Fluent messages are in `bot/locales/`.

pub mod help;
mod lobby;
mod luck;
mod picture;
mod quick;
mod record;
mod refusals;
mod replay;
#[cfg(test)]
mod service_tests;
mod story;

use labscape_core::labscape::{Policy, Position};

pub use lobby::{LobbyProblem, lobby_open, lobby_settings, lobby_status, policy, variant};
pub use luck::{luck, luck_text};
pub use picture::image;
pub use quick::{quick_actions, suggestions};
pub use record::{export_file, record_of, results};
pub use replay::{MAX_REPLAY_BYTES, render_position, render_replay_within, replay};

pub use refusals::{layout_problem, problem, refused};
pub use story::{
    describe, difficulty_name, difficulty_named, heading, item_name, next_up, setup_name,
    special_effect, special_name, status, status_name,
};

/// Labscape's events among any game's (all of them, in a Labscape game).
pub fn events(any: &[labscape_core::AnyEvent]) -> Vec<labscape_core::labscape::Event> {
    use labscape_core::Member as _;
    any.iter().filter_map(Position::event).cloned().collect()
}

/// The computer players `addbot` offers, for a refusal.
pub fn policy_names() -> String {
    ["random", "heuristic", "search"]
        .into_iter()
        .filter(|n| Policy::from_name(n).is_some())
        .collect::<Vec<_>>()
        .join(", ")
}
