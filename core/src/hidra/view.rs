//! What each seat may see (§9): the names of face-down tokens it has not seen, the other
//! seats' hands and `seen`, the bank and the dice to come are masked; every event with an
//! `only` is masked for the seats outside it. Once the game is over nothing is masked.

use super::{Event, Position, Secret, event::Sighted, items::Face};
use crate::view::Audience;

/// `audience`'s view of `p`.
pub(super) fn mask(p: &Position, audience: Audience) -> Position {
    if p.result.is_some() {
        return p.clone();
    }
    let mut v = p.clone();
    let me = audience.seat();
    for t in &mut v.tokens {
        if matches!(t.face, Face::Down(_)) && !me.is_some_and(|s| p.has_seen(s, t)) {
            t.face = Face::Down(Secret::Hidden);
        }
    }
    for (i, pl) in v.players.iter_mut().enumerate() {
        if me.is_some_and(|s| s.index() == i) {
            continue;
        }
        pl.artifacts.fill(Secret::Hidden);
        pl.seen.fill(Secret::Hidden);
    }
    v.bank.fill(Secret::Hidden);
    v.dice = None;
    v
}

fn hide<T>(xs: &mut [Secret<T>]) {
    xs.iter_mut().for_each(|x| *x = Secret::Hidden);
}

/// The events `audience` may learn of an action that led to `next`.
pub(super) fn mask_events(next: &Position, audience: Audience, events: &[Event]) -> Vec<Event> {
    if next.result.is_some() {
        return events.to_vec();
    }
    let may = |only: &[crate::game::Seat]| audience.seat().is_some_and(|s| only.contains(&s));
    events
        .iter()
        .cloned()
        .map(|mut e| {
            match &mut e {
                Event::Refilled { artifact, only, .. }
                | Event::Snatched { artifact, only, .. }
                | Event::Stolen { artifact, only, .. }
                    if !may(only) =>
                {
                    *artifact = Secret::Hidden;
                }
                Event::Collected {
                    artifacts,
                    only: Some(only),
                    ..
                } if !may(only) => hide(artifacts),
                Event::Explored { token, only, .. } if !may(only) => *token = Secret::Hidden,
                Event::Vision { tokens, only, .. } if !may(only) => {
                    tokens
                        .iter_mut()
                        .for_each(|t: &mut Sighted| t.name = Secret::Hidden);
                }
                _ => {}
            }
            e
        })
        .collect()
}
