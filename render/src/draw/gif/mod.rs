//! The replay: an animated GIF of a game, one frame per turn shown (rendering notes §3.6).
//! Any game's frames go through it: Labscape's (`labscape/replay.rs`) and the board games'
//! (`board/gif.rs`).
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

use crate::{
    draw::{
        canvas::{Align, Canvas},
        damage::Cells,
        encode,
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

mod changed;
mod delta;
mod frame;
mod palette;
mod plan;

pub(crate) use changed::Changed;
pub(crate) use frame::Drawn;
use frame::{Change, Packed, dim, frame_data};
use palette::Palette;
use plan::Plan;

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
    /// The cells' hashes of the frame drawn last, for a frame drawn only where it changed
    /// ([`Replay::push_changed`]).
    prior: Option<Cells>,
    /// The rows, as indices, that changed in frames drawn but not kept since the last one
    /// kept (the budget dropped them), by row: a frame that says which rows changed counts
    /// them from the frame drawn before it, and leaves the others unwritten.
    unkept: std::collections::BTreeMap<u32, Vec<u8>>,
    /// The pixels of the frame drawn last (kept or not), as RGBA rows, and its height: a
    /// frame that says which rows changed is compared with it on those rows, so that only
    /// the pixels that differ are mapped to indices.
    drawn_rgba: Vec<u8>,
    drawn_h: u32,
    /// Every frame drawn whole (a test's reference).
    #[cfg(test)]
    pub(crate) whole: bool,
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
            prior: None,
            unkept: std::collections::BTreeMap::new(),
            drawn_rgba: Vec::new(),
            drawn_h: 0,
            #[cfg(test)]
            whole: false,
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

    /// Adds the next push's frame, drawn by `draw`, given the replay's width, while the
    /// frame before is encoded on another thread.
    fn push_drawn(&mut self, draw: impl FnOnce(u32) -> Drawn + Send) {
        let turn = self.plan.turn;
        debug_assert!(turn <= self.plan.turns, "more pushes than the game's turns");
        self.plan.turn += 1;
        let width = self.width;
        let pending = self.pending.take();
        let this = &mut *self;
        let (bands, ()) = rayon::join(
            || draw(width),
            move || {
                if let Some((t, d)) = pending {
                    this.encode(t, d);
                }
            },
        );
        self.pending = Some((turn, bands));
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
        debug_assert!(drawn.is_wide(self.width));
        let mut drawn = drawn;
        if self.drawn_h == drawn.height {
            drawn.fill_unchanged(&self.drawn_rgba);
        }
        if self.palette.is_none() {
            self.remember(&drawn);
            self.start(drawn);
        } else if let Some(packed) = self.delta(&drawn) {
            self.remember(&drawn);
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
                self.dropped(&drawn);
                drawn.recycle();
                self.plan.schedule(turn, self.bytes, true);
            }
        } else {
            self.remember(&drawn);
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
        self.hold(drawn);
    }

    /// Keeps `drawn` as the last frame when the next is compared with it, row by row (a
    /// frame that says which rows changed is not).
    fn hold(&mut self, drawn: Drawn) {
        self.unkept.clear();
        let old = if drawn.changed.is_some() {
            drawn.recycle();
            self.last.take()
        } else {
            self.last.replace(drawn)
        };
        if let Some(old) = old {
            old.recycle();
        }
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
        self.hold(drawn);
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
        let mut rgb = encode::rgb_bytes(palette.entries());
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

#[cfg(test)]
mod tests;
