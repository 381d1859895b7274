//! A stored game as its record — settings in the game's notation, players, seed, every
//! action in its notation — and what each game makes of it: the record file `/export`
//! posts (and `labscape verify` reads), the dice against fair dice (`/luck`, for a game
//! that has dice), the replay GIF.

use labscape_core::{AnyGame, GameKind, Seat, game::parse_options};

use super::{TurnPicture, labscape};
use crate::{
    i18n::Lang,
    store::{ActionRow, GameRow, GameStatus, SeatRow},
};

/// The format name of a board game's record file (Labscape's is its own,
/// `labscape_core::labscape::RECORD_FORMAT`).
pub const ANY_RECORD_FORMAT: &str = "labscape-game-record/1";

/// A stored game as its record.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// Which game.
    pub kind: GameKind,
    /// Its name for people (`Avanço #3`).
    pub title: String,
    /// Its settings, in its own notation (`KEY=VALUE …`).
    pub settings: String,
    /// The players' names, in seat order.
    pub players: Vec<String>,
    /// Per seat, the computer player's policy (`None`: a person).
    pub computer: Vec<Option<String>>,
    /// The seed (secret while the game runs: [`GameRecord::over`] says when it may show).
    pub seed: String,
    /// The seed's commitment, public from the start.
    pub seed_hash: String,
    /// Whether the game is over (its seed may be shown).
    pub over: bool,
    /// Every action, in order: the seat and the action's text.
    pub actions: Vec<(u8, String)>,
}

impl GameRecord {
    /// The record of a stored game named `title`.
    pub fn of(row: &GameRow, seats: &[SeatRow], actions: &[ActionRow], title: &str) -> Self {
        GameRecord {
            kind: row.kind,
            title: title.to_string(),
            settings: row.settings.clone(),
            players: seats.iter().map(|s| s.display_name.clone()).collect(),
            computer: seats.iter().map(|s| s.policy.clone()).collect(),
            seed: row.seed.clone(),
            seed_hash: row.seed_hash.clone(),
            over: row.status == GameStatus::Over,
            actions: actions.iter().map(|a| (a.seat, a.action.clone())).collect(),
        }
    }
}

/// The record file `/export` posts: Labscape's `GameExport`, or a board game's record
/// (the seed in it only once the game is over).
///
/// # Errors
/// The reason, when the stored record does not replay.
pub fn record_file(r: &GameRecord) -> Result<Vec<u8>, String> {
    if r.kind == GameKind::Labscape {
        return labscape::export_file(r);
    }
    let record = serde_json::json!({
        "format": ANY_RECORD_FORMAT,
        "game": r.kind.id(),
        "name": r.title,
        "settings": r.settings,
        "players": r.players,
        "computer": r.computer,
        "seed_hash": r.seed_hash,
        "seed": if r.over { Some(r.seed.clone()) } else { None },
        "actions": r.actions
            .iter()
            .map(|(seat, action)| serde_json::json!({ "seat": seat, "action": action }))
            .collect::<Vec<_>>(),
    });
    Ok(serde_json::to_vec_pretty(&record).expect("a record serialises"))
}

/// `/luck` in words for a game with dice; `None` for a game without.
///
/// # Errors
/// The reason, when the stored record does not replay.
pub fn luck(r: &GameRecord, lang: Lang) -> Option<Result<String, String>> {
    (r.kind == GameKind::Labscape).then(|| labscape::luck(r, lang))
}

/// How wide a board game's replay is drawn: readable in a chat, small to upload.
const REPLAY_WIDTH: u32 = 560;

/// A game's replay GIF, every position from the start with its move marked, labels in
/// `lang`; `None` for a game without images.
///
/// # Errors
/// The reason, when the stored record does not replay.
pub fn replay(r: &GameRecord, lang: Lang) -> Result<Option<Vec<u8>>, String> {
    if r.kind == GameKind::Labscape {
        return labscape::replay(r, lang).map(Some);
    }
    let options = parse_options(&r.settings).map_err(|e| e.to_string())?;
    let (mut game, _) =
        AnyGame::new_game(r.kind, &options, &r.players, &r.seed).map_err(|e| e.to_string())?;
    let picture = |game: &AnyGame, actions| TurnPicture {
        game: game.clone(),
        actions,
        events: Vec::new(),
        notes: Vec::new(),
        names: r.players.clone(),
        title: r.title.clone(),
        lang,
    };
    let mut pictures = vec![picture(&game, Vec::new())];
    for (i, (seat, text)) in r.actions.iter().enumerate() {
        let action = game
            .parse_action(text)
            .map_err(|e| format!("turn {}: {e}", i + 1))?;
        game = game
            .play(Seat(*seat), &action)
            .map_err(|e| format!("turn {}: {e}", i + 1))?
            .0;
        pictures.push(picture(&game, vec![action]));
    }
    let frames: Vec<labscape_render::BoardFrame> = pictures
        .iter()
        .filter_map(|p| {
            super::boards::hex_view(p)
                .map(labscape_render::BoardFrame::Hex)
                .or_else(|| super::boards::view(p).map(labscape_render::BoardFrame::Square))
        })
        .collect();
    Ok(labscape_render::render_board_gif(&frames, REPLAY_WIDTH))
}
