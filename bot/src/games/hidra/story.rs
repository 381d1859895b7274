//! A Hidra turn in words: who did what (every action is public, §9), the dice rolled, the
//! Scream, who took what. Each event is told as its reader may learn it: the service hands
//! the story the events masked for its audience, so a name the reader may not know is a
//! [`Secret::Hidden`] here and is told as "an artifact", "the token".

use labscape_core::{
    Seat,
    hidra::{Event, Line, MovedBy, Secret, Sighted},
};

use crate::i18n::{Lang, tr};

/// The name of `seat` among `names` (its number when it has none).
fn who(names: &[String], seat: Seat) -> String {
    names
        .get(seat.index())
        .cloned()
        .unwrap_or_else(|| seat.to_string())
}

/// A secret name as the reader may know it: the id, or `None` when masked.
fn known<T: Copy>(s: &Secret<T>, id: impl Fn(T) -> &'static str) -> Option<&'static str> {
    s.known().map(id)
}

/// A line of the board, in words ("row 3", "column c").
fn line_words(line: Line, lang: Lang) -> String {
    let text = line.to_string();
    if text.chars().all(|c| c.is_ascii_digit()) {
        tr!(lang, "hidra-row", line = text)
    } else {
        tr!(lang, "hidra-column", line = text)
    }
}

/// Several artifacts, by name where known, the rest counted.
fn artifacts_words(items: &[Secret<labscape_core::hidra::Artifact>], lang: Lang) -> String {
    let named: Vec<&str> = items.iter().filter_map(|a| known(a, |a| a.id())).collect();
    if named.len() == items.len() {
        named.join(", ")
    } else {
        tr!(lang, "hidra-some-artifacts", count = items.len())
    }
}

/// What the reader of `sighted` may know of the Gem's vision.
fn vision_words(tokens: &[Sighted]) -> Option<String> {
    let named: Option<Vec<String>> = tokens
        .iter()
        .map(|t| t.name.known().map(|n| format!("{} {}", t.cell, n.id())))
        .collect();
    named.filter(|n| !n.is_empty()).map(|n| n.join(", "))
}

/// The line an event adds to the story, if any.
pub(super) fn event_line(names: &[String], e: &Event, lang: Lang) -> Option<String> {
    secret_line(names, e, lang)
        .or_else(|| fight_line(names, e, lang))
        .or_else(|| board_line(names, e, lang))
}

/// An event with a secret part, told as the reader may know it.
fn secret_line(names: &[String], e: &Event, lang: Lang) -> Option<String> {
    let w = |s: &Seat| who(names, *s);
    Some(match e {
        Event::Refilled { cell, artifact, .. } => match known(artifact, |a| a.id()) {
            Some(a) => tr!(
                lang,
                "hidra-ev-refilled-known",
                cell = cell.to_string(),
                artifact = a
            ),
            None => tr!(lang, "hidra-ev-refilled", cell = cell.to_string()),
        },
        Event::Collected {
            seat,
            cell,
            artifacts,
            ..
        } => tr!(
            lang,
            "hidra-ev-collected",
            who = w(seat),
            cell = cell.to_string(),
            what = artifacts_words(artifacts, lang)
        ),
        Event::Explored {
            seat, cell, token, ..
        } => match known(token, |t| t.id()) {
            Some(t) => tr!(
                lang,
                "hidra-ev-explored-known",
                who = w(seat),
                cell = cell.to_string(),
                token = t
            ),
            None => tr!(
                lang,
                "hidra-ev-explored",
                who = w(seat),
                cell = cell.to_string()
            ),
        },
        Event::Snatched { seat, artifact, .. } => match known(artifact, |a| a.id()) {
            Some(a) => tr!(lang, "hidra-ev-snatched-known", who = w(seat), artifact = a),
            None => tr!(lang, "hidra-ev-snatched", who = w(seat)),
        },
        Event::Stolen {
            seat,
            victim,
            artifact,
            ..
        } => match known(artifact, |a| a.id()) {
            Some(a) => tr!(
                lang,
                "hidra-ev-stolen-known",
                who = w(seat),
                victim = w(victim),
                artifact = a
            ),
            None => tr!(lang, "hidra-ev-stolen", who = w(seat), victim = w(victim)),
        },
        Event::Vision { seat, tokens, .. } => match vision_words(tokens) {
            Some(seen) => tr!(lang, "hidra-ev-vision-known", who = w(seat), seen = seen),
            None => tr!(lang, "hidra-ev-vision", who = w(seat)),
        },
        _ => return None,
    })
}

/// A hazard, a dodge, a fight, a drop or a theft.
fn fight_line(names: &[String], e: &Event, lang: Lang) -> Option<String> {
    let w = |s: &Seat| who(names, *s);
    Some(match e {
        Event::Hazard {
            seat,
            cell,
            hazard,
            immune,
        } => tr!(
            lang,
            if *immune {
                "hidra-ev-hazard-immune"
            } else {
                "hidra-ev-hazard"
            },
            who = w(seat),
            cell = cell.to_string(),
            hazard = hazard.id()
        ),
        Event::Dodge {
            seat,
            roll,
            success,
        } => tr!(
            lang,
            if *success {
                "hidra-ev-dodged"
            } else {
                "hidra-ev-dodge-failed"
            },
            who = w(seat),
            roll = *roll
        ),
        Event::Combat {
            seat,
            roll,
            total,
            defence,
            won,
        } => combat(&w(seat), *roll, *total, *defence, *won, lang),
        Event::Dropped {
            seat,
            cell,
            artifact,
        } => tr!(
            lang,
            "hidra-ev-dropped",
            who = w(seat),
            artifact = artifact.id(),
            cell = cell.to_string()
        ),
        Event::Theft {
            seat,
            victim,
            roll,
            success,
        } => tr!(
            lang,
            if *success {
                "hidra-ev-theft-won"
            } else {
                "hidra-ev-theft-lost"
            },
            who = w(seat),
            victim = w(victim),
            thief = roll[0],
            other = roll[1]
        ),
        _ => return None,
    })
}

/// A turn, a step, a use, a slide of the maze.
fn board_line(names: &[String], e: &Event, lang: Lang) -> Option<String> {
    let w = |s: &Seat| who(names, *s);
    Some(match e {
        Event::Turn { seat, round, ap } => {
            tr!(
                lang,
                "hidra-ev-turn",
                who = w(seat),
                round = *round,
                ap = *ap
            )
        }
        Event::Moved { seat, to, by, .. } => moved(&w(seat), *to, *by, lang)?,
        Event::Used { seat, artifact } => {
            tr!(
                lang,
                "hidra-ev-used",
                who = w(seat),
                artifact = artifact.id()
            )
        }
        Event::Pinned { seat, line } => tr!(
            lang,
            "hidra-ev-pinned",
            who = w(seat),
            line = line_words(*line, lang)
        ),
        Event::Swapped { seat, other, .. } => {
            tr!(lang, "hidra-ev-swapped", who = w(seat), other = w(other))
        }
        Event::Woven { seat, cell, rot } => tr!(
            lang,
            "hidra-ev-woven",
            who = w(seat),
            cell = cell.to_string(),
            rot = rot.degrees()
        ),
        Event::Provoked { seat } => tr!(lang, "hidra-ev-provoked", who = w(seat)),
        Event::Scream {
            by,
            line,
            dir,
            rot,
            removed,
            inserted,
        } => tr!(
            lang,
            if rot.is_zero() {
                "hidra-ev-scream-straight"
            } else {
                "hidra-ev-scream"
            },
            who = by.map_or_else(|| tr!(lang, "hidra-the-hydra"), |s| w(&s)),
            line = line_words(*line, lang),
            dir = dir.to_string(),
            removed = removed.to_string(),
            inserted = inserted.to_string(),
            rot = rot.degrees()
        ),
        Event::Calmed { .. } => tr!(lang, "hidra-ev-calmed"),
        _ => return None,
    })
}

/// A step told: only where it went, or how it was carried.
fn moved(who: &str, to: labscape_core::hidra::Cell, by: MovedBy, lang: Lang) -> Option<String> {
    let to = to.to_string();
    Some(match by {
        MovedBy::Move | MovedBy::Ghost | MovedBy::Dig => {
            tr!(lang, "hidra-ev-moved", who = who, cell = to)
        }
        MovedBy::Push => tr!(lang, "hidra-ev-pushed", who = who, cell = to),
        MovedBy::Draft => tr!(lang, "hidra-ev-blown", who = who, cell = to),
    })
}

/// A fight told: the dice and the total against the defence, or the Blade.
fn combat(
    who: &str,
    roll: Option<[u8; 2]>,
    total: Option<u8>,
    defence: Option<u8>,
    won: bool,
    lang: Lang,
) -> String {
    let result = tr!(lang, if won { "hidra-won" } else { "hidra-lost" });
    match (roll, total, defence) {
        (Some([a, b]), Some(total), Some(defence)) => tr!(
            lang,
            "hidra-ev-combat",
            who = who,
            a = a,
            b = b,
            total = total,
            defence = defence,
            result = result
        ),
        _ => tr!(lang, "hidra-ev-combat-blade", who = who, result = result),
    }
}

/// The story of one action: who played it, then what its events did, as the reader may
/// learn them.
pub(super) fn describe(
    names: &[String],
    seat: Seat,
    action: &str,
    events: &[Event],
    lang: Lang,
) -> Vec<String> {
    let mut lines = vec![tr!(
        lang,
        "any-played",
        who = who(names, seat),
        action = action
    )];
    lines.extend(events.iter().filter_map(|e| event_line(names, e, lang)));
    lines
}
