//! The rules of the games the Labscape bot runs: pure, deterministic, no I/O.
//!
//! This crate is the functional core. It reads no clock, touches no file or network, has no
//! async and no database: given the same settings, seed and actions it always produces the
//! same positions and events. Everything that talks to the world lives in the `labscape`
//! binary crate.
//!
//! Each game is a module implementing [`game::Game`]; today there is [`labscape`].
#![warn(missing_docs)]

pub mod game;
pub mod labscape;
mod lang;

pub use lang::Lang;
