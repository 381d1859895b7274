//! Every game other than Labscape, through the one game contract (`labscape_core::AnyGame`):
//! the lobby's options, the start, a turn (read forgivingly, played, committed in one
//! transaction, then the computer players), and the status. Labscape keeps its own path
//! (`mod.rs`) until it moves onto this one.
//!
//! A game is loaded from its latest snapshot plus the actions after it, like Labscape's;
//! the turn's tail — commit, computer players, reply — is written once, here.

use labscape_core::{AnyAction, AnyGame, GameKind, Seat, game::parse_options};

use super::{
    Ctx, Mention, NewOptions, Reply, Res, SNAPSHOT_EVERY, Service, ServiceError, Visibility,
    cap_name, messages::UserError,
};
use crate::{
    games::{self, BoardPicture},
    i18n::{Lang, tr},
    store::{
        ActionRow, GameId, GameRow, GameStatus, GameStore, MessageKey, NewGame, ResultRow, SeatRow,
        StoreError, TurnWrite,
    },
};

/// The display name of a game of `kind`.
pub fn any_game_name(kind: GameKind, id: GameId) -> String {
    format!("{} #{id}", kind.name())
}

fn corrupt(row: &GameRow, what: impl std::fmt::Display) -> ServiceError {
    ServiceError::Store(StoreError::Corrupt(format!("game {}: {what}", row.id)))
}

fn names(seats: &[SeatRow]) -> Vec<String> {
    seats.iter().map(|s| s.display_name.clone()).collect()
}

/// What one turn did, for the story and the image.
#[derive(Default)]
pub(super) struct Played {
    actions: Vec<AnyAction>,
    story: Vec<String>,
}

impl<S: GameStore> Service<S> {
    /// `/new GAME [KEY=VALUE…] [seats] [first|second|random] [@someone]` for a game other
    /// than Labscape: a lobby, or a challenge to one person.
    pub(super) async fn new_any_lobby(
        &self,
        ctx: &Ctx,
        kind: GameKind,
        o: &NewOptions,
    ) -> Res<Reply> {
        let (options, players) = (&o.options, o.players);
        let settings = kind
            .settings_text(options)
            .map_err(|e| ServiceError::User(UserError::GameOption(e)))?;
        let seats = kind
            .seats(&settings)
            .map_err(|e| ServiceError::User(UserError::GameOption(e)))?;
        let max = match players {
            None => *seats.end(),
            Some(n) if seats.contains(&usize::from(n)) => usize::from(n),
            Some(n) => return Err(UserError::Full(n).into()),
        };
        let seed = self.seed.clone().unwrap_or_else(crate::random_seed);
        let creator_lang = self.own_lang(ctx).await;
        let new = NewGame {
            scope: ctx.scope.clone(),
            name: String::new(),
            kind,
            settings: settings.clone(),
            max_players: u8::try_from(max).unwrap_or(8),
            seed_hash: labscape_core::commitment(&seed),
            seed,
            creator: ctx.user_id.clone(),
            now: self.clock.now(),
            language: creator_lang.map(|l| l.tag().into()),
            invited: o.opponent.as_ref().map(|i| i.id.clone()),
            creator_side: o.side.clone(),
        };
        let seat = SeatRow {
            seat: 0,
            user_id: ctx.user_id.clone(),
            display_name: cap_name(&ctx.user_name),
            policy: None,
        };
        let id = match self.store.create_game(&new, &seat).await {
            Err(StoreError::ScopeBusy) => {
                let row = self.live(&ctx.scope).await?;
                return Err(UserError::GameHere(any_game_name(row.kind, row.id)).into());
            }
            r => r?,
        };
        let lang = self
            .chat_default(&ctx.scope)
            .await
            .or(creator_lang)
            .unwrap_or_default();
        let mut text = match &o.opponent {
            None => tr!(
                lang,
                "any-lobby-open",
                who = seat.display_name.as_str(),
                game = any_game_name(kind, id),
                options = options_text(&settings),
                max = max
            ),
            Some(opponent) => tr!(
                lang,
                "any-challenge",
                who = seat.display_name.as_str(),
                opponent = opponent.name.as_str(),
                game = any_game_name(kind, id),
                options = options_text(&settings)
            ),
        };
        if let Some(side) = &o.side {
            text.push(' ');
            let who = seat.display_name.as_str();
            text.push_str(&match side.as_str() {
                "second" => tr!(lang, "any-side-second", who = who),
                "random" => tr!(lang, "any-side-random"),
                _ => tr!(lang, "any-side-first", who = who),
            });
        }
        Ok(Reply::text(text))
    }

    /// `/status` of a lobby of a game other than Labscape.
    pub(super) async fn any_lobby_status(&self, row: &GameRow, lang: Lang) -> Res<Reply> {
        let seats = self.store.seats(row.id).await?;
        Ok(Reply::private(tr!(
            lang,
            "any-lobby-status",
            game = any_game_name(row.kind, row.id),
            options = options_text(&row.settings),
            taken = seats.len(),
            max = row.max_players,
            seats = names(&seats).join(", ")
        )))
    }

    /// `/start` of a game other than Labscape.
    pub(super) async fn start_any(&self, ctx: &Ctx, row: GameRow) -> Res<Reply> {
        let mut seats = self.store.seats(row.id).await?;
        if let Some(order) = seat_order(&row, &seats) {
            self.store.reseat(row.id, &order).await?;
            seats = self.store.seats(row.id).await?;
        }
        let options = parse_options(&row.settings).map_err(|e| corrupt(&row, e))?;
        let (game, _events) = AnyGame::new_game(row.kind, &options, &names(&seats), &row.seed)
            .map_err(|e| match e {
                labscape_core::NewAnyError::Settings(e) => corrupt(&row, e),
                labscape_core::NewAnyError::Players(e) => {
                    ServiceError::User(UserError::BadOption(super::OptionProblem::CannotStart(e)))
                }
            })?;
        let slot = self.slot(row.id);
        let _guard = slot.lock().await;
        let timer = self.timer_for_seat(&row, &seats, game.to_move(), 0).await?;
        self.store
            .start_game(row.id, &doc_json(&game), timer.as_ref(), self.clock.now())
            .await?;
        let mut row = row;
        row.status = GameStatus::Running;
        let lang = self.chat_lang(&ctx.scope, Some(&row)).await;
        let mut played = Played {
            actions: Vec::new(),
            story: vec![tr!(
                lang,
                "any-game-begins",
                game = any_game_name(row.kind, row.id),
                players = names(&seats).join(", ")
            )],
        };
        let game = self
            .run_any_computers(&mut row, &seats, game, &mut played, lang)
            .await?;
        Ok(self.any_turn_reply(&row, &seats, &game, played, lang).await)
    }

    /// A turn of a game other than Labscape: `text` read as the chat reads it, for the
    /// seat of the user who sent it.
    pub(super) async fn play_any(
        &self,
        ctx: &Ctx,
        row: GameRow,
        text: &str,
        expected: Option<i64>,
        key: Option<MessageKey>,
    ) -> Res<Reply> {
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
        game.check_turn(Some(me)).map_err(refused)?;
        let verb = text.split_whitespace().next().unwrap_or_default();
        if super::command::is_labscape_verb(verb) && game.read_chat(text).is_err() {
            return Err(UserError::LabscapeOnly(any_game_name(row.kind, row.id)).into());
        }
        if let Some(key) = text
            .strip_prefix(games::PICK)
            .and_then(|rest| rest.strip_prefix(' '))
        {
            return self.pick_reply(ctx, &row, &game, key.trim()).await;
        }
        let steps = read_turn(&game, me, text)?;
        let lang = self.chat_lang(&row.scope, Some(&row)).await;
        let mut played = Played::default();
        let mut key = key;
        // Emptied until the turn is through: a turn that fails half-way is read again.
        *guard = None;
        for (action, next, events) in &steps {
            played
                .story
                .extend(games::describe(&seat.display_name, action, events, lang));
            played.actions.push(action.clone());
            // The delivery is recorded with the first action, so a retried message
            // applies once.
            self.commit_any(
                &mut row,
                &seats,
                next,
                seat.seat,
                action,
                &ctx.user_id,
                false,
                key.take(),
            )
            .await?;
        }
        let next = steps.last().map_or(game, |(_, g, _)| g.clone());
        let next = self
            .run_any_computers(&mut row, &seats, next, &mut played, lang)
            .await?;
        *guard = Some(super::Loaded {
            turn: row.turn,
            game: next.clone(),
            seats: seats.clone(),
        });
        drop(guard);
        let mut reply = self.any_turn_reply(&row, &seats, &next, played, lang).await;
        self.attach_final_replay(&row, &seats, &mut reply).await;
        if next.is_over()
            && let Err(e) = self.rate_game(row.id).await
        {
            // Rated later, before the next leaderboard is shown.
            tracing::warn!(game = %row.id, "rating a finished game: {e:?}");
        }
        Ok(reply)
    }

    /// The second step of a two-step choice: the actions of one piece (or column), as
    /// buttons for the asker alone; nothing changes.
    async fn pick_reply(&self, ctx: &Ctx, row: &GameRow, game: &AnyGame, key: &str) -> Res<Reply> {
        let quick = games::pick(game, key).ok_or_else(|| {
            ServiceError::User(UserError::Refused(
                game.parse_action(key)
                    .err()
                    .unwrap_or(labscape_core::AnyRefusal::OtherGame),
            ))
        })?;
        let lang = self.lang_for(ctx).await;
        let mut reply = Reply::private(tr!(lang, "any-pick", from = key));
        reply.quick = quick;
        reply.turn = Some((row.id, row.turn));
        Ok(reply)
    }

    /// `/status` of a running game other than Labscape: the story so far in one line and
    /// the image.
    pub(super) async fn any_status(&self, row: &GameRow, lang: Lang) -> Res<Reply> {
        let seats = self.store.seats(row.id).await?;
        let game = self.load_any(row).await?;
        let played = Played {
            actions: Vec::new(),
            story: vec![tr!(
                lang,
                "any-status",
                game = any_game_name(row.kind, row.id),
                turn = row.turn,
                players = names(&seats).join(", ")
            )],
        };
        let mut reply = self.any_turn_reply(row, &seats, &game, played, lang).await;
        reply.visibility = Visibility::Private;
        reply.mention.clear();
        reply.posts_turn = None;
        Ok(reply)
    }

    /// The current position: the latest snapshot and the actions after it.
    pub(super) async fn load_any(&self, row: &GameRow) -> Res<AnyGame> {
        let (start, steps) = self.any_steps_from(row, row.turn).await?;
        Ok(steps.into_iter().last().map_or(start, |s| s.game))
    }

    /// Every position of the game from its start, each with the action that led to it
    /// (none for the start), for a replay.
    pub(super) async fn any_pictures(
        &self,
        row: &GameRow,
        seats: &[SeatRow],
        lang: Lang,
    ) -> Res<Vec<BoardPicture>> {
        let (start, steps) = self.any_steps_from(row, 0).await?;
        let title = any_game_name(row.kind, row.id);
        let picture = |game: AnyGame, actions: Vec<AnyAction>| BoardPicture {
            game,
            actions,
            names: names(seats),
            title: title.clone(),
            lang,
        };
        let mut pictures = vec![picture(start, Vec::new())];
        pictures.extend(steps.into_iter().map(|s| picture(s.game, vec![s.action])));
        Ok(pictures)
    }

    /// Commits one action in one transaction: the action, a snapshot when due, the next
    /// turn's timers, and every seat's result when it ends the game.
    #[allow(clippy::too_many_arguments)]
    async fn commit_any(
        &self,
        row: &mut GameRow,
        seats: &[SeatRow],
        next: &AnyGame,
        seat: u8,
        action: &AnyAction,
        sender: &str,
        automatic: bool,
        message: Option<MessageKey>,
    ) -> Res<()> {
        let new_turn = row.turn + 1;
        let outcome = next.outcome();
        let status = if outcome.is_some() {
            GameStatus::Over
        } else {
            GameStatus::Running
        };
        let results = outcome
            .map(|o| {
                o.placings
                    .iter()
                    .filter_map(|p| {
                        let s = seats.get(p.seat.index())?;
                        Some(ResultRow {
                            seat: s.seat,
                            user_id: s.user_id.clone(),
                            display_name: s.display_name.clone(),
                            computer: s.policy.is_some(),
                            rank: p.rank,
                            finish: p.finish.to_string(),
                            tally: None,
                        })
                    })
                    .collect()
            })
            .unwrap_or_default();
        let write = TurnWrite {
            game: row.id,
            expected_turn: row.turn,
            action: ActionRow {
                seq: new_turn,
                seat,
                action: action.to_string(),
                sender: sender.to_string(),
                automatic,
                at: self.clock.now(),
            },
            snapshot: (new_turn % SNAPSHOT_EVERY == 0 || next.is_over()).then(|| doc_json(next)),
            status,
            message,
            timer: self
                .timer_for_seat(row, seats, next.to_move(), new_turn)
                .await?,
            results,
        };
        self.store.append_turn(&write).await?;
        row.turn = new_turn;
        row.status = status;
        Ok(())
    }

    /// Computer players act as soon as it is their turn, through the same record; each
    /// draws from the game's seed and the turn number, so a replay chooses the same.
    async fn run_any_computers(
        &self,
        row: &mut GameRow,
        seats: &[SeatRow],
        mut game: AnyGame,
        played: &mut Played,
        lang: Lang,
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
            let Some(action) = game.choose(policy, &format!("{}/computer/{}", row.seed, row.turn))
            else {
                break;
            };
            let (next, events) = game
                .play(active, &action)
                .map_err(|e| corrupt(row, format!("computer player chose {action}: {e}")))?;
            played
                .story
                .extend(games::describe(&seat.display_name, &action, &events, lang));
            self.commit_any(
                row,
                seats,
                &next,
                seat.seat,
                &action,
                &seat.user_id,
                true,
                None,
            )
            .await?;
            played.actions.push(action);
            game = next;
        }
        Ok(game)
    }

    /// The reply after a turn: the story, who is next (or how it ended), the image, the
    /// buttons, the mention.
    pub(super) async fn any_turn_reply(
        &self,
        row: &GameRow,
        seats: &[SeatRow],
        game: &AnyGame,
        played: Played,
        lang: Lang,
    ) -> Reply {
        let title = any_game_name(row.kind, row.id);
        let mut text = format!("{title} · {}", row.turn);
        for line in &played.story {
            text.push('\n');
            text.push_str(line);
        }
        let who_next = game.to_move().and_then(|s| seats.get(s.index()));
        text.push('\n');
        match (game.outcome(), who_next) {
            (Some(o), _) => {
                text.push_str(&games::outcome_line(row.kind, &o, &names(seats), lang));
                text.push('\n');
                text.push_str(&tr!(
                    lang,
                    "game-over-seed",
                    seed = row.seed.as_str(),
                    hash = row.seed_hash.as_str()
                ));
            }
            (None, Some(s)) => text.push_str(&tr!(lang, "any-next", who = s.display_name.as_str())),
            (None, None) => {}
        }
        let mention = who_next
            .filter(|s| s.policy.is_none() && !game.is_over())
            .map(|s| Mention {
                user_id: s.user_id.clone(),
                name: s.display_name.clone(),
            })
            .into_iter()
            .collect();
        let image = match &self.renderer {
            Some(_) => {
                let picture = BoardPicture {
                    game: game.clone(),
                    actions: played.actions,
                    names: names(seats),
                    title,
                    lang,
                };
                tokio::task::spawn_blocking(move || games::image(&picture))
                    .await
                    .ok()
                    .flatten()
            }
            None => None,
        };
        Reply {
            text,
            image,
            files: Vec::new(),
            quick: games::quick_actions(game),
            mention,
            visibility: Visibility::Public,
            turn: Some((row.id, row.turn)),
            lang,
            posts_turn: Some((row.id, row.turn)),
            names: names(seats),
            repeated: false,
        }
    }
}

/// Whether `ctx`'s user is the one a challenge is addressed to: by user id, or by handle
/// (`@bo`, case aside).
pub(super) fn is_invited(invited: &str, ctx: &Ctx) -> bool {
    if invited == ctx.user_id {
        return true;
    }
    let Some(handle) = invited.strip_prefix('@') else {
        return false;
    };
    ctx.handle
        .as_deref()
        .is_some_and(|h| h.trim_start_matches('@').eq_ignore_ascii_case(handle))
        || ctx.user_id.eq_ignore_ascii_case(handle)
}

/// The seat order a lobby starts in when its creator chose a side (user ids; `None`: as
/// they joined). `random` is decided by the game's seed, so it is fixed from the start
/// and anyone can check it afterwards.
fn seat_order(row: &GameRow, seats: &[SeatRow]) -> Option<Vec<String>> {
    let side = row.creator_side.as_deref()?;
    let creator = seats.iter().position(|s| s.user_id == row.creator)?;
    let want = match side {
        "second" => 1,
        "random" => {
            let digest = labscape_core::commitment(&format!("side:{}", row.seed));
            digest
                .chars()
                .next()
                .and_then(|c| c.to_digit(16))
                .map_or(0, |d| (d & 1) as usize)
        }
        _ => 0,
    };
    if want >= seats.len() || want == creator {
        return None;
    }
    let mut order: Vec<String> = seats.iter().map(|s| s.user_id.clone()).collect();
    order.swap(creator, want);
    Some(order)
}

/// A step of a turn: the action, the position after it, its events.
type Step = (AnyAction, AnyGame, Vec<labscape_core::AnyEvent>);

/// Reads and plays what a player typed: one action (read as the chat reads it), or, when
/// the whole text is not one, several separated by spaces (`/play c3 c4 d5`: a turn of
/// several placements), all or nothing.
fn read_turn(game: &AnyGame, me: Seat, text: &str) -> Result<Vec<Step>, ServiceError> {
    let single = game
        .read_chat(text)
        .and_then(|a| game.play(me, &a).map(|(next, events)| (a, next, events)));
    let first_error = match single {
        Ok(step) => return Ok(vec![step]),
        Err(e) => e,
    };
    let parts: Vec<&str> = text.split_whitespace().collect();
    if parts.len() < 2 {
        return Err(ServiceError::User(UserError::Refused(first_error)));
    }
    let mut steps: Vec<Step> = Vec::new();
    let mut pos = game.clone();
    for (i, part) in parts.iter().enumerate() {
        let step = pos
            .read_chat(part)
            .and_then(|a| pos.play(me, &a).map(|(next, events)| (a, next, events)))
            .map_err(|e| {
                let part: String = part.chars().take(40).collect();
                ServiceError::User(UserError::RefusedPart(i + 1, part, e))
            })?;
        pos = step.1.clone();
        steps.push(step);
    }
    Ok(steps)
}

/// A game's position document as stored.
fn doc_json(game: &AnyGame) -> String {
    serde_json::to_string(game).expect("positions serialise")
}

/// Options as players read them: `stones=10`, or "standard" when there are none.
fn options_text(settings: &str) -> String {
    if settings.trim().is_empty() {
        "standard".into()
    } else {
        settings.to_string()
    }
}
