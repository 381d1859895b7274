//! The one trait every game's bot module implements: everything the bot needs from a game,
//! typed in the game's own actions, events and refusals. Its default methods serve a plain
//! two-player board game (actions told in their notation, two-step buttons, `KEY=VALUE`
//! options, the generic record file), so a simple game writes only what differs; what no
//! default can know (its refusals and end reasons in words, its rules, its image) every game
//! must write, or it does not compile.
//!
//! The service never sees this trait's types: `module.rs` erases it over `AnyGame`, and
//! `games::of(kind)` hands the service the game's module.

use std::{borrow::Cow, ops::RangeInclusive};

use labscape_core::{AnyGame, Game, Member, Outcome, Reason, Seat};
use labscape_render::BoardFrame;

use super::own_commands::{OwnCommand, OwnOption};
use super::{
    Button, GameRecord, LobbyOpen, LobbyWords, NoTable, OptionError, PastFinish, Placement,
    StudyOptions, Suggestion, board,
    engine::{EngineError, EngineNew},
    lobby::{any_lobby_open, any_lobby_status, key_value_settings},
    record::any_record_file,
};
use crate::i18n::{FluentValue, Lang, t, tr};

/// What a game declares about itself, as data: the service reads it and never asks which
/// game it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Profile {
    /// Finished games are rated (Glicko-2, per game): the two-player games.
    pub rated: bool,
    /// A lobby may be a challenge to one person, with the creator's side chosen.
    pub takes_challenges: bool,
    /// A running game's `/status` is posted for the whole chat (else it answers the asker).
    pub status_in_public: bool,
    /// The turn image shows who is away under their names (the service reads the players'
    /// preferences for it only then).
    pub shows_notes: bool,
    /// A turn may be typed as several actions separated by spaces (`/play c3 c4`).
    pub reads_several: bool,
    /// Its buttons may come in two steps (`pick b2`, then b2's moves).
    pub two_step_buttons: bool,
    /// The game has dice: `/luck` compares them with fair dice.
    pub has_dice: bool,
    /// Its two players may end it drawn by agreement (`/draw`).
    pub agrees_draws: bool,
    /// Either of its two players may give it up, and the other wins (`/resign`).
    pub may_resign: bool,
    /// Every action is public even while some of what it does is secret (Labirinto da
    /// Hidra: what an explorer saw, what a thief took): nobody plays in private, every
    /// action is played and told in the group, and each player who may learn more of a
    /// turn than the group gets it in private (their view, their hand).
    pub public_actions: bool,
}

impl Profile {
    /// A plain two-player board game.
    pub const BOARD: Profile = Profile {
        rated: true,
        takes_challenges: true,
        status_in_public: false,
        shows_notes: false,
        reads_several: true,
        two_step_buttons: true,
        has_dice: false,
        agrees_draws: true,
        may_resign: true,
        public_actions: false,
    };
}

/// A turn image's content, in the game's own types.
#[derive(Debug)]
pub struct Picture<'a, G: Game> {
    /// The game after the turn (the view its audience may see).
    pub game: &'a G,
    /// The actions of the turn(s) told, oldest first.
    pub actions: Vec<G::Action>,
    /// Their events, in order.
    pub events: Vec<G::Event>,
    /// The players' names, in seat order.
    pub names: &'a [String],
    /// A note per seat (away time), for a game whose image shows them.
    pub notes: &'a [Option<String>],
    /// The game's name, for the header.
    pub title: &'a str,
    /// The language of the labels.
    pub lang: Lang,
}

impl<'a, G: Game> Picture<'a, G> {
    /// A position with no turn to tell, drawn with `names` and `title` in English (the
    /// engine's `render`).
    pub fn still(game: &'a G, names: &'a [String], title: &'a str) -> Picture<'a, G> {
        Picture {
            game,
            actions: Vec::new(),
            events: Vec::new(),
            names,
            notes: &[],
            title,
            lang: Lang::En,
        }
    }
}

/// One stored action, told in `/log` and `/recap`, in the game's own types.
#[derive(Debug)]
pub struct TurnTold<'a, G: Game> {
    /// Its number.
    pub seq: i64,
    /// Who played it.
    pub seat: Seat,
    /// The action.
    pub action: &'a G::Action,
    /// What it did.
    pub events: &'a [G::Event],
    /// The note of an action played for an absent player (empty otherwise).
    pub auto: &'a str,
    /// How the game ended, when this action ended it and the reader is told so.
    pub outcome: Option<&'a Outcome>,
}

/// The first line of a game's first post: it begins, with whom, and the seed's commitment.
pub(super) fn begins_line(title: &str, seed_hash: &str, names: &[String], lang: Lang) -> String {
    tr!(
        lang,
        "any-game-begins",
        game = title,
        players = names.join(", "),
        hash = seed_hash
    )
}

/// Everything the bot needs from one game. Implemented by each game's module in `games/`.
pub trait ChatGame: Member {
    /// What the game declares about itself.
    const PROFILE: Profile = Profile::BOARD;
    /// The words that begin this game's own actions (Labscape's `move`, `roll`…): a turn
    /// typed with one of them in another game is answered "that is GAME's".
    const VERBS: &'static [&'static str] = &[];
    /// The game's own chat commands beyond `/play` (Labscape's `/move`), declared as data
    /// for the platforms' menus and slash commands.
    const OWN_COMMANDS: &'static [OwnCommand] = &[];
    /// Its own options of `/new` beyond the typed words (Labscape's layout and difficulty),
    /// for the platforms that offer options one by one; each value given is one more word
    /// for [`ChatGame::lobby_settings`].
    const NEW_OPTIONS: &'static [OwnOption] = &[];
    /// Its views on request (Labscape's `/walls`), as (the command word, the Fluent
    /// message describing it): answered by [`ChatGame::look`].
    const LOOKS: &'static [(&'static str, &'static str)] = &[];
    /// The topics of its rules (`/rules walls`), beyond the summary.
    const RULES_TOPICS: &'static [&'static str] = &[];
    /// The names of its tables (`/table search`), for the platforms to offer.
    const TABLES: &'static [&'static str] = &[];
    /// The widths, in pixels, its position image is drawn at (`engine render --width`):
    /// a board game's image has one.
    const IMAGE_WIDTHS: RangeInclusive<u32> =
        labscape_render::BOARD_WIDTH..=labscape_render::BOARD_WIDTH;

    // --- What every game must word itself.

    /// A refusal in `lang`, as a clause ("c5 is next to the cat on c4").
    fn problem(r: &Self::Refusal, lang: Lang) -> String;
    /// The Fluent message that words an end's reason code, if the game has one for it.
    fn reason_message(code: &str) -> Option<&'static str>;
    /// `/rules [TOPIC]` of this game: its summary without a topic; `None` for a topic it
    /// does not have.
    fn rules(topic: Option<&str>, lang: Lang) -> Option<String>;
    /// The board as its image shows it, for a board game: its turn image and replay are
    /// drawn from it, and `/status` tells its sides and counters in words (the score, the
    /// stones left), as the image's player table and footer show them. `None`: a game
    /// drawn otherwise, which writes its own [`ChatGame::image`].
    fn frame(p: &Picture<'_, Self>) -> Option<BoardFrame> {
        let _ = p;
        None
    }
    /// The turn image, as PNG bytes; `None` when there is nothing to draw. By default, the
    /// [`ChatGame::frame`] drawn.
    fn image(p: &Picture<'_, Self>) -> Option<Vec<u8>> {
        Self::frame(p).map(|f| f.render_png(None))
    }

    // --- A turn in words.

    /// A refused action, the whole sentence.
    fn refused(r: &Self::Refusal, lang: Lang) -> String {
        tr!(lang, "error-refused", problem = Self::problem(r, lang))
    }
    /// Whether a refusal of this kind may rest on what only the refused player may know
    /// (their hand, what they explored): the service answers it to them alone, never where
    /// others read (Telegram's private chat, Discord's ephemeral reply, local play's
    /// `(to NAME, private)`). Decide by the refusal's kind, never by the secret: where a
    /// refusal goes must tell nothing either. No refusal does by default.
    fn secret_refusal(r: &Self::Refusal) -> bool {
        let _ = r;
        false
    }
    /// Why the game ended, in `lang` (the engine's English when the game has no words for
    /// the reason's code).
    fn reason(reason: &Reason, lang: Lang) -> String {
        let Some(id) = reason.code().and_then(Self::reason_message) else {
            return reason.english().to_string();
        };
        let args: Vec<(&str, FluentValue<'_>)> = reason
            .args()
            .iter()
            .map(|(name, value)| (*name, FluentValue::from(value.as_str())))
            .collect();
        t(lang, id, &args)
    }
    /// The line an event adds to the turn's story, if it needs one (a capture, a swap).
    fn event_line(event: &Self::Event, lang: Lang) -> Option<String> {
        let _ = (event, lang);
        None
    }
    /// The story of one action of `seat`: who played what, then the events' lines.
    fn describe(
        names: &[String],
        seat: Seat,
        action: &Self::Action,
        events: &[Self::Event],
        lang: Lang,
    ) -> Vec<String> {
        let player = names.get(seat.index()).map_or("", String::as_str);
        let mut lines = vec![tr!(
            lang,
            "any-played",
            who = player,
            action = action.to_string()
        )];
        lines.extend(events.iter().filter_map(|e| Self::event_line(e, lang)));
        lines
    }
    /// The story of an action of `seat` its reader may not learn whole (the game's
    /// `hidden` event: Skarb's far hedge or pass): the lines of the events it may learn,
    /// or "NAME played." when they have none.
    fn describe_hidden(
        names: &[String],
        seat: Seat,
        events: &[Self::Event],
        lang: Lang,
    ) -> Vec<String> {
        let lines: Vec<String> = events
            .iter()
            .filter_map(|e| Self::event_line(e, lang))
            .collect();
        if !lines.is_empty() {
            return lines;
        }
        let player = names.get(seat.index()).map_or("", String::as_str);
        vec![tr!(lang, "any-played-hidden", who = player)]
    }
    /// Why `text`, which the game reads as no action, is none, when it begins as one of
    /// its actions and only a word of it is wrong (Hidra's `scream 6 e`: there is no row 6):
    /// a clause naming that word and what this game allows in its place. `None` (the
    /// default): the game's usual refusal of unreadable text, and a message of several
    /// actions is tried part by part.
    fn misread(&self, text: &str, lang: Lang) -> Option<String> {
        let _ = (text, lang);
        None
    }
    /// Why `action`, played on `self`, ended the turn, when a message went on past it
    /// (`/play e5b f6w` on Produto's one-stone first turn): a clause, or `None` when the
    /// game has nothing to add to "your turn ends with it". `after` is the position after
    /// the action.
    fn turn_ended_why(&self, action: &Self::Action, after: &Self, lang: Lang) -> Option<String> {
        let _ = (action, after, lang);
        None
    }
    /// How the game ended, in words: the winner (or the ranking) and why.
    fn outcome_line(outcome: &Outcome, names: &[String], lang: Lang) -> String {
        let name = |seat: Seat| names.get(seat.index()).cloned().unwrap_or_default();
        let why = Self::reason(&outcome.reason, lang);
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
    /// Who acts next, or how the game ended; `None` when the story told it already.
    fn next_line(&self, names: &[String], lang: Lang) -> Option<String> {
        if let Some(outcome) = self.outcome() {
            return Some(Self::outcome_line(&outcome, names, lang));
        }
        let who = names.get(self.to_move()?.index())?;
        Some(tr!(lang, "any-next", who = who.as_str()))
    }
    /// The first lines of the game's first post: it begins, with whom, and the seed's
    /// commitment (the seed decides a random side, the set-up and every die, and is
    /// revealed at the end); and what the set-up drew, in a game with chance.
    fn begins(
        &self,
        title: &str,
        seed_hash: &str,
        names: &[String],
        events: &[Self::Event],
        lang: Lang,
    ) -> Vec<String> {
        let _ = events;
        vec![begins_line(title, seed_hash, names, lang)]
    }

    // --- What is not a turn: status, log, recap.

    /// The `/status` of the running game: the heading, what a player needs to know, who is
    /// next.
    fn status(
        &self,
        title: &str,
        turn: i64,
        names: &[String],
        notes: &[Option<String>],
        lang: Lang,
    ) -> String {
        let _ = notes;
        let mut text = super::heading(title, turn, lang);
        text.push('\n');
        text.push_str(&tr!(
            lang,
            "any-status",
            game = title,
            turn = turn,
            players = names.join(", ")
        ));
        let picture = Picture {
            lang,
            ..Picture::still(self, names, title)
        };
        if let Some(standing) = Self::frame(&picture).as_ref().and_then(board::standing) {
            text.push('\n');
            text.push_str(&standing);
        }
        if let Some(next) = self.next_line(names, lang) {
            text.push('\n');
            text.push_str(&next);
        }
        text
    }
    /// The `/status` of a lobby: its settings (in the game's words) and its seats.
    fn lobby_status(title: &str, settings: &str, names: &[String], max: u8, lang: Lang) -> String {
        any_lobby_status(title, settings, names, max, lang)
    }
    /// A line of `/log`: `#seq` and the action told, and how the game ended when it ended
    /// it ("Game over: ana wins (…)").
    fn log_line(t: &TurnTold<'_, Self>, names: &[String], lang: Lang) -> String {
        let mut story = Self::describe(names, t.seat, t.action, t.events, lang);
        story.extend(t.outcome.map(|o| Self::outcome_line(o, names, lang)));
        format!("#{}{} {}", t.seq, t.auto, story.join(" "))
    }
    /// A line of `/recap`: `#seq` and what happened.
    fn recap_line(t: &TurnTold<'_, Self>, names: &[String], lang: Lang) -> String {
        Self::log_line(t, names, lang)
    }
    /// What the set-up drew, told at the top of a recap from the start (nothing for a game
    /// without chance at its start).
    fn setup_story(events: &[Self::Event], names: &[String], lang: Lang) -> Vec<String> {
        let _ = (events, names, lang);
        Vec::new()
    }
    /// What a recap ends with: the game's status.
    fn recap_tail(&self, title: &str, turn: i64, names: &[String], lang: Lang) -> String {
        self.status(title, turn, names, &[], lang)
    }

    // --- The lobby.

    /// A new lobby's settings, in the game's notation, and the creator's side, from the
    /// words `/new` left to the game (by default `KEY=VALUE` options and a side word).
    ///
    /// # Errors
    /// [`OptionError`] for a word the game cannot use.
    fn lobby_settings(words: &[String]) -> Result<LobbyWords, OptionError> {
        key_value_settings::<Self>(words)
    }
    /// The post that opens a lobby.
    fn lobby_open(l: &LobbyOpen<'_>, lang: Lang) -> String {
        any_lobby_open(l, lang)
    }
    /// The computer player `/addbot [NAME]` seats, by its canonical name (the game's
    /// default without a name).
    ///
    /// # Errors
    /// The name as given and the names on offer, for a name the game does not know.
    fn addbot_policy(name: Option<&str>) -> Result<String, (String, String)> {
        let name = name.unwrap_or(Self::DEFAULT_POLICY);
        <Self as Game>::policy(name).ok_or_else(|| (name.to_string(), Self::POLICIES.join(", ")))
    }

    // --- A turn.

    /// Reads and plays what a player typed as one action, refusing in the game's order (by
    /// default: a seat that may not act first, then the text).
    ///
    /// # Errors
    /// The game's refusal; `self` is unchanged.
    #[allow(clippy::type_complexity)]
    fn play_chat(
        &self,
        seat: Seat,
        text: &str,
    ) -> Result<(Self::Action, Self, Vec<Self::Event>), Self::Refusal> {
        self.check_turn(Some(seat))?;
        let action = self.read_chat(text)?;
        let (next, events) = self.play(seat, &action)?;
        Ok((action, next, events))
    }
    /// The action played for a player whose deadline passed (`None`: the deadline is only
    /// announced).
    fn deadline_action(&self) -> Option<Self::Action> {
        None
    }

    // --- Buttons and autocomplete.

    /// The buttons under a turn post, laid out in rows: every legal action when there are
    /// few, else a first step (the piece or the column) whose button asks for the rest.
    fn buttons(&self, lang: Lang) -> Vec<Vec<Button>> {
        let _ = lang;
        board::buttons::first_step(&self.legal_actions())
    }
    /// The buttons under the group's post: by default [`ChatGame::buttons`]. A game whose
    /// actions are public while its player's hand is secret leaves out the actions that
    /// would tell what the player holds (they come with the player's private prompt).
    fn public_buttons(&self, lang: Lang) -> Vec<Vec<Button>> {
        self.buttons(lang)
    }
    /// The second step of a two-step choice: the actions of group `key` (`None`: no such
    /// group now).
    fn pick(&self, key: &str) -> Option<Vec<Vec<Button>>> {
        board::buttons::second_step(&self.legal_actions(), key)
    }
    /// What `seat` may play now, for autocomplete: empty unless it may act.
    fn suggestions(&self, seat: Seat) -> Vec<Suggestion> {
        if !self.may_act(seat) {
            return Vec::new();
        }
        self.legal_actions()
            .iter()
            .map(|a| Suggestion::plain(a.to_string()))
            .collect()
    }
    /// An action's text as a button carries it (short: Telegram allows 64 bytes for the
    /// game, the turn and the action together). By default, the action itself.
    fn payload(action: &str) -> Cow<'_, str> {
        Cow::Borrowed(action)
    }
    /// The action a button's payload stands for ([`ChatGame::payload`] undone).
    fn action_of(payload: &str) -> Cow<'_, str> {
        Cow::Borrowed(payload)
    }
    /// What a player typed, in the game's notation before it is read: the chat's words for
    /// what the notation writes shorter (a game that steps by compass direction reads
    /// `north` and `norte` as `n`, with `games/directions.rs`). By default, the text as
    /// typed; the notation itself (the engine's) is never widened.
    fn chat_words(text: &str) -> Cow<'_, str> {
        Cow::Borrowed(text)
    }

    // --- Images.

    /// The image of a position with no turn to tell and no names (the engine's `render`),
    /// titled `title`, `width` pixels wide where the game draws at several widths.
    fn position_image(&self, title: &str, width: Option<u32>) -> Option<Vec<u8>> {
        let _ = width;
        let names = board::default_names(self.seat_count(), Lang::En);
        Self::image(&Picture::still(self, &names, title))
    }
    /// The game's replay GIF from its record, labels in `lang`; `None` for a game without
    /// one. By default every position's [`ChatGame::frame`] (`board::replay`).
    ///
    /// # Errors
    /// The reason, when the record does not replay.
    fn replay(r: &GameRecord, lang: Lang) -> Result<Option<Vec<u8>>, String> {
        board::replay::<Self>(r, lang)
    }

    // --- The end, help and records.

    /// Every seat's placing once `end` is over (`history`: every action's events from the
    /// start); empty before.
    fn results(end: &Self, history: &[Vec<Self::Event>]) -> Vec<Placement> {
        let _ = history;
        end.outcome()
            .map(|o| {
                o.placings
                    .iter()
                    .map(|p| Placement {
                        seat: p.seat.0,
                        rank: p.rank,
                        finish: p.finish.to_string(),
                        extra: None,
                    })
                    .collect()
            })
            .unwrap_or_default()
    }
    /// `/help` in a chat playing this game (named `title`): its commands.
    fn help(title: &str, lang: Lang) -> String {
        let several = if Self::PROFILE.reads_several {
            "yes"
        } else {
            "no"
        };
        let help = tr!(lang, "any-help", game = title, several = several);
        // The lines of a draw and of resigning after "any time", in a game that has them.
        let extra: Vec<String> = [
            (Self::PROFILE.agrees_draws, "any-help-draw"),
            (Self::PROFILE.may_resign, "any-help-resign"),
        ]
        .into_iter()
        .filter(|(has, _)| *has)
        .map(|(_, key)| tr!(lang, key))
        .collect();
        let mut lines: Vec<&str> = help.lines().collect();
        let at = 3.min(lines.len());
        lines.splice(at..at, extra.iter().map(String::as_str));
        lines.join("\n")
    }
    /// Choices offered for a text that starts one of the game's actions without finishing
    /// it (Labscape's `/rotate-wall` alone lists the legal rotations): a sentence and the
    /// buttons, for `seat` alone; `None` when the text is not such a beginning.
    fn choices(&self, seat: Seat, text: &str, lang: Lang) -> Option<(String, Vec<Vec<Button>>)> {
        let _ = (seat, text, lang);
        None
    }
    /// The view on request `word` (one of [`ChatGame::LOOKS`]) of the game as it stands,
    /// in `lang`, for the asker alone; `None` for a word it does not have.
    fn look(&self, word: &str, title: &str, lang: Lang) -> Option<super::Look> {
        let _ = (word, title, lang);
        None
    }
    /// `/table [NAME]`: one of the game's printed tables, with the numbers of `game` when
    /// it runs.
    ///
    /// # Errors
    /// [`NoTable`]: no such table, or a game without tables.
    fn table(name: Option<&str>, game: Option<&Self>, lang: Lang) -> Result<String, NoTable> {
        let _ = (name, game, lang);
        Err(NoTable::NotThisGame)
    }
    /// The record file `/export` posts (the seed in it only once the game is over).
    ///
    /// # Errors
    /// The reason, when the record does not replay.
    fn record_file(r: &GameRecord) -> Result<Vec<u8>, String> {
        any_record_file(r)
    }
    /// `labscape engine new` from the game's own flags, when it has any (Labscape's
    /// `--layout`); `None`: its options are read as every game's.
    fn engine_new(e: &EngineNew) -> Option<Result<AnyGame, EngineError>> {
        let _ = e;
        None
    }
    /// A position file's text read with the game's own document type, when it has one;
    /// `None`: read as every game's JSON.
    fn read_position(text: &str) -> Option<Result<AnyGame, EngineError>> {
        let _ = text;
        None
    }
    /// The format of the game's own record file, when it has one (`labscape verify` reads
    /// it with [`ChatGame::verify_own_record`]); `None`: its record is every game's.
    const OWN_RECORD_FORMAT: Option<&'static str> = None;
    /// Checks a record file of the game's own format: whether it is verified, and the
    /// verdict in words.
    ///
    /// # Errors
    /// The file does not have the shape of the game's record.
    fn verify_own_record(value: serde_json::Value) -> Result<(bool, String), serde_json::Error> {
        let _ = value;
        Err(serde::de::Error::custom(
            "this game has no record file of its own",
        ))
    }
    /// This game's leaderboard in a chat, from every person's finished games of it (oldest
    /// first; computer players left out), the best `limit` people; `None` when the game
    /// keeps no leaderboard of its own (its ratings may still rank it).
    fn leaderboard(finishes: &[PastFinish], limit: usize, lang: Lang) -> Option<String> {
        let _ = (finishes, limit, lang);
        None
    }
    /// One person's own record in this game, from their finished games of it (oldest
    /// first); `None` when the game keeps none of its own.
    fn own_record(finishes: &[PastFinish], lang: Lang) -> Option<String> {
        let _ = (finishes, lang);
        None
    }
    /// `labscape simulate`'s study of this game, when it has one of its own: whole games
    /// played by computer players and what a designer asks of them, as the text (or JSON)
    /// to print; `None`: the game is played two policies against each other.
    ///
    /// # Errors
    /// The options do not fit the game (an unknown policy, a player count it does not seat).
    fn study(options: &StudyOptions) -> Option<Result<String, String>> {
        let _ = options;
        None
    }
    /// `/luck` in words, for a game with dice ([`Profile::has_dice`]).
    ///
    /// # Errors
    /// The reason, when the record does not replay.
    fn luck(r: &GameRecord, lang: Lang) -> Result<String, String> {
        let _ = (r, lang);
        Err("this game has no dice".into())
    }
}
