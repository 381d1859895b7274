//! The replay: an animated GIF of a game, one frame per turn shown (rendering notes §3.6).
//! Any game's frames go through it: Labscape's (`labscape/replay.rs`) and the board games'
//! (`board.rs`).
//!
//! Every frame is the turn image drawn at a chat-friendly width (drawn at that width, not
//! resampled). The first frame covers the whole screen; every later frame holds only the
//! bounding box of the pixels that changed, with the unchanged pixels inside the box set to
//! the transparent index, so a long game stays small.
//!
//! Built as it goes, so a long game costs neither time nor memory to spare:
//! - **One palette, fixed by the first frame** (the same seeded quantiser as the PNG,
//!   `encode.rs`: the theme colours exactly, then the first frame's most common blends).
//!   Every later colour maps to its entry, or its nearest entry, once per distinct colour,
//!   so no quantiser runs over the whole game and a frame is encoded as soon as it is drawn.
//! - **Only what changed is looked at**: a frame's rows are compared with the last frame's
//!   pixels (a memory compare per row), and only the changed spans are mapped to palette
//!   indices; the changed box is LZW-encoded (`lzw.rs`, which crosses runs of one index in
//!   one step) on another thread while the next frame is drawn. What is kept between
//!   frames is the screen as indices, the last frame's pixels, and each frame's compressed
//!   bytes (peak memory is a few frames' pixels plus the GIF).
//! - **A byte budget** ([`MAX_REPLAY_BYTES`] by default): the replay knows the game's
//!   length, measures what its frames cost as they are encoded, and draws every k-th turn
//!   when every turn would not fit (k follows the average cost; a frame that would break
//!   the budget is dropped, and a skipped turn is never drawn). The start and the end are
//!   always shown, and a shortened replay says so in a line under its first frame, in the
//!   replay's language ("Shortened replay: 40 of 496 turns shown, about one in 12"): the
//!   first two frames are kept as indices to be written again with it at the end.
//!
//! Turn images can differ in height (a floor's shape, the header's lines): the screen is as
//! tall as the tallest, and a shorter image is filled below with the page colour.

use std::borrow::Cow;

use labscape_core::Lang;
use tiny_skia::Pixmap;

use crate::{
    draw::{
        canvas::{Align, Canvas},
        encode::{self, Colors, Nearest},
        lzw::Lzw,
        text::Weight,
        theme,
    },
    i18n::tr,
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
/// The default budget of a replay, in bytes: under Discord's default upload limit (10 MiB,
/// image and GIF in one message) with room for the turn image, and far under Telegram's
/// 50 MB.
pub const MAX_REPLAY_BYTES: usize = 8 << 20;

/// Palette entries for colours; one more is the transparent index. 64 entries in all, as in
/// the turn PNG: GIF's LZW codes start one bit shorter than with 128, and a whole `grand`
/// game is about 15% smaller than with 128 entries (20% smaller than with 256) for a
/// difference in anti-aliased edges hard to see at this size.
const PALETTE: usize = 63;
/// The transparent index: "unchanged since the last frame".
const CLEAR: u8 = PALETTE as u8;
/// Bits of a palette index (the LZW minimum code size).
const INDEX_BITS: u8 = 6;
/// Distinct colours told apart (a turn image has a few thousand).
const MAX_COLORS: usize = 60_000;
/// What a frame's size may grow by, at most, when the first two frames are written again
/// with the shortened replay's note, and what the replay keeps free for that.
const NOTE_ROOM: usize = 16 << 10;

/// A drawn frame: its rows in one or more bands of pixels, top to bottom, as wide as the
/// replay.
pub(crate) struct Drawn {
    bands: Vec<Pixmap>,
    /// The first row of each band.
    starts: Vec<u32>,
    height: u32,
}

impl Drawn {
    /// A frame made of `bands` stacked from the top (each at least one row).
    pub(crate) fn new(bands: Vec<Pixmap>) -> Drawn {
        let mut starts = Vec::with_capacity(bands.len());
        let mut height = 0;
        for b in &bands {
            starts.push(height);
            height += b.height();
        }
        Drawn {
            bands,
            starts,
            height,
        }
    }

    /// Row `y` (below the height) as RGBA bytes.
    fn row(&self, y: u32) -> &[u8] {
        let k = self.starts.partition_point(|&s| s <= y) - 1;
        let band = &self.bands[k];
        let w = band.width() as usize * 4;
        let r = (y - self.starts[k]) as usize;
        &band.data()[r * w..][..w]
    }

    fn recycle(self) {
        for b in self.bands {
            encode::recycle(b);
        }
    }
}

/// One frame ready to write: its box, whether it has transparent pixels, and its LZW data
/// (the minimum code size first, as `gif` takes pre-encoded frames).
struct Packed {
    left: u16,
    top: u16,
    width: u16,
    height: u16,
    transparent: bool,
    lzw: Vec<u8>,
}

/// The replay's palette and the index of every colour met so far.
///
/// The first frame chooses most of it; a few entries are kept for colours that appear later
/// and are far from every entry (a player's colour that the first frame does not show, a
/// board game's pieces on its empty board), first come, first served: the palette is
/// written at the end, and indices given out never change.
struct Palette {
    /// The entries, as colour words.
    entries: Vec<u32>,
    colors: Colors,
    /// The palette index of each colour id in `colors`.
    index: Vec<u8>,
    nearest: Nearest,
    /// The theme's colours, sorted: each gets an entry of its own while there is room.
    seed: Vec<u32>,
}

/// Entries the first frame leaves for colours met later.
const SPARE: usize = 4;
/// A colour this far from its nearest entry (weighted squared distance, as [`Nearest`]
/// measures it: about 20 levels in each channel) gets an entry of its own while there is
/// room.
const FAR: i32 = 3600;

impl Palette {
    /// The palette of a replay whose first frame is `first`.
    fn of(first: &Drawn) -> Palette {
        let mut colors = Colors::new(MAX_COLORS);
        for y in 0..first.height {
            let row = first.row(y);
            let mut run = (u32::MAX, 0);
            for p in row.chunks_exact(4) {
                let w = word(p);
                if w == run.0 {
                    run.1 += 1;
                } else {
                    if run.1 > 0 {
                        colors.id(run.0, run.1);
                    }
                    run = (w, 1);
                }
            }
            colors.id(run.0, run.1);
        }
        let mut seed = theme::seed();
        let (entries, index) = encode::quantise(&colors, &seed, PALETTE - SPARE);
        seed.sort_unstable();
        let nearest = Nearest::new(&entries);
        Palette {
            entries,
            colors,
            index,
            nearest,
            seed,
        }
    }

    /// The index of colour word `c`.
    fn index(&mut self, c: u32) -> u8 {
        if self.colors.len() >= MAX_COLORS && self.colors.find(c).is_none() {
            // The table is full (never seen in practice): look it up without keeping it.
            return self.nearest.find(c);
        }
        let id = usize::from(self.colors.id(c, 0));
        if id == self.index.len() {
            let near = self.nearest.find(c);
            let ix = if self.entries.len() < PALETTE
                && (self.seed.binary_search(&c).is_ok()
                    || distance(c, self.entries[usize::from(near)]) >= FAR)
            {
                self.entries.push(c);
                self.nearest = Nearest::new(&self.entries);
                (self.entries.len() - 1) as u8
            } else {
                near
            };
            self.index.push(ix);
        }
        self.index[id]
    }

    /// RGBA pixels as indices.
    fn convert(&mut self, pixels: &[u8], out: &mut [u8]) {
        let (mut last, mut ix) = (u32::MAX, 0);
        for (p, o) in pixels.chunks_exact(4).zip(out) {
            let w = word(p);
            if w != last {
                (last, ix) = (w, self.index(w));
            }
            *o = ix;
        }
    }
}

/// The weighted squared distance of two colour words (red 3, green 4, blue 2, as
/// [`Nearest`] weighs them).
fn distance(a: u32, b: u32) -> i32 {
    let d = |k: u32| ((a >> k) & 255) as i32 - ((b >> k) & 255) as i32;
    3 * d(0) * d(0) + 4 * d(8) * d(8) + 2 * d(16) * d(16)
}

/// An RGBA pixel (opaque) as a colour word: red in the low byte.
fn word(p: &[u8]) -> u32 {
    u32::from(p[0]) | (u32::from(p[1]) << 8) | (u32::from(p[2]) << 16)
}

/// Row `y` of `d`, or `page` (a row of the page colour) below it.
fn row_or_page<'a>(d: &'a Drawn, y: u32, page: &'a [u8]) -> &'a [u8] {
    if y < d.height { d.row(y) } else { page }
}

/// A GIF dimension.
fn dim(v: usize) -> u16 {
    u16::try_from(v).expect("a replay frame is under 65,536 pixels on each side")
}

/// Which turns are drawn: all of them while the budget allows, else every k-th, k chosen
/// from what the frames so far cost.
#[derive(Debug)]
struct Plan {
    /// Turns after the start: pushes `0..=turns`, the last always drawn.
    turns: usize,
    budget: usize,
    /// The next push's turn.
    turn: usize,
    /// The next turn drawn (unless it is past the end: the last is drawn anyway).
    next_drawn: usize,
    /// Turns shown so far (the start is not a turn).
    shown: usize,
    /// Frames kept between the start and the end, and their bytes.
    kept: (usize, usize),
    /// Bytes kept free for the last frame and the note.
    reserve: usize,
}

impl Plan {
    fn wants(&self) -> bool {
        self.turn <= 1 || self.turn >= self.turns || self.turn >= self.next_drawn
    }

    /// Sets the next turn drawn after turn `t` (encoded, kept or `dropped`), with `used`
    /// bytes spent so far.
    fn schedule(&mut self, t: usize, used: usize, dropped: bool) {
        let left = self.turns.saturating_sub(t + 1);
        let room = self.budget.saturating_sub(used + self.reserve);
        let typical = self.kept.1 as f64 / self.kept.0.max(1) as f64;
        // A frame after skipping turns holds more change than one after a single turn: a
        // margin (the average follows as the stride grows, and a frame that would break
        // the budget is dropped anyway).
        let affordable = (room as f64 / (typical.max(1.0) * 1.15)).floor() as usize;
        let stride = if affordable >= left {
            1
        } else if affordable == 0 {
            left + 1
        } else {
            left.div_ceil(affordable)
        };
        let stride = if dropped { stride.max(2) } else { stride };
        self.next_drawn = t + stride;
    }

    /// Records the size of a frame kept between the start and the end.
    fn cost(&mut self, bytes: usize) {
        self.kept = (self.kept.0 + 1, self.kept.1 + bytes);
    }
}

/// An animated GIF being built: [`Replay::new`] with the game's length, a push for the
/// start and for every turn after it (`push` with a Labscape view; the board games go
/// through [`render_board_gif`](crate::render_board_gif)), then [`Replay::finish`] for the
/// bytes.
///
/// Each frame is drawn in its own view's language ([`View::lang`](crate::View::lang)): give
/// every view the replay's language.
///
/// Deterministic: the same views give the same bytes. Drawing dominates the cost (a few
/// milliseconds a frame drawn); call it from `spawn_blocking` in async code.
///
/// ```
/// use labscape_core::{Lang, labscape::{Layout, Position, Settings, SetupMode}};
/// use labscape_render::{REPLAY_WIDTH, Replay, View};
/// let settings = Settings {
///     layout: Layout::parse("single").unwrap(),
///     difficulty: Default::default(),
///     setup: SetupMode::Random,
///     players: vec!["ana".into()],
/// };
/// let (mut pos, events) = Position::new_game(&settings, "seed").unwrap();
/// let mut replay = Replay::new(REPLAY_WIDTH, 1, Lang::En);
/// replay.push(&View::new(&pos).events(&events));
/// let action = pos.legal_actions()[0].clone();
/// let events = pos.play(None, &action).unwrap();
/// replay.push(&View::new(&pos).events(&events));
/// assert_eq!(replay.frames(), 2);
/// assert_eq!(&replay.finish()[..6], b"GIF89a");
/// ```
pub struct Replay {
    width: u32,
    lang: Lang,
    plan: Plan,
    /// Fixed by the first frame.
    palette: Option<Palette>,
    /// The screen's height so far: the tallest frame.
    height: u32,
    /// What a viewer sees after the last frame kept, as indices, `width × height`.
    screen: Vec<u8>,
    /// The last frame kept, as drawn.
    last: Option<Drawn>,
    /// The frame drawn last, with its turn, encoded while the next one is drawn.
    pending: Option<(usize, Drawn)>,
    /// The first frame as indices (its own height) and the screen after the second: kept
    /// to write both again with the note of a shortened replay.
    first: (Vec<u8>, u32),
    second: Option<(Vec<u8>, u32)>,
    frames: Vec<Packed>,
    /// Bytes of the frames so far.
    bytes: usize,
    lzw: Lzw,
    /// A row of the page colour, as RGBA bytes: what is below a shorter frame.
    page_row: Vec<u8>,
    /// The rows the frame being pushed changes, their new indices in `conv`.
    changes: Vec<Change>,
    conv: Vec<u8>,
    /// The frame's data to encode (reused).
    data: Vec<u8>,
}

impl std::fmt::Debug for Replay {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Replay")
            .field("width", &self.width)
            .field("height", &self.height)
            .field("frames", &self.frames.len())
            .field("bytes", &self.bytes)
            .field("plan", &self.plan)
            .finish()
    }
}

/// The page colour as a word: what is below a frame shorter than the screen.
fn page() -> u32 {
    let p = theme::PAGE;
    u32::from(p.0) | (u32::from(p.1) << 8) | (u32::from(p.2) << 16)
}

/// The box of what differs between two equally long rows of RGBA bytes: (first, last)
/// pixel. Eight bytes at a time: every row of every frame is compared.
fn differing(old: &[u8], new: &[u8]) -> Option<(usize, usize)> {
    if old == new {
        return None;
    }
    let word = |c: &[u8]| u64::from_le_bytes(c.try_into().expect("eight bytes"));
    let first = old
        .chunks_exact(8)
        .zip(new.chunks_exact(8))
        .enumerate()
        .find_map(|(i, (a, b))| {
            let d = word(a) ^ word(b);
            (d != 0).then(|| i * 8 + d.trailing_zeros() as usize / 8)
        })
        .or_else(|| {
            let start = old.len() / 8 * 8;
            (start..old.len()).find(|&i| old[i] != new[i])
        })?;
    let tail = old.len() % 8;
    let last = (old.len() - tail..old.len())
        .rev()
        .find(|&i| old[i] != new[i])
        .or_else(|| {
            let body = old.len() - tail;
            old[..body]
                .rchunks_exact(8)
                .zip(new[..body].rchunks_exact(8))
                .enumerate()
                .find_map(|(i, (a, b))| {
                    let d = word(a) ^ word(b);
                    (d != 0).then(|| body - 8 * (i + 1) + 7 - d.leading_zeros() as usize / 8)
                })
        })?;
    Some((first / 4, last / 4))
}

impl Replay {
    /// A replay `width` pixels wide (clamped to [`MIN_REPLAY_WIDTH`]..=[`MAX_WIDTH`](crate::MAX_WIDTH);
    /// see [`REPLAY_WIDTH`]) of a game of `turns` turns after its start, in `lang` (the
    /// language of its note), in at most [`MAX_REPLAY_BYTES`]: push the start and then every
    /// turn, `turns + 1` pushes in all.
    pub fn new(width: u32, turns: usize, lang: Lang) -> Replay {
        Replay::exactly(width.clamp(MIN_REPLAY_WIDTH, crate::MAX_WIDTH), turns, lang)
    }

    /// A replay exactly `width` pixels wide: every frame pushed must be that wide.
    pub(crate) fn exactly(width: u32, turns: usize, lang: Lang) -> Replay {
        let p = theme::PAGE;
        Replay {
            width,
            lang,
            plan: Plan {
                turns,
                budget: MAX_REPLAY_BYTES,
                turn: 0,
                next_drawn: 0,
                shown: 0,
                kept: (0, 0),
                reserve: 0,
            },
            palette: None,
            height: 0,
            screen: Vec::new(),
            last: None,
            pending: None,
            first: (Vec::new(), 0),
            second: None,
            frames: Vec::new(),
            bytes: 0,
            lzw: Lzw::new(INDEX_BITS),
            page_row: [p.0, p.1, p.2, 255].repeat(width as usize),
            changes: Vec::new(),
            conv: Vec::new(),
            data: Vec::new(),
        }
    }

    /// The same replay with a budget of `bytes` instead of [`MAX_REPLAY_BYTES`]. The budget
    /// holds whenever it has room for the start and the end: those are always shown.
    #[must_use]
    pub fn budget(mut self, bytes: usize) -> Replay {
        self.plan.budget = bytes;
        self
    }

    /// Whether the next push is drawn (the turns a shortened replay skips are not).
    pub(crate) fn wants(&self) -> bool {
        self.plan.wants()
    }

    /// Counts a push that is not drawn.
    pub(crate) fn skip(&mut self) {
        debug_assert!(!self.wants());
        self.plan.turn += 1;
    }

    /// Adds the next push's frame, drawn by `draw` (given the replay's width, it returns the
    /// frame's bands, top to bottom, each as wide as the replay). The frame before it is
    /// encoded on another thread meanwhile: drawing and encoding take both cores.
    pub(crate) fn push_with(&mut self, draw: impl FnOnce(u32) -> Vec<Pixmap>) {
        let turn = self.plan.turn;
        debug_assert!(turn <= self.plan.turns, "more pushes than the game's turns");
        self.plan.turn += 1;
        let width = self.width;
        let pending = self.pending.take();
        let this = &mut *self;
        let bands = std::thread::scope(|s| {
            let encoding = pending.map(|(t, d)| s.spawn(move || this.encode(t, d)));
            let bands = draw(width);
            if let Some(e) = encoding {
                e.join().expect("encoding a frame does not panic");
            }
            bands
        });
        self.pending = Some((turn, Drawn::new(bands)));
    }

    /// Encodes the frame waiting, if any.
    fn flush(&mut self) {
        if let Some((t, d)) = self.pending.take() {
            self.encode(t, d);
        }
    }

    /// Encodes turn `turn`'s frame (as wide as the replay): kept unless it would break the
    /// budget.
    fn encode(&mut self, turn: usize, drawn: Drawn) {
        debug_assert!(drawn.bands.iter().all(|b| b.width() == self.width));
        if self.palette.is_none() {
            self.start(drawn);
        } else if let Some(packed) = self.delta(&drawn) {
            let size = packed.lzw.len();
            let ending = turn >= self.plan.turns;
            if ending || self.bytes + size + self.plan.reserve <= self.plan.budget {
                self.keep(drawn, packed);
                if turn > 0 {
                    self.plan.shown += 1;
                }
                if !ending {
                    self.plan.cost(size);
                    self.plan.schedule(turn, self.bytes, false);
                }
            } else {
                drawn.recycle();
                self.plan.schedule(turn, self.bytes, true);
            }
        } else {
            // Nothing changed: one transparent pixel still holds the turn's delay.
            let packed = self.pack(0, 0, 1, 1, true, &[CLEAR]);
            self.keep(drawn, packed);
            if turn > 0 {
                self.plan.shown += 1;
            }
        }
    }

    /// The first frame: the palette, the screen, and the frame whole.
    fn start(&mut self, drawn: Drawn) {
        let mut palette = Palette::of(&drawn);
        let (w, h) = (self.width as usize, drawn.height as usize);
        let mut screen = vec![0; w * h];
        for (y, row) in screen.chunks_exact_mut(w).enumerate() {
            palette.convert(drawn.row(y as u32), row);
        }
        self.palette = Some(palette);
        let packed = self.pack(0, 0, w, h, false, &screen);
        // The last frame can cost as much as a whole one, and a note is added at the end.
        self.plan.reserve = packed.lzw.len() * 3 / 2 + NOTE_ROOM;
        self.bytes = packed.lzw.len();
        self.frames.push(packed);
        self.first = (screen.clone(), drawn.height);
        self.screen = screen;
        self.height = drawn.height;
        self.last = Some(drawn);
    }

    /// Keeps a frame: the screen takes its box, and it is the last frame from now on.
    fn keep(&mut self, drawn: Drawn, packed: Packed) {
        let w = self.width as usize;
        for c in self.changes.drain(..) {
            let (a, b) = c.span;
            self.screen[c.y * w + a..=c.y * w + b]
                .copy_from_slice(&self.conv[c.at + a - c.from..=c.at + b - c.from]);
        }
        self.bytes += packed.lzw.len();
        self.frames.push(packed);
        if self.frames.len() == 2 {
            self.second = Some((self.screen.clone(), self.height));
        }
        if let Some(old) = self.last.replace(drawn) {
            old.recycle();
        }
    }

    /// The frame that takes the screen to `drawn`, or `None` when no pixel changed. Leaves
    /// the changed rows as indices in `changes` for [`Replay::keep`].
    ///
    /// One pass over the rows compares them as drawn (a memory compare each); only the
    /// changed span of a changed row is mapped to indices and compared again (two colours
    /// can share an entry); the frame's data is then written row by row, the unchanged
    /// stretches as runs without looking at them pixel by pixel.
    fn delta(&mut self, drawn: &Drawn) -> Option<Packed> {
        let w = self.width as usize;
        let Replay {
            palette,
            last,
            screen,
            page_row,
            changes,
            conv,
            height,
            data,
            ..
        } = self;
        let palette = palette.as_mut().expect("the first frame sets the palette");
        let last = last.as_ref().expect("a frame before this one");
        // The screen grows to the tallest frame; below a shorter frame is the page.
        if drawn.height > *height {
            let page_ix = palette.index(page());
            screen.resize(w * drawn.height as usize, page_ix);
            *height = drawn.height;
        }
        let rows = |d, y| row_or_page(d, y, page_row);
        changes.clear();
        conv.clear();
        let mut any = false;
        let (mut top, mut bottom, mut left, mut right) = (usize::MAX, 0, usize::MAX, 0);
        for y in 0..*height {
            let (old, new) = (rows(last, y), rows(drawn, y));
            let Some((ra, rb)) = differing(old, new) else {
                continue;
            };
            any = true;
            let y = y as usize;
            let off = conv.len();
            conv.resize(off + rb - ra + 1, 0);
            palette.convert(&new[ra * 4..(rb + 1) * 4], &mut conv[off..]);
            let (was, now) = (&screen[y * w + ra..=y * w + rb], &conv[off..]);
            let pairs = || was.iter().zip(now);
            let Some(a) = pairs().position(|(o, n)| o != n) else {
                conv.truncate(off);
                continue;
            };
            let b = pairs().rposition(|(o, n)| o != n).unwrap_or(a);
            changes.push(Change {
                y,
                from: ra,
                at: off,
                span: (ra + a, ra + b),
            });
            top = top.min(y);
            bottom = y;
            left = left.min(ra + a);
            right = right.max(ra + b);
        }
        if !any {
            return None;
        }
        if changes.is_empty() {
            // The pixels changed but not their indices.
            return Some(self.pack(0, 0, 1, 1, true, &[CLEAR]));
        }
        data.clear();
        let mut transparent = false;
        let mut prev = CLEAR;
        let mut next = changes.iter().peekable();
        for y in top..=bottom {
            let row = &screen[y * w..][..w];
            let change = next.next_if(|c| c.y == y);
            let Some(c) = change else {
                unchanged(&row[left..=right], &mut prev, &mut transparent, data);
                continue;
            };
            let (a, b) = c.span;
            unchanged(&row[left..a], &mut prev, &mut transparent, data);
            let now = &conv[c.at + a - c.from..=c.at + b - c.from];
            changed(&row[a..=b], now, &mut prev, &mut transparent, data);
            unchanged(&row[b + 1..=right], &mut prev, &mut transparent, data);
        }
        let data = std::mem::take(&mut self.data);
        let packed = self.pack(
            left,
            top,
            right - left + 1,
            bottom - top + 1,
            transparent,
            &data,
        );
        self.data = data;
        Some(packed)
    }

    /// A frame of `data` (indices, `w × h`) at `(l, t)`, LZW-encoded.
    fn pack(
        &mut self,
        l: usize,
        t: usize,
        w: usize,
        h: usize,
        transparent: bool,
        data: &[u8],
    ) -> Packed {
        let mut lzw = Vec::with_capacity(data.len() / 8 + 16);
        self.lzw.encode(data, &mut lzw);
        Packed {
            left: dim(l),
            top: dim(t),
            width: dim(w),
            height: dim(h),
            transparent,
            lzw,
        }
    }

    /// Frames kept so far (the last one pushed counts: it is the game's end, or the start,
    /// shown whatever the budget, or it is kept unless it breaks the budget).
    pub fn frames(&self) -> usize {
        self.frames.len() + usize::from(self.pending.is_some())
    }

    /// The screen's size in pixels so far: the width and the tallest frame's height.
    pub fn size(&self) -> (u32, u32) {
        (self.width, self.height)
    }

    /// Turns shown so far, not counting the start (counted as [`Replay::frames`] counts).
    pub fn turns_shown(&self) -> usize {
        let waiting = self.pending.as_ref().is_some_and(|(t, _)| *t > 0);
        self.plan.shown + usize::from(waiting)
    }

    /// The note of a shortened replay, as rows of indices as wide as the replay.
    fn note(&mut self, shown: usize, total: usize) -> Vec<u8> {
        let w = self.width;
        let size = (w as f32 / 40.0).round().max(12.0);
        let band = (size * 2.0).round();
        let mut cv = Canvas::new(w, w as f32, band, theme::PAGE);
        let step = (total as f64 / shown.max(1) as f64).round().max(2.0) as usize;
        let text = tr!(
            self.lang,
            "replay-shortened",
            shown = shown,
            total = total,
            step = step
        );
        let text = cv.fit(&text, size, Weight::Regular, w as f32 - 2.0 * size);
        cv.text(
            &text,
            (w as f32 / 2.0, size * 1.35),
            size,
            Weight::Regular,
            theme::INK_SOFT,
            Align::Center,
        );
        let drawn = Drawn::new(vec![cv.pix]);
        let palette = self.palette.as_mut().expect("a frame before the note");
        let mut rows = vec![0; w as usize * drawn.height as usize];
        for (y, row) in rows.chunks_exact_mut(w as usize).enumerate() {
            palette.convert(drawn.row(y as u32), row);
        }
        drawn.recycle();
        rows
    }

    /// The GIF: the palette, then the frames, looping forever; each turn shows for
    /// [`FRAME_DELAY_CS`], the last for [`LAST_FRAME_DELAY_CS`].
    ///
    /// # Panics
    ///
    /// If nothing was pushed: a replay shows at least the start.
    pub fn finish(mut self) -> Vec<u8> {
        self.flush();
        assert!(!self.frames.is_empty(), "a replay shows at least the start");
        let w = self.width as usize;
        let pushed = self.plan.turn.saturating_sub(1);
        let note = (self.plan.shown < pushed).then(|| self.note(self.plan.shown, pushed));
        let page_ix = self.palette.as_mut().expect("a first frame").index(page());
        let (mut first, first_h) = std::mem::take(&mut self.first);
        let note_h = note.as_ref().map_or(0, |n| n.len() / w);
        let h = (self.height as usize).max(first_h as usize + note_h);
        // The first frame covers the whole screen: the note and the page below it.
        if h > first_h as usize {
            if let Some(n) = &note {
                first.extend_from_slice(n);
            }
            first.resize(w * h, page_ix);
            self.frames[0] = self.pack(0, 0, w, h, false, &first);
        }
        // The second frame takes the note away.
        if note.is_some()
            && let Some((mut second, _)) = self.second.take()
        {
            second.resize(w * h, page_ix);
            let mut data = Vec::new();
            self.frames[1] = match frame_data(&first, w, &second, (0, 0, w, h), &mut data) {
                Some((l, t, fw, fh, transparent)) => self.pack(l, t, fw, fh, transparent, &data),
                None => self.pack(0, 0, 1, 1, true, &[CLEAR]),
            };
        }

        let palette = self.palette.as_ref().expect("a first frame");
        let mut rgb = encode::rgb_bytes(&palette.entries);
        rgb.resize(3 << INDEX_BITS, 0);
        let size: usize = self.frames.iter().map(|f| f.lzw.len() + 32).sum();
        let mut out = Vec::with_capacity(size + rgb.len() + 64);
        let mut enc = gif::Encoder::new(&mut out, dim(w), dim(h), &rgb)
            .expect("writing a GIF header to memory");
        enc.set_repeat(gif::Repeat::Infinite)
            .expect("writing to memory");
        let n = self.frames.len();
        for (i, f) in self.frames.iter().enumerate() {
            let frame = gif::Frame {
                delay: if i + 1 == n {
                    LAST_FRAME_DELAY_CS
                } else {
                    FRAME_DELAY_CS
                },
                dispose: gif::DisposalMethod::Keep,
                transparent: f.transparent.then_some(CLEAR),
                left: f.left,
                top: f.top,
                width: f.width,
                height: f.height,
                buffer: Cow::Borrowed(&f.lzw),
                ..gif::Frame::default()
            };
            enc.write_lzw_pre_encoded_frame(&frame)
                .expect("writing a GIF frame to memory");
        }
        enc.into_inner().expect("writing the GIF trailer to memory");
        out
    }
}

/// A changed row of a frame being pushed: its new indices from pixel `from` on are
/// `conv[at..]`, and those that differ from the screen lie in `span` (first, last pixel).
struct Change {
    y: usize,
    from: usize,
    at: usize,
    span: (usize, usize),
}

/// Writes a stretch of unchanged pixels `seg` into `data`: the run of `prev`'s index going
/// on, then transparent (runs compress better).
fn unchanged(seg: &[u8], prev: &mut u8, transparent: &mut bool, data: &mut Vec<u8>) {
    let k = seg.iter().take_while(|&&p| p == *prev).count();
    data.extend_from_slice(&seg[..k]);
    if k < seg.len() {
        data.resize(data.len() + seg.len() - k, CLEAR);
        (*prev, *transparent) = (CLEAR, true);
    }
}

/// A span whose indices went from `old` to `new`, written into `data`: each pixel its new
/// index, but [`CLEAR`] where it kept its index and does not continue the run before it.
fn changed(old: &[u8], new: &[u8], prev: &mut u8, transparent: &mut bool, data: &mut Vec<u8>) {
    for (&o, &n) in old.iter().zip(new) {
        let v = if n == o && *prev != n {
            *transparent = true;
            CLEAR
        } else {
            n
        };
        data.push(v);
        *prev = v;
    }
}

/// The frame that takes `screen` (indices, `w` wide) to `boxed` over the box
/// `(left, top, width, height)`: the box shrunk to the indices that differ, written into
/// `data` with unchanged pixels as [`CLEAR`] unless they continue a run of their own index
/// (longer runs compress better). Returns the shrunk box and whether any pixel is
/// transparent, or `None` when no index differs.
fn frame_data(
    screen: &[u8],
    w: usize,
    boxed: &[u8],
    (l, t, bw, bh): (usize, usize, usize, usize),
    data: &mut Vec<u8>,
) -> Option<(usize, usize, usize, usize, bool)> {
    let old_row = |y: usize| &screen[(t + y) * w + l..][..bw];
    let new_row = |y: usize| &boxed[y * bw..][..bw];
    let (mut top, mut bottom, mut left, mut right) = (usize::MAX, 0, usize::MAX, 0);
    for y in 0..bh {
        let (old, new) = (old_row(y), new_row(y));
        if old == new {
            continue;
        }
        let pairs = || old.iter().zip(new);
        let first = pairs().position(|(a, b)| a != b).unwrap_or(0);
        let last = pairs().rposition(|(a, b)| a != b).unwrap_or(0);
        top = top.min(y);
        bottom = y;
        left = left.min(first);
        right = right.max(last);
    }
    if top == usize::MAX {
        return None;
    }
    data.clear();
    let mut transparent = false;
    let mut prev = CLEAR;
    for y in top..=bottom {
        let old = &old_row(y)[left..=right];
        let new = &new_row(y)[left..=right];
        if old == new {
            unchanged(new, &mut prev, &mut transparent, data);
        } else {
            changed(old, new, &mut prev, &mut transparent, data);
        }
    }
    Some((
        l + left,
        t + top,
        right - left + 1,
        bottom - top + 1,
        transparent,
    ))
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
        let mut replay = Replay::new(REPLAY_WIDTH, turns, Lang::En);
        replay.push(&View::new(&pos).events(&events));
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
    fn differing_finds_the_first_and_last_changed_pixels() {
        for len in [4, 8, 12, 3200, 3204] {
            let old: Vec<u8> = (0..len).map(|i| (i % 251) as u8).collect();
            assert_eq!(differing(&old, &old), None);
            for (a, b) in [
                (0, 0),
                (0, len - 1),
                (5, 7),
                (len - 1, len - 1),
                (len / 2, len - 2),
            ] {
                let (a, b) = (a.min(len - 1), b.min(len - 1).max(a.min(len - 1)));
                let mut new = old.clone();
                new[a] ^= 1;
                new[b] ^= 2;
                assert_eq!(
                    differing(&old, &new),
                    Some((a / 4, b / 4)),
                    "len {len}, {a}..{b}"
                );
            }
        }
    }

    #[test]
    fn the_same_views_give_the_same_bytes() {
        let a = play("duo", 2, 5).0.finish();
        let b = play("duo", 2, 5).0.finish();
        assert_eq!(a, b);
    }

    #[test]
    fn frames_of_different_heights_share_a_screen_as_tall_as_the_tallest() {
        // Two games of different sizes in one replay: short, tall, short again (a taller
        // building and a header line make the image taller). The same eight players: the
        // first frame shows every colour a real game's replay uses.
        let (small, _) = game("single", 8, "a");
        let (tall, tall_events) = game("grand", 8, "b");
        let small_view = View::new(&small);
        let tall_view = View::new(&tall).events(&tall_events);
        let (small_px, small_h) = draw(&small_view, REPLAY_WIDTH);
        let (tall_px, tall_h) = draw(&tall_view, REPLAY_WIDTH);
        assert!(tall_h > small_h, "the test needs two heights");

        let mut replay = Replay::new(REPLAY_WIDTH, 2, Lang::En);
        replay.push(&small_view);
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
        let mut replay = Replay::new(600, 1, Lang::En);
        replay.push(&view);
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
        let mut replay = Replay::new(REPLAY_WIDTH, 1, Lang::PtBr);
        replay.push(&pt(&pos, &first));
        replay.push(&pt(&pos, &events));
        let d = decode(&replay.finish());
        let (pt_px, _) = draw(&pt(&pos, &events), REPLAY_WIDTH);
        let (en_px, _) = draw(&View::new(&pos).events(&events), REPLAY_WIDTH);
        let last = d.screens.last().expect("frames");
        // A colour the first frame did not have (the last turn's highlight) maps to its
        // nearest palette entry, so a few pixels differ by a shade; the English labels
        // differ in ten times as many.
        let (mean, far) = compare(last, &pt_px, d.width);
        assert!(mean < 1.0 && far < 0.004, "mean {mean}, far {far}");
        let (_, far) = compare(last, &en_px, d.width);
        assert!(far > 0.01, "the English labels show ({far})");
    }

    /// An image drawn as words, and its height.
    type Drawing = (Vec<u32>, u32);

    /// A replay of `turns` turns of a `duo` game in `lang` within `budget` bytes: the GIF,
    /// the turns it shows, and the start, the first turn and the last drawn as words (with
    /// their heights).
    fn budgeted(turns: usize, budget: usize, lang: Lang) -> (Vec<u8>, usize, [Drawing; 3]) {
        let (mut pos, mut events) = game("duo", 2, "budget");
        let mut replay = Replay::new(REPLAY_WIDTH, turns, lang).budget(budget);
        replay.push(&View::new(&pos).events(&events).lang(lang));
        let start = draw(&View::new(&pos).events(&events).lang(lang), REPLAY_WIDTH);
        let mut first = None;
        for _ in 0..turns {
            let action = pos
                .legal_actions()
                .last()
                .expect("a game in progress")
                .clone();
            events = pos.play(None, &action).expect("a legal action");
            replay.push(&View::new(&pos).events(&events).lang(lang));
            if first.is_none() {
                first = Some(draw(
                    &View::new(&pos).events(&events).lang(lang),
                    REPLAY_WIDTH,
                ));
            }
        }
        let last = draw(&View::new(&pos).events(&events).lang(lang), REPLAY_WIDTH);
        let shown = replay.turns_shown();
        (
            replay.finish(),
            shown,
            [start, first.expect("a turn"), last],
        )
    }

    #[test]
    fn a_replay_over_its_budget_shows_fewer_turns_and_says_so_under_its_first_frame() {
        let turns = 40;
        let (whole, shown, _) = budgeted(turns, usize::MAX, Lang::En);
        assert_eq!(shown, turns);
        assert_eq!(decode(&whole).frames.len(), turns + 1);

        let budget = whole.len() * 2 / 3;
        let (gif, shown, [start, first, last]) = budgeted(turns, budget, Lang::En);
        assert!(gif.len() <= budget, "{} > {budget}", gif.len());
        assert!(shown >= 2 && shown < turns, "{shown} turns shown");
        let d = decode(&gif);
        assert_eq!(d.frames.len(), shown + 1, "the start and the turns shown");
        // The note: ink in the rows under the start's image, on the first frame only.
        let w = d.width;
        let under = |screen: &[u32]| {
            screen[start.1 as usize * w..]
                .iter()
                .filter(|&&p| p != page())
                .count()
        };
        assert!(under(&d.screens[0]) > 200, "a line under the first frame");
        let (mean, far) = compare(&d.screens[1], &first.0, w);
        assert!(
            mean < 1.0 && far < 0.002,
            "the note is gone: mean {mean}, far {far}"
        );
        let (mean, far) = compare(d.screens.last().expect("frames"), &last.0, w);
        assert!(mean < 1.0 && far < 0.002, "the end: mean {mean}, far {far}");
        assert_eq!(d.frames.last().expect("frames").delay, LAST_FRAME_DELAY_CS);

        // Said in the replay's language.
        let (pt, _, [pt_start, ..]) = budgeted(turns, budget, Lang::PtBr);
        let p = decode(&pt);
        assert!(pt.len() <= budget);
        let note = |d: &Decoded, h: u32| d.screens[0][h as usize * w..][..30 * w].to_vec();
        assert_ne!(note(&p, pt_start.1), note(&d, start.1));
    }

    #[test]
    fn whatever_the_budget_the_start_and_the_end_are_shown() {
        let (gif, shown, [.., last]) = budgeted(12, 1, Lang::En);
        let d = decode(&gif);
        assert_eq!((shown, d.frames.len()), (1, 2));
        let (mean, far) = compare(&d.screens[1], &last.0, d.width);
        assert!(mean < 1.0 && far < 0.002, "mean {mean}, far {far}");
    }

    #[test]
    fn the_width_is_clamped() {
        let (pos, _) = game("single", 1, "w");
        let size = |w| {
            let mut r = Replay::new(w, 0, Lang::En);
            r.push(&View::new(&pos));
            r.size().0
        };
        assert_eq!(size(10), MIN_REPLAY_WIDTH);
        assert_eq!(size(9_999), MAX_WIDTH);
    }
}
