//! Hidra's buttons: the steps first (by direction), then the other actions, a Scream owed
//! as one button per line whose press asks for its slides. The group's post offers only
//! what tells nothing of the mover's hand (no `use`, `drop`, `ghost` or `blade`: the
//! actions legal from the public view); the mover's private prompt offers everything.

use labscape_core::{
    Audience, Game,
    hidra::{Action, Position},
};

use crate::games::{Button, PICK, board::buttons::rows};

/// Buttons a keyboard holds: Discord's five rows of five, one row kept for "your view".
const MOST: usize = 20;

/// The group an action's button belongs to: a Scream's line (`scream 3`), the Gravity
/// Ring's and the Mask's uses, the Spectre Map's steps; `None` for an action shown alone.
/// A group is either public (a Scream) or of the hand, never mixed, so a group's buttons
/// tell no more than the button that asked for them.
fn group(a: &Action) -> Option<String> {
    let text = a.to_string();
    let mut words = text.split(' ');
    let first = words.next()?;
    match first {
        "scream" => Some(format!("scream {}", words.next()?)),
        "use" => {
            let what = words.next()?;
            matches!(what, "ring" | "mask").then(|| format!("use {what}"))
        }
        "ghost" => Some(first.to_string()),
        _ => None,
    }
}

/// The order actions come in: steps, then looks and thefts, then the hand, then the rest.
fn rank(a: &Action) -> u8 {
    match a {
        Action::Scream(..) | Action::Drop(_) | Action::Step { .. } => 0,
        Action::Explore(_) | Action::Steal(_) => 1,
        Action::UseGem | Action::UseBell | Action::UseRing(_) | Action::UseMask(_) => 2,
        Action::Weave(_) => 3,
        Action::Provoke | Action::End => 4,
    }
}

/// `legal` laid out: every action when they fit, else the groups folded into one button
/// each that asks for its members.
fn layout(mut legal: Vec<Action>) -> Vec<Vec<Button>> {
    legal.sort_by_key(rank);
    let fold = legal.len() > MOST || legal.iter().any(|a| matches!(a, Action::Scream(..)));
    let mut buttons: Vec<(u8, Button)> = Vec::new();
    let mut folded: Vec<String> = Vec::new();
    for a in &legal {
        match group(a).filter(|_| fold) {
            Some(key) if folded.contains(&key) => {}
            Some(key) => {
                buttons.push((
                    rank(a),
                    Button::new(format!("{key}…"), format!("{PICK} {key}")),
                ));
                folded.push(key);
            }
            None => buttons.push((rank(a), Button::action(a.to_string()))),
        }
    }
    // Steps on their own rows, the rest after them.
    let (steps, rest): (Vec<_>, Vec<_>) = buttons.into_iter().partition(|(r, _)| *r == 0);
    let mut out = rows(steps.into_iter().map(|(_, b)| b).collect());
    out.extend(rows(rest.into_iter().map(|(_, b)| b).collect()));
    out.truncate(MOST / 5);
    out
}

/// Every legal action, for the mover alone.
pub(super) fn all(p: &Position) -> Vec<Vec<Button>> {
    layout(p.legal_actions())
}

/// The legal actions that tell nothing of the mover's hand: those legal from the public
/// view too (which knows no hand), for the group's post.
pub(super) fn public(p: &Position) -> Vec<Vec<Button>> {
    layout(public_legal(p))
}

/// The legal actions also legal from the public view.
fn public_legal(p: &Position) -> Vec<Action> {
    if !p.has_secrets() {
        return p.legal_actions();
    }
    let seen = p.mask(Audience::Public).legal_actions();
    p.legal_actions()
        .into_iter()
        .filter(|a| seen.contains(a))
        .collect()
}

/// The members of group `key` (a folded button's press).
pub(super) fn pick(p: &Position, key: &str) -> Option<Vec<Vec<Button>>> {
    let members: Vec<Button> = p
        .legal_actions()
        .iter()
        .filter(|a| group(a).is_some_and(|g| g.eq_ignore_ascii_case(key)))
        .map(|a| Button::action(a.to_string()))
        .collect();
    (!members.is_empty()).then(|| rows(members))
}
