//! A stored game as its record — settings in the game's notation, players, seed, every
//! action in its notation — which each game's module turns into its record file (`/export`,
//! read back by `labscape verify`), its luck and its replay; and the record file of a board
//! game.

use labscape_core::GameKind;

/// The format name of a board game's record file (Labscape's is its own,
/// `labscape_core::labscape::RECORD_FORMAT`).
pub const ANY_RECORD_FORMAT: &str = "labscape-game-record/1";

/// The `agreed` of a record's result: the game was drawn by its players' agreement.
pub const AGREED: &str = "draw";

/// The `reason` of an abandoned game's result (`{"winner": null, "abandoned": true, …}`).
const ABANDONED_REASON: &str = "the game was abandoned";

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
    /// Whether the game has ended, finished or abandoned (its seed may be shown).
    pub over: bool,
    /// Whether it ended by being abandoned (`/abandon`), before its rules or its players
    /// ended it: its record says so, and states no winner.
    pub abandoned: bool,
    /// Every action, in order: the seat and the action's text.
    pub actions: Vec<(u8, String)>,
    /// The seat that gave the game up (`/resign`), if one did.
    pub resigned: Option<u8>,
}

/// A board game's record file, as `/export` posts it (the seed in it only once the game has
/// ended).
///
/// # Errors
/// None for a board game's record; the type is every game's.
pub fn any_record_file(r: &GameRecord) -> Result<Vec<u8>, String> {
    let record = serde_json::json!({
        "format": ANY_RECORD_FORMAT,
        "game": r.kind.id(),
        "name": r.title,
        "settings": r.settings,
        "players": r.players,
        "computer": r.computer,
        "seed_hash": r.seed_hash,
        "seed": if r.over { Some(r.seed.clone()) } else { None },
        "result": if r.over { result(r) } else { serde_json::Value::Null },
        "actions": r.actions
            .iter()
            .map(|(seat, action)| serde_json::json!({ "seat": seat, "action": action }))
            .collect::<Vec<_>>(),
    });
    Ok(serde_json::to_vec_pretty(&record).expect("a record serialises"))
}

/// A finished game's result as its record states it (`{"winner": N or null, "reason": …}`),
/// replayed from its actions; a game over whose actions do not reach an end was given up by
/// a player (`{"winner": N, "resigned": M, …}`) or else drawn by its players' agreement
/// (`{"winner": null, "agreed": "draw", …}`: nothing else ends a game before its rules
/// do); an abandoned game's says so (`{"winner": null, "abandoned": true, …}`); `null` if
/// the actions do not replay.
fn result(r: &GameRecord) -> serde_json::Value {
    if r.abandoned {
        return serde_json::json!({
            "winner": null,
            "abandoned": true,
            "reason": ABANDONED_REASON,
        });
    }
    let Ok(options) = labscape_core::game::parse_options(&r.settings) else {
        return serde_json::Value::Null;
    };
    let moves = r
        .actions
        .iter()
        .map(|(seat, text)| (labscape_core::Seat(*seat), text.as_str()));
    let Ok(game) = labscape_core::AnyGame::replay(r.kind, &options, &r.players, &r.seed, moves)
    else {
        return serde_json::Value::Null;
    };
    match game.outcome() {
        Some(o) => serde_json::json!({
            "winner": o.winner().map(|w| w.0),
            "reason": o.reason.english(),
        }),
        None if let Some(seat) = r.resigned => serde_json::json!({
            "winner": (0..r.players.len()).find(|&s| s != usize::from(seat)),
            "resigned": seat,
            "reason": format!("seat {seat} resigned"),
        }),
        None => serde_json::json!({
            "winner": null,
            "agreed": AGREED,
            "reason": "the players agreed a draw",
        }),
    }
}
