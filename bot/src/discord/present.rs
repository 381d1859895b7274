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
/// or bold.
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
    text
}

/// The service's command names as Discord users type them: the lobby and preference
/// commands are subcommands of `/labscape`, the draft's of `/place`.
pub fn discord_commands(text: &str) -> String {
    crate::app::command_words::rename(text, |word| {
        let group = match word {
            "new" | "join" | "leave" | "start" | "abandon" | "status" | "addbot" | "settings"
            | "me" | "away" | "snooze" => "labscape",
            "wall" | "item" | "autofill" => "place",
            _ => return None,
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
        text.push_str(&tr!(reply.lang, "mention-your-turn", who = who.join(" ")));
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
mod tests {
    use super::*;
    use crate::{
        app::{Ctx, Mention, Visibility},
        store::GameId,
    };

    /// A challenge made on Discord pings exactly the challenged person, whom the post names
    /// (`<@id>`), and a turn post pings the next player alone (issue 33.16).
    #[tokio::test]
    async fn a_challenge_pings_the_challenged_person_alone() {
        let s = crate::app::tests::service().await;
        let ana = Ctx::member("discord", "ch", "4001", "ana");
        let challenge = crate::app::Command::New(crate::app::NewOptions {
            game: labscape_core::GameKind::from_id("gatos-caes"),
            words: Vec::new(),
            players: None,
            opponent: Some(crate::app::Invite {
                id: "4002".into(),
                name: "<@4002>".into(),
            }),
        });
        let open = s.handle(&ana, challenge).await;
        assert_eq!(open.visibility, Visibility::Public, "{}", open.text);
        assert!(
            contents(&open).concat().contains("<@4002>"),
            "{}",
            open.text
        );
        let pinged = |r: &Reply| {
            serde_json::to_value(allowed_mentions(r)).expect("serialises")["users"].clone()
        };
        assert_eq!(pinged(&open), serde_json::json!(["4002"]));
        s.posted(&open).await;
        let bo = Ctx::member("discord", "ch", "4002", "bo");
        s.handle_line(&bo, "/join").await;
        let start = s.handle_line(&ana, "/start").await;
        let next = &start.mention[0].user_id;
        assert_eq!(pinged(&start), serde_json::json!([next]));
    }

    /// The channel's leaderboard shows another player's name as typed, escaped like every
    /// other post, whoever asks (issue 33.15).
    #[tokio::test]
    async fn the_leaderboard_escapes_the_names_people_chose() {
        let s = crate::app::tests::service().await;
        let marked = "<b>x</b>_*[";
        let who = |id: &str, name: &str| Ctx::member("discord", "ch", id, name);
        let (ana, bo, cy) = (who("1", marked), who("2", "bo"), who("3", "cy"));
        let say = |c: &Ctx, line: &str| {
            let (s, c, line) = (&s, c.clone(), line.to_string());
            async move {
                let r = s.handle_line(&c, &line).await;
                s.posted(&r).await;
                r
            }
        };
        say(&ana, "/new nim stones=3").await;
        say(&bo, "/join").await;
        let start = say(&ana, "/start").await;
        let first = if start.mention[0].user_id == "1" {
            &ana
        } else {
            &bo
        };
        let end = say(first, "/play 3").await;
        assert!(end.text.contains("wins"), "{}", end.text);
        let board = say(&cy, "/records").await;
        assert!(board.text.contains(marked), "{}", board.text);
        let shown = text_of(&board);
        assert!(shown.contains(&escape_markdown(marked)), "{shown}");
        assert!(
            !shown.replace(&escape_markdown(marked), "").contains(marked),
            "{shown}"
        );
    }

    /// Every command any text names (both languages), as Discord shows it, is a command
    /// registered on Discord: `/labscape join`, not `/join`.
    #[test]
    fn every_command_a_text_names_exists_on_discord() {
        let registered = super::super::commands::all();
        let exists = |shown: &str| {
            let mut words = shown.split(' ');
            let top = words.next().unwrap_or_default();
            let Some(cmd) = registered.iter().find(|c| c.name == top) else {
                return false;
            };
            if cmd.subcommands.is_empty() {
                return true;
            }
            let sub = words.next().unwrap_or_default();
            cmd.subcommands.iter().any(|c| c.name == sub)
        };
        let mut missing = Vec::new();
        for ftl in [
            include_str!("../../locales/en/labscape.ftl"),
            include_str!("../../locales/pt-BR/labscape.ftl"),
        ] {
            let mut key = "";
            for line in ftl.lines() {
                if !line.starts_with(char::is_whitespace) {
                    key = line;
                }
                // Telegram's and local play's own texts name their own commands.
                if key.starts_with("tg-") || key.starts_with("local-") || key.starts_with('#') {
                    continue;
                }
                let shown = discord_commands(line);
                for word in crate::app::command_words::named(&shown) {
                    let at = shown.find(&format!("/{word}")).unwrap();
                    let rest = &shown[at + 1..];
                    let end = rest
                        .match_indices(' ')
                        .nth(usize::from(word == "labscape" || word == "place"))
                        .map_or(rest.len(), |(i, _)| i);
                    let full = rest[..end].trim_end_matches(|c: char| !c.is_alphanumeric());
                    if !exists(full) {
                        missing.push(format!("/{full} in: {line}"));
                    }
                }
            }
        }
        assert!(
            missing.is_empty(),
            "texts name commands Discord does not have:\n{}",
            missing.join("\n")
        );
    }

    #[test]
    fn a_board_games_squares_fill_rows_of_five() {
        let mut reply = Reply::text("turn");
        reply.turn = Some((GameId(7), 3));
        let squares = |r: std::ops::RangeInclusive<i32>| {
            crate::games::board::buttons::rows(
                r.map(|i| crate::app::Button::action(format!("a{i}")))
                    .collect(),
            )
        };
        reply.buttons = squares(1..=12);
        let rows = buttons(&reply);
        let sizes: Vec<usize> = rows
            .iter()
            .map(|r| match r {
                serenity::CreateActionRow::Buttons(b) => b.len(),
                _ => 0,
            })
            .collect();
        assert_eq!(sizes, [5, 5, 2]);
        reply.buttons = squares(1..=40);
        assert_eq!(buttons(&reply).len(), 5, "Discord's limit");
    }

    #[test]
    fn files_ride_with_the_turn_only_when_everything_fits() {
        let mut reply = Reply::text("**Labscape #1** · game over");
        reply.image = Some(vec![0; 300]);
        reply.files.push(crate::app::Attachment {
            name: "replay.gif".into(),
            bytes: vec![0; 600],
        });
        reply.files.push(crate::app::Attachment {
            name: "record.json".into(),
            bytes: vec![0; 50],
        });
        let plan = |limit| plan_files(&reply, limit);
        assert_eq!(
            plan(1000),
            FilePlan {
                with_turn: vec![0, 1],
                apart: vec![],
                dropped: vec![]
            }
        );
        // Image and GIF together are over the limit: the turn goes alone, each file after.
        assert_eq!(
            plan(900),
            FilePlan {
                with_turn: vec![],
                apart: vec![0, 1],
                dropped: vec![]
            }
        );
        // A file over the limit by itself is not sent; the rest still is.
        assert_eq!(
            plan(500),
            FilePlan {
                with_turn: vec![],
                apart: vec![1],
                dropped: vec![0]
            }
        );
        let post = channel_messages(&reply, 900);
        assert!(post.last_bare.is_none());
        assert_eq!(post.apart.len(), 2);
        assert!(channel_messages(&reply, 1000).last_bare.is_some());
    }

    #[test]
    fn names_users_chose_are_shown_as_typed_not_as_markdown() {
        let mut reply =
            Reply::text("**[free](https://x.co/a)** joined; **||boo||** and **ana** too");
        reply.names = vec![
            "[free](https://x.co/a)".into(),
            "||boo||".into(),
            "ana".into(),
        ];
        assert_eq!(
            text_of(&reply),
            r"**\[free\]\(https\:\/\/x\.co\/a\)** joined; **\|\|boo\|\|** and **ana** too"
        );
        assert_eq!(escape_markdown("**"), r"\*\*");
        assert_eq!(escape_markdown("ana_b"), r"ana\_b");
    }

    #[tokio::test]
    async fn the_service_lists_the_names_a_public_post_can_show() {
        let dir = tempfile::tempdir().unwrap();
        let store = crate::store::SqliteStore::open(dir.path().join("g.db").to_str().unwrap())
            .await
            .unwrap();
        let service =
            crate::app::Service::new(store, std::sync::Arc::new(crate::app::SystemClock), None);
        let ctx = |id: &str, name: &str| crate::app::Ctx::member("discord", "1", id, name);
        service.handle_line(&ctx("1", "||boo||"), "/new").await;
        let joined = service
            .handle_line(&ctx("2", "[free](https://x.co/a)"), "/join")
            .await;
        let shown = contents(&joined).join("\n");
        assert!(shown.contains(r"\[free\]\(https"), "{shown}");
        assert!(!shown.contains("[free](https"), "{shown}");
        let status = service
            .handle_line(&ctx("2", "[free](https://x.co/a)"), "/status")
            .await;
        let shown = contents(&status).join("\n");
        assert!(!shown.contains("||boo||"), "{shown}");
    }

    #[test]
    fn custom_ids_carry_game_turn_and_action() {
        let id = custom_id(12, 40, "rotate-wall B3:NE B2:SE");
        assert_eq!(
            parse_custom_id(&id),
            Some(Press {
                game: 12,
                turn: 40,
                action: "rotate-wall B3:NE B2:SE".into()
            })
        );
        assert!(id.len() <= 100);
        assert_eq!(parse_custom_id("ls:x:1:roll"), None);
        assert_eq!(parse_custom_id("other:1:1:roll"), None);
        assert_eq!(parse_custom_id("ls:1:1:"), None);
    }

    /// (label, custom id, disabled) per row, as Discord receives them.
    fn rows_of(reply: &Reply) -> Vec<Vec<(String, String, bool)>> {
        let json = serde_json::to_value(buttons(reply)).unwrap();
        json.as_array()
            .unwrap()
            .iter()
            .map(|row| {
                row["components"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|b| {
                        (
                            b["label"].as_str().unwrap().to_string(),
                            b["custom_id"].as_str().unwrap().to_string(),
                            b["disabled"].as_bool().unwrap_or(false),
                        )
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn buttons_keep_their_slots_and_take_the_services_labels() {
        use crate::app::Button;
        let mut reply = Reply::text("turn");
        reply.turn = Some((GameId(7), 12));
        reply.buttons = vec![
            vec![
                Button::new("N", "move N").primary(),
                Button::new("E", "move E").disabled(),
            ],
            vec![
                Button::new("Rolar", "roll").primary(),
                Button::new("Exit", "exit").disabled(),
            ],
        ];
        let rows = rows_of(&reply);
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0][0], ("N".into(), "ls:7:12:move N".into(), false));
        assert!(rows[0][1].2, "E is not legal: greyed out");
        assert_eq!(rows[1][0], ("Rolar".into(), "ls:7:12:roll".into(), false));
        assert_eq!(rows[1][1], ("Exit".into(), "ls:7:12:exit".into(), true));
    }

    #[test]
    fn a_reminder_gets_only_its_snooze_button() {
        let mut reply = Reply::text("reminder");
        reply.turn = Some((GameId(7), 12));
        reply.buttons = vec![vec![crate::app::Button::new("Snooze 4 h", "snooze")]];
        assert_eq!(
            rows_of(&reply),
            vec![vec![("Snooze 4 h".into(), "ls:7:12:snooze".into(), false)]]
        );
        reply.turn = None;
        assert!(rows_of(&reply).is_empty(), "no game, no buttons");
    }

    #[test]
    fn long_text_is_cut_at_line_breaks() {
        let text = format!(
            "{}\n{}\n{}",
            "a".repeat(1500),
            "b".repeat(600),
            "c".repeat(4500)
        );
        let pieces = split(&text, MAX_CONTENT);
        assert!(pieces.iter().all(|p| p.chars().count() <= MAX_CONTENT));
        assert_eq!(pieces[0], "a".repeat(1500));
        assert_eq!(pieces.concat().replace('\n', ""), text.replace('\n', ""));
        assert_eq!(split("", 10), vec![String::new()]);
        assert_eq!(split("ab\ncd", 10), vec!["ab\ncd".to_string()]);
    }

    #[test]
    fn the_next_player_is_mentioned_and_only_they_are_pinged() {
        let reply = Reply {
            text: "**Labscape #1** · turn 3".into(),
            image: None,
            files: vec![],
            buttons: vec![],
            again: None,
            notify: vec![],
            mention: vec![
                Mention {
                    user_id: "4001".into(),
                    name: "ana".into(),
                },
                Mention {
                    user_id: "bot:random:2".into(),
                    name: "Bot 2".into(),
                },
            ],
            visibility: Visibility::Public,
            turn: Some((GameId(1), 3)),
            posts_turn: None,
            lang: crate::i18n::Lang::En,
            names: vec![],
            repeated: false,
            elsewhere: vec![],
            whispers: vec![],
            withdraw: false,
        };
        assert_eq!(
            contents(&reply),
            vec!["**Labscape #1** · turn 3\n<@4001>, it's your turn.".to_string()]
        );
        let pt = Reply {
            lang: crate::i18n::Lang::PtBr,
            ..reply.clone()
        };
        assert_eq!(
            contents(&pt),
            vec!["**Labscape #1** · turn 3\n<@4001>, é a sua vez.".to_string()]
        );
        assert_eq!(mentioned_ids(&reply), vec![serenity::UserId::new(4001)]);
    }

    #[test]
    fn a_thread_belongs_to_its_parent_channel() {
        let thread: serenity::PartialChannel = serde_json::from_value(serde_json::json!({
            "id": "3002", "type": 11, "parent_id": "3001"
        }))
        .unwrap();
        let s = scope_of(serenity::ChannelId::new(3002), Some(&thread));
        assert_eq!((s.chat.as_str(), s.thread.as_str()), ("3001", "3002"));
        assert_eq!(target_channel(&s), Some(serenity::ChannelId::new(3002)));
        let s = scope_of(serenity::ChannelId::new(3001), None);
        assert_eq!((s.chat.as_str(), s.thread.as_str()), ("3001", ""));
        assert!(is_admin(Some(serenity::Permissions::MANAGE_CHANNELS)));
        assert!(!is_admin(Some(serenity::Permissions::SEND_MESSAGES)));
        assert!(!is_admin(None));
    }
}
