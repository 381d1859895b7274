//! Telegram's other way in: instead of asking for updates (long polling, the default, for
//! one process), the bot gives Telegram a URL and Telegram posts every update to it. That is
//! how several processes share one bot: they sit behind one HTTPS proxy that spreads the
//! posts among them, and the database keeps them from playing a turn twice.
//!
//! Every process registers the same URL and the same secret (`setWebhook` is idempotent),
//! and none deletes the webhook when it stops, since the others are still serving it.
//! Going back to polling deletes it (`labscape telegram` without `--webhook-url`).

use std::{convert::Infallible, net::SocketAddr};

use anyhow::Context as _;
use teloxide::{
    prelude::*,
    update_listeners::{UpdateListener, webhooks},
};

use super::TgBot;
use crate::secret::{Secret, scrub};

/// Where Telegram delivers this process's updates.
#[derive(Clone, Debug)]
pub struct Webhook {
    /// The local address this process listens on (`0.0.0.0:8443`).
    pub listen: SocketAddr,
    /// The public URL Telegram posts to (the proxy's); its path is the path served here.
    pub url: url::Url,
    /// The `X-Telegram-Bot-Api-Secret-Token` every delivery must carry; a post without it is
    /// refused. The same in every process, so any of them may register the webhook.
    pub secret: Secret,
}

/// Why a webhook setting is unusable.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WebhookError {
    #[error("--webhook-listen “{0}” is not an address and port such as 0.0.0.0:8443")]
    Listen(String),
    #[error("--webhook-url “{0}” is not an https:// (or http://) URL")]
    Url(String),
    #[error(
        "TELEGRAM_WEBHOOK_SECRET must be 1 to 256 characters of A-Z, a-z, 0-9, _ and - \
         (Telegram's rule)"
    )]
    Secret,
}

impl Webhook {
    /// A webhook listening on `listen` for posts to `url`. Without `secret`, one is derived
    /// from the bot token, so every process of one bot agrees on it without more settings.
    ///
    /// # Errors
    /// When the address, the URL or the secret is unusable.
    pub fn new(
        listen: &str,
        url: &str,
        secret: Option<Secret>,
        token: &Secret,
    ) -> Result<Webhook, WebhookError> {
        let listen = listen
            .trim()
            .parse()
            .map_err(|_| WebhookError::Listen(listen.into()))?;
        let url = url::Url::parse(url.trim())
            .ok()
            .filter(|u| matches!(u.scheme(), "https" | "http") && u.host().is_some())
            .ok_or_else(|| WebhookError::Url(url.into()))?;
        let secret = match secret {
            Some(s) if is_valid_secret(s.expose()) => s,
            Some(_) => return Err(WebhookError::Secret),
            None => derived_secret(token),
        };
        Ok(Webhook {
            listen,
            url,
            secret,
        })
    }
}

/// Telegram's rule for a webhook secret.
fn is_valid_secret(s: &str) -> bool {
    (1..=256).contains(&s.len())
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

/// A secret only the token's holder can compute: SHA-256 of the token, in hex.
fn derived_secret(token: &Secret) -> Secret {
    Secret::new(labscape_core::commitment(&format!(
        "labscape-telegram-webhook:{}",
        token.expose()
    )))
}

/// Binds the local address, registers the webhook with Telegram and serves it until the
/// dispatcher stops the returned listener.
///
/// # Errors
/// If the address cannot be bound or Telegram refuses the webhook.
pub(super) async fn listen(
    bot: &TgBot,
    hook: &Webhook,
) -> anyhow::Result<impl UpdateListener<Err = Infallible> + use<>> {
    // Bind first: a webhook registered for a process that cannot listen would lose updates.
    let tcp = tokio::net::TcpListener::bind(hook.listen)
        .await
        .with_context(|| format!("the Telegram webhook cannot listen on {}", hook.listen))?;
    bot.set_webhook(hook.url.clone())
        .secret_token(hook.secret.expose())
        .await
        .map_err(|e| {
            anyhow::anyhow!(
                "Telegram refused the webhook {} (setWebhook): {}",
                hook.url,
                scrub(&e)
            )
        })?;
    let options = webhooks::Options::new(hook.listen, hook.url.clone())
        .secret_token(hook.secret.expose().to_string());
    let (listener, stopped, router) = webhooks::axum_no_setup(options);
    let address = hook.listen;
    tokio::spawn(async move {
        if let Err(e) = axum::serve(tcp, router)
            .with_graceful_shutdown(stopped)
            .await
        {
            tracing::error!(error = %e, %address, "Telegram: the webhook server failed");
        }
    });
    tracing::info!(url = %hook.url, listen = %address, "Telegram: receiving updates by webhook");
    Ok(listener)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn token() -> Secret {
        Secret::new("123:test-token")
    }

    #[test]
    fn the_settings_are_checked() {
        let w = Webhook::new("0.0.0.0:8443", "https://bot.example/tg", None, &token()).unwrap();
        assert_eq!(w.listen.port(), 8443);
        assert_eq!(w.url.path(), "/tg");
        assert_eq!(
            Webhook::new("8443", "https://bot.example/tg", None, &token()).unwrap_err(),
            WebhookError::Listen("8443".into())
        );
        assert!(matches!(
            Webhook::new("0.0.0.0:8443", "bot.example/tg", None, &token()),
            Err(WebhookError::Url(_))
        ));
        assert!(matches!(
            Webhook::new("0.0.0.0:8443", "ftp://bot.example/tg", None, &token()),
            Err(WebhookError::Url(_))
        ));
        assert_eq!(
            Webhook::new(
                "0.0.0.0:8443",
                "https://bot.example/tg",
                Some(Secret::new("has space")),
                &token()
            )
            .unwrap_err(),
            WebhookError::Secret
        );
    }

    #[test]
    fn processes_of_one_bot_derive_the_same_secret_and_it_is_not_the_token() {
        let a = Webhook::new("127.0.0.1:1", "https://x.example/", None, &token()).unwrap();
        let b = Webhook::new("127.0.0.1:2", "https://x.example/", None, &token()).unwrap();
        assert_eq!(a.secret.expose(), b.secret.expose());
        assert!(is_valid_secret(a.secret.expose()));
        assert!(!a.secret.expose().contains("test-token"));
        let other = Webhook::new(
            "127.0.0.1:1",
            "https://x.example/",
            None,
            &Secret::new("456:other"),
        )
        .unwrap();
        assert_ne!(a.secret.expose(), other.secret.expose());
        let given = Webhook::new(
            "127.0.0.1:1",
            "https://x.example/",
            Some(Secret::new("chosen_Secret-1")),
            &token(),
        )
        .unwrap();
        assert_eq!(given.secret.expose(), "chosen_Secret-1");
    }
}
