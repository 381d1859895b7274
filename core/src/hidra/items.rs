//! What lies on the chambers, in the hands and in the bank (§2.2, §2.3), the adventurers
//! (§2.4), the numbers the rules tune (§13), and [`Secret`]: a name a view may not show.

use std::fmt;

use serde::{Serialize, Serializer};

use super::board::Cell;

/// The prices and odds of §13, as data.
pub mod tuning {
    /// AP a turn starts with.
    pub const AP: u8 = 4;
    /// AP with the Chalice of Time.
    pub const AP_CHALICE: u8 = 5;
    /// `provoke` (the Warden: [`PROVOKE_WARDEN`]).
    pub const PROVOKE: u8 = 4;
    /// The Warden's `provoke`.
    pub const PROVOKE_WARDEN: u8 = 3;
    /// `dig`.
    pub const DIG: u8 = 4;
    /// `ghost`.
    pub const GHOST: u8 = 2;
    /// `move`.
    pub const MOVE: u8 = 1;
    /// What `dodge` or `blade` adds to a step onto the Hydra's tile.
    pub const HYDRA_EXTRA: u8 = 1;
    /// `weave`.
    pub const WEAVE: u8 = 2;
    /// `steal`.
    pub const STEAL: u8 = 2;
    /// `explore`, `use …`.
    pub const EXPLORE: u8 = 1;
    /// `use …`.
    pub const USE: u8 = 1;
    /// The lowest die that dodges (the Warden: [`DODGE_WARDEN`]).
    pub const DODGE: u8 = 5;
    /// The Warden's lowest dodging die.
    pub const DODGE_WARDEN: u8 = 4;
    /// Every adventurer's fight bonus on 2d6.
    pub const FIGHT_BONUS: u8 = 2;
    /// The Hydra's defence (scaled: plus the artifacts held).
    pub const DEFENCE: u8 = 10;
    /// The Mud Pit's penalty.
    pub const MUD: u8 = 2;
    /// A failed theft's penalty; a lost fight with nothing to drop.
    pub const SMALL_PENALTY: u8 = 1;
    /// Artifacts needed at the Portal; fewer left in the game ends it.
    pub const TO_WIN: usize = 3;
}

macro_rules! named {
    ($(#[$doc:meta])* $name:ident { $($(#[$vdoc:meta])* $v:ident = $id:literal),* $(,)? }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name { $($(#[$vdoc])* $v),* }

        impl $name {
            /// Every one, in the rules' order.
            pub const ALL: &'static [$name] = &[$($name::$v),*];

            /// Its id in the notation.
            pub fn id(self) -> &'static str {
                match self { $($name::$v => $id),* }
            }

            /// Reads an id (any case).
            pub fn parse(s: &str) -> Option<$name> {
                let s = s.to_ascii_lowercase();
                match s.as_str() { $($id => Some($name::$v),)* _ => None }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.id())
            }
        }

        impl Serialize for $name {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.id())
            }
        }
    };
}

named!(
    /// The five hazards (§2.2, \[D19\]); three lie in a game.
    Hazard {
        /// Mud Pit: 2 AP fewer next turn.
        Mud = "mud",
        /// Bat Nest: a random artifact goes to the bottom of the bank.
        Bats = "bats",
        /// Toxic Draft: blown back onto the Entry.
        Draft = "draft",
        /// Collapsing Pillars: the next turn is lost.
        Pillars = "pillars",
        /// Singing Stalactites: the Hydra screams on its own after the adventurer.
        Stalactites = "stalactites",
    }
);

named!(
    /// The ten artifacts (§2.3, \[D20\]).
    Artifact {
        /// Gem of Vision (use): see every face-down token.
        Gem = "gem",
        /// Threshold Blade (spent on a step onto the Hydra): the fight is won.
        Blade = "blade",
        /// Echo Amulet (keep): a failed test rolled again, once a turn.
        Echo = "echo",
        /// Chalice of Time (keep): 5 AP a turn.
        Chalice = "chalice",
        /// Crown of Escape (keep): walls never block the step onto the Portal.
        Crown = "crown",
        /// Bell of Calm (use): the next Scream does not happen.
        Bell = "bell",
        /// Shadow Lamp (keep): a thief's roll against you counts 1 less.
        Lamp = "lamp",
        /// Gravity Ring (use): a line pinned until your next turn.
        Ring = "ring",
        /// Spectre Map (keep): `ghost`, a step through walls.
        Map = "map",
        /// Mask of Chaos (use): swap places with another adventurer.
        Mask = "mask",
    }
);

named!(
    /// The four adventurers (§2.4, \[D21\]).
    Hero {
        /// Drill Master: `dig`.
        Digger = "digger",
        /// Map Weaver: `weave`.
        Weaver = "weaver",
        /// Shadow Rogue: wins theft ties, steals through an open passage.
        Rogue = "rogue",
        /// Warden of Light: hazards' effects spare her; dodges on 4–6; `provoke` for 3.
        Warden = "warden",
    }
);

impl Artifact {
    /// Whether it has a `use` form (`use gem`, `use bell`, `use ring L`, `use mask N`).
    pub fn usable(self) -> bool {
        matches!(
            self,
            Artifact::Gem | Artifact::Bell | Artifact::Ring | Artifact::Mask
        )
    }
}

impl Hero {
    /// Whether the hazard's effect passes her by (the Warden; the Stalactites still wake
    /// the Hydra).
    pub fn immune_to(self, hazard: Hazard) -> bool {
        self == Hero::Warden && hazard != Hazard::Stalactites
    }

    /// `provoke`'s price.
    pub fn provoke_cost(self) -> u8 {
        if self == Hero::Warden {
            tuning::PROVOKE_WARDEN
        } else {
            tuning::PROVOKE
        }
    }

    /// The lowest die that dodges.
    pub fn dodge_from(self) -> u8 {
        if self == Hero::Warden {
            tuning::DODGE_WARDEN
        } else {
            tuning::DODGE
        }
    }
}

/// A token's name: a hazard or an artifact (face down they look alike, \[D4\]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TokenName {
    /// A hazard.
    Hazard(Hazard),
    /// An artifact.
    Artifact(Artifact),
}

impl TokenName {
    /// Reads a hazard or artifact id.
    pub fn parse(s: &str) -> Option<TokenName> {
        Hazard::parse(s)
            .map(TokenName::Hazard)
            .or_else(|| Artifact::parse(s).map(TokenName::Artifact))
    }

    /// Every token name: the hazards, then the artifacts.
    pub fn all() -> impl Iterator<Item = TokenName> {
        let hazards = Hazard::ALL.iter().map(|h| TokenName::Hazard(*h));
        hazards.chain(Artifact::ALL.iter().map(|a| TokenName::Artifact(*a)))
    }

    /// The id.
    pub fn id(self) -> &'static str {
        match self {
            TokenName::Hazard(h) => h.id(),
            TokenName::Artifact(a) => a.id(),
        }
    }
}

impl fmt::Display for TokenName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl Serialize for TokenName {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

/// A name that one reader may know and another not: `?` in a view (§9). The whole position
/// holds only [`Secret::Known`] values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Secret<T> {
    /// The name.
    Known(T),
    /// Masked: written `?`.
    Hidden,
}

impl<T: Copy> Secret<T> {
    /// The name, if known.
    pub fn known(self) -> Option<T> {
        match self {
            Secret::Known(t) => Some(t),
            Secret::Hidden => None,
        }
    }
}

impl<T: PartialEq> Secret<T> {
    /// Whether this is `t`, known.
    pub fn is(&self, t: T) -> bool {
        matches!(self, Secret::Known(k) if *k == t)
    }
}

impl<T: Serialize> Serialize for Secret<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Secret::Known(t) => t.serialize(s),
            Secret::Hidden => s.serialize_str("?"),
        }
    }
}

impl<T: fmt::Display> fmt::Display for Secret<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Secret::Known(t) => t.fmt(f),
            Secret::Hidden => f.write_str("?"),
        }
    }
}

/// How a token lies: face down, its name perhaps masked, or face up for all to see.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Face {
    /// Face down.
    Down(Secret<TokenName>),
    /// Face up.
    Up(TokenName),
}

/// A token on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Token {
    /// Where it lies.
    pub cell: Cell,
    /// How.
    pub face: Face,
}

impl Token {
    /// Its name, if this reader knows it.
    pub fn name(&self) -> Option<TokenName> {
        match self.face {
            Face::Down(s) => s.known(),
            Face::Up(n) => Some(n),
        }
    }

    /// Whether it lies face down.
    pub fn is_down(&self) -> bool {
        matches!(self.face, Face::Down(_))
    }

    /// The hazard, if it is one (as far as this reader knows).
    pub fn hazard(&self) -> Option<Hazard> {
        match self.name() {
            Some(TokenName::Hazard(h)) => Some(h),
            _ => None,
        }
    }

    /// The artifact, if it is one (as far as this reader knows).
    pub fn artifact(&self) -> Option<Artifact> {
        match self.name() {
            Some(TokenName::Artifact(a)) => Some(a),
            _ => None,
        }
    }
}
