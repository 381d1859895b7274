use labscape_core::{
    Lang,
    labscape::{Event, Layout, Position, Settings, SetupMode},
};

use super::{frame::differing, *};
use crate::{MAX_WIDTH, View, labscape::context::Scene};

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
