//! Labscape's turn: an action checked and played on the cached position (`game_cache.rs`),
//! the turn committed, computer players, and the turn's reply with its image and buttons;
//! autocomplete suggestions for any game.
//! Labscape's words, buttons and record live in `games/labscape/`.

use super::{
    Action, ActionRow, Arc, Ctx, Dice, Event, GameId, GameKind, GameRow, GameStatus, GameStore,
    Lang, Loaded, Mention, MessageKey, Picture, Policy, Position, Reply, Res, SNAPSHOT_EVERY, Seat,
    SeatRow, Service, ServiceError, StoreError, Suggestions, TurnImageKey, TurnWrite, UserError,
    Variant, Visibility, any_game_name, timers, tr, who_from_prefs,
};
use crate::games::{self, labscape::quick_actions};

impl<S: GameStore> Service<S> {
    /// What the caller may play now in their chat's game: empty unless it is their turn.
    pub async fn suggestions(&self, ctx: &Ctx) -> Suggestions {
        let Ok(Some(row)) = self.store.live_game(&ctx.scope).await else {
            return Suggestions::default();
        };
        let policies = row.kind.policies().iter().map(|p| p.to_string()).collect();
        if row.status != GameStatus::Running {
            return Suggestions {
                policies,
                ..Suggestions::default()
            };
        }
        let Ok(seats) = self.store.seats(row.id).await else {
            return Suggestions::default();
        };
        let Some(seat) = seats.iter().find(|s| s.user_id == ctx.user_id) else {
            return Suggestions::default();
        };
        if row.kind != GameKind::Labscape {
            return match self.load_any(&row).await {
                Ok(game) if game.may_act(Seat(seat.seat)) => Suggestions {
                    actions: game
                        .legal_actions()
                        .iter()
                        .map(ToString::to_string)
                        .collect(),
                    ..Suggestions::default()
                },
                _ => Suggestions::default(),
            };
        }
        let Ok(pos) = self.position(&row).await else {
            return Suggestions::default();
        };
        games::labscape::suggestions(&pos, Seat(seat.seat))
    }

    /// The current position of a game, if it has started.
    pub async fn position_of(&self, id: GameId) -> Option<Position> {
        let row = self.store.game(id).await.ok()??;
        if row.status == GameStatus::Lobby {
            return None;
        }
        self.position(&row).await.ok()
    }

    /// The position of a running game (cached, or loaded from its latest snapshot plus
    /// the actions after it).
    pub(super) async fn position(&self, row: &GameRow) -> Res<Position> {
        if row.kind != GameKind::Labscape {
            return Err(UserError::LabscapeOnly(any_game_name(row.kind, row.id)).into());
        }
        let slot = self.slot(row.id);
        let mut guard = slot.lock().await;
        let fresh = self
            .store
            .game(row.id)
            .await?
            .ok_or(ServiceError::User(UserError::NoGame))?;
        self.ensure_loaded(&fresh, &mut guard).await?;
        Ok(guard.as_ref().expect("loaded").pos().clone())
    }

    pub(super) async fn play(
        &self,
        ctx: &Ctx,
        text: &str,
        expected: Option<i64>,
        key: Option<MessageKey>,
    ) -> Res<Reply> {
        let row = self.live(&ctx.scope).await?;
        if row.status == GameStatus::Lobby {
            return Err(UserError::NotStarted.into());
        }
        if row.kind != GameKind::Labscape {
            return self.play_any(ctx, row, text, expected, key).await;
        }
        let slot = self.slot(row.id);
        let mut guard = slot.lock().await;
        let mut row = self.locked_row(row, &guard).await?;
        let seats = self.seats_at(&row, &guard).await?;
        let seat = seats
            .iter()
            .find(|s| s.user_id == ctx.user_id)
            .ok_or(ServiceError::User(UserError::NotSeated))?;
        let action = Action::parse(text).map_err(UserError::from)?;
        if row.status != GameStatus::Running {
            return Err(UserError::NoGame.into());
        }
        if expected.is_some_and(|t| t != row.turn) {
            return Err(UserError::MovedOn.into());
        }
        self.load_with(&row, seats.clone(), &mut guard).await?;
        let loaded = guard.as_mut().expect("loaded");
        let (next, events) = loaded
            .pos()
            .after(Some(Seat(seat.seat)), &action)
            .map_err(UserError::from)?;
        let lang = self.chat_lang(&row.scope, Some(&row)).await;
        let mut story = crate::games::labscape::describe(&events, &display_names(&seats), lang);
        self.commit_turn(
            &mut row,
            &seats,
            loaded,
            next,
            &events,
            seat.seat,
            &action,
            &ctx.user_id,
            false,
            key,
        )
        .await?;
        let mut all_events = events;
        self.run_computer_players(&mut row, &seats, loaded, &mut story, &mut all_events, lang)
            .await?;
        let mut reply = self
            .turn_reply(
                &row,
                &seats,
                loaded.pos(),
                loaded.turn,
                story,
                &all_events,
                lang,
            )
            .await;
        drop(guard);
        self.attach_final_replay(&row, &seats, &mut reply).await;
        Ok(reply)
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) async fn commit_turn(
        &self,
        row: &mut GameRow,
        seats: &[SeatRow],
        loaded: &mut Loaded,
        next: Position,
        events: &[Event],
        seat: u8,
        action: &Action,
        sender: &str,
        automatic: bool,
        message: Option<MessageKey>,
    ) -> Res<()> {
        let new_turn = row.turn + 1;
        let (status, results) = if next.is_over() {
            (
                GameStatus::Over,
                self.final_results(row, seats, &next, events).await?,
            )
        } else {
            (GameStatus::Running, Vec::new())
        };
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
            snapshot: (new_turn % SNAPSHOT_EVERY == 0 || next.is_over()).then(|| doc_json(&next)),
            status,
            message,
            timer: self.timer_for(row, seats, &next, new_turn).await?,
            results,
        };
        self.store.append_turn(&write).await?;
        row.turn = new_turn;
        row.status = status;
        loaded.turn = new_turn;
        loaded.game = labscape_core::AnyGame::Labscape(next);
        Ok(())
    }

    /// Computer players act as soon as it is their turn, through the same record.
    pub(super) async fn run_computer_players(
        &self,
        row: &mut GameRow,
        seats: &[SeatRow],
        loaded: &mut Loaded,
        story: &mut Vec<String>,
        all_events: &mut Vec<Event>,
        lang: Lang,
    ) -> Res<()> {
        for _ in 0..2000 {
            let Some(active) = loaded.pos().active() else {
                break;
            };
            let Some(seat) = seats.get(active.index()) else {
                break;
            };
            let Some(policy) = seat.policy.as_deref().and_then(Policy::from_name) else {
                break;
            };
            let mut rng = Dice::from_seed(&format!("{}/computer/{}", row.seed, row.turn));
            let Some(action) = policy.choose(loaded.pos(), &mut rng) else {
                break;
            };
            let (next, events) = loaded.pos().after(Some(active), &action).map_err(|e| {
                ServiceError::Store(StoreError::Corrupt(format!(
                    "computer player chose {action}: {e}"
                )))
            })?;
            story.extend(crate::games::labscape::describe(
                &events,
                &display_names(seats),
                lang,
            ));
            self.commit_turn(
                row,
                seats,
                loaded,
                next,
                &events,
                seat.seat,
                &action,
                &seat.user_id,
                true,
                None,
            )
            .await?;
            all_events.extend(events);
        }
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) async fn turn_reply(
        &self,
        row: &GameRow,
        seats: &[SeatRow],
        pos: &Position,
        turn: i64,
        story: Vec<String>,
        events: &[Event],
        lang: Lang,
    ) -> Reply {
        let name = any_game_name(row.kind, row.id);
        let mut text = crate::games::labscape::heading(&name, turn, lang);
        for line in story {
            text.push('\n');
            text.push_str(&line);
        }
        let next = crate::games::labscape::next_up(pos, lang);
        if !next.is_empty() {
            text.push('\n');
            text.push_str(&next);
        }
        if pos.is_over() {
            text.push('\n');
            text.push_str(&tr!(
                lang,
                "game-over-seed",
                seed = row.seed.as_str(),
                hash = row.seed_hash.as_str()
            ));
        }
        let mention = pos
            .active()
            .and_then(|s| seats.get(s.index()))
            .filter(|s| s.policy.is_none())
            .map(|s| Mention {
                user_id: s.user_id.clone(),
                name: s.display_name.clone(),
            })
            .into_iter()
            .collect();
        let image = match &self.renderer {
            Some(r) => {
                // The turn is committed: a note that cannot be read is left off the image.
                let notes = self.away_notes(row, seats, lang).await.unwrap_or_else(|e| {
                    tracing::warn!(game = %row.id, error = ?e, "away notes for the image");
                    Vec::new()
                });
                let key = TurnImageKey {
                    turn,
                    lang,
                    notes: notes.clone(),
                };
                // A reply that tells no turn (`/status`) shows the image of the turn as it
                // was posted, drawn once.
                let cached = events
                    .is_empty()
                    .then(|| self.turn_images.get(row.id, &key));
                match cached.flatten() {
                    Some(png) => Some(png.as_ref().clone()),
                    None => {
                        let picture = Picture {
                            position: pos.clone(),
                            events: events.to_vec(),
                            title: name.clone(),
                            notes,
                            lang,
                        };
                        let r = r.clone();
                        let png = tokio::task::spawn_blocking(move || r(&picture))
                            .await
                            .ok()
                            .filter(|png| !png.is_empty());
                        if let Some(png) = &png {
                            self.turn_images.put(row.id, key, Arc::new(png.clone()));
                        }
                        png
                    }
                }
            }
            None => None,
        };
        Reply {
            text,
            image,
            files: Vec::new(),
            quick: quick_actions(pos, lang),
            mention,
            visibility: Visibility::Public,
            turn: Some((row.id, turn)),
            lang,
            posts_turn: Some((row.id, turn)),
            names: display_names(seats),
            repeated: false,
        }
    }

    /// Per seat, in seat order: "away until …" (in the player's own time zone) for players
    /// away now, for `/status` and the turn image's player table.
    pub(super) async fn away_notes(
        &self,
        row: &GameRow,
        seats: &[SeatRow],
        lang: Lang,
    ) -> Res<Vec<Option<String>>> {
        let now = self.clock.now();
        let mut notes = Vec::with_capacity(seats.len());
        for s in seats {
            let p = self.store.prefs(&row.scope.platform, &s.user_id).await?;
            let who = who_from_prefs(&p);
            notes.push(p.away_until.filter(|a| *a > now).map(|a| {
                tr!(
                    lang,
                    "note-away",
                    until = timers::format_time(a, who.tz, lang)
                )
            }));
        }
        Ok(notes)
    }
}

/// A stored Labscape game's settings, read from its options text.
pub(super) fn variant(row: &GameRow) -> Res<Variant> {
    labscape_core::game::parse_options(&row.settings)
        .and_then(|o| <Position as labscape_core::Game>::settings(&o))
        .map_err(|e| {
            ServiceError::Store(StoreError::Corrupt(format!(
                "game {}: settings “{}”: {e}",
                row.id, row.settings
            )))
        })
}

pub(super) fn doc_json(pos: &Position) -> String {
    serde_json::to_string(&pos.to_doc()).expect("documents serialise")
}

pub(super) fn display_names(seats: &[SeatRow]) -> Vec<String> {
    seats.iter().map(|s| s.display_name.clone()).collect()
}
