//! The replay GIF's first and last frames against their goldens.

use labscape_core::labscape::{Position, SetupMode};
use labscape_render::{Lang, View};

use crate::common;
use crate::images::*;

/// The screens after a GIF's first and last frames, as a viewer sees them (each frame laid
/// over the ones before, its transparent pixels showing them).
pub(crate) fn first_and_last_screens(gif_bytes: &[u8]) -> (Image, Image) {
    let mut opts = gif::DecodeOptions::new();
    opts.set_color_output(gif::ColorOutput::RGBA);
    let mut dec = opts.read_info(gif_bytes).expect("a GIF");
    let (w, h) = (u32::from(dec.width()), u32::from(dec.height()));
    let mut screen = vec![0u8; (w * h * 3) as usize];
    let mut first = None;
    while let Some(f) = dec.read_next_frame().expect("a frame") {
        let (l, t, fw) = (
            usize::from(f.left),
            usize::from(f.top),
            usize::from(f.width),
        );
        for (i, px) in f.buffer.chunks_exact(4).enumerate() {
            if px[3] > 0 {
                let at = ((t + i / fw) * w as usize + l + i % fw) * 3;
                screen[at..at + 3].copy_from_slice(&px[..3]);
            }
        }
        if first.is_none() {
            first = Some(screen.clone());
        }
    }
    let image = |rgb| Image {
        width: w,
        height: h,
        rgb,
    };
    (image(first.expect("a first frame")), image(screen))
}

/// The first and last frames of a replay of a whole `duo` game in both languages, held
/// under a budget that shows one turn in a few, so the first frame carries its note.
#[test]
pub(crate) fn replay_first_and_last_frames_match_their_goldens() {
    use labscape_render::{REPLAY_WIDTH, Replay};
    let seed = "replay-golden";
    let (start, start_events) =
        Position::new_game(&common::settings("duo", 2, SetupMode::Random), seed)
            .expect("a new game");
    let mut pos = start.clone();
    let mut pick = common::Pick::new(7);
    let mut actions = Vec::new();
    while !pos.is_over() && actions.len() < 400 {
        let action = common::choose(&pos, &mut pick);
        pos.play(None, &action).expect("a legal action");
        actions.push(action);
    }
    for (lang, suffix) in [(Lang::En, ""), (Lang::PtBr, "_pt")] {
        let mut replay = Replay::new(REPLAY_WIDTH, actions.len(), lang).budget(300 << 10);
        let mut pos = start.clone();
        replay.push(
            &View::new(&pos)
                .events(&start_events)
                .title("Replay")
                .lang(lang),
        );
        for a in &actions {
            let events = pos.play(None, a).expect("a legal action");
            replay.push(&View::new(&pos).events(&events).title("Replay").lang(lang));
        }
        assert!(replay.turns_shown() < actions.len(), "a shortened replay");
        let (first, last) = first_and_last_screens(&replay.finish());
        check_golden(&format!("replay_duo_first{suffix}"), &encode_rgb(&first));
        check_golden(&format!("replay_duo_last{suffix}"), &encode_rgb(&last));
    }
}

/// The first and last frames of a short replay of each kind of board image (a square
/// board with stones, lights and faces, fog, a hexagon, both pitches), one piece moved a
/// turn: what the replay's incremental drawing must keep.
#[test]
pub(crate) fn board_replays_first_and_last_frames_match_their_goldens() {
    use labscape_render::{BOARD_WIDTH, render_board_gif};
    let games = [
        "semaforo",
        "gatos_caes",
        "rastros",
        "avanco",
        "flume",
        "produto",
        "soccolot",
        "sages",
        "skarb_8",
        "skarb_25",
    ];
    for (name, frames) in crate::boards::board_games(12) {
        if !games.contains(&name) {
            continue;
        }
        let gif = render_board_gif(&frames, BOARD_WIDTH, Lang::En).expect("frames");
        let (first, last) = first_and_last_screens(&gif);
        check_golden(&format!("replay_{name}_first"), &encode_rgb(&first));
        check_golden(&format!("replay_{name}_last"), &encode_rgb(&last));
    }
}
