//! The replay: an animated GIF of a game, one frame per turn (rendering notes §3.6). Any
//! game's frames go through it: Labscape's (`labscape/replay.rs`) and the board games'.
//!
//! Every frame is the turn image drawn at a chat-friendly width (drawn at that width, not
//! resampled). The first frame covers the whole screen; every later frame holds only the
//! bounding box of the pixels that changed, with the unchanged pixels inside the box set to
//! the transparent index, so a long game stays small. All frames share one global palette
//! built by the same seeded quantiser as the PNG (`encode.rs`): the theme colours exactly,
//! then the most common blends over every frame.
//!
//! Frames are compared as full-colour pixels while they are drawn and kept only as runs of
//! colour ids over their box: the palette needs every frame's colours before the first
//! frame can be written. Turn images can differ in height (a floor's shape, the header's
//! lines): the screen is as tall as the tallest, and a shorter image is filled below with
//! the page colour.

use std::borrow::Cow;

use crate::draw::{
    encode::{self, Colors},
    theme,
};

/// The replay's default width in pixels: readable in a chat window, a third of the area of
/// the turn image.
pub const REPLAY_WIDTH: u32 = 800;
/// Narrowest replay.
pub const MIN_REPLAY_WIDTH: u32 = 400;
/// How long each turn shows, in hundredths of a second.
pub const FRAME_DELAY_CS: u16 = 120;
/// How long the last frame holds before the loop starts again, in hundredths of a second.
pub const LAST_FRAME_DELAY_CS: u16 = 500;

/// Distinct colours told apart over the whole replay (a turn image has a few thousand, and
/// most are shared between turns).
const MAX_COLORS: usize = 60_000;
/// Palette entries for colours; one more is the transparent index. 64 entries in all, as in
/// the turn PNG: GIF's LZW codes start one bit shorter than with 128, and a whole `grand`
/// game is about 15% smaller than with 128 entries (20% smaller than with 256) for a
/// difference in anti-aliased edges hard to see at this size.
const PALETTE: usize = 63;
/// The run value for "unchanged since the last frame" (never a colour id).
const UNCHANGED: u16 = u16::MAX;

/// One frame waiting for the palette: its box and its pixels as runs.
struct Delta {
    left: u16,
    top: u16,
    width: u16,
    height: u16,
    /// Runs over the box in row order, each `(id << 16) | length` with `id` a colour id or
    /// [`UNCHANGED`].
    runs: Vec<u32>,
}

/// An animated GIF being built: [`Replay::new`] with the first view, [`Replay::push`] for
/// every turn after it, then [`Replay::finish`] for the bytes.
///
/// Each frame is drawn in its own view's language ([`View::lang`](crate::View::lang)): give every
/// view the same language (the reader's).
///
/// Deterministic: the same views give the same bytes. Drawing dominates the cost (a few
/// milliseconds a frame); call it from `spawn_blocking` in async code.
///
/// ```
/// use labscape_core::labscape::{Layout, Position, Settings, SetupMode};
/// use labscape_render::{REPLAY_WIDTH, Replay, View};
/// let settings = Settings {
///     layout: Layout::parse("single").unwrap(),
///     difficulty: Default::default(),
///     setup: SetupMode::Random,
///     players: vec!["ana".into()],
/// };
/// let (mut pos, events) = Position::new_game(&settings, "seed").unwrap();
/// let mut replay = Replay::new(&View::new(&pos).events(&events), REPLAY_WIDTH);
/// let action = pos.legal_actions()[0].clone();
/// let events = pos.play(None, &action).unwrap();
/// replay.push(&View::new(&pos).events(&events));
/// assert_eq!(replay.frames(), 2);
/// assert_eq!(&replay.finish()[..6], b"GIF89a");
/// ```
pub struct Replay {
    width: u32,
    /// The screen's height so far: the tallest frame.
    height: u32,
    /// What a viewer sees after the last frame, as colour words, `width × height`.
    screen: Vec<u32>,
    /// The frame being compared (reused).
    current: Vec<u32>,
    colors: Colors,
    frames: Vec<Delta>,
}

impl std::fmt::Debug for Replay {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Replay")
            .field("width", &self.width)
            .field("height", &self.height)
            .field("frames", &self.frames.len())
            .field("colors", &self.colors.len())
            .finish()
    }
}

/// The page colour as a word: what is below a frame shorter than the screen.
fn page() -> u32 {
    let p = theme::PAGE;
    u32::from(p.0) | (u32::from(p.1) << 8) | (u32::from(p.2) << 16)
}

/// A GIF dimension.
fn dim(v: usize) -> u16 {
    u16::try_from(v).expect("a replay frame is under 65,536 pixels on each side")
}

/// "Unchanged" while building runs (colour words are 24-bit).
const SAME: u32 = u32::MAX;

/// Runs being built from colour words and [`SAME`], merging equal neighbours.
struct Runs<'a> {
    colors: &'a mut Colors,
    runs: Vec<u32>,
    value: u32,
    len: u32,
}

impl Runs<'_> {
    fn new(colors: &mut Colors) -> Runs<'_> {
        Runs {
            colors,
            runs: Vec::new(),
            value: SAME,
            len: 0,
        }
    }

    fn add(&mut self, value: u32, len: u32) {
        if value == self.value {
            self.len += len;
        } else {
            self.flush();
            (self.value, self.len) = (value, len);
        }
    }

    fn flush(&mut self) {
        if self.len > 0 {
            let id = if self.value == SAME {
                UNCHANGED
            } else {
                self.colors.id(self.value, self.len)
            };
            push_run(&mut self.runs, id, self.len);
        }
    }

    fn finish(mut self) -> Vec<u32> {
        self.flush();
        self.runs
    }
}

/// Appends a run of `len` pixels of `id` (a colour id or [`UNCHANGED`]).
fn push_run(runs: &mut Vec<u32>, id: u16, mut len: u32) {
    while len > 0 {
        let n = len.min(0xFFFF);
        runs.push((u32::from(id) << 16) | n);
        len -= n;
    }
}

impl Replay {
    /// A replay without frames yet, exactly `width` pixels wide: every canvas pushed must
    /// be that wide.
    pub(crate) fn blank(width: u32) -> Replay {
        Replay {
            width,
            height: 0,
            screen: Vec::new(),
            current: Vec::new(),
            colors: Colors::new(MAX_COLORS),
            frames: Vec::new(),
        }
    }

    /// Adds a drawn frame (as wide as the replay).
    pub(crate) fn push_canvas(&mut self, canvas: crate::draw::canvas::Canvas) {
        debug_assert_eq!(
            canvas.pix.width(),
            self.width,
            "a frame as wide as the replay"
        );
        let w = self.width as usize;
        let h = canvas.pix.height() as usize;
        let mut cur = std::mem::take(&mut self.current);
        cur.clear();
        cur.extend(canvas.pix.pixels().iter().map(|&p| encode::word(p)));
        encode::recycle(canvas.pix);

        if self.frames.is_empty() {
            // The first frame: all of it (filled to the screen's height in `finish`).
            let mut runs = Vec::new();
            let mut i = 0;
            while i < cur.len() {
                let c = cur[i];
                let j = i + cur[i..].iter().take_while(|&&x| x == c).count();
                let len = (j - i) as u32;
                push_run(&mut runs, self.colors.id(c, len), len);
                i = j;
            }
            self.frames.push(Delta {
                left: 0,
                top: 0,
                width: dim(w),
                height: dim(h),
                runs,
            });
            self.height = h as u32;
            self.current = std::mem::replace(&mut self.screen, cur);
            return;
        }

        // The screen grows to the tallest frame; below a shorter frame is the page.
        let sh = (self.height as usize).max(h);
        self.screen.resize(w * sh, page());
        cur.resize(w * sh, page());
        self.height = sh as u32;

        // The box of changed pixels.
        let (mut top, mut bottom, mut left, mut right) = (usize::MAX, 0, usize::MAX, 0);
        for y in 0..sh {
            let (old, new) = (&self.screen[y * w..][..w], &cur[y * w..][..w]);
            if old == new {
                continue;
            }
            let first = old.iter().zip(new).position(|(a, b)| a != b).unwrap_or(0);
            let last = w
                - 1
                - old
                    .iter()
                    .zip(new)
                    .rev()
                    .position(|(a, b)| a != b)
                    .unwrap_or(0);
            top = top.min(y);
            bottom = y;
            left = left.min(first);
            right = right.max(last);
        }
        if top == usize::MAX {
            // Nothing changed: one transparent pixel still holds the turn's delay.
            self.frames.push(Delta {
                left: 0,
                top: 0,
                width: 1,
                height: 1,
                runs: vec![(u32::from(UNCHANGED) << 16) | 1],
            });
            self.current = cur;
            return;
        }

        // The box as runs: unchanged pixels as UNCHANGED, the rest by colour.
        let mut runs = Runs::new(&mut self.colors);
        for y in top..=bottom {
            let (old, new) = (
                &self.screen[y * w + left..=y * w + right],
                &cur[y * w + left..=y * w + right],
            );
            if old == new {
                runs.add(SAME, new.len() as u32);
                continue;
            }
            for (&o, &n) in old.iter().zip(new) {
                runs.add(if o == n { SAME } else { n }, 1);
            }
        }
        let runs = runs.finish();
        self.frames.push(Delta {
            left: dim(left),
            top: dim(top),
            width: dim(right - left + 1),
            height: dim(bottom - top + 1),
            runs,
        });
        self.current = std::mem::replace(&mut self.screen, cur);
    }

    /// Frames so far.
    pub fn frames(&self) -> usize {
        self.frames.len()
    }

    /// The screen's size in pixels so far: the width and the tallest frame's height.
    pub fn size(&self) -> (u32, u32) {
        (self.width, self.height)
    }

    /// The GIF: the palette over every frame, then the frames, looping forever; each turn
    /// shows for [`FRAME_DELAY_CS`], the last for [`LAST_FRAME_DELAY_CS`].
    pub fn finish(mut self) -> Vec<u8> {
        let (w, h) = (self.width as usize, self.height as usize);
        // The first frame covers the whole screen: fill it below with the page.
        let first = &mut self.frames[0];
        let missing = (h - usize::from(first.height)) * w;
        if missing > 0 {
            let id = self.colors.id(page(), missing as u32);
            push_run(&mut first.runs, id, missing as u32);
            first.height = dim(h);
        }

        let (palette, to_index) = encode::quantise(&self.colors, &theme::seed(), PALETTE);
        let clear = palette.len() as u8;
        let mut rgb = encode::rgb_bytes(&palette);
        rgb.extend_from_slice(&[0, 0, 0]);

        let mut out = Vec::new();
        let mut enc = gif::Encoder::new(&mut out, dim(w), dim(h), &rgb)
            .expect("writing a GIF header to memory");
        enc.set_repeat(gif::Repeat::Infinite)
            .expect("writing to memory");
        // The screen as palette indices, and each frame's box as indices (reused).
        let mut screen = vec![0u8; w * h];
        let mut boxed = Vec::new();
        let mut data = Vec::new();
        let n = self.frames.len();
        for (i, d) in self.frames.iter().enumerate() {
            let (l, t, bw) = (
                usize::from(d.left),
                usize::from(d.top),
                usize::from(d.width),
            );
            let bh = usize::from(d.height);
            boxed.clear();
            let (mut x, mut y) = (0, 0);
            for &r in &d.runs {
                let (id, mut len) = ((r >> 16) as u16, (r & 0xFFFF) as usize);
                while len > 0 {
                    let k = len.min(bw - x);
                    if id == UNCHANGED {
                        boxed.extend_from_slice(&screen[(t + y) * w + l + x..][..k]);
                    } else {
                        boxed.resize(boxed.len() + k, to_index[usize::from(id)]);
                    }
                    (x, len) = (x + k, len - k);
                    if x == bw {
                        (x, y) = (0, y + 1);
                    }
                }
            }
            // After quantising, fewer pixels differ: the box shrinks to those that do.
            let (mut top, mut bottom, mut left, mut right) = (usize::MAX, 0, usize::MAX, 0);
            if i == 0 {
                (top, bottom, left, right) = (0, bh - 1, 0, bw - 1);
            } else {
                for y in 0..bh {
                    let (old, new) = (&screen[(t + y) * w + l..][..bw], &boxed[y * bw..][..bw]);
                    if old == new {
                        continue;
                    }
                    let first = old.iter().zip(new).position(|(a, b)| a != b).unwrap_or(0);
                    let last = bw
                        - 1
                        - old
                            .iter()
                            .zip(new)
                            .rev()
                            .position(|(a, b)| a != b)
                            .unwrap_or(0);
                    top = top.min(y);
                    bottom = y;
                    left = left.min(first);
                    right = right.max(last);
                }
            }
            // Unchanged pixels become the transparent index, unless they continue a run
            // of their own colour (longer runs compress better).
            data.clear();
            let mut transparent = false;
            let frame_box = if top == usize::MAX {
                data.push(clear);
                transparent = true;
                (0, 0, 1, 1)
            } else {
                let mut prev = clear;
                for y in top..=bottom {
                    let row = (t + y) * w + l;
                    let old = &mut screen[row + left..=row + right];
                    let new = &boxed[y * bw + left..=y * bw + right];
                    if i > 0 && old == new {
                        // A row with no change: the run going on, then transparent.
                        let k = new.iter().take_while(|&&p| p == prev).count();
                        data.extend_from_slice(&new[..k]);
                        if k < new.len() {
                            data.resize(data.len() + new.len() - k, clear);
                            (prev, transparent) = (clear, true);
                        }
                        continue;
                    }
                    for (s, &n) in old.iter_mut().zip(new) {
                        let v = if i > 0 && n == *s && prev != n {
                            transparent = true;
                            clear
                        } else {
                            n
                        };
                        *s = n;
                        data.push(v);
                        prev = v;
                    }
                }
                (l + left, t + top, right - left + 1, bottom - top + 1)
            };
            let frame = gif::Frame {
                delay: if i + 1 == n {
                    LAST_FRAME_DELAY_CS
                } else {
                    FRAME_DELAY_CS
                },
                dispose: gif::DisposalMethod::Keep,
                transparent: transparent.then_some(clear),
                left: dim(frame_box.0),
                top: dim(frame_box.1),
                width: dim(frame_box.2),
                height: dim(frame_box.3),
                buffer: Cow::Borrowed(&data),
                ..gif::Frame::default()
            };
            enc.write_frame(&frame)
                .expect("writing a GIF frame to memory");
        }
        enc.into_inner().expect("writing the GIF trailer to memory");
        out
    }
}

#[cfg(test)]
mod tests {
    use labscape_core::{
        Lang,
        labscape::{Event, Layout, Position, Settings, SetupMode},
    };

    use super::*;
    use crate::{MAX_WIDTH, View, labscape::scene::Scene};

    fn game(layout: &str, players: usize, seed: &str) -> (Position, Vec<Event>) {
        let names = [
            "ana", "bo", "carla", "dmitri", "eve", "farid", "gus", "hana",
        ];
        let settings = Settings {
            layout: Layout::parse(layout).expect("a preset"),
            difficulty: Default::default(),
            setup: SetupMode::Random,
            players: names[..players].iter().map(|s| s.to_string()).collect(),
        };
        Position::new_game(&settings, seed).expect("a new game")
    }

    /// Plays `turns` turns, the first legal action each time, pushing every frame; returns
    /// the replay and the last view drawn as words.
    fn play(layout: &str, players: usize, turns: usize) -> (Replay, Vec<u32>, u32) {
        let (mut pos, mut events) = game(layout, players, "replay");
        let mut replay = Replay::new(&View::new(&pos).events(&events), REPLAY_WIDTH);
        for _ in 0..turns {
            let legal = pos.legal_actions();
            // Moves show more change than waits: prefer the last legal action.
            let action = legal.last().expect("a game in progress").clone();
            events = pos.play(None, &action).expect("a legal action");
            replay.push(&View::new(&pos).events(&events));
        }
        let (words, h) = draw(&View::new(&pos).events(&events), REPLAY_WIDTH);
        (replay, words, h)
    }

    fn draw(view: &View<'_>, width: u32) -> (Vec<u32>, u32) {
        let c = Scene::new(view).draw(width);
        let h = c.pix.height();
        (c.pix.pixels().iter().map(|&p| encode::word(p)).collect(), h)
    }

    struct Decoded {
        width: usize,
        height: usize,
        /// The screen after each frame, as RGB words.
        screens: Vec<Vec<u32>>,
        frames: Vec<gif::Frame<'static>>,
        palette_len: usize,
    }

    /// Decodes a GIF and composites every frame (disposal "keep") onto the screen.
    fn decode(bytes: &[u8]) -> Decoded {
        let mut opts = gif::DecodeOptions::new();
        opts.set_color_output(gif::ColorOutput::Indexed);
        let mut dec = opts.read_info(bytes).expect("a GIF");
        assert_eq!(dec.repeat(), gif::Repeat::Infinite);
        let (width, height) = (usize::from(dec.width()), usize::from(dec.height()));
        let pal = dec.global_palette().expect("a global palette").to_vec();
        let color = |i: u8| {
            let i = usize::from(i) * 3;
            u32::from(pal[i]) | (u32::from(pal[i + 1]) << 8) | (u32::from(pal[i + 2]) << 16)
        };
        let mut screen = vec![u32::MAX; width * height];
        let mut screens = Vec::new();
        let mut frames = Vec::new();
        while let Some(f) = dec.read_next_frame().expect("a frame") {
            assert!(f.palette.is_none(), "no local palettes");
            assert_eq!(f.dispose, gif::DisposalMethod::Keep);
            let (l, t, fw, fh) = (
                usize::from(f.left),
                usize::from(f.top),
                usize::from(f.width),
                usize::from(f.height),
            );
            assert!(fw > 0 && fh > 0, "an empty frame");
            assert!(
                l + fw <= width && t + fh <= height,
                "a frame off the screen"
            );
            for y in 0..fh {
                for x in 0..fw {
                    let ix = f.buffer[y * fw + x];
                    if Some(ix) != f.transparent {
                        screen[(t + y) * width + l + x] = color(ix);
                    }
                }
            }
            screens.push(screen.clone());
            frames.push(f.clone());
        }
        Decoded {
            width,
            height,
            screens,
            frames,
            palette_len: pal.len() / 3,
        }
    }

    /// Mean absolute channel difference and the share of pixels off by more than 48 in a
    /// channel, between a composited screen and a drawn image (the page below it).
    fn compare(screen: &[u32], drawn: &[u32], width: usize) -> (f64, f64) {
        let mut sum = 0u64;
        let mut far = 0usize;
        for (i, &s) in screen.iter().enumerate() {
            assert_ne!(s, u32::MAX, "pixel {i} (row {}) never drawn", i / width);
            let d = drawn.get(i).copied().unwrap_or_else(page);
            let mut worst = 0;
            for k in 0..3 {
                let (a, b) = ((s >> (8 * k)) & 255, (d >> (8 * k)) & 255);
                let diff = a.abs_diff(b);
                sum += u64::from(diff);
                worst = worst.max(diff);
            }
            if worst > 48 {
                far += 1;
            }
        }
        let n = screen.len() as f64;
        (sum as f64 / (3.0 * n), far as f64 / n)
    }

    #[test]
    fn a_short_game_decodes_frame_by_frame_to_its_turn_images() {
        let (replay, last, last_h) = play("duo", 2, 8);
        assert_eq!(replay.frames(), 9);
        let (w, h) = replay.size();
        assert_eq!(w, REPLAY_WIDTH);
        let gif = replay.finish();
        let d = decode(&gif);
        assert_eq!((d.width, d.height), (w as usize, h as usize));
        assert_eq!(d.frames.len(), 9, "one frame per turn plus the start");
        assert!(d.palette_len <= 256);
        // The first frame covers the screen; later ones only what changed, with holes.
        let f0 = &d.frames[0];
        assert_eq!((f0.left, f0.top), (0, 0));
        assert_eq!(
            (usize::from(f0.width), usize::from(f0.height)),
            (d.width, d.height)
        );
        assert_eq!(f0.transparent, None);
        for f in &d.frames[1..] {
            assert!(f.transparent.is_some());
            assert!(
                usize::from(f.width) * usize::from(f.height) < d.width * d.height,
                "a later frame holds only its changed box"
            );
        }
        // Delays: every turn the same, the last held longer.
        for f in &d.frames[..8] {
            assert_eq!(f.delay, FRAME_DELAY_CS);
        }
        assert_eq!(d.frames[8].delay, LAST_FRAME_DELAY_CS);
        // The last composited screen is the last turn image (quantised).
        assert!(last_h as usize <= d.height);
        let (mean, far) = compare(d.screens.last().expect("frames"), &last, d.width);
        assert!(mean < 1.0, "mean channel difference {mean}");
        assert!(far < 0.002, "{:.3}% of pixels far off", far * 100.0);
    }

    #[test]
    fn the_same_views_give_the_same_bytes() {
        let a = play("duo", 2, 5).0.finish();
        let b = play("duo", 2, 5).0.finish();
        assert_eq!(a, b);
    }

    #[test]
    fn frames_of_different_heights_share_a_screen_as_tall_as_the_tallest() {
        // Two games of different sizes in one replay: short, tall, short again (eight
        // players and a header line make the image taller).
        let (small, _) = game("single", 1, "a");
        let (tall, tall_events) = game("grand", 8, "b");
        let small_view = View::new(&small);
        let tall_view = View::new(&tall).events(&tall_events);
        let (small_px, small_h) = draw(&small_view, REPLAY_WIDTH);
        let (tall_px, tall_h) = draw(&tall_view, REPLAY_WIDTH);
        assert!(tall_h > small_h, "the test needs two heights");

        let mut replay = Replay::new(&small_view, REPLAY_WIDTH);
        replay.push(&tall_view);
        replay.push(&small_view);
        assert_eq!(replay.size(), (REPLAY_WIDTH, tall_h));
        let d = decode(&replay.finish());
        assert_eq!(d.height, tall_h as usize);
        for (screen, drawn) in d.screens.iter().zip([&small_px, &tall_px, &small_px]) {
            let (mean, far) = compare(screen, drawn, d.width);
            assert!(mean < 1.0 && far < 0.002, "mean {mean}, far {far}");
        }
    }

    #[test]
    fn an_unchanged_turn_is_a_transparent_pixel() {
        let (pos, events) = game("single", 1, "same");
        let view = View::new(&pos).events(&events);
        let mut replay = Replay::new(&view, 600);
        replay.push(&view);
        let d = decode(&replay.finish());
        assert_eq!(d.width, 600);
        assert_eq!(d.frames.len(), 2);
        let f = &d.frames[1];
        assert_eq!((f.width, f.height), (1, 1));
        assert_eq!(Some(f.buffer[0]), f.transparent);
        assert_eq!(d.screens[0], d.screens[1]);
    }

    #[test]
    fn frames_are_in_their_views_language() {
        let (mut pos, first) = game("duo", 2, "lang");
        let action = pos.legal_actions().last().expect("an action").clone();
        let events = pos.play(None, &action).expect("a legal action");
        let pt = |p, e| View::new(p).events(e).lang(Lang::PtBr);
        let mut replay = Replay::new(&pt(&pos, &first), REPLAY_WIDTH);
        replay.push(&pt(&pos, &events));
        let d = decode(&replay.finish());
        let (pt_px, _) = draw(&pt(&pos, &events), REPLAY_WIDTH);
        let (en_px, _) = draw(&View::new(&pos).events(&events), REPLAY_WIDTH);
        let last = d.screens.last().expect("frames");
        let (mean, far) = compare(last, &pt_px, d.width);
        assert!(mean < 1.0 && far < 0.002, "mean {mean}, far {far}");
        let (_, far) = compare(last, &en_px, d.width);
        assert!(far > 0.002, "the English labels show ({far})");
    }

    #[test]
    fn the_width_is_clamped() {
        let (pos, _) = game("single", 1, "w");
        assert_eq!(Replay::new(&View::new(&pos), 10).size().0, MIN_REPLAY_WIDTH);
        assert_eq!(Replay::new(&View::new(&pos), 9_999).size().0, MAX_WIDTH);
    }
}
