//! What the service answers: transport-neutral text, an optional PNG, files, quick actions
//! for buttons, and whom to mention. Adapters turn it into a Discord message, a Telegram
//! photo with an inline keyboard, or lines in the terminal.

pub use crate::games::{Button, Style, Suggestion};
use crate::{i18n::Lang, store::GameId};

/// Someone to notify.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mention {
    /// Platform user id.
    pub user_id: String,
    /// Display name.
    pub name: String,
}

/// A file sent with a reply: a replay GIF, an exported record. Adapters send it as a
/// file (Discord attachment, Telegram document or animation, a file in local play).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attachment {
    /// File name with its extension (`game-12-replay.gif`); adapters choose how to send by it.
    pub name: String,
    /// The contents.
    pub bytes: Vec<u8>,
}

/// Who should see a reply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Visibility {
    /// The whole chat.
    Public,
    /// Only the user who asked (Discord ephemeral; elsewhere a short reply to them).
    Private,
    /// Only the user who asked, and never where anyone else could read it: it holds what
    /// the others may not see (a game's secret). Discord: ephemeral; Telegram: the user's
    /// private chat with the bot; local play: `(to NAME, private)`.
    Secret,
}

/// What the users a reply mentions are called for: the line an adapter adds under it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Call {
    /// It is their turn.
    Turn,
    /// Their answer is awaited (a draw offered them), not a move.
    Answer,
}

impl Call {
    /// The message of the line that calls `who`, in Telegram's form or the others'.
    pub fn key(self, telegram: bool) -> &'static str {
        match (self, telegram) {
            (Call::Turn, false) => "mention-your-turn",
            (Call::Turn, true) => "mention-your-turn-telegram",
            (Call::Answer, false) => "mention-your-answer",
            (Call::Answer, true) => "mention-your-answer-telegram",
        }
    }
}

/// A reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// The text (plain, with simple `**bold**` that adapters may render or strip).
    pub text: String,
    /// The turn image.
    pub image: Option<Vec<u8>>,
    /// Further files, sent after the text and image.
    pub files: Vec<Attachment>,
    /// Buttons for the next player, in rows as the game laid them out.
    pub buttons: Vec<Vec<Button>>,
    /// Users to mention.
    pub mention: Vec<Mention>,
    /// What they are called for: their turn, or an answer (a draw offered them).
    pub call: Call,
    /// Who sees it.
    pub visibility: Visibility,
    /// The game and turn number the buttons are for.
    pub turn: Option<(GameId, i64)>,
    /// The language of the text, for what the adapter adds (the mention line, button
    /// labels): the asker's for a private reply, the chat's for a public one.
    pub lang: Lang,
    /// The turn post this reply is (game, turn): once the chat shows it, the adapter
    /// reports it with `Service::posted`, and the game's outbox is clear.
    pub posts_turn: Option<(GameId, i64)>,
    /// Names users chose (the speaker's, the game's players') that may appear in the
    /// text: an adapter whose markup would read them (Discord's Markdown) escapes them.
    pub names: Vec<String>,
    /// The delivery was handled before (a platform's retry): the reply is a private note,
    /// and an adapter that already answered the first delivery stays silent.
    pub repeated: bool,
    /// Platform user ids the text itself names and should notify (a challenge's
    /// opponent), beyond the mentions.
    pub notify: Vec<String>,
    /// The text that makes this reply again (`/play` of it at the same turn): an adapter
    /// that pages a long keyboard asks for it again to show another page.
    pub again: Option<String>,
    /// Posts for other places than the one that asked: the public post of a turn played
    /// in private goes to the game's chat while its player gets a [`Visibility::Secret`]
    /// answer. Each is reported with `Service::posted` once shown.
    pub elsewhere: Vec<Outgoing>,
    /// Messages for one player alone (their private prompt in a game with secrets),
    /// delivered where only they read: Telegram's private chat, local play's
    /// `(to NAME, private)`; on Discord the public post's "your move" button gives it.
    pub whispers: Vec<Whisper>,
    /// The message that asked held what others may not read (an action of a player who
    /// plays in private, sent in the group): an adapter deletes it where it may.
    pub withdraw: bool,
}

/// A message for one player alone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Whisper {
    /// To whom.
    pub to: Mention,
    /// The game's chat, where a player the bot cannot write to in private is told how to
    /// open that chat (nothing secret).
    pub chat: crate::store::ChatScope,
    /// What (a [`Visibility::Secret`] reply).
    pub reply: Reply,
}

impl Reply {
    /// A public text reply.
    pub fn text(text: impl Into<String>) -> Reply {
        Reply {
            text: text.into(),
            image: None,
            files: Vec::new(),
            buttons: Vec::new(),
            mention: Vec::new(),
            call: Call::Turn,
            visibility: Visibility::Public,
            turn: None,
            lang: Lang::En,
            posts_turn: None,
            names: Vec::new(),
            repeated: false,
            again: None,
            notify: Vec::new(),
            elsewhere: Vec::new(),
            whispers: Vec::new(),
            withdraw: false,
        }
    }

    /// A reply for the asker alone that holds a secret ([`Visibility::Secret`]).
    pub fn secret(text: impl Into<String>) -> Reply {
        Reply {
            visibility: Visibility::Secret,
            ..Reply::text(text)
        }
    }

    /// Whether only the asker may read it.
    pub fn is_private(&self) -> bool {
        self.visibility != Visibility::Public
    }

    /// A reply only the asker sees (errors).
    pub fn private(text: impl Into<String>) -> Reply {
        Reply {
            visibility: Visibility::Private,
            ..Reply::text(text)
        }
    }

    /// Every button that can be pressed, row after row.
    pub fn quick(&self) -> impl Iterator<Item = &Button> {
        self.buttons.iter().flatten().filter(|b| b.enabled)
    }
}

/// A message the bot posts on its own (a reminder, a deadline, a computer player's turn),
/// for the adapter of `scope.platform` to deliver.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outgoing {
    /// Where to post.
    pub scope: crate::store::ChatScope,
    /// What to post.
    pub reply: Reply,
}

/// What the caller could play now, for autocomplete.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Suggestions {
    /// The computer players the chat's game offers (`/addbot`), in a lobby or a game.
    pub policies: Vec<String>,
    /// What the caller may play, as the game lists it: every legal action, and the
    /// arguments of the game's own commands.
    pub choices: Vec<Suggestion>,
}

impl Suggestions {
    /// Every action, in the game's notation, once each (`/play`'s autocomplete).
    pub fn actions(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for c in &self.choices {
            if !out.contains(&c.action) {
                out.push(c.action.clone());
            }
        }
        out
    }

    /// Argument `index` of the game's own command `command`, in the game's order, once
    /// each, among the choices whose earlier arguments are `before` (any case).
    pub fn args(&self, command: &str, index: usize, before: &[&str]) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for c in &self.choices {
            if c.command != Some(command) {
                continue;
            }
            let earlier_match = before.iter().enumerate().all(|(i, b)| {
                c.args
                    .get(i)
                    .is_some_and(|a| a.eq_ignore_ascii_case(b.trim()))
            });
            if let Some(a) = c.args.get(index)
                && earlier_match
                && !out.contains(a)
            {
                out.push(a.clone());
            }
        }
        out
    }
}
