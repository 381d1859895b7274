//! The lobby: opening a game, taking and leaving seats, computer players, abandoning,
//! and starting (Labscape's lobby options here; other games' and the start in
//! `any_lobby.rs`).

use super::{
    Ctx, Deed, Difficulty, GameId, GameKind, GameStatus, GameStore, Layout, NewGame, NewOptions,
    OptionProblem, Policy, Position, Reply, Res, SeatRow, Service, SetupMode, StoreError,
    UserError, Variant, any_game_name, any_lobby, cap_name, commitment, default_policy, game_name,
    policy_names, tr,
};

impl<S: GameStore> Service<S> {
    pub(super) async fn new_game(&self, ctx: &Ctx, o: NewOptions) -> Res<Reply> {
        if let Some(row) = self.store.live_game(&ctx.scope).await? {
            return Err(UserError::GameHere(any_game_name(row.kind, row.id)).into());
        }
        if let Some(kind) = o.game.filter(|k| *k != GameKind::Labscape) {
            return self.new_any_lobby(ctx, kind, &o).await;
        }
        let layout_text = o.layout.unwrap_or_else(|| "pyramid".into());
        let layout =
            Layout::parse(&layout_text).map_err(|e| UserError::from(OptionProblem::Layout(e)))?;
        let difficulty = o.difficulty.unwrap_or_else(|| "medium".into());
        let d = Difficulty::from_name(&difficulty)
            .ok_or_else(|| UserError::from(OptionProblem::Difficulty(difficulty.clone())))?;
        let setup = o.setup.unwrap_or_else(|| "random".into());
        let s = SetupMode::from_name(&setup)
            .ok_or_else(|| UserError::from(OptionProblem::Setup(setup.clone())))?;
        let max = o.players.unwrap_or(8);
        if !(1..=8).contains(&max) {
            return Err(UserError::from(OptionProblem::Players(max)).into());
        }
        let seed = self.seed.clone().unwrap_or_else(crate::random_seed);
        // The creator's own language, not the chat's: it speaks for the game only while
        // the chat has no default.
        let creator_lang = self.own_lang(ctx).await;
        let new = NewGame {
            scope: ctx.scope.clone(),
            name: String::new(),
            kind: GameKind::Labscape,
            settings: <Position as labscape_core::Game>::options(&Variant {
                layout: layout.clone(),
                difficulty: d,
                setup: s,
            })
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join(" "),
            max_players: max,
            seed_hash: commitment(&seed),
            seed,
            creator: ctx.user_id.clone(),
            now: self.clock.now(),
            language: creator_lang.map(|l| l.tag().into()),
            invited: None,
            creator_side: None,
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
        Ok(Reply::text(tr!(
            lang,
            "lobby-open",
            game = game_name(id),
            layout = layout.source(),
            modules = layout.module_count(),
            floors = layout.floor_count(),
            difficulty = crate::games::labscape::difficulty_name(d, lang),
            setup = crate::games::labscape::setup_name(s.name(), lang),
            max = max,
            who = seat.display_name.as_str()
        )))
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
            && !any_lobby::is_invited(invited, ctx)
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
        let policy = if row.kind == GameKind::Labscape {
            let name = policy.unwrap_or_else(|| default_policy().name().to_string());
            Policy::from_name(&name)
                .ok_or_else(|| UserError::UnknownPolicy(name.clone(), policy_names()))?
                .name()
                .to_string()
        } else {
            let name = policy.unwrap_or_else(|| row.kind.default_policy().to_string());
            row.kind.policy(&name).ok_or_else(|| {
                UserError::UnknownPolicy(name.clone(), row.kind.policies().join(", "))
            })?
        };
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
