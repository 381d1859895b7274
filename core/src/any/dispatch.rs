//! [`AnyGame`]'s methods: each passes the call to the game the position is of, and wraps
//! its actions, events and refusals in the `Any` enums.

use super::{AnyAction, AnyEvent, AnyGame, AnyRefusal, AnyView, GameKind, Member, NewAnyError};
use crate::{
    game::{Game, Outcome, PositionError, Seat},
    value::Value,
    view::Audience,
};

macro_rules! dispatch {
    ($( $(#[$attr:meta])* $variant:ident => $ty:ty, $id:literal, $name:literal; )*) => {

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
    };
}

crate::for_each_game!(dispatch);
