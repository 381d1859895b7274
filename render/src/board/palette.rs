//! The colours of the board images, and the palette entries their PNGs keep exact.

use crate::{draw::canvas::Rgba, draw::theme};

/// The palette entries every board image keeps exact.
pub(super) fn seed() -> Vec<u32> {
    let mut s = theme::seed();
    for c in [
        LIGHT_SQ, DARK_SQ, GREEN, YELLOW, RED, STONE_W, STONE_B, MARK,
    ] {
        s.push(rgb(c));
    }
    s
}

/// The palette entries a pitch keeps exact: the board's and the pitch's own.
pub(super) fn pitch_seed() -> Vec<u32> {
    let mut s = seed();
    for c in [GRASS, GRASS_STRIPE, TRACK, CHALK, NET, BALL_WAY] {
        s.push(rgb(c));
    }
    s
}

fn rgb(c: Rgba) -> u32 {
    u32::from(c.0) << 16 | u32::from(c.1) << 8 | u32::from(c.2)
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

// The pitch.
/// Grass, on the even ranks.
pub(super) const GRASS: Rgba = Rgba::hex(0x3F9B4B);
/// Grass mown the other way, on the odd ranks.
pub(super) const GRASS_STRIPE: Rgba = Rgba::hex(0x4BA857);
/// Out of play: the track round the grass.
pub(super) const TRACK: Rgba = Rgba::hex(0xC8B89A);
/// A goal's net.
pub(super) const NET: Rgba = Rgba::hex(0xDDE3E6);
/// The ball's way, and the goal just scored on.
pub(super) const BALL_WAY: Rgba = Rgba::hex(0xFFC928);
/// The lines on the grass.
pub(super) const CHALK: Rgba = Rgba::hex(0xF4F7F0);
