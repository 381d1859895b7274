//! Sending a reply to a chat: its text in chunks within Telegram's limits, the image as a
//! photo or document with the caption, keyboard and mention, then its files.

use super::*;

/// Posts a reply: text chunks, then the image (photo or document) with the caption, the
/// keyboard and the mention, then any files. Refusals go as a reply to the offending message.
pub(super) async fn send_reply(
    bot: &TgBot,
    place: Place,
    reply: &Reply,
    reply_to: Option<MessageId>,
) -> HandlerResult {
    send_main(bot, place, reply, reply_to).await?;
    // The post stands once its text and image are out: a file that fails is logged, not
    // the reason the turn counts as unseen (and is posted again).
    for f in &reply.files {
        if let Err(e) = send_file(bot, place, f).await {
            tracing::warn!(file = %f.name, error = %scrub(&format!("{e:#}")), "Telegram: sending a file failed");
        }
    }
    Ok(())
}

/// Sends one file: a GIF as an animation (it plays in the chat), anything else as a
/// document.
pub(super) async fn send_file(bot: &TgBot, place: Place, f: &Attachment) -> HandlerResult {
    let file = InputFile::memory(f.bytes.clone()).file_name(f.name.clone());
    if f.name.ends_with(".gif") {
        let mut req = bot.send_animation(place.chat, file);
        if let Some(t) = place.thread {
            req = req.message_thread_id(t);
        }
        req.await.context("sendAnimation")?;
    } else {
        let mut req = bot.send_document(place.chat, file);
        if let Some(t) = place.thread {
            req = req.message_thread_id(t);
        }
        req.await.context("sendDocument")?;
    }
    Ok(())
}

/// [`send_reply`] without the files.
pub(super) async fn send_main(
    bot: &TgBot,
    place: Place,
    reply: &Reply,
    reply_to: Option<MessageId>,
) -> HandlerResult {
    let text = format::telegram_commands(&reply.text);
    let mention = format::mention_line(&reply.mention, reply.call, reply.lang);
    let mention_len = format::mention_len(&reply.mention, reply.call, reply.lang);
    let kb = keyboard(reply, 0);
    let visible_len = format::tg_len(&format::visible(&text));
    let sep = usize::from(mention_len > 0);

    let Some(png) = &reply.image else {
        let limit = MAX_TEXT - mention_len - sep;
        let chunks = format::split_text(&text, limit);
        let last = chunks.len() - 1;
        for (i, chunk) in chunks.iter().enumerate() {
            let mut html = format::to_html(chunk);
            if i == last && !mention.is_empty() {
                html.push('\n');
                html.push_str(&mention);
            }
            let mut req = bot
                .send_message(place.chat, html)
                .parse_mode(ParseMode::Html)
                .link_preview_options(no_preview());
            if let Some(t) = place.thread {
                req = req.message_thread_id(t);
            }
            if i == 0
                && let Some(id) = reply_to
            {
                req = req.reply_parameters(ReplyParameters::new(id).allow_sending_without_reply());
            }
            if i == last
                && let Some(kb) = kb.clone()
            {
                req = req.reply_markup(kb);
            }
            req.await.context("sendMessage")?;
        }
        return Ok(());
    };

    // The caption holds the whole text when it fits; otherwise the text goes first as
    // messages and the caption keeps the heading.
    let caption_text = if visible_len + sep + mention_len <= MAX_CAPTION {
        text.clone()
    } else {
        for chunk in format::split_text(&text, MAX_TEXT) {
            let mut req = bot
                .send_message(place.chat, format::to_html(&chunk))
                .parse_mode(ParseMode::Html)
                .link_preview_options(no_preview());
            if let Some(t) = place.thread {
                req = req.message_thread_id(t);
            }
            req.await.context("sendMessage")?;
        }
        let heading = text.lines().next().unwrap_or("").to_string();
        format::truncate(&heading, MAX_CAPTION - sep - mention_len)
    };
    let mut caption = format::to_html(&caption_text);
    if !mention.is_empty() {
        caption.push('\n');
        caption.push_str(&mention);
    }
    let name = match reply.turn {
        Some((g, t)) => format!("labscape-{g}-turn-{t}.png"),
        None => "labscape.png".into(),
    };
    let file = || InputFile::memory(png.clone()).file_name(name.clone());
    if format::send_as_photo(png) {
        let mut req = bot
            .send_photo(place.chat, file())
            .caption(caption.clone())
            .parse_mode(ParseMode::Html);
        if let Some(t) = place.thread {
            req = req.message_thread_id(t);
        }
        if let Some(id) = reply_to {
            req = req.reply_parameters(ReplyParameters::new(id).allow_sending_without_reply());
        }
        if let Some(kb) = kb.clone() {
            req = req.reply_markup(kb);
        }
        match req.await {
            Ok(_) => return Ok(()),
            // Telegram may still refuse a photo (dimensions it dislikes): fall back to a
            // document, which it takes as it is.
            Err(teloxide::RequestError::Api(e)) => {
                tracing::warn!(error = %scrub(&e), "Telegram: the photo was refused; sending a document");
            }
            Err(e) => return Err(anyhow::Error::new(e).context("sendPhoto")),
        }
    }
    let mut req = bot
        .send_document(place.chat, file())
        .caption(caption)
        .parse_mode(ParseMode::Html);
    if let Some(t) = place.thread {
        req = req.message_thread_id(t);
    }
    if let Some(id) = reply_to {
        req = req.reply_parameters(ReplyParameters::new(id).allow_sending_without_reply());
    }
    if let Some(kb) = kb {
        req = req.reply_markup(kb);
    }
    req.await.context("sendDocument")?;
    Ok(())
}

pub(super) fn no_preview() -> LinkPreviewOptions {
    LinkPreviewOptions {
        is_disabled: true,
        url: None,
        prefer_small_media: false,
        prefer_large_media: false,
        show_above_text: false,
    }
}
