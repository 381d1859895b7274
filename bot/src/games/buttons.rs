//! The buttons under a turn post (already laid out: adapters never match action text)
//! and the autocomplete of `/play`.

use labscape_core::{AnyGame, Seat};

use super::*;
use crate::{
    app::{QuickAction, Suggestions},
    i18n::Lang,
};

/// Most buttons offered under a turn: a larger choice is typed (`/play …`).
const MAX_QUICK: usize = 12;

/// Most buttons of the second step of a two-step choice (Discord shows five rows of five).
const MAX_PICK: usize = 25;

/// The word of a first-step button's action: `pick b2` asks for the actions of `b2`.
pub const PICK: &str = "pick";

/// The buttons under a turn: every legal action when there are few; otherwise a two-step
/// choice, first the piece (`b2…`, for a move `b2-b3`) or the column (`c…`, for a placement
/// `c4`), whose button asks for that group's actions; none when even that would not fit.
pub(super) fn board_quick_actions(game: &AnyGame) -> Vec<QuickAction> {
    let legal = game.legal_actions();
    if legal.is_empty() {
        return Vec::new();
    }
    if legal.len() <= MAX_QUICK {
        return legal.iter().map(|a| direct(&a.to_string())).collect();
    }
    let mut groups: Vec<(String, Vec<String>)> = Vec::new();
    for a in &legal {
        let text = a.to_string();
        let key = group_of(&text);
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, members)) => members.push(text),
            None => groups.push((key, vec![text])),
        }
    }
    if groups.len() > MAX_QUICK || groups.iter().any(|(_, m)| m.len() > MAX_PICK) {
        return Vec::new();
    }
    groups
        .into_iter()
        .map(|(key, members)| match members.as_slice() {
            [only] => direct(only),
            _ => QuickAction {
                label: format!("{key}…"),
                action: format!("{PICK} {key}"),
            },
        })
        .collect()
}

/// The second step: the legal actions of group `key` (`None`: no such group now).
pub fn pick(game: &AnyGame, key: &str) -> Option<Vec<QuickAction>> {
    let members: Vec<QuickAction> = game
        .legal_actions()
        .iter()
        .map(ToString::to_string)
        .filter(|t| group_of(t).eq_ignore_ascii_case(key))
        .map(|t| direct(&t))
        .take(MAX_PICK)
        .collect();
    (!members.is_empty()).then_some(members)
}

pub(super) fn direct(action: &str) -> QuickAction {
    QuickAction {
        label: action.to_string(),
        action: action.to_string(),
    }
}

/// The group of an action's text: a move's origin (`b2` of `b2-b3` or `b2xc3`), else a
/// placement's first letter (its column, or a hex board's row); a word alone (`swap`) is
/// its own group.
pub(super) fn group_of(text: &str) -> String {
    if let Some(i) = text.find(['-', 'x']).filter(|&i| i > 0) {
        return text[..i].to_string();
    }
    if text.chars().all(|c| c.is_ascii_alphabetic()) {
        return text.to_string();
    }
    text.chars().take(1).collect()
}

/// The buttons under a turn post.
pub fn quick_actions(game: &AnyGame, lang: Lang) -> Vec<QuickAction> {
    match game {
        AnyGame::Labscape(pos) => labscape::quick_actions(pos, lang),
        _ => board_quick_actions(game),
    }
}

/// What `seat` may play now, for autocomplete: empty unless it may act.
pub fn suggestions(game: &AnyGame, seat: Seat) -> Suggestions {
    match game {
        AnyGame::Labscape(pos) => labscape::suggestions(pos, seat),
        _ if game.may_act(seat) => Suggestions {
            actions: game
                .legal_actions()
                .iter()
                .map(ToString::to_string)
                .collect(),
            ..Suggestions::default()
        },
        _ => Suggestions::default(),
    }
}

/// The group a `pick GROUP` text asks for, in a game whose buttons come in two steps.
pub fn pick_key<'t>(game: &AnyGame, text: &'t str) -> Option<&'t str> {
    if let AnyGame::Labscape(_) = game {
        return None;
    }
    text.strip_prefix(PICK)
        .and_then(|rest| rest.strip_prefix(' '))
        .map(str::trim)
}
