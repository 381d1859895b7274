//! Tests of `present`.

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
    let pinged =
        |r: &Reply| serde_json::to_value(allowed_mentions(r)).expect("serialises")["users"].clone();
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
        include_str!("../../../locales/en/labscape.ftl"),
        include_str!("../../../locales/pt-BR/labscape.ftl"),
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
    let mut reply = Reply::text("**[free](https://x.co/a)** joined; **||boo||** and **ana** too");
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
        call: crate::app::Call::Turn,
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

/// Two dribbles in one post would slant the text between them on Discord; bold, code and
/// names already escaped stay as they are.
#[test]
fn a_lone_star_is_escaped_and_markup_is_kept() {
    assert_eq!(
        escape_lone_stars("**ana** played c2-d3*, then e4-e5*"),
        "**ana** played c2-d3\\*, then e4-e5\\*"
    );
    assert_eq!(
        escape_lone_stars("`c2-d3*` and a\\*b"),
        "`c2-d3*` and a\\*b"
    );
    assert_eq!(
        escape_lone_stars("a* b\n```\nx * y\n```\nc*"),
        "a\\* b\n```\nx * y\n```\nc\\*"
    );
    assert_eq!(escape_lone_stars("one ` tick, d3*"), "one ` tick, d3\\*");
    assert_eq!(escape_lone_stars("a**"), "a**");
}
