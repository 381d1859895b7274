//! Labscape's buttons and autocomplete: the four single steps, then roll, exit and a
//! minute's wait, each in its fixed place under a turn post (the illegal ones greyed out,
//! so a player's thumb learns them); every legal action for autocomplete, with the
//! arguments of Labscape's own commands (reachable cells nearest first, rotations, draft
//! placements).

use labscape_core::labscape::{Action, ItemKind, MoveTarget, Phase, Position, Seat, UNREACHABLE};

use crate::{
    games::{Button, Suggestion},
    i18n::{Lang, tr},
};

/// The buttons under a turn post: `N E S W` on one row, `Roll Exit Wait 1` on the next,
/// each enabled when legal; none outside play.
pub fn buttons(pos: &Position, lang: Lang) -> Vec<Vec<Button>> {
    if pos.phase() != Phase::Play || pos.active().is_none() {
        return Vec::new();
    }
    let legal: Vec<String> = pos
        .legal_actions()
        .iter()
        .map(ToString::to_string)
        .collect();
    let slot = |action: String, label: String| {
        let b = Button::new(label, payload(&action).into_owned());
        if legal.contains(&action) {
            b.primary()
        } else {
            b.disabled()
        }
    };
    let steps = ["N", "E", "S", "W"]
        .iter()
        .map(|d| slot(format!("move {d}"), (*d).to_string()))
        .collect();
    let others = vec![
        slot(Action::Roll.to_string(), tr!(lang, "button-roll")),
        slot(Action::Exit.to_string(), tr!(lang, "button-exit")),
        slot(
            Action::Wait(1).to_string(),
            tr!(lang, "button-wait", minutes = 1),
        ),
    ];
    vec![steps, others]
}

/// An action as a button carries it: `rotate-wall`, the longest verb, shortened so that
/// long cell names fit Telegram's 64 bytes.
pub fn payload(action: &str) -> std::borrow::Cow<'_, str> {
    match action.strip_prefix("rotate-wall ") {
        Some(rest) => format!("rw {rest}").into(),
        None => action.into(),
    }
}

/// [`payload`] undone.
pub fn action_of(payload: &str) -> std::borrow::Cow<'_, str> {
    match payload.strip_prefix("rw ") {
        Some(rest) => format!("rotate-wall {rest}").into(),
        None => payload.into(),
    }
}

/// The buttons of every legal wall rotation (`/rotate-wall` with nothing after it).
pub fn rotation_buttons(pos: &Position) -> Vec<Vec<Button>> {
    let rotations: Vec<Button> = pos
        .legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::RotateWall { from, to } => {
                let text = a.to_string();
                Some(Button::new(
                    format!("{from} → {to}"),
                    payload(&text).into_owned(),
                ))
            }
            _ => None,
        })
        .collect();
    rotations.chunks(2).map(<[Button]>::to_vec).collect()
}

/// What `seat` may play now in `pos`, for autocomplete: empty unless it is their turn.
/// Single steps come first, then the cells a move reaches, nearest first.
pub fn suggestions(pos: &Position, seat: Seat) -> Vec<Suggestion> {
    if pos.active() != Some(seat) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for a in pos.legal_actions() {
        let text = a.to_string();
        out.push(match &a {
            Action::Move(MoveTarget::Steps(s)) => {
                Suggestion::command(text, "move", vec![s[0].to_string()])
            }
            Action::Roll => Suggestion::command(text, "roll", Vec::new()),
            Action::Exit => Suggestion::command(text, "exit", Vec::new()),
            Action::RotateWall { from, to } => {
                Suggestion::command(text, "rotate-wall", vec![from.to_string(), to.to_string()])
            }
            Action::PlaceWall(w) => Suggestion::command(text, "wall", vec![w.to_string()]),
            Action::PlaceItem(c, ItemKind::Key) => {
                Suggestion::command(text, "item", vec![c.to_string()])
            }
            _ => Suggestion::plain(text),
        });
    }
    if pos.phase() == Phase::Play
        && let Some(here) = pos.player(seat).cell()
    {
        let board = pos.current_board();
        let dist = board.distances(here);
        let mut cells: Vec<(u16, String)> = board
            .shape()
            .cells()
            .filter(|c| *c != here)
            .filter_map(|c| {
                let d = dist[board.shape().index(c)];
                (d != UNREACHABLE).then(|| (d, c.to_string()))
            })
            .collect();
        cells.sort();
        out.extend(
            cells
                .into_iter()
                .map(|(_, c)| Suggestion::command(format!("move {c}"), "move", vec![c])),
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use labscape_core::labscape::{Layout, Settings, SetupMode};

    use super::*;

    fn start() -> Position {
        let settings = Settings {
            layout: Layout::parse("single").unwrap(),
            difficulty: Default::default(),
            setup: SetupMode::Random,
            players: vec!["ana".into(), "bo".into()],
        };
        Position::new_game(&settings, "quick").unwrap().0
    }

    #[test]
    fn the_turns_buttons_keep_their_places_and_grey_out_the_illegal_ones() {
        let pos = start();
        let rows = buttons(&pos, Lang::En);
        let labels: Vec<Vec<&str>> = rows
            .iter()
            .map(|r| r.iter().map(|b| b.label.as_str()).collect())
            .collect();
        assert_eq!(
            labels,
            vec![vec!["N", "E", "S", "W"], vec!["Roll", "Exit", "Wait 1"]]
        );
        let legal: Vec<String> = pos
            .legal_actions()
            .iter()
            .map(ToString::to_string)
            .collect();
        for b in rows.iter().flatten() {
            assert_eq!(
                b.enabled,
                legal.contains(&action_of(&b.payload).into_owned()),
                "{b:?}"
            );
        }
        assert!(rows[1][2].enabled, "a minute's wait is always legal");
    }

    #[test]
    fn a_rotation_rides_a_button_in_short() {
        assert_eq!(payload("rotate-wall B3:NE B2:SE"), "rw B3:NE B2:SE");
        assert_eq!(action_of("rw B3:NE B2:SE"), "rotate-wall B3:NE B2:SE");
        assert_eq!(payload("move N"), "move N");
        assert_eq!(action_of("move N"), "move N");
    }
}
