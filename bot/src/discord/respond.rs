//! Answering interactions within Discord's rules: acknowledge at once (the 3-second rule),
//! ask the service, then answer.
//!
//! Slash commands are deferred ephemerally, so a refusal stays between the bot and the
//! asker. A public reply (a turn, a lobby change) is posted as an ordinary channel message
//! instead of an interaction follow-up: follow-ups of a deferred response take the defer's
//! visibility and do not ping, and the next player must be pinged. The "thinking…"
//! placeholder is then deleted. Buttons are acknowledged without a placeholder (deferred
//! update), so a refusal is an ephemeral follow-up and a turn is again a channel message.

use poise::serenity_prelude as serenity;

use super::{Context, Data, Error, present};
use crate::app::{
    Attachment, Command, Ctx, NewOptions, Outgoing, Reply, Suggestions, Visibility,
    messages::UserError,
};
use crate::i18n::Lang;

fn application(ctx: Context<'_>) -> Option<poise::ApplicationContext<'_, Data, Error>> {
    match ctx {
        poise::Context::Application(a) => Some(a),
        poise::Context::Prefix(_) => None,
    }
}

fn ctx_of_command(i: &serenity::CommandInteraction) -> Ctx {
    present::ctx_of(
        i.id,
        i.channel_id,
        i.channel.as_ref(),
        &i.user,
        i.member.as_deref(),
        &i.locale,
    )
}

/// The language of a private answer to the caller (see [`crate::app::Service::lang_for`]).
pub async fn lang_of(ctx: Context<'_>) -> Lang {
    match application(ctx) {
        Some(a) => {
            ctx.data()
                .service
                .lang_for(&ctx_of_command(a.interaction))
                .await
        }
        None => Lang::En,
    }
}

/// What the caller may play now, for autocomplete.
pub async fn suggestions(ctx: Context<'_>) -> Suggestions {
    let Some(a) = application(ctx) else {
        return Suggestions::default();
    };
    let mut c = ctx_of_command(a.interaction);
    c.delivery = None;
    ctx.data().service.suggestions(&c).await
}

/// Handles a slash command: defer, run `cmd`, answer.
pub async fn command(ctx: Context<'_>, cmd: Command) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let Some(a) = application(ctx) else {
        return Ok(());
    };
    let c = ctx_of_command(a.interaction);
    let reply = ctx.data().service.handle(&c, cmd).await;
    post_elsewhere(ctx.http(), &ctx.data().service, &reply).await;
    match reply.visibility {
        Visibility::Private | Visibility::Secret => private(ctx, &reply).await,
        Visibility::Public => match post(
            ctx.http(),
            a.interaction.channel_id,
            &reply,
            upload_limit(a.interaction.attachment_size_limit),
        )
        .await
        {
            Ok(()) => {
                ctx.data().service.posted(&reply).await;
                if let Err(e) = a.interaction.delete_response(ctx.http()).await {
                    tracing::debug!("deleting the placeholder: {e}");
                }
                Ok(())
            }
            Err(e) => {
                tracing::warn!(channel = %a.interaction.channel_id, "posting a reply failed: {e}");
                private(ctx, &reply).await
            }
        },
    }
}

/// Refuses a slash command whose options cannot be used, privately, in the asker's
/// language; nothing changes.
pub async fn refuse(ctx: Context<'_>, e: UserError) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let lang = lang_of(ctx).await;
    private(ctx, &Reply::private(e.message(lang))).await
}

/// `/labscape new thread:true`: the game opens in a new public thread of this channel,
/// named after the game. In a thread already, the game simply opens there.
pub async fn new_in_thread(ctx: Context<'_>, options: NewOptions) -> Result<(), Error> {
    let Some(a) = application(ctx) else {
        return Ok(());
    };
    if !ctx_of_command(a.interaction).scope.thread.is_empty() {
        return command(ctx, Command::New(options)).await;
    }
    ctx.defer_ephemeral().await?;
    let http = ctx.http();
    let service = &ctx.data().service;
    let builder = serenity::CreateThread::new("Labscape")
        .kind(serenity::ChannelType::PublicThread)
        .auto_archive_duration(serenity::AutoArchiveDuration::OneWeek);
    let thread = match a.interaction.channel_id.create_thread(http, builder).await {
        Ok(t) => t,
        Err(e) => {
            tracing::warn!(channel = %a.interaction.channel_id, "creating a thread failed: {e}");
            return Err(e);
        }
    };
    let mut c = ctx_of_command(a.interaction);
    c.scope.thread = thread.id.to_string();
    let reply = service.handle(&c, Command::New(options)).await;
    if reply.visibility == Visibility::Private {
        if let Err(e) = thread.id.delete(http).await {
            tracing::warn!(thread = %thread.id, "deleting an unused thread failed: {e}");
        }
        return private(ctx, &reply).await;
    }
    if let Some(live) = service.live_summary(&c.scope).await {
        let rename = serenity::EditThread::new().name(live.name);
        if let Err(e) = thread.id.edit_thread(http, rename).await {
            tracing::warn!(thread = %thread.id, "naming the thread failed: {e}");
        }
    }
    post(
        http,
        thread.id,
        &reply,
        upload_limit(a.interaction.attachment_size_limit),
    )
    .await?;
    private(ctx, &Reply::private(format!("<#{}>", thread.id))).await
}

/// An ephemeral answer (a refusal, help, rules), in pieces if long.
async fn private(ctx: Context<'_>, reply: &Reply) -> Result<(), Error> {
    for piece in followups(reply) {
        ctx.send(piece.into_poise()).await?;
    }
    Ok(())
}

/// One ephemeral message, convertible to either follow-up builder.
struct Piece {
    text: String,
    image: Option<Vec<u8>>,
    files: Vec<Attachment>,
    buttons: Vec<serenity::CreateActionRow>,
}

impl Piece {
    fn into_poise(self) -> poise::CreateReply {
        let mut r = poise::CreateReply::default()
            .content(self.text)
            .ephemeral(true)
            .allowed_mentions(serenity::CreateAllowedMentions::new())
            .components(self.buttons);
        if let Some(png) = self.image {
            r = r.attachment(serenity::CreateAttachment::bytes(png, present::IMAGE_NAME));
        }
        for f in self.files {
            r = r.attachment(serenity::CreateAttachment::bytes(f.bytes, f.name));
        }
        r
    }

    fn into_followup(self) -> serenity::CreateInteractionResponseFollowup {
        let mut r = serenity::CreateInteractionResponseFollowup::new()
            .content(self.text)
            .ephemeral(true)
            .allowed_mentions(serenity::CreateAllowedMentions::new())
            .components(self.buttons);
        if let Some(png) = self.image {
            r = r.add_file(serenity::CreateAttachment::bytes(png, present::IMAGE_NAME));
        }
        for f in self.files {
            r = r.add_file(serenity::CreateAttachment::bytes(f.bytes, f.name));
        }
        r
    }
}

fn followups(reply: &Reply) -> Vec<Piece> {
    let pieces = present::split(&present::text_of(reply), present::MAX_CONTENT);
    let last = pieces.len() - 1;
    pieces
        .into_iter()
        .enumerate()
        .map(|(i, text)| Piece {
            text,
            image: reply.image.clone().filter(|_| i == last),
            files: if i == last {
                reply.files.clone()
            } else {
                Vec::new()
            },
            buttons: if i == last {
                present::buttons(reply)
            } else {
                Vec::new()
            },
        })
        .collect()
}

/// Posts a public reply in `channel`, with at most `limit` bytes of uploads a message.
/// The post stands once its text and image are sent: a file that fails to upload is
/// logged (and the post sent again without it), never the reason the turn goes unseen.
pub async fn post(
    http: &serenity::Http,
    channel: serenity::ChannelId,
    reply: &Reply,
    limit: u64,
) -> Result<(), Error> {
    let post = present::channel_messages(reply, limit);
    for m in post.lead {
        channel.send_message(http, m).await?;
    }
    match (channel.send_message(http, post.last).await, post.last_bare) {
        (Ok(_), _) => {}
        (Err(e), Some(bare)) => {
            tracing::warn!(%channel, "posting a turn with its files failed ({e}); posting it without them");
            channel.send_message(http, bare).await?;
        }
        (Err(e), None) => return Err(e),
    }
    for m in post.apart {
        if let Err(e) = channel.send_message(http, m).await {
            tracing::warn!(%channel, "posting a file failed: {e}");
        }
    }
    Ok(())
}

/// Posts what a reply sends elsewhere than its asker (the group's post of a turn played in
/// private, answered ephemerally) in its chat's channel, each reported once shown. A
/// whisper is not sent: on Discord a private player's prompt comes from the "your move"
/// button of the public post, as an ephemeral answer (a direct message may be refused).
async fn post_elsewhere(
    http: &serenity::Http,
    service: &crate::app::Service<crate::store::AnyStore>,
    reply: &Reply,
) {
    for out in &reply.elsewhere {
        post_in_channel(http, service, out).await;
    }
}

/// Posts a message the bot sends on its own in its chat's channel (or thread) and reports
/// it shown; a failure is logged.
async fn post_in_channel(
    http: &serenity::Http,
    service: &crate::app::Service<crate::store::AnyStore>,
    out: &Outgoing,
) {
    let Some(channel) = present::target_channel(&out.scope) else {
        tracing::warn!(scope = ?out.scope, "no Discord channel for a message");
        return;
    };
    match post(http, channel, &out.reply, present::DEFAULT_UPLOAD_LIMIT).await {
        Ok(()) => service.posted(&out.reply).await,
        Err(e) => tracing::warn!(%channel, "posting a message failed: {e}"),
    }
}

/// The upload limit an interaction gives (0 when absent: the default).
fn upload_limit(given: u32) -> u64 {
    if given == 0 {
        present::DEFAULT_UPLOAD_LIMIT
    } else {
        u64::from(given)
    }
}

/// Handles a click on one of this bot's buttons.
pub async fn press(
    sctx: &serenity::Context,
    data: &Data,
    press: &serenity::ComponentInteraction,
) -> Result<(), Error> {
    press.defer(sctx).await?;
    let c = present::ctx_of(
        press.id,
        press.channel_id,
        press.channel.as_ref(),
        &press.user,
        press.member.as_ref(),
        &press.locale,
    );
    let reply = match present::parse_custom_id(&press.data.custom_id) {
        None => Reply::private(UserError::MovedOn.message(data.service.lang_for(&c).await)),
        Some(p) => {
            let cmd = Command::Press {
                game: p.game,
                turn: p.turn,
                action: p.action,
            };
            data.service.handle(&c, cmd).await
        }
    };
    post_elsewhere(&sctx.http, &data.service, &reply).await;
    if reply.visibility == Visibility::Public {
        let limit = upload_limit(press.attachment_size_limit);
        match post(&sctx.http, press.channel_id, &reply, limit).await {
            Ok(()) => {
                data.service.posted(&reply).await;
                // That turn is over: its buttons go, so the channel shows one live set.
                let clear = serenity::EditInteractionResponse::new().components(Vec::new());
                if let Err(e) = press.edit_response(sctx, clear).await {
                    tracing::debug!("clearing old buttons: {e}");
                }
                return Ok(());
            }
            Err(e) => {
                tracing::warn!(channel = %press.channel_id, "posting a turn failed: {e}");
            }
        }
    }
    for piece in followups(&reply) {
        press.create_followup(sctx, piece.into_followup()).await?;
    }
    Ok(())
}

/// Posts the messages the bot sends on its own (reminders, deadlines) until the sender
/// side closes. Messages for other platforms are skipped.
pub async fn post_outgoing(
    http: std::sync::Arc<serenity::Http>,
    service: std::sync::Arc<crate::app::Service<crate::store::AnyStore>>,
    mut outgoing: tokio::sync::mpsc::Receiver<Outgoing>,
) {
    while let Some(out) = outgoing.recv().await {
        if out.scope.platform != present::PLATFORM {
            tracing::debug!(platform = %out.scope.platform, "not a Discord message; skipped");
            continue;
        }
        post_in_channel(&http, &service, &out).await;
    }
}
