//! Labscape's replay GIF: the record replayed from its seed, one frame per turn, under the
//! upload limits of both platforms; and a position's image with no turn told.

use labscape_core::labscape::{Event, Position, Record, RecordError};

use super::record::labscape_record;
use crate::{games::GameRecord, i18n::Lang};

/// The image of `pos` with no last-turn overlay, `width` pixels wide.
pub fn render_position(pos: &Position, width: Option<u32>) -> Vec<u8> {
    labscape_render::render_png(&labscape_render::View::new(pos), width)
}

/// A game's replay, from its record.
///
/// # Errors
/// The reason, when the record does not replay.
pub fn replay(r: &GameRecord, lang: Lang) -> Result<Vec<u8>, String> {
    render_replay_within(&labscape_record(r), &r.title, lang, MAX_REPLAY_BYTES)
        .map_err(|e| e.to_string())
}

/// The largest replay GIF posted: under Discord's default upload limit (10 MiB, image
/// and GIF in one message) with room for the turn image, and far under Telegram's 50 MB.
pub const MAX_REPLAY_BYTES: usize = 8 << 20;

/// A game's replay in at most `budget` bytes: every turn at the usual width if that fits;
/// otherwise every k-th turn (the start and the end always shown), then narrower frames,
/// until it fits; at worst the start and the end alone, at the narrowest width.
pub fn render_replay_within(
    record: &Record,
    game_name: &str,
    lang: Lang,
    budget: usize,
) -> Result<Vec<u8>, RecordError> {
    use labscape_render::{MIN_REPLAY_WIDTH, REPLAY_WIDTH};
    let (mut stride, mut width) = (1usize, REPLAY_WIDTH);
    for _ in 0..6 {
        let gif = draw_replay(record, game_name, lang, stride, width)?;
        if gif.len() <= budget {
            return Ok(gif);
        }
        // The size goes roughly with the frames kept: thin them by the excess (and a
        // margin); past a quarter of the frames, draw them narrower too.
        let excess = gif.len().div_ceil(budget.max(1));
        stride = stride
            .saturating_mul(excess)
            .saturating_add(stride / 4)
            .max(stride + 1);
        if stride >= 4 {
            width = MIN_REPLAY_WIDTH;
        }
        if stride > record.actions.len() {
            break;
        }
    }
    draw_replay(record, game_name, lang, usize::MAX, MIN_REPLAY_WIDTH)
}

/// The replay GIF of every `stride`-th turn (and the last), `width` pixels wide.
fn draw_replay(
    record: &Record,
    game_name: &str,
    lang: Lang,
    stride: usize,
    width: u32,
) -> Result<Vec<u8>, RecordError> {
    use labscape_render::{Replay, View};
    let mut replay: Option<Replay> = None;
    let mut skipped: Option<(Position, Vec<Event>)> = None;
    let mut turn = 0usize;
    let show = |replay: &mut Option<Replay>, pos: &Position, events: &[Event]| {
        let view = View::new(pos).events(events).title(game_name).lang(lang);
        match replay {
            Some(r) => r.push(&view),
            None => *replay = Some(Replay::new(&view, width)),
        }
    };
    record.replay_with(|pos, events| {
        if turn.is_multiple_of(stride) {
            show(&mut replay, pos, events);
            skipped = None;
        } else {
            skipped = Some((pos.clone(), events.to_vec()));
        }
        turn += 1;
    })?;
    if let Some((pos, events)) = skipped {
        show(&mut replay, &pos, &events);
    }
    Ok(replay.expect("a replay shows at least the start").finish())
}

#[cfg(test)]
mod tests {
    use labscape_core::{
        Game as _,
        labscape::{Record, TurnRecord},
    };

    use super::*;

    /// A short game of random turns, as a record.
    fn record(turns: usize) -> Record {
        use labscape_core::labscape::{Layout, Position, Settings, SetupMode};
        let settings = Settings {
            layout: Layout::parse("single").unwrap(),
            difficulty: Default::default(),
            setup: SetupMode::Random,
            players: vec!["ana".into(), "bo".into()],
        };
        let seed = "replay-budget";
        let (mut pos, _) = Position::new_game(&settings, seed).unwrap();
        let mut actions = Vec::new();
        for i in 0..turns {
            if pos.is_over() {
                break;
            }
            let Some(seat) = pos.to_move() else { break };
            let legal = pos.legal_actions();
            let a = legal[i * 7 % legal.len()].clone();
            Position::play(&mut pos, None, &a).unwrap();
            actions.push(TurnRecord {
                seat: seat.index() as u8,
                action: a.to_string(),
            });
        }
        Record {
            layout: "single".into(),
            difficulty: settings.difficulty.name().into(),
            setup: "random".into(),
            players: settings.players.clone(),
            seed: seed.into(),
            actions,
        }
    }

    fn frames(gif: &[u8]) -> usize {
        let mut options = gif::DecodeOptions::new();
        options.set_color_output(gif::ColorOutput::Indexed);
        let mut d = options.read_info(gif).unwrap();
        let mut n = 0;
        while d.next_frame_info().unwrap().is_some() {
            n += 1;
        }
        n
    }

    #[test]
    fn a_replay_over_its_budget_keeps_fewer_frames_and_fits() {
        let r = record(24);
        let whole = render_replay_within(&r, "Labscape #1", Lang::En, usize::MAX).unwrap();
        assert_eq!(frames(&whole), r.actions.len() + 1);
        let budget = whole.len() / 3;
        let capped = render_replay_within(&r, "Labscape #1", Lang::En, budget).unwrap();
        assert!(capped.len() <= budget, "{} > {budget}", capped.len());
        let kept = frames(&capped);
        assert!(kept >= 2 && kept < r.actions.len() + 1, "{kept} frames");
        // Whatever the budget, the start and the end are there.
        let tiny = render_replay_within(&r, "Labscape #1", Lang::En, 1).unwrap();
        assert_eq!(frames(&tiny), 2);
    }
}
