//! What each reader may read of a game with secrets (Skarb Labiryntu without the map): the
//! store keeps the whole truth, and every post is made from the view of whoever reads it.
//! The group's post from the public view and the events the public may learn; a player
//! who plays in private gets their own view, alone. A game without secrets shows every
//! reader everything, so for it nothing here changes a word or a pixel.

use labscape_core::{AnyAction, AnyEvent, AnyGame, Audience, Seat};

use crate::games;

/// What the "your move" button of a player who plays in private sends back: it asks for
/// their prompt (their view and buttons), answered to them alone. It names nothing secret.
pub const PROMPT: &str = "yours";

/// The position `audience` may see (the position itself in a game without secrets).
pub(super) fn shown(game: &AnyGame, audience: Audience) -> AnyGame {
    if game.has_secrets() {
        game.view(audience).game().clone()
    } else {
        game.clone()
    }
}

/// Whether `seat` plays in private now: its view holds more than the public's (Skarb's
/// architect without the map), so its prompt, image, buttons and refusals go to it alone
/// and its actions are played where only it reads. Nobody does once the game is over, nor
/// in a game whose actions are public (its profile's `public_actions`).
pub(super) fn plays_in_private(game: &AnyGame, seat: Seat) -> bool {
    !games::of(game.kind()).profile().public_actions && sees_more(game, seat)
}

/// Whether `seat`'s view holds more than the public's now (a hand, a token it explored):
/// what it may read alone. Nothing once the game is over.
pub(super) fn sees_more(game: &AnyGame, seat: Seat) -> bool {
    if !game.has_secrets() || game.is_over() {
        return false;
    }
    let doc = |g: &AnyGame| serde_json::to_value(g).ok();
    doc(&shown(game, Audience::Seat(seat))) != doc(&shown(game, Audience::Public))
}

/// Whether `seat` acts, now, from a private chat with the bot: it plays in private, or
/// its game's actions are public while it has secrets (its prompt, with its hand's
/// buttons, reaches it in private, and it may act from there).
pub(super) fn acts_from_private(game: &AnyGame, seat: Seat) -> bool {
    if games::of(game.kind()).profile().public_actions {
        game.has_secrets() && !game.is_over()
    } else {
        plays_in_private(game, seat)
    }
}

/// What `audience` may learn of one action, played from `before` to `after`: the action
/// itself when nothing of it is masked from the audience, or in a game whose actions are
/// public (`None` when something is: a far hedge and a pass are one `hidden` event), and
/// its events as the audience may learn them.
pub(super) fn seen<'a>(
    before: &AnyGame,
    after: &AnyGame,
    action: &'a AnyAction,
    events: &[AnyEvent],
    audience: Audience,
) -> (Option<&'a AnyAction>, Vec<AnyEvent>) {
    if !before.has_secrets() {
        return (Some(action), events.to_vec());
    }
    let masked = before.mask_events(after, audience, events);
    let public = games::of(before.kind()).profile().public_actions;
    ((public || masked == events).then_some(action), masked)
}

/// One action as it was played, with the positions around it while the game has secrets
/// (to tell each audience only what it may learn).
#[derive(Clone, Debug)]
pub(super) struct Step {
    seat: Seat,
    action: AnyAction,
    events: Vec<AnyEvent>,
    around: Option<Box<(AnyGame, AnyGame)>>,
}

impl Step {
    pub(super) fn new(
        before: &AnyGame,
        after: &AnyGame,
        seat: Seat,
        action: &AnyAction,
        events: &[AnyEvent],
    ) -> Step {
        Step {
            seat,
            action: action.clone(),
            events: events.to_vec(),
            around: before
                .has_secrets()
                .then(|| Box::new((before.clone(), after.clone()))),
        }
    }

    /// Who played it.
    pub(super) fn seat(&self) -> Seat {
        self.seat
    }

    /// What `audience` may learn of it (see [`seen`]).
    pub(super) fn seen_by(&self, audience: Audience) -> (Option<&AnyAction>, Vec<AnyEvent>) {
        match &self.around {
            Some(around) => seen(&around.0, &around.1, &self.action, &self.events, audience),
            None => (Some(&self.action), self.events.clone()),
        }
    }
}

#[cfg(test)]
mod tests {
    use labscape_core::{AnyGame, Audience, GameKind, Seat, game::parse_options};

    use super::*;

    fn skarb(map: &str) -> AnyGame {
        let options = parse_options(&format!("size=8 map={map}")).unwrap();
        let names = ["ana".to_string(), "bo".to_string()];
        AnyGame::new_game(GameKind::Skarb, &options, &names, "seed")
            .unwrap()
            .0
    }

    #[test]
    fn only_the_architect_without_the_map_plays_in_private() {
        let secret = skarb("no");
        assert!(plays_in_private(&secret, Seat(0)));
        assert!(!plays_in_private(&secret, Seat(1)));
        let open = skarb("yes");
        assert!(!plays_in_private(&open, Seat(0)));
        assert!(!plays_in_private(&open, Seat(1)));
    }

    #[test]
    fn a_far_hedge_and_a_pass_tell_the_public_the_same() {
        let g = skarb("no");
        let mut told = Vec::new();
        for text in ["a1", "pass"] {
            let action = g.read_chat(text).unwrap();
            let (after, events) = g.play(Seat(0), &action).unwrap();
            let (shown_action, events) = seen(&g, &after, &action, &events, Audience::Public);
            assert!(shown_action.is_none(), "{text}");
            told.push(serde_json::to_string(&events).unwrap());
            let (mine, _) = seen(&g, &after, &action, &[], Audience::Seat(Seat(0)));
            assert!(mine.is_some());
        }
        assert_eq!(told[0], told[1]);
    }
}
