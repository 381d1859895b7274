//! `/help`: the command list; `/rules` and `/table` answer from the chat's game
//! (Labscape's topics and tables are in `games/labscape/help.rs`).

pub use crate::games::labscape::help::{TOPICS, presets, rules, table};
use crate::i18n::{Lang, tr};

/// The command list.
pub fn help(lang: Lang) -> String {
    tr!(lang, "help")
}
