//! What every game the bot can run provides, so the store, the service and the chat
//! adapters can host a second game as one more module.

/// A turn-based game with seats, legal actions and typed events.
pub trait Game: Clone + Sized {
    /// An action in the game's public notation.
    type Action: Clone + std::fmt::Display;
    /// What an action produced.
    type Event;
    /// Why an action was refused.
    type Error: std::error::Error;

    /// The seat whose turn it is, or `None` once the game is over.
    fn to_move(&self) -> Option<u8>;
    /// Every legal action for the seat to move.
    fn legal(&self) -> Vec<Self::Action>;
    /// Plays an action for `seat`; on error the game is unchanged.
    ///
    /// # Errors
    /// The game's own error when the action is refused.
    fn apply(&mut self, seat: u8, action: &Self::Action) -> Result<Vec<Self::Event>, Self::Error>;
    /// Whether the game is over.
    fn over(&self) -> bool;
}

impl Game for crate::labscape::Position {
    type Action = crate::labscape::Action;
    type Event = crate::labscape::Event;
    type Error = crate::labscape::ActionError;

    fn to_move(&self) -> Option<u8> {
        self.active().map(|s| s.0)
    }
    fn legal(&self) -> Vec<Self::Action> {
        self.legal_actions()
    }
    fn apply(&mut self, seat: u8, action: &Self::Action) -> Result<Vec<Self::Event>, Self::Error> {
        self.play(Some(crate::labscape::Seat(seat)), action)
    }
    fn over(&self) -> bool {
        self.is_over()
    }
}
