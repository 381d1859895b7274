//! What one reader may see of a position: a seat, or the public.
//!
//! Some games have secrets (Skarb Labiryntu without the map: the seeker sees only the
//! squares near him; Labirinto da Hidra: face-down tokens, hands, the bank). The store
//! always keeps the whole position; everything a person, a post or a computer player reads
//! is made from a [`View`] of it, the way boardgame.io's `playerView` works. A game without
//! secrets returns the position itself as every view.
//!
//! A [`View`] is made only by [`crate::Game::view`], and a computer player decides from one
//! ([`crate::Game::decide`]): a policy cannot be handed the whole position by mistake.

use std::{fmt, ops::Deref, str::FromStr};

use serde::{Serialize, Serializer};

use crate::game::Seat;

/// Who reads: one seat, or everyone (the group, spectators, anything posted where every
/// player can read it: never more than the player who may see the least).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Audience {
    /// One seat.
    Seat(Seat),
    /// The public.
    Public,
}

impl Audience {
    /// The seat, if this is one.
    pub fn seat(self) -> Option<Seat> {
        match self {
            Audience::Seat(s) => Some(s),
            Audience::Public => None,
        }
    }
}

impl fmt::Display for Audience {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Audience::Seat(s) => write!(f, "{s}"),
            Audience::Public => f.write_str("public"),
        }
    }
}

/// Why a text names no audience.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("“{0}” is neither a seat number nor “public”")]
pub struct AudienceError(pub String);

impl FromStr for Audience {
    type Err = AudienceError;

    /// `0`, `1`, … or `public` (any case).
    fn from_str(s: &str) -> Result<Audience, AudienceError> {
        let t = s.trim();
        if t.eq_ignore_ascii_case("public") {
            return Ok(Audience::Public);
        }
        t.parse::<u8>()
            .map(|n| Audience::Seat(Seat(n)))
            .map_err(|_| AudienceError(s.to_string()))
    }
}

impl Serialize for Audience {
    /// A seat as its number, the public as `"public"` (the notation's `"view"` field).
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Audience::Seat(seat) => s.serialize_u8(seat.0),
            Audience::Public => s.serialize_str("public"),
        }
    }
}

/// A position as one audience may see it: what it may not see is masked (written `?` in
/// the notation). Made only by [`crate::Game::view`] (or read back from a view's document
/// by [`crate::Game::from_view_value`]); it dereferences to the masked position, which
/// draws and lists actions like any other.
#[derive(Clone, Debug)]
pub struct View<G> {
    audience: Audience,
    position: G,
}

impl<G> View<G> {
    /// Wraps a masked position: only a game's own `view` and `from_view_value` call this.
    pub(crate) fn masked(audience: Audience, position: G) -> View<G> {
        View { audience, position }
    }

    /// Who this view is for.
    pub fn audience(&self) -> Audience {
        self.audience
    }

    /// The masked position.
    pub fn position(&self) -> &G {
        &self.position
    }

    /// The masked position, owned.
    pub fn into_position(self) -> G {
        self.position
    }
}

impl<G> Deref for View<G> {
    type Target = G;

    fn deref(&self) -> &G {
        &self.position
    }
}

/// A view's document: the position's notation plus `"view": N` or `"view": "public"`.
#[derive(Debug, Serialize)]
pub struct ViewDoc<D> {
    /// The masked position's document.
    #[serde(flatten)]
    pub doc: D,
    /// Whose view it is.
    pub view: Audience,
}
