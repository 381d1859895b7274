//! A Hidra turn in words: who did what (every action is public, §9), the dice rolled, the
//! Scream, who took what. Each event is told as its reader may learn it: the service hands
//! the story the events masked for its audience, so a name the reader may not know is a
//! [`Secret::Hidden`] here and is told as "an artifact", "the token".

use labscape_core::{
    Seat,
    hidra::{Dir, Event, Hazard, Line, MovedBy, Secret, Sighted, TokenName},
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
pub(super) fn line_words(line: Line, lang: Lang) -> String {
    let text = line.to_string();
    if text.chars().all(|c| c.is_ascii_digit()) {
        tr!(lang, "hidra-row", line = text)
    } else {
        tr!(lang, "hidra-column", line = text)
    }
}

/// A direction in words ("east", "leste"): a letter is notation, not a word of the story.
fn dir_words(dir: Dir, lang: Lang) -> String {
    tr!(
        lang,
        match dir {
            Dir::N => "hidra-dir-n",
            Dir::E => "hidra-dir-e",
            Dir::S => "hidra-dir-s",
            Dir::W => "hidra-dir-w",
        }
    )
}

/// A hazard's name in `lang` ("Mud Pit", "Poço de Lodo"), not its id.
pub(super) fn hazard_words(h: Hazard, lang: Lang) -> String {
    tr!(
        lang,
        match h {
            Hazard::Mud => "hidra-hazard-mud",
            Hazard::Bats => "hidra-hazard-bats",
            Hazard::Draft => "hidra-hazard-draft",
            Hazard::Pillars => "hidra-hazard-pillars",
            Hazard::Stalactites => "hidra-hazard-stalactites",
        }
    )
}

/// A token's name as the story tells it: a hazard by its name in `lang`, an artifact by
/// its id (what `use` and `drop` are written with).
fn token_words(t: TokenName, lang: Lang) -> String {
    match t {
        TokenName::Hazard(h) => hazard_words(h, lang),
        TokenName::Artifact(a) => a.id().to_string(),
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
fn vision_words(tokens: &[Sighted], lang: Lang) -> Option<String> {
    let named: Option<Vec<String>> = tokens
        .iter()
        .map(|t| {
            t.name
                .known()
                .map(|n| format!("{} {}", t.cell, token_words(n, lang)))
        })
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
        } => match token.known() {
            Some(t) => tr!(
                lang,
                "hidra-ev-explored-known",
                who = w(seat),
                cell = cell.to_string(),
                token = token_words(t, lang)
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
        Event::Vision { seat, tokens, .. } => match vision_words(tokens, lang) {
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
            hazard = hazard_words(*hazard, lang)
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
            dir = dir_words(*dir, lang),
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
    // Several Screams of one action (a player's, then the Hydra's own after the
    // Stalactites and at a round's end) may slide the same line the same way: each is
    // told with its place among them.
    let screams = events
        .iter()
        .filter(|e| matches!(e, Event::Scream { .. }))
        .count();
    let mut nth = 0;
    // The seat whose turn has just started, nothing done in it yet.
    let mut starting: Option<Seat> = None;
    for e in events {
        let line = match e {
            // Artifacts lying where a turn starts are picked up at once, for 1 AP (§8.2):
            // the turn's AP above are already less by it.
            Event::Collected {
                seat,
                cell,
                artifacts,
                ..
            } if starting == Some(*seat) => Some(tr!(
                lang,
                "hidra-ev-pickup",
                who = who(names, *seat),
                cell = cell.to_string(),
                what = artifacts_words(artifacts, lang)
            )),
            _ => event_line(names, e, lang),
        };
        starting = match e {
            Event::Turn { seat, .. } => Some(*seat),
            _ => None,
        };
        let Some(mut line) = line else { continue };
        if screams > 1 && matches!(e, Event::Scream { .. }) {
            nth += 1;
            line.push(' ');
            line.push_str(&tr!(lang, "hidra-scream-order", n = nth, count = screams));
        }
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use labscape_core::hidra::{Artifact, Cell, Rot};

    use super::*;

    fn names() -> Vec<String> {
        vec!["ana".into(), "bo".into()]
    }

    fn scream(by: Option<Seat>, line: &str, dir: Dir, removed: &str, inserted: &str) -> Event {
        Event::Scream {
            by,
            line: Line::parse(line).unwrap(),
            dir,
            rot: Rot::ZERO,
            removed: Cell::parse(removed).unwrap(),
            inserted: Cell::parse(inserted).unwrap(),
        }
    }

    fn story(events: &[Event], lang: Lang) -> Vec<String> {
        describe(&names(), Seat(0), "scream 3 e", events, lang)
    }

    /// The Hydra's own Screams after the Stalactites and at the round's end may slide the
    /// same line the same way: each is told with its place, so no two lines are the same.
    #[test]
    fn several_screams_of_one_action_are_told_apart() {
        let hydra = scream(None, "3", Dir::E, "e3", "a3");
        let events = [
            scream(Some(Seat(0)), "3", Dir::E, "e3", "a3"),
            hydra.clone(),
            hydra,
        ];
        for lang in [Lang::En, Lang::PtBr] {
            let lines = story(&events, lang);
            assert_eq!(lines.len(), 4, "{lines:?}");
            assert_ne!(lines[2], lines[3], "{lines:?}");
        }
        let lines = story(&events, Lang::En);
        assert!(lines[1].ends_with("(Scream 1 of 3)"), "{lines:?}");
        assert!(lines[3].ends_with("(Scream 3 of 3)"), "{lines:?}");
        // One Scream alone is told as before, with no count.
        let one = story(&events[..1], Lang::En);
        assert!(!one[1].contains("of 1"), "{one:?}");
    }

    /// A Portuguese story names directions and hazards in Portuguese, not by the letters and
    /// ids of the notation.
    #[test]
    fn portuguese_tells_directions_and_hazards_in_portuguese() {
        let events = [
            Event::Hazard {
                seat: Seat(0),
                cell: Cell::parse("b2").unwrap(),
                hazard: Hazard::Mud,
                immune: false,
            },
            scream(Some(Seat(0)), "3", Dir::E, "e3", "a3"),
        ];
        let pt = story(&events, Lang::PtBr);
        assert!(pt[1].contains("Poço de Lodo"), "{pt:?}");
        assert!(!has_word(&pt[1], "mud"), "{pt:?}");
        assert!(pt[2].contains("desliza para leste"), "{pt:?}");
        assert!(!pt[2].contains("para e;"), "{pt:?}");
        let en = story(&events, Lang::En);
        assert!(en[1].contains("springs the Mud Pit on b2"), "{en:?}");
        assert!(en[2].contains("slides east"), "{en:?}");
        // What an explorer sees is named the same way.
        let seen = Event::Explored {
            seat: Seat(0),
            cell: Cell::parse("b4").unwrap(),
            token: Secret::Known(TokenName::Hazard(Hazard::Bats)),
            only: vec![Seat(0)],
        };
        let pt = story(std::slice::from_ref(&seen), Lang::PtBr);
        assert!(pt[1].ends_with("b4: Ninho de Morcegos."), "{pt:?}");
    }

    fn has_word(text: &str, word: &str) -> bool {
        text.split(|c: char| !c.is_alphanumeric())
            .any(|w| w == word)
    }

    /// The action point a pickup costs at a turn's start, and a dodge that ends the turn,
    /// are said in the story.
    #[test]
    fn a_pickup_and_a_dodge_say_what_they_cost() {
        let cell = Cell::parse("c2").unwrap();
        let collected = Event::Collected {
            seat: Seat(1),
            cell,
            artifacts: vec![Secret::Known(Artifact::Gem)],
            only: Some(vec![Seat(1)]),
        };
        let events = [
            Event::Turn {
                seat: Seat(1),
                round: 2,
                ap: 3,
            },
            collected.clone(),
        ];
        for (lang, words) in [
            (
                Lang::En,
                "bo picks up gem on c2 at the start of the turn, for 1 action point.",
            ),
            (
                Lang::PtBr,
                "bo recolhe gem em c2 no começo do turno, por 1 ponto de ação.",
            ),
        ] {
            let lines = story(&events, lang);
            assert_eq!(lines[2], words, "{lines:?}");
        }
        // Collected on a step is no pickup.
        let moved = [
            Event::Moved {
                seat: Seat(1),
                from: Cell::parse("c1").unwrap(),
                to: cell,
                by: MovedBy::Move,
            },
            collected,
        ];
        assert_eq!(story(&moved, Lang::En)[2], "bo takes gem on c2.");
        let dodge = [Event::Dodge {
            seat: Seat(0),
            roll: 5,
            success: true,
        }];
        let en = story(&dodge, Lang::En);
        assert!(en[1].contains("turn ends there"), "{en:?}");
        let pt = story(&dodge, Lang::PtBr);
        assert!(pt[1].contains("o turno termina"), "{pt:?}");
    }
}
