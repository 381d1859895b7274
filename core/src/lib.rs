//! The rules of the games the Labscape bot runs: pure, deterministic, no I/O.
//!
//! This crate is the functional core. It reads no clock, touches no file or network, has no
//! async and no database: given the same settings, seed and actions it always produces the
//! same positions and events. Everything that talks to the world lives in the `labscape`
//! binary crate.
//!
//! Each game is a module implementing [`game::Game`]; [`any`] holds the list of games and
//! [`AnyGame`], a position of any of them.
#![warn(missing_docs)]

pub mod any;
pub mod avanco;
mod board_doc;
pub mod flume;
pub mod game;
pub mod gatos_caes;
pub mod hidra;
pub mod labscape;
mod lang;
#[cfg(feature = "test-game")]
pub mod nim;
pub mod produto;
pub mod rastros;
pub mod rating;
pub mod sages;
pub mod seed;
pub mod semaforo;
pub mod skarb;
pub mod soccolot;
pub mod square;
pub mod value;
pub mod view;

pub use any::{
    AnyAction, AnyEvent, AnyGame, AnyRefusal, AnyView, GameKind, Member, NewAnyError, ReplayError,
};
pub use game::{
    Game, NewGameError, Outcome, Placing, PositionError, Reason, Refusal, Seat, SettingsError,
};
pub use lang::Lang;
pub use rating::Rating;
pub use seed::commitment;
pub use value::Value;
pub use view::{Audience, AudienceError, View, ViewDoc};
