//! Timers in the service: each turn's reminder and deadline set when it starts, moved when
//! preferences change, and fired once when due (by the scheduler, on any process).

use super::{
    Button, DeadlinePolicy, GameRow, GameStatus, GameStore, Mention, Outgoing, Reply, Res, SNOOZE,
    Seat, SeatRow, Service, ServiceError, TimerRow, Timing, UserError, any_game_name, timers, tr,
    turns::Played, who_from_prefs,
};

impl<S: GameStore> Service<S> {
    /// What the timers know of a user.
    pub(super) async fn who(&self, platform: &str, user_id: &str) -> Res<timers::Who> {
        let p = self.store.prefs(platform, user_id).await?;
        Ok(who_from_prefs(&p))
    }

    /// The timers of a turn that waits for `active` (none for nobody or a computer player).
    pub(super) async fn timer_for_seat(
        &self,
        row: &GameRow,
        seats: &[SeatRow],
        active: Option<Seat>,
        turn: i64,
    ) -> Res<Option<TimerRow>> {
        let Some(active) = active else {
            return Ok(None);
        };
        let Some(seat) = seats.get(active.index()).filter(|s| s.policy.is_none()) else {
            return Ok(None);
        };
        let now = self.clock.now();
        let who = self.who(&row.scope.platform, &seat.user_id).await?;
        Ok(Some(TimerRow {
            game: row.id,
            turn,
            seat: seat.seat,
            user_id: seat.user_id.clone(),
            waiting_since: now,
            reminders_sent: 0,
            next_reminder: Some(timers::next_reminder(
                now,
                row.timing.reminder_interval,
                &who,
            )),
            deadline_at: row
                .timing
                .deadline
                .map(|d| timers::deadline_at(now, d, &who)),
            stalled: false,
        }))
    }

    /// Recomputes a waiting turn's timers after its settings or its player's preferences
    /// changed (the count of reminders already sent is kept).
    pub(super) async fn refresh_timer(
        &self,
        t: &TimerRow,
        timing: &Timing,
        who: &timers::Who,
    ) -> Res<()> {
        let mut new = t.clone();
        if !t.stalled {
            let base = t.waiting_since + t.reminders_sent * timing.reminder_interval;
            new.next_reminder = Some(timers::next_reminder(base, timing.reminder_interval, who));
        }
        new.deadline_at = timing
            .deadline
            .map(|d| timers::deadline_at(t.waiting_since, d, who));
        self.store.update_timer(t, Some(&new)).await?;
        Ok(())
    }

    pub(super) async fn refresh_user_timers(&self, platform: &str, user_id: &str) -> Res<()> {
        let who = self.who(platform, user_id).await?;
        for t in self.store.timers_for_user(user_id).await? {
            if let Some(row) = self.store.game(t.game).await?
                && row.scope.platform == platform
            {
                self.refresh_timer(&t, &row.timing, &who).await?;
            }
        }
        Ok(())
    }

    /// The earliest pending reminder, deadline or owed post, for the scheduler.
    pub async fn next_due(&self) -> Option<i64> {
        let timers = self.store.next_due().await.ok().flatten();
        [timers, self.next_owed().await].into_iter().flatten().min()
    }

    /// Fires every reminder and deadline due at `now`; returns the messages to post.
    /// Each timer is updated (or the turn played) before its message is returned, and only
    /// if it is still as it was read, so a restart or a second scheduler never fires one
    /// twice.
    pub async fn fire_due(&self, now: i64) -> Vec<Outgoing> {
        let due = match self.store.due_timers(now).await {
            Ok(d) => d,
            Err(e) => {
                tracing::error!(error = %e, "reading due timers");
                return Vec::new();
            }
        };
        let mut out = Vec::new();
        for t in due {
            match self.fire(&t, now).await {
                Ok(Some(mut o)) => {
                    o.reply.names = self.names_in(None, [t.game]).await;
                    out.push(o)
                }
                Ok(None) => {}
                Err(ServiceError::User(e)) => tracing::debug!(game = %t.game, "timer skipped: {e}"),
                Err(ServiceError::Store(e)) => {
                    tracing::error!(game = %t.game, error = %e, "firing a timer")
                }
            }
        }
        out.extend(self.owed_posts(now).await);
        out
    }

    pub(super) async fn fire(&self, t: &TimerRow, now: i64) -> Res<Option<Outgoing>> {
        let slot = self.slot(t.game);
        let mut guard = slot.lock().await;
        let row = self
            .store
            .game(t.game)
            .await?
            .ok_or(ServiceError::User(UserError::NoGame))?;
        if self.store.timer(t.game).await?.as_ref() != Some(t) {
            return Ok(None);
        }
        if row.status != GameStatus::Running || row.turn != t.turn {
            self.store.update_timer(t, None).await?;
            return Ok(None);
        }
        let seats = self.store.seats(row.id).await?;
        let name = any_game_name(row.kind, row.id);
        let who_name = seats
            .get(usize::from(t.seat))
            .map(|s| s.display_name.clone())
            .unwrap_or_default();
        let mention = vec![Mention {
            user_id: t.user_id.clone(),
            name: who_name.clone(),
        }];
        let who = self.who(&row.scope.platform, &t.user_id).await?;
        let lang = self.chat_lang(&row.scope, Some(&row)).await;
        if let Some(deadline) = t.deadline_at.filter(|d| *d <= now) {
            let waited = timers::format_duration(deadline - t.waiting_since);
            return match row.timing.policy {
                // A game with an action for a missed deadline (Labscape's wait) plays it; in
                // the other games the deadline is announced.
                DeadlinePolicy::AutoWait => {
                    self.ensure_loaded(&row, &mut guard).await?;
                    let game = guard.as_ref().expect("loaded").game.clone();
                    if let Some(action) = crate::games::of(row.kind).deadline_action(&game) {
                        let story = vec![tr!(
                            lang,
                            "deadline-auto-wait",
                            who = who_name.as_str(),
                            waited = waited.as_str()
                        )];
                        let played = Played::told(story, Vec::new());
                        let reply = self
                            .play_for(
                                row.clone(),
                                seats,
                                &game,
                                t.seat,
                                &action,
                                played,
                                guard,
                                lang,
                            )
                            .await?;
                        return Ok(Some(Outgoing {
                            scope: row.scope.clone(),
                            reply,
                        }));
                    }
                    self.deadline_passed(t, &row, &name, &who_name, &waited, mention, lang)
                        .await
                }
                DeadlinePolicy::Advisory => {
                    self.deadline_passed(t, &row, &name, &who_name, &waited, mention, lang)
                        .await
                }
            };
        }
        if t.next_reminder.is_some_and(|r| r <= now) {
            let since = timers::format_time(t.waiting_since, who.tz, lang);
            if t.reminders_sent >= row.timing.reminder_limit {
                let new = TimerRow {
                    next_reminder: None,
                    stalled: true,
                    ..t.clone()
                };
                if !self.store.update_timer(t, Some(&new)).await? {
                    return Ok(None);
                }
                let mut reply = Reply::text(format!(
                    "{}\n{}",
                    crate::games::heading(&name, row.turn, lang),
                    tr!(
                        lang,
                        "game-stalled",
                        game = name.as_str(),
                        who = who_name.as_str(),
                        since = since.as_str(),
                        count = t.reminders_sent
                    )
                ));
                reply.mention = mention;
                reply.lang = lang;
                return Ok(Some(Outgoing {
                    scope: row.scope.clone(),
                    reply,
                }));
            }
            let sent = t.reminders_sent + 1;
            let new = TimerRow {
                reminders_sent: sent,
                next_reminder: Some(timers::next_reminder(
                    now,
                    row.timing.reminder_interval,
                    &who,
                )),
                ..t.clone()
            };
            if !self.store.update_timer(t, Some(&new)).await? {
                return Ok(None);
            }
            let mut reply = Reply::text(format!(
                "{}\n{}",
                crate::games::heading(&name, row.turn, lang),
                tr!(
                    lang,
                    "reminder",
                    who = who_name.as_str(),
                    since = since.as_str(),
                    sent = sent,
                    limit = row.timing.reminder_limit
                )
            ));
            reply.mention = mention;
            reply.lang = lang;
            reply.buttons = vec![vec![Button::new(
                tr!(lang, "button-snooze", hours = SNOOZE / 3600),
                "snooze",
            )]];
            reply.turn = Some((row.id, row.turn));
            return Ok(Some(Outgoing {
                scope: row.scope.clone(),
                reply,
            }));
        }
        Ok(None)
    }

    /// A deadline passed in a game that plays nothing for it: said once, with a mention;
    /// the reminders go on.
    #[allow(clippy::too_many_arguments)]
    async fn deadline_passed(
        &self,
        t: &TimerRow,
        row: &GameRow,
        name: &str,
        who_name: &str,
        waited: &str,
        mention: Vec<Mention>,
        lang: crate::i18n::Lang,
    ) -> Res<Option<Outgoing>> {
        let new = TimerRow {
            deadline_at: None,
            ..t.clone()
        };
        if !self.store.update_timer(t, Some(&new)).await? {
            return Ok(None);
        }
        let mut reply = Reply::text(format!(
            "{}\n{}",
            crate::games::heading(name, row.turn, lang),
            tr!(lang, "deadline-passed", who = who_name, waited = waited)
        ));
        reply.mention = mention;
        reply.lang = lang;
        Ok(Some(Outgoing {
            scope: row.scope.clone(),
            reply,
        }))
    }
}
