//! `/log` and `/recap`: the game's actions told, for the asker alone.

use labscape_core::{AnyAction, AnyEvent, AnyGame, Audience, Outcome, game::parse_options};

use super::{
    Ctx, GameRow, GameStatus, GameStore, Reply, Res, Seat, Service, ServiceError, UserError,
    Visibility, any_game_name, audience, corrupt, read_back, tr,
    turns::{Played, names as display_names},
};
use crate::games::{self};

impl<S: GameStore> Service<S> {
    /// `/log [n]`: the last `n` actions, each told; for the asker alone.
    pub(super) async fn log(&self, ctx: &Ctx, n: usize) -> Res<Reply> {
        let row = self.live_or_last(&ctx.scope).await?;
        if row.status == GameStatus::Lobby {
            return Err(UserError::NotStarted.into());
        }
        let seats = self.store.seats(row.id).await?;
        let names = display_names(&seats);
        let (first, steps) = self.any_steps_from(&row, 0).await?;
        let lang = self.lang_for(ctx).await;
        let start = steps.len().saturating_sub(n);
        let mut text = tr!(
            lang,
            "log-heading",
            game = any_game_name(row.kind, row.id),
            count = steps.len() - start
        );
        for (i, s) in steps.iter().enumerate().skip(start) {
            let auto = read_back::automatic_note(&s.row, lang);
            let before = i.checked_sub(1).map_or(&first, |j| &steps[j].game);
            let (action, events) = seen(&row, before, s);
            // The action that ended the game says so, as its post did.
            let outcome = s.game.outcome().filter(|_| !before.is_over());
            text.push('\n');
            text.push_str(&games::of(row.kind).log_line(
                &told(s, action, &events, &auto, outcome.as_ref()),
                &names,
                lang,
            ));
        }
        if steps.is_empty() {
            text.push('\n');
            text.push_str(&tr!(lang, "log-empty"));
        }
        // A game ended early ends its log with how: no action of its says it.
        let last = steps.last().map_or(&first, |s| &s.game);
        if let Some(end) = self.early_end(&row, last).await? {
            text.push('\n');
            text.push_str(&end.line(lang));
        }
        Ok(Reply::private(text))
    }

    /// `/recap`: what happened since the asker's last action (from the start if they have
    /// not played yet), then who is next; for the asker alone.
    pub(super) async fn recap(&self, ctx: &Ctx) -> Res<Reply> {
        let row = self.live_or_last(&ctx.scope).await?;
        if row.status == GameStatus::Lobby {
            return Err(UserError::NotStarted.into());
        }
        let seats = self.store.seats(row.id).await?;
        let me = seats
            .iter()
            .find(|s| s.user_id == ctx.user_id)
            .ok_or(ServiceError::User(UserError::NotSeated))?;
        let (start, steps) = self.any_steps_from(&row, 0).await?;
        let since = steps
            .iter()
            .rposition(|s| s.row.seat == me.seat)
            .map_or(0, |i| i + 1);
        let names = display_names(&seats);
        let lang = self.lang_for(ctx).await;
        let title = any_game_name(row.kind, row.id);
        let mut text = tr!(lang, "recap-since", game = title.as_str());
        if since == 0 {
            text = tr!(lang, "recap-all", game = title.as_str());
            let setup = setup_events(&row, &names)?;
            for line in games::of(row.kind).setup_story(&setup, &names, lang) {
                text.push('\n');
                text.push_str(&line);
            }
        }
        for (i, s) in steps.iter().enumerate().skip(since) {
            let auto = read_back::automatic_note(&s.row, lang);
            let before = i.checked_sub(1).map_or(&start, |j| &steps[j].game);
            let (action, events) = seen(&row, before, s);
            // The action that ended the game says so, as in `/log`.
            let outcome = s.game.outcome().filter(|_| !before.is_over());
            text.push('\n');
            text.push_str(&games::of(row.kind).recap_line(
                &told(s, action, &events, &auto, outcome.as_ref()),
                &names,
                lang,
            ));
        }
        if since == steps.len() && since > 0 {
            text.push('\n');
            text.push_str(&tr!(lang, "recap-nothing"));
        }
        // The position the steps told lead to: no second read of the game.
        let game = steps.last().map_or(start, |s| s.game.clone());
        let mut reply = self
            .turn_reply(&row, &seats, &game, &Played::default(), lang)
            .await;
        let shown = audience::shown(&game, PUBLIC);
        // Ended early (abandoned, resigned, drawn), the position still names a player to
        // move: say how it ended, as `/status` does.
        let tail = match self.early_end(&row, &game).await? {
            Some(end) => end.line(lang),
            None => games::of(row.kind).recap_tail(&shown, &title, row.turn, &names, lang),
        };
        reply.text = format!("{text}\n{tail}");
        reply.visibility = Visibility::Private;
        reply.mention.clear();
        reply.posts_turn = None;
        reply.buttons.clear();
        Ok(reply)
    }
}

/// `/log` and `/recap` tell what the public may learn, whoever asks: their answer may be
/// read in the group (Telegram has no private answers there); once the game has ended,
/// all of it ([`seen`]).
const PUBLIC: Audience = Audience::Public;

/// What `/log` and `/recap` tell of step `s` of `row`'s game, played from `before`: while
/// the game goes on, what the public may learn of it; once it has ended (finished or
/// abandoned), nothing is secret any more (every view is then the whole position, and
/// `/export` gives the record) and the step is told whole: the architect's far hedges and
/// passes by name.
fn seen<'s>(
    row: &GameRow,
    before: &AnyGame,
    s: &'s read_back::Step,
) -> (Option<&'s AnyAction>, Vec<AnyEvent>) {
    if row.status.has_ended() {
        return (Some(&s.action), s.events.clone());
    }
    audience::seen(before, &s.game, &s.action, &s.events, PUBLIC)
}

/// A stored step as `/log` and `/recap` tell it: its action (`None`: masked) and events as
/// the public may learn them.
fn told<'s>(
    s: &'s read_back::Step,
    action: Option<&'s AnyAction>,
    events: &'s [AnyEvent],
    auto: &'s str,
    outcome: Option<&'s Outcome>,
) -> games::Told<'s> {
    games::Told {
        seq: s.row.seq,
        seat: Seat(s.row.seat),
        action,
        events,
        auto,
        outcome,
    }
}

/// What the game's set-up drew (its start, replayed from the seed).
fn setup_events(row: &GameRow, names: &[String]) -> Res<Vec<AnyEvent>> {
    let options = parse_options(&row.settings).map_err(|e| corrupt(row.id, e))?;
    AnyGame::new_game(row.kind, &options, names, &row.seed)
        .map(|(_, events)| events)
        .map_err(|e| corrupt(row.id, e))
}

#[cfg(test)]
mod tests {
    use crate::app::{
        Ctx, Visibility,
        tests::{ctx, say, service},
    };

    /// The last line of `/log` of a finished game says how it ended, as the game's last
    /// post did: every game whose story does not tell its end itself.
    #[tokio::test]
    async fn the_log_of_a_finished_game_ends_with_how_it_ended() {
        let s = service().await;
        say(&s, "ana", "/new semaforo").await;
        say(&s, "bo", "/join").await;
        let mut r = say(&s, "ana", "/start").await;
        while let Some(next) = r.mention.first().map(|m| m.user_id.clone()) {
            let action = r.quick().next().expect("a button").payload.clone();
            r = say(&s, &next, &format!("/play {action}")).await;
        }
        assert!(r.text.contains("Game over"), "{}", r.text);
        let log = say(&s, "bo", "/log 2").await;
        assert_eq!(log.visibility, Visibility::Private);
        let lines: Vec<&str> = log.text.lines().collect();
        assert!(lines[2].contains("Game over"), "{}", log.text);
        assert!(!lines[1].contains("Game over"), "{}", log.text);
        // `/recap` tells the last action with the end it made, as `/log` does (to the
        // player who did not make it: the other has nothing new).
        let mut recaps = Vec::new();
        for who in ["ana", "bo"] {
            recaps.push(say(&s, who, "/recap").await.text);
        }
        let ends = |t: &String| {
            t.lines()
                .rfind(|l| l.starts_with('#'))
                .is_some_and(|l| l.contains("Game over"))
        };
        assert!(recaps.iter().any(ends), "{recaps:?}");
    }

    /// Skarb without the map: while it runs, `/log` tells the architect's far hedge and his
    /// passes only as "The architect has played."; once it has ended, nothing is secret and
    /// it tells what he did.
    #[tokio::test]
    async fn the_log_keeps_the_architects_secrets_until_the_end_and_then_tells_them() {
        let s = service().await;
        say(&s, "ana", "/new skarb size=5 map=no").await;
        say(&s, "bo", "/join").await;
        say(&s, "ana", "/start").await;
        let ana = Ctx {
            private: true,
            ..ctx("ana")
        };
        // A hedge on a1, far from the seeker on e1; then passes while bo walks to a5.
        let steps = ["n", "n", "n", "n", "w", "w", "w", "w"];
        for (i, step) in steps.iter().enumerate() {
            let planted = if i == 0 { "a1" } else { "pass" };
            let r = s.handle_line(&ana, &format!("/play {planted}")).await;
            s.posted(&r).await;
            if i == 2 {
                for who in ["bo", "cy", "ana"] {
                    let log = say(&s, who, "/log 100").await;
                    assert!(
                        log.text.contains("The architect has played."),
                        "{}",
                        log.text
                    );
                    let words: Vec<&str> = log.text.split(|c: char| !c.is_alphanumeric()).collect();
                    assert!(
                        !words.contains(&"a1"),
                        "the hedge reached {who}: {}",
                        log.text
                    );
                    assert!(!log.text.to_lowercase().contains("pass"), "{}", log.text);
                }
            }
            say(&s, "bo", &format!("/play {step}")).await;
        }
        let status = say(&s, "cy", "/status").await;
        assert!(status.text.contains("has ended"), "{}", status.text);
        let log = say(&s, "cy", "/log 100").await;
        assert!(
            !log.text.contains("The architect has played."),
            "{}",
            log.text
        );
        let words: Vec<&str> = log.text.split(|c: char| !c.is_alphanumeric()).collect();
        assert!(words.contains(&"a1"), "the hedge is told: {}", log.text);
    }
}
