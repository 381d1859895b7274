//! How each game tells what is not a turn: the lobby's and the game's `/status`, a line of
//! `/log` and of `/recap`, the set-up a recap from the start begins with.

use labscape_core::{AnyAction, AnyEvent, AnyGame, Seat};

use super::{describe, heading, labscape, labscape_story, next_line};
use crate::i18n::{Lang, tr};

/// The `/status` of a running game: the heading, what a player needs to know (Labscape's
/// board and players, with `notes` under their names), who is next.
pub fn status(
    game: &AnyGame,
    title: &str,
    turn: i64,
    names: &[String],
    notes: &[Option<String>],
    lang: Lang,
) -> String {
    if let AnyGame::Labscape(pos) = game {
        return labscape::status(title, turn, pos, notes, lang);
    }
    let mut text = heading(game.kind(), title, turn, lang);
    text.push('\n');
    text.push_str(&tr!(
        lang,
        "any-status",
        game = title,
        turn = turn,
        players = names.join(", ")
    ));
    if let Some(next) = next_line(game, names, lang) {
        text.push('\n');
        text.push_str(&next);
    }
    text
}

/// The `/status` of a lobby: its settings (in the game's words) and its seats.
pub fn lobby_status(
    kind: labscape_core::GameKind,
    title: &str,
    settings: &str,
    names: &[String],
    max: u8,
    lang: Lang,
) -> String {
    if kind == labscape_core::GameKind::Labscape
        && let Some(text) = labscape::lobby_status(title, settings, names, max, lang)
    {
        return text;
    }
    tr!(
        lang,
        "any-lobby-status",
        game = title,
        options = options_text(settings),
        taken = names.len(),
        max = max,
        seats = names.join(", ")
    )
}

/// Options as players read them: `stones=10`, or "standard" when there are none.
pub fn options_text(settings: &str) -> String {
    if settings.trim().is_empty() {
        "standard".into()
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
    /// The action.
    pub action: &'a AnyAction,
    /// What it did.
    pub events: &'a [AnyEvent],
    /// The note of an action played for an absent player (empty otherwise).
    pub auto: &'a str,
}

/// A line of `/log`: `#seq` and the action told.
pub fn log_line(t: &Told<'_>, names: &[String], lang: Lang) -> String {
    let story = describe(names, t.seat, t.action, t.events, lang).join(" ");
    if let AnyAction::Labscape(a) = t.action {
        let who = names.get(t.seat.index()).map_or("?", String::as_str);
        return format!("#{} {who}: {a}{} — {story}", t.seq, t.auto);
    }
    format!("#{}{} {story}", t.seq, t.auto)
}

/// A line of `/recap`: `#seq` and what happened.
pub fn recap_line(t: &Told<'_>, names: &[String], lang: Lang) -> String {
    let story = describe(names, t.seat, t.action, t.events, lang).join(" ");
    if let AnyAction::Labscape(_) = t.action {
        let who = names.get(t.seat.index()).map_or("?", String::as_str);
        return format!("#{} {who}{}: {story}", t.seq, t.auto);
    }
    format!("#{}{} {story}", t.seq, t.auto)
}

/// What the set-up drew, told at the top of a recap from the start (Labscape's start
/// cells and items; nothing for a game without chance at its start).
pub fn setup_story(events: &[AnyEvent], names: &[String], lang: Lang) -> Vec<String> {
    labscape_story(events, names, lang)
}

/// What a recap ends with: who is next (Labscape's essentials), or the game's status.
pub fn recap_tail(game: &AnyGame, title: &str, turn: i64, names: &[String], lang: Lang) -> String {
    match game {
        AnyGame::Labscape(pos) => labscape::next_up(pos, lang),
        _ => status(game, title, turn, names, &[], lang),
    }
}
