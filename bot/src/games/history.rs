//! What the service hands a game to tell a stored action in `/log` and `/recap`, and how
//! options read for players.

use labscape_core::{AnyAction, AnyEvent, Outcome, Seat};

use crate::i18n::{Lang, tr};

/// Options as players read them: `stones=10`, or "standard" when there are none.
pub fn options_text(settings: &str, lang: Lang) -> String {
    if settings.trim().is_empty() {
        tr!(lang, "options-standard")
    } else {
        settings.to_string()
    }
}

/// One stored action, for `/log` and `/recap`.
#[derive(Debug)]
pub struct Told<'a> {
    /// Its number.
    pub seq: i64,
    /// Who played it.
    pub seat: Seat,
    /// The action; `None` when its reader may not learn it (a game's secret: a far hedge,
    /// a pass), which then tells it by its masked events.
    pub action: Option<&'a AnyAction>,
    /// What it did.
    pub events: &'a [AnyEvent],
    /// The note of an action played for an absent player (empty otherwise).
    pub auto: &'a str,
    /// How the game ended, when this action ended it (`/log`'s last line of a finished
    /// game); `None` otherwise, and in `/recap`, which ends with the game's status.
    pub outcome: Option<&'a Outcome>,
}
