//! The image of a two-player board game (Semáforo, Gatos & Cães, Rastros, Avanço): a
//! game-neutral [`BoardView`] the bot fills from a position — the squares and what stands
//! on them, the last move, the home squares, the players and whose turn it is, the counters,
//! the result — drawn with the same canvas, font, palette and PNG encoder as Labscape's
//! image, so every game looks like one family.
//!
//! Text comes already worded in the reader's language: the renderer knows no game.
//!
//! The rooms: `card.rs` the card every board image is drawn on (header, footer,
//! coordinates) and the `Sheet` an image is laid out as (drawn whole, or in two bands on two
//! threads for the PNG), `square.rs` a square board, `hex.rs` Produto's hexagon, `pitch/` a
//! football pitch, `pieces.rs` the pieces, `palette.rs` the colours, `gif.rs` the replay
//! (each frame drawn only in the rows that changed, as `draw/damage.rs` finds them).

mod card;
mod gif;
mod hex;
mod palette;
mod pieces;
mod pitch;
mod square;

pub use card::texts_outside_card;
pub use gif::{BoardFrame, render_board_gif};
pub use hex::{HexView, render_hex_png};
pub use pitch::{Ground, PitchView, render_pitch_png};
pub use square::{BoardView, Edge, Mark, Surface, render_board_png};

/// Output width when none is asked for: a phone's screen, crisp.
pub const BOARD_WIDTH: u32 = 720;
const DESIGN_W: f32 = 720.0;
const MARGIN: f32 = 24.0;
const HEADER_H: f32 = 112.0;
const LABEL: f32 = 26.0;
const FOOTER_H: f32 = 56.0;

/// How a piece looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece {
    /// A white stone.
    White,
    /// A black stone.
    Black,
    /// A green light.
    Green,
    /// A yellow light.
    Yellow,
    /// A red light.
    Red,
    /// A cat (a dark face with pointed ears).
    Cat,
    /// A dog (a light face with round ears).
    Dog,
    /// The shared runner (Rastros' white piece): a ring with a dot.
    Runner,
    /// A blocked square (Rastros' black piece): a dark filled square.
    Block,
    /// A football (Soccolot's and SAGES' ball): white with a black pentagon, a little
    /// smaller than a man.
    Ball,
}

/// One side of the game, as its header shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Side {
    /// The player's name.
    pub name: String,
    /// Their piece, as a swatch (`None`: no swatch, e.g. a shared piece).
    pub piece: Option<Piece>,
    /// A word under the name ("Cats", "home a1").
    pub note: String,
}
