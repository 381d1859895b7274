//! A game's own study for `labscape simulate` (automated playtesting): what the command
//! line hands a game that measures itself ([`ChatGame::study`](super::ChatGame::study)),
//! so `simulate.rs` asks `games::of(kind)` and names no game. A game without a study of
//! its own is played two computer players against each other (`simulate/versus.rs`).

/// The options of `labscape simulate` that a game's study reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StudyOptions {
    /// Players at the table; `None`: every count the study measures.
    pub players: Option<usize>,
    /// Games to play for each table (`None`: the study's own default).
    pub games: Option<usize>,
    /// The computer player in every seat.
    pub policy: String,
    /// The run's seed: every game's seed is derived from it, so a run is reproducible.
    pub seed: String,
    /// One JSON document instead of text.
    pub json: bool,
}
