//! The shared drawing tools every game's image uses, so a new game draws with the same
//! look: the canvas (shapes, sprites, bands), text with the embedded font, the palette,
//! indexed PNG encoding and the replay GIF, and the memo tables behind them.

pub(crate) mod canvas;
pub(crate) mod damage;
pub(crate) mod encode;
pub(crate) mod gif;
pub(crate) mod lzw;
pub(crate) mod memo;
pub(crate) mod text;
pub(crate) mod theme;
pub(crate) mod wrap;
