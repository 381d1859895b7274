//! What each game brings to the bot: the wording of its events, its turn image, its quick
//! actions. The bot's one `match` on [`GameKind`] lives here (and in the modules it
//! calls); the service, the store and the chat adapters speak of games in general.
//!
//! A game that brings nothing of its own yet is still served: its actions are told in its
//! notation, its refusals in the engine's own sentence, its end by its outcome. So a new
//! game plays in chat as soon as it is in core's list of games; its wording and image
//! make it pleasant.

mod boards;
mod events;
pub mod labscape;
mod reasons;
mod refusals;

pub use reasons::reason;
pub use refusals::{refusal, refused};

use labscape_core::{AnyAction, AnyEvent, AnyGame, GameKind, Outcome};

use crate::{
    app::QuickAction,
    i18n::{Lang, t, tr},
};

/// Most buttons offered under a turn: a larger choice is typed (`/play …`).
const MAX_QUICK: usize = 12;

/// What a turn image of a game other than Labscape shows.
#[derive(Clone, Debug)]
pub struct BoardPicture {
    /// The game after the turn.
    pub game: AnyGame,
    /// The actions of the turn(s) the reply tells, oldest first.
    pub actions: Vec<AnyAction>,
    /// The players' names, in seat order.
    pub names: Vec<String>,
    /// The game's name, for the header.
    pub title: String,
    /// The language of the labels.
    pub lang: Lang,
}

/// The turn image of a game, if the game has one (Labscape's is drawn from its own
/// picture, `labscape::Picture`).
pub fn image(picture: &BoardPicture) -> Option<Vec<u8>> {
    match picture.game.kind() {
        GameKind::Labscape => None,
        GameKind::Semaforo
        | GameKind::GatosCaes
        | GameKind::Rastros
        | GameKind::Avanco
        | GameKind::Flume => {
            boards::view(picture).map(|v| labscape_render::render_board_png(&v, None))
        }
        GameKind::Produto => {
            boards::hex_view(picture).map(|v| labscape_render::render_hex_png(&v, None))
        }
        #[allow(unreachable_patterns)]
        _ => None,
    }
}

/// How wide a board game's replay is drawn: readable in a chat, small to upload.
const REPLAY_WIDTH: u32 = 560;

/// A board game's replay GIF: one frame per picture (the start, then each action with its
/// move marked); `None` for a game without a board image.
pub fn replay(pictures: &[BoardPicture]) -> Option<Vec<u8>> {
    let frames: Vec<labscape_render::BoardFrame> = pictures
        .iter()
        .filter_map(|p| {
            boards::hex_view(p)
                .map(labscape_render::BoardFrame::Hex)
                .or_else(|| boards::view(p).map(labscape_render::BoardFrame::Square))
        })
        .collect();
    labscape_render::render_board_gif(&frames, REPLAY_WIDTH)
}

/// The image of a position of any game with no turn to tell and no names (the engine's
/// `render`), `width` pixels wide.
pub fn position_image(game: &AnyGame, width: Option<u32>) -> Option<Vec<u8>> {
    let picture = BoardPicture {
        game: game.clone(),
        actions: Vec::new(),
        names: boards::default_names(game, Lang::En),
        title: game.kind().name().to_string(),
        lang: Lang::En,
    };
    if let Some(v) = boards::hex_view(&picture) {
        return Some(labscape_render::render_hex_png(&v, width));
    }
    boards::view(&picture).map(|v| labscape_render::render_board_png(&v, width))
}

/// The story of one action: who played what, then what the game says happened.
pub fn describe(player: &str, action: &AnyAction, events: &[AnyEvent], lang: Lang) -> Vec<String> {
    let mut lines = vec![tr!(
        lang,
        "any-played",
        who = player,
        action = action.to_string()
    )];
    for e in events {
        if let Some(line) = events::event_line(e, lang) {
            lines.push(line);
        }
    }
    lines
}

/// How a finished game ended, in words: the winner (or the ranking) and why.
pub fn outcome_line(kind: GameKind, outcome: &Outcome, names: &[String], lang: Lang) -> String {
    let name = |seat: labscape_core::Seat| names.get(seat.index()).cloned().unwrap_or_default();
    let why = reason(kind, &outcome.reason, lang);
    match outcome.winner() {
        Some(w) => tr!(lang, "any-game-won", who = name(w), reason = why.as_str()),
        None => tr!(
            lang,
            "any-game-over",
            winners = outcome.winners().map(name).collect::<Vec<_>>().join(", "),
            reason = why.as_str()
        ),
    }
}

/// Most buttons of the second step of a two-step choice (Discord shows five rows of five).
const MAX_PICK: usize = 25;

/// The word of a first-step button's action: `pick b2` asks for the actions of `b2`.
pub const PICK: &str = "pick";

/// The buttons under a turn: every legal action when there are few; otherwise a two-step
/// choice, first the piece (`b2…`, for a move `b2-b3`) or the column (`c…`, for a placement
/// `c4`), whose button asks for that group's actions; none when even that would not fit.
pub fn quick_actions(game: &AnyGame) -> Vec<QuickAction> {
    let legal = game.legal_actions();
    if legal.is_empty() {
        return Vec::new();
    }
    if legal.len() <= MAX_QUICK {
        return legal.iter().map(|a| direct(&a.to_string())).collect();
    }
    let mut groups: Vec<(String, Vec<String>)> = Vec::new();
    for a in &legal {
        let text = a.to_string();
        let key = group_of(&text);
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, members)) => members.push(text),
            None => groups.push((key, vec![text])),
        }
    }
    if groups.len() > MAX_QUICK || groups.iter().any(|(_, m)| m.len() > MAX_PICK) {
        return Vec::new();
    }
    groups
        .into_iter()
        .map(|(key, members)| match members.as_slice() {
            [only] => direct(only),
            _ => QuickAction {
                label: format!("{key}…"),
                action: format!("{PICK} {key}"),
            },
        })
        .collect()
}

/// The second step: the legal actions of group `key` (`None`: no such group now).
pub fn pick(game: &AnyGame, key: &str) -> Option<Vec<QuickAction>> {
    let members: Vec<QuickAction> = game
        .legal_actions()
        .iter()
        .map(ToString::to_string)
        .filter(|t| group_of(t).eq_ignore_ascii_case(key))
        .map(|t| direct(&t))
        .take(MAX_PICK)
        .collect();
    (!members.is_empty()).then_some(members)
}

fn direct(action: &str) -> QuickAction {
    QuickAction {
        label: action.to_string(),
        action: action.to_string(),
    }
}

/// The group of an action's text: a move's origin (`b2` of `b2-b3` or `b2xc3`), else a
/// placement's first letter (its column, or a hex board's row); a word alone (`swap`) is
/// its own group.
fn group_of(text: &str) -> String {
    if let Some(i) = text.find(['-', 'x']).filter(|&i| i > 0) {
        return text[..i].to_string();
    }
    if text.chars().all(|c| c.is_ascii_alphabetic()) {
        return text.to_string();
    }
    text.chars().take(1).collect()
}

/// The named board layouts `/new` offers, as (label, name): Labscape's presets, shown
/// with their notation. Other games have options rather than layouts.
pub fn layouts() -> Vec<(String, String)> {
    labscape_core::labscape::PRESETS
        .iter()
        .map(|(name, notation)| (format!("{name} ({notation})"), name.to_string()))
        .collect()
}

/// A game's rules summary (`GAME-rules` in the catalogs), if it has one; Labscape's rules
/// live in `labscape::help` by topic.
pub fn rules(kind: GameKind, lang: Lang) -> Option<String> {
    let id = match kind {
        GameKind::Semaforo => "semaforo-rules",
        GameKind::GatosCaes => "gatos-caes-rules",
        GameKind::Rastros => "rastros-rules",
        GameKind::Avanco => "avanco-rules",
        GameKind::Flume => "flume-rules",
        GameKind::Produto => "produto-rules",
        #[allow(unreachable_patterns)]
        _ => return None,
    };
    Some(t(lang, id, &[]))
}
