//! A keyboard press: the button's game, turn and action read back from its data, checked
//! against the chat's live game, and answered (an alert for a refusal, the turn's post, or
//! another page of a long keyboard).

use super::*;

pub(super) async fn on_callback<S: GameStore>(
    bot: TgBot,
    me: Me,
    q: CallbackQuery,
    shared: Arc<Shared<S>>,
) -> HandlerResult {
    let answer = |text: Option<String>| {
        let mut a = bot.answer_callback_query(q.id.clone());
        if let Some(t) = text {
            a = a.text(format::truncate(&t, MAX_ALERT)).show_alert(true);
        }
        a
    };
    // The presser's own language for the alerts (before the service is asked).
    let early_lang = q
        .from
        .language_code
        .as_deref()
        .and_then(Lang::from_tag)
        .unwrap_or_default();
    let (Some(press), Some(msg)) = (
        q.data.as_deref().and_then(Press::decode),
        q.regular_message(),
    ) else {
        answer(Some(tr!(early_lang, "tg-keyboard-old"))).await?;
        return Ok(());
    };
    let place = Place::of(msg);
    let ctx = Ctx {
        scope: place.scope(),
        user_id: q.from.id.0.to_string(),
        user_name: user_name(&q.from),
        is_admin: false,
        delivery: Some(format!("cq:{}", q.id.0)),
        locale: q.from.language_code.clone(),
        handle: q.from.username.clone(),
        private: msg.chat.is_private(),
    };
    let live = shared.service.live_summary_for(&ctx).await;
    let (game, turn) = match &press {
        Press::Play { game, turn, .. } | Press::Page { game, turn, .. } => (*game, *turn),
    };
    // The turn check alone is not enough: a later game in the same chat reuses turn numbers.
    let lang = shared.service.lang_for(&ctx).await;
    if live.as_ref().is_none_or(|g| g.game.0 != game) {
        answer(Some(UserError::MovedOn.message(lang))).await?;
        return Ok(());
    }
    match press {
        Press::Page { page, text, .. } => {
            let live = live.expect("checked");
            if live.turn != turn {
                answer(Some(UserError::MovedOn.message(lang))).await?;
                return Ok(());
            }
            let again = Command::Play {
                action: text,
                expected_turn: Some(turn),
            };
            let reply = shared.service.handle(&ctx, again).await;
            match keyboard(&reply, page) {
                Some(kb) if reply.turn == Some((live.game, turn)) => {
                    answer(None).await?;
                    if let Err(e) = bot
                        .edit_message_reply_markup(msg.chat.id, msg.id)
                        .reply_markup(kb)
                        .await
                    {
                        tracing::debug!(error = %scrub(&e), "Telegram: paging the keyboard failed");
                    }
                }
                _ => {
                    answer(Some(tr!(lang, "tg-keyboard-not-yours"))).await?;
                }
            }
        }
        Press::Play { action, turn, .. } => {
            let reply = shared
                .service
                .handle(&ctx, Command::Press { game, turn, action })
                .await;
            if reply.repeated {
                answer(None).await?;
                return Ok(());
            }
            // For the presser alone, with a secret: in their private chat with the bot.
            if reply.visibility == Visibility::Secret {
                match send_reply(&bot, Place::private_with(q.from.id), &reply, None).await {
                    Ok(()) => {
                        answer(None).await?;
                    }
                    Err(e) => {
                        tracing::info!(error = %scrub(&e), "Telegram: a private answer could not be sent");
                        answer(Some(open_private(&user_name(&q.from), me.username(), lang)))
                            .await?;
                    }
                };
                deliver_beyond(&bot, me.username(), &shared.service, &reply).await;
                return Ok(());
            }
            // A second step of choices (a piece's moves) comes as a message with its own
            // keyboard, in reply to the turn (Telegram has no private messages in a group).
            if reply.visibility == Visibility::Private && reply.quick().next().is_some() {
                answer(None).await?;
                send_reply(&bot, place, &reply, Some(msg.id)).await?;
                return Ok(());
            }
            if reply.visibility == Visibility::Private {
                answer(Some(format::telegram_commands(&format::visible(
                    &reply.text,
                ))))
                .await?;
                return Ok(());
            }
            answer(None).await?;
            // The pressed keyboard is spent: remove it so nobody presses it again.
            if let Err(e) = bot.edit_message_reply_markup(msg.chat.id, msg.id).await {
                tracing::debug!(error = %scrub(&e), "Telegram: removing a used keyboard failed");
            }
            send_reply(&bot, place, &reply, None).await?;
            shared.service.posted(&reply).await;
            deliver_beyond(&bot, me.username(), &shared.service, &reply).await;
        }
    }
    Ok(())
}
