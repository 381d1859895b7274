//! Small vector icons, each drawn into a box given by its centre and size (design units).

use std::f32::consts::PI;

use labscape_core::labscape::Item;
use tiny_skia::PathBuilder;

use crate::{
    draw::canvas::{Align, Canvas, Line, Rgba, SpriteKey},
    draw::text::Weight,
    draw::theme,
};

/// A key: ring on the left, shaft with two teeth to the right.
pub(crate) fn key(cv: &mut Canvas, cx: f32, cy: f32, size: f32, fill: Rgba, edge: Rgba) {
    let r = size * 0.22;
    let ring = (cx - size * 0.26, cy);
    let lw = size * 0.11;
    let shaft_end = cx + size * 0.44;
    cv.polyline(
        &[(ring.0 + r, cy), (shaft_end, cy)],
        Line::new(edge, lw + size * 0.07),
    );
    cv.polyline(
        &[
            (shaft_end - size * 0.02, cy),
            (shaft_end - size * 0.02, cy + size * 0.2),
        ],
        Line::new(edge, lw + size * 0.07),
    );
    cv.polyline(
        &[(cx + size * 0.2, cy), (cx + size * 0.2, cy + size * 0.16)],
        Line::new(edge, lw + size * 0.07),
    );
    cv.polyline(&[(ring.0 + r, cy), (shaft_end, cy)], Line::new(fill, lw));
    cv.polyline(
        &[
            (shaft_end - size * 0.02, cy),
            (shaft_end - size * 0.02, cy + size * 0.2),
        ],
        Line::new(fill, lw),
    );
    cv.polyline(
        &[(cx + size * 0.2, cy), (cx + size * 0.2, cy + size * 0.16)],
        Line::new(fill, lw),
    );
    cv.circle(
        ring.0,
        ring.1,
        r,
        Some(fill),
        Some(Line::new(edge, size * 0.07)),
    );
    cv.circle(ring.0, ring.1, r * 0.42, Some(theme::FLOOR), None);
}

/// Food: an apple with a leaf.
pub(crate) fn food(
    cv: &mut Canvas,
    cx: f32,
    cy: f32,
    size: f32,
    fill: Rgba,
    leaf: Rgba,
    edge: Rgba,
) {
    let r = size * 0.3;
    let body = cy + size * 0.08;
    cv.circle(cx - r * 0.45, body, r, Some(fill), None);
    cv.circle(cx + r * 0.45, body, r, Some(fill), None);
    cv.circle(cx, body + r * 0.15, r * 0.95, Some(fill), None);
    // Outline the union roughly: two arcs' silhouette is enough at this size.
    let mut pb = PathBuilder::new();
    pb.push_circle(cx - r * 0.45, body, r);
    pb.push_circle(cx + r * 0.45, body, r);
    if let Some(p) = pb.finish() {
        cv.stroke(&p, Line::new(edge, size * 0.045));
    }
    cv.circle(cx - r * 0.45, body, r - size * 0.03, Some(fill), None);
    cv.circle(cx + r * 0.45, body, r - size * 0.03, Some(fill), None);
    cv.circle(cx, body + r * 0.15, r * 0.92, Some(fill), None);
    cv.polyline(
        &[(cx, body - r * 0.7), (cx + size * 0.05, cy - size * 0.36)],
        Line::new(edge, size * 0.06),
    );
    let mut pb = PathBuilder::new();
    let (lx, ly) = (cx + size * 0.07, cy - size * 0.3);
    pb.move_to(lx, ly);
    pb.quad_to(
        lx + size * 0.2,
        ly - size * 0.16,
        lx + size * 0.3,
        ly - size * 0.04,
    );
    pb.quad_to(lx + size * 0.14, ly + size * 0.1, lx, ly);
    pb.close();
    if let Some(p) = pb.finish() {
        cv.fill(&p, leaf);
    }
}

/// A five-pointed star.
pub(crate) fn star(cv: &mut Canvas, cx: f32, cy: f32, size: f32, fill: Rgba, edge: Option<Rgba>) {
    let (ro, ri) = (size * 0.48, size * 0.2);
    let pts: Vec<(f32, f32)> = (0..10)
        .map(|i| {
            let a = -PI / 2.0 + i as f32 * PI / 5.0;
            let r = if i % 2 == 0 { ro } else { ri };
            (cx + r * a.cos(), cy + size * 0.04 + r * a.sin())
        })
        .collect();
    cv.polygon(&pts, fill);
    if let (Some(e), Some(p)) = (edge, crate::draw::canvas::polyline_path(&pts, true)) {
        cv.stroke(&p, Line::new(e, size * 0.05));
    }
}

/// The icon of a cell's item, dimmed once taken or spent.
fn item_raw(cv: &mut Canvas, it: Item, cx: f32, cy: f32, size: f32) {
    match it {
        Item::Key => key(cv, cx, cy, size, theme::KEY, theme::KEY_DARK),
        Item::KeyTaken => key(cv, cx, cy, size, theme::FLOOR, theme::SPENT),
        Item::Food => food(
            cv,
            cx,
            cy,
            size,
            theme::FOOD,
            theme::FOOD_LEAF,
            theme::FOOD.mix(theme::INK, 0.45),
        ),
        Item::Special => star(
            cv,
            cx,
            cy,
            size,
            theme::SPECIAL,
            Some(theme::SPECIAL.mix(theme::INK, 0.4)),
        ),
        Item::SpecialSpent => star(cv, cx, cy, size, theme::FLOOR, Some(theme::SPENT)),
    }
}

/// A tiny dot for an item on the small floor maps.
pub(crate) fn item_dot(cv: &mut Canvas, it: Item, cx: f32, cy: f32, r: f32) {
    // Small squares: at this size they read as dots and cost a fraction of a circle.
    let c = match it {
        Item::Key => theme::KEY,
        Item::Food => theme::FOOD,
        Item::Special => theme::SPECIAL,
        Item::KeyTaken | Item::SpecialSpent => theme::SPENT,
    };
    cv.rect(cx - r, cy - r, 2.0 * r, 2.0 * r, c);
}

/// The robot: a rounded body with a face, two red eyes and an antenna.
fn robot_raw(cv: &mut Canvas, cx: f32, cy: f32, size: f32) {
    let w = size * 0.86;
    let h = size * 0.7;
    let top = cy - h / 2.0 + size * 0.08;
    cv.polyline(
        &[(cx, top), (cx, top - size * 0.17)],
        Line::new(theme::ROBOT, size * 0.07),
    );
    cv.circle(
        cx,
        top - size * 0.19,
        size * 0.07,
        Some(theme::ROBOT_EYE),
        None,
    );
    cv.round_rect(
        (cx - w / 2.0, top, w, h),
        size * 0.16,
        Some(theme::ROBOT),
        Some(Line::new(theme::WHITE, size * 0.05)),
    );
    let fw = w * 0.74;
    let fh = h * 0.5;
    cv.round_rect(
        (cx - fw / 2.0, top + h * 0.16, fw, fh),
        size * 0.08,
        Some(theme::ROBOT_FACE),
        None,
    );
    let ey = top + h * 0.16 + fh * 0.5;
    cv.circle(
        cx - fw * 0.24,
        ey,
        size * 0.075,
        Some(theme::ROBOT_EYE),
        None,
    );
    cv.circle(
        cx + fw * 0.24,
        ey,
        size * 0.075,
        Some(theme::ROBOT_EYE),
        None,
    );
    cv.polyline(
        &[
            (cx - w * 0.18, top + h * 0.84),
            (cx + w * 0.18, top + h * 0.84),
        ],
        Line::new(theme::ROBOT_FACE, size * 0.05),
    );
}

/// A door with an arrow: the exit.
fn exit_raw(cv: &mut Canvas, cx: f32, cy: f32, size: f32) {
    let w = size * 0.5;
    let h = size * 0.78;
    let (x, y) = (cx - w / 2.0 - size * 0.08, cy - h / 2.0);
    cv.round_rect((x, y, w, h), size * 0.05, Some(theme::EXIT), None);
    cv.rect(
        x + w * 0.16,
        y + h * 0.12,
        w * 0.68,
        h * 0.88,
        theme::EXIT_FILL.mix(theme::WHITE, 0.4),
    );
    cv.circle(
        x + w * 0.66,
        y + h * 0.56,
        size * 0.045,
        Some(theme::EXIT),
        None,
    );
    // Arrow out of the door.
    let ay = cy + size * 0.02;
    let ax0 = cx - size * 0.02;
    let ax1 = cx + size * 0.42;
    cv.polyline(
        &[(ax0, ay), (ax1 - size * 0.08, ay)],
        Line::new(theme::EXIT, size * 0.1).square(),
    );
    cv.polygon(
        &[
            (ax1, ay),
            (ax1 - size * 0.17, ay - size * 0.15),
            (ax1 - size * 0.17, ay + size * 0.15),
        ],
        theme::EXIT,
    );
}

/// A sun (dawn).
fn sun_raw(cv: &mut Canvas, cx: f32, cy: f32, size: f32, color: Rgba) {
    for i in 0..8 {
        let a = i as f32 * PI / 4.0;
        let (c, s) = (a.cos(), a.sin());
        cv.polyline(
            &[
                (cx + c * size * 0.3, cy + s * size * 0.3),
                (cx + c * size * 0.47, cy + s * size * 0.47),
            ],
            Line::new(color, size * 0.09),
        );
    }
    cv.circle(cx, cy, size * 0.22, Some(color), None);
}

/// A flag (the floor's limit marker).
fn flag_raw(cv: &mut Canvas, cx: f32, cy: f32, size: f32, color: Rgba) {
    let x = cx - size * 0.25;
    cv.polyline(
        &[(x, cy + size * 0.45), (x, cy - size * 0.45)],
        Line::new(theme::INK, size * 0.08),
    );
    cv.polygon(
        &[
            (x, cy - size * 0.45),
            (x + size * 0.6, cy - size * 0.27),
            (x, cy - size * 0.08),
        ],
        color,
    );
}

/// A player's token: a disc in their colour with their tag; `active` adds a ring.
#[allow(clippy::too_many_arguments)]
pub(crate) fn token(
    cv: &mut Canvas,
    cx: f32,
    cy: f32,
    d: f32,
    color: Rgba,
    tag: &str,
    active: bool,
    dim: bool,
) {
    let fill = if dim {
        color.mix(theme::PANEL, 0.6)
    } else {
        color
    };
    // The disc (and ring) copied from the fine sprite cache: on the floor a token is two or
    // four anti-aliased discs some 70 px across, the dearest shapes of the image.
    let look = u64::from(u32::from_le_bytes([color.0, color.1, color.2, color.3]))
        | u64::from(active) << 32
        | u64::from(dim) << 33
        | TOKEN_LOOK;
    let extent = d * 1.42 + 2.0;
    cv.sprite_fine(look, (cx, cy), extent, |cv, cx, cy| {
        token_disc(cv, (cx, cy), d, fill, active, dim);
    });
    let size = if tag.chars().count() > 1 {
        d * 0.46
    } else {
        d * 0.58
    };
    if size >= 12.0 {
        let tc = if dim {
            theme::INK_SOFT
        } else {
            theme::on(color)
        };
        cv.text(
            tag,
            (cx, cy + size * 0.36),
            size,
            Weight::Bold,
            tc,
            Align::Center,
        );
    }
}

/// What tells a token's look in the fine sprite cache from other shapes'.
const TOKEN_LOOK: u64 = 1 << 40;

/// A token's disc of diameter `d` centred at `(cx, cy)`, filled with `fill`; `active` adds
/// a ring.
fn token_disc(cv: &mut Canvas, (cx, cy): (f32, f32), d: f32, fill: Rgba, active: bool, dim: bool) {
    let r = d / 2.0;
    if active {
        cv.circle(
            cx,
            cy,
            r + d * 0.16,
            Some(theme::WHITE),
            Some(Line::new(theme::INK, d * 0.09)),
        );
    }
    let edge = if dim { theme::FAINT } else { theme::INK };
    cv.circle(
        cx,
        cy,
        r,
        Some(fill),
        Some(Line::new(edge, (d * 0.06).max(1.2))),
    );
}

/// Dice faces drawn as a rounded square with pips.
pub(crate) fn die(cv: &mut Canvas, cx: f32, cy: f32, size: f32, value: u8) {
    let h = size / 2.0;
    cv.round_rect(
        (cx - h, cy - h, size, size),
        size * 0.2,
        Some(theme::WHITE),
        Some(Line::new(theme::INK, size * 0.07)),
    );
    let o = size * 0.26;
    let pips: &[(f32, f32)] = match value {
        1 => &[(0.0, 0.0)],
        2 => &[(-1.0, -1.0), (1.0, 1.0)],
        3 => &[(-1.0, -1.0), (0.0, 0.0), (1.0, 1.0)],
        4 => &[(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)],
        5 => &[
            (-1.0, -1.0),
            (1.0, -1.0),
            (0.0, 0.0),
            (-1.0, 1.0),
            (1.0, 1.0),
        ],
        _ => &[
            (-1.0, -1.0),
            (1.0, -1.0),
            (-1.0, 0.0),
            (1.0, 0.0),
            (-1.0, 1.0),
            (1.0, 1.0),
        ],
    };
    for (px, py) in pips {
        cv.circle(
            cx + px * o,
            cy + py * o,
            size * 0.09,
            Some(theme::INK),
            None,
        );
    }
}

/// The icon of a cell's item, dimmed once taken or spent.
pub(crate) fn item(cv: &mut Canvas, it: Item, cx: f32, cy: f32, size: f32) {
    let key = SpriteKey {
        icon: 1,
        variant: it as u8,
    };
    cv.sprite(key, (cx, cy), size, |cv, x, y, s| item_raw(cv, it, x, y, s));
}

/// A gold key outside the board (the key counter's icon in the header, the legend and
/// the key panel), through the sprite cache like a cell's key.
pub(crate) fn gold_key(cv: &mut Canvas, cx: f32, cy: f32, size: f32) {
    let key_sprite = SpriteKey {
        icon: 6,
        variant: 0,
    };
    cv.sprite(key_sprite, (cx, cy), size, |cv, x, y, s| {
        key(cv, x, y, s, theme::KEY, theme::KEY_DARK)
    });
}

/// The robot.
pub(crate) fn robot(cv: &mut Canvas, cx: f32, cy: f32, size: f32) {
    cv.sprite(
        SpriteKey {
            icon: 2,
            variant: 0,
        },
        (cx, cy),
        size,
        robot_raw,
    );
}

/// The exit.
pub(crate) fn exit(cv: &mut Canvas, cx: f32, cy: f32, size: f32) {
    cv.sprite(
        SpriteKey {
            icon: 3,
            variant: 0,
        },
        (cx, cy),
        size,
        exit_raw,
    );
}

/// A sun (dawn) in `color`.
pub(crate) fn sun(cv: &mut Canvas, cx: f32, cy: f32, size: f32, color: Rgba) {
    let key = SpriteKey {
        icon: 4,
        variant: u8::from(color != theme::DAWN),
    };
    cv.sprite(key, (cx, cy), size, |cv, x, y, s| {
        sun_raw(cv, x, y, s, color)
    });
}

/// A flag (the floor's limit marker) in `color`.
pub(crate) fn flag(cv: &mut Canvas, cx: f32, cy: f32, size: f32, color: Rgba) {
    let key = SpriteKey {
        icon: 5,
        variant: u8::from(color != theme::LIMIT),
    };
    cv.sprite(key, (cx, cy), size, |cv, x, y, s| {
        flag_raw(cv, x, y, s, color)
    });
}
