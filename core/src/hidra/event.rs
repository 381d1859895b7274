//! What happened (§11.2), in the order it happened. An event with a secret part names the
//! seats that may know it (`only`); a view masks it for the others ([`super::view`]).

use serde::Serialize;

use super::{
    board::{Cell, Dir, Line, Rot},
    items::{Artifact, Hazard, Secret, TokenName},
};
use crate::game::Seat;

/// How an adventurer came to a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MovedBy {
    /// A `move` (or the step off after a won fight).
    Move,
    /// A `ghost` step.
    Ghost,
    /// A `dig`.
    Dig,
    /// The Hydra's push after a lost fight.
    Push,
    /// The Toxic Draft.
    Draft,
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum EndReason {
    /// Someone stepped onto the Portal holding 3 artifacts.
    Portal,
    /// Fewer than 3 artifacts are left in the game.
    TooFewArtifacts,
    /// The last round was played.
    RoundLimit,
}

impl EndReason {
    /// The notation's word.
    pub fn word(self) -> &'static str {
        match self {
            EndReason::Portal => "portal",
            EndReason::TooFewArtifacts => "too-few-artifacts",
            EndReason::RoundLimit => "round-limit",
        }
    }

    /// Reads the notation's word.
    pub fn parse(s: &str) -> Option<EndReason> {
        [
            EndReason::Portal,
            EndReason::TooFewArtifacts,
            EndReason::RoundLimit,
        ]
        .into_iter()
        .find(|r| r.word() == s)
    }
}

/// One token the Gem shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Sighted {
    /// Where.
    pub cell: Cell,
    /// What.
    pub name: Secret<TokenName>,
}

/// An event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Event {
    /// A turn starts (after the refill; `ap` after a pickup's 1).
    Turn {
        /// Whose.
        seat: Seat,
        /// The round.
        round: u8,
        /// AP.
        ap: u8,
    },
    /// The bank refills a chamber.
    Refilled {
        /// Where.
        cell: Cell,
        /// What (secret from everyone).
        artifact: Secret<Artifact>,
        /// Who may know: nobody.
        only: Vec<Seat>,
    },
    /// A pin ends.
    Unpinned {
        /// The line.
        line: Line,
    },
    /// An adventurer changed cells.
    Moved {
        /// Who.
        seat: Seat,
        /// From.
        from: Cell,
        /// To.
        to: Cell,
        /// How.
        by: MovedBy,
    },
    /// Artifacts collected.
    Collected {
        /// Who.
        seat: Seat,
        /// Where.
        cell: Cell,
        /// What.
        artifacts: Vec<Secret<Artifact>>,
        /// Who may know (absent when they lay face up).
        #[serde(skip_serializing_if = "Option::is_none")]
        only: Option<Vec<Seat>>,
    },
    /// A token explored.
    Explored {
        /// Who.
        seat: Seat,
        /// Where.
        cell: Cell,
        /// What.
        token: Secret<TokenName>,
        /// Who may know.
        only: Vec<Seat>,
    },
    /// A hazard springs.
    Hazard {
        /// On whom.
        seat: Seat,
        /// Where.
        cell: Cell,
        /// Which.
        hazard: Hazard,
        /// The Warden: its effect passes her by.
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        immune: bool,
    },
    /// The bats take an artifact to the bank.
    Snatched {
        /// From whom.
        seat: Seat,
        /// What.
        artifact: Secret<Artifact>,
        /// Who may know.
        only: Vec<Seat>,
    },
    /// A dodge.
    Dodge {
        /// Who.
        seat: Seat,
        /// The die.
        roll: u8,
        /// Whether it slipped past.
        success: bool,
    },
    /// A fight (the Blade: no dice).
    Combat {
        /// Who.
        seat: Seat,
        /// The dice.
        roll: Option<[u8; 2]>,
        /// Dice + 2.
        total: Option<u8>,
        /// The Hydra's defence.
        defence: Option<u8>,
        /// Whether won.
        won: bool,
    },
    /// An artifact lost after a fight.
    Dropped {
        /// Who.
        seat: Seat,
        /// Where it lies (the Hydra's tile).
        cell: Cell,
        /// What.
        artifact: Artifact,
    },
    /// A theft's dice.
    Theft {
        /// The thief.
        seat: Seat,
        /// The victim.
        victim: Seat,
        /// Thief's die, victim's die.
        roll: [u8; 2],
        /// Whether it worked.
        success: bool,
    },
    /// What a theft took.
    Stolen {
        /// The thief.
        seat: Seat,
        /// The victim.
        victim: Seat,
        /// What.
        artifact: Secret<Artifact>,
        /// Who may know.
        only: Vec<Seat>,
    },
    /// An artifact used up.
    Used {
        /// Who.
        seat: Seat,
        /// What.
        artifact: Artifact,
    },
    /// The Gem shows every face-down token.
    Vision {
        /// Who.
        seat: Seat,
        /// The tokens, in cell order.
        tokens: Vec<Sighted>,
        /// Who may know.
        only: Vec<Seat>,
    },
    /// A line pinned.
    Pinned {
        /// By whom.
        seat: Seat,
        /// Which.
        line: Line,
    },
    /// The Mask.
    Swapped {
        /// Who used it.
        seat: Seat,
        /// With whom.
        other: Seat,
        /// The new cells of `seat` and `other`.
        cells: [Cell; 2],
    },
    /// `weave`.
    Woven {
        /// Who.
        seat: Seat,
        /// Which tile.
        cell: Cell,
        /// By how much.
        rot: Rot,
    },
    /// `provoke`.
    Provoked {
        /// Who.
        seat: Seat,
    },
    /// A Scream's slide.
    Scream {
        /// Whose (`null`: the Hydra's own).
        by: Option<Seat>,
        /// The line.
        line: Line,
        /// The end whose tile left.
        dir: Dir,
        /// How the tile came back turned.
        rot: Rot,
        /// The cell the tile left.
        removed: Cell,
        /// Where it came back.
        inserted: Cell,
    },
    /// A Scream cancelled by calm.
    Calmed {
        /// Whose Scream it was (`null`: the Hydra's).
        by: Option<Seat>,
    },
    /// A turn ends.
    Ended {
        /// Whose.
        seat: Seat,
    },
    /// The game ends.
    GameOver {
        /// Who won, if anyone.
        winner: Option<Seat>,
        /// Why.
        reason: EndReason,
    },
}

impl Serialize for Dir {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}
