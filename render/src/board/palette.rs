//! The colours of the board images, and the palette entries their PNGs keep exact.

use crate::{draw::canvas::Rgba, draw::theme};

/// The palette entries every board image keeps exact.
pub(super) fn seed() -> Vec<u32> {
    let mut s = theme::seed();
    for c in [
        LIGHT_SQ, DARK_SQ, GREEN, YELLOW, RED, STONE_W, STONE_B, MARK, GRASS_A, GRASS_B, CHALK,
    ] {
        s.push(u32::from(c.0) << 16 | u32::from(c.1) << 8 | u32::from(c.2));
    }
    s
}

pub(super) const LIGHT_SQ: Rgba = Rgba::hex(0xF3ECDD);
pub(super) const DARK_SQ: Rgba = Rgba::hex(0xDCCFB6);
pub(super) const GREEN: Rgba = Rgba::hex(0x2E9D57);
pub(super) const YELLOW: Rgba = Rgba::hex(0xE8B923);
pub(super) const RED: Rgba = Rgba::hex(0xD2412F);
pub(super) const STONE_W: Rgba = Rgba::hex(0xFAFAF7);
pub(super) const STONE_B: Rgba = Rgba::hex(0x262A33);
pub(super) const MARK: Rgba = Rgba::hex(0x3B7DD8);
pub(super) const FOG: Rgba = Rgba::hex(0x9BA3AE);
pub(super) const ORANGE: Rgba = Rgba::hex(0xF08A24);
pub(super) const GRASS_A: Rgba = Rgba::hex(0x4E9A3F);
pub(super) const GRASS_B: Rgba = Rgba::hex(0x5AAA4A);
pub(super) const CHALK: Rgba = Rgba::hex(0xF4F7F0);
