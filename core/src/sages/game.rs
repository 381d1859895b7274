//! SAGES under the [`Game`] contract: no options, two seats, the strict notation and the
//! chat's forgiving reading, play, and the computer players.

use std::ops::RangeInclusive;

use super::{
    Action, Colour, Event, Position, Refusal, Settings,
    action::{chat_squares, parse},
    notation, policy,
};
use crate::{
    game::{Game, NewGameError, Outcome, PositionError, Seat, SettingsError, check_option_keys},
    value::Value,
    view::View,
};

impl Game for Position {
    type Settings = Settings;
    type Action = Action;
    type Event = Event;
    type Refusal = Refusal;
    type Doc = Value;

    const OPTIONS: &'static [&'static str] = &[];
    const POLICIES: &'static [&'static str] = &["random", "easy", "strong"];
    const DEFAULT_POLICY: &'static str = "strong";

    fn settings(options: &[(String, String)]) -> Result<Settings, SettingsError> {
        check_option_keys(options, Self::OPTIONS)?;
        Ok(Settings)
    }
    fn options(_: &Settings) -> Vec<(&'static str, String)> {
        Vec::new()
    }
    fn seats(_: &Settings) -> RangeInclusive<usize> {
        2..=2
    }
    fn new_game(
        _: &Settings,
        players: &[String],
        _seed: &str,
    ) -> Result<(Position, Vec<Event>), NewGameError> {
        if players.len() != 2 {
            return Err(NewGameError::Players {
                got: players.len(),
                min: 2,
                max: 2,
            });
        }
        Ok((Position::start(), Vec::new()))
    }
    fn to_move(&self) -> Option<Seat> {
        self.result.is_none().then_some(self.to_move)
    }
    fn seat_count(&self) -> usize {
        2
    }
    fn legal_actions(&self) -> Vec<Action> {
        if self.result.is_some() {
            return Vec::new();
        }
        self.actions_of(Colour::of(self.to_move))
    }
    fn parse_action(&self, text: &str) -> Result<Action, Refusal> {
        parse(text).ok_or_else(|| Refusal::Unreadable(text.trim().chars().take(40).collect()))
    }
    fn read_chat(&self, text: &str) -> Result<Action, Refusal> {
        let strict = self.parse_action(text);
        if let Ok(a) = &strict
            && self.legal_actions().contains(a)
        {
            return strict;
        }
        let clipped: String = text.trim().chars().take(40).collect();
        let Some(squares) = chat_squares(text) else {
            return strict;
        };
        match squares[..] {
            [from, ball, stop] => Ok(Action::Kick { from, ball, stop }),
            [from, to] => {
                let mut fits = self.chat_candidates(from, to);
                // Written in the notation (`h5-h9`), the second square is where the man
                // goes: onto the ball at most (a kick whose stop is still to choose), never
                // the ball's stop (`h5 h9` is that short form).
                if strict.is_ok() {
                    fits.retain(|a| !matches!(*a, Action::Kick { stop, .. } if stop == to));
                }
                match fits.len() {
                    1 => Ok(fits.remove(0)),
                    0 if strict.is_ok() => strict,
                    0 => {
                        // Say why, as the notation would have.
                        self.check(Colour::of(self.to_move), &Action::Move { from, to })?;
                        Err(Refusal::NotOneAction(clipped))
                    }
                    _ => Err(Refusal::Ambiguous {
                        text: clipped,
                        choices: fits,
                    }),
                }
            }
            _ => Err(Refusal::Unreadable(clipped)),
        }
    }
    fn check_turn(&self, seat: Option<Seat>) -> Result<Seat, Refusal> {
        if self.result.is_some() {
            return Err(Refusal::GameOver);
        }
        let seat = seat.unwrap_or(self.to_move);
        if seat != self.to_move {
            return Err(Refusal::NotYourTurn {
                seat,
                to_move: self.to_move,
            });
        }
        Ok(seat)
    }
    fn play(&self, seat: Seat, a: &Action) -> Result<(Position, Vec<Event>), Refusal> {
        self.check_turn(Some(seat))?;
        let colour = Colour::of(seat);
        let dir = self.check(colour, a)?;
        Ok(self.advance(colour, a, dir, true))
    }
    fn outcome(&self) -> Option<Outcome> {
        let (w, r) = self.result.as_ref()?;
        Some(Outcome::won_by(*w, r.clone()))
    }
    fn to_doc(&self) -> Value {
        notation::to_doc(self)
    }
    fn from_value(value: Value) -> Result<Position, PositionError> {
        notation::from_value(&value)
    }
    fn decide(view: &View<Self>, policy: &str, seed: &str) -> Option<Action> {
        policy::choose(view, policy, seed)
    }
}
