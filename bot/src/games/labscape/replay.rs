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
pub use labscape_render::MAX_REPLAY_BYTES;

/// A game's replay in at most `budget` bytes, built in one pass: every turn at the usual
/// width while that fits; otherwise every k-th turn (the start and the end always shown),
/// the first frame saying so in `lang` (see [`labscape_render::Replay`]).
pub fn render_replay_within(
    record: &Record,
    game_name: &str,
    lang: Lang,
    budget: usize,
) -> Result<Vec<u8>, RecordError> {
    use labscape_render::{REPLAY_WIDTH, Replay, View};
    let mut replay = Replay::new(REPLAY_WIDTH, record.actions.len(), lang).budget(budget);
    record.replay_with(|pos: &Position, events: &[Event]| {
        replay.push(&View::new(pos).events(events).title(game_name).lang(lang));
    })?;
    Ok(replay.finish())
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

    /// The first frame's pixels (indices), below the turn image only: the note.
    fn first_frame(gif: &[u8]) -> Vec<u8> {
        let mut options = gif::DecodeOptions::new();
        options.set_color_output(gif::ColorOutput::Indexed);
        let mut d = options.read_info(gif).unwrap();
        let f = d.read_next_frame().unwrap().unwrap();
        let w = usize::from(f.width);
        f.buffer[f.buffer.len() - 20 * w..].to_vec()
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
        // Said in the reader's language, under the first frame: the note differs.
        let pt = render_replay_within(&r, "Labscape #1", Lang::PtBr, 1).unwrap();
        assert_ne!(first_frame(&pt), first_frame(&tiny));
    }
}
