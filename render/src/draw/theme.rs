//! The palette: a warm paper background, ink for text and walls, and the Okabe–Ito colours
//! for players (distinguishable with the common colour-vision deficiencies).

use crate::draw::canvas::Rgba;

pub(crate) const PAGE: Rgba = Rgba::hex(0xEDE6D9);
pub(crate) const PANEL: Rgba = Rgba::hex(0xFBF8F2);
pub(crate) const PANEL_EDGE: Rgba = Rgba::hex(0xD6CBB8);
pub(crate) const INK: Rgba = Rgba::hex(0x1F2430);
pub(crate) const INK_SOFT: Rgba = Rgba::hex(0x655F55);
pub(crate) const FAINT: Rgba = Rgba::hex(0xA59C8D);
pub(crate) const WHITE: Rgba = Rgba::hex(0xFFFFFF);

pub(crate) const FLOOR: Rgba = Rgba::hex(0xFFFDF8);
pub(crate) const NO_MODULE: Rgba = Rgba::hex(0xE4DCCD);
pub(crate) const CELL_LINE: Rgba = Rgba::hex(0xE3DACB);
pub(crate) const MODULE_LINE: Rgba = Rgba::hex(0xA0968A);
pub(crate) const OUTLINE: Rgba = Rgba::hex(0x4A4339);
pub(crate) const WALL: Rgba = Rgba::hex(0x1B2130);
pub(crate) const CELL_NAME: Rgba = Rgba::hex(0xB4AA9A);

pub(crate) const EXIT: Rgba = Rgba::hex(0x1E8A4C);
pub(crate) const EXIT_FILL: Rgba = Rgba::hex(0xD3EEDA);

pub(crate) const KEY: Rgba = Rgba::hex(0xD19E1D);
pub(crate) const KEY_DARK: Rgba = Rgba::hex(0x7A5A06);
pub(crate) const FOOD: Rgba = Rgba::hex(0xE0533D);
pub(crate) const FOOD_LEAF: Rgba = Rgba::hex(0x3E9B4F);
pub(crate) const SPECIAL: Rgba = Rgba::hex(0x8E5CC4);
pub(crate) const SPENT: Rgba = Rgba::hex(0xCFC6B7);

pub(crate) const ROBOT: Rgba = Rgba::hex(0x4B5563);
pub(crate) const ROBOT_FACE: Rgba = Rgba::hex(0xD5DCE6);
pub(crate) const ROBOT_EYE: Rgba = Rgba::hex(0xE0312B);
pub(crate) const ROBOT_PATH: Rgba = Rgba::hex(0xB8322A);
pub(crate) const CATCH: Rgba = Rgba::hex(0xE0312B);

pub(crate) const ACCENT: Rgba = Rgba::hex(0x2458C6);
pub(crate) const ACTIVE_ROW: Rgba = Rgba::hex(0xE3ECFB);
pub(crate) const ROTATED: Rgba = Rgba::hex(0xF28C28);

pub(crate) const SQUARE: Rgba = Rgba::hex(0xFFFDF8);
pub(crate) const TRIGGER_FILL: Rgba = Rgba::hex(0xF7DCD6);
pub(crate) const TRIGGER_DONE: Rgba = Rgba::hex(0xEBE3DA);
pub(crate) const DAWN: Rgba = Rgba::hex(0xF0A21A);
pub(crate) const DAWN_FILL: Rgba = Rgba::hex(0xFCE3A8);
pub(crate) const DAY_FILL: Rgba = Rgba::hex(0xF4EAD3);
pub(crate) const LIMIT: Rgba = Rgba::hex(0x2458C6);
pub(crate) const GOOD: Rgba = Rgba::hex(0x1E8A4C);
pub(crate) const WARN: Rgba = Rgba::hex(0xB7700A);
pub(crate) const BAD: Rgba = Rgba::hex(0xB8322A);

/// Okabe–Ito: orange, sky blue, bluish green, yellow, blue, vermillion, reddish purple, black.
pub(crate) const PLAYERS: [Rgba; 8] = [
    Rgba::hex(0xE69F00),
    Rgba::hex(0x56B4E9),
    Rgba::hex(0x009E73),
    Rgba::hex(0xF0E442),
    Rgba::hex(0x0072B2),
    Rgba::hex(0xD55E00),
    Rgba::hex(0xCC79A7),
    Rgba::hex(0x000000),
];

/// A player's colour by seat.
pub(crate) fn player(seat: usize) -> Rgba {
    PLAYERS[seat % PLAYERS.len()]
}

/// Text colour readable on `fill`.
pub(crate) fn on(fill: Rgba) -> Rgba {
    if fill.luminance() > 0.33 { INK } else { WHITE }
}

/// Colours the quantiser must keep exactly.
pub(crate) fn seed() -> Vec<u32> {
    let mut v: Vec<Rgba> = vec![
        PAGE,
        PANEL,
        PANEL_EDGE,
        INK,
        INK_SOFT,
        FAINT,
        WHITE,
        FLOOR,
        NO_MODULE,
        CELL_LINE,
        MODULE_LINE,
        OUTLINE,
        WALL,
        CELL_NAME,
        EXIT,
        EXIT_FILL,
        KEY,
        KEY_DARK,
        FOOD,
        FOOD_LEAF,
        SPECIAL,
        SPENT,
        ROBOT,
        ROBOT_FACE,
        ROBOT_EYE,
        ROBOT_PATH,
        CATCH,
        ACCENT,
        ACTIVE_ROW,
        ROTATED,
        SQUARE,
        TRIGGER_FILL,
        TRIGGER_DONE,
        DAWN,
        DAWN_FILL,
        DAY_FILL,
        LIMIT,
        GOOD,
        WARN,
        BAD,
    ];
    v.extend(PLAYERS);
    v.into_iter().map(seed_word).collect()
}

/// A colour as the quantiser's seeds hold it: a little-endian RGB word (red in the low
/// byte), as the encoder reads pixels.
pub(crate) fn seed_word(c: Rgba) -> u32 {
    u32::from(c.0) | (u32::from(c.1) << 8) | (u32::from(c.2) << 16)
}
