//! Every game behind one type, like shakmaty's `variant.rs`: [`GameKind`] names a game,
//! [`AnyGame`] holds a position of any game, and [`AnyAction`], [`AnyEvent`] and
//! [`AnyRefusal`] carry its actions, events and refusals.
//!
//! The list of games is written once, in the `games!` invocation below; every match over
//! the games is generated from it here and nowhere else. A new game is one more module and
//! one more line in that list.
//!
//! The list feeds three macros, one per file: `games!` here builds the enums and the
//! [`Member`] impls; `kinds!` in `kind` builds [`GameKind`]'s per-game answers; `dispatch!`
//! in `dispatch` builds [`AnyGame`]'s methods that pass a call to the game it holds.

mod dispatch;
mod kind;

pub use kind::GameKind;

use std::fmt;

use serde::{Serialize, Serializer};
use thiserror::Error;

use crate::{
    game::{Game, NewGameError, PositionError, Refusal, Seat, SettingsError},
    value::Value,
    view::{Audience, ViewDoc},
};

/// What one audience may see of a position of any game ([`AnyGame::view`]): the masked
/// position, which draws, words and lists actions like any other, and whose view it is.
/// It is not a position to store or to play on.
#[derive(Clone, Debug)]
pub struct AnyView {
    audience: Audience,
    game: AnyGame,
}

impl AnyView {
    /// Who this view is for.
    pub fn audience(&self) -> Audience {
        self.audience
    }

    /// The masked position.
    pub fn game(&self) -> &AnyGame {
        &self.game
    }
}

impl Serialize for AnyView {
    /// The masked position's notation plus `"view"`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        ViewDoc {
            doc: &self.game,
            view: self.audience,
        }
        .serialize(s)
    }
}

/// Why [`AnyGame::new_game`] cannot start a game.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum NewAnyError {
    /// The options cannot be used.
    #[error(transparent)]
    Settings(#[from] SettingsError),
    /// The number of players is out of range.
    #[error(transparent)]
    Players(#[from] NewGameError),
}

/// A game's position, action, event and refusal types, and the way into and out of the
/// enums of this module. Implemented for every game by `games!`.
pub trait Member: Game {
    /// Into [`AnyGame`].
    fn into_any(self) -> AnyGame;
    /// This game's position, if `any` holds one.
    fn from_any(any: &AnyGame) -> Option<&Self>;
    /// This game's event, if `any` is one.
    fn event(any: &AnyEvent) -> Option<&Self::Event>;
    /// This game's action, if `any` is one.
    fn action(any: &AnyAction) -> Option<&Self::Action>;
    /// This game's refusal, if `any` is one.
    fn refusal(any: &AnyRefusal) -> Option<&Self::Refusal>;
    /// Into [`AnyAction`].
    fn any_action(action: Self::Action) -> AnyAction;
    /// Into [`AnyEvent`].
    fn any_event(event: Self::Event) -> AnyEvent;
    /// Into [`AnyRefusal`].
    fn any_refusal(refusal: Self::Refusal) -> AnyRefusal;
}

macro_rules! games {
    ($( $(#[$attr:meta])* $variant:ident => $ty:ty, $id:literal, $name:literal; )*) => {

        /// A position of any game.
        #[derive(Clone, Debug)]
        // Labscape's position is the largest; boxing it would cost every turn an allocation.
        #[allow(clippy::large_enum_variant)]
        pub enum AnyGame {
            $( $(#[$attr])* #[doc = $name] $variant($ty), )*
        }

        /// An action of any game.
        #[derive(Clone, Debug, PartialEq)]
        pub enum AnyAction {
            $( $(#[$attr])* #[doc = $name] $variant(<$ty as Game>::Action), )*
        }

        /// An event of any game.
        #[derive(Clone, Debug, PartialEq)]
        pub enum AnyEvent {
            $( $(#[$attr])* #[doc = $name] $variant(<$ty as Game>::Event), )*
        }

        /// A refusal of any game.
        #[derive(Clone, Debug, PartialEq)]
        pub enum AnyRefusal {
            $( $(#[$attr])* #[doc = $name] $variant(<$ty as Game>::Refusal), )*
            /// An action of another game (a caller's mistake, never a player's).
            OtherGame,
        }

        $(
            $(#[$attr])*
            impl Member for $ty {
                fn into_any(self) -> AnyGame {
                    AnyGame::$variant(self)
                }
                fn from_any(any: &AnyGame) -> Option<&Self> {
                    #[allow(unreachable_patterns)]
                    match any { AnyGame::$variant(g) => Some(g), _ => None }
                }
                fn event(any: &AnyEvent) -> Option<&Self::Event> {
                    #[allow(unreachable_patterns)]
                    match any { AnyEvent::$variant(e) => Some(e), _ => None }
                }
                fn action(any: &AnyAction) -> Option<&Self::Action> {
                    #[allow(unreachable_patterns)]
                    match any { AnyAction::$variant(a) => Some(a), _ => None }
                }
                fn refusal(any: &AnyRefusal) -> Option<&Self::Refusal> {
                    #[allow(unreachable_patterns)]
                    match any { AnyRefusal::$variant(r) => Some(r), _ => None }
                }
                fn any_action(action: Self::Action) -> AnyAction {
                    AnyAction::$variant(action)
                }
                fn any_event(event: Self::Event) -> AnyEvent {
                    AnyEvent::$variant(event)
                }
                fn any_refusal(refusal: Self::Refusal) -> AnyRefusal {
                    AnyRefusal::$variant(refusal)
                }
            }
        )*


        impl Serialize for AnyGame {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                match self { $( $(#[$attr])* AnyGame::$variant(g) => <$ty as Game>::to_doc(g).serialize(s), )* }
            }
        }

        impl Serialize for AnyEvent {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                match self { $( $(#[$attr])* AnyEvent::$variant(e) => e.serialize(s), )* }
            }
        }

        impl fmt::Display for AnyAction {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self { $( $(#[$attr])* AnyAction::$variant(a) => a.fmt(f), )* }
            }
        }

        impl fmt::Display for AnyRefusal {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self {
                    $( $(#[$attr])* AnyRefusal::$variant(r) => r.fmt(f), )*
                    AnyRefusal::OtherGame => f.write_str("that is an action of another game"),
                }
            }
        }

        impl AnyRefusal {
            /// The machine-readable code.
            pub fn code(&self) -> &'static str {
                match self {
                    $( $(#[$attr])* AnyRefusal::$variant(r) => r.code(), )*
                    AnyRefusal::OtherGame => "unreadable",
                }
            }
        }
    };
}

/// Calls the macro `$m` with the one list of games, in the order players see them:
/// `Variant => position type, "id", "Name";` each. Core builds [`GameKind`], [`AnyGame`]
/// and their kin from it (`games!` above); the bot builds its dispatch to each game's own
/// module from it, so a game in this list that the bot has no module for does not compile.
/// Nim, the test game, is in the list only with the `test-game` feature.
#[macro_export]
macro_rules! for_each_game {
    ($m:ident) => {
        $crate::__with_test_game! { $m [
            Labscape => $crate::labscape::Position, "labscape", "Labscape";
            Semaforo => $crate::semaforo::Position, "semaforo", "Semáforo";
            GatosCaes => $crate::gatos_caes::Position, "gatos-caes", "Gatos & Cães";
            Rastros => $crate::rastros::Position, "rastros", "Rastros";
            Avanco => $crate::avanco::Position, "avanco", "Avanço";
            Produto => $crate::produto::Position, "produto", "Produto";
            Flume => $crate::flume::Position, "flume", "Flume";
            Soccolot => $crate::soccolot::Position, "soccolot", "Soccolot";
            Sages => $crate::sages::Position, "sages", "SAGES";
            Skarb => $crate::skarb::Position, "skarb", "Skarb Labiryntu";
            Hidra => $crate::hidra::Position, "hidra", "Labirinto da Hidra";
        ] }
    };
}

/// [`for_each_game!`]'s list with Nim at its end (the `test-game` feature).
#[cfg(feature = "test-game")]
#[doc(hidden)]
#[macro_export]
macro_rules! __with_test_game {
    ($m:ident [ $($list:tt)* ]) => {
        $m! { $($list)* Nim => $crate::nim::Nim, "nim", "Nim"; }
    };
}

/// [`for_each_game!`]'s list as it is (no `test-game` feature).
#[cfg(not(feature = "test-game"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __with_test_game {
    ($m:ident [ $($list:tt)* ]) => {
        $m! { $($list)* }
    };
}

/// Its items only when core has the test game (the `test-game` feature): what another
/// crate writes for Nim.
#[cfg(feature = "test-game")]
#[macro_export]
macro_rules! if_test_game {
    ($($items:tt)*) => { $($items)* };
}

/// Its items only when core has the test game (the `test-game` feature): what another
/// crate writes for Nim.
#[cfg(not(feature = "test-game"))]
#[macro_export]
macro_rules! if_test_game {
    ($($items:tt)*) => {};
}

for_each_game!(games);

impl std::error::Error for AnyRefusal {}

impl AnyGame {
    /// Reads a position of any game: its `format` says which.
    ///
    /// # Errors
    /// [`PositionError`] lists every problem.
    pub fn from_value(value: Value) -> Result<AnyGame, PositionError> {
        let kind = GameKind::of_position(&value)?;
        AnyGame::from_value_of(kind, value)
    }

    /// This game's own position, if it is one of `G`.
    pub fn get<G: Member>(&self) -> Option<&G> {
        G::from_any(self)
    }

    /// Plays a game's record again from its start: the game of `kind` with `options`,
    /// `players` and `seed`, then every action (its text, and the seat that played it) in
    /// turn. What `verify`, `migrate` and the crash tests use to check a stored game.
    ///
    /// # Errors
    /// [`ReplayError`]: the game does not start, or the numbered action is refused.
    pub fn replay<'a>(
        kind: GameKind,
        options: &[(String, String)],
        players: &[String],
        seed: &str,
        actions: impl IntoIterator<Item = (Seat, &'a str)>,
    ) -> Result<AnyGame, ReplayError> {
        let (mut game, _) = AnyGame::new_game(kind, options, players, seed)
            .map_err(|e| ReplayError::Start(e.to_string()))?;
        for (i, (seat, text)) in actions.into_iter().enumerate() {
            game = match game.apply(Some(seat), text) {
                Ok((_, next, _)) => next,
                Err(e) => {
                    return Err(ReplayError::Refused {
                        number: i + 1,
                        action: text.to_string(),
                        seat: seat.0,
                        reason: e.to_string(),
                    });
                }
            };
        }
        Ok(game)
    }
}

/// Why a game's record does not play again ([`AnyGame::replay`]).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ReplayError {
    /// The game cannot start with its settings and players.
    #[error("the game cannot start: {0}")]
    Start(String),
    /// An action is refused where it stands (numbered from 1).
    #[error("action {number} (“{action}” by seat {seat}) is refused: {reason}")]
    Refused {
        /// Its place in the record, from 1.
        number: usize,
        /// Its text.
        action: String,
        /// The seat that played it.
        seat: u8,
        /// The game's refusal.
        reason: String,
    },
}

/// Options as their stored text: `key=value` words.
fn join_options(options: &[(&'static str, String)]) -> String {
    options
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join(" ")
}
