//! What the service answers: transport-neutral text, an optional PNG, files, quick actions
//! for buttons, and whom to mention. Adapters turn it into a Discord message, a Telegram
//! photo with an inline keyboard, or lines in the terminal.

use crate::{i18n::Lang, store::GameId};

/// A button the adapter may show under the turn image.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuickAction {
    /// Button label (`N`, `Roll`, `Wait 1`).
    pub label: String,
    /// The action in the public notation.
    pub action: String,
}

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
    /// Buttons for the next player.
    pub quick: Vec<QuickAction>,
    /// Users to mention.
    pub mention: Vec<Mention>,
    /// Who sees it.
    pub visibility: Visibility,
    /// The game and turn number the quick actions are for.
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
}

impl Reply {
    /// A public text reply.
    pub fn text(text: impl Into<String>) -> Reply {
        Reply {
            text: text.into(),
            image: None,
            files: Vec::new(),
            quick: Vec::new(),
            mention: Vec::new(),
            visibility: Visibility::Public,
            turn: None,
            lang: Lang::En,
            posts_turn: None,
            names: Vec::new(),
            repeated: false,
        }
    }

    /// A reply only the asker sees (errors).
    pub fn private(text: impl Into<String>) -> Reply {
        Reply {
            visibility: Visibility::Private,
            ..Reply::text(text)
        }
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

/// What the caller could play now, for autocomplete and keyboards.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Suggestions {
    /// The computer players the chat's game offers (`/addbot`), in a lobby or a game.
    pub policies: Vec<String>,
    /// Every legal action, in the game's notation (any game).
    pub actions: Vec<String>,
    /// Legal single steps (`N`, `E`, …).
    pub steps: Vec<String>,
    /// Cells reachable by a move (excluding where the player stands), nearest first.
    pub cells: Vec<String>,
    /// Legal rotations `(from, to)`.
    pub rotations: Vec<(String, String)>,
    /// Whether `roll`, `exit` are legal.
    pub can_roll: bool,
    /// Whether `exit` is legal.
    pub can_exit: bool,
    /// Draft setup: legal wall placements.
    pub walls: Vec<String>,
    /// Draft setup: empty cells for items.
    pub empty_cells: Vec<String>,
}
