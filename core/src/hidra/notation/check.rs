//! The rules of §11.3 that tie the document's fields together.

use crate::hidra::{
    Position,
    board::{Cell, Chamber, TileKind},
    items::{Artifact, Face, Secret, TokenName, tuning},
};
use crate::{board_doc::Problems, game::Seat};

/// The rules of §11.3 that tie fields together.
pub(super) fn check(p: &Position, pr: &mut Problems) {
    let kind = |c: Cell| p.board.tile(c).kind();
    let hydra = p.board.hydra();
    // Tokens.
    let mut hazards = Vec::new();
    for t in &p.tokens {
        let chamber = matches!(kind(t.cell), TileKind::Chamber(_));
        match (t.face, t.name()) {
            (_, Some(TokenName::Hazard(h))) => {
                if !chamber {
                    pr.push(format!(
                        "the hazard {h} lies on {}, which is not a chamber",
                        t.cell
                    ));
                }
                hazards.push(h);
            }
            (Face::Down(_), _) if !chamber => {
                pr.push(format!(
                    "a face-down token lies on {}, which is not a chamber",
                    t.cell
                ));
            }
            (Face::Up(TokenName::Artifact(a)), _) if t.cell != hydra => {
                pr.push(format!(
                    "the face-up {a} lies on {}: face-up artifacts lie only on the Hydra's tile",
                    t.cell
                ));
            }
            _ => {}
        }
    }
    for c in Cell::all() {
        if matches!(kind(c), TileKind::Chamber(_)) && p.tokens_on(c).count() > 1 {
            pr.push(format!(
                "the chamber on {c} holds {} tokens: one at most",
                p.tokens_on(c).count()
            ));
        }
    }
    let hidden_down = p
        .tokens
        .iter()
        .filter(|t| matches!(t.face, Face::Down(Secret::Hidden)))
        .count();
    let mut distinct = hazards.clone();
    distinct.sort();
    distinct.dedup();
    if distinct.len() != hazards.len() || hazards.len() > 3 || hazards.len() + hidden_down < 3 {
        pr.push(format!(
            "the board must hold exactly 3 different hazards, not {}",
            hazards
                .iter()
                .map(|h| h.id())
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    // Artifacts: each exactly once among board, bank, hands and used.
    let mut slots = 0usize;
    let mut known: Vec<Artifact> = Vec::new();
    let mut count = |s: Secret<Artifact>| {
        slots += 1;
        if let Secret::Known(a) = s {
            known.push(a);
        }
    };
    for t in &p.tokens {
        match t.face {
            Face::Down(Secret::Known(TokenName::Artifact(a)))
            | Face::Up(TokenName::Artifact(a)) => count(Secret::Known(a)),
            _ => {}
        }
    }
    p.bank.iter().for_each(|a| count(*a));
    p.players
        .iter()
        .flat_map(|pl| &pl.artifacts)
        .for_each(|a| count(*a));
    p.used.iter().for_each(|a| count(Secret::Known(*a)));
    let hidden_artifacts_on_board = hidden_down.saturating_sub(3 - hazards.len().min(3));
    slots += hidden_artifacts_on_board;
    for a in Artifact::ALL {
        let n = known.iter().filter(|k| *k == a).count();
        if n > 1 {
            pr.push(format!(
                "the {a} is found {n} times among the board, bank, hands and used"
            ));
        }
    }
    if slots != Artifact::ALL.len() {
        pr.push(format!(
            "every artifact must be exactly once among the board, the bank, the hands and used: {slots} found"
        ));
    } else if p.dice.is_some() {
        for a in Artifact::ALL {
            if !known.contains(a) {
                pr.push(format!(
                    "the {a} is missing from the board, the bank, the hands and used"
                ));
            }
        }
    }
    // Emptied chambers.
    for (i, c) in p.emptied.iter().enumerate() {
        if p.emptied[..i].contains(c) {
            pr.push(format!("emptied names {c} twice"));
        }
        if p.tokens_on(p.board.chamber(*c)).next().is_some() {
            pr.push(format!("emptied names {c}, which holds a token"));
        }
    }
    for c in Chamber::all() {
        if p.tokens_on(p.board.chamber(c)).next().is_none() && !p.emptied.contains(&c) {
            pr.push(format!("{c} holds no token but is not in emptied"));
        }
    }
    // Seen.
    for (i, pl) in p.players.iter().enumerate() {
        for (j, s) in pl.seen.iter().enumerate() {
            let Secret::Known(n) = s else { continue };
            if pl.seen[..j].contains(s) {
                pr.push(format!("player {i} has seen {n} twice"));
            }
            let down = p
                .tokens
                .iter()
                .any(|t| t.face == Face::Down(Secret::Known(*n)));
            if !down && p.dice.is_some() {
                pr.push(format!(
                    "player {i} has seen {n}, which is not a face-down token"
                ));
            }
        }
        if kind(pl.cell) == TileKind::Portal
            && p.result.is_none_or(|r| r.winner != Some(Seat(i as u8)))
        {
            pr.push(format!(
                "player {i} stands on the Portal without having won"
            ));
        }
    }
    if p.pending.drop && p.hand_size(p.to_move) < 2 {
        pr.push("a drop is pending but the seat to move holds fewer than 2 artifacts");
    }
    if p.result.is_none() {
        if p.artifacts_left() < tuning::TO_WIN {
            pr.push("fewer than 3 artifacts are left but the game has no result");
        }
        if p.ap == 0 && p.pending.is_empty() {
            pr.push("the seat to move has no action points and nothing pending");
        }
        if p.flags.won && p.players[p.to_move.index()].cell != hydra {
            pr.push("won is set but the seat to move is not on the Hydra's tile");
        }
    }
}
