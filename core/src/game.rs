//! The contract every game the bot runs fulfils, shaped like shakmaty's `Position`: what
//! the service, the store, the engine command line and the chat adapters need of a game,
//! and nothing about any one game.
//!
//! A game is a pure function of its settings, its players, its seed and its actions. Its
//! position is a value: [`Game::play`] returns the next position and what happened
//! ([`Game::Event`]s), or a [`Game::Refusal`] and leaves the position as it was. Everything
//! a game is stored as, typed in or printed as is text in its public notation: settings as
//! `KEY=VALUE` options, actions in their canonical form, positions as a versioned document
//! (`"format": "GAME-position/1"`).
//!
//! [`crate::AnyGame`] holds a position of any game; it is the one place that matches on
//! which game it is.

use std::{fmt, ops::RangeInclusive};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::{
    value::Value,
    view::{Audience, View},
};

/// A seat: the index of a player in seat order (seat 0 first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    /// As an index into the players.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Why a new game cannot start.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum NewGameError {
    /// Too few or too many players.
    #[error("a game needs {} players, not {got}", seat_count(.min, .max))]
    Players {
        /// Players given.
        got: usize,
        /// Fewest allowed.
        min: usize,
        /// Most allowed.
        max: usize,
    },
}

/// How many players a game needs, in words: "exactly 2", "2 to 4".
fn seat_count(min: &usize, max: &usize) -> String {
    if min == max {
        format!("exactly {min}")
    } else {
        format!("{min} to {max}")
    }
}

/// Every problem found in a position document.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    /// One sentence per problem.
    pub problems: Vec<String>,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the position is invalid: {}", self.problems.join("; "))
    }
}

impl std::error::Error for PositionError {}

/// Why a game's options (`KEY=VALUE`) cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SettingsError {
    /// An option the game does not have.
    #[error("“{key}” is not an option of this game{}", known_list(.known))]
    UnknownOption {
        /// The option's name as given.
        key: String,
        /// The options the game has.
        known: Vec<&'static str>,
    },
    /// An option given twice.
    #[error("the option “{0}” is given twice")]
    Repeated(String),
    /// An option's value the game cannot use.
    #[error("“{value}” is not a value of {key}: {problem}")]
    BadValue {
        /// The option.
        key: &'static str,
        /// The value as given.
        value: String,
        /// What is wrong or what is expected, in English.
        problem: String,
    },
    /// Text that is not `KEY=VALUE`.
    #[error("“{0}” is not an option: write KEY=VALUE")]
    NotAnOption(String),
}

fn known_list(known: &[&'static str]) -> String {
    if known.is_empty() {
        " (it has none)".into()
    } else {
        format!(" (it has {})", known.join(", "))
    }
}

/// Reads `KEY=VALUE` words (the store's settings text, the engine's `--option`s).
///
/// # Errors
/// [`SettingsError::NotAnOption`] for a word without `=`.
pub fn parse_options(text: &str) -> Result<Vec<(String, String)>, SettingsError> {
    text.split_whitespace()
        .map(|w| match w.split_once('=') {
            Some((k, v)) if !k.is_empty() => Ok((k.to_ascii_lowercase(), v.to_string())),
            _ => Err(SettingsError::NotAnOption(w.to_string())),
        })
        .collect()
}

/// Checks `options` against the keys a game knows: an unknown key or a repeated one is an
/// error. Games call it first in [`Game::settings`].
///
/// # Errors
/// [`SettingsError::UnknownOption`], [`SettingsError::Repeated`].
pub fn check_option_keys(
    options: &[(String, String)],
    known: &[&'static str],
) -> Result<(), SettingsError> {
    for (i, (k, _)) in options.iter().enumerate() {
        if !known.iter().any(|n| n == k) {
            return Err(SettingsError::UnknownOption {
                key: k.clone(),
                known: known.to_vec(),
            });
        }
        if options[..i].iter().any(|(o, _)| o == k) {
            return Err(SettingsError::Repeated(k.clone()));
        }
    }
    Ok(())
}

/// The value of option `key`, if given.
pub fn option<'a>(options: &'a [(String, String)], key: &str) -> Option<&'a str> {
    options
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
}

/// A refused action: a stable machine code for the command line (`game-over`,
/// `not-your-turn`, `unreadable`, `illegal`, or the game's own), and an English sentence
/// (its `Display`) for people and logs. The bot words it in the reader's language from the
/// typed value.
pub trait Refusal: std::error::Error + Clone + PartialEq + Send + Sync + 'static {
    /// The machine-readable code.
    fn code(&self) -> &'static str;
}

/// How one seat finished a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Placing {
    /// The seat.
    pub seat: Seat,
    /// 1 for the best; seats that did equally well share a rank.
    pub rank: u8,
    /// How they finished, as a word the game defines (`won`, `lost`, `escaped`, …); the
    /// bot words it for people.
    pub finish: &'static str,
}

/// The result of a finished game: every seat's placing, in seat order, and why it ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Outcome {
    /// Every seat, in seat order.
    pub placings: Vec<Placing>,
    /// Why the game ended.
    pub reason: Reason,
}

/// Why a game ended: a code that each front end words in its own language, the code's
/// arguments (each a word the front end also translates, like `white`, or a number), and
/// the sentence in English, which the engine prints. A reason read from a position document
/// that the game cannot recognise keeps the document's text and has no code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reason {
    code: Option<&'static str>,
    args: Vec<(&'static str, String)>,
    english: String,
}

impl Reason {
    /// A reason the game knows: `code` (unique within the game), its arguments, and the
    /// English sentence.
    pub fn new<const N: usize>(
        code: &'static str,
        args: [(&'static str, String); N],
        english: impl Into<String>,
    ) -> Reason {
        Reason {
            code: Some(code),
            args: args.into(),
            english: english.into(),
        }
    }

    /// A reason known only by its text (read from a document).
    pub fn text(english: impl Into<String>) -> Reason {
        Reason {
            code: None,
            args: Vec::new(),
            english: english.into(),
        }
    }

    /// The code, if the game knows this reason.
    pub fn code(&self) -> Option<&'static str> {
        self.code
    }

    /// The code's arguments, by name.
    pub fn args(&self) -> &[(&'static str, String)] {
        &self.args
    }

    /// The sentence in English.
    pub fn english(&self) -> &str {
        &self.english
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.english)
    }
}

impl Serialize for Reason {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.english)
    }
}

impl Outcome {
    /// A two-seat game won by `winner`.
    pub fn won_by(winner: Seat, reason: Reason) -> Outcome {
        Outcome {
            placings: [Seat(0), Seat(1)]
                .into_iter()
                .map(|seat| Placing {
                    seat,
                    rank: if seat == winner { 1 } else { 2 },
                    finish: if seat == winner { "won" } else { "lost" },
                })
                .collect(),
            reason,
        }
    }

    /// The seats that placed first.
    pub fn winners(&self) -> impl Iterator<Item = Seat> + '_ {
        self.placings.iter().filter(|p| p.rank == 1).map(|p| p.seat)
    }

    /// The single winner, if exactly one seat placed first.
    pub fn winner(&self) -> Option<Seat> {
        let mut w = self.winners();
        match (w.next(), w.next()) {
            (Some(s), None) => Some(s),
            _ => None,
        }
    }
}

/// A game: its settings, positions, actions, events and refusals, its notation and its
/// computer players. Implemented by each game's position type.
pub trait Game: Clone + fmt::Debug + Send + Sync + Sized + 'static {
    /// What a game is set up with (board size, variant, difficulty…), read from and written
    /// to `KEY=VALUE` options.
    type Settings: Clone + fmt::Debug + PartialEq + Send + Sync + 'static;
    /// An action, written in its canonical notation by `Display`.
    type Action: Clone + fmt::Debug + PartialEq + fmt::Display + Send + Sync + 'static;
    /// What an action produced (`{"kind": …}` objects in the notation).
    type Event: Clone + fmt::Debug + PartialEq + Serialize + Send + Sync + 'static;
    /// Why an action was refused.
    type Refusal: Refusal;
    /// The position document (the public notation), as written.
    type Doc: Serialize;

    /// The option keys [`Game::settings`] knows.
    const OPTIONS: &'static [&'static str];
    /// The computer players, weakest first, by name.
    const POLICIES: &'static [&'static str];
    /// The computer player a lobby gets when none is named.
    const DEFAULT_POLICY: &'static str;

    /// Settings from options (defaults for those not given).
    ///
    /// # Errors
    /// [`SettingsError`] for an unknown option or a value the game cannot use.
    fn settings(options: &[(String, String)]) -> Result<Self::Settings, SettingsError>;
    /// Every setting as an option, in a fixed order; [`Game::settings`] reads them back.
    fn options(settings: &Self::Settings) -> Vec<(&'static str, String)>;
    /// How many players these settings seat.
    fn seats(settings: &Self::Settings) -> RangeInclusive<usize>;
    /// A new game for `players` (names, in seat order), drawn from `seed` where the game
    /// uses chance, and what happened while setting it up.
    ///
    /// # Errors
    /// [`NewGameError`] when the number of players is out of [`Game::seats`].
    fn new_game(
        settings: &Self::Settings,
        players: &[String],
        seed: &str,
    ) -> Result<(Self, Vec<Self::Event>), NewGameError>;

    /// The seat to move, or `None` once the game is over.
    fn to_move(&self) -> Option<Seat>;
    /// Whether `seat` may act now (a game with simultaneous phases says more than
    /// [`Game::to_move`]).
    fn may_act(&self, seat: Seat) -> bool {
        self.to_move() == Some(seat)
    }
    /// The seats of the game.
    fn seat_count(&self) -> usize;
    /// Every legal action of the seat to move, in canonical form and without repeats;
    /// empty once the game is over.
    fn legal_actions(&self) -> Vec<Self::Action>;
    /// Reads an action in the public notation (any case, spaces around ignored).
    ///
    /// # Errors
    /// The game's refusal for text that is not an action (`unreadable`).
    fn parse_action(&self, text: &str) -> Result<Self::Action, Self::Refusal>;
    /// Reads an action as a player types it in chat, where the game may be more forgiving
    /// than its notation (`B2-C3` or `b2c3` for the capture `b2xc3`): the one legal action
    /// the text can mean. By default, the notation itself.
    ///
    /// # Errors
    /// The game's refusal: `unreadable`, or the game's own for text that fits no legal
    /// action or more than one.
    fn read_chat(&self, text: &str) -> Result<Self::Action, Self::Refusal> {
        self.parse_action(text)
    }
    /// Plays `action` for `seat`: the next position and what happened.
    ///
    /// # Errors
    /// The refusal, with `self` unchanged.
    fn play(
        &self,
        seat: Seat,
        action: &Self::Action,
    ) -> Result<(Self, Vec<Self::Event>), Self::Refusal>;
    /// Refuses early what no text could make legal: a finished game, or a seat that may not
    /// act. Returns the acting seat (`seat`, or the seat to move by default).
    ///
    /// # Errors
    /// The game's `game-over` or `not-your-turn` refusal.
    fn check_turn(&self, seat: Option<Seat>) -> Result<Seat, Self::Refusal>;
    /// Reads and plays an action's text: the engine's `apply`. The first problem wins, in
    /// the order of the contract: `game-over`, `not-your-turn`, `unreadable`, `illegal`.
    ///
    /// # Errors
    /// The refusal, with `self` unchanged.
    #[allow(clippy::type_complexity)]
    fn apply(
        &self,
        seat: Option<Seat>,
        text: &str,
    ) -> Result<(Self::Action, Self, Vec<Self::Event>), Self::Refusal> {
        let seat = self.check_turn(seat)?;
        let action = self.parse_action(text)?;
        let (next, events) = self.play(seat, &action)?;
        Ok((action, next, events))
    }

    /// The result once the game is over; `None` while it goes on.
    fn outcome(&self) -> Option<Outcome>;
    /// Whether the game is over.
    fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// The position in the public notation.
    fn to_doc(&self) -> Self::Doc;
    /// Reads a position in the public notation, checking every rule of it.
    ///
    /// # Errors
    /// [`PositionError`] lists every problem.
    fn from_value(value: Value) -> Result<Self, PositionError>;

    /// Whether some audience may, now, see less than the whole position (a game with
    /// secrets, in a variant and at a moment that has them). `false` by default.
    fn has_secrets(&self) -> bool {
        false
    }
    /// The position as `audience` may see it: what it may not see masked, as the game's
    /// rules file says (once the game is over, nothing is). By default, the position
    /// itself: a game without secrets shows everyone everything.
    fn mask(&self, audience: Audience) -> Self {
        let _ = audience;
        self.clone()
    }
    /// The events of the action that led from `self` to `next`, as `audience` may learn
    /// them (an action masked whole is the game's one `hidden` event). By default, all.
    fn mask_events(
        &self,
        next: &Self,
        audience: Audience,
        events: &[Self::Event],
    ) -> Vec<Self::Event> {
        let _ = (next, audience);
        events.to_vec()
    }
    /// What `audience` may see of the position: the only way to make a [`View`].
    fn view(&self, audience: Audience) -> View<Self> {
        View::masked(audience, self.mask(audience))
    }
    /// Reads the document of `audience`'s view (its `"view"` field already taken out),
    /// allowing `?` where the game masks. By default, a position like any other.
    ///
    /// # Errors
    /// [`PositionError`] lists every problem.
    fn from_view_value(value: Value, audience: Audience) -> Result<View<Self>, PositionError> {
        Self::from_value(value).map(|p| View::masked(audience, p))
    }

    /// The action computer player `policy` (one of [`Game::POLICIES`]) plays now for the
    /// seat whose view it is given, chosen deterministically from `seed`; `None` once the
    /// game is over or for an unknown policy. It sees what that seat sees, and no more.
    fn decide(view: &View<Self>, policy: &str, seed: &str) -> Option<Self::Action>;
    /// The action computer player `policy` plays now for the seat to move, decided from
    /// that seat's view.
    fn choose(&self, policy: &str, seed: &str) -> Option<Self::Action> {
        let seat = self.to_move()?;
        Self::decide(&self.view(Audience::Seat(seat)), policy, seed)
    }
    /// A policy's canonical name, if the game has it (any case).
    fn policy(name: &str) -> Option<String> {
        let name = name.trim();
        Self::POLICIES
            .iter()
            .find(|p| p.eq_ignore_ascii_case(name))
            .map(|p| (*p).to_string())
    }
}

/// A generator for a computer player, seeded from text (the game's seed, the turn).
pub fn policy_rng(seed: &str) -> rand_chacha::ChaCha8Rng {
    use rand_core::SeedableRng;
    use sha2::Digest;
    let digest = sha2::Sha256::digest(seed.as_bytes());
    rand_chacha::ChaCha8Rng::from_seed(digest.into())
}
