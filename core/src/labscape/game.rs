//! Labscape through the [`Game`] contract: its settings as options (`layout`,
//! `difficulty`, `setup`), its refusals as one type, its position as `PositionDoc`.

use crate::view::View;
use std::{fmt, ops::RangeInclusive};

use serde::Deserialize;

use super::{
    Action, ActionError, Difficulty, Event, Layout, ParseActionError, Policy, Position,
    PositionDoc, STANDARD, Seat, Settings, SetupMode, Status, dice::Dice,
};
use crate::{
    game::{
        Game, NewGameError, Outcome, Placing, PositionError, Reason, Refusal as RefusalTrait,
        SettingsError, check_option_keys, option,
    },
    value::Value,
};

/// What a Labscape game is set up with (the players come separately).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variant {
    /// The building.
    pub layout: Layout,
    /// How soon dawn comes.
    pub difficulty: Difficulty,
    /// Random building, or drafted together.
    pub setup: SetupMode,
}

impl Variant {
    /// The engine's settings for these players.
    pub fn with_players(&self, players: &[String]) -> Settings {
        Settings {
            layout: self.layout.clone(),
            difficulty: self.difficulty,
            setup: self.setup,
            players: players.to_vec(),
        }
    }
}

/// The layout a game gets when none is named.
pub const DEFAULT_LAYOUT: &str = "pyramid";

/// Why Labscape refuses an action: text that is not an action, or an action the rules
/// refuse.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// Not an action in the notation.
    #[error(transparent)]
    Unreadable(#[from] ParseActionError),
    /// An action the rules refuse.
    #[error(transparent)]
    Illegal(#[from] ActionError),
}

impl RefusalTrait for Refusal {
    fn code(&self) -> &'static str {
        match self {
            Refusal::Unreadable(_) => "unreadable-action",
            Refusal::Illegal(e) => e.code(),
        }
    }
}

impl Game for Position {
    type Settings = Variant;
    type Action = Action;
    type Event = Event;
    type Refusal = Refusal;
    type Doc = PositionDoc;

    const OPTIONS: &'static [&'static str] = &["layout", "difficulty", "setup"];
    // Every game's three levels; `careless`, `heuristic` and `search` are read too.
    const POLICIES: &'static [&'static str] = &["random", "easy", "strong"];
    const DEFAULT_POLICY: &'static str = "easy";

    fn settings(options: &[(String, String)]) -> Result<Variant, SettingsError> {
        check_option_keys(options, Self::OPTIONS)?;
        let layout_text = option(options, "layout").unwrap_or(DEFAULT_LAYOUT);
        let layout = Layout::parse(layout_text).map_err(|e| SettingsError::BadValue {
            key: "layout",
            value: layout_text.to_string(),
            problem: e.to_string(),
        })?;
        let difficulty = match option(options, "difficulty") {
            None => Difficulty::default(),
            Some(d) => Difficulty::from_name(d).ok_or_else(|| SettingsError::BadValue {
                key: "difficulty",
                value: d.to_string(),
                problem: "use easy, medium, hard or impossible".into(),
            })?,
        };
        let setup = match option(options, "setup") {
            None => SetupMode::Random,
            Some(s) => SetupMode::from_name(s).ok_or_else(|| SettingsError::BadValue {
                key: "setup",
                value: s.to_string(),
                problem: "use random or draft".into(),
            })?,
        };
        Ok(Variant {
            layout,
            difficulty,
            setup,
        })
    }

    fn options(v: &Variant) -> Vec<(&'static str, String)> {
        vec![
            ("layout", v.layout.source().to_string()),
            ("difficulty", v.difficulty.name().to_string()),
            ("setup", v.setup.name().to_string()),
        ]
    }

    fn seats(_: &Variant) -> RangeInclusive<usize> {
        STANDARD.players.0..=STANDARD.players.1
    }

    fn new_game(
        v: &Variant,
        players: &[String],
        seed: &str,
    ) -> Result<(Position, Vec<Event>), NewGameError> {
        Position::new_game(&v.with_players(players), seed)
    }

    fn to_move(&self) -> Option<Seat> {
        self.active()
    }

    fn seat_count(&self) -> usize {
        self.players().len()
    }

    fn legal_actions(&self) -> Vec<Action> {
        Position::legal_actions(self)
    }

    fn parse_action(&self, text: &str) -> Result<Action, Refusal> {
        Ok(Action::parse(text)?)
    }

    fn play(&self, seat: Seat, action: &Action) -> Result<(Position, Vec<Event>), Refusal> {
        Ok(self.after(Some(seat), action)?)
    }

    fn check_turn(&self, seat: Option<Seat>) -> Result<Seat, Refusal> {
        Ok(Position::check_turn(self, seat)?)
    }

    /// Labscape reads the action before it looks at the turn (its command line always
    /// has): an unreadable action is `unreadable-action` even out of turn.
    fn apply(
        &self,
        seat: Option<Seat>,
        text: &str,
    ) -> Result<(Action, Position, Vec<Event>), Refusal> {
        let action = Action::parse(text)?;
        let (next, events) = self.after(seat, &action)?;
        Ok((action, next, events))
    }

    /// Escaped players first, more food first (equal food shares a rank); everyone still
    /// inside shares the last rank.
    fn outcome(&self) -> Option<Outcome> {
        let (escaped, _) = Position::outcome(self)?;
        let mut foods: Vec<u32> = escaped.iter().map(|s| self.player(*s).food()).collect();
        foods.sort_unstable_by(|a, b| b.cmp(a));
        foods.dedup();
        let placings = self
            .seats()
            .map(|seat| {
                let p = self.player(seat);
                if p.status() == Status::Escaped {
                    let rank = foods.iter().position(|f| *f == p.food()).unwrap_or(0) + 1;
                    Placing {
                        seat,
                        rank: rank as u8,
                        finish: "escaped",
                    }
                } else {
                    Placing {
                        seat,
                        rank: foods.len() as u8 + 1,
                        finish: "out",
                    }
                }
            })
            .collect();
        let reason = if escaped.is_empty() {
            Reason::new("nobody-escaped", [], "nobody escaped before dawn")
        } else {
            let n = escaped.len();
            Reason::new(
                "escaped",
                [("count", n.to_string())],
                format!("{n} escaped"),
            )
        };
        Some(Outcome { placings, reason })
    }

    fn is_over(&self) -> bool {
        Position::is_over(self)
    }

    fn to_doc(&self) -> PositionDoc {
        Position::to_doc(self)
    }

    fn from_value(value: Value) -> Result<Position, PositionError> {
        let doc = PositionDoc::deserialize(value).map_err(|e| PositionError {
            problems: vec![format!(
                "the position is not valid JSON for the notation: {e}"
            )],
        })?;
        Position::from_doc(&doc)
    }

    fn decide(view: &View<Self>, policy: &str, seed: &str) -> Option<Action> {
        Policy::from_name(policy)?.choose(view, &mut Dice::from_seed(seed))
    }

    /// `strong:N` names the search with its budget; older names read as their level.
    fn policy(name: &str) -> Option<String> {
        Policy::from_name(name).map(|p| p.to_string())
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {}",
            self.layout.source(),
            self.difficulty.name(),
            self.setup.name()
        )
    }
}
