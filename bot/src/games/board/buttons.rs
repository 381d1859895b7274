//! The buttons of a board game: every legal action when there are few; otherwise a
//! two-step choice, first the piece (`b2…`, for a move `b2-b3`) or the column (`c…`, for a
//! placement `c4`), whose button asks for that group's actions; none when even that would
//! not fit.

use crate::games::{Button, PICK};

/// Most buttons offered under a turn: a larger choice is typed (`/play …`).
pub const MAX_QUICK: usize = 12;

/// Most buttons of the second step of a two-step choice (Discord shows five rows of five).
pub const MAX_PICK: usize = 25;

/// Buttons in a row of a board game's keyboard.
pub const PER_ROW: usize = 5;

/// The first step: every legal action when there are few, else one button per group.
pub fn first_step<A: ToString>(legal: &[A]) -> Vec<Vec<Button>> {
    if legal.is_empty() {
        return Vec::new();
    }
    if legal.len() <= MAX_QUICK {
        return rows(
            legal
                .iter()
                .map(|a| Button::action(a.to_string()))
                .collect(),
        );
    }
    let mut groups: Vec<(String, Vec<String>)> = Vec::new();
    for a in legal {
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
    groups.sort_by(|a, b| a.0.cmp(&b.0));
    rows(
        groups
            .into_iter()
            .map(|(key, members)| match members.as_slice() {
                [only] => Button::action(only.clone()),
                _ => Button::new(format!("{key}…"), format!("{PICK} {key}")),
            })
            .collect(),
    )
}

/// The second step: the legal actions of group `key` (`None`: no such group now).
pub fn second_step<A: ToString>(legal: &[A], key: &str) -> Option<Vec<Vec<Button>>> {
    let members: Vec<Button> = legal
        .iter()
        .map(ToString::to_string)
        .filter(|t| group_of(t).eq_ignore_ascii_case(key))
        .map(Button::action)
        .take(MAX_PICK)
        .collect();
    (!members.is_empty()).then(|| rows(members))
}

/// Buttons five to a row.
pub fn rows(buttons: Vec<Button>) -> Vec<Vec<Button>> {
    buttons.chunks(PER_ROW).map(<[Button]>::to_vec).collect()
}

/// The group of an action's text: a move's origin (`b2` of `b2-b3` or `b2xc3`), else a
/// placement's first letter (its column, or a hex board's row); a word alone (`swap`) is
/// its own group.
pub fn group_of(text: &str) -> String {
    if let Some(i) = text.find(['-', 'x', '>']).filter(|&i| i > 0) {
        return text[..i].to_string();
    }
    if text.chars().all(|c| c.is_ascii_alphabetic()) {
        return text.to_string();
    }
    text.chars().take(1).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first step's groups come in the board's order, whatever order the game lists
    /// its actions in (Flume listed "e… · f… · a…"; issue 33.14); a word (`swap`) comes
    /// after the columns.
    #[test]
    fn groups_come_sorted_whatever_the_order_of_the_legal_actions() {
        let legal: Vec<String> = ["e", "f", "a", "c", "b", "d", "g"]
            .iter()
            .flat_map(|f| (1..=3).map(move |r| format!("{f}{r}")))
            .chain(["swap".to_string()])
            .collect();
        let labels: Vec<String> = first_step(&legal)
            .concat()
            .into_iter()
            .map(|b| b.label)
            .collect();
        assert_eq!(labels, ["a…", "b…", "c…", "d…", "e…", "f…", "g…", "swap"]);
    }
}
