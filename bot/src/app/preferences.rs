//! A player's and a chat's preferences: `/me` (time zone, quiet hours, language),
//! `/away`, `/settings` (reminders, deadlines, language), `/snooze`.

use super::{
    Ctx, DeadlinePolicy, Deed, GameStore, Lang, Reply, Res, Service, ServiceError, SettingProblem,
    TimerRow, UserError, UserPrefs, any_game_name, cap_name, timers, tr,
};

impl<S: GameStore> Service<S> {
    pub(super) async fn me(&self, ctx: &Ctx, args: &[String]) -> Res<Reply> {
        let platform = &ctx.scope.platform;
        let mut p = self.store.prefs(platform, &ctx.user_id).await?;
        let mut it = args.iter();
        while let Some(key) = it.next() {
            let value = it
                .next()
                .ok_or_else(|| UserError::from(SettingProblem::NeedsValue(key.clone())))?;
            match key.to_ascii_lowercase().as_str() {
                "tz" | "timezone" | "zone" => {
                    let tz = timers::parse_tz(value)
                        .ok_or_else(|| UserError::from(SettingProblem::TimeZone(value.clone())))?;
                    p.time_zone = Some(tz.name().to_string());
                }
                "quiet" => {
                    if value.eq_ignore_ascii_case("off") {
                        (p.quiet_start, p.quiet_end) = (None, None);
                    } else {
                        let q = timers::parse_quiet(value)
                            .ok_or_else(|| UserError::from(SettingProblem::Quiet(value.clone())))?;
                        (p.quiet_start, p.quiet_end) =
                            (Some(i64::from(q.start)), Some(i64::from(q.end)));
                    }
                }
                "lang" | "language" | "idioma" => {
                    p.language = if is_unset_word(value) {
                        None
                    } else {
                        let lang = Lang::from_tag(value).ok_or_else(|| {
                            UserError::from(SettingProblem::Language(value.clone()))
                        })?;
                        Some(lang.tag().into())
                    };
                }
                other => {
                    return Err(UserError::from(SettingProblem::UnknownPreference(
                        other.to_string(),
                    ))
                    .into());
                }
            }
        }
        if !args.is_empty() {
            self.store.set_prefs(platform, &ctx.user_id, &p).await?;
            self.refresh_user_timers(platform, &ctx.user_id).await?;
        }
        // Answered in the language just chosen.
        let lang = self.lang_for(ctx).await;
        let who = who_from_prefs(&p);
        let mut text = tr!(
            lang,
            "me-prefs",
            zone = who.tz.name(),
            quiet = who
                .quiet
                .map(timers::format_quiet)
                .unwrap_or_else(|| tr!(lang, "me-quiet-none")),
            language = lang.native_name()
        );
        if p.language.is_none() {
            text.push_str(&tr!(lang, "me-language-auto"));
        }
        if let Some(a) = p.away_until.filter(|a| *a > self.clock.now()) {
            text.push_str(&tr!(
                lang,
                "me-away",
                until = timers::format_time(a, who.tz, lang)
            ));
        }
        text.push_str(&tr!(lang, "me-hint"));
        Ok(Reply::private(text))
    }

    pub(super) async fn away(&self, ctx: &Ctx, until: Option<&str>) -> Res<Reply> {
        let platform = &ctx.scope.platform;
        let mut p = self.store.prefs(platform, &ctx.user_id).await?;
        let who = who_from_prefs(&p);
        let now = self.clock.now();
        let name = cap_name(&ctx.user_name);
        let live = self.store.live_game(&ctx.scope).await?;
        let lang = self.chat_lang(&ctx.scope, live.as_ref()).await;
        let text = match until.map(str::trim) {
            None => {
                return Err(UserError::from(SettingProblem::AwayWhen).into());
            }
            Some(u)
                if ["off", "back", "voltei", "volta"]
                    .iter()
                    .any(|w| u.eq_ignore_ascii_case(w)) =>
            {
                p.away_until = None;
                tr!(lang, "away-back", who = name)
            }
            Some(u) => {
                let t = timers::parse_until(u, now, who.tz)
                    .filter(|t| *t > now)
                    .ok_or_else(|| UserError::from(SettingProblem::AwayPast(u.to_string())))?;
                p.away_until = Some(t);
                tr!(
                    lang,
                    "away-until",
                    who = name,
                    until = timers::format_time(t, who.tz, lang)
                )
            }
        };
        self.store.set_prefs(platform, &ctx.user_id, &p).await?;
        self.refresh_user_timers(platform, &ctx.user_id).await?;
        Ok(Reply::text(text))
    }

    /// `/settings`: the game's reminders and deadline (its creator) and the chat's
    /// language (the running game's creator or a chat admin; anyone between games).
    /// Every value is checked before anything changes.
    pub(super) async fn settings_cmd(&self, ctx: &Ctx, args: &[String]) -> Res<Reply> {
        let live = self.store.live_game(&ctx.scope).await?;
        let is_language = |k: &str| {
            ["language", "lang", "idioma"]
                .iter()
                .any(|w| k.eq_ignore_ascii_case(w))
        };
        let keys: Vec<&String> = args.iter().step_by(2).collect();
        let timing_keys = keys.iter().any(|k| !is_language(k));
        let language_keys = keys.iter().any(|k| is_language(k));
        let creator = live.as_ref().is_some_and(|r| r.creator == ctx.user_id);
        if (timing_keys || args.is_empty()) && live.is_none() {
            return Err(UserError::NoGame.into());
        }
        if timing_keys && !creator {
            return Err(UserError::NotCreator(Deed::ChangeSettings).into());
        }
        // While a game runs its creator (or an admin) speaks for the chat; between games
        // anyone may choose its language.
        if language_keys && live.is_some() && !creator && !ctx.is_admin {
            return Err(UserError::NotCreatorOrAdmin(Deed::ChangeLanguage).into());
        }
        let mut t = live.as_ref().map(|r| r.timing).unwrap_or_default();
        let mut language = None;
        let mut it = args.iter();
        while let Some(key) = it.next() {
            let value = it
                .next()
                .ok_or_else(|| UserError::from(SettingProblem::NeedsValue(key.clone())))?;
            let dur = || {
                timers::parse_duration(value)
                    .ok_or_else(|| UserError::from(SettingProblem::Duration(value.clone())))
            };
            match key.to_ascii_lowercase().as_str() {
                k if is_language(k) => {
                    language = Some(if is_unset_word(value) {
                        None
                    } else {
                        Some(Lang::from_tag(value).ok_or_else(|| {
                            UserError::from(SettingProblem::Language(value.clone()))
                        })?)
                    });
                }
                "reminder" | "reminders" | "interval" => t.reminder_interval = dur()?.max(15 * 60),
                "limit" => {
                    t.reminder_limit = value
                        .parse::<i64>()
                        .ok()
                        .filter(|n| (1..=50).contains(n))
                        .ok_or_else(|| UserError::from(SettingProblem::Limit(value.clone())))?
                }
                "deadline" => {
                    t.deadline = if value.eq_ignore_ascii_case("off") {
                        None
                    } else {
                        Some(dur()?.max(15 * 60))
                    }
                }
                "policy" => {
                    t.policy = DeadlinePolicy::from_name(value)
                        .ok_or_else(|| UserError::from(SettingProblem::Policy(value.clone())))?
                }
                other => {
                    return Err(
                        UserError::from(SettingProblem::UnknownSetting(other.to_string())).into(),
                    );
                }
            }
        }
        if let Some(row) = live.as_ref().filter(|_| timing_keys) {
            self.store.set_timing(row.id, &t).await?;
            if let Some(timer) = self.store.timer(row.id).await? {
                let who = self.who(&row.scope.platform, &timer.user_id).await?;
                self.refresh_timer(&timer, &t, &who).await?;
            }
        }
        if let Some(l) = language {
            self.store
                .set_chat_language(&ctx.scope, l.map(Lang::tag))
                .await?;
        }
        let public = self.chat_lang(&ctx.scope, live.as_ref()).await;
        let lang = if args.is_empty() {
            self.lang_for(ctx).await
        } else {
            public
        };
        let mut lines = Vec::new();
        if let Some(row) = &live {
            let deadline = match t.deadline {
                None => tr!(lang, "settings-deadline-off"),
                Some(d) => tr!(
                    lang,
                    "settings-deadline",
                    after = timers::format_duration(d),
                    policy = match t.policy {
                        DeadlinePolicy::Advisory => tr!(lang, "policy-advisory"),
                        DeadlinePolicy::AutoWait => tr!(lang, "policy-auto-wait"),
                    }
                ),
            };
            lines.push(tr!(
                lang,
                "settings-timing",
                game = any_game_name(row.kind, row.id),
                every = timers::format_duration(t.reminder_interval),
                limit = t.reminder_limit,
                deadline = deadline
            ));
        }
        lines.push(match self.chat_default(&ctx.scope).await {
            Some(l) => tr!(lang, "settings-language", language = l.native_name()),
            None => tr!(
                lang,
                "settings-language-unset",
                language = public.native_name()
            ),
        });
        if args.is_empty() {
            lines.push(tr!(lang, "settings-hint"));
        }
        let text = lines.join(" ");
        Ok(if args.is_empty() {
            Reply::private(text)
        } else {
            Reply::text(text)
        })
    }

    pub(super) async fn snooze(&self, ctx: &Ctx) -> Res<Reply> {
        let row = self.live(&ctx.scope).await?;
        let timer = self
            .store
            .timer(row.id)
            .await?
            .ok_or(ServiceError::User(UserError::NotAwaited))?;
        if timer.user_id != ctx.user_id {
            return Err(UserError::NotAwaited.into());
        }
        let who = self.who(&ctx.scope.platform, &ctx.user_id).await?;
        let at = timers::outside_quiet(self.clock.now() + SNOOZE, &who);
        let new = TimerRow {
            next_reminder: Some(at),
            stalled: false,
            ..timer.clone()
        };
        if !self.store.update_timer(&timer, Some(&new)).await? {
            return Err(UserError::MovedOn.into());
        }
        let lang = self.lang_for(ctx).await;
        Ok(Reply::private(tr!(
            lang,
            "snoozed",
            at = timers::format_time(at, who.tz, lang)
        )))
    }
}

/// Words that clear a language choice (back to the platform's or the game's).
pub(super) fn is_unset_word(s: &str) -> bool {
    ["auto", "off", "none", "default", "padrão", "padrao"]
        .iter()
        .any(|w| s.eq_ignore_ascii_case(w))
}

/// What the timers need from a user's stored preferences.
pub fn who_from_prefs(p: &UserPrefs) -> timers::Who {
    timers::Who {
        tz: p
            .time_zone
            .as_deref()
            .and_then(timers::parse_tz)
            .unwrap_or(chrono_tz::UTC),
        quiet: match (p.quiet_start, p.quiet_end) {
            (Some(s), Some(e)) => Some(timers::Quiet {
                start: s as u16,
                end: e as u16,
            }),
            _ => None,
        },
        away_until: p.away_until,
    }
}

/// How long a snooze puts off the next reminder.
pub const SNOOZE: i64 = 4 * 3600;
