//! Labscape behind the bot's one trait: its events tell the whole story, its post leads
//! with the turn and ends with who acts next and where, its lobby reads its own words
//! (`pyramid hard draft`), its buttons keep their places, its deadline plays a minute's
//! wait, and its records, luck and replay are its own.

use labscape_core::{
    AnyEvent, AnyGame, Seat,
    labscape::{Action, Event, Position, Refusal},
};

use super::{commands, help, story, walls};
use crate::{
    games::{
        Button, ChatGame, GameRecord, LobbyOpen, Look, NoTable, OptionError, OwnCommand, OwnOption,
        PastFinish, Picture, Placement, Profile, Suggestion, TurnTold, Worded,
        engine::{EngineError, EngineNew},
        lobby::any_lobby_open,
        lobby::any_lobby_status,
    },
    i18n::{Lang, tr},
};

impl ChatGame for Position {
    const PROFILE: Profile = Profile {
        rated: false,
        takes_challenges: false,
        status_in_public: true,
        shows_notes: true,
        reads_several: false,
        two_step_buttons: false,
        has_dice: true,
        agrees_draws: false,
        may_resign: false,
        public_actions: false,
    };
    const VERBS: &'static [&'static str] = super::VERBS;
    const OWN_COMMANDS: &'static [OwnCommand] = commands::COMMANDS;
    const NEW_OPTIONS: &'static [OwnOption] = commands::NEW_OPTIONS;
    const LOOKS: &'static [(&'static str, &'static str)] = &[(walls::WORD, "cmd-walls")];
    const RULES_TOPICS: &'static [&'static str] = &help::TOPICS;
    const TABLES: &'static [&'static str] = &help::TABLES;
    const IMAGE_WIDTHS: std::ops::RangeInclusive<u32> =
        labscape_render::MIN_WIDTH..=labscape_render::MAX_WIDTH;

    fn problem(r: &Refusal, lang: Lang) -> String {
        super::problem(r, lang)
    }

    fn refused(r: &Refusal, lang: Lang) -> String {
        super::refused(r, lang)
    }

    /// Labscape's end is told by its events (who escaped, who was caught at dawn).
    fn reason_message(_code: &str) -> Option<&'static str> {
        None
    }

    fn rules(topic: Option<&str>, lang: Lang) -> Option<String> {
        help::rules(topic, lang)
    }

    fn image(p: &Picture<'_, Self>) -> Option<Vec<u8>> {
        Some(super::image(p))
    }

    fn describe(
        names: &[String],
        _seat: Seat,
        _action: &Action,
        events: &[Event],
        lang: Lang,
    ) -> Vec<String> {
        story::describe(events, names, lang)
    }

    fn next_line(&self, _names: &[String], lang: Lang) -> Option<String> {
        Some(story::next_up(self, lang)).filter(|l| !l.is_empty())
    }

    fn begins(
        &self,
        title: &str,
        seed_hash: &str,
        names: &[String],
        events: &[Event],
        lang: Lang,
    ) -> Vec<String> {
        let mut story = vec![tr!(lang, "game-begins", game = title, hash = seed_hash)];
        story.extend(story::describe(events, names, lang));
        story
    }

    fn status(
        &self,
        title: &str,
        turn: i64,
        _names: &[String],
        notes: &[Option<String>],
        lang: Lang,
    ) -> String {
        story::status(title, turn, self, notes, lang)
    }

    fn lobby_status(title: &str, settings: &str, names: &[String], max: u8, lang: Lang) -> String {
        super::lobby_status(title, settings, names, max, lang)
            .unwrap_or_else(|| any_lobby_status(title, settings, names, max, lang))
    }

    fn log_line(t: &TurnTold<'_, Self>, names: &[String], lang: Lang) -> String {
        let story = story::describe(t.events, names, lang).join(" ");
        let who = names.get(t.seat.index()).map_or("?", String::as_str);
        format!("#{} {who}: {}{} — {story}", t.seq, t.action, t.auto)
    }

    fn recap_line(t: &TurnTold<'_, Self>, names: &[String], lang: Lang) -> String {
        let story = story::describe(t.events, names, lang).join(" ");
        let who = names.get(t.seat.index()).map_or("?", String::as_str);
        format!("#{} {who}{}: {story}", t.seq, t.auto)
    }

    fn setup_story(events: &[Event], names: &[String], lang: Lang) -> Vec<String> {
        story::describe(events, names, lang)
    }

    fn recap_tail(&self, _title: &str, _turn: i64, _names: &[String], lang: Lang) -> String {
        story::next_up(self, lang)
    }

    fn lobby_settings(words: &[String]) -> Result<crate::games::LobbyWords, OptionError> {
        super::lobby_words(words)
    }

    fn lobby_open(l: &LobbyOpen<'_>, lang: Lang) -> String {
        super::lobby_open(l.title, l.settings, l.max, l.who, lang)
            .unwrap_or_else(|| any_lobby_open(l, lang))
    }

    fn addbot_policy(name: Option<&str>) -> Result<String, (String, String)> {
        let name = name.unwrap_or(<Self as labscape_core::Game>::DEFAULT_POLICY);
        super::policy(name).ok_or_else(|| (name.to_string(), super::policy_names()))
    }

    /// Labscape reads the text before it looks at the turn, as its command line does.
    fn play_chat(&self, seat: Seat, text: &str) -> Result<(Action, Self, Vec<Event>), Refusal> {
        labscape_core::Game::apply(self, Some(seat), text)
    }

    fn deadline_action(&self) -> Option<Action> {
        Some(Action::Wait(1))
    }

    fn buttons(&self, lang: Lang) -> Vec<Vec<Button>> {
        super::buttons(self, lang)
    }

    fn pick(&self, _key: &str) -> Option<Vec<Vec<Button>>> {
        None
    }

    fn suggestions(&self, seat: Seat) -> Vec<Suggestion> {
        super::suggestions(self, seat)
    }

    fn chat_words(text: &str) -> std::borrow::Cow<'_, str> {
        super::words::to_notation(text)
    }

    fn payload(action: &str) -> std::borrow::Cow<'_, str> {
        super::payload(action)
    }

    fn action_of(payload: &str) -> std::borrow::Cow<'_, str> {
        super::action_of(payload)
    }

    fn choices(&self, seat: Seat, text: &str, lang: Lang) -> Option<(String, Vec<Vec<Button>>)> {
        let verb = text.trim().to_ascii_lowercase().replace('_', "-");
        if !matches!(verb.as_str(), "rotate-wall" | "rotatewall") {
            return None;
        }
        let rows = if self.active() == Some(seat) {
            super::rotation_buttons(self)
        } else {
            Vec::new()
        };
        let count = rows.iter().map(Vec::len).sum::<usize>();
        if count == 0 {
            return Some((tr!(lang, "no-rotation"), Vec::new()));
        }
        let who = self.player(seat).name().to_string();
        Some((
            tr!(lang, "rotations", who = who.as_str(), count = count),
            rows,
        ))
    }

    fn look(&self, word: &str, title: &str, lang: Lang) -> Option<Look> {
        (word == walls::WORD).then(|| walls::look(self, title, lang))
    }

    fn position_image(&self, _title: &str, width: Option<u32>) -> Option<Vec<u8>> {
        Some(super::render_position(self, width))
    }

    fn replay(r: &GameRecord, lang: Lang) -> Result<Option<Vec<u8>>, String> {
        super::replay(r, lang).map(Some)
    }

    fn results(end: &Self, history: &[Vec<Event>]) -> Vec<Placement> {
        super::results(end, history)
    }

    const OWN_RECORD_FORMAT: Option<&'static str> = Some(labscape_core::labscape::RECORD_FORMAT);

    fn verify_own_record(value: serde_json::Value) -> Result<(bool, String), serde_json::Error> {
        let verdict = labscape_core::labscape::verify(&serde_json::from_value(value)?);
        Ok((verdict.is_verified(), verdict.to_string()))
    }

    fn engine_new(e: &EngineNew) -> Option<Result<AnyGame, EngineError>> {
        Some(super::engine::new_position(e))
    }

    fn read_position(text: &str) -> Option<Result<AnyGame, EngineError>> {
        Some(super::engine::read_position(text))
    }

    fn leaderboard(finishes: &[PastFinish], limit: usize, lang: Lang) -> Option<String> {
        super::records::leaderboard(finishes, limit, lang)
    }

    fn own_record(finishes: &[PastFinish], lang: Lang) -> Option<String> {
        super::records::own_record(finishes, lang)
    }

    fn help(_title: &str, lang: Lang) -> String {
        tr!(lang, "help")
    }

    fn table(name: Option<&str>, game: Option<&Self>, lang: Lang) -> Result<String, NoTable> {
        help::table(name, game, lang).ok_or(NoTable::Unknown)
    }

    fn record_file(r: &GameRecord) -> Result<Vec<u8>, String> {
        super::export_file(r)
    }

    fn luck(r: &GameRecord, lang: Lang) -> Result<String, String> {
        super::luck(r, lang)
    }
}

/// Labscape's events among any game's (all of them, in a Labscape game).
pub fn events(any: &[AnyEvent]) -> Vec<Event> {
    use labscape_core::Member as _;
    any.iter().filter_map(Position::event).cloned().collect()
}

/// A lobby problem worded later, in the reader's language.
pub(super) fn worded(p: super::LobbyProblem) -> OptionError {
    OptionError::Words(Worded::new(move |lang| p.text(lang)))
}
