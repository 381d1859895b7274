//! What a reply sends beyond the message that answers the command where it was sent: a
//! secret answer to a command from a group, in the sender's private chat; the group's post
//! of a turn answered in private; the whispers, each to its player's private chat; and,
//! for someone the bot cannot write to yet, a note in the group that says only how to open
//! that chat.

use super::*;

/// Answers a command sent in a group with what only its sender may read (a refusal that
/// rests on their hand, their own view): in their private chat with the bot, and nothing of
/// it in the group. When the bot cannot write to them yet (they never pressed Start), the
/// group's note says how to open that chat, and nothing of the answer.
pub(super) async fn answer_secret<S: GameStore>(
    bot: &TgBot,
    bot_name: &str,
    service: &Service<S>,
    (group, asked): (Place, MessageId),
    from: &teloxide::types::User,
    reply: &Reply,
) -> HandlerResult {
    match send_reply(bot, Place::private_with(from.id), reply, None).await {
        Ok(()) => service.posted(reply).await,
        Err(e) => {
            tracing::info!(error = %scrub(&e), "Telegram: a private answer could not be sent");
            let note = Reply {
                lang: reply.lang,
                ..Reply::private(tr!(
                    reply.lang,
                    "tg-open-private-answer",
                    who = user_name(from),
                    link = format!("https://t.me/{bot_name}?start=play")
                ))
            };
            if let Err(e) = send_reply(bot, group, &note, Some(asked)).await {
                tracing::warn!(error = %scrub(&e), "Telegram: posting failed");
            }
        }
    }
    // The group's post of a turn answered in private goes out either way.
    deliver_beyond(bot, bot_name, service, reply).await;
    Ok(())
}

/// Posts a message in its chat (or forum topic) and reports it shown; a failure is logged.
pub(super) async fn post_in_chat<S: GameStore>(bot: &TgBot, service: &Service<S>, out: &Outgoing) {
    let Some(place) = Place::from_scope(&out.scope) else {
        tracing::warn!(chat = %out.scope.chat, "Telegram: an outgoing message has no valid chat");
        return;
    };
    match send_reply(bot, place, &out.reply, None).await {
        Ok(()) => service.posted(&out.reply).await,
        Err(e) => {
            tracing::warn!(error = %scrub(&e), chat = %out.scope.chat, "Telegram: posting failed")
        }
    }
}

/// Delivers what a reply sends beyond its own message: the posts for the game's chat (a
/// turn played in private), then the whispers, each to its player's private chat. A player
/// the bot cannot write to yet (they never pressed Start) is told in the game's chat, with
/// the link that opens the private chat, and nothing of the prompt.
pub(super) async fn deliver_beyond<S: GameStore>(
    bot: &TgBot,
    bot_name: &str,
    service: &Service<S>,
    reply: &Reply,
) {
    for out in &reply.elsewhere {
        post_in_chat(bot, service, out).await;
    }
    for w in &reply.whispers {
        let Ok(user) = w.to.user_id.parse::<u64>() else {
            continue;
        };
        if let Err(e) = send_reply(bot, Place::private_with(UserId(user)), &w.reply, None).await {
            tracing::info!(error = %scrub(&e), "Telegram: a private prompt could not be sent");
            if let Some(place) = Place::from_scope(&w.chat) {
                let note = Reply {
                    lang: w.reply.lang,
                    ..Reply::text(open_private(&w.to.name, bot_name, w.reply.lang))
                };
                if let Err(e) = send_reply(bot, place, &note, None).await {
                    tracing::warn!(error = %scrub(&e), "Telegram: posting failed");
                }
            }
        }
    }
}

/// "NAME, open a private chat with me": the deep link that opens it with Start.
pub(super) fn open_private(who: &str, bot_name: &str, lang: Lang) -> String {
    let link = format!("https://t.me/{bot_name}?start=play");
    tr!(lang, "tg-open-private", who = who, link = link.as_str())
}
