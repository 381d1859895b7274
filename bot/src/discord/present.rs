//! Turning a service [`Reply`] into Discord messages, and Discord interactions into a
//! service [`Ctx`]: message text (with the mention), the turn image, the button rows and
//! their stateless custom ids.

use poise::serenity_prelude as serenity;

use crate::{
    app::{Ctx, Reply, Style},
    i18n::tr,
    store::ChatScope,
};

/// The platform name in every Discord [`ChatScope`].
pub const PLATFORM: &str = "discord";
/// Discord's limit on a message's text.
pub const MAX_CONTENT: usize = 2000;
/// The prefix of every button this bot makes.
const BUTTON_PREFIX: &str = "ls:";
/// The file name of the turn image.
pub const IMAGE_NAME: &str = "labscape.png";

/// What a button press asks for: the game and turn it was made for, and the action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Press {
    /// The game's id.
    pub game: i64,
    /// The turn the button's message showed.
    pub turn: i64,
    /// The button's payload: the action, or its game's short form of it.
    pub action: String,
}

/// `ls:<game>:<turn>:<payload>` — everything a press needs, so buttons survive restarts.
pub fn custom_id(game: i64, turn: i64, action: &str) -> String {
    format!("{BUTTON_PREFIX}{game}:{turn}:{action}")
}

/// Reads a custom id made by [`custom_id`].
pub fn parse_custom_id(id: &str) -> Option<Press> {
    let mut parts = id.strip_prefix(BUTTON_PREFIX)?.splitn(3, ':');
    let game = parts.next()?.parse().ok()?;
    let turn = parts.next()?.parse().ok()?;
    let action = parts.next()?.trim();
    (!action.is_empty()).then(|| Press {
        game,
        turn,
        action: action.to_string(),
    })
}

/// The buttons under a post, in the rows the game laid out (Discord shows at most five
/// rows of five): each carries its payload in a stateless custom id; a button the game
/// greyed out is shown disabled in its place.
pub fn buttons(reply: &Reply) -> Vec<serenity::CreateActionRow> {
    let Some((game, turn)) = reply.turn else {
        return Vec::new();
    };
    reply
        .buttons
        .iter()
        .filter(|row| !row.is_empty())
        .take(MAX_ROWS)
        .map(|row| {
            serenity::CreateActionRow::Buttons(
                row.iter()
                    .take(PER_ROW)
                    .map(|b| {
                        serenity::CreateButton::new(custom_id(game.0, turn, &b.payload))
                            .label(b.label.as_str())
                            .style(match b.style {
                                Style::Primary => serenity::ButtonStyle::Primary,
                                Style::Secondary => serenity::ButtonStyle::Secondary,
                            })
                            .disabled(!b.enabled)
                    })
                    .collect(),
            )
        })
        .collect()
}

/// Discord's most rows of components in a message, and buttons in a row.
const MAX_ROWS: usize = 5;
const PER_ROW: usize = 5;

/// Discord user ids in the reply's mentions (computer players have none).
pub fn mentioned_ids(reply: &Reply) -> Vec<serenity::UserId> {
    reply
        .mention
        .iter()
        .filter_map(|m| m.user_id.parse::<u64>().ok())
        .filter(|id| *id != 0)
        .map(serenity::UserId::new)
        .collect()
}

/// Escapes every Markdown character of `name` (Discord reads `\` before any punctuation
/// as that character, literally).
pub fn escape_markdown(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 8);
    for c in name.chars() {
        if c.is_ascii_punctuation() {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// The reply's text with the names users chose escaped, so a nickname like
/// `[free](https://x.co/a)`, `||spoiler||` or `**` shows as typed, not as a link, a spoiler
/// or bold; and every lone `*` escaped ([`escape_lone_stars`]).
pub fn text_of(reply: &Reply) -> String {
    let mut names: Vec<&String> = reply
        .names
        .iter()
        .filter(|n| n.chars().any(|c| c.is_ascii_punctuation()))
        .collect();
    // Longest first, so a name that holds another is escaped whole.
    names.sort_by_key(|n| std::cmp::Reverse(n.len()));
    let mut text = discord_commands(&reply.text);
    for name in names {
        text = replace_outside_escapes(&text, name, &escape_markdown(name));
    }
    escape_lone_stars(&text)
}

/// The service's markup is `**bold**` and code; a lone `*` is a character of the text
/// (Soccolot's dribble `c2-d3*`, a player's mistyped action), but Discord reads two of
/// them as italics: `c2-d3*, e4-e5*` would show `, e4-e5` slanted. Each lone `*` outside
/// code is escaped; code spans and fenced blocks, where Discord shows a backslash as one,
/// are left as they are, and so is a character already escaped.
pub fn escape_lone_stars(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let mut fenced = false;
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            out.push_str(line);
            continue;
        }
        if fenced {
            out.push_str(line);
            continue;
        }
        let chars: Vec<char> = line.chars().collect();
        let mut in_code = false;
        let mut k = 0;
        while k < chars.len() {
            let c = chars[k];
            match c {
                '\\' if !in_code && k + 1 < chars.len() => {
                    out.push(c);
                    out.push(chars[k + 1]);
                    k += 2;
                    continue;
                }
                // A backtick opens a span only when another closes it on this line.
                '`' if in_code || chars[k + 1..].contains(&'`') => in_code = !in_code,
                '*' if !in_code => {
                    let star_before = k > 0 && chars[k - 1] == '*';
                    let star_after = chars.get(k + 1) == Some(&'*');
                    if !star_before && !star_after {
                        out.push('\\');
                    }
                }
                _ => {}
            }
            out.push(c);
            k += 1;
        }
    }
    out
}

/// The service's command names as Discord users type them: the lobby and preference
/// commands are subcommands of `/labscape`, a game's own grouped commands of their group
/// (`/place wall`).
pub fn discord_commands(text: &str) -> String {
    crate::app::command_words::rename(text, |word| {
        let group = match word {
            "new" | "join" | "leave" | "start" | "abandon" | "status" | "addbot" | "settings"
            | "me" | "away" | "snooze" => "labscape",
            _ => {
                crate::games::own_commands()
                    .iter()
                    .find(|c| c.name == word)?
                    .group
                    .as_ref()?
                    .name
            }
        };
        Some(format!("{group} {word}"))
    })
}

/// Replaces `from` with `to` except where a previous replacement already escaped it.
fn replace_outside_escapes(text: &str, from: &str, to: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find(from) {
        let escaped_before = rest[..i].ends_with('\\');
        out.push_str(&rest[..i]);
        out.push_str(if escaped_before { from } else { to });
        rest = &rest[i + from.len()..];
    }
    out.push_str(rest);
    out
}

/// The reply's text with the mention line, cut into pieces Discord accepts.
pub fn contents(reply: &Reply) -> Vec<String> {
    let mut text = text_of(reply);
    let ids = mentioned_ids(reply);
    if !ids.is_empty() {
        let who: Vec<String> = ids.iter().map(|id| format!("<@{id}>")).collect();
        text.push('\n');
        text.push_str(&tr!(reply.lang, reply.call.key(false), who = who.join(" ")));
    }
    split(&text, MAX_CONTENT)
}

/// Cuts text into pieces of at most `max` characters, at line breaks where possible.
pub fn split(text: &str, max: usize) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut cur = String::new();
    for line in text.split('\n') {
        let extra = usize::from(!cur.is_empty());
        if cur.chars().count() + extra + line.chars().count() <= max {
            if extra == 1 {
                cur.push('\n');
            }
            cur.push_str(line);
            continue;
        }
        if !cur.is_empty() {
            out.push(std::mem::take(&mut cur));
        }
        let mut chars = line.chars().peekable();
        while chars.peek().is_some() {
            let piece: String = chars.by_ref().take(max).collect();
            if chars.peek().is_some() {
                out.push(piece);
            } else {
                cur = piece;
            }
        }
    }
    if !cur.is_empty() || out.is_empty() {
        out.push(cur);
    }
    out
}

/// Only the reply's mentioned users (and those its text names to notify, a challenge's
/// opponent) are pinged; never everyone, here or roles.
pub fn allowed_mentions(reply: &Reply) -> serenity::CreateAllowedMentions {
    let mut users = mentioned_ids(reply);
    users.extend(
        reply
            .notify
            .iter()
            .filter_map(|id| id.parse::<u64>().ok())
            .filter(|id| *id != 0)
            .map(serenity::UserId::new),
    );
    serenity::CreateAllowedMentions::new()
        .everyone(false)
        .all_roles(false)
        .users(users)
}

/// Discord's upload limit for a message when the interaction does not give one: 10 MiB.
pub const DEFAULT_UPLOAD_LIMIT: u64 = 10 << 20;

/// Where each file of a reply goes: with the turn's image, in a message of its own, or
/// nowhere (larger than the limit by itself).
#[derive(Debug, PartialEq, Eq)]
pub struct FilePlan {
    /// Indexes of the files sent with the last text piece and the image.
    pub with_turn: Vec<usize>,
    /// Indexes of the files sent afterwards, one message each.
    pub apart: Vec<usize>,
    /// Indexes of the files too large to upload at all.
    pub dropped: Vec<usize>,
}

/// Plans the uploads of a reply under `limit` bytes a message: the files ride with the
/// image when all of them fit; otherwise each goes in a message of its own after it, so
/// the turn's post (text, image, buttons) never depends on them.
pub fn plan_files(reply: &Reply, limit: u64) -> FilePlan {
    let image = reply.image.as_ref().map_or(0, |p| p.len() as u64);
    let total: u64 = image
        + reply
            .files
            .iter()
            .map(|f| f.bytes.len() as u64)
            .sum::<u64>();
    let all: Vec<usize> = (0..reply.files.len()).collect();
    if total <= limit {
        return FilePlan {
            with_turn: all,
            apart: Vec::new(),
            dropped: Vec::new(),
        };
    }
    let (apart, dropped) = all
        .into_iter()
        .partition(|&i| reply.files[i].bytes.len() as u64 <= limit);
    FilePlan {
        with_turn: Vec::new(),
        apart,
        dropped,
    }
}

/// A public reply as channel messages: `lead` (text pieces), `last` (the last piece with
/// the image, the buttons and the files that fit), `last_bare` (the same without files, to
/// send instead if the upload fails), and `apart` (one message per file sent afterwards).
pub struct ChannelPost {
    /// The text pieces before the last.
    pub lead: Vec<serenity::CreateMessage>,
    /// The last piece, with image, buttons and the files planned with it.
    pub last: serenity::CreateMessage,
    /// The last piece without files, when `last` carries some.
    pub last_bare: Option<serenity::CreateMessage>,
    /// Files sent after the post, one message each.
    pub apart: Vec<serenity::CreateMessage>,
}

/// The channel messages for a public reply (see [`ChannelPost`]), under `limit` bytes of
/// uploads a message.
pub fn channel_messages(reply: &Reply, limit: u64) -> ChannelPost {
    let plan = plan_files(reply, limit);
    for &i in &plan.dropped {
        tracing::warn!(file = %reply.files[i].name, bytes = reply.files[i].bytes.len(), limit, "a file is over Discord's upload limit; not sent");
    }
    let attach = |m: serenity::CreateMessage, f: &crate::app::Attachment| {
        m.add_file(serenity::CreateAttachment::bytes(
            f.bytes.clone(),
            f.name.clone(),
        ))
    };
    let mut pieces = contents(reply);
    let last_text = pieces.pop().unwrap_or_default();
    let lead = pieces
        .into_iter()
        .map(|text| {
            serenity::CreateMessage::new()
                .content(text)
                .allowed_mentions(allowed_mentions(reply))
        })
        .collect();
    let mut bare = serenity::CreateMessage::new()
        .content(last_text)
        .allowed_mentions(allowed_mentions(reply))
        .components(buttons(reply));
    if let Some(png) = &reply.image {
        bare = bare.add_file(serenity::CreateAttachment::bytes(png.clone(), IMAGE_NAME));
    }
    let last = plan
        .with_turn
        .iter()
        .fold(bare.clone(), |m, &i| attach(m, &reply.files[i]));
    let apart = plan
        .apart
        .iter()
        .map(|&i| attach(serenity::CreateMessage::new(), &reply.files[i]))
        .collect();
    ChannelPost {
        lead,
        last,
        last_bare: (!plan.with_turn.is_empty()).then_some(bare),
        apart,
    }
}

/// Where a chat scope's messages go: the thread if there is one, else the channel.
pub fn target_channel(scope: &ChatScope) -> Option<serenity::ChannelId> {
    let id = if scope.thread.is_empty() {
        &scope.chat
    } else {
        &scope.thread
    };
    id.parse::<u64>()
        .ok()
        .filter(|id| *id != 0)
        .map(serenity::ChannelId::new)
}

/// The game scope of an interaction's channel: a thread belongs to its parent channel.
pub fn scope_of(
    channel_id: serenity::ChannelId,
    channel: Option<&serenity::PartialChannel>,
) -> ChatScope {
    let thread_parent = channel
        .filter(|c| {
            matches!(
                c.kind,
                serenity::ChannelType::PublicThread
                    | serenity::ChannelType::PrivateThread
                    | serenity::ChannelType::NewsThread
            )
        })
        .and_then(|c| c.parent_id);
    match thread_parent {
        Some(parent) => ChatScope {
            platform: PLATFORM.into(),
            chat: parent.to_string(),
            thread: channel_id.to_string(),
        },
        None => ChatScope {
            platform: PLATFORM.into(),
            chat: channel_id.to_string(),
            thread: String::new(),
        },
    }
}

/// Whether the member may manage the game for everyone (abandon it): server managers,
/// administrators and channel managers.
pub fn is_admin(permissions: Option<serenity::Permissions>) -> bool {
    permissions.is_some_and(|p| p.administrator() || p.manage_guild() || p.manage_channels())
}

/// The service context of an interaction by `user` (with `member` in a server; `locale`
/// is the user's Discord client language).
pub fn ctx_of(
    interaction_id: serenity::InteractionId,
    channel_id: serenity::ChannelId,
    channel: Option<&serenity::PartialChannel>,
    user: &serenity::User,
    member: Option<&serenity::Member>,
    locale: &str,
) -> Ctx {
    let name = member
        .and_then(|m| m.nick.clone())
        .or_else(|| user.global_name.clone())
        .unwrap_or_else(|| user.name.clone());
    Ctx {
        scope: scope_of(channel_id, channel),
        user_id: user.id.to_string(),
        user_name: name,
        is_admin: is_admin(member.and_then(|m| m.permissions)),
        delivery: Some(interaction_id.to_string()),
        locale: Some(locale.to_string()).filter(|l| !l.is_empty()),
        handle: Some(user.name.clone()),
        // Interactions are answered ephemerally where a reply is for the asker alone.
        private: true,
    }
}

#[cfg(test)]
mod tests;
