//! The turn images: pure functions from a view of a game to PNG bytes — Labscape's
//! (`labscape/`) and the board games' (`board/`), drawn with the shared tools of
//! `draw/`. What follows is about Labscape's.
//!
//! One image tells the state of the game at a glance, on a phone as well as on a desktop:
//! the floor in play (walls, items, exit, robot, players and the last turn drawn over it),
//! every floor of the building as a column of small maps, the time board (squares 1–63,
//! robot triggers, limit, dawn, every player's marker in stack order), and a player table.
//! Draft setup and the end of the game get their own variants of the same image, driven by
//! the position's phase; [`render_lobby_png`] draws the lobby before a game exists.
//! Labels are in the view's language ([`View::lang`]: English or Brazilian Portuguese);
//! game notation (cells, walls, dice, numbers) is the same in every language.
//!
//! Rendering is deterministic and does no I/O: the font is embedded, drawing uses
//! tiny-skia, and the output is an indexed-colour PNG (see `shared/notes/rendering.md`).
//! It takes a few milliseconds; call it from `spawn_blocking` in async code.
//!
//! ```
//! use labscape_core::labscape::{Layout, Position, Settings, SetupMode};
//! use labscape_render::{View, render_png};
//! let settings = Settings {
//!     layout: Layout::parse("single").unwrap(),
//!     difficulty: Default::default(),
//!     setup: SetupMode::Random,
//!     players: vec!["ana".into(), "bo".into()],
//! };
//! let (pos, events) = Position::new_game(&settings, "seed").unwrap();
//! let png = render_png(&View::new(&pos).events(&events).title("Friday game"), None);
//! assert_eq!(&png[1..4], b"PNG");
//! ```

#![warn(missing_docs)]

// The test fixtures shared with the integration tests name this crate.
#[cfg(test)]
extern crate self as labscape_render;

mod board;
mod draw;
mod i18n;
mod labscape;

pub use labscape_core::Lang;

pub use board::{
    BOARD_WIDTH, BoardFrame, BoardView, Edge, HexView, Mark, Piece, Side, Surface,
    render_board_gif, render_board_png, render_hex_png, texts_outside_card,
};
pub use board::{Ground, PitchView, render_pitch_png};
pub use draw::gif::{
    FRAME_DELAY_CS, LAST_FRAME_DELAY_CS, MAX_REPLAY_BYTES, MIN_REPLAY_WIDTH, REPLAY_WIDTH, Replay,
};
pub use labscape::{
    View, forget_images,
    lobby::{Lobby, render_lobby_png},
    output_width, render_png,
};

/// Output width when none is asked for, in pixels.
pub const DEFAULT_WIDTH: u32 = 1200;
/// Narrowest output: the design width, where the smallest text is 15 px.
pub const MIN_WIDTH: u32 = 1200;
/// Widest output.
pub const MAX_WIDTH: u32 = 1600;
/// Player names are cut to this many characters before drawing.
pub const MAX_NAME_CHARS: usize = 20;
/// Titles are cut to this many characters before drawing.
pub const MAX_TITLE_CHARS: usize = 48;
/// Notes under a player's name are cut to this many characters before drawing.
pub const MAX_NOTE_CHARS: usize = 40;
