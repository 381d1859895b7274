//! Text: the embedded DejaVu Sans subset, parsed once, with a process-wide cache of glyph
//! coverage masks blended straight into the pixmap (rendering notes §2.4: a warm cache costs
//! ~0.1 ms for a few hundred glyphs, against ~0.4 ms rasterising every glyph every time).
//!
//! A glyph's coverage is kept in [`STEPS`] steps rather than the rasteriser's 256: text is
//! most of an image's bytes (without it a turn image compresses to 40% of its size), and
//! the steps give each ink-on-paper pair only three colours between them, which the
//! indexed palette holds exactly and deflate finds again from glyph to glyph. Side by side
//! at twice the size the text looks the same; the `grand` turn image is 14% smaller
//! (docs/performance.md, "seventh round").

use std::sync::{Arc, LazyLock};

use fontdue::{Font, FontSettings};

use crate::draw::memo::Memo;

static REGULAR_TTF: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
static BOLD_TTF: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");

/// Both faces, parsed on first use.
static FONTS: LazyLock<[Font; 2]> = LazyLock::new(|| {
    let load = |bytes: &'static [u8]| {
        Font::from_bytes(bytes, FontSettings::default()).expect("the embedded font parses")
    };
    [load(REGULAR_TTF), load(BOLD_TTF)]
});

/// Most glyph masks kept before the cache is emptied (a bound for callers that pass many
/// different widths; one width needs a few hundred).
const CACHE_LIMIT: usize = 8192;

/// A face of the embedded font.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Weight {
    Regular,
    Bold,
}

/// One rasterised glyph: pixel offsets from the pen position and its coverage mask.
#[derive(Debug)]
pub(crate) struct Glyph {
    pub xmin: i32,
    pub ymin: i32,
    pub width: usize,
    pub height: usize,
    pub advance: f32,
    pub coverage: Vec<u8>,
}

type Key = (char, Weight, u32);

static CACHE: Memo<Key, Glyph> = Memo::new(CACHE_LIMIT);

fn font(weight: Weight) -> &'static Font {
    &FONTS[weight as usize]
}

/// Whether the embedded font can draw `c`.
pub(crate) fn has_glyph(c: char) -> bool {
    c == ' ' || font(Weight::Regular).has_glyph(c)
}

/// The glyph for `c` at `px` pixels per em (quantised to 1/16 px so the cache stays small).
pub(crate) fn glyph(c: char, weight: Weight, px: f32) -> Arc<Glyph> {
    let q = (px * 16.0).round().max(1.0) as u32;
    let key = (c, weight, q);
    CACHE.get(key, || {
        let (m, mut coverage) = font(weight).rasterize(c, q as f32 / 16.0);
        coverage.iter_mut().for_each(|a| *a = stepped(*a));
        Glyph {
            xmin: m.xmin,
            ymin: m.ymin,
            width: m.width,
            height: m.height,
            advance: m.advance_width,
            coverage,
        }
    })
}

/// How many levels of coverage a glyph's mask keeps, from none to full.
const STEPS: u32 = 5;

/// Coverage `a` (0–255) rounded to the nearest of the [`STEPS`] levels (0, 64, 128, 191
/// and 255 for five).
fn stepped(a: u8) -> u8 {
    let n = STEPS - 1;
    let k = (u32::from(a) * n + 127) / 255;
    ((k * 255 + n / 2) / n) as u8
}

/// Horizontal kerning between two characters at `px`, in pixels.
pub(crate) fn kern(a: char, b: char, weight: Weight, px: f32) -> f32 {
    font(weight).horizontal_kern(a, b, px).unwrap_or(0.0)
}

/// Width of `s` in pixels at `px`.
pub(crate) fn width_px(s: &str, weight: Weight, px: f32) -> f32 {
    let mut w = 0.0;
    let mut prev = None;
    for c in s.chars() {
        if let Some(p) = prev {
            w += kern(p, c, weight, px);
        }
        w += glyph(c, weight, px).advance;
        prev = Some(c);
    }
    w
}

/// Format characters that draw nothing (zero-width spaces and joiners, direction marks,
/// the soft hyphen, the byte-order mark): a name made only of them would be invisible.
fn is_invisible(c: char) -> bool {
    matches!(c, '\u{00AD}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{206F}' | '\u{FEFF}')
}

/// Makes user-supplied text safe to draw: drops control characters and anything the
/// embedded font cannot draw (emoji…), folds runs of spaces, and caps the length in
/// characters (adding an ellipsis). Returns `None` if nothing drawable is left.
pub(crate) fn sanitize(s: &str, max_chars: usize) -> Option<String> {
    let mut out = String::new();
    let mut count = 0;
    let mut last_space = true;
    for c in s.chars() {
        let c = if c.is_whitespace() { ' ' } else { c };
        if c.is_control() || is_invisible(c) || !has_glyph(c) {
            continue;
        }
        if c == ' ' {
            if last_space {
                continue;
            }
            last_space = true;
        } else {
            last_space = false;
        }
        if count == max_chars {
            let trimmed = out.trim_end().len();
            out.truncate(trimmed);
            out.push('…');
            return Some(out);
        }
        out.push(c);
        count += 1;
    }
    let trimmed = out.trim_end().to_string();
    (!trimmed.is_empty()).then_some(trimmed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sanitize_drops_what_cannot_be_drawn_and_caps_length() {
        assert_eq!(sanitize("ana", 16).as_deref(), Some("ana"));
        assert_eq!(sanitize("  a\u{7}  b ", 16).as_deref(), Some("a b"));
        assert_eq!(sanitize("🦊 fox", 16).as_deref(), Some("fox"));
        assert_eq!(sanitize("🦊🦊", 16), None);
        assert_eq!(sanitize("\u{200B}\u{200B}", 16), None);
        assert_eq!(sanitize("a\u{202E}b", 16).as_deref(), Some("ab"));
        assert_eq!(sanitize("abcdefghij", 4).as_deref(), Some("abcd…"));
        assert_eq!(sanitize("João Ñandú", 16).as_deref(), Some("João Ñandú"));
    }

    #[test]
    fn widths_grow_with_text_and_size() {
        let a = width_px("key", Weight::Regular, 20.0);
        assert!(a > 20.0 && a < 60.0, "{a}");
        assert!(width_px("keys", Weight::Regular, 20.0) > a);
        assert!(width_px("key", Weight::Bold, 40.0) > 2.0 * a * 0.95);
    }

    #[test]
    fn coverage_is_kept_in_five_steps_each_value_at_its_nearest() {
        let levels = [0u8, 64, 128, 191, 255];
        for a in 0..=255u8 {
            let s = stepped(a);
            assert!(levels.contains(&s), "{a} → {s}");
            let best = levels.iter().map(|&l| l.abs_diff(a)).min().unwrap();
            assert_eq!(s.abs_diff(a), best, "{a} → {s}");
        }
        assert_eq!(levels.len(), STEPS as usize);
    }

    #[test]
    fn a_glyph_keeps_its_anti_aliasing_in_the_steps() {
        for weight in [Weight::Regular, Weight::Bold] {
            let g = glyph('a', weight, 17.3);
            let mut seen: Vec<u8> = g.coverage.clone();
            seen.sort_unstable();
            seen.dedup();
            assert_eq!(seen, [0, 64, 128, 191, 255], "{weight:?}");
        }
    }
}
