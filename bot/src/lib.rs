//! `labscape`: the Labscape chat bot, as a library for the binary and the tests.
//!
//! This crate is the imperative shell around `labscape-core` (the rules) and
//! `labscape-render` (the turn image): it reads files and the environment, talks to the
//! database and (per platform module) to the chat platforms. `anyhow` lives only here.

pub mod app;
pub mod bench;
pub mod discord;
pub mod engine_cli;
pub mod games;
pub mod i18n;
pub mod local;
pub mod migrate;
pub mod scheduler;
pub mod secret;
pub mod settings;
pub mod store;
pub mod telegram;
pub mod verify;

/// A fresh 256-bit seed, as hex.
pub fn random_seed() -> String {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).expect("the operating system provides randomness");
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The image of a position of any game, with no last-turn overlay; `None` for a game that
/// has no image.
pub fn render_game(game: &labscape_core::AnyGame, width: Option<u32>) -> Option<Vec<u8>> {
    use labscape_core::Member;
    match labscape_core::labscape::Position::from_any(game) {
        Some(pos) => Some(render_position(pos, width)),
        None => games::position_image(game, width),
    }
}

/// The turn image of a position with no last-turn overlay.
pub fn render_position(pos: &labscape_core::labscape::Position, width: Option<u32>) -> Vec<u8> {
    labscape_render::render_png(&labscape_render::View::new(pos), width)
}

/// The turn image the service asks for, of any game (empty for a game without one).
pub fn render_turn(picture: &games::TurnPicture) -> Vec<u8> {
    games::image(picture).unwrap_or_default()
}

/// The largest replay GIF posted: under Discord's default upload limit (10 MiB, image
/// and GIF in one message) with room for the turn image, and far under Telegram's 50 MB.
pub const MAX_REPLAY_BYTES: usize = 8 << 20;

/// A game's replay: one frame per turn, labels in `lang`, never larger than
/// [`MAX_REPLAY_BYTES`] (see [`render_replay_within`]).
pub fn render_replay(
    record: &labscape_core::labscape::Record,
    game_name: &str,
    lang: labscape_core::Lang,
) -> Result<Vec<u8>, labscape_core::labscape::RecordError> {
    render_replay_within(record, game_name, lang, MAX_REPLAY_BYTES)
}

/// A game's replay in at most `budget` bytes: every turn at the usual width if that fits;
/// otherwise every k-th turn (the start and the end always shown), then narrower frames,
/// until it fits; at worst the start and the end alone, at the narrowest width.
pub fn render_replay_within(
    record: &labscape_core::labscape::Record,
    game_name: &str,
    lang: labscape_core::Lang,
    budget: usize,
) -> Result<Vec<u8>, labscape_core::labscape::RecordError> {
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
    record: &labscape_core::labscape::Record,
    game_name: &str,
    lang: labscape_core::Lang,
    stride: usize,
    width: u32,
) -> Result<Vec<u8>, labscape_core::labscape::RecordError> {
    use labscape_core::labscape::{Event, Position};
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
        Game as _, Lang,
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
