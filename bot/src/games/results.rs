//! How each seat finished a game, as the game says it: what the service writes with the
//! turn that ends the game.

use crate::store::LabscapeTally;

/// One seat's placing at the end of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    /// The seat.
    pub seat: u8,
    /// 1 for the best; equal finishes share a rank.
    pub rank: u8,
    /// How it finished, as the game words it (`won`, `escaped`, …).
    pub finish: String,
    /// Labscape's own counts.
    pub tally: Option<LabscapeTally>,
}
