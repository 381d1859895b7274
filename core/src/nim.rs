//! Nim, the test game (feature `test-game`): the smallest game that exercises the whole
//! [`Game`] contract, so the service, the store, local play and both chat platforms are
//! proven to host a game they were not written for.
//!
//! A pile of stones (option `stones`, 1 to 50, default 10) and 2 to 4 players in turn. A
//! turn takes 1, 2 or 3 stones (never more than are left); whoever takes the last stone
//! wins. The action is the number taken (`2`); the position is
//! `{"format": "nim-position/1", "stones": 7, "players": 2, "to_move": 1, "result": null}`.

use crate::view::View;
use std::{fmt, ops::RangeInclusive};

use rand_core::RngCore;
use serde::Serialize;
use thiserror::Error;

use crate::{
    game::{
        Game, NewGameError, Outcome, Placing, PositionError, Reason, Refusal, Seat, SettingsError,
        check_option_keys, option, policy_rng,
    },
    value::Value,
};

/// The notation's format tag.
pub const FORMAT: &str = "nim-position/1";

/// Nim's settings: the size of the pile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pile(pub u8);

/// A Nim position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nim {
    stones: u8,
    players: u8,
    to_move: Seat,
    winner: Option<Seat>,
}

/// Stones taken in one turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Take(pub u8);

impl fmt::Display for Take {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// What a turn did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Event {
    /// Stones taken, and how many are left.
    Took {
        /// Who took them.
        seat: Seat,
        /// How many.
        count: u8,
        /// Left on the pile.
        left: u8,
    },
    /// The last stone was taken.
    GameOver {
        /// Who took it.
        winner: Seat,
    },
}

/// Why Nim refuses an action.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum NimRefusal {
    /// The pile is gone.
    #[error("the game is over")]
    GameOver,
    /// Another seat's turn.
    #[error("it is seat {active}'s turn, not seat {seat}'s")]
    NotYourTurn {
        /// Who asked.
        seat: Seat,
        /// Whose turn it is.
        active: Seat,
    },
    /// Not a number from 1 to 3.
    #[error("“{0}” is not a number of stones: take 1, 2 or 3")]
    Unreadable(String),
    /// More than the pile holds.
    #[error("only {left} stones are left")]
    TooMany {
        /// Stones left.
        left: u8,
    },
}

impl Refusal for NimRefusal {
    fn code(&self) -> &'static str {
        match self {
            NimRefusal::GameOver => "game-over",
            NimRefusal::NotYourTurn { .. } => "not-your-turn",
            NimRefusal::Unreadable(_) => "unreadable",
            NimRefusal::TooMany { .. } => "illegal",
        }
    }
}

impl Nim {
    /// Stones left.
    pub fn stones(&self) -> u8 {
        self.stones
    }
    /// The winner, once over.
    pub fn winner(&self) -> Option<Seat> {
        self.winner
    }
    /// Number of players.
    pub fn players(&self) -> u8 {
        self.players
    }
}

impl Game for Nim {
    type Settings = Pile;
    type Action = Take;
    type Event = Event;
    type Refusal = NimRefusal;
    type Doc = Value;

    const OPTIONS: &'static [&'static str] = &["stones"];
    const POLICIES: &'static [&'static str] = &["random", "strong"];
    const DEFAULT_POLICY: &'static str = "strong";

    fn settings(options: &[(String, String)]) -> Result<Pile, SettingsError> {
        check_option_keys(options, Self::OPTIONS)?;
        match option(options, "stones") {
            None => Ok(Pile(10)),
            Some(v) => v
                .parse::<u8>()
                .ok()
                .filter(|n| (1..=50).contains(n))
                .map(Pile)
                .ok_or_else(|| SettingsError::BadValue {
                    key: "stones",
                    value: v.to_string(),
                    problem: "a pile holds 1 to 50 stones".into(),
                }),
        }
    }

    fn options(p: &Pile) -> Vec<(&'static str, String)> {
        vec![("stones", p.0.to_string())]
    }

    fn seats(_: &Pile) -> RangeInclusive<usize> {
        2..=4
    }

    fn new_game(
        p: &Pile,
        players: &[String],
        _seed: &str,
    ) -> Result<(Nim, Vec<Event>), NewGameError> {
        if !(2..=4).contains(&players.len()) {
            return Err(NewGameError::Players {
                got: players.len(),
                min: 2,
                max: 4,
            });
        }
        Ok((
            Nim {
                stones: p.0,
                players: players.len() as u8,
                to_move: Seat(0),
                winner: None,
            },
            Vec::new(),
        ))
    }

    fn to_move(&self) -> Option<Seat> {
        self.winner.is_none().then_some(self.to_move)
    }

    fn seat_count(&self) -> usize {
        usize::from(self.players)
    }

    fn legal_actions(&self) -> Vec<Take> {
        if self.winner.is_some() {
            return Vec::new();
        }
        (1..=self.stones.min(3)).map(Take).collect()
    }

    fn parse_action(&self, text: &str) -> Result<Take, NimRefusal> {
        let t = text.trim();
        t.parse::<u8>()
            .ok()
            .filter(|n| (1..=3).contains(n))
            .map(Take)
            .ok_or_else(|| NimRefusal::Unreadable(t.chars().take(40).collect()))
    }

    fn check_turn(&self, seat: Option<Seat>) -> Result<Seat, NimRefusal> {
        if self.winner.is_some() {
            return Err(NimRefusal::GameOver);
        }
        let seat = seat.unwrap_or(self.to_move);
        if seat != self.to_move {
            return Err(NimRefusal::NotYourTurn {
                seat,
                active: self.to_move,
            });
        }
        Ok(seat)
    }

    fn play(&self, seat: Seat, take: &Take) -> Result<(Nim, Vec<Event>), NimRefusal> {
        self.check_turn(Some(seat))?;
        if take.0 > self.stones {
            return Err(NimRefusal::TooMany { left: self.stones });
        }
        let mut next = self.clone();
        next.stones -= take.0;
        let mut events = vec![Event::Took {
            seat,
            count: take.0,
            left: next.stones,
        }];
        if next.stones == 0 {
            next.winner = Some(seat);
            events.push(Event::GameOver { winner: seat });
        } else {
            next.to_move = Seat((seat.0 + 1) % self.players);
        }
        Ok((next, events))
    }

    fn outcome(&self) -> Option<Outcome> {
        let w = self.winner?;
        Some(Outcome {
            placings: (0..self.players)
                .map(|s| Placing {
                    seat: Seat(s),
                    rank: if Seat(s) == w { 1 } else { 2 },
                    finish: if Seat(s) == w { "won" } else { "lost" },
                })
                .collect(),
            reason: Reason::new("last-stone", [], "took the last stone"),
        })
    }

    fn to_doc(&self) -> Value {
        Value::object([
            ("format", Value::from(FORMAT)),
            ("stones", Value::from(self.stones)),
            ("players", Value::from(self.players)),
            ("to_move", Value::from(self.to_move.0)),
            (
                "result",
                match self.winner {
                    None => Value::Null,
                    Some(w) => Value::object([
                        ("winner", Value::from(w.0)),
                        ("reason", Value::from("took the last stone")),
                    ]),
                },
            ),
        ])
    }

    fn from_value(value: Value) -> Result<Nim, PositionError> {
        let mut problems = Vec::new();
        let Value::Object(fields) = &value else {
            return Err(PositionError {
                problems: vec![format!("a position is an object, not {}", value.kind())],
            });
        };
        for (k, _) in fields {
            if !["format", "stones", "players", "to_move", "result"].contains(&k.as_str()) {
                problems.push(format!("unknown field “{k}”"));
            }
        }
        if value.get("format").and_then(Value::as_str) != Some(FORMAT) {
            problems.push(format!("format must be “{FORMAT}”"));
        }
        let mut number = |key: &str, range: RangeInclusive<i64>| {
            let n = value
                .get(key)
                .and_then(Value::as_i64)
                .filter(|n| range.contains(n));
            if n.is_none() {
                problems.push(format!(
                    "{key} must be a number from {} to {}",
                    range.start(),
                    range.end()
                ));
            }
            n.unwrap_or(*range.start()) as u8
        };
        let stones = number("stones", 0..=50);
        let players = number("players", 2..=4);
        let to_move = number("to_move", 0..=3);
        let winner = match value.get("result") {
            Some(Value::Null) => None,
            Some(r) => match r.get("winner").and_then(Value::as_i64) {
                Some(w) if (0..i64::from(players)).contains(&w) => Some(Seat(w as u8)),
                _ => {
                    problems
                        .push("result must be null or {\"winner\": SEAT, \"reason\": TEXT}".into());
                    None
                }
            },
            None => {
                problems.push("result is missing".into());
                None
            }
        };
        if to_move >= players {
            problems.push(format!("to_move must be a seat below {players}"));
        }
        if (stones == 0) != winner.is_some() {
            problems.push("a game is over exactly when no stones are left".into());
        }
        if !problems.is_empty() {
            return Err(PositionError { problems });
        }
        Ok(Nim {
            stones,
            players,
            to_move: Seat(to_move),
            winner,
        })
    }

    fn decide(view: &View<Self>, policy: &str, seed: &str) -> Option<Take> {
        let this: &Nim = view;
        let legal = this.legal_actions();
        if legal.is_empty() {
            return None;
        }
        match policy {
            "random" => {
                let mut rng = policy_rng(seed);
                Some(legal[rng.next_u32() as usize % legal.len()])
            }
            // Leave a multiple of four when it can (the winning move with two players).
            "strong" => Some(
                legal
                    .iter()
                    .copied()
                    .find(|t| (this.stones - t.0).is_multiple_of(4))
                    .unwrap_or(legal[0]),
            ),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start(stones: u8) -> Nim {
        let names = vec!["a".to_string(), "b".to_string()];
        Nim::new_game(&Pile(stones), &names, "s").unwrap().0
    }

    #[test]
    fn whoever_takes_the_last_stone_wins() {
        let g = start(4);
        let (g, _) = g.play(Seat(0), &Take(3)).unwrap();
        assert_eq!(g.to_move(), Some(Seat(1)));
        assert_eq!(
            g.play(Seat(1), &Take(2)),
            Err(NimRefusal::TooMany { left: 1 })
        );
        let (g, events) = g.play(Seat(1), &Take(1)).unwrap();
        assert_eq!(events.last(), Some(&Event::GameOver { winner: Seat(1) }));
        assert_eq!(g.outcome().unwrap().winner(), Some(Seat(1)));
        assert!(g.legal_actions().is_empty());
        assert_eq!(g.apply(None, "1").unwrap_err().code(), "game-over");
    }

    #[test]
    fn refusals_come_in_the_contracts_order() {
        let g = start(10);
        assert_eq!(
            g.apply(Some(Seat(1)), "hello").unwrap_err().code(),
            "not-your-turn"
        );
        assert_eq!(g.apply(None, "hello").unwrap_err().code(), "unreadable");
        assert_eq!(g.apply(None, " 2 ").unwrap().1.stones(), 8);
    }

    #[test]
    fn the_notation_round_trips() {
        let g = start(7);
        let (g, _) = g.play(Seat(0), &Take(2)).unwrap();
        let back = Nim::from_value(g.to_doc()).unwrap();
        assert_eq!(back, g);
        let bad = Value::object([
            ("format", Value::from("nim-position/1")),
            ("extra", Value::Null),
        ]);
        let err = Nim::from_value(bad).unwrap_err();
        assert!(err.problems.len() >= 4, "{err}");
    }

    #[test]
    fn the_strong_player_leaves_multiples_of_four() {
        assert_eq!(start(7).choose("strong", "x"), Some(Take(3)));
        assert!(start(7).choose("random", "x").is_some());
        assert_eq!(start(7).choose("nobody", "x"), None);
    }
}
