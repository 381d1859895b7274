//! A turn of any game, written once: what the player typed read and played on the cached
//! position (`game_cache.rs`), the turn committed in one transaction, the computer players,
//! the reply (made per reader in `posts.rs`), and the final replay when the game ends.
//! The same tail serves `/start`, a button press and a deadline's automatic action. What
//! is particular to a game (its words, buttons, image, results) is asked of `games`.

use labscape_core::{AnyAction, AnyEvent, AnyGame, AnyRefusal, Audience, GameKind, Seat};

use super::read_turn::{read_turn, with_refused_rest};
use super::{
    Ctx, Reply, Res, SNAPSHOT_EVERY, Service, ServiceError, Visibility, any_game_name, audience,
    corrupt, messages::UserError,
};
use crate::{
    games,
    i18n::{Lang, tr},
    store::{
        ActionRow, GameRow, GameStatus, GameStore, MessageKey, ResultRow, SeatRow, StoreError,
        TurnWrite,
    },
};

/// What one reply tells: lines before any action (a game's start, a deadline) with their
/// events, then the actions played, each told to every audience as it may learn it
/// (`audience.rs`).
#[derive(Default)]
pub(super) struct Played {
    intro: Vec<String>,
    intro_events: Vec<AnyEvent>,
    steps: Vec<audience::Step>,
}

impl Played {
    /// A reply that starts with `story` (a game's start, a deadline) and tells no action
    /// yet.
    pub(super) fn told(story: Vec<String>, events: Vec<AnyEvent>) -> Played {
        Played {
            intro: story,
            intro_events: events,
            steps: Vec::new(),
        }
    }

    /// `seat` played `action` from `before` to `after`.
    fn push(
        &mut self,
        before: &AnyGame,
        after: &AnyGame,
        seat: u8,
        action: &AnyAction,
        events: &[AnyEvent],
    ) {
        self.steps.push(audience::Step::new(
            before,
            after,
            Seat(seat),
            action,
            events,
        ));
    }

    /// Whether it tells nothing (a `/status`, an owed post).
    pub(super) fn tells_nothing(&self) -> bool {
        self.steps.is_empty() && self.intro_events.is_empty()
    }

    /// The story in words, as `audience` may read it.
    pub(super) fn story(
        &self,
        kind: GameKind,
        names: &[String],
        audience: Audience,
        lang: Lang,
    ) -> Vec<String> {
        let module = games::of(kind);
        let mut lines = self.intro.clone();
        for step in &self.steps {
            let (action, events) = step.seen_by(audience);
            lines.extend(match action {
                Some(a) => module.describe(names, step.seat(), a, &events, lang),
                None => module.describe_hidden(names, step.seat(), &events, lang),
            });
        }
        lines
    }

    /// Whether `audience` may learn more of it than the group (what it explored, what
    /// was stolen from it).
    pub(super) fn tells_more(&self, audience: Audience) -> bool {
        self.seen_by(audience) != self.seen_by(Audience::Public)
    }

    /// The actions `audience` may learn, and every event as it may learn it, in order.
    pub(super) fn seen_by(&self, audience: Audience) -> (Vec<AnyAction>, Vec<AnyEvent>) {
        let mut actions = Vec::new();
        let mut events = self.intro_events.clone();
        for step in &self.steps {
            let (action, seen) = step.seen_by(audience);
            actions.extend(action.cloned());
            events.extend(seen);
        }
        (actions, events)
    }
}

pub(super) fn names(seats: &[SeatRow]) -> Vec<String> {
    seats.iter().map(|s| s.display_name.clone()).collect()
}

impl<S: GameStore> Service<S> {
    /// A turn: `text` read as the chat reads it, for the seat of the user who sent it.
    /// `expected` is the turn a button was pressed at; `key` the delivery, recorded with
    /// the turn so a retried message applies once.
    pub(super) async fn play(
        &self,
        ctx: &Ctx,
        text: &str,
        expected: Option<i64>,
        key: Option<MessageKey>,
    ) -> Res<Reply> {
        let row = self.game_for(ctx).await?;
        if text.trim().is_empty() {
            return Err(UserError::EmptyAction.into());
        }
        self.play_on(ctx, row, text, expected, key).await
    }

    /// [`Service::play`] on the chat's live game `row`, read by the caller.
    pub(super) async fn play_on(
        &self,
        ctx: &Ctx,
        row: GameRow,
        text: &str,
        expected: Option<i64>,
        key: Option<MessageKey>,
    ) -> Res<Reply> {
        if row.status == GameStatus::Lobby {
            return Err(UserError::NotStarted.into());
        }
        let slot = self.slot(row.id);
        let mut guard = slot.lock().await;
        let mut row = self.locked_row(row, &guard).await?;
        let seats = self.seats_at(&row, &guard).await?;
        let seat = seats
            .iter()
            .find(|s| s.user_id == ctx.user_id)
            .ok_or(ServiceError::User(UserError::NotSeated))?
            .clone();
        if row.status != GameStatus::Running {
            return Err(UserError::NoGame.into());
        }
        if expected.is_some_and(|t| t != row.turn) {
            return Err(UserError::MovedOn.into());
        }
        self.load_with(&row, seats.clone(), &mut guard).await?;
        let game = guard.as_ref().expect("loaded").game.clone();
        let me = Seat(seat.seat);
        let refused = |e| ServiceError::User(UserError::Refused(e));
        let module = games::of(row.kind);
        // The chat's words for the notation's (`north` for `n`), before anything reads it.
        let text = &*module.chat_words(text);
        // A player who plays in private acts only where nobody else reads: what they
        // typed in the group is not applied, and not repeated.
        let in_private = audience::plays_in_private(&game, me);
        if in_private && !ctx.private {
            return Err(UserError::PlayInPrivate.into());
        }
        if let Some(owner) = other_games_verb(row.kind, text)
            && game.read_chat(text).is_err()
        {
            game.check_turn(Some(me)).map_err(refused)?;
            return Err(UserError::OtherGamesVerb {
                game: any_game_name(row.kind, row.id),
                owner: owner.name(),
            }
            .into());
        }
        if module.profile().two_step_buttons
            && let Some(key) = games::pick_key(text)
        {
            game.check_turn(Some(me)).map_err(refused)?;
            return self.pick_reply(ctx, &row, &game, key).await;
        }
        let lang_here = self.lang_for(ctx).await;
        if let Some((sentence, buttons)) = module.choices(&game, me, text, lang_here) {
            let mut reply = Reply::private(sentence);
            reply.buttons = buttons;
            reply.turn = Some((row.id, row.turn));
            reply.lang = lang_here;
            reply.again = Some(text.trim().to_string());
            return Ok(reply);
        }
        let (steps, stopped) = read_turn(&game, me, text)?;
        let lang = self.chat_lang(&row.scope, Some(&row)).await;
        let mut played = Played::default();
        let mut before = &game;
        for (action, after, events) in &steps {
            played.push(before, after, seat.seat, action, events);
            before = after;
        }
        // Emptied until the turn is through: a turn that fails half-way is read again.
        *guard = None;
        if let Some((_, last, _)) = steps.last() {
            // Every action of the message in one transaction, with the delivery, so a
            // retried message applies once and a crash keeps all of it or none.
            let end = Commit {
                next: last,
                actions: steps.iter().map(|(a, _, e)| (a, e.as_slice())).collect(),
                seat: seat.seat,
                sender: &ctx.user_id,
                automatic: false,
                message: key,
            };
            self.commit(&mut row, &seats, end).await?;
        }
        let next = steps.last().map_or(game, |(_, g, _)| g.clone());
        let answer = Answer::to(ctx, &row, me, in_private, module.profile().public_actions);
        let me_seat = seat.clone();
        let scope = row.scope.clone();
        let reply = self
            .finish_turn(row, seats, next, played, guard, answer, lang)
            .await?;
        Ok(match stopped {
            Some(e) => with_refused_rest(reply, &me_seat, scope, e.message(lang_here)),
            None => reply,
        })
    }

    /// The tail of every turn: the computer players, the cache refilled, the reply, the
    /// final replay and rating when the game is over. `answer`: whether the player who
    /// acted is answered alone (the group's post goes beside their answer).
    #[allow(clippy::too_many_arguments)]
    pub(super) async fn finish_turn(
        &self,
        mut row: GameRow,
        seats: Vec<SeatRow>,
        game: AnyGame,
        mut played: Played,
        mut guard: tokio::sync::MutexGuard<'_, Option<super::Loaded>>,
        answer: Answer,
        lang: Lang,
    ) -> Res<Reply> {
        *guard = None;
        let game = self
            .run_computers(&mut row, &seats, game, &mut played)
            .await?;
        *guard = Some(super::Loaded {
            turn: row.turn,
            game: game.clone(),
            seats: seats.clone(),
        });
        drop(guard);
        let mut reply = self.turn_reply(&row, &seats, &game, &played, lang).await;
        reply.whispers = self.prompts(&row, &seats, &game, &played, lang).await;
        self.attach_final_replay(&row, &seats, &mut reply).await;
        let whispered = |me: Seat| {
            let id = seats.get(me.index()).map(|s| s.user_id.as_str());
            reply
                .whispers
                .iter()
                .any(|w| Some(w.to.user_id.as_str()) == id)
        };
        let alone = match answer {
            Answer::Alone(me) => Some(me),
            Answer::Mine(me) => whispered(me).then_some(me),
            Answer::Group => None,
        };
        if let Some(me) = alone {
            reply = self
                .answered_in_private(&row, &seats, &game, &played, me, reply, lang)
                .await;
        }
        if game.is_over()
            && let Err(e) = self.rate_game(row.id).await
        {
            // Rated later, before the next leaderboard is shown.
            tracing::warn!(game = %row.id, "rating a finished game: {e:?}");
        }
        Ok(reply)
    }

    /// The second step of a two-step choice: the actions of one piece (or column), as
    /// buttons for the asker alone; nothing changes.
    /// In a game with secrets the choices come from the whole position, a hand's among
    /// them ("use ring"): unless the public view offers the very same, the answer, or its
    /// refusal, is the asker's alone, so that neither tells the others what the hand holds.
    async fn pick_reply(&self, ctx: &Ctx, row: &GameRow, game: &AnyGame, key: &str) -> Res<Reply> {
        let module = games::of(row.kind);
        let picked = module.pick(game, key);
        let public = !game.has_secrets() || {
            let seen = module.pick(&audience::shown(game, Audience::Public), key);
            seen.is_some() && seen == picked
        };
        let lang = self.lang_for(ctx).await;
        let visibility = if public {
            Visibility::Private
        } else {
            Visibility::Secret
        };
        let Some(buttons) = picked else {
            let refused = UserError::Refused(
                game.parse_action(key)
                    .err()
                    .unwrap_or(AnyRefusal::OtherGame),
            );
            if public {
                return Err(refused.into());
            }
            return Ok(Reply {
                lang,
                visibility,
                ..Reply::text(refused.message(lang))
            });
        };
        let mut reply = Reply::text(tr!(lang, "any-pick", from = key));
        reply.visibility = visibility;
        reply.lang = lang;
        reply.buttons = buttons;
        reply.turn = Some((row.id, row.turn));
        Ok(reply)
    }

    /// Commits one action, or a message's several, in one transaction: the actions, a
    /// snapshot when due, the next turn's timers, and every seat's result when it ends the
    /// game (read from the whole history then: Labscape counts its catches in it).
    async fn commit(&self, row: &mut GameRow, seats: &[SeatRow], c: Commit<'_>) -> Res<()> {
        let new_turn = row.turn + c.actions.len() as i64;
        let over = c.next.is_over();
        let results = if over {
            let (_, steps) = self.any_steps_from(row, 0).await?;
            let mut history: Vec<Vec<AnyEvent>> = steps.into_iter().map(|s| s.events).collect();
            history.extend(c.actions.iter().map(|(_, events)| events.to_vec()));
            results(seats, &games::of(row.kind).results(c.next, &history))
        } else {
            Vec::new()
        };
        let status = if over {
            GameStatus::Over
        } else {
            GameStatus::Running
        };
        let at = self.clock.now();
        let mut rows = c.actions.iter().map(|(action, _)| ActionRow {
            seq: 0,
            seat: c.seat,
            action: action.to_string(),
            sender: c.sender.to_string(),
            automatic: c.automatic,
            at,
        });
        let Some(first) = rows.next() else {
            return Ok(());
        };
        let snapshot_due = (row.turn + 1..=new_turn).any(|t| t % SNAPSHOT_EVERY == 0);
        let write = TurnWrite {
            game: row.id,
            expected_turn: row.turn,
            action: first,
            more: rows.collect(),
            snapshot: (snapshot_due || over).then(|| doc_json(c.next)),
            status,
            message: c.message,
            timer: self
                .timer_for_seat(row, seats, c.next.to_move().filter(|_| !over), new_turn)
                .await?,
            results,
        };
        self.store.append_turn(&write).await?;
        row.turn = new_turn;
        row.status = status;
        Ok(())
    }

    /// Plays an action the service decided (a deadline's), for `seat`, through the same
    /// record; the caller holds the game's lock and tells the story so far.
    #[allow(clippy::too_many_arguments)]
    pub(super) async fn play_for(
        &self,
        mut row: GameRow,
        seats: Vec<SeatRow>,
        game: &AnyGame,
        seat: u8,
        action: &AnyAction,
        mut played: Played,
        guard: tokio::sync::MutexGuard<'_, Option<super::Loaded>>,
        lang: Lang,
    ) -> Res<Reply> {
        let (next, events) = game
            .play(Seat(seat), action)
            .map_err(|e| corrupt(row.id, format!("automatic {action}: {e}")))?;
        played.push(game, &next, seat, action, &events);
        let c = Commit {
            next: &next,
            actions: vec![(action, &events)],
            seat,
            sender: "scheduler",
            automatic: true,
            message: None,
        };
        self.commit(&mut row, &seats, c).await?;
        self.finish_turn(row, seats, next, played, guard, Answer::Group, lang)
            .await
    }

    /// Computer players act as soon as it is their turn, through the same record; each
    /// draws from the game's seed and the turn number, so a replay chooses the same.
    async fn run_computers(
        &self,
        row: &mut GameRow,
        seats: &[SeatRow],
        mut game: AnyGame,
        played: &mut Played,
    ) -> Res<AnyGame> {
        for _ in 0..2000 {
            let Some(active) = game.to_move() else {
                break;
            };
            let Some(seat) = seats.get(active.index()) else {
                break;
            };
            let Some(policy) = seat.policy.as_deref() else {
                break;
            };
            crate::crash_point::reached(crate::crash_point::CrashPoint::BeforeComputers).await;
            let Some(action) = game.choose(policy, &format!("{}/computer/{}", row.seed, row.turn))
            else {
                break;
            };
            let (next, events) = game
                .play(active, &action)
                .map_err(|e| corrupt(row.id, format!("computer player chose {action}: {e}")))?;
            let c = Commit {
                next: &next,
                actions: vec![(&action, &events)],
                seat: seat.seat,
                sender: &seat.user_id,
                automatic: true,
                message: None,
            };
            match self.commit(row, seats, c).await {
                Ok(()) => {}
                // Another process played on first (it found this game stuck, or a player
                // acted there): the game is read as it now stands, and told as such.
                Err(ServiceError::Store(StoreError::Conflict)) => {
                    *row = self
                        .store
                        .game(row.id)
                        .await?
                        .ok_or(ServiceError::User(UserError::NoGame))?;
                    return self.load_any(row).await;
                }
                Err(e) => return Err(e),
            }
            played.push(&game, &next, seat.seat, &action, &events);
            game = next;
        }
        Ok(game)
    }
}

/// Whom a turn's reply answers.
#[derive(Clone, Copy, Debug)]
pub(super) enum Answer {
    /// The group: the reply is its post (whispers aside).
    Group,
    /// The player in this seat, alone, with their own view; the group's post goes to the
    /// game's chat beside it (a turn played in private, or from a private chat).
    Alone(Seat),
    /// The player in this seat, alone, when the turn tells them more than the group (a
    /// game whose actions are public: what they explored, their hand); the group otherwise.
    Mine(Seat),
}

impl Answer {
    /// Whom the turn `me` played from `ctx` answers: a player who plays in private, or
    /// who acted from another chat than the game's, alone; in a game whose actions are
    /// public, a player an answer can reach alone, when it tells them more.
    fn to(ctx: &Ctx, row: &GameRow, me: Seat, in_private: bool, public_actions: bool) -> Answer {
        if in_private || (public_actions && ctx.scope != row.scope) {
            Answer::Alone(me)
        } else if public_actions && ctx.private {
            Answer::Mine(me)
        } else {
            Answer::Group
        }
    }
}

/// What to commit: one action, or the several one message played, each with its events,
/// and the position after the last.
struct Commit<'a> {
    next: &'a AnyGame,
    actions: Vec<(&'a AnyAction, &'a [AnyEvent])>,
    seat: u8,
    sender: &'a str,
    automatic: bool,
    message: Option<MessageKey>,
}

/// A step of a turn: the action, the position after it, its events.
pub(super) type Step = (AnyAction, AnyGame, Vec<AnyEvent>);

/// A game's position document as stored.
pub(super) fn doc_json(game: &AnyGame) -> String {
    serde_json::to_string(game).expect("positions serialise")
}

/// The game whose own verb `text` begins with, when it is not the chat's game (`kind`):
/// `/move` in a chat playing Avanço is Labscape's.
fn other_games_verb(kind: GameKind, text: &str) -> Option<GameKind> {
    let verb = text.split_whitespace().next()?.to_ascii_lowercase();
    if games::of(kind).verbs().contains(&verb.as_str()) {
        return None;
    }
    GameKind::ALL
        .iter()
        .copied()
        .find(|k| games::of(*k).verbs().contains(&verb.as_str()))
}

/// Every seat's result for the store, from the game's placings.
fn results(seats: &[SeatRow], placings: &[games::Placement]) -> Vec<ResultRow> {
    placings
        .iter()
        .filter_map(|p| {
            let s = seats.get(usize::from(p.seat))?;
            Some(ResultRow {
                seat: s.seat,
                user_id: s.user_id.clone(),
                display_name: s.display_name.clone(),
                computer: s.policy.is_some(),
                rank: p.rank,
                finish: p.finish.clone(),
                extra: p.extra.clone(),
            })
        })
        .collect()
}
