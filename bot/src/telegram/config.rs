//! What the Telegram front-end is started with: its token, its flood limits, and how it
//! receives updates.

use super::*;

/// Telegram's flood limits, applied by teloxide's throttling adaptor. The defaults are
/// Telegram's published limits; tests may loosen them to stay fast.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FloodLimits {
    /// Messages per second in one chat.
    pub per_chat_per_sec: u32,
    /// Messages per minute in one private chat or small group.
    pub per_chat_per_min: u32,
    /// Messages per minute in one supergroup or channel.
    pub per_group_per_min: u32,
    /// Messages per second overall.
    pub overall_per_sec: u32,
}

impl Default for FloodLimits {
    fn default() -> Self {
        let l = Limits::default();
        debug_assert_eq!(
            (l.messages_per_sec_chat, l.messages_per_min_chat),
            (1, 20),
            "FloodLimits::parse documents Telegram's defaults"
        );
        FloodLimits {
            per_chat_per_sec: l.messages_per_sec_chat,
            per_chat_per_min: l.messages_per_min_chat,
            per_group_per_min: l.messages_per_min_channel_or_supergroup,
            overall_per_sec: l.messages_per_sec_overall,
        }
    }
}

impl FloodLimits {
    /// Limits written as four numbers, `per_chat_per_sec,per_chat_per_min,per_group_per_min,
    /// overall_per_sec` (Telegram's defaults are `1,20,10,30`), for a bot whose limits
    /// Telegram raised, or a local Bot API server.
    ///
    /// # Errors
    /// A sentence saying what is wrong.
    pub fn parse(text: &str) -> Result<FloodLimits, String> {
        let numbers: Vec<u32> = text
            .split(',')
            .map(|n| n.trim().parse::<u32>().ok().filter(|n| *n > 0))
            .collect::<Option<_>>()
            .ok_or_else(|| format!("“{text}” is not four positive whole numbers"))?;
        match numbers[..] {
            [
                per_chat_per_sec,
                per_chat_per_min,
                per_group_per_min,
                overall_per_sec,
            ] => Ok(FloodLimits {
                per_chat_per_sec,
                per_chat_per_min,
                per_group_per_min,
                overall_per_sec,
            }),
            _ => Err(format!(
                "“{text}” is not four numbers: per chat per second, per chat per minute, \
                 per group per minute, overall per second"
            )),
        }
    }
}

/// How to reach Telegram.
#[derive(Clone, Debug)]
pub struct TelegramConfig {
    /// The bot token from BotFather (never printed, scrubbed from logs).
    pub token: Secret,
    /// Base URL of a local Bot API server or a fake (`http://127.0.0.1:8081`); `None` for
    /// Telegram itself.
    pub api_url: Option<String>,
    /// Flood limits.
    pub limits: FloodLimits,
    /// How long one `getUpdates` long poll may be held by the server.
    pub poll_timeout: Duration,
    /// Receive updates by webhook instead of long polling.
    pub webhook: Option<Webhook>,
    /// The webhook's secret when one is configured (`TELEGRAM_WEBHOOK_SECRET`); otherwise
    /// one is derived from the token.
    pub webhook_secret: Option<Secret>,
}

impl TelegramConfig {
    /// Production settings for `token`, with an optional API base URL.
    pub fn new(token: impl Into<String>, api_url: Option<String>) -> TelegramConfig {
        TelegramConfig {
            token: Secret::new(token),
            api_url,
            limits: FloodLimits::default(),
            poll_timeout: Duration::from_secs(10),
            webhook: None,
            webhook_secret: None,
        }
    }
}
