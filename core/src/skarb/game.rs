//! Skarb under the [`Game`] contract: options, turns, play, masking for the seeker and the
//! public, and the computer players.

use std::ops::RangeInclusive;

use super::{
    ARCHITECT, Action, Cell, Dir, Event, Position, Refusal, SEEKER, Settings, Size, Square,
    notation, policy, winner,
};
use crate::{
    game::{
        Game, NewGameError, Outcome, PositionError, Seat, SettingsError, check_option_keys, option,
    },
    value::Value,
    view::{Audience, View},
};

impl Game for Position {
    type Settings = Settings;
    type Action = Action;
    type Event = Event;
    type Refusal = Refusal;
    type Doc = Value;

    const OPTIONS: &'static [&'static str] = &["size", "map"];
    const POLICIES: &'static [&'static str] = &["random", "easy", "strong"];
    const DEFAULT_POLICY: &'static str = "strong";

    fn settings(options: &[(String, String)]) -> Result<Settings, SettingsError> {
        check_option_keys(options, Self::OPTIONS)?;
        let mut s = Settings::default();
        if let Some(v) = option(options, "size") {
            s.size = v.parse::<u8>().ok().and_then(Size::new).ok_or_else(|| {
                SettingsError::BadValue {
                    key: "size",
                    value: v.to_string(),
                    problem: "the maze's side is a whole number from 5 to 25".into(),
                }
            })?;
        }
        if let Some(v) = option(options, "map") {
            s.map = match v.to_ascii_lowercase().as_str() {
                "yes" => true,
                "no" => false,
                _ => {
                    return Err(SettingsError::BadValue {
                        key: "map",
                        value: v.to_string(),
                        problem: "write map=yes or map=no".into(),
                    });
                }
            };
        }
        Ok(s)
    }
    fn options(s: &Settings) -> Vec<(&'static str, String)> {
        vec![
            ("size", s.size.0.to_string()),
            ("map", if s.map { "yes" } else { "no" }.to_string()),
        ]
    }
    fn seats(_: &Settings) -> RangeInclusive<usize> {
        2..=2
    }
    fn new_game(
        settings: &Settings,
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
        Ok((Position::start(*settings), Vec::new()))
    }
    fn to_move(&self) -> Option<Seat> {
        self.end.is_none().then_some(self.to_move)
    }
    fn seat_count(&self) -> usize {
        2
    }
    fn legal_actions(&self) -> Vec<Action> {
        if self.end.is_some() {
            return Vec::new();
        }
        let mut legal: Vec<Action> = if self.to_move == ARCHITECT {
            self.legal_hedges().into_iter().map(Action::Plant).collect()
        } else {
            Dir::ALL
                .into_iter()
                .filter(|d| {
                    self.seeker
                        .step(*d, self.size)
                        .is_some_and(|to| self.cell(to) != Cell::Hedge)
                })
                .map(Action::Step)
                .collect()
        };
        legal.push(Action::Pass);
        legal
    }
    fn parse_action(&self, text: &str) -> Result<Action, Refusal> {
        let text = text.trim();
        self.reads_as(text).ok_or_else(|| Refusal::Unreadable {
            text: text.chars().take(40).collect(),
            last: Square {
                file: self.size.0 - 1,
                rank: self.size.0 - 1,
            },
        })
    }
    fn check_turn(&self, seat: Option<Seat>) -> Result<Seat, Refusal> {
        if self.end.is_some() {
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
    fn play(&self, seat: Seat, action: &Action) -> Result<(Position, Vec<Event>), Refusal> {
        self.check_turn(Some(seat))?;
        let mut next = self.clone();
        let mut events = Vec::new();
        if seat == ARCHITECT {
            match *action {
                Action::Step(_) => return Err(Refusal::ArchitectWalks),
                Action::Pass => events.push(Event::Passed { seat }),
                Action::Plant(square) => {
                    if let Some(r) = self.plant_refusal(square) {
                        return Err(r);
                    }
                    if !self.way_remains(Some(square)) {
                        return Err(Refusal::ClosesPath(square));
                    }
                    next.board[square.index(self.size)] = Cell::Hedge;
                    events.push(Event::Planted { square });
                }
            }
            next.to_move = SEEKER;
            next.remember();
        } else {
            let dir = match *action {
                Action::Pass => None,
                Action::Step(d) => Some(d),
                Action::Plant(to) => Some(self.seeker.dir_to(to).ok_or(Refusal::NotNext {
                    to,
                    seeker: self.seeker,
                })?),
            };
            match dir {
                None => events.push(Event::Passed { seat }),
                Some(d) => {
                    let to = self.seeker.step(d, self.size).ok_or(Refusal::IntoRing(d))?;
                    if self.cell(to) == Cell::Hedge {
                        return Err(Refusal::IntoHedge(to));
                    }
                    next.seeker = to;
                    events.push(Event::Moved {
                        from: self.seeker,
                        to,
                    });
                }
            }
            next.remember();
            next.close_round(&mut events);
        }
        Ok((next, events))
    }
    fn outcome(&self) -> Option<Outcome> {
        let end = self.end?;
        Some(Outcome::won_by(
            winner(self.points_for(end)),
            self.reason(end),
        ))
    }
    fn to_doc(&self) -> Value {
        notation::to_doc(self)
    }
    fn from_value(value: Value) -> Result<Position, PositionError> {
        notation::from_value(&value, None)
    }

    fn has_secrets(&self) -> bool {
        !self.map && self.end.is_none()
    }
    /// The seeker's and the public view without the map, while the game goes on: the
    /// squares outside his field of view `?`, the treasure's `T`; everything else as is.
    fn mask(&self, audience: Audience) -> Position {
        if !self.has_secrets() || audience == Audience::Seat(ARCHITECT) {
            return self.clone();
        }
        let mut masked = self.clone();
        for sq in Square::all(self.size) {
            if !self.in_field(sq) && sq != self.treasure() {
                masked.board[sq.index(self.size)] = Cell::Unseen;
            }
        }
        masked
    }
    /// The architect's pass and his hedges outside the seeker's field of view are one
    /// `hidden` event for the seeker and the public (the seeker does not move during the
    /// architect's action, so his field is the same before and after it).
    fn mask_events(&self, next: &Position, audience: Audience, events: &[Event]) -> Vec<Event> {
        if !self.has_secrets() || next.end.is_some() || audience == Audience::Seat(ARCHITECT) {
            return events.to_vec();
        }
        events
            .iter()
            .map(|e| match e {
                Event::Passed { seat } if *seat == ARCHITECT => Event::Hidden { seat: ARCHITECT },
                Event::Planted { square } if !self.in_field(*square) => {
                    Event::Hidden { seat: ARCHITECT }
                }
                other => other.clone(),
            })
            .collect()
    }
    fn from_view_value(value: Value, audience: Audience) -> Result<View<Position>, PositionError> {
        notation::from_value(&value, Some(audience)).map(|p| View::masked(audience, p))
    }
    fn decide(view: &View<Self>, policy: &str, seed: &str) -> Option<Action> {
        if view.to_move().map(Audience::Seat) != Some(view.audience()) {
            return None;
        }
        policy::choose(view, policy, seed)
    }
}
