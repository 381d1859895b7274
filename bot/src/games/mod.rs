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
mod history;
pub mod labscape;
mod reasons;
mod record;
mod refusals;

pub use history::{
    Told, lobby_status, log_line, options_text, recap_line, recap_tail, setup_story, status,
};
pub use labscape::LobbyProblem;
pub use reasons::reason;
pub use record::{ANY_RECORD_FORMAT, GameRecord, luck, record_file, replay};
pub use refusals::{refusal, refused};

use labscape_core::{
    AnyAction, AnyEvent, AnyGame, AnyRefusal, GameKind, Outcome, Seat, SettingsError,
};

use crate::{
    app::{NewOptions, QuickAction, Suggestions},
    i18n::{Lang, t, tr},
    store::{ResultRow, SeatRow},
};

/// Most buttons offered under a turn: a larger choice is typed (`/play …`).
const MAX_QUICK: usize = 12;

/// What a turn image shows, as the service hands it to the renderer it was given.
#[derive(Clone, Debug)]
pub struct TurnPicture {
    /// The game after the turn.
    pub game: AnyGame,
    /// The actions of the turn(s) the reply tells, oldest first.
    pub actions: Vec<AnyAction>,
    /// Their events, in order.
    pub events: Vec<AnyEvent>,
    /// The players' names, in seat order.
    pub names: Vec<String>,
    /// A note per seat, in seat order, shown under the player's name (away time), for a
    /// game whose image shows them ([`shows_notes`]).
    pub notes: Vec<Option<String>>,
    /// The game's name, for the header.
    pub title: String,
    /// The language of the labels.
    pub lang: Lang,
}

/// Draws a turn image: a [`TurnPicture`] → PNG bytes (empty: no image). `main` plugs in
/// [`image`]; tests plug in counters.
pub type Renderer = std::sync::Arc<dyn Fn(&TurnPicture) -> Vec<u8> + Send + Sync>;

/// Draws a game's replay from its record (seconds for a long game: the service calls it
/// on `spawn_blocking`); `None` for a game without images. `main` plugs in [`replay`].
pub type ReplayRenderer =
    std::sync::Arc<dyn Fn(&GameRecord, Lang) -> Result<Option<Vec<u8>>, String> + Send + Sync>;

/// The turn image of a game, if the game has one.
pub fn image(picture: &TurnPicture) -> Option<Vec<u8>> {
    match &picture.game {
        AnyGame::Labscape(pos) => Some(labscape::image(pos, picture)),
        AnyGame::Semaforo(_)
        | AnyGame::GatosCaes(_)
        | AnyGame::Rastros(_)
        | AnyGame::Avanco(_)
        | AnyGame::Flume(_) => {
            boards::view(picture).map(|v| labscape_render::render_board_png(&v, None))
        }
        AnyGame::Produto(_) => {
            boards::hex_view(picture).map(|v| labscape_render::render_hex_png(&v, None))
        }
        #[allow(unreachable_patterns)]
        _ => None,
    }
}

/// Whether a running game's `/status` is posted for the whole chat: Labscape's is (its
/// board changes between turns, everyone reads it); a board game's answers the asker
/// alone (the last turn post shows the same board).
pub fn status_in_public(kind: GameKind) -> bool {
    kind == GameKind::Labscape
}

/// Whether a game's turn image shows who is away under their names (the service reads
/// the players' preferences for it only then).
pub fn shows_notes(kind: GameKind) -> bool {
    kind == GameKind::Labscape
}

/// The image of a position of any game with no turn to tell and no names (the engine's
/// `render`), `width` pixels wide.
pub fn position_image(game: &AnyGame, width: Option<u32>) -> Option<Vec<u8>> {
    if let AnyGame::Labscape(pos) = game {
        return Some(labscape::render_position(pos, width));
    }
    let picture = TurnPicture {
        game: game.clone(),
        actions: Vec::new(),
        events: Vec::new(),
        notes: Vec::new(),
        names: boards::default_names(game, Lang::En),
        title: game.kind().name().to_string(),
        lang: Lang::En,
    };
    if let Some(v) = boards::hex_view(&picture) {
        return Some(labscape_render::render_hex_png(&v, width));
    }
    boards::view(&picture).map(|v| labscape_render::render_board_png(&v, width))
}

/// The story of one action of `seat`: who played what, then what the game says happened
/// (Labscape's events tell the whole story themselves).
pub fn describe(
    names: &[String],
    seat: Seat,
    action: &AnyAction,
    events: &[AnyEvent],
    lang: Lang,
) -> Vec<String> {
    if let AnyAction::Labscape(_) = action {
        return labscape_story(events, names, lang);
    }
    let player = names.get(seat.index()).map_or("", String::as_str);
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
fn board_quick_actions(game: &AnyGame) -> Vec<QuickAction> {
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
fn summary(kind: GameKind, lang: Lang) -> Option<String> {
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

/// Labscape's rules topics (`/rules walls`), for the adapters' choices.
pub const RULES_TOPICS: [&str; 9] = labscape::help::TOPICS;

/// `/rules [TOPIC]`: a game's summary when the topic names a game (or, with no topic, for
/// the chat's game `playing`), else a topic of Labscape's rules; `None` for an unknown
/// topic.
pub fn rules(topic: Option<&str>, playing: Option<GameKind>, lang: Lang) -> Option<String> {
    let game = match topic {
        Some(topic) => GameKind::from_id(topic),
        None => playing,
    };
    if let Some(text) = game.and_then(|k| summary(k, lang)) {
        return Some(text);
    }
    labscape::help::rules(topic, lang)
}

/// `/help`: the commands of the chat's game (`playing`, by kind and name), Labscape's
/// when the chat plays none.
pub fn help(playing: Option<(GameKind, &str)>, lang: Lang) -> String {
    match playing {
        Some((kind, title)) if kind != GameKind::Labscape => tr!(lang, "any-help", game = title),
        _ => tr!(lang, "help"),
    }
}

/// Why `/table` has nothing to show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoTable {
    /// No table by that name.
    Unknown,
    /// The chat plays a game without tables.
    NotThisGame,
}

/// `/table [NAME]`: one of Labscape's printed tables, with the numbers of the chat's game
/// `playing` (running) when there is one.
///
/// # Errors
/// [`NoTable`] for an unknown name, or in a chat playing a game without tables.
pub fn table(name: Option<&str>, playing: Option<&AnyGame>, lang: Lang) -> Result<String, NoTable> {
    let pos = match playing {
        None => None,
        Some(AnyGame::Labscape(pos)) => Some(pos),
        Some(_) => return Err(NoTable::NotThisGame),
    };
    labscape::help::table(name, pos, lang).ok_or(NoTable::Unknown)
}

/// Labscape's story of `events` (its events name who did what).
fn labscape_story(events: &[AnyEvent], names: &[String], lang: Lang) -> Vec<String> {
    let events: Vec<labscape_core::labscape::Event> = events
        .iter()
        .filter_map(|e| match e {
            AnyEvent::Labscape(e) => Some(e.clone()),
            #[allow(unreachable_patterns)]
            _ => None,
        })
        .collect();
    labscape::describe(&events, names, lang)
}

/// The first lines of a game's first post: it begins, with whom (and, for Labscape, the
/// seed's commitment and what the set-up drew).
pub fn begins(
    game: &AnyGame,
    title: &str,
    seed_hash: &str,
    names: &[String],
    events: &[AnyEvent],
    lang: Lang,
) -> Vec<String> {
    match game {
        AnyGame::Labscape(_) => {
            let mut story = vec![tr!(lang, "game-begins", game = title, hash = seed_hash)];
            story.extend(labscape_story(events, names, lang));
            story
        }
        _ => vec![tr!(
            lang,
            "any-game-begins",
            game = title,
            players = names.join(", ")
        )],
    }
}

/// The first line of a post about a game at `turn`.
pub fn heading(kind: GameKind, title: &str, turn: i64, lang: Lang) -> String {
    match kind {
        GameKind::Labscape => labscape::heading(title, turn, lang),
        _ => format!("{title} · {turn}"),
    }
}

/// Who acts next (with what a player needs to know), or how the game ended; `None` when
/// the story has told it already.
pub fn next_line(game: &AnyGame, names: &[String], lang: Lang) -> Option<String> {
    if let AnyGame::Labscape(pos) = game {
        return Some(labscape::next_up(pos, lang)).filter(|l| !l.is_empty());
    }
    if let Some(outcome) = game.outcome() {
        return Some(outcome_line(game.kind(), &outcome, names, lang));
    }
    let who = names.get(game.to_move()?.index())?;
    Some(tr!(lang, "any-next", who = who.as_str()))
}

/// The buttons under a turn post.
pub fn quick_actions(game: &AnyGame, lang: Lang) -> Vec<QuickAction> {
    match game {
        AnyGame::Labscape(pos) => labscape::quick_actions(pos, lang),
        _ => board_quick_actions(game),
    }
}

/// What `seat` may play now, for autocomplete: empty unless it may act.
pub fn suggestions(game: &AnyGame, seat: Seat) -> Suggestions {
    match game {
        AnyGame::Labscape(pos) => labscape::suggestions(pos, seat),
        _ if game.may_act(seat) => Suggestions {
            actions: game
                .legal_actions()
                .iter()
                .map(ToString::to_string)
                .collect(),
            ..Suggestions::default()
        },
        _ => Suggestions::default(),
    }
}

/// Reads and plays what a player typed as one action, refusing in the game's own order
/// (Labscape reads the text before it looks at the turn, as its command line does; the
/// others refuse a seat that may not act first).
///
/// # Errors
/// The game's refusal; `game` is unchanged.
pub fn play_chat(
    game: &AnyGame,
    seat: Seat,
    text: &str,
) -> Result<(AnyAction, AnyGame, Vec<AnyEvent>), AnyRefusal> {
    if let AnyGame::Labscape(_) = game {
        return game.apply(Some(seat), text);
    }
    game.check_turn(Some(seat))?;
    let action = game.read_chat(text)?;
    let (next, events) = game.play(seat, &action)?;
    Ok((action, next, events))
}

/// Whether a turn may be typed as several actions separated by spaces (`/play c3 c4`);
/// Labscape's actions have spaces of their own.
pub fn reads_several(kind: GameKind) -> bool {
    kind != GameKind::Labscape
}

/// Whether the game reads Labscape's action words (`move`, `roll`…) as its own; in any
/// other game a turn typed with them is answered "that is Labscape's".
pub fn reads_labscape_words(kind: GameKind) -> bool {
    kind == GameKind::Labscape
}

/// The group a `pick GROUP` text asks for, in a game whose buttons come in two steps.
pub fn pick_key<'t>(game: &AnyGame, text: &'t str) -> Option<&'t str> {
    if let AnyGame::Labscape(_) = game {
        return None;
    }
    text.strip_prefix(PICK)
        .and_then(|rest| rest.strip_prefix(' '))
        .map(str::trim)
}

/// The action played for a player whose deadline passed, in a game that has one
/// (Labscape's minute's wait); `None`: the deadline is only announced.
pub fn deadline_action(game: &AnyGame) -> Option<AnyAction> {
    match game {
        AnyGame::Labscape(_) => Some(AnyAction::Labscape(labscape_core::labscape::Action::Wait(
            1,
        ))),
        _ => None,
    }
}

/// Every seat's result once `end` is over, `history` being every action's events from
/// the start (Labscape counts its players' catches in it); empty before.
pub fn results(seats: &[SeatRow], end: &AnyGame, history: &[Vec<AnyEvent>]) -> Vec<ResultRow> {
    if let AnyGame::Labscape(pos) = end {
        let per_turn: Vec<Vec<labscape_core::labscape::Event>> = history
            .iter()
            .map(|events| {
                events
                    .iter()
                    .filter_map(|e| match e {
                        AnyEvent::Labscape(e) => Some(e.clone()),
                        #[allow(unreachable_patterns)]
                        _ => None,
                    })
                    .collect()
            })
            .collect();
        return labscape::results(seats, pos, &per_turn);
    }
    let Some(outcome) = end.outcome() else {
        return Vec::new();
    };
    outcome
        .placings
        .iter()
        .filter_map(|p| {
            let s = seats.get(p.seat.index())?;
            Some(ResultRow {
                seat: s.seat,
                user_id: s.user_id.clone(),
                display_name: s.display_name.clone(),
                computer: s.policy.is_some(),
                rank: p.rank,
                finish: p.finish.to_string(),
                tally: None,
            })
        })
        .collect()
}

/// Why `/new`'s options cannot be used.
#[derive(Debug)]
pub enum OptionError {
    /// Labscape's words (layout, difficulty, set-up).
    Labscape(labscape::LobbyProblem),
    /// Another game's `KEY=VALUE` options.
    Settings(SettingsError),
}

/// The game `/new` opens when none is named.
pub const DEFAULT_GAME: GameKind = GameKind::Labscape;

/// A new lobby's settings, in the game's notation, from `/new`'s options.
///
/// # Errors
/// [`OptionError`] for an option the game cannot use.
pub fn lobby_settings(kind: GameKind, o: &NewOptions) -> Result<String, OptionError> {
    match kind {
        GameKind::Labscape => labscape::lobby_settings(
            o.layout.as_deref(),
            o.difficulty.as_deref(),
            o.setup.as_deref(),
        )
        .map_err(OptionError::Labscape),
        _ => kind
            .settings_text(&o.options)
            .map_err(OptionError::Settings),
    }
}

/// Whether finished games of the game are rated (Elo, per game): the two-player games.
/// Labscape's players escape or not, together; its records count escapes and food.
pub fn rated(kind: GameKind) -> bool {
    kind != GameKind::Labscape
}

/// Whether `/new GAME` reads the game's own words (Labscape's `pyramid hard draft`)
/// rather than `KEY=VALUE` options, a side and an opponent.
pub fn reads_words(kind: GameKind) -> bool {
    kind == GameKind::Labscape
}

/// Whether a lobby of the game may be a challenge to one person, with the creator's side
/// chosen (the two-player games; Labscape's lobbies are open to the whole chat).
pub fn takes_challenges(kind: GameKind) -> bool {
    kind != GameKind::Labscape
}

/// How a new lobby is announced.
#[derive(Debug)]
pub struct LobbyOpen<'a> {
    /// The game's name (`Avanço #3`).
    pub title: &'a str,
    /// Its settings, in its notation.
    pub settings: &'a str,
    /// Most seats.
    pub max: u8,
    /// The creator's name.
    pub who: &'a str,
    /// The one person a challenge is addressed to.
    pub opponent: Option<&'a str>,
    /// The creator's side (`first`, `second`, `random`).
    pub side: Option<&'a str>,
}

/// The post that opens a lobby.
pub fn lobby_open(kind: GameKind, l: &LobbyOpen<'_>, lang: Lang) -> String {
    if kind == GameKind::Labscape
        && let Some(text) = labscape::lobby_open(l.title, l.settings, l.max, l.who, lang)
    {
        return text;
    }
    let options = options_text(l.settings);
    let mut text = match l.opponent {
        None => tr!(
            lang,
            "any-lobby-open",
            who = l.who,
            game = l.title,
            options = options.as_str(),
            max = l.max
        ),
        Some(opponent) => tr!(
            lang,
            "any-challenge",
            who = l.who,
            opponent = opponent,
            game = l.title,
            options = options.as_str()
        ),
    };
    if let Some(side) = l.side {
        text.push(' ');
        text.push_str(&match side {
            "second" => tr!(lang, "any-side-second", who = l.who),
            "random" => tr!(lang, "any-side-random"),
            _ => tr!(lang, "any-side-first", who = l.who),
        });
    }
    text
}

/// The computer player `/addbot [NAME]` seats in a game of `kind` (the game's default
/// without a name), by its canonical name.
///
/// # Errors
/// The names on offer, for a name the game does not know.
pub fn policy(kind: GameKind, name: Option<&str>) -> Result<String, (String, String)> {
    if kind == GameKind::Labscape {
        let asked = name.map(str::to_string);
        return labscape::policy(name).map_err(|known| {
            let asked = asked.unwrap_or_else(|| labscape::default_policy().name().to_string());
            (asked, known)
        });
    }
    let name = name.unwrap_or(kind.default_policy());
    kind.policy(name)
        .ok_or_else(|| (name.to_string(), kind.policies().join(", ")))
}
