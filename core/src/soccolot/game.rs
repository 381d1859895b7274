//! Soccolot under the [`Game`] contract: no options, two seats, the strict notation and the
//! chat's two squares, play, and the computer players.

use std::ops::RangeInclusive;

use super::{
    Action, Colour, Dir, Event, Position, Refusal, Settings, Square,
    action::{clipped, parse},
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
        parse(text).ok_or_else(|| Refusal::Unreadable(clipped(text)))
    }
    fn read_chat(&self, text: &str) -> Result<Action, Refusal> {
        // `C2 - D3 *` is the notation with spaces; `c2 d3` and `c2d3` (two squares, nothing
        // between) mean the one legal action joining them.
        let t: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        if let Some(a) = parse(&t) {
            return Ok(a);
        }
        let (Some(from), Some(to)) = (
            t.get(..2).and_then(Square::parse),
            t.get(2..).and_then(Square::parse),
        ) else {
            return self.parse_action(text);
        };
        if self.result.is_some() {
            return Err(Refusal::GameOver);
        }
        let colour = Colour::of(self.to_move);
        let run = Action::Run { from, to };
        let legal: Vec<Action> = [
            run,
            Action::Dribble { from, to },
            Action::Kick { from, stop: to },
        ]
        .into_iter()
        .filter(|a| self.check(colour, *a).is_ok())
        .collect();
        match legal.as_slice() {
            [a] => Ok(*a),
            [] => {
                // Nothing fits: say why the likeliest reading is refused (a kick for a man
                // next to the ball naming a square further away, else a run).
                let far = Dir::between(from, to).is_none();
                let likely = if far && Dir::between(from, self.ball).is_some() {
                    Action::Kick { from, stop: to }
                } else {
                    run
                };
                self.check(colour, likely)?;
                Err(Refusal::NotOneAction(clipped(text)))
            }
            _ => Err(Refusal::RunOrDribble { from, to }),
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
        self.check(Colour::of(seat), *a)?;
        Ok(self.after(seat, *a))
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
