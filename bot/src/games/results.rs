//! How each seat finished a game, as the game says it: what the service writes with the
//! turn that ends the game.

/// One seat's placing at the end of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    /// The seat.
    pub seat: u8,
    /// 1 for the best; equal finishes share a rank.
    pub rank: u8,
    /// How it finished, as the game words it (`won`, `escaped`, …).
    pub finish: String,
    /// The game's own figures for records (Labscape's food, time, catches), in a form
    /// only the game reads: the store keeps the text and never interprets it.
    pub extra: Option<String>,
}

/// One finished game of a person, as records and leaderboards read it back (oldest first),
/// for the game's module to count and word.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PastFinish {
    /// Platform user id.
    pub user_id: String,
    /// The name they last played under.
    pub name: String,
    /// 1 for the best; equal finishes share a rank.
    pub rank: u8,
    /// How it finished, as the game words it.
    pub finish: String,
    /// The game's own figures, as [`Placement::extra`] gave them.
    pub extra: Option<String>,
}
