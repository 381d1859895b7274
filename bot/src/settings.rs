//! The bot's configuration, read once in `main` and handed down: nothing deeper reads the
//! environment. Each value comes from the first of: a command-line flag (`main`'s clap
//! options, which also read their own variables such as `DATABASE_URL`), the process
//! environment, and an optional file of `NAME=VALUE` lines (`--config FILE` or
//! `LABSCAPE_CONFIG`), so a server can keep its tokens in a file only its user reads.
//! Tokens become [`Secret`](crate::secret::Secret)s as they are read.

use std::{collections::HashMap, path::Path};

use anyhow::{Context, bail};

use crate::{
    discord,
    telegram::{FloodLimits, TelegramConfig},
};

/// Everything the bot reads from its surroundings.
#[derive(Clone, Debug, Default)]
pub struct Settings {
    /// The Discord bot, when `DISCORD_TOKEN` is set.
    pub discord: Option<discord::Config>,
    /// The Telegram bot, when `TELEGRAM_TOKEN` is set.
    pub telegram: Option<TelegramConfig>,
    /// The terminal's language (`LANG`), for local play.
    pub locale: Option<String>,
    /// The terminal user's name (`USER`), local play's default speaker.
    pub user: Option<String>,
    /// `LABSCAPE_OUTBOX_GRACE_SECS`: how long a turn's post may be on its way before the
    /// outbox posts it again (and plays on a computer player a crash left waiting).
    pub outbox_grace: Option<i64>,
}

/// A source of named values: the environment, then a file.
pub struct Sources {
    env: HashMap<String, String>,
    file: HashMap<String, String>,
}

impl std::fmt::Debug for Sources {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Values may be tokens: only the names are shown.
        let mut names: Vec<&String> = self.env.keys().chain(self.file.keys()).collect();
        names.sort();
        names.dedup();
        f.debug_struct("Sources").field("names", &names).finish()
    }
}

impl Sources {
    /// The process environment, and the file `config` if given.
    ///
    /// # Errors
    /// If the file cannot be read or has a line that is not `NAME=VALUE`.
    pub fn read(config: Option<&Path>) -> anyhow::Result<Sources> {
        let env = std::env::vars().collect();
        let file = match config {
            Some(path) => {
                let text = std::fs::read_to_string(path)
                    .with_context(|| format!("reading the configuration {}", path.display()))?;
                parse_file(&text)
                    .with_context(|| format!("in the configuration {}", path.display()))?
            }
            None => HashMap::new(),
        };
        Ok(Sources { env, file })
    }

    /// Sources from explicit pairs (tests).
    pub fn from_pairs(env: &[(&str, &str)], file: &[(&str, &str)]) -> Sources {
        let map = |pairs: &[(&str, &str)]| {
            pairs
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect()
        };
        Sources {
            env: map(env),
            file: map(file),
        }
    }

    /// The value of `name`, trimmed; an empty value counts as unset.
    pub fn get(&self, name: &str) -> Option<String> {
        [&self.env, &self.file]
            .into_iter()
            .filter_map(|m| m.get(name))
            .map(|v| v.trim().to_string())
            .find(|v| !v.is_empty())
    }
}

/// Reads a file of `NAME=VALUE` lines; blank lines and lines starting with `#` are skipped,
/// and a value may be quoted.
fn parse_file(text: &str) -> anyhow::Result<HashMap<String, String>> {
    let mut out = HashMap::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let Some((name, value)) = line.split_once('=') else {
            bail!("line {}: expected NAME=VALUE", i + 1);
        };
        let name = name.trim().trim_start_matches("export ").trim();
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            bail!("line {}: “{name}” is not a variable name", i + 1);
        }
        let value = value.trim();
        let value = value
            .strip_prefix('"')
            .and_then(|v| v.strip_suffix('"'))
            .or_else(|| value.strip_prefix('\'').and_then(|v| v.strip_suffix('\'')))
            .unwrap_or(value);
        out.insert(name.to_string(), value.to_string());
    }
    Ok(out)
}

impl Settings {
    /// The settings from `sources`.
    ///
    /// # Errors
    /// If a value is unusable (`LABSCAPE_DISCORD_GUILD` that is not a guild id).
    pub fn from_sources(sources: &Sources) -> anyhow::Result<Settings> {
        let discord = match sources.get("DISCORD_TOKEN") {
            None => None,
            Some(token) => {
                let guild = match sources.get("LABSCAPE_DISCORD_GUILD") {
                    Some(g) => {
                        Some(g.parse::<u64>().ok().filter(|g| *g != 0).with_context(|| {
                            format!("LABSCAPE_DISCORD_GUILD “{g}” is not a guild id")
                        })?)
                    }
                    None => None,
                };
                Some(discord::Config {
                    token: crate::secret::Secret::new(token),
                    api_url: sources.get("LABSCAPE_DISCORD_API_URL"),
                    guild,
                    shards: None,
                })
            }
        };
        let telegram = match sources.get("TELEGRAM_TOKEN") {
            None => None,
            Some(token) => {
                let api_url = sources
                    .get("LABSCAPE_TELEGRAM_API_URL")
                    .map(|u| u.trim_end_matches('/').to_string());
                let mut config = TelegramConfig::new(token, api_url);
                config.webhook_secret = sources
                    .get("TELEGRAM_WEBHOOK_SECRET")
                    .map(crate::secret::Secret::new);
                if let Some(limits) = sources.get("LABSCAPE_TELEGRAM_LIMITS") {
                    config.limits = FloodLimits::parse(&limits)
                        .map_err(|e| anyhow::anyhow!("LABSCAPE_TELEGRAM_LIMITS {e}"))?;
                }
                Some(config)
            }
        };
        let locale = sources.get("LANG").filter(|l| l != "C" && l != "POSIX");
        let outbox_grace = match sources.get("LABSCAPE_OUTBOX_GRACE_SECS") {
            None => None,
            Some(g) => Some(
                g.parse::<i64>()
                    .ok()
                    .filter(|g| (1..=86_400).contains(g))
                    .with_context(|| {
                        format!("LABSCAPE_OUTBOX_GRACE_SECS “{g}” is not a number of seconds from 1 to 86400")
                    })?,
            ),
        };
        Ok(Settings {
            discord,
            telegram,
            locale,
            user: sources.get("USER"),
            outbox_grace,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_environment_comes_before_the_file() {
        let s = Sources::from_pairs(
            &[("TELEGRAM_TOKEN", "123:env")],
            &[("TELEGRAM_TOKEN", "123:file"), ("DISCORD_TOKEN", "d-file")],
        );
        let settings = Settings::from_sources(&s).unwrap();
        assert_eq!(settings.telegram.unwrap().token.expose(), "123:env");
        assert_eq!(settings.discord.unwrap().token.expose(), "d-file");
    }

    #[test]
    fn empty_values_are_unset_and_c_is_no_language() {
        let s = Sources::from_pairs(&[("DISCORD_TOKEN", "  "), ("LANG", "C")], &[]);
        let settings = Settings::from_sources(&s).unwrap();
        assert!(settings.discord.is_none() && settings.telegram.is_none());
        assert_eq!(settings.locale, None);
    }

    #[test]
    fn the_outbox_grace_is_read_and_checked() {
        let read = |v: &str| {
            Settings::from_sources(&Sources::from_pairs(
                &[("LABSCAPE_OUTBOX_GRACE_SECS", v)],
                &[],
            ))
        };
        assert_eq!(read("2").unwrap().outbox_grace, Some(2));
        for bad in ["0", "-3", "soon", "100000"] {
            let e = read(bad).unwrap_err().to_string();
            assert!(
                e.contains("LABSCAPE_OUTBOX_GRACE_SECS") && e.contains(bad),
                "{e}"
            );
        }
        assert_eq!(read(" ").unwrap().outbox_grace, None);
    }

    #[test]
    fn telegrams_limits_and_webhook_secret_are_read_and_checked() {
        let s = Sources::from_pairs(
            &[
                ("TELEGRAM_TOKEN", "123:t"),
                ("LABSCAPE_TELEGRAM_LIMITS", "5, 100, 100, 300"),
                ("TELEGRAM_WEBHOOK_SECRET", "shared_secret-1"),
            ],
            &[],
        );
        let tg = Settings::from_sources(&s).unwrap().telegram.unwrap();
        assert_eq!(
            tg.limits,
            FloodLimits {
                per_chat_per_sec: 5,
                per_chat_per_min: 100,
                per_group_per_min: 100,
                overall_per_sec: 300
            }
        );
        assert_eq!(tg.webhook_secret.unwrap().expose(), "shared_secret-1");
        assert_eq!(FloodLimits::parse("1,20,10,30"), Ok(FloodLimits::default()));
        for bad in ["1,20,20", "1,20,20,0", "fast", "1,2,3,4,5"] {
            let s = Sources::from_pairs(
                &[
                    ("TELEGRAM_TOKEN", "123:t"),
                    ("LABSCAPE_TELEGRAM_LIMITS", bad),
                ],
                &[],
            );
            let e = Settings::from_sources(&s).unwrap_err();
            assert!(
                format!("{e:#}").contains("LABSCAPE_TELEGRAM_LIMITS"),
                "{e:#}"
            );
        }
    }

    #[test]
    fn a_bad_guild_is_refused_by_name() {
        let s = Sources::from_pairs(
            &[("DISCORD_TOKEN", "t"), ("LABSCAPE_DISCORD_GUILD", "lobby")],
            &[],
        );
        let e = Settings::from_sources(&s).unwrap_err();
        assert!(
            format!("{e:#}").contains("“lobby” is not a guild id"),
            "{e:#}"
        );
    }

    #[test]
    fn the_file_reads_comments_quotes_and_export() {
        let f = parse_file(
            "# tokens\nexport TELEGRAM_TOKEN=\"1:abc\"\n\nLABSCAPE_TELEGRAM_API_URL='http://127.0.0.1:9/'\n",
        )
        .unwrap();
        assert_eq!(f["TELEGRAM_TOKEN"], "1:abc");
        assert_eq!(f["LABSCAPE_TELEGRAM_API_URL"], "http://127.0.0.1:9/");
        let e = parse_file("TELEGRAM_TOKEN").unwrap_err();
        assert!(e.to_string().contains("line 1"), "{e}");
    }

    #[test]
    fn tokens_are_not_printed() {
        let s = Sources::from_pairs(&[("DISCORD_TOKEN", "very-secret")], &[]);
        let settings = Settings::from_sources(&s).unwrap();
        assert!(!format!("{settings:?}").contains("very-secret"));
        assert!(!format!("{s:?}").contains("very-secret"));
    }
}
