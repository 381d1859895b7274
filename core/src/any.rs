//! Every game behind one type, like shakmaty's `variant.rs`: [`GameKind`] names a game,
//! [`AnyGame`] holds a position of any game, and [`AnyAction`], [`AnyEvent`] and
//! [`AnyRefusal`] carry its actions, events and refusals.
//!
//! The list of games is written once, in the `games!` invocation below; every match over
//! the games is generated from it here and nowhere else. A new game is one more module and
//! one more line in that list.

use std::{fmt, ops::RangeInclusive};

use serde::{Serialize, Serializer};
use thiserror::Error;

use crate::{
    game::{
        Game, NewGameError, Outcome, PositionError, Refusal, Seat, SettingsError, parse_options,
    },
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
        /// Which game: one per game the bot runs.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum GameKind {
            $( $(#[$attr])* #[doc = $name] $variant, )*
        }

        impl GameKind {
            /// Every game, in the order players see them listed.
            pub const ALL: &'static [GameKind] = &[ $( $(#[$attr])* GameKind::$variant, )* ];

            /// The id players type (`/new avanco`) and `--game` takes.
            pub fn id(self) -> &'static str {
                match self { $( $(#[$attr])* GameKind::$variant => $id, )* }
            }

            /// The game's name for people ("Gatos & Cães").
            pub fn name(self) -> &'static str {
                match self { $( $(#[$attr])* GameKind::$variant => $name, )* }
            }

            /// The option keys the game knows.
            pub fn options(self) -> &'static [&'static str] {
                match self { $( $(#[$attr])* GameKind::$variant => <$ty as Game>::OPTIONS, )* }
            }

            /// The game's computer players, weakest first.
            pub fn policies(self) -> &'static [&'static str] {
                match self { $( $(#[$attr])* GameKind::$variant => <$ty as Game>::POLICIES, )* }
            }

            /// The computer player a lobby gets when none is named.
            pub fn default_policy(self) -> &'static str {
                match self {
                    $( $(#[$attr])* GameKind::$variant => <$ty as Game>::DEFAULT_POLICY, )*
                }
            }

            /// A computer player's canonical name, if the game has it.
            pub fn policy(self, name: &str) -> Option<String> {
                match self {
                    $( $(#[$attr])* GameKind::$variant => <$ty as Game>::policy(name), )*
                }
            }

            /// Options in their canonical text (every setting, defaults included), as a
            /// game's settings are stored.
            ///
            /// # Errors
            /// [`SettingsError`] for an unknown option or an unusable value.
            pub fn settings_text(self, options: &[(String, String)]) -> Result<String, SettingsError> {
                match self {
                    $( $(#[$attr])* GameKind::$variant => {
                        let s = <$ty as Game>::settings(options)?;
                        Ok(join_options(&<$ty as Game>::options(&s)))
                    } )*
                }
            }

            /// How many players a game with these settings (stored text) seats.
            ///
            /// # Errors
            /// [`SettingsError`] when the text does not read.
            pub fn seats(self, settings: &str) -> Result<RangeInclusive<usize>, SettingsError> {
                let options = parse_options(settings)?;
                match self {
                    $( $(#[$attr])* GameKind::$variant =>
                        Ok(<$ty as Game>::seats(&<$ty as Game>::settings(&options)?)), )*
                }
            }
        }

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

        impl AnyGame {
            /// A new game of `kind` with `options`, for `players`, drawn from `seed`.
            ///
            /// # Errors
            /// [`NewAnyError`] for unusable options or a player count out of range.
            pub fn new_game(
                kind: GameKind,
                options: &[(String, String)],
                players: &[String],
                seed: &str,
            ) -> Result<(AnyGame, Vec<AnyEvent>), NewAnyError> {
                match kind {
                    $( $(#[$attr])* GameKind::$variant => {
                        let settings = <$ty as Game>::settings(options)?;
                        let (g, events) = <$ty as Game>::new_game(&settings, players, seed)?;
                        Ok((AnyGame::$variant(g), events.into_iter().map(AnyEvent::$variant).collect()))
                    } )*
                }
            }

            /// Which game this is.
            pub fn kind(&self) -> GameKind {
                match self { $( $(#[$attr])* AnyGame::$variant(_) => GameKind::$variant, )* }
            }

            /// The seat to move, or `None` once the game is over.
            pub fn to_move(&self) -> Option<Seat> {
                match self { $( $(#[$attr])* AnyGame::$variant(g) => <$ty as Game>::to_move(g), )* }
            }

            /// Whether `seat` may act now.
            pub fn may_act(&self, seat: Seat) -> bool {
                match self { $( $(#[$attr])* AnyGame::$variant(g) => <$ty as Game>::may_act(g, seat), )* }
            }

            /// The number of seats.
            pub fn seat_count(&self) -> usize {
                match self { $( $(#[$attr])* AnyGame::$variant(g) => <$ty as Game>::seat_count(g), )* }
            }

            /// Every legal action of the seat to move.
            pub fn legal_actions(&self) -> Vec<AnyAction> {
                match self {
                    $( $(#[$attr])* AnyGame::$variant(g) =>
                        <$ty as Game>::legal_actions(g).into_iter().map(AnyAction::$variant).collect(), )*
                }
            }

            /// Reads an action in the game's notation.
            ///
            /// # Errors
            /// The game's refusal for unreadable text.
            pub fn parse_action(&self, text: &str) -> Result<AnyAction, AnyRefusal> {
                match self {
                    $( $(#[$attr])* AnyGame::$variant(g) =>
                        <$ty as Game>::parse_action(g, text).map(AnyAction::$variant).map_err(AnyRefusal::$variant), )*
                }
            }

            /// Refuses early what no text could make legal (a finished game, a seat that may
            /// not act); the acting seat otherwise.
            ///
            /// # Errors
            /// The game's `game-over` or `not-your-turn` refusal.
            pub fn check_turn(&self, seat: Option<Seat>) -> Result<Seat, AnyRefusal> {
                match self {
                    $( $(#[$attr])* AnyGame::$variant(g) =>
                        <$ty as Game>::check_turn(g, seat).map_err(AnyRefusal::$variant), )*
                }
            }

            /// Reads an action as a player may type it in chat (forgiving where the
            /// notation is strict), as the one legal action it can mean.
            ///
            /// # Errors
            /// The game's refusal: unreadable, or ambiguous or illegal here.
            pub fn read_chat(&self, text: &str) -> Result<AnyAction, AnyRefusal> {
                match self {
                    $( $(#[$attr])* AnyGame::$variant(g) =>
                        <$ty as Game>::read_chat(g, text).map(AnyAction::$variant).map_err(AnyRefusal::$variant), )*
                }
            }

            /// Plays `action` for `seat`.
            ///
            /// # Errors
            /// The refusal; `self` is unchanged.
            pub fn play(&self, seat: Seat, action: &AnyAction) -> Result<(AnyGame, Vec<AnyEvent>), AnyRefusal> {
                match (self, action) {
                    $( $(#[$attr])* (AnyGame::$variant(g), AnyAction::$variant(a)) => {
                        let (next, events) = <$ty as Game>::play(g, seat, a).map_err(AnyRefusal::$variant)?;
                        Ok((AnyGame::$variant(next), events.into_iter().map(AnyEvent::$variant).collect()))
                    } )*
                    #[allow(unreachable_patterns)]
                    _ => Err(AnyRefusal::OtherGame),
                }
            }

            /// Reads and plays an action's text (the engine's `apply`), refusing in the
            /// contract's order.
            ///
            /// # Errors
            /// The refusal; `self` is unchanged.
            #[allow(clippy::type_complexity)]
            pub fn apply(
                &self,
                seat: Option<Seat>,
                text: &str,
            ) -> Result<(AnyAction, AnyGame, Vec<AnyEvent>), AnyRefusal> {
                match self {
                    $( $(#[$attr])* AnyGame::$variant(g) => {
                        let (a, next, events) = <$ty as Game>::apply(g, seat, text).map_err(AnyRefusal::$variant)?;
                        Ok((
                            AnyAction::$variant(a),
                            AnyGame::$variant(next),
                            events.into_iter().map(AnyEvent::$variant).collect(),
                        ))
                    } )*
                }
            }

            /// The result once over.
            pub fn outcome(&self) -> Option<Outcome> {
                match self { $( $(#[$attr])* AnyGame::$variant(g) => <$ty as Game>::outcome(g), )* }
            }

            /// Whether the game is over.
            pub fn is_over(&self) -> bool {
                match self { $( $(#[$attr])* AnyGame::$variant(g) => <$ty as Game>::is_over(g), )* }
            }

            /// The action computer player `policy` plays now (deterministic from `seed`).
            pub fn choose(&self, policy: &str, seed: &str) -> Option<AnyAction> {
                match self {
                    $( $(#[$attr])* AnyGame::$variant(g) =>
                        <$ty as Game>::choose(g, policy, seed).map(AnyAction::$variant), )*
                }
            }

            /// Whether some audience may, now, see less than the whole position.
            pub fn has_secrets(&self) -> bool {
                match self { $( $(#[$attr])* AnyGame::$variant(g) => <$ty as Game>::has_secrets(g), )* }
            }

            /// What `audience` may see of the position.
            pub fn view(&self, audience: Audience) -> AnyView {
                match self {
                    $( $(#[$attr])* AnyGame::$variant(g) => AnyView {
                        audience,
                        game: AnyGame::$variant(<$ty as Game>::view(g, audience).into_position()),
                    }, )*
                }
            }

            /// The events of the action that led from `self` to `next`, as `audience` may
            /// learn them.
            pub fn mask_events(&self, next: &AnyGame, audience: Audience, events: &[AnyEvent]) -> Vec<AnyEvent> {
                match (self, next) {
                    $( $(#[$attr])* (AnyGame::$variant(g), AnyGame::$variant(n)) => {
                        let own: Vec<<$ty as Game>::Event> = events
                            .iter()
                            .filter_map(|e| <$ty as Member>::event(e).cloned())
                            .collect();
                        <$ty as Game>::mask_events(g, n, audience, &own)
                            .into_iter()
                            .map(AnyEvent::$variant)
                            .collect()
                    } )*
                    #[allow(unreachable_patterns)]
                    _ => Vec::new(),
                }
            }

            /// Reads the document of a view of the game of `kind` (its `"view"` field taken
            /// out and given as `audience`).
            ///
            /// # Errors
            /// [`PositionError`] lists every problem.
            pub fn view_from_value_of(kind: GameKind, value: Value, audience: Audience) -> Result<AnyView, PositionError> {
                match kind {
                    $( $(#[$attr])* GameKind::$variant =>
                        <$ty as Game>::from_view_value(value, audience).map(|v| AnyView {
                            audience,
                            game: AnyGame::$variant(v.into_position()),
                        }), )*
                }
            }

            /// Reads a position of the game of `kind` in its notation.
            ///
            /// # Errors
            /// [`PositionError`] lists every problem.
            pub fn from_value_of(kind: GameKind, value: Value) -> Result<AnyGame, PositionError> {
                match kind {
                    $( $(#[$attr])* GameKind::$variant =>
                        <$ty as Game>::from_value(value).map(AnyGame::$variant), )*
                }
            }
        }

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

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl GameKind {
    /// Reads a game id as players type it (any case; `gatos_caes`, `gatoscaes` and
    /// `avanço` are read as `gatos-caes` and `avanco`).
    pub fn from_id(text: &str) -> Option<GameKind> {
        let key = |s: &str| -> String {
            s.trim()
                .to_lowercase()
                .replace('ç', "c")
                .replace(['ã', 'á'], "a")
                .replace('õ', "o")
                .chars()
                .filter(|c| c.is_ascii_alphanumeric())
                .collect()
        };
        let want = key(text);
        GameKind::ALL.iter().copied().find(|k| key(k.id()) == want)
    }

    /// The game a position's `format` names (`avanco-position/1` → Avanço), whatever its
    /// version; a position without `format` is Labscape's (its notation made the field
    /// optional).
    pub fn of_position(value: &Value) -> Result<GameKind, PositionError> {
        match value.get("format") {
            None | Some(Value::Null) => Ok(GameKind::Labscape),
            Some(Value::Str(f)) => f
                .split_once("-position/")
                .and_then(|(id, _)| GameKind::ALL.iter().copied().find(|k| k.id() == id))
                .ok_or_else(|| PositionError {
                    problems: vec![format!(
                        "format “{f}” is not a position of any game here (known: {})",
                        GameKind::ALL
                            .iter()
                            .map(|k| format!("{}-position/1", k.id()))
                            .collect::<Vec<_>>()
                            .join(", ")
                    )],
                }),
            Some(other) => Err(PositionError {
                problems: vec![format!("format must be a string, not {}", other.kind())],
            }),
        }
    }
}

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
