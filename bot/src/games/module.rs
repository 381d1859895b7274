//! Each game's module behind one object the service can hold: [`Module`] is [`ChatGame`]
//! over `AnyGame`, `AnyAction`, `AnyEvent` and `AnyRefusal`, and [`of`] hands out the
//! module of a game. The match that picks it is generated from core's one list of games
//! (`labscape_core::for_each_game!`), with no wildcard arm: a game in core's list without
//! a module here does not compile.

use std::{borrow::Cow, marker::PhantomData, ops::RangeInclusive};

use labscape_core::{AnyAction, AnyEvent, AnyGame, AnyRefusal, GameKind, Outcome, Reason, Seat};

use super::engine::{EngineError, EngineNew};
use super::own_commands::{OwnCommand, OwnOption};
use super::{
    Button, ChatGame, GameRecord, LobbyOpen, LobbyWords, NoTable, OptionError, PastFinish, Picture,
    Placement, Profile, StudyOptions, Suggestion, Told, TurnPicture, TurnTold,
};
use crate::i18n::Lang;

/// What the service asks of a game: [`ChatGame`] over any game's values. A value of another
/// game than the module's (a caller's mistake) gets a neutral answer, never a panic.
#[allow(missing_docs, clippy::too_many_arguments)]
pub trait Module: Send + Sync {
    /// Which game.
    fn kind(&self) -> GameKind;
    /// What the game declares about itself.
    fn profile(&self) -> Profile;
    /// The words that begin the game's own actions.
    fn verbs(&self) -> &'static [&'static str];
    /// The topics of its rules.
    fn rules_topics(&self) -> &'static [&'static str];
    /// The game's own chat commands.
    fn own_commands(&self) -> &'static [OwnCommand];
    /// Its own options of `/new`.
    fn new_options(&self) -> &'static [OwnOption];
    /// The names of its tables.
    fn table_names(&self) -> &'static [&'static str];
    /// Its views on request (`/walls`) and the messages describing them.
    fn looks(&self) -> &'static [(&'static str, &'static str)];
    /// The view on request `word` of `game`, when `game` is this game's and has it.
    fn look(&self, game: &AnyGame, word: &str, title: &str, lang: Lang) -> Option<super::Look>;
    /// The widths its position image is drawn at.
    fn image_widths(&self) -> RangeInclusive<u32>;

    /// Whether `r` is a refusal of this game.
    fn owns_refusal(&self, r: &AnyRefusal) -> bool;
    fn refusal(&self, r: &AnyRefusal, lang: Lang) -> String;
    fn refused(&self, r: &AnyRefusal, lang: Lang) -> String;
    /// Whether `r` is answered to its player alone ([`ChatGame::secret_refusal`]).
    fn secret_refusal(&self, r: &AnyRefusal) -> bool;
    fn reason(&self, reason: &Reason, lang: Lang) -> String;
    fn rules(&self, topic: Option<&str>, lang: Lang) -> Option<String>;
    fn image(&self, p: &TurnPicture) -> Option<Vec<u8>>;
    fn describe(
        &self,
        names: &[String],
        seat: Seat,
        action: &AnyAction,
        events: &[AnyEvent],
        lang: Lang,
    ) -> Vec<String>;
    fn describe_hidden(
        &self,
        names: &[String],
        seat: Seat,
        events: &[AnyEvent],
        lang: Lang,
    ) -> Vec<String>;
    /// [`ChatGame::misread`] of `game`.
    fn misread(&self, game: &AnyGame, text: &str, lang: Lang) -> Option<String>;
    fn turn_ended_why(
        &self,
        before: &AnyGame,
        action: &AnyAction,
        after: &AnyGame,
        lang: Lang,
    ) -> Option<String>;
    fn outcome_line(&self, outcome: &Outcome, names: &[String], lang: Lang) -> String;
    fn next_line(&self, game: &AnyGame, names: &[String], lang: Lang) -> Option<String>;
    fn begins(
        &self,
        game: &AnyGame,
        title: &str,
        seed_hash: &str,
        names: &[String],
        events: &[AnyEvent],
        lang: Lang,
    ) -> Vec<String>;
    fn status(
        &self,
        game: &AnyGame,
        title: &str,
        turn: i64,
        names: &[String],
        notes: &[Option<String>],
        lang: Lang,
    ) -> String;
    fn lobby_status(
        &self,
        title: &str,
        settings: &str,
        names: &[String],
        max: u8,
        lang: Lang,
    ) -> String;
    fn log_line(&self, t: &Told<'_>, names: &[String], lang: Lang) -> String;
    fn recap_line(&self, t: &Told<'_>, names: &[String], lang: Lang) -> String;
    fn setup_story(&self, events: &[AnyEvent], names: &[String], lang: Lang) -> Vec<String>;
    fn recap_tail(
        &self,
        game: &AnyGame,
        title: &str,
        turn: i64,
        names: &[String],
        lang: Lang,
    ) -> String;
    fn lobby_settings(&self, words: &[String]) -> Result<LobbyWords, OptionError>;
    fn lobby_open(&self, l: &LobbyOpen<'_>, lang: Lang) -> String;
    fn policy(&self, name: Option<&str>) -> Result<String, (String, String)>;
    #[allow(clippy::type_complexity)]
    fn play_chat(
        &self,
        game: &AnyGame,
        seat: Seat,
        text: &str,
    ) -> Result<(AnyAction, AnyGame, Vec<AnyEvent>), AnyRefusal>;
    fn deadline_action(&self, game: &AnyGame) -> Option<AnyAction>;
    fn buttons(&self, game: &AnyGame, lang: Lang) -> Vec<Vec<Button>>;
    fn public_buttons(&self, game: &AnyGame, lang: Lang) -> Vec<Vec<Button>>;
    fn pick(&self, game: &AnyGame, key: &str) -> Option<Vec<Vec<Button>>>;
    fn suggestions(&self, game: &AnyGame, seat: Seat) -> Vec<Suggestion>;
    fn payload<'a>(&self, action: &'a str) -> Cow<'a, str>;
    fn action_of<'a>(&self, payload: &'a str) -> Cow<'a, str>;
    fn chat_words<'a>(&self, text: &'a str) -> Cow<'a, str>;
    fn position_image(&self, game: &AnyGame, width: Option<u32>) -> Option<Vec<u8>>;
    fn replay(&self, r: &GameRecord, lang: Lang) -> Result<Option<Vec<u8>>, String>;
    fn results(&self, end: &AnyGame, history: &[Vec<AnyEvent>]) -> Vec<Placement>;
    fn table(
        &self,
        name: Option<&str>,
        game: Option<&AnyGame>,
        lang: Lang,
    ) -> Result<String, NoTable>;
    fn record_file(&self, r: &GameRecord) -> Result<Vec<u8>, String>;
    fn help(&self, title: &str, lang: Lang) -> String;
    fn choices(
        &self,
        game: &AnyGame,
        seat: Seat,
        text: &str,
        lang: Lang,
    ) -> Option<(String, Vec<Vec<Button>>)>;
    fn own_record_format(&self) -> Option<&'static str>;
    fn verify_own_record(
        &self,
        value: serde_json::Value,
    ) -> Result<(bool, String), serde_json::Error>;
    fn engine_new(&self, e: &EngineNew) -> Option<Result<AnyGame, EngineError>>;
    fn read_position(&self, text: &str) -> Option<Result<AnyGame, EngineError>>;
    fn leaderboard(&self, finishes: &[PastFinish], limit: usize, lang: Lang) -> Option<String>;
    fn own_record(&self, finishes: &[PastFinish], lang: Lang) -> Option<String>;
    /// `/luck` in words; `None` for a game without dice.
    fn luck(&self, r: &GameRecord, lang: Lang) -> Option<Result<String, String>>;
    /// `labscape simulate`'s own study of the game; `None` for a game without one.
    fn study(&self, options: &StudyOptions) -> Option<Result<String, String>>;
}

/// The module of game `G`.
struct Of<G>(GameKind, PhantomData<fn() -> G>);

/// `G`'s events among any game's.
fn events_of<G: ChatGame>(events: &[AnyEvent]) -> Vec<G::Event> {
    events.iter().filter_map(|e| G::event(e).cloned()).collect()
}

impl<G: ChatGame> Of<G> {
    /// A line of `/log` or `/recap` for an action its reader may not learn whole.
    fn hidden_line(t: &Told<'_>, events: &[G::Event], names: &[String], lang: Lang) -> String {
        let mut story = G::describe_hidden(names, t.seat, events, lang);
        story.extend(t.outcome.map(|o| G::outcome_line(o, names, lang)));
        format!("#{}{} {}", t.seq, t.auto, story.join(" "))
    }

    fn told<'a>(t: &'a Told<'a>, events: &'a [G::Event]) -> Option<TurnTold<'a, G>> {
        Some(TurnTold {
            seq: t.seq,
            seat: t.seat,
            action: G::action(t.action?)?,
            events,
            auto: t.auto,
            outcome: t.outcome,
        })
    }
}

impl<G: ChatGame> Module for Of<G> {
    fn kind(&self) -> GameKind {
        self.0
    }
    fn profile(&self) -> Profile {
        G::PROFILE
    }
    fn verbs(&self) -> &'static [&'static str] {
        G::VERBS
    }
    fn rules_topics(&self) -> &'static [&'static str] {
        G::RULES_TOPICS
    }
    fn own_commands(&self) -> &'static [OwnCommand] {
        G::OWN_COMMANDS
    }
    fn new_options(&self) -> &'static [OwnOption] {
        G::NEW_OPTIONS
    }
    fn table_names(&self) -> &'static [&'static str] {
        G::TABLES
    }
    fn looks(&self) -> &'static [(&'static str, &'static str)] {
        G::LOOKS
    }
    fn look(&self, game: &AnyGame, word: &str, title: &str, lang: Lang) -> Option<super::Look> {
        G::from_any(game)?.look(word, title, lang)
    }
    fn image_widths(&self) -> RangeInclusive<u32> {
        G::IMAGE_WIDTHS
    }
    fn owns_refusal(&self, r: &AnyRefusal) -> bool {
        <G as labscape_core::Member>::refusal(r).is_some()
    }
    fn refusal(&self, r: &AnyRefusal, lang: Lang) -> String {
        <G as labscape_core::Member>::refusal(r)
            .map_or_else(|| r.to_string(), |r| G::problem(r, lang))
    }
    fn refused(&self, r: &AnyRefusal, lang: Lang) -> String {
        <G as labscape_core::Member>::refusal(r)
            .map_or_else(|| r.to_string(), |r| G::refused(r, lang))
    }
    fn secret_refusal(&self, r: &AnyRefusal) -> bool {
        <G as labscape_core::Member>::refusal(r).is_some_and(G::secret_refusal)
    }
    fn reason(&self, reason: &Reason, lang: Lang) -> String {
        G::reason(reason, lang)
    }
    fn rules(&self, topic: Option<&str>, lang: Lang) -> Option<String> {
        G::rules(topic, lang)
    }
    fn image(&self, p: &TurnPicture) -> Option<Vec<u8>> {
        let game = G::from_any(&p.game)?;
        G::image(&Picture {
            game,
            actions: p
                .actions
                .iter()
                .filter_map(|a| G::action(a).cloned())
                .collect(),
            events: events_of::<G>(&p.events),
            names: &p.names,
            notes: &p.notes,
            title: &p.title,
            lang: p.lang,
        })
    }
    fn describe(
        &self,
        names: &[String],
        seat: Seat,
        action: &AnyAction,
        events: &[AnyEvent],
        lang: Lang,
    ) -> Vec<String> {
        match G::action(action) {
            Some(a) => G::describe(names, seat, a, &events_of::<G>(events), lang),
            None => vec![action.to_string()],
        }
    }
    fn describe_hidden(
        &self,
        names: &[String],
        seat: Seat,
        events: &[AnyEvent],
        lang: Lang,
    ) -> Vec<String> {
        G::describe_hidden(names, seat, &events_of::<G>(events), lang)
    }
    fn misread(&self, game: &AnyGame, text: &str, lang: Lang) -> Option<String> {
        G::from_any(game)?.misread(text, lang)
    }
    fn turn_ended_why(
        &self,
        before: &AnyGame,
        action: &AnyAction,
        after: &AnyGame,
        lang: Lang,
    ) -> Option<String> {
        G::from_any(before)?.turn_ended_why(G::action(action)?, G::from_any(after)?, lang)
    }
    fn outcome_line(&self, outcome: &Outcome, names: &[String], lang: Lang) -> String {
        G::outcome_line(outcome, names, lang)
    }
    fn next_line(&self, game: &AnyGame, names: &[String], lang: Lang) -> Option<String> {
        G::from_any(game)?.next_line(names, lang)
    }
    fn begins(
        &self,
        game: &AnyGame,
        title: &str,
        seed_hash: &str,
        names: &[String],
        events: &[AnyEvent],
        lang: Lang,
    ) -> Vec<String> {
        G::from_any(game).map_or_else(Vec::new, |g| {
            g.begins(title, seed_hash, names, &events_of::<G>(events), lang)
        })
    }
    fn status(
        &self,
        game: &AnyGame,
        title: &str,
        turn: i64,
        names: &[String],
        notes: &[Option<String>],
        lang: Lang,
    ) -> String {
        G::from_any(game).map_or_else(
            || super::heading(title, turn, lang),
            |g| g.status(title, turn, names, notes, lang),
        )
    }
    fn lobby_status(
        &self,
        title: &str,
        settings: &str,
        names: &[String],
        max: u8,
        lang: Lang,
    ) -> String {
        G::lobby_status(title, settings, names, max, lang)
    }
    fn log_line(&self, t: &Told<'_>, names: &[String], lang: Lang) -> String {
        let events = events_of::<G>(t.events);
        match (t.action, Self::told(t, &events)) {
            (Some(_), Some(told)) => G::log_line(&told, names, lang),
            (None, _) => Self::hidden_line(t, &events, names, lang),
            (Some(a), None) => format!("#{} {a}", t.seq),
        }
    }
    fn recap_line(&self, t: &Told<'_>, names: &[String], lang: Lang) -> String {
        let events = events_of::<G>(t.events);
        match (t.action, Self::told(t, &events)) {
            (Some(_), Some(told)) => G::recap_line(&told, names, lang),
            (None, _) => Self::hidden_line(t, &events, names, lang),
            (Some(a), None) => format!("#{} {a}", t.seq),
        }
    }
    fn setup_story(&self, events: &[AnyEvent], names: &[String], lang: Lang) -> Vec<String> {
        G::setup_story(&events_of::<G>(events), names, lang)
    }
    fn recap_tail(
        &self,
        game: &AnyGame,
        title: &str,
        turn: i64,
        names: &[String],
        lang: Lang,
    ) -> String {
        G::from_any(game).map_or_else(
            || super::heading(title, turn, lang),
            |g| g.recap_tail(title, turn, names, lang),
        )
    }
    fn lobby_settings(&self, words: &[String]) -> Result<LobbyWords, OptionError> {
        G::lobby_settings(words)
    }
    fn lobby_open(&self, l: &LobbyOpen<'_>, lang: Lang) -> String {
        G::lobby_open(l, lang)
    }
    fn policy(&self, name: Option<&str>) -> Result<String, (String, String)> {
        G::addbot_policy(name)
    }
    fn play_chat(
        &self,
        game: &AnyGame,
        seat: Seat,
        text: &str,
    ) -> Result<(AnyAction, AnyGame, Vec<AnyEvent>), AnyRefusal> {
        let g = G::from_any(game).ok_or(AnyRefusal::OtherGame)?;
        let (action, next, events) = g.play_chat(seat, text).map_err(G::any_refusal)?;
        Ok((
            G::any_action(action),
            next.into_any(),
            events.into_iter().map(G::any_event).collect(),
        ))
    }
    fn deadline_action(&self, game: &AnyGame) -> Option<AnyAction> {
        G::from_any(game)?.deadline_action().map(G::any_action)
    }
    fn buttons(&self, game: &AnyGame, lang: Lang) -> Vec<Vec<Button>> {
        G::from_any(game).map_or_else(Vec::new, |g| g.buttons(lang))
    }
    fn public_buttons(&self, game: &AnyGame, lang: Lang) -> Vec<Vec<Button>> {
        G::from_any(game).map_or_else(Vec::new, |g| g.public_buttons(lang))
    }
    fn pick(&self, game: &AnyGame, key: &str) -> Option<Vec<Vec<Button>>> {
        G::from_any(game)?.pick(key)
    }
    fn suggestions(&self, game: &AnyGame, seat: Seat) -> Vec<Suggestion> {
        G::from_any(game).map_or_else(Vec::new, |g| g.suggestions(seat))
    }
    fn payload<'a>(&self, action: &'a str) -> Cow<'a, str> {
        G::payload(action)
    }
    fn action_of<'a>(&self, payload: &'a str) -> Cow<'a, str> {
        G::action_of(payload)
    }
    fn chat_words<'a>(&self, text: &'a str) -> Cow<'a, str> {
        G::chat_words(text)
    }
    fn position_image(&self, game: &AnyGame, width: Option<u32>) -> Option<Vec<u8>> {
        G::from_any(game)?.position_image(self.kind().name(), width)
    }
    fn replay(&self, r: &GameRecord, lang: Lang) -> Result<Option<Vec<u8>>, String> {
        G::replay(r, lang)
    }
    fn results(&self, end: &AnyGame, history: &[Vec<AnyEvent>]) -> Vec<Placement> {
        let Some(end) = G::from_any(end) else {
            return Vec::new();
        };
        let history: Vec<Vec<G::Event>> = history.iter().map(|e| events_of::<G>(e)).collect();
        G::results(end, &history)
    }
    fn table(
        &self,
        name: Option<&str>,
        game: Option<&AnyGame>,
        lang: Lang,
    ) -> Result<String, NoTable> {
        G::table(name, game.and_then(G::from_any), lang)
    }
    fn record_file(&self, r: &GameRecord) -> Result<Vec<u8>, String> {
        G::record_file(r)
    }
    fn help(&self, title: &str, lang: Lang) -> String {
        G::help(title, lang)
    }
    fn choices(
        &self,
        game: &AnyGame,
        seat: Seat,
        text: &str,
        lang: Lang,
    ) -> Option<(String, Vec<Vec<Button>>)> {
        G::from_any(game)?.choices(seat, text, lang)
    }
    fn own_record_format(&self) -> Option<&'static str> {
        G::OWN_RECORD_FORMAT
    }
    fn verify_own_record(
        &self,
        value: serde_json::Value,
    ) -> Result<(bool, String), serde_json::Error> {
        G::verify_own_record(value)
    }
    fn engine_new(&self, e: &EngineNew) -> Option<Result<AnyGame, EngineError>> {
        G::engine_new(e)
    }
    fn read_position(&self, text: &str) -> Option<Result<AnyGame, EngineError>> {
        G::read_position(text)
    }
    fn leaderboard(&self, finishes: &[PastFinish], limit: usize, lang: Lang) -> Option<String> {
        G::leaderboard(finishes, limit, lang)
    }
    fn own_record(&self, finishes: &[PastFinish], lang: Lang) -> Option<String> {
        G::own_record(finishes, lang)
    }
    fn luck(&self, r: &GameRecord, lang: Lang) -> Option<Result<String, String>> {
        G::PROFILE.has_dice.then(|| G::luck(r, lang))
    }
    fn study(&self, options: &StudyOptions) -> Option<Result<String, String>> {
        G::study(options)
    }
}

macro_rules! modules {
    ($( $variant:ident => $ty:ty, $id:literal, $name:literal; )*) => {
        /// The module of game `kind`.
        pub fn of(kind: GameKind) -> &'static dyn Module {
            match kind {
                $( GameKind::$variant => &Of::<$ty>(GameKind::$variant, PhantomData), )*
            }
        }
    };
}

labscape_core::for_each_game!(modules);
