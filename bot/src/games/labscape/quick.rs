//! Labscape's buttons and autocomplete: the single steps, roll, exit and a minute's wait
//! under a turn post; every legal action, reachable cells nearest first, rotations and
//! draft placements for the slash commands' autocomplete.

use labscape_core::labscape::{Action, ItemKind, MoveTarget, Phase, Position, Seat, UNREACHABLE};

use crate::{
    app::{QuickAction, Suggestions},
    i18n::{Lang, tr},
};

/// The buttons for the next player: legal single steps, roll, exit, wait 1.
pub fn quick_actions(pos: &Position, lang: Lang) -> Vec<QuickAction> {
    if pos.phase() != Phase::Play {
        return Vec::new();
    }
    pos.legal_actions()
        .into_iter()
        .filter_map(|a| {
            let label = match &a {
                Action::Move(MoveTarget::Steps(s)) if s.len() == 1 => s[0].to_string(),
                Action::Roll => tr!(lang, "button-roll"),
                Action::Exit => tr!(lang, "button-exit"),
                Action::Wait(1) => tr!(lang, "button-wait", minutes = 1),
                _ => return None,
            };
            Some(QuickAction {
                label,
                action: a.to_string(),
            })
        })
        .collect()
}

/// What `seat` may play now in `pos`, for autocomplete: empty unless it is their turn.
pub fn suggestions(pos: &Position, seat: Seat) -> Suggestions {
    if pos.active() != Some(seat) {
        return Suggestions::default();
    }
    let mut out = Suggestions {
        actions: pos
            .legal_actions()
            .iter()
            .map(ToString::to_string)
            .collect(),
        ..Suggestions::default()
    };
    for a in pos.legal_actions() {
        match a {
            Action::Move(MoveTarget::Steps(s)) => out.steps.push(s[0].to_string()),
            Action::Roll => out.can_roll = true,
            Action::Exit => out.can_exit = true,
            Action::RotateWall { from, to } => {
                out.rotations.push((from.to_string(), to.to_string()))
            }
            Action::PlaceWall(w) => out.walls.push(w.to_string()),
            Action::PlaceItem(c, ItemKind::Key) => out.empty_cells.push(c.to_string()),
            _ => {}
        }
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
        out.cells = cells.into_iter().map(|(_, c)| c).collect();
    }
    out
}
