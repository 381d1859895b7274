//! Labscape: lab animals escaping a multi-floor laboratory before dawn.
//!
//! The authoritative rules are `shared/rules/labscape.md`; section numbers (§) and
//! decisions (\[D#\]) in the docs of this module refer to it. The public notation is
//! `shared/rules/position-format.md`.
//! Players read these rules in `docs/rules/labscape.md`, the notation in `docs/engine.md`.
//!
//! A game is a pure function of its [`Settings`], its seed and its actions:
//!
//! ```
//! use labscape_core::labscape::{Action, Layout, Position, Settings, SetupMode};
//! let settings = Settings {
//!     layout: Layout::parse("single").unwrap(),
//!     difficulty: Default::default(),
//!     setup: SetupMode::Random,
//!     players: vec!["ana".into(), "bo".into()],
//! };
//! let (mut pos, _events) = Position::new_game(&settings, "seed").unwrap();
//! let legal = pos.legal_actions();
//! assert!(legal.contains(&Action::Wait(1)));
//! let events = pos.play(None, &Action::Wait(1)).unwrap();
//! assert!(!events.is_empty());
//! ```

mod action;
mod board;
mod dice;
mod event;
mod export;
mod game;
mod geometry;
mod layout;
mod legal;
mod luck;
mod notation;
mod play;
mod policy;
mod position;
mod record;
pub mod rules;
mod setup;

pub use action::{
    Action, MAX_ACTION_LEN, MAX_STEPS, MAX_WAIT, MoveTarget, ParseActionError, UsageProblem,
};
pub use board::{Board, Item, ItemKind, UNREACHABLE, WallProblem};
pub use dice::Dice;

pub use crate::seed::commitment;
pub use event::{Event, RobotCause, Seat, Table};
pub use export::{
    CellItem, Chance, ExportTurn, GameExport, Problem, RECORD_FORMAT, SeatCell, SeatDice, Verdict,
    Verified, chances, describe as describe_chance, verify,
};
pub use game::{DEFAULT_LAYOUT, Refusal, Variant};
pub use geometry::{Cell, Corner, Dir, Edge, NameError, Wall};
pub use layout::{
    FloorShape, Layout, LayoutError, MAX_FLOORS, MAX_LAYOUT_LEN, MAX_MODULES, MAX_MODULES_SIDE,
    PRESETS,
};
pub use luck::{Luck, PlayerLuck, Tally, luck_of};
pub use notation::{FORMAT, FloorDoc, PlayerDoc, PositionDoc, PositionError};
pub use play::{ActionError, RotationHint};
pub use policy::{Policy, play_out};
pub use position::{
    Difficulty, Draft, Phase, Player, Position, Settings, SetupMode, Status, dawn_for,
};
pub use record::{Finish, Record, RecordError, Standing, TurnRecord, standings};
pub use rules::{Rules, STANDARD};
pub use setup::NewGameError;

#[cfg(test)]
mod tests;
