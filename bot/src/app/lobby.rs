//! The lobby: opening a game (its options read by the game, `games/`), taking and leaving
//! seats, challenges, computer players, abandoning. The start is in `start.rs`.

use super::{
    Ctx, Deed, GameId, GameStatus, GameStore, NewGame, NewOptions, OptionProblem, Reply, Res,
    SeatRow, Service, ServiceError, StoreError, UserError, any_game_name, cap_name, commitment, tr,
};
use crate::games;

impl<S: GameStore> Service<S> {
    /// `/new [GAME] [options]`: a lobby for the whole chat, or a challenge to one person
    /// (in a game that takes them); the creator takes the first seat.
    pub(super) async fn new_game(&self, ctx: &Ctx, o: NewOptions) -> Res<Reply> {
        if let Some(row) = self.store.live_game(&ctx.scope).await? {
            return Err(UserError::GameHere(any_game_name(row.kind, row.id)).into());
        }
        let kind = o.game.unwrap_or(games::DEFAULT_GAME);
        let settings = games::lobby_settings(kind, &o).map_err(|e| match e {
            games::OptionError::Labscape(p) => UserError::from(OptionProblem::Game(p)),
            games::OptionError::Settings(e) => UserError::GameOption(e),
        })?;
        let seats = kind
            .seats(&settings)
            .map_err(|e| ServiceError::User(UserError::GameOption(e)))?;
        let max = match o.players {
            None => *seats.end(),
            Some(n) if seats.contains(&usize::from(n)) => usize::from(n),
            Some(n) => {
                return Err(UserError::from(OptionProblem::Players {
                    value: n,
                    min: *seats.start(),
                    max: *seats.end(),
                })
                .into());
            }
        };
        let (opponent, side) = match games::takes_challenges(kind) {
            true => (o.opponent.as_ref(), o.side.as_deref()),
            false => (None, None),
        };
        let seed = self.seed.clone().unwrap_or_else(crate::random_seed);
        // The creator's own language, not the chat's: it speaks for the game only while
        // the chat has no default.
        let creator_lang = self.own_lang(ctx).await;
        let new = NewGame {
            scope: ctx.scope.clone(),
            name: String::new(),
            kind,
            settings: settings.clone(),
            max_players: u8::try_from(max).unwrap_or(8),
            seed_hash: commitment(&seed),
            seed,
            creator: ctx.user_id.clone(),
            now: self.clock.now(),
            language: creator_lang.map(|l| l.tag().into()),
            invited: opponent.map(|i| i.id.clone()),
            creator_side: side.map(str::to_string),
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
        let open = games::LobbyOpen {
            title: &any_game_name(kind, id),
            settings: &settings,
            max: new.max_players,
            who: &seat.display_name,
            opponent: opponent.map(|i| i.name.as_str()),
            side,
        };
        Ok(Reply::text(games::lobby_open(kind, &open, lang)))
    }

    pub(super) async fn lobby_list(&self, id: GameId) -> Res<String> {
        let seats = self.store.seats(id).await?;
        Ok(seats
            .iter()
            .map(|s| s.display_name.as_str())
            .collect::<Vec<_>>()
            .join(", "))
    }

    pub(super) async fn join(&self, ctx: &Ctx) -> Res<Reply> {
        let row = self.live(&ctx.scope).await?;
        if row.status != GameStatus::Lobby {
            return Err(UserError::AlreadyStarted.into());
        }
        if let Some(invited) = &row.invited
            && row.creator != ctx.user_id
            && !is_invited(invited, ctx)
        {
            return Err(UserError::NotInvited(invited.clone()).into());
        }
        let seat = SeatRow {
            seat: 0,
            user_id: ctx.user_id.clone(),
            display_name: cap_name(&ctx.user_name),
            policy: None,
        };
        match self.store.add_seat(row.id, &seat, row.max_players).await {
            Err(StoreError::AlreadySeated) => return Err(UserError::AlreadySeated.into()),
            Ok(false) => return Err(UserError::Full(row.max_players).into()),
            r => r?,
        };
        let list = self.lobby_list(row.id).await?;
        let lang = self.chat_lang(&ctx.scope, Some(&row)).await;
        Ok(Reply::text(tr!(
            lang,
            "lobby-joined",
            who = seat.display_name.as_str(),
            game = any_game_name(row.kind, row.id),
            seats = list
        )))
    }

    pub(super) async fn add_bot(&self, ctx: &Ctx, policy: Option<String>) -> Res<Reply> {
        let row = self.live(&ctx.scope).await?;
        if row.status != GameStatus::Lobby {
            return Err(UserError::AlreadyStarted.into());
        }
        if row.creator != ctx.user_id {
            return Err(UserError::NotCreator(Deed::AddBots).into());
        }
        if let Some(invited) = &row.invited {
            return Err(UserError::NotInvited(invited.clone()).into());
        }
        let policy = games::policy(row.kind, policy.as_deref())
            .map_err(|(name, known)| UserError::UnknownPolicy(name, known))?;
        let n = self.store.seats(row.id).await?.len() + 1;
        let seat = SeatRow {
            seat: 0,
            user_id: format!("bot:{policy}:{n}"),
            display_name: format!("Bot {n} ({policy})"),
            policy: Some(policy),
        };
        if !self.store.add_seat(row.id, &seat, row.max_players).await? {
            return Err(UserError::Full(row.max_players).into());
        }
        let list = self.lobby_list(row.id).await?;
        let lang = self.chat_lang(&ctx.scope, Some(&row)).await;
        Ok(Reply::text(tr!(
            lang,
            "lobby-bot-joined",
            who = seat.display_name.as_str(),
            seats = list
        )))
    }

    pub(super) async fn leave(&self, ctx: &Ctx) -> Res<Reply> {
        let row = self.live(&ctx.scope).await?;
        if row.status != GameStatus::Lobby {
            return Err(UserError::CannotLeave.into());
        }
        if !self.store.remove_seat(row.id, &ctx.user_id).await? {
            return Err(UserError::NotSeated.into());
        }
        let seats = self.store.seats(row.id).await?;
        let lang = self.chat_lang(&ctx.scope, Some(&row)).await;
        if seats.iter().all(|s| s.policy.is_some()) {
            self.store
                .set_status(row.id, GameStatus::Abandoned, self.clock.now())
                .await?;
            return Ok(Reply::text(tr!(
                lang,
                "lobby-left-closed",
                who = cap_name(&ctx.user_name),
                game = any_game_name(row.kind, row.id)
            )));
        }
        let list = self.lobby_list(row.id).await?;
        Ok(Reply::text(tr!(
            lang,
            "lobby-left",
            who = cap_name(&ctx.user_name),
            game = any_game_name(row.kind, row.id),
            seats = list
        )))
    }

    pub(super) async fn abandon(&self, ctx: &Ctx) -> Res<Reply> {
        let row = self.live(&ctx.scope).await?;
        if row.creator != ctx.user_id && !ctx.is_admin {
            return Err(UserError::NotCreatorOrAdmin(Deed::Abandon).into());
        }
        let slot = self.slot(row.id);
        let mut guard = slot.lock().await;
        self.store
            .set_status(row.id, GameStatus::Abandoned, self.clock.now())
            .await?;
        // A turn waiting for the lock reads the game again, and finds it abandoned.
        *guard = None;
        let lang = self.chat_lang(&ctx.scope, Some(&row)).await;
        let mut text = tr!(
            lang,
            "game-abandoned",
            game = any_game_name(row.kind, row.id)
        );
        if row.status == GameStatus::Running {
            text.push(' ');
            text.push_str(&tr!(
                lang,
                "game-abandoned-seed",
                seed = row.seed.as_str(),
                hash = row.seed_hash.as_str()
            ));
        }
        Ok(Reply::text(text))
    }

    pub(super) async fn start(&self, ctx: &Ctx) -> Res<Reply> {
        let row = self.live(&ctx.scope).await?;
        if row.status != GameStatus::Lobby {
            return Err(UserError::AlreadyStarted.into());
        }
        if row.creator != ctx.user_id {
            return Err(UserError::NotCreator(Deed::Start).into());
        }
        self.start_game(ctx, row).await
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
