//! A turn in words: what an action did, how a game ended, the first lines of a game,
//! the heading of a post and who is next.

use labscape_core::{AnyAction, AnyEvent, AnyGame, GameKind, Outcome, Seat};

use super::*;
use crate::i18n::{Lang, tr};

/// The story of one action of `seat`: who played what, then what the game says happened
/// (Labscape's events tell the whole story themselves).
pub fn describe(
    names: &[String],
    seat: Seat,
    action: &AnyAction,
    events: &[AnyEvent],
    lang: Lang,
) -> Vec<String> {
    if let AnyAction::Labscape(_) = action {
        return labscape_story(events, names, lang);
    }
    let player = names.get(seat.index()).map_or("", String::as_str);
    let mut lines = vec![tr!(
        lang,
        "any-played",
        who = player,
        action = action.to_string()
    )];
    for e in events {
        if let Some(line) = events::event_line(e, lang) {
            lines.push(line);
        }
    }
    lines
}

/// How a finished game ended, in words: the winner (or the ranking) and why.
pub fn outcome_line(kind: GameKind, outcome: &Outcome, names: &[String], lang: Lang) -> String {
    let name = |seat: labscape_core::Seat| names.get(seat.index()).cloned().unwrap_or_default();
    let why = reason(kind, &outcome.reason, lang);
    match outcome.winner() {
        Some(w) => tr!(lang, "any-game-won", who = name(w), reason = why.as_str()),
        None => tr!(
            lang,
            "any-game-over",
            winners = outcome.winners().map(name).collect::<Vec<_>>().join(", "),
            reason = why.as_str()
        ),
    }
}

/// Labscape's story of `events` (its events name who did what).
pub(super) fn labscape_story(events: &[AnyEvent], names: &[String], lang: Lang) -> Vec<String> {
    labscape::describe(&labscape::events(events), names, lang)
}

/// The first lines of a game's first post: it begins, with whom (and, for Labscape, the
/// seed's commitment and what the set-up drew).
pub fn begins(
    game: &AnyGame,
    title: &str,
    seed_hash: &str,
    names: &[String],
    events: &[AnyEvent],
    lang: Lang,
) -> Vec<String> {
    match game {
        AnyGame::Labscape(_) => {
            let mut story = vec![tr!(lang, "game-begins", game = title, hash = seed_hash)];
            story.extend(labscape_story(events, names, lang));
            story
        }
        _ => vec![tr!(
            lang,
            "any-game-begins",
            game = title,
            players = names.join(", ")
        )],
    }
}

/// The first line of a post about a game at `turn`.
pub fn heading(kind: GameKind, title: &str, turn: i64, lang: Lang) -> String {
    match kind {
        GameKind::Labscape => labscape::heading(title, turn, lang),
        _ => format!("{title} · {turn}"),
    }
}

/// Who acts next (with what a player needs to know), or how the game ended; `None` when
/// the story has told it already.
pub fn next_line(game: &AnyGame, names: &[String], lang: Lang) -> Option<String> {
    if let AnyGame::Labscape(pos) = game {
        return Some(labscape::next_up(pos, lang)).filter(|l| !l.is_empty());
    }
    if let Some(outcome) = game.outcome() {
        return Some(outcome_line(game.kind(), &outcome, names, lang));
    }
    let who = names.get(game.to_move()?.index())?;
    Some(tr!(lang, "any-next", who = who.as_str()))
}
