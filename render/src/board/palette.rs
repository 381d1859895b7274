//! The colours of the board images, and the palette entries their PNGs keep exact.

use crate::{draw::canvas::Rgba, draw::theme};

/// The palette entries every board image keeps exact.
pub(super) fn seed() -> Vec<u32> {
    let mut s = theme::seed();
    for c in [
        LIGHT_SQ, DARK_SQ, GREEN, YELLOW, RED, STONE_W, STONE_B, MARK,
    ] {
        s.push(theme::seed_word(c));
    }
    s
}

/// The palette entries a pitch keeps exact: the board's and the pitch's own.
pub(super) fn pitch_seed() -> Vec<u32> {
    let mut s = seed();
    for c in [GRASS, GRASS_STRIPE, TRACK, CHALK, NET, BALL_WAY] {
        s.push(theme::seed_word(c));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::encode::word;

    /// Every colour a pitch keeps exact is in its seed as the encoder reads it from a
    /// pixel (the board's own were once packed the other way round and never matched).
    #[test]
    fn the_seeds_are_the_words_the_encoder_reads_from_pixels() {
        let seeds = pitch_seed();
        for c in [
            LIGHT_SQ,
            DARK_SQ,
            GREEN,
            YELLOW,
            RED,
            STONE_W,
            STONE_B,
            MARK,
            GRASS,
            GRASS_STRIPE,
            TRACK,
            CHALK,
            NET,
            BALL_WAY,
        ] {
            let mut pix = tiny_skia::Pixmap::new(1, 1).expect("pixmap");
            pix.fill(tiny_skia::Color::from_rgba8(c.0, c.1, c.2, 255));
            let w = word(pix.pixels()[0]);
            assert!(seeds.contains(&w), "{c:?} as {w:06x}");
        }
    }
}
