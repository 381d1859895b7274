//! The lobby of any game and its start: `/new GAME [options]` (a lobby, or a challenge to
//! one person), the lobby's `/status`, `/start` (the seats put in order, the game drawn
//! from its seed, its first post); and a game read back from its latest snapshot plus the
//! actions after it, for the status and replays of the board games. Labscape's own
//! lobby options are in `lobby.rs`.

use labscape_core::{AnyGame, GameKind, game::parse_options};

use super::{
    Ctx, NewOptions, Reply, Res, Service, ServiceError, cap_name,
    messages::UserError,
    turns::{Played, doc_json, names},
};
use crate::{
    games,
    i18n::tr,
    store::{GameId, GameRow, GameStatus, GameStore, NewGame, SeatRow, StoreError},
};

/// The display name of a game of `kind`.
pub fn any_game_name(kind: GameKind, id: GameId) -> String {
    format!("{} #{id}", kind.name())
}

fn corrupt(row: &GameRow, what: impl std::fmt::Display) -> ServiceError {
    ServiceError::Store(StoreError::Corrupt(format!("game {}: {what}", row.id)))
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
                options = games::options_text(&settings),
                max = max
            ),
            Some(opponent) => tr!(
                lang,
                "any-challenge",
                who = seat.display_name.as_str(),
                opponent = opponent.name.as_str(),
                game = any_game_name(kind, id),
                options = games::options_text(&settings)
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

    /// `/start`: the game drawn from its seed, its first post, and the computer players'
    /// turns if they start.
    pub(super) async fn start_game(&self, ctx: &Ctx, row: GameRow) -> Res<Reply> {
        let mut seats = self.store.seats(row.id).await?;
        if let Some(order) = seat_order(&row, &seats) {
            self.store.reseat(row.id, &order).await?;
            seats = self.store.seats(row.id).await?;
        }
        let options = parse_options(&row.settings).map_err(|e| corrupt(&row, e))?;
        let (game, events) = AnyGame::new_game(row.kind, &options, &names(&seats), &row.seed)
            .map_err(|e| match e {
                labscape_core::NewAnyError::Settings(e) => corrupt(&row, e),
                labscape_core::NewAnyError::Players(e) => {
                    ServiceError::User(UserError::BadOption(super::OptionProblem::CannotStart(e)))
                }
            })?;
        let slot = self.slot(row.id);
        let guard = slot.lock().await;
        let timer = self.timer_for_seat(&row, &seats, game.to_move(), 0).await?;
        self.store
            .start_game(row.id, &doc_json(&game), timer.as_ref(), self.clock.now())
            .await?;
        let mut row = row;
        row.status = GameStatus::Running;
        let lang = self.chat_lang(&ctx.scope, Some(&row)).await;
        let story = games::begins(
            &game,
            &any_game_name(row.kind, row.id),
            &row.seed_hash,
            &names(&seats),
            &events,
            lang,
        );
        let played = Played::told(story, events);
        self.finish_turn(row, seats, game, played, guard, lang)
            .await
    }

    /// The current position: the latest snapshot and the actions after it.
    pub(super) async fn load_any(&self, row: &GameRow) -> Res<AnyGame> {
        let (start, steps) = self.any_steps_from(row, row.turn).await?;
        Ok(steps.into_iter().last().map_or(start, |s| s.game))
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
