//! What the board games share: the buttons of a board (`buttons.rs`) and the pieces of a
//! turn image every square or hex board has — who is to move or who won, the two sides,
//! an empty board of the renderer's `BoardView` — and the replay GIF of a board game.

pub mod buttons;

use labscape_core::{Game, Seat, game::parse_options};
use labscape_render::{BoardFrame, BoardView, Piece, Side};

use super::{ChatGame, GameRecord, Picture};
use crate::i18n::{Lang, tr};

/// The status line of a board: who is to move (their seat), or who won and why.
pub fn status<G: ChatGame>(p: &Picture<'_, G>) -> (Option<usize>, String) {
    let name = |s: Seat| {
        p.names
            .get(s.index())
            .cloned()
            .unwrap_or_else(|| format!("{}", s.0 + 1))
    };
    match (p.game.outcome(), p.game.to_move()) {
        (Some(o), _) => {
            let why = G::reason(&o.reason, p.lang);
            let text = match o.winner() {
                Some(w) => tr!(p.lang, "board-won", who = name(w), reason = why.as_str()),
                None => why,
            };
            (None, text)
        }
        (None, Some(s)) => (Some(s.index()), tr!(p.lang, "board-to-move", who = name(s))),
        (None, None) => (None, String::new()),
    }
}

/// The sides and counters a board's image shows, in words for `/status`: "ana: White ·
/// bo: Black", then the footer ("White 1 – 0 Black · first to 5 goals"); `None` when the
/// image shows neither.
pub fn standing(frame: &BoardFrame) -> Option<String> {
    let (sides, counters) = match frame {
        BoardFrame::Square(v) => (&v.sides, &v.counters),
        BoardFrame::Hex(v) => (&v.sides, &v.counters),
        BoardFrame::Pitch(v) => (&v.sides, &v.counters),
    };
    let sides = sides
        .iter()
        .filter(|s| !s.note.is_empty())
        .map(|s| format!("{}: {}", s.name, s.note))
        .collect::<Vec<_>>()
        .join(" · ");
    let lines: Vec<&str> = [sides.as_str(), counters.as_str()]
        .into_iter()
        .filter(|l| !l.is_empty())
        .collect();
    (!lines.is_empty()).then(|| lines.join("\n"))
}

/// The two sides of the player table: names, their pieces, a note each.
pub fn sides<G: Game>(
    p: &Picture<'_, G>,
    pieces: [Option<Piece>; 2],
    notes: [String; 2],
) -> Vec<Side> {
    (0..2)
        .map(|i| Side {
            name: p
                .names
                .get(i)
                .cloned()
                .unwrap_or_else(|| format!("{}", i + 1)),
            piece: pieces[i],
            note: notes[i].clone(),
        })
        .collect()
}

/// An empty board of `files` × `ranks` titled as the picture asks.
pub fn base<G: Game>(p: &Picture<'_, G>, files: u8, ranks: u8) -> BoardView {
    BoardView {
        title: p.title.to_string(),
        files,
        ranks,
        cells: vec![None; usize::from(files) * usize::from(ranks)],
        marks: Vec::new(),
        homes: Vec::new(),
        sides: Vec::new(),
        to_move: None,
        status: String::new(),
        counters: String::new(),
        surface: Default::default(),
        walls: Vec::new(),
        labels: Vec::new(),
    }
}

/// The names a position is drawn with when no players are known (the engine's `render`).
pub fn default_names(seats: usize, lang: Lang) -> Vec<String> {
    (0..seats)
        .map(|i| tr!(lang, "board-seat", n = i + 1))
        .collect()
}

/// A position drawn by `view` as a board PNG `width` pixels wide (the board's own width
/// if not given), with no turn to tell and no names (the engine's `render`).
pub fn position_png<G: ChatGame>(
    game: &G,
    title: &str,
    width: Option<u32>,
    view: impl Fn(&Picture<'_, G>) -> BoardView,
) -> Vec<u8> {
    let names = default_names(game.seat_count(), Lang::En);
    let v = view(&Picture::still(game, &names, title));
    labscape_render::render_board_png(&v, width)
}

/// How wide a board game's replay is drawn: readable in a chat, small to upload.
pub(crate) const REPLAY_WIDTH: u32 = 560;

/// A board game's replay GIF: every position from the start with its move marked, each
/// drawn as its [`ChatGame::frame`], labels in `lang`; `None` for a game without frames.
///
/// # Errors
/// The reason, when the stored record does not replay.
pub fn replay<G: ChatGame>(r: &GameRecord, lang: Lang) -> Result<Option<Vec<u8>>, String> {
    let options = parse_options(&r.settings).map_err(|e| e.to_string())?;
    let settings = G::settings(&options).map_err(|e| e.to_string())?;
    let (mut game, _) = G::new_game(&settings, &r.players, &r.seed).map_err(|e| e.to_string())?;
    let draw = |game: &G, actions: Vec<G::Action>| {
        G::frame(&Picture {
            game,
            actions,
            events: Vec::new(),
            names: &r.players,
            notes: &[],
            title: &r.title,
            lang,
        })
    };
    let Some(start) = draw(&game, Vec::new()) else {
        return Ok(None);
    };
    let mut frames = vec![start];
    for (i, (seat, text)) in r.actions.iter().enumerate() {
        let action = game
            .parse_action(text)
            .map_err(|e| format!("turn {}: {e}", i + 1))?;
        game = game
            .play(Seat(*seat), &action)
            .map_err(|e| format!("turn {}: {e}", i + 1))?
            .0;
        frames.extend(draw(&game, vec![action]));
    }
    Ok(labscape_render::render_board_gif(
        &frames,
        REPLAY_WIDTH,
        lang,
    ))
}
