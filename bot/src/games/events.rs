//! The board games' events told in the turn story, in the reader's language: what an
//! action did that its notation does not say (a capture, a light turning yellow, a stone
//! that earns another, a swap of colours). The action itself is told by `describe`, the
//! end by the outcome, so most events need no line of their own.

use labscape_core::{AnyEvent, avanco, flume, semaforo};

use crate::i18n::{Lang, tr};

/// The line that tells `event`, if it needs one.
pub fn event_line(event: &AnyEvent, lang: Lang) -> Option<String> {
    match event {
        AnyEvent::Semaforo(semaforo::Event::Upgraded { square, piece }) => Some(tr!(
            lang,
            "semaforo-event-upgraded",
            square = square.to_string(),
            piece = piece.to_string()
        )),
        AnyEvent::Avanco(avanco::Event::Captured { square }) => Some(tr!(
            lang,
            "avanco-event-captured",
            square = square.to_string()
        )),
        AnyEvent::Flume(flume::Event::Placed { again: true, .. }) => {
            Some(tr!(lang, "flume-event-again"))
        }
        AnyEvent::Flume(flume::Event::Swapped { .. }) => Some(tr!(lang, "flume-event-swapped")),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use labscape_core::{AnyAction, AnyGame, GameKind, Seat};

    use super::*;

    fn events_of(kind: GameKind, actions: &[&str]) -> Vec<AnyEvent> {
        let players = ["Ana".to_string(), "Bia".to_string()];
        let (mut g, _) = AnyGame::new_game(kind, &[], &players, "events").expect("defaults");
        let mut last = Vec::new();
        for a in actions {
            let seat = g.to_move().unwrap_or(Seat(0));
            let action: AnyAction = g.parse_action(a).expect("readable");
            let (next, events) = g.play(seat, &action).expect("legal");
            g = next;
            last = events;
        }
        last
    }

    #[test]
    fn an_upgrade_says_what_the_light_became() {
        let events = events_of(GameKind::Semaforo, &["b2", "b2"]);
        let lines: Vec<_> = events
            .iter()
            .filter_map(|e| event_line(e, Lang::PtBr))
            .collect();
        assert_eq!(lines, ["b2 fica amarela."]);
        let lines: Vec<_> = events
            .iter()
            .filter_map(|e| event_line(e, Lang::En))
            .collect();
        assert_eq!(lines, ["b2 turns yellow."]);
    }

    #[test]
    fn a_plain_move_needs_no_line() {
        let events = events_of(GameKind::Avanco, &["a2-a3"]);
        assert!(events.iter().all(|e| event_line(e, Lang::En).is_none()));
    }
}
